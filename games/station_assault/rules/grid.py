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
    """Put ``card`` on the empty cell ``at`` (keeping the frontier)."""
    s.grid[at] = card
    s.pos[card] = at
    front = s.front
    front.pop(at, None)
    grid = s.grid
    for side in range(4):
        n = at + DELTA[side]
        if n not in grid:
            v = front.get(n)
            if v is None or v >> 2 > card:
                front[n] = card << 2 | side


def lift_card(s: AssaultState, card: int) -> None:
    """Take ``card`` off the grid (keeping the frontier)."""
    at = s.pos[card]
    grid, front = s.grid, s.front
    del grid[at]
    s.pos[card] = -1
    for d in DELTA:
        n = at + d
        v = front.get(n)
        if v is not None and v >> 2 == card:
            v = anchor_of(s, n, -1)
            if v < 0:
                del front[n]
            else:
                front[n] = v
    v = anchor_of(s, at, -1)
    if v >= 0:
        front[at] = v


def anchor_of(s: AssaultState, at: int, exclude: int) -> int:
    """``anchor << 2 | side`` naming empty cell ``at`` by its lowest-id neighbour in play
    other than ``exclude``; -1 when it has none."""
    grid = s.grid
    best = -1
    for side in range(4):
        a = grid.get(at - DELTA[side])
        if a is not None and a != exclude and (best < 0 or a < best >> 2):
            best = a << 2 | side
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
    go, so this is a sort of its values; only the cells the mover itself
    anchors need a second look. The ``friendly`` anchor scans the cards.
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
    front = s.front
    if from_hand:
        codes = sorted(front.values())
    else:
        codes = [v for v in front.values() if v >> 2 != card]
        here = s.pos[card]
        for d in DELTA:
            n = here + d
            v = front.get(n)
            if v is not None and v >> 2 == card:
                v = anchor_of(s, n, card)
                if v >= 0:
                    codes.append(v)
        codes.sort()
    flat = TO_FLAT
    return [flat[v] for v in codes]


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
    grid, team = s.grid, s.team
    me = team[card // CARDS_PER_DECK]
    out = []
    for d in DELTA:
        t = grid.get(at + d)
        if t is not None and team[t // CARDS_PER_DECK] != me:
            out.append(t)
    if len(out) > 1:
        out.sort()
    return out
