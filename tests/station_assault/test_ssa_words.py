"""What a Station Assault player reads (issue 19): Victory values, Stations that
have nothing to fire at, destinations in board order, the end in the prompt."""

from __future__ import annotations

from ssa_helpers import deal, do, new, texts


def test_ship_descriptions_give_victory() -> None:
    s = deal({1: ["Frigate"]}, initiative=1)
    while s.speed < 3:
        s.apply(s.legal_actions()[0])
    assert texts(s) == ["Play a Frigate (Speed 3, Firepower 2, Shields 2, Victory 2)"]


def test_destinations_are_in_board_order() -> None:
    s = deal({0: ["Scout"]}, initiative=0)
    do(s, "Play a Scout")
    assert texts(s) == [
        "Play Scout at (-1,0)",
        "Play Scout at (0,-1)",
        "Play Scout at (0,1)",
        "Play Scout at (1,0)",
        "Play Scout at (3,0), fire at Red Space Station",
        "Play Scout at (4,-1), fire at Red Space Station",
        "Play Scout at (4,1), fire at Red Space Station",
        "Play Scout at (5,0), fire at Red Space Station",
    ]


def test_a_station_with_nothing_to_fire_at_just_stays() -> None:
    s = deal({}, initiative=0)
    while s.speed < 6:
        s.apply(s.legal_actions()[0])
    assert texts(s) == ["Black Space Station stays (no enemy next to it to fire at)"]


def test_prompt_says_how_the_game_ended() -> None:
    s = new({})
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert s.prompt == "Game over (Red destroyed 60 Victory): Red wins"
    assert s.prompt == s.narrate(s.log[-1])
