"""What the Rise of the Empire mission cards of both sides share (research-2 §2.1, §2.2;
ROTE "Choosing Mission Sets", "Subversion Mission"; RR-100, RR-105, RR-108, RR-109,
RR-111).

* **Where** (:data:`WHERE`): the systems the new cards are played in: a captured leader's
  system (``captive_system``: one in the captured ring or frozen in Carbonite), no Rebel
  loyalty, a sabotage marker, Imperial Might's station (a Death Star, a Death Star Under
  Construction or a Shield Bunker), a Rebel system with no Imperial unit, a subjugated or
  Rebel system.
* **Leaders back to the pool** (``leaders_to_pool``: Message from High Command, Prepare
  for Battle): the card's leaders still in its system go back to the pool at once, free
  for the rest of the phase (RR-105).
* **Recruiting** (``recruit_here``: Hire Mercenaries, Imperial Promotion, My Only Hope,
  Rebel Promotion): the player picks one leader of the card's list that can be recruited
  (still in the supply, no other form of it in play; ``recruit <leader>``) and places it
  in the mission's system, on the board until the Refresh Phase; no action card comes
  with it (RR-109).
* **Back to hand** (``return_to_hand``: the failure effect of Break Their Will and
  Critical Rescue): the face-up card goes back into its owner's hand, the other side
  knowing it is there (RR-108).
* **Subversion** (``timing = "opposing"``): never attempted on a turn. When the other
  side attempts a mission, at the step where it may send a leader to oppose, the owner
  may reveal a face-down Subversion whose leaders meet its requirement (``subvert
  <slot>``), even after passing: its leaders go to the mission's system and oppose it,
  the opposition rolls 1 more die, and the owner may still send one pool leader (unless
  Misdirection forbids the pool; the Subversion's leaders are unaffected). One Subversion
  a mission; it takes no turn; the card is discarded (RR-111).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from tabletop import Action

from ..actions import Recruit, Subvert
from ..board import BOARD, OFF, POOL, rebel_system
from ..data import IMPERIAL, MISSIONS, REBEL, REBEL_BASE, leader_id, unit_id
from ..decisions import OpposeMission, RecruitHere
from ..events import LeadersToPool, MissionRevealed, MissionToHand, RecruitedTo, Subverted
from ..ids import mission_card, mission_of
from .dice import requirement_met
from .mission_deck import discard
from .recruit import recruitable
from .rings import skills

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = [
    "EFFECTS",
    "HANDLERS",
    "WHERE",
    "apply_subversion",
    "resume",
    "subversion_options",
    "where_now",
]

DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
SHIELD_BUNKER = unit_id("Shield Bunker")
STATIONS = (DEATH_STAR, DSUC, SHIELD_BUNKER)


def resume(s: RebellionState) -> None:
    """A decision of an effect is done: the mission's next effect follows."""
    from .missions import continue_mission

    continue_mission(s)


def where_now(s: RebellionState, x: int) -> int:
    """The location a mission played at ``x`` acts on (the base's system for the Rebel Base
    space once the base is revealed)."""
    return s.base if x == REBEL_BASE and s.board.base_revealed else x


def still_there(s: RebellionState, r: Resolving) -> list[int]:
    """The mission's leaders still in its system (not captured since)."""
    b = s.board
    at = where_now(s, r.system)
    return [x for x in s.mission_leaders if b.leader_loc[x] == at and not b.is_captive(x)]


# ================================================================ where the cards go
def _captive_here(s: RebellionState, x: int) -> bool:
    b = s.board
    return any(b.leader_loc[i] == x for i in b.captives())


def _station(s: RebellionState, x: int) -> bool:
    row = s.board.units[x]
    return any(row[u] for u in STATIONS)


WHERE: dict[str, Callable[[RebellionState, int], bool]] = {
    "captive_system": _captive_here,
    "no_rebel_loyalty": lambda s, x: s.board.loyalty[x] != REBEL,
    "sabotaged": lambda s, x: s.board.sabotage[x],
    "imperial_might": _station,
    "rebel_no_imperial": lambda s, x: (
        rebel_system(s.board, x) and not s.board.has_units(x, IMPERIAL)
    ),
    "subjugated_or_rebel": lambda s, x: s.board.subjugated[x] or rebel_system(s.board, x),
}
"""The ``where`` kinds of the Rise of the Empire cards (merged into
:data:`.missions.WHERE`)."""


# ================================================================ leaders back to the pool
def effect_leaders_to_pool(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The card's leaders still in its system go back to the pool (RR-105)."""
    b = s.board
    back = tuple(still_there(s, r))
    for x in back:
        b.leader_loc[x] = OFF
        b.leader_status[x] = POOL
    if back:
        s.emit(LeadersToPool(player=r.player, leaders=back))
    return False


# ================================================================ recruiting (RR-109)
def recruit_list(card: int) -> tuple[int, ...]:
    """The leaders the recruiting effect of mission ``card`` (an index) may pick."""
    for e in MISSIONS[card].effects:
        if e.kind == "recruit_here":
            return tuple(leader_id(x) for x in e.leaders)
    return ()


def recruit_options(s: RebellionState, card: int) -> list[int]:
    return [x for x in recruit_list(card) if recruitable(s.board, x)]


def recruit_to(s: RebellionState, p: int, leader: int, x: int) -> None:
    b = s.board
    b.leader_status[leader] = BOARD
    b.leader_loc[leader] = x
    s.emit(RecruitedTo(player=p, leader=leader, system=x))


def effect_recruit_here(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    options = recruit_options(s, r.card)
    at = where_now(s, r.system)
    if len(options) > 1:
        s.stack.append(RecruitHere(player=r.player, system=at, card=r.card))
        return True
    if options:
        recruit_to(s, r.player, options[0], at)
    return False


def legal_recruit_here(s: RebellionState, d: RecruitHere) -> list[Action]:
    return [Recruit(x) for x in recruit_options(s, d.card)]


def apply_recruit_here(s: RebellionState, d: RecruitHere, a: Action) -> None:
    assert isinstance(a, Recruit)
    s.stack.pop()
    recruit_to(s, d.player, a.leader, d.system)
    resume(s)


# ================================================================ back to hand (RR-108)
def effect_return_to_hand(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The face-up card goes back into its owner's hand instead of the discard pile; the
    other side saw it go (clean-up then leaves it there)."""
    card = mission_card(r.card)
    hand = f"missions{r.player}"
    s.move(card, f"missions_played{r.player}", hand)
    s.reveal(hand, 1 - r.player, [card])
    s.emit(MissionToHand(player=r.player, card=card))
    return False


# ================================================================ Subversion (RR-111)
def subversion_options(s: RebellionState, d: OpposeMission) -> list[Action]:
    """``subvert <slot>`` for each face-down Subversion of the opposing side whose leaders
    meet its requirement; none once one was used against this mission."""
    if d.subverted:
        return []
    p = d.player
    cards = s.zones[f"assigned{p}"]
    out: list[Action] = []
    for i, card in enumerate(cards):
        m = MISSIONS[mission_of(card)]
        if m.timing == "opposing":
            leaders = [skills(s.board, x) for x in s.slots[p][i]]  # K-2SO (RR-154)
            if requirement_met(leaders, m.skill, m.requirement):
                out.append(Subvert(i))
    return out


def extra_dice(m: object) -> int:
    """The dice a Subversion card adds to the opposition (its ``join_opposition`` amount)."""
    from ..data import MissionDef

    assert isinstance(m, MissionDef)
    return sum(e.amount for e in m.effects if e.kind == "join_opposition")


def apply_subversion(s: RebellionState, d: OpposeMission, a: Action) -> bool:
    """``subvert <slot>``: the card is revealed and discarded, its leaders go to the
    mission's system, and the opposing side is asked again (a pool leader, or pass). False
    for any other action."""
    if not isinstance(a, Subvert):
        return False
    p, b = d.player, s.board
    assigned = f"assigned{p}"
    card = s.zones[assigned][a.slot]
    leaders = tuple(s.slots[p].pop(a.slot))
    s.emit(MissionRevealed(player=p, card=card))
    at = where_now(s, d.system)
    for x in leaders:
        b.leader_loc[x] = at
        b.leader_status[x] = BOARD
    s.emit(Subverted(player=p, card=card, leaders=leaders, system=at))
    discard(s, p, card, assigned)
    more = extra_dice(MISSIONS[mission_of(card)])
    s.stack.append(attrs.evolve(d, subverted=True, extra=d.extra + more))
    return True


def effect_join_opposition(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Subversion's effect is its reveal against an attempt (:func:`apply_subversion`); the
    card is never revealed on its owner's turn (:func:`.missions.revealable`)."""
    return False


# ================================================================ the tables
Effect = Callable[["RebellionState", "Resolving", "MissionEffect"], bool]

EFFECTS: dict[str, Effect] = {
    "leaders_to_pool": effect_leaders_to_pool,
    "recruit_here": effect_recruit_here,
    "return_to_hand": effect_return_to_hand,
    "join_opposition": effect_join_opposition,
}
HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    RecruitHere: (legal_recruit_here, apply_recruit_here),
}
