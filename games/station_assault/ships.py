"""The ship table (ruling SSA-01): ship types as data, and the flat per-card lookups.

The printed table lives in ``ships.toml``; a user's own table (the four blank
cards of each deck exist for custom ships) has the same ``[[ship]]`` rows and
is loaded by :func:`load_table` (a path) or :func:`table_from_rows` (rows, as
the ``ships`` option carries them). Bad data raises
:class:`tabletop.CardDataError` naming the row and the field.

Card instance ids: player ``p`` owns the block ``p * CARDS_PER_DECK + i``.
``i = 0`` is the Space Station; ``1..`` are the ships, type by type in table
order, ``copies`` of each. So a card's type is a fixed public fact of its id,
and ids of one player's ships of one type are interchangeable.
"""

from __future__ import annotations

import functools
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from tabletop import CardDataError, load_cards, read_table

__all__ = [
    "CARDS_PER_DECK",
    "MAX_CARDS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_SHIPS_PER_DECK",
    "MAX_STAT",
    "MAX_TABLE_BYTES",
    "MAX_TYPES",
    "PRINTED_TABLE",
    "SPEEDS",
    "STATION_SPEED",
    "ShipTable",
    "ShipType",
    "load_table",
    "printed_types",
    "table_from_rows",
]

STATION_SPEED = 6
"""Space Stations act at Speed 6, after every ship (ships are Speed 1-5)."""
SPEEDS = STATION_SPEED + 1
"""Stride of the available-ship counts: ``avail[player * SPEEDS + speed]``."""
MAX_SHIPS_PER_DECK = 54
"""A deck holds at most 54 ships: the printed 50 plus the 4 blank cards."""
CARDS_PER_DECK = MAX_SHIPS_PER_DECK + 1
"""Ids per player: the Station and up to 54 ships."""
MAX_PLAYERS = 6
MAX_CARDS = MAX_PLAYERS * CARDS_PER_DECK
"""Every card id is below this (330): it bounds the action-id space."""
MAX_TYPES = 20
"""A table has at most 20 rows (the Station included)."""

PRINTED_TABLE = Path(__file__).with_name("ships.toml")
STATS = ("copies", "speed", "firepower", "shields", "victory")


MAX_STAT = 999
"""The largest number a custom table may give a ship (SSA-23)."""
MAX_NAME = 40
"""The longest ship name a table may give, in characters (SSA-23)."""
MAX_TABLE_BYTES = 64 << 10
"""The largest ship-table file read (64 KiB; the printed one is under 4 KiB)."""


def _positive(inst: Any, attr: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_STAT:
        raise ValueError(f"{attr.name} must be an integer 1..{MAX_STAT}, got {value!r}")


def _name(inst: Any, attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("name must not be empty")
    if len(value) > MAX_NAME:
        raise ValueError(f"name: at most {MAX_NAME} characters, got {len(value)}")


def _sourced(inst: Any, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
    bad = [v for v in value if v not in STATS]
    if bad:
        raise ValueError(f"sourced names unknown stat(s) {bad}; stats are {', '.join(STATS)}")


@attrs.frozen(kw_only=True)
class ShipType:
    """One row of the ship table: a ship type (or the Space Station).

    ``sourced`` names the numbers a public source gives; the others are
    designed (see SSA-01 in RULINGS.md).
    """

    name: str = attrs.field(validator=_name, metadata={"max_length": MAX_NAME})
    copies: int = attrs.field(validator=_positive)
    speed: int = attrs.field(validator=_positive)
    firepower: int = attrs.field(validator=_positive)
    shields: int = attrs.field(validator=_positive)
    victory: int = attrs.field(validator=_positive)
    station: bool = False
    sourced: tuple[str, ...] = attrs.field(
        default=(), converter=tuple, validator=_sourced, metadata={"max_items": len(STATS)}
    )

    def __attrs_post_init__(self) -> None:
        if self.station:
            if self.speed != STATION_SPEED:
                raise ValueError(f"speed: a Space Station acts at Speed 6, got {self.speed}")
            if self.copies != 1:
                raise ValueError(f"copies: a deck has one Space Station, got {self.copies}")
        elif not 1 <= self.speed < STATION_SPEED:
            raise ValueError(f"speed: a ship's Speed is 1..5, got {self.speed}")

    def designed(self) -> tuple[str, ...]:
        """The stats of this row that are designed rather than sourced."""
        return tuple(s for s in STATS if s not in self.sourced)


@attrs.frozen
class ShipTable:
    """A checked ship table with flat lookups by card id (built once, shared)."""

    types: tuple[ShipType, ...]
    station_type: int
    card_type: tuple[int, ...]
    """Type index of each card id (``-1`` for an id no card uses)."""
    speed: tuple[int, ...]
    firepower: tuple[int, ...]
    shields: tuple[int, ...]
    victory: tuple[int, ...]
    deck_size: int
    """Ships per deck (the Station not counted)."""
    slot: tuple[int, ...] = ()
    """Where each card id counts in ``AssaultState.avail``: ``owner * SPEEDS + speed``."""

    def name(self, card: int) -> str:
        return self.types[self.card_type[card]].name

    def ship_ids(self, player: int) -> list[int]:
        """The ids of ``player``'s ships (their deck before shuffling)."""
        base = player * CARDS_PER_DECK
        return list(range(base + 1, base + 1 + self.deck_size))

    @staticmethod
    def station_id(player: int) -> int:
        return player * CARDS_PER_DECK


def _check_table(types: Sequence[ShipType], source: str) -> ShipTable:
    if not types:
        raise CardDataError(f"{source}: the table has no rows")
    if len(types) > MAX_TYPES:
        raise CardDataError(f"{source}: at most {MAX_TYPES} rows, got {len(types)}")
    names = [t.name for t in types]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise CardDataError(f"{source}[{i}] ({n}): name: {n!r} is used by two rows")
    stations = [i for i, t in enumerate(types) if t.station]
    if len(stations) != 1:
        raise CardDataError(
            f"{source}: exactly one row must be the Space Station (station = true); "
            f"found {len(stations)}"
        )
    ships = sum(t.copies for t in types if not t.station)
    if not 1 <= ships <= MAX_SHIPS_PER_DECK:
        raise CardDataError(
            f"{source}: a deck holds 1..{MAX_SHIPS_PER_DECK} ships (the printed 50 and the "
            f"4 blank cards); the copies add up to {ships}"
        )
    card_type = [-1] * MAX_CARDS
    for p in range(MAX_PLAYERS):
        base = p * CARDS_PER_DECK
        card_type[base] = stations[0]
        i = base + 1
        for k, t in enumerate(types):
            if t.station:
                continue
            for _ in range(t.copies):
                card_type[i] = k
                i += 1

    def stat(name: str) -> tuple[int, ...]:
        return tuple(getattr(types[k], name) if k >= 0 else 0 for k in card_type)

    return ShipTable(
        types=tuple(types),
        station_type=stations[0],
        card_type=tuple(card_type),
        speed=stat("speed"),
        firepower=stat("firepower"),
        shields=stat("shields"),
        victory=stat("victory"),
        deck_size=ships,
        slot=tuple(c // CARDS_PER_DECK * SPEEDS + sp for c, sp in enumerate(stat("speed"))),
    )


def table_from_rows(
    rows: Sequence[Mapping[str, Any] | ShipType], source: str = "ships"
) -> ShipTable:
    """A checked table from rows (dicts or :class:`ShipType`); errors name the row and field."""
    types = [r if isinstance(r, ShipType) else None for r in rows]
    if any(t is None for t in types):
        raw = [attrs.asdict(r) if isinstance(r, ShipType) else r for r in rows]
        types = list(load_cards(raw, ShipType, source))
    return _check_table([t for t in types if t is not None], source)


def load_table(path: str) -> ShipTable:
    """A checked table from a TOML file of ``[[ship]]`` rows (re-read when it changes).

    Only a regular file of at most ``MAX_TABLE_BYTES`` is read: a device, a
    FIFO or a larger file is a :class:`tabletop.CardDataError` before anything
    is read (see :func:`tabletop.read_table`).
    """
    try:
        st = Path(path).stat()
    except OSError:
        read_table(path, key="ship")  # raises CardDataError naming the file
        raise
    if not stat.S_ISREG(st.st_mode):  # never cache (or wait on) a FIFO or a device
        read_table(path, key="ship", max_bytes=MAX_TABLE_BYTES)
    return _file_table(str(path), st.st_mtime_ns, st.st_size)


@functools.cache
def _file_table(path: str, mtime_ns: int, size: int) -> ShipTable:
    rows = read_table(path, key="ship", max_bytes=MAX_TABLE_BYTES)
    return table_from_rows(rows, Path(path).name)


@functools.cache
def _rows_table(rows: tuple[ShipType, ...]) -> ShipTable:
    return table_from_rows(rows)


def printed_types() -> list[ShipType]:
    """The default (printed and designed) table's rows, for ``Game(cards=...)``."""
    return list(load_table(str(PRINTED_TABLE)).types)


def resolve(ship_file: str, ships: tuple[ShipType, ...]) -> ShipTable:
    """The table an options object names: its rows, its file, or the printed one."""
    if ships:
        return _rows_table(ships)
    return load_table(ship_file or str(PRINTED_TABLE))
