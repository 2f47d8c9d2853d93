"""Retreat (research §5.4): who may retreat and where, units that must go (Rebel
Transports alone, the FAQ's silenced Death Star, a combat no die can decide: RR-56,
:mod:`.stalemate`), and the units leaving with a leader (not held by the side's other
leaders there, RR-50).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Move, Pass, Retreat, Stop, SystemChoice
from ...board import UNITS_OF
from ...data import ADJACENT, IMPERIAL, REBEL
from ...decisions import RetreatChoice, RetreatTo, RetreatUnits
from ...events import Retreated, Stalemate
from ..units import UNIT_FACTS as F
from .damage import after_destruction, destroy_figures
from .flow import advance, then
from .forces import (
    DEATH_STAR,
    DSUC,
    GROUND,
    INTERDICTOR,
    SPACE,
    TRANSPORT,
    attack_dice,
    figures,
    side_units,
)
from .stalemate import must_leave

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
    if bt.retreated[p] or bt.no_retreat[p] or not b.has_units(bt.system, 1 - p):
        return []  # Keep Them from Escaping (RR-123)
    if p == REBEL and row[INTERDICTOR]:
        return []
    if p == IMPERIAL and (row[DEATH_STAR] or row[DSUC]):
        return []
    if not any(figures(s, u) > 0 and F.carrier[u] for u in UNITS_OF[p]):
        return []
    if not retreat_destinations(s, p):
        return []
    here = b.leaders_at(bt.system, p)
    return [x for x in here if not b.is_captive(x) and x not in bt.ready]  # RR-124


def step_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    """``p`` may retreat; units that must go retreat (no ``pass``), and those of them still
    there after the retreat, all of them if ``p`` cannot retreat, are destroyed."""
    forced = forced_out(s, p)
    if forced:
        mask = sum(1 << t for t in forced)
        then(s, ("left_behind", p, -1, mask))
    if can_retreat(s, p):
        s.stack.append(RetreatChoice(player=p, forced=bool(forced)))


def forced_out(s: RebellionState, p: int) -> list[int]:
    """The theaters whose units ``p`` must take out of the combat now."""
    if p == REBEL and rebel_ships_must_go(s):
        return [SPACE]
    out = must_leave(s, p)
    if p == REBEL and s.battle.plans_round == s.battle.round:
        out = [th for th in out if th != SPACE]  # the FAQ's exception (RR-67)
    for th in out:
        s.emit(Stalemate(system=s.battle.system, side=p, theater=th))
    return out


def step_left_behind(s: RebellionState, p: int, th: int, mask: int) -> None:
    """``p``'s units of the theaters in ``mask`` that had to go and are still here."""
    row = s.board.units[s.battle.system]
    for t in (SPACE, GROUND):
        if mask >> t & 1:
            for u in side_units(s, p, t):
                destroy_figures(s, u, row[u], "could not retreat")
    after_destruction(s)


def rebel_ships_must_go(s: RebellionState) -> bool:
    """The Rebel ships must retreat or be destroyed: Rebel Transports alone against Imperial
    ships (§5.4), or a Death Star as the only Imperial ship, silenced by Ion Cannons, with
    no Imperial ground unit there, unless Death Star Plans was rolled this round (FAQ;
    RR-67)."""
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
        and s.battle.plans_round != s.battle.round
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
    bt = s.battle
    out: list[Action] = []
    ships_left = False
    for u in UNITS_OF[d.player]:
        # a figure a tactic card destroyed is only waiting to be removed (RR-191)
        if figures(s, u) <= 0 or F.immobile[u]:
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
        advance(s)
        return
    assert isinstance(a, Move)
    u = a.unit
    s.board.remove_unit(u, bt.system)
    s.board.add_unit(u, d.dst)
    if len(bt.damage[u]) > figures(s, u):  # a doomed figure keeps no damage
        del bt.damage[u][0]  # the most damaged figure leaves; its damage is removed
    spare = d.spare - 1 if F.carried[u] else d.spare + F.capacity[u]
    s.stack.append(RetreatUnits(player=d.player, dst=d.dst, spare=spare, moved=d.moved + 1))
    advance(s)
