"""Death Star Plans' roll (research §7.4; ROTE "Green Dice", "Death Star Protection").

Death Star Plans is a Rebel objective (stage II and stage III, research §7.1; both
copies are in the objective deck). The Rebels roll it from the objective window right
after a space battle's destruction step, at most once a combat round, with no Secure the
Plans marker on the board (:mod:`..objective_play`, RR-67). The roll itself:

* it needs at least one Rebel fighter in the combat's system and a Death Star or a
  Death Star Under Construction there (it can target either, research §7.4), not
  protected by a Shield Bunker in the system (ROTE: neither can be destroyed there);
* the Rebels roll 3 dice, red or black (ROTE: an ability's roll uses red or black
  dice unless it says otherwise; both have the same faces, RR-05, so the pack rolls
  red): any direct hit destroys the targeted unit (a destroyed Death Star Under
  Construction takes its queued Death Star with it) and the card is played. Otherwise
  nothing happens and the card goes back to the Rebels' hand, shown
  (:func:`..objective_play.roll_plans`);
* before the outcome, a roll with no direct hit may have one die rerolled by the Master
  Yoda ring, its leader in the combat's system and the ring not used this round
  (research §7.4, research-2 §4.2; RR-190, :func:`..rings.plans_reroll_due`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...board import UNITS_OF
from ...data import REBEL
from ...events import DiceRolled
from .. import dice as D
from ..units import UNIT_FACTS as F
from .damage import after_destruction, destroy_figures
from .forces import DEATH_STAR, DSUC, SHIELD_BUNKER, SPACE

if TYPE_CHECKING:
    from ...state import RebellionState

__all__ = [
    "PLANS_DICE",
    "plans_dice",
    "plans_outcome",
    "plans_targets",
    "roll_death_star_plans",
]

PLANS_DICE = 3
"""Dice the Rebels roll for Death Star Plans (research §7.4)."""


def plans_targets(s: RebellionState) -> list[int]:
    """The unit types Death Star Plans may destroy in the combat's system: a Death Star or a
    Death Star Under Construction there, when a Rebel fighter is there and no Shield Bunker."""
    row = s.board.units[s.battle.system]
    if row[SHIELD_BUNKER] or not any(row[u] and F.fighter[u] for u in UNITS_OF[REBEL]):
        return []
    return [u for u in (DEATH_STAR, DSUC) if row[u]]


def plans_dice(s: RebellionState, fixed: list[str] | None = None) -> list[str]:
    """The Rebels' 3 dice for Death Star Plans (``fixed``: faces set instead of rolled, One
    in a Million, RR-179), rolled and shown."""
    fixed = fixed or []
    faces = fixed + D.roll(s.rng, "red", PLANS_DICE - len(fixed))
    s.emit(DiceRolled(player=REBEL, theater=SPACE, dice=tuple(("red", f) for f in faces)))
    return faces


def plans_outcome(s: RebellionState, target: int, faces: list[str]) -> bool:
    """Any direct hit among ``faces`` destroys one ``target`` (a type from
    :func:`plans_targets`). Returns whether it was destroyed."""
    if "direct_hit" not in faces:
        return False
    destroy_figures(s, target, 1, "death star plans")
    after_destruction(s)
    return True


def roll_death_star_plans(s: RebellionState, target: int, fixed: list[str] | None = None) -> bool:
    """Roll 3 dice for the Rebels (``fixed``: faces set instead of rolled, One in a
    Million, RR-179); any direct hit destroys one ``target`` (a type from
    :func:`plans_targets`). Returns whether it was destroyed. (The objective's own roll,
    :func:`..objective_play.plans_roll`, waits between the two for the Master Yoda ring,
    RR-190.)"""
    assert target in plans_targets(s), "Death Star Plans needs a target it may destroy"
    return plans_outcome(s, target, plans_dice(s, fixed))
