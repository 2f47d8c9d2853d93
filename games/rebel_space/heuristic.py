"""A cheap estimate of how well a player is doing, for search bots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import DAMAGE, GROUND, SPACE

if TYPE_CHECKING:
    from tabletop import State


def heuristic(state: State, player: int) -> float:
    """Deck difference plus board strength difference, squashed into [-1, 1].

    A deck card is the game's life; a unit in play is worth its best rating
    and damage, scaled so that about ten points of board equal one deck card.
    """
    if state.is_terminal:
        return state.returns()[player]
    z = state.zones
    score = [0.0, 0.0]
    for p in (0, 1):
        board = sum(
            max(GROUND[c], SPACE[c]) + DAMAGE[c]
            for name in ("active", "inactive", "attached")
            for c in z[f"{name}{p}"].cards
        )
        score[p] = len(z[f"deck{p}"].cards) + board / 10.0
    diff = score[player] - score[1 - player]
    return max(-1.0, min(1.0, diff / 40.0))
