"""Live updates over WebSocket: two seats and a spectator, and a reconnect that gets
what it missed (a real server on a real SQLite file)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from srv_helpers import Mirror
from websockets.sync.client import ClientConnection, connect

from conftest import Api, Server


def ws_url(server: Server, gid: str) -> str:
    return server.url.replace("http://", "ws://") + f"/games/{gid}/live"


def open_ws(
    stack: contextlib.ExitStack,
    server: Server,
    gid: str,
    token: str | None,
    since: int | None = None,
) -> ClientConnection:
    ws = stack.enter_context(connect(ws_url(server, gid), open_timeout=10))
    hello: dict[str, Any] = {}
    if token is not None:
        hello["token"] = token
    if since is not None:
        hello["since"] = since
    ws.send(json.dumps(hello))
    return ws


def recv(ws: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=10)))


def expect_update(ws: ClientConnection, m: Mirror, seat: int | None, since: int | None) -> None:
    """The batches after ``since``, then the state, exactly as the mirror says."""
    for b in m.batches(seat, since):
        assert recv(ws) == {"type": "events", **b}
    assert recv(ws) == {"type": "state", **m.body(seat)}


@pytest.fixture
def api(sqlite_server: Server) -> Iterator[Api]:
    a = Api(sqlite_server.url)
    yield a
    a.close()


@pytest.fixture
def stack() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as s:
        yield s


def test_two_seats_and_a_spectator_follow_a_game(
    sqlite_server: Server, api: Api, stack: contextlib.ExitStack
) -> None:
    seed = 4242
    made = api.create("rebel_space", ["human", "human"], seed=seed)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    m = Mirror(gid, "rebel_space", seed, ["human", "human"])
    who: list[tuple[int | None, str | None]] = [(0, tokens[0]), (1, tokens[1]), (None, None)]
    conns = {seat: open_ws(stack, sqlite_server, gid, tok) for seat, tok in who}
    for seat, ws in conns.items():
        assert recv(ws) == {"type": "welcome", "game": gid, "seat": seat}
        expect_update(ws, m, seat, None)  # the set-up's events, then the state
    rng = random.Random(7)
    for _ in range(12):
        cp = m.state.current_player
        assert cp is not None
        aid = rng.choice(m.state.legal_ids())
        before = m.step
        assert api.act(gid, tokens[cp], aid, before).status_code == 200
        m.apply_id(aid)
        for seat, ws in conns.items():
            expect_update(ws, m, seat, before)
    # Seat 1 goes away; four actions later it comes back and gets exactly what it missed.
    conns.pop(1).close()
    gone_at = m.step
    for _ in range(4):
        cp = m.state.current_player
        assert cp is not None
        aid = rng.choice(m.state.legal_ids())
        before = m.step
        assert api.act(gid, tokens[cp], aid, before).status_code == 200
        m.apply_id(aid)
        for seat, ws in conns.items():
            expect_update(ws, m, seat, before)
    back = open_ws(stack, sqlite_server, gid, tokens[1], since=gone_at)
    assert recv(back)["type"] == "welcome"
    missed = [recv(back) for _ in range(m.step - gone_at)]
    assert [b["step"] for b in missed] == list(range(gone_at + 1, m.step + 1))
    assert missed == [{"type": "events", **b} for b in m.batches(1, gone_at)]
    assert recv(back) == {"type": "state", **m.body(1)}
    # The spectator saw only public events: the same as the spectator's own log.
    spectator_log = [e for b in m.batches(None, None) for e in b["events"]]
    assert spectator_log == m.state.view(None)["log"]
    # A resignation reaches everyone, and the server closes the sockets.
    assert api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[0])).status_code == 200
    m.resign(0)
    for seat, ws in [(0, conns[0]), (None, conns[None]), (1, back)]:
        assert recv(ws) == {"type": "state", **m.body(seat)}
        ws.close()


def test_ws_refuses_bad_hellos(
    sqlite_server: Server, api: Api, stack: contextlib.ExitStack
) -> None:
    made = api.create("rebel_space", ["human", "human"], seed=1)
    gid = made["id"]
    cases = [
        ('{"token": "not-a-token-at-all-xx"}', "wrong_token"),
        ('{"token": 5}', "bad_request"),
        ('{"since": -1}', "bad_request"),
        ('{"since": 99}', "bad_request"),
        ('{"seat": 0}', "bad_request"),
        ("{", "bad_json"),
    ]
    for hello, code in cases:
        ws = stack.enter_context(connect(ws_url(sqlite_server, gid), open_timeout=10))
        ws.send(hello)
        msgs = []
        while True:
            msg = recv(ws)
            msgs.append(msg)
            if msg["type"] == "error":
                break
        assert msgs[-1]["error"] == code, (hello, msgs)
        ws.close()
    ws = stack.enter_context(connect(ws_url(sqlite_server, "nosuchgame"), open_timeout=10))
    assert recv(ws)["error"] == "unknown_game"
    ws.close()
