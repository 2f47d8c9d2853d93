"""The combat's flow: starting it, its agenda of steps, rounds and battles, the next
round, and its end (research §5.1, §5.5).

The objective windows are agenda steps too (``objectives``, RR-59): after each battle's
destruction, after the end-of-round destruction, and, as the agenda's last step, at the
end of the combat (:mod:`..objective_play`).

The agenda (``Battle.steps``) is a list of ``(step, player, theater, extra)`` run in
order by :func:`advance`; a step that needs a choice pushes a decision and waits.
:data:`STEPS` maps each step name to its function; the combat package fills it from
the module of each mechanic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...battle import Battle
from ...board import release_held
from ...data import IMPERIAL, REBEL
from ...decisions import (
    ActionCardWindow,
    ActionDestroy,
    ActionRetrieve,
    ActionTheater,
    AssignDamage,
    AttackActions,
    CardDamage,
    CardDestroy,
    CardLeader,
    CardRepair,
    CardWindow,
    ChooseAbility,
    ChooseLeader,
    ChooseTactic,
    Combat,
    CommandTurn,
    ConvertHits,
    DamageSink,
    DamageSource,
    FightForObjective,
    FightForWindow,
    GainChoice,
    MillionAttack,
    MillionPlans,
    ObjectiveLeader,
    PlansTarget,
    PlayObjective,
    ReadyLeader,
    RetreatChoice,
    RetreatTo,
    RetreatUnits,
    Retrieve,
    RogueOne,
    SeizeControl,
    SpendSpecial,
)
from ...events import CombatBegan, CombatEnded, Stalemate
from ..aftermath import rescue_if_due
from .damage import after_destruction
from .forces import GROUND, SHIELD_GENERATOR, SPACE, shares

if TYPE_CHECKING:
    from ...state import RebellionState


Step = Callable[["RebellionState", int, int, int], None]

STEPS: dict[str, Step] = {}
"""Each agenda step's function, by name (filled by the combat package)."""


def start_combat(s: RebellionState, system: int, attacker: int, after: str) -> None:
    """Begin a combat in ``system``; ``after`` is "activation", "reveal" or "mission" (a
    mission's "then resolve combat"; play goes on as after an activation)."""
    bt = Battle(system=system, attacker=attacker, after=after)
    bt.first = [attacker, attacker]
    if after == "activation":
        bt.came_from = moved_from(s, attacker, system)
    bt.subjugated = s.board.subjugated[system]
    s.battle = bt
    s.emit(CombatBegan(system=system, attacker=attacker))
    bt.steps = [("join", attacker, -1, 0), ("join", 1 - attacker, -1, 0)]
    # Start of Combat action cards, the current player first (research-2 §3.1)
    bt.steps += [("action_cards", attacker, -1, 0), ("action_cards", 1 - attacker, -1, 0)]
    bt.steps.append(("round", -1, -1, 0))
    bt.steps.append(("fight_for", REBEL, -1, 0))  # Something to Fight For (RR-178)
    bt.steps.append(("objectives", REBEL, -1, 1))  # the end of the combat's window (RR-59)
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
        s.step_theater = th  # who of a team decides (RR-02, :mod:`..team`)
        STEPS[name](s, p, th, extra)


def _is_combat_decision(s: RebellionState) -> bool:
    return type(s.stack[-1]) in COMBAT_DECISIONS


def then(s: RebellionState, *steps: tuple[str, int, int, int]) -> None:
    """Put ``steps`` at the front of the agenda."""
    s.battle.steps[0:0] = list(steps)


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
        ("objectives", REBEL, -1, 0),
        ("confrontation", REBEL, -1, 0),
        ("retreat", bt.attacker, -1, 0),
        ("retreat", 1 - bt.attacker, -1, 0),
        ("after_retreat", REBEL, -1, 0),
        ("after_retreat", IMPERIAL, -1, 0),
        ("track_them", IMPERIAL, -1, 0),  # Track Them (RR-163, :mod:`..imperial_cards`)
        ("next", -1, -1, 0),
    )


def step_battle(s: RebellionState, p: int, th: int, extra: int) -> None:
    """One battle of theater ``th``: cards, attacks, destruction."""
    if not shares(s, th):
        return
    bt = s.battle
    bt.fought[th] = True
    bt.chosen = [-1, -1]
    bt.revealed = False
    bt.canceled = [False, False]
    bt.picked = [-1, -1]
    bt.prevent = [[], []]
    bt.no_repair = [False, False]
    bt.shield = [0, 0]
    bt.frozen = []
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
        ("attacks", -1, th, 0),
        ("destroy", -1, th, 0),
        ("objectives", REBEL, th, 0),
    ]
    then(s, *steps)


def step_attacks(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The two attacks, the side attacking first then the other: who that is, is read now,
    once this battle's cards are resolved, so a card changing it acts in this round of
    battle already (ROTE "Additional Cinematic Combat Rules"; research §8.7)."""
    first = s.battle.first[th]
    then(s, ("attack", first, th, 0), ("attack", 1 - first, th, 0))


def step_next(s: RebellionState, p: int, th: int, extra: int) -> None:
    """Another round while a theater is shared, unless neither side can damage the other
    in any way in a combat no die can decide (RR-56): then it ends."""
    if not (shares(s, SPACE) or shares(s, GROUND)):
        return
    from .stalemate import deadlocked

    if deadlocked(s):
        s.emit(Stalemate(system=s.battle.system, side=-1, theater=-1))
        return
    then(s, ("round", -1, -1, 0))


def end_combat(s: RebellionState) -> None:
    """All damage is removed; an activation's step 5 (the activated system's subjugation,
    :func:`.board.release`), rescue, then play goes on."""
    bt = s.battle
    s.battle = Battle()
    b = s.board
    from ..action_cards import return_ready

    return_ready(s, bt.ready)  # Ready for Action's leader goes back to the pool (RR-124)
    release_held(b)  # narrated right after the combat's end
    s.emit(CombatEnded(system=bt.system, rounds=bt.round))
    rescue_if_due(s)
    after_destruction(s)
    if s.is_terminal:
        return
    if bt.after == "reveal":
        s.stack.append(CommandTurn(player=bt.attacker))
        return
    if bt.after == "assignment":  # an Assignment action card's combat (RR-134)
        from ..assignment_cards import resume_assignment

        resume_assignment(s, bt.attacker)
        return
    from ..command import next_turn

    next_turn(s, bt.attacker)


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
        RogueOne,
        PlayObjective,
        PlansTarget,
        ObjectiveLeader,
        SeizeControl,
        # the action cards (:mod:`..action_cards`)
        ActionDestroy,
        ActionTheater,
        ActionRetrieve,
        ReadyLeader,
        ConvertHits,
        ActionCardWindow,
        # the Rebel action cards (:mod:`..rebel_cards`)
        FightForWindow,
        FightForObjective,
        MillionAttack,
        MillionPlans,
        # the Imperial action cards (:mod:`..imperial_cards`)
        CardWindow,
        CardLeader,
    }
)
