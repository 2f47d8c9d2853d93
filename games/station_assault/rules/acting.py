"""A turn (SSA-05..SSA-08, SSA-19, SSA-20): which ship acts, then where it goes.

The player picks one available ship of the current Speed: a ship from the
hand (by type: one's copies are interchangeable) or a ship or Station in
play that has not acted this wave. A ship from the hand is placed; a ship in
play moves or stays; a Station stays. Then it fires (``firing``).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import ACT, PLAY, STAY, Act, Play, To
from ..decisions import ChooseDestination
from ..events import Moved, Placed, Stayed
from ..ships import CARDS_PER_DECK, SPEEDS
from . import firing
from .grid import DELTA, destinations, lift_card, set_card, xy
from .setup import HAND

if TYPE_CHECKING:
    from ..state import AssaultState


def ship_choices(s: AssaultState, p: int) -> list[Action]:
    """Ship types of this Speed in the hand, then this Speed's un-acted cards in play."""
    tbl = s.table
    speed, ctype, sp = tbl.speed, tbl.card_type, s.speed
    out: list[Action] = []
    types = {ctype[c] for c in s.zones[HAND[p]].cards if speed[c] == sp}
    for t in sorted(types):
        out.append(PLAY[t])
    board, acted = s.board, s.acted
    lo = bisect.bisect_left(board, p * CARDS_PER_DECK)
    hi = bisect.bisect_left(board, (p + 1) * CARDS_PER_DECK, lo)
    for i in range(lo, hi):
        c = board[i]
        if speed[c] == sp and not acted[c]:
            out.append(ACT[c])
    return out


def destination_choices(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    out = destinations(s, card, from_hand)
    if not from_hand:
        out.append(STAY)
    return out


def play(s: AssaultState, action: Play) -> None:
    """Take a ship of that type from the hand (the lowest id: copies are alike)."""
    p = s.stack.pop().player
    hand = s.zones[HAND[p]]
    ctype = s.table.card_type
    card = min(c for c in hand.cards if ctype[c] == action.ship)
    hand.remove(card)
    s.avail[p * SPEEDS + s.speed] -= 1
    s.acted[card] = True
    s.stack.append(ChooseDestination(player=p, card=card, from_hand=True))


def act(s: AssaultState, action: Act) -> None:
    p = s.stack.pop().player
    card = action.card
    s.avail[p * SPEEDS + s.speed] -= 1
    s.acted[card] = True
    if card % CARDS_PER_DECK == 0:  # a Station never moves (SSA-08)
        s.emit(Stayed(player=p, card=card))
        firing.fire_step(s, p, card)
    else:
        s.stack.append(ChooseDestination(player=p, card=card, from_hand=False))


def go_to(s: AssaultState, action: To) -> None:
    top = s.stack.pop()
    assert isinstance(top, ChooseDestination)
    card, p = top.card, top.player
    target = s.pos[action.card] + DELTA[action.side]
    if top.from_hand:
        place(s, p, card, target)
    else:
        lift_card(s, card)
        set_card(s, card, target)
        x, y = xy(target)
        s.emit(Moved(player=p, card=card, x=x, y=y))
    firing.fire_step(s, p, card)


def go_home(s: AssaultState) -> None:
    """SSA-19: nowhere to place, so onto the owner's Station's starting cell."""
    top = s.stack.pop()
    assert isinstance(top, ChooseDestination)
    place(s, top.player, top.card, s.home[top.player])
    firing.fire_step(s, top.player, top.card)


def stay(s: AssaultState) -> None:
    top = s.stack.pop()
    assert isinstance(top, ChooseDestination)
    s.emit(Stayed(player=top.player, card=top.card))
    firing.fire_step(s, top.player, top.card)


def place(s: AssaultState, p: int, card: int, target: int) -> None:
    set_card(s, card, target)
    bisect.insort(s.board, card)
    x, y = xy(target)
    s.emit(Placed(player=p, card=card, x=x, y=y))
