"""What a seat saw the others do (``seen_actions``), and the search that adapts to it."""

from __future__ import annotations

import pytest

import tabletop
from tabletop import Rng, State, TabletopError
from tabletop.bots import (
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    information_set,
    make_bot,
    seen_actions,
)
from tabletop.bots import ismcts as search
from tabletop.bots.determinise import iter_seen

FFA4 = {"mode": "free_for_all", "players": 4}


def played(game: str, options: object, steps: int, bots: list[object]) -> State:
    state = tabletop.load(game).new_state(seed=21, options=options)
    for _ in range(steps):
        p = state.current_player
        assert p is not None
        state.apply(bots[p].choose(state))  # type: ignore[attr-defined]
    return state


def replayed(state: State) -> list[tuple[int, State, tabletop.Action]]:
    """Each step's seat, the real state before it and its action."""
    s = state.game.new_state(seed=state.seed, options=state.options)
    out = []
    for a in state.history:
        seat = s.current_player
        assert seat is not None
        out.append((seat, s.clone(), a))
        s.apply(a)
    return out


def test_a_seat_sees_the_open_turns_but_not_the_rivals_mulligans() -> None:
    state = played("station_assault", FFA4, 70, [RandomBot(p) for p in range(4)])
    seen = seen_actions(state, 2)
    steps = replayed(state)
    want = [
        (i, seat, a) for i, (seat, _, a) in enumerate(steps) if a.kind != "mulligan" or seat == 2
    ]
    assert [(s.step, s.seat, s.action) for s in seen] == want
    assert sum(a.kind == "mulligan" for _, _, a in want) == 1  # its own
    for s in seen:
        before = steps[s.step][1]
        info = information_set(before, 2)
        assert s.before.view(2) == before.view(2) == info.view(2)
        assert s.before.zones == info.zones and s.before.determinised
    # ``start`` skips the steps before it
    late = seen_actions(state, 2, 40)
    assert [(s.step, s.action, s.before.zones) for s in late] == [
        (s.step, s.action, s.before.zones) for s in seen if s.step >= 40
    ]
    assert seen_actions(state, 2, len(state.history)) == []
    # one seat's, read one at a time
    ones = list(iter_seen(state, 2, 0, lambda seat: seat == 1))
    assert [(s.step, s.action) for s in ones] == [(s.step, s.action) for s in seen if s.seat == 1]


def test_a_resample_sees_what_its_state_saw_and_not_what_a_search_played_on_it() -> None:
    state = played("station_assault", FFA4, 50, [RandomBot(p) for p in range(4)])
    me = state.current_player
    assert me is not None
    real = seen_actions(state, me)
    for k in (1, 2):
        d = state.resample(me, Rng(k))
        for _ in range(5):  # what a search would play on it
            d.apply(d.legal_actions()[0])
        got = seen_actions(d, me)
        assert [(s.step, s.seat, s.action) for s in got] == [
            (s.step, s.seat, s.action) for s in real
        ]
        assert [s.before.zones for s in got] == [s.before.zones for s in real]


def test_a_pack_that_shows_no_rival_action_shows_a_seat_its_own() -> None:
    state = played("rebel_space", None, 60, [RandomBot(1), RandomBot(2)])
    for me in (0, 1):
        seen = seen_actions(state, me)
        want = [(i, seat, a) for i, (seat, _, a) in enumerate(replayed(state)) if seat == me]
        assert [(s.step, s.seat, s.action) for s in seen] == want and want


def test_what_cannot_be_asked() -> None:
    state = played("station_assault", FFA4, 10, [RandomBot(p) for p in range(4)])
    before = tabletop.dumps(state)
    with pytest.raises(TabletopError, match="player must be a seat from 0 to 3, not '0'"):
        seen_actions(state, "0")  # type: ignore[arg-type]
    with pytest.raises(TabletopError, match="player must be a seat from 0 to 3, not 4"):
        seen_actions(state, 4)
    for start in (-1, 1.0, True):
        with pytest.raises(TabletopError, match="start must be an int of 0 or more"):
            seen_actions(state, 0, start)  # type: ignore[arg-type]
    made = state.clone()
    made.mark_unrecorded("a position built for a test")
    with pytest.raises(TabletopError, match="seen_actions: a position built for a test"):
        seen_actions(made, 0)
    assert tabletop.dumps(state) == before


def greedy_rivals(me: int) -> list[object]:
    return [RandomBot(0) if p == me else GreedyBot(seed=p) for p in range(4)]


def test_the_adaptive_search_models_greedy_rivals_and_searches_random_ones() -> None:
    """In Station Assault's free for all of four, where the search's leaf values share the
    hands' fire by openness and the greedy bot's heuristic shares it evenly, the evidence
    is weighed by the heuristic: greedy rivals are found out, random ones are not."""
    for rivals, sign in ((greedy_rivals(0), 1), ([RandomBot(p) for p in range(4)], -1)):
        state = played("station_assault", FFA4, 60, rivals)
        while state.current_player != 0 or len(state.legal_actions()) < 2:
            p = state.current_player
            assert p is not None
            state.apply(rivals[p].choose(state))  # type: ignore[attr-defined]
        bot = ISMCTSBot(iterations=50, seed=2, opponents="adaptive")
        bot.choose(state)
        assert bot.evidence[0] == 0.0
        for p in (1, 2, 3):
            if sign > 0:
                assert bot.evidence[p] >= search.GREEDY_ODDS, bot.evidence
            else:
                assert bot.evidence[p] < 0, bot.evidence
        # a modelled decision runs its share of the iterations, a searched one all
        assert bot.last_iterations == (20 if sign > 0 else 50)
        evidence = bot.evidence[:]
        bot.choose(state)  # nothing new seen: the same evidence
        assert bot.evidence == evidence
        bot.reset(2)
        assert bot.evidence == []


def test_the_adaptive_search_reads_nothing_hidden() -> None:
    """Its evidence and choice are the same in a state and in resamples of it."""
    state = played("station_assault", FFA4, 60, greedy_rivals(0))
    while state.current_player != 0 or len(state.legal_actions()) < 3:
        p = state.current_player
        assert p is not None
        state.apply(greedy_rivals(0)[p].choose(state))  # type: ignore[attr-defined]
    states = [state, state.resample(0, Rng(1)), state.resample(0, Rng(2))]
    bots = [ISMCTSBot(iterations=40, seed=4, opponents="adaptive") for _ in states]
    choices = [b.choose(s) for b, s in zip(bots, states, strict=True)]
    assert choices[0] == choices[1] == choices[2]
    assert bots[0].evidence == bots[1].evidence == bots[2].evidence
    assert max(bots[0].evidence) >= search.GREEDY_ODDS


def test_without_rival_actions_the_adaptive_search_is_the_plain_one() -> None:
    state = played("rebel_space", None, 30, [RandomBot(1), RandomBot(2)])
    while len(state.legal_actions()) < 2:
        state.apply(RandomBot(3).choose(state))
    plain = ISMCTSBot(iterations=40, seed=6)
    adaptive = ISMCTSBot(iterations=40, seed=6, opponents="adaptive")
    assert plain.choose(state) == adaptive.choose(state) and adaptive.evidence == []


def test_the_kit_passes_the_adaptive_search() -> None:
    from tabletop.testing import check_bot

    assert (
        check_bot(
            lambda n: ISMCTSBot(iterations=20, seed=n, opponents="adaptive"),
            "station_assault",
            options=FFA4,
            positions=3,
        )
        == 3
    )


def test_station_assault_adapts_by_default_in_a_free_for_all_of_four_or_more() -> None:
    game = tabletop.load("station_assault")
    default = game.search["opponents"]
    assert callable(default)
    for options, model in (
        (None, "search"),
        ({"mode": "teams", "players": 4}, "search"),
        ({"mode": "free_for_all", "players": 3}, "search"),
        (FFA4, "adaptive"),
        ({"mode": "free_for_all", "players": 6}, "adaptive"),
    ):
        assert default(game.new_state(seed=1, options=options)) == model
    bot = make_bot("mcts:100:adaptive", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.opponents == "adaptive"
    # the spec's own model wins over the pack's default
    state = played("station_assault", FFA4, 60, greedy_rivals(0))
    while state.current_player != 0 or len(state.legal_actions()) < 2:
        p = state.current_player
        assert p is not None
        state.apply(greedy_rivals(0)[p].choose(state))  # type: ignore[attr-defined]
    searched = ISMCTSBot(iterations=30, seed=1, opponents="search")
    searched.choose(state)
    assert searched.last_iterations == 30 and searched.evidence == []
    default_bot = ISMCTSBot(iterations=30, seed=1)
    default_bot.choose(state)
    assert default_bot.last_iterations == 12 and max(default_bot.evidence) > 0


def test_the_kit_catches_a_pack_that_says_a_hidden_choice_is_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tabletop.testing import play_and_check

    game = tabletop.load("station_assault")
    play_and_check(game, FFA4, 1, 2, check_every=25)  # as it is: it passes
    monkeypatch.setattr(game.state_cls, "_action_seen", lambda self, a, seat, p: True)
    with pytest.raises(AssertionError, match=r"_action_seen tells player 1 that seat 0 took "):
        play_and_check(game, FFA4, 1, 2, check_every=25)
