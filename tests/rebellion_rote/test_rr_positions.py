"""Positions on the core contract (:mod:`rebellion_rote.position`): the kit's round trip,
documents by name (JSON data and TOML text), their errors, and the record they start."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from rebellion_rote import GAME
from rebellion_rote.actions import Pass, SystemChoice
from rebellion_rote.board import BOARD, MISSION, POOL
from rebellion_rote.data import (
    ACTIONS,
    IMPERIAL,
    MISSIONS,
    REBEL,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import AssignMission, CommandTurn
from rebellion_rote.ids import action_card, mission_card, objective_card
from rebellion_rote.position import FACTS, card_name
from rebellion_rote.rules.objectives import STAGE
from rebellion_rote.state import RebellionState
from tabletop import PositionError, dumps, replay
from tabletop.testing import check_position_roundtrip

pytestmark = pytest.mark.usefixtures("registered")

L = leader_id
S = system_id


def at(doc: dict[str, Any]) -> RebellionState:
    s = GAME.position(doc)
    assert isinstance(s, RebellionState)
    return s


def mission(name: str, copy: int = 1) -> int:
    ids = [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]
    return ids[copy - 1]


def action(name: str) -> int:
    return max(action_card(i) for i, c in enumerate(ACTIONS) if c.name == name)


def objective(name: str) -> int:
    return next(c for c in STAGE if card_name(c) == name)


# ---------------------------------------------------------------- the kit
@pytest.mark.parametrize(
    "options",
    [{"first_game": True}, {}, {"players": 4}],
    ids=["first-game", "mission-sets", "team-4"],
)
def test_positions_round_trip(options: dict[str, Any]) -> None:
    checked, skipped = check_position_roundtrip(GAME, options, positions=15)
    assert checked == 15 and skipped > 0


def test_the_facts_are_declared_for_the_docs() -> None:
    assert GAME.position_facts == FACTS
    names = [f.name for f in FACTS]
    assert len(names) == len(set(names))
    for key in ("missions", "actions", "objectives", "rings", "captured", "build_queue"):
        assert key in names


# ---------------------------------------------------------------- documents
def test_a_document_sets_every_zone_by_name() -> None:
    s = at(
        {
            "options": {"players": 2},
            "seed": 3,
            "phase": "command",
            "turn": "Imperial",
            "round": 4,
            "time": 5,
            "reputation": 11,
            "base": "Hoth",
            "units": {"Hoth": {"Rebel Trooper": 2}, "Kessel": {"Stormtrooper": 1}},
            "loyalty": {"Kessel": "Rebel"},
            "leaders": {"Darth Vader": "Kessel", "Han Solo": "Kessel"},
            "captured": "Han Solo",
            "rings": {"Jan Dodonna": "Master Yoda"},
            "build_queue": {"Imperial": [["TIE Fighter"], [], ["Star Destroyer"]]},
            "passed": ["Rebel"],
            "mission_sets": {"Rebel": "base", "Imperial": "roe"},
            "missions": {
                "Rebel": {
                    "hand": ["Daring Rescue", "Daring Rescue", "Sabotage"],
                    "assigned": [{"card": "Build Alliance", "leaders": ["Mon Mothma"]}],
                },
            },
            "actions": {
                "Rebel": {"hand": ["An Old Friend"], "recruited": {"An Old Friend": "Han Solo"}}
            },
            "objectives": {"hand": ["Death Star Plans III"], "deck": ["Rebel Assault"]},
            "known": {"Imperial": {"objectives.hand": ["Death Star Plans III"]}},
        }
    )
    b = s.board
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert (s.round, b.time, b.reputation, s.base) == (4, 5, 11, S("Hoth"))
    assert s.passed == [True, False]
    assert b.subjugated[S("Kessel")] and b.loyalty[S("Kessel")] == REBEL
    assert b.captured == L("Han Solo") and b.leader_loc[L("Han Solo")] == S("Kessel")
    assert b.rings[L("Jan Dodonna")] == 2  # Master Yoda
    assert b.queue[3:] == [[unit_id("TIE Fighter")], [], [unit_id("Star Destroyer")]]
    hand = s.zones["missions0"]
    assert hand[:3] == [mission("Daring Rescue"), mission("Daring Rescue", 2), mission("Sabotage")]
    # the starting missions not named are in the hand; Build Alliance is face down
    assert sorted(hand[3:]) == [mission("Infiltration"), mission("Rapid Mobilization")]
    assert s.zones["assigned0"] == [mission("Build Alliance")]
    assert s.slots[REBEL] == [[L("Mon Mothma")]] and b.leader_status[L("Mon Mothma")] == MISSION
    deck = s.zones["mission_deck0"]
    assert all(MISSIONS[c - 100].mission_set in ("base", "always") for c in deck)
    assert s.zones["action_hand0"] == [action("An Old Friend")]
    assert s.hand_recruits[REBEL] == [L("Han Solo")]  # the Empire's 2 starting cards: -1
    assert s.hand_recruits[IMPERIAL] == [-1] * len(s.zones["action_hand1"]) == [-1, -1]
    assert s.zones["objective_deck"] == [objective("Rebel Assault")]
    assert s.objective_backs == [1] and s.objective_hand_backs == [3]
    assert s.known["objective_hand"] == {IMPERIAL: [objective("Death Star Plans III")]}
    assert s.view(IMPERIAL)["zones"]["objective_hand"]["known"] == [objective_card(10)]
    assert s.position_facts()["missions"]["Rebel"]["hand"][:2] == [
        "Daring Rescue",
        "Daring Rescue #2",
    ]


TOML = """
game = "rebellion_rote"
phase = "assignment"
turn = "Imperial"
round = 2
base = "Yavin"
base_revealed = true

[units]
Yavin = { "Rebel Trooper" = 3 }
Mustafar = { "Stormtrooper" = 2, "Star Destroyer" = 1 }

[leaders]
"Boba Fett" = "pool"

[missions.Imperial]
hand = ["Construct Factory", "Construct Factory", "Interrogation Droid"]

[actions.Imperial]
hand = ["Local Rumors"]

[probes]
hand = ["Kessel", "Naboo"]
deck = ["Tatooine"]
"""


def test_a_toml_document_through_read_position() -> None:
    doc = tabletop.read_position(TOML)
    s = at(doc)
    b = s.board
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL
    assert s.phase == "assignment" and s.round == 2 and s.passed == [True, True]
    assert b.base_revealed and s.zones["base_face_up"] == [S("Yavin")]
    assert b.units[S("Yavin")][unit_id("Rebel Trooper")] == 3
    assert b.leader_status[L("Boba Fett")] == POOL
    hand = s.zones["missions1"]
    assert hand[:3] == [
        mission("Construct Factory"),
        mission("Construct Factory", 2),
        mission("Interrogation Droid"),
    ]
    assert s.zones["probe_hand"] == [S("Kessel"), S("Naboo")]
    assert s.zones["probe_deck"][-1] == S("Tatooine")  # written top first
    assert s.zones["action_hand1"] == [action("Local Rumors")]
    assert s.hand_recruits[IMPERIAL] == [-1]
    assert s.position_facts()["probes"]["hand"] == ["Kessel", "Naboo"]


def test_the_team_game_names_roles_and_seats() -> None:
    base = {"options": {"players": 4}, "turn": "Imperial General", "passed": ["Rebel Admiral"]}
    s = at(base)
    assert s.current_player == 3 and s.team_passed == [True, False, False, False]
    assert s.position_facts()["turn"] == "Imperial General"
    s = at({"options": {"players": 4}, "phase": "assignment", "turn": "Rebel General"})
    assert s.current_player == 2 and isinstance(s.stack[-1], AssignMission)


def test_facts_read_back_as_written() -> None:
    s = GAME.new_state(seed=4, options={"first_game": True})
    while not (len(s.stack) == 1 and isinstance(s.stack[0], CommandTurn) and s.round > 1):
        s.apply(s.legal_actions()[-1])
    doc = s.position_facts()
    back = at(doc)
    assert back.position_facts() == doc
    seen, again = s.view(IMPERIAL, log=False), back.view(IMPERIAL, log=False)
    assert seen.pop("step") > 0 and again.pop("step") == 0  # the actions played since
    assert again == seen


def test_a_position_has_a_record_that_replays() -> None:
    s = at({"units": {"Rebel Base": {"X-wing": 2}}, "leaders": {"Luke Skywalker": "pool"}})
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    rec = s.record()
    assert rec["position"]["units"] == {"Rebel Base": {"X-wing": 2}}
    assert dumps(replay(rec)) == dumps(s)


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"units": {"Hoth": {"X-wing": 99}}}, "position.units.Hoth.X-wing: 99 is out of range"),
        (
            {"units": {"Hoht": {}}},
            "position.units.Hoht: no location called 'Hoht'; did you mean 'Hoth'?",
        ),
        (
            {"missions": {"Rebel": {"hand": ["Sabotage"], "discard": ["Sabotage"]}}},
            "position.missions.Rebel.discard[0]: Sabotage is already at "
            "position.missions.Rebel.hand[0]",
        ),
        (
            {"missions": {"Rebel": {"hand": ["Daring Rescue"]}}},
            "position.missions.Rebel.hand[0]: no Rebel mission card of the roe set "
            "called 'Daring Rescue'",
        ),
        (
            {
                "leaders": {"Mon Mothma": "Kessel"},
                "missions": {
                    "Rebel": {"assigned": [{"card": "Sabotage", "leaders": ["Mon Mothma"]}]}
                },
            },
            "position.missions.Rebel.assigned[0].leaders[0]: Mon Mothma is not in the Rebel pool",
        ),
        (
            {"objectives": {"hand": ["Rebel Cell"]}},
            "position.objectives.hand[0]: Rebel Cell is Immediate",
        ),
        (
            {"phase": "assignment", "passed": ["Rebel"]},
            "position.passed: only in the Command Phase",
        ),
        ({"turn": "Rebel", "passed": ["Rebel"]}, "position.passed: the Rebel player"),
        (
            {"rings": {"Darth Vader": "Frozen in Carbonite"}},
            "position.rings.Darth Vader: Frozen in Carbonite goes on a Rebel leader",
        ),
        (
            {"captured": "Mon Mothma"},
            "position.captured: the captive is a Rebel leader on the board",
        ),
        ({"time": 3, "reputation": 3}, "position.reputation: meets the time marker"),
        (
            {"loyalty": {"Coruscant": "Rebel"}},
            "position.loyalty.Coruscant: Coruscant is always Imperial",
        ),
        (
            {"markers": {"Kessel": ["Rebel Cell", "Rebel Cell"]}},
            "position.markers.Kessel[1]: system",
        ),
        ({"base": "Coruscant"}, "position.base: no system with a probe card called 'Coruscant'"),
        ({"ruled_out": ["Dantooine"]}, "position.ruled_out: the hidden base's own system"),
        (
            {
                "objectives": {"hand": ["Uprising"]},
                "known": {"Rebel": {"objectives.deck": ["Uprising"]}},
            },
            "position.known.Rebel.objectives.deck[0]: no card of objectives.deck called 'Uprising'",
        ),
        ({"effects": {"sweep": 1}}, "position.effects.sweep: no such fact here"),
        (
            {"mission_sets": {"Rebel": "base"}, "options": {"first_game": True}},
            "position.mission_sets.Rebel",
        ),
    ],
)
def test_an_inconsistent_document_names_the_fact(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as err:
        GAME.position(doc)
    assert str(err.value).startswith(message)


def test_a_state_between_the_points_has_no_position() -> None:
    s = at({"units": {"Rebel Base": {"X-wing": 1}}, "leaders": {"Luke Skywalker": "Kessel"}})
    s.apply(SystemChoice(S("Kessel")))
    with pytest.raises(PositionError) as err:
        s.position_facts()
    assert "positions start at a Command turn" in str(err.value)
    assert "or at an Assignment decision" in str(err.value)


def test_the_keyword_form_is_a_document() -> None:
    from rebellion_rote.position import position

    s = position(
        units={"Rebel Base": {"X-wing": 1}}, missions={"Imperial": {"hand": ["Hunt Them Down"]}}
    )
    assert s.zones["missions1"][0] == mission("Hunt Them Down")
    assert s.record()["position"]["missions"] == {"Imperial": {"hand": ["Hunt Them Down"]}}
    s.apply(Pass())
    assert dumps(replay(s.record())) == dumps(s)
    assert s.board.leader_status[L("Mon Mothma")] == POOL
    assert s.board.leader_status[L("Darth Vader")] != BOARD
