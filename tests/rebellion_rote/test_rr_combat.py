"""Cinematic Combat: scenarios with exact outcomes (research §5, §8.6, §8.7; RR-23, RR-24)."""

from __future__ import annotations

from rr_helpers import edited

from rebellion_rote.actions import (
    Activate,
    Hit,
    Mark,
    Move,
    Pass,
    Reroll,
    Retreat,
    Stop,
    SystemChoice,
    Tactic,
    UseAbility,
)
from rebellion_rote.battle import Battle
from rebellion_rote.data import IMPERIAL, REBEL, TACTICS, leader_id, system_id, unit_id
from rebellion_rote.decisions import ChooseAbility, ChooseTactic, Combat, CommandTurn, MoveUnits
from rebellion_rote.ids import tactic_card
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.state import RebellionState

NABOO = system_id("Naboo")
MALASTARE = system_id("Malastare")
U = unit_id


def card(name: str) -> int:
    return next(i for i, t in enumerate(TACTICS) if t.name == name)


def fight(
    units: dict[str, dict[str, int]], leaders: dict[str, str] | None = None, attacker: int = 1
) -> RebellionState:
    """A combat in Naboo with no step run yet: helpers are called directly."""
    s = position(units=units, leaders=leaders or {}, player="Imperial")
    s.battle = Battle(system=NABOO, attacker=attacker, after="activation", round=1)
    s.battle.first = [attacker, attacker]
    return s


def test_an_activation_starts_a_combat_and_a_leader_may_join() -> None:
    s = position(
        player="Imperial",
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
    )
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    top = s.stack[-1]
    # Vader (tactic values) leads the Empire; the Rebels may add a pool leader
    assert isinstance(top, Combat) and top.player == REBEL and top.system == NABOO
    assert s.battle.came_from == [MALASTARE]
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseTactic) and s.current_player == REBEL


def test_rr15_tactic_choice_hidden_until_both_are_in() -> None:
    """RR-15, RR-17: Rebels first; the other side sees only that a card was chosen."""
    s = position(
        player="Imperial",
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
    )
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    s.apply(Pass())
    rogue = card("Rogue Squadron Support")
    s.apply(Tactic(tactic_card(rogue)))
    assert s.view(IMPERIAL)["state"]["battle"]["chosen"] == [-2, None]
    assert s.view(REBEL)["state"]["battle"]["chosen"] == [tactic_card(rogue), None]
    assert s.view(REBEL)["log"][-1]["kind"] == "tactic_chosen"
    assert s.view(REBEL)["log"][-1]["card"] == tactic_card(rogue)
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "tactic_chosen_hidden"
    s.apply(Tactic(tactic_card(card("Tractor Beam"))))
    assert s.battle.revealed
    assert s.view(IMPERIAL)["state"]["battle"]["chosen"] == [
        tactic_card(rogue),
        tactic_card(card("Tractor Beam")),
    ]
    revealed = s.view(IMPERIAL)["log"][-1]
    assert revealed["kind"] == "tactics_revealed"
    assert revealed["cards"] == (tactic_card(rogue), tactic_card(card("Tractor Beam")))
    # the current player (the Empire) resolves first; a Star Destroyer is there for the top
    top = s.stack[-1]
    assert isinstance(top, ChooseAbility) and top.player == IMPERIAL
    assert s.legal_actions() == [UseAbility(0), UseAbility(1), UseAbility(2)]


def test_a_top_ability_needs_its_unit() -> None:
    s = fight({"Naboo": {"X-wing": 1, "TIE Fighter": 1}})
    rogue = TACTICS[card("Rogue Squadron Support")]
    bombing = TACTICS[card("Bombing Run")]
    assert C.usable(s, REBEL, rogue.top)  # an X-wing is there
    assert not C.usable(s, REBEL, bombing.top)  # no Y-wing
    assert C.usable(s, REBEL, bombing.bottom)


def test_a_unit_destroyed_by_a_card_meets_requirements_until_both_cards_resolve() -> None:
    s = fight({"Naboo": {"Stormtrooper": 1, "Rebel Trooper": 2}})
    s.battle.doomed = [U("Stormtrooper")]  # Hold Them Back destroyed it
    assert C.usable(s, IMPERIAL, TACTICS[card("Support of the 501st")].top)
    assert C.attack_dice(s, IMPERIAL, C.GROUND) == (0, 0, 0)  # it does not roll
    C.step_remove_doomed(s, -1, C.GROUND, 0)
    assert s.board.units[NABOO][U("Stormtrooper")] == 0


def test_attack_dice_caps_and_ion_cannons() -> None:
    s = fight({"Naboo": {"Star Destroyer": 4, "X-wing": 1}})
    assert C.attack_dice(s, IMPERIAL, C.SPACE) == (5, 4, 0)  # 8 red capped at 5
    s.board.add_unit(U("Ion Cannon"), NABOO)
    assert C.attack_dice(s, IMPERIAL, C.SPACE) == (5, 4, 0)  # 8 - 2 = 6, still capped
    s.board.add_unit(U("Ion Cannon"), NABOO, 2)
    assert C.attack_dice(s, IMPERIAL, C.SPACE) == (2, 4, 0)  # 8 - 6, before the cap
    s.board.add_unit(U("Interdictor"), NABOO, 3)
    assert C.attack_dice(s, IMPERIAL, C.SPACE)[2] == 3  # 6 green capped at 3


def test_rr23_golan_arms_turret_rolls_in_the_ground_battle() -> None:
    """RR-23: the Golan Arms Turret's 2 green dice roll in the ground battle, not in space."""
    s = fight({"Naboo": {"Golan Arms Turret": 1, "Stormtrooper": 1, "X-wing": 1}})
    assert C.attack_dice(s, REBEL, C.GROUND) == (0, 0, 2)
    assert C.attack_dice(s, REBEL, C.SPACE) == (0, 1, 0)


def test_prevention_removes_the_attackers_matching_dice() -> None:
    """The rulesheet's example: prevent 2 black hits against 3 black hits, 1 red hit,
    1 black direct hit leaves 1 black hit, 1 red hit, 1 black direct hit."""
    s = fight({"Naboo": {"X-wing": 1, "TIE Fighter": 1}})
    s.battle.prevent[IMPERIAL] = [("black", "hit", 2)]
    s.battle.dice = [
        ("black", "hit"),
        ("black", "hit"),
        ("black", "hit"),
        ("red", "hit"),
        ("black", "direct_hit"),
    ]
    C.prevent(s, REBEL)
    assert s.battle.dice == [("black", "hit"), ("red", "hit"), ("black", "direct_hit")]


def test_hits_go_on_their_colour_direct_hits_anywhere() -> None:
    s = fight({"Naboo": {"X-wing": 1, "TIE Fighter": 1, "Star Destroyer": 1}})
    s.battle.dice = [("red", "hit"), ("black", "direct_hit"), ("green", "direct_hit")]
    assert C.hit_targets(s, REBEL, C.SPACE, 0) == [Hit(U("Star Destroyer"), 0)]
    both = [Hit(U("TIE Fighter"), 0), Hit(U("Star Destroyer"), 0)]
    assert C.hit_targets(s, REBEL, C.SPACE, 1) == both
    assert C.hit_targets(s, REBEL, C.SPACE, 2) == both


def test_damage_accumulates_and_destroys_at_the_end_of_the_battle() -> None:
    s = fight({"Naboo": {"X-wing": 1, "Star Destroyer": 2}})
    sd = U("Star Destroyer")
    C.add_damage(s, sd, 0, 3)
    C.step_destroy(s, -1, C.SPACE, 0)
    assert s.board.units[NABOO][sd] == 2 and s.battle.damage[sd] == [3]
    assert C.levels(s, sd) == [3, 0]
    C.add_damage(s, sd, 3)
    assert s.board.units[NABOO][sd] == 2  # still there until the battle ends
    C.step_destroy(s, -1, C.SPACE, 0)
    assert s.board.units[NABOO][sd] == 1 and s.battle.damage[sd] == []


def test_specials_remove_damage_of_their_colour_and_the_leader_reroll() -> None:
    s = fight({"Naboo": {"X-wing": 1, "Star Destroyer": 1}}, {"Darth Vader": "Naboo"})
    sd = U("Star Destroyer")
    C.add_damage(s, sd, 0, 2)
    s.battle.dice = [("red", "special"), ("black", "special"), ("red", "blank")]
    from rebellion_rote.decisions import AttackActions

    s.stack.append(AttackActions(player=IMPERIAL, theater=C.SPACE))
    edited(s, "a combat step set by hand")
    acts = s.legal_actions()
    # Vader's space value is 2: up to 2 dice marked; only the red special can repair
    assert [a.kind for a in acts].count("mark") == 3
    assert [a for a in acts if a.kind == "spend"] == [C.Spend(0)]
    s.apply(Mark(1))
    s.apply(Mark(2))
    assert not [a for a in s.legal_actions() if a.kind == "mark"]  # the value is reached
    s.apply(Reroll())
    assert not [a for a in s.legal_actions() if a.kind in ("mark", "reroll")]  # once an attack


def test_rr_structures_survive_a_round_their_owner_rolled_in() -> None:
    """Research §8.6: structures alone against ground units go unless their side rolled."""
    s = fight({"Naboo": {"Shield Generator": 1, "Golan Arms Turret": 1, "Stormtrooper": 1}})
    s.battle.rolled = [True, True]
    C.step_round_end(s, -1, -1, 0)
    assert s.board.units[NABOO][U("Shield Generator")] == 1
    s.battle.rolled = [False, True]
    C.step_round_end(s, -1, -1, 0)
    assert s.board.units[NABOO][U("Shield Generator")] == 0
    assert s.board.units[NABOO][U("Golan Arms Turret")] == 0


def test_a_lone_dsuc_against_ships_is_destroyed_with_its_queued_death_star() -> None:
    s = fight({"Naboo": {"Death Star Under Construction": 1, "X-wing": 1}})
    s.board.queue[IMPERIAL * 3 + 2].append(U("Death Star"))
    C.step_round_end(s, -1, -1, 0)
    assert s.board.units[NABOO][U("Death Star Under Construction")] == 0
    assert U("Death Star") not in s.board.queue[IMPERIAL * 3 + 2]


def test_shield_bunker_protects_the_death_star_under_construction() -> None:
    s = fight({"Naboo": {"Death Star Under Construction": 1, "Shield Bunker": 1, "X-wing": 1}})
    dsuc = U("Death Star Under Construction")
    assert C.protected(s, dsuc)
    s.battle.dice = [("black", "direct_hit")]
    assert C.hit_targets(s, REBEL, C.SPACE, 0) == []
    C.step_round_end(s, -1, -1, 0)
    assert s.board.units[NABOO][dsuc] == 1  # not destroyed while the bunker stands


def test_the_combat_ends_when_no_theater_is_shared_and_damage_goes() -> None:
    s = fight({"Naboo": {"X-wing": 1, "Star Destroyer": 1}})
    C.add_damage(s, U("Star Destroyer"), 0, 2)
    s.board.units[NABOO][U("X-wing")] = 0
    s.battle.steps = [("next", -1, -1, 0)]
    C.advance(s)
    assert not s.battle.active
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL
    assert any(e.kind == "combat_ended" for e in s.log[-2:])


def test_retreat_limits() -> None:
    units = {"Naboo": {"X-wing": 2, "Rebel Trooper": 1, "Star Destroyer": 1}}
    s = fight(units, {"Jan Dodonna": "Naboo"})
    assert C.can_retreat(s, REBEL) == [leader_id("Jan Dodonna")]
    s.board.add_unit(U("Interdictor"), NABOO)
    assert C.can_retreat(s, REBEL) == []  # an Interdictor holds the Rebels
    s = fight(units)
    assert C.can_retreat(s, REBEL) == []  # no leader there
    s = fight(
        {"Naboo": {"X-wing": 1, "Star Destroyer": 1, "Death Star": 1}},
        {"Darth Vader": "Naboo"},
    )
    assert C.can_retreat(s, IMPERIAL) == []  # a Death Star holds the Empire
    s = fight(units, {"Jan Dodonna": "Naboo"})
    s.battle.came_from = [MALASTARE]
    assert MALASTARE not in C.retreat_destinations(s, REBEL)


def test_retreat_moves_every_ship_and_removes_their_damage() -> None:
    s = fight(
        {"Naboo": {"X-wing": 1, "Rebel Transport": 1, "Rebel Trooper": 2}}, {"Jan Dodonna": "Naboo"}
    )
    s.board.add_unit(U("Star Destroyer"), NABOO)
    C.add_damage(s, U("Rebel Transport"), 0)
    s.battle.steps = [("retreat", REBEL, -1, 0)]
    C.advance(s)
    s.apply(Retreat(leader_id("Jan Dodonna")))
    dst = s.legal_actions()[0]
    assert isinstance(dst, SystemChoice)
    s.apply(dst)
    assert Stop() not in s.legal_actions()  # ships first, and every ship must go
    s.apply(Move(U("Rebel Transport"), NABOO))
    s.apply(Move(U("Rebel Trooper"), NABOO))  # carried by the transport
    s.apply(Move(U("X-wing"), NABOO))
    assert Stop() in s.legal_actions()
    assert s.battle.damage[U("Rebel Transport")] == []
    s.apply(Stop())
    assert s.board.units[NABOO][U("Rebel Trooper")] == 1
    assert isinstance(s.stack[-1], CommandTurn)  # no theater shared: the combat is over


def test_a_defender_with_a_cancel_card_picks_first() -> None:
    s = fight({"Naboo": {"Corellian Corvette": 1, "Star Destroyer": 1}})
    s.battle.chosen = [card("Outrun Them"), card("Tractor Beam")]
    s.battle.revealed = True
    s.battle.steps = [("resolve", -1, C.SPACE, 0)]
    C.advance(s)
    top = s.stack[-1]
    assert isinstance(top, ChooseAbility) and top.player == REBEL and top.first
    s.apply(UseAbility(1))  # cancel: the Imperial card is discarded unresolved
    assert [e.kind for e in s.log[-3:]].count("card_canceled") == 1
    canceled = [e for e in s.log[-3:] if e.kind == "card_canceled"]
    assert canceled[0].card == C.tactic_card(card("Tractor Beam"))  # type: ignore[attr-defined]
    assert s.zones["tactic_discard_1_space"] == [C.tactic_card(card("Tractor Beam"))]


HALT = ("choose", IMPERIAL, 1, 0)
"""An agenda step that stops the combat at a decision (the Empire's next ground card)."""


def resolve_card(s: RebellionState, p: int, name: str, which: int) -> None:
    """``p`` resolves ability ``which`` of card ``name`` now (its effects run), then the
    combat waits at the Empire's next card choice."""
    th = C.THEATERS.index(TACTICS[card(name)].theater)
    s.battle.steps = [HALT]
    C.resolve(s, p, card(name), which, th)
    C.advance(s)


def test_tractor_beam_captures_a_leader_who_stayed_when_the_rebel_ships_are_gone() -> None:
    s = fight(
        {"Naboo": {"Star Destroyer": 1, "Rebel Trooper": 1, "Stormtrooper": 1}},
        {"Princess Leia": "Naboo", "Darth Vader": "Naboo"},
    )
    resolve_card(s, IMPERIAL, "Tractor Beam", 1)
    assert s.battle.round_end[IMPERIAL] == ["capture"]
    s.stack.pop()
    s.battle.steps = [("after_retreat", IMPERIAL, -1, 0), HALT]
    C.advance(s)
    assert s.legal_actions() == [C.Target(leader_id("Princess Leia"))]
    s.apply(C.Target(leader_id("Princess Leia")))
    assert s.board.captured == leader_id("Princess Leia")


def test_ion_blast_damage_cannot_be_removed_this_battle() -> None:
    s = fight({"Naboo": {"Ion Cannon": 1, "X-wing": 1, "Star Destroyer": 2}})
    sd = U("Star Destroyer")
    C.add_damage(s, sd, 0)  # one Star Destroyer has 1 damage already
    resolve_card(s, REBEL, "Ion Blast", 1)
    assert s.legal_actions() == [Hit(sd, 1), Hit(sd, 0)]  # two figures fit: the Rebels choose
    s.apply(Hit(sd, 0))
    assert s.battle.damage[sd] == [1, 1] and s.battle.frozen == [(sd, 1)]
    assert C.repair_levels(s, sd) == [1]  # the other damaged one may still be repaired
    C.add_damage(s, sd, 1)  # more damage: the blasted figure takes it
    assert s.battle.frozen == [(sd, 2)] and C.repair_levels(s, sd) == [1]


def test_rr24_planetary_shield_moves_damage_onto_one_generator_when_resolved() -> None:
    """RR-24: the damage moves when the card is resolved, one point at a time."""
    s = fight({"Naboo": {"Shield Generator": 1, "Rebel Trooper": 2, "AT-ST": 1}})
    tr, sg = U("Rebel Trooper"), U("Shield Generator")
    s.battle.damage[tr] = [1, 1]
    resolve_card(s, REBEL, "Planetary Shield", 1)
    assert s.legal_actions() == [Hit(sg, 0)]
    s.apply(Hit(sg, 0))
    assert s.legal_actions() == [C.Repair(tr, 1), Stop()]
    s.apply(C.Repair(tr, 1))
    s.apply(C.Repair(tr, 1))
    assert s.battle.damage[tr] == [] and s.battle.damage[sg] == [2]


def test_escape_plan_retreats_at_once_and_cancels_the_imperial_card() -> None:
    s = fight(
        {"Naboo": {"Rebel Transport": 1, "Rebel Trooper": 1, "Stormtrooper": 1, "TIE Fighter": 1}},
        {"Jan Dodonna": "Naboo"},
    )
    s.battle.chosen = [card("Escape Plan"), card("Overrun")]
    s.battle.revealed = True
    s.battle.steps = [("resolve", -1, C.GROUND, 0), HALT]
    C.advance(s)
    top = s.stack[-1]
    assert isinstance(top, ChooseAbility) and top.player == REBEL and top.first  # a cancel card
    s.apply(UseAbility(1))
    s.apply(Retreat(leader_id("Jan Dodonna")))
    s.apply(s.legal_actions()[0])
    s.apply(Move(U("Rebel Transport"), NABOO))
    s.apply(Stop())
    assert s.battle.retreat_round[REBEL] == 1
    assert any(e.kind == "card_canceled" for e in s.log[-4:])


def test_rr25_confrontation_marks_a_leader_in_the_system_and_leaves_the_game() -> None:
    """RR-25: the marked leader is an Imperial leader in the combat's system, marked
    before the retreat step."""
    s = fight({"Naboo": {"Rebel Trooper": 1}}, {"Darth Vader": "Naboo"})
    s.battle.round_end[REBEL] = [f"confront:{card('Confrontation')}"]
    s.battle.ground_lost[IMPERIAL] = True  # the last Stormtrooper fell this round
    s.move(
        C.tactic_card(card("Confrontation")),
        "tactics_0_ground",
        "tactic_discard_0_ground",
    )
    s.battle.steps = [("confrontation", REBEL, -1, 0), HALT]
    C.advance(s)
    s.apply(C.Target(leader_id("Darth Vader")))
    assert s.doomed_leaders == [leader_id("Darth Vader")]
    assert s.zones["tactics_removed_0"] == [C.tactic_card(card("Confrontation"))]


def test_deployment_gains_a_triangle_ground_unit_of_the_rebels_choice() -> None:
    s = fight({"Naboo": {"U-wing": 1, "TIE Fighter": 1}})
    resolve_card(s, REBEL, "Deployment", 1)
    assert {a.unit for a in s.legal_actions()} == {U("Rebel Trooper"), U("Rebel Vanguard")}
    s.apply(C.Place(U("Rebel Vanguard"), NABOO))
    assert s.board.units[NABOO][U("Rebel Vanguard")] == 1


def test_lone_rebel_transports_must_retreat_or_are_destroyed() -> None:
    s = fight({"Naboo": {"Rebel Transport": 2, "Star Destroyer": 1}})
    assert C.rebel_ships_must_go(s)
    s.battle.steps = [("retreat", REBEL, -1, 0)]
    C.advance(s)  # no leader there: they cannot retreat
    assert s.board.units[NABOO][U("Rebel Transport")] == 0
    s = fight({"Naboo": {"Rebel Transport": 1, "Star Destroyer": 1}}, {"Jan Dodonna": "Naboo"})
    s.battle.steps = [("retreat", REBEL, -1, 0)]
    C.advance(s)
    assert Pass() not in s.legal_actions()  # a retreat is forced


def test_a_death_star_silenced_by_ion_cannons_forces_the_rebel_ships_out() -> None:
    """FAQ: the only Imperial ship a Death Star that rolls nothing (2 Ion Cannons), no
    Imperial ground unit: the Rebel ships must retreat."""
    s = fight({"Naboo": {"Death Star": 1, "Ion Cannon": 2, "X-wing": 1}})
    assert C.rebel_ships_must_go(s)
    s.board.add_unit(U("Stormtrooper"), NABOO)
    assert not C.rebel_ships_must_go(s)


def test_a_marked_leader_is_eliminated_at_the_end_of_the_command_phase() -> None:
    from rebellion_rote.board import ELIMINATED

    s = position(player="Rebel")
    s.doomed_leaders = [leader_id("Darth Vader")]
    s.apply(Pass())
    s.apply(Pass())
    assert s.board.leader_status[leader_id("Darth Vader")] == ELIMINATED
    assert s.doomed_leaders == []


def test_a_destroyed_system_has_no_ground_battle() -> None:
    s = fight({"Naboo": {"Rebel Trooper": 1, "Stormtrooper": 1, "X-wing": 1, "TIE Fighter": 1}})
    assert C.shares(s, C.GROUND)
    s.board.destroyed[NABOO] = True
    assert not C.shares(s, C.GROUND) and C.shares(s, C.SPACE)


def test_rr25_confrontation_with_no_imperial_leader_there_marks_nobody() -> None:
    """RR-25: with no Imperial leader in the system nothing is marked; the card still goes."""
    s = fight({"Naboo": {"Rebel Trooper": 1}})
    s.battle.round_end[REBEL] = [f"confront:{card('Confrontation')}"]
    s.battle.ground_lost[IMPERIAL] = True
    conf = C.tactic_card(card("Confrontation"))
    s.move(conf, "tactics_0_ground", "tactic_discard_0_ground")
    s.battle.steps = [("confrontation", REBEL, -1, 0), HALT]
    C.advance(s)
    assert s.doomed_leaders == [] and s.zones["tactics_removed_0"] == [conf]


def test_random_combats_keep_the_contract() -> None:
    """Random combats from rich positions, to their end: the core's expensive checks
    (illegal actions, clone, JSON, views that leak nothing under resampling)."""
    import random

    from rebellion_rote import GAME
    from tabletop import Rng, registered
    from tabletop.testing import check_state

    with registered(GAME):
        for seed in range(6):
            r = random.Random(seed)
            s = position(
                player="Imperial",
                seed=seed,
                units={
                    "Naboo": {
                        "X-wing": r.randint(0, 3),
                        "Rebel Transport": 1,
                        "Corellian Corvette": r.randint(0, 1),
                        "Rebel Trooper": r.randint(0, 3),
                        "Shield Generator": r.randint(0, 1),
                        "Golan Arms Turret": r.randint(0, 1),
                        "Ion Cannon": r.randint(0, 1),
                        "U-wing": 1,
                        "Airspeeder": 1,
                    },
                    "Malastare": {
                        "Star Destroyer": 1,
                        "TIE Fighter": r.randint(0, 4),
                        "Stormtrooper": r.randint(1, 3),
                        "AT-ST": r.randint(0, 1),
                        "TIE Striker": r.randint(0, 2),
                        "Interdictor": r.randint(0, 1),
                    },
                },
                leaders={"Jan Dodonna": "Naboo"} if seed % 2 else {},
            )
            s.apply(SystemChoice(NABOO))
            s.apply(Activate(leader_id("Darth Vader")))
            while isinstance(s.stack[-1], MoveUnits):
                moves = [a for a in s.legal_actions() if isinstance(a, Move)]
                s.apply(r.choice(moves) if moves else Stop())
            rng, n = Rng(seed), 0
            while not s.is_terminal and s.battle.active:
                if n % 6 == 0:
                    check_state(s, rng, f"seed {seed} step {n}")
                s.apply(r.choice(s.legal_actions()))
                n += 1
            assert not s.battle.active or s.is_terminal


def test_rr16_rebel_end_of_round_abilities_resolve_first() -> None:
    """RR-16: Rogue One (Rebel) rescues the captive before Tractor Beam (Imperial) captures."""
    s = fight(
        {"Naboo": {"Rebel Trooper": 1, "Stormtrooper": 1, "Star Destroyer": 1}},
        {"Princess Leia": "Naboo", "Jan Dodonna": "Naboo", "Darth Vader": "Naboo"},
    )
    s.board.captured = leader_id("Jan Dodonna")
    s.battle.retreat_round = [1, 0]  # a unit retreated this round
    s.battle.round_end = [["rescue"], ["capture"]]
    s.battle.steps = [("after_retreat", REBEL, -1, 0), ("after_retreat", IMPERIAL, -1, 0), HALT]
    C.advance(s)
    assert s.legal_actions() == [C.Target(leader_id("Princess Leia"))]
    s.apply(C.Target(leader_id("Princess Leia")))
    order = [(e.kind, e.leader) for e in s.log if e.kind in ("rescued", "captured")]
    assert order == [
        ("rescued", leader_id("Jan Dodonna")),
        ("captured", leader_id("Princess Leia")),
    ]
    assert s.board.captured == leader_id("Princess Leia")
