"""Where the games of a run are played: this process, a process pool, or Ray.

Every backend takes the same stream of :class:`~tabletop.analysis.play.Batch`
objects and hands each batch's output to the driver as it arrives, keeping
only a few batches in flight (``IN_FLIGHT`` per worker), so a run of any
size holds a bounded amount of work in memory.

The Ray backend (the optional extra ``tabletop[ray]``) ships batches to Ray
tasks: a task plays its games from their seeds and bot specs, so a task that
dies with its worker or node is simply run again by Ray
(:data:`RAY_RETRIES` times) and gives the same results.
"""

from __future__ import annotations

import os
import queue
import signal
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import TabletopError
from .play import Batch, play_batch

__all__ = ["IN_FLIGHT", "RAY_RETRIES", "BackendError", "run_local", "run_ray"]

IN_FLIGHT = 2
"""Batches in flight per worker: one running, one waiting, so no worker idles."""
RAY_RETRIES = 5
"""How often Ray runs a batch again whose worker process or node died."""
RAY_OBJECT_STORE = 128 * 1024 * 1024
"""Object store of a Ray started by the run itself (results are small)."""

OnBatch = Callable[[dict[str, Any]], None]


class BackendError(TabletopError):
    """A backend that cannot run (Ray missing, a cluster that cannot be joined, workers lost)."""


def _ignore_sigint() -> None:  # pragma: no cover - runs in pool workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle


def run_local(batches: Iterator[Batch], on_batch: OnBatch, workers: int) -> None:
    """Play the batches here (``workers == 1``) or in a pool of spawned processes."""
    if workers == 1:
        for batch in batches:
            on_batch(play_batch(batch))
        return
    from multiprocessing import get_context

    done: queue.SimpleQueue[Any] = queue.SimpleQueue()
    with get_context("spawn").Pool(workers, initializer=_ignore_sigint) as pool:
        pending = 0
        for batch in batches:
            pool.apply_async(play_batch, (batch,), callback=done.put, error_callback=done.put)
            pending += 1
            if pending >= IN_FLIGHT * workers:
                on_batch(_next(done))
                pending -= 1
        for _ in range(pending):
            on_batch(_next(done))


def _next(done: queue.SimpleQueue[Any]) -> dict[str, Any]:
    """The next finished batch (waking twice a second, so Ctrl-C is seen)."""
    while True:
        try:
            out = done.get(timeout=0.5)
        except queue.Empty:
            continue
        if isinstance(out, BaseException):
            raise out
        assert isinstance(out, dict)
        return out


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "--backend ray needs Ray: pip install 'tabletop[ray]' (make installs it)"
        ) from None
    return ray


def run_ray(
    batches: Iterator[Batch],
    on_batch: OnBatch,
    *,
    address: str | None = None,
    workers: int | None = None,
) -> int:
    """Play the batches as Ray tasks; the number of CPUs the cluster offered.

    A Ray already initialised in this process is used as it is (and left
    running). Otherwise ``address`` joins a running cluster (``auto``, a
    head's ``host:port`` or ``ray://host:10001``), and without it a local Ray
    is started with ``workers`` CPUs (default: all) and shut down at the end.
    """
    ray = _ray()
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                    object_store_memory=RAY_OBJECT_STORE,
                )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(f"cannot start or join Ray (address {address!r}): {exc}") from None
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(play_batch)
        pending: list[Any] = []
        try:
            for batch in batches:
                pending.append(task.remote(batch))
                while len(pending) >= IN_FLIGHT * cpus:
                    pending = _ray_collect(ray, pending, on_batch)
            while pending:
                pending = _ray_collect(ray, pending, on_batch)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return cpus
    finally:
        if started:
            ray.shutdown()


def _ray_collect(ray: Any, pending: list[Any], on_batch: OnBatch) -> list[Any]:
    """Hand on the batches that finished (waiting up to half a second); the rest."""
    done, rest = ray.wait(pending, num_returns=1, timeout=0.5)
    if done and rest:
        more, rest = ray.wait(rest, num_returns=len(rest), timeout=0)
        done += more
    for ref in done:
        try:
            out = ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, TabletopError):
                raise cause from None  # a pack's own error, raised in the worker
            raise BackendError(f"a batch of games failed on Ray: {str(exc)[:500]}") from None
        except ray.exceptions.RayError as exc:
            raise BackendError(
                f"a batch of games failed on Ray ({type(exc).__name__}), retried "
                f"{RAY_RETRIES} times: {str(exc)[:300]}"
            ) from None
        on_batch(out)
    return list(rest)
