"""The heuristic the search and greedy bots play for, and a small seeded check of the
search's strength (a few games; the win rates themselves are measured in batches of
hundreds of games, which take too long for a test)."""

from __future__ import annotations

import math

import pytest
from ssa_helpers import deal, new, station

from station_assault import GAME, AssaultState
from station_assault.heuristic import (
    FFA_SHARPNESS,
    HAND_WEIGHT,
    NEXT_WAVE,
    PENDING,
    _aims,
    _stats,
    expected_losses,
    heuristic,
    open_sides,
)
from station_assault.heuristic import values as search_values
from tabletop import Rng, State
from tabletop.bots import GreedyBot, ISMCTSBot, RandomBot

TEAMS = {"mode": "teams", "players": 4}
FREE_FOR_ALL = {"mode": "free_for_all", "players": 3}


def values(s: State) -> list[float]:
    return [heuristic(s, p) for p in range(s.num_players)]


def test_the_pack_plays_for_this_heuristic() -> None:
    assert GAME.heuristic is heuristic


@pytest.mark.parametrize("options", [None, FREE_FOR_ALL, TEAMS])
def test_terminal_states_score_their_returns(options: dict[str, object] | None) -> None:
    s = new(options, 3)
    rng = Rng(3)
    while not s.is_terminal:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        assert all(-1.0 <= v <= 1.0 for v in values(s))
    assert values(s) == s.returns()


def test_the_search_plays_for_the_pack_values() -> None:
    assert GAME.search["values"] is search_values


@pytest.mark.parametrize("options", [None, TEAMS])
def test_values_are_each_players_heuristic_exactly(options: dict[str, object] | None) -> None:
    """In a duel and in teams the leaf values the search asks for at once are bit for bit
    each player's heuristic."""
    s = new(options, 5)
    rng = Rng(5)
    while not s.is_terminal:
        assert search_values(s) == values(s)
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])


@pytest.mark.parametrize("players", [3, 4])
def test_free_for_all_values_share_the_hands_by_openness(players: int) -> None:
    """In a free for all the search's values are the heuristic's shares with the hands'
    fire shared by openness; ended, both are the returns."""
    s = new({"mode": "free_for_all", "players": players}, 5)
    rng = Rng(5)
    differed = 0
    while not s.is_terminal:
        v = search_values(s)
        loss = expected_losses(s, by_openness=True)
        w = [math.exp(FFA_SHARPNESS * (60 - s.lost[q] - loss[q])) for q in range(players)]
        alive = [q for q in range(players) if s.alive[q]]
        share = [
            2 * w[q] / sum(w[r] for r in alive) - 1 if s.alive[q] else -1.0 for q in range(players)
        ]
        assert v == pytest.approx(share)
        differed += v != values(s)
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert search_values(s) == values(s) == s.returns()
    assert differed > 50


def test_open_sides_count_the_sides_of_each_players_cards_with_no_card_next_to_them() -> None:
    """Stations at (0, 2), (-2, -1), (2, -1). Black's Scout north of its Station opens 3
    sides and closes 1: 6; Red's Scout at (1, 4) opens 4 (two of them, towards (0, 4) and
    (1, 3), open on Black's Scout too). A Fighter east of Black's Station closes one side
    of it and opens 3, the cell (1, 3) between it and the Scout counting twice."""
    board: tuple[tuple[object, ...], ...] = ((0, "Scout", 0, 3), (1, "Scout", 1, 4))
    s = deal({}, initiative=0, options=FREE_FOR_ALL, board=board)
    assert open_sides(s) == [6, 8, 4]
    s = deal({}, initiative=0, options=FREE_FOR_ALL, board=(*board, (0, "Fighter", 1, 2)))
    assert open_sides(s) == [8, 8, 4]


def test_the_search_finds_the_open_sides_with_the_shots() -> None:
    """``expected_losses`` counts the open sides in the pass that finds the shots: the
    same as :func:`open_sides`, along a game of four, each player's own in teams too."""
    for options in (TEAMS, {"mode": "free_for_all", "players": 4}):
        _open_sides_along_a_game(new(options, 7))


def _open_sides_along_a_game(s: AssaultState) -> None:
    rng = Rng(7)
    while not s.is_terminal:
        opened = [0] * 4
        fp, shields, worth = _stats(s.table)
        assert _aims(s, fp, shields, worth, opened) == _aims(s, fp, shields, worth)
        assert opened == open_sides(s)
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])


def test_in_a_free_for_all_the_more_open_player_is_expected_to_take_more_fire() -> None:
    """Red's and Blue's Behemoths in hand (Firepower 4: 2 Victory each against their
    enemies). The greedy bot's heuristic shares each evenly; the search's values by
    openness, Black 6 open sides, Red and Blue 4: Black 2 x 6/10 from each."""
    s = deal(
        {1: ["Behemoth"], 2: ["Behemoth"]},
        initiative=0,
        options=FREE_FOR_ALL,
        board=((0, "Scout", 0, 3),),
    )
    fire = 4 * HAND_WEIGHT
    assert open_sides(s) == [6, 4, 4]
    assert expected_losses(s) == pytest.approx([fire, fire / 2, fire / 2])
    assert expected_losses(s, by_openness=True) == pytest.approx(
        [2 * fire * 6 / 10, fire * 4 / 10, fire * 4 / 10]
    )
    assert search_values(s)[0] < heuristic(s, 0)
    assert search_values(s)[1] > heuristic(s, 1)


def test_an_even_start_is_level_and_a_duel_is_zero_sum() -> None:
    s = deal({0: ["Scout"], 1: ["Scout"]}, initiative=0)
    assert values(s) == [0.0, 0.0]
    s = deal({}, initiative=0, board=((0, "Cruiser", 1, 0, 2),))
    v = values(s)
    assert v[0] == pytest.approx(-v[1])


def test_damage_on_a_station_counts_before_it_falls() -> None:
    """10 damage on the enemy Station is 10 / 25 of its 60 Victory: 24 of the 60 needed."""
    s = deal({}, initiative=0)
    s.damage[station(1)] = 10
    assert heuristic(s, 0) == pytest.approx(24 / 60)
    assert heuristic(s, 1) == pytest.approx(-24 / 60)


def test_damage_and_score_add_up() -> None:
    s = deal({}, initiative=0, board=((1, "Cruiser", 5, 0, 2),))
    s.score = [6, 0]
    # 6 scored plus half of the Cruiser's 3 Victory
    assert heuristic(s, 0) == pytest.approx(7.5 / 60)


def test_a_ship_exposed_to_an_enemy_that_still_acts_is_worth_less() -> None:
    """An enemy Behemoth (Firepower 4) next to a Cruiser (Shields 4, Victory 3) threatens
    all its 3 Victory, at the PENDING weight while it has not acted and at NEXT_WAVE once
    it has; the Cruiser, which has acted, threatens 2 of the Behemoth's 4 next wave."""
    safe = deal({}, initiative=0, board=((0, "Cruiser", -1, 0, 0, True), (1, "Behemoth", 5, 0)))
    exposed = deal({}, initiative=0, board=((0, "Cruiser", 2, 0, 0, True), (1, "Behemoth", 2, 1)))
    later = deal(
        {}, initiative=0, board=((0, "Cruiser", 2, 0, 0, True), (1, "Behemoth", 2, 1, 0, True))
    )
    assert expected_losses(safe)[0] == 0.0
    assert expected_losses(exposed)[0] == pytest.approx(3.0 * PENDING)
    assert expected_losses(later)[0] == pytest.approx(3.0 * NEXT_WAVE)
    assert expected_losses(later)[1] == pytest.approx(2.0 * NEXT_WAVE)
    assert heuristic(safe, 0) > heuristic(later, 0) > heuristic(exposed, 0)


def test_a_shot_at_the_station_weighs_more_than_one_at_a_scout() -> None:
    """A Battleship's 3 damage on a Station is 7.2 Victory; on a Scout, 1."""
    at_station = deal({}, initiative=0, board=((0, "Battleship", 3, 0),))
    at_scout = deal({}, initiative=0, board=((0, "Battleship", 2, 2), (1, "Scout", 2, 3, 0, True)))
    assert heuristic(at_station, 0) > heuristic(at_scout, 0) > 0.0


def test_teams_count_the_whole_side() -> None:
    s = deal({}, initiative=0, options=TEAMS)
    s.damage[station(1)] = 5  # team B's first Station: 12 Victory of the 100 needed
    v = values(s)
    assert v[0] == v[2] == pytest.approx(12 / 100)
    assert v[1] == v[3] == pytest.approx(-12 / 100)


def test_free_for_all_is_the_share_of_the_chance_to_be_last_left() -> None:
    s = deal({}, initiative=0, options=FREE_FOR_ALL)
    assert values(s) == pytest.approx([2 / 3 - 1] * 3)  # an even start: a third each
    s.lost = [10, 0, 0]  # 50, 60 and 60 Victory left to lose
    e = math.exp(10 * FFA_SHARPNESS)
    assert heuristic(s, 0) == pytest.approx(2 / (1 + 2 * e) - 1)
    assert heuristic(s, 1) == pytest.approx(2 * e / (1 + 2 * e) - 1)
    s.alive[2] = False
    assert heuristic(s, 2) == -1.0
    assert heuristic(s, 1) == pytest.approx(2 * e / (1 + e) - 1)  # the one put out has no share
    s.alive[0] = False
    assert heuristic(s, 1) == 1.0  # the last left


def test_in_a_free_for_all_a_shot_at_the_strongest_rival_counts_most() -> None:
    def after(hits: list[int]) -> float:
        s = deal({}, initiative=0, options=FREE_FOR_ALL)
        s.lost = [a + b for a, b in zip([0, 10, 30], hits, strict=True)]
        return heuristic(s, 0)

    level = after([0, 0, 0])
    at_strong, at_weak, own = after([0, 5, 0]), after([0, 0, 5]), after([5, 0, 0])
    assert at_strong > at_weak > level > own


def test_a_repeated_question_about_another_state_is_not_answered_from_memory() -> None:
    a = deal({}, initiative=0)
    b = deal({}, initiative=0)
    b.damage[station(1)] = 5
    assert [heuristic(a, 0), heuristic(a, 1)] == [0.0, 0.0]
    assert heuristic(b, 1) == pytest.approx(-12 / 60)


def _play(options: dict[str, object] | None, search_side: int, seed: int, greedy: bool) -> bool:
    s = new(options, seed)
    mine = s.sides()[search_side]
    bots = {
        p: ISMCTSBot(iterations=120, seed=seed * 10 + p)
        if p in mine
        else (GreedyBot(seed=seed * 10 + p) if greedy else RandomBot(seed * 10 + p))
        for p in range(s.num_players)
    }
    while not s.is_terminal:
        assert s.current_player is not None
        s.apply(bots[s.current_player].choose(s))
    return s.returns()[mine[0]] > 0


@pytest.mark.parametrize("side", [0, 1])
def test_the_search_beats_greedy_and_random_in_a_duel(side: int) -> None:
    """Seeded, so exact: the search at 120 iterations wins each of these games from
    either seat (the batches of the docs measure the rates)."""
    assert _play(None, side, 1, greedy=True)
    assert _play(None, side, 2, greedy=False)
