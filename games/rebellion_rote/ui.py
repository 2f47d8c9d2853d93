"""Static facts for user interfaces (``Game.ui``): the map and the names behind the view's indices.

The view of a Rebellion state is index-based (``loyalty[system]``,
``units[location][unit]``, ``leader_loc[leader]``, ``markers[system]`` as a bit
mask, ``queue[side * 3 + space - 1]``). A client reads what the indices mean
here, served by the game server at ``GET /packs/rebellion_rote``: each
system's name, region, whether it is remote, and where to draw it
(``data/map.toml``: pack data, not rules), the adjacency, the unit types, the
leaders, the target markers, the sides' colours and the time track; the Rebel
Base space (``rebel_base_space``: location and target system 32, not on the
map), the attachment rings (``rings``: name and text, by ``data.RINGS`` index)
and the skills' names (``skill_names``). :mod:`.table` says what the targets of
the legal actions and the combat facts point at here.
"""

from __future__ import annotations

from typing import Any

import attrs

from .data import (
    ADJACENT,
    LEADERS,
    MARKERS,
    REBEL_BASE,
    REBEL_BASE_SPACE,
    SKILLS,
    SYSTEMS,
    TIME_TRACK,
    UNITS,
    load,
)
from .table import RING_FACTS, SKILL_NAMES

__all__ = ["UI"]


@attrs.frozen(kw_only=True)
class Place:
    """Where a client draws a system: x 0..100 left to right, y 0..62 top to bottom."""

    system: str
    x: float = attrs.field(
        validator=attrs.validators.and_(attrs.validators.ge(0), attrs.validators.le(100))
    )
    y: float = attrs.field(
        validator=attrs.validators.and_(attrs.validators.ge(0), attrs.validators.le(62))
    )


def _places() -> dict[str, Place]:
    rows = load("map.toml", "place", Place)
    by_name = {p.system: p for p in rows}
    missing = [s.name for s in SYSTEMS if s.name not in by_name]
    if missing or len(by_name) != len(SYSTEMS):
        raise ValueError(f"map.toml: one place per system; missing {missing}")
    return by_name


def _ui() -> dict[str, Any]:
    places = _places()
    return {
        "map": {"width": 100, "height": 62},
        "sides": [
            {"name": "Rebel", "colour": "#d9534f"},
            {"name": "Imperial", "colour": "#5b8def"},
        ],
        "regions": [{"region": r, "colour": c} for r, c in enumerate(_REGION_COLOURS, 1)],
        "systems": [
            {
                "name": s.name,
                "region": s.region,
                "remote": s.remote,
                "icons": list(s.icons),
                "build": s.build,
                "x": places[s.name].x,
                "y": places[s.name].y,
            }
            for s in SYSTEMS
        ],
        "rebel_base": "Rebel Base",
        # the Rebel Base space: location 32 of the view's per-location lists (``units``,
        # ``leader_loc``) and system 32 of the targets; not a system of the map
        "rebel_base_space": {
            "id": REBEL_BASE,
            "name": REBEL_BASE_SPACE.name,
            "icons": list(REBEL_BASE_SPACE.icons),
            "build": REBEL_BASE_SPACE.build,
        },
        # where the base is: the one "card" of these zones is a system's index; the
        # first is the Rebels' secret (only their view holds it), the second once revealed
        "base_zones": ["base", "base_face_up"],
        "adjacent": [list(ns) for ns in ADJACENT],
        "units": [
            {
                "name": u.name,
                "side": u.side,
                "theater": u.theater,
                "kind": u.kind,
                "attack": {"black": u.attack_black, "red": u.attack_red, "green": u.attack_green},
                "health": u.health,
                "health_colour": u.health_colour,
                "capacity": u.capacity,
            }
            for u in UNITS
        ],
        "leaders": [
            {
                "name": ld.name,
                "side": ld.side,
                "skills": {k: ld.skill(k) for k in SKILLS},
                "space": ld.space,
                "ground": ld.ground,
            }
            for ld in LEADERS
        ],
        "markers": [m.name for m in MARKERS],
        "rings": RING_FACTS,
        "skill_names": SKILL_NAMES,
        "time_track": len(TIME_TRACK.spaces),
        "leader_status": ["supply", "pool", "board", "mission", "eliminated"],
        "loyalty": {"-1": "none", "0": "Rebel", "1": "Imperial"},
    }


_REGION_COLOURS = (
    "#3b4a6b",
    "#4b3b6b",
    "#6b3b55",
    "#3b6b5e",
    "#5e6b3b",
    "#6b553b",
    "#3b5e6b",
    "#553b6b",
)

UI = _ui()
