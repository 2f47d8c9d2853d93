"""Helpers for scenario tests: positions built by playing named actions."""

from __future__ import annotations

from typing import Any

from rebellion_rote import GAME
from rebellion_rote.actions import Pass, SystemChoice
from rebellion_rote.data import system_id
from rebellion_rote.state import RebellionState


def new(seed: int = 0, **options: Any) -> RebellionState:
    s = GAME.new_state(seed=seed, options=options)
    assert isinstance(s, RebellionState)
    return s


def fixed_game(base: str = "Dantooine", seed: int = 0) -> RebellionState:
    """The first-game fixed set-up, base hidden at ``base``: round 1, Assignment Phase."""
    s = new(seed, setup="fixed", first_game=True)
    s.apply(SystemChoice(system_id(base)))
    return s


def command_phase(base: str = "Dantooine", seed: int = 0) -> RebellionState:
    """The fixed set-up with no mission assigned: round 1, the Rebels' first Command turn."""
    s = fixed_game(base, seed)
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase == "command"
    return s


def kinds(s: RebellionState) -> set[str]:
    return {a.kind for a in s.legal_actions()}
