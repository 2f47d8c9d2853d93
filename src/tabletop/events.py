"""Events that many packs share.

A pack lists these among its ``event_classes`` like its own; their ``kind``
tags are stable like any other.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .model import Event, card_field

__all__ = ["Drew", "DrewCount"]


@attrs.frozen(kw_only=True)
class Drew(Event):
    """``player`` drew ``cards``. Emit it with ``to=(player,)``: the others see
    only a :class:`DrewCount`."""

    kind: ClassVar[str] = "drew"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return DrewCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class DrewCount(Event):
    """``player`` drew ``count`` cards (what the others see of a :class:`Drew`)."""

    kind: ClassVar[str] = "drew_count"
    player: int
    count: int
