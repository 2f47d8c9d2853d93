"""The tabletop command, driven in-process."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import tabletop
import toy_pack
from tabletop.cli import main

tabletop.register(toy_pack.GAME)


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_list_shows_installed_packs() -> None:
    code, text = run("list")
    assert code == 0
    for name in tabletop.games():
        assert name in text


def test_simulate_summary_and_json() -> None:
    code, text = run("simulate", "toy_duel", "-n", "20", "--seed", "3")
    assert code == 0 and "North" in text and "decisions/s" in text
    code, text = run("simulate", "toy_duel", "-n", "20", "--seed", "3", "--json")
    summary = json.loads(text[text.index("{") :])
    assert summary["games"] == 20
    assert sum(summary["wins"].values()) + summary["draws"] + summary["unfinished"] == 20


def test_bad_arguments_give_clear_errors(capsys: Any) -> None:
    assert run("simulate", "toy_dual", "-n", "2")[0] == 2
    assert "did you mean" in capsys.readouterr().err.lower()
    assert run("simulate", "toy_duel", "-n", "0")[0] == 2
    assert "-n must be" in capsys.readouterr().err
    assert run("simulate", "toy_duel", "--options", "[1]")[0] == 2
    assert "JSON object" in capsys.readouterr().err
    assert run("simulate", "toy_duel", "--bots", "genius")[0] == 2
    assert "unknown bot" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run("fly")


def test_play_a_whole_game_as_a_person(tmp_path: Any) -> None:
    save = tmp_path / "game.json"
    moves = "\n".join(["x", "9", f"save {save}"] + ["1"] * 10) + "\n"
    code, text = run("play", "toy_duel", "--seed", "2", stdin=moves)
    assert code == 0
    assert "type a number" in text and "Game over" in text
    record = json.loads(save.read_text())
    assert record["game"] == "toy_duel" and record["actions"] == []


def test_replay_prints_each_step(tmp_path: Any) -> None:
    state = toy_pack.GAME.new_state(seed=4)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(state.record()))
    code, text = run("replay", str(path))
    assert code == 0 and "   4. South" in text
    assert "Choose the" in text  # an omniscient replay says every choice
    code, text = run("replay", str(path), "--player", "0")
    assert "South: (decides)" in text  # South's face-down card stays unsaid to North
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert run("replay", str(bad))[0] == 2
    assert run("replay", str(tmp_path / "missing.json"))[0] == 2


def test_play_never_says_a_bot_s_secret_choice() -> None:
    code, text = run("play", "toy_duel", "--seat", "1", "--seed", "2", stdin="q\n")
    assert code == 0
    assert "chose_hidden(player=0)" in text  # North's face-down choice: that it chose
    assert "chose(player=0" not in text and "Choose the" not in text.split("South: choose")[0]


def test_demo_runs_every_pack() -> None:
    code, text = run("demo", "--steps", "5", "-n", "2")
    assert code == 0
    for name in tabletop.games():
        assert f"({name})" in text


TOY_POSITION = (
    'game = "toy_duel"\nseed = 4\nscores = [1, 0]\n[North]\nhand = [3, 1]\n[South]\nhand = [2]\n'
)


def test_position_shows_the_table_and_the_choices(tmp_path: Any) -> None:
    path = tmp_path / "tutorial.toml"
    path.write_text(TOY_POSITION)
    code, text = run("position", str(path))
    assert code == 0
    assert "North: choose a card face down" in text
    assert "   1. Choose the 1\n   2. Choose the 3\n   3. Concede the game\n" in text
    code, text = run("position", str(path), "--player", "1")
    assert code == 0 and "(North decides)" in text and "Choose the" not in text


def test_position_facts_and_a_record_s_position(tmp_path: Any) -> None:
    path = tmp_path / "tutorial.toml"
    path.write_text(TOY_POSITION)
    code, text = run("position", str(path), "--facts")
    facts = json.loads(text)
    assert code == 0 and facts["North"]["hand"] == [3, 1] and facts["scores"] == [1, 0]
    rec = tmp_path / "game.json"
    s = toy_pack.GAME.new_state(seed=2)
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    rec.write_text(json.dumps(s.record()))
    code, text = run("position", "--record", str(rec), "--step", "2", "--facts")
    assert code == 0
    at_two = toy_pack.GAME.new_state(seed=2)
    for _ in range(2):
        at_two.apply(at_two.legal_actions()[0])
    assert json.loads(text) == at_two.position_facts()


def test_play_from_a_position_and_replay_it(tmp_path: Any) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps(tabletop.read_position(TOY_POSITION)))
    save = tmp_path / "saved.json"
    code, text = run("play", "--from", str(path), "--vs", "random", stdin=f"1\nsave {save}\nq\n")
    assert code == 0 and f"play it again with --from {path}" in text
    code, text = run("replay", str(save))
    assert code == 0 and "Numbers duel, from a position" in text


def test_position_errors_name_the_fact(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "toy_duel"\n[North]\nhand = [3, 3]\n')
    assert run("position", str(path))[0] == 2
    assert "position.North.hand: the 3 is placed twice" in capsys.readouterr().err
    assert run("play", "--from", str(path), "--seed", "3")[0] == 2
    assert "--from sets up the game" in capsys.readouterr().err
    assert run("play")[0] == 2
    assert "or give --from FILE" in capsys.readouterr().err
    assert run("position")[0] == 2
    assert "give a position FILE" in capsys.readouterr().err
    assert run("position", str(tmp_path / "none.toml"))[0] == 2
    assert "none.toml" in capsys.readouterr().err
