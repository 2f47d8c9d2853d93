"""Rebel Space positions: documents by card names, read back exactly, checked as untrusted."""

from __future__ import annotations

from typing import Any

import pytest
from rs_helpers import find, legal, names, play, position

import tabletop
from rebel_space import GAME
from rebel_space.cards import NAME
from rebel_space.position import card_label
from rebel_space.state import RebelSpaceState
from tabletop import PositionError, dumps, replay
from tabletop.testing import check_position_roundtrip

MODES: list[dict[str, Any] | None] = [
    None,
    {"starting_hand": 7},
    {"hand_limit": 6},
    {"deploy_points": 5},
    {"tie_destroys_both": False},
    {"ion_cannon_may_hold": False},
    {"rebel_base_may_attack": False},
]


def at(doc: dict[str, Any]) -> RebelSpaceState:
    """The game of a position document."""
    s = GAME.position(doc)
    assert isinstance(s, RebelSpaceState)
    return s


@pytest.mark.parametrize("options", MODES)
def test_positions_round_trip(options: dict[str, Any] | None) -> None:
    checked, skipped = check_position_roundtrip(GAME, options, positions=15)
    assert checked == 15
    assert skipped < checked  # most random states are at a point where positions start


def test_a_toml_position_at_the_attach_step() -> None:
    doc = tabletop.read_position(
        """
        game = "rebel_space"
        turn = "Rebel"
        turn_number = 7
        step = "attach"
        budget = 1
        resolving = "Laser Sword"
        attach = [["Robot Sidekick", "Smuggler"]]
        [zones]
        hand0 = ["Rebel Soldier", "Rebel Soldier #4"]
        active0 = ["Smuggler"]
        inactive0 = ["Princess"]
        discard1 = ["Troopers"]
        """
    )
    s = at(doc)
    assert s.prompt == "Rebel: attach Laser Sword to a hero"
    assert [s.describe(a) for a in s.legal_actions()] == [
        "Attach Laser Sword to Princess",
        "Attach Laser Sword to Smuggler",
    ]
    view = s.view(1)["state"]
    assert (view["turn_number"], view["phase"], view["deploy_points_left"]) == (7, "deploy", 1)
    assert view["resolving"] == find(s, "Laser Sword")
    soldiers = [c for c in range(len(NAME)) if NAME[c] == "Rebel Soldier"]
    assert s.zones["hand0"] == [soldiers[0], soldiers[3]]
    assert names(s.zones["attached0"]) == ["Laser Sword", "Robot Sidekick"]
    assert s.host[find(s, "Robot Sidekick")] == find(s, "Smuggler")
    assert len(s.zones["deck0"]) == 76 - 6 and names(s.zones["discard1"]) == ["Troopers"]
    play(s, f"attach {find(s, 'Princess')}")
    assert s.host[find(s, "Laser Sword")] == find(s, "Princess")
    assert s.prompt == "Rebel: deploy a card (1 point left) or end the phase"


def test_declared_groups_and_the_group_being_formed() -> None:
    s = at(
        {
            "turn": "Imperial",
            "step": "form_group",
            "zones": {"active1": ["Troopers", "Troopers", "Interceptors", "Imperial Captain"]},
            "attack": {
                "groups": [{"units": ["Troopers #2"]}],
                "forming": {"space": True, "units": ["Interceptors"]},
            },
        }
    )
    assert names(s.groups[0]) == ["Troopers"] and s.group_space == [False]
    assert s.groups[0] == [s.zones["active1"][1]]
    assert s.prompt == "Imperial: add units to the space group, or close it"
    assert [s.describe(a) for a in s.legal_actions()] == ["Close the group of Interceptors"]
    play(s, "close")
    assert s.prompt == "Imperial: form a battle group or stop (2 declared)"
    assert s.position_facts()["attack"] == {
        "groups": [
            {"space": False, "units": ["Troopers #2"]},
            {"space": True, "units": ["Interceptors"]},
        ]
    }


def test_cards_shown_to_the_other_player() -> None:
    s = at(
        {
            "turn": "Imperial",
            "step": "end",
            "zones": {"hand0": ["Princess", "Rebel Soldier", "Convert"], "hand1": ["Troopers"]},
            "shown": {"hand0": ["Convert", "Princess"]},
        }
    )
    assert s.view(1)["zones"]["hand0"]["known"] == sorted([find(s, "Convert"), find(s, "Princess")])
    assert "known" not in s.view(0)["zones"]["hand1"]
    assert s.position_facts()["shown"] == {"hand0": ["Convert", "Princess"]}


def test_deck_size_trims_the_deck_onto_the_discard_pile() -> None:
    s = position(turn=1, step="draw", zones={"discard1": ["Trap"]}, deck_size={1: 3})
    assert len(s.zones["deck1"]) == 3
    assert len(s.zones["discard1"]) == 67 - 3 and NAME[s.zones["discard1"][0]] == "Trap"
    assert s.record()["position"]["deck_size"] == {"Imperial": 3}


def test_a_position_names_copies_so_that_it_reads_back_to_the_same_ids() -> None:
    s = GAME.new_state(seed=4)
    assert isinstance(s, RebelSpaceState)
    play(s, "draw 2")
    doc = s.position_facts()
    hand = doc["zones"]["hand0"]
    back = at(doc)
    assert back.zones["hand0"] == s.zones["hand0"]
    assert [card_label(c) if "#" in n else NAME[c] for c, n in zip(s.zones["hand0"], hand)] == hand
    for p in (None, 0, 1):
        seen, again = s.view(p, log=False), back.view(p, log=False)
        assert (again["state"], again["zones"]) == (seen["state"], seen["zones"])
    assert back.legal_actions() == s.legal_actions()


def test_a_position_plays_on_with_a_record() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones={"active0": ["Rebel Soldier", "Grav Cycles"], "active1": ["Troopers"]},
    )
    play(s, "group 0", f"add {find(s, 'Rebel Soldier')}", "close", "attack")
    record = s.record()
    assert record["position"]["zones"]["active1"] == ["Troopers"]
    rebuilt = replay(record)
    assert dumps(rebuilt) == dumps(s)
    assert tabletop.loads(dumps(s)).legal_actions() == s.legal_actions()


def test_no_position_in_the_middle_of_blocks() -> None:
    s = position(
        turn=1, step="attack_start", zones={"active1": ["Troopers"], "active0": ["Rebel Soldier"]}
    )
    play(s, "group 0", f"add {find(s, 'Troopers')}", "close")
    assert s.stack[-1].kind == "block_choice"
    with pytest.raises(PositionError, match="positions start at a decision of the steps draw, "):
        s.position_facts()


def test_a_hero_changes_sides_with_its_attachments() -> None:
    s = position(
        turn=1,
        step="deploy",
        zones={"inactive1": ["Princess"], "hand1": ["Plasma Sword"]},
        attach=[("Laser Sword", "Princess")],
    )
    assert s.view(0)["state"]["converted"] == [find(s, "Princess")]
    assert legal(s) == [f"deploy {find(s, 'Plasma Sword')}", "pass"]


BAD: list[tuple[dict[str, Any], str]] = [
    (
        {"zones": {"hand0": ["Princes"]}},
        "position.zones.hand0[0]: no card called 'Princes'; did you mean 'Princess'?",
    ),
    (
        {"zones": {"hand0": ["Princess"], "active0": ["Princess"]}},
        "position.zones.active0[0]: no Princess left: 1 is in the card lists, placed at position.zones.hand0[0]",
    ),
    (
        {"zones": {"hand0": ["Rebel Soldier"] * 11}},
        "position.zones.hand0[10]: no Rebel Soldier left: 10 are in the card lists",
    ),
    (
        {"zones": {"hand0": ["Rebel Soldier #2", "Rebel Soldier #2"]}},
        "position.zones.hand0[1]: Rebel Soldier #2 is at position.zones.hand0[0] already",
    ),
    (
        {"zones": {"hand0": ["Rebel Soldier #11"]}},
        "position.zones.hand0[0]: Rebel Soldier has 10 copies: #1..#10",
    ),
    (
        {"zones": {"active0": ["Rebel Soldier"]}, "attach": [["Laser Sword", "Rebel Soldier"]]},
        "position.attach[0][1]: Rebel Soldier is not a hero in play",
    ),
    (
        {"zones": {"hand0": ["Princess"]}, "attach": [["Laser Sword", "Princess"]]},
        "position.attach[0][1]: Princess is not a hero in play",
    ),
    (
        {"zones": {"active0": ["Princess"]}, "attach": [["Rebel Soldier", "Princess"]]},
        "position.attach[0][0]: Rebel Soldier is no item or companion",
    ),
    (
        {"zones": {"hand0": ["Troopers"]}},
        "position.zones.hand0[0]: Troopers is an Imperial card (put it in hand1)",
    ),
    ({"zones": {"active0": ["Laser Sword"]}}, "position.zones.active0[0]: Laser Sword is no unit"),
    (
        {"zones": {"active0": ["Troopers"]}},
        "position.zones.active0[0]: Troopers is an Imperial card; only a hero",
    ),
    ({"zones": {"hand2": []}}, "position.zones.hand2: no such fact here; did you mean 'hand1'?"),
    ({"zones": {"attached0": []}}, "position.zones.attached0: attachments are written in attach"),
    ({"zones": {"deck0": ["Princess"]}}, "position.zones.deck0: 75 Rebel cards are in no zone"),
    ({"turn": "Empire"}, "position.turn: no player called 'Empire'"),
    ({"turn": 1}, "position.turn: a player name (a string), not"),
    ({"step": "block"}, "position.step: 'block' is not one of them"),
    ({"step": "attach"}, "position.resolving: at step attach or target, name the card"),
    ({"resolving": "Recruit"}, "position.resolving: at step attach or target, name the card"),
    (
        {"step": "target", "resolving": "Medi-Bot"},
        "position.resolving: Medi-Bot has no target here",
    ),
    (
        {"step": "attach", "resolving": "Laser Sword"},
        "position.resolving: the Rebel has no hero in play",
    ),
    ({"budget": 4}, "position.budget: 4 is out of range 0..3"),
    ({"turn_number": 0}, "position.turn_number: 0 is out of range"),
    (
        {"deck_size": {"Rebels": 10}},
        "position.deck_size.Rebels: no such fact here; did you mean 'Rebel'?",
    ),
    (
        {"deck_size": {"Rebel": 3}, "zones": {"deck0": []}},
        "position.deck_size.Rebel: zones.deck0 lists that deck already",
    ),
    ({"shown": {"hand0": ["Princess"]}}, "position.shown.hand0[0]: no Princess is in hand0"),
    (
        {"step": "deploy", "attack": {"groups": []}},
        "position.attack: only at steps attack_start, declare",
    ),
    ({"step": "form_group"}, "position.attack: at step form_group, say the group being formed"),
    (
        {
            "step": "declare",
            "zones": {"active0": ["Rebel Soldier"]},
            "attack": {"groups": [{"units": ["Grav Cycles"]}]},
        },
        "position.attack.groups[0].units[0]: no Grav Cycles is in active0",
    ),
    (
        {
            "step": "declare",
            "zones": {"active0": ["Rebel Soldier"]},
            "attack": {"groups": [{"space": True, "units": ["Rebel Soldier"]}]},
        },
        "position.attack.groups[0].units[0]: Rebel Soldier cannot join this space group here",
    ),
    (
        {"step": "declare", "attack": {"groups": [{"units": []}]}},
        "position.attack.groups[0].units: a declared group",
    ),
    (
        {"step": "declare", "attack": {"extra_phases": 1}},
        "position.attack.extra_phases: extra attack phases come",
    ),
    (
        {"step": "declare", "attack": {"grups": []}},
        "position.attack.grups: no such fact here; did you mean 'groups'?",
    ),
    ({"budjet": 1}, "position.budjet: no such fact here; did you mean 'budget'?"),
]


@pytest.mark.parametrize(("doc", "message"), BAD)
def test_a_bad_document_is_an_error_naming_the_fact(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.position(doc)
    assert str(info.value).startswith(message)


def test_the_module_examples() -> None:
    import doctest

    import rebel_space.position

    assert doctest.testmod(rebel_space.position).failed == 0
