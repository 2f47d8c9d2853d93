"""What the pack keeps to be fast stays true: the sorted frontier, the grid's few holes,
the lists clones share, the shared decision instances and the side of each card."""

from __future__ import annotations

from typing import Any

import pytest
from ssa_helpers import deal, new

from station_assault.actions import TO_FLAT, To
from station_assault.decisions import (
    CHOOSE_SHIP,
    ChooseDestination,
    ChooseShip,
    ChooseTarget,
    choose_destination,
    choose_target,
)
from station_assault.rules.grid import DELTA, anchor_of, front_order, rebuild_front
from station_assault.ships import CARDS_PER_DECK
from station_assault.state import AssaultState
from tabletop import Action, Rng

MODES: list[dict[str, Any] | None] = [
    None,
    {"anchor": "friendly"},
    {"mode": "free_for_all", "players": 4},
    {"mode": "teams", "players": 4},
]


def scanned_destinations(s: AssaultState, card: int, from_hand: bool) -> list[Action]:
    """The ``any``-anchor destinations worked out from the frontier alone, as the pack did
    before it kept the frontier sorted: every cell next to a card in play, named by its
    lowest-id neighbour other than the mover, in (anchor, side) order."""
    codes = [v for v in s.front.values() if from_hand or v >> 2 != card]
    if not from_hand:
        here = s.pos[card]
        for d in DELTA:
            v = s.front.get(here + d)
            if v is not None and v >> 2 == card:
                v = anchor_of(s, here + d, card)
                if v >= 0:
                    codes.append(v)
    return [TO_FLAT[v] for v in sorted(codes)]


def assert_order_in_step(s: AssaultState) -> None:
    order = s.front_order
    if order is not None:
        codes, moves = order
        assert codes == sorted(s.front.values())
        assert moves == [TO_FLAT[v] for v in codes]


def play_checking(options: dict[str, Any] | None, seed: int) -> int:
    """Play a random game, checking the kept frontier and the destinations at each step
    and, every few steps, that a clone's moves leave the original untouched."""
    s = new(options, seed)
    rng = Rng(seed)
    steps = 0
    while not s.is_terminal:
        assert s.front == rebuild_front(s)
        assert_order_in_step(s)
        top = s.stack[-1]
        if isinstance(top, ChooseDestination) and s.options.anchor == "any":
            got = [a for a in s.legal_actions() if isinstance(a, To)]
            assert got == scanned_destinations(s, top.card, top.from_hand)
        if steps % 5 == 0:
            before = (dict(s.front), list(s.front_order[0]) if s.front_order else None)
            alive, mulligan, score, lost = s.alive[:], s.mulligan[:], s.score[:], s.lost[:]
            grid = dict(s.grid)
            c = s.clone()
            assert isinstance(c, AssaultState)
            # the clone copied the grid at once: few holes in both, the same cells in order
            assert 2 * s.grid_holes <= len(s.grid) and 2 * c.grid_holes <= len(c.grid)
            assert list(s.grid.items()) == list(c.grid.items()) == list(grid.items())
            # and the frontier (remade without its holes first when it has many)
            assert 2 * s.front_holes <= len(s.front) and 2 * c.front_holes <= len(c.front)
            assert list(s.front.items()) == list(c.front.items()) == list(before[0].items())
            for _ in range(6):
                if c.is_terminal:
                    break
                acts = c.legal_actions()
                c.apply(acts[rng.below(len(acts))])
                assert_order_in_step(c)
            assert (dict(s.front), list(s.front_order[0]) if s.front_order else None) == before
            assert (s.alive, s.mulligan, s.score, s.lost) == (alive, mulligan, score, lost)
            assert_order_in_step(s)
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        steps += 1
    return steps


@pytest.mark.parametrize("options", MODES)
def test_the_sorted_frontier_stays_in_step_with_the_frontier(
    options: dict[str, Any] | None,
) -> None:
    assert play_checking(options, 3) > 100


def test_a_position_sorts_its_frontier_afresh() -> None:
    """A position sets the frontier anew: the sorted copy is made from it when first asked."""
    s = deal({0: ["Fighter"]}, initiative=0, board=((0, "Fighter", 1, 0), (1, "Fighter", 3, 0)))
    assert s.front_order is None or s.front_order[0] == sorted(s.front.values())
    codes, moves = front_order(s)
    assert codes == sorted(rebuild_front(s).values())
    assert moves == [TO_FLAT[v] for v in codes]


def test_a_free_for_all_elimination_in_a_clone_leaves_the_original_in() -> None:
    """``alive`` is shared by clones and replaced when a player goes out."""
    options = {"mode": "free_for_all", "players": 3}
    for seed in range(40):
        s = new(options, seed)
        rng = Rng(seed)
        while not s.is_terminal and all(s.alive):
            before = s.clone()
            assert isinstance(before, AssaultState)
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
            if not all(s.alive):
                assert all(before.alive)
                return
    raise AssertionError("no player went out in 40 games")


def test_the_mulligan_answers_of_a_clone_are_its_own() -> None:
    s = new(None, 1)
    c = s.clone()
    assert isinstance(c, AssaultState)
    c.apply(c.legal_actions()[1])  # mulligan
    assert c.mulligan[0] == 1 and s.mulligan == [-1, -1]
    r = c.resample(1, Rng(2))
    assert isinstance(r, AssaultState)
    assert c.mulligan[0] == 1 and r.mulligan[0] in (0, 1)


def test_shared_decisions_equal_new_ones() -> None:
    for p in range(6):
        assert CHOOSE_SHIP[p] == ChooseShip(player=p)
    for card in (0, 1, CARDS_PER_DECK + 7, 5 * CARDS_PER_DECK + 54):
        p = card // CARDS_PER_DECK
        for from_hand in (False, True):
            d = choose_destination(p, card, from_hand)
            assert d == ChooseDestination(player=p, card=card, from_hand=from_hand)
            assert d is choose_destination(p, card, from_hand)
        assert choose_target(p, card) == ChooseTarget(player=p, card=card)
    assert choose_target(1, 3) == ChooseTarget(player=1, card=3)  # not the owner: made anew
    assert choose_destination(1, 3, True) == ChooseDestination(player=1, card=3, from_hand=True)


@pytest.mark.parametrize("options", MODES)
def test_each_card_has_its_owners_side(options: dict[str, Any] | None) -> None:
    s = new(options, 0)
    side = s.card_side
    assert len(side) == s.num_players * CARDS_PER_DECK
    assert all(side[c] == s.team[c // CARDS_PER_DECK] for c in range(len(side)))
    c = s.clone()
    assert isinstance(c, AssaultState)
    assert c.card_side == side


def test_to_hashes_like_an_equal_to() -> None:
    assert hash(To(12, 3)) == hash(To(card=12, side=3))
    assert {To(12, 3): 1}[TO_FLAT[12 << 2 | 3]] == 1
