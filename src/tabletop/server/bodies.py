"""The JSON a seat or a spectator gets: built here, and only here, from public entry points.

Everything a client reads about a game goes through :func:`seat_body` (a
seat's or a spectator's picture of the game) or :func:`batches` (the events
since a step, as that seat may see them). Both use only ``state.view(seat,
log=False)`` and ``state.log_view(seat, ...)``, which filter what the seat
may not see, plus public facts (step, seat kinds, the result), so no
response carries the whole state, the seed, the RNG or another seat's
secrets.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..game import Game
from ..state import State

__all__ = ["Facts", "batches", "public_seats", "seat_body"]


@attrs.define(eq=False)
class Facts:
    """What the server knows of one game: its state and its public facts."""

    id: str
    game: Game
    state: State
    seats: list[str]
    marks: list[int]
    """``marks[k]``: the length of the full log after ``k`` actions (``marks[0]``: set-up)."""
    status: str = "active"
    returns: list[float] | None = None
    resigned: int | None = None
    rematch: str | None = None
    """The id of this finished game's rematch, once someone asked for one."""
    timer: dict[str, Any] | None = None
    """The game's turn timer and its state (public: deadline, clocks, time-outs)."""
    notes: dict[int, list[dict[str, Any]]] = attrs.field(factory=dict)
    """What the server says at step ``k`` besides the pack's events (a time-out),
    seen by every seat and spectator."""

    @property
    def over(self) -> bool:
        return self.status != "active"

    @property
    def step(self) -> int:
        return len(self.state.history)

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.state.current_player


def public_seats(game: Game, options: Any, seats: list[str]) -> list[dict[str, Any]]:
    """Each seat's number, player name and kind (``human`` or the bot spec)."""
    return [
        {"seat": i, "player": game.player_name(i, options), "kind": kind}
        for i, kind in enumerate(seats)
    ]


def batches(f: Facts, seat: int | None, since: int | None) -> list[dict[str, Any]]:
    """The events after step ``since`` (all, set-up included, for ``None``), as ``seat``
    may see them: one batch per step, ``{"step": k, "events": [...]}``; step 0 is the
    set-up, step ``k`` the ``k``-th action."""
    state = f.state
    first = 0 if since is None else since + 1
    out = []
    for k in range(max(first, 0), len(f.marks)):
        start = f.marks[k - 1] if k > 0 else 0
        events = state.log_view(seat, start, f.marks[k])
        said = f.notes.get(k)
        out.append({"step": k, "events": [*said, *events] if said else events})
    return out


TIMER_FIELDS = ("kind", "seconds", "increment", "on_timeout", "bot", "replace_after")


def public_timer(f: Facts) -> dict[str, Any] | None:
    """The turn timer as every seat may see it: its rules, the deadline of the seat to
    move (epoch seconds; ``null`` while a bot moves or once over), each seat's clock
    (seconds left at the start of its turn, ``clock`` timers) and time-outs in a row."""
    t = f.timer
    if t is None:
        return None
    out = {k: t[k] for k in TIMER_FIELDS}
    out["deadline"] = None if f.over else t.get("deadline")
    out["clocks"] = t.get("clocks")
    out["strikes"] = t.get("strikes")
    return out


def result(f: Facts) -> dict[str, Any] | None:
    """How the game ended (``None`` while it is on)."""
    if not f.over:
        return None
    return {"returns": f.returns, "resigned": f.resigned}


def seat_body(
    f: Facts, seat: int | None, since: int | None = None, *, log: bool = False
) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator).

    ``view`` is ``state.view(seat)`` without its log; the legal actions (the
    seat's, when it is to move) are lifted to ``legal_actions``, each with
    its ``id`` (what ``POST .../actions`` takes), ``notation`` and ``text``.
    With ``since`` (or ``log``) the events after that step come as ``events``.
    """
    state = f.state
    view = state.view(seat, log=False)
    legal = view.pop("legal_actions", [])
    to_move = f.to_move
    body: dict[str, Any] = {
        "id": f.id,
        "pack": f.game.name,
        "title": f.game.title,
        "status": f.status,
        "seat": seat,
        "step": f.step,
        "seats": public_seats(f.game, state.options, f.seats),
        "current_player": to_move,
        "your_turn": seat is not None and to_move == seat,
        "prompt": "" if f.over else state.prompt,
        "legal_actions": [] if f.over else legal,
        "result": result(f),
        "rematch": f.rematch,
        "timer": public_timer(f),
        "view": view,
    }
    if since is not None or log:
        body["events"] = batches(f, seat, since)
    return body
