"""The Rebel action cards that act outside the Start of Combat window (research-2 §3.2,
§3.3; RR-136..RR-139, RR-170..RR-179).

Each card is used once a game (research-2 §3.1). The windows open on public facts only
(RR-120): the Rebels hold a card and a card they may hold (:func:`.action_cards.possible_hand`)
could be played now; the legal actions then name the cards really playable, and ``pass``.

**Immediate cards** (:data:`.gains.IMMEDIATE`; resolved as soon as gained, at set-up or
when recruited, RR-29):

* Human Cyborg Relations, Resourceful Astromech, The Millennium Falcon, He Means Well:
  attach the C-3PO, R2-D2, Millennium Falcon or K-2SO ring to a leader it may go on
  (:func:`.rings.may_wear`; ``target <leader>``, at once when only one may wear it; no
  leader: no ring, RR-170). The rings' effects are :mod:`.rings` (RR-151..RR-154).
* Rebel Extremist: draw another starting action card (``option 1``), or lose 1
  reputation and recruit Saw Gerrera into the pool (``option 2``) (RR-171).
* Under the Radar (Cassian Andor, Saw Gerrera): look at the top 4 probe cards, keep 1
  face down under the card (``system <s>``), put the others back all on top (``option 1``)
  or all at the bottom (``option 2``), in the order they were. The card stays in play
  (``action_in_play0``) with the kept probe card (``radar_probe``, the Rebels' eyes only)
  until, at the start of a Rebel Command turn, the Rebels put that card back on top of the
  probe deck (``place_probe <card> 1``) (RR-172).

**Assignment cards** (registered in :data:`.assignment_cards.ASSIGNMENT`, RR-128):

* Our Most Desperate Hour (Princess Leia): take any card of the mission deck and assign
  Leia to it face down (``keep <card>``; a second leader may join, FAQ); the deck is
  shuffled (RR-173).
* Start the Evacuation (General Rieekan): he goes to a system with no Imperial unit; the
  Rebels move units from the Rebel Base space (the base's system once revealed) there as
  if it were adjacent, one at a time (``move <unit> <src>``, ``stop``); the Empire learns
  nothing of the base from it (RR-174).
* Temporary Alliance (Mon Mothma): she goes to a neutral system; the Rebels put one unit
  per resource icon of that system on their build queue, on the space of its build
  number (``build <unit> <s>``, ``stop``; sabotage does not stop it).
* An Old Friend (Han Solo): he goes to Bespin to recruit Lando Calrissian or to Kashyyyk
  to recruit Chewbacca (whichever is still in the supply); the leader recruited is placed
  with him.
* Independent Operation (Lando Calrissian): he goes to a subjugated system; the Empire
  moves all its ground units there to one Imperial system with no Rebel ground unit
  (``system <s>``); not playable where no such system is (FAQ errata).

**Special cards:**

* False Orders: at the end of the Assignment Phase, once both sides passed, an Imperial
  leader alone on a face-down mission goes back to the pool, the card back to the
  Imperial hand unseen (``target <leader>``) (RR-175).
* Undercover (Lando Calrissian, Obi-Wan Kenobi): when the Empire attempts a mission,
  after opposition and before the dice, move one of them from any location on the board
  into the mission's system, where he takes part in the roll-off (RR-176).
* Son of Skywalker (Rise of the Empire version, Luke Skywalker): after the Rebels succeed
  at an attempted mission with Luke in its system, take Seek Yoda or Daring Rescue from
  the mission deck into the hand, shown (RR-177).
* One in a Million (Luke Skywalker, Wedge Antilles): right before the Rebels roll in a
  mission's roll-off, an attack of a combat, Death Star Plans' or Discredit Rebellion's
  roll (FAQ), with one of them
  there: set up to 2 of those dice to faces of their choice (``set_die <colour> <face>``,
  ``stop``), the rest rolled (RR-179).
* Something to Fight For (Jyn Erso): at the end of a combat in which the Rebels won a
  battle, with Jyn there, put a card of the objective discard on top of the objective
  deck, face known to both (``objective <card>``) (RR-178).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from tabletop import Action

from ..actions import (
    DIE_COLOURS,
    DIE_FACES,
    Keep,
    Move,
    Objective,
    Option,
    Pass,
    PlayActionCard,
    SetDie,
    Stop,
    SystemChoice,
    Target,
)
from ..board import BOARD, LURE, MISSION, NONE, OFF, POOL, UNITS_OF, imperial_system
from ..data import (
    ACTION_LEADERS,
    ACTIONS,
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    action_id,
    leader_id,
    system_id,
)
from ..decisions import (
    AllianceBuild,
    AllianceReplace,
    CardRing,
    DesperateSearch,
    EvacuateMove,
    ExtremistChoice,
    FalseOrdersTarget,
    FalseOrdersWindow,
    FightForObjective,
    FightForWindow,
    IndependentMove,
    MillionAttack,
    MillionDiscredit,
    MillionMission,
    MillionPlans,
    OpposeMission,
    RadarKeep,
    RadarRest,
    SonSearch,
    SonWindow,
    UndercoverLeader,
    UndercoverWindow,
)
from ..events import (
    Assigned,
    CardRecalled,
    DieSet,
    MissionDeckShuffled,
    MissionSearched,
    Moved,
    ObjectiveToDeck,
    ProbesLooked,
    RadarProbeKept,
    RadarProbeReturned,
    RadarProbesPlaced,
    Recruited,
    UndercoverMoved,
)
from ..ids import action_card, mission_card, mission_of
from . import assignment_cards, gains, rings
from .action_cards import attempt, barred, play, possible_hand
from .dice import FACES
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "HANDLERS",
    "after_success",
    "end_of_assignment",
    "open_million_attack",
    "open_million_discredit",
    "open_million_mission",
    "open_million_plans",
    "open_undercover",
    "radar_options",
    "step_fight_for",
]

R = REBEL


def held(s: RebellionState, i: int) -> bool:
    return action_card(i) in s.zones["action_hand0"]


def may_hold(s: RebellionState, i: int) -> bool:
    """The Empire cannot rule out that the Rebels hold card ``i`` (RR-120)."""
    return bool(s.zones["action_hand0"]) and i in possible_hand(s, R)


def free_on_board(s: RebellionState, x: int) -> bool:
    """Leader ``x`` is on the board, a Rebel, neither captive nor lured (research-2 §3.1)."""
    b = s.board
    return (
        b.leader_status[x] == BOARD
        and b.leader_side[x] == R
        and not b.is_captive(x)
        and b.rings[x] != LURE
    )


def where(s: RebellionState, loc: int) -> int:
    """A location as the board has it: the Rebel Base space is the base's system once
    revealed."""
    return s.base if loc == REBEL_BASE and s.board.base_revealed else loc


# ================================================================ Immediate: the rings (RR-170)
RING_CARDS: dict[str, int] = {
    "Human Cyborg Relations": rings.C3PO,
    "Resourceful Astromech": rings.R2D2,
    "The Millennium Falcon": rings.FALCON,
    "He Means Well": rings.K2SO,
}
RING_OF: dict[int, int] = {action_id(name): ring for name, ring in RING_CARDS.items()}


def gain_ring(s: RebellionState, p: int, i: int) -> bool:
    """The card's ring goes on a leader it may go on (RR-170): asked when more than one
    may wear it, at once when one may, none when none may."""
    ring = RING_OF[i]
    found = rings.wearers(s, ring)
    if len(found) > 1:
        s.stack.append(CardRing(player=p, card=i, ring=ring))
        return True
    if found:
        rings.attach(s, found[0], ring)
    return False


def legal_card_ring(s: RebellionState, d: CardRing) -> list[Action]:
    return [Target(x) for x in rings.wearers(s, d.ring)]


def apply_card_ring(s: RebellionState, d: CardRing, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    rings.attach(s, a.leader, d.ring)
    gains.resume(s)


# ================================================================ Immediate: Rebel Extremist (RR-171)
SAW = leader_id("Saw Gerrera")
EXTREMIST = action_id("Rebel Extremist")
EXTREMIST_REPUTATION = 1


def extremist_options(s: RebellionState, p: int) -> list[int]:
    from .recruit import recruitable

    out = []
    if s.zones[f"action_box{p}"]:
        out.append(1)
    if recruitable(s.board, SAW):
        out.append(2)
    return out


def gain_extremist(s: RebellionState, p: int, i: int) -> bool:
    options = extremist_options(s, p)
    if len(options) > 1:
        s.stack.append(ExtremistChoice(player=p))
        return True
    if options:
        extremist(s, p, options[0])
    return False


def extremist(s: RebellionState, p: int, which: int) -> None:
    """1: another starting card (it resolves before the cards still waiting, RR-29);
    2: the Rebels lose 1 reputation and Saw Gerrera joins their pool."""
    if which == 1:
        gains.draw_starting(s, p, 1, first=True)
        return
    from .imperial_missions import lose_reputation

    lose_reputation(s, EXTREMIST_REPUTATION, "Rebel Extremist")
    s.board.leader_status[SAW] = POOL
    s.board.leader_loc[SAW] = OFF
    s.emit(Recruited(player=p, leader=SAW))


def legal_extremist(s: RebellionState, d: ExtremistChoice) -> list[Action]:
    return [Option(k) for k in extremist_options(s, d.player)]


def apply_extremist(s: RebellionState, d: ExtremistChoice, a: Action) -> None:
    assert isinstance(a, Option)
    s.stack.pop()
    extremist(s, d.player, a.which)
    gains.resume(s)


# ================================================================ Immediate: Under the Radar (RR-172)
RADAR = action_id("Under the Radar")
RADAR_LOOK = 4


def gain_radar(s: RebellionState, p: int, i: int) -> bool:
    """Look at the top 4 probe cards (fewer if the deck holds fewer): keep one."""
    deck, look = s.zones["probe_deck"], s.zones["probe_look"]
    n = min(RADAR_LOOK, len(deck))
    if not n:
        return False  # nothing to keep: the card is used up
    s.move(action_card(i), f"action_discard{p}", f"action_in_play{p}")
    got = [deck.pop() for _ in range(n)]  # the top first
    look.extend(got)
    s.emit(ProbesLooked(cards=tuple(got), to=(R,)))
    s.stack.append(RadarKeep(player=p))
    return True


def legal_radar_keep(s: RebellionState, d: RadarKeep) -> list[Action]:
    return [SystemChoice(x) for x in s.zones["probe_look"]]


def apply_radar_keep(s: RebellionState, d: RadarKeep, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    s.move(a.system, "probe_look", "radar_probe")
    s.emit(RadarProbeKept(card=a.system, to=(R,)))
    if s.zones["probe_look"]:
        s.stack.append(RadarRest(player=d.player))
        return
    gains.resume(s)


def legal_radar_rest(s: RebellionState, d: RadarRest) -> list[Action]:
    return [Option(1), Option(2)]


def apply_radar_rest(s: RebellionState, d: RadarRest, a: Action) -> None:
    """The cards looked at go back in the order they were: on top (the first looked at on
    top again) or at the bottom."""
    assert isinstance(a, Option)
    s.stack.pop()
    look, deck = s.zones["probe_look"], s.zones["probe_deck"]
    rest = look[:]
    look.clear()
    top = a.which == 1
    if top:
        deck.extend(reversed(rest))
    else:
        deck[0:0] = rest
    s.reveal("probe_deck", R, rest)  # the Rebels know where they lie
    s.emit(RadarProbesPlaced(count=len(rest), top=top))
    gains.resume(s)


def radar_options(s: RebellionState, p: int) -> list[Action]:
    """At the start of a Rebel Command turn: put the probe card kept under Under the Radar
    back on top of the probe deck (``place_probe <card> 1``)."""
    if p != R:
        return []
    from ..actions import ProbePlace

    return [ProbePlace(c, 1) for c in s.zones["radar_probe"]]


def apply_radar_return(s: RebellionState, card: int) -> None:
    s.move(card, "radar_probe", "probe_deck")
    s.reveal("probe_deck", R, [card])
    s.move(action_card(RADAR), "action_in_play0", "action_discard0")
    s.emit(RadarProbeReturned())


# ================================================================ Assignment cards
def leia_where(s: RebellionState, p: int) -> list[int]:
    """Our Most Desperate Hour: Leia goes on a mission, not into a system."""
    return [OFF] if s.zones[f"mission_deck{p}"] else []


def play_desperate(s: RebellionState, p: int, i: int, x: int) -> bool:
    s.stack.append(DesperateSearch(player=p, leader=ACTION_LEADERS[i][0]))
    return True


def desperate_cards(s: RebellionState, p: int) -> list[int]:
    """The cards of the deck (by index), one per card name: copies of a card are the same
    choice (the lowest index of those in the deck)."""
    from .projects import distinct

    return [mission_of(c) for c in distinct(s.zones[f"mission_deck{p}"])]


def legal_desperate(s: RebellionState, d: DesperateSearch) -> list[Action]:
    return [Keep(mission_card(m)) for m in desperate_cards(s, d.player)]


def apply_desperate(s: RebellionState, d: DesperateSearch, a: Action) -> None:
    """The card goes face down with Leia on it (a new assignment slot); the deck is
    shuffled; a second leader may join (FAQ: during the Assignment Phase)."""
    from ..decisions import SecondLeader

    assert isinstance(a, Keep)
    s.stack.pop()
    p = d.player
    deck = f"mission_deck{p}"
    card = a.card
    s.move(card, deck, f"assigned{p}")
    s.slots[p].append([d.leader])
    s.board.leader_status[d.leader] = MISSION
    s.emit(Assigned(player=p, card=card, leader=d.leader, to=(p,)))
    s.rng.shuffle(s.zones[deck])
    s.emit(MissionDeckShuffled(player=p))
    if s.board.pool(p):
        s.stack.append(SecondLeader(player=p))
        return
    assignment_cards.resume_assignment(s, p)


def no_imperial_units(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in range(NUM_SYSTEMS) if not b.has_units(x, IMPERIAL)]


def evacuation_src(s: RebellionState) -> int:
    """The Rebel Base space, or the base's system once it is revealed."""
    return where(s, REBEL_BASE)


def evac_moves(s: RebellionState, dst: int, spare: int) -> list[Action]:
    """``move <unit> <src>`` for the Rebel units that may go from the base to ``dst``: ships
    freely, ground units within the transport capacity of the ships moved (RR-174)."""
    b = s.board
    src = evacuation_src(s)
    if src == dst:
        return []
    row = b.units[src]
    return [
        Move(u, src)
        for u in UNITS_OF[R]
        if row[u] and not F.immobile[u] and (not F.carried[u] or spare > 0)
    ]


def play_evacuation(s: RebellionState, p: int, i: int, x: int) -> bool:
    if evac_moves(s, x, 0):
        s.stack.append(EvacuateMove(player=p, system=x, spare=0))
        return True
    return False


def legal_evacuate(s: RebellionState, d: EvacuateMove) -> list[Action]:
    return [*evac_moves(s, d.system, d.spare), Stop()]


def apply_evacuate(s: RebellionState, d: EvacuateMove, a: Action) -> None:
    """A unit moves as if the base were next to the system: no system is ruled out for the
    base by it (RR-174)."""
    s.stack.pop()
    if isinstance(a, Move):
        b = s.board
        b.remove_unit(a.unit, a.src)
        b.add_unit(a.unit, d.system)
        s.emit(Moved(player=d.player, unit=a.unit, src=a.src, dst=d.system))
        spare = d.spare + (-1 if F.carried[a.unit] else F.capacity[a.unit])
        if evac_moves(s, d.system, spare):
            s.stack.append(EvacuateMove(player=d.player, system=d.system, spare=spare))
            return
    assignment_cards.resume_assignment(s, d.player)


def neutral(s: RebellionState, p: int) -> list[int]:
    """Systems with no loyalty, not subjugated and not destroyed."""
    b = s.board
    return [
        x
        for x in range(NUM_SYSTEMS)
        if b.loyalty[x] == NONE and not b.subjugated[x] and not b.destroyed[x]
    ]


def play_alliance(s: RebellionState, p: int, i: int, x: int) -> bool:
    return alliance_step(s, p, x, ())


def alliance_step(s: RebellionState, p: int, x: int, used: tuple[int, ...]) -> bool:
    from .projects import factory_options

    if factory_options(s, x, used, p):
        s.stack.append(AllianceBuild(player=p, system=x, used=used))
        return True
    return False


def legal_alliance(s: RebellionState, d: AllianceBuild) -> list[Action]:
    from .projects import factory_options

    return [*factory_options(s, d.system, d.used, d.player), Stop()]


def apply_alliance(s: RebellionState, d: AllianceBuild, a: Action) -> None:
    """A unit for one unused icon onto the Rebel queue (the build number's space); a type
    out of supply by destroying one of the Rebels' own figures of it (research §4.5)."""
    from .projects import build_from_icon

    def replace(u: int, used: tuple[int, ...]) -> AllianceReplace:
        return AllianceReplace(player=d.player, unit=u, system=d.system, used=used)

    build_from_icon(
        s,
        d,
        a,
        lambda used: alliance_step(s, d.player, d.system, used),
        replace,
        lambda: assignment_cards.resume_assignment(s, d.player),
    )


def legal_alliance_replace(s: RebellionState, d: AllianceReplace) -> list[Action]:
    from .refresh import replaceable

    return [SystemChoice(loc) for loc in replaceable(s, d.unit)]


def apply_alliance_replace(s: RebellionState, d: AllianceReplace, a: Action) -> None:
    from .projects import rebuild

    rebuild(
        s,
        d,
        a,
        lambda used: alliance_step(s, d.player, d.system, used),
        lambda: assignment_cards.resume_assignment(s, d.player),
    )


OLD_FRIENDS: tuple[tuple[int, int], ...] = (
    (system_id("Bespin"), leader_id("Lando Calrissian")),
    (system_id("Kashyyyk"), leader_id("Chewbacca")),
)
"""An Old Friend: (the system Han goes to, the leader he recruits there)."""


def old_friend_where(s: RebellionState, p: int) -> list[int]:
    from .recruit import recruitable

    return [x for x, friend in OLD_FRIENDS if recruitable(s.board, friend)]


def play_old_friend(s: RebellionState, p: int, i: int, x: int) -> bool:
    from .roe_missions import recruit_to

    friend = next(f for sx, f in OLD_FRIENDS if sx == x)
    recruit_to(s, p, friend, x)
    return False


def destinations(s: RebellionState, x: int) -> list[int]:
    """Independent Operation: the Imperial systems (but ``x``) with no Rebel ground unit."""
    b = s.board
    return [
        y for y in range(NUM_SYSTEMS) if y != x and imperial_system(b, y) and not b.has_ground(y, R)
    ]


def independent_where(s: RebellionState, p: int) -> list[int]:
    """The subjugated systems with somewhere for the Imperial ground units to go (FAQ)."""
    b = s.board
    return [x for x in range(NUM_SYSTEMS) if b.subjugated[x] and destinations(s, x)]


def play_independent(s: RebellionState, p: int, i: int, x: int) -> bool:
    found = destinations(s, x)
    if len(found) > 1:
        s.stack.append(IndependentMove(player=IMPERIAL, system=x))
        return True
    move_out(s, x, found[0])
    return False


def legal_independent(s: RebellionState, d: IndependentMove) -> list[Action]:
    return [SystemChoice(y) for y in destinations(s, d.system)]


def apply_independent(s: RebellionState, d: IndependentMove, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    move_out(s, d.system, a.system)
    assignment_cards.resume_assignment(s, R)


def move_out(s: RebellionState, x: int, y: int) -> None:
    """Every Imperial ground unit in ``x`` moves to ``y``; captives left with no Imperial
    unit are rescued; Imperial ground units in the hidden base's system reveal it."""
    from ..board import GROUND_OF
    from .aftermath import check_empire_win, rescue_if_due, reveal_if_due

    b = s.board
    for u in GROUND_OF[IMPERIAL]:
        n = b.units[x][u]
        for _ in range(n):
            b.remove_unit(u, x)
            b.add_unit(u, y)
            s.emit(Moved(player=IMPERIAL, unit=u, src=x, dst=y))
    rescue_if_due(s)
    if not b.base_revealed and reveal_if_due(s):
        check_empire_win(s)  # the base's system held by Imperial units alone (RR-18)


ASSIGNMENT_CARDS: dict[str, tuple[assignment_cards.Where, assignment_cards.Effect]] = {
    "Our Most Desperate Hour": (leia_where, play_desperate),
    "Start the Evacuation": (no_imperial_units, play_evacuation),
    "Temporary Alliance": (neutral, play_alliance),
    "An Old Friend": (old_friend_where, play_old_friend),
    "Independent Operation": (independent_where, play_independent),
}


# ================================================================ False Orders (RR-175)
FALSE_ORDERS = action_id("False Orders")


def lone_leaders(s: RebellionState) -> list[int]:
    """The Imperial leaders alone on a face-down mission."""
    return sorted(slot[0] for slot in s.slots[IMPERIAL] if len(slot) == 1)


def end_of_assignment(s: RebellionState) -> bool:
    """Both sides passed in the Assignment Phase: the Rebels may play False Orders (on
    public facts, RR-120). True when the window was pushed."""
    if not may_hold(s, FALSE_ORDERS) or not lone_leaders(s):
        return False
    s.stack.append(FalseOrdersWindow(player=R))
    return True


def legal_false_window(s: RebellionState, d: FalseOrdersWindow) -> list[Action]:
    return (
        [PlayActionCard(action_card(FALSE_ORDERS)), Pass()] if held(s, FALSE_ORDERS) else [Pass()]
    )


def apply_false_window(s: RebellionState, d: FalseOrdersWindow, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, PlayActionCard):
        play(s, R, FALSE_ORDERS)
        s.stack.append(FalseOrdersTarget(player=R))
        return
    start_command(s)


def legal_false_target(s: RebellionState, d: FalseOrdersTarget) -> list[Action]:
    return [Target(x) for x in lone_leaders(s)]


def apply_false_target(s: RebellionState, d: FalseOrdersTarget, a: Action) -> None:
    """The leader goes back to the Imperial pool, its card back to the hand unseen."""
    assert isinstance(a, Target)
    s.stack.pop()
    k = next(i for i, slot in enumerate(s.slots[IMPERIAL]) if slot == [a.leader])
    del s.slots[IMPERIAL][k]
    assigned = f"assigned{IMPERIAL}"
    s.move(s.zones[assigned][k], assigned, f"missions{IMPERIAL}")
    s.board.leader_status[a.leader] = POOL
    s.emit(CardRecalled(leader=a.leader))
    start_command(s)


def start_command(s: RebellionState) -> None:
    from .command import start_command as begin

    begin(s)


# ================================================================ Undercover (RR-176)
UNDERCOVER = action_id("Undercover")


def undercover_leaders(s: RebellionState, system: int) -> list[int]:
    """Undercover's leaders on the board elsewhere than ``system``, free and not lured."""
    b = s.board
    return [
        x for x in ACTION_LEADERS[UNDERCOVER] if free_on_board(s, x) and b.leader_loc[x] != system
    ]


def open_undercover(s: RebellionState, d: OpposeMission) -> bool:
    """The Empire attempts a mission, its opposition sent, before the dice: the Rebels may
    play Undercover (RR-176). True when the window was pushed."""
    if d.attacker != IMPERIAL or not may_hold(s, UNDERCOVER) or barred(s, R, d.system):
        return False
    if not undercover_leaders(s, d.system):
        return False
    s.stack.append(UndercoverWindow(**attempt(d), player=R))
    return True


def legal_undercover(s: RebellionState, d: UndercoverWindow) -> list[Action]:
    return [PlayActionCard(action_card(UNDERCOVER)), Pass()] if held(s, UNDERCOVER) else [Pass()]


def apply_undercover(s: RebellionState, d: UndercoverWindow, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, PlayActionCard):
        play(s, R, UNDERCOVER)
        found = undercover_leaders(s, d.system)
        if len(found) > 1:
            s.stack.append(UndercoverLeader(**attempt(d), player=R))
            return
        go_undercover(s, found[0], d.system)
    roll_on(s, d)


def legal_undercover_leader(s: RebellionState, d: UndercoverLeader) -> list[Action]:
    return [Target(x) for x in undercover_leaders(s, d.system)]


def apply_undercover_leader(s: RebellionState, d: UndercoverLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    go_undercover(s, a.leader, d.system)
    roll_on(s, d)


def go_undercover(s: RebellionState, x: int, system: int) -> None:
    b = s.board
    src = b.leader_loc[x]
    b.leader_loc[x] = system
    s.emit(UndercoverMoved(leader=x, src=src, dst=system))


def roll_on(s: RebellionState, d: UndercoverWindow | UndercoverLeader) -> None:
    from .missions import start_roll_off

    start_roll_off(s, OpposeMission(player=R, **attempt(d)), undercover=False)


# ================================================================ Son of Skywalker (RR-177)
SON = next(i for i, c in enumerate(ACTIONS) if c.name == "Son of Skywalker" and c.replaces)
"""The Rise of the Empire version (the base version is out of the game, RR-28)."""
SEARCHED = frozenset({"Seek Yoda", "Daring Rescue"})
LUKES = frozenset(i for i, x in enumerate(LEADERS) if (x.form_of or x.name) == "Luke Skywalker")


def son_finds(s: RebellionState, p: int) -> list[int]:
    """The cards (indices) of the deck Son of Skywalker may take, one per card name (copies
    are the same choice)."""
    from .projects import distinct

    deck = s.zones[f"mission_deck{p}"]
    return [m for m in map(mission_of, distinct(deck)) if m in SEARCH_IDS]


SEARCH_IDS = frozenset(i for i, m in enumerate(MISSIONS) if m.name in SEARCHED)


def luke_there(s: RebellionState, system: int) -> bool:
    b = s.board
    return any(free_on_board(s, x) and b.leader_loc[x] == where(s, system) for x in LUKES)


def son_due(s: RebellionState, player: int, card: int, system: int) -> bool:
    return (
        player == R
        and MISSIONS[card].mode == "attempt"
        and may_hold(s, SON)
        and not barred(s, R, system)
        and luke_there(s, system)
    )


def after_success(s: RebellionState, player: int, card: int, system: int) -> bool:
    """After ``player``'s mission ``card`` succeeded in ``system``: Son of Skywalker's window
    (RR-177), then the Millennium Falcon ring (RR-153). True when a decision was pushed
    (its handler cleans the mission up)."""
    if son_due(s, player, card, system):
        s.stack.append(SonWindow(player=R, card=card, system=system))
        return True
    return rings.falcon_due(s, player, card, system)


def legal_son(s: RebellionState, d: SonWindow) -> list[Action]:
    if held(s, SON) and son_finds(s, d.player):
        return [PlayActionCard(action_card(SON)), Pass()]
    return [Pass()]


def apply_son(s: RebellionState, d: SonWindow, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, PlayActionCard):
        play(s, R, SON)
        found = son_finds(s, R)
        if len(found) > 1:
            s.stack.append(SonSearch(player=R, card=d.card, system=d.system))
            return
        son_take(s, found[0])
    son_done(s, d.card, d.system)


def legal_son_search(s: RebellionState, d: SonSearch) -> list[Action]:
    return [Keep(mission_card(m)) for m in son_finds(s, d.player)]


def apply_son_search(s: RebellionState, d: SonSearch, a: Action) -> None:
    assert isinstance(a, Keep)
    s.stack.pop()
    son_take(s, mission_of(a.card))
    son_done(s, d.card, d.system)


def son_take(s: RebellionState, m: int) -> None:
    """The card goes into the hand, shown to the Empire; the deck is shuffled."""
    deck = s.zones["mission_deck0"]
    card = next(c for c in deck if mission_of(c) == m)
    s.move(card, "mission_deck0", "missions0")
    s.reveal("missions0", IMPERIAL, [card])
    s.emit(MissionSearched(player=R, card=mission_card(m)))
    s.rng.shuffle(deck)
    s.emit(MissionDeckShuffled(player=R))


def son_done(s: RebellionState, card: int, system: int) -> None:
    from .missions import done_mission

    if not rings.falcon_due(s, R, card, system):
        done_mission(s, R, card)


# ================================================================ Something to Fight For (RR-178)
FIGHT_FOR = action_id("Something to Fight For")


def fight_for_playable(s: RebellionState) -> bool:
    from .objective_play import won_any

    b = s.board
    jyn_here = any(
        free_on_board(s, x) and b.leader_loc[x] == s.battle.system
        for x in ACTION_LEADERS[FIGHT_FOR]
    )
    return jyn_here and bool(s.zones["objective_discard"]) and won_any(s)


def step_fight_for(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The combat agenda, at its end: the Rebels won a battle there (RR-178)."""
    if may_hold(s, FIGHT_FOR) and not barred(s, R, s.battle.system) and fight_for_playable(s):
        s.stack.append(FightForWindow(player=R))


def legal_fight_for(s: RebellionState, d: FightForWindow) -> list[Action]:
    return [PlayActionCard(action_card(FIGHT_FOR)), Pass()] if held(s, FIGHT_FOR) else [Pass()]


def apply_fight_for(s: RebellionState, d: FightForWindow, a: Action) -> None:
    from .combat.flow import advance

    s.stack.pop()
    if isinstance(a, PlayActionCard):
        play(s, R, FIGHT_FOR)
        s.stack.append(FightForObjective(player=R))
    advance(s)


def legal_fight_objective(s: RebellionState, d: FightForObjective) -> list[Action]:
    return [Objective(c) for c in sorted(s.zones["objective_discard"])]


def apply_fight_objective(s: RebellionState, d: FightForObjective, a: Action) -> None:
    """The card goes face up from the discard on top of the deck: both sides know it (its
    back's stage too, RR-36)."""
    from .combat.flow import advance
    from .objectives import STAGE

    assert isinstance(a, Objective)
    s.stack.pop()
    card = a.card
    s.move(card, "objective_discard", "objective_deck")
    s.objective_backs.append(STAGE[card])
    s.reveal("objective_deck", R, [card])
    s.reveal("objective_deck", IMPERIAL, [card])
    s.emit(ObjectiveToDeck(card=card, stage=STAGE[card], top=True, to=None))
    advance(s)


# ================================================================ One in a Million (RR-179)
Million = MillionMission | MillionAttack | MillionPlans | MillionDiscredit
"""One in a Million's decisions: in a mission, a combat's attack, Death Star Plans' roll,
Discredit Rebellion's roll."""
MILLION = action_id("One in a Million")
MILLION_DICE = 2
MILLION_LEADERS = frozenset(ACTION_LEADERS[MILLION]) | LUKES
"""Luke Skywalker (or the Jedi, who counts as him) and Wedge Antilles."""
DIE_FACES_OF: dict[str, tuple[str, ...]] = {
    c: tuple(f for f in DIE_FACES if f in FACES[c]) for c in DIE_COLOURS
}
"""The faces each die colour has (a green die has no hit and no special)."""


def million_here(s: RebellionState, loc: int) -> bool:
    """Luke or Wedge is in ``loc``, free and not lured (research-2 §3.1), and Boba Fett
    does not watch it (RR-133)."""
    b = s.board
    at = where(s, loc)
    if barred(s, R, loc):
        return False
    return any(free_on_board(s, x) and b.leader_loc[x] == at for x in MILLION_LEADERS)


def preset_faces(preset: tuple[int, ...]) -> dict[str, list[str]]:
    """The faces set, by die colour."""
    out: dict[str, list[str]] = {c: [] for c in DIE_COLOURS}
    for k in preset:
        out[DIE_COLOURS[k // 4]].append(DIE_FACES[k % 4])
    return out


def pack(preset: tuple[int, ...]) -> int:
    """The dice set, as a combat step's ``extra`` (never 0: 0 means "not asked yet")."""
    n = 1
    for k, code in enumerate(preset):
        n += (code + 1) * 13**k
    return n


def unpack(extra: int) -> tuple[int, ...]:
    out = []
    v = extra - 1
    while v:
        out.append(v % 13 - 1)
        v //= 13
    return tuple(out)


def set_options(pool: dict[str, int], preset: tuple[int, ...]) -> list[Action]:
    """``set_die <colour> <face>`` for each colour with a die left to set (at most 2)."""
    if len(preset) >= MILLION_DICE:
        return []
    used = preset_faces(preset)
    return [
        SetDie(ci, DIE_FACES.index(f))
        for ci, c in enumerate(DIE_COLOURS)
        if pool.get(c, 0) > len(used[c])
        for f in DIE_FACES_OF[c]
    ]


def million_window(s: RebellionState, playing: bool, options: list[Action]) -> list[Action]:
    if playing:
        return [*options, Stop()]
    return [PlayActionCard(action_card(MILLION)), Pass()] if held(s, MILLION) else [Pass()]


def million_next(s: RebellionState, d: Million, a: Action) -> tuple[int, ...] | None:
    """Apply ``a`` to a One in a Million decision: the dice set when it is over (then roll),
    or None when it asks again."""
    if isinstance(a, Pass):
        return ()
    if isinstance(a, PlayActionCard):
        play(s, R, MILLION)
        s.stack.append(attrs.evolve(d, playing=True))
        return None
    if isinstance(a, SetDie):
        preset = (*d.preset, a.colour * 4 + a.face)
        s.emit(DieSet(player=R, colour=DIE_COLOURS[a.colour], face=DIE_FACES[a.face]))
        nxt = attrs.evolve(d, preset=preset)
        if million_options(s, nxt):
            s.stack.append(nxt)
            return None
        return preset
    return d.preset  # stop


def million_options(s: RebellionState, d: Million) -> list[Action]:
    return set_options(million_pool(s, d), d.preset)


def million_pool(s: RebellionState, d: Million) -> dict[str, int]:
    """The dice the Rebels are about to roll, by colour."""
    if isinstance(d, MillionMission):
        from .missions import side_dice

        regular, green = side_dice(s, OpposeMission(player=1 - d.attacker, **attempt(d)), R)
        return {"black": regular, "green": green}
    if isinstance(d, MillionDiscredit):
        return {"black": d.dice}
    if isinstance(d, MillionAttack):
        from .combat.forces import attack_dice

        red, black, green = attack_dice(s, R, d.theater)
        return {"red": red, "black": black, "green": green}
    from .combat.death_star_plans import PLANS_DICE

    return {"red": PLANS_DICE}


def legal_million(s: RebellionState, d: Million) -> list[Action]:
    return million_window(s, d.playing, million_options(s, d) if d.playing else [])


# ---------------------------------------------------------------- in a mission
def open_million_mission(s: RebellionState, d: OpposeMission) -> bool:
    """Before a roll-off's dice: the Rebels take part with Luke or Wedge there (RR-179)."""
    if not may_hold(s, MILLION) or not million_here(s, d.system):
        return False
    nxt = MillionMission(player=R, **attempt(d))
    if not million_pool(s, nxt)["black"] and not million_pool(s, nxt)["green"]:
        return False
    s.stack.append(nxt)
    return True


def apply_million_mission(s: RebellionState, d: MillionMission, a: Action) -> None:
    from .missions import start_roll_off

    s.stack.pop()
    preset = million_next(s, d, a)
    if preset is None:
        return
    start_roll_off(
        s,
        OpposeMission(player=1 - d.attacker, **attempt(d)),
        windows=False,
        million=False,
        preset=preset,
    )


# ---------------------------------------------------------------- in a combat
def open_million_attack(s: RebellionState, th: int) -> bool:
    """Before the Rebels' attack roll, Luke or Wedge in the combat's system (RR-179)."""
    if not may_hold(s, MILLION) or not million_here(s, s.battle.system):
        return False
    s.stack.append(MillionAttack(player=R, theater=th))
    return True


def apply_million_attack(s: RebellionState, d: MillionAttack, a: Action) -> None:
    from .combat.flow import advance, then

    s.stack.pop()
    preset = million_next(s, d, a)
    if preset is None:
        return
    then(s, ("attack", R, d.theater, pack(preset)))
    advance(s)


def open_million_plans(s: RebellionState, card: int, target: int) -> bool:
    """Before Death Star Plans' dice, Luke or Wedge in the combat's system (RR-179)."""
    if not may_hold(s, MILLION) or not million_here(s, s.battle.system):
        return False
    s.stack.append(MillionPlans(player=R, card=card, target=target))
    return True


def apply_million_plans(s: RebellionState, d: MillionPlans, a: Action) -> None:
    from .objective_play import plans_roll

    s.stack.pop()
    preset = million_next(s, d, a)
    if preset is None:
        return
    plans_roll(s, d.card, d.target, preset_faces(preset)["red"])  # the window goes on


def open_million_discredit(s: RebellionState, system: int, dice: int) -> bool:
    """Before the Rebels' dice of Discredit Rebellion, Luke or Wedge in its system (FAQ;
    RR-179)."""
    if not dice or not may_hold(s, MILLION) or not million_here(s, system):
        return False
    s.stack.append(MillionDiscredit(player=R, system=system, dice=dice))
    return True


def apply_million_discredit(s: RebellionState, d: MillionDiscredit, a: Action) -> None:
    from .roe_imperial_missions import discredit_roll

    s.stack.pop()
    preset = million_next(s, d, a)
    if preset is None:
        return
    discredit_roll(s, d.system, d.dice, preset_faces(preset)["black"])


# ================================================================ registering
Handler = tuple[Callable[..., list[Action]], Callable[..., None]]
HANDLERS: dict[type, Handler] = {
    CardRing: (legal_card_ring, apply_card_ring),
    ExtremistChoice: (legal_extremist, apply_extremist),
    RadarKeep: (legal_radar_keep, apply_radar_keep),
    RadarRest: (legal_radar_rest, apply_radar_rest),
    DesperateSearch: (legal_desperate, apply_desperate),
    EvacuateMove: (legal_evacuate, apply_evacuate),
    AllianceBuild: (legal_alliance, apply_alliance),
    AllianceReplace: (legal_alliance_replace, apply_alliance_replace),
    IndependentMove: (legal_independent, apply_independent),
    FalseOrdersWindow: (legal_false_window, apply_false_window),
    FalseOrdersTarget: (legal_false_target, apply_false_target),
    UndercoverWindow: (legal_undercover, apply_undercover),
    UndercoverLeader: (legal_undercover_leader, apply_undercover_leader),
    SonWindow: (legal_son, apply_son),
    SonSearch: (legal_son_search, apply_son_search),
    FightForWindow: (legal_fight_for, apply_fight_for),
    FightForObjective: (legal_fight_objective, apply_fight_objective),
    MillionMission: (legal_million, apply_million_mission),
    MillionAttack: (legal_million, apply_million_attack),
    MillionPlans: (legal_million, apply_million_plans),
    MillionDiscredit: (legal_million, apply_million_discredit),
}

for _i in RING_OF:
    gains.IMMEDIATE[_i] = gain_ring
gains.IMMEDIATE[EXTREMIST] = gain_extremist
gains.IMMEDIATE[RADAR] = gain_radar
for _name, (_where, _effect) in ASSIGNMENT_CARDS.items():
    assignment_cards.register(_name, _where, _effect)


def _register_step() -> None:
    from .combat.flow import STEPS

    STEPS["fight_for"] = step_fight_for


_register_step()
