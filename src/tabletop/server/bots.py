"""Seats played by bots: their specs (checked and bounded) and the worker processes.

A seat's kind comes from a client, so it is data: :func:`parse_seat` takes
only ``human`` or a bot spec of the grammar below, within bounds, and
returns its normal form; nothing in it is imported or run.

* ``random``, ``greedy``: the library's bots;
* ``mcts``: ISMCTS with 200 iterations per decision; ``mcts:N`` with ``N``
  iterations (1 to :data:`MAX_ITERATIONS`); ``mcts:X`` or ``mcts:Xs`` with a
  decimal point or an ``s``: ``X`` seconds per decision (at most
  :data:`MAX_SECONDS`);
* the name of a bot the server's own configuration adds
  (``Settings.bots``, ``tabletop serve --bot NAME=SPEC``): a request names it,
  the configuration says what code it is (an installed bot's name or
  ``module:attr``), so no request ever names code to import.

Bots think in worker processes (:class:`BotPool`), so a thinking bot never
stalls the server's event loop or another game. A worker keeps the states of
the games it played last and applies only the actions it has not seen.
:class:`FairQueue` hands the decisions to the workers fairly between games:
the game whose bots used the least of the workers lately goes first, so a
new game is not kept waiting behind games whose bots think long.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Collection, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

import attrs

from ..bots.factory import make_bot
from ..bots.ismcts import ISMCTSBot
from ..errors import TabletopError
from ..game import Game
from ..model import Action
from ..registry import registered_pack
from ..state import State

__all__ = [
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "BotJob",
    "BotPool",
    "FairQueue",
    "bot_seed",
    "check_configured_bots",
    "decide_on",
    "parse_seat",
    "seconds_of",
    "start_state",
]

MAX_ITERATIONS = 20_000
"""The most ISMCTS iterations per decision a seat may ask for."""
MAX_SECONDS = 10.0
"""The most seconds per decision a seat may ask for."""

_SPEC = re.compile(
    r"(random|greedy|mcts)(?::(?:([0-9]{1,6})|([0-9]{0,3}\.[0-9]{1,3})s?|([0-9]{1,3})s))?"
)


class SeatError(TabletopError):
    """A seat kind that is neither ``human`` nor a bot spec the server accepts."""


def parse_seat(spec: object, extra: Collection[str] = ()) -> str:
    """The normal form of a seat kind: ``human``, a bot spec (see the module), or one
    of ``extra``, the names of the bots the server's configuration adds."""
    if type(spec) is not str:
        raise SeatError(
            f"a seat is 'human' or a bot spec such as 'mcts:200', not {type(spec).__name__}"
        )
    if spec == "human" or spec in extra:
        return spec
    m = _SPEC.fullmatch(spec)
    if m is None:
        more = "".join(f", {name!r}" for name in sorted(extra))
        raise SeatError(
            f"unknown seat {spec[:40]!r}: write 'human', 'random', 'greedy', 'mcts', "
            f"'mcts:N' (iterations, 1..{MAX_ITERATIONS}) or 'mcts:X' / 'mcts:Xs' "
            f"(seconds per decision, at most {MAX_SECONDS:g}){more}"
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


def check_configured_bots(bots: Mapping[str, str]) -> None:
    """Check the server's configured bots at start-up: each name is free (not a built-in
    kind, not ``human``), at most 40 letters, digits, ``-`` or ``_``, and its code
    makes a bot; a :class:`~tabletop.TabletopError` names the first that does not."""
    for name, code in bots.items():
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", name):
            raise SeatError(f"bot name {name[:40]!r}: use 1 to 40 letters, digits, '-' or '_'")
        if name == "human" or _SPEC.fullmatch(name) or name == "ismcts":
            raise SeatError(f"bot name {name!r} is taken by a built-in seat kind; pick another")
        make_bot(code, 0)  # fails here, at start-up, with what is wrong


def seconds_of(spec: str) -> float | None:
    """The seconds per decision of a normal-form seat spec (``None``: not a timed bot)."""
    if spec.startswith("mcts:") and spec.endswith("s"):
        return float(spec[5:-1])
    return None


def bot_seed(game_seed: int, seat: int, step: int) -> int:
    """The seed of a bot's decision at ``step``: fixed by the game's (secret) seed."""
    digest = hashlib.sha256(f"tabletop-bot:{game_seed}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def start_state(
    game: Game, options: dict[str, Any], seed: int, position: dict[str, Any] | None
) -> State:
    """A stored game's state before its first action: set up from its ``position``
    document when it started from one, else dealt from ``seed`` with ``options``.

    Every place that rebuilds a game from what the database holds (loading it,
    a replay, a bot's worker) starts here, so a game started from a position is
    the same game everywhere.
    """
    if position is not None:
        state: State = game.position(position)
        return state
    return game.new_state(seed=seed, options=game.options_from_data(options))


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
    max_seconds: float | None = None
    """The server's cap on a decision: a search stops then, whatever its budget."""
    code: str | None = None
    """For a bot of the server's configuration: what it is (an installed bot's name or
    ``module:attr``), from the configuration, never from a request."""
    position: dict[str, Any] | None = None
    """The position document the game started from (``None``: dealt from ``seed``)."""


# ---------------------------------------------------------------- in the worker
_STATES: OrderedDict[str, State] = OrderedDict()
_KEEP = 64


def _state_for(job: BotJob) -> State:
    state = _STATES.pop(job.game_id, None)
    if state is None or len(state.history) > len(job.actions):
        state = start_state(registered_pack(job.pack), job.options, job.seed, job.position)
    structure = state.game.converter.structure
    for raw in job.actions[len(state.history) :]:
        state.apply(structure(raw, Action))
    _STATES[job.game_id] = state
    while len(_STATES) > _KEEP:
        _STATES.popitem(last=False)
    return state


def decide(job: BotJob) -> int:
    """The id of the action the bot of ``job`` takes (runs in a worker process)."""
    return decide_on(_state_for(job), job)


def decide_on(state: State, job: BotJob) -> int:
    """The id of the action the bot of ``job`` takes in ``state`` (its game's state
    after ``job.actions``): the same wherever it runs (the bot's seed comes from the
    game's seed, the seat and the step), unless the server's time cap cuts a search."""
    if state.current_player != job.seat:
        raise TabletopError(f"game {job.game_id}: seat {job.seat} is not to move")
    seed = bot_seed(job.seed, job.seat, len(job.actions))
    if job.code is not None:
        bot = make_bot(job.code, seed)  # the server's own configuration names this code
    else:
        bot = make_bot(job.spec, seed, imports=False)
    if job.max_seconds is not None and isinstance(bot, ISMCTSBot):
        bot.time_s = min(bot.time_s or job.max_seconds, job.max_seconds)
    return state.game.encode(bot.choose(state))


def _watch_parent(parent: int) -> None:
    """End this worker when the server process is gone (even killed with SIGKILL).

    A worker ignores SIGINT: Ctrl-C in a terminal reaches every process of its
    group, and the server stops its workers itself (:meth:`BotPool.close`), so
    a search interrupted mid-way prints no traceback.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="tabletop-parent-watch").start()


# ---------------------------------------------------------------- in the server
@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while worker processes may be started (in the main thread only).

    A process started meanwhile inherits the ignored SIGINT, so a Ctrl-C that
    comes while it is still importing does not interrupt it either; the
    server's own handler is put back at once.
    """
    old = signal.getsignal(signal.SIGINT)
    if old is None or threading.current_thread() is not threading.main_thread():
        yield  # a handler set outside Python could not be put back: leave it
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


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
            with _sigint_ignored():  # a worker started now ignores Ctrl-C from its start
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


class FairQueue:
    """Bot decisions waiting for a worker, handed out fairly between clients and games.

    At most ``workers`` decisions are in the pool at once (so none waits in
    the pool's own first-come queue). When a worker is free, the waiting
    decision that goes next is that of the client (the address that made the
    game) whose games used the least worker time lately, and among that
    client's games, of the game that used the least: seconds of work, the
    work running now included, halved every ``half_life`` seconds. A game has
    at most one decision waiting (its bots decide one after the other), so
    games whose bots think for seconds take turns, and a client that has not
    used the workers lately (a player starting a game) is next, however many
    games another client keeps busy. Used from the server's event loop only.
    """

    def __init__(self, pool: BotPool, workers: int, half_life: float = 60.0) -> None:
        self.pool = pool
        self.workers = max(1, workers)
        self.half_life = half_life
        self.used: dict[str, tuple[float, float]] = {}
        """Per client (``c:...``) and game (``g:...``): seconds of work done, as of a time."""
        self.running: dict[int, tuple[str, str, float]] = {}
        """Decisions in the pool: their client key, game key and start."""
        self.waiting: dict[int, tuple[str, str, asyncio.Future[None]]] = {}
        self._seq = 0

    def usage(self, key: str, now: float | None = None) -> float:
        """The worker seconds of ``key`` (``c:client`` or ``g:game``) lately: the work
        done (halved every ``half_life`` s) and the work running now."""
        now = time.monotonic() if now is None else now
        used, at = self.used.get(key, (0.0, now))
        done = used * 0.5 ** ((now - at) / self.half_life)
        return float(done + sum(now - t for c, g, t in self.running.values() if key in (c, g)))

    async def decide(self, job: BotJob, client: str = "") -> int:
        """The decision of ``job`` (of a game made by ``client``), from a worker, in
        its turn (see the class)."""
        loop = asyncio.get_running_loop()
        self._seq += 1
        seq = self._seq
        keys = (f"c:{client}", f"g:{job.game_id}")
        if len(self.running) >= self.workers or self.waiting:
            turn: asyncio.Future[None] = loop.create_future()
            self.waiting[seq] = (*keys, turn)
            try:
                await turn
            except asyncio.CancelledError:
                self.waiting.pop(seq, None)
                if turn.done() and not turn.cancelled():  # given a worker, then cancelled
                    self.running.pop(seq, None)
                    self._next()
                raise
        else:
            self.running[seq] = (*keys, time.monotonic())
        try:
            fut = self.pool.submit(job)
        except BaseException:
            self._release(seq)
            raise

        def release(_: object = None) -> None:
            self._release(seq)

        try:
            return await asyncio.wrap_future(fut)
        finally:
            if fut.done():
                release()
            else:  # cancelled here, still thinking there: the worker is busy until then
                fut.add_done_callback(lambda _: loop.call_soon_threadsafe(release))

    def _release(self, seq: int) -> None:
        got = self.running.pop(seq, None)
        if got is not None:
            now = time.monotonic()
            for key in got[:2]:
                self.used[key] = (self.usage(key, now) + (now - got[2]), now)
            if len(self.used) > 20_000:  # forget who used next to nothing lately
                for key in [k for k in self.used if self.usage(k, now) < 0.01]:
                    del self.used[key]
        self._next()

    def _next(self) -> None:
        while len(self.running) < self.workers and self.waiting:
            now = time.monotonic()
            for seq in [s for s, (_, _, turn) in self.waiting.items() if turn.done()]:
                del self.waiting[seq]  # their tasks were cancelled meanwhile
            if not self.waiting:
                return
            seq = min(
                self.waiting,
                key=lambda s: (
                    self.usage(self.waiting[s][0], now),
                    self.usage(self.waiting[s][1], now),
                    s,
                ),
            )
            client, game, turn = self.waiting.pop(seq)
            self.running[seq] = (client, game, now)
            turn.set_result(None)
