"""Three bots of growing strength, each through the public contract alone.

The docs' "Write a bot" page shows them one by one, and the tests run this file:
each bot keeps the bot contract (``tabletop.testing.check_bot``) and plays in
a ladder. Put this folder on the Python path and name them as ``module:attr``:

    PYTHONPATH=docs/examples tabletop ladder station_assault \
        --bots random,write_a_bot:Aggressor,write_a_bot:Lookahead,write_a_bot:MonteCarlo -n 20
"""

from __future__ import annotations

# --8<-- [start:aggressor]
import random

import tabletop


class Aggressor:
    """Attack whenever it can: an action that points at something (a target with the
    role "at") is preferred; else any legal action. Works in every pack."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: tabletop.State) -> tabletop.Action:
        legal = state.legal_actions()
        attacks = [a for a in legal if any(t.role == "at" for t in state.targets(a))]
        return self.rng.choice(attacks or legal)


# --8<-- [end:aggressor]


# --8<-- [start:lookahead]
class Lookahead:
    """One move ahead: try each action on a few resamples (states that agree with what
    this seat knows, the rest dealt anew) and keep the one whose result the pack's
    heuristic likes best for this seat (the returns, when the game ends)."""

    def __init__(self, seed: int = 0, samples: int = 2) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def value(self, state: tabletop.State, me: int) -> float:
        if state.is_terminal:
            return state.returns()[me]
        heuristic = state.game.heuristic
        return heuristic(state, me) if heuristic is not None else 0.0

    def choose(self, state: tabletop.State) -> tabletop.Action:
        me = state.current_player
        assert me is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        worlds = [state.resample(me, self.rng) for _ in range(self.samples)]
        scores = []
        for action in legal:
            total = 0.0
            for world in worlds:
                after = world.clone()
                after.apply(action)
                total += self.value(after, me)
            scores.append(total + 1e-6 * self.rng.random())  # ties broken at random
        return legal[scores.index(max(scores))]


# --8<-- [end:lookahead]


# --8<-- [start:montecarlo]
class MonteCarlo(Lookahead):
    """Flat Monte Carlo: each action is played on ``playouts`` resamples, then both
    sides move at random for ``depth`` decisions, and the action with the best mean
    value for this seat is chosen. The budget is counted in playouts, so a seeded
    game replays exactly."""

    def __init__(self, seed: int = 0, playouts: int = 60, depth: int = 6) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.depth = depth

    def choose(self, state: tabletop.State) -> tabletop.Action:
        me = state.current_player
        assert me is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for i in range(self.playouts):
            k = i % len(legal)  # every action gets its share of the playouts
            world = state.resample(me, self.rng)
            world.apply(legal[k])
            for _ in range(self.depth):
                if world.is_terminal:
                    break
                world.apply(self.rng.choice(world.legal_actions()))
            totals[k] += self.value(world, me)
        counts = [len(range(k, self.playouts, len(legal))) for k in range(len(legal))]
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts)]
        return legal[means.index(max(means))]


# --8<-- [end:montecarlo]
