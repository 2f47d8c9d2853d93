"""The abilities acting at the end of a round. Confrontation marks a leader for
elimination once the round's battles are over, before the retreat step (FAQ: the marked
leader may retreat and is still eliminated; RR-25). After the retreat step (FAQ; RR-16),
Rebels' first: Rogue One rescues the captured leader or removes a target marker (RR-39),
Tractor Beam captures a leader. A side's abilities act in the order its cards were
resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import RemoveMarker, Target
from ...board import OFF, capture, rescue
from ...data import NUM_SYSTEMS, REBEL, TACTICS
from ...decisions import ChooseLeader, RogueOne
from ...events import Captured, LeaderMarked, Rescued
from ...ids import tactic_card
from ..markers import kinds_at, remove_marker
from ..rings import on_capture
from .flow import advance, then
from .forces import GROUND, SPACE, side_units

if TYPE_CHECKING:
    from ...state import RebellionState


def step_confrontation(s: RebellionState, p: int, th: int, extra: int) -> None:
    """Confrontation, once the round's battles and its end-of-round destruction are over
    and before the retreat step: if the opponent's last ground unit here was destroyed
    this round, the card leaves the game and a leader of his here is marked (RR-25)."""
    bt = s.battle
    steps: list[tuple[str, int, int, int]] = []
    for what in [x for x in bt.round_end[p] if x.startswith("confront:")]:
        bt.round_end[p].remove(what)
        if confrontation_due(s, p):
            c = int(what.split(":")[1])
            remove_card(s, p, c)
            if enemy_leaders(s, p):
                steps.append(("leader", p, -1, c))
    then(s, *steps)


def step_after_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The end-of-round abilities of ``p``'s cards this round, after the retreat step."""
    bt = s.battle
    steps: list[tuple[str, int, int, int]] = []
    for what in bt.round_end[p]:
        if what == "rescue":
            steps.append(("rogue_one", p, -1, 0))
        elif what == "capture" and not side_units(s, REBEL, SPACE) and enemy_leaders(s, p):
            steps.append(("leader", p, -1, -1))
    bt.round_end[p] = []
    then(s, *steps)


# ---------------------------------------------------------------- Rogue One (RR-39)
def rogue_one_options(s: RebellionState) -> list[Action]:
    """If any unit retreated this round: rescue a captive (``target``: the captured leader,
    or one frozen in Carbonite), or remove one target marker anywhere on the board
    (``remove_marker``)."""
    b, bt = s.board, s.battle
    if bt.round not in bt.retreat_round:
        return []
    out: list[Action] = [Target(x) for x in b.captives()]
    for x in range(NUM_SYSTEMS):
        if b.markers[x]:
            out.extend(RemoveMarker(x, k) for k in kinds_at(b, x))
    return out


def step_rogue_one(s: RebellionState, p: int, th: int, extra: int) -> None:
    """One of the options happens: the Rebels choose when there are two or more."""
    options = rogue_one_options(s)
    if len(options) > 1:
        s.stack.append(RogueOne(player=p))
    elif options:
        rogue_one(s, p, options[0])


def rogue_one(s: RebellionState, p: int, a: Action) -> None:
    b = s.board
    if isinstance(a, Target):
        s.emit(Rescued(leader=a.leader, dst=rescue(b, a.leader, s.base)))
    else:
        assert isinstance(a, RemoveMarker)
        remove_marker(s, a.system, a.marker, p, "Rogue One")


def legal_rogue_one(s: RebellionState, d: RogueOne) -> list[Action]:
    return rogue_one_options(s)


def apply_rogue_one(s: RebellionState, d: RogueOne, a: Action) -> None:
    s.stack.pop()
    rogue_one(s, d.player, a)
    advance(s)


def confrontation_due(s: RebellionState, p: int) -> bool:
    """The opponent's last ground unit here was destroyed this round."""
    bt = s.battle
    return bt.ground_lost[1 - p] and not side_units(s, 1 - p, GROUND)


def remove_card(s: RebellionState, p: int, c: int) -> None:
    """Tactic card ``c`` leaves the game (from the discard, or the deck it went back to)."""
    card = tactic_card(c)
    theater = TACTICS[c].theater
    for name in (f"tactic_discard_{p}_{theater}", f"tactics_{p}_{theater}"):
        if card in s.zones[name]:
            s.move(card, name, f"tactics_removed_{p}")
            return


def enemy_leaders(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in b.leaders_at(s.battle.system, 1 - p) if not b.is_captive(x)]


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
        on_capture(s, a.leader)  # the Bounty ring (RR-155)
        before = capture(b, a.leader)
        s.emit(Captured(leader=a.leader, system=s.battle.system))
        if before != OFF:
            s.emit(Rescued(leader=before, dst=rescue(b, before, s.base)))
        from ..action_cards import open_captured

        open_captured(s, a.leader, "combat")  # Noble Sacrifice (RR-130)
    else:
        s.doomed_leaders.append(a.leader)
        s.emit(LeaderMarked(leader=a.leader))
    advance(s)
