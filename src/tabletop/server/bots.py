"""Seats played by bots: their specs (checked and bounded) and the worker processes.

A seat's kind comes from a client, so it is data: :func:`parse_seat` takes
only ``human`` or a bot spec of the grammar below, within bounds, and
returns its normal form; nothing in it is imported or run.

* ``random``, ``greedy``: the library's bots;
* ``mcts``: ISMCTS with 200 iterations per decision; ``mcts:N`` with ``N``
  iterations (1 to :data:`MAX_ITERATIONS`); ``mcts:X`` or ``mcts:Xs`` with a
  decimal point or an ``s``: ``X`` seconds per decision (at most
  :data:`MAX_SECONDS`).

Bots think in worker processes (:class:`BotPool`), so a thinking bot never
stalls the server's event loop or another game. A worker keeps the states of
the games it played last and applies only the actions it has not seen.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

import attrs

from ..bots.factory import make_bot
from ..errors import TabletopError
from ..model import Action
from ..registry import registered_pack
from ..state import State

__all__ = ["MAX_ITERATIONS", "MAX_SECONDS", "BotJob", "BotPool", "bot_seed", "parse_seat"]

MAX_ITERATIONS = 20_000
"""The most ISMCTS iterations per decision a seat may ask for."""
MAX_SECONDS = 10.0
"""The most seconds per decision a seat may ask for."""

_SPEC = re.compile(
    r"(random|greedy|mcts)(?::(?:([0-9]{1,6})|([0-9]{0,3}\.[0-9]{1,3})s?|([0-9]{1,3})s))?"
)


class SeatError(TabletopError):
    """A seat kind that is neither ``human`` nor a bot spec the server accepts."""


def parse_seat(spec: object) -> str:
    """The normal form of a seat kind: ``human``, or a bot spec (see the module)."""
    if type(spec) is not str:
        raise SeatError(
            f"a seat is 'human' or a bot spec such as 'mcts:200', not {type(spec).__name__}"
        )
    if spec == "human":
        return spec
    m = _SPEC.fullmatch(spec)
    if m is None:
        raise SeatError(
            f"unknown seat {spec[:40]!r}: write 'human', 'random', 'greedy', 'mcts', "
            f"'mcts:N' (iterations, 1..{MAX_ITERATIONS}) or 'mcts:X' / 'mcts:Xs' "
            f"(seconds per decision, at most {MAX_SECONDS:g})"
        )
    kind, iters, secs, whole = m.groups()
    if kind != "mcts" and (iters or secs or whole):
        raise SeatError(f"bot {kind!r} takes no argument: write {kind!r}")
    if iters is not None:
        n = int(iters)
        if not 1 <= n <= MAX_ITERATIONS:
            raise SeatError(f"mcts:{n}: iterations must be 1..{MAX_ITERATIONS}")
        return f"mcts:{n}"
    if secs is not None or whole is not None:
        x = float(secs if secs is not None else whole)
        if not 0 < x <= MAX_SECONDS:
            raise SeatError(
                f"{spec}: seconds per decision must be over 0 and at most {MAX_SECONDS:g}"
            )
        return f"mcts:{x:g}s"
    return kind


def bot_seed(game_seed: int, seat: int, step: int) -> int:
    """The seed of a bot's decision at ``step``: fixed by the game's (secret) seed."""
    digest = hashlib.sha256(f"tabletop-bot:{game_seed}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@attrs.frozen
class BotJob:
    """One decision to take: the game's record so far and who decides how."""

    game_id: str
    pack: str
    options: dict[str, Any]
    seed: int
    actions: tuple[dict[str, Any], ...]
    seat: int
    spec: str


# ---------------------------------------------------------------- in the worker
_STATES: OrderedDict[str, State] = OrderedDict()
_KEEP = 64


def _state_for(job: BotJob) -> State:
    state = _STATES.pop(job.game_id, None)
    if state is None or len(state.history) > len(job.actions):
        game = registered_pack(job.pack)
        state = game.new_state(seed=job.seed, options=game.options_from_data(job.options))
    structure = state.game.converter.structure
    for raw in job.actions[len(state.history) :]:
        state.apply(structure(raw, Action))
    _STATES[job.game_id] = state
    while len(_STATES) > _KEEP:
        _STATES.popitem(last=False)
    return state


def decide(job: BotJob) -> int:
    """The id of the action the bot of ``job`` takes (runs in a worker process)."""
    state = _state_for(job)
    if state.current_player != job.seat:
        raise TabletopError(f"game {job.game_id}: seat {job.seat} is not to move")
    bot = make_bot(job.spec, bot_seed(job.seed, job.seat, len(job.actions)))
    return state.game.encode(bot.choose(state))


def _watch_parent(parent: int) -> None:
    """End this worker when the server process is gone (even killed with SIGKILL)."""

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="tabletop-parent-watch").start()


# ---------------------------------------------------------------- in the server
class BotPool:
    """Worker processes for bot decisions (started on first use)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, job: BotJob) -> Future[int]:
        """Ask a worker for the decision of ``job``; a pool whose worker died is replaced."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        try:
            return self._pool.submit(decide, job)
        except BrokenProcessPool:
            self.close()
            return self.submit(job)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in processes:  # a search in progress is not waited for
                p.terminate()
            for p in processes:
                p.join(timeout=5)
