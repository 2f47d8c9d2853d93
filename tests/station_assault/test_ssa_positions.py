"""Space Station Assault positions (``station_assault/position.py``): the kit's round
trip in every mode, documents read exactly (TOML text too), errors that name the
fact's path, and the record of a game started from a position."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

import station_assault.position
import tabletop
from station_assault import GAME, AssaultState
from station_assault.actions import KEEP, REDRAW
from station_assault.position import card_name, position
from tabletop import PositionError, read_position, replay
from tabletop.testing import check_position_roundtrip

DUEL = None
FREE_FOR_ALL_3 = {"mode": "free_for_all", "players": 3}
FREE_FOR_ALL_4 = {"mode": "free_for_all", "players": 4}
TEAMS = {"mode": "teams", "players": 4}
BLACK, RED = 0, 1


def read(doc: dict[str, Any] | str) -> AssaultState:
    s = GAME.position(doc)
    assert isinstance(s, AssaultState)
    return s


def seen(s: AssaultState) -> list[Any]:
    """What every seat and the table see, and the choices now (``step`` counts the
    actions since the start, and a position starts again from 0)."""
    views = [s.view(p, log=False) for p in [None, *range(s.num_players)]]
    for v in views:
        del v["step"]
    return [views, s.prompt, [s.describe(a) for a in s.legal_actions()]]


def texts(s: AssaultState) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


def ids(s: AssaultState, zone: str) -> list[int]:
    return list(s.zones[zone])


# ---------------------------------------------------------------- the kit


@pytest.mark.parametrize(
    "options",
    [DUEL, FREE_FOR_ALL_3, FREE_FOR_ALL_4, TEAMS],
    ids=["duel", "free_for_all_3", "free_for_all_4", "teams"],
)
def test_the_kit_round_trips_positions_in_every_mode(options: dict[str, Any] | None) -> None:
    """Every decision is a point where a position starts: the kit skips none."""
    assert check_position_roundtrip(GAME, options, positions=15) == (15, 0)


def test_the_pack_declares_its_facts() -> None:
    assert [f.name for f in GAME.position_facts] == [
        "wave",
        "speed",
        "initiative",
        "decision",
        "passed_over",
        "damage_this_wave",
        "wave_began_with_cards",
        "board",
        "players",
    ]


def test_the_mulligan_round_trips_and_says_who_answered() -> None:
    """The kit samples from step 4 on: the mulligan (wave 0) is checked here."""
    s = GAME.new_state(seed=5, options=FREE_FOR_ALL_3)
    for action in (REDRAW, KEEP, REDRAW):
        doc = s.position_facts()
        back = read(json.loads(json.dumps(doc)))
        assert seen(back) == seen(s) and back.position_facts() == doc
        s.apply(action)
    doc = s.position_facts()
    assert doc["wave"] == 1 and "deck_known" not in doc["players"][0]
    assert [p["mulligan"] for p in doc["players"]] == ["mulligan", "keep", "mulligan"]
    back = read(doc)
    assert seen(back) == seen(s)
    assert back.known.get("deck0", {}) == s.known.get("deck0", {})
    assert len(back.known["deck0"][0]) == 10


def test_a_mulligan_position_hides_the_answers_given() -> None:
    s = read({"wave": 0, "players": [{"mulligan": "mulligan"}, {}], "seed": 4})
    assert s.prompt.startswith("Red: keep your opening hand")
    assert s.view(RED)["state"]["mulligan"] == ["decided", "undecided"]
    assert s.view(BLACK)["state"]["mulligan"] == ["mulligan", "undecided"]
    assert [len(s.zones[z]) for z in ("hand0", "deck0", "hand1", "deck1")] == [10, 40, 10, 40]
    hand = ids(s, "hand0")
    s.apply(KEEP)
    assert ids(s, "deck0")[:10] == hand and s.known["deck0"] == {0: hand}


def test_a_short_mulligan_hand_is_written_as_deck_known() -> None:
    """The cards a mulligan put at the bottom are known to the owner: the document
    says how many only when it is not the ten of an opening hand."""
    s = read({"wave": 0, "players": [{"hand": ["Scout", "Behemoth", "Cruiser"]}, {}]})
    s.apply(REDRAW)
    s.apply(KEEP)
    doc = s.position_facts()
    # On the bottom in the hand's order: the document lists the deck top first.
    assert doc["players"][0]["deck_known"] == 3 and doc["players"][0]["deck"][-3:] == [
        "Cruiser",
        "Behemoth",
        "Scout",
    ]
    back = read(doc)
    assert seen(back) == seen(s) and back.position_facts() == doc
    assert sorted(back.view(BLACK)["zones"]["deck0"]["known"]) == [1, 35, 48]


# ---------------------------------------------------------------- documents

TOML = """
game = "station_assault"
wave = 3
speed = 3
initiative = 1
passed_over = [1]
damage_this_wave = 4
board = [
  {ship = "Destroyer", owner = 0, x = 2, y = 0},
  {ship = "Frigate", owner = 1, x = 3, y = 0, damage = 1, acted = true},
  {ship = "Scout", owner = 1, x = 2, y = 1, acted = true},
  {ship = "Corvette", owner = 0, x = 1, y = 0, acted = true},
]

[[players]]
hand = ["Frigate", "Cruiser", "Frigate #4"]
deck = ["Scout", "Dreadnaught"]
pile = ["Scout"]
score = 1

[[players]]
hand = ["Behemoth"]
pile = ["Fighter", "Gunship #2"]
lost = 1
"""


def test_a_toml_document_sets_the_table_exactly() -> None:
    s = read(TOML)
    assert s.prompt == "Black: wave 3, Speed 3: choose a ship to act"
    assert texts(s) == [
        "Play a Frigate (Speed 3, Firepower 2, Shields 2, Victory 2)",
        "Act with Destroyer at (2,0)",
    ]
    # Black's ids: Scouts 1-6, Fighters 7-12, Corvettes 13-18, Gunships 19-24,
    # Frigates 25-29, Destroyers 30-34, Cruisers 35-39, ..., Dreadnaughts 44-47.
    assert ids(s, "hand0") == [25, 35, 28]
    assert ids(s, "deck0") == [44, 1]  # the document lists the top first
    assert ids(s, "pile0") == [56 + 1] and ids(s, "pile1") == [7, 20]
    assert len(s.zones["removed0"]) == 50 - 3 - 2 - 2 - 2  # the rest is set aside
    assert len(s.zones["deck1"]) == 50 - 1 - 2 - 1
    state = s.view(None)["state"]
    assert state["scores"] == [1, 4] and state["lost"] == [4, 1]
    assert state["passed_over"] == [1] and state["wave"] == 3 and state["initiative"] == 1
    assert [(b["card"], b["x"], b["y"], b["damage"], b["acted"]) for b in state["board"]] == [
        (0, 0, 0, 0, False),
        (13, 1, 0, 0, True),
        (30, 2, 0, 0, False),
        (55, 4, 0, 0, False),
        (56, 2, 1, 0, True),
        (80, 3, 0, 1, True),
    ]
    assert s.wave_damage == 4 and s.wave_had_hands
    assert s.history == [] and s.log == []
    doc = s.position_facts()
    assert doc["players"][0]["hand"] == ["Frigate", "Cruiser", "Frigate #4"]
    # Black's Gunship #1 is read first (set aside in removed): #2 is the lowest left.
    assert doc["players"][1]["pile"] == ["Fighter", "Gunship"]
    assert doc["board"][1] == {"ship": "Corvette", "owner": 0, "x": 1, "y": 0, "acted": True}
    back = read(doc)
    assert seen(back) == seen(s) and back.position_facts() == doc


def test_the_keywords_build_the_same_table() -> None:
    s = position(
        wave=3,
        speed=3,
        initiative=1,
        passed_over=[1],
        damage_this_wave=4,
        board=[
            (0, "Destroyer", 2, 0),
            (1, "Frigate", 3, 0, 1, True),
            (1, "Scout", 2, 1, 0, True),
            (0, "Corvette", 1, 0, 0, True),
        ],
        hands={0: ["Frigate", "Cruiser", "Frigate #4"], 1: ["Behemoth"]},
        decks={0: ["Scout", "Dreadnaught"]},
        piles={0: ["Scout"], 1: ["Fighter", "Gunship #2"]},
    )
    assert seen(s) == seen(read(TOML))


def test_what_a_document_leaves_out() -> None:
    """The Stations at home, empty hands, each fleet shuffled into its deck by the seed,
    the initiative as the seed draws it; the lowest Speed with a card to act."""
    s = read({})
    assert s.prompt == "Black: wave 1, Speed 6: choose a ship to act"
    assert texts(s) == ["Black Space Station stays (no enemy next to it to fire at)"]
    assert s.board == [0, 55] and [len(s.zones[f"deck{p}"]) for p in (0, 1)] == [50, 50]
    assert read({"seed": 1}).zones["deck0"] != s.zones["deck0"]
    assert read({"seed": 1}).zones["deck0"] == read({"seed": 1}).zones["deck0"]
    assert not s.wave_had_hands and s.speed == 6
    # Wave 0: ten cards dealt to each hand from the shuffled fleet.
    m = read({"wave": 0, "players": [{"hand": ["Scout"] * 3}, {}]})
    assert m.prompt.startswith("Black: keep your opening hand")
    assert [len(m.zones[z]) for z in ("hand0", "deck0", "hand1", "deck1")] == [3, 47, 10, 40]
    # The turn at a Speed: the first player from the initiative with a ship of it,
    # the players before them passed over.
    s = read({"initiative": 1, "players": [{"hand": ["Scout"]}, {"hand": ["Frigate"]}]})
    assert (
        s.speed == 1 and s.current_player == BLACK and s.view(None)["state"]["passed_over"] == [1]
    )


def test_copies_by_name_and_number() -> None:
    """A plain name is the lowest copy still free in reading order; "#k" is copy k."""
    s = read({"players": [{"hand": ["Scout #2", "Scout"]}, {"hand": ["Scout #3"]}]})
    assert ids(s, "hand0") == [2, 1] and ids(s, "hand1") == [55 + 3]
    assert s.position_facts()["players"][0]["hand"] == ["Scout #2", "Scout"]
    t = read({"players": [{"hand": ["Scout", "Scout #1"]}, {}]})
    assert ids(t, "hand0") == [2, 1]
    assert t.position_facts()["players"][0]["hand"] == ["Scout #2", "Scout"]
    assert card_name(s.table, 58) == "Scout #3" and card_name(s.table, 55) == "Space Station"


def test_where_the_acting_ship_goes_and_its_target() -> None:
    played = read(
        """
        [decision]
        choose = "destination"
        player = 1
        ship = "Frigate #2"
        """
    )
    assert played.prompt == "Red: where do you play the Frigate?" and played.speed == 3
    assert played.view(None)["state"]["acting"] == {"card": 55 + 26, "ship": "Frigate"}
    assert texts(played)[:2] == [
        "Play Frigate at (1,0), fire at Black Space Station",
        "Play Frigate at (0,1), fire at Black Space Station",
    ]
    board = [
        {"ship": "Destroyer", "owner": 0, "x": 2, "y": 0, "acted": True},
        {"ship": "Scout", "owner": 1, "x": 2, "y": 1, "acted": True},
        {"ship": "Corvette", "owner": 1, "x": 2, "y": -1, "acted": True},
    ]
    moving = read({"board": board, "decision": {"choose": "destination", "x": 2, "y": 0}})
    assert moving.prompt == "Black: where does the Destroyer at (2,0) go (or stay)?"
    assert texts(moving)[-1].startswith("Destroyer stays at (2,0), then choose a target")
    firing = read({"board": board, "decision": {"choose": "target", "x": 2, "y": 0}})
    assert firing.prompt == "Black: which enemy does the Destroyer fire at?"
    assert texts(firing) == [
        "Fire at Red Scout at (2,1) (damage 0 of 1)",
        "Fire at Red Corvette at (2,-1) (damage 0 of 2)",
    ]
    for s in (played, moving, firing):
        assert seen(read(s.position_facts())) == seen(s)


def test_a_player_out_of_a_free_for_all() -> None:
    """Black's Station lies in Black's own pile (a free for all counts losses): 60 lost,
    out; their ships left the table, set aside in removed."""
    s = read(
        {
            "options": FREE_FOR_ALL_3,
            "initiative": 2,
            "players": [{"pile": ["Space Station"], "out": True}, {}, {"lost": 0}],
        }
    )
    assert s.alive == [False, True, True] and s.lost == [60, 0, 0] and s.score == [0, 0, 0]
    assert s.board == [55, 110] and len(s.zones["removed0"]) == 50
    assert s.prompt == "Blue: wave 1, Speed 6: choose a ship to act"
    doc = s.position_facts()
    assert doc["players"][0]["out"] and doc["players"][0]["hand"] == []
    assert doc["players"][0]["removed"][:7] == ["Scout"] * 6 + ["Fighter"]
    assert seen(read(doc)) == seen(s)


def test_piles_in_teams_name_the_owner() -> None:
    s = read(
        {
            "options": TEAMS,
            "players": [
                {"pile": [{"ship": "Scout", "owner": 1}, {"ship": "Fighter", "owner": 3}]},
                {},
                {},
                {},
            ],
        }
    )
    assert s.score == [3, 0, 0, 0] and s.lost == [0, 1, 0, 2]
    assert ids(s, "pile0") == [56, 3 * 55 + 7]
    assert s.position_facts()["players"][0]["pile"] == [
        {"ship": "Scout", "owner": 1},
        {"ship": "Fighter", "owner": 3},
    ]


# ---------------------------------------------------------------- errors


def _board(*cards: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [
        {"ship": c[1], "owner": c[0], "x": c[2], "y": c[3], **(c[4] if len(c) > 4 else {})}
        for c in cards
    ]


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            {"board": _board((0, "Frigat", 1, 0))},
            r"position\.board\[0\]\.ship: no ship called 'Frigat'; did you mean 'Frigate'\?",
        ),
        (
            {"board": _board((0, "Frigate", 1, 0), (1, "Scout", 1, 0))},
            r"position\.board\[1\]: \(1,0\) holds the card at position\.board\[0\]; one card a cell",
        ),
        (
            {"players": [{"hand": ["Scout #2"], "deck": ["Scout #2"]}, {}]},
            r"position\.players\[0\]\.deck\[0\]: Black's Scout #2 is also at "
            r"position\.players\[0\]\.hand\[0\]; a card is in one place",
        ),
        (
            {"players": [{"hand": ["Scout"] * 7}, {}]},
            r"position\.players\[0\]\.hand\[6\]: Black's fleet has 6 copies of the Scout, all "
            "placed before this one",
        ),
        (
            {"players": [{}, {"hand": ["Behemoth #4"]}]},
            r"position\.players\[1\]\.hand\[0\]: a fleet has 3 Behemoth \(copies #1\.\.#3\), not #4",
        ),
        (
            {"board": _board((0, "Frigate", 1, 0, {"damage": 2}))},
            r"position\.board\[0\]\.damage: 2 destroys a Frigate \(Shields 2\): 0\.\.1",
        ),
        (
            {"board": _board((0, "Space Station", 1, 0))},
            r"position\.board\[0\]: a Space Station never moves: Black's stands at \(0,0\)",
        ),
        (
            {"board": _board((0, "Scout", 0, 0))},
            r"position\.board: Black's Space Station stands on its home cell \(0,0\), where the "
            "board puts a Scout",
        ),
        (
            {
                "board": _board(
                    (0, "Destroyer", 2, 0, {"acted": True}), (1, "Scout", 2, 1, {"acted": True})
                ),
                "decision": {"choose": "target", "x": 2, "y": 0},
            },
            r"position\.decision: the Destroyer at \(2,0\) is next to 1 enemy card: a target is "
            "chosen only among two or more adjacent enemies",
        ),
        (
            {
                "board": _board((0, "Destroyer", 2, 0), (1, "Scout", 2, 1, {"acted": True})),
                "decision": {"choose": "destination", "x": 2, "y": 0},
            },
            r"position\.decision: the acting Destroyer at \(2,0\) has acted this wave: give it "
            "acted = true",
        ),
        (
            {"decision": {"choose": "destination", "x": 7, "y": 7}},
            r"position\.decision: no card is in play at \(7,7\)",
        ),
        (
            {"decision": {"choose": "destination", "ship": "Scout"}},
            r"position\.decision\.player: whose ship is played\?",
        ),
        (
            {"players": [{"pile": [{"ship": "Scout", "owner": 0}]}, {}]},
            r"position\.players\[0\]\.pile\[0\]\.ship: a pile holds the enemy cards its player "
            "destroyed, and this Scout is Black's",
        ),
        (
            {"options": TEAMS, "players": [{"pile": ["Scout"]}, {}, {}, {}]},
            r'position\.players\[0\]\.pile\[0\]: in teams say whose card it is: \{ship = "Scout", '
            r"owner = 1\}",
        ),
        (
            {
                "options": FREE_FOR_ALL_3,
                "players": [{}, {"pile": [{"ship": "Scout", "owner": 0}]}, {}],
            },
            r"position\.players\[1\]\.pile\[0\]\.ship: in a free for all a pile holds the "
            "player's own cards destroyed",
        ),
        (
            {"players": [{"pile": ["Scout"], "score": 3}, {}]},
            r"position\.players\[0\]\.score: 3, but the pile \(the enemy cards destroyed\) is "
            "worth 1 Victory",
        ),
        (
            {"players": [{"pile": ["Scout"]}, {"lost": 2}]},
            r"position\.players\[1\]\.lost: 2, but the piles hold 1 Victory of Red's cards",
        ),
        (
            {"players": [{"pile": ["Space Station"]}, {}]},
            r"position\.players: Black scores 60: the game is won already",
        ),
        (
            {
                "options": FREE_FOR_ALL_3,
                "players": [{"pile": ["Space Station"], "out": False}, {}, {}],
            },
            r"position\.players\[0\]\.out: out means 60 lost or more; Black lost 60",
        ),
        (
            {"players": [{"out": True}, {}]},
            r"position\.players\[0\]\.out: only a free for all puts players out",
        ),
        (
            {"speed": 3, "players": [{"hand": ["Scout"]}, {}]},
            r"position\.players\[0\]\.hand\[0\]: a Scout \(Speed 1\) in the hand at Speed 3",
        ),
        (
            {"speed": 3, "board": _board((0, "Scout", 1, 0))},
            r"position\.board\[0\]\.acted: a Scout \(Speed 1\) that has not acted at Speed 3",
        ),
        (
            {"speed": 3, "decision": {"player": 0}},
            r"position\.decision\.player: Black has no ship available to act at Speed 3",
        ),
        (
            {"speed": 6, "passed_over": [1]},
            r"position\.passed_over\[0\]: Red has a ship available at Speed 6",
        ),
        (
            {"players": [{"hand": ["Scout"]}, {}], "wave_began_with_cards": False},
            r"position\.wave_began_with_cards: a hand holds a ship now",
        ),
        (
            {
                "speed": 6,
                "passed_over": [1, 1],
                "board": _board((1, "Space Station", 4, 0, {"acted": True})),
            },
            r"position\.passed_over\[1\]: Red is listed twice",
        ),
        ({"boad": []}, r"position\.boad: no such fact here; did you mean 'board'\?"),
        ({"players": [{}]}, r"position\.players: one table per player in seat order: 2, not 1"),
        ({"wave": 0, "speed": 2}, r"position\.speed: only in a wave \(wave 1 or later\)"),
        ({"wave": 31}, r"position\.wave: 31 is out of range 0\.\.30"),
        (
            {"wave": 0, "decision": {"player": 1}},
            r"position\.players\[0\]\.mulligan: players answer in seat order",
        ),
        (
            {"players": [{"mulligan": "undecided"}, {}]},
            r"position\.players\[0\]\.mulligan: everyone has answered once wave 1 begins",
        ),
        (
            {"players": [{"mulligan": "mulligan", "deck_known": 51}, {}]},
            r"position\.players\[0\]\.deck_known: 51 is out of range 0\.\.50",
        ),
        (
            {"players": [{"deck_known": 3}, {}]},
            r"position\.players\[0\]\.deck_known: only a player who took the mulligan",
        ),
        (
            {"players": [{"deck": ["Scout"], "removed": []}, {}]},
            r"position\.players\[0\]\.deck: 49 ships of Black's are nowhere \(Scout x5, Fighter x6",
        ),
        (
            {"players": [{"hand": ["Space Station"]}, {}]},
            r"position\.players\[0\]\.hand\[0\]: a Space Station is never in a hand",
        ),
        (
            {"board": _board((0, "Scout", 100_001, 0))},
            r"position\.board\[0\]\.x: 100001 is out of range -100000\.\.100000",
        ),
        (
            {"board": [{"ship": 3, "owner": 0, "x": 1, "y": 0}]},
            r"position\.board\[0\]\.ship: a ship name \(a string\), not int",
        ),
        (
            {"board": [{"ship": "Scout", "x": 1, "y": 0}]},
            r"position\.board\[0\]\.owner: missing; this fact is required",
        ),
        (
            {"decision": {"choose": "fire"}},
            r"position\.decision\.choose: 'fire' is not one of them",
        ),
    ],
)
def test_a_bad_fact_is_named_by_its_path(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.position(doc)


def test_toml_errors_name_the_path_too() -> None:
    text = TOML.replace('"Frigate #4"', '"Frigate #9"')
    with pytest.raises(
        PositionError, match=r"position\.players\[0\]\.hand\[2\]: a fleet has 5 Frigate"
    ):
        GAME.position(read_position(text))


# ---------------------------------------------------------------- records


def test_a_game_from_a_position_has_a_record_that_replays() -> None:
    doc = read_position(TOML)
    s = read(doc)
    for _ in range(7):
        s.apply(s.legal_actions()[-1])
    rec = json.loads(json.dumps(s.record()))
    assert rec["position"] == doc and len(rec["actions"]) == 7
    again = replay(rec)
    assert tabletop.dumps(again) == tabletop.dumps(s)
    assert tabletop.dumps(tabletop.loads(tabletop.dumps(s))) == tabletop.dumps(s)
    # And the position of where it got to reads back into the same table.
    assert seen(read(s.position_facts())) == seen(s)


def test_a_finished_game_has_no_position() -> None:
    s = read({"board": _board((1, "Space Station", 4, 0, {"damage": 24}), (0, "Scout", 3, 0))})
    s.apply(s.legal_actions()[0])  # act with the Scout
    s.apply(next(a for a in s.legal_actions() if a.kind == "stay"))
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    with pytest.raises(PositionError, match="a finished game has no position to start from"):
        s.position_facts()


def test_the_module_examples_run() -> None:
    result = doctest.testmod(station_assault.position)
    assert result.failed == 0 and result.attempted >= 4
