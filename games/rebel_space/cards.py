"""The card lists as data, and the flat per-instance tables built from them.

``cards.toml`` holds one row per line of the printed card lists. Instance ids
follow the lists (RS-01): the Rebel deck is ids 0..75 in list order, the
Imperial deck 76..142. Every per-instance fact the rules read on the hot path
is a flat tuple indexed by instance id, computed once at import.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from tabletop import load_cards, read_table

__all__ = [
    "CARDS",
    "DEF",
    "IMPERIAL",
    "NUM_CARDS",
    "REBEL",
    "SIDES",
    "CardDef",
]

REBEL = 0
IMPERIAL = 1
SIDES = ("Rebel", "Imperial")
TYPES = ("Hero", "Companion", "Item", "Ground", "Space", "G/S", "Psi", "Act", "State")
FLAGS = (
    "pilot",
    "captain",
    "psionic",
    "fighter",
    "ship",
    "facility",
    "defense",
    "may_attack",
    "extra_draw",
)
EFFECTS = (
    "",
    "psi",
    "ion_cannon",
    "defense_shields",
    "hero_from_discard",
    "hero_from_deck",
    "take_control",
    "surprise_attack",
    "multiple_targets",
    "spy",
    "saboteur",
    "trap",
)


def _side(_: object, __: object, value: str) -> None:
    if value not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, got {value!r}")


def _type(_: object, __: object, value: str) -> None:
    if value not in TYPES:
        raise ValueError(f"type must be one of {TYPES}, got {value!r}")


def _flags(_: object, __: object, value: tuple[str, ...]) -> None:
    for f in value:
        if f not in FLAGS:
            raise ValueError(f"unknown flag {f!r}; flags are {', '.join(FLAGS)}")


def _effect(_: object, __: object, value: str) -> None:
    if value not in EFFECTS:
        raise ValueError(f"unknown effect {value!r}; effects are {', '.join(EFFECTS[1:])}")


def _nonneg(_: object, attr: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attr.name} must be >= 0, got {value}")


@attrs.frozen(kw_only=True)
class CardDef:
    """One line of a printed card list.

    ``cost`` 0 stands for the printed "-" or blank (Psi, Act and State cards,
    which are played rather than deployed). ``flags`` are the notes as
    attributes (Pilot, Captain, Psionic, Fighter, Ship, Facility, Defense,
    May Attack, extra draw); ``effect`` names the ability the rules look up.
    """

    name: str
    side: str = attrs.field(validator=_side)
    type: str = attrs.field(validator=_type)
    count: int = attrs.field(validator=_nonneg)
    ground: int = attrs.field(validator=_nonneg)
    space: int = attrs.field(validator=_nonneg)
    damage: int = attrs.field(validator=_nonneg)
    cost: int = attrs.field(validator=_nonneg)
    flags: tuple[str, ...] = attrs.field(default=(), validator=_flags)
    effect: str = attrs.field(default="", validator=_effect)
    notes: str = ""

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def is_hero(self) -> bool:
        return self.type == "Hero"

    @property
    def is_attachment(self) -> bool:
        return self.type in ("Companion", "Item")

    @property
    def is_unit(self) -> bool:
        """Heroes, ground, space and G/S units: what can be in play on its own."""
        return self.type in ("Hero", "Ground", "Space", "G/S")


CARD_FILE = Path(__file__).with_name("cards.toml")
CARDS: list[CardDef] = load_cards(read_table(CARD_FILE), CardDef, "rebel_space/cards.toml")

# ---------------------------------------------------------------- flat instance tables
_ids: list[int] = []
for _i, _c in enumerate(sorted(range(len(CARDS)), key=lambda i: SIDES.index(CARDS[i].side))):
    _ids.extend([_c] * CARDS[_c].count)
DEF: tuple[int, ...] = tuple(_ids)
"""Instance id -> index into :data:`CARDS`."""
NUM_CARDS = len(DEF)
DECK_IDS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(i for i in range(NUM_CARDS) if CARDS[DEF[i]].side == "Rebel"),
    tuple(i for i in range(NUM_CARDS) if CARDS[DEF[i]].side == "Imperial"),
)
NAME = tuple(CARDS[d].name for d in DEF)
OWNER = tuple(SIDES.index(CARDS[d].side) for d in DEF)
GROUND = tuple(CARDS[d].ground for d in DEF)
SPACE = tuple(CARDS[d].space for d in DEF)
DAMAGE = tuple(CARDS[d].damage for d in DEF)
COST = tuple(CARDS[d].cost for d in DEF)
TYPE = tuple(CARDS[d].type for d in DEF)
EFFECT = tuple(CARDS[d].effect for d in DEF)
IS_HERO = tuple(CARDS[d].is_hero for d in DEF)
IS_ATTACHMENT = tuple(CARDS[d].is_attachment for d in DEF)
IS_UNIT = tuple(CARDS[d].is_unit for d in DEF)
IS_PSI = tuple(CARDS[d].type == "Psi" for d in DEF)
PILOT = tuple(CARDS[d].has("pilot") for d in DEF)
CAPTAIN = tuple(CARDS[d].has("captain") for d in DEF)
PSIONIC = tuple(CARDS[d].has("psionic") for d in DEF)
FIGHTER = tuple(CARDS[d].has("fighter") for d in DEF)
SHIP = tuple(CARDS[d].has("ship") for d in DEF)
FACILITY = tuple(CARDS[d].has("facility") for d in DEF)
DEFENSE = tuple(CARDS[d].has("defense") for d in DEF)
MAY_ATTACK = tuple(CARDS[d].has("may_attack") for d in DEF)
EXTRA_DRAW = tuple(CARDS[d].has("extra_draw") for d in DEF)
GROUND_KIND = tuple(CARDS[d].type in ("Hero", "Ground", "G/S") for d in DEF)
"""May fight in a ground battle (RS-09: type Ground, heroes, G/S)."""
SPACE_KIND = tuple(CARDS[d].type in ("Space", "G/S") for d in DEF)
"""May fight in a space battle on its own (RS-09: type Space, G/S)."""
CAN_ATTACK = tuple(IS_UNIT[i] and (not FACILITY[i] or MAY_ATTACK[i]) for i in range(NUM_CARDS))
"""RS-12: facilities never attack, except the Giant Space Station."""
CAN_BLOCK = tuple(
    IS_UNIT[i] and (not FACILITY[i] or DEFENSE[i] or MAY_ATTACK[i]) for i in range(NUM_CARDS)
)
"""RS-12/RS-27: Defense facilities block; so does the Giant Space Station."""
END_PHASE_EFFECTS = frozenset(
    {"hero_from_discard", "hero_from_deck", "take_control", "spy", "saboteur"}
)
IDS_BY_EFFECT: dict[tuple[int, str], tuple[int, ...]] = {}
for _i in range(NUM_CARDS):
    IDS_BY_EFFECT.setdefault((OWNER[_i], EFFECT[_i]), ())
    IDS_BY_EFFECT[(OWNER[_i], EFFECT[_i])] += (_i,)


CARD_INFO: tuple[dict[str, object], ...] = tuple(
    {
        "name": CARDS[d].name,
        "side": CARDS[d].side,
        "type": CARDS[d].type,
        "ground": CARDS[d].ground,
        "space": CARDS[d].space,
        "damage": CARDS[d].damage,
        "cost": CARDS[d].cost,
        "flags": list(CARDS[d].flags),
        "notes": CARDS[d].notes,
    }
    for d in DEF
)
"""Instance id -> the card's printed facts, as views give them to UIs."""


def ids_named(name: str) -> tuple[int, ...]:
    """Every instance id of the card called ``name``."""
    out = tuple(i for i in range(NUM_CARDS) if NAME[i] == name)
    if not out:
        raise KeyError(f"no card named {name!r}")
    return out


def by_side(side: str) -> list[CardDef]:
    return [c for c in CARDS if c.side == side]


REBEL_BASES = frozenset(ids_named("Rebel Base"))
"""The Rebel Base: the one unit an option may keep from attacking (RS-31)."""
