"""The conformance kit in every mode, the action-id bound, and the golden legal counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from station_assault import GAME
from tabletop.testing import check_golden, check_pack

GOLDEN = Path(__file__).with_name("golden")

MODES = {
    "duel": None,
    "ffa3": {"mode": "free_for_all", "players": 3},
    "ffa4": {"mode": "free_for_all", "players": 4},
    "teams2v2": {"mode": "teams", "players": 4},
}


@pytest.mark.parametrize("name", list(MODES))
def test_check_pack(name: str) -> None:
    check_pack(GAME, MODES[name], max_examples=3)


def test_check_pack_options() -> None:
    """The other options: the friendly anchor, a short wave cap, 6 players, 3 vs 3."""
    check_pack(
        GAME,
        [
            {"anchor": "friendly"},
            {"max_waves": 3},
            {"mode": "free_for_all", "players": 6},
            {"mode": "teams", "players": 6},
        ],
        max_examples=4,
    )


@pytest.mark.parametrize("name", list(MODES))
def test_golden_legal_counts(name: str) -> None:
    """Perft-style: legal-action counts along seeded random games stay as stored."""
    check_golden(GAME, GOLDEN / f"legal_counts_{name}.json", seeds=(1, 2, 3), options=MODES[name])
