"""Load benchmark of ``tabletop serve``: many concurrent games played through the HTTP API.

Starts a real server (uvicorn on 127.0.0.1, a SQLite file in a temporary folder
unless ``--db`` names another database), makes ``--games`` games with human
seats only, and plays them all at once: for each game a client reads the game
as the seat to move (``GET /games/{id}`` with its token) and plays a random
legal action id (``POST /games/{id}/actions``). A finished game is replaced by
a new one, so the number of games in play stays the same. Run 1 has no
WebSocket client; run 2 attaches ``--ws-per-game`` WebSocket clients to every
game (a spectator, then seats) that read every message, in a process of their own. The games act at an
offered rate (``--rates``, actions per second over all games; 0 means each game
acts as soon as it is answered, which measures the most the server does).

``--postgres`` runs it on a real PostgreSQL instead: a cluster of Debian's
``postgresql`` package made for the run in a temporary folder (``initdb``,
``pg_ctl`` on a free port of 127.0.0.1, as the unprivileged ``postgres`` user
when run as root, since PostgreSQL refuses root: the approach of the test
suite's fixture in ``tests/server/conftest.py``), stopped and removed at the
end. It keeps PostgreSQL's durable defaults (``fsync`` and
``synchronous_commit`` on) unless ``--pg-synchronous-commit off``: a commit
is then acknowledged before PostgreSQL flushes its log (the database stays
consistent, but a crash of PostgreSQL or of the machine loses the last
fraction of a second: the trade ``synchronous=NORMAL`` makes on SQLite,
where only a crash of the machine does).

Prints JSON: actions per second, the latency of an action (the POST, from
sending to the answer) and of a read, errors, and lost actions (acknowledged
but not in the game afterwards; checked for every game at the end of a run).
Loopback only, bounded in time (``--seconds`` per run).

``--reconnects N`` then opens and closes N WebSocket connections to one game
(``--reconnect-wave`` of them open at once; each negotiates compression, sends
its hello, reads up to the state and closes) and prints the server's memory
(resident set) before, every 3,000 reconnects, and after. The load client is
one address, so the server runs with its per-client limits off.

    .venv/bin/python benchmarks/server_load.py --games 100 --seconds 20
    .venv/bin/python benchmarks/server_load.py --games 100 --seconds 20 --postgres
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Http:
    """A minimal HTTP/1.1 keep-alive client (the load client must cost less than the server)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, token: str | None = None, body: Any = None
    ) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            k, _, v = line.decode().partition(":")
            if k.lower() == "content-length":
                length = int(v)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Stats:
    def __init__(self) -> None:
        self.act: list[float] = []
        self.read: list[float] = []
        self.errors: list[str] = []
        self.games_done = 0
        self.ws_messages = 0
        self.ws_errors: list[str] = []


def pct(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {}
    s = sorted(xs)

    def at(p: float) -> float:
        return round(s[min(len(s) - 1, int(p * len(s)))] * 1e3, 2)

    return {"p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": round(s[-1] * 1e3, 2)}


async def watch(port: int, gid: str, token: str | None, stats: Stats, stop: asyncio.Event) -> int:
    """A WebSocket client that reads everything; the last step it saw."""
    last = -1
    try:
        async with websockets.connect(
            f"ws://127.0.0.1:{port}/games/{gid}/live", max_size=2**22
        ) as ws:
            await ws.send(json.dumps({"token": token} if token else {}))
            while not stop.is_set():
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.5))
                except TimeoutError:
                    continue
                stats.ws_messages += 1
                if msg["type"] == "state":
                    last = msg["step"]
                    if msg["status"] != "active":
                        break
                elif msg["type"] == "error":
                    stats.ws_errors.append(msg["error"])
    except websockets.ConnectionClosed:
        pass
    return last


async def player(
    port: int,
    pack: str,
    seed: int,
    stats: Stats,
    stop: asyncio.Event,
    acked: dict[str, int],
    ws_per_game: int,
    interval: float,
    games_out: Any = None,
) -> None:
    """Play games one after the other until ``stop``, one action every ``interval``
    seconds (0: as fast as the server answers); count acknowledged actions per game."""
    http = Http(port)
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.random() * interval)  # spread the games over the interval
    due = loop.time()
    try:
        while not stop.is_set():
            status, made = await http.request(
                "POST",
                "/games",
                body={"pack": pack, "seats": ["human", "human"], "seed": rng.randrange(2**62)},
            )
            if status != 201:
                stats.errors.append(f"create {status}")
                return
            gid = made["id"]
            tokens = [s["token"] for s in made["seats"]]
            acked[gid] = 0
            if ws_per_game and games_out is not None:
                games_out.put((gid, tokens))
            cp: int | None = 0
            body: dict[str, Any] | None = None
            while not stop.is_set():
                if body is None or body["seat"] != cp:
                    t = time.perf_counter()
                    status, body = await http.request(
                        "GET", f"/games/{gid}", tokens[cp] if cp is not None else None
                    )
                    stats.read.append(time.perf_counter() - t)
                    if status != 200:
                        stats.errors.append(f"read {status}")
                        return
                assert body is not None
                if body["status"] != "active":
                    stats.games_done += 1
                    break
                legal = body["legal_actions"]
                aid = legal[rng.randrange(len(legal))]["id"]
                if interval:
                    due += interval
                    if due > loop.time():
                        await asyncio.sleep(due - loop.time())
                    else:
                        due = loop.time()
                t = time.perf_counter()
                status, body = await http.request(
                    "POST",
                    f"/games/{gid}/actions",
                    tokens[cp],
                    {"action_id": aid, "seen": body["step"]},
                )
                stats.act.append(time.perf_counter() - t)
                if status != 200:
                    stats.errors.append(f"act {status} {body.get('error')}")
                    return
                acked[gid] += 1
                cp = body["current_player"]
                if body["status"] != "active":
                    stats.games_done += 1
                    break
    finally:
        http.close()


async def lost_actions(port: int, acked: dict[str, int]) -> int:
    """Acknowledged actions that the games do not hold (read back after the run)."""
    http = Http(port)
    lost = 0
    for gid, n in acked.items():
        status, body = await http.request("GET", f"/games/{gid}")
        if status != 200 or body["step"] < n:
            lost += n if status != 200 else n - body["step"]
    http.close()
    return lost


def watcher_process(port: int, ws_per_game: int, games_in: Any, results: Any) -> None:
    """WebSocket clients in a process of their own (so that reading every message does
    not slow the HTTP load client down): attach to each game sent, until ``None``."""

    async def main() -> None:
        stats = Stats()
        stop = asyncio.Event()
        tasks: list[asyncio.Task[int]] = []
        loop = asyncio.get_running_loop()
        while True:
            item = await loop.run_in_executor(None, games_in.get)
            if item is None:
                break
            gid, tokens = item
            for k in range(ws_per_game):
                token = None if k == 0 else tokens[(k - 1) % len(tokens)]
                tasks.append(asyncio.create_task(watch(port, gid, token, stats, stop)))
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        results.put(
            {"messages": stats.ws_messages, "errors": len(stats.ws_errors), "clients": len(tasks)}
        )

    asyncio.run(main())


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


async def run(
    port: int, pid: int, args: argparse.Namespace, ws_per_game: int, rate: float
) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    acked: dict[str, int] = {}
    interval = args.games / rate if rate > 0 else 0.0
    watcher = None
    games_q: Any = None
    results_q: Any = None
    if ws_per_game:
        ctx = multiprocessing.get_context("spawn")
        games_q, results_q = ctx.Queue(), ctx.Queue()
        watcher = ctx.Process(target=watcher_process, args=(port, ws_per_game, games_q, results_q))
        watcher.start()
    tasks = [
        asyncio.create_task(
            player(
                port, args.pack, args.seed + i, stats, stop, acked, ws_per_game, interval, games_q
            )
        )
        for i in range(args.games)
    ]
    await asyncio.sleep(args.warmup)
    stats.act.clear()
    stats.read.clear()
    cpu0 = cpu_seconds(pid)
    t0 = time.perf_counter()
    await asyncio.sleep(args.seconds)
    n_actions = len(stats.act)
    elapsed = time.perf_counter() - t0
    cpu = cpu_seconds(pid) - cpu0
    stop.set()
    await asyncio.gather(*tasks)
    total_acked = sum(acked.values())
    ws = {"messages": 0, "errors": 0, "clients": 0}
    if watcher is not None:
        games_q.put(None)
        ws = results_q.get(timeout=60)
        watcher.join(30)
    return {
        "offered_actions_per_s": rate or "as fast as answered",
        "websocket_clients_at_once": ws_per_game * args.games,
        "websocket_clients": ws["clients"],
        "actions": n_actions,
        "seconds": round(elapsed, 2),
        "actions_per_s": round(n_actions / elapsed, 1),
        "act_latency_ms": pct(stats.act),
        "server_cpu_ms_per_action": round(cpu / max(n_actions, 1) * 1e3, 3),
        "read_latency_ms": pct(stats.read),
        "errors": len(stats.errors),
        "error_kinds": sorted(set(stats.errors))[:5],
        "ws_messages": ws["messages"],
        "ws_errors": ws["errors"],
        "games_finished": stats.games_done,
        "acknowledged_actions": total_acked,
        "lost_actions": await lost_actions(port, acked),
    }


class TempPostgres:
    """A PostgreSQL cluster of its own in a temporary folder, on a free port of 127.0.0.1."""

    def __init__(self, synchronous_commit: bool) -> None:
        bindir = _pg_bin()
        if bindir is None:
            raise SystemExit("--postgres: PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = bindir
        self.synchronous_commit = synchronous_commit
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-load-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            import pwd

            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                pw = pwd.getpwnam("nobody")
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", pw.pw_name, "--"]

    def _run(self, *cmd: str) -> None:
        subprocess.run(
            [*self.as_user, *cmd], check=True, capture_output=True, cwd=self.root, timeout=120
        )

    def start(self) -> str:
        """Make and start the cluster; the URL of a new, empty database on it."""
        self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "tabletop"
        )
        opts = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200"
        if not self.synchronous_commit:
            opts += " -c synchronous_commit=off"
        log = str(self.root / "log")
        self._run(
            str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", opts, "-l", log, "-w", "start"
        )
        import psycopg

        dsn = f"host=127.0.0.1 port={self.port} user=tabletop dbname=postgres"
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE DATABASE tabletop_load")
            version = conn.execute("SHOW server_version").fetchone()
        self.version = version[0] if version else "?"
        return f"postgresql://tabletop@127.0.0.1:{self.port}/tabletop_load"

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(dirs[-1]).parent if dirs else None


def start_server(
    db: str, cwd: Path, port: int, sync: str, compress: bool
) -> subprocess.Popen[bytes]:
    prof = os.environ.get("TABLETOP_PROFILE")  # a file: profile the server's event loop
    pre = ["-m", "cProfile", "-o", prof] if prof else []
    cmd = [sys.executable, *pre, "-m", "tabletop.cli", "serve", "--db", db, "--port", str(port)]
    cmd += ["--log-level", "warning", "--bot-workers", "1"]
    # one load client, one address: the per-client limits would refuse it
    cmd += ["--creates-per-minute", "0", "--games-per-client", "0", "--ws-per-client", "0"]
    cmd += ["--connections-per-client", "0"]
    if db.startswith("sqlite"):
        cmd += ["--sqlite-synchronous", sync]
    if not compress:
        cmd += ["--no-ws-compression"]
    proc = subprocess.Popen(cmd, cwd=cwd, start_new_session=True, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", port), timeout=0.5),
        ):
            return proc
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


async def reconnects(port: int, pid: int, total: int, wave: int) -> dict[str, Any]:
    """``total`` WebSocket reconnects to one game, ``wave`` at once (see the module)."""
    http = Http(port)
    status, made = await http.request(
        "POST", "/games", body={"pack": "rebel_space", "seats": ["human", "human"]}
    )
    http.close()
    if status != 201:
        raise SystemExit(f"--reconnects: could not make a game ({status})")
    url = f"ws://127.0.0.1:{port}/games/{made['id']}/live"

    async def one() -> None:
        async with websockets.connect(url, open_timeout=60) as ws:
            await ws.send("{}")
            while json.loads(await ws.recv())["type"] != "state":
                pass

    marks = [{"reconnects": 0, "rss_mb": rss_mb(pid)}]
    done, errors = 0, 0
    t0 = time.perf_counter()
    while done < total:
        n = min(wave, total - done)
        got = await asyncio.gather(*[one() for _ in range(n)], return_exceptions=True)
        errors += sum(1 for g in got if isinstance(g, BaseException))
        done += n
        if done % 3000 < wave or done == total:
            marks.append({"reconnects": done, "rss_mb": rss_mb(pid)})
    return {
        "reconnects": done,
        "at_once": wave,
        "seconds": round(time.perf_counter() - t0, 1),
        "errors": errors,
        "server_rss": marks,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games played at once (100)")
    p.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run (20)")
    p.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring (3)")
    p.add_argument("--pack", default="rebel_space")
    p.add_argument("--seed", type=int, default=1)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--db", help="database URL (default: a SQLite file in a temporary folder)")
    where.add_argument(
        "--postgres",
        action="store_true",
        help="on a PostgreSQL cluster made for the run in a temporary folder (Debian's postgresql)",
    )
    p.add_argument(
        "--pg-synchronous-commit",
        default="on",
        choices=["on", "off"],
        help="--postgres: PostgreSQL's synchronous_commit (default on: each commit waits "
        "for a flush of its log)",
    )
    p.add_argument(
        "--sync", default="NORMAL", choices=["FULL", "NORMAL"], help="SQLite synchronous (NORMAL)"
    )
    p.add_argument("--ws-per-game", type=int, default=2, help="WebSocket clients per game in run 2")
    p.add_argument("--no-ws-run", action="store_true", help="skip the runs with WebSocket clients")
    p.add_argument(
        "--no-ws-compression", action="store_true", help="serve with --no-ws-compression"
    )
    p.add_argument(
        "--reconnects",
        type=int,
        default=0,
        help="then N WebSocket reconnects, and the server's memory along them (0: none)",
    )
    p.add_argument("--reconnect-wave", type=int, default=200, help="reconnects at once (200)")
    p.add_argument("--no-load", action="store_true", help="skip the load runs")
    p.add_argument(
        "--rates",
        type=float,
        nargs="+",
        default=[400.0, 0.0],
        help="offered actions per second over all games, one run each (0: every game acts "
        "as soon as it is answered, for the most the server does); default 400 0",
    )
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-load-"))
    pg = TempPostgres(args.pg_synchronous_commit == "on") if args.postgres else None
    try:
        db = pg.start() if pg is not None else args.db or f"sqlite:///{tmp / 'games.db'}"
        port = free_port()
        proc = start_server(db, tmp, port, args.sync, not args.no_ws_compression)
        try:
            runs = []
            for rate in [] if args.no_load else args.rates:
                runs.append(asyncio.run(run(port, proc.pid, args, 0, rate)))
                if not args.no_ws_run:
                    runs.append(asyncio.run(run(port, proc.pid, args, args.ws_per_game, rate)))
            churn = None
            if args.reconnects:
                churn = asyncio.run(
                    reconnects(port, proc.pid, args.reconnects, args.reconnect_wave)
                )
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    out = {
        "benchmark": "server_load",
        "pack": args.pack,
        "games_at_once": args.games,
        "database": "sqlite" if db.startswith("sqlite") else db.split(":", 1)[0],
        "sqlite_synchronous": args.sync if db.startswith("sqlite") else None,
        "postgres": None
        if pg is None
        else {
            "version": pg.version,
            "synchronous_commit": args.pg_synchronous_commit,
            "temporary_cluster": True,
        },
        "ws_compression": not args.no_ws_compression,
        "cpus": os.cpu_count(),
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "runs": runs,
        "websocket_reconnects": churn,
        "floor": {"actions_per_s": 300, "act_p99_ms": 100},
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
