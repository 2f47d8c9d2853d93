"""Playing objectives: conditions, windows, reputation and the cards' abilities (research
§4.1, §4.5 step 0, §5.5, §7.1, §7.4, §8.2, §8.9; ROTE "Immediate Objectives", "Target
Markers", "Shield Bunker"; RR-34, RR-59..RR-69).

**Reputation.** Playing a card moves the reputation marker toward the time marker by its
printed number (Inspire Sympathy: 1 per destroyed system; RR-34) and the Rebels win at
once if the two meet (``ReputationGained``, then ``GameOver``). Then the card's other
ability resolves (RR-62). Played cards go face up to ``objective_discard``; Show No Fear
stays in ``objectives_in_play`` while its marker is on the board. Raid Outposts gives 1
each time the Rebels remove one of its markers; Rebel Cell and Show No Fear give 1 at the
start of each later Refresh Phase while their marker is on the board (RR-34, RR-61).

**Windows** (a :class:`.decisions.PlayObjective`: ``objective <card>`` or ``pass``; playing
is always the Rebels' choice):

* ``refresh``: once, just before Refresh step 1, after the start-of-phase gains of Show
  No Fear and Rebel Cell (RR-61): at most one refresh card a Refresh Phase;
* in a combat (RR-59), agenda steps of :mod:`.combat.flow`: after each battle's
  destruction (``space``: Death Star Plans may be rolled then, once a combat round,
  RR-67; ``combat`` after the ground battle), after the end-of-round destruction
  (``combat``), and at the end of the combat (``end``: also the cards that need a won
  battle). At most one objective a combat; a card not played when its condition was met
  may still be played at a later window of the combat while the condition holds.

A window opens on public facts only (RR-68): the Rebels hold a card, and some card they
might hold, as far as the Empire knows (not seen elsewhere, a back of a stage in the
hand, not Immediate), would be playable now. Its legal actions then name the cards really
playable (one per card name), and ``pass``.

**Conditions** (``condition`` in ``data/objectives.toml``, :data:`CONDITIONS`; RR-60, RR-62):
the combat's tallies live in :class:`.battle.Battle` (printed health of the Imperial units
destroyed by theater, Star Destroyers destroyed, the battles fought, subjugation when the
combat began); a combat the Rebels started is one whose current player they are; a battle
of a theater is won when it was fought and, at the end of the combat, the Rebels still
have units of that theater there and the Empire none (research §5.5). "Rebel loyalty"
counts Rebel systems (not subjugated).

**Abilities** (``effect``, :data:`PLAY_EFFECTS`): Death Star Plans' roll (RR-67: a direct
hit destroys the Death Star or Death Star Under Construction and plays the card, 2
reputation; otherwise it goes back to the hand, shown; no Shield Bunker there, no Secure
the Plans marker on the board); Return of the Jedi (with Luke Skywalker (Jedi) there, an
Imperial leader there of the Rebels' choice is eliminated, RR-60); Seize Control (the
sabotage marker may be removed); The Long War (2 other cards discarded, RR-69); A Time for
Peace (2 triangle, 1 circle and 1 square unit destroyed from the Imperial build queue, the
Rebels choosing, RR-63); Show No Fear (its marker in the base's system: the Empire learns
where the base is, RR-66).

**Immediate cards** (:func:`resolve_immediate`, called by :func:`.objectives.draw_objectives`):
Raid Outposts (the Empire places its 2 markers in 2 remote systems, RR-64) and Rebel Cell
(the Rebels place its marker in a Rebel system; with none the card is discarded, nothing
replacing it, RR-65). They stay in play while a marker of theirs is on the board; the
removal effects (:data:`.markers.REMOVAL_EFFECTS`) call :func:`marker_removed`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Destroy, Objective, Pass, QueueDestroy, SystemChoice, Target
from ..board import (
    ELIMINATED,
    OFF,
    POPULOUS,
    UNITS_OF,
    gain_reputation,
    imperial_system,
    rebel_system,
    rebels_win,
)
from ..data import (
    ADJACENT,
    IMPERIAL,
    MARKERS,
    NUM_SYSTEMS,
    OBJECTIVE_CONDITIONS,
    OBJECTIVE_EFFECTS,
    OBJECTIVES,
    REBEL,
    SYSTEMS,
    UNITS,
    ObjectiveDef,
    leader_id,
    marker_id,
    objective_id,
    system_id,
)
from ..decisions import (
    CellDiscard,
    DestroyQueued,
    DiscardObjectives,
    ObjectiveLeader,
    PlaceTargetMarker,
    PlansTarget,
    PlayObjective,
    SeizeControl,
)
from ..events import (
    GameOver,
    LeaderEliminated,
    ObjectiveBackToHand,
    ObjectiveDiscarded,
    ObjectivePlayed,
    ObjectiveRevealed,
    ReputationGained,
    SabotageRemoved,
    UnitsDestroyed,
)
from ..ids import objective_card, objective_of
from .markers import place_marker, remove_marker
from .objectives import IMMEDIATE, STAGE, back_stages, from_hand, resume_draw
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "CONDITIONS",
    "PLAY_EFFECTS",
    "WINDOWS",
    "base_moved",
    "gain",
    "marker_removed",
    "open_window",
    "playable",
    "queue_side",
    "resolve_immediate",
    "start_of_refresh",
    "step_objectives",
]

WINDOWS = ("refresh", "space", "combat", "end")
SPACE, GROUND = 0, 1
VADER = leader_id("Darth Vader")
PALPATINE = leader_id("Emperor Palpatine")
LUKE_JEDI = leader_id("Luke Skywalker (Jedi)")
RAID = marker_id("Raid Outposts")
CELL = marker_id("Rebel Cell")
SHOW = marker_id("Show No Fear")
SECURE = marker_id("Secure the Plans")
MARKER_CARD: dict[int, int] = {
    k: objective_card(objective_id(m.card))
    for k, m in enumerate(MARKERS)
    if m.card_type == "objective"
}
"""Marker kind -> the objective card (id) that places it."""
REMOTE: tuple[bool, ...] = tuple(x.remote for x in SYSTEMS)
HAS_ICONS: tuple[bool, ...] = tuple(bool(x.icons) for x in SYSTEMS)
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)
SHAPE: tuple[str, ...] = tuple(u.build_icon.rpartition("_")[2] for u in UNITS)
"""The icon shape that builds each unit ("" when no icon builds it)."""
REBEL_STRUCTURES: tuple[int, ...] = tuple(u for u in UNITS_OF[REBEL] if F.structure[u])
COMBAT_CARDS = tuple(objective_card(i) for i, o in enumerate(OBJECTIVES) if o.timing == "combat")
REFRESH_CARDS = tuple(objective_card(i) for i, o in enumerate(OBJECTIVES) if o.timing == "refresh")


# ================================================================ reputation
def gain(s: RebellionState, amount: int, card: int) -> bool:
    """The reputation marker moves ``amount`` spaces toward time for objective ``card`` (an
    index; the event names its card id); True if the Rebels have won (reputation met time,
    research §4.1)."""
    b = s.board
    before = b.reputation
    gain_reputation(b, amount)
    s.emit(
        ReputationGained(
            amount=abs(before - b.reputation), reputation=b.reputation, card=objective_card(card)
        )
    )
    if rebels_win(b):
        s.emit(GameOver(winner=REBEL, reason="reputation met the time marker"))
        s.finish([1.0, -1.0])
        return True
    return False


def reputation_on_play(s: RebellionState, o: ObjectiveDef) -> int:
    """What playing ``o`` gives at once (RR-34): its number, per destroyed system for
    Inspire Sympathy, nothing for the cards that give reputation later."""
    if o.reputation_per == "destroyed_system":
        return o.reputation * sum(s.board.destroyed)
    return o.reputation if not o.reputation_per else 0


# ================================================================ the combat's facts
def started(s: RebellionState) -> bool:
    """A combat the Rebels started: they are its current player (research §5.5)."""
    return s.battle.attacker == REBEL


def won(s: RebellionState, th: int) -> bool:
    """The Rebels won the battle of theater ``th`` (research §5.5; RR-60): it was fought,
    and the Rebels have units of it in the system and the Empire none."""
    bt, b = s.battle, s.board
    if not bt.fought[th]:
        return False
    x = bt.system
    if th == SPACE:
        return b.has_ships(x, REBEL) and not b.has_ships(x, IMPERIAL)
    return b.has_ground(x, REBEL) and not b.has_ground(x, IMPERIAL)


def won_any(s: RebellionState) -> bool:
    return won(s, SPACE) or won(s, GROUND)


def plans_allowed(s: RebellionState) -> bool:
    """Death Star Plans may be rolled now: not yet this round, no Secure the Plans marker on
    the board, and a Death Star or Death Star Under Construction it may destroy (RR-67)."""
    from .combat.death_star_plans import plans_targets

    bt = s.battle
    if bt.plans_round == bt.round or any(m >> SECURE & 1 for m in s.board.markers):
        return False
    return bool(plans_targets(s))


# ================================================================ conditions
Condition = Callable[["RebellionState", ObjectiveDef], bool]


def c_ground_health(s: RebellionState, o: ObjectiveDef) -> bool:
    return started(s) and s.battle.health_lost[GROUND] >= o.amount


def c_ship_health(s: RebellionState, o: ObjectiveDef) -> bool:
    return started(s) and s.battle.health_lost[SPACE] >= o.amount


def c_star_destroyer(s: RebellionState, o: ObjectiveDef) -> bool:
    return started(s) and s.battle.destroyers > 0


def c_liberation(s: RebellionState, o: ObjectiveDef) -> bool:
    return s.battle.subjugated and won(s, GROUND)


def c_vader_or_emperor(s: RebellionState, o: ObjectiveDef) -> bool:
    x = s.battle.system
    here = s.board.leader_loc
    return won_any(s) and (here[VADER] == x or here[PALPATINE] == x)


def c_both_battles(s: RebellionState, o: ObjectiveDef) -> bool:
    return won(s, SPACE) and won(s, GROUND)


def c_sabotaged(s: RebellionState, o: ObjectiveDef) -> bool:
    return won_any(s) and s.board.sabotage[s.battle.system]


def c_factory(s: RebellionState, o: ObjectiveDef) -> bool:
    x = s.battle.system
    return started(s) and won_any(s) and HAS_ICONS[x] and not s.board.destroyed[x]


def c_plans(s: RebellionState, o: ObjectiveDef) -> bool:
    return plans_allowed(s)


def c_supply_lines(s: RebellionState, o: ObjectiveDef) -> bool:
    b = s.board
    n = sum(
        1
        for x in range(NUM_SYSTEMS)
        if imperial_system(b, x) and (b.sabotage[x] or b.has_units(x, REBEL))
    )
    return n >= o.amount


def c_defend(s: RebellionState, o: ObjectiveDef) -> bool:
    b = s.board
    n = sum(1 for x in range(NUM_SYSTEMS) if rebel_system(b, x) and b.has_units(x, REBEL))
    return n >= o.amount


def c_region(s: RebellionState, o: ObjectiveDef) -> bool:
    """Every populous system of one region has Rebel loyalty (a region with one at least)."""
    b = s.board
    for r in set(REGION):
        places = [
            x for x in range(NUM_SYSTEMS) if REGION[x] == r and POPULOUS[x] and not b.destroyed[x]
        ]
        if places and all(rebel_system(b, x) for x in places):
            return True
    return False


def c_held_alone(s: RebellionState, o: ObjectiveDef) -> bool:
    b, x = s.board, system_id(o.system)
    return b.has_units(x, REBEL) and not b.has_units(x, IMPERIAL)


def c_no_captive(s: RebellionState, o: ObjectiveDef) -> bool:
    """No Rebel leader is captured: none in the captured ring, none frozen in Carbonite."""
    return not s.board.captives()


def c_rebel_systems(s: RebellionState, o: ObjectiveDef) -> bool:
    b = s.board
    return sum(1 for x in range(NUM_SYSTEMS) if rebel_system(b, x)) >= o.amount


def c_units_in_systems(s: RebellionState, o: ObjectiveDef) -> bool:
    b = s.board
    return sum(1 for x in range(NUM_SYSTEMS) if b.has_units(x, REBEL)) >= o.amount


def c_destroyed(s: RebellionState, o: ObjectiveDef) -> bool:
    return sum(s.board.destroyed) >= o.amount


def c_structures(s: RebellionState, o: ObjectiveDef) -> bool:
    """One system, not the revealed base's, holds ``amount`` Rebel structures."""
    b = s.board
    skip = s.base if b.base_revealed else -1
    return any(
        sum(b.units[x][u] for u in REBEL_STRUCTURES) >= o.amount
        for x in range(NUM_SYSTEMS)
        if x != skip
    )


def c_region_of(s: RebellionState, o: ObjectiveDef) -> bool:
    b, r = s.board, REGION[system_id(o.system)]
    return sum(1 for x in range(NUM_SYSTEMS) if REGION[x] == r and rebel_system(b, x)) >= o.amount


def c_near(s: RebellionState, o: ObjectiveDef) -> bool:
    b, x = s.board, system_id(o.system)
    return sum(b.count(y, REBEL) for y in (x, *ADJACENT[x])) >= o.amount


def c_other_cards(s: RebellionState, o: ObjectiveDef) -> bool:
    return len(s.zones["objective_hand"]) - 1 >= o.amount


def queue_side(s: RebellionState) -> int:
    """The build queue A Time for Peace destroys units on (RR-63, option
    ``time_for_peace``)."""
    return REBEL if s.options.time_for_peace == "rebel" else IMPERIAL


def c_queue_shapes(s: RebellionState, o: ObjectiveDef) -> bool:
    b = s.board
    side = queue_side(s)
    have = [SHAPE[u] for q in b.queue[side * 3 : side * 3 + 3] for u in q]
    return all(have.count(sh) >= o.shapes.count(sh) for sh in set(o.shapes))


def c_never(s: RebellionState, o: ObjectiveDef) -> bool:
    return False


def c_always(s: RebellionState, o: ObjectiveDef) -> bool:
    return True


CONDITIONS: dict[str, Condition] = {
    "imperial_ground_health_destroyed": c_ground_health,
    "imperial_ship_health_destroyed": c_ship_health,
    "star_destroyer_destroyed": c_star_destroyer,
    "ground_battle_won_subjugated": c_liberation,
    "battle_won_with_vader_or_emperor": c_vader_or_emperor,
    "space_and_ground_battles_won": c_both_battles,
    "battle_won_sabotaged": c_sabotaged,
    "battle_won_started_resource_icon": c_factory,
    "death_star_plans": c_plans,
    "imperial_systems_sabotaged_or_held": c_supply_lines,
    "rebel_systems_with_units": c_defend,
    "region_all_rebel": c_region,
    "held_by_rebels_alone": c_held_alone,
    "no_captured_leader": c_no_captive,
    "rebel_systems": c_rebel_systems,
    "systems_with_units": c_units_in_systems,
    "destroyed_systems": c_destroyed,
    "structures_in_one_system": c_structures,
    "rebel_systems_in_region_of": c_region_of,
    "rebel_units_in_or_next_to": c_near,
    "other_objectives_in_hand": c_other_cards,
    "imperial_queue_shapes": c_queue_shapes,
    "when_drawn": c_never,
    "always": c_always,
}
"""Each condition of ``data/objectives.toml`` by name: ``fn(state, card) -> bool``."""
assert set(CONDITIONS) == set(OBJECTIVE_CONDITIONS), "a condition without its function"

WON_BATTLE = frozenset(
    {
        "ground_battle_won_subjugated",
        "battle_won_with_vader_or_emperor",
        "space_and_ground_battles_won",
        "battle_won_sabotaged",
        "battle_won_started_resource_icon",
    }
)
"""Conditions that need a won battle: played at the end of the combat (research §7.1)."""


# ================================================================ windows
def fits(o: ObjectiveDef, window: str) -> bool:
    """Whether card ``o`` may be played in ``window`` at all."""
    if window == "refresh":
        return o.timing == "refresh"
    if o.timing != "combat":
        return False
    if o.condition == "death_star_plans":
        return window == "space"
    return window == "end" or o.condition not in WON_BATTLE


def playable(s: RebellionState, card: int, window: str) -> bool:
    """Card ``card`` (an id) may be played in ``window`` now."""
    o = OBJECTIVES[objective_of(card)]
    return fits(o, window) and CONDITIONS[o.condition](s, o)


def possible_hand(s: RebellionState) -> list[int]:
    """The cards that may be in the Rebels' hand as far as the Empire knows (RR-68)."""
    known = s.known_to("objective_hand", IMPERIAL)
    if len(known) == len(s.zones["objective_hand"]):
        return list(known)
    seen = {
        *s.zones["objective_discard"],
        *s.zones["objectives_in_play"],
        *s.known_to("objective_deck", IMPERIAL),
        *s.known_to("objectives_out", IMPERIAL),
    }
    stages = set(back_stages(s, "objective_hand"))
    return [c for c in STAGE if c not in IMMEDIATE and c not in seen and STAGE[c] in stages]


def window_due(s: RebellionState, window: str) -> bool:
    """A window opens (RR-68: on public facts): the Rebels hold a card, none was played in
    this combat yet, and a card they may hold would be playable now."""
    if not s.zones["objective_hand"]:
        return False
    if window != "refresh" and s.battle.objective_played:
        return False
    pool = REFRESH_CARDS if window == "refresh" else COMBAT_CARDS
    maybe = set(possible_hand(s))
    return any(c in maybe and playable(s, c, window) for c in pool)


def open_window(s: RebellionState, window: str) -> bool:
    """Push the window's decision if it is due; True if pushed."""
    if window_due(s, window):
        s.stack.append(PlayObjective(player=REBEL, window=window))
        return True
    return False


def step_objectives(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The combat agenda's objective window (RR-59): ``extra`` 1 at the end of the combat,
    else after the battle of theater ``th`` (-1: after the end-of-round destruction)."""
    open_window(s, "end" if extra else "space" if th == SPACE else "combat")


def start_of_refresh(s: RebellionState) -> bool:
    """Before Refresh step 1 (RR-61): Show No Fear's reputation, Rebel Cell's, then the
    refresh window. True when a decision waits (or the Rebels won); the Refresh Phase goes
    on with :func:`.refresh.refresh_steps` once it is done."""
    b = s.board
    shown = s.zones["objectives_in_play"]
    show = MARKER_CARD[SHOW]
    if show in shown and any(m >> SHOW & 1 for m in b.markers):
        o = OBJECTIVES[objective_of(show)]
        if gain(s, o.reputation, objective_of(show)):
            return True
    cell = MARKER_CARD[CELL]
    cell_on = cell in shown and any(m >> CELL & 1 for m in b.markers)
    if cell_on and s.zones["objective_hand"]:
        s.stack.append(CellDiscard(player=REBEL))
        return True
    return open_window(s, "refresh")


def after_window(s: RebellionState, window: str) -> None:
    """The window is over: the combat's agenda or the Refresh Phase goes on."""
    if s.is_terminal:
        return
    if window == "refresh":
        from .refresh import refresh_steps

        refresh_steps(s)
    else:
        from .combat.flow import advance

        advance(s)


# ================================================================ playing
def distinct(cards: list[int]) -> list[int]:
    """One card id per card name (the lowest): the two Death Star Plans are one choice."""
    seen: set[str] = set()
    out = []
    for c in sorted(cards):
        name = OBJECTIVES[objective_of(c)].name
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


def legal_play(s: RebellionState, d: PlayObjective) -> list[Action]:
    hand = s.zones["objective_hand"]
    out: list[Action] = [Objective(c) for c in distinct(hand) if playable(s, c, d.window)]
    out.append(Pass())
    return out


def apply_play(s: RebellionState, d: PlayObjective, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Pass):
        after_window(s, d.window)
        return
    assert isinstance(a, Objective)
    card = a.card
    if OBJECTIVES[objective_of(card)].effect == "death_star_plans_roll":
        start_plans(s, card)
        return
    play(s, card, d.window)


def play(s: RebellionState, card: int, window: str) -> None:
    """The card is played from the hand: face up, its reputation, then its ability."""
    i = objective_of(card)
    o = OBJECTIVES[i]
    from_hand(s, card)
    stays = o.effect == "marker_in_base_system"
    s.zones["objectives_in_play" if stays else "objective_discard"].append(card)
    s.emit(ObjectivePlayed(card=card))
    if window != "refresh":
        s.battle.objective_played = True
    n = reputation_on_play(s, o)
    if n and gain(s, n, i):
        return
    if PLAY_EFFECTS[o.effect](s, card, window):
        return
    after_window(s, window)


def no_effect(s: RebellionState, card: int, window: str) -> bool:
    return False


def effect_return_of_the_jedi(s: RebellionState, card: int, window: str) -> bool:
    """With Luke Skywalker (Jedi) in the system, an Imperial leader there is eliminated,
    the Rebels choosing when there are several (RR-60)."""
    b, x = s.board, s.battle.system
    if b.leader_loc[LUKE_JEDI] != x:
        return False
    leaders = b.leaders_at(x, IMPERIAL)
    if len(leaders) > 1:
        s.stack.append(ObjectiveLeader(player=REBEL, system=x))
        return True
    if leaders:
        eliminate(s, leaders[0])
    return False


def eliminate(s: RebellionState, leader: int) -> None:
    b = s.board
    b.leader_status[leader] = ELIMINATED
    b.leader_loc[leader] = OFF
    s.emit(LeaderEliminated(player=IMPERIAL, leader=leader))


def legal_leader(s: RebellionState, d: ObjectiveLeader) -> list[Action]:
    return [Target(x) for x in s.board.leaders_at(d.system, IMPERIAL)]


def apply_leader(s: RebellionState, d: ObjectiveLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    eliminate(s, a.leader)
    after_window(s, "end")


def effect_seize_control(s: RebellionState, card: int, window: str) -> bool:
    """The Rebels may then remove the sabotage marker of the system."""
    s.stack.append(SeizeControl(player=REBEL, system=s.battle.system))
    return True


def legal_seize(s: RebellionState, d: SeizeControl) -> list[Action]:
    return [SystemChoice(d.system), Pass()]


def apply_seize(s: RebellionState, d: SeizeControl, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, SystemChoice):
        s.board.sabotage[d.system] = False
        s.emit(SabotageRemoved(system=d.system))
    after_window(s, "end")


def effect_long_war(s: RebellionState, card: int, window: str) -> bool:
    """The Rebels discard 2 other objective cards of their hand (RR-69)."""
    s.stack.append(DiscardObjectives(player=REBEL, left=OBJECTIVES[objective_of(card)].amount))
    return True


def discard_from_hand(s: RebellionState, card: int, reason: str) -> None:
    from_hand(s, card)
    s.zones["objective_discard"].append(card)
    s.emit(ObjectiveDiscarded(card=card, reason=reason))


def legal_discard(s: RebellionState, d: DiscardObjectives) -> list[Action]:
    return [Objective(c) for c in distinct(s.zones["objective_hand"])]


def apply_discard(s: RebellionState, d: DiscardObjectives, a: Action) -> None:
    assert isinstance(a, Objective)
    s.stack.pop()
    discard_from_hand(s, a.card, "The Long War")
    if d.left > 1 and s.zones["objective_hand"]:
        s.stack.append(DiscardObjectives(player=REBEL, left=d.left - 1))
        return
    after_window(s, "refresh")


def effect_time_for_peace(s: RebellionState, card: int, window: str) -> bool:
    """Destroy units of the shapes the card shows from the build queue, the Rebels choosing
    each (RR-63)."""
    shapes = OBJECTIVES[objective_of(card)].shapes
    return next_queued(s, DestroyQueued(player=REBEL, side=queue_side(s), left=shapes))


def queued_options(s: RebellionState, d: DestroyQueued) -> list[Action]:
    b = s.board
    return [
        QueueDestroy(u, space)
        for space in (1, 2, 3)
        for u in sorted(set(b.queue_at(d.side, space)))
        if SHAPE[u] in d.left
    ]


def next_queued(s: RebellionState, d: DestroyQueued) -> bool:
    """Destroy the units still due: those of a shape the queue holds no more of than are
    due go at once; a decision when there is a choice (True)."""
    b = s.board
    while d.left:
        for sh in sorted(set(d.left)):
            figures = [
                QueueDestroy(u, space)
                for space in (1, 2, 3)
                for u in b.queue_at(d.side, space)
                if SHAPE[u] == sh
            ]
            if len(figures) <= d.left.count(sh):
                for a in figures:
                    d = destroy_queued(s, d, a)
                d = DestroyQueued(
                    player=d.player, side=d.side, left=tuple(x for x in d.left if x != sh)
                )
        options = queued_options(s, d)
        if not options:
            return False
        if len(options) > 1:
            s.stack.append(d)
            return True
        d = destroy_queued(s, d, options[0])
    return False


def destroy_queued(s: RebellionState, d: DestroyQueued, a: Action) -> DestroyQueued:
    assert isinstance(a, QueueDestroy)
    s.board.queue_at(d.side, a.space).remove(a.unit)
    s.emit(UnitsDestroyed(side=d.side, unit=a.unit, n=1, system=-1, reason="A Time for Peace"))
    left = list(d.left)
    left.remove(SHAPE[a.unit])
    return DestroyQueued(player=d.player, side=d.side, left=tuple(left))


def legal_queued(s: RebellionState, d: DestroyQueued) -> list[Action]:
    return queued_options(s, d)


def apply_queued(s: RebellionState, d: DestroyQueued, a: Action) -> None:
    s.stack.pop()
    if next_queued(s, destroy_queued(s, d, a)):
        return
    after_window(s, "refresh")


def effect_show_no_fear(s: RebellionState, card: int, window: str) -> bool:
    """Its marker goes into the base's system; while the base is hidden the Empire learns
    where it is, but the base is not revealed (RR-66)."""
    base = s.base
    place_marker(s, base, SHOW)
    if not s.board.base_revealed:
        s.reveal("base", IMPERIAL, [base])
    return False


def start_plans(s: RebellionState, card: int) -> None:
    """Death Star Plans: the target, then the roll (RR-67)."""
    from .combat.death_star_plans import plans_targets

    targets = plans_targets(s)
    if len(targets) > 1:
        s.stack.append(PlansTarget(player=REBEL, card=objective_of(card)))
        return
    roll_plans(s, card, targets[0])


def legal_plans_target(s: RebellionState, d: PlansTarget) -> list[Action]:
    from .combat.death_star_plans import plans_targets

    return [Destroy(u, 0) for u in plans_targets(s)]


def apply_plans_target(s: RebellionState, d: PlansTarget, a: Action) -> None:
    assert isinstance(a, Destroy)
    s.stack.pop()
    roll_plans(s, objective_card(d.card), a.unit)


def roll_plans(s: RebellionState, card: int, target: int) -> None:
    """The card is revealed and 3 dice rolled: a direct hit destroys the target and plays
    the card (2 reputation); otherwise the card goes back to the hand, shown (RR-67). The
    space battle's window then goes on."""
    bt = s.battle
    bt.plans_round = bt.round
    s.emit(ObjectiveRevealed(card=card))
    from .rebel_cards import open_million_plans

    if open_million_plans(s, card, target):  # One in a Million (RR-179)
        return
    plans_roll(s, card, target)


def plans_roll(s: RebellionState, card: int, target: int, fixed: list[str] | None = None) -> None:
    """Death Star Plans' dice (``fixed``: faces One in a Million set, RR-179), the Master
    Yoda ring's reroll when they show no direct hit (RR-190), and the outcome."""
    from .combat.death_star_plans import plans_dice, plans_targets
    from .rings import plans_reroll_due

    assert target in plans_targets(s), "Death Star Plans needs a target it may destroy"
    faces = plans_dice(s, fixed)
    if plans_reroll_due(s, card, target, faces):
        return
    settle_plans(s, card, target, faces)


def settle_plans(s: RebellionState, card: int, target: int, faces: list[str]) -> None:
    """Death Star Plans' outcome from its dice ``faces``: a direct hit destroys the target
    and plays the card (its reputation); otherwise the card goes back to the hand, shown.
    Then the space battle's objective window goes on."""
    from .combat.death_star_plans import plans_outcome

    bt = s.battle
    hit = plans_outcome(s, target, faces)
    if s.is_terminal:
        return
    i = objective_of(card)
    if hit:
        from_hand(s, card)
        s.zones["objective_discard"].append(card)
        s.emit(ObjectivePlayed(card=card))
        bt.objective_played = True
        if gain(s, OBJECTIVES[i].reputation, i):
            return
    else:
        s.reveal("objective_hand", IMPERIAL, [card])
        s.emit(ObjectiveBackToHand(card=card))
    if not open_window(s, "space"):
        after_window(s, "space")


Effect = Callable[["RebellionState", int, str], bool]

PLAY_EFFECTS: dict[str, Effect] = {
    "": no_effect,
    "death_star_plans_roll": no_effect,  # rolled before the card is played (start_plans)
    "eliminate_imperial_leader_if_luke_jedi": effect_return_of_the_jedi,
    "may_remove_sabotage": effect_seize_control,
    "discard_other_objectives": effect_long_war,
    "destroy_queued_units": effect_time_for_peace,
    "empire_places_markers_remote": no_effect,  # Immediate: resolve_immediate
    "marker_in_rebel_system": no_effect,  # Immediate: resolve_immediate
    "marker_in_base_system": effect_show_no_fear,
}
"""Each ability by name: ``fn(state, card id, window) -> bool`` (True: a decision waits,
whose handler goes on with the window)."""
assert set(PLAY_EFFECTS) == set(OBJECTIVE_EFFECTS), "an ability without its function"


# ================================================================ Rebel Cell's reputation
def legal_cell(s: RebellionState, d: CellDiscard) -> list[Action]:
    out: list[Action] = [Objective(c) for c in distinct(s.zones["objective_hand"])]
    out.append(Pass())
    return out


def apply_cell(s: RebellionState, d: CellDiscard, a: Action) -> None:
    """Discard a card for 1 reputation (RR-65), or not; then the refresh window."""
    s.stack.pop()
    if isinstance(a, Objective):
        discard_from_hand(s, a.card, "Rebel Cell")
        cell = objective_of(MARKER_CARD[CELL])
        if gain(s, OBJECTIVES[cell].reputation, cell):
            return
    if not open_window(s, "refresh"):
        after_window(s, "refresh")


# ================================================================ Immediate cards, markers
def marker_places(s: RebellionState, kind: int) -> list[int]:
    """Where a marker of ``kind`` may go: Raid Outposts in a remote system (not destroyed),
    Rebel Cell in a Rebel system; one of a kind per system."""
    b = s.board
    out = []
    for x in range(NUM_SYSTEMS):
        if b.markers[x] >> kind & 1:
            continue
        if kind == RAID:
            ok = REMOTE[x] and not b.destroyed[x]
        else:
            ok = rebel_system(b, x)
        if ok:
            out.append(x)
    return out


def resolve_immediate(s: RebellionState, card: int) -> bool:
    """An Immediate card just revealed (it lies in ``objectives_in_play``): its markers are
    placed (True: a decision waits; the draw goes on with :func:`.objectives.resume_draw`).
    With nowhere to place them the card is discarded, nothing replacing it (RR-65)."""
    i = objective_of(card)
    o = OBJECTIVES[i]
    kind = RAID if o.effect == "empire_places_markers_remote" else CELL
    if not marker_places(s, kind):
        s.move(card, "objectives_in_play", "objective_discard")
        why = "no remote system" if kind == RAID else "no Rebel system"
        s.emit(ObjectiveDiscarded(card=card, reason=why))
        return False
    who = IMPERIAL if kind == RAID else REBEL
    s.stack.append(PlaceTargetMarker(player=who, card=i, marker=kind, left=o.markers))
    return True


def legal_marker(s: RebellionState, d: PlaceTargetMarker) -> list[Action]:
    return [SystemChoice(x) for x in marker_places(s, d.marker)]


def apply_marker(s: RebellionState, d: PlaceTargetMarker, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    place_marker(s, a.system, d.marker)
    if d.left > 1 and marker_places(s, d.marker):
        s.stack.append(
            PlaceTargetMarker(player=d.player, card=d.card, marker=d.marker, left=d.left - 1)
        )
        return
    resume_draw(s)


def marker_removed(s: RebellionState, x: int, kind: int, by: int) -> None:
    """A marker of an objective card left the board (:data:`.markers.REMOVAL_EFFECTS`):
    Raid Outposts gives the Rebels 1 reputation when they removed it (RR-64); a card in
    play with no marker left on the board is discarded (ROTE)."""
    card = MARKER_CARD[kind]
    if card not in s.zones["objectives_in_play"]:
        return
    if kind == RAID and by == REBEL:
        i = objective_of(card)
        if gain(s, OBJECTIVES[i].reputation, i):
            return
    if not any(m >> kind & 1 for m in s.board.markers):
        s.move(card, "objectives_in_play", "objective_discard")
        s.emit(ObjectiveDiscarded(card=card, reason="markers gone"))


def base_moved(s: RebellionState) -> None:
    """The Rebels established a new base: the Show No Fear marker is removed (RR-66)."""
    b = s.board
    for x in range(NUM_SYSTEMS):
        if b.markers[x] >> SHOW & 1:
            remove_marker(s, x, SHOW, REBEL, "new base")
