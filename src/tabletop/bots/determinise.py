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
from itertools import repeat, starmap

from ..rng import Rng
from ..state import State

__all__ = ["Sampler", "information_set"]


def information_set(state: State, player: int) -> State:
    """A copy of ``state`` that depends only on what ``player`` may know (a seat knows
    what its pack's ``_viewer`` says: teammates may share a side's knowledge)."""
    player = state._viewer(player)
    new = state.clone()
    new.redeal_hidden(player, list.sort)
    new._resample(player, Rng(0))  # the pack's other hidden facts, and what derives from them
    new.rng = Rng(0)
    new._legal = None
    new.determinised = True  # its record would not lead to it
    return new


class Sampler:
    """Determinisations of ``info`` for ``player``, reproducible from ``rng``.

    ``info`` should come from :func:`information_set`. Each :meth:`sample` is
    a clone in which the cards ``player`` does not know are shuffled within
    their pool, the pack re-deals its other hidden facts, and the RNG is new.
    """

    def __init__(self, info: State, player: int, rng: Rng) -> None:
        self.info = info
        self.player = info._viewer(player)
        self.rng = rng
        self.rand = random.Random(rng.next64())
        self._pools = [_Pool(info, names, self.player) for names in info.hidden_pools(self.player)]

    def _shuffle(self, ids: list[int]) -> None:
        # Sorting by C-level random keys: several times faster than a
        # Fisher-Yates shuffle driven by the pure-Python Rng, and as uniform.
        # (Sorted by key alone: of two equal keys, which a 53-bit float makes
        # vanishingly rare, the one first in ``ids`` stays first.)
        n = len(ids)
        keys = list(starmap(self.rand.random, repeat((), n)))  # n keys, a C loop
        ids[:] = map(ids.__getitem__, sorted(range(n), key=keys.__getitem__))

    def sample(self) -> State:
        new = self.info.clone()
        # State.redeal_hidden(player, self._shuffle), with what it finds in ``info``
        # (the same every time) found once
        zones = new.zones
        for pool in self._pools:
            free = pool.free[:]
            if len(free) > 1:
                self._shuffle(free)
            pool.deal(free, zones)
        new._resample(self.player, self.rng)
        new.rng = self.rng.spawn()
        new._legal = None
        new.determinised = True
        return new


class _Pool:
    """One pool of zones hidden from ``player`` in a state a :class:`Sampler` samples:
    the ids the player does not know (``free``, in the order
    :meth:`State.redeal_hidden` collects them) and where they are dealt back."""

    __slots__ = ("free", "layout")

    def __init__(self, state: State, names: list[str], player: int) -> None:
        self.free: list[int] = []
        self.layout: list[tuple[str, int, list[int | None] | None]] = []
        """Each zone's name, how many free ids it takes, and (when it holds ids the
        player knows) its cards with each free place ``None``."""
        for name in names:
            cards = state.zones[name]
            known = state.known_to(name, player)
            free = [c for c in cards if c not in known]
            self.free += free
            template = [c if c in known else None for c in cards] if known else None
            self.layout.append((name, len(free), template))

    def deal(self, ids: list[int], zones: dict[str, list[int]]) -> None:
        """Deal ``ids`` (the free ids in a new order) into ``zones`` as
        :meth:`State.redeal_hidden` would."""
        at = 0
        for name, n, template in self.layout:
            if template is None:
                zones[name] = ids[at : at + n]
            else:
                it = iter(ids[at : at + n])
                zones[name] = [next(it) if c is None else c for c in template]
            at += n
