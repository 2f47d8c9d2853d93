"""Build a game in a chosen position: for scenario tests, puzzles and tutorials.

>>> from rebel_space.position import position, find
>>> s = position(turn=0, step="attack_start",
...              zones={"active0": ["Princess", "Rebel Soldier"], "active1": ["Battle Walkers"]},
...              attach=[("Laser Sword", "Princess")])
>>> s.prompt
'Rebel: form a battle group or stop (0 declared)'
>>> s.describe(s.legal_actions()[0])
'Form a new ground battle group'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import NAME, OWNER
from .state import RebelSpaceState

__all__ = ["PHASE_OF_STEP", "find", "position"]

PHASE_OF_STEP = {
    "draw": "draw",
    "activate": "activation",
    "attack_start": "attack",
    "deploy": "deploy",
    "end": "end",
    "limit": "end",
}


def _take(s: RebelSpaceState, name: str) -> int:
    """The lowest id of a card called ``name`` still in its owner's deck."""
    for c in sorted(c for p in (0, 1) for c in s.zones[f"deck{p}"].cards):
        if NAME[c] == name:
            s.zones[f"deck{OWNER[c]}"].cards.remove(c)
            return c
    raise ValueError(f"no {name!r} left in its deck to place")


def position(
    *,
    turn: int = 0,
    step: str = "draw",
    zones: Mapping[str, Sequence[str]] | None = None,
    attach: Sequence[tuple[str, str]] = (),
    deck_size: Mapping[int, int] | None = None,
    budget: int | None = None,
    seed: int = 0,
    options: Any = None,
) -> RebelSpaceState:
    """A game of ``turn``'s player at ``step`` with the named cards placed.

    Every card starts in its owner's deck (shuffled by ``seed``); ``zones``
    maps zone names (``"hand0"``, ``"active1"``, ``"inactive0"``,
    ``"discard1"``...) to card names placed there in order (a Rebel hero in
    ``active1`` is one the Imperial controls). ``attach`` puts items,
    companions (or Psi cards) on a hero already placed, by names. ``deck_size``
    trims a player's deck to that many cards (the rest go to their discard).
    ``step`` is where play resumes: ``"draw"``, ``"attack_start"``,
    ``"deploy"``, ``"end"``...
    """
    from . import GAME

    s = GAME.new_state(seed=seed, options=options)
    assert isinstance(s, RebelSpaceState)
    s.stack.clear()
    for p in (0, 1):
        hand = s.zones[f"hand{p}"]
        s.zones[f"deck{p}"].cards.extend(hand.cards)
        hand.cards.clear()
    for zname, names in (zones or {}).items():
        z = s.zones[zname]
        for name in names:
            z.cards.append(_take(s, name))
    for item, hero in attach:
        h = find(s, hero)
        c = _take(s, item)
        s.zones[f"attached{OWNER[c]}"].cards.append(c)
        s.host[c] = h
    for p, n in (deck_size or {}).items():
        deck = s.zones[f"deck{p}"]
        while len(deck.cards) > n:
            s.zones[f"discard{p}"].cards.append(deck.cards.pop(0))
    s.turn = turn
    s.step = step
    s.phase = PHASE_OF_STEP.get(step, "attack")
    s.budget = s.options.deploy_points if budget is None else budget
    s.log.clear()
    s._legal = None
    s.mark_unrecorded("a position built by hand has no record")
    from .rules.flow import advance

    advance(s)
    return s


def find(s: RebelSpaceState, name: str, zone: str | None = None, nth: int = 0) -> int:
    """The id of the ``nth`` card called ``name`` in ``zone`` (default: in play,
    then in any zone), in zone order."""
    if zone is not None:
        order = [zone]
    else:
        order = [f"{z}{p}" for z in ("active", "inactive", "attached") for p in (0, 1)]
        order += [n for n in s.zones if n not in order]
    found = [c for zn in order for c in s.zones[zn].cards if NAME[c] == name]
    if len(found) <= nth:
        raise ValueError(f"no card {name!r} #{nth} in {zone or 'any zone'}")
    return found[nth]
