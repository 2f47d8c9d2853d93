"""Playing objectives: every card's condition and reward, the windows and limits, the
Immediate cards and their markers, Death Star Plans in play, the Rebels' win on
reputation and the hidden hand (research §4.1, §4.5, §5.5, §7.1, §7.4, §8.2, §8.9;
RR-34, RR-35, RR-59..RR-69)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from rr_helpers import amend, assign, edited, take

from rebellion_rote import GAME
from rebellion_rote.actions import (
    Activate,
    Destroy,
    Move,
    Objective,
    Pass,
    QueueDestroy,
    RemoveMarker,
    Reveal,
    Stop,
    SystemChoice,
    Target,
)
from rebellion_rote.battle import Battle
from rebellion_rote.board import ELIMINATED, OFF
from rebellion_rote.data import (
    DATA_DIR,
    IMPERIAL,
    OBJECTIVE_CONDITIONS,
    OBJECTIVE_EFFECTS,
    OBJECTIVES,
    REBEL,
    SIDES,
    SYSTEMS,
    UNITS,
    ObjectiveDef,
    check_objectives,
    leader_id,
    load,
    marker_id,
    objective_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    CellDiscard,
    CommandTurn,
    DestroyQueued,
    DiscardObjectives,
    NewBase,
    ObjectiveLeader,
    PlaceTargetMarker,
    PlansTarget,
    PlayObjective,
    RapidMobilization,
    RemoveMarkers,
    SeizeControl,
)
from rebellion_rote.ids import objective_card, objective_of
from rebellion_rote.position import card_name, position
from rebellion_rote.rules.combat.flow import advance
from rebellion_rote.rules.objective_play import CONDITIONS, PLAY_EFFECTS
from rebellion_rote.rules.objectives import (
    IMMEDIATE,
    STAGE,
    draw_objectives,
    drawn_cards,
    return_to_deck,
    reveal_hand,
)
from rebellion_rote.state import RebellionState
from tabletop import CardDataError, Rng
from tabletop.testing import check_state

NABOO = system_id("Naboo")
HOTH = system_id("Hoth")
U = unit_id
SPACE, GROUND = 0, 1


def obj(name: str, stage: int = 0) -> int:
    """The objective's index (``objective <i>``)."""
    return objective_id(name, stage)


def card(name: str, stage: int = 0) -> int:
    """The objective's card id."""
    return objective_card(objective_id(name, stage))


def names(cards: list[int]) -> list[str]:
    return [OBJECTIVES[objective_of(c)].name for c in cards]


def hand(s: RebellionState) -> list[str]:
    return names(s.zones["objective_hand"])


def offered(s: RebellionState) -> list[str]:
    """The objectives the Rebels may play in the window on top of the stack ([] if none)."""
    if not isinstance(s.stack[-1], PlayObjective):
        return []
    return [
        OBJECTIVES[objective_of(a.card)].name for a in s.legal_actions() if isinstance(a, Objective)
    ]


def gains(s: RebellionState) -> list[tuple[str, int, int]]:
    return [
        (OBJECTIVES[objective_of(e.card)].name, e.amount, e.reputation)  # type: ignore[attr-defined]
        for e in s.log
        if e.kind == "reputation_gained"
    ]


# ================================================================ the refresh window
def at_refresh(**kw: Any) -> RebellionState:
    """A position at the Rebels' Command turn; both pass: the Refresh Phase begins."""
    s = position(**kw)
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase == "refresh"
    return s


def refresh_case(
    name: str, met: Mapping[str, Any], unmet: Mapping[str, Any], gain: int = 1, **kw: Any
) -> RebellionState:
    """``name`` is offered and gives ``gain`` with the facts ``met``; not offered with
    ``unmet``. Returns the state after playing it."""
    s = at_refresh(objectives=[name, "Crippling Blow"], **{**kw, **unmet})
    assert name not in offered(s)
    s = at_refresh(objectives=[name, "Crippling Blow"], **{**kw, **met})
    assert isinstance(s.stack[-1], PlayObjective) and s.stack[-1].window == "refresh"
    assert name in offered(s) and "Crippling Blow" not in offered(s)  # a combat card
    before = s.board.reputation
    s.apply(Objective(objective_card(obj(name))))
    assert s.board.reputation == before - gain
    assert gains(s)[-1] == (name, gain, before - gain)
    assert card(name) in s.zones["objective_discard"]
    assert hand(s)[0] == "Crippling Blow" and name not in hand(s)  # (a card drawn in step 4)
    return s


def test_cut_supply_lines() -> None:
    units = {"Coruscant": {"X-wing": 1}, "Mon Calamari": {"Y-wing": 1}}
    s = refresh_case(
        "Cut Supply Lines",
        met={"units": units, "loyalty": {"Mon Calamari": "Imperial", "Naboo": "Imperial"}},
        unmet={"units": units, "loyalty": {"Mon Calamari": "Imperial"}},
        sabotage=["Naboo"],
    )
    assert s.board.sabotage[NABOO]


def test_defend_the_people() -> None:
    four = {"Naboo": "Rebel", "Sullust": "Rebel", "Utapau": "Rebel", "Kessel": "Rebel"}
    units = {x: {"Rebel Trooper": 1} for x in four}
    refresh_case(
        "Defend the People",
        met={"loyalty": four, "units": units},
        unmet={"loyalty": {**four, "Kessel": ""}, "units": units},
    )


def test_regional_support() -> None:
    # region 4: Bespin and Mustafar are its populous systems (Endor, Hoth remote)
    refresh_case(
        "Regional Support",
        met={"loyalty": {"Bespin": "Rebel", "Mustafar": "Rebel"}},
        unmet={"loyalty": {"Bespin": "Rebel", "Naboo": "Rebel"}},
    )


def test_heart_of_the_empire() -> None:
    """Discarded when played, like every card (RR-62)."""
    refresh_case(
        "Heart of the Empire",
        met={"units": {"Coruscant": {"X-wing": 1}}},
        unmet={"units": {"Coruscant": {"X-wing": 1, "TIE Fighter": 1}}},
        gain=2,
    )


def test_leave_no_one_behind() -> None:
    s = at_refresh(objectives=["Leave No One Behind"])
    assert offered(s) == ["Leave No One Behind"]
    s = position(objectives=["Leave No One Behind"], leaders={"Princess Leia": "Naboo"})
    s.board.captured = leader_id("Princess Leia")
    s.apply(Pass())
    s.apply(Pass())
    assert offered(s) == []
    # a leader frozen in Carbonite is still captured (RR-71)
    from rebellion_rote.board import CARBONITE

    s = position(objectives=["Leave No One Behind"], leaders={"Princess Leia": "Naboo"})
    s.board.rings[leader_id("Princess Leia")] = CARBONITE
    s.apply(Pass())
    s.apply(Pass())
    assert offered(s) == []
    s = at_refresh(objectives=["Leave No One Behind"])
    s.apply(Objective(objective_card(obj("Leave No One Behind"))))
    assert s.board.reputation == 13


def six(rebel: int) -> dict[str, str]:
    return {x: "Rebel" for x in ["Naboo", "Sullust", "Utapau", "Kessel", "Rodia", "Ryloth"][:rebel]}


def test_rr62_rebel_loyalty_means_rebel_systems_and_reputation_comes_first() -> None:
    """RR-62: a Rebel loyalty marker under a subjugation marker does not count (Popular
    Support needs 6 Rebel systems); Inspire Sympathy needs a destroyed system; a card's
    reputation comes as it is played, before its ability."""
    refresh_case(
        "Popular Support",
        met={"loyalty": six(6), "units": {}},
        unmet={"loyalty": six(6), "units": {"Ryloth": {"Stormtrooper": 1}}},  # subjugated
    )
    # reputation first, then the ability: The Long War's discards come after its gain
    s = at_refresh(objectives=["The Long War", "Popular Support", "Uprising"])
    s.apply(Objective(objective_card(obj("The Long War"))))
    assert isinstance(s.stack[-1], DiscardObjectives) and s.board.reputation == 13
    # units on the Rebel Base space are not in a system
    s = at_refresh(
        objectives=["Establish Outposts"],
        units={"Rebel Base": {"X-wing": 5}, **{x: {"X-wing": 1} for x in ["Naboo", "Kessel"]}},
    )
    assert offered(s) == []


def test_uprising() -> None:
    refresh_case(
        "Uprising",
        met={"loyalty": {**six(6), "Bespin": "Rebel", "Mustafar": "Rebel", "Felucia": "Rebel"}},
        unmet={"loyalty": {**six(6), "Bespin": "Rebel", "Mustafar": "Rebel"}},
        gain=2,
    )


def test_establish_outposts() -> None:
    five = ["Naboo", "Kessel", "Hoth", "Endor", "Bespin"]
    refresh_case(
        "Establish Outposts",
        met={"units": {x: {"Rebel Trooper": 1} for x in five}},
        unmet={"units": {x: {"Rebel Trooper": 1} for x in five[:4]}},
    )


def test_inspire_sympathy_gives_one_per_destroyed_system() -> None:
    refresh_case(
        "Inspire Sympathy",
        met={"destroyed": ["Naboo", "Kessel"]},
        unmet={"destroyed": []},  # no destroyed system (RR-62)
        gain=2,
    )


def test_defensive_position() -> None:
    three = {"Shield Generator": 1, "Ion Cannon": 1, "Golan Arms Turret": 1}
    refresh_case(
        "Defensive Position",
        met={"units": {"Naboo": three}},
        unmet={"units": {"Naboo": {**three, "Golan Arms Turret": 0}, "Kessel": three}},
        base="Kessel",
        base_revealed=True,  # not in the revealed base's system
    )


def test_support_of_the_hutts() -> None:
    refresh_case(
        "Support of the Hutts",
        met={"loyalty": {"Nal Hutta": "Rebel", "Kessel": "Rebel", "Toydaria": "Rebel"}},
        unmet={"loyalty": {"Nal Hutta": "Rebel", "Kessel": "Rebel", "Naboo": "Rebel"}},
    )


def test_threaten_the_core() -> None:
    refresh_case(
        "Threaten the Core",
        met={"units": {"Alderaan": {"X-wing": 3}, "Corellia": {"Rebel Trooper": 2}}},
        unmet={"units": {"Alderaan": {"X-wing": 3}, "Naboo": {"Rebel Trooper": 2}}},
    )


def test_rr69_the_long_war() -> None:
    """RR-69: playable with 2 other cards in hand; the Rebels discard 2, one at a time."""
    s = at_refresh(objectives=["The Long War", "Popular Support"])
    assert offered(s) == []  # only 1 other card
    s = at_refresh(objectives=["The Long War", "Popular Support", "Death Star Plans", "Uprising"])
    assert offered(s) == ["The Long War"]
    s.apply(Objective(objective_card(obj("The Long War"))))
    assert s.board.reputation == 13
    top = s.stack[-1]
    assert isinstance(top, DiscardObjectives) and top.left == 2
    assert {a.card for a in s.legal_actions()} == {
        objective_card(obj("Popular Support")),
        objective_card(obj("Death Star Plans")),
        objective_card(obj("Uprising")),
    }
    assert (
        s.describe(Objective(objective_card(obj("Uprising"))))
        == "Discard Uprising (stage III) (The Long War)"
    )
    s.apply(Objective(objective_card(obj("Uprising"))))
    s.apply(Objective(objective_card(obj("Death Star Plans"))))
    assert hand(s)[0] == "Popular Support" and len(hand(s)) == 2  # (a card drawn in step 4)
    assert names(s.zones["objective_discard"]) == [
        "The Long War",
        "Uprising",
        "Death Star Plans",
    ]
    assert s.phase == "refresh" and not isinstance(s.stack[-1], DiscardObjectives)


def queue(s: RebellionState, side: int, spaces: list[list[str]]) -> None:
    for i, units in enumerate(spaces):
        s.board.queue[side * 3 + i] = [U(u) for u in units]


def test_rr63_a_time_for_peace() -> None:
    """RR-63: 2 triangle, 1 circle and 1 square unit off the Imperial build queue (either
    theater's icons), the Rebels choosing; not playable without all four."""
    s = position(objectives=["A Time for Peace"])
    queue(s, IMPERIAL, [["TIE Fighter", "AT-ST"], ["Stormtrooper", "Stormtrooper"], ["AT-AT"]])
    s.apply(Pass())
    s.apply(Pass())
    assert offered(s) == ["A Time for Peace"]
    s.apply(Objective(objective_card(obj("A Time for Peace"))))
    assert s.board.reputation == 13
    top = s.stack[-1]
    # the only circle and the only square go at once; the Rebels choose the 2 triangles
    assert isinstance(top, DestroyQueued) and top.side == IMPERIAL
    assert top.left == ("triangle", "triangle")
    assert s.board.queue[3:6] == [[U("TIE Fighter")], [U("Stormtrooper")] * 2, []]
    assert s.legal_actions() == [
        QueueDestroy(U("TIE Fighter"), 1),
        QueueDestroy(U("Stormtrooper"), 2),
    ]
    assert (
        s.describe(QueueDestroy(U("Stormtrooper"), 2))
        == "Destroy 1 Stormtrooper on space 2 of the Imperial build queue"
    )
    s.apply(QueueDestroy(U("Stormtrooper"), 2))
    assert s.legal_actions() == [
        QueueDestroy(U("TIE Fighter"), 1),
        QueueDestroy(U("Stormtrooper"), 2),
    ]
    s.apply(QueueDestroy(U("Stormtrooper"), 2))
    assert s.board.queue[3:6] == [[U("TIE Fighter")], [], []]
    assert not isinstance(s.stack[-1], DestroyQueued)
    kinds = [e.reason for e in s.log if e.kind == "units_destroyed"]  # type: ignore[attr-defined]
    assert kinds.count("A Time for Peace") == 4
    # no square on the queue: not offered
    s = position(objectives=["A Time for Peace"])
    queue(s, IMPERIAL, [["TIE Fighter", "AT-ST"], ["Stormtrooper"], ["Super Star Destroyer"]])
    s.apply(Pass())
    s.apply(Pass())
    assert offered(s) == []
    # the other reading (option time_for_peace): the Rebels' own queue, a cost
    s = position(objectives=["A Time for Peace"])
    s.options = attrs.evolve(s.options, time_for_peace="rebel")
    queue(s, IMPERIAL, [["TIE Fighter", "AT-ST"], ["Stormtrooper", "Stormtrooper"], ["AT-AT"]])
    queue(s, REBEL, [["X-wing", "Airspeeder"], [], ["Mon Calamari Cruiser"]])
    s.apply(Pass())
    s.apply(Pass())
    assert offered(s) == []  # the Rebels' queue lacks a second triangle
    s = position(objectives=["A Time for Peace"])
    s.options = attrs.evolve(s.options, time_for_peace="rebel")
    queue(s, REBEL, [["X-wing", "Airspeeder"], ["Rebel Trooper"], ["Mon Calamari Cruiser"]])
    s.apply(Pass())
    s.apply(Pass())
    assert "Rebel build queue" in s.describe(Objective(objective_card(obj("A Time for Peace"))))
    s.apply(Objective(objective_card(obj("A Time for Peace"))))  # exactly the four: all go at once
    assert s.board.queue[0:3] == [[], [], []] and s.board.reputation == 13
    with pytest.raises(ValueError, match="time_for_peace must be one of"):
        GAME.new_state(seed=0, options={"time_for_peace": "both"})


def test_rr61_the_start_of_the_refresh_phase() -> None:
    """RR-61: Show No Fear's gain, then Rebel Cell's trade, then one refresh objective;
    the gains are no play."""
    s = position(
        objectives=["Popular Support", "Establish Outposts"],
        loyalty={**six(6), "Naboo": "Rebel"},
        markers={"Naboo": ["Rebel Cell"], "Dantooine": ["Show No Fear"]},
        units={x: {"X-wing": 1} for x in ["Naboo", "Kessel", "Hoth", "Endor", "Bespin"]},
    )
    s.apply(Pass())
    s.apply(Pass())
    assert gains(s) == [("Show No Fear", 1, 13)]
    assert isinstance(s.stack[-1], CellDiscard)
    s.apply(Objective(objective_card(obj("Establish Outposts"))))  # traded for 1, not played
    assert gains(s)[-1] == ("Rebel Cell", 1, 12)
    assert offered(s) == ["Popular Support"]  # Establish Outposts is gone
    s.apply(Objective(objective_card(obj("Popular Support"))))
    assert s.board.reputation == 11
    assert not isinstance(s.stack[-1], PlayObjective)  # one objective a Refresh Phase
    # a pass closes the window too: the phase goes on to step 1
    s = at_refresh(objectives=["Popular Support"], loyalty=six(6))
    s.apply(Pass())
    assert "leaders_retrieved" in [e.kind for e in s.log]
    assert not isinstance(s.stack[-1], PlayObjective)


# ================================================================ combat windows
def combat(
    units: Mapping[str, int],
    objectives: list[str],
    attacker: int = REBEL,
    th: int = -1,
    end: bool = True,
    leaders: Mapping[str, str] | None = None,
    **tallies: Any,
) -> RebellionState:
    """A combat in Naboo at one of its objective windows (``end``: the last one; else after
    the battle of ``th``), the tallies given."""
    s = position(
        units={"Naboo": units},
        objectives=objectives,
        player=SIDES[attacker],
        leaders=leaders or {},
        **tallies.pop("position", {}),
    )
    bt = Battle(system=NABOO, attacker=attacker, after="activation", round=1)
    bt.first = [attacker, attacker]
    for k, v in tallies.items():
        setattr(bt, k, v)
    bt.steps = [("objectives", REBEL, th, int(end))]
    s.battle = bt
    s.stack.clear()
    advance(s)
    return s


def test_crippling_blow() -> None:
    ground = {"Rebel Trooper": 1}
    s = combat(ground, ["Crippling Blow"], end=False, health_lost=[0, 3])
    assert offered(s) == ["Crippling Blow"] and s.stack[-1].window == "combat"
    s.apply(Objective(objective_card(obj("Crippling Blow"))))
    assert s.board.reputation == 13
    assert not s.battle.active and isinstance(s.stack[-1], CommandTurn)  # the combat is over
    assert offered(combat(ground, ["Crippling Blow"], end=False, health_lost=[5, 2])) == []
    # a combat the Empire started does not count
    s = combat(ground, ["Crippling Blow"], IMPERIAL, end=False, health_lost=[0, 4])
    assert offered(s) == []


def test_rebel_assault() -> None:
    s = combat({"X-wing": 1}, ["Rebel Assault"], th=SPACE, end=False, destroyers=1)
    assert offered(s) == ["Rebel Assault"]
    s.apply(Objective(objective_card(obj("Rebel Assault"))))
    assert gains(s) == [("Rebel Assault", 1, 13)]
    assert offered(combat({"X-wing": 1}, ["Rebel Assault"], IMPERIAL, destroyers=1)) == []


def test_major_victory() -> None:
    s = combat({"X-wing": 1}, ["Major Victory"], health_lost=[3, 0])
    assert offered(s) == ["Major Victory"]
    s.apply(Objective(objective_card(obj("Major Victory"))))
    assert s.board.reputation == 13
    assert offered(combat({"X-wing": 1}, ["Major Victory"], health_lost=[2, 9])) == []


def test_liberation() -> None:
    fought = [False, True]
    s = combat({"Rebel Trooper": 1}, ["Liberation"], subjugated=True, fought=fought)
    assert offered(s) == ["Liberation"]
    s.apply(Objective(objective_card(obj("Liberation"))))
    assert s.board.reputation == 13
    # not subjugated when the combat began; or the battle not won; or not the end yet
    assert offered(combat({"Rebel Trooper": 1}, ["Liberation"], fought=fought)) == []
    units = {"Rebel Trooper": 1, "Stormtrooper": 1}
    assert offered(combat(units, ["Liberation"], subjugated=True, fought=fought)) == []
    mid = combat({"Rebel Trooper": 1}, ["Liberation"], end=False, subjugated=True, fought=fought)
    assert offered(mid) == []


def test_return_of_the_jedi() -> None:
    here = {"Darth Vader": "Naboo", "Admiral Ozzel": "Naboo"}
    s = combat({"X-wing": 1}, ["Return of the Jedi"], fought=[True, False], leaders=here)
    assert offered(s) == ["Return of the Jedi"]
    s.apply(Objective(objective_card(obj("Return of the Jedi"))))
    assert s.board.reputation == 12  # no Luke (Jedi) there: nobody is eliminated
    assert all(st != ELIMINATED for st in s.board.leader_status)
    # with Luke Skywalker (Jedi) there the Rebels eliminate one Imperial leader there
    jedi = {**here, "Luke Skywalker (Jedi)": "Naboo"}
    s = combat({"X-wing": 1}, ["Return of the Jedi"], fought=[True, False], leaders=jedi)
    s.apply(Objective(objective_card(obj("Return of the Jedi"))))
    assert isinstance(s.stack[-1], ObjectiveLeader)
    assert s.legal_actions() == [
        Target(leader_id("Darth Vader")),
        Target(leader_id("Admiral Ozzel")),
    ]
    assert (
        s.describe(Target(leader_id("Darth Vader"))) == "Eliminate Darth Vader (Return of the Jedi)"
    )
    s.apply(Target(leader_id("Darth Vader")))
    assert s.board.leader_status[leader_id("Darth Vader")] == ELIMINATED
    assert s.board.leader_loc[leader_id("Darth Vader")] == OFF
    assert s.board.reputation == 12 and isinstance(s.stack[-1], CommandTurn)
    # no Vader or Emperor there, or no battle won: not offered
    s = combat({"X-wing": 1}, ["Return of the Jedi"], fought=[True, False])
    assert offered(s) == []
    units = {"X-wing": 1, "TIE Fighter": 1}
    assert offered(combat(units, ["Return of the Jedi"], fought=[True, True], leaders=here)) == []


def test_decisive_victory() -> None:
    units = {"X-wing": 1, "Rebel Trooper": 1}
    s = combat(units, ["Decisive Victory"], fought=[True, True])
    assert offered(s) == ["Decisive Victory"]
    s.apply(Objective(objective_card(obj("Decisive Victory"))))
    assert s.board.reputation == 13
    assert offered(combat(units, ["Decisive Victory"], fought=[True, False])) == []


def test_seize_control_may_remove_the_sabotage_marker() -> None:
    for remove in (True, False):
        s = combat({"X-wing": 1}, ["Seize Control"], fought=[True, False])
        assert offered(s) == []  # no sabotage marker
        s = combat(
            {"X-wing": 1}, ["Seize Control"], fought=[True, False], position={"sabotage": ["Naboo"]}
        )
        assert offered(s) == ["Seize Control"]
        s.apply(Objective(objective_card(obj("Seize Control"))))
        assert isinstance(s.stack[-1], SeizeControl) and s.board.reputation == 13
        assert s.describe(Pass()) == "Keep the sabotage marker in Naboo"
        s.apply(SystemChoice(NABOO) if remove else Pass())
        assert s.board.sabotage[NABOO] is not remove


def test_raid_imperial_factory() -> None:
    s = combat({"X-wing": 1}, ["Raid Imperial Factory"], fought=[True, False])
    assert offered(s) == ["Raid Imperial Factory"]
    s.apply(Objective(objective_card(obj("Raid Imperial Factory"))))
    assert s.board.reputation == 13
    won = {"fought": [True, False]}
    assert offered(combat({"X-wing": 1}, ["Raid Imperial Factory"], IMPERIAL, **won)) == []


def test_raid_imperial_factory_needs_a_resource_icon() -> None:
    s = position(units={"Hoth": {"X-wing": 1}}, objectives=["Raid Imperial Factory"])
    s.battle = Battle(system=HOTH, attacker=REBEL, after="activation", round=1)
    s.battle.fought = [True, False]
    s.battle.steps = [("objectives", REBEL, -1, 1)]
    s.stack.clear()
    advance(s)
    assert offered(s) == []  # a remote system has no icon


def test_rr60_won_battles_and_the_combat_tallies() -> None:
    """RR-60: a real combat counts the printed health of the Imperial units destroyed, by
    theater, and the Star Destroyers; the battles fought; won battles at its end."""
    s = position(
        player="Rebel",
        units={
            "Naboo": {"Star Destroyer": 1, "TIE Fighter": 2, "Stormtrooper": 3, "AT-ST": 1},
            "Malastare": {"X-wing": 4, "Y-wing": 4, "Rebel Transport": 1, "Rebel Trooper": 3},
        },
        objectives=["Crippling Blow"],
    )
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(leader_id("Jan Dodonna")))
    for u in ("X-wing", "Y-wing", "Rebel Transport", "Rebel Trooper"):
        while Move(U(u), system_id("Malastare")) in s.legal_actions():
            s.apply(Move(U(u), system_id("Malastare")))
    s.apply(Stop())
    rng = Rng(3)
    lost = [0, 0]
    destroyers = 0
    fought = [False, False]
    while s.battle.active and not s.is_terminal:
        legal = s.legal_actions()
        stay = [a for a in legal if a.kind != "retreat"]
        n = len(s.log)
        s.apply((stay or legal)[rng.below(len(stay or legal))])
        for e in s.log[n:]:
            if e.kind == "units_destroyed" and e.side == IMPERIAL:  # type: ignore[attr-defined]
                u, k = e.unit, e.n  # type: ignore[attr-defined]
                lost[0 if UNITS[u].theater == "space" else 1] += UNITS[u].health * k
                destroyers += k if UNITS[u].name == "Star Destroyer" else 0
        if s.battle.active:
            assert s.battle.health_lost == lost and s.battle.destroyers == destroyers
            assert s.battle.attacker == REBEL  # a combat the Rebels started
            fought = s.battle.fought[:]
    assert lost[0] + lost[1] > 0 and fought == [True, True]


# ================================================================ the limits and windows
def test_rr59_combat_windows_and_one_objective_a_combat() -> None:
    """RR-59: windows after each battle, after the round's end and at the end; a card
    passed over is offered again; one objective a combat."""
    # passed over in one window, offered again in the next; then one a combat
    s = combat(
        {"Rebel Trooper": 1},
        ["Crippling Blow", "Liberation"],
        end=False,
        health_lost=[0, 3],
        subjugated=True,
        fought=[False, True],
    )
    assert offered(s) == ["Crippling Blow"]  # Liberation waits for the end of the combat
    s.battle.steps = [("objectives", REBEL, -1, 0), ("objectives", REBEL, -1, 1)]
    s.apply(Pass())
    assert offered(s) == ["Crippling Blow"]
    s.apply(Pass())
    assert offered(s) == ["Crippling Blow", "Liberation"]  # the end window
    s = combat(
        {"Rebel Trooper": 1},
        ["Crippling Blow", "Liberation"],
        end=False,
        health_lost=[0, 3],
        subjugated=True,
        fought=[False, True],
    )
    s.battle.steps = [("objectives", REBEL, -1, 1)]
    s.apply(Objective(objective_card(obj("Crippling Blow"))))
    assert not isinstance(s.stack[-1], PlayObjective)  # no second objective this combat
    assert hand(s) == ["Liberation"] and s.board.reputation == 13
    # the windows in the combat's agenda
    from rebellion_rote.rules.combat import flow

    s = position(
        player="Rebel", units={"Naboo": {"Rebel Trooper": 1, "X-wing": 1, "TIE Fighter": 1}}
    )
    flow.start_combat(s, NABOO, REBEL, "activation")
    assert s.battle.steps[-1] == ("objectives", REBEL, -1, 1)
    s.battle.steps = []
    flow.step_battle(s, -1, SPACE, 0)
    assert s.battle.steps[-2:] == [("destroy", -1, SPACE, 0), ("objectives", REBEL, SPACE, 0)]
    assert s.battle.fought == [True, False]
    s.battle.steps = []
    flow.step_round(s, -1, -1, 0)
    names_ = [x[0] for x in s.battle.steps]
    assert names_.index("objectives") == names_.index("round_end") + 1
    assert names_.index("objectives") < names_.index("confrontation") < names_.index("retreat")


# ================================================================ Death Star Plans
HALT = ("choose", IMPERIAL, 1, 0)
"""An agenda step that stops the combat at a decision (the Empire's next ground card)."""


def plans(units: Mapping[str, int], objectives: list[str], seed: int, **kw: Any) -> RebellionState:
    s = combat(units, objectives, th=SPACE, end=False, **kw)
    s.rng = Rng(seed)
    edited(s, "a combat set up by hand, its dice seeded")
    return s


def test_rr67_death_star_plans_in_play() -> None:
    """RR-67: after the space battle, once a round; a direct hit destroys the Death Star
    and plays the card (2 reputation); otherwise it goes back to the hand, shown."""
    dsp = ["Death Star Plans", "Death Star Plans III"]
    # a hit (seed 2 rolls blank, direct hit, special)
    s = plans({"X-wing": 1, "Death Star": 1}, dsp, seed=2)
    assert offered(s) == ["Death Star Plans"]  # the two copies are one choice
    assert s.describe(Objective(objective_card(obj("Death Star Plans")))).startswith(
        "Reveal Death Star Plans"
    )
    s.apply(Objective(objective_card(obj("Death Star Plans"))))
    assert s.board.units[NABOO][U("Death Star")] == 0
    assert gains(s) == [("Death Star Plans", 2, 12)]
    assert names(s.zones["objective_discard"]) == ["Death Star Plans"]
    assert hand(s) == ["Death Star Plans"]
    # a miss (seed 0 rolls 3 hits): back to the hand, the Empire knows it is there
    s = plans({"Y-wing": 1, "Death Star": 1}, dsp, seed=0)
    s.battle.steps = [("objectives", REBEL, SPACE, 0), HALT]  # another window this round
    s.apply(Objective(objective_card(obj("Death Star Plans"))))
    assert s.board.units[NABOO][U("Death Star")] == 1 and gains(s) == []
    assert hand(s) == ["Death Star Plans", "Death Star Plans"]
    assert s.known["objective_hand"][IMPERIAL] == [card("Death Star Plans", 2)]
    kinds = [e.kind for e in s.log]
    assert kinds.index("objective_back_to_hand") == kinds.index("dice_rolled") + 1
    assert not isinstance(s.stack[-1], PlayObjective)  # once a round
    assert not s.battle.objective_played  # the combat may still see one played
    s.stack.clear()
    s.battle.round += 1
    s.battle.steps = [("objectives", REBEL, SPACE, 0), HALT]
    advance(s)
    assert offered(s) == ["Death Star Plans"]  # the next round: again
    check_state(s, Rng(1), "Death Star Plans known in hand")
    # the two stations: the Rebels choose
    s = plans({"X-wing": 1, "Death Star": 1, "Death Star Under Construction": 1}, dsp, seed=2)
    s.apply(Objective(objective_card(obj("Death Star Plans"))))
    assert isinstance(s.stack[-1], PlansTarget)
    assert s.legal_actions() == [
        Destroy(U("Death Star"), 0),
        Destroy(U("Death Star Under Construction"), 0),
    ]
    s.apply(Destroy(U("Death Star Under Construction"), 0))
    assert s.board.units[NABOO][U("Death Star Under Construction")] == 0


def test_the_stage_iii_death_star_plans() -> None:
    s = plans({"X-wing": 1, "Death Star": 1}, ["Death Star Plans III"], seed=2)
    assert offered(s) == ["Death Star Plans"]
    assert s.legal_actions()[0] == Objective(objective_card(obj("Death Star Plans", 3)))
    s.apply(Objective(objective_card(obj("Death Star Plans", 3))))
    assert s.zones["objective_discard"] == [card("Death Star Plans", 3)]
    assert s.board.reputation == 12


def test_death_star_plans_is_blocked() -> None:
    dsp = ["Death Star Plans"]
    # no fighter; a Shield Bunker; a Secure the Plans marker anywhere; not after a ground battle
    assert offered(plans({"Corellian Corvette": 1, "Death Star": 1}, dsp, 0)) == []
    assert offered(plans({"X-wing": 1, "Death Star": 1, "Shield Bunker": 1}, dsp, 0)) == []
    marker = {"position": {"markers": {"Hoth": ["Secure the Plans"]}}}
    assert offered(plans({"X-wing": 1, "Death Star": 1}, dsp, 0, **marker)) == []
    after_ground = combat({"X-wing": 1, "Death Star": 1}, dsp, th=GROUND, end=False)
    assert offered(after_ground) == []
    assert offered(combat({"X-wing": 1, "Death Star": 1}, dsp)) == []  # nor at the end
    played = plans({"X-wing": 1, "Death Star": 1}, dsp, 0, objective_played=True)
    assert offered(played) == []


def test_a_roll_lifts_the_forced_retreat_before_a_silenced_death_star() -> None:
    """RR-67 with RR-56: in a round the Rebels rolled for Death Star Plans their ships need
    not leave the silenced Death Star, neither by the FAQ's rule nor as a stuck combat."""
    from rebellion_rote.rules.combat.retreat import forced_out, rebel_ships_must_go

    s = plans({"X-wing": 1, "Death Star": 1, "Ion Cannon": 1}, ["Death Star Plans"], 0)
    s.board.units[NABOO][U("Ion Cannon")] = 2
    assert rebel_ships_must_go(s)
    assert forced_out(s, REBEL) == [SPACE]
    s.battle.plans_round = s.battle.round
    assert not rebel_ships_must_go(s)
    assert forced_out(s, REBEL) == []


# ================================================================ Immediate cards
def stack_top(s: RebellionState, name: str) -> None:
    """Put objective ``name`` on top of the deck (from wherever it is hidden)."""
    label = card_name(card(name))

    def edit(doc: dict[str, Any]) -> None:
        objectives = doc["objectives"]
        take(doc, label, objectives["deck"], objectives["out"])
        objectives["deck"].insert(0, label)

    amend(s, edit)


def test_rr64_raid_outposts() -> None:
    """RR-64: drawn in Refresh step 4, the Empire places its 2 markers in remote systems;
    1 reputation each time the Rebels remove one, none when the Empire does."""
    s = position(units={"Hoth": {"Rebel Trooper": 1}, "Endor": {"Stormtrooper": 1}})
    stack_top(s, "Raid Outposts")
    s.apply(Pass())
    s.apply(Pass())
    top = s.stack[-1]
    assert isinstance(top, PlaceTargetMarker) and top.player == IMPERIAL and top.left == 2
    remote = [i for i, x in enumerate(SYSTEMS) if x.remote]
    assert [a.system for a in s.legal_actions()] == remote
    assert names(s.zones["objectives_in_play"]) == ["Raid Outposts"]
    assert hand(s) == []  # revealed, not in the hand
    s.apply(SystemChoice(HOTH))
    assert HOTH not in [a.system for a in s.legal_actions()]  # two different systems
    s.apply(SystemChoice(system_id("Endor")))
    assert s.board.time == 2  # the phase went on to step 5
    while not isinstance(s.stack[-1], RemoveMarkers):  # to the deploy checkpoint
        s.apply(s.legal_actions()[-1])
    raid = marker_id("Raid Outposts")
    assert s.stack[-1].player == REBEL
    s.apply(RemoveMarker(HOTH, raid))
    assert gains(s) == [("Raid Outposts", 1, 13)]
    assert names(s.zones["objectives_in_play"]) == ["Raid Outposts"]
    if isinstance(s.stack[-1], RemoveMarkers) and s.stack[-1].player == REBEL:
        s.apply(Pass())
    assert s.stack[-1].player == IMPERIAL
    s.apply(RemoveMarker(system_id("Endor"), raid))
    assert gains(s) == [("Raid Outposts", 1, 13)]  # the Empire's removal gives nothing
    assert names(s.zones["objective_discard"]) == ["Raid Outposts"]  # both gone


def test_rr65_rebel_cell() -> None:
    """RR-65: the Rebels place its marker in a Rebel system; at each later Refresh start
    they may discard a card for 1 reputation; with no Rebel system it is discarded."""
    s = position(loyalty={"Naboo": "Rebel", "Kessel": "Rebel"}, objectives=["Uprising"])
    stack_top(s, "Rebel Cell")
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], PlayObjective) and s.legal_actions() == [Pass()]
    s.apply(Pass())  # the refresh window (Show No Fear might be in hand, RR-68)
    top = s.stack[-1]
    assert isinstance(top, PlaceTargetMarker) and top.player == REBEL
    assert [a.system for a in s.legal_actions()] == sorted([NABOO, system_id("Kessel")])
    assert s.describe(SystemChoice(NABOO)) == "Place the Rebel Cell target marker in Naboo"
    s.apply(SystemChoice(NABOO))
    assert s.board.markers[NABOO] == 1 << marker_id("Rebel Cell")
    # the next Refresh Phase: trade a card, or not
    s = position(
        loyalty={"Naboo": "Rebel"}, markers={"Naboo": ["Rebel Cell"]}, objectives=["Uprising"]
    )
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], CellDiscard)
    assert s.legal_actions() == [Objective(objective_card(obj("Uprising"))), Pass()]
    s.apply(Objective(objective_card(obj("Uprising"))))
    assert gains(s) == [("Rebel Cell", 1, 13)] and "Uprising" not in hand(s)
    s = position(loyalty={"Naboo": "Rebel"}, markers={"Naboo": ["Rebel Cell"]})
    s.apply(Pass())
    s.apply(Pass())
    assert not isinstance(s.stack[-1], CellDiscard)  # an empty hand: nothing to trade
    # no Rebel system: discarded, nothing drawn in its place
    s = position(objectives=["Uprising"])
    stack_top(s, "Rebel Cell")
    deck = len(s.zones["objective_deck"])
    s.apply(Pass())
    s.apply(Pass())
    s.apply(Pass())  # the refresh window
    assert names(s.zones["objective_discard"]) == ["Rebel Cell"]
    assert hand(s) == ["Uprising"] and len(s.zones["objective_deck"]) == deck - 1
    ev = [e for e in s.log if e.kind == "objective_discarded"][-1]
    assert (
        s.narrate(ev)
        == "Rebel Cell (stage II) was discarded: there is no Rebel system for its marker"
    )


def test_an_immediate_card_leaves_play_with_its_last_marker() -> None:
    s = position(
        loyalty={"Naboo": "Rebel"},
        markers={"Naboo": ["Rebel Cell"]},
        units={"Naboo": {"Stormtrooper": 1}},
    )
    assert names(s.zones["objectives_in_play"]) == ["Rebel Cell"]
    s.apply(Pass())  # the Rebels pass; the Empire may remove the marker (its ground unit)
    assert isinstance(s.stack[-1], RemoveMarkers) and s.stack[-1].player == IMPERIAL
    s.apply(RemoveMarker(NABOO, marker_id("Rebel Cell")))
    assert names(s.zones["objective_discard"]) == ["Rebel Cell"]
    assert gains(s) == []


def test_rr66_show_no_fear_tells_the_empire_where_the_base_is() -> None:
    """RR-66: its marker goes into the hidden base's system: the Empire learns the system,
    the base is not revealed; 1 reputation at each later Refresh start; a new base removes
    it and the card goes."""
    s = at_refresh(objectives=["Show No Fear"], base="Kessel")
    assert offered(s) == ["Show No Fear"]
    s.apply(Objective(objective_card(obj("Show No Fear"))))
    kessel = system_id("Kessel")
    assert s.board.markers[kessel] == 1 << marker_id("Show No Fear")
    assert not s.board.base_revealed and gains(s) == []  # nothing this Refresh Phase
    assert names(s.zones["objectives_in_play"]) == ["Show No Fear"]
    assert s.view(IMPERIAL)["zones"]["base"] == {"owner": REBEL, "count": 1, "known": [kessel]}
    assert "You know the Rebel base is at Kessel" in s.render(IMPERIAL)
    rng = Rng(2)
    for _ in range(10):
        assert s.resample(IMPERIAL, rng).base == kessel
    check_state(s, Rng(3), "Show No Fear placed")
    # the next Refresh Phase gives 1
    s = at_refresh(markers={"Kessel": ["Show No Fear"]}, base="Kessel")
    assert gains(s) == [("Show No Fear", 1, 13)]
    # Rapid Mobilization relocating the base removes the marker; the card goes
    s = position(markers={"Kessel": ["Show No Fear"]}, base="Kessel")
    slot = assign(s, REBEL, "Rapid Mobilization", "General Rieekan")
    s.apply(Reveal(slot))
    s.apply(s.legal_actions()[0])  # its system (the Rebel Base space)
    s.apply(Pass())  # the Rebels' turn is over
    while not isinstance(s.stack[-1], RapidMobilization):
        s.apply(Pass())
    s.apply(next(a for a in s.legal_actions() if a.kind == "relocate"))
    assert isinstance(s.stack[-1], NewBase)
    new = next(a for a in s.legal_actions() if isinstance(a, SystemChoice))
    s.apply(new)
    assert s.board.markers[kessel] == 0
    assert names(s.zones["objective_discard"]) == ["Show No Fear"]
    ev = [e for e in s.log if e.kind == "marker_removed"][-1]
    assert s.narrate(ev).endswith("(the Rebels established a new base)")


# ================================================================ reputation wins
def test_the_rebels_win_when_reputation_meets_time() -> None:
    s = at_refresh(
        objectives=["Heart of the Empire"], units={"Coruscant": {"X-wing": 1}}, time=5, reputation=6
    )
    s.apply(Objective(objective_card(obj("Heart of the Empire"))))
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    assert s.board.reputation == 5  # it moved 1 space: it never passes the time marker
    assert [e.kind for e in s.log][-2:] == ["reputation_gained", "game_over"]
    assert s.log[-1].reason == "reputation met the time marker"  # type: ignore[attr-defined]
    # a marker removal may win too (Raid Outposts)
    s = position(
        units={"Hoth": {"Rebel Trooper": 1}},
        markers={"Hoth": ["Raid Outposts"]},
        time=3,
        reputation=4,
    )
    s.apply(Pass())
    assert isinstance(s.stack[-1], RemoveMarkers)
    s.apply(RemoveMarker(HOTH, marker_id("Raid Outposts")))
    assert s.is_terminal and s.returns() == [1.0, -1.0]


# ================================================================ the draw API, the hand
def test_draw_objectives_resolves_an_immediate_card_on_the_way() -> None:
    s = position(loyalty={"Naboo": "Rebel"}, objectives=["Uprising"])
    stack_top(s, "Rebel Cell")
    stack_top(s, "Popular Support")  # the top: drawn first
    s.stack.clear()
    assert draw_objectives(s, 3, "refresh")  # Popular Support, then Rebel Cell waits
    assert hand(s) == ["Uprising", "Popular Support"]
    assert isinstance(s.stack[-1], PlaceTargetMarker)
    s.apply(SystemChoice(NABOO))  # then the third card, then Refresh step 5
    assert len(hand(s)) == 3 and s.board.time == 2
    assert len(drawn_cards(s)) == 2 and drawn_cards(s)[0] == card("Popular Support")
    # an empty deck draws nothing
    s = position()

    def empty_deck(doc: dict[str, Any]) -> None:
        objectives = doc["objectives"]
        objectives["out"].extend(objectives["deck"])
        objectives["deck"] = []

    amend(s, empty_deck)
    assert not draw_objectives(s, 1, "refresh") and hand(s) == []


def test_reveal_hand_and_return_to_deck() -> None:
    s = position(objectives=["Uprising", "Popular Support"])
    reveal_hand(s)
    v = s.view(IMPERIAL)
    assert v["zones"]["objective_hand"]["known"] == sorted(
        [card("Uprising"), card("Popular Support")]
    )
    assert v["log"][-1]["kind"] == "objective_hand_shown"
    assert s.view(None)["log"][-1]["kind"] == "objective_hand_shown_count"
    for _ in range(5):
        r = s.resample(IMPERIAL, Rng(4))
        assert sorted(r.zones["objective_hand"]) == sorted(s.zones["objective_hand"])
    # back to the bottom of the deck, unseen by the Empire; then on top, shown
    s = position(objectives=["Uprising", "Popular Support"])
    return_to_deck(s, card("Uprising"))
    deck = s.zones["objective_deck"]
    assert deck[0] == card("Uprising") and s.objective_backs[0] == 3
    assert s.objective_hand_backs == [2] and hand(s) == ["Popular Support"]
    assert s.view(REBEL)["state"]["objectives_known"] == [[15, card("Uprising")]]
    assert s.view(IMPERIAL)["state"]["objectives_known"] == []
    assert s.view(IMPERIAL)["log"][-1] == {
        "kind": "objective_to_deck_hidden",
        "stage": 3,
        "top": False,
        "text": "The Rebels put a stage III objective card on the bottom of the deck",
    }
    return_to_deck(s, card("Popular Support"), top=True, shown=True)
    assert deck[-1] == card("Popular Support") and hand(s) == []
    assert s.view(IMPERIAL)["state"]["objectives_known"] == [[0, card("Popular Support")]]
    check_state(s, Rng(5), "cards returned to the deck")


def test_rr68_the_hand_stays_hidden_and_windows_open_on_public_facts() -> None:
    """RR-68: the Empire sees a count and the backs; a window opens on public facts, so
    the Rebels may have only ``pass``; a determinisation keeps Immediate cards out of the
    hand."""
    # Uprising (stage III) in hand; Establish Outposts (stage III) would be playable: a
    # window opens though the Rebels hold nothing playable
    five = {x: {"X-wing": 1} for x in ["Naboo", "Kessel", "Hoth", "Endor", "Bespin"]}
    s = at_refresh(objectives=["Uprising"], units=five)
    assert isinstance(s.stack[-1], PlayObjective)
    assert s.legal_actions() == [Pass()]
    v = s.view(IMPERIAL)
    assert v["zones"]["objective_hand"] == {"owner": REBEL, "count": 1}
    assert v["state"]["objective_hand_backs"] == [3]
    text = json.dumps(v)
    assert str(card("Uprising")) not in text
    check_state(s, Rng(7), "a window with nothing playable")
    # a stage I back in hand and nothing of stage I playable: no window
    s = at_refresh(objectives=["Cut Supply Lines"], units=five)
    assert not isinstance(s.stack[-1], PlayObjective)
    # no card in hand: no window
    s = at_refresh(units=five)
    assert not isinstance(s.stack[-1], PlayObjective)
    # the determinisation: stage II backs never get an Immediate card
    s = position(objectives=["Popular Support", "Heart of the Empire"])
    rng = Rng(9)
    for _ in range(60):
        r = s.resample(IMPERIAL, rng)
        got = r.zones["objective_hand"]
        assert [STAGE[c] for c in got] == [2, 2] and not set(got) & IMMEDIATE


def test_the_empire_never_sees_the_hand_in_a_game() -> None:
    """Along random games the Empire's view and log never name a card of the hand it was
    not shown; the Rebels' do."""
    for seed in range(4):
        s = GAME.new_state(seed=seed)
        assert isinstance(s, RebellionState)
        rng = Rng(seed + 50)
        step = 0
        while not s.is_terminal and step < 900:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            step += 1
            if step % 150 == 0:
                known = s.known_to("objective_hand", IMPERIAL)
                secret = [c for c in s.zones["objective_hand"] if c not in known]
                v = s.view(IMPERIAL)
                assert v["zones"]["objective_hand"].get("cards") is None
                for ev in v["log"]:
                    for key in ("card", "cards"):
                        got = ev.get(key)
                        ids = got if isinstance(got, list) else [got]
                        assert not set(ids) & set(secret), ev
                check_state(s, rng, f"seed {seed} step {step}")


# ================================================================ data
def test_every_condition_and_ability_has_its_function() -> None:
    assert set(CONDITIONS) == set(OBJECTIVE_CONDITIONS)
    assert set(PLAY_EFFECTS) == set(OBJECTIVE_EFFECTS)
    assert {o.condition for o in OBJECTIVES} <= set(OBJECTIVE_CONDITIONS)
    by = {o.name: o for o in OBJECTIVES}
    assert by["A Time for Peace"].shapes == ("triangle", "triangle", "circle", "square")
    assert (by["Support of the Hutts"].system, by["Support of the Hutts"].amount) == (
        "Nal Hutta",
        3,
    )
    assert [o.name for o in OBJECTIVES if o.condition == "when_drawn"] == [
        "Raid Outposts",
        "Rebel Cell",
    ]


def test_an_unknown_condition_is_refused_when_the_pack_loads(tmp_path: Path) -> None:
    import shutil

    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    p = d / "objectives.toml"
    p.write_text(
        p.read_text().replace('condition = "star_destroyer_destroyed"', 'condition = "win_the_war"')
    )
    with pytest.raises(CardDataError) as err:
        load("objectives.toml", "objective", ObjectiveDef, d)
    msg = str(err.value)
    assert "objectives.toml:objective[3] (Rebel Assault)" in msg
    assert "condition" in msg and "'win_the_war'" in msg
    bad = list(OBJECTIVES)
    bad[12] = attrs.evolve(bad[12], system="Alderaan Prime")
    with pytest.raises(CardDataError, match=r"objective\[12\] \(Inspire Sympathy\): system"):
        check_objectives(bad, SYSTEMS)


# ================================================================ along random games
def test_reputation_moves_only_by_objectives_and_games_end_by_a_rule() -> None:
    """Across random games reputation moves only with an objective's gain or a card that
    says so (a mission's loss: Carbon Freezing, Lure of the Dark Side), each told by its
    event, and every game ends by a win or the round cap."""
    reasons = set()
    for seed in range(30):
        s = GAME.new_state(seed=seed)
        assert isinstance(s, RebellionState)
        rng = Rng(seed * 11 + 3)
        while not s.is_terminal:
            before = s.board.reputation
            legal = s.legal_actions()
            events = s.apply(legal[rng.below(len(legal))], check=False)
            got = [e for e in events if e.kind in ("reputation_gained", "reputation_changed")]
            if s.board.reputation != before:
                assert got and got[-1].reputation == s.board.reputation  # type: ignore[attr-defined]
                assert before - s.board.reputation == sum(e.amount for e in got)  # type: ignore[attr-defined]
            else:
                assert all(e.amount == 0 for e in got)  # type: ignore[attr-defined]
        over = [e for e in s.log if e.kind == "game_over"]
        assert len(over) == 1
        reason = over[0].reason  # type: ignore[attr-defined]
        assert reason in (
            "reputation met the time marker",
            "Imperial units hold the Rebel base's system",
            "the Rebel base's system was destroyed",
            f"the round cap ({s.options.max_rounds}) is reached",
        )
        if reason == "reputation met the time marker":
            assert s.board.reputation == s.board.time
        reasons.add(reason)
    assert "reputation met the time marker" in reasons
