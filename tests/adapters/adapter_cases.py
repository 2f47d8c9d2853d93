"""The packs and modes every adapter test runs on (the toy pack included)."""

from __future__ import annotations

from typing import Any

import tabletop
import toy_pack
from tabletop import Game

SSA_MODES: list[dict[str, Any]] = [
    {},
    {"mode": "free_for_all", "players": 3},
    {"mode": "free_for_all", "players": 4},
    {"mode": "free_for_all", "players": 5},
    {"mode": "free_for_all", "players": 6},
    {"mode": "teams", "players": 4},
    {"mode": "teams", "players": 6},
]

CASES: list[tuple[str, dict[str, Any]]] = [
    ("toy_duel", {}),
    ("toy_duel", {"hand_size": 6, "values": 9}),
    ("rebel_space", {}),
    *(("station_assault", m) for m in SSA_MODES),
    ("rebellion_rote", {}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, opts = case
    return name + "".join(f"-{v}" for v in opts.values())


def game_named(name: str) -> Game:
    return toy_pack.GAME if name == "toy_duel" else tabletop.load(name)
