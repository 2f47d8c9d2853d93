"""The compiled codec (the fast path of ``dumps`` and ``loads(trusted=True)``)
against the pack's cattrs converter, which it must match exactly.

Along random games of every pack, with orjson and with the json fallback:
the codec's data encodes to the converter's text; ``dumps`` round-trips
through ``loads(trusted=True)``; the state the codec builds is the one the
converter builds, field for field and type for type. A saved state changed
in one place loads trusted exactly when the converter reads it, to the same
state, and is otherwise refused with the converter's message.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
import toy_pack
from tabletop import RecordError, State, codec
from tabletop.bots import RandomBot
from tabletop.serial import _structured

GAMES = [tabletop.load(name) for name in tabletop.games()] + [toy_pack.GAME]
BACKENDS = ["orjson", "json"] if codec.orjson is not None else ["json"]


@pytest.fixture(autouse=True, scope="module")
def toy_registered() -> Iterator[None]:
    with tabletop.registry.registered(toy_pack.GAME):
        yield


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    before = codec.backend()
    codec.set_backend(request.param)
    yield request.param
    codec.set_backend(before)


def reference_text(state: State) -> str:
    """The saved state as the converter writes it (the text before the codec)."""
    game = state.game
    body = {
        "format": tabletop.serial.STATE_FORMAT,
        "game": game.name,
        "pack_version": game.version,
        "state": game.converter.unstructure(state),
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def same(a: Any, b: Any, path: str = "state") -> None:
    """``a`` and ``b`` are equal and of the same types all the way down."""
    assert type(a) is type(b), f"{path}: {type(a).__name__} is not {type(b).__name__}"
    if attrs.has(type(a)):
        for f in attrs.fields(type(a)):
            if not f.metadata.get("transient"):
                same(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, list | tuple):
        assert len(a) == len(b), f"{path}: {len(a)} items, not {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{path}: keys differ"
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
    elif type(a).__name__ == "Rng":
        assert a.state == b.state, path
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def states(game: Any, seed: int, points: int = 3) -> Iterator[State]:
    """A random game of ``game``, at a few points from its start to its end."""
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    probe = state.clone()
    length = 0
    while not probe.is_terminal:
        probe.apply(bot.choose(probe), check=False)
        length += 1
    marks = {length * k // (points - 1) for k in range(points)}
    bot = RandomBot(seed)
    for step in range(length + 1):
        if step in marks:
            yield state
        if step < length:
            state.apply(bot.choose(state), check=False)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@given(seed=st.integers(0, 2**32))
def test_the_codec_is_the_converter_along_random_games(game: Any, seed: int) -> None:
    before = codec.backend()
    try:
        codec.set_backend(BACKENDS[seed % len(BACKENDS)])  # each backend in turn
        if True:
            for state in states(game, seed):
                text = tabletop.dumps(state)
                assert json.loads(text) == json.loads(reference_text(state))
                assert text == codec.encode(json.loads(reference_text(state)))
                loaded = tabletop.loads(text, trusted=True)
                assert tabletop.dumps(loaded) == text
                assert loaded.legal_actions() == state.legal_actions()  # transient fields set
                body = json.loads(text)["state"]
                same(loaded, game.converter.structure(body, game.state_cls))
                same(game.codec.structure(codec.decode(text)["state"]), loaded)
    finally:
        codec.set_backend(before)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@given(seed=st.integers(0, 2**32), read_log_first=st.booleans())
def test_a_trusted_load_has_the_future_of_the_state_it_was_saved_from(
    game: Any, seed: int, read_log_first: bool
) -> None:
    # mid-game (and at the start and end): the loaded state (its log read at once, or
    # only when play needs it) has the same legal actions and, under the same actions,
    # the same events and the same saved text at every step
    for state in states(game, seed):
        text = tabletop.dumps(state)
        loaded = tabletop.loads(text, trusted=True)
        if read_log_first:
            assert loaded.log == state.log
        a, b = state.clone(), loaded
        bot = RandomBot(seed)
        for _ in range(30):
            if a.is_terminal:
                break
            assert b.legal_actions() == a.legal_actions()
            action = bot.choose(a)
            assert b.apply(action) == a.apply(action)
        assert b.is_terminal == a.is_terminal
        assert tabletop.dumps(b) == tabletop.dumps(a)
        assert b.log == a.log


def test_a_trusted_load_reads_the_log_only_when_it_is_used() -> None:
    game = tabletop.load("rebellion_rote")
    state = list(states(game, 7))[1]
    text = tabletop.dumps(state)
    loaded = tabletop.loads(text, trusted=True)
    assert tabletop.state._PENDING_LOGS.get(loaded) is not None  # not read yet
    loaded.view(0, log=False)
    assert loaded.log == state.log  # read now, once
    assert tabletop.state._PENDING_LOGS.get(loaded) is None
    assert tabletop.dumps(loaded) == text
    # a log that does not read is the error a whole load gives, when it is read
    bad = text.replace('"log":[{', '"log":[{"nonsense":1,', 1)
    with pytest.raises(RecordError) as whole:
        tabletop.loads(bad.replace(",", ", "), trusted=True)  # spaced: read whole
    lazy = tabletop.loads(bad, trusted=True)
    for _ in range(2):  # and again: the log stays unread
        with pytest.raises(RecordError) as got:
            _ = lazy.log
        assert str(got.value) == str(whole.value)
    # a clone, a pickle and a copy of a state read its log
    for copy_of in (State.clone, lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy):
        assert tabletop.dumps(copy_of(tabletop.loads(text, trusted=True))) == text


def test_dumps_is_the_old_text_for_ascii_states(backend: str) -> None:
    for game in GAMES:
        for state in states(game, 3):
            assert tabletop.dumps(state) == reference_text(state).encode("ascii").decode()


# ---------------------------------------------------------------- bad saved states
def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, (*path, i))


_REPLACEMENTS: list[Any] = [
    None,
    True,
    0,
    -1,
    1.5,
    2**64,
    -(2**63) - 1,
    "x",
    "",
    [],
    [1],
    [True],
    {},
    {"kind": "no such kind"},
]


def _changed(body: dict[str, Any], path: tuple[Any, ...], how: str, rng: random.Random) -> Any:
    data = copy.deepcopy(body)
    *parents, last = path
    holder = data
    for p in parents:
        holder = holder[p]
    if how == "replace":
        holder[last] = rng.choice(_REPLACEMENTS)
    elif how == "delete":
        del holder[last]
    elif how == "extra" and isinstance(holder[last], dict):
        holder[last]["extra_field"] = 1
    elif how == "extra" and isinstance(holder[last], list):
        holder[last].append(rng.choice(_REPLACEMENTS))
    return data


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@given(seed=st.integers(0, 2**32), how=st.sampled_from(["replace", "delete", "extra"]))
def test_a_changed_state_loads_trusted_exactly_when_the_converter_reads_it(
    game: Any, seed: int, how: str
) -> None:
    rng = random.Random(seed)
    state = list(states(game, seed % 1000, points=2))[-1 if seed % 2 else 0]
    text = tabletop.dumps(state)
    top = json.loads(text)
    places = [p for p in _places(top["state"]) if p]
    for k in range(4):
        path = rng.choice(places)
        data = dict(top, state=_changed(top["state"], path, how, rng))
        # spaced text is read whole; compact text (as dumps writes it) with the log for later
        changed = json.dumps(data) if k % 2 else codec.encode(data)
        try:  # as the fast parser reads it (orjson reads an int over 64 bits as a float)
            parsed = codec.decode(changed)
        except ValueError:
            parsed = json.loads(changed)
        try:
            expected = _structured(game, parsed["state"], tabletop.limits.DEFAULT_LIMITS)
        except RecordError as exc:
            with pytest.raises(RecordError) as got:
                _ = tabletop.loads(changed, trusted=True).log  # a bad log: when it is read
            assert str(got.value) == str(exc)
        else:
            same(tabletop.loads(changed, trusted=True), expected)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{}",
        "nonsense",
        '{"format": "tabletop.state/1"}',
        '{"format": "tabletop.record/1", "game": "toy_duel"}',
        '{"format": "tabletop.state/1", "game": "toy_duel", "pack_version": "1", "state": []}',
        "[" * 5000 + "]" * 5000,
        '{"a": NaN}',
    ],
)
def test_loads_trusted_refuses_what_is_not_a_saved_state(text: str, backend: str) -> None:
    with pytest.raises(RecordError):
        tabletop.loads(text, trusted=True)


def test_a_state_saved_by_an_older_pack_without_a_new_field_still_loads_trusted() -> None:
    game = tabletop.load("rebellion_rote")
    state = list(states(game, 5, points=2))[-1]
    data = json.loads(tabletop.dumps(state))
    del data["state"]["yoda_round"]  # a field with a default: the converter fills it in
    loaded = tabletop.loads(json.dumps(data), trusted=True)
    assert loaded.yoda_round == 0  # type: ignore[attr-defined]


def test_an_int_over_64_bits_is_refused_by_both_backends(backend: str) -> None:
    game = tabletop.load("station_assault")
    data = json.loads(tabletop.dumps(game.new_state(seed=1)))
    for big in (2**64, -(2**63) - 1):
        data["state"]["seed"] = big
        with pytest.raises(RecordError, match="seed"):
            tabletop.loads(json.dumps(data), trusted=True)


def test_non_ascii_and_lone_surrogates_round_trip(backend: str) -> None:
    state = toy_pack.GAME.new_state(seed=2)
    for text in ("é ☃ 𝄞", "\ud800"):
        state.mark_unrecorded(text)
        saved = tabletop.dumps(state)
        loaded = tabletop.loads(saved, trusted=True)
        assert loaded.no_record == text
        assert tabletop.dumps(loaded) == saved


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_dumps_reuses_the_text_of_the_log_only_while_the_log_is_what_it_was(
    game: Any, backend: str
) -> None:
    """``dumps`` keeps the text of the log it wrote (for the next dumps to write only
    new events); a log changed other than by growing, a clone, and a state whose
    log is replaced are each written exactly as the converter writes them."""
    state = game.new_state(seed=5)
    bot = RandomBot(5)
    for _ in range(40):
        if state.is_terminal:
            break
        state.apply(bot.choose(state))
        if len(state.log) >= 3:
            break
    assert len(state.log) >= 2

    def check(s: State) -> None:
        assert tabletop.dumps(s) == codec.encode(json.loads(reference_text(s)))

    check(state)  # the text is kept now (with orjson)
    assert (state._log_json is not None) == (backend == "orjson")
    twin = state.clone()
    check(twin)
    if not state.is_terminal:
        twin.apply(RandomBot(1).choose(twin))
        check(twin)  # the clone's log grew past the text it shares
    check(state)  # ...and the original's did not
    state.log.reverse()  # changed in place, same length
    check(state)
    state.log.pop()  # shorter than the text
    check(state)
    state.log = state.log[:1]
    check(state)
    state.log.clear()
    check(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_trusted_load_reads_the_history_by_its_actions_texts(
    game: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = list(states(game, 11))[-1]
    text = tabletop.dumps(state)
    assert game.codec.lazy_history  # every action of the bundled packs is numbers only
    assert codec.split_history(text) is not None
    log_cut = codec.split_log(text)
    assert log_cut is not None
    # one pass cuts what the two cuts, one after the other, cut
    assert codec.split_history_and_log(text) == (
        *codec.split_history(log_cut[0]),  # type: ignore[misc]
        log_cut[1],
    )
    assert tabletop.loads(text, trusted=True).history == state.history
    # with the table of known texts full, actions are read all the same
    monkeypatch.setattr(codec, "INTERNED", 0)
    game.codec._action_texts.clear()
    assert tabletop.loads(text, trusted=True).history == state.history
    assert not game.codec._action_texts
    monkeypatch.undo()
    # an action that does not read is the error a whole load gives
    first = json.dumps(codec.decode(text)["state"]["history"][0], separators=(",", ":"))
    for bad in ['{"kind":"no such action"}', first[:-1] + ',"extra":1}', "{}", "[1]"]:
        broken = text.replace('"history":[' + first, '"history":[' + bad, 1)
        assert broken != text
        with pytest.raises(RecordError) as whole:
            tabletop.loads(broken.replace(",", ", "), trusted=True)  # spaced: read whole
        with pytest.raises(RecordError) as got:
            tabletop.loads(broken, trusted=True)
        assert str(got.value) == str(whole.value)


def test_loads_share_one_layout_and_still_check_its_types() -> None:
    """A saved layout of the text of one already read is not read again: the loaded
    states share that layout dict (a layout is never changed in place). A layout that
    is only ``==`` to it (``true`` for ``1``) is read, and refused, as the converter
    does."""
    state = toy_pack.GAME.new_state(seed=5)
    text = tabletop.dumps(state)
    a, b = tabletop.loads(text, trusted=True), tabletop.loads(text, trusted=True)
    assert a.layout is b.layout and a.layout == state.layout
    assert tabletop.dumps(b) == text
    for bad in (True, 1.0):
        data = json.loads(text)
        assert (
            data["state"]["layout"]["hand0"]["vis"]
            == data["state"]["layout"]["deck1"]["owner"]
            == 1
        )
        data["state"]["layout"]["hand0"]["vis"] = bad
        data["state"]["layout"]["deck1"]["owner"] = bad
        forged = json.dumps(data)
        assert data["state"]["layout"] == json.loads(text)["state"]["layout"]  # == is fooled
        with pytest.raises(RecordError, match="malformed"):
            tabletop.loads(forged, trusted=True)
    c = tabletop.loads(text, trusted=True)
    assert c.layout is a.layout  # a refused text changed nothing
    c.add_zone(tabletop.Zone("extra"))
    assert "extra" not in a.layout and "extra" in c.layout


def test_a_saved_layout_text_is_read_once_and_only_as_the_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trusted load keeps the text of a layout it read; a later saved state whose
    layout is that very text shares the layout without reading it. A layout of other
    text (one fact changed) is read as it is, and a cut that is not the state's own
    layout (its layout still there, or zones that are not the layout's) is refused,
    so the whole text is read."""
    state = toy_pack.GAME.new_state(seed=6)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    text = tabletop.dumps(state)
    first = tabletop.loads(text, trusted=True)
    cut = codec.split_layout(text)
    assert cut is not None and json.loads(cut[1]) == json.loads(text)["state"]["layout"]
    hit = codec.layout_of_text(cut[1])
    assert hit is not None and hit[0] is toy_pack.GAME.codec and hit[1] is first.layout
    again = tabletop.loads(text, trusted=True)
    assert again.layout is first.layout and tabletop.dumps(again) == text
    assert again.zones == state.zones and again.known == state.known

    monkeypatch.setattr(codec, "LAYOUT_TEXT_MAX", len(cut[1]) - 1)  # too long to keep
    codec._layout_texts.clear()
    tabletop.loads(text, trusted=True)
    assert codec.layout_of_text(cut[1]) is None
    monkeypatch.undo()

    data = json.loads(text)
    data["state"]["layout"]["discard1"]["vis"] = 2  # hidden now: other text, other facts
    other = tabletop.loads(json.dumps(data, separators=(",", ":")), trusted=True)
    assert other.layout["discard1"].vis is tabletop.Vis.HIDDEN
    assert first.layout["discard1"].vis is tabletop.Vis.PUBLIC

    body = json.loads(text)["state"]
    with pytest.raises(codec.Mismatch):  # the state's own layout was not the cut
        toy_pack.GAME.codec.structure(body, hit[1])
    body = json.loads(text)["state"]
    body["layout"] = {}
    del body["zones"]["discard0"]
    with pytest.raises(codec.Mismatch):  # zones that are not the layout's
        toy_pack.GAME.codec.structure(body, hit[1])


@pytest.mark.parametrize("bad", [[True], [1.0], ["1"], 1, None, [[1]]])
def test_a_zone_of_anything_but_ids_is_refused_by_a_trusted_load(bad: Any) -> None:
    """The zones are checked all at once (every value a list, every id an int), no
    laxer than one zone at a time."""
    state = toy_pack.GAME.new_state(seed=6)
    data = json.loads(tabletop.dumps(state))
    data["state"]["zones"]["discard0"] = bad
    with pytest.raises(RecordError, match="malformed"):
        tabletop.loads(json.dumps(data, separators=(",", ":")), trusted=True)
