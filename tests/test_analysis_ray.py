"""The Ray backend of ``analyze`` and ``simulate``, on a real local Ray with 2 CPUs.

One Ray is started for the module (it takes some seconds) and every test
uses it: the runner uses a Ray already initialised as it is and leaves it
running. Games are shipped as seeds and bot specs, so each report must equal
the local backend's, number for number.
"""

from __future__ import annotations

import io
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.analysis import analyze
from tabletop.cli import main

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=80 * 1024 * 1024,
    )
    try:
        yield
    finally:
        ray.shutdown()


def _without_timing(report: dict[str, Any]) -> dict[str, Any]:
    report = dict(report)
    report.pop("timing")
    return report


def test_analyze_on_ray_equals_the_local_backend() -> None:
    args: dict[str, Any] = {"seed": 5, "max_steps": 400}
    bots = ["greedy", "random"]
    local = analyze("station_assault", 12, bots, **args)
    on_ray = analyze("station_assault", 12, bots, backend="ray", batch_size=2, **args)
    assert on_ray["timing"]["backend"] == "ray" and on_ray["timing"]["workers"] == 2
    assert len(on_ray["timing"]["worker_processes"]) == 2
    assert _without_timing(on_ray) == _without_timing(local)
    assert on_ray["games"] == 12 and on_ray["rotate"] is True and on_ray["cards"]


def _cli(*argv: str) -> dict[str, Any]:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    summary: dict[str, Any] = json.loads(out.getvalue())
    for key in ("timing", "seconds", "steps_per_second"):
        summary.pop(key)
    return summary


def test_simulate_on_ray_equals_the_local_backend() -> None:
    argv = ("simulate", "rebel_space", "-n", "10", "--seed", "9", "--json", "--quiet")
    local = _cli(*argv)
    on_ray = _cli(*argv, "--backend", "ray", "--batch-size", "3")
    assert on_ray == local
    assert local["games"] == 10
    assert sum(local["wins"].values()) + local["draws"] + local["unfinished"] == 10


def test_an_interrupted_ray_run_resumes_from_its_records(tmp_path: Path) -> None:
    bots = ["random", "greedy"]
    whole = analyze("rebel_space", 10, bots, seed=1)

    def stop(done: int, total: int) -> None:
        if done == 4:
            raise KeyboardInterrupt  # Ctrl-C between two results

    cut = analyze("rebel_space", 10, bots, seed=1, backend="ray", batch_size=2,
                  records=tmp_path, progress=stop)  # fmt: skip
    assert cut["interrupted"] == {"finished": 4, "asked": 10}
    lines = [x for p in tmp_path.glob("games-*.jsonl") for x in p.read_text().splitlines()]
    assert len(lines) == 4
    resumed = analyze("rebel_space", 10, bots, seed=1, backend="ray", batch_size=2,
                      records=tmp_path)  # fmt: skip
    assert (resumed["timing"]["resumed"], resumed["timing"]["played"]) == (4, 6)
    assert _without_timing(resumed) == _without_timing(whole)


def _worker_pids() -> set[int]:
    """The processes of the Ray workers now running (warmed up by small tasks)."""

    @ray.remote(num_cpus=1)
    def pid() -> int:
        time.sleep(0.05)
        return os.getpid()

    return set(ray.get([pid.remote() for _ in range(6)]))


def test_killed_workers_are_retried_and_every_seed_counts_once() -> None:
    bots = ["mcts:8", "random"]
    local = analyze("rebel_space", 16, bots, seed=3)
    victims = _worker_pids()
    killed: list[int] = []

    def kill_the_workers(done: int, total: int) -> None:
        if not killed:  # the first result: the other batches are running now
            for pid in victims:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    on_ray = analyze("rebel_space", 16, bots, seed=3, backend="ray", batch_size=2,
                     progress=kill_the_workers)  # fmt: skip
    assert killed
    used = {int(w.rpartition(":")[2]) for w in on_ray["timing"]["worker_processes"]}
    assert used - victims, "the batches of the killed workers ran again in new ones"
    assert on_ray["games"] == 16 and len(on_ray["per_game"]) == 16
    assert [g["index"] for g in on_ray["per_game"]] == list(range(16))
    assert _without_timing(on_ray) == _without_timing(local)
