"""The Empire's action cards beyond the Start of Combat ones (research-2 §3.1-§3.3, research
§8.5, §8.10, the rulesheet's "Sweep the Area and Secret Facility"; RR-132..RR-135,
RR-160..RR-169).

Each card is used once a game (played: face up to ``action_discard1``). A card used in a
mission or a combat needs a pictured leader in that system, neither captured nor lured;
cards used at other times need none. Windows open on public facts (RR-120): the Empire
holds a card and a card it may hold (:func:`.action_cards.possible_hand`) could be played;
the legal actions then name the card only if it is really held (a
:class:`.decisions.CardWindow`: ``play_action_card <card>`` or ``pass``).

**Assignment cards** (played instead of assigning, :mod:`.assignment_cards`):

* Brilliant Administrator (Grand Moff Tarkin): he goes to an Imperial system; one unit per
  resource icon of it onto the build queue space of its build number (``build <unit> <s>``,
  ``stop``), as Construct Factory does: "placed on the queue", so a sabotage marker or an
  enemy unit there does not stop it (research §4.5; RR-132).
* Boba Fett? Where? (Boba Fett): he goes to an Imperial system; in this round's Command
  Phase the Rebels play no mission there (attempted or resolved) and use no action card
  there (rings still work, FAQ) (``RebellionState.watched``; RR-133).
* Catch Them by Surprise (Admiral Ozzel): he goes to any system and Imperial units move in
  from adjacent systems as in an activation (leader lock, transport; ``move <unit> <src>``,
  ``stop``); then a combat if both sides share a theater there, after which the Empire
  goes on assigning (RR-134).
* Proceeding as Planned (Admiral Ozzel or Moff Jerjerrod): the project card of the
  Empire's choice is taken from the project deck (``keep <card>``) and the leader is
  assigned to it face down; the deck is shuffled (RR-135).
* Public Support (Janus Greejatus): he goes to an Imperial system without Rebel ground
  units; the Empire gains 3 Stormtroopers there (as many as the supply holds); he holds
  back no units there this round (``Board.unlocked``).
* Scouting Mission (Soontir Fel): he goes to any system; up to 4 TIE Fighters move in
  from any systems, ignoring adjacency and transport (leader lock still holds; ``move``,
  ``stop``); a combat follows if Rebel ships are there (RR-134).

**Special cards:**

* It Is Your Destiny (Darth Vader): right after a Rebel mission (or the Millennium Falcon
  ring after it) rescued a leader in Vader's system, before any assigned leader goes with
  the rescued one, the Empire captures one of the mission's assigned leaders there
  (``target <leader>``); it needs an Imperial unit there (RR-161).
* Blindside (Boba Fett or Janus Greejatus): as an Imperial mission of one of them is
  attempted, before the Rebels oppose: no Rebel pool leader may oppose it (RR-162).
* Track Them (no leader): after Rebel units retreated from a combat (the round's retreat
  step), an Imperial leader in the combat's system goes back to the pool; in the
  Assignment Phase he may be assigned again (FAQ) (RR-163).
* Ambitions of Power (Admiral Motti or Jabba the Hutt; needs neither, FAQ): when the
  Imperial pool holds more than 8 leaders, the pool limit becomes 9 for the game
  (``RebellionState.pool_limit9``; :func:`pool_limit`).
* Post Bounty (Jabba the Hutt): after a mission (either side's) fails in Jabba's system,
  the Bounty ring goes on a Rebel leader who may wear it (:func:`.rings.may_wear`)
  (RR-164).

**Immediate cards:**

* Early Promotion (starting): draw another starting action card (``option 1``), or recruit
  Admiral Motti and place him and Grand Moff Tarkin (if in the pool) in Imperial systems
  (``option 2``, then ``system <s>`` for each); they stay there until the Refresh Phase.
* Lord Vader's Orders: the Empire looks at the top 3 objective cards and puts them back in
  any order (``objective <card>``, the new top first); the card backs (stages) stay public
  and move with the cards (RR-36); the Rebels forget where cards they knew there now lie
  (RR-166).
* Secret Facility and Sweep the Area: a probe card of the Empire's hand is hidden under
  the card (``system <s>``), which stays in play (``action_in_play1``; the probe card in
  ``facility_probe`` / ``sweep_probe``, the Empire's eyes only, re-dealt with the probe
  cards for the Rebels; Plant False Lead never takes it). With no probe card in hand the
  card is discarded with no effect (RR-165).

  - Secret Facility: at the start of any later Imperial Command turn (FAQ errata) the
    Empire may reveal it (``play_action_card <card>``): a Shield Bunker and a triangle ground
    unit (Stormtrooper or Assault Tank, ``place <unit> <s>`` when both are in supply) are
    placed in the probe card's system, then a combat if due, then the turn goes on
    (RR-167).
  - Sweep the Area: at the end of each Command Phase, after Rapid Mobilization, the Empire
    may reveal it to capture a Rebel leader in the probe card's system (``target
    <leader>``); the captive stays if an Imperial unit is there, else goes to the closest
    system with one (``system <s>``, JC) (RR-168).

**Good Intel** (Rise of the Empire version, Colonel Yularen or Soontir Fel, Start of
Combat) is played in :mod:`.action_cards`: the Rebels choose their tactic cards face up
for the combat (RR-160).

A capture by a card puts the captured ring on (the Bounty ring costs reputation,
:func:`.rings.on_capture`) and opens the Noble Sacrifice window (``captured_card``); play
goes on from ``RebellionState.card_then`` (:func:`after_card_capture`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import (
    Keep,
    Move,
    Objective,
    Option,
    Pass,
    Place,
    PlayActionCard,
    Stop,
    SystemChoice,
    Target,
)
from ..board import (
    BOARD,
    LURE,
    MISSION,
    OFF,
    POOL,
    SUPPLY,
    capture,
    hold,
    imperial_system,
    rescue,
    transport_room,
)
from ..data import (
    ACTION_LEADERS,
    IMPERIAL,
    MISSIONS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    UNITS,
    action_id,
    leader_id,
    unit_id,
)
from ..decisions import (
    AdminBuild,
    AdminReplace,
    BountyLeader,
    CardLeader,
    CardWindow,
    CommandTurn,
    EarlyPromotion,
    EliminateLeader,
    FacilityUnit,
    FalconFollow,
    FollowRescued,
    HideProbe,
    MoveUnits,
    OpposeMission,
    ProjectSearch,
    PromotionPlace,
    ScoutMove,
    SurpriseMove,
    SweepClosest,
    VaderOrders,
)
from ..events import (
    Captured,
    LeaderPlaced,
    LeaderSentToPool,
    Moved,
    ObjectivesReordered,
    ObjectivesSeen,
    PoolLimitRaised,
    ProbeHidden,
    ProbeShown,
    ProjectDeckReshuffled,
    ProjectSearched,
    Recruited,
    Rescued,
    SystemWatched,
    UnitGained,
)
from ..ids import action_card
from . import gains, rings
from .action_cards import open_captured, possible_hand
from .aftermath import check_empire_win, end_activation, rescue_if_due, reveal_if_due
from .assignment_cards import register, register_own, resume_assignment
from .combat.flow import STEPS, advance
from .projects import build_from_icon, distinct, factory_options, rebuild
from .refresh import POOL_LIMIT, replaceable

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "HANDLERS",
    "after_card_capture",
    "ambitions_due",
    "blindside_window",
    "bounty_window",
    "destiny_window",
    "facility_plays",
    "pool_limit",
    "reveal_facility",
    "sweep_window",
    "watched_here",
]

P = IMPERIAL
DESTINY = action_id("It Is Your Destiny")
BLINDSIDE = action_id("Blindside")
TRACK = action_id("Track Them")
AMBITIONS = action_id("Ambitions of Power")
POST_BOUNTY = action_id("Post Bounty")
SWEEP = action_id("Sweep the Area")
FACILITY = action_id("Secret Facility")
ORDERS = action_id("Lord Vader's Orders")
PROMOTION = action_id("Early Promotion")
MOTTI = leader_id("Admiral Motti")
TARKIN = leader_id("Grand Moff Tarkin")
STORMTROOPER = unit_id("Stormtrooper")
TIE_FIGHTER = unit_id("TIE Fighter")
SHIELD_BUNKER = unit_id("Shield Bunker")
TRIANGLES: tuple[int, ...] = tuple(
    u
    for u, x in enumerate(UNITS)
    if x.side == "Imperial" and x.theater == "ground" and x.build_icon == "ground_triangle"
)
"""The Imperial ground units with a triangle build icon (Secret Facility)."""
PUBLIC_SUPPORT_TROOPS = 3
SCOUTS = 4
ORDERS_LOOK = 3
PROBE_ZONE = {FACILITY: "facility_probe", SWEEP: "sweep_probe"}
"""Where the probe card hidden under each card lies (the Empire's eyes only)."""
WINDOW_CARD = {
    "destiny": DESTINY,
    "blindside": BLINDSIDE,
    "track_them": TRACK,
    "ambitions": AMBITIONS,
    "bounty": POST_BOUNTY,
    "sweep": SWEEP,
}
"""The card each window is for."""


# ================================================================ shared
def held(s: RebellionState, i: int) -> bool:
    return action_card(i) in s.zones["action_hand1"]


def may_hold(s: RebellionState, i: int) -> bool:
    """The Empire holds a card, and card ``i`` may be one of them (RR-120)."""
    return bool(s.zones["action_hand1"]) and i in possible_hand(s, P)


def here(s: RebellionState, system: int) -> int:
    """The location a mission in ``system`` is in (the Rebel Base space: the revealed base)."""
    return s.base if system == REBEL_BASE and s.board.base_revealed else system


def pictured_here(s: RebellionState, i: int, x: int) -> bool:
    """A leader pictured on card ``i`` is in ``x``, on the board, no captive, not lured."""
    b = s.board
    return any(
        b.leader_loc[y] == x
        and b.leader_status[y] == BOARD
        and not b.is_captive(y)
        and b.rings[y] != LURE
        for y in ACTION_LEADERS[i]
    )


def rebel_leaders_at(s: RebellionState, x: int) -> list[int]:
    b = s.board
    return [y for y in b.leaders_at(x, REBEL) if not b.is_captive(y)]


def window(s: RebellionState, name: str, **fields: int | str) -> None:
    s.stack.append(CardWindow(player=P, window=name, **fields))  # type: ignore[arg-type]


def capture_by_card(s: RebellionState, leader: int, system: int, then: list[int]) -> None:
    """A card captures ``leader`` in ``system``: the Bounty ring's cost, the ring, a leader
    held before is rescued; the Noble Sacrifice window; then ``then``."""
    b = s.board
    rings.on_capture(s, leader)
    before = capture(b, leader)
    s.emit(Captured(leader=leader, system=system))
    if before != OFF:
        s.emit(Rescued(leader=before, dst=rescue(b, before, s.base)))
    s.card_then = then
    if not open_captured(s, leader, "card"):
        after_card_capture(s)


THEN_MISSION, THEN_FOLLOW, THEN_FALCON, THEN_SWEEP = range(4)
THEN_KIND = {"mission": THEN_MISSION, "follow": THEN_FOLLOW, "falcon": THEN_FALCON}


def after_card_capture(s: RebellionState) -> None:
    """Play goes on after a capture by a card (or a window declined), as ``card_then``
    says: [kind, system, dst, rescued, attacker, card]."""
    then, s.card_then = s.card_then, []
    if s.is_terminal:
        return
    kind, system, dst, rescued, attacker, card = then
    if kind == THEN_SWEEP:
        sweep_captive(s, system, rescued)
        return
    from .missions import continue_mission, done_mission

    if kind == THEN_MISSION:
        continue_mission(s)
        return
    if kind == THEN_FOLLOW:
        from .rebel_missions import followers

        if dst != system and followers(s, system):
            s.stack.append(FollowRescued(player=attacker, system=system, dst=dst, rescued=rescued))
        else:
            continue_mission(s)
        return
    if dst != here(s, system) and rings.falcon_followers(s, system):
        s.stack.append(
            FalconFollow(player=attacker, card=card, system=system, dst=dst, rescued=rescued)
        )
        return
    done_mission(s, attacker, card)


def legal_window(s: RebellionState, d: CardWindow) -> list[Action]:
    i = WINDOW_CARD[d.window]
    ok = held(s, i) and PLAYABLE[d.window](s, d)
    if d.window == "sweep":
        ok = bool(sweep_targets(s))
    return [PlayActionCard(action_card(i)), Pass()] if ok else [Pass()]


def apply_window(s: RebellionState, d: CardWindow, a: Action) -> None:
    s.stack.pop()
    play = isinstance(a, PlayActionCard)
    if play and d.window != "sweep":
        from .action_cards import play as play_card

        play_card(s, P, WINDOW_CARD[d.window])
    RESOLVE[d.window](s, d, play)


# ================================================================ It Is Your Destiny (RR-161)
def destiny_targets(s: RebellionState, system: int) -> list[int]:
    """The mission's assigned Rebel leaders still in its system, free."""
    b = s.board
    x = here(s, system)
    return [
        y
        for y in s.mission_leaders
        if b.leader_loc[y] == x and b.leader_status[y] == BOARD and not b.is_captive(y)
    ]


def destiny_can(s: RebellionState, system: int) -> bool:
    x = here(s, system)
    return (
        pictured_here(s, DESTINY, x)
        and s.board.has_units(x, IMPERIAL)
        and bool(destiny_targets(s, system))
    )


def destiny_window(
    s: RebellionState,
    system: int,
    then: str,
    *,
    dst: int = OFF,
    rescued: int = OFF,
    attacker: int = REBEL,
    card: int = -1,
) -> bool:
    """A Rebel mission in ``system`` just rescued ``rescued`` (to ``dst``): the It Is Your
    Destiny window, before anyone goes with the rescued leader. True when it was pushed;
    play then goes on as ``then`` says ("mission": the mission's next effect; "follow":
    Daring Rescue's followers; "falcon": the Millennium Falcon ring's followers)."""
    if not may_hold(s, DESTINY) or not destiny_can(s, system):
        return False
    window(
        s,
        "destiny",
        system=system,
        then=then,
        dst=dst,
        rescued=rescued,
        attacker=attacker,
        card=card,
    )
    return True


def destiny_then(d: CardWindow) -> list[int]:
    return [THEN_KIND[d.then], d.system, d.dst, d.rescued, d.attacker, d.card]


def resolve_destiny(s: RebellionState, d: CardWindow, play: bool) -> None:
    then = destiny_then(d)
    if not play:
        s.card_then = then
        after_card_capture(s)
        return
    found = destiny_targets(s, d.system)
    s.card_then = then
    if len(found) > 1:
        s.stack.append(CardLeader(player=P, card=DESTINY, system=d.system))
        return
    s.card_then = []
    capture_by_card(s, found[0], here(s, d.system), then)


# ================================================================ Blindside (RR-162)
def blindside_window(s: RebellionState) -> None:
    """The Imperial mission just revealed is about to be opposed (its
    :class:`.decisions.OpposeMission` is on top): with Boba Fett or Janus Greejatus among
    its leaders, the Blindside window goes on top of it."""
    d = s.stack[-1]
    assert isinstance(d, OpposeMission)
    if d.attacker != P or MISSIONS[d.card].mode != "attempt" or not may_hold(s, BLINDSIDE):
        return
    if blindside_can(s) and s.board.pool(REBEL):
        window(s, "blindside", system=d.system)


def blindside_can(s: RebellionState) -> bool:
    return any(x in ACTION_LEADERS[BLINDSIDE] for x in s.mission_leaders)


def resolve_blindside(s: RebellionState, d: CardWindow, play: bool) -> None:
    if play:
        s.blindside = True  # the OpposeMission under it offers no pool leader


# ================================================================ Track Them (RR-163)
def track_targets(s: RebellionState) -> list[int]:
    b = s.board
    x = s.battle.system
    return [
        y for y in b.leaders_at(x, IMPERIAL) if b.leader_status[y] == BOARD and not b.is_captive(y)
    ]


def step_track_them(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The round's retreat step is over: if Rebel units retreated, the Track Them window."""
    bt = s.battle
    if bt.retreat_round[REBEL] != bt.round or not s.zones["action_hand1"]:
        return
    if track_targets(s) and TRACK in possible_hand(s, P):
        window(s, "track_them", system=bt.system)


def resolve_track(s: RebellionState, d: CardWindow, play: bool) -> None:
    if play:
        found = track_targets(s)
        if len(found) > 1:
            s.stack.append(CardLeader(player=P, card=TRACK, system=d.system))
            return
        send_to_pool(s, found[0], d.system)
    advance(s)


def send_to_pool(s: RebellionState, x: int, system: int) -> None:
    b = s.board
    b.leader_status[x] = POOL
    b.leader_loc[x] = OFF
    if b.unlocked == x:
        b.unlocked = b.unlocked_at = -1
    s.emit(LeaderSentToPool(player=P, leader=x, system=system))


# ================================================================ Ambitions of Power
def pool_limit(s: RebellionState, p: int) -> int:
    """``p``'s leader pool limit: 8, or 9 for the Empire after Ambitions of Power."""
    return POOL_LIMIT + (p == P and s.pool_limit9)


def ambitions_due(s: RebellionState, after: str) -> bool:
    """The Imperial pool holds more than its limit: the Ambitions of Power window first if
    the limit is still 8 (True when pushed)."""
    if s.pool_limit9 or not may_hold(s, AMBITIONS):
        return False
    window(s, "ambitions", then=after)
    return True


def resolve_ambitions(s: RebellionState, d: CardWindow, play: bool) -> None:
    from .refresh import after_recruit, end_refresh

    if not play:
        s.stack.append(EliminateLeader(player=P, after=d.then))
        return
    s.pool_limit9 = True
    s.emit(PoolLimitRaised(player=P, limit=pool_limit(s, P)))
    if d.then == "recruit":
        after_recruit(s)
    else:
        end_refresh(s)


# ================================================================ Post Bounty (RR-164)
def bounty_window(s: RebellionState, attacker: int, card: int) -> bool:
    """The clean-up of ``attacker``'s failed mission ``card``: with Jabba the Hutt in its
    system, the Post Bounty window first (True when pushed; the clean-up follows it)."""
    system, s.failed_at = s.failed_at, -1
    if system < 0 or not may_hold(s, POST_BOUNTY):
        return False
    if not pictured_here(s, POST_BOUNTY, here(s, system)) or not rings.wearers(s, rings.BOUNTY):
        return False
    window(s, "bounty", system=system, card=card, attacker=attacker)
    return True


def resolve_bounty(s: RebellionState, d: CardWindow, play: bool) -> None:
    if play:
        found = rings.wearers(s, rings.BOUNTY)
        if len(found) > 1:
            s.stack.append(BountyLeader(player=P, mission=d.card, attacker=d.attacker))
            return
        rings.attach(s, found[0], rings.BOUNTY)
    from .missions import done_mission

    done_mission(s, d.attacker, d.card)


def legal_bounty(s: RebellionState, d: BountyLeader) -> list[Action]:
    return [Target(x) for x in rings.wearers(s, rings.BOUNTY)]


def apply_bounty(s: RebellionState, d: BountyLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    rings.attach(s, a.leader, rings.BOUNTY)
    from .missions import done_mission

    done_mission(s, d.attacker, d.mission)


# ================================================================ Sweep the Area (RR-168)
def sweep_system(s: RebellionState) -> int:
    z = s.zones["sweep_probe"]
    return z[0] if z else -1


def sweep_targets(s: RebellionState) -> list[int]:
    x = sweep_system(s)
    return rebel_leaders_at(s, x) if x >= 0 else []


def sweep_window(s: RebellionState) -> bool:
    """The end of the Command Phase, after Rapid Mobilization: Sweep the Area in play, the
    Empire may reveal it (asked once a phase, when a free Rebel leader is in some system:
    public facts, RR-120). True when pushed."""
    if not s.zones["sweep_probe"] or s.sweep_kept == s.round:
        return False
    b = s.board
    if not any(rebel_leaders_at(s, x) for x in range(NUM_SYSTEMS) if b.leaders_at(x, REBEL)):
        return False
    window(s, "sweep")
    return True


def resolve_sweep(s: RebellionState, d: CardWindow, play: bool) -> None:
    from .command import end_command

    if not play:
        s.sweep_kept = s.round
        end_command(s)
        return
    x = unveil(s, SWEEP)
    found = rebel_leaders_at(s, x)
    if len(found) > 1:
        s.stack.append(CardLeader(player=P, card=SWEEP, system=x))
        return
    capture_by_card(s, found[0], x, [THEN_SWEEP, x, OFF, found[0], P, -1])


def unveil(s: RebellionState, i: int) -> int:
    """Card ``i`` in play is revealed: its probe card goes face up out of the game, the card
    to the discard. Returns the probe card's system."""
    z = PROBE_ZONE[i]
    x = s.zones[z][0]
    s.move(x, z, "probes_out")
    s.move(action_card(i), "action_in_play1", "action_discard1")
    s.emit(ProbeShown(card=x, under=action_card(i)))
    return x


def sweep_captive(s: RebellionState, x: int, captive: int) -> None:
    """The captive stays in ``x`` if an Imperial unit is there, else goes to the closest
    system with one (the Empire choosing among equally close ones, JC); then the end of the
    Command Phase goes on."""
    from .command import end_command
    from .imperial_missions import closest_imperial, take_captive

    b = s.board
    if b.is_captive(captive) and not b.has_units(b.leader_loc[captive], IMPERIAL):
        options = closest_imperial(s, x)
        if len(options) > 1:
            s.stack.append(SweepClosest(player=P, system=x, captive=captive))
            return
        if options:
            take_captive(s, P, captive, (), options[0])
    rescue_if_due(s)
    end_command(s)


def legal_closest(s: RebellionState, d: SweepClosest) -> list[Action]:
    from .imperial_missions import closest_imperial

    return [SystemChoice(x) for x in closest_imperial(s, d.system)]


def apply_closest(s: RebellionState, d: SweepClosest, a: Action) -> None:
    from .command import end_command
    from .imperial_missions import take_captive

    assert isinstance(a, SystemChoice)
    s.stack.pop()
    take_captive(s, P, d.captive, (), a.system)
    end_command(s)


# ================================================================ a leader chosen
def leader_options(s: RebellionState, d: CardLeader) -> list[int]:
    if d.card == DESTINY:
        return destiny_targets(s, d.system)
    if d.card == TRACK:
        return track_targets(s)
    return rebel_leaders_at(s, d.system)


def legal_leader(s: RebellionState, d: CardLeader) -> list[Action]:
    return [Target(x) for x in leader_options(s, d)]


def apply_leader(s: RebellionState, d: CardLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    if d.card == TRACK:
        send_to_pool(s, a.leader, d.system)
        advance(s)
        return
    if d.card == DESTINY:
        then, s.card_then = s.card_then, []
        capture_by_card(s, a.leader, here(s, d.system), then)
        return
    capture_by_card(s, a.leader, d.system, [THEN_SWEEP, d.system, OFF, a.leader, P, -1])


# ================================================================ hidden probe cards (RR-165)
def gain_hidden(s: RebellionState, p: int, i: int) -> bool:
    """Secret Facility / Sweep the Area gained: a probe card of the hand goes under it and
    it stays in play; with no probe card in hand it is discarded with no effect."""
    hand = s.zones["probe_hand"]
    if not hand:
        return False
    s.move(action_card(i), "action_discard1", "action_in_play1")
    if len(set(hand)) > 1:
        s.stack.append(HideProbe(player=P, card=i))
        return True
    hide(s, i, hand[0])
    return False


def hide(s: RebellionState, i: int, x: int) -> None:
    s.move(x, "probe_hand", PROBE_ZONE[i])
    s.emit(ProbeHidden(card=x, under=action_card(i), to=(P,)))


def legal_hide(s: RebellionState, d: HideProbe) -> list[Action]:
    return [SystemChoice(x) for x in sorted(s.zones["probe_hand"])]


def apply_hide(s: RebellionState, d: HideProbe, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    hide(s, d.card, a.system)
    gains.resume(s)


# ================================================================ Secret Facility (RR-167)
def facility_plays(s: RebellionState, p: int) -> list[Action]:
    """At the start of an Imperial Command turn: reveal the Secret Facility in play."""
    if p == P and s.zones["facility_probe"]:
        return [PlayActionCard(action_card(FACILITY))]
    return []


def fits_in(s: RebellionState, x: int) -> bool:
    """A ground unit may be placed in ``x``: not destroyed, or carried by Imperial ships."""
    return not s.board.destroyed[x] or transport_room(s.board, P, x) > 0


def place_unit(s: RebellionState, u: int, x: int) -> None:
    s.board.add_unit(u, x)
    s.emit(UnitGained(side=P, unit=u, system=x))


def reveal_facility(s: RebellionState) -> None:
    """The probe card under Secret Facility is revealed: a Shield Bunker and a triangle
    ground unit there (each if the supply has one and it fits), then a combat if due."""
    x = unveil(s, FACILITY)
    b = s.board
    if b.in_supply(SHIELD_BUNKER) > 0 and fits_in(s, x):
        place_unit(s, SHIELD_BUNKER, x)
    found = [u for u in TRIANGLES if b.in_supply(u) > 0]
    if found and fits_in(s, x):
        if len(found) > 1:
            s.stack.append(FacilityUnit(player=P, system=x))
            return
        place_unit(s, found[0], x)
    after_facility(s, x)


def after_facility(s: RebellionState, x: int) -> None:
    from .combat import start_combat
    from .command import combat_due

    if reveal_if_due(s) and check_empire_win(s):
        return
    if combat_due(s.board, x):
        start_combat(s, x, P, "reveal")  # then the Empire's turn goes on
        return
    s.stack.append(CommandTurn(player=P))


def legal_facility_unit(s: RebellionState, d: FacilityUnit) -> list[Action]:
    return [Place(u, d.system) for u in TRIANGLES if s.board.in_supply(u) > 0]


def apply_facility_unit(s: RebellionState, d: FacilityUnit, a: Action) -> None:
    assert isinstance(a, Place)
    s.stack.pop()
    place_unit(s, a.unit, d.system)
    after_facility(s, d.system)


# ================================================================ Early Promotion
def gain_promotion(s: RebellionState, p: int, i: int) -> bool:
    draw = bool(s.zones["action_box1"])
    motti = s.board.leader_status[MOTTI] == SUPPLY
    if draw and motti:
        s.stack.append(EarlyPromotion(player=P))
        return True
    if draw:
        gains.draw_starting(s, P, 1, first=True)
        return False
    return promote(s) if motti else False


def legal_promotion(s: RebellionState, d: EarlyPromotion) -> list[Action]:
    return [Option(1), Option(2)]


def apply_promotion(s: RebellionState, d: EarlyPromotion, a: Action) -> None:
    assert isinstance(a, Option)
    s.stack.pop()
    if a.which == 1:
        gains.draw_starting(s, P, 1, first=True)
    elif promote(s):
        return
    gains.resume(s)


def promote(s: RebellionState) -> bool:
    """Motti is recruited; he and Tarkin (if in the pool) go to Imperial systems."""
    s.board.leader_status[MOTTI] = POOL
    s.emit(Recruited(player=P, leader=MOTTI))
    return place_next(s)


def promoted(s: RebellionState) -> list[int]:
    return [x for x in (MOTTI, TARKIN) if s.board.leader_status[x] == POOL]


def imperial_systems(s: RebellionState) -> list[int]:
    b = s.board
    return [x for x in range(NUM_SYSTEMS) if imperial_system(b, x)]


def place_next(s: RebellionState) -> bool:
    """Place the next of Motti and Tarkin still in the pool; True when asked where."""
    while promoted(s):
        x = promoted(s)[0]
        where = imperial_systems(s)
        if not where:
            return False
        if len(where) > 1:
            s.stack.append(PromotionPlace(player=P, leader=x))
            return True
        put_leader(s, x, where[0])
    return False


def put_leader(s: RebellionState, x: int, system: int) -> None:
    b = s.board
    b.leader_loc[x] = system
    b.leader_status[x] = BOARD
    s.emit(LeaderPlaced(player=P, leader=x, system=system))


def legal_place(s: RebellionState, d: PromotionPlace) -> list[Action]:
    return [SystemChoice(x) for x in imperial_systems(s)]


def apply_place(s: RebellionState, d: PromotionPlace, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    put_leader(s, d.leader, a.system)
    if not place_next(s):
        gains.resume(s)


# ================================================================ Lord Vader's Orders (RR-166)
def top_cards(s: RebellionState, n: int) -> list[int]:
    return s.zones["objective_deck"][::-1][:n]


def gain_orders(s: RebellionState, p: int, i: int) -> bool:
    looked = top_cards(s, ORDERS_LOOK)
    if not looked:
        return False
    s.reveal("objective_deck", P, looked)
    s.emit(ObjectivesSeen(cards=tuple(looked), to=(P,)))
    if len(looked) > 1:
        s.stack.append(VaderOrders(player=P, placed=0, size=len(looked)))
        return True
    return False


def legal_orders(s: RebellionState, d: VaderOrders) -> list[Action]:
    return [Objective(c) for c in sorted(top_cards(s, d.size)[d.placed :])]


def apply_orders(s: RebellionState, d: VaderOrders, a: Action) -> None:
    """The chosen card goes ``placed`` cards from the top, its back's stage with it; the
    last card takes the last place. The Rebels forget the cards they knew there (their
    places changed unseen)."""
    assert isinstance(a, Objective)
    s.stack.pop()
    cards, backs = s.zones["objective_deck"], s.objective_backs
    at = len(cards) - 1 - d.placed
    k = cards.index(a.card)
    cards[at], cards[k] = cards[k], cards[at]
    backs[at], backs[k] = backs[k], backs[at]
    placed = d.placed + 1
    if d.size - placed > 1:
        s.stack.append(VaderOrders(player=P, placed=placed, size=d.size))
        return
    top = top_cards(s, d.size)
    from .objectives import forget

    forget(s, REBEL, top)
    s.emit(ObjectivesReordered(cards=tuple(top), to=(P,)))
    gains.resume(s)


# ================================================================ Assignment cards
def imperial_systems_for(s: RebellionState, p: int) -> list[int]:
    return imperial_systems(s)


def any_system(s: RebellionState, p: int) -> list[int]:
    return list(range(NUM_SYSTEMS))


# ---------------------------------------------------------------- Brilliant Administrator (RR-132)
def play_administrator(s: RebellionState, p: int, i: int, x: int) -> bool:
    return admin_step(s, x, ())


def admin_step(s: RebellionState, x: int, used: tuple[int, ...]) -> bool:
    if factory_options(s, x, used, P):
        s.stack.append(AdminBuild(player=P, system=x, used=used))
        return True
    return False


def legal_admin(s: RebellionState, d: AdminBuild) -> list[Action]:
    return [*factory_options(s, d.system, d.used, P), Stop()]


def apply_admin(s: RebellionState, d: AdminBuild, a: Action) -> None:
    def replace(u: int, used: tuple[int, ...]) -> AdminReplace:
        return AdminReplace(player=P, unit=u, system=d.system, used=used)

    build_from_icon(
        s,
        d,
        a,
        lambda used: admin_step(s, d.system, used),
        replace,
        lambda: resume_assignment(s, P),
        by_card=True,
    )


def legal_admin_replace(s: RebellionState, d: AdminReplace) -> list[Action]:
    return [SystemChoice(loc) for loc in replaceable(s, d.unit)]


def apply_admin_replace(s: RebellionState, d: AdminReplace, a: Action) -> None:
    rebuild(
        s,
        d,
        a,
        lambda used: admin_step(s, d.system, used),
        lambda: resume_assignment(s, P),
        by_card=True,
    )


# ---------------------------------------------------------------- Boba Fett? Where? (RR-133)
def play_boba(s: RebellionState, p: int, i: int, x: int) -> bool:
    s.watched = x
    s.emit(SystemWatched(system=x))
    return False


def watched_here(s: RebellionState, x: int) -> bool:
    """Boba Fett? Where? watches location ``x`` this Command Phase (the Rebel Base space
    counts as the revealed base's system)."""
    return s.watched >= 0 and here(s, x) == s.watched


# ---------------------------------------------------------------- Public Support
def public_support_systems(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in imperial_systems(s) if not b.has_ground(x, REBEL)]


def play_public_support(s: RebellionState, p: int, i: int, x: int) -> bool:
    b = s.board
    for _ in range(min(PUBLIC_SUPPORT_TROOPS, b.in_supply(STORMTROOPER))):
        place_unit(s, STORMTROOPER, x)
    b.unlocked, b.unlocked_at = ACTION_LEADERS[i][0], x
    if reveal_if_due(s):
        check_empire_win(s)
    return False


# ---------------------------------------------------------------- Catch Them by Surprise (RR-134)
def as_activation(d: SurpriseMove) -> MoveUnits:
    return MoveUnits(player=P, system=d.system, spare=d.spare)


def surprise_moves(s: RebellionState, d: SurpriseMove) -> list[Action]:
    """An activation's moves into the system (captives excepted: the card moves units)."""
    from .command import legal_move

    return [a for a in legal_move(s, as_activation(d)) if isinstance(a, Move | Stop)]


def play_surprise(s: RebellionState, p: int, i: int, x: int) -> bool:
    hold(s.board, x)  # units moving in subjugate it once its combat, if any, is over
    s.stack.append(SurpriseMove(player=P, system=x, spare=(0,) * NUM_LOCATIONS))
    return True


def legal_surprise(s: RebellionState, d: SurpriseMove) -> list[Action]:
    return surprise_moves(s, d)


def apply_surprise(s: RebellionState, d: SurpriseMove, a: Action) -> None:
    from .command import CAPACITY, CARRIED

    s.stack.pop()
    if isinstance(a, Stop):
        after_card_move(s, d.system, any_units=True)
        return
    assert isinstance(a, Move)
    b = s.board
    b.remove_unit(a.unit, a.src)
    b.add_unit(a.unit, d.system)
    spare = list(d.spare)
    spare[a.src] += -1 if CARRIED[a.unit] else CAPACITY[a.unit]
    s.emit(Moved(player=P, unit=a.unit, src=a.src, dst=d.system))
    if check_empire_win(s):
        return
    s.stack.append(SurpriseMove(player=P, system=d.system, spare=tuple(spare)))


def after_card_move(s: RebellionState, x: int, any_units: bool) -> None:
    """As after an activation's movement: rescue, the base reveal, the Empire's win; then a
    combat (Catch Them by Surprise: both sides in one theater; Scouting Mission: ships of
    both sides), after which the Empire goes on assigning."""
    from .combat import start_combat
    from .command import combat_due

    b = s.board
    rescue_if_due(s)
    reveal_if_due(s)
    if check_empire_win(s):
        return
    due = combat_due(b, x) if any_units else b.has_ships(x, REBEL) and b.has_ships(x, P)
    if due:
        start_combat(s, x, P, "assignment")
        return
    end_activation(s)
    resume_assignment(s, P)


# ---------------------------------------------------------------- Scouting Mission (RR-134)
def scout_moves(s: RebellionState, d: ScoutMove) -> list[Action]:
    b = s.board
    return [
        Move(TIE_FIGHTER, x)
        for x in range(NUM_SYSTEMS)
        if x != d.system and b.units[x][TIE_FIGHTER] and not b.locks(x, P)
    ]


def play_scouting(s: RebellionState, p: int, i: int, x: int) -> bool:
    d = ScoutMove(player=P, system=x, left=SCOUTS)
    if scout_moves(s, d):
        s.stack.append(d)
        return True
    after_card_move(s, x, any_units=False)
    return True  # play goes on from there


def legal_scout(s: RebellionState, d: ScoutMove) -> list[Action]:
    return [*scout_moves(s, d), Stop()]


def apply_scout(s: RebellionState, d: ScoutMove, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Move):
        b = s.board
        b.remove_unit(a.unit, a.src)
        b.add_unit(a.unit, d.system)
        s.emit(Moved(player=P, unit=a.unit, src=a.src, dst=d.system))
        if check_empire_win(s):
            return
        nxt = ScoutMove(player=P, system=d.system, left=d.left - 1)
        if nxt.left > 0 and scout_moves(s, nxt):
            s.stack.append(nxt)
            return
    after_card_move(s, d.system, any_units=False)


# ---------------------------------------------------------------- Proceeding as Planned (RR-135)
def can_proceed(s: RebellionState, p: int, i: int) -> bool:
    return bool(s.zones["project_deck"] or s.zones["project_discard"])


def begin_proceed(s: RebellionState, p: int, i: int, leader: int) -> None:
    deck = s.zones["project_deck"]
    if not deck:  # made again from the shuffled discard (RR-47)
        deck = s.zones["project_discard"]
        s.zones["project_deck"], s.zones["project_discard"] = deck, []
        s.rng.shuffle(deck)
        s.emit(ProjectDeckReshuffled(count=len(deck)))
    found = distinct(deck)
    if len(found) > 1:
        s.stack.append(ProjectSearch(player=P, leader=leader))
        return
    take_project(s, found[0], leader)


def take_project(s: RebellionState, card: int, leader: int) -> None:
    """``card`` goes face down with ``leader`` on it; the project deck is shuffled."""
    s.move(card, "project_deck", "assigned1")
    s.slots[P].append([leader])
    s.board.leader_status[leader] = MISSION
    s.emit(ProjectSearched(card=card, leader=leader, to=(P,)))
    s.rng.shuffle(s.zones["project_deck"])
    shown = s.known.get("project_deck")
    if shown and P in shown:  # the bottom cards it knew are shuffled in
        if len(shown) == 1:
            s.forget_zone("project_deck")
        else:  # a new dict: a clone may share the old one
            rest = {p: ids for p, ids in shown.items() if p != P}
            s.known = {**s.known, "project_deck": rest}
    resume_assignment(s, P)


def legal_search(s: RebellionState, d: ProjectSearch) -> list[Action]:
    return [Keep(c) for c in distinct(s.zones["project_deck"])]


def apply_search(s: RebellionState, d: ProjectSearch, a: Action) -> None:
    assert isinstance(a, Keep)
    s.stack.pop()
    take_project(s, a.card, d.leader)


# ================================================================ the tables
Playable = Callable[["RebellionState", CardWindow], bool]
Resolve = Callable[["RebellionState", CardWindow, bool], None]

PLAYABLE: dict[str, Playable] = {
    "destiny": lambda s, d: destiny_can(s, d.system),
    "blindside": lambda s, d: blindside_can(s),
    "track_them": lambda s, d: bool(track_targets(s)),
    "ambitions": lambda s, d: not s.pool_limit9,
    "bounty": lambda s, d: bool(rings.wearers(s, rings.BOUNTY)),
    "sweep": lambda s, d: bool(sweep_targets(s)),
}
"""Whether each window's card can really be played now (the Empire holding it)."""

RESOLVE: dict[str, Resolve] = {
    "destiny": resolve_destiny,
    "blindside": resolve_blindside,
    "track_them": resolve_track,
    "ambitions": resolve_ambitions,
    "bounty": resolve_bounty,
    "sweep": resolve_sweep,
}
"""Each window's card played (True) or not, and how play goes on."""

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    CardWindow: (legal_window, apply_window),
    CardLeader: (legal_leader, apply_leader),
    BountyLeader: (legal_bounty, apply_bounty),
    SweepClosest: (legal_closest, apply_closest),
    HideProbe: (legal_hide, apply_hide),
    EarlyPromotion: (legal_promotion, apply_promotion),
    PromotionPlace: (legal_place, apply_place),
    VaderOrders: (legal_orders, apply_orders),
    AdminBuild: (legal_admin, apply_admin),
    AdminReplace: (legal_admin_replace, apply_admin_replace),
    SurpriseMove: (legal_surprise, apply_surprise),
    ScoutMove: (legal_scout, apply_scout),
    ProjectSearch: (legal_search, apply_search),
    FacilityUnit: (legal_facility_unit, apply_facility_unit),
}

register("Brilliant Administrator", imperial_systems_for, play_administrator)
register("Boba Fett? Where?", imperial_systems_for, play_boba)
register("Catch Them by Surprise", any_system, play_surprise)
register("Public Support", public_support_systems, play_public_support)
register("Scouting Mission", any_system, play_scouting)
register_own("Proceeding as Planned", can_proceed, begin_proceed)
gains.IMMEDIATE[PROMOTION] = gain_promotion
gains.IMMEDIATE[ORDERS] = gain_orders
gains.IMMEDIATE[FACILITY] = gain_hidden
gains.IMMEDIATE[SWEEP] = gain_hidden
STEPS["track_them"] = step_track_them
