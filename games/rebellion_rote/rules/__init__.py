"""The rules, one module per phase or mechanic.

* :mod:`.setup`: set-up, from the mission-set choice to the secret base.
* :mod:`.assignment`: the Assignment Phase.
* :mod:`.command`: the Command Phase: turns, activation, movement, base reveal.
* :mod:`.missions`: revealing missions, opposition, the roll-off, the effects.
* :mod:`.projects`: the Imperial project deck and the project cards' effects.
* :mod:`.mission_deck`: the mission decks; :mod:`.imperial_missions`: the Imperial deck's
  cards; :mod:`.base_clues`: what the Rebels were made to say of their hidden base.
* :mod:`.rebel_missions`: the Rebel mission deck's cards; :mod:`.rings`: attachment rings
  that act in play (the Master Yoda ring).
* :mod:`.roe_missions`: what the Rise of the Empire mission cards share (Subversion,
  recruiting, leaders back to the pool); :mod:`.roe_imperial_missions` and
  :mod:`.roe_rebel_missions`: each side's Rise of the Empire mission cards.
* :mod:`.destroyed`: a destroyed system (Superlaser Online).
* :mod:`.aftermath`: what follows a change of the board (an activation's subjugation
  step, rescue, the base reveal, the Empire's win), wherever it happens; subjugation
  itself follows every change of loyalty and units at once (:mod:`..board`).
* :mod:`.mobilization`: Rapid Mobilization, at the end of the Command Phase.
* :mod:`.objectives`: the objective deck and hand (set-up, hidden order, drawing,
  per-stage re-deal) and Infiltration.
* :mod:`.objective_play`: playing objectives: conditions, windows, reputation, the
  cards' abilities, the Immediate cards and their target markers.
* :mod:`.markers`: target markers: placing, removing (the checkpoints), destroyed systems.
* :mod:`.combat`: Cinematic Combat, a package with one module per mechanic (flow and
  rounds, leaders, tactic cards, abilities, attacks, damage, retreat, after the retreat).
* :mod:`.refresh`: the Refresh Phase.
* :mod:`.recruit`: recruiting leaders with action cards (the Refresh Phase's recruit icon).
* :mod:`.action_cards`: playing action cards from the hand in their windows.
* :mod:`.assignment_cards`: the Assignment action cards.
* :mod:`.rebel_cards`: the Rebel action cards with windows of their own (Immediate,
  Assignment and Special cards).
* :mod:`.imperial_cards`: the Empire's Assignment, Special and Immediate action cards.
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
    CellDiscard,
    ChooseBase,
    ChooseDsucSystem,
    ChooseMissionSet,
    ChooseOption,
    CommandTurn,
    DeployUnits,
    DestroyQueued,
    DiscardMission,
    DiscardObjectives,
    EliminateLeader,
    KeepActionCard,
    LoseGroundUnits,
    MissionLeader,
    MissionSystem,
    MissionTarget,
    MoveUnits,
    NewBase,
    ObjectiveLeader,
    OpposeMission,
    PlaceObjectives,
    PlaceTargetMarker,
    PlaceUnits,
    PlansTarget,
    PlayObjective,
    RapidMobilization,
    RecruitLeader,
    RemoveMarkers,
    ReplaceUnit,
    SecondLeader,
    SeizeControl,
)
from . import (
    action_cards,
    assignment,
    assignment_cards,
    combat,
    command,
    destroyed,
    imperial_cards,
    imperial_missions,
    markers,
    missions,
    mobilization,
    objective_play,
    objectives,
    projects,
    rebel_cards,
    rebel_missions,
    recruit,
    refresh,
    rings,
    roe_imperial_missions,
    roe_missions,
    roe_rebel_missions,
    setup,
)

__all__ = ["HANDLERS"]


HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    ChooseMissionSet: (setup.legal_mission_set, setup.apply_mission_set),
    ChooseDsucSystem: (setup.legal_dsuc, setup.apply_dsuc),
    PlaceUnits: (setup.legal_place, setup.apply_place),
    ChooseBase: (setup.legal_base, setup.apply_base),
    AssignMission: (assignment.legal_assign, assignment.apply_assign),
    MissionLeader: (assignment.legal_leader, assignment.apply_leader),
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
    **imperial_missions.HANDLERS,
    RapidMobilization: (mobilization.legal_mobilization, mobilization.apply_mobilization),
    NewBase: (mobilization.legal_new_base, mobilization.apply_new_base),
    PlaceObjectives: (objectives.legal_place, objectives.apply_place),
    PlayObjective: (objective_play.legal_play, objective_play.apply_play),
    PlansTarget: (objective_play.legal_plans_target, objective_play.apply_plans_target),
    ObjectiveLeader: (objective_play.legal_leader, objective_play.apply_leader),
    SeizeControl: (objective_play.legal_seize, objective_play.apply_seize),
    DiscardObjectives: (objective_play.legal_discard, objective_play.apply_discard),
    DestroyQueued: (objective_play.legal_queued, objective_play.apply_queued),
    PlaceTargetMarker: (objective_play.legal_marker, objective_play.apply_marker),
    CellDiscard: (objective_play.legal_cell, objective_play.apply_cell),
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
    **roe_missions.HANDLERS,
    **roe_imperial_missions.HANDLERS,
    **roe_rebel_missions.HANDLERS,
    **rings.HANDLERS,
    **action_cards.HANDLERS,
    **assignment_cards.HANDLERS,
    **rebel_cards.HANDLERS,
    **imperial_cards.HANDLERS,
}
