"""Every endpoint and every error, on a real server, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from srv_helpers import Mirror, play_random

import tabletop

SEED = 918273645546372819  # large enough that its digits appear nowhere by chance


def new_game(
    api: Any, seed: int = SEED, seats: list[str] | None = None
) -> tuple[str, list[str], Mirror]:
    seats = seats or ["human", "human"]
    made = api.create("rebel_space", seats, seed=seed)
    tokens = [s.get("token") for s in made["seats"]]
    return made["id"], tokens, Mirror(made["id"], "rebel_space", seed, seats)


def snapshot(api: Any, gid: str, tokens: list[str]) -> list[dict[str, Any]]:
    return [api.read(gid, t, log="true") for t in [*tokens, None]]


def error(r: Any, status: int, code: str, *words: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "message"}, body
    assert body["error"] == code, body
    for w in words:
        assert w in body["message"], body
    return str(body["message"])


# ---------------------------------------------------------------- reading
def test_index_packs_openapi(api: Any) -> None:
    assert api.http.get("/").json()["openapi"] == "/openapi.json"
    packs = {p["name"]: p for p in api.http.get("/packs").json()["packs"]}
    assert set(packs) == {"rebel_space", "station_assault", "rebellion_rote"}
    assert packs["rebel_space"]["default_options"]["starting_hand"] == 5
    schema = {o["name"]: o for o in packs["rebel_space"]["options"]}
    # the pack's own words (help, label) are the pack's: tested with the pack
    game = tabletop.load("rebel_space")
    assert schema["starting_hand"] == next(
        o for o in game.options_schema() if o["name"] == "starting_hand"
    )
    assert {k: schema["starting_hand"][k] for k in ("type", "default", "min", "max")} == {
        "type": "int",
        "default": 5,
        "min": 0,
        "max": 20,
    }
    rr = api.http.get("/packs/rebellion_rote").json()
    assert rr["players"] == ["Rebel", "Imperial"]
    assert len(rr["ui"]["systems"]) == 32 and rr["ui"]["systems"][3]["name"] == "Yavin"
    assert api.http.get("/packs/nope").json()["error"] == "unknown_pack"
    page = api.http.get("/", headers={"Accept": "text/html"})
    assert page.headers["content-type"].startswith("text/html") and "/web/app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert api.http.get("/web/app.js").headers["content-type"].startswith("text/javascript")
    spec = api.http.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    assert set(spec["paths"]) == {
        "/packs",
        "/packs/{name}",
        "/games",
        "/games/{game_id}",
        "/games/{game_id}/actions",
        "/games/{game_id}/resign",
        "/games/{game_id}/end",
        "/games/{game_id}/record",
        "/games/{game_id}/rematch",
        "/games/{game_id}/replay",
        "/games/{game_id}/grants",
        "/games/{game_id}/grants/{grant}",
        "/games/{game_id}/grants/{grant}/revoke",
    }


def test_create_and_read_as_each_seat_and_as_a_spectator(api: Any) -> None:
    gid, tokens, m = new_game(api)
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    for seat, token in enumerate(tokens):
        body = api.read(gid, token)
        assert body == m.body(seat)
        assert body["seat"] == seat and body["view"]["player"] == seat
        assert "log" not in body["view"] and "events" not in body
    cp = m.state.current_player
    mine = api.read(gid, tokens[cp])
    assert mine["your_turn"] is True
    assert [a["id"] for a in mine["legal_actions"]] == m.state.legal_ids()
    assert all(a["text"] and a["notation"] for a in mine["legal_actions"])
    other = api.read(gid, tokens[1 - cp])
    assert other["your_turn"] is False and other["legal_actions"] == []
    spectator = api.read(gid)
    assert spectator == m.body(None) and spectator["seat"] is None
    assert spectator["view"] == {k: v for k, v in m.state.view(None).items() if k != "log"}


def test_events_since_and_whole_log(api: Any) -> None:
    gid, tokens, m = new_game(api)
    play_random(api, gid, tokens, m, 6, random.Random(1))
    for seat, token in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
        full = api.read(gid, token, log="true")
        assert full == m.body(seat, log=True)
        assert [b["step"] for b in full["events"]] == list(range(7))
        flat = [e for b in full["events"] for e in b["events"]]
        assert flat == m.state.view(seat)["log"]
        assert api.read(gid, token, since=4)["events"] == m.batches(seat, 4)
        assert api.read(gid, token, since=6)["events"] == []


def test_list_shows_public_facts_only(api: Any) -> None:
    gid, tokens, _ = new_game(api)
    text = api.http.get("/games", params={"limit": 200}).text
    games = {g["id"]: g for g in json.loads(text)["games"]}
    g = games[gid]
    assert g["status"] == "active" and g["step"] == 0 and g["title"] == "Rebel Space"
    assert [s["kind"] for s in g["seats"]] == ["human", "human"]
    assert str(SEED) not in text and not any(t in text for t in tokens)
    assert "seed" not in g and "options" not in g
    active = api.http.get("/games", params={"status": "active", "pack": "rebel_space"}).json()
    assert gid in {x["id"] for x in active["games"]}
    others = api.http.get("/games", params={"pack": "station_assault"}).json()["games"]
    assert gid not in {x["id"] for x in others}


def test_the_seed_stays_secret_while_the_game_is_on(api: Any) -> None:
    gid, tokens, m = new_game(api)
    texts = [
        api.http.get(f"/games/{gid}", headers=api.auth(t), params={"log": "true"}).text
        for t in [*tokens, None]
    ]
    cp = m.state.current_player
    texts.append(api.act(gid, tokens[cp], m.state.legal_ids()[0], 0).text)
    texts.append(api.http.get(f"/games/{gid}/record").text)
    assert not any(str(SEED) in t for t in texts)


# ---------------------------------------------------------------- acting
def test_act_answers_the_new_view_and_the_events(api: Any) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    aid = m.state.legal_ids()[-1]
    r = api.act(gid, tokens[cp], aid, 0)
    assert r.status_code == 200, r.text
    m.apply_id(aid)
    assert r.json() == m.body(cp, since=0)
    assert r.json()["step"] == 1 and r.json()["events"][0]["step"] == 1
    assert api.read(gid) == m.body(None)


def test_stale_and_doubled_actions_are_refused_and_change_nothing(api: Any) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    aid = m.state.legal_ids()[0]
    assert api.act(gid, tokens[cp], aid, 0).status_code == 200
    m.apply_id(aid)
    before = snapshot(api, gid, tokens)
    cp2 = m.state.current_player
    error(api.act(gid, tokens[cp], aid, 0), 409, "stale", "seen 0", "step 1")  # doubled click
    error(api.act(gid, tokens[cp2], m.state.legal_ids()[0], 0), 409, "stale")
    error(api.act(gid, tokens[cp2], m.state.legal_ids()[0], 5), 409, "stale")
    assert snapshot(api, gid, tokens) == before


def test_not_your_turn(api: Any) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    before = snapshot(api, gid, tokens)
    error(api.act(gid, tokens[1 - cp], m.state.legal_ids()[0], 0), 409, "not_your_turn")
    assert snapshot(api, gid, tokens) == before


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"action_id": "1", "seen": 0}, ["expected int", "body.action_id"]),
        ({"action_id": 1.0, "seen": 0}, ["expected int", "body.action_id"]),
        ({"action_id": True, "seen": 0}, ["expected int", "body.action_id"]),
        ({"action_id": None, "seen": 0}, ["body.action_id"]),
        ({"action_id": 0, "seen": "0"}, ["body.seen"]),
        ({"action_id": 0}, ["required field missing", "body.seen"]),
        ({"action_id": 0, "seen": 0, "confirm": True}, ["extra field", "confirm"]),
        ([0, 0], ["JSON object"]),
    ],
)
def test_malformed_actions_name_the_field(api: Any, body: Any, words: list[str]) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    before = snapshot(api, gid, tokens)
    r = api.http.post(f"/games/{gid}/actions", headers=api.auth(tokens[cp]), json=body)
    error(r, 422, "bad_request", *words)
    assert snapshot(api, gid, tokens) == before


def test_illegal_and_out_of_range_action_ids(api: Any) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    size = m.state.game.num_distinct_actions
    legal = set(m.state.legal_ids())
    not_now = next(i for i in range(size) if i not in legal)
    before = snapshot(api, gid, tokens)
    error(api.act(gid, tokens[cp], -1, 0), 422, "illegal_action", "out of range")
    error(api.act(gid, tokens[cp], size, 0), 422, "illegal_action", "out of range")
    error(api.act(gid, tokens[cp], 2**64, 0), 422, "bad_request", "out of range")
    error(api.act(gid, tokens[cp], 2**70, 0), 400, "bad_json", "digits")
    msg = error(api.act(gid, tokens[cp], not_now, 0), 422, "illegal_action", "not one of the")
    assert f"{len(legal)} legal" in msg
    assert snapshot(api, gid, tokens) == before


# ---------------------------------------------------------------- tokens
def test_tokens(api: Any) -> None:
    gid, tokens, m = new_game(api)
    other_gid, other_tokens, _ = new_game(api, seed=5)
    cp = m.state.current_player
    aid = m.state.legal_ids()[0]
    before = snapshot(api, gid, tokens)
    post = api.http.post
    url = f"/games/{gid}/actions"
    body = {"action_id": aid, "seen": 0}
    error(post(url, json=body), 401, "no_token")
    error(post(url, json=body, headers={"Authorization": "Basic abc"}), 401, "bad_token")
    error(post(url, json=body, headers={"Authorization": "Bearer"}), 401, "bad_token")
    error(post(url, json=body, headers={"Authorization": "Bearer x"}), 401, "bad_token")
    error(post(url, json=body, headers=api.auth(other_tokens[cp])), 403, "wrong_token")
    last = "B" if tokens[cp].endswith("A") else "A"  # one character off (1 in 64 ended "A")
    error(post(url, json=body, headers=api.auth(tokens[cp][:-1] + last)), 403, "wrong_token")
    r = api.http.get(f"/games/{gid}", headers=api.auth(other_tokens[0]))
    error(r, 403, "wrong_token")
    error(api.http.get(f"/games/{gid}", headers={"Authorization": "Bearer ???"}), 401, "bad_token")
    error(post(f"/games/{gid}/resign"), 401, "no_token")
    error(post(f"/games/{gid}/resign", headers=api.auth(other_tokens[0])), 403, "wrong_token")
    assert snapshot(api, gid, tokens) == before
    assert api.read(other_gid, other_tokens[1])["seat"] == 1


def test_unknown_games_routes_and_methods(api: Any) -> None:
    for gid in ["nosuchgame", "x" * 33, "a.b", "%2e%2e"]:
        error(api.http.get(f"/games/{gid}"), 404, "unknown_game")
        error(api.http.get(f"/games/{gid}/record"), 404, "unknown_game")
        error(api.act(gid, "t" * 32, 0, 0), 404, "unknown_game")
        error(
            api.http.post(f"/games/{gid}/resign", headers=api.auth("t" * 32)), 404, "unknown_game"
        )
    error(api.http.get("/nowhere"), 404, "not_found")
    error(api.http.delete("/games"), 405, "method_not_allowed")
    error(api.http.get("/games/abc/actions"), 405, "method_not_allowed")


# ---------------------------------------------------------------- bodies
def test_bad_bodies(api: Any) -> None:
    gid, tokens, m = new_game(api)
    cp = m.state.current_player
    url = f"/games/{gid}/actions"
    h = {**api.auth(tokens[cp]), "Content-Type": "application/json"}
    before = snapshot(api, gid, tokens)
    error(
        api.http.post(url, content=b'{"action_id": 0,', headers=h),
        400,
        "bad_json",
        "not valid JSON",
    )
    error(api.http.post(url, content=b"\xff\xfe", headers=h), 400, "bad_json", "UTF-8")
    error(api.http.post(url, content=b"[" * 100 + b"]" * 100, headers=h), 400, "bad_json", "nested")
    error(
        api.http.post(url, content=b'{"action_id": 1' + b"0" * 30 + b', "seen": 0}', headers=h),
        400,
        "bad_json",
        "digits",
    )
    error(api.http.post(url, content=b'{"action_id": NaN, "seen": 0}', headers=h), 400, "bad_json")
    big = b'{"action_id": 0, "seen": 0, "pad": "' + b"x" * 70_000 + b'"}'
    error(api.http.post(url, content=big, headers=h), 413, "too_large", "65536")

    def chunks() -> Any:
        for _ in range(20):
            yield b"x" * 8192

    error(api.http.post(url, content=chunks(), headers=h), 413, "too_large")
    text = {**api.auth(tokens[cp]), "Content-Type": "text/plain"}
    error(api.http.post(url, content=b"{}", headers=text), 415, "bad_content_type")
    assert snapshot(api, gid, tokens) == before


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"pack": "rebel_spce", "seats": ["human", "human"]}, "unknown_pack", ["rebel_space"]),
        ({"pack": "os:system", "seats": ["human", "human"]}, "unknown_pack", ["never a module"]),
        ({"pack": "rebel_space", "seats": ["human"]}, "bad_seats", ["2 seats", "not 1"]),
        ({"pack": "rebel_space", "seats": ["human", "mcts:9999999"]}, "bad_seat", ["seats[1]"]),
        ({"pack": "rebel_space", "seats": ["human", "mcts:0s"]}, "bad_seat", ["seats[1]"]),
        (
            {"pack": "rebel_space", "seats": ["human", "tabletop.bots:RandomBot"]},
            "bad_seat",
            ["unknown seat"],
        ),
        ({"pack": "rebel_space", "seats": ["human", "random:3"]}, "bad_seat", ["no argument"]),
        ({"pack": "rebel_space", "seats": ["human", 3]}, "bad_request", ["body.seats[1]"]),
        (
            {"pack": "rebel_space", "seats": ["human", "human"], "options": {"hand_size": 3}},
            "bad_options",
            ["hand_size"],
        ),
        (
            {"pack": "rebel_space", "seats": ["human", "human"], "options": {"starting_hand": "5"}},
            "bad_options",
            ["starting_hand"],
        ),
        (
            {
                "pack": "station_assault",
                "seats": ["human", "human"],
                "options": {"ship_file": "/etc/passwd"},
            },
            "bad_options",
            ["names a file"],
        ),
        (
            {"pack": "rebel_space", "seats": ["human", "human"], "seed": "7"},
            "bad_request",
            ["body.seed"],
        ),
        (
            {"pack": "rebel_space", "seats": ["human", "human"], "owner": "me"},
            "bad_request",
            ["extra field", "owner"],
        ),
        ({"seats": ["human", "human"]}, "bad_request", ["body.pack"]),
    ],
)
def test_create_errors(api: Any, body: Any, code: str, words: list[str]) -> None:
    n = len(api.http.get("/games", params={"limit": 200}).json()["games"])
    error(api.http.post("/games", json=body), 422, code, *words)
    assert len(api.http.get("/games", params={"limit": 200}).json()["games"]) == n


def test_create_with_options_and_a_random_seed(api: Any) -> None:
    made = api.create(
        "station_assault",
        ["human", "random", "human"],
        options={"mode": "free_for_all", "players": 3},
    )
    assert [s["kind"] for s in made["seats"]] == ["human", "random", "human"]
    assert "token" not in made["seats"][1]
    assert api.read(made["id"])["view"]["players"] == [s["player"] for s in made["seats"]]


def test_query_errors(api: Any) -> None:
    gid, _, _ = new_game(api)
    error(api.http.get(f"/games/{gid}", params={"sice": 1}), 400, "bad_query", "sice")
    error(api.http.get(f"/games/{gid}", params={"since": "-1"}), 400, "bad_query", "since")
    error(api.http.get(f"/games/{gid}", params={"since": "1.0"}), 400, "bad_query", "since")
    error(api.http.get(f"/games/{gid}?since=1&since=2"), 400, "bad_query", "twice")
    error(api.http.get(f"/games/{gid}", params={"log": "yes"}), 400, "bad_query", "log")
    error(api.http.get("/games", params={"limit": 0}), 400, "bad_query", "limit")
    error(api.http.get("/games", params={"status": "over"}), 400, "bad_query", "status")
    error(api.http.post("/games?x=1", json={}), 400, "bad_query", "'x'")


# ---------------------------------------------------------------- ending
def test_resign_then_the_record(api: Any) -> None:
    gid, tokens, m = new_game(api)
    play_random(api, gid, tokens, m, 5, random.Random(2))
    error(api.http.get(f"/games/{gid}/record"), 409, "not_over", "secret")
    error(
        api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[0]), json={"why": 1}),
        422,
        "bad_request",
        "why",
    )
    r = api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[0]))
    assert r.status_code == 200, r.text
    m.resign(0)
    assert r.json() == m.body(0)
    assert r.json()["status"] == "resigned" and r.json()["result"] == {
        "returns": [-1.0, 1.0],
        "resigned": 0,
    }
    assert r.json()["legal_actions"] == [] and r.json()["current_player"] is None
    error(
        api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[1]), json={}),
        409,
        "game_over",
    )
    cp = m.state.current_player
    error(api.act(gid, tokens[cp], m.state.legal_ids()[0], m.step), 409, "game_over")
    rec = api.http.get(f"/games/{gid}/record").json()
    assert rec["seed"] == SEED and rec["meta"]["resigned"] == 0
    assert tabletop.dumps(tabletop.replay(rec)) == tabletop.dumps(m.state)
    assert api.read(gid) == m.body(None)
    games = {
        g["id"]: g
        for g in api.http.get("/games", params={"status": "finished", "limit": 200}).json()["games"]
    }
    assert games[gid]["result"] == {"returns": [-1.0, 1.0], "resigned": 0}


def wait_for(api: Any, gid: str, token: str | None, ok: Any, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = api.read(gid, token)
        if ok(body):
            return body
        time.sleep(0.02)
    raise AssertionError(f"timed out: {body['status']} step {body['step']}")


def test_bots_play_on_their_own(api: Any) -> None:
    made = api.create("station_assault", ["random", "random"], seed=11)
    body = wait_for(api, made["id"], None, lambda b: b["status"] != "active")
    assert body["status"] == "finished"
    rec = api.http.get(f"/games/{made['id']}/record").json()
    state = tabletop.replay(rec)
    assert state.is_terminal and state.returns() == body["result"]["returns"]
    assert len(rec["actions"]) == body["step"]


def test_a_human_against_a_bot(api: Any) -> None:
    made = api.create("rebel_space", ["human", "mcts:5"], seed=12)
    gid, token = made["id"], made["seats"][0]["token"]
    rng = random.Random(3)
    for _ in range(8):
        body = wait_for(api, gid, token, lambda b: b["your_turn"] or b["status"] != "active")
        if body["status"] != "active":
            break
        aid = rng.choice(body["legal_actions"])["id"]
        r = api.act(gid, token, aid, body["step"])
        assert r.status_code == 200, r.text
    assert api.http.post(f"/games/{gid}/resign", headers=api.auth(token)).status_code == 200
    rec = api.http.get(f"/games/{gid}/record").json()
    assert rec["meta"]["seats"] == ["human", "mcts:5"]
    assert len(tabletop.replay(rec).history) == len(rec["actions"]) >= 8


def test_the_docs_client_plays_a_game(api: Any, server: Any, capsys: Any) -> None:
    """docs/examples/server_client.py, as the server page shows it, against a real server
    (on each database: a run of the suite skips nothing)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "server_client.py"
    spec = importlib.util.spec_from_file_location("server_client", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record = module.play(str(api.http.base_url), pack="station_assault", bot="random", seed=3)
    state = tabletop.replay(record)
    assert state.is_terminal
    out = capsys.readouterr().out
    assert "result:" in out and len(out.splitlines()) > 10


def test_serve_refuses_a_bad_database_in_one_line(tmp_path: Any) -> None:
    import subprocess
    import sys

    for db in ["mysql://x@y/z", "sqlite:///:memory:"]:
        r = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "serve", "--db", db, "--port", "1"],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert r.returncode == 2, r.stderr
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("tabletop: "), r.stderr
