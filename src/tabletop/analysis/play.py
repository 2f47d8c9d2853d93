"""One game of a run, and a batch of them: the work a worker does.

A worker is given a :class:`Batch` (the run's parameters and the game
indices to play: seeds and bot specs, never a state) and returns one
JSON-able result per game. Game ``i`` of a run from ``seed`` is always
played from seed ``seed + i`` with the bot of seat ``p`` seeded from
:func:`bot_seed`, so a result depends on nothing but the batch: which
worker, process or machine plays it, and how often it is retried, changes
nothing.

The same statistics are read back from a saved record (:func:`record_result`)
by walking its actions again, so a resumed run counts a saved game exactly as
the run that played it did.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..bots.factory import make_bot
from ..model import Action
from ..state import State

__all__ = [
    "Batch",
    "GameTask",
    "bot_seed",
    "play_batch",
    "play_game",
    "played_card",
    "seat_bots",
    "seat_sides",
]


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` of a run from ``seed``."""
    return ((seed + index) * 7919 + seat) & ((1 << 63) - 1)


def seat_bots(
    bots: Sequence[str],
    num_players: int,
    index: int,
    rotate: bool,
    sides: Sequence[int] | None = None,
) -> list[str]:
    """The bot spec of each seat in game ``index``, cycled over the sides.

    ``sides[p]`` is the side seat ``p`` plays (:meth:`tabletop.State.side_of`;
    :func:`seat_sides` reads them off a state); without it every seat is a
    side of its own. Without rotation seat ``p`` has ``bots[side % len(bots)]``
    in every game; with it, game ``i`` shifts the bots by ``i`` sides, so each
    bot plays every side. The seats of one side (a team) always get the same
    bot: a side wins or loses as one, so a bot's result is its side's.
    """
    shift = index if rotate else 0
    side = list(range(num_players)) if sides is None else list(sides)
    if len(side) != num_players:
        raise ValueError(f"sides names {len(side)} seats, the game has {num_players}")
    rank = {s: k for k, s in enumerate(sorted(set(side)))}  # side ids as 0, 1, ...
    return [bots[(rank[side[p]] + shift) % len(bots)] for p in range(num_players)]


def seat_sides(state: State) -> list[int]:
    """The side of each seat of ``state`` (``[state.side_of(p) for p in seats]``)."""
    return [state.side_of(p) for p in range(state.num_players)]


@dataclass(frozen=True)
class Batch:
    """Games of one run for one worker: the run's parameters and the indices to play."""

    game: str
    options: dict[str, Any] | None
    seed: int
    indices: tuple[int, ...]
    bots: tuple[str, ...]
    max_steps: int = 5000
    rotate: bool = False
    record: bool = False
    cards: bool = True
    """Count the cards played (``analyze``); ``simulate`` does without."""


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play game ``index`` of a run (one game of a :class:`Batch`)."""

    game: str
    options: dict[str, Any] | None
    seed: int
    index: int
    bots: tuple[str, ...]
    max_steps: int = 5000
    rotate: bool = False
    record: bool = False
    cards: bool = True


def played_card(state: State, action: Action) -> str | None:
    """The name of the card the player to move plays with ``action``, or ``None``.

    The pack says it (:meth:`tabletop.State._played_card`): a card counts when
    its owner takes it from their hand into play, never when an action only
    names it (a neighbour of a placement, a target, a casualty).
    """
    name = state._played_card(action)
    return name if isinstance(name, str) and name else None


class _Observer:
    """The statistics of one game, gathered decision by decision."""

    __slots__ = (
        "cards",
        "decisions",
        "first",
        "forced",
        "last",
        "legal_sum",
        "most",
        "plays",
        "turns",
    )

    def __init__(self, num_players: int, first: int | None, cards: bool) -> None:
        self.cards = cards
        self.plays: list[dict[str, int]] = [{} for _ in range(num_players)]
        self.decisions = self.turns = self.legal_sum = self.forced = self.most = 0
        self.first = first
        self.last: int | None = None

    def see(self, state: State, player: int, action: Action) -> None:
        """Note one decision (``state`` as ``player`` chose ``action``, before it is applied)."""
        n_legal = len(state.legal_actions())
        self.legal_sum += n_legal
        self.forced += n_legal == 1
        if n_legal > self.most:
            self.most = n_legal
        if self.cards:
            name = played_card(state, action)
            if name is not None:
                mine = self.plays[player]
                mine[name] = mine.get(name, 0) + 1
        if player != self.last:
            self.turns += 1
            self.last = player
        self.decisions += 1

    def result(self, state: State, index: int, seed: int, specs: list[str]) -> dict[str, Any]:
        returns = state.returns()
        np = state.num_players
        terminal = state.is_terminal
        top = max(returns)
        draw = terminal and returns.count(top) == np
        winners = [] if not terminal or draw else [p for p in range(np) if returns[p] == top]
        return {
            "index": index,
            "seed": seed,
            "bots": specs,
            "returns": returns,
            "terminal": terminal,
            "draw": draw,
            "winners": winners,
            "first_player": self.first,
            "decisions": self.decisions,
            "turns": self.turns,
            "legal_sum": self.legal_sum,
            "forced": self.forced,
            "max_legal": self.most,
            "plays": self.plays,
        }


def play_game(task: GameTask) -> dict[str, Any]:
    """Play one game of a run; a JSON-able result (the worker's job)."""
    started = time.perf_counter()
    game = registry.load(task.game)
    index = task.index
    state = game.new_state(seed=task.seed + index, options=task.options)
    np = state.num_players
    specs = seat_bots(task.bots, np, index, task.rotate, seat_sides(state))
    bots = [make_bot(specs[p], bot_seed(task.seed, index, p)) for p in range(np)]
    seen = _Observer(np, state.current_player, task.cards and bool(game.cards))
    while not state.is_terminal and seen.decisions < task.max_steps:
        cp = state.current_player
        assert cp is not None
        action = bots[cp].choose(state)
        seen.see(state, cp, action)
        state.apply(action)
    out = seen.result(state, index, task.seed + index, specs)
    out["seconds"] = time.perf_counter() - started
    if task.record:
        record = state.record()
        record["meta"] = {"index": index, "bots": specs}
        out["record"] = record
    return out


def play_batch(batch: Batch) -> dict[str, Any]:
    """Play every game of ``batch``; ``{"worker": "host:pid", "results": [...]}``."""
    results = [
        play_game(
            GameTask(
                batch.game,
                batch.options,
                batch.seed,
                i,
                batch.bots,
                batch.max_steps,
                batch.rotate,
                batch.record,
                batch.cards,
            )
        )
        for i in batch.indices
    ]
    return {"worker": f"{socket.gethostname()}:{os.getpid()}", "results": results}


def record_result(
    state: State, index: int, seed: int, specs: list[str], cards: bool
) -> dict[str, Any]:
    """The result of a saved game, from the final state of its checked replay.

    The game is walked again from its seed through the (already checked)
    history, so every statistic is what the run that played it counted.
    """
    game = state.game
    walk = game.new_state(seed=state.seed, options=state.options)
    seen = _Observer(walk.num_players, walk.current_player, cards and bool(game.cards))
    for action in state.history:
        cp = walk.current_player
        assert cp is not None
        seen.see(walk, cp, action)
        walk.apply(action, check=False)  # legal: replay() checked every step
    out = seen.result(walk, index, seed, specs)
    out["seconds"] = None
    return out
