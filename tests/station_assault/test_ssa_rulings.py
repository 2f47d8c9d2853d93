"""A scenario test for every ruling SSA-01..SSA-21 (and the rules' worked example)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ssa_helpers import at, cells_offered, deal, do, new, put, remove, station, texts, where

import station_assault
import tabletop
from station_assault import GAME
from station_assault.actions import KEEP, REDRAW, Act, Fire, Home, Play, Stay
from station_assault.decisions import ChooseDestination, ChooseShip, ChooseTarget
from station_assault.events import Eliminated, GameEnded, Stayed, WaveStarted
from station_assault.rules.grid import FREE_FOR_ALL_LAYOUTS
from station_assault.rules.setup import DECK, HAND, PILE, REMOVED
from station_assault.ships import ShipType
from tabletop import OptionsError, Rng

BLACK, RED = 0, 1


def test_rules_worked_example() -> None:
    """Red, with initiative, plays a Fighter next to the Black Station, which takes 2
    damage; at Speed 6 the Black Station must fire at the Fighter and destroys it,
    scoring 2."""
    s = deal({BLACK: ["Dreadnaught"], RED: ["Fighter"]}, initiative=RED)
    assert s.current_player == RED and s.speed == 1
    do(s, "Play a Fighter")
    fighter = s.stack[-1].card
    assert "Play Fighter at (1,0), fire at Black Space Station" in texts(s)
    do(s, "Play Fighter at (1,0)")
    assert s.damage[station(BLACK)] == 2
    assert s.speed == 5 and s.current_player == BLACK
    do(s, "Play a Dreadnaught", "Play Dreadnaught at (-1,0)")
    assert s.speed == 6 and s.current_player == RED  # initiative acts first at Speed 6
    assert texts(s) == ["Red Space Station stays (no enemy next to it to fire at)"]
    do(s, "Red Space Station stays")
    assert s.current_player == BLACK
    assert texts(s) == ["Black Space Station stays and fires at Red Fighter"]
    do(s, "Black Space Station stays and fires")
    assert at(s, 1, 0) is None and where(s, fighter) is None
    assert s.score == [2, 0] and s.lost == [0, 2]
    assert s.zones[PILE[BLACK]] == [fighter]
    assert s.wave == 2 and s.initiative == BLACK


# ---------------------------------------------------------------- SSA-01


PRINTED = [
    ("Scout", 6, 1, 1, 1, 1),
    ("Fighter", 6, 1, 2, 1, 2),
    ("Corvette", 6, 2, 1, 2, 1),
    ("Gunship", 6, 2, 3, 1, 2),
    ("Frigate", 5, 3, 2, 2, 2),
    ("Destroyer", 5, 3, 3, 2, 3),
    ("Cruiser", 5, 4, 2, 4, 3),
    ("Battleship", 4, 4, 3, 3, 3),
    ("Dreadnaught", 4, 5, 3, 4, 3),
    ("Behemoth", 3, 5, 4, 4, 4),
    ("Space Station", 1, 6, 1, 25, 60),
]


def test_ssa_01_ship_table(tmp_path: Path) -> None:
    """SSA-01: the table as data; sourced vs designed; custom tables; clear errors."""
    types = GAME.cards["Ships"]
    assert [(t.name, t.copies, t.speed, t.firepower, t.shields, t.victory) for t in types] == (
        PRINTED
    )
    ships = [t for t in types if not t.station]
    assert sum(t.copies for t in ships) == 50
    assert sum(t.copies * t.victory for t in ships) == 112
    for t in ships:  # the designed Victory formula
        assert t.victory == round((2 * t.firepower + t.shields) / 3)
    station_row = types[-1]
    assert station_row.station and station_row.designed() == ()
    assert "speed" in types[3].designed() and "victory" not in types[0].designed()
    s = new()
    assert len(s.zones[DECK[0]]) + len(s.zones[HAND[0]]) == 50
    # A custom table, inline rows: two ship types.
    rows = [
        {"name": "Lancer", "copies": 12, "speed": 2, "firepower": 2, "shields": 2, "victory": 2},
        {"name": "Bulwark", "copies": 8, "speed": 4, "firepower": 1, "shields": 5, "victory": 2},
        {
            "name": "Citadel",
            "copies": 1,
            "speed": 6,
            "firepower": 2,
            "shields": 30,
            "victory": 60,
            "station": True,
        },
    ]
    s = new({"ships": rows})
    assert len(s.zones[DECK[1]]) + len(s.zones[HAND[1]]) == 20
    assert s.table.name(station(1)) == "Citadel" and s.table.shields[station(1)] == 30
    assert json.loads(json.dumps(s.record()))["options"]["ships"][0]["name"] == "Lancer"
    # The same table from a user's file.
    path = tmp_path / "my_ships.toml"
    body = ""
    for r in rows:
        body += "[[ship]]\n" + "".join(
            f"{k} = {json.dumps(v) if not isinstance(v, bool) else str(v).lower()}\n"
            for k, v in r.items()
        )
    path.write_text(body)
    s2 = new({"ship_file": str(path)})
    assert s2.table.types == s.table.types
    # Bad data: the error names the row and the field.
    bad = [dict(r) for r in rows]
    bad[1]["speed"] = 0
    with pytest.raises(OptionsError, match=r"ships\[1\].*speed|speed.*ships\[1\]"):
        GAME.make_options({"ships": bad})
    bad = [dict(r) for r in rows]
    bad[0]["speed"] = 6
    with pytest.raises(OptionsError, match=r"speed: a ship's Speed is 1..5"):
        GAME.make_options({"ships": bad})
    bad = [dict(r) for r in rows]
    del bad[0]["shields"]
    with pytest.raises(OptionsError, match=r"ships\[0\].*shields"):
        GAME.make_options({"ships": bad})
    with pytest.raises(OptionsError, match="exactly one row must be the Space Station"):
        GAME.make_options({"ships": rows[:2]})
    bad = [dict(r) for r in rows]
    bad[0]["copies"] = 50
    with pytest.raises(OptionsError, match=r"1\.\.54 ships"):
        GAME.make_options({"ships": bad})
    path.write_text(body.replace('"Bulwark"\ncopies = 8', '"Bulwark"\ncopies = "many"'))
    with pytest.raises(OptionsError, match=r"my_ships.toml\[1\] \(Bulwark\).*copies"):
        GAME.make_options({"ship_file": str(path) + ""})
    with pytest.raises(OptionsError, match="cannot read"):
        GAME.make_options({"ship_file": str(tmp_path / "missing.toml")})
    with pytest.raises(OptionsError, match="not both"):
        GAME.make_options({"ship_file": str(path), "ships": rows})
    assert isinstance(GAME.make_options({"ships": rows}).ships[0], ShipType)
    direct = station_assault.Options(ships=rows)  # type: ignore[arg-type]
    assert direct.ships == GAME.make_options({"ships": rows}).ships
    with pytest.raises(ValueError, match=r"ships\[0\] \(Lancer\)"):
        station_assault.Options(ships=[{**rows[0], "speed": "fast"}, *rows[1:]])  # type: ignore[list-item]


# ---------------------------------------------------------------- set-up


def test_ssa_02_grid() -> None:
    """SSA-02: Stations at (0,0) and (4,0); orthogonal adjacency only."""
    s = deal({BLACK: ["Scout"], RED: ["Scout"]}, initiative=BLACK)
    assert where(s, station(BLACK)) == (0, 0) and where(s, station(RED)) == (4, 0)
    do(s, "Play a Scout")
    assert cells_offered(s) == {(1, 0), (-1, 0), (0, 1), (0, -1), (3, 0), (5, 0), (4, 1), (4, -1)}
    do(s, "Play Scout at (1,0)")
    do(s, "Play a Scout")
    assert (2, 0) in cells_offered(s)  # now next to the Scout
    assert (1, 1) in cells_offered(s) and (2, 1) not in cells_offered(s)  # no diagonals


def test_ssa_03_initiative() -> None:
    """SSA-03: first initiative from the RNG, then alternating / rotating in seat order."""
    firsts = {new(seed=k).initiative for k in range(12)}
    assert firsts == {0, 1}
    assert new(seed=5).initiative == new(seed=5).initiative
    s = deal({}, initiative=RED)
    waves = []
    rng = Rng(3)
    while s.wave < 4:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    waves = [(e.wave, e.initiative) for e in s.log if isinstance(e, WaveStarted)]
    assert waves == [(1, RED), (2, BLACK), (3, RED), (4, BLACK)]
    s = deal({}, initiative=2, options={"mode": "free_for_all", "players": 3})
    while s.wave < 4:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    waves = [(e.wave, e.initiative) for e in s.log if isinstance(e, WaveStarted)]
    assert waves == [(1, 2), (2, 0), (3, 1), (4, 2)]


def test_ssa_04_mulligan() -> None:
    """SSA-04: once, before wave 1, in seat order; the new hand is the next 10."""
    s = new(seed=3)
    old_hand = list(s.zones[HAND[BLACK]])
    deck = list(s.zones[DECK[BLACK]])
    assert s.legal_actions() == [KEEP, REDRAW]
    s.apply(REDRAW)
    assert s.current_player == RED and s.legal_actions() == [KEEP, REDRAW]
    assert s.zones[HAND[BLACK]] == old_hand  # nothing happens until all chose
    s.apply(KEEP)
    assert sorted(s.zones[HAND[BLACK]]) == sorted(deck[-10:])
    assert s.zones[DECK[BLACK]][:10] == old_hand  # on the bottom
    assert s.known[DECK[BLACK]][BLACK] == old_hand  # and Black knows it
    assert len(s.zones[DECK[BLACK]]) == 40 and s.wave == 1
    assert not any(a.kind == "mulligan" for a in s.legal_actions())
    assert s.view(None)["state"]["mulligan"] == ["mulligan", "keep"]


# ---------------------------------------------------------------- a wave


def test_ssa_05_available_ships() -> None:
    """SSA-05: hand ships and un-acted ships in play of this Speed; Stations at 6."""
    s = deal({BLACK: ["Scout", "Scout", "Fighter", "Corvette"], RED: []}, initiative=BLACK)
    scout_t, fighter_t = 0, 1
    assert s.legal_actions() == [Play(scout_t), Play(fighter_t)]  # copies are one choice
    do(s, "Play a Scout", "Play Scout at (-1,0)")
    # The played Scout has acted; the other Scout and the Fighter remain.
    assert s.legal_actions() == [Play(scout_t), Play(fighter_t)]
    do(s, "Play a Scout", "Play Scout at (-2,0)", "Play a Fighter", "Play Fighter at (0,1)")
    assert s.speed == 2
    do(s, "Play a Corvette", "Play Corvette at (0,-1)")
    assert s.speed == 6 and s.legal_actions() == [Act(station(BLACK))]
    s2 = deal(
        {BLACK: ["Scout"], RED: []},
        initiative=BLACK,
        board=((BLACK, "Fighter", -1, 0), (BLACK, "Fighter", 0, 1, 0, True)),
    )
    ship, done = at(s2, -1, 0), at(s2, 0, 1)
    assert s2.legal_actions() == [Play(scout_t), Act(ship)]
    assert Act(done) not in s2.legal_actions()


def test_ssa_06_turn_order() -> None:
    """SSA-06: initiative first, alternate one ship a turn, then the rest in a row."""
    hands = {BLACK: ["Scout", "Scout", "Scout", "Frigate"], RED: ["Scout", "Scout", "Corvette"]}
    s = deal(hands, initiative=RED)
    while s.wave == 1:
        top = s.stack[-1]
        acts = s.legal_actions()
        if isinstance(top, ChooseDestination):
            # Any cell will do: this test is about who acts when.
            s.apply(acts[0] if top.player == RED else acts[-1])
        else:
            s.apply(acts[0])
    assert next((e.wave, e.initiative) for e in s.log if isinstance(e, WaveStarted)) == (1, RED)
    assert _turn_starts(s) == [
        (1, RED),
        (1, BLACK),
        (1, RED),
        (1, BLACK),
        (1, BLACK),  # alternate, then Black's rest
        (2, RED),  # Black has no Speed-2 ship: Red goes alone
        (3, BLACK),  # Red has no Speed 3: Black starts
        (6, RED),
        (6, BLACK),  # the Stations
    ]
    assert s.wave == 2 and len(_turn_starts(s)) == 9  # all 7 ships and 2 Stations acted


def _turn_starts(s: station_assault.AssaultState) -> list[tuple[int, int]]:
    """(Speed, player) of each turn of wave 1, from the log of placements and stays."""
    from station_assault.events import Placed

    out = []
    speed_of = s.table.speed
    for e in s.log:
        if isinstance(e, WaveStarted) and e.wave > 1:
            break
        if isinstance(e, (Placed, Stayed)):
            out.append((speed_of[e.card], e.player))
    return out


def test_ssa_07_placement() -> None:
    """SSA-07: next to any card (default) or next to friendly cards (option)."""
    s = deal({BLACK: ["Scout"], RED: []}, initiative=BLACK)
    do(s, "Play a Scout")
    assert cells_offered(s) >= {(3, 0), (5, 0), (-1, 0)}
    s = deal({BLACK: ["Scout"], RED: []}, initiative=BLACK, options={"anchor": "friendly"})
    s = put(s, RED, "Cruiser", 1, 0)
    do(s, "Play a Scout")
    assert cells_offered(s) == {(-1, 0), (0, 1), (0, -1)}  # (1,0) is taken by Red


def test_ssa_08_moving() -> None:
    """SSA-08: a ship in play moves next to another card, never to its own cell; or stays.
    Stations never move."""
    s = deal({}, initiative=BLACK, board=((BLACK, "Scout", 0, 2),))  # (0,1) is empty
    ship = at(s, 0, 2)
    do(s, "Act with Scout at (0,2)")
    offered = cells_offered(s)
    assert (0, 2) not in offered  # not its own cell
    assert (0, 3) not in offered and (1, 2) not in offered  # only next to itself
    assert offered == {(1, 0), (-1, 0), (0, 1), (0, -1), (3, 0), (5, 0), (4, 1), (4, -1)}
    assert Stay() in s.legal_actions()
    do(s, "Move Scout to (3,0), fire at Red Space Station")
    assert where(s, ship) == (3, 0) and s.damage[station(RED)] == 1
    # Stations act without a move: choosing one is staying.
    assert s.speed == 6 and s.current_player == BLACK
    events = s.apply(Act(station(BLACK)))
    assert isinstance(events[0], Stayed) and events[0].card == station(BLACK)
    assert where(s, station(BLACK)) == (0, 0) and s.current_player == RED


def test_ssa_09_compulsory_fire() -> None:
    """SSA-09: a ship must fire at an adjacent enemy; its owner picks among several."""
    board = (
        (BLACK, "Destroyer", 2, 1),
        (RED, "Frigate", 2, 0),
        (RED, "Corvette", 2, 2, 0, True),
    )
    s = deal({}, initiative=BLACK, board=board)
    gun, frigate, corvette = at(s, 2, 1), at(s, 2, 0), at(s, 2, 2)
    assert s.speed == 3 and s.current_player == BLACK
    do(s, "Act with Destroyer")
    assert (
        "Destroyer stays at (2,1), then choose a target (Red Corvette at (2,2), Red Frigate at (2,0))"
        in texts(s)
    )
    s.apply(Stay())
    assert isinstance(s.stack[-1], ChooseTarget) and s.current_player == BLACK
    assert s.legal_actions() == sorted([Fire(corvette), Fire(frigate)], key=lambda a: a.card)
    do(s, "Fire at Red Frigate")
    assert where(s, frigate) is None and where(s, corvette) == (2, 2)
    assert s.score[BLACK] == 2
    # Fired once this wave: the Destroyer is no longer available.
    assert s.acted[gun]
    # A ship next to no enemy does not fire.
    s = deal({BLACK: ["Scout"]}, initiative=BLACK)
    do(s, "Play a Scout", "Play Scout at (-1,0)")
    assert s.damage[station(RED)] == 0 and s.speed == 6


def test_ssa_10_wave_end() -> None:
    """SSA-10: acted flags clear; draw 10 (what is left); after the decks run out the
    ships in play go on acting."""
    # Only 3 cards left in Black's deck, none in Red's (the rest set aside).
    s = deal({}, initiative=BLACK, board=((BLACK, "Scout", -1, 0),), decks={BLACK: 3, RED: 0})
    ship = at(s, -1, 0)
    do(s, "Act with Scout", "Scout stays")
    assert s.acted[ship]
    do(s, "Black Space Station stays", "Red Space Station stays")
    assert s.wave == 2 and not s.acted[ship]
    assert len(s.zones[HAND[BLACK]]) == 3 and len(s.zones[DECK[BLACK]]) == 0
    assert len(s.zones[HAND[RED]]) == 0
    # Wave 2 plays the 3 cards; wave 3 still has the ships in play acting.
    rng = Rng(1)
    while s.wave == 2:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert s.wave == 3 and not s.is_terminal
    assert isinstance(s.stack[-1], ChooseShip)
    assert all(isinstance(a, Act) for a in s.legal_actions())
    assert sum(1 for c in s.board if c // 55 == BLACK) == 5  # Station, Scout, 3 new ships


# ---------------------------------------------------------------- damage and the end


def test_ssa_11_persistent_damage() -> None:
    """SSA-11: damage stays across waves and moves with the ship; excess is lost."""
    board = ((RED, "Cruiser", 1, 0, 1), (BLACK, "Behemoth", 9, 9, 0, True))
    s = deal({}, initiative=BLACK, board=board)  # a Cruiser (Shields 4) with 1 damage
    cruiser = at(s, 1, 0)
    # Speed 4: the Cruiser moves away; the damage goes with it.
    assert s.current_player == RED
    do(s, "Act with Cruiser", "Move Cruiser to (5,0)")
    assert s.damage[cruiser] == 1 and where(s, cruiser) == (5, 0)
    do(s, "Black Space Station stays", "Red Space Station stays")
    assert s.wave == 2 and s.damage[cruiser] == 1
    # Back next to the Black Station, which hits it once a wave.
    board = ((RED, "Cruiser", 1, 0, 3, True), (BLACK, "Behemoth", 1, 1))
    s2 = deal({}, initiative=BLACK, board=board)  # Firepower 4 on a 3-damaged Cruiser
    cruiser, behemoth = at(s2, 1, 0), at(s2, 1, 1)
    do(s2, "Act with Behemoth", "Behemoth stays at (1,1), fire at Red Cruiser")
    fired = [e for e in s2.log if e.kind == "fired"][-1]
    assert fired.damage == 4 and fired.total == 4  # excess is lost
    assert at(s2, 1, 0) is None and s2.damage[cruiser] == 0
    assert s2.score[BLACK] == 3 and where(s2, behemoth) == (1, 1)


def test_ssa_12_victory_mid_wave() -> None:
    """SSA-12: the firing card's owner scores; 60 wins at once, mid-wave."""
    s = deal(
        {BLACK: ["Scout", "Scout"], RED: ["Scout"]},
        initiative=BLACK,
        board=((RED, "Fighter", -1, 0, 0, True),),
    )
    s.score[BLACK] = 59
    do(s, "Play a Scout", "Play Scout at (-2,0), fire at Red Fighter")
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    assert s.score == [61, 0]
    assert isinstance(s.log[-1], GameEnded) and s.log[-1].winners == (BLACK,)
    assert len(s.zones[HAND[BLACK]]) == 1  # mid-wave: the rest never acted
    # The Station is worth 60 on its own.
    s = deal({}, initiative=BLACK, board=((BLACK, "Scout", 3, 0),))
    s.damage[station(RED)] = 24
    do(s, "Act with Scout", "Scout stays at (3,0), fire at Red Space Station")
    assert s.returns() == [1.0, -1.0] and s.score[BLACK] == 60


def _empty_decks(s: station_assault.AssaultState) -> None:
    for p in range(s.num_players):
        s.zones[REMOVED[p]].extend(s.zones[DECK[p]])
        s.zones[DECK[p]].clear()


def test_ssa_13_stalemate() -> None:
    """SSA-13: no cards left and a wave without damage ends the game; so does the cap."""
    s = deal({}, initiative=BLACK)
    _empty_decks(s)
    s.score = [5, 3]
    # Wave 1 began with empty hands (deal gave none) and deals no damage.
    do(s, "Black Space Station stays", "Red Space Station stays")
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    assert s.log[-1].reason.startswith("stalemate")
    # Equal scores draw.
    s = deal({}, initiative=BLACK)
    _empty_decks(s)
    do(s, "Black Space Station stays", "Red Space Station stays")
    assert s.returns() == [0.0, 0.0]
    # A wave with damage goes on.
    s = deal({}, initiative=BLACK, board=((BLACK, "Scout", 3, 0),))
    _empty_decks(s)
    do(s, "Act with Scout", "Scout stays at (3,0), fire")
    do(s, "Black Space Station stays", "Red Space Station stays and fires at Black Scout")
    assert not s.is_terminal and s.wave == 2
    # The wave cap (option max_waves).
    s = deal({BLACK: ["Scout"], RED: []}, initiative=RED, options={"max_waves": 1})
    do(s, "Play a Scout", "Play Scout at (3,0), fire")
    do(s, "Red Space Station stays and fires at Black Scout")
    do(s, "Black Space Station stays")
    assert s.is_terminal and s.returns() == [-1.0, 1.0] and s.score == [0, 1]
    assert "wave cap" in s.log[-1].reason


# ---------------------------------------------------------------- free for all


def test_ssa_14_free_for_all_layout() -> None:
    """SSA-14: Stations at least 4 apart, no cell next to two; the printed layouts."""
    assert FREE_FOR_ALL_LAYOUTS[3] == ((0, 2), (-2, -1), (2, -1))
    assert set(FREE_FOR_ALL_LAYOUTS[4]) == {(0, 0), (4, 0), (4, 4), (0, 4)}
    for n in range(2, 7):
        s = new({"mode": "free_for_all", "players": n})
        cells = [where(s, station(p)) for p in range(n)]
        assert cells == list(FREE_FOR_ALL_LAYOUTS[n])
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                assert a and b and abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 4
    # Every other player's card is an enemy.
    board = ((1, "Scout", 1, 2, 0, True), (2, "Scout", -1, 2, 0, True))
    s = deal({}, initiative=0, options={"mode": "free_for_all", "players": 3}, board=board)
    while s.speed < 6 or s.current_player != 0:
        s.apply(s.legal_actions()[0])
    assert "then choose a target (Red Scout at (1,2), Blue Scout at (-1,2))" in texts(s)[0]


def test_ssa_15_elimination() -> None:
    """SSA-15: losing 60 puts a player out at once; the last player left wins."""
    opts = {"mode": "free_for_all", "players": 3}
    board = ((2, "Fighter", 1, 2, 0, True), (2, "Cruiser", 7, 7, 0, True), (0, "Scout", 0, 3))
    s = deal({}, initiative=0, options=opts, board=board)
    blue_ship, blue_far = at(s, 1, 2), at(s, 7, 7)
    s.lost[2] = 58
    hidden_before = len(s.zones[HAND[2]]) + len(s.zones[DECK[2]])
    do(s, "Act with Scout", "Scout stays at (0,3)")  # next to no enemy
    # Black's Station fires at the Blue Fighter (2 Victory): Blue reaches 60 and is out.
    do(s, "Black Space Station stays and fires at Blue Fighter")
    assert not s.alive[2] and isinstance(s.log[-1], Eliminated)
    assert where(s, blue_ship) is None and where(s, blue_far) is None
    assert where(s, station(2)) is None and at(s, 2, -1) is None
    assert len(s.zones[HAND[2]]) == 0 and len(s.zones[DECK[2]]) == 0
    assert len(s.zones[REMOVED[2]]) == hidden_before
    assert s.score[0] == 0 and s.lost == [0, 0, 60] and not s.is_terminal  # SSA-24
    assert s.current_player == 1  # Red's Station acts; Blue's is gone
    # The last player left wins.
    board = ((1, "Fighter", -1, 2, 0, True), (2, "Scout", 1, 2, 0, True), (0, "Scout", -1, 3))
    s = deal({}, initiative=0, options=opts, board=board)
    s.lost = [0, 58, 59]
    do(s, "Act with Scout", "Scout stays at (-1,3), fire at Red Fighter")
    assert not s.alive[1] and not s.is_terminal
    do(s, "Black Space Station stays and fires at Blue Scout")
    assert s.is_terminal and s.returns() == [1.0, -1.0, -1.0]
    assert s.log[-1].winners == (0,)
    # At a stalemate the player who lost least wins.
    s = deal({}, initiative=0, options=opts)
    _empty_decks(s)
    s.lost = [10, 4, 7]
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert s.returns() == [-1.0, 1.0, -1.0]


def test_ssa_24_free_for_all_counts_losses() -> None:
    """SSA-24: in a free for all a destroyed card goes to its owner's pile and counts
    against its owner; nobody scores, and view, narration and board show losses."""
    opts = {"mode": "free_for_all", "players": 3}
    board = ((2, "Fighter", 1, 2, 0, True), (0, "Scout", 0, 3))
    s = deal({}, initiative=0, options=opts, board=board)
    fighter = at(s, 1, 2)
    do(s, "Act with Scout", "Scout stays at (0,3)")
    do(s, "Black Space Station stays and fires at Blue Fighter")
    assert s.score == [0, 0, 0] and s.lost == [0, 0, 2]
    assert s.zones[PILE[2]] == [fighter] and s.zones[PILE[0]] == []
    assert s.narrate(s.log[-1]) == "Blue Fighter is destroyed by Black; Blue loses 2 Victory"
    pub = s.view(None)["state"]
    assert "scores" not in pub and pub["lost"] == [0, 0, 2]
    board_text = s.render(0)
    assert "Blue: lost 2 of 60; hand" in board_text and "score" not in board_text
    # A duel still scores: the destroyer takes the card.
    s = deal({}, initiative=0, board=((1, "Fighter", 1, 0, 0, True), (0, "Scout", 0, 1)))
    fighter = at(s, 1, 0)
    do(s, "Act with Scout", "Scout stays at (0,1)")
    do(s, "Black Space Station stays and fires at Red Fighter")
    assert s.score == [2, 0] and s.zones[PILE[0]] == [fighter]
    assert s.view(None)["state"]["scores"] == [2, 0]
    assert "Black: score 2; hand" in s.render(0)


# ---------------------------------------------------------------- teams


TEAMS = {"mode": "teams", "players": 4}


def test_ssa_16_team_victory() -> None:
    """SSA-16: a team wins at 50 x k pooled Victory; teammates are never targets but
    anchor placement."""
    board = ((2, "Scout", 1, 0, 0, True), (1, "Scout", -1, 0, 0, True))
    s = deal({}, initiative=0, options=TEAMS, board=board)
    assert s.team == [0, 1, 0, 1]
    s.score = [60, 0, 38, 0]  # team A: 98
    mate, red = at(s, 1, 0), at(s, -1, 0)  # Blue (A) and Red (B) next to Black's Station
    while s.current_player != 0 or s.speed != 6:
        s.apply(s.legal_actions()[0])
    # Only the enemy is a target: a single target, fired at once.
    # In teams every card label shows its team.
    assert texts(s) == ["Black (A) Space Station stays and fires at Red (B) Scout"]
    do(s, "Black (A) Space Station")
    assert where(s, mate) == (1, 0) and where(s, red) is None
    assert s.score[0] == 61 and not s.is_terminal  # 99 for team A
    s2 = deal({}, initiative=0, options=TEAMS, board=((1, "Fighter", -1, 0, 0, True),))
    s2.score = [60, 0, 39, 0]
    while s2.current_player != 0 or s2.speed != 6:
        s2.apply(s2.legal_actions()[0])
    do(s2, "Black (A) Space Station")
    assert s2.is_terminal and s2.returns() == [1.0, -1.0, 1.0, -1.0]
    # Teammates anchor placement under the friendly option.
    s3 = deal({0: ["Scout"]}, initiative=0, options={**TEAMS, "anchor": "friendly"})
    do(s3, "Play a Scout")
    offered = cells_offered(s3)
    assert (0, 3) in offered and (0, 5) in offered  # next to Blue's Station at (0,4)
    assert (3, 0) not in offered  # not next to Red's Station


def test_ssa_17_team_seats() -> None:
    """SSA-17: seats alternate by team; the 2 vs 2 layout; a player without a Station
    plays on; a team stalemate goes to the team with more Victory."""
    s = deal({}, initiative=1, options=TEAMS, board=((1, "Scout", 1, 0),))
    assert [where(s, station(p)) for p in range(4)] == [(0, 0), (4, 0), (0, 4), (4, 4)]
    assert [GAME.player_name(p, GAME.make_options(TEAMS)) for p in range(4)] == [
        "Black (A)",
        "Red (B)",
        "Blue (A)",
        "Green (B)",
    ]
    # Black (A) loses its Station and plays on.
    s.damage[station(0)] = 24
    do(s, "Act with Scout", "Scout stays at (1,0), fire at Black (A) Space Station")
    assert where(s, station(0)) is None and s.score[1] == 60 and not s.is_terminal
    assert s.alive[0]
    rng = Rng(2)
    while s.wave == 1:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert s.initiative == 2 and len(s.zones[HAND[0]]) == 10  # Black draws and plays on
    acted_black = False
    while s.wave == 2 and not s.is_terminal:
        if s.current_player == 0:
            acted_black = True
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert acted_black
    # Team stalemate: pooled Victory decides.
    s = deal({}, initiative=0, options=TEAMS)
    _empty_decks(s)
    s.score = [1, 3, 4, 0]  # A 5, B 3
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


# ---------------------------------------------------------------- secrets


def test_ssa_18_secrets() -> None:
    """SSA-18: hands and deck order hidden; sizes, board, damage, flags, scores public;
    a mulligan answer hidden until all have answered."""
    s = new(seed=4)
    s.apply(REDRAW)
    v_red = s.view(RED)
    assert v_red["state"]["mulligan"] == ["decided", "undecided"]
    assert v_red["zones"]["hand0"] == {"owner": 0, "count": 10}
    assert "cards" in v_red["zones"]["hand1"]
    assert "cards" not in v_red["zones"]["deck1"]
    assert s.view(BLACK)["state"]["mulligan"] == ["mulligan", "undecided"]
    log_red = [e["kind"] for e in v_red["log"]]
    assert "mulligan_chosen" not in log_red and "mulligan_made" in log_red
    s.apply(KEEP)
    assert s.view(RED)["state"]["mulligan"] == ["mulligan", "keep"]
    s = put(s, BLACK, "Cruiser", -1, 0, damage=2, acted=True)
    ship = at(s, -1, 0)
    pub = s.view(None)["state"]
    entry = next(b for b in pub["board"] if b["card"] == ship)
    assert entry == {
        "card": ship,
        "ship": "Cruiser",
        "owner": 0,
        "x": -1,
        "y": 0,
        "damage": 2,
        "shields": 4,
        "acted": True,
    }
    assert pub["hand_sizes"] == [10, 10] and pub["deck_sizes"] == [39, 40]
    assert pub["scores"] == [0, 0]
    # A resample for Red keeps Red's view and re-deals Black's hand.
    r = s.resample(RED, Rng(9))
    assert json.dumps(r.view(RED), sort_keys=True) == json.dumps(s.view(RED), sort_keys=True)


# ---------------------------------------------------------------- added rulings


def test_ssa_19_nowhere_to_play() -> None:
    """SSA-19: no legal cell relaxes the friendly anchor, then falls back to the
    owner's Station's starting cell."""
    opts = {"mode": "teams", "players": 4, "anchor": "friendly"}
    s = deal({0: ["Scout"]}, initiative=0, options=opts)
    # Team A has no card in play: both its Stations are gone.
    for p in (0, 2):
        s = remove(s, station(p))
    do(s, "Play a Scout")
    assert cells_offered(s) == {(3, 0), (5, 0), (4, 1), (4, -1), (3, 4), (5, 4), (4, 3), (4, 5)}
    # An empty table: the ship goes home.
    rows = [
        {"name": "Skiff", "copies": 10, "speed": 1, "firepower": 1, "shields": 1, "victory": 1},
        {
            "name": "Outpost",
            "copies": 1,
            "speed": 6,
            "firepower": 1,
            "shields": 1,
            "victory": 1,
            "station": True,
        },
    ]
    s = deal({BLACK: ["Skiff"], RED: ["Skiff"]}, initiative=RED, options={"ships": rows})
    for p in (BLACK, RED):
        s = remove(s, station(p))
    do(s, "Play a Skiff")
    assert s.legal_actions() == [Home()]
    assert texts(s) == ["Play Skiff at (4,0), its Station's starting cell"]
    do(s, "Play Skiff at (4,0)")
    do(s, "Play a Skiff")
    assert Home() not in s.legal_actions()  # a card is in play again
    assert (3, 0) in cells_offered(s)


def test_ssa_20_friendly_anchor_moves() -> None:
    """SSA-20: under the friendly anchor a moving ship also needs a friendly neighbour."""
    s = deal({}, initiative=BLACK, options={"anchor": "friendly"}, board=((BLACK, "Scout", 3, 0),))
    do(s, "Act with Scout")
    assert cells_offered(s) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert Stay() in s.legal_actions()
    s = deal({}, initiative=BLACK, board=((BLACK, "Scout", 3, 0),))
    do(s, "Act with Scout")
    assert (5, 0) in cells_offered(s)  # the default: any card anchors


def test_ssa_21_initiative_skips_eliminated() -> None:
    """SSA-21: initiative passes over players who are out."""
    opts = {"mode": "free_for_all", "players": 3}
    s = deal({}, initiative=0, options=opts, board=((1, "Fighter", 1, 2, 0, True),))
    s.lost[1] = 58
    while s.current_player != 0 or s.speed != 6:
        s.apply(s.legal_actions()[0])
    do(s, "Black Space Station stays and fires at Red Fighter")
    assert not s.alive[1]
    while s.wave == 1:
        s.apply(s.legal_actions()[0])
    assert s.initiative == 2  # Red (seat 1) is out
    while s.wave == 2:
        assert s.current_player != 1
        s.apply(s.legal_actions()[0])
    assert s.initiative == 0


def test_ssa_22_stalemate_wave_starts_empty() -> None:
    """SSA-22: the wave that plays the last cards never ends the game as a stalemate."""
    s = deal({BLACK: ["Scout"], RED: ["Scout"]}, initiative=BLACK)
    _empty_decks(s)
    do(s, "Play a Scout", "Play Scout at (-1,0)", "Play a Scout", "Play Scout at (5,0)")
    do(s, "Black Space Station stays", "Red Space Station stays")
    assert s.wave == 2 and not s.is_terminal and s.wave_damage == 0
    assert not s.wave_had_hands
    while s.wave == 2 and not s.is_terminal:
        top = s.stack[-1]
        s.apply(Stay() if isinstance(top, ChooseDestination) else s.legal_actions()[0])
    assert s.is_terminal and s.log[-1].reason.startswith("stalemate")
    assert s.returns() == [0.0, 0.0]


def _table_rows() -> list[dict[str, object]]:
    return [
        {"name": "Lancer", "copies": 12, "speed": 2, "firepower": 2, "shields": 2, "victory": 2},
        {
            "name": "Citadel",
            "copies": 1,
            "speed": 6,
            "firepower": 2,
            "shields": 30,
            "victory": 60,
            "station": True,
        },
    ]


def _toml(rows: list[dict[str, object]]) -> str:
    body = ""
    for r in rows:
        body += "[[ship]]\n" + "".join(
            f"{k} = {json.dumps(v) if not isinstance(v, bool) else str(v).lower()}\n"
            for k, v in r.items()
        )
    return body


def test_ssa_23_custom_table_bounds_and_no_paths(tmp_path: Path) -> None:
    """SSA-23: a custom table is bounded, read once from a file, and carried as rows."""
    rows = _table_rows()
    path = tmp_path / "ships.toml"
    path.write_text(_toml(rows))
    # The program's own path: read once, when the options are made; the options
    # (and so the record) then carry the rows, never the path.
    opts = GAME.make_options({"ship_file": str(path)})
    assert opts.ship_file == "" and opts.ships == GAME.make_options({"ships": rows}).ships
    s = new({"ship_file": str(path)})
    record = json.loads(json.dumps(s.record()))
    assert (
        record["options"]["ship_file"] == "" and record["options"]["ships"][0]["name"] == "Lancer"
    )
    path.unlink()  # the record is self-contained: the file is no longer needed
    assert tabletop.dumps(tabletop.replay(record)) == tabletop.dumps(s)
    assert tabletop.dumps(tabletop.loads(tabletop.dumps(s))) == tabletop.dumps(s)
    # A record or a saved state that names a file is refused, and nothing is opened.
    for source in ("record", "state"):
        named = dict(record["options"], ship_file=str(tmp_path / "never_opened.toml"))
        with pytest.raises(tabletop.RecordError, match="'ship_file' names a file"):
            if source == "record":
                tabletop.replay({**record, "options": named})
            else:
                body = json.loads(tabletop.dumps(s))
                body["state"]["options"] = named
                tabletop.loads(json.dumps(body))
    # The bounds: rows, name length, numbers, file size.
    too_many = [{**rows[0], "name": f"Ship {i}", "copies": 1} for i in range(20)] + rows[1:]
    with pytest.raises(OptionsError, match="at most 20"):
        GAME.make_options({"ships": too_many})
    with pytest.raises(OptionsError, match="at most 40 characters"):
        GAME.make_options({"ships": [{**rows[0], "name": "L" * 41}, rows[1]]})
    with pytest.raises(OptionsError, match=r"1\.\.999"):
        GAME.make_options({"ships": [{**rows[0], "shields": 1000}, rows[1]]})
    big = tmp_path / "big.toml"
    big.write_text(_toml(rows) + "#" * (64 << 10))
    with pytest.raises(OptionsError, match="limit is 65536 bytes"):
        GAME.make_options({"ship_file": str(big)})


def test_rulings_complete() -> None:
    """Every shared ruling id is in rulings.toml and RULINGS.md, and each test exists."""
    shared = Path("/work/shared/rulings/station-assault.md")
    root = Path(__file__).resolve().parents[2]
    ids = {r.id for r in GAME.rulings}
    if shared.exists():
        import re

        for rid in re.findall(r"SSA-\d\d", shared.read_text()):
            assert rid in ids
    doc = (Path(station_assault.__file__).parent / "RULINGS.md").read_text()
    names = set(globals())
    for r in GAME.rulings:
        assert f"**{r.id}" in doc, r.id
        assert r.test in doc, r.id
        file, _, func = r.test.partition("::")
        assert (root / file).exists(), r.test
        if file.endswith(Path(__file__).name):
            assert func in names, r.test
        assert r.id in (globals()[func].__doc__ or ""), r.id
    assert [r.id for r in GAME.rulings] == [f"SSA-{k:02d}" for k in range(1, len(ids) + 1)]
