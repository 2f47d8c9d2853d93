"""The search bot in the Rebellion pack: the heuristic properties its play rests on (a hidden
base is worth more to the Rebels than the same base revealed), and a seeded game it wins.

The measured strength (win rates per side and mode, base found, reputation play) is
``benchmarks/rebellion_strength.py``; these tests pin only what is quick to check."""

from __future__ import annotations

import pytest

from rebellion_rote import GAME
from rebellion_rote.actions import RevealBase
from rebellion_rote.data import IMPERIAL, REBEL
from rebellion_rote.heuristic import (
    SEARCH_LEAD,
    W_ASSAULT,
    W_REVEALED,
    assault,
    candidates,
    empire_value,
    heuristic,
    hidden_hunt,
    search,
)
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState
from tabletop.bots import ISMCTSBot, RandomBot
from tabletop.bots.base import Bot


def far_base() -> RebellionState:
    """The Rebels to move, their base hidden at Hoth with four Rebel Troopers, far from the
    Empire's two task forces in the middle of the galaxy (Malastare, Kashyyyk), which stand
    near most of the systems the base may be in."""
    units = {
        "Malastare": {"Star Destroyer": 1, "Stormtrooper": 2},
        "Kashyyyk": {"Star Destroyer": 1, "Stormtrooper": 2},
        "Rebel Base": {"Rebel Trooper": 1},
        "Hoth": {"Rebel Trooper": 4},
    }
    return position(base="Hoth", player="Rebel", units=units)


def test_hidden_hunt_counts_the_candidates_at_most_a_little_above_the_base() -> None:
    assert hidden_hunt(0.4, 0.3) == pytest.approx(0.35)
    assert hidden_hunt(0.4, 0.4 + SEARCH_LEAD) == pytest.approx(0.4 + SEARCH_LEAD / 2)
    assert hidden_hunt(0.2, 0.9) == pytest.approx(0.2 + SEARCH_LEAD / 2)


def test_revealing_a_far_base_raises_the_empires_value() -> None:
    """The Empire stands nearer the other candidates than the base: uncapped, with the bonus
    for a revealed base at 0.05, the hidden base would read as the less safe. Revealing it
    raises the Empire's value by at least W_REVEALED / 2."""
    s = far_base()
    on_base, on_candidates = assault(s, s.base), search(s, candidates(s))
    assert 0.5 * (on_base + on_candidates) > on_base + 0.05 / W_ASSAULT  # uncapped, 0.05
    before = empire_value(s)
    s.apply(RevealBase())
    assert s.board.base_revealed
    assert empire_value(s) >= before + W_REVEALED / 2 - 1e-9


def test_revealing_the_base_never_helps_the_rebels_in_random_games() -> None:
    """Wherever the Rebels may reveal their base in five random games, revealing it raises
    the Empire's value."""
    checked = 0
    for seed in range(5):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        assert isinstance(s, RebellionState)
        while not s.is_terminal and not s.board.base_revealed:
            if s.current_player == REBEL and RevealBase() in s.legal_actions():
                revealed = s.clone()
                revealed.apply(RevealBase())
                assert heuristic(revealed, IMPERIAL) > heuristic(s, IMPERIAL)
                checked += 1
            s.apply(bot.choose(s))
    assert checked >= 10


def test_the_search_rebels_keep_a_far_base_hidden() -> None:
    """At 75 iterations a decision (the measured budget) the search Rebels pass rather than
    reveal the far base (with the search term uncapped they revealed it for every seed)."""
    s = far_base()
    for seed in range(3):
        assert not isinstance(ISMCTSBot(iterations=75, seed=seed).choose(s), RevealBase)


def test_the_search_empire_beats_random_rebels_in_a_seeded_game() -> None:
    """A smoke test of strength: seed 9, the search Empire at 30 iterations a decision takes
    the Rebel base in round 2 against random Rebels (seeds 0 to 11 all end in its win, by
    round 6; random Rebels hide the base anywhere, so the Empire's belief, which looks
    first where a player would hide it, does not help it here)."""
    s = GAME.new_state(seed=9)
    assert isinstance(s, RebellionState)
    bots: list[Bot] = [RandomBot(9), ISMCTSBot(iterations=30, seed=9)]
    while not s.is_terminal:
        player = s.current_player
        assert player is not None
        s.apply(bots[player].choose(s))
    assert s.returns() == [-1.0, 1.0]
    assert s.round == 2 and s.board.base_revealed
    assert s.log[-1].kind == "game_over"
