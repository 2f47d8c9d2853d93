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
    AddUnit,
    Block,
    Boost,
    CloseGroup,
    DealDamage,
    FinishDeclaring,
    Fire,
    LetThrough,
    Pass,
    PlayCard,
    StartGroup,
    Target,
)
from ..cards import (
    CAN_ATTACK,
    CAN_BLOCK,
    CAPTAIN,
    EFFECT,
    FIGHTER,
    GROUND_KIND,
    IS_HERO,
    PILOT,
    REBEL_BASES,
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
)
from ..events import CardPlayed, GroupDeclared, LetThroughEvent, Targeted
from .battle import start_battle
from .common import may_hold, zone
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


def may_attack(s: RebelSpaceState, card: int) -> bool:
    if not CAN_ATTACK[card]:
        return False
    return s.options.rebel_base_may_attack or card not in REBEL_BASES


def free_attackers(s: RebelSpaceState) -> list[int]:
    """Active units of the attacker not yet in a group (RS-13, RS-14)."""
    taken = s.attacked
    forming = s.forming
    return [
        c
        for c in zone(s, "active", s.turn).cards
        if may_attack(s, c) and c not in taken and c not in forming
    ]


def free_blockers(s: RebelSpaceState) -> list[int]:
    """Active units of the defender that have not blocked this attack phase (RS-15)."""
    used = s.used
    forming = s.forming
    return [
        c
        for c in zone(s, "active", 1 - s.turn).cards
        if CAN_BLOCK[c] and c not in used and c not in forming
    ]


def can_start(units: list[int], space: bool) -> bool:
    """A group of this kind can be started: some non-hero unit may open it."""
    table = SPACE_KIND if space else GROUND_KIND
    return any(table[c] for c in units)


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
    mt = s.turn == REBEL and may_hold(s, REBEL, "multiple_targets")
    if can_start(units, False) or can_start(units, True) or mt:
        s.stack.append(DeclareGroups(player=s.turn))
    else:
        finish_declaring(s)


def legal_declare(s: RebelSpaceState, p: int) -> list[Action]:
    units = free_attackers(s)
    out: list[Action] = []
    if can_start(units, False):
        out.append(StartGroup(False))
    if can_start(units, True):
        out.append(StartGroup(True))
    if p == REBEL:
        out.extend(
            PlayCard(c) for c in sorted(zone(s, "hand", p).cards) if EFFECT[c] == "multiple_targets"
        )
    out.append(FinishDeclaring())
    return out


def apply_declare(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, StartGroup):
        s.forming = []
        s.forming_space = a.space
        s.step = "form_group"
    elif isinstance(a, PlayCard):
        # Multiple Targets: a second attack phase after this one (RS-23).
        s.move(a.card, zone(s, "hand", p), zone(s, "discard", p))
        s.extra_attacks += 1
        s.emit(CardPlayed(player=p, card=a.card))
    else:
        finish_declaring(s)


def finish_declaring(s: RebelSpaceState) -> None:
    s.cur = 0
    s.step = "surprise" if s.groups else "attack_end"


def step_form_group(s: RebelSpaceState) -> None:
    s.stack.append(FormGroup(player=s.turn))


def legal_form_group(s: RebelSpaceState, p: int) -> list[Action]:
    space, group = s.forming_space, s.forming
    out: list[Action] = [AddUnit(c) for c in sorted(free_attackers(s)) if fits(group, c, space)]
    if group:
        out.append(CloseGroup())
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
    s.attacked.extend(group)
    s.forming = []
    s.emit(GroupDeclared(player=p, space=s.group_space[-1], cards=tuple(group), blocking=False))
    s.step = "declare"


# ---------------------------------------------------------------- Surprise Attack (RS-23)
def step_surprise(s: RebelSpaceState) -> None:
    if s.turn == REBEL and may_hold(s, REBEL, "surprise_attack"):
        s.stack.append(SurpriseWindow(player=REBEL))
    else:
        s.cur, s.step = 0, "ion"


def boost_cards(s: RebelSpaceState, p: int, effect: str) -> list[Action]:
    out: list[Action] = []
    for c in sorted(zone(s, "hand", p).cards):
        if EFFECT[c] == effect:
            out.append(Boost(c, False))
            out.append(Boost(c, True))
    out.append(Pass())
    return out


def legal_surprise(s: RebelSpaceState, p: int) -> list[Action]:
    return boost_cards(s, p, "surprise_attack")


def apply_boost(s: RebelSpaceState, p: int, a: Action, base: int, after: str) -> None:
    if isinstance(a, Boost):
        s.move(a.card, zone(s, "hand", p), zone(s, "discard", p))
        s.boost[base + (1 if a.space else 0)] += 1
        s.emit(CardPlayed(player=p, card=a.card, space=a.space))
        return
    s.cur, s.step = 0, after


def apply_surprise(s: RebelSpaceState, p: int, a: Action) -> None:
    apply_boost(s, p, a, 0, "ion")


# ---------------------------------------------------------------- Ion Cannon (RS-16)
def ready_cannons(s: RebelSpaceState) -> list[int]:
    return [
        c
        for c in zone(s, "active", 1 - s.turn).cards
        if EFFECT[c] == "ion_cannon" and c not in s.ion_used
    ]


def step_ion(s: RebelSpaceState) -> None:
    if s.cur >= len(s.groups):
        s.step = "trap"
        return
    group = s.groups[s.cur]
    if any(SHIP[c] for c in group) and ready_cannons(s):
        s.stack.append(IonCannon(player=1 - s.turn))
    else:
        s.step = "block"


def legal_ion(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = [Fire(c) for c in sorted(s.groups[s.cur]) if SHIP[c]]
    if s.options.ion_cannon_may_hold:
        out.append(Pass())
    return out


def apply_ion(s: RebelSpaceState, p: int, a: Action) -> None:
    if not isinstance(a, Fire):
        s.step = "block"
        return
    cannon = ready_cannons(s)[0]
    s.ion_used.append(cannon)
    group = s.groups[s.cur]
    group.remove(a.card)
    s.attacked.remove(a.card)
    destroy(s, a.card, "Ion Cannon")
    unload_heroes(s, group)


def unload_heroes(s: RebelSpaceState, group: list[int]) -> None:
    """RS-30: as many heroes stay aboard as the craft left can carry, those who
    boarded first keeping their place (a Pilot and Captain moves to a Fighter);
    the others leave the group and stay active, not having attacked."""
    for hero in heroes_left_behind(group):
        group.remove(hero)
        s.attacked.remove(hero)


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
        s.stack.append(BlockChoice(player=1 - s.turn))
    else:
        kind = "space" if space else "ground"
        let_through(s, f"the {SIDES[1 - s.turn]} has no active {kind} unit free to block")


def legal_block(s: RebelSpaceState, p: int) -> list[Action]:
    return [Block(), LetThrough()]


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
    s.stack.append(FormBlock(player=1 - s.turn))


def legal_form_block(s: RebelSpaceState, p: int) -> list[Action]:
    space, group = s.forming_space, s.forming
    out: list[Action] = [AddUnit(c) for c in sorted(free_blockers(s)) if fits(group, c, space)]
    if group:
        out.append(CloseGroup())
    return out


def apply_form_block(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, AddUnit):
        s.forming.append(a.card)
        return
    group = s.forming
    s.blocks[s.cur] = group
    s.used.extend(group)
    s.forming = []
    s.emit(GroupDeclared(player=p, space=s.forming_space, cards=tuple(group), blocking=True))
    s.cur += 1
    s.step = "ion"


# ---------------------------------------------------------------- Trap (RS-23)
def step_trap(s: RebelSpaceState) -> None:
    d = 1 - s.turn
    if d == IMPERIAL and may_hold(s, IMPERIAL, "trap"):
        s.stack.append(TrapWindow(player=d))
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
        s.stack.append(UnblockedChoice(player=s.turn))
    else:
        start_battle(s, group, [], space, damage=True)


def legal_unblocked(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = [DealDamage()]
    out.extend(Target(c) for c in targets(s, s.group_space[s.cur]))
    return out


def apply_unblocked(s: RebelSpaceState, p: int, a: Action) -> None:
    group, space = s.groups[s.cur], s.group_space[s.cur]
    if isinstance(a, Target):
        s.used.append(a.card)
        s.emit(Targeted(group=s.cur, card=a.card, cards=tuple(group)))
        start_battle(s, group, [a.card], space, damage=False)
    else:
        start_battle(s, group, [], space, damage=True)


def step_attack_end(s: RebelSpaceState) -> None:
    """Surviving attackers go to the Inactive Zone (RS-13); Multiple Targets
    gives another attack phase; then the deploy phase."""
    active, inactive = zone(s, "active", s.turn), zone(s, "inactive", s.turn)
    for c in s.attacked:
        if c in active.cards:
            active.cards.remove(c)
            inactive.cards.append(c)
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
