"""The Assignment Phase (research §4.2).

The Rebels assign first and finish, then the Empire. To assign, a player puts a
mission card from hand face down and places 1 or 2 leaders of the pool on it
(two may go on a card that needs one): ``assign <card>``, then ``lead <leader>``, then
``second <leader>`` or ``close``: the card first, then each leader, so that no choice
lists every card with every leader. Skill requirements are checked only when the
mission is revealed. ``pass`` ends the player's assignments; a player with no
card or no leader left is done at once.

Instead of assigning, a player may play an Assignment action card
(``play_action_card <card>``, :mod:`.assignment_cards`); the turn is offered on public facts
(RR-120).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Assign, Close, Lead, Pass, PlayActionCard, Second
from ..board import MISSION
from ..data import IMPERIAL, MISSIONS, REBEL
from ..decisions import AssignMission, MissionLeader, SecondLeader
from ..events import Assigned, Passed, PhaseBegan, SecondAssigned
from ..ids import action_of, mission_card, mission_of

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = ["start_round"]


def start_round(s: RebellionState) -> None:
    """A new round: the Assignment Phase, Rebels first."""
    s.round += 1
    s.phase = "assignment"
    s.emit(PhaseBegan(phase="assignment", round=s.round))
    next_assigner(s, REBEL)


def can_assign(s: RebellionState, player: int) -> bool:
    from .assignment_cards import window_due

    if s.zones[f"missions{player}"] and s.board.pool(player):
        return True
    return window_due(s, player)  # an Assignment action card (RR-120)


def next_assigner(s: RebellionState, player: int) -> None:
    """``player`` assigns if able; otherwise the next side, then the Command Phase (a team
    game: seat by seat, :func:`.team.next_assigner`)."""
    if s.num_players > 2:
        from .team import next_assigner as next_team_assigner

        next_team_assigner(s, player)
        return
    if player == REBEL and not can_assign(s, REBEL):
        player = IMPERIAL
    if player == IMPERIAL and not can_assign(s, IMPERIAL):
        end_assignment(s)
        return
    s.stack.append(AssignMission(player=player))


def end_assignment(s: RebellionState) -> None:
    """The Assignment Phase is over: False Orders' window (RR-175), then the Command Phase."""
    from .rebel_cards import end_of_assignment

    if end_of_assignment(s):
        return
    from .command import start_command

    start_command(s)


def legal_assign(s: RebellionState, d: AssignMission) -> list[Action]:
    """Each card of the hand; of identical copies (project cards) only the lowest id is
    offered, since which copy goes face down changes nothing."""
    out: list[Action] = []
    names: set[str] = set()
    # with no leader in the pool the side is asked only for an Assignment action card
    hand = s.zones[f"missions{d.player}"] if s.board.pool(d.player) else []
    for card in sorted(hand):
        name = NAMES[mission_of(card)]
        if name not in names:
            names.add(name)
            out.append(ASSIGN[mission_of(card)])
    if s.zones[f"action_hand{d.player}"]:
        from .assignment_cards import assignment_plays

        out.extend(assignment_plays(s, d.player))
    out.append(Pass())
    return out


NAMES: tuple[str, ...] = tuple(m.name for m in MISSIONS)
ASSIGN: tuple[Assign, ...] = tuple(Assign(mission_card(i)) for i in range(len(MISSIONS)))
"""The ``assign <card>`` actions, built once (legal moves are listed often)."""


def apply_assign(s: RebellionState, d: AssignMission, a: Action) -> None:
    s.stack.pop()
    p = d.player
    if isinstance(a, Pass):
        s.emit(Passed(player=p, phase="assignment"))
        if s.num_players > 2:
            from .team import assign_passed

            assign_passed(s)  # this seat is done, the next one assigns (RR-183)
            return
        if p == REBEL:
            next_assigner(s, IMPERIAL)
        else:
            end_assignment(s)
        return
    if isinstance(a, PlayActionCard):
        from .assignment_cards import start

        start(s, p, action_of(a.card))
        return
    assert isinstance(a, Assign)
    s.move(a.card, f"missions{p}", f"assigned{p}")
    s.stack.append(MissionLeader(player=p))


def legal_leader(s: RebellionState, d: MissionLeader) -> list[Action]:
    return [Lead(leader) for leader in s.board.pool(d.player)]


def apply_leader(s: RebellionState, d: MissionLeader, a: Action) -> None:
    """The leader goes on the card just put face down: a new assignment slot."""
    assert isinstance(a, Lead)
    s.stack.pop()
    p = d.player
    card = s.zones[f"assigned{p}"][-1]
    s.slots[p].append([a.leader])
    s.board.leader_status[a.leader] = MISSION
    s.emit(Assigned(player=p, card=card, leader=a.leader, to=(p,)))
    if s.board.pool(p):
        s.stack.append(SecondLeader(player=p))
    else:
        next_assigner(s, p)


def legal_second(s: RebellionState, d: SecondLeader) -> list[Action]:
    out: list[Action] = [Second(leader) for leader in s.board.pool(d.player)]
    out.append(Close())
    return out


def apply_second(s: RebellionState, d: SecondLeader, a: Action) -> None:
    s.stack.pop()
    p = d.player
    if isinstance(a, Second):
        s.slots[p][-1].append(a.leader)
        s.board.leader_status[a.leader] = MISSION
        s.emit(SecondAssigned(player=p, leader=a.leader))
    next_assigner(s, p)
