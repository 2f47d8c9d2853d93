"""Records (seed + options + actions: the PGN of this library) and whole-state JSON.

A record is ``{"format", "game", "pack_version", "options", "seed",
"actions"}``. Replaying it reproduces the game bit for bit. ``dumps`` /
``loads`` save the whole state as JSON text and read it back.

Both readers take data from strangers (see the *Security model* page): the
text is parsed within :class:`~tabletop.limits.Limits`, the ``game`` names a
registered pack and nothing else, options and actions are structured without
coercion, every action is checked before it is played, and anything wrong is
a :class:`~tabletop.RecordError` naming the field or the step. ``loads``
trusts nothing in a saved state: it rebuilds the state from the state's own
record (its seed, options and history) and compares, so a state that could
never arise is refused. ``loads(text, trusted=True)`` reads the fields
directly instead (faster, and it accepts a position built by hand), for a
program's own files only.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cattrs.errors import BaseValidationError

from .codec import (
    Mismatch,
    decode,
    encode,
    layout_of_text,
    remember_layout_text,
    split_history,
    split_history_and_log,
    split_layout,
    split_log,
)
from .errors import (
    IllegalActionError,
    OptionsError,
    PositionError,
    RecordError,
    TabletopError,
    UnknownGameError,
)
from .game import Game
from .limits import (
    DEFAULT_LIMITS,
    INT_MAX,
    INT_MIN,
    Limits,
    clip,
    json_text,
    parse_json,
    report,
    short,
)
from .model import Action, Event
from .registry import registered_pack
from .state import State, defer_log
from .strict import kind_of, structure_report

__all__ = ["RECORD_FORMAT", "STATE_FORMAT", "dumps", "loads", "make_record", "replay"]

RECORD_FORMAT = "tabletop.record/1"
"""The ``format`` field of a record (``state.record()``): seed, options and actions
of a game, replayed by ``tabletop.replay``. A record of another format is refused."""
STATE_FORMAT = "tabletop.state/2"
"""The ``format`` field of a saved state (``tabletop.dumps``): the whole state as JSON,
read back by ``tabletop.loads``. A saved state of format 1 (which kept each zone's ids,
owner, visibility, pool and what players were shown together) is read too; one of any
other format is refused."""
STATE_FORMAT_1 = "tabletop.state/1"
_ZONE_1_FIELDS = frozenset(("name", "owner", "vis", "cards", "known", "pool"))
_RECORD_FIELDS = ("format", "game", "pack_version", "options", "seed", "actions")
_STATE_FIELDS = ("format", "game", "pack_version", "state")


def make_record(state: State) -> dict[str, Any]:
    if state.no_record:
        raise TabletopError(state.no_record)
    game = state.game
    conv = game.converter
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "pack_version": game.version,
        "options": game.unstructure_options(state.options),
        "seed": state.seed,
        "actions": [conv.unstructure(a) for a in state.history],
        **({} if state.start is None else {"position": state.start}),
    }


def _fields(data: Mapping[Any, Any], what: str, fmt: str, required: tuple[str, ...]) -> None:
    """The format tag is right, no field is missing, none is unknown."""
    got = data.get("format")
    if type(got) is not str or got != fmt:
        raise RecordError(f"not a {what}: format is {short(got, 40)}, expected {fmt!r}")
    missing = [k for k in required if k not in data]
    if missing:
        raise RecordError(f"{what} lacks field(s): {', '.join(missing)}")
    allowed = {"format", *required, "meta", *(("position",) if fmt == RECORD_FORMAT else ())}
    extra = [k for k in data if type(k) is not str or k not in allowed]
    if extra:
        names = sorted(short(k, 40) for k in extra[:20])
        more = f" and {len(extra) - 20} more" if len(extra) > 20 else ""
        raise RecordError(f"{what} has unknown field(s): {', '.join(names)}{more}")


def _game_of(data: Mapping[str, Any], what: str, *, upgrades: bool = False) -> Game:
    """The registered pack a record or saved state names, if it reads its version
    (a record's also when the pack upgrades its actions, ``Game.record_upgrades``)."""
    try:
        game: Game = registered_pack(data.get("game"))
    except UnknownGameError as exc:
        raise RecordError(f"{what} field 'game': {exc}") from None
    version = data.get("pack_version")
    reads = [*game.record_compat, *(game.record_upgrades if upgrades else ())]
    if type(version) is not str or version not in reads:
        older = (
            "; a saved state of an older version cannot be read: replay its record"
            if not upgrades and type(version) is str and version in game.record_upgrades
            else ""
        )
        raise RecordError(
            f"{what}: made with {game.name} version {short(version, 40)}; this installation "
            f"has {game.version!r} and reads {', '.join(map(repr, reads))}{older}"
        )
    return game


def _seed(value: Any, what: str) -> int:
    if type(value) is not int or not INT_MIN <= value <= INT_MAX:
        raise RecordError(f"{what} field 'seed' must be an integer (64 bits), not {kind_of(value)}")
    return value


def _play(
    game: Game,
    seed: int,
    options: Any,
    actions: Any,
    *,
    what: str,
    field: str,
    limits: Limits,
    upto: int | None = None,
    position: Any = None,
    upgrade: Callable[[Any], Any] | None = None,
) -> State:
    """The state a seed, options and actions (all data) lead to, every step checked;
    from ``position`` (a position document) instead of a new deal when it is given;
    each action first turned into this version's by ``upgrade``, for an older record."""
    if position is not None:
        state = _from_position(game, seed, options, position, what)
    else:
        try:
            state = game.new_state(seed=seed, options=game.options_from_data(options))
        except OptionsError as exc:
            raise RecordError(f"{what} field 'options': {exc}") from None
    if type(actions) is not list:
        raise RecordError(f"{what} field '{field}' must be a list, not {kind_of(actions)}")
    if len(actions) > limits.max_actions:
        raise RecordError(
            f"{what} field '{field}' has {len(actions)} actions; the limit is "
            f"{limits.max_actions} (max_actions)"
        )
    structure = game.converter.structure
    for k, raw in enumerate(actions[:upto] if upto is not None else actions, start=1):
        if upgrade is not None:
            raw = upgrade(raw)
        try:
            action = structure(raw, Action)
        except BaseValidationError as exc:
            msg = structure_report(exc, f"{field}[{k - 1}]", limits.max_problems)
            raise RecordError(f"{what} step {k}: malformed action {short(raw)}: {msg}") from None
        except (ValueError, TypeError, KeyError) as exc:
            raise RecordError(
                f"{what} step {k}: malformed action {short(raw)}: {clip(str(exc))}"
            ) from None
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{what} step {k}: {exc}") from None
    return state


def _from_position(game: Game, seed: Any, options: Any, position: Any, what: str) -> State:
    """The state a record's ``position`` sets up; its seed and options must be the
    record's own."""
    if not isinstance(position, Mapping):
        raise RecordError(f"{what} field 'position' must be an object, not {kind_of(position)}")
    try:
        state = game.position(position)
    except PositionError as exc:
        raise RecordError(f"{what} field 'position': {exc}") from None
    if state.seed != seed or game.unstructure_options(state.options) != options:
        raise RecordError(f"{what}: its 'seed' and 'options' are not those of its 'position'")
    return state


def replay(
    record: Mapping[str, Any] | str | bytes,
    *,
    upto: int | None = None,
    limits: Limits | None = None,
) -> State:
    """The state a record describes (after ``upto`` actions, default all).

    ``record`` is a dict, or its JSON text (a str, or UTF-8 bytes). Raises
    :class:`RecordError` for bad or foreign JSON, a wrong version, an unknown
    pack, bad options, or a step that is malformed or not legal at that point
    (naming the step, counted from 1); text or a record beyond ``limits``
    (default :data:`~tabletop.limits.DEFAULT_LIMITS`) is refused before the
    work it would cost is done.
    """
    lim = limits or DEFAULT_LIMITS
    if upto is not None and (type(upto) is not int or upto < 0):
        raise TypeError(f"upto must be a non-negative int or None, not {short(upto, 40)}")
    if isinstance(record, str | bytes | bytearray):
        record = parse_json(record, "record", lim)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    _fields(record, "tabletop record", RECORD_FORMAT, _RECORD_FIELDS[1:])
    game = _game_of(record, "record", upgrades=True)
    seed = _seed(record["seed"], "record")
    return _play(
        game,
        seed,
        record["options"],
        record["actions"],
        what="record",
        field="actions",
        limits=lim,
        upto=upto,
        position=record.get("position"),
        upgrade=game.record_upgrades.get(record["pack_version"]),
    )


def dumps(state: State) -> str:
    """The whole state as JSON text (RNG included; for saving, not for players).

    Compact JSON, non-ASCII characters as they are (the text is the converter's
    data, made by the pack's compiled codec, :mod:`tabletop.codec`).
    """
    game = state.game
    body = {
        "format": STATE_FORMAT,
        "game": game.name,
        "pack_version": game.version,
        "state": game.codec.unstructure_text(state),
    }
    try:
        return encode(body)
    except TypeError:  # orjson refused a value (json writes it), and json no Fragment
        body["state"] = game.codec.unstructure(state)
        return encode(body)


def loads(text: str | bytes, *, trusted: bool = False, limits: Limits | None = None) -> State:
    """A state from :func:`dumps` text; :class:`RecordError` if it is not one.

    By default nothing in the text is trusted: the state is rebuilt from its
    own record (its seed, options and history, every action checked) and the
    result must be exactly the saved state, field for field, or the text is
    refused naming the first fields that differ. So a state that could never
    arise (a history that does not lead to it, a player count or an index out
    of range) is a :class:`RecordError` here, never a crash later, and a
    state with no record (a position built by hand, a determinisation) is
    refused. Loading costs about as much as replaying the game.

    ``trusted=True`` is for text a program wrote itself: the fields are read
    directly, which is much faster and accepts a state without a record. It
    still refuses, with a :class:`RecordError`, text that is not a saved
    state of an installed pack: every object must have its fields and every
    value its declared type (an int of 64 bits, a known action kind), within
    the ``max_bytes`` and ``max_actions`` of ``limits`` (the shape of a state
    bounds its nesting and its numbers). It does not check that the state
    could arise in play. Never pass it for text from elsewhere.

    With ``trusted=True``, the log of compact text (as :func:`dumps` writes
    it) is read when the state's ``log`` is first used (``apply``, a view
    with the log, ``dumps``, ``clone``), with the same checks; a log that
    does not read raises there the :class:`RecordError` this call would
    have raised. Actions are shared between loads (they are frozen).
    """
    lim = limits or DEFAULT_LIMITS
    fast = False
    if trusted:
        raw = json_text(text, "saved state", lim)
        lazy = _loads_lazy(raw, lim)
        if lazy is not None:
            return lazy
        data, fast = _parse_trusted(raw, lim)
    else:
        data = parse_json(text, "saved state", lim)
    if not isinstance(data, Mapping):
        raise RecordError(
            f"not a tabletop saved state (a JSON object with format {STATE_FORMAT!r}); "
            f"got {type(data).__name__}"
        )
    if data.get("format") == STATE_FORMAT_1:
        data = _from_format_1(data)
    _fields(data, "tabletop saved state", STATE_FORMAT, _STATE_FIELDS[1:])
    game = _game_of(data, "saved state")
    body = data["state"]
    if not isinstance(body, Mapping):
        raise RecordError(f"saved state field 'state' must be an object, not {kind_of(body)}")
    if trusted:
        if fast:
            try:
                state = game.codec.structure(body)  # type: ignore[arg-type]
            except Mismatch:  # the converter reads it, or names what is wrong
                pass
            else:
                return _counted(game, state, lim)
        return _structured(game, body, lim)
    reason = body.get("no_record", "")
    if reason != "":
        raise RecordError(
            f"saved state has no record ({clip(reason, 120) if type(reason) is str else '?'}), "
            "so loads() cannot rebuild it to check it; a program that wrote this text "
            "itself may pass trusted=True"
        )
    missing = [k for k in ("seed", "options", "history") if k not in body]
    if missing:
        raise RecordError(f"saved state field 'state' lacks field(s): {', '.join(missing)}")
    state = _play(
        game,
        _seed(body["seed"], "saved state"),
        body["options"],
        body["history"],
        what="saved state",
        field="state.history",
        limits=lim,
        position=body.get("start"),
    )
    mine = json.dumps(game.converter.unstructure(state), separators=(",", ":"))
    if mine != json.dumps(body, separators=(",", ":")):
        diffs = report(_differences(json.loads(mine), body, "state"), lim.max_problems)
        if diffs:  # else only the order of keys differs
            raise RecordError(f"saved state is not the state its own record rebuilds: {diffs}")
    return state


def _from_format_1(data: Mapping[str, Any]) -> dict[str, Any]:
    """A saved state of format 1 as format 2 holds it: each zone's ids under
    ``zones``, its fixed facts under ``layout``, what players were shown under
    ``known`` (zones nobody was shown anything in left out). The rest is checked as
    usual afterwards; a zone that is not an object of exactly the six fields of
    format 1 is a :class:`RecordError` naming it."""
    body = data.get("state")
    if not isinstance(body, Mapping) or not isinstance(body.get("zones"), Mapping):
        return {**data, "format": STATE_FORMAT}  # the usual checks say what is wrong
    if "layout" in body or "known" in body:
        raise RecordError("saved state (format 1) has fields of format 2: 'layout' or 'known'")
    zones: dict[str, Any] = {}
    layout: dict[str, Any] = {}
    known: dict[str, Any] = {}
    for name, z in body["zones"].items():
        if not isinstance(z, Mapping) or set(z) != _ZONE_1_FIELDS:
            got = sorted(short(k, 20) for k in z) if isinstance(z, Mapping) else kind_of(z)
            raise RecordError(
                f"saved state (format 1) zone {short(name, 40)} must be an object with the "
                f"fields {', '.join(sorted(_ZONE_1_FIELDS))}; got {clip(str(got), 120)}"
            )
        zones[name] = z["cards"]
        layout[name] = {"name": z["name"], "owner": z["owner"], "vis": z["vis"], "pool": z["pool"]}
        shown = z["known"]
        if not isinstance(shown, Mapping):
            raise RecordError(
                f"saved state (format 1) zone {short(name, 40)}: 'known' must be an object, "
                f"not {kind_of(shown)}"
            )
        if shown:
            known[name] = shown
    rest = {k: v for k, v in body.items() if k != "zones"}
    return {
        **data,
        "format": STATE_FORMAT,
        "state": {**rest, "zones": zones, "layout": layout, "known": known},
    }


def _structured(game: Game, body: Mapping[str, Any], limits: Limits) -> State:
    """The state read field by field (``loads(trusted=True)``)."""
    try:
        state: State = game.converter.structure(body, game.state_cls)
    except BaseValidationError as exc:
        msg = structure_report(exc, "state", limits.max_problems)
        raise RecordError(f"saved state is malformed: {msg}") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"saved state is malformed: {clip(str(exc))}") from None
    return _counted(game, state, limits)


def _loads_lazy(raw: str, limits: Limits) -> State | None:
    """The trusted state of ``raw`` with its log left to be read when first used
    (:func:`tabletop.state.defer_log`), or None if ``raw`` cannot be read so.

    The log is cut out of the text (:func:`tabletop.codec.split_history_and_log`,
    or :func:`tabletop.codec.split_log`), and the history
    (:func:`tabletop.codec.split_history`), which is read one action's text
    at a time (:meth:`~tabletop.codec.StateCodec.structure_history`: the same text is
    the same action, checked once); the rest is read as usual, by the pack's
    compiled codec; text the codec does not
    take as it is (or where no log can be cut) is read whole, by the caller.
    The log is read, and checked exactly as a whole load would check it, when
    the state's ``log`` is first used; a log that does not read raises the
    :class:`RecordError` a whole load raises, then.
    """
    # The history too is cut out, and read by its actions' texts, which repeat (a
    # pack whose codec cannot has its head read again, history and all). Both in one
    # pass where the log follows the history, as dumps writes them.
    both = split_history_and_log(raw)
    history: str | None
    if both is not None:
        head, history, log_text = both
    else:
        cut = split_log(raw)
        if cut is None:
            return None
        head, history = split_history(cut[0]) or (cut[0], None)
        log_text = cut[1]
    # The layout too, when it is the text of one already read: every state of a game
    # has the same layout, so loads after the first read it no more.
    layout_cut = split_layout(head)
    shared = new_layout = None
    if layout_cut is not None:
        shared = layout_of_text(layout_cut[1])
        if shared is not None:
            head = layout_cut[0]
        else:
            new_layout = layout_cut[1]
    try:
        data = decode(head)
    except (ValueError, RecursionError):
        return None
    if type(data) is not dict or type(data.get("state")) is not dict:
        return None
    try:
        _fields(data, "tabletop saved state", STATE_FORMAT, _STATE_FIELDS[1:])
        game = _game_of(data, "saved state")
    except RecordError:
        return None  # the whole text says what is wrong
    codec = game.codec
    if not codec.lazy_log or (shared is not None and shared[0] is not codec):
        return None
    if history is not None and not codec.lazy_history:
        cut = split_log(raw)
        return None if cut is None else _loads_lazy_whole_head(game, raw, cut, limits)
    try:
        raw_layout = data["state"].get("layout")
        state = codec.structure(data["state"], shared[1] if shared is not None else None)
        if new_layout is not None:
            remember_layout_text(new_layout, codec, raw_layout, state.layout)
        if history is not None:
            if history.count("},{") >= limits.max_actions:
                return None  # too long: the whole load says so
            state.history = codec.structure_history(history)
    except Mismatch:
        return None
    return _deferred(game, state, raw, log_text, limits)


def _loads_lazy_whole_head(
    game: Game, raw: str, cut: tuple[str, str], limits: Limits
) -> State | None:
    """:func:`_loads_lazy` for a pack whose histories are not read by action: the text
    without its log read whole."""
    try:
        data = decode(cut[0])
        state = game.codec.structure(data["state"])
    except (ValueError, RecursionError, TypeError, Mismatch):
        return None
    return _deferred(game, state, raw, cut[1], limits)


def _deferred(game: Game, state: State, raw: str, log_text: str, limits: Limits) -> State:
    """``state`` counted (:func:`_counted`), its log left to read from ``log_text``."""
    state = _counted(game, state, limits)
    defer_log(state, functools.partial(_read_log, game, raw, log_text, limits))
    return state


def _read_log(game: Game, raw: str, log_text: str, limits: Limits) -> list[Event]:
    """The log of a lazily loaded state (:func:`_loads_lazy`): its text read by the
    compiled codec, or, if that does not take it, the whole saved state read again
    (so the log is the one, or the error the one, that a whole load gives)."""
    try:
        return game.codec.structure_log(decode(log_text))
    except (ValueError, RecursionError, Mismatch):
        pass
    data, fast = _parse_trusted(raw, limits)
    if fast:
        try:
            log: list[Event] = game.codec.structure(data["state"]).log
            return log
        except Mismatch:
            pass
    return _structured(game, data["state"], limits).log


def _parse_trusted(text: str | bytes, limits: Limits) -> tuple[Any, bool]:
    """The JSON of a trusted saved state, and whether the codec may structure it.

    It is parsed fast (:func:`tabletop.codec.decode`, orjson when installed);
    only text that parser refuses goes through :func:`parse_json`, for its
    message, and what that one reads after all (a byte-order mark, a lone
    surrogate) is left to the converter.
    """
    raw = json_text(text, "saved state", limits)
    try:
        return decode(raw), True
    except (ValueError, RecursionError):
        return parse_json(raw, "saved state", limits), False


def _counted(game: Game, state: State, limits: Limits) -> State:
    """``state``, if its history is within ``limits`` and its options make its players."""
    if len(state.history) > limits.max_actions:
        raise RecordError(
            f"saved state has {len(state.history)} actions; the limit is {limits.max_actions}"
        )
    try:
        players = game.num_players(state.options)
    except Exception:  # a pack's own check of the options
        players = None
    if state.num_players != players:
        raise RecordError(
            f"saved state field 'state.num_players' is {short(state.num_players, 30)}; "
            f"its options make {players} players"
        )
    return state


def _differences(mine: Any, saved: Any, path: str) -> Iterator[str]:
    """Where two JSON values differ (the order of object keys aside), lazily."""
    if isinstance(mine, dict) and isinstance(saved, dict):
        for k in mine:
            if k not in saved:
                yield f"{path}.{k} is missing"
        for k in saved:
            if k not in mine:
                yield f"{path}.{short(k, 40)} is not a field"
            else:
                yield from _differences(mine[k], saved[k], f"{path}.{k}")
    elif isinstance(mine, list) and isinstance(saved, list):
        if len(mine) != len(saved):
            yield f"{path} has {len(saved)} items; the record rebuilds {len(mine)}"
        for i, (a, b) in enumerate(zip(mine, saved)):
            yield from _differences(a, b, f"{path}[{i}]")
    elif type(mine) is not type(saved) or mine != saved:
        yield f"{path} is {short(saved, 40)}; the record rebuilds {short(mine, 40)}"
