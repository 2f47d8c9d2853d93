"""The table features (issue 26) on a real server, on SQLite and on PostgreSQL:
rematch, spectator grants, step-through replay, turn timers."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from conftest import Api, Server  # at import: the web tests' conftest takes the name later


def error(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"] == code, r.text


def finished(api: Any, seats: list[str] | None = None, **kw: Any) -> tuple[str, list[Any]]:
    """A game of ``seats`` ended by seat 0's resignation: its id and tokens."""
    made = api.create(kw.pop("pack", "rebel_space"), seats or ["human", "human"], **kw)
    tokens = [s.get("token") for s in made["seats"]]
    r = api.http.post(f"/games/{made['id']}/resign", headers=api.auth(tokens[0]))
    assert r.status_code == 200, r.text
    return made["id"], tokens


# ---------------------------------------------------------------- rematch
def test_rematch_swaps_seats_and_gives_each_seat_its_token(api: Any) -> None:
    gid, (t0, t1) = finished(api, ["human", "human"])
    assert api.read(gid)["rematch"] is None
    error(api.http.get(f"/games/{gid}/rematch", headers=api.auth(t0)), 404, "no_rematch")
    r = api.http.post(f"/games/{gid}/rematch", headers=api.auth(t0))
    assert r.status_code == 200, r.text
    first = r.json()
    new, seat, tok = first["id"], first["seat"], first["token"]
    assert seat == 1 and first["rematch_of"] == gid and "owner_token" in first
    # idempotent: the same game and the same token, from any request
    again = api.http.post(f"/games/{gid}/rematch", headers=api.auth(t0)).json()
    assert again == first
    # the old game says where its rematch is, to its seats and to spectators
    assert api.read(gid)["rematch"] == new and api.read(gid, t1)["rematch"] == new
    # the other seat gets its own seat in the rematch with its old token
    other = api.http.get(f"/games/{gid}/rematch", headers=api.auth(t1)).json()
    assert other["id"] == new and other["seat"] == 0 and other["token"] != tok
    assert "owner_token" not in other
    assert api.read(new, tok)["seat"] == 1 and api.read(new, other["token"])["seat"] == 0
    # a token is never shown to anyone else
    spectator = json.dumps(api.read(new)) + json.dumps(api.read(gid, t1))
    assert tok not in spectator and other["token"] not in spectator
    # the owner token of the rematch ends it
    r = api.http.post(f"/games/{new}/end", headers=api.auth(first["owner_token"]))
    assert r.status_code == 200, r.text


def test_rematch_kinds_rotate_and_bots_play(api: Any) -> None:
    gid, tokens = finished(api, ["human", "random"])
    made = api.http.post(f"/games/{gid}/rematch", headers=api.auth(tokens[0])).json()
    assert [s["kind"] for s in made["seats"]] == ["random", "human"]
    assert made["seat"] == 1
    gid3, t3 = finished(
        api,
        ["human", "random", "human"],
        pack="station_assault",
        options={"mode": "free_for_all", "players": 3},
    )
    m3 = api.http.post(f"/games/{gid3}/rematch", headers=api.auth(t3[2])).json()
    assert [s["kind"] for s in m3["seats"]] == ["human", "human", "random"]
    assert m3["seat"] == 0
    other = api.http.get(f"/games/{gid3}/rematch", headers=api.auth(t3[0])).json()
    assert other["seat"] == 1
    assert api.read(m3["id"], other["token"])["seat"] == 1


def test_rematch_refusals(api: Any) -> None:
    made = api.create("rebel_space", ["human", "human"])
    gid, t0 = made["id"], made["seats"][0]["token"]
    error(api.http.post(f"/games/{gid}/rematch", headers=api.auth(t0)), 409, "not_over")
    error(api.http.post(f"/games/{gid}/rematch"), 401, "no_token")
    error(api.http.post(f"/games/{gid}/rematch", headers=api.auth("x" * 32)), 403, "wrong_token")
    error(
        api.http.post(f"/games/{gid}/rematch", headers=api.auth(t0), json={"x": 1}),
        422,
        "bad_request",
    )
    error(
        api.http.post(f"/games/{gid}/rematch", headers=api.auth(t0), content=b"{}"),
        415,
        "bad_content_type",
    )
    error(api.http.post(f"/games/{gid}/rematch?x=1", headers=api.auth(t0)), 400, "bad_query")


# ---------------------------------------------------------------- grants
def test_grant_reads_the_seats_view_and_cannot_act(api: Any, server: Any) -> None:
    made = api.create("rebel_space", ["human", "human"])
    gid = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    r = api.http.post(f"/games/{gid}/grants", headers=api.auth(t0))
    assert r.status_code == 201, r.text
    g = r.json()
    assert g["seat"] == 0 and set(g) == {"game", "grant", "seat", "token"}
    coach = g["token"]
    # exactly the seat's view, events included
    assert api.read(gid, coach, log="true") == api.read(gid, t0, log="true")
    assert api.read(gid, coach) != api.read(gid)  # more than a spectator sees
    # never acts
    body = api.read(gid, t0)
    cp = body["current_player"]
    if cp == 0:
        aid = body["legal_actions"][0]["id"]
        error(api.act(gid, coach, aid, body["step"]), 403, "read_only")
    error(api.http.post(f"/games/{gid}/resign", headers=api.auth(coach)), 403, "read_only")
    error(api.http.post(f"/games/{gid}/grants", headers=api.auth(coach)), 403, "read_only")
    error(api.http.post(f"/games/{gid}/rematch", headers=api.auth(coach)), 403, "read_only")
    # listed for its seat only, without a secret
    listed = api.http.get(f"/games/{gid}/grants", headers=api.auth(t0)).json()["grants"]
    assert [x["grant"] for x in listed] == [g["grant"]] and coach not in json.dumps(listed)
    assert api.http.get(f"/games/{gid}/grants", headers=api.auth(t1)).json() == {"grants": []}
    # only its seat revokes it
    error(
        api.http.delete(f"/games/{gid}/grants/{g['grant']}", headers=api.auth(t1)),
        404,
        "unknown_grant",
    )
    r = api.http.delete(f"/games/{gid}/grants/{g['grant']}", headers=api.auth(t0))
    assert r.json() == {"revoked": g["grant"]}
    error(api.http.get(f"/games/{gid}", headers=api.auth(coach)), 403, "wrong_token")
    # POST .../revoke does the same
    g2 = api.http.post(f"/games/{gid}/grants", headers=api.auth(t1), json={}).json()
    assert api.read(gid, g2["token"])["seat"] == 1
    r = api.http.post(f"/games/{gid}/grants/{g2['grant']}/revoke", headers=api.auth(t1))
    assert r.status_code == 200, r.text
    error(
        api.http.post(f"/games/{gid}/grants", headers=api.auth(t0), json={"seat": 1}),
        422,
        "bad_request",
    )


def test_a_revoked_grants_websocket_is_closed(api: Any, server: Any) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    made = api.create("rebel_space", ["human", "human"])
    gid, t0 = made["id"], made["seats"][0]["token"]
    g = api.http.post(f"/games/{gid}/grants", headers=api.auth(t0)).json()
    ws_url = server.url.replace("http", "ws") + f"/games/{gid}/live"
    with connect(ws_url) as ws:
        ws.send(json.dumps({"token": g["token"], "since": 0}))
        assert json.loads(ws.recv(10))["seat"] == 0
        state = json.loads(ws.recv(10))
        assert state["type"] == "state" and state == {"type": "state", **api.read(gid, t0)}
        api.http.delete(f"/games/{gid}/grants/{g['grant']}", headers=api.auth(t0))
        last = json.loads(ws.recv(10))
        assert last["error"] == "revoked"
        with pytest.raises(ConnectionClosed):
            ws.recv(10)
    assert ws.close_code == 4403


# ---------------------------------------------------------------- replay
def test_replay_gives_the_spectators_view_at_each_step(api: Any) -> None:
    import random

    from srv_helpers import Mirror, play_random

    seed = 4242
    made = api.create("rebel_space", ["human", "human"], seed=seed)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    mirror = Mirror(gid, "rebel_space", seed, ["human", "human"])
    bodies = [mirror.body(None, None)]
    rng = random.Random(3)
    for _ in range(40):
        play_random(api, gid, tokens, mirror, 1, rng)
        bodies.append(mirror.body(None, mirror.step - 1))
    # a game in play: up to its present step, public facts only
    for k in (0, 1, 17, 33, 40):
        got = api.http.get(f"/games/{gid}/replay", params={"step": k}).json()
        assert got["steps"] == 40 and got["step"] == k
        want = dict(bodies[k])
        want["events"] = mirror.batches(None, k - 1 if k else None)[:1]
        assert {**got, "steps": None} == {**want, "steps": None, "rematch": None}
    error(api.http.get(f"/games/{gid}/replay", params={"step": 41}), 400, "bad_query")
    error(api.http.get(f"/games/{gid}/replay"), 400, "bad_query")
    error(api.http.get(f"/games/{gid}/replay", params={"step": "-1"}), 400, "bad_query")
    # finished: every step, the last one with the result
    api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[1]))
    last = api.http.get(f"/games/{gid}/replay", params={"step": 40}).json()
    assert last["status"] == "resigned" and last["result"]["resigned"] == 1
    mid = api.http.get(f"/games/{gid}/replay", params={"step": 5}).json()
    assert mid["status"] == "active" and mid["legal_actions"] == [] and mid["seat"] is None
    assert not any(t in json.dumps(mid) for t in tokens)


# ---------------------------------------------------------------- turn timers
def wait_for(api: Any, gid: str, cond: Any, seconds: float = 10, token: str | None = None) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        body = api.read(gid, token, log="true")
        if cond(body):
            return body
        assert time.monotonic() < deadline, {k: body[k] for k in ("step", "status", "timer")}
        time.sleep(0.1)


def timeouts(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for b in body["events"] for e in b["events"] if e["kind"] == "timeout"]


def test_move_timer_plays_for_the_seat_and_replaces_it(api: Any) -> None:
    timer = {"kind": "move", "seconds": 1, "on_timeout": "pass", "replace_after": 2}
    made = api.create("rebel_space", ["human", "human"], timer=timer)
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    assert made["timer"]["kind"] == "move"
    first = api.read(gid, tokens[0])
    t = first["timer"]
    assert t["seconds"] == 1 and 0 < t["remaining"] <= 1 and t["deadline"] is not None
    cp = first["current_player"]
    # nobody moves: the seat's default plays, said to every seat and to spectators
    body = wait_for(api, gid, lambda b: b["step"] >= 1)
    said = timeouts(body)
    assert said and said[0]["player"] == cp and "time ran out" in said[0]["text"]
    assert said[0] == timeouts(api.read(gid, tokens[1 - cp], log="true"))[0]
    # two time-outs in a row: the bot takes the seat over
    body = wait_for(api, gid, lambda b: any(s["kind"] != "human" for s in b["seats"]), seconds=20)
    gone = next(s["seat"] for s in body["seats"] if s["kind"] != "human")
    assert body["seats"][gone]["kind"] == "random"
    assert any(e["replaced"] and e["player"] == gone for e in timeouts(body))
    r = api.act(gid, tokens[gone], 0, body["step"])
    error(r, 409, "replaced")
    assert not any(t in json.dumps(body) for t in tokens)


def test_clock_timer_charges_the_seat_and_adds_the_increment(api: Any) -> None:
    timer = {"kind": "clock", "seconds": 30, "increment": 2}
    made = api.create("rebel_space", ["human", "human"], timer=timer)
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    body = api.read(gid, tokens[0])
    cp = body["current_player"]
    assert body["timer"]["clocks"] == [30.0, 30.0]
    time.sleep(1.0)
    tok = tokens[cp]
    body = api.read(gid, tok)
    r = api.act(gid, tok, body["legal_actions"][0]["id"], body["step"])
    assert r.status_code == 200, r.text
    clocks = r.json()["timer"]["clocks"]
    assert 30.0 < clocks[cp] <= 31.1, clocks  # about 1 s used, 2 s added
    assert clocks[1 - cp] == 30.0


def test_timer_refusals(api: Any) -> None:
    for timer, code in [
        ({"kind": "hourglass", "seconds": 5}, "bad_timer"),
        ({"kind": "move", "seconds": 0}, "bad_timer"),
        ({"kind": "move", "seconds": "5"}, "bad_request"),
        ({"kind": "move", "seconds": 5, "bot": "human"}, "bad_timer"),
        ({"kind": "move", "seconds": 5, "on_timeout": "cry"}, "bad_timer"),
        ({"kind": "move", "seconds": 5, "extra": 1}, "bad_request"),
    ]:
        r = api.http.post(
            "/games", json={"pack": "rebel_space", "seats": ["human", "human"], "timer": timer}
        )
        error(r, 422, code)


def test_a_deadline_survives_a_restart(db_url: str, tmp_path: Any) -> None:
    srv = Server(db_url, tmp_path).start()
    api = Api(srv.url)
    secs = 10
    try:
        made = api.create(
            "rebel_space", ["human", "human"], timer={"kind": "move", "seconds": secs}
        )
        gid = made["id"]
        deadline = api.read(gid)["timer"]["deadline"]
        srv.stop()
        srv.start()
        body = api.read(gid)
        if body["step"] == 0:  # (a slow restart may have let the deadline pass already)
            assert body["timer"]["deadline"] == deadline
            assert body["timer"]["remaining"] < secs
        body = wait_for(api, gid, lambda b: b["step"] >= 1, seconds=30)
        assert timeouts(body)
        # played at the deadline set before the restart, not a full turn after the
        # restart: the next deadline is a turn after the time-out
        played_at = body["timer"]["deadline"] - secs
        assert deadline - 0.1 <= played_at < deadline + 4, (played_at, deadline)
    finally:
        api.close()
        srv.stop()
