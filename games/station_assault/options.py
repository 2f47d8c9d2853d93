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
        raise ValueError(f"players: a free for all takes 2 to 6 players, got {value}")
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
            "label": "Mode",
            "labels": {
                "duel": "Duel (2 players)",
                "free_for_all": "Free for all (2-6 players)",
                "teams": "Teams (2 vs 2 or 3 vs 3)",
            },
            "help": "Duel: two players, the printed game. Free for all: 2 to 6 players, "
            "each counts the Victory of their own cards destroyed, and a player who has "
            "lost 60 is out. Teams: 2 against 2 or 3 against 3, seats alternating; a team "
            "wins at 50 Victory for each of its players.",
            "ruling": "SSA-14",
        },
    )
    players: int = attrs.field(
        default=2,
        validator=_players,
        metadata={
            "min": 2,
            "max": 6,
            "label": "Players",
            "help": "How many play: 2 in a duel, 2 to 6 in a free for all, 4 or 6 in teams.",
        },
    )
    anchor: str = attrs.field(
        default="any",
        validator=_anchor,
        metadata={
            "choices": ANCHORS,
            "label": "Where ships go",
            "labels": {
                "any": "Next to any card (the printed rule)",
                "friendly": "Next to a friendly card only (house rule)",
            },
            "help": "Where a ship may be played or moved: next to any card in play, as "
            "printed; or, a known house rule, only next to your own or a teammate's cards.",
            "ruling": "SSA-07",
        },
    )
    max_waves: int = attrs.field(
        default=30,
        validator=_max_waves,
        metadata={
            "min": 1,
            "max": MAX_WAVES,
            "label": "Most waves",
            "help": f"After this many waves (1 to {MAX_WAVES}) the game ends and the best "
            "score wins.",
            "ruling": "SSA-13",
        },
    )
    ship_file: str = attrs.field(
        default="",
        metadata={
            "label": "Ship table file",
            "help": "A TOML file of [[ship]] rows that replaces the ship table: name, "
            "copies, speed, firepower, shields, victory, and one row marked as the Space "
            "Station. It is read once, when the game is made, and the game keeps the "
            "rows, never the file's name; only a program can give a file, never a saved "
            "game.",
            "ruling": "SSA-23",
            "path": True,
        },
    )
    ships: tuple[ShipType, ...] = attrs.field(
        default=(),
        converter=_rows,
        validator=_table,
        metadata={
            "label": "Ship table",
            "help": "The ship table's rows given here (the same fields as a ship table "
            f"file, at most {MAX_TYPES} rows); empty: the printed table.",
            "ruling": "SSA-01",
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
