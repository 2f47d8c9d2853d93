"""Secrets (SSA-18): what a determinisation for search re-deals.

The core re-deals the cards in zones a player cannot see (another player's
hand and deck, pooled). This module re-deals what lies outside zones and
keeps the re-deal consistent with what the table has shown:

* another player's mulligan answer, not yet revealed, is drawn at random;
* during a wave a hand holds no ship slower than the current Speed (those
  must have been played), so such cards are swapped with deck cards that fit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Rng

from .setup import DECK, HAND, recount

if TYPE_CHECKING:
    from ..state import AssaultState


def resample(s: AssaultState, player: int, rng: Rng) -> None:
    if s.wave == 0:
        for q, m in enumerate(s.mulligan):
            if q != player and m != -1:
                s.mulligan[q] = rng.below(2)
    else:
        for q in range(s.num_players):
            if q != player and s.alive[q]:
                _no_slow_ships_in_hand(s, q, player, rng)
    recount(s)


def _no_slow_ships_in_hand(s: AssaultState, q: int, player: int, rng: Rng) -> None:
    speed, now = s.table.speed, s.speed
    hand, deck = s.zones[HAND[q]].cards, s.zones[DECK[q]]
    slow = [i for i, c in enumerate(hand) if speed[c] < now]
    if not slow:
        return
    known = set(deck.known.get(player, ()))
    spare = [j for j, c in enumerate(deck.cards) if speed[c] >= now and c not in known]
    rng.shuffle(spare)
    for i, j in zip(slow, spare):
        hand[i], deck.cards[j] = deck.cards[j], hand[i]
