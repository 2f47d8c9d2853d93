"""Words over random games (issue 25): what a player reads (prompts, choices, the log,
the lobby's options) has no rule ids, no Python values, no snake_case, right plurals,
and no two choices of one decision read the same."""

from __future__ import annotations

import pytest

from rebel_space import GAME
from tabletop.bots import RandomBot
from words_check import bad_words

OPTIONS = [
    None,
    {"tie_destroys_both": False, "ion_cannon_may_hold": False, "rebel_base_may_attack": False},
    {"starting_hand": 12, "deploy_points": 6, "hand_limit": 4},
]


@pytest.mark.parametrize("index", range(len(OPTIONS)))
def test_random_games_read_as_words(index: int) -> None:
    options = OPTIONS[index]
    problems: list[str] = []
    for seed in range(1, 7):
        state = GAME.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        steps = 0
        while not state.is_terminal and steps < 1500:
            problems += bad_words(state.prompt)
            problems += bad_words(state.view(None, log=False)["state"]["step_text"])
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
    assert schema["tie_destroys_both"]["label"] == "A tie destroys both groups"
    assert schema["tie_destroys_both"]["help"] == (
        "On: when two battle groups tie, both are destroyed (as printed). "
        "Off: a tie destroys nothing."
    )
    import attrs

    from rebel_space import RebelSpaceOptions

    rulings = {f.name: f.metadata.get("ruling") for f in attrs.fields(RebelSpaceOptions)}
    assert rulings["tie_destroys_both"] == "RS-18"  # kept for the docs
