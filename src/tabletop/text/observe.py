"""A seat's observation in words: what one seat may know, as text.

:func:`observation` composes, for one seat:

* a header: the game, the seat, its side, the step;
* (full only) the short rules sheet (:func:`tabletop.text.rules_sheet`);
* the table: the pack's terminal picture for that seat (``state.render(seat)``,
  or the pack's ``_text_table(seat)`` hook);
* its own cards with their facts and texts (names only when compact), and
  what is hidden from it as counts (another player's hand, a deck), with the
  cards of those it was shown;
* what happened since its last decision: the seat's own log view
  (``state.log_view(seat, since)``), never the raw log;
* the decision: the prompt and, for the seat to decide, the numbered choices,
  each with its words and notation.

Every part is made from what the seat's view already shows, so the text is a
function of what the seat may know: re-dealing every hidden fact
(``state.resample(seat, rng)``) leaves it identical (the tests check this
over thousands of observations per pack).

Two lengths: ``compact`` leaves out the rules sheet and card texts and keeps
only the lines of the table that changed since the ``previous`` table the
seat was shown. :class:`SeatText` keeps that memory for one seat across a
game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..model import Action, Vis
from ..state import State
from .reply import Choice, ReplyError, choices, parse_reply
from .sheet import facts_line, rules_sheet

__all__ = ["MAX_EVENTS", "SeatText", "decision_text", "observation", "table_lines"]

MAX_EVENTS = 40
"""The most events an observation tells (the latest; it says how many it left out)."""

_ANSWER = "Answer with one line: a choice's number, its notation (in brackets) or its words."


def observation(
    state: State,
    seat: int,
    *,
    since: int = 0,
    compact: bool = False,
    previous: Sequence[str] | None = None,
) -> str:
    """The observation of ``seat`` in words (see the module).

    ``since`` is the length of the log at the seat's last decision: the events
    after it are told (as the seat may see them). ``compact`` gives the short
    form; ``previous`` are the table lines the seat was shown last
    (:func:`table_lines`), so that a compact observation shows only the lines
    that changed.
    """
    state._check_player(seat, "observation")
    view = state.view(seat, log=False)
    parts = [_header(state, seat)]
    if not compact:
        parts.append(rules_sheet(state.game, state.options))
    parts.append(_table_section(state, seat, compact=compact, previous=previous))
    parts.append(_cards_section(state, seat, view, compact=compact))
    parts.append(_hidden_section(state, seat, view))
    parts.append(_events_section(state, seat, since))
    parts.append(decision_text(state, seat))
    return "\n\n".join(p for p in parts if p) + "\n"


def table_lines(state: State, seat: int) -> list[str]:
    """The table as ``seat`` sees it, line by line: the pack's ``_text_table(seat)``
    when it has one, else its terminal picture ``state.render(seat)``."""
    hook = getattr(state, "_text_table", None)
    text = hook(seat) if callable(hook) else state.render(seat)
    return [line.rstrip() for line in str(text).splitlines()]


class SeatText:
    """One seat's text interface across a game: its observations, full then
    compact, each telling what happened since the seat's last decision, and its
    replies read into actions.

    It remembers only what it showed the seat (the table lines and the log
    position of its last decision), so its texts stay a function of what the
    seat may know.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.since = 0
        """The log's length at the seat's last decision."""
        self.shown: list[str] | None = None
        """The table lines the seat was shown last (``None``: none yet)."""

    def observe(self, state: State, *, full: bool | None = None) -> str:
        """The seat's observation now: full the first time (or with ``full=True``),
        compact after (or with ``full=False``)."""
        if full is None:
            full = self.shown is None
        text = observation(
            state, self.seat, since=self.since, compact=not full, previous=self.shown
        )
        self.shown = table_lines(state, self.seat)
        return text

    def read(self, state: State, reply: str) -> Action:
        """The legal action ``reply`` names (:func:`tabletop.text.parse_reply`); a
        :class:`~tabletop.text.ReplyError` otherwise, the state unchanged. The
        seat must be the one to decide."""
        cp = state.current_player
        if cp != self.seat:
            who = "the game is over" if cp is None else f"{state.player_name(cp)} decides now"
            raise ReplyError(f"seat {self.seat} has no decision to make: {who}")
        return parse_reply(state, reply)

    def decided(self, state: State) -> None:
        """Mark the seat's decision in ``state`` (call it before applying the action
        it chose): the next observation tells what happened from here on."""
        self.since = len(state.log)


# ------------------------------------------------------------------ sections
def _header(state: State, seat: int) -> str:
    name = state.player_name(seat)
    line = f"== {state.game.title}: you are {name} (seat {seat}); step {len(state.history)} =="
    side = next((s for s in state.sides() if seat in s), [seat])
    mates = [state.player_name(p) + f" (seat {p})" for p in side if p != seat]
    if mates:
        line += "\nYour team: " + ", ".join(mates) + " (you see what your team sees)."
    return line


def _table_section(
    state: State, seat: int, *, compact: bool, previous: Sequence[str] | None
) -> str:
    lines = table_lines(state, seat)
    if compact and previous is not None:
        before = set(previous)
        changed = [line for line in lines if line not in before and line.strip()]
        if not changed:
            return "The table: unchanged since your last look."
        kept = len(lines) - len(changed)
        return (
            f"The table (only the lines that changed; {kept} unchanged lines left out):\n"
            + "\n".join(changed)
        )
    return "The table:\n" + "\n".join(lines)


def _owner_names(state: State) -> dict[int, str]:
    """The name of each zone owner: a seat, or a side when teammates share a view."""
    viewers: dict[int, list[int]] = {}
    for p in range(state.num_players):
        viewers.setdefault(state._viewer(p), []).append(p)
    return {v: " and ".join(state.player_name(p) for p in seats) for v, seats in viewers.items()}


def _zone_label(name: str) -> str:
    """A zone's name in words: ``action_hand0`` -> ``action hand``."""
    return re.sub(r"_?\d+(?=_|$)", "", name).replace("_", " ").strip() or name


def _cards_section(state: State, seat: int, view: dict[str, Any], *, compact: bool) -> str:
    """The cards only the seat's side holds (hands, face-down choices), with facts."""
    me = state._viewer(seat)
    facts = view["cards"]
    out: list[str] = []
    for name, zone in state.layout.items():
        shown = view["zones"][name]
        if zone.vis is not Vis.OWNER or zone.owner != me or not shown.get("cards"):
            continue
        out.append(f"{_zone_label(name)} ({shown['count']}):")
        out.extend(_card_lines(shown["cards"], facts, texts=not compact))
    if not out:
        return ""
    return "Your cards (only your side sees them):\n" + "\n".join(out)


def _card_lines(ids: Sequence[int], facts: dict[str, Any], *, texts: bool) -> list[str]:
    """Cards as lines: one line per different card, its ids, then its facts (or its
    name alone without ``texts``)."""
    groups: dict[str, list[int]] = {}
    for c in ids:
        info = facts.get(str(c))
        key = facts_line(info) if info and texts else (str(info.get("name")) if info else "")
        groups.setdefault(key, []).append(c)
    lines = []
    for key, cards in groups.items():
        ids_text = ", ".join(f"#{c}" for c in cards)
        lines.append(f"- {ids_text}" + (f" {key}" if key else ""))
    return lines


def _hidden_section(state: State, seat: int, view: dict[str, Any]) -> str:
    """What is hidden from the seat, as counts by owner (and the cards it was shown)."""
    me = state._viewer(seat)
    names = _owner_names(state)
    facts = view["cards"]
    by_owner: dict[str, list[str]] = {}
    for name, zone in state.layout.items():
        shown = view["zones"][name]
        if "cards" in shown or not shown["count"]:
            continue
        owner = zone.owner
        who = (
            "shared" if owner is None else ("you" if owner == me else names.get(owner, str(owner)))
        )
        item = f"{_zone_label(name)} {shown['count']}"
        known = shown.get("known") or []
        if known:
            item += " (you know " + ", ".join(_card_name(c, facts) for c in known) + ")"
        by_owner.setdefault(who, []).append(item)
    if not by_owner:
        return ""
    return "Hidden from you (card counts): " + "; ".join(
        f"{who}: {', '.join(items)}" for who, items in by_owner.items()
    )


def _card_name(card: int, facts: dict[str, Any]) -> str:
    info = facts.get(str(card))
    return f"#{card} {info['name']}" if info and info.get("name") else f"#{card}"


def _events_section(state: State, seat: int, since: int) -> str:
    events = state.log_view(seat, min(max(since, 0), len(state.log)))
    if not events:
        return "Since your last decision: nothing you could see happened."
    left = len(events) - MAX_EVENTS
    shown = events[-MAX_EVENTS:]
    head = "Since your last decision:"
    if left > 0:
        head += f" ({left} earlier events left out)"
    return head + "\n" + "\n".join(f"- {e['text']}" for e in shown)


def decision_text(state: State, seat: int, options: list[Choice] | None = None) -> str:
    """The decision part of an observation: the prompt and, for the seat to decide,
    the numbered choices (``options``, default :func:`~tabletop.text.choices`)."""
    if state.is_terminal:
        returns = state.returns()
        scores = ", ".join(
            f"{state.player_name(p)} {returns[p]:g}" for p in range(state.num_players)
        )
        prompt = state.prompt
        return f"The game is over{': ' + prompt if prompt else ''}. Returns: {scores}."
    cp = state.current_player
    if cp != seat:
        who = state.player_name(cp) if cp is not None else "nobody"
        return f"Waiting: {state.prompt} ({who} decides, not you)."
    opts = options if options is not None else choices(state)
    lines = [f"Your decision: {state.prompt}", *(c.line() for c in opts), _ANSWER]
    return "\n".join(lines)
