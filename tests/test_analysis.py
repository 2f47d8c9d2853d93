"""The analysis runner and report, checked on packs whose answers are known."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import tabletop
from tabletop import Action, ActionSpace, Decision, Game, State
from tabletop.analysis import (
    analyze,
    format_markdown,
    format_table,
    seat_bots,
    wilson,
    write_report,
)

# ---------------------------------------------------------------- "First wins"
# Two players take turns; each turn the player plays one of their two cards
# (North: Alpha or Beta; South: Gamma or Delta). After ``rounds`` rounds North
# wins (or, with ``draw``, nobody does). Every game has 2 * rounds decisions,
# 2 * rounds turns and 2 legal actions at every decision.

CARD_NAMES = ["Alpha", "Beta", "Gamma", "Delta"]


@attrs.frozen
class Card:
    name: str


@attrs.frozen
class FirstWinsOptions:
    rounds: int = 3
    draw: bool = False


@attrs.frozen
class PlayCard(Action):
    kind: ClassVar[str] = "play"
    card: int


@attrs.frozen(kw_only=True)
class Turn(Decision):
    kind: ClassVar[str] = "turn"


@attrs.define(kw_only=True, slots=True, eq=False)
class FirstWinsState(State):
    played: int = 0

    def _setup(self) -> None:
        self.stack.append(Turn(player=0))

    def _legal_actions(self) -> list[Action]:
        p = self.stack[-1].player
        return [PlayCard(2 * p), PlayCard(2 * p + 1)]

    def _apply(self, action: Action) -> None:
        p = self.stack.pop().player
        self.played += 1
        if self.played == 2 * self.options.rounds:
            self.finish([0.0, 0.0] if self.options.draw else [1.0, -1.0])
        else:
            self.stack.append(Turn(player=1 - p))

    def _describe(self, action: Action) -> str:
        assert isinstance(action, PlayCard)
        return f"Play {CARD_NAMES[action.card]}"

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, FirstWinsState)
        new.played = self.played


GAME = Game(
    name="first_wins",
    title="First wins",
    version="1.0",
    state_cls=FirstWinsState,
    options_cls=FirstWinsOptions,
    action_space=ActionSpace([(PlayCard, {"card": 4})]),
    decision_classes=[Turn],
    cards={"Cards": [Card(n) for n in CARD_NAMES]},
    player_names=["North", "South"],
    heuristic=lambda s, p: 0.0,
)
NAME = "test_analysis:GAME"


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(20, 20)
    assert lo == pytest.approx(0.8389, abs=1e-4) and hi == 1.0
    assert wilson(0, 10)[0] == 0.0


def test_seats_cycle_and_rotate() -> None:
    assert seat_bots(["mcts", "random"], 2, 5, rotate=False) == ["mcts", "random"]
    assert seat_bots(["mcts", "random"], 2, 5, rotate=True) == ["random", "mcts"]
    assert seat_bots(["a"], 3, 1, rotate=True) == ["a", "a", "a"]
    assert seat_bots(["a", "b"], 3, 1, rotate=True) == ["b", "a", "b"]


def test_a_game_the_first_player_always_wins() -> None:
    r = analyze(NAME, 20, ["random", "greedy"], seed=4)
    assert r["games"] == 20 and r["players"] == ["North", "South"]
    north, south = r["seats"]
    assert (north["wins"], north["rate"], south["wins"]) == (20, 1.0, 0)
    assert north["ci95"] == pytest.approx([0.8389, 1.0], abs=1e-4)
    assert south["ci95"] == pytest.approx([0.0, 0.1611], abs=1e-4)
    fp = r["first_player"]
    assert (fp["wins"], fp["games"], fp["advantage"]) == (20, 20, 0.5)
    assert fp["advantage_ci95"][0] == pytest.approx(0.3389, abs=1e-4)
    assert [(b["bot"], b["wins"], b["games"]) for b in r["by_bot"]] == [
        ("greedy", 0, 20),
        ("random", 20, 20),
    ]
    assert r["draws"]["wins"] == 0 and r["capped"]["wins"] == 0
    assert r["decisions"] == {"mean": 6.0, "median": 6.0, "min": 6, "max": 6}
    assert r["turns"] == {"mean": 6.0, "median": 6.0, "min": 6, "max": 6}
    assert r["branching"] == {"mean": 2.0, "forced_share": 0.0, "max": 2}
    cards = {row["card"]: row for row in r["cards"]}
    assert set(cards) == set(CARD_NAMES)
    assert all(row["action"] == "play" for row in r["cards"])
    assert cards["Alpha"]["times"] + cards["Beta"]["times"] == 60  # 3 a game
    assert cards["Alpha"]["win_rate"] == cards["Beta"]["win_rate"] == 1.0
    assert cards["Gamma"]["win_rate"] == cards["Delta"]["win_rate"] == 0.0
    assert cards["Gamma"]["games"] + cards["Delta"]["games"] >= 20
    assert [g["index"] for g in r["per_game"]] == list(range(20))
    assert [g["seed"] for g in r["per_game"]] == list(range(4, 24))


def test_rotation_separates_the_seat_from_the_bot() -> None:
    r = analyze(NAME, 10, ["random", "greedy"], rotate=True)
    assert [(b["bot"], b["wins"], b["games"]) for b in r["by_bot"]] == [
        ("greedy", 5, 10),
        ("random", 5, 10),
    ]
    assert r["seats"][0]["wins"] == 10
    cells = {(c["bot"], c["seat"]): c["wins"] for c in r["by_bot_and_seat"]}
    assert cells == {("greedy", 0): 5, ("greedy", 1): 0, ("random", 0): 5, ("random", 1): 0}


def test_draws_and_cap_outs() -> None:
    r = analyze(NAME, 8, ["random"], options={"draw": True, "rounds": 2})
    assert r["draws"]["wins"] == 8 and r["draws"]["rate"] == 1.0
    assert [s["wins"] for s in r["seats"]] == [0, 0]
    assert r["first_player"]["advantage"] == -0.5
    assert r["decisions"]["max"] == 4
    r = analyze(NAME, 5, ["random"], max_steps=3)
    assert r["capped"]["wins"] == 5 and r["draws"]["wins"] == 0
    assert [s["wins"] for s in r["seats"]] == [0, 0]
    assert r["decisions"]["max"] == 3 and r["turns"]["max"] == 3


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="n must be"):
        analyze(NAME, 0)
    with pytest.raises(ValueError, match="workers"):
        analyze(NAME, 1, workers=0)
    with pytest.raises(tabletop.TabletopError, match="unknown bot"):
        analyze(NAME, 1, ["genius"])
    with pytest.raises(tabletop.UnknownGameError):
        analyze("no_such_game", 1)


def _without_timing(report: dict[str, Any]) -> str:
    report = dict(report)
    assert report.pop("timing")["workers"] >= 1
    return json.dumps(report, sort_keys=True)


def test_same_seed_same_report_whatever_the_number_of_workers(tmp_path: Path) -> None:
    runs = [
        analyze("toy_pack:GAME", 6, ["mcts:15", "random"], seed=3, workers=w, rotate=True)
        for w in (1, 3)
    ]
    assert _without_timing(runs[0]) == _without_timing(runs[1])
    assert runs[1]["timing"]["workers"] == 3
    assert runs[0]["by_bot"][0]["bot"] == "mcts:15"


def test_records_replay_each_game(tmp_path: Path) -> None:
    r = analyze("toy_pack:GAME", 4, ["greedy", "random"], seed=7, records=tmp_path)
    index = json.loads((tmp_path / "index.json").read_text())
    assert [e["file"] for e in index] == [f"game-{i:05d}.json" for i in range(4)]
    for entry, game in zip(index, r["per_game"]):
        final = tabletop.replay((tmp_path / entry["file"]).read_text())
        assert final.seed == entry["seed"] == game["seed"]
        assert final.returns() == entry["returns"] == game["returns"]
        assert entry["bots"] == ["greedy", "random"]


def test_table_markdown_json_and_plots(tmp_path: Path) -> None:
    r = analyze(NAME, 6, ["random"])
    table = format_table(r)
    assert "First wins (first_wins 1.0): 6 games from seed 0, bots random" in table
    assert "0     North   6     6      100.0%  [ 61.0%, 100.0%]" in table
    assert "first-player advantage  +50.0 points [+11.0, +50.0]" in table
    assert "decisions per game      mean 6.0, median 6, max 6" in table
    assert "branching factor        mean 2.00 legal actions, max 2, 0.0% forced" in table
    md = format_markdown(r)
    assert md.startswith("# Analysis: First wins")
    assert "| 0 | North | 6 | 6 | 100.0%  [ 61.0%, 100.0%] |" in md
    paths = write_report(r, tmp_path / "out")
    assert json.loads((tmp_path / "out" / "report.json").read_text())["games"] == 6
    text = (tmp_path / "out" / "report.md").read_text()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert "Plots skipped: matplotlib is not installed" in text
        assert len(paths) == 2
    else:
        assert {Path(p).name for p in paths[2:]} == {"win_rates.png", "lengths.png", "cards.png"}
        assert "![win_rates](win_rates.png)" in text


def test_more_than_two_players() -> None:
    r = analyze("station_assault", 1, ["random"], options={"mode": "free_for_all", "players": 3})
    assert len(r["seats"]) == 3 and r["cards"] is not None
    assert sum(s["wins"] for s in r["seats"]) + r["draws"]["wins"] + r["capped"]["wins"] >= 1
