"""The position contract of the core (:mod:`tabletop.positions`), on the toy pack."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop import PositionError, RecordError, from_position, read_position, replay
from tabletop.positions import Facts, lookup
from tabletop.testing import check_position_roundtrip
from toy_pack import GAME

DOC = {"North": {"hand": [3, 1]}, "South": {"hand": [2]}, "scores": [1, 0], "seed": 4}


@pytest.fixture(autouse=True)
def _registered() -> None:
    if GAME.name not in tabletop.games():
        tabletop.register(GAME)


def test_a_position_sets_the_table_by_the_facts_given() -> None:
    s = GAME.position(DOC)
    assert sorted(s.zones["hand0"]) == [0, 2]
    assert s.zones["hand1"] == [7]
    assert s.scores == [1, 0]  # type: ignore[attr-defined]
    assert len(s.zones["deck0"]) == 4 and len(s.zones["deck1"]) == 5
    assert s.current_player == 0 and s.history == [] and s.log == []
    assert [s.describe(a) for a in s.legal_actions()] == [
        "Choose the 1",
        "Choose the 3",
        "Concede the game",
    ]


def test_the_seed_deals_what_the_facts_leave_open() -> None:
    a, b = GAME.position(DOC), GAME.position({**DOC, "seed": 5})
    assert a.zones["deck0"] != b.zones["deck0"]
    assert GAME.position(DOC).zones["deck0"] == a.zones["deck0"]


def test_a_position_game_has_a_record_that_replays() -> None:
    s = GAME.position(DOC)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    rec = s.record()
    assert rec["position"] == DOC and rec["seed"] == 4 and len(rec["actions"]) == 3
    again = replay(json.dumps(rec))
    assert tabletop.dumps(again) == tabletop.dumps(s)
    assert tabletop.dumps(tabletop.loads(tabletop.dumps(s))) == tabletop.dumps(s)


def test_a_record_whose_position_is_bad_or_not_its_own_is_refused() -> None:
    rec = GAME.position(DOC).record()
    with pytest.raises(RecordError, match=r"field 'position': position\.scores\[0\]"):
        replay({**rec, "position": {**DOC, "scores": [-1, 0]}})
    with pytest.raises(RecordError, match="'seed' and 'options' are not those of its 'position'"):
        replay({**rec, "seed": 5})
    with pytest.raises(RecordError, match="must be an object"):
        replay({**rec, "position": [1]})


def test_facts_of_a_state_read_back_into_the_same_state() -> None:
    s = GAME.new_state(seed=3)
    doc = s.position_facts()
    assert doc["game"] == "toy_duel" and doc["rng"] == s.rng.state
    back = GAME.position(json.loads(json.dumps(doc)))
    assert back.zones == s.zones and back.rng.state == s.rng.state
    assert back.position_facts() == doc


def test_the_kit_checks_the_round_trip() -> None:
    checked, skipped = check_position_roundtrip(GAME, positions=20)
    assert checked == 20 and skipped > 0


def test_the_kit_catches_a_pack_that_forgets_a_fact() -> None:
    from toy_pack import ToyState, make_game

    class Forgetful(ToyState):
        def _position_facts(self) -> dict[str, object]:
            doc = super()._position_facts()
            del doc["scores"]
            return doc

    game = make_game("toy_forgetful", Forgetful)
    with pytest.raises(AssertionError, match="the position read back differs"):
        check_position_roundtrip(game, positions=20)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"Nort": {}}, "position.Nort: no such fact here; did you mean 'North'?"),
        ({"North": {"hand": [3, 3]}}, "position.North.hand: the 3 is placed twice"),
        ({"North": {"hand": ["3"]}}, r"position.North.hand\[0\]: an integer, not str '3'"),
        ({"North": {"hand": [True]}}, r"position.North.hand\[0\]: an integer, not bool"),
        ({"North": {"hand": [9]}}, r"position.North.hand\[0\]: 9 is out of range 1..6"),
        ({"North": {"hand": []}}, "position.North.hand: a round starts with a card"),
        ({"North": {"hand": [1], "deck": [2]}}, r"position.North.deck: the cards \[3, 4, 5, 6\]"),
        ({"scores": [1, 2, 3]}, "position.scores: 3 items; at most 2"),
        ({"seed": 1.5}, "position.seed: an integer, not float"),
        ({"rng": -1}, r"position.rng: -1 is out of range 0..18446744073709551615"),
        ({"options": {"valuez": 3}}, "position.options: .*did you mean 'values'"),
        ({"game": "chess"}, "position.game: a position of 'chess', read by toy_duel"),
        ({"North": [1]}, "position.North: an object"),
    ],
)
def test_a_bad_fact_is_named_by_its_path(doc: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.position(doc)


def test_a_pack_without_positions_says_so() -> None:
    from tabletop import Game, State

    bare = Game(
        name="toy_bare",
        title="t",
        version="1",
        state_cls=type(
            "Bare",
            (GAME.state_cls,),
            {
                "__slots__": (),
                "_position": State._position,
                "_position_facts": State._position_facts,
            },
        ),
        options_cls=GAME.options_cls,
        action_space=GAME.action_space,
        event_classes=GAME.event_classes,
        decision_classes=GAME.decision_classes,
    )
    with pytest.raises(PositionError, match="toy_bare has no positions"):
        bare.position({})
    with pytest.raises(PositionError, match="toy_bare has no positions"):
        bare.new_state().position_facts()


def test_text_reads_as_toml_or_json() -> None:
    toml = 'game = "toy_duel"\nseed = 4\nscores = [1, 0]\n[North]\nhand = [3, 1]\n[South]\nhand = [2]\n'
    assert read_position(toml) == {**DOC, "game": "toy_duel"}
    assert read_position(json.dumps(DOC)) == DOC
    assert read_position(json.dumps(DOC).encode()) == DOC
    s = from_position(toml)
    assert tabletop.dumps(s) != "" and s.game is GAME and s.scores == [1, 0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a = 1.5", r"position.a: float 1.5 is not a position value"),
        ("a = 1979-05-27", "position.a: date .* is not a position value"),
        ("a = 123456789012345678901234", "position.a: .* is out of the 64-bit range"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nested 40 deep; the limit is 12"),
        ("a = [" + "[" * 20 + "]" * 20 + "]", "nested more than 12 deep"),
        ("a = ", "not valid TOML"),
        ("{", "not valid JSON"),
        ("a = [1", "not valid TOML"),
        ('{"a": NaN}', "not valid JSON"),
        ("x" * (300 << 10), "the limit is 262144"),
        (b"\xff", "not UTF-8"),
    ],
)
def test_text_is_untrusted(text: str | bytes, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        read_position(text)


def test_a_position_is_an_object() -> None:
    with pytest.raises(PositionError, match="a position is an object of facts, not list"):
        read_position("[1]", fmt="json")


def test_from_position_needs_an_installed_game() -> None:
    with pytest.raises(PositionError, match=r"position\.game: name the game"):
        from_position({"seed": 1})
    with pytest.raises(
        PositionError, match=r"position\.game: no game named 'toy_dul'\. Did you mean 'toy_duel'"
    ):
        from_position({"game": "toy_dul"})


def test_the_reader_names_paths() -> None:
    f = Facts({"a": {"b": [1, "x"]}})
    part = f.part("a")
    assert part.get_list("b") == [1, "x"]
    with pytest.raises(
        PositionError, match=r"position\.zone: no system called 'Yavn'; did you mean 'Yavin'"
    ):
        lookup("Yavn", {"Yavin": 1, "Hoth": 2}, "system", "position.zone")
    f.finish()
    with pytest.raises(PositionError, match=r"position\.a\.c: no such fact here"):
        g = Facts({"a": {"c": 1}})
        g.part("a")
        g.finish()


def test_the_module_s_example_runs() -> None:
    import doctest

    import tabletop.positions

    result = doctest.testmod(tabletop.positions)
    assert result.attempted >= 2 and result.failed == 0
