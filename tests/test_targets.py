"""The targets contract and the card facts of views, on the toy pack (the packs' own
targets are tested in their folders; the kit runs both checks for every pack)."""

from __future__ import annotations

import json

import pytest

import tabletop
import toy_pack
from tabletop import IllegalActionError, Target
from toy_pack import Choose, Concede


def test_a_target_is_typed_and_json_ready() -> None:
    assert Target("cell", (2, -1), "to").as_dict() == {"kind": "cell", "id": [2, -1], "role": "to"}
    assert Target("card", 7).as_dict() == {"kind": "card", "id": 7, "role": ""}
    assert Target("cell", [2, -1]).id == (2, -1)  # a list id is kept as a tuple: hashable
    assert hash(Target("card", 7)) == hash(Target("card", 7))
    for bad in ("7", 7.0, True, (), (1, "2"), None):
        with pytest.raises(TypeError, match="a target's id"):
            Target("card", bad)  # type: ignore[arg-type]


def test_targets_of_a_legal_action_and_refusal_of_others() -> None:
    s = toy_pack.GAME.new_state(seed=3)
    hand = sorted(s.zones["hand0"])
    assert s.targets(Choose(hand[0])) == (Target("card", hand[0]),)
    assert s.targets(Concede()) == ()
    other = next(c for c in range(12) if c not in hand)
    before = tabletop.dumps(s)
    with pytest.raises(IllegalActionError):
        s.targets(Choose(other))
    with pytest.raises(TypeError):
        s.targets("choose 1")  # type: ignore[arg-type]
    assert tabletop.dumps(s) == before


def test_the_view_of_the_seat_to_decide_carries_each_actions_targets() -> None:
    s = toy_pack.GAME.new_state(seed=3)
    v = s.view(0)
    by_id = {a["id"]: a for a in v["legal_actions"]}
    for a in s.legal_actions():
        entry = by_id[toy_pack.GAME.encode(a)]
        assert entry["targets"] == [t.as_dict() for t in s.targets(a)]
    json.dumps(v)
    assert "legal_actions" not in s.view(1)


def test_card_facts_cover_the_log_and_the_packs_own_state() -> None:
    class Spotlight(toy_pack.ToyState):
        def _view(self, player: int | None) -> dict[str, object]:
            return {"scores": self.scores[:], "spotlight": 11}

        def _view_cards(self, player: int | None, state_view: dict[str, object]) -> list[int]:
            return [11]

    game = toy_pack.make_game("toy_spotlight", Spotlight)
    s = game.new_state(seed=3)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])  # both chose: the reveal names both cards in the log
    v = s.view(None)
    assert "11" in v["cards"] and v["cards"]["11"]["name"] == "the 6"
    revealed = next(e for e in v["log"] if e["kind"] == "revealed")["cards"]
    for c in revealed:
        assert str(c) in v["cards"]
    # without the log, its cards are not looked up (unless shown elsewhere)
    assert set(s.view(None, log=False)["cards"]) <= set(v["cards"])
