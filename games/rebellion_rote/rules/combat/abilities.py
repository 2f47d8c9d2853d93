"""The tactic-card abilities, looked up from one place: :data:`EFFECTS` maps each effect
kind of the card data to the function that resolves it. Effect ``code`` = card * 16 +
ability * 4 + index of the effect in the ability.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Place
from ...board import UNITS_OF
from ...data import unit_id
from ...decisions import GainChoice, RetreatChoice
from ...events import UnitGained
from ..units import UNIT_FACTS as F
from .card_damage import (
    effect_damage,
    effect_destroy,
    effect_move_damage,
    effect_of,
    effect_remove_damage,
)
from .flow import advance, then
from .forces import GROUND
from .retreat import can_retreat
from .tactics import deck

if TYPE_CHECKING:
    from ...state import RebellionState


def step_effect(s: RebellionState, p: int, th: int, code: int) -> None:
    """Effect ``code`` = card * 16 + ability * 4 + index of the effect in the ability."""
    EFFECTS[effect_of(code).kind](s, p, th, code)


def effect_prevent(s: RebellionState, p: int, th: int, code: int) -> None:
    e = effect_of(code)
    s.battle.prevent[p].append((e.colour, e.icon, e.amount))


def effect_gain(s: RebellionState, p: int, th: int, code: int) -> None:
    """Gain units from the supply straight into the system; a target word (Deployment's
    triangle ground unit) lets the player choose the type."""
    e = effect_of(code)
    for _ in range(e.amount):
        options = gain_options(s, p, code)
        if len(options) > 1:
            s.stack.append(GainChoice(player=p, card=code // 16, effect=code))
            return
        if options:
            gain(s, p, options[0].unit)


def gain_options(s: RebellionState, p: int, code: int) -> list[Place]:
    e = effect_of(code)
    word = e.targets[0]
    if word == "triangle":  # a triangle ground unit (Deployment, a space card)
        types = [u for u in UNITS_OF[p] if F.triangle[u] and F.theater[u] == GROUND]
    else:
        types = [unit_id(word)]
    return [Place(u, s.battle.system) for u in types if s.board.in_supply(u) > 0]


def gain(s: RebellionState, p: int, u: int) -> None:
    s.board.add_unit(u, s.battle.system)
    s.emit(UnitGained(side=p, unit=u, system=s.battle.system))


def legal_gain(s: RebellionState, d: GainChoice) -> list[Action]:
    return list(gain_options(s, d.player, d.effect))


def apply_gain(s: RebellionState, d: GainChoice, a: Action) -> None:
    assert isinstance(a, Place)
    s.stack.pop()
    gain(s, d.player, a.unit)
    advance(s)


def effect_ground_battle(s: RebellionState, p: int, th: int, code: int) -> None:
    """Deployment: the gained unit fights in this round's ground battle, which follows the
    space battle whenever both sides have ground units here (nothing more to do)."""


def effect_card_leaves(s: RebellionState, p: int, th: int, code: int) -> None:
    """Confrontation leaves the game when its leader is marked (see :func:`apply_leader`)."""


def effect_no_repair_target(s: RebellionState, p: int, th: int, code: int) -> None:
    """Ion Blast: the figure just damaged may not remove damage in this battle step."""
    u, lv = s.battle.last_hit
    if u >= 0 and lv > 0 and s.battle.damage[u].count(lv):
        s.battle.frozen.append((u, lv))


def effect_end_of_round(s: RebellionState, p: int, th: int, code: int) -> None:
    """Tractor Beam, Rogue One, Confrontation: resolved at the end of the round."""
    e = effect_of(code)
    what = {
        "capture_leader": "capture",
        "rescue_or_remove_marker": "rescue",
        "mark_elimination": f"confront:{code // 16}",
    }[e.kind]
    s.battle.round_end[p].append(what)


def effect_retreat_now(s: RebellionState, p: int, th: int, code: int) -> None:
    """Escape Plan: the retreat step, now (it is the side's one retreat of the combat)."""
    if can_retreat(s, p):
        s.stack.append(RetreatChoice(player=p))


def effect_cancel_if_retreated(s: RebellionState, p: int) -> bool:
    return s.battle.retreat_round[p] == s.battle.round


def effect_cancel(s: RebellionState, p: int, th: int, code: int) -> None:
    if effect_of(code).condition == "if_retreated" and not effect_cancel_if_retreated(s, p):
        return
    s.battle.canceled[1 - p] = True


def effect_extra(s: RebellionState, p: int, th: int, code: int) -> None:
    if deck(s, p, th):
        then(s, ("choose", p, th, 1))


def effect_deny(s: RebellionState, p: int, th: int, code: int) -> None:
    s.battle.denied[1 - p][th] = s.battle.round + 1


def effect_no_repair(s: RebellionState, p: int, th: int, code: int) -> None:
    s.battle.no_repair[1 - p] = True


def effect_first(s: RebellionState, p: int, th: int, code: int) -> None:
    """Energy Shield, Armored Position, Draw Their Fire, Planetary Shield (bottom): the
    opponent attacks first in this theater, from this round of battle on (the attacks
    read who attacks first when they begin, :func:`.flow.step_attacks`) to the end of
    the combat, or until another card changes it."""
    s.battle.first[th] = 1 - p


EFFECTS = {
    "damage": effect_damage,
    "destroy": effect_destroy,
    "prevent": effect_prevent,
    "gain_unit": effect_gain,
    "cancel": effect_cancel,
    "extra_card": effect_extra,
    "deny_card": effect_deny,
    "no_repair": effect_no_repair,
    "opponent_first": effect_first,
    "remove_damage": effect_remove_damage,
    "ground_battle": effect_ground_battle,
    "no_repair_target": effect_no_repair_target,
    "capture_leader": effect_end_of_round,
    "rescue_or_remove_marker": effect_end_of_round,
    "mark_elimination": effect_end_of_round,
    "eliminate_this_card": effect_card_leaves,
    "retreat_now": effect_retreat_now,
    "move_damage": effect_move_damage,
}
