"""Fixtures of the web client's tests: a real ``tabletop serve`` on 127.0.0.1 with a real
SQLite file, and a real headless Chromium (Debian's ``chromium``) driven by Playwright.

Playwright never downloads a browser here: it is pointed at ``/usr/bin/chromium``
(``make test`` installs the package when it is missing). Without it the tests skip,
saying how to get it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images" / "web"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``tabletop serve`` (its own process group) on a fresh SQLite file."""
    tmp = tmp_path_factory.mktemp("web-server")
    port = _free_port()
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 (open for the process's life)
    cmd = [sys.executable, "-m", "tabletop.cli", "serve", "--db", "sqlite:///games.db"]
    cmd += ["--port", str(port), "--bot-workers", "1", "--log-level", "warning"]
    proc = subprocess.Popen(
        cmd, cwd=tmp, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError((tmp / "server.log").read_text()[-2000:])
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                break
        time.sleep(0.05)
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium (Debian's package) under Playwright, for the session."""
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} missing: apt-get install chromium (make test does)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


@pytest.fixture
def context(chromium: Any) -> Iterator[Any]:
    """A fresh browser context (its own storage) at 1280x800."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the tests write screenshots (under pytest's tmp folder); copied to
    docs/images/web/ at the end of the session."""
    folder = tmp_path_factory.mktemp("screenshots")
    yield folder
    SHOTS.mkdir(parents=True, exist_ok=True)
    for png in sorted(folder.glob("*.png")):
        shutil.copy(png, SHOTS / png.name)
