"""Reading replies (tabletop.text.parse_reply): every choice's number, notation and
words name exactly that action, in any case and punctuation, in a sentence too; a
reply that names none or two choices is refused, naming the closest, and the
state is unchanged."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop import State, TabletopError, dumps
from tabletop.text import MAX_REPLY, ReplyError, choices, parse_reply

PACKS = ["rebel_space", "station_assault", "rebellion_rote"]


def random_states(name: str, games: int, every: int = 7) -> list[State]:
    """States of random games of ``name``, one every ``every`` decisions or so."""
    game = tabletop.load(name)
    out = []
    for g in range(games):
        state = game.new_state(seed=100 + g)
        rng = random.Random(g)
        while not state.is_terminal:
            if rng.randrange(every) == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def replies_for(number: int, notation: str, words: str) -> list[str]:
    """The forms a reply naming one choice may take."""
    return [
        str(number),
        f" {number}. ",
        notation,
        notation.upper(),
        words,
        words.lower(),
        words.upper() + "!",
        f"I choose: {words}.",
        f"{number}. {words}",
        f"choice {number}",
        f"{number}. {words} [{notation}]",
    ]


@pytest.mark.parametrize("name", PACKS)
def test_every_choice_reads_back(name: str) -> None:
    checked = 0
    for state in random_states(name, 1):
        opts = choices(state)
        for c in opts:
            for reply in replies_for(c.number, c.notation, c.words):
                assert parse_reply(state, reply, opts) == c.action, (state, reply)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", PACKS)
def test_two_choices_words_are_refused(name: str) -> None:
    refused = 0
    for state in random_states(name, 1, every=11):
        opts = choices(state)
        if len(opts) < 2:
            continue
        before = dumps(state)
        rng = random.Random(len(state.history))
        for _ in range(5):
            a, b = rng.sample(opts, 2)
            for reply in (f"{a.words} {b.words}", f"{a.words}, or {b.words}"):
                with pytest.raises(ReplyError) as err:
                    parse_reply(state, reply, opts)
                assert set(err.value.closest) >= {a.number, b.number}
                refused += 1
            with pytest.raises(ReplyError):
                parse_reply(state, f"choice {a.number} or choice {b.number}", opts)
        assert dumps(state) == before
    assert refused > 30


def test_refusal_names_the_closest_choices() -> None:
    state = tabletop.load("rebel_space").new_state(seed=1)
    opts = choices(state)
    assert [c.words for c in opts] == ["Draw 1 card", "Draw 2 cards"]
    with pytest.raises(ReplyError) as err:
        parse_reply(state, "draw three cards", opts)
    message = str(err.value)
    assert "names none of the 2 choices; the closest: " in message
    assert "1. Draw 1 card [draw 1]" in message and "2. Draw 2 cards [draw 2]" in message
    assert "answer with one choice's number (1 to 2)" in message.lower()
    assert isinstance(err.value, TabletopError)


@pytest.mark.parametrize(
    "reply", ["", "   ", "0", "3", "choice 9", "choice 9: Draw 1 card", "x" * (MAX_REPLY + 1)]
)
def test_nothing_or_out_of_range_is_refused(reply: str) -> None:
    state = tabletop.load("rebel_space").new_state(seed=1)
    before = dumps(state)
    with pytest.raises(ReplyError):
        parse_reply(state, reply)
    assert dumps(state) == before


def test_a_number_and_other_words_is_refused() -> None:
    state = tabletop.load("rebel_space").new_state(seed=1)
    with pytest.raises(ReplyError, match="names 2 choices"):
        parse_reply(state, "1. Draw 2 cards")
    assert parse_reply(state, "Draw 2 cards please") == state.legal_actions()[1]


def test_a_finished_game_has_nothing_to_choose() -> None:
    state = random_states("rebel_space", 1, every=10_000)
    game = tabletop.load("rebel_space").new_state(seed=100)
    rng = random.Random(0)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    del state
    with pytest.raises(ReplyError, match="nothing to choose"):
        parse_reply(game, "1")


def test_non_text_is_refused() -> None:
    state = tabletop.load("rebel_space").new_state(seed=1)
    with pytest.raises(ReplyError, match="a reply is text, not int"):
        parse_reply(state, 1)  # type: ignore[arg-type]
