"""The actions: every choice is atomic, and the action-id space is fixed.

Encoding (``GAME.encode``), class by class in this order, each a mixed-radix
block over its fields:

* ``mission_set <roe>``: choose the mission set, 1 = Rise of the Empire, 0 = base (RR-04).
* ``system <s>``: choose a location 0..32 (32 = the Rebel Base space): the remote system
  of the Death Star Under Construction, the Rebel base, or the system a leader activates.
* ``place <unit> <loc>``: place one starting unit of type ``unit`` (0..25) at ``loc``.
* ``assign <card> <leader>``: put mission ``card`` (an index into ``data.MISSIONS``) face
  down with ``leader`` on it.
* ``second <leader>``: put a second leader on the mission just assigned.
* ``close``: the mission just assigned takes no second leader.
* ``activate <leader>``: place ``leader`` from the pool to activate a system (the
  system follows as ``system <s>``).
* ``move <unit> <src>``: move one unit of type ``unit`` from system ``src`` into the
  activated system.
* ``move_captive <src>``: the Empire moves the captured Rebel leader from ``src`` into
  the activated system (like a ground unit that needs no transport).
* ``stop``: move no more units in.
* ``pass``: pass (the Assignment Phase: assign no more; the Command Phase: pass for good).
* ``reveal_base``: the Rebels reveal their base at the start of a Command turn.
* ``reveal <slot>``: reveal the face-down mission of assignment slot ``slot`` (0..11).
* ``target <leader>``: the leader a mission is attempted against.
* ``oppose <leader>``: send ``leader`` from the pool to oppose a mission (``pass``: none).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Action, ActionSpace

from .data import LEADERS, NUM_LOCATIONS, UNITS

__all__ = [
    "ACTION_SPACE",
    "MAX_CARDS",
    "MAX_SLOTS",
    "Activate",
    "Assign",
    "Close",
    "MissionSet",
    "Move",
    "MoveCaptive",
    "Oppose",
    "Pass",
    "Place",
    "Reveal",
    "RevealBase",
    "Second",
    "Stop",
    "SystemChoice",
    "Target",
]

MAX_CARDS = 120
"""Room for every mission and project card id (starting missions are 0..7)."""


@attrs.frozen
class MissionSet(Action):
    kind: ClassVar[str] = "mission_set"
    roe: bool


@attrs.frozen
class SystemChoice(Action):
    kind: ClassVar[str] = "system"
    system: int


@attrs.frozen
class Place(Action):
    kind: ClassVar[str] = "place"
    unit: int
    loc: int


@attrs.frozen
class Assign(Action):
    kind: ClassVar[str] = "assign"
    card: int
    leader: int


@attrs.frozen
class Second(Action):
    kind: ClassVar[str] = "second"
    leader: int


@attrs.frozen
class Close(Action):
    kind: ClassVar[str] = "close"


@attrs.frozen
class Activate(Action):
    kind: ClassVar[str] = "activate"
    leader: int


@attrs.frozen
class Move(Action):
    kind: ClassVar[str] = "move"
    unit: int
    src: int


@attrs.frozen
class MoveCaptive(Action):
    kind: ClassVar[str] = "move_captive"
    src: int


@attrs.frozen
class Stop(Action):
    kind: ClassVar[str] = "stop"


@attrs.frozen
class Pass(Action):
    kind: ClassVar[str] = "pass"


@attrs.frozen
class RevealBase(Action):
    kind: ClassVar[str] = "reveal_base"


@attrs.frozen
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    slot: int


@attrs.frozen
class Target(Action):
    kind: ClassVar[str] = "target"
    leader: int


@attrs.frozen
class Oppose(Action):
    kind: ClassVar[str] = "oppose"
    leader: int


MAX_SLOTS = 12
"""Face-down missions a side can have at once (4 starting + up to 10 in hand, 1 leader each
from at most 8 leaders in the pool: 8 is the real limit)."""

NL = len(LEADERS)
NU = len(UNITS)

ACTION_SPACE = ActionSpace(
    [
        (MissionSet, {"roe": 2}),
        (SystemChoice, {"system": NUM_LOCATIONS}),
        (Place, {"unit": NU, "loc": NUM_LOCATIONS}),
        (Assign, {"card": MAX_CARDS, "leader": NL}),
        (Second, {"leader": NL}),
        (Close, {}),
        (Activate, {"leader": NL}),
        (Move, {"unit": NU, "src": NUM_LOCATIONS}),
        (MoveCaptive, {"src": NUM_LOCATIONS}),
        (Stop, {}),
        (Pass, {}),
        (RevealBase, {}),
        (Reveal, {"slot": MAX_SLOTS}),
        (Target, {"leader": NL}),
        (Oppose, {"leader": NL}),
    ]
)
