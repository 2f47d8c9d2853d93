"""What happens, as events. Private events carry ``to`` and a public form."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Event
from tabletop.events import Drew, DrewCount
from tabletop.model import card_field

__all__ = [
    "EVENT_CLASSES",
    "Destroyed",
    "Drew",
    "DrewCount",
    "Eliminated",
    "Fired",
    "GameEnded",
    "HandToBottom",
    "Moved",
    "MulliganChosen",
    "MulliganMade",
    "MulligansRevealed",
    "Placed",
    "Stayed",
    "WaveStarted",
    "stayed",
]


@attrs.frozen(kw_only=True)
class MulliganChosen(Event):
    """A player's mulligan answer (hidden until all have answered)."""

    kind: ClassVar[str] = "mulligan_chosen"
    player: int
    redraw: bool

    def public(self) -> Event:
        return MulliganMade(player=self.player)


@attrs.frozen(kw_only=True)
class MulliganMade(Event):
    kind: ClassVar[str] = "mulligan_made"
    player: int


@attrs.frozen(kw_only=True)
class MulligansRevealed(Event):
    kind: ClassVar[str] = "mulligans_revealed"
    redraws: tuple[bool, ...]


@attrs.frozen(kw_only=True)
class HandToBottom(Event):
    kind: ClassVar[str] = "hand_to_bottom"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class WaveStarted(Event):
    kind: ClassVar[str] = "wave_started"
    wave: int
    initiative: int


@attrs.frozen(kw_only=True)
class Placed(Event):
    """A ship played from the hand onto the grid."""

    kind: ClassVar[str] = "placed"
    player: int
    card: int = card_field()
    x: int
    y: int


@attrs.frozen(kw_only=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    player: int
    card: int = card_field()
    x: int
    y: int


@attrs.frozen(kw_only=True)
class Stayed(Event):
    kind: ClassVar[str] = "stayed"
    player: int
    card: int = card_field()


_STAYED: dict[int, Stayed] = {}
"""One shared ``Stayed`` per card (events are frozen)."""


def stayed(player: int, card: int) -> Stayed:
    """``Stayed(player=player, card=card)``, made once per card and shared."""
    e = _STAYED.get(card)
    if e is None or e.player != player:
        e = _STAYED[card] = Stayed(player=player, card=card)
    return e


@attrs.frozen(kw_only=True)
class Fired(Event):
    kind: ClassVar[str] = "fired"
    card: int = card_field()
    target: int = card_field()
    damage: int
    total: int


@attrs.frozen(kw_only=True)
class Destroyed(Event):
    kind: ClassVar[str] = "destroyed"
    card: int = card_field()
    by: int
    victory: int


@attrs.frozen(kw_only=True)
class Eliminated(Event):
    kind: ClassVar[str] = "eliminated"
    player: int


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    reason: str
    winners: tuple[int, ...]


EVENT_CLASSES = [
    Drew,
    DrewCount,
    MulliganChosen,
    MulliganMade,
    MulligansRevealed,
    HandToBottom,
    WaveStarted,
    Placed,
    Moved,
    Stayed,
    Fired,
    Destroyed,
    Eliminated,
    GameEnded,
]
