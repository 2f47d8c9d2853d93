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
     both cards are resolved, does not roll this round and does not leave with a
     retreat made meanwhile (an Escape Plan, RR-191). Extra cards are
     chosen openly, can neither cancel nor be canceled (an
     extra Escape Plan still retreats, it just cancels nothing). Played cards go to the
     discard; a deck emptied gets its discard back, but for the card just played;
   * attacks, the side attacking first then the other (the current player, until
     a card changes it: the change acts from the round of battle in which the card
     is resolved to the end of the combat, or until another card changes it again;
     ROTE "Additional Cinematic Combat Rules"): roll the dice of all
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
   * Confrontation (below); retreat, current player first (§5.4); Rogue One, Tractor
     Beam.
3. The combat ends when no theater is shared any more, or when no die can decide it and
   neither side can damage the other in any way (RR-56, below). All damage is removed.

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
* Tractor Beam and Rogue One act after the retreat step of the round (FAQ: Tractor
  Beam after the retreats, never on a leader who retreated; Rebels' first, RR-16).
  Rogue One, if a unit retreated this round, rescues the captured leader or removes
  one target marker anywhere on the board, the Rebels choosing when both are
  possible (``target <leader>`` or ``remove_marker <system> <marker>``; RR-39).
  Confrontation acts at the end of the round before the retreat step (FAQ: its
  leader may retreat and is still eliminated): if the last Imperial ground unit
  there was destroyed this round, it marks an Imperial leader in the system,
  eliminated at the end of the Command Phase, and the card leaves the game
  (``tactics_removed_<side>``; RR-25).
* Escape Plan: the side's retreat, at once; if it retreated, the Imperial card is
  canceled (so a defender holding it picks first).
* Deployment: the gained triangle ground unit (Rebel Trooper or Rebel Vanguard)
  fights in the round's ground battle, which follows whenever both sides have
  ground units there.

The Rebel ships must retreat, or are destroyed if they cannot, when they are
Rebel Transports alone against Imperial ships (§5.4), or when the only Imperial
ship is a Death Star silenced by Ion Cannons with no Imperial ground unit there
(FAQ; unless Death Star Plans was rolled that round, RR-67). A retreating unit is
the most damaged figure of its type (its damage is removed as it leaves).

No combat loops (RR-56, :mod:`.stalemate`, the FAQ's rule in general): when in every
theater both sides share no die of either side could damage an enemy unit (a Death
Star or a Death Star Under Construction behind a Shield Bunker against Rebel ships, a
Death Star silenced by Ion Cannons), a side that cannot damage the enemy there in any
way, not even by a tactic card it could still play, while the enemy can, must retreat
at its retreat step; its units of that theater still there afterwards, all of them if
it cannot retreat, are destroyed. If neither side can damage the other in any way, the
combat ends after that round.

The mechanics, one module each:

* :mod:`.flow`: starting a combat, its agenda, rounds and battles, the end.
* :mod:`.leaders`: adding a leader.
* :mod:`.tactics`: choosing, revealing and resolving tactic cards.
* :mod:`.abilities`: the table of card abilities and those that set a rule.
* :mod:`.card_damage`: card abilities that damage, destroy, repair or move damage.
* :mod:`.attacks`: rolls, rerolls, specials, prevention, assignment.
* :mod:`.damage`: damage bookkeeping and destruction.
* :mod:`.retreat`: the retreat step.
* :mod:`.stalemate`: a combat no die can decide (RR-56).
* :mod:`.after_retreat`: Tractor Beam, Rogue One, Confrontation.
* :mod:`.forces`: the figures, units, dice and tactic values in the system.
* :mod:`.death_star_plans`: the objective's roll (played from the objective windows of
  :mod:`..objective_play`, RR-67).

The objective windows are agenda steps (``objectives``, RR-59): after each battle's
destruction, after the end-of-round destruction and at the end of the combat; the combat
tallies the objectives need (Imperial printed health destroyed by theater, Star
Destroyers destroyed, the battles fought, subjugation when the combat began, the combat's
objective played, Death Star Plans' round) live in :class:`...battle.Battle`.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop import Action

from ...actions import Place, Repair, Spend, Target
from ...decisions import (
    AssignDamage,
    AttackActions,
    CardDamage,
    CardDestroy,
    CardRepair,
    ChooseAbility,
    ChooseLeader,
    ChooseTactic,
    Combat,
    DamageSink,
    DamageSource,
    GainChoice,
    RetreatChoice,
    RetreatTo,
    RetreatUnits,
    Retrieve,
    RogueOne,
    SpendSpecial,
)
from ...ids import tactic_card
from ..objective_play import step_objectives
from .abilities import apply_gain, legal_gain, step_effect
from .after_retreat import (
    apply_leader,
    apply_rogue_one,
    legal_leader,
    legal_rogue_one,
    step_after_retreat,
    step_confrontation,
    step_leader,
    step_rogue_one,
)
from .attacks import (
    apply_assign,
    apply_attack,
    apply_spend,
    hit_targets,
    legal_assign,
    legal_attack,
    legal_spend,
    prevent,
    step_assign,
    step_attack,
)
from .card_damage import (
    apply_card_damage,
    apply_card_destroy,
    apply_card_repair,
    apply_sink,
    apply_source,
    legal_card_damage,
    legal_card_destroy,
    legal_card_repair,
    legal_sink,
    legal_source,
)
from .damage import add_damage, repair_levels, step_destroy, step_remove_doomed, step_round_end
from .flow import STEPS, advance, start_combat, step_attacks, step_battle, step_next, step_round
from .forces import GROUND, SPACE, THEATERS, attack_dice, levels, protected, shares
from .leaders import apply_join, legal_join, step_join
from .retreat import (
    apply_retreat,
    apply_retreat_to,
    apply_retreat_units,
    can_retreat,
    legal_retreat,
    legal_retreat_to,
    legal_retreat_units,
    rebel_ships_must_go,
    retreat_destinations,
    step_left_behind,
    step_retreat,
)
from .stalemate import (
    can_damage,
    cards_can_damage,
    deadlocked,
    dice_can_damage,
    must_leave,
    stuck,
)
from .tactics import (
    apply_ability,
    apply_choose,
    apply_retrieve,
    legal_ability,
    legal_choose,
    legal_retrieve,
    resolve,
    step_choose,
    step_pick,
    step_pick_first,
    step_picked,
    step_resolve,
    step_retrieve,
    step_reveal,
    usable,
)

__all__ = [
    "GROUND",
    "HANDLERS",
    "SPACE",
    "THEATERS",
    # reached through this package by the tests and the other phases
    "Place",
    "Repair",
    "Spend",
    "Target",
    "add_damage",
    "advance",
    "attack_dice",
    "can_damage",
    "can_retreat",
    "cards_can_damage",
    "deadlocked",
    "dice_can_damage",
    "hit_targets",
    "levels",
    "must_leave",
    "prevent",
    "protected",
    "rebel_ships_must_go",
    "repair_levels",
    "resolve",
    "retreat_destinations",
    "shares",
    "start_combat",
    "step_destroy",
    "step_remove_doomed",
    "step_round_end",
    "stuck",
    "tactic_card",
    "usable",
]

STEPS.update(
    {
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
        "attacks": step_attacks,
        "attack": step_attack,
        "assign": step_assign,
        "destroy": step_destroy,
        "round_end": step_round_end,
        "confrontation": step_confrontation,
        "retreat": step_retreat,
        "left_behind": step_left_behind,
        "after_retreat": step_after_retreat,
        "leader": step_leader,
        "rogue_one": step_rogue_one,
        "objectives": step_objectives,
        "next": step_next,
    }
)

HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    GainChoice: (legal_gain, apply_gain),
    DamageSink: (legal_sink, apply_sink),
    DamageSource: (legal_source, apply_source),
    ChooseLeader: (legal_leader, apply_leader),
    RogueOne: (legal_rogue_one, apply_rogue_one),
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
