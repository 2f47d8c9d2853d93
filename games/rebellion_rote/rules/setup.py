"""Set-up (research §2 with the Rise of the Empire changes; RR-03, RR-04, RR-15).

In order:

1. Each side's 4 starting leaders go to its pool; time on 1, reputation on 14.
2. The advanced tactic decks (8 per side and theater) are laid out, public (RR-17).
   Each side shuffles its recruit-icon action cards into its action deck (the Rise of
   the Empire replacement cards in place of the base versions, RR-28), hidden from
   both; its starting action cards go to its box, face down (RR-29).
   The objective deck is built the Rise of the Empire way, 5 cards of each stage,
   the unused cards out of the game unseen (:mod:`.objectives`), and the Rebels draw
   their first objective card into their hidden hand (set-up step 4, RR-35: a stage I
   card, so never an Immediate one; one would be resolved at once).
3. The mission sets (RR-04): each side chooses face down, Rebels first (RR-15);
   both are revealed when both are in. Option ``first_game`` skips this.
4. Starting loyalty: the probe deck is shuffled and revealed until 3 Rebel-icon
   and 5 Imperial-icon cards are out; Rebel loyalty on the 3, subjugation on the
   first 2 Imperial systems, Imperial loyalty on the other 3; the 5 Imperial
   cards leave the game and the deck is shuffled. Option ``setup="fixed"`` uses
   the first-game positions instead.
5. Starting units (RR-03): Rise of the Empire list (the Empire chooses the remote
   system of the Death Star Under Construction, whose probe card leaves the
   game, and a Death Star goes on queue space 3), the base list, or the fixed
   first-game positions. Players place their own units one at a time, the
   Empire first: every Imperial system gets at least 1 ground unit; the Rebels
   use the Rebel Base space and at most one system with no Imperial units.
   Then each side draws 2 random starting action cards from its box, face down, and
   their Immediate cards resolve at once, the Rebels' first (:mod:`.gains`, RR-29);
   with ``setup="fixed"`` (the first game) nobody draws one.
6. The Rebel base: the Rebels secretly take a card of the probe deck (in the
   first game, not a system with or next to Imperial units, which are then ruled out
   for the Empire's determinisation, ``Board.ruled_out``); the deck is shuffled.
7. The project cards are shuffled into the Empire's project deck, hidden from both
   sides (:mod:`.projects`); each side's mission deck holds the cards of its mission
   set (:mod:`.mission_deck`, built once the sets are known); each side takes its 4
   starting missions and draws 2 mission cards (research §2 step 10). Round 1 begins
   with the Assignment Phase.

Not yet built (a later part, with the abilities of the action cards): the 2 starting
action cards (RR-29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action, Vis, Zone

from ..actions import PLACE, MissionSet, Place, SystemChoice
from ..board import GROUND_OF, POOL, Board, imperial_system
from ..data import (
    ACTIONS,
    ADJACENT,
    FIXED_LOYALTY,
    FIXED_UNITS,
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    PROBES,
    REBEL,
    REBEL_BASE,
    RECRUIT_DECKS,
    SIDES,
    STARTING_UNITS,
    SYSTEMS,
    TACTICS,
    UNITS,
    system_id,
    unit_id,
)
from ..decisions import ChooseBase, ChooseDsucSystem, ChooseMissionSet, PlaceUnits
from ..events import (
    BaseChosen,
    DsucPlaced,
    LoyaltyPlaced,
    MissionSetChosen,
    MissionSetsRevealed,
    ProbeRevealed,
    StartingMissions,
    UnitPlaced,
)
from ..ids import action_card, mission_card, tactic_card
from .gains import deal_starting, resume
from .mission_deck import DRAW_AT_SETUP, draw_missions
from .mission_deck import add_zones as add_mission_zones
from .mission_deck import build_decks as build_mission_decks
from .objectives import add_zones as add_objective_zones
from .objectives import build_deck as build_objective_deck
from .objectives import draw_objectives
from .projects import deal_project_deck

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = ["after_opening_objective", "begin"]

PROBE_ICON = {system_id(p.system): p.icon for p in PROBES}
DSUC = unit_id("Death Star Under Construction")
DEATH_STAR = unit_id("Death Star")
REBELS_NEEDED = 3
IMPERIALS_NEEDED = 5
SUBJUGATED_FIRST = 2
THEATERS = ("space", "ground")


def side_of(name: str) -> int:
    return SIDES.index(name)


# ---------------------------------------------------------------- 1-3
def begin(s: RebellionState) -> None:
    """Lay out the game and ask for the first set-up decision."""
    for i, x in enumerate(LEADERS):
        if x.starting:
            s.board.leader_status[i] = POOL
    s.add_zone(Zone("probe_deck", None, Vis.HIDDEN, pool="probes"))
    s.add_zone(Zone("probe_hand", IMPERIAL, Vis.OWNER, pool="probes"))
    s.add_zone(Zone("base", REBEL, Vis.OWNER, pool="probes"))
    s.add_zone(Zone("probes_out", None, Vis.PUBLIC))
    s.add_zone(Zone("probe_look", REBEL, Vis.OWNER, pool="probes"))
    s.add_zone(Zone("radar_probe", REBEL, Vis.OWNER, pool="probes"))  # Under the Radar
    s.add_zone(Zone("base_face_up", None, Vis.PUBLIC))
    # the probe cards hidden under Imperial action cards in play (RR-165)
    s.add_zone(Zone("facility_probe", IMPERIAL, Vis.OWNER, pool="probes"))
    s.add_zone(Zone("sweep_probe", IMPERIAL, Vis.OWNER, pool="probes"))
    s.add_zone(Zone("project_deck", None, Vis.HIDDEN, pool="projects"))
    s.add_zone(Zone("project_look", IMPERIAL, Vis.OWNER, pool="project_look"))
    s.add_zone(Zone("project_discard", IMPERIAL, Vis.PUBLIC))
    for p in (REBEL, IMPERIAL):
        s.add_zone(Zone(f"missions{p}", p, Vis.OWNER))
        s.add_zone(Zone(f"assigned{p}", p, Vis.OWNER))
        s.add_zone(Zone(f"missions_played{p}", p, Vis.PUBLIC))
        for th in THEATERS:
            s.add_zone(
                Zone(f"tactics_{p}_{th}", p, Vis.PUBLIC),
                cards=[
                    tactic_card(i)
                    for i, t in enumerate(TACTICS)
                    if side_of(t.side) == p and t.theater == th
                ],
            )
            s.add_zone(Zone(f"tactic_discard_{p}_{th}", p, Vis.PUBLIC))
        s.add_zone(Zone(f"tactics_removed_{p}", p, Vis.PUBLIC))
        action_decks(s, p)
    s.zones["probe_deck"] = sorted(system_id(p.system) for p in PROBES)
    add_mission_zones(s)
    add_objective_zones(s)
    build_objective_deck(s)
    if draw_objectives(s, 1, "setup"):
        return
    after_opening_objective(s)


def after_opening_objective(s: RebellionState) -> None:
    """Set-up after step 4: the mission sets (RR-04)."""
    if s.options.first_game:
        s.mission_set = [1, 1]
        s.sets_revealed = True
        after_mission_sets(s)
    else:
        s.stack.append(ChooseMissionSet(player=REBEL))


def action_decks(s: RebellionState, p: int) -> None:
    """``p``'s shuffled recruit deck, its empty action hand, and its starting action cards
    in the box (research §2 step 5; RR-28, RR-29)."""
    pool = f"actions{p}"
    deck = s.add_zone(
        Zone(f"action_deck{p}", p, Vis.HIDDEN, pool=pool),
        cards=[action_card(i) for i in RECRUIT_DECKS[p]],
    )
    s.rng.shuffle(deck)
    s.add_zone(Zone(f"action_hand{p}", p, Vis.OWNER, pool=pool))
    s.add_zone(Zone(f"action_drawn{p}", p, Vis.OWNER, pool=pool))
    s.add_zone(Zone(f"action_discard{p}", p, Vis.PUBLIC))
    s.add_zone(Zone(f"action_in_play{p}", p, Vis.PUBLIC))  # played, acting later
    s.add_zone(
        Zone(f"action_box{p}", p, Vis.OWNER, pool=f"starting{p}"),
        cards=[
            action_card(i) for i, c in enumerate(ACTIONS) if c.starting and side_of(c.side) == p
        ],
    )


def legal_mission_set(s: RebellionState, d: ChooseMissionSet) -> list[Action]:
    return [MissionSet(False), MissionSet(True)]


def apply_mission_set(s: RebellionState, d: ChooseMissionSet, a: Action) -> None:
    assert isinstance(a, MissionSet)
    s.stack.pop()
    s.mission_set[d.player] = int(a.roe)
    s.emit(MissionSetChosen(player=d.player, roe=a.roe, to=(d.player,)))
    if d.player == REBEL:
        s.stack.append(ChooseMissionSet(player=IMPERIAL))
        return
    s.sets_revealed = True
    s.emit(
        MissionSetsRevealed(
            rebel_roe=bool(s.mission_set[REBEL]), imperial_roe=bool(s.mission_set[IMPERIAL])
        )
    )
    after_mission_sets(s)


# ---------------------------------------------------------------- 4-5
def after_mission_sets(s: RebellionState) -> None:
    build_mission_decks(s)
    if s.options.setup == "fixed":
        fixed_setup(s)
        s.stack.append(ChooseBase(player=REBEL))
        return
    starting_loyalty(s)
    if s.options.setup == "rote":
        s.stack.append(ChooseDsucSystem(player=IMPERIAL))
    else:
        s.stack.append(PlaceUnits(player=IMPERIAL, remaining=units_to_place("base", IMPERIAL)))


def starting_loyalty(s: RebellionState) -> None:
    """Reveal probe cards until 3 Rebel and 5 Imperial icons are out (research §2 step 8)."""
    deck = s.zones["probe_deck"]
    s.rng.shuffle(deck)
    b = s.board
    rebels: list[int] = []
    imperials: list[int] = []
    for card in list(reversed(deck)):
        if len(rebels) == REBELS_NEEDED and len(imperials) == IMPERIALS_NEEDED:
            break
        s.emit(ProbeRevealed(system=card))
        icon = PROBE_ICON[card]
        if icon == "Rebel" and len(rebels) < REBELS_NEEDED:
            rebels.append(card)
        elif icon == "Imperial" and len(imperials) < IMPERIALS_NEEDED:
            imperials.append(card)
    for sys_ in rebels:
        b.loyalty[sys_] = REBEL
        s.emit(LoyaltyPlaced(system=sys_, side=REBEL, subjugated=False))
    for k, sys_ in enumerate(imperials):
        if k < SUBJUGATED_FIRST:
            b.subjugated[sys_] = True
        else:
            b.loyalty[sys_] = IMPERIAL
        s.emit(LoyaltyPlaced(system=sys_, side=IMPERIAL, subjugated=k < SUBJUGATED_FIRST))
        s.move(sys_, "probe_deck", "probes_out")
    s.rng.shuffle(deck)
    coruscant = next(i for i, x in enumerate(SYSTEMS) if x.fixed_loyalty == "Imperial")
    b.loyalty[coruscant] = IMPERIAL


def fixed_setup(s: RebellionState) -> None:
    """The first-game fixed set-up (RR-03 option; LtP p.16 via research §2)."""
    b = s.board
    for row in FIXED_LOYALTY:
        sys_ = system_id(row.system)
        side = side_of(row.side)
        if row.subjugated:
            b.subjugated[sys_] = True
        else:
            b.loyalty[sys_] = side
        s.emit(LoyaltyPlaced(system=sys_, side=side, subjugated=row.subjugated))
        if side == IMPERIAL:
            s.move(sys_, "probe_deck", "probes_out")
    coruscant = next(i for i, x in enumerate(SYSTEMS) if x.fixed_loyalty == "Imperial")
    b.loyalty[coruscant] = IMPERIAL
    for fu in FIXED_UNITS:
        u = unit_id(fu.unit)
        loc = system_id(fu.system)
        b.add_unit(u, loc, fu.count)
        for _ in range(fu.count):
            s.emit(UnitPlaced(side=side_of(UNITS[u].side), unit=u, loc=loc))
    s.rng.shuffle(s.zones["probe_deck"])


def units_to_place(setup: str, side: int) -> tuple[int, ...]:
    counts = [0] * len(UNITS)
    for row in STARTING_UNITS:
        if row.setup == setup and side_of(row.side) == side and not row.where:
            counts[unit_id(row.unit)] += row.count
    return tuple(counts)


def dsuc_system(s: RebellionState) -> int:
    units = s.board.units
    return next((i for i in range(NUM_SYSTEMS) if units[i][DSUC]), -1)


def legal_dsuc(s: RebellionState, d: ChooseDsucSystem) -> list[Action]:
    return [SystemChoice(i) for i, x in enumerate(SYSTEMS) if x.remote]


def apply_dsuc(s: RebellionState, d: ChooseDsucSystem, a: Action) -> None:
    """Place the DSUC group in the chosen remote system; its probe card leaves the game."""
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    b = s.board
    sys_ = a.system
    for row in STARTING_UNITS:
        if row.setup != "rote" or row.side != "Imperial" or not row.where:
            continue
        u = unit_id(row.unit)
        if row.where == "dsuc":
            b.add_unit(u, sys_, row.count)
        else:  # queue3
            b.queue_at(IMPERIAL, 3).extend([u] * row.count)
    s.move(sys_, "probe_deck", "probes_out")
    s.emit(DsucPlaced(system=sys_))
    s.stack.append(PlaceUnits(player=IMPERIAL, remaining=units_to_place("rote", IMPERIAL)))


# ---------------------------------------------------------------- placing units
def imperial_places(s: RebellionState) -> list[int]:
    """Imperial systems (loyalty or subjugation), and the DSUC's system (RoE)."""
    b = s.board
    out = [i for i in range(NUM_SYSTEMS) if imperial_system(b, i)]
    ds = dsuc_system(s)
    if ds >= 0 and ds not in out:
        out.append(ds)
    return sorted(out)


def legal_place(s: RebellionState, d: PlaceUnits) -> list[Action]:
    b = s.board
    out: list[Action] = []
    if d.player == IMPERIAL:
        places = imperial_places(s)
        bare = [i for i in places if imperial_system(b, i) and not b.has_ground(i, IMPERIAL)]
        ground_left = sum(d.remaining[u] for u in GROUND_OF[IMPERIAL])
        forced = ground_left <= len(bare)
        for u, n in enumerate(d.remaining):
            if n:
                locs = bare if forced and UNITS[u].theater == "ground" else places
                out.extend(map(PLACE[u].__getitem__, locs))
        return out
    if s.rebel_setup_system >= 0:
        places = [s.rebel_setup_system]
    else:
        places = [i for i in range(NUM_SYSTEMS) if not b.has_units(i, IMPERIAL)]
    for u, n in enumerate(d.remaining):
        if n:
            out.extend(map(PLACE[u].__getitem__, (*places, REBEL_BASE)))
    return out


def apply_place(s: RebellionState, d: PlaceUnits, a: Action) -> None:
    assert isinstance(a, Place)
    s.stack.pop()
    s.board.add_unit(a.unit, a.loc)
    if d.player == REBEL and a.loc != REBEL_BASE:
        s.rebel_setup_system = a.loc
    s.emit(UnitPlaced(side=d.player, unit=a.unit, loc=a.loc))
    remaining = list(d.remaining)
    remaining[a.unit] -= 1
    if any(remaining):
        s.stack.append(PlaceUnits(player=d.player, remaining=tuple(remaining)))
    elif d.player == IMPERIAL:
        s.stack.append(PlaceUnits(player=REBEL, remaining=units_to_place(s.options.setup, REBEL)))
    else:
        s.stack.append(ChooseBase(player=REBEL))
        deal_starting(s)  # the end of step 8; their Immediate cards resolve first
        resume(s)


# ---------------------------------------------------------------- 6-7
def base_choices(s: RebellionState) -> list[int]:
    """Systems whose probe card the Rebels may take as the base.

    In the first game (``setup="fixed"``) the base may not be next to Imperial units.
    """
    cards = sorted(s.zones["probe_deck"])
    if s.options.setup != "fixed":
        return cards
    return [c for c in cards if first_game_base_allowed(s.board, c)]


def first_game_base_allowed(b: Board, x: int) -> bool:
    """In the first game the base is in no system with or next to Imperial units."""
    return not b.has_units(x, IMPERIAL) and not any(b.has_units(y, IMPERIAL) for y in ADJACENT[x])


def legal_base(s: RebellionState, d: ChooseBase) -> list[Action]:
    return [SystemChoice(c) for c in base_choices(s)]


def apply_base(s: RebellionState, d: ChooseBase, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    s.move(a.system, "probe_deck", "base")
    s.emit(BaseChosen(card=a.system, to=(REBEL,)))
    if s.options.setup == "fixed":  # the first-game rule is public: rule those systems out
        b = s.board
        for x in range(NUM_SYSTEMS):
            b.ruled_out[x] = not first_game_base_allowed(b, x)
    s.rng.shuffle(s.zones["probe_deck"])
    deal_project_deck(s)
    for p in (REBEL, IMPERIAL):
        hand = s.zones[f"missions{p}"] = [
            mission_card(i) for i, m in enumerate(MISSIONS) if m.starting and side_of(m.side) == p
        ]
        s.emit(StartingMissions(player=p, count=len(hand)))
    for p in (REBEL, IMPERIAL):
        draw_missions(s, p, DRAW_AT_SETUP)
    from .assignment import start_round

    start_round(s)
