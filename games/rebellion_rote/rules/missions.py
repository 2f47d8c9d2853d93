"""Missions: revealing, the system, opposition, the roll-off and the effects (research §4.4).

On a Command turn a player may reveal one of his face-down missions
(``reveal <slot>``) if its leaders together have the card's skill requirement
(major and minor icons, ROTE) and a system fits the card:

1. The card turns face up; the player chooses the system (``system <s>``; a card
   naming its system, ``MissionDef.system``, is played only there) and all its
   assigned leaders go there (``RebellionState.mission_leaders`` until clean-up). A
   mission attempted against a leader is played in a system holding a Rebel leader
   (not a captive), chosen with ``target <leader>``; one attempted against a captured
   leader in a system holding a captive (the captured ring's leader, or one frozen in
   Carbonite, who still counts as captured), the Empire choosing which when two are there.
2. A *resolve* mission cannot be opposed and simply happens. An *attempt*: the
   opponent may send one leader of his pool into the system (``oppose
   <leader>``, or ``pass``), even if he has leaders there already (a player who
   passed in the Command Phase still may). Before that he may reveal a face-down
   Subversion (``subvert <slot>``): its leaders join the opposition with 1 more die, and
   he is asked again (:mod:`.roe_missions`, RR-111). A Subversion is never revealed on
   its owner's turn.
3. If no opposing leader is in the system the mission succeeds (a card that rolls even
   if unopposed, ``roll_unopposed``, rolls and then succeeds, RR-117). Otherwise each
   side rolls one red or black die per matching icon of all its leaders in the
   system (at most 10) and one green die per matching minor icon (at most 3),
   the attacker first; a hit or direct hit is 1 success, a special 2. A card that
   counts all skill icons (``count_all``) rolls one die per icon of any skill, for both
   sides. Then each side, Rebels first (RR-16), may use its abilities on the rolled
   dice (:data:`AFTER_ROLL`: the Master Yoda ring's reroll, :mod:`.rings`, RR-84), one at
   a time (``yoda_reroll <die>``, or ``pass``); the attacker needs strictly more
   successes. A captive takes part only in a mission attempted against it, on the
   Empire's opposing side of the table: it rolls for the Rebels. No pool leader may
   oppose a mission of a leader chosen by Misdirection this round (RR-87); a bonus
   Contingency Plan gave a leader counts in its next attempt (RR-86).
4. On success the effects happen, in the card's order (a card whose effects are a
   choice, Research and Development, asks for one: ``option <i>``; an option whose
   first part cannot be done, removing a sabotage marker where there is none, is
   not offered, RR-41). An effect may ask for more decisions; the next effect waits
   for them (``RebellionState.resolving`` holds the mission being resolved: player,
   card, system, target, leaders, next and last effect, portrait, whether the failure
   effects run, the margin of successes). A failed attempt runs the card's
   ``on_failure`` effects instead, if it has any (RR-108, RR-112). The card then goes
   back to hand (as does one whose effect sent it there) (starting missions always do) or, a project, face
   up to the project discard (research §4.4 step 7); the leaders stay in the
   system until the Refresh Phase.

The effects are looked up by their kind (``data/missions.toml``) in ``EFFECTS``,
each ``fn(state, mission, effect) -> bool`` (True: it pushed a decision, and the
mission goes on when that is done, :func:`continue_mission`). Built:
``gain_loyalty``, ``place_sabotage``, ``capture_leader``,
``draw_probes_per_base_units`` (RR-22), ``objectives_top_and_bottom``
(Infiltration, :mod:`.objectives`: the Rebels then choose the card that stays on
top), the Rebel mission deck's (:mod:`.rebel_missions`), and the project deck's and
the project cards' effects (:mod:`.projects`:
Research and Development's ``draw_projects_keep_one`` and
``remove_sabotage_draw_project``, and every project card); ``move_units_to_base``
and ``relocate_base`` (Rapid Mobilization) are resolved at the end of the Command
Phase by :mod:`.mobilization`: such a card stays in play until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tabletop import Action

from ..actions import BlankDie, Oppose, Option, Pass, Reveal, SystemChoice, Target, YodaReroll
from ..board import (
    BOARD,
    OFF,
    POPULOUS,
    capture,
    imperial_system,
    rebel_system,
    rescue,
)
from ..data import (
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    MissionDef,
    MissionEffect,
    unit_id,
)
from ..decisions import (
    AfterMissionRoll,
    C3POChoice,
    ChooseOption,
    MissionSystem,
    MissionTarget,
    OpposeMission,
)
from ..events import (
    Captured,
    LeadersPlaced,
    MissionAgainst,
    MissionOutcome,
    MissionRevealed,
    MissionRolled,
    Opposed,
    ProbesDrawn,
    Rescued,
    SabotagePlaced,
)
from ..ids import mission_card, mission_of
from . import (
    imperial_missions,
    projects,
    rebel_cards,
    rebel_missions,
    rings,
    roe_imperial_missions,
    roe_missions,
    roe_rebel_missions,
)
from .aftermath import gain_loyalty_at
from .dice import mission_dice, requirement_met, roll, successes
from .mission_deck import discard
from .objectives import effect_top_and_bottom

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "AFTER_ROLL",
    "EFFECTS",
    "Resolving",
    "continue_mission",
    "legal_reveals",
    "revealable",
    "roll_successes",
]

DEATH_STAR = unit_id("Death Star")
REMOTE: tuple[bool, ...] = tuple(x.remote for x in SYSTEMS)
PORTRAIT_NAMES: tuple[str, ...] = tuple(x.form_of or x.name for x in LEADERS)
"""The name a card's portrait calls each leader by (a form of a leader is that leader)."""
ICONS: tuple[tuple[str, ...], ...] = tuple(x.icons for x in SYSTEMS)
NAMED: dict[str, int] = {x.name: i for i, x in enumerate(SYSTEMS)}
"""The system id of each system name (a card that names its system, ``MissionDef.system``)."""


class Resolving(NamedTuple):
    """The mission whose effects are being resolved (``RebellionState.resolving``)."""

    player: int
    card: int
    """An index into ``data.MISSIONS``."""
    system: int
    target: int
    """The leader it was attempted against, or ``OFF``."""
    leaders: int
    """How many leaders were assigned to the card."""
    portrait: bool = False
    """The card's portrait leader was assigned to it (research §4.4 step 5)."""
    margin: int = 0
    """The attacker's successes beyond the opposition's (a card that rolls even if
    unopposed counts it, RR-117); 0 for a resolve card."""

    def amount(self, e: MissionEffect) -> int:
        """Effect ``e``'s amount for this resolution (two leaders, the portrait leader)."""
        return e.amount_for(self.leaders, self.portrait)


# ---------------------------------------------------------------- where a mission may go
Where = Callable[["RebellionState", int], bool]


def _populous(s: RebellionState, x: int) -> bool:
    return POPULOUS[x] and not s.board.destroyed[x]


WHERE: dict[str, Where] = {
    "any": lambda s, x: True,
    "populous": _populous,
    "rebel_system": lambda s, x: rebel_system(s.board, x),
    "imperial_loyalty": lambda s, x: s.board.loyalty[x] == IMPERIAL,
    "imperial_unit": lambda s, x: s.board.has_units(x, IMPERIAL),
    "imperial_system": lambda s, x: imperial_system(s.board, x),
    # a destroyed system is not remote (research §6.2)
    "remote": lambda s, x: REMOTE[x] and not s.board.destroyed[x],
    "death_star": lambda s, x: s.board.units[x][DEATH_STAR] > 0,
    "populous_imperial_unit": lambda s, x: _populous(s, x) and s.board.has_units(x, IMPERIAL),
    **imperial_missions.WHERE,
    **rebel_missions.WHERE,
    **roe_missions.WHERE,
}
"""``where`` (data/missions*.toml) -> whether a system fits it; the mission decks' modules
add their own kinds (:data:`.imperial_missions.WHERE`, :data:`.rebel_missions.WHERE`)."""


def fits(s: RebellionState, m: MissionDef, x: int) -> bool:
    """Whether mission ``m`` may be played in location ``x`` (its ``where``)."""
    b = s.board
    if x == REBEL_BASE:
        return m.where == "rebel_base_space"
    if m.where == "rebel_base_space":
        return False
    ok = WHERE[m.where](s, x)
    if ok and m.system:
        ok = x == NAMED[m.system]
    if ok and m.no_rebel_units:
        ok = not b.has_units(x, REBEL)
    if ok and m.not_destroyed:
        ok = not b.destroyed[x]
    if ok and m.needs_icon:
        ok = m.needs_icon in ICONS[x] and not b.destroyed[x]  # a destroyed system has no icons
    if ok and (m.against_leader or m.against_captured):
        ok = bool(targets(s, x, m))
    if ok and s.watched >= 0 and m.side == "Rebel":
        from .imperial_cards import watched_here

        ok = not watched_here(s, x)  # Boba Fett? Where? (RR-133)
    return ok


def targets(s: RebellionState, x: int, m: MissionDef | None = None) -> list[int]:
    """The leaders in ``x`` mission ``m`` may be attempted against: the captives there
    for a card attempted against a captured leader, else the Rebel leaders there that are
    not captives."""
    b = s.board
    if m is not None and m.against_captured:
        return [i for i in b.captives() if b.leader_loc[i] == x]
    return [i for i in b.leaders_at(x, REBEL) if not b.is_captive(i)]


def systems_for(s: RebellionState, m: MissionDef) -> list[int]:
    locs = [REBEL_BASE] if m.where == "rebel_base_space" else range(NUM_SYSTEMS)
    return [x for x in locs if fits(s, m, x)]


def has_system(s: RebellionState, m: MissionDef) -> bool:
    """Whether mission ``m`` fits some location (``systems_for`` is not empty), stopping
    at the first one."""
    if m.where == "rebel_base_space":
        return fits(s, m, REBEL_BASE)
    return any(fits(s, m, x) for x in range(NUM_SYSTEMS))


# ---------------------------------------------------------------- revealing
def revealable(s: RebellionState, player: int, slot: int) -> bool:
    card = mission_of(s.zones[f"assigned{player}"][slot])
    m = MISSIONS[card]
    if m.timing == "opposing" or any(e.kind not in BUILT for e in m.effects):
        return False  # Subversion is revealed only against an attempt (roe_missions)
    leaders = [rings.skills(s.board, x) for x in s.slots[player][slot]]  # K-2SO (RR-154)
    return requirement_met(leaders, m.skill, m.requirement) and has_system(s, m)


def legal_reveals(s: RebellionState, player: int) -> list[Action]:
    n = len(s.zones[f"assigned{player}"])
    return [Reveal(i) for i in range(n) if revealable(s, player, i)]


def apply_reveal(s: RebellionState, player: int, slot: int) -> None:
    """Turn the card face up; its leaders will go to the chosen system."""
    card = s.zones[f"assigned{player}"][slot]
    leaders = s.slots[player].pop(slot)
    s.move(card, f"assigned{player}", f"missions_played{player}")
    s.emit(MissionRevealed(player=player, card=card))
    s.stack.append(MissionSystem(player=player, card=mission_of(card), leaders=tuple(leaders)))


def portrait_assigned(m: MissionDef, leaders: tuple[int, ...]) -> bool:
    """Whether the leader pictured on ``m`` is among ``leaders`` (another form of the same
    leader counts: Luke Skywalker (Jedi) is Luke Skywalker, research §6.3)."""
    return bool(m.portrait) and any(PORTRAIT_NAMES[x] == m.portrait for x in leaders)


def legal_system(s: RebellionState, d: MissionSystem) -> list[Action]:
    return [SystemChoice(x) for x in systems_for(s, MISSIONS[d.card])]


def apply_system(s: RebellionState, d: MissionSystem, a: Action) -> None:
    assert isinstance(a, SystemChoice)
    s.stack.pop()
    b = s.board
    x = a.system
    where = s.base if x == REBEL_BASE and b.base_revealed else x
    for leader in d.leaders:
        b.leader_loc[leader] = where
        b.leader_status[leader] = BOARD
    s.mission_leaders = list(d.leaders)
    s.emit(LeadersPlaced(player=d.player, leaders=d.leaders, system=where))
    m = MISSIONS[d.card]
    n = len(d.leaders)
    face = portrait_assigned(m, d.leaders)
    if m.timing == "end_of_command":
        s.end_of_command.append((d.card, n))
    if m.against_leader or (m.against_captured and len(targets(s, x, m)) > 1):
        s.stack.append(
            MissionTarget(player=d.player, card=d.card, system=x, leaders=n, portrait=face)
        )
        return
    target = OFF
    if m.against_captured:
        target = targets(s, x, m)[0]
        s.emit(MissionAgainst(leader=target))
    after_target(s, d.player, d.card, x, target, n, face)


def legal_target(s: RebellionState, d: MissionTarget) -> list[Action]:
    return [Target(i) for i in targets(s, d.system, MISSIONS[d.card])]


def apply_target(s: RebellionState, d: MissionTarget, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    s.emit(MissionAgainst(leader=a.leader))
    after_target(s, d.player, d.card, d.system, a.leader, d.leaders, d.portrait)


def after_target(
    s: RebellionState,
    player: int,
    card: int,
    x: int,
    target: int,
    leaders: int,
    portrait: bool = False,
) -> None:
    m = MISSIONS[card]
    if m.mode == "resolve":
        finish_mission(s, player, card, x, target, True, leaders, portrait)
        return
    s.stack.append(
        OpposeMission(
            player=1 - player,
            attacker=player,
            card=card,
            system=x,
            target=target,
            leaders=leaders,
            portrait=portrait,
        )
    )
    if player == IMPERIAL and s.zones["action_hand1"]:
        from .imperial_cards import blindside_window

        blindside_window(s)  # Blindside, before the Rebels oppose (RR-162)


# ---------------------------------------------------------------- opposition and roll-off
def legal_oppose(s: RebellionState, d: OpposeMission) -> list[Action]:
    out: list[Action] = []
    if not unopposable(s):
        out.extend(Oppose(x) for x in s.board.pool(d.player))
    out.extend(roe_missions.subversion_options(s, d))  # unaffected by Misdirection (ROTE)
    out.append(Pass())
    return out


def unopposable(s: RebellionState) -> bool:
    """No pool leader may be sent against this mission: one of its leaders was chosen by
    Misdirection this round (RR-87), or Blindside was played on it (RR-162)."""
    return s.blindside or any(x in s.misdirected for x in s.mission_leaders)


def apply_oppose(s: RebellionState, d: OpposeMission, a: Action) -> None:
    s.stack.pop()
    if roe_missions.apply_subversion(s, d, a):
        return  # its leaders joined; the opponent may still send a pool leader
    b = s.board
    if isinstance(a, Oppose):
        b.leader_loc[a.leader] = d.system
        b.leader_status[a.leader] = BOARD
        s.emit(Opposed(player=d.player, leader=a.leader))
    start_roll_off(s, d)


def side_leaders(s: RebellionState, x: int, side: int, target: int) -> list[int]:
    """A side's leaders taking part in a mission in ``x``: a captive takes part only when
    the mission is attempted against it (and rolls with the opposition)."""
    b = s.board
    return [i for i in b.leaders_at(x, side) if i == target or not b.is_captive(i)]


def take_attempt_bonus(s: RebellionState) -> int:
    """Successes the mission's leaders add to this attempt (Contingency Plan, RR-86): each
    bonus is used by the attempt it is added to."""
    if not s.attempt_bonus:
        return 0
    mine = [(x, n) for x, n in s.attempt_bonus if x in s.mission_leaders]
    s.attempt_bonus = [e for e in s.attempt_bonus if e not in mine]
    return sum(n for _, n in mine)


def start_roll_off(
    s: RebellionState,
    d: OpposeMission,
    windows: bool = True,
    undercover: bool = True,
    million: bool = True,
    preset: tuple[int, ...] = (),
) -> None:
    """Both sides roll, the attacker first; then each side, Rebels first (RR-16), may use
    its abilities on the dice (the Master Yoda ring, RR-84), and the attacker succeeds
    with strictly more successes (research §4.4). Unopposed, it simply succeeds.

    Before the dice, the Rebel cards' windows: Undercover (unless ``undercover`` is off,
    RR-176), Wookiee Guardian (``windows``, RR-131), One in a Million (``million``; the
    dice it set are ``preset``, each ``colour * 4 + face``, RR-179)."""
    m = MISSIONS[d.card]
    attacker, defender = d.attacker, d.player
    x = d.system
    if windows and undercover:
        from .rebel_cards import open_undercover

        if open_undercover(s, d):  # Undercover (RR-176)
            return
    opp = side_leaders(s, x, defender, d.target)
    if windows and opp:
        from .action_cards import open_mission_dice

        if open_mission_dice(s, d, opp):  # Wookiee Guardian (RR-131)
            return
    if not opp and not m.roll_unopposed:
        take_attempt_bonus(s)  # used by this attempt
        finish_mission(s, attacker, d.card, x, d.target, True, d.leaders, d.portrait)
        return
    if million:
        from .rebel_cards import open_million_mission

        if open_million_mission(s, d):  # One in a Million (RR-179)
            return
    # taken once the windows before the dice are over (each may call this again)
    added = take_attempt_bonus(s) + (m.portrait_successes if d.portrait else 0)
    s.mission_dice = [[], []]
    for side, leaders in (
        (attacker, side_leaders(s, x, attacker, d.target)),
        (defender, opp),
    ):
        regular, green = side_dice(s, d, side)
        fixed = preset_faces(preset) if side == REBEL and preset else NO_PRESET
        dice = (*fixed["black"], *roll(s.rng, "black", regular - len(fixed["black"])))
        greens = (*fixed["green"], *roll(s.rng, "green", green - len(fixed["green"])))
        s.mission_dice[side] = [("black", f) for f in dice] + [("green", f) for f in greens]
        n = successes(dice) + successes(greens) + (added if side == attacker else 0)
        if not leaders and not dice:
            continue  # unopposed, and the card rolls anyway: the opposition rolls nothing
        s.emit(MissionRolled(player=side, dice=dice, green=greens, successes=n))
    s.roll_off = [attacker, d.card, x, d.target, d.leaders, int(d.portrait), added, int(bool(opp))]
    after_roll(s, REBEL)


NO_PRESET: dict[str, list[str]] = {"black": [], "green": []}


def preset_faces(preset: tuple[int, ...]) -> dict[str, list[str]]:
    from .rebel_cards import preset_faces as faces

    return faces(preset)


def side_dice(s: RebellionState, d: OpposeMission, side: int) -> tuple[int, int]:
    """(regular, green) dice ``side`` rolls in the roll-off of attempt ``d``: its leaders
    taking part, the card's bonus dice for the attacker, Subversion's die for the
    defender (RR-111)."""
    m = MISSIONS[d.card]
    b = s.board
    x = d.system
    leaders = side_leaders(s, x, side, d.target)
    if side == d.attacker:
        extra = m.bonus_dice_if_own_units if b.has_units(x, side) else 0
    else:
        extra = d.extra
    return mission_dice(
        [rings.skills(b, i) for i in leaders], m.skill, count_all=m.count_all, bonus=extra
    )


def roll_successes(s: RebellionState, side: int) -> int:
    """``side``'s successes in the roll-off now (its dice, and what the attacker adds)."""
    n = successes(f for _, f in s.mission_dice[side])
    return n + (s.roll_off[6] if side == s.roll_off[0] else 0)


def dice_abilities(s: RebellionState, side: int) -> list[Action]:
    """What ``side`` may do to the rolled dice now (:data:`AFTER_ROLL`)."""
    return [a for options, _ in AFTER_ROLL.values() for a in options(s, side)]


def after_roll(s: RebellionState, side: int) -> None:
    """Offer the abilities on the dice to ``side`` and then the other (Rebels first), a
    side asked again after each ability it uses; then the outcome."""
    for p in (REBEL, IMPERIAL)[side:]:
        if dice_abilities(s, p):
            s.stack.append(AfterMissionRoll(player=p))
            return
    settle_roll_off(s)


def legal_after_roll(s: RebellionState, d: AfterMissionRoll) -> list[Action]:
    return [*dice_abilities(s, d.player), Pass()]


def apply_after_roll(s: RebellionState, d: AfterMissionRoll, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Pass):
        after_roll(s, d.player + 1)
        return
    AFTER_ROLL[type(a)][1](s, d.player, a)
    after_roll(s, d.player)


def settle_roll_off(s: RebellionState) -> None:
    """The dice are final: the attacker needs strictly more successes (research §4.4); a
    failed Diplomacy mission may still be saved by the attacker's C-3PO ring (RR-151)."""
    attacker, card, x, _, _, _, _, opposed = s.roll_off
    margin = roll_successes(s, attacker) - roll_successes(s, 1 - attacker)
    ok = margin > 0 or not opposed  # unopposed, a card that rolls anyway succeeds (FAQ)
    if not ok and rings.c3po_due(s, attacker, MISSIONS[card].skill, x):
        s.stack.append(C3POChoice(player=attacker))
        return
    close_roll_off(s, ok, max(margin, 0))


def close_roll_off(s: RebellionState, ok: bool, margin: int) -> None:
    """The roll-off's outcome is final: the mission's effects or its failure."""
    attacker, card, x, target, leaders, portrait, _, _ = s.roll_off
    s.roll_off = []
    s.mission_dice = [[], []]
    finish_mission(s, attacker, card, x, target, ok, leaders, bool(portrait), margin)


# ---------------------------------------------------------------- effects and clean-up
def finish_mission(
    s: RebellionState,
    player: int,
    card: int,
    x: int,
    target: int,
    ok: bool,
    leaders: int = 1,
    portrait: bool = False,
    margin: int = 0,
) -> None:
    """The roll-off is over (or the card resolves): the effects on success (on failure the
    card's failure effects, if any), then clean-up."""
    m = MISSIONS[card]
    if m.mode == "attempt":
        s.emit(MissionOutcome(player=player, card=mission_card(card), success=ok))
    if not ok:
        s.failed_at = x  # for the clean-up: Post Bounty (RR-164)
    if not ok and m.on_failure:
        s.resolving = [player, card, x, target, leaders, 0, len(m.on_failure), int(portrait), 1, 0]
        continue_mission(s)
        return
    if not ok or m.timing:  # a card with a timing is resolved then (it stays in play)
        if not (ok and rebel_cards.after_success(s, player, card, x)):  # RR-153, RR-177
            done_mission(s, player, card)
        return
    s.resolving = [player, card, x, target, leaders, 0, len(m.effects), int(portrait), 0, margin]
    if m.choice:
        options = [i for i, e in enumerate(m.effects) if available(s, e, x)]
        if len(options) > 1:
            s.stack.append(ChooseOption(player=player, card=card, options=tuple(options)))
            return
        s.resolving[5:7] = [options[0], options[0] + 1] if options else [0, 0]
    continue_mission(s)


def available(s: RebellionState, e: MissionEffect, x: int) -> bool:
    """Whether an option of a choice card may be chosen in ``x`` (RR-41)."""
    check = AVAILABLE.get(e.kind)
    return check is None or check(s, x)


def legal_option(s: RebellionState, d: ChooseOption) -> list[Action]:
    return [Option(i + 1) for i in d.options]


def apply_option(s: RebellionState, d: ChooseOption, a: Action) -> None:
    assert isinstance(a, Option)
    s.stack.pop()
    s.resolving[5:7] = [a.which - 1, a.which]
    continue_mission(s)


def current(s: RebellionState) -> Resolving:
    player, card, x, target, leaders = s.resolving[:5]
    return Resolving(player, card, x, target, leaders, bool(s.resolving[7]), s.resolving[9])


def continue_mission(s: RebellionState) -> None:
    """Resolve the mission's next effects; stop when one asks for a decision (whose
    handler calls this again), then clean up."""
    while not s.is_terminal:
        nxt, stop = s.resolving[5], s.resolving[6]
        if nxt >= stop:
            r = current(s)
            failed = s.resolving[8]
            s.resolving = []
            if failed or not rebel_cards.after_success(s, r.player, r.card, r.system):
                done_mission(s, r.player, r.card)
            return
        s.resolving[5] = nxt + 1
        m = MISSIONS[s.resolving[1]]
        e = (m.on_failure if s.resolving[8] else m.effects)[nxt]
        r = current(s)
        if (e.portrait_only and not r.portrait) or (e.two_leaders_only and r.leaders < 2):
            continue
        if EFFECTS[e.kind](s, r, e):
            return


def done_mission(s: RebellionState, player: int, card: int) -> None:
    """Clean-up: a starting mission goes back to hand (seen going there), any other card
    face up to its discard pile, a project to the project discard (research §4.4 step 7);
    then the combat the mission called, if one is due there, or the next turn."""
    if s.failed_at >= 0:
        from .imperial_cards import bounty_window

        if bounty_window(s, player, card):  # Post Bounty (RR-164); the clean-up follows it
            return
    m = MISSIONS[card]
    s.mission_leaders = []
    s.blindside = False
    if not m.timing:
        played = f"missions_played{player}"
        if m.starting:
            hand = f"missions{player}"
            s.move(mission_card(card), played, hand)
            s.reveal(hand, 1 - player, [mission_card(card)])  # it was seen going back to hand
        elif mission_card(card) in s.zones[played]:  # not gone back to hand (return_to_hand)
            discard(s, player, mission_card(card), played)
    if s.is_terminal:
        return
    from .command import combat_due, next_turn

    x, s.combat_after_mission = s.combat_after_mission, -1
    if x >= 0 and combat_due(s.board, x):
        from .combat import start_combat

        start_combat(s, x, player, "mission")
        return
    next_turn(s, player)


def effect_combat(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """ "Then resolve combat": a combat in the mission's system once every step of the
    mission is done and it is cleaned up (FAQ, research §4.4), the mission's player the
    current player; none if the system holds no units of both sides in a theater."""
    s.combat_after_mission = (
        s.base if r.system == REBEL_BASE and s.board.base_revealed else r.system
    )
    return False


def effect_gain_loyalty(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    gain_loyalty_at(s, r.player, r.system, e.amount)
    return False


def effect_place_sabotage(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    if not s.board.sabotage[r.system]:
        s.board.sabotage[r.system] = True
        s.emit(SabotagePlaced(system=r.system))
    return False


def effect_capture(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """The ring goes on the target (a Bounty ring on it costs reputation, RR-155); a leader
    it held before is rescued (research §6.3)."""
    b = s.board
    rings.on_capture(s, r.target)
    before = capture(b, r.target)
    s.emit(Captured(leader=r.target, system=r.system))
    if before != OFF:
        s.emit(Rescued(leader=before, dst=rescue(b, before, s.base)))
    from .action_cards import open_captured

    return open_captured(s, r.target, "mission")  # Noble Sacrifice (RR-130)


def effect_draw_probes(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """RR-22: 1 probe card per ``e.amount`` Rebel units at the base (the Rebel Base space,
    or the base's system once revealed), at least 1."""
    b = s.board
    at = s.base if b.base_revealed else REBEL_BASE
    n = max(1, b.count(at, REBEL) // e.amount)
    got = tuple(s.pop_card("probe_deck") for _ in range(min(n, len(s.zones["probe_deck"]))))
    s.zones["probe_hand"].extend(got)
    s.emit(ProbesDrawn(cards=got, to=(IMPERIAL,)))
    return False


Effect = Callable[["RebellionState", Resolving, MissionEffect], bool]

EFFECTS: dict[str, Effect] = {
    "gain_loyalty": effect_gain_loyalty,
    "place_sabotage": effect_place_sabotage,
    "capture_leader": effect_capture,
    "draw_probes_per_base_units": effect_draw_probes,
    "objectives_top_and_bottom": effect_top_and_bottom,
    "combat": effect_combat,
    **projects.EFFECTS,
    **imperial_missions.EFFECTS,
    **rebel_missions.EFFECTS,
    **roe_missions.EFFECTS,
    **roe_imperial_missions.EFFECTS,
    **roe_rebel_missions.EFFECTS,
}

AVAILABLE: dict[str, Callable[[RebellionState, int], bool]] = {
    **projects.AVAILABLE,
    **imperial_missions.AVAILABLE,
    **rebel_missions.AVAILABLE,
    **roe_rebel_missions.AVAILABLE,
}
"""Options of a choice card that need something in the system (RR-41)."""

AFTER_ROLL: dict[
    type[Action],
    tuple[
        Callable[[RebellionState, int], list[Action]], Callable[[RebellionState, int, Action], None]
    ],
] = {
    YodaReroll: (rings.mission_reroll_options, rings.apply_mission_reroll),
    BlankDie: (rings.blank_options, rings.apply_blank),
}
"""Abilities used on a roll-off's dice once both sides rolled (RR-84), by the action that
uses them: ``(options(state, side), apply(state, side, action))``. The Rebels' come first
(RR-16); a side is asked again after each one it uses."""

END_OF_COMMAND = frozenset({"move_units_to_base", "relocate_base"})
"""Effects resolved at the end of the Command Phase (:mod:`.mobilization`)."""

BUILT = frozenset(EFFECTS) | END_OF_COMMAND
