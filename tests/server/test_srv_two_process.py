"""Two server processes on one database stay consistent (SQLite file and PostgreSQL):
an action accepted by one is seen by the other, and the same action sent to both at
once is accepted once."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Mirror
from websockets.sync.client import connect

from conftest import Api, Server


@pytest.fixture
def two(db_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    a, b = Server(db_url, tmp_path), Server(db_url, tmp_path)
    # Started together: the schema is migrated once, under a lock.
    threads = [threading.Thread(target=s.start) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        a.wait_ready()
        b.wait_ready()
        yield a, b
    finally:
        a.stop()
        b.stop()


def race(urls: list[str], path: str, headers: dict[str, str], body: dict[str, Any]) -> list[int]:
    """POST the same body to every server at the same moment; their status codes."""
    barrier = threading.Barrier(len(urls))
    codes = [0] * len(urls)

    def send(i: int) -> None:
        with httpx.Client(base_url=urls[i], timeout=20) as c:
            c.get("/healthz")
            barrier.wait()
            codes[i] = c.post(path, headers=headers, json=body).status_code

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(urls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


def test_two_processes_on_one_database(two: tuple[Server, Server]) -> None:
    a, b = two
    api_a, api_b = Api(a.url), Api(b.url)
    made = api_a.create("rebel_space", ["human", "human"], seed=77)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    m = Mirror(gid, "rebel_space", 77, ["human", "human"])
    assert api_b.read(gid, tokens[0]) == m.body(0)
    rng = random.Random(9)
    with connect(b.url.replace("http", "ws") + f"/games/{gid}/live", open_timeout=10) as ws:
        ws.send(json.dumps({"since": 0}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        for k in range(12):
            cp = m.state.current_player
            assert cp is not None
            aid = rng.choice(m.state.legal_ids())
            before = m.step
            if k % 3 == 2:  # the same action to both servers at once: accepted once
                codes = race(
                    [a.url, b.url],
                    f"/games/{gid}/actions",
                    api_a.auth(tokens[cp]),
                    {"action_id": aid, "seen": before},
                )
                assert sorted(codes) == [200, 409], codes
            else:
                api = (api_a, api_b)[k % 2]
                assert api.act(gid, tokens[cp], aid, before).status_code == 200
            m.apply_id(aid)
            for api in (api_a, api_b):  # seen by both
                assert api.read(gid, tokens[cp]) == m.body(cp)
                assert api.read(gid) == m.body(None)
            # the WebSocket on B sees actions accepted by A too
            assert json.loads(ws.recv(timeout=10)) == {
                "type": "events",
                **m.batches(None, before)[0],
            }
            assert json.loads(ws.recv(timeout=10)) == {"type": "state", **m.body(None)}
    # Resigning on both at once: one wins.
    codes = race([a.url, b.url], f"/games/{gid}/resign", api_a.auth(tokens[0]), {})
    assert sorted(codes) == [200, 409], codes
    rec_a = api_a.http.get(f"/games/{gid}/record").json()
    rec_b = api_b.http.get(f"/games/{gid}/record").json()
    assert rec_a == rec_b and len(rec_a["actions"]) == 12
    api_a.close()
    api_b.close()
