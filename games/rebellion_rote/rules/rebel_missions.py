"""The Rebel mission deck (research §7.2, §4.4, §6.1-§6.3; research-2 §2.1, §2.4, §4.2,
§4.3; RR-83..RR-94; ``data/missions_rebel.toml``).

:data:`EFFECTS` maps an effect kind to ``fn(state, mission, effect) -> bool`` (True: it
pushed a decision, and the mission goes on when that is done, :func:`resume`),
:data:`AVAILABLE` the options of a choice card that need something in the system,
:data:`WHERE` the ``where`` kinds these cards add (``fn(state, system) -> bool``).
:mod:`.missions` merges the three tables; :data:`HANDLERS` holds the decisions.

The cards, by what they do:

* **Gaining units** (RR-89): Base Defenses gains an Ion Cannon and a Shield Generator on
  the Rebel Base space (in the base's system once revealed); Incite Rebellion 3 Rebel
  Troopers, then a combat; Public Uprising 1 circle-icon and 2 triangle-icon units of
  the Rebels' choice (``place <unit> <loc>``), then a combat. A gained unit comes from
  the supply; a type with no figure left is not gained.
* **Moving units from the Rebel Base space** (RR-88), one at a time (``move <unit> 32``,
  ``stop``), as if it were adjacent: Hidden Fleet any units (transport applies),
  Plan the Assault ships only, then a combat; Lead the Strike Team up to 4 ground units
  ignoring transport (a Rebel leader on the space holds them), then a combat if Imperial
  ground units are there. The base's whereabouts play no part.
* **Destroying** (RR-90): Hit and Run (2) and Wookiee Uprising (4, after 1 loyalty)
  destroy Imperial units in the system worth up to that much health, one at a time
  (``destroy <unit> 0``, ``stop``); Rogue Squadron Raid queued Imperial units worth up
  to 4 health (``destroy_queued <unit> <space>``, ``stop``); Demolition, for each
  resource icon of the system, one queued Imperial unit that icon builds. Never a Death
  Star (it has no health), nor a Death Star (Under Construction) a Shield Bunker guards.
* **Loyalty and building** (RR-91): Establish Trade Relations gains 1 loyalty, then
  places units on the Rebel build queue from the system's icons as Construct Factory
  does (:mod:`.projects`); Support of Mon Calamari gains 2 loyalty or queues a Mon
  Calamari Cruiser on space 3 (``option <which>``).
* **Rescues** (RR-93): Daring Rescue and For the Greater Good are played in the captured
  leader's system (not against it: it does not roll) and rescue it; after Daring Rescue
  each assigned leader may go with it (``target <leader>``, ``stop``), after For the
  Greater Good they stay, and the Rebels draw 1 objective card.
* **Leaders and rings**: Contingency Plan puts one of its leaders face down on a
  starting mission from hand, or on a Rapid Mobilization still waiting for the end of
  the phase (``target <leader>``, ``assign <card>``), and Lando Calrissian adds 2
  successes to his next attempt this round (RR-86); Misdirection chooses a Rebel leader
  on a face-down mission whose missions no Imperial pool leader may oppose this round
  (RR-87); Seek Yoda, in Dagobah, attaches the Master Yoda ring (:mod:`.rings`) to one of
  its leaders and turns Luke Skywalker into Luke Skywalker (Jedi) (RR-85).
* **Hidden cards** (RR-92, RR-94): Plant False Lead takes 4 random probe cards of the
  Empire's hand and puts each on the top or the bottom of the probe deck
  (``place_probe <card> <top>``); Covert Operation looks at the top 2 objective cards and
  draws 1, the other to the bottom (``objective <card>``); Stolen Plans puts the top 4
  back in any order, the new top first (``objective <card>``).

Determinisations (:func:`redeal_for_empire`): the probe cards Plant False Lead put back are
known to the Empire as a set, so they are shuffled only among the deck positions they
hold; a card Contingency Plan assigned stays a starting mission.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action, Rng

from ..actions import (
    Assign,
    Destroy,
    Move,
    Objective,
    Place,
    ProbePlace,
    QueueDestroy,
    Stop,
    Target,
)
from ..board import (
    MISSION,
    NO_RING,
    OFF,
    SIDE_OF_LEADER,
    SUPPLY,
    UNITS_OF,
    rescue,
    transport_room,
)
from ..data import (
    IMPERIAL,
    LEADERS,
    MISSIONS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    UNITS,
    MissionEffect,
    leader_id,
    unit_id,
)
from ..decisions import (
    BaseMove,
    ChooseMisdirected,
    ChooseRingLeader,
    DemolishQueue,
    FollowRescued,
    GainUnits,
    KeepObjective,
    MissionDestroy,
    OrderObjectives,
    PlaceProbe,
    RaidQueue,
    ReassignLeader,
    ReassignMission,
)
from ..events import (
    AttemptBonus,
    LeaderFollowed,
    LeaderReplaced,
    Misdirected,
    Moved,
    ObjectivesLooked,
    ObjectivesOrdered,
    ObjectiveToDeck,
    ProbePlaced,
    ProbesTaken,
    QueueUnitDestroyed,
    Reassigned,
    Rescued,
    UnitGained,
    UnitsDestroyed,
)
from ..ids import mission_card, mission_of
from .aftermath import rescue_if_due
from .objectives import STAGE, draw_objectives
from .rings import BOUNTY, YODA, attach
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState
    from .missions import Resolving

__all__ = ["AVAILABLE", "EFFECTS", "HANDLERS", "WHERE", "redeal_for_empire"]

DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
SHIELD_BUNKER = unit_id("Shield Bunker")
LUKE = leader_id("Luke Skywalker")
JEDI = leader_id("Luke Skywalker (Jedi)")
ICONS: tuple[tuple[str, ...], ...] = tuple(x.icons for x in SYSTEMS)
BUILD_ICON: tuple[str, ...] = tuple(u.build_icon for u in UNITS)
PORTRAIT_NAMES: tuple[str, ...] = tuple(x.form_of or x.name for x in LEADERS)
STARTING: frozenset[int] = frozenset(mission_card(i) for i, m in enumerate(MISSIONS) if m.starting)
"""The card ids of the starting missions."""
NUM_LEADERS = len(LEADERS)


def resume(s: RebellionState) -> None:
    """A decision of an effect is done: the mission's next effect follows."""
    from .missions import continue_mission

    continue_mission(s)


def name_of(card: int) -> str:
    return MISSIONS[card].name


# ================================================================ gaining units (RR-89)
def gain(s: RebellionState, u: int, x: int, n: int) -> None:
    """The Rebels gain ``n`` units of type ``u`` in ``x`` from the supply, as many as it holds."""
    b = s.board
    for _ in range(n):
        if b.in_supply(u) <= 0:
            return
        b.add_unit(u, x)
        s.emit(UnitGained(side=REBEL, unit=u, system=x))


def effect_gain_unit_at_base(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Base Defenses: on the Rebel Base space, or in the base's system once revealed (what
    is placed on the space goes there then, research §6.1)."""
    at = s.base if s.board.base_revealed else REBEL_BASE
    gain(s, unit_id(e.unit), at, r.amount(e))
    return False


def effect_gain_unit(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    gain(s, unit_id(e.unit), r.system, r.amount(e))
    return False


def shape_options(s: RebellionState, x: int, shape: str) -> list[Action]:
    """``place <unit> <x>`` for each Rebel unit type with a ``shape`` build icon the supply
    still holds (a ship or a ground unit)."""
    b = s.board
    return [
        Place(u, x) for u in UNITS_OF[REBEL] if BUILD_ICON[u].endswith(shape) and b.in_supply(u) > 0
    ]


def gain_step(s: RebellionState, player: int, x: int, card: int, shape: str, left: int) -> bool:
    """Gain the ``left`` units still due; True when a choice is asked."""
    while left > 0:
        options = shape_options(s, x, shape)
        if not options:
            return False
        if len(options) > 1:
            s.stack.append(GainUnits(player=player, system=x, card=card, shape=shape, left=left))
            return True
        a = options[0]
        assert isinstance(a, Place)
        gain(s, a.unit, x, 1)
        left -= 1
    return False


def effect_gain_circle(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return gain_step(s, r.player, r.system, r.card, "circle", r.amount(e))


def effect_gain_triangle(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return gain_step(s, r.player, r.system, r.card, "triangle", r.amount(e))


def legal_gain_units(s: RebellionState, d: GainUnits) -> list[Action]:
    return shape_options(s, d.system, d.shape)


def apply_gain_units(s: RebellionState, d: GainUnits, a: Action) -> None:
    assert isinstance(a, Place)
    s.stack.pop()
    gain(s, a.unit, d.system, 1)
    if not gain_step(s, d.player, d.system, d.card, d.shape, d.left - 1):
        resume(s)


# ================================================================ Contingency Plan (RR-86)
def reassign_cards(s: RebellionState, p: int) -> list[int]:
    """The starting missions Contingency Plan may use: those in hand, and those revealed
    this phase that wait for its end (Rapid Mobilization), by card id."""
    out = [c for c in s.zones[f"missions{p}"] if c in STARTING]
    waiting = {card for card, _ in s.end_of_command}
    out.extend(
        c for c in s.zones[f"missions_played{p}"] if c in STARTING and mission_of(c) in waiting
    )
    return sorted(out)


def on_board(s: RebellionState, r: Resolving) -> list[int]:
    """The mission's leaders still in its system."""
    b = s.board
    where = s.base if r.system == REBEL_BASE and b.base_revealed else r.system
    return [x for x in s.mission_leaders if b.leader_loc[x] == where and x != b.captured]


def effect_reassign(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """One of the card's leaders (the Rebels' choice with two: during the Command Phase no
    second leader is assigned, FAQ) goes face down onto a starting mission."""
    leaders = on_board(s, r)
    if not leaders or not reassign_cards(s, r.player):
        return False
    if len(leaders) > 1:
        s.stack.append(ReassignLeader(player=r.player))
        return True
    s.stack.append(ReassignMission(player=r.player, leader=leaders[0]))
    return True


def legal_reassign_leader(s: RebellionState, d: ReassignLeader) -> list[Action]:
    r = current(s)
    return [Target(x) for x in on_board(s, r)]


def apply_reassign_leader(s: RebellionState, d: ReassignLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    s.stack.append(ReassignMission(player=d.player, leader=a.leader))


def legal_reassign_mission(s: RebellionState, d: ReassignMission) -> list[Action]:
    # asked even with one card: whether the Rebels had a choice would tell the Empire how
    # many starting missions they hold (RR-17)
    return [Assign(c) for c in reassign_cards(s, d.player)]


def apply_reassign_mission(s: RebellionState, d: ReassignMission, a: Action) -> None:
    """The card goes face down with the leader on it, as a new assignment slot."""
    assert isinstance(a, Assign)
    s.stack.pop()
    p, b = d.player, s.board
    card = a.card
    hand, played, assigned = f"missions{p}", f"missions_played{p}", f"assigned{p}"
    seen = card not in s.zones[hand]  # taken from play: the Empire sees which card it is
    s.move(card, played if seen else hand, assigned)
    if seen:
        s.reveal(assigned, 1 - p, [card])
    s.slots[p].append([d.leader])
    b.leader_loc[d.leader] = OFF
    b.leader_status[d.leader] = MISSION
    s.reassigned.append(d.leader)
    s.emit(Reassigned(player=p, leader=d.leader, card=card, to=None if seen else (p,)))
    resume(s)


def effect_attempt_bonus(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The portrait leader adds ``e.amount`` successes to his next attempt this round."""
    face = MISSIONS[r.card].portrait
    for x in s.mission_leaders:
        if PORTRAIT_NAMES[x] == face:
            s.attempt_bonus.append((x, r.amount(e)))
            s.emit(AttemptBonus(leader=x, successes=r.amount(e)))
    return False


# ================================================================ Misdirection (RR-87)
def misdirect_options(s: RebellionState, p: int) -> list[int]:
    """``p``'s leaders on face-down missions: the leaders with missions still to come."""
    st = s.board.leader_status
    return [x for x in range(NUM_LEADERS) if SIDE_OF_LEADER[x] == p and st[x] == MISSION]


def misdirect(s: RebellionState, x: int) -> None:
    s.misdirected.append(x)
    s.emit(Misdirected(leader=x))


def effect_misdirect(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    options = misdirect_options(s, r.player)
    if len(options) > 1:
        s.stack.append(ChooseMisdirected(player=r.player))
        return True
    if options:
        misdirect(s, options[0])
    return False


def legal_misdirect(s: RebellionState, d: ChooseMisdirected) -> list[Action]:
    return [Target(x) for x in misdirect_options(s, d.player)]


def apply_misdirect(s: RebellionState, d: ChooseMisdirected, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    misdirect(s, a.leader)
    resume(s)


# ================================================================ from the Rebel Base space (RR-88)
MOVE_MODES = {
    "move_from_base": "all",
    "move_ships_from_base": "ships",
    "move_ground_from_base": "ground",
}


def base_moves(s: RebellionState, d: BaseMove) -> list[Action]:
    """``move <unit> 32`` for each unit that may move from the Rebel Base space now."""
    b = s.board
    if d.left == 0 or (d.mode == "ground" and b.locks(REBEL_BASE, REBEL)):
        return []
    row = b.units[REBEL_BASE]
    into_destroyed = b.destroyed[d.system]
    out: list[Action] = []
    for u in UNITS_OF[REBEL]:
        if not row[u] or F.immobile[u]:
            continue
        ground = F.theater[u] == 1
        if (d.mode == "ships" and ground) or (d.mode == "ground" and not ground):
            continue
        if d.mode == "all" and F.carried[u] and d.spare <= 0:
            continue
        if into_destroyed and ground and transport_room(b, REBEL, d.system) <= 0:
            continue
        out.append(Move(u, REBEL_BASE))
    return out


def effect_move_from_base(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    d = BaseMove(
        player=r.player,
        system=r.system,
        card=r.card,
        mode=MOVE_MODES[e.kind],
        left=r.amount(e) or -1,
    )
    if base_moves(s, d):
        s.stack.append(d)
        return True
    return False


def legal_base_move(s: RebellionState, d: BaseMove) -> list[Action]:
    return [*base_moves(s, d), Stop()]


def apply_base_move(s: RebellionState, d: BaseMove, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Stop):
        resume(s)
        return
    assert isinstance(a, Move)
    b = s.board
    b.remove_unit(a.unit, REBEL_BASE)
    b.add_unit(a.unit, d.system)
    s.emit(Moved(player=d.player, unit=a.unit, src=REBEL_BASE, dst=d.system))
    spare = d.spare
    if d.mode == "all":
        spare += -1 if F.carried[a.unit] else F.capacity[a.unit]
    nxt = BaseMove(
        player=d.player,
        system=d.system,
        card=d.card,
        mode=d.mode,
        left=d.left - 1 if d.left > 0 else -1,
        spare=spare,
    )
    if base_moves(s, nxt):
        s.stack.append(nxt)
        return
    resume(s)


def effect_combat_if_enemy_ground(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Lead the Strike Team: a combat after the mission if Imperial ground units are there."""
    if s.board.has_ground(r.system, IMPERIAL):
        s.combat_after_mission = r.system
    return False


# ================================================================ destroying units (RR-90)
def destroyable(s: RebellionState, u: int, x: int) -> bool:
    """A unit a card may destroy by its health: never one without health (the Death Star),
    nor a Death Star (Under Construction) a Shield Bunker there guards (ROTE)."""
    if F.health[u] <= 0:
        return False
    return not (u in (DEATH_STAR, DSUC) and s.board.units[x][SHIELD_BUNKER] > 0)


def destroy_options(s: RebellionState, x: int, left: int) -> list[Action]:
    row = s.board.units[x]
    return [
        Destroy(u, 0)
        for u in UNITS_OF[IMPERIAL]
        if row[u] and F.health[u] <= left and destroyable(s, u, x)
    ]


def destroy_step(s: RebellionState, player: int, x: int, card: int, left: int) -> bool:
    if destroy_options(s, x, left):
        s.stack.append(MissionDestroy(player=player, system=x, card=card, left=left))
        return True
    return False


def effect_destroy_units(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return destroy_step(s, r.player, r.system, r.card, r.amount(e))


def legal_mission_destroy(s: RebellionState, d: MissionDestroy) -> list[Action]:
    return [*destroy_options(s, d.system, d.left), Stop()]


def apply_mission_destroy(s: RebellionState, d: MissionDestroy, a: Action) -> None:
    """One Imperial figure goes; a Death Star Under Construction takes its queued Death Star
    with it (research §7.4); subjugation and rescue follow."""
    s.stack.pop()
    if isinstance(a, Stop):
        resume(s)
        return
    assert isinstance(a, Destroy)
    b, x = s.board, d.system
    b.remove_unit(a.unit, x)
    s.emit(UnitsDestroyed(side=IMPERIAL, unit=a.unit, n=1, system=x, reason=name_of(d.card)))
    if a.unit == DSUC:
        from .combat.damage import lose_queued_death_star

        lose_queued_death_star(s)
    rescue_if_due(s)
    if not destroy_step(s, d.player, x, d.card, d.left - F.health[a.unit]):
        resume(s)


def queued(s: RebellionState, fits: Callable[[int], bool]) -> list[Action]:
    """``destroy_queued <unit> <space>`` for each Imperial unit type on each queue space
    that ``fits``."""
    b = s.board
    return [
        QueueDestroy(u, space)
        for space in (1, 2, 3)
        for u in sorted(set(b.queue_at(IMPERIAL, space)))
        if u != DEATH_STAR and fits(u)
    ]


def destroy_queued(s: RebellionState, u: int, space: int, reason: str) -> None:
    s.board.queue_at(IMPERIAL, space).remove(u)
    s.emit(QueueUnitDestroyed(unit=u, space=space, reason=reason))


def demolish_options(s: RebellionState, x: int, icon: int) -> list[Action]:
    want = ICONS[x][icon]
    return queued(s, lambda u: BUILD_ICON[u] == want)


def demolish_step(s: RebellionState, player: int, x: int, icon: int) -> bool:
    """Each icon from ``icon`` on destroys one queued unit it builds, when there is one."""
    for i in range(icon, len(ICONS[x])):
        options = demolish_options(s, x, i)
        if len(options) > 1:
            s.stack.append(DemolishQueue(player=player, system=x, icon=i))
            return True
        if options:
            a = options[0]
            assert isinstance(a, QueueDestroy)
            destroy_queued(s, a.unit, a.space, "Demolition")
    return False


def effect_destroy_queued_by_icons(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return demolish_step(s, r.player, r.system, 0)


def legal_demolish(s: RebellionState, d: DemolishQueue) -> list[Action]:
    return demolish_options(s, d.system, d.icon)


def apply_demolish(s: RebellionState, d: DemolishQueue, a: Action) -> None:
    assert isinstance(a, QueueDestroy)
    s.stack.pop()
    destroy_queued(s, a.unit, a.space, "Demolition")
    if not demolish_step(s, d.player, d.system, d.icon + 1):
        resume(s)


def raid_options(s: RebellionState, left: int) -> list[Action]:
    return queued(s, lambda u: 0 < F.health[u] <= left)


def effect_destroy_queued_health(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    left = r.amount(e)
    if raid_options(s, left):
        s.stack.append(RaidQueue(player=r.player, left=left))
        return True
    return False


def legal_raid(s: RebellionState, d: RaidQueue) -> list[Action]:
    return [*raid_options(s, d.left), Stop()]


def apply_raid(s: RebellionState, d: RaidQueue, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Stop):
        resume(s)
        return
    assert isinstance(a, QueueDestroy)
    destroy_queued(s, a.unit, a.space, "Rogue Squadron Raid")
    left = d.left - F.health[a.unit]
    if raid_options(s, left):
        s.stack.append(RaidQueue(player=d.player, left=left))
        return
    resume(s)


# ================================================================ rescues (RR-93)
def rescue_here(s: RebellionState, x: int) -> int:
    """Rescue the captured leader in ``x``; return it (``OFF`` if none is held there)."""
    b = s.board
    leader = b.captured
    if leader == OFF or b.leader_loc[leader] != x:
        return OFF
    s.emit(Rescued(leader=leader, dst=rescue(b, leader, s.base)))
    return leader


def effect_rescue_captured(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """For the Greater Good: the rescued leader goes to the base; its leaders stay."""
    if rescue_here(s, r.system) == OFF:
        return False
    from .imperial_cards import destiny_window

    return destiny_window(s, r.system, "mission")  # It Is Your Destiny (RR-161)


def followers(s: RebellionState, x: int) -> list[int]:
    b = s.board
    return [i for i in s.mission_leaders if b.leader_loc[i] == x and i != b.captured]


def effect_rescue_captured_follow(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Daring Rescue: the rescued leader goes to the base, and each assigned leader may go
    with it (research §6.3)."""
    leader = rescue_here(s, r.system)
    if leader == OFF:
        return False
    dst = s.board.leader_loc[leader]
    from .imperial_cards import destiny_window

    if destiny_window(s, r.system, "follow", dst=dst, rescued=leader, attacker=r.player):
        return True  # It Is Your Destiny first (RR-161); the followers after it
    if dst != r.system and followers(s, r.system):
        s.stack.append(FollowRescued(player=r.player, system=r.system, dst=dst, rescued=leader))
        return True
    return False


def legal_follow(s: RebellionState, d: FollowRescued) -> list[Action]:
    return [*(Target(x) for x in followers(s, d.system)), Stop()]


def apply_follow(s: RebellionState, d: FollowRescued, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Target):
        s.board.leader_loc[a.leader] = d.dst
        s.emit(LeaderFollowed(leader=a.leader, dst=d.dst))
        if followers(s, d.system):
            s.stack.append(d)
            return
    resume(s)


# ================================================================ Plant False Lead (RR-92)
def effect_plant_false_lead(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Take up to ``e.amount`` of the Empire's probe cards at random; the Empire knows which
    (they were its own), the Rebels see them."""
    hand = s.zones["probe_hand"]
    taken = []
    for _ in range(min(r.amount(e), len(hand))):
        c = hand[s.rng.below(len(hand))]
        s.move(c, "probe_hand", "probe_look")
        taken.append(c)
    if not taken:
        return False
    s.reveal("probe_look", IMPERIAL, taken)
    s.emit(ProbesTaken(cards=tuple(sorted(taken)), to=(REBEL, IMPERIAL)))
    s.stack.append(PlaceProbe(player=r.player))
    return True


def legal_place_probe(s: RebellionState, d: PlaceProbe) -> list[Action]:
    return [ProbePlace(c, top) for c in sorted(s.zones["probe_look"]) for top in (1, 0)]


def apply_place_probe(s: RebellionState, d: PlaceProbe, a: Action) -> None:
    """The card goes face down on top of the probe deck or at its bottom; both sides know it
    is in the deck, only the Rebels where."""
    assert isinstance(a, ProbePlace)
    s.stack.pop()
    s.move(a.card, "probe_look", "probe_deck", index=None if a.top else 0)
    s.reveal("probe_deck", REBEL, [a.card])
    s.reveal("probe_deck", IMPERIAL, [a.card])
    s.emit(ProbePlaced(card=a.card, top=bool(a.top), to=(d.player,)))
    if s.zones["probe_look"]:
        s.stack.append(d)
        return
    resume(s)


# ================================================================ Seek Yoda (RR-85)
def ring_options(s: RebellionState, r: Resolving) -> list[int]:
    """The card's leaders there that may wear the Master Yoda ring (not one with the Bounty
    ring, FAQ)."""
    return [x for x in on_board(s, r) if s.board.rings[x] != BOUNTY]


def effect_attach_yoda_ring(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    options = ring_options(s, r)
    if len(options) > 1:
        s.stack.append(ChooseRingLeader(player=r.player))
        return True
    if options:
        attach(s, options[0], YODA)
    return False


def legal_ring_leader(s: RebellionState, d: ChooseRingLeader) -> list[Action]:
    return [Target(x) for x in ring_options(s, current(s))]


def apply_ring_leader(s: RebellionState, d: ChooseRingLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    attach(s, a.leader, YODA)
    resume(s)


def effect_luke_becomes_jedi(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Luke Skywalker assigned to the card: Luke Skywalker (Jedi) takes his place."""
    if LUKE in s.mission_leaders:
        replace_leader(s, LUKE, JEDI)
    return False


def replace_leader(s: RebellionState, old: int, new: int) -> None:
    """``new`` takes ``old``'s place, status, ring and every mention of it in play; ``old``
    goes back to the supply (and cannot be recruited while ``new`` is in play)."""
    b = s.board
    b.leader_loc[new], b.leader_status[new], b.rings[new] = (
        b.leader_loc[old],
        b.leader_status[old],
        b.rings[old],
    )
    b.leader_loc[old], b.leader_status[old], b.rings[old] = OFF, SUPPLY, NO_RING
    if b.captured == old:
        b.captured = new

    def swap(xs: list[int]) -> None:
        for i, x in enumerate(xs):
            if x == old:
                xs[i] = new

    for xs in (s.mission_leaders, s.misdirected, s.reassigned, s.doomed_leaders):
        swap(xs)
    for side in s.slots:
        for slot in side:
            swap(slot)
    s.attempt_bonus = [(new if x == old else x, n) for x, n in s.attempt_bonus]
    s.emit(LeaderReplaced(old=old, new=new))


# ================================================================ objectives (RR-94)
def top_cards(s: RebellionState, n: int) -> list[int]:
    """The top ``n`` objective cards, top first."""
    return s.zones["objective_deck"][::-1][:n]


def effect_draw_objectives(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return draw_objectives(s, r.amount(e), "mission")


def effect_draw_keep_one(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Covert Operation: look at the top 2 cards; the one kept is drawn, the other goes to
    the bottom. With 1 card left it is drawn."""
    looked = top_cards(s, r.amount(e))
    if not looked:
        return False
    s.reveal("objective_deck", r.player, looked)
    s.emit(ObjectivesLooked(cards=tuple(looked), to=(r.player,)))
    if len(looked) > 1:
        s.stack.append(KeepObjective(player=r.player))
        return True
    return draw_objectives(s, 1, "mission")


def legal_keep_objective(s: RebellionState, d: KeepObjective) -> list[Action]:
    return [Objective(c) for c in sorted(top_cards(s, 2))]


def apply_keep_objective(s: RebellionState, d: KeepObjective, a: Action) -> None:
    """The other card looked at goes to the bottom, its back's stage with it; the kept one
    is drawn from the top."""
    assert isinstance(a, Objective)
    s.stack.pop()
    cards, backs = s.zones["objective_deck"], s.objective_backs
    keep = a.card
    other = cards[-1] if cards[-2] == keep else cards[-2]
    i = cards.index(other)
    del cards[i], backs[i]  # the card stays in the zone: the Rebels keep knowing it
    cards.insert(0, other)
    backs.insert(0, STAGE[other])
    from .objectives import forget

    forget(s, 1 - d.player, [other])  # the Empire saw a card go to the bottom, not which
    s.emit(ObjectiveToDeck(card=other, stage=STAGE[other], top=False, to=(d.player,)))
    if not draw_objectives(s, 1, "mission"):
        resume(s)


def effect_reorder_objectives(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Stolen Plans: look at the top ``e.amount`` cards and put them back in any order."""
    looked = top_cards(s, r.amount(e))
    if not looked:
        return False
    s.reveal("objective_deck", r.player, looked)
    s.emit(ObjectivesLooked(cards=tuple(looked), to=(r.player,)))
    if len(looked) > 1:
        s.stack.append(OrderObjectives(player=r.player, placed=0, size=len(looked)))
        return True
    return False


def unplaced(s: RebellionState, d: OrderObjectives) -> list[int]:
    """The cards looked at not put back yet (they lie under those put back)."""
    return top_cards(s, d.size)[d.placed :]


def legal_order(s: RebellionState, d: OrderObjectives) -> list[Action]:
    return [Objective(c) for c in sorted(unplaced(s, d))]


def apply_order(s: RebellionState, d: OrderObjectives, a: Action) -> None:
    """The chosen card goes ``placed`` cards from the top (its back's stage with it); the
    last card left takes the last place."""
    assert isinstance(a, Objective)
    s.stack.pop()
    cards, backs = s.zones["objective_deck"], s.objective_backs
    at = len(cards) - 1 - d.placed
    i = cards.index(a.card)
    cards[at], cards[i] = cards[i], cards[at]
    backs[at], backs[i] = backs[i], backs[at]
    placed = d.placed + 1
    if d.size - placed > 1:
        s.stack.append(OrderObjectives(player=d.player, placed=placed, size=d.size))
        return
    from .objectives import forget

    forget(s, 1 - d.player, top_cards(s, d.size))  # the new order is the Rebels' (RR-166)
    s.emit(ObjectivesOrdered(cards=tuple(top_cards(s, d.size)), to=(d.player,)))
    resume(s)


# ================================================================ determinisations
def redeal_for_empire(s: RebellionState, rng: Rng) -> None:
    """The Empire's determinisation: the probe-deck cards it knows are there (Plant False
    Lead put them back) are shuffled among the positions they hold, since it does not know
    which lies where (RR-92); a card Contingency Plan assigned stays a starting mission
    (RR-86)."""
    deck = s.zones["probe_deck"]
    known = s.known_to("probe_deck", IMPERIAL)
    if known and len(known) > 1:
        at = [i for i, c in enumerate(deck) if c in known]
        cards = [deck[i] for i in at]
        rng.shuffle(cards)
        for i, c in zip(at, cards):
            deck[i] = c
    if s.reassigned:
        keep_reassigned_starting(s, rng)


def keep_reassigned_starting(s: RebellionState, rng: Rng) -> None:
    """Each slot Contingency Plan made holds a starting mission: one re-dealt another card
    swaps it with a starting mission the Empire has not seen elsewhere in the Rebels' hand
    or other slots."""
    hand, assigned = s.zones["missions0"], s.zones["assigned0"]
    slots = s.slots[REBEL]
    marked = {i for i, slot in enumerate(slots) if any(x in s.reassigned for x in slot)}
    for k in sorted(marked):
        if assigned[k] in STARTING:
            continue
        seen_h, seen_a = s.known_to("missions0", IMPERIAL), s.known_to("assigned0", IMPERIAL)
        spots = [(hand, i) for i, c in enumerate(hand) if c in STARTING and c not in seen_h]
        spots += [
            (assigned, i)
            for i, c in enumerate(assigned)
            if c in STARTING and c not in seen_a and i not in marked
        ]
        if not spots:
            continue
        z, i = spots[rng.below(len(spots))]
        z[i], assigned[k] = assigned[k], z[i]


# ================================================================ the tables
def current(s: RebellionState) -> Resolving:
    from .missions import current as now

    return now(s)


EFFECTS: dict[str, Callable[[RebellionState, Resolving, MissionEffect], bool]] = {
    "gain_unit_at_base": effect_gain_unit_at_base,
    "gain_unit": effect_gain_unit,
    "gain_circle_units": effect_gain_circle,
    "gain_triangle_units": effect_gain_triangle,
    "reassign_starting_mission": effect_reassign,
    "attempt_bonus": effect_attempt_bonus,
    "misdirect": effect_misdirect,
    "move_from_base": effect_move_from_base,
    "move_ships_from_base": effect_move_from_base,
    "move_ground_from_base": effect_move_from_base,
    "combat_if_enemy_ground": effect_combat_if_enemy_ground,
    "destroy_units": effect_destroy_units,
    "destroy_queued_by_icons": effect_destroy_queued_by_icons,
    "destroy_queued_health": effect_destroy_queued_health,
    "rescue_captured": effect_rescue_captured,
    "rescue_captured_follow": effect_rescue_captured_follow,
    "plant_false_lead": effect_plant_false_lead,
    "attach_yoda_ring": effect_attach_yoda_ring,
    "luke_becomes_jedi": effect_luke_becomes_jedi,
    "draw_objectives": effect_draw_objectives,
    "draw_objectives_keep_one": effect_draw_keep_one,
    "reorder_objectives": effect_reorder_objectives,
}
AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {}
WHERE: dict[str, Callable[[RebellionState, int], bool]] = {
    "subjugated": lambda s, x: s.board.subjugated[x],
    "imperial_ship": lambda s, x: s.board.has_ships(x, IMPERIAL),
    "no_imperial_unit": lambda s, x: not s.board.has_units(x, IMPERIAL),
    "no_sabotage": lambda s, x: not s.board.sabotage[x],
    "captured_leader": lambda s, x: (
        s.board.captured != OFF and s.board.leader_loc[s.board.captured] == x
    ),
}
HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    GainUnits: (legal_gain_units, apply_gain_units),
    ReassignLeader: (legal_reassign_leader, apply_reassign_leader),
    ReassignMission: (legal_reassign_mission, apply_reassign_mission),
    ChooseMisdirected: (legal_misdirect, apply_misdirect),
    BaseMove: (legal_base_move, apply_base_move),
    MissionDestroy: (legal_mission_destroy, apply_mission_destroy),
    DemolishQueue: (legal_demolish, apply_demolish),
    RaidQueue: (legal_raid, apply_raid),
    FollowRescued: (legal_follow, apply_follow),
    PlaceProbe: (legal_place_probe, apply_place_probe),
    ChooseRingLeader: (legal_ring_leader, apply_ring_leader),
    KeepObjective: (legal_keep_objective, apply_keep_objective),
    OrderObjectives: (legal_order, apply_order),
}
