"""A Gymnasium environment for any pack: one seat learns, bots play the others.

>>> from tabletop.adapters.gymnasium import env                  # doctest: +SKIP
>>> e = env("station_assault", seat=0, opponent="random")         # doctest: +SKIP
>>> obs, info = e.reset(seed=1)                                   # doctest: +SKIP
>>> obs, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))  # doctest: +SKIP

The observation is the pack's float32 tensor for the learning seat
(``state.observation(seat)``); the action space is ``Discrete(game.num_distinct_actions)``,
and the legal ids are given as an int8 mask, in ``info["action_mask"]`` and
by :meth:`TabletopGymEnv.action_masks` (the method masked trainers, such as
sb3-contrib's MaskablePPO, call). After the seat's action the other seats
play, by the opponent bot, until the seat is to decide again or the game
is over. The reward comes at the end: the seat's ``returns()`` (win 1, loss -1,
draw 0).

``opponent`` is a bot spec of :func:`tabletop.bots.factory.make_bot`
(``"random"``, ``"greedy"``, ``"mcts:50"``) or a function ``seed -> bot``;
each reset makes new bots seeded from the environment's RNG, so
``reset(seed=s)`` replays exactly. ``on_illegal`` says what an action id
that is not legal now does: ``"lose"`` (the default, what an unmasked
learner needs) ends the episode with reward -1 and ``info["illegal"]`` True,
leaving the game as it was; ``"raise"`` raises
:class:`~tabletop.IllegalActionError`. ``max_steps`` truncates after that
many decisions of the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from ..bots.base import Bot
from ..bots.factory import make_bot
from ..errors import IllegalActionError, TabletopError
from ..game import Game
from ..state import State
from ._common import (
    SEED_BOUND,
    check_options,
    game_of,
    mask_of,
    observation_of,
    require_observation,
)

__all__ = ["TabletopGymEnv", "env"]

Opponent = str | Callable[[int], Bot]


def env(
    game: Game | str,
    *,
    seat: int = 0,
    opponent: Opponent = "random",
    max_steps: int | None = None,
    on_illegal: str = "lose",
    render_mode: str | None = None,
    **options: Any,
) -> TabletopGymEnv:
    """A single-agent environment of ``game`` (a Game or a pack name) with these options."""
    return TabletopGymEnv(
        game,
        options,
        seat=seat,
        opponent=opponent,
        max_steps=max_steps,
        on_illegal=on_illegal,
        render_mode=render_mode,
    )


class TabletopGymEnv(gymnasium.Env[Any, Any]):
    """One seat of a pack against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: Game | str,
        options: dict[str, Any] | None = None,
        *,
        seat: int = 0,
        opponent: Opponent = "random",
        max_steps: int | None = None,
        on_illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        self.game = game_of(game)
        shape = require_observation(self.game, "gymnasium env")
        self.options = check_options(self.game, options or {})
        n = self.game.num_players(self.options)
        if type(seat) is not int or not 0 <= seat < n:
            raise TabletopError(f"gymnasium env: seat must be an int 0..{n - 1}, not {seat!r}")
        if on_illegal not in ("lose", "raise"):
            raise TabletopError(f"on_illegal must be 'lose' or 'raise', not {on_illegal!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise TabletopError("gymnasium env: max_steps must be a positive int or None")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise TabletopError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if isinstance(opponent, str):
            make_bot(opponent, 0)  # a bad spec fails now, clearly
        self.seat = seat
        self.num_players = n
        self.opponent = opponent
        self.max_steps = max_steps
        self.on_illegal = on_illegal
        self.render_mode = render_mode
        self.size = self.game.num_distinct_actions
        self.observation_space = gymnasium.spaces.Box(
            low=-np.inf, high=np.inf, shape=shape, dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.size)
        self.state: State | None = None
        self._bots: list[Bot] = []
        self._steps = 0
        self._done = True
        self._mask = np.zeros(self.size, dtype=np.int8)

    def _bot(self, seed: int) -> Bot:
        if isinstance(self.opponent, str):
            return make_bot(self.opponent, seed)
        return self.opponent(seed)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new_state(seed=int(rng.integers(SEED_BOUND)), options=self.options)
        self._bots = [self._bot(int(rng.integers(SEED_BOUND))) for _ in range(self.num_players)]
        self._steps = 0
        self._done = False
        self._others()
        return self._observe(), self._info()

    def _others(self) -> None:
        """The bots play until the seat decides or the game ends."""
        s = self.state
        assert s is not None
        while not s.is_terminal and s.current_player != self.seat:
            cp = s.current_player
            assert cp is not None
            s.apply(self._bots[cp].choose(s), check=False)

    def _observe(self) -> Any:
        assert self.state is not None
        return observation_of(self.state, self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        s = self.state
        assert s is not None
        if s.is_terminal or s.current_player != self.seat:
            self._mask = np.zeros(self.size, dtype=np.int8)
        else:
            self._mask = mask_of(s, self.size)
        return {"action_mask": self._mask, **extra}

    def action_masks(self) -> Any:
        """The legal ids now, as a bool array (what masked trainers ask for)."""
        return self._mask.astype(bool)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        s = self.state
        if s is None:
            raise TabletopError("call reset() before step()")
        if self._done:
            raise TabletopError("the episode is over: call reset()")
        if isinstance(action, np.integer):
            action = int(action)
        try:
            s.apply_id(action)
        except IllegalActionError:
            if self.on_illegal == "raise":
                raise
            self._done = True
            info = self._info(illegal=True)
            return self._observe(), -1.0, True, False, info
        self._steps += 1
        self._others()
        terminated = s.is_terminal
        reward = s.returns()[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._done = terminated or truncated
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None or self.state is None:
            return None
        text = self.state.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
