"""Small helpers every phase uses: zones by player, hidden-card questions, losing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import IDS_BY_EFFECT
from ..events import DeckDamaged, GameOver

if TYPE_CHECKING:
    from ..state import RebelSpaceState


DECK = ("deck0", "deck1")
HAND = ("hand0", "hand1")
ACTIVE = ("active0", "active1")
INACTIVE = ("inactive0", "inactive1")
DISCARD = ("discard0", "discard1")
ATTACHED = ("attached0", "attached1")
"""Each player's zone names: ``s.zones[HAND[p]]`` is the list of ids in ``p``'s hand
(names made once, since the rules look zones up on every step)."""
ZONE_NAMES = {
    "deck": DECK,
    "hand": HAND,
    "active": ACTIVE,
    "inactive": INACTIVE,
    "discard": DISCARD,
    "attached": ATTACHED,
}


def zone(s: RebelSpaceState, name: str, p: int) -> list[int]:
    """The ids in ``p``'s zone of kind ``name`` (``"hand"``...)."""
    return s.zones[ZONE_NAMES[name][p]]


def without(cards: list[int], card: int) -> list[int]:
    """A new list: ``cards`` less its first ``card`` (``ValueError`` if none), as
    ``list.remove`` would leave it. The attack and battle lists that clones share
    are replaced this way, never changed in place (see ``RebelSpaceState._copy_into``)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def may_hold(s: RebelSpaceState, p: int, effect: str) -> bool:
    """Whether a card with ``effect`` of ``p``'s deck list is not yet in a
    public zone (so it may be in ``p``'s hand). Only public facts decide
    whether a window for such a card opens, so the window itself reveals
    nothing about the hand."""
    ids = IDS_BY_EFFECT.get((p, effect), ())
    if not ids:
        return False
    discard = s.zones[DISCARD[p]]
    attached = s.zones[ATTACHED[p]]
    return any(c not in discard and c not in attached for c in ids)


def lose(s: RebelSpaceState, p: int, reason: str) -> None:
    """``p`` loses the game (RS-03)."""
    s.emit(GameOver(winner=1 - p, reason=reason))
    s.finish([-1.0, 1.0] if p == 0 else [1.0, -1.0])


def deal_damage(s: RebelSpaceState, p: int, n: int) -> None:
    """``n`` cards from the top of ``p``'s deck to their discard (RS-20); ``p``
    loses when damage takes the last card, or lands on an empty deck (RS-03, RS-29)."""
    if n <= 0:
        return
    deck = s.zones[DECK[p]]
    discard = s.zones[DISCARD[p]]
    taken: list[int] = []
    for _ in range(min(n, len(deck))):
        c = deck.pop()
        discard.append(c)
        taken.append(c)
    s.emit(DeckDamaged(player=p, cards=tuple(taken)))
    if not deck:
        lose(s, p, "damage reduced the deck to 0 cards")
