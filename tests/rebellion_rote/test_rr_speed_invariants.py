"""What the fast paths of the pack rely on, checked over random games: an idle battle
shared between clones is never written to, the one-pass counts (``Board.supply``,
``has_system``, the unit slices) agree with their plain definitions, and the search bot's
``values`` agree with ``heuristic``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from rebellion_rote import GAME
from rebellion_rote.battle import IDLE, Battle
from rebellion_rote.board import GROUND_OF, NUM_UNITS, SHIPS_OF, UNITS_OF, Board
from rebellion_rote.data import IMPERIAL, MISSIONS, NUM_LOCATIONS, REBEL, UNITS
from rebellion_rote.heuristic import heuristic, values
from rebellion_rote.rules.missions import has_system, systems_for
from rebellion_rote.rules.refresh import supply_left, supply_now
from rebellion_rote.state import RebellionState
from tabletop.bots import RandomBot

CASES: list[tuple[int, dict[str, Any] | None]] = [(3, None), (1, None), (2, {"players": 4})]


def games() -> list[tuple[int, dict[str, Any] | None]]:
    return CASES


def play(seed: int, options: dict[str, Any] | None) -> list[RebellionState]:
    """Every state of one random game, as clones (one per decision)."""
    state = GAME.new_state(seed=seed, options=options)
    assert isinstance(state, RebellionState)
    bot = RandomBot(seed)
    out: list[RebellionState] = []
    while not state.is_terminal:
        out.append(state.clone())  # type: ignore[arg-type]
        state.apply(bot.choose(state))
    out.append(state)
    return out


def plain_counts(b: Board, loc: int, side: int) -> tuple[bool, bool, bool, int, int, int]:
    """``has_units``, ``has_ground``, ``has_ships`` and the three ``count`` of ``side`` at
    ``loc``, by their definitions."""
    row = b.units[loc]
    return (
        any(row[u] for u in UNITS_OF[side]),
        any(row[u] for u in GROUND_OF[side]),
        any(row[u] for u in SHIPS_OF[side]),
        sum(row[u] for u in UNITS_OF[side]),
        sum(row[u] for u in GROUND_OF[side]),
        sum(row[u] for u in SHIPS_OF[side]),
    )


@pytest.mark.parametrize(("seed", "options"), games())
def test_idle_battle_is_shared_and_never_written(seed: int, options: dict[str, Any] | None) -> None:
    state = GAME.new_state(seed=seed, options=options)
    assert isinstance(state, RebellionState)
    bot = RandomBot(seed)
    idle_seen = combat_seen = 0
    while not state.is_terminal:
        copy = state.clone()
        assert isinstance(copy, RebellionState)
        if state.battle.system < 0:
            idle_seen += 1
            assert copy.battle is state.battle
            assert state.battle == Battle()
        else:
            combat_seen += 1
            assert copy.battle is not state.battle
            assert copy.battle == state.battle
        action = bot.choose(state)
        copy.apply(action)  # the clone plays on: the original's idle battle stays as it was
        assert state.battle.system >= 0 or state.battle == Battle()
        state.apply(action)
        assert state.battle.system >= 0 or state.battle == Battle()
    assert idle_seen > 100
    assert combat_seen > 10


@pytest.mark.parametrize(("seed", "options"), games())
def test_fast_counts_agree_with_their_definitions(
    seed: int, options: dict[str, Any] | None
) -> None:
    for s in play(seed, options)[::5]:
        b = s.board
        for loc in range(NUM_LOCATIONS):
            for side in (REBEL, IMPERIAL):
                fast = (
                    b.has_units(loc, side),
                    b.has_ground(loc, side),
                    b.has_ships(loc, side),
                    b.count(loc, side),
                    b.count(loc, side, "ground"),
                    b.count(loc, side, "space"),
                )
                assert fast == plain_counts(b, loc, side)
        assert b.supply() == [b.in_supply(u) for u in range(NUM_UNITS)]
        for u in range(NUM_UNITS):
            used = sum(row[u] for row in b.units) + sum(q.count(u) for q in b.queue)
            assert b.in_supply(u) == UNITS[u].supply - used
        for p in (REBEL, IMPERIAL):
            assert supply_now(s, p) == [supply_left(s, p, u) for u in range(NUM_UNITS)]
        for m in MISSIONS:
            assert has_system(s, m) == bool(systems_for(s, m))


@pytest.mark.parametrize(("seed", "options"), games())
def test_values_are_the_heuristic_of_every_seat(seed: int, options: dict[str, Any] | None) -> None:
    assert GAME.search["values"] is values
    for s in play(seed, options)[::9]:
        assert values(s) == [heuristic(s, p) for p in range(s.num_players)]


@pytest.mark.parametrize(("seed", "options"), games())
def test_loads_share_the_idle_battle_and_play_on_exactly(
    seed: int, options: dict[str, Any] | None
) -> None:
    """A trusted load reads an idle battle back as the pack's shared one (``IDLE``, named in
    ``Game.shared_on_load``) and a battle under way as one of its own; a loaded state plays
    the rest of the game exactly as the state it was read from did, through its combats,
    and leaves ``IDLE`` as it was."""
    states = play(seed, options)
    final = tabletop.dumps(states[-1])
    shared = own = 0
    for s in states[::11]:
        back = tabletop.loads(tabletop.dumps(s), trusted=True)
        assert isinstance(back, RebellionState)
        assert back.battle == s.battle
        if s.battle.system < 0:
            assert back.battle is IDLE
            shared += 1
        else:
            assert back.battle is not IDLE and back.battle is not s.battle
            own += 1
        for action in states[-1].history[len(s.history) :]:
            back.apply(action)
        assert tabletop.dumps(back) == final
        assert Battle() == IDLE
    assert shared > 5 and own > 0


@pytest.mark.parametrize(
    ("field", "value"),
    [("revealed", 0), ("reroll_used", 0.0), ("system", -1.0), ("first", [-1.0, -1])],
)
@pytest.mark.parametrize("trusted", [True, False])
def test_a_battle_equal_but_not_exactly_idle_is_refused(
    field: str, value: Any, trusted: bool
) -> None:
    """An idle battle's data with a number for a bool, or a float for an int, equals the
    shared one in Python (``0 == False == 0.0``) but is not its data: the load refuses it,
    as it refuses a wrong type anywhere else."""
    s = GAME.new_state(seed=1)
    doc = json.loads(tabletop.dumps(s))
    assert doc["state"]["battle"][field] == value  # equal in Python...
    doc["state"]["battle"][field] = value
    with pytest.raises(tabletop.TabletopError):  # ...and still refused
        tabletop.loads(json.dumps(doc), trusted=trusted)
    back = tabletop.loads(tabletop.dumps(s), trusted=trusted)  # the exact data loads
    assert back.battle is IDLE if trusted else back.battle == IDLE  # (a safe load replays)
