"""Cinematic Combat (RR-01; research §5, §8.6, §8.7; the Rise of the Empire rulesheet).

A combat is fought in a system where both sides have units in one theater. The
current player (``Battle.attacker``) is the player whose turn it is.

1. **Add a leader.** Current player first, a side with no leader with tactic
   values in the system may add one from its pool (``join <leader>`` or ``pass``).
2. **Rounds**, each a space battle, then a ground battle (each only while both
   sides have units of that theater), then the retreat step:

   * before each battle, a Rebel Shield Generator takes one card back from the
     ground discard (one per generator, ground battle only); then each side
     chooses a tactic card of that theater face down, Rebels first, hidden until
     both are in (RR-15, RR-17); a side denied by the opponent's card plays none;
   * the cards are revealed and resolved, the current player first; a defender
     whose card can cancel picks first, and resolves first if he picks the
     cancel ability. A top ability needs a unit of the pictured type in the
     system; a unit destroyed by a tactic card still meets it, is removed once
     both cards are resolved and does not roll this round. Extra cards are
     chosen openly, can neither cancel nor be canceled. Played cards go to the
     discard; a deck emptied gets its discard back, but for the card just played;
   * attacks, the side attacking first then the other: roll the dice of all
     units of the theater (at most 5 red, 5 black, 3 green; each Rebel Ion Cannon
     takes 2 red dice off the Empire's space attack, before the cap); combat
     actions: once per attack the leader reroll of up to the best tactic value
     of the side's leaders there (``mark <die>`` in increasing order, then
     ``reroll``), and specials spent to remove 1 damage from an own unit of the
     die's colour (``spend <die>``, ``repair <unit> <damage>``); then the
     opponent's prevention removes dice, and each hit (on a unit of its colour)
     and direct hit (on any unit) is assigned die by die (``hit <unit> <damage>``,
     forced when only one figure fits); every die that can be assigned must be;
   * damage stays; at the end of each battle every unit of the theater with
     damage at least its health is destroyed;
   * end of round: a side whose only ground units are structures, facing enemy
     ground units, loses them unless it rolled a die in this round's ground
     battle (§8.6); a Death Star Under Construction that is the Empire's only ship
     against Rebel ships is destroyed (and the Death Star queued with it);
   * retreat, current player first (§5.4).
3. The combat ends when no theater is shared any more. All damage is removed.

Units that cannot be damaged: the Death Star (no health), and a Death Star or
Death Star Under Construction in a system with a Shield Bunker (it can be
neither damaged nor destroyed). The Golan Arms Turret rolls in the ground battle
(RR-23).

Every ability of the 32 cards is built. Some notes on them:

* Ion Blast: the figure it damaged may not remove damage for the rest of that
  battle; when more damage goes on a figure of its type and damage, that figure
  takes it (the choice can only help the one dealing it).
* Armored Position, Planetary Shield: when resolved, up to 3 damage moves, one at
  a time, from other own ground figures onto one figure of the named type
  (``hit`` names it, then ``repair`` each source, ``stop``).
* Tractor Beam, Rogue One, Confrontation act after the retreat step of the round
  (FAQ: Tractor Beam after the retreats, never on a leader who retreated; Rebels'
  first, RR-16). Rogue One rescues the captured leader: no card of the pack
  places target markers, so there is no marker to remove instead. Confrontation
  marks an Imperial leader in the system, eliminated at the end of the Command
  Phase, and the card leaves the game (``tactics_removed_<side>``).
* Escape Plan: the side's retreat, at once; if it retreated, the Imperial card is
  canceled (so a defender holding it picks first).
* Deployment: the gained triangle ground unit (Rebel Trooper or Rebel Vanguard)
  fights in the round's ground battle, which follows whenever both sides have
  ground units there.

The Rebel ships must retreat, or are destroyed if they cannot, when they are
Rebel Transports alone against Imperial ships (§5.4), or when the only Imperial
ship is a Death Star silenced by Ion Cannons with no Imperial ground unit there
(FAQ; Death Star Plans is an objective, not in play yet). A retreating unit is
the most damaged figure of its type (its damage is removed as it leaves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import (
    Destroy,
    Hit,
    Join,
    Mark,
    Move,
    Pass,
    Place,
    Repair,
    Reroll,
    Retreat,
    Spend,
    Stop,
    SystemChoice,
    Tactic,
    Target,
    UseAbility,
)
from ..battle import Battle
from ..board import (
    BOARD,
    OFF,
    SIDE_OF_UNIT,
    UNITS_OF,
    capture,
    empire_wins,
    rescue,
    rescue_due,
    update_subjugation,
)
from ..data import (
    ADJACENT,
    IMPERIAL,
    LEADERS,
    REBEL,
    TACTICS,
    Ability,
    Effect,
    TacticCard,
    unit_id,
)
from ..decisions import (
    AssignDamage,
    AttackActions,
    CardDamage,
    CardDestroy,
    CardRepair,
    ChooseAbility,
    ChooseLeader,
    ChooseTactic,
    Combat,
    CommandTurn,
    DamageSink,
    DamageSource,
    GainChoice,
    RetreatChoice,
    RetreatTo,
    RetreatUnits,
    Retrieve,
    SpendSpecial,
)
from ..events import (
    AbilityResolved,
    Captured,
    CardCanceled,
    CardRetrieved,
    CombatBegan,
    CombatEnded,
    Damaged,
    DicePrevented,
    DiceRerolled,
    DiceRolled,
    GameOver,
    LeaderJoined,
    LeaderMarked,
    Repaired,
    Rescued,
    Retreated,
    Subjugation,
    TacticChosen,
    TacticsRevealed,
    UnitGained,
    UnitsDestroyed,
)
from ..ids import tactic_card, tactic_of
from . import dice as D
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = ["THEATERS", "start_combat"]

THEATERS = ("space", "ground")
SPACE, GROUND = 0, 1
NONE_, TOP, BOTTOM = 0, 1, 2
ENERGY_SHIELD = next(
    i
    for i, t in enumerate(TACTICS)
    if any(e.condition == "after_opponent_assigns" for e in t.top.effects)
)
DEATH_STAR = unit_id("Death Star")
TRANSPORT = unit_id("Rebel Transport")
DSUC = unit_id("Death Star Under Construction")
SHIELD_BUNKER = unit_id("Shield Bunker")
SHIELD_GENERATOR = unit_id("Shield Generator")
ION_CANNON = unit_id("Ion Cannon")
INTERDICTOR = unit_id("Interdictor")


# ================================================================ figures
def in_theater(u: int, th: int) -> bool:
    return F.theater[u] == th


def figures(s: RebellionState, u: int) -> int:
    """Figures of type ``u`` in the combat that are not doomed by a tactic card."""
    bt = s.battle
    return s.board.units[bt.system][u] - bt.doomed.count(u)


def levels(s: RebellionState, u: int) -> list[int]:
    """The distinct damage levels of the (not doomed) figures of ``u``, highest first."""
    n = figures(s, u)
    if n <= 0:
        return []
    dmg = s.battle.damage[u]
    out = sorted(set(dmg[:n]), reverse=True)
    if n > len(dmg):
        out.append(0)
    return out


def protected(s: RebellionState, u: int) -> bool:
    """A unit that cannot be damaged: the Death Star (no health), and a Death Star or Death
    Star Under Construction in a system with a Shield Bunker (ROTE)."""
    if F.health[u] == 0:
        return True
    return u in (DEATH_STAR, DSUC) and s.board.units[s.battle.system][SHIELD_BUNKER] > 0


def add_damage(s: RebellionState, u: int, level: int, n: int = 1) -> int:
    """Put ``n`` damage on a figure of ``u`` that has ``level`` now; return its new damage."""
    bt = s.battle
    dmg = bt.damage[u]
    if level:
        dmg.remove(level)
    dmg.append(level + n)
    dmg.sort(reverse=True)
    if (u, level) in bt.frozen:  # a figure that may not remove damage takes it first
        bt.frozen.remove((u, level))
        bt.frozen.append((u, level + n))
    bt.last_hit = (u, level + n)
    s.emit(Damaged(side=SIDE_OF_UNIT[u], unit=u, damage=level + n))
    return level + n


def repair_levels(s: RebellionState, u: int) -> list[int]:
    """Damage levels of ``u``'s figures that may remove damage now."""
    bt = s.battle
    return [lv for lv in levels(s, u) if lv and bt.damage[u].count(lv) > bt.frozen.count((u, lv))]


def remove_damage(s: RebellionState, u: int, level: int) -> None:
    dmg = s.battle.damage[u]
    dmg.remove(level)
    if s.battle.last_hit == (u, level):
        s.battle.last_hit = (u, level - 1)
    if level > 1:
        dmg.append(level - 1)
        dmg.sort(reverse=True)
    s.emit(Repaired(side=SIDE_OF_UNIT[u], unit=u, damage=level - 1))


def destroy_figures(s: RebellionState, u: int, n: int, reason: str) -> None:
    """Remove ``n`` figures of ``u`` from the combat's system (the least damaged last)."""
    bt = s.battle
    s.board.remove_unit(u, bt.system, n)
    lost(s, u)
    keep = s.board.units[bt.system][u]
    del bt.damage[u][keep:]
    s.emit(UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason=reason))


def lost(s: RebellionState, u: int) -> None:
    """Note a destroyed ground unit (Confrontation looks at the round's losses)."""
    if F.theater[u] == GROUND:
        s.battle.ground_lost[SIDE_OF_UNIT[u]] = True
    if u == DSUC:
        lose_queued_death_star(s)


def side_units(s: RebellionState, side: int, th: int) -> list[int]:
    """``side``'s unit types with figures in the combat, in theater ``th`` (-1: any)."""
    row = s.board.units[s.battle.system]
    return [u for u in UNITS_OF[side] if row[u] and (th < 0 or F.theater[u] == th)]


def shares(s: RebellionState, th: int) -> bool:
    """Both sides have units of ``th`` here; a destroyed system has no ground battle (§6.2)."""
    if th == GROUND and s.board.destroyed[s.battle.system]:
        return False
    return bool(side_units(s, REBEL, th)) and bool(side_units(s, IMPERIAL, th))


def tactic_value(s: RebellionState, side: int, th: int) -> int:
    """The best tactic value of ``side``'s leaders (not captured) in the system."""
    b = s.board
    return max(
        (
            (LEADERS[x].space, LEADERS[x].ground)[th]
            for x in b.leaders_at(s.battle.system, side)
            if x != b.captured
        ),
        default=0,
    )


# ================================================================ start and agenda
def start_combat(s: RebellionState, system: int, attacker: int, after: str) -> None:
    """Begin a combat in ``system``; ``after`` is "activation" or "reveal"."""
    bt = Battle(system=system, attacker=attacker, after=after)
    bt.first = [attacker, attacker]
    if after == "activation":
        bt.came_from = moved_from(s, attacker, system)
    s.battle = bt
    s.emit(CombatBegan(system=system, attacker=attacker))
    bt.steps = [("join", attacker, -1, 0), ("join", 1 - attacker, -1, 0), ("round", -1, -1, 0)]
    advance(s)


def moved_from(s: RebellionState, player: int, system: int) -> list[int]:
    """The sources of the units ``player`` moved into ``system`` in the last activation."""
    out: list[int] = []
    for ev in reversed(s.log):
        if ev.kind == "activated":
            break
        if ev.kind == "moved" and getattr(ev, "dst", -1) == system:
            src = getattr(ev, "src", -1)
            if src not in out:
                out.append(src)
    return sorted(out)


def advance(s: RebellionState) -> None:
    """Run the combat's agenda until a step needs a decision or the combat is over."""
    bt = s.battle
    while not s.is_terminal:
        if s.stack and _is_combat_decision(s):
            return
        if not bt.steps:
            end_combat(s)
            return
        name, p, th, extra = bt.steps.pop(0)
        STEPS[name](s, p, th, extra)


def _is_combat_decision(s: RebellionState) -> bool:
    return type(s.stack[-1]) in COMBAT_DECISIONS


def then(s: RebellionState, *steps: tuple[str, int, int, int]) -> None:
    """Put ``steps`` at the front of the agenda."""
    s.battle.steps[0:0] = list(steps)


def step_join(s: RebellionState, p: int, th: int, extra: int) -> None:
    if joinable(s, p):
        s.stack.append(Combat(player=p, system=s.battle.system, after=s.battle.after))


def joinable(s: RebellionState, p: int) -> list[int]:
    """Pool leaders ``p`` may add: only while no leader of ``p`` with tactic values is there."""
    b = s.board
    here = [x for x in b.leaders_at(s.battle.system, p) if x != b.captured]
    if any(LEADERS[x].can_activate for x in here):
        return []
    return [x for x in b.pool(p) if LEADERS[x].can_activate]


def legal_join(s: RebellionState, d: Combat) -> list[Action]:
    return [*(Join(x) for x in joinable(s, d.player)), Pass()]


def apply_join(s: RebellionState, d: Combat, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Join):
        b = s.board
        b.leader_loc[a.leader] = d.system
        b.leader_status[a.leader] = BOARD
        s.emit(LeaderJoined(player=d.player, leader=a.leader, system=d.system))
    advance(s)


def step_round(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    bt.round += 1
    bt.rolled = [False, False]
    bt.ground_lost = [False, False]
    bt.round_end = [[], []]
    then(
        s,
        ("battle", -1, SPACE, 0),
        ("battle", -1, GROUND, 0),
        ("round_end", -1, -1, 0),
        ("retreat", bt.attacker, -1, 0),
        ("retreat", 1 - bt.attacker, -1, 0),
        ("after_retreat", REBEL, -1, 0),
        ("after_retreat", IMPERIAL, -1, 0),
        ("next", -1, -1, 0),
    )


def step_battle(s: RebellionState, p: int, th: int, extra: int) -> None:
    """One battle of theater ``th``: cards, attacks, destruction."""
    if not shares(s, th):
        return
    bt = s.battle
    bt.chosen = [-1, -1]
    bt.revealed = False
    bt.canceled = [False, False]
    bt.picked = [-1, -1]
    bt.prevent = [[], []]
    bt.no_repair = [False, False]
    bt.shield = [0, 0]
    bt.frozen = []
    first = bt.first[th]
    steps: list[tuple[str, int, int, int]] = []
    if th == GROUND:
        n = s.board.units[bt.system][SHIELD_GENERATOR]
        if n:
            steps.append(("retrieve", REBEL, th, n))
    steps += [
        ("choose", REBEL, th, 0),
        ("choose", IMPERIAL, th, 0),
        ("reveal", -1, th, 0),
        ("resolve", -1, th, 0),
        ("remove_doomed", -1, th, 0),
        ("attack", first, th, 0),
        ("attack", 1 - first, th, 0),
        ("destroy", -1, th, 0),
    ]
    then(s, *steps)


# ================================================================ tactic cards
def deck(s: RebellionState, p: int, th: int) -> list[int]:
    return s.zones[f"tactics_{p}_{THEATERS[th]}"].cards


def step_retrieve(s: RebellionState, p: int, th: int, left: int) -> None:
    if s.zones[f"tactic_discard_{p}_{THEATERS[th]}"].cards:
        s.stack.append(Retrieve(player=p, left=left))


def legal_retrieve(s: RebellionState, d: Retrieve) -> list[Action]:
    cards = s.zones[f"tactic_discard_{d.player}_ground"].cards
    return [*(Tactic(tactic_of(c)) for c in sorted(cards)), Pass()]


def apply_retrieve(s: RebellionState, d: Retrieve, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Tactic):
        p = d.player
        dc, dk = s.zones[f"tactic_discard_{p}_ground"], s.zones[f"tactics_{p}_ground"]
        s.move(tactic_card(a.card), dc, dk)
        s.emit(CardRetrieved(player=p, card=a.card))
        if d.left > 1:
            then(s, ("retrieve", p, GROUND, d.left - 1))
    advance(s)


def step_choose(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    if bt.denied[p][th] == bt.round or not deck(s, p, th):
        return
    s.stack.append(ChooseTactic(player=p, theater=th, extra=bool(extra)))


def legal_choose(s: RebellionState, d: ChooseTactic) -> list[Action]:
    return [Tactic(tactic_of(c)) for c in sorted(deck(s, d.player, d.theater))]


def apply_choose(s: RebellionState, d: ChooseTactic, a: Action) -> None:
    assert isinstance(a, Tactic)
    s.stack.pop()
    if d.extra:
        s.emit(TacticsRevealed(cards=(a.card, -1) if d.player == REBEL else (-1, a.card)))
        then(s, ("pick", d.player, d.theater, a.card + 100))
    else:
        s.battle.chosen[d.player] = a.card
        s.emit(TacticChosen(player=d.player, card=a.card, to=(d.player,)))
    advance(s)


def step_reveal(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    bt.revealed = True
    s.emit(TacticsRevealed(cards=(bt.chosen[REBEL], bt.chosen[IMPERIAL])))


def cancels(card: TacticCard) -> bool:
    return any(e.kind == "cancel" for e in card.top.effects)


def step_resolve(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The current player resolves first, unless the defender's card can cancel: then the
    defender picks first, and resolves first if he picks the cancel ability."""
    bt = s.battle
    att, dfd = bt.attacker, 1 - bt.attacker
    c = bt.chosen[dfd]
    if c >= 0 and cancels(TACTICS[c]) and usable(s, dfd, TACTICS[c].top):
        bt.picked[dfd] = -1
        then(
            s,
            ("pick_first", dfd, th, c),
            ("pick", att, th, bt.chosen[att]),
            ("picked", dfd, th, c),
        )
    else:
        then(s, ("pick", att, th, bt.chosen[att]), ("pick", dfd, th, bt.chosen[dfd]))


def step_pick_first(s: RebellionState, p: int, th: int, card: int) -> None:
    s.stack.append(ChooseAbility(player=p, card=card, first=True))


def usable(s: RebellionState, p: int, ab: Ability) -> bool:
    """An ability can be resolved: its unit is in the system, and all of it is built."""
    if ab.requires:
        return s.board.units[s.battle.system][unit_id(ab.requires)] > 0
    return True


def step_pick(s: RebellionState, p: int, th: int, card: int) -> None:
    """``card`` + 100 marks an extra card (never canceled)."""
    extra = card >= 100
    c = card - 100 if extra else card
    if c < 0:
        return
    if not extra and s.battle.canceled[p]:
        s.emit(CardCanceled(player=p, card=c))
        discard(s, p, th, c)
        return
    s.stack.append(ChooseAbility(player=p, card=c, extra=extra))


def legal_ability(s: RebellionState, d: ChooseAbility) -> list[Action]:
    card = TACTICS[d.card]
    out: list[Action] = [UseAbility(NONE_)]
    if usable(s, d.player, card.top) and not (d.extra and cancels(card)):
        out.append(UseAbility(TOP))
    if usable(s, d.player, card.bottom):
        out.append(UseAbility(BOTTOM))
    return out


def apply_ability(s: RebellionState, d: ChooseAbility, a: Action) -> None:
    assert isinstance(a, UseAbility)
    s.stack.pop()
    th = THEATERS.index(TACTICS[d.card].theater)
    if d.first and a.which != TOP:
        s.battle.picked[d.player] = a.which  # resolved after the current player's card
    else:
        resolve(s, d.player, d.card, a.which, th)
    advance(s)


def step_picked(s: RebellionState, p: int, th: int, card: int) -> None:
    """The defender's card, picked before the current player's, resolves now (if it did
    not resolve first)."""
    bt = s.battle
    which = bt.picked[p]
    if which < 0:
        return
    bt.picked[p] = -1
    if bt.canceled[p]:
        s.emit(CardCanceled(player=p, card=card))
        discard(s, p, th, card)
        return
    resolve(s, p, card, which, th)


def resolve(s: RebellionState, p: int, c: int, which: int, th: int) -> None:
    """Resolve ability ``which`` of card ``c`` for ``p``: its effects go on the agenda."""
    s.emit(AbilityResolved(player=p, card=c, which=which))
    discard(s, p, th, c)
    if which == NONE_:
        return
    ab = (TACTICS[c].top, TACTICS[c].bottom)[which - 1]
    then(s, *(("effect", p, th, c * 16 + which * 4 + i) for i in range(len(ab.effects))))


def discard(s: RebellionState, p: int, th: int, c: int) -> None:
    """The played card goes to the discard; an emptied deck takes the others back."""
    name = THEATERS[th]
    dk, dc = s.zones[f"tactics_{p}_{name}"], s.zones[f"tactic_discard_{p}_{name}"]
    s.move(tactic_card(c), dk, dc)
    if not dk.cards:
        for other in [x for x in dc.cards if x != tactic_card(c)]:
            s.move(other, dc, dk)


# ================================================================ effects
def step_effect(s: RebellionState, p: int, th: int, code: int) -> None:
    """Effect ``code`` = card * 16 + ability * 4 + index of the effect in the ability."""
    EFFECTS[effect_of(code).kind](s, p, th, code)


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


def effect_of(code: int) -> Effect:
    c, which, i = code // 16, code % 16 // 4, code % 4
    return (TACTICS[c].top, TACTICS[c].bottom)[which - 1].effects[i]


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


def step_remove_doomed(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    for u in sorted(set(bt.doomed)):
        n = bt.doomed.count(u)
        s.board.remove_unit(u, bt.system, n)
        lost(s, u)
        s.emit(UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason="tactic"))
    bt.doomed = []
    after_destruction(s)


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
    s.battle.first[th] = 1 - p


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


# ================================================================ attacks
def attack_dice(s: RebellionState, p: int, th: int) -> tuple[int, int, int]:
    """(red, black, green) dice of ``p``'s units of ``th`` that roll this round, capped."""
    bt = s.battle
    row = s.board.units[bt.system]
    red = black = green = 0
    for u in UNITS_OF[p]:
        n = row[u] - bt.doomed.count(u)
        if n > 0 and F.theater[u] == th:
            red += n * F.red[u]
            black += n * F.black[u]
            green += n * F.green[u]
    if p == IMPERIAL and th == SPACE:
        red = max(0, red - 2 * row[ION_CANNON])
    return min(red, D.COMBAT_CAP), min(black, D.COMBAT_CAP), min(green, D.GREEN_CAP)


def step_attack(s: RebellionState, p: int, th: int, extra: int) -> None:
    red, black, green = attack_dice(s, p, th)
    if not red + black + green:
        return
    bt = s.battle
    bt.dice = (
        [("red", f) for f in D.roll(s.rng, "red", red)]
        + [("black", f) for f in D.roll(s.rng, "black", black)]
        + [("green", f) for f in D.roll(s.rng, "green", green)]
    )
    bt.marked = []
    bt.reroll_used = False
    if th == GROUND:
        bt.rolled[p] = True
    s.emit(DiceRolled(player=p, theater=th, dice=tuple(bt.dice)))
    then(s, ("assign", p, th, 0))
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
                and repairable(s, d.player, d.theater, colour)
            ):
                out.append(Spend(i))
    out.append(Stop())
    return out


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


def shield_after(s: RebellionState, p: int, th: int) -> None:
    """Energy Shield: ``p`` removes damage from his ships once the opponent has assigned."""
    bt = s.battle
    if bt.shield[p] and th == SPACE:
        n, bt.shield[p] = bt.shield[p], 0
        d = CardRepair(player=p, card=ENERGY_SHIELD, effect=ENERGY_SHIELD * 16 + TOP * 4, left=n)
        if len(legal_card_repair(s, d)) > 1:
            s.stack.append(d)


def legal_assign(s: RebellionState, d: AssignDamage) -> list[Action]:
    return hit_targets(s, d.player, d.theater, d.die)


def apply_assign(s: RebellionState, d: AssignDamage, a: Action) -> None:
    assert isinstance(a, Hit)
    s.stack.pop()
    add_damage(s, a.unit, a.damage)
    advance(s)


def step_destroy(s: RebellionState, p: int, th: int, extra: int) -> None:
    """End of a battle: every unit of the theater with damage at least its health goes."""
    bt = s.battle
    for u in range(len(bt.damage)):
        if not in_theater(u, th) or not bt.damage[u] or protected(s, u):
            continue
        n = sum(1 for x in bt.damage[u] if x >= F.health[u])
        if n:
            bt.damage[u] = [x for x in bt.damage[u] if x < F.health[u]]
            s.board.remove_unit(u, bt.system, n)
            lost(s, u)
            s.emit(
                UnitsDestroyed(side=SIDE_OF_UNIT[u], unit=u, n=n, system=bt.system, reason="damage")
            )
            if u == DSUC:
                lose_queued_death_star(s)
    after_destruction(s)


def lose_queued_death_star(s: RebellionState) -> None:
    """The Death Star queued with a Death Star Under Construction goes with it (§7.4)."""
    if not any(row[DSUC] for row in s.board.units):
        for q in s.board.queue[IMPERIAL * 3 : IMPERIAL * 3 + 3]:
            while DEATH_STAR in q:
                q.remove(DEATH_STAR)
                s.emit(
                    UnitsDestroyed(side=IMPERIAL, unit=DEATH_STAR, n=1, system=-1, reason="queue")
                )


def after_destruction(s: RebellionState) -> None:
    """Units left a system: the Empire may have won (RR-18)."""
    if empire_wins(s.board, s.base):
        s.emit(GameOver(winner=IMPERIAL, reason="Imperial units hold the Rebel base's system"))
        s.finish([-1.0, 1.0])


# ================================================================ end of round, retreat
def step_round_end(s: RebellionState, p: int, th: int, extra: int) -> None:
    """Structures alone against enemy ground units (§8.6); a lone DSUC against ships."""
    bt = s.battle
    row = s.board.units[bt.system]
    lose = []
    for side in (REBEL, IMPERIAL):
        mine = side_units(s, side, GROUND)
        alone = mine and all(F.structure[u] for u in mine)
        if alone and side_units(s, 1 - side, GROUND) and not bt.rolled[side]:
            lose.extend(mine)
    for u in lose:
        destroy_figures(s, u, row[u], "structures alone")
    ships = side_units(s, IMPERIAL, SPACE)
    if ships == [DSUC] and side_units(s, REBEL, SPACE) and not protected(s, DSUC):
        destroy_figures(s, DSUC, row[DSUC], "alone against ships")
    after_destruction(s)


def retreat_destinations(s: RebellionState, p: int) -> list[int]:
    """Adjacent systems with no enemy unit, not one the opponent came from; those with
    ``p``'s units or loyalty if any, else those with no units (§5.4)."""
    b, bt = s.board, s.battle
    came = bt.came_from if p != bt.attacker else []
    ok = [x for x in ADJACENT[bt.system] if not b.has_units(x, 1 - p) and x not in came]
    own = [x for x in ok if b.has_units(x, p) or b.loyalty[x] == p]
    return own or [x for x in ok if not b.has_units(x, p)]


def can_retreat(s: RebellionState, p: int) -> list[int]:
    """The leaders ``p`` may retreat with (empty: no retreat)."""
    b, bt = s.board, s.battle
    row = b.units[bt.system]
    if bt.retreated[p] or not b.has_units(bt.system, 1 - p):
        return []
    if p == REBEL and row[INTERDICTOR]:
        return []
    if p == IMPERIAL and (row[DEATH_STAR] or row[DSUC]):
        return []
    if not any(row[u] and F.carrier[u] for u in UNITS_OF[p]):
        return []
    if not retreat_destinations(s, p):
        return []
    return [x for x in b.leaders_at(bt.system, p) if x != b.captured]


def step_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    forced = p == REBEL and rebel_ships_must_go(s)
    if can_retreat(s, p):
        s.stack.append(RetreatChoice(player=p, forced=forced))
    elif forced:
        for u in side_units(s, REBEL, SPACE):
            destroy_figures(s, u, s.board.units[s.battle.system][u], "could not retreat")
        after_destruction(s)


def rebel_ships_must_go(s: RebellionState) -> bool:
    """The Rebel ships must retreat or be destroyed: Rebel Transports alone against Imperial
    ships (§5.4), or a Death Star as the only Imperial ship, silenced by Ion Cannons, with
    no Imperial ground unit there (FAQ; Death Star Plans, an objective, is not in play)."""
    rebels = side_units(s, REBEL, SPACE)
    imperial = side_units(s, IMPERIAL, SPACE)
    if not rebels or not imperial:
        return False
    if rebels == [TRANSPORT]:
        return True
    return (
        imperial == [DEATH_STAR]
        and attack_dice(s, IMPERIAL, SPACE) == (0, 0, 0)
        and not side_units(s, IMPERIAL, GROUND)
    )


def legal_retreat(s: RebellionState, d: RetreatChoice) -> list[Action]:
    out: list[Action] = [Retreat(x) for x in can_retreat(s, d.player)]
    return out if d.forced else [*out, Pass()]


def step_after_retreat(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The end-of-round abilities of ``p``'s cards this round, after the retreat step."""
    bt = s.battle
    for what in bt.round_end[p]:
        if what == "rescue":
            rogue_one(s)
        elif what == "capture" and not side_units(s, REBEL, SPACE) and enemy_leaders(s, p):
            then(s, ("leader", p, -1, -1))
        elif what.startswith("confront:") and confrontation_due(s, p):
            c = int(what.split(":")[1])
            remove_card(s, p, c)
            if enemy_leaders(s, p):
                then(s, ("leader", p, -1, c))
    bt.round_end[p] = []


def rogue_one(s: RebellionState) -> None:
    """If any unit retreated this round, the captured leader is rescued (no card of the
    pack places target markers, so there is no marker to remove instead)."""
    b, bt = s.board, s.battle
    if b.captured != OFF and bt.round in bt.retreat_round:
        leader = b.captured
        s.emit(Rescued(leader=leader, dst=rescue(b, leader, s.base)))


def confrontation_due(s: RebellionState, p: int) -> bool:
    """The opponent's last ground unit here was destroyed this round."""
    bt = s.battle
    return bt.ground_lost[1 - p] and not side_units(s, 1 - p, GROUND)


def remove_card(s: RebellionState, p: int, c: int) -> None:
    """Tactic card ``c`` leaves the game (from the discard, or the deck it went back to)."""
    card = tactic_card(c)
    theater = TACTICS[c].theater
    for name in (f"tactic_discard_{p}_{theater}", f"tactics_{p}_{theater}"):
        if card in s.zones[name].cards:
            s.move(card, s.zones[name], s.zones[f"tactics_removed_{p}"])
            return


def enemy_leaders(s: RebellionState, p: int) -> list[int]:
    b = s.board
    return [x for x in b.leaders_at(s.battle.system, 1 - p) if x != b.captured]


def step_leader(s: RebellionState, p: int, th: int, card: int) -> None:
    why = "capture" if card < 0 else "confront"
    s.stack.append(ChooseLeader(player=p, why=why, card=card))


def legal_leader(s: RebellionState, d: ChooseLeader) -> list[Action]:
    return [Target(x) for x in enemy_leaders(s, d.player)]


def apply_leader(s: RebellionState, d: ChooseLeader, a: Action) -> None:
    """Tractor Beam captures the leader; Confrontation marks him for elimination at the end
    of the Command Phase (the card has left the game)."""
    assert isinstance(a, Target)
    s.stack.pop()
    b = s.board
    if d.why == "capture":
        before = capture(b, a.leader)
        s.emit(Captured(leader=a.leader, system=s.battle.system))
        if before != OFF:
            s.emit(Rescued(leader=before, dst=rescue(b, before, s.base)))
    else:
        s.doomed_leaders.append(a.leader)
        s.emit(LeaderMarked(leader=a.leader))
    advance(s)


def apply_retreat(s: RebellionState, d: RetreatChoice, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Retreat):
        s.stack.append(RetreatTo(player=d.player, leader=a.leader))
    advance(s)


def legal_retreat_to(s: RebellionState, d: RetreatTo) -> list[Action]:
    return [SystemChoice(x) for x in retreat_destinations(s, d.player)]


def apply_retreat_to(s: RebellionState, d: RetreatTo, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    bt = s.battle
    s.board.leader_loc[d.leader] = a.system
    bt.retreated[d.player] = True
    bt.retreat_round[d.player] = bt.round
    s.emit(Retreated(player=d.player, leader=d.leader, src=bt.system, dst=a.system))
    s.stack.append(RetreatUnits(player=d.player, dst=a.system, spare=0))
    advance(s)


def legal_retreat_units(s: RebellionState, d: RetreatUnits) -> list[Action]:
    b, bt = s.board, s.battle
    row = b.units[bt.system]
    out: list[Action] = []
    ships_left = False
    for u in UNITS_OF[d.player]:
        if not row[u] or F.immobile[u]:
            continue
        if F.carried[u]:
            if d.spare > 0:
                out.append(Move(u, bt.system))
        else:
            ships_left = True
            out.append(Move(u, bt.system))
    if not ships_left and d.moved:
        out.append(Stop())
    return out


def apply_retreat_units(s: RebellionState, d: RetreatUnits, a: Action) -> None:
    s.stack.pop()
    bt = s.battle
    if isinstance(a, Stop):
        recompute(s, bt.system)
        recompute(s, d.dst)
        advance(s)
        return
    assert isinstance(a, Move)
    u = a.unit
    s.board.remove_unit(u, bt.system)
    s.board.add_unit(u, d.dst)
    if len(bt.damage[u]) > s.board.units[bt.system][u]:
        del bt.damage[u][0]  # the most damaged figure leaves; its damage is removed
    spare = d.spare - 1 if F.carried[u] else d.spare + F.capacity[u]
    s.stack.append(RetreatUnits(player=d.player, dst=d.dst, spare=spare, moved=d.moved + 1))
    advance(s)


def recompute(s: RebellionState, x: int) -> None:
    if update_subjugation(s.board, x):
        s.emit(Subjugation(system=x, on=s.board.subjugated[x]))


def step_next(s: RebellionState, p: int, th: int, extra: int) -> None:
    """Another round while a theater is shared."""
    if shares(s, SPACE) or shares(s, GROUND):
        then(s, ("round", -1, -1, 0))


def end_combat(s: RebellionState) -> None:
    """All damage is removed; the activated system's subjugation, rescue, then play goes on."""
    bt = s.battle
    s.emit(CombatEnded(system=bt.system, rounds=bt.round))
    s.battle = Battle()
    b = s.board
    recompute(s, bt.system)
    if rescue_due(b):
        leader = b.captured
        s.emit(Rescued(leader=leader, dst=rescue(b, leader, s.base)))
    after_destruction(s)
    if s.is_terminal:
        return
    if bt.after == "reveal":
        s.stack.append(CommandTurn(player=bt.attacker))
        return
    from .command import next_turn

    next_turn(s, bt.attacker)


STEPS = {
    "join": step_join,
    "round": step_round,
    "battle": step_battle,
    "retrieve": step_retrieve,
    "choose": step_choose,
    "reveal": step_reveal,
    "resolve": step_resolve,
    "pick": step_pick,
    "pick_first": step_pick_first,
    "picked": step_picked,
    "effect": step_effect,
    "remove_doomed": step_remove_doomed,
    "attack": step_attack,
    "assign": step_assign,
    "destroy": step_destroy,
    "round_end": step_round_end,
    "retreat": step_retreat,
    "after_retreat": step_after_retreat,
    "leader": step_leader,
    "next": step_next,
}

COMBAT_DECISIONS = frozenset(
    {
        Combat,
        ChooseTactic,
        ChooseAbility,
        Retrieve,
        CardDamage,
        CardDestroy,
        CardRepair,
        AttackActions,
        SpendSpecial,
        AssignDamage,
        RetreatChoice,
        RetreatTo,
        RetreatUnits,
        GainChoice,
        DamageSink,
        DamageSource,
        ChooseLeader,
    }
)

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    GainChoice: (legal_gain, apply_gain),
    DamageSink: (legal_sink, apply_sink),
    DamageSource: (legal_source, apply_source),
    ChooseLeader: (legal_leader, apply_leader),
    Combat: (legal_join, apply_join),
    Retrieve: (legal_retrieve, apply_retrieve),
    ChooseTactic: (legal_choose, apply_choose),
    ChooseAbility: (legal_ability, apply_ability),
    CardDamage: (legal_card_damage, apply_card_damage),
    CardDestroy: (legal_card_destroy, apply_card_destroy),
    CardRepair: (legal_card_repair, apply_card_repair),
    AttackActions: (legal_attack, apply_attack),
    SpendSpecial: (legal_spend, apply_spend),
    AssignDamage: (legal_assign, apply_assign),
    RetreatChoice: (legal_retreat, apply_retreat),
    RetreatTo: (legal_retreat_to, apply_retreat_to),
    RetreatUnits: (legal_retreat_units, apply_retreat_units),
}
