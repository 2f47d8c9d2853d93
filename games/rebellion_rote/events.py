"""The events: what happened, and who may see it (RR-17)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Event, card_field

__all__ = [
    "Activated",
    "Assigned",
    "AssignedHidden",
    "BaseChosen",
    "BaseChosenHidden",
    "BaseRevealed",
    "CaptiveMoved",
    "DsucPlaced",
    "GameOver",
    "LoyaltyPlaced",
    "MissionSetChosen",
    "MissionSetHidden",
    "MissionSetsRevealed",
    "Moved",
    "Passed",
    "PhaseBegan",
    "ProbeRevealed",
    "Rescued",
    "SecondAssigned",
    "StartingMissions",
    "Subjugation",
    "UnitPlaced",
]


@attrs.frozen(kw_only=True)
class MissionSetChosen(Event):
    kind: ClassVar[str] = "mission_set_chosen"
    player: int
    roe: bool

    def public(self) -> Event:
        return MissionSetHidden(player=self.player)


@attrs.frozen(kw_only=True)
class MissionSetHidden(Event):
    kind: ClassVar[str] = "mission_set_hidden"
    player: int


@attrs.frozen(kw_only=True)
class MissionSetsRevealed(Event):
    kind: ClassVar[str] = "mission_sets_revealed"
    rebel_roe: bool
    imperial_roe: bool


@attrs.frozen(kw_only=True)
class ProbeRevealed(Event):
    """A probe card turned face up at set-up to place starting loyalty."""

    kind: ClassVar[str] = "probe_revealed"
    system: int


@attrs.frozen(kw_only=True)
class LoyaltyPlaced(Event):
    kind: ClassVar[str] = "loyalty_placed"
    system: int
    side: int
    subjugated: bool


@attrs.frozen(kw_only=True)
class DsucPlaced(Event):
    kind: ClassVar[str] = "dsuc_placed"
    system: int


@attrs.frozen(kw_only=True)
class UnitPlaced(Event):
    kind: ClassVar[str] = "unit_placed"
    side: int
    unit: int
    loc: int


@attrs.frozen(kw_only=True)
class BaseChosen(Event):
    kind: ClassVar[str] = "base_chosen"
    card: int = card_field()

    def public(self) -> Event:
        return BaseChosenHidden()


@attrs.frozen(kw_only=True)
class BaseChosenHidden(Event):
    kind: ClassVar[str] = "base_chosen_hidden"


@attrs.frozen(kw_only=True)
class StartingMissions(Event):
    kind: ClassVar[str] = "starting_missions"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class PhaseBegan(Event):
    kind: ClassVar[str] = "phase_began"
    phase: str
    round: int


@attrs.frozen(kw_only=True)
class Assigned(Event):
    kind: ClassVar[str] = "assigned"
    player: int
    card: int = card_field()
    leader: int

    def public(self) -> Event:
        return AssignedHidden(player=self.player, leader=self.leader)


@attrs.frozen(kw_only=True)
class AssignedHidden(Event):
    kind: ClassVar[str] = "assigned_hidden"
    player: int
    leader: int


@attrs.frozen(kw_only=True)
class SecondAssigned(Event):
    kind: ClassVar[str] = "second_assigned"
    player: int
    leader: int


@attrs.frozen(kw_only=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"
    player: int
    phase: str


@attrs.frozen(kw_only=True)
class Activated(Event):
    kind: ClassVar[str] = "activated"
    player: int
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    player: int
    unit: int
    src: int
    dst: int


@attrs.frozen(kw_only=True)
class CaptiveMoved(Event):
    kind: ClassVar[str] = "captive_moved"
    leader: int
    src: int
    dst: int


@attrs.frozen(kw_only=True)
class Rescued(Event):
    kind: ClassVar[str] = "rescued"
    leader: int
    dst: int


@attrs.frozen(kw_only=True)
class Subjugation(Event):
    kind: ClassVar[str] = "subjugation"
    system: int
    on: bool


@attrs.frozen(kw_only=True)
class BaseRevealed(Event):
    kind: ClassVar[str] = "base_revealed"
    card: int = card_field()


@attrs.frozen(kw_only=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: int
    reason: str
