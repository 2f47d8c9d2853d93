"""Review of the Command Phase's movement and Cinematic Combat: scenarios pinning the
rules found wrong or unruled (research §4.3, §5.4, §6.3, §8.7, §8.10; RR-48..)."""

from __future__ import annotations

from rr_helpers import edited

from rebellion_rote.battle import Battle
from rebellion_rote.data import IMPERIAL, REBEL, TACTICS, leader_id, system_id, unit_id
from rebellion_rote.decisions import ChooseLeader, RetreatChoice
from rebellion_rote.ids import tactic_card
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.state import RebellionState

NABOO = system_id("Naboo")
U = unit_id


def card(name: str) -> int:
    return next(i for i, t in enumerate(TACTICS) if t.name == name)


def fight(
    units: dict[str, dict[str, int]], leaders: dict[str, str] | None = None, attacker: int = 1
) -> RebellionState:
    """A combat in Naboo with no step run yet."""
    s = position(units=units, leaders=leaders or {}, player="Imperial")
    s.battle = Battle(system=NABOO, attacker=attacker, after="activation", round=1)
    s.battle.first = [attacker, attacker]
    return s


def test_confrontation_marks_a_leader_who_then_retreats() -> None:
    """Research §8.10 (FAQ): Confrontation's leader may retreat and is still eliminated.
    The leader is marked once the last Imperial ground unit fell, before the retreat
    step, so the Empire's retreat that round does not save him."""
    s = fight(
        {"Naboo": {"Rebel Trooper": 1, "Star Destroyer": 1}},
        {"Darth Vader": "Naboo"},
    )
    conf = card("Confrontation")
    s.move(C.tactic_card(conf), "tactics_0_ground", "tactic_discard_0_ground")
    s.battle.round = 0
    C.STEPS["round"](s, -1, -1, 0)  # round 1: no battle is shared any more
    s.battle.round_end[REBEL] = [f"confront:{conf}"]
    s.battle.ground_lost[IMPERIAL] = True  # the last Stormtrooper fell in the ground battle
    C.advance(s)
    top = s.stack[-1]
    assert isinstance(top, ChooseLeader) and top.player == REBEL
    s.apply(C.Target(leader_id("Darth Vader")))
    assert s.doomed_leaders == [leader_id("Darth Vader")]
    # then the Empire (the current player) may retreat Vader with the Star Destroyer
    assert isinstance(s.stack[-1], RetreatChoice) and s.current_player == IMPERIAL
    from rebellion_rote.actions import Move, Retreat, Stop

    s.apply(Retreat(leader_id("Darth Vader")))
    s.apply(s.legal_actions()[0])
    s.apply(Move(U("Star Destroyer"), NABOO))
    s.apply(Stop())
    assert s.board.leader_loc[leader_id("Darth Vader")] != NABOO
    assert s.doomed_leaders == [leader_id("Darth Vader")]


def test_confrontation_needs_the_last_ground_unit_destroyed_not_retreated() -> None:
    """Research §8.7: Confrontation's top needs the last Imperial ground unit *destroyed*
    this round; an Imperial ground unit carried away by a retreat was not destroyed."""
    s = fight(
        {"Naboo": {"Rebel Trooper": 1, "Stormtrooper": 1, "Star Destroyer": 1}},
        {"Darth Vader": "Naboo", "General Tagge": "Naboo"},
    )
    conf = card("Confrontation")
    s.move(C.tactic_card(conf), "tactics_0_ground", "tactic_discard_0_ground")
    s.battle.round = 0
    s.board.units[NABOO][U("Stormtrooper")] = 1
    C.STEPS["round"](s, -1, -1, 0)
    # skip the battles: one Stormtrooper fell this round, one is left
    s.battle.steps = [x for x in s.battle.steps if x[0] != "battle"]
    s.battle.round_end[REBEL] = [f"confront:{conf}"]
    s.battle.ground_lost[IMPERIAL] = True
    C.advance(s)
    # no leader to mark: an Imperial ground unit is still there
    assert isinstance(s.stack[-1], RetreatChoice) and s.current_player == IMPERIAL
    from rebellion_rote.actions import Move, Retreat, Stop

    s.apply(Retreat(leader_id("Darth Vader")))
    s.apply(s.legal_actions()[0])
    s.apply(Move(U("Star Destroyer"), NABOO))
    s.apply(Move(U("Stormtrooper"), NABOO))
    s.apply(Stop())
    assert s.doomed_leaders == []
    assert C.tactic_card(conf) not in s.zones["tactics_removed_0"]


def test_escape_plan_as_an_extra_card_retreats_but_cancels_nothing() -> None:
    """ROTE 'Canceling Cards': an additional card cannot be canceled and cannot cancel.
    Escape Plan played as Confrontation's extra card may still retreat at once; it just
    cancels no Imperial card."""
    from rebellion_rote.actions import Move, Retreat, Stop, Tactic, UseAbility
    from rebellion_rote.decisions import ChooseAbility

    s = fight(
        {"Naboo": {"Rebel Transport": 1, "Rebel Trooper": 1, "Stormtrooper": 1, "TIE Fighter": 1}},
        {"Jan Dodonna": "Naboo"},
    )
    overrun = card("Overrun")
    s.battle.chosen = [card("Confrontation"), overrun]
    s.battle.revealed = True
    s.battle.steps = [("resolve", -1, C.GROUND, 0), ("choose", IMPERIAL, 1, 0)]
    C.advance(s)
    # the Empire (current player) resolves first: neither ability, to keep it short
    s.apply(UseAbility(0))
    s.apply(UseAbility(2))  # Confrontation's bottom: one more card
    s.apply(Tactic(tactic_card(card("Escape Plan"))))
    top = s.stack[-1]
    assert isinstance(top, ChooseAbility) and top.extra and top.player == REBEL
    assert UseAbility(1) in s.legal_actions()  # the retreat half is open
    s.apply(UseAbility(1))
    s.apply(Retreat(leader_id("Jan Dodonna")))
    s.apply(s.legal_actions()[0])
    s.apply(Move(U("Rebel Transport"), NABOO))
    s.apply(Stop())
    assert s.battle.retreat_round[REBEL] == 1
    assert s.battle.canceled == [False, False]  # the extra card cancels nothing


def test_rr48_a_prevented_special_cannot_be_spent() -> None:
    """RR-48 (ROTE 'Preventing Hits', research §8.7): Escort's top prevents 1 special.
    Specials are spent as combat actions, before Assign Damage, where prevention removes
    dice; so the attacker may spend a special only while more are showing than the
    prevention names: of two red specials, Escort leaves one to spend."""
    from rebellion_rote.actions import Spend, Stop
    from rebellion_rote.decisions import AttackActions

    s = fight({"Naboo": {"Rebel Transport": 1, "Star Destroyer": 1}})
    sd = U("Star Destroyer")
    C.add_damage(s, sd, 0, 3)
    C.resolve(s, REBEL, card("Escort"), 1, C.SPACE)
    s.battle.steps = [*s.battle.steps, ("choose", IMPERIAL, 1, 0)]
    C.advance(s)
    assert ("", "special", 1) in s.battle.prevent[REBEL]
    s.battle.dice = [("red", "special"), ("red", "special"), ("black", "hit")]
    s.stack.append(AttackActions(player=IMPERIAL, theater=C.SPACE))
    edited(s, "a combat step set by hand")
    assert [a for a in s.legal_actions() if a.kind == "spend"] == [Spend(0), Spend(1)]
    s.apply(Spend(0))
    s.apply(C.Repair(sd, 3))
    assert s.battle.damage[sd] == [2]
    assert [a for a in s.legal_actions() if a.kind == "spend"] == []  # the last is prevented
    assert Stop() in s.legal_actions()


def test_rr49_the_captive_moves_only_with_an_imperial_ship() -> None:
    """RR-49 (research §6.3): the Empire moves the captured leader like a ground unit that
    uses no transport capacity: it needs an Imperial ship moving from its system, but
    takes none of that ship's room."""
    from rebellion_rote.actions import Activate, Move, MoveCaptive, SystemChoice

    malastare = system_id("Malastare")
    s = position(
        player="Imperial",
        units={"Malastare": {"Assault Carrier": 1, "Stormtrooper": 5}, "Naboo": {"X-wing": 1}},
        leaders={"Princess Leia": "Malastare"},
    )
    s.board.captured = leader_id("Princess Leia")
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(leader_id("Darth Vader")))
    assert (
        MoveCaptive(leader_id("Princess Leia")) not in s.legal_actions()
    )  # no ship carries her yet
    s.apply(Move(U("Assault Carrier"), malastare))
    for _ in range(4):  # the carrier's whole capacity
        s.apply(Move(U("Stormtrooper"), malastare))
    assert Move(U("Stormtrooper"), malastare) not in s.legal_actions()
    assert MoveCaptive(leader_id("Princess Leia")) in s.legal_actions()  # she takes no capacity
    s.apply(MoveCaptive(leader_id("Princess Leia")))
    assert s.board.leader_loc[leader_id("Princess Leia")] == NABOO


def test_rr50_retreat_is_not_held_by_leader_lock() -> None:
    """RR-50: the units follow the retreating leader even though another leader of their
    side stays in the system (research §5.4 moves one leader, then units after it)."""
    from rebellion_rote.actions import Move, Retreat, Stop, SystemChoice

    s = fight(
        {"Naboo": {"X-wing": 1, "Rebel Transport": 1, "Rebel Trooper": 1}},
        {"Jan Dodonna": "Naboo", "Princess Leia": "Naboo"},
    )
    s.board.add_unit(U("Star Destroyer"), NABOO)
    s.battle.steps = [("retreat", REBEL, -1, 0)]
    C.advance(s)
    assert {a for a in s.legal_actions() if isinstance(a, Retreat)} == {
        Retreat(leader_id("Jan Dodonna")),
        Retreat(leader_id("Princess Leia")),
    }
    s.apply(Retreat(leader_id("Jan Dodonna")))
    dst = s.legal_actions()[0]
    assert isinstance(dst, SystemChoice)
    s.apply(dst)
    s.apply(Move(U("Rebel Transport"), NABOO))
    s.apply(Move(U("X-wing"), NABOO))
    s.apply(Stop())
    b = s.board
    assert b.units[dst.system][U("Rebel Transport")] == 1 and b.units[dst.system][U("X-wing")] == 1
    assert b.leader_loc[leader_id("Princess Leia")] == NABOO  # she stays, with the trooper
    assert b.leader_loc[leader_id("Jan Dodonna")] == dst.system
