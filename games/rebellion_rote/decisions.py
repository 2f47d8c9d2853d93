"""The pending decisions: who decides now, and about what."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

__all__ = [
    "ActionCardWindow",
    "ActionDestroy",
    "ActionRetrieve",
    "ActionTheater",
    "ActivateSystem",
    "AdminBuild",
    "AdminReplace",
    "AdvanceQueue",
    "AfterMissionRoll",
    "AidLoyalty",
    "AllianceBuild",
    "AllianceReplace",
    "AssignCardLeader",
    "AssignCardSystem",
    "AssignDamage",
    "AssignDestroy",
    "AssignMission",
    "AttachRing",
    "AttackActions",
    "BaitMove",
    "BaseMove",
    "BeaconPlacement",
    "BottomObjective",
    "BountyLeader",
    "BuildUnits",
    "C3POChoice",
    "CardDamage",
    "CardDestroy",
    "CardLeader",
    "CardRepair",
    "CardRing",
    "CardWindow",
    "CellDiscard",
    "ChooseAbility",
    "ChooseBase",
    "ChooseCaptive",
    "ChooseDsucSystem",
    "ChooseLeader",
    "ChooseMisdirected",
    "ChooseMissionSet",
    "ChooseOption",
    "ChooseRingLeader",
    "ChooseTactic",
    "ClosestSystem",
    "Combat",
    "CommandTurn",
    "ConquestMove",
    "ConvertHits",
    "DamageSink",
    "DamageSource",
    "DemolishQueue",
    "DeployUnits",
    "DesperateSearch",
    "DestroyByHealth",
    "DestroyQueued",
    "DiscardMission",
    "DiscardObjectives",
    "DiscardRebelMission",
    "DiscreditChoice",
    "DiscreditReroll",
    "EarlyPromotion",
    "EliminateLeader",
    "EvacuateMove",
    "ExplosivesDestroy",
    "ExtremistChoice",
    "FacilityUnit",
    "FactoryBuild",
    "FactoryReplace",
    "FailDestroy",
    "FalconFollow",
    "FalconRescue",
    "FalseOrdersTarget",
    "FalseOrdersWindow",
    "FightForObjective",
    "FightForWindow",
    "FollowRescued",
    "GainChoice",
    "GainGround",
    "GainUnits",
    "HavenDeploy",
    "HeistMarker",
    "HideProbe",
    "IndependentMove",
    "KeepActionCard",
    "KeepMission",
    "KeepObjective",
    "KeepProject",
    "LoseGroundUnits",
    "LoyaltyInRegion",
    "MightDeploy",
    "MillionAttack",
    "MillionDiscredit",
    "MillionMission",
    "MillionPlans",
    "MissionDestroy",
    "MissionDiceWindow",
    "MissionLeader",
    "MissionSystem",
    "MissionTarget",
    "MoveUnits",
    "NameBaseSystems",
    "NameRegion",
    "ObjectiveLeader",
    "OpposeMission",
    "OrderObjectives",
    "OverseeDeploy",
    "PlaceObjectives",
    "PlaceProbe",
    "PlaceTargetMarker",
    "PlaceUnits",
    "PlansReroll",
    "PlansTarget",
    "PlayObjective",
    "ProjectSearch",
    "PromotionPlace",
    "PullLeader",
    "RadarKeep",
    "RadarRest",
    "RaidQueue",
    "ReadyLeader",
    "ReassignLeader",
    "ReassignMission",
    "RecoverMission",
    "RecruitHere",
    "RecruitLeader",
    "RegionLoyalty",
    "RemoveMarkers",
    "ReplaceUnit",
    "RetreatChoice",
    "RetreatTo",
    "RetreatUnits",
    "Retrieve",
    "RogueOne",
    "ScoutMove",
    "SecondLeader",
    "SeizeControl",
    "SonSearch",
    "SonWindow",
    "SpendSpecial",
    "SurpriseMove",
    "SweepClosest",
    "UndercoverLeader",
    "UndercoverWindow",
    "VaderOrders",
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
class MissionLeader(Decision):
    """The leader put on the mission card just put face down (the last of the player's
    assigned cards: a hidden card is named by no decision, so that a re-deal of the hidden
    cards keeps the decision true)."""

    kind: ClassVar[str] = "mission_leader"


@attrs.frozen(kw_only=True)
class SecondLeader(Decision):
    """A second leader on the mission just assigned (the last slot), or close it."""

    kind: ClassVar[str] = "second_leader"


@attrs.frozen(kw_only=True)
class CommandTurn(Decision):
    """Command Phase: activate a system, reveal a face-down mission (or the base, or a
    card in play that allows it), or pass."""

    kind: ClassVar[str] = "command_turn"


@attrs.frozen(kw_only=True)
class ActivateSystem(Decision):
    """The leader that activates ``system``."""

    kind: ClassVar[str] = "activate_system"
    system: int


@attrs.frozen(kw_only=True)
class MoveUnits(Decision):
    """Move units into ``system`` one at a time; ``spare[src]`` is the free transport
    capacity of the ships already moved from ``src``."""

    kind: ClassVar[str] = "move_units"
    system: int
    spare: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Combat(Decision):
    """A combat in ``system`` begins: ``player`` may add a leader from the pool.

    ``after`` says how play goes on once the combat is over: ``"activation"`` (the
    activated system's subjugation and rescue, then the next turn) or ``"reveal"``
    (the Rebels revealed their base at the start of their turn, which goes on).
    """

    kind: ClassVar[str] = "combat"
    system: int
    after: str = "activation"


@attrs.frozen(kw_only=True)
class ChooseTactic(Decision):
    """Choose a tactic card of ``theater`` (face down unless ``extra``)."""

    kind: ClassVar[str] = "choose_tactic"
    theater: int
    extra: bool = False


@attrs.frozen(kw_only=True)
class ChooseAbility(Decision):
    """Resolve the top or bottom ability of tactic ``card`` (an index), or neither."""

    kind: ClassVar[str] = "choose_ability"
    card: int
    extra: bool = False
    first: bool = False
    """The defender picks before the current player (his card can cancel)."""


@attrs.frozen(kw_only=True)
class Retrieve(Decision):
    """A Shield Generator: take one card back from the ground discard, or not."""

    kind: ClassVar[str] = "retrieve"
    left: int


@attrs.frozen(kw_only=True)
class CardDamage(Decision):
    """Deal ``left`` more damage of a tactic ``card`` (an index), one at a time.

    ``unit`` / ``damage`` pin the one figure the card names once it is chosen.
    """

    kind: ClassVar[str] = "card_damage"
    card: int
    effect: int
    left: int
    unit: int = -1
    damage: int = -1


@attrs.frozen(kw_only=True)
class CardDestroy(Decision):
    """Destroy ``left`` more enemy figures with tactic ``card`` (an index)."""

    kind: ClassVar[str] = "card_destroy"
    card: int
    effect: int
    left: int


@attrs.frozen(kw_only=True)
class CardRepair(Decision):
    """Remove up to ``left`` more damage from own units (``card``'s ``effect``)."""

    kind: ClassVar[str] = "card_repair"
    card: int
    effect: int
    left: int


@attrs.frozen(kw_only=True)
class GainChoice(Decision):
    """The unit type a tactic ``card`` (an index) gains here."""

    kind: ClassVar[str] = "gain_choice"
    card: int
    effect: int


@attrs.frozen(kw_only=True)
class DamageSink(Decision):
    """The one figure of the named type that a tactic ``card`` moves damage onto."""

    kind: ClassVar[str] = "damage_sink"
    card: int
    effect: int


@attrs.frozen(kw_only=True)
class DamageSource(Decision):
    """Move 1 more damage (of ``left``) from another own ground figure onto (unit, damage)."""

    kind: ClassVar[str] = "damage_source"
    card: int
    left: int
    unit: int
    damage: int


@attrs.frozen(kw_only=True)
class ChooseLeader(Decision):
    """A tactic card's end-of-round ability: the enemy leader in the system it takes
    (``why``: "capture" or "confront")."""

    kind: ClassVar[str] = "choose_leader"
    why: str
    card: int


@attrs.frozen(kw_only=True)
class AttackActions(Decision):
    """Combat actions of an attack: the leader reroll, specials that remove damage."""

    kind: ClassVar[str] = "attack_actions"
    theater: int


@attrs.frozen(kw_only=True)
class SpendSpecial(Decision):
    """The unit a spent special die of ``colour`` removes 1 damage from."""

    kind: ClassVar[str] = "spend_special"
    theater: int
    colour: str


@attrs.frozen(kw_only=True)
class AssignDamage(Decision):
    """Assign die ``die`` of the attack (a hit or direct hit) to an enemy figure."""

    kind: ClassVar[str] = "assign_damage"
    theater: int
    die: int


@attrs.frozen(kw_only=True)
class RetreatChoice(Decision):
    """Retreat step: retreat with a leader, or not (``forced``: units must go, research §5.4,
    RR-56)."""

    kind: ClassVar[str] = "retreat_choice"
    forced: bool = False


@attrs.frozen(kw_only=True)
class RetreatTo(Decision):
    """The system ``leader`` retreats to."""

    kind: ClassVar[str] = "retreat_to"
    leader: int


@attrs.frozen(kw_only=True)
class RetreatUnits(Decision):
    """Units retreat to ``dst`` one at a time; ``spare`` is the free transport capacity."""

    kind: ClassVar[str] = "retreat_units"
    dst: int
    spare: int
    moved: int = 0


@attrs.frozen(kw_only=True)
class BuildUnits(Decision):
    """Refresh Phase: place units on the build queue from resource icons, or stop."""

    kind: ClassVar[str] = "build_units"


@attrs.frozen(kw_only=True)
class ReplaceUnit(Decision):
    """``unit`` is out of supply: the figure on the board destroyed to build it at ``loc``."""

    kind: ClassVar[str] = "replace_unit"
    unit: int
    loc: int


@attrs.frozen(kw_only=True)
class DeployUnits(Decision):
    """Refresh Phase: deploy the units leaving queue space 1, or stop."""

    kind: ClassVar[str] = "deploy_units"


@attrs.frozen(kw_only=True)
class EliminateLeader(Decision):
    """More than 8 leaders in the pool: eliminate one. ``after`` says where the Refresh
    Phase goes on: ``"end"`` (its end) or ``"recruit"`` (the build step after recruiting)."""

    kind: ClassVar[str] = "eliminate_leader"
    after: str = "end"


@attrs.frozen(kw_only=True)
class RecruitLeader(Decision):
    """A recruit icon: recruit a leader pictured on the action cards just drawn, face down
    (RR-15); with none to recruit, draw on or choose the card discarded (RR-30)."""

    kind: ClassVar[str] = "recruit_leader"


@attrs.frozen(kw_only=True)
class KeepActionCard(Decision):
    """``leader`` is pictured on more than one card drawn: the card kept."""

    kind: ClassVar[str] = "keep_action_card"
    leader: int


@attrs.frozen(kw_only=True)
class MissionSystem(Decision):
    """Choose the system of revealed mission ``card`` (an index into ``data.MISSIONS``)."""

    kind: ClassVar[str] = "mission_system"
    card: int
    leaders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class RapidMobilization(Decision):
    """End of the Command Phase: resolve Rapid Mobilization (mission ``card``, ``leaders``
    assigned to it). With ``src`` -1: move a first unit from a system, relocate, or pass;
    then more units from ``src`` (``moved`` so far; ``spare`` transport capacity)."""

    kind: ClassVar[str] = "rapid_mobilization"
    card: int
    leaders: int
    src: int = -1
    moved: int = 0
    spare: int = 0


@attrs.frozen(kw_only=True)
class NewBase(Decision):
    """Rapid Mobilization's relocation: choose the new base among the probe cards looked
    at (``system <s>``), or stay (``pass``)."""

    kind: ClassVar[str] = "new_base"
    card: int


@attrs.frozen(kw_only=True)
class MissionTarget(Decision):
    """Choose the leader mission ``card`` is attempted against, in ``system``."""

    kind: ClassVar[str] = "mission_target"
    card: int
    system: int
    leaders: int = 1
    """How many leaders were assigned to the card (some effects depend on it)."""
    portrait: bool = False
    """The leader pictured on the card was assigned to it (research §4.4 step 5)."""


@attrs.frozen(kw_only=True)
class OpposeMission(Decision):
    """The opponent of ``attacker`` may send one pool leader to oppose mission ``card``."""

    kind: ClassVar[str] = "oppose_mission"
    attacker: int
    card: int
    system: int
    target: int = -1
    leaders: int = 1
    """How many leaders were assigned to the card (some effects depend on it)."""
    portrait: bool = False
    """The leader pictured on the card was assigned to it (research §4.4 step 5)."""
    subverted: bool = False
    """A Subversion card's leaders already joined the opposition (one Subversion a mission,
    ROTE)."""
    extra: int = 0
    """Dice the opposition rolls beyond its leaders' icons (Subversion, RR-111)."""


@attrs.frozen(kw_only=True)
class PlaceObjectives(Decision):
    """Infiltration: of the top 2 objective cards (looked at, known to the Rebels), the one
    that goes back on top; the other goes to the bottom of the deck."""

    kind: ClassVar[str] = "place_objectives"


@attrs.frozen(kw_only=True)
class PlayObjective(Decision):
    """An objective window (RR-59, RR-61): the Rebels may play one objective card whose
    condition is met (``objective <card>``), or pass. ``window``: ``"refresh"`` (just before
    Refresh step 1), ``"space"`` (a combat, after the space battle: Death Star Plans too),
    ``"combat"`` (a combat, after another battle or the end of a round) or ``"end"`` (the
    end of a combat: also the cards that need a won battle)."""

    kind: ClassVar[str] = "play_objective"
    window: str


@attrs.frozen(kw_only=True)
class PlansTarget(Decision):
    """Death Star Plans with both a Death Star and a Death Star Under Construction in the
    system: the one the roll is against (``destroy <unit> 0``)."""

    kind: ClassVar[str] = "plans_target"
    card: int


@attrs.frozen(kw_only=True)
class PlansReroll(Decision):
    """Death Star Plans' 3 dice (objective ``card``, an index, against unit type ``target``;
    the dice in ``RebellionState.mission_dice``, the Rebels' row, while this waits) show no
    direct hit and the Master Yoda ring's leader is in the combat's system: reroll one
    (``yoda_reroll <die>``), or leave them (``pass``) (RR-190)."""

    kind: ClassVar[str] = "plans_reroll"
    card: int
    target: int


@attrs.frozen(kw_only=True)
class ObjectiveLeader(Decision):
    """Return of the Jedi with Luke Skywalker (Jedi) there: the Imperial leader in
    ``system`` that is eliminated."""

    kind: ClassVar[str] = "objective_leader"
    system: int


@attrs.frozen(kw_only=True)
class SeizeControl(Decision):
    """Seize Control: remove the sabotage marker of ``system`` (``system <s>``), or keep it."""

    kind: ClassVar[str] = "seize_control"
    system: int


@attrs.frozen(kw_only=True)
class DiscardObjectives(Decision):
    """The Long War: discard ``left`` more objective cards of the hand, other than it."""

    kind: ClassVar[str] = "discard_objectives"
    left: int


@attrs.frozen(kw_only=True)
class DestroyQueued(Decision):
    """A Time for Peace: destroy units on ``side``'s build queue, one at a time: ``left``
    holds the icon shape of each unit still to destroy."""

    kind: ClassVar[str] = "destroy_queued"
    side: int
    left: tuple[str, ...]


@attrs.frozen(kw_only=True)
class PlaceTargetMarker(Decision):
    """An objective places a target marker of ``marker`` (a kind) in a system: ``left`` of
    them still to place (Raid Outposts: the Empire, 2 remote systems; Rebel Cell: the
    Rebels, a Rebel system)."""

    kind: ClassVar[str] = "place_target_marker"
    card: int
    marker: int
    left: int


@attrs.frozen(kw_only=True)
class CellDiscard(Decision):
    """Rebel Cell at the start of the Refresh Phase, its marker still on the board: the
    Rebels may discard an objective card of their hand to gain 1 reputation (RR-65)."""

    kind: ClassVar[str] = "cell_discard"


@attrs.frozen(kw_only=True)
class RemoveMarkers(Decision):
    """A removal checkpoint (RR-38): remove a target marker ``player`` may remove, or pass.

    ``after`` says how play goes on once both sides are done: ``"turn"`` (the next Command
    turn after ``last``'s), ``"end_command"`` (the end of the Command Phase) or
    ``"refresh"`` (the end of the Refresh Phase).
    """

    kind: ClassVar[str] = "remove_markers"
    after: str
    last: int = -1


@attrs.frozen(kw_only=True)
class RogueOne(Decision):
    """Rogue One's top ability, a unit having retreated this round: rescue the captured
    leader (``target <leader>``) or remove one target marker (RR-39)."""

    kind: ClassVar[str] = "rogue_one"


# ---------------------------------------------------------------- the project deck
@attrs.frozen(kw_only=True)
class ChooseOption(Decision):
    """Mission ``card`` (an index) offers a choice of effects: resolve which one."""

    kind: ClassVar[str] = "choose_option"
    card: int
    options: tuple[int, ...]
    """The effects that may be chosen (indexes into the card's effects)."""


@attrs.frozen(kw_only=True)
class KeepProject(Decision):
    """Research and Development: keep one of the project cards drawn (``project_look``)."""

    kind: ClassVar[str] = "keep_project"


@attrs.frozen(kw_only=True)
class FactoryBuild(Decision):
    """Construct Factory: build from the resource icons of ``system`` not ``used`` yet, or stop."""

    kind: ClassVar[str] = "factory_build"
    system: int
    used: tuple[int, ...] = ()
    card: int = -1
    """The mission card building (an index into ``data.MISSIONS``; -1: Construct Factory)."""


@attrs.frozen(kw_only=True)
class FactoryReplace(Decision):
    """Construct Factory: ``unit`` is out of supply: the figure on the board destroyed to
    build it from ``system`` (then the factory goes on with ``used``)."""

    kind: ClassVar[str] = "factory_replace"
    unit: int
    system: int
    used: tuple[int, ...]
    card: int = -1


@attrs.frozen(kw_only=True)
class OverseeDeploy(Decision):
    """Oversee Project: the unit deployed from queue spaces 1..``spaces`` into ``system``."""

    kind: ClassVar[str] = "oversee_deploy"
    system: int
    spaces: int = 2


@attrs.frozen(kw_only=True)
class LoseGroundUnits(Decision):
    """A destroyed system: ``player`` chooses ``left`` more of his ground units there that
    his ships cannot carry, to be destroyed."""

    kind: ClassVar[str] = "lose_ground_units"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class RegionLoyalty(Decision):
    """Superlaser Online: the populous system of ``region`` that gains loyalty."""

    kind: ClassVar[str] = "region_loyalty"
    region: int
    amount: int


@attrs.frozen(kw_only=True)
class DiscardMission(Decision):
    """The Refresh Phase's hand limit: discard a mission card (never a starting mission)."""

    kind: ClassVar[str] = "discard_mission"


# ---------------------------------------------------------------- the Imperial mission deck
@attrs.frozen(kw_only=True)
class BottomObjective(Decision):
    """Retrieve the Plans: the card of the Rebels' revealed objective hand the Empire puts
    on the bottom of the objective deck."""

    kind: ClassVar[str] = "bottom_objective"


@attrs.frozen(kw_only=True)
class NameBaseSystems(Decision):
    """Interrogation Droid: the Rebels name ``count`` systems, one at a time, one of which
    holds their base (``named`` so far)."""

    kind: ClassVar[str] = "name_base_systems"
    named: tuple[int, ...] = ()
    count: int = 3


@attrs.frozen(kw_only=True)
class BeaconPlacement(Decision):
    """Homing Beacon: the Rebels place the rescued ``leader`` in a system of their base's
    region."""

    kind: ClassVar[str] = "beacon_placement"
    leader: int


@attrs.frozen(kw_only=True)
class AdvanceQueue(Decision):
    """Double Our Efforts: a unit on build-queue space 2 or 3 moves down one space;
    ``left`` units may still move, the first one must (``optional`` after it); ``moved``
    is the figure moved already (unit, the space it is on now), not moved again."""

    kind: ClassVar[str] = "advance_queue"
    left: int
    optional: bool = False
    moved: tuple[int, int] = (-1, -1)


@attrs.frozen(kw_only=True)
class LoyaltyInRegion(Decision):
    """Fear Will Keep Them in Line: the next populous system of ``region`` that gains 1
    loyalty; ``left`` systems still to choose, not one of ``chosen``."""

    kind: ClassVar[str] = "loyalty_in_region"
    region: int
    left: int
    chosen: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class ClosestSystem(Decision):
    """Collect Bounty: of the closest systems with an Imperial unit (equally close to
    ``system``), the one the captive ``captive`` and the mission's ``leaders`` go to."""

    kind: ClassVar[str] = "closest_system"
    system: int
    captive: int
    leaders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class DestroyByHealth(Decision):
    """Hunt Them Down: destroy Rebel units in ``system`` one at a time, their printed
    health within the ``left`` still to spend, or stop."""

    kind: ClassVar[str] = "destroy_by_health"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class ConquestMove(Decision):
    """Planetary Conquest: move the figures still ``left`` ((unit, how many) pairs) into
    ``system`` from one system (``src``, once the first has moved), ignoring adjacency
    and transport, or stop."""

    kind: ClassVar[str] = "conquest_move"
    system: int
    left: tuple[tuple[int, int], ...]
    src: int = -1


# ---------------------------------------------------------------- the mission roll-off
@attrs.frozen(kw_only=True)
class AfterMissionRoll(Decision):
    """Both sides rolled for the mission in ``RebellionState.roll_off``: ``player`` may use
    an ability on the dice (the Master Yoda ring's reroll), or go on (RR-84)."""

    kind: ClassVar[str] = "after_mission_roll"


# ---------------------------------------------------------------- the Rebel mission deck
@attrs.frozen(kw_only=True)
class ReassignLeader(Decision):
    """Contingency Plan with two leaders: the one that goes onto a starting mission (RR-86)."""

    kind: ClassVar[str] = "reassign_leader"


@attrs.frozen(kw_only=True)
class ReassignMission(Decision):
    """Contingency Plan: the starting mission ``leader`` goes onto, face down (RR-86)."""

    kind: ClassVar[str] = "reassign_mission"
    leader: int


@attrs.frozen(kw_only=True)
class ChooseMisdirected(Decision):
    """Misdirection: the Rebel leader whose missions no Imperial pool leader may oppose
    this round (RR-87)."""

    kind: ClassVar[str] = "choose_misdirected"


@attrs.frozen(kw_only=True)
class BaseMove(Decision):
    """Move units from the Rebel Base space into ``system`` one at a time, or stop (mission
    ``card``; ``mode``: "all" (Hidden Fleet), "ships" (Plan the Assault) or "ground" (Lead
    the Strike Team); ``left``: units still allowed, -1 any number; ``spare``: free
    transport capacity of the ships moved; RR-88)."""

    kind: ClassVar[str] = "base_move"
    system: int
    card: int
    mode: str
    left: int = -1
    spare: int = 0


@attrs.frozen(kw_only=True)
class MissionDestroy(Decision):
    """Destroy Imperial units in ``system`` worth up to ``left`` more health, one at a time,
    or stop (mission ``card``; RR-90)."""

    kind: ClassVar[str] = "mission_destroy"
    system: int
    card: int
    left: int


@attrs.frozen(kw_only=True)
class DemolishQueue(Decision):
    """Demolition: the queued Imperial unit destroyed for resource icon ``icon`` (an index
    into the icons of ``system``; RR-90)."""

    kind: ClassVar[str] = "demolish_queue"
    system: int
    icon: int


@attrs.frozen(kw_only=True)
class RaidQueue(Decision):
    """Rogue Squadron Raid: destroy queued Imperial units worth up to ``left`` more health,
    one at a time, or stop (RR-90)."""

    kind: ClassVar[str] = "raid_queue"
    left: int


@attrs.frozen(kw_only=True)
class GainUnits(Decision):
    """Public Uprising: the unit with a ``shape`` ("circle" or "triangle") build icon gained
    in ``system`` (``left`` more to gain; RR-89)."""

    kind: ClassVar[str] = "gain_units"
    system: int
    card: int
    shape: str
    left: int


@attrs.frozen(kw_only=True)
class FollowRescued(Decision):
    """After a rescue mission in ``system``: send an assigned leader with the rescued leader
    to ``dst``, or let the others stay (research §6.3; RR-93)."""

    kind: ClassVar[str] = "follow_rescued"
    system: int
    dst: int
    rescued: int


@attrs.frozen(kw_only=True)
class PlaceProbe(Decision):
    """Plant False Lead: the next probe card taken from the Empire, and whether it goes on
    top or at the bottom of the probe deck (RR-92)."""

    kind: ClassVar[str] = "place_probe"


@attrs.frozen(kw_only=True)
class ChooseRingLeader(Decision):
    """Seek Yoda with two leaders: the one the Master Yoda ring goes on (RR-85)."""

    kind: ClassVar[str] = "choose_ring_leader"


@attrs.frozen(kw_only=True)
class KeepObjective(Decision):
    """Covert Operation: of the top 2 objective cards (looked at), the one drawn; the other
    goes to the bottom of the deck (RR-94)."""

    kind: ClassVar[str] = "keep_objective"


@attrs.frozen(kw_only=True)
class OrderObjectives(Decision):
    """Stolen Plans: the card that goes ``placed`` cards from the top of the objective deck,
    among the top ``size`` cards looked at (RR-94)."""

    kind: ClassVar[str] = "order_objectives"
    placed: int
    size: int


# ---------------------------------------------------------------- Rise of the Empire mission cards
@attrs.frozen(kw_only=True)
class RecruitHere(Decision):
    """Hire Mercenaries, Imperial Promotion, My Only Hope, Rebel Promotion: the leader of
    the card's list recruited from the supply into ``system`` (RR-109)."""

    kind: ClassVar[str] = "recruit_here"
    system: int
    card: int


@attrs.frozen(kw_only=True)
class PullLeader(Decision):
    """Draw Them Out: the Rebel pool leader the Empire places in ``system`` (RR-101)."""

    kind: ClassVar[str] = "pull_leader"
    system: int


@attrs.frozen(kw_only=True)
class DiscreditChoice(Decision):
    """Discredit Rebellion: the Rebels remove every sabotage marker (option 1) or roll
    ``dice`` dice and lose 1 reputation on a success (option 2) (RR-103)."""

    kind: ClassVar[str] = "discredit_choice"
    system: int
    dice: int


@attrs.frozen(kw_only=True)
class DiscreditReroll(Decision):
    """Discredit Rebellion: the Rebels' dice are rolled (``RebellionState.mission_dice``);
    an ability on them (the Master Yoda ring), or leave them (RR-103)."""

    kind: ClassVar[str] = "discredit_reroll"
    system: int


@attrs.frozen(kw_only=True)
class GainGround(Decision):
    """Deployment: the Imperial ground unit with a triangle build icon gained in
    ``system`` (``left`` to gain; RR-104)."""

    kind: ClassVar[str] = "gain_ground"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class DiscardRebelMission(Decision):
    """Stolen Intel: the card of the Rebels' mission hand (shown to the Empire) the Empire
    discards; never a starting mission (RR-106)."""

    kind: ClassVar[str] = "discard_rebel_mission"


@attrs.frozen(kw_only=True)
class BaitMove(Decision):
    """We're the Bait: move a Rebel ground unit from the Rebel Base space into ``system``,
    worth at most the ``left`` health still to use, or stop (RR-107)."""

    kind: ClassVar[str] = "bait_move"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class NameRegion(Decision):
    """Break Their Will: the system the Empire names; the Rebels say whether their base is
    in its region (RR-108)."""

    kind: ClassVar[str] = "name_region"


@attrs.frozen(kw_only=True)
class MightDeploy(Decision):
    """Imperial Might: deploy a unit from queue space 1 into ``system`` (``left`` more at
    most), or stop (RR-110)."""

    kind: ClassVar[str] = "might_deploy"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class ChooseCaptive(Decision):
    """Aggressive Negotiations, Critical Rescue: the captive in ``system`` rescued, when
    two are held there (RR-112)."""

    kind: ClassVar[str] = "choose_captive"
    system: int


@attrs.frozen(kw_only=True)
class FailDestroy(Decision):
    """Aggressive Negotiations failed: destroy 1 Imperial ground unit with a triangle build
    icon in ``system``, or not (RR-112)."""

    kind: ClassVar[str] = "fail_destroy"
    system: int


@attrs.frozen(kw_only=True)
class HeistMarker(Decision):
    """Heist: the target marker removed from ``system`` (RR-113)."""

    kind: ClassVar[str] = "heist_marker"
    system: int


@attrs.frozen(kw_only=True)
class KeepMission(Decision):
    """Secret Mission: a card of those looked at (``mission_look<side>``) taken into hand
    (``left`` more at most); ``optional``: the Rebels may stop (RR-115)."""

    kind: ClassVar[str] = "keep_mission"
    left: int
    optional: bool = False


@attrs.frozen(kw_only=True)
class HavenDeploy(Decision):
    """Safe Haven: deploy a unit from the Rebel build queue into ``system`` (``left`` more
    at most), or stop (RR-110)."""

    kind: ClassVar[str] = "haven_deploy"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class AidLoyalty(Decision):
    """Regional Aid: the other system of the region where the Rebels gain 1 loyalty
    (RR-116)."""

    kind: ClassVar[str] = "aid_loyalty"
    system: int


@attrs.frozen(kw_only=True)
class RecoverMission(Decision):
    """Reconnaissance: the card of the Rebels' mission discard pile taken back into hand
    (RR-106)."""

    kind: ClassVar[str] = "recover_mission"


@attrs.frozen(kw_only=True)
class ExplosivesDestroy(Decision):
    """Plant Explosives: destroy an Imperial ground unit in ``system`` whose printed health
    fits the ``left`` still to use (``count`` more units at most), or stop (RR-117)."""

    kind: ClassVar[str] = "explosives_destroy"
    system: int
    left: int
    count: int


# ---------------------------------------------------------------- the attachment rings
@attrs.frozen(kw_only=True)
class AttachRing(Decision):
    """The leader attachment ring ``ring`` (an index into ``data.RINGS``) goes on: one of
    :func:`.rules.rings.wearers` (in ``system`` if it is not ``-1``); when it is on, the
    decision below is current again (RR-150)."""

    kind: ClassVar[str] = "attach_ring"
    ring: int
    system: int = -1


@attrs.frozen(kw_only=True)
class C3POChoice(Decision):
    """``player``'s Diplomacy mission in ``RebellionState.roll_off`` failed with the C-3PO
    ring's leader there: discard the ring to make it succeed, or let it fail (RR-151)."""

    kind: ClassVar[str] = "c3po_choice"


@attrs.frozen(kw_only=True)
class FalconRescue(Decision):
    """``player``'s mission ``card`` (an index into ``data.MISSIONS``) succeeded in
    ``system`` with the Millennium Falcon ring's leader there: discard the ring to rescue a
    captive there, or keep it (RR-153)."""

    kind: ClassVar[str] = "falcon_rescue"
    card: int
    system: int


@attrs.frozen(kw_only=True)
class FalconFollow(Decision):
    """The Millennium Falcon ring rescued ``rescued`` from ``system`` to ``dst``: send one of
    the mission's assigned leaders with it, or let the others stay (RR-153)."""

    kind: ClassVar[str] = "falcon_follow"
    card: int
    system: int
    dst: int
    rescued: int


# ---------------------------------------------------------------- action cards
@attrs.frozen(kw_only=True)
class ActionCardWindow(Decision):
    """An action card window (:mod:`.rules.action_cards`): ``player`` may play one card of
    the hand whose moment this is (the action ``play_action_card <card>``), or pass.
    ``window``: ``"start_of_combat"`` (after Add Leader, the current player first)."""

    kind: ClassVar[str] = "action_card_window"
    window: str


@attrs.frozen(kw_only=True)
class ActionDestroy(Decision):
    """Action card ``card`` destroys enemy figures in the combat: ``what`` names those it
    may (``"ship"``, ``"structure"``, ``"health"``); ``left`` is the printed health still
    to use (``"health"``) or the figures still to destroy; ``stop`` once one is destroyed
    where the card says "up to"."""

    kind: ClassVar[str] = "action_destroy"
    card: int
    what: str
    left: int
    done: int = 0


@attrs.frozen(kw_only=True)
class ActionTheater(Decision):
    """More Dangerous Than You Realize: the theater whose discarded tactic cards are taken
    back (``option 1`` space, ``option 2`` ground)."""

    kind: ClassVar[str] = "action_theater"
    card: int


@attrs.frozen(kw_only=True)
class ActionRetrieve(Decision):
    """More Dangerous Than You Realize: ``left`` more tactic cards of ``theater`` (0 space,
    1 ground) taken back from the discard (``tactic <card>``)."""

    kind: ClassVar[str] = "action_retrieve"
    card: int
    theater: int
    left: int


@attrs.frozen(kw_only=True)
class ReadyLeader(Decision):
    """Ready for Action with both its leaders in the pool: the one brought into the combat
    (``target <leader>``)."""

    kind: ClassVar[str] = "ready_leader"
    card: int


@attrs.frozen(kw_only=True)
class ConvertHits(Decision):
    """Target the Star Destroyers: ``left`` more black hits of the Rebels' space attack may
    count as red hits (``as_red <die>``, ``stop``), before the prevention."""

    kind: ClassVar[str] = "convert_hits"
    left: int


@attrs.frozen(kw_only=True)
class AssignCardLeader(Decision):
    """An Assignment action card with both its leaders in the pool: the one it places
    (``target <leader>``)."""

    kind: ClassVar[str] = "assign_card_leader"
    card: int


@attrs.frozen(kw_only=True)
class AssignCardSystem(Decision):
    """An Assignment action card: the system ``leader`` goes to (``system <s>``)."""

    kind: ClassVar[str] = "assign_card_system"
    card: int
    leader: int


@attrs.frozen(kw_only=True)
class AssignDestroy(Decision):
    """An Assignment action card destroys an Imperial ground unit in ``system``
    (``destroy <unit> 0``): Ambush within ``left`` printed health, free to ``stop``;
    Trust in the Force one with a triangle build icon."""

    kind: ClassVar[str] = "assign_destroy"
    card: int
    system: int
    left: int


@attrs.frozen(kw_only=True)
class MissionDiceWindow(Decision):
    """Before the dice of the Empire's Spec Ops mission ``card`` opposed by Chewbacca: the
    Rebels may play Wookiee Guardian (``play_action_card <card>``) or pass; the fields are
    the attempt's, as :class:`OpposeMission` has them."""

    kind: ClassVar[str] = "mission_dice_window"
    attacker: int
    card: int
    system: int
    target: int = -1
    leaders: int = 1
    portrait: bool = False
    extra: int = 0


# ---------------------------------------------------------------- the Rebel action cards
# (:mod:`.rules.rebel_cards`)
@attrs.frozen(kw_only=True)
class CardRing(Decision):
    """An Immediate card (``card``) attaches ``ring``: the leader it goes on (``target
    <leader>``, RR-170)."""

    kind: ClassVar[str] = "card_ring"
    card: int
    ring: int


@attrs.frozen(kw_only=True)
class ExtremistChoice(Decision):
    """Rebel Extremist: draw another starting action card (``option 1``), or lose 1
    reputation and recruit Saw Gerrera (``option 2``) (RR-171)."""

    kind: ClassVar[str] = "extremist_choice"


@attrs.frozen(kw_only=True)
class RadarKeep(Decision):
    """Under the Radar: the probe card looked at that is kept face down (``system <s>``)."""

    kind: ClassVar[str] = "radar_keep"


@attrs.frozen(kw_only=True)
class RadarRest(Decision):
    """Under the Radar: the other cards looked at go back all on top of the probe deck
    (``option 1``) or all at its bottom (``option 2``) (RR-172)."""

    kind: ClassVar[str] = "radar_rest"


@attrs.frozen(kw_only=True)
class DesperateSearch(Decision):
    """Our Most Desperate Hour: the card of the mission deck ``leader`` is assigned to
    (``keep <card>``) (RR-173)."""

    kind: ClassVar[str] = "desperate_search"
    leader: int


@attrs.frozen(kw_only=True)
class EvacuateMove(Decision):
    """Start the Evacuation: move a unit from the Rebel Base space into ``system``
    (``move <unit> <src>``) or ``stop``; ``spare``: free transport capacity of the ships
    moved (RR-174)."""

    kind: ClassVar[str] = "evacuate_move"
    system: int
    spare: int = 0


@attrs.frozen(kw_only=True)
class AllianceBuild(Decision):
    """Temporary Alliance: a unit for an unused resource icon of ``system`` onto the Rebel
    build queue (``build <unit> <s>``) or ``stop``; ``used``: the icons used."""

    kind: ClassVar[str] = "alliance_build"
    system: int
    used: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class AllianceReplace(Decision):
    """Temporary Alliance: ``unit`` is out of supply: the system whose figure of it is
    destroyed to build it (``system <s>``)."""

    kind: ClassVar[str] = "alliance_replace"
    unit: int
    system: int
    used: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class IndependentMove(Decision):
    """Independent Operation: the Imperial system the Empire moves every ground unit of
    ``system`` to (``system <s>``)."""

    kind: ClassVar[str] = "independent_move"
    system: int


@attrs.frozen(kw_only=True)
class FalseOrdersWindow(Decision):
    """The end of the Assignment Phase: the Rebels may play False Orders
    (``play_action_card <card>``) or pass (RR-175)."""

    kind: ClassVar[str] = "false_orders_window"


@attrs.frozen(kw_only=True)
class FalseOrdersTarget(Decision):
    """False Orders: the Imperial leader alone on a mission sent back to the pool
    (``target <leader>``)."""

    kind: ClassVar[str] = "false_orders_target"


@attrs.frozen(kw_only=True)
class UndercoverWindow(Decision):
    """Before the dice of the Empire's mission ``card``: the Rebels may play Undercover
    (``play_action_card <card>``) or pass; the fields are the attempt's, as
    :class:`OpposeMission` has them (RR-176)."""

    kind: ClassVar[str] = "undercover_window"
    attacker: int
    card: int
    system: int
    target: int = -1
    leaders: int = 1
    portrait: bool = False
    extra: int = 0


@attrs.frozen(kw_only=True)
class UndercoverLeader(Decision):
    """Undercover: the leader moved into the mission's system (``target <leader>``)."""

    kind: ClassVar[str] = "undercover_leader"
    attacker: int
    card: int
    system: int
    target: int = -1
    leaders: int = 1
    portrait: bool = False
    extra: int = 0


@attrs.frozen(kw_only=True)
class SonWindow(Decision):
    """The Rebels' mission ``card`` succeeded in ``system`` with Luke there: they may play
    Son of Skywalker (``play_action_card <card>``) or pass (RR-177)."""

    kind: ClassVar[str] = "son_window"
    card: int
    system: int


@attrs.frozen(kw_only=True)
class SonSearch(Decision):
    """Son of Skywalker: the card taken from the mission deck (``keep <card>``)."""

    kind: ClassVar[str] = "son_search"
    card: int
    system: int


@attrs.frozen(kw_only=True)
class FightForWindow(Decision):
    """The end of a combat in which the Rebels won a battle: they may play Something to
    Fight For (``play_action_card <card>``) or pass (RR-178)."""

    kind: ClassVar[str] = "fight_for_window"


@attrs.frozen(kw_only=True)
class FightForObjective(Decision):
    """Something to Fight For: the discarded objective put on top of the objective deck
    (``objective <card>``)."""

    kind: ClassVar[str] = "fight_for_objective"


@attrs.frozen(kw_only=True)
class MillionMission(Decision):
    """Before the dice of mission ``card`` (the fields are the attempt's, as
    :class:`OpposeMission` has them): the Rebels may play One in a Million
    (``play_action_card <card>``, or ``pass``); once played (``playing``), set up to 2 of
    their dice (``set_die <colour> <face>``, or ``stop``); ``preset``: the dice set so far,
    each ``colour * 4 + face`` (RR-179)."""

    kind: ClassVar[str] = "million_mission"
    attacker: int
    card: int
    system: int
    target: int = -1
    leaders: int = 1
    portrait: bool = False
    extra: int = 0
    playing: bool = False
    preset: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class MillionAttack(Decision):
    """Before the Rebels' attack roll in ``theater`` (0 space, 1 ground): One in a Million,
    as :class:`MillionMission` (RR-179)."""

    kind: ClassVar[str] = "million_attack"
    theater: int
    playing: bool = False
    preset: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class MillionPlans(Decision):
    """Before Death Star Plans' roll (objective ``card``, an id, against unit type
    ``target``): One in a Million, as :class:`MillionMission` (RR-179)."""

    kind: ClassVar[str] = "million_plans"
    card: int
    target: int
    playing: bool = False
    preset: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class MillionDiscredit(Decision):
    """Before the Rebels roll ``dice`` dice for Discredit Rebellion in ``system``: One in a
    Million, as :class:`MillionMission` (RR-179)."""

    kind: ClassVar[str] = "million_discredit"
    system: int
    dice: int
    playing: bool = False
    preset: tuple[int, ...] = ()


# ---------------------------------------------------------------- the Imperial action cards
@attrs.frozen(kw_only=True)
class CardWindow(Decision):
    """A window for one of the Empire's Special action cards (:mod:`.rules.imperial_cards`):
    ``play_action_card <card>`` or ``pass``. ``window``: ``"blindside"`` (a mission with Boba
    Fett or Janus Greejatus is attempted), ``"destiny"`` (a leader was rescued in a
    mission), ``"track_them"`` (Rebel units retreated), ``"ambitions"`` (the pool holds
    more than 8 leaders), ``"bounty"`` (a mission failed in Jabba the Hutt's system),
    ``"sweep"`` (the end of the Command Phase, Sweep the Area in play). ``system``: where;
    ``then``: how play goes on (``"mission"``, ``"follow"``, ``"falcon"``; ``"recruit"``
    or ``"end"`` for the pool limit); ``card``, ``dst``, ``rescued``, ``attacker``: the
    mission's card, the rescued leader and where it went, the mission's player."""

    kind: ClassVar[str] = "card_window"
    window: str
    system: int = -1
    then: str = ""
    card: int = -1
    dst: int = -1
    rescued: int = -1
    attacker: int = -1


@attrs.frozen(kw_only=True)
class CardLeader(Decision):
    """Action card ``card`` acts on a leader in ``system`` (``target <leader>``): It Is
    Your Destiny and Sweep the Area capture one, Track Them sends one back to the pool."""

    kind: ClassVar[str] = "card_leader"
    card: int
    system: int


@attrs.frozen(kw_only=True)
class BountyLeader(Decision):
    """Post Bounty: the Rebel leader the Bounty ring goes on (``target <leader>``); then the
    clean-up of mission ``mission`` of ``attacker``."""

    kind: ClassVar[str] = "bounty_leader"
    mission: int
    attacker: int


@attrs.frozen(kw_only=True)
class SweepClosest(Decision):
    """Sweep the Area: the captive goes to one of the closest systems with an Imperial
    unit (``system <s>``)."""

    kind: ClassVar[str] = "sweep_closest"
    system: int
    captive: int


@attrs.frozen(kw_only=True)
class HideProbe(Decision):
    """Secret Facility or Sweep the Area (``card``) was gained: the probe card of the hand
    hidden under it (``system <s>``, the probe card's system)."""

    kind: ClassVar[str] = "hide_probe"
    card: int


@attrs.frozen(kw_only=True)
class EarlyPromotion(Decision):
    """Early Promotion: draw another starting action card (``option 1``) or recruit Admiral
    Motti and place him and Grand Moff Tarkin in Imperial systems (``option 2``)."""

    kind: ClassVar[str] = "early_promotion"


@attrs.frozen(kw_only=True)
class PromotionPlace(Decision):
    """Early Promotion: the Imperial system ``leader`` goes to (``system <s>``)."""

    kind: ClassVar[str] = "promotion_place"
    leader: int


@attrs.frozen(kw_only=True)
class VaderOrders(Decision):
    """Lord Vader's Orders: the card put ``placed`` cards from the top of the objective
    deck (``objective <card>``), of the ``size`` top cards looked at."""

    kind: ClassVar[str] = "vader_orders"
    placed: int
    size: int


@attrs.frozen(kw_only=True)
class AdminBuild(Decision):
    """Brilliant Administrator: a unit onto the build queue from an unused icon of
    ``system`` (``build <unit> <s>``), or ``stop``; ``used``: the icons used."""

    kind: ClassVar[str] = "admin_build"
    system: int
    used: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class AdminReplace(Decision):
    """Brilliant Administrator: ``unit`` is out of supply; the figure destroyed to build it
    (``system <s>``)."""

    kind: ClassVar[str] = "admin_replace"
    unit: int
    system: int
    used: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class SurpriseMove(Decision):
    """Catch Them by Surprise: move Imperial units into ``system`` from adjacent systems
    one at a time (``move <unit> <src>``, ``stop``); ``spare`` as :class:`MoveUnits`."""

    kind: ClassVar[str] = "surprise_move"
    system: int
    spare: tuple[int, ...]


@attrs.frozen(kw_only=True)
class ScoutMove(Decision):
    """Scouting Mission: move up to ``left`` more TIE Fighters into ``system`` from anywhere
    (``move <unit> <src>``, ``stop``)."""

    kind: ClassVar[str] = "scout_move"
    system: int
    left: int


@attrs.frozen(kw_only=True)
class ProjectSearch(Decision):
    """Proceeding as Planned: the project card ``leader`` is assigned to (``keep <card>``)."""

    kind: ClassVar[str] = "project_search"
    leader: int


@attrs.frozen(kw_only=True)
class FacilityUnit(Decision):
    """Secret Facility: the triangle ground unit placed in ``system`` (``place <unit> <s>``)."""

    kind: ClassVar[str] = "facility_unit"
    system: int
