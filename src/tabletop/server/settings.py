"""The server's settings: one typed object, given to :func:`~tabletop.server.create_app`."""

from __future__ import annotations

import os

import attrs

__all__ = ["Settings"]


def _default_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


@attrs.frozen(kw_only=True)
class Settings:
    """How a server runs. Every field has a default fit for a small community."""

    db: str = "sqlite:///tabletop.db"
    """The database URL: ``sqlite:///FILE`` (default: ``tabletop.db`` in the working
    folder) or ``postgresql://user:password@host/dbname`` (psycopg 3)."""
    host: str = "127.0.0.1"
    """The address to listen on (put a reverse proxy in front for the internet)."""
    port: int = 8000
    bot_workers: int = attrs.field(factory=_default_workers)
    """Worker processes for bot decisions (default: the CPUs less one)."""
    max_body: int = 64 * 1024
    """The largest request body taken, in bytes."""
    max_active_games: int = 10_000
    """Games in play at once, past which creating one is refused (503)."""
    cache_games: int = 2_000
    """Game states kept in memory; others are rebuilt from the database when asked for."""
    db_threads: int = 16
    """Threads for blocking database calls."""
    poll_interval: float = 0.25
    """Seconds between looks at the database for what other processes did to watched games."""
    sweep_interval: float = 2.0
    """Seconds between looks for bot turns nobody is playing (another process died)."""
    sqlite_synchronous: str = "NORMAL"
    """SQLite's ``synchronous``: ``NORMAL`` (an acknowledged action survives a crash or a
    kill of the server, not a power cut of the machine) or ``FULL`` (it survives a power
    cut too; each commit waits for a disk flush)."""
    checkpoint_interval: float = 1.0
    """Seconds between checkpoints of SQLite's write-ahead log (done off the commits' path)."""
    max_watchers: int = 10_000
    """WebSocket connections at once."""
    ws_compression: bool = True
    """Compress WebSocket messages (permessage-deflate): less to send, more CPU on both ends."""
