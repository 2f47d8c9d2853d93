"""The games a server process plays: cached states, kept in step with the database.

:class:`Games` is the server's core, below the HTTP layer. Each game's state
lives in a cache, rebuilt from its stored record when missing; before any
read or action the cached state is brought up to date with the database (a
cheap read of the game's step), so several processes on one database see
the same games. An action is checked against the state, applied to a copy,
committed with a compare-and-set on the game's step (see
:mod:`tabletop.server.storage`), and only then made the cached state and
acknowledged.

Operations on one game are serialised within a process by the game's
``asyncio.Lock``; blocking database calls run in threads; bot decisions run
in worker processes (:class:`~tabletop.server.bots.BotPool`), handed out
fairly between games (:class:`~tabletop.server.bots.FairQueue`).

What keeps one client from taking the server from the others lives here too:
each game has an owner (the token its maker gets) who may end it; the games
in play, in all and per client address, are capped when a game is made
(atomically, in the database), and so is the pace at which an address makes
them; a game nobody acted in, read or followed for ``game_idle_timeout``
seconds ends as ``abandoned``; live connections are capped per address.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import Any, TypeVar

import anyio
import attrs

from ..errors import OptionsError, PositionError, TabletopError, UnknownGameError
from ..game import Game
from ..limits import DEFAULT_LIMITS, INT_MAX, INT_MIN, short
from ..model import Action
from ..positions import CORE_FACTS, read_position
from ..registry import pack_names, registered_pack
from ..state import State
from .bodies import TIMER_FIELDS, Facts, batches, public_seats, seat_body
from .bots import (
    MAX_SECONDS,
    BotJob,
    BotPool,
    FairQueue,
    check_configured_bots,
    decide_on,
    parse_seat,
    seconds_of,
    start_state,
)
from .net import Buckets
from .settings import Settings
from .storage import Append, Conflict, Full, GameRow, Store
from .wire import ApiError, CreateRequest, TimerRequest

__all__ = ["Games", "Live", "check_act", "derive_token", "hash_token"]

log = logging.getLogger("tabletop.server")
T = TypeVar("T")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,100}")


def hash_token(token: str) -> str:
    """How a seat's token is stored: its SHA-256 (tokens are 192 random bits)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def derive_token(token: str, game_id: str, what: str) -> str:
    """A token of rematch ``game_id`` that only the holder of ``token`` (a seat's token
    in the finished game) can work out: HMAC-SHA256 keyed by ``token``, 192 bits in
    URL-safe base64. The server stores only its hash, and computes it again each time
    the holder asks, so the rematch's seats need no stored secret."""
    mac = hmac.new(token.encode("ascii"), f"tabletop rematch {game_id} {what}".encode(), "sha256")
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode("ascii")


def read_position_field(value: Any) -> dict[str, Any]:
    """The position document of ``POST /games``'s ``position``: an object, or its JSON
    or TOML text, read as untrusted data by :func:`tabletop.read_position` (its size,
    depth and values bounded; an object goes through the same checks as its text).
    Anything wrong is a 422 ``bad_position`` saying what and where."""
    if isinstance(value, dict):
        text = json.dumps(value, separators=(",", ":"))
    elif isinstance(value, str):
        text = value
    else:
        raise ApiError(
            422,
            "bad_position",
            "position: a position document (an object of facts) or its JSON or TOML text, "
            f"not {short(value, 40) if value is not None else 'null'}",
        )
    try:
        return read_position(text)
    except PositionError as exc:
        raise ApiError(422, "bad_position", str(exc)) from None


def position_start(game: Game, doc: dict[str, Any]) -> State:
    """A new game of ``game`` set up as position ``doc`` says (422 ``bad_position``
    naming the fact that is wrong). A document that gives no ``seed`` gets a random
    one, as a game without a position does: what the document leaves open (a deck's
    order it does not give) is then dealt by a seed nobody knows, which stays secret
    until the game ends."""
    if "seed" not in doc:
        doc = {**doc, "seed": secrets.randbits(63)}
    try:
        state: State = game.position(doc)
    except PositionError as exc:
        raise ApiError(422, "bad_position", str(exc)) from None
    return state


def position_facts(game: Game) -> list[dict[str, str]]:
    """The facts a position document of ``game`` may give (the core's, then the pack's):
    name, kind, default and help, in words; empty when the pack has no positions."""
    if not game.position_facts:
        return []
    return [
        {"name": f.name, "kind": f.kind, "default": f.default, "help": f.help}
        for f in (*CORE_FACTS, *game.position_facts)
    ]


def timer_of(
    req: TimerRequest, n: int, max_bot_seconds: float, extra: Collection[str] = ()
) -> dict[str, Any]:
    """The stored form of a game's turn timer, checked (422 ``bad_timer``)."""

    def bad(words: str) -> ApiError:
        return ApiError(422, "bad_timer", f"timer: {words}")

    if req.kind not in ("move", "clock"):
        raise bad(f"kind is move or clock, not {short(req.kind, 20)!r}")
    if not 1 <= req.seconds <= 7 * 86400:
        raise bad("seconds: 1 to 604800")
    if not 0 <= req.increment <= 3600:
        raise bad("increment: 0 to 3600")
    if req.on_timeout not in ("pass", "bot"):
        raise bad(f"on_timeout is pass or bot, not {short(req.on_timeout, 20)!r}")
    if not 0 <= req.replace_after <= 1000:
        raise bad("replace_after: 0 (never) to 1000")
    try:
        bot = parse_seat(req.bot, extra)
    except TabletopError as exc:
        raise bad(f"bot: {exc}") from None
    if bot == "human":
        raise bad("bot: a bot, not human")
    secs = seconds_of(bot)
    if secs is not None and max_bot_seconds and secs > max_bot_seconds:
        raise bad(f"bot: thinks {secs:g} s; this server allows {max_bot_seconds:g}")
    return {
        "kind": req.kind,
        "seconds": req.seconds,
        "increment": req.increment if req.kind == "clock" else 0,
        "on_timeout": req.on_timeout,
        "bot": bot,
        "replace_after": req.replace_after,
        "clocks": [float(req.seconds)] * n if req.kind == "clock" else None,
        "strikes": [0] * n,
        "turn_start": None,
        "deadline": None,
    }


def timer_turn(t: dict[str, Any], kinds: list[str], cp: int | None, now: float) -> None:
    """Start the turn of ``cp`` at ``now`` in timer ``t`` (in place): a deadline when a
    person is to move, none for a bot or at the end."""
    if cp is None or kinds[cp] != "human":
        t["turn_start"] = t["deadline"] = None
        return
    t["turn_start"] = now
    left = t["clocks"][cp] if t["kind"] == "clock" else t["seconds"]
    t["deadline"] = now + max(0.0, float(left))


def timer_after(
    t: dict[str, Any], seat: int, now: float, timed_out: bool
) -> tuple[dict[str, Any], bool]:
    """Timer ``t`` after ``seat`` moved at ``now`` (or its time ran out): a new dict
    with its clock charged (plus the increment) and its time-outs in a row counted;
    and whether the seat has now timed out ``replace_after`` times in a row."""
    t = {**t, "strikes": list(t["strikes"])}
    if t["kind"] == "clock" and t.get("turn_start") is not None:
        clocks = list(t["clocks"])
        used = now - t["turn_start"]
        clocks[seat] = (0.0 if timed_out else max(0.0, clocks[seat] - used)) + t["increment"]
        t["clocks"] = [round(c, 3) for c in clocks]
    t["strikes"][seat] = t["strikes"][seat] + 1 if timed_out else 0
    n = t["replace_after"]
    return t, bool(timed_out and n and t["strikes"][seat] >= n)


@attrs.define(eq=False)
class Live(Facts):
    """A game in this process's cache."""

    row: GameRow | None = None
    hashes: list[str | None] = attrs.field(factory=list)
    raw: list[dict[str, Any]] = attrs.field(factory=list)
    """The actions as stored (JSON-able), for bot jobs."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    watchers: set[asyncio.Event] = attrs.field(factory=set)
    replays: dict[int, Any] = attrs.field(factory=dict)
    """States at every ``REPLAY_EVERY``-th step (a step-through replay starts from the
    nearest one), made as replays ask for them."""
    replay_lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    timer_task: asyncio.Task[None] | None = None
    """The task that plays for the seat to move when its time runs out."""
    bot_failures: int = 0
    """Bot decisions of this game that failed in a row (a worker died)."""
    bodies: dict[int | None, tuple[tuple[int, str], dict[str, Any]]] = attrs.field(factory=dict)
    """Each seat's body at the last (step, status) it was asked for (reads, pushes and the
    answer to an action ask for the same one)."""

    def body(self, seat: int | None, since: int | None = None, log: bool = False) -> dict[str, Any]:
        """:func:`~tabletop.server.bodies.seat_body`, made once per step and seat."""
        key = (self.step, self.status)
        hit = self.bodies.get(seat)
        if hit is not None and hit[0] == key:
            base = hit[1]
        else:
            base = seat_body(self, seat)
            self.bodies[seat] = (key, base)
        if self.timer is not None and base["timer"] is not None:
            t = base["timer"]
            left = None if t["deadline"] is None else max(0.0, t["deadline"] - time.time())
            base = {**base, "timer": {**t, "remaining": left}}
        if since is None and not log:
            return base
        return {**base, "events": batches(self, seat, since)}

    def notify(self) -> None:
        for w in self.watchers:
            w.set()


def check_act(live: Facts, seat: int, action_id: int, seen: int) -> Action:
    """The action ``action_id`` if ``seat`` may play it now, having seen ``seen`` steps;
    else the :class:`ApiError` a client gets (its words give away no secret: whose
    turn it is, the step, how many actions the seat itself may choose from)."""
    if live.over:
        raise ApiError(409, "game_over", f"game {live.id} is over ({live.status})")
    step = live.step
    if seen != step:
        raise ApiError(
            409,
            "stale",
            f"you have seen {seen} actions but game {live.id} is at step {step}: "
            "read the game again and choose from its legal actions",
        )
    state = live.state
    if state.current_player != seat:
        raise ApiError(
            409, "not_your_turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s"
        )
    game = live.game
    if not 0 <= action_id < game.num_distinct_actions:
        raise ApiError(
            422,
            "illegal_action",
            f"action_id {action_id} is out of range 0..{game.num_distinct_actions - 1}",
        )
    action = game.decode(action_id)
    if not state.is_legal(action):
        raise ApiError(
            422,
            "illegal_action",
            f"action_id {action_id} is not one of the {len(state.legal_actions())} legal "
            "actions now: choose an id from legal_actions",
        )
    return action


class Committer:
    """Stores actions of many games in shared transactions (group commit).

    Each request waits for its own action to be committed, as before; but
    while one transaction is being flushed to disk, the actions that arrive
    queue up and go together in the next one, so a disk flush is paid once
    per batch, not once per action. One batch is in flight at a time.
    (Four at once on PostgreSQL, each a transaction of its own, made the
    latency with WebSocket clients several times worse on the project's
    2-core machine.)
    """

    MAX_BATCH = 256

    def __init__(self, games: Games) -> None:
        self.games = games
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[bool]]] = asyncio.Queue()

    async def append(self, item: Append) -> bool:
        """Whether ``item`` was stored (``False``: its game had moved on)."""
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        await self.queue.put((item, fut))
        return await fut

    async def run(self) -> None:
        """Take batches off the queue and commit them, for ever."""
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty() and len(batch) < self.MAX_BATCH:
                batch.append(self.queue.get_nowait())
            try:
                done = await self.games.db(
                    self.games.store.append_many,
                    [it for it, _ in batch],
                    limiter=self.games.commit_limiter,
                )
            except Exception as exc:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(exc)
                continue
            for (_, fut), ok in zip(batch, done):
                if not fut.done():
                    fut.set_result(ok)


class Games:
    """The games of one server process (see the module docstring)."""

    def __init__(self, settings: Settings, store: Store, pool: BotPool) -> None:
        self.settings = settings
        check_configured_bots(settings.bots)  # a bad --bot fails at start-up, not mid-game
        self.store = store
        self.pool = pool
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._limiter = anyio.CapacityLimiter(settings.db_threads)
        self.commit_limiter = anyio.CapacityLimiter(1)
        """The committer's own thread: commits never queue behind reads."""
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._committer = Committer(self)
        self._watching = 0
        self.queue = FairQueue(pool, pool.workers)
        """Bot decisions waiting for a worker, served fairly between games."""
        self._creates = Buckets(settings.creates_per_minute)
        self._touched: set[str] = set()
        """Games someone acted in, read or followed since the last note in the database."""
        self._by_client: dict[str, int] = {}
        """Live connections per client address."""
        self._deciding: set[str] = set()
        """Games whose bot waits for a worker's decision (which an end may cancel)."""

    # ------------------------------------------------------------ plumbing
    async def db(
        self,
        fn: Callable[..., T],
        *args: Any,
        limiter: anyio.CapacityLimiter | None = None,
        **kwargs: Any,
    ) -> T:
        """Run a blocking database call in a thread (one of ``db_threads``, or of ``limiter``)."""
        return await anyio.to_thread.run_sync(
            lambda: fn(*args, **kwargs), limiter=limiter or self._limiter
        )

    async def start(self) -> None:
        """Migrate the schema, restart the bots whose turn it is, start the watchers."""
        await self.db(self.store.migrate)
        for gid in await self.db(self.store.bot_turns):
            live = await self.open(gid)
            self._schedule_bot(live)
        for gid in await self.db(self.store.timed_games):  # deadlines survive a restart
            with contextlib.suppress(ApiError):
                self._arm(await self.open(gid))
        self._tasks.append(asyncio.create_task(self._committer.run(), name="tabletop-commit"))
        self._tasks.append(asyncio.create_task(self._poll(), name="tabletop-poll"))
        self._tasks.append(asyncio.create_task(self._sweep(), name="tabletop-sweep"))
        self._tasks.append(asyncio.create_task(self._upkeep(), name="tabletop-upkeep"))
        if self.store.dialect == "sqlite":
            self._tasks.append(asyncio.create_task(self._checkpoint(), name="tabletop-checkpoint"))

    async def stop(self) -> None:
        for live in self._cache.values():
            if live.timer_task is not None:
                live.timer_task.cancel()
        for t in [*self._tasks, *self._bots.values()]:
            t.cancel()
        for t in [*self._tasks, *self._bots.values()]:
            # (a worker's KeyboardInterrupt, should one come through a future, ends nothing more)
            with contextlib.suppress(asyncio.CancelledError, KeyboardInterrupt, Exception):
                await t
        self._tasks.clear()
        self._bots.clear()

    # ------------------------------------------------------------ loading
    async def open(self, game_id: str) -> Live:
        """The cached game ``game_id`` (loaded from the database if need be); 404 if none."""
        if type(game_id) is not str or not _GAME_ID.fullmatch(game_id):
            raise ApiError(404, "unknown_game", f"no game {short(game_id, 40)}")
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
            return live
        async with self._load_lock:
            live = self._cache.get(game_id)
            if live is None:
                live = await self._load(game_id)
                self._cache[game_id] = live
                self._evict()
        return live

    def _evict(self) -> None:
        while len(self._cache) > self.settings.cache_games:
            for gid, live in self._cache.items():
                armed = live.timer_task is not None and not live.timer_task.done()
                if (
                    not live.watchers
                    and not live.lock.locked()
                    and gid not in self._bots
                    and not armed
                ):
                    del self._cache[gid]
                    break
            else:
                return

    async def _load(self, game_id: str) -> Live:
        row = await self.db(self.store.game, game_id)
        if row is None:
            raise ApiError(404, "unknown_game", f"no game {game_id}")
        hashes = await self.db(self.store.token_hashes, game_id)
        stored = await self.db(self.store.actions, game_id)
        game = self._pack_of(row)
        state = start_state(game, row.options, row.seed, row.position)
        live = Live(
            id=row.id,
            game=game,
            state=state,
            seats=row.seats,
            marks=[len(state.log)],
            row=row,
            hashes=hashes,
        )
        self._apply_stored(live, [a for a, _ in stored])
        self._set_status(live, row)
        if row.timer is not None:
            live.notes = self._notes(await self.db(self.store.notes, game_id))
        return live

    @staticmethod
    def _notes(stored: dict[int, dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
        """Notes by action index as notes by step (action ``k`` is step ``k + 1``)."""
        return {idx + 1: [note] for idx, note in stored.items()}

    async def _reload(self, live: Live) -> None:
        """Rebuild ``live`` from the database (after a step the database refused)."""
        try:
            fresh = await self._load(live.id)
        except BaseException:
            self._cache.pop(live.id, None)  # the next request loads it again
            raise
        live.state, live.marks, live.raw = fresh.state, fresh.marks, fresh.raw
        live.seats, live.timer, live.notes = fresh.seats, fresh.timer, fresh.notes
        live.bodies.clear()
        live.status, live.returns, live.resigned = fresh.status, fresh.returns, fresh.resigned
        live.rematch, live.row = fresh.rematch, fresh.row
        live.notify()

    def _pack_of(self, row: GameRow) -> Game:
        try:
            game: Game = registered_pack(row.pack)
        except UnknownGameError:
            raise ApiError(
                503, "pack_missing", f"game {row.id} is of pack {row.pack!r}, not installed here"
            ) from None
        if row.pack_version not in game.record_compat:
            raise ApiError(
                503,
                "pack_version",
                f"game {row.id} was made with {row.pack} {row.pack_version}; this server has "
                f"{game.version}",
            )
        return game

    def _apply_stored(self, live: Live, stored: list[dict[str, Any]]) -> None:
        """Play actions read from the database (written by a server: checked anyway)."""
        state = live.state
        structure = live.game.converter.structure
        for raw in stored:
            state.apply(structure(raw, Action))
            live.raw.append(raw)
            live.marks.append(len(state.log))

    @staticmethod
    def _set_status(live: Live, row: GameRow) -> None:
        live.status = row.status
        live.returns = row.returns
        live.resigned = row.resigned
        live.rematch = row.rematch
        live.row = row
        live.timer = row.timer
        live.seats = row.seats

    async def sync(self, live: Live) -> bool:
        """Bring ``live`` up to date with the database (call with its lock held).

        Returns whether anything changed (an action or an end another process
        stored).
        """
        p = await self.db(self.store.progress, live.id)
        if p is None:
            raise ApiError(404, "unknown_game", f"no game {live.id}")
        changed = False
        timed = live.timer is not None
        if p.num_actions > live.step:
            start = live.step
            stored = await self.db(self.store.actions, live.id, start)
            self._apply_stored(live, [a for a, _ in stored])
            if timed:
                live.notes.update(self._notes(await self.db(self.store.notes, live.id, start)))
            changed = True
        if p.status != live.status or p.rematch != live.rematch or (changed and timed):
            row = await self.db(self.store.game, live.id)
            assert row is not None
            self._set_status(live, row)
            live.bodies.clear()
            changed = True
        if changed:
            live.notify()
            self._schedule_bot(live)
            self._arm(live)
        return changed

    # ------------------------------------------------------------ seats
    def seat_of(self, live: Live, token: str | None) -> int | None:
        """The seat ``token`` is for (``None`` for no token: a spectator); 401/403 otherwise."""
        if token is None:
            return None
        if type(token) is not str or not _TOKEN.fullmatch(token):
            raise ApiError(
                401, "bad_token", "a seat token is the text given when the game was made"
            )
        h = hash_token(token)
        found = None
        for i, stored in enumerate(live.hashes):
            if stored is not None and hmac.compare_digest(stored, h):
                found = i
        if found is None:
            raise ApiError(403, "wrong_token", f"this token is not a seat of game {live.id}")
        return found

    async def seat(self, live: Live, token: str | None) -> int | None:
        """:meth:`seat_of`; a token of no seat is looked up again in the database when
        the game has human seats nobody holds yet (a rematch's, claimed elsewhere)."""
        try:
            return self.seat_of(live, token)
        except ApiError as exc:
            unclaimed = any(
                h is None and k == "human" for h, k in zip(live.hashes, live.seats, strict=False)
            )
            if exc.code != "wrong_token" or not unclaimed:
                raise
        live.hashes = await self.db(self.store.token_hashes, live.id)
        return self.seat_of(live, token)

    async def acting_seat(self, live: Live, token: str | None) -> int:
        """The seat of a token that may act (a seat's own): a grant's token is refused,
        403 ``read_only``; no token, 401."""
        if token is None:
            raise ApiError(401, "no_token", "this needs the seat's token: Authorization: Bearer")
        try:
            seat = await self.seat(live, token)
        except ApiError as exc:
            if exc.code != "wrong_token":
                raise
            found = await self.db(self.store.grant_seat, live.id, hash_token(token))
            if found is not None:
                raise ApiError(
                    403,
                    "read_only",
                    "this is a spectator grant: it reads a seat's view and cannot act",
                ) from None
            raise
        assert seat is not None
        return seat

    async def viewer(self, live: Live, token: str | None) -> tuple[int | None, str | None]:
        """Whose view ``token`` reads: (a seat, None) for a seat's token, (the seat, the
        grant's id) for a spectator grant's, (None, None) for no token."""
        try:
            return await self.seat(live, token), None
        except ApiError as exc:
            if exc.code != "wrong_token" or token is None:
                raise
            found = await self.db(self.store.grant_seat, live.id, hash_token(token))
            if found is None:
                raise
            return found[1], found[0]

    # ------------------------------------------------------------ grants
    MAX_GRANTS = 10
    """The most grants a seat may hold at once."""

    async def grant(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A new spectator grant of the seat of ``token``: its id and its token (shown once)."""
        live = await self.open(game_id)
        seat = await self.acting_seat(live, token)
        grant_id = secrets.token_urlsafe(9)
        secret = secrets.token_urlsafe(24)
        if not await self.db(
            self.store.add_grant, live.id, grant_id, seat, hash_token(secret), self.MAX_GRANTS
        ):
            raise ApiError(
                409,
                "too_many_grants",
                f"seat {seat} has {self.MAX_GRANTS} grants: revoke one first",
            )
        self._touched.add(live.id)
        return {"game": live.id, "grant": grant_id, "seat": seat, "token": secret}

    async def grants(self, game_id: str, token: str | None) -> dict[str, Any]:
        live = await self.open(game_id)
        seat = await self.acting_seat(live, token)
        return {"grants": await self.db(self.store.grants_of, live.id, seat)}

    async def revoke(self, game_id: str, token: str | None, grant_id: str) -> dict[str, Any]:
        """Revoke a grant of the seat of ``token``; its live connections here close."""
        live = await self.open(game_id)
        seat = await self.acting_seat(live, token)
        if type(grant_id) is not str or not _GAME_ID.fullmatch(grant_id):
            raise ApiError(404, "unknown_grant", "no such grant")
        if not await self.db(self.store.revoke_grant, live.id, grant_id, seat):
            raise ApiError(404, "unknown_grant", f"seat {seat} has no grant {grant_id}")
        live.notify()  # a grant's WebSocket checks it is still there when woken
        return {"revoked": grant_id}

    async def grant_alive(self, live: Live, grant_id: str) -> bool:
        return await self.db(self.store.grant_exists, live.id, grant_id)

    # ------------------------------------------------------------ create
    def _full(self, exc: Full) -> ApiError:
        """The answer to a game refused by a cap: the client's (429) or the server's (503)."""
        if exc.what == "client":
            return ApiError(
                429,
                "too_many_games",
                f"this address has {self.settings.games_per_client} games in play, as "
                "many as the server takes from one address: finish or end some first "
                "(POST /games/{id}/end with the game's owner token)",
            )
        return ApiError(503, "full", "this server has as many games in play as it takes; try later")

    async def _open_new(
        self,
        game_id: str,
        game: Game,
        state: Any,
        kinds: list[str],
        hashes: list[str | None],
        timer: dict[str, Any] | None,
    ) -> None:
        """A game just stored, in the cache and going: its bot scheduled, its timer armed."""
        live = Live(
            id=game_id, game=game, state=state, seats=kinds, marks=[len(state.log)], hashes=hashes
        )
        live.row = await self.db(self.store.game, game_id)
        live.timer = timer
        self._cache[game_id] = live
        self._evict()
        self._schedule_bot(live)
        self._arm(live)

    async def create(self, req: CreateRequest, client: str = "") -> dict[str, Any]:
        """Make a game for ``client`` (an address, see :func:`~tabletop.server.net.client_of`);
        the answer holds each human seat's token and the owner's token (shown once)."""
        wait = self._creates.take(client)
        if wait:
            raise ApiError(
                429,
                "too_many_requests",
                f"this address made {self.settings.creates_per_minute} games in the last "
                f"minute; wait {wait:.0f} s",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        try:
            game: Game = registered_pack(req.pack)
        except UnknownGameError as exc:
            raise ApiError(422, "unknown_pack", f"pack: {exc}") from None
        start: State | None = None
        if req.position is not None:
            start = self._position_of(game, req)
        try:
            options = start.options if start is not None else game.options_from_data(req.options)
            n = game.num_players(options)
        except OptionsError as exc:
            raise ApiError(422, "bad_options", str(exc)) from None
        kinds = []
        for i, s in enumerate(req.seats):
            try:
                kinds.append(parse_seat(s, self.settings.bots))
            except TabletopError as exc:
                raise ApiError(422, "bad_seat", f"seats[{i}]: {exc}") from None
            secs = seconds_of(kinds[-1])
            cap = self.settings.max_bot_seconds
            if secs is not None and cap and secs > cap:
                raise ApiError(
                    422,
                    "bad_seat",
                    f"seats[{i}]: {kinds[-1]} thinks {secs:g} s a decision; this server "
                    f"lets a bot think at most {self.settings.max_bot_seconds:g} s",
                )
        if len(kinds) != n:
            raise ApiError(
                422,
                "bad_seats",
                f"seats: {game.name} with these options has {n} seats, not {len(kinds)}",
            )
        if req.seed is not None and not INT_MIN <= req.seed <= INT_MAX:
            raise ApiError(422, "bad_request", "seed: out of range @ body.seed")
        if start is not None:
            state, seed = start, start.seed
        else:
            seed = req.seed if req.seed is not None else secrets.randbits(63)
            try:
                state = game.new_state(seed=seed, options=options)
            except TabletopError as exc:
                raise ApiError(422, "bad_options", str(exc)) from None
        timer = None
        if req.timer is not None:
            timer = timer_of(req.timer, n, self.settings.max_bot_seconds, self.settings.bots)
            timer_turn(timer, kinds, state.current_player, time.time())
        tokens = [secrets.token_urlsafe(24) if k == "human" else None for k in kinds]
        hashes = [hash_token(t) if t is not None else None for t in tokens]
        owner = secrets.token_urlsafe(24)
        game_id = secrets.token_urlsafe(12)
        opts_data = game.unstructure_options(options)
        cp = state.current_player
        try:
            await self.db(
                self.store.create_game,
                game_id=game_id,
                pack=game.name,
                pack_version=game.version,
                options=opts_data,
                seed=seed,
                seat_kinds=kinds,
                token_hashes=hashes,
                to_move=cp,
                bot_turn=cp is not None and kinds[cp] != "human",
                owner_hash=hash_token(owner),
                client=client or None,
                max_active=self.settings.max_active_games,
                max_per_client=self.settings.games_per_client,
                timer=timer,
                deadline=None if timer is None else timer["deadline"],
                position=state.start,
            )
        except Full as exc:
            raise self._full(exc) from None
        await self._open_new(game_id, game, state, kinds, hashes, timer)
        seats = public_seats(game, options, kinds)
        for public, t in zip(seats, tokens):
            if t is not None:
                public["token"] = t
        return {
            "id": game_id,
            "pack": game.name,
            "seats": seats,
            "step": 0,
            "status": "active",
            "owner_token": owner,
            "timer": None if timer is None else {k: timer[k] for k in TIMER_FIELDS},
        }

    @staticmethod
    def _position_of(game: Game, req: CreateRequest) -> State:
        """The start of a game made from ``req.position``: its document read and set up
        (422 ``bad_position``); a body giving ``options`` or ``seed`` beside it is
        refused (422 ``position_conflict``): the position's own facts say them."""
        given = [*(["options"] if req.options else []), *(["seed"] if req.seed is not None else [])]
        if given:
            raise ApiError(
                422,
                "position_conflict",
                f"{' and '.join(given)} beside a position: write them in the position "
                "document (its 'options' and 'seed' facts) and leave them out of the body",
            )
        return position_start(game, read_position_field(req.position))

    # ------------------------------------------------------------ read
    async def read(
        self, game_id: str, token: str | None, since: int | None, log: bool
    ) -> dict[str, Any]:
        live = await self.open(game_id)
        seat, _grant = await self.viewer(live, token)
        self._touched.add(live.id)
        async with live.lock:
            await self.sync(live)
            return live.body(seat, since, log)

    # ------------------------------------------------------------ act
    async def act(
        self, game_id: str, token: str | None, action_id: int, seen: int
    ) -> dict[str, Any]:
        live = await self.open(game_id)
        if token is None:
            raise ApiError(
                401, "no_token", "acting needs the seat's token: Authorization: Bearer <token>"
            )
        seat = await self.acting_seat(live, token)
        self._touched.add(live.id)
        if live.seats[seat] != "human":
            raise ApiError(
                409,
                "replaced",
                f"seat {seat} ran out of time too often in a row: the {live.seats[seat]} "
                "bot plays it now",
            )

        async def locked() -> dict[str, Any]:
            async with live.lock:
                await self._commit(live, seat, action_id, seen)
                return live.body(seat, seen)

        # A task of its own, shielded: a cancelled request (a client gone) must not stop
        # an action half way between the cached state and the database.
        return await asyncio.shield(asyncio.ensure_future(locked()))

    async def _commit(
        self,
        live: Live,
        seat: int,
        action_id: int,
        seen: int,
        timed_out: str | None = None,
    ) -> None:
        """Check, apply, store (compare-and-set), or rebuild the state if the store fails.

        The cached state is checked first; only when the check fails is it
        brought up to date (another process may have moved) and checked again.
        The compare-and-set in the database catches a cache that is behind.
        """
        try:
            action = check_act(live, seat, action_id, seen)
        except ApiError:
            if not await self.sync(live):
                raise
            action = check_act(live, seat, action_id, seen)
        if live.step >= DEFAULT_LIMITS.max_actions:
            raise ApiError(409, "too_long", f"game {live.id} has reached {live.step} actions")
        # Applied in place (a copy would cost more than the rest of the request); if the
        # database refuses the step, the state is rebuilt from what the database holds.
        # Nobody sees the state in between: every reader takes the game's lock.
        state = live.state
        state.apply(action)
        cp = state.current_player
        raw = live.game.converter.unstructure(action)
        kinds = live.seats
        timer = note = None
        replaced = False
        if live.timer is not None:
            now = time.time()
            if live.seats[seat] == "human":
                timer, replaced = timer_after(live.timer, seat, now, timed_out is not None)
            else:
                timer = dict(live.timer)
            if replaced:
                kinds = list(kinds)
                kinds[seat] = timer["bot"]
            timer_turn(timer, kinds, None if state.is_terminal else cp, now)
            if timed_out is not None:
                note = self._timeout_note(live, seat, timed_out, timer, replaced)
        item = Append(
            live.id,
            live.step - 1,
            raw,
            seat,
            to_move=cp,
            bot_turn=cp is not None and kinds[cp] != "human",
            returns=state.returns() if state.is_terminal else None,
            timer=timer,
            deadline=None if timer is None else timer["deadline"],
            note=note,
        )
        try:
            stored = await self._committer.append(item)
        except BaseException:
            await self._reload(live)
            raise
        if not stored:
            await self._reload(live)
            raise ApiError(
                409,
                "stale",
                f"another request took step {seen} of game {live.id} first: read it again",
            )
        live.raw.append(raw)
        live.marks.append(len(state.log))
        if state.is_terminal:
            live.status = "finished"
            live.returns = state.returns()
        if live.timer is not None:
            live.timer = timer
            if note is not None:
                live.notes[live.step] = [note]
            if replaced:
                live.seats = kinds
                with contextlib.suppress(Exception):  # retried at the next time-out
                    await self.db(self.store.replace_seat, live.id, seat, kinds[seat])
        live.notify()
        self._schedule_bot(live)
        self._arm(live)

    # ------------------------------------------------------------ timers
    def _timeout_note(
        self, live: Live, seat: int, how: str, timer: dict[str, Any], replaced: bool
    ) -> dict[str, Any]:
        """The event every seat reads when ``seat``'s time ran out."""
        name = live.game.player_name(seat, live.state.options)
        played = (
            "the server passed for them"
            if how == "pass"
            else f"the {timer['bot']} bot played for them"
        )
        text = f"{name}'s time ran out: {played}."
        if replaced:
            text += (
                f" {name} ran out of time {timer['strikes'][seat]} times in a row: "
                f"the {timer['bot']} bot plays {name} from now on."
            )
        return {
            "kind": "timeout",
            "player": seat,
            "played": how,
            "replaced": replaced,
            "text": text,
        }

    def _arm(self, live: Live) -> None:
        """(Re)start the task that plays for the seat to move when its time runs out."""
        t = live.timer
        deadline = None if t is None or live.over else t.get("deadline")
        task = live.timer_task
        if task is not None and not task.done():
            if getattr(task, "deadline", None) == (deadline, live.step):
                return
            if task is not asyncio.current_task():  # (a time-out's own commit re-arms)
                task.cancel()
        live.timer_task = None
        if deadline is None:
            return
        new = asyncio.create_task(self._on_deadline(live, live.step, deadline))
        new.deadline = (deadline, live.step)  # type: ignore[attr-defined]
        live.timer_task = new

    async def _on_deadline(self, live: Live, step: int, deadline: float) -> None:
        """At ``deadline``, if the game is still at ``step``, play the seat's default."""
        await asyncio.sleep(max(0.0, deadline - time.time()))
        job: BotJob | None = None
        async with live.lock:
            with contextlib.suppress(ApiError):
                await self.sync(live)
            if live.over or live.step != step or live.timer is None:
                return
            cp = live.state.current_player
            if cp is None or live.seats[cp] != "human":
                return
            how, action_id = "bot", None
            if live.timer["on_timeout"] == "pass":
                for a in live.state.legal_actions():
                    if a.kind == "pass":
                        how, action_id = "pass", live.game.encode(a)
                        break
            job = self._bot_job(live, cp, live.timer["bot"])
            if action_id is None and job.spec in ("random", "greedy"):
                action_id = decide_on(live.state, job)
            if action_id is not None:
                await self._timeout_commit(live, cp, action_id, step, how)
                return
        # a searching bot plays for the seat: in a worker, in the game's turn
        try:
            action_id = await self.queue.decide(job, (live.row.client if live.row else "") or "")
        except Exception:
            log.exception("tabletop: the time-out bot of game %s failed", live.id)
            return
        async with live.lock:
            if not live.over and live.step == step:
                await self._timeout_commit(live, job.seat, action_id, step, "bot")

    async def _timeout_commit(
        self, live: Live, seat: int, action_id: int, step: int, how: str
    ) -> None:
        try:
            await self._commit(live, seat, action_id, step, timed_out=how)
        except ApiError as exc:  # someone moved first (here or in another process)
            log.info("tabletop: time-out of game %s dropped: %s", live.id, exc.message)

    # ------------------------------------------------------------ resign
    async def resign(self, game_id: str, token: str | None) -> dict[str, Any]:
        live = await self.open(game_id)
        if token is None:
            raise ApiError(401, "no_token", "resigning needs the seat's token")
        seat = await self.acting_seat(live, token)
        async with live.lock:
            await self.sync(live)
            if live.over:
                raise ApiError(409, "game_over", f"game {live.id} is over ({live.status})")
            returns = [1.0] * live.state.num_players
            returns[seat] = -1.0
            try:
                await self.db(self.store.resign, live.id, seat, returns)
            except Conflict:
                await self.sync(live)
                raise ApiError(409, "game_over", f"game {live.id} ended first") from None
            live.status, live.returns, live.resigned = "resigned", returns, seat
            live.notify()
            self.queue_forget(live)
            return live.body(seat)

    # ------------------------------------------------------------ replay
    REPLAY_EVERY = 32
    """A saved state every this many steps: a replay request applies fewer actions than
    this once the states before its step are saved (each saved once per cached game)."""

    async def replay(self, game_id: str, step: int) -> dict[str, Any]:
        """The spectator's view of game ``game_id`` after ``step`` actions, with that
        step's events (public facts only; a game in play up to its present step)."""
        live = await self.open(game_id)
        self._touched.add(live.id)
        async with live.lock:
            await self.sync(live)
            total, raw, marks = live.step, list(live.raw), live.marks[: step + 1]
            if step == total:  # the present: the body everyone gets
                return {**live.body(None, step - 1 if step else None, True), "steps": total}
        if step > total:
            raise ApiError(400, "bad_query", f"step {step} is past game {live.id}'s step {total}")
        assert live.row is not None
        row, every = live.row, self.REPLAY_EVERY
        async with live.replay_lock:
            base = step - step % every
            have = max((k for k in live.replays if k <= base), default=None)
            if have is None:
                live.replays[0] = start_state(live.game, row.options, row.seed, row.position)
                have = 0
            start = live.replays[have]
            structure = live.game.converter.structure

            def run() -> tuple[Any, dict[int, Any]]:
                state = start.clone()
                saved: dict[int, Any] = {}
                for k in range(have, step):
                    state.apply(structure(raw[k], Action))
                    if (k + 1) % every == 0 and k + 1 <= base:
                        saved[k + 1] = state.clone()
                return state, saved

            state, saved = await anyio.to_thread.run_sync(run)
            live.replays.update(saved)
        facts = Facts(
            id=live.id,
            game=live.game,
            state=state,
            seats=live.seats,
            marks=marks,
            status="active",
            notes=live.notes,
        )
        body = seat_body(facts, None, step - 1 if step else None, log=True)
        return {**body, "steps": total}

    # ------------------------------------------------------------ rematch
    async def rematch(
        self, game_id: str, token: str | None, make: bool, client: str = ""
    ) -> dict[str, Any]:
        """The rematch of a finished game for the seat of ``token``: made first when
        ``make`` and there is none yet (same pack, options and seat kinds, seats
        rotated by one, a new seed); the answer holds the seat's token in it, which
        is worked out from its token here (:func:`derive_token`), so each seat of the
        old game gets its own, as often as it asks, and nobody else gets it."""
        live = await self.open(game_id)
        if token is None:
            raise ApiError(401, "no_token", "a rematch needs a seat's token of the finished game")
        seat = await self.acting_seat(live, token)
        self._touched.add(live.id)
        async with live.lock:
            await self.sync(live)
            if not live.over:
                raise ApiError(
                    409, "not_over", f"game {live.id} is in play: a rematch follows its end"
                )
            if live.rematch is None:
                if not make:
                    raise ApiError(
                        404, "no_rematch", f"nobody has asked for a rematch of game {live.id}"
                    )
                await self._make_rematch(live, seat, token, client)
            assert live.rematch is not None
            new_id = live.rematch
        n = len(live.seats)
        new_seat = (seat + 1) % n
        new_token = derive_token(token, new_id, "seat")
        h = hash_token(new_token)
        if not await self.db(self.store.claim_seat, new_id, new_seat, h):
            raise ApiError(409, "seat_taken", f"seat {new_seat} of game {new_id} is held already")
        new = self._cache.get(new_id)
        if new is not None and new_seat < len(new.hashes):
            new.hashes[new_seat] = h
        row = new.row if new is not None else await self.db(self.store.game, new_id)
        assert row is not None
        game = self._pack_of(row)
        opts = game.options_from_data(row.options)
        out: dict[str, Any] = {
            "id": new_id,
            "rematch_of": live.id,
            "pack": row.pack,
            "seats": public_seats(game, opts, row.seats),
            "seat": new_seat,
            "token": new_token,
        }
        owner = derive_token(token, new_id, "owner")
        if row.owner_hash is not None and hmac.compare_digest(row.owner_hash, hash_token(owner)):
            out["owner_token"] = owner
        return out

    async def _make_rematch(self, live: Live, seat: int, token: str, client: str) -> None:
        """Store the rematch of ``live`` (its lock held) and note it there."""
        assert live.row is not None
        wait = self._creates.take(client)
        if wait:
            raise ApiError(
                429,
                "too_many_requests",
                f"this address made {self.settings.creates_per_minute} games in the last "
                f"minute; wait {wait:.0f} s",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        game = live.game
        n = len(live.seats)
        kinds = [""] * n
        for j, kind in enumerate(live.seats):
            kinds[(j + 1) % n] = kind
        seed = secrets.randbits(63)
        state = self._rematch_start(game, live.row, seed)
        new_id = secrets.token_urlsafe(12)
        hashes: list[str | None] = [None] * n
        hashes[(seat + 1) % n] = hash_token(derive_token(token, new_id, "seat"))
        cp = state.current_player
        timer = None
        if live.timer is not None:  # the same timer, its clocks and time-outs afresh
            timer = {k: live.timer[k] for k in TIMER_FIELDS}
            timer["clocks"] = [float(timer["seconds"])] * n if timer["kind"] == "clock" else None
            timer["strikes"] = [0] * n
            timer_turn(timer, kinds, cp, time.time())
        try:
            await self.db(
                self.store.create_game,
                game_id=new_id,
                pack=game.name,
                pack_version=game.version,
                options=live.row.options,
                seed=seed,
                seat_kinds=kinds,
                token_hashes=hashes,
                to_move=cp,
                bot_turn=cp is not None and kinds[cp] != "human",
                owner_hash=hash_token(derive_token(token, new_id, "owner")),
                client=client or None,
                max_active=self.settings.max_active_games,
                max_per_client=self.settings.games_per_client,
                rematch_of=live.id,
                timer=timer,
                deadline=None if timer is None else timer["deadline"],
                position=state.start,
            )
        except Conflict:  # another request (or process) made it first: that one it is
            await self.sync(live)
            if live.rematch is None:
                raise ApiError(409, "game_over", f"game {live.id} has no rematch") from None
            return
        except Full as exc:
            raise self._full(exc) from None
        await self._open_new(new_id, game, state, kinds, hashes, timer)
        live.rematch = new_id
        live.bodies.clear()
        live.notify()

    @staticmethod
    def _rematch_start(game: Game, row: GameRow, seed: int) -> State:
        """The start of a rematch of the game of ``row``, with a new ``seed``: a new deal,
        or, for a game started from a position, the same position with the new seed
        (its ``rng`` fact dropped), so what the position fixes is the same and what it
        leaves open (a deck's order it does not give, the dice) is dealt anew."""
        doc = None
        if row.position is not None:
            doc = {k: v for k, v in row.position.items() if k not in ("seed", "rng")}
            doc["seed"] = seed
        try:
            return start_state(game, row.options, seed, doc)
        except PositionError as exc:  # (a pack changed since: say so rather than fail)
            raise ApiError(422, "bad_position", f"the rematch's position: {exc}") from None

    # ------------------------------------------------------------ ending from outside
    def is_owner(self, live: Live, token: str | None) -> bool:
        """Whether ``token`` is the owner token of ``live`` (401 for no token or a
        malformed one)."""
        if token is None:
            raise ApiError(401, "no_token", "ending a game needs its owner token")
        if type(token) is not str or not _TOKEN.fullmatch(token):
            raise ApiError(
                401, "bad_token", "an owner token is the text given when the game was made"
            )
        stored = live.row.owner_hash if live.row is not None else None
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    async def end(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The owner ends the game (status ``ended``); the answer is the spectator's view."""
        live = await self.open(game_id)
        if not self.is_owner(live, token):
            raise ApiError(
                403, "wrong_token", f"this token is not the owner token of game {live.id}"
            )
        async with live.lock:
            await self.sync(live)
            if live.over:
                raise ApiError(409, "game_over", f"game {live.id} is over ({live.status})")
            try:
                await self.db(self.store.end, live.id, "ended")
            except Conflict:
                await self.sync(live)
                raise ApiError(409, "game_over", f"game {live.id} ended first") from None
            live.status = "ended"
            live.notify()
            self.queue_forget(live)
            return live.body(None)

    async def end_games(
        self, game_ids: list[str], client: str | None = None, status: str = "ended"
    ) -> list[str]:
        """End the active games among ``game_ids`` or of ``client`` (the administrator;
        or the server, as ``abandoned``): the ids it ended."""
        if not game_ids and client is None:
            return []
        ended = await self.db(self.store.end_many, game_ids, status, client=client)
        await self._ended(ended)
        return ended

    async def _ended(self, ids: list[str]) -> None:
        """Games this process may hold that were ended in the database: bring them up to date."""
        for gid in ids:
            live = self._cache.get(gid)
            if live is None:
                continue
            async with live.lock:
                with contextlib.suppress(ApiError):
                    await self.sync(live)
            self.queue_forget(live)

    def queue_forget(self, live: Live) -> None:
        """Stop waiting for a bot decision of ``live`` (it is over)."""
        task = self._bots.get(live.id)
        if task is not None and live.over and live.id in self._deciding:
            task.cancel()

    async def admin_list(
        self, status: str | None, client: str | None, limit: int, offset: int
    ) -> dict[str, Any]:
        """Games for the administrator: the public facts, and who made each, when it
        was last acted in, read or followed, and whether it has an owner token."""
        rows = await self.db(
            self.store.list_games,
            status=status,
            pack=None,
            limit=limit,
            offset=offset,
            client=client,
        )
        out = []
        for r in rows:
            facts = self._public(r)
            facts["client"] = r.client
            facts["active_at"] = r.active_at
            facts["owned"] = r.owner_hash is not None
            out.append(facts)
        return {"games": out, "limit": limit, "offset": offset}

    # ------------------------------------------------------------ record, list
    async def record(self, game_id: str) -> dict[str, Any]:
        live = await self.open(game_id)
        async with live.lock:
            await self.sync(live)
            if not live.over:
                raise ApiError(
                    409,
                    "not_over",
                    f"game {live.id} is in play: its record (its seed, and the position it "
                    "started from) is secret until it ends",
                )
            rec = live.state.record()
        rec["meta"] = {
            "server_game": live.id,
            "status": live.status,
            "returns": live.returns,
            "resigned": live.resigned,
            "seats": live.seats,
        }
        return rec

    async def list(
        self, status: str | None, pack: str | None, limit: int, offset: int
    ) -> dict[str, Any]:
        rows = await self.db(
            self.store.list_games, status=status, pack=pack, limit=limit, offset=offset
        )
        return {"games": [self._public(r) for r in rows], "limit": limit, "offset": offset}

    def _public(self, row: GameRow) -> dict[str, Any]:
        """A stored game's public facts (for lists): never its seed or tokens."""
        out: dict[str, Any] = {
            "id": row.id,
            "pack": row.pack,
            "status": row.status,
            "step": row.num_actions,
            "current_player": row.to_move,
            "seats": [{"seat": i, "kind": k} for i, k in enumerate(row.seats)],
            "created": row.created,
            "updated": row.updated,
            "result": None if not row.over else {"returns": row.returns, "resigned": row.resigned},
        }
        try:
            game = registered_pack(row.pack)
            opts = game.options_from_data(row.options)
            out["title"] = game.title
            out["seats"] = public_seats(game, opts, row.seats)
        except TabletopError:
            pass
        return out

    def packs(self) -> dict[str, Any]:
        """The installed packs: name, title, seats, default options, whether a game of it
        can start from a position; and the bots this server adds to the seat kinds
        (``bots``: their names)."""
        out = []
        for name in pack_names():
            try:
                game = registered_pack(name)
            except UnknownGameError:
                continue
            out.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "version": game.version,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "default_options": game.unstructure_options(game.default_options()),
                    "options": game.options_schema(),
                    "positions": bool(game.position_facts),
                }
            )
        return {"packs": out, "bots": sorted(self.settings.bots)}

    @staticmethod
    def pack(name: str) -> dict[str, Any]:
        """One installed pack: its facts as in :meth:`packs`, its player names, its
        description, the facts a position of it may give (``position_facts``) and its
        ``ui`` facts (static data a client draws with)."""
        if type(name) is not str or name not in pack_names():
            raise ApiError(404, "unknown_pack", f"no pack {short(name, 40)} is installed here")
        try:
            game: Game = registered_pack(name)
        except UnknownGameError:
            raise ApiError(404, "unknown_pack", f"pack {name!r} failed to load here") from None
        options = game.default_options()
        return {
            "name": game.name,
            "title": game.title,
            "version": game.version,
            "description": game.description,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "players": [game.player_name(i, options) for i in range(game.num_players(options))],
            "default_options": game.unstructure_options(options),
            "options": game.options_schema(),
            "positions": bool(game.position_facts),
            "position_facts": position_facts(game),
            "ui": game.ui,
        }

    # ------------------------------------------------------------ watching
    def watch(self, live: Live, client: str = "") -> asyncio.Event:
        """A new WebSocket client of ``live`` from address ``client``: the event set
        when the game changes (503 past the server's cap, 429 past the address's)."""
        if self.settings.max_watchers and self._watching >= self.settings.max_watchers:
            raise ApiError(503, "full", "this server has as many live connections as it takes")
        n = self._by_client.get(client, 0)
        cap = self.settings.watchers_per_client
        if cap and n >= cap:
            raise ApiError(
                429,
                "too_many_connections",
                f"this address has {cap} live connections open, as many as the server "
                "takes from one address",
            )
        self._by_client[client] = n + 1
        self._watching += 1
        ev = asyncio.Event()
        live.watchers.add(ev)
        self._touched.add(live.id)
        return ev

    def unwatch(self, live: Live, ev: asyncio.Event, client: str = "") -> None:
        if ev in live.watchers:
            live.watchers.discard(ev)
            self._watching -= 1
            n = self._by_client.get(client, 0) - 1
            if n > 0:
                self._by_client[client] = n
            else:
                self._by_client.pop(client, None)

    async def _upkeep(self) -> None:
        """Note in the database which games were acted in, read or followed lately
        (a batch now and then, off the path of requests), and end as ``abandoned``
        the games nobody acted in, read or followed for ``game_idle_timeout`` s."""
        idle = self.settings.game_idle_timeout
        every = min(self.settings.expiry_interval, idle / 10) if idle > 0 else 60.0
        while True:
            await asyncio.sleep(every)
            try:
                await self.note_activity()
                if idle > 0:
                    ended = await self.db(
                        self.store.end_many, (), "abandoned", idle_before=time.time() - idle
                    )
                    if ended:
                        log.info("tabletop: %d games nobody played ended as abandoned", len(ended))
                        await self._ended(ended)
            except Exception:
                log.exception("tabletop: noting activity or ending idle games failed")

    async def note_activity(self) -> None:
        """Write down the games acted in, read or followed since last time (and those
        followed now) as active now."""
        ids = self._touched | {g.id for g in self._cache.values() if g.watchers}
        self._touched = set()
        if ids:
            await self.db(self.store.touch, sorted(ids))

    async def _poll(self) -> None:
        """See what other processes did to the games someone here is watching."""
        while True:
            await asyncio.sleep(self.settings.poll_interval)
            watched = [g for g in self._cache.values() if g.watchers]
            if not watched:
                continue
            try:
                progress = await self.db(self.store.progress_of, [g.id for g in watched])
                for live in watched:
                    p = progress.get(live.id)
                    if p is not None and (
                        p.num_actions != live.step
                        or p.status != live.status
                        or p.rematch != live.rematch
                    ):
                        async with live.lock:
                            await self.sync(live)
            except Exception:  # the database is away for a moment: try again next time
                log.exception("tabletop: polling the database failed")

    async def _checkpoint(self) -> None:
        """Checkpoint SQLite's write-ahead log now and then, off the commits' path (see
        :mod:`tabletop.server.storage`): a slow flush of the database file holds up
        nobody, since commits go to the log meanwhile."""
        limiter = anyio.CapacityLimiter(1)
        while True:
            await asyncio.sleep(self.settings.checkpoint_interval)
            try:
                await self.db(self.store.checkpoint, limiter=limiter)
            except Exception:
                log.exception("tabletop: a checkpoint of the database failed")

    async def _sweep(self) -> None:
        """Start bots whose turn it is and that nobody is playing (another process died)."""
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                for gid in await self.db(self.store.timed_games, time.time() - 5.0):
                    live = await self.open(gid)  # a deadline another process let pass
                    if live.timer_task is None or live.timer_task.done():
                        async with live.lock:
                            await self.sync(live)
                        self._arm(live)
                ids = await self.db(self.store.stalled_bot_turns, MAX_SECONDS + 5.0)
                for gid in ids:
                    if gid not in self._bots:
                        live = await self.open(gid)
                        async with live.lock:
                            await self.sync(live)
                            self._schedule_bot(live)
            except Exception:
                log.exception("tabletop: the bot sweep failed")

    # ------------------------------------------------------------ bots
    def _bot_job(self, live: Live, seat: int, spec: str) -> BotJob:
        """The decision of bot ``spec`` for ``seat`` of ``live`` at its present step."""
        assert live.row is not None
        return BotJob(
            game_id=live.id,
            pack=live.game.name,
            options=live.row.options,
            seed=live.row.seed,
            actions=tuple(live.raw),
            seat=seat,
            spec=spec,
            max_seconds=self.settings.max_bot_seconds or None,
            code=self.settings.bots.get(spec),
            position=live.row.position,
        )

    def _schedule_bot(self, live: Live) -> None:
        """Let a bot decide if it is a bot's turn: in a worker process, in the game's
        turn (:class:`~tabletop.server.bots.FairQueue`); a random bot facing a human
        here at once (it only draws a legal action: nothing to wait for)."""
        if live.over or live.id in self._bots:
            return
        cp = live.state.current_player
        if cp is None or live.seats[cp] == "human":
            return
        job = self._bot_job(live, cp, live.seats[cp])
        self._bots[live.id] = asyncio.create_task(self._bot_move(live, job))

    async def _bot_move(self, live: Live, job: BotJob) -> None:
        here = job.spec == "random" and "human" in live.seats
        action_id: int | None = None
        try:
            if here:  # decided below, under the game's lock, once the request that made
                await asyncio.sleep(0)  # the turn has had its answer
            else:
                self._deciding.add(live.id)
                try:
                    client = live.row.client if live.row is not None else None
                    action_id = await self.queue.decide(job, client or "")
                finally:
                    self._deciding.discard(live.id)
        except asyncio.CancelledError:
            if self._bots.get(live.id) is asyncio.current_task():
                self._bots.pop(live.id, None)
            raise
        except Exception:  # a worker died (or a bug): try again, less and less often
            log.exception("tabletop: the bot of game %s seat %s failed", live.id, job.seat)
            await self._retry_later(live)
            return
        failed = False
        async with live.lock:
            try:
                if not live.over and live.step == len(job.actions):
                    if action_id is None:
                        try:
                            action_id = decide_on(live.state, job)
                        except Exception:
                            log.exception(
                                "tabletop: the bot of game %s seat %s failed", live.id, job.seat
                            )
                            failed = True
                    if action_id is not None:
                        await self._commit(live, job.seat, action_id, len(job.actions))
                        live.bot_failures = 0
            except ApiError as exc:  # another process moved first: that is fine
                log.info("tabletop: bot move of game %s dropped: %s", live.id, exc.message)
            except Exception:
                log.exception("tabletop: storing the bot move of game %s failed", live.id)
            finally:
                if not failed:
                    self._bots.pop(live.id, None)
            if not failed:
                self._schedule_bot(live)
        if failed:
            await self._retry_later(live)

    async def _retry_later(self, live: Live) -> None:
        """After a failed bot decision: schedule the bot again later, later each time
        (up to a minute); the game's bot task stays in place meanwhile."""
        live.bot_failures += 1
        await asyncio.sleep(min(2.0 ** (live.bot_failures - 1), 60.0))
        async with live.lock:
            self._bots.pop(live.id, None)
            self._schedule_bot(live)
