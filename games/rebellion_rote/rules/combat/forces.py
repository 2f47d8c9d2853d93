"""The forces in a combat: theaters, the figures of each unit type, their damage
levels, what each side has there, the dice it rolls and its leaders' tactic value
(research §5.2, §8.6, §8.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...board import UNITS_OF
from ...data import IMPERIAL, LEADERS, REBEL, unit_id
from .. import dice as D
from ..units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ...state import RebellionState


THEATERS = ("space", "ground")


SPACE, GROUND = 0, 1


DEATH_STAR = unit_id("Death Star")


TRANSPORT = unit_id("Rebel Transport")


DSUC = unit_id("Death Star Under Construction")


SHIELD_BUNKER = unit_id("Shield Bunker")


SHIELD_GENERATOR = unit_id("Shield Generator")


ION_CANNON = unit_id("Ion Cannon")


INTERDICTOR = unit_id("Interdictor")


def in_theater(u: int, th: int) -> bool:
    return F.theater[u] == th


def figures(s: RebellionState, u: int) -> int:
    """Figures of type ``u`` in the combat that are not doomed by a tactic card."""
    bt = s.battle
    return s.board.units[bt.system][u] - bt.doomed.count(u)


def levels(s: RebellionState, u: int) -> list[int]:
    """The distinct damage levels of the (not doomed) figures of ``u``, highest first."""
    n = figures(s, u)
    if n <= 0:
        return []
    dmg = s.battle.damage[u]
    out = sorted(set(dmg[:n]), reverse=True)
    if n > len(dmg):
        out.append(0)
    return out


def protected(s: RebellionState, u: int) -> bool:
    """A unit that cannot be damaged: the Death Star (no health), and a Death Star or Death
    Star Under Construction in a system with a Shield Bunker (ROTE)."""
    if F.health[u] == 0:
        return True
    return u in (DEATH_STAR, DSUC) and s.board.units[s.battle.system][SHIELD_BUNKER] > 0


def health(s: RebellionState, u: int) -> int:
    """``u``'s health in the combat: Point-Blank Assault takes 1 off, never below 1
    (RR-125)."""
    h = F.health[u]
    if s.battle.point_blank and h > 1:
        return h - 1
    return h


def side_units(s: RebellionState, side: int, th: int) -> list[int]:
    """``side``'s unit types with figures in the combat, in theater ``th`` (-1: any)."""
    row = s.board.units[s.battle.system]
    return [u for u in UNITS_OF[side] if row[u] and (th < 0 or F.theater[u] == th)]


def shares(s: RebellionState, th: int) -> bool:
    """Both sides have units of ``th`` here; a destroyed system has no ground battle (§6.2)."""
    if th == GROUND and s.board.destroyed[s.battle.system]:
        return False
    return bool(side_units(s, REBEL, th)) and bool(side_units(s, IMPERIAL, th))


def tactic_value(s: RebellionState, side: int, th: int) -> int:
    """The best tactic value of ``side``'s leaders (not captives) in the system."""
    b = s.board
    return max(
        (
            (LEADERS[x].space, LEADERS[x].ground)[th]
            for x in b.leaders_at(s.battle.system, side)
            if not b.is_captive(x)
        ),
        default=0,
    )


def attack_dice(s: RebellionState, p: int, th: int) -> tuple[int, int, int]:
    """(red, black, green) dice of ``p``'s units of ``th`` that roll this round, capped."""
    bt = s.battle
    row = s.board.units[bt.system]
    red = black = green = 0
    for u in UNITS_OF[p]:
        n = row[u] - bt.doomed.count(u)
        if n > 0 and F.theater[u] == th:
            red += n * F.red[u]
            black += n * F.black[u]
            green += n * F.green[u]
    if p == IMPERIAL and th == SPACE:
        red = max(0, red - 2 * row[ION_CANNON])
    red, black, green = min(red, D.COMBAT_CAP), min(black, D.COMBAT_CAP), min(green, D.GREEN_CAP)
    if bt.fewer_dice and p == REBEL and bt.round == 1:  # According to My Design (RR-121)
        red, black = max(0, red - 1), max(0, black - 2)
    return red, black, green
