"""Playing a game in the terminal (``tabletop play``): one person against bots.

The loop shows the board, the prompt and the numbered choices of the seat
being played, and reads commands from an input stream:

* a number picks a choice (a long list of cells is shown in board order);
  coordinates (``3,0`` or ``(3,0)``) pick the one
  choice that names that cell; a letter opens a group of a long list;
* ``help``, ``board``, ``card NAME`` (a card's or unit's printed facts) and
  ``? N`` (the facts of card id N, if the player can see it);
* ``save PATH`` writes the record (a bad path is one line of error; play goes
  on); ``q`` or the end of the input offers to save before leaving.

A forced single choice is answered automatically when ``auto`` is on (the
default of ``tabletop play``), saying what was done; it is still one action of
the record. Only the events show what a bot did: its choice may be secret.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, TextIO

import attrs

from .game import Game
from .model import Action
from .state import State

__all__ = ["HELP", "TerminalGame", "card_facts", "display_order", "verdict"]

HELP = """Commands:
  N            choose choice number N
  X,Y          choose the one choice that names the cell (X,Y), e.g. 3,0 or (3,0)
  a, b, ...    show the choices of that group (long lists are grouped; not q)
  board        show the board again
  card NAME    the printed facts of a card or unit, e.g. card Frigate
  ? N          the facts of card id N (one you can see)
  save PATH    save the game's record as JSON (replay it with tabletop replay PATH)
  help         this list
  q            leave (you are offered to save first)"""

GROUP_OVER = 30
"""Lists longer than this are shown as groups first."""

_COORD = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
_CELL = re.compile(r"\((-?\d+),(-?\d+)\)")
_SPLIT = re.compile(r" (?:in|at|to|from|on|onto|with|for) ")


def verdict(state: State, seat: int) -> str:
    """ "You win", "You lose" or "Draw", with how the game ended when the pack says."""
    r = state.returns()[seat]
    word = "You win" if r > 0 else "You lose" if r < 0 else "Draw"
    how = state.prompt
    return f"Game over. {word}." + (f" {how}" if how else "")


def card_facts(game: Game, query: str) -> list[str]:
    """The rows of the pack's card tables called ``query`` (or starting with it),
    each as ``name: field value, ...``; empty when none matches."""
    want = query.strip().lower()
    rows: list[Any] = []
    for table in game.cards.values():
        rows.extend(r for r in table if isinstance(getattr(r, "name", None), str))
    exact = [r for r in rows if r.name.lower() == want]
    found = exact or [r for r in rows if r.name.lower().startswith(want)]
    out: list[str] = []
    seen: set[str] = set()
    for r in found[:5]:
        text = _row_text(r)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def _row_text(row: Any) -> str:
    if attrs.has(type(row)):
        fields = attrs.asdict(row, recurse=True)
    else:  # pragma: no cover - tables are attrs classes in our packs
        fields = dict(vars(row))
    name = fields.pop("name")
    fields.pop("source", None)  # where the number came from: for the docs, not play
    parts = [_part(k.replace("_", " "), v) for k, v in fields.items() if _shown(v)]
    return f"{name}: " + "; ".join(parts)


def _shown(value: Any) -> bool:
    """Whether a field says something: not empty, not false or zero, and not one of a
    card's internal tables (its effects as the engine reads them, already in its text)."""
    if value in ("", None, (), [], {}) or value is False:
        return False
    if type(value) is int and value == 0:
        return False
    if isinstance(value, dict):
        return False
    return not (isinstance(value, tuple | list) and isinstance(value[0], dict))


def _part(key: str, value: Any) -> str:
    """``key value``; a true flag is its name alone (``remote``)."""
    return key if value is True else f"{key} {_fact(value)}"


def _fact(value: Any) -> str:
    """A field's value in words: a list as its items (``Felucia, Dathomir``), a name with
    underscores as words (``ground triangle``)."""
    if isinstance(value, tuple | list):
        return ", ".join(_fact(v) for v in value)
    return str(value).replace("_", " ") if isinstance(value, str) else str(value)


def cell_of(text: str) -> tuple[int, int] | None:
    """The first cell ``(x,y)`` a choice names, if any."""
    m = _CELL.search(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def display_order(texts: list[str]) -> list[int]:
    """The order choices are shown in: a list of more than 8 that name cells reads
    along the board (by x, then y), the others after it; any other list as given."""
    cells = [cell_of(t) for t in texts]
    if len(texts) <= 8 or sum(c is not None for c in cells) <= 8:
        return list(range(len(texts)))
    far = (1 << 62, 1 << 62)
    return sorted(range(len(texts)), key=lambda i: (cells[i] or far, i))


def group_key(text: str) -> str:
    """What a long list is grouped by: the words before the first place word."""
    head = _SPLIT.split(text, maxsplit=1)[0]
    words = head.split()
    return " ".join(words[:4])


@attrs.define
class TerminalGame:
    """One game in the terminal: ``seat`` is the person, ``bots`` play the rest."""

    state: State
    seat: int
    bots: Sequence[Any]
    out: TextIO
    inp: TextIO
    auto: bool = True
    seen: int = 0

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def narrate_new(self) -> None:
        st = self.state
        viewer = st._viewer(self.seat)
        for ev in st.log[self.seen :]:
            shown = ev.seen_by(viewer)
            if shown is not None:
                self.say(f"    - {st.narrate(shown)}")
        self.seen = len(st.log)

    def run(self) -> int:
        st = self.state
        while not st.is_terminal:
            self.narrate_new()
            cp = st.current_player
            assert cp is not None
            if cp != self.seat:
                st.apply(self.bots[cp].choose(st))
                continue
            actions = st.legal_actions()
            if self.auto and len(actions) == 1:
                self.say(f"  (your only choice: {st.describe(actions[0])}; done)")
                st.apply(actions[0])
                continue
            if not self.decide(actions):
                return 0
        self.narrate_new()
        self.say("\n" + st.render(self.seat))
        self.say(verdict(st, self.seat))
        return 0

    # ------------------------------------------------------------ one decision
    def show(self, texts: list[str]) -> None:
        """The board, the prompt (once) and the choices, numbered in ``texts`` order."""
        st = self.state
        picture = st.render(self.seat)
        self.say("\n" + picture)
        if st.prompt and st.prompt not in picture:
            self.say(st.prompt)
        if len(texts) <= GROUP_OVER:
            for i, t in enumerate(texts, 1):
                self.say(f"  {i:>3}. {t}")
            return
        for letter, (key, idx) in zip(_letters(), self.groups(texts).items()):
            first, last = idx[0] + 1, idx[-1] + 1
            span = f"{first}" if first == last else f"{first}-{last}"
            self.say(f"  [{letter}] {key} ... ({len(idx)} choices: {span})")
        self.say("  type a letter to see a group, or a number")

    def groups(self, texts: list[str]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for i, t in enumerate(texts):
            out.setdefault(group_key(t), []).append(i)
        return out

    def decide(self, actions: list[Action]) -> bool:
        """Read commands until a choice is made (True) or the person leaves (False)."""
        st = self.state
        order = display_order([st.describe(a) for a in actions])
        shown = [actions[i] for i in order]
        texts = [st.describe(a) for a in shown]
        self.show(texts)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("\nend of input: leaving the game")
                self.offer_save()
                return False
            text = line.strip()
            choice = self.command(text, shown, texts)
            if choice is None:
                continue
            if choice < 0:
                self.offer_save()
                return False
            st.apply(shown[choice])
            return True

    def command(self, text: str, actions: list[Action], texts: list[str]) -> int | None:
        """The index chosen, -1 to leave, or None (the command was answered)."""
        n = len(actions)
        if text in ("q", "quit", "exit"):
            return -1
        if text.isascii() and text.isdigit():
            if 1 <= int(text) <= n:
                return int(text) - 1
            self.say(f"type a number from 1 to {n}, or 'help'")
            return None
        if text == "help":
            self.say(HELP)
            return None
        if text == "board":
            self.show(texts)
            return None
        if text.startswith("save ") or text == "save":
            self.save(text[5:].strip())
            return None
        if text.startswith("card "):
            facts = card_facts(self.state.game, text[5:])
            self.say("\n".join(facts) if facts else f"no card or unit called {text[5:].strip()!r}")
            return None
        if text.startswith("?"):
            self.card_by_id(text[1:].strip())
            return None
        m = _COORD.fullmatch(text)
        if m:
            return self.by_cell(int(m.group(1)), int(m.group(2)), texts)
        groups = list(self.groups(texts).values()) if n > GROUP_OVER else []
        letters = list(_letters(len(groups)))
        if text in letters:
            for i in groups[letters.index(text)]:
                self.say(f"  {i + 1:>3}. {texts[i]}")
            return None
        self.say(f"type a number from 1 to {n}, or 'help' for the commands")
        return None

    def by_cell(self, x: int, y: int, texts: list[str]) -> int | None:
        cell = f"({x},{y})"
        hits = [i for i, t in enumerate(texts) if cell in t.replace(" ", "")]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            self.say(f"no choice names {cell}")
        else:
            self.say(f"several choices name {cell}: " + ", ".join(str(i + 1) for i in hits))
        return None

    def card_by_id(self, text: str) -> None:
        if not (text.isascii() and text.isdigit()):
            self.say("type '? N' with a card id N, or 'card NAME'")
            return
        info = self.state.view(self.seat).get("cards", {}).get(text)
        if info is None:
            self.say(f"no card #{text} that you can see; try 'card NAME'")
            return
        parts = [f"{k} {v}" for k, v in info.items() if k != "name" and v not in ("", None, [])]
        self.say(f"#{text} {info.get('name', '?')}: " + "; ".join(parts))

    # ------------------------------------------------------------ saving
    def save(self, path: str) -> bool:
        if not path:
            self.say("type 'save PATH', e.g. save game.json")
            return False
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(self.state.record(), fh, indent=1)
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror or exc}; the game goes on")
            return False
        self.say(f"saved the record to {path} (replay it with: tabletop replay {path})")
        return True

    def offer_save(self) -> None:
        if not self.state.history:
            return
        self.out.write("save the record before leaving? a file name, or Enter to leave: ")
        self.out.flush()
        path = self.inp.readline().strip()
        if path:
            self.save(path)


def _letters(n: int = 50) -> list[str]:
    """Group labels: a..z then A..Z, without q and Q (q leaves)."""
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [
        chr(c) for c in range(ord("A"), ord("Z") + 1)
    ]
    return [c for c in letters if c not in "qQ"][:n]
