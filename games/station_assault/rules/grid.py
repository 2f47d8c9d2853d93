"""The grid (SSA-02, SSA-07, SSA-08, SSA-14, SSA-17): cells, layouts, destinations, targets.

Cells are packed into one non-negative int, ``(x + HALF) * STRIDE + (y + HALF)``
(``-1`` stands for "not on the grid"), so a neighbour is one addition. Every
card enters the grid next to a card in play and moves only next to another
card, so each placement or move pushes the fleets' extent out by at most one
cell: with at most 330 cards, each acting once a wave for at most 200 waves,
no coordinate comes near ``HALF`` (524288). Packed cells are internal; actions
name cells by an adjacent card (see ``actions.py``) and views and events give
``(x, y)``.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from ..actions import HOME, TO, TO_FLAT
from ..ships import CARDS_PER_DECK

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import AssaultState

STRIDE = 1 << 20
HALF = STRIDE // 2
DELTA = (STRIDE, 1, -STRIDE, -1)
"""Cell offsets of the sides: 0 east, 1 north, 2 west, 3 south."""
SIDES = tuple(enumerate(DELTA))
"""``(side, offset)`` pairs."""

FrontOrder = tuple[list[int], list["Action"]]
"""The frontier's codes, ascending, and the ``to`` action of each (``front_order``)."""

# Station starting cells by mode and number of players, in seat order.
DUEL_LAYOUT = ((0, 0), (4, 0))
FREE_FOR_ALL_LAYOUTS = {
    2: DUEL_LAYOUT,
    3: ((0, 2), (-2, -1), (2, -1)),
    4: ((0, 0), (4, 0), (4, 4), (0, 4)),
    5: ((0, 3), (-3, 1), (-2, -2), (2, -2), (3, 1)),
    6: ((0, 4), (-3, 2), (-3, -2), (0, -4), (3, -2), (3, 2)),
}
"""Every pair at least 4 apart (Manhattan), so no cell touches two Stations (SSA-14).
Five and six players: the smallest ring of rounded circle points that keeps it."""
TEAM_LAYOUTS = {
    4: ((0, 0), (4, 0), (0, 4), (4, 4)),
    6: ((0, 0), (4, 0), (0, 4), (4, 4), (0, 8), (4, 8)),
}
"""Seats alternate A1, B1, A2, B2 (, A3, B3): team A at x = 0, team B at x = 4 (SSA-17)."""


def cell(x: int, y: int) -> int:
    return (x + HALF) * STRIDE + (y + HALF)


def xy(c: int) -> tuple[int, int]:
    x, y = divmod(c, STRIDE)
    return x - HALF, y - HALF


def layout(mode: str, players: int) -> tuple[tuple[int, int], ...]:
    """The Stations' starting cells in seat order."""
    if mode == "duel":
        return DUEL_LAYOUT
    if mode == "teams":
        return TEAM_LAYOUTS[players]
    return FREE_FOR_ALL_LAYOUTS[players]


def set_card(s: AssaultState, card: int, at: int) -> None:
    """Put ``card`` on the empty cell ``at`` (keeping the frontier and its order)."""
    grid = s.grid
    grid[at] = card
    s.pos[card] = at
    front = s.front
    order = _own_order(s) if s.front_shared else s.front_order
    keep = order is not None  # each code out and in at its sorted place, its action beside
    codes, moves = order or _NO_ORDER
    old = front.pop(at, None)
    if old is not None:
        s.front_holes += 1
        if keep:
            i = bisect_left(codes, old)
            del codes[i], moves[i]
    base = card << 2
    for side, d in SIDES:
        n = at + d
        if n not in grid:
            v = front.get(n)
            if v is None or v >> 2 > card:
                w = front[n] = base | side
                if keep:
                    if v is not None:
                        i = bisect_left(codes, v)
                        del codes[i], moves[i]
                    i = bisect_left(codes, w)
                    codes.insert(i, w)
                    moves.insert(i, TO_FLAT[w])


def lift_card(s: AssaultState, card: int) -> None:
    """Take ``card`` off the grid (keeping the frontier and its order).

    This is the only place a cell leaves ``s.grid``; each deletion leaves a hole in the
    dict, and a dict with many holes copies slowly (CPython copies it key by key instead
    of at once). So ``s.grid_holes`` counts the deletions since the grid was last made
    without holes, and a clone makes it again first when they are many
    (``AssaultState._copy_into``): a game played without clones never pays for it."""
    at = s.pos[card]
    grid, front = s.grid, s.front
    order = _own_order(s) if s.front_shared else s.front_order
    keep = order is not None
    codes, moves = order or _NO_ORDER
    del grid[at]
    s.grid_holes += 1
    s.pos[card] = -1
    for d in DELTA:
        n = at + d
        v = front.get(n)
        if v is not None and v >> 2 == card:
            w = anchor_of(s, n, -1)
            if w < 0:
                del front[n]
                s.front_holes += 1
            else:
                front[n] = w
            if keep:
                i = bisect_left(codes, v)
                del codes[i], moves[i]
                if w >= 0:
                    i = bisect_left(codes, w)
                    codes.insert(i, w)
                    moves.insert(i, TO_FLAT[w])
    v = anchor_of(s, at, -1)
    if v >= 0:
        front[at] = v
        if keep:
            i = bisect_left(codes, v)
            codes.insert(i, v)
            moves.insert(i, TO_FLAT[v])


_NO_ORDER: FrontOrder = ([], [])
"""Stands for the sorted frontier while none is kept (never changed: ``keep`` is false)."""


def _own_order(s: AssaultState) -> FrontOrder | None:
    """The state's sorted frontier, copied first if a clone shares it (``None`` while it
    was never asked for). Called only when ``s.front_shared``."""
    order = s.front_order
    if order is not None and s.front_shared:
        order = s.front_order = (order[0][:], order[1][:])
    s.front_shared = False
    return order


def front_order(s: AssaultState) -> FrontOrder:
    """The frontier's codes in ascending order and their ``to`` actions, in step: the
    placements in legal order.

    Kept on the state (``front_order``, not saved) once asked for: ``set_card`` and
    ``lift_card``, the only writers of the frontier, keep it in step; a clone shares it
    (``front_shared``) until either state changes the frontier and takes a copy; and
    whatever sets ``s.front`` anew (a position) drops it (``forget_front_order``) to be
    sorted again here."""
    order = s.front_order
    if order is None:
        codes = sorted(s.front.values())
        flat = TO_FLAT
        order = s.front_order = (codes, [flat[v] for v in codes])
    return order


def forget_front_order(s: AssaultState) -> None:
    """Drop the sorted frontier (``front_order``) after ``s.front`` was set anew."""
    s.front_order = None
    s.front_shared = False


def anchor_of(s: AssaultState, at: int, exclude: int) -> int:
    """``anchor << 2 | side`` naming empty cell ``at`` by its lowest-id neighbour in play
    other than ``exclude``; -1 when it has none."""
    get = s.grid.get
    best = -1
    a = get(at - STRIDE)  # the cell is east (side 0) of a
    if a is not None and a != exclude:
        best = a << 2
    a = get(at - 1)  # north (1)
    if a is not None and a != exclude and (best < 0 or a < best >> 2):
        best = a << 2 | 1
    a = get(at + STRIDE)  # west (2)
    if a is not None and a != exclude and (best < 0 or a < best >> 2):
        best = a << 2 | 2
    a = get(at + 1)  # south (3)
    if a is not None and a != exclude and (best < 0 or a < best >> 2):
        best = a << 2 | 3
    return best


def rebuild_front(s: AssaultState) -> dict[int, int]:
    """The frontier computed from scratch (for tests and hand-made positions)."""
    front: dict[int, int] = {}
    for c in s.board:
        here = s.pos[c]
        for d in DELTA:
            n = here + d
            if n not in s.grid and n not in front:
                front[n] = anchor_of(s, n, -1)
    return front


def destinations(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    """Every cell ``card`` may go to, one ``to`` action each (SSA-07, SSA-08, SSA-19, SSA-20).

    Empty cells orthogonally adjacent to a card in play other than the mover
    (with the ``friendly`` anchor, to a friendly card), each named by its
    lowest-id such neighbour, in the order of (anchor, side). A ship in play
    may also stay (``stay`` is added by the caller). A ship from the hand with
    nowhere to go falls back as SSA-19 says.

    With the ``any`` anchor the frontier ``s.front`` (every empty cell next to
    a card, with its lowest-id neighbour) is kept up to date as cards come and
    go, and so is its sorted copy (``front_order``), so this is a copy of that
    list; only the cells the mover itself anchors need a second look. The
    ``friendly`` anchor scans the cards.
    """
    friendly = s.options.anchor == "friendly"
    if friendly:
        out = _cells(s, card, True)
    else:
        out = _front_cells(s, card, from_hand)
    if not out and from_hand:
        if friendly:
            out = _cells(s, card, False)
        if not out:
            out = [HOME]
    return out


def _front_cells(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    """The frontier in (anchor, side) order (``front_order``); for a ship in play, the
    cells it anchors itself are named again by their next neighbour, or dropped."""
    codes, moves = s.front_order or front_order(s)
    if from_hand:
        return moves[:]
    lo = bisect_left(codes, card << 2)
    hi = bisect_left(codes, (card + 1) << 2, lo)
    if lo == hi:
        return moves[:]
    here = s.pos[card]
    again = []
    for i in range(lo, hi):
        v = anchor_of(s, here + DELTA[codes[i] & 3], card)
        if v >= 0:
            again.append(v)
    out = moves[:lo]
    if len(again) > 1:
        again.sort()
    start = hi
    for v in again:  # each above the mover's codes: merged into the rest in order
        i = bisect_left(codes, v, start)
        out += moves[start:i]
        out.append(TO_FLAT[v])
        start = i
    out += moves[start:]
    return out


def _cells(s: AssaultState, card: int, friendly: bool) -> list[Action]:
    """Destinations by scanning the cards in play, in (anchor, side) order."""
    grid, pos, team = s.grid, s.pos, s.team
    me = team[card // CARDS_PER_DECK]
    seen: set[int] = set()
    out: list[Action] = []
    for c in s.board:
        if c == card or (friendly and team[c // CARDS_PER_DECK] != me):
            continue
        here = pos[c]
        to = TO[c]
        for side in range(4):
            n = here + DELTA[side]
            if n not in grid and n not in seen:
                seen.add(n)
                out.append(to[side])
    return out


def enemies_next_to(s: AssaultState, card: int, at: int) -> list[int]:
    """Enemy cards orthogonally adjacent to cell ``at``, by id (SSA-09, SSA-16)."""
    get = s.grid.get
    side = s.card_side
    me = side[card]
    out = []
    for t in (get(at + STRIDE), get(at + 1), get(at - STRIDE), get(at - 1)):
        if t is not None and side[t] != me:
            out.append(t)
    if len(out) > 1:
        out.sort()
    return out


_SIDES: dict[tuple[int, ...], tuple[int, ...]] = {}


def card_sides(team: list[int]) -> tuple[int, ...]:
    """The side of each card id by the seats' sides ``team`` (one tuple per seating)."""
    key = tuple(team)
    got = _SIDES.get(key)
    if got is None:
        got = _SIDES[key] = tuple(t for t in key for _ in range(CARDS_PER_DECK))
    return got
