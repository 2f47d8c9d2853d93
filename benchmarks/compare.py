"""Two checkouts' benchmarks side by side, interleaved in one run (not a test).

    git worktree add /tmp/before v0.9      # the tree to compare with
    python benchmarks/compare.py /tmp/before --rounds 3 --games 60

Runs ``benchmarks/run.py`` of this tree and of the other one alternately,
``--rounds`` times each, every run in a fresh process with that tree's
``src`` and ``games`` first on the path, and prints for each pack the median
of the rounds: decisions/s (checked and unchecked) with their ratio to
python-chess in the same run, and the per-call costs, before, after and
after ÷ before. On a shared machine, other work slows both sides alike only
when they alternate: never compare numbers from separate runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
COSTS = [
    "clone_us",
    "clone_apply_us",
    "legal_actions_us",
    "dumps_us",
    "loads_trusted_us",
    "loads_us",
    "view_us",
    "view_nolog_us",
    "state_kib",
    "games_per_gib",
]


def run_tree(tree: Path, games: int, packs: list[str]) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=f"{tree / 'src'}{os.pathsep}{tree / 'games'}")
    out = subprocess.run(
        [sys.executable, str(HERE / "benchmarks" / "run.py"), *packs, "--games", str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    doc: dict[str, Any] = json.loads(out.stdout)
    return doc


def figures(doc: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per pack: the figures compared, from one run."""
    out = {}
    for r in doc["results"]:
        f = {
            "checked_per_s": r["playout_checked"]["decisions_per_s"],
            "unchecked_per_s": r["playout_unchecked"]["decisions_per_s"],
        }
        if "ratio_to_chess" in r:
            f["checked_x_chess"] = r["ratio_to_chess"]["checked"]
            f["unchecked_x_chess"] = r["ratio_to_chess"]["unchecked"]
        f.update({k: r[k] for k in COSTS if k in r})
        out[r["game"]] = f
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path, help="the other checkout (its src/ and games/)")
    ap.add_argument("packs", nargs="*", help="pack names (default: every installed pack)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--json", action="store_true", help="the medians as JSON")
    args = ap.parse_args(argv)
    runs: dict[str, list[dict[str, dict[str, float]]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        runs["before"].append(figures(run_tree(args.before, args.games, args.packs)))
        runs["after"].append(figures(run_tree(HERE, args.games, args.packs)))
    table: dict[str, dict[str, dict[str, float]]] = {}
    for pack in runs["after"][0]:
        table[pack] = {}
        for key in runs["after"][0][pack]:
            med = {
                side: statistics.median(r[pack][key] for r in runs[side] if key in r[pack])
                for side in runs
                if all(key in r.get(pack, {}) for r in runs[side])
            }
            if len(med) == 2:
                med["ratio"] = med["after"] / med["before"] if med["before"] else float("nan")
                table[pack][key] = med
    if args.json:
        json.dump(table, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    for pack, rows in table.items():
        print(f"{pack}  (median of {args.rounds} interleaved rounds)")
        for key, m in rows.items():
            print(f"  {key:18s} {m['before']:12.1f} {m['after']:12.1f}   x{m['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
