"""OpenSpiel's own random simulation test for every pack and mode, and its ISMCTS bot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from adapter_cases import CASES, case_id, game_named

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tabletop.adapters import openspiel  # noqa: E402


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test(case: tuple[str, dict[str, Any]]) -> None:
    name, opts = case
    game = openspiel.load(game_named(name), max_steps=40, **opts)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_whole_games_of_the_toy_pack() -> None:
    game = openspiel.load(game_named("toy_duel"), hand_size=2)
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_registered_by_name_with_parameters() -> None:
    openspiel.register("station_assault")
    game = pyspiel.load_game("tabletop_station_assault(mode=free_for_all,players=5,max_steps=9)")
    assert game.num_players() == 5
    assert game.num_distinct_actions() == game_named("station_assault").num_distinct_actions
    assert game.observation_tensor_shape() == list(
        game_named("station_assault").observation_shape or ()
    )
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1024


def _after_the_deal(game: Any, seed: int) -> Any:
    state = game.new_initial_state()
    state.apply_action(seed)
    return state


def test_strings_and_tensors_hide_what_a_player_cannot_see() -> None:
    game = openspiel.load(game_named("rebel_space"), max_steps=50)
    a, b = _after_the_deal(game, 1), _after_the_deal(game, 2)
    # Different deals: different hands, so the players' own strings differ...
    assert a.information_state_string(0) != b.information_state_string(0)
    # ... but a determinisation for player 0 keeps everything player 0 knows.
    r = a.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(0) == a.information_state_string(0)
    assert r.observation_string(0) == a.observation_string(0)
    assert np.array_equal(r.observation_tensor(0), a.observation_tensor(0))
    assert r.information_state_string(1) != a.information_state_string(1)


@pytest.mark.parametrize("name", ["toy_duel", "station_assault"])
def test_openspiel_ismcts_plays(name: str) -> None:
    game = openspiel.load(game_named(name), max_steps=30)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=10,
        random_state=np.random.RandomState(2),
    )
    state = _after_the_deal(game, 3)
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.returns()) == game.num_players()
