"""Card ids in zones: one id space for every kind of card, so that no two cards share an id.

* probe cards: the system's id, 0..31 (Coruscant has none);
* mission and project cards: ``MISSION_BASE + i`` for ``data.MISSIONS[i]``;
* advanced tactic cards: ``TACTIC_BASE + i`` for ``data.TACTICS[i]``;
* objective cards: ``OBJECTIVE_BASE + i`` for ``data.OBJECTIVES[i]`` (500..526);
* action cards: ``ACTION_BASE + i`` for ``data.ACTIONS[i]`` (600..649).

Actions, zones, events, views and targets all name a card by this id (``assign 103``,
``objective 503``); the rules turn it into the index into its data list where they need
one (``mission_of``, ``objective_of``, ...).
"""

from __future__ import annotations

__all__ = [
    "ACTION_BASE",
    "MISSION_BASE",
    "OBJECTIVE_BASE",
    "TACTIC_BASE",
    "action_card",
    "action_of",
    "mission_card",
    "mission_of",
    "objective_card",
    "objective_of",
    "tactic_card",
    "tactic_of",
]

MISSION_BASE = 100
TACTIC_BASE = 300
OBJECTIVE_BASE = 500
ACTION_BASE = 600


def mission_card(i: int) -> int:
    return MISSION_BASE + i


def mission_of(card: int) -> int:
    return card - MISSION_BASE


def tactic_card(i: int) -> int:
    return TACTIC_BASE + i


def tactic_of(card: int) -> int:
    return card - TACTIC_BASE


def action_card(i: int) -> int:
    return ACTION_BASE + i


def action_of(card: int) -> int:
    return card - ACTION_BASE


def objective_card(i: int) -> int:
    return OBJECTIVE_BASE + i


def objective_of(card: int) -> int:
    return card - OBJECTIVE_BASE
