"""The mulligan (SSA-04, SSA-18): once, before wave 1, hidden until all have chosen.

Players answer in seat order; each answer is kept outside the zones, shown
only to its owner, and all are revealed together after the last. A player who
redraws puts the hand on the bottom of the deck (and knows those ten cards are
there) and draws ten new cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import KEEP, REDRAW, Mulligan
from ..decisions import ChooseMulligan
from ..events import HandToBottom, MulliganChosen, MulligansRevealed
from ..ships import SPEEDS
from . import turns
from .setup import DECK, HAND, HAND_SIZE, draw

if TYPE_CHECKING:
    from ..state import AssaultState


def choices() -> list[Action]:
    return [KEEP, REDRAW]


def choose(s: AssaultState, action: Mulligan) -> None:
    p = s.stack.pop().player
    answers = s.mulligan = s.mulligan[:]  # replaced, not changed: clones share it
    answers[p] = int(action.redraw)
    s.emit(MulliganChosen(player=p, redraw=action.redraw, to=(p,)))
    if p + 1 < s.num_players:
        s.stack.append(ChooseMulligan(player=p + 1))
        return
    s.emit(MulligansRevealed(redraws=tuple(bool(m) for m in s.mulligan)))
    for q in range(s.num_players):
        if s.mulligan[q]:
            redraw(s, q)
    turns.start_wave(s)


def redraw(s: AssaultState, p: int) -> None:
    zones = s.zones
    old = zones[HAND[p]]
    zones[HAND[p]] = []
    speed = s.table.speed
    for c in old:
        s.avail[p * SPEEDS + speed[c]] -= 1
    zones[DECK[p]][0:0] = old
    s.reveal(DECK[p], p, old)
    s.emit(HandToBottom(player=p, count=len(old)))
    draw(s, p, HAND_SIZE)
