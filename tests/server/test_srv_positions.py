"""Games started from a position (``POST /games`` with ``position``): made, refused with
the fact named, kept secret until the end, stored, restarted, replayed, rematched and
played by bots (real servers, on SQLite and PostgreSQL).

The server runs with the toy pack (Numbers duel, ``tests/toy_pack.py``) registered in
it and in its bot workers, through a ``sitecustomize`` on their ``PYTHONPATH``: its
positions fix hidden hands and decks, and its games are short; ``toy_plain``, the same
game without positions, is registered beside it. Rebel Space's own positions are played
too.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

import tabletop
from conftest import Api, Server, _db_url
from tabletop.registry import registered
from tabletop.server.bodies import Facts, seat_body
from tabletop.server.storage import SCHEMA_VERSION, Store, migrate

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from toy_pack import GAME as TOY  # noqa: E402

SEED = 987_654_321_123
"""A seed no answer may show before the game ends."""
DOC: dict[str, Any] = {
    "game": "toy_duel",
    "seed": SEED,
    "North": {"hand": [6, 5], "deck": [1, 2, 3, 4]},
    "South": {"hand": [1, 2], "deck": [6, 5, 4, 3]},
    "scores": [1, 0],
}
"""Every card placed: North holds the 6 and the 5 and will draw the 4, 3, 2, 1."""
TOML = """game = "toy_duel"
seed = 987654321123
scores = [1, 0]
[North]
hand = [6, 5]
deck = [1, 2, 3, 4]
[South]
hand = [1, 2]
deck = [6, 5, 4, 3]
"""
ADMIN = "s" * 32
SITE = """import sys
sys.path.insert(0, {tests!r})
import toy_pack
from tabletop.registry import register
register(toy_pack.GAME)
class PlainState(toy_pack.ToyState):
    pass
plain = toy_pack.make_game("toy_plain", PlainState)
plain.position_facts = ()  # a pack without positions
register(plain)
"""


# ---------------------------------------------------------------- servers
def _start(srv: Server, site: Path) -> Server:
    """Start ``srv`` with the toy pack registered in it (and in its bot workers), and
    the admin secret :data:`ADMIN`."""
    old = {k: os.environ.get(k) for k in ("PYTHONPATH", "TABLETOP_ADMIN_SECRET")}
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), old["PYTHONPATH"]) if p)
    os.environ["TABLETOP_ADMIN_SECRET"] = ADMIN
    try:
        return srv.start()
    finally:
        for key, value in old.items():
            if value is None:
                del os.environ[key]
            else:
                os.environ[key] = value


def _site(tmp: Path) -> Path:
    site = tmp / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITE.format(tests=str(TESTS)))
    return site


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def toy_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("positions")
    srv = _start(Server(_db_url(request.param, tmp, request), tmp), _site(tmp))
    yield srv
    srv.stop()


@pytest.fixture
def api(toy_server: Server) -> Iterator[Api]:
    a = Api(toy_server.url)
    yield a
    a.close()


# ---------------------------------------------------------------- helpers
def local(doc: dict[str, Any], gid: str, seats: list[str]) -> Facts:
    """The game the server must hold: the toy game set up from ``doc`` here."""
    state = TOY.position(doc)
    return Facts(id=gid, game=TOY, state=state, seats=seats, marks=[len(state.log)])


def play(api: Api, gid: str, tokens: list[str], facts: Facts, action_id: int) -> None:
    """Play ``action_id`` for the seat to move, on the server and in ``facts``."""
    seat = facts.state.current_player
    assert seat is not None
    r = api.act(gid, tokens[seat], action_id, facts.step)
    assert r.status_code == 200, r.text
    facts.state.apply_id(action_id)
    facts.marks.append(len(facts.state.log))
    if facts.state.is_terminal:
        facts.status, facts.returns = "finished", facts.state.returns()


def replay(record: dict[str, Any]) -> tabletop.State:
    """The end of a record the server answered (its ``meta`` left out), read here."""
    with registered(TOY):
        return tabletop.replay({k: v for k, v in record.items() if k != "meta"})


def choose(facts: Facts, value: int) -> int:
    """The id of choosing the card worth ``value`` (the seat to move's)."""
    state = facts.state
    for action in state.legal_actions():
        if state.describe(action) == f"Choose the {value}":
            return int(state.game.encode(action))
    raise AssertionError(f"no card worth {value} to choose")


def create(api: Api, position: Any, seats: Any = None, **kw: Any) -> Any:
    return api.http.post(
        "/games",
        json={"pack": "toy_duel", "seats": seats or ["human", "human"], "position": position, **kw},
    )


def wait_for(api: Api, gid: str, done: Any, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body = api.read(gid)
        if done(body):
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.1)


# ---------------------------------------------------------------- tests
def test_packs_say_which_have_positions(api: Api) -> None:
    packs = {p["name"]: p for p in api.http.get("/packs").json()["packs"]}
    assert packs["toy_duel"]["positions"] is True
    assert packs["toy_plain"]["positions"] is False
    facts = api.http.get("/packs/toy_duel").json()["position_facts"]
    assert [f["name"] for f in facts] == [
        "game",
        "options",
        "seed",
        "rng",
        "North",
        "South",
        "scores",
    ]
    assert facts[4] == {
        "name": "North",
        "kind": "a table of hand, discard, deck",
        "default": "dealt",
        "help": "North's cards by value",
    }
    assert api.http.get("/packs/toy_plain").json()["position_facts"] == []


@pytest.mark.parametrize("form", ["object", "toml", "json"])
def test_a_game_starts_from_a_position_and_hides_it(api: Api, form: str) -> None:
    position = {"object": DOC, "toml": TOML, "json": json.dumps(DOC)}[form]
    r = create(api, position)
    assert r.status_code == 201, r.text
    made = r.json()
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    assert made["step"] == 0 and made["status"] == "active"
    facts = local(DOC, gid, ["human", "human"])
    answers = [r.text]
    for seat in (0, 1, None):
        r = api.http.get(f"/games/{gid}", headers=api.auth(None if seat is None else tokens[seat]))
        assert r.json() == seat_body(facts, seat), seat
        answers.append(r.text)
    south = api.read(gid, tokens[1])["view"]["zones"]
    assert south["hand0"] == {"owner": 0, "count": 2} and south["deck0"] == {"owner": 0, "count": 4}
    assert south["hand1"]["cards"] == [6, 7]  # South's own: the 1 and the 2 (ids 6 + v - 1)
    answers += [
        api.http.get("/games", params={"pack": "toy_duel"}).text,
        api.http.get("/admin/games", headers=api.auth(ADMIN)).text,
        api.http.get(f"/games/{gid}/replay", params={"step": 0}).text,
        api.http.get(f"/games/{gid}/record").text,
    ]
    assert api.http.get(f"/games/{gid}/record").json()["error"] == "not_over"
    for text in answers:
        assert str(SEED) not in text and '"position"' not in text and '"North":{' not in text
    # a round: North plays the 6, South the 1; then North concedes
    play(api, gid, tokens, facts, choose(facts, 6))
    play(api, gid, tokens, facts, choose(facts, 1))
    assert api.read(gid, tokens[1], since=0) == seat_body(facts, 1, 0)
    assert facts.state.scores == [2, 0]  # type: ignore[attr-defined]
    play(api, gid, tokens, facts, int(TOY.encode(facts.state.legal_actions()[-1])))
    record = api.http.get(f"/games/{gid}/record").json()
    assert record["position"] == DOC and record["seed"] == SEED
    assert record["meta"]["status"] == "finished"
    replayed = replay(record)
    assert replayed.returns() == facts.state.returns() == [-1.0, 1.0]


def test_a_position_without_a_seed_gets_a_secret_one(api: Api) -> None:
    doc = {"North": {"hand": [3]}, "South": {"hand": [4]}}  # the decks: dealt by the seed
    r = create(api, doc, seats=["human", "random"])
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    body = api.read(gid, token)
    assert body["view"]["zones"]["hand0"]["cards"] == [2]  # the 3 (North's ids are v - 1)
    r = api.act(gid, token, body["legal_actions"][-1]["id"], 0)  # concede
    assert r.status_code == 200 and r.json()["status"] == "finished"
    record = api.http.get(f"/games/{gid}/record").json()
    seed = record["seed"]
    assert record["position"] == {**doc, "seed": seed} and 0 <= seed < 2**63
    assert replay(record).is_terminal


@pytest.mark.parametrize(
    ("body", "status", "code", "message"),
    [
        (
            {"position": {"Nort": {"hand": [1]}}},
            422,
            "bad_position",
            "position.Nort: no such fact here; did you mean 'North'?",
        ),
        (
            {"position": {"North": {"hand": [7]}}},
            422,
            "bad_position",
            "position.North.hand[0]: 7 is out of range 1..6",
        ),
        (
            {"position": {"North": {"hand": [1, 1]}}},
            422,
            "bad_position",
            "position.North.hand: the 1 is placed twice",
        ),
        (
            {"position": {"game": "rebel_space"}},
            422,
            "bad_position",
            "position.game: a position of 'rebel_space', read by toy_duel; use "
            "tabletop.from_position() or the pack 'rebel_space' itself",
        ),
        (
            {"position": {"options": {"hand_size": 9}}},
            422,
            "bad_position",
            "position.options: hand_size must be 1..6, got 9 @ options",
        ),
        ({"position": "North = {hand = [1}"}, 422, "bad_position", None),
        (
            {"position": {"seed": 1.5}},
            422,
            "bad_position",
            "position.seed: float 1.5 is not a position value (use integers, strings, "
            "true/false, lists and tables)",
        ),
        (
            {"position": [1]},
            422,
            "bad_position",
            "position: a position document (an object of facts) or its JSON or TOML text, not [1]",
        ),
        (
            {"position": {"seed": 1}, "seed": 1},
            422,
            "position_conflict",
            "seed beside a position: write them in the position document (its 'options' and "
            "'seed' facts) and leave them out of the body",
        ),
        (
            {"position": {}, "options": {"hand_size": 2}, "seed": 0},
            422,
            "position_conflict",
            "options and seed beside a position: write them in the position document (its "
            "'options' and 'seed' facts) and leave them out of the body",
        ),
        (
            {
                "position": {
                    "a": {
                        "b": {
                            "c": {
                                "d": {
                                    "e": {"f": {"g": {"h": {"i": {"j": {"k": {"l": {"m": 1}}}}}}}}
                                }
                            }
                        }
                    }
                }
            },
            422,
            "bad_position",
            "position: JSON nested 13 deep; the limit is 12 (max_depth)",
        ),
        (
            {"pack": "toy_plain", "position": {"seed": 1}},
            422,
            "bad_position",
            "toy_plain has no positions",
        ),
        (
            {"position": {"scores": [0, 0]}, "seats": ["human"]},
            422,
            "bad_seats",
            "seats: toy_duel with these options has 2 seats, not 1",
        ),
    ],
)
def test_bad_positions_are_refused_naming_the_fact(
    api: Api, body: dict[str, Any], status: int, code: str, message: str | None
) -> None:
    before = api.http.get("/games").json()["games"]
    r = api.http.post("/games", json={"pack": "toy_duel", "seats": ["human", "human"], **body})
    assert (r.status_code, r.json()["error"]) == (status, code), r.text
    if message is not None:
        assert r.json()["message"] == message
    else:
        assert r.json()["message"].startswith("position is not valid TOML: ")
    assert api.http.get("/games").json()["games"] == before  # nothing made


def test_a_position_is_bounded_by_the_body_limit(api: Api) -> None:
    big = {"North": {"hand": [1]}, "pad": "x" * 70_000}
    r = api.http.post(
        "/games", json={"pack": "toy_duel", "seats": ["human", "human"], "position": big}
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_replay_rematch_and_bots_of_a_position_game(api: Api) -> None:
    r = create(api, DOC)
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    facts = local(DOC, gid, ["human", "human"])
    for value in (6, 1, 5, 2):
        play(api, gid, tokens, facts, choose(facts, value))
    for step in range(5):  # each step as a spectator saw it, the position's set-up first
        was = local(DOC, gid, ["human", "human"])
        for raw in facts.state.history[:step]:
            was.state.apply(raw)
            was.marks.append(len(was.state.log))
        body = api.http.get(f"/games/{gid}/replay", params={"step": step}).json()
        assert body == {**seat_body(was, None, step - 1 if step else None, log=True), "steps": 4}
    r = api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[1]))
    assert r.status_code == 200
    # the rematch: the same position, a new seed, the seats moved on by one
    r = api.http.post(f"/games/{gid}/rematch", headers=api.auth(tokens[0]))
    assert r.status_code == 200, r.text
    again = r.json()
    assert again["seat"] == 1 and "position" not in again
    view = api.read(again["id"], again["token"])["view"]
    assert view["zones"]["hand1"]["cards"] == [6, 7] and view["state"]["scores"] == [1, 0]
    r = api.http.post(f"/games/{again['id']}/end", headers=api.auth(again["owner_token"]))
    assert r.status_code == 200
    record = api.http.get(f"/games/{again['id']}/record").json()
    assert record["seed"] != SEED and record["position"] == {**DOC, "seed": record["seed"]}


def test_bots_and_timers_play_a_position_game(api: Api) -> None:
    """Bots in the worker processes set the game up from its position too: two bots
    play it to its end; a turn timer's searching bot plays for a person out of time."""
    r = create(
        api,
        {**DOC, "North": {"hand": [6, 5, 4]}, "South": {"hand": [3, 2, 1]}},
        seats=["greedy", "mcts:20"],
    )
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    body = wait_for(api, gid, lambda b: b["status"] != "active")
    record = api.http.get(f"/games/{gid}/record").json()
    assert record["position"]["South"] == {"hand": [3, 2, 1]}
    end = replay(record)
    assert end.returns() == body["result"]["returns"] and len(record["actions"]) == body["step"]
    timer = {"kind": "move", "seconds": 1, "on_timeout": "bot", "bot": "mcts:20"}
    r = create(api, DOC, timer=timer)
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    body = wait_for(api, gid, lambda b: b["step"] >= 1, timeout=30)
    assert body["timer"]["strikes"][0] == 1
    api.http.post(f"/games/{gid}/end", headers=api.auth(r.json()["owner_token"]))


def test_a_rebel_space_position_with_a_bot(api: Api) -> None:
    game = tabletop.load("rebel_space")
    if not {"turn", "step", "zones", "attach"} <= {f.name for f in game.position_facts}:
        pytest.skip("Rebel Space positions are not installed")
    doc = {
        "turn": "Rebel",
        "step": "attack_start",
        "attach": [["Laser Sword", "Princess"]],
        "zones": {"active0": ["Princess", "Rebel Soldier"], "active1": ["Battle Walkers"]},
    }
    r = api.http.post(
        "/games", json={"pack": "rebel_space", "seats": ["human", "greedy"], "position": doc}
    )
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    body = api.read(gid, token)
    assert body["prompt"] == "Rebel: form a battle group or stop (0 declared)"
    assert [a["text"] for a in body["legal_actions"]] == [
        "Form a new ground battle group",
        "Do not attack",
    ]
    api.act(gid, token, body["legal_actions"][1]["id"], 0)  # no attack: on to deploying
    while True:  # the Rebel passes whenever it may; the greedy bot answers in its worker
        body = api.read(gid, token)
        if body["step"] >= 12 or body["status"] != "active":
            break
        if body["your_turn"]:
            ids = [a["id"] for a in body["legal_actions"]]
            assert api.act(gid, token, ids[-1], body["step"]).status_code == 200
        else:
            time.sleep(0.05)
    owner = r.json()["owner_token"]
    api.http.post(f"/games/{gid}/end", headers=api.auth(owner))
    record = api.http.get(f"/games/{gid}/record").json()
    assert {k: record["position"][k] for k in doc} == doc and "seed" in record["position"]
    end = replay(record)
    assert len(end.history) == len(record["actions"]) >= 12


def test_a_restart_keeps_a_position_game(tmp_path: Path) -> None:
    """A real SQLite file: the server killed mid-game and started again has the game."""
    site = _site(tmp_path)
    srv = _start(Server(f"sqlite:///{tmp_path / 'games.db'}", tmp_path), site)
    a = Api(srv.url)
    try:
        r = create(a, TOML)
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        facts = local(DOC, gid, ["human", "human"])
        play(a, gid, tokens, facts, choose(facts, 6))
        srv.kill()
        _start(srv, site)
        for seat in (0, 1, None):
            assert a.read(gid, None if seat is None else tokens[seat]) == seat_body(facts, seat)
        play(a, gid, tokens, facts, choose(facts, 2))
        assert a.read(gid, tokens[0], since=0) == seat_body(facts, 0, 0)
    finally:
        a.close()
        srv.stop()


def test_old_databases_gain_the_position_column(db_url: str) -> None:
    """Migration 7 adds ``games.position`` to a database of version 6, whose games keep
    starting from their seed; a list of games never reads the document."""
    store = Store(db_url)
    migrate(store.engine, upto=6)
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, pack, pack_version, options, seed, seats, num_actions, "
                "status, bot_turn, created, updated) VALUES ('old', 'rebel_space', '1.0.0', "
                "'{}', '7', '[\"human\", \"random\"]', 0, 'active', false, 1.0, 1.0)"
            )
        )
    assert store.migrate() == 6 and SCHEMA_VERSION == 7
    with store.engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("games")}
    assert "position" in columns
    old = store.game("old")
    assert old is not None and old.position is None and old.seed == 7
    store.create_game(
        game_id="new",
        pack="toy_duel",
        pack_version="1.0",
        options={"hand_size": 3, "values": 6},
        seed=SEED,
        seat_kinds=["human", "human"],
        token_hashes=[None, None],
        to_move=0,
        bot_turn=False,
        position=DOC,
    )
    new = store.game("new")
    assert new is not None and new.position == DOC
    listed = store.list_games(status=None, pack=None, limit=10, offset=0)
    assert [(g.id, g.position) for g in listed] == [("new", None), ("old", None)]
    store.close()
