"""PettingZoo's own API, seed and parallel tests for every pack and mode."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from adapter_cases import CASES, case_id, game_named
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tabletop import IllegalActionError, TabletopError
from tabletop.adapters.pettingzoo import env, parallel_env

STEPS = 120


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # A dict observation with an action mask, as PettingZoo's classic games have.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        yield


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api(case: tuple[str, dict[str, Any]]) -> None:
    name, opts = case
    game = game_named(name)
    api_test(env(game, max_steps=STEPS, **opts), num_cycles=STEPS)
    seed_test(lambda: env(game, max_steps=STEPS, **opts), num_cycles=STEPS)
    parallel_api_test(parallel_env(game, max_steps=STEPS, **opts), num_cycles=STEPS)


def _play(e: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        taken.append(a)
        e.step(a)
    return taken, total


def test_a_whole_game_ends_with_the_returns() -> None:
    game = game_named("station_assault")
    e = env(game, mode="free_for_all", players=3)
    taken, total = _play(e, 5)
    state = e.library_state
    assert state is not None and state.is_terminal
    assert [total[a] for a in e.possible_agents] == state.returns()
    again = game.new_state(seed=state.seed, options=state.options)
    for a in taken:
        again.apply_id(a)
    assert again.returns() == state.returns()  # the env played exactly the library's game


def test_only_the_agent_to_act_has_a_mask() -> None:
    e = env(game_named("rebel_space"))
    e.reset(seed=1)
    s = e.library_state
    assert s is not None
    for p, agent in enumerate(e.possible_agents):
        mask = e.observe(agent)["action_mask"]
        if p == s.current_player:
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(s.legal_ids())
        else:
            assert not mask.any()
        assert np.array_equal(e.observe(agent)["observation"], s.observation(p))


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    e = env(game_named("station_assault"))
    e.reset(seed=1)
    s = e.library_state
    assert s is not None
    before = s.record()
    illegal = next(i for i in range(e.game.num_distinct_actions) if i not in s.legal_ids())
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(TabletopError, match="needs an action id"):
        e.step(None)
    assert s.record() == before


def test_a_pack_without_observation_is_refused() -> None:
    import toy_pack

    game = toy_pack.make_game("toy_no_observation", type("NoObs", (toy_pack.ToyState,), {}))
    game.observation = None
    with pytest.raises(TabletopError, match="declares no observation"):
        env(game)


def test_truncation_after_max_steps() -> None:
    e = env(game_named("rebellion_rote"), max_steps=30)
    taken, total = _play(e, 2)
    assert len(taken) == 30
    assert set(total.values()) == {0.0}
    assert all(e.truncations.values()) or not e.agents
