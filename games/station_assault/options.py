"""The game options: every default is the printed rules as the rulings read them."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop import CardDataError, load_cards

from .ships import MAX_TYPES, ShipTable, ShipType, load_table, resolve

__all__ = ["ANCHORS", "MODES", "Options"]

MODES = ("duel", "free_for_all", "teams")
ANCHORS = ("any", "friendly")
MAX_WAVES = 200


def _mode(inst: Any, attr: Any, value: str) -> None:
    if value not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}; got {value!r}")


def _players(inst: Options, attr: Any, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"players must be an integer, got {value!r}")
    if inst.mode == "duel" and value != 2:
        raise ValueError(f"players: a duel has 2 players, got {value}")
    if inst.mode == "free_for_all" and not 2 <= value <= 6:
        raise ValueError(f"players: free_for_all takes 2 to 6 players, got {value}")
    if inst.mode == "teams" and value not in (4, 6):
        raise ValueError(
            f"players: teams are 2 vs 2 (4 players) or 3 vs 3 (6 players), got {value}"
        )


def _anchor(inst: Any, attr: Any, value: str) -> None:
    if value not in ANCHORS:
        raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}; got {value!r}")


def _max_waves(inst: Any, attr: Any, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_WAVES:
        raise ValueError(f"max_waves must be 1..{MAX_WAVES}, got {value!r}")


def _rows(rows: Any) -> tuple[ShipType, ...]:
    """Table rows as ShipType (dict rows are checked, errors naming the row and field)."""
    if isinstance(rows, str | bytes | dict) or not hasattr(rows, "__len__"):
        raise ValueError(f"ships must be a list of rows, not {type(rows).__name__}")
    if len(rows) > MAX_TYPES:
        raise ValueError(f"ships: at most {MAX_TYPES} rows, got {len(rows)}")
    given = tuple(rows)
    if all(isinstance(r, ShipType) for r in given):
        return given
    return tuple(
        load_cards(
            [attrs.asdict(r) if isinstance(r, ShipType) else r for r in given], ShipType, "ships"
        )
    )


def _table(inst: Options, attr: Any, value: Any) -> None:
    if inst.ship_file and inst.ships:
        raise ValueError("give the ship table as ship_file or as ships, not both")
    if inst.ships:
        try:
            inst.table()
        except CardDataError as exc:
            raise ValueError(f"ship table: {exc}") from None


@attrs.frozen
class Options:
    """Space Station Assault options. The defaults are a two-player game as printed.

    A custom ship table is given as ``ships`` rows, or as ``ship_file``, the
    path of a TOML file of ``[[ship]]`` rows. The file is read once, when the
    options are made (a regular file of at most 64 KiB), and its rows become
    ``ships``: ``ship_file`` is then empty again. So options, records and
    saved states carry the table itself, never a path, and a record or a
    saved state can never make the pack open a file (the core refuses a
    ``ship_file`` there: the field is marked ``"path"``, SSA-23).
    """

    mode: str = attrs.field(
        default="duel",
        validator=_mode,
        metadata={
            "choices": MODES,
            "help": "duel (2 players, the printed game); free_for_all (2-6 players, each "
            "counts their own losses, 60 lost puts a player out: SSA-14, SSA-15); teams "
            "(2 vs 2 or 3 vs 3, a team wins at 50 Victory per member: SSA-16, SSA-17).",
        },
    )
    players: int = attrs.field(
        default=2,
        validator=_players,
        metadata={
            "min": 2,
            "max": 6,
            "help": "Number of players: 2 for duel, 2-6 for free_for_all, 4 or 6 for teams.",
        },
    )
    anchor: str = attrs.field(
        default="any",
        validator=_anchor,
        metadata={
            "choices": ANCHORS,
            "help": "Where ships may be played and moved (SSA-07, SSA-20): 'any' = next to "
            "any card in play (the printed rule); 'friendly' = next to your own or a "
            "teammate's cards only (a known house rule).",
        },
    )
    max_waves: int = attrs.field(
        default=30,
        validator=_max_waves,
        metadata={
            "min": 1,
            "max": MAX_WAVES,
            "help": "Wave cap (SSA-13): after this many waves the game ends and the higher "
            "score wins. 1-200.",
        },
    )
    ship_file: str = attrs.field(
        default="",
        metadata={
            "help": "Path of a TOML file of [[ship]] rows replacing the ship table (SSA-01): "
            "name, copies, speed, firepower, shields, victory, and one row with "
            "station = true. Read once, when the options are made: its rows become "
            "ships, so records carry the table, never the path (SSA-23). A program's "
            "own argument only: a record or a saved state cannot name a file.",
            "path": True,
        },
    )
    ships: tuple[ShipType, ...] = attrs.field(
        default=(),
        converter=_rows,
        validator=_table,
        metadata={
            "help": "The ship table's rows given inline (same fields as ship_file rows, "
            f"at most {MAX_TYPES}); empty: the pack's table.",
            "max_items": MAX_TYPES,
        },
    )

    def __attrs_post_init__(self) -> None:
        if self.ship_file:
            try:
                table = load_table(self.ship_file)
            except CardDataError as exc:
                raise ValueError(f"ship_file: {exc}") from None
            object.__setattr__(self, "ships", table.types)
            object.__setattr__(self, "ship_file", "")

    def table(self) -> ShipTable:
        """The ship table these options play with."""
        return resolve(self.ship_file, self.ships)
