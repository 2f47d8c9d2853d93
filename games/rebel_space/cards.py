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
from tabletop.cards import share_facts

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
IS_DEPLOYED = tuple(IS_UNIT[i] or IS_ATTACHMENT[i] for i in range(NUM_CARDS))
"""Deployed into play: units, and items and companions (onto a hero)."""
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


FLAG_WORDS = {
    "pilot": "Pilot",
    "captain": "Captain",
    "psionic": "Psionic",
    "fighter": "Fighter",
    "ship": "Ship",
    "facility": "Facility",
    "defense": "Defense",
    "may_attack": "May Attack",
    "extra_draw": "Extra draw",
}
"""Each flag as the card says it."""

_FLAG_TEXT = {
    "pilot": "Pilot: it may ride a Fighter into a space battle (one Pilot to a Fighter).",
    "captain": "Captain: it may ride a Ship into a space battle (one Captain to a Ship).",
    "psionic": "Psionic: Psi cards may be played on it in a battle it takes part in.",
    "fighter": "Fighter: it carries one Pilot hero into a space battle.",
    "ship": "Ship: it carries one Captain hero into a space battle.",
    "extra_draw": "While it is in play, its player draws 1 extra card each turn.",
}

_EFFECT_TEXT = {
    "ion_cannon": "When a space group with a Ship attacks, before blocks, it may destroy one "
    "Ship of that group (its player picks), once each attack phase.",
    "defense_shields": "While it is active, the attacker's unblocked Ships deal no damage "
    "to its player's deck (more copies add nothing).",
    "hero_from_discard": "End phase: take any hero from your discard pile into your hand "
    "(your opponent sees which).",
    "hero_from_deck": "End phase: take any hero from your deck into your hand (your opponent "
    "sees which), then shuffle your deck.",
    "take_control": "End phase: take control of an opposing hero in play, with its "
    "attachments, for the rest of the game; it joins your Inactive Zone.",
    "surprise_attack": "Attack phase, before blocks, by the attacker: every attacking unit "
    "gets +2 Ground or +2 Space (you choose) for the rest of the attack phase.",
    "trap": "Attack phase, after blocks, by the defender: every defending unit gets +2 "
    "Ground or +2 Space (you choose) for the rest of the attack phase.",
    "multiple_targets": "Attack phase, while declaring battle groups: the Rebel gets a "
    "second attack phase after this one, with the units still active.",
    "spy": "End phase: look at your opponent's hand; those cards stay known to you while "
    "they stay in it.",
    "saboteur": "End phase: destroy one opposing facility in play.",
}


def _ratings(c: CardDef) -> str:
    parts = [f"{word} +{n}" for word, n in (("Ground", c.ground), ("Space", c.space)) if n]
    if c.damage:
        parts.append(f"Damage +{c.damage}")
    return ", ".join(parts) if parts else "nothing to its ratings"


def card_text(c: CardDef) -> str:
    """What the card does, in words for players (from its type, notes and ability)."""
    out: list[str] = []
    if c.type == "Hero":
        out.append(
            "Hero: it fights in ground battle groups, and in space ones only aboard a "
            "Fighter or a Ship; items, companions and Psi cards go on it."
        )
    elif c.type in ("Companion", "Item"):
        out.append(
            f"{c.type}: deployed onto a hero you control in play, it adds {_ratings(c)} to "
            "that hero, moves with it and is discarded when the hero leaves play."
        )
    elif c.type == "Psi":
        out.append(
            "Psi card: in a battle, play it on a Psionic hero of yours taking part; the hero "
            f"gets {_ratings(c)} until the battle ends, then the card is discarded."
        )
    elif c.type in ("Ground", "Space", "G/S"):
        what = {"Ground": "Ground", "Space": "Space", "G/S": "Ground and space"}[c.type]
        where = {
            "Ground": "in ground battle groups",
            "Space": "in space battle groups",
            "G/S": "in ground battle groups with its Ground rating and in space ones with "
            "its Space rating",
        }[c.type]
        if not c.has("facility"):
            out.append(f"{what} unit: it attacks and blocks {where}.")
        elif c.has("may_attack"):
            out.append(f"{what} facility that may attack: it attacks and blocks {where}.")
        elif c.has("defense"):
            out.append(f"{what} facility with Defense: it never attacks, but blocks {where}.")
        else:
            out.append(f"{what} facility: it never attacks nor blocks.")
        if c.type == "G/S" or (c.type == "Space" and c.has("facility")):
            out.append("It carries no hero.")
    out.extend(_FLAG_TEXT[f] for f in c.flags if f in _FLAG_TEXT)
    if c.effect in _EFFECT_TEXT:
        out.append(_EFFECT_TEXT[c.effect])
    return " ".join(out)


CARD_INFO: tuple[dict[str, object], ...] = tuple(
    share_facts(
        {
            "name": CARDS[d].name,
            "side": CARDS[d].side,
            "type": CARDS[d].type,
            "ground": CARDS[d].ground,
            "space": CARDS[d].space,
            "damage": CARDS[d].damage,
            "cost": CARDS[d].cost,
            "flags": [FLAG_WORDS[f] for f in CARDS[d].flags],
            "notes": CARDS[d].notes,
            "text": card_text(CARDS[d]),
        }
    )
    for d in DEF
)
"""Instance id -> the card's printed facts and its text in words, as views give them (its
lists read-only: views share them)."""

CARD_FACTS: dict[int, dict[str, object]] = dict(enumerate(CARD_INFO))
"""The same by card id as a mapping (what a view reads: ``State._card_facts``)."""


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
CAN_ATTACK_NO_BASE = tuple(CAN_ATTACK[i] and i not in REBEL_BASES for i in range(NUM_CARDS))
""":data:`CAN_ATTACK` when the option keeps the Rebel Base from attacking (RS-31)."""
