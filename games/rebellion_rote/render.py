"""Words for a UI: actions, prompts, events, and the terminal picture."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tabletop import Action, Decision, Event

from . import actions as A
from . import decisions as D
from . import events as E
from .actions import DIE_COLOURS, DIE_FACES
from .data import (
    ACTIONS,
    IMPERIAL,
    LEADERS,
    MARKERS,
    MISSIONS,
    NUM_SYSTEMS,
    OBJECTIVES,
    REBEL,
    REBEL_BASE,
    RINGS,
    SIDES,
    SYSTEMS,
    TACTICS,
    UNITS,
)
from .ids import (
    ACTION_BASE,
    MISSION_BASE,
    OBJECTIVE_BASE,
    TACTIC_BASE,
    action_card,
    action_of,
    mission_of,
    objective_of,
    tactic_of,
)
from .rules import team
from .rules.combat.forces import health
from .rules.imperial_cards import FACILITY, SWEEP, pool_limit
from .rules.missions import roll_successes
from .rules.objective_play import queue_side, reputation_on_play
from .rules.objectives import known_depths
from .rules.refresh import DEPLOY_LIMIT
from .rules.rings import YODA, holder

if TYPE_CHECKING:
    from .state import RebellionState

__all__ = ["describe", "narrate", "prompt", "render"]

LOYALTY_WORD = {-1: "neutral", 0: "Rebel", 1: "Imperial"}


Describer = Callable[["RebellionState", Action, object], str]


def speaks_for(
    actions: tuple[type, ...], decisions: tuple[type, ...]
) -> Callable[[Describer], Describer]:
    """Mark a describer of some actions and decisions, which says "" for any other.

    Each of its checks begins with ``isinstance(a, ...)`` of one of ``actions`` or
    ``isinstance(top, ...)`` of one of ``decisions`` (a test reads the source and
    holds every describer to its list), so a choice of neither kind is answered
    "" at once, without the chain of checks (a view describes every legal action).
    """

    def mark(fn: Describer) -> Describer:
        @functools.wraps(fn)
        def gated(s: RebellionState, a: Action, top: object) -> str:
            if isinstance(a, actions) or isinstance(top, decisions):
                return fn(s, a, top)
            return ""

        gated.speaks_for = (actions, decisions)  # type: ignore[attr-defined]
        return gated

    return mark


def loc_name(loc: int) -> str:
    return "the Rebel Base space" if loc == REBEL_BASE else SYSTEMS[loc].name


def card_name(card: int) -> str:
    """The name of a card id of any kind (:mod:`.ids`)."""
    if card >= ACTION_BASE:
        return ACTIONS[action_of(card)].name
    if card >= OBJECTIVE_BASE:
        return objective_name(objective_of(card))
    if card >= TACTIC_BASE:
        return TACTICS[card - TACTIC_BASE].name
    if card >= MISSION_BASE:
        return MISSIONS[mission_of(card)].name
    return loc_name(card)


def card_names(cards: Sequence[int]) -> str:
    return ", ".join(card_name(c) for c in cards) or "none"


def set_name(roe: bool) -> str:
    return "Rise of the Empire" if roe else "base"


THEATER_WORD = ("space", "ground")
STOP_WORDS: dict[type, str] = {
    D.AttackActions: "Assign damage now",
    D.CardRepair: "Remove no more damage",
    D.DamageSource: "Move no more damage",
    D.RetreatUnits: "Retreat no more units",
    D.BuildUnits: "Build no more units",
    D.DeployUnits: "Deploy no more units (the rest go back onto queue space 1)",
    D.RapidMobilization: "Move no more units to the Rebel Base space",
    D.FactoryBuild: "Build no more units with Construct Factory",
    D.AdvanceQueue: "Move no second unit down the build queue",
    D.DestroyByHealth: "Destroy no more Rebel units",
    D.ConquestMove: "Move no more units",
}
OPTION_WORDS: dict[str, str] = {
    "draw_projects_keep_one": "Draw 2 project cards and keep 1",
    "remove_sabotage_draw_project": "Remove the sabotage marker and draw 1 project card",
}


def describe(s: RebellionState, a: Action) -> str:
    top = s.stack[-1] if s.stack else None
    if s.num_players > 2 and top is not None:
        hand_on = describe_team(s, a, top)
        if hand_on:
            return hand_on
    text = describe_rings(s, a, top) or describe_roe(s, a, top) or describe_mission_deck(s, a, top)
    text = describe_rebel_cards(s, a, top) or text or describe_imperial_cards(s, a, top)
    text = text or describe_action_cards(s, a, top)
    if text:
        return text
    if isinstance(a, A.MissionSet):
        return "Use the Rise of the Empire mission set" if a.roe else "Use the base mission set"
    if isinstance(a, A.SystemChoice):
        if isinstance(top, D.ChooseDsucSystem):
            return f"Build the Death Star Under Construction at {loc_name(a.system)}"
        if isinstance(top, D.ChooseBase):
            return f"Hide the Rebel base at {loc_name(a.system)}"
        if isinstance(top, D.CommandTurn):
            return f"Activate {loc_name(a.system)}"
        if isinstance(top, D.MissionSystem):
            return f"Play {MISSIONS[top.card].name} in {loc_name(a.system)}"
        if isinstance(top, D.RetreatTo):
            return f"Retreat to {loc_name(a.system)}"
        if isinstance(top, D.NewBase):
            return f"Relocate the Rebel base to {loc_name(a.system)}"
        if isinstance(top, (D.ReplaceUnit, D.FactoryReplace)):
            return f"Destroy the {UNITS[top.unit].name} in {loc_name(a.system)} to build another"
        if isinstance(top, D.RegionLoyalty):
            return f"Gain {top.amount} loyalty in {loc_name(a.system)}"
        if isinstance(top, D.PlaceTargetMarker):
            return f"Place the {MARKERS[top.marker].name} target marker in {loc_name(a.system)}"
        if isinstance(top, D.SeizeControl):
            return f"Remove the sabotage marker from {loc_name(a.system)}"
        if isinstance(top, D.NameBaseSystems):
            return f"Name {loc_name(a.system)} (system {len(top.named) + 1} of {top.count})"
        if isinstance(top, D.BeaconPlacement):
            return f"Place {LEADERS[top.leader].name} in {loc_name(a.system)}"
        if isinstance(top, D.LoyaltyInRegion):
            return f"Gain 1 loyalty in {loc_name(a.system)}"
        if isinstance(top, D.ClosestSystem):
            return f"Take the captive and the mission's leaders to {loc_name(a.system)}"
        return f"Choose {loc_name(a.system)} ({prompt(s).split(': ', 1)[-1]})"
    if isinstance(a, A.Place):
        if isinstance(top, D.GainChoice):
            return f"Gain 1 {UNITS[a.unit].name}"
        if isinstance(top, D.DeployUnits):
            text = f"Deploy 1 {UNITS[a.unit].name} to {loc_name(a.loc)}"
            if s.deployed[a.loc] == DEPLOY_LIMIT - 1:
                text += f" (its {ordinal(DEPLOY_LIMIT)} unit this phase, the most a system takes)"
            return text
        return f"Place 1 {UNITS[a.unit].name} at {loc_name(a.loc)}"
    if isinstance(a, A.Assign) and isinstance(top, D.AssignMission):
        return f"Assign leaders to {MISSIONS[mission_of(a.card)].name}"
    if isinstance(a, A.Lead) and isinstance(top, D.MissionLeader):
        card = mission_of(s.zones[f"assigned{top.player}"][-1])
        return f"Assign {LEADERS[a.leader].name} to {MISSIONS[card].name}"
    if isinstance(a, A.Second):
        return f"Add {LEADERS[a.leader].name} to the mission"
    if isinstance(a, A.Close):
        return "No second leader on this mission"
    if isinstance(a, A.Activate) and isinstance(top, D.ActivateSystem):
        return f"Activate {loc_name(top.system)} with {LEADERS[a.leader].name}"
    if isinstance(a, A.Move) and isinstance(top, D.RetreatUnits):
        return f"Retreat 1 {UNITS[a.unit].name} to {loc_name(top.dst)}"
    if isinstance(a, A.Move) and isinstance(top, D.ConquestMove):
        return (
            f"Move 1 {UNITS[a.unit].name} from {loc_name(a.src)} to {loc_name(top.system)} "
            "(Planetary Conquest)"
        )
    if isinstance(a, A.Move) and isinstance(top, D.RapidMobilization):
        return f"Move 1 {UNITS[a.unit].name} from {loc_name(a.src)} to the Rebel Base space"
    if isinstance(a, A.Relocate):
        return "Relocate the Rebel base: look at the top probe cards"
    if isinstance(a, A.Move):
        dst = loc_name(top.system) if isinstance(top, D.MoveUnits) else "the activated system"
        return f"Move 1 {UNITS[a.unit].name} from {loc_name(a.src)} to {dst}"
    if isinstance(a, A.MoveCaptive):
        dst = loc_name(top.system) if isinstance(top, D.MoveUnits) else "the activated system"
        src = loc_name(s.board.leader_loc[a.leader])
        return f"Move the captive {LEADERS[a.leader].name} from {src} to {dst}"
    if isinstance(a, A.Stop):
        if isinstance(top, D.FactoryBuild):
            return f"Build no more units with {resolving_name(s, 'Construct Factory')}"
        return STOP_WORDS.get(type(top), "Move no more units")
    if isinstance(a, A.Reveal):
        if top is None:
            return "Reveal a mission"
        card = s.zones[f"assigned{top.player}"][a.slot]
        # the leaders tell apart two copies of a card (Hidden Fleet, Superlaser Online)
        who = " and ".join(LEADERS[x].name for x in s.slots[top.player][a.slot])
        return f"Reveal {MISSIONS[mission_of(card)].name} ({who})"
    if isinstance(a, A.Target) and isinstance(top, D.RogueOne):
        return f"Rescue {LEADERS[a.leader].name}"
    if isinstance(a, A.RemoveMarker):
        return f"Remove the {MARKERS[a.marker].name} marker from {loc_name(a.system)}"
    if isinstance(a, A.Objective) and isinstance(top, D.BottomObjective):
        return f"Put {objective_name(objective_of(a.card))} on the bottom of the objective deck"
    if isinstance(a, A.Objective):
        return describe_objective(s, objective_of(a.card), top)
    if isinstance(a, A.QueueDestroy) and isinstance(top, D.DestroyQueued):
        return (
            f"Destroy 1 {UNITS[a.unit].name} on space {a.space} of the "
            f"{SIDES[top.side]} build queue"
        )
    if isinstance(a, A.Destroy) and isinstance(top, D.PlansTarget):
        return f"Roll Death Star Plans against the {UNITS[a.unit].name}"
    if isinstance(a, A.Target) and isinstance(top, D.ObjectiveLeader):
        return f"Eliminate {LEADERS[a.leader].name} (Return of the Jedi)"
    if isinstance(a, A.Target) and isinstance(top, D.ChooseLeader):
        verb = "Capture" if top.why == "capture" else "Mark for elimination"
        return f"{verb} {LEADERS[a.leader].name}"
    if isinstance(a, A.Target):
        return f"Attempt the mission against {LEADERS[a.leader].name}"
    if isinstance(a, A.Oppose):
        return f"Send {LEADERS[a.leader].name} to oppose the mission"
    if isinstance(a, A.RevealBase):
        return "Reveal the Rebel base"
    if isinstance(a, A.Pass):
        if isinstance(top, D.AssignMission):
            return "Assign no more missions"
        if isinstance(top, D.OpposeMission):
            return "Do not oppose the mission"
        if isinstance(top, D.Combat):
            return "Add no leader to the combat"
        if isinstance(top, D.RetreatChoice):
            return "Do not retreat"
        if isinstance(top, D.Retrieve):
            return "Take no card back"
        if isinstance(top, D.RapidMobilization):
            return "Neither move units nor relocate the base"
        if isinstance(top, D.NewBase):
            return "Keep the base where it is"
        if isinstance(top, D.RemoveMarkers):
            return "Remove no (more) target markers now"
        if isinstance(top, D.PlayObjective):
            return "Play no objective now"
        if isinstance(top, D.CellDiscard):
            return "Discard no objective card (no reputation from Rebel Cell)"
        if isinstance(top, D.SeizeControl):
            return f"Keep the sabotage marker in {loc_name(top.system)}"
        return "Pass for the rest of the Command Phase"
    if isinstance(a, A.Join):
        return f"Add {LEADERS[a.leader].name} to the combat"
    if isinstance(a, A.Tactic):
        t = TACTICS[tactic_of(a.card)]
        return f"Choose '{t.name}' (top: {t.top.text}; bottom: {t.bottom.text})"
    if isinstance(a, A.UseAbility):
        words = ("Resolve neither ability", "Resolve the top ability", "Resolve the bottom ability")
        if a.which and isinstance(top, D.ChooseAbility):
            t = TACTICS[top.card]
            return f"{words[a.which]}: {(t.top if a.which == 1 else t.bottom).text}"
        return words[a.which]
    if isinstance(a, A.Hit) and isinstance(top, D.DamageSink):
        return f"Move damage onto one {UNITS[a.unit].name} ({unit_state(s, a.unit, a.damage)})"
    if isinstance(a, A.Repair) and isinstance(top, D.DamageSource):
        return f"Move 1 damage off one {UNITS[a.unit].name} ({unit_state(s, a.unit, a.damage)})"
    if isinstance(a, A.Hit):
        return f"Damage one {UNITS[a.unit].name} ({unit_state(s, a.unit, a.damage)})"
    if isinstance(a, A.Destroy) and isinstance(top, D.LoseGroundUnits):
        return (
            f"Lose one {UNITS[a.unit].name} in {loc_name(top.system)} (the ships cannot carry it)"
        )
    if isinstance(a, A.Destroy) and isinstance(top, D.DestroyByHealth):
        return (
            f"Destroy one {UNITS[a.unit].name} in {loc_name(top.system)} "
            f"({UNITS[a.unit].health} of the {top.left} health left)"
        )
    if isinstance(a, A.Destroy):
        return f"Destroy one {UNITS[a.unit].name}"
    if isinstance(a, A.Repair):
        return f"Remove 1 damage from one {UNITS[a.unit].name} ({unit_state(s, a.unit, a.damage)})"
    if isinstance(a, A.Mark):
        return mark_words(s, a, top)
    if isinstance(a, A.Reroll):
        return reroll_marked_words(s, top)
    if isinstance(a, A.Spend):
        colour = s.battle.dice[a.die][0] if a.die < len(s.battle.dice) else ""
        unmark = " (the marked dice are unmarked)" if s.battle.marked else ""
        return (
            f"Spend die {a.die + 1} ({combat_die(s, a.die)}) to remove 1 damage from one of "
            f"your units with {colour} health{unmark}"
        )
    if isinstance(a, A.Retreat):
        return f"Retreat with {LEADERS[a.leader].name}"
    if isinstance(a, A.Build):
        text = f"Build 1 {UNITS[a.unit].name} from {loc_name(a.loc)}"
        if isinstance(top, D.BuildUnits):
            passed = sorted(
                {x.loc for x in s.legal_actions() if isinstance(x, A.Build) and x.loc < a.loc}
            )
            if passed:
                text += f" (then no more builds from {names_or([loc_name(x) for x in passed])})"
        return text
    if isinstance(a, A.Eliminate):
        return f"Eliminate {LEADERS[a.leader].name}"
    if isinstance(a, A.Recruit):
        return f"Recruit {LEADERS[a.leader].name}"
    if isinstance(a, A.ActionCardChoice):
        name = ACTIONS[action_of(a.card)].name
        if isinstance(top, D.KeepActionCard):
            return f"Keep '{name}' for {LEADERS[top.leader].name}"
        return f"Discard '{name}': no leader on it can be recruited"
    if isinstance(a, A.DrawOn):
        return "Draw one more action card"
    if isinstance(a, A.Option):
        if isinstance(top, D.ChooseOption):
            kind = MISSIONS[top.card].effects[a.which - 1].kind
            return OPTION_WORDS.get(kind, f"Resolve option {a.which}")
        return f"Resolve option {a.which}"
    if isinstance(a, A.Keep):
        return f"Keep '{MISSIONS[mission_of(a.card)].name}' (the other card goes to the bottom of the deck)"
    if isinstance(a, A.Discard):
        return f"Discard '{MISSIONS[mission_of(a.card)].name}'"
    if isinstance(a, A.Deploy):
        where = f" to {loc_name(top.system)}" if isinstance(top, D.OverseeDeploy) else ""
        return f"Deploy 1 {UNITS[a.unit].name} from queue space {a.space}{where}"
    if isinstance(a, A.Advance):
        return f"Move 1 {UNITS[a.unit].name} from queue space {a.space} to space {a.space - 1}"
    return a.notation()


def mark_words(s: RebellionState, a: A.Mark, top: object) -> str:
    """Marking a die for the leader reroll: the die, the reroll's source and size, and the
    dice before it that can no longer be marked (marks go in die order)."""
    text = f"Mark die {a.die + 1} ({combat_die(s, a.die)}) for the reroll"
    if not isinstance(top, D.AttackActions):
        return text
    bt = s.battle
    leader, value = reroll_leader(s, top.player, top.theater)
    text += f" ({leader}'s tactic value {value}: mark {len(bt.marked) + 1} of {value})"
    first = (bt.marked[-1] + 1) if bt.marked else 0
    if a.die > first:
        skipped = list(range(first, a.die))
        text += f"; marks go in die order, so {die_list(skipped)} can then no longer be marked"
    return text


def reroll_marked_words(s: RebellionState, top: object) -> str:
    """Rerolling the dice marked for the leader reroll: which, and by whose value."""
    bt = s.battle
    if not bt.marked or not isinstance(top, D.AttackActions):
        return "Reroll the marked dice"
    faces = ", ".join(combat_die(s, i) for i in bt.marked)
    leader, value = reroll_leader(s, top.player, top.theater)
    return (
        f"Reroll the marked {die_list(bt.marked)} ({faces}) with {leader}'s tactic value "
        f"{value} (once this attack)"
    )


def resolving_name(s: RebellionState, default: str) -> str:
    """The name of the mission card being resolved (``default`` if none)."""
    return MISSIONS[s.resolving[1]].name if s.resolving else default


_COMMAND_TURN_WORDS = (
    ("system", "activate a system"),
    ("reveal", "reveal a mission"),
    ("reveal_base", "reveal your base"),
    ("place_probe", "play Under the Radar"),
    ("play_action_card", "reveal the Secret Facility"),
)
"""The kinds of choice a Command Phase turn can offer, in the order the prompt names them."""


def command_turn_choices(s: RebellionState) -> str:
    """What this Command Phase turn offers, in words: the kinds of choice open now (no
    "activate" without a leader to do it), then "pass", always there. A prompt is
    public, so missions are named when the player has any face down (how many is
    public), not by whether one can be revealed (that depends on the hidden cards)."""
    kinds = {a.kind for a in s._legal_list()}
    kinds.discard("reveal")
    if s.zones[f"assigned{s.stack[-1].player}"]:
        kinds.add("reveal")
    parts = [words for kind, words in _COMMAND_TURN_WORDS if kind in kinds]
    if not parts:
        return "pass (no system to activate, no mission face down)"
    return f"{', '.join(parts)}, or pass"


def prompt(s: RebellionState) -> str:
    top = s.stack[-1]
    who = SIDES[top.player] if s.num_players == 2 else team_who(s, top)
    text = prompt_rings(s, top, who) or prompt_roe(s, top, who) or prompt_mission_deck(s, top, who)
    text = text or prompt_imperial_cards(s, top, who) or prompt_action_cards(s, top, who)
    text = text or prompt_rebel_cards(s, top, who)
    if text:
        return text
    if isinstance(top, D.ChooseMissionSet):
        return f"{who}: choose your mission set, face down"
    if isinstance(top, D.ChooseDsucSystem):
        return f"{who}: choose a remote system for the Death Star Under Construction"
    if isinstance(top, D.PlaceUnits):
        return f"{who}: place your starting units ({sum(top.remaining)} left)"
    if isinstance(top, D.ChooseBase):
        return f"{who}: choose the system of your secret base"
    if isinstance(top, D.AssignMission):
        return f"{who}: choose a mission card to put face down, or pass"
    if isinstance(top, D.MissionLeader):
        return f"{who}: choose the leader to put on the mission card just put face down"
    if isinstance(top, D.SecondLeader):
        return f"{who}: add a second leader to the mission, or not"
    if isinstance(top, D.CommandTurn):
        return f"{who}: {command_turn_choices(s)}"
    if isinstance(top, D.ActivateSystem):
        return f"{who}: choose the leader who activates {loc_name(top.system)}"
    if isinstance(top, D.MoveUnits):
        return f"{who}: move units into {loc_name(top.system)}"
    if isinstance(top, D.MissionSystem):
        return f"{who}: choose the system of {MISSIONS[top.card].name}"
    if isinstance(top, D.RapidMobilization):
        from .rules.mobilization import amount

        most = amount(top.card, "move_units_to_base")
        if top.src >= 0:
            return (
                f"{who}: Rapid Mobilization: move more units from {loc_name(top.src)} (up to "
                f"{most - top.moved} more: all from one system), or stop"
            )
        return (
            f"{who}: Rapid Mobilization: move up to {plural(most, 'unit')} from one system to "
            "the Rebel Base space, relocate the base, or neither"
        )
    if isinstance(top, D.NewBase):
        return f"{who}: choose the new base among the probe cards, or stay"
    if isinstance(top, D.MissionTarget):
        return f"{who}: choose the leader {MISSIONS[top.card].name} is attempted against"
    if isinstance(top, D.OpposeMission):
        return f"{who}: send a leader to oppose {MISSIONS[top.card].name} in {loc_name(top.system)}, or not"
    if isinstance(top, D.Combat):
        return f"{who}: combat at {loc_name(top.system)}: add a leader from the pool, or not"
    if isinstance(top, D.ChooseTactic):
        face = "" if top.extra else " face down"
        if not top.extra and top.player == REBEL and s.battle.good_intel:
            face = " face up (Good Intel)"
        return f"{who}: choose a {THEATER_WORD[top.theater]} tactic card{face}"
    if isinstance(top, D.ChooseAbility):
        return f"{who}: resolve the top or bottom ability of {TACTICS[top.card].name}, or neither"
    if isinstance(top, D.Retrieve):
        return f"{who}: take a ground tactic card back from the discard (Shield Generator), or not"
    if isinstance(top, D.CardDamage):
        if top.left == 1:
            return f"{who}: {TACTICS[top.card].name}: 1 damage to assign: choose the enemy unit"
        return (
            f"{who}: {TACTICS[top.card].name}: {top.left} damage to assign, 1 at a time: "
            "choose the enemy unit the next damage goes on"
        )
    if isinstance(top, D.CardDestroy):
        return f"{who}: destroy a unit with {TACTICS[top.card].name}"
    if isinstance(top, D.CardRepair):
        return f"{who}: remove up to {top.left} damage with {TACTICS[top.card].name}"
    if isinstance(top, D.AttackActions):
        roll = ", ".join(combat_die(s, k) for k in range(len(s.battle.dice))) or "no dice"
        return (
            f"{who}: {THEATER_WORD[top.theater]} attack: combat actions (reroll, spend "
            f"specials), then assign damage ({reroll_words(s, top.player, top.theater)}); "
            f"the roll: {roll}"
        )
    if isinstance(top, D.SpendSpecial):
        return f"{who}: the special spent: remove 1 damage from one of your units with {top.colour} health"
    if isinstance(top, D.AssignDamage):
        colour, face = s.battle.dice[top.die]
        direct = face == "direct_hit" or colour == "green"
        what = "any enemy unit" if direct else f"an enemy unit with {colour} health"
        return (
            f"{who}: assign die {top.die + 1} ({die_words(colour, face)}): 1 damage to {what} "
            f"in the {THEATER_WORD[top.theater]} battle"
        )
    if isinstance(top, D.RetreatChoice):
        if top.forced:
            side = SIDES[top.player]
            return (
                f"{who}: the {side} units must leave the combat: choose the leader to retreat with"
            )
        return f"{who}: retreat with a leader, or not"
    if isinstance(top, D.GainChoice):
        return f"{who}: the unit {TACTICS[top.card].name} gains"
    if isinstance(top, D.DamageSink):
        return f"{who}: the unit {TACTICS[top.card].name} moves damage onto"
    if isinstance(top, D.DamageSource):
        return f"{who}: move up to {top.left} more damage onto it, or stop"
    if isinstance(top, D.ChooseLeader):
        what = "capture" if top.why == "capture" else "mark for elimination"
        return f"{who}: the leader to {what}"
    if isinstance(top, D.RetreatTo):
        return f"{who}: where {LEADERS[top.leader].name} retreats to"
    if isinstance(top, D.RetreatUnits):
        return f"{who}: units retreating to {loc_name(top.dst)} (every ship must go)"
    if isinstance(top, D.BuildUnits):
        return (
            f"{who}: place units on the build queue, face down, one for each resource icon; "
            "builds go in the order of the systems listed, so building from a system passes "
            "the systems listed before it"
        )
    if isinstance(top, D.ReplaceUnit):
        return f"{who}: destroy 1 {UNITS[top.unit].name} on the board to build another"
    if isinstance(top, D.DeployUnits):
        return (
            f"{who}: deploy the units leaving the build queue (at most {DEPLOY_LIMIT} a system "
            "this phase)"
        )
    if isinstance(top, D.EliminateLeader):
        n = pool_limit(s, top.player)
        return f"{who}: more than {n} leaders in the pool: eliminate one"
    if isinstance(top, D.RecruitLeader):
        # the same words whatever was drawn: the drawn cards are the player's secret
        return (
            f"{who}: recruit a leader pictured on your action cards, face down "
            "(if none can be recruited: draw on, or choose the card to discard)"
        )
    if isinstance(top, D.KeepActionCard):
        return f"{who}: choose the action card to keep, face down"
    if isinstance(top, D.PlaceObjectives):
        return f"{who}: Infiltration: the objective card to put back on top (the other goes to the bottom)"
    if isinstance(top, D.RemoveMarkers):
        return f"{who}: remove a target marker where only you have ground units, or not"
    if isinstance(top, D.RogueOne):
        return f"{who}: Rogue One: rescue the captured leader or remove a target marker"
    if isinstance(top, D.ChooseOption):
        return f"{who}: choose the effect of {MISSIONS[top.card].name}"
    if isinstance(top, D.KeepProject):
        return f"{who}: keep one of the project cards drawn; the other goes to the bottom"
    if isinstance(top, D.FactoryBuild):
        card = MISSIONS[top.card].name if top.card >= 0 else resolving_name(s, "Construct Factory")
        return f"{who}: {card}: build from the icons of {loc_name(top.system)}, or stop"
    if isinstance(top, D.FactoryReplace):
        return f"{who}: destroy 1 {UNITS[top.unit].name} on the board to build another"
    if isinstance(top, D.OverseeDeploy):
        return (
            f"{who}: Oversee Project: deploy a unit from the build queue to {loc_name(top.system)}"
        )
    if isinstance(top, D.LoseGroundUnits):
        return (
            f"{who}: {loc_name(top.system)} is destroyed: choose {top.left} ground "
            f"unit{'s' if top.left != 1 else ''} your ships there cannot carry"
        )
    if isinstance(top, D.RegionLoyalty):
        return (
            f"{who}: Superlaser Online: choose the populous system of the region that gains loyalty"
        )
    if isinstance(top, D.DiscardMission):
        n = len(s.zones[f"missions{top.player}"])
        return f"{who}: more than 10 mission cards in hand ({n}): discard one"
    return objective_prompt(s, top, who)


WINDOW_WORDS = {
    "refresh": "the start of the Refresh Phase",
    "space": "after the space battle",
    "combat": "during the combat",
    "end": "the end of the combat",
}


def objective_prompt(s: RebellionState, top: object, who: str) -> str:
    """The prompts of the objectives' decisions."""
    if isinstance(top, D.PlayObjective):
        return f"{who}: {WINDOW_WORDS[top.window]}: play an objective card, or pass"
    if isinstance(top, D.PlansTarget):
        return f"{who}: Death Star Plans: the station the 3 dice are rolled against"
    if isinstance(top, D.ObjectiveLeader):
        return (
            f"{who}: Return of the Jedi: the Imperial leader in {loc_name(top.system)} to eliminate"
        )
    if isinstance(top, D.SeizeControl):
        return f"{who}: Seize Control: remove the sabotage marker in {loc_name(top.system)}, or keep it"
    if isinstance(top, D.DiscardObjectives):
        return f"{who}: The Long War: discard {plural(top.left, 'more objective card')}"
    if isinstance(top, D.DestroyQueued):
        return (
            f"{who}: A Time for Peace: destroy {shape_words(top.left)} on the "
            f"{SIDES[top.side]} build queue"
        )
    if isinstance(top, D.PlaceTargetMarker):
        raid = MARKERS[top.marker].name == "Raid Outposts"
        where = "a remote system" if raid else "a Rebel system"
        return (
            f"{who}: {OBJECTIVES[top.card].name}: place a target marker in {where} "
            f"({top.left} to place)"
        )
    if isinstance(top, D.CellDiscard):
        return f"{who}: Rebel Cell: discard an objective card to gain 1 reputation, or not"
    return imperial_prompt(s, top, who)  # type: ignore[arg-type]


def shape_words(shapes: tuple[str, ...]) -> str:
    """("triangle", "triangle", "circle") -> "2 triangle units and 1 circle unit"."""
    parts = [
        plural(shapes.count(sh), f"{sh} unit")
        for sh in ("triangle", "circle", "square")
        if sh in shapes
    ]
    return " and ".join(parts) if len(parts) < 3 else f"{parts[0]}, {parts[1]} and {parts[2]}"


def describe_objective(s: RebellionState, i: int, top: object) -> str:
    """``objective <card>`` in words, by the decision it answers (``i``: the card's index
    into ``OBJECTIVES``)."""
    name = objective_name(i)
    if isinstance(top, D.DiscardObjectives):
        return f"Discard {name} (The Long War)"
    if isinstance(top, D.CellDiscard):
        return f"Discard {name} to gain 1 reputation (Rebel Cell)"
    if not isinstance(top, D.PlayObjective):
        return f"Put {name} on top of the objective deck, the other at the bottom"
    o = OBJECTIVES[i]
    if o.effect == "death_star_plans_roll":
        return (
            f"Reveal {name}: roll 3 dice, a direct hit destroys the Death Star here (2 reputation)"
        )
    if o.effect == "marker_in_base_system":
        return (
            f"Play {name}: its marker goes into your base's system "
            "(1 reputation at each later Refresh Phase it is there; the Empire learns the system)"
        )
    n = reputation_on_play(s, o)
    text = f"Play {name}: {n} reputation"
    if o.reputation_per == "destroyed_system":
        text += " (1 per destroyed system)"
    if o.effect == "discard_other_objectives":
        text += f", discarding {plural(o.amount, 'other objective card')}"
    elif o.effect == "destroy_queued_units":
        text += f", destroying {shape_words(o.shapes)} on the {SIDES[queue_side(s)]} build queue"
    elif o.effect == "may_remove_sabotage":
        text += ", then you may remove the sabotage marker"
    elif o.effect == "eliminate_imperial_leader_if_luke_jedi":
        text += " (with Luke Skywalker (Jedi) here, an Imperial leader here is eliminated)"
    return text


def imperial_prompt(s: RebellionState, top: Decision, who: str) -> str:
    """The Imperial mission deck's decisions."""
    if isinstance(top, D.BottomObjective):
        return (
            f"{who}: Retrieve the Plans: the Rebel objective card to put on the bottom of the deck"
        )
    if isinstance(top, D.NameBaseSystems):
        named = ", ".join(loc_name(x) for x in top.named)
        so_far = f" (named: {named})" if named else ""
        return (
            f"{who}: Interrogation Droid: name system {len(top.named) + 1} of {top.count}; "
            f"one of them must hold your base{so_far}"
        )
    if isinstance(top, D.BeaconPlacement):
        return (
            f"{who}: Homing Beacon: place the rescued {LEADERS[top.leader].name} in a system "
            "of your base's region"
        )
    if isinstance(top, D.AdvanceQueue):
        extra = ", or stop" if top.optional else ""
        return f"{who}: Double Our Efforts: move a unit on queue space 2 or 3 down one space{extra}"
    if isinstance(top, D.LoyaltyInRegion):
        return (
            f"{who}: Fear Will Keep Them in Line: a populous system of the region gains 1 "
            f"loyalty ({top.left} more to choose)"
        )
    if isinstance(top, D.ClosestSystem):
        return (
            f"{who}: Collect Bounty: the closest system with an Imperial unit to take "
            f"{LEADERS[top.captive].name} and the mission's leaders to"
        )
    if isinstance(top, D.DestroyByHealth):
        return (
            f"{who}: Hunt Them Down: destroy Rebel units in {loc_name(top.system)} "
            f"({top.left} health left), or stop"
        )
    if isinstance(top, D.ConquestMove):
        left = ", ".join(unit_count(n, u) for u, n in top.left if n)
        src = f" from {loc_name(top.src)}" if top.src >= 0 else " from one system"
        return (
            f"{who}: Planetary Conquest: move units{src} to {loc_name(top.system)} "
            f"(up to {left or 'none'}), or stop"
        )
    return top.kind.replace("_", " ")


def narrate(s: RebellionState, ev: Event) -> str:
    text = narrate_team(s, ev) or narrate_rings(ev) or narrate_roe(ev) or narrate_mission_deck(ev)
    text = text or narrate_action_cards(ev) or narrate_rebel_cards(ev) or narrate_imperial_cards(ev)
    if text:
        return text
    if isinstance(ev, E.MissionSetChosen):
        return (
            f"{SIDES[ev.player]} chose the {'Rise of the Empire' if ev.roe else 'base'} mission set"
        )
    if isinstance(ev, E.MissionSetHidden):
        return f"{SIDES[ev.player]} chose a mission set face down"
    if isinstance(ev, E.MissionSetsRevealed):
        return f"Mission sets: Rebel {set_name(ev.rebel_roe)}, Imperial {set_name(ev.imperial_roe)}"
    if isinstance(ev, E.ProbeRevealed):
        return f"Probe card revealed: {loc_name(ev.system)}"
    if isinstance(ev, E.LoyaltyPlaced):
        what = "subjugated" if ev.subjugated else f"{SIDES[ev.side]} loyalty"
        return f"{loc_name(ev.system)}: {what}"
    if isinstance(ev, E.DsucPlaced):
        return f"Death Star Under Construction at {loc_name(ev.system)}"
    if isinstance(ev, E.UnitPlaced):
        return f"{SIDES[ev.side]} placed 1 {UNITS[ev.unit].name} at {loc_name(ev.loc)}"
    if isinstance(ev, E.BaseChosen):
        return f"Rebel base hidden at {loc_name(ev.card)}"
    if isinstance(ev, E.BaseChosenHidden):
        return "The Rebels hid their base"
    if isinstance(ev, E.StartingMissions):
        return f"{SIDES[ev.player]} took {plural(ev.count, 'starting mission')}"
    if isinstance(ev, E.PhaseBegan):
        return f"Round {ev.round}: {ev.phase.capitalize()} Phase"
    if isinstance(ev, E.Assigned):
        return f"{SIDES[ev.player]} assigned {LEADERS[ev.leader].name} to {MISSIONS[mission_of(ev.card)].name}"
    if isinstance(ev, E.AssignedHidden):
        return f"{SIDES[ev.player]} assigned {LEADERS[ev.leader].name} to a mission"
    if isinstance(ev, E.SecondAssigned):
        return f"{SIDES[ev.player]} added {LEADERS[ev.leader].name} to the mission"
    if isinstance(ev, E.Passed):
        return f"{SIDES[ev.player]} passed"
    if isinstance(ev, E.Activated):
        return f"{LEADERS[ev.leader].name} activated {loc_name(ev.system)}"
    if isinstance(ev, E.Moved):
        return f"{UNITS[ev.unit].name} moved from {loc_name(ev.src)} to {loc_name(ev.dst)}"
    if isinstance(ev, E.CaptiveMoved):
        return f"The captured {LEADERS[ev.leader].name} was taken from {loc_name(ev.src)} to {loc_name(ev.dst)}"
    if isinstance(ev, E.Rescued):
        return f"{LEADERS[ev.leader].name} was rescued to {loc_name(ev.dst)}"
    if isinstance(ev, E.Subjugation):
        return f"{loc_name(ev.system)} is {'now' if ev.on else 'no longer'} subjugated"
    if isinstance(ev, E.BaseRevealed):
        return f"The Rebel base is revealed at {loc_name(ev.card)}"
    if isinstance(ev, E.MissionRevealed):
        return f"{SIDES[ev.player]} revealed {MISSIONS[mission_of(ev.card)].name}"
    if isinstance(ev, E.LeadersPlaced):
        names = " and ".join(LEADERS[x].name for x in ev.leaders)
        return f"{names} went to {loc_name(ev.system)}"
    if isinstance(ev, E.MissionAgainst):
        return f"The mission is attempted against {LEADERS[ev.leader].name}"
    if isinstance(ev, E.Opposed):
        return f"{LEADERS[ev.leader].name} opposes the mission"
    if isinstance(ev, E.MissionRolled):
        faces = ", ".join(
            (*(face_words(f) for f in ev.dice), *(f"green {face_words(g)}" for g in ev.green))
        )
        return f"{SIDES[ev.player]} rolled {faces or 'no dice'}: {success_words(ev.successes)}"
    if isinstance(ev, E.MissionOutcome):
        name = MISSIONS[mission_of(ev.card)].name
        return f"{name} {'succeeded' if ev.success else 'failed'}"
    if isinstance(ev, E.LoyaltyChanged):
        word = LOYALTY_WORD[ev.loyalty] + (", subjugated" if ev.subjugated else "")
        return f"{loc_name(ev.system)} is now {word}"
    if isinstance(ev, E.SabotagePlaced):
        return f"Sabotage marker placed in {loc_name(ev.system)}"
    if isinstance(ev, E.Captured):
        return f"{LEADERS[ev.leader].name} was captured in {loc_name(ev.system)}"
    if isinstance(ev, E.ProbesDrawn):
        return "The Empire drew probe cards: " + ", ".join(loc_name(c) for c in ev.cards)
    if isinstance(ev, E.ProbesLooked):
        return "The Rebels looked at probe cards: " + ", ".join(loc_name(c) for c in ev.cards)
    if isinstance(ev, E.ProbesLookedCount):
        return f"The Rebels looked at {ev.count} probe card{'s' if ev.count != 1 else ''}"
    if isinstance(ev, E.BaseRelocated):
        return f"The Rebels relocated their base: the old base was {loc_name(ev.old)}"
    if isinstance(ev, E.BaseStayed):
        return (
            f"The Rebel base stays; {plural(ev.returned, 'probe card')} went to the bottom of "
            "the probe deck"
        )
    if isinstance(ev, E.ProbesDrawnCount):
        return f"The Empire drew {ev.count} probe card{'s' if ev.count != 1 else ''}"
    if isinstance(ev, E.GameOver):
        if ev.winner < 0:
            return f"Draw: {ev.reason}"
        return f"{('The Rebels win', 'The Empire wins')[ev.winner]}: {ev.reason}"
    if isinstance(ev, E.CombatBegan):
        return f"Combat in {loc_name(ev.system)}"
    if isinstance(ev, E.LeaderJoined):
        return f"{LEADERS[ev.leader].name} joined the combat"
    if isinstance(ev, E.TacticChosen):
        return f"{SIDES[ev.player]} chose {TACTICS[tactic_of(ev.card)].name} face down"
    if isinstance(ev, E.TacticChosenHidden):
        return f"{SIDES[ev.player]} chose a tactic card face down"
    if isinstance(ev, E.TacticsRevealed):
        shown = [TACTICS[tactic_of(c)].name for c in ev.cards if c >= 0]
        return "Tactic cards: " + (", ".join(shown) or "none")
    if isinstance(ev, E.AbilityResolved):
        part = ("no ability", "the top ability", "the bottom ability")[ev.which]
        return f"{SIDES[ev.player]} resolved {part} of {TACTICS[tactic_of(ev.card)].name}"
    if isinstance(ev, E.CardCanceled):
        return f"{TACTICS[tactic_of(ev.card)].name} was canceled"
    if isinstance(ev, E.CardRetrieved):
        return f"{TACTICS[tactic_of(ev.card)].name} went back to the deck"
    if isinstance(ev, E.DiceRolled):
        faces = ", ".join(f"{c} {face_words(f)}" for c, f in ev.dice)
        return f"{SIDES[ev.player]} rolled {faces}"
    if isinstance(ev, E.DiceRerolled):
        faces = ", ".join(face_words(f) for f in ev.faces)
        return f"{SIDES[ev.player]} rerolled {die_list(ev.dice)}: now {faces}"
    if isinstance(ev, E.DicePrevented):
        n = len(ev.dice)
        were = "was" if n == 1 else "were"
        return f"{dice_count(n)} of the {SIDES[ev.player]} attack {were} prevented ({die_list(ev.dice)})"
    if isinstance(ev, E.Damaged):
        return f"One {UNITS[ev.unit].name} now has {ev.damage} damage"
    if isinstance(ev, E.Repaired):
        return f"One {UNITS[ev.unit].name} now has {ev.damage} damage (1 removed)"
    if isinstance(ev, E.UnitGained):
        return f"{UNITS[ev.unit].name} gained in {loc_name(ev.system)}"
    if isinstance(ev, E.UnitsDestroyed):
        return f"{unit_count(ev.n, ev.unit)} destroyed ({DESTROYED_WHY.get(ev.reason, ev.reason)})"
    if isinstance(ev, E.Retreated):
        return f"{LEADERS[ev.leader].name} retreated to {loc_name(ev.dst)}"
    if isinstance(ev, E.LeaderMarked):
        return f"{LEADERS[ev.leader].name} is marked for elimination"
    if isinstance(ev, E.Stalemate):
        where = loc_name(ev.system)
        if ev.side < 0:
            return f"Neither side can damage the other in {where}: the combat ends"
        units = ("ships", "ground units")[ev.theater]
        return (
            f"No die can decide the combat in {where}, and the {SIDES[ev.side]} {units} "
            "cannot damage the enemy: they must retreat, or are destroyed"
        )
    if isinstance(ev, E.CombatEnded):
        return f"The combat in {loc_name(ev.system)} is over after {plural(ev.rounds, 'round')}"
    if isinstance(ev, E.LeadersRetrieved):
        return "Leaders went back to the pools"
    if isinstance(ev, E.TimeAdvanced):
        return f"Time advanced to {ev.time}"
    if isinstance(ev, E.BuiltHidden):
        return f"{SIDES[ev.player]} placed {plural(ev.n, 'unit')} on the build queue, face down"
    if isinstance(ev, E.Built):
        queue = f"queue space {ev.space} of the {SIDES[ev.player]} build queue"
        if ev.by_card:  # a card names the unit: no system's icons built it
            return f"1 {UNITS[ev.unit].name} put onto {queue} by a card"
        return f"1 {UNITS[ev.unit].name} built from {loc_name(ev.loc)}'s icons onto {queue}"
    if isinstance(ev, E.Deployed):
        return f"{UNITS[ev.unit].name} deployed to {loc_name(ev.loc)}"
    if isinstance(ev, E.LeaderEliminated):
        return f"{LEADERS[ev.leader].name} was eliminated"
    if isinstance(ev, E.ObjectiveDeckBuilt):
        return f"The objective deck: {plural(ev.size, 'card')}; {ev.out} more left the game unseen"
    if isinstance(ev, E.ObjectivesLooked):
        names = ", ".join(objective_name(objective_of(c)) for c in ev.cards) or "none"
        return f"The Rebels looked at the top of the objective deck: {names}"
    if isinstance(ev, E.ObjectivesLookedCount):
        return (
            f"The Rebels looked at the top {ev.count} objective card{'s' if ev.count != 1 else ''}"
        )
    if isinstance(ev, E.ObjectivesPlaced):
        top, bottom = objective_name(objective_of(ev.top)), objective_name(objective_of(ev.bottom))
        return f"{top} went back on top of the objective deck, {bottom} to the bottom"
    if isinstance(ev, E.ObjectivesPlacedHidden):
        return (
            "The Rebels put one objective card back on top of the deck and the other at the bottom"
        )
    if isinstance(ev, E.MarkerPlaced):
        return f"{MARKERS[ev.marker].name} target marker placed in {loc_name(ev.system)}"
    if isinstance(ev, E.MarkerRemoved):
        how = {
            "new base": " (the Rebels established a new base)",
            "destroyed": " (the system was destroyed)",
            "Rogue One": " (Rogue One)",
            "Single Reactor Ignition": " (Single Reactor Ignition)",
        }
        return (
            f"{SIDES[ev.by]} removed the {MARKERS[ev.marker].name} target marker from "
            f"{loc_name(ev.system)}{how.get(ev.reason, '')}"
        )
    if isinstance(ev, E.ProjectsDrawn):
        names = ", ".join(MISSIONS[mission_of(c)].name for c in ev.cards)
        return f"The Empire drew project cards: {names}"
    if isinstance(ev, E.ProjectsDrawnCount):
        return f"The Empire drew {ev.count} project card{'s' if ev.count != 1 else ''}"
    if isinstance(ev, E.ProjectBottomed):
        return f"{MISSIONS[mission_of(ev.card)].name} went to the bottom of the project deck"
    if isinstance(ev, E.ProjectBottomedHidden):
        return "The Empire put a project card on the bottom of the project deck"
    if isinstance(ev, E.ProjectDeckReshuffled):
        return (
            f"The project discard was shuffled into a new project deck ({plural(ev.count, 'card')})"
        )
    if isinstance(ev, E.MissionDiscarded):
        return f"{SIDES[ev.player]} discarded {MISSIONS[mission_of(ev.card)].name}"
    if isinstance(ev, E.MissionsDrawn):
        return f"{SIDES[ev.player]} drew mission cards: {card_names(ev.cards)}"
    if isinstance(ev, E.MissionsDrawnCount):
        return f"{SIDES[ev.player]} drew {plural(ev.count, 'mission card')}"
    if isinstance(ev, E.MissionDeckReshuffled):
        return (
            f"{SIDES[ev.player]}'s mission discard was shuffled into a new mission deck "
            f"({plural(ev.count, 'card')})"
        )
    if isinstance(ev, E.SabotageRemoved):
        return f"Sabotage marker removed from {loc_name(ev.system)}"
    if isinstance(ev, E.SystemDestroyed):
        return f"{loc_name(ev.system)} is destroyed"
    if isinstance(ev, E.BaseNotHere):
        return f"The Rebel base is not in {loc_name(ev.system)}"
    return narrate_objectives(ev)


DESTROYED_WHY = {
    "damage": "by damage",
    "tactic": "by a tactic card",
    "action card": "by an action card",
    "death star plans": "Death Star Plans",
    "queue": "on the build queue, with its Death Star Under Construction",
    "rebuilt": "to build another",
    "structures alone": "structures alone at the end of the round",
    "alone against ships": "alone against enemy ships",
}
"""The reasons a ``units_destroyed`` event gives, in words (the others are card names)."""

DISCARD_WHY = {
    "markers gone": "its target markers are gone",
    "no Rebel system": "there is no Rebel system for its marker",
    "no remote system": "there is no remote system for its markers",
}


def narrate_objectives(ev: Event) -> str:
    """Drawing, playing and discarding objectives, and reputation."""
    if isinstance(ev, E.ObjectiveDrawn):
        return f"The Rebels drew {card_name(ev.card)}"
    if isinstance(ev, E.ObjectiveDrawnHidden):
        return f"The Rebels drew a stage {'I' * ev.stage} objective card"
    if isinstance(ev, E.ObjectiveRevealed):
        return f"The Rebels revealed {card_name(ev.card)}"
    if isinstance(ev, E.ObjectivePlayed):
        return f"The Rebels played {card_name(ev.card)}"
    if isinstance(ev, E.ObjectiveBackToHand):
        return f"No direct hit: {card_name(ev.card)} went back to the Rebels' hand"
    if isinstance(ev, E.ObjectiveDiscarded):
        if ev.reason in DISCARD_WHY:
            return f"{card_name(ev.card)} was discarded: {DISCARD_WHY[ev.reason]}"
        return f"The Rebels discarded {card_name(ev.card)} for {ev.reason}"
    if isinstance(ev, E.ReputationGained):
        return (
            f"The Rebels gained {ev.amount} reputation "
            f"({OBJECTIVES[objective_of(ev.card)].name}): the reputation marker moved toward "
            f"the time marker, to {ev.reputation}"
        )
    if isinstance(ev, E.ObjectiveHandShown):
        return f"The Rebels showed their objective hand to the Empire: {card_names(ev.cards)}"
    if isinstance(ev, E.ObjectiveHandShownCount):
        return f"The Rebels showed their objective hand ({plural(ev.count, 'card')}) to the Empire"
    where = "top" if getattr(ev, "top", False) else "bottom"
    if isinstance(ev, E.ObjectiveToDeck):
        return f"{card_name(ev.card)} went to the {where} of the objective deck"
    if isinstance(ev, E.ObjectiveToDeckHidden):
        return f"The Rebels put a stage {'I' * ev.stage} objective card on the {where} of the deck"
    return narrate_imperial(ev)


def narrate_imperial(ev: Event) -> str:
    """The Imperial mission deck's events."""
    if isinstance(ev, E.RingAttached):
        if RINGS[ev.ring] == "carbonite":
            return f"{LEADERS[ev.leader].name} is frozen in Carbonite (still captured)"
        if RINGS[ev.ring] == "lure":
            return f"{LEADERS[ev.leader].name} is lured to the Dark Side: an Imperial leader now"
        return f"The {ring_name(ev.ring)} ring is now on {LEADERS[ev.leader].name}"
    if isinstance(ev, E.ReputationChanged):
        how, way = ("lost", "away from") if ev.amount < 0 else ("gained", "toward")
        return (
            f"The Rebels {how} {abs(ev.amount)} reputation ({ev.reason}): the reputation "
            f"marker moved {way} the time marker, to {ev.reputation}"
        )
    if isinstance(ev, E.SystemNamed):
        return f"The Rebels named {loc_name(ev.system)}"
    if isinstance(ev, E.BaseIsHere):
        return f"The Rebel base is in {loc_name(ev.system)} (it stays hidden)"
    if isinstance(ev, E.ProbesGiven):
        names = ", ".join(loc_name(c) for c in ev.cards) or "none"
        return f"The Rebels gave the Empire probe cards: {names}"
    if isinstance(ev, E.ProbeDeckShuffled):
        return f"{plural(ev.returned, 'probe card')} went back; the probe deck was shuffled"
    if isinstance(ev, E.QueueAdvanced):
        return f"{UNITS[ev.unit].name} moved from queue space {ev.space} to space {ev.space - 1}"
    if isinstance(ev, E.LeaderDetained):
        return f"{LEADERS[ev.leader].name} is detained: no return to the pool next Refresh Phase"
    return narrate_actions(ev)


# ---------------------------------------------------------------- the mission roll-off and the Rebel deck
RING_NAMES = {
    "carbonite": "Frozen in Carbonite",
    "lure": "Lure of the Dark Side",
    "yoda": "Master Yoda",
    "c3po": "C-3PO",
    "r2d2": "R2-D2",
    "falcon": "Millennium Falcon",
    "k2so": "K-2SO",
    "bounty": "Bounty",
}
MOVE_WHAT = {"all": "units", "ships": "ships", "ground": "ground units"}


def ring_name(ring: int) -> str:
    return RING_NAMES[RINGS[ring]]


def die_words(colour: str, face: str) -> str:
    """A die as read aloud, its colour first (what it may damage depends on it):
    "black hit", "green direct hit", "red special"."""
    return f"{colour} {face.replace('_', ' ')}"


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"


@speaks_for(
    actions=(
        A.YodaReroll,
        A.Pass,
        A.QueueDestroy,
        A.ProbePlace,
        A.Target,
        A.Assign,
        A.Move,
        A.Destroy,
        A.Place,
        A.Objective,
        A.Option,
        A.Stop,
    ),
    decisions=(),
)
def describe_mission_deck(s: RebellionState, a: Action, top: object) -> str:
    """Actions of the roll-off window and the Rebel mission deck's decisions ("" if none)."""
    if isinstance(a, A.YodaReroll):
        ring = f"the Master Yoda ring ({yoda_wearer(s)}, once a round)"
        if isinstance(top, D.AfterMissionRoll):
            colour, face = s.mission_dice[top.player][a.die]
        elif isinstance(top, D.PlansReroll):
            face = die_words(*s.mission_dice[REBEL][a.die])
            return f"Reroll Death Star Plans' die {a.die + 1} ({face}) with {ring}"
        else:
            colour, face = s.battle.dice[a.die]
            return f"Reroll die {a.die + 1} ({die_words(colour, face)}) with {ring}"
        return f"Reroll your die {a.die + 1} ({die_words(colour, face)}) with {ring}"
    if isinstance(a, A.Pass) and isinstance(top, D.AfterMissionRoll):
        return "Leave the dice as they are"
    if isinstance(a, A.Pass) and isinstance(top, D.PlansReroll):
        return f"Leave the dice: no direct hit, {objective_name(top.card)} goes back to your hand"
    if isinstance(a, A.QueueDestroy) and not isinstance(top, D.DestroyQueued):
        return f"Destroy 1 {UNITS[a.unit].name} on Imperial queue space {a.space}"
    if isinstance(a, A.ProbePlace):
        where = "on top of" if a.top else "at the bottom of"
        return f"Put the {loc_name(a.card)} probe card {where} the probe deck"
    if isinstance(a, A.Target):
        name = LEADERS[a.leader].name
        if isinstance(top, D.ReassignLeader):
            return f"Put {name} face down on a starting mission (Contingency Plan)"
        if isinstance(top, D.ChooseRingLeader):
            return f"Attach the Master Yoda ring to {name}"
        if isinstance(top, D.ChooseMisdirected):
            return f"No Imperial pool leader may oppose {name}'s missions this round"
        if isinstance(top, D.FollowRescued):
            rescued = LEADERS[top.rescued].name
            return f"Send {name} with {rescued} to {loc_name(top.dst)}"
    if isinstance(a, A.Assign) and isinstance(top, D.ReassignMission):
        return f"Put {LEADERS[top.leader].name} face down on {MISSIONS[mission_of(a.card)].name} (Contingency Plan)"
    if isinstance(a, A.Move) and isinstance(top, D.BaseMove):
        return f"Move 1 {UNITS[a.unit].name} from the Rebel Base space to {loc_name(top.system)}"
    if isinstance(a, A.Destroy) and isinstance(top, D.MissionDestroy):
        health = UNITS[a.unit].health
        return (
            f"Destroy 1 {UNITS[a.unit].name} in {loc_name(top.system)} "
            f"({health} of the {top.left} health left)"
        )
    if isinstance(a, A.Place) and isinstance(top, D.GainUnits):
        return f"Gain 1 {UNITS[a.unit].name} in {loc_name(a.loc)}"
    if isinstance(a, A.Objective):
        name = objective_name(objective_of(a.card))
        if isinstance(top, D.KeepObjective):
            return f"Draw {name}; the other card goes to the bottom of the objective deck"
        if isinstance(top, D.OrderObjectives):
            if top.placed == 0:
                return f"Put {name} on top of the objective deck"
            return f"Put {name} {ordinal(top.placed + 1)} from the top of the objective deck"
    if isinstance(a, A.Option) and isinstance(top, D.ChooseOption):
        e = MISSIONS[top.card].effects[a.which - 1]
        if e.kind == "gain_loyalty":
            return f"Gain {e.amount} loyalty in the mission's system"
        if e.kind == "queue_unit":
            return f"Put 1 {e.unit} on space {e.amount} of the build queue"
    if isinstance(a, A.Stop):
        if isinstance(top, D.BaseMove):
            return f"Move no more {MOVE_WHAT[top.mode]} from the Rebel Base space"
        if isinstance(top, D.MissionDestroy):
            return f"Destroy no more units ({top.left} health left unused)"
        if isinstance(top, D.RaidQueue):
            return f"Destroy no more queued units ({top.left} health left unused)"
        if isinstance(top, D.FollowRescued):
            return f"The other assigned leaders stay in {loc_name(top.system)}"
    return ""


def prompt_mission_deck(s: RebellionState, top: object, who: str) -> str:
    """Prompts of the roll-off window and the Rebel mission deck's decisions ("" if none)."""
    if isinstance(top, D.PlansReroll):
        faces = ", ".join(die_words(c, f) for c, f in s.mission_dice[REBEL])
        return (
            f"{who}: Death Star Plans against the {UNITS[top.target].name}: no direct hit "
            f"({faces}); reroll one die with the Master Yoda ring ({yoda_wearer(s)}, once a "
            "round), or leave the dice"
        )
    if isinstance(top, D.AfterMissionRoll):
        att = s.roll_off[0]
        return (
            f"{who}: the mission dice are rolled ({SIDES[att]} "
            f"{success_words(roll_successes(s, att))}, {SIDES[1 - att]} "
            f"{success_words(roll_successes(s, 1 - att))}): use an ability on your dice, or "
            "leave them"
        )
    if isinstance(top, D.ReassignLeader):
        return f"{who}: Contingency Plan: the leader that goes onto a starting mission"
    if isinstance(top, D.ReassignMission):
        name = LEADERS[top.leader].name
        return f"{who}: Contingency Plan: the starting mission {name} goes onto, face down"
    if isinstance(top, D.ChooseMisdirected):
        return f"{who}: Misdirection: the leader whose missions the Imperial pool may not oppose this round"
    if isinstance(top, D.BaseMove):
        limit = f" (up to {top.left} more)" if top.left > 0 else ""
        return (
            f"{who}: {MISSIONS[top.card].name}: move {MOVE_WHAT[top.mode]} from the Rebel "
            f"Base space to {loc_name(top.system)}{limit}, or stop"
        )
    if isinstance(top, D.MissionDestroy):
        return (
            f"{who}: {MISSIONS[top.card].name}: destroy Imperial units in "
            f"{loc_name(top.system)} worth up to {top.left} more health, or stop"
        )
    if isinstance(top, D.DemolishQueue):
        icon = SYSTEMS[top.system].icons[top.icon].replace("_", " ")
        return f"{who}: Demolition: the queued Imperial unit the {icon} icon of {loc_name(top.system)} destroys"
    if isinstance(top, D.RaidQueue):
        return f"{who}: Rogue Squadron Raid: destroy queued Imperial units worth up to {top.left} more health, or stop"
    if isinstance(top, D.GainUnits):
        return (
            f"{who}: {MISSIONS[top.card].name}: gain a unit with a {top.shape} build icon in "
            f"{loc_name(top.system)} ({top.left} to gain)"
        )
    if isinstance(top, D.FollowRescued):
        return (
            f"{who}: send assigned leaders with the rescued {LEADERS[top.rescued].name} to "
            f"{loc_name(top.dst)}, or let them stay"
        )
    if isinstance(top, D.PlaceProbe):
        n = len(s.zones["probe_look"])
        return f"{who}: Plant False Lead: put a taken probe card on top of the probe deck or at its bottom ({n} left)"
    if isinstance(top, D.ChooseRingLeader):
        return f"{who}: Seek Yoda: the leader the Master Yoda ring goes on"
    if isinstance(top, D.KeepObjective):
        return f"{who}: Covert Operation: the objective card to draw (the other goes to the bottom)"
    if isinstance(top, D.OrderObjectives):
        where = "on top" if top.placed == 0 else f"{ordinal(top.placed + 1)} from the top"
        return f"{who}: Stolen Plans: the objective card to put {where} of the objective deck"
    return ""


def narrate_mission_deck(ev: Event) -> str:
    """Events of the roll-off window and the Rebel mission deck ("" if none)."""
    if isinstance(ev, E.MissionDieRerolled):
        return (
            f"{SIDES[ev.player]} rerolled die {ev.die + 1} ({face_words(ev.was)} to "
            f"{face_words(ev.face)}): {success_words(ev.successes)}"
        )
    if isinstance(ev, E.RingUsed):
        return f"{LEADERS[ev.leader].name} used the {ring_name(ev.ring)} ring"
    if isinstance(ev, E.LeaderReplaced):
        return f"{LEADERS[ev.old].name} became {LEADERS[ev.new].name}"
    if isinstance(ev, E.Reassigned):
        return (
            f"{SIDES[ev.player]} put {LEADERS[ev.leader].name} face down on "
            f"{MISSIONS[mission_of(ev.card)].name} (Contingency Plan)"
        )
    if isinstance(ev, E.ReassignedHidden):
        return (
            f"{SIDES[ev.player]} put {LEADERS[ev.leader].name} face down on a starting "
            "mission (Contingency Plan)"
        )
    if isinstance(ev, E.AttemptBonus):
        return (
            f"{LEADERS[ev.leader].name} adds {success_words(ev.successes)} to the next "
            "mission he attempts this round"
        )
    if isinstance(ev, E.Misdirected):
        return f"No Imperial pool leader may oppose {LEADERS[ev.leader].name}'s missions this round"
    if isinstance(ev, E.QueueUnitDestroyed):
        return f"1 {UNITS[ev.unit].name} destroyed on Imperial queue space {ev.space} ({ev.reason})"
    if isinstance(ev, E.LeaderFollowed):
        return f"{LEADERS[ev.leader].name} went with the rescued leader to {loc_name(ev.dst)}"
    if isinstance(ev, E.ProbesTaken):
        names = ", ".join(loc_name(c) for c in ev.cards)
        return f"The Rebels took probe cards from the Empire's hand at random: {names}"
    if isinstance(ev, E.ProbesTakenCount):
        return f"The Rebels took {plural(ev.count, 'probe card')} from the Empire's hand at random"
    if isinstance(ev, E.ProbePlaced):
        where = "on top of" if ev.top else "at the bottom of"
        return f"The {loc_name(ev.card)} probe card went {where} the probe deck"
    if isinstance(ev, E.ProbePlacedHidden):
        where = "on top of" if ev.top else "at the bottom of"
        return f"The Rebels put a probe card {where} the probe deck"
    if isinstance(ev, E.ObjectivesOrdered):
        names = ", ".join(objective_name(objective_of(c)) for c in ev.cards)
        return f"The Rebels put the top objective cards back, top first: {names}"
    if isinstance(ev, E.ObjectivesOrderedHidden):
        return (
            f"The Rebels put the top {plural(ev.count, 'objective card')} back in an order "
            "of their choice"
        )
    return ""


def narrate_actions(ev: Event) -> str:
    """Drawing action cards and recruiting."""
    if isinstance(ev, E.Drew):
        return f"{SIDES[ev.player]} drew {card_names(ev.cards)}"
    if isinstance(ev, E.DrewCount):
        return f"{SIDES[ev.player]} drew {plural(ev.count, 'action card')}"
    if isinstance(ev, E.RecruitChosen):
        if ev.leader >= 0:
            return (
                f"{SIDES[ev.player]} chose to recruit {LEADERS[ev.leader].name}, "
                f"keeping {card_name(ev.card)} (face down)"
            )
        return f"{SIDES[ev.player]} chose {card_name(ev.card)}, on which no leader can be recruited"
    if isinstance(ev, E.RecruitChosenHidden):
        return f"{SIDES[ev.player]} made a recruit choice, face down"
    if isinstance(ev, E.Recruited):
        return f"{SIDES[ev.player]} recruited {LEADERS[ev.leader].name}"
    if isinstance(ev, E.ActionCardKept):
        return f"{SIDES[ev.player]} kept {card_name(ev.card)} face down"
    if isinstance(ev, E.ActionCardKeptHidden):
        return f"{SIDES[ev.player]} kept an action card face down"
    if isinstance(ev, E.StartingActionCards):
        names = " and ".join(card_name(c) for c in ev.cards)
        return f"{SIDES[ev.player]} drew the starting action cards {names} (face down)"
    if isinstance(ev, E.StartingActionCardsHidden):
        n = ev.count
        return f"{SIDES[ev.player]} drew {n} starting action card{'s' * (n != 1)} face down"
    if isinstance(ev, E.ActionCardDiscarded):
        return (
            f"{SIDES[ev.player]} discarded {card_name(ev.card)}: no leader on it could be recruited"
        )
    if isinstance(ev, E.ActionCardsBottomed):
        return f"{SIDES[ev.player]} put {card_names(ev.cards)} on the bottom of the action deck"
    if isinstance(ev, E.ActionCardsBottomedCount):
        return (
            f"{SIDES[ev.player]} put {plural(ev.count, 'action card')} "
            "on the bottom of the action deck"
        )
    return ev.kind


def unit_count(n: int, unit: int) -> str:
    """``n`` figures of a unit type in words: "1 AT-AT", "2 TIE Strikers"."""
    name = UNITS[unit].name
    if n == 1:
        return f"1 {name}"
    if name.endswith("Under Construction"):
        return f"{n} {name.replace('Death Star', 'Death Stars', 1)}"
    return f"{n} {name}s"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def damage_words(n: int) -> str:
    """ "with no damage", "with 2 damage"."""
    return "with no damage" if n == 0 else f"with {n} damage"


def success_words(n: int) -> str:
    """ "1 success", "2 successes"."""
    return f"{n} success" if n == 1 else f"{n} successes"


def face_words(face: str) -> str:
    """A die face in words: "direct hit"."""
    return face.replace("_", " ")


def unit_state(s: RebellionState, u: int, damage: int) -> str:
    """One figure of ``u`` with ``damage`` on it, as a player reads it in a combat:
    "health 3, 1 damage so far" (its health in this combat, Point-Blank Assault's -1)."""
    so_far = "no damage yet" if damage == 0 else f"{damage} damage so far"
    return f"health {health(s, u)}, {so_far}"


def die_list(dice: list[int] | tuple[int, ...]) -> str:
    """Die numbers in words: "die 2", "dice 1 and 3", "dice 1, 2 and 4"."""
    nums = [str(i + 1) for i in dice]
    if len(nums) == 1:
        return f"die {nums[0]}"
    return f"dice {', '.join(nums[:-1])} and {nums[-1]}"


def names_or(names: list[str]) -> str:
    """ "Bothawui", "Bothawui or Ryloth", "Bothawui, Kessel or Ryloth"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def reroll_leader(s: RebellionState, p: int, th: int) -> tuple[str, int]:
    """The leader whose tactic value gives ``p``'s reroll in theater ``th`` of the combat
    (the best of ``p``'s leaders there, not captives; the first of equals), and the value."""
    b = s.board
    best, value = "", 0
    for x in b.leaders_at(s.battle.system, p):
        v = (LEADERS[x].space, LEADERS[x].ground)[th]
        if not b.is_captive(x) and v > value:
            best, value = LEADERS[x].name, v
    return best, value


def reroll_words(s: RebellionState, p: int, th: int) -> str:
    """What ``p``'s leader reroll is in this attack: its source, size and marks."""
    bt = s.battle
    leader, value = reroll_leader(s, p, th)
    if not value:
        return "no leader of yours here to reroll dice"
    if bt.reroll_used:
        return f"{leader}'s reroll is used"
    marked = f"; marked: {die_list(bt.marked)}" if bt.marked else ""
    return (
        f"{leader}'s {THEATER_WORD[th]} tactic value {value} rerolls up to "
        f"{dice_count(value)}{marked}"
    )


def yoda_wearer(s: RebellionState) -> str:
    """The name of the leader wearing the Master Yoda ring ("" if none)."""
    x = holder(s.board, YODA)
    return LEADERS[x].name if x >= 0 else ""


def combat_die(s: RebellionState, k: int) -> str:
    """Die ``k`` of the current combat roll: "red hit"."""
    dice = s.battle.dice
    if not 0 <= k < len(dice):
        return f"die {k + 1}"
    return die_words(*dice[k])


def queue_lines(s: RebellionState) -> list[str]:
    """Both build queues, space by space (the Death Star on its space)."""
    out = []
    for side in (0, 1):
        spaces = []
        for space in (1, 2, 3):
            units = s.board.queue_at(side, space)
            spaces.append(f"{space}: {units_words(units) or '-'}")
        out.append(f"{SIDES[side]} build queue: " + "; ".join(spaces))
    return out


def units_words(units: list[int]) -> str:
    """ "2 TIE Fighters, 1 Star Destroyer", in unit order."""
    return ", ".join(plural(units.count(u), UNITS[u].name) for u in sorted(set(units)))


def action_lines(s: RebellionState, p: int, player: int | None) -> list[str]:
    """``p``'s action hand (its cards to ``p`` only, a count to the others) and deck."""
    hand = s.zones[f"action_hand{p}"]
    deck = len(s.zones[f"action_deck{p}"])
    out = [f"{SIDES[p]} action hand: {plural(len(hand), 'card')}; action deck: {deck}"]
    if player == p:
        out.append(f"Your action cards: {card_names(hand) if hand else '(none)'}")
    drawn = s.zones[f"action_drawn{p}"]
    if drawn:
        shown = card_names(drawn) if player == p else plural(len(drawn), "card")
        out.append(f"{SIDES[p]} drew to recruit: {shown}")
    return out


def objective_name(i: int) -> str:
    o = OBJECTIVES[i]
    return f"{o.name} (stage {'I' * o.stage})"


def objective_line(s: RebellionState, player: int | None) -> str:
    """The objective deck as ``player`` sees it: the stages on the backs, top first, and
    the cards ``player`` knows."""
    stages = s.objective_backs[::-1]
    runs: list[list[int]] = []  # [stage, how many in a row]
    for st in stages:
        if runs and runs[-1][0] == st:
            runs[-1][1] += 1
        else:
            runs.append([st, 1])
    backs = ", ".join(f"{n} stage {'I' * st}" for st, n in runs) or "empty"
    line = f"Objective deck, top first: {backs}"
    if player is not None:
        known = known_depths(s, player)
        if known:
            line += "; you know " + ", ".join(
                f"{objective_name(objective_of(c))} at depth {d}" for d, c in known
            )
    return line


def objective_hand_lines(s: RebellionState, player: int | None) -> list[str]:
    """The Rebels' objective hand (its cards to them, a count and the backs to the others,
    with the cards the Empire was shown), the cards in play and the discard."""
    hand = s.zones["objective_hand"]
    backs = ", ".join(f"stage {'I' * st}" for st in s.objective_hand_backs)
    out = [f"Rebel objective hand: {plural(len(hand), 'card')}" + (f" ({backs})" if backs else "")]
    if player == REBEL:
        out.append(f"Your objectives: {card_names(hand) if hand else '(none)'}")
    elif player is not None and (shown := s.known_to("objective_hand", player)):
        out.append(f"Objectives you were shown: {card_names(shown)}")
    in_play = s.zones["objectives_in_play"]
    if in_play:
        out.append(f"Objectives in play: {card_names(in_play)}")
    pile = s.zones["objective_discard"]
    out.append(f"Objective discard: {card_names(pile) if pile else '(empty)'}")
    if player == IMPERIAL and s.known_to("base", IMPERIAL):
        out.append(f"You know the Rebel base is at {loc_name(s.base)}")
    return out


def leader_tag(s: RebellionState, x: int) -> str:
    """What a leader on the board is besides its name: a captive, frozen, lured, detained."""
    b = s.board
    tags = []
    if b.captured == x:
        tags.append("captured")
    if b.rings[x] >= 0:
        tags.append(
            {"carbonite": "frozen in Carbonite", "lure": "lured: Imperial"}.get(
                RINGS[b.rings[x]], f"{ring_name(b.rings[x])} ring"
            )
        )
    if b.detained >> x & 1:
        tags.append("detained")
    return f" ({', '.join(tags)})" if tags else ""


def render(s: RebellionState, player: int | None) -> str:
    """A text picture of the board as ``player`` sees it (a team game's seat as its side,
    RR-188, headed by who it is and whose decision it is)."""
    if s.num_players > 2 and player is not None:
        cp = s.current_player
        head = f"You are the {team.seat_name(s.num_players, player)}"
        if cp is not None:
            head += f"; to decide: the {team.seat_name(s.num_players, cp)}"
        return head + "\n" + render_side(s, s._viewer(player))
    return render_side(s, player)


def render_side(s: RebellionState, player: int | None) -> str:
    """The board as side ``player`` sees it (``None``: a spectator)."""
    b = s.board
    lines = [
        f"Round {s.round}, {s.phase} phase. Time {b.time}, reputation {b.reputation}.",
    ]
    base = s.base
    if player == 0 and base >= 0:
        lines.append(f"Your base: {loc_name(base)}{' (revealed)' if b.base_revealed else ''}")
    elif b.base_revealed:
        lines.append(f"Rebel base revealed at {loc_name(base)}")
    if not b.base_revealed and s.base_mask != (1 << NUM_SYSTEMS) - 1:
        could = ", ".join(loc_name(x) for x in range(NUM_SYSTEMS) if s.base_mask >> x & 1)
        lines.append(f"The Rebels said their base is in one of: {could or 'none'}")
    for loc in range(NUM_SYSTEMS + 1):
        row = b.units[loc]
        units = ", ".join(plural(n, UNITS[u].name) for u, n in enumerate(row) if n)
        leaders = ", ".join(
            LEADERS[x].name + leader_tag(s, x) for x, w in enumerate(b.leader_loc) if w == loc
        )
        marks = []
        if loc < NUM_SYSTEMS:
            if b.loyalty[loc] >= 0:
                marks.append(LOYALTY_WORD[b.loyalty[loc]])
            if b.subjugated[loc]:
                marks.append("subjugated")
            if b.sabotage[loc]:
                marks.append("sabotage")
            if b.destroyed[loc]:
                marks.append("destroyed")
            marks.extend(
                f"{m.name} marker" for k, m in enumerate(MARKERS) if b.markers[loc] >> k & 1
            )
        if not (units or leaders or marks):
            continue
        head = loc_name(loc) + (f" [{', '.join(marks)}]" if marks else "")
        lines.append(
            f"  {head}: {units or 'no units'}" + (f"; leaders: {leaders}" if leaders else "")
        )
    for p in (0, 1):
        pool = ", ".join(LEADERS[x].name for x in b.pool(p))
        lines.append(f"{SIDES[p]} pool: {pool or '(empty)'}")
        if player == p:
            hand = ", ".join(MISSIONS[mission_of(c)].name for c in s.zones[f"missions{p}"])
            lines.append(f"Your missions: {hand or '(none)'}")
        lines.extend(action_lines(s, p, player))
    lines.extend(queue_lines(s))
    if player is not None and s.layout["probe_hand"].visible_to(player):
        names = ", ".join(loc_name(c) for c in s.zones["probe_hand"])
        lines.append(f"Your probe cards: {names or '(none)'}")
    lines.append(objective_line(s, player))
    lines.extend(objective_hand_lines(s, player))
    deck, pile = s.zones["project_deck"], s.zones["project_discard"]
    used = ", ".join(MISSIONS[mission_of(c)].name for c in pile)
    lines.append(f"Project deck: {plural(len(deck), 'card')}; discard: {used or '(empty)'}")
    look = s.zones["project_look"]
    if look and player == s.layout["project_look"].owner:
        drawn = ", ".join(MISSIONS[mission_of(c)].name for c in look)
        lines.append(f"Project cards drawn: {drawn}")
    bt = s.battle
    if bt.active:
        lines.append(f"Combat in {loc_name(bt.system)}, round {bt.round}")
        hurt = ", ".join(
            f"{UNITS[u].name} {'/'.join(map(str, d))}" for u, d in enumerate(bt.damage) if d
        )
        lines.append(f"  damage: {hurt or 'none'}")
        if bt.dice:
            lines.append("  dice: " + ", ".join(f"{c} {f.replace('_', ' ')}" for c, f in bt.dice))
    if s.stack:
        lines.append(f"> {s.prompt}")
    return "\n".join(lines)


# ---------------------------------------------------------------- Rise of the Empire missions
def dice_count(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def roe_card(s: RebellionState, default: str) -> str:
    return resolving_name(s, default)


@speaks_for(
    actions=(A.Subvert, A.QueueDeploy),
    decisions=(
        D.RecruitHere,
        D.PullLeader,
        D.DiscreditChoice,
        D.DiscreditReroll,
        D.GainGround,
        D.DiscardRebelMission,
        D.BaitMove,
        D.NameRegion,
        D.MightDeploy,
        D.ChooseCaptive,
        D.FailDestroy,
        D.HeistMarker,
        D.ChooseOption,
        D.KeepMission,
        D.HavenDeploy,
        D.AidLoyalty,
        D.RecoverMission,
        D.ExplosivesDestroy,
    ),
)
def describe_roe(s: RebellionState, a: Action, top: object) -> str:
    """Actions of the Rise of the Empire mission cards' decisions ("" if none)."""
    if isinstance(a, A.Subvert) and isinstance(top, D.OpposeMission):
        leaders = " and ".join(LEADERS[x].name for x in s.slots[top.player][a.slot])
        return f"Reveal Subversion: {leaders} join the opposition"
    if isinstance(a, A.QueueDeploy):
        where = loc_name(top.system) if isinstance(top, D.HavenDeploy) else "the system"
        return f"Deploy 1 {UNITS[a.unit].name} from Rebel queue space {a.space} to {where}"
    if isinstance(top, D.RecruitHere) and isinstance(a, A.Recruit):
        return f"Recruit {LEADERS[a.leader].name} and place them in {loc_name(top.system)}"
    if isinstance(top, D.PullLeader) and isinstance(a, A.Target):
        return f"Place {LEADERS[a.leader].name} from the Rebel pool in {loc_name(top.system)}"
    if isinstance(top, D.DiscreditChoice) and isinstance(a, A.Option):
        if a.which == 1:
            return "Remove every sabotage marker on the board"
        return f"Roll {dice_count(top.dice)}: any success costs 1 reputation"
    if isinstance(top, D.DiscreditReroll):
        if isinstance(a, A.YodaReroll):
            colour, face = s.mission_dice[REBEL][a.die]
            return (
                f"Reroll your die {a.die + 1} ({die_words(colour, face)}) with the Master Yoda "
                f"ring ({yoda_wearer(s)}, once a round)"
            )
        return "Leave the dice as they are"
    if isinstance(top, D.GainGround) and isinstance(a, A.Place):
        return f"Gain 1 {UNITS[a.unit].name} in {loc_name(a.loc)}"
    if isinstance(top, D.DiscardRebelMission) and isinstance(a, A.Discard):
        return f"Discard the Rebels' {MISSIONS[mission_of(a.card)].name}"
    if isinstance(top, D.BaitMove):
        if isinstance(a, A.Move):
            return (
                f"Move 1 Rebel {UNITS[a.unit].name} from the Rebel Base space to "
                f"{loc_name(top.system)} ({UNITS[a.unit].health} of {top.left} health left)"
            )
        return f"Move no more Rebel units ({top.left} health left unused)"
    if isinstance(top, D.NameRegion) and isinstance(a, A.SystemChoice):
        region = SYSTEMS[a.system].region
        return f"Ask whether the Rebel base is in region {region} (naming {loc_name(a.system)})"
    if isinstance(top, D.MightDeploy):
        if isinstance(a, A.Deploy):
            return (
                f"Deploy 1 {UNITS[a.unit].name} from queue space 1 to {loc_name(top.system)} "
                f"({top.left} at most)"
            )
        return "Deploy no more units"
    if isinstance(top, D.ChooseCaptive) and isinstance(a, A.Target):
        return f"Rescue {LEADERS[a.leader].name}"
    if isinstance(top, D.FailDestroy):
        if isinstance(a, A.Destroy):
            return f"Destroy 1 {UNITS[a.unit].name} in {loc_name(top.system)}"
        return "Destroy nothing"
    if isinstance(top, D.HeistMarker) and isinstance(a, A.RemoveMarker):
        return f"Remove the {MARKERS[a.marker].name} marker from {loc_name(a.system)} (Heist)"
    if isinstance(top, D.ChooseOption) and isinstance(a, A.Option):
        kind = MISSIONS[top.card].effects[a.which - 1].kind
        if kind == "remove_marker_here":
            return "Remove a target marker in the mission's system"
        if kind == "draw_top_objective":
            return "Draw the top objective card"
    if isinstance(top, D.KeepMission):
        if isinstance(a, A.Keep):
            return f"Take {MISSIONS[mission_of(a.card)].name} into your hand"
        return "Take no more cards; the rest go back and the deck is shuffled"
    if isinstance(top, D.HavenDeploy) and isinstance(a, A.Stop):
        return "Deploy no more units"
    if isinstance(top, D.AidLoyalty) and isinstance(a, A.SystemChoice):
        return f"Regional Aid: gain 1 loyalty in {loc_name(a.system)}"
    if isinstance(top, D.RecoverMission) and isinstance(a, A.Keep):
        return f"Take {MISSIONS[mission_of(a.card)].name} back from your discard pile"
    if isinstance(top, D.ExplosivesDestroy):
        if isinstance(a, A.Destroy):
            return (
                f"Destroy 1 {UNITS[a.unit].name} in {loc_name(top.system)} "
                f"({UNITS[a.unit].health} of the {top.left} health left)"
            )
        return f"Destroy no more units ({top.left} health left unused)"
    return ""


def prompt_roe(s: RebellionState, top: object, who: str) -> str:
    """Prompts of the Rise of the Empire mission cards' decisions ("" if none)."""
    if isinstance(top, D.RecruitHere):
        return f"{who}: {MISSIONS[top.card].name}: the leader recruited into {loc_name(top.system)}"
    if isinstance(top, D.PullLeader):
        return f"{who}: Draw Them Out: the Rebel pool leader placed in {loc_name(top.system)}"
    if isinstance(top, D.DiscreditChoice):
        return (
            f"{who}: Discredit Rebellion: remove every sabotage marker, or roll "
            f"{dice_count(top.dice)} and lose 1 reputation on a success"
        )
    if isinstance(top, D.DiscreditReroll):
        n = sum(1 for _, f in s.mission_dice[REBEL] if f in ("hit", "direct_hit", "special"))
        return (
            f"{who}: Discredit Rebellion: {dice_count(n)} rolled a success; use an ability "
            "on your dice, or leave them"
        )
    if isinstance(top, D.GainGround):
        return f"{who}: Deployment: the ground unit with a triangle icon gained in {loc_name(top.system)}"
    if isinstance(top, D.DiscardRebelMission):
        return f"{who}: Stolen Intel: the Rebel mission card to discard (not a starting mission)"
    if isinstance(top, D.BaitMove):
        return (
            f"{who}: We're the Bait: move Rebel ground units worth up to {top.left} more health "
            f"from the Rebel Base space to {loc_name(top.system)}, or stop"
        )
    if isinstance(top, D.NameRegion):
        return f"{who}: Break Their Will: name a system; the Rebels say whether their base is in its region"
    if isinstance(top, D.MightDeploy):
        return (
            f"{who}: Imperial Might: deploy up to {plural(top.left, 'more unit')} from queue space 1 "
            f"to {loc_name(top.system)}, or stop"
        )
    if isinstance(top, D.ChooseCaptive):
        return f"{who}: {roe_card(s, 'the rescue')}: the captive rescued in {loc_name(top.system)}"
    if isinstance(top, D.FailDestroy):
        return (
            f"{who}: Aggressive Negotiations failed: destroy 1 Imperial triangle ground unit "
            f"in {loc_name(top.system)}, or not"
        )
    if isinstance(top, D.HeistMarker):
        return f"{who}: Heist: the target marker removed from {loc_name(top.system)}"
    if isinstance(top, D.KeepMission):
        more = " another" if top.optional else ""
        return f"{who}: Secret Mission: take{more} card of those looked at into your hand"
    if isinstance(top, D.HavenDeploy):
        return (
            f"{who}: Safe Haven: deploy up to {plural(top.left, 'more unit')} from your build queue to "
            f"{loc_name(top.system)}, or stop"
        )
    if isinstance(top, D.AidLoyalty):
        return f"{who}: Regional Aid: the other system of the region that gains 1 loyalty"
    if isinstance(top, D.RecoverMission):
        return f"{who}: Reconnaissance: the card taken back from your mission discard pile"
    if isinstance(top, D.ExplosivesDestroy):
        return (
            f"{who}: Plant Explosives: destroy up to {plural(top.count, 'more Imperial ground unit')} "
            f"in {loc_name(top.system)} worth up to {top.left} more health, or stop"
        )
    if isinstance(top, D.OpposeMission) and top.subverted:
        return (
            f"{who}: Subversion's leaders oppose {MISSIONS[top.card].name}: send a pool "
            "leader too, or not"
        )
    return ""


def narrate_roe(ev: Event) -> str:
    """Events of the Rise of the Empire mission cards ("" if none)."""
    if isinstance(ev, E.LeadersToPool):
        names = " and ".join(LEADERS[x].name for x in ev.leaders)
        return f"{names} went back to the {SIDES[ev.player]} leader pool"
    if isinstance(ev, E.RecruitedTo):
        return f"{SIDES[ev.player]} recruited {LEADERS[ev.leader].name} into {loc_name(ev.system)}"
    if isinstance(ev, E.LeaderDrawnOut):
        return f"{LEADERS[ev.leader].name} was drawn out of the Rebel pool to {loc_name(ev.system)}"
    if isinstance(ev, E.Discredited):
        if ev.removed:
            return "The Rebels removed every sabotage marker"
        return "The Rebels roll for Discredit Rebellion"
    if isinstance(ev, E.MissionHandShown):
        return f"{SIDES[ev.player]} showed their mission hand: {card_names(ev.cards)}"
    if isinstance(ev, E.MissionHandShownCount):
        return f"{SIDES[ev.player]} showed their mission hand ({plural(ev.count, 'card')})"
    if isinstance(ev, E.MissionToHand):
        return f"{MISSIONS[mission_of(ev.card)].name} went back into the {SIDES[ev.player]} hand"
    if isinstance(ev, E.BaseInRegion):
        return f"The Rebel base is in the region of {loc_name(ev.system)}"
    if isinstance(ev, E.BaseNotInRegion):
        return f"The Rebel base is not in the region of {loc_name(ev.system)}"
    if isinstance(ev, E.Subverted):
        names = " and ".join(LEADERS[x].name for x in ev.leaders)
        return f"{SIDES[ev.player]} revealed Subversion: {names} oppose the mission in {loc_name(ev.system)}"
    if isinstance(ev, E.TacticsRecovered):
        return f"{plural(ev.count, 'discarded advanced tactic card')} went back to the {SIDES[ev.player]} decks"
    if isinstance(ev, E.MissionsLooked):
        return f"{SIDES[ev.player]} looked at the top of their mission deck: {card_names(ev.cards)}"
    if isinstance(ev, E.MissionsLookedCount):
        return (
            f"{SIDES[ev.player]} looked at the top {plural(ev.count, 'card')} of their mission deck"
        )
    if isinstance(ev, E.MissionTaken):
        return f"{SIDES[ev.player]} took {MISSIONS[mission_of(ev.card)].name} into their hand"
    if isinstance(ev, E.MissionTakenHidden):
        return f"{SIDES[ev.player]} took a card looked at into their hand"
    if isinstance(ev, E.MissionDeckShuffled):
        return f"{SIDES[ev.player]}'s mission deck was shuffled"
    return ""


# ---------------------------------------------------------------- the attachment rings
@speaks_for(
    actions=(A.BlankDie,),
    decisions=(D.C3POChoice, D.AttachRing, D.FalconRescue, D.FalconFollow),
)
def describe_rings(s: RebellionState, a: Action, top: object) -> str:
    """Actions of the attachment rings' decisions and window ("" if none)."""
    if isinstance(a, A.BlankDie) and isinstance(top, D.AfterMissionRoll):
        colour, face = s.mission_dice[1 - top.player][a.die]
        return (
            f"Discard the R2-D2 ring: the {SIDES[1 - top.player]} die {a.die + 1} "
            f"({die_words(colour, face)}) becomes a blank"
        )
    if isinstance(top, D.C3POChoice):
        name = MISSIONS[s.roll_off[1]].name
        if isinstance(a, A.UseRing):
            return f"Discard the C-3PO ring: {name} succeeds"
        return f"Keep the C-3PO ring: {name} fails"
    if isinstance(top, D.AttachRing) and isinstance(a, A.Target):
        return f"Attach the {ring_name(top.ring)} ring to {LEADERS[a.leader].name}"
    if isinstance(top, D.FalconRescue):
        if isinstance(a, A.Target):
            return f"Discard the Millennium Falcon ring to rescue {LEADERS[a.leader].name}"
        return "Keep the Millennium Falcon ring (rescue no one)"
    if isinstance(top, D.FalconFollow):
        if isinstance(a, A.Target):
            rescued = LEADERS[top.rescued].name
            return f"Send {LEADERS[a.leader].name} with {rescued} to {loc_name(top.dst)}"
        return f"The other assigned leaders stay in {loc_name(top.system)}"
    return ""


def prompt_rings(s: RebellionState, top: object, who: str) -> str:
    """Prompts of the attachment rings' decisions ("" if none)."""
    if isinstance(top, D.AttachRing):
        return f"{who}: the leader the {ring_name(top.ring)} ring goes on"
    if isinstance(top, D.C3POChoice):
        att = s.roll_off[0]
        return (
            f"{who}: your Diplomacy mission {MISSIONS[s.roll_off[1]].name} failed "
            f"({success_words(roll_successes(s, att))} to {roll_successes(s, 1 - att)}): discard "
            "the C-3PO ring to make it succeed, or let it fail"
        )
    if isinstance(top, D.FalconRescue):
        return (
            f"{who}: {MISSIONS[top.card].name} succeeded in {loc_name(top.system)}: discard "
            "the Millennium Falcon ring to rescue a captive there, or keep it"
        )
    if isinstance(top, D.FalconFollow):
        return (
            f"{who}: send assigned leaders with the rescued {LEADERS[top.rescued].name} to "
            f"{loc_name(top.dst)} (Millennium Falcon), or let them stay"
        )
    return ""


def narrate_rings(ev: Event) -> str:
    """Events of the attachment rings ("" if none)."""
    if isinstance(ev, E.RingDiscarded):
        return f"The {ring_name(ev.ring)} ring left {LEADERS[ev.leader].name}, back to the supply"
    if isinstance(ev, E.DieBlanked):
        return (
            f"{SIDES[ev.player]}'s die {ev.die + 1} ({face_words(ev.was)}) became a "
            f"blank: {success_words(ev.successes)}"
        )
    return ""


# ---------------------------------------------------------------- action cards
ACTION_WINDOW_WORDS = {
    "start_of_combat": "at the start of the combat",
    "captured_mission": "as the leader is captured",
    "captured_combat": "as the leader is captured",
    "captured_card": "as the leader is captured",
}


@speaks_for(
    actions=(A.PlayActionCard, A.AsRed),
    decisions=(
        D.MissionDiceWindow,
        D.ActionCardWindow,
        D.ConvertHits,
        D.ActionDestroy,
        D.ActionTheater,
        D.ActionRetrieve,
        D.ReadyLeader,
        D.AssignCardLeader,
        D.AssignCardSystem,
        D.AssignDestroy,
    ),
)
def describe_action_cards(s: RebellionState, a: Action, top: object) -> str:
    """The action cards' choices (:mod:`.rules.action_cards`)."""
    if isinstance(a, A.PlayActionCard):
        c = ACTIONS[action_of(a.card)]
        return f"Play '{c.name}': {c.text}"
    if isinstance(a, A.AsRed):
        return f"Count die {a.die + 1}, a black hit, as a red hit"
    if isinstance(top, D.MissionDiceWindow) and isinstance(a, A.Pass):
        return f"Play no action card: roll the dice of {MISSIONS[top.card].name}"
    if isinstance(top, D.ActionCardWindow) and isinstance(a, A.Pass):
        return f"Play no action card {ACTION_WINDOW_WORDS[top.window]}"
    if isinstance(top, D.ConvertHits) and isinstance(a, A.Stop):
        return "Count no more black hits as red"
    if isinstance(top, D.ActionDestroy):
        name = ACTIONS[top.card].name
        if isinstance(a, A.Destroy):
            return f"{name}: destroy 1 {UNITS[a.unit].name} {damage_words(a.damage)}"
        if isinstance(a, A.Stop):
            return f"{name}: destroy nothing more"
    if isinstance(top, D.ActionTheater) and isinstance(a, A.Option):
        th = THEATER_WORD[a.which - 1]
        return f"Take back {th} tactic cards from the discard"
    if isinstance(top, D.ActionRetrieve) and isinstance(a, A.Tactic):
        return f"Take '{TACTICS[tactic_of(a.card)].name}' back from the discard"
    if isinstance(top, D.ReadyLeader) and isinstance(a, A.Target):
        return f"Bring {LEADERS[a.leader].name} from the pool into the combat"
    if isinstance(top, D.AssignCardLeader) and isinstance(a, A.Target):
        return f"{ACTIONS[top.card].name}: place {LEADERS[a.leader].name}"
    if isinstance(top, D.AssignCardSystem) and isinstance(a, A.SystemChoice):
        name = ACTIONS[top.card].name
        return f"{name}: place {LEADERS[top.leader].name} in {loc_name(a.system)}"
    if isinstance(top, D.AssignDestroy):
        name = ACTIONS[top.card].name
        if isinstance(a, A.Destroy):
            return f"{name}: destroy 1 {UNITS[a.unit].name} in {loc_name(top.system)}"
        if isinstance(a, A.Stop):
            return f"{name}: destroy nothing more"
    return ""


def prompt_action_cards(s: RebellionState, top: object, who: str) -> str:
    """The action cards' decisions."""
    if isinstance(top, D.ActionCardWindow):
        if top.window.startswith("captured"):
            x = s.board.captured
            name = LEADERS[x].name if x >= 0 else "a leader"
            return f"{who}: play an action card when {name} is captured, or pass"
        return f"{who}: play an action card {ACTION_WINDOW_WORDS[top.window]}, or pass"
    if isinstance(top, D.ActionDestroy):
        name = ACTIONS[top.card].name
        if top.what == "health":
            left = f"{top.left} printed health left"
            return f"{who}: {name}: choose an Imperial unit to destroy ({left})"
        what = {"ship": "Rebel ship", "structure": "Rebel structure"}[top.what]
        return f"{who}: {name}: choose the {what} to destroy"
    if isinstance(top, D.ActionTheater):
        return f"{who}: {ACTIONS[top.card].name}: take back space or ground tactic cards"
    if isinstance(top, D.ActionRetrieve):
        th = THEATER_WORD[top.theater]
        return f"{who}: {ACTIONS[top.card].name}: take back a {th} tactic card ({top.left} left)"
    if isinstance(top, D.ReadyLeader):
        return f"{who}: {ACTIONS[top.card].name}: choose the leader brought into the combat"
    if isinstance(top, D.ConvertHits):
        return f"{who}: Target the Star Destroyers: count black hits as red ({top.left} left)"
    if isinstance(top, D.MissionDiceWindow):
        name = MISSIONS[top.card].name
        return f"{who}: before the dice of {name}: play an action card, or pass"
    if isinstance(top, D.AssignCardLeader):
        return f"{who}: {ACTIONS[top.card].name}: choose the leader to place"
    if isinstance(top, D.AssignCardSystem):
        name = ACTIONS[top.card].name
        return f"{who}: {name}: choose where {LEADERS[top.leader].name} goes"
    if isinstance(top, D.AssignDestroy):
        name = ACTIONS[top.card].name
        where = loc_name(top.system)
        if name == "Ambush":
            return f"{who}: Ambush: destroy an Imperial ground unit in {where} ({top.left} printed health left), or stop"
        return (
            f"{who}: {name}: destroy an Imperial ground unit with a triangle build icon in {where}"
        )
    return ""


def narrate_action_cards(ev: Event) -> str:
    """Action cards played."""
    if isinstance(ev, E.ActionCardPlayed):
        return f"{SIDES[ev.player]} played {card_name(ev.card)}"
    return ""


# ---------------------------------------------------------------- the Rebel action cards
@speaks_for(
    actions=(A.ProbePlace,),
    decisions=(
        D.CardRing,
        D.ExtremistChoice,
        D.RadarKeep,
        D.RadarRest,
        D.DesperateSearch,
        D.EvacuateMove,
        D.AllianceBuild,
        D.AllianceReplace,
        D.IndependentMove,
        D.FalseOrdersWindow,
        D.FalseOrdersTarget,
        D.UndercoverWindow,
        D.UndercoverLeader,
        D.SonWindow,
        D.SonSearch,
        D.FightForWindow,
        D.MillionMission,
        D.MillionAttack,
        D.MillionPlans,
        D.MillionDiscredit,
        D.FightForObjective,
    ),
)
def describe_rebel_cards(s: RebellionState, a: Action, top: object) -> str:
    """The choices of :mod:`.rules.rebel_cards` ("" if none)."""
    if isinstance(a, A.ProbePlace) and isinstance(top, D.CommandTurn):
        return (
            f"Under the Radar: put the {loc_name(a.card)} probe card back on top of the probe deck"
        )
    if isinstance(top, D.CardRing) and isinstance(a, A.Target):
        name = ACTIONS[top.card].name
        return f"{name}: attach the {ring_name(top.ring)} ring to {LEADERS[a.leader].name}"
    if isinstance(top, D.ExtremistChoice) and isinstance(a, A.Option):
        if a.which == 1:
            return "Rebel Extremist: draw another starting action card"
        return "Rebel Extremist: lose 1 reputation and recruit Saw Gerrera"
    if isinstance(top, D.RadarKeep) and isinstance(a, A.SystemChoice):
        return f"Under the Radar: keep the {loc_name(a.system)} probe card face down"
    if isinstance(top, D.RadarRest) and isinstance(a, A.Option):
        n = len(s.zones["probe_look"])
        where = "on top of" if a.which == 1 else "at the bottom of"
        return f"Under the Radar: put the other {plural(n, 'probe card')} {where} the probe deck"
    if isinstance(top, D.DesperateSearch) and isinstance(a, A.Keep):
        leader = LEADERS[top.leader].name
        return f"Our Most Desperate Hour: assign {leader} to {MISSIONS[mission_of(a.card)].name}, face down"
    if isinstance(top, D.EvacuateMove):
        if isinstance(a, A.Move):
            return f"Start the Evacuation: move 1 {UNITS[a.unit].name} from {loc_name(a.src)} to {loc_name(top.system)}"
        if isinstance(a, A.Stop):
            return "Start the Evacuation: move no more units"
    if isinstance(top, D.AllianceBuild):
        if isinstance(a, A.Build):
            return f"Temporary Alliance: put 1 {UNITS[a.unit].name} on the build queue from {loc_name(a.loc)}"
        if isinstance(a, A.Stop):
            return "Temporary Alliance: put no more units on the build queue"
    if isinstance(top, D.AllianceReplace) and isinstance(a, A.SystemChoice):
        return f"Temporary Alliance: destroy the {UNITS[top.unit].name} in {loc_name(a.system)} to build another"
    if isinstance(top, D.IndependentMove) and isinstance(a, A.SystemChoice):
        return f"Independent Operation: move every Imperial ground unit of {loc_name(top.system)} to {loc_name(a.system)}"
    if isinstance(top, D.FalseOrdersWindow) and isinstance(a, A.Pass):
        return "Play no action card at the end of the Assignment Phase"
    if isinstance(top, D.FalseOrdersTarget) and isinstance(a, A.Target):
        return f"False Orders: send {LEADERS[a.leader].name} back to the Imperial pool, the mission back to hand"
    if isinstance(top, D.UndercoverWindow) and isinstance(a, A.Pass):
        return f"Do not play Undercover: {MISSIONS[top.card].name} goes on to the dice"
    if isinstance(top, D.UndercoverLeader) and isinstance(a, A.Target):
        return f"Undercover: move {LEADERS[a.leader].name} into {loc_name(top.system)}"
    if isinstance(top, D.SonWindow) and isinstance(a, A.Pass):
        return "Do not play Son of Skywalker: take no card from the mission deck"
    if isinstance(top, D.SonSearch) and isinstance(a, A.Keep):
        return f"Son of Skywalker: take {MISSIONS[mission_of(a.card)].name} from the mission deck into your hand"
    if isinstance(top, D.FightForWindow) and isinstance(a, A.Pass):
        return "Do not play Something to Fight For: the objective discard stays"
    if isinstance(top, (D.MillionMission, D.MillionAttack, D.MillionPlans, D.MillionDiscredit)):
        return describe_million(s, a, top)
    if isinstance(top, D.FightForObjective) and isinstance(a, A.Objective):
        return f"Something to Fight For: put {OBJECTIVES[objective_of(a.card)].name} on top of the objective deck"
    return ""


def prompt_rebel_cards(s: RebellionState, top: object, who: str) -> str:
    """The decisions of :mod:`.rules.rebel_cards` ("" if none)."""
    if isinstance(top, D.CardRing):
        return f"{who}: {ACTIONS[top.card].name}: choose the leader the {ring_name(top.ring)} ring goes on"
    if isinstance(top, D.ExtremistChoice):
        return (
            f"{who}: Rebel Extremist: draw another starting action card, or lose 1 reputation "
            f"(the reputation marker, on {s.board.reputation}, moves 1 space away from the time "
            "marker) and recruit Saw Gerrera"
        )
    if isinstance(top, D.RadarKeep):
        n = len(s.zones["probe_look"])
        return (
            f"{who}: Under the Radar: keep 1 of the {plural(n, 'probe card')} looked at face down"
        )
    if isinstance(top, D.RadarRest):
        n = len(s.zones["probe_look"])
        return f"{who}: Under the Radar: put the other {plural(n, 'probe card')} all on top of the probe deck or all at its bottom"
    if isinstance(top, D.DesperateSearch):
        n = len(s.zones[f"mission_deck{top.player}"])
        return f"{who}: Our Most Desperate Hour: choose the card of your mission deck ({plural(n, 'card')}) to assign {LEADERS[top.leader].name} to"
    if isinstance(top, D.EvacuateMove):
        return f"{who}: Start the Evacuation: move units from the Rebel base to {loc_name(top.system)} ({top.spare} transport room free), or stop"
    if isinstance(top, D.AllianceBuild):
        left = len(SYSTEMS[top.system].icons) - len(top.used)
        return f"{who}: Temporary Alliance: put a unit on the build queue from {loc_name(top.system)} ({plural(left, 'icon')} left), or stop"
    if isinstance(top, D.AllianceReplace):
        return f"{who}: Temporary Alliance: no {UNITS[top.unit].name} in the supply: choose the one destroyed to build it"
    if isinstance(top, D.IndependentMove):
        return f"{who}: Independent Operation: choose the Imperial system your ground units in {loc_name(top.system)} move to"
    if isinstance(top, D.FalseOrdersWindow):
        return f"{who}: the Assignment Phase is over: play an action card, or pass"
    if isinstance(top, D.FalseOrdersTarget):
        return f"{who}: False Orders: choose the Imperial leader alone on a mission to send back to the pool"
    if isinstance(top, D.UndercoverWindow):
        return f"{who}: the Empire attempts {MISSIONS[top.card].name} in {loc_name(top.system)}: play an action card before the dice, or pass"
    if isinstance(top, D.UndercoverLeader):
        return f"{who}: Undercover: choose the leader moved into {loc_name(top.system)}"
    if isinstance(top, D.SonWindow):
        return f"{who}: {MISSIONS[top.card].name} succeeded with Luke in {loc_name(top.system)}: play an action card, or pass"
    if isinstance(top, D.SonSearch):
        return f"{who}: Son of Skywalker: choose the card taken from the mission deck"
    if isinstance(top, D.FightForWindow):
        return (
            f"{who}: you won a battle in {loc_name(s.battle.system)}: play an action card, or pass"
        )
    if isinstance(top, (D.MillionMission, D.MillionAttack, D.MillionPlans, D.MillionDiscredit)):
        return prompt_million(s, top, who)
    if isinstance(top, D.FightForObjective):
        n = len(s.zones["objective_discard"])
        return f"{who}: Something to Fight For: choose the discarded objective ({n} there) put on top of the objective deck"
    return ""


def narrate_rebel_cards(ev: Event) -> str:
    """The events of :mod:`.rules.rebel_cards` ("" if none)."""
    if isinstance(ev, E.RadarProbeKept):
        return f"The Rebels kept the {loc_name(ev.card)} probe card under Under the Radar"
    if isinstance(ev, E.RadarProbeKeptHidden):
        return "The Rebels kept a probe card face down under Under the Radar"
    if isinstance(ev, E.RadarProbesPlaced):
        where = "on top of" if ev.top else "at the bottom of"
        return f"The Rebels put {plural(ev.count, 'probe card')} {where} the probe deck"
    if isinstance(ev, E.RadarProbeReturned):
        return (
            "The Rebels put the probe card kept under Under the Radar back on top of the probe deck"
        )
    if isinstance(ev, E.CardRecalled):
        return f"False Orders: {LEADERS[ev.leader].name} went back to the Imperial pool, the mission back to hand"
    if isinstance(ev, E.UndercoverMoved):
        return f"Undercover: {LEADERS[ev.leader].name} moved from {loc_name(ev.src)} to {loc_name(ev.dst)}"
    if isinstance(ev, E.DieSet):
        return f"One in a Million: {SIDES[ev.player]} set a {ev.colour} die to {ev.face.replace('_', ' ')}"
    if isinstance(ev, E.MissionSearched):
        return f"{SIDES[ev.player]} took {card_name(ev.card)} from the mission deck into their hand"
    return ""


def million_roll(
    top: D.MillionMission | D.MillionAttack | D.MillionPlans | D.MillionDiscredit,
) -> str:
    """The roll One in a Million's decision is about."""
    if isinstance(top, D.MillionMission):
        return f"the dice of {MISSIONS[top.card].name}"
    if isinstance(top, D.MillionAttack):
        return f"your {THEATER_WORD[top.theater]} attack"
    if isinstance(top, D.MillionDiscredit):
        return "the dice of Discredit Rebellion"
    return "the dice of Death Star Plans"


def describe_million(
    s: RebellionState,
    a: Action,
    top: D.MillionMission | D.MillionAttack | D.MillionPlans | D.MillionDiscredit,
) -> str:
    """One in a Million's choices."""
    if isinstance(a, A.SetDie):
        face = DIE_FACES[a.face].replace("_", " ")
        n = len(top.preset) + 1
        return (
            f"One in a Million: set a {DIE_COLOURS[a.colour]} die to {face} (die {n} of 2 at most)"
        )
    if isinstance(a, A.Stop):
        return f"One in a Million: set no more dice, roll the others of {million_roll(top)}"
    if isinstance(a, A.Pass):
        return f"Play no action card: roll {million_roll(top)}"
    return ""


def prompt_million(
    s: RebellionState,
    top: D.MillionMission | D.MillionAttack | D.MillionPlans | D.MillionDiscredit,
    who: str,
) -> str:
    if top.playing:
        return f"{who}: One in a Million: set a die of {million_roll(top)} to a face ({len(top.preset)} of 2 set), or stop"
    return f"{who}: before {million_roll(top)}: play an action card, or pass"


# ---------------------------------------------------------------- the Imperial action cards
CARD_WINDOW_PASS = {
    "destiny": "Play no action card: the rescue stands",
    "blindside": "Play no action card: the Rebels may oppose the mission",
    "track_them": "Play no action card after the Rebels' retreat",
    "ambitions": "Play no action card: eliminate a leader down to the limit of 8",
    "bounty": "Play no action card after the failed mission",
    "sweep": "Keep Sweep the Area in play (reveal nothing now)",
}
CARD_WINDOW_WHEN = {
    "destiny": "a leader was just rescued in {where}",
    "blindside": "your mission in {where} is about to be opposed",
    "track_them": "Rebel units retreated from {where}",
    "ambitions": "your pool holds more than 8 leaders",
    "bounty": "a mission failed in {where}",
    "sweep": "the Command Phase ends",
}


@speaks_for(
    actions=(A.PlayActionCard,),
    decisions=(
        D.CardWindow,
        D.CardLeader,
        D.BountyLeader,
        D.SweepClosest,
        D.HideProbe,
        D.EarlyPromotion,
        D.PromotionPlace,
        D.VaderOrders,
        D.AdminBuild,
        D.AdminReplace,
        D.SurpriseMove,
        D.ScoutMove,
        D.ProjectSearch,
        D.FacilityUnit,
    ),
)
def describe_imperial_cards(s: RebellionState, a: Action, top: object) -> str:
    """The choices of the Imperial action cards (:mod:`.rules.imperial_cards`); "" if none."""
    if (
        isinstance(a, A.PlayActionCard)
        and a.card == action_card(FACILITY)
        and isinstance(top, D.CommandTurn)
    ):
        return (
            "Reveal the probe card under Secret Facility: a Shield Bunker and a triangle ground "
            "unit there, then combat if due"
        )
    if isinstance(a, A.PlayActionCard) and a.card == action_card(SWEEP):
        return "Reveal the probe card under Sweep the Area: capture a Rebel leader there"
    if isinstance(top, D.CardWindow) and isinstance(a, A.Pass):
        return CARD_WINDOW_PASS[top.window]
    if isinstance(top, D.CardLeader) and isinstance(a, A.Target):
        name, card = LEADERS[a.leader].name, ACTIONS[top.card].name
        if card == "Track Them":
            return f"Send {name} back to the pool (Track Them)"
        return f"Capture {name} ({card})"
    if isinstance(top, D.BountyLeader) and isinstance(a, A.Target):
        return f"Put the Bounty ring on {LEADERS[a.leader].name}"
    if isinstance(top, D.SweepClosest) and isinstance(a, A.SystemChoice):
        return f"Take the captive {LEADERS[top.captive].name} to {loc_name(a.system)}"
    if isinstance(top, D.HideProbe) and isinstance(a, A.SystemChoice):
        return f"Hide the probe card of {loc_name(a.system)} under {ACTIONS[top.card].name}"
    if isinstance(top, D.EarlyPromotion) and isinstance(a, A.Option):
        if a.which == 1:
            return "Draw another starting action card"
        return "Recruit Admiral Motti and place him and Grand Moff Tarkin in Imperial systems"
    if isinstance(top, D.PromotionPlace) and isinstance(a, A.SystemChoice):
        return f"Place {LEADERS[top.leader].name} in {loc_name(a.system)}"
    if isinstance(top, D.VaderOrders) and isinstance(a, A.Objective):
        where = ordinal(top.placed + 1)
        return f"Put {objective_name(objective_of(a.card))} back {where} from the top of the objective deck"
    if isinstance(top, D.AdminBuild):
        if isinstance(a, A.Build):
            from .rules.refresh import BUILD_SPACE

            space = BUILD_SPACE[a.loc]
            return f"Put 1 {UNITS[a.unit].name} on queue space {space} from {loc_name(a.loc)}"
        if isinstance(a, A.Stop):
            return "Build no more units with Brilliant Administrator"
    if isinstance(top, D.AdminReplace) and isinstance(a, A.SystemChoice):
        return (
            f"Brilliant Administrator: destroy the {UNITS[top.unit].name} in "
            f"{loc_name(a.system)} to build another"
        )
    if isinstance(top, D.SurpriseMove):
        if isinstance(a, A.Move):
            return (
                f"Move 1 {UNITS[a.unit].name} from {loc_name(a.src)} to {loc_name(top.system)} "
                "(Catch Them by Surprise)"
            )
        if isinstance(a, A.Stop):
            return f"Move no more units into {loc_name(top.system)} (Catch Them by Surprise)"
    if isinstance(top, D.ScoutMove):
        if isinstance(a, A.Move):
            return (
                f"Move 1 TIE Fighter from {loc_name(a.src)} to {loc_name(top.system)} "
                f"(Scouting Mission, {top.left} left)"
            )
        if isinstance(a, A.Stop):
            return f"Move no more TIE Fighters into {loc_name(top.system)} (Scouting Mission)"
    if isinstance(top, D.ProjectSearch) and isinstance(a, A.Keep):
        leader = LEADERS[top.leader].name
        return f"Take '{MISSIONS[mission_of(a.card)].name}' from the project deck and assign {leader} to it"
    if isinstance(top, D.FacilityUnit) and isinstance(a, A.Place):
        return f"Place 1 {UNITS[a.unit].name} in {loc_name(a.loc)} (Secret Facility)"
    return ""


def prompt_imperial_cards(s: RebellionState, top: object, who: str) -> str:
    """Prompts of the Imperial action cards' decisions ("" if none)."""
    if isinstance(top, D.CardWindow):
        when = CARD_WINDOW_WHEN[top.window].format(
            where=loc_name(top.system) if top.system >= 0 else ""
        )
        return f"{who}: {when}: play an action card, or pass"
    if isinstance(top, D.CardLeader):
        card = ACTIONS[top.card].name
        if card == "Track Them":
            return f"{who}: Track Them: the leader in {loc_name(top.system)} sent back to the pool"
        return f"{who}: {card}: the Rebel leader captured in {loc_name(top.system)}"
    if isinstance(top, D.BountyLeader):
        return f"{who}: Post Bounty: the Rebel leader the Bounty ring goes on"
    if isinstance(top, D.SweepClosest):
        name = LEADERS[top.captive].name
        return f"{who}: Sweep the Area: the closest system with an Imperial unit {name} goes to"
    if isinstance(top, D.HideProbe):
        n = len(s.zones["probe_hand"])
        return f"{who}: {ACTIONS[top.card].name}: the probe card hidden under it ({n} in hand)"
    if isinstance(top, D.EarlyPromotion):
        return (
            f"{who}: Early Promotion: draw another starting action card, or recruit Admiral Motti"
        )
    if isinstance(top, D.PromotionPlace):
        return f"{who}: Early Promotion: the Imperial system {LEADERS[top.leader].name} goes to"
    if isinstance(top, D.VaderOrders):
        left = top.size - top.placed
        return (
            f"{who}: Lord Vader's Orders: the objective card put back {ordinal(top.placed + 1)} "
            f"from the top ({left} left to place)"
        )
    if isinstance(top, D.AdminBuild):
        left = len(ICONS_OF[top.system]) - len(top.used)
        return (
            f"{who}: Brilliant Administrator: a unit onto the build queue from "
            f"{loc_name(top.system)} ({plural(left, 'icon')} left), or stop"
        )
    if isinstance(top, D.AdminReplace):
        return (
            f"{who}: Brilliant Administrator: no {UNITS[top.unit].name} in supply: the one "
            "destroyed to build it"
        )
    if isinstance(top, D.SurpriseMove):
        return (
            f"{who}: Catch Them by Surprise: move units into {loc_name(top.system)} "
            "from adjacent systems, or stop"
        )
    if isinstance(top, D.ScoutMove):
        return (
            f"{who}: Scouting Mission: move up to {top.left} more TIE Fighters into "
            f"{loc_name(top.system)}, or stop"
        )
    if isinstance(top, D.ProjectSearch):
        leader = LEADERS[top.leader].name
        return f"{who}: Proceeding as Planned: the project card {leader} is assigned to"
    if isinstance(top, D.FacilityUnit):
        return f"{who}: Secret Facility: the triangle ground unit placed in {loc_name(top.system)}"
    return ""


ICONS_OF: tuple[tuple[str, ...], ...] = tuple(x.icons for x in SYSTEMS)


def narrate_imperial_cards(ev: Event) -> str:
    """Events of the Imperial action cards ("" if none)."""
    if isinstance(ev, E.TacticShown):
        return f"{SIDES[ev.player]} chose {TACTICS[tactic_of(ev.card)].name} face up (Good Intel)"
    if isinstance(ev, E.ProbeHidden):
        return (
            f"The probe card of {loc_name(ev.card)} went under {ACTIONS[action_of(ev.under)].name}"
        )
    if isinstance(ev, E.ProbeHiddenCount):
        return f"The Empire hid a probe card under {ACTIONS[action_of(ev.under)].name}"
    if isinstance(ev, E.ProbeShown):
        return f"{ACTIONS[action_of(ev.under)].name} revealed its probe card: {loc_name(ev.card)}"
    if isinstance(ev, E.PoolLimitRaised):
        return f"{SIDES[ev.player]}'s leader pool limit is now {ev.limit}"
    if isinstance(ev, E.LeaderSentToPool):
        return f"{LEADERS[ev.leader].name} went back from {loc_name(ev.system)} to the pool"
    if isinstance(ev, E.ProjectSearched):
        return (
            f"The Empire took {card_name(ev.card)} from the project deck and assigned "
            f"{LEADERS[ev.leader].name} to it; the deck was shuffled"
        )
    if isinstance(ev, E.ProjectSearchedHidden):
        return (
            f"The Empire took a project card from the project deck and assigned "
            f"{LEADERS[ev.leader].name} to it; the deck was shuffled"
        )
    if isinstance(ev, E.ObjectivesSeen):
        names = ", ".join(objective_name(objective_of(c)) for c in ev.cards)
        return f"The Empire looked at the top of the objective deck: {names}"
    if isinstance(ev, E.ObjectivesSeenCount):
        return f"The Empire looked at the top {plural(ev.count, 'objective card')}"
    if isinstance(ev, E.ObjectivesReordered):
        names = ", ".join(objective_name(objective_of(c)) for c in ev.cards)
        return f"The Empire put the top objective cards back, top first: {names}"
    if isinstance(ev, E.ObjectivesReorderedHidden):
        return (
            f"The Empire put the top {plural(ev.count, 'objective card')} back in an order "
            "of its choice"
        )
    if isinstance(ev, E.SystemWatched):
        return (
            f"Boba Fett watches {loc_name(ev.system)}: this Command Phase the Rebels play no "
            "mission and use no action card there"
        )
    if isinstance(ev, E.LeaderPlaced):
        return f"{LEADERS[ev.leader].name} went to {loc_name(ev.system)}"
    return ""


# ---------------------------------------------------------------- the team game (RR-02)
def team_who(s: RebellionState, top: Decision) -> str:
    """The seat deciding, by name ("Rebel Admiral"); a seat that plays both roles of its
    side names the role of its Command turn ("Rebel (as General)")."""
    n = s.num_players
    p = s.current_player
    name = team.seat_name(n, p if p is not None else top.player)
    if isinstance(top, D.CommandTurn | D.ActivateSystem) and s.team_turn >= 0:
        side, role = team.CYCLE[s.team_turn]
        return team.role_name(s, side, role)
    return name


def describe_team(s: RebellionState, a: Action, top: Decision) -> str:
    """A decline that hands an offer on to the teammate says so ("" otherwise)."""
    if type(top) not in team.OFFERS or not isinstance(a, A.Pass | A.Close):
        return ""
    if isinstance(top, D.CommandTurn | D.EliminateLeader):
        if isinstance(top, D.CommandTurn) and isinstance(a, A.Pass) and s.team_turn >= 0:
            side, role = team.CYCLE[s.team_turn]
            return f"Pass for the rest of the Command Phase, as the {team.role_name(s, side, role)}"
        return ""
    nxt = team.hand_on_to(s, top)
    if nxt < 0:
        return ""
    return f"None of yours: leave it to the {team.seat_name(s.num_players, nxt)}"


def narrate_team(s: RebellionState, ev: Event) -> str:
    """The team game's events ("" if none)."""
    if isinstance(ev, E.RolePassed):
        return f"{team.role_name(s, ev.player, ev.role)} passed"
    if isinstance(ev, E.TeamDeclined):
        n = s.num_players
        return f"The {team.seat_name(n, ev.seat)} left it to the {team.seat_name(n, ev.to_seat)}"
    return ""
