"""A public view key, action field, event or option never changes unnoticed: the
shapes are compared with tests/public_shapes.json, which is regenerated only with a
CHANGELOG line naming each change (see tests/public_shapes.py)."""

from __future__ import annotations

import json
from typing import Any

import public_shapes


def test_the_public_shapes_are_the_committed_ones() -> None:
    old = json.loads(public_shapes.SNAPSHOT.read_text(encoding="utf-8"))
    found = public_shapes.all_changes(old)
    assert not found, (
        "the public shapes changed:\n"
        + "\n".join(f"  {where}: {what}" for where, what in found)
        + "\nname each change in CHANGELOG.md (Unreleased, in backticks), then run "
        "`python tests/public_shapes.py --update`"
    )


def test_a_change_is_found_and_needs_its_changelog_line() -> None:
    old: dict[str, Any] = {
        "station_assault": {"views": {"default": ["state.scores", "state.wave"]},
                            "actions": {"fire": {"card": "int"}}},
    }  # fmt: skip
    new: dict[str, Any] = {
        "station_assault": {"views": {"default": ["state.wave", "state.wave_count"]},
                            "actions": {"fire": {"card": "bool"}}},
    }  # fmt: skip
    found = public_shapes.differences(old, new)
    assert found == [
        ("station_assault actions fire card", "changed: int -> bool"),
        ("station_assault views default", "removed: state.scores"),
        ("station_assault views default", "added: state.wave_count"),
    ]
    assert [public_shapes.changed_name(w) for _, w in found] == ["int", "scores", "wave_count"]
    missing = public_shapes.missing_from_changelog(found)
    assert "station_assault views default: added: state.wave_count" in missing


def test_a_view_key_removed_or_added_is_found() -> None:
    game = public_shapes.tabletop.load("station_assault")
    options = {"mode": "free_for_all", "players": 3}
    old = json.loads(public_shapes.SNAPSHOT.read_text(encoding="utf-8"))
    shape = old["station_assault"]["views"][public_shapes.label(options)]
    doctored = {
        "common": [*shape["common"], "state.scores"],  # as if the view used to show it
        "rare": shape["rare"],
    }
    doctored["common"].remove("state.lost")
    changes = public_shapes.view_changes(doctored, game, options)
    assert changes == ["added: state.lost", "removed: state.scores"]
