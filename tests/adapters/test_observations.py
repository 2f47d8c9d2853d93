"""Every pack's observation keeps the contract (shape, float32, the same under resample)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import tabletop
import toy_pack
from tabletop.testing import check_observations

pytest.importorskip("numpy")

CASES: list[tuple[str, Any, int]] = [
    ("rebel_space", None, 400),
    ("station_assault", None, 400),
    ("station_assault", {"mode": "free_for_all", "players": 3}, 300),
    ("station_assault", {"mode": "free_for_all", "players": 5}, 200),
    ("station_assault", {"mode": "free_for_all", "players": 6}, 200),
    ("station_assault", {"mode": "teams", "players": 4}, 200),
    ("station_assault", {"mode": "teams", "players": 6}, 200),
    ("rebellion_rote", None, 300),
]


@pytest.mark.parametrize(("name", "options", "steps"), CASES)
def test_observation_invariants(name: str, options: Any, steps: int) -> None:
    game = tabletop.load(name)
    assert game.observation_shape is not None
    assert check_observations(game, options, seeds=(3,), max_steps=steps) > 10


def test_toy_pack_observation() -> None:
    assert toy_pack.GAME.observation_shape == (84,)
    assert check_observations(toy_pack.GAME, {"hand_size": 6, "values": 9}, seeds=(1, 2, 3)) > 3


def test_observation_is_float32_of_the_shape() -> None:
    import numpy as np

    game = tabletop.load("station_assault")
    state = game.new_state(seed=1, options={"mode": "free_for_all", "players": 6})
    obs = state.observation(4)
    assert obs.dtype == np.float32
    assert obs.shape == game.observation_shape
    me = game.observation.slice("me")  # type: ignore[union-attr]
    assert obs[me].tolist() == [0, 0, 0, 0, 1, 0]


def test_observation_refuses_a_bad_player() -> None:
    state = toy_pack.GAME.new_state(seed=1)
    with pytest.raises(TypeError, match="player number"):
        state.observation(None)  # type: ignore[arg-type]
    with pytest.raises(tabletop.TabletopError, match="no player 2"):
        state.observation(2)


def test_core_imports_without_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import tabletop\n"
        "g = tabletop.load('station_assault'); s = g.new_state(seed=1)\n"
        "assert len(g.observation.encode(s, 0)) == g.observation_shape[0]\n"
        "try:\n    s.observation(0)\nexcept tabletop.TabletopError as e:\n    print('ok', e)\n"
    )
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("ok observation() returns a numpy array"), out.stderr
    assert time.perf_counter() - t < 30
