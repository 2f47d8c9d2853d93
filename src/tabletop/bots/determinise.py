"""What a player knows, as a state a search may sample from.

:func:`information_set` returns a copy of a state in which every fact hidden
from ``player`` is replaced by a canonical stand-in: the unknown cards of each
pool of hidden zones are dealt back in increasing id order (zone sizes kept),
the pack's ``_resample`` re-deals its other hidden facts from a fixed seed,
and the copy's RNG (the real future) is replaced by a fixed one. Two states
that differ only in what ``player`` cannot see therefore give the same copy,
so a seeded search that samples its determinisations from it makes the same
choices in both: it cannot depend on hidden information, not even through the
order of a hidden deck.

:class:`Sampler` then draws determinisations from that copy: the re-deal of
:meth:`State.resample` (hidden cards shuffled within their pool, the pack's
``_resample`` for hidden facts outside zones, a fresh RNG), with a faster
shuffle for search, which needs thousands of them per second.
"""

from __future__ import annotations

import random

from ..model import Zone
from ..rng import Rng
from ..state import State

__all__ = ["Sampler", "information_set"]


def _pools(state: State, player: int) -> list[list[Zone]]:
    pools: dict[str, list[Zone]] = {}
    for z in state.zones.values():
        if not z.visible_to(player):
            key = z.pool if z.pool is not None else f"owner:{z.owner}"
            pools.setdefault(key, []).append(z)
    return list(pools.values())


def information_set(state: State, player: int) -> State:
    """A copy of ``state`` that depends only on what ``player`` may know."""
    new = state.clone()
    for zones in _pools(new, player):
        known = [set(z.known.get(player, ())) for z in zones]
        free = sorted(c for z, k in zip(zones, known) for c in z.cards if c not in k)
        it = iter(free)
        for z, k in zip(zones, known):
            z.cards = [c if c in k else next(it) for c in z.cards]
    new._resample(player, Rng(0))  # the pack's other hidden facts, and what derives from them
    new.rng = Rng(0)
    new._legal = None
    return new


class Sampler:
    """Determinisations of ``info`` for ``player``, reproducible from ``rng``.

    ``info`` should come from :func:`information_set`. Each :meth:`sample` is
    a clone in which the cards ``player`` does not know are shuffled within
    their pool, the pack re-deals its other hidden facts, and the RNG is new.
    """

    def __init__(self, info: State, player: int, rng: Rng) -> None:
        self.info = info
        self.player = player
        self.rng = rng
        self.rand = random.Random(rng.next64())
        names = {id(z): name for name, z in info.zones.items()}
        self.pools = [
            [(names[id(z)], frozenset(z.known.get(player, ()))) for z in zones]
            for zones in _pools(info, player)
        ]

    def sample(self) -> State:
        new = self.info.clone()
        rand = self.rand.random
        for pool in self.pools:
            zones = [(new.zones[name], known) for name, known in pool]
            free = [c for z, known in zones for c in z.cards if c not in known]
            if len(free) > 1:
                keyed = sorted([(rand(), c) for c in free])
                it = iter([c for _, c in keyed])
            else:
                it = iter(free)
            for z, known in zones:
                z.cards = [c if c in known else next(it) for c in z.cards]
        new._resample(self.player, self.rng)
        new.rng = self.rng.spawn()
        new._legal = None
        new.determinised = True
        return new
