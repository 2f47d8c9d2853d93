"""Assignment action cards (research-2 §3.1, §3.2, §3.3; RR-128, RR-129).

In the Assignment Phase a side may play an Assignment card instead of assigning a
mission: ``play_action_card <card>`` is offered beside ``assign <card>`` and ``pass`` in
its assignment turn, for the cards it holds whose pictured leader is in its pool and
whose ability can be used (RR-128). The leader is chosen (``target <leader>``, when
both of a card's leaders are in the pool), then placed as the card says (``system <s>``
where it names a choice), and the ability resolves; then the side goes on assigning.
The leader stays on the board until the Refresh Phase, as an activating leader does.
The assignment turn opens on public facts (RR-120): a side with no mission to assign is
still asked when a card it may hold could be played.

Another module adds its cards with :func:`register` (where the leader goes, the ability)
or :func:`register_own` (a card placing its leader its own way): the Empire's are in
:mod:`.imperial_cards`.

Cards built here (:data:`ASSIGNMENT`):

* Rebel Planning (Jan Dodonna): he goes to the Rebel Base space; the Rebels draw 1
  objective card.
* Local Rumors (Colonel Yularen): he goes to a system with an Imperial unit; the Rebels
  say whether their base is in that system's region (public, RR-73's narrowing).
* Ambush (General Madine): he goes to any system; destroy Imperial ground units there of
  printed health 3 at most in all, one at a time, free to stop (RR-129).
* Trust in the Force (Jyn Erso or Chirrut Îmwe): the leader goes to a subjugated system;
  the Rebels gain 1 loyalty there, then destroy 1 Imperial ground unit there with a
  triangle build icon (RR-129).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Destroy, PlayActionCard, Stop, SystemChoice, Target
from ..board import BOARD, GROUND_OF, OFF, POOL
from ..data import ACTION_LEADERS, ACTIONS, IMPERIAL, NUM_SYSTEMS, REBEL, UNITS
from ..decisions import AssignCardLeader, AssignCardSystem, AssignDestroy
from ..events import BaseInRegion, BaseNotInRegion, LeaderPlaced, UnitsDestroyed
from ..ids import action_card, action_of
from .action_cards import play, possible_hand
from .base_clues import ALL_SYSTEMS, REGION, narrow, region_mask
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "ASSIGNMENT",
    "HANDLERS",
    "assignment_plays",
    "register",
    "register_own",
    "resume_assignment",
    "window_due",
]

BASE_SPACE = NUM_SYSTEMS
"""The Rebel Base space's location."""

Can = Callable[["RebellionState", int, int], bool]
Where = Callable[["RebellionState", int], list[int]]
"""(state, side) -> the locations the leader may go to."""
Effect = Callable[["RebellionState", int, int, int], bool]
"""(state, side, card, location) -> True when a decision was pushed."""


def pool_leaders(s: RebellionState, i: int) -> list[int]:
    """Card ``i``'s pictured leaders in its side's pool (a lured leader is in the other)."""
    b = s.board
    side = REBEL if ACTIONS[i].side == "Rebel" else IMPERIAL
    return [x for x in ACTION_LEADERS[i] if b.leader_status[x] == POOL and b.leader_side[x] == side]


# ---------------------------------------------------------------- the cards
def base_space(s: RebellionState, p: int) -> list[int]:
    return [BASE_SPACE]


def play_planning(s: RebellionState, p: int, i: int, x: int) -> bool:
    from .objectives import draw_objectives

    return draw_objectives(s, 1, "assignment")


def imperial_present(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in range(NUM_SYSTEMS) if b.has_units(x, IMPERIAL)]


def play_rumors(s: RebellionState, p: int, i: int, x: int) -> bool:
    mask = region_mask(REGION[x])
    if REGION[s.base] == REGION[x]:
        narrow(s, mask)
        s.emit(BaseInRegion(system=x))
    else:
        narrow(s, ALL_SYSTEMS & ~mask)
        s.emit(BaseNotInRegion(system=x))
    return False


def any_system(s: RebellionState, p: int) -> list[int]:
    return list(range(NUM_SYSTEMS))


def ambush_targets(s: RebellionState, x: int, left: int) -> list[Action]:
    row = s.board.units[x]
    return [Destroy(u, 0) for u in GROUND_OF[IMPERIAL] if row[u] and 0 < F.health[u] <= left]


def play_ambush(s: RebellionState, p: int, i: int, x: int) -> bool:
    if ambush_targets(s, x, 3):
        s.stack.append(AssignDestroy(player=p, card=i, system=x, left=3))
        return True
    return False


def subjugated(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in range(NUM_SYSTEMS) if b.subjugated[x]]


def triangles(s: RebellionState, x: int) -> list[Action]:
    row = s.board.units[x]
    return [
        Destroy(u, 0)
        for u in GROUND_OF[IMPERIAL]
        if row[u] and UNITS[u].build_icon == "ground_triangle"
    ]


def play_trust(s: RebellionState, p: int, i: int, x: int) -> bool:
    from .aftermath import gain_loyalty_at

    gain_loyalty_at(s, REBEL, x, 1)
    if s.is_terminal:
        return False
    found = triangles(s, x)
    if len(found) > 1:
        s.stack.append(AssignDestroy(player=p, card=i, system=x, left=1))
        return True
    if found:
        assert isinstance(found[0], Destroy)
        destroy(s, x, found[0].unit)
    return False


ASSIGNMENT: dict[str, tuple[Where, Effect]] = {
    "Rebel Planning": (base_space, play_planning),
    "Local Rumors": (imperial_present, play_rumors),
    "Ambush": (any_system, play_ambush),
    "Trust in the Force": (subjugated, play_trust),
}
"""The Assignment cards built, by name: (where the leader may go, the ability)."""

_BY_INDEX = {i: ASSIGNMENT[c.name] for i, c in enumerate(ACTIONS) if c.name in ASSIGNMENT}

OwnCan = Callable[["RebellionState", int, int], bool]
"""(state, side, card) -> the card's ability can be used now."""
OwnBegin = Callable[["RebellionState", int, int, int], None]
"""(state, side, card, leader): the card's own flow, which ends with
:func:`resume_assignment`."""
OWN_FLOW: dict[int, tuple[OwnCan, OwnBegin]] = {}
"""Assignment cards that place their leader their own way (Proceeding as Planned: on a
mission card), by index."""


def register_own(name: str, can: OwnCan, begin: OwnBegin) -> None:
    """Another module's Assignment card that places its leader its own way."""
    from ..data import action_id

    OWN_FLOW[action_id(name)] = (can, begin)


def register(name: str, where: Where, effect: Effect) -> None:
    """Another module's Assignment card (:mod:`.rebel_cards`, :mod:`.imperial_cards`):
    where its leader may go (``[OFF]``: the card places the leader itself, not in a
    system) and its ability."""
    ASSIGNMENT[name] = (where, effect)
    for i, c in enumerate(ACTIONS):
        if c.name == name:
            _BY_INDEX[i] = (where, effect)


def can_play(s: RebellionState, p: int, i: int) -> bool:
    """Card ``i`` can be played now: a pictured leader in the pool, somewhere to go."""
    if i in OWN_FLOW:
        return bool(pool_leaders(s, i)) and OWN_FLOW[i][0](s, p, i)
    return i in _BY_INDEX and bool(pool_leaders(s, i)) and bool(_BY_INDEX[i][0](s, p))


def window_due(s: RebellionState, p: int) -> bool:
    """A card ``p`` may hold, as the other side knows, can be played now (RR-120)."""
    if not s.zones[f"action_hand{p}"]:
        return False
    return any(can_play(s, p, i) for i in possible_hand(s, p) if i in _BY_INDEX or i in OWN_FLOW)


def assignment_plays(s: RebellionState, p: int) -> list[Action]:
    """``play_action_card <card>`` for the Assignment cards ``p`` can play now."""
    hand = s.zones[f"action_hand{p}"]
    cards = sorted({action_of(c) for c in hand})
    return [PlayActionCard(action_card(i)) for i in cards if can_play(s, p, i)]


def start(s: RebellionState, p: int, i: int) -> None:
    """The card is played: choose its leader, then its place."""
    play(s, p, i)
    found = pool_leaders(s, i)
    if len(found) > 1:
        s.stack.append(AssignCardLeader(player=p, card=i))
        return
    place(s, p, i, found[0])


def place(s: RebellionState, p: int, i: int, leader: int) -> None:
    if i in OWN_FLOW:
        OWN_FLOW[i][1](s, p, i, leader)
        return
    where = _BY_INDEX[i][0](s, p)
    if len(where) > 1:
        s.stack.append(AssignCardSystem(player=p, card=i, leader=leader))
        return
    arrive(s, p, i, leader, where[0])


def arrive(s: RebellionState, p: int, i: int, leader: int, x: int) -> None:
    b = s.board
    if x != OFF:  # OFF: the card itself places the leader (Our Most Desperate Hour)
        b.leader_loc[leader] = x
        b.leader_status[leader] = BOARD
        s.emit(LeaderPlaced(player=p, leader=leader, system=x))  # not a combat's join
    if not _BY_INDEX[i][1](s, p, i, x):
        resume_assignment(s, p)


def resume_assignment(s: RebellionState, p: int) -> None:
    """The card is resolved: ``p`` goes on assigning."""
    if s.is_terminal:
        return
    from .assignment import next_assigner

    next_assigner(s, p)


def legal_leader(s: RebellionState, d: AssignCardLeader) -> list[Action]:
    return [Target(x) for x in pool_leaders(s, d.card)]


def apply_leader(s: RebellionState, d: AssignCardLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    place(s, d.player, d.card, a.leader)


def legal_system(s: RebellionState, d: AssignCardSystem) -> list[Action]:
    return [SystemChoice(x) for x in _BY_INDEX[d.card][0](s, d.player)]


def apply_system(s: RebellionState, d: AssignCardSystem, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    arrive(s, d.player, d.card, d.leader, a.system)


def legal_destroy(s: RebellionState, d: AssignDestroy) -> list[Action]:
    if ACTIONS[d.card].name == "Trust in the Force":
        return triangles(s, d.system)
    return [*ambush_targets(s, d.system, d.left), Stop()]


def apply_destroy(s: RebellionState, d: AssignDestroy, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Destroy):
        destroy(s, d.system, a.unit)
        left = d.left - F.health[a.unit]
        if ACTIONS[d.card].name == "Ambush" and left > 0 and ambush_targets(s, d.system, left):
            s.stack.append(AssignDestroy(player=d.player, card=d.card, system=d.system, left=left))
            return
    resume_assignment(s, d.player)


def destroy(s: RebellionState, x: int, u: int) -> None:
    s.board.remove_unit(u, x, 1)
    s.emit(UnitsDestroyed(side=IMPERIAL, unit=u, n=1, system=x, reason="action card"))


HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    AssignCardLeader: (legal_leader, apply_leader),
    AssignCardSystem: (legal_system, apply_system),
    AssignDestroy: (legal_destroy, apply_destroy),
}


def check_names() -> None:
    """Every card built names a card of ``data/actions.toml``."""
    from ..data import action_id

    for name in ASSIGNMENT:
        action_id(name)


check_names()
