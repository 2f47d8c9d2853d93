"""Station Assault speed: random playouts (checked and unchecked), clone and apply.

    .venv/bin/python tests/station_assault/bench_ssa.py [games]

Prints decisions/s for uniform random playouts in each mode with
``apply(a, check=False)`` and ``check=True``, and the mid-game cost of
``clone()`` and of ``clone()`` + ``apply()`` in microseconds. Timings on a
shared machine are noisy: compare runs made side by side.
"""

from __future__ import annotations

import sys
import time

from station_assault import GAME
from tabletop import Rng

MODES = {
    "duel": None,
    "ffa3": {"mode": "free_for_all", "players": 3},
    "ffa4": {"mode": "free_for_all", "players": 4},
    "teams2v2": {"mode": "teams", "players": 4},
}


def playouts(options: object, games: int, check: bool) -> float:
    steps = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = GAME.new_state(seed=seed, options=options)
        rng = Rng(seed)
        while not s.is_terminal:
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))], check=check)
            steps += 1
    return steps / (time.perf_counter() - t0)


def midgame_costs(options: object, games: int = 50) -> tuple[float, float]:
    clone_t = apply_t = 0.0
    n = 0
    for seed in range(games):
        s = GAME.new_state(seed=seed, options=options)
        rng = Rng(seed)
        for _ in range(140):
            if s.is_terminal:
                break
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
        if s.is_terminal:
            continue
        acts = s.legal_actions()
        t0 = time.perf_counter()
        for _ in range(200):
            s.clone()
        t1 = time.perf_counter()
        for _ in range(200):
            s.clone().apply(acts[0], check=False)
        t2 = time.perf_counter()
        clone_t += (t1 - t0) / 200
        apply_t += (t2 - t1) / 200
        n += 1
    return 1e6 * clone_t / n, 1e6 * apply_t / n


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for name, options in MODES.items():
        unchecked = playouts(options, games, check=False)
        checked = playouts(options, games, check=True)
        clone_us, clone_apply_us = midgame_costs(options)
        print(
            f"{name:9} {unchecked:8.0f} decisions/s unchecked, {checked:8.0f} checked; "
            f"mid-game clone {clone_us:5.1f} us, clone + apply {clone_apply_us:5.1f} us"
        )


if __name__ == "__main__":
    main()
