"""The heuristic the search and greedy bots play for (``rebel_space.heuristic``), and a
seeded check of the search's strength against a random player from either seat."""

from __future__ import annotations

import math

import pytest
from rs_helpers import find, play, position

from rebel_space import GAME
from rebel_space.actions import Draw
from rebel_space.heuristic import (
    CLOCK,
    GAIN,
    HAND_CAP,
    RATING_WEIGHT,
    SEARCH,
    UNDECIDED_SHARE,
    heuristic,
    pending_damage,
    threat,
)
from rebel_space.state import RebelSpaceState
from tabletop import Rng, State
from tabletop.bots import ISMCTSBot, RandomBot


def values(s: State) -> list[float]:
    return [heuristic(s, 0), heuristic(s, 1)]


def test_the_pack_plays_for_this_heuristic_and_these_settings() -> None:
    assert GAME.heuristic is heuristic
    assert GAME.search == SEARCH == {"rollout_steps": 0, "exploration": 0.35}


def test_terminal_states_score_their_returns_and_play_is_zero_sum() -> None:
    s = GAME.new_state(seed=4)
    rng = Rng(4)
    while not s.is_terminal:
        v = values(s)
        assert -1.0 < v[0] < 1.0 and v[0] == -v[1]
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert values(s) == s.returns()


def test_an_empty_table_with_equal_decks_is_level() -> None:
    s = position(deck_size={0: 30, 1: 30})
    assert values(s) == [0.0, 0.0]


def test_a_soldier_in_play_is_its_damage_and_rating() -> None:
    """A Rebel Soldier (Ground 1, Damage 1): threat 1.3; the Rebel's clock is longer by
    the factor 1 + CLOCK * 1.3."""
    s = position(zones={"active0": ["Rebel Soldier"]}, deck_size={0: 30, 1: 30})
    assert threat(s, 0) == pytest.approx(1 + RATING_WEIGHT) and threat(s, 1) == 0.0
    expected = math.tanh(GAIN * math.log(1 + CLOCK * (1 + RATING_WEIGHT)))
    assert heuristic(s, 0) == pytest.approx(expected)
    assert heuristic(s, 1) == pytest.approx(-expected)


def test_a_damaged_deck_is_worse() -> None:
    even = position(deck_size={0: 30, 1: 30})
    hit = position(deck_size={0: 27, 1: 30})
    assert heuristic(hit, 0) < heuristic(even, 0) == 0.0 < heuristic(hit, 1)


def test_units_in_play_beat_the_same_cards_in_hand() -> None:
    cards = ["Rebel Warship", "Air Speeders"]
    in_hand = position(zones={"hand0": cards}, deck_size={0: 30, 1: 30})
    in_play = position(zones={"inactive0": cards}, deck_size={0: 30, 1: 30})
    assert 0.0 < heuristic(in_hand, 0) < heuristic(in_play, 0)


def test_a_stronger_army_is_better_than_a_weaker_one() -> None:
    """The Imperial's Space Cruiser (Space 10) against two Rebel Soldiers."""
    s = position(
        zones={"active0": ["Rebel Soldier", "Rebel Soldier"], "active1": ["Space Cruiser"]},
        deck_size={0: 30, 1: 30},
    )
    assert heuristic(s, 1) > 0.0 > heuristic(s, 0)


def test_a_hero_carries_its_items_value() -> None:
    bare = position(zones={"active0": ["Princess"]}, deck_size={0: 30, 1: 30})
    armed = position(
        zones={"active0": ["Princess"]},
        attach=[("Laser Sword", "Princess")],
        deck_size={0: 30, 1: 30},
    )
    assert heuristic(armed, 0) > heuristic(bare, 0)


def test_an_attack_counts_as_it_is_declared_and_let_through() -> None:
    """Two Rebel Soldiers attack: half their damage counts while the Imperial may still
    block, all of it once let through (through the Trap window, when the block
    decisions are over), and then it is dealt."""
    s = position(
        step="attack_start",
        zones={"active0": ["Rebel Soldier", "Rebel Soldier"], "active1": ["Troopers"]},
        deck_size={0: 30, 1: 30},
    )
    seen = [heuristic(s, 0)]
    play(s, "group 0", "add 9", "add 10", "close", "attack", "pass")
    assert s.stack[-1].kind == "block_choice"
    assert pending_damage(s) == 2 * UNDECIDED_SHARE
    seen.append(heuristic(s, 0))
    play(s, "through")
    assert s.stack[-1].kind == "trap_window"  # blocks are over: the Imperial may play Trap
    assert pending_damage(s) == 2.0
    seen.append(heuristic(s, 0))
    play(s, "pass")
    assert s.stack[-1].kind == "unblocked_choice" and pending_damage(s) == 2.0
    play(s, "damage")
    assert pending_damage(s) == 0.0 and len(s.zones["deck1"]) == 28
    assert seen[0] < seen[1] < seen[2] == pytest.approx(heuristic(s, 0))


def drawn(s: RebelSpaceState, n: int) -> RebelSpaceState:
    after = s.clone()
    assert isinstance(after, RebelSpaceState)
    after.apply(Draw(n))
    return after


def on_top(s: RebelSpaceState, *names: str) -> None:
    """Put the named cards on top of the Rebel deck (drawn first: the deck's end)."""
    deck = s.zones["deck0"]
    for name in names:
        c = find(s, name, "deck0")
        deck.remove(c)
        deck.append(c)


def test_drawing_a_second_card_pays_only_while_the_hand_is_short() -> None:
    """Two Stunt Fighters on top: with an empty hand the second is worth more than the
    deck card it costs; with a hand of Warships already worth more than the cap, not."""
    short = position(step="draw", deck_size={0: 30, 1: 30})
    on_top(short, "Stunt Fighters", "Stunt Fighters")
    assert heuristic(drawn(short, 2), 0) > heuristic(drawn(short, 1), 0)
    full = position(step="draw", zones={"hand0": ["Rebel Warship"] * 5}, deck_size={0: 30, 1: 30})
    on_top(full, "Stunt Fighters", "Stunt Fighters")
    assert threat(full, 0) == HAND_CAP
    assert heuristic(drawn(full, 2), 0) < heuristic(drawn(full, 1), 0)


def game(seat: int, seed: int, iterations: int) -> float:
    s = GAME.new_state(seed=seed)
    bots = [RandomBot(100 + seed), RandomBot(200 + seed)]
    search = ISMCTSBot(iterations=iterations, seed=seed)
    while not s.is_terminal:
        cp = s.current_player
        assert cp is not None
        s.apply(search.choose(s) if cp == seat else bots[cp].choose(s))
    return s.returns()[seat]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_search_beats_a_random_player_from_either_seat(seat: int) -> None:
    """A seeded smoke test at a small budget; the strength itself is measured over
    hundreds of games a seat (``tabletop analyze rebel_space --bots mcts:N,greedy``)."""
    assert [game(seat, seed, 40) for seed in range(2)] == [1.0, 1.0]
