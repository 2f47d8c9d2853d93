"""Rebel Space positions: a game set up by card names (:mod:`tabletop.positions`).

A position document says whose turn it is, the step the turn resumes at, and
which cards are where, by their names:

>>> import tabletop
>>> state = tabletop.from_position('''
... game = "rebel_space"
... turn = "Rebel"
... step = "attack_start"
... attach = [["Laser Sword", "Princess"]]
... [zones]
... active0 = ["Princess", "Rebel Soldier"]
... active1 = ["Battle Walkers"]
... ''')
>>> state.prompt
'Rebel: form a battle group or stop (0 declared)'
>>> state.record()["position"]["attach"]
[['Laser Sword', 'Princess']]

:func:`position` is the same in keywords, for scenario tests:

>>> from rebel_space.position import position, find
>>> s = position(turn=0, step="attack_start",
...              zones={"active0": ["Princess", "Rebel Soldier"], "active1": ["Battle Walkers"]},
...              attach=[("Laser Sword", "Princess")])
>>> s.describe(s.legal_actions()[0])
'Form a new ground battle group'
>>> s.record()["position"]["turn"]
'Rebel'

Copies. A card name stands for the lowest-numbered copy of the card list still
free, taken in reading order (:data:`READING_ORDER`); ``"Rebel Soldier #3"`` names
the third copy itself. Ids follow copies (``rebel_space.cards``), so a document
read twice gives the same ids; :meth:`RebelSpaceState.position_facts` writes the
plain name where it reads back to the same copy and ``#k`` elsewhere.

Positions start at a decision of the steps in :data:`POINTS` (the draw, the
declaring and forming of battle groups, deploying, attaching, the end phase,
its targets and the hand limit); a state in the middle of blocks, Surprise
Attack, Ion Cannon, Trap, a battle or its losses has no position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from tabletop import PositionError
from tabletop.positions import Fact, Facts, check_str, lookup

from .cards import (
    CARDS,
    DECK_IDS,
    EFFECT,
    IS_ATTACHMENT,
    IS_HERO,
    IS_UNIT,
    NAME,
    NUM_CARDS,
    OWNER,
    SIDES,
)
from .rules.attack import fits, legal_form_group, may_attack
from .rules.effects import END_EFFECTS
from .state import RebelSpaceState

__all__ = [
    "FACTS",
    "PHASE_OF_STEP",
    "POINTS",
    "READING_ORDER",
    "STEPS",
    "card_label",
    "find",
    "position",
    "position_facts",
    "read_position",
]

PHASE_OF_STEP = {
    "draw": "draw",
    "activate": "draw",
    "attack_start": "attack",
    "declare": "attack",
    "form_group": "attack",
    "deploy": "deploy",
    "attach": "deploy",
    "end": "end",
    "target": "end",
    "limit": "end",
}
"""The steps a document may resume at, and the phase of each."""
STEPS = tuple(PHASE_OF_STEP)

POINTS = {
    "choose_draw": "draw",
    "declare_groups": "declare",
    "form_group": "form_group",
    "deploy_choice": "deploy",
    "attach_choice": "attach",
    "end_phase_choice": "end",
    "target_choice": "target",
    "hand_limit": "limit",
}
"""The decisions a position starts at, and the step each is taken at."""

ZONE_KEYS = (
    "hand0",
    "hand1",
    "active0",
    "active1",
    "inactive0",
    "inactive1",
    "discard0",
    "discard1",
    "deck0",
    "deck1",
)
READING_ORDER = (*ZONE_KEYS[:8], "attach", "resolving", "deck0", "deck1")
"""The order plain card names take their copies in: zones, attachments, the
card being resolved, then the decks."""

IDS_OF: dict[str, tuple[int, ...]] = {
    c.name: tuple(i for i in range(NUM_CARDS) if NAME[i] == c.name) for c in CARDS
}
"""Every card name, with the ids of its copies in order."""
SIDE_OF = {name: p for p, name in enumerate(SIDES)}
MAX_TURN = 100_000
"""The largest turn number a document may give (games last a few hundred turns)."""

FACTS = [
    Fact("turn", '"Rebel" or "Imperial"', '"Rebel"', "whose turn it is"),
    Fact(
        "turn_number",
        f"an integer 1..{MAX_TURN}",
        "1",
        "the turn's number the table shows (a game dealt from its set-up gives the "
        "Rebel the odd turns; a scenario may start either side at turn 1)",
    ),
    Fact(
        "step",
        "one of " + ", ".join(STEPS),
        '"draw"',
        "where the turn resumes: the draw; activation; the attack phase's start, its "
        "declaring of battle groups, a group being formed; deploying, attaching the "
        "item or companion just deployed; the end phase, the target of the card just "
        "played, the hand limit",
    ),
    Fact(
        "zones",
        "a table of zone names (hand0, deck0, active0, inactive0, discard0, and the "
        "same with 1) to lists of card names; 0 is the Rebel, 1 the Imperial",
        "hands, table and discard piles empty; every other card in its owner's deck, "
        "shuffled by the seed",
        "the cards of each zone in order: a deck from its bottom (its last card is "
        'drawn next); "Name #k" is the k-th copy of a card. A hero in the other '
        "player's active0/1 or inactive0/1 is one they took control of. A deck listed "
        "holds every card of its owner not placed elsewhere",
    ),
    Fact(
        "deck_size",
        'a table of "Rebel"/"Imperial" to an integer',
        "the whole deck",
        "trims a deck the zones do not list to its top N cards; the others go on the "
        "owner's discard pile, after the cards named there",
    ),
    Fact(
        "attach",
        "a list of [card, hero] pairs of names",
        "none",
        "items and companions on heroes in play, in the order they were deployed",
    ),
    Fact(
        "resolving",
        "a card name",
        "none",
        "at step attach, the item or companion just deployed, its hero not yet chosen; "
        "at step target, the end-phase card just played (it lies on its discard pile)",
    ),
    Fact(
        "shown",
        "a table of hand0/hand1 to lists of card names",
        "none",
        "cards of a hand that the other player has been shown (Spy, Recruit, "
        "Medi-Bot...) and still knows",
    ),
    Fact(
        "budget",
        "an integer 0..the deploy points",
        "the deploy points (printed: 3)",
        "the deploy points left this turn",
    ),
    Fact(
        "attack",
        "a table: groups (a list of tables {space, units}), forming ({space, units}), "
        "extra_phases (an integer)",
        "no group, no extra attack phase",
        "at steps declare and form_group: the battle groups declared this attack phase "
        "(units by name, from the attacker's active zone), the group being formed, and "
        "the attack phases Multiple Targets added",
    ),
]
"""The pack's facts of a position document (the ``Game``'s ``position_facts``)."""


# ---------------------------------------------------------------- card labels
def card_label(card: int) -> str:
    """The name of card ``card`` that always reads back to it: ``"Princess"`` for a
    card with one copy, ``"Rebel Soldier #3"`` for the third copy."""
    ids = IDS_OF[NAME[card]]
    return NAME[card] if len(ids) == 1 else f"{NAME[card]} #{ids.index(card) + 1}"


@attrs.frozen
class Label:
    """A card name read from a document: the name, the copy it names (0-based, or
    ``None`` for any free copy) and where it was read."""

    name: str
    copy: int | None
    path: str

    @property
    def card(self) -> int:
        """The id of the copy named (only for a label naming one)."""
        assert self.copy is not None
        return IDS_OF[self.name][self.copy]


def read_label(value: Any, path: str) -> Label:
    """A card name, or ``"Name #k"`` for its k-th copy."""
    check_str(value, path)
    name, sep, number = value.rpartition(" #")
    if sep and name in IDS_OF and number.isdigit():
        k = int(number[:6])
        n = len(IDS_OF[name])
        if not 1 <= k <= n:
            which = "one copy (write it without #)" if n == 1 else f"{n} copies: #1..#{n}"
            raise PositionError(f"{path}: {name} has {which}")
        return Label(name, k - 1, path)
    lookup(value, IDS_OF, "card", path)
    return Label(value, None, path)


def read_labels(facts: Facts, key: str) -> list[Label] | None:
    """The list of card names at ``key`` of ``facts`` (``None`` when absent)."""
    values = facts.get_list(key, None)
    if values is None:
        return None
    return [read_label(v, f"{facts.at(key)}[{i}]") for i, v in enumerate(values)]


def assign(labels: Sequence[Label], pool: Callable[[str], Sequence[int]], where: str) -> list[int]:
    """The ids ``labels`` stand for: each ``#k`` its copy, then each plain name the
    first copy of ``pool(name)`` (in its order) that no label took already.
    A copy named twice, or a name with no copy left, is an error naming both places."""
    taken: dict[int, str] = {}
    out: list[int | None] = [None] * len(labels)
    for i, lab in enumerate(labels):
        if lab.copy is None:
            continue
        c = lab.card
        if c not in pool(lab.name):
            raise PositionError(f"{lab.path}: {card_label(c)} is not {where}")
        if c in taken:
            raise PositionError(f"{lab.path}: {card_label(c)} is at {taken[c]} already")
        taken[c] = lab.path
        out[i] = c
    for i, lab in enumerate(labels):
        if lab.copy is not None:
            continue
        free = [c for c in pool(lab.name) if c not in taken]
        if not free:
            n = len(pool(lab.name))
            if n == 0:
                raise PositionError(f"{lab.path}: no {lab.name} is {where}")
            others = sorted({taken[c] for c in pool(lab.name)})[:3]
            raise PositionError(
                f"{lab.path}: no {lab.name} left: {n} {'is' if n == 1 else 'are'} "
                f"{where}, placed at {', '.join(others)}"
            )
        taken[free[0]] = lab.path
        out[i] = free[0]
    return [c for c in out if c is not None]


def write_labels(cards: Sequence[int], pool: Callable[[str], Sequence[int]]) -> list[str]:
    """The names :func:`assign` reads back into ``cards``: the plain name where the
    first free copy of ``pool`` is that card, ``#k`` elsewhere."""
    used: set[int] = set()
    out: list[str] = []
    for c in cards:
        first = next(x for x in pool(NAME[c]) if x not in used)
        out.append(NAME[c] if first == c else card_label(c))
        used.add(c)
    return out


def ids_in(cards: Sequence[int]) -> Callable[[str], list[int]]:
    """A pool: the copies of a name among ``cards``, in their order."""
    return lambda name: [c for c in cards if NAME[c] == name]


def all_copies(name: str) -> Sequence[int]:
    return IDS_OF[name]


# ---------------------------------------------------------------- reading a document
@attrs.define
class Table:
    """What a document places, by id, before it is checked and set."""

    zones: dict[str, list[int]]
    attach: list[tuple[int, int, str]]
    resolving: int = -1


def read_position(s: RebelSpaceState, facts: Facts) -> None:
    """Set up ``s`` (a new state) as the document ``facts`` says, then run the rules
    to its first decision (the ``_position`` hook)."""
    turn = facts.get_name("turn", SIDE_OF, "player", 0)
    number = facts.get_int("turn_number", 1, lo=1, hi=MAX_TURN)
    step = facts.get_str("step", "draw", choices=STEPS)
    budget = facts.get_int("budget", s.options.deploy_points, lo=0, hi=s.options.deploy_points)
    table = _read_table(s, facts, turn, step)
    for name, cards in table.zones.items():
        s.zones[name] = cards
        s.forget_zone(name)
    s.host = [-1] * NUM_CARDS
    for card, hero, _ in table.attach:
        s.zones[f"attached{OWNER[card]}"].append(card)
        s.host[card] = hero
    s.turn, s.turn_number, s.step, s.phase = turn, number, step, PHASE_OF_STEP[step]
    s.budget = budget
    s.pending = table.resolving
    if step == "attach":
        s.zones[f"attached{turn}"].append(table.resolving)
    elif step == "target":
        s.zones[f"discard{turn}"].append(table.resolving)
    _read_shown(s, facts)
    _read_attack(s, facts, step)
    _check_resolving(s, facts, step)
    s.stack.clear()
    from .rules.flow import advance

    advance(s)


def _read_table(s: RebelSpaceState, facts: Facts, turn: int, step: str) -> Table:
    """Every card's place: the zones, attachments and the card being resolved,
    by ids, checked against the card lists and one another."""
    zones = facts.part("zones", {})
    for p in (0, 1):
        if f"attached{p}" in zones:
            raise zones.error(f"attached{p}", "attachments are written in attach: [[card, hero]]")
    listed = {key: read_labels(zones, key) for key in ZONE_KEYS}
    pairs = facts.get_list("attach", [])
    attach: list[tuple[Label, Label]] = []
    for i, pair in enumerate(pairs):
        path = f"{facts.at('attach')}[{i}]"
        if type(pair) is not list or len(pair) != 2:
            raise PositionError(f'{path}: a pair [card, hero], say ["Laser Sword", "Princess"]')
        attach.append((read_label(pair[0], f"{path}[0]"), read_label(pair[1], f"{path}[1]")))
    resolving = facts.get_raw("resolving", None)
    res_label = None if resolving is None else read_label(resolving, facts.at("resolving"))
    if (res_label is not None) != (step in ("attach", "target")):
        raise facts.error(
            "resolving",
            "at step attach or target, name the card being resolved (and only then)",
        )
    labels = [lab for key in ZONE_KEYS[:8] for lab in listed[key] or []]
    labels += [card for card, _ in attach]
    labels += [res_label] if res_label is not None else []
    labels += [lab for key in ZONE_KEYS[8:] for lab in listed[key] or []]
    ids = iter(assign(labels, all_copies, "in the card lists"))
    placed: dict[str, list[int]] = {}
    for key in ZONE_KEYS[:8]:
        placed[key] = [next(ids) for _ in listed[key] or []]
    attached = [next(ids) for _ in attach]
    pending = next(ids) if res_label is not None else -1
    for key in ZONE_KEYS[8:]:
        if listed[key] is not None:
            placed[key] = [next(ids) for _ in listed[key] or []]
    for key, cards in placed.items():
        for i, c in enumerate(cards):
            _check_place(c, key, f"{zones.at(key)}[{i}]")
    used = {c for cards in placed.values() for c in cards} | set(attached) | {pending}
    _place_decks(s, facts, zones, placed, used)
    heroes = {c for p in (0, 1) for z in ("active", "inactive") for c in placed[f"{z}{p}"]}
    out = []
    for (card, hero), c in zip(attach, attached, strict=True):
        out.append((c, _read_host(hero, heroes), card.path))
        if not IS_ATTACHMENT[c]:
            raise PositionError(f"{card.path}: {NAME[c]} is no item or companion")
    return Table(placed, out, pending)


def _check_place(c: int, key: str, path: str) -> None:
    """May card ``c`` lie in zone ``key``?"""
    p = int(key[-1])
    if key.startswith(("active", "inactive")):
        if not IS_UNIT[c]:
            raise PositionError(
                f"{path}: {NAME[c]} is no unit (heroes, ground and space units are in play)"
            )
        if OWNER[c] != p and not IS_HERO[c]:
            raise PositionError(
                f"{path}: {NAME[c]} is {_side_card(c)}; only a hero changes sides "
                f"(put it in {key[:-1]}{OWNER[c]})"
            )
    elif OWNER[c] != p:
        raise PositionError(
            f"{path}: {NAME[c]} is {_side_card(c)} (put it in {key[:-1]}{OWNER[c]})"
        )


def _side_card(c: int) -> str:
    """ "a Rebel card", "an Imperial card"."""
    return "a Rebel card" if OWNER[c] == 0 else "an Imperial card"


def _read_host(hero: Label, heroes: set[int]) -> int:
    """The hero in play an attachment is on."""
    h = hero.card if hero.copy is not None else IDS_OF[hero.name][0]
    if not IS_HERO[h] or h not in heroes:
        raise PositionError(
            f"{hero.path}: {hero.name} is not a hero in play (list it in active0/1 or inactive0/1)"
        )
    return h


def _place_decks(
    s: RebelSpaceState, facts: Facts, zones: Facts, placed: dict[str, list[int]], used: set[int]
) -> None:
    """The decks: as listed (then holding every card placed nowhere else), or else
    every card not placed, in the order the seed dealt them, trimmed by ``deck_size``."""
    sizes = facts.part("deck_size", {})
    for side, p in SIDE_OF.items():
        key = f"deck{p}"
        size = sizes.get_int(side, None, lo=0, hi=len(DECK_IDS[p]))
        if key in placed:
            if size is not None:
                raise sizes.error(side, f"zones.{key} lists that deck already; give one of them")
            missing = [c for c in DECK_IDS[p] if c not in used]
            if missing:
                some = ", ".join(card_label(c) for c in missing[:4])
                raise zones.error(
                    key,
                    f"{len(missing)} {side} cards are in no zone ({some}"
                    f"{', ...' if len(missing) > 4 else ''}): a deck listed holds every card "
                    "placed nowhere else (or leave it out, with deck_size)",
                )
            continue
        dealt = s.zones[key] + s.zones[f"hand{p}"]
        deck = [c for c in dealt if c not in used]
        if size is not None:
            if size > len(deck):
                raise sizes.error(side, f"{size} cards; only {len(deck)} are left for the deck")
            cut = len(deck) - size
            placed[f"discard{p}"] += deck[:cut]
            deck = deck[cut:]
        placed[key] = deck


def _read_shown(s: RebelSpaceState, facts: Facts) -> None:
    """Cards of a hand the other player has seen (``s.known``)."""
    shown = facts.part("shown", {})
    for p in (0, 1):
        key = f"hand{p}"
        labels = read_labels(shown, key)
        if labels:
            s.forget_zone(key)
            s.set_known(key, 1 - p, assign(labels, ids_in(s.zones[key]), f"in {key}"))


def _read_attack(s: RebelSpaceState, facts: Facts, step: str) -> None:
    """The attack phase so far: groups declared, the group being formed, extra
    attack phases; everything else of the attack is computed from them."""
    s.groups, s.group_space, s.blocks, s.through = [], [], [], []
    s.attacked, s.used, s.ion_used, s.boost = [], [], [], [0, 0, 0, 0]
    s.cur, s.forming, s.forming_space, s.extra_attacks = 0, [], False, 0
    if "attack" not in facts:
        if step == "form_group":
            raise facts.error("attack", "at step form_group, say the group being formed")
        return
    if step not in ("attack_start", "declare", "form_group"):
        raise facts.error("attack", "only at steps attack_start, declare and form_group")
    attack = facts.part("attack")
    most = sum(1 for c in DECK_IDS[0] if EFFECT[c] == "multiple_targets")
    s.extra_attacks = attack.get_int("extra_phases", 0, lo=0, hi=most)
    if s.extra_attacks:
        played = sum(1 for c in s.zones["discard0"] if EFFECT[c] == "multiple_targets")
        if s.turn != 0 or s.extra_attacks > played:
            raise attack.error(
                "extra_phases",
                "extra attack phases come from Multiple Targets the Rebel played this turn "
                "(in discard0)",
            )
    groups = attack.parts("groups", [])
    forming = attack.part("forming", {}) if step == "form_group" or "forming" in attack else None
    if step == "attack_start" and (groups or forming is not None):
        raise attack.error("groups", "groups are declared from step declare on")
    if forming is not None and step != "form_group":
        raise attack.error("forming", "a group is being formed only at step form_group")
    tables = [*groups, *([forming] if forming is not None else [])]
    spaces = [t.get_bool("space", False) for t in tables]
    units = [read_labels(t, "units") or [] for t in tables]
    active = s.zones[f"active{s.turn}"]
    where = f"in active{s.turn} (the attacker's active zone)"
    ids = iter(assign([lab for us in units for lab in us], ids_in(active), where))
    cards = [[next(ids) for _ in us] for us in units]
    for t, space, us, cs in zip(tables, spaces, units, cards, strict=True):
        _check_group(s, t, space, us, cs, t is not forming)
    n = len(groups)
    s.groups, s.group_space = cards[:n], spaces[:n]
    s.blocks, s.through = [[] for _ in range(n)], [False] * n
    s.attacked = [c for g in s.groups for c in g]
    if forming is not None:
        s.forming, s.forming_space = cards[n], spaces[n]
        if not legal_form_group(s, s.turn):
            raise forming.error("units", "no unit can join this group, and it is empty")
    elif s.groups:
        s.forming_space = s.group_space[-1]


def _check_group(
    s: RebelSpaceState, t: Facts, space: bool, labels: list[Label], cards: list[int], closed: bool
) -> None:
    """Units that may attack, fit the group's kind in that order; a declared group
    holds one unit at least."""
    if closed and not cards:
        raise t.error("units", "a declared group holds a unit at least")
    for i, (lab, c) in enumerate(zip(labels, cards, strict=True)):
        if not may_attack(s, c):
            raise PositionError(f"{lab.path}: {NAME[c]} does not attack")
        if not fits(cards[:i], c, space):
            kind = "space" if space else "ground"
            raise PositionError(f"{lab.path}: {NAME[c]} cannot join this {kind} group here")


def _check_resolving(s: RebelSpaceState, facts: Facts, step: str) -> None:
    """The card being resolved has a choice to make: a hero to join, a target."""
    c = s.pending
    if c < 0:
        return
    path = facts.at("resolving")
    if OWNER[c] != s.turn:
        raise PositionError(
            f"{path}: {NAME[c]} is not a card of the {SIDES[s.turn]}, whose turn it is"
        )
    if step == "attach":
        if not IS_ATTACHMENT[c]:
            raise PositionError(f"{path}: {NAME[c]} is no item or companion to attach")
        if not any(IS_HERO[h] for z in ("active", "inactive") for h in s.zones[f"{z}{s.turn}"]):
            raise PositionError(
                f"{path}: the {SIDES[s.turn]} has no hero in play for {NAME[c]} to join"
            )
        return
    effect = END_EFFECTS.get(EFFECT[c])
    if effect is None or effect.targets is None:
        raise PositionError(f"{path}: {NAME[c]} is no end-phase card with a target")
    if not effect.targets(s, s.turn):
        raise PositionError(f"{path}: {NAME[c]} has no target here")


# ---------------------------------------------------------------- writing a document
def position_facts(s: RebelSpaceState) -> dict[str, Any]:
    """The document of ``s``, at one of the :data:`POINTS` (the ``_position_facts`` hook)."""
    top = s.stack[-1].kind if s.stack else ""
    step = POINTS.get(top)
    if step is None or s.step != step:
        raise PositionError(
            "Rebel Space positions start at a decision of the steps "
            f"{', '.join(POINTS.values())}; this state is at step {s.step!r} ({top})"
        )
    zones = {key: s.zones[key][:] for key in ZONE_KEYS}
    attached = [c for p in (0, 1) for c in s.zones[f"attached{p}"] if c != s.pending]
    resolving = [s.pending] if s.pending >= 0 else []
    if step == "target":
        zones[f"discard{s.turn}"].remove(s.pending)
    order = [c for key in ZONE_KEYS[:8] for c in zones[key]]
    order += attached + resolving + zones["deck0"] + zones["deck1"]
    names = iter(write_labels(order, all_copies))
    out: dict[str, Any] = {
        "turn": SIDES[s.turn],
        "turn_number": s.turn_number,
        "step": step,
        "budget": s.budget,
    }
    written = {key: [next(names) for _ in zones[key]] for key in ZONE_KEYS[:8]}
    pairs = [[next(names), NAME[s.host[c]]] for c in attached]
    if resolving:
        out["resolving"] = next(names)
    for key in ZONE_KEYS[8:]:
        written[key] = [next(names) for _ in zones[key]]
    out["zones"] = {key: written[key] for key in ZONE_KEYS}
    if pairs:
        out["attach"] = pairs
    shown = _write_shown(s)
    if shown:
        out["shown"] = shown
    attack = _write_attack(s, step)
    if attack:
        out["attack"] = attack
    return out


def _write_shown(s: RebelSpaceState) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in (0, 1):
        hand = f"hand{p}"
        known = s.known_to(hand, 1 - p)
        if known:
            out[hand] = write_labels(known, ids_in(s.zones[hand]))
    return out


def _write_attack(s: RebelSpaceState, step: str) -> dict[str, Any]:
    if step not in ("declare", "form_group"):
        return {}
    pool = ids_in(s.zones[f"active{s.turn}"])
    tables = [*s.groups, *([s.forming] if step == "form_group" else [])]
    names = iter(write_labels([c for g in tables for c in g], pool))
    units = [[next(names) for _ in g] for g in tables]
    out: dict[str, Any] = {}
    n = len(s.groups)
    if n:
        out["groups"] = [
            {"space": space, "units": us}
            for space, us in zip(s.group_space, units[:n], strict=True)
        ]
    if step == "form_group":
        out["forming"] = {"space": s.forming_space, "units": units[n]}
    if s.extra_attacks:
        out["extra_phases"] = s.extra_attacks
    return out


# ---------------------------------------------------------------- scenario tests
def position(
    *,
    turn: int = 0,
    step: str = "draw",
    zones: Mapping[str, Sequence[str]] | None = None,
    attach: Sequence[tuple[str, str]] = (),
    deck_size: Mapping[int, int] | None = None,
    budget: int | None = None,
    seed: int = 0,
    options: Any = None,
) -> RebelSpaceState:
    """A game of ``turn``'s player (0 the Rebel, 1 the Imperial) at ``step`` with the
    named cards placed: the position document of these facts, read by
    ``GAME.position`` (so the state has a record, and a bad fact is a
    :class:`~tabletop.PositionError`).

    Every card not placed is in its owner's deck (shuffled by ``seed``); ``zones``
    maps zone names (``"hand0"``, ``"active1"``, ``"inactive0"``, ``"discard1"``...)
    to card names placed there in order (a Rebel hero in ``active1`` is one the
    Imperial controls). ``attach`` puts items and companions on heroes placed, by
    names. ``deck_size`` trims a player's deck to that many cards (the rest go to
    their discard). ``budget`` is the deploy points left (default: all).
    """
    from . import GAME

    doc: dict[str, Any] = {"seed": seed, "turn": SIDES[turn], "step": step}
    if options is not None:
        doc["options"] = (
            dict(options) if isinstance(options, Mapping) else GAME.unstructure_options(options)
        )
    if zones:
        doc["zones"] = {key: list(names) for key, names in zones.items()}
    if attach:
        doc["attach"] = [[item, hero] for item, hero in attach]
    if deck_size:
        doc["deck_size"] = {SIDES[p]: n for p, n in deck_size.items()}
    if budget is not None:
        doc["budget"] = budget
    state = GAME.position(doc)
    assert isinstance(state, RebelSpaceState)
    return state


def find(s: RebelSpaceState, name: str, zone: str | None = None, nth: int = 0) -> int:
    """The id of the ``nth`` card called ``name`` in ``zone`` (default: in play,
    then in any zone), in zone order."""
    if zone is not None:
        order = [zone]
    else:
        order = [f"{z}{p}" for z in ("active", "inactive", "attached") for p in (0, 1)]
        order += [n for n in s.zones if n not in order]
    found = [c for zn in order for c in s.zones[zn] if NAME[c] == name]
    if len(found) <= nth:
        raise ValueError(f"no card {name!r} #{nth} in {zone or 'any zone'}")
    return found[nth]
