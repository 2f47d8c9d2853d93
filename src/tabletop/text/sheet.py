"""A game's rules sheet in words, from the pack's own data.

The sheet says the same facts as the pack's generated docs pages (its
description, players, turn structure, options, card tables and rulings), so a
reader who has only the text (a person at a terminal, a script, a language
model) plays by the rules the library enforces. The short sheet heads a seat's
first observation; :func:`rules_text` with ``full=True`` adds every card's facts
and every ruling, for a reader who asks for them.

A pack may add words of its own: a ``_text_sheet()`` static method or
classmethod on its state class returning a paragraph the short sheet ends with
(say, how to read its board).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ..game import Game

__all__ = ["rules_sheet", "rules_text"]


def rules_sheet(game: Game, options: Any = None) -> str:
    """The short rules sheet of ``game`` for a game played with ``options``
    (``None``: the defaults): what the game is, who plays, the turn structure,
    the options that differ from the printed rules and what the card tables
    hold."""
    opts = game.make_options(options)
    parts = [
        f"# {game.title} (rules pack {game.name} {game.version})",
        game.description.strip(),
        _players_line(game, opts),
    ]
    if game.phases:
        parts.append(
            "Turn structure:\n"
            + "\n".join(f"- {p.name}: {p.description.strip()}" for p in game.phases)
        )
    changed = _changed_options(game, opts)
    if changed:
        parts.append("Options of this game (not the printed rules): " + "; ".join(changed) + ".")
    if game.cards:
        tables = ", ".join(f"{name} ({len(defs)})" for name, defs in game.cards.items())
        parts.append(
            f"Card tables: {tables}. The facts of every card you can see are given with it."
        )
    if game.rulings:
        parts.append(
            f"Where the printed rules are silent or contradict themselves, {len(game.rulings)} "
            f"rulings ({game.rulings[0].id} to {game.rulings[-1].id}) say how this game plays; "
            "a choice's words always follow them."
        )
    extra = _pack_words(game)
    if extra:
        parts.append(extra)
    return "\n\n".join(p for p in parts if p)


def rules_text(game: Game, options: Any = None, *, full: bool = False) -> str:
    """The rules sheet; with ``full``, also every card's facts and every ruling
    (id, title, the question and how the pack rules it)."""
    text = rules_sheet(game, options)
    if not full:
        return text
    parts = [text]
    for name, defs in game.cards.items():
        parts.append(f"## Cards: {name}\n" + "\n".join(f"- {card_line(d)}" for d in defs))
    if game.rulings:
        parts.append(
            "## Rulings\n"
            + "\n".join(
                f"- {r.id} {r.title}: {r.question.strip()} Ruling: {r.ruling.strip()}"
                + (f" (option {r.option})" if r.option else "")
                for r in game.rulings
            )
        )
    return "\n\n".join(parts)


def card_line(card: Any) -> str:
    """One card definition of a table in words: its name, then its other facts."""
    if attrs.has(type(card)):
        data = attrs.asdict(card)
    elif isinstance(card, dict):
        data = dict(card)
    else:
        return str(card)
    return facts_line(data)


def facts_line(info: dict[str, Any]) -> str:
    """A card's facts (a view's ``cards`` entry, or a table's row) as one line:
    ``Name (field value, ...): text``. Empty values and ids are left out; a card
    whose facts the pack words itself (a ``lines`` list) gives its kind and those
    lines instead of its fields."""
    name = str(info.get("name", "")) or "?"
    text = str(info.get("text", "") or "").strip()
    facts: list[str] = []
    lines = info.get("lines")
    if isinstance(lines, list) and lines:
        kind = info.get("kind", info.get("type"))
        facts = ([str(kind)] if kind else []) + [str(line) for line in lines]
        return f"{name} ({'; '.join(facts)})" + (f": {text}" if text else "")
    for key, value in info.items():
        if key in ("name", "text", "id") or value in (None, "", [], ()):
            continue
        if isinstance(value, bool):
            facts.append(key.replace("_", " ") if value else f"not {key.replace('_', ' ')}")
        elif isinstance(value, int | float | str):
            facts.append(f"{key.replace('_', ' ')} {value}")
        elif isinstance(value, Sequence) and all(isinstance(v, int | float | str) for v in value):
            facts.append(f"{key.replace('_', ' ')}: " + "; ".join(str(v) for v in value))
    line = name + (f" ({', '.join(facts)})" if facts else "")
    return f"{line}: {text}" if text else line


def _players_line(game: Game, options: Any) -> str:
    n = game.num_players(options)
    names = ", ".join(f"{game.player_name(p, options)} (seat {p})" for p in range(n))
    return f"{n} players: {names}."


def _changed_options(game: Game, options: Any) -> list[str]:
    """The options of ``options`` that differ from the defaults, in words."""
    out = []
    default = game.default_options()
    for entry in game.options_schema():
        name = entry["name"]
        value = getattr(options, name, None)
        if value != getattr(default, name, None):
            out.append(f"{entry['label']}: {value}")
    return out


def _pack_words(game: Game) -> str:
    """The pack's own paragraph for the sheet (``_text_sheet`` on its state class)."""
    hook = getattr(game.state_cls, "_text_sheet", None)
    if not callable(hook):
        return ""
    words = hook()
    return words.strip() if isinstance(words, str) else ""
