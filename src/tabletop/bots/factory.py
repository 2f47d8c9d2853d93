"""Bots by name, for the command line and the analysis runner."""

from __future__ import annotations

from ..errors import TabletopError
from .base import Bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .random import RandomBot

__all__ = ["BOT_NAMES", "make_bot"]

BOT_NAMES = ("random", "greedy", "mcts")
"""The bot kinds :func:`make_bot` knows."""


def make_bot(name: str, seed: int) -> Bot:
    """A bot from its spec: ``random``, ``greedy``, ``mcts``, ``mcts:N``, ``mcts:Xs``.

    ``mcts`` is :class:`ISMCTSBot` with 200 iterations per decision;
    ``mcts:500`` sets the iterations, ``mcts:0.05s`` a time budget in seconds
    per decision instead (machine-dependent). ``ismcts`` is the same as ``mcts``.
    """
    spec = name.strip().lower()
    kind, _, arg = spec.partition(":")
    if kind == "random" and not arg:
        return RandomBot(seed)
    if kind == "greedy" and not arg:
        return GreedyBot(seed)
    if kind in ("mcts", "ismcts"):
        if not arg:
            return ISMCTSBot(iterations=200, seed=seed)
        try:
            if arg.endswith("s"):
                return ISMCTSBot(time_s=float(arg[:-1]), seed=seed)
            return ISMCTSBot(iterations=int(arg), seed=seed)
        except ValueError:
            raise TabletopError(
                f"bad bot {name!r}: write mcts:N (iterations, e.g. mcts:500) "
                "or mcts:Xs (seconds per decision, e.g. mcts:0.05s)"
            ) from None
    raise TabletopError(
        f"unknown bot {name!r}; available: random, greedy, mcts (mcts:N iterations, "
        "mcts:Xs seconds per decision)"
    )
