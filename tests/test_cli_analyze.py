"""``tabletop analyze`` and ``tabletop play --vs``, driven in-process."""

from __future__ import annotations

import io
import json
import sys
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
    lines = (records / "games-0000-0000.jsonl").read_text().splitlines()
    assert len(lines) == 3
    one = tmp_path / "one.json"
    one.write_text(lines[1])  # each line is a record that `tabletop replay` reads
    code, text = run("replay", str(one))
    assert code == 0 and "result:" in text


def test_analyze_help_prints_the_percent_sign_once(capsys: Any) -> None:
    with pytest.raises(SystemExit):
        run("analyze", "--help")
    text = " ".join(capsys.readouterr().out.split())
    assert "(95% Wilson intervals)" in text and "%%" not in text
    assert "--no-rotate" in text and "--backend {local,ray}" in text


def test_analyze_rotates_by_default_and_not_when_told(capsys: Any) -> None:
    code, text = run("analyze", GAME, "--bots", "greedy,random", "-n", "2", "--quiet", "--json")
    assert code == 0 and json.loads(text)["rotate"] is True
    code, text = run("analyze", GAME, "--bots", "greedy,random", "-n", "2", "--quiet",
                     "--no-rotate")  # fmt: skip
    assert code == 0
    assert "(fixed seats: North greedy, South random)" in text
    assert "first-player advantage  not measured: the seats were not rotated" in text


def test_analyze_says_plainly_when_the_plots_are_skipped(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    code, _ = run("analyze", GAME, "-n", "2", "--quiet", "--out", str(tmp_path))
    assert code == 0
    err = capsys.readouterr().err
    assert "PNG plots skipped: matplotlib is not installed" in err
    assert "pip install 'tabletop[analysis]'" in err
    assert "PNG plots skipped" in (tmp_path / "report.md").read_text()


def test_analyze_writes_the_plots_with_the_default_install(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # make installs the analysis extra
    code, _ = run("analyze", GAME, "-n", "2", "--quiet", "--out", str(tmp_path))
    assert code == 0
    assert {p.name for p in tmp_path.glob("*.png")} == {"win_rates.png", "lengths.png"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-n", "0"], "-n must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--batch-size", "0"], "--batch-size must be at least 1"),
        (["--address", "auto"], "--address joins a Ray cluster: use it with --backend ray"),
        (["--backend", "ray", "--address", "auto", "--workers", "2"], "gives all of its CPUs"),
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
