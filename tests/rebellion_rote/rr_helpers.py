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


def assign(s: RebellionState, player: int, mission: str, *leaders: str) -> int:
    """Put ``mission`` face down with ``leaders`` on it, as the Assignment Phase would;
    return its slot."""
    from rebellion_rote.board import MISSION
    from rebellion_rote.data import MISSIONS, leader_id
    from rebellion_rote.ids import mission_card

    card = mission_card(next(i for i, m in enumerate(MISSIONS) if m.name == mission))
    s.move(card, s.zones[f"missions{player}"], s.zones[f"assigned{player}"])
    ids = [leader_id(x) for x in leaders]
    for x in ids:
        s.board.leader_status[x] = MISSION
    s.slots[player].append(ids)
    s._legal = None
    return len(s.slots[player]) - 1


def finish_recruit(s: RebellionState) -> RebellionState:
    """Play a recruit in progress (a recruit icon) with each side's first legal choice."""
    from rebellion_rote.decisions import KeepActionCard, RecruitLeader

    while s.stack and isinstance(s.stack[-1], RecruitLeader | KeepActionCard):
        s.apply(s.legal_actions()[0])
    return s
