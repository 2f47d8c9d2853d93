"""The reference web client: static files (plain ES modules, no build step) served at ``/``.

``GET /`` with ``Accept: text/html`` (a browser) answers ``web/index.html``;
the modules and the style sheet are under ``/web/``. The client talks to the
server only through the public JSON API and the WebSocket, like any other
client (see the *User interfaces* page of the docs).
"""

from __future__ import annotations

from pathlib import Path

from starlette.responses import FileResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

__all__ = ["WEB_DIR", "mount", "page"]

WEB_DIR = Path(__file__).parent / "web"

# Everything from this server only; no inline script; the WebSocket to this host.
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; style-src 'self'; script-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def page() -> Response:
    """The client's one page (the lobby and the game are views of it)."""
    return FileResponse(WEB_DIR / "index.html", media_type="text/html", headers=_HEADERS)


def mount() -> Mount:
    """``/web/...``: the client's modules and style sheet."""
    return Mount("/web", app=StaticFiles(directory=WEB_DIR), name="web")
