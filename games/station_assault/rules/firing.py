"""Firing and damage (SSA-09, SSA-11, SSA-12).

After playing, moving or staying, a card must fire at an adjacent enemy card
if there is one; with several, its owner chooses. Damage stays on a card and
moves with it; at damage >= Shields it is destroyed (excess is lost), its
cell empties at once and the firing card's owner scores its Victory (duel,
teams). In a free for all nobody scores: the card goes to its owner's pile and
its Victory counts against its owner (SSA-15, SSA-24).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import FIRE, Fire
from ..decisions import ChooseTarget, choose_target
from ..events import Destroyed, Fired
from ..ships import CARDS_PER_DECK
from . import turns, victory
from .grid import enemies_next_to, lift_card
from .setup import PILE

if TYPE_CHECKING:
    from ..state import AssaultState


def target_choices(s: AssaultState, card: int) -> list[Action]:
    return [FIRE[t] for t in enemies_next_to(s, card, s.pos[card])]


def fire_step(s: AssaultState, p: int, card: int) -> None:
    """Compulsory fire: none adjacent, no shot; one, it is shot; several, ``p`` chooses."""
    targets = enemies_next_to(s, card, s.pos[card])
    if len(targets) > 1:
        s.stack.append(choose_target(p, card))
        return
    if targets:
        shoot(s, card, targets[0])
    turns.end_turn(s, p)


def fire_chosen(s: AssaultState, action: Fire) -> None:
    top = s.stack.pop()
    assert isinstance(top, ChooseTarget)
    shoot(s, top.card, action.card)
    turns.end_turn(s, top.player)


def shoot(s: AssaultState, card: int, target: int) -> None:
    tbl = s.table
    fp = tbl.firepower[card]
    shields = tbl.shields[target]
    total = s.damage[target] + fp
    s.wave_damage += fp
    shown = total if total < shields else shields  # excess damage is lost
    s.emit(Fired(card=card, target=target, damage=fp, total=shown))
    if total >= shields:
        destroy(s, target, card // CARDS_PER_DECK)
    else:
        s.damage[target] = total


def destroy(s: AssaultState, card: int, by: int) -> None:
    tbl = s.table
    victim = card // CARDS_PER_DECK
    lift_card(s, card)
    s.damage[card] = 0
    board = s.board
    del board[bisect.bisect_left(board, card)]
    if not s.acted[card]:
        s.avail[tbl.slot[card]] -= 1
    s.acted[card] = False
    v = tbl.victory[card]
    if s.options.mode == "free_for_all":
        s.zones[PILE[victim]].append(card)
    else:
        s.zones[PILE[by]].append(card)
        score = s.score = s.score[:]  # replaced, not changed: clones share it
        score[by] += v
    lost = s.lost = s.lost[:]  # replaced, not changed: clones share it
    lost[victim] += v
    s.emit(Destroyed(card=card, by=by, victory=v))
    victory.after_destruction(s, by, victim)
