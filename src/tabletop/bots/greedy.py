"""A one-ply bot on the pack's heuristic."""

from __future__ import annotations

from ..errors import TabletopError
from ..model import Action
from ..rng import Rng
from ..state import State
from .determinise import Sampler, information_set

__all__ = ["GreedyBot"]


class GreedyBot:
    """Plays the action whose result the pack's ``heuristic`` rates best for it.

    Each action is tried on ``samples`` determinisations (states consistent
    with what the bot's player knows, never the real hidden facts) and scored
    by the mean of ``heuristic(after, me)`` (the returns when the game ends).
    Ties are broken at random from the bot's seeded RNG. Without a heuristic it
    only sees wins and losses, so it plays at random otherwise.

    >>> from tabletop.bots import GreedyBot
    >>> bot = GreedyBot(seed=1)
    """

    def __init__(self, seed: int = 0, samples: int = 2) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        self.seed = seed
        self.samples = samples
        self.rng = Rng(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, samples={self.samples})"

    def choose(self, state: State) -> Action:
        me = state.current_player
        actions = state.legal_actions()
        if me is None or not actions:
            raise TabletopError("GreedyBot.choose: the game is over, there is nothing to choose")
        if len(actions) == 1:
            return actions[0]
        heuristic = state.game.heuristic
        sampler = Sampler(information_set(state, me), me, self.rng)
        scores = [0.0] * len(actions)
        for _ in range(self.samples):
            d = sampler.sample()
            for i, a in enumerate(actions):
                after = d.clone()
                after.apply(a, check=False)
                if after.is_terminal:
                    scores[i] += after.returns()[me]
                elif heuristic is not None:
                    scores[i] += heuristic(after, me)
        top = max(scores)
        best = [a for a, s in zip(actions, scores) if s >= top - 1e-9]
        return best[self.rng.below(len(best))]
