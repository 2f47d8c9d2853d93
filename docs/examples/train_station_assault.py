"""Train a masked linear-softmax policy on Space Station Assault, numpy only.

REINFORCE with a running baseline: the policy scores each legal action id
``a`` as ``W[a] . [x, 1]``, where ``x`` is the part of the pack's observation
tensor before the per-card planes (seats, scores, Speed, the hand by ship
type: ``game.observation.slice`` names them), samples
from the softmax of the legal ones only (the action mask), and after each
game moves ``W`` towards the choices of won games and away from those of
lost ones. It plays through the Gymnasium adapter, one seat against the
random bot (seats alternate), and prints its win rate against random every
``--eval-every`` seconds::

    python docs/examples/train_station_assault.py --seconds 180

A test runs it for a few seconds (tests/adapters/test_examples.py).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from tabletop.adapters.gymnasium import env


class LinearPolicy:
    """Softmax over the legal action ids of ``W[a] . [obs, 1]``."""

    def __init__(self, actions: int, features: int, seed: int) -> None:
        self.w = np.zeros((actions, features + 1), dtype=np.float32)
        self.rng = np.random.default_rng(seed)

    def probs(self, obs: Any, legal: Any) -> tuple[Any, Any]:
        x = np.append(obs[: self.w.shape[1] - 1], np.float32(1.0))
        logits = self.w[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        return p, x

    def act(self, obs: Any, mask: Any, greedy: bool = False) -> tuple[int, Any]:
        legal = np.flatnonzero(mask)
        p, x = self.probs(obs, legal)
        k = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, p, k, x)

    def update(self, trace: list[Any], advantage: float, lr: float) -> None:
        """One REINFORCE step: grad log pi(a) = (onehot(a) - p) outer x, on the legal rows."""
        for legal, p, k, x in trace:
            g = -p
            g[k] += 1.0
            self.w[legal] += (lr * advantage) * np.outer(g, x).astype(np.float32)


def play(policy: LinearPolicy, e: Any, seed: int, greedy: bool = False) -> tuple[float, list[Any]]:
    """One game of the env's seat; returns the seat's result and the decisions."""
    obs, info = e.reset(seed=seed)
    trace = []
    while True:
        action, step = policy.act(obs, info["action_mask"], greedy)
        trace.append(step)
        obs, reward, term, trunc, info = e.step(action)
        if term or trunc:
            return float(reward), trace


def win_rate(policy: LinearPolicy, envs: list[Any], games: int, seed: int) -> float:
    """Wins (draws half) over ``games`` games against random, seats alternating."""
    score = 0.0
    for g in range(games):
        result, _ = play(policy, envs[g % 2], seed + g)
        score += (result + 1) / 2
    return score / games


def train(seconds: float, eval_every: float, eval_games: int, lr: float, seed: int) -> list[Any]:
    envs = [env("station_assault", seat=s, opponent="random") for s in (0, 1)]
    spec = envs[0].game.observation
    features = spec.offsets["in_play"]  # the slices before the per-card planes
    policy = LinearPolicy(envs[0].action_space.n, features, seed)
    curve = []
    baseline = 0.0
    episodes = 0
    start = time.perf_counter()
    next_eval = 0.0
    while True:
        elapsed = time.perf_counter() - start
        if elapsed >= next_eval:
            rate = win_rate(policy, envs, eval_games, seed=10**6)
            curve.append({"seconds": round(elapsed, 1), "episodes": episodes, "win_rate": rate})
            print(json.dumps(curve[-1]), flush=True)
            next_eval += eval_every
            if elapsed >= seconds:
                return curve
        result, trace = play(policy, envs[episodes % 2], seed + episodes)
        policy.update(trace, result - baseline, lr / max(1, len(trace)) ** 0.5)
        baseline += 0.02 * (result - baseline)
        episodes += 1


def main(argv: list[str] | None = None) -> list[Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=180.0, help="training time")
    ap.add_argument("--eval-every", type=float, default=20.0, help="seconds between evaluations")
    ap.add_argument("--eval-games", type=int, default=100, help="games per evaluation")
    ap.add_argument("--lr", type=float, default=0.05, help="learning rate")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    return train(args.seconds, args.eval_every, args.eval_games, args.lr, args.seed)


if __name__ == "__main__":
    main()
