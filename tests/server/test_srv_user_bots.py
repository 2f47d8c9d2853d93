"""A bot of the operator's own as a seat kind (``tabletop serve --bot NAME=SPEC``):
requests name it, the configuration alone says what code it is."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from conftest import Api, Server  # at import: the web tests' conftest takes the name later

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture(scope="module")
def own_bot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("server")
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(EXAMPLES), old) if p)
    try:
        srv = Server(
            f"sqlite:///{tmp / 'games.db'}", tmp, "--bot", "attacker=write_a_bot:Aggressor"
        ).start()
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    yield srv
    srv.stop()


def test_a_configured_bot_plays_a_seat(own_bot_server: Server) -> None:
    api = Api(own_bot_server.url)
    try:
        assert api.http.get("/packs").json()["bots"] == ["attacker"]
        made = api.create("station_assault", ["attacker", "attacker"], seed=3)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            view = api.read(made["id"])
            if view["step"] >= 6:
                break
            time.sleep(0.2)
        assert view["step"] >= 6, view
        assert [s["kind"] for s in view["seats"]] == ["attacker", "attacker"]
    finally:
        api.close()


def test_a_request_never_names_code(own_bot_server: Server) -> None:
    with httpx.Client(base_url=own_bot_server.url, timeout=20) as http:
        for seat in ("write_a_bot:Aggressor", "tabletop.bots:RandomBot", "os:system"):
            r = http.post("/games", json={"pack": "station_assault", "seats": ["human", seat]})
            assert r.status_code == 422, r.text
            assert r.json()["error"] == "bad_seat"
            assert "'attacker'" in r.json()["message"]  # the server's own kinds are listed


def test_a_bad_configuration_stops_the_server_at_start(tmp_path: Path) -> None:
    for bad, words in [
        ("mcts=tabletop.bots:RandomBot", "taken by a built-in"),
        ("x=no_such_module:Bot", "cannot import module"),
        ("bad name=tabletop.bots:RandomBot", "letters, digits"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", "serve", "--db",
             f"sqlite:///{tmp_path / 'x.db'}", "--port", "0", "--bot", bad],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 2, done.stdout + done.stderr
        assert words in done.stderr, done.stderr
