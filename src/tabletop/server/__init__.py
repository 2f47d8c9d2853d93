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


def serve(settings: Settings, *, log_level: str = "info") -> None:
    """Run the server with uvicorn until interrupted.

    The database is opened and its schema migrated first, so a bad ``--db`` or a
    database of a newer version is a :class:`~tabletop.TabletopError` (one line
    from the command), not a failure inside the server.
    """
    import uvicorn

    from .storage import Store

    store = Store(settings.db, sqlite_synchronous=settings.sqlite_synchronous)
    store.migrate()
    app = create_app(settings, store=store)
    tune_gc()
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        access_log=False,
        ws_max_size=settings.max_body,
        ws_per_message_deflate=settings.ws_compression,
        timeout_graceful_shutdown=5,
    )
