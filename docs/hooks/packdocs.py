"""Markdown pages generated from a rule pack's own data.

Pure functions: each takes a :class:`tabletop.Game` and returns Markdown. The
MkDocs hook (``mkdocs_hooks.py``) turns them into pages at build time, and
``tests/test_docs.py`` calls them directly, so the site shows exactly what the
installed packs contain and can never drift from them.
"""

from __future__ import annotations

import dataclasses
import enum
import html
import inspect
import itertools
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

import tabletop
from tabletop.analysis.ladder import (
    LADDER_JSON,
    committed_ladder,
    ladder_svg,
    ladder_tables,
    pairs_table,
)

__all__ = [
    "GENERATED_PAGES",
    "LADDER_PAGE",
    "action_catalogue",
    "card_reference",
    "cell",
    "code",
    "doc_of",
    "escape",
    "games_index",
    "ladder_page",
    "lead_in",
    "link_rulings",
    "observation_page",
    "options_page",
    "overview_page",
    "pack_pages",
    "phase_page",
    "plain_roles",
    "positions_page",
    "record_example",
    "rulings_page",
    "sample_actions",
    "table",
    "test_ref",
]

# File name and nav title of each generated page of a pack, in nav order.
GENERATED_PAGES: tuple[tuple[str, str], ...] = (
    ("index.md", "Overview"),
    ("cards.md", "Card reference"),
    ("turn.md", "Turn structure"),
    ("actions.md", "Actions and events"),
    ("options.md", "Options"),
    ("rulings.md", "Rulings"),
    ("observation.md", "Observation tensor"),
    ("positions.md", "Positions"),
)

LADDER_PAGE: tuple[str, str] = ("ladder.md", "Bot ladder")
"""The page of a pack's committed ladder result: made only when the pack has one."""

COPIES_FIELDS = ("copies", "count", "number", "qty", "quantity")


# ---------------------------------------------------------------- formatting
def cell(value: Any) -> str:
    """A value as the text of one Markdown table cell ("" when empty)."""
    if value is None or value is attrs.NOTHING:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, enum.Enum):
        raw = value.value if isinstance(value.value, str) else value.name
        return escape(str(raw).replace("_", " ").lower())
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, Mapping):
        return "; ".join(f"{escape(str(k))}: {cell(v)}" for k, v in value.items() if cell(v))
    if attrs.has(type(value)):
        parts = []
        for f in attrs.fields(type(value)):
            text = cell(getattr(value, f.name))
            if text:
                parts.append(f"{label(f.name)}: {text}")
        return "; ".join(parts)
    if isinstance(value, Iterable):
        return ", ".join(t for t in (cell(v) for v in value) if t)
    return escape(str(value))


def escape(text: str) -> str:
    """Text made safe for a table cell: no pipes, no raw HTML, no line breaks."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("|", "\\|")
    return "<br>".join(line.strip() for line in text.strip().splitlines())


def code(text: str) -> str:
    """Text as a Markdown code span that is safe inside a table cell."""
    text = str(text).replace("|", "\\|").replace("\n", " ")
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def label(name: str) -> str:
    """A field name as a column heading: ``space_rating`` -> ``Space rating``."""
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def slug(text: str) -> str:
    """An HTML id from free text: ``"SSA-07"`` -> ``"ssa-07"``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


SPHINX_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def plain_roles(text: str) -> str:
    """Docstrings here are reST-flavoured; ``code`` reads as Markdown code
    already, and Sphinx roles become code too: ":class:`~a.Foo`" -> "`Foo`"."""
    return SPHINX_ROLE.sub(lambda m: f"`{m.group(1).split('.')[-1]}`", text)


def doc_of(obj: Any) -> str:
    """The object's own docstring (not one inherited from a base class)."""
    raw = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    if not raw or not isinstance(raw, str):
        return ""
    return inspect.cleandoc(plain_roles(raw))


def link_rulings(game: tabletop.Game, text: str, page: str = "rulings.md") -> str:
    """Ruling ids of ``game`` named in Markdown ``text`` made links to the
    rulings page (never inside code spans); ids the pack does not have stay text."""
    ids = {r.id for r in game.rulings}
    if not ids:
        return text
    pattern = re.compile(
        r"(?<![\w\[#-])("
        + "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
        + r")(?![\w\]])"
    )
    parts = text.split("`")
    for i in range(0, len(parts), 2):
        parts[i] = pattern.sub(lambda m: f"[{m.group(1)}]({page}#{slug(m.group(1))})", parts[i])
    return "`".join(parts)


def first_paragraph(text: str) -> str:
    return text.strip().split("\n\n")[0].replace("\n", " ") if text else ""


def type_name(t: Any) -> str:
    """A type annotation as short text: ``tuple[ShipType, ...]``, not the
    modules it comes from."""
    if t is None:
        return ""
    text = t if isinstance(t, str) else t.__name__ if isinstance(t, type) else str(t)
    return re.sub(r"\b(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)", r"\1", text)


def field_default(f: attrs.Attribute) -> Any:  # type: ignore[type-arg]
    d = f.default
    if isinstance(d, attrs.Factory):  # type: ignore[arg-type]
        return d.factory() if not d.takes_self else attrs.NOTHING  # type: ignore[attr-defined]
    return d


def player_names(game: tabletop.Game) -> list[str]:
    return [game.player_name(p) for p in range(game.num_players())]


# ---------------------------------------------------------------- the card reference
def card_groups(game: tabletop.Game) -> list[tuple[str, list[Any]]]:
    return [(group, list(defs)) for group, defs in game.cards.items()]


@attrs.frozen
class Column:
    """One field of a card definition: its name and its metadata (``help``, ``label``)."""

    name: str
    metadata: Mapping[str, Any] = attrs.field(factory=dict)


def card_fields(card: Any) -> list[Column]:
    """The fields of a card definition: an attrs class (the contract), or a
    dataclass, a mapping or a plain object from a third-party pack."""
    if attrs.has(type(card)):
        return [Column(f.name, f.metadata) for f in attrs.fields(type(card))]
    if dataclasses.is_dataclass(card):
        return [Column(f.name, f.metadata) for f in dataclasses.fields(card)]
    if isinstance(card, Mapping):
        return [Column(str(k)) for k in card]
    return [Column(k) for k in vars(card) if not k.startswith("_")]


def value(card: Any, name: str) -> Any:
    """The value of field ``name`` of a card definition (``None`` if it has none)."""
    return card.get(name) if isinstance(card, Mapping) else getattr(card, name, None)


def card_name(card: Any) -> str:
    return str(value(card, "name") or "")


def card_columns(defs: Sequence[Any]) -> list[Column]:
    """The fields of a group's definitions, in declaration order, that are not
    empty on every card (``name`` first)."""
    seen: dict[str, Column] = {}
    for d in defs:
        for f in card_fields(d):
            seen.setdefault(f.name, f)
    cols = [f for f in seen.values() if any(cell(value(d, f.name)) for d in defs)]
    cols.sort(key=lambda f: f.name != "name")
    return cols


SUBGROUP_FIELDS = ("type", "kind", "category")


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def common_columns(defs: Sequence[Any]) -> list[Column]:
    """The non-numeric columns that hold the same value on every card (of two
    or more): said once above the table rather than on every row."""
    if len(defs) < 2:
        return []
    out = []
    for f in card_columns(defs):
        values = [value(d, f.name) for d in defs]
        numeric = any(_numeric(v) for v in values)
        if f.name != "name" and not numeric and len({cell(v) for v in values}) == 1:
            out.append(f)
    return out


def card_table(defs: Sequence[Any], drop: Sequence[str] = ()) -> str:
    """One table of card definitions, without the columns named in ``drop``."""
    cols = [f for f in card_columns(defs) if f.name not in drop]
    rows = []
    for d in defs:
        row = []
        for f in cols:
            text = cell(value(d, f.name))
            row.append(f"**{text}**" if f.name == "name" and text else text)
        rows.append(row)
    return table([label(f.metadata.get("label", f.name)) for f in cols], rows)


def subgroups(defs: Sequence[Any]) -> list[tuple[str, str, list[Any]]]:
    """A long group split by its cards' type (first-seen order), when it has
    one: ``(field, value, cards)``; else one part ``("", "", cards)``."""
    if len(defs) >= 8:
        for name in SUBGROUP_FIELDS:
            if all(value(d, name) is not None for d in defs):
                parts: dict[str, list[Any]] = {}
                for d in defs:
                    parts.setdefault(cell(value(d, name)), []).append(d)
                if len(parts) > 1 and "" not in parts:
                    return [(name, value, cards) for value, cards in parts.items()]
    return [("", "", list(defs))]


HIDE_TOC = "---\nhide:\n  - toc\n---\n\n"  # front matter: the page's width goes to its tables


def card_reference(game: tabletop.Game) -> str:
    """Every card definition of the pack, one section per card group (split
    by card type when the group is long)."""
    groups = card_groups(game)
    single = len(groups) == 1 and len(subgroups(groups[0][1])) == 1
    out = [f"{HIDE_TOC if single else ''}# {game.title}: card reference\n"]
    if not groups:
        out.append(f"`{game.name}` declares no card tables.\n")
        return "\n".join(out)
    total_defs = sum(len(defs) for _, defs in groups)
    counts = [_copies(d) for _, defs in groups for d in defs]
    summary = f"{plural(total_defs, 'card definition')} in {plural(len(groups), 'group')}"
    if any(c is not None for c in counts):  # a definition without copies is one card
        summary += f", {sum(1 if c is None else c for c in counts)} cards counting copies"
    out.append(
        f"Generated from the card data of the `{game.name}` pack ({summary}). "
        "Each row is one card definition with every number and ability the rules "
        "engine uses; empty columns are left out.\n"
    )
    for group, defs in groups:
        out.append(f"## {escape(group)}\n")
        n = sum(_copies(d) or 0 for d in defs)
        line = plural(len(defs), "definition") + (f", {plural(n, 'card')}." if n else ".")
        common = common_columns(defs)
        if common:
            said = [
                f"{label(f.metadata.get('label', f.name))} **{cell(value(defs[0], f.name))}**"
                for f in common
            ]
            line += " Every card here: " + ", ".join(said) + "."
        out.append(line + "\n")
        parts = subgroups(defs)
        for field, sub, part in parts:
            drop = [f.name for f in common] + ([field] if field else [])
            if sub:
                k = sum(_copies(d) or 0 for d in part)
                out.append(f"### {sub[:1].upper() + sub[1:]}\n")
                out.append(
                    plural(len(part), "definition") + (f", {plural(k, 'card')}.\n" if k else ".\n")
                )
            out.append(card_table(part, drop))
        helps = [(f, f.metadata.get("help")) for f in card_columns(defs) if f.metadata.get("help")]
        if helps:
            out.append("")
            out += [f"- **{label(f.metadata.get('label', f.name))}**: {h}" for f, h in helps]
            out.append("")
    return "\n".join(out)


def _copies(card: Any) -> int | None:
    for name in COPIES_FIELDS:
        v = value(card, name)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


# ---------------------------------------------------------------- phases
def _svg_text(text: str) -> str:
    return html.escape(text, quote=True)


def phase_svg(names: Sequence[str], first: int, *, vertical: bool) -> str:
    """The phases as boxes joined by arrows, with a dashed "next" arrow from the
    last back to ``first`` (where the cycle starts again): inline SVG that takes
    the page's text colour, so it reads in the light and the dark theme."""
    char, pad, h, gap = 7.6, 14, 36, 36
    widths = [int(pad * 2 + char * len(n)) for n in names]
    boxes: list[tuple[float, float, float]] = []  # x, y, width
    if vertical:
        w = max(widths)
        boxes = [(10, 10 + i * (h + gap / 1.5), w) for i in range(len(names))]
        width, height = 10 + w + 70, boxes[-1][1] + h + 10
    else:
        x = 10.0
        for bw in widths:
            boxes.append((x, 10, bw))
            x += bw + gap
        width, height = x - gap + 10, 10 + h + 40
    parts = [
        f'<svg class="phase-diagram" role="img" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
        'font-family="sans-serif" font-size="13">',
        "<title>" + _svg_text(" then ".join(names)) + "</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="currentColor"/></marker></defs>',
        '<g fill="none" stroke="currentColor" stroke-width="1.3">',
    ]
    for x, y, bw in boxes:
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{bw:.0f}" height="{h}" rx="6"/>')
    for (x, y, bw), (nx, ny, _) in itertools.pairwise(boxes):
        if vertical:
            cx = x + bw / 2
            parts.append(
                f'<line x1="{cx:.0f}" y1="{y + h:.0f}" x2="{cx:.0f}" y2="{ny:.0f}" '
                'marker-end="url(#arrow)"/>'
            )
        else:
            parts.append(
                f'<line x1="{x + bw:.0f}" y1="{y + h / 2:.0f}" x2="{nx:.0f}" y2="{ny + h / 2:.0f}" '
                'marker-end="url(#arrow)"/>'
            )
    label = ""
    if len(boxes) > 1:
        lx, ly, lw = boxes[-1]
        fx, fy, fw = boxes[first]
        if vertical:
            right = max(x + bw for x, _, bw in boxes) + 30
            d = f"M{lx + lw:.0f},{ly + h / 2:.0f} H{right:.0f} V{fy + h / 2:.0f} H{fx + fw:.0f}"
            label = f'<text x="{right + 4:.0f}" y="{(ly + fy + h) / 2:.0f}">next</text>'
        else:
            low = ly + h + 22
            d = f"M{lx + lw / 2:.0f},{ly + h:.0f} V{low:.0f} H{fx + fw / 2:.0f} V{fy + h:.0f}"
            label = f'<text x="{(lx + fx + fw) / 2:.0f}" y="{low - 4:.0f}" text-anchor="middle">next</text>'
        parts.append(f'<path d="{d}" stroke-dasharray="5 4" marker-end="url(#arrow)"/>')
    parts.append("</g>")
    parts.append('<g fill="currentColor" text-anchor="middle">')
    for (x, y, bw), name in zip(boxes, names):
        parts.append(
            f'<text x="{x + bw / 2:.0f}" y="{y + h / 2 + 4.5:.0f}">{_svg_text(name)}</text>'
        )
    parts.append("</g>")
    if label:
        parts.append(f'<g fill="currentColor">{label}</g>')
    parts.append("</svg>")
    return "".join(parts)


ONCE = re.compile(r"set.?up|mulligan|preparation|deal", re.I)


def lead_in(phases: Sequence[tabletop.Phase]) -> int:
    """How many leading phases happen once, before the repeating cycle
    (set-up, mulligan...): the cycle's arrow goes back to the phase after them."""
    n = 0
    while n < len(phases) - 1 and ONCE.search(phases[n].name):
        n += 1
    return n


def phase_page(game: tabletop.Game) -> str:
    """The turn or round structure: an ordered list and a flowchart."""
    out = [f"# {game.title}: turn structure\n"]
    phases = list(game.phases)
    if not phases:
        out.append(f"`{game.name}` declares no phases.\n")
    else:
        out.append(f"{game.title} goes through these phases, in this order.\n")
        for i, ph in enumerate(phases, 1):
            text = link_rulings(game, ph.description.strip())
            out.append(f"{i}. **{escape(ph.name)}**: {text}")
        out.append("")
        first = lead_in(phases)
        if first:
            names = [f"**{escape(ph.name)}**" for ph in phases[:first]]
            said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            verb = "happens" if len(names) == 1 else "happen"
            out.append(f"{said} {verb} once; the phases after repeat until the game ends.\n")
        # Drawn here, as SVG, so the page needs no diagram script: the site
        # works offline from site/ (a script from a CDN would not load there).
        names = [ph.name for ph in phases]
        out.append(phase_svg(names, first, vertical=len(phases) > 6))
        out.append("")
    decisions = game.decision_classes
    if decisions:
        out.append("## Pending decisions\n")
        out.append(
            "Inside a phase, every choice is a decision pushed on the state's stack; "
            "the decision on top names the player who must act now "
            "(`state.current_player`) and what they decide (`state.prompt`). "
            "These are the decisions of this pack:\n"
        )
        rows = [
            [f"`{cls.kind}`", link_rulings(game, escape(first_paragraph(doc_of(cls))))]
            for cls in decisions
        ]
        out.append(table(["Decision", "What is decided"], rows))
    return "\n".join(out)


# ---------------------------------------------------------------- actions
Sample = dict[str, dict[str, Any]]
_SAMPLES: dict[tuple[str, str], Sample] = {}


def sample_actions(
    game: tabletop.Game, seeds: Sequence[int] = tuple(range(1, 31)), budget: int = 20_000
) -> Sample:
    """For each action kind, the first legal action of that kind met in seeded
    random games played through the public API (at most ``budget`` actions in
    all): its notation, ``describe()`` text, the prompt at that moment and the
    player deciding."""
    key = (game.name, game.version)
    if key in _SAMPLES:
        return _SAMPLES[key]
    kinds = {cls.kind for cls in game.action_space.classes}
    found: Sample = {}
    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = tabletop.Rng(seed)
        while not state.is_terminal and budget > 0 and len(found) < len(kinds):
            legal = state.legal_actions()
            for a in legal:
                if a.kind not in found:
                    player = state.current_player
                    found[a.kind] = {
                        "notation": a.notation(),
                        "text": state.describe(a),
                        "prompt": state.prompt,
                        "player": "" if player is None else state.player_name(player),
                        "repr": repr(a),
                        "targets": [t.as_dict() for t in state.targets(a)],
                    }
            state.apply(rng.choice(legal), check=False)
            budget -= 1
        if budget <= 0 or len(found) == len(kinds):
            break
    _SAMPLES[key] = found
    return found


def action_catalogue(game: tabletop.Game, sample: Sample | None = None) -> str:
    """Every action kind: meaning, notation, field ranges, ids and an example."""
    space = game.action_space
    sample = sample_actions(game) if sample is None else sample
    out = [f"# {game.title}: actions and events\n"]
    out.append(
        f"Every move in {game.title} is a sequence of atomic actions. Each action kind "
        "below has a text notation (`game.parse(text)` reads it, `action.notation()` "
        "writes it) and a block of ids in the fixed action-id space "
        f"(`game.encode` / `game.decode`): {game.num_distinct_actions} ids in all. "
        "The examples come from seeded random games played at build time; the text "
        "is what `state.describe(action)` returned.\n"
    )
    rows = []
    offset = 0
    blocks = []
    for cls in space.classes:
        doms = space.domains(cls)
        size = 1
        for _, _, n in doms:
            size *= n
        blocks.append((cls, doms, offset, size))
        offset += size
    for cls, doms, start, size in blocks:
        notation = " ".join([cls.kind] + [f"<{name}>" for name, _, _ in doms])
        rows.append(
            [
                f"[`{cls.kind}`](#{slug('action-' + cls.kind)})",
                code(notation),
                f"{start}..{start + size - 1}",
                link_rulings(game, escape(first_paragraph(doc_of(cls)))),
            ]
        )
    out.append(table(["Kind", "Notation", "Ids", "Meaning"], rows))
    if game.target_kinds:
        out.append("## Targets\n")
        out.append(
            "`state.targets(action)` says what on the table a legal action points at "
            "(the view's `legal_actions` carry the same), so a UI makes those things "
            "clickable without reading words ([Concepts](../../concepts.md#targets)). "
            f"The kinds of target {game.title}'s actions name:\n"
        )
        out.append(
            table(
                ["Kind", "Where a UI finds it"],
                [
                    [f"`{k}`", escape(v).replace("[", "\\[").replace("]", "\\]")]
                    for k, v in game.target_kinds.items()
                ],
            )
        )
    out.append("## Action kinds\n")
    for cls, doms, start, size in blocks:
        out.append(f"### `{cls.kind}` {{#{slug('action-' + cls.kind)}}}\n")
        doc = doc_of(cls)
        if doc:
            out.append(link_rulings(game, doc) + "\n")
        notation = " ".join([cls.kind] + [f"<{name}>" for name, _, _ in doms])
        facts = [
            ["Class", f"`{cls.__module__}.{cls.__qualname__}`"],
            ["Notation", code(notation)],
        ]
        types = {f.name: f.type for f in attrs.fields(cls)}
        for name, lo, n in doms:
            if types.get(name) in (bool, "bool"):  # a bool is never 0 or 1 in an action
                facts.append([f"`{name}`", "`true` or `false` (`1` or `0` in the notation)"])
            else:
                facts.append([f"`{name}`", f"{lo}..{lo + n - 1}"])
        facts.append(["Action ids", f"{start}..{start + size - 1} ({size})"])
        ex = sample.get(cls.kind)
        if ex:
            facts.append(["Example", code(ex["notation"])])
            facts.append(["`describe()`", f"“{escape(ex['text'])}”"])
            if ex["targets"]:
                shown_targets = ", ".join(
                    f"{t['kind']} {t['id']}" + (f" ({t['role']})" if t["role"] else "")
                    for t in ex["targets"]
                )
                facts.append(["`targets()`", escape(shown_targets)])
            if ex["prompt"]:
                said = f"“{escape(ex['prompt'])}”"
                if ex["player"] and ex["player"] not in ex["prompt"]:
                    said += f" ({escape(ex['player'])} to decide)"
                facts.append(["Offered at", said])
        else:
            facts.append(["Example", "not met in the sample games played for this page"])
        out.append(table(["", ""], facts))
    events = game.event_classes
    if events:
        out.append("## Events\n")
        out.append(
            "`state.apply(action)` returns the events the action caused; `state.log` "
            "holds them all. An event meant for some players only is shown to the "
            "others in its public form (`event.seen_by(player)`), and "
            "`state.narrate(event)` puts it in words.\n"
        )
        rows = []
        for cls in events:
            fields = ", ".join(f"`{f.name}`" for f in attrs.fields(cls) if f.name != "to")
            rows.append(
                [f"`{cls.kind}`", fields, link_rulings(game, escape(first_paragraph(doc_of(cls))))]
            )
        out.append(table(["Kind", "Fields", "Meaning"], rows))
    return "\n".join(out)


# ---------------------------------------------------------------- observation
def observation_page(game: tabletop.Game) -> str:
    """The observation tensor's layout: each named slice, where it lies, what it means."""
    out = [f"# {game.title}: observation tensor\n"]
    spec = game.observation
    if spec is None:
        out.append(
            f"`{game.name}` declares no observation tensor, so the learning adapters "
            "(`tabletop.adapters`) cannot serve it yet.\n"
        )
        return "\n".join(out)
    encode = getattr(spec.encode, "__module__", "")
    out.append(
        f"`state.observation(player)` is a `float32` array of shape `{spec.shape}` "
        "(numpy, from the `rl` extra): what that player may know, built from the same "
        "facts as `state.view(player)`, so it never shows a secret (the conformance kit "
        "checks that re-dealing what the player cannot see changes nothing). The "
        "reinforcement-learning adapters serve it as their observation "
        "([Learning and search](../../rl.md)). "
        + (f"The encoder is `{encode}.encode`. " if encode else "")
        + "The slices, in order:\n"
    )
    rows = [
        [f"`{name}`", f"{start}..{start + size - 1}", str(size), escape(text)]
        for name, start, size, text in spec.table()
    ]
    out.append(table(["Slice", "Indices", "Size", "Meaning"], rows))
    out.append(
        "In code: `game.observation.slice(name)` gives a slice's indices, "
        "`game.observation.encode(state, player)` the numbers as a plain list.\n"
    )
    return "\n".join(out)


# ---------------------------------------------------------------- options
def options_page(game: tabletop.Game) -> str:
    """The options class: every field with its type, default and help."""
    cls = game.options_cls
    out = [f"{HIDE_TOC}# {game.title}: options\n"]
    if not attrs.has(cls) or not attrs.fields(cls):
        out.append(f"`{game.name}` has no options.\n")
        return "\n".join(out)
    attrs.resolve_types(cls)
    doc = doc_of(cls)
    if doc:
        out.append(link_rulings(game, doc) + "\n")
    out.append(
        "Every option defaults to the printed rules (or to the ruling named beside it). "
        "Pass a dict, or an instance of "
        f"`{cls.__module__}.{cls.__qualname__}`, to `game.new_state`; a bad value "
        "raises `tabletop.OptionsError` naming the field.\n"
    )
    by_option: dict[str, list[str]] = {}
    for r in game.rulings:
        if r.option:
            by_option.setdefault(r.option, []).append(r.id)
    rows = []
    for f in attrs.fields(cls):
        default = field_default(f)
        shown = "required" if default is attrs.NOTHING else code(repr(default))
        raw_help = escape(str(f.metadata.get("help", "")))
        helptext = link_rulings(game, raw_help)
        named = f.metadata.get("ruling")
        refs = [r for r in by_option.get(f.name, ()) if r not in raw_help]
        if isinstance(named, str) and named and named not in refs and named not in raw_help:
            refs.insert(0, named)
        if refs:
            links = ", ".join(f"[{r}](rulings.md#{slug(r)})" for r in refs)
            word = "Ruling" if len(refs) == 1 else "Rulings"
            helptext = (helptext + " " if helptext else "") + f"({word} {links}.)"
        rows.append(
            [
                f'<a id="{slug("option-" + f.name)}"></a>`{f.name}`',
                code(type_name(f.type)),
                shown,
                helptext,
            ]
        )
    out.append(table(["Option", "Type", "Default", "Meaning"], rows))
    example = attrs.fields(cls)[0]
    default = field_default(example)
    if default is not attrs.NOTHING:
        out.append("```python")
        out.append("import tabletop\n")
        out.append(f'game = tabletop.load("{game.name}")')
        out.append(f'state = game.new_state(seed=1, options={{"{example.name}": {default!r}}})')
        out.append("```\n")
    return "\n".join(out)


# ---------------------------------------------------------------- rulings
def test_ref(node: str, source_url: str | None = None) -> str:
    """The pytest node id that pins a ruling, in code font; a link to the file
    when the site knows where the sources are (``source_url``)."""
    path, _, name = node.partition("::")
    shown = code(path) + (f"<br>{code('::' + name)}" if name else "")
    if source_url and node:
        path = node.split("::", 1)[0]
        return f"[{shown}]({source_url.rstrip('/')}/{path})"
    return shown


def rulings_page(game: tabletop.Game, source_url: str | None = None) -> str:
    """Every ruling: id, question, ruling, option and the test that pins it."""
    out = [f"{HIDE_TOC}# {game.title}: rulings\n"]
    rulings = list(game.rulings)
    if not rulings:
        out.append(f"`{game.name}` records no rulings.\n")
        return "\n".join(out)
    out.append(
        "Where the source rules leave a gap or contradict themselves, the pack rules "
        "one way and a test pins that ruling. A ruling that names an option can be "
        "changed per game; its default is the ruling. "
        f"{len(rulings)} rulings, generated from the pack's ruling data.\n"
    )
    rows = []
    for r in rulings:
        ident = f'<a id="{slug(r.id)}"></a>**{escape(r.id)}**'
        if r.title:
            ident += f"<br>{escape(r.title)}"
        ruling = link_rulings(game, escape(r.ruling))
        if r.option:
            ruling += (
                f"<br>*Option:* [`{escape(r.option)}`](options.md#{slug('option-' + r.option)})"
            )
        question = link_rulings(game, escape(r.question))
        rows.append([ident, question, ruling, test_ref(r.test, source_url)])
    out.append(table(["Id", "Question", "Ruling", "Pinned by"], rows))
    return "\n".join(out)


# ---------------------------------------------------------------- overview
def overview_page(game: tabletop.Game, written: Sequence[tuple[str, str]] = ()) -> str:
    """A pack's front page: its facts and links to every page about it."""
    out = [f"# {game.title}\n"]
    if game.description:
        out.append(game.description.strip() + "\n")
    names = ", ".join(player_names(game))
    players = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    opts = attrs.fields(game.options_cls) if attrs.has(game.options_cls) else ()
    n_cards = sum(len(defs) for defs in game.cards.values())
    facts = [
        ["Pack", f"`{game.name}` version {escape(game.version)}"],
        ["Players", f"{players} (by default: {escape(names)})"],
        ["Card definitions", str(n_cards)],
        ["Phases", str(len(game.phases))],
        [
            "Action kinds",
            f"{len(game.action_space.classes)} ({game.num_distinct_actions} action ids)",
        ],
        ["Options", str(len(opts))],
        ["Rulings", str(len(game.rulings))],
    ]
    out.append(table(["", ""], facts))
    out.append("## Pages\n")
    for path, title in written:
        out.append(f"- [{title}]({path})")
    for path, title in GENERATED_PAGES[1:]:
        out.append(f"- [{title}]({path})")
    if committed_ladder(game) is not None:
        out.append(f"- [{LADDER_PAGE[1]}]({LADDER_PAGE[0]})")
    out.append("")
    out.append("## Play it from Python\n")
    out.append("```python")
    out.append("import tabletop\n")
    out.append(f'game = tabletop.load("{game.name}")')
    out.append("state = game.new_state(seed=7)")
    out.append("print(state.prompt)")
    out.append("for action in state.legal_actions():")
    out.append("    print(action.notation(), '-', state.describe(action))")
    out.append("```\n")
    return "\n".join(out)


def pack_pages(
    game: tabletop.Game,
    written: Sequence[tuple[str, str]] = (),
    source_url: str | None = None,
) -> dict[str, str]:
    """Every generated page of a pack: file name (under ``games/<name>/``) -> Markdown.

    ``written`` lists the hand-written pages of the pack (file, title) that
    the overview links to.
    """
    makers: dict[str, Callable[[], str]] = {
        "index.md": lambda: overview_page(game, written),
        "cards.md": lambda: card_reference(game),
        "turn.md": lambda: phase_page(game),
        "actions.md": lambda: action_catalogue(game),
        "options.md": lambda: options_page(game),
        "rulings.md": lambda: rulings_page(game, source_url),
        "observation.md": lambda: observation_page(game),
        "positions.md": lambda: positions_page(game),
    }
    return {path: makers[path]() for path, _ in GENERATED_PAGES}


# ---------------------------------------------------------------- positions
def positions_page(game: tabletop.Game) -> str:
    """The facts of the pack's position documents and its example positions, each
    with the table it sets up (made at build time, so it always matches the engine)."""
    from tabletop.positions import CORE_FACTS, examples, read_position_file

    out = [f"# {game.title}: positions\n"]
    if not game.position_facts:
        out.append("This pack has no positions: its games start from a seed only.\n")
        return "\n".join(out)
    out.append(
        "A position sets a table up exactly, by names: for a tutorial, a puzzle, a test "
        "or a bug report. It is a TOML or JSON document of the facts below; facts left "
        "out take their defaults, and the pack computes everything derived from them. "
        "See [Positions](../../positions.md) for the format, the errors, records and "
        "the command line.\n"
    )
    out.append("## Facts\n")
    rows = [
        [code(f.name), escape(f.kind), escape(f.default), escape(f.help)]
        for f in (*CORE_FACTS, *game.position_facts)
    ]
    out.append(table(["Fact", "Value", "Default", "What it sets"], rows))
    found = examples(game)
    if found:
        out.append("## Example positions\n")
        out.append(
            "These ship with the pack. Play one with "
            f"`tabletop play --from {game.name}:NAME`, or show its table with "
            f"`tabletop position {game.name}:NAME`.\n"
        )
    for name, path in found.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        title = lines[0].lstrip("# ").strip() if lines and lines[0].startswith("#") else name
        out.append(f"### {escape(title)}\n")
        out.append(f"`{game.name}:{name}`\n")
        out.append("```toml")
        out.append(text.rstrip("\n"))
        out.append("```\n")
        state = game.position(read_position_file(path))
        out.append("The table it sets up, and the first choices:\n")
        out.append("```text")
        picture = state.render(None).rstrip("\n")
        out.append(picture)
        out.append("")
        if state.prompt not in picture:
            out.append(state.prompt)
        legal = state.legal_actions()
        for k, action in enumerate(legal[:8], 1):
            out.append(f"{k:>4}. {state.describe(action)}")
        if len(legal) > 8:
            out.append(f"     ... {len(legal) - 8} more")
        out.append("```\n")
    return "\n".join(out)


# ---------------------------------------------------------------- ladder
def ladder_page(game: tabletop.Game) -> str | None:
    """The page of the pack's committed ladder (``<pack>/ladder.json``), or ``None``.

    The ratings table, the matrix and a plot of the ratings with their
    intervals (inline SVG drawn from the numbers: no script, works offline),
    each pair's counts, how the result was made and how to make it again.
    """
    result = committed_ladder(game)
    if result is None:
        return None
    run = result["run"]
    machine = run["machine"]
    n_pairs = len(result["pairs"])
    out = [f"# {game.title}: bot ladder\n"]
    out.append(
        f"A round robin among {len(result['bots'])} bots: each of the {n_pairs} pairs "
        f"played {result['n']} games from the same seeds, the bots trading sides from one "
        "game to the next. Ratings are Bradley-Terry strengths on the Elo scale "
        f"(400 points are odds of 10 to 1), `{escape(result['anchor'])}` at 0, with 95% "
        "intervals relative to it; a draw, or a game stopped unfinished at the step cap, "
        "is half a win to each bot, and one virtual draw per pair keeps a clean sweep "
        "finite (see [Scale: the ladder](../../scale.md#ladder)).\n"
    )
    out.append("## Ratings\n")
    out.append(ladder_tables(result))
    out.append(ladder_svg(result))
    out.append("")
    out.append("## Pairs\n")
    out.append(pairs_table(result))
    out.append("## How it was made\n")
    options = result["options"]
    defaults = game.unstructure_options(game.make_options(None))
    facts = [
        ["Command", code(result["command"])],
        ["Pack version", code(result["version"])],
        ["Options", "the pack's defaults" if options == defaults else code(json.dumps(options))],
        ["Games per pair", str(result["n"])],
        ["Step cap", f"{result['max_steps']} decisions"],
        ["Date (UTC)", escape(run["date"])],
        [
            "Machine",
            escape(f"{machine['platform']}, {machine['cpus']} CPUs, Python {machine['python']}"),
        ],
        [
            "Time",
            f"{run['seconds']:.0f} s on {plural(run['workers'], 'worker')} ({run['backend']})",
        ],
    ]
    out.append(table(["", ""], facts))
    out.append(
        f"The result is committed as `games/{game.name}/{LADDER_JSON}`. `make ladder` plays "
        "every pack's ladder again with the commands written in the Makefile and rewrites "
        "the file (it takes a while: the search bots think at every decision). The tests "
        "replay a few games of the cheapest pairing with a search bot from the same seeds, "
        "and fail when the search bot's fresh score interval lies wholly below its "
        "interval here.\n"
    )
    return "\n".join(out)


def games_index(games: Sequence[tabletop.Game]) -> str:
    """The front page of the games tab: one row per installed pack."""
    out = ["# Games\n"]
    out.append(
        "Every installed rule pack (`tabletop.games()`) has its pages here, generated "
        "from the pack itself when the site is built, so a pack installed later "
        "appears without editing the site.\n"
    )
    if not games:
        out.append("No rule pack is installed.\n")
        return "\n".join(out)
    rows = []
    for g in games:
        players = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players} to {g.max_players}"
        )
        rows.append(
            [
                f"[{escape(g.title)}]({g.name}/index.md)<br>`{g.name}`",
                players,
                escape(first_paragraph(g.description)),
            ]
        )
    out.append(table(["Game", "Players", "About"], rows))
    return "\n".join(out)


def record_example(game: tabletop.Game, seed: int = 7, steps: int = 3) -> str:
    """A fenced JSON block: the record of the first ``steps`` actions of a
    seeded random game of ``game``."""
    import json

    state = game.new_state(seed=seed)
    rng = tabletop.Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    lines = ["{"]
    items = list(record.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions" and value:
            lines.append(f'  "{key}": [')
            for j, a in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                lines.append(f"    {json.dumps(a)}{sep}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {json.dumps(value)}{comma}')
    lines.append("}")
    return "```json\n" + "\n".join(lines) + "\n```\n"
