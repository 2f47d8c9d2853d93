"""The bot protocol: what a bot is, and what it may read.

A bot is anything with ``choose(state) -> Action``: given a state where it is
to decide (``state.current_player`` is its seat), it returns one of
``state.legal_actions()``. Optionally it has ``reset(seed)``, called when it
is built for a new game (see :func:`tabletop.bots.make_bot`).

**What a bot may read.** Only what its seat may know:

* ``state.current_player`` (its seat), ``state.legal_actions()``,
  ``state.describe(a)``, ``state.targets(a)``, ``state.prompt()``,
  ``state.game`` and its static facts (cards, options, ``heuristic``);
* ``state.view(seat)``, ``state.observation(seat)``, ``state.legal_mask()``
  and the public facts of the state (``num_players``, ``options``,
  ``side_of``); not ``history``, whose actions may name what the seat has
  not seen;
* for search: ``state.resample(seat, rng)``, a state in which everything
  the seat does not know (the order of decks, the other hands, the future of
  the dice) is dealt anew; or :func:`tabletop.bots.information_set`, a copy
  that depends only on what the seat knows. Those states it may read and
  play forward freely.

A bot must not read the real state's hidden facts (zones it cannot see,
``state.rng``, ``state.seed``, the pack's private fields) and must not change
``state``. :func:`tabletop.testing.check_bot` checks both: a bot seeded the
same way must choose the same action in a state and in a resample of it for
its seat (which differs only in what the seat cannot see), and leave the
state as it was.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..model import Action
from ..state import State

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(state) -> Action`` (a legal action of ``state``);
    ``reset(seed)`` is optional (see the module)."""

    def choose(self, state: State) -> Action: ...
