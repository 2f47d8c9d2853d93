"""Attachment rings that act in play (research-2 §4.1-§4.3; RR-84, RR-85).

Each leader wears at most one ring (``board.rings``); a new ring replaces the old, and a
ring the game holds one of leaves the leader that wore it (:func:`attach`). The captured
ring is a ring too: capturing a leader removes the ring it wore (:func:`.board.capture`,
RR-84).

**The Master Yoda ring** (attached by Seek Yoda, :mod:`.rebel_missions`): once per game
round, when its leader is in the system of a mission or of a combat, its side may reroll
1 of its own dice (``yoda_reroll <die>``):

* in a mission's roll-off, once both sides have rolled (FAQ), in the window for
  abilities on the dice (:data:`.missions.AFTER_ROLL`), whichever side attempts it;
* in a combat, as a combat action of the side's own attack (:mod:`.combat.attacks`),
  any die of the attack not marked for the leader reroll.

The round it was used in is ``RebellionState.yoda_round``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import YodaReroll
from ..board import NO_RING, OFF, SIDE_OF_LEADER
from ..data import REBEL_BASE, RINGS
from ..events import DiceRerolled, MissionDieRerolled, RingAttached, RingUsed
from .dice import roll

if TYPE_CHECKING:
    from ..board import Board
    from ..state import RebellionState

__all__ = [
    "BOUNTY",
    "YODA",
    "apply_combat_reroll",
    "apply_mission_reroll",
    "attach",
    "combat_reroll_options",
    "holder",
    "mission_reroll_options",
]

YODA = RINGS.index("yoda")
BOUNTY = RINGS.index("bounty")


def holder(b: Board, ring: int) -> int:
    """The leader wearing ``ring``, or ``OFF``."""
    for x, r in enumerate(b.rings):
        if r == ring:
            return x
    return OFF


def attach(s: RebellionState, leader: int, ring: int) -> None:
    """``ring`` goes on ``leader``, replacing the ring it wore; the one copy of the ring
    leaves the leader that wore it before."""
    b = s.board
    before = holder(b, ring)
    if before != OFF:
        b.rings[before] = NO_RING
    b.rings[leader] = ring
    s.emit(RingAttached(leader=leader, ring=ring))


# ---------------------------------------------------------------- the Master Yoda ring
def yoda_ready(s: RebellionState, side: int, system: int) -> int:
    """The leader wearing the Master Yoda ring, if ``side`` may use it now in ``system``
    (its leader there, not used this round); else ``OFF``."""
    if s.yoda_round == s.round:
        return OFF
    b = s.board
    x = holder(b, YODA)
    if x == OFF or SIDE_OF_LEADER[x] != side or x == b.captured:
        return OFF
    where = s.base if system == REBEL_BASE and b.base_revealed else system
    return x if b.leader_loc[x] == where else OFF


def mission_reroll_options(s: RebellionState, side: int) -> list[Action]:
    """``yoda_reroll <die>`` for each of ``side``'s roll-off dice, if the ring may be used."""
    if not s.roll_off or yoda_ready(s, side, s.roll_off[2]) == OFF:
        return []
    return [YodaReroll(i) for i in range(len(s.mission_dice[side]))]


def apply_mission_reroll(s: RebellionState, side: int, a: Action) -> None:
    from .missions import roll_successes

    assert isinstance(a, YodaReroll)
    leader = yoda_ready(s, side, s.roll_off[2])
    dice = s.mission_dice[side]
    colour, was = dice[a.die]
    face = roll(s.rng, colour, 1)[0]
    dice[a.die] = (colour, face)
    s.yoda_round = s.round
    s.emit(RingUsed(leader=leader, ring=YODA))
    s.emit(
        MissionDieRerolled(
            player=side, die=a.die, was=was, face=face, successes=roll_successes(s, side)
        )
    )


def combat_reroll_options(s: RebellionState, p: int) -> list[Action]:
    """``yoda_reroll <die>`` for each die of ``p``'s attack not marked for the leader
    reroll, if the ring may be used in the combat's system."""
    bt = s.battle
    if yoda_ready(s, p, bt.system) == OFF:
        return []
    return [YodaReroll(i) for i in range(len(bt.dice)) if i not in bt.marked]


def apply_combat_reroll(s: RebellionState, p: int, die: int) -> None:
    bt = s.battle
    leader = yoda_ready(s, p, bt.system)
    colour = bt.dice[die][0]
    face = roll(s.rng, colour, 1)[0]
    bt.dice[die] = (colour, face)
    s.yoda_round = s.round
    s.emit(RingUsed(leader=leader, ring=YODA))
    s.emit(DiceRerolled(player=p, dice=(die,), faces=(face,)))
