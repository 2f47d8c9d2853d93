"""Benchmarks: playout speed, clone and serialisation costs, for every pack.

    python benchmarks/run.py                 # all installed packs, JSON on stdout
    python benchmarks/run.py station_assault --games 200
    python benchmarks/run.py toy_pack:GAME   # any "module:attr" pack

For each pack: random-playout decisions/s with and without the legality
check, full games/s, mean and max decisions per game, clone µs and apply µs
mid-game, dumps µs (again, and ``dumps_fresh`` of a state never written
before), loads µs (``loads`` rebuilds the state from its record and
compares; ``loads_trusted`` reads the fields, leaving the log for its first
use; ``loads_trusted_with_log`` reads it too), view µs (with the log, and
``view_nolog`` without it), and peak memory
(tracemalloc) of one game.
Each timing is the median of five runs (see ``per_call_us``). Timings on a
shared machine are noisy: compare runs made side by side.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from typing import Any

import tabletop
from tabletop.bots import RandomBot


def playouts(game: Any, games: int, seed: int, check: bool) -> dict[str, float]:
    steps = 0
    lengths = []
    t0 = time.perf_counter()
    for g in range(games):
        state = game.new_state(seed=seed + g)
        bot = RandomBot(seed + g)
        n = 0
        while not state.is_terminal:
            state.apply(bot.choose(state), check=check)
            n += 1
        steps += n
        lengths.append(n)
    dt = time.perf_counter() - t0
    return {
        "decisions_per_s": steps / dt,
        "games_per_s": games / dt,
        "ms_per_game": 1000 * dt / games,
        "mean_decisions_per_game": statistics.mean(lengths),
        "max_decisions_per_game": max(lengths),
    }


def midgame(game: Any, seed: int) -> Any:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    probe = state.clone()
    n = 0
    while not probe.is_terminal:
        probe.apply(bot.choose(probe), check=False)
        n += 1
    bot = RandomBot(seed)
    for _ in range(n // 2):
        state.apply(bot.choose(state), check=False)
    return state


def legal(state: Any) -> None:
    state._legal = None  # drop the cache: time the generation itself
    state.legal_actions()


def fresh(state: Any) -> Any:
    if hasattr(state, "_log_json"):  # (a version before it kept none)
        state._log_json = None  # forget the text of the log the last dumps wrote
    return state


def per_call_us(fn: Any, repeat: int) -> float:
    """µs per call of ``fn``: the median of five runs of ``repeat / 5`` calls each (one
    run that a collection or another process slowed does not move it)."""
    n = max(1, repeat // 5)
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t0) / n)
    return 1e6 * statistics.median(runs)


def bench(name: str, games: int, seed: int) -> dict[str, Any]:
    game = tabletop.load(name)
    out: dict[str, Any] = {"game": game.name, "version": game.version}
    playouts(game, max(1, games // 10), seed + 10_000, check=True)  # warm caches first
    out["playout_checked"] = playouts(game, games, seed, check=True)
    out["playout_unchecked"] = playouts(game, games, seed, check=False)
    state = midgame(game, seed)
    action = state.legal_actions()[0]

    def clone_apply() -> None:
        state.clone().apply(action)

    text = tabletop.dumps(state)
    player = state.current_player or 0
    out["midgame_step"] = len(state.history)
    out["clone_us"] = per_call_us(state.clone, 2000)
    out["clone_apply_us"] = per_call_us(clone_apply, 1000)
    out["legal_actions_us"] = per_call_us(lambda: legal(state), 1000)
    out["dumps_us"] = per_call_us(lambda: tabletop.dumps(state), 200)
    # ...of a state whose log was never written (dumps reuses the text of the log it
    # wrote last, so saving after every move writes only the new events)
    out["dumps_fresh_us"] = per_call_us(lambda: tabletop.dumps(fresh(state)), 200)
    out["loads_us"] = per_call_us(lambda: tabletop.loads(text), 50)  # rebuilt and compared
    out["loads_trusted_us"] = per_call_us(lambda: tabletop.loads(text, trusted=True), 200)
    # ...and its log read too (a trusted load reads the log when it is first used)
    out["loads_trusted_with_log_us"] = per_call_us(
        lambda: tabletop.loads(text, trusted=True).log, 200
    )
    out["view_us"] = per_call_us(lambda: state.view(player), 200)
    out["view_nolog_us"] = per_call_us(lambda: state.view(player, log=False), 200)
    out["state_json_bytes"] = len(text)
    tracemalloc.start()
    playouts(game, 1, seed, check=True)
    out["peak_memory_kib_one_game"] = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="pack names (default: every installed pack)")
    ap.add_argument("--games", dest="n", type=int, default=100, help="playouts per pack")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    names = args.games or tabletop.games()
    results = [bench(name, args.n, args.seed) for name in names]
    json.dump({"python": sys.version.split()[0], "results": results}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
