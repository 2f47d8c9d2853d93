"""Retreat (research §5.4): who may retreat and where, Rebel ships that must go, and
the units leaving with a leader (not held by the side's other leaders there, RR-50).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Move, Pass, Retreat, Stop, SystemChoice
from ...board import UNITS_OF
from ...data import ADJACENT, IMPERIAL, REBEL
from ...decisions import RetreatChoice, RetreatTo, RetreatUnits
from ...events import Retreated
from ..units import UNIT_FACTS as F
from .damage import after_destruction, destroy_figures
from .flow import advance, recompute
from .forces import DEATH_STAR, DSUC, GROUND, INTERDICTOR, SPACE, TRANSPORT, attack_dice, side_units

if TYPE_CHECKING:
    from ...state import RebellionState


def retreat_destinations(s: RebellionState, p: int) -> list[int]:
    """Adjacent systems with no enemy unit, not one the opponent came from; those with
    ``p``'s units or loyalty if any, else those with no units (§5.4)."""
    b, bt = s.board, s.battle
    came = bt.came_from if p != bt.attacker else []
    ok = [x for x in ADJACENT[bt.system] if not b.has_units(x, 1 - p) and x not in came]
    own = [x for x in ok if b.has_units(x, p) or b.loyalty[x] == p]
    return own or [x for x in ok if not b.has_units(x, p)]


def can_retreat(s: RebellionState, p: int) -> list[int]:
    """The leaders ``p`` may retreat with (empty: no retreat)."""
    b, bt = s.board, s.battle
    row = b.units[bt.system]
    if bt.retreated[p] or not b.has_units(bt.system, 1 - p):
        return []
    if p == REBEL and row[INTERDICTOR]:
        return []
    if p == IMPERIAL and (row[DEATH_STAR] or row[DSUC]):
        return []
    if not any(row[u] and F.carrier[u] for u in UNITS_OF[p]):
        return []
    if not retreat_destinations(s, p):
        return []
    return [x for x in b.leaders_at(bt.system, p) if not b.is_captive(x)]


def step_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    forced = p == REBEL and rebel_ships_must_go(s)
    if can_retreat(s, p):
        s.stack.append(RetreatChoice(player=p, forced=forced))
    elif forced:
        for u in side_units(s, REBEL, SPACE):
            destroy_figures(s, u, s.board.units[s.battle.system][u], "could not retreat")
        after_destruction(s)


def rebel_ships_must_go(s: RebellionState) -> bool:
    """The Rebel ships must retreat or be destroyed: Rebel Transports alone against Imperial
    ships (§5.4), or a Death Star as the only Imperial ship, silenced by Ion Cannons, with
    no Imperial ground unit there (FAQ; Death Star Plans, an objective, is not in play)."""
    rebels = side_units(s, REBEL, SPACE)
    imperial = side_units(s, IMPERIAL, SPACE)
    if not rebels or not imperial:
        return False
    if rebels == [TRANSPORT]:
        return True
    return (
        imperial == [DEATH_STAR]
        and attack_dice(s, IMPERIAL, SPACE) == (0, 0, 0)
        and not side_units(s, IMPERIAL, GROUND)
    )


def legal_retreat(s: RebellionState, d: RetreatChoice) -> list[Action]:
    out: list[Action] = [Retreat(x) for x in can_retreat(s, d.player)]
    return out if d.forced else [*out, Pass()]


def apply_retreat(s: RebellionState, d: RetreatChoice, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Retreat):
        s.stack.append(RetreatTo(player=d.player, leader=a.leader))
    advance(s)


def legal_retreat_to(s: RebellionState, d: RetreatTo) -> list[Action]:
    return [SystemChoice(x) for x in retreat_destinations(s, d.player)]


def apply_retreat_to(s: RebellionState, d: RetreatTo, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    bt = s.battle
    s.board.leader_loc[d.leader] = a.system
    bt.retreated[d.player] = True
    bt.retreat_round[d.player] = bt.round
    s.emit(Retreated(player=d.player, leader=d.leader, src=bt.system, dst=a.system))
    s.stack.append(RetreatUnits(player=d.player, dst=a.system, spare=0))
    advance(s)


def legal_retreat_units(s: RebellionState, d: RetreatUnits) -> list[Action]:
    b, bt = s.board, s.battle
    row = b.units[bt.system]
    out: list[Action] = []
    ships_left = False
    for u in UNITS_OF[d.player]:
        if not row[u] or F.immobile[u]:
            continue
        if F.carried[u]:
            if d.spare > 0:
                out.append(Move(u, bt.system))
        else:
            ships_left = True
            out.append(Move(u, bt.system))
    if not ships_left and d.moved:
        out.append(Stop())
    return out


def apply_retreat_units(s: RebellionState, d: RetreatUnits, a: Action) -> None:
    s.stack.pop()
    bt = s.battle
    if isinstance(a, Stop):
        recompute(s, bt.system)
        recompute(s, d.dst)
        advance(s)
        return
    assert isinstance(a, Move)
    u = a.unit
    s.board.remove_unit(u, bt.system)
    s.board.add_unit(u, d.dst)
    if len(bt.damage[u]) > s.board.units[bt.system][u]:
        del bt.damage[u][0]  # the most damaged figure leaves; its damage is removed
    spare = d.spare - 1 if F.carried[u] else d.spare + F.capacity[u]
    s.stack.append(RetreatUnits(player=d.player, dst=d.dst, spare=spare, moved=d.moved + 1))
    advance(s)
