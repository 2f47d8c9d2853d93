"""A run: many games, on a backend, into a :class:`~tabletop.analysis.stats.Tally`.

:func:`run_games` is shared by ``analyze`` and ``simulate``. It reads back the
games a records directory holds already (a resumed run skips their seeds),
cuts the rest into batches, plays them on the chosen backend, and folds each
result in as it arrives; with a records directory each game's record is
written the moment its result arrives, then dropped, so memory stays flat
however many games are asked for. Ctrl-C stops the run between results: what
finished is counted (and saved), and the outcome says it was interrupted.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import registry
from ..bots.factory import make_bot
from ..game import Game
from .backends import run_local, run_ray
from .play import Batch
from .stats import Tally
from .store import IndexSet, RecordStore, SavedGames

__all__ = ["BACKENDS", "MAX_BATCH", "RunOutcome", "analyze", "batch_size_for", "run_games"]

BACKENDS = ("local", "ray")
MAX_BATCH = 16
"""The largest batch the runner cuts by default (see :func:`batch_size_for`)."""

Progress = Callable[[int, int], None]


def batch_size_for(n: int, workers: int) -> int:
    """Games per batch: about four batches per worker, at most :data:`MAX_BATCH`.

    Small batches keep every worker busy to the end and the progress bar and
    the records moving; sixteen games make each Ray task long enough that its
    fixed cost (scheduling, shipping the batch and its results, well under a
    millisecond a game on one machine) is lost in the play.
    """
    return max(1, min(MAX_BATCH, math.ceil(n / (4 * max(workers, 1)))))


@dataclass
class RunOutcome:
    """What :func:`run_games` did."""

    game: Game
    tally: Tally
    bots: list[str]
    options: dict[str, Any] | None
    rotate: bool
    backend: str
    workers: int
    batch_size: int
    seconds: float
    interrupted: bool = False
    saved: SavedGames | None = None
    written: int = 0
    timing: dict[str, Any] = field(default_factory=dict)


def _bot_specs(bots: Sequence[str]) -> list[str]:
    specs = [b.strip() for b in bots if b.strip()] or ["random"]
    for i, spec in enumerate(specs):
        make_bot(spec, i)  # a bad spec fails here, not in a worker
    return specs


def run_games(
    game: str,
    n: int,
    bots: Sequence[str] = ("random",),
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    max_steps: int = 5000,
    rotate: bool | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    cards: bool = True,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> RunOutcome:
    """Play games ``0 .. n-1`` of a run (skipping those saved in ``records``).

    ``on_result`` sees each game's result (played or read back from the
    records) as it is counted, for a caller that needs more than the tally
    (the ladder credits each game to a pairing's bots).
    """
    if type(n) is not int or n < 1:
        raise ValueError("n must be at least 1")
    if workers is not None and workers < 1:
        raise ValueError("workers must be at least 1")
    if batch_size is not None and batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise ValueError("address joins a Ray cluster: use it with backend='ray'")
    g = registry.load(game)
    specs = _bot_specs(bots)
    if rotate is None:
        rotate = len(set(specs)) > 1  # differing bots take every seat in turn
    opts = g.unstructure_options(g.make_options(options))
    tally = Tally(g.num_players(g.make_options(options)))
    done = IndexSet(n)
    store = saved = None
    if records is not None:
        run = {
            "game": g.name,
            "pack_version": g.version,
            "options": opts,
            "seed": seed,
            "bots": specs,
            "rotate": rotate,
            "max_steps": max_steps,
        }
        store = RecordStore(records, run)
        store.open()
        saved = SavedGames()
        for r in store.read(g, n, done, saved, cards=cards):
            tally.add(r)
            if on_result is not None:
                on_result(r)
    local_workers = workers or 1
    if batch_size is not None:
        size = batch_size
    elif backend == "local" and local_workers == 1:
        size = 1  # nothing to ship: each game's result (and record) as it finishes
    else:
        size = batch_size_for(n - tally.games, workers or os.cpu_count() or 1)

    def todo() -> Iterator[Batch]:
        chunk: list[int] = []
        for i in range(n):
            if i in done:
                continue
            chunk.append(i)
            if len(chunk) == size:
                yield Batch(game, opts, seed, tuple(chunk), tuple(specs), max_steps, rotate,
                            store is not None, cards)  # fmt: skip
                chunk = []
        if chunk:
            yield Batch(game, opts, seed, tuple(chunk), tuple(specs), max_steps, rotate,
                        store is not None, cards)  # fmt: skip

    processes: set[str] = set()

    def on_batch(out: dict[str, Any]) -> None:
        processes.add(out["worker"])
        for r in out["results"]:
            if not done.add(r["index"]):
                continue  # a game counted already (never twice, whatever Ray retried)
            if store is not None:
                store.write(r.pop("record"))
            tally.add(r)
            if on_result is not None:
                on_result(r)
            if progress is not None:
                progress(tally.games, n)

    if progress is not None and tally.games:
        progress(tally.games, n)
    started = time.perf_counter()
    interrupted = False
    used = local_workers
    try:
        if backend == "ray":
            used = run_ray(todo(), on_batch, address=address, workers=workers)
        else:
            run_local(todo(), on_batch, min(local_workers, max(n - tally.games, 1)))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if store is not None:
            store.close()
    elapsed = time.perf_counter() - started
    outcome = RunOutcome(
        game=g,
        tally=tally,
        bots=specs,
        options=opts,
        rotate=rotate,
        backend=backend,
        workers=used,
        batch_size=size,
        seconds=elapsed,
        interrupted=interrupted,
        saved=saved,
        written=store.written if store is not None else 0,
    )
    outcome.timing = _timing(outcome)
    outcome.timing["worker_processes"] = sorted(processes)
    return outcome


def _timing(o: RunOutcome) -> dict[str, Any]:
    t = o.tally
    played = t.played
    return {
        "backend": o.backend,
        "workers": o.workers,
        "batch_size": o.batch_size,
        "seconds": o.seconds,
        "played": played,
        "resumed": t.games - played,
        "games_per_second": played / max(o.seconds, 1e-9),
        "decisions_per_second": t.played_decisions / max(o.seconds, 1e-9),
        "mean_seconds_per_game": t.seconds / played if played else 0.0,
    }


def analyze(
    game: str,
    n: int,
    bots: Sequence[str] = ("random",),
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    max_steps: int = 5000,
    rotate: bool | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
    batch_size: int | None = None,
) -> dict[str, Any]:
    """Play ``n`` games of ``game`` (a pack name or ``"module:attr"``); the report.

    ``bots`` are bot specs (:func:`tabletop.bots.make_bot`), one per seat,
    cycled. ``rotate`` (default: when the bots differ) shifts them by ``i``
    seats in game ``i``, so each bot plays every seat; ``rotate=False`` keeps
    bot ``p`` in seat ``p`` (and then the first player's advantage is not
    reported: it cannot be told apart from the bot's strength).

    ``backend="local"`` plays in this process (``workers`` 1, the default)
    or a pool of ``workers`` processes; ``backend="ray"`` ships batches of
    games to Ray (``address`` joins a cluster, else a local Ray is started with
    ``workers`` CPUs, default all). The report is the same, number for number,
    for the same seed whatever the backend or the number of workers, as long
    as the bots' budgets are in iterations.

    ``records`` names a directory that receives every game's record as it
    finishes (JSON lines, see :mod:`tabletop.analysis.store`); a directory
    that holds games of the same run already resumes it: their seeds are not
    played again. Ctrl-C (``KeyboardInterrupt``) stops the run: the report
    covers the games that finished and has ``"interrupted": true``.
    """
    if workers is not None and workers < 1:
        raise ValueError("workers must be at least 1")
    outcome = run_games(
        game,
        n,
        bots,
        seed=seed,
        options=options,
        backend=backend,
        address=address,
        workers=workers,
        batch_size=batch_size,
        max_steps=max_steps,
        rotate=rotate,
        records=records,
        progress=progress,
        cards=True,
    )
    report = outcome.tally.report(
        outcome.game,
        bots=outcome.bots,
        seed=seed,
        options=outcome.options,
        rotate=outcome.rotate,
    )
    if outcome.interrupted:
        report["interrupted"] = {"finished": outcome.tally.games, "asked": n}
    report["timing"] = outcome.timing
    if outcome.saved is not None:
        report["timing"]["records"] = {
            "written": outcome.written,
            "damaged_lines": outcome.saved.damaged,
            "duplicate_lines": outcome.saved.duplicates,
        }
    return report
