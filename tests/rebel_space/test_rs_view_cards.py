"""A view names the cards its player can see, and only those."""

from __future__ import annotations

import rebel_space
from tabletop.bots import RandomBot


def test_view_gives_the_facts_of_each_visible_card_only() -> None:
    state = rebel_space.GAME.new_state(seed=3)
    bot = RandomBot(3)
    for _ in range(80):
        state.apply(bot.choose(state))
    for player in (0, 1, None):
        view = state.view(player)
        visible = {
            c for z in view["zones"].values() for c in [*z.get("cards", ()), *z.get("known", ())]
        }
        assert set(view["cards"]) == {str(c) for c in visible}
        for c in visible:
            assert view["cards"][str(c)]["name"] == rebel_space.cards.NAME[c]
    own_hand = state.zones["hand0"].cards
    assert all(str(c) in state.view(0)["cards"] for c in own_hand)
    assert not any(
        str(c) in state.view(1)["cards"]
        for c in own_hand
        if c not in state.zones["hand0"].known.get(1, [])
    )
