"""Small helpers every phase uses: zones by player, hidden-card questions, losing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import IDS_BY_EFFECT
from ..events import DeckDamaged, GameOver

if TYPE_CHECKING:
    from tabletop import Zone

    from ..state import RebelSpaceState


def zone(s: RebelSpaceState, name: str, p: int) -> Zone:
    return s.zones[f"{name}{p}"]


def may_hold(s: RebelSpaceState, p: int, effect: str) -> bool:
    """Whether a card with ``effect`` of ``p``'s deck list is not yet in a
    public zone (so it may be in ``p``'s hand). Only public facts decide
    whether a window for such a card opens, so the window itself reveals
    nothing about the hand."""
    ids = IDS_BY_EFFECT.get((p, effect), ())
    if not ids:
        return False
    discard = s.zones[f"discard{p}"].cards
    attached = s.zones[f"attached{p}"].cards
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
    deck = s.zones[f"deck{p}"]
    discard = s.zones[f"discard{p}"]
    taken: list[int] = []
    for _ in range(min(n, len(deck.cards))):
        c = deck.cards.pop()
        discard.cards.append(c)
        taken.append(c)
    s.emit(DeckDamaged(player=p, cards=tuple(taken)))
    if not deck.cards:
        lose(s, p, "damage reduced the deck to 0 cards")
