"""Storage: games, seats and actions in SQLite or PostgreSQL, through SQLAlchemy Core.

A game is stored as its record (pack, pack version, options, seed, the
position it started from if it did, one row per accepted action) and a few
facts for listing (status, step, who is to move). Nothing else: a state is rebuilt from its record, so what the
database holds is exactly what a restart needs.

Consistency between server processes sharing one database rests on
guards checked by the database itself:

* accepting action ``n`` of a game is one transaction that moves the game's
  ``num_actions`` from ``n`` to ``n + 1`` only if it still is ``n``
  (``UPDATE ... WHERE num_actions = n``) and inserts the action under the
  primary key ``(game_id, idx = n)``; the same action sent to two processes
  is therefore accepted once, and the other gets a conflict;
* ending a game (resigning, its owner or the administrator ending it, or the
  server ending it as abandoned) moves ``status`` from ``active`` only if it still is;
* making a game counts the games in play (in all, and of its client) and inserts it
  in one transaction under a lock (SQLite's ``BEGIN IMMEDIATE``, a PostgreSQL
  advisory lock), so the caps hold whatever the number of requests at once.

SQLite runs in WAL mode (readers never wait for the writer); writes begin
with ``BEGIN IMMEDIATE``. With ``synchronous=NORMAL`` (the default) a commit
is in the write-ahead log before it is acknowledged, so it survives a crash
or a kill of the server; ``FULL`` also flushes the log to the disk at every
commit, so it survives a power cut too, at the price of a disk flush per
commit. Checkpoints (copying the log into the database file, and that
file's flush) are not left to the commit that crosses SQLite's threshold:
:meth:`Store.checkpoint` does them, from the server's own task, so a slow
disk flush never holds up an action.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from ..errors import TabletopError

__all__ = [
    "SCHEMA_VERSION",
    "Append",
    "Conflict",
    "Full",
    "GameRow",
    "StorageError",
    "Store",
    "metadata",
]


class StorageError(TabletopError):
    """The database cannot be used (a schema newer than this server, a bad URL)."""


class Conflict(Exception):
    """A compare-and-set lost: another request (or process) changed the game first."""


class Full(Exception):
    """A game was not made: the server (``what == "server"``) or its client
    (``what == "client"``) has as many games in play as it may."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


ENDED = ("ended", "abandoned")
"""Statuses of games ended from outside their rules: ``ended`` by their owner or the
administrator, ``abandoned`` by the server after nobody played or followed them."""


def _game_columns() -> list[sa.Column[Any]]:
    """The columns of ``games`` as version 1 of the schema made them."""
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("pack", sa.String(100), nullable=False),
        sa.Column("pack_version", sa.String(100), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),  # decimal text: 64-bit unsigned fits
        sa.Column("seats", sa.Text, nullable=False),  # JSON list of seat kinds
        sa.Column("num_actions", sa.Integer, nullable=False),
        # active, finished, resigned, ended (by its owner or the admin), abandoned
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("bot_turn", sa.Boolean, nullable=False),
        sa.Column("returns", sa.Text, nullable=True),  # JSON list once over
        sa.Column("resigned", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    ]


metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    *_game_columns(),
    # version 3:
    sa.Column("owner_hash", sa.String(64), nullable=True),  # SHA-256 of the owner token
    sa.Column("client", sa.String(64), nullable=True),  # the address that made it
    sa.Column("active_at", sa.Float, nullable=True),  # last act, read or follower
    # version 4:
    sa.Column("rematch", sa.String(32), nullable=True),  # the id of this game's rematch
    # version 6:
    sa.Column("timer", sa.Text, nullable=True),  # JSON: the turn timer and its clocks
    sa.Column("deadline", sa.Float, nullable=True),  # when the seat to move runs out
    # version 7:
    sa.Column("position", sa.Text, nullable=True),  # JSON: the position it started from
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
)


def _action_columns() -> list[sa.Column[Any]]:
    """The columns of ``actions`` as version 1 of the schema made them."""
    return [
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    ]


actions = sa.Table(
    "actions",
    metadata,
    *_action_columns(),
    # version 6: what the server says of this action (a time-out played it), JSON
    sa.Column("note", sa.Text, nullable=True),
)

grants = sa.Table(
    "grants",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("id", sa.String(32), primary_key=True),  # a handle, not a secret
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),  # SHA-256 of the grant token
    sa.Column("created", sa.Float, nullable=False),
)
"""Spectator grants (version 5): a token that reads what one seat sees and cannot act."""

schema_version = sa.Table(
    "tabletop_schema",
    metadata,
    sa.Column("version", sa.Integer, nullable=False),
)

_v1_metadata = sa.MetaData()
_V1_TABLES = (
    sa.Table("games", _v1_metadata, *_game_columns()),
    seats.to_metadata(_v1_metadata),
    sa.Table("actions", _v1_metadata, *_action_columns()),
)
"""The tables as version 1 made them (later versions add to them)."""


# ---------------------------------------------------------------- migrations
def _v1(conn: Connection) -> None:
    """The tables: games, seats, actions."""
    for table in _V1_TABLES:
        table.create(conn)


def _v2(conn: Connection) -> None:
    """An index for listing games and for finding bot turns nobody is playing."""
    # Plain DDL: an sa.Index on the tables would attach itself to them, and the next
    # database migrated in this process would get it from v1 already.
    conn.execute(sa.text("CREATE INDEX games_status_updated ON games (status, updated)"))
    conn.execute(sa.text("CREATE INDEX games_created ON games (created)"))


def _v3(conn: Connection) -> None:
    """Each game's owner token (hashed), the client address that made it, and when
    someone last acted in, read or followed it (what expiry and the caps need)."""
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN owner_hash VARCHAR(64)"))
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN client VARCHAR(64)"))
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN active_at FLOAT"))
    conn.execute(sa.text("UPDATE games SET active_at = updated"))
    conn.execute(sa.text("CREATE INDEX games_status_active_at ON games (status, active_at)"))
    conn.execute(sa.text("CREATE INDEX games_client_status ON games (client, status)"))


def _v4(conn: Connection) -> None:
    """Where a finished game's rematch is (set once, by a compare-and-set)."""
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN rematch VARCHAR(32)"))


def _v5(conn: Connection) -> None:
    """Spectator grants: a seat's view for a coach, by a token stored hashed."""
    # The table as version 5 makes it (a later version changing it adds a migration).
    v5 = sa.MetaData()
    sa.Table("games", v5, sa.Column("id", sa.String(32), primary_key=True))
    grants.to_metadata(v5).create(conn)
    conn.execute(sa.text("CREATE UNIQUE INDEX grants_token_hash ON grants (token_hash)"))


def _v6(conn: Connection) -> None:
    """Turn timers: each game's timer (JSON) and the deadline of the seat to move (what
    a restart needs to honour the time left), and a note on an action a time-out played."""
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN timer TEXT"))
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN deadline FLOAT"))
    conn.execute(sa.text("ALTER TABLE actions ADD COLUMN note TEXT"))
    conn.execute(sa.text("CREATE INDEX games_status_deadline ON games (status, deadline)"))


def _v7(conn: Connection) -> None:
    """Games started from a position (:mod:`tabletop.positions`): the position document
    (JSON), which the game's record starts from instead of a deal from its seed."""
    conn.execute(sa.text("ALTER TABLE games ADD COLUMN position TEXT"))


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1, _v2, _v3, _v4, _v5, _v6, _v7)
"""Schema migrations in order: migration ``k`` (from 0) brings version ``k`` to ``k + 1``."""
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this server writes."""
_PG_LOCK = 0x7461626C65  # "table": the advisory lock held while migrating
_PG_CREATE_LOCK = 0x7461626C66  # held while a game is counted against the caps and made


def schema_of(conn: Connection) -> int:
    """The schema version of the database (0 when it has none yet)."""
    if not sa.inspect(conn).has_table(schema_version.name):
        return 0
    v = conn.execute(sa.select(schema_version.c.version)).scalar()
    return int(v) if v is not None else 0


def migrate(engine: Engine, upto: int = SCHEMA_VERSION) -> int:
    """Bring the schema to version ``upto``; return the version found before.

    One transaction under a lock (``BEGIN IMMEDIATE`` on SQLite, an advisory
    lock on PostgreSQL), so server processes starting together migrate once.
    A database newer than this server is refused with :class:`StorageError`.
    """
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
        found = schema_of(conn)
        if found > SCHEMA_VERSION:
            raise StorageError(
                f"the database has schema version {found}; this server knows versions up to "
                f"{SCHEMA_VERSION}: upgrade tabletop, or use another database"
            )
        if found == 0:
            schema_version.create(conn, checkfirst=True)
            conn.execute(schema_version.insert().values(version=0))
        for k in range(found, upto):
            MIGRATIONS[k](conn)
        if upto > found:
            conn.execute(schema_version.update().values(version=upto))
    return found


# ---------------------------------------------------------------- engines
_WAL_WAIT_S = 20.0  # as long as busy_timeout


def _wal_mode(cur: Any) -> None:
    """Put the database file in WAL mode (once set, the file keeps it).

    Switching needs the file to itself, and SQLite answers "database is
    locked" at once, without its busy handler, when another process holds it:
    server processes that start together on a new file would crash. So a
    file already in WAL mode is left alone, and a switch that meets a lock is
    tried again for up to :data:`_WAL_WAIT_S` seconds.
    """
    deadline = time.monotonic() + _WAL_WAIT_S
    pause = 0.005
    while True:
        try:
            if str(cur.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal":
                return
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _sqlite_engine(url: sa.URL, synchronous: str, begin: str) -> Engine:
    engine = sa.create_engine(url, pool_size=8, max_overflow=8, pool_timeout=30)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy's begin event issues BEGIN
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA busy_timeout=20000")
        _wal_mode(cur)
        cur.execute(f"PRAGMA synchronous={synchronous}")
        cur.execute("PRAGMA foreign_keys=ON")
        # No checkpoint inside a commit: Store.checkpoint runs them (see the module docstring).
        cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(begin)

    return engine


def make_engines(url: str, *, sqlite_synchronous: str = "NORMAL") -> tuple[Engine, Engine]:
    """The engines for writing and for reading ``url`` (``sqlite:///file.db`` or
    ``postgresql://...``): on SQLite, writes begin with ``BEGIN IMMEDIATE`` and
    reads with a plain ``BEGIN`` (so they never wait for a writer); on
    PostgreSQL (psycopg 3) reads run in autocommit mode. Raises :class:`StorageError`
    for any other kind of database.
    """
    try:
        u = sa.make_url(url)
    except Exception:
        raise StorageError(
            "--db must be a database URL: sqlite:///games.db or postgresql://user@host/db"
        ) from None
    if u.get_backend_name() == "sqlite":
        if sqlite_synchronous.upper() not in ("FULL", "NORMAL"):
            raise StorageError("SQLite synchronous mode is FULL or NORMAL")
        if u.database in (None, "", ":memory:") or "memory" in str(u.query.get("mode", "")):
            raise StorageError(
                "a SQLite database in memory is lost when the server stops: give a file, "
                "e.g. sqlite:///games.db"
            )
        sync = sqlite_synchronous.upper()
        return _sqlite_engine(u, sync, "BEGIN IMMEDIATE"), _sqlite_engine(u, sync, "BEGIN")
    if u.get_backend_name() == "postgresql":
        if u.drivername in ("postgresql", "postgres"):
            u = u.set(drivername="postgresql+psycopg")
        kw: dict[str, Any] = {"pool_size": 8, "max_overflow": 8, "pool_recycle": 600}
        writer = sa.create_engine(u, **kw)
        # Reads are single statements on rows that only grow: no transaction needed, and
        # no reset when a connection goes back to the pool (each costs a round trip).
        reader = sa.create_engine(u, isolation_level="AUTOCOMMIT", pool_reset_on_return=None, **kw)
        return writer, reader
    raise StorageError(f"unsupported database {u.get_backend_name()!r}: use sqlite or postgresql")


# ---------------------------------------------------------------- rows
@attrs.frozen
class GameRow:
    """A game's stored facts (its record, and what lists show)."""

    id: str
    pack: str
    pack_version: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    num_actions: int
    status: str
    to_move: int | None
    returns: list[float] | None
    resigned: int | None
    created: float
    updated: float
    owner_hash: str | None = None
    client: str | None = None
    active_at: float | None = None
    rematch: str | None = None
    timer: dict[str, Any] | None = None
    deadline: float | None = None
    position: dict[str, Any] | None = None
    """The position document the game started from (``None``: dealt from its seed);
    as secret as the seed while the game is in play. Lists of games leave it unread."""

    @property
    def over(self) -> bool:
        return self.status != "active"


def _row(r: Any) -> GameRow:
    return GameRow(
        id=r.id,
        pack=r.pack,
        pack_version=r.pack_version,
        options=json.loads(r.options),
        seed=int(r.seed),
        seats=json.loads(r.seats),
        num_actions=r.num_actions,
        status=r.status,
        to_move=r.to_move,
        returns=json.loads(r.returns) if r.returns is not None else None,
        resigned=r.resigned,
        created=r.created,
        updated=r.updated,
        owner_hash=r.owner_hash,
        client=r.client,
        active_at=r.active_at,
        rematch=r.rematch,
        timer=json.loads(r.timer) if r.timer is not None else None,
        deadline=r.deadline,
        position=json.loads(r.position) if getattr(r, "position", None) is not None else None,
    )


_LISTED = [c for c in games.c if c.name != "position"]
"""The columns a list of games reads: all but the position document (up to the size of
a request body each, which no list shows)."""

_CAS = (
    games.update()
    .where(
        games.c.id == sa.bindparam("gid"),
        games.c.num_actions == sa.bindparam("idx"),
        games.c.status == "active",
    )
    .values(
        num_actions=sa.bindparam("next"),
        to_move=sa.bindparam("to_move"),
        bot_turn=sa.bindparam("bot_turn"),
        status=sa.bindparam("status"),
        returns=sa.bindparam("returns"),
        updated=sa.bindparam("updated"),
        timer=sa.bindparam("timer"),
        deadline=sa.bindparam("deadline"),
    )
)
"""Move a game from step ``idx`` to ``idx + 1`` if it is still there (built once)."""
_PG_CAS: tuple[str, dict[str, Any]] | None = None
"""``_CAS`` with ``RETURNING id`` compiled for psycopg, and the values of its own
parameters (``status = 'active'``); made on first use."""


def _cas_pipelined(conn: Connection, params: list[dict[str, Any]]) -> list[bool]:
    """The compare-and-sets of a batch on PostgreSQL, sent together: each item's
    update answers its game's id if it moved the game, nothing if not."""
    global _PG_CAS
    if _PG_CAS is None:
        compiled = _CAS.returning(games.c.id).compile(dialect=conn.dialect)
        _PG_CAS = str(compiled), dict(compiled.params)
    sql, own = _PG_CAS
    raw = conn.connection.driver_connection
    assert raw is not None
    with raw.cursor() as cur:
        cur.executemany(sql, [{**own, **p} for p in params], returning=True)
        done = []
        while True:
            done.append(cur.fetchone() is not None)
            if not cur.nextset():
                break
    if len(done) != len(params):  # cannot happen; never guess which were stored
        raise StorageError(f"the database answered {len(done)} of {len(params)} updates")
    return done


_PROGRESS = sa.select(games.c.num_actions, games.c.status, games.c.rematch).where(
    games.c.id == sa.bindparam("gid")
)


@attrs.frozen
class Append:
    """Action ``idx`` of a game, to store if the game is still at step ``idx``."""

    game_id: str
    idx: int
    action: dict[str, Any]
    seat: int
    to_move: int | None
    bot_turn: bool
    returns: list[float] | None
    timer: dict[str, Any] | None = None
    """The game's timer after this action (``None``: the game has none)."""
    deadline: float | None = None
    note: dict[str, Any] | None = None
    """What the server says of this action (a time-out played it)."""


@attrs.frozen
class Progress:
    """How far a game is, for a cheap check that a cached state is current."""

    num_actions: int
    status: str
    rematch: str | None = None


class Store:
    """The server's database: every method is one short transaction (blocking)."""

    def __init__(self, url: str, *, sqlite_synchronous: str = "NORMAL") -> None:
        self.url = url
        self.engine, self.reader = make_engines(url, sqlite_synchronous=sqlite_synchronous)
        self.dialect = self.engine.dialect.name

    def migrate(self) -> int:
        """See :func:`migrate`."""
        return migrate(self.engine)

    def close(self) -> None:
        # (SQLite checkpoints the log itself when its last connection closes)
        self.engine.dispose()
        self.reader.dispose()

    def checkpoint(self) -> int:
        """Copy what SQLite's write-ahead log holds into the database file, as far as
        no reader still needs it (``PRAGMA wal_checkpoint(PASSIVE)``: it waits for no
        reader and holds up no writer); the log's pages still to copy. A no-op on
        PostgreSQL (0)."""
        if self.dialect != "sqlite":
            return 0
        raw = self.engine.raw_connection()
        try:
            conn = raw.driver_connection
            assert conn is not None
            row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        finally:
            raw.close()
        return 0 if row is None or row[1] < 0 else int(row[1] - row[2])

    # ------------------------------------------------------------ writes
    def create_game(
        self,
        *,
        game_id: str,
        pack: str,
        pack_version: str,
        options: dict[str, Any],
        seed: int,
        seat_kinds: Sequence[str],
        token_hashes: Sequence[str | None],
        to_move: int | None,
        bot_turn: bool,
        owner_hash: str | None = None,
        client: str | None = None,
        max_active: int = 0,
        max_per_client: int = 0,
        rematch_of: str | None = None,
        timer: dict[str, Any] | None = None,
        deadline: float | None = None,
        position: dict[str, Any] | None = None,
    ) -> None:
        """Store a new game; :class:`Full` if ``max_active`` games (in all; 0: no cap)
        or ``max_per_client`` games of ``client`` are in play already. The count and
        the insert are one transaction under a lock: the caps hold under any number
        of requests at once, and across server processes. ``position`` is the position
        document the game starts from (``None``: it is dealt from ``seed``).

        With ``rematch_of``, the new game is that finished game's rematch: it is
        noted there in the same transaction, only if that game has none yet
        (:class:`Conflict` otherwise, and nothing is stored)."""
        now = time.time()
        with self.engine.begin() as conn:
            if rematch_of is not None:
                moved = conn.execute(
                    games.update()
                    .where(
                        games.c.id == rematch_of,
                        games.c.rematch.is_(None),
                        games.c.status != "active",
                    )
                    .values(rematch=game_id)
                )
                if moved.rowcount != 1:
                    raise Conflict(rematch_of)
            if max_active or (max_per_client and client is not None):
                if self.dialect == "postgresql":
                    conn.execute(
                        sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_CREATE_LOCK}
                    )
                active = games.c.status == "active"
                count = sa.select(sa.func.count()).select_from(games)
                if max_active and conn.execute(count.where(active)).scalar_one() >= max_active:
                    raise Full("server")
                if (
                    max_per_client
                    and client is not None
                    and conn.execute(count.where(active, games.c.client == client)).scalar_one()
                    >= max_per_client
                ):
                    raise Full("client")
            conn.execute(
                games.insert().values(
                    id=game_id,
                    pack=pack,
                    pack_version=pack_version,
                    options=json.dumps(options, separators=(",", ":")),
                    seed=str(seed),
                    seats=json.dumps(list(seat_kinds)),
                    num_actions=0,
                    status="active",
                    to_move=to_move,
                    bot_turn=bot_turn,
                    returns=None,
                    resigned=None,
                    created=now,
                    updated=now,
                    owner_hash=owner_hash,
                    client=client,
                    active_at=now,
                    timer=None if timer is None else json.dumps(timer),
                    deadline=deadline,
                    position=None
                    if position is None
                    else json.dumps(position, separators=(",", ":")),
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {"game_id": game_id, "seat": i, "kind": k, "token_hash": h}
                    for i, (k, h) in enumerate(zip(seat_kinds, token_hashes))
                ],
            )

    def append_action(
        self,
        game_id: str,
        idx: int,
        action: dict[str, Any],
        seat: int,
        *,
        to_move: int | None,
        bot_turn: bool,
        returns: list[float] | None,
    ) -> None:
        """Store action ``idx`` of a game, if the game is still at step ``idx``.

        Raises :class:`Conflict` when it is not (another request or process
        took that step first, or the game ended); nothing is changed then.
        """
        item = Append(game_id, idx, action, seat, to_move, bot_turn, returns)
        if not self.append_many([item])[0]:
            raise Conflict(game_id)

    def append_many(self, items: Sequence[Append]) -> list[bool]:
        """Store several games' next actions in one transaction (one disk flush).

        Each item is stored only if its game is still at its step (see
        :meth:`append_action`); the answer says, item by item, whether it was.
        Many players acting at once then cost one commit, not one each. On
        PostgreSQL the compare-and-sets of a batch go in one round trip
        (psycopg's pipeline), so a batch costs three round trips whatever its size.
        """
        now = time.time()
        params = [
            {
                "gid": it.game_id,
                "idx": it.idx,
                "next": it.idx + 1,
                "to_move": it.to_move,
                "bot_turn": it.bot_turn,
                "status": "active" if it.returns is None else "finished",
                "returns": None if it.returns is None else json.dumps(it.returns),
                "updated": now,
                "timer": None if it.timer is None else json.dumps(it.timer),
                "deadline": it.deadline,
            }
            for it in items
        ]
        with self.engine.begin() as conn:
            if self.dialect == "postgresql" and len(items) > 1:
                done = _cas_pipelined(conn, params)
            else:
                done = [conn.execute(_CAS, p).rowcount == 1 for p in params]
            rows = [
                {
                    "game_id": it.game_id,
                    "idx": it.idx,
                    "action": json.dumps(it.action, separators=(",", ":")),
                    "seat": it.seat,
                    "created": now,
                    "note": None if it.note is None else json.dumps(it.note),
                }
                for it, ok in zip(items, done)
                if ok
            ]
            if rows:
                conn.execute(actions.insert(), rows)
        return done

    def resign(self, game_id: str, seat: int, returns: list[float]) -> None:
        """End an active game by a resignation; :class:`Conflict` if it is over."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                games.update()
                .where(games.c.id == game_id, games.c.status == "active")
                .values(
                    status="resigned",
                    resigned=seat,
                    returns=json.dumps(returns),
                    to_move=None,
                    bot_turn=False,
                    updated=time.time(),
                )
            )
            if moved.rowcount != 1:
                raise Conflict(game_id)

    def end(self, game_id: str, status: str) -> None:
        """End an active game from outside its rules (``status``: ``ended`` or
        ``abandoned``); :class:`Conflict` if it is over already."""
        if not self.end_many([game_id], status):
            raise Conflict(game_id)

    def end_many(
        self,
        game_ids: Sequence[str] = (),
        status: str = "ended",
        *,
        client: str | None = None,
        idle_before: float | None = None,
        limit: int = 1000,
    ) -> list[str]:
        """End the active games among ``game_ids``, or those made from ``client``,
        or those nobody acted in, read or followed since ``idle_before`` (at most
        ``limit`` of them): the ids of the games it ended."""
        assert status in ENDED
        where = [games.c.status == "active"]
        if client is not None:
            where.append(games.c.client == client)
        if idle_before is not None:
            where.append(games.c.active_at < idle_before)
        if game_ids:
            where.append(games.c.id.in_(list(game_ids)))
        elif client is None and idle_before is None:
            return []
        with self.engine.begin() as conn:
            ids = [
                r.id for r in conn.execute(sa.select(games.c.id).where(*where).limit(limit)).all()
            ]
            if not ids:
                return []
            done = conn.execute(
                games.update()
                .where(games.c.id.in_(ids), *where)
                .values(status=status, to_move=None, bot_turn=False, updated=time.time())
                .returning(games.c.id)
            ).all()
        return sorted(r.id for r in done)

    def touch(self, game_ids: Sequence[str], at: float | None = None) -> None:
        """Note that someone acted in, read or followed these games (at ``at``)."""
        at = time.time() if at is None else at
        ids = list(game_ids)
        with self.engine.begin() as conn:
            for k in range(0, len(ids), 500):
                conn.execute(
                    games.update()
                    .where(
                        games.c.id.in_(ids[k : k + 500]),
                        games.c.status == "active",
                        sa.or_(games.c.active_at.is_(None), games.c.active_at < at),
                    )
                    .values(active_at=at)
                )

    # ------------------------------------------------------------ reads
    def game(self, game_id: str) -> GameRow | None:
        with self.reader.connect() as conn:
            r = conn.execute(sa.select(games).where(games.c.id == game_id)).first()
        return None if r is None else _row(r)

    def progress(self, game_id: str) -> Progress | None:
        with self.reader.connect() as conn:
            r = conn.execute(_PROGRESS, {"gid": game_id}).first()
        return None if r is None else Progress(r.num_actions, r.status, r.rematch)

    def progress_of(self, game_ids: Sequence[str]) -> dict[str, Progress]:
        if not game_ids:
            return {}
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.id, games.c.num_actions, games.c.status, games.c.rematch).where(
                    games.c.id.in_(list(game_ids))
                )
            ).all()
        return {r.id: Progress(r.num_actions, r.status, r.rematch) for r in rows}

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give a seat with no token yet (a rematch's) the token of ``token_hash``;
        whether the seat now has it (``False``: it has another)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats.update()
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.token_hash.is_(None),
                )
                .values(token_hash=token_hash)
            )
            now = conn.execute(
                sa.select(seats.c.token_hash).where(
                    seats.c.game_id == game_id, seats.c.seat == seat
                )
            ).scalar()
        return bool(now == token_hash)

    def add_grant(self, game_id: str, grant_id: str, seat: int, token_hash: str, most: int) -> bool:
        """Store a grant of ``seat`` unless the seat has ``most`` already (``False``)."""
        with self.engine.begin() as conn:
            n = conn.execute(
                sa.select(sa.func.count())
                .select_from(grants)
                .where(grants.c.game_id == game_id, grants.c.seat == seat)
            ).scalar_one()
            if n >= most:
                return False
            conn.execute(
                grants.insert().values(
                    game_id=game_id,
                    id=grant_id,
                    seat=seat,
                    token_hash=token_hash,
                    created=time.time(),
                )
            )
        return True

    def grant_seat(self, game_id: str, token_hash: str) -> tuple[str, int] | None:
        """The grant of ``game_id`` whose token has ``token_hash``: (its id, its seat)."""
        with self.reader.connect() as conn:
            r = conn.execute(
                sa.select(grants.c.id, grants.c.seat).where(
                    grants.c.game_id == game_id, grants.c.token_hash == token_hash
                )
            ).first()
        return None if r is None else (str(r.id), int(r.seat))

    def grant_exists(self, game_id: str, grant_id: str) -> bool:
        with self.reader.connect() as conn:
            r = conn.execute(
                sa.select(grants.c.id).where(grants.c.game_id == game_id, grants.c.id == grant_id)
            ).first()
        return r is not None

    def grants_of(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The grants of a seat (ids and when made; never a token or its hash)."""
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(grants.c.id, grants.c.created)
                .where(grants.c.game_id == game_id, grants.c.seat == seat)
                .order_by(grants.c.created)
            ).all()
        return [{"grant": r.id, "seat": seat, "created": r.created} for r in rows]

    def revoke_grant(self, game_id: str, grant_id: str, seat: int) -> bool:
        """Delete grant ``grant_id`` of ``seat``; whether there was one."""
        with self.engine.begin() as conn:
            done = conn.execute(
                grants.delete().where(
                    grants.c.game_id == game_id, grants.c.id == grant_id, grants.c.seat == seat
                )
            )
        return bool(done.rowcount == 1)

    def notes(self, game_id: str, start: int = 0) -> dict[int, dict[str, Any]]:
        """The server's notes on the actions from ``start`` on, by action index."""
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.idx, actions.c.note).where(
                    actions.c.game_id == game_id,
                    actions.c.idx >= start,
                    actions.c.note.is_not(None),
                )
            ).all()
        return {int(r.idx): json.loads(r.note) for r in rows}

    def replace_seat(self, game_id: str, seat: int, kind: str) -> None:
        """Seat ``seat`` of a game is played by ``kind`` from now on (a bot)."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(games.c.seats, games.c.to_move).where(games.c.id == game_id)
            ).first()
            if row is None:
                return
            kinds = json.loads(row.seats)
            kinds[seat] = kind
            values: dict[str, Any] = {"seats": json.dumps(kinds)}
            if row.to_move == seat:
                values["bot_turn"] = True
            conn.execute(games.update().where(games.c.id == game_id).values(**values))
            conn.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(kind=kind)
            )

    def timed_games(self, due_before: float | None = None, limit: int = 1000) -> list[str]:
        """Active games with a deadline (due before ``due_before``, if given)."""
        where = [games.c.status == "active", games.c.deadline.is_not(None)]
        if due_before is not None:
            where.append(games.c.deadline < due_before)
        with self.reader.connect() as conn:
            rows = conn.execute(sa.select(games.c.id).where(*where).limit(limit)).all()
        return [r.id for r in rows]

    def token_hashes(self, game_id: str) -> list[str | None]:
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(seats.c.seat, seats.c.token_hash)
                .where(seats.c.game_id == game_id)
                .order_by(seats.c.seat)
            ).all()
        return [r.token_hash for r in rows]

    def actions(self, game_id: str, start: int = 0) -> list[tuple[dict[str, Any], int]]:
        """The stored actions from ``start`` on, as (action data, seat)."""
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.idx, actions.c.action, actions.c.seat)
                .where(actions.c.game_id == game_id, actions.c.idx >= start)
                .order_by(actions.c.idx)
            ).all()
        for k, r in enumerate(rows, start=start):
            if r.idx != k:
                raise StorageError(f"game {game_id}: action {k} is missing from the database")
        return [(json.loads(r.action), r.seat) for r in rows]

    def list_games(
        self,
        *,
        status: str | None,
        pack: str | None,
        limit: int,
        offset: int,
        client: str | None = None,
    ) -> list[GameRow]:
        q = sa.select(*_LISTED).order_by(games.c.created.desc(), games.c.id)
        if status == "active":
            q = q.where(games.c.status == "active")
        elif status == "finished":
            q = q.where(games.c.status != "active")
        if pack is not None:
            q = q.where(games.c.pack == pack)
        if client is not None:
            q = q.where(games.c.client == client)
        with self.reader.connect() as conn:
            rows = conn.execute(q.limit(limit).offset(offset)).all()
        return [_row(r) for r in rows]

    def count_active(self) -> int:
        with self.reader.connect() as conn:
            n = conn.execute(
                sa.select(sa.func.count()).select_from(games).where(games.c.status == "active")
            ).scalar()
        return int(n or 0)

    def stalled_bot_turns(self, older_than: float, limit: int = 100) -> list[str]:
        """Active games where a bot is to move and nothing happened for ``older_than`` s."""
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.id)
                .where(
                    games.c.status == "active",
                    games.c.bot_turn.is_(True),
                    games.c.updated < time.time() - older_than,
                )
                .limit(limit)
            ).all()
        return [r.id for r in rows]

    def bot_turns(self, limit: int = 1000) -> list[str]:
        """Active games where a bot is to move (to restart them after a restart)."""
        with self.reader.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.id)
                .where(games.c.status == "active", games.c.bot_turn.is_(True))
                .limit(limit)
            ).all()
        return [r.id for r in rows]

    def all_game_ids(self) -> list[str]:
        with self.reader.connect() as conn:
            return [r.id for r in conn.execute(sa.select(games.c.id).order_by(games.c.id))]
