"""Games per second of ``analyze`` on each backend, side by side; JSON on stdout.

    python benchmarks/analysis_backends.py                      # rebel_space, 200 random games
    python benchmarks/analysis_backends.py station_assault -n 400 --bots greedy,random
    python benchmarks/analysis_backends.py --batch-sizes 1,4,16,64 --workers 2

Runs the same games (same seeds, so the same reports) on the local backend
in this process, on a local process pool of ``--workers`` processes, and on
a local Ray with ``--workers`` CPUs for each batch size. Ray is started once
(its start-up time is reported apart) and every Ray run reuses it.

``overhead_ms_per_game`` is the worker time a backend adds to each game:
``(wall seconds x workers - in-process seconds) / games``: what the pool or
Ray costs per game beyond playing it (shipping the batch and its results,
scheduling, waiting for the last batch). On a machine shared with other jobs
wall times say more about the other jobs than about the backend, so
``cpu_ms_per_game`` counts the CPU time of this process and all its
descendants (Ray's daemons and workers, the pool's processes) per game, and
``cpu_overhead_ms_per_game`` what a backend spends beyond the in-process run.
Each configuration runs ``--repeat`` times and the median counts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from tabletop.analysis import Batch, analyze, batch_size_for
from tabletop.analysis.backends import run_local, run_ray

REPEAT = 1
CPU: list[float] = []
"""The CPU seconds of each configuration's median run (see :func:`tree_cpu`)."""


def tree_cpu() -> float:
    """CPU seconds used by this process and all its descendants (Linux ``/proc``).

    Counts the live descendants (Ray's daemons and workers) and the children
    already reaped (a process pool's workers), so that on a machine shared
    with other jobs the CPU a backend spends per game can be told apart from
    the CPU it was given.
    """
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rpartition(")")[2].split()
        except OSError:
            continue
        pid = int(entry)
        parent[pid] = int(fields[1])
        used[pid] = sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
    me = os.getpid()
    total = 0.0
    for pid in used:
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += used[pid]
    return total


def _run(game: str, n: int, bots: list[str], **kw: Any) -> tuple[float, dict[str, Any]]:
    """The median wall time of ``REPEAT`` runs, and the report (CPU time in ``CPU``)."""
    times = []
    cpus = []
    for _ in range(REPEAT):
        c0, t0 = tree_cpu(), time.perf_counter()
        report = analyze(game, n, bots, **kw)
        times.append(time.perf_counter() - t0)
        cpus.append(tree_cpu() - c0)
    CPU.append(statistics.median(cpus))
    return statistics.median(times), report


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    strip = ("timing",)
    return {k: v for k, v in a.items() if k not in strip} == {
        k: v for k, v in b.items() if k not in strip
    }


def task_overhead(backend: str, game: str, workers: int, tasks: int = 400) -> dict[str, float]:
    """The cost of a task that plays no game: shipping a batch and its result, scheduling.

    ``worker_ms_per_task`` is wall time x workers / tasks (what a batch costs
    the workers beyond its games; a pool's start-up taken off); ``round_trip_ms``
    is one task at a time.
    """
    empty = Batch(game, None, 0, (), ("random",))
    got: list[dict[str, Any]] = []

    def run(k: int, w: int) -> float:
        batches = iter([empty] * k)
        t0 = time.perf_counter()
        if backend == "ray":
            run_ray(batches, got.append, workers=w)
        else:
            run_local(batches, got.append, w)
        return time.perf_counter() - t0

    run(2 * workers, workers)  # warm up
    start = statistics.median(run(0, workers) for _ in range(REPEAT))  # a pool's own start
    many = statistics.median(run(tasks, workers) for _ in range(REPEAT)) - start
    one = statistics.median(run(50, 1) for _ in range(REPEAT)) if backend == "ray" else None
    out = {"worker_ms_per_task": 1000 * many * workers / tasks}
    if one is not None:
        out["round_trip_ms"] = 1000 * one / 50
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="rebel_space")
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--bots", default="random")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--batch-sizes", default="1,4,16,64")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeat", type=int, default=3, help="runs of each; the median counts")
    args = p.parse_args(argv)
    global REPEAT
    REPEAT = args.repeat
    bots = args.bots.split(",")
    w = args.workers
    out: dict[str, Any] = {
        "game": args.game,
        "games": args.n,
        "bots": bots,
        "workers": w,
        "repeat": args.repeat,
    }

    base_s, base = _run(args.game, args.n, bots, seed=args.seed)
    rows = [
        {
            "backend": "local",
            "workers": 1,
            "seconds": base_s,
            "games_per_second": args.n / base_s,
            "cpu_ms_per_game": 1000 * CPU[0] / args.n,
        }
    ]
    pool_s, pool = _run(args.game, args.n, bots, seed=args.seed, workers=w)
    rows.append(_row("local pool", w, None, pool_s, base_s, args.n, _same(pool, base)))
    out["in_process_ms_per_game"] = 1000 * base_s / args.n

    import ray

    t0 = time.perf_counter()
    ray.init(num_cpus=w, include_dashboard=False, log_to_driver=False,
             object_store_memory=128 * 1024 * 1024)  # fmt: skip
    out["ray_start_seconds"] = time.perf_counter() - t0
    try:
        out["task_overhead"] = {
            "ray": task_overhead("ray", args.game, w),
        }
        # warm the workers up (imports), as a long run would be
        analyze(args.game, 2 * w, bots, seed=args.seed, backend="ray", batch_size=1)
        for size in [int(s) for s in args.batch_sizes.split(",")]:
            s, r = _run(args.game, args.n, bots, seed=args.seed, backend="ray", batch_size=size)
            rows.append(_row("ray", w, size, s, base_s, args.n, _same(r, base)))
        s, r = _run(args.game, args.n, bots, seed=args.seed, backend="ray")
        rows.append(_row("ray (default batch)", w, batch_size_for(args.n, w), s, base_s, args.n,
                         _same(r, base)))  # fmt: skip
    finally:
        ray.shutdown()
    out["task_overhead"]["local pool"] = task_overhead("local", args.game, w, tasks=100)
    out["runs"] = rows
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


def _row(
    backend: str, workers: int, batch: int | None, s: float, base_s: float, n: int, same: bool
) -> dict[str, Any]:
    cpu = CPU[-1]
    return {
        "cpu_ms_per_game": 1000 * cpu / n,
        "cpu_overhead_ms_per_game": 1000 * (cpu - CPU[0]) / n,
        "backend": backend,
        "workers": workers,
        "batch_size": batch,
        "seconds": s,
        "games_per_second": n / s,
        "speed_up": base_s / s,
        "overhead_ms_per_game": 1000 * (s * workers - base_s) / n,
        "same_report_as_local": same,
    }


if __name__ == "__main__":
    sys.exit(main())
