"""A seat's observation in words (tabletop.text): its parts, its two lengths, and
that it leaks nothing: re-dealing every hidden fact leaves it identical.

The leak check counts observations: a few hundred per pack in the quick
hypothesis profile, 10,000 per pack in the thorough one (``make thorough``),
teammates of the team games included.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import settings

import tabletop
from tabletop import Rng, State
from tabletop.text import SeatText, observation, rules_sheet, rules_text, table_lines

PACKS = ["rebel_space", "station_assault", "rebellion_rote"]
CONFIGS = [
    ("rebel_space", None),
    ("station_assault", None),
    ("station_assault", {"mode": "teams", "players": 4}),
    ("rebellion_rote", None),
    ("rebellion_rote", {"players": 4}),
]


def leak_budget() -> int:
    """Observations checked per configuration: 10,000 thorough, 150 quick."""
    return 10_000 if settings().max_examples >= 300 else 150


def check_leaks(name: str, options: dict[str, object] | None, budget: int, seed: int) -> int:
    """Play random games of ``name`` and check ``budget`` observations: each seat's
    text (full or compact, with the seat's own memory of its last look) is the same
    in a resample for that seat. Returns the number checked."""
    game = tabletop.load(name)
    rng = random.Random(seed)
    checked = 0
    game_seed = seed
    while checked < budget:
        state = game.new_state(seed=game_seed, options=options)
        game_seed += 1
        seats = {p: SeatText(p) for p in range(state.num_players)}
        while checked < budget:
            if rng.random() < 0.25 or state.is_terminal:
                p = rng.randrange(state.num_players)
                checked += _check_one(state, seats[p], rng)
            if state.is_terminal:
                break
            cp = state.current_player
            assert cp is not None
            seats[cp].observe(state)
            seats[cp].decided(state)
            state.apply(rng.choice(state.legal_actions()))
    return checked


def _check_one(state: State, seat: SeatText, rng: random.Random) -> int:
    compact = rng.random() < 0.5
    p = seat.seat
    args = {"since": seat.since, "compact": compact, "previous": seat.shown}
    seen = observation(state, p, **args)  # type: ignore[arg-type]
    other = state.resample(p, Rng(rng.getrandbits(64)))
    again = observation(other, p, **args)  # type: ignore[arg-type]
    assert again == seen, (
        f"{state.game.name} step {len(state.history)} seat {p}: the observation changed when "
        f"what the seat cannot see was re-dealt:\n{_first_difference(seen, again)}"
    )
    return 1


def _first_difference(a: str, b: str) -> str:
    for x, y in zip(a.splitlines(), b.splitlines()):
        if x != y:
            return f"seen:       {x}\nresampled:  {y}"
    return "(one is longer)"


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_observation_leaks_nothing(name: str, options: dict[str, object] | None) -> None:
    budget = leak_budget()
    assert check_leaks(name, options, budget, seed=11) == budget


@pytest.fixture(params=PACKS)
def midgame(request: pytest.FixtureRequest) -> State:
    game = tabletop.load(request.param)
    state: State = game.new_state(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_full_observation_has_every_part(midgame: State) -> None:
    state = midgame
    seat = state.current_player
    assert seat is not None
    text = observation(state, seat)
    name = state.player_name(seat)
    assert text.startswith(f"== {state.game.title}: you are {name} (seat {seat});")
    assert rules_sheet(state.game, state.options) in text
    assert "\n".join(table_lines(state, seat)) in text
    assert "Since your last decision:" in text
    assert f"Your decision: {state.prompt}" in text
    for i, a in enumerate(state.legal_actions(), start=1):
        assert f"\n{i}. {state.describe(a)} [{a.notation()}]\n" in text
    assert text.rstrip().endswith("its notation (in brackets) or its words.")


def test_other_seat_waits(midgame: State) -> None:
    state = midgame
    other = next(p for p in range(state.num_players) if p != state.current_player)
    text = observation(state, other)
    assert f"Waiting: {state.prompt} ({state.player_name(state.current_player)} decides" in text  # type: ignore[arg-type]
    assert "Your decision:" not in text and "\n1. " not in text


def test_own_cards_come_with_their_texts_and_others_as_counts() -> None:
    state = tabletop.load("rebel_space").new_state(seed=2)
    text = observation(state, 0)
    hand = state.view(0)["zones"]["hand0"]["cards"]
    facts = state.view(0)["cards"]
    for c in hand:
        assert f"#{c}" in text and facts[str(c)]["text"] in text
    assert "Hidden from you (card counts): you: deck " in text
    assert "Imperial: deck " in text and ", hand 5" in text
    for c in state.zones["hand1"]:
        assert f"#{c} " not in text.split("Hidden from you")[1]


def test_compact_keeps_what_changed(midgame: State) -> None:
    state = midgame
    seat = state.current_player
    assert seat is not None
    memory = SeatText(seat)
    full = memory.observe(state)
    assert rules_sheet(state.game, state.options) in full
    again = memory.observe(state)
    assert rules_sheet(state.game, state.options) not in again
    assert "The table: unchanged since your last look." in again
    assert len(again) < len(full)
    assert memory.observe(state, full=True) == full


def test_events_since_the_last_decision_come_from_the_seat_log_view() -> None:
    state = tabletop.load("station_assault").new_state(seed=1)
    memory = SeatText(0)
    rng = random.Random(1)
    while state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    memory.observe(state)
    memory.decided(state)
    mark = len(state.log)
    state.apply(state.legal_actions()[0])
    while state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    text = memory.observe(state)
    told = [e["text"] for e in state.log_view(0, mark)]
    assert told and "Since your last decision:\n" + "\n".join(f"- {t}" for t in told) in text


def test_rules_sheet_says_the_pack_facts() -> None:
    game = tabletop.load("rebellion_rote")
    sheet = rules_sheet(game)
    assert sheet.startswith(f"# {game.title} (rules pack rebellion_rote {game.version})")
    assert game.description.strip() in sheet
    for phase in game.phases:
        assert f"- {phase.name}: {phase.description.strip()}" in sheet
    first, last = game.rulings[0].id, game.rulings[-1].id
    assert f"{len(game.rulings)} rulings ({first} to {last}) say how this game plays" in sheet
    assert "Options of this game" not in sheet
    four = rules_sheet(game, {"players": 4})
    assert "Options of this game (not the printed rules): " in four
    full = rules_text(game, full=True)
    assert all(f"- {r.id} {r.title}: " in full for r in game.rulings)
    assert all(f"## Cards: {name}" in full for name in game.cards)


def test_teammates_share_their_side_view() -> None:
    state = tabletop.load("rebellion_rote").new_state(seed=3, options={"players": 4})
    mates = state.sides()[0]
    assert len(mates) == 2
    text = observation(state, mates[1], compact=True)
    assert f"Your team: {state.player_name(mates[0])} (seat {mates[0]})" in text


def test_the_agents_page_shows_a_whole_observation_and_its_example_runs() -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "agents.md").read_text("utf-8")
    shown = re.search(r"^```text\n(.*?)^```$", page, flags=re.S | re.M)
    assert shown is not None
    text = shown.group(1)
    assert text.startswith(
        "== Star Wars: Rebellion with Rise of the Empire: you are Rebel (seat 0);"
    )
    for part in (
        "\nThe table:\n",
        "\nYour cards (only your side sees them):\n",
        "\nHidden from you (card counts): ",
        "\nSince your last decision:\n",
        "\nYour decision: Rebel: ",
    ):
        assert part in text
    assert text.rstrip().endswith("its notation (in brackets) or its words.")
    # The page shows today's words: when a pack's words change, print the observation
    # again (python3 docs/examples/agents_observation.py) and paste it in.
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "agents_observation",
        Path(__file__).resolve().parents[1] / "docs/examples/agents_observation.py",
    )
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert text == example.rebel_command_turn(), "docs/agents.md shows a stale observation"
    block = re.findall(r"^```python\n(.*?)^```$", page, flags=re.S | re.M)[0]
    exec(compile(block, "docs/agents.md", "exec"), {"__name__": "docs_example"})


def test_a_pack_adds_its_own_words_through_hooks() -> None:
    import attrs

    from toy_pack import ToyState, make_game

    @attrs.define(kw_only=True, slots=True, eq=False)
    class WordyState(ToyState):
        def _text_table(self, seat: int) -> str:
            return f"A small table, seen by seat {seat}."

        @staticmethod
        def _text_sheet() -> str:
            return "Read the table left to right."

    game = make_game("toy_wordy", WordyState)
    state = game.new_state(seed=1)
    text = observation(state, 0)
    assert "The table:\nA small table, seen by seat 0.\n" in text
    assert rules_sheet(game).endswith("Read the table left to right.")
