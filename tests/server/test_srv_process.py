"""How ``tabletop serve`` sets up its process: the garbage collector (see tune_gc), and
how it stops on Ctrl-C."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tabletop.server import GC_THRESHOLDS


def test_tune_gc_freezes_what_is_loaded_and_sets_the_thresholds() -> None:
    code = (
        "import gc, sys\n"
        "from tabletop.server import tune_gc\n"
        "tune_gc()\n"
        "print(gc.get_threshold(), gc.get_freeze_count() > 10_000,"
        " {'rebel_space', 'rebellion_rote', 'station_assault'} <= set(sys.modules))\n"
        "class Cycle: pass\n"
        "c = Cycle(); c.me = c; del c\n"
        "print(gc.collect() >= 1)\n"  # cycles made later are still collected
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    ).stdout.split("\n")
    assert out[0] == f"{GC_THRESHOLDS} True True"
    assert out[1] == "True"


def test_ctrl_c_stops_the_server_and_its_bot_workers_with_one_line(tmp_path: Path) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group, the bot workers
    too (here one is in the middle of a search): the server stops them, prints one
    line, no traceback, and exits 0; no process of the group is left."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "tabletop.cli", "serve", "--db", "sqlite:///games.db"]
    cmd += ["--port", str(port), "--bot-workers", "1"]  # the default log level, as `make run`
    cmd += ["--max-bot-seconds", "10"]  # (the default cap, 5 s, would refuse mcts:9s)
    proc = subprocess.Popen(
        cmd,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.05)
        made = httpx.post(
            url + "/games", json={"pack": "rebel_space", "seats": ["mcts:9s", "human"]}
        )
        assert made.status_code == 201, made.text
        time.sleep(3)  # the worker has started and is searching (9 s a decision)
        assert httpx.get(f"{url}/games/{made.json()['id']}").json()["step"] == 0
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    lines = out.strip().splitlines()
    assert lines[0].startswith(f"tabletop serve: {url}/"), out
    assert lines[1:] == ["tabletop serve: stopped."], out
    deadline = time.monotonic() + 15  # the worker is gone with the server (reaped in time)
    with pytest.raises(ProcessLookupError):
        while time.monotonic() < deadline:
            os.killpg(proc.pid, 0)
            time.sleep(0.1)
