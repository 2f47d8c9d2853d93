"""Any seat played in words: a text interface for people, scripts and language models.

* :func:`observation` (and :class:`SeatText`, which remembers a seat's last
  look): a seat's observation as text, full or compact, a function of what
  that seat may know;
* :func:`rules_sheet` / :func:`rules_text`: a game's rules in words, from the
  pack's data;
* :func:`parse_reply`: the one legal action a reply names (its number,
  notation or words, in a sentence or not), else a :class:`ReplyError` naming
  the closest choices.

It is generic over packs: it reads only the public contract (views, renders,
prompts, legal actions and their words, the seat's log view, the game's
static facts). A pack may add words through optional hooks on its state class:
``_text_table(seat) -> str`` (the table in words, default ``render(seat)``)
and ``_text_sheet() -> str`` (a static method: a paragraph for the rules
sheet). The tools built on it: ``tabletop mcp`` (:mod:`tabletop.mcp_server`)
and the ``agent:COMMAND`` bot (:mod:`tabletop.bots.agent`).
"""

from __future__ import annotations

from .observe import MAX_EVENTS, SeatText, decision_text, observation, table_lines
from .reply import MAX_REPLY, Choice, ReplyError, choices, parse_reply, tokens
from .sheet import facts_line, rules_sheet, rules_text

__all__ = [
    "MAX_EVENTS",
    "MAX_REPLY",
    "Choice",
    "ReplyError",
    "SeatText",
    "choices",
    "decision_text",
    "facts_line",
    "observation",
    "parse_reply",
    "rules_sheet",
    "rules_text",
    "table_lines",
    "tokens",
]
