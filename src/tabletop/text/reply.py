"""Reading a reply in words: which one legal action it names, or why none.

A reply names a choice by its number (as the observation lists them, from 1),
by its notation (``draw 1``) or by its words (``Draw 1 card``), in any case,
spacing and punctuation, and may wrap it in a sentence ("I choose 2.", "Let's
draw 1 card!"). :func:`parse_reply` returns the one legal action the reply
names; a reply that names none, or more than one, is refused with a
:class:`ReplyError` that lists the closest choices. It never guesses between
two, and it never changes the state.

It relies on a rule every pack keeps (the conformance tests check it): two
different legal actions never read the same.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from ..errors import TabletopError
from ..model import Action
from ..state import State

__all__ = ["MAX_REPLY", "Choice", "ReplyError", "choices", "parse_reply"]

MAX_REPLY = 2000
"""The longest reply read, in characters; a longer one is refused."""

_TOKEN = re.compile(r"-?[0-9]+|[^\W_]+")
_NUMBER_ALONE = re.compile(r"\s*#?\s*([0-9]{1,6})\s*[.)]?\s*")
_NUMBER_SAID = re.compile(
    r"\b(choice|option|number|answer|choose|pick|select|no\.?)\s*(?:#|no\.?|number)?\s*"
    r":?\s*([0-9]{1,6})\b",
    re.IGNORECASE,
)
_NUMBER_FIRST = re.compile(r"\s*\(?([0-9]{1,6})\s*[.):\]-]\s")


class ReplyError(TabletopError):
    """A reply that names no legal action, or more than one; the message names the
    closest choices and how to answer. The state is unchanged."""

    def __init__(self, message: str, closest: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.closest = tuple(closest)
        """The numbers (from 1) of the choices closest to the reply."""


class Choice:
    """One numbered choice: the legal action, its number, notation and words."""

    __slots__ = ("action", "notation", "number", "tokens", "words")

    def __init__(self, number: int, action: Action, notation: str, words: str) -> None:
        self.number = number
        self.action = action
        self.notation = notation
        self.words = words
        self.tokens = (tuple(tokens(words)), tuple(tokens(notation)))

    def line(self) -> str:
        """The choice as an observation lists it: ``3. Draw 1 card [draw 1]``."""
        return f"{self.number}. {self.words} [{self.notation}]"


def tokens(text: str) -> list[str]:
    """``text`` as a reply is compared: lower-case words and whole numbers (a minus
    sign kept), without spacing or punctuation."""
    return _TOKEN.findall(text.casefold())


def choices(state: State) -> list[Choice]:
    """The legal actions of ``state`` as numbered choices, in their order."""
    return [
        Choice(i, a, a.notation(), state.describe(a))
        for i, a in enumerate(state.legal_actions(), start=1)
    ]


def parse_reply(state: State, reply: str, options: Sequence[Choice] | None = None) -> Action:
    """The one legal action of ``state`` that ``reply`` names (see the module).

    ``options`` are the numbered choices the reader was shown (default:
    :func:`choices` of ``state``). Raises :class:`ReplyError` for a reply that
    names none or several, and for an empty, over-long or non-text reply.
    """
    if not isinstance(reply, str):
        raise ReplyError(f"a reply is text, not {type(reply).__name__}")
    opts = list(options) if options is not None else choices(state)
    if not opts:
        raise ReplyError("there is nothing to choose now (the game is over or not your turn)")
    if len(reply) > MAX_REPLY:
        raise ReplyError(
            f"a reply of {len(reply)} characters is too long (at most {MAX_REPLY}); {_how(opts)}"
        )
    if not reply.strip():
        raise ReplyError(f"the reply is empty; {_how(opts)}")
    found = _match(state, reply, opts)
    if len(found) == 1:
        return found[0].action
    if found:
        listed = "; ".join(c.line() for c in found[:6])
        more = f" (and {len(found) - 6} more)" if len(found) > 6 else ""
        raise ReplyError(
            f"the reply {_quote(reply)} names {len(found)} choices: {listed}{more}. "
            f"Name exactly one; {_how(opts)}",
            [c.number for c in found],
        )
    close = _closest(reply, opts)
    raise ReplyError(
        f"the reply {_quote(reply)} names none of the {len(opts)} choices; the closest: "
        + "; ".join(c.line() for c in close)
        + f". {_how(opts).capitalize()}",
        [c.number for c in close],
    )


def _match(state: State, reply: str, opts: list[Choice]) -> list[Choice]:
    """The choices ``reply`` names, the most exact reading first: exactly a
    choice's words or notation, or a number alone; the same in any case, spacing
    and punctuation; else every choice the sentence names, by words or notation
    (an occurrence inside a longer one of another choice does not count) or by
    number ("choice 3", a line that starts "3."), so that a sentence that
    names two different choices names both."""
    text = reply.strip()
    exact = [c for c in opts if text in (c.words, c.notation)]
    if len(exact) == 1:
        return exact
    m = _NUMBER_ALONE.fullmatch(text)
    if m:
        return _numbered(int(m.group(1)), opts)
    toks = tuple(tokens(text))
    same = [c for c in opts if toks in c.tokens]
    if same:
        return same
    named = _contained(toks, opts)
    for n in _numbers_said(state, text):
        numbered = _numbered(n, opts)
        if not numbered:
            return []  # a choice number that is none: the reply is no choice
        named.extend(c for c in numbered if c not in named)
    return named


def _numbers_said(state: State, text: str) -> list[int]:
    """The choice numbers a sentence says: after a word such as "choice" or "pick"
    (not one that is an action's kind in this game: "choose 2" may be a notation),
    or at the start of the reply before a full stop or bracket."""
    out = []
    m = _NUMBER_FIRST.match(text)
    if m:
        out.append(int(m.group(1)))
    kinds = state.game.action_space
    for word, number in _NUMBER_SAID.findall(text):
        if kinds.kind_class(word.casefold()) is None:
            out.append(int(number))
    return out


def _numbered(n: int, opts: list[Choice]) -> list[Choice]:
    return [opts[n - 1]] if 1 <= n <= len(opts) else []


def _contained(toks: tuple[str, ...], opts: list[Choice]) -> list[Choice]:
    """The choices with an occurrence (of their words or notation) in ``toks`` that
    no longer occurrence of another choice covers."""
    spans: list[tuple[int, int, Choice]] = []
    for c in opts:
        for seq in c.tokens:
            spans.extend((i, i + len(seq), c) for i in _occurrences(seq, toks))
    named: list[Choice] = []
    for start, stop, c in spans:
        covered = any(
            o is not c and s <= start and stop <= e and e - s > stop - start for s, e, o in spans
        )
        if not covered and c not in named:
            named.append(c)
    return named


def _occurrences(seq: tuple[str, ...], toks: tuple[str, ...]) -> list[int]:
    if not seq or len(seq) > len(toks):
        return []
    n = len(seq)
    return [i for i in range(len(toks) - n + 1) if toks[i : i + n] == seq]


def _closest(reply: str, opts: list[Choice], n: int = 3) -> list[Choice]:
    """The ``n`` choices whose words or notation read most like ``reply``."""
    said = " ".join(tokens(reply))

    def score(c: Choice) -> float:
        return max(difflib.SequenceMatcher(None, said, " ".join(seq)).ratio() for seq in c.tokens)

    return sorted(opts, key=lambda c: (-score(c), c.number))[:n]


def _how(opts: Sequence[Choice]) -> str:
    return (
        f"answer with one choice's number (1 to {len(opts)}), its notation (in brackets) "
        "or its words"
    )


def _quote(reply: str) -> str:
    text = " ".join(reply.split())
    return repr(text if len(text) <= 80 else text[:77] + "...")
