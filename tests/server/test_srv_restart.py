"""Nothing is lost: kill the server hard (SIGKILL) mid-game, restart it on the same
SQLite file, and every game is back exactly as it was."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from srv_helpers import Mirror, play_random

import tabletop
from conftest import Api, Server
from tabletop.server.storage import Store


def stored_state(store: Store, gid: str) -> tabletop.State:
    """A game rebuilt from what the database file holds (the record, checked)."""
    row = store.game(gid)
    assert row is not None
    record = {
        "format": tabletop.RECORD_FORMAT,
        "game": row.pack,
        "pack_version": row.pack_version,
        "options": row.options,
        "seed": row.seed,
        "actions": [a for a, _ in store.actions(gid)],
    }
    return tabletop.replay(record)


def workers_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d.name))
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return (
        Path(f"/proc/{pid}").exists()
        and "Z" not in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]
    )


def test_hard_kill_mid_game_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    srv = Server(db, tmp_path).start()
    try:
        api = Api(srv.url)
        rng = random.Random(5)
        humans: list[tuple[str, list[str], Mirror]] = []
        for seed, pack in [(101, "rebel_space"), (102, "station_assault"), (103, "rebellion_rote")]:
            made = api.create(pack, ["human", "human"], seed=seed)
            m = Mirror(made["id"], pack, seed, ["human", "human"])
            humans.append((made["id"], [s["token"] for s in made["seats"]], m))
        bots = api.create("rebel_space", ["mcts:10", "mcts:10"], seed=104)["id"]
        for gid, tokens, m in humans:
            play_random(api, gid, tokens, m, 12, rng)
        deadline = time.monotonic() + 20
        while api.read(bots)["step"] < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert srv.proc is not None
        workers = workers_of(srv.proc.pid)
        api.close()
        srv.kill()  # mid-game: the bots are thinking, nothing is shut down cleanly

        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(w) for w in workers), "bot workers outlived the server"

        store = Store(db)
        for gid, _, m in humans:  # every acknowledged action is in the file
            assert tabletop.dumps(stored_state(store, gid)) == tabletop.dumps(m.state)
        bot_step = len(stored_state(store, bots).history)
        assert bot_step >= 3
        store.close()

        srv = Server(db, tmp_path).start()
        api = Api(srv.url)
        for gid, tokens, m in humans:
            for seat, token in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
                assert api.read(gid, token, log="true") == m.body(seat, log=True)
            play_random(api, gid, tokens, m, 5, rng)
            assert (
                api.http.post(f"/games/{gid}/resign", headers=api.auth(tokens[1])).status_code
                == 200
            )
            rec = api.http.get(f"/games/{gid}/record").json()
            assert tabletop.dumps(tabletop.replay(rec)) == tabletop.dumps(m.state)
        deadline = time.monotonic() + 20
        while api.read(bots)["step"] <= bot_step and time.monotonic() < deadline:
            time.sleep(0.05)
        assert api.read(bots)["step"] > bot_step, "the bots did not go on after the restart"
        api.close()
    finally:
        srv.stop()


def test_a_killed_bot_worker_is_replaced(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'games.db'}", tmp_path).start()
    try:
        api = Api(srv.url)
        gid = api.create("rebel_space", ["mcts:200", "mcts:200"], seed=9)["id"]
        assert srv.proc is not None
        deadline = time.monotonic() + 20
        while not workers_of(srv.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        for w in workers_of(srv.proc.pid):
            os.kill(w, 9)  # the pool's workers (and its resource tracker, if any)
        step = api.read(gid)["step"]
        deadline = time.monotonic() + 20
        while api.read(gid)["step"] <= step + 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert api.read(gid)["step"] > step + 2, "the bots stopped when their worker died"
        api.close()
    finally:
        srv.stop()
