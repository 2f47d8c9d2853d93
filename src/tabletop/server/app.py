"""The ASGI app: HTTP routes and the WebSocket, on top of :class:`~tabletop.server.service.Games`.

Routes (the OpenAPI description at ``/openapi.json`` is the reference):

* ``GET /packs``: the installed packs; ``GET /games``: games and their public facts;
* ``POST /games``: make a game (the answer holds each human seat's token, once);
* ``GET /games/{id}``: the game as the token's seat sees it, or as a spectator;
* ``POST /games/{id}/actions``: ``{"action_id", "seen"}``; ``POST /games/{id}/resign``;
* ``POST /games/{id}/end``: the game's owner ends it;
* ``POST /games/{id}/rematch`` (``GET``: once made): a finished game's rematch, and
  the asking seat's token in it;
* ``POST /games/{id}/grants``, ``GET`` them, ``DELETE /games/{id}/grants/{grant}``:
  a seat's spectator grants (a coach reads that seat's view, and cannot act);
* ``GET /games/{id}/replay?step=k``: the spectator's view after ``k`` actions;
* ``GET /games/{id}/record``: the record of a finished game;
* ``WS /games/{id}/live``: events and new prompts as they happen;
* ``GET /admin/games``, ``POST /admin/end``: the administrator's, with the server's
  admin secret (only when one is set).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import re
from collections.abc import AsyncIterator, Mapping
from typing import Any

import attrs
import orjson
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from . import web
from .bodies import batches
from .bots import BotPool
from .net import Proxies, client_of
from .openapi import openapi
from .service import Games
from .settings import Settings
from .storage import Store
from .wire import (
    ActRequest,
    AdminEndRequest,
    ApiError,
    CreateRequest,
    EndRequest,
    GrantRequest,
    RematchRequest,
    ResignRequest,
    RevokeRequest,
    read_body,
)

__all__ = ["create_app"]

log = logging.getLogger("tabletop.server")
_INT = re.compile(r"0|[1-9][0-9]{0,9}")
GRANT_CHECK = 5.0
"""How often (s) a spectator grant's WebSocket checks that the grant still stands (a
revoke on this process closes it at once; on another, within this)."""


@attrs.frozen
class Hello:
    """The first message on a WebSocket: the seat's token (none: a spectator) and
    the step the client has seen (none: it wants everything, set-up included)."""

    token: str | None = attrs.field(default=None, metadata={"max_length": 200})
    since: int | None = None


class _Json(JSONResponse):
    """JSON by orjson: the same compact UTF-8 text, several times faster to make."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


def dumps(content: Any) -> bytes:
    """Compact JSON bytes of ``content``."""
    return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def _json(body: Any, status: int = 200) -> JSONResponse:
    return _Json(body, status_code=status)


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if auth is None:
        return None
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", "send a seat's token as: Authorization: Bearer <token>")
    return token.strip()


def _query(request: Request, allowed: Mapping[str, str]) -> dict[str, str]:
    """The query parameters, refusing unknown or repeated ones (naming them)."""
    got: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key not in allowed:
            names = ", ".join(allowed) or "none"
            raise ApiError(
                400, "bad_query", f"unknown query parameter {key[:40]!r} (allowed: {names})"
            )
        if key in got:
            raise ApiError(400, "bad_query", f"query parameter {key!r} given twice")
        got[key] = value
    return got


def _int_param(q: dict[str, str], key: str, lo: int, hi: int, default: int | None) -> int | None:
    text = q.get(key)
    if text is None:
        return default
    if not _INT.fullmatch(text) or not lo <= int(text) <= hi:
        raise ApiError(
            400,
            "bad_query",
            f"query parameter {key!r} must be an integer {lo}..{hi}, not {text[:40]!r}",
        )
    return int(text)


async def _body(request: Request, limit: int, *, empty_ok: bool = False) -> bytes:
    """The request body, read no further than ``limit`` bytes (413 past it).

    A body must come with ``Content-Type: application/json`` (415 otherwise: a
    web page can make a browser send a POST without a preflight only as a
    form, as text, or with no type at all); only a route that takes an empty
    body (``empty_ok``) takes one without a type.
    """
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise ApiError(
            413, "too_large", f"the request body is {length} bytes; the limit is {limit}"
        )
    ctype = request.headers.get("content-type")
    is_json = ctype is not None and ctype.split(";")[0].strip().lower() == "application/json"
    if ctype is not None and not is_json:
        raise ApiError(
            415,
            "bad_content_type",
            f"send JSON (Content-Type: application/json), not {ctype[:60]!r}",
        )
    chunks = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ApiError(
                    413, "too_large", f"the request body is over the limit of {limit} bytes"
                )
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or cut off by the server's request timeout
        raise ApiError(408, "timeout", "the request body did not arrive whole") from None
    data = b"".join(chunks)
    if not is_json and (data or not empty_ok):
        raise ApiError(
            415,
            "bad_content_type",
            "send JSON with the header Content-Type: application/json (a body without "
            "a type is refused)",
        )
    return data


def create_app(settings: Settings | None = None, *, store: Store | None = None) -> Starlette:
    """The server as an ASGI app (run it with uvicorn; ``tabletop serve`` does)."""
    settings = settings or Settings()
    state: dict[str, Games] = {}
    proxies = Proxies(settings.trusted_proxies)
    admin_secret = settings.admin_secret

    def client(conn: Request | WebSocket) -> str:
        """The address a request counts as from (a trusted proxy's forwarded one)."""
        return client_of(conn.scope, proxies, settings.forwarded_header)

    def games() -> Games:
        return state["games"]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        db = store or Store(settings.db, sqlite_synchronous=settings.sqlite_synchronous)
        pool = BotPool(settings.bot_workers)
        g = Games(settings, db, pool)
        await g.start()
        state["games"] = g
        try:
            yield
        finally:
            await g.stop()
            pool.close()
            db.close()

    # ---------------------------------------------------------------- HTTP
    async def index(request: Request) -> Response:
        if "text/html" in request.headers.get("accept", ""):
            return web.page()  # a browser: the web client (its own query is its own)
        _query(request, {})
        return _json({"server": "tabletop", "version": __version__, "openapi": "/openapi.json"})

    async def health(request: Request) -> Response:
        return _json({"ok": True})

    async def openapi_json(request: Request) -> Response:
        return _json(openapi())

    async def packs(request: Request) -> Response:
        _query(request, {})
        return _json(games().packs())

    async def pack(request: Request) -> Response:
        _query(request, {})
        return _json(games().pack(request.path_params["name"]))

    async def list_games(request: Request) -> Response:
        q = _query(request, {"status": "", "pack": "", "limit": "", "offset": ""})
        status = q.get("status")
        if status not in (None, "active", "finished"):
            raise ApiError(400, "bad_query", "query parameter 'status' is active or finished")
        pack = q.get("pack")
        if pack is not None and len(pack) > 100:
            raise ApiError(400, "bad_query", "query parameter 'pack' is too long")
        limit = _int_param(q, "limit", 1, 200, 50)
        offset = _int_param(q, "offset", 0, 10**9, 0)
        assert limit is not None and offset is not None
        return _json(await games().list(status, pack, limit, offset))

    async def create(request: Request) -> Response:
        _query(request, {})
        req = read_body(await _body(request, settings.max_body), CreateRequest, settings.max_body)
        return _json(await games().create(req, client(request)), 201)

    async def read(request: Request) -> Response:
        q = _query(request, {"since": "", "log": ""})
        since = _int_param(q, "since", 0, 10**9, None)
        log_all = q.get("log")
        if log_all not in (None, "true", "false"):
            raise ApiError(400, "bad_query", "query parameter 'log' is true or false")
        body = await games().read(
            request.path_params["game_id"], _token(request), since, log_all == "true"
        )
        return _json(body)

    async def _optional_body(request: Request, cls: type[Any]) -> Any:
        """A request's JSON body of ``cls``, which may also be left empty (no body at all)."""
        raw = await _body(request, settings.max_body, empty_ok=True)
        return read_body(raw, cls, settings.max_body, empty_ok=True)

    async def act(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        req = read_body(await _body(request, settings.max_body), ActRequest, settings.max_body)
        return _json(
            await games().act(request.path_params["game_id"], token, req.action_id, req.seen)
        )

    async def resign(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        await _optional_body(request, ResignRequest)
        return _json(await games().resign(request.path_params["game_id"], token))

    async def end(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        await _optional_body(request, EndRequest)
        return _json(await games().end(request.path_params["game_id"], token))

    async def rematch(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        make = request.method == "POST"
        if make:
            await _optional_body(request, RematchRequest)
        body = await games().rematch(request.path_params["game_id"], token, make, client(request))
        return _json(body, 200)

    async def replay(request: Request) -> Response:
        q = _query(request, {"step": ""})
        if "step" not in q:
            raise ApiError(400, "bad_query", "query parameter 'step' is required")
        step = _int_param(q, "step", 0, 10**9, None)
        assert step is not None
        return _json(await games().replay(request.path_params["game_id"], step))

    async def grants_post(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        await _optional_body(request, GrantRequest)
        return _json(await games().grant(request.path_params["game_id"], token), 201)

    async def grants_get(request: Request) -> Response:
        _query(request, {})
        return _json(await games().grants(request.path_params["game_id"], _token(request)))

    async def revoke(request: Request) -> Response:
        _query(request, {})
        token = _token(request)
        await _optional_body(request, RevokeRequest)
        gid, grant = request.path_params["game_id"], request.path_params["grant"]
        return _json(await games().revoke(gid, token, grant))

    # ---------------------------------------------------------------- admin
    def _admin(request: Request) -> None:
        """Refuse a request without the server's admin secret."""
        assert admin_secret is not None
        token = _token(request)
        if token is None:
            raise ApiError(401, "no_token", "send the admin secret: Authorization: Bearer <secret>")
        if not hmac.compare_digest(token.encode(), admin_secret.encode()):
            raise ApiError(403, "wrong_token", "this is not the server's admin secret")

    async def admin_games(request: Request) -> Response:
        _admin(request)
        q = _query(request, {"status": "", "client": "", "limit": "", "offset": ""})
        status = q.get("status")
        if status not in (None, "active", "finished"):
            raise ApiError(400, "bad_query", "query parameter 'status' is active or finished")
        who = q.get("client")
        if who is not None and len(who) > 64:
            raise ApiError(400, "bad_query", "query parameter 'client' is too long")
        limit = _int_param(q, "limit", 1, 1000, 100)
        offset = _int_param(q, "offset", 0, 10**9, 0)
        assert limit is not None and offset is not None
        return _json(await games().admin_list(status, who, limit, offset))

    async def admin_end(request: Request) -> Response:
        _admin(request)
        _query(request, {})
        req = read_body(await _body(request, settings.max_body), AdminEndRequest, settings.max_body)
        if not req.games and req.client is None:
            raise ApiError(422, "bad_request", "name the games to end, or a client @ body")
        ended = await games().end_games(list(req.games), req.client)
        return _json({"ended": ended})

    async def record(request: Request) -> Response:
        _query(request, {})
        return _json(await games().record(request.path_params["game_id"]))

    # ---------------------------------------------------------------- WebSocket
    async def live_ws(ws: WebSocket) -> None:
        await ws.accept()
        try:
            await _live(ws)
        except ApiError as exc:
            with contextlib.suppress(Exception):
                await ws.send_text(dumps({"type": "error", **exc.body()}).decode())
                await ws.close(code=4000 + exc.status)
        except WebSocketDisconnect:
            pass

    async def _text(ws: WebSocket) -> str:
        """The next message, which must be text (a binary one is refused: 415)."""
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(msg.get("code", 1000))
        text = msg.get("text")
        if text is None:
            raise ApiError(
                415, "bad_content_type", "send JSON in text messages, not in binary ones"
            )
        return str(text)

    async def _live(ws: WebSocket) -> None:
        g = games()
        live = await g.open(ws.path_params["game_id"])
        who = client(ws)
        wake = g.watch(live, who)  # before the hello: a connection waiting for one counts
        try:
            await _follow(ws, g, live, wake)
        finally:
            g.unwatch(live, wake, who)

    async def _follow(ws: WebSocket, g: Games, live: Any, wake: asyncio.Event) -> None:
        try:
            first = await asyncio.wait_for(_text(ws), timeout=30)
        except TimeoutError:
            raise ApiError(408, "no_hello", 'send {"token": ..., "since": ...} first') from None
        hello = read_body(first.encode(), Hello, 4096)
        seat, grant = await g.viewer(live, hello.token)
        if hello.since is not None and hello.since < 0:
            raise ApiError(422, "bad_request", "since must be 0 or more @ body.since")
        closed = asyncio.Event()
        refused: list[ApiError] = []

        async def receive() -> None:
            try:
                while True:
                    msg = (await _text(ws)).strip()
                    if msg in ('{"type":"ping"}', '{"type": "ping"}'):
                        await ws.send_text('{"type":"pong"}')
            except ApiError as exc:
                refused.append(exc)
            except Exception:
                pass
            closed.set()
            wake.set()

        receiver = asyncio.create_task(receive())
        try:
            await ws.send_text(dumps({"type": "welcome", "game": live.id, "seat": seat}).decode())
            last = hello.since
            shown: tuple[int, str] | None = None
            wake.set()
            while True:
                if grant is None:
                    await wake.wait()
                else:  # a grant's connection looks now and then whether it was revoked
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), timeout=GRANT_CHECK)
                wake.clear()
                if refused:
                    raise refused[0]
                if closed.is_set():
                    return
                if grant is not None and not await g.grant_alive(live, grant):
                    raise ApiError(403, "revoked", "this spectator grant was revoked")
                async with live.lock:
                    if shown is None:  # later wakes come after a sync (here or the poller)
                        await g.sync(live)
                    if last is not None and last > live.step:
                        raise ApiError(
                            422, "bad_request", f"since {last} is past the game's step {live.step}"
                        )
                    msgs = [{"type": "events", **b} for b in batches(live, seat, last)]
                    if msgs or shown != (live.step, live.status):
                        msgs.append({"type": "state", **live.body(seat)})
                        shown = (live.step, live.status)
                    done = live.over
                    last = live.step
                for m in msgs:
                    await ws.send_text(dumps(m).decode())
                if done:
                    await ws.close(code=1000)
                    return
        finally:
            receiver.cancel()

    # ---------------------------------------------------------------- errors
    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        answer = _json(exc.body(), exc.status)
        if exc.headers:
            answer.headers.update(exc.headers)
        return answer

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        msg = {
            404: f"no such route: {request.url.path[:80]}",
            405: f"{request.method} is not allowed here",
        }
        return _json(
            {"error": code, "message": msg.get(exc.status_code, str(exc.detail))}, exc.status_code
        )

    async def internal(request: Request, exc: Exception) -> Response:
        log.error(
            "tabletop: internal error on %s %s", request.method, request.url.path, exc_info=exc
        )
        return _json(
            {"error": "internal", "message": "the server failed; the game is unchanged"}, 500
        )

    game = r"{game_id}"
    routes = [
        Route("/", index, methods=["GET"]),
        Route("/healthz", health, methods=["GET"]),
        Route("/openapi.json", openapi_json, methods=["GET"]),
        Route("/packs", packs, methods=["GET"]),
        Route("/packs/{name}", pack, methods=["GET"]),
        Route("/games", list_games, methods=["GET"]),
        Route("/games", create, methods=["POST"]),
        Route(f"/games/{game}", read, methods=["GET"]),
        Route(f"/games/{game}/actions", act, methods=["POST"]),
        Route(f"/games/{game}/resign", resign, methods=["POST"]),
        Route(f"/games/{game}/end", end, methods=["POST"]),
        Route(f"/games/{game}/rematch", rematch, methods=["GET", "POST"]),
        Route(f"/games/{game}/replay", replay, methods=["GET"]),
        Route(f"/games/{game}/grants", grants_post, methods=["POST"]),
        Route(f"/games/{game}/grants", grants_get, methods=["GET"]),
        Route(f"/games/{game}/grants/{{grant}}", revoke, methods=["DELETE"]),
        Route(f"/games/{game}/grants/{{grant}}/revoke", revoke, methods=["POST"]),
        Route(f"/games/{game}/record", record, methods=["GET"]),
        WebSocketRoute(f"/games/{game}/live", live_ws),
        web.mount(),
    ]
    if admin_secret is not None:
        routes[-1:-1] = [
            Route("/admin/games", admin_games, methods=["GET"]),
            Route("/admin/end", admin_end, methods=["POST"]),
        ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={ApiError: api_error, HTTPException: http_error, Exception: internal},
    )
