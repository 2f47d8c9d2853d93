"""The Refresh Phase, in its fixed order (research §4.5; ROTE "Building Units",
"Shield Bunker", "Leader Pool Limit", "Immediate Objectives").

0. **Start of the phase** (:func:`.objective_play.start_of_refresh`, RR-61): Show No
   Fear gives 1 reputation if its marker is still on the board; Rebel Cell, its marker
   still there, lets the Rebels discard an objective card for 1 reputation; then the
   Rebels may play one "refresh" objective (``objective <card>`` or ``pass``). The Rebels
   win at once if reputation meets time.
1. **Retrieve leaders**: every leader on the board goes back to the pool of the side
   it plays for (a leader lured to the Dark Side to the Empire's); a captive (captured,
   or frozen in Carbonite) stays where it is, and so does a leader Detained in the
   Command Phase just over (it comes back at the Refresh Phase after, RR-75).
2. **Draw missions**: each side draws 2 mission cards (:mod:`.mission_deck`; an
   empty deck is made again from its discard, RR-51), then discards down to 10:
   project cards count toward the 10 (research §4.5 step 2). Each side over 10,
   Rebels first, discards one card at a time (``discard <card>``) until it holds
   10; starting missions are never discarded; a discarded project goes face up to
   the project discard, any other card to its side's mission discard.
3. **Launch probe droids**: the Empire draws 2 probe cards, kept secret.
4. **Draw objective**: the Rebels draw 1 objective card into their hidden hand
   (:func:`.objectives.draw_objectives`, RR-35); an Immediate card is revealed and
   resolved at once (its target markers placed), then the phase goes on.
5. **Advance the time marker** one space; the Rebels win at once if it reaches
   reputation (RR-18). Then the icons of the new space, in the rules' order
   (RR-31): on a **recruit** icon each side draws 2 action cards and recruits a
   leader pictured on one, keeping that card face down (:mod:`.recruit`: drawing
   on, discarding, the hidden choices, RR-15, RR-30..A6), and the leader pool
   limit of 8 applies at once; on a **build** icon each side places one unit per
   resource icon of its systems onto the build queue space of the system's build
   number, Rebels first; the Rebels' placements are hidden from the Empire until
   both are in (RR-15):

   * the Rebels use their Rebel systems (loyal, not subjugated) and the Rebel
     Base space, unless the base is revealed and the Empire has a unit or
     loyalty in its system; the Empire its Imperial-loyalty systems, and
     subjugated systems with their left-most icon only;
   * never a system with an enemy unit or a sabotage marker;
   * ``build <unit> <loc>`` in increasing location order, then ``stop``;
     building fewer is fine;
   * a unit type out of supply may still be built by destroying one of one's own
     figures of that type on the board (never a Death Star): ``system <s>``
     names where.
6. **Deploy**, Rebels first: every queue slides down one space, and the units
   leaving space 1 are deployed one at a time (``place <unit> <loc>``, then
   ``stop``; those not deployed go back onto space 1):

   * into one's loyal systems (the Empire also subjugated ones), at most 2 units
     a system this phase, never a remote system, a system with a sabotage
     marker, or one with an enemy ship or ground unit;
   * the Rebels, base hidden: up to 2 units on the Rebel Base space; base
     revealed: nothing onto the space;
   * a Death Star goes into its Death Star Under Construction's system and
     replaces it, even with Rebel ground units there (it counts toward the 2);
   * Shield Bunker: also into any system with an Imperial ground unit and no
     Rebel unit, loyalty aside; and an Empire-held remote system with a Shield
     Bunker (not one deployed in this step) and no Rebel unit takes Imperial
     units as if it were loyal.

   Deployed Imperial ground units subjugate and may reveal the base; the
   Empire's win is checked after each (RR-18).

After the deploy step the players may remove target markers (:mod:`.markers`,
RR-38). Then the leader pool limit (8: excess leaders are eliminated, their owner
choosing; also checked right after recruiting, RR-31) and the round cap
(``max_rounds``, RR-18: a draw), and the next round's Assignment Phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action, Rng

from ..actions import PLACE, Build, Discard, Eliminate, Place, Stop, SystemChoice
from ..board import (
    ELIMINATED,
    OFF,
    POOL,
    rebel_system,
    rebels_win,
    transport_room,
)
from ..data import (
    IMPERIAL,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    REBEL_BASE_SPACE,
    SYSTEMS,
    TIME_TRACK,
    UNITS,
    unit_id,
)
from ..decisions import BuildUnits, DeployUnits, DiscardMission, EliminateLeader, ReplaceUnit
from ..events import (
    Built,
    BuiltHidden,
    Deployed,
    GameOver,
    LeaderEliminated,
    LeadersRetrieved,
    PhaseBegan,
    ProbesDrawn,
    TimeAdvanced,
    UnitsDestroyed,
)
from ..ids import mission_of
from .aftermath import check_empire_win, reveal_if_due
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "HAND_LIMIT",
    "POOL_LIMIT",
    "after_recruit",
    "build_options",
    "deploy_options",
    "draw_objective",
    "end_refresh",
    "redeal_builds",
    "refresh_steps",
    "start_refresh",
]

POOL_LIMIT = 8
HAND_LIMIT = 10
DEPLOY_LIMIT = 2
PROBES_PER_REFRESH = 2
DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
SHIELD_BUNKER = unit_id("Shield Bunker")
ICONS: tuple[tuple[str, ...], ...] = (*(x.icons for x in SYSTEMS), REBEL_BASE_SPACE.icons)
BUILD_SPACE: tuple[int, ...] = (*(x.build for x in SYSTEMS), REBEL_BASE_SPACE.build)
REMOTE: tuple[bool, ...] = tuple(x.remote for x in SYSTEMS)


# ================================================================ steps 1-5
def start_refresh(s: RebellionState) -> None:
    """The start of the phase (RR-61), then steps 1 and 2."""
    s.phase = "refresh"
    s.emit(PhaseBegan(phase="refresh", round=s.round))
    from .objective_play import start_of_refresh

    if start_of_refresh(s) or s.is_terminal:
        return
    refresh_steps(s)


def refresh_steps(s: RebellionState) -> None:
    """Steps 1 and 2, once the start of the phase is over."""
    retrieve_leaders(s)
    draw_missions(s)


def after_hand_limit(s: RebellionState) -> None:
    """Steps 3-5, once every hand is down to the limit."""
    launch_probes(s)
    if draw_objective(s):
        return
    advance_time(s)


def retrieve_leaders(s: RebellionState) -> None:
    """Step 1: leaders on the board go back to the pools; a captive stays, and a Detained
    leader stays this once (RR-75)."""
    b = s.board
    back = []
    held = b.detained
    for x, st in enumerate(b.leader_status):
        if (
            b.leader_loc[x] != OFF
            and st != ELIMINATED
            and not b.is_captive(x)
            and not held >> x & 1
        ):
            b.leader_loc[x] = OFF
            b.leader_status[x] = POOL
            back.append(x)
    b.detained = 0
    b.unlocked = b.unlocked_at = -1  # Public Support's "this round" is over
    s.emit(LeadersRetrieved(leaders=tuple(back)))


def draw_missions(s: RebellionState) -> None:
    """Step 2: each side draws 2 mission cards (Rebels first), then discards down to the
    hand limit."""
    from .mission_deck import DRAW_PER_REFRESH
    from .mission_deck import draw_missions as draw

    for p in (REBEL, IMPERIAL):
        draw(s, p, DRAW_PER_REFRESH)
    hand_limit(s)


def discardable(s: RebellionState, p: int) -> list[int]:
    """The cards of ``p``'s hand that may be discarded (not a starting mission), one id per
    card name (copies are the same choice)."""
    seen: set[str] = set()
    out = []
    for c in sorted(s.zones[f"missions{p}"]):
        m = MISSIONS[mission_of(c)]
        if not m.starting and m.name not in seen:
            seen.add(m.name)
            out.append(c)
    return out


def hand_limit(s: RebellionState) -> None:
    """A side holding more than 10 mission cards discards one, Rebels first; then step 3."""
    for p in (REBEL, IMPERIAL):
        if len(s.zones[f"missions{p}"]) > HAND_LIMIT and discardable(s, p):
            s.stack.append(DiscardMission(player=p))
            return
    after_hand_limit(s)


def legal_discard(s: RebellionState, d: DiscardMission) -> list[Action]:
    return [Discard(c) for c in discardable(s, d.player)]


def apply_discard(s: RebellionState, d: DiscardMission, a: Action) -> None:
    assert isinstance(a, Discard)
    s.stack.pop()
    from .mission_deck import discard

    discard(s, d.player, a.card, f"missions{d.player}")
    hand_limit(s)


def launch_probes(s: RebellionState) -> None:
    """Step 3: the Empire draws 2 probe cards, secretly."""
    n = min(PROBES_PER_REFRESH, len(s.zones["probe_deck"]))
    got = tuple(s.pop_card("probe_deck") for _ in range(n))
    s.zones["probe_hand"].extend(got)
    s.emit(ProbesDrawn(cards=got, to=(IMPERIAL,)))


def draw_objective(s: RebellionState) -> bool:
    """Step 4 (RR-35): the Rebels draw 1 objective card; an Immediate one is revealed and
    resolved at once. True when its markers wait to be placed (step 5 follows then)."""
    from .objectives import draw_objectives

    return draw_objectives(s, 1, "refresh")


def advance_time(s: RebellionState) -> None:
    """Step 5: the time marker moves on; the Rebels may win; then the new space's icons,
    recruit before build (RR-31)."""
    b = s.board
    b.time = min(b.time + 1, TIME_TRACK.length)
    space = TIME_TRACK.spaces[b.time - 1]
    s.emit(TimeAdvanced(time=b.time))
    if rebels_win(b):
        s.emit(GameOver(winner=REBEL, reason="reputation met the time marker"))
        s.finish([1.0, -1.0])
        return
    s.builds = [[], []]
    s.build_used = [[], []]
    if space.recruit:
        from .recruit import start_recruit

        start_recruit(s)
    else:
        build_step(s)


def after_recruit(s: RebellionState) -> None:
    """Recruiting is over: the pool limit at once (RR-31), then the build icon."""
    if pool_limit_due(s, "recruit"):
        return
    build_step(s)


def build_step(s: RebellionState) -> None:
    if TIME_TRACK.spaces[s.board.time - 1].build:
        s.stack.append(BuildUnits(player=REBEL))
    else:
        start_deploy(s)


# ================================================================ build
ICON_SLOTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((loc, i) for i in range(len(icons))) for loc, icons in enumerate(ICONS)
)
"""Per location: (location, icon index) of each of its build icons, built once."""


def icon_slots(s: RebellionState, p: int) -> list[tuple[int, int]]:
    """(location, icon index) of every icon ``p`` may build from this phase."""
    b = s.board
    out: list[tuple[int, int]] = []
    for loc in range(NUM_SYSTEMS):
        if b.destroyed[loc] or b.sabotage[loc]:
            continue
        if (p == REBEL and rebel_system(b, loc)) or (p == IMPERIAL and b.loyalty[loc] == IMPERIAL):
            slots = ICON_SLOTS[loc]  # every icon
        elif p == IMPERIAL and b.subjugated[loc] and ICONS[loc]:
            slots = ICON_SLOTS[loc][:1]  # a subjugated system: its first icon
        else:
            continue
        if not b.has_units(loc, 1 - p):
            out.extend(slots)
    if p == REBEL and not base_space_blocked(s):
        out.extend(ICON_SLOTS[REBEL_BASE])
    return out


def base_space_blocked(s: RebellionState) -> bool:
    """The Rebel Base space builds unless the base is revealed and the Empire has a unit
    or loyalty in its system."""
    b = s.board
    base = s.base
    return b.base_revealed and (b.has_units(base, IMPERIAL) or b.loyalty[base] == IMPERIAL)


def supply_left(s: RebellionState, p: int, u: int) -> int:
    """Figures of ``u`` in the supply, less those placed (still hidden) this build step."""
    return s.board.in_supply(u) - sum(1 for v, _ in s.builds[p] if v == u)


def supply_now(s: RebellionState, p: int) -> list[int]:
    """:func:`supply_left` of every unit type at once (index: unit type)."""
    supply = s.board.supply()
    for u, _ in s.builds[p]:
        supply[u] -= 1
    return supply


def replaceable(s: RebellionState, u: int) -> list[int]:
    """Locations with a figure of ``u`` that may be destroyed to build another (never a
    Death Star)."""
    if u == DEATH_STAR:
        return []
    return [loc for loc, row in enumerate(s.board.units) if row[u]]


def build_options(s: RebellionState, p: int) -> list[Action]:
    used = s.build_used[p]
    last = max((loc for loc, _ in used), default=0)
    out: list[Action] = []
    seen: set[tuple[int, int]] = set()
    buildable: dict[int, bool] = {}  # per unit type: in the supply or replaceable
    supply: list[int] | None = None  # supply_now, worked out at the first unit type
    for loc, i in icon_slots(s, p):
        if loc < last or (loc, i) in used:
            continue
        icon = ICONS[loc][i]
        for u in BUILDS.get(icon, ()):
            if F_SIDE[u] != p or (u, loc) in seen:
                continue
            ok = buildable.get(u)
            if ok is None:
                if supply is None:
                    supply = supply_now(s, p)
                ok = buildable[u] = supply[u] > 0 or bool(replaceable(s, u))
            if ok:
                seen.add((u, loc))
                out.append(Build(u, loc))
    return out


def legal_build(s: RebellionState, d: BuildUnits) -> list[Action]:
    return [*build_options(s, d.player), Stop()]


def apply_build(s: RebellionState, d: BuildUnits, a: Action) -> None:
    p = d.player
    if isinstance(a, Stop):
        s.stack.pop()
        s.emit(BuiltHidden(player=p, n=len(s.builds[p])))
        if p == REBEL:
            s.stack.append(BuildUnits(player=IMPERIAL))
        else:
            for side in (REBEL, IMPERIAL):
                place_builds(s, side, s.builds[side])
            s.builds = [[], []]
            s.build_used = [[], []]
            start_deploy(s)
        return
    assert isinstance(a, Build)
    s.build_used[p].append(free_slot(s, p, a.unit, a.loc))
    if supply_left(s, p, a.unit) <= 0:
        s.stack.append(ReplaceUnit(player=p, unit=a.unit, loc=a.loc))
        return
    s.builds[p].append((a.unit, a.loc))


def redeal_builds(s: RebellionState, side: int, rng: Rng) -> None:
    """A determinisation: ``side``'s face-down placements this build step become as many
    random legal ones (kept as they are if no other set of that size is found)."""
    old, old_used = s.builds[side], s.build_used[side]
    n = len(old)
    s.builds[side], s.build_used[side] = [], []
    for _ in range(n):
        options = [
            a
            for a in build_options(s, side)
            if isinstance(a, Build) and supply_left(s, side, a.unit) > 0
        ]
        if not options:
            s.builds[side], s.build_used[side] = old, old_used
            return
        a = options[rng.below(len(options))]
        assert isinstance(a, Build)
        s.build_used[side].append(free_slot(s, side, a.unit, a.loc))
        s.builds[side].append((a.unit, a.loc))


def free_slot(s: RebellionState, p: int, unit: int, loc: int) -> tuple[int, int]:
    """The first unused icon of ``loc`` that builds ``unit``."""
    return next(
        (x, i)
        for x, i in icon_slots(s, p)
        if x == loc and (x, i) not in s.build_used[p] and unit in BUILDS[ICONS[x][i]]
    )


def legal_replace(s: RebellionState, d: ReplaceUnit) -> list[Action]:
    return [SystemChoice(loc) for loc in replaceable(s, d.unit)]


def apply_replace(s: RebellionState, d: ReplaceUnit, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    b = s.board
    b.remove_unit(d.unit, a.system)
    s.emit(UnitsDestroyed(side=d.player, unit=d.unit, n=1, system=a.system, reason="rebuilt"))
    s.builds[d.player].append((d.unit, d.loc))
    check_empire_win(s)


def place_builds(s: RebellionState, p: int, builds: list[tuple[int, int]]) -> None:
    for u, loc in builds:
        space = BUILD_SPACE[loc]
        s.board.queue_at(p, space).append(u)
        s.emit(Built(player=p, unit=u, loc=loc, space=space))


# ================================================================ deploy
def start_deploy(s: RebellionState) -> None:
    """Step 6, Rebels first: slide the queue; the units leaving space 1 deploy."""
    s.deployed = [0] * (NUM_SYSTEMS + 1)
    s.new_bunkers = []
    slide(s, REBEL)


def slide(s: RebellionState, p: int) -> None:
    b = s.board
    leaving = b.queue_at(p, 1)[:]
    b.queue[p * 3 + 0] = b.queue_at(p, 2)[:]
    b.queue[p * 3 + 1] = b.queue_at(p, 3)[:]
    b.queue[p * 3 + 2] = []
    s.leaving = sorted(leaving)
    next_deploy(s, p)


def next_deploy(s: RebellionState, p: int) -> None:
    if s.leaving and any(deploy_options(s, p)):
        s.stack.append(DeployUnits(player=p))
        return
    finish_deploy(s, p)


def finish_deploy(s: RebellionState, p: int) -> None:
    """Units not deployed go back onto space 1; then the Empire; then the target-marker
    checkpoint (RR-38) and the end of the round."""
    s.board.queue[p * 3 + 0].extend(s.leaving)
    s.leaving = []
    if p == REBEL:
        slide(s, IMPERIAL)
        return
    from .markers import offer_removals

    if not offer_removals(s, "refresh"):
        end_refresh(s)


def open_systems(s: RebellionState, p: int) -> list[int]:
    """The systems where ``p`` may deploy some unit as far as the system goes: fewer than
    ``DEPLOY_LIMIT`` units deployed there this phase, no sabotage marker, no unit of the
    other side (:func:`deploy_targets` adds each unit type's own conditions)."""
    b = s.board
    deployed = s.deployed
    return [
        loc
        for loc in range(NUM_SYSTEMS)
        if deployed[loc] < DEPLOY_LIMIT and not b.sabotage[loc] and not b.has_units(loc, 1 - p)
    ]


def deploy_targets(
    s: RebellionState, p: int, u: int, systems: list[int] | None = None
) -> list[int]:
    """Where ``p`` may deploy a unit of type ``u`` now (``systems``: :func:`open_systems`,
    when the caller has it already)."""
    b = s.board
    if u == DEATH_STAR:
        return [
            loc
            for loc in range(NUM_SYSTEMS)
            if b.units[loc][DSUC] and s.deployed[loc] < DEPLOY_LIMIT
        ]
    out = []
    for loc in open_systems(s, p) if systems is None else systems:
        if b.destroyed[loc] and F.theater[u] == 1 and transport_room(b, p, loc) <= 0:
            continue  # ground units enter a destroyed system only within transport capacity
        remote = REMOTE[loc] and not b.destroyed[loc]  # a destroyed system is not remote
        if p == REBEL:
            ok = not remote and rebel_system(b, loc)
        else:
            ok = not remote and (b.loyalty[loc] == IMPERIAL or b.subjugated[loc])
            ok = ok or (remote and b.units[loc][SHIELD_BUNKER] > s.new_bunkers.count(loc))
            if u == SHIELD_BUNKER:
                ok = ok or b.has_ground(loc, IMPERIAL)
        if ok:
            out.append(loc)
    if p == REBEL and not b.base_revealed and s.deployed[REBEL_BASE] < DEPLOY_LIMIT:
        out.append(REBEL_BASE)
    return out


def deploy_options(s: RebellionState, p: int) -> list[Action]:
    systems = open_systems(s, p)
    return [
        PLACE[u][loc] for u in sorted(set(s.leaving)) for loc in deploy_targets(s, p, u, systems)
    ]


def legal_deploy(s: RebellionState, d: DeployUnits) -> list[Action]:
    return [*deploy_options(s, d.player), Stop()]


def apply_deploy(s: RebellionState, d: DeployUnits, a: Action) -> None:
    s.stack.pop()
    p = d.player
    if isinstance(a, Stop):
        finish_deploy(s, p)
        return
    assert isinstance(a, Place)
    b = s.board
    s.leaving.remove(a.unit)
    if a.unit == DEATH_STAR:
        b.remove_unit(DSUC, a.loc)
    b.add_unit(a.unit, a.loc)
    s.deployed[a.loc] += 1
    if a.unit == SHIELD_BUNKER:
        s.new_bunkers.append(a.loc)
    s.emit(Deployed(player=p, unit=a.unit, loc=a.loc))
    if a.loc < NUM_SYSTEMS:
        reveal_if_due(s)
    if check_empire_win(s):
        return
    next_deploy(s, p)


# ================================================================ end of the phase
def end_refresh(s: RebellionState) -> None:
    """The pool limit, the round cap (RR-18), then the next round."""
    if pool_limit_due(s, "end"):
        return
    if s.round >= s.options.max_rounds:
        s.emit(GameOver(winner=-1, reason=f"the round cap ({s.options.max_rounds}) is reached"))
        s.finish([0.0, 0.0])
        return
    from .assignment import start_round

    start_round(s)


def pool_limit_due(s: RebellionState, after: str) -> bool:
    """A pool holds more than 8 leaders (9 for the Empire after Ambitions of Power): its
    owner eliminates one (Rebels first), the Empire first asked about Ambitions of Power;
    the phase goes on at ``after`` ("recruit": the build step; "end": the end of the
    phase)."""
    from .imperial_cards import ambitions_due, pool_limit

    for p in (REBEL, IMPERIAL):
        if len(s.board.pool(p)) > pool_limit(s, p):
            if p == IMPERIAL and ambitions_due(s, after):
                return True
            s.stack.append(EliminateLeader(player=p, after=after))
            return True
    return False


def legal_eliminate(s: RebellionState, d: EliminateLeader) -> list[Action]:
    return [Eliminate(x) for x in s.board.pool(d.player)]


def apply_eliminate(s: RebellionState, d: EliminateLeader, a: Action) -> None:
    assert isinstance(a, Eliminate)
    s.stack.pop()
    s.board.leader_status[a.leader] = ELIMINATED
    s.emit(LeaderEliminated(player=d.player, leader=a.leader))
    if d.after == "recruit":
        after_recruit(s)
    else:
        end_refresh(s)


F_SIDE: tuple[int, ...] = tuple(REBEL if u.side == "Rebel" else IMPERIAL for u in UNITS)
BUILDS: dict[str, tuple[int, ...]] = {}
for _u, _def in enumerate(UNITS):
    if _def.build_icon:
        BUILDS[_def.build_icon] = (*BUILDS.get(_def.build_icon, ()), _u)
