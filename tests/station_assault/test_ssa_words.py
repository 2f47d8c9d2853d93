"""What a Station Assault player reads (issue 19): Victory values, Stations that
have nothing to fire at, the end in the prompt. (Destinations in board order:
the terminal shows them so, tests/test_terminal.py; the legal order stays.)"""

from __future__ import annotations

from ssa_helpers import deal, new, texts


def test_ship_descriptions_give_victory() -> None:
    s = deal({1: ["Frigate"]}, initiative=1)
    while s.speed < 3:
        s.apply(s.legal_actions()[0])
    assert texts(s) == ["Play a Frigate (Speed 3, Firepower 2, Shields 2, Victory 2)"]


def test_a_station_with_nothing_to_fire_at_just_stays() -> None:
    s = deal({}, initiative=0)
    while s.speed < 6:
        s.apply(s.legal_actions()[0])
    assert texts(s) == ["Black Space Station stays (no enemy next to it to fire at)"]


def test_prompt_says_how_the_game_ended() -> None:
    s = new({})
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert s.prompt == "Game over (Red destroyed 100 Victory): Red wins"
    assert s.prompt == s.narrate(s.log[-1])
