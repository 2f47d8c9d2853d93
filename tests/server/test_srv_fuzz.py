"""Thousands of generated bad requests at a live server: each gets a 4xx with a JSON
error naming the problem, and no game changes (hypothesis; the quick profile sends
about a thousand, the thorough one twenty-five times more)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from srv_helpers import Mirror, play_random

from conftest import Api, Server
from tabletop.registry import pack_names
from tabletop.server.bots import parse_seat

EXAMPLES = settings.default.max_examples * 20
PER_EXAMPLE = 4
SENT = {"requests": 0}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
not_int = st.one_of(
    st.none(), st.booleans(), st.floats(), st.text(max_size=8), st.lists(st.integers(), max_size=2)
)


class Game:
    """One game in play that nothing may change."""

    def __init__(self, api: Api) -> None:
        made = api.create("rebel_space", ["human", "human"], seed=31337)
        self.id = made["id"]
        self.tokens = [s["token"] for s in made["seats"]]
        self.m = Mirror(self.id, "rebel_space", 31337, ["human", "human"])
        play_random(api, self.id, self.tokens, self.m, 9, random.Random(4))
        self.cp = self.m.state.current_player
        assert self.cp is not None
        self.legal = set(self.m.state.legal_ids())
        self.size = self.m.state.game.num_distinct_actions


@pytest.fixture(scope="module")
def target(sqlite_server: Server) -> Iterator[tuple[Api, Game, list[str]]]:
    api = Api(sqlite_server.url)
    game = Game(api)
    other = api.create("rebel_space", ["human", "human"], seed=1)
    yield api, game, [s["token"] for s in other["seats"]]
    api.close()


@st.composite
def bad_request(draw: Any, g: Game, foreign: list[str]) -> tuple[str, str, dict[str, str], bytes]:
    """A request that must be refused: (method, path, headers, body)."""
    act = f"/games/{g.id}/actions"
    me = {"Authorization": f"Bearer {g.tokens[g.cp]}", "Content-Type": "application/json"}
    kind = draw(
        st.sampled_from(["body", "stale", "illegal", "token", "create", "query", "resign", "path"])
    )
    if kind == "body":  # malformed, unknown fields, missing ones, wrong types
        body = draw(
            st.one_of(
                st.binary(max_size=40),
                json_values.filter(lambda v: not isinstance(v, dict)).map(
                    lambda v: json.dumps(v).encode()
                ),
                st.fixed_dictionaries({"action_id": not_int, "seen": st.integers()}).map(
                    lambda v: json.dumps(v).encode()
                ),
                st.fixed_dictionaries({"action_id": st.integers(), "seen": not_int}).map(
                    lambda v: json.dumps(v).encode()
                ),
                st.dictionaries(
                    st.text(max_size=10).filter(lambda k: k not in ("action_id", "seen")),
                    json_values,
                    min_size=1,
                    max_size=3,
                ).map(
                    lambda extra: json.dumps(
                        {"action_id": min(g.legal), "seen": g.m.step, **extra}
                    ).encode()
                ),
                st.sampled_from([b'{"action_id": 0}', b'{"seen": 0}', b"{}", b""]),
            )
        )
        return "POST", act, me, body
    if kind == "stale":
        seen = draw(
            st.integers(min_value=-(2**40), max_value=2**40).filter(lambda s: s != g.m.step)
        )
        aid = draw(
            st.sampled_from(sorted(g.legal)) | st.integers(min_value=-5, max_value=g.size + 5)
        )
        return "POST", act, me, json.dumps({"action_id": aid, "seen": seen}).encode()
    if kind == "illegal":
        aid = draw(
            st.integers(min_value=-(2**63), max_value=2**64 - 1).filter(lambda a: a not in g.legal)
        )
        return "POST", act, me, json.dumps({"action_id": aid, "seen": g.m.step}).encode()
    good = json.dumps({"action_id": min(g.legal), "seen": g.m.step}).encode()
    if kind == "token":
        token = draw(
            st.one_of(
                st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), max_size=60),
                st.sampled_from([*foreign, g.tokens[1 - g.cp]]),
            )
        )
        scheme = draw(st.sampled_from(["Bearer ", "bearer ", "Basic ", "", "Bearer  "]))
        headers = {"Content-Type": "application/json"}
        if draw(st.booleans()):
            value = (scheme + token).strip()  # a client cannot send edge white space
            if value:
                headers["Authorization"] = value
        if headers.get("Authorization") == me["Authorization"]:
            headers.pop("Authorization")
        return "POST", act, headers, good
    if kind == "create":
        packs = pack_names()
        body = draw(
            st.one_of(
                st.fixed_dictionaries(
                    {
                        "pack": st.text(max_size=20).filter(lambda p: p not in packs),
                        "seats": st.just(["human", "human"]),
                    }
                ),
                st.fixed_dictionaries(
                    {
                        "pack": st.just("rebel_space"),
                        "seats": st.lists(st.text(max_size=12), max_size=3),
                    }
                ).filter(lambda b: not _valid_seats(b["seats"])),
                st.fixed_dictionaries(
                    {
                        "pack": st.just("rebel_space"),
                        "seats": st.just(["human", "human"]),
                        "options": st.dictionaries(
                            st.text(max_size=10), json_values, min_size=1, max_size=2
                        ),
                    }
                ).filter(
                    lambda b: (
                        not set(b["options"])
                        <= {
                            "starting_hand",
                            "hand_limit",
                            "deploy_points",
                            "tie_destroys_both",
                            "ion_cannon_may_hold",
                            "rebel_base_may_attack",
                        }
                    )
                ),
                st.fixed_dictionaries({"pack": not_int, "seats": json_values}),
            )
        )
        return "POST", "/games", {"Content-Type": "application/json"}, json.dumps(body).encode()
    if kind == "query":
        key = draw(st.sampled_from(["since", "log", "x", "limit", "SINCE"]))
        value = draw(st.text(max_size=8))
        if key == "since" and value.isascii() and value.isdigit() and int(value) <= g.m.step:
            value = "-" + value
        if key == "log" and value in ("true", "false"):
            value += "!"
        path = f"/games/{g.id}" if key != "limit" else "/games"
        if key == "limit" and value.isascii() and value.isdigit() and 1 <= int(value) <= 200:
            value = "0"
        return "GET", path + "?" + httpx.QueryParams({key: value}).__str__(), {}, b""
    if kind == "resign":
        body = draw(
            st.one_of(
                st.binary(min_size=1, max_size=20).filter(lambda b: b.strip() not in (b"", b"{}")),
                st.dictionaries(st.text(max_size=6), json_values, min_size=1, max_size=2).map(
                    lambda d: json.dumps(d).encode()
                ),
            )
        )
        headers = (
            dict(me)
            if draw(st.booleans())
            else {"Content-Type": "application/json", "Authorization": "Bearer " + foreign[0]}
        )
        return "POST", f"/games/{g.id}/resign", headers, body
    # A segment of dots ("." or "..", "%2e" spelt out) is a step of a relative path that
    # the client resolves before sending (RFC 3986, 5.2.4): "/games/." goes as "/games/".
    gid = draw(
        st.text(
            alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789_-.%", min_size=1, max_size=40
        ).filter(lambda s: s.lower().replace("%2e", ".").strip(".") != "")
    )
    tail = draw(st.sampled_from(["", "/actions", "/resign", "/record", "/nothing"]))
    method = "GET" if tail in ("", "/record", "/nothing") else "POST"
    return method, f"/games/{gid}{tail}", me, good


def _valid_seats(seats: list[str]) -> bool:
    if len(seats) != 2:
        return False
    try:
        for s in seats:
            parse_seat(s)
    except Exception:
        return False
    return True


def snapshot(api: Api, g: Game, full: bool = False) -> list[str]:
    """What could show a change: the spectator's view (its step and status), the
    number of games, and with ``full`` each seat's view and the whole log."""
    who = [*g.tokens, None] if full else [None]
    params = {"log": "true"} if full else {}
    out = [api.http.get(f"/games/{g.id}", headers=api.auth(t), params=params).text for t in who]
    out.append(str(len(api.http.get("/games", params={"limit": 200}).json()["games"])))
    return out


def test_bad_requests_get_a_4xx_and_change_nothing(target: tuple[Api, Game, list[str]]) -> None:
    api, g, foreign = target
    before_full = snapshot(api, g, full=True)
    assert json.loads(before_full[2]) == g.m.body(None, log=True)
    before = snapshot(api, g)

    @settings(max_examples=EXAMPLES)
    @given(st.lists(bad_request(g, foreign), min_size=PER_EXAMPLE, max_size=PER_EXAMPLE))
    def run(requests: list[tuple[str, str, dict[str, str], bytes]]) -> None:
        for method, path, headers, body in requests:
            r = api.http.request(method, path, headers=headers, content=body)
            SENT["requests"] += 1
            assert 400 <= r.status_code < 500, (method, path, body[:80], r.status_code, r.text)
            err = r.json()
            assert set(err) == {"error", "message"}, err
            assert isinstance(err["message"], str) and 0 < len(err["message"]) <= 1000
        assert snapshot(api, g) == before

    run()
    assert snapshot(api, g, full=True) == before_full
    assert SENT["requests"] >= EXAMPLES * PER_EXAMPLE
