"""Death Star Plans' roll (research §7.4): the scenarios call it directly in a space
battle (playing the card from the objective windows is tested in
test_rr_objectives_play.py, RR-67)."""

from __future__ import annotations

from rebellion_rote.battle import Battle
from rebellion_rote.data import IMPERIAL, system_id, unit_id
from rebellion_rote.position import position
from rebellion_rote.rules.combat.death_star_plans import plans_targets, roll_death_star_plans
from rebellion_rote.state import RebellionState
from tabletop import Rng

NABOO = system_id("Naboo")
DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")


def battle(units: dict[str, int], seed: int) -> RebellionState:
    s = position(units={"Naboo": units}, player="Imperial")
    s.battle = Battle(system=NABOO, attacker=IMPERIAL, after="activation", round=1)
    s.rng = Rng(seed)
    return s


def rolled(s: RebellionState) -> list[str]:
    return [f for e in s.log if e.kind == "dice_rolled" for _, f in e.dice]  # type: ignore[attr-defined]


def test_a_direct_hit_destroys_the_death_star() -> None:
    s = battle({"X-wing": 1, "Death Star": 1, "Star Destroyer": 1}, seed=2)
    assert plans_targets(s) == [DEATH_STAR]
    assert roll_death_star_plans(s, DEATH_STAR)
    assert rolled(s) == ["blank", "direct_hit", "special"]
    assert s.board.units[NABOO][DEATH_STAR] == 0
    assert s.log[-1].kind == "units_destroyed"


def test_no_direct_hit_no_effect_even_with_three_hits() -> None:
    s = battle({"Y-wing": 1, "Death Star": 1}, seed=0)
    assert not roll_death_star_plans(s, DEATH_STAR)
    assert rolled(s) == ["hit", "hit", "hit"]
    assert s.board.units[NABOO][DEATH_STAR] == 1


def test_it_can_target_a_dsuc_and_its_queued_death_star_goes_too() -> None:
    s = battle({"X-wing": 1, "Death Star Under Construction": 1}, seed=5)
    s.board.queue[IMPERIAL * 3 + 2].append(DEATH_STAR)
    assert plans_targets(s) == [DSUC]
    assert roll_death_star_plans(s, DSUC)
    assert s.board.units[NABOO][DSUC] == 0
    assert DEATH_STAR not in s.board.queue[IMPERIAL * 3 + 2]


def test_it_needs_a_rebel_fighter_and_no_shield_bunker() -> None:
    assert plans_targets(battle({"Corellian Corvette": 1, "Death Star": 1}, seed=0)) == []
    bunker = battle({"X-wing": 1, "Death Star": 1, "Shield Bunker": 1}, seed=0)
    assert plans_targets(bunker) == []
