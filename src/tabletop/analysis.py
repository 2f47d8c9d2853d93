"""Game analysis: many bot-vs-bot games, in parallel, and a balance report.

>>> from tabletop.analysis import analyze, format_table
>>> report = analyze("station_assault", n=20, bots=["mcts", "random"], workers=2)  # doctest: +SKIP
>>> print(format_table(report))                                                    # doctest: +SKIP

Game ``i`` (``0 <= i < n``) is always played from seed ``seed + i`` with bots
seeded from ``(seed, i, seat)``, in whichever worker process runs it, and the
results are sorted by game index before they are summed: the report is the
same for the same seed whatever the number of workers, as long as the bots'
budgets are in iterations (a bot with a time budget, ``mcts:0.05s``, searches
as far as the machine allows, so its games differ between runs).

The report gives, from the contract alone:

* wins per seat, per bot and per bot in each seat, with 95% Wilson intervals;
* the first player's advantage: the win rate of the player who makes the
  first decision of the game, minus a fair share ``1 / players``;
* draws (every player has the same return) and cap-outs (games stopped
  unfinished after ``max_steps`` decisions);
* game length in decisions and in turns (a turn is a run of consecutive
  decisions by the same player), mean, median and max;
* the branching factor: the mean number of legal actions per decision, and
  the share of forced decisions (a single legal action);
* for card games (``GAME.cards`` not empty), per-card statistics: each chosen
  action that has fields (not a bare "pass") is attributed to a card: by
  name when the action has a ``card`` field and the pack gives the card's
  public facts (``state._card_info(card)["name"]``, the hook views use), or
  else to the first card name (from ``GAME.cards``) that the action's
  description mentions ("Deploy Rebel Warship (cost 3)" counts as a
  *deploy* of *Rebel Warship*). Each row counts how often the action was
  chosen, in how many games, and the win rate of the players who chose it at
  least once in a game.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import attrs

from . import registry
from .bots.factory import make_bot
from .game import Game
from .model import Action
from .state import State

__all__ = [
    "GameTask",
    "analyze",
    "bot_seed",
    "format_table",
    "play_game",
    "seat_bots",
    "summarise",
    "wilson",
    "write_report",
]

Progress = Callable[[int, int], None]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # the interval always contains p (guard against rounding at p = 0 or 1)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` of a run from ``seed``."""
    return ((seed + index) * 7919 + seat) & ((1 << 63) - 1)


def seat_bots(bots: Sequence[str], num_players: int, index: int, rotate: bool) -> list[str]:
    """The bot spec of each seat in game ``index`` (cycled; rotated by game if asked)."""
    shift = index if rotate else 0
    return [bots[(p + shift) % len(bots)] for p in range(num_players)]


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play game ``index`` of a run."""

    game: str
    options: dict[str, Any] | None
    seed: int
    index: int
    bots: tuple[str, ...]
    max_steps: int = 5000
    rotate: bool = False
    record: bool = False


# ---------------------------------------------------------------- cards
_NAME_PATTERNS: dict[str, re.Pattern[str] | None] = {}


def _card_pattern(game: Game) -> re.Pattern[str] | None:
    if game.name not in _NAME_PATTERNS:
        names = {
            str(getattr(card, "name", ""))
            for table in game.cards.values()
            for card in table
            if getattr(card, "name", "")
        }
        if names:
            alts = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
            _NAME_PATTERNS[game.name] = re.compile(rf"(?<!\w)(?:{alts})(?!\w)")
        else:
            _NAME_PATTERNS[game.name] = None
    return _NAME_PATTERNS[game.name]


def card_of(state: State, action: Action) -> str | None:
    """The card name an action is attributed to (see the module docstring), or ``None``."""
    card = getattr(action, "card", None)
    if (
        isinstance(card, int)
        and not isinstance(card, bool)
        and type(state)._card_info is not State._card_info
    ):
        info = state._card_info(card)
        if info is not None and info.get("name"):
            return str(info["name"])
    pattern = _card_pattern(state.game)
    if pattern is None or not attrs.fields(type(action)):
        return None  # no card table, or an action about nothing in particular (pass)
    m = pattern.search(state.describe(action))
    return m.group(0) if m else None


# ---------------------------------------------------------------- one game
def play_game(task: GameTask) -> dict[str, Any]:
    """Play one game of a run; a JSON-able result (the worker's job)."""
    started = time.perf_counter()
    game = registry.load(task.game)
    state = game.new_state(seed=task.seed + task.index, options=task.options)
    np = state.num_players
    specs = seat_bots(task.bots, np, task.index, task.rotate)
    bots = [make_bot(specs[p], bot_seed(task.seed, task.index, p)) for p in range(np)]
    cards = bool(game.cards)
    plays: list[dict[str, int]] = [{} for _ in range(np)]
    decisions = turns = legal_sum = forced = 0
    most_legal = 0
    first = state.current_player
    last: int | None = None
    while not state.is_terminal and decisions < task.max_steps:
        cp = state.current_player
        assert cp is not None
        n_legal = len(state.legal_actions())
        legal_sum += n_legal
        forced += n_legal == 1
        most_legal = max(most_legal, n_legal)
        action = bots[cp].choose(state)
        if cards:
            name = card_of(state, action)
            if name is not None:
                key = f"{action.kind}|{name}"
                plays[cp][key] = plays[cp].get(key, 0) + 1
        if cp != last:
            turns += 1
            last = cp
        state.apply(action)
        decisions += 1
    returns = state.returns()
    terminal = state.is_terminal
    top = max(returns)
    draw = terminal and returns.count(top) == np
    winners = [] if not terminal or draw else [p for p in range(np) if returns[p] == top]
    out: dict[str, Any] = {
        "index": task.index,
        "seed": task.seed + task.index,
        "bots": specs,
        "returns": returns,
        "terminal": terminal,
        "draw": draw,
        "winners": winners,
        "first_player": first,
        "decisions": decisions,
        "turns": turns,
        "legal_sum": legal_sum,
        "forced": forced,
        "max_legal": most_legal,
        "plays": plays,
        "seconds": time.perf_counter() - started,
    }
    if task.record:
        out["record"] = state.record()
    return out


# ---------------------------------------------------------------- a run
def analyze(
    game: str,
    n: int,
    bots: Sequence[str] = ("random",),
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    max_steps: int = 5000,
    rotate: bool = False,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``n`` games of ``game`` (a pack name or ``"module:attr"``); the report.

    ``bots`` are bot specs (:func:`tabletop.bots.make_bot`), one per seat,
    cycled; with ``rotate`` game ``i`` shifts them by ``i`` seats, so each bot
    plays every seat. ``workers`` > 1 plays games in that many processes.
    ``records`` names a directory that receives the record of every game
    (``game-00000.json``, replayable with ``tabletop replay``) and an
    ``index.json`` of seeds, bots and returns.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    specs = tuple(b.strip() for b in bots if b.strip()) or ("random",)
    g = registry.load(game)
    for i, spec in enumerate(specs):
        make_bot(spec, i)  # a bad spec fails here, not in a worker
    opts = g.unstructure_options(g.make_options(options))
    tasks = [
        GameTask(game, opts, seed, i, specs, max_steps, rotate, records is not None)
        for i in range(n)
    ]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    if workers == 1 or n == 1:
        for task in tasks:
            results.append(play_game(task))
            if progress is not None:
                progress(len(results), n)
    else:
        from multiprocessing import get_context

        with get_context("spawn").Pool(min(workers, n)) as pool:
            for result in pool.imap_unordered(play_game, tasks):
                results.append(result)
                if progress is not None:
                    progress(len(results), n)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: int(r["index"]))
    if records is not None:
        _save_records(Path(records), results)
    report = summarise(g, results, bots=specs, seed=seed, options=opts, rotate=rotate)
    report["timing"] = {
        "workers": workers,
        "seconds": elapsed,
        "games_per_second": n / max(elapsed, 1e-9),
        "decisions_per_second": sum(r["decisions"] for r in results) / max(elapsed, 1e-9),
        "mean_seconds_per_game": statistics.fmean(r["seconds"] for r in results),
    }
    return report


def _save_records(path: Path, results: Sequence[dict[str, Any]]) -> None:
    path.mkdir(parents=True, exist_ok=True)
    index = []
    for r in results:
        name = f"game-{r['index']:05d}.json"
        (path / name).write_text(json.dumps(r["record"], indent=1) + "\n", encoding="utf-8")
        index.append(
            {
                "file": name,
                "index": r["index"],
                "seed": r["seed"],
                "bots": r["bots"],
                "returns": r["returns"],
                "terminal": r["terminal"],
            }
        )
    (path / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


def _rate(wins: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {
        "wins": wins,
        "games": games,
        "rate": wins / games if games else 0.0,
        "ci95": [lo, hi],
    }


def _spread(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": min(values),
        "max": max(values),
    }


def summarise(
    game: Game,
    results: Sequence[dict[str, Any]],
    *,
    bots: Sequence[str],
    seed: int,
    options: dict[str, Any] | None,
    rotate: bool,
) -> dict[str, Any]:
    """The report of a run from its per-game results (sorted by index)."""
    n = len(results)
    np = len(results[0]["returns"]) if results else game.num_players(options)
    names = [game.player_name(p, game.make_options(options)) for p in range(np)]
    seat_wins = [0] * np
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, int] = {}
    bot_seat: dict[tuple[str, int], list[int]] = {}
    first_games = first_wins = 0
    draws = capped = 0
    decisions: list[int] = []
    turns: list[int] = []
    legal_sum = forced = most_legal = 0
    cards: dict[str, dict[str, Any]] = {}
    for r in results:
        winners = set(r["winners"])
        draws += bool(r["draw"])
        capped += not r["terminal"]
        decisions.append(r["decisions"])
        turns.append(r["turns"])
        legal_sum += r["legal_sum"]
        forced += r["forced"]
        most_legal = max(most_legal, r["max_legal"])
        for p in range(np):
            won = p in winners
            seat_wins[p] += won
            spec = r["bots"][p]
            bot_games[spec] = bot_games.get(spec, 0) + 1
            bot_wins[spec] = bot_wins.get(spec, 0) + won
            cell = bot_seat.setdefault((spec, p), [0, 0])
            cell[0] += won
            cell[1] += 1
            for key, count in r["plays"][p].items():
                kind, _, card = key.partition("|")
                row = cards.setdefault(
                    key, {"card": card, "action": kind, "times": 0, "games": 0, "wins": 0}
                )
                row["times"] += count
                row["games"] += 1
                row["wins"] += won
        if r["first_player"] is not None:
            first_games += 1
            first_wins += r["first_player"] in winners
    first = _rate(first_wins, first_games)
    first["advantage"] = first["rate"] - 1 / np
    first["advantage_ci95"] = [first["ci95"][0] - 1 / np, first["ci95"][1] - 1 / np]
    total_decisions = sum(decisions)
    card_rows = []
    for row in sorted(cards.values(), key=lambda c: (c["action"], -c["times"], c["card"])):
        lo, hi = wilson(row["wins"], row["games"])
        card_rows.append(
            {
                **row,
                "per_game": row["times"] / max(n, 1),
                "win_rate": row["wins"] / row["games"],
                "ci95": [lo, hi],
            }
        )
    return {
        "game": game.name,
        "title": game.title,
        "version": game.version,
        "games": n,
        "seed": seed,
        "bots": list(bots),
        "rotate": rotate,
        "options": options,
        "players": names,
        "seats": [{"seat": p, "name": names[p], **_rate(seat_wins[p], n)} for p in range(np)],
        "by_bot": [{"bot": b, **_rate(bot_wins[b], bot_games[b])} for b in sorted(bot_games)],
        "by_bot_and_seat": [
            {"bot": b, "seat": p, "name": names[p], **_rate(w, g)}
            for (b, p), (w, g) in sorted(bot_seat.items())
        ],
        "first_player": first,
        "draws": _rate(draws, n),
        "capped": _rate(capped, n),
        "decisions": _spread(decisions),
        "turns": _spread(turns),
        "branching": {
            "mean": legal_sum / max(total_decisions, 1),
            "forced_share": forced / max(total_decisions, 1),
            "max": most_legal,
        },
        "cards": card_rows if game.cards else None,
        "per_game": [
            {
                k: r[k]
                for k in ("index", "seed", "bots", "returns", "terminal", "decisions", "turns")
            }
            for r in results
        ],
    }


# ---------------------------------------------------------------- output
def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(rate: dict[str, Any]) -> str:
    lo, hi = rate["ci95"]
    return f"{_pct(rate['rate'])}  [{_pct(lo)}, {_pct(hi)}]"


def _lines(report: dict[str, Any], top_cards: int) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report's sections as (title, header, rows), shared by text and markdown."""
    sections: list[tuple[str, list[str], list[list[str]]]] = []
    sections.append(
        (
            "Wins per seat (95% Wilson interval)",
            ["seat", "player", "wins", "games", "win rate [95% CI]"],
            [
                [str(s["seat"]), s["name"], str(s["wins"]), str(s["games"]), _ci(s)]
                for s in report["seats"]
            ],
        )
    )
    sections.append(
        (
            "Wins per bot and seat",
            ["bot", "seat", "wins", "games", "win rate [95% CI]"],
            [
                [b["bot"], f"{b['seat']} {b['name']}", str(b["wins"]), str(b["games"]), _ci(b)]
                for b in report["by_bot_and_seat"]
            ]
            + [
                [b["bot"], "all", str(b["wins"]), str(b["games"]), _ci(b)] for b in report["by_bot"]
            ],
        )
    )
    fp = report["first_player"]
    lo, hi = fp["advantage_ci95"]
    d, t, br = report["decisions"], report["turns"], report["branching"]
    sections.append(
        (
            "Balance and length",
            ["measure", "value"],
            [
                ["first player wins", _ci(fp)],
                [
                    "first-player advantage",
                    f"{100 * fp['advantage']:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]",
                ],
                ["draws", f"{report['draws']['wins']} ({_pct(report['draws']['rate'])})"],
                [
                    "cap-outs (unfinished)",
                    f"{report['capped']['wins']} ({_pct(report['capped']['rate'])})",
                ],
                [
                    "decisions per game",
                    f"mean {d['mean']:.1f}, median {d['median']:g}, max {d['max']}",
                ],
                ["turns per game", f"mean {t['mean']:.1f}, median {t['median']:g}, max {t['max']}"],
                [
                    "branching factor",
                    f"mean {br['mean']:.2f} legal actions, max {br['max']}, "
                    f"{_pct(br['forced_share']).strip()} forced",
                ],
            ],
        )
    )
    if report["cards"]:
        rows = sorted(report["cards"], key=lambda c: (-c["times"], c["action"], c["card"]))
        sections.append(
            (
                f"Cards (the {min(top_cards, len(rows))} most chosen of {len(rows)} card actions)",
                ["card", "action", "times", "per game", "games", "win rate when chosen"],
                [
                    [
                        c["card"],
                        c["action"],
                        str(c["times"]),
                        f"{c['per_game']:.2f}",
                        str(c["games"]),
                        _ci({"rate": c["win_rate"], "ci95": c["ci95"]}),
                    ]
                    for c in rows[:top_cards]
                ],
            )
        )
    return sections


def _header(report: dict[str, Any]) -> str:
    return (
        f"{report['title']} ({report['game']} {report['version']}): {report['games']} games "
        f"from seed {report['seed']}, bots {', '.join(report['bots'])}"
        f"{' (rotated each game)' if report['rotate'] else ''}"
    )


def format_table(report: dict[str, Any], top_cards: int = 15) -> str:
    """The report as plain-text tables for a terminal."""
    out = [_header(report)]
    for title, header, rows in _lines(report, top_cards):
        widths = [max(len(x) for x in col) for col in zip(header, *rows)]
        out.append("")
        out.append(title)
        out.append("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
        for row in rows:
            out.append("  " + "  ".join(x.ljust(w) for x, w in zip(row, widths)).rstrip())
    timing = report.get("timing")
    if timing:
        out.append("")
        out.append(
            f"{timing['seconds']:.1f} s with {timing['workers']} worker(s): "
            f"{timing['games_per_second']:.2f} games/s, "
            f"{timing['decisions_per_second']:,.0f} decisions/s"
        )
    return "\n".join(out) + "\n"


def format_markdown(
    report: dict[str, Any], plots: Sequence[str] = (), plot_note: str = "", top_cards: int = 30
) -> str:
    """The report as a markdown document (with the plots' file names, if any)."""
    out = [f"# Analysis: {report['title']}", "", _header(report) + ".", ""]
    for title, header, rows in _lines(report, top_cards):
        out.append(f"## {title}")
        out.append("")
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "---|" * len(header))
        for row in rows:
            out.append("| " + " | ".join(x.replace("|", "\\|") for x in row) + " |")
        out.append("")
    out.append("## Method")
    out.append("")
    out.append(
        "Game *i* is played from seed *seed + i* with bots seeded from the game index, so a "
        "run is reproducible whatever the number of workers (bots with a time budget excepted). "
        "A win is the highest return, shared by no fewer than one and fewer than all players; a "
        "draw is every return equal; a cap-out is a game stopped unfinished. A turn is a run of "
        "consecutive decisions by one player. The first player is the one who makes the first "
        "decision; the advantage is their win rate minus a fair share. Intervals are 95% "
        "Wilson score intervals."
    )
    if report["cards"] is not None:
        out.append("")
        out.append(
            "Card actions: a chosen action with fields (not a bare pass) counts for the card its `card` field names (by the "
            "pack's public card facts, `_card_info`), or else for the first card name of the pack's card "
            "tables that the action's description mentions. *Win rate when chosen* is over "
            "the games in which a player chose that action at least once, for that player."
        )
    out.append("")
    if plots:
        out.append("## Plots")
        out.append("")
        for p in plots:
            out.append(f"![{Path(p).stem}]({Path(p).name})")
            out.append("")
    elif plot_note:
        out.append(f"*{plot_note}*")
        out.append("")
    timing = report.get("timing")
    if timing:
        out.append(
            f"Run time: {timing['seconds']:.1f} s with {timing['workers']} worker(s), "
            f"{timing['decisions_per_second']:,.0f} decisions/s."
        )
        out.append("")
    return "\n".join(out)


def make_plots(report: dict[str, Any], directory: Path) -> list[str]:
    """PNG plots of the report in ``directory``; ``[]`` when matplotlib is missing."""
    try:
        matplotlib = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        return []
    paths: list[str] = []

    def save(fig: Any, name: str) -> None:
        path = directory / name
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(str(path))

    cells = report["by_bot_and_seat"]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    labels = [f"{c['bot']}\nseat {c['seat']}" for c in cells]
    rates = [c["rate"] for c in cells]
    errs = [
        [max(0.0, c["rate"] - c["ci95"][0]) for c in cells],
        [max(0.0, c["ci95"][1] - c["rate"]) for c in cells],
    ]
    ax.bar(labels, rates, yerr=errs, capsize=4, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{report['title']}: wins per bot and seat")
    save(fig, "win_rates.png")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist([g["decisions"] for g in report["per_game"]], bins=30, color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title(f"{report['title']}: game length")
    save(fig, "lengths.png")

    if report["cards"]:
        rows = sorted(report["cards"], key=lambda c: -c["times"])[:20]
        fig, ax = plt.subplots(figsize=(7, 0.3 * len(rows) + 1.5))
        ax.barh(
            [f"{c['card']} ({c['action']})" for c in rows][::-1],
            [c["win_rate"] for c in rows][::-1],
            color="#c44e52",
        )
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate of the players who chose it")
        ax.set_title(f"{report['title']}: the most chosen card actions")
        save(fig, "cards.png")
    return paths


def write_report(report: dict[str, Any], directory: str | os.PathLike[str]) -> list[str]:
    """Write ``report.json``, ``report.md`` and the plots into ``directory``; their paths."""
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    plots = make_plots(report, path)
    note = (
        ""
        if plots
        else "Plots skipped: matplotlib is not installed (pip install 'tabletop[analysis]')."
    )
    (path / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (path / "report.md").write_text(format_markdown(report, plots, note), encoding="utf-8")
    return [str(path / "report.json"), str(path / "report.md"), *plots]
