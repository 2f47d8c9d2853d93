"""Adapters to learning and search libraries: PettingZoo, Gymnasium, OpenSpiel.

Each works for any pack that declares an observation tensor
(:mod:`tabletop.observation`), through the contract alone (a pack is reached
by ``tabletop.load(name)``, never imported), so a third party's pack gets
them by implementing the contract:

* :mod:`tabletop.adapters.pettingzoo`: ``env(game, **options)``, an AEC
  environment with action masks over the fixed action-id space, and
  ``parallel_env(game, **options)``;
* :mod:`tabletop.adapters.gymnasium`: ``env(game, seat=0, opponent="random",
  **options)``, one seat against a bot in the others;
* :mod:`tabletop.adapters.openspiel`: ``register(game)`` / ``load(game)``, the
  pack as a pyspiel Python game.

They need the ``rl`` extra (``pip install 'tabletop[rl]'``); importing
``tabletop`` or this package imports none of those libraries.
"""
