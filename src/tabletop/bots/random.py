"""A seeded uniformly random bot."""

from __future__ import annotations

from ..errors import TabletopError
from ..model import Action
from ..rng import Rng
from ..state import State

__all__ = ["RandomBot"]


class RandomBot:
    """Picks a legal action uniformly at random from its own seeded RNG.

    >>> from tabletop.bots import RandomBot
    >>> bot = RandomBot(seed=1)
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        actions = state._legal_list()  # (not changed here: no copy needed)
        if not actions:
            raise TabletopError("RandomBot.choose: the game is over, there is nothing to choose")
        return actions[self.rng.below(len(actions))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
