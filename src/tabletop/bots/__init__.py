"""Bots that play any pack through the public contract alone.

Every bot has ``choose(state) -> Action`` and never reads what
``state.current_player`` may not know.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: one ply on the pack's ``heuristic``.
* :class:`ISMCTSBot`: information-set Monte Carlo tree search.
* :func:`make_bot`: a bot from a short spec (``"mcts:500"``), for the CLI.
"""

from __future__ import annotations

from .base import Bot
from .determinise import information_set
from .factory import BOT_NAMES, make_bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .random import RandomBot

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "information_set", "make_bot"]
