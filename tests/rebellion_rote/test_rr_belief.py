"""Where the Empire's search believes the hidden base is (``rebellion_rote.belief``): the
weights read only what the Empire knew when the Rebels chose, a re-drawn base is always
one the Empire cannot rule out, and the search uses the belief unless told not to."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from rr_helpers import fixed_game, new

from rebellion_rote import GAME
from rebellion_rote.actions import SystemChoice
from rebellion_rote.belief import TEMPERATURE, base_weights, belief
from rebellion_rote.data import IMPERIAL, NUM_SYSTEMS, REBEL, system_id
from rebellion_rote.decisions import ChooseBase
from rebellion_rote.events import BaseRelocated
from rebellion_rote.heuristic import Forces, assault
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState
from tabletop import Rng, State
from tabletop.bots import GreedyBot, ISMCTSBot
from tabletop.bots.determinise import Sampler, information_set


def at_choice(seed: int) -> RebellionState:
    """A game of two greedy players from ``seed``, up to the Rebels' choice of base."""
    s = new(seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while not (s.stack and isinstance(s.stack[-1], ChooseBase)):
        player = s.current_player
        assert player is not None
        s.apply(bots[player].choose(s))
    return s


def test_the_weights_are_the_assault_on_each_system_when_the_rebels_chose() -> None:
    s = at_choice(0)
    seen = information_set(s, IMPERIAL)
    assert isinstance(seen, RebellionState)
    threat = [assault(seen, x, Forces(seen)) for x in range(NUM_SYSTEMS)]
    s.apply(s.legal_actions()[0])
    weights = base_weights(s)
    assert weights is not None and len(weights) == NUM_SYSTEMS
    least = min(threat)
    for x in range(NUM_SYSTEMS):
        assert weights[x] == pytest.approx(2.718281828459045 ** ((least - threat[x]) / TEMPERATURE))
    assert max(weights) == 1.0


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_greedy_rebels_hide_the_base_where_the_belief_weighs_most(seed: int) -> None:
    """The greedy Rebels' best base is the one the Empire is least ready to take: the
    belief's heaviest system (of two equally heavy, either)."""
    s = at_choice(seed)
    choice = GreedyBot(seed + 7).choose(s)
    assert isinstance(choice, SystemChoice)
    s.apply(choice)
    weights = base_weights(s)
    assert weights is not None
    assert weights[choice.system] == 1.0


def test_the_belief_reads_only_what_the_empire_knows() -> None:
    """Two games alike but for the system the Rebels chose: the same weights, and the same
    re-drawn bases in the Empire's determinisations."""
    s = at_choice(0)
    games = []
    for a in s.legal_actions()[:2]:
        g = s.clone()
        g.apply(a)
        games.append(g)
    assert games[0].base != games[1].base
    assert base_weights(games[0]) == base_weights(games[1])
    drawn = []
    for g in games:
        info = information_set(g, IMPERIAL)
        sampler = Sampler(info, IMPERIAL, Rng(5), belief(info, IMPERIAL))
        drawn.append([sampler.sample().zones["base"][0] for _ in range(30)])
    assert drawn[0] == drawn[1]


def test_a_redrawn_base_is_one_the_empire_cannot_rule_out() -> None:
    """The first game rules out the systems with or next to Imperial units: no sample puts
    the base there, the Empire's view of every sample is its view of the game, and the
    heaviest of the systems left is drawn most."""
    s = fixed_game("Dantooine")
    info = information_set(s, IMPERIAL)
    adjust = belief(info, IMPERIAL)
    assert adjust is not None
    weights = base_weights(s)
    assert weights is not None
    allowed = {x for x in range(NUM_SYSTEMS) if s.base_mask >> x & 1}
    assert len(allowed) < NUM_SYSTEMS - 5
    sampler = Sampler(info, IMPERIAL, Rng(1), adjust)
    drawn: Counter[int] = Counter()
    for _ in range(300):
        d = sampler.sample()
        assert d.view(IMPERIAL) == info.view(IMPERIAL)
        drawn[d.zones["base"][0]] += 1
    assert set(drawn) <= allowed
    heaviest = max(allowed, key=lambda x: weights[x])
    assert drawn.most_common(1)[0][0] == heaviest


def test_no_belief_for_the_rebels_before_the_choice_without_a_record_or_after_a_move() -> None:
    s = at_choice(0)
    assert base_weights(s) is None  # not chosen yet
    assert belief(information_set(s, IMPERIAL), IMPERIAL) is None
    s.apply(s.legal_actions()[0])
    assert belief(information_set(s, REBEL), REBEL) is None  # the Rebels know their base
    assert belief(information_set(s, IMPERIAL), IMPERIAL) is not None
    moved = s.clone()
    moved.log.append(BaseRelocated(old=s.base))
    assert base_weights(moved) is None
    made = position(base="Hoth", player="Imperial")  # a hand-made position: no record
    assert base_weights(made) is None
    assert belief(information_set(made, IMPERIAL), IMPERIAL) is None
    assert system_id("Hoth") == made.base


def test_the_search_asks_the_belief_once_a_decision_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    drawn: list[int] = []

    def spy(info: State, player: int) -> Any:
        asked.append(player)
        adjust = belief(info, player)
        assert adjust is not None

        def count(d: State, rng: Rng) -> None:
            adjust(d, rng)
            drawn.append(1)

        return count

    monkeypatch.setitem(GAME.search, "belief", spy)
    s = fixed_game("Dantooine")
    s.apply(s.legal_actions()[-1])  # the Rebels pass their first assignment
    assert s.current_player == IMPERIAL
    ISMCTSBot(iterations=20, seed=1).choose(s)
    assert asked == [IMPERIAL] and len(drawn) == 20
    off = ISMCTSBot(iterations=20, seed=1, beliefs=False)
    assert repr(off) == "ISMCTSBot(iterations=20, seed=1, beliefs=False)"
    off.choose(s)
    assert asked == [IMPERIAL] and len(drawn) == 20
