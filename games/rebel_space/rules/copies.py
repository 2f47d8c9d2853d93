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


_SHAPES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _shape(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An action class's card fields and its other fields (computed once)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        names = [f.name for f in attrs.fields(cls)]
        shape = (
            tuple(n for n in names if n in CARD_FIELDS),
            tuple(n for n in names if n not in CARD_FIELDS),
        )
        _SHAPES[cls] = shape
    return shape


def _card_fields(a: Action) -> tuple[str, ...]:
    return _shape(type(a))[0]


def _rough_key(a: Action) -> tuple[object, ...]:
    """The action with each card replaced by its definition."""
    cards, other = _shape(type(a))
    key: list[object] = [type(a)]
    for n in cards:
        v = getattr(a, n)
        key.append(DEF[v] if v >= 0 else v)
    key.extend(getattr(a, n) for n in other)
    return tuple(key)


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


def _copy_key(a: Action) -> tuple[object, ...] | None:
    """The action with its card replaced by the card's definition; None for an
    action naming no card (``Attach`` names a hero only, and heroes are unique)."""
    c = getattr(a, "card", None)
    if c is None or c < 0:
        return None
    return (a.__class__, DEF[c], getattr(a, "hero", None), getattr(a, "space", None))


def _zones_of(s: RebelSpaceState, cards: set[int]) -> dict[int, str]:
    """The zone of each of ``cards``: the small zones first, the decks (which a
    choice rarely names) only for cards not found there."""
    where: dict[int, str] = {}
    decks = []
    for name, z in s.zones.items():
        if name.startswith("deck"):
            decks.append((name, z))
            continue
        for c in z.cards:
            if c in cards:
                where[c] = name
    if len(where) < len(cards):
        for name, z in decks:
            for c in z.cards:
                if c in cards:
                    where[c] = name
    return where


def one_per_copy(s: RebelSpaceState, actions: list[Action]) -> list[Action]:
    """``actions`` without those that repeat an earlier one up to copies that
    look the same (the order of the rest is kept). Bots pay for this on every
    decision, so the usual case, no two copies, is one pass over the actions."""
    if len(actions) < 2:
        return actions
    keys = [_copy_key(a) for a in actions]
    seen: set[object] = set()
    twice: set[object] = set()
    for k in keys:
        if k is not None:
            if k in seen:
                twice.add(k)
            seen.add(k)
    if not twice:
        return actions
    cards = {a.card for a, k in zip(actions, keys) if k in twice}  # type: ignore[attr-defined]
    where = _zones_of(s, cards)
    out: list[Action] = []
    kept: set[tuple[object, ...]] = set()
    for a, k in zip(actions, keys):
        if k in twice:
            full = (k, visible_key(s, a.card, where))  # type: ignore[attr-defined]
            if full in kept:
                continue
            kept.add(full)
        out.append(a)
    return out
