"""Records of pack 0.2.0, whose card actions named a card by its index, replay in 0.3.0."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from rebellion_rote import GAME
from rebellion_rote.actions import Objective, PlayActionCard
from rebellion_rote.ids import action_card, objective_card
from rebellion_rote.upgrade import CARD_BASE_0_2, upgrade_0_2
from tabletop import RecordError, Rng, dumps, loads, replay
from tabletop.serial import make_record

CARD_KINDS = ("assign", "keep", "discard", "tactic", "objective", "action_card", "play_action_card")


def random_game(seed: int) -> Any:
    """A random game played to its end."""
    s = GAME.new_state(seed=seed)
    rng = Rng(seed)
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return s


def downgrade(record: dict[str, Any]) -> dict[str, Any]:
    """The record as pack 0.2.0 wrote it: each card action's ``card`` an index."""
    old = copy.deepcopy(record)
    old["pack_version"] = "0.2.0"
    for a in old["actions"]:
        if a["kind"] in CARD_BASE_0_2:
            a["card"] -= CARD_BASE_0_2[a["kind"]]
    return old


@pytest.fixture(scope="module")
def finished() -> Any:
    return random_game(0)


def test_the_version_and_its_upgrade() -> None:
    assert GAME.version == "0.3.0"
    assert GAME.record_upgrades == {"0.2.0": upgrade_0_2}
    assert set(CARD_BASE_0_2) == set(CARD_KINDS)


@pytest.mark.parametrize(
    ("kind", "card"),
    [
        ("assign", 103),
        ("keep", 150),
        ("discard", 100),
        ("tactic", 331),
        ("objective", 503),
        ("action_card", 600),
        ("play_action_card", 649),
    ],
)
def test_a_card_index_becomes_the_card_id(kind: str, card: int) -> None:
    raw = {"kind": kind, "card": card - CARD_BASE_0_2[kind]}
    assert upgrade_0_2(raw) == {"kind": kind, "card": card}
    assert raw == {"kind": kind, "card": card - CARD_BASE_0_2[kind]}  # not changed in place


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "place_probe", "card": 3, "top": 1},  # a probe card's id was its system's
        {"kind": "system", "system": 4},
        {"kind": "objective", "card": True},
        {"kind": "objective", "card": "3"},
        {"kind": "objective", "card": 3.0},
        {"kind": "objective"},
        {"kind": ["objective"], "card": 3},
        {"card": 3},
        ["objective", 3],
        "objective 3",
        None,
        7,
    ],
)
def test_anything_else_is_returned_unchanged(raw: Any) -> None:
    assert upgrade_0_2(raw) is raw


def test_objective_3_is_the_card_the_view_calls_503() -> None:
    """The card ids take the places the indices had: the first card id is its block's first
    action id, so every id is the same as before."""
    assert Objective(objective_card(3)) == Objective(503)
    first = GAME.encode(Objective(500))
    assert GAME.encode(Objective(503)) == first + 3
    assert not isinstance(GAME.decode(first - 1), Objective)
    assert GAME.encode(PlayActionCard(action_card(2))) == GAME.encode(PlayActionCard(600)) + 2
    with pytest.raises(ValueError, match=r"outside 500\.\.526"):
        GAME.encode(Objective(3))


def test_a_0_2_0_record_replays_to_the_same_state(finished: Any) -> None:
    record = make_record(finished)
    kinds = Counter(a["kind"] for a in record["actions"])
    assert all(kinds[k] > 0 for k in CARD_KINDS), kinds  # the game used every card action
    old = downgrade(record)
    assert old["actions"] != record["actions"]
    again = replay(old)
    assert dumps(again) == dumps(finished)
    assert make_record(again) == record  # written back as 0.3.0, card ids


def test_a_0_2_0_record_with_a_bad_card_is_refused_at_its_step(finished: Any) -> None:
    old = downgrade(make_record(finished))
    k = next(i for i, a in enumerate(old["actions"]) if a["kind"] == "objective")
    old["actions"][k]["card"] = 27  # one past the last objective
    with pytest.raises(RecordError, match=f"step {k + 1}"):
        replay(old)


@pytest.mark.parametrize("version", ["0.1.0", "0.4.0", "", None, 2])
def test_a_record_of_an_unknown_version_is_refused(finished: Any, version: Any) -> None:
    record = make_record(finished)
    record["pack_version"] = version
    with pytest.raises(RecordError, match="version"):
        replay(record)


def test_a_0_2_0_saved_state_is_refused() -> None:
    text = dumps(GAME.new_state(seed=1)).replace('"pack_version":"0.3.0"', '"pack_version":"0.2.0"')
    assert '"pack_version":"0.2.0"' in text
    with pytest.raises(RecordError, match="replay its record"):
        loads(text)
