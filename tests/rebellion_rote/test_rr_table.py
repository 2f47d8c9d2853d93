"""What a UI reads of a Rebellion table (:mod:`rebellion_rote.table`): the facts of every
card, the targets of the legal actions, the combat's facts; exact facts of named cards
and of real positions."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from rr_helpers import command_phase, edited, fixed_game, new

from rebellion_rote import GAME
from rebellion_rote import decisions as D
from rebellion_rote.actions import (
    Assign,
    Hit,
    Lead,
    Mark,
    Place,
    Reroll,
    Second,
    SystemChoice,
    Tactic,
)
from rebellion_rote.battle import Battle
from rebellion_rote.data import (
    ACTIONS,
    IMPERIAL,
    LEADERS,
    MISSIONS,
    OBJECTIVES,
    PROBES,
    REBEL,
    REBEL_BASE,
    TACTICS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.ids import action_card, mission_card, objective_card, tactic_card
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.state import RebellionState
from rebellion_rote.table import CARD_FACTS, TARGET_KINDS
from tabletop import Rng
from tabletop.targets import Target
from tabletop.testing import play_and_check

pytestmark = pytest.mark.usefixtures("registered")

NABOO = system_id("Naboo")
KINDS = {"probe card", "mission", "project", "objective", "action card", "tactic card"}


def mission(name: str) -> int:
    return mission_card(next(i for i, m in enumerate(MISSIONS) if m.name == name))


def tactic(name: str) -> int:
    return next(i for i, t in enumerate(TACTICS) if t.name == name)


def action(name: str) -> int:
    return action_card(max(i for i, c in enumerate(ACTIONS) if c.name == name))


def objective(name: str, stage: int) -> int:
    return objective_card(
        next(i for i, o in enumerate(OBJECTIVES) if o.name == name and o.stage == stage)
    )


def facts(card: int) -> dict[str, Any]:
    info = GAME.new_state(seed=0)._card_info(card)
    assert info is not None
    return info


def strings(x: Any) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for v in x.values() for s in strings(v)]
    if isinstance(x, list):
        return [s for v in x for s in strings(v)]
    return []


# ---------------------------------------------------------------- card facts
def test_every_card_id_of_every_kind_has_facts_in_words() -> None:
    ids = (
        [system_id(p.system) for p in PROBES]
        + [mission_card(i) for i in range(len(MISSIONS))]
        + [tactic_card(i) for i in range(len(TACTICS))]
        + [objective_card(i) for i in range(len(OBJECTIVES))]
        + [action_card(i) for i in range(len(ACTIONS))]
    )
    assert sorted(ids) == sorted(CARD_FACTS) and len(ids) == 31 + 109 + 32 + 27 + 50
    s = GAME.new_state(seed=0)
    for c in ids:
        f = s._card_info(c)
        assert f is not None and f["id"] == c, c
        assert f["name"] and f["text"] and f["kind"] in KINDS, c
        assert f["lines"] and all(isinstance(x, str) and x for x in f["lines"]), c
        assert f["side"] in ("Rebel", "Imperial", None)
        json.dumps(f)
        for words in [f["name"], f["text"], *f["lines"], *strings(f.get("top"))]:
            assert not re.search(r"RR-\d|research|_", words), (c, words)
            assert not re.search(r"\b1 (dice|icons|cards|successes)\b", words), (c, words)
    # no card: Coruscant has no probe card, nothing past the last card of a kind
    for c in (system_id("Coruscant"), 99, mission_card(len(MISSIONS)), 332, 527, 650, -1):
        assert s._card_info(c) is None
    # a copy is a fresh dict
    s._card_info(mission("Build Alliance"))["name"] = "changed"  # type: ignore[index]
    assert facts(mission("Build Alliance"))["name"] == "Build Alliance"


def test_a_starting_mission_has_its_requirement_system_and_mode() -> None:
    f = facts(mission("Build Alliance"))
    assert f["kind"] == "mission" and f["side"] == "Rebel" and f["set"] == "starting"
    assert (f["skill"], f["skill_name"], f["requirement"], f["mode"]) == (
        "diplomacy",
        "Diplomacy",
        1,
        "attempt",
    )
    assert f["where"] == "a populous system" and f["portrait"] is None
    assert f["text"] == (
        "In a populous system: gain 1 loyalty there. The Rebels roll 2 more dice if they "
        "have a unit there."
    )
    assert f["lines"] == [
        "Requirement: 1 Diplomacy icon (minor icons count)",
        "Attempt: the opponent may send a leader to oppose it",
        "Played in a populous system",
        "Starting mission: back to hand after use",
    ]
    rapid = facts(mission("Rapid Mobilization"))
    assert rapid["mode"] == "resolve" and rapid["where"] == "the Rebel Base space"
    assert rapid["timing"] == "end of the Command Phase"
    assert "Resolved at the end of the Command Phase" in rapid["lines"]


def test_a_deck_mission_names_its_portrait_leader_and_set() -> None:
    f = facts(mission("Retrieve the Plans"))
    assert f["side"] == "Imperial" and f["skill"] == "spec_ops" and f["requirement"] == 3
    assert f["portrait"] == leader_id("Darth Vader") and f["portrait_name"] == "Darth Vader"
    assert f["set"] == "both" and f["box"] == "base game"
    assert "Leader icon: Darth Vader: assigned to it, 2 more successes" in f["lines"]
    assert "Attempted against the captured Rebel leader, in its system" in f["lines"]
    rescue = facts(mission("Critical Rescue"))
    assert rescue["set"] == "Rise of the Empire" and rescue["copies"] == 2
    assert "2 copies of this card" in rescue["lines"]
    project = facts(mission("Construct Factory"))
    assert project["kind"] == "project" and project["set"] == "project"
    assert project["where"] == "an Imperial system (Imperial loyalty or subjugated)"


def test_an_objective_has_its_stage_and_reward() -> None:
    plans = facts(objective("Death Star Plans", 2))
    assert (plans["stage"], plans["reputation"], plans["reward"]) == (2, 2, "2 reputation")
    assert plans["timing"] == "combat" and plans["lines"][:2] == [
        "Stage II",
        "Reward: 2 reputation",
    ]
    fear = facts(objective("Show No Fear", 3))
    assert fear["reward"] == (
        "1 reputation at the start of each later Refresh Phase while its target marker is on "
        "the board"
    )
    assert fear["markers"] == 1 and "Places 1 target marker" in fear["lines"]


def test_an_action_card_has_its_timing_and_leaders() -> None:
    design = facts(action("According to My Design"))
    assert design["timing"] == "Start of Combat" and design["starting"] is True
    assert design["leaders"] == [leader_id("Emperor Palpatine")]
    assert design["lines"][:2] == [
        "Timing: Start of Combat",
        "Starting action card: pictures Emperor Palpatine",
    ]
    million = facts(action("One in a Million"))
    assert million["starting"] is False and million["timing"] == "Special"
    assert million["leader_names"] == ["Luke Skywalker", "Wedge Antilles"]
    assert "Recruit card: recruits Luke Skywalker or Wedge Antilles" in million["lines"]
    son = facts(action("Son of Skywalker"))  # the Rise of the Empire replacement
    assert son["box"] == "Rise of the Empire" and "RR-" not in son["text"]


def test_a_tactic_card_has_both_abilities_and_the_top_requirement() -> None:
    f = facts(tactic_card(tactic("Swarm Tactics")))
    assert (f["kind"], f["side"], f["theater"]) == ("tactic card", "Imperial", "space")
    assert f["top"]["requires"] == unit_id("TIE Fighter")
    assert (
        f["top"]["text"] == "If the Empire has more fighters here than the Rebels, deal 2 damage."
    )
    assert f["bottom"] == {
        "text": "Deal 1 damage to a unit with black health.",
        "requires": None,
        "requires_name": None,
    }
    assert f["text"].startswith("Top (needs a TIE Fighter here): If the Empire")


def test_a_probe_card_names_its_system() -> None:
    f = facts(system_id("Mon Calamari"))
    assert f["kind"] == "probe card" and f["system"] == system_id("Mon Calamari")
    assert f["name"] == "Mon Calamari" and f["region"] == 1


def test_the_view_gives_facts_for_the_hands_and_the_mission_being_resolved() -> None:
    s = fixed_game()
    v = s.view(REBEL)
    hand = v["zones"]["missions0"]["cards"]
    assert hand and all(v["cards"][str(c)]["kind"] == "mission" for c in hand)
    assert v["cards"][str(mission("Build Alliance"))]["name"] == "Build Alliance"
    assert v["state"]["resolving_card"] is None and v["state"]["combat"] is None
    s.resolving = [REBEL, mission("Sabotage") - 100, 3, -1, 1, 0, 0, 0]
    v = s.view(IMPERIAL)
    assert v["state"]["resolving_card"] == mission("Sabotage")
    assert v["cards"][str(mission("Sabotage"))]["name"] == "Sabotage"


# ---------------------------------------------------------------- targets
def targets(s: RebellionState, a: Any) -> list[tuple[str, Any, str]]:
    return [(t.kind, t.id, t.role) for t in s.targets(a)]


def shown(s: RebellionState, player: int) -> None:
    """Every target of every legal action is shown by the deciding player's view."""
    v = s.view(player)
    for a, entry in zip(s.legal_actions(), v["legal_actions"]):
        assert entry["targets"] == [t.as_dict() for t in s.targets(a)]
        for t in s.targets(a):
            assert t.kind in GAME.target_kinds
            assert s._target_shown(t, v) == "", (a, t)


def test_the_pack_declares_its_target_kinds_and_the_rebel_base_space() -> None:
    assert GAME.target_kinds == TARGET_KINDS
    assert set(TARGET_KINDS) == {
        "system",
        "unit",
        "figure",
        "leader",
        "card",
        "die",
        "mission_die",
        "marker",
        "ring",
        "queue",
    }
    ui = GAME.ui
    assert ui["rebel_base_space"]["id"] == REBEL_BASE == len(ui["systems"])
    assert [r["name"] for r in ui["rings"]][:3] == [
        "Frozen in Carbonite",
        "Lure of the Dark Side",
        "Master Yoda",
    ]
    assert ui["skill_names"]["spec_ops"] == "Spec Ops"
    s = new()
    v = s.view(REBEL)
    assert s._target_shown(Target("system", REBEL_BASE), v) == ""
    assert s._target_shown(Target("system", REBEL_BASE + 1), v) == "no such system"
    assert s._target_shown(Target("die", (0, 0)), v) == "no combat in the view"


def test_a_set_up_placement_names_its_unit_and_system() -> None:
    s = new(seed=2)
    while not isinstance(s.stack[-1], D.PlaceUnits):
        s.apply(s.legal_actions()[0])
    p = s.current_player
    assert p is not None
    place = next(a for a in s.legal_actions() if isinstance(a, Place))
    assert targets(s, place) == [("unit", place.unit, ""), ("system", place.loc, "at")]
    shown(s, p)


def test_a_command_activation_names_its_system() -> None:
    s = command_phase()
    a = SystemChoice(NABOO)
    assert a in s.legal_actions()
    assert targets(s, a) == [("system", NABOO, "")]
    assert s.view(REBEL)["legal_actions"][s.legal_actions().index(a)]["targets"] == [
        {"kind": "system", "id": NABOO, "role": ""}
    ]
    shown(s, REBEL)


def test_a_mission_assignment_names_its_card_and_leader() -> None:
    s = fixed_game()
    card = mission("Build Alliance")
    assign = Assign(card)
    assert targets(s, assign) == [("card", card, "")]
    s.apply(assign)
    mothma = leader_id("Mon Mothma")
    assert targets(s, Lead(mothma)) == [("leader", mothma, ""), ("card", card, "to")]
    shown(s, REBEL)
    s.apply(Lead(mothma))
    second = next(a for a in s.legal_actions() if isinstance(a, Second))
    assert targets(s, second) == [("leader", second.leader, ""), ("card", card, "to")]


def fight(units: dict[str, dict[str, int]], leaders: dict[str, str]) -> RebellionState:
    """A combat in Naboo, the Empire the current player: helpers drive it directly."""
    s = position(units=units, leaders=leaders, player="Imperial")
    s.battle = Battle(system=NABOO, attacker=IMPERIAL, after="activation", round=1)
    s.battle.first = [IMPERIAL, IMPERIAL]
    return s


def test_a_die_assigned_names_its_unit_figure_and_die() -> None:
    s = fight(
        {"Naboo": {"X-wing": 2, "Mon Calamari Cruiser": 1, "Star Destroyer": 1}},
        {"Darth Vader": "Naboo"},
    )
    xw, mc = unit_id("X-wing"), unit_id("Mon Calamari Cruiser")
    C.add_damage(s, mc, 0, 1)
    s.battle.dice = [("red", "hit"), ("black", "direct_hit")]
    s.stack.append(D.AssignDamage(player=IMPERIAL, theater=C.SPACE, die=1))
    edited(s, "a combat step set by hand")
    hits = s.legal_actions()
    assert hits == [Hit(xw, 0), Hit(mc, 1)]
    assert targets(s, Hit(mc, 1)) == [
        ("unit", mc, ""),
        ("figure", (mc, 1), ""),
        ("die", (IMPERIAL, 1), "with"),
    ]
    shown(s, IMPERIAL)
    combat = s.view(REBEL)["state"]["combat"]
    rebels = combat["sides"][REBEL]
    cruiser = next(u for u in rebels["units"] if u["unit"] == mc)
    assert cruiser == {
        "unit": mc,
        "name": "Mon Calamari Cruiser",
        "theater": "space",
        "count": 1,
        "health": 4,
        "printed_health": 4,
        "health_colour": "red",
        "damage": [1],
        "doomed": 0,
        "can_be_damaged": True,
    }
    assert combat["dice"]["current"] == 1 and combat["dice"]["side"] == IMPERIAL
    assert [d["result"] for d in combat["dice"]["dice"]] == ["hit", "direct hit"]
    assert rebels["may"] == ["waiting"]
    assert combat["sides"][IMPERIAL]["may"] == ["assigning the damage of die 2"]


def test_a_reroll_mark_names_its_die_and_the_view_says_who_allows_it() -> None:
    s = fight({"Naboo": {"X-wing": 1, "Star Destroyer": 1}}, {"Darth Vader": "Naboo"})
    s.battle.dice = [("red", "special"), ("black", "special"), ("red", "blank")]
    s.stack.append(D.AttackActions(player=IMPERIAL, theater=C.SPACE))
    edited(s, "a combat step set by hand")
    assert targets(s, Mark(1)) == [("die", (IMPERIAL, 1), "")]
    shown(s, IMPERIAL)
    s.apply(Mark(1))
    s.apply(Mark(2))
    assert targets(s, Reroll()) == [("die", (IMPERIAL, 1), ""), ("die", (IMPERIAL, 2), "")]
    dice = s.view(REBEL)["state"]["combat"]["dice"]
    assert [d["marked"] for d in dice["dice"]] == [False, True, True]
    assert dice["reroll"] == {
        "leader": leader_id("Darth Vader"),
        "leader_name": "Darth Vader",
        "limit": 2,
        "marked": 2,
        "used": False,
        "words": "Leader reroll: up to 2 dice (Darth Vader's space tactic value)",
    }
    assert dice["yoda"] is None
    s.apply(Reroll())
    assert s.view(REBEL)["state"]["combat"]["dice"]["reroll"]["used"] is True


# ---------------------------------------------------------------- the combat in a real game
def until(s: RebellionState, rng: Rng, done: Any, limit: int = 5000) -> bool:
    for _ in range(limit):
        if s.is_terminal:
            return False
        if done(s):
            return True
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    return False


def test_a_real_combat_shows_both_forces_and_hides_a_chosen_tactic_card() -> None:
    for seed in range(20):
        s, rng = new(seed=seed), Rng(seed)

        def rebels_choose(s: RebellionState) -> bool:
            top = s.stack[-1]
            return (
                isinstance(top, D.ChooseTactic)
                and top.player == REBEL
                and not top.extra
                and not s.battle.good_intel
            )

        if until(s, rng, rebels_choose):
            break
    else:
        pytest.fail("no combat in 20 random games")
    bt = s.battle
    combat = s.view(IMPERIAL)["state"]["combat"]
    assert combat["system"] == bt.system and combat["round"] == bt.round >= 1
    assert combat["attacker"] == bt.attacker and combat["theater"] in ("space", "ground")
    assert combat["deciding"] == REBEL and combat["doing"].startswith("choosing a ")
    assert [side["side"] for side in combat["sides"]] == [REBEL, IMPERIAL]
    for side in combat["sides"]:
        assert side["units"] and all(
            len(u["damage"]) == u["count"] == s.board.units[bt.system][u["unit"]]
            for u in side["units"]
        )
        for ld in side["leaders"]:
            assert (ld["space"], ld["ground"]) == (
                LEADERS[ld["leader"]].space,
                LEADERS[ld["leader"]].ground,
            )
        assert set(side["tactic_deck"]) == {"space", "ground"}
    rebel_choice = s.legal_actions()[0]
    assert isinstance(rebel_choice, Tactic)
    s.apply(rebel_choice)
    card = rebel_choice.card
    hidden = {"card": None, "face_down": True}
    assert s.view(IMPERIAL)["state"]["combat"]["sides"][REBEL]["chosen"] == hidden
    assert s.view(None)["state"]["combat"]["sides"][REBEL]["chosen"] == hidden
    assert s.view(REBEL)["state"]["combat"]["sides"][REBEL]["chosen"] == {
        "card": card,
        "face_down": True,
    }
    # the old key is as it was
    assert s.view(IMPERIAL)["state"]["battle"]["chosen"][REBEL] == -2
    # a re-dealt hidden choice gives the Empire the same view
    r = s.resample(IMPERIAL, Rng(5))
    assert json.dumps(r.view(IMPERIAL)["state"]["combat"]) == json.dumps(
        s.view(IMPERIAL)["state"]["combat"]
    )
    if isinstance(s.stack[-1], D.ChooseTactic) and s.stack[-1].player == IMPERIAL:
        s.apply(s.legal_actions()[0])
        revealed = s.view(IMPERIAL)["state"]["combat"]["sides"][REBEL]["chosen"]
        assert revealed == {"card": card, "face_down": False}
        assert s.view(IMPERIAL)["cards"][str(card)]["kind"] == "tactic card"


# ---------------------------------------------------------------- the kit
@pytest.mark.parametrize(("options", "seed"), [(None, 11), ({"players": 4}, 13)])
def test_the_kit_passes_with_frequent_checks(options: dict[str, Any] | None, seed: int) -> None:
    play_and_check(GAME, options, seed, seed, check_every=5)
