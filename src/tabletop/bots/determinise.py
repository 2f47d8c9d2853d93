"""What a player knows, as a state a search may sample from.

:func:`information_set` returns a copy of a state in which every fact hidden
from ``player`` is replaced by a canonical stand-in: the unknown cards of each
pool of hidden zones are dealt back in increasing id order (zone sizes kept),
and the copy's RNG (the real future) is replaced by a fixed one. Two states
that differ only in what ``player`` cannot see therefore give the same copy,
so a seeded search that samples its determinisations from it with
``copy.resample(player, rng)`` makes the same choices in both: it cannot
depend on hidden information, not even through the order of a hidden deck.
"""

from __future__ import annotations

from ..model import Zone
from ..rng import Rng
from ..state import State

__all__ = ["information_set"]


def information_set(state: State, player: int) -> State:
    """A copy of ``state`` that depends only on what ``player`` may know."""
    new = state.clone()
    pools: dict[str, list[Zone]] = {}
    for z in new.zones.values():
        if not z.visible_to(player):
            key = z.pool if z.pool is not None else f"owner:{z.owner}"
            pools.setdefault(key, []).append(z)
    for zones in pools.values():
        known = [set(z.known.get(player, ())) for z in zones]
        free = sorted(c for z, k in zip(zones, known) for c in z.cards if c not in k)
        it = iter(free)
        for z, k in zip(zones, known):
            z.cards = [c if c in k else next(it) for c in z.cards]
    new.rng = Rng(0)
    new._legal = None
    return new
