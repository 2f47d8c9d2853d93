"""Fixtures of the server tests: real servers (uvicorn on 127.0.0.1), a real SQLite
file, and a real PostgreSQL started in a temporary folder when it is installed."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))

PG_HINT = "PostgreSQL not installed: apt-get install postgresql (as .ci/run does) to run these"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


RELAXED = ("--creates-per-minute", "0", "--games-per-client", "0", "--ws-per-client", "0")
"""The per-client limits off: every test client is the one address 127.0.0.1 (the
hostile-client suite, test_srv_hostile.py, tests the limits)."""


class Server:
    """``tabletop serve`` in a subprocess of its own (its own process group), with the
    per-client limits off unless ``limits`` (then ``extra`` sets them)."""

    def __init__(self, db: str, cwd: Path, *extra: str, limits: bool = False) -> None:
        self.db = db
        self.cwd = cwd
        self.extra = extra if limits else (*RELAXED, *extra)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = cwd / f"server-{self.port}.log"

    def start(self) -> Server:
        cmd = [
            sys.executable,
            "-m",
            "tabletop.cli",
            "serve",
            "--db",
            self.db,
            "--port",
            str(self.port),
            "--bot-workers",
            "1",
            "--log-level",
            "warning",
            *self.extra,
        ]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=self.cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the server process only (its bot workers must end on their own)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # a worker left behind, if any
        self.proc = None


# ---------------------------------------------------------------- PostgreSQL
def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(dirs[-1]).parent if dirs else None


class Postgres:
    """A PostgreSQL cluster in a temporary folder, on a free port of 127.0.0.1."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = "postgres"
            try:
                import pwd

                pw = pwd.getpwnam(user)
            except KeyError:
                user, pw = "nobody", None
                import pwd

                pw = pwd.getpwnam(user)
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", user, "--"]
        self.n = 0

    def run(self, *cmd: str) -> None:
        subprocess.run(
            [*self.as_user, *cmd], check=True, capture_output=True, cwd=self.root, timeout=60
        )

    def start(self) -> Postgres:
        self.run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "tabletop",
            "--no-sync",
        )
        opts = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self.run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )
        return self

    def new_database(self) -> str:
        import psycopg

        self.n += 1
        name = f"tabletop_{self.n}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=tabletop dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://tabletop@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


SUMMARY: dict[str, Any] = {"pg_skipped": 0}


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line for the PostgreSQL tests skipped, and the fuzz test's request count."""
    if SUMMARY["pg_skipped"]:
        terminalreporter.write_line(f"server: {PG_HINT}")
    for name, values in SUMMARY.get("hostile", []):
        terminalreporter.write_line(f"hostile: {name}: {values}")
    fuzz = sys.modules.get("test_srv_fuzz")
    sent = getattr(fuzz, "SENT", {}).get("requests") if fuzz else None
    if sent:
        terminalreporter.write_line(f"server fuzz: {sent} generated bad requests, each refused")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    bindir = _pg_bin()
    if bindir is None:
        SUMMARY["pg_skipped"] += 1
        pytest.skip(PG_HINT)
    pg = Postgres(bindir)
    try:
        pg.start()
    except subprocess.CalledProcessError as exc:
        pg.stop()
        pytest.fail(f"PostgreSQL did not start: {exc.stderr.decode()[-500:]}")
    yield pg
    pg.stop()


def _db_url(kind: str, tmp: Path, request: pytest.FixtureRequest) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp / 'games.db'}"
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    return _db_url(request.param, tmp_path, request)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server for a module's tests, on each kind of database."""
    tmp = tmp_path_factory.mktemp("server")
    srv = Server(_db_url(request.param, tmp, request), tmp).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("server")
    srv = Server(f"sqlite:///{tmp / 'games.db'}", tmp).start()
    yield srv
    srv.stop()


# ---------------------------------------------------------------- client helpers
class Api:
    """A thin client of the server for tests."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=20)

    def create(self, pack: str = "rebel_space", seats: Any = None, **kw: Any) -> dict[str, Any]:
        body = {"pack": pack, "seats": seats or ["human", "human"], **kw}
        r = self.http.post("/games", json=body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {} if token is None else {"Authorization": f"Bearer {token}"}

    def read(self, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
        r = self.http.get(f"/games/{gid}", headers=self.auth(token), params=params)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def act(self, gid: str, token: str, action_id: Any, seen: Any) -> httpx.Response:
        return self.http.post(
            f"/games/{gid}/actions",
            headers=self.auth(token),
            json={"action_id": action_id, "seen": seen},
        )

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def api(server: Server) -> Iterator[Api]:
    a = Api(server.url)
    yield a
    a.close()
