"""``tabletop admin``: list or end the games of a server's database.

It works on the database itself, so it needs no secret (whoever can open the
database is its administrator already) and no running server; a running
server sees an ended game at its next look at the database (at once for a
request, within a quarter of a second for a WebSocket client). The same is
open over HTTP as ``GET /admin/games`` and ``POST /admin/end`` when the server
has an admin secret (``TABLETOP_ADMIN_SECRET``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from pathlib import Path
from typing import TextIO

import sqlalchemy as sa

from ..errors import TabletopError
from .storage import Store

__all__ = ["run_admin"]


def _ago(t: float | None, now: float) -> str:
    if t is None:
        return "-"
    s = max(0.0, now - t)
    if s < 120:
        return f"{s:.0f} s ago"
    if s < 7200:
        return f"{s / 60:.0f} min ago"
    if s < 172_800:
        return f"{s / 3600:.0f} h ago"
    return f"{s / 86_400:.0f} days ago"


def run_admin(args: argparse.Namespace, out: TextIO) -> int:
    """``tabletop admin list`` or ``tabletop admin end`` (see the module)."""
    missing = None
    with contextlib.suppress(Exception):  # (a bad URL is Store's to say)
        url = sa.make_url(args.db)
        if url.get_backend_name() == "sqlite" and url.database and not Path(url.database).exists():
            missing = url.database
    if missing is not None:  # (opening it would make an empty one)
        raise TabletopError(f"no database at {missing}: give the server's --db")
    store = Store(args.db)
    try:
        store.migrate()
        if args.admin_command == "list":
            limit = args.limit
            if not 1 <= limit <= 100_000:
                raise TabletopError("--limit is 1 to 100000")
            rows = store.list_games(
                status=args.status, pack=None, limit=limit, offset=0, client=args.client
            )
            if args.json:
                out.write(
                    json.dumps(
                        [
                            {
                                "id": r.id,
                                "pack": r.pack,
                                "status": r.status,
                                "step": r.num_actions,
                                "seats": r.seats,
                                "client": r.client,
                                "created": r.created,
                                "active_at": r.active_at,
                                "owned": r.owner_hash is not None,
                            }
                            for r in rows
                        ],
                        indent=1,
                    )
                    + "\n"
                )
                return 0
            now = time.time()
            out.write(f"{len(rows)} games{' (the newest)' if len(rows) == limit else ''}\n")
            for r in rows:
                out.write(
                    f"{r.id:<18} {r.pack:<16} {r.status:<10} step {r.num_actions:<6} "
                    f"{','.join(r.seats):<24} from {r.client or '-':<20} "
                    f"last active {_ago(r.active_at, now)}\n"
                )
            return 0
        if not args.games and args.client is None:
            raise TabletopError("tabletop admin end: name the games to end, or --client ADDR")
        ended = store.end_many(list(args.games), "ended", client=args.client, limit=1_000_000)
        out.write(f"ended {len(ended)} game{'s' if len(ended) != 1 else ''}\n")
        for gid in ended:
            out.write(f"{gid}\n")
        missed = sorted(set(args.games) - set(ended))
        if missed:
            out.write(f"not in play (or no such game): {' '.join(missed)}\n")
        return 0
    finally:
        store.close()
