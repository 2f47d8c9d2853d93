"""``tabletop analyze`` and ``tabletop play --vs``, driven in-process."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main

GAME = "toy_pack:GAME"  # loadable by name in worker processes too


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_analyze_prints_the_tables(capsys: Any) -> None:
    code, text = run("analyze", GAME, "--bots", "greedy,random", "-n", "6", "--seed", "2")
    assert code == 0
    assert text.startswith("Numbers duel (toy_duel 1.0): 6 games from seed 2, bots greedy, random")
    for title in ("Wins per seat", "Wins per bot and seat", "Balance and length"):
        assert title in text
    assert "first-player advantage" in text and "branching factor" in text
    assert "6/6 games" in capsys.readouterr().err  # the progress bar


def test_analyze_json_is_the_same_for_any_number_of_workers() -> None:
    reports = []
    for workers in ("1", "2"):
        code, text = run(
            "analyze", GAME, "--bots", "mcts:10,random", "-n", "4", "--workers", workers,
            "--json", "--quiet", "--rotate",
        )  # fmt: skip
        assert code == 0
        report = json.loads(text)
        assert report["timing"].pop("workers") == int(workers)
        report.pop("timing")
        reports.append(report)
    assert reports[0] == reports[1]
    assert reports[0]["games"] == 4 and reports[0]["rotate"] is True


def test_analyze_writes_a_report_and_the_records(tmp_path: Path) -> None:
    out, records = tmp_path / "report", tmp_path / "records"
    code, text = run(
        "analyze", GAME, "-n", "3", "--quiet", "--out", str(out), "--save-records", str(records),
    )  # fmt: skip
    assert code == 0
    assert "report written:" in text and "3 game records written" in text
    assert json.loads((out / "report.json").read_text())["games"] == 3
    assert (out / "report.md").read_text().startswith("# Analysis: Numbers duel")
    code, text = run("replay", str(records / "game-00001.json"))
    assert code == 0 and "result:" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-n", "0"], "-n must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--max-steps", "0"], "--max-steps must be at least 1"),
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--bots", "mcts:lots"], "mcts:N"),
        (["--options", '{"hand_size": 9}'], "hand_size"),
    ],
)
def test_analyze_bad_arguments(argv: list[str], message: str, capsys: Any) -> None:
    assert run("analyze", GAME, "--quiet", *argv)[0] == 2
    assert message in capsys.readouterr().err


def test_analyze_unknown_game(capsys: Any) -> None:
    assert run("analyze", "station_asault", "-n", "1")[0] == 2
    assert "station_assault" in capsys.readouterr().err


@pytest.mark.parametrize("vs", ["mcts:20", "greedy", "mcts"])
def test_play_against_the_search_bots(vs: str) -> None:
    code, text = run("play", GAME, "--seat", "1", "--vs", vs, "--seed", "3", stdin="1\n1\nq\n")
    assert code == 0
    assert "you are South" in text


def test_play_against_an_unknown_bot(capsys: Any) -> None:
    assert run("play", GAME, "--vs", "genius")[0] == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
