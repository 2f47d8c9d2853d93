"""A view names the cards its player can see, and only those: in zones, in the
attack and battle, in the log that player sees, and in their legal actions."""

from __future__ import annotations

import rebel_space
from tabletop.bots import RandomBot


def _shown(state, player):  # type: ignore[no-untyped-def]
    view = state.view(player)
    seen = {c for z in view["zones"].values() for c in [*z.get("cards", ()), *z.get("known", ())]}
    seen.update(state._view_cards(player, view["state"]))
    seen.update(state._log_cards(player))
    for a in view.get("legal_actions", ()):
        seen.update(t["id"] for t in a["targets"] if t["kind"] == "card")
    return view, seen


def test_view_gives_the_facts_of_each_visible_card_only() -> None:
    state = rebel_space.GAME.new_state(seed=3)
    bot = RandomBot(3)
    for _ in range(80):
        state.apply(bot.choose(state))
    for player in (0, 1, None):
        view, seen = _shown(state, player)
        assert set(view["cards"]) == {str(c) for c in seen}
        for c in seen:
            assert view["cards"][str(c)]["name"] == rebel_space.cards.NAME[c]
    own_hand = state.zones["hand0"]
    assert all(str(c) in state.view(0)["cards"] for c in own_hand)
    shown_to_1 = set(state.known_to("hand0", 1)) | set(state._log_cards(1))
    assert not any(str(c) in state.view(1)["cards"] for c in own_hand if c not in shown_to_1)


def test_no_card_is_a_card_without_an_id() -> None:
    """A card played without a target, a unit deployed without a hero: their events say
    -1, which names no card, so no view gives facts for "-1"."""
    state = rebel_space.GAME.new_state(seed=3)
    bot = RandomBot(3)
    for _ in range(200):
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
    assert any(getattr(e, "hero", 0) == -1 for e in state.log)
    for player in (0, 1, None):
        assert "-1" not in state.view(player)["cards"]


def test_every_card_has_its_text_in_words() -> None:
    for c in range(rebel_space.cards.NUM_CARDS):
        info = rebel_space.GAME.new_state(seed=1)._card_info(c)
        assert info is not None and info["text"], c
        assert "_" not in info["text"] and all("_" not in f for f in info["flags"])
