"""The public shapes of every pack: what a user's code or record can notice.

* views: every key path a view shows (``state.board[].damage``), over random
  games of every mode, for each seat and a spectator;
* actions, events and decisions: each kind with its fields and their types;
* options: each option's name.

``tests/public_shapes.json`` holds the snapshot; ``tests/test_public_shapes.py``
fails when the shapes differ from it. To change a shape on purpose, add a line
to the Unreleased part of CHANGELOG.md that names each key, field or kind that
changed (in backticks), then regenerate:

    python tests/public_shapes.py --update

which refuses while a changed name is missing from the CHANGELOG.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import attrs

import tabletop
from tabletop.bots import RandomBot

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = Path(__file__).resolve().parent / "public_shapes.json"
CHANGELOG = ROOT / "CHANGELOG.md"

CASES: dict[str, list[dict[str, Any] | None]] = {
    "rebel_space": [None],
    "station_assault": [
        None,
        {"mode": "free_for_all", "players": 3},
        {"mode": "teams", "players": 4},
    ],
    "rebellion_rote": [None, {"players": 4}],
}
GAMES_PER_MODE = 2
EVERY = 7
"""The quick sample of the test: games per mode, a view every this many steps."""
SNAPSHOT_GAMES = 6
SNAPSHOT_EVERY = 3
"""The wide sample the snapshot is made from."""
COMMON = 0.25
"""A view path shown in at least this share of the sampled views is common: the quick
sample must show it too."""
MAX_DEPTH = 4


def _paths(value: Any, prefix: str, depth: int, out: set[str]) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, dict):
        if prefix in ("cards", "state.cards") or prefix.endswith(".cards"):
            # keyed by card id: the facts' keys are the shape, not the ids
            for facts in value.values():
                _paths(facts, prefix + "{}", depth + 1, out)
            return
        for k, v in value.items():
            if k == "log" and not prefix:
                out.add("log")  # its entries are events: their shapes are under "events"
                continue
            if not isinstance(k, str) or k.isdigit():
                _paths(v, prefix + "{}", depth + 1, out)
                continue
            path = f"{prefix}.{k}" if prefix else k
            out.add(path)
            _paths(v, path, depth + 1, out)
    elif isinstance(value, list):
        for item in value[:8]:
            _paths(item, prefix + "[]", depth + 1, out)


def view_paths(
    game: tabletop.Game, options: dict[str, Any] | None, games: int, every: int
) -> tuple[dict[str, int], int]:
    """How many of the sampled views show each key path, and how many were sampled."""
    seen: dict[str, int] = {}
    views = 0
    for seed in range(games):
        state = game.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        step = 0
        while True:
            if step % every == 0 or state.is_terminal:
                for seat in [*range(state.num_players), None]:
                    paths: set[str] = set()
                    _paths(state.view(seat), "", 0, paths)
                    views += 1
                    for path in paths:
                        seen[path] = seen.get(path, 0) + 1
            if state.is_terminal or step > 4000:
                break
            state.apply(bot.choose(state))
            step += 1
    return seen, views


def view_shape(game: tabletop.Game, options: dict[str, Any] | None) -> dict[str, list[str]]:
    """The snapshot's view shape, from a wide sample: the ``common`` paths (in at least
    :data:`COMMON` of the views) and the ``rare`` ones (the rest)."""
    seen, views = view_paths(game, options, SNAPSHOT_GAMES, SNAPSHOT_EVERY)
    common = sorted(p for p, n in seen.items() if n >= COMMON * views)
    return {"common": common, "rare": sorted(set(seen) - set(common))}


def view_changes(shape: dict[str, list[str]], game: tabletop.Game, options: Any) -> list[str]:
    """What a quick sample finds against a snapshot's view shape: a path it shows that
    the snapshot never saw (added or renamed), a common path it never shows (removed)."""
    seen, _ = view_paths(game, options, GAMES_PER_MODE, EVERY)
    known = set(shape["common"]) | set(shape["rare"])
    added = [f"added: {p}" for p in sorted(set(seen) - known)]
    removed = [f"removed: {p}" for p in shape["common"] if p not in seen]
    return added + removed


def _fields(cls: type) -> dict[str, str]:
    attrs.resolve_types(cls)
    return {f.name: getattr(f.type, "__name__", str(f.type)) for f in attrs.fields(cls)}


def shapes(views: bool = True) -> dict[str, Any]:
    """Every pack's shapes; ``views=False`` leaves the (slow) view sample out."""
    out: dict[str, Any] = {}
    for name, modes in CASES.items():
        game = tabletop.load(name)
        out[name] = {
            "actions": {
                cls.kind: _fields(cls)
                for cls in sorted(game.action_space.classes, key=lambda c: c.kind)
            },
            "events": {cls.kind: _fields(cls) for cls in sorted(game.event_classes, key=_kind)},
            "decisions": {
                cls.__name__: _fields(cls) for cls in sorted(game.decision_classes, key=_name)
            },
            "options": sorted(f.name for f in attrs.fields(game.options_cls)),
        }
        if views:
            out[name]["views"] = {label(o): view_shape(game, o) for o in modes}
    return out


def label(options: dict[str, Any] | None) -> str:
    return "default" if options is None else json.dumps(options, sort_keys=True)


def all_changes(old: dict[str, Any]) -> list[tuple[str, str]]:
    """Every difference between the snapshot ``old`` and the packs as they are now."""
    found = differences(
        {k: {f: v for f, v in pack.items() if f != "views"} for k, pack in old.items()},
        shapes(views=False),
    )
    for name, modes in CASES.items():
        game = tabletop.load(name)
        for options in modes:
            shape = old.get(name, {}).get("views", {}).get(label(options))
            if shape is None:
                found.append((f"{name} views", f"added: {label(options)}"))
                continue
            where = f"{name} views {label(options)}"
            found.extend((where, what) for what in view_changes(shape, game, options))
    return found


def _kind(cls: type) -> str:
    return str(getattr(cls, "kind", cls.__name__))


def _name(cls: type) -> str:
    return cls.__name__


def differences(old: Any, new: Any, where: str = "") -> list[tuple[str, str]]:
    """``(where, what)`` for each difference: a key added or removed, a type changed."""
    found: list[tuple[str, str]] = []
    if isinstance(old, dict) and isinstance(new, dict):
        for k in sorted(set(old) | set(new)):
            here = f"{where} {k}".strip()
            if k not in new:
                found.append((here, f"removed: {k}"))
            elif k not in old:
                found.append((here, f"added: {k}"))
            else:
                found.extend(differences(old[k], new[k], here))
    elif isinstance(old, list) and isinstance(new, list):
        for item in sorted(set(old) - set(new)):
            found.append((where, f"removed: {item}"))
        for item in sorted(set(new) - set(old)):
            found.append((where, f"added: {item}"))
    elif old != new:
        found.append((where, f"changed: {old} -> {new}"))
    return found


def changed_name(what: str) -> str:
    """The name a CHANGELOG line must mention for a difference: the last part of it."""
    thing = what.split(": ", 1)[1].split(" -> ")[0]
    return re.split(r"[.\[\]{}]+", thing.strip("[]{}."))[-1] or thing


def unreleased() -> str:
    text = CHANGELOG.read_text(encoding="utf-8")
    start = text.index("## Unreleased")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def missing_from_changelog(found: list[tuple[str, str]]) -> list[str]:
    notes = unreleased()
    return [
        f"{where}: {what}"
        for where, what in found
        if f"`{changed_name(what)}`" not in notes and changed_name(what) not in notes
    ]


def main(argv: list[str]) -> int:
    old = json.loads(SNAPSHOT.read_text(encoding="utf-8")) if SNAPSHOT.exists() else {}
    found = all_changes(old) if old else [("", "added: everything")]
    if "--update" not in argv:
        print("\n".join(f"{w}: {x}" for w, x in found) or "no change")
        return 1 if found else 0
    missing = missing_from_changelog(found) if old else []
    if missing:
        print("not updated: name these in CHANGELOG.md (Unreleased) first:")
        print("\n".join("  " + m for m in missing))
        return 1
    SNAPSHOT.write_text(json.dumps(shapes(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{SNAPSHOT.name}: written ({len(found)} change(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
