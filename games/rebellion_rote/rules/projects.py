"""The Imperial project deck and the project cards (research §4.4, §4.5, §7.2, §7.4, §8.8;
RR-13, RR-40..RR-47).

**The deck.** Every project card is used in every game (ROTE): the base projects, with
the two Rise of the Empire copies of Construct Super Star Destroyer in place of the base
ones, and the Rise of the Empire projects (``data/missions.toml``, ``project = true``).
At set-up they are shuffled into the project deck, hidden from both sides; the project
discard is public (RR-17, RR-47). A project card drawn goes into the Empire's mission
hand, hidden from the Rebels; it is assigned, revealed and resolved like a mission (every
project is a Logistics *resolve* card, RR-40) and then goes face up to the project
discard (research §4.4 step 7). Projects count toward the hand limit of 10 at the
Refresh Phase (:mod:`.refresh`). When a card must be drawn from an empty deck, the
project discard is shuffled into a new deck; with both empty nothing is drawn (RR-47).

**Research and Development** (a starting mission) draws them: either 2 cards, of which
the Empire keeps 1 (``keep <card>``, asked even when the two are copies of one card, so
the Rebels cannot tell) and puts the other on the bottom of the deck, where it knows it
(RR-41); or, only where there is a sabotage marker, it removes the marker
and draws 1 card.

**The projects' effects**, by kind (each ``fn(state, mission, effect) -> bool``, True
when it pushed a decision):

* ``construct_death_star``: a Death Star Under Construction in the (remote, Rebel-free)
  system and a Death Star on queue space 3, if the supply holds both (RR-42);
* ``remove_sabotage``, ``build_from_icons`` (Construct Factory): the sabotage marker
  goes, then one unit per resource icon of the system onto the queue space of its
  build number, as chosen (``build <unit> <loc>``, ``stop``); a unit out of supply
  may be built by destroying one's own figure of that type (``system <s>``), never a
  Death Star (RR-43); the Rebels' Establish Trade Relations builds the same way onto
  the Rebel queue (RR-91);
* ``queue_unit``: the named unit on the queue space given (Super Star Destroyer on 3,
  Interdictor on 2, or 1 with two leaders), if the supply holds one (RR-42), on the
  queue of the mission's side (Support of Mon Calamari's Cruiser goes on the Rebels');
* ``deploy_from_queue`` (Oversee Project): one Imperial unit from queue space 1 or 2
  deploys into the system (``deploy <unit> <space>``): not into a sabotaged system; a
  Death Star only into its Death Star Under Construction's system, replacing it;
  ground units into a destroyed system only within transport capacity (RR-44);
* ``destroy_system``, ``gain_loyalty_in_region`` (Superlaser Online): the system is
  destroyed (:mod:`.destroyed`; the Empire wins at once if it was the base's), then
  the Empire gains loyalty in one populous system of its region (``system <s>``) (RR-45);
* ``reveal_base_here``, ``destroy_rebel_ground``, ``remove_target_markers`` (Single
  Reactor Ignition): the Rebels reveal the base if it is there, every Rebel ground unit
  there is destroyed, the target markers there are removed (RR-46).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action, Decision, Rng

from ..actions import Build, Deploy, Keep, Stop, SystemChoice
from ..board import GROUND_OF, POPULOUS, transport_room
from ..data import IMPERIAL, MISSIONS, NUM_SYSTEMS, REBEL, SYSTEMS, MissionEffect, unit_id
from ..decisions import (
    AdminBuild,
    AdminReplace,
    AllianceBuild,
    AllianceReplace,
    FactoryBuild,
    FactoryReplace,
    KeepProject,
    OverseeDeploy,
    RegionLoyalty,
)
from ..events import (
    BaseNotHere,
    Built,
    Deployed,
    MissionDiscarded,
    ProjectBottomed,
    ProjectDeckReshuffled,
    ProjectsDrawn,
    SabotageRemoved,
    UnitGained,
    UnitsDestroyed,
)
from ..ids import mission_card, mission_of
from .aftermath import (
    check_empire_win,
    gain_loyalty_at,
    rescue_if_due,
    reveal_if_due,
    reveal_now,
)
from .base_clues import rule_out
from .destroyed import destroy_system
from .markers import remove_markers
from .refresh import BUILD_SPACE, BUILDS, F_SIDE, ICONS, replaceable
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState
    from .missions import Resolving

__all__ = [
    "AVAILABLE",
    "EFFECTS",
    "HANDLERS",
    "PROJECT_CARDS",
    "deal_project_deck",
    "discard",
    "draw_project",
    "redeal_projects",
]

DEATH_STAR = unit_id("Death Star")
DSUC = unit_id("Death Star Under Construction")
PROJECT_CARDS: tuple[int, ...] = tuple(mission_card(i) for i, m in enumerate(MISSIONS) if m.project)
"""The card ids of every project card (each copy its own)."""
IS_PROJECT: dict[int, bool] = {mission_card(i): m.project for i, m in enumerate(MISSIONS)}
"""By card id: whether a mission card is a project card."""
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)


# ================================================================ the deck
def deal_project_deck(s: RebellionState) -> None:
    """Set-up: every project card, shuffled, face down (research §2 step 7)."""
    deck = s.zones["project_deck"] = list(PROJECT_CARDS)
    s.rng.shuffle(deck)


def draw_project(s: RebellionState) -> int:
    """The top card of the project deck (taken out of it), or -1 if there is none; an
    empty deck is first made again from the shuffled project discard (RR-47)."""
    if not s.zones["project_deck"]:
        pile = s.zones["project_discard"]
        if not pile:
            return -1
        s.zones["project_deck"], s.zones["project_discard"] = pile, []
        s.rng.shuffle(pile)
        s.emit(ProjectDeckReshuffled(count=len(pile)))
    return s.pop_card("project_deck")


def discard(s: RebellionState, player: int, card: int, src: str) -> None:
    """A project card goes face up from zone ``src`` to the project discard (after use, or
    the hand limit).

    Only project cards are discarded so far: the mission discard piles come with the
    mission decks."""
    assert MISSIONS[mission_of(card)].project, "only project cards have a discard pile yet"
    s.move(card, src, "project_discard")
    s.emit(MissionDiscarded(player=player, card=card))


def distinct(cards: list[int]) -> list[int]:
    """One card id per card name (the lowest): copies of a card are the same choice."""
    seen: set[str] = set()
    out = []
    for c in sorted(cards):
        name = MISSIONS[mission_of(c)].name
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


def redeal_projects(s: RebellionState, rng: Rng) -> None:
    """The Rebels' determinisation: the project cards the Empire holds unseen (hand,
    face-down assignments, cards drawn to choose from) are re-dealt together with the
    project deck, so that those places keep their number of projects and starting
    missions never enter the deck. The cards the Empire knows in the deck are always
    its bottom cards (it put them there; draws come from the top): the Empire knows
    as many bottom cards as before."""
    deck = s.zones["project_deck"]
    slots: list[tuple[list[int], int]] = []
    for name in ("missions1", "assigned1", "project_look"):
        z = s.zones[name]
        seen = s.known_to(name, REBEL)
        slots.extend((z, i) for i, c in enumerate(z) if IS_PROJECT[c] and c not in seen)
    if not slots and len(deck) < 2:
        return
    marked = len(s.known_to("project_deck", IMPERIAL))
    free = [z[i] for z, i in slots] + deck
    rng.shuffle(free)
    for k, (z, i) in enumerate(slots):
        z[i] = free[k]
    deck = s.zones["project_deck"] = free[len(slots) :]
    if marked:
        s.set_known("project_deck", IMPERIAL, deck[:marked])


def resume(s: RebellionState) -> None:
    """A decision of an effect is done: the mission's next effect follows."""
    from .missions import continue_mission

    continue_mission(s)


# ================================================================ Research and Development
def effect_draw_keep_one(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Draw ``e.amount`` project cards, keep one; the others go to the bottom (RR-41)."""
    look = s.zones["project_look"]
    for _ in range(e.amount):
        card = draw_project(s)
        if card < 0:
            break
        look.append(card)
    if not look:
        return False
    s.emit(ProjectsDrawn(cards=tuple(look), to=(IMPERIAL,)))
    if len(look) > 1:
        # asked even for two copies of one card (a single choice then): whether the Empire
        # had a choice would tell the Rebels what it drew (RR-17, RR-41)
        s.stack.append(KeepProject(player=r.player))
        return True
    keep(s, r.player, look[0])
    return False


def keep(s: RebellionState, player: int, card: int) -> None:
    """``card`` goes to the hand, the other cards looked at to the bottom of the deck."""
    s.move(card, "project_look", f"missions{player}")
    for c in list(s.zones["project_look"]):
        s.move(c, "project_look", "project_deck", index=0)
        s.reveal("project_deck", player, [c])
        s.emit(ProjectBottomed(card=c, to=(player,)))


def legal_keep(s: RebellionState, d: KeepProject) -> list[Action]:
    return [Keep(c) for c in distinct(s.zones["project_look"])]


def apply_keep(s: RebellionState, d: KeepProject, a: Action) -> None:
    assert isinstance(a, Keep)
    s.stack.pop()
    keep(s, d.player, a.card)
    resume(s)


def effect_remove_sabotage_draw(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Remove the sabotage marker there, then draw ``e.amount`` project cards."""
    remove_sabotage(s, r.system)
    draw_to_hand(s, r.player, e.amount)
    return False


def draw_to_hand(s: RebellionState, player: int, n: int) -> None:
    """``player`` draws ``n`` project cards into its hidden mission hand (fewer if deck and
    discard run out, RR-47); the Rebels see how many."""
    got = []
    for _ in range(n):
        card = draw_project(s)
        if card < 0:
            break
        got.append(card)
    s.zones[f"missions{player}"].extend(got)
    if got:
        s.emit(ProjectsDrawn(cards=tuple(got), to=(IMPERIAL,)))


def remove_sabotage(s: RebellionState, x: int) -> None:
    if s.board.sabotage[x]:
        s.board.sabotage[x] = False
        s.emit(SabotageRemoved(system=x))


# ================================================================ Construct Death Star
def effect_construct_death_star(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """A Death Star Under Construction there and a Death Star on queue space ``e.amount``,
    both from the supply, or nothing (RR-42)."""
    b = s.board
    if b.in_supply(DSUC) > 0 and b.in_supply(DEATH_STAR) > 0:
        b.add_unit(DSUC, r.system)
        s.emit(UnitGained(side=IMPERIAL, unit=DSUC, system=r.system))
        queue(s, DEATH_STAR, r.system, e.amount, by_card=True)
    return False


def queue(
    s: RebellionState, u: int, x: int, space: int, player: int = IMPERIAL, by_card: bool = False
) -> None:
    """``u`` onto ``player``'s build queue space ``space``, built from ``x``'s icons or,
    ``by_card``, put there by a card resolved in ``x``."""
    s.board.queue_at(player, space).append(u)
    s.emit(Built(player=player, unit=u, loc=x, space=space, by_card=by_card))


# ================================================================ Construct Factory
def effect_remove_sabotage(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    remove_sabotage(s, r.system)
    return False


def effect_build_from_icons(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Construct Factory, and for the Rebels Establish Trade Relations (RR-91)."""
    return factory_step(s, r.system, (), r.player, r.card)


def factory_options(
    s: RebellionState, x: int, used: tuple[int, ...], player: int = IMPERIAL
) -> list[Action]:
    """``build <unit> <x>`` for each of ``player``'s units an unused icon of ``x`` builds
    (RR-43)."""
    out: list[Action] = []
    seen: set[int] = set()
    for i, icon in enumerate(ICONS[x]):
        if i in used:
            continue
        for u in BUILDS.get(icon, ()):
            if F_SIDE[u] != player or u in seen:
                continue
            if s.board.in_supply(u) > 0 or replaceable(s, u):
                seen.add(u)
                out.append(Build(u, x))
    return out


def factory_step(
    s: RebellionState, x: int, used: tuple[int, ...], player: int = IMPERIAL, card: int = -1
) -> bool:
    """Ask for the next unit if one can be built; True if asked."""
    if factory_options(s, x, used, player):
        s.stack.append(FactoryBuild(player=player, system=x, used=used, card=card))
        return True
    return False


def legal_factory(s: RebellionState, d: FactoryBuild) -> list[Action]:
    return [*factory_options(s, d.system, d.used, d.player), Stop()]


def apply_factory(s: RebellionState, d: FactoryBuild, a: Action) -> None:
    def replace(u: int, used: tuple[int, ...]) -> FactoryReplace:
        return FactoryReplace(player=d.player, unit=u, system=d.system, used=used, card=d.card)

    build_from_icon(
        s,
        d,
        a,
        lambda used: factory_step(s, d.system, used, d.player, d.card),
        replace,
        lambda: resume(s),
    )


def legal_factory_replace(s: RebellionState, d: FactoryReplace) -> list[Action]:
    return [SystemChoice(loc) for loc in replaceable(s, d.unit)]


def apply_factory_replace(s: RebellionState, d: FactoryReplace, a: Action) -> None:
    """Destroy one's own figure of the type out of supply, and build it (research §4.5)."""
    rebuild(
        s, d, a, lambda used: factory_step(s, d.system, used, d.player, d.card), lambda: resume(s)
    )


IconStep = Callable[[tuple[int, ...]], bool]
"""(icons used) -> True when the next unit of the build was asked for."""


def build_from_icon(
    s: RebellionState,
    d: FactoryBuild | AdminBuild | AllianceBuild,
    a: Action,
    step: IconStep,
    replace: Callable[[int, tuple[int, ...]], Decision],
    done: Callable[[], None],
    by_card: bool = False,
) -> None:
    """One answer in a build from the unused resource icons of ``d.system`` (Construct
    Factory, and the cards that place units on the queue that way): ``stop`` ends it
    (``done``); a unit goes onto the queue space of the system's build number and
    ``step`` asks for the next; a type out of supply asks, with ``replace(unit, used)``,
    which of the side's own figures of it is destroyed to build it (research §4.5)."""
    s.stack.pop()
    if isinstance(a, Stop):
        done()
        return
    assert isinstance(a, Build)
    x = d.system
    icon = next(
        i for i, ic in enumerate(ICONS[x]) if i not in d.used and a.unit in BUILDS.get(ic, ())
    )
    used = (*d.used, icon)
    if s.board.in_supply(a.unit) > 0:
        queue(s, a.unit, x, BUILD_SPACE[x], d.player, by_card)
        if not step(used):
            done()
        return
    s.stack.append(replace(a.unit, used))


def rebuild(
    s: RebellionState,
    d: FactoryReplace | AdminReplace | AllianceReplace,
    a: Action,
    step: IconStep,
    done: Callable[[], None],
    by_card: bool = False,
) -> None:
    """The figure of ``d.unit`` destroyed in ``a.system`` (``system <s>``) is built from
    ``d.system``'s icon; then the build goes on (:func:`build_from_icon`)."""
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    s.board.remove_unit(d.unit, a.system)
    s.emit(UnitsDestroyed(side=d.player, unit=d.unit, n=1, system=a.system, reason="rebuilt"))
    rescue_if_due(s)
    check_empire_win(s)  # a Rebel figure taken from the revealed base's system
    if s.is_terminal:
        return
    queue(s, d.unit, d.system, BUILD_SPACE[d.system], d.player, by_card)
    if not step(d.used):
        done()


# ================================================================ queue_unit
def effect_queue_unit(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The named unit on queue space ``e.amount`` (``e.two_leaders`` with two leaders
    assigned), if the supply holds one (RR-42)."""
    u = unit_id(e.unit)
    if s.board.in_supply(u) > 0:
        queue(s, u, r.system, e.amount_for(r.leaders), r.player, by_card=True)
    return False


# ================================================================ Oversee Project
def oversee_options(s: RebellionState, x: int, spaces: int) -> list[Action]:
    """``deploy <unit> <space>`` for each unit on queue spaces 1..``spaces`` that may deploy
    into ``x`` (RR-44)."""
    b = s.board
    if b.sabotage[x]:
        return []
    out: list[Action] = []
    for space in range(1, spaces + 1):
        for u in sorted(set(b.queue_at(IMPERIAL, space))):
            if u == DEATH_STAR and not b.units[x][DSUC]:
                continue
            if b.destroyed[x] and F.theater[u] == 1 and transport_room(b, IMPERIAL, x) <= 0:
                continue
            out.append(Deploy(u, space))
    return out


def effect_deploy_from_queue(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    options = oversee_options(s, r.system, e.amount)
    if len(options) > 1:
        s.stack.append(OverseeDeploy(player=r.player, system=r.system, spaces=e.amount))
        return True
    if options:
        a = options[0]
        assert isinstance(a, Deploy)
        deploy(s, r.system, a.unit, a.space)
    return False


def deploy(s: RebellionState, x: int, u: int, space: int) -> None:
    """A queued unit deploys into ``x``; a Death Star replaces the Death Star Under
    Construction there. Ground units may reveal the base; the Empire may win."""
    b = s.board
    b.queue_at(IMPERIAL, space).remove(u)
    if u == DEATH_STAR:
        b.remove_unit(DSUC, x)
    b.add_unit(u, x)
    s.emit(Deployed(player=IMPERIAL, unit=u, loc=x))
    reveal_if_due(s)
    check_empire_win(s)


def legal_oversee(s: RebellionState, d: OverseeDeploy) -> list[Action]:
    return oversee_options(s, d.system, d.spaces)


def apply_oversee(s: RebellionState, d: OverseeDeploy, a: Action) -> None:
    assert isinstance(a, Deploy)
    s.stack.pop()
    deploy(s, d.system, a.unit, a.space)
    resume(s)


# ================================================================ Superlaser Online
def effect_destroy_system(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    return destroy_system(s, r.system)


def region_systems(s: RebellionState, region: int) -> list[int]:
    """The populous systems of ``region`` (a destroyed system is not populous)."""
    b = s.board
    return [
        x for x in range(NUM_SYSTEMS) if REGION[x] == region and POPULOUS[x] and not b.destroyed[x]
    ]


def effect_gain_loyalty_in_region(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Gain ``e.amount`` loyalty in one populous system of the region, the Empire choosing
    (RR-45)."""
    options = region_systems(s, REGION[r.system])
    if len(options) > 1:
        s.stack.append(RegionLoyalty(player=r.player, region=REGION[r.system], amount=e.amount))
        return True
    if options:
        gain_loyalty_at(s, r.player, options[0], e.amount)
    return False


def legal_region(s: RebellionState, d: RegionLoyalty) -> list[Action]:
    return [SystemChoice(x) for x in region_systems(s, d.region)]


def apply_region(s: RebellionState, d: RegionLoyalty, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    gain_loyalty_at(s, d.player, a.system, d.amount)
    resume(s)


# ================================================================ Single Reactor Ignition
def effect_reveal_base_here(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The Rebels must reveal the base if it is in this system (RR-46); if it is not, the
    system is ruled out."""
    if s.board.base_revealed:
        return False
    if s.base == r.system:
        reveal_now(s)
        check_empire_win(s)
    else:
        rule_out(s, r.system)  # a public fact now (RR-73)
        s.emit(BaseNotHere(system=r.system))
    return False


def effect_destroy_rebel_ground(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Every Rebel ground unit in the system is destroyed; the Empire may win (RR-46)."""
    b = s.board
    x = r.system
    for u in GROUND_OF[REBEL]:
        n = b.units[x][u]
        if n:
            b.remove_unit(u, x, n)
            s.emit(UnitsDestroyed(side=REBEL, unit=u, n=n, system=x, reason=MISSIONS[r.card].name))
    check_empire_win(s)
    return False


def effect_remove_target_markers(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    remove_markers(s, r.system, IMPERIAL, "Single Reactor Ignition")
    return False


# ================================================================ the tables
Effect = Callable[["RebellionState", "Resolving", MissionEffect], bool]

EFFECTS: dict[str, Effect] = {
    "draw_projects_keep_one": effect_draw_keep_one,
    "remove_sabotage_draw_project": effect_remove_sabotage_draw,
    "construct_death_star": effect_construct_death_star,
    "remove_sabotage": effect_remove_sabotage,
    "build_from_icons": effect_build_from_icons,
    "queue_unit": effect_queue_unit,
    "deploy_from_queue": effect_deploy_from_queue,
    "destroy_system": effect_destroy_system,
    "gain_loyalty_in_region": effect_gain_loyalty_in_region,
    "reveal_base_here": effect_reveal_base_here,
    "destroy_rebel_ground": effect_destroy_rebel_ground,
    "remove_target_markers": effect_remove_target_markers,
}
"""The project deck's effects, by kind (merged into :data:`.missions.EFFECTS`)."""

AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {
    "remove_sabotage_draw_project": lambda s, x: s.board.sabotage[x],
}
"""An option of a choice card that needs something in the system (RR-41)."""

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    KeepProject: (legal_keep, apply_keep),
    FactoryBuild: (legal_factory, apply_factory),
    FactoryReplace: (legal_factory_replace, apply_factory_replace),
    OverseeDeploy: (legal_oversee, apply_oversee),
    RegionLoyalty: (legal_region, apply_region),
}
