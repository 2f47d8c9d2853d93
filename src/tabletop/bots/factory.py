"""Bots by name: the built-in ones, installed ones and a program's own.

A bot spec is one of:

* a built-in bot: ``random``, ``greedy``, ``mcts`` (200 iterations a decision),
  ``mcts:N`` (``N`` iterations), ``mcts:Xs`` (``X`` seconds a decision), and
  either budget followed by ``:greedy``, ``:adaptive`` or ``:search``
  (``mcts:200:greedy``: how the search plays the other sides' decisions,
  :class:`~tabletop.bots.ISMCTSBot`'s ``opponents``; the pack's default otherwise); ``ismcts`` is the same as
  ``mcts``; these names are read in any case;
* the name of an installed bot: an entry point of the group ``tabletop.bots``
  (a package declares ``[project.entry-points."tabletop.bots"] mine =
  "my_package.bots:MyBot"``);
* ``agent:COMMAND``, a local program that plays through the text interface
  (:mod:`tabletop.bots.agent`: the observation on its standard input, one
  reply line on its standard output); like ``module:attr`` it runs code the
  spec names, so only a program's own arguments or configuration may give it
  (``imports=True``);
* ``module:attr``, a bot of the program's own (``my_bots:FirstLegal``,
  ``pkg.bots:Strong.factory``), imported when ``imports=True``, the
  default. Only a program's own arguments may name code to import: the game
  server passes ``imports=False`` for anything a request names and resolves
  its configured bots itself (see :mod:`tabletop.server.bots`).

What a spec names (the entry point's object, or ``attr``) is either

* a factory, a class or function: called as ``factory(seed=seed)`` when it takes a
  ``seed`` argument, else as ``factory()``, and then the bot's ``reset(seed)``
  is called if it has one;
* or a bot itself (anything with a ``choose`` method that is not a class): each
  call gets a deep copy of it, ``reset(seed)`` if it has one, so two seats
  never share one bot's memory.

The result must have ``choose(state) -> Action``
(:class:`~tabletop.bots.base.Bot`).
"""

from __future__ import annotations

import copy
import importlib
import inspect
import re
from importlib.metadata import entry_points
from typing import Any

from ..errors import TabletopError
from .base import Bot
from .greedy import GreedyBot
from .ismcts import OPPONENTS, ISMCTSBot
from .random import RandomBot

__all__ = ["BOT_NAMES", "ENTRY_POINT_GROUP", "BotSpecError", "installed_bots", "make_bot"]

BOT_NAMES = ("random", "greedy", "mcts")
"""The built-in bot kinds :func:`make_bot` knows."""

ENTRY_POINT_GROUP = "tabletop.bots"
"""The entry-point group installed bots register in."""

_BUILT_IN = ("random", "greedy", "mcts", "ismcts")
_MODULE_ATTR = re.compile(
    r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
    r":[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
)
_AVAILABLE = (
    "random, greedy, mcts (mcts:N iterations, mcts:Xs seconds per decision, either with "
    ":greedy to model the other sides as greedy players or :adaptive to model those seen "
    "playing as greedy players), an installed "
    "bot's name (tabletop list shows them), agent:COMMAND for a program that plays through "
    "the text interface, or module:attr for a bot of your own"
)


class BotSpecError(TabletopError):
    """A bot spec that names no bot, or names something that is not a bot."""


def installed_bots() -> dict[str, str]:
    """The installed bots: entry-point name -> ``module:attr`` it loads."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def make_bot(name: str, seed: int, *, imports: bool = True) -> Bot:
    """A bot from its spec (see the module): ``random``, ``greedy``, ``mcts``,
    ``mcts:N``, ``mcts:Xs``, ``agent:COMMAND``, an installed bot's name, or
    ``module:attr``.

    ``mcts`` is :class:`ISMCTSBot` with 200 iterations per decision;
    ``mcts:500`` sets the iterations, ``mcts:0.05s`` a time budget in seconds
    per decision instead (machine-dependent); ``mcts:200:greedy`` models the other
    sides as greedy players (``opponents="greedy"``). With ``imports=False`` a
    ``module:attr`` or ``agent:COMMAND`` spec is refused.
    """
    if not isinstance(name, str):
        raise BotSpecError(f"a bot spec is a string, not {type(name).__name__}")
    spec = name.strip()
    kind, _, arg = spec.lower().partition(":")
    if kind in _BUILT_IN:
        return _built_in(name, kind, arg, seed)
    if kind == "agent" and ":" in spec:
        return _agent(spec, seed, imports=imports)
    installed = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    if spec in installed:
        try:
            target = installed[spec].load()
        except Exception as exc:
            raise BotSpecError(
                f"installed bot {spec!r} ({installed[spec].value}) failed to load: {exc}"
            ) from exc
        return _build(spec, target, seed)
    if _MODULE_ATTR.fullmatch(spec):
        if not imports:
            raise BotSpecError(
                f"bot {spec[:60]!r}: a module:attr bot is not accepted here; use one of the "
                "bots this program offers"
            )
        return _build(spec, _import(spec), seed)
    raise BotSpecError(f"unknown bot {spec[:60]!r}; available: {_AVAILABLE}")


def _agent(spec: str, seed: int, *, imports: bool) -> Bot:
    """``agent:COMMAND``: the program's command as written (case kept)."""
    if not imports:
        raise BotSpecError(
            f"bot {spec[:60]!r}: an agent program is not accepted here; use one of the "
            "bots this program offers"
        )
    from .agent import AgentBot

    return AgentBot(spec.partition(":")[2].strip(), seed)


def _built_in(name: str, kind: str, arg: str, seed: int) -> Bot:
    if kind == "random" and not arg:
        return RandomBot(seed)
    if kind == "greedy" and not arg:
        return GreedyBot(seed)
    if kind in ("random", "greedy"):
        raise BotSpecError(f"bot {kind!r} takes no argument: write {kind!r}, not {name!r}")
    if not arg:
        return ISMCTSBot(iterations=200, seed=seed)
    budget, colon, model = arg.partition(":")
    try:
        if colon and model not in OPPONENTS:
            raise ValueError(model)
        opponents = model or None
        if budget.endswith("s"):
            return ISMCTSBot(time_s=float(budget[:-1]), seed=seed, opponents=opponents)
        return ISMCTSBot(iterations=int(budget), seed=seed, opponents=opponents)
    except ValueError:
        raise BotSpecError(
            f"bad bot {name[:60]!r}: write mcts:N (iterations, e.g. mcts:500) "
            "or mcts:Xs (seconds per decision, e.g. mcts:0.05s), optionally followed by "
            ":greedy, :adaptive or :search (how it plays the other sides, e.g. "
            "mcts:200:greedy)"
        ) from None


def _import(spec: str) -> Any:
    module_name, _, attr = spec.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotSpecError(
            f"bot {spec!r}: cannot import module {module_name!r} ({exc}); is it on the "
            "Python path (PYTHONPATH) or installed?"
        ) from exc
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise BotSpecError(f"bot {spec!r}: module {module_name!r} has no {attr!r}") from None
    return target


def _build(spec: str, target: Any, seed: int) -> Bot:
    """The bot ``target`` makes (a factory) or is (a bot), seeded with ``seed``."""
    if inspect.isclass(target) or (callable(target) and not hasattr(target, "choose")):
        try:
            takes_seed = "seed" in inspect.signature(target).parameters
        except (TypeError, ValueError):  # a builtin without a signature
            takes_seed = False
        bot = target(seed=seed) if takes_seed else target()
        if not takes_seed:
            _reset(bot, seed)
    elif hasattr(target, "choose"):
        bot = copy.deepcopy(target)
        _reset(bot, seed)
    else:
        raise BotSpecError(
            f"bot {spec!r} names a {type(target).__name__}, not a bot: give a class or "
            "function that makes one, or an object with choose(state)"
        )
    if not callable(getattr(bot, "choose", None)):
        raise BotSpecError(
            f"bot {spec!r} made a {type(bot).__name__}, which has no choose(state) method"
        )
    return bot  # type: ignore[no-any-return]


def _reset(bot: Any, seed: int) -> None:
    reset = getattr(bot, "reset", None)
    if callable(reset):
        reset(seed)
