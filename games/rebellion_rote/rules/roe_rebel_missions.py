"""The Rebel mission cards of Rise of the Empire (research-2 §2.1, §2.2; research §8.8;
ROTE "Choosing Mission Sets", "Advanced Tactic Cards"; RR-100..RR-117;
``data/missions_roe_rebel.toml``).

The cards are data; this module holds the effects only they name (:data:`EFFECTS`),
the options of Heist's choice (:data:`AVAILABLE`) and their decisions (:data:`HANDLERS`).
What both sides' new cards share is :mod:`.roe_missions`. By card:

* **Aggressive Negotiations**, **Critical Rescue** (``rescue_captive``): played in a
  captured leader's system, not against it (it does not roll, RR-93): that captive is
  rescued, the Rebels choosing when two are held there (``target <leader>``). A failed
  Aggressive Negotiations may destroy 1 Imperial ground unit with a triangle build icon
  there (``destroy <unit> 0``, ``stop``); a failed Critical Rescue goes back to hand
  (RR-108, RR-112).
* **Heist** (a choice): remove a target marker in the system (``remove_marker``; the
  Rebels removed it, so its card's removal effect is theirs), or, with a Death Star or a
  Death Star Under Construction there, draw the top objective card (RR-113).
* **Prepare for Battle** (``leaders_to_pool``, ``recover_tactics``): the leaders go back
  to the pool; every Rebel advanced tactic card in a discard pile goes back to its deck
  (RR-114).
* **Secret Mission** (``search_missions``): the top 6 cards of the Rebel mission deck are
  looked at (``mission_look0``, hidden from the Empire); 1 is taken into hand, a second
  if Cassian Andor was assigned and the Rebels like (``keep <card>``, ``stop``); the
  rest go back and the deck is shuffled (RR-115).
* **Safe Haven** (``deploy_rebel_queue``): up to 2 units from any space of the Rebel build
  queue into the system (``deploy_queued <unit> <space>``, ``stop``; RR-110).
* **Regional Aid** (``gain_loyalty``, ``loyalty_elsewhere_in_region``): 1 loyalty there,
  then 1 in another populous system of the region (``system <s>``; RR-116).
* **Reconnaissance** (``mission_from_discard``): a card of the Rebel mission discard back
  to hand (``keep <card>``; RR-106).
* **Covert Operations** (``draw_objectives_keep_one``, as Covert Operation, RR-94).
* **Assault**, **Plant Explosives** (roll even if unopposed): by the margin of successes,
  up to 3 Stormtroopers, or up to 3 Imperial ground units of that much printed health in
  all (``destroy <unit> 0``, ``stop``; RR-117).
* **Behind Enemy Lines** (``move_from_base`` 5, then ``combat``: as Hidden Fleet, RR-88).
* **My Only Hope**, **Rebel Promotion** (``recruit_here``, :mod:`.roe_missions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Destroy, Keep, QueueDeploy, RemoveMarker, Stop, SystemChoice, Target
from ..board import POPULOUS, UNITS_OF, rescue
from ..data import IMPERIAL, MISSIONS, NUM_SYSTEMS, REBEL, SYSTEMS, THEATERS, UNITS, unit_id
from ..decisions import (
    AidLoyalty,
    ChooseCaptive,
    ExplosivesDestroy,
    FailDestroy,
    HavenDeploy,
    HeistMarker,
    KeepMission,
    RecoverMission,
)
from ..events import (
    Deployed,
    MissionDeckShuffled,
    MissionsLooked,
    MissionTaken,
    MissionToHand,
    Rescued,
    TacticsRecovered,
    UnitsDestroyed,
)
from ..ids import mission_of
from .aftermath import gain_loyalty_at, rescue_if_due
from .markers import kinds_at, remove_marker
from .objectives import draw_objectives
from .roe_missions import resume
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = ["AVAILABLE", "EFFECTS", "HANDLERS", "LOOK"]

DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
STORMTROOPER = unit_id("Stormtrooper")
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)
LOOK = "mission_look0"
"""The zone of the Rebel mission cards Secret Mission looks at (the Rebels see them)."""
TRIANGLE_GROUND: tuple[int, ...] = tuple(
    u for u in UNITS_OF[IMPERIAL] if UNITS[u].build_icon == "ground_triangle"
)


def card_name(s: RebellionState) -> str:
    return MISSIONS[s.resolving[1]].name if s.resolving else ""


def destroy_imperial(s: RebellionState, u: int, x: int, n: int) -> None:
    """``n`` Imperial figures of ``u`` in ``x`` are destroyed by the card being resolved; a
    captive whose guards are gone is rescued."""
    s.board.remove_unit(u, x, n)
    s.emit(UnitsDestroyed(side=IMPERIAL, unit=u, n=n, system=x, reason=card_name(s)))
    rescue_if_due(s)


# ================================================================ rescues (RR-112)
def captives_at(s: RebellionState, x: int) -> list[int]:
    b = s.board
    return [i for i in b.captives() if b.leader_loc[i] == x]


def free(s: RebellionState, leader: int) -> None:
    s.emit(Rescued(leader=leader, dst=rescue(s.board, leader, s.base)))


def effect_rescue_captive(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    held = captives_at(s, r.system)
    if len(held) > 1:
        s.stack.append(ChooseCaptive(player=r.player, system=r.system))
        return True
    if held:
        free(s, held[0])
        from .imperial_cards import destiny_window

        return destiny_window(s, r.system, "mission")  # It Is Your Destiny (RR-161)
    return False


def legal_captive(s: RebellionState, d: ChooseCaptive) -> list[Action]:
    return [Target(x) for x in captives_at(s, d.system)]


def apply_captive(s: RebellionState, d: ChooseCaptive, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    free(s, a.leader)
    from .imperial_cards import destiny_window

    if not destiny_window(s, d.system, "mission"):  # It Is Your Destiny (RR-161)
        resume(s)


def fail_options(s: RebellionState, x: int) -> list[Action]:
    row = s.board.units[x]
    return [Destroy(u, 0) for u in TRIANGLE_GROUND if row[u]]


def effect_destroy_triangle_ground(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """A failed Aggressive Negotiations: the Rebels may destroy 1 Imperial triangle ground
    unit in the system."""
    if fail_options(s, r.system):
        s.stack.append(FailDestroy(player=r.player, system=r.system))
        return True
    return False


def legal_fail_destroy(s: RebellionState, d: FailDestroy) -> list[Action]:
    return [*fail_options(s, d.system), Stop()]


def apply_fail_destroy(s: RebellionState, d: FailDestroy, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Destroy):
        destroy_imperial(s, a.unit, d.system, 1)
    resume(s)


# ================================================================ Heist (RR-113)
def effect_remove_marker_here(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    kinds = kinds_at(s.board, r.system)
    if len(kinds) > 1:
        s.stack.append(HeistMarker(player=r.player, system=r.system))
        return True
    if kinds:
        remove_marker(s, r.system, kinds[0], REBEL, "Heist")
    return False


def legal_heist(s: RebellionState, d: HeistMarker) -> list[Action]:
    return [RemoveMarker(d.system, k) for k in kinds_at(s.board, d.system)]


def apply_heist(s: RebellionState, d: HeistMarker, a: Action) -> None:
    assert isinstance(a, RemoveMarker)
    s.stack.pop()
    remove_marker(s, a.system, a.marker, REBEL, "Heist")
    if not s.is_terminal:
        resume(s)


def effect_draw_top_objective(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return draw_objectives(s, r.amount(e), "mission")


def _station(s: RebellionState, x: int) -> bool:
    row = s.board.units[x]
    return bool(row[DEATH_STAR] or row[DSUC])


# ================================================================ Prepare for Battle (RR-114)
def effect_recover_tactics(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Every Rebel advanced tactic card in a discard pile goes back to its deck (public)."""
    n = 0
    for th in THEATERS:
        pile, deck = f"tactic_discard_{r.player}_{th}", f"tactics_{r.player}_{th}"
        for c in list(s.zones[pile]):
            s.move(c, pile, deck)
            n += 1
    s.emit(TacticsRecovered(player=r.player, count=n))
    return False


# ================================================================ Secret Mission (RR-115)
def effect_search_missions(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The top 6 cards of the deck are looked at (fewer if fewer: an empty deck is not made
    again, nothing is drawn); 1 is taken, 2 with the portrait leader."""
    deck = f"mission_deck{r.player}"
    got = [s.pop_card(deck) for _ in range(min(6, len(s.zones[deck])))]
    if not got:
        return False
    s.zones[LOOK].extend(got)
    s.emit(MissionsLooked(player=r.player, cards=tuple(got), to=(r.player,)))
    s.stack.append(KeepMission(player=r.player, left=r.amount(e)))
    return True


def keep_options(s: RebellionState, zone: str) -> list[Action]:
    """``keep <card>`` for each card of ``zone``, one per name (copies are one choice)."""
    seen: set[str] = set()
    out: list[Action] = []
    for c in sorted(s.zones[zone]):
        name = MISSIONS[mission_of(c)].name
        if name not in seen:
            seen.add(name)
            out.append(Keep(c))
    return out


def legal_keep_mission(s: RebellionState, d: KeepMission) -> list[Action]:
    out = keep_options(s, LOOK)
    if d.optional:
        out.append(Stop())
    return out


def apply_keep_mission(s: RebellionState, d: KeepMission, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Keep):
        card = a.card
        s.move(card, LOOK, f"missions{d.player}")
        s.emit(MissionTaken(player=d.player, card=card, to=(d.player,)))
        if d.left > 1 and s.zones[LOOK]:
            s.stack.append(KeepMission(player=d.player, left=d.left - 1, optional=True))
            return
    deck = f"mission_deck{d.player}"
    for c in list(s.zones[LOOK]):
        s.move(c, LOOK, deck)
    s.rng.shuffle(s.zones[deck])
    s.emit(MissionDeckShuffled(player=d.player))
    resume(s)


# ================================================================ Safe Haven (RR-110)
def haven_options(s: RebellionState, x: int) -> list[Action]:
    """``deploy_queued <unit> <space>`` for each unit type on each Rebel queue space (never
    into a system with a sabotage marker)."""
    b = s.board
    if b.sabotage[x]:
        return []
    return [
        QueueDeploy(u, space) for space in (1, 2, 3) for u in sorted(set(b.queue_at(REBEL, space)))
    ]


def effect_deploy_rebel_queue(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    if haven_options(s, r.system):
        s.stack.append(HavenDeploy(player=r.player, system=r.system, left=r.amount(e)))
        return True
    return False


def legal_haven(s: RebellionState, d: HavenDeploy) -> list[Action]:
    return [*haven_options(s, d.system), Stop()]


def apply_haven(s: RebellionState, d: HavenDeploy, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, QueueDeploy):
        b = s.board
        b.queue_at(REBEL, a.space).remove(a.unit)
        b.add_unit(a.unit, d.system)
        s.emit(Deployed(player=REBEL, unit=a.unit, loc=d.system))
        if d.left > 1 and haven_options(s, d.system):
            s.stack.append(HavenDeploy(player=d.player, system=d.system, left=d.left - 1))
            return
    resume(s)


# ================================================================ Regional Aid (RR-116)
def aid_options(s: RebellionState, x: int) -> list[int]:
    """The other populous, not destroyed systems of ``x``'s region."""
    b = s.board
    return [
        y
        for y in range(NUM_SYSTEMS)
        if y != x and REGION[y] == REGION[x] and POPULOUS[y] and not b.destroyed[y]
    ]


def effect_loyalty_elsewhere(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    options = aid_options(s, r.system)
    if len(options) > 1:
        s.stack.append(AidLoyalty(player=r.player, system=r.system))
        return True
    if options:
        gain_loyalty_at(s, r.player, options[0], r.amount(e))
    return False


def legal_aid(s: RebellionState, d: AidLoyalty) -> list[Action]:
    return [SystemChoice(y) for y in aid_options(s, d.system)]


def apply_aid(s: RebellionState, d: AidLoyalty, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    gain_loyalty_at(s, d.player, a.system, 1)
    if not s.is_terminal:
        resume(s)


# ================================================================ Reconnaissance (RR-106)
def take_back(s: RebellionState, p: int, card: int) -> None:
    hand = f"missions{p}"
    s.move(card, f"mission_discard{p}", hand)
    s.reveal(hand, 1 - p, [card])
    s.emit(MissionToHand(player=p, card=card))


def effect_mission_from_discard(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    zone = f"mission_discard{r.player}"
    options = keep_options(s, zone)
    if len(options) > 1:
        s.stack.append(RecoverMission(player=r.player))
        return True
    if options:
        a = options[0]
        assert isinstance(a, Keep)
        take_back(s, r.player, a.card)
    return False


def legal_recover(s: RebellionState, d: RecoverMission) -> list[Action]:
    return keep_options(s, f"mission_discard{d.player}")


def apply_recover(s: RebellionState, d: RecoverMission, a: Action) -> None:
    assert isinstance(a, Keep)
    s.stack.pop()
    take_back(s, d.player, a.card)
    resume(s)


# ================================================================ by the margin (RR-117)
def effect_destroy_stormtroopers(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Assault: Stormtroopers there, at most ``e.amount`` and at most the margin."""
    u = unit_id(e.unit)
    n = min(e.amount, r.margin, s.board.units[r.system][u])
    if n > 0:
        destroy_imperial(s, u, r.system, n)
    return False


def explosive_options(s: RebellionState, x: int, left: int) -> list[Action]:
    row = s.board.units[x]
    return [
        Destroy(u, 0)
        for u in UNITS_OF[IMPERIAL]
        if row[u] and F.theater[u] == 1 and 0 < F.health[u] <= left
    ]


def effect_destroy_ground_by_margin(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Plant Explosives: up to ``e.amount`` Imperial ground units of at most the margin in
    printed health together, one at a time, the Rebels free to stop."""
    if r.margin > 0 and explosive_options(s, r.system, r.margin):
        s.stack.append(
            ExplosivesDestroy(player=r.player, system=r.system, left=r.margin, count=e.amount)
        )
        return True
    return False


def legal_explosives(s: RebellionState, d: ExplosivesDestroy) -> list[Action]:
    return [*explosive_options(s, d.system, d.left), Stop()]


def apply_explosives(s: RebellionState, d: ExplosivesDestroy, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Destroy):
        destroy_imperial(s, a.unit, d.system, 1)
        left, count = d.left - F.health[a.unit], d.count - 1
        if count > 0 and explosive_options(s, d.system, left):
            s.stack.append(
                ExplosivesDestroy(player=d.player, system=d.system, left=left, count=count)
            )
            return
    resume(s)


# ================================================================ the tables
Effect = Callable[["RebellionState", "Resolving", "MissionEffect"], bool]

EFFECTS: dict[str, Effect] = {
    "rescue_captive": effect_rescue_captive,
    "destroy_triangle_ground": effect_destroy_triangle_ground,
    "remove_marker_here": effect_remove_marker_here,
    "draw_top_objective": effect_draw_top_objective,
    "recover_tactics": effect_recover_tactics,
    "search_missions": effect_search_missions,
    "deploy_rebel_queue": effect_deploy_rebel_queue,
    "loyalty_elsewhere_in_region": effect_loyalty_elsewhere,
    "mission_from_discard": effect_mission_from_discard,
    "destroy_stormtroopers_by_margin": effect_destroy_stormtroopers,
    "destroy_ground_by_margin": effect_destroy_ground_by_margin,
}
"""The Rebel Rise of the Empire cards' effects (merged into :data:`.missions.EFFECTS`)."""

AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {
    "remove_marker_here": lambda s, x: bool(s.board.markers[x]),
    "draw_top_objective": _station,
}
"""Heist's options: a marker there; a Death Star or Death Star Under Construction there."""

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    ChooseCaptive: (legal_captive, apply_captive),
    FailDestroy: (legal_fail_destroy, apply_fail_destroy),
    HeistMarker: (legal_heist, apply_heist),
    KeepMission: (legal_keep_mission, apply_keep_mission),
    HavenDeploy: (legal_haven, apply_haven),
    AidLoyalty: (legal_aid, apply_aid),
    RecoverMission: (legal_recover, apply_recover),
    ExplosivesDestroy: (legal_explosives, apply_explosives),
}
