"""The Imperial mission deck of the base game (research §7.2, §4.4, §6.1-§6.3; research-2
§2.1, §2.4, §4.2; ROTE "Choosing Mission Sets"; RR-71..RR-82).

The cards are data (``data/missions_imperial.toml``); this module holds the effects they
name (:data:`EFFECTS`, ``fn(state, mission, effect) -> bool``, True when it pushed a
decision whose handler calls :func:`.missions.continue_mission` when done), the systems
they may be played in (:data:`WHERE`) and the decisions they ask for (:data:`HANDLERS`).
By card:

* **Address Delays** (``build_from_icons``, as Construct Factory, RR-43): units on the
  build queue from every resource icon of the Imperial system.
* **Carbon Freezing** (``carbonite``, against the leader in the captured ring, only while
  the Carbonite ring is free): the leader goes into Carbonite, the captured ring is freed,
  the Rebels lose 1 reputation for good. A leader in Carbonite still counts as captured
  for every rule and card (:meth:`.board.Board.is_captive`); rescued, its ring is
  discarded (RR-71).
* **Collect Bounty** (``capture_leader``, ``move_to_closest_imperial``): capture a Rebel
  leader in any system; then the captive and the mission's leaders go to the closest
  system with an Imperial unit, the Empire choosing between equally close ones (RR-78).
* **Detained** (``detain``): the leader stays on the board at the next Refresh Phase
  (RR-75).
* **Display of Power**, **Trade Negotiations** (``gain_loyalty`` 2 and 1): in a populous
  system.
* **Double Our Efforts** (``advance_queue``): a unit on queue space 2 or 3 moves down a
  space; Moff Jerjerrod may move a second one (RR-79).
* **Fear Will Keep Them in Line** (``loyalty_in_region_systems``, in a system with a
  Death Star, Star Destroyer or Super Star Destroyer): 1 loyalty in 2 populous systems of
  the region, chosen one at a time (RR-80).
* **Homing Beacon** (``rescue_to_base_region``): the captive is rescued and the Rebels
  place it in a system of their base's region (RR-73).
* **Hunt Them Down** (``destroy_rebel_units_by_health``): destroy Rebel units there of up
  to 2 printed health in all, one at a time, stopping when the Empire likes (RR-81).
* **Imperial Propaganda** (``neutralize_region``): every Rebel loyalty marker in the
  region is removed (RR-80).
* **Intercept Transmissions** (``intercept_probes``): the Rebels draw 8 probe cards, give
  the Empire those of systems with an Imperial unit and shuffle the rest back (RR-77).
* **Interrogation** (``reveal_objective_hand``): the Rebels show their objective hand.
* **Interrogation Droid** (``name_base_systems``, counts all skill icons): the Rebels name
  3 systems one at a time, one of them the base's (RR-73).
* **Long Range Probe** (``say_base_here``): the Rebels say whether the base is in the
  system; it stays hidden (RR-73).
* **Lure of the Dark Side** (``lure``, counts all skill icons): the captive becomes an
  Imperial leader for the rest of the game; if it is Luke, the Rebels lose 1 reputation
  (RR-72).
* **Planetary Conquest** (``conquest_move``, ``combat_if_rebel_ground``): up to 1 AT-AT,
  1 AT-ST and 2 Stormtroopers from one system, ignoring adjacency and transport; then a
  combat if Rebel ground units are there (RR-82).
* **Probe Droid Initiative** (``draw_probes``): 2 probe cards, 4 with Admiral Ozzel.
* **Retrieve the Plans** (``bottom_objective_from_hand``): the Rebels show their objective
  hand; the Empire puts one of its cards on the bottom of the objective deck (RR-76).
* **Secret Weapons Research** (``draw_projects``): 2 project cards.

What the Rebels are made to say of their base is public and narrows
``RebellionState.base_mask`` (:mod:`.base_clues`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Advance, Destroy, Move, Objective, Stop, SystemChoice
from ..board import (
    BOARD,
    CARBONITE,
    LURE,
    NONE,
    OFF,
    POPULOUS,
    UNITS_OF,
    gain_reputation,
    hold,
    release,
    transport_room,
)
from ..data import (
    ADJACENT,
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    SYSTEMS,
    UNITS,
    unit_id,
)
from ..decisions import (
    AdvanceQueue,
    BeaconPlacement,
    BottomObjective,
    ClosestSystem,
    ConquestMove,
    DestroyByHealth,
    LoyaltyInRegion,
    NameBaseSystems,
)
from ..events import (
    BaseIsHere,
    BaseNotHere,
    CaptiveMoved,
    LeaderDetained,
    LeadersPlaced,
    LoyaltyChanged,
    Moved,
    ProbeDeckShuffled,
    ProbesDrawn,
    ProbesGiven,
    ProbesLooked,
    QueueAdvanced,
    ReputationChanged,
    Rescued,
    RingAttached,
    SystemNamed,
    UnitsDestroyed,
)
from .aftermath import (
    check_empire_win,
    end_activation,
    gain_loyalty_at,
    rescue_if_due,
    reveal_if_due,
)
from .base_clues import narrow, region_mask, rule_out, system_mask
from .objectives import return_to_deck, reveal_hand

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = [
    "AVAILABLE",
    "DISTANCE",
    "EFFECTS",
    "HANDLERS",
    "WHERE",
    "closest_imperial",
    "mission_leaders",
    "show_objective_hand",
]

STAR_DESTROYER = unit_id("Star Destroyer")
SUPER_STAR_DESTROYER = unit_id("Super Star Destroyer")
DEATH_STAR = unit_id("Death Star")
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)
HEALTH: tuple[int, ...] = tuple(u.health for u in UNITS)
LUKE = "Luke Skywalker"
NAMES: tuple[str, ...] = tuple(x.form_of or x.name for x in LEADERS)
"""The name a card calls each leader by (Luke Skywalker (Jedi) is Luke Skywalker)."""


def _distances() -> tuple[tuple[int, ...], ...]:
    """Jumps between every two systems along the map's adjacency (breadth first)."""
    out = []
    for a in range(NUM_SYSTEMS):
        far = [-1] * NUM_SYSTEMS
        far[a] = 0
        ring = [a]
        while ring:
            nxt = []
            for x in ring:
                for y in ADJACENT[x]:
                    if far[y] < 0:
                        far[y] = far[x] + 1
                        nxt.append(y)
            ring = nxt
        out.append(tuple(far))
    return tuple(out)


DISTANCE: tuple[tuple[int, ...], ...] = _distances()
"""``DISTANCE[a][b]``: the fewest moves from system ``a`` to system ``b`` (-1: none)."""


def resume(s: RebellionState) -> None:
    """A decision of an effect is done: the mission's next effect follows."""
    from .missions import continue_mission

    continue_mission(s)


def lose_reputation(s: RebellionState, amount: int, why: str) -> None:
    """The Rebels lose ``amount`` reputation: the marker moves away from time."""
    b = s.board
    gain_reputation(b, -amount)
    s.emit(ReputationChanged(amount=-amount, reputation=b.reputation, reason=why))


def mission_leaders(s: RebellionState, player: int) -> tuple[int, ...]:
    """The leaders assigned to the mission being resolved: those placed in its system
    when it was revealed (the last ``LeadersPlaced`` of ``player``)."""
    for ev in reversed(s.log):
        if isinstance(ev, LeadersPlaced) and ev.player == player:
            return ev.leaders
    return ()


# ================================================================ where the cards go
def _star_destroyer(s: RebellionState, x: int) -> bool:
    row = s.board.units[x]
    return bool(row[STAR_DESTROYER] or row[SUPER_STAR_DESTROYER])


def _fear(s: RebellionState, x: int) -> bool:
    """A Death Star (not one under construction, research §7.4), a Star Destroyer or a
    Super Star Destroyer."""
    return _star_destroyer(s, x) or s.board.units[x][DEATH_STAR] > 0


def _captured_ring(s: RebellionState, x: int) -> bool:
    """The captured ring's leader is here, and the Carbonite ring is free (RR-71)."""
    b = s.board
    return b.captured != OFF and b.leader_loc[b.captured] == x and CARBONITE not in b.rings


WHERE: dict[str, Callable[[RebellionState, int], bool]] = {
    "star_destroyer": _star_destroyer,
    "death_star_or_destroyer": _fear,
    "captured_ring": _captured_ring,
}
AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {}


# ================================================================ the captives' rings
def effect_carbonite(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The captured leader goes into Carbonite: the captured ring comes off (free for
    another), the Rebels lose ``e.amount`` reputation, never regained (RR-71)."""
    b = s.board
    release(b, r.target)
    b.rings[r.target] = CARBONITE
    s.emit(RingAttached(leader=r.target, ring=CARBONITE))
    lose_reputation(s, e.amount, MISSIONS[r.card].name)
    return False


def effect_lure(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The captive becomes an Imperial leader for the rest of the game, no longer a
    captive; Luke costs the Rebels ``e.amount`` reputation (RR-72)."""
    b = s.board
    leader = r.target
    release(b, leader)
    b.rings[leader] = LURE
    b.leader_side[leader] = IMPERIAL
    s.emit(RingAttached(leader=leader, ring=LURE))
    if NAMES[leader] == LUKE:
        lose_reputation(s, e.amount, MISSIONS[r.card].name)
    return False


# ================================================================ the objective hand
def show_objective_hand(s: RebellionState) -> list[int]:
    """The Rebels show their objective hand to the Empire (:func:`.objectives.reveal_hand`):
    it knows those cards there from now on (until they leave the hand)."""
    reveal_hand(s)
    return sorted(s.zones["objective_hand"])


def effect_reveal_objective_hand(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    show_objective_hand(s)
    return False


def effect_bottom_objective(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Show the hand; the Empire chooses one of its cards for the bottom of the objective
    deck (RR-76)."""
    cards = show_objective_hand(s)
    if len(cards) > 1:
        s.stack.append(BottomObjective(player=r.player))
        return True
    if cards:
        bottom_objective(s, cards[0])
    return False


def bottom_objective(s: RebellionState, card: int) -> None:
    """``card`` leaves the Rebels' hand for the bottom of the objective deck, its back's
    stage public there; both sides know it lies there (it was shown)."""
    return_to_deck(s, card, shown=True)


def legal_bottom(s: RebellionState, d: BottomObjective) -> list[Action]:
    return [Objective(c) for c in sorted(s.zones["objective_hand"])]


def apply_bottom(s: RebellionState, d: BottomObjective, a: Action) -> None:
    assert isinstance(a, Objective)
    s.stack.pop()
    bottom_objective(s, a.card)
    resume(s)


# ================================================================ what the base tells
def effect_say_base_here(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Long Range Probe: the Rebels say whether the base is in the system; it stays
    where it is, hidden or not (RR-73)."""
    x = r.system
    if s.base == x:
        narrow(s, 1 << x)
        s.emit(BaseIsHere(system=x))
    else:
        rule_out(s, x)
        s.emit(BaseNotHere(system=x))
    return False


def effect_name_base_systems(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Interrogation Droid: the Rebels name ``e.amount`` systems, one holding the base."""
    s.stack.append(NameBaseSystems(player=REBEL, count=e.amount))
    return True


def legal_name(s: RebellionState, d: NameBaseSystems) -> list[Action]:
    """Any system not named yet, but the last one must be the base's if it is not named:
    only what keeps the statement true (RR-73)."""
    base = s.base
    if len(d.named) == d.count - 1 and base not in d.named:
        return [SystemChoice(base)]
    return [SystemChoice(x) for x in range(NUM_SYSTEMS) if x not in d.named]


def apply_name(s: RebellionState, d: NameBaseSystems, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    named = (*d.named, a.system)
    s.emit(SystemNamed(system=a.system))
    if len(named) < d.count:
        s.stack.append(NameBaseSystems(player=d.player, named=named, count=d.count))
        return
    narrow(s, system_mask(named))
    resume(s)


def effect_rescue_to_base_region(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Homing Beacon: the captive is rescued; the Rebels place it in a system of their
    base's region (RR-73)."""
    s.stack.append(BeaconPlacement(player=REBEL, leader=r.target))
    return True


def beacon_systems(s: RebellionState) -> list[int]:
    """Every system of the base's region (any system: the card names no other limit)."""
    region = REGION[s.base]
    return [x for x in range(NUM_SYSTEMS) if REGION[x] == region]


def legal_beacon(s: RebellionState, d: BeaconPlacement) -> list[Action]:
    return [SystemChoice(x) for x in beacon_systems(s)]


def apply_beacon(s: RebellionState, d: BeaconPlacement, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    b = s.board
    release(b, d.leader)
    b.leader_loc[d.leader] = a.system
    b.leader_status[d.leader] = BOARD
    narrow(s, region_mask(REGION[a.system]))
    s.emit(Rescued(leader=d.leader, dst=a.system))
    resume(s)


# ================================================================ probe cards
def effect_intercept_probes(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Intercept Transmissions: the Rebels draw the top ``e.amount`` probe cards (seen by
    them only), give the Empire those of systems holding an Imperial unit, and shuffle the
    others back into the probe deck (RR-77)."""
    b = s.board
    deck, hand = s.zones["probe_deck"], s.zones["probe_hand"]
    drawn = [s.pop_card("probe_deck") for _ in range(min(e.amount, len(deck)))]
    s.emit(ProbesLooked(cards=tuple(drawn), to=(REBEL,)))
    given = [c for c in drawn if b.has_units(c, IMPERIAL)]
    rest = [c for c in drawn if not b.has_units(c, IMPERIAL)]
    hand.extend(given)
    s.reveal("probe_hand", REBEL, given)
    s.emit(ProbesGiven(cards=tuple(given), to=(REBEL, IMPERIAL)))
    deck.extend(rest)
    s.rng.shuffle(deck)
    s.reveal("probe_deck", REBEL, rest)  # they know these are in the deck, not where
    s.emit(ProbeDeckShuffled(returned=len(rest)))
    return False


def effect_draw_probes(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Probe Droid Initiative: draw 2 probe cards (4 with its portrait leader)."""
    n = min(r.amount(e), len(s.zones["probe_deck"]))
    got = tuple(s.pop_card("probe_deck") for _ in range(n))
    s.zones["probe_hand"].extend(got)
    s.emit(ProbesDrawn(cards=got, to=(IMPERIAL,)))
    return False


def effect_draw_projects(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Secret Weapons Research: draw ``e.amount`` project cards into hand (RR-47 when the
    deck runs out)."""
    from .projects import draw_to_hand

    draw_to_hand(s, r.player, r.amount(e))
    return False


# ================================================================ Double Our Efforts
def advance_options(s: RebellionState, d: AdvanceQueue) -> list[Action]:
    """``advance <unit> <space>`` for each unit type on queue space 2 or 3 of the Empire,
    the figure moved already left out (RR-79)."""
    b = s.board
    out: list[Action] = []
    for space in (2, 3):
        q = b.queue_at(d.player, space)
        for u in sorted(set(q)):
            if (u, space) == d.moved and q.count(u) < 2:
                continue
            out.append(Advance(u, space))
    return out


def effect_advance_queue(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    d = AdvanceQueue(player=r.player, left=r.amount(e))
    if advance_options(s, d):
        s.stack.append(d)
        return True
    return False


def legal_advance(s: RebellionState, d: AdvanceQueue) -> list[Action]:
    out = advance_options(s, d)
    if d.optional:
        out.append(Stop())
    return out


def apply_advance(s: RebellionState, d: AdvanceQueue, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Advance):
        b = s.board
        b.queue_at(d.player, a.space).remove(a.unit)
        b.queue_at(d.player, a.space - 1).append(a.unit)
        s.emit(QueueAdvanced(player=d.player, unit=a.unit, space=a.space))
        nxt = AdvanceQueue(
            player=d.player, left=d.left - 1, optional=True, moved=(a.unit, a.space - 1)
        )
        if nxt.left > 0 and advance_options(s, nxt):
            s.stack.append(nxt)
            return
    resume(s)


# ================================================================ loyalty
def fear_systems(s: RebellionState, region: int, chosen: tuple[int, ...]) -> list[int]:
    """The populous, not destroyed systems of ``region`` not chosen yet."""
    b = s.board
    return [
        x
        for x in range(NUM_SYSTEMS)
        if REGION[x] == region and POPULOUS[x] and not b.destroyed[x] and x not in chosen
    ]


def effect_loyalty_in_region_systems(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Fear Will Keep Them in Line: 1 loyalty in each of ``e.amount`` populous systems of
    the region, the Empire choosing them one at a time (RR-80)."""
    region = REGION[r.system]
    return next_fear(s, r.player, region, e.amount, ())


def next_fear(s: RebellionState, p: int, region: int, left: int, chosen: tuple[int, ...]) -> bool:
    """Gain in the systems left when there is no choice; ask otherwise (True if asked)."""
    options = fear_systems(s, region, chosen)
    while left > 0 and options and len(options) <= left and not s.is_terminal:
        gain_loyalty_at(s, p, options.pop(0), 1)
        left -= 1
    if left > 0 and options and not s.is_terminal:
        s.stack.append(LoyaltyInRegion(player=p, region=region, left=left, chosen=chosen))
        return True
    return False


def legal_fear(s: RebellionState, d: LoyaltyInRegion) -> list[Action]:
    return [SystemChoice(x) for x in fear_systems(s, d.region, d.chosen)]


def apply_fear(s: RebellionState, d: LoyaltyInRegion, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    gain_loyalty_at(s, d.player, a.system, 1)
    if s.is_terminal:
        return
    if not next_fear(s, d.player, d.region, d.left - 1, (*d.chosen, a.system)):
        resume(s)


def effect_neutralize_region(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Imperial Propaganda: every system of the region with a Rebel loyalty marker loses
    it, subjugated or not (RR-80)."""
    b = s.board
    region = REGION[r.system]
    for x in range(NUM_SYSTEMS):
        if REGION[x] == region and b.loyalty[x] == REBEL:
            b.loyalty[x] = NONE
            s.emit(LoyaltyChanged(system=x, loyalty=NONE, subjugated=b.subjugated[x]))
    return False


# ================================================================ leaders
def effect_detain(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Detained: the target stays on the board at the next Refresh Phase (RR-75)."""
    s.board.detained |= 1 << r.target
    s.emit(LeaderDetained(leader=r.target))
    return False


def closest_imperial(s: RebellionState, x: int) -> list[int]:
    """The systems with an Imperial unit fewest moves from ``x`` (``x`` itself if it has
    one)."""
    b = s.board
    far = DISTANCE[x]
    best, out = -1, []
    for y in range(NUM_SYSTEMS):
        d = far[y]
        if d < 0 or not b.has_units(y, IMPERIAL):
            continue
        if best < 0 or d < best:
            best, out = d, [y]
        elif d == best:
            out.append(y)
    return out


def effect_move_to_closest_imperial(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Collect Bounty: the captive and the mission's leaders go to the closest system with
    an Imperial unit; the Empire chooses among equally close ones (RR-78)."""
    leaders = mission_leaders(s, r.player)
    options = closest_imperial(s, r.system)
    if len(options) > 1:
        s.stack.append(
            ClosestSystem(player=r.player, system=r.system, captive=r.target, leaders=leaders)
        )
        return True
    if options:
        take_captive(s, r.player, r.target, leaders, options[0])
    rescue_if_due(s)
    return False


def take_captive(
    s: RebellionState, p: int, captive: int, leaders: tuple[int, ...], dst: int
) -> None:
    b = s.board
    src = b.leader_loc[captive]
    if src != dst:
        b.leader_loc[captive] = dst
        s.emit(CaptiveMoved(leader=captive, src=src, dst=dst))
    going = tuple(x for x in leaders if b.leader_loc[x] != dst)
    for x in going:
        b.leader_loc[x] = dst
    if going:
        s.emit(LeadersPlaced(player=p, leaders=going, system=dst))


def legal_closest(s: RebellionState, d: ClosestSystem) -> list[Action]:
    return [SystemChoice(x) for x in closest_imperial(s, d.system)]


def apply_closest(s: RebellionState, d: ClosestSystem, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    take_captive(s, d.player, d.captive, d.leaders, a.system)
    resume(s)


# ================================================================ units
def hunt_options(s: RebellionState, x: int, left: int) -> list[Action]:
    """``destroy <unit> 0`` for each Rebel unit type in ``x`` whose printed health fits."""
    row = s.board.units[x]
    return [Destroy(u, 0) for u in UNITS_OF[REBEL] if row[u] and 0 < HEALTH[u] <= left]


def effect_destroy_by_health(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Hunt Them Down: destroy Rebel units there worth up to ``e.amount`` printed health,
    one at a time, the Empire free to stop (RR-81)."""
    if hunt_options(s, r.system, e.amount):
        s.stack.append(DestroyByHealth(player=r.player, system=r.system, left=e.amount))
        return True
    return False


def legal_hunt(s: RebellionState, d: DestroyByHealth) -> list[Action]:
    return [*hunt_options(s, d.system, d.left), Stop()]


def apply_hunt(s: RebellionState, d: DestroyByHealth, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Destroy):
        s.board.remove_unit(a.unit, d.system)
        name = MISSIONS[s.resolving[1]].name
        s.emit(UnitsDestroyed(side=REBEL, unit=a.unit, n=1, system=d.system, reason=name))
        if check_empire_win(s):
            return
        left = d.left - HEALTH[a.unit]
        if hunt_options(s, d.system, left):
            s.stack.append(DestroyByHealth(player=d.player, system=d.system, left=left))
            return
    resume(s)


def conquest_options(s: RebellionState, d: ConquestMove) -> list[Action]:
    """``move <unit> <src>`` for the figures left, from one system not held by leader lock
    (any, until the first has moved); ground units enter a destroyed system only within
    the transport capacity of Imperial ships there (RR-82)."""
    b = s.board
    x = d.system
    if b.destroyed[x] and transport_room(b, IMPERIAL, x) <= 0:
        return []
    srcs = [d.src] if d.src >= 0 else range(NUM_SYSTEMS)
    out: list[Action] = []
    for src in srcs:
        if src == x or b.locks(src, IMPERIAL):
            continue
        row = b.units[src]
        out.extend(Move(u, src) for u, n in d.left if n and row[u])
    return out


def effect_conquest_move(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Planetary Conquest: move the figures of ``e.units`` from one system (RR-82)."""
    counts: dict[int, int] = {}
    for name in e.units:
        u = unit_id(name)
        counts[u] = counts.get(u, 0) + 1
    d = ConquestMove(player=r.player, system=r.system, left=tuple(sorted(counts.items())))
    if conquest_options(s, d):
        s.stack.append(d)
        return True
    return False


def legal_conquest(s: RebellionState, d: ConquestMove) -> list[Action]:
    return [*conquest_options(s, d), Stop()]


def apply_conquest(s: RebellionState, d: ConquestMove, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Move):
        b = s.board
        if b.has_ground(d.system, REBEL):
            hold(b, d.system)  # a combat follows: subjugation after it (RR-82, RR-57)
        b.remove_unit(a.unit, a.src)
        b.add_unit(a.unit, d.system)
        s.emit(Moved(player=d.player, unit=a.unit, src=a.src, dst=d.system))
        if check_empire_win(s):
            return
        left = tuple((u, n - 1 if u == a.unit else n) for u, n in d.left)
        nxt = ConquestMove(player=d.player, system=d.system, left=left, src=a.src)
        if conquest_options(s, nxt):
            s.stack.append(nxt)
            return
    after_conquest(s, d.system)
    if not s.is_terminal:
        resume(s)


def after_conquest(s: RebellionState, x: int) -> None:
    """After the move, as after an activation's movement: rescue, the base reveal, the
    Empire's win; the system's subjugation now unless a combat will follow (RR-82)."""
    rescue_if_due(s)
    if reveal_if_due(s) and check_empire_win(s):
        return
    if not s.board.has_ground(x, REBEL):
        end_activation(s)  # no combat follows: the system's subjugation now


def effect_combat_if_rebel_ground(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Planetary Conquest: a combat in the system after the mission's clean-up if Rebel
    ground units are there (the card's words), the Empire the current player."""
    if s.board.has_ground(r.system, REBEL):
        s.combat_after_mission = r.system
    return False


# ================================================================ the tables
Effect = Callable[["RebellionState", "Resolving", "MissionEffect"], bool]

EFFECTS: dict[str, Effect] = {
    "carbonite": effect_carbonite,
    "lure": effect_lure,
    "reveal_objective_hand": effect_reveal_objective_hand,
    "bottom_objective_from_hand": effect_bottom_objective,
    "name_base_systems": effect_name_base_systems,
    "say_base_here": effect_say_base_here,
    "rescue_to_base_region": effect_rescue_to_base_region,
    "intercept_probes": effect_intercept_probes,
    "draw_probes": effect_draw_probes,
    "draw_projects": effect_draw_projects,
    "advance_queue": effect_advance_queue,
    "loyalty_in_region_systems": effect_loyalty_in_region_systems,
    "neutralize_region": effect_neutralize_region,
    "detain": effect_detain,
    "move_to_closest_imperial": effect_move_to_closest_imperial,
    "destroy_rebel_units_by_health": effect_destroy_by_health,
    "conquest_move": effect_conquest_move,
    "combat_if_rebel_ground": effect_combat_if_rebel_ground,
}
"""The Imperial mission deck's effects, by kind (merged into :data:`.missions.EFFECTS`)."""

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    BottomObjective: (legal_bottom, apply_bottom),
    NameBaseSystems: (legal_name, apply_name),
    BeaconPlacement: (legal_beacon, apply_beacon),
    AdvanceQueue: (legal_advance, apply_advance),
    LoyaltyInRegion: (legal_fear, apply_fear),
    ClosestSystem: (legal_closest, apply_closest),
    DestroyByHealth: (legal_hunt, apply_hunt),
    ConquestMove: (legal_conquest, apply_conquest),
}
