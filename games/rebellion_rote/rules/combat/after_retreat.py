"""The abilities acting after the retreat step of a round (FAQ; RR-16), Rebels' first:
Tractor Beam captures a leader, Rogue One rescues the captured one, Confrontation
marks a leader for elimination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Target
from ...board import OFF, capture, rescue
from ...data import REBEL, TACTICS
from ...decisions import ChooseLeader
from ...events import Captured, LeaderMarked, Rescued
from ...ids import tactic_card
from .flow import advance, then
from .forces import GROUND, SPACE, side_units

if TYPE_CHECKING:
    from ...state import RebellionState


def step_after_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The end-of-round abilities of ``p``'s cards this round, after the retreat step."""
    bt = s.battle
    for what in bt.round_end[p]:
        if what == "rescue":
            rogue_one(s)
        elif what == "capture" and not side_units(s, REBEL, SPACE) and enemy_leaders(s, p):
            then(s, ("leader", p, -1, -1))
        elif what.startswith("confront:") and confrontation_due(s, p):
            c = int(what.split(":")[1])
            remove_card(s, p, c)
            if enemy_leaders(s, p):
                then(s, ("leader", p, -1, c))
    bt.round_end[p] = []


def rogue_one(s: RebellionState) -> None:
    """If any unit retreated this round, the captured leader is rescued (no card of the
    pack places target markers, so there is no marker to remove instead)."""
    b, bt = s.board, s.battle
    if b.captured != OFF and bt.round in bt.retreat_round:
        leader = b.captured
        s.emit(Rescued(leader=leader, dst=rescue(b, leader, s.base)))


def confrontation_due(s: RebellionState, p: int) -> bool:
    """The opponent's last ground unit here was destroyed this round."""
    bt = s.battle
    return bt.ground_lost[1 - p] and not side_units(s, 1 - p, GROUND)


def remove_card(s: RebellionState, p: int, c: int) -> None:
    """Tactic card ``c`` leaves the game (from the discard, or the deck it went back to)."""
    card = tactic_card(c)
    theater = TACTICS[c].theater
    for name in (f"tactic_discard_{p}_{theater}", f"tactics_{p}_{theater}"):
        if card in s.zones[name].cards:
            s.move(card, s.zones[name], s.zones[f"tactics_removed_{p}"])
            return


def enemy_leaders(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in b.leaders_at(s.battle.system, 1 - p) if x != b.captured]


def step_leader(s: RebellionState, p: int, th: int, card: int) -> None:
    why = "capture" if card < 0 else "confront"
    s.stack.append(ChooseLeader(player=p, why=why, card=card))


def legal_leader(s: RebellionState, d: ChooseLeader) -> list[Action]:
    return [Target(x) for x in enemy_leaders(s, d.player)]


def apply_leader(s: RebellionState, d: ChooseLeader, a: Action) -> None:
    """Tractor Beam captures the leader; Confrontation marks him for elimination at the end
    of the Command Phase (the card has left the game)."""
    assert isinstance(a, Target)
    s.stack.pop()
    b = s.board
    if d.why == "capture":
        before = capture(b, a.leader)
        s.emit(Captured(leader=a.leader, system=s.battle.system))
        if before != OFF:
            s.emit(Rescued(leader=before, dst=rescue(b, before, s.base)))
    else:
        s.doomed_leaders.append(a.leader)
        s.emit(LeaderMarked(leader=a.leader))
    advance(s)
