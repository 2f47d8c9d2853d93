"""The core contract, on the toy pack."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
import toy_pack
from tabletop import (
    Action,
    ActionSpace,
    CardDataError,
    IllegalActionError,
    OptionsError,
    RecordError,
    Rng,
    UnknownGameError,
    Vis,
    Zone,
)

GAME = toy_pack.GAME
tabletop.register(GAME)


def played(seed: int = 1, steps: int = 4) -> tabletop.State:
    """A game after ``steps`` random card choices (never a concession)."""
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        choices = [a for a in state.legal_actions() if isinstance(a, toy_pack.Choose)]
        state.apply(rng.choice(choices))
    return state


# ----------------------------------------------------------------- RNG
def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_below_is_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_rng_shuffle_is_a_permutation() -> None:
    r = Rng(3)
    xs = list(range(50))
    r.shuffle(xs)
    assert sorted(xs) == list(range(50)) and xs != list(range(50))


def test_rng_refuses_bad_seed() -> None:
    with pytest.raises(TypeError):
        Rng("7")  # type: ignore[arg-type]


# ----------------------------------------------------------------- actions
def test_action_space_is_a_bijection() -> None:
    n = GAME.num_distinct_actions
    seen = set()
    for i in range(n):
        a = GAME.decode(i)
        assert GAME.encode(a) == i
        seen.add(a)
    assert len(seen) == n
    with pytest.raises(ValueError):
        GAME.decode(n)
    with pytest.raises(ValueError):
        GAME.decode(-1)


@attrs.frozen
class Move(Action):
    kind: ClassVar[str] = "move"
    card: int
    x: int
    y: int


@attrs.frozen
class Flag(Action):
    kind: ClassVar[str] = "flag"
    on: bool


@given(st.integers(0, 9), st.integers(-3, 3), st.integers(-2, 5))
def test_mixed_radix_with_negative_ranges(card: int, x: int, y: int) -> None:
    space = ActionSpace([(Flag, {"on": 2}), (Move, {"card": 10, "x": (-3, 3), "y": (-2, 5)})])
    assert space.size == 2 + 10 * 7 * 8
    a = Move(card, x, y)
    assert space.decode(space.encode(a)) == a
    assert space.decode(1) == Flag(True)
    with pytest.raises(ValueError, match="outside"):
        space.encode(Move(card, 4, y))


def test_action_space_refuses_bad_declarations() -> None:
    with pytest.raises(ValueError, match="fields"):
        ActionSpace([(Move, {"card": 3})])
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([(Flag, {"on": 2}), (Flag, {"on": 2})])


def test_notation_round_trips_and_repr_is_python() -> None:
    a = toy_pack.Choose(7)
    assert a.notation() == "choose 7"
    assert GAME.parse("choose 7") == a
    assert GAME.parse("concede") == toy_pack.Concede()
    assert eval(repr(a), {"Choose": toy_pack.Choose}) == a
    for bad in ["", "fly 3", "choose", "choose x", "choose 99"]:
        with pytest.raises(ValueError):
            GAME.parse(bad)


# ----------------------------------------------------------------- apply
def test_illegal_action_is_refused_and_changes_nothing() -> None:
    state = played()
    before = tabletop.dumps(state)
    hand = state.zones[f"hand{state.current_player}"]
    other = next(c for c in range(12) if c not in hand)
    with pytest.raises(IllegalActionError) as err:
        state.apply(toy_pack.Choose(other))
    assert err.value.player == state.current_player
    assert err.value.action == toy_pack.Choose(other)
    assert "legal" in str(err.value)
    assert tabletop.dumps(state) == before


def test_apply_returns_new_events_and_history_grows() -> None:
    state = GAME.new_state(seed=2)
    a = state.legal_actions()[0]
    events = state.apply(a)
    assert [type(e).__name__ for e in events] == ["Chose"]
    assert state.history == [a]
    assert state.current_player == 1


def test_apply_id_and_masks() -> None:
    state = GAME.new_state(seed=2)
    ids = state.legal_ids()
    mask = state.legal_mask()
    assert len(mask) == GAME.num_distinct_actions
    assert [i for i, m in enumerate(mask) if m] == sorted(ids)
    state.apply_id(ids[0])
    with pytest.raises(IllegalActionError):
        state.apply_id(10**6)


def test_terminal_state() -> None:
    state = GAME.new_state(seed=2)
    state.apply(toy_pack.Concede())
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == [] and state.prompt == ""
    assert state.returns() == [-1.0, 1.0]
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(toy_pack.Concede())


# ----------------------------------------------------------------- views and secrets
def test_view_hides_the_other_hand_and_the_rng() -> None:
    state = played(steps=1)  # player 0 has chosen face down
    v1 = state.view(1)
    assert "cards" not in v1["zones"]["hand0"] and v1["zones"]["hand0"]["count"] == 2
    assert "cards" not in v1["zones"]["chosen0"]
    assert v1["zones"]["hand1"]["cards"] == state.zones["hand1"]
    # Card facts for every id the player sees, and for no other.
    own = state.zones["hand1"]
    assert set(v1["cards"]) == {str(c) for c in own}
    for c in own:
        v = toy_pack.value(c, 6)
        assert v1["cards"][str(c)] == {
            "name": f"the {v}",
            "kind": "number card",
            "value": v,
            "text": f"worth {v}",
        }
    assert [e["kind"] for e in v1["log"]] == ["drew_count", "drew", "chose_hidden"]
    text = json.dumps(v1)
    assert "rng" not in text and str(state.rng.state) not in text
    assert "legal_actions" in v1 and "legal_actions" not in state.view(0)
    spectator = state.view(None)
    assert all("cards" not in spectator["zones"][f"hand{p}"] for p in range(2))
    with pytest.raises(tabletop.TabletopError):
        state.view(5)


def test_known_cards_show_in_a_hidden_zone() -> None:
    s = played(seed=1, steps=0)
    s.add_zone(Zone("spied", 0, Vis.OWNER), [3, 5, 9])
    s.add_zone(Zone("spied_out", 0, Vis.PUBLIC))
    s.reveal("spied", 1, [5, 9])
    assert s.zone_view("spied", 1) == {"owner": 0, "count": 3, "known": [5, 9]}
    assert s.zone_view("spied", 0) == {"owner": 0, "count": 3, "cards": [3, 5, 9]}
    assert s.zone_view("spied", None) == {"owner": 0, "count": 3}
    s.remove_card(5, "spied")  # forgotten as it leaves
    assert s.zone_view("spied", 1) == {"owner": 0, "count": 2, "known": [9]}
    s.zones["spied"].append(5)  # back by hand: still forgotten
    assert s.known_to("spied", 1) == [9]
    s.move(9, "spied", "spied_out")
    assert s.zone_view("spied", 1) == {"owner": 0, "count": 2}
    assert s.pop_card("spied") == 5 and s.zones["spied"] == [3]
    with pytest.raises(ValueError, match="exists already"):
        s.add_zone(Zone("spied", 1, Vis.PUBLIC))


def test_a_clone_shares_the_layout_and_copies_the_rest() -> None:
    s = played(seed=1, steps=3)
    first, second = s.zones["hand0"][:2]
    s.reveal("hand0", 1, [first])
    c = s.clone()
    assert c.layout is s.layout  # fixed facts, never changed in place
    assert c.zones == s.zones and c.known == s.known
    assert all(c.zones[n] is not s.zones[n] for n in s.zones)
    c.zones["hand0"].append(99)
    c.add_zone(Zone("extra", None, Vis.PUBLIC))
    assert 99 not in s.zones["hand0"]
    assert "extra" not in s.layout and "extra" not in s.zones
    # what players were shown is shared until either state changes it
    assert c.known is s.known
    c.reveal("hand0", 1, [second])
    assert c.known_to("hand0", 1) == [first, second] and s.known_to("hand0", 1) == [first]
    d = s.clone()
    s.remove_card(first, "hand0")  # forgotten in s alone
    assert s.known_to("hand0", 1) == [] and d.known_to("hand0", 1) == [first]
    e = d.clone()
    e.set_known("hand0", 0, [second])
    d.forget_zone("hand0")
    assert d.known == {} and e.known == {"hand0": {1: [first], 0: [second]}}
    assert c.known_to("hand0", 1) == [first, second]


_OPS = st.lists(
    st.tuples(
        st.sampled_from(["clone", "reveal", "set_known", "forget", "move", "remove", "pop"]),
        st.integers(0, 99),
        st.integers(0, 99),
        st.integers(0, 1),
    ),
    max_size=40,
)


@settings(max_examples=100)  # cheap: a few milliseconds an example
@given(_OPS)
def test_clones_never_see_each_others_changes_of_zones_or_of_what_was_shown(
    ops: list[tuple[str, int, int, int]],
) -> None:
    """Any mix of clones and changes through the state's methods: each state's zones
    and ``known`` stay what the same changes to deep copies of them give (``known`` is
    shared between clones until one of them changes it)."""
    first = played(seed=2, steps=2)
    first.reveal("hand0", 1, first.zones["hand0"][:2])  # so that clones share ``known``
    states = [first]
    models = [(json.loads(json.dumps(first.zones)), _known_copy(first.known))]
    names = list(first.layout)
    for op, i, j, player in ops:
        k = i % len(states)
        s, (zones, known) = states[k], models[k]
        name = names[j % len(names)]
        ids = zones[name]
        if op == "clone":
            states.append(s.clone())
            models.append((json.loads(json.dumps(zones)), _known_copy(known)))
        elif op == "reveal":
            shown = ids[: j % 3]
            s.reveal(name, player, shown)
            mine = known.setdefault(name, {}).setdefault(player, [])
            mine += [c for c in shown if c not in mine]
        elif op == "set_known":
            s.set_known(name, player, ids[-1:])
            known.setdefault(name, {})[player] = ids[-1:]
        elif op == "forget":
            s.forget_zone(name)
            known.pop(name, None)
        elif ids:  # move, remove or pop the top card of the zone
            card = ids[-1]
            if op == "move":
                dst = names[i % len(names)]
                s.move(card, name, dst)
                ids.remove(card)
                zones[dst].append(card)
            elif op == "remove":
                s.remove_card(card, name)
                ids.remove(card)
            else:
                assert s.pop_card(name) == card
                ids.pop()
            for shown_to in known.get(name, {}).values():
                if card in shown_to:
                    shown_to.remove(card)
        for state, (z, kn) in zip(states, models, strict=True):
            assert state.zones == z and state.known == kn


def _known_copy(known: dict[str, dict[int, list[int]]]) -> dict[str, dict[int, list[int]]]:
    return {name: {p: ids[:] for p, ids in shown.items()} for name, shown in known.items()}


def test_resample_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    state = played(seed=4, steps=1)
    hands = set()
    for k in range(20):
        r = state.resample(1, Rng(k))
        assert r.view(1) == state.view(1)
        assert sorted(r.zones["hand0"] + r.zones["deck0"] + r.zones["chosen0"]) == sorted(
            state.zones["hand0"] + state.zones["deck0"] + state.zones["chosen0"]
        )
        hands.add(tuple(sorted(r.zones["hand0"])))
        assert r.determinised and r.rng != state.rng
    assert len(hands) > 1
    with pytest.raises(tabletop.TabletopError, match="resampled"):
        state.resample(1, Rng(0)).record()


def test_resample_takes_an_rng_a_random_or_a_seed() -> None:
    """resample(player, rng) takes a tabletop.Rng, a random.Random or an int seed;
    the same seed gives the same deal whichever form it came in."""
    import random

    state = played(seed=4, steps=1)
    by_int = state.resample(1, 12345)
    assert by_int.zones["hand0"] == state.resample(1, Rng(12345)).zones["hand0"]
    r1, r2 = random.Random(7), random.Random(7)
    a, b = state.resample(1, r1), state.resample(1, r2)
    assert a.zones["hand0"] == b.zones["hand0"] and a.view(1) == state.view(1)
    assert (
        a.zones["hand0"]
        == (state.resample(1, Rng(random.Random(7).getrandbits(64))).zones["hand0"])
    )
    assert r1.getstate() == r2.getstate() != random.Random(7).getstate()  # it draws from it
    for bad in ("7", 7.0, True, None, [1]):
        with pytest.raises(
            TypeError, match=r"takes a tabletop\.Rng, a random\.Random or an int seed, not "
        ):
            state.resample(1, bad)  # type: ignore[arg-type]


def test_clone_is_independent() -> None:
    state = played()
    c = state.clone()
    assert tabletop.dumps(c) == tabletop.dumps(state)
    c.apply(c.legal_actions()[0])
    assert len(c.history) == len(state.history) + 1


# ----------------------------------------------------------------- records
def test_record_replays_exactly() -> None:
    state = played(seed=9, steps=7)
    record = json.loads(json.dumps(state.record()))
    assert record["format"] == tabletop.RECORD_FORMAT and record["game"] == "toy_duel"
    assert tabletop.dumps(tabletop.replay(record)) == tabletop.dumps(state)
    assert tabletop.dumps(tabletop.replay(json.dumps(record))) == tabletop.dumps(state)
    assert len(tabletop.replay(record, upto=3).history) == 3


def good_record() -> dict[str, Any]:
    return played(seed=9, steps=5).record()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: "not json {", "not valid JSON"),
        (lambda r: [1, 2], "JSON object"),
        (lambda r: {**r, "format": "pgn"}, "not a tabletop record"),
        (lambda r: {k: v for k, v in r.items() if k != "seed"}, "lacks field"),
        (lambda r: {**r, "extra": 1}, "unknown field"),
        (lambda r: {**r, "game": "chess"}, "no game named"),
        (lambda r: {**r, "pack_version": "0.0.1"}, "version"),
        (lambda r: {**r, "seed": "x"}, "seed"),
        (lambda r: {**r, "options": {"hand_size": 0}}, "options"),
        (lambda r: {**r, "actions": 5}, "must be a list"),
        (lambda r: {**r, "actions": [*r["actions"][:2], {"kind": "fly"}]}, "step 3: malformed"),
        (lambda r: {**r, "actions": [*r["actions"][:2], {"kind": "choose"}]}, "step 3: malformed"),
        (lambda r: {**r, "actions": [*r["actions"], {"kind": "choose", "card": 99}]}, "step 6"),
    ],
)
def test_bad_records_are_refused_with_the_step_or_field(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        tabletop.replay(mutate(good_record()))


def test_dumps_loads_round_trip_and_bad_text() -> None:
    state = played(seed=3, steps=3)
    text = tabletop.dumps(state)
    again = tabletop.loads(text)
    assert tabletop.dumps(again) == text and again.legal_actions() == state.legal_actions()
    for bad in [
        "",
        "{}",
        json.dumps(
            {
                "format": tabletop.STATE_FORMAT,
                "game": "toy_duel",
                "pack_version": "1.0",
                "state": {"seed": 1},
            }
        ),
    ]:
        with pytest.raises(RecordError):
            tabletop.loads(bad)


def _as_format_1(text: str) -> str:
    """A format-2 saved state written as format 1 did: each zone one object."""
    data = json.loads(text)
    body = data["state"]
    layout, known = body.pop("layout"), body.pop("known")
    body["zones"] = {
        name: {
            "name": name,
            "owner": layout[name]["owner"],
            "vis": layout[name]["vis"],
            "cards": cards,
            "known": known.get(name, {}),
            "pool": layout[name]["pool"],
        }
        for name, cards in body["zones"].items()
    }
    return json.dumps({**data, "format": "tabletop.state/1"})


def test_a_state_saved_in_format_1_still_loads() -> None:
    """Texts an earlier version wrote (zones with their ids inside) load as the same
    state, safely (rebuilt from the record) and trusted; what a player was shown
    comes back too."""
    here = Path(__file__).parent / "data"
    old = (here / "toy_state_format1.json").read_text()
    assert json.loads(old)["format"] == "tabletop.state/1"
    state = played(seed=3, steps=5)
    for trusted in (False, True):
        assert tabletop.dumps(tabletop.loads(old, trusted=trusted)) == tabletop.dumps(state)
    shown = tabletop.loads((here / "toy_state_format1_shown.json").read_text(), trusted=True)
    assert shown.known == {"hand0": {1: state.zones["hand0"][:1]}}
    assert shown.zone_view("hand0", 1) == {
        "owner": 0,
        "count": len(state.zones["hand0"]),
        "known": state.zones["hand0"][:1],
    }
    assert shown.zones == state.zones and shown.layout == state.layout
    # and the other way: format 2 written as format 1 reads back the same
    again = played(seed=4, steps=3)
    again.reveal("hand1", 0)
    again.mark_unrecorded("shown by hand")
    text = tabletop.dumps(again)
    assert json.loads(text)["format"] == tabletop.STATE_FORMAT == "tabletop.state/2"
    assert tabletop.dumps(tabletop.loads(_as_format_1(text), trusted=True)) == text


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda z: z.pop("pool"), "zone 'hand0' must be an object with the fields"),
        (lambda z: z.update(extra=1), "zone 'hand0' must be an object with the fields"),
        (lambda z: z.update(known=[1]), "'known' must be an object, not list"),
        (lambda z: z.update(cards="1"), "malformed"),
        (lambda z: z.update(owner="0"), "malformed"),
    ],
)
def test_a_broken_format_1_zone_is_a_record_error(mutate: Any, message: str) -> None:
    state = played(seed=3, steps=3)
    state.mark_unrecorded("by hand")
    data = json.loads(_as_format_1(tabletop.dumps(state)))
    mutate(data["state"]["zones"]["hand0"])
    text = json.dumps(data)
    for trusted in (False, True):
        with pytest.raises(RecordError, match=message if trusted else "."):
            tabletop.loads(text, trusted=trusted)


# ----------------------------------------------------------------- options
def test_options_default_and_errors() -> None:
    assert GAME.make_options(None) == toy_pack.ToyOptions()
    assert GAME.new_state(seed=1, options={"hand_size": 2}).options.hand_size == 2
    with pytest.raises(OptionsError, match="did you mean 'hand_size'"):
        GAME.new_state(seed=1, options={"handsize": 2})
    with pytest.raises(OptionsError, match="hand_size"):
        GAME.new_state(seed=1, options={"hand_size": "many"})
    with pytest.raises(OptionsError, match=r"1\.\.6"):
        GAME.new_state(seed=1, options={"hand_size": 0})
    with pytest.raises(OptionsError):
        GAME.new_state(seed=1, options=[1])
    with pytest.raises(OptionsError, match="seed"):
        GAME.new_state(seed="1")  # type: ignore[arg-type]


# ----------------------------------------------------------------- registry
def test_load_by_name_module_attr_and_unknown() -> None:
    assert tabletop.load("toy_duel") is GAME
    assert tabletop.load("toy_pack:GAME") is GAME
    with pytest.raises(UnknownGameError, match=r"(?i)did you mean 'toy_duel'"):
        tabletop.load("toy_dual")
    with pytest.raises(UnknownGameError):
        tabletop.load("toy_pack:NOPE")
    with pytest.raises(UnknownGameError, match="not a tabletop Game"):
        tabletop.load("toy_pack:value")
    assert "toy_duel" in tabletop.games()


def test_registered_is_undone_after_the_block() -> None:
    @attrs.define(kw_only=True, slots=True, eq=False)
    class OtherState(toy_pack.ToyState):
        pass

    other = toy_pack.make_game("toy_other", OtherState)
    with pytest.raises(ValueError, match="state class of game 'toy_other'"):
        toy_pack.make_game("toy_third", OtherState)
    with tabletop.registered(other) as g:
        assert tabletop.load("toy_other") is g and "toy_other" in tabletop.games()
    assert "toy_other" not in tabletop.games()
    with pytest.raises(UnknownGameError):
        tabletop.load("toy_other")
    tabletop.unregister("never_registered")  # no error


def test_a_hand_built_position_refuses_a_record() -> None:
    state = GAME.new_state(seed=1)
    state.mark_unrecorded("a tutorial position built by hand has no record")
    with pytest.raises(tabletop.TabletopError, match="tutorial position"):
        state.record()
    assert state.clone().determinised


def test_broken_entry_point_warns_and_does_not_break(monkeypatch: Any) -> None:
    from tabletop import registry

    class BrokenEP:
        name = "broken_pack"

        def load(self) -> Any:
            raise ImportError("missing dependency")

    real = registry._entry_points
    monkeypatch.setattr(registry, "_entry_points", lambda: {**real(), "broken_pack": BrokenEP()})
    with pytest.warns(UserWarning, match="broken_pack"):
        names = tabletop.games()
    assert "broken_pack" not in names
    with pytest.warns(UserWarning), pytest.raises(UnknownGameError, match="failed to load"):
        tabletop.load("broken_pack")


# ----------------------------------------------------------------- cards
@attrs.frozen
class Card:
    name: str
    cost: int
    text: str = ""


def test_card_loading_names_the_row_and_field(tmp_path: Any) -> None:
    rows = [{"name": "Scout", "cost": 1}, {"name": "Bad", "cost": "high"}]
    with pytest.raises(CardDataError, match=r"cards\[1\] \(Bad\)\.cost"):
        tabletop.load_cards(rows, Card)
    with pytest.raises(CardDataError, match="required field missing"):
        tabletop.load_cards([{"name": "X"}], Card)
    with pytest.raises(CardDataError, match=r"(?i)extra"):
        tabletop.load_cards([{"name": "X", "cost": 1, "colour": "red"}], Card)
    p = tmp_path / "cards.toml"
    p.write_text('[[card]]\nname = "Scout"\ncost = 1\n')
    assert tabletop.load_cards(tabletop.read_table(p), Card) == [Card("Scout", 1)]
    p.write_text("[[card]\n")
    with pytest.raises(CardDataError, match="not valid TOML"):
        tabletop.read_table(p)
    with pytest.raises(CardDataError, match="cannot read"):
        tabletop.read_table(tmp_path / "missing.toml")


# ----------------------------------------------------------------- seats and their knowledge
@attrs.define(kw_only=True, slots=True, eq=False)
class SharedSeatState(toy_pack.ToyState):
    """The toy duel where player 1 decides player 0's choices too and knows what player 0
    knows: the hooks a team game uses (``_seat_of``, ``_viewer``)."""

    def _seat_of(self, decision: tabletop.Decision) -> int:
        return 1

    def _viewer(self, player: int) -> int:
        return 0


SHARED = toy_pack.make_game("toy_shared_seat", SharedSeatState)


def test_seat_and_viewer_hooks() -> None:
    """``current_player`` is the pack's seat; ``view``, ``log_view`` and ``resample`` of a
    seat read its viewer's knowledge, while ``player`` and the legal actions stay the
    seat's."""
    state = SHARED.new_state(seed=2)
    assert GAME.new_state(seed=2).current_player == 0  # the default: the decision's player
    assert state.current_player == 1
    v = state.view(1)
    assert v["player"] == 1 and "legal_actions" in v
    assert v["zones"]["hand0"]["cards"] == state.zones["hand0"]
    assert "cards" not in v["zones"]["hand1"]
    assert "legal_actions" not in state.view(0)
    assert state.log_view(1) == state.log_view(0)
    r = state.resample(1, Rng(5))
    assert r.zones["hand0"] == state.zones["hand0"]
