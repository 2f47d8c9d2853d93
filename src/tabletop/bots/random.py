"""A seeded uniformly random bot."""

from __future__ import annotations

import random

from ..errors import TabletopError
from ..model import Action
from ..state import State

__all__ = ["RandomBot"]


class RandomBot:
    """Picks a legal action uniformly at random from its own seeded RNG.

    The RNG is Python's own (``random.Random(seed)``, the Mersenne Twister in C):
    random playouts are where the library's speed is measured, and a choice there
    costs about a quarter of what the library's :class:`~tabletop.rng.Rng` (pure
    Python, made for what must replay the same everywhere: the games' own chance)
    costs. The choices are exactly uniform (rejection sampling on
    ``getrandbits``), and the same for a seed on every platform and Python version.

    >>> from tabletop.bots import RandomBot
    >>> bot = RandomBot(seed=1)
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, state: State) -> Action:
        actions = state._legal_list()  # (not changed here: no copy needed)
        n = len(actions)
        if n < 2:
            if not n:
                raise TabletopError(
                    "RandomBot.choose: the game is over, there is nothing to choose"
                )
            return actions[0]
        k = n.bit_length()
        bits = self._bits
        i = bits(k)
        while i >= n:
            i = bits(k)
        return actions[i]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
