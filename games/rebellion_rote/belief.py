"""Where the Empire's search believes the hidden base is: ``GAME.search["belief"]``.

A determinisation re-deals the hidden base among the probe cards the Empire has not seen,
each as likely as the next (``RebellionState._resample``): a Rebel player who hides the
base by drawing a card at random. Players do not: they hide it where the Empire is
weakest, and the position they chose from is public (the units are placed before the
base is chosen, research §2 steps 5-6). So the search bot (:class:`tabletop.bots.ISMCTSBot`,
which asks the pack's ``belief`` once a decision) re-draws the base in each of its
determinisations with a weight for each system: how little of the Empire's strength stood
around it when the Rebels chose (:func:`~rebellion_rote.heuristic.assault`, the Empire's
readiness to take that system, read in the Empire's own knowledge of that moment),

    weight = exp(-(assault(system) - least assault) / TEMPERATURE),

among the systems the public facts still allow (``base_mask``, not destroyed) whose card
the Empire has not seen. No system is left out: the weights only order them, and each
probe card, search or clue that rules one out moves the belief to the next.

The belief holds for the base chosen at the start; once the Rebels relocate it (Rapid
Mobilization: the new base is one of the cards they looked at, hidden from the Empire)
the search draws it as the re-deal does. A position without a record (a hand-made
state) has no moment of choice to read: the re-deal's draw too. The greedy bot does not
use the belief: it is the one-ply baseline, and stays what it was.

Measured (``benchmarks/rebellion_strength.py``, see the Write a bot page): both bots of
this library hide the base in the system this weight rates best, the greedy Rebels
always (the least assault is their value's best choice) and the search Rebels in 12 of
12 games.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop import Rng, State
from tabletop.bots.determinise import information_set

from .data import IMPERIAL, NUM_SYSTEMS
from .decisions import ChooseBase
from .events import BaseRelocated
from .heuristic import Forces, assault
from .rules.base_clues import base_fits, hidden_places
from .state import RebellionState

__all__ = ["TEMPERATURE", "base_weights", "belief"]

TEMPERATURE = 0.02
"""How far the weights spread, in units of :func:`~rebellion_rote.heuristic.assault`
(0 to 1): a system whose assault is 0.02 above the least weighs ``1/e`` of the best one,
0.1 above ``1/150``. The best choice and the second differ by 0.02 to 0.12 at most
set-ups."""

Adjust = Callable[[State, Rng], None]


def base_weights(s: RebellionState) -> list[float] | None:
    """The belief's weight of each system (``NUM_SYSTEMS`` of them) for the base chosen at
    the start of ``s``'s game, or None when there is none to read: no record, the base
    not chosen yet, or relocated since.

    The game is played again from its record up to the Rebels' choice, and the weights
    read in :func:`~tabletop.bots.information_set` of that moment for the Empire, so
    they depend only on what the Empire knew."""
    if s.no_record and s._record_len is None:
        return None
    if any(isinstance(e, BaseRelocated) for e in s.log):
        return None
    history = s.history if not s.no_record else s.history[: s._record_len]
    before = s._first()
    for a in history:
        if before.stack and isinstance(before.stack[-1], ChooseBase):
            break
        before.apply(a, check=False)
    else:
        return None  # the base is not chosen yet
    seen = information_set(before, IMPERIAL)
    assert isinstance(seen, RebellionState)
    forces = Forces(seen)
    threat = [assault(seen, x, forces) for x in range(NUM_SYSTEMS)]
    least = min(threat)
    return [math.exp((least - t) / TEMPERATURE) for t in threat]


def belief(info: State, player: int) -> Adjust | None:
    """For a search by ``player`` from ``info`` (its :func:`~tabletop.bots.information_set`):
    a function that re-draws the hidden base of each determinisation by
    :func:`base_weights`, or None when the belief does not apply (a Rebel seat, the base
    revealed or relocated, no record)."""
    assert isinstance(info, RebellionState)
    if info._viewer(player) != IMPERIAL or info.board.base_revealed or not info.zones["base"]:
        return None
    weights = base_weights(info)
    if weights is None:
        return None
    return lambda d, rng: redraw_base(d, weights, rng)


def redraw_base(d: State, weights: list[float], rng: Rng) -> None:
    """Put ``d``'s hidden base on a system drawn by ``weights`` among those it may be in
    for the Empire: the base's own, if it fits the public facts, and those of the hidden
    probe cards that do (:func:`~rebellion_rote.rules.base_clues.hidden_places`). The
    base card changes places with the card drawn."""
    assert isinstance(d, RebellionState)
    base = d.zones["base"]
    if not base:
        return
    places = hidden_places(d)
    if base_fits(d, base[0]):
        places.insert(0, (base, 0))
    if not places:
        return
    x = rng.random() * sum(weights[z[i]] for z, i in places)
    for z, i in places:
        x -= weights[z[i]]
        if x < 0:
            break
    z[i], base[0] = base[0], z[i]
