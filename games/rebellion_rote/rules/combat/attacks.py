"""Attacks (research §5.3, §8.6): the roll, the combat actions (the leader reroll and
specials spent to remove damage), the opponent's prevention, and each die assigned.

A special the opponent prevents cannot be spent (RR-48): the attacker may spend a
special only while more are showing than the prevention names. The Master Yoda ring's
reroll of one die is a combat action too (:mod:`..rings`, RR-84).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Hit, Mark, Repair, Reroll, Spend, Stop, YodaReroll
from ...board import UNITS_OF
from ...data import REBEL
from ...decisions import AssignDamage, AttackActions, SpendSpecial
from ...events import DicePrevented, DiceRerolled, DiceRolled
from .. import dice as D
from ..rings import apply_combat_reroll, combat_reroll_options
from ..units import UNIT_FACTS as F
from .card_damage import shield_after
from .damage import add_damage, remove_damage, repair_levels
from .flow import advance, then
from .forces import GROUND, SPACE, attack_dice, in_theater, levels, protected, tactic_value

if TYPE_CHECKING:
    from ...state import RebellionState


def step_attack(s: RebellionState, p: int, th: int, extra: int) -> None:
    """``p``'s attack roll; ``extra`` 0 before One in a Million's window (RR-179), then the
    dice it set (:func:`..rebel_cards.unpack`)."""
    red, black, green = attack_dice(s, p, th)
    if not red + black + green:
        return
    bt = s.battle
    fixed: dict[str, list[str]] = {"red": [], "black": [], "green": []}
    if p == REBEL:
        from ..rebel_cards import open_million_attack, preset_faces, unpack

        if not extra and open_million_attack(s, th):
            return
        fixed = preset_faces(unpack(extra)) if extra else fixed
    bt.dice = (
        [("red", f) for f in fixed["red"] + D.roll(s.rng, "red", red - len(fixed["red"]))]
        + [
            ("black", f)
            for f in fixed["black"] + D.roll(s.rng, "black", black - len(fixed["black"]))
        ]
        + [
            ("green", f)
            for f in fixed["green"] + D.roll(s.rng, "green", green - len(fixed["green"]))
        ]
    )
    bt.marked = []
    bt.reroll_used = False
    if th == GROUND:
        bt.rolled[p] = True
    s.emit(DiceRolled(player=p, theater=th, dice=tuple(bt.dice)))
    then(s, ("assign", p, th, 0))
    if bt.black_as_red and p == REBEL and th == SPACE:
        then(s, ("as_red", p, th, 2))  # Target the Star Destroyers (RR-126)
    if legal_attack(s, AttackActions(player=p, theater=th))[:-1]:
        s.stack.append(AttackActions(player=p, theater=th))


def repairable(s: RebellionState, p: int, th: int, colour: str) -> list[Action]:
    return [
        Repair(u, lv)
        for u in UNITS_OF[p]
        if in_theater(u, th) and F.colour[u] == colour
        for lv in repair_levels(s, u)
    ]


def legal_attack(s: RebellionState, d: AttackActions) -> list[Action]:
    bt = s.battle
    out: list[Action] = []
    if not bt.reroll_used:
        value = tactic_value(s, d.player, d.theater)
        last = bt.marked[-1] if bt.marked else -1
        if len(bt.marked) < value:
            out.extend(Mark(i) for i in range(last + 1, len(bt.dice)))
        if bt.marked:
            out.append(Reroll())
    if not bt.no_repair[d.player]:
        for i, (colour, face) in enumerate(bt.dice):
            if (
                face == "special"
                and i not in bt.marked
                and not special_prevented(s, d.player, colour)
                and repairable(s, d.player, d.theater, colour)
            ):
                out.append(Spend(i))
    out.extend(combat_reroll_options(s, d.player))  # the Master Yoda ring (RR-84)
    out.append(Stop())
    return out


def special_prevented(s: RebellionState, p: int, colour: str) -> bool:
    """RR-48: the opponent's prevention of specials leaves ``p`` no special of ``colour``
    to spend: no more of them are showing than it names. (The prevented ones are removed
    at the start of Assign Damage; the attacker chooses them by spending the others.)"""
    bt = s.battle
    for c, icon, n in bt.prevent[1 - p]:
        if icon == "special" and (not c or c == colour):
            showing = sum(1 for dc, f in bt.dice if f == "special" and (not c or dc == c))
            if showing <= n:
                return True
    return False


def apply_attack(s: RebellionState, d: AttackActions, a: Action) -> None:
    bt = s.battle
    if isinstance(a, Mark):
        bt.marked.append(a.die)
        return advance(s)
    if isinstance(a, Reroll):
        faces = []
        for i in bt.marked:
            colour = bt.dice[i][0]
            face = D.roll(s.rng, colour, 1)[0]
            bt.dice[i] = (colour, face)
            faces.append(face)
        s.emit(DiceRerolled(player=d.player, dice=tuple(bt.marked), faces=tuple(faces)))
        bt.marked = []
        bt.reroll_used = True
        return advance(s)
    if isinstance(a, YodaReroll):
        apply_combat_reroll(s, d.player, a.die)
        return advance(s)
    if isinstance(a, Spend):
        colour = bt.dice[a.die][0]
        del bt.dice[a.die]
        bt.marked = []
        s.stack.append(SpendSpecial(player=d.player, theater=d.theater, colour=colour))
        return advance(s)
    s.stack.pop()
    advance(s)


def legal_spend(s: RebellionState, d: SpendSpecial) -> list[Action]:
    return repairable(s, d.player, d.theater, d.colour)


def apply_spend(s: RebellionState, d: SpendSpecial, a: Action) -> None:
    assert isinstance(a, Repair)
    s.stack.pop()
    remove_damage(s, a.unit, a.damage)
    advance(s)


def prevent(s: RebellionState, p: int) -> None:
    """The opponent's prevention: ``p`` removes his dice showing the icons it names."""
    bt = s.battle
    gone: list[int] = []
    for colour, icon, n in bt.prevent[1 - p]:
        for i, (c, f) in enumerate(bt.dice):
            if n and i not in gone and f == icon and (not colour or c == colour):
                gone.append(i)
                n -= 1
    if gone:
        s.emit(DicePrevented(player=p, dice=tuple(sorted(gone))))
        bt.dice = [x for i, x in enumerate(bt.dice) if i not in gone]


def hit_targets(s: RebellionState, p: int, th: int, die: int) -> list[Action]:
    colour, face = s.battle.dice[die]
    if face not in ("hit", "direct_hit"):
        return []
    direct = face == "direct_hit" or colour == "green"
    return [
        Hit(u, lv)
        for u in UNITS_OF[1 - p]
        if in_theater(u, th) and not protected(s, u) and (direct or F.colour[u] == colour)
        for lv in levels(s, u)
    ]


def step_assign(s: RebellionState, p: int, th: int, die: int) -> None:
    """Assign the attack's dice one by one, from die ``die`` on."""
    bt = s.battle
    if die == 0:
        prevent(s, p)
    for i in range(die, len(bt.dice)):
        options = hit_targets(s, p, th, i)
        if len(options) == 1:
            hit = options[0]
            assert isinstance(hit, Hit)
            add_damage(s, hit.unit, hit.damage)
        elif options:
            then(s, ("assign", p, th, i + 1))
            s.stack.append(AssignDamage(player=p, theater=th, die=i))
            return
    shield_after(s, 1 - p, th)


def legal_assign(s: RebellionState, d: AssignDamage) -> list[Action]:
    return hit_targets(s, d.player, d.theater, d.die)


def apply_assign(s: RebellionState, d: AssignDamage, a: Action) -> None:
    assert isinstance(a, Hit)
    s.stack.pop()
    add_damage(s, a.unit, a.damage)
    advance(s)
