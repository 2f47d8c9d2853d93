"""The server's defences at the connection level, and who a client is.

* :func:`client_of`: the address a request counts as from: its peer's, or,
  when the peer is a trusted reverse proxy, the address the proxy forwarded
  (the rightmost one in the header that is not itself a trusted proxy). An
  IPv6 address counts by its /64 network (one host is given a whole /64).
* :class:`Buckets`: a token bucket per client (games made per minute).
* :class:`ConnectionGuard` and :func:`protocols`: uvicorn's HTTP and WebSocket
  protocols with what uvicorn lacks: a cap on the open connections of one
  address and in all, a limit on the size of a request's head (431), a time
  in which a request must arrive whole (408), and the reference cycle of
  each closed WebSocket broken at once (see :func:`protocols`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "Buckets",
    "ConnectionGuard",
    "Proxies",
    "client_key",
    "client_of",
    "protocols",
]

log = logging.getLogger("tabletop.server")

_Net = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_key(host: str) -> str:
    """The address ``host`` counts as: itself for IPv4, its /64 network for IPv6 (an
    IPv4 address mapped into IPv6 is the IPv4 address); anything else, cut short."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Proxies:
    """The trusted reverse proxies: addresses or networks (``10.0.0.0/8``)."""

    def __init__(self, entries: Iterable[str]) -> None:
        nets: list[_Net] = []
        for e in entries:
            e = e.strip()
            if not e:
                continue
            try:
                nets.append(ipaddress.ip_network(e, strict=False))
            except ValueError:
                raise ValueError(
                    f"a trusted proxy is an IP address or network (10.0.0.0/8), not {e[:60]!r}"
                ) from None
        self.nets = tuple(nets)

    def trusts(self, host: str) -> bool:
        if not self.nets or not host:
            return False
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip.version == n.version and ip in n for n in self.nets)


def _strip_port(addr: str) -> str:
    """``1.2.3.4:80`` -> ``1.2.3.4``; ``[::1]:80`` -> ``::1``; ``"..."`` unquoted."""
    addr = addr.strip().strip('"')
    if addr.startswith("["):
        return addr[1 : addr.find("]")] if "]" in addr else addr[1:]
    if addr.count(":") == 1:
        return addr.split(":", 1)[0]
    return addr


def _forwarded_chain(headers: Sequence[tuple[bytes, bytes]], name: bytes) -> list[str]:
    """The addresses in the forwarded header ``name`` (all its lines), client first."""
    chain: list[str] = []
    for key, value in headers:
        if key.lower() != name:  # (uvicorn's WebSocket scope keeps the names' case)
            continue
        text = value.decode("latin-1")
        for part in text.split(","):
            if name == b"forwarded":
                for pair in part.split(";"):
                    k, _, v = pair.partition("=")
                    if k.strip().lower() == "for":
                        chain.append(_strip_port(v))
            else:
                chain.append(_strip_port(part))
        if len(chain) > 64:  # a proxy adds one; a chain this long is not a proxy's
            del chain[:-64]
    return [c for c in chain if c]


def client_of(scope: Any, proxies: Proxies, header: str = "x-forwarded-for") -> str:
    """The client address (see :func:`client_key`) a request or WebSocket counts as.

    The peer's address, unless the peer is a trusted proxy: then the rightmost
    address of the forwarded header that is not a trusted proxy (what the
    outermost trusted proxy saw); a client can write what it likes to the left
    of it, not there.
    """
    client = scope.get("client")
    peer = str(client[0]) if client else ""
    if not proxies.trusts(peer):
        return client_key(peer)
    chain = _forwarded_chain(scope.get("headers") or (), header.lower().encode("latin-1"))
    for addr in reversed(chain):
        if not proxies.trusts(addr):
            return client_key(addr)
    return client_key(chain[0] if chain else peer)


class Buckets:
    """A token bucket per key: ``per_minute`` tokens a minute, as many at most."""

    def __init__(self, per_minute: int, *, clock: Any = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.size = float(per_minute)
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until one."""
        if self.size <= 0:
            return 0.0
        now = float(self.clock())
        tokens, at = self.buckets.get(key, (self.size, now))
        tokens = min(self.size, tokens + (now - at) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > 50_000:
            self._prune(now)
        return 0.0

    def _prune(self, now: float) -> None:
        """Forget the buckets that have filled up again (they hold nothing)."""
        full = [k for k, (t, at) in self.buckets.items() if t + (now - at) * self.rate >= self.size]
        for k in full:
            del self.buckets[k]


class ConnectionGuard:
    """Open connections by client address and in all (one per server process)."""

    def __init__(self, per_client: int, total: int, proxies: Proxies) -> None:
        self.per_client = per_client
        self.total = total
        self.proxies = proxies
        self.open: dict[str, int] = {}
        self.count = 0

    def acquire(self, host: str) -> tuple[str | None, str]:
        """A slot for a connection from ``host``: ``(key, "")``, or ``(None, why)``
        where ``why`` is ``client`` (this address has its share) or ``total``."""
        if self.total and self.count >= self.total:
            return None, "total"
        key = "" if self.proxies.trusts(host) else client_key(host)
        if key:
            n = self.open.get(key, 0)
            if self.per_client and n >= self.per_client:
                return None, "client"
            self.open[key] = n + 1
        self.count += 1
        return key, ""

    def release(self, key: str) -> None:
        self.count -= 1
        if key:
            n = self.open.get(key, 0) - 1
            if n > 0:
                self.open[key] = n
            else:
                self.open.pop(key, None)


def _plain(status: int, reason: str, code: str, message: str) -> bytes:
    """A complete HTTP/1.1 answer with a JSON error body that closes the connection."""
    body = json.dumps({"error": code, "message": message}, separators=(",", ":")).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


_REFUSED = {
    "client": _plain(
        429,
        "Too Many Requests",
        "too_many_connections",
        "this address has as many connections open as the server takes from one address",
    ),
    "total": _plain(
        503,
        "Service Unavailable",
        "full",
        "this server has as many connections open as it takes; try later",
    ),
}


class _QuietRequests(logging.Filter):
    """Drops uvicorn's line for each WebSocket accepted or refused: requests are not
    logged (HTTP ones are not either: the access log is off)."""

    def filter(self, record: logging.LogRecord) -> bool:
        msg = record.msg
        return not (
            record.levelno <= logging.INFO
            and isinstance(msg, str)
            and msg.startswith('%s - "WebSocket ')
        )


def _ws_logger() -> logging.Logger:
    """uvicorn's error log for WebSockets, without a line per connection."""
    logger = logging.getLogger("uvicorn.error.websocket")
    if not any(isinstance(f, _QuietRequests) for f in logger.filters):
        logger.addFilter(_QuietRequests())
    return logger


def protocols(
    guard: ConnectionGuard, *, max_head: int, request_timeout: float
) -> tuple[type[Any], type[Any]]:
    """uvicorn's httptools HTTP protocol and websockets (sans-I/O) WebSocket protocol,
    with the guard's caps, the head limit and the request timeout, as classes to
    give ``uvicorn.run(http=..., ws=...)``.

    The WebSocket protocol also breaks, once its connection is lost and its
    ASGI task is over, the reference cycle that websockets' sans-I/O
    ``ServerProtocol`` keeps with the generator parsing its input (and the
    HTTP protocol, on an upgrade, the one it keeps with its parser): without
    that, every closed connection waits for a full run of the garbage
    collector, and with permessage-deflate each holds its zlib streams (tens
    of kilobytes the collector does not see); with the collector tuned for
    a server (:func:`tabletop.server.tune_gc`) full runs are minutes apart,
    and 3,000 reconnects grew the process by hundreds of megabytes.
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """A WebSocket that holds its connection's slot and leaves no cycle behind."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.logger = _ws_logger()
            self.slot: str | None = None

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.slot is not None:
                guard.release(self.slot)
                self.slot = None
            self._unlink()

        def on_task_complete(self, task: Any) -> None:
            super().on_task_complete(task)
            if self.disconnected:
                self._unlink()

        def _unlink(self) -> None:
            """Break the cycles that would keep the closed connection (and its zlib
            streams) until a full collection: the parser generator's frame refers
            to the protocol, an exception's traceback to frames."""
            conn = self.conn
            parser = getattr(conn, "parser", None)
            if parser is not None:
                parser.close()
            for name in ("parser_exc", "handshake_exc"):
                exc = getattr(conn, name, None)
                if exc is not None:
                    exc.__traceback__ = None

    class GuardedHttp(HttpToolsProtocol):
        """HTTP/1.1 with per-address and total connection caps, a head size limit and
        a time in which a request must arrive whole."""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.slot: str | None = None
            self.head_bytes = 0
            self.in_head = True
            self.timer: Any = None
            key, why = guard.acquire(self.client[0] if self.client else "")
            if key is None:
                self._refuse(_REFUSED[why])
                return
            self.slot = key
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self.slot is not None:
                guard.release(self.slot)
                self.slot = None
            super().connection_lost(exc)

        def _refuse(self, answer: bytes) -> None:
            self._disarm()
            self.in_head = False
            if not self.transport.is_closing():
                self.transport.write(answer)
                self.transport.close()

        def _arm(self) -> None:
            if self.timer is None and request_timeout > 0:
                self.timer = self.loop.call_later(request_timeout, self._timed_out)

        def _disarm(self) -> None:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

        def _timed_out(self) -> None:
            self.timer = None
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is None or not cycle.response_started:
                self._refuse(
                    _plain(
                        408,
                        "Request Timeout",
                        "timeout",
                        f"the request did not arrive whole within {request_timeout:g} s",
                    )
                )
            else:  # answered already (an error before the body was read): just close
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self.slot is None:  # refused: nothing more is read
                return
            super().data_received(data)
            if self.in_head and not self.transport.is_closing():
                self.head_bytes += len(data)
                if max_head and self.head_bytes > max_head:
                    self._refuse(
                        _plain(
                            431,
                            "Request Header Fields Too Large",
                            "too_large",
                            f"the request line and headers are over {max_head} bytes",
                        )
                    )

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self.in_head = True  # (the bytes of the chunk it began in are counted)
            self._arm()

        def on_headers_complete(self) -> None:
            self.in_head = False
            self.head_bytes = 0
            super().on_headers_complete()
            if self.parser.should_upgrade() and self._should_upgrade():
                self._disarm()  # a WebSocket: its own protocol takes over

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._disarm()

        def handle_websocket_upgrade(self) -> None:
            super().handle_websocket_upgrade()
            ws = self.transport.get_protocol()
            if isinstance(ws, GuardedWebSocket):
                ws.slot, self.slot = self.slot, None
            self._disarm()
            self.parser = None  # type: ignore[assignment]  # its cycle with this protocol

    return GuardedHttp, GuardedWebSocket
