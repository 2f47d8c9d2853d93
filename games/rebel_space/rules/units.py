"""Units in play: where a card is, who controls it, and its ratings.

Zones per player ``p``: ``deck{p}`` (hidden), ``hand{p}`` (owner),
``active{p}``, ``inactive{p}`` (the units ``p`` controls), ``discard{p}`` and
``attached{p}`` (``p``'s own items, companions and Psi cards on heroes; public).
``state.host[card]`` is the hero an attached card sits on (-1: none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import (
    DAMAGE,
    EFFECT,
    GROUND,
    IS_HERO,
    OWNER,
    SPACE,
)
from ..events import Destroyed
from .common import ACTIVE, ATTACHED, DISCARD, INACTIVE, zone

if TYPE_CHECKING:
    from ..state import RebelSpaceState


def controller(s: RebelSpaceState, card: int) -> int:
    """The player controlling ``card`` in play (-1: not in play as a unit)."""
    for p in (0, 1):
        if card in s.zones[ACTIVE[p]] or card in s.zones[INACTIVE[p]]:
            return p
    return -1


def in_play(s: RebelSpaceState, p: int) -> list[int]:
    """Units ``p`` controls, active then inactive."""
    return s.zones[ACTIVE[p]] + s.zones[INACTIVE[p]]


def attachments(s: RebelSpaceState, hero: int) -> list[int]:
    """Cards attached to ``hero`` (items, companions, Psi cards)."""
    host = s.host
    return [c for p in (0, 1) for c in s.zones[ATTACHED[p]] if host[c] == hero]


def set_host(s: RebelSpaceState, card: int, hero: int) -> None:
    """Put the attached ``card`` on ``hero`` (-1: on none). Clones share ``host``
    (a clone then copies no list of 143 ids), so it is replaced here, never
    changed in place."""
    host = s.host[:]
    host[card] = hero
    s.host = host


def rating(s: RebelSpaceState, card: int, space: bool) -> int:
    """The unit's Ground (or Space) rating with its attachments (RS-11, RS-22)."""
    v = SPACE[card] if space else GROUND[card]
    if IS_HERO[card]:
        table = SPACE if space else GROUND
        v += sum(table[a] for a in attachments(s, card))
    return v


def damage(s: RebelSpaceState, card: int) -> int:
    """The unit's damage rating with its attachments (RS-11, RS-28)."""
    v = DAMAGE[card]
    if IS_HERO[card]:
        v += sum(DAMAGE[a] for a in attachments(s, card))
    return v


def battle_value(s: RebelSpaceState, card: int, attacking: bool) -> int:
    """The unit's value in the current battle: its rating plus Surprise Attack
    (attacking units) or Trap (defending units) bonuses (RS-18, RS-23)."""
    space = s.b_space
    bonus = s.boost[(0 if attacking else 2) + (1 if space else 0)]
    return rating(s, card, space) + 2 * bonus


def has_active(s: RebelSpaceState, p: int, effect: str) -> bool:
    """Whether ``p`` has an active unit with this effect (Defense Shields, RS-17)."""
    return effect in map(EFFECT.__getitem__, s.zones[ACTIVE[p]])


def destroy(s: RebelSpaceState, card: int, cause: str) -> None:
    """Remove a unit from play to its owner's discard, with its attachments (RS-11, RS-25)."""
    for p in (0, 1):
        for name in ("active", "inactive"):
            cards = zone(s, name, p)
            if card in cards:
                cards.remove(card)
                break
    for a in attachments(s, card):
        s.zones[ATTACHED[OWNER[a]]].remove(a)
        set_host(s, a, -1)
        s.zones[DISCARD[OWNER[a]]].append(a)
    s.zones[DISCARD[OWNER[card]]].append(card)
    s.emit(Destroyed(card=card, cause=cause))


def discard_attached(s: RebelSpaceState, card: int) -> None:
    """An attached card (a Psi card at the end of a battle) goes to its owner's discard."""
    s.zones[ATTACHED[OWNER[card]]].remove(card)
    set_host(s, card, -1)
    s.zones[DISCARD[OWNER[card]]].append(card)
