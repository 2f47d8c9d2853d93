"""Records (seed + options + actions: the PGN of this library) and whole-state JSON.

A record is ``{"format", "game", "pack_version", "options", "seed",
"actions"}``. Replaying it reproduces the game bit for bit. ``dumps`` /
``loads`` save the whole state as JSON text and read it back, for resuming a
game without replaying it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import IllegalActionError, OptionsError, RecordError, TabletopError, UnknownGameError
from .game import Game
from .state import State

__all__ = ["RECORD_FORMAT", "STATE_FORMAT", "dumps", "loads", "make_record", "replay"]

RECORD_FORMAT = "tabletop.record/1"
STATE_FORMAT = "tabletop.state/1"


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
    }


def _game_of(data: Mapping[str, Any], what: str) -> Game:
    from .registry import load

    name = data.get("game")
    if not isinstance(name, str):
        raise RecordError(f"{what}: field 'game' must be a pack name (a string)")
    try:
        game: Game = load(name)
    except UnknownGameError as exc:
        raise RecordError(f"{what}: {exc}") from None
    version = data.get("pack_version")
    if version not in game.record_compat:
        raise RecordError(
            f"{what}: made with {name} version {version!r}; this installation has "
            f"{game.version!r} and reads {', '.join(map(repr, game.record_compat))}"
        )
    return game


def replay(record: Mapping[str, Any] | str, *, upto: int | None = None) -> State:
    """The state a record describes (after ``upto`` actions, default all).

    Raises :class:`RecordError` for bad or foreign JSON, a wrong version, bad
    options, or a step that is malformed or not legal at that point (naming
    the step, counted from 1).
    """
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"not a tabletop record: format is {fmt!r}, expected {RECORD_FORMAT!r}")
    missing = [k for k in ("game", "pack_version", "options", "seed", "actions") if k not in record]
    if missing:
        raise RecordError(f"record lacks field(s): {', '.join(missing)}")
    extra = set(record) - {"format", "game", "pack_version", "options", "seed", "actions", "meta"}
    if extra:
        raise RecordError(f"record has unknown field(s): {', '.join(sorted(extra))}")
    game = _game_of(record, "record")
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"record field 'seed' must be an integer, not {seed!r}")
    try:
        state = game.new_state(seed=seed, options=record["options"])
    except OptionsError as exc:
        raise RecordError(f"record field 'options': {exc}") from None
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("record field 'actions' must be a list")
    conv = game.converter
    from .model import Action

    for k, raw in enumerate(actions[:upto] if upto is not None else actions, start=1):
        try:
            action = conv.structure(raw, Action)
        except Exception as exc:  # cattrs raises several kinds
            raise RecordError(f"step {k}: malformed action {raw!r}: {exc}") from None
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"step {k}: {exc}") from None
    return state


def dumps(state: State) -> str:
    """The whole state as JSON text (RNG included; for saving, not for players)."""
    game = state.game
    body = {
        "format": STATE_FORMAT,
        "game": game.name,
        "pack_version": game.version,
        "state": game.converter.unstructure(state),
    }
    return json.dumps(body, separators=(",", ":"))


def loads(text: str) -> State:
    """A state from :func:`dumps` text; :class:`RecordError` if it is not one."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise RecordError(f"saved state is not valid JSON: {exc}") from None
    if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
        raise RecordError(f"not a tabletop saved state (expected format {STATE_FORMAT!r})")
    game = _game_of(data, "saved state")
    try:
        state: State = game.converter.structure(data.get("state"), game.state_cls)
    except Exception as exc:
        from cattrs.errors import ClassValidationError
        from cattrs.v import transform_error

        if isinstance(exc, ClassValidationError):
            msg = "; ".join(transform_error(exc, path="state"))
        else:
            msg = str(exc)
        raise RecordError(f"saved state is malformed: {msg}") from None
    return state
