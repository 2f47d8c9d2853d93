"""PettingZoo environments for any pack: turn-based AEC, and a parallel wrapper.

>>> from tabletop.adapters.pettingzoo import env                 # doctest: +SKIP
>>> e = env("station_assault", mode="free_for_all", players=3)   # doctest: +SKIP
>>> e.reset(seed=1)                                              # doctest: +SKIP
>>> for agent in e.agent_iter():                                 # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0 .. player_<n-1>`` (seat ``p`` is ``player_p``). Each
observation is a dict: ``observation``, the pack's float32 tensor for that
seat (``state.observation(p)``), and ``action_mask``, an int8 mask over the
game's fixed action-id space (``game.num_distinct_actions``): the legal ids
for the agent to move, all zeros for the others. Actions are ids
(``game.decode``). An illegal id raises :class:`~tabletop.IllegalActionError`
and changes nothing. Rewards come at the end: each seat's ``returns()``
(win 1, loss -1, draw 0). ``max_steps`` truncates a game after that many
decisions (a long Rebellion game has about 500).

The agent to act is whoever the rules say decides now (``current_player``),
so one seat may act several times in a row, and a seat put out of a
free-for-all is never selected again until the end.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from ..errors import TabletopError
from ..game import Game
from ..state import State
from ._common import (
    SEED_BOUND,
    agent_names,
    check_options,
    game_of,
    mask_of,
    observation_of,
    require_observation,
)

__all__ = ["TabletopAECEnv", "TabletopParallelEnv", "env", "parallel_env"]


def env(
    game: Game | str,
    *,
    max_steps: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> TabletopAECEnv:
    """An AEC environment of ``game`` (a Game or a pack name) with these game options."""
    return TabletopAECEnv(game, options, max_steps=max_steps, render_mode=render_mode)


def parallel_env(
    game: Game | str,
    *,
    max_steps: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> TabletopParallelEnv:
    """A parallel environment of ``game``: see :class:`TabletopParallelEnv`."""
    return TabletopParallelEnv(game, options, max_steps=max_steps, render_mode=render_mode)


class _Table:
    """The game, the options, the spaces and the seeded state behind both APIs."""

    def __init__(
        self, game: Game | str, options: dict[str, Any], max_steps: int | None, where: str
    ) -> None:
        self.game = game_of(game)
        self.shape = require_observation(self.game, where)
        self.options = check_options(self.game, options)
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise TabletopError(f"{where}: max_steps must be a positive int or None")
        self.max_steps = max_steps
        self.n = self.game.num_players(self.options)
        self.size = self.game.num_distinct_actions
        self.agents = agent_names(self.n)
        self.index = {a: p for p, a in enumerate(self.agents)}
        self.obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=-np.inf, high=np.inf, shape=self.shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(
                    low=0, high=1, shape=(self.size,), dtype=np.int8
                ),
            }
        )
        self.act_space = gymnasium.spaces.Discrete(self.size)
        self.np_random, _ = seeding.np_random()
        self.state: State | None = None
        self.steps = 0

    def new_game(self, seed: int | None) -> State:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(SEED_BOUND))
        self.state = self.game.new_state(seed=game_seed, options=self.options)
        self.steps = 0
        return self.state

    def observe(self, player: int) -> dict[str, Any]:
        s = self.state
        assert s is not None, "call reset() first"
        if s.current_player == player:
            mask = mask_of(s, self.size)
        else:
            mask = np.zeros(self.size, dtype=np.int8)
        return {"observation": observation_of(s, player), "action_mask": mask}

    def play(self, action: Any) -> None:
        """Apply action id ``action`` (any int type numpy or Python gives)."""
        s = self.state
        assert s is not None, "call reset() first"
        if isinstance(action, np.integer):
            action = int(action)
        s.apply_id(action)
        self.steps += 1

    @property
    def truncated(self) -> bool:
        s = self.state
        return (
            s is not None
            and not s.is_terminal
            and self.max_steps is not None
            and self.steps >= self.max_steps
        )

    def render(self, mode: str | None) -> str | None:
        if mode is None or self.state is None:
            return None
        text = self.state.render(None)
        if mode == "human":
            print(text)
            return None
        return text


class TabletopAECEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """A pack as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabletop", "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str,
        options: dict[str, Any] | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._t = _Table(game, options or {}, max_steps, "pettingzoo env")
        if render_mode not in (None, "ansi", "human"):
            raise TabletopError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabletop_{self._t.game.name}"}
        self.possible_agents: list[str] = list(self._t.agents)
        self.agents: list[str] = []

    @property
    def game(self) -> Game:
        return self._t.game

    @property
    def library_state(self) -> State | None:
        """The library state behind the environment (all of it: do not show it to agents)."""
        return self._t.state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._t.obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._t.act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._t.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select(state)

    def _select(self, state: State) -> None:
        cp = state.current_player
        if cp is not None:
            self.agent_selection = self.possible_agents[cp]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._t.observe(self._t.index[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TabletopError(f"{agent} is to act: step() needs an action id, not None")
        self._t.play(action)
        state = self._t.state
        assert state is not None
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal:
            ret = state.returns()
            self.rewards = {a: ret[p] for p, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self._t.truncated:
                self.truncations = dict.fromkeys(self.agents, True)
        self._select(state)
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self._t.render(self.render_mode)

    def close(self) -> None:
        pass


class TabletopParallelEnv(ParallelEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """The same games through PettingZoo's parallel API.

    None of our games has truly simultaneous moves at the library's level:
    the core takes the choices made "at once" on the table (a mulligan, a face-down
    card) one after the other, each hidden from the others until all are in.
    So each parallel step has one acting agent, ``infos[agent]["active_agent"]``:
    its action is played, the others' (anything, or absent) are ignored, and
    their ``action_mask`` is all zeros. This fits trainers that step every agent
    together (MAPPO-style); a game with real simultaneity would need the core
    to give several players a decision at once, which the contract does not do.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "tabletop_parallel"}

    def __init__(
        self,
        game: Game | str,
        options: dict[str, Any] | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._t = _Table(game, options or {}, max_steps, "pettingzoo parallel_env")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabletop_{self._t.game.name}_parallel"}
        self.possible_agents: list[str] = list(self._t.agents)
        self.agents: list[str] = []

    @property
    def game(self) -> Game:
        return self._t.game

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._t.obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._t.act_space

    def _infos(self, state: State) -> dict[str, dict[str, Any]]:
        cp = state.current_player
        active = None if cp is None else self.possible_agents[cp]
        return {a: {"active_agent": active} for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        state = self._t.new_game(seed)
        self.agents = list(self.possible_agents)
        obs = {a: self._t.observe(p) for p, a in enumerate(self.agents)}
        return obs, self._infos(state)

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self._t.state
        if state is None or not self.agents:
            return {}, {}, {}, {}, {}
        cp = state.current_player
        assert cp is not None
        agent = self.possible_agents[cp]
        if actions.get(agent) is None:
            raise TabletopError(f"{agent} is to act: actions[{agent!r}] must be an action id")
        self._t.play(actions[agent])
        agents = self.agents
        obs = {a: self._t.observe(self._t.index[a]) for a in agents}
        infos = self._infos(state)
        if state.is_terminal:
            ret = state.returns()
            rewards = {a: ret[self._t.index[a]] for a in agents}
            terms = dict.fromkeys(agents, True)
            truncs = dict.fromkeys(agents, False)
            self.agents = []
        else:
            rewards = dict.fromkeys(agents, 0.0)
            terms = dict.fromkeys(agents, False)
            truncs = dict.fromkeys(agents, self._t.truncated)
            if self._t.truncated:
                self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | None:
        return self._t.render(self.render_mode)

    def close(self) -> None:
        pass
