"""MCTS against a random player in the Rebellion pack, from each seat (not a test).

    python benchmarks/rebellion_bots.py --seat imperial -n 20
    python benchmarks/rebellion_bots.py --seat both -n 20 --iterations 200 --seed 0
    python benchmarks/rebellion_bots.py --cost     # the heuristic's cost per call

Plays ``ISMCTSBot(iterations=N)`` (200 by default: the budget ``tabletop analyze``
gives ``mcts``) in one seat against ``RandomBot`` in the other, one game at a time
in this process, and prints each game (winner, decisions, rounds, seconds) and
then the MCTS win rate per seat with its 95% Wilson interval. Game ``i`` uses
state seed ``seed + i`` and the bot seeds of :func:`tabletop.analysis.bot_seed`.
``--cost`` times ``GAME.heuristic`` instead, on determinisations taken every 10
decisions of random games (the states a search calls it on).
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit

from rebellion_rote import GAME
from tabletop import Rng
from tabletop.analysis import bot_seed, wilson
from tabletop.bots import ISMCTSBot, RandomBot

SEATS = {"rebel": 0, "imperial": 1}


def play(seat: int, index: int, seed: int, iterations: int, max_steps: int) -> dict[str, object]:
    state = GAME.new_state(seed=seed + index)
    bots = [
        ISMCTSBot(iterations=iterations, seed=bot_seed(seed, index, p))
        if p == seat
        else RandomBot(bot_seed(seed, index, p))
        for p in range(2)
    ]
    started = time.perf_counter()
    steps = 0
    while not state.is_terminal and steps < max_steps:
        p = state.current_player
        assert p is not None
        state.apply(bots[p].choose(state))
        steps += 1
    returns = state.returns() if state.is_terminal else [0.0, 0.0]
    return {
        "win": returns[seat] > 0,
        "draw": returns[0] == returns[1],
        "steps": steps,
        "round": getattr(state, "round", -1),
        "revealed": state.board.base_revealed,  # type: ignore[attr-defined]
        "seconds": time.perf_counter() - started,
    }


def cost(games: int = 10) -> None:
    states = []
    for g in range(games):
        state = GAME.new_state(seed=g)
        bot = RandomBot(g)
        n = 0
        while not state.is_terminal:
            state.apply(bot.choose(state))
            n += 1
            p = state.current_player
            if n % 10 == 0 and p is not None:
                states.append(state.resample(p, Rng(n)))
    heuristic = GAME.heuristic
    assert heuristic is not None
    runs = 20
    seconds = timeit.timeit(lambda: [heuristic(s, 1) for s in states], number=runs)
    per_call = 1e6 * seconds / runs / len(states)
    # a search iteration, for scale (it calls the heuristic once per player)
    bot = ISMCTSBot(iterations=200, seed=1)
    decisions = [s for s in states[::10] if len(s.legal_actions()) > 1][:20]
    started = time.perf_counter()
    iterations = 0
    for s in decisions:
        bot.choose(s)
        iterations += bot.last_iterations
    per_iteration = 1e6 * (time.perf_counter() - started) / max(1, iterations)
    print(
        f"heuristic: {per_call:.1f} µs per call ({len(states)} states); a search iteration "
        f"{per_iteration:.0f} µs, of which the heuristic (2 calls) ~{200 * per_call / per_iteration:.0f}%"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seat", choices=["rebel", "imperial", "both"], default="both")
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-steps", type=int, default=5000)
    ap.add_argument("--cost", action="store_true", help="time the heuristic instead")
    args = ap.parse_args()
    if args.cost:
        cost()
        return
    seats = ["rebel", "imperial"] if args.seat == "both" else [args.seat]
    for name in seats:
        seat = SEATS[name]
        wins = draws = 0
        secs = 0.0
        for i in range(args.n):
            r = play(seat, i, args.seed, args.iterations, args.max_steps)
            wins += bool(r["win"])
            draws += bool(r["draw"])
            secs += float(r["seconds"])  # type: ignore[arg-type]
            print(
                f"{name} game {i}: {'win ' if r['win'] else 'loss'} round {r['round']} "
                f"steps {r['steps']} revealed {r['revealed']} {r['seconds']:.1f} s",
                flush=True,
            )
        lo, hi = wilson(wins, args.n)
        print(
            f"MCTS as {name}: {wins}/{args.n} = {wins / args.n:.0%} "
            f"(95% Wilson {lo:.0%}-{hi:.0%}), draws {draws}, {secs / args.n:.1f} s/game",
            flush=True,
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
