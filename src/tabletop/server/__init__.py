"""``tabletop serve``: a game server over HTTP and WebSocket (the ``server`` extra).

>>> from tabletop.server import Settings, create_app   # doctest: +SKIP
>>> app = create_app(Settings(db="sqlite:///games.db"))  # an ASGI app   # doctest: +SKIP

Games live in a database (one SQLite file by default, or PostgreSQL), each
as its record; states are rebuilt from records, so a restart loses nothing.
Seats are played by people holding a secret token, or by bots in worker
processes. See the *Game server* page of the docs.
"""

from __future__ import annotations

import contextlib
import gc
import logging

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app", "serve", "tune_gc"]

GC_THRESHOLDS = (7_000, 10, 1_000)
"""The collector's thresholds in a server process (Python's defaults: 700, 10, 10)."""


def tune_gc() -> None:
    """Set the garbage collector for a server process (``tabletop serve`` does this).

    With Python's defaults a server holding a few hundred games ran a full
    collection every few seconds, each a pause of 60 to 130 ms in which no
    request moved: that was most of the latency tail. Here what is loaded at
    start (modules, packs) is frozen out of every collection, the youngest
    generation is collected ten times less often (most objects of a request
    are freed by reference counting before it comes), and a full collection
    waits for a thousand middle ones (minutes under load, not seconds).
    Garbage in cycles is still collected. Process-wide, so it is not done by
    :func:`create_app`: a program embedding the app decides for itself.
    """
    from ..registry import pack_names, registered_pack

    for name in pack_names():  # load every pack now, so it is frozen with the rest
        with contextlib.suppress(Exception):  # a broken pack is reported when asked for
            registered_pack(name)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


LIMITS = (
    "max_active_games",
    "games_per_client",
    "creates_per_minute",
    "max_watchers",
    "watchers_per_client",
    "game_idle_timeout",
    "max_bot_seconds",
    "max_connections",
    "connections_per_client",
    "max_header_bytes",
    "request_timeout",
)
"""The fields of :class:`Settings` that bound what clients may do (0: no limit)."""

MIN_ADMIN_SECRET = 24
"""The fewest characters of an admin secret (make one with ``python -c "import secrets;
print(secrets.token_urlsafe(32))"``)."""


def fit_connections(wanted: int, reserve: int = 256) -> int:
    """How many connections the process can hold open: ``wanted``, or fewer if its
    limit of open files is lower (raised first to the hard limit), keeping
    ``reserve`` files for the database, the bot workers and the logs."""
    try:
        import resource
    except ImportError:  # not on a POSIX system: trust the setting
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = wanted or 1_000_000  # no cap of its own: as many as the process may open
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        target = wanted + reserve if hard == resource.RLIM_INFINITY else hard
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, target), hard))
            soft = max(soft, target)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - reserve))


def serve(settings: Settings, *, log_level: str = "info") -> None:
    """Run the server with uvicorn until interrupted.

    The database is opened and its schema migrated first, so a bad ``--db`` or a
    database of a newer version is a :class:`~tabletop.TabletopError` (one line
    from the command), not a failure inside the server; so are a bad trusted
    proxy and an admin secret too short to be one.

    uvicorn runs with the protocols of :func:`tabletop.server.net.protocols`:
    caps on the connections of one address and in all, a limit on a request's
    head and a time in which a request must arrive whole (what a server open
    to the internet needs whatever stands in front of it), and WebSockets that
    leave no reference cycle behind (see there).
    """
    import uvicorn

    from ..errors import TabletopError
    from .net import ConnectionGuard, Proxies, protocols
    from .storage import Store

    try:
        proxies = Proxies(settings.trusted_proxies)
    except ValueError as exc:
        raise TabletopError(str(exc)) from None
    for name in LIMITS:
        if getattr(settings, name) < 0:
            raise TabletopError(f"{name.replace('_', ' ')} must be 0 (no limit) or more")
    secret = settings.admin_secret
    if secret is not None and len(secret) < MIN_ADMIN_SECRET:
        raise TabletopError(
            f"the admin secret (TABLETOP_ADMIN_SECRET) must be at least {MIN_ADMIN_SECRET} "
            'characters: make one with python -c "import secrets; print(secrets.token_urlsafe(32))"'
        )
    store = Store(settings.db, sqlite_synchronous=settings.sqlite_synchronous)
    store.migrate()
    app = create_app(settings, store=store)
    most = fit_connections(settings.max_connections)
    if settings.max_connections and most < settings.max_connections:
        logging.getLogger("tabletop.server").warning(
            "tabletop: this process may open few files: at most %d connections at once "
            "(raise ulimit -n for more)",
            most,
        )
    guard = ConnectionGuard(settings.connections_per_client, most, proxies)
    http, ws = protocols(
        guard, max_head=settings.max_header_bytes, request_timeout=settings.request_timeout
    )
    tune_gc()
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        access_log=False,
        http=http,
        ws=ws,
        ws_max_size=settings.max_body,
        ws_per_message_deflate=settings.ws_compression,
        proxy_headers=False,  # the app reads a trusted proxy's header itself (net.client_of)
        timeout_keep_alive=settings.keep_alive_timeout,
        timeout_graceful_shutdown=5,
        server_header=False,
    )
