"""Positions of Star Wars: Rebellion by name (:mod:`tabletop.positions`).

A position starts at one of two points of the round: a Command turn (any side; in the
team game any role, RR-02) or an Assignment decision (any side or seat, missions already
assigned included). ``State.position_facts()`` of a state anywhere else (mid-combat,
mid-mission, the Refresh Phase, set-up) raises :class:`~tabletop.PositionError` naming
these points.

The document names everything on the table: units by location, loyalty, leaders and
their rings, captives, target markers, sabotage and destroyed systems, the build queues,
the tracks, the base and what the public facts rule out, the round, phase and whose turn
it is, and every card by its name in its zone: each side's missions (hand, deck top
first, discard, face-down assignments with their leaders), the projects, the tactic
decks, the objectives, each side's action cards (hand with the leader each card
recruited, deck, discard, in play, the box of starting cards), the probe cards, and which
hidden cards a side knows. :data:`FACTS` lists the facts, their kinds and defaults.

Cards are named as printed; copies of a name are ``"Name"``, ``"Name #2"``... in the
card table's order (a plain name means the first copy not named otherwise), and the
stage III Death Star Plans objective is ``"Death Star Plans III"``. A deck is written
top card first.

The pack computes what follows from the facts and never reads it: subjugation, the side a
lured leader plays for, the leaders on missions, the stage on each objective card's back
(``objective_backs``, ``objective_hand_backs``), the leader each action card in hand
recruited (``hand_recruits``, from ``recruited``), the team game's bookkeeping, the legal
actions. Cards a document leaves out are where the set-up dealt them from ``seed`` (the
mission sets of ``mission_sets``), except: the probe cards (all in the deck in system
order, the base's card out of it), the mission hands (the starting missions; the cards
set-up drew go back on top of the deck) and the objective hand (empty; the set-up draw
goes back on top; a card named into the hand is taken from the deck, a card of its stage
from out of the game taking its place). The board starts empty: no units, no loyalty but
Coruscant's, the starting leaders in the pool and the others in the supply.

:func:`position` is the older keyword form of a document, kept for scenario tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import Action, PositionError
from tabletop.positions import Fact, Facts, check_int, check_str, lookup

from .actions import MissionSet, SystemChoice
from .board import (
    BOARD,
    CARBONITE,
    ELIMINATED,
    LURE,
    MISSION,
    NO_RING,
    NONE,
    OFF,
    POOL,
    POPULOUS,
    SIDE_OF_LEADER,
    SUPPLY,
    Board,
    base_reveal_due,
    rule_out_searched,
    update_subjugation,
)
from .data import (
    ACTIONS,
    IMPERIAL,
    LEADERS,
    MARKERS,
    MISSIONS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    OBJECTIVES,
    PROBES,
    REBEL,
    REBEL_BASE,
    REBEL_BASE_SPACE,
    RINGS,
    SIDES,
    SYSTEMS,
    TACTICS,
    TIME_TRACK,
    UNITS,
    system_id,
)
from .decisions import AssignMission, ChooseBase, ChooseMissionSet, CommandTurn
from .ids import action_card, mission_card, mission_of, objective_card, tactic_card
from .render import RING_NAMES
from .rules.objective_play import MARKER_CARD
from .rules.objectives import IMMEDIATE, STAGE

if TYPE_CHECKING:
    from .state import RebellionState

__all__ = ["FACTS", "POINTS", "position", "position_facts", "read_position_facts"]

POINTS = (
    "positions start at a Command turn (any side or role) or at an Assignment decision "
    "(any side or seat), with no combat, mission, card or draw under way"
)
"""Where a position can start, for the error of a state elsewhere."""

SIDE_KEYS = SIDES  # "Rebel", "Imperial"
SET_NAMES = ("base", "roe")
"""Mission sets by ``RebellionState.mission_set`` value: 0 base, 1 Rise of the Empire."""
PLACES = ("pool", "supply", "eliminated")
STATUS_OF_PLACE = {"pool": POOL, "supply": SUPPLY, "eliminated": ELIMINATED}
PLACE_OF_STATUS = {v: k for k, v in STATUS_OF_PLACE.items()}
RING_IDS = {RING_NAMES[r]: i for i, r in enumerate(RINGS)}
THEATERS = ("space", "ground")
DRAW_THEN = ("", "setup", "refresh", "mission", "assignment")
DEFAULT_BASE = "Dantooine"
MAX_SETUP_STEPS = 2000


# ---------------------------------------------------------------- names
def _copy_names(names: Sequence[str]) -> list[str]:
    """``"Name"``, then ``"Name #2"``... for the copies of a name, in table order."""
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return out


def _objective_names() -> list[str]:
    out = _copy_names([o.name for o in OBJECTIVES])
    return [
        f"{o.name} III" if o.name == "Death Star Plans" and o.stage == 3 else n
        for n, o in zip(out, OBJECTIVES, strict=True)
    ]


SYSTEM_IDS: dict[str, int] = {x.name: i for i, x in enumerate(SYSTEMS)}
LOCATION_IDS: dict[str, int] = {**SYSTEM_IDS, REBEL_BASE_SPACE.name: REBEL_BASE}
LOCATION_NAMES: list[str] = [*(x.name for x in SYSTEMS), REBEL_BASE_SPACE.name]
UNIT_IDS: dict[str, int] = {u.name: i for i, u in enumerate(UNITS)}
LEADER_IDS: dict[str, int] = {x.name: i for i, x in enumerate(LEADERS)}
MARKER_IDS: dict[str, int] = {m.name: i for i, m in enumerate(MARKERS)}
PROBE_IDS: dict[str, int] = {p.system: system_id(p.system) for p in PROBES}
MISSION_NAMES = _copy_names([m.name for m in MISSIONS])
OBJECTIVE_NAMES = _objective_names()
CARD_NAMES: dict[int, str] = {
    **{system_id(p.system): p.system for p in PROBES},
    **{mission_card(i): n for i, n in enumerate(MISSION_NAMES)},
    **{tactic_card(i): t.name for i, t in enumerate(TACTICS)},
    **{objective_card(i): n for i, n in enumerate(OBJECTIVE_NAMES)},
}
"""The name of every card id but the action cards' (named within each side's cards)."""


def card_name(card: int) -> str:
    """A card id's name in a position document."""
    if card in CARD_NAMES:
        return CARD_NAMES[card]
    return ACTIONS[card - action_card(0)].name


def _names(cards: Sequence[int]) -> list[str]:
    return [card_name(c) for c in cards]


def _top_first(cards: Sequence[int]) -> list[str]:
    return _names(cards[::-1])


# ---------------------------------------------------------------- the facts
FACTS: tuple[Fact, ...] = (
    Fact(
        "phase",
        '"command" or "assignment"',
        '"command"',
        "the phase the position starts in: a Command turn, or an Assignment decision",
    ),
    Fact(
        "turn",
        'a side ("Rebel", "Imperial"); in the team game a role ("Rebel General") in the '
        'Command Phase, a seat ("Imperial Admiral") in the Assignment Phase',
        '"Rebel" (in the team game the side\'s Admiral, its first seat)',
        "who decides: whose Command turn it is, or who assigns",
    ),
    Fact("round", "an integer 1..max_rounds", "1", "the round"),
    Fact("time", "an integer 1..16", "1", "the time marker's space"),
    Fact("reputation", "an integer 1..16", "14", "the reputation marker's space"),
    Fact("base", "a system with a probe card", '"Dantooine"', "the Rebel base's system"),
    Fact("base_revealed", "true or false", "false", "whether the base is revealed"),
    Fact(
        "ruled_out",
        "list of system names",
        "as after a base-reveal check that found nothing: the systems with Imperial "
        "loyalty or ground units (none once the base is revealed)",
        "the systems the public facts rule out as the hidden base's",
    ),
    Fact(
        "units",
        'table: location ("Rebel Base" for the space) to a table of unit name to count',
        "no units",
        "the units on the board",
    ),
    Fact(
        "loyalty",
        'table: system to "Rebel" or "Imperial"',
        "Coruscant Imperial, the rest neutral",
        "loyalty markers (subjugation follows the units)",
    ),
    Fact("sabotage", "list of system names", "none", "the systems with a sabotage marker"),
    Fact("destroyed", "list of system names", "none", "the destroyed systems"),
    Fact(
        "markers",
        "table: system to a list of target marker names",
        "none",
        "target markers (a marker of an objective puts its card in play)",
    ),
    Fact(
        "leaders",
        'table: leader to a location, "pool", "supply" or "eliminated"',
        "the starting leaders in the pool, the others in the supply",
        "where each leader is (leaders on a face-down mission: see missions)",
    ),
    Fact(
        "rings",
        'table: leader to a ring ("Master Yoda", "Frozen in Carbonite", ...)',
        "none",
        "attachment rings (the Lure of the Dark Side makes its leader play for the Empire)",
    ),
    Fact("captured", "a leader name", "none", "the leader in the captured ring"),
    Fact("detained", "list of leader names", "none", "leaders Detained till the next Refresh"),
    Fact(
        "build_queue",
        "table: side to a list of 3 lists of unit names (spaces 1, 2, 3)",
        "empty",
        "the build queues",
    ),
    Fact(
        "passed",
        "list of sides (team game: roles)",
        "none (the Assignment Phase: as the last Command Phase ended)",
        "who has passed in this Command Phase",
    ),
    Fact(
        "mission_sets",
        'table: side to "roe" (Rise of the Empire, the first-game cards) or "base"',
        '"roe" for both',
        "each side's mission set (with first_game, roe)",
    ),
    Fact(
        "missions",
        "table: side to {hand, deck, discard: lists of card names; assigned: list of "
        "{card, leaders}}",
        "hand: the starting missions not placed; deck: the rest of the set, as dealt",
        "mission cards (the Empire's projects in hand included)",
    ),
    Fact(
        "end_of_command",
        "list of {card, leaders (a count), role (team game)}",
        "none",
        "revealed missions waiting for the end of the Command Phase (Rapid Mobilization)",
    ),
    Fact("projects", "table {deck, discard}", "the deck as dealt", "the Empire's project deck"),
    Fact(
        "tactics",
        "table: side to {space, ground, space_discard, ground_discard, removed}",
        "each deck whole, in table order",
        "advanced tactic cards",
    ),
    Fact(
        "objectives",
        "table {hand, deck, out, in_play, discard}",
        "the deck as dealt, the hand empty, in play the cards of the markers",
        "objective cards (the backs follow the cards)",
    ),
    Fact(
        "actions",
        "table: side to {hand, recruited (table card to leader), deck, discard, in_play, box}",
        "as dealt",
        "action cards; recruited: the leader a card in hand recruited when it was kept",
    ),
    Fact(
        "probes",
        "table {deck, hand, out, under_the_radar, secret_facility, sweep_the_area}",
        "every card in the deck in system order (the last on top), the base's card out",
        "probe cards",
    ),
    Fact(
        "known",
        'table: side to a table of zone (a fact path, say "objectives.deck") to card names',
        "none",
        "hidden cards a side knows (put on a deck's bottom, shown, looked at)",
    ),
    Fact(
        "effects",
        "table {yoda_round, misdirected, attempt_bonus, reassigned, watched, pool_limit_9, "
        "sweep_kept_round, doomed, public_support}",
        "none",
        "what cards played earlier still do",
    ),
    Fact(
        "carried",
        "table {deployed, objective_draw, team_turn, team_mission, rebel_setup_system}",
        "none",
        "what the earlier steps left that the table still shows (written by "
        "position_facts; leave it out of a position written by hand)",
    ),
)
"""The pack's facts of a position document (its docs table is made from these)."""


# ---------------------------------------------------------------- the reader
class Reader:
    """Reads a position document's pack facts into a new state (``_position``)."""

    def __init__(self, s: RebellionState, facts: Facts) -> None:
        self.s = s
        self.f = facts
        self.claimed: dict[int, str] = {}
        self.dealt: dict[str, list[int]] = {}
        self.placed: dict[int, str] = {}

    # -- helpers
    def claim(self, card: int, path: str) -> int:
        if card in self.claimed:
            raise PositionError(
                f"{path}: {card_name(card)} is already at {self.claimed[card]}; "
                "a card is in one place"
            )
        self.claimed[card] = path
        return card

    def card(self, value: Any, path: str, names: Mapping[str, int], what: str) -> int:
        """A card named ``value`` (a plain name: its first copy not taken yet), claimed."""
        card = lookup(value, names, what, path)
        if card in self.claimed and "#" not in value:
            k = 2
            while f"{value} #{k}" in names and names[f"{value} #{k}"] in self.claimed:
                k += 1
            card = names.get(f"{value} #{k}", card)
        return self.claim(card, path)

    def cards(self, part: Facts, key: str, names: Mapping[str, int], what: str) -> list[int] | None:
        """The cards of list fact ``key`` (``None`` when absent), claimed in order."""
        items = part.get_list(key, None)
        if items is None:
            return None
        at = part.at(key)
        return [self.card(v, f"{at}[{i}]", names, what) for i, v in enumerate(items)]

    def group(
        self,
        given: dict[str, list[int] | None],
        default_zone: Mapping[int, str],
        order: dict[str, list[int]] | None = None,
    ) -> dict[str, list[int]]:
        """Each zone's cards, bottom first: a given zone as given; one left out as dealt
        (``order``, or ``self.dealt``) less the cards placed elsewhere; a card placed
        nowhere goes to ``default_zone[card]``: last, or under a deck the document gives."""
        dealt = order if order is not None else self.dealt
        out: dict[str, list[int]] = {}
        for z, cards in given.items():
            if cards is not None:
                out[z] = cards
            else:
                out[z] = [c for c in dealt[z] if c not in self.claimed]
        for z in out:
            for c in out[z]:
                self.claimed.setdefault(c, z)
        for c in sorted(default_zone):
            if c not in self.claimed:
                z = default_zone[c]
                if given.get(z) is not None and "deck" in z:
                    out[z].insert(0, c)  # under a deck the document gives
                else:
                    out[z].append(c)
                self.claimed[c] = z
        return out

    def put(self, zone: str, cards: list[int]) -> None:
        self.s.zones[zone] = cards
        self.s.forget_zone(zone)

    def side_name(self, value: Any, path: str) -> int:
        return SIDES.index(check_str(value, path, SIDES))

    # -- the whole
    def read(self) -> None:
        s, f = self.s, self.f
        sets = self.mission_sets()
        base_name = f.get_str("base", DEFAULT_BASE)
        base = lookup(base_name, PROBE_IDS, "system with a probe card", f.at("base"))
        deal(s, sets, base)
        self.dealt = {k: z[:] for k, z in s.zones.items()}
        b = self.board(base)
        s.board = b
        self.probes(base, b.base_revealed)
        self.missions(sets)
        self.tactics()
        self.objectives(b)
        self.actions()
        self.known()
        self.turn_and_phase()
        self.effects()
        self.carried()
        for x in range(NUM_SYSTEMS):
            update_subjugation(b, x)
        self.ruled_out(base)
        b.changes.clear()
        s.log.clear()

    # -- mission sets
    def mission_sets(self) -> list[int]:
        part = self.f.part("mission_sets", {})
        out = []
        for side in SIDES:
            name = part.get_str(side, "roe", choices=SET_NAMES)
            if self.s.options.first_game and name != "roe":
                raise part.error(side, 'with the option first_game both sides play "roe"')
            out.append(SET_NAMES.index(name))
        return out

    # -- the board
    def board(self, base: int) -> Board:
        f = self.f
        length = len(TIME_TRACK.spaces)
        b = Board(
            time=f.get_int("time", TIME_TRACK.time_start, lo=1, hi=length),
            reputation=f.get_int("reputation", TIME_TRACK.reputation_start, lo=1, hi=length),
        )
        if b.time == b.reputation:
            raise f.error("reputation", "meets the time marker: the Rebels have won already")
        coruscant = next(i for i, x in enumerate(SYSTEMS) if x.fixed_loyalty == "Imperial")
        b.loyalty[coruscant] = IMPERIAL
        for name in self.systems("destroyed"):
            b.destroyed[name] = True
        for name in self.systems("sabotage"):
            b.sabotage[name] = True
        self.loyalty(b, coruscant)
        self.units(b)
        self.markers(b)
        self.leaders(b)
        self.queue(b)
        b.base_revealed = f.get_bool("base_revealed", False)
        if b.destroyed[base]:
            raise f.error("destroyed", "the base's system is destroyed: the Empire has won")
        return b

    def systems(self, key: str) -> list[int]:
        items = self.f.get_list(key, [])
        at = self.f.at(key)
        out = [lookup(v, SYSTEM_IDS, "system", f"{at}[{i}]") for i, v in enumerate(items)]
        dup = [x for x, n in Counter(out).items() if n > 1]
        if dup:
            raise self.f.error(key, f"{SYSTEMS[dup[0]].name} is named twice")
        return out

    def loyalty(self, b: Board, coruscant: int) -> None:
        part = self.f.part("loyalty", {})
        for name, value, path in part.items():
            x = lookup(name, SYSTEM_IDS, "system", path)
            side = self.side_name(value, path)
            if x == coruscant and side != IMPERIAL:
                raise PositionError(f"{path}: Coruscant is always Imperial")
            if not POPULOUS[x]:
                raise PositionError(f"{path}: {name} is not populous: it holds no loyalty")
            if b.destroyed[x]:
                raise PositionError(f"{path}: {name} is destroyed: it holds no loyalty")
            b.loyalty[x] = side

    def units(self, b: Board) -> None:
        part = self.f.part("units", {})
        for name, row, path in part.items():
            loc = lookup(name, LOCATION_IDS, "location", path)
            if not isinstance(row, Mapping):
                raise PositionError(f"{path}: a table of unit name to count")
            for unit, n, upath in Facts(row, path).items():
                u = lookup(unit, UNIT_IDS, "unit", upath)
                b.units[loc][u] += check_int(n, upath, 0, UNITS[u].supply)

    def markers(self, b: Board) -> None:
        from .rules.markers import put_marker

        part = self.f.part("markers", {})
        for name, kinds, path in part.items():
            x = lookup(name, SYSTEM_IDS, "system", path)
            if type(kinds) is not list:
                raise PositionError(f"{path}: a list of target marker names")
            for i, kind in enumerate(kinds):
                k = lookup(kind, MARKER_IDS, "target marker", f"{path}[{i}]")
                try:
                    put_marker(b, x, k)
                except ValueError as exc:
                    raise PositionError(f"{path}[{i}]: {exc}") from None

    def leaders(self, b: Board) -> None:
        f = self.f
        for i, x in enumerate(LEADERS):
            b.leader_status[i] = POOL if x.starting else SUPPLY
        part = f.part("leaders", {})
        for name, where, path in part.items():
            i = lookup(name, LEADER_IDS, "leader", path)
            place = check_str(where, path)
            self.placed[i] = place
            if place in STATUS_OF_PLACE:
                b.leader_status[i] = STATUS_OF_PLACE[place]
            else:
                loc = lookup(place, LOCATION_IDS, "location (or pool, supply, eliminated)", path)
                b.leader_status[i] = BOARD
                b.leader_loc[i] = loc
        rings = f.part("rings", {})
        worn: dict[int, str] = {}
        for name, ring, path in rings.items():
            i = lookup(name, LEADER_IDS, "leader", path)
            r = lookup(ring, RING_IDS, "ring", path)
            if r in worn:
                raise PositionError(f"{path}: the {ring} ring is on {worn[r]} already")
            worn[r] = name
            b.rings[i] = r
            if r in (CARBONITE, LURE) and (SIDE_OF_LEADER[i] != REBEL or b.leader_loc[i] < 0):
                raise PositionError(f"{path}: {ring} goes on a Rebel leader on the board")
            if r == LURE:
                b.leader_side[i] = IMPERIAL
        captured = f.get_name("captured", LEADER_IDS, "leader", None)
        if captured is not None:
            if SIDE_OF_LEADER[captured] != REBEL or b.leader_status[captured] != BOARD:
                raise f.error("captured", "the captive is a Rebel leader on the board")
            if b.rings[captured] != NO_RING:
                raise f.error("captured", "the captured ring replaces the leader's ring")
            b.captured = captured
        det = f.get_list("detained", [])
        for k, name in enumerate(det):
            i = lookup(name, LEADER_IDS, "leader", f"{f.at('detained')}[{k}]")
            b.detained |= 1 << i

    def queue(self, b: Board) -> None:
        part = self.f.part("build_queue", {})
        for side in SIDES:
            spaces = part.get_list(side, [])
            at = part.at(side)
            if len(spaces) > 3:
                raise part.error(side, "3 spaces at most: [[space 1], [space 2], [space 3]]")
            for k, row in enumerate(spaces):
                if type(row) is not list:
                    raise PositionError(f"{at}[{k}]: a list of unit names")
                for j, unit in enumerate(row):
                    path = f"{at}[{k}][{j}]"
                    u = lookup(unit, UNIT_IDS, "unit", path)
                    if UNITS[u].side != side:
                        raise PositionError(f"{path}: {unit} is not a {side} unit")
                    b.queue[SIDES.index(side) * 3 + k].append(u)
        for u, x in enumerate(UNITS):
            if b.in_supply(u) < 0:
                raise self.f.error(
                    "units", f"{-b.in_supply(u)} {x.name} more than the {x.supply} in the box"
                )

    # -- cards
    def probes(self, base: int, revealed: bool) -> None:
        part = self.f.part("probes", {})
        self.claim(base, self.f.at("base"))
        zones = {
            "probe_deck": "deck",
            "probe_hand": "hand",
            "probes_out": "out",
            "radar_probe": "under_the_radar",
            "facility_probe": "secret_facility",
            "sweep_probe": "sweep_the_area",
        }
        given: dict[str, list[int] | None] = {}
        for zone, key in zones.items():
            got = self.cards(part, key, PROBE_IDS, "probe card")
            given[zone] = got[::-1] if got is not None and zone == "probe_deck" else got
        order: dict[str, list[int]] = {z: [] for z in zones}
        out = self.group(given, {c: "probe_deck" for c in PROBE_IDS.values()}, order)
        if given["probe_deck"] is None:
            out["probe_deck"].sort()
        for z, cards in out.items():
            self.put(z, cards)
        self.put("base_face_up" if revealed else "base", [base])
        self.put("base" if revealed else "base_face_up", [])
        self.put("probe_look", [])

    def missions(self, sets: list[int]) -> None:
        s = self.s
        proj = self.f.part("projects", {})
        part = self.f.part("missions", {})
        names = dict(zip(MISSION_NAMES, (mission_card(i) for i in range(len(MISSIONS)))))
        mine: list[dict[str, int]] = []
        for p in (REBEL, IMPERIAL):
            zones = [f"missions{p}", f"mission_deck{p}", f"assigned{p}"]
            if p == IMPERIAL:
                zones.append("project_deck")
            universe = {c for z in zones for c in self.dealt[z]}
            mine.append({n: c for n, c in names.items() if c in universe})
        whats = [
            f"{side} mission card of the {SET_NAMES[sets[p]]} set" for p, side in enumerate(SIDES)
        ]
        self.end_of_command(mine, whats)
        for p, side in enumerate(SIDES):
            sp = part.part(side, {})
            what = whats[p]
            slots = self.assigned(sp, p, mine[p], what)
            given: dict[str, list[int] | None] = {
                f"missions{p}": self.cards(sp, "hand", mine[p], what),
                f"mission_deck{p}": _bottom_first(self.cards(sp, "deck", mine[p], what)),
                f"mission_discard{p}": self.cards(sp, "discard", mine[p], what),
            }
            if p == IMPERIAL:
                given["project_deck"] = _bottom_first(self.cards(proj, "deck", mine[p], what))
                given["project_discard"] = self.cards(proj, "discard", mine[p], what)
            order = {z: self.dealt[z][:] for z in given}
            if given[f"missions{p}"] is None:  # the starting missions; draws back on top
                hand = order[f"missions{p}"]
                drawn = [c for c in hand if not MISSIONS[mission_of(c)].starting]
                order[f"mission_deck{p}"] += drawn
                order[f"missions{p}"] = [c for c in hand if c not in drawn]
            default = {c: _mission_home(c, p) for c in mine[p].values()}
            for z, cards in self.group(given, default, order).items():
                self.put(z, cards)
            self.put(f"assigned{p}", [c for c, _ in slots])
            s.slots[p] = [ls for _, ls in slots]
            self.put(f"mission_look{p}", [])
        self.put("project_look", [])

    def end_of_command(self, mine: list[dict[str, int]], whats: list[str]) -> None:
        """The revealed missions waiting for the end of the Command Phase, in order."""
        from .rules.team import ROLE_NAMES

        s = self.s
        played: list[list[int]] = [[], []]
        s.end_of_command, s.team_eoc = [], []
        both = {**mine[REBEL], **mine[IMPERIAL]}
        for e in self.f.parts("end_of_command", []):
            card = self.card(e.get_raw("card"), e.at("card"), both, "mission card")
            p = SIDES.index(MISSIONS[mission_of(card)].side)
            n = e.get_int("leaders", 1, lo=1, hi=2)
            if s.num_players > 2:
                role = e.get_str("role", "General", choices=ROLE_NAMES)
                s.team_eoc.append(ROLE_NAMES.index(role))
            s.end_of_command.append((mission_of(card), n))
            played[p].append(card)
        for p in (REBEL, IMPERIAL):
            self.put(f"missions_played{p}", played[p])

    def assigned(
        self, sp: Facts, p: int, names: Mapping[str, int], what: str
    ) -> list[tuple[int, list[int]]]:
        out = []
        b = self.s.board
        for slot in sp.parts("assigned", []):
            card = self.card(slot.get_raw("card"), slot.at("card"), names, what)
            leaders = []
            items = slot.get_list("leaders")
            if not 1 <= len(items) <= 2:
                raise slot.error("leaders", "1 or 2 leaders")
            for k, v in enumerate(items):
                path = f"{slot.at('leaders')}[{k}]"
                x = lookup(v, LEADER_IDS, "leader", path)
                placed = self.placed.get(x, "pool")
                if b.leader_side[x] != p or placed != "pool" or b.leader_status[x] == MISSION:
                    raise PositionError(
                        f"{path}: {v} is not in the {SIDES[p]} pool (a leader on a face-down "
                        "mission: leave it out of leaders, or name it there as pool)"
                    )
                b.leader_status[x] = MISSION
                leaders.append(x)
            out.append((card, leaders))
        return out

    def tactics(self) -> None:
        part = self.f.part("tactics", {})
        names = {t.name: tactic_card(i) for i, t in enumerate(TACTICS)}
        for p, side in enumerate(SIDES):
            sp = part.part(side, {})
            given: dict[str, list[int] | None] = {}
            default = {}
            for th in THEATERS:
                mine = {n: c for n, c in names.items() if c in self.dealt[f"tactics_{p}_{th}"]}
                what = f"{side} {th} tactic card"
                given[f"tactics_{p}_{th}"] = self.cards(sp, th, mine, what)
                given[f"tactic_discard_{p}_{th}"] = self.cards(sp, f"{th}_discard", mine, what)
                default.update({c: f"tactics_{p}_{th}" for c in mine.values()})
            all_mine = {n: c for n, c in names.items() if c in default}
            given[f"tactics_removed_{p}"] = self.cards(sp, "removed", all_mine, f"{side} tactic")
            order: dict[str, list[int]] = {z: [] for z in given}
            for z, cards in self.group(given, default, order).items():
                self.put(z, cards)

    def objectives(self, b: Board) -> None:
        s = self.s
        part = self.f.part("objectives", {})
        names = dict(zip(OBJECTIVE_NAMES, (objective_card(i) for i in range(len(OBJECTIVES)))))
        what = "objective card"
        given: dict[str, list[int] | None] = {
            "objective_hand": self.cards(part, "hand", names, what) or [],
            "objective_deck": _bottom_first(self.cards(part, "deck", names, what)),
            "objectives_out": self.cards(part, "out", names, what),
            "objectives_in_play": self.cards(part, "in_play", names, what),
            "objective_discard": self.cards(part, "discard", names, what) or [],
        }
        for i, c in enumerate(given["objective_hand"] or []):
            if c in IMMEDIATE:
                raise PositionError(
                    f"{part.at('hand')}[{i}]: {card_name(c)} is Immediate: never held in hand"
                )
        if given["objectives_in_play"] is None:  # the cards of the markers on the board
            kinds = [k for k in MARKER_CARD if any(m >> k & 1 for m in b.markers)]
            at = self.f.at("markers")
            given["objectives_in_play"] = [self.claim(MARKER_CARD[k], at) for k in kinds]
        order = {z: self.dealt[z][:] for z in given}
        order["objective_deck"] += self.dealt["objective_hand"]  # the set-up draw put back
        if given["objective_deck"] is None:
            given["objective_deck"] = self.dealt_deck(order, part)
        for z, cards in self.group(given, {c: "objectives_out" for c in STAGE}, order).items():
            self.put(z, cards)
        s.objective_backs = [STAGE[c] for c in s.zones["objective_deck"]]
        s.objective_hand_backs = [STAGE[c] for c in s.zones["objective_hand"]]

    def dealt_deck(self, order: dict[str, list[int]], part: Facts) -> list[int]:
        """The objective deck as dealt, each card placed elsewhere replaced by a card of its
        stage from out of the game."""
        deck = order["objective_deck"][:]
        spare = [c for c in order["objectives_out"] if c not in self.claimed]
        for c in [c for c in self.claimed if c in STAGE]:
            if c not in deck:
                continue
            swap = next((x for x in spare if STAGE[x] == STAGE[c]), None)
            if swap is None:
                raise part.error(
                    None, f"no stage {STAGE[c]} card out of the game to replace {card_name(c)}"
                )
            spare.remove(swap)
            deck[deck.index(c)] = swap
        for c in deck:
            self.claim(c, part.at("deck"))
        return deck

    def actions(self) -> None:
        s = self.s
        part = self.f.part("actions", {})
        for p, side in enumerate(SIDES):
            sp = part.part(side, {})
            zones = {
                f"action_hand{p}": "hand",
                f"action_deck{p}": "deck",
                f"action_discard{p}": "discard",
                f"action_in_play{p}": "in_play",
                f"action_box{p}": "box",
            }
            universe = [c for z in (*zones, f"action_drawn{p}") for c in self.dealt[z]]
            mine = {ACTIONS[c - action_card(0)].name: c for c in universe}
            what = f"{side} action card"
            given: dict[str, list[int] | None] = {}
            for z, key in zones.items():
                got = self.cards(sp, key, mine, what)
                given[z] = _bottom_first(got) if key == "deck" else got
            default = {
                c: f"action_box{p}" if ACTIONS[c - action_card(0)].starting else f"action_deck{p}"
                for c in universe
            }
            order = {z: self.dealt[z][:] for z in zones}
            for z, cards in self.group(given, default, order).items():
                self.put(z, cards)
            self.put(f"action_drawn{p}", [])
            hand = s.zones[f"action_hand{p}"]
            recruits = [-1] * len(hand)
            rec = sp.part("recruited", {})
            for name, leader, path in rec.items():
                c = lookup(name, mine, what, path)
                if c not in hand:
                    raise PositionError(f"{path}: {name} is not in the {side} action hand")
                x = lookup(leader, LEADER_IDS, "leader", path)
                if LEADERS[x].name not in ACTIONS[c - action_card(0)].leaders:
                    raise PositionError(f"{path}: {name} does not picture {leader}")
                recruits[hand.index(c)] = x
            s.hand_recruits[p] = recruits

    def known(self) -> None:
        part = self.f.part("known", {})
        for p, side in enumerate(SIDES):
            sp = part.part(side, {})
            for label, cards, path in sp.items():
                zone = KNOWN_ZONES.get(label)
                if zone is None:
                    raise PositionError(
                        f"{path}: no hidden zone {label[:40]!r} (zones: {', '.join(KNOWN_ZONES)})"
                    )
                if type(cards) is not list:
                    raise PositionError(f"{path}: a list of card names")
                names = {card_name(c): c for c in self.s.zones[zone]}
                ids = []
                for i, v in enumerate(cards):
                    c = lookup(v, names, f"card of {label}", f"{path}[{i}]")
                    if c in ids:
                        raise PositionError(f"{path}[{i}]: {v} is named twice")
                    ids.append(c)
                self.s.set_known(zone, p, ids)

    # -- turns
    def turn_and_phase(self) -> None:
        from .rules.team import ASSIGN_ORDER, CYCLE, ROLE_NAMES, SEAT_NAMES, SEATS

        s, f = self.s, self.f
        n = s.num_players
        s.phase = f.get_str("phase", "command", choices=("command", "assignment"))
        s.round = f.get_int("round", 1, lo=1, hi=s.options.max_rounds)
        s.sets_revealed = True
        s.passed = [False, False]
        s.team_passed = [False] * 4
        s.team_turn = s.team_assign = -1
        s.team_mission = [-1, -1]
        s.stack.clear()
        roles = [f"{SIDES[side]} {ROLE_NAMES[role]}" for side, role in CYCLE]
        turn = f.get_str("turn", "Rebel")
        if s.phase == "command":
            if n == 2:
                side = SIDES.index(check_str(turn, f.at("turn"), SIDES))
                passed = [
                    self.side_name(v, f"{f.at('passed')}[{i}]")
                    for i, v in enumerate(f.get_list("passed", []))
                ]
                for x in passed:
                    s.passed[x] = True
                if s.passed[side]:
                    raise f.error(
                        "passed", f"the {SIDES[side]} player, whose turn it is, has not passed"
                    )
            else:
                role = roles.index(
                    check_str(f"{turn} Admiral" if turn in SIDES else turn, f.at("turn"), roles)
                )
                side = CYCLE[role][0]
                s.team_turn = role
                for i, v in enumerate(f.get_list("passed", [])):
                    k = roles.index(check_str(v, f"{f.at('passed')}[{i}]", roles))
                    s.team_passed[k] = True
                if s.team_passed[role]:
                    raise f.error("passed", f"the {turn}, whose turn it is, has not passed")
                for x in (REBEL, IMPERIAL):
                    s.passed[x] = all(s.team_passed[i] for i, (y, _) in enumerate(CYCLE) if y == x)
            s.stack.append(CommandTurn(player=side))
            return
        if "passed" in f:
            raise f.error(
                "passed", "only in the Command Phase (the Assignment Phase follows its end)"
            )
        if s.round > 1:
            s.passed = [True, True]
            if n > 2:
                s.team_passed = [True] * 4
        if n == 2:
            side = SIDES.index(check_str(turn, f.at("turn"), SIDES))
        else:
            seats = [SEAT_NAMES[n][x] for x in ASSIGN_ORDER[n]]
            if turn in SIDES:
                turn = SEAT_NAMES[n][SEATS[n][SIDES.index(turn)][0]]
            s.team_assign = seats.index(check_str(turn, f.at("turn"), seats))
            side = SIDES.index(turn.split()[0])
        s.stack.append(AssignMission(player=side))

    def effects(self) -> None:
        s, b = self.s, self.s.board
        part = self.f.part("effects", {})
        s.yoda_round = part.get_int("yoda_round", 0, lo=0, hi=s.round)
        s.sweep_kept = part.get_int("sweep_kept_round", 0, lo=0, hi=s.round)
        s.pool_limit9 = part.get_bool("pool_limit_9", False)
        s.misdirected = self.leader_list(part, "misdirected")
        s.reassigned = self.leader_list(part, "reassigned")
        s.doomed_leaders = self.leader_list(part, "doomed")
        s.attempt_bonus = []
        for name, n, path in part.part("attempt_bonus", {}).items():
            s.attempt_bonus.append(
                (lookup(name, LEADER_IDS, "leader", path), check_int(n, path, 1, 10))
            )
        s.watched = part.get_name("watched", SYSTEM_IDS, "system", -1)
        if "public_support" in part:
            ps = part.part("public_support")
            b.unlocked = ps.get_name("leader", LEADER_IDS, "leader")
            b.unlocked_at = ps.get_name("system", LOCATION_IDS, "location")

    def leader_list(self, part: Facts, key: str) -> list[int]:
        items = part.get_list(key, [])
        return [
            lookup(v, LEADER_IDS, "leader", f"{part.at(key)}[{i}]") for i, v in enumerate(items)
        ]

    def carried(self) -> None:
        from .rules.team import ROLE_NAMES

        s = self.s
        part = self.f.part("carried", {})
        s.deployed = [0] * NUM_LOCATIONS if s.round > 1 else []
        for name, n, path in part.part("deployed", {}).items():
            if s.round == 1:
                raise PositionError(f"{path}: round 1 has had no Refresh Phase")
            s.deployed[lookup(name, LOCATION_IDS, "location", path)] = check_int(n, path, 0, 99)
        draw = part.part("objective_draw", {})
        s.objective_then = draw.get_str("then", "", choices=DRAW_THEN)
        s.objective_kept = draw.get_int("kept", 0, lo=0, hi=len(s.zones["objective_hand"]))
        from .rules.team import CYCLE

        cycle = [f"{SIDES[x]} {ROLE_NAMES[r]}" for x, r in CYCLE]
        if "team_turn" in part:
            s.team_turn = cycle.index(part.get_str("team_turn", choices=cycle))
        tm = part.part("team_mission", {})
        for p, side in enumerate(SIDES):
            name = tm.get_str(side, "", choices=("", *ROLE_NAMES))
            s.team_mission[p] = ROLE_NAMES.index(name) if name else -1
        s.rebel_setup_system = part.get_name("rebel_setup_system", SYSTEM_IDS, "system", -1)
        s.new_bunkers = []

    def ruled_out(self, base: int) -> None:
        b, f = self.s.board, self.f
        if "ruled_out" in f:
            out = self.systems("ruled_out")
            b.ruled_out = [x in out for x in range(NUM_SYSTEMS)]
            if not b.base_revealed and b.ruled_out[base]:
                raise f.error("ruled_out", "the hidden base's own system is not ruled out")
        elif not b.base_revealed and not base_reveal_due(b, base):
            rule_out_searched(b)


KNOWN_ZONES: dict[str, str] = {
    "probes.deck": "probe_deck",
    "probes.hand": "probe_hand",
    "projects.deck": "project_deck",
    "objectives.deck": "objective_deck",
    "objectives.hand": "objective_hand",
    "objectives.out": "objectives_out",
    **{f"missions.{side}.hand": f"missions{p}" for p, side in enumerate(SIDES)},
    **{f"missions.{side}.deck": f"mission_deck{p}" for p, side in enumerate(SIDES)},
    **{f"missions.{side}.assigned": f"assigned{p}" for p, side in enumerate(SIDES)},
    **{f"actions.{side}.hand": f"action_hand{p}" for p, side in enumerate(SIDES)},
    **{f"actions.{side}.deck": f"action_deck{p}" for p, side in enumerate(SIDES)},
    **{f"actions.{side}.box": f"action_box{p}" for p, side in enumerate(SIDES)},
}
"""The zones whose cards a side may know while hidden from it, by their fact path."""


def _bottom_first(cards: list[int] | None) -> list[int] | None:
    return None if cards is None else cards[::-1]


def _mission_home(card: int, p: int) -> str:
    m = MISSIONS[mission_of(card)]
    if m.project:
        return "project_deck"
    return f"missions{p}" if m.starting else f"mission_deck{p}"


def deal(s: RebellionState, sets: list[int], base: int) -> None:
    """Play the set-up to round 1's first decision, choosing the mission sets ``sets`` and
    (when it may be) the base ``base``, else each first choice: the cards it deals are the
    defaults of the facts a document leaves out."""
    for _ in range(MAX_SETUP_STEPS):
        if s.round > 0 or s.is_terminal:
            return
        top = s.stack[-1]
        legal = s.legal_actions()
        choice: Action = legal[0]
        if isinstance(top, ChooseMissionSet):
            choice = MissionSet(bool(sets[top.player]))
        elif isinstance(top, ChooseBase) and SystemChoice(base) in legal:
            choice = SystemChoice(base)
        s.apply(choice)
    raise PositionError("the set-up did not end")  # pragma: no cover - bounded by the rules


def read_position_facts(s: RebellionState, facts: Facts) -> None:
    """``RebellionState._position``: set the new state ``s`` up as ``facts`` say."""
    Reader(s, facts).read()


# ---------------------------------------------------------------- the writer
def _not_a_point(s: RebellionState) -> str:
    """Why no position starts at ``s`` ("" when one does)."""
    if len(s.stack) != 1 or not isinstance(s.stack[0], CommandTurn | AssignMission):
        return "this state is in the middle of a step"
    if s.phase not in ("command", "assignment"):
        return f"this state is in the {s.phase} phase"
    bt = s.battle
    busy = {
        "a combat": bt.active,
        "a mission": bool(s.resolving or s.roll_off or s.mission_leaders),
        "a combat after a mission": s.combat_after_mission >= 0,
        "an action card": bool(s.gains or s.card_then or s.blindside or s.failed_at >= 0),
        "an objective draw": s.objective_draws > 0,
        "a build or recruit": any(s.builds) or any(x >= 0 for x in s.recruit_card),
        "a deployment": bool(s.leaving),
        "an activation": s.board.held >= 0,
        "a team offer": s.team_declined > 0 or s.step_theater >= 0,
    }
    for what, on in busy.items():
        if on:
            return f"{what} is under way"
    for z in (
        "probe_look",
        "project_look",
        "mission_look0",
        "mission_look1",
        "action_drawn0",
        "action_drawn1",
    ):
        if s.zones[z]:
            return "cards are being looked at"
    for p in (REBEL, IMPERIAL):
        eoc = [mission_card(c) for c, _ in s.end_of_command if MISSIONS[c].side == SIDES[p]]
        if s.zones[f"missions_played{p}"] != eoc:
            return "a revealed mission is being resolved"
    return ""


def position_facts(s: RebellionState) -> dict[str, Any]:
    """``RebellionState._position_facts``: the document of ``s``, by names."""
    why = _not_a_point(s)
    if why:
        raise PositionError(f"no position starts here: {why}; {POINTS}")
    from .rules.team import ASSIGN_ORDER, CYCLE, ROLE_NAMES, SEAT_NAMES

    b = s.board
    n = s.num_players
    doc: dict[str, Any] = {}
    cycle = [f"{SIDES[x]} {ROLE_NAMES[r]}" for x, r in CYCLE]
    top = s.stack[0]
    doc["phase"] = s.phase
    if n == 2:
        doc["turn"] = SIDES[top.player]
    elif isinstance(top, CommandTurn):
        doc["turn"] = cycle[s.team_turn]
    else:
        doc["turn"] = SEAT_NAMES[n][ASSIGN_ORDER[n][s.team_assign]]
    doc["round"] = s.round
    doc["time"] = b.time
    doc["reputation"] = b.reputation
    doc["base"] = SYSTEMS[s.base].name
    doc["base_revealed"] = b.base_revealed
    _write_board(s, doc)
    if s.phase == "command":
        if n == 2:
            passed = [SIDES[p] for p in (REBEL, IMPERIAL) if s.passed[p]]
        else:
            passed = [cycle[i] for i in range(len(CYCLE)) if s.team_passed[i]]
        if passed:
            doc["passed"] = passed
    doc["mission_sets"] = {side: SET_NAMES[s.mission_set[p]] for p, side in enumerate(SIDES)}
    _write_cards(s, doc)
    _write_effects(s, doc)
    _write_carried(s, doc, cycle)
    return doc


def _write_board(s: RebellionState, doc: dict[str, Any]) -> None:
    b = s.board
    coruscant = next(i for i, x in enumerate(SYSTEMS) if x.fixed_loyalty == "Imperial")
    doc["units"] = {
        LOCATION_NAMES[loc]: {UNITS[u].name: k for u, k in enumerate(row) if k}
        for loc, row in enumerate(b.units)
        if any(row)
    }
    doc["loyalty"] = {
        SYSTEMS[x].name: SIDES[side]
        for x, side in enumerate(b.loyalty)
        if side != NONE and x != coruscant
    }
    doc["sabotage"] = [SYSTEMS[x].name for x in range(NUM_SYSTEMS) if b.sabotage[x]]
    doc["destroyed"] = [SYSTEMS[x].name for x in range(NUM_SYSTEMS) if b.destroyed[x]]
    doc["markers"] = {
        SYSTEMS[x].name: [m.name for k, m in enumerate(MARKERS) if b.markers[x] >> k & 1]
        for x in range(NUM_SYSTEMS)
        if b.markers[x]
    }
    leaders = {}
    for i, x in enumerate(LEADERS):
        st = b.leader_status[i]
        if st == MISSION:
            continue
        place = LOCATION_NAMES[b.leader_loc[i]] if st == BOARD else PLACE_OF_STATUS[st]
        if place != ("pool" if x.starting else "supply"):
            leaders[x.name] = place
    doc["leaders"] = leaders
    doc["rings"] = {
        LEADERS[i].name: RING_NAMES[RINGS[r]] for i, r in enumerate(b.rings) if r != NO_RING
    }
    if b.captured != OFF:
        doc["captured"] = LEADERS[b.captured].name
    detained = [LEADERS[i].name for i in range(len(LEADERS)) if b.detained >> i & 1]
    if detained:
        doc["detained"] = detained
    queue = {
        side: [[UNITS[u].name for u in b.queue_at(p, k)] for k in (1, 2, 3)]
        for p, side in enumerate(SIDES)
        if any(b.queue_at(p, k) for k in (1, 2, 3))
    }
    if queue:
        doc["build_queue"] = queue
    default = Board(loyalty=b.loyalty, units=b.units, base_revealed=b.base_revealed)
    if not b.base_revealed and not base_reveal_due(default, s.base):
        rule_out_searched(default)
    if default.ruled_out != b.ruled_out:
        doc["ruled_out"] = [SYSTEMS[x].name for x in range(NUM_SYSTEMS) if b.ruled_out[x]]
    for key in ("units", "loyalty", "sabotage", "destroyed", "markers", "leaders", "rings"):
        if not doc[key]:
            del doc[key]


def _write_cards(s: RebellionState, doc: dict[str, Any]) -> None:
    z = s.zones
    missions: dict[str, Any] = {}
    for p, side in enumerate(SIDES):
        missions[side] = {
            "hand": _names(z[f"missions{p}"]),
            "deck": _top_first(z[f"mission_deck{p}"]),
            "discard": _names(z[f"mission_discard{p}"]),
            "assigned": [
                {"card": card_name(c), "leaders": [LEADERS[x].name for x in ls]}
                for c, ls in zip(z[f"assigned{p}"], s.slots[p], strict=True)
            ],
        }
    doc["missions"] = missions
    if s.end_of_command:
        eoc = []
        roles = iter(s.team_eoc)
        from .rules.team import ROLE_NAMES

        for c, n in s.end_of_command:
            e: dict[str, Any] = {"card": card_name(mission_card(c)), "leaders": n}
            if s.num_players > 2:
                e["role"] = ROLE_NAMES[next(roles)]
            eoc.append(e)
        doc["end_of_command"] = eoc
    doc["projects"] = {
        "deck": _top_first(z["project_deck"]),
        "discard": _names(z["project_discard"]),
    }
    tactics: dict[str, Any] = {}
    for p, side in enumerate(SIDES):
        t: dict[str, Any] = {}
        for th in THEATERS:
            t[th] = _names(z[f"tactics_{p}_{th}"])
            t[f"{th}_discard"] = _names(z[f"tactic_discard_{p}_{th}"])
        t["removed"] = _names(z[f"tactics_removed_{p}"])
        tactics[side] = t
    doc["tactics"] = tactics
    doc["objectives"] = {
        "hand": _names(z["objective_hand"]),
        "deck": _top_first(z["objective_deck"]),
        "out": _names(z["objectives_out"]),
        "in_play": _names(z["objectives_in_play"]),
        "discard": _names(z["objective_discard"]),
    }
    actions: dict[str, Any] = {}
    for p, side in enumerate(SIDES):
        hand = z[f"action_hand{p}"]
        a: dict[str, Any] = {
            "hand": _names(hand),
            "deck": _top_first(z[f"action_deck{p}"]),
            "discard": _names(z[f"action_discard{p}"]),
            "in_play": _names(z[f"action_in_play{p}"]),
            "box": _names(z[f"action_box{p}"]),
        }
        rec = {
            card_name(c): LEADERS[x].name
            for c, x in zip(hand, s.hand_recruits[p], strict=True)
            if x >= 0
        }
        if rec:
            a["recruited"] = rec
        actions[side] = a
    doc["actions"] = actions
    doc["probes"] = {
        "deck": _top_first(z["probe_deck"]),
        "hand": _names(z["probe_hand"]),
        "out": _names(z["probes_out"]),
        "under_the_radar": _names(z["radar_probe"]),
        "secret_facility": _names(z["facility_probe"]),
        "sweep_the_area": _names(z["sweep_probe"]),
    }
    known: dict[str, Any] = {}
    for p, side in enumerate(SIDES):
        k = {
            label: _names(s.known_to(zone, p))
            for label, zone in KNOWN_ZONES.items()
            if s.known_to(zone, p)
        }
        if k:
            known[side] = k
    if known:
        doc["known"] = known


def _write_effects(s: RebellionState, doc: dict[str, Any]) -> None:
    b = s.board
    e: dict[str, Any] = {}
    if s.yoda_round:
        e["yoda_round"] = s.yoda_round
    if s.sweep_kept:
        e["sweep_kept_round"] = s.sweep_kept
    if s.pool_limit9:
        e["pool_limit_9"] = True
    for key, leaders in (
        ("misdirected", s.misdirected),
        ("reassigned", s.reassigned),
        ("doomed", s.doomed_leaders),
    ):
        if leaders:
            e[key] = [LEADERS[x].name for x in leaders]
    if s.attempt_bonus:
        e["attempt_bonus"] = {LEADERS[x].name: k for x, k in s.attempt_bonus}
    if s.watched >= 0:
        e["watched"] = SYSTEMS[s.watched].name
    if b.unlocked >= 0:
        e["public_support"] = {
            "leader": LEADERS[b.unlocked].name,
            "system": LOCATION_NAMES[b.unlocked_at],
        }
    if e:
        doc["effects"] = e


def _write_carried(s: RebellionState, doc: dict[str, Any], cycle: list[str]) -> None:
    from .rules.team import ROLE_NAMES

    c: dict[str, Any] = {}
    deployed = {LOCATION_NAMES[x]: k for x, k in enumerate(s.deployed) if k}
    if deployed:
        c["deployed"] = deployed
    draw: dict[str, Any] = {}
    if s.objective_then:
        draw["then"] = s.objective_then
    if s.objective_kept:
        draw["kept"] = s.objective_kept
    if draw:
        c["objective_draw"] = draw
    if s.phase == "assignment" and s.team_turn >= 0:
        c["team_turn"] = cycle[s.team_turn]
    tm = {SIDES[p]: ROLE_NAMES[r] for p, r in enumerate(s.team_mission) if r >= 0}
    if tm:
        c["team_mission"] = tm
    if s.rebel_setup_system >= 0:
        c["rebel_setup_system"] = SYSTEMS[s.rebel_setup_system].name
    if c:
        doc["carried"] = c


# ---------------------------------------------------------------- the keyword form
def position(**keywords: Any) -> RebellionState:
    """A state at the start of ``player``'s Command turn (or an Assignment decision): the
    keyword form of a position document, read by ``GAME.position`` (so the state has a
    record). Options: the first-game fixed set-up and mission cards, ``players`` seats.

    ``units`` maps a location ("Rebel Base" for the space) to unit counts by name;
    ``loyalty`` a system to "Rebel" or "Imperial"; ``leaders`` a leader to a location,
    "pool", "supply" or "eliminated"; ``markers`` a system to its target markers;
    ``objectives`` the objective cards in the Rebels' hand (``"Death Star Plans III"`` the
    stage III copy), or the whole ``objectives`` table; ``sabotage`` and ``destroyed``
    systems; a Rebel Base space named with the base revealed is the base's system. ``players`` 3 or 4 makes a team
    game (RR-02): the Command turn is that of ``player``'s ``role``. Every other fact of
    the document (:data:`FACTS`: ``missions``, ``actions``, ``rings``, ``captured``,
    ``build_queue``, ``known``, ``effects``...) goes in as a keyword of its own name, as
    the document writes it; for a whole document use ``GAME.position(doc)``. The
    keywords and their defaults are those of :func:`position_doc`.
    """
    from . import GAME
    from .state import RebellionState

    doc = position_doc(**keywords)
    s = GAME.position(doc)
    assert isinstance(s, RebellionState)
    return s


def position_doc(
    *,
    base: str = DEFAULT_BASE,
    base_revealed: bool = False,
    units: Mapping[str, Mapping[str, int]] | None = None,
    loyalty: Mapping[str, str] | None = None,
    leaders: Mapping[str, str] | None = None,
    markers: Mapping[str, Sequence[str]] | None = None,
    phase: str = "command",
    player: str = "Rebel",
    time: int = 1,
    reputation: int = 14,
    objectives: Sequence[str] | Mapping[str, Any] = (),
    sabotage: Sequence[str] = (),
    destroyed: Sequence[str] = (),
    seed: int = 0,
    players: int = 2,
    role: str = "Admiral",
    **facts: Any,
) -> dict[str, Any]:
    """The position document :func:`position` reads (the same keywords)."""
    doc: dict[str, Any] = {
        "game": "rebellion_rote",
        "options": {"setup": "fixed", "first_game": True, "players": players},
        "seed": seed,
        "phase": phase,
        "turn": player if players == 2 or phase != "command" else f"{player} {role}",
        "time": time,
        "reputation": reputation,
        "base": base,
        "base_revealed": base_revealed,
    }
    if units:
        moved: dict[str, dict[str, int]] = {}
        for loc, row in units.items():  # a revealed base's space is its system
            where = base if base_revealed and loc == REBEL_BASE_SPACE.name else loc
            into = moved.setdefault(where, {})
            for unit, k in row.items():
                into[unit] = into.get(unit, 0) + k
        doc["units"] = moved
    if loyalty:
        doc["loyalty"] = {k: v for k, v in loyalty.items() if v}
    if leaders:
        doc["leaders"] = {
            k: base if base_revealed and v == REBEL_BASE_SPACE.name else v
            for k, v in leaders.items()
        }
    if markers:
        doc["markers"] = {k: list(v) for k, v in markers.items()}
    if isinstance(objectives, Mapping):
        doc["objectives"] = dict(objectives)
    elif objectives:
        doc["objectives"] = {"hand": list(objectives)}
    if sabotage:
        doc["sabotage"] = list(sabotage)
    if destroyed:
        doc["destroyed"] = list(destroyed)
    doc.update(facts)
    if "mission_sets" in facts:  # a set of the document's choice: no first-game cards
        doc["options"]["first_game"] = False
    return doc
