"""The attack phase up to the battles: groups, Surprise Attack, Ion Cannon,
blocks, Trap and unblocked groups (RS-13..RS-17, RS-20, RS-21, RS-23).

Attack-phase fields of the state: ``groups`` (the attacking groups in the
order declared), ``group_space``, ``blocks`` (the blocking group of each, or
empty), ``through`` (let through), ``cur`` (the group being dealt with),
``forming`` (the group being formed, attacking or blocking), ``attacked``
(attacking units), ``used`` (defending units that blocked or were targeted),
``ion_used``, ``boost`` (Surprise Attack Ground/Space, Trap Ground/Space) and
``extra_attacks`` (Multiple Targets).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
    ADD_UNIT,
    BLOCK,
    CLOSE_GROUP,
    DEAL_DAMAGE,
    FINISH_DECLARING,
    FIRE,
    LET_THROUGH,
    PASS,
    PLAY_CARD,
    START_GROUP,
    TARGET,
    AddUnit,
    Block,
    Boost,
    Fire,
    PlayCard,
    StartGroup,
    Target,
)
from ..cards import (
    CAN_ATTACK,
    CAN_ATTACK_NO_BASE,
    CAN_BLOCK,
    CAPTAIN,
    EFFECT,
    FIGHTER,
    GROUND_KIND,
    IS_HERO,
    PILOT,
    SHIP,
    SIDES,
    SPACE_KIND,
)
from ..decisions import (
    BlockChoice,
    DeclareGroups,
    FormBlock,
    FormGroup,
    IonCannon,
    SurpriseWindow,
    TrapWindow,
    UnblockedChoice,
    ask,
)
from ..events import CardPlayed, GroupDeclared, LetThroughEvent, Targeted
from .battle import start_battle
from .common import ACTIVE, DISCARD, HAND, INACTIVE, may_hold, without
from .copies import distinct_copies
from .units import destroy, in_play

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState

REBEL, IMPERIAL = 0, 1


# ---------------------------------------------------------------- who may join a group
def heroes_fit(group: list[int]) -> bool:
    """RS-10: one Pilot per Fighter, one Captain per Ship; a hero who is both
    counts against either (a matching exists iff these three counts fit)."""
    fighters = ships = pilots = captains = both = 0
    for c in group:
        if FIGHTER[c]:
            fighters += 1
        elif SHIP[c]:
            ships += 1
        elif IS_HERO[c]:
            if PILOT[c] and CAPTAIN[c]:
                both += 1
            elif PILOT[c]:
                pilots += 1
            elif CAPTAIN[c]:
                captains += 1
            else:
                return False
    return pilots <= fighters and captains <= ships and pilots + captains + both <= fighters + ships


def fits(group: list[int], card: int, space: bool) -> bool:
    """May ``card`` join this group (RS-09, RS-10)?"""
    if not space:
        return GROUND_KIND[card]
    if SPACE_KIND[card]:
        return True
    return IS_HERO[card] and heroes_fit([*group, card])


def joiners(group: list[int], cards: list[int], space: bool) -> list[int]:
    """The ``cards`` that may join this group (:func:`fits`, for many cards at once)."""
    if not space:
        return [c for c in cards if GROUND_KIND[c]]
    return [c for c in cards if SPACE_KIND[c] or (IS_HERO[c] and heroes_fit([*group, c]))]


def may_attack(s: RebelSpaceState, card: int) -> bool:
    return attackers_table(s)[card]


def attackers_table(s: RebelSpaceState) -> tuple[bool, ...]:
    """Card id -> may it attack (RS-12; the Rebel Base only if the option lets it, RS-31)."""
    return CAN_ATTACK if s.options.rebel_base_may_attack else CAN_ATTACK_NO_BASE


def free_attackers(s: RebelSpaceState) -> list[int]:
    """Active units of the attacker not yet in a group (RS-13, RS-14)."""
    taken = s.attacked
    forming = s.forming
    can = attackers_table(s)
    return [c for c in s.zones[ACTIVE[s.turn]] if can[c] and c not in taken and c not in forming]


def free_blockers(s: RebelSpaceState) -> list[int]:
    """Active units of the defender that have not blocked this attack phase (RS-15)."""
    used = s.used
    forming = s.forming
    return [
        c
        for c in s.zones[ACTIVE[1 - s.turn]]
        if CAN_BLOCK[c] and c not in used and c not in forming
    ]


def can_start(units: list[int], space: bool) -> bool:
    """A group of this kind can be started: some non-hero unit may open it."""
    table = SPACE_KIND if space else GROUND_KIND
    return any(map(table.__getitem__, units))


# ---------------------------------------------------------------- declaring (RS-14)
def step_attack_start(s: RebelSpaceState) -> None:
    s.groups = []
    s.group_space = []
    s.blocks = []
    s.through = []
    s.cur = 0
    s.forming = []
    s.attacked = []
    s.used = []
    s.ion_used = []
    s.boost = [0, 0, 0, 0]
    s.step = "declare"


def step_declare(s: RebelSpaceState) -> None:
    units = free_attackers(s)
    if (
        can_start(units, False)
        or can_start(units, True)
        or (s.turn == REBEL and may_hold(s, REBEL, "multiple_targets"))
    ):
        s.stack.append(ask(DeclareGroups, s.turn))
    else:
        finish_declaring(s)


def legal_declare(s: RebelSpaceState, p: int) -> list[Action]:
    units = free_attackers(s)
    out: list[Action] = []
    if can_start(units, False):
        out.append(START_GROUP[False])
    if can_start(units, True):
        out.append(START_GROUP[True])
    if p == REBEL:
        cards = sorted(c for c in s.zones[HAND[p]] if EFFECT[c] == "multiple_targets")
        out.extend(PLAY_CARD[c] for c in distinct_copies(s, cards))
    out.append(FINISH_DECLARING)
    return out


def apply_declare(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, StartGroup):
        s.forming = []
        s.forming_space = a.space
        s.step = "form_group"
    elif isinstance(a, PlayCard):
        # Multiple Targets: a second attack phase after this one (RS-23).
        s.move(a.card, HAND[p], DISCARD[p])
        s.extra_attacks += 1
        s.emit(CardPlayed(player=p, card=a.card))
    else:
        finish_declaring(s)


def finish_declaring(s: RebelSpaceState) -> None:
    s.cur = 0
    s.step = "surprise" if s.groups else "attack_end"


def step_form_group(s: RebelSpaceState) -> None:
    s.stack.append(ask(FormGroup, s.turn))


def legal_form_group(s: RebelSpaceState, p: int) -> list[Action]:
    space, group = s.forming_space, s.forming
    cards = joiners(group, sorted(free_attackers(s)), space)
    out: list[Action] = [ADD_UNIT[c] for c in distinct_copies(s, cards)]
    if group:
        out.append(CLOSE_GROUP)
    return out


def apply_form_group(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, AddUnit):
        s.forming.append(a.card)
        return
    group = s.forming
    s.groups.append(group)
    s.group_space.append(s.forming_space)
    s.blocks.append([])
    s.through.append(False)
    s.attacked = s.attacked + group
    s.forming = []
    s.emit(GroupDeclared(player=p, space=s.group_space[-1], cards=tuple(group), blocking=False))
    s.step = "declare"


# ---------------------------------------------------------------- Surprise Attack (RS-23)
def step_surprise(s: RebelSpaceState) -> None:
    if s.turn == REBEL and may_hold(s, REBEL, "surprise_attack"):
        s.stack.append(ask(SurpriseWindow, REBEL))
    else:
        s.cur, s.step = 0, "ion"


def boost_cards(s: RebelSpaceState, p: int, effect: str) -> list[Action]:
    out: list[Action] = []
    for c in distinct_copies(s, sorted(c for c in s.zones[HAND[p]] if EFFECT[c] == effect)):
        out.append(Boost(c, False))
        out.append(Boost(c, True))
    out.append(PASS)
    return out


def legal_surprise(s: RebelSpaceState, p: int) -> list[Action]:
    return boost_cards(s, p, "surprise_attack")


def apply_boost(s: RebelSpaceState, p: int, a: Action, base: int, after: str) -> None:
    if isinstance(a, Boost):
        s.move(a.card, HAND[p], DISCARD[p])
        boost = s.boost[:]
        boost[base + (1 if a.space else 0)] += 1
        s.boost = boost
        s.emit(CardPlayed(player=p, card=a.card, space=a.space))
        return
    s.cur, s.step = 0, after


def apply_surprise(s: RebelSpaceState, p: int, a: Action) -> None:
    apply_boost(s, p, a, 0, "ion")


# ---------------------------------------------------------------- Ion Cannon (RS-16)
def ready_cannons(s: RebelSpaceState) -> list[int]:
    return [
        c for c in s.zones[ACTIVE[1 - s.turn]] if EFFECT[c] == "ion_cannon" and c not in s.ion_used
    ]


def step_ion(s: RebelSpaceState) -> None:
    if s.cur >= len(s.groups):
        s.step = "trap"
        return
    group = s.groups[s.cur]
    if any(SHIP[c] for c in group) and ready_cannons(s):
        s.stack.append(ask(IonCannon, 1 - s.turn))
    else:
        s.step = "block"


def legal_ion(s: RebelSpaceState, p: int) -> list[Action]:
    ships = [c for c in sorted(s.groups[s.cur]) if SHIP[c]]
    out: list[Action] = [FIRE[c] for c in distinct_copies(s, ships)]
    if s.options.ion_cannon_may_hold:
        out.append(PASS)
    return out


def apply_ion(s: RebelSpaceState, p: int, a: Action) -> None:
    if not isinstance(a, Fire):
        s.step = "block"
        return
    cannon = ready_cannons(s)[0]
    s.ion_used = [*s.ion_used, cannon]
    group = s.groups[s.cur]
    group.remove(a.card)
    s.attacked = without(s.attacked, a.card)
    destroy(s, a.card, "Ion Cannon")
    unload_heroes(s, group)


def unload_heroes(s: RebelSpaceState, group: list[int]) -> None:
    """RS-30: as many heroes stay aboard as the craft left can carry, those who
    boarded first keeping their place (a Pilot and Captain moves to a Fighter);
    the others leave the group and stay active, not having attacked."""
    for hero in heroes_left_behind(group):
        group.remove(hero)
        s.attacked = without(s.attacked, hero)


def heroes_left_behind(group: list[int]) -> list[int]:
    """The heroes of ``group`` with no craft to ride, latest aboard first.

    Heroes taken in boarding order, each kept while a seat can still be found for
    all kept (the sets of heroes that fit form a matroid, so this keeps the most
    heroes, and the earliest aboard among equals)."""
    kept = [c for c in group if not IS_HERO[c]]
    left: list[int] = []
    for c in group:
        if IS_HERO[c]:
            if heroes_fit([*kept, c]):
                kept.append(c)
            else:
                left.append(c)
    return left[::-1]


# ---------------------------------------------------------------- blocks (RS-15)
def step_block(s: RebelSpaceState) -> None:
    group = s.groups[s.cur]
    space = s.group_space[s.cur]
    if group and can_start(free_blockers(s), space):
        s.stack.append(ask(BlockChoice, 1 - s.turn))
    else:
        kind = "space" if space else "ground"
        let_through(s, f"the {SIDES[1 - s.turn]} has no active {kind} unit free to block")


def legal_block(s: RebelSpaceState, p: int) -> list[Action]:
    return [BLOCK, LET_THROUGH]


def let_through(s: RebelSpaceState, reason: str = "") -> None:
    """The current group is not blocked: by choice, or for ``reason``."""
    group = s.groups[s.cur]
    if group:
        s.through[s.cur] = True
        s.emit(LetThroughEvent(group=s.cur, cards=tuple(group), reason=reason))
    s.cur += 1
    s.step = "ion"


def apply_block(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, Block):
        s.forming = []
        s.forming_space = s.group_space[s.cur]
        s.step = "form_block"
    else:
        let_through(s)


def step_form_block(s: RebelSpaceState) -> None:
    s.stack.append(ask(FormBlock, 1 - s.turn))


def legal_form_block(s: RebelSpaceState, p: int) -> list[Action]:
    space, group = s.forming_space, s.forming
    cards = joiners(group, sorted(free_blockers(s)), space)
    out: list[Action] = [ADD_UNIT[c] for c in distinct_copies(s, cards)]
    if group:
        out.append(CLOSE_GROUP)
    return out


def apply_form_block(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, AddUnit):
        s.forming.append(a.card)
        return
    group = s.forming
    s.blocks[s.cur] = group
    s.used = s.used + group
    s.forming = []
    s.emit(GroupDeclared(player=p, space=s.forming_space, cards=tuple(group), blocking=True))
    s.cur += 1
    s.step = "ion"


# ---------------------------------------------------------------- Trap (RS-23)
def step_trap(s: RebelSpaceState) -> None:
    d = 1 - s.turn
    if d == IMPERIAL and may_hold(s, IMPERIAL, "trap"):
        s.stack.append(ask(TrapWindow, d))
    else:
        s.cur, s.step = 0, "resolve"


def legal_trap(s: RebelSpaceState, p: int) -> list[Action]:
    return boost_cards(s, p, "trap")


def apply_trap(s: RebelSpaceState, p: int, a: Action) -> None:
    apply_boost(s, p, a, 2, "resolve")


# ---------------------------------------------------------------- resolving groups (RS-20, RS-21)
def targets(s: RebelSpaceState, space: bool) -> list[int]:
    """Opposing units in play an unblocked group may target (RS-20, RS-33):
    space groups space units, ground groups ground units and heroes; a unit
    that blocked or was targeted this attack phase already is not eligible."""
    table = SPACE_KIND if space else GROUND_KIND
    used = s.used
    return sorted(c for c in in_play(s, 1 - s.turn) if table[c] and c not in used)


def step_resolve(s: RebelSpaceState) -> None:
    if s.cur >= len(s.groups):
        s.step = "attack_end"
        return
    group, space = s.groups[s.cur], s.group_space[s.cur]
    if not group:
        s.cur += 1
        return
    if s.blocks[s.cur]:
        start_battle(s, group, s.blocks[s.cur], space, damage=False)
    elif targets(s, space):
        s.stack.append(ask(UnblockedChoice, s.turn))
    else:
        start_battle(s, group, [], space, damage=True)


def legal_unblocked(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = [DEAL_DAMAGE]
    out.extend(TARGET[c] for c in distinct_copies(s, targets(s, s.group_space[s.cur])))
    return out


def apply_unblocked(s: RebelSpaceState, p: int, a: Action) -> None:
    group, space = s.groups[s.cur], s.group_space[s.cur]
    if isinstance(a, Target):
        s.used = [*s.used, a.card]
        s.emit(Targeted(group=s.cur, card=a.card, cards=tuple(group)))
        start_battle(s, group, [a.card], space, damage=False)
    else:
        start_battle(s, group, [], space, damage=True)


def step_attack_end(s: RebelSpaceState) -> None:
    """Surviving attackers go to the Inactive Zone (RS-13); Multiple Targets
    gives another attack phase; then the deploy phase."""
    active, inactive = s.zones[ACTIVE[s.turn]], s.zones[INACTIVE[s.turn]]
    for c in s.attacked:
        if c in active:
            active.remove(c)
            inactive.append(c)
    s.attacked = []
    s.groups, s.group_space, s.blocks, s.through = [], [], [], []
    s.used, s.ion_used, s.boost = [], [], [0, 0, 0, 0]
    # Nothing of this attack phase stays in view (a position then says it all).
    s.cur, s.forming_space, s.b_space, s.b_damage = 0, False, False, False
    if s.extra_attacks > 0:
        s.extra_attacks -= 1
        s.step = "attack_start"
        return
    s.phase, s.step = "deploy", "deploy"
    s.budget = s.options.deploy_points
