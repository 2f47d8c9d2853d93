"""Copies of a card that differ in nothing a player can see are offered once.

Two Rebel Soldiers in hand are one choice, "Deploy Rebel Soldier", not two
that read the same; a Troopers in the Active Zone and one in the Inactive
Zone stay two choices (they are told apart in words). Of the legal actions
that differ only in which of such copies they name, the first in the generated
order is kept: each legal-action generator passes the cards it offers through
:func:`distinct_copies` (all the actions of one generator name their cards
the same way, so keeping one card of each look keeps one action of each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import DEF, IS_HERO, OWNER
from .units import attachments

if TYPE_CHECKING:
    from ..state import RebelSpaceState

_SEARCH_ORDER = (
    # (zone, whose: 0 the card's owner, 1 the other player)
    *(("hand", 0), ("active", 0), ("inactive", 0), ("attached", 0), ("discard", 0)),
    *(("active", 1), ("inactive", 1), ("deck", 0)),
    *(("hand", 1), ("attached", 1), ("discard", 1), ("deck", 1)),
)
ZONE_SEARCH = tuple(
    tuple(f"{name}{owner ^ whose}" for name, whose in _SEARCH_ORDER) for owner in (0, 1)
)
"""``ZONE_SEARCH[owner]``: every zone, where a card of ``owner`` most likely is first
(a card is in one zone at most, so the order only decides how soon it is found)."""


def placed_cards(s: RebelSpaceState) -> set[int]:
    """Every card with a place in the attack or the battle, and the card being resolved."""
    out = set(s.attacked)
    out.update(s.used, s.forming, s.ion_used, s.b_att, s.b_def, s.battle_psi, s.cas_units)
    for g in s.groups:
        out.update(g)
    for g in s.blocks:
        out.update(g)
    if s.pending >= 0:
        out.add(s.pending)
    return out


def visible_key(
    s: RebelSpaceState, card: int, placed: set[int], first: str = ""
) -> tuple[Any, ...]:
    """Everything a player can see about ``card`` where it is: its definition,
    its zone (looked for in ``first`` first), its host and attachments, who has
    been shown it, and its place in the attack and battle (``placed``:
    :func:`placed_cards`; one marker, ``()``, for a card with no such place, so
    that the common case builds a short key)."""
    zones = s.zones
    zname = ""
    if first and card in zones[first]:
        zname = first
    else:
        for name in ZONE_SEARCH[OWNER[card]]:
            if card in zones[name]:
                zname = name
                break
    known: tuple[int, ...] = ()
    if zname:
        shown = s.known.get(zname)
        if shown and any(card in ids for ids in shown.values()):
            known = tuple(sorted(p for p, ids in shown.items() if card in ids))
    att: tuple[int, ...] = ()
    if IS_HERO[card]:
        att = tuple(sorted(DEF[c] for c in attachments(s, card)))
    place: tuple[object, ...] = ()
    if card in placed:
        place = (
            tuple(i for i, g in enumerate(s.groups) if card in g),
            tuple(i for i, g in enumerate(s.blocks) if card in g),
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
    return (DEF[card], zname, s.host[card], att, known, place)


def distinct_copies(s: RebelSpaceState, cards: list[int]) -> list[int]:
    """``cards`` without any that looks the same as an earlier one (the order of
    the rest is kept). Bots pay for this on every decision, so the usual case,
    no two copies of a card, is one pass over the ids; only the copies get a
    full key (:func:`visible_key`)."""
    if len(cards) < 2 or len({DEF[c] for c in cards}) == len(cards):
        return cards
    defs = [DEF[c] for c in cards]
    twice = {d for d in defs if defs.count(d) > 1}
    placed = placed_cards(s)
    out: list[int] = []
    kept: set[tuple[object, ...]] = set()
    where = ""  # the zone of the copy before: a generator's cards mostly share one
    for c, d in zip(cards, defs, strict=True):
        if d in twice:
            key = visible_key(s, c, placed, where)
            where = key[1]
            if key in kept:
                continue
            kept.add(key)
        out.append(c)
    return out
