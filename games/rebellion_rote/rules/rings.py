"""Attachment rings (research-2 §4.1-§4.3; RR-84, RR-85, RR-150..RR-155).

Each leader wears at most one ring (``board.rings``); a new ring replaces the old, and a
ring the game holds one of leaves the leader that wore it (:func:`attach`). The captured
ring is a ring too: capturing a leader removes the ring it wore (:func:`.board.capture`,
RR-84). Which leader a ring may go on is :func:`may_wear` (RR-150); a card that attaches a
ring by choice pushes :class:`.decisions.AttachRing` (``target <leader>`` for each of
:func:`wearers`). Frozen in Carbonite and Lure of the Dark Side go on a captive by their
missions (:mod:`.imperial_missions`, RR-71, RR-72); the Master Yoda ring by Seek Yoda
(:mod:`.rebel_missions`, RR-85).

**The Master Yoda ring** (attached by Seek Yoda, :mod:`.rebel_missions`): once per game
round, when its leader is in the system of a mission or of a combat, its side may reroll
1 of its own dice (``yoda_reroll <die>``):

* in a mission's roll-off, once both sides have rolled (FAQ), in the window for
  abilities on the dice (:data:`.missions.AFTER_ROLL`), whichever side attempts it;
* in a combat, as a combat action of the side's own attack (:mod:`.combat.attacks`),
  any die of the attack not marked for the leader reroll;
* in a combat, one of the Rebels' 3 Death Star Plans dice when they show no direct hit,
  before the outcome (research §7.4, research-2 §4.2; RR-190, :func:`plans_reroll_due`,
  :class:`.decisions.PlansReroll`).

The round it was used in is ``RebellionState.yoda_round``.

**The C-3PO ring** (RR-151): when its side fails a Diplomacy mission it attempted with
the ring's leader in the mission's system, it may discard the ring (``use_ring <ring>``)
to make the mission succeed (:func:`c3po_due`, :class:`.decisions.C3POChoice`).

**The R2-D2 ring** (RR-152): once both sides rolled in a mission in the ring's leader's
system, its side may discard the ring to turn one of the opponent's dice that is not a
blank to a blank (``blank_die <die>``, in the same window as the Master Yoda ring).

**The Millennium Falcon ring** (RR-153): only on Han Solo or Chewbacca. When its side's
mission succeeds (attempted or resolved) with the ring's leader in the mission's system
and a captive there, after all of the mission's steps and before the combat it calls, its
side may discard the ring to rescue that captive (``target <captive>``, or ``pass``);
the mission's assigned leaders there may go with the rescued leader (``target <leader>``
one at a time, or ``stop``).

**The K-2SO ring** (RR-154): its leader has 1 more minor Spec Ops and 1 more minor Intel
icon, for a mission's requirement and for its green dice (:func:`skills`).

**The Bounty ring** (RR-155): when its leader is captured, the Rebels lose 1 reputation
and the captured ring replaces the Bounty ring (:func:`on_capture`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from tabletop import Action

from ..actions import BlankDie, Pass, Stop, Target, UseRing, YodaReroll
from ..board import BOARD, CARBONITE, ELIMINATED, LURE, NO_RING, OFF, SIDE_OF_LEADER, SUPPLY
from ..data import LEADERS, REBEL, REBEL_BASE, RINGS, LeaderDef, leader_id
from ..decisions import AttachRing, C3POChoice, FalconFollow, FalconRescue, PlansReroll
from ..events import (
    DiceRerolled,
    DieBlanked,
    LeaderFollowed,
    MissionDieRerolled,
    Rescued,
    RingAttached,
    RingDiscarded,
    RingUsed,
)
from .dice import roll

if TYPE_CHECKING:
    from ..board import Board
    from ..state import RebellionState

__all__ = [
    "BOUNTY",
    "BOUNTY_REPUTATION",
    "C3PO",
    "FALCON",
    "HANDLERS",
    "K2SO",
    "R2D2",
    "YODA",
    "apply_combat_reroll",
    "apply_mission_reroll",
    "attach",
    "c3po_due",
    "combat_reroll_options",
    "falcon_due",
    "holder",
    "may_wear",
    "mission_reroll_options",
    "on_capture",
    "plans_reroll_due",
    "skills",
    "wearers",
]

YODA = RINGS.index("yoda")
BOUNTY = RINGS.index("bounty")
C3PO = RINGS.index("c3po")
R2D2 = RINGS.index("r2d2")
FALCON = RINGS.index("falcon")
K2SO = RINGS.index("k2so")
IMPERIAL_RINGS = frozenset({CARBONITE, LURE, BOUNTY})
"""The rings the Empire's cards attach (the Rebels' rings never replace one, RR-150)."""
FALCON_CREW = frozenset({leader_id("Han Solo"), leader_id("Chewbacca")})
"""The leaders pictured on The Millennium Falcon: the only ones that may wear its ring."""
NEEDS_BARE = frozenset({K2SO, BOUNTY})
"""Rings that go only on a leader without a ring (research-2 §4.2)."""
BOUNTY_REPUTATION = 1
"""Reputation the Rebels lose when the Bounty ring's leader is captured."""


def _with_k2so(x: LeaderDef) -> LeaderDef:
    return attrs.evolve(
        x, minor_spec_ops=min(3, x.minor_spec_ops + 1), minor_intel=min(3, x.minor_intel + 1)
    )


K2SO_FORMS: tuple[LeaderDef, ...] = tuple(_with_k2so(x) for x in LEADERS)
"""Each leader as it counts while it wears the K-2SO ring."""


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


def discard_ring(s: RebellionState, leader: int) -> None:
    """The ring on ``leader`` goes back to the supply."""
    ring = s.board.rings[leader]
    s.board.rings[leader] = NO_RING
    s.emit(RingDiscarded(leader=leader, ring=ring))


# ---------------------------------------------------------------- who may wear a ring (RR-150)
def may_wear(b: Board, leader: int, ring: int) -> bool:
    """Whether ``ring`` may go on ``leader`` (RR-150): a Rebel leader in play (in the pool,
    on a mission or on the board), not a captive; never over an Imperial ring (Bounty, or
    the FAQ's Master Yoda and Millennium Falcon over Bounty); K-2SO and Bounty only on a
    leader without a ring; the Millennium Falcon only on Han Solo or Chewbacca. The
    captive's rings (Carbonite, Lure) are attached by their missions, not by this rule."""
    if ring in (CARBONITE, LURE):
        return False
    if b.leader_status[leader] in (SUPPLY, ELIMINATED) or b.leader_side[leader] != REBEL:
        return False
    if b.is_captive(leader):
        return False
    worn = b.rings[leader]
    if ring in NEEDS_BARE:
        return worn == NO_RING
    if worn in IMPERIAL_RINGS:
        return False
    return ring != FALCON or leader in FALCON_CREW


def wearers(s: RebellionState, ring: int, system: int = OFF) -> list[int]:
    """The leaders ``ring`` may go on (:func:`may_wear`), only those on the board in
    ``system`` if it is given."""
    b = s.board
    return [
        x
        for x in range(len(LEADERS))
        if may_wear(b, x, ring)
        and (system == OFF or (b.leader_status[x] == BOARD and b.leader_loc[x] == system))
    ]


def legal_attach(s: RebellionState, d: AttachRing) -> list[Action]:
    return [Target(x) for x in wearers(s, d.ring, d.system)]


def apply_attach(s: RebellionState, d: AttachRing, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    attach(s, a.leader, d.ring)


def worn_here(s: RebellionState, ring: int, side: int, system: int) -> int:
    """The leader wearing ``ring`` if it plays for ``side``, is no captive and is in
    ``system`` (the Rebel Base space means the base's system once revealed); else ``OFF``."""
    b = s.board
    x = holder(b, ring)
    if x == OFF or b.leader_side[x] != side or b.is_captive(x):
        return OFF
    where = s.base if system == REBEL_BASE and b.base_revealed else system
    return x if b.leader_loc[x] == where and b.leader_status[x] == BOARD else OFF


# ---------------------------------------------------------------- the Master Yoda ring
def yoda_ready(s: RebellionState, side: int, system: int) -> int:
    """The leader wearing the Master Yoda ring, if ``side`` may use it now in ``system``
    (its leader there, not used this round); else ``OFF``."""
    if s.yoda_round == s.round:
        return OFF
    b = s.board
    x = holder(b, YODA)
    if x == OFF or SIDE_OF_LEADER[x] != side or b.is_captive(x):
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


def plans_reroll_due(s: RebellionState, card: int, target: int, faces: list[str]) -> bool:
    """Death Star Plans (objective ``card``, an id) rolled ``faces`` against ``target``: with
    no direct hit and the Master Yoda ring ready in the combat's system, the Rebels may
    reroll one die before the outcome (RR-190); True when that decision waits, the dice
    kept meanwhile as the Rebels' row of ``mission_dice`` (as Discredit Rebellion's are)."""
    if "direct_hit" in faces or yoda_ready(s, REBEL, s.battle.system) == OFF:
        return False
    from ..ids import objective_of

    s.mission_dice = [[("red", f) for f in faces], []]
    s.stack.append(PlansReroll(player=REBEL, card=objective_of(card), target=target))
    return True


def legal_plans_reroll(s: RebellionState, d: PlansReroll) -> list[Action]:
    return [*(YodaReroll(i) for i in range(len(s.mission_dice[REBEL]))), Pass()]


def apply_plans_reroll(s: RebellionState, d: PlansReroll, a: Action) -> None:
    """The ring rerolls the die (red, as the roll, RR-05) and is used for the round; or the
    dice stay. Then Death Star Plans' outcome from the dice as they are."""
    from ..ids import objective_card
    from .objective_play import settle_plans

    s.stack.pop()
    faces = [f for _, f in s.mission_dice[REBEL]]
    if isinstance(a, YodaReroll):
        leader = yoda_ready(s, REBEL, s.battle.system)
        face = roll(s.rng, "red", 1)[0]
        faces[a.die] = face
        s.yoda_round = s.round
        s.emit(RingUsed(leader=leader, ring=YODA))
        s.emit(DiceRerolled(player=REBEL, dice=(a.die,), faces=(face,)))
    s.mission_dice = [[], []]
    settle_plans(s, objective_card(d.card), d.target, faces)


# ---------------------------------------------------------------- the R2-D2 ring (RR-152)
def blank_options(s: RebellionState, side: int) -> list[Action]:
    """``blank_die <die>`` for each of the opponent's roll-off dice that is not a blank, if
    ``side``'s R2-D2 ring's leader is in the mission's system."""
    if not s.roll_off or worn_here(s, R2D2, side, s.roll_off[2]) == OFF:
        return []
    dice = s.mission_dice[1 - side]
    return [BlankDie(i) for i, (_, face) in enumerate(dice) if face != "blank"]


def apply_blank(s: RebellionState, side: int, a: Action) -> None:
    from .missions import roll_successes

    assert isinstance(a, BlankDie)
    leader = worn_here(s, R2D2, side, s.roll_off[2])
    dice = s.mission_dice[1 - side]
    colour, was = dice[a.die]
    dice[a.die] = (colour, "blank")
    s.emit(RingUsed(leader=leader, ring=R2D2))
    discard_ring(s, leader)
    s.emit(DieBlanked(player=1 - side, die=a.die, was=was, successes=roll_successes(s, 1 - side)))


# ---------------------------------------------------------------- the C-3PO ring (RR-151)
def c3po_due(s: RebellionState, attacker: int, skill: str, system: int) -> bool:
    """``attacker``'s failed mission of ``skill`` in ``system`` may be saved by its C-3PO
    ring: a Diplomacy mission, the ring's leader there."""
    return skill == "diplomacy" and worn_here(s, C3PO, attacker, system) != OFF


def legal_c3po(s: RebellionState, d: C3POChoice) -> list[Action]:
    return [UseRing(C3PO), Pass()]


def apply_c3po(s: RebellionState, d: C3POChoice, a: Action) -> None:
    """Discard the ring and the mission succeeds (by 0 successes), or it fails."""
    from .missions import close_roll_off

    s.stack.pop()
    ok = isinstance(a, UseRing)
    if ok:
        leader = worn_here(s, C3PO, d.player, s.roll_off[2])
        s.emit(RingUsed(leader=leader, ring=C3PO))
        discard_ring(s, leader)
    close_roll_off(s, ok, 0)


# ---------------------------------------------------------------- the Millennium Falcon ring (RR-153)
def falcon_captives(s: RebellionState, system: int) -> list[int]:
    """The captives in the mission's ``system`` (the Rebel Base space: the base's system)."""
    b = s.board
    where = s.base if system == REBEL_BASE and b.base_revealed else system
    return [x for x in b.captives() if b.leader_loc[x] == where]


def falcon_due(s: RebellionState, player: int, card: int, system: int) -> bool:
    """After ``player``'s successful mission ``card`` in ``system``: if its Millennium
    Falcon ring's leader and a captive are there, ask whether the ring rescues (True)."""
    if worn_here(s, FALCON, player, system) == OFF or not falcon_captives(s, system):
        return False
    s.stack.append(FalconRescue(player=player, card=card, system=system))
    return True


def legal_falcon(s: RebellionState, d: FalconRescue) -> list[Action]:
    return [*(Target(x) for x in falcon_captives(s, d.system)), Pass()]


def falcon_followers(s: RebellionState, system: int) -> list[int]:
    """The mission's assigned leaders still in its system (not captives)."""
    b = s.board
    where = s.base if system == REBEL_BASE and b.base_revealed else system
    return [x for x in s.mission_leaders if b.leader_loc[x] == where and not b.is_captive(x)]


def apply_falcon(s: RebellionState, d: FalconRescue, a: Action) -> None:
    """Discard the ring and rescue the captive (to the base, RR-93), its leaders may go
    with it; or keep the ring. Then the mission's clean-up."""
    from ..board import rescue
    from .missions import done_mission

    s.stack.pop()
    if isinstance(a, Target):
        leader = worn_here(s, FALCON, d.player, d.system)
        s.emit(RingUsed(leader=leader, ring=FALCON))
        discard_ring(s, leader)
        dst = rescue(s.board, a.leader, s.base)
        s.emit(Rescued(leader=a.leader, dst=dst))
        from .imperial_cards import destiny_window

        if destiny_window(
            s, d.system, "falcon", dst=dst, rescued=a.leader, attacker=d.player, card=d.card
        ):
            return  # It Is Your Destiny first (RR-161); the followers after it
        b = s.board
        here = s.base if d.system == REBEL_BASE and b.base_revealed else d.system
        if dst != here and falcon_followers(s, d.system):
            s.stack.append(
                FalconFollow(
                    player=d.player, card=d.card, system=d.system, dst=dst, rescued=a.leader
                )
            )
            return
    done_mission(s, d.player, d.card)


def legal_falcon_follow(s: RebellionState, d: FalconFollow) -> list[Action]:
    return [*(Target(x) for x in falcon_followers(s, d.system)), Stop()]


def apply_falcon_follow(s: RebellionState, d: FalconFollow, a: Action) -> None:
    from .missions import done_mission

    s.stack.pop()
    if isinstance(a, Target):
        s.board.leader_loc[a.leader] = d.dst
        s.emit(LeaderFollowed(leader=a.leader, dst=d.dst))
        if falcon_followers(s, d.system):
            s.stack.append(d)
            return
    done_mission(s, d.player, d.card)


# ---------------------------------------------------------------- the K-2SO ring (RR-154)
def skills(b: Board, leader: int) -> LeaderDef:
    """``leader``'s skill icons as they count now: with 1 more minor Spec Ops and 1 more
    minor Intel icon while it wears the K-2SO ring."""
    return K2SO_FORMS[leader] if b.rings[leader] == K2SO else LEADERS[leader]


# ---------------------------------------------------------------- the Bounty ring (RR-155)
def on_capture(s: RebellionState, leader: int) -> None:
    """``leader`` is about to be captured: a Bounty ring on it costs the Rebels
    :data:`BOUNTY_REPUTATION` reputation and goes back to the supply (the captured ring
    replaces it)."""
    if s.board.rings[leader] != BOUNTY:
        return
    from .imperial_missions import lose_reputation

    discard_ring(s, leader)
    lose_reputation(s, BOUNTY_REPUTATION, "the Bounty ring")


HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    AttachRing: (legal_attach, apply_attach),
    C3POChoice: (legal_c3po, apply_c3po),
    FalconRescue: (legal_falcon, apply_falcon),
    FalconFollow: (legal_falcon_follow, apply_falcon_follow),
    PlansReroll: (legal_plans_reroll, apply_plans_reroll),
}
