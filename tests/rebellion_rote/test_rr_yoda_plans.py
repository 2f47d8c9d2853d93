"""The Master Yoda ring and Death Star Plans (research §7.4 "the Yoda ring can reroll one
die", research-2 §4.2; RR-190): once the 3 dice show no direct hit, the ring's side may
reroll one of them before the outcome, when the ring's leader is in the combat's system
and the ring was not used this round."""

from __future__ import annotations

from rr_helpers import edited

from rebellion_rote.actions import Objective, Pass, YodaReroll
from rebellion_rote.battle import Battle
from rebellion_rote.data import REBEL, leader_id, objective_id, system_id, unit_id
from rebellion_rote.decisions import PlansReroll, PlayObjective
from rebellion_rote.ids import objective_card
from rebellion_rote.position import position
from rebellion_rote.rules import team
from rebellion_rote.rules.combat.flow import advance
from rebellion_rote.rules.rings import YODA, attach
from rebellion_rote.state import RebellionState
from tabletop import Rng
from tabletop.testing import check_state

NABOO = system_id("Naboo")
LEIA = leader_id("Princess Leia")
DEATH_STAR = unit_id("Death Star")
PLANS = objective_id("Death Star Plans", 0)
PLANS_CARD = objective_card(PLANS)
RING = "the Master Yoda ring (Princess Leia, once a round)"


def plans(seed: int, leia: str = "Naboo", ring: bool = True, players: int = 2) -> RebellionState:
    """Death Star Plans in the Rebels' hand at the objective window after the space battle
    in Naboo (an X-wing and the Death Star there), Leia in ``leia`` wearing the ring; the
    next dice from ``Rng(seed)``."""
    s = position(
        units={"Naboo": {"X-wing": 1, "Death Star": 1}},
        objectives=["Death Star Plans"],
        leaders={"Princess Leia": leia},
        players=players,
    )
    if ring:
        attach(s, LEIA, YODA)
    bt = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
    bt.first = [REBEL, REBEL]
    bt.steps = [("objectives", REBEL, 0, 0)]
    s.battle = bt
    s.stack.clear()
    advance(s)
    assert isinstance(s.stack[-1], PlayObjective)
    s.rng = Rng(seed)
    edited(s, "a combat set up by hand, its dice seeded")
    return s


def texts(s: RebellionState, kinds: tuple[str, ...]) -> list[str]:
    return [s.narrate(e) for e in s.log if e.kind in kinds]


def test_rr190_the_ring_rerolls_a_death_star_plans_die_into_a_direct_hit() -> None:
    """Seed 11 rolls special, hit, special; the ring's reroll of die 2 is a direct hit: the
    Death Star is destroyed and the card played (2 reputation)."""
    s = plans(seed=11)
    s.apply(Objective(objective_card(PLANS)))
    top = s.stack[-1]
    assert top == PlansReroll(player=REBEL, card=PLANS, target=DEATH_STAR)
    assert s.mission_dice == [[("red", "special"), ("red", "hit"), ("red", "special")], []]
    assert s.current_player == REBEL
    assert s.legal_actions() == [YodaReroll(0), YodaReroll(1), YodaReroll(2), Pass()]
    assert s.prompt == (
        "Rebel: Death Star Plans against the Death Star: no direct hit (red special, red "
        f"hit, red special); reroll one die with {RING}, or leave the dice"
    )
    assert s.describe(YodaReroll(1)) == f"Reroll Death Star Plans' die 2 (red hit) with {RING}"
    assert s.describe(Pass()) == (
        "Leave the dice: no direct hit, Death Star Plans (stage II) goes back to your hand"
    )
    check_state(s, Rng(3), "Death Star Plans' reroll")
    s.apply(YodaReroll(1))
    assert s.yoda_round == s.round == 1 and s.mission_dice == [[], []]
    assert texts(s, ("ring_used", "dice_rerolled", "units_destroyed")) == [
        "Princess Leia used the Master Yoda ring",
        "Rebel rerolled die 2: now direct hit",
        "1 Death Star destroyed (Death Star Plans)",
    ]
    assert s.board.units[NABOO][DEATH_STAR] == 0
    assert s.zones["objective_discard"] == [PLANS_CARD]
    assert s.board.reputation == 12  # 14, 2 toward the time marker
    assert not isinstance(s.stack[-1], PlansReroll)


def test_rr190_a_reroll_that_misses_and_a_declined_reroll() -> None:
    """Seed 0 rolls 3 hits and the reroll a blank: the card goes back to the hand, the ring
    used for the round; declining leaves the ring unused and the card goes back too."""
    s = plans(seed=0)
    s.apply(Objective(objective_card(PLANS)))
    assert isinstance(s.stack[-1], PlansReroll) and s.mission_dice[REBEL] == [("red", "hit")] * 3
    s.apply(YodaReroll(0))
    assert texts(s, ("dice_rerolled", "objective_back_to_hand")) == [
        "Rebel rerolled die 1: now blank",
        "No direct hit: Death Star Plans (stage II) went back to the Rebels' hand",
    ]
    assert s.yoda_round == 1 and s.board.units[NABOO][DEATH_STAR] == 1
    assert s.zones["objective_hand"] == [PLANS_CARD]

    s = plans(seed=0)
    s.apply(Objective(objective_card(PLANS)))
    s.apply(Pass())
    assert s.yoda_round == 0 and s.board.units[NABOO][DEATH_STAR] == 1
    assert s.mission_dice == [[], []]
    assert not any(e.kind in ("ring_used", "dice_rerolled") for e in s.log)
    assert s.zones["objective_hand"] == [PLANS_CARD]


def test_rr190_no_reroll_after_a_direct_hit_elsewhere_or_once_used() -> None:
    """No reroll is offered when the roll already has a direct hit (seed 2: blank, direct
    hit, special), when the ring's leader is not in the combat's system, when the ring was
    used this round, or without the ring."""
    s = plans(seed=2)
    s.apply(Objective(objective_card(PLANS)))
    assert s.board.units[NABOO][DEATH_STAR] == 0 and s.yoda_round == 0
    for t in (plans(0, leia="Kessel"), plans(0, ring=False)):
        t.apply(Objective(objective_card(PLANS)))
        assert not isinstance(t.stack[-1], PlansReroll)
        assert t.zones["objective_hand"] == [PLANS_CARD]
    used = plans(seed=0)
    used.yoda_round = used.round
    used.apply(Objective(objective_card(PLANS)))
    assert not isinstance(used.stack[-1], PlansReroll)


def test_rr190_in_a_team_game_the_wearer_decides() -> None:
    """RR-187: a ring's ability is its wearer's seat's: Leia is a General (orange), so the
    Rebel General decides the reroll though the space battle is the Admiral's."""
    s = plans(seed=0, players=4)
    s.apply(Objective(objective_card(PLANS)))
    assert isinstance(s.stack[-1], PlansReroll)
    assert s.current_player == team.seat(4, REBEL, team.GENERAL) == 2
    assert s.prompt.startswith("Rebel General: Death Star Plans against the Death Star")
    s.apply(YodaReroll(2))
    assert s.yoda_round == 1
