"""The rows behind ``card NAME`` for the board's systems: printed facts and neighbours.

``Game.cards["Systems"]`` is what a player looks a system up in (the terminal's
``card Yavin``, the docs' card reference). A system's printed facts
(``data/systems.toml``) do not say where it lies; its neighbours
(``data/adjacency.toml``) do, so each row carries them too.
"""

from __future__ import annotations

import attrs

from .data import ADJACENT, SYSTEMS, SystemDef

__all__ = ["SystemFacts", "system_facts"]


@attrs.frozen(kw_only=True)
class SystemFacts(SystemDef):
    """A system's printed facts and the names of its neighbours, in map order."""

    neighbours: tuple[str, ...] = ()


def system_facts() -> tuple[SystemFacts, ...]:
    """Every system with its neighbours (the Rebel Base space is no system: it has none)."""
    return tuple(
        SystemFacts(
            **{f.name: getattr(s, f.name) for f in attrs.fields(SystemDef)},
            neighbours=tuple(SYSTEMS[n].name for n in ADJACENT[i]),
        )
        for i, s in enumerate(SYSTEMS)
    )
