"""Words over random games (issue 25): what a player reads (prompts, choices, the log,
the lobby's options) has no rule ids, no Python values, no snake_case, right plurals,
and no two choices of one decision read the same."""

from __future__ import annotations

import pytest

from station_assault import GAME
from tabletop.bots import RandomBot
from words_check import bad_words

OPTIONS = [
    None,
    {"mode": "free_for_all", "players": 3},
    {"mode": "teams", "players": 4},
    {"anchor": "friendly", "max_waves": 3},
]


@pytest.mark.parametrize("index", range(len(OPTIONS)))
def test_random_games_read_as_words(index: int) -> None:
    options = OPTIONS[index]
    problems: list[str] = []
    for seed in (1, 2):
        state = GAME.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        steps = 0
        while not state.is_terminal and steps < 1500:
            problems += bad_words(state.prompt)
            texts = [state.describe(a) for a in state.legal_actions()]
            for t in texts:
                problems += bad_words(t)
            if len(set(texts)) != len(texts):
                problems.append(f"two choices read the same: {texts}")
            state.apply(bot.choose(state))
            steps += 1
        problems += bad_words(state.prompt)
        for p in [None, *range(state.num_players)]:
            view = state.view(p)
            for ev in view["log"]:
                problems += bad_words(ev["text"])
            for info in view["cards"].values():
                problems += bad_words(info["text"])
    assert problems[:10] == []


def test_the_lobby_reads_as_words() -> None:
    problems: list[str] = []
    for entry in GAME.options_schema():
        for text in [entry["help"], entry["label"], *entry.get("choice_labels", ())]:
            problems += bad_words(text)
        labels = entry.get("choice_labels", [])
        assert len(set(labels)) == len(labels)
    assert problems == []
    schema = {e["name"]: e for e in GAME.options_schema()}
    assert schema["mode"]["choice_labels"] == [
        "Duel (2 players)",
        "Free for all (2-6 players)",
        "Teams (2 vs 2 or 3 vs 3)",
    ]
    assert schema["anchor"]["label"] == "Where ships go"
    import attrs

    from station_assault import Options

    rulings = {f.name: f.metadata.get("ruling") for f in attrs.fields(Options)}
    assert rulings["mode"] == "SSA-14"  # kept for the docs
