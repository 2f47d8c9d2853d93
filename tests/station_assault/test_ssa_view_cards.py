"""A view names the ships its player can see, and only those: in zones, on the grid,
in the log that player sees, and in their legal actions."""

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
        visible.update(state._view_cards(player, view["state"]))  # the grid, the ship acting
        visible.update(state._log_cards(player))
        for a in view.get("legal_actions", ()):
            visible.update(t["id"] for t in a["targets"] if t["kind"] == "card")
        assert set(view["cards"]) == {str(c) for c in visible}
        for c in visible:
            info = view["cards"][str(c)]
            assert info["name"] == table.name(c) and info["speed"] == table.speed[c]
            assert info["text"]
    hand = state.zones["hand0"]
    assert hand and all(str(c) in state.view(0)["cards"] for c in hand)
    assert not any(str(c) in state.view(1)["cards"] for c in hand)


def test_a_ship_and_the_station_say_what_they_do() -> None:
    state = station_assault.GAME.new_state(seed=5)
    assert state._card_info(55) == {
        "name": "Space Station",
        "owner": 1,
        "speed": 6,
        "firepower": 1,
        "shields": 25,
        "victory": 60,
        "text": "The Space Station: it never moves. Each wave it acts at Speed 6, after every "
        "ship, and fires at an adjacent enemy card for 1 damage. It is destroyed when its "
        "damage reaches 25 (its Shields) and is worth 60 Victory.",
    }
    frigate = next(c for c in range(1, 55) if state.table.name(c) == "Frigate")  # type: ignore[attr-defined]
    assert state._card_info(frigate)["text"] == (  # type: ignore[index]
        "A Speed 3 ship: each wave it acts at Speed 3 (played from the hand next to a card in "
        "play, or moving next to another card, or staying), then fires at an adjacent enemy "
        "card for 2 damage. It is destroyed when its damage reaches 2 (its Shields) and is "
        "worth 2 Victory."
    )
    assert state._card_info(400) is None
