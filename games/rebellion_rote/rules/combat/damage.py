"""Damage and destruction: putting damage on figures and removing it, destroying
figures (at the end of a battle, by a tactic card, structures alone at the end of a
round, a lone Death Star Under Construction), and the Empire's win when units leave
the Rebel base's system (research §5.3, §8.6; RR-18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...board import SIDE_OF_UNIT, empire_wins
from ...data import IMPERIAL, REBEL, unit_id
from ...events import Damaged, GameOver, Repaired, UnitsDestroyed
from ..units import UNIT_FACTS as F
from .forces import (
    DEATH_STAR,
    DSUC,
    GROUND,
    SPACE,
    health,
    in_theater,
    levels,
    protected,
    side_units,
)

if TYPE_CHECKING:
    from ...state import RebellionState

STAR_DESTROYERS = (unit_id("Star Destroyer"), unit_id("Super Star Destroyer"))


def add_damage(s: RebellionState, u: int, level: int, n: int = 1) -> int:
    """Put ``n`` damage on a figure of ``u`` that has ``level`` now; return its new damage."""
    bt = s.battle
    dmg = bt.damage[u]
    if level:
        dmg.remove(level)
    dmg.append(level + n)
    dmg.sort(reverse=True)
    if (u, level) in bt.frozen:  # a figure that may not remove damage takes it first
        bt.frozen.remove((u, level))
        bt.frozen.append((u, level + n))
    bt.last_hit = (u, level + n)
    s.emit(Damaged(side=SIDE_OF_UNIT[u], unit=u, damage=level + n))
    return level + n


def repair_levels(s: RebellionState, u: int) -> list[int]:
    """Damage levels of ``u``'s figures that may remove damage now."""
    bt = s.battle
    return [lv for lv in levels(s, u) if lv and bt.damage[u].count(lv) > bt.frozen.count((u, lv))]


def remove_damage(s: RebellionState, u: int, level: int) -> None:
    dmg = s.battle.damage[u]
    dmg.remove(level)
    if s.battle.last_hit == (u, level):
        s.battle.last_hit = (u, level - 1)
    if level > 1:
        dmg.append(level - 1)
        dmg.sort(reverse=True)
    s.emit(Repaired(side=SIDE_OF_UNIT[u], unit=u, damage=level - 1))


def destroy_figures(s: RebellionState, u: int, n: int, reason: str) -> None:
    """Remove ``n`` figures of ``u`` from the combat's system (the least damaged last)."""
    bt = s.battle
    s.board.remove_unit(u, bt.system, n)
    lost(s, u, n)
    keep = s.board.units[bt.system][u]
    del bt.damage[u][keep:]
    s.emit(UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason=reason))


def lost(s: RebellionState, u: int, n: int) -> None:
    """Note ``n`` destroyed figures of ``u``: a ground unit (Confrontation looks at the
    round's losses), and the Imperial printed health and Star Destroyers the objectives
    count (RR-60)."""
    bt = s.battle
    if F.theater[u] == GROUND:
        bt.ground_lost[SIDE_OF_UNIT[u]] = True
    if SIDE_OF_UNIT[u] == IMPERIAL:
        bt.health_lost[F.theater[u]] += n * F.health[u]
        if u in STAR_DESTROYERS:
            bt.destroyers += n
    if u == DSUC:
        lose_queued_death_star(s)


def lose_queued_death_star(s: RebellionState) -> None:
    """The Death Star queued with a Death Star Under Construction goes with it (§7.4)."""
    if not any(row[DSUC] for row in s.board.units):
        for q in s.board.queue[IMPERIAL * 3 : IMPERIAL * 3 + 3]:
            while DEATH_STAR in q:
                q.remove(DEATH_STAR)
                s.emit(
                    UnitsDestroyed(side=IMPERIAL, unit=DEATH_STAR, n=1, system=-1, reason="queue")
                )


def after_destruction(s: RebellionState) -> None:
    """Units left a system: the Empire may have won (RR-18)."""
    if empire_wins(s.board, s.base):
        s.emit(GameOver(winner=IMPERIAL, reason="Imperial units hold the Rebel base's system"))
        s.finish([-1.0, 1.0])


def step_remove_doomed(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    for u in sorted(set(bt.doomed)):
        n = bt.doomed.count(u)
        s.board.remove_unit(u, bt.system, n)
        lost(s, u, n)
        s.emit(UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason="tactic"))
    bt.doomed = []
    after_destruction(s)


def step_destroy(s: RebellionState, p: int, th: int, extra: int) -> None:
    """End of a battle: every unit of the theater with damage at least its health goes."""
    bt = s.battle
    for u in range(len(bt.damage)):
        if not in_theater(u, th) or not bt.damage[u] or protected(s, u):
            continue
        h = health(s, u)  # Point-Blank Assault (RR-125)
        n = sum(1 for x in bt.damage[u] if x >= h)
        if n:
            bt.damage[u] = [x for x in bt.damage[u] if x < h]
            s.board.remove_unit(u, bt.system, n)
            lost(s, u, n)
            s.emit(
                UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason="damage")
            )
            if u == DSUC:
                lose_queued_death_star(s)
    after_destruction(s)


def step_round_end(s: RebellionState, p: int, th: int, extra: int) -> None:
    """Structures alone against enemy ground units (§8.6); a lone DSUC against ships."""
    bt = s.battle
    row = s.board.units[bt.system]
    lose = []
    for side in (REBEL, IMPERIAL):
        mine = side_units(s, side, GROUND)
        alone = mine and all(F.structure[u] for u in mine)
        if alone and side_units(s, 1 - side, GROUND) and not bt.rolled[side]:
            lose.extend(mine)
    for u in lose:
        destroy_figures(s, u, row[u], "structures alone")
    ships = side_units(s, IMPERIAL, SPACE)
    if ships == [DSUC] and side_units(s, REBEL, SPACE) and not protected(s, DSUC):
        destroy_figures(s, DSUC, row[DSUC], "alone against ships")
    after_destruction(s)
