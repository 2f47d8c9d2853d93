"""Secrets (SSA-18): what a determinisation for search re-deals.

The core re-deals the cards in zones a player cannot see (another player's
hand and deck, pooled). This module re-deals what lies outside zones and
keeps the re-deal consistent with what the table has shown:

* another player's mulligan answer, not yet revealed, is drawn at random;
* during a wave a hand holds no ship slower than the current Speed (those
  must have been played), so such cards are swapped with deck cards that fit;
* nor a ship of the current Speed when the turn went past its player at this Speed
  (``passed_over``: the table saw they had none);
* the player choosing a ship now has one of the current Speed: if the re-deal left
  none in the hand (and none waits on the grid), one is swapped in from the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Rng

from ..decisions import ChooseShip
from ..ships import CARDS_PER_DECK
from .setup import DECK, HAND, recount

if TYPE_CHECKING:
    from ..state import AssaultState


def resample(s: AssaultState, player: int, rng: Rng) -> None:
    if s.wave == 0:
        answers = s.mulligan = s.mulligan[:]  # shared with the state this was cloned from
        for q, m in enumerate(answers):
            if q != player and m != -1:
                answers[q] = rng.below(2)
    else:
        top = s.stack[-1] if s.stack else None
        chooser = top.player if isinstance(top, ChooseShip) else -1
        for q in range(s.num_players):
            if q != player and s.alive[q]:
                _no_slow_ships_in_hand(s, q, player, rng)
                if q == chooser:
                    _a_ship_of_this_speed(s, q, player, rng)
    recount(s)


def _no_slow_ships_in_hand(s: AssaultState, q: int, player: int, rng: Rng) -> None:
    """No ship slower than now in ``q``'s hand, nor one of this Speed if the turn went
    past ``q`` at this Speed."""
    speed, now = s.table.speed, s.speed
    least = now + 1 if s.passed_over >> q & 1 else now
    zones = s.zones
    hand, deck = zones[HAND[q]], zones[DECK[q]]
    slow = [i for i, c in enumerate(hand) if speed[c] < least]
    if not slow:
        return
    known = set(s.known_to(DECK[q], player))
    spare = [j for j, c in enumerate(deck) if speed[c] >= least and c not in known]
    rng.shuffle(spare)
    for i, j in zip(slow, spare):
        hand[i], deck[j] = deck[j], hand[i]


def _a_ship_of_this_speed(s: AssaultState, q: int, player: int, rng: Rng) -> None:
    """``q`` is choosing a ship of the current Speed: make sure one is there."""
    speed, now = s.table.speed, s.speed
    if any(speed[c] == now and not s.acted[c] for c in s.board if c // CARDS_PER_DECK == q):
        return
    zones = s.zones
    hand, deck = zones[HAND[q]], zones[DECK[q]]
    if any(speed[c] == now for c in hand):
        return
    known = set(s.known_to(DECK[q], player))
    fits = [j for j, c in enumerate(deck) if speed[c] == now and c not in known]
    faster = [i for i, c in enumerate(hand) if speed[c] > now]
    if fits and faster:
        i, j = faster[rng.below(len(faster))], fits[rng.below(len(fits))]
        hand[i], deck[j] = deck[j], hand[i]
