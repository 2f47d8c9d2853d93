"""Measure random playouts: ``python -m rebel_space.bench [games]``.

Prints decisions per second (with ``apply(check=False)`` as bots do, and with
the checked path), milliseconds per full game, the clone time, and the mean
and maximum game length in decisions over the seeds played.
"""

from __future__ import annotations

import sys
import time

from tabletop import Rng

from . import GAME


def playout(seed: int, check: bool) -> int:
    s = GAME.new_state(seed=seed)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    while not s.is_terminal:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))], check=check)
        n += 1
    return n


def main(games: int = 1000) -> dict[str, float]:
    t0 = time.perf_counter()
    lengths = [playout(seed, False) for seed in range(games)]
    fast = time.perf_counter() - t0
    n_checked = max(1, games // 5)
    t0 = time.perf_counter()
    checked = sum(playout(seed, True) for seed in range(n_checked))
    slow = time.perf_counter() - t0
    s = GAME.new_state(seed=1)
    rng = Rng(2)
    for _ in range(150):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    reps = 5000
    t0 = time.perf_counter()
    for _ in range(reps):
        s.clone()
    clone_us = (time.perf_counter() - t0) / reps * 1e6
    out = {
        "games": games,
        "decisions_per_s_unchecked": sum(lengths) / fast,
        "decisions_per_s_checked": checked / slow,
        "ms_per_game": 1000 * fast / games,
        "clone_us": clone_us,
        "mean_length": sum(lengths) / games,
        "max_length": max(lengths),
        "min_length": min(lengths),
    }
    for k, v in out.items():
        print(f"{k:>28}: {v:,.1f}" if isinstance(v, float) else f"{k:>28}: {v}")
    return out


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
