"""The values a pack is built from: actions, events, decisions and zones.

* An :class:`Action` is one atomic choice: a frozen attrs class whose fields
  are small ints or bools, with a stable ``kind`` tag used in JSON and in the
  text notation (``"play 12 3 -1"``), independent of the class name.
* An :class:`Event` records one thing that happened, and who may see it.
* A :class:`Decision` is an entry of the pending-decision stack: who decides
  now and about what. The pack reads its own decisions; the core only needs
  ``player``.
* A :class:`Zone` is an ordered list of card (or piece) ids with a declared
  visibility. Views and the default ``resample`` are built from it centrally.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

__all__ = ["Action", "Decision", "Event", "Vis", "Zone", "card_field", "card_ids"]


def card_field(**kwargs: Any) -> Any:
    """An event field that holds a card id (an ``int``, a tuple of them, or ``None``;
    a negative int means "no card").

    Marking card fields lets the conformance kit check the log: an event a
    player may see must not name a card that, after the step, is in a zone
    hidden from that player (unless the zone lets them know it).
    """
    md = dict(kwargs.pop("metadata", {}) or {})
    md["card"] = True
    return attrs.field(metadata=md, **kwargs)


def card_ids(event: Event) -> list[int]:
    """The card ids named in ``event``'s :func:`card_field` fields (a negative value,
    "no card", is left out)."""
    names = _CARD_FIELDS.get(type(event))
    if names is None:
        names = _CARD_FIELDS[type(event)] = tuple(
            f.name for f in attrs.fields(type(event)) if f.metadata.get("card")
        )
    out: list[int] = []
    for name in names:
        v = getattr(event, name)
        if type(v) is int:
            if v >= 0:
                out.append(v)
        elif isinstance(v, tuple | list):
            out.extend(x for x in v if type(x) is int and x >= 0)
    return out


_CARD_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each event class's card fields (for :func:`card_ids`)."""


@attrs.frozen
class Action:
    """Base class of a pack's actions. Subclasses set ``kind`` and are
    ``@attrs.frozen``; every field is an ``int`` (or ``bool``)."""

    kind: ClassVar[str] = ""

    def notation(self) -> str:
        """Short text form: the kind, then the field values: ``"play 12 3 -1"``."""
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in attrs.fields(type(self)))
        if not names:
            return self.kind
        return self.kind + " " + " ".join([str(int(getattr(self, n))) for n in names])


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each action class's field names, in order (for :meth:`Action.notation`)."""


@attrs.frozen(kw_only=True)
class Event:
    """Base class of a pack's events.

    ``to`` says who may see the event: ``None`` is everyone; a tuple of
    players is only them. Others see :meth:`public` instead, or nothing when
    it returns ``None`` ("Imperial drew 2 cards" instead of which).
    """

    kind: ClassVar[str] = ""
    to: tuple[int, ...] | None = None

    def public(self) -> Event | None:
        """The form of this event shown to players outside ``to``."""
        return None

    def seen_by(self, player: int | None) -> Event | None:
        """This event as ``player`` may see it (``None``: a spectator)."""
        if self.to is None or (player is not None and player in self.to):
            return self
        pub = self.public()
        if pub is not None and pub.to is not None:
            return None
        return pub


@attrs.frozen(kw_only=True)
class Decision:
    """Base class of an entry on the pending-decision stack."""

    kind: ClassVar[str] = ""
    player: int


class Vis(enum.IntEnum):
    """Who sees a zone's contents. Everybody else sees only its size."""

    PUBLIC = 0
    """Everyone, spectators included (a discard pile, the table)."""
    OWNER = 1
    """Only the zone's owner (a hand)."""
    HIDDEN = 2
    """Nobody (a deck): only its size is known."""


@attrs.frozen
class Zone:
    """A zone's fixed facts: its name, owner, who sees it, and its pool.

    The ids a zone holds are not here but in the state, as a plain list
    (``state.zones[name]``, bottom first), with what each player has been shown of
    a hidden zone (``state.known[name]``): so a clone copies a few lists, and the
    zones' fixed facts (``state.layout``) are shared by every copy of a game.
    ``pool`` groups the hidden zones whose contents :meth:`State.resample` may
    exchange (by default the owner's number, so an opponent's hand and deck are
    re-dealt together).
    """

    name: str
    owner: int | None = None
    vis: Vis = Vis.PUBLIC
    pool: str | None = None

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None``: a spectator) sees the ids in this zone."""
        if self.vis is Vis.PUBLIC:
            return True
        return self.vis is Vis.OWNER and player is not None and player == self.owner
