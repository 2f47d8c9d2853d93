"""Unit facts the combat and refresh rules look up, as flat tuples by unit id."""

from __future__ import annotations

import attrs

from ..data import UNITS

__all__ = ["UNIT_FACTS", "UnitFacts"]


@attrs.frozen
class UnitFacts:
    theater: tuple[int, ...]
    """0 space, 1 ground."""
    health: tuple[int, ...]
    colour: tuple[str, ...]
    red: tuple[int, ...]
    black: tuple[int, ...]
    green: tuple[int, ...]
    capital: tuple[bool, ...]
    fighter: tuple[bool, ...]
    structure: tuple[bool, ...]
    triangle: tuple[bool, ...]
    immobile: tuple[bool, ...]
    carried: tuple[bool, ...]
    """Moves only carried by a ship (ground units, TIE Fighters and TIE Strikers)."""
    carrier: tuple[bool, ...]
    """A ship that moves by itself (and must leave in a retreat)."""
    capacity: tuple[int, ...]


UNIT_FACTS = UnitFacts(
    theater=tuple(0 if u.theater == "space" else 1 for u in UNITS),
    health=tuple(u.health for u in UNITS),
    colour=tuple(u.health_colour for u in UNITS),
    red=tuple(u.attack_red for u in UNITS),
    black=tuple(u.attack_black for u in UNITS),
    green=tuple(u.attack_green for u in UNITS),
    capital=tuple(u.kind == "capital" for u in UNITS),
    fighter=tuple(u.kind == "fighter" for u in UNITS),
    structure=tuple(u.structure for u in UNITS),
    triangle=tuple(u.triangle for u in UNITS),
    immobile=tuple(u.immobile for u in UNITS),
    carried=tuple(u.needs_transport for u in UNITS),
    carrier=tuple(u.theater == "space" and not u.needs_transport and not u.immobile for u in UNITS),
    capacity=tuple(u.capacity for u in UNITS),
)
