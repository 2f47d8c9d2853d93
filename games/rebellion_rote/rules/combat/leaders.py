"""Adding a leader to a combat (research §5.1): current player first, a side with no
leader with tactic values in the system may add one from its pool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Join, Pass
from ...board import BOARD
from ...data import LEADERS
from ...decisions import Combat
from ...events import LeaderJoined
from .flow import advance

if TYPE_CHECKING:
    from ...state import RebellionState


def step_join(s: RebellionState, p: int, th: int, extra: int) -> None:
    if joinable(s, p):
        s.stack.append(Combat(player=p, system=s.battle.system, after=s.battle.after))


def joinable(s: RebellionState, p: int) -> list[int]:
    """Pool leaders ``p`` may add: only while no leader of ``p`` with tactic values is there."""
    b = s.board
    here = [x for x in b.leaders_at(s.battle.system, p) if not b.is_captive(x)]
    if any(LEADERS[x].can_activate for x in here):
        return []
    return [x for x in b.pool(p) if LEADERS[x].can_activate]


def legal_join(s: RebellionState, d: Combat) -> list[Action]:
    return [*(Join(x) for x in joinable(s, d.player)), Pass()]


def apply_join(s: RebellionState, d: Combat, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Join):
        b = s.board
        b.leader_loc[a.leader] = d.system
        b.leader_status[a.leader] = BOARD
        s.emit(LeaderJoined(player=d.player, leader=a.leader, system=d.system))
    advance(s)
