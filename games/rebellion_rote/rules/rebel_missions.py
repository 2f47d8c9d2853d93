"""The Rebel mission deck's effects (research §7.2; ``data/missions_rebel.toml``).

:data:`EFFECTS` maps an effect kind to ``fn(state, mission, effect) -> bool`` (True: it
pushed a decision, and the mission goes on when that is done), :data:`AVAILABLE` the
options of a choice card that need something in the system, :data:`WHERE` the
``where`` kinds these cards add (``fn(state, system) -> bool``). :mod:`.missions`
merges the three tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = ["AVAILABLE", "EFFECTS", "WHERE"]

EFFECTS: dict[str, Callable[[RebellionState, Resolving, MissionEffect], bool]] = {}
AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {}
WHERE: dict[str, Callable[[RebellionState, int], bool]] = {}
