"""The analysis runner and report, checked on packs whose answers are known."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import tabletop
from tabletop import Action, ActionSpace, Decision, Game, State, Vis, Zone
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
    alpha_wins: bool = False
    """North wins if they played Alpha at least once, else South wins."""


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
    alpha: bool = False

    def _setup(self) -> None:
        for p in range(2):  # the cards stay in hand: the default _played_card finds them
            self.add_zone(Zone(f"hand{p}", p, Vis.OWNER), [2 * p, 2 * p + 1])
        self.stack.append(Turn(player=0))

    def _legal_actions(self) -> list[Action]:
        p = self.stack[-1].player
        return [PlayCard(2 * p), PlayCard(2 * p + 1)]

    def _apply(self, action: Action) -> None:
        p = self.stack.pop().player
        self.played += 1
        assert isinstance(action, PlayCard)
        self.alpha = self.alpha or action.card == 0
        if self.played == 2 * self.options.rounds:
            if self.options.draw:
                self.finish([0.0, 0.0])
            elif self.options.alpha_wins and not self.alpha:
                self.finish([-1.0, 1.0])
            else:
                self.finish([1.0, -1.0])
        else:
            self.stack.append(Turn(player=1 - p))

    def _describe(self, action: Action) -> str:
        assert isinstance(action, PlayCard)
        return f"Play {CARD_NAMES[action.card]}"

    def _card_info(self, card: int) -> dict[str, Any] | None:
        return {"name": CARD_NAMES[card]}

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, FirstWinsState)
        new.played = self.played
        new.alpha = self.alpha


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


def test_a_game_the_first_player_always_wins_fixed_seats() -> None:
    r = analyze(NAME, 20, ["random", "greedy"], seed=4, rotate=False)
    assert r["games"] == 20 and r["players"] == ["North", "South"]
    assert r["rotate"] is False
    assert r["seating"]["fixed"] == [
        {"seat": 0, "name": "North", "bot": "random"},
        {"seat": 1, "name": "South", "bot": "greedy"},
    ]
    north, south = r["seats"]
    assert (north["wins"], north["rate"], south["wins"]) == (20, 1.0, 0)
    assert north["ci95"] == pytest.approx([0.8389, 1.0], abs=1e-4)
    assert south["ci95"] == pytest.approx([0.0, 0.1611], abs=1e-4)
    fp = r["first_player"]
    # the same bot always moves first: its wins are not the seat's advantage
    assert (fp["wins"], fp["games"], fp["advantage"], fp["advantage_ci95"]) == (20, 20, None, None)
    assert "not rotated" in fp["note"]
    assert [(b["bot"], b["wins"], b["games"]) for b in r["by_bot"]] == [
        ("greedy", 0, 20),
        ("random", 20, 20),
    ]
    assert r["draws"]["wins"] == 0 and r["capped"]["wins"] == 0
    assert r["decisions"] == {"mean": 6.0, "median": 6.0, "min": 6, "max": 6}
    assert r["turns"] == {"mean": 6.0, "median": 6.0, "min": 6, "max": 6}
    assert r["branching"] == {"mean": 2.0, "forced_share": 0.0, "max": 2}
    assert r["lengths"] == [[6, 20]]
    cards = {row["card"]: row for row in r["cards"]}
    assert set(cards) == set(CARD_NAMES)
    assert cards["Alpha"]["owners"] == cards["Beta"]["owners"] == ["North"]
    assert cards["Gamma"]["owners"] == ["South"]
    assert cards["Alpha"]["times"] + cards["Beta"]["times"] == 60  # 3 a game
    assert cards["Alpha"]["played"]["rate"] == cards["Beta"]["played"]["rate"] == 1.0
    assert cards["Gamma"]["played"]["rate"] == cards["Delta"]["played"]["rate"] == 0.0
    assert cards["Gamma"]["games"] + cards["Delta"]["games"] >= 20
    assert [g["index"] for g in r["per_game"]] == list(range(20))
    assert [g["seed"] for g in r["per_game"]] == list(range(4, 24))


def test_seats_rotate_by_default_when_the_bots_differ() -> None:
    r = analyze(NAME, 10, ["random", "greedy"])
    assert r["rotate"] is True and r["seating"]["rotated"] is True
    assert [(b["bot"], b["wins"], b["games"]) for b in r["by_bot"]] == [
        ("greedy", 5, 10),
        ("random", 5, 10),
    ]
    assert r["seats"][0]["wins"] == 10
    cells = {(c["bot"], c["seat"]): (c["wins"], c["games"]) for c in r["by_bot_and_seat"]}
    assert cells == {
        ("greedy", 0): (5, 5),
        ("greedy", 1): (0, 5),
        ("random", 0): (5, 5),
        ("random", 1): (0, 5),
    }
    fp = r["first_player"]
    assert (fp["wins"], fp["advantage"]) == (10, 0.5) and "note" not in fp
    assert fp["advantage_ci95"][0] == pytest.approx(0.5 - 0.2775, abs=1e-4)
    table = format_table(r)
    assert "(seats rotated each game: each bot sits in every seat)" in table
    fixed = format_table(analyze(NAME, 2, ["random", "greedy"], rotate=False))
    assert "(fixed seats: North random, South greedy)" in fixed
    assert "first-player advantage  not measured: the seats were not rotated" in fixed
    # one kind of bot: nothing to rotate, and the advantage is the seat's
    same = analyze(NAME, 4, ["random"])
    assert same["rotate"] is False and same["first_player"]["advantage"] == 0.5


def test_card_statistics_compare_games_with_and_without_the_card() -> None:
    """North wins exactly when they play Alpha at least once (``alpha_wins``)."""
    r = analyze(NAME, 40, ["random"], seed=1, options={"alpha_wins": True})
    cards = {row["card"]: row for row in r["cards"]}
    alpha = cards["Alpha"]
    north_wins = r["seats"][0]["wins"]
    assert alpha["games"] == north_wins and 0 < north_wins < 40
    assert (alpha["played"]["rate"], alpha["not_played"]["rate"]) == (1.0, 0.0)
    assert alpha["not_played"]["games"] == 40 - north_wins
    assert alpha["difference"] == 1.0
    lo, hi = wilson(0, 40 - north_wins)
    assert alpha["not_played"]["ci95"] == [lo, hi]
    # Beta's games are the complement of the all-Alpha games: it is played in every
    # game North lost, so without it North always won
    beta = cards["Beta"]
    assert beta["not_played"]["rate"] == 1.0
    assert alpha["times"] + beta["times"] == 3 * 40
    gamma = cards["Gamma"]
    assert gamma["owners"] == ["South"]
    assert gamma["played"]["games"] + gamma["not_played"]["games"] == 40


def test_a_card_counts_only_when_its_owner_plays_it_from_hand() -> None:
    state = GAME.new_state(seed=0)
    assert state._played_card(PlayCard(0)) == "Alpha"  # North's, in North's hand
    assert state._played_card(PlayCard(2)) is None  # South's card: North only names it


def test_station_assault_counts_the_ship_played_not_its_neighbour(tmp_path: Path) -> None:
    """A placement's ``card`` is the ship it goes next to: never the card played."""
    r = analyze("station_assault", 2, ["random"], seed=3, records=tmp_path)
    names = {row["card"] for row in r["cards"]}
    assert "Space Station" not in names and names
    plays = 0
    for path in tmp_path.glob("games-*.jsonl"):
        for line in path.read_text().splitlines():
            plays += sum(a["kind"] == "play" for a in json.loads(line)["actions"])
    assert sum(row["times"] for row in r["cards"]) == plays


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


def test_the_ray_backend_says_how_to_get_ray(monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    with pytest.raises(tabletop.TabletopError, match=r"pip install 'tabletop\[ray\]'"):
        analyze(NAME, 2, backend="ray")
    with pytest.raises(ValueError, match="backend must be one of local, ray"):
        analyze(NAME, 2, backend="spark")


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


def _saved(directory: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for path in sorted(directory.glob("games-*.jsonl"))
        for line in path.read_text().splitlines()
    ]


def test_records_are_json_lines_that_replay_each_game(tmp_path: Path) -> None:
    r = analyze("toy_pack:GAME", 4, ["greedy", "random"], seed=7, records=tmp_path)
    assert [p.name for p in tmp_path.glob("games-*.jsonl")] == ["games-0000-0000.jsonl"]
    run = json.loads((tmp_path / "run.json").read_text())
    assert (run["seed"], run["bots"], run["rotate"]) == (7, ["greedy", "random"], True)
    saved = sorted(_saved(tmp_path), key=lambda rec: rec["meta"]["index"])
    assert [rec["meta"]["index"] for rec in saved] == [0, 1, 2, 3]
    for rec, game in zip(saved, r["per_game"]):
        final = tabletop.replay(rec)  # each line is a whole record
        assert final.seed == game["seed"] == 7 + rec["meta"]["index"]
        assert final.returns() == game["returns"]
        assert rec["meta"]["bots"] == game["bots"]
    assert r["timing"]["records"] == {"written": 4, "damaged_lines": 0, "duplicate_lines": 0}


def test_a_run_resumes_from_its_records(tmp_path: Path) -> None:
    """An interrupted run keeps what finished; the rerun skips those seeds."""
    whole = analyze("toy_pack:GAME", 8, ["mcts:10", "random"], seed=2)
    calls = []

    def stop_after_three(done: int, total: int) -> None:
        calls.append(done)
        if done == 3:
            raise KeyboardInterrupt  # what Ctrl-C raises between two games

    cut = analyze("toy_pack:GAME", 8, ["mcts:10", "random"], seed=2, records=tmp_path,
                  progress=stop_after_three)  # fmt: skip
    assert cut["interrupted"] == {"finished": 3, "asked": 8} and cut["games"] == 3
    assert len(_saved(tmp_path)) == 3
    # a line cut short by a crash, and a line that is not a game of this run
    with open(tmp_path / "games-0000-0000.jsonl", "a") as fh:
        fh.write(
            '{"format": "tabletop.record/1", "game": "toy_duel", "seed": 2, "meta": {"index": 5, "bots": ["x"]}}\n'
        )
        fh.write('{"format": "tabletop.rec')
    resumed = analyze("toy_pack:GAME", 8, ["mcts:10", "random"], seed=2, records=tmp_path)
    assert resumed["timing"]["resumed"] == 3 and resumed["timing"]["played"] == 5
    assert resumed["timing"]["records"] == {"written": 5, "damaged_lines": 2, "duplicate_lines": 0}
    assert _without_timing(resumed) == _without_timing(whole)
    second = [json.loads(x) for x in (tmp_path / "games-0001-0000.jsonl").read_text().splitlines()]
    assert len(second) == 5  # the resumed session's own file: only the games it played
    # another run's arguments are refused, naming what differs
    with pytest.raises(tabletop.TabletopError, match="another run: its seed is 2"):
        analyze("toy_pack:GAME", 8, ["mcts:10", "random"], seed=3, records=tmp_path)


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
