"""The rules, one module per phase or mechanic.

* :mod:`.setup`: set-up, from the mission-set choice to the secret base.
* :mod:`.assignment`: the Assignment Phase.
* :mod:`.command`: the Command Phase: turns, activation, movement, base reveal.
* :mod:`.missions`: revealing missions, opposition, the roll-off, the effects.
* :mod:`.combat`: Cinematic Combat.
* :mod:`.dice`: dice rolls and mission dice pools.
* :mod:`.units`: unit facts as flat tuples.

``HANDLERS`` maps each decision class to its legal-action and apply functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop import Action

from ..decisions import (
    ActivateSystem,
    AssignMission,
    ChooseBase,
    ChooseDsucSystem,
    ChooseMissionSet,
    CommandTurn,
    MissionSystem,
    MissionTarget,
    MoveUnits,
    OpposeMission,
    PlaceUnits,
    Refresh,
    SecondLeader,
)
from . import assignment, combat, command, missions, setup

__all__ = ["HANDLERS"]


def _not_built(s: Any, d: Any) -> list[Action]:
    """The Refresh Phase is a later part of the pack: no action yet."""
    return []


def _never(s: Any, d: Any, a: Action) -> None:
    raise AssertionError("no action is legal here yet")


HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    ChooseMissionSet: (setup.legal_mission_set, setup.apply_mission_set),
    ChooseDsucSystem: (setup.legal_dsuc, setup.apply_dsuc),
    PlaceUnits: (setup.legal_place, setup.apply_place),
    ChooseBase: (setup.legal_base, setup.apply_base),
    AssignMission: (assignment.legal_assign, assignment.apply_assign),
    SecondLeader: (assignment.legal_second, assignment.apply_second),
    CommandTurn: (command.legal_turn, command.apply_turn),
    ActivateSystem: (command.legal_activate, command.apply_activate),
    MoveUnits: (command.legal_move, command.apply_move),
    MissionSystem: (missions.legal_system, missions.apply_system),
    MissionTarget: (missions.legal_target, missions.apply_target),
    OpposeMission: (missions.legal_oppose, missions.apply_oppose),
    Refresh: (_not_built, _never),
    **combat.HANDLERS,
}
