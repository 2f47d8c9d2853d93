"""The Imperial mission cards of Rise of the Empire (research-2 §2.1, §2.2; research
§8.8, §8.10; ROTE "Choosing Mission Sets"; RR-100..RR-111; ``data/missions_roe_imperial.toml``).

The cards are data; this module holds the effects only they name (:data:`EFFECTS`,
``fn(state, mission, effect) -> bool``, True when it pushed a decision whose handler
resumes the mission) and their decisions (:data:`HANDLERS`). What both sides' new cards
share (where they go, leaders back to the pool, recruiting, a card back to hand,
Subversion) is :mod:`.roe_missions`. By card:

* **Make an Example** (``eliminate_target``, against a captive in a remote system,
  counting all skill icons): the captive is eliminated (RR-101).
* **Secure the Plans** (``place_card_marker``): its target marker in the remote system,
  if the supply holds it; while it is on the board Death Star Plans cannot be played
  (RR-67, RR-102).
* **Draw Them Out** (``draw_out_leader``): the Empire moves a leader of the Rebel pool
  into the system, which holds no Rebel unit (``target <leader>``; RR-101).
* **Discredit Rebellion** (``discredit``): the Rebels remove every sabotage marker
  (``option 1``) or roll 1 die, 2 with Admiral Motti (``option 2``); the Master Yoda ring
  may reroll one (``yoda_reroll <die>``); a success costs them 1 reputation (RR-103).
* **Deployment** (``gain_triangle_ground``): a Stormtrooper or an Assault Tank from the
  supply (``place <unit> <system>``; RR-104).
* **Message from High Command** (``gain_loyalty``, ``leaders_to_pool``).
* **Stolen Intel** (``draw_probes``, ``discard_from_mission_hand``): 1 probe card; the
  Rebels show their mission hand and the Empire discards one card that is not a starting
  mission (``discard <card>``; RR-106).
* **We're the Bait** (``bait``, ``combat``): Rebel ground units of up to 4 printed health
  from the Rebel Base space into the captive's system, chosen by the Empire one at a time
  (``move <unit> 32``, ``stop``), never a structure; then a combat (RR-107).
* **Exploit Weakness** (``objective_to_top``): a random card of the Rebels' objective hand
  is shown and goes on top of the objective deck (RR-106).
* **Break Their Will** (``ask_base_region``): the Empire names a system (``system <s>``,
  one per region), the Rebels say whether their base is in its region (public, RR-73);
  the card goes back to hand if the attempt fails (RR-108).
* **Hire Mercenaries**, **Imperial Promotion** (``recruit_here``, :mod:`.roe_missions`).
* **Imperial Might** (``deploy_space_one``, ``leaders_to_coruscant``): up to 4 units from
  queue space 1 into the station's system (``deploy <unit> 1``, ``stop``); with two
  leaders assigned they then go to Coruscant (RR-110).
* **Subversion** (both versions): :mod:`.roe_missions` (RR-111).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import (
    Deploy,
    Discard,
    Move,
    Option,
    Pass,
    Place,
    Stop,
    SystemChoice,
    Target,
    YodaReroll,
)
from ..board import BOARD, ELIMINATED, OFF, UNITS_OF, release, transport_room
from ..data import (
    IMPERIAL,
    MARKERS,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    UNITS,
    system_id,
    unit_id,
)
from ..decisions import (
    BaitMove,
    DiscardRebelMission,
    DiscreditChoice,
    DiscreditReroll,
    GainGround,
    MightDeploy,
    NameRegion,
    PullLeader,
)
from ..events import (
    BaseInRegion,
    BaseNotInRegion,
    Discredited,
    LeaderDrawnOut,
    LeaderEliminated,
    LeadersPlaced,
    MissionDieRerolled,
    MissionHandShown,
    MissionRolled,
    Moved,
    RingUsed,
    SabotageRemoved,
    UnitGained,
)
from ..ids import mission_card, mission_of
from .aftermath import check_empire_win, reveal_if_due
from .base_clues import ALL_SYSTEMS, narrow, region_mask
from .dice import roll, successes
from .imperial_missions import lose_reputation
from .markers import markers_left, place_marker
from .mission_deck import discard
from .objectives import return_to_deck
from .rings import YODA, yoda_ready
from .roe_missions import resume, still_there
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = ["EFFECTS", "HANDLERS", "REGION_NAMES"]

DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
CORUSCANT = system_id("Coruscant")
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)
REGION_NAMES: tuple[int, ...] = tuple(
    sorted({min(x for x in range(NUM_SYSTEMS) if REGION[x] == r) for r in set(REGION)})
)
"""One system per region (its lowest id): the systems Break Their Will may name, since two
systems of one region ask the same question."""
STARTING = frozenset(mission_card(i) for i, m in enumerate(MISSIONS) if m.starting)
MARKER_OF_CARD: dict[str, int] = {
    m.card: k for k, m in enumerate(MARKERS) if m.card_type == "mission"
}
"""The target marker kind a mission card places (its artwork matches the card)."""


def name_of(s: RebellionState) -> str:
    return MISSIONS[s.resolving[1]].name if s.resolving else ""


# ================================================================ leaders (RR-101)
def effect_eliminate_target(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Make an Example: the captive the card was attempted against is eliminated."""
    b = s.board
    x = r.target
    release(b, x)
    b.leader_loc[x] = OFF
    b.leader_status[x] = ELIMINATED
    s.emit(LeaderEliminated(player=REBEL, leader=x))
    return False


def draw_out(s: RebellionState, leader: int, x: int) -> None:
    b = s.board
    b.leader_loc[leader] = x
    b.leader_status[leader] = BOARD
    s.emit(LeaderDrawnOut(leader=leader, system=x))


def effect_draw_out_leader(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Draw Them Out: a leader of the Rebel pool goes to the system, the Empire choosing."""
    pool = s.board.pool(REBEL)
    if len(pool) > 1:
        s.stack.append(PullLeader(player=r.player, system=r.system))
        return True
    if pool:
        draw_out(s, pool[0], r.system)
    return False


def legal_pull(s: RebellionState, d: PullLeader) -> list[Action]:
    return [Target(x) for x in s.board.pool(REBEL)]


def apply_pull(s: RebellionState, d: PullLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    draw_out(s, a.leader, d.system)
    resume(s)


def effect_leaders_to_coruscant(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Imperial Might with two leaders: those leaders go to Coruscant (RR-110)."""
    b = s.board
    going = tuple(x for x in still_there(s, r) if b.leader_loc[x] != CORUSCANT)
    for x in going:
        b.leader_loc[x] = CORUSCANT
    if going:
        s.emit(LeadersPlaced(player=r.player, leaders=going, system=CORUSCANT))
    return False


# ================================================================ Secure the Plans (RR-102)
def effect_place_card_marker(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The card's target marker in the system, if the supply holds it (one in the box)."""
    kind = MARKER_OF_CARD[MISSIONS[r.card].name]
    if markers_left(s.board, kind) > 0:
        place_marker(s, r.system, kind)
    return False


# ================================================================ Discredit Rebellion (RR-103)
def effect_discredit(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    s.stack.append(DiscreditChoice(player=REBEL, system=r.system, dice=r.amount(e)))
    return True


def legal_discredit(s: RebellionState, d: DiscreditChoice) -> list[Action]:
    return [Option(1), Option(2)]


def apply_discredit(s: RebellionState, d: DiscreditChoice, a: Action) -> None:
    assert isinstance(a, Option)
    s.stack.pop()
    b = s.board
    s.emit(Discredited(removed=a.which == 1))
    if a.which == 1:
        for x in range(NUM_SYSTEMS):
            if b.sabotage[x]:
                b.sabotage[x] = False
                s.emit(SabotageRemoved(system=x))
        resume(s)
        return
    from .rebel_cards import open_million_discredit

    if open_million_discredit(s, d.system, d.dice):  # One in a Million (RR-179)
        return
    discredit_roll(s, d.system, d.dice)


def discredit_roll(s: RebellionState, system: int, n: int, fixed: list[str] | None = None) -> None:
    """The Rebels' ``n`` dice (``fixed``: faces One in a Million set, RR-179)."""
    fixed = fixed or []
    faces = (*fixed, *roll(s.rng, "black", n - len(fixed)))
    s.mission_dice = [[("black", f) for f in faces], []]
    s.emit(MissionRolled(player=REBEL, dice=faces, green=(), successes=successes(faces)))
    if yoda_ready(s, REBEL, system) != OFF:
        s.stack.append(DiscreditReroll(player=REBEL, system=system))
        return
    settle_discredit(s)


def dice_now(s: RebellionState) -> list[str]:
    return [f for _, f in s.mission_dice[REBEL]]


def settle_discredit(s: RebellionState) -> None:
    """A success on the Rebels' dice costs them 1 reputation."""
    if successes(dice_now(s)) > 0:
        lose_reputation(s, 1, "Discredit Rebellion")
    s.mission_dice = [[], []]
    resume(s)


def legal_discredit_reroll(s: RebellionState, d: DiscreditReroll) -> list[Action]:
    return [*(YodaReroll(i) for i in range(len(s.mission_dice[REBEL]))), Pass()]


def apply_discredit_reroll(s: RebellionState, d: DiscreditReroll, a: Action) -> None:
    """The Master Yoda ring rerolls one die (once a round, RR-84; FAQ)."""
    s.stack.pop()
    if isinstance(a, YodaReroll):
        leader = yoda_ready(s, REBEL, d.system)
        dice = s.mission_dice[REBEL]
        colour, was = dice[a.die]
        face = roll(s.rng, colour, 1)[0]
        dice[a.die] = (colour, face)
        s.yoda_round = s.round
        s.emit(RingUsed(leader=leader, ring=YODA))
        s.emit(
            MissionDieRerolled(
                player=REBEL, die=a.die, was=was, face=face, successes=successes(dice_now(s))
            )
        )
    settle_discredit(s)


# ================================================================ Deployment (RR-104)
TRIANGLE_GROUND: tuple[int, ...] = tuple(
    u for u in UNITS_OF[IMPERIAL] if UNITS[u].build_icon == "ground_triangle"
)


def triangle_options(s: RebellionState, x: int) -> list[Action]:
    b = s.board
    return [Place(u, x) for u in TRIANGLE_GROUND if b.in_supply(u) > 0]


def gain_ground(s: RebellionState, u: int, x: int) -> None:
    """An Imperial ground unit from the supply in ``x``: it may subjugate the system, reveal
    the base there, and so win."""
    s.board.add_unit(u, x)
    s.emit(UnitGained(side=IMPERIAL, unit=u, system=x))
    if reveal_if_due(s):
        check_empire_win(s)


def gain_ground_step(s: RebellionState, p: int, x: int, left: int) -> bool:
    while left > 0 and not s.is_terminal:
        options = triangle_options(s, x)
        if not options:
            return False
        if len(options) > 1:
            s.stack.append(GainGround(player=p, system=x, left=left))
            return True
        a = options[0]
        assert isinstance(a, Place)
        gain_ground(s, a.unit, x)
        left -= 1
    return False


def effect_gain_triangle_ground(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return gain_ground_step(s, r.player, r.system, r.amount(e))


def legal_gain_ground(s: RebellionState, d: GainGround) -> list[Action]:
    return triangle_options(s, d.system)


def apply_gain_ground(s: RebellionState, d: GainGround, a: Action) -> None:
    assert isinstance(a, Place)
    s.stack.pop()
    gain_ground(s, a.unit, d.system)
    if s.is_terminal:
        return
    if not gain_ground_step(s, d.player, d.system, d.left - 1):
        resume(s)


# ================================================================ Stolen Intel (RR-106)
def discard_options(s: RebellionState) -> list[int]:
    """The Rebel hand's cards that are not starting missions, one card id per name."""
    seen: set[str] = set()
    out = []
    for c in sorted(s.zones["missions0"]):
        name = MISSIONS[mission_of(c)].name
        if c not in STARTING and name not in seen:
            seen.add(name)
            out.append(c)
    return out


def effect_discard_from_mission_hand(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The Rebels show their mission hand; the Empire discards a card that is not a starting
    mission (it knows the others there from now on)."""
    s.reveal("missions0", IMPERIAL)
    hand = s.zones["missions0"]
    s.emit(MissionHandShown(player=REBEL, cards=tuple(sorted(hand)), to=(REBEL, IMPERIAL)))
    options = discard_options(s)
    if len(options) > 1:
        s.stack.append(DiscardRebelMission(player=r.player))
        return True
    if options:
        discard(s, REBEL, options[0], "missions0")
    return False


def legal_discard_rebel(s: RebellionState, d: DiscardRebelMission) -> list[Action]:
    return [Discard(c) for c in discard_options(s)]


def apply_discard_rebel(s: RebellionState, d: DiscardRebelMission, a: Action) -> None:
    assert isinstance(a, Discard)
    s.stack.pop()
    discard(s, REBEL, a.card, "missions0")
    resume(s)


# ================================================================ We're the Bait (RR-107)
def bait_options(s: RebellionState, left: int) -> list[Action]:
    """``move <unit> 32`` for each Rebel ground unit on the Rebel Base space (never a
    structure) whose printed health fits ``left``."""
    row = s.board.units[REBEL_BASE]
    return [
        Move(u, REBEL_BASE)
        for u in UNITS_OF[REBEL]
        if row[u] and F.theater[u] == 1 and not F.immobile[u] and F.health[u] <= left
    ]


def effect_bait(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    left = r.amount(e)
    if s.board.destroyed[r.system] or not bait_options(s, left):
        return False
    s.stack.append(BaitMove(player=r.player, system=r.system, left=left))
    return True


def legal_bait(s: RebellionState, d: BaitMove) -> list[Action]:
    return [*bait_options(s, d.left), Stop()]


def apply_bait(s: RebellionState, d: BaitMove, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Move):
        b = s.board
        b.remove_unit(a.unit, REBEL_BASE)
        b.add_unit(a.unit, d.system)
        s.emit(Moved(player=d.player, unit=a.unit, src=REBEL_BASE, dst=d.system))
        left = d.left - F.health[a.unit]
        if bait_options(s, left):
            s.stack.append(BaitMove(player=d.player, system=d.system, left=left))
            return
    resume(s)


# ================================================================ Exploit Weakness (RR-106)
def effect_objective_to_top(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """A random card of the objective hand, shown, goes on top of the objective deck."""
    cards = s.zones["objective_hand"]
    if cards:
        return_to_deck(s, cards[s.rng.below(len(cards))], top=True, shown=True)
    return False


# ================================================================ Break Their Will (RR-108)
def effect_ask_base_region(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    s.stack.append(NameRegion(player=r.player))
    return True


def legal_name_region(s: RebellionState, d: NameRegion) -> list[Action]:
    return [SystemChoice(x) for x in REGION_NAMES]


def apply_name_region(s: RebellionState, d: NameRegion, a: Action) -> None:
    """The Rebels' answer is public and narrows where the base can be (RR-73)."""
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    mask = region_mask(REGION[a.system])
    if REGION[s.base] == REGION[a.system]:
        narrow(s, mask)
        s.emit(BaseInRegion(system=a.system))
    else:
        narrow(s, ALL_SYSTEMS & ~mask)
        s.emit(BaseNotInRegion(system=a.system))
    resume(s)


# ================================================================ Imperial Might (RR-110)
def might_options(s: RebellionState, x: int) -> list[Action]:
    """``deploy <unit> 1`` for each unit type on Imperial queue space 1 that may deploy into
    ``x``: not into a sabotage marker, a Death Star only into its Death Star Under
    Construction's system, ground units into a destroyed system only within transport."""
    b = s.board
    if b.sabotage[x]:
        return []
    out: list[Action] = []
    for u in sorted(set(b.queue_at(IMPERIAL, 1))):
        if u == DEATH_STAR and not b.units[x][DSUC]:
            continue
        if b.destroyed[x] and F.theater[u] == 1 and transport_room(b, IMPERIAL, x) <= 0:
            continue
        out.append(Deploy(u, 1))
    return out


def effect_deploy_space_one(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    if might_options(s, r.system):
        s.stack.append(MightDeploy(player=r.player, system=r.system, left=r.amount(e)))
        return True
    return False


def legal_might(s: RebellionState, d: MightDeploy) -> list[Action]:
    return [*might_options(s, d.system), Stop()]


def apply_might(s: RebellionState, d: MightDeploy, a: Action) -> None:
    from .projects import deploy

    s.stack.pop()
    if isinstance(a, Deploy):
        deploy(s, d.system, a.unit, a.space)
        if s.is_terminal:
            return
        if d.left > 1 and might_options(s, d.system):
            s.stack.append(MightDeploy(player=d.player, system=d.system, left=d.left - 1))
            return
    resume(s)


# ================================================================ the tables
Effect = Callable[["RebellionState", "Resolving", "MissionEffect"], bool]

EFFECTS: dict[str, Effect] = {
    "eliminate_target": effect_eliminate_target,
    "place_card_marker": effect_place_card_marker,
    "draw_out_leader": effect_draw_out_leader,
    "discredit": effect_discredit,
    "gain_triangle_ground": effect_gain_triangle_ground,
    "discard_from_mission_hand": effect_discard_from_mission_hand,
    "bait": effect_bait,
    "objective_to_top": effect_objective_to_top,
    "ask_base_region": effect_ask_base_region,
    "deploy_space_one": effect_deploy_space_one,
    "leaders_to_coruscant": effect_leaders_to_coruscant,
}
"""The Imperial Rise of the Empire cards' effects (merged into :data:`.missions.EFFECTS`)."""

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    PullLeader: (legal_pull, apply_pull),
    DiscreditChoice: (legal_discredit, apply_discredit),
    DiscreditReroll: (legal_discredit_reroll, apply_discredit_reroll),
    GainGround: (legal_gain_ground, apply_gain_ground),
    DiscardRebelMission: (legal_discard_rebel, apply_discard_rebel),
    BaitMove: (legal_bait, apply_bait),
    NameRegion: (legal_name_region, apply_name_region),
    MightDeploy: (legal_might, apply_might),
}
