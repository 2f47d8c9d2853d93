"""The storage layer: migrations and the compare-and-set that accepts an action once
(on a real SQLite file and a real PostgreSQL)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.server.storage import (
    SCHEMA_VERSION,
    Append,
    Conflict,
    StorageError,
    Store,
    make_engines,
    migrate,
    schema_of,
    schema_version,
)


def make(store: Store, gid: str = "g1") -> None:
    store.create_game(
        game_id=gid,
        pack="rebel_space",
        pack_version="1.0.0",
        options={},
        seed=2**64 - 1,
        seat_kinds=["human", "random"],
        token_hashes=["h" * 64, None],
        to_move=0,
        bot_turn=False,
    )


def test_migrations(db_url: str) -> None:
    store = Store(db_url)
    assert migrate(store.engine, upto=1) == 0
    with store.engine.connect() as conn:
        assert schema_of(conn) == 1
    assert store.migrate() == 1  # v1 -> v2
    assert store.migrate() == SCHEMA_VERSION  # nothing to do
    with store.engine.connect() as conn:
        assert schema_of(conn) == SCHEMA_VERSION
        indexes = {i["name"] for i in sa.inspect(conn).get_indexes("games")}
    assert {"games_status_updated", "games_created"} <= indexes
    with store.engine.begin() as conn:
        conn.execute(schema_version.update().values(version=SCHEMA_VERSION + 1))
    with pytest.raises(StorageError, match="upgrade tabletop"):
        store.migrate()
    store.close()


def test_an_action_is_accepted_once(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    make(store)
    row = store.game("g1")
    assert row is not None and row.seed == 2**64 - 1 and row.seats == ["human", "random"]
    act = {"kind": "draw", "n": 1}
    store.append_action("g1", 0, act, 0, to_move=1, bot_turn=True, returns=None)
    with pytest.raises(Conflict):
        store.append_action("g1", 0, act, 0, to_move=1, bot_turn=True, returns=None)
    with pytest.raises(Conflict):
        store.append_action("g1", 5, act, 0, to_move=1, bot_turn=True, returns=None)
    assert store.actions("g1") == [(act, 0)]
    # In one batch, each item on its own: the stale one is refused, the others stored.
    make(store, "g2")
    items = [
        Append("g1", 1, act, 1, 0, False, None),
        Append("g2", 3, act, 0, 1, True, None),
        Append("g2", 0, act, 0, 1, True, None),
    ]
    assert store.append_many(items) == [True, False, True]
    stale = [Append("g1", 0, act, 1, 0, False, None), Append("g2", 0, act, 0, 1, True, None)]
    assert store.append_many(stale) == [False, False]  # nothing stored, nothing raised
    assert [p.num_actions for p in store.progress_of(["g1", "g2"]).values()] == [2, 1]
    store.resign("g1", 0, [-1.0, 1.0])
    with pytest.raises(Conflict):
        store.resign("g1", 1, [1.0, -1.0])
    with pytest.raises(Conflict):
        store.append_action("g1", 2, act, 0, to_move=1, bot_turn=True, returns=None)
    over = store.game("g1")
    assert over is not None and over.status == "resigned" and over.returns == [-1.0, 1.0]
    assert [g.id for g in store.list_games(status="finished", pack=None, limit=10, offset=0)] == [
        "g1"
    ]
    store.close()


@pytest.mark.parametrize("url", ["mysql://x@y/z", "not a url", "sqlite+pysqlite:///:memory:?x"])
def test_bad_database_urls(url: str) -> None:
    with pytest.raises(StorageError):
        Store(url)


def test_sqlite_commits_leave_checkpoints_to_the_server(tmp_path: Path) -> None:
    """On SQLite a commit never runs a checkpoint (a slow flush of the database file
    would hold up the action that crossed the threshold); Store.checkpoint copies the
    write-ahead log into the file, and the default synchronous mode is NORMAL."""
    store = Store(f"sqlite:///{tmp_path / 'g.db'}")
    store.migrate()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    act = {"kind": "draw", "n": 1}
    for k in range(40):
        make(store, f"g{k}")
        store.append_action(f"g{k}", 0, act, 0, to_move=1, bot_turn=True, returns=None)
    wal = tmp_path / "g.db-wal"
    size = wal.stat().st_size
    assert size > 40 * 4096  # no commit checkpointed: the log only grew
    assert store.checkpoint() == 0  # nothing left to copy
    make(store, "after")  # the next writer starts the log over (same file size, not more)
    assert wal.stat().st_size == size
    assert store.game("g39") is not None
    store.close()
    full = Store(f"sqlite:///{tmp_path / 'f.db'}", sqlite_synchronous="FULL")
    with full.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    full.close()


def test_checkpoint_on_each_database(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    assert store.checkpoint() == 0
    store.close()
    if db_url.startswith("postgresql"):
        # The server page's way to trade a crash of the database's last fraction of a
        # second for speed, for tabletop's connections alone: an option in the URL.
        fast = Store(db_url + "?options=-csynchronous_commit%3Doff")
        with fast.engine.connect() as conn:
            assert conn.exec_driver_sql("SHOW synchronous_commit").scalar() == "off"
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("SHOW synchronous_commit").scalar() == "on"
        fast.close()


def _open_together(url: str, barrier: Any) -> None:
    writer, reader = make_engines(url)
    barrier.wait(timeout=30)
    migrate(writer)
    with reader.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_processes_opening_a_new_sqlite_file_together(tmp_path: Path) -> None:
    # Switching a new file to WAL mode met "database is locked" at once (SQLite does not
    # wait for it) when another process held the file: a server started next to another
    # on a new file crashed (1 process in 16 here before the fix).
    ctx = multiprocessing.get_context("fork")
    for k in range(8):
        url = f"sqlite:///{tmp_path / f'games{k}.db'}"
        barrier = ctx.Barrier(4)
        procs = [ctx.Process(target=_open_together, args=(url, barrier)) for _ in range(4)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert [p.exitcode for p in procs] == [0, 0, 0, 0], f"file {k}"
