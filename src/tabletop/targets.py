"""What on the table a legal action points at, as typed data (contract).

A UI makes the things on its board clickable and narrows the choices by a
click without reading an action's words: ``state.targets(action)`` gives a
tuple of :class:`Target` values, the way a python-chess ``Move`` knows its
squares. ``view(player)["legal_actions"]`` carries them too, as
``{"kind", "id", "role"}`` dicts.

A target's ``kind`` is one of the kinds its pack declares (``game.target_kinds``,
each with where a UI finds it); these are the shared words, which every pack
uses in the same sense:

========  ====================================================================
kind      ``id``
========  ====================================================================
card      a card id; its facts are in ``view["cards"][str(id)]``
player    a player number (a seat)
cell      ``(x, y)``: a cell of a grid board
system    a place on a map: an index into the pack's ``ui["systems"]``
unit      a kind of piece (a unit type): an index into the pack's ``ui["units"]``
leader    a leader figure: an index into the pack's ``ui["leaders"]``
die       a die of a roll the view shows (the pack says where)
group     a group of pieces or cards the view shows (the pack says where)
========  ====================================================================

``role`` says what the action does with the thing, when an action points at
several ("from" and "to" of a move); ``""`` is the thing the action is about.
The shared roles: ``from``, ``to``, ``at`` (where something happens), ``with``
(what is used or spent), ``by`` (who does it). A pack documents any other.

The conformance kit checks, for every legal action it meets, that each target
has a declared kind and names something that seat's view shows
(``State._target_shown``): a card with facts, a player of the game, a map
place of the pack's ``ui``, a die or group of the view.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["SHARED_KINDS", "SHARED_ROLES", "Target"]

SHARED_KINDS: dict[str, str] = {
    "card": 'a card id; its facts are in view["cards"][str(id)]',
    "player": "a player number (a seat)",
    "cell": "(x, y): a cell of a grid board",
    "system": 'a place on the map: an index into the pack\'s ui["systems"]',
    "unit": 'a kind of piece: an index into the pack\'s ui["units"]',
    "leader": 'a leader figure: an index into the pack\'s ui["leaders"]',
    "die": "a die of a roll the view shows (the pack says where)",
    "group": "a group of pieces or cards the view shows (the pack says where)",
}
"""The target kinds every pack uses in the same sense (a pack may declare more)."""

SHARED_ROLES: dict[str, str] = {
    "": "the thing the action is about",
    "from": "where something leaves",
    "to": "where something goes",
    "at": "where something happens",
    "with": "what is used or spent",
    "by": "who does it",
}
"""The roles every pack uses in the same sense (a pack may document more)."""


def _id(value: Any) -> int | tuple[int, ...]:
    if type(value) is int:
        return value
    if isinstance(value, tuple | list) and value and all(type(v) is int for v in value):
        return tuple(value)
    raise TypeError(f"a target's id is an int or a tuple of ints, not {value!r}")


@attrs.frozen(slots=True)
class Target:
    """One thing on the table that an action points at.

    ``kind`` names what sort of thing (see the module docstring), ``id`` which
    one (an ``int``, or a tuple of ints for a cell ``(x, y)`` or a die
    ``(side, index)``), ``role`` what the action does with it.
    """

    kind: str
    id: int | tuple[int, ...] = attrs.field(converter=_id)
    role: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form a view carries: ``{"kind", "id", "role"}`` (a tuple id as a list)."""
        return {
            "kind": self.kind,
            "id": list(self.id) if isinstance(self.id, tuple) else self.id,
            "role": self.role,
        }
