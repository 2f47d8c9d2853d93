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
from ..decisions import ChooseDestination, choose_destination
from ..events import Moved, Placed, stayed
from ..ships import CARDS_PER_DECK, SPEEDS
from . import firing
from .grid import DELTA, destinations, lift_card, set_card, xy
from .setup import HAND

if TYPE_CHECKING:
    from ..state import AssaultState


def ship_choices(s: AssaultState, p: int) -> list[Action]:
    """Ship types of this Speed in the hand, then this Speed's un-acted cards in play.

    The available count (``avail``: the hand's ships of this Speed and the un-acted
    cards of this Speed in play) says how many of the latter there are, so the scan of
    ``p``'s cards in play stops at the last of them (or is skipped)."""
    tbl = s.table
    speed, ctype, sp = tbl.speed, tbl.card_type, s.speed
    types = set()
    in_hand = 0
    for c in s.zones[HAND[p]]:
        if speed[c] == sp:
            types.add(ctype[c])
            in_hand += 1
    out: list[Action] = [PLAY[t] for t in sorted(types)] if types else []
    left = s.avail[p * SPEEDS + sp] - in_hand
    if left:
        board, acted = s.board, s.acted
        i = bisect.bisect_left(board, p * CARDS_PER_DECK)
        while left:
            c = board[i]
            if speed[c] == sp and not acted[c]:
                out.append(ACT[c])
                left -= 1
            i += 1
    return out


def destination_choices(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    out = destinations(s, card, from_hand)
    if not from_hand:
        out.append(STAY)
    return out


def play(s: AssaultState, action: Play) -> None:
    """Take a ship of that type from the hand (the lowest id: copies are alike)."""
    p = s.stack.pop().player
    name = HAND[p]
    ctype, ship = s.table.card_type, action.ship
    card = -1
    for c in s.zones[name]:
        if ctype[c] == ship and (card < 0 or c < card):
            card = c
    s.remove_card(card, name)
    s.avail[p * SPEEDS + s.speed] -= 1
    s.acted[card] = True
    s.stack.append(choose_destination(p, card, True))


def act(s: AssaultState, action: Act) -> None:
    p = s.stack.pop().player
    card = action.card
    s.avail[p * SPEEDS + s.speed] -= 1
    s.acted[card] = True
    if card % CARDS_PER_DECK == 0:  # a Station never moves (SSA-08)
        s.emit(stayed(p, card))
        firing.fire_step(s, p, card)
    else:
        s.stack.append(choose_destination(p, card, False))


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
    s.emit(stayed(top.player, top.card))
    firing.fire_step(s, top.player, top.card)


def place(s: AssaultState, p: int, card: int, target: int) -> None:
    set_card(s, card, target)
    bisect.insort(s.board, card)
    x, y = xy(target)
    s.emit(Placed(player=p, card=card, x=x, y=y))
