"""What the adapters share: the game from a name, seeds, masks, observations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import registry
from ..errors import TabletopError
from ..game import Game
from ..observation import to_array
from ..state import State

__all__ = ["agent_names", "game_of", "mask_of", "observation_of", "require_observation"]

SEED_BOUND = 1 << 31
"""Game seeds drawn by an adapter lie in ``0..SEED_BOUND - 1``."""


def game_of(game: Game | str) -> Game:
    """A :class:`~tabletop.Game`, or the installed pack of that name."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        loaded: Game = registry.load(game)
        return loaded
    raise TypeError(f"expected a Game or a pack name, not {type(game).__name__}")


def require_observation(game: Game, where: str) -> tuple[int, ...]:
    """The game's observation shape; :class:`TabletopError` when it declares none."""
    shape = game.observation_shape
    if shape is None:
        raise TabletopError(
            f"{where}: {game.name} declares no observation tensor "
            "(a pack passes Game(observation=...); see tabletop.observation)"
        )
    return shape


def check_options(game: Game, options: Mapping[str, Any]) -> Any:
    """The pack's options object (``OptionsError`` naming a bad one)."""
    return game.make_options(dict(options))


def agent_names(n: int) -> list[str]:
    """``player_0 .. player_<n-1>``: PettingZoo's agent ids for seats ``0..n-1``."""
    return [f"player_{p}" for p in range(n)]


def mask_of(state: State, size: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """An ``int8`` mask of length ``size``: 1 at the ids of the legal actions."""
    mask = np.zeros(size, dtype=np.int8)
    ids = state.legal_ids()
    if ids:
        mask[ids] = 1
    return mask


def observation_of(state: State, player: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``state.observation(player)``, without the public method's argument checks."""
    spec = state.game.observation
    assert spec is not None
    return to_array(spec.encode(state, player), spec.shape)  # type: ignore[no-any-return]
