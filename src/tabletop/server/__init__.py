"""``tabletop serve``: a game server over HTTP and WebSocket (the ``server`` extra).

>>> from tabletop.server import Settings, create_app   # doctest: +SKIP
>>> app = create_app(Settings(db="sqlite:///games.db"))  # an ASGI app   # doctest: +SKIP

Games live in a database (one SQLite file by default, or PostgreSQL), each
as its record; states are rebuilt from records, so a restart loses nothing.
Seats are played by people holding a secret token, or by bots in worker
processes. See the *Game server* page of the docs.
"""

from __future__ import annotations

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app", "serve"]


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
    uvicorn.run(
        create_app(settings, store=store),
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        access_log=False,
        ws_max_size=settings.max_body,
        ws_per_message_deflate=settings.ws_compression,
        timeout_graceful_shutdown=5,
    )
