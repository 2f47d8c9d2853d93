"""A game that ends in the middle of a combat shows no combat in its final views."""

from __future__ import annotations

import tabletop
from tabletop.bots import RandomBot


def test_a_game_ended_mid_combat_shows_no_battle() -> None:
    game = tabletop.load("rebellion_rote")
    state = game.new_state(seed=14)
    bot = RandomBot(14)
    while not state.is_terminal:
        state.apply(bot.choose(state))
    assert state.battle.active  # the rules' own record of the combat is left as it was
    for seat in (0, 1, None):
        view = state.view(seat)["state"]
        assert view["battle"] is None and view["combat"] is None
