"""Bots that play any pack through the public contract alone.

Every bot has ``choose(state) -> Action`` and never reads what
``state.current_player`` may not know.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: one ply on the pack's ``heuristic``.
* :class:`ISMCTSBot`: information-set Monte Carlo tree search.
* :class:`AgentBot`: a local program that plays through the text interface
  (:mod:`tabletop.text`), the spec ``agent:COMMAND``.
* :func:`information_set`, :func:`seen_actions`: what a seat knows, and the
  actions it saw taken, for bots that search or model their rivals.
* :func:`make_bot`: a bot from a spec: a built-in one (``"mcts:500"``), an
  installed one (entry-point group ``tabletop.bots``), ``agent:COMMAND`` or
  ``module:attr``.
"""

from __future__ import annotations

from .agent import AgentBot, AgentError
from .base import Bot
from .determinise import SeenAction, information_set, seen_actions
from .factory import BOT_NAMES, ENTRY_POINT_GROUP, BotSpecError, installed_bots, make_bot
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .random import RandomBot

__all__ = [
    "BOT_NAMES",
    "ENTRY_POINT_GROUP",
    "AgentBot",
    "AgentError",
    "Bot",
    "BotSpecError",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "SeenAction",
    "information_set",
    "installed_bots",
    "make_bot",
    "seen_actions",
]
