"""The rules, one module per phase or mechanic.

* :mod:`.setup`: set-up, from the mission-set choice to the secret base.
* :mod:`.assignment`: the Assignment Phase.
* :mod:`.command`: the Command Phase: turns, activation, movement, base reveal.
* :mod:`.missions`: revealing missions, opposition, the roll-off, the effects.
* :mod:`.projects`: the Imperial project deck and the project cards' effects.
* :mod:`.rebel_missions`: the Rebel mission deck's cards; :mod:`.rings`: attachment rings
  that act in play (the Master Yoda ring).
* :mod:`.destroyed`: a destroyed system (Superlaser Online).
* :mod:`.aftermath`: what follows a change of the board (subjugation, rescue, the base
  reveal, the Empire's win), wherever it happens.
* :mod:`.mobilization`: Rapid Mobilization, at the end of the Command Phase.
* :mod:`.objectives`: the objective deck (set-up, hidden order, per-stage re-deal) and
  Infiltration.
* :mod:`.markers`: target markers: placing, removing (the checkpoints), destroyed systems.
* :mod:`.combat`: Cinematic Combat, a package with one module per mechanic (flow and
  rounds, leaders, tactic cards, abilities, attacks, damage, retreat, after the retreat).
* :mod:`.refresh`: the Refresh Phase.
* :mod:`.recruit`: recruiting leaders with action cards (the Refresh Phase's recruit icon).
* :mod:`.dice`: dice rolls and mission dice pools.
* :mod:`.units`: unit facts as flat tuples.

``HANDLERS`` maps each decision class to its legal-action and apply functions.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop import Action

from ..decisions import (
    ActivateSystem,
    AfterMissionRoll,
    AssignMission,
    BuildUnits,
    ChooseBase,
    ChooseDsucSystem,
    ChooseMissionSet,
    ChooseOption,
    CommandTurn,
    DeployUnits,
    DiscardMission,
    EliminateLeader,
    KeepActionCard,
    LoseGroundUnits,
    MissionSystem,
    MissionTarget,
    MoveUnits,
    NewBase,
    OpposeMission,
    PlaceObjectives,
    PlaceUnits,
    RapidMobilization,
    RecruitLeader,
    RemoveMarkers,
    ReplaceUnit,
    SecondLeader,
)
from . import (
    assignment,
    combat,
    command,
    destroyed,
    markers,
    missions,
    mobilization,
    objectives,
    projects,
    rebel_missions,
    recruit,
    refresh,
    setup,
)

__all__ = ["HANDLERS"]


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
    ChooseOption: (missions.legal_option, missions.apply_option),
    AfterMissionRoll: (missions.legal_after_roll, missions.apply_after_roll),
    LoseGroundUnits: (destroyed.legal_lose, destroyed.apply_lose),
    **projects.HANDLERS,
    RapidMobilization: (mobilization.legal_mobilization, mobilization.apply_mobilization),
    NewBase: (mobilization.legal_new_base, mobilization.apply_new_base),
    PlaceObjectives: (objectives.legal_place, objectives.apply_place),
    RemoveMarkers: (markers.legal_remove, markers.apply_remove),
    BuildUnits: (refresh.legal_build, refresh.apply_build),
    ReplaceUnit: (refresh.legal_replace, refresh.apply_replace),
    DeployUnits: (refresh.legal_deploy, refresh.apply_deploy),
    EliminateLeader: (refresh.legal_eliminate, refresh.apply_eliminate),
    RecruitLeader: (recruit.legal_recruit, recruit.apply_recruit),
    KeepActionCard: (recruit.legal_keep, recruit.apply_keep),
    DiscardMission: (refresh.legal_discard, refresh.apply_discard),
    **combat.HANDLERS,
    **rebel_missions.HANDLERS,
}
