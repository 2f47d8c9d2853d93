"""Dice: rolling from the face table, and the dice a side rolls in a mission.

The faces are data (``data/dice.toml``, RR-05). In a mission (research §4.4,
ROTE "Minor Skills", "Green Dice"):

* each matching skill icon of a side's leaders in the system rolls one red or
  black die (the colour does not matter), at most 10 a side;
* each matching minor skill icon rolls one green die, at most 3 (there are only
  3 green dice), on top of the 10;
* "count all skill icons" rolls one die per icon of any skill;
* a hit or direct hit is 1 success, a special 2, a blank none;
* major and minor icons together count toward a card's skill requirement.

The mission and combat rules that use these come with their parts.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop import Rng

from ..data import DICE, SKILLS, LeaderDef

__all__ = [
    "COMBAT_CAP",
    "GREEN_CAP",
    "MISSION_CAP",
    "mission_dice",
    "requirement_met",
    "roll",
    "successes",
]

FACES: dict[str, tuple[str, ...]] = {d.name: d.faces for d in DICE}
COMBAT_CAP = 5
"""Red dice, and black dice, a side rolls in one attack (research §5.1)."""
MISSION_CAP = 10
"""Red and black dice a side may roll in one mission (research §4.4)."""
GREEN_CAP = next(d.combat_cap for d in DICE if d.name == "green")
"""Green dice in the box: no roll uses more (ROTE)."""
SUCCESS = {"hit": 1, "direct_hit": 1, "special": 2, "blank": 0}


def roll(rng: Rng, colour: str, n: int) -> list[str]:
    """``n`` dice of ``colour`` ("red", "black" or "green"), face names in roll order."""
    faces = FACES[colour]
    return [faces[rng.below(6)] for _ in range(n)]


def successes(faces: Iterable[str]) -> int:
    """Mission successes: hit or direct hit 1, special 2."""
    return sum(SUCCESS[f] for f in faces)


def requirement_met(leaders: Iterable[LeaderDef], skill: str, requirement: int) -> bool:
    """Whether the assigned leaders' icons of ``skill``, major and minor, reach ``requirement``."""
    return sum(x.skill(skill) for x in leaders) >= requirement


def mission_dice(
    leaders: Iterable[LeaderDef], skill: str, *, count_all: bool = False, bonus: int = 0
) -> tuple[int, int]:
    """(red or black dice, green dice) a side rolls: one per matching icon, capped.

    ``bonus`` adds regular dice (a card's "roll 2 more dice"), within the cap.
    """
    skills = SKILLS if count_all else (skill,)
    regular = green = 0
    for x in leaders:
        for sk in skills:
            regular += int(getattr(x, sk))
            green += int(getattr(x, "minor_" + sk))
    return min(MISSION_CAP, regular + bonus), min(GREEN_CAP, green)
