"""The ladder: ratings, side-aware seating, a real round robin, its records, the CLI, the docs page."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import tabletop
from tabletop.analysis import GameTask, play_game, seat_bots
from tabletop.analysis.ladder import (
    LADDER_FORMAT,
    LadderError,
    bot_slug,
    committed_ladder,
    format_ladder,
    ladder,
    ladder_markdown,
    ladder_svg,
    pack_dir,
    pair_dir,
)
from tabletop.analysis.play import seat_sides
from tabletop.analysis.ratings import ELO, Pairing, fit_ratings, pick_anchor, score_interval
from tabletop.analysis.stats import wilson
from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAME = "station_assault"  # random against greedy: a game in well under a second
TWO = ["random", "greedy"]


def rating(rows: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    return next(r for r in rows if r["bot"] == bot)


# ---------------------------------------------------------------- ratings
def test_two_bots_15_5_rate_as_the_prior_says() -> None:
    """15-5 plus one virtual draw (half a win each): odds 15.5 to 5.5, and the Wald
    interval of a single log-odds estimated from 21 games."""
    rows = fit_ratings(["random", "greedy"], [Pairing("random", "greedy", 5, 15)])
    greedy = rating(rows, "greedy")
    assert greedy["rating"] == pytest.approx(400 * math.log10(15.5 / 5.5), rel=1e-9)
    p = 15.5 / 21
    half = 1.96 * ELO / math.sqrt(21 * p * (1 - p))
    assert greedy["low"] == pytest.approx(greedy["rating"] - half, rel=1e-9)
    assert greedy["high"] == pytest.approx(greedy["rating"] + half, rel=1e-9)
    assert rating(rows, "random") == {
        "bot": "random", "rating": 0.0, "low": 0.0, "high": 0.0, "score": 0.25, "games": 20,
    }  # fmt: skip
    assert [r["bot"] for r in rows] == ["greedy", "random"]
    assert greedy["score"] == 0.75 and greedy["games"] == 20


def test_a_clean_sweep_is_finite_and_draws_are_half_a_win() -> None:
    sweep = fit_ratings(["a", "b"], [Pairing("a", "b", 20, 0)])
    assert rating(sweep, "b")["rating"] == pytest.approx(-400 * math.log10(20.5 / 0.5), rel=1e-9)
    # 10 wins, 0 losses and 10 draws: 15 + 0.5 against 5 + 0.5, as 15-5 without draws
    drawn = fit_ratings(["b", "a"], [Pairing("a", "b", 10, 0, draws=10)])
    assert rating(drawn, "a")["rating"] == pytest.approx(400 * math.log10(15.5 / 5.5), rel=1e-9)
    assert rating(drawn, "a")["score"] == 0.75


def test_symmetric_results_give_equal_ratings() -> None:
    cycle = [Pairing("a", "b", 6, 4), Pairing("b", "c", 6, 4), Pairing("c", "a", 6, 4)]
    rows = fit_ratings(["a", "b", "c"], cycle)
    for r in rows:
        assert r["rating"] == pytest.approx(0.0, abs=1e-9)
        assert r["score"] == 0.5
    assert rating(rows, "b")["high"] == pytest.approx(-rating(rows, "b")["low"], rel=1e-9)
    assert rating(rows, "b")["high"] == pytest.approx(rating(rows, "c")["high"], rel=1e-9)


def test_four_times_the_games_narrow_the_intervals() -> None:
    def width(wins: int, losses: int) -> float:
        r = rating(fit_ratings(["random", "x"], [Pairing("x", "random", wins, losses)]), "x")
        return float(r["high"] - r["low"])

    assert width(60, 20) < width(15, 5)
    assert width(60, 20) == pytest.approx(width(15, 5) / 2, rel=0.05)  # about 1/sqrt(4)


def test_a_transitive_three_bot_case_orders_them() -> None:
    results = [
        Pairing("random", "greedy", 4, 16),
        Pairing("greedy", "mcts", 6, 14),
        Pairing("random", "mcts", 1, 19),
    ]
    rows = fit_ratings(["greedy", "mcts", "random"], results)
    assert [r["bot"] for r in rows] == ["mcts", "greedy", "random"]
    assert rating(rows, "random")["rating"] == 0.0  # the anchor, though not named first
    assert 0 < rating(rows, "greedy")["low"] < rating(rows, "greedy")["rating"]
    assert rating(rows, "mcts")["rating"] > rating(rows, "greedy")["rating"] > 0
    assert rating(rows, "mcts")["games"] == 40 and rating(rows, "mcts")["score"] == 33 / 40


def test_anchor_and_bad_inputs() -> None:
    assert pick_anchor(["greedy", "random"]) == "random"
    assert pick_anchor(["greedy", "mcts"]) == "greedy"
    rows = fit_ratings(["greedy", "mcts"], [Pairing("greedy", "mcts", 2, 8)])
    assert rating(rows, "greedy")["rating"] == 0.0
    with pytest.raises(ValueError, match="never played"):
        fit_ratings(["a", "b", "c", "d"], [Pairing("a", "b", 1, 1), Pairing("c", "d", 1, 1)])
    with pytest.raises(ValueError, match="at least two bots"):
        fit_ratings(["a"], [])
    with pytest.raises(ValueError, match="does not pair two of the bots"):
        fit_ratings(["a", "b"], [Pairing("a", "z", 1, 1)])


def test_score_interval_is_wilson_and_takes_half_points() -> None:
    assert score_interval(7, 10) == wilson(7, 10)
    lo, hi = score_interval(7.5, 10)
    assert wilson(7, 10)[0] < lo < wilson(8, 10)[0] and wilson(7, 10)[1] < hi < wilson(8, 10)[1]


# ---------------------------------------------------------------- seating
def test_seats_of_one_side_get_one_bot() -> None:
    # Rebellion with 3 players: the Rebel against two Imperial seats
    rr = tabletop.load("rebellion_rote").new_state(seed=1, options={"players": 3})
    assert seat_sides(rr) == [0, 1, 1]
    assert seat_bots(["a", "b"], 3, 0, True, [0, 1, 1]) == ["a", "b", "b"]
    assert seat_bots(["a", "b"], 3, 1, True, [0, 1, 1]) == ["b", "a", "a"]
    assert seat_bots(["a", "b"], 3, 1, False, [0, 1, 1]) == ["a", "b", "b"]
    # Space Station Assault's team game: seats 0 and 2 against 1 and 3
    sa = tabletop.load("station_assault").new_state(seed=1, options={"mode": "teams", "players": 4})
    assert seat_sides(sa) == [0, 1, 0, 1]
    assert seat_bots(["a", "b"], 4, 0, True, seat_sides(sa)) == ["a", "b", "a", "b"]
    assert seat_bots(["a", "b"], 4, 3, True, seat_sides(sa)) == ["b", "a", "b", "a"]
    assert seat_bots(["a", "b", "c"], 4, 2, True, [0, 1, 0, 1]) == ["c", "a", "c", "a"]
    # without sides every seat is a side, as before
    assert seat_bots(["a", "b"], 3, 1, True) == ["b", "a", "b"]
    assert seat_bots(["a", "b"], 3, 1, True, [0, 1, 2]) == ["b", "a", "b"]
    with pytest.raises(ValueError, match="sides names 2 seats"):
        seat_bots(["a", "b"], 3, 0, True, [0, 1])


def test_a_team_game_seats_each_team_with_one_bot() -> None:
    task = GameTask(
        "station_assault", {"mode": "teams", "players": 4}, 0, 1, ("random", "greedy"),
        rotate=True, cards=False,
    )  # fmt: skip
    result = play_game(task)
    assert result["bots"] == ["greedy", "random", "greedy", "random"]
    assert result["terminal"] and result["winners"] in ([0, 2], [1, 3])


# ---------------------------------------------------------------- a real ladder
def _steady(result: dict[str, Any]) -> dict[str, Any]:
    """The result without what differs between runs (when, where, how fast)."""
    out = dict(result)
    out.pop("run")
    out["pairs"] = [{k: v for k, v in p.items() if k != "seconds"} for p in result["pairs"]]
    return out


def test_a_ladder_is_the_same_for_the_same_seed_on_one_or_two_workers() -> None:
    seen: list[tuple[int, int]] = []
    one = ladder(GAME, TWO, 4, seed=0, workers=1, progress=lambda d, t: seen.append((d, t)))
    two = ladder(GAME, TWO, 4, seed=0, workers=2)
    assert _steady(one) == _steady(two)
    assert (one["run"]["workers"], two["run"]["workers"]) == (1, 2)
    assert seen[-1] == (4, 4)
    assert one["format"] == LADDER_FORMAT and one["game"] == GAME and one["n"] == 4
    assert one["command"] == "tabletop ladder station_assault --bots random,greedy -n 4 --seed 0"
    (pair,) = one["pairs"]
    assert pair["bots"] == TWO and pair["wins"] == [0, 4] and pair["games"] == 4
    assert (pair["draws"], pair["capped"]) == (0, 0)
    assert pair["score"]["rate"] == 0.0 and pair["score"]["ci95"] == list(wilson(0, 4))
    # the bots trade sides every game: each played each side twice
    assert {(s["side"], s["bot"]): (s["games"], s["wins"]) for s in pair["by_side"]} == {
        (0, "greedy"): (2, 2), (0, "random"): (2, 0), (1, "greedy"): (2, 2), (1, "random"): (2, 0),
    }  # fmt: skip
    greedy = rating(one["ratings"], "greedy")
    assert greedy["rating"] == pytest.approx(400 * math.log10(4.5 / 0.5), rel=1e-9)
    assert one["matrix"] == {
        "bots": TWO, "score": [[None, 0.0], [1.0, None]], "games": [[0, 4], [4, 0]],
    }  # fmt: skip
    assert one["run"]["machine"]["cpus"] and len(one["run"]["date"]) == 10


def test_a_ladder_on_ray_equals_the_local_one() -> None:
    ray = pytest.importorskip("ray")
    local = ladder(GAME, ["random", "greedy", "mcts:5"], 2, seed=3)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = ladder(GAME, ["random", "greedy", "mcts:5"], 2, seed=3, backend="ray")
    finally:
        ray.shutdown()
    assert _steady(on_ray) == _steady(local)
    assert on_ray["run"]["backend"] == "ray" and len(on_ray["pairs"]) == 3


def test_records_go_to_one_folder_per_pair_and_resume(tmp_path: Path) -> None:
    first = ladder(GAME, TWO, 3, seed=5, records=tmp_path)
    folder = pair_dir(tmp_path, "random", "greedy")
    assert folder == tmp_path / "random--greedy"
    assert first["pairs"][0]["records"] == str(folder)
    assert json.loads((folder / "run.json").read_text())["bots"] == TWO
    lines = (folder / "games-0000-0000.jsonl").read_text().splitlines()
    assert [json.loads(line)["meta"]["index"] for line in lines] == [0, 1, 2]
    again = ladder(GAME, TWO, 3, seed=5, records=tmp_path)
    assert (again["run"]["played"], again["run"]["resumed"]) == (0, 3)
    assert _steady(again) == _steady(first)
    longer = ladder(GAME, TWO, 4, seed=5, records=tmp_path)
    assert (longer["run"]["played"], longer["run"]["resumed"]) == (1, 3)
    assert longer["pairs"][0]["games"] == 4
    assert bot_slug("mcts:200") == "mcts-200" and bot_slug("my.bots:Strong") == "my.bots-strong"


def test_ctrl_c_keeps_what_finished() -> None:
    def stop(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    result = ladder(GAME, ["random", "greedy", "mcts:5"], 3, progress=stop)
    assert result["interrupted"] == {"finished": 2, "asked": 9}
    assert [p["games"] for p in result["pairs"]] == [2]
    assert result["ratings"] == []  # mcts:5 has not played: no common scale yet
    assert "interrupted: 2 of 9 games finished" in format_ladder(result)


def test_bad_ladders_say_what_to_do() -> None:
    with pytest.raises(LadderError, match="at least two distinct bots"):
        ladder(GAME, ["random", " random "], 2)
    with pytest.raises(LadderError, match="at least 1 game per pair"):
        ladder(GAME, TWO, 0)
    with pytest.raises(tabletop.TabletopError, match="unknown bot 'nobody'"):
        ladder(GAME, ["random", "nobody"], 2)
    with pytest.raises(LadderError, match="differ only in case or punctuation"):
        ladder(GAME, ["mcts:5", "MCTS:5", "random"], 2)  # one folder on macOS


# ---------------------------------------------------------------- showing it
def _small() -> dict[str, Any]:
    data = committed_ladder(tabletop.load(GAME))
    assert data is not None
    return data


def test_the_committed_results_are_found_and_shown() -> None:
    for pack in ("rebel_space", "station_assault"):
        game = tabletop.load(pack)
        assert pack_dir(game) == ROOT / "games" / pack
        data = committed_ladder(game)
        assert data is not None and data["game"] == pack and data["format"] == LADDER_FORMAT
        assert data["command"].startswith(f"tabletop ladder {pack} --bots ")
    import toy_pack

    assert committed_ladder(toy_pack.GAME) is None  # a lone module: no pack folder
    data = _small()
    text = format_ladder(data)
    assert "Rank  Bot" in text and "95% interval" in text and "anchor" in text
    md = ladder_markdown(data)
    assert "| Rank | Bot | Elo | 95% interval | Score | Games |" in md
    assert data["command"] in md
    svg = ElementTree.fromstring(ladder_svg(data))
    circles = list(svg.iter("{http://www.w3.org/2000/svg}circle"))
    assert len(circles) == len(data["ratings"])


def _packdocs() -> Any:
    path = ROOT / "docs" / "hooks" / "packdocs.py"
    spec = importlib.util.spec_from_file_location("packdocs_ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["packdocs_ladder"] = module
    spec.loader.exec_module(module)
    return module


def test_a_pack_with_a_committed_ladder_gets_its_page() -> None:
    packdocs = _packdocs()
    game = tabletop.load(GAME)
    page = packdocs.ladder_page(game)
    data = _small()
    assert page.startswith("# Space Station Assault: bot ladder")
    assert "<svg" in page and "`make ladder`" in page and data["run"]["date"] in page
    for r in data["ratings"]:
        assert f"| `{r['bot']}` | {r['rating']:+.0f} |" in page
    assert "[Bot ladder](ladder.md)" in packdocs.overview_page(game)
    import toy_pack

    assert packdocs.ladder_page(toy_pack.GAME) is None
    assert "ladder.md" not in packdocs.overview_page(toy_pack.GAME)


# ---------------------------------------------------------------- the command line
def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_prints_the_tables_and_writes_the_files(tmp_path: Path, capsys: Any) -> None:
    code, text = run(
        "ladder", GAME, "--bots", "random,greedy", "-n", "2", "--out", str(tmp_path / "out"),
        "--save-records", str(tmp_path / "rec"),
    )  # fmt: skip
    assert code == 0
    assert text.startswith(
        "Space Station Assault (station_assault 1.0.0): ladder of 2 bots, 2 games per pair "
        "(1 pair), seed 0\n"
    )
    assert "  Rank  Bot      Elo  95% interval  Score  Games\n" in text
    assert "     2  random    +0  anchor           0%      2\n" in text
    assert "  random      0%       -\n" in text
    assert f"game records in {tmp_path / 'rec'}/<bot>--<bot>/" in text
    assert "2/2 games" in capsys.readouterr().err  # the progress bar
    for name in ("ladder.json", "ladder.md", "ladder.svg"):
        assert (tmp_path / "out" / name).is_file()
    assert (tmp_path / "rec" / "random--greedy" / "run.json").is_file()
    saved = json.loads((tmp_path / "out" / "ladder.json").read_text())
    code, text = run("ladder", GAME, "--bots", "random,greedy", "-n", "2", "--json", "--quiet")
    assert code == 0
    printed = _steady(json.loads(text))
    assert printed["pairs"][0].pop("records") is None
    assert _steady(saved)["pairs"][0].pop("records") == str(tmp_path / "rec" / "random--greedy")
    saved_steady = _steady(saved)
    saved_steady["pairs"][0].pop("records")
    assert printed == saved_steady


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random"], "at least two distinct bots, got random"),
        (["--bots", "greedy,greedy"], "at least two distinct bots, got greedy, greedy"),
        (["-n", "0"], "-n must be at least 1"),
        (["--max-steps", "0"], "--max-steps must be at least 1"),
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--options", "[1]"], "--options must be a JSON object"),
        (["--address", "auto"], "use it with --backend ray"),
    ],
)
def test_cli_bad_arguments(argv: list[str], message: str, capsys: Any) -> None:
    assert run("ladder", GAME, "--quiet", *argv)[0] == 2
    assert message in capsys.readouterr().err
