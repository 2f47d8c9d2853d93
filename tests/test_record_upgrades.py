"""A pack that changes what an action's field means still reads its older records
(``Game.record_upgrades``), and refuses an older saved state with what to do."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop import RecordError
from toy_pack import Choose, ToyState, make_game


class New(ToyState):
    """The toy game of version 2.0; version 1.0's choices named a card as ``card + 100``."""


GAME = make_game("toy_upgraded", New)
GAME.version = "2.0"
GAME.record_compat = ("2.0",)


def new_game() -> tabletop.Game:
    return GAME


def upgrade(raw: Any) -> Any:
    """A 1.0 action as 2.0 reads it: any other data is left for the checks to refuse."""
    if isinstance(raw, dict) and raw.get("kind") == "choose" and type(raw.get("card")) is int:
        return {**raw, "card": raw["card"] - 100}
    return raw


def test_an_older_record_is_upgraded_action_by_action() -> None:
    game = new_game()
    game.record_upgrades = {"1.0": upgrade}
    s = game.new_state(seed=5)
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    record = s.record()
    record["pack_version"] = "1.0"
    for a in record["actions"]:
        if a["kind"] == "choose":
            a["card"] += 100  # as version 1.0 wrote it
    assert [a.card for a in s.history if isinstance(a, Choose)] != []
    tabletop.register(game)
    try:
        again = tabletop.replay(json.dumps(record))
        assert again.history == s.history and again.zones == s.zones
        with pytest.raises(RecordError, match="step 1"):
            tabletop.replay({**record, "pack_version": "2.0"})  # not upgraded: out of range
        with pytest.raises(RecordError, match=r"reads '2\.0', '1\.0'$"):
            tabletop.replay({**record, "pack_version": "0.9"})
        saved = json.loads(tabletop.dumps(s))
        saved.update(game="toy_upgraded", pack_version="1.0")
        with pytest.raises(RecordError, match="cannot be read: replay its record"):
            tabletop.loads(json.dumps(saved))
    finally:
        tabletop.unregister("toy_upgraded")


def test_an_upgrade_meets_untrusted_data_and_the_step_is_still_checked() -> None:
    game = new_game()
    game.record_upgrades = {"1.0": upgrade}
    tabletop.register(game)
    try:
        record = {**game.new_state(seed=1).record(), "pack_version": "1.0"}
        for bad in ([{"kind": "choose", "card": "x"}], [[1]], [{"kind": "choose", "card": 50}]):
            with pytest.raises(RecordError, match="step 1"):
                tabletop.replay({**record, "actions": bad})
    finally:
        tabletop.unregister("toy_upgraded")


def test_a_version_of_another_type_is_refused_plainly() -> None:
    if "toy_upgraded" not in tabletop.games():
        tabletop.register(GAME)
    GAME.record_upgrades = {"1.0": upgrade}
    try:
        saved = json.loads(tabletop.dumps(GAME.new_state(seed=1)))
        for version in (["1.0"], {"a": 1}, 1, None):
            with pytest.raises(RecordError, match="made with toy_upgraded version"):
                tabletop.loads(json.dumps({**saved, "pack_version": version}))
            record = {**GAME.new_state(seed=1).record(), "pack_version": version}
            with pytest.raises(RecordError, match="made with toy_upgraded version"):
                tabletop.replay(record)
    finally:
        tabletop.unregister("toy_upgraded")
