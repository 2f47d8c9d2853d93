"""A rating ladder: a round robin among bots, their ratings and the matrix of results.

>>> from tabletop.analysis.ladder import ladder, format_ladder
>>> result = ladder("rebel_space", ["random", "greedy", "mcts:50"], n=20)  # doctest: +SKIP
>>> print(format_ladder(result))                                          # doctest: +SKIP

Every pair of distinct bots plays ``n`` games through
:func:`~tabletop.analysis.run.run_games` (so here, in a process pool or on
Ray, with records and resume), the seats rotated: game ``i`` of every pair is
played from seed ``seed + i`` (common random numbers: each pair meets the
same deals), and the bots trade sides from one game to the next
(:func:`~tabletop.analysis.play.seat_bots`: the seats of one side, a team,
always get the same bot).

A game counts for the pair as a win for the bot whose side won, else as a
draw: a drawn game, a game both bots' seats won, and a game stopped
unfinished at the step cap (a cap-out, also counted on its own). The
ratings are Bradley-Terry strengths on the Elo scale with 95% intervals
(:mod:`tabletop.analysis.ratings`: draws are half a win, one virtual draw
per pair keeps a clean sweep finite, ``random`` is rated 0).

The result is JSON-able: the game, its options, the seed and ``n``, the
command line that plays it again, each pair's counts (wins, draws,
cap-outs, the first bot's score with its 95% Wilson interval, results by
side), the ratings, the matrix of scores, and under ``run`` when, where
and how fast it ran. :func:`format_ladder`, :func:`ladder_markdown` and
:func:`ladder_svg` show it; :func:`write_ladder` writes all three.

A pack keeps a committed result in ``games/<pack>/ladder.json``
(:func:`committed_ladder`): the documentation shows it, and a test plays a
few of its games again to catch a drop in strength.
"""

from __future__ import annotations

import datetime
import html
import itertools
import json
import math
import os
import platform
import re
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import registry
from ..bots.factory import make_bot
from ..errors import TabletopError
from ..game import Game
from ..registry import pack_dir
from .ratings import PRIOR_DRAWS, Pairing, fit_ratings, pick_anchor, score_interval
from .run import run_games

__all__ = [
    "LADDER_FORMAT",
    "LADDER_JSON",
    "LadderError",
    "bot_slug",
    "committed_ladder",
    "format_ladder",
    "ladder",
    "ladder_markdown",
    "ladder_svg",
    "ladder_tables",
    "pack_dir",
    "pair_dir",
    "pairs_table",
    "write_ladder",
]

LADDER_FORMAT = "tabletop.ladder/1"
LADDER_JSON = "ladder.json"
"""The file name of a pack's committed ladder result (in the pack's directory)."""

Progress = Callable[[int, int], None]


class LadderError(TabletopError):
    """A ladder that cannot be played as asked (too few bots, a bad count, clashing names)."""


# ---------------------------------------------------------------- names
def bot_slug(spec: str) -> str:
    """A bot spec as a folder name: ``mcts:200`` -> ``mcts-200`` (lower case, so two
    specs never share a folder on a case-insensitive file system unnoticed)."""
    text = re.sub(r"[^a-z0-9_.]+", "-", spec.strip().lower()).strip("-.")
    return text or "bot"


def pair_dir(records: str | os.PathLike[str], a: str, b: str) -> Path:
    """Where the records of the games between ``a`` and ``b`` go: ``DIR/<a>--<b>/``."""
    return Path(records) / f"{bot_slug(a)}--{bot_slug(b)}"


def _check_bots(bots: Sequence[str]) -> list[str]:
    """The distinct bot specs, in order; a :class:`LadderError` when fewer than two."""
    given = [b.strip() for b in bots if b and b.strip()]
    specs = list(dict.fromkeys(given))
    if len(specs) < 2:
        raise LadderError(
            f"a ladder needs at least two distinct bots, got {', '.join(given) or 'none'}: "
            "give them with --bots, e.g. --bots random,greedy,mcts:50"
        )
    for k, spec in enumerate(specs):
        make_bot(spec, k)  # an unknown bot fails here, before any game is played
    slugs: dict[str, str] = {}
    for spec in specs:
        other = slugs.setdefault(bot_slug(spec), spec)
        if other != spec:
            raise LadderError(
                f"bots {other!r} and {spec!r} differ only in case or punctuation (one "
                f"records folder, {bot_slug(spec)!r}): give only one of them"
            )
    return specs


def _command(
    game: str,
    bots: Sequence[str],
    n: int,
    seed: int,
    options: dict[str, Any] | None,
    max_steps: int,
) -> str:
    """The ``tabletop ladder`` command line that plays the same games again."""
    words = ["tabletop", "ladder", game, "--bots", ",".join(bots), "-n", str(n)]
    words += ["--seed", str(seed)]
    if options:
        words += ["--options", json.dumps(options, separators=(",", ":"), sort_keys=True)]
    if max_steps != 5000:
        words += ["--max-steps", str(max_steps)]
    return shlex.join(words)


# ---------------------------------------------------------------- one pairing
class _PairCount:
    """The results of one pair, folded in game by game."""

    def __init__(self, a: str, b: str, sides: list[list[int]], names: list[str]) -> None:
        self.a, self.b = a, b
        self.sides = sides
        self.names = names
        self.games = self.draws = self.capped = 0
        self.wins = {a: 0, b: 0}
        self.by_side: dict[tuple[int, str], list[int]] = {}
        """(side, bot) -> [games, wins, draws and cap-outs]"""

    def add(self, r: dict[str, Any]) -> None:
        """Fold in one game's result (see :func:`~tabletop.analysis.play.play_game`)."""
        self.games += 1
        seats: list[str] = r["bots"]
        won = {seats[p] for p in r["winners"]}
        winner = next(iter(won)) if r["terminal"] and len(won) == 1 else None
        if not r["terminal"]:
            self.capped += 1
        elif winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        for k, side in enumerate(self.sides):
            cell = self.by_side.setdefault((k, seats[side[0]]), [0, 0, 0])
            cell[0] += 1
            cell[1] += winner == seats[side[0]]
            cell[2] += winner is None

    def pairing(self) -> Pairing:
        return Pairing(
            self.a, self.b, self.wins[self.a], self.wins[self.b], self.draws + self.capped
        )

    def result(self, records: Path | None) -> dict[str, Any]:
        points = self.wins[self.a] + (self.draws + self.capped) / 2
        lo, hi = score_interval(points, self.games)
        return {
            "bots": [self.a, self.b],
            "games": self.games,
            "wins": [self.wins[self.a], self.wins[self.b]],
            "draws": self.draws,
            "capped": self.capped,
            "score": {
                "bot": self.a,
                "points": points,
                "rate": points / self.games if self.games else 0.0,
                "ci95": [lo, hi],
            },
            "by_side": [
                {
                    "side": k,
                    "seats": [self.names[p] for p in self.sides[k]],
                    "bot": bot,
                    "games": g,
                    "wins": w,
                    "draws": d,
                }
                for (k, bot), (g, w, d) in sorted(self.by_side.items())
            ],
            "records": None if records is None else str(records),
        }


# ---------------------------------------------------------------- the ladder
def ladder(
    game: str,
    bots: Sequence[str],
    n: int,
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    max_steps: int = 5000,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play a round robin of ``n`` games per pair among ``bots``; the result (JSON-able).

    ``game`` is a pack name or ``"module:attr"``; ``bots`` are bot specs
    (:func:`tabletop.bots.make_bot`), at least two distinct ones. The
    backend arguments are those of :func:`~tabletop.analysis.run.run_games`;
    the result is the same for the same seed on any backend and number of
    workers (for bots with an iteration budget), except under ``run``.
    ``records`` names a directory: the games of the pair ``(a, b)`` are
    written to ``records/<a>--<b>/`` (:func:`pair_dir`), and a directory
    that holds them already resumes the ladder. ``progress(done, total)``
    is called as games finish, over all pairs. Ctrl-C stops the ladder: the
    result covers the games that finished and has ``"interrupted"``.
    """
    if type(n) is not int or n < 1:
        raise LadderError(f"a ladder plays at least 1 game per pair, not {n!r}: give -n 1 or more")
    specs = _check_bots(bots)
    g = registry.load(game)
    opts = g.make_options(options)
    first = g.new_state(seed=seed, options=options)
    sides = first.sides()
    if len(sides) < 2:
        raise LadderError(f"{g.name} with these options has one side: there is nobody to beat")
    names = [g.player_name(p, opts) for p in range(first.num_players)]
    pairs = list(itertools.combinations(specs, 2))
    total = n * len(pairs)
    started = time.perf_counter()
    counts: list[_PairCount] = []
    results: list[dict[str, Any]] = []
    played = resumed = used_workers = 0
    interrupted = False
    for k, (a, b) in enumerate(pairs):
        count = _PairCount(a, b, sides, names)
        where = None if records is None else pair_dir(records, a, b)
        base = k * n

        def step(done: int, _all: int, base: int = base) -> None:
            if progress is not None:
                progress(base + done, total)

        outcome = run_games(
            game,
            n,
            [a, b],
            seed=seed,
            options=options,
            backend=backend,
            address=address,
            workers=workers,
            batch_size=batch_size,
            max_steps=max_steps,
            rotate=True,
            records=where,
            progress=step,
            cards=False,
            on_result=count.add,
        )
        counts.append(count)
        pair = count.result(where)
        pair["seconds"] = outcome.seconds
        results.append(pair)
        played += outcome.tally.played
        resumed += outcome.tally.games - outcome.tally.played
        used_workers = max(used_workers, outcome.workers)
        if outcome.interrupted:
            interrupted = True
            break
    out: dict[str, Any] = {
        "format": LADDER_FORMAT,
        "game": g.name,
        "title": g.title,
        "version": g.version,
        "options": g.unstructure_options(opts),
        "seed": seed,
        "n": n,
        "max_steps": max_steps,
        "bots": specs,
        "anchor": pick_anchor(specs),
        "prior_draws": PRIOR_DRAWS,
        "command": _command(game, specs, n, seed, options, max_steps),
        "pairs": results,
        "ratings": _ratings(specs, counts, interrupted),
        "matrix": _matrix(specs, results),
        "run": _run_facts(backend, used_workers, time.perf_counter() - started, played, resumed),
    }
    if interrupted:
        out["interrupted"] = {"finished": sum(c.games for c in counts), "asked": total}
    return out


def _ratings(specs: list[str], counts: list[_PairCount], interrupted: bool) -> list[dict[str, Any]]:
    try:
        return fit_ratings(specs, [c.pairing() for c in counts])
    except ValueError:
        if interrupted:
            return []  # some bots have not played yet: no common scale
        raise


def _matrix(specs: list[str], pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """Row bot's score against column bot (``None`` on the diagonal and for unplayed pairs)."""
    idx = {b: k for k, b in enumerate(specs)}
    score: list[list[float | None]] = [[None] * len(specs) for _ in specs]
    games = [[0] * len(specs) for _ in specs]
    for p in pairs:
        if not p["games"]:
            continue
        i, j = idx[p["bots"][0]], idx[p["bots"][1]]
        score[i][j] = p["score"]["rate"]
        score[j][i] = 1 - p["score"]["rate"]
        games[i][j] = games[j][i] = p["games"]
    return {"bots": list(specs), "score": score, "games": games}


def _run_facts(
    backend: str, workers: int, seconds: float, played: int, resumed: int
) -> dict[str, Any]:
    """When, where and how the ladder ran (the part that differs between runs)."""
    now = datetime.datetime.now(datetime.UTC)
    return {
        "date": now.strftime("%Y-%m-%d"),
        "time": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        },
        "backend": backend,
        "workers": workers,
        "seconds": seconds,
        "played": played,
        "resumed": resumed,
    }


# ---------------------------------------------------------------- committed results
def committed_ladder(game: Game) -> dict[str, Any] | None:
    """The pack's committed ladder result (``<pack>/ladder.json``), or ``None``."""
    folder = pack_dir(game)
    path = None if folder is None else folder / LADDER_JSON
    if path is None or not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != LADDER_FORMAT:
        raise LadderError(f"{path} is not a ladder result (format {LADDER_FORMAT!r})")
    return data


# ---------------------------------------------------------------- showing it
def _ranked(result: dict[str, Any]) -> list[str]:
    """The bots, best rated first (the given order when there are no ratings)."""
    return [r["bot"] for r in result["ratings"]] or list(result["bots"])


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def _rating_rows(result: dict[str, Any]) -> list[list[str]]:
    anchor = result.get("anchor")
    rows = []
    for k, r in enumerate(result["ratings"], 1):
        interval = "anchor" if r["bot"] == anchor else f"{r['low']:+.0f} to {r['high']:+.0f}"
        rows.append(
            [str(k), r["bot"], f"{r['rating']:+.0f}", interval, _pct(r["score"]), str(r["games"])]
        )
    return rows


def _matrix_rows(result: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    order = _ranked(result)
    m = result["matrix"]
    idx = {b: k for k, b in enumerate(m["bots"])}
    rows = []
    for a in order:
        cells = ["-" if a == b else _pct(m["score"][idx[a]][idx[b]]) for b in order]
        rows.append([a, *cells])
    return order, rows


def _columns(header: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]

    def line(cells: list[str]) -> str:
        parts = [
            c.rjust(w) if k in right else c.ljust(w) for k, (c, w) in enumerate(zip(cells, widths))
        ]
        return "  ".join(parts).rstrip()

    return [line(header), *(line(r) for r in rows)]


RATING_HEADER = ["Rank", "Bot", "Elo", "95% interval", "Score", "Games"]


def format_ladder(result: dict[str, Any]) -> str:
    """The ratings table and the matrix of results, as text."""
    n_pairs = len(result["pairs"])
    out = [
        f"{result['title']} ({result['game']} {result['version']}): ladder of "
        f"{len(result['bots'])} bots, {result['n']} games per pair "
        f"({n_pairs} pair{'' if n_pairs == 1 else 's'}), "
        f"seed {result['seed']}",
        "",
        f"Ratings (Bradley-Terry, Elo scale, {result['anchor']} = 0; 95% intervals relative to it)",
    ]
    out += ["  " + s for s in _columns(RATING_HEADER, _rating_rows(result), {0, 2, 4, 5})]
    order, rows = _matrix_rows(result)
    out += ["", "Matrix (the row bot's score against the column bot; a draw is half a point)"]
    out += ["  " + s for s in _columns(["", *order], rows, set(range(1, len(order) + 1)))]
    cut = result.get("interrupted")
    if cut:
        out += ["", f"interrupted: {cut['finished']} of {cut['asked']} games finished"]
    draws = sum(p["draws"] for p in result["pairs"])
    capped = sum(p["capped"] for p in result["pairs"])
    if draws or capped:
        out += [
            "",
            f"draws: {draws}; cap-outs (unfinished at {result['max_steps']} decisions, counted as draws): {capped}",
        ]
    return "\n".join(out) + "\n"


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    def cell(text: str) -> str:
        return html.escape(text, quote=False).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def ladder_tables(result: dict[str, Any]) -> str:
    """The ratings table and the matrix as Markdown (shared by ``ladder.md`` and the docs)."""
    order, rows = _matrix_rows(result)
    return "\n".join(
        [
            _md_table(RATING_HEADER, [[r[0], f"`{r[1]}`", *r[2:]] for r in _rating_rows(result)]),
            "The matrix: the row bot's score against the column bot (a draw is half a "
            "point), over the games of that pair.\n",
            _md_table(["", *order], rows),
        ]
    )


def pairs_table(result: dict[str, Any]) -> str:
    """Each pair's games as a Markdown table: wins, draws, cap-outs, the score's interval."""
    rows = []
    for p in result["pairs"]:
        a, b = p["bots"]
        lo, hi = p["score"]["ci95"]
        rows.append(
            [
                f"`{a}` vs `{b}`",
                str(p["games"]),
                f"{p['wins'][0]} - {p['wins'][1]}",
                str(p["draws"]),
                str(p["capped"]),
                f"{_pct(p['score']['rate'])} ({_pct(lo)} to {_pct(hi)})",
            ]
        )
    header = ["Pair", "Games", "Wins", "Draws", "Cap-outs", "First bot's score (95%)"]
    return _md_table(header, rows)


def ladder_markdown(result: dict[str, Any]) -> str:
    """The ladder as a Markdown document (the tables and how it was made)."""
    run = result["run"]
    return "\n".join(
        [
            f"# Ladder: {result['title']}\n",
            f"{len(result['bots'])} bots, {result['n']} games per pair, seats rotated; "
            f"ratings are Bradley-Terry on the Elo scale with `{result['anchor']}` at 0 "
            "and 95% intervals relative to it.\n",
            ladder_tables(result),
            pairs_table(result),
            f"Made with `{result['command']}` on {run['date']} "
            f"({run['machine']['platform']}, {run['machine']['cpus']} CPUs).\n",
        ]
    )


def ladder_svg(result: dict[str, Any]) -> str:
    """The ratings as dots with their 95% interval bars, as inline SVG.

    Drawn from the numbers alone (no plotting library): one row per bot,
    best first, on an Elo axis; the lines take the page's text colour, so it
    reads in a light and a dark theme.
    """
    rows: list[dict[str, Any]] = result["ratings"]
    label_w, plot_w, row_h, top, pad = 150, 420, 26, 16, 12
    lo = min([float(r["low"]) for r in rows] + [0.0])
    hi = max([float(r["high"]) for r in rows] + [0.0])
    step = _tick_step(hi - lo)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    span = max(hi - lo, 1e-9)
    width = label_w + plot_w + pad * 2 + 24  # room for the last tick's label
    height = top + row_h * max(len(rows), 1) + 40

    def x(v: float) -> float:
        return label_w + pad + plot_w * (v - lo) / span

    title = "; ".join(
        f"{r['bot']} {r['rating']:+.0f} ({r['low']:+.0f} to {r['high']:+.0f})" for r in rows
    )
    parts = [
        f'<svg class="ladder-plot" role="img" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f"<title>Ratings (Elo): {html.escape(title)}</title>",
        '<g stroke="currentColor" fill="none">',
    ]
    axis_y = top + row_h * max(len(rows), 1)
    parts.append(f'<line x1="{x(lo):.1f}" y1="{axis_y}" x2="{x(hi):.1f}" y2="{axis_y}"/>')
    ticks = [lo + k * step for k in range(round(span / step) + 1)]
    for t in ticks:  # grid lines, the anchor's (0) darker
        parts.append(
            f'<line x1="{x(t):.1f}" y1="{top - 6}" x2="{x(t):.1f}" y2="{axis_y}" '
            f'stroke-opacity="{0.6 if t == 0 else 0.15}"/>'
        )
    for k, r in enumerate(rows):
        y = top + row_h * k + row_h / 2
        parts.append(
            f'<line x1="{x(r["low"]):.1f}" y1="{y:.1f}" x2="{x(r["high"]):.1f}" y2="{y:.1f}" '
            'stroke-width="2"/>'
        )
        for end in (r["low"], r["high"]):
            parts.append(
                f'<line x1="{x(end):.1f}" y1="{y - 5:.1f}" x2="{x(end):.1f}" y2="{y + 5:.1f}"/>'
            )
    parts.append("</g>")
    parts.append('<g fill="currentColor">')
    for k, r in enumerate(rows):
        y = top + row_h * k + row_h / 2
        parts.append(f'<circle cx="{x(r["rating"]):.1f}" cy="{y:.1f}" r="4.5"/>')
        parts.append(
            f'<text x="{label_w}" y="{y + 4:.1f}" text-anchor="end">{html.escape(r["bot"])}</text>'
        )
    for t in ticks:
        parts.append(
            f'<text x="{x(t):.1f}" y="{axis_y + 16}" text-anchor="middle">{_signed(t)}</text>'
        )
    parts.append(
        f'<text x="{label_w + pad + plot_w / 2:.1f}" y="{axis_y + 32}" text-anchor="middle">'
        f"Elo rating ({html.escape(str(result['anchor']))} = 0), 95% intervals</text>"
    )
    parts.append("</g></svg>")
    return "".join(parts)


def _signed(v: float) -> str:
    """``+200``, ``-100``, ``0``."""
    return f"{v:+.0f}" if round(v) else "0"


def _tick_step(span: float) -> float:
    """A round tick spacing giving about five ticks over ``span``."""
    raw = max(span, 1.0) / 5
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1.0, 2.0, 2.5, 5.0, 10.0) if m * power >= raw)


def write_ladder(result: dict[str, Any], directory: str | os.PathLike[str]) -> list[str]:
    """Write ``ladder.json``, ``ladder.md`` and ``ladder.svg`` into ``directory``; their paths."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        LADDER_JSON: json.dumps(result, indent=1) + "\n",
        "ladder.md": ladder_markdown(result) + "\n![Ratings](ladder.svg)\n",
        "ladder.svg": ladder_svg(result) + "\n",
    }
    paths = []
    for name, text in files.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths
