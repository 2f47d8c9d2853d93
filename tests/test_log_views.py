"""The log a view shows is made once per viewer and then only extended: it must be
exactly what narrating the whole log again gives, after every kind of change."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop import State
from tabletop.bots import RandomBot


def narrated_afresh(state: State, player: int | None) -> list[dict[str, Any]]:
    """The log as ``player`` sees it, made from nothing (what the cache must equal)."""
    viewer = None if player is None else state._viewer(player)
    out = []
    for ev in state.log:
        seen = ev.seen_by(viewer)
        if seen is not None:
            d = state.game.converter.unstructure(seen)
            d.pop("to", None)
            d["text"] = state._narrate(seen)
            out.append(d)
    return out


def seats(state: State) -> list[int | None]:
    return [None, *range(state.num_players)]


@pytest.mark.parametrize("name", ["rebel_space", "station_assault", "rebellion_rote"])
def test_the_log_of_every_view_is_the_whole_log_narrated_again(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_state(seed=3)
    bot = RandomBot(3)
    for step in range(120):
        if state.is_terminal:
            break
        if step % 9 == 0:
            for p in seats(state):
                assert state.log_view(p) == narrated_afresh(state, p)
                assert state.view(p)["log"] == narrated_afresh(state, p)
        state.apply(bot.choose(state))
    for p in seats(state):
        assert state.log_view(p) == narrated_afresh(state, p)


def test_slices_of_the_log_count_the_whole_log() -> None:
    state = tabletop.load("rebel_space").new_state(seed=5)
    bot = RandomBot(5)
    for _ in range(60):
        state.apply(bot.choose(state))
    n = len(state.log)
    for p in seats(state):
        viewer = None if p is None else state._viewer(p)
        full = [(i, ev) for i, ev in enumerate(state.log) if ev.seen_by(viewer) is not None]
        for start, stop in [
            (0, None),
            (7, None),
            (n, None),
            (n + 5, None),
            (-4, None),
            (-n - 9, None),
            (3, 20),
            (0, -3),
            (10, 5),
            (0, n + 40),
        ]:
            want = [
                d
                for (i, _), d in zip(full, narrated_afresh(state, p))
                if i in range(n)[slice(start, stop)]
            ]
            assert state.log_view(p, start, stop) == want, (start, stop)


def test_a_clone_and_its_original_go_their_own_ways() -> None:
    state = tabletop.load("station_assault").new_state(seed=8)
    bot = RandomBot(8)
    for _ in range(40):
        state.apply(bot.choose(state))
    before = state.log_view(0)  # made now, then shared with the clone
    other = state.clone()
    for _ in range(30):
        state.apply(bot.choose(state))
    other_bot = RandomBot(99)
    for _ in range(30):
        other.apply(other_bot.choose(other))
    assert state.log_view(0) == narrated_afresh(state, 0)
    assert other.log_view(0) == narrated_afresh(other, 0)
    assert state.log_view(0)[: len(before)] == before


def test_what_a_caller_changes_in_a_view_stays_in_its_copy() -> None:
    state = tabletop.load("rebel_space").new_state(seed=2)
    bot = RandomBot(2)
    for _ in range(50):
        state.apply(bot.choose(state))
    got = state.log_view(1)
    for d in got:
        d["text"] = "changed"
        for v in d.values():
            if isinstance(v, list):
                v.append(-1)
    assert state.log_view(1) == narrated_afresh(state, 1)


def test_a_failed_action_put_back_leaves_no_stale_narration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = tabletop.load("rebel_space").new_state(seed=4)
    bot = RandomBot(4)
    for _ in range(30):
        state.apply(bot.choose(state))
    state.view(0)  # narrated up to here
    action = bot.choose(state)
    real = type(state)._apply

    def fails_after_logging(self: State, a: Any) -> None:
        real(self, a)
        if self is state:  # (not the copy its record rebuilds to put it back)
            self.view(0)  # the events of the failed action narrated, then dropped
            raise RuntimeError("the pack failed")

    monkeypatch.setattr(type(state), "_apply", fails_after_logging)
    with pytest.raises(RuntimeError):
        state.apply(action)
    monkeypatch.undo()
    assert state.log_view(0) == narrated_afresh(state, 0)
    for _ in range(5):  # past where the dropped events reached
        state.apply(RandomBot(7).choose(state))
        assert state.log_view(0) == narrated_afresh(state, 0)


@pytest.mark.parametrize("name", ["rebel_space", "station_assault", "rebellion_rote"])
def test_a_views_cards_and_prompt_are_its_own_and_its_positions(name: str) -> None:
    """A view reads the card facts from the pack's table (``_card_facts``) and keeps the
    prompt with the legal actions it was made for: each view's facts are a copy a caller
    may change, equal to ``_card_info``, and its prompt is the position's, on a clone
    too, after every move."""
    game = tabletop.load(name)
    state = game.new_state(seed=4)
    bot = RandomBot(4)
    facts = state._card_facts()
    assert facts is not None
    for _ in range(60):
        if state.is_terminal:
            break
        seat = state.current_player
        v = state.view(seat)
        assert v["prompt"] == state.prompt
        assert v["cards"] == {k: state._card_info(int(k)) for k in v["cards"]}
        for info in v["cards"].values():
            info["name"] = "changed by a caller"
        again = state.view(seat)
        assert all(info["name"] != "changed by a caller" for info in again["cards"].values())
        copy = state.clone()
        assert copy.view(seat)["prompt"] == state.prompt
        copy.apply(bot.choose(copy))
        assert copy.view(copy.current_player)["prompt"] == copy.prompt
        assert state.view(seat)["prompt"] == state.prompt
        state.apply(bot.choose(state))


@pytest.mark.parametrize("name", ["rebel_space", "station_assault", "rebellion_rote"])
def test_a_view_s_card_facts_cannot_change_another_view_s(name: str) -> None:
    """The lists and dicts inside a view's card facts (a card's lines of text, its flags, a
    tactic card's halves) are shared by every view and refuse to change in place, with a
    TypeError that says to copy them; a copy changes freely; the next view and
    ``_card_info`` read as before."""
    game = tabletop.load(name)
    state = game.new_state(seed=6)
    bot = RandomBot(6)
    shared = 0
    for _ in range(80):
        if state.is_terminal:
            break
        seat = state.current_player
        before = json.loads(json.dumps(state.view(seat)["cards"]))  # nothing shared
        v = state.view(seat)
        for info in v["cards"].values():
            for key, value in list(info.items()):
                if isinstance(value, (list, dict)):
                    with pytest.raises(TypeError, match="copy them to change them"):
                        if isinstance(value, list):
                            value.append("changed by a caller")
                        else:
                            value["changed"] = "by a caller"
                    own = type(value).__mro__[1](value)  # list(...) or dict(...)
                    own.clear()
                    info[key] = own
                    shared += 1
        assert json.loads(json.dumps(v["cards"])) != before or not shared
        assert state.view(seat)["cards"] == before
        for k, info in before.items():
            assert json.loads(json.dumps(state._card_info(int(k)))) == info
        state.apply(bot.choose(state))
    if name != "station_assault":  # its cards' facts are all plain values
        assert shared > 0
