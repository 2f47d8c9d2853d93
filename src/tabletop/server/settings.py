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
    """Games in play at once, past which creating one is refused (503; 0: no limit)."""
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
    """WebSocket connections at once (0: no limit)."""
    ws_compression: bool = True
    """Compress WebSocket messages (permessage-deflate): less to send, more CPU on both ends."""

    # ------------------------------------------------------------ clients
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    """Addresses (or networks, ``10.0.0.0/8``) of reverse proxies whose forwarded
    address is believed: a request from one of them counts as from the address in
    its ``forwarded_header``; from anyone else, the header is ignored."""
    forwarded_header: str = "x-forwarded-for"
    """The header a trusted proxy puts the client's address in: ``x-forwarded-for``
    (nginx's ``$proxy_add_x_forwarded_for``) or ``forwarded`` (RFC 7239)."""
    games_per_client: int = 100
    """Games in play at once made from one client address (0: no limit)."""
    creates_per_minute: int = 20
    """Games one client address may make in a minute (0: no limit)."""
    watchers_per_client: int = 100
    """WebSocket connections at once from one client address (0: no limit)."""
    game_idle_timeout: float = 3600.0
    """Seconds after which a game nobody acted in, read or followed ends as
    ``abandoned`` (0: never)."""
    expiry_interval: float = 30.0
    """Seconds between looks for games to end as abandoned."""
    max_bot_seconds: float = 5.0
    """The most seconds a bot may think per decision; a seat asking for more is refused,
    and a bot with an iteration budget stops at this time too (0: only the seat
    grammar's 10 s)."""
    bots: dict[str, str] = attrs.field(factory=dict, converter=dict)
    """Bots this server adds to the seat kinds: name -> an installed bot's name or
    ``module:attr`` (``tabletop serve --bot NAME=SPEC``). A request names a seat by
    the name; only this configuration says what code that is. Such a bot is trusted
    code: the server's ``max_bot_seconds`` caps only the built-in search."""
    admin_secret: str | None = None
    """The secret of the admin routes (``/admin/...``); ``None``: no admin routes.
    ``tabletop serve`` takes it from the ``TABLETOP_ADMIN_SECRET`` environment variable."""

    # ------------------------------------------------------------ connections
    connections_per_client: int = 256
    """Open TCP connections at once from one address (0: no limit); a trusted proxy's
    connections are not counted against it."""
    max_connections: int = 12_000
    """Open TCP connections at once in all (lowered to fit the process's file limit;
    0: as many as that limit allows)."""
    max_header_bytes: int = 32 * 1024
    """The largest request head (request line and headers), in bytes (431 past it;
    0: no limit)."""
    request_timeout: float = 10.0
    """Seconds in which a request must arrive whole, head and body, once begun (or
    once the connection is open); slower, it is answered 408 and the connection closed
    (0: no limit)."""
    keep_alive_timeout: int = 5
    """Seconds an idle HTTP connection is kept open for the next request."""
