"""Fuzzing every public entry point of every pack with generated untrusted input.

Each test takes a real record, saved state, set of options or position of a
pack, mutates it the way an attacker or a careless user would (a value of
another type, a number nudged out of range, a field deleted or added, an
element dropped, duplicated or swapped, the text cut or its bytes changed)
and checks the contract for strangers: the call ends in a
:class:`tabletop.TabletopError` that names the field or step (a ``TypeError``
naming the accepted types, for a wrong Python type), or it succeeds with a
sound result; a refused call leaves the state byte for byte as it was.

The number of examples follows the hypothesis profile (``quick`` by
default, ``thorough`` with ``HYPOTHESIS_PROFILE=thorough``); the cases run
per entry point are printed at the end of the test session.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import tempfile
from collections import Counter
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
import toy_pack
from tabletop import Action, IllegalActionError, OptionsError, RecordError, Rng, State
from tabletop import TabletopError as TTError
from tabletop.bots import RandomBot
from tabletop.cli import main as cli

tabletop.register(toy_pack.GAME)
GAMES = [tabletop.load(ep.name) for ep in entry_points(group="tabletop.games")] + [toy_pack.GAME]
NAMES = [g.name for g in GAMES]
CASES: Counter[tuple[str, str]] = Counter()
"""Generated cases run, by (entry point, pack); printed by tests/conftest.py."""

_FACTOR = 10


def fuzz(factor: int = _FACTOR) -> Any:
    """Settings: ``factor`` times the profile's examples (quick: 12, thorough: 300)."""
    base = settings()
    return settings(
        base,
        max_examples=base.max_examples * factor,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


@functools.cache
def _position(name: str, steps: int) -> State:
    """A game of ``name`` up to ``steps`` random decisions in, not over."""
    game = tabletop.load(name)
    state = game.new_state(seed=11)
    bot = RandomBot(11)
    for _ in range(steps):
        after = state.clone()
        after.apply(bot.choose(state))
        if after.is_terminal:
            break
        state = after
    return state


def positions(name: str) -> list[State]:
    return [_position(name, 0), _position(name, 12), _position(name, 40)]


# ---------------------------------------------------------------- generated values
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 400),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(
        ["0", "1", "true", "false", "", "os:system", "/dev/zero", "../etc/passwd", "x" * 300]
    ),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
PY_VALUES = st.one_of(
    st.integers(-3, 400),
    st.integers(),
    st.booleans(),
    st.floats(),
    st.none(),
    st.text(max_size=3),
    st.just(10**30),
    st.just([1]),
)


def _retyped(v: Any) -> list[Any]:
    """Values a careless writer (or an attacker) might put where ``v`` was."""
    if type(v) is bool:
        return [int(v), str(v).lower(), not v, None, [v]]
    if type(v) is int:
        return [str(v), float(v), v + 0.5, v == 1, None, [v], 2**64 + v, -v - 1, v + 1, v * 1000]
    if type(v) is float:
        return [int(v), str(v), None, True]
    if type(v) is str:
        return [1, None, v + "x", "", [v], v.upper(), True]
    if v is None:
        return [0, "", False, [], {}]
    if isinstance(v, list):
        return [{}, "", None, 0, [v]]
    return [[], "", None, 0, [v]]


_GONE = object()
OPS = ["retype", "retype", "retype", "replace", "delete", "add", "nudge", "dup", "swap", "drop"]


def mutate(data: st.DataObject, value: Any) -> tuple[Any, list[Any], str]:
    """``value`` with one generated change; the path to it and the operation."""
    path: list[Any] = []
    op = ""

    def go(v: Any, depth: int) -> Any:
        nonlocal op
        if isinstance(v, dict | list) and v and depth < 12 and data.draw(st.integers(0, 3)):
            key = (
                data.draw(st.sampled_from(list(v)))
                if isinstance(v, dict)
                else data.draw(st.integers(0, len(v) - 1))
            )
            path.append(key)
            child = go(v[key], depth + 1)
            out: Any = dict(v) if isinstance(v, dict) else list(v)
            if child is _GONE:
                del out[key]
            else:
                out[key] = child
            return out
        op = data.draw(st.sampled_from(OPS))
        if op == "retype":
            return data.draw(st.sampled_from(_retyped(v)))
        if op == "replace":
            return data.draw(JSON)
        if op == "delete":
            return _GONE if path else {}
        if op == "nudge" and type(v) is int:
            return v + data.draw(st.sampled_from([-1, 1, -1000, 1000, 2**31, 2**63]))
        if isinstance(v, dict):
            return {**v, data.draw(st.text(max_size=6)): data.draw(JSON)}
        if isinstance(v, list) and v:
            i = data.draw(st.integers(0, len(v) - 1))
            j = data.draw(st.integers(0, len(v) - 1))
            out = list(v)
            if op == "dup":
                out.insert(i, v[j])
            elif op == "swap":
                out[i], out[j] = out[j], out[i]
            elif op == "drop":
                del out[i]
            else:
                out.append(data.draw(JSON))
            return out
        return data.draw(st.sampled_from(_retyped(v)))

    return go(value, 0), path, op


def mutate_text(data: st.DataObject, text: str) -> bytes:
    """``text`` as UTF-8 with its bytes changed: cut, a slice dropped, bytes put in."""
    raw = text.encode("utf-8")
    i = data.draw(st.integers(0, len(raw)))
    j = data.draw(st.integers(i, min(len(raw), i + 40)))
    op = data.draw(st.sampled_from(["cut", "drop", "insert", "replace", "double"]))
    junk = data.draw(st.binary(min_size=1, max_size=6))
    if op == "cut":
        return raw[:i]
    if op == "drop":
        return raw[:i] + raw[j:]
    if op == "insert":
        return raw[:i] + junk + raw[i:]
    if op == "replace":
        return raw[:i] + junk + raw[i + len(junk) :]
    return raw[:j] + raw[i:]


def canon(value: Any) -> str:
    """JSON text that tells 1, 1.0 and true apart and ignores the order of keys."""
    return json.dumps(value, sort_keys=True)


_PARSING = ("JSON", "UTF-8", "digits", "nested", "max_bytes")
"""What an error about the text itself names (the limit, or where the JSON breaks)."""
_NAMES_A_PLACE = re.compile(
    r"step \d+|field|@ |state\.|format|version|options|seed|" + "|".join(_PARSING)
)


def named(msg: str, *tokens: Any) -> bool:
    """Whether an error message names one of ``tokens`` (the field, the step...)."""
    return any(str(t) in msg for t in tokens if t not in (None, ""))


def forge(cls: type, **values: Any) -> Any:
    """An instance with these field values, past the class's own checks."""
    obj = object.__new__(cls)
    for k, v in values.items():
        object.__setattr__(obj, k, v)
    return obj


@attrs.frozen
class Stray(Action):
    """An action of no game."""

    kind: ClassVar[str] = "stray"
    n: int


def action_like(data: st.DataObject, game: tabletop.Game, legal: list[Action]) -> Any:
    """An action-like value: a legal action, one of another type, an action with a
    field in or out of its range or of another type, or not an action at all."""
    space = game.action_space
    pick = data.draw(st.integers(0, 9))
    if pick == 0 and legal:
        return data.draw(st.sampled_from(legal))
    if pick == 1:
        return data.draw(st.one_of(PY_VALUES, st.just(Stray(1)), st.just(object())))
    cls = data.draw(st.sampled_from(space.classes))
    values: dict[str, Any] = {}
    for (name, t), (_, lo, n) in zip(space.field_types(cls), space.domains(cls)):
        good = st.booleans() if t is bool else st.integers(lo, lo + n - 1)
        values[name] = data.draw(st.one_of(good, good, PY_VALUES))
    return forge(cls, **values)


def _exactly_legal(game: tabletop.Game, action: Any, legal: list[Action]) -> bool:
    return game.action_space.exact(action) and any(
        type(a) is type(action) and a == action for a in legal
    )


# ================================================================ records
@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_replay_of_a_mutated_record(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["replay(record)", game.name] += 1
    base = data.draw(st.sampled_from(positions(game.name)))
    record, path, op = mutate(data, json.loads(json.dumps(base.record())))
    try:
        state = tabletop.replay(record)
    except RecordError as exc:
        msg = str(exc)
        assert len(msg) < 3000
        if not path:
            assert named(msg, *_PARSING, "format", "lacks field", "unknown field"), msg
        else:
            top = path[0]
            expect = {
                "format": ["format"],
                "game": ["game"],
                "pack_version": ["version"],
                "options": ["options", "step "],
                "seed": ["seed", "step "],
                "actions": ["actions", "step "],
            }.get(top, ["unknown field"])
            assert named(msg, *expect, "lacks field"), (path, op, msg)
    else:
        assert tabletop.dumps(tabletop.replay(state.record())) == tabletop.dumps(state)


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_replay_of_mutated_text(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["replay(text)", game.name] += 1
    base = data.draw(st.sampled_from(positions(game.name)))
    raw = mutate_text(data, json.dumps(base.record()))
    try:
        state = tabletop.replay(raw)
    except RecordError as exc:
        assert len(str(exc)) < 3000 and _NAMES_A_PLACE.search(str(exc)), str(exc)
    else:
        assert tabletop.dumps(tabletop.replay(state.record())) == tabletop.dumps(state)


# ================================================================ saved states
@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_loads_of_a_mutated_state(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["loads(state)", game.name] += 1
    base = data.draw(st.sampled_from(positions(game.name)))
    saved, path, op = mutate(data, json.loads(tabletop.dumps(base)))
    text = json.dumps(saved)
    try:
        state = tabletop.loads(text)
    except RecordError as exc:
        msg = str(exc)
        assert len(msg) < 3000
        tokens = [path[1] if len(path) > 1 else None, "step ", "state.", "field 'state'"]
        assert named(msg, *tokens, *_PARSING, "no record", "format", "game", "version", "field"), (
            path,
            op,
            msg,
        )
    else:  # only exactly a state its record rebuilds (up to the order of keys)
        assert canon(json.loads(tabletop.dumps(state))) == canon(saved), (path, op)
    CASES["loads(state, trusted=True)", game.name] += 1
    with contextlib.suppress(RecordError):
        tabletop.loads(text, trusted=True)


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_loads_of_mutated_text(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["loads(text)", game.name] += 1
    base = data.draw(st.sampled_from(positions(game.name)))
    text = tabletop.dumps(base)
    raw = mutate_text(data, text)
    try:
        state = tabletop.loads(raw)
    except RecordError as exc:
        assert len(str(exc)) < 3000 and _NAMES_A_PLACE.search(str(exc)), str(exc)
    else:
        assert canon(json.loads(tabletop.dumps(state))) == canon(json.loads(raw))


# ================================================================ options
def _option_samples(game: tabletop.Game) -> list[dict[str, Any]]:
    out = [game.unstructure_options(game.default_options())]
    if game.name == "station_assault":
        rows = [
            {"name": "Dart", "copies": 8, "speed": 1, "firepower": 2, "shields": 1, "victory": 2},
            {"name": "Base", "copies": 1, "speed": 6, "firepower": 2, "shields": 6, "victory": 10}
            | {"station": True},
        ]
        out.append({**out[0], "ships": rows, "mode": "free_for_all", "players": 3})
    return out


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_options(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["new_state(options)", game.name] += 1
    options, path, op = mutate(data, data.draw(st.sampled_from(_option_samples(game))))
    try:
        state = game.new_state(seed=1, options=options)
    except OptionsError as exc:
        msg = str(exc)
        assert len(msg) < 3000
        if path and isinstance(path[0], str) and isinstance(options, dict) and path[0] in options:
            assert named(msg, path[0]), (path, op, msg)
    else:
        assert tabletop.dumps(tabletop.replay(state.record())) == tabletop.dumps(state)
    CASES["replay(options)", game.name] += 1
    record = game.new_state(seed=1).record()
    try:
        tabletop.replay({**record, "options": options})
    except RecordError as exc:
        assert named(str(exc), "field 'options'"), str(exc)


# ================================================================ actions
def _case(game: tabletop.Game, data: st.DataObject) -> State:
    return data.draw(st.sampled_from(positions(game.name))).clone()


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_apply(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["apply", game.name] += 1
    state = _case(game, data)
    before = tabletop.dumps(state)
    legal = state.legal_actions()
    action = action_like(data, game, legal)
    check = data.draw(st.booleans()) or not _exactly_legal(game, action, legal)
    try:
        events = state.apply(action, check=check)
    except IllegalActionError as exc:
        assert str(exc) and tabletop.dumps(state) == before
    else:
        assert _exactly_legal(game, action, legal) and isinstance(events, list)
        assert tabletop.dumps(tabletop.replay(state.record())) == tabletop.dumps(state)


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_apply_id(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["apply_id", game.name] += 1
    state = _case(game, data)
    before = tabletop.dumps(state)
    ids = state.legal_ids()
    size = game.num_distinct_actions
    value = data.draw(
        st.one_of(
            st.sampled_from(ids),
            st.integers(-5, size + 5),
            st.integers(),
            PY_VALUES,
            st.sampled_from([float(ids[0]), ids[0] == 1, str(ids[0])]),
        )
    )
    try:
        state.apply_id(value)
    except IllegalActionError as exc:
        assert str(exc) and tabletop.dumps(state) == before
    else:
        assert type(value) is int and value in ids


# ================================================================ questions to a state
PLAYERS = st.one_of(
    st.none(), st.integers(-3, 8), st.integers(), st.booleans(), st.floats(), st.text(max_size=2)
)


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_describe(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["describe", game.name] += 1
    state = _case(game, data)
    before = tabletop.dumps(state)
    action = action_like(data, game, state.legal_actions())
    try:
        text = state.describe(action)
    except TypeError as exc:
        assert not isinstance(action, Action) and "Action" in str(exc)
    except IllegalActionError as exc:
        assert not game.action_space.exact(action) or game.action_space.check(action), exc
    else:
        assert isinstance(text, str) and text and game.action_space.exact(action)
    assert tabletop.dumps(state) == before


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_view_render_player_name(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["view/render/player_name", game.name] += 1
    state = _case(game, data)
    before = tabletop.dumps(state)
    player = data.draw(PLAYERS)
    for ask in (state.view, state.render, state.player_name):
        try:
            out = ask(player)
        except TypeError as exc:
            assert type(player) is not int and "int" in str(exc)
        except TTError as exc:
            assert type(player) is int and "no player" in str(exc)
        else:
            assert player is None or (type(player) is int and 0 <= player < state.num_players)
            json.dumps(out)
    assert tabletop.dumps(state) == before


RNGS = st.one_of(
    st.builds(Rng, st.integers(0, 2**64 - 1)), st.none(), st.integers(), st.text(max_size=2)
)


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_resample(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["resample", game.name] += 1
    state = _case(game, data)
    before = tabletop.dumps(state)
    player, rng = data.draw(PLAYERS), data.draw(RNGS)
    try:
        r = state.resample(player, rng)
    except TypeError as exc:
        assert "int" in str(exc) or "Rng" in str(exc)
    except TTError as exc:
        assert "no player" in str(exc)
    else:
        assert r.view(player) == state.view(player)
    assert tabletop.dumps(state) == before


# ================================================================ the action codec
@pytest.mark.parametrize("game", GAMES, ids=NAMES)
@fuzz()
@given(data=st.data())
def test_fuzz_parse_encode_decode(game: tabletop.Game, data: st.DataObject) -> None:
    CASES["parse/encode/decode", game.name] += 1
    kinds = [c.kind for c in game.action_space.classes]
    token = st.one_of(st.integers(-3, 400).map(str), st.text(max_size=4), st.sampled_from(kinds))
    text = data.draw(
        st.one_of(
            st.text(max_size=30),
            st.lists(token, min_size=1, max_size=4).map(" ".join),
            st.tuples(st.sampled_from(kinds), st.lists(token, max_size=3)).map(
                lambda t: " ".join([t[0], *t[1]])
            ),
        )
    )
    try:
        action = game.parse(text)
    except ValueError as exc:
        assert str(exc)
    else:
        assert game.action_space.exact(action) and game.decode(game.encode(action)) == action
    value = data.draw(st.one_of(st.integers(-3, game.num_distinct_actions + 3), PY_VALUES))
    try:
        decoded = game.decode(value)
    except TypeError:
        assert type(value) is not int
    except ValueError:
        assert type(value) is int
    else:
        assert game.encode(decoded) == value and game.action_space.exact(decoded)
    thing = action_like(data, game, [])
    try:
        code = game.encode(thing)
    except ValueError as exc:
        assert game.action_space.check(thing), exc
    else:
        assert game.decode(code) == thing and game.action_space.exact(thing)


# ================================================================ the command line
_TMP = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))


def _cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = cli(argv, out=io.StringIO(), inp=io.StringIO())
    return code, err.getvalue()


@fuzz(factor=_FACTOR * 2)
@given(data=st.data())
def test_fuzz_cli_replay_of_a_mutated_file(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    CASES["tabletop replay FILE", game.name] += 1
    base = data.draw(st.sampled_from(positions(game.name)))
    if data.draw(st.booleans()):
        raw = mutate_text(data, json.dumps(base.record()))
    else:
        record, _, _ = mutate(data, json.loads(json.dumps(base.record())))
        raw = json.dumps(record).encode("utf-8")
    path = _TMP / "record.json"
    path.write_bytes(raw)
    code, err = _cli(["replay", str(path)])
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("tabletop: ") and err.count("\n") == 1, err
