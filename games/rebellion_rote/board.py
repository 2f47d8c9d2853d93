"""The board: every per-system and per-side fact as flat lists, and the derived predicates.

Locations are the 32 systems (ids 0..31) and the Rebel Base space (``REBEL_BASE``,
32). :class:`Board` holds (research §10 checklist):

* per system: ``loyalty`` (``NONE``, ``REBEL`` or ``IMPERIAL``), ``subjugated``,
  ``sabotage``, ``destroyed``, ``markers`` (target markers, a bit mask: bit ``k`` for
  ``data.MARKERS[k]``, one of a kind per system; placed and removed by
  :mod:`.rules.markers`);
* per location: ``units[loc][unit]``, the number of figures of each unit type;
* per leader: ``leader_loc`` (a location, or ``OFF`` when not on the board),
  ``leader_status`` (``SUPPLY``, ``POOL``, ``BOARD``, ``MISSION``,
  ``ELIMINATED``), ``rings`` (its attachment ring, ``data.RINGS``) and ``leader_side``
  (the side it plays for: its own, or the Empire's once the Lure of the Dark Side ring is
  on it); ``captured`` is the leader in the captured ring (or ``OFF``); ``detained`` the
  leaders that stay on the board at the next Refresh Phase (Detained, a bit mask);
* the **captives** (:meth:`Board.is_captive`, :meth:`Board.captives`): the leader in the
  captured ring and a leader frozen in Carbonite, who still counts as captured for every
  rule and card (research-2 §4.2): the Empire can hold one leader in each ring;
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

The predicates below are small named functions of a board.

**Subjugation follows the board at once** (research §6.2, RR-21): every change of
Imperial ground units (:meth:`Board.add_unit`, :meth:`Board.remove_unit`), of loyalty
(:func:`gain_loyalty`) or a system destroyed (:func:`destroy`) settles the system's
subjugation marker there and then (:func:`settle`), and notes the change in
``Board.changes``; the state narrates each noted change as a ``Subjugation`` event
right after the event of the change that caused it (``RebellionState.emit``), or at
the end of the action. One exception, the activation's step 5 (research §4.3): Imperial
ground units moving into the activated system (``Board.held``) subjugate it only once
its movement and combat are over (:func:`release`); a marker there still goes at once
when the last Imperial ground unit leaves or is destroyed.
"""

from __future__ import annotations

from operator import itemgetter

import attrs

from .data import (
    ADJ_MASK,
    IMPERIAL,
    LEADERS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    RINGS,
    SYSTEMS,
    TIME_TRACK,
    UNITS,
)

__all__ = [
    "BOARD",
    "CARBONITE",
    "ELIMINATED",
    "LURE",
    "MISSION",
    "NONE",
    "NO_RING",
    "OFF",
    "POOL",
    "SUPPLY",
    "Board",
    "base_reveal_due",
    "capture",
    "destroy",
    "empire_wins",
    "gain_loyalty",
    "gain_reputation",
    "hold",
    "imperial_system",
    "new_base_allowed",
    "rebel_system",
    "rebels_win",
    "release",
    "rescue",
    "rescue_due",
    "rescues_due",
    "rule_out_at_relocation",
    "rule_out_beyond",
    "rule_out_searched",
    "settle",
    "transport_room",
    "update_subjugation",
]

NONE = -1
"""No loyalty marker (a neutral system)."""
NO_RING = -1
"""No attachment ring on a leader."""
CARBONITE = RINGS.index("carbonite")
"""The Frozen in Carbonite ring (Carbon Freezing): its leader counts as captured."""
LURE = RINGS.index("lure")
"""The Lure of the Dark Side ring: its leader plays for the Empire for the rest of the game."""
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
UNIT_SPAN: tuple[slice, slice] = (
    slice(UNITS_OF[REBEL][0], UNITS_OF[REBEL][-1] + 1),
    slice(UNITS_OF[IMPERIAL][0], UNITS_OF[IMPERIAL][-1] + 1),
)
"""Per side: its unit types as one slice of a ``Board.units`` row (data lists each side's
units together), so a count over them runs in one step."""
assert all(
    tuple(range(NUM_UNITS)[UNIT_SPAN[side]]) == UNITS_OF[side] for side in (REBEL, IMPERIAL)
), "each side's unit types must be contiguous in data.UNITS"
CAPACITY: tuple[int, ...] = tuple(u.capacity for u in UNITS)
IS_GROUND: tuple[bool, ...] = tuple(u.theater == "ground" for u in UNITS)
SUBJUGATES: tuple[bool, ...] = tuple(
    IS_GROUND[i] and SIDE_OF_UNIT[i] == IMPERIAL for i in range(NUM_UNITS)
)
"""By unit type: an Imperial ground unit (it subjugates the system it is in)."""
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
    rings: list[int] = attrs.field(factory=lambda: [NO_RING] * len(LEADERS))
    """Per leader: the attachment ring on it (an index into ``data.RINGS``), or ``NO_RING``.
    One ring a leader, a new one replacing the old (research-2 §4.1); the captured ring is
    ``captured``, not here."""
    leader_side: list[int] = attrs.field(factory=lambda: list(SIDE_OF_LEADER))
    """Per leader: the side it plays for (``REBEL`` or ``IMPERIAL``): its own, but the
    Empire's for a leader lured to the Dark Side (research-2 §4.2)."""
    detained: int = 0
    """Leaders that do not go back to the pool at the next Refresh Phase (bit ``i`` for
    leader ``i``; Detained)."""
    queue: list[list[int]] = attrs.field(factory=lambda: [[] for _ in range(6)])
    time: int = TIME_TRACK.time_start
    reputation: int = TIME_TRACK.reputation_start
    base_revealed: bool = False
    held: int = -1
    """The system being activated, from its movement to the end of its combat: Imperial
    ground units arriving there subjugate it only at the activation's step 5 (-1: none)."""
    changes: list[tuple[int, bool]] = attrs.field(factory=list)
    """Subjugation markers placed (True) or removed (False) and not narrated yet, in
    order: (system, placed). Empty between actions."""
    ruled_out: list[bool] = attrs.field(factory=lambda: [False] * NUM_SYSTEMS)
    """Per system: the public facts rule it out as the hidden base's system."""
    unlocked: int = -1
    """A leader that holds back no units in ``unlocked_at`` this round (Public Support), or
    -1."""
    unlocked_at: int = -1

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.loyalty = self.loyalty[:]
        b.subjugated = self.subjugated[:]
        b.sabotage = self.sabotage[:]
        b.destroyed = self.destroyed[:]
        b.markers = self.markers[:]
        b.units = list(map(list.copy, self.units))
        b.leader_loc = self.leader_loc[:]
        b.leader_status = self.leader_status[:]
        b.captured = self.captured
        b.rings = self.rings[:]
        b.leader_side = self.leader_side[:]
        b.detained = self.detained
        b.queue = list(map(list.copy, self.queue))
        b.time = self.time
        b.reputation = self.reputation
        b.base_revealed = self.base_revealed
        b.held = self.held
        b.changes = self.changes[:]
        b.ruled_out = self.ruled_out[:]
        b.unlocked = self.unlocked
        b.unlocked_at = self.unlocked_at
        return b

    # ------------------------------------------------------------ units
    def count(self, loc: int, side: int, theater: str = "") -> int:
        """Units of ``side`` at ``loc`` (of one theater if given)."""
        row = self.units[loc]
        if not theater:
            return sum(row[UNIT_SPAN[side]])
        ids = (GROUND_OF if theater == "ground" else SHIPS_OF)[side]
        return sum(map(row.__getitem__, ids))

    def has_units(self, loc: int, side: int) -> bool:
        return any(self.units[loc][UNIT_SPAN[side]])

    def has_ground(self, loc: int, side: int) -> bool:
        return any(map(self.units[loc].__getitem__, GROUND_OF[side]))

    def has_ships(self, loc: int, side: int) -> bool:
        return any(map(self.units[loc].__getitem__, SHIPS_OF[side]))

    def add_unit(self, unit: int, loc: int, n: int = 1) -> None:
        """Put ``n`` figures of ``unit`` at ``loc``; Imperial ground units settle its
        subjugation."""
        self.units[loc][unit] += n
        if SUBJUGATES[unit] and loc < NUM_SYSTEMS:
            settle(self, loc)

    def remove_unit(self, unit: int, loc: int, n: int = 1) -> None:
        """Take ``n`` figures of ``unit`` from ``loc``; Imperial ground units settle its
        subjugation."""
        if self.units[loc][unit] < n:
            raise ValueError(f"no {n} {UNITS[unit].name} at location {loc}")
        self.units[loc][unit] -= n
        if SUBJUGATES[unit] and loc < NUM_SYSTEMS:
            settle(self, loc)

    def in_supply(self, unit: int) -> int:
        """Figures of ``unit`` not on the board and not on a build queue."""
        used: int = sum(map(itemgetter(unit), self.units))
        used += sum([q.count(unit) for q in self.queue])
        return UNITS[unit].supply - used

    def supply(self) -> list[int]:
        """:meth:`in_supply` of every unit type at once (index: unit type)."""
        used = list(map(sum, zip(*self.units)))
        for q in self.queue:
            for u in q:
                used[u] += 1
        return [UNITS[u].supply - n for u, n in enumerate(used)]

    # ------------------------------------------------------------ leaders
    def leaders_at(self, loc: int, side: int) -> list[int]:
        """Leaders playing for ``side`` in ``loc`` (captives included)."""
        side_of = self.leader_side
        return [i for i, where in enumerate(self.leader_loc) if where == loc and side_of[i] == side]

    def locks(self, loc: int, side: int) -> bool:
        """Leader lock: a leader of ``side`` (not a captive) holds ``side``'s units in ``loc``.

        A leader on the Rebel Base space locks the space, not the base's system; the leader
        Public Support placed locks nothing in its system this round (``unlocked``).
        """
        side_of = self.leader_side
        for i, where in enumerate(self.leader_loc):
            if where == loc and side_of[i] == side and not self.is_captive(i):
                if i == self.unlocked and where == self.unlocked_at:
                    continue
                return True
        return False

    def lock_map(self, side: int) -> list[bool]:
        """:meth:`locks` for every location at once (index ``loc``)."""
        out = [False] * NUM_LOCATIONS
        side_of = self.leader_side
        for i, where in enumerate(self.leader_loc):
            if 0 <= where < NUM_LOCATIONS and side_of[i] == side and not self.is_captive(i):
                if i == self.unlocked and where == self.unlocked_at:
                    continue  # Public Support
                out[where] = True
        return out

    def pool(self, side: int) -> list[int]:
        side_of = self.leader_side
        return [i for i, st in enumerate(self.leader_status) if st == POOL and side_of[i] == side]

    def is_captive(self, leader: int) -> bool:
        """In the captured ring or frozen in Carbonite (which still counts as captured)."""
        return leader == self.captured or self.rings[leader] == CARBONITE

    def captives(self) -> list[int]:
        """The captive leaders: the one in the captured ring, then one in Carbonite."""
        out = [] if self.captured == OFF else [self.captured]
        if CARBONITE in self.rings:
            out.extend(i for i, r in enumerate(self.rings) if r == CARBONITE)
        return out

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


def subjugated_now(b: Board, s: int) -> bool:
    """Whether system ``s`` should bear the subjugation marker: an Imperial ground unit
    there and no Imperial loyalty (research §6.2), in a populous, not destroyed system
    (RR-21)."""
    return b.has_ground(s, IMPERIAL) and b.loyalty[s] != IMPERIAL and can_subjugate(s, b)


def update_subjugation(b: Board, s: int) -> bool:
    """Place or remove the subjugation marker of system ``s`` as the board stands now;
    True if it changed (no change is noted: for building a board by hand).

    An Imperial ground unit in a system without Imperial loyalty subjugates it;
    the marker goes as soon as no Imperial ground unit remains (research §6.2).
    """
    want = subjugated_now(b, s)
    if want != b.subjugated[s]:
        b.subjugated[s] = want
        return True
    return False


def settle(b: Board, s: int) -> None:
    """Place or remove the subjugation marker of system ``s`` after a change there, and
    note it in ``b.changes``. While ``s`` is being activated (``b.held``) a marker is not
    placed yet (step 5 of the activation, :func:`release_held`), but still removed."""
    want = subjugated_now(b, s)
    if want != b.subjugated[s] and not (want and s == b.held):
        b.subjugated[s] = want
        b.changes.append((s, want))


def hold(b: Board, s: int) -> None:
    """System ``s`` is being activated: units moving in subjugate it only at step 5."""
    b.held = s


def release_held(b: Board) -> None:
    """Step 5 of the activation (research §4.3): the activated system's movement and
    combat are over; its subjugation is settled."""
    s, b.held = b.held, -1
    if 0 <= s < NUM_SYSTEMS:
        settle(b, s)


def gain_loyalty(b: Board, s: int, side: int, amount: int = 1) -> None:
    """``side`` gains ``amount`` loyalty in ``s`` (research §6.2).

    One step removes the opponent's marker or, in a neutral system, places
    ``side``'s; two steps do both. Coruscant and remote or destroyed systems
    never change. Subjugation follows at once: Imperial loyalty in a subjugated
    system replaces the marker; Imperial loyalty removed where an Imperial ground
    unit stands puts one there.
    """
    if FIXED_IMPERIAL[s] or not POPULOUS[s] or b.destroyed[s]:
        return
    for _ in range(amount):
        if b.loyalty[s] == side:
            break
        b.loyalty[s] = NONE if b.loyalty[s] == 1 - side else side
    settle(b, s)


def destroy(b: Board, s: int) -> None:
    """The destroyed marker on system ``s``: it loses its loyalty marker, and its
    subjugation marker goes (RR-21, RR-45)."""
    b.destroyed[s] = True
    b.loyalty[s] = NONE
    settle(b, s)


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
    whom the caller rescues: capturing a second leader rescues the first (research §6.3).
    The captured ring replaces the ring the leader wore (one ring a leader, research-2
    §4.1; RR-84)."""
    before = b.captured
    b.captured = leader
    b.rings[leader] = NO_RING
    return before if before != leader else OFF


def rescues_due(b: Board) -> list[int]:
    """The captives whose system holds no Imperial unit any more (research §6.3)."""
    return [i for i in b.captives() if not b.has_units(b.leader_loc[i], IMPERIAL)]


def rescue_due(b: Board) -> bool:
    """Some captive's system holds no Imperial unit any more (research §6.3)."""
    return bool(rescues_due(b))


def release(b: Board, leader: int) -> None:
    """``leader`` is no captive any more: the captured ring comes off, or the Carbonite
    ring, which is then discarded (Carbon Freezing)."""
    if b.captured == leader:
        b.captured = OFF
    elif b.rings[leader] == CARBONITE:
        b.rings[leader] = NO_RING


def rescue(b: Board, leader: int, base: int) -> int:
    """Free ``leader``: it goes to the Rebel Base space, or the base's system once the base
    is revealed (research §6.3). Returns where it went."""
    release(b, leader)
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
