"""Copies of a card that differ in nothing a player can see are offered once.

Two Rebel Soldiers in hand are one choice, "Deploy Rebel Soldier", not two
that read the same; a Troopers in the Active Zone and one in the Inactive
Zone stay two choices (they are told apart in words). :func:`one_per_copy`
keeps, of the legal actions that differ only in which of such copies they
name, the first in the generated order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..cards import DEF, IS_HERO
from .units import attachments

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState

CARD_FIELDS = ("card", "hero")


def _card_fields(a: Action) -> list[str]:
    return [f.name for f in attrs.fields(type(a)) if f.name in CARD_FIELDS]


def _rough_key(a: Action) -> tuple[object, ...]:
    """The action with each card replaced by its definition."""
    values = attrs.astuple(a, recurse=False)
    names = [f.name for f in attrs.fields(type(a))]
    return (
        type(a),
        *(DEF[v] if n in CARD_FIELDS and v >= 0 else v for n, v in zip(names, values)),
    )


def visible_key(s: RebelSpaceState, card: int, where: dict[int, str]) -> tuple[object, ...]:
    """Everything a player can see about ``card`` where it is: its definition,
    its zone, its host and attachments, its place in the attack and battle,
    and who has been shown it."""
    zname = where.get(card, "")
    known: tuple[int, ...] = ()
    if zname:
        z = s.zones[zname]
        if z.known:
            known = tuple(sorted(p for p, ids in z.known.items() if card in ids))
    groups = tuple(i for i, g in enumerate(s.groups) if card in g)
    blocks = tuple(i for i, g in enumerate(s.blocks) if card in g)
    att: tuple[int, ...] = ()
    if IS_HERO[card]:
        att = tuple(sorted(DEF[c] for c in attachments(s, card)))
    return (
        DEF[card],
        zname,
        s.host[card],
        att,
        known,
        groups,
        blocks,
        card in s.attacked,
        card in s.used,
        card in s.forming,
        card in s.ion_used,
        card in s.b_att,
        card in s.b_def,
        card in s.battle_psi,
        card in s.cas_units,
        card == s.pending,
    )


def one_per_copy(s: RebelSpaceState, actions: list[Action]) -> list[Action]:
    """``actions`` without those that repeat an earlier one up to copies that
    look the same (the order of the rest is kept)."""
    rough = [_rough_key(a) for a in actions]
    if len(set(rough)) == len(rough):
        return actions
    where = {c: name for name, z in s.zones.items() for c in z.cards}
    out: list[Action] = []
    seen: set[tuple[object, ...]] = set()
    for a in actions:
        fields = _card_fields(a)
        key = (
            type(a),
            *(visible_key(s, getattr(a, f), where) if getattr(a, f) >= 0 else -1 for f in fields),
            *(getattr(a, f.name) for f in attrs.fields(type(a)) if f.name not in fields),
        )
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
