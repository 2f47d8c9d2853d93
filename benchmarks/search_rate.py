"""The search bot's speed: iterations per second at mid-game positions (not a test).

    python benchmarks/search_rate.py                       # every pack, JSON
    python benchmarks/search_rate.py --game rebel_space --positions 20

For each pack (and mode), random games are played from seeds ``0, 1, ...`` and
every position with more than one legal action between 20% and 80% of the
game's length is a candidate; ``--positions`` of them, spread evenly, are
searched by ``ISMCTSBot(iterations=--iterations, opponents="search")`` (the
tree search itself, whatever model of the rivals the pack chooses by default) one
after the other, and
the median of the per-position rates (iterations per CPU second of this
process, so other work on a shared machine does not lower it) is reported,
with the iterations that fit in 0.05 s at that rate (the budget the ladder's
``search`` bot uses). The positions depend on the seeds only, so two
checkouts compare like for like: run them side by side in one shell on a
shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import tabletop
from tabletop.bots import ISMCTSBot, RandomBot

CASES: list[tuple[str, dict[str, Any] | None]] = [
    ("rebel_space", None),
    ("station_assault", None),
    ("station_assault", {"mode": "free_for_all", "players": 4}),
    ("station_assault", {"mode": "teams", "players": 4}),
    ("rebellion_rote", None),
    ("rebellion_rote", {"players": 4}),
]


def positions(game: str, options: dict[str, Any] | None, count: int) -> list[tabletop.State]:
    g = tabletop.load(game)
    found: list[tabletop.State] = []
    seed = 0
    while len(found) < count * 3 and seed < 50:
        state = g.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        trail: list[tabletop.State] = []
        while not state.is_terminal and len(trail) < 3000:
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            state.apply(bot.choose(state))
        lo, hi = len(trail) // 5, len(trail) * 4 // 5
        found.extend(trail[lo : hi : max(1, (hi - lo) // 6)])
        seed += 1
    step = max(1, len(found) // count)
    return found[::step][:count]


def rate(game: str, options: dict[str, Any] | None, count: int, iterations: int) -> dict[str, Any]:
    rates = []
    for i, s in enumerate(positions(game, options, count)):
        # the tree search itself: a pack's default model of the rivals (Station Assault's
        # free for all adapts to them) adds work of its own, measured on its own
        bot = ISMCTSBot(iterations=iterations, seed=i, opponents="search")
        started = time.process_time()  # this process's CPU time: fair on a shared machine
        bot.choose(s)
        rates.append(bot.last_iterations / max(time.process_time() - started, 1e-9))
    median = statistics.median(rates)
    return {
        "game": game,
        "options": options,
        "positions": len(rates),
        "iterations_per_second": round(median),
        "iterations_in_50ms": round(median * 0.05),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", help="one pack (default: every case)")
    ap.add_argument("--options", help="its options as JSON")
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=200)
    args = ap.parse_args()
    cases = CASES
    if args.game:
        cases = [(args.game, json.loads(args.options) if args.options else None)]
    out = [rate(g, o, args.positions, args.iterations) for g, o in cases]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
