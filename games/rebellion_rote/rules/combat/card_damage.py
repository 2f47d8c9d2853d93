"""Tactic-card abilities that touch figures: damage, destroy, remove damage (Energy
Shield's after the opponent's assignment), and move damage (Armored Position,
Planetary Shield); with how an effect names its targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Destroy, Hit, Repair, Stop
from ...board import UNITS_OF
from ...data import TACTICS, Effect, unit_id
from ...decisions import CardDamage, CardDestroy, CardRepair, DamageSink, DamageSource
from ...events import Repaired
from ..units import UNIT_FACTS as F
from .damage import add_damage, remove_damage, repair_levels
from .flow import advance
from .forces import (
    GROUND,
    SHIELD_GENERATOR,
    SPACE,
    THEATERS,
    figures,
    in_theater,
    levels,
    protected,
)
from .tactics import TOP

if TYPE_CHECKING:
    from ...state import RebellionState


ENERGY_SHIELD = next(
    i
    for i, t in enumerate(TACTICS)
    if any(e.condition == "after_opponent_assigns" for e in t.top.effects)
)


def effect_of(code: int) -> Effect:
    c, which, i = code // 16, code % 16 // 4, code % 4
    return (TACTICS[c].top, TACTICS[c].bottom)[which - 1].effects[i]


def condition_met(s: RebellionState, p: int, th: int, e: Effect) -> bool:
    row = s.board.units[s.battle.system]
    if e.condition == "more_fighters":
        mine = sum(row[u] for u in UNITS_OF[p] if F.fighter[u])
        theirs = sum(row[u] for u in UNITS_OF[1 - p] if F.fighter[u])
        return mine > theirs
    if e.condition == "no_enemy_shield_generator":
        return row[SHIELD_GENERATOR] == 0
    return True


def fits(s: RebellionState, u: int, th: int, e: Effect) -> bool:
    """Whether a unit type is a target of effect ``e`` (its colour and target words)."""
    if not in_theater(u, th) or protected(s, u):
        return False
    if e.colour and F.colour[u] != e.colour:
        return False
    if not e.targets:
        return True
    plus = [t for t in e.targets if not t.startswith("not:")]
    minus = [t.removeprefix("not:") for t in e.targets if t.startswith("not:")]
    if any(word_fits(u, t) for t in minus):
        return False
    return not plus or any(word_fits(u, t) for t in plus)


def word_fits(u: int, word: str) -> bool:
    if word == "capital":
        return F.capital[u]
    if word == "fighter":
        return F.fighter[u]
    if word == "ship":
        return F.theater[u] == SPACE
    if word == "ground":
        return F.theater[u] == GROUND
    if word == "structure":
        return F.structure[u]
    if word == "triangle":
        return F.triangle[u]
    return u == unit_id(word)


def effect_damage(s: RebellionState, p: int, th: int, code: int) -> None:
    c, e = code // 16, effect_of(code)
    if condition_met(s, p, th, e) and e.amount:
        push_card_damage(s, CardDamage(player=p, card=c, effect=code, left=e.amount))


def card_damage_targets(s: RebellionState, d: CardDamage) -> list[Action]:
    e = effect_of(d.effect)
    th = THEATERS.index(TACTICS[d.card].theater)
    if d.unit >= 0:
        return [Hit(d.unit, d.damage)] if figures(s, d.unit) > 0 else []
    return [Hit(u, lv) for u in UNITS_OF[1 - d.player] if fits(s, u, th, e) for lv in levels(s, u)]


def push_card_damage(s: RebellionState, d: CardDamage) -> None:
    """Ask for the next damage, or deal it at once when only one figure fits."""
    options = card_damage_targets(s, d)
    if not options:
        return
    if len(options) == 1:
        deal_card_damage(s, d, options[0])
        return
    s.stack.append(d)


def deal_card_damage(s: RebellionState, d: CardDamage, a: Action) -> None:
    assert isinstance(a, Hit)
    new = add_damage(s, a.unit, a.damage)
    if d.left > 1:
        one = effect_of(d.effect).one_unit
        nxt = CardDamage(
            player=d.player,
            card=d.card,
            effect=d.effect,
            left=d.left - 1,
            unit=a.unit if one else -1,
            damage=new if one else -1,
        )
        push_card_damage(s, nxt)


def legal_card_damage(s: RebellionState, d: CardDamage) -> list[Action]:
    return card_damage_targets(s, d)


def apply_card_damage(s: RebellionState, d: CardDamage, a: Action) -> None:
    s.stack.pop()
    deal_card_damage(s, d, a)
    advance(s)


def effect_destroy(s: RebellionState, p: int, th: int, code: int) -> None:
    c, e = code // 16, effect_of(code)
    d = CardDestroy(player=p, card=c, effect=code, left=e.amount)
    if legal_card_destroy(s, d):
        s.stack.append(d)


def legal_card_destroy(s: RebellionState, d: CardDestroy) -> list[Action]:
    e = effect_of(d.effect)
    th = THEATERS.index(TACTICS[d.card].theater)
    return [
        Destroy(u, lv) for u in UNITS_OF[1 - d.player] if fits(s, u, th, e) for lv in levels(s, u)
    ]


def apply_card_destroy(s: RebellionState, d: CardDestroy, a: Action) -> None:
    assert isinstance(a, Destroy)
    s.stack.pop()
    bt = s.battle
    if a.damage:
        bt.damage[a.unit].remove(a.damage)
    # the doomed figure keeps no damage: it leaves once both cards are resolved
    bt.doomed.append(a.unit)
    if d.left > 1:
        nxt = CardDestroy(player=d.player, card=d.card, effect=d.effect, left=d.left - 1)
        if legal_card_destroy(s, nxt):
            s.stack.append(nxt)
    advance(s)


def effect_remove_damage(s: RebellionState, p: int, th: int, code: int) -> None:
    c, e = code // 16, effect_of(code)
    if e.condition == "after_opponent_assigns":
        s.battle.shield[p] = e.amount
        return
    d = CardRepair(player=p, card=c, effect=code, left=e.amount)
    if len(legal_card_repair(s, d)) > 1:
        s.stack.append(d)


def legal_card_repair(s: RebellionState, d: CardRepair) -> list[Action]:
    e = effect_of(d.effect)
    th = THEATERS.index(TACTICS[d.card].theater)
    out: list[Action] = [
        Repair(u, lv) for u in UNITS_OF[d.player] if fits(s, u, th, e) for lv in repair_levels(s, u)
    ]
    out.append(Stop())
    return out


def apply_card_repair(s: RebellionState, d: CardRepair, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Repair):
        remove_damage(s, a.unit, a.damage)
        nxt = CardRepair(player=d.player, card=d.card, effect=d.effect, left=d.left - 1)
        if d.left > 1 and len(legal_card_repair(s, nxt)) > 1:
            s.stack.append(nxt)
    advance(s)


def shield_after(s: RebellionState, p: int, th: int) -> None:
    """Energy Shield: ``p`` removes damage from his ships once the opponent has assigned."""
    bt = s.battle
    if bt.shield[p] and th == SPACE:
        n, bt.shield[p] = bt.shield[p], 0
        d = CardRepair(player=p, card=ENERGY_SHIELD, effect=ENERGY_SHIELD * 16 + TOP * 4, left=n)
        if len(legal_card_repair(s, d)) > 1:
            s.stack.append(d)


def effect_move_damage(s: RebellionState, p: int, th: int, code: int) -> None:
    """Armored Position, Planetary Shield: up to N damage from own ground figures onto one
    figure of the named type."""
    d = DamageSink(player=p, card=code // 16, effect=code)
    if legal_sink(s, d) and any(
        lv for u in UNITS_OF[p] if F.theater[u] == GROUND for lv in levels(s, u)
    ):
        s.stack.append(d)


def legal_sink(s: RebellionState, d: DamageSink) -> list[Action]:
    u = unit_id(effect_of(d.effect).targets[0])
    return [Hit(u, lv) for lv in levels(s, u)]


def apply_sink(s: RebellionState, d: DamageSink, a: Action) -> None:
    assert isinstance(a, Hit)
    s.stack.pop()
    e = effect_of(d.effect)
    nxt = DamageSource(player=d.player, card=d.card, left=e.amount, unit=a.unit, damage=a.damage)
    if len(legal_source(s, nxt)) > 1:
        s.stack.append(nxt)
    advance(s)


def legal_source(s: RebellionState, d: DamageSource) -> list[Action]:
    """Own damaged ground figures other than the sink, then ``stop``."""
    out: list[Action] = []
    for u in UNITS_OF[d.player]:
        if F.theater[u] != GROUND:
            continue
        for lv in levels(s, u):
            if not lv:
                continue
            if u == d.unit and lv == d.damage and s.battle.damage[u].count(lv) < 2:
                continue  # the sink itself
            out.append(Repair(u, lv))
    out.append(Stop())
    return out


def apply_source(s: RebellionState, d: DamageSource, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Repair):
        dmg = s.battle.damage
        dmg[a.unit].remove(a.damage)
        if a.damage > 1:
            dmg[a.unit].append(a.damage - 1)
            dmg[a.unit].sort(reverse=True)
        s.emit(Repaired(side=d.player, unit=a.unit, damage=a.damage - 1))
        level = d.damage - 1 if (a.unit == d.unit and a.damage == d.damage) else d.damage
        new = add_damage(s, d.unit, level)
        nxt = DamageSource(player=d.player, card=d.card, left=d.left - 1, unit=d.unit, damage=new)
        if d.left > 1 and len(legal_source(s, nxt)) > 1:
            s.stack.append(nxt)
    advance(s)
