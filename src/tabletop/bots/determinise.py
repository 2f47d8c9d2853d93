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

    def _shuffle(self, ids: list[int]) -> None:
        # Sorting by C-level random keys: several times faster than a
        # Fisher-Yates shuffle driven by the pure-Python Rng, and as uniform.
        rand = self.rand.random
        ids[:] = [c for _, c in sorted([(rand(), c) for c in ids])]

    def sample(self) -> State:
        new = self.info.clone()
        new.redeal_hidden(self.player, self._shuffle)
        new._resample(self.player, self.rng)
        new.rng = self.rng.spawn()
        new._legal = None
        new.determinised = True
        return new
