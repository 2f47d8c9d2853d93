"""The game's facts as data: the TOML files under ``data/``, loaded once at import.

Each file carries a top-level ``source`` note (where its facts come from) and
most rows their own ``source``; :func:`load` refuses a file without one. The
definition classes are ``@attrs.frozen`` and validate every field, so a bad
row raises :class:`tabletop.CardDataError` naming the file, the row and the
field. Cross-references (a neighbour, a probe card's system, a tactic card's
unit) are checked here too.

Ids are indexes into the tables, in file order: systems 0..31 (``SYSTEMS``),
the Rebel Base space is location ``REBEL_BASE`` (32); units 0..25 (``UNITS``);
leaders 0..32 (``LEADERS``); tactic cards 0..31 (``TACTICS``); mission cards
(``MISSIONS``): the starting missions 0..7, then the project cards (``missions.toml``),
then the Imperial mission deck (``missions_imperial.toml``), then the Rebel mission deck
(``missions_rebel.toml``), then the Rise of the Empire mission cards of each side
(``missions_roe_imperial.toml``, ``missions_roe_rebel.toml``), one entry per physical copy (a row with ``copies = 3`` gives
three entries with the same name). ``MISSION_ROWS`` holds the rows themselves,
``PROJECTS`` the project rows and ``DECK_MISSIONS`` each side's deck rows (the card
reference lists those). Objective cards 0..26 (``OBJECTIVES``: the 15
of the base game, then the 12 of Rise of the Empire); target marker kinds 0..3
(``MARKERS``); action cards 0..49 (``ACTIONS``, both sides, the base game's then
Rise of the Empire's). Hot facts are flat tuples indexed by id.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from tabletop import CardDataError, load_cards, read_table

__all__ = [
    "ACTIONS",
    "ACTION_LEADERS",
    "ADJACENT",
    "ADJ_MASK",
    "BASE_TACTICS",
    "DATA_DIR",
    "DECK_MISSIONS",
    "DICE",
    "FIXED_LOYALTY",
    "FIXED_UNITS",
    "IMPERIAL",
    "LEADERS",
    "MARKERS",
    "MISSIONS",
    "MISSION_FILES",
    "MISSION_ROWS",
    "NUM_LOCATIONS",
    "NUM_SYSTEMS",
    "OBJECTIVES",
    "OBJECTIVE_CONDITIONS",
    "OBJECTIVE_EFFECTS",
    "PROBES",
    "PROJECTS",
    "REBEL",
    "REBEL_BASE",
    "REBEL_BASE_SPACE",
    "RECRUIT_DECKS",
    "RINGS",
    "SHAPES",
    "SIDES",
    "SOURCES",
    "STARTING_MISSIONS",
    "STARTING_UNITS",
    "SYSTEMS",
    "TACTICS",
    "TIME_TRACK",
    "UNITS",
    "Ability",
    "ActionDef",
    "Die",
    "Effect",
    "FixedLoyalty",
    "FixedUnit",
    "LeaderDef",
    "MarkerDef",
    "MissionDef",
    "ObjectiveDef",
    "ProbeCard",
    "RebelBaseSpace",
    "StartingUnit",
    "SystemDef",
    "TacticCard",
    "TimeSpace",
    "TimeTrack",
    "UnitDef",
    "action_id",
    "leader_id",
    "load",
    "load_actions",
    "marker_id",
    "objective_id",
    "system_id",
    "unit_id",
]

DATA_DIR = Path(__file__).parent / "data"

REBEL = 0
IMPERIAL = 1
SIDES = ("Rebel", "Imperial")

ICONS = (
    "ground_triangle",
    "ground_circle",
    "ground_square",
    "space_triangle",
    "space_circle",
    "space_square",
)
THEATERS = ("space", "ground")
UNIT_KINDS = ("fighter", "capital", "station", "trooper", "structure")
COLOURS = ("red", "black")
SKILLS = ("diplomacy", "intel", "spec_ops", "logistics")
RINGS = ("carbonite", "lure", "yoda", "c3po", "r2d2", "falcon", "k2so", "bounty")
"""The attachment rings besides the captured ring (research-2 §4.2): Frozen in Carbonite,
Lure of the Dark Side, Master Yoda, C-3PO, R2-D2, Millennium Falcon, K-2SO, Bounty.
Each ring's effect is on the card that attaches it."""
ACTION_TIMINGS = ("", "Assignment", "Start of Combat", "Immediate", "Special")
FACES = ("hit", "direct_hit", "special", "blank")

TACTIC_EFFECTS = (
    "damage",
    "destroy",
    "prevent",
    "gain_unit",
    "cancel",
    "extra_card",
    "deny_card",
    "no_repair",
    "no_repair_target",
    "opponent_first",
    "remove_damage",
    "move_damage",
    "capture_leader",
    "ground_battle",
    "retreat_now",
    "rescue_or_remove_marker",
    "mark_elimination",
    "eliminate_this_card",
)
TACTIC_CONDITIONS = (
    "",
    "more_fighters",
    "no_enemy_shield_generator",
    "round_end_opponent_no_ships",
    "after_opponent_assigns",
    "if_retreated",
    "any_retreat",
    "last_enemy_ground_destroyed",
)
TARGET_WORDS = ("capital", "fighter", "ship", "ground", "structure", "triangle")
MISSION_EFFECTS = (
    "combat",
    "capture_leader",
    "draw_probes_per_base_units",
    "draw_projects_keep_one",
    "remove_sabotage_draw_project",
    "gain_loyalty",
    "objectives_top_and_bottom",
    "move_units_to_base",
    "relocate_base",
    "place_sabotage",
    "remove_sabotage",
    "build_from_icons",
    "construct_death_star",
    "queue_unit",
    "deploy_from_queue",
    "destroy_system",
    "gain_loyalty_in_region",
    "reveal_base_here",
    "destroy_rebel_ground",
    "remove_target_markers",
    # the Imperial mission deck (rules/imperial_missions.py)
    "carbonite",
    "lure",
    "reveal_objective_hand",
    "bottom_objective_from_hand",
    "name_base_systems",
    "say_base_here",
    "rescue_to_base_region",
    "intercept_probes",
    "draw_probes",
    "draw_projects",
    "advance_queue",
    "loyalty_in_region_systems",
    "neutralize_region",
    "detain",
    "move_to_closest_imperial",
    "destroy_rebel_units_by_health",
    "conquest_move",
    "combat_if_rebel_ground",
    # the Rebel mission deck (rules/rebel_missions.py)
    "gain_unit_at_base",
    "gain_unit",
    "gain_circle_units",
    "gain_triangle_units",
    "reassign_starting_mission",
    "attempt_bonus",
    "misdirect",
    "move_from_base",
    "move_ships_from_base",
    "move_ground_from_base",
    "combat_if_enemy_ground",
    "destroy_units",
    "destroy_queued_by_icons",
    "destroy_queued_health",
    "rescue_captured",
    "rescue_captured_follow",
    "plant_false_lead",
    "attach_yoda_ring",
    "luke_becomes_jedi",
    "draw_objectives",
    "draw_objectives_keep_one",
    "reorder_objectives",
    # the Rise of the Empire mission cards (rules/roe_missions.py, roe_imperial_missions.py,
    # roe_rebel_missions.py)
    "leaders_to_pool",
    "recruit_here",
    "return_to_hand",
    "join_opposition",
    "eliminate_target",
    "place_card_marker",
    "draw_out_leader",
    "discredit",
    "gain_triangle_ground",
    "discard_from_mission_hand",
    "bait",
    "objective_to_top",
    "ask_base_region",
    "deploy_space_one",
    "leaders_to_coruscant",
    "rescue_captive",
    "destroy_triangle_ground",
    "remove_marker_here",
    "draw_top_objective",
    "recover_tactics",
    "search_missions",
    "deploy_rebel_queue",
    "loyalty_elsewhere_in_region",
    "mission_from_discard",
    "destroy_stormtroopers_by_margin",
    "destroy_ground_by_margin",
)
MISSION_WHERE = (
    "any",
    "populous",
    "rebel_system",
    "imperial_loyalty",
    "imperial_unit",
    "populous_imperial_unit",
    "rebel_base_space",
    "imperial_system",
    "remote",
    "death_star",
    # the Imperial mission deck (rules/imperial_missions.py)
    "star_destroyer",
    "death_star_or_destroyer",
    "captured_ring",
    # the Rebel mission deck (rules/rebel_missions.py)
    "subjugated",
    "imperial_ship",
    "no_imperial_unit",
    "no_sabotage",
    "captured_leader",
    # the Rise of the Empire mission cards
    "captive_system",
    "no_rebel_loyalty",
    "sabotaged",
    "imperial_might",
    "rebel_no_imperial",
    "subjugated_or_rebel",
)


# ---------------------------------------------------------------- validators
def _one_of(choices: Sequence[str]):  # type: ignore[no-untyped-def]
    def check(_: object, attr: attrs.Attribute[str], value: str) -> None:
        if value not in choices:
            raise ValueError(
                f"{attr.name}: {value!r} is not one of {', '.join(map(repr, choices))}"
            )

    return check


def _each_of(choices: Sequence[str]):  # type: ignore[no-untyped-def]
    def check(_: object, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
        for v in value:
            if v not in choices:
                raise ValueError(f"{attr.name}: {v!r} is not one of {', '.join(choices)}")

    return check


def _between(lo: int, hi: int):  # type: ignore[no-untyped-def]
    def check(_: object, attr: attrs.Attribute[int], value: int) -> None:
        if not lo <= value <= hi:
            raise ValueError(f"{attr.name} must be {lo}..{hi}, got {value}")

    return check


_side = _one_of(SIDES)
ROLES = ("admiral", "general")
"""The two roles of a team (RR-02): Admiral (blue) and General (orange)."""


# ---------------------------------------------------------------- definitions
@attrs.frozen(kw_only=True)
class SystemDef:
    """A system of the board. ``icons`` left to right; ``build`` 0 for remote."""

    name: str
    region: int = attrs.field(validator=_between(1, 8))
    icons: tuple[str, ...] = attrs.field(validator=_each_of(ICONS))
    build: int = attrs.field(validator=_between(0, 3))
    remote: bool
    fixed_loyalty: str = attrs.field(default="", validator=_one_of(("", *SIDES)))
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if self.remote and (self.icons or self.build):
            raise ValueError("a remote system has no resource icons and no build number")
        if not self.remote and not 1 <= self.build <= 3:
            raise ValueError("a populous system has a build number 1..3")

    @property
    def populous(self) -> bool:
        return not self.remote


@attrs.frozen(kw_only=True)
class RebelBaseSpace:
    """The Rebel Base space: builds like a system, but is not one."""

    name: str
    icons: tuple[str, ...] = attrs.field(validator=_each_of(ICONS))
    build: int = attrs.field(validator=_between(1, 3))
    source: str = ""


@attrs.frozen(kw_only=True)
class Link:
    system: str
    neighbours: tuple[str, ...]


@attrs.frozen(kw_only=True)
class UnitDef:
    """A unit type. See ``data/units.toml`` for the meaning of each field."""

    name: str
    side: str = attrs.field(validator=_side)
    theater: str = attrs.field(validator=_one_of(THEATERS))
    kind: str = attrs.field(validator=_one_of(UNIT_KINDS))
    attack_black: int = attrs.field(default=0, validator=_between(0, 5))
    attack_red: int = attrs.field(default=0, validator=_between(0, 5))
    attack_green: int = attrs.field(default=0, validator=_between(0, 3))
    health: int = attrs.field(validator=_between(0, 10))
    health_colour: str = attrs.field(validator=_one_of(("", *COLOURS)))
    capacity: int = attrs.field(default=0, validator=_between(0, 10))
    build_icon: str = attrs.field(validator=_one_of(("", *ICONS)))
    supply: int = attrs.field(validator=_between(1, 40))
    needs_transport: bool = False
    immobile: bool = False
    expansion: bool
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if (self.health == 0) != (self.health_colour == ""):
            raise ValueError("health_colour is given exactly when health is not 0")
        if self.kind == "structure" and not self.immobile:
            raise ValueError("a structure is immobile")
        if self.kind in ("structure", "trooper") and self.theater != "ground":
            raise ValueError(f"a {self.kind} is a ground unit")
        if self.kind in ("fighter", "capital", "station") and self.theater != "space":
            raise ValueError(f"a {self.kind} is a space unit")
        if self.build_icon and not self.build_icon.startswith(self.theater):
            raise ValueError("build_icon must be of the unit's theater")

    @property
    def structure(self) -> bool:
        """Every immobile ground unit is a structure (ROTE)."""
        return self.immobile and self.theater == "ground"

    @property
    def is_ship(self) -> bool:
        return self.theater == "space"

    @property
    def triangle(self) -> bool:
        return self.build_icon.endswith("triangle")


@attrs.frozen(kw_only=True)
class LeaderDef:
    """A leader: skill icons, minor skill icons (green dice), tactic values."""

    name: str
    side: str = attrs.field(validator=_side)
    diplomacy: int = attrs.field(default=0, validator=_between(0, 4))
    intel: int = attrs.field(default=0, validator=_between(0, 4))
    spec_ops: int = attrs.field(default=0, validator=_between(0, 4))
    logistics: int = attrs.field(default=0, validator=_between(0, 4))
    minor_diplomacy: int = attrs.field(default=0, validator=_between(0, 3))
    minor_intel: int = attrs.field(default=0, validator=_between(0, 3))
    minor_spec_ops: int = attrs.field(default=0, validator=_between(0, 3))
    minor_logistics: int = attrs.field(default=0, validator=_between(0, 3))
    space: int = attrs.field(validator=_between(0, 3))
    ground: int = attrs.field(validator=_between(0, 3))
    starting: bool
    recruit: bool
    expansion: bool
    role: str = attrs.field(validator=_one_of(ROLES))
    """The team game's colour (RR-02, research-2 §1.8): "admiral" (blue) or "general"
    (orange); the seat of that role decides for the leader (:mod:`.rules.team`)."""
    form_of: str = ""
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if self.starting and self.recruit:
            raise ValueError("a starting leader has no recruit icon")

    @property
    def can_activate(self) -> bool:
        """A leader with no tactic values cannot activate a system (research §4.3)."""
        return self.space > 0 or self.ground > 0

    def skill(self, name: str) -> int:
        """Icons of ``name`` toward a requirement: major plus minor (ROTE)."""
        return int(getattr(self, name)) + int(getattr(self, "minor_" + name))


@attrs.frozen(kw_only=True)
class ProbeCard:
    system: str
    icon: str = attrs.field(validator=_one_of(("", *SIDES)))

    @property
    def name(self) -> str:
        return self.system


@attrs.frozen(kw_only=True)
class Die:
    name: str = attrs.field(validator=_one_of(("red", "black", "green")))
    faces: tuple[str, ...] = attrs.field(validator=_each_of(FACES))
    combat_cap: int = attrs.field(validator=_between(1, 10))
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if len(self.faces) != 6:
            raise ValueError(f"a die has 6 faces, got {len(self.faces)}")


@attrs.frozen(kw_only=True)
class TimeSpace:
    number: int = attrs.field(validator=_between(1, 16))
    recruit: bool
    build: bool


@attrs.frozen(kw_only=True)
class TimeTrack:
    spaces: tuple[TimeSpace, ...]
    time_start: int
    reputation_start: int
    source: str

    @property
    def length(self) -> int:
        return len(self.spaces)


def _check_targets(
    _: object, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]
) -> None:
    unit_names = {u.name for u in _UNITS_FOR_CHECK}
    for t in value:
        name = t.removeprefix("not:")
        if name not in TARGET_WORDS and name not in unit_names:
            raise ValueError(
                f"{attr.name}: {t!r} is neither a target word ({', '.join(TARGET_WORDS)}) nor a unit"
            )


@attrs.frozen(kw_only=True)
class Effect:
    """One effect of an ability, as data the rules execute (see ``data/tactics.toml``)."""

    kind: str = attrs.field(validator=_one_of(TACTIC_EFFECTS))
    amount: int = attrs.field(default=0, validator=_between(0, 10))
    colour: str = attrs.field(default="", validator=_one_of(("", *COLOURS)))
    icon: str = attrs.field(default="", validator=_one_of(("", "hit", "direct_hit", "special")))
    targets: tuple[str, ...] = attrs.field(default=(), validator=_check_targets)
    one_unit: bool = False
    condition: str = attrs.field(default="", validator=_one_of(TACTIC_CONDITIONS))


@attrs.frozen(kw_only=True)
class Ability:
    text: str
    effects: tuple[Effect, ...]
    requires: str = ""


@attrs.frozen(kw_only=True)
class BaseTacticCard:
    """A tactic card of the base game (``data/base_tactics.toml``). Rise of the Empire
    removes them all (RR-01): data for the docs only, the space deck as RR-14 rules."""

    name: str
    theater: str = attrs.field(validator=_one_of(("space", "ground")))
    copies: int = attrs.field(validator=_between(1, 3))
    special: bool = attrs.field(
        default=False, metadata={"help": "playing it also spends a die showing a special"}
    )
    text: str
    source: str = ""


@attrs.frozen(kw_only=True)
class TacticCard:
    """An advanced tactic card: the player resolves its top or bottom ability."""

    name: str
    side: str = attrs.field(validator=_side)
    theater: str = attrs.field(validator=_one_of(THEATERS))
    top: Ability
    bottom: Ability
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if self.bottom.requires:
            raise ValueError("only the top ability of a tactic card names a unit")
        if self.top.requires and self.top.requires not in {u.name for u in _UNITS_FOR_CHECK}:
            raise ValueError(f"top.requires: {self.top.requires!r} is not a unit")


def _unit_name(_: object, attr: attrs.Attribute[str], value: str) -> None:
    if value and value not in {u.name for u in _UNITS_FOR_CHECK}:
        raise ValueError(f"{attr.name}: {value!r} is not a unit")


def _each_unit(_: object, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
    names = {u.name for u in _UNITS_FOR_CHECK}
    for v in value:
        if v not in names:
            raise ValueError(f"{attr.name}: {v!r} is not a unit")


@attrs.frozen(kw_only=True)
class MissionEffect:
    """One effect of a mission card. ``unit`` names the unit it places; ``two_leaders``
    is the amount when two leaders were assigned to the card (0: ``amount`` still)."""

    kind: str = attrs.field(validator=_one_of(MISSION_EFFECTS))
    amount: int = attrs.field(default=0, validator=_between(0, 10))
    unit: str = attrs.field(default="", validator=_unit_name)
    two_leaders: int = attrs.field(default=0, validator=_between(0, 10))
    portrait: int = attrs.field(default=0, validator=_between(0, 10))
    """The amount when the card's portrait leader is assigned to it (0: ``amount`` still)."""
    portrait_only: bool = False
    """The effect happens only when the card's portrait leader is assigned to it."""
    units: tuple[str, ...] = attrs.field(default=(), validator=_each_unit)
    """Figures the effect acts on, one entry per figure (Planetary Conquest's move)."""
    leaders: tuple[str, ...] = ()
    """Leaders the effect may pick, by name (the Rise of the Empire missions that recruit)."""
    two_leaders_only: bool = False
    """The effect happens only when two leaders were assigned to the card (Imperial Might)."""

    def amount_for(self, leaders: int, portrait: bool = False) -> int:
        if portrait and self.portrait:
            return self.portrait
        return self.two_leaders if self.two_leaders and leaders >= 2 else self.amount


@attrs.frozen(kw_only=True)
class MissionDef:
    """A mission card: a starting mission or a project card. See ``data/missions.toml``."""

    name: str
    side: str = attrs.field(validator=_side)
    skill: str = attrs.field(validator=_one_of(SKILLS))
    requirement: int = attrs.field(validator=_between(1, 4))
    mode: str = attrs.field(validator=_one_of(("attempt", "resolve")))
    where: str = attrs.field(validator=_one_of(MISSION_WHERE))
    text: str
    effects: tuple[MissionEffect, ...]
    against_leader: bool = False
    timing: str = attrs.field(default="", validator=_one_of(("", "end_of_command", "opposing")))
    """"" (resolved when revealed), "end_of_command" (at the end of the Command Phase) or
    "opposing" (never attempted: revealed when the opponent attempts a mission, Subversion)."""
    choice: bool = False
    bonus_dice_if_own_units: int = attrs.field(default=0, validator=_between(0, 4))
    starting: bool = True
    project: bool = False
    copies: int = attrs.field(default=1, validator=_between(1, 3))
    no_rebel_units: bool = False
    not_destroyed: bool = False
    needs_icon: str = attrs.field(default="", validator=_one_of(("", *ICONS)))
    against_captured: bool = False
    """Attempted against the captured Rebel leader, in its system (research §4.4 step 2)."""
    count_all: bool = False
    """An attempt that counts all skill icons: each side rolls one die per icon of any skill
    (research §4.4 step 5), not only the card's."""
    system: str = ""
    """The one system the card is played in, by name ("" = any system its ``where`` allows)."""
    portrait: str = ""
    """The leader pictured on the card (the leader icon, ROTE "Choosing Mission Sets"):
    assigned to it, that leader gives an attempt 2 more successes, or a resolve card its
    extra effect (research §4.4 step 5)."""
    portrait_successes: int = attrs.field(default=0, validator=_between(0, 4))
    """Successes the portrait leader adds to an attempt when assigned (the card says)."""
    expansion: bool = False
    """A Rise of the Empire card with the Darth Vader icon (the Rise of the Empire set)."""
    box: str = attrs.field(default="base", validator=_one_of(("base", "roe")))
    """The box the card comes in: the base game or Rise of the Empire (a Rise of the Empire
    card may have a leader icon, the Darth Vader icon or no icon)."""
    on_failure: tuple[MissionEffect, ...] = ()
    """What a failed attempt does (the card's "if the mission fails" text)."""
    roll_unopposed: bool = False
    """An attempt whose side rolls even when unopposed (it still succeeds then, FAQ): its
    effect counts the margin of successes."""
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if self.project and (self.starting or self.side != "Imperial"):
            raise ValueError("a project card is an Imperial card and not a starting mission")
        if self.copies > 1 and self.starting:
            raise ValueError("a starting mission has one copy")
        if self.portrait_successes and (not self.portrait or self.mode != "attempt"):
            raise ValueError("portrait_successes: only an attempt card with a portrait has them")
        if any(e.portrait or e.portrait_only for e in self.effects) and not self.portrait:
            raise ValueError("effects: a portrait amount needs a portrait leader on the card")
        if self.against_captured and self.against_leader:
            raise ValueError("against_captured and against_leader exclude each other")
        if self.count_all and self.mode != "attempt":
            raise ValueError("count_all: only an attempt rolls dice")
        if not self.effects:
            raise ValueError("effects: a mission card does something on success")
        if (self.on_failure or self.roll_unopposed) and self.mode != "attempt":
            raise ValueError("on_failure, roll_unopposed: only an attempt can fail or roll")
        if self.expansion and (self.portrait or self.box != "roe"):
            raise ValueError("expansion: the Darth Vader icon is on Rise of the Empire cards only")
        if self.timing == "opposing" and self.mode != "resolve":
            raise ValueError("timing 'opposing': the card is never attempted (mode resolve)")

    @property
    def mission_set(self) -> str:
        """Which mission set uses the card (ROTE "Choosing Mission Sets"): "always"
        (starting missions, projects and leader-icon cards), "roe" (the Darth Vader icon)
        or "base" (no icon)."""
        if self.starting or self.project or self.portrait:
            return "always"
        return "roe" if self.expansion else "base"

    @property
    def deck(self) -> bool:
        """A card of the mission deck (not a starting mission, not a project)."""
        return not self.starting and not self.project


@attrs.frozen(kw_only=True)
class ActionDef:
    """An action card (``data/actions.toml``): a starting card or a recruit card.

    ``leaders`` are the leaders pictured (those a recruit card can recruit);
    ``replaces`` names the base card a Rise of the Empire replacement takes the
    place of (the same name). ``text`` is the ability's gist, in our own words.
    """

    name: str
    side: str = attrs.field(validator=_side)
    expansion: bool
    starting: bool
    leaders: tuple[str, ...] = ()
    timing: str = attrs.field(default="", validator=_one_of(ACTION_TIMINGS))
    replaces: str = ""
    text: str
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.starting and not self.leaders:
            raise ValueError("a recruit card (starting = false) pictures at least one leader")
        if len(set(self.leaders)) != len(self.leaders):
            raise ValueError("leaders: a leader is pictured twice")
        if self.replaces and not self.expansion:
            raise ValueError("replaces: only a Rise of the Empire card replaces a base card")


OBJECTIVE_TIMINGS = ("combat", "refresh", "immediate")
REPUTATION_PER = ("", "destroyed_system", "marker_removed", "refresh")
OBJECTIVE_CONDITIONS = (
    "imperial_ground_health_destroyed",
    "imperial_ship_health_destroyed",
    "star_destroyer_destroyed",
    "ground_battle_won_subjugated",
    "battle_won_with_vader_or_emperor",
    "space_and_ground_battles_won",
    "battle_won_sabotaged",
    "battle_won_started_resource_icon",
    "death_star_plans",
    "imperial_systems_sabotaged_or_held",
    "rebel_systems_with_units",
    "region_all_rebel",
    "held_by_rebels_alone",
    "no_captured_leader",
    "rebel_systems",
    "systems_with_units",
    "destroyed_systems",
    "structures_in_one_system",
    "rebel_systems_in_region_of",
    "rebel_units_in_or_next_to",
    "other_objectives_in_hand",
    "imperial_queue_shapes",
    "when_drawn",
    "always",
)
"""The condition of each objective card (``condition`` in ``data/objectives.toml``); the
rules give each its function (:mod:`.rules.objective_play`)."""
OBJECTIVE_EFFECTS = (
    "",
    "death_star_plans_roll",
    "eliminate_imperial_leader_if_luke_jedi",
    "may_remove_sabotage",
    "discard_other_objectives",
    "destroy_queued_units",
    "empire_places_markers_remote",
    "marker_in_rebel_system",
    "marker_in_base_system",
)
"""What an objective does besides its reputation (``effect``)."""
SHAPES = ("triangle", "circle", "square")
"""The shapes of the resource icons (a unit's build icon without its theater)."""


@attrs.frozen(kw_only=True)
class ObjectiveDef:
    """A Rebel objective card. See ``data/objectives.toml`` for each field."""

    name: str
    stage: int = attrs.field(
        validator=_between(1, 3), metadata={"help": "the number on the card back (I, II, III)"}
    )
    reputation: int = attrs.field(
        validator=_between(0, 3),
        metadata={"help": "spaces the reputation marker moves toward time, per reputation_per"},
    )
    reputation_per: str = attrs.field(
        default="",
        validator=_one_of(REPUTATION_PER),
        metadata={
            "help": "empty: once, when played; destroyed_system: per destroyed system; "
            "marker_removed: each time the Rebels remove one of its markers; refresh: at "
            "the start of each later Refresh Phase while its marker is on the board (RR-34)"
        },
    )
    timing: str = attrs.field(
        validator=_one_of(OBJECTIVE_TIMINGS),
        metadata={
            "help": "combat: in a combat; refresh: just before Refresh step 1; "
            "immediate: resolved when drawn"
        },
    )
    markers: int = attrs.field(
        default=0, validator=_between(0, 2), metadata={"help": "target markers it places"}
    )
    condition: str = attrs.field(
        validator=_one_of(OBJECTIVE_CONDITIONS),
        metadata={"help": "the condition that makes the card playable (its rules function)"},
    )
    amount: int = attrs.field(
        default=0,
        validator=_between(0, 9),
        metadata={"help": "the number the condition counts to (at least this many)"},
    )
    system: str = attrs.field(
        default="", metadata={"help": "the system the condition names (its region, or it)"}
    )
    shapes: tuple[str, ...] = attrs.field(
        default=(),
        validator=_each_of(SHAPES),
        metadata={"help": "A Time for Peace: the icon shape of each unit it destroys"},
    )
    effect: str = attrs.field(
        default="",
        validator=_one_of(OBJECTIVE_EFFECTS),
        metadata={"help": "what the card does besides its reputation"},
    )
    expansion: bool = attrs.field(metadata={"help": "a Rise of the Empire card"})
    text: str
    source: str = ""

    def __attrs_post_init__(self) -> None:
        if (self.timing == "immediate") != (self.condition == "when_drawn"):
            raise ValueError("condition: 'when_drawn' is the condition of the immediate cards")
        if self.timing == "immediate" and not self.markers:
            raise ValueError("an immediate objective places target markers")
        if self.reputation_per in ("marker_removed", "refresh") and not self.markers:
            raise ValueError(f"reputation_per {self.reputation_per!r} needs a target marker")


@attrs.frozen(kw_only=True)
class MarkerDef:
    """A kind of target marker: how many are in the box and the card that places them."""

    name: str
    count: int = attrs.field(validator=_between(1, 5))
    card: str
    card_type: str = attrs.field(validator=_one_of(("objective", "mission")))
    source: str = ""


# ---------------------------------------------------------------- loading
T = TypeVar("T")
SOURCES: dict[str, str] = {}


def _file_source(path: Path) -> str:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    src = data.get("source")
    if not isinstance(src, str) or not src.strip():
        raise CardDataError(f"{path.name}: every data file needs a top-level 'source' note")
    SOURCES[path.name] = src
    return src


def load(
    file: str, key: str, cls: type[T], directory: Path | None = None, allow_empty: bool = False
) -> list[T]:
    """The ``[[key]]`` rows of ``data/<file>`` as ``cls`` instances.

    Raises :class:`CardDataError` naming the file, the row and the field, or
    when the file has no top-level ``source`` note or (unless ``allow_empty``) no rows.
    """
    path = (directory or DATA_DIR) / file
    if allow_empty:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if key not in data:
            _file_source(path)
            return []
    rows = read_table(path, key)
    _file_source(path)
    if not rows:
        raise CardDataError(f"{file}: no [[{key}]] rows")
    return load_cards(rows, cls, f"{file}:{key}")


def _unique(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise CardDataError(f"{what}: {n!r} appears twice")
        seen.add(n)


def _load_time_track(directory: Path | None = None) -> TimeTrack:
    path = (directory or DATA_DIR) / "time_track.toml"
    src = _file_source(path)
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    spaces = load(path.name, "space", TimeSpace, directory)
    if [s.number for s in spaces] != list(range(1, len(spaces) + 1)):
        raise CardDataError("time_track.toml: spaces must be numbered 1, 2, 3, ... in order")
    for key in ("time_start", "reputation_start"):
        v = data.get(key)
        if not isinstance(v, int) or not 1 <= v <= len(spaces):
            raise CardDataError(f"time_track.toml: {key} must be a space 1..{len(spaces)}")
    return TimeTrack(
        spaces=tuple(spaces),
        time_start=data["time_start"],
        reputation_start=data["reputation_start"],
        source=src,
    )


def load_adjacency(
    systems: Sequence[SystemDef], directory: Path | None = None
) -> tuple[tuple[int, ...], ...]:
    """Neighbour ids per system; every name must be a system and every link symmetric."""
    index = {s.name: i for i, s in enumerate(systems)}
    links = load("adjacency.toml", "link", Link, directory)
    out: list[set[int]] = [set() for _ in systems]
    listed: set[str] = set()
    for row, link in enumerate(links):
        where = f"adjacency.toml:link[{row}] ({link.system})"
        if link.system not in index:
            raise CardDataError(f"{where}: {link.system!r} is not a system")
        if link.system in listed:
            raise CardDataError(f"{where}: the system is listed twice")
        listed.add(link.system)
        for n in link.neighbours:
            if n not in index:
                raise CardDataError(f"{where}: neighbour {n!r} is not a system")
            if n == link.system:
                raise CardDataError(f"{where}: a system is not its own neighbour")
            out[index[link.system]].add(index[n])
    for a, ns in enumerate(out):
        for b in ns:
            if a not in out[b]:
                raise CardDataError(
                    f"adjacency.toml: {systems[a].name} lists {systems[b].name} but not the other way round"
                )
    return tuple(tuple(sorted(ns)) for ns in out)


# Units are loaded first: tactic cards refer to them by name.
_UNITS_FOR_CHECK: tuple[UnitDef, ...] = ()
UNITS: tuple[UnitDef, ...] = tuple(load("units.toml", "unit", UnitDef))
_unique([u.name for u in UNITS], "units.toml")
_UNITS_FOR_CHECK = UNITS

SYSTEMS: tuple[SystemDef, ...] = tuple(load("systems.toml", "system", SystemDef))
_unique([s.name for s in SYSTEMS], "systems.toml")
REBEL_BASE_SPACE: RebelBaseSpace = load("systems.toml", "rebel_base", RebelBaseSpace)[0]
NUM_SYSTEMS = len(SYSTEMS)
REBEL_BASE = NUM_SYSTEMS
"""The location id of the Rebel Base space (after the systems)."""
NUM_LOCATIONS = NUM_SYSTEMS + 1

ADJACENT: tuple[tuple[int, ...], ...] = load_adjacency(SYSTEMS)
ADJ_MASK: tuple[int, ...] = tuple(sum(1 << b for b in ns) for ns in ADJACENT)
"""Neighbours of each system as a bit mask (bit ``b`` set: adjacent to system ``b``)."""

LEADERS: tuple[LeaderDef, ...] = tuple(load("leaders.toml", "leader", LeaderDef))
_unique([x.name for x in LEADERS], "leaders.toml")
for _l in LEADERS:
    if _l.form_of and _l.form_of not in {x.name for x in LEADERS}:
        raise CardDataError(f"leaders.toml ({_l.name}): form_of {_l.form_of!r} is not a leader")

PROBES: tuple[ProbeCard, ...] = tuple(load("probes.toml", "probe", ProbeCard))
_unique([p.system for p in PROBES], "probes.toml")
for _p in PROBES:
    if _p.system not in {s.name for s in SYSTEMS}:
        raise CardDataError(f"probes.toml ({_p.system}): not a system")

DICE: tuple[Die, ...] = tuple(load("dice.toml", "die", Die))
TIME_TRACK: TimeTrack = _load_time_track()
TACTICS: tuple[TacticCard, ...] = tuple(load("tactics.toml", "card", TacticCard))
_unique([t.name for t in TACTICS], "tactics.toml")
BASE_TACTICS: tuple[BaseTacticCard, ...] = tuple(load("base_tactics.toml", "card", BaseTacticCard))
"""The base game's tactic cards: never dealt (RR-01), listed in the docs (RR-14)."""
MISSION_FILES = (
    "missions.toml",
    "missions_imperial.toml",
    "missions_rebel.toml",
    "missions_roe_imperial.toml",
    "missions_roe_rebel.toml",
)
"""The starting missions and projects, then each side's base-game mission deck, then each
side's Rise of the Empire mission cards (card ids in this order)."""
MISSION_ROWS: tuple[MissionDef, ...] = tuple(
    m
    for f in MISSION_FILES
    for m in load(f, "mission", MissionDef, allow_empty=f != MISSION_FILES[0])
)


def check_missions(rows: Sequence[MissionDef]) -> None:
    """Facts of the mission rows that name other tables: a portrait is a leader of the
    card's side, so is a leader an effect names, a named system is a system; a name is
    used once in a mission set (Subversion has a base-set and a Rise of the Empire card)."""
    _unique([f"{m.name} ({m.side}, {m.mission_set})" for m in rows], "missions*.toml")
    leaders = {x.name: x.side for x in LEADERS}
    systems = {x.name for x in SYSTEMS}
    for m in rows:
        if m.portrait and leaders.get(m.portrait) != m.side:
            raise CardDataError(
                f"missions ({m.name}): portrait {m.portrait!r} is not a {m.side} leader"
            )
        for e in (*m.effects, *m.on_failure):
            for x in e.leaders:
                if leaders.get(x) != m.side:
                    raise CardDataError(
                        f"missions ({m.name}): effects.leaders {x!r} is not a {m.side} leader"
                    )
        if m.system and m.system not in systems:
            raise CardDataError(f"missions ({m.name}): system {m.system!r} is not a system")


check_missions(MISSION_ROWS)
MISSIONS: tuple[MissionDef, ...] = tuple(m for m in MISSION_ROWS for _ in range(m.copies))
"""Every mission card, one entry per copy: card id ``MISSION_BASE + i`` is ``MISSIONS[i]``."""
STARTING_MISSIONS: tuple[MissionDef, ...] = tuple(m for m in MISSION_ROWS if m.starting)
DECK_MISSIONS: tuple[tuple[MissionDef, ...], tuple[MissionDef, ...]] = tuple(  # type: ignore[assignment]
    tuple(m for m in MISSION_ROWS if m.deck and m.side == SIDES[p]) for p in (REBEL, IMPERIAL)
)
"""Each side's mission-deck cards (one row per card name; ``copies`` says how many)."""
PROJECTS: tuple[MissionDef, ...] = tuple(m for m in MISSION_ROWS if m.project)

OBJECTIVES: tuple[ObjectiveDef, ...] = tuple(load("objectives.toml", "objective", ObjectiveDef))
_unique([f"{o.name} (stage {o.stage})" for o in OBJECTIVES], "objectives.toml")
MARKERS: tuple[MarkerDef, ...] = tuple(load("markers.toml", "marker", MarkerDef))
_unique([m.name for m in MARKERS], "markers.toml")


def check_markers(objectives: Sequence[ObjectiveDef], markers: Sequence[MarkerDef]) -> None:
    """Every objective that places markers has its kind, with as many in the box; every
    kind names its card (an objective, or a Rise of the Empire mission not loaded yet)."""
    by_card = {m.card: m for m in markers}
    names = {o.name for o in objectives}
    for m in markers:
        if m.card_type == "objective" and m.card not in names:
            raise CardDataError(f"markers.toml ({m.name}): card {m.card!r} is not an objective")
    for o in objectives:
        kind = by_card.get(o.name)
        if o.markers and (kind is None or kind.card_type != "objective"):
            raise CardDataError(f"objectives.toml ({o.name}): no target marker names this card")
        if kind is not None and kind.card_type == "objective" and kind.count != o.markers:
            raise CardDataError(
                f"objectives.toml ({o.name}): places {o.markers} markers, the box has {kind.count}"
            )


check_markers(OBJECTIVES, MARKERS)


def check_objectives(objectives: Sequence[ObjectiveDef], systems: Sequence[SystemDef]) -> None:
    """A system an objective names is a system of the board."""
    names = {x.name for x in systems}
    for i, o in enumerate(objectives):
        if o.system and o.system not in names:
            raise CardDataError(
                f"objectives.toml:objective[{i}] ({o.name}): system {o.system!r} is not a system"
            )


check_objectives(OBJECTIVES, SYSTEMS)

_SYSTEM_IDS = {s.name: i for i, s in enumerate(SYSTEMS)}
_UNIT_IDS = {u.name: i for i, u in enumerate(UNITS)}
_LEADER_IDS = {x.name: i for i, x in enumerate(LEADERS)}


def system_id(name: str) -> int:
    """The id of a system by name; ``"Rebel Base"`` is the Rebel Base space."""
    if name == REBEL_BASE_SPACE.name:
        return REBEL_BASE
    try:
        return _SYSTEM_IDS[name]
    except KeyError:
        raise KeyError(f"no system {name!r}") from None


def unit_id(name: str) -> int:
    try:
        return _UNIT_IDS[name]
    except KeyError:
        raise KeyError(f"no unit {name!r}") from None


def leader_id(name: str) -> int:
    try:
        return _LEADER_IDS[name]
    except KeyError:
        raise KeyError(f"no leader {name!r}") from None


def objective_id(name: str, stage: int = 0) -> int:
    """The index of an objective card by name (``stage`` tells the two Death Star Plans apart)."""
    for i, o in enumerate(OBJECTIVES):
        if o.name == name and stage in (0, o.stage):
            return i
    raise KeyError(f"no objective {name!r}" + (f" of stage {stage}" if stage else ""))


def marker_id(name: str) -> int:
    """The kind of a target marker by name (its bit in ``board.markers`` is ``1 << kind``)."""
    for i, m in enumerate(MARKERS):
        if m.name == name:
            return i
    raise KeyError(f"no target marker {name!r}")


@attrs.frozen(kw_only=True)
class StartingUnit:
    """A line of a starting-unit list (``data/setup.toml``)."""

    setup: str = attrs.field(validator=_one_of(("rote", "base")))
    side: str = attrs.field(validator=_side)
    unit: str = attrs.field(validator=_one_of(tuple(u.name for u in UNITS)))
    count: int = attrs.field(validator=_between(1, 30))
    where: str = attrs.field(default="", validator=_one_of(("", "dsuc", "queue3")))

    @property
    def name(self) -> str:
        return self.unit


@attrs.frozen(kw_only=True)
class FixedLoyalty:
    system: str = attrs.field(validator=_one_of(tuple(s.name for s in SYSTEMS)))
    side: str = attrs.field(validator=_side)
    subjugated: bool = False

    @property
    def name(self) -> str:
        return self.system


@attrs.frozen(kw_only=True)
class FixedUnit:
    system: str = attrs.field(
        validator=_one_of((*(s.name for s in SYSTEMS), REBEL_BASE_SPACE.name))
    )
    unit: str = attrs.field(validator=_one_of(tuple(u.name for u in UNITS)))
    count: int = attrs.field(validator=_between(1, 30))

    @property
    def name(self) -> str:
        return self.system


STARTING_UNITS: tuple[StartingUnit, ...] = tuple(load("setup.toml", "starting_unit", StartingUnit))
FIXED_LOYALTY: tuple[FixedLoyalty, ...] = tuple(load("setup.toml", "fixed_loyalty", FixedLoyalty))
FIXED_UNITS: tuple[FixedUnit, ...] = tuple(load("setup.toml", "fixed_unit", FixedUnit))
for _u in STARTING_UNITS:
    if _u.side != UNITS[_UNIT_IDS[_u.unit]].side:
        raise CardDataError(f"setup.toml: {_u.unit} is not a {_u.side} unit")


def _check_actions(cards: Sequence[ActionDef], leaders: Sequence[LeaderDef]) -> None:
    """Pictured leaders exist, are of the card's side, and fit the card (a starting card
    pictures starting leaders, a recruit card leaders with a recruit icon); a replacement
    names a base card of its side and name; no other name appears twice."""
    by_name = {x.name: x for x in leaders}
    seen: set[tuple[str, bool]] = set()
    for i, c in enumerate(cards):
        where = f"actions.toml:card[{i}] ({c.name})"
        key = (c.name, c.expansion)
        if key in seen or (not c.replaces and (c.name, not c.expansion) in seen):
            raise CardDataError(f"{where}: the name appears twice")
        seen.add(key)
        for name in c.leaders:
            x = by_name.get(name)
            if x is None:
                raise CardDataError(f"{where}: leaders: {name!r} is not a leader")
            if x.side != c.side:
                raise CardDataError(f"{where}: leaders: {name} is not a {c.side} leader")
            if c.starting and not x.starting:
                raise CardDataError(
                    f"{where}: leaders: a starting card pictures {name}, not a starting leader"
                )
            if not c.starting and not x.recruit:
                raise CardDataError(f"{where}: leaders: {name} has no recruit icon")
        base = [b for b in cards if b.name == c.replaces and b.side == c.side and not b.expansion]
        if c.replaces and (c.replaces != c.name or not base):
            raise CardDataError(
                f"{where}: replaces: {c.replaces!r} is not a base {c.side} card of this name"
            )


def load_actions(directory: Path | None = None) -> tuple[ActionDef, ...]:
    """The action cards of ``data/actions.toml``, cross-checked against the leaders."""
    cards = tuple(load("actions.toml", "card", ActionDef, directory))
    _check_actions(cards, LEADERS)
    return cards


ACTIONS: tuple[ActionDef, ...] = load_actions()
ACTION_LEADERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_LEADER_IDS[n] for n in c.leaders) for c in ACTIONS
)
"""Per action card: the ids of the leaders pictured."""
_REPLACED = {(c.side, c.replaces) for c in ACTIONS if c.replaces}
RECRUIT_DECKS: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(
        i
        for i, c in enumerate(ACTIONS)
        if c.side == side and not c.starting and (c.expansion or (c.side, c.name) not in _REPLACED)
    )
    for side in SIDES
)
"""Per side: the action cards of its recruit deck (the replacement cards in place of the
base versions they replace), in table order."""


def action_id(name: str, expansion: bool | None = None) -> int:
    """The index of an action card by name; a replaced name means the card in play (the
    replacement) unless ``expansion`` says which."""
    found = [
        i
        for i, c in enumerate(ACTIONS)
        if c.name == name and (c.expansion == expansion if expansion is not None else True)
    ]
    if not found:
        raise KeyError(f"no action card {name!r}")
    return found[-1]
