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
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / ".screenshots" / "web"
"""Where every run leaves its screenshots (ignored by git)."""
DOC_SHOTS = ROOT / "docs" / "images" / "web"
"""Where the docs' screenshots live: refreshed when TABLETOP_UPDATE_SCREENSHOTS=1."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class WebServer:
    """``tabletop serve`` in a subprocess (its own process group) on a SQLite file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WebServer:
        cmd = [sys.executable, "-m", "tabletop.cli", "serve", "--db", "sqlite:///games.db"]
        cmd += ["--port", str(self.port), "--bot-workers", "1", "--log-level", "warning"]
        with open(self.folder / "server.log", "ab") as log:
            self.proc = subprocess.Popen(
                cmd, cwd=self.folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError((self.folder / "server.log").read_text()[-2000:])
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``tabletop serve`` on a fresh SQLite file, for the session."""
    server = WebServer(tmp_path_factory.mktemp("web-server")).start()
    yield server.url
    server.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[WebServer]:
    """A server of the test's own, to stop and start again."""
    server = WebServer(tmp_path).start()
    yield server
    server.stop()


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
    .screenshots/web/ at the end of the session, and to docs/images/web/ with
    TABLETOP_UPDATE_SCREENSHOTS=1."""
    folder = tmp_path_factory.mktemp("screenshots")
    yield folder
    targets = [SHOTS] + ([DOC_SHOTS] if os.environ.get("TABLETOP_UPDATE_SCREENSHOTS") else [])
    for target in targets:
        target.mkdir(parents=True, exist_ok=True)
        for png in sorted(folder.glob("*.png")):
            if target == DOC_SHOTS and png.name.startswith("keys-"):
                continue  # the keyboard run's pictures: for a look, not for the docs
            shutil.copy(png, target / png.name)
