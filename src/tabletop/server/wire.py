"""What goes over the wire: request bodies read strictly, errors as one JSON shape.

Every request body is read within a size limit, parsed by
:func:`tabletop.limits.parse_json` and structured by the library's strict
converter into one of the attrs classes below: an unknown field, a missing
one or a value of the wrong type is refused naming the field, and nothing
is coerced (``"1"`` is not ``1``). Errors are :class:`ApiError`, sent as
``{"error": code, "message": text}`` with an HTTP status.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from cattrs.errors import BaseValidationError

from ..errors import RecordError
from ..limits import Limits, clip, parse_json
from ..strict import make_converter, structure_report

__all__ = [
    "ActRequest",
    "AdminEndRequest",
    "ApiError",
    "CreateRequest",
    "EndRequest",
    "GrantRequest",
    "RematchRequest",
    "ResignRequest",
    "RevokeRequest",
    "TimerRequest",
    "read_body",
]


class ApiError(Exception):
    """An error answered to a client: an HTTP status, a machine code, a message."""

    def __init__(
        self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = clip(message, 1000)
        self.headers = headers
        """Headers of the answer (``Retry-After`` with a 429)."""

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}


@attrs.frozen
class TimerRequest:
    """``"timer"`` of ``POST /games``: a turn timer for the human seats.

    ``kind`` ``move``: ``seconds`` for each decision; ``clock``: ``seconds`` for all
    of a seat's decisions (a chess clock), plus ``increment`` after each. When a
    seat's time runs out, ``on_timeout`` plays for it: ``pass`` (an action of kind
    ``pass`` if one is legal, else the ``bot``) or ``bot``; after ``replace_after``
    time-outs in a row (0: never) the ``bot`` takes the seat over.
    """

    kind: str = attrs.field(metadata={"max_length": 10})
    seconds: int
    increment: int = 0
    on_timeout: str = attrs.field(default="pass", metadata={"max_length": 10})
    bot: str = attrs.field(default="random", metadata={"max_length": 64})
    replace_after: int = 3


@attrs.frozen
class CreateRequest:
    """``POST /games``: a new game."""

    pack: str = attrs.field(metadata={"max_length": 100})
    seats: list[str] = attrs.field(metadata={"max_items": 16})
    options: dict[str, Any] = attrs.field(factory=dict, metadata={"max_items": 100})
    seed: int | None = None
    timer: TimerRequest | None = None
    position: Any = None
    """A position document to start from (:mod:`tabletop.positions`): an object, or
    its JSON or TOML text; checked by the service, which says what is wrong in it."""


@attrs.frozen
class ActRequest:
    """``POST /games/{id}/actions``: a seat's action, by id, and how far the client has seen."""

    action_id: int
    seen: int


@attrs.frozen
class ResignRequest:
    """``POST /games/{id}/resign``: no fields (an empty object or no body)."""


@attrs.frozen
class EndRequest:
    """``POST /games/{id}/end`` (the owner ends the game): no fields."""


@attrs.frozen
class RematchRequest:
    """``POST /games/{id}/rematch``: no fields (an empty object or no body)."""


@attrs.frozen
class GrantRequest:
    """``POST /games/{id}/grants``: no fields (an empty object or no body)."""


@attrs.frozen
class RevokeRequest:
    """``DELETE /games/{id}/grants/{grant}`` (or ``POST .../revoke``): no fields."""


@attrs.frozen
class AdminEndRequest:
    """``POST /admin/end``: the games to end, by id, or every game in play of a client."""

    games: list[str] = attrs.field(factory=list, metadata={"max_items": 1000})
    client: str | None = attrs.field(default=None, metadata={"max_length": 64})


_CONVERTER = make_converter()


def read_body(data: bytes, cls: type[Any], max_bytes: int, *, empty_ok: bool = False) -> Any:
    """A request body as an instance of ``cls``, or :class:`ApiError` saying what is wrong."""
    if len(data) > max_bytes:
        raise ApiError(
            413, "too_large", f"the request body is {len(data)} bytes; the limit is {max_bytes}"
        )
    if not data.strip() and empty_ok:
        return cls()
    try:
        value = parse_json(data, "the request body", Limits(max_bytes=max_bytes, max_depth=16))
    except RecordError as exc:
        raise ApiError(400, "bad_json", str(exc)) from None
    if not isinstance(value, Mapping):
        raise ApiError(
            422, "bad_request", f"the request body must be a JSON object, not {_json_kind(value)}"
        )
    try:
        return _CONVERTER.structure(value, cls)
    except BaseValidationError as exc:
        raise ApiError(422, "bad_request", structure_report(exc, "body")) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise ApiError(422, "bad_request", f"{clip(str(exc), 300)} @ body") from None


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    return {
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }.get(type(value), type(value).__name__)
