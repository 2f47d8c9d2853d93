"""OpenSpiel: any pack as a pyspiel Python game.

>>> import pyspiel                                             # doctest: +SKIP
>>> from tabletop.adapters import openspiel                    # doctest: +SKIP
>>> game = openspiel.load("station_assault", max_steps=300)    # doctest: +SKIP
>>> pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)  # doctest: +SKIP

:func:`register` registers a pack under ``tabletop_<name>``, after which
``pyspiel.load_game("tabletop_station_assault(players=3,mode=free_for_all)")``
works too: the game parameters are the pack's options of a plain type (int,
float, bool, str), with the printed defaults, plus:

* ``seeds`` (default 1024): the game starts at one explicit chance node that
  draws the game's seed uniformly from ``0..seeds-1``; after it every chance
  event (shuffles, dice) follows from that seed, so the game is sequential,
  imperfect information, with explicit chance (``EXPLICIT_STOCHASTIC``) and
  every algorithm sees exact probabilities;
* ``max_steps`` (default 0, no cap): a game still running after that many
  decisions ends as a draw (returns 0), to keep long games bounded.

Actions are the pack's action ids (``game.num_distinct_actions``). The
information-state string of a player is their view (``state.view(p)``, the
filtered log included) and the ids of their own past actions, so it has
perfect recall and shows nothing hidden; the observation string is the view
without the log; the observation tensor is the pack's
(``state.observation(p)``). ``resample_from_infostate`` re-deals what the
player cannot see (``state.resample``), so OpenSpiel's ISMCTS runs on it.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np
import pyspiel

from ..errors import TabletopError
from ..game import Game
from ..observation import to_array
from ..rng import Rng
from ..state import State
from ._common import game_of, require_observation

__all__ = ["load", "register", "short_name"]

SEEDS = 1024
_REGISTERED: dict[str, Game] = {}


def short_name(game: Game | str) -> str:
    """The pyspiel name of a pack: ``tabletop_<name>``."""
    return f"tabletop_{game_of(game).name}"


def _plain_options(game: Game) -> dict[str, Any]:
    """The options whose defaults are pyspiel parameter types, with their defaults."""
    out: dict[str, Any] = {}
    cls = game.options_cls
    if attrs.has(cls):
        for f in attrs.fields(cls):
            d = f.default
            if isinstance(d, attrs.Factory):  # type: ignore[arg-type]
                continue
            if type(d) in (int, float, bool, str) and not f.metadata.get("path"):
                out[f.name] = d
    return out


def register(game: Game | str) -> str:
    """Register the pack with pyspiel (once); return its short name."""
    g = game_of(game)
    require_observation(g, "openspiel")
    name = short_name(g)
    if name in _REGISTERED:
        return name
    params = {**_plain_options(g), "seeds": SEEDS, "max_steps": 0}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{g.title} (tabletop)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    # A class, as OpenSpiel's own Python games register (a closure here crashes
    # the interpreter at exit, when the registry drops it after Python is gone).
    factory = type(f"_Game_{g.name}", (_Game,), {"tt_game": g, "tt_type": game_type})
    pyspiel.register_game(game_type, factory)
    _REGISTERED[name] = g
    return name


def load(game: Game | str, **params: Any) -> Any:
    """The pack as a ``pyspiel.Game`` with these parameters (registering it first)."""
    name = register(game)
    return pyspiel.load_game(name, params)


class _Game(pyspiel.Game):  # type: ignore[misc]
    tt_game: Game
    tt_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.tt_game
        game_type = self.tt_type
        params = params or {}
        plain = _plain_options(game)
        merged = {**plain, "seeds": SEEDS, "max_steps": 0, **params}
        options = game.make_options({k: merged[k] for k in plain})
        seeds, max_steps = merged["seeds"], merged["max_steps"]
        if type(seeds) is not int or type(max_steps) is not int or seeds < 1 or max_steps < 0:
            raise TabletopError("openspiel: seeds must be an int >= 1 and max_steps an int >= 0")
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=seeds,
            num_players=game.num_players(options),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=1 + (max_steps or 100_000),
        )
        super().__init__(game_type, info, merged)
        # (attributes only after the pybind11 base is initialised)
        self.tt_options = options
        self.seeds = seeds
        self.max_steps = max_steps

    def new_initial_state(self) -> _State:
        return _State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.tt_game, perfect_recall)


class _Held:
    """The library state inside a pyspiel state; deep copies are cheap clones."""

    __slots__ = ("game", "legal", "legal_at", "mine", "state")

    def __init__(self, game: _Game, state: State | None, mine: list[list[int]]) -> None:
        self.game = game  # shared by copies, never deep-copied
        self.state = state
        self.mine = mine  # per player: step << 20 | id of each of their own actions
        self.legal: list[int] = []  # the sorted legal ids at step legal_at
        self.legal_at = -1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(
            self.game,
            None if self.state is None else self.state.clone(),
            [m[:] for m in self.mine],
        )


class _State(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self.held = _Held(game, None, [[] for _ in range(game.num_players())])

    # ------------------------------------------------------------ pyspiel API
    def current_player(self) -> int:
        s = self.held.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        cp = s.current_player
        assert cp is not None
        return cp

    def _over(self) -> bool:
        s = self.held.state
        if s is None:
            return False
        if s.is_terminal:
            return True
        return self.held.game.max_steps > 0 and len(s.history) >= self.held.game.max_steps

    def _legal_actions(self, player: int) -> list[int]:
        held = self.held
        s = held.state
        assert s is not None
        step = len(s.history)
        if held.legal_at != step:  # pyspiel asks again to check each applied action
            held.legal = sorted(s.legal_ids())
            held.legal_at = step
        return held.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.held.game.seeds
        return [(i, p) for i in range(self.held.game.seeds)]

    def _apply_action(self, action: int) -> None:
        held = self.held
        if held.state is None:
            held.state = self.held.game.tt_game.new_state(
                seed=int(action), options=self.held.game.tt_options
            )
            return
        s = held.state
        cp = s.current_player
        assert cp is not None
        held.mine[cp].append(len(s.history) << 20 | action)
        s.apply_id(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self.held.game.tt_game.decode(int(action)).notation())

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        s = self.held.state
        if s is None:
            return [0.0] * self.held.game.num_players()
        return s.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """A state of ``player_id``'s information set: what they cannot see re-dealt."""
        new: _State = self.clone()
        s = new.held.state
        if s is not None:
            seed = int(probability_sampler() * (1 << 62)) ^ len(s.history)
            new.held.state = s.resample(player_id, Rng(seed))
            new.held.legal_at = -1
        return new

    def __str__(self) -> str:
        s = self.held.state
        if s is None:
            return "(seed not drawn)"
        return s.render(None)


class _Observer:
    """pyspiel's PyObserver: the pack's observation tensor, the view as strings."""

    def __init__(self, game: Game, perfect_recall: bool) -> None:
        shape = require_observation(game, "openspiel")
        self.perfect_recall = perfect_recall
        spec = game.observation
        assert spec is not None
        self.spec = spec
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: _State, player: int) -> None:
        s = state.held.state
        if s is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = to_array(self.spec.encode(s, player), self.tensor.shape)

    def string_from(self, state: _State, player: int) -> str:
        s = state.held.state
        if s is None:
            return f"p{player} before the deal"
        v = s.view(player)
        if not self.perfect_recall:
            v.pop("log", None)
            return json.dumps(v, sort_keys=True, separators=(",", ":"))
        mine = state.held.mine[player]
        return json.dumps([v, mine], sort_keys=True, separators=(",", ":"))
