"""The report of a run as text, markdown, JSON and PNG plots.

:func:`summarise` builds a report from a list of per-game results (what
:func:`~tabletop.analysis.analyze` does game by game as they arrive);
:func:`format_table` and :func:`format_markdown` word it, and
:func:`write_report` writes ``report.json``, ``report.md`` and, when
matplotlib is installed (``tabletop[analysis]``, which ``make`` installs),
the plots.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..game import Game
from .stats import Tally

__all__ = [
    "PLOTS_SKIPPED",
    "format_markdown",
    "format_table",
    "make_plots",
    "summarise",
    "write_report",
]

PLOTS_SKIPPED = (
    "PNG plots skipped: matplotlib is not installed. "
    "Install it with pip install 'tabletop[analysis]' (make installs it) to get them."
)
"""What the console and ``report.md`` say when there is no matplotlib."""


def summarise(
    game: Game,
    results: Sequence[dict[str, Any]],
    *,
    bots: Sequence[str],
    seed: int,
    options: dict[str, Any] | None,
    rotate: bool,
) -> dict[str, Any]:
    """The report of a run from its per-game results (in any order)."""
    np = len(results[0]["returns"]) if results else game.num_players(game.make_options(options))
    tally = Tally(np)
    for r in results:
        tally.add(r)
    return tally.report(game, bots=list(bots), seed=seed, options=options, rotate=rotate)


# ---------------------------------------------------------------- output
def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(rate: dict[str, Any]) -> str:
    lo, hi = rate["ci95"]
    return f"{_pct(rate['rate'])}  [{_pct(lo)}, {_pct(hi)}]"


def _first_player_rows(report: dict[str, Any]) -> list[list[str]]:
    fp = report["first_player"]
    if fp["advantage"] is None:
        return [["first player wins", _ci(fp)], ["first-player advantage", fp["note"]]]
    lo, hi = fp["advantage_ci95"]
    return [
        ["first player wins", _ci(fp)],
        [
            "first-player advantage",
            f"{100 * fp['advantage']:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]",
        ],
    ]


def _card_rows(report: dict[str, Any], top_cards: int) -> list[list[str]]:
    rows = []
    for c in report["cards"][:top_cards]:
        diff = c["difference"]
        rows.append(
            [
                c["card"],
                ", ".join(c["owners"]),
                str(c["times"]),
                f"{c['per_game']:.2f}",
                str(c["games"]),
                _ci(c["played"]),
                _ci(c["not_played"]) if c["not_played"]["games"] else "(always played)",
                "" if diff is None else f"{100 * diff:+.1f}",
            ]
        )
    return rows


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
            "Wins per bot and seat (who sat where, in how many games)",
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
    d, t, br = report["decisions"], report["turns"], report["branching"]
    sections.append(
        (
            "Balance and length",
            ["measure", "value"],
            [
                *_first_player_rows(report),
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
        cards = report["cards"]
        sections.append(
            (
                f"Cards played (the {min(top_cards, len(cards))} most played of {len(cards)}; "
                "the owner's win rate in games they played it and in games they did not)",
                [
                    "card",
                    "owner",
                    "played",
                    "per game",
                    "games",
                    "win rate when played [95% CI]",
                    "when not played [95% CI]",
                    "difference (points)",
                ],
                _card_rows(report, top_cards),
            )
        )
    return sections


def _seating(report: dict[str, Any]) -> str:
    seating = report["seating"]
    if seating["rotated"]:
        return " (seats rotated each game: each bot sits in every seat)"
    fixed = seating["fixed"]
    if len({s["bot"] for s in fixed}) == 1:
        return ""
    return " (fixed seats: " + ", ".join(f"{s['name']} {s['bot']}" for s in fixed) + ")"


def _header(report: dict[str, Any]) -> str:
    cut = report.get("interrupted")
    return (
        f"{report['title']} ({report['game']} {report['version']}): {report['games']} games "
        f"from seed {report['seed']}, bots {', '.join(report['bots'])}{_seating(report)}"
        + (f"; interrupted: {cut['finished']} of {cut['asked']} games finished" if cut else "")
    )


def _timing_line(report: dict[str, Any]) -> str:
    timing = report.get("timing")
    if not timing:
        return ""
    resumed = f", {timing['resumed']} read back from saved records" if timing.get("resumed") else ""
    return (
        f"{timing['seconds']:.1f} s on the {timing.get('backend', 'local')} backend with "
        f"{timing['workers']} worker(s): {timing['played']} games played{resumed}, "
        f"{timing['games_per_second']:.2f} games/s, "
        f"{timing['decisions_per_second']:,.0f} decisions/s"
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
    if report.get("cards") == []:
        out.append("")
        out.append("Cards played: none (the pack says no action plays a card, State._played_card)")
    line = _timing_line(report)
    if line:
        out.append("")
        out.append(line)
    return "\n".join(out) + "\n"


METHOD = (
    "Game *i* is played from seed *seed + i* with bots seeded from the game index, so a "
    "run is reproducible whatever the backend or the number of workers (bots with a time "
    "budget excepted). When the bots differ, the seats rotate by default: game *i* shifts "
    "the bots by *i* seats, so each bot plays every seat; without rotation the seat and the "
    "bot in it cannot be told apart, and the first-player advantage is not reported. A win "
    "is the highest return, shared by no fewer than one and fewer than all players; a draw is "
    "every return equal; a cap-out is a game stopped unfinished. A turn is a run of "
    "consecutive decisions by one player. The first player is the one who makes the first "
    "decision; the advantage is their win rate minus a fair share. Intervals are 95% "
    "Wilson score intervals."
)
CARD_METHOD = (
    "Cards: a card is *played* when its owner takes it from their hand into play, as the "
    "pack says (`State._played_card`): deploying it, playing its effect, committing it to a "
    "mission or a battle. An action that only names a card (the card a placement goes next "
    "to, a target, a casualty, a discard) plays none. A card's owners are the seats that "
    "played it in the run; *win rate when played* is over the games in which an owner played "
    "it at least once, *when not played* over that owner's other games, and the difference "
    "is in points. It shows what goes with a card, not what it causes: a card played more "
    "often by the side that is winning anyway looks strong."
)


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
    out.append(METHOD)
    if report["cards"] is not None:
        out.append("")
        out.append(CARD_METHOD)
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
    line = _timing_line(report)
    if line:
        out.append(f"Run time: {line}.")
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
    lengths = report["lengths"]
    ax.hist([v for v, _ in lengths], weights=[c for _, c in lengths], bins=30, color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title(f"{report['title']}: game length")
    save(fig, "lengths.png")

    if report["cards"]:
        rows = report["cards"][:20][::-1]
        fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.5))
        ys = list(range(len(rows)))
        ax.barh([y + 0.2 for y in ys], [c["played"]["rate"] for c in rows], height=0.4,
                color="#c44e52", label="played")  # fmt: skip
        ax.barh([y - 0.2 for y in ys], [c["not_played"]["rate"] for c in rows], height=0.4,
                color="#8c8c8c", label="not played")  # fmt: skip
        ax.set_yticks(ys)
        ax.set_yticklabels([c["card"] for c in rows])
        ax.set_xlim(0, 1)
        ax.set_xlabel("owner's win rate")
        ax.legend(loc="lower right")
        ax.set_title(f"{report['title']}: the most played cards")
        save(fig, "cards.png")
    return paths


def write_report(report: dict[str, Any], directory: str | os.PathLike[str]) -> list[str]:
    """Write ``report.json``, ``report.md`` and the plots into ``directory``; their paths.

    Without matplotlib there are no plots: the paths are only the two
    reports, and ``report.md`` says so (:data:`PLOTS_SKIPPED`).
    """
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    plots = make_plots(report, path)
    note = "" if plots else PLOTS_SKIPPED
    (path / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (path / "report.md").write_text(format_markdown(report, plots, note), encoding="utf-8")
    return [str(path / "report.json"), str(path / "report.md"), *plots]
