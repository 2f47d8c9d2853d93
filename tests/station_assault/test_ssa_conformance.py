"""The conformance kit in every mode, the action-id bound, and the golden legal counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from station_assault import GAME
from tabletop.testing import check_golden, check_pack

GOLDEN = Path(__file__).with_name("golden")

CUSTOM = [
    {"name": "Dart", "copies": 8, "speed": 1, "firepower": 2, "shields": 1, "victory": 2},
    {"name": "Wall", "copies": 6, "speed": 3, "firepower": 1, "shields": 5, "victory": 2},
    {"name": "Ram", "copies": 6, "speed": 5, "firepower": 4, "shields": 3, "victory": 4},
    {
        "name": "Outpost",
        "copies": 1,
        "speed": 6,
        "firepower": 2,
        "shields": 6,
        "victory": 10,
        "station": True,
    },
]

MODES = {
    "duel": None,
    "ffa3": {"mode": "free_for_all", "players": 3},
    "ffa4": {"mode": "free_for_all", "players": 4},
    "teams2v2": {"mode": "teams", "players": 4},
}


@pytest.mark.parametrize("name", list(MODES))
def test_check_pack(name: str) -> None:
    check_pack(GAME, MODES[name], max_examples=3)


OTHER_OPTIONS = {
    "friendly": {"anchor": "friendly"},
    "cap3": {"max_waves": 3},
    "ffa6": {"mode": "free_for_all", "players": 6},
    "teams3v3": {"mode": "teams", "players": 6},
    "custom": {"ships": CUSTOM, "mode": "free_for_all", "players": 3},
}


@pytest.mark.parametrize("name", list(OTHER_OPTIONS))
def test_check_pack_options(name: str) -> None:
    """The other options: the friendly anchor, a short wave cap, 6 players, 3 vs 3, and a
    custom ship table (whose weak Station can leave the table empty: SSA-19)."""
    check_pack(GAME, OTHER_OPTIONS[name], max_examples=1)


@pytest.mark.parametrize("name", list(MODES))
def test_golden_legal_counts(name: str) -> None:
    """Perft-style: legal-action counts along seeded random games stay as stored."""
    check_golden(GAME, GOLDEN / f"legal_counts_{name}.json", seeds=(1, 2, 3), options=MODES[name])


def _outcome(options: dict[str, object] | None, seed: int) -> dict[str, object]:
    from tabletop.bots import RandomBot

    state = GAME.new_state(seed=seed, options=options)
    bot = RandomBot(seed)
    while not state.is_terminal:
        state.apply(bot.choose(state), check=False)
    view = state.view(None)["state"]
    return {
        "steps": len(state.history),
        "wave": view["wave"],
        "returns": state.returns(),
        "scores": view.get("scores"),  # a free for all keeps no score (SSA-24)
        "lost": view["lost"],
        "cards_in_play": len(view["board"]),
        "end": state.narrate(state.log[-1]),
    }


def test_golden_outcomes() -> None:
    """Golden games: seeded random games end exactly as stored (scores, wave, winner),
    so a rules change that alters outcomes shows. TABLETOP_UPDATE_GOLDEN=1 rewrites."""
    import json
    import os

    path = GOLDEN / "outcomes.json"
    current = {
        name: {str(seed): _outcome(options, seed) for seed in (1, 2)}
        for name, options in MODES.items()
    }
    if os.environ.get("TABLETOP_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(json.dumps(current, indent=1) + "\n", encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8")) == current
