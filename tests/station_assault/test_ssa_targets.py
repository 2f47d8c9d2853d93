"""What each action points at (issue 25): exact targets in known positions, for every
action kind; and the kit's check (each target shown by the view) in random games."""

from __future__ import annotations

from ssa_helpers import at, deal, do, new, pick, remove, station

from station_assault import GAME
from station_assault.actions import HOME, KEEP, REDRAW, STAY
from station_assault.rules.grid import cell
from tabletop import Target
from tabletop.bots import RandomBot

BLACK, RED = 0, 1


def card(c: int, role: str = "") -> Target:
    return Target("card", c, role)


def cell_(x: int, y: int, role: str = "") -> Target:
    return Target("cell", (x, y), role)


def test_the_pack_declares_its_kinds() -> None:
    assert set(GAME.target_kinds) == {"card", "cell"}
    assert "homes" in GAME.target_kinds["cell"]


def test_a_mulligan_points_at_nothing() -> None:
    s = new(seed=1)
    assert s.targets(KEEP) == () and s.targets(REDRAW) == ()


def test_playing_from_the_hand_points_at_each_copy_then_at_the_cell() -> None:
    s = deal({BLACK: ["Scout", "Scout", "Fighter"]}, initiative=BLACK)
    scouts = sorted(c for c in s.zones["hand0"] if s.table.name(c) == "Scout")
    play = pick(s, "Play a Scout")
    assert s.targets(play) == (card(scouts[0]), card(scouts[1]))
    s.apply(play)
    # Next to the Black Station: a cell, the Scout played (the lowest id), no shot.
    west = pick(s, "Play Scout at (-1,0)")
    assert s.targets(west) == (cell_(-1, 0, "to"), card(scouts[0], "by"))
    # Next to the Red Station (4,0): it then fires at it, the only enemy there.
    east = pick(s, "Play Scout at (5,0)")
    assert s.targets(east) == (
        cell_(5, 0, "to"),
        card(scouts[0], "by"),
        card(station(RED), "at"),
        cell_(4, 0, "at"),
    )
    view = s.view(BLACK)
    entry = next(a for a in view["legal_actions"] if a["text"].startswith("Play Scout at (5,0)"))
    assert entry["targets"] == [
        {"kind": "cell", "id": [5, 0], "role": "to"},
        {"kind": "card", "id": scouts[0], "role": "by"},
        {"kind": "card", "id": 55, "role": "at"},
        {"kind": "cell", "id": [4, 0], "role": "at"},
    ]
    assert str(scouts[0]) in view["cards"]  # the ship being placed, in no zone, has facts
    assert view["state"]["homes"] == [[0, 0], [4, 0]]


def test_a_ship_in_play_acts_moves_stays_and_fires() -> None:
    board = ((BLACK, "Destroyer", 2, 1), (RED, "Frigate", 2, 0), (RED, "Corvette", 2, 2, 0, True))
    s = deal({}, initiative=BLACK, board=board)
    gun, frigate, corvette = at(s, 2, 1), at(s, 2, 0), at(s, 2, 2)
    act = pick(s, "Act with Destroyer")
    assert s.targets(act) == (card(gun), cell_(2, 1))
    s.apply(act)
    # A move: where to, who, from where; at (1,0) its only enemy is the Frigate.
    move = pick(s, "Move Destroyer to (1,0)")
    assert s.targets(move) == (
        cell_(1, 0, "to"),
        card(gun, "by"),
        cell_(2, 1, "from"),
        card(frigate, "at"),
        cell_(2, 0, "at"),
    )
    # Staying with two enemies next to it: no shot yet (a fire choice follows).
    assert s.targets(STAY) == (cell_(2, 1, "to"), card(gun, "by"))
    s.apply(STAY)
    fire = pick(s, "Fire at Red Corvette")
    assert s.targets(fire) == (card(corvette), cell_(2, 2), card(gun, "by"), cell_(2, 1, "by"))


def test_a_station_acts_and_fires_at_once() -> None:
    s = deal({}, initiative=BLACK, board=((RED, "Frigate", 1, 0, 0, True),))
    frigate = at(s, 1, 0)
    while s.speed < 6:
        s.apply(s.legal_actions()[0])
    act = s.legal_actions()[0]
    assert s.describe(act) == "Black Space Station stays and fires at Red Frigate"
    assert s.targets(act) == (card(0), cell_(0, 0), card(frigate, "at"), cell_(1, 0, "at"))


def test_home_points_at_the_stations_starting_cell() -> None:
    s = deal({BLACK: ["Scout"]}, initiative=BLACK)
    do(s, "Play a Scout")
    for c in list(s.board):  # an empty table: no cell is next to a card (SSA-19)
        s = remove(s, c)
    assert s.legal_actions() == [HOME]
    scout = s.stack[-1].card
    assert s.targets(HOME) == (cell_(0, 0, "to"), card(scout, "by"))
    view = s.view(BLACK)
    assert view["state"]["board"] == [] and [0, 0] in view["state"]["homes"]
    assert s._target_shown(cell_(0, 0, "to"), view) == ""
    assert s._target_shown(cell_(9, 9, "to"), view) != ""
    assert cell(0, 0) == s.home[BLACK]


def test_every_target_is_shown_in_random_games() -> None:
    """As the kit checks it: each target's kind is declared and the view shows it."""
    for options in (None, {"mode": "free_for_all", "players": 3}, {"anchor": "friendly"}):
        s = GAME.new_state(seed=4, options=options)
        bot = RandomBot(4)
        kinds: set[tuple[str, str]] = set()
        for _ in range(300):
            if s.is_terminal:
                break
            view = s.view(s.current_player, log=False)
            for a in s.legal_actions():
                for t in s.targets(a):
                    assert t.kind in GAME.target_kinds
                    assert s._target_shown(t, view) == "", (a, t)
                    kinds.add((t.kind, t.role))
            s.apply(bot.choose(s))
        assert {("card", ""), ("cell", "to"), ("card", "by"), ("cell", "from")} <= kinds
