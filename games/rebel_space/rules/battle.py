"""Battles: the Psi exchange, comparing battle values, the winner's losses
(RS-17..RS-20, RS-22, RS-28).

Battle fields of the state: ``b_att`` and ``b_def`` (the two groups; ``b_def``
is empty when an unblocked group deals damage), ``b_space``, ``b_damage``,
``psi_turn`` / ``psi_passes`` (the alternating Psi exchange), ``battle_psi``
(Psi cards played in this battle), and for the winner's losses ``cas_units``,
``cas_budget`` and ``cas_picker`` (the losing player, who picks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import CASUALTY, PASS, Casualty, PlayPsi
from ..cards import EFFECT, IS_HERO, IS_PSI, PSIONIC, SHIP
from ..decisions import PickCasualty, PsiWindow, ask
from ..events import BattleFought, CardPlayed
from .common import ATTACHED, HAND, deal_damage, may_hold, without
from .copies import distinct_copies
from .units import (
    battle_value,
    controller,
    damage,
    destroy,
    discard_attached,
    has_active,
    set_host,
)

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState


def start_battle(
    s: RebelSpaceState, att: list[int], dfn: list[int], space: bool, *, damage: bool
) -> None:
    s.b_att = list(att)
    s.b_def = list(dfn)
    s.b_space = space
    s.b_damage = damage
    s.psi_turn = s.turn
    s.psi_passes = 0
    s.battle_psi = []
    s.step = "psi"


# ---------------------------------------------------------------- Psi (RS-22, RS-28)
def psionic_heroes(s: RebelSpaceState, p: int) -> list[int]:
    """``p``'s Psionic heroes taking part in the current battle."""
    side = s.b_att if p == s.turn else s.b_def
    return [c for c in side if PSIONIC[c] and controller(s, c) == p]


def step_psi(s: RebelSpaceState) -> None:
    """Attacker, then defender, alternately play Psi cards or pass; two passes
    in a row end the exchange. A side without a Psionic hero in the battle, or
    with every Psi card of its deck seen already, passes without a decision."""
    if s.psi_passes >= 2:
        s.step = "fight"
        return
    p = s.psi_turn
    if psionic_heroes(s, p) and may_hold(s, p, "psi"):
        s.stack.append(ask(PsiWindow, p))
    else:
        s.psi_passes += 1
        s.psi_turn = 1 - p


def legal_psi(s: RebelSpaceState, p: int) -> list[Action]:
    heroes = sorted(psionic_heroes(s, p))
    out: list[Action] = [
        PlayPsi(c, h)
        for c in distinct_copies(s, sorted(c for c in s.zones[HAND[p]] if IS_PSI[c]))
        for h in heroes
    ]
    out.append(PASS)
    return out


def apply_psi(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, PlayPsi):
        s.move(a.card, HAND[p], ATTACHED[p])
        set_host(s, a.card, a.hero)
        s.battle_psi = [*s.battle_psi, a.card]
        s.emit(CardPlayed(player=p, card=a.card, target=a.hero))
        s.psi_passes = 0
    else:
        s.psi_passes += 1
    s.psi_turn = 1 - p


# ---------------------------------------------------------------- the fight (RS-18, RS-20)
def group_damage(s: RebelSpaceState, group: list[int]) -> int:
    """Damage of an unblocked group; with an active Defense Shields of the
    defender, Ships deal none (RS-17)."""
    shields = has_active(s, 1 - s.turn, "defense_shields")
    return sum(0 if shields and SHIP[c] else damage(s, c) for c in group)


def step_fight(s: RebelSpaceState) -> None:
    att, dfn = s.b_att, s.b_def
    if s.b_damage:
        deal_damage(s, 1 - s.turn, group_damage(s, att))
        end_battle(s)
        return
    av = sum(battle_value(s, c, True) for c in att)
    dv = sum(battle_value(s, c, False) for c in dfn)
    attacker, defender = s.turn, 1 - s.turn
    if av == dv:
        both = s.options.tie_destroys_both
        s.emit(BattleFought(space=s.b_space, attack=av, defence=dv, loser=-1 if both else -2))
        if both:
            for c in att + dfn:
                destroy(s, c, "battle")
        end_battle(s)
        return
    if av > dv:
        loser, losers, winners, budget = defender, dfn, att, dv
    else:
        loser, losers, winners, budget = attacker, att, dfn, av
    s.emit(BattleFought(space=s.b_space, attack=av, defence=dv, loser=loser))
    s.cas_winner_attacks = winners is att
    for c in losers:
        destroy(s, c, "battle")
    s.cas_units = list(winners)
    s.cas_budget = budget
    s.cas_picker = loser
    s.step = "casualty"


# ---------------------------------------------------------------- winner's losses (RS-19)
def casualty_options(s: RebelSpaceState) -> list[int]:
    """Units of the winning group the loser may pick next: each must fit the
    value left; a hero only when no non-hero fits; none once one unit is left."""
    units = s.cas_units
    if len(units) <= 1:
        return []
    attacking = s.cas_winner_attacks
    budget = s.cas_budget
    fitting = [c for c in units if battle_value(s, c, attacking) <= budget]
    others = [c for c in fitting if not IS_HERO[c]]
    return sorted(others or fitting)


def step_casualty(s: RebelSpaceState) -> None:
    if casualty_options(s):
        s.stack.append(ask(PickCasualty, s.cas_picker))
    else:
        end_battle(s)


def legal_casualty(s: RebelSpaceState, p: int) -> list[Action]:
    return [CASUALTY[c] for c in distinct_copies(s, casualty_options(s))]


def apply_casualty(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Casualty)
    s.cas_budget -= battle_value(s, a.card, s.cas_winner_attacks)
    s.cas_units = without(s.cas_units, a.card)
    destroy(s, a.card, "battle losses")


def end_battle(s: RebelSpaceState) -> None:
    """Psi cards still on heroes are discarded (RS-22); on to the next group."""
    attached = s.zones[ATTACHED[0]] + s.zones[ATTACHED[1]]
    for c in s.battle_psi:
        if c in attached and EFFECT[c] == "psi":
            discard_attached(s, c)
    s.battle_psi = []
    s.b_att, s.b_def, s.cas_units = [], [], []
    s.cas_budget = 0
    s.cur += 1
    s.step = "resolve"
