"""The board: every per-system and per-side fact as flat lists, and the derived predicates.

Locations are the 32 systems (ids 0..31) and the Rebel Base space (``REBEL_BASE``,
32). :class:`Board` holds (research §10 checklist):

* per system: ``loyalty`` (``NONE``, ``REBEL`` or ``IMPERIAL``), ``subjugated``,
  ``sabotage``, ``destroyed``, ``markers`` (target markers, a bit mask: bit ``k`` for
  ``data.MARKERS[k]``, one of a kind per system; placed and removed by
  :mod:`.rules.markers`);
* per location: ``units[loc][unit]``, the number of figures of each unit type;
* per leader: ``leader_loc`` (a location, or ``OFF`` when not on the board) and
  ``leader_status`` (``SUPPLY``, ``POOL``, ``BOARD``, ``MISSION``,
  ``ELIMINATED``); ``captured`` is the leader in the captured ring (or ``OFF``);
* per side: the build queue ``queue[side * 3 + space - 1]`` (unit ids);
* the time and reputation markers, and whether the Rebel base is revealed. Where
  the base is, is a secret kept in a zone by the state, and passed in here;
* ``ruled_out``: per system, whether the public facts since the base was last hidden
  rule it out as the hidden base's system (the notes both players may take): Imperial
  ground units or loyalty there at a base-reveal check that revealed nothing
  (:func:`rule_out_searched`), a Rebel unit moving between the Rebel Base space and a
  system not next to it or the base's (:func:`rule_out_beyond`), a system the Rebels
  said it is not in, and on a relocation the systems a new base may not be in
  (:func:`rule_out_at_relocation`). A determinisation for the Empire keeps the base
  out of them (``RebellionState._resample``).

The predicates below are small named functions of a board; the rules call
:func:`update_subjugation` after every change of Imperial ground units.
"""

from __future__ import annotations

import attrs

from .data import (
    ADJ_MASK,
    IMPERIAL,
    LEADERS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    TIME_TRACK,
    UNITS,
)

__all__ = [
    "BOARD",
    "ELIMINATED",
    "MISSION",
    "NONE",
    "OFF",
    "POOL",
    "SUPPLY",
    "Board",
    "base_reveal_due",
    "capture",
    "empire_wins",
    "gain_loyalty",
    "gain_reputation",
    "imperial_system",
    "new_base_allowed",
    "rebel_system",
    "rebels_win",
    "rescue",
    "rescue_due",
    "rule_out_at_relocation",
    "rule_out_beyond",
    "rule_out_searched",
    "transport_room",
    "update_subjugation",
]

NONE = -1
"""No loyalty marker (a neutral system)."""
OFF = -1
"""A leader not on the board / no leader."""

# leader status
SUPPLY, POOL, BOARD, MISSION, ELIMINATED = range(5)

NUM_UNITS = len(UNITS)
SIDE_OF_UNIT: tuple[int, ...] = tuple(REBEL if u.side == "Rebel" else IMPERIAL for u in UNITS)
SIDE_OF_LEADER: tuple[int, ...] = tuple(REBEL if x.side == "Rebel" else IMPERIAL for x in LEADERS)
UNITS_OF: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(i for i in range(NUM_UNITS) if SIDE_OF_UNIT[i] == REBEL),
    tuple(i for i in range(NUM_UNITS) if SIDE_OF_UNIT[i] == IMPERIAL),
)
GROUND_OF: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(i for i in UNITS_OF[side] if UNITS[i].theater == "ground") for side in (REBEL, IMPERIAL)
)
SHIPS_OF: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(i for i in UNITS_OF[side] if UNITS[i].theater == "space") for side in (REBEL, IMPERIAL)
)
CAPACITY: tuple[int, ...] = tuple(u.capacity for u in UNITS)
IS_GROUND: tuple[bool, ...] = tuple(u.theater == "ground" for u in UNITS)
POPULOUS: tuple[bool, ...] = tuple(s.populous for s in SYSTEMS)
FIXED_IMPERIAL: tuple[bool, ...] = tuple(s.fixed_loyalty == "Imperial" for s in SYSTEMS)


@attrs.define(kw_only=True, slots=True, eq=True)
class Board:
    """The table's public facts, flat and cheap to copy."""

    loyalty: list[int] = attrs.field(factory=lambda: [NONE] * NUM_SYSTEMS)
    subjugated: list[bool] = attrs.field(factory=lambda: [False] * NUM_SYSTEMS)
    sabotage: list[bool] = attrs.field(factory=lambda: [False] * NUM_SYSTEMS)
    destroyed: list[bool] = attrs.field(factory=lambda: [False] * NUM_SYSTEMS)
    markers: list[int] = attrs.field(factory=lambda: [0] * NUM_SYSTEMS)
    units: list[list[int]] = attrs.field(
        factory=lambda: [[0] * NUM_UNITS for _ in range(NUM_LOCATIONS)]
    )
    leader_loc: list[int] = attrs.field(factory=lambda: [OFF] * len(LEADERS))
    leader_status: list[int] = attrs.field(factory=lambda: [SUPPLY] * len(LEADERS))
    captured: int = OFF
    queue: list[list[int]] = attrs.field(factory=lambda: [[] for _ in range(6)])
    time: int = TIME_TRACK.time_start
    reputation: int = TIME_TRACK.reputation_start
    base_revealed: bool = False
    ruled_out: list[bool] = attrs.field(factory=lambda: [False] * NUM_SYSTEMS)
    """Per system: the public facts rule it out as the hidden base's system."""

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.loyalty = self.loyalty[:]
        b.subjugated = self.subjugated[:]
        b.sabotage = self.sabotage[:]
        b.destroyed = self.destroyed[:]
        b.markers = self.markers[:]
        b.units = [row[:] for row in self.units]
        b.leader_loc = self.leader_loc[:]
        b.leader_status = self.leader_status[:]
        b.captured = self.captured
        b.queue = [q[:] for q in self.queue]
        b.time = self.time
        b.reputation = self.reputation
        b.base_revealed = self.base_revealed
        b.ruled_out = self.ruled_out[:]
        return b

    # ------------------------------------------------------------ units
    def count(self, loc: int, side: int, theater: str = "") -> int:
        """Units of ``side`` at ``loc`` (of one theater if given)."""
        row = self.units[loc]
        ids = (
            UNITS_OF[side]
            if not theater
            else (GROUND_OF if theater == "ground" else SHIPS_OF)[side]
        )
        return sum(row[u] for u in ids)

    def has_units(self, loc: int, side: int) -> bool:
        row = self.units[loc]
        return any(row[u] for u in UNITS_OF[side])

    def has_ground(self, loc: int, side: int) -> bool:
        row = self.units[loc]
        return any(row[u] for u in GROUND_OF[side])

    def has_ships(self, loc: int, side: int) -> bool:
        row = self.units[loc]
        return any(row[u] for u in SHIPS_OF[side])

    def add_unit(self, unit: int, loc: int, n: int = 1) -> None:
        self.units[loc][unit] += n

    def remove_unit(self, unit: int, loc: int, n: int = 1) -> None:
        if self.units[loc][unit] < n:
            raise ValueError(f"no {n} {UNITS[unit].name} at location {loc}")
        self.units[loc][unit] -= n

    def in_supply(self, unit: int) -> int:
        """Figures of ``unit`` not on the board and not on a build queue."""
        used = sum(row[unit] for row in self.units)
        used += sum(q.count(unit) for q in self.queue)
        return UNITS[unit].supply - used

    # ------------------------------------------------------------ leaders
    def leaders_at(self, loc: int, side: int) -> list[int]:
        """Leaders of ``side`` in ``loc`` (captured ones included)."""
        return [
            i
            for i, where in enumerate(self.leader_loc)
            if where == loc and SIDE_OF_LEADER[i] == side
        ]

    def locks(self, loc: int, side: int) -> bool:
        """Leader lock: a leader of ``side`` (not captured) holds ``side``'s units in ``loc``.

        A leader on the Rebel Base space locks the space, not the base's system.
        """
        return any(
            where == loc and SIDE_OF_LEADER[i] == side and i != self.captured
            for i, where in enumerate(self.leader_loc)
        )

    def pool(self, side: int) -> list[int]:
        return [
            i for i, st in enumerate(self.leader_status) if st == POOL and SIDE_OF_LEADER[i] == side
        ]

    def queue_at(self, side: int, space: int) -> list[int]:
        """The units on build-queue ``space`` (1..3) of ``side``."""
        return self.queue[side * 3 + space - 1]


def adjacent(a: int, b: int) -> bool:
    """Whether systems ``a`` and ``b`` are adjacent (the Rebel Base space is adjacent to nothing)."""
    return a < NUM_SYSTEMS and b < NUM_SYSTEMS and bool(ADJ_MASK[a] >> b & 1)


def transport_room(b: Board, player: int, loc: int) -> int:
    """Transport capacity of ``player``'s ships at ``loc`` minus the ground units there."""
    row = b.units[loc]
    cap = sum(row[u] * CAPACITY[u] for u in SHIPS_OF[player])
    return cap - sum(row[u] for u in UNITS_OF[player] if IS_GROUND[u])


# ---------------------------------------------------------------- loyalty
def imperial_system(b: Board, s: int) -> bool:
    """Imperial loyalty or a subjugation marker (research §6.2)."""
    return b.loyalty[s] == IMPERIAL or b.subjugated[s]


def rebel_system(b: Board, s: int) -> bool:
    """Rebel loyalty and not subjugated (research §6.2)."""
    return b.loyalty[s] == REBEL and not b.subjugated[s]


def can_subjugate(s: int, b: Board) -> bool:
    """RR-21: only a populous, not destroyed system has a loyalty space to subjugate."""
    return POPULOUS[s] and not b.destroyed[s]


def update_subjugation(b: Board, s: int) -> bool:
    """Place or remove the subjugation marker of system ``s``; True if it changed.

    An Imperial ground unit in a system without Imperial loyalty subjugates it;
    the marker goes as soon as no Imperial ground unit remains (research §6.2).
    """
    want = b.has_ground(s, IMPERIAL) and b.loyalty[s] != IMPERIAL and can_subjugate(s, b)
    if want != b.subjugated[s]:
        b.subjugated[s] = want
        return True
    return False


def gain_loyalty(b: Board, s: int, side: int, amount: int = 1) -> None:
    """``side`` gains ``amount`` loyalty in ``s`` (research §6.2).

    One step removes the opponent's marker or, in a neutral system, places
    ``side``'s; two steps do both. Coruscant and remote or destroyed systems
    never change. Imperial loyalty in a subjugated system replaces the marker.
    """
    if FIXED_IMPERIAL[s] or not POPULOUS[s] or b.destroyed[s]:
        return
    for _ in range(amount):
        if b.loyalty[s] == side:
            break
        b.loyalty[s] = NONE if b.loyalty[s] == 1 - side else side
    if b.loyalty[s] == IMPERIAL:
        b.subjugated[s] = False


# ---------------------------------------------------------------- the base
def base_reveal_due(b: Board, base: int) -> bool:
    """The hidden base at ``base`` must be revealed: Imperial loyalty or ground units there.

    Imperial ships alone, even a Death Star, reveal nothing (research §6.1).
    """
    if b.base_revealed or base < 0:
        return False
    return b.loyalty[base] == IMPERIAL or b.has_ground(base, IMPERIAL)


def rule_out_searched(b: Board) -> None:
    """A base-reveal check found nothing: the hidden base is in no system with Imperial
    loyalty or Imperial ground units (research §6.1), then or later, until it moves."""
    if b.base_revealed:
        return
    out = b.ruled_out
    for x in range(NUM_SYSTEMS):
        if not out[x] and (b.loyalty[x] == IMPERIAL or b.has_ground(x, IMPERIAL)):
            out[x] = True


def rule_out_beyond(b: Board, x: int) -> None:
    """A Rebel unit moved between the Rebel Base space and system ``x``: the hidden base is
    ``x`` or next to it (research §4.3), so every other system is ruled out."""
    out = b.ruled_out
    for y in range(NUM_SYSTEMS):
        if y != x and not ADJ_MASK[x] >> y & 1:
            out[y] = True


def rule_out_at_relocation(b: Board) -> None:
    """The base was relocated (hidden again, in a new system): what was ruled out no longer
    holds, but the new base is in no system with Imperial loyalty, Imperial units or a
    destroyed marker (research §6.1)."""
    for x in range(NUM_SYSTEMS):
        b.ruled_out[x] = not new_base_allowed(b, x)


def new_base_allowed(b: Board, x: int) -> bool:
    """A new base may not be a system with Imperial loyalty, Imperial units or destroyed."""
    return b.loyalty[x] != IMPERIAL and not b.has_units(x, IMPERIAL) and not b.destroyed[x]


def reveal_base(b: Board, base: int) -> None:
    """Reveal the base: everything on the Rebel Base space moves into its system."""
    b.base_revealed = True
    space, real = b.units[REBEL_BASE], b.units[base]
    for u in range(NUM_UNITS):
        if space[u]:
            real[u] += space[u]
            space[u] = 0
    for i, where in enumerate(b.leader_loc):
        if where == REBEL_BASE:
            b.leader_loc[i] = base


# ---------------------------------------------------------------- capture and rescue
def capture(b: Board, leader: int) -> int:
    """Put the captured ring on ``leader``; return the leader it held before (or ``OFF``),
    whom the caller rescues: capturing a second leader rescues the first (research §6.3)."""
    before = b.captured
    b.captured = leader
    return before if before != leader else OFF


def rescue_due(b: Board) -> bool:
    """The captured leader's system holds no Imperial unit any more (research §6.3)."""
    if b.captured == OFF:
        return False
    return not b.has_units(b.leader_loc[b.captured], IMPERIAL)


def rescue(b: Board, leader: int, base: int) -> int:
    """Free ``leader``: it goes to the Rebel Base space, or the base's system once the base
    is revealed (research §6.3). Returns where it went."""
    if b.captured == leader:
        b.captured = OFF
    to = base if b.base_revealed else REBEL_BASE
    b.leader_loc[leader] = to
    b.leader_status[leader] = BOARD
    return to


# ---------------------------------------------------------------- winning
def empire_wins(b: Board, base: int) -> bool:
    """The Empire wins at once: Imperial units and no Rebel units in the revealed base's
    system, or the base's system destroyed even while hidden (research §4.1)."""
    if base < 0:
        return False
    if b.destroyed[base]:
        return True
    return b.base_revealed and b.has_units(base, IMPERIAL) and not b.has_units(base, REBEL)


def rebels_win(b: Board) -> bool:
    """The Rebels win at once when reputation and time share a space (research §4.1)."""
    return b.reputation == b.time


def gain_reputation(b: Board, amount: int) -> None:
    """Move the reputation marker ``amount`` spaces toward the time marker (negative: away).

    It never passes the time marker and stays on the track.
    """
    step = 1 if b.time > b.reputation else -1
    for _ in range(abs(amount)):
        if amount > 0:
            if b.reputation == b.time:
                break
            b.reputation += step
        else:
            nxt = b.reputation - step
            if not 1 <= nxt <= TIME_TRACK.length:
                break
            b.reputation = nxt
