"""The pending decisions: who decides now, and about what."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

__all__ = [
    "ActivateSystem",
    "AssignMission",
    "ChooseBase",
    "ChooseDsucSystem",
    "ChooseMissionSet",
    "Combat",
    "CommandTurn",
    "MissionSystem",
    "MissionTarget",
    "MoveUnits",
    "OpposeMission",
    "PlaceUnits",
    "Refresh",
    "SecondLeader",
]


@attrs.frozen(kw_only=True)
class ChooseMissionSet(Decision):
    """RR-04: choose the mission set, face down (RR-15: Rebels first)."""

    kind: ClassVar[str] = "choose_mission_set"


@attrs.frozen(kw_only=True)
class ChooseDsucSystem(Decision):
    """Rise of the Empire set-up: the remote system of the Death Star Under Construction."""

    kind: ClassVar[str] = "choose_dsuc_system"


@attrs.frozen(kw_only=True)
class PlaceUnits(Decision):
    """Place the starting units one at a time; ``remaining`` counts per unit type."""

    kind: ClassVar[str] = "place_units"
    remaining: tuple[int, ...]


@attrs.frozen(kw_only=True)
class ChooseBase(Decision):
    """The Rebel player secretly takes a probe card: the base's system."""

    kind: ClassVar[str] = "choose_base"


@attrs.frozen(kw_only=True)
class AssignMission(Decision):
    """Assignment Phase: assign a mission with a leader, or pass."""

    kind: ClassVar[str] = "assign_mission"


@attrs.frozen(kw_only=True)
class SecondLeader(Decision):
    """A second leader on the mission just assigned (the last slot), or close it."""

    kind: ClassVar[str] = "second_leader"


@attrs.frozen(kw_only=True)
class CommandTurn(Decision):
    """Command Phase: activate a system, or pass."""

    kind: ClassVar[str] = "command_turn"


@attrs.frozen(kw_only=True)
class ActivateSystem(Decision):
    """The system ``leader`` activates."""

    kind: ClassVar[str] = "activate_system"
    leader: int


@attrs.frozen(kw_only=True)
class MoveUnits(Decision):
    """Move units into ``system`` one at a time; ``spare[src]`` is the free transport
    capacity of the ships already moved from ``src``."""

    kind: ClassVar[str] = "move_units"
    system: int
    spare: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Combat(Decision):
    """A combat is due in ``system`` (both sides have units in one theater).

    ``after`` says how play goes on once it is over: ``"activation"`` (the
    activated system's subjugation, then the next turn) or ``"reveal"`` (the
    Rebels revealed their base at the start of their turn, which goes on).
    Cinematic Combat is the next part of the pack: until it is built this
    decision offers no action, so a game stops here.
    """

    kind: ClassVar[str] = "combat"
    system: int
    after: str = "activation"


@attrs.frozen(kw_only=True)
class Refresh(Decision):
    """The Refresh Phase is due. It is a later part of the pack: until it is built
    this decision offers no action, so a game stops here."""

    kind: ClassVar[str] = "refresh"


@attrs.frozen(kw_only=True)
class MissionSystem(Decision):
    """Choose the system of revealed mission ``card`` (an index into ``data.MISSIONS``)."""

    kind: ClassVar[str] = "mission_system"
    card: int
    leaders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class MissionTarget(Decision):
    """Choose the leader mission ``card`` is attempted against, in ``system``."""

    kind: ClassVar[str] = "mission_target"
    card: int
    system: int


@attrs.frozen(kw_only=True)
class OpposeMission(Decision):
    """The opponent of ``attacker`` may send one pool leader to oppose mission ``card``."""

    kind: ClassVar[str] = "oppose_mission"
    attacker: int
    card: int
    system: int
    target: int = -1
