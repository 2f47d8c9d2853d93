"""What on the table each legal action points at (``state.targets(action)``).

Two kinds: ``card`` (a card id: a ship or Station in play, or a ship in the
hand; its facts in ``view["cards"]``) and ``cell`` (``(x, y)`` on the grid, x
left to right, y bottom to top: a ship's cell in ``view["state"]["board"]``, an
empty cell next to one, or a Station's starting cell in
``view["state"]["homes"]``).

Roles, by action (``""`` is what a click on the table chooses):

=============  =====================================================================
action         targets
=============  =====================================================================
``mulligan``   none
``play T``     ``card`` ``""``: each copy of ship type T in the hand (they are alike;
               the lowest id is the one played)
``act C``      ``card`` C and its ``cell``, ``""``; a Station, which fires at once,
               also ``card`` and ``cell`` ``"at"`` of the enemy it fires at when
               exactly one is next to it
``to``/``home``  ``cell`` ``"to"``: where the ship goes; ``card`` ``"by"``: the ship;
               ``cell`` ``"from"``: the cell a ship in play leaves; ``card`` and
               ``cell`` ``"at"``: the enemy it then fires at, when exactly one is
               next to the new cell (with several, a ``fire`` choice follows)
``stay``       ``cell`` ``"to"``: the ship's own cell; ``card`` ``"by"``: the ship;
               ``"at"`` as for ``to``
``fire E``     ``card`` E and its ``cell``, ``""``: the enemy fired at; ``card`` and
               ``cell`` ``"by"``: the ship or Station firing
=============  =====================================================================

Only public facts and the deciding player's own hand are read; each action
costs a few lookups.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop import Action
from tabletop.targets import Target

from ..actions import Act, Fire, Home, Play, Stay, To
from ..decisions import ChooseDestination, ChooseTarget
from ..ships import CARDS_PER_DECK, MAX_CARDS
from .grid import DELTA, enemies_next_to, xy
from .setup import HAND

if TYPE_CHECKING:
    from ..state import AssaultState

__all__ = ["KINDS", "target_shown", "targets"]

KINDS: dict[str, str] = {
    "card": "a card id: a ship or Station in play (state.board, its card) or a ship in the "
    "hand; its facts in the view's cards, keyed by the id as text",
    "cell": "(x, y) on the grid, x left to right and y bottom to top: a ship's cell "
    "(state.board, its x and y), an empty cell next to one, or a Station's starting cell "
    "(state.homes)",
}
"""The target kinds of the pack (``Game(target_kinds=...)``)."""


ROLES = ("", "to", "from", "by", "at")
_CARD: dict[str, tuple[Target, ...]] = {
    role: tuple(Target("card", c, role) for c in range(MAX_CARDS)) for role in ROLES
}
"""Every card target, made once (targets are frozen, so shared)."""
_CELL: dict[tuple[int, str], Target] = {}
"""Cell targets met so far, by packed cell and role."""


def _card(card: int, role: str = "") -> Target:
    return _CARD[role][card]


def _cell(at: int, role: str) -> Target:
    t = _CELL.get((at, role))
    if t is None:
        if len(_CELL) > 100_000:  # far-wandering fleets: start again rather than grow
            _CELL.clear()
        t = _CELL[(at, role)] = Target("cell", xy(at), role)
    return t


def _ship(card: int, at: int, role: str) -> tuple[Target, Target]:
    return _card(card, role), _cell(at, role)


def _shot(s: AssaultState, card: int, at: int) -> tuple[Target, ...]:
    """The enemy ``card`` fires at from cell ``at``, when it is the only one next to it."""
    enemies = enemies_next_to(s, card, at)
    if len(enemies) != 1:
        return ()
    e = enemies[0]
    return _ship(e, s.pos[e], "at")


def targets(s: AssaultState, action: Action) -> Sequence[Target]:
    t = type(action)
    if t is Play:
        ctype = s.table.card_type
        ship = action.ship  # type: ignore[attr-defined]
        hand = s.zones[HAND[s.stack[-1].player]]
        return [_card(c) for c in sorted(c for c in hand if ctype[c] == ship)]
    if t is Act:
        c = action.card  # type: ignore[attr-defined]
        here = s.pos[c]
        if c % CARDS_PER_DECK == 0:  # a Station stays and fires at once
            return (*_ship(c, here, ""), *_shot(s, c, here))
        return _ship(c, here, "")
    top = s.stack[-1]
    if t is Fire and type(top) is ChooseTarget:
        e = action.card  # type: ignore[attr-defined]
        return (*_ship(e, s.pos[e], ""), *_ship(top.card, s.pos[top.card], "by"))
    if type(top) is not ChooseDestination:
        return ()
    mover = top.card
    here = s.pos[mover]
    if t is Stay:
        return (_cell(here, "to"), _card(mover, "by"), *_shot(s, mover, here))
    if t is To:
        dest = s.pos[action.card] + DELTA[action.side]  # type: ignore[attr-defined]
    elif t is Home:
        dest = s.home[top.player]
    else:
        return ()
    out: list[Target] = [_cell(dest, "to"), _card(mover, "by")]
    if here >= 0:  # a ship in play leaves its cell (which holds no enemy to shoot)
        out.append(_cell(here, "from"))
    out.extend(_shot(s, mover, dest))
    return out


def target_shown(s: AssaultState, target: Target, view: dict[str, Any]) -> str | None:
    """Where the view shows a ``cell`` (``None``: a kind the core answers)."""
    if target.kind != "cell":
        return None
    cell = target.id
    if not (isinstance(cell, tuple) and len(cell) == 2):
        return "a cell is (x, y)"
    x, y = cell
    st = view["state"]
    for ship in st["board"]:
        if abs(ship["x"] - x) + abs(ship["y"] - y) <= 1:
            return ""
    if [x, y] in st["homes"]:
        return ""
    return f"({x},{y}) is neither a ship's cell, next to one, nor a Station's starting cell"
