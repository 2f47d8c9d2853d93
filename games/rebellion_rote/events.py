"""The events: what happened, and who may see it (RR-17)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Event, card_field
from tabletop.events import Drew, DrewCount

__all__ = [
    "AbilityResolved",
    "ActionCardDiscarded",
    "ActionCardKept",
    "ActionCardKeptHidden",
    "ActionCardPlayed",
    "ActionCardsBottomed",
    "ActionCardsBottomedCount",
    "Activated",
    "Assigned",
    "AssignedHidden",
    "AttemptBonus",
    "BaseChosen",
    "BaseChosenHidden",
    "BaseInRegion",
    "BaseIsHere",
    "BaseNotHere",
    "BaseNotInRegion",
    "BaseRevealed",
    "Built",
    "BuiltHidden",
    "CaptiveMoved",
    "Captured",
    "CardCanceled",
    "CardRecalled",
    "CardRetrieved",
    "CombatBegan",
    "CombatEnded",
    "Damaged",
    "Deployed",
    "DicePrevented",
    "DiceRerolled",
    "DiceRolled",
    "DieBlanked",
    "DieSet",
    "Discredited",
    "Drew",
    "DrewCount",
    "DsucPlaced",
    "GameOver",
    "LeaderDetained",
    "LeaderDrawnOut",
    "LeaderEliminated",
    "LeaderFollowed",
    "LeaderJoined",
    "LeaderMarked",
    "LeaderPlaced",
    "LeaderReplaced",
    "LeaderSentToPool",
    "LeadersPlaced",
    "LeadersRetrieved",
    "LeadersToPool",
    "LoyaltyChanged",
    "LoyaltyPlaced",
    "MarkerPlaced",
    "MarkerRemoved",
    "Misdirected",
    "MissionAgainst",
    "MissionDeckReshuffled",
    "MissionDeckShuffled",
    "MissionDieRerolled",
    "MissionDiscarded",
    "MissionHandShown",
    "MissionHandShownCount",
    "MissionOutcome",
    "MissionRevealed",
    "MissionRolled",
    "MissionSearched",
    "MissionSetChosen",
    "MissionSetHidden",
    "MissionSetsRevealed",
    "MissionTaken",
    "MissionTakenHidden",
    "MissionToHand",
    "MissionsDrawn",
    "MissionsDrawnCount",
    "MissionsLooked",
    "MissionsLookedCount",
    "Moved",
    "ObjectiveBackToHand",
    "ObjectiveDeckBuilt",
    "ObjectiveDiscarded",
    "ObjectiveDrawn",
    "ObjectiveDrawnHidden",
    "ObjectiveHandShown",
    "ObjectiveHandShownCount",
    "ObjectivePlayed",
    "ObjectiveRevealed",
    "ObjectiveToDeck",
    "ObjectiveToDeckHidden",
    "ObjectivesLooked",
    "ObjectivesLookedCount",
    "ObjectivesOrdered",
    "ObjectivesOrderedHidden",
    "ObjectivesPlaced",
    "ObjectivesPlacedHidden",
    "ObjectivesReordered",
    "ObjectivesReorderedHidden",
    "ObjectivesSeen",
    "ObjectivesSeenCount",
    "Opposed",
    "Passed",
    "PhaseBegan",
    "PoolLimitRaised",
    "ProbeDeckShuffled",
    "ProbeHidden",
    "ProbeHiddenCount",
    "ProbePlaced",
    "ProbePlacedHidden",
    "ProbeRevealed",
    "ProbeShown",
    "ProbesDrawn",
    "ProbesDrawnCount",
    "ProbesGiven",
    "ProbesTaken",
    "ProbesTakenCount",
    "ProjectBottomed",
    "ProjectBottomedHidden",
    "ProjectDeckReshuffled",
    "ProjectSearched",
    "ProjectSearchedHidden",
    "ProjectsDrawn",
    "ProjectsDrawnCount",
    "QueueAdvanced",
    "QueueUnitDestroyed",
    "RadarProbeKept",
    "RadarProbeKeptHidden",
    "RadarProbeReturned",
    "RadarProbesPlaced",
    "Reassigned",
    "ReassignedHidden",
    "RecruitChosen",
    "RecruitChosenHidden",
    "Recruited",
    "RecruitedTo",
    "Repaired",
    "ReputationChanged",
    "ReputationGained",
    "Rescued",
    "Retreated",
    "RingAttached",
    "RingDiscarded",
    "RingUsed",
    "RolePassed",
    "SabotagePlaced",
    "SabotageRemoved",
    "SecondAssigned",
    "Stalemate",
    "StartingActionCards",
    "StartingActionCardsHidden",
    "StartingMissions",
    "Subjugation",
    "Subverted",
    "SystemDestroyed",
    "SystemNamed",
    "SystemWatched",
    "TacticChosen",
    "TacticChosenHidden",
    "TacticShown",
    "TacticsRecovered",
    "TacticsRevealed",
    "TeamDeclined",
    "TimeAdvanced",
    "UndercoverMoved",
    "UnitGained",
    "UnitPlaced",
    "UnitsDestroyed",
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


@attrs.frozen(kw_only=True)
class MissionRevealed(Event):
    kind: ClassVar[str] = "mission_revealed"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class LeadersPlaced(Event):
    kind: ClassVar[str] = "leaders_placed"
    player: int
    leaders: tuple[int, ...]
    system: int


@attrs.frozen(kw_only=True)
class MissionAgainst(Event):
    kind: ClassVar[str] = "mission_against"
    leader: int


@attrs.frozen(kw_only=True)
class Opposed(Event):
    kind: ClassVar[str] = "opposed"
    player: int
    leader: int


@attrs.frozen(kw_only=True)
class MissionRolled(Event):
    """One side's mission dice: faces of the red or black dice, then of the green dice."""

    kind: ClassVar[str] = "mission_rolled"
    player: int
    dice: tuple[str, ...]
    green: tuple[str, ...]
    successes: int


@attrs.frozen(kw_only=True)
class MissionOutcome(Event):
    kind: ClassVar[str] = "mission_outcome"
    player: int
    card: int = card_field()
    success: bool


@attrs.frozen(kw_only=True)
class LoyaltyChanged(Event):
    kind: ClassVar[str] = "loyalty_changed"
    system: int
    loyalty: int
    subjugated: bool


@attrs.frozen(kw_only=True)
class SabotagePlaced(Event):
    kind: ClassVar[str] = "sabotage_placed"
    system: int


@attrs.frozen(kw_only=True)
class Captured(Event):
    kind: ClassVar[str] = "captured"
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class ProbesDrawn(Event):
    kind: ClassVar[str] = "probes_drawn"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ProbesDrawnCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ProbesDrawnCount(Event):
    kind: ClassVar[str] = "probes_drawn_count"
    count: int


@attrs.frozen(kw_only=True)
class ProbesLooked(Event):
    """The Rebels look at the top probe cards to relocate their base (Rapid Mobilization)."""

    kind: ClassVar[str] = "probes_looked"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ProbesLookedCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ProbesLookedCount(Event):
    kind: ClassVar[str] = "probes_looked_count"
    count: int


@attrs.frozen(kw_only=True)
class BaseRelocated(Event):
    """The base moved: the old base card is shown and goes to the Empire; the new one is
    face down (the Rebels see it in their ``base`` zone)."""

    kind: ClassVar[str] = "base_relocated"
    old: int


@attrs.frozen(kw_only=True)
class BaseStayed(Event):
    kind: ClassVar[str] = "base_stayed"
    returned: int
    """How many probe cards looked at went to the bottom of the deck."""


# ---------------------------------------------------------------- objectives and markers
@attrs.frozen(kw_only=True)
class ObjectiveDeckBuilt(Event):
    """Set-up: the objective deck is built, 5 cards of each stage; the others leave the
    game unseen."""

    kind: ClassVar[str] = "objective_deck_built"
    size: int
    out: int


@attrs.frozen(kw_only=True)
class ObjectivesLooked(Event):
    """The Rebels look at the top objective cards (Infiltration), top card first."""

    kind: ClassVar[str] = "objectives_looked"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ObjectivesLookedCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ObjectivesLookedCount(Event):
    kind: ClassVar[str] = "objectives_looked_count"
    count: int


@attrs.frozen(kw_only=True)
class ObjectivesPlaced(Event):
    """Infiltration: one card back on top of the objective deck, the other at the bottom."""

    kind: ClassVar[str] = "objectives_placed"
    top: int = card_field()
    bottom: int = card_field()

    def public(self) -> Event:
        return ObjectivesPlacedHidden()


@attrs.frozen(kw_only=True)
class ObjectivesPlacedHidden(Event):
    kind: ClassVar[str] = "objectives_placed_hidden"


@attrs.frozen(kw_only=True)
class ObjectiveDrawn(Event):
    """The Rebels drew an objective card into their hand: the Empire sees its back only."""

    kind: ClassVar[str] = "objective_drawn"
    card: int = card_field()
    stage: int

    def public(self) -> Event:
        return ObjectiveDrawnHidden(stage=self.stage)


@attrs.frozen(kw_only=True)
class ObjectiveDrawnHidden(Event):
    kind: ClassVar[str] = "objective_drawn_hidden"
    stage: int


@attrs.frozen(kw_only=True)
class ObjectiveRevealed(Event):
    """An Immediate objective drawn is revealed, to be resolved at once (ROTE)."""

    kind: ClassVar[str] = "objective_revealed"
    card: int = card_field()


@attrs.frozen(kw_only=True)
class ObjectivePlayed(Event):
    """The Rebels played an objective card from their hand (face up)."""

    kind: ClassVar[str] = "objective_played"
    card: int = card_field()


@attrs.frozen(kw_only=True)
class ObjectiveBackToHand(Event):
    """Death Star Plans rolled no direct hit: the card, shown, goes back to the hand."""

    kind: ClassVar[str] = "objective_back_to_hand"
    card: int = card_field()


@attrs.frozen(kw_only=True)
class ObjectiveDiscarded(Event):
    """An objective card went face up to the discard pile (``reason``: "markers gone",
    "no Rebel system", or the card whose cost it paid)."""

    kind: ClassVar[str] = "objective_discarded"
    card: int = card_field()
    reason: str


@attrs.frozen(kw_only=True)
class ReputationGained(Event):
    """The reputation marker moved ``amount`` spaces toward the time marker, now on
    ``reputation``, by objective card ``card`` (its card id, :mod:`.ids`)."""

    kind: ClassVar[str] = "reputation_gained"
    amount: int
    reputation: int
    card: int


@attrs.frozen(kw_only=True)
class ObjectiveHandShown(Event):
    """The Rebels showed their objective hand to the Empire."""

    kind: ClassVar[str] = "objective_hand_shown"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ObjectiveHandShownCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ObjectiveHandShownCount(Event):
    kind: ClassVar[str] = "objective_hand_shown_count"
    count: int


@attrs.frozen(kw_only=True)
class ObjectiveToDeck(Event):
    """An objective card went to the bottom (``top``: the top) of the deck: from the Rebels'
    hand, or one of the cards they looked at (Covert Operation)."""

    kind: ClassVar[str] = "objective_to_deck"
    card: int = card_field()
    stage: int
    top: bool

    def public(self) -> Event:
        return ObjectiveToDeckHidden(stage=self.stage, top=self.top)


@attrs.frozen(kw_only=True)
class ObjectiveToDeckHidden(Event):
    kind: ClassVar[str] = "objective_to_deck_hidden"
    stage: int
    top: bool


@attrs.frozen(kw_only=True)
class MarkerPlaced(Event):
    kind: ClassVar[str] = "marker_placed"
    system: int
    marker: int


@attrs.frozen(kw_only=True)
class MarkerRemoved(Event):
    """A target marker back to the supply: ``by`` removed it (``reason``: "removed" by a
    ground unit, "Rogue One", or "destroyed" with its system)."""

    kind: ClassVar[str] = "marker_removed"
    system: int
    marker: int
    by: int
    reason: str


# ---------------------------------------------------------------- combat
@attrs.frozen(kw_only=True)
class CombatBegan(Event):
    kind: ClassVar[str] = "combat_began"
    system: int
    attacker: int


@attrs.frozen(kw_only=True)
class LeaderJoined(Event):
    kind: ClassVar[str] = "leader_joined"
    player: int
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class TacticChosen(Event):
    """Tactic card ``card`` (its card id) chosen face down: only its player sees which
    (RR-15, RR-17)."""

    kind: ClassVar[str] = "tactic_chosen"
    player: int
    card: int

    def public(self) -> Event:
        return TacticChosenHidden(player=self.player)


@attrs.frozen(kw_only=True)
class TacticChosenHidden(Event):
    kind: ClassVar[str] = "tactic_chosen_hidden"
    player: int


@attrs.frozen(kw_only=True)
class TacticsRevealed(Event):
    kind: ClassVar[str] = "tactics_revealed"
    cards: tuple[int, int]
    """Per side: the tactic card's card id, or -1 for none."""


@attrs.frozen(kw_only=True)
class AbilityResolved(Event):
    """``player`` resolved ability ``which`` (0: none, 1: top, 2: bottom) of tactic card
    ``card`` (its card id)."""

    kind: ClassVar[str] = "ability_resolved"
    player: int
    card: int
    which: int


@attrs.frozen(kw_only=True)
class CardCanceled(Event):
    """``player``'s tactic card ``card`` (its card id) was canceled."""

    kind: ClassVar[str] = "card_canceled"
    player: int
    card: int


@attrs.frozen(kw_only=True)
class CardRetrieved(Event):
    """``player``'s tactic card ``card`` (its card id) went back from the discard to the
    deck."""

    kind: ClassVar[str] = "card_retrieved"
    player: int
    card: int


@attrs.frozen(kw_only=True)
class DiceRolled(Event):
    kind: ClassVar[str] = "dice_rolled"
    player: int
    theater: int
    dice: tuple[tuple[str, str], ...]


@attrs.frozen(kw_only=True)
class DiceRerolled(Event):
    kind: ClassVar[str] = "dice_rerolled"
    player: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@attrs.frozen(kw_only=True)
class DicePrevented(Event):
    kind: ClassVar[str] = "dice_prevented"
    player: int
    dice: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    side: int
    unit: int
    damage: int
    """The figure's damage after this one."""


@attrs.frozen(kw_only=True)
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    side: int
    unit: int
    damage: int


@attrs.frozen(kw_only=True)
class UnitGained(Event):
    kind: ClassVar[str] = "unit_gained"
    side: int
    unit: int
    system: int


@attrs.frozen(kw_only=True)
class UnitsDestroyed(Event):
    kind: ClassVar[str] = "units_destroyed"
    side: int
    unit: int
    n: int
    system: int
    reason: str


@attrs.frozen(kw_only=True)
class Retreated(Event):
    kind: ClassVar[str] = "retreated"
    player: int
    leader: int
    src: int
    dst: int


@attrs.frozen(kw_only=True)
class LeaderMarked(Event):
    """Marked for elimination at the end of the Command Phase (Confrontation)."""

    kind: ClassVar[str] = "leader_marked"
    leader: int


@attrs.frozen(kw_only=True)
class Stalemate(Event):
    """No die can decide the combat (RR-56): ``side``'s units of ``theater`` cannot damage
    the enemy and must leave; or, ``side`` -1, neither side can damage the other and the
    combat ends."""

    kind: ClassVar[str] = "stalemate"
    system: int
    side: int
    theater: int


@attrs.frozen(kw_only=True)
class CombatEnded(Event):
    kind: ClassVar[str] = "combat_ended"
    system: int
    rounds: int


# ---------------------------------------------------------------- refresh
@attrs.frozen(kw_only=True)
class LeadersRetrieved(Event):
    kind: ClassVar[str] = "leaders_retrieved"
    leaders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class TimeAdvanced(Event):
    kind: ClassVar[str] = "time_advanced"
    time: int


@attrs.frozen(kw_only=True)
class BuiltHidden(Event):
    """A side's placements are in, face down until both are (RR-15)."""

    kind: ClassVar[str] = "built_hidden"
    player: int
    n: int


@attrs.frozen(kw_only=True)
class Built(Event):
    """``unit`` onto ``player``'s build queue space ``space``: built from the icons of
    system ``loc`` (the Refresh Phase, Construct Factory), or, with ``by_card``, put there
    by a card resolved in ``loc`` that names the unit (Construct Death Star's Death Star)."""

    kind: ClassVar[str] = "built"
    player: int
    unit: int
    loc: int
    space: int
    by_card: bool = False


@attrs.frozen(kw_only=True)
class Deployed(Event):
    kind: ClassVar[str] = "deployed"
    player: int
    unit: int
    loc: int


@attrs.frozen(kw_only=True)
class LeaderEliminated(Event):
    kind: ClassVar[str] = "leader_eliminated"
    player: int
    leader: int


# ---------------------------------------------------------------- recruiting
@attrs.frozen(kw_only=True)
class RecruitChosen(Event):
    """A side's recruit choice, face down until both are in (RR-15): the leader and the
    card kept (``leader`` -1: no leader, ``card`` is discarded, RR-30)."""

    kind: ClassVar[str] = "recruit_chosen"
    player: int
    leader: int
    card: int = card_field()

    def public(self) -> Event:
        return RecruitChosenHidden(player=self.player)


@attrs.frozen(kw_only=True)
class RecruitChosenHidden(Event):
    kind: ClassVar[str] = "recruit_chosen_hidden"
    player: int


@attrs.frozen(kw_only=True)
class Recruited(Event):
    """The leader goes into its side's pool (public once both choices are in)."""

    kind: ClassVar[str] = "recruited"
    player: int
    leader: int


@attrs.frozen(kw_only=True)
class ActionCardKept(Event):
    """The card kept face down in the action hand: only its owner sees which."""

    kind: ClassVar[str] = "action_card_kept"
    player: int
    card: int = card_field()

    def public(self) -> Event:
        return ActionCardKeptHidden(player=self.player)


@attrs.frozen(kw_only=True)
class ActionCardKeptHidden(Event):
    kind: ClassVar[str] = "action_card_kept_hidden"
    player: int


@attrs.frozen(kw_only=True)
class StartingActionCards(Event):
    """Starting action cards drawn from the box, face down: only their owner sees which."""

    kind: ClassVar[str] = "starting_action_cards"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return StartingActionCardsHidden(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class StartingActionCardsHidden(Event):
    kind: ClassVar[str] = "starting_action_cards_hidden"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class ActionCardDiscarded(Event):
    """No leader on the chosen card could be recruited: it is discarded face up (RR-30)."""

    kind: ClassVar[str] = "action_card_discarded"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class ActionCardsBottomed(Event):
    """The cards not chosen go to the bottom of the action deck (their owner knows them)."""

    kind: ClassVar[str] = "action_cards_bottomed"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ActionCardsBottomedCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class ActionCardsBottomedCount(Event):
    kind: ClassVar[str] = "action_cards_bottomed_count"
    player: int
    count: int


# ---------------------------------------------------------------- the project deck
@attrs.frozen(kw_only=True)
class ProjectsDrawn(Event):
    """The Empire drew project cards (into its hand, or to choose one to keep): only the
    Empire sees which (RR-17)."""

    kind: ClassVar[str] = "projects_drawn"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ProjectsDrawnCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ProjectsDrawnCount(Event):
    kind: ClassVar[str] = "projects_drawn_count"
    count: int


@attrs.frozen(kw_only=True)
class ProjectBottomed(Event):
    """A project card drawn and not kept went to the bottom of the project deck."""

    kind: ClassVar[str] = "project_bottomed"
    card: int = card_field()

    def public(self) -> Event:
        return ProjectBottomedHidden()


@attrs.frozen(kw_only=True)
class ProjectBottomedHidden(Event):
    kind: ClassVar[str] = "project_bottomed_hidden"


@attrs.frozen(kw_only=True)
class ProjectDeckReshuffled(Event):
    """The project deck ran out: the project discard was shuffled into a new deck (RR-47)."""

    kind: ClassVar[str] = "project_deck_reshuffled"
    count: int


@attrs.frozen(kw_only=True)
class MissionsDrawn(Event):
    """``player`` drew mission cards into its hand (the other side sees the count)."""

    kind: ClassVar[str] = "missions_drawn"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return MissionsDrawnCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class MissionsDrawnCount(Event):
    kind: ClassVar[str] = "missions_drawn_count"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class MissionDeckReshuffled(Event):
    """``player``'s empty mission deck was made again from its shuffled discard (RR-51)."""

    kind: ClassVar[str] = "mission_deck_reshuffled"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class MissionDiscarded(Event):
    """A mission or project card went face up to its discard pile (after use, or the hand
    limit)."""

    kind: ClassVar[str] = "mission_discarded"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class SabotageRemoved(Event):
    kind: ClassVar[str] = "sabotage_removed"
    system: int


@attrs.frozen(kw_only=True)
class SystemDestroyed(Event):
    kind: ClassVar[str] = "system_destroyed"
    system: int


@attrs.frozen(kw_only=True)
class BaseNotHere(Event):
    """The Rebels said the hidden base is not in ``system`` (Single Reactor Ignition)."""

    kind: ClassVar[str] = "base_not_here"
    system: int


# ---------------------------------------------------------------- the Imperial mission deck
@attrs.frozen(kw_only=True)
class RingAttached(Event):
    """Attachment ring ``ring`` (an index into ``data.RINGS``) is now on ``leader`` (Carbon
    Freezing, Lure of the Dark Side, Seek Yoda)."""

    kind: ClassVar[str] = "ring_attached"
    leader: int
    ring: int


@attrs.frozen(kw_only=True)
class ReputationChanged(Event):
    """The reputation marker moved ``amount`` spaces toward time (negative: away), to
    ``reputation``, because of ``reason`` (a card's name)."""

    kind: ClassVar[str] = "reputation_changed"
    amount: int
    reputation: int
    reason: str


@attrs.frozen(kw_only=True)
class SystemNamed(Event):
    """Interrogation Droid: the Rebels named ``system`` (one of 3, one holding the base)."""

    kind: ClassVar[str] = "system_named"
    system: int


@attrs.frozen(kw_only=True)
class BaseIsHere(Event):
    """Long Range Probe: the Rebels said their base is in ``system`` (it stays hidden)."""

    kind: ClassVar[str] = "base_is_here"
    system: int


@attrs.frozen(kw_only=True)
class ProbesGiven(Event):
    """Intercept Transmissions: of the probe cards the Rebels drew, they gave the Empire
    ``cards`` (systems with an Imperial unit)."""

    kind: ClassVar[str] = "probes_given"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ProbesDrawnCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ProbeDeckShuffled(Event):
    """``returned`` probe cards went back into the probe deck, which was shuffled."""

    kind: ClassVar[str] = "probe_deck_shuffled"
    returned: int


@attrs.frozen(kw_only=True)
class QueueAdvanced(Event):
    """Double Our Efforts: one ``unit`` moved from build-queue space ``space`` to the space
    below it."""

    kind: ClassVar[str] = "queue_advanced"
    player: int
    unit: int
    space: int


@attrs.frozen(kw_only=True)
class LeaderDetained(Event):
    """Detained: ``leader`` does not go back to the pool at the next Refresh Phase."""

    kind: ClassVar[str] = "leader_detained"
    leader: int


# ---------------------------------------------------------------- rings and the Rebel mission deck
@attrs.frozen(kw_only=True)
class MissionDieRerolled(Event):
    """``player`` rerolled die ``die`` of its roll-off dice (``was`` to ``face``); it now has
    ``successes``."""

    kind: ClassVar[str] = "mission_die_rerolled"
    player: int
    die: int
    was: str
    face: str
    successes: int


@attrs.frozen(kw_only=True)
class RingUsed(Event):
    kind: ClassVar[str] = "ring_used"
    leader: int
    ring: int


@attrs.frozen(kw_only=True)
class LeaderReplaced(Event):
    """Leader ``old`` is replaced on the board by its other form ``new`` (Seek Yoda)."""

    kind: ClassVar[str] = "leader_replaced"
    old: int
    new: int


@attrs.frozen(kw_only=True)
class Reassigned(Event):
    """Contingency Plan: ``leader`` went face down onto starting mission ``card`` (the
    Empire sees only that it is a starting mission, unless it saw the card leave play)."""

    kind: ClassVar[str] = "reassigned"
    player: int
    leader: int
    card: int = card_field()

    def public(self) -> Event:
        return ReassignedHidden(player=self.player, leader=self.leader)


@attrs.frozen(kw_only=True)
class ReassignedHidden(Event):
    kind: ClassVar[str] = "reassigned_hidden"
    player: int
    leader: int


@attrs.frozen(kw_only=True)
class AttemptBonus(Event):
    """``leader`` adds ``successes`` to the next mission it attempts this round."""

    kind: ClassVar[str] = "attempt_bonus"
    leader: int
    successes: int


@attrs.frozen(kw_only=True)
class Misdirected(Event):
    """No Imperial pool leader may oppose ``leader``'s missions this round."""

    kind: ClassVar[str] = "misdirected"
    leader: int


@attrs.frozen(kw_only=True)
class QueueUnitDestroyed(Event):
    """A unit on the Imperial build queue was destroyed (a mission's ``reason``)."""

    kind: ClassVar[str] = "queue_unit_destroyed"
    unit: int
    space: int
    reason: str


@attrs.frozen(kw_only=True)
class LeaderFollowed(Event):
    """An assigned leader went with the leader rescued by its mission, to ``dst``."""

    kind: ClassVar[str] = "leader_followed"
    leader: int
    dst: int


@attrs.frozen(kw_only=True)
class ProbesTaken(Event):
    """Plant False Lead: the probe cards the Rebels took from the Empire's hand at random
    (both sides know them)."""

    kind: ClassVar[str] = "probes_taken"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ProbesTakenCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ProbesTakenCount(Event):
    kind: ClassVar[str] = "probes_taken_count"
    count: int


@attrs.frozen(kw_only=True)
class ProbePlaced(Event):
    """Plant False Lead: a taken probe card on top of the probe deck or at its bottom."""

    kind: ClassVar[str] = "probe_placed"
    card: int = card_field()
    top: bool

    def public(self) -> Event:
        return ProbePlacedHidden(top=self.top)


@attrs.frozen(kw_only=True)
class ProbePlacedHidden(Event):
    kind: ClassVar[str] = "probe_placed_hidden"
    top: bool


@attrs.frozen(kw_only=True)
class ObjectivesOrdered(Event):
    """Stolen Plans: the top objective cards in their new order, top first."""

    kind: ClassVar[str] = "objectives_ordered"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ObjectivesOrderedHidden(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ObjectivesOrderedHidden(Event):
    kind: ClassVar[str] = "objectives_ordered_hidden"
    count: int


# ---------------------------------------------------------------- Rise of the Empire mission cards
@attrs.frozen(kw_only=True)
class LeadersToPool(Event):
    """A mission sent the leaders assigned to it back to ``player``'s pool."""

    kind: ClassVar[str] = "leaders_to_pool"
    player: int
    leaders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class RecruitedTo(Event):
    """A mission recruited ``leader`` from the supply and placed it in ``system`` (RR-109)."""

    kind: ClassVar[str] = "recruited_to"
    player: int
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class LeaderDrawnOut(Event):
    """Draw Them Out: the Rebel pool leader the Empire placed in ``system`` (RR-101)."""

    kind: ClassVar[str] = "leader_drawn_out"
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class Discredited(Event):
    """Discredit Rebellion: the Rebels removed every sabotage marker (``removed``) or rolled."""

    kind: ClassVar[str] = "discredited"
    removed: bool


@attrs.frozen(kw_only=True)
class MissionHandShown(Event):
    """``player`` showed its hand of mission cards to the other side (Stolen Intel)."""

    kind: ClassVar[str] = "mission_hand_shown"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return MissionHandShownCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class MissionHandShownCount(Event):
    kind: ClassVar[str] = "mission_hand_shown_count"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class MissionToHand(Event):
    """A face-up mission card went back into ``player``'s hand (a failed card that says so,
    or one taken from the discard pile): both sides know it is there."""

    kind: ClassVar[str] = "mission_to_hand"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class BaseInRegion(Event):
    """Break Their Will: the Rebels said their base is in the region of ``system`` (RR-108)."""

    kind: ClassVar[str] = "base_in_region"
    system: int


@attrs.frozen(kw_only=True)
class BaseNotInRegion(Event):
    """Break Their Will: the Rebels said their base is not in the region of ``system``."""

    kind: ClassVar[str] = "base_not_in_region"
    system: int


@attrs.frozen(kw_only=True)
class Subverted(Event):
    """``player`` revealed Subversion against the mission in ``system``: its ``leaders`` join
    the opposition (RR-111)."""

    kind: ClassVar[str] = "subverted"
    player: int
    card: int = card_field()
    leaders: tuple[int, ...]
    system: int


@attrs.frozen(kw_only=True)
class TacticsRecovered(Event):
    """Prepare for Battle: ``count`` of ``player``'s discarded advanced tactic cards went back
    to their decks (RR-114)."""

    kind: ClassVar[str] = "tactics_recovered"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class MissionsLooked(Event):
    """Secret Mission: ``player`` looked at the top cards of its mission deck (the other side
    sees how many)."""

    kind: ClassVar[str] = "missions_looked"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return MissionsLookedCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class MissionsLookedCount(Event):
    kind: ClassVar[str] = "missions_looked_count"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class MissionTaken(Event):
    """Secret Mission: ``player`` took a card looked at into its hand (the other side sees
    that one was taken)."""

    kind: ClassVar[str] = "mission_taken"
    player: int
    card: int = card_field()

    def public(self) -> Event:
        return MissionTakenHidden(player=self.player)


@attrs.frozen(kw_only=True)
class MissionTakenHidden(Event):
    kind: ClassVar[str] = "mission_taken_hidden"
    player: int


@attrs.frozen(kw_only=True)
class MissionDeckShuffled(Event):
    """``player``'s mission deck was shuffled (Secret Mission)."""

    kind: ClassVar[str] = "mission_deck_shuffled"
    player: int


# ---------------------------------------------------------------- the attachment rings
@attrs.frozen(kw_only=True)
class RingDiscarded(Event):
    """Attachment ring ``ring`` left ``leader`` and went back to the supply: used up (C-3PO,
    R2-D2, Millennium Falcon) or replaced by the captured ring (Bounty) (RR-150..RR-154)."""

    kind: ClassVar[str] = "ring_discarded"
    leader: int
    ring: int


@attrs.frozen(kw_only=True)
class DieBlanked(Event):
    """The R2-D2 ring turned ``player``'s roll-off die ``die`` (``was``) to a blank; that
    side now has ``successes`` (RR-152)."""

    kind: ClassVar[str] = "die_blanked"
    player: int
    die: int
    was: str
    successes: int


@attrs.frozen(kw_only=True)
class ActionCardPlayed(Event):
    """An action card played from the hand, face up (:mod:`.rules.action_cards`)."""

    kind: ClassVar[str] = "action_card_played"
    player: int
    card: int = card_field()


# ---------------------------------------------------------------- the Rebel action cards
# (:mod:`.rules.rebel_cards`)
@attrs.frozen(kw_only=True)
class RadarProbeKept(Event):
    """Under the Radar: the Rebels kept probe card ``card`` face down under the card."""

    kind: ClassVar[str] = "radar_probe_kept"
    card: int = card_field()

    def public(self) -> Event:
        return RadarProbeKeptHidden()


@attrs.frozen(kw_only=True)
class RadarProbeKeptHidden(Event):
    kind: ClassVar[str] = "radar_probe_kept_hidden"


@attrs.frozen(kw_only=True)
class RadarProbesPlaced(Event):
    """Under the Radar: the ``count`` other probe cards looked at went back on top of the
    probe deck (``top``) or at its bottom."""

    kind: ClassVar[str] = "radar_probes_placed"
    count: int
    top: bool


@attrs.frozen(kw_only=True)
class RadarProbeReturned(Event):
    """Under the Radar: the probe card kept under it went back on top of the probe deck,
    face down; the card leaves play."""

    kind: ClassVar[str] = "radar_probe_returned"


@attrs.frozen(kw_only=True)
class CardRecalled(Event):
    """False Orders: Imperial ``leader`` went back to the pool from a face-down mission,
    the card back to the Imperial hand unseen (RR-175)."""

    kind: ClassVar[str] = "card_recalled"
    leader: int


@attrs.frozen(kw_only=True)
class UndercoverMoved(Event):
    """Undercover: ``leader`` moved from ``src`` into the mission's system ``dst``."""

    kind: ClassVar[str] = "undercover_moved"
    leader: int
    src: int
    dst: int


@attrs.frozen(kw_only=True)
class MissionSearched(Event):
    """Son of Skywalker: ``player`` took mission ``card`` from its deck into its hand,
    shown (RR-177)."""

    kind: ClassVar[str] = "mission_searched"
    player: int
    card: int


@attrs.frozen(kw_only=True)
class DieSet(Event):
    """One in a Million: ``player`` set one of its dice of ``colour`` to ``face`` instead of
    rolling it (RR-179)."""

    kind: ClassVar[str] = "die_set"
    player: int
    colour: str
    face: str


# ---------------------------------------------------------------- the Imperial action cards
@attrs.frozen(kw_only=True)
class TacticShown(Event):
    """Good Intel: the Rebels chose tactic card ``card`` (its card id) face up (RR-160)."""

    kind: ClassVar[str] = "tactic_shown"
    player: int
    card: int


@attrs.frozen(kw_only=True)
class ProbeHidden(Event):
    """Probe card ``card`` went face down under action card ``under`` (its card id: Secret
    Facility, Sweep the Area): only the Empire sees which."""

    kind: ClassVar[str] = "probe_hidden"
    card: int = card_field()
    under: int

    def public(self) -> Event:
        return ProbeHiddenCount(under=self.under)


@attrs.frozen(kw_only=True)
class ProbeHiddenCount(Event):
    """A probe card went face down under action card ``under`` (its card id)."""

    kind: ClassVar[str] = "probe_hidden_count"
    under: int


@attrs.frozen(kw_only=True)
class ProbeShown(Event):
    """The probe card hidden under action card ``under`` (its card id) is revealed: system
    ``card``."""

    kind: ClassVar[str] = "probe_shown"
    card: int
    under: int


@attrs.frozen(kw_only=True)
class PoolLimitRaised(Event):
    """Ambitions of Power: ``player``'s leader pool limit is ``limit`` for the game."""

    kind: ClassVar[str] = "pool_limit_raised"
    player: int
    limit: int


@attrs.frozen(kw_only=True)
class LeaderSentToPool(Event):
    """Track Them: ``leader`` went back from ``system`` to ``player``'s pool."""

    kind: ClassVar[str] = "leader_sent_to_pool"
    player: int
    leader: int
    system: int


@attrs.frozen(kw_only=True)
class ProjectSearched(Event):
    """Proceeding as Planned: the Empire took project ``card`` from the project deck and
    assigned ``leader`` to it; the Rebels see only that a project was taken."""

    kind: ClassVar[str] = "project_searched"
    card: int = card_field()
    leader: int

    def public(self) -> Event:
        return ProjectSearchedHidden(leader=self.leader)


@attrs.frozen(kw_only=True)
class ProjectSearchedHidden(Event):
    kind: ClassVar[str] = "project_searched_hidden"
    leader: int


@attrs.frozen(kw_only=True)
class ObjectivesSeen(Event):
    """Lord Vader's Orders: the Empire looked at the top objective cards, top first."""

    kind: ClassVar[str] = "objectives_seen"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ObjectivesSeenCount(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ObjectivesSeenCount(Event):
    kind: ClassVar[str] = "objectives_seen_count"
    count: int


@attrs.frozen(kw_only=True)
class ObjectivesReordered(Event):
    """Lord Vader's Orders: the top objective cards in the Empire's order, top first."""

    kind: ClassVar[str] = "objectives_reordered"
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return ObjectivesReorderedHidden(count=len(self.cards))


@attrs.frozen(kw_only=True)
class ObjectivesReorderedHidden(Event):
    kind: ClassVar[str] = "objectives_reordered_hidden"
    count: int


@attrs.frozen(kw_only=True)
class SystemWatched(Event):
    """Boba Fett? Where?: this Command Phase the Rebels attempt no mission and use no action
    card in ``system``."""

    kind: ClassVar[str] = "system_watched"
    system: int


@attrs.frozen(kw_only=True)
class LeaderPlaced(Event):
    """An action card put ``leader`` in ``system`` (an Assignment card, Early Promotion)."""

    kind: ClassVar[str] = "leader_placed"
    player: int
    leader: int
    system: int


# ---------------------------------------------------------------- the team game (RR-02)
@attrs.frozen(kw_only=True)
class RolePassed(Event):
    """Team game: ``role`` (0 Admiral, 1 General) of side ``player`` passed for the rest
    of the Command Phase (:mod:`.rules.team`)."""

    kind: ClassVar[str] = "role_passed"
    player: int
    role: int


@attrs.frozen(kw_only=True)
class TeamDeclined(Event):
    """Team game: seat ``seat`` of side ``player`` declined an offer; its teammate
    ``to_seat`` is asked (:mod:`.rules.team`)."""

    kind: ClassVar[str] = "team_declined"
    player: int
    seat: int
    to_seat: int
