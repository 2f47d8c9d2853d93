"""The conformance kit, golden legal-action counts, game length, rulings
bookkeeping, views and the terminal rendering."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import rebel_space
from rebel_space import GAME
from tabletop import IllegalActionError, Rng, dumps, loads, replay
from tabletop.testing import check_golden, check_pack

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
PACK = Path(rebel_space.__file__).parent
SHARED = Path("/work/shared/rulings/rebel-space.md")


def test_check_pack() -> None:
    check_pack(
        GAME,
        [
            None,
            {"tie_destroys_both": False},
            {"ion_cannon_may_hold": False, "rebel_base_may_attack": False},
            {"hand_limit": 6, "deploy_points": 5, "starting_hand": 8},
        ],
        check_every=40,
    )


def test_golden_legal_counts() -> None:
    check_golden(GAME, HERE / "golden" / "legal_counts.json", seeds=(1, 2, 3, 4), steps=400)


def random_game(seed: int) -> int:
    s = GAME.new_state(seed=seed)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    while not s.is_terminal:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))], check=False)
        n += 1
        assert n < 5000, f"seed {seed}: the game did not end"
    return n


def test_random_games_end() -> None:
    """No decision loop repeats forever: random games end (the draws empty the decks)."""
    lengths = [random_game(seed) for seed in range(40)]
    assert max(lengths) < 2000
    assert min(lengths) > 50


def test_options_are_validated() -> None:
    from tabletop import OptionsError

    with pytest.raises(OptionsError, match="hand_limit"):
        GAME.new_state(seed=1, options={"hand_limit": 0})
    with pytest.raises(OptionsError, match="did you mean"):
        GAME.new_state(seed=1, options={"hand_limt": 3})


def test_every_option_has_help() -> None:
    import attrs

    for f in attrs.fields(GAME.options_cls):
        assert f.metadata.get("help"), f.name


def test_every_action_class_is_documented() -> None:
    for cls in GAME.action_space.classes:
        assert cls.__doc__ and "Notation" in cls.__doc__, cls.__name__


def test_card_tables() -> None:
    assert set(GAME.cards) == {"Rebel", "Imperial"}
    assert len(GAME.cards["Rebel"]) == 27 and len(GAME.cards["Imperial"]) == 27


def test_card_data_errors_name_the_row() -> None:
    from rebel_space.cards import CardDef
    from tabletop import CardDataError, load_cards

    with pytest.raises(CardDataError, match=r"cards\[0\] \(X\).*flags|unknown flag"):
        load_cards(
            [
                {
                    "name": "X",
                    "side": "Rebel",
                    "type": "Hero",
                    "count": 1,
                    "ground": 1,
                    "space": 1,
                    "damage": 1,
                    "cost": 1,
                    "flags": ["wings"],
                }
            ],
            CardDef,
        )


# ---------------------------------------------------------------- rulings bookkeeping
def test_rulings_cover_the_shared_ids() -> None:
    shared = set(re.findall(r"RS-\d\d", SHARED.read_text())) if SHARED.exists() else set()
    data = tomllib.loads((PACK / "rulings.toml").read_text())["ruling"]
    ids = [r["id"] for r in data]
    assert len(ids) == len(set(ids))
    assert shared <= set(ids)
    md = (PACK / "RULINGS.md").read_text()
    for i in ids:
        assert f"## {i} " in md, i
    assert [r.id for r in GAME.rulings] == ids


def test_ruling_tests_exist_and_name_their_ids() -> None:
    tests_text = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    for r in GAME.rulings:
        path, _, func = r.test.partition("::")
        file = ROOT / path
        assert file.exists(), r.test
        assert re.search(rf"^def {func}\(", file.read_text(), re.M), r.test
        assert r.id in tests_text, r.id
        if r.option:
            assert r.option in {f for f in GAME.options_cls.__attrs_attrs__.__dict__} or hasattr(
                GAME.options_cls(), r.option
            ), r.option


# ---------------------------------------------------------------- views, records, rendering
def test_views_hide_hands_and_deck_order() -> None:
    s = GAME.new_state(seed=9)
    v = s.view(1)
    assert "cards" not in v["zones"]["hand0"] and v["zones"]["hand0"]["count"] == 5
    assert "cards" not in v["zones"]["deck1"] and "cards" in v["zones"]["hand1"]
    assert "cards" in v["zones"]["discard0"]
    drew = [e for e in v["log"] if e["kind"].startswith("drew")]
    assert all(e["kind"] == "drew_count" for e in drew if e["player"] == 0)


def test_record_replay_and_dumps() -> None:
    s = GAME.new_state(seed=4)
    rng = Rng(1)
    for _ in range(200):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert dumps(replay(s.record())) == dumps(s)
    assert dumps(loads(dumps(s))) == dumps(s)


def test_illegal_action_is_explained() -> None:
    s = GAME.new_state(seed=4)
    with pytest.raises(IllegalActionError, match="deploy phase"):
        s.apply(GAME.parse("deploy 3"))


def test_render_and_describe() -> None:
    from rs_helpers import find, position, texts

    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Air Speeders"],
            "active1": ["Battle Walkers"],
            "discard0": ["Surprise Attack"] * 4 + ["Multiple Targets"],
        },
    )
    s.apply(GAME.parse("group 0"))
    s.apply(GAME.parse(f"add {find(s, 'Air Speeders')}"))
    s.apply(GAME.parse("close"))
    s.apply(GAME.parse("block"))
    assert texts(s) == ["Block the group of Air Speeders with Battle Walkers"]
    picture = s.render(1)
    assert "Battle Walkers" in picture and "> Imperial: add units" in picture
    assert "hand:" in picture
    assert "hand:" not in s.render(None)


def test_heuristic_is_bounded_and_sensible() -> None:
    from rs_helpers import position

    s = position(zones={"active0": ["Rebel Warship", "Air Speeders"]}, deck_size={1: 20})
    h0, h1 = GAME.heuristic(s, 0), GAME.heuristic(s, 1)
    assert -1.0 <= h1 < 0.0 < h0 <= 1.0 and abs(h0 + h1) < 1e-9
    rng = Rng(3)
    g = GAME.new_state(seed=8)
    while not g.is_terminal:
        assert -1.0 <= GAME.heuristic(g, 0) <= 1.0
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))], check=False)
    assert GAME.heuristic(g, 0) == g.returns()[0]


def test_docstring_examples() -> None:
    import doctest

    import rebel_space.position

    for mod in (rebel_space, rebel_space.position):
        result = doctest.testmod(mod)
        assert result.failed == 0 and result.attempted > 0, mod.__name__


def test_illegal_actions_name_the_rule() -> None:
    from rs_helpers import find, position

    s = position(
        turn=0,
        step="deploy",
        zones={"hand0": ["Rebel Warship", "Laser Sword", "True Aim"], "inactive0": ["Grav Cycles"]},
        budget=2,
    )
    with pytest.raises(IllegalActionError, match=r"costs 3; 2 points left$") as err:
        s.apply(GAME.parse(f"deploy {find(s, 'Rebel Warship', 'hand0')}"))
    assert "RS-" not in str(err.value)  # the reason in words, without the ruling's id
    with pytest.raises(IllegalActionError, match="needs a hero"):
        s.apply(GAME.parse(f"deploy {find(s, 'Laser Sword', 'hand0')}"))
    with pytest.raises(IllegalActionError, match="played, not deployed"):
        s.apply(GAME.parse(f"deploy {find(s, 'True Aim', 'hand0')}"))
    s = position(
        turn=0,
        step="attack_start",
        zones={"active0": ["Rebel Soldier"], "inactive0": ["Grav Cycles"]},
    )
    s.apply(GAME.parse("group 0"))
    with pytest.raises(IllegalActionError, match="Active Zone"):
        s.apply(GAME.parse(f"add {find(s, 'Grav Cycles')}"))
