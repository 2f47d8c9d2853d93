"""The atomic actions and the fixed action-id space.

A turn is a short sequence of atomic choices, never a combination:

1. which available ship acts: ``play <type>`` (a ship of that type from the
   hand) or ``act <card>`` (a ship or Station in play);
2. where it goes: ``to <card> <side>`` (the empty cell on that side of that
   card in play) or ``stay``; (``home`` only when SSA-19 applies). A Station
   never moves, so choosing it skips this step;
3. its target, only when more than one enemy card is adjacent: ``fire <card>``
   (with exactly one the shot is automatic, with none there is no shot).

Before wave 1 each player answers ``mulligan 0`` (keep) or ``mulligan 1``.

Encoding (``ACTION_SPACE``, size 2004). The grid is unbounded, so a cell is
never named by absolute coordinates: ``to <card> <side>`` names the cell by a
card in play next to it. Every legal destination is, by the rules (SSA-07,
SSA-08), an empty cell orthogonally adjacent to a card in play, so it has at
least one such name, and card ids are below ``MAX_CARDS`` (330: 6 players x
55 ids). Hence every reachable destination is encodable however far the
fleets wander, and the space is finite: ``to`` takes 330 x 4 ids. Of a cell's
names the legal one is the neighbour with the lowest id (the canonical
anchor), so legal actions and cells are in one-to-one correspondence. A ship
type is named by its row in the ship table (at most ``MAX_TYPES`` = 20 rows).

======== ======================= ===========
kind     fields (range)          ids
======== ======================= ===========
mulligan redraw (0..1)           2
play     ship (0..19)            20
act      card (0..329)           330
to       card (0..329), side 0-3 1320
home     -                       1
stay     -                       1
fire     card (0..329)           330
======== ======================= ===========

Sides: 0 east (x+1), 1 north (y+1), 2 west (x-1), 3 south (y-1).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Action, ActionSpace

from .ships import MAX_CARDS, MAX_TYPES

__all__ = [
    "ACT",
    "ACTION_SPACE",
    "FIRE",
    "HOME",
    "PLAY",
    "STAY",
    "TO",
    "Act",
    "Fire",
    "Home",
    "Mulligan",
    "Play",
    "Stay",
    "To",
]

SIDE_NAMES = ("east", "north", "west", "south")


@attrs.frozen
class Mulligan(Action):
    """Keep the opening hand (``mulligan 0``) or put it on the bottom of the deck and
    draw 10 new cards (``mulligan 1``). Once per player, before wave 1; hidden from
    the others until everyone has chosen (SSA-04)."""

    kind: ClassVar[str] = "mulligan"
    redraw: bool


@attrs.frozen
class Play(Action):
    """Play a ship of table row ``ship`` from the hand (``play 1``: a Fighter with the
    printed table). It must be of the current Speed; where it goes is the next choice."""

    kind: ClassVar[str] = "play"
    ship: int


@attrs.frozen
class Act(Action):
    """Have ship or Station ``card``, in play and not yet acted this wave, take this
    turn (``act 57``). A ship then moves or stays; a Station stays and fires."""

    kind: ClassVar[str] = "act"
    card: int


@attrs.frozen
class To(Action):
    """Put the acting ship in the empty cell on side ``side`` (0 east, 1 north, 2 west,
    3 south) of card ``card`` in play (``to 0 0``: just east of the first Station).
    Playing from the hand places it; a ship in play moves there. It then fires."""

    kind: ClassVar[str] = "to"
    card: int
    side: int

    def __hash__(self) -> int:
        # The search keys its tree by action and a node has a ``to`` for every cell of
        # the frontier: one number, not a tuple, is what those lookups hash.
        return hash(self.card * 4 + self.side)


@attrs.frozen
class Home(Action):
    """Play the ship onto its owner's Station's starting cell (``home``). Legal only
    when no cell satisfies the placement rule at all (SSA-19)."""

    kind: ClassVar[str] = "home"


@attrs.frozen
class Stay(Action):
    """The acting ship in play stays where it is and fires (``stay``)."""

    kind: ClassVar[str] = "stay"


@attrs.frozen
class Fire(Action):
    """Fire at adjacent enemy card ``card`` (``fire 55``): asked only when more than
    one enemy card is adjacent; the acting card's owner chooses (SSA-09)."""

    kind: ClassVar[str] = "fire"
    card: int


ACTION_SPACE = ActionSpace(
    [
        (Mulligan, {"redraw": 2}),
        (Play, {"ship": MAX_TYPES}),
        (Act, {"card": MAX_CARDS}),
        (To, {"card": MAX_CARDS, "side": 4}),
        (Home, {}),
        (Stay, {}),
        (Fire, {"card": MAX_CARDS}),
    ]
)

# One shared instance of every action: legal-move generation only appends them.
KEEP, REDRAW = Mulligan(False), Mulligan(True)
PLAY = tuple(Play(t) for t in range(MAX_TYPES))
ACT = tuple(Act(c) for c in range(MAX_CARDS))
TO = tuple(tuple(To(c, s) for s in range(4)) for c in range(MAX_CARDS))
TO_FLAT = tuple(a for row in TO for a in row)
"""``TO_FLAT[card << 2 | side]`` is ``To(card, side)``."""
HOME = Home()
STAY = Stay()
FIRE = tuple(Fire(c) for c in range(MAX_CARDS))
