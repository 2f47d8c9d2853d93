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

from ..actions import HOME, TO
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


def destinations(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    """Every cell ``card`` may go to, one ``to`` action each (SSA-07, SSA-08, SSA-19, SSA-20).

    Empty cells orthogonally adjacent to a card in play other than the mover
    (with the ``friendly`` anchor, to a friendly card), each named by its
    lowest-id such neighbour. A ship in play may also stay (``stay`` is added
    by the caller). A ship from the hand with nowhere to go falls back as
    SSA-19 says.
    """
    friendly = s.options.anchor == "friendly"
    out = _cells(s, card, friendly)
    if not out and from_hand:
        if friendly:
            out = _cells(s, card, False)
        if not out:
            out = [HOME]
    return out


def _cells(s: AssaultState, card: int, friendly: bool) -> list[Action]:
    grid, pos, team = s.grid, s.pos, s.team
    me = team[card // CARDS_PER_DECK]
    seen: set[int] = set()
    out: list[Action] = []
    east, north, west, south = DELTA
    for c in s.board:
        if c == card or (friendly and team[c // CARDS_PER_DECK] != me):
            continue
        here = pos[c]
        to = TO[c]
        n = here + east
        if n not in grid and n not in seen:
            seen.add(n)
            out.append(to[0])
        n = here + north
        if n not in grid and n not in seen:
            seen.add(n)
            out.append(to[1])
        n = here + west
        if n not in grid and n not in seen:
            seen.add(n)
            out.append(to[2])
        n = here + south
        if n not in grid and n not in seen:
            seen.add(n)
            out.append(to[3])
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
