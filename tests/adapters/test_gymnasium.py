"""Gymnasium's own environment checker for every pack and mode, and the env's rules."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from adapter_cases import CASES, case_id, game_named
from gymnasium.utils.env_checker import check_env

from tabletop import IllegalActionError, TabletopError
from tabletop.adapters.gymnasium import env
from tabletop.bots import RandomBot


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_check_env(case: tuple[str, dict[str, Any]]) -> None:
    name, opts = case
    e = env(game_named(name), max_steps=60, seat=1, **opts)
    with warnings.catch_warnings():
        # The observation tensors have no declared bounds (coordinates, counts).
        warnings.filterwarnings("ignore", message=".*Box observation space .*infinity")
        check_env(e, skip_render_check=True)


def _episode(e: Any, seed: int) -> tuple[list[int], float, bool]:
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    while True:
        assert e.observation_space.contains(obs)
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        taken.append(a)
        obs, reward, term, trunc, info = e.step(a)
        if term or trunc:
            return taken, reward, term


def test_masked_play_reaches_the_end_and_reproduces() -> None:
    e = env(game_named("station_assault"), seat=1, opponent="greedy")
    taken, reward, term = _episode(e, 3)
    assert term and reward in (-1.0, 0.0, 1.0)
    assert reward == e.state.returns()[1]  # type: ignore[union-attr]
    assert _episode(e, 3) == (taken, reward, term)


def test_an_illegal_id_loses_or_raises() -> None:
    e = env(game_named("rebel_space"))
    _, info = e.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.state.record()  # type: ignore[union-attr]
    _, reward, term, trunc, info = e.step(illegal)
    assert (reward, term, trunc, info["illegal"]) == (-1.0, True, False, True)
    assert e.state.record() == before  # type: ignore[union-attr]
    with pytest.raises(TabletopError, match="episode is over"):
        e.step(0)
    strict = env(game_named("rebel_space"), on_illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_action_masks_and_a_bot_factory() -> None:
    e = env(game_named("toy_duel"), opponent=lambda seed: RandomBot(seed + 1))
    _, info = e.reset(seed=2)
    assert e.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
    assert e.action_masks().sum() == len(e.state.legal_actions())  # type: ignore[union-attr]


def test_bad_arguments_are_refused() -> None:
    game = game_named("toy_duel")
    with pytest.raises(TabletopError, match="seat must be"):
        env(game, seat=2)
    with pytest.raises(TabletopError, match="unknown bot"):
        env(game, opponent="nobody")
    with pytest.raises(TabletopError, match="on_illegal"):
        env(game, on_illegal="ignore")
    with pytest.raises(TabletopError, match="no option"):
        env(game, hand=3)
