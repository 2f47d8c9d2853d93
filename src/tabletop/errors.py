"""The library's errors: every one is a :class:`TabletopError`.

Each message says what was wrong and what to do about it. An error raised by
``State.apply`` or by loading a record never leaves a half-changed state.
"""

from __future__ import annotations

__all__ = [
    "CardDataError",
    "IllegalActionError",
    "OptionsError",
    "PositionError",
    "RecordError",
    "TabletopError",
    "UnknownGameError",
]


class TabletopError(Exception):
    """Base class of every error the library raises on purpose."""


class IllegalActionError(TabletopError, ValueError):
    """An action that is well formed but not allowed now.

    Attributes name the ``action``, the ``player`` who was to decide and the
    ``reason``. The state is exactly as it was before the call.
    """

    def __init__(self, action: object, player: int | None, reason: str) -> None:
        from .limits import clip, short

        self.action = action
        self.player = player
        self.reason = reason
        who = "nobody (the game is over)" if player is None else f"player {player}"
        super().__init__(f"illegal action {short(action, 100)} for {who}: {clip(reason, 600)}")


class UnknownGameError(TabletopError, LookupError):
    """No installed pack has that name (the message suggests close names)."""


class OptionsError(TabletopError, ValueError):
    """Game options that do not fit the pack's options class; names the field."""


class RecordError(TabletopError, ValueError):
    """A record or saved state that is malformed, foreign, of another version,
    or whose step ``k`` is not legal; the message names the step or field."""


class CardDataError(TabletopError, ValueError):
    """Card data (a table or a user's file) with a missing or bad field."""


class PositionError(TabletopError, ValueError):
    """A position document (:mod:`tabletop.positions`) with a bad, unknown or
    inconsistent fact; the message names the fact by its path and what to write."""
