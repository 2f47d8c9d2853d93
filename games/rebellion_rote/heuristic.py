"""The search bots' estimate of a position that has not ended: ``GAME.heuristic``.

:func:`heuristic` ``(state, player)`` is a number in [-1, 1], the Empire's value for
``player == IMPERIAL`` and its negation for the Rebels (so
``heuristic(s, 0) == -heuristic(s, 1)``). The search calls it at the end of its short
rollouts, on *determinisations*: states in which what the searching player cannot see
is re-dealt consistently with what they know (``RebellionState._resample``). So it may
read anything in the state: where the hidden base is, in a determinisation, is a sample
the searching player could believe (never in a system ``Board.ruled_out`` rules out),
and the Empire's probe cards, in a Rebel determinisation, a sample of them. Called on
a real state it would read the real base: only the search calls it, on its
determinisations.

The Rebels win when reputation (moved by their objectives) meets time, so the Empire
must find the base and take it first (research §4.1): Imperial units in the revealed
base's system with no Rebel units there. The Empire's value is the sum of:

* **the assault** (:func:`assault`, most of the weight): the Imperial strength around
  the base's system against the Rebel strength in it, per theater (ground counts most:
  only ground units take a system's ground, and they reveal the base). A unit's
  strength (``STRENGTH``) is its expected hits per attack and a quarter of its health.
  The units are counted ring by ring (``DIST``, shortest paths): for each ring ``k`` the
  strength within ``k`` systems is measured against what taking the base needs (one and
  a half times the Rebels' strength there and a little), capped at 1, the two theaters
  mixed so that the lagging one counts double (both must be cleared), and weighted by
  ``RINGS[k]``, the nearer the more, so bringing the needed strength one ring closer
  always pays and more than is needed adds nothing. A ring farther than the rounds left
  counts nothing (a unit moves one system a round: a leader activating a system holds
  its units there for the round); a ground unit or fighter without a ship to carry it
  counts one ring further (during an Imperial move, ships that left a system still carry
  from it). While the base is hidden, half of it is the assault on the base of the state
  (a sample, in a determinisation) and half the same measure on the systems the base may
  be in as far as the Empire knows (:func:`candidates`: its probe cards, those out of the
  game, the ruled-out and destroyed systems excluded), each ring holding the strength
  that far from a candidate on average (:func:`search`): moving ground units toward many
  candidates, drawing probe cards and ruling systems out raise it, and it does not jump
  from sample to sample. That half counts at most a little more than the first
  (:func:`hidden_hunt`), so that a hidden base is always worth more to the Rebels than
  the same base revealed;
* **the base revealed** (the Empire knows where to strike);
* **the race**: the rounds left before time meets reputation (it moves only at the end
  of a round in this version; with objectives, the Rebels' reputation gains);
* **material**: Imperial against Rebel strength on the whole board;
* **loyalty**: Imperial against Rebel systems;
* **the captured leader**;
* **leaders ready to activate**: the Empire's leaders in its pool that can activate a
  system, up to three (``MAX_LEADERS``): a leader sent on a mission or placed to
  activate costs its weight while three or fewer are free, so the search keeps leaders
  to move its units, and activates where the moves gain more than the leader.

The activation a turn is about is counted before its moves are made: once the Empire
has chosen the system to activate (the system comes before the leader, ``rules.command``),
its groups next to that system count as if moved in wherever that brings them nearer
(:class:`Forces`), so the choice of the system already shows what it can bring.

Cost: tens of microseconds a call, about a tenth of a search iteration
(``benchmarks/rebellion_bots.py --cost``).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from .board import POOL, SIDE_OF_LEADER
from .data import ADJACENT, IMPERIAL, LEADERS, NUM_SYSTEMS, REBEL, REBEL_BASE, UNITS
from .decisions import ActivateSystem, MoveUnits
from .state import RebellionState

if TYPE_CHECKING:
    from tabletop import State

__all__ = [
    "DIST",
    "STRENGTH",
    "Forces",
    "assault",
    "candidates",
    "empire_value",
    "heuristic",
    "hidden_hunt",
    "search",
    "values",
]


def _distances() -> tuple[tuple[int, ...], ...]:
    """Shortest-path distance between every two systems (breadth first)."""
    far = NUM_SYSTEMS
    out = []
    for a in range(NUM_SYSTEMS):
        dist = [far] * NUM_SYSTEMS
        dist[a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for x in frontier:
                for y in ADJACENT[x]:
                    if dist[y] == far:
                        dist[y] = dist[x] + 1
                        nxt.append(y)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


DIST: tuple[tuple[int, ...], ...] = _distances()
"""``DIST[a][b]``: the fewest moves from system ``a`` to system ``b``."""


def _strength(u: int) -> float:
    """Expected hits per attack (a red or black die hits on 3 faces of 6, a green one on 2)
    and a quarter of the health (the Death Star, which takes no damage, as 4)."""
    x = UNITS[u]
    hits = 0.5 * (x.attack_black + x.attack_red) + x.attack_green / 3.0
    return hits + 0.25 * (x.health or 4)


NUM_UNITS = len(UNITS)
STRENGTH: tuple[float, ...] = tuple(_strength(u) for u in range(NUM_UNITS))
"""A unit's fighting worth: expected hits per attack and a quarter of its health."""

_IMPERIAL = tuple(x.side == "Imperial" for x in UNITS)

# what a unit counts toward, where it stands
IMP_GROUND, IMP_HELD, IMP_SHIPS, IMP_FIXED, REB_GROUND, REB_SHIPS = range(6)
"""Imperial ground units that move, Imperial ground structures (they count only where
they stand), Imperial ships that move, the Death Star Under Construction (immobile),
Rebel ground units (structures too: they must be destroyed), Rebel ships."""


def _kind(u: int) -> int:
    x = UNITS[u]
    if not _IMPERIAL[u]:
        return REB_GROUND if x.theater == "ground" else REB_SHIPS
    if x.theater == "ground":
        return IMP_HELD if x.immobile else IMP_GROUND
    return IMP_FIXED if x.immobile else IMP_SHIPS


KIND: tuple[int, ...] = tuple(_kind(u) for u in range(NUM_UNITS))
CAPACITY: tuple[int, ...] = tuple(x.capacity if _IMPERIAL[u] else 0 for u, x in enumerate(UNITS))
"""Imperial transport capacity (Rebel ships' capacity plays no part here)."""
CARRIED: tuple[int, ...] = tuple(
    1 if _IMPERIAL[u] and x.needs_transport else 0 for u, x in enumerate(UNITS)
)
"""Imperial units that move only carried by a ship."""

UNIT_IDS = range(NUM_UNITS)
UNIT_INFO: tuple[tuple[int, float, int, int], ...] = tuple(
    zip(KIND, STRENGTH, CARRIED, CAPACITY, strict=True)
)

MAX_LEFT = 16
RINGS: tuple[float, ...] = (0.26, 0.2, 0.14, 0.11, 0.09, 0.07, 0.06, 0.04, 0.03)
"""The weight of the strength within ``k`` systems of the target, ``k`` = 0 (in it) to 8;
a ring farther than the rounds left counts nothing (units move one system a round)."""

CAN_ACTIVATE: tuple[bool, ...] = tuple(
    SIDE_OF_LEADER[i] == IMPERIAL and x.can_activate for i, x in enumerate(LEADERS)
)
"""Imperial leaders with tactic values (they can activate a system)."""

# the weights of the terms (their sum bounds the value)
W_ASSAULT = 0.65
W_GROUND = 0.65  # of the assault; the rest is space
W_REVEALED = 0.12
"""Finding the base is the Empire's first task: in an Imperial determinisation the bonus
rewards ground units moved into a candidate system by the chance the base is there. At
0.05, once the Rebels no longer revealed their own base (:func:`hidden_hunt`), the search
Empire found the search Rebels' base only in round 9 or later and won none of 6 games
(``benchmarks/rebellion_strength.py``); at 0.12 it found it in rounds 4 to 8 and won 3
of 4."""
W_MATERIAL = 0.1
W_LOYALTY = 0.04
W_CAPTURED = 0.02
W_LEADER = 0.03  # per Imperial leader ready to activate, up to MAX_LEADERS
"""With the mission decks the Empire holds many mission cards: with no weight on free
leaders the search sent nearly every leader on a mission and hardly ever activated a
system. A weight on every free leader (0.08 each, 8 at most) swamped the rest of the
value (0.64 of it: positions read as all alike, clipped at 1); three leaders at 0.03 each
keep enough leaders home and leave the assault the largest term."""
MAX_LEADERS = 3
W_RACE = 0.06  # times the share of the 13 rounds left
SEARCH_LEAD = W_REVEALED / W_ASSAULT
"""How far the search of the candidates may count above the assault on the hidden base
(:func:`hidden_hunt`): so revealing the base always raises the Empire's value."""


class Forces:
    """The Rebel ground and space strength per location (``rebel_ground[loc]``,
    ``rebel_space[loc]``), the Imperial ground structures' (``held[loc]``), the Empire's
    groups that move (system, ground strength its ships there can carry, ground strength
    they cannot, ship strength, and the system the group may still move into this turn or
    -1), and each side's total strength.

    The fifth makes a turn's worth visible before its moves are made: from the moment the
    Empire chooses the system to activate until its units have moved in, every group next
    to that system that may move (no Imperial leader there holds it, research §4.3) counts
    as if in it wherever that is nearer: the Empire chooses its moves. So the choice of the
    system already shows what the activation can bring."""

    __slots__ = ("groups", "held", "imperial", "rebel", "rebel_ground", "rebel_space")

    def __init__(self, s: RebellionState) -> None:
        n_loc = NUM_SYSTEMS + 1
        rebel_ground, rebel_space, held = [0.0] * n_loc, [0.0] * n_loc, [0.0] * n_loc
        groups: list[tuple[int, float, float, float, int]] = []
        imperial = rebel = 0.0
        top = s.stack[-1] if s.stack else None
        b = s.board
        # an Imperial move under way: ships that left a system can still carry from it
        spare = top.spare if isinstance(top, MoveUnits) and top.player == IMPERIAL else None
        into = -1  # the system the Empire is activating
        if isinstance(top, (ActivateSystem, MoveUnits)) and top.player == IMPERIAL:
            into = top.system
        locked = b.lock_map(IMPERIAL)
        for loc, row in enumerate(s.board.units):
            if not any(row):
                continue
            ground = ships = reb_g = reb_s = fixed = 0.0
            need = room = 0
            for u in compress(UNIT_IDS, row):  # the unit types present
                n = row[u]
                kind, worth, carried, capacity = UNIT_INFO[u]
                if kind == REB_GROUND:
                    reb_g += n * worth
                elif kind == REB_SHIPS:
                    reb_s += n * worth
                elif kind == IMP_GROUND:
                    ground += n * worth
                    need += n * carried
                elif kind == IMP_SHIPS:
                    ships += n * worth
                    need += n * carried
                    room += n * capacity
                else:
                    fixed += n * worth
                    if kind == IMP_HELD:
                        held[loc] += n * worth
            if reb_g or reb_s:
                rebel_ground[loc], rebel_space[loc] = reb_g, reb_s
                rebel += reb_g + reb_s
            imperial += ground + ships + fixed
            if ground or ships:
                if spare is not None:
                    room += spare[loc]
                share = 1.0 if room >= need else room / need
                to = into if into >= 0 and not locked[loc] and into in ADJACENT[loc] else -1
                groups.append((loc, ground * share, ground * (1.0 - share), ships, to))
        self.rebel_ground, self.rebel_space, self.held = rebel_ground, rebel_space, held
        self.groups = groups
        self.imperial = imperial
        self.rebel = rebel


def _reach(dist: tuple[int, ...], loc: int, to: int) -> int:
    """How many moves a group in ``loc`` is from the system ``dist`` measures from, or from
    ``to`` when it may still move there this turn and that is nearer."""
    d = dist[loc]
    return dist[to] if to >= 0 and dist[to] < d else d


def _left(s: RebellionState) -> int:
    b = s.board
    return min(MAX_LEFT, max(0, b.reputation - b.time))


def _defence(s: RebellionState, f: Forces, target: int) -> tuple[float, float]:
    """Rebel ground and space strength in ``target`` (and on the Rebel Base space while
    the base is hidden: those units are in the base's system when it is revealed)."""
    g, sp = f.rebel_ground[target], f.rebel_space[target]
    if not s.board.base_revealed:
        g += f.rebel_ground[REBEL_BASE]
        sp += f.rebel_space[REBEL_BASE]
    return g, sp


def _rings(ground: list[float], space: list[float], reb_ground: float, reb_space: float) -> float:
    """The assault's value from the Imperial strength in each ring around the target
    (``ground[k]``, ``space[k]``: strength ``k`` systems away), in [0, 1].

    For each ring ``k`` the strength within ``k`` systems is measured, per theater, against
    what taking the system needs (one and a half times the Rebels' strength there and a
    little; in space nothing when no Rebel ship is there), capped at 1. The ring's value
    is half the two theaters' mean (ground weighing ``W_GROUND``) and half the lesser of
    them (the base falls only when both are cleared, so the lagging theater counts
    double), weighted by ``RINGS[k]``: the nearer, the more. Bringing the needed strength
    one ring closer always pays; more than is needed in a ring adds nothing there."""
    need_g = 1.5 * reb_ground + 0.75
    need_s = 1.5 * reb_space + 0.75 if reb_space else 0.0
    value = 0.0
    within_g = within_s = 0.0
    for k in range(len(ground)):
        within_g += ground[k]
        within_s += space[k]
        g = min(1.0, within_g / need_g)
        sp = min(1.0, within_s / need_s) if need_s else 1.0
        mean = W_GROUND * g + (1.0 - W_GROUND) * sp
        value += RINGS[k] * 0.5 * (mean + (g if g < sp else sp))
    return value


def assault(s: RebellionState, target: int, forces: Forces | None = None) -> float:
    """How ready the Empire is to take ``target`` as the base's system, in [0, 1]."""
    f = Forces(s) if forces is None else forces
    last = min(_left(s), len(RINGS) - 1)  # the farthest ring that can still arrive
    ground = [0.0] * (last + 2)
    space = [0.0] * (last + 2)
    dist = DIST[target]
    for loc, carried, stuck, ships, to in f.groups:
        d = _reach(dist, loc, to)
        if d == 0:
            ground[0] += carried + stuck
            space[0] += ships
        elif d <= last:
            ground[d] += carried
            ground[d + 1] += stuck  # a ship must come for them first
            space[d] += ships
    ground[0] += f.held[target]
    return _rings(ground[: last + 1], space[: last + 1], *_defence(s, f, target))


def search(s: RebellionState, cands: list[int], forces: Forces | None = None) -> float:
    """:func:`assault` on the candidate systems as a whole, in [0, 1]: each ring holds the
    strength each group has that far from a candidate on average (the share of the
    candidates that far), against the Rebel units on the Rebel Base space."""
    f = Forces(s) if forces is None else forces
    last = min(_left(s), len(RINGS) - 1)
    ground = [0.0] * (last + 2)
    space = [0.0] * (last + 2)
    share = 1.0 / len(cands)
    for loc, carried, stuck, ships, to in f.groups:
        count = [0] * (last + 1)
        for c in cands:
            d = _reach(DIST[c], loc, to)
            if d <= last:
                count[d] += 1
        for d, n in enumerate(count):
            if n:
                x = n * share
                ground[d] += carried * x
                ground[d if d == 0 else d + 1] += stuck * x
                space[d] += ships * x
    reb_ground, reb_space = f.rebel_ground[REBEL_BASE], f.rebel_space[REBEL_BASE]
    return _rings(ground[: last + 1], space[: last + 1], reb_ground, reb_space)


def candidates(s: RebellionState) -> list[int]:
    """The systems the hidden base may be in as far as the Empire knows: not its probe cards
    nor those out of the game, not ruled out, not destroyed."""
    b = s.board
    out, destroyed = b.ruled_out, b.destroyed
    z = s.zones
    return [
        c
        for name in ("probe_deck", "base", "probe_look")
        for c in z[name]
        if not out[c] and not destroyed[c]
    ]


def hidden_hunt(on_base: float, on_candidates: float) -> float:
    """The assault's value while the base is hidden, in [0, 1]: half the assault on the base
    (``on_base``) and half the search of the candidates (``on_candidates``), the latter at
    most ``SEARCH_LEAD`` above the former. Without the cap a base far from the Imperial
    fleets, while they stood near most candidates, read as safer revealed than hidden, and
    the Rebels' search revealed it in round 1; capped, the hidden value stays below the
    revealed one (``W_ASSAULT * on_base + W_REVEALED``) by at least ``W_REVEALED / 2``."""
    return 0.5 * (on_base + min(on_candidates, on_base + SEARCH_LEAD))


def empire_value(s: RebellionState) -> float:
    """The Empire's value of ``s``, in [-1, 1] (see the module docstring)."""
    b = s.board
    f = Forces(s)
    base = s.base
    if b.base_revealed or base < 0:
        hunt = W_ASSAULT * assault(s, base, f) + W_REVEALED if base >= 0 else 0.0
    else:
        cands = candidates(s) or [base]
        hunt = W_ASSAULT * hidden_hunt(assault(s, base, f), search(s, cands, f))
    material = (f.imperial - f.rebel) / (f.imperial + f.rebel + 1.0)
    loyalty = b.loyalty
    subjugated = b.subjugated
    imperial = loyalty.count(IMPERIAL) + subjugated.count(True)  # never both in one system
    held = sum(1 for x in range(NUM_SYSTEMS) if subjugated[x] and loyalty[x] == REBEL)
    balance = imperial - (loyalty.count(REBEL) - held)
    status = b.leader_status
    ready = sum(1 for i, ok in enumerate(CAN_ACTIVATE) if ok and status[i] == POOL)
    race = min(1.0, max(0, b.reputation - b.time) / 13.0)
    value = (
        hunt
        + W_RACE * race
        + W_MATERIAL * material
        + W_LOYALTY * max(-1.0, min(1.0, balance / 10.0))
        + (W_CAPTURED if b.captured >= 0 else 0.0)
        + W_LEADER * min(ready, MAX_LEADERS)
    )
    return max(-1.0, min(1.0, value))


def heuristic(state: State, player: int) -> float:
    """``player``'s value of ``state``: the Empire's value, negated for the Rebels (a team
    game's seat values its side's, RR-02)."""
    assert isinstance(state, RebellionState)
    value = empire_value(state)
    return value if state._viewer(player) == IMPERIAL else -value


def values(state: State) -> list[float]:
    """:func:`heuristic` of every seat at once (the search bot's leaf values): the Empire's
    value is worked out once and shared by the seats."""
    assert isinstance(state, RebellionState)
    value = empire_value(state)
    return [value if state._viewer(p) == IMPERIAL else -value for p in range(state.num_players)]
