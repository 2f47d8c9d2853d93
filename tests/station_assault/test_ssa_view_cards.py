"""A view names the ships its player can see, and only those."""

from __future__ import annotations

import station_assault
from tabletop.bots import RandomBot


def test_view_gives_the_numbers_of_each_visible_ship_only() -> None:
    state = station_assault.GAME.new_state(seed=5)
    bot = RandomBot(5)
    for _ in range(40):
        state.apply(bot.choose(state))
    table = state.table  # type: ignore[attr-defined]
    for player in (0, 1, None):
        view = state.view(player)
        visible = {
            c for z in view["zones"].values() for c in [*z.get("cards", ()), *z.get("known", ())]
        }
        assert set(view["cards"]) == {str(c) for c in visible}
        for c in visible:
            info = view["cards"][str(c)]
            assert info["name"] == table.name(c) and info["speed"] == table.speed[c]
    hand = state.zones["hand0"].cards
    assert hand and all(str(c) in state.view(0)["cards"] for c in hand)
    assert not any(str(c) in state.view(1)["cards"] for c in hand)
