"""Bots: the API, reproducibility, no peeking at hidden information, strength."""

from __future__ import annotations

import time

import pytest

import tabletop
import toy_pack
from tabletop import Rng, State, TabletopError
from tabletop.bots import (
    BOT_NAMES,
    Bot,
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    information_set,
    make_bot,
)
from tabletop.bots.ismcts import _modelled_reply, _Node

PACKS = ["station_assault", "rebel_space"]


STEPS = {"toy_duel": 3, "station_assault": 25, "rebel_space": 25}


def advance(state: State, steps: int, seed: int = 1, min_choices: int = 3) -> State:
    """Play ``steps`` random decisions (never conceding), then on to a real choice."""
    rng = Rng(seed)

    def step() -> None:
        actions = [a for a in state.legal_actions() if a.kind != "concede"]
        state.apply(actions[rng.below(len(actions))])

    for _ in range(min(steps, STEPS.get(state.game.name, steps))):
        step()
    while len(state.legal_actions()) < min_choices and not state.is_terminal:
        step()
    assert not state.is_terminal
    return state


def test_make_bot_specs() -> None:
    assert BOT_NAMES == ("random", "greedy", "mcts")
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    mcts = make_bot("mcts", 1)
    assert isinstance(mcts, ISMCTSBot) and mcts.iterations == 200 and mcts.time_s is None
    many = make_bot(" MCTS:500 ", 1)
    assert isinstance(many, ISMCTSBot) and many.iterations == 500
    timed = make_bot("mcts:0.05s", 1)
    assert isinstance(timed, ISMCTSBot) and timed.time_s == 0.05 and timed.iterations is None
    for bot in (mcts, many, timed, make_bot("greedy", 2)):
        assert isinstance(bot, Bot)
    with pytest.raises(TabletopError, match="unknown bot 'genius'"):
        make_bot("genius", 1)
    with pytest.raises(TabletopError, match=r"mcts:N"):
        make_bot("mcts:lots", 1)
    modelled = make_bot("mcts:150:greedy", 1)
    assert isinstance(modelled, ISMCTSBot)
    assert (modelled.iterations, modelled.opponents) == (150, "greedy")
    assert repr(modelled) == "ISMCTSBot(iterations=150, seed=1, opponents='greedy')"
    timed_search = make_bot("MCTS:0.05s:search", 1)
    assert isinstance(timed_search, ISMCTSBot)
    assert (timed_search.time_s, timed_search.opponents) == (0.05, "search")
    assert mcts.opponents is None  # the pack's default
    for bad in ("mcts:150:minimax", "mcts:150:", "mcts::greedy", "mcts:0:greedy"):
        with pytest.raises(TabletopError, match=r"mcts:200:greedy"):
            make_bot(bad, 1)


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError, match="time_s"):
        ISMCTSBot(time_s=0)
    assert ISMCTSBot().iterations == 200
    with pytest.raises(
        ValueError, match="opponents must be one of search, greedy, adaptive, got 'minimax'"
    ):
        ISMCTSBot(opponents="minimax")
    assert repr(ISMCTSBot(iterations=5, seed=3)) == "ISMCTSBot(iterations=5, seed=3)"


def test_a_finished_game_has_nothing_to_choose() -> None:
    state = toy_pack.GAME.new_state(seed=1)
    state.apply(toy_pack.Concede())
    for bot in (ISMCTSBot(iterations=5), GreedyBot()):
        with pytest.raises(TabletopError, match="game is over"):
            bot.choose(state)


def test_a_forced_decision_is_answered_without_search() -> None:
    state = toy_pack.GAME.new_state(seed=1, options={"hand_size": 1})
    state.apply(state.legal_actions()[0])  # North chooses; South holds one card
    bot = ISMCTSBot(iterations=50)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations == 50  # two actions: choose or concede
    state = advance(tabletop.load("rebel_space").new_state(seed=2), 0, min_choices=1)
    while len(state.legal_actions()) != 1:
        state.apply(RandomBot(3).choose(state))
    assert bot.choose(state) == state.legal_actions()[0] and bot.last_iterations == 0


@pytest.mark.parametrize("game", ["toy_pack:GAME", *PACKS])
def test_same_seed_same_choices(game: str) -> None:
    state = advance(tabletop.load(game).new_state(seed=5), 20)
    for make in (
        lambda: ISMCTSBot(iterations=40, seed=9),
        lambda: ISMCTSBot(iterations=40, seed=9, opponents="greedy"),
        lambda: GreedyBot(seed=9),
    ):
        a, b = make(), make()
        assert [a.choose(state) for _ in range(3)] == [b.choose(state) for _ in range(3)]
    assert state.history == advance(tabletop.load(game).new_state(seed=5), 20).history


@pytest.mark.parametrize("game", ["toy_pack:GAME", *PACKS])
def test_bots_never_read_hidden_information(game: str) -> None:
    """Two states that differ only in what the player cannot see: same choice."""
    real = advance(tabletop.load(game).new_state(seed=11), 25)
    me = real.current_player
    assert me is not None
    states = [real, real.resample(me, Rng(1)), real.resample(me, Rng(2))]
    hidden = [{n: s.zones[n] for n, z in s.layout.items() if not z.visible_to(me)} for s in states]
    assert hidden[1] != hidden[2], "the swap must change some hidden fact"
    assert states[1].rng != states[2].rng
    assert states[1].view(me) == states[2].view(me) == real.view(me)
    for make in (
        lambda: ISMCTSBot(iterations=60, seed=4),
        lambda: ISMCTSBot(iterations=60, seed=4, opponents="greedy"),
        lambda: GreedyBot(seed=4),
        lambda: RandomBot(4),
    ):
        choices = [make().choose(s) for s in states]
        assert choices[0] == choices[1] == choices[2], choices
    infos = [tabletop.dumps(information_set(s, me)) for s in states[1:]]
    assert infos[0] == infos[1]


def test_the_bot_leaves_the_real_state_alone() -> None:
    state = advance(tabletop.load("rebel_space").new_state(seed=3), 30)
    before = tabletop.dumps(state)
    ISMCTSBot(iterations=30, seed=1).choose(state)
    GreedyBot(seed=1).choose(state)
    assert tabletop.dumps(state) == before


def test_a_time_budget_stops_in_time() -> None:
    state = advance(tabletop.load("station_assault").new_state(seed=4), 10)
    bot = ISMCTSBot(time_s=0.05, seed=1)
    started = time.perf_counter()
    assert bot.choose(state) in state.legal_actions()
    assert time.perf_counter() - started < 0.5
    assert bot.last_iterations >= 1


def test_mcts_plays_more_than_two_players() -> None:
    game = tabletop.load("station_assault")
    state = game.new_state(seed=2, options={"mode": "free_for_all", "players": 3})
    bots: list[Bot] = [ISMCTSBot(iterations=15, seed=p) for p in range(3)]
    for _ in range(40):
        cp = state.current_player
        assert cp is not None
        state.apply(bots[cp].choose(state))


def play(game: str, bots: list[Bot], seed: int, options: object = None) -> list[float]:
    state = tabletop.load(game).new_state(seed=seed, options=options)
    while not state.is_terminal:
        cp = state.current_player
        assert cp is not None
        state.apply(bots[cp].choose(state))
    return state.returns()


def test_mcts_beats_random_at_numbers_duel() -> None:
    wins = 0
    for i in range(20):
        seat = i % 2
        bots: list[Bot] = [RandomBot(100 + i), RandomBot(200 + i)]
        bots[seat] = ISMCTSBot(iterations=60, seed=i)
        wins += play("toy_pack:GAME", bots, seed=i)[seat] > 0
    assert wins >= 16


@pytest.mark.parametrize(("game", "seat"), [(g, seat) for g in PACKS for seat in (0, 1)])
def test_mcts_beats_random_in_every_pack_from_either_seat(game: str, seat: int) -> None:
    wins = 0
    for seed in (20, 21, 22):
        bots: list[Bot] = [RandomBot(7), RandomBot(8)]
        bots[seat] = ISMCTSBot(iterations=25, seed=1)
        wins += play(game, bots, seed=seed)[seat] == 1.0
    assert wins >= 2, f"{game}: the search bot at 25 iterations won {wins} of 3 from seat {seat}"


@pytest.mark.parametrize("game", PACKS)
def test_greedy_mostly_beats_random(game: str) -> None:
    wins = 0
    for i in range(4):
        bots: list[Bot] = [RandomBot(10 + i), RandomBot(20 + i)]
        bots[i % 2] = GreedyBot(seed=i)
        wins += play(game, bots, seed=30 + i)[i % 2] == 1.0
    assert wins >= 3


def test_normalised_search_is_legal_and_reproducible() -> None:
    state = advance(tabletop.load("rebel_space").new_state(seed=6), 25)
    choices = [ISMCTSBot(iterations=40, seed=2, normalise=True).choose(state) for _ in range(2)]
    assert choices[0] == choices[1] and choices[0] in state.legal_actions()


def modelled(d: State, node: _Node, rival: int) -> tuple[tabletop.Action, bool]:
    """``_modelled_reply`` at ``node``: the reply, and whether it is new to the tree."""
    legal = d._legal_list()
    found = list(map(node.children.get, legal))
    game = d.game
    reply, child = _modelled_reply(d, node, legal, found, rival, game.heuristic)
    assert child is None or child is node.children[reply]
    return reply, child is None


def test_a_modelled_rival_plays_its_greedy_reply_scored_once() -> None:
    """``opponents="greedy"``: at a rival's node the reply is the one the pack's heuristic
    rates best for that rival after it, as the greedy bot rates it (not the search's
    ``values``, which in a free for all of Station Assault look further), each reply
    scored once and kept on the node."""
    game = tabletop.load("station_assault")
    d = advance(game.new_state(seed=3, options={"mode": "free_for_all", "players": 3}), 25)
    rival = d.current_player
    assert rival is not None
    legal = d.legal_actions()
    assert len(legal) > 2

    def value(a: tabletop.Action) -> float:
        after = d.clone()
        after.apply(a)
        return game.heuristic(after, rival) if game.heuristic else 0.0

    scores = [value(a) for a in legal]
    best = legal[scores.index(max(scores))]  # the first of the best, in legal order
    node = _Node(rival)
    reply, new = modelled(d, node, rival)
    assert (reply, new) == (best, True)
    assert node.scores == dict(zip(legal, scores, strict=True))
    node.children[reply] = _Node(rival)
    node.scores = {a: -5.0 for a in legal}  # no reply is scored again while one is kept
    assert modelled(d, node, rival) == (best, False)
    node.children = {}
    reply, new = modelled(d, node, rival)
    assert new and node.scores == {a: -5.0 for a in legal} and reply == legal[0]


def test_a_modelled_search_plays_its_own_decisions_and_needs_a_value() -> None:
    state = advance(tabletop.load("station_assault").new_state(seed=8), 25)
    bot = ISMCTSBot(iterations=60, seed=3, opponents="greedy")
    assert bot.choose(state) in state.legal_actions() and bot.last_iterations == 60
    # without the pack's value there is nothing to model the rivals by: they are searched
    plain = ISMCTSBot(iterations=60, seed=3, use_heuristic=False)
    modelled = ISMCTSBot(iterations=60, seed=3, use_heuristic=False, opponents="greedy")
    assert plain.choose(state) == modelled.choose(state)
