"""The team game (RR-02, an option: ``players=3`` or ``players=4``; research-2 §1, ROTE).

The rules engine works on **sides** (0 Rebels, 1 Empire): every decision keeps
``player`` = its side, and two-player code never looks here. This module is the team
layer on top: which **seat** decides each pending decision, the Command Phase's cycle of
roles, each role's leaders, the order in which teammates are asked, and the words.

Seats (``options.players``): seat 0 is always the Rebel Admiral and seat 1 the Imperial
Admiral, so a two-player seat keeps its number.

* 4 players: 0 Rebel Admiral, 1 Imperial Admiral, 2 Rebel General, 3 Imperial General.
* 3 players: 0 the Rebel player (both Rebel roles), 1 Imperial Admiral, 2 Imperial General.

Roles: the Admiral (blue leaders) and the General (orange leaders), each leader's
``role`` in ``data/leaders.toml`` (research-2 §1.8; the four Rebel Rise of the Empire
leaders RR-181). A leader is controlled by the seat of its side (a lured leader: the
Empire, ``Board.leader_side``) and colour.

Who decides (:func:`seat_of`), in this order:

1. **Fixed by the sources**: the mission-set choice, the base, the mission hand's discards
   and every objective-card choice: the General (ROTE; research-2 §1.2, §1.6; RR-186 for
   objective choices inside a mission).
2. **By leader**: a retreat's destination and the units that go with it: the seat of the
   retreating leader (research-2 §1.5); a ring's ability: the seat of its wearer (RR-187).
3. **By theater**, during a combat: space battle decisions (tactic cards, abilities, dice,
   damage) the Admiral's, ground battle ones the General's (research-2 §1.5), by the
   decision's theater, its tactic card's, or the agenda step being run
   (``step_theater``).
4. **The mission being resolved**: the seat that revealed it makes all its choices
   (research-2 §1.4): ``team_mission`` per side, set when a mission is revealed (a
   Subversion too), ``team_eoc`` for missions resolved at the end of the Command Phase.
5. **By step**: placing starting units and the Death Star Under Construction, building,
   deploying (research-2 §1.2, §1.6) and recruiting (RR-182): the Admiral.
6. **The turn**: in the Command Phase, the side whose turn it is decides by the seat whose
   turn it is (``team_turn``).
7. Anything else a side decides as a whole: its General (RR-187).

**Offers** (:data:`OFFERS`): a decision whose options belong to leaders or action cards
(activate with a leader, put a leader on a mission, oppose, add a leader to a combat,
retreat, reveal a mission or a Subversion, play an action card, use a ring on the roll-off
dice) offers each seat only
its own: the leaders it controls, the missions one of its leaders is on (a mixed mission:
either, RR-180), the action cards whose pictured leader it controls or that picture none
(RR-184). The side's seats are asked in turn (:func:`order`): the seat of the moment first
(the seat whose turn or assignment it is, else the Admiral), and when it declines (pass,
close) the teammate is asked if he has an option of his own (``team_declined``); one
answer settles the decision for the team, so a team sends one leader to oppose, adds at
most one leader to a combat and retreats at most once (research-2 §1.4, §1.5).

**The Assignment Phase** (RR-183): the Rebel team first, then the Empire; within a team
the Admiral assigns his leaders, then the General his (each seat once: the lone Rebel of
a three-player game once). The General holds the hand; the card choice is the assigning
seat's (a veto is table talk, not a move); the first leader on a card is the assigning
seat's own, and a second one may be the teammate's (he is asked, ``close`` declining).

**The Command Phase**: the cycle 1 Rebel Admiral, 2 Imperial Admiral, 3 Imperial General,
4 Rebel General (research-2 §1.3), a role that passed skipped; each role passes on its
own (the lone Rebel takes both Rebel turns and passes each), a side has passed when both
its roles have (``passed``), the phase ends when all four have.

**The leader pool limit** (ROTE): 8 per team; the excess comes from the pool of the
teammate who holds more, who chooses; equal pools: the General chooses from either
(RR-185).

**Knowledge** (RR-188): teammates may show each other everything openly (research-2
§1.7), so a seat sees what its side sees: its view, log, observation and resampling are
its side's (``State._viewer``). Both seats of a side share its result (``finish``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop import Action, Decision

from .. import actions as A
from .. import decisions as D
from ..data import ACTION_LEADERS, IMPERIAL, LEADERS, MISSIONS, REBEL, TACTICS
from ..events import Retreated, RolePassed, TeamDeclined
from ..ids import action_of, mission_of

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "ADMIRAL",
    "ASSIGN_ORDER",
    "CYCLE",
    "GENERAL",
    "LEADER_ROLE",
    "OFFERS",
    "ROLE_NAMES",
    "SEATS",
    "assign_passed",
    "card_usable",
    "hand_on_to",
    "intercept",
    "leader_seat",
    "legal",
    "next_assigner",
    "next_command_turn",
    "on_reveal",
    "player_name",
    "role_name",
    "role_passed",
    "seat",
    "seat_name",
    "seat_of",
    "seats_of_side",
    "side_of_seat",
    "start_command",
    "start_end_of_command",
]

ADMIRAL = 0
GENERAL = 1
ROLE_NAMES = ("Admiral", "General")
LEADER_ROLE: tuple[int, ...] = tuple(ADMIRAL if x.role == "admiral" else GENERAL for x in LEADERS)
"""Per leader: its colour (research-2 §1.8, RR-181)."""

CYCLE: tuple[tuple[int, int], ...] = (
    (REBEL, ADMIRAL),
    (IMPERIAL, ADMIRAL),
    (IMPERIAL, GENERAL),
    (REBEL, GENERAL),
)
"""The Command Phase's turn order by initiative (research-2 §1.3): (side, role)."""

SEATS: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {
    2: ((0, 0), (1, 1)),
    3: ((0, 0), (1, 2)),
    4: ((0, 2), (1, 3)),
}
"""Per number of players, per side, per role: the seat."""

SEAT_SIDE: dict[int, tuple[int, ...]] = {2: (0, 1), 3: (0, 1, 1), 4: (0, 1, 0, 1)}

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("Rebel", "Imperial"),
    3: ("Rebel", "Imperial Admiral", "Imperial General"),
    4: ("Rebel Admiral", "Imperial Admiral", "Rebel General", "Imperial General"),
}


def seat(n: int, side: int, role: int) -> int:
    """The seat that plays ``role`` of ``side`` in an ``n``-player game."""
    return SEATS[n][side][role]


def side_of_seat(n: int, player: int) -> int:
    """The side seat ``player`` plays for."""
    return SEAT_SIDE[n][player]


def seats_of_side(n: int, side: int) -> list[int]:
    """The distinct seats of ``side``, Admiral's first."""
    a, g = SEATS[n][side]
    return [a] if a == g else [a, g]


def seat_name(n: int, player: int) -> str:
    """The name of seat ``player`` ("Rebel Admiral", ...)."""
    return SEAT_NAMES[n][player]


def player_name(player: int, options: Any) -> str:
    """``Game.player_name``: every seat of the game's mode, by its role."""
    n = int(getattr(options, "players", 2))
    names = SEAT_NAMES[n]
    return names[player] if player < len(names) else f"Seat {player} (not in a {n}-player game)"


def leader_seat(s: RebellionState, leader: int) -> int:
    """The seat that controls ``leader``: its side's (a lured leader plays for the Empire)
    seat of its colour (research-2 §1.7)."""
    return SEATS[s.num_players][s.board.leader_side[leader]][LEADER_ROLE[leader]]


def role_name(s: RebellionState, side: int, role: int) -> str:
    """ "Rebel Admiral", or for a seat that plays both roles "Rebel (as Admiral)"."""
    n = s.num_players
    a, g = SEATS[n][side]
    if a == g:
        return f"{SEAT_NAMES[n][a]} (as {ROLE_NAMES[role]})"
    return SEAT_NAMES[n][SEATS[n][side][role]]


# ================================================================ who decides
GENERAL_ALWAYS: frozenset[type[Decision]] = frozenset(
    {
        D.ChooseMissionSet,  # ROTE: the General chooses his faction's mission set
        D.ChooseBase,  # research-2 §1.2: the General decides if the Rebels disagree
        D.DiscardMission,  # research-2 §1.6: the General holds the hand
        # the Rebel General draws, holds and plays the objectives (research-2 §1.6, RR-186)
        D.PlaceObjectives,
        D.PlayObjective,
        D.PlansTarget,
        D.ObjectiveLeader,
        D.SeizeControl,
        D.DiscardObjectives,
        D.PlaceTargetMarker,
        D.CellDiscard,
        D.KeepObjective,
        D.OrderObjectives,
    }
)
ADMIRAL_STEPS: frozenset[type[Decision]] = frozenset(
    {
        D.PlaceUnits,  # research-2 §1.2
        D.ChooseDsucSystem,  # a starting unit's place (research-2 §1.2)
        D.BuildUnits,  # research-2 §1.6
        D.ReplaceUnit,
        D.FactoryBuild,  # building (a project's choices are its revealer's, step 4 first)
        D.FactoryReplace,
        D.DeployUnits,
        D.RecruitLeader,  # RR-182
        D.KeepActionCard,
    }
)
TACTIC_CARD: frozenset[type[Decision]] = frozenset(
    {
        D.ChooseAbility,
        D.CardDamage,
        D.CardDestroy,
        D.CardRepair,
        D.GainChoice,
        D.DamageSink,
        D.DamageSource,
    }
)
"""Combat decisions whose ``card`` is an advanced tactic card: its theater decides."""

CARD_WINDOW_CLASSES: tuple[type[Decision], ...] = (
    D.ActionCardWindow,
    D.MissionDiceWindow,
    D.FalseOrdersWindow,
    D.UndercoverWindow,
    D.SonWindow,
    D.FightForWindow,
    D.MillionMission,
    D.MillionAttack,
    D.MillionPlans,
    D.MillionDiscredit,
    D.CardWindow,
)
"""The action cards' windows: ``play_action_card <card>`` or ``pass`` (One in a Million's
then its dice)."""

OFFERS: frozenset[type[Decision]] = frozenset(
    {
        D.CommandTurn,
        D.ActivateSystem,
        D.MissionLeader,
        D.SecondLeader,
        D.OpposeMission,
        D.Combat,
        D.RetreatChoice,
        D.ActionCardWindow,
        D.MissionDiceWindow,
        D.EliminateLeader,
        D.AfterMissionRoll,
        *CARD_WINDOW_CLASSES,
    }
)
"""Decisions whose options belong to seats (leaders, missions, action cards)."""

LEADER_ACTIONS = (A.Activate, A.Lead, A.Second, A.Oppose, A.Join, A.Retreat, A.Eliminate)
RING_DECISIONS: dict[type[Decision], str] = {
    D.C3POChoice: "c3po",
    D.FalconRescue: "falcon",
    D.FalconFollow: "falcon",
    D.PlansReroll: "yoda",
}
"""Decisions about a ring's ability: the seat of the leader wearing it decides (RR-187)."""
DECLINE = (A.Pass, A.Close)


def seat_of(s: RebellionState, d: Decision) -> int:
    """The seat that makes ``d`` (see the module docstring)."""
    if type(d) in OFFERS:
        return _offer(s, d, _base_legal(s, d))[0]
    if isinstance(d, D.AssignMission) and s.team_assign >= 0:
        return ASSIGN_ORDER[s.num_players][s.team_assign]
    return seat(s.num_players, d.player, role_of(s, d))


def role_of(s: RebellionState, d: Decision) -> int:
    """The role of ``d.player``'s side that decides ``d`` (not an offer)."""
    cls = type(d)
    if cls in GENERAL_ALWAYS:
        return GENERAL
    if isinstance(d, D.RetreatTo):
        return LEADER_ROLE[d.leader]
    if isinstance(d, D.RetreatUnits):
        return _retreating_role(s, d.player)
    ring = RING_DECISIONS.get(cls)
    if ring is not None:
        x = _wearer(s, ring)
        if x >= 0:
            return LEADER_ROLE[x]
    if s.battle.active:
        th = _theater(s, d)
        if th >= 0:
            return ADMIRAL if th == 0 else GENERAL
    if s.phase == "command":
        m = s.team_mission[d.player]
        if m >= 0:
            return m
    if cls in ADMIRAL_STEPS:
        return ADMIRAL
    if s.phase == "command" and s.team_turn >= 0:
        side, role = CYCLE[s.team_turn]
        if side == d.player:
            return role
    return GENERAL  # RR-187


def _theater(s: RebellionState, d: Decision) -> int:
    """The battle theater ``d`` belongs to (0 space, 1 ground, -1 none)."""
    th = getattr(d, "theater", None)
    if isinstance(th, int):
        return th
    if type(d) in TACTIC_CARD:
        card: int = getattr(d, "card", 0)
        return 0 if TACTICS[card].theater == "space" else 1
    return s.step_theater


def _wearer(s: RebellionState, ring: str) -> int:
    """The leader wearing ``ring`` (a name of ``data.RINGS``), or -1."""
    from ..data import RINGS

    i = RINGS.index(ring)
    return next((x for x, r in enumerate(s.board.rings) if r == i), -1)


def _retreating_role(s: RebellionState, side: int) -> int:
    """The role of the leader ``side`` retreated with last (its units go with it)."""
    for ev in reversed(s.log):
        if isinstance(ev, Retreated) and ev.player == side:
            return LEADER_ROLE[ev.leader]
    return ADMIRAL


def _base_legal(s: RebellionState, d: Decision) -> list[Action]:
    from . import HANDLERS

    return HANDLERS[type(d)][0](s, d)


def order(s: RebellionState, d: Decision) -> list[int]:
    """The seats of ``d.player``'s side in the order they are asked: the seat of the
    moment first (whose assignment or turn it is), else the Admiral's."""
    n, side = s.num_players, d.player
    seats = seats_of_side(n, side)
    if isinstance(d, D.MissionLeader | D.SecondLeader) and s.team_assign >= 0:
        first = ASSIGN_ORDER[n][s.team_assign]
    elif s.phase == "command" and s.team_turn >= 0 and CYCLE[s.team_turn][0] == side:
        first = seat(n, side, CYCLE[s.team_turn][1])
        if isinstance(d, D.CommandTurn | D.ActivateSystem):
            return [first]
    else:
        return seats
    return [first, *(x for x in seats if x != first)]


def _owned(s: RebellionState, a: Action, player: int, d: Decision) -> bool | None:
    """Whether option ``a`` is seat ``player``'s own; ``None``: it is anyone's."""
    if isinstance(a, LEADER_ACTIONS):
        return leader_seat(s, a.leader) == player
    if isinstance(a, A.Reveal):
        return any(leader_seat(s, x) == player for x in s.slots[d.player][a.slot])
    if isinstance(a, A.Subvert):
        return any(leader_seat(s, x) == player for x in s.slots[d.player][a.slot])
    if isinstance(a, A.PlayActionCard):
        return card_usable(s, action_of(a.card), player, d.player)
    if isinstance(a, A.YodaReroll | A.BlankDie):
        x = _wearer(s, "yoda" if isinstance(a, A.YodaReroll) else "r2d2")
        return x >= 0 and leader_seat(s, x) == player
    if isinstance(a, A.SystemChoice) and isinstance(d, D.CommandTurn):
        from .command import activators

        return bool(activators(s, d.player))
    return None


def _own_options(s: RebellionState, d: Decision, player: int, legal: list[Action]) -> list[Action]:
    """The options of ``legal`` that are seat ``player``'s own or anyone's (:func:`_owned`
    not False); the systems of a Command turn share one answer, worked out once."""
    shared: bool | None = None  # _owned of a system to activate
    out: list[Action] = []
    for a in legal:
        if isinstance(a, A.SystemChoice) and isinstance(d, D.CommandTurn):
            if shared is None:
                shared = bool(_owned(s, a, player, d))
            owned: bool | None = shared
        else:
            owned = _owned(s, a, player, d)
        if owned is not False:
            out.append(a)
    return out


def card_usable(s: RebellionState, card: int, player: int, side: int) -> bool:
    """An action card of ``side``'s hand (``card``: its index into ``ACTIONS``) is used by the
    seat of that side that controls a leader pictured on it (the seat of the leader's colour);
    one that pictures none by either teammate (research-2 §1.7, RR-184)."""
    leaders = ACTION_LEADERS[card]
    n = s.num_players
    return not leaders or any(seat(n, side, LEADER_ROLE[x]) == player for x in leaders)


CARD_WINDOWS: frozenset[type[Decision]] = frozenset(CARD_WINDOW_CLASSES)
"""Offers of action cards alone: every seat of the side is asked (RR-184)."""


def _offer(s: RebellionState, d: Decision, legal: list[Action]) -> tuple[int, list[Action]]:
    """The seat asked now and its options (see the module docstring)."""
    if isinstance(d, D.EliminateLeader):
        return _eliminate(s, d, legal)
    seats = order(s, d)
    last = len(seats) - 1
    for i in range(min(s.team_declined, last), len(seats)):
        p = seats[i]
        if i == last or _may_have(s, d, p, legal):
            mine = _own_options(s, d, p, legal)
            return p, mine or legal  # a forced choice none of his: the team's options
    raise AssertionError("unreachable: the last seat is always asked")


def _may_have(s: RebellionState, d: Decision, player: int, legal: list[Action]) -> bool:
    """Whether seat ``player`` may have an option of his own in offer ``d``, by the public
    facts only, so that who is asked tells the other side nothing (RR-184, RR-187): a
    leader of his among the options (pools, leaders' places and slots are public), a
    leader of his on a face-down mission where a Subversion may be revealed, any seat at
    an action card's moment (the hand is hidden)."""
    if type(d) in CARD_WINDOWS:
        return True
    for a in legal:
        if isinstance(a, (*LEADER_ACTIONS, A.Reveal, A.YodaReroll, A.BlankDie)) and _owned(
            s, a, player, d
        ):
            return True
    if isinstance(d, D.OpposeMission) and not d.subverted:
        return any(leader_seat(s, x) == player for slot in s.slots[d.player] for x in slot)
    return False


def _eliminate(s: RebellionState, d: Decision, legal: list[Action]) -> tuple[int, list[Action]]:
    """The team pool limit (ROTE): the excess from the larger pool, its owner choosing;
    equal pools: the General from either (RR-185)."""
    n = s.num_players
    seats = seats_of_side(n, d.player)
    if len(seats) == 1:
        return seats[0], legal
    count = {p: 0 for p in seats}
    for x in s.board.pool(d.player):
        count[leader_seat(s, x)] += 1
    a, g = seats
    if count[a] == count[g]:
        return g, legal
    big = a if count[a] > count[g] else g
    return big, [
        x for x in legal if not isinstance(x, A.Eliminate) or leader_seat(s, x.leader) == big
    ]


def legal(s: RebellionState, d: Decision, out: list[Action]) -> list[Action]:
    """The options of the seat deciding ``d`` (``out``: the side's)."""
    if type(d) in OFFERS:
        return _offer(s, d, out)[1]
    if isinstance(d, D.AssignMission):
        p = seat_of(s, d)
        if not any(leader_seat(s, x) == p for x in s.board.pool(d.player)):
            out = [a for a in out if not isinstance(a, A.Assign)]  # no leader of his own
    if any(isinstance(a, A.PlayActionCard) for a in out):
        p = seat_of(s, d)
        mine = [
            a
            for a in out
            if not isinstance(a, A.PlayActionCard) or card_usable(s, action_of(a.card), p, d.player)
        ]
        return mine or out
    return out


def hand_on_to(s: RebellionState, d: Decision) -> int:
    """The teammate a decline of offer ``d`` hands it on to, or -1 (the decline stands)."""
    seats = order(s, d)
    legal_all = _base_legal(s, d)
    asked = _offer(s, d, legal_all)[0]
    for j in range(seats.index(asked) + 1, len(seats)):
        if _may_have(s, d, seats[j], legal_all):
            return seats[j]
    return -1


def intercept(s: RebellionState, d: Decision, a: Action) -> bool:
    """Before the rules apply ``a``: a seat that declines an offer its teammate may still
    take hands it on (True: nothing more to do); a revealed mission remembers its seat."""
    if type(d) in OFFERS and not isinstance(d, D.CommandTurn | D.EliminateLeader):
        if isinstance(a, DECLINE):
            nxt = hand_on_to(s, d)
            if nxt >= 0:
                asked = seat_of(s, d)
                s.team_declined = order(s, d).index(nxt)
                s.emit(TeamDeclined(player=d.player, seat=asked, to_seat=nxt))
                return True
        s.team_declined = 0
    if isinstance(a, A.Reveal | A.Subvert) and isinstance(d, D.CommandTurn | D.OpposeMission):
        on_reveal(s, d, a)
    return False


def on_reveal(s: RebellionState, d: Decision, a: A.Reveal | A.Subvert) -> None:
    """The seat revealing a mission makes its choices (research-2 §1.4)."""
    n = s.num_players
    p = seat_of(s, d)
    a_seat, _ = SEATS[n][d.player]
    if isinstance(d, D.CommandTurn) and s.team_turn >= 0:
        role = CYCLE[s.team_turn][1]
    else:
        role = ADMIRAL if p == a_seat else GENERAL
    s.team_mission[d.player] = role
    card = s.zones[f"assigned{d.player}"][a.slot]
    if MISSIONS[mission_of(card)].timing == "end_of_command":
        s.team_eoc.append(role)


def start_end_of_command(s: RebellionState, side: int) -> None:
    """A mission resolved at the end of the Command Phase: the seat that revealed it."""
    s.team_mission[side] = s.team_eoc.pop(0) if s.team_eoc else GENERAL


# ================================================================ the Command Phase
def start_command(s: RebellionState) -> None:
    """The cycle starts with the Rebel Admiral; no role has passed."""
    s.team_passed = [False] * len(CYCLE)
    s.team_turn = 0
    s.team_mission = [-1, -1]
    s.team_eoc = []
    s.team_assign = -1
    s.stack.append(D.CommandTurn(player=REBEL))


def role_passed(s: RebellionState, side: int) -> None:
    """The role whose turn it is passes for good; its side has passed when both have."""
    _, role = CYCLE[s.team_turn]
    s.team_passed[s.team_turn] = True
    s.emit(RolePassed(player=side, role=role))
    s.passed[side] = all(s.team_passed[i] for i, (x, _) in enumerate(CYCLE) if x == side)


def next_command_turn(s: RebellionState) -> bool:
    """The next role in the cycle that has not passed takes a turn (False: all passed)."""
    s.team_mission = [-1, -1]
    for k in range(1, len(CYCLE) + 1):
        i = (s.team_turn + k) % len(CYCLE)
        if not s.team_passed[i]:
            s.team_turn = i
            s.stack.append(D.CommandTurn(player=CYCLE[i][0]))
            return True
    return False


# ================================================================ the Assignment Phase
ASSIGN_ORDER: dict[int, tuple[int, ...]] = {3: (0, 1, 2), 4: (0, 2, 1, 3)}
"""The seats in assignment order: the Rebel team (Admiral, General), then the Empire's."""


def next_assigner(s: RebellionState, side: int) -> None:
    """The next seat able to assign does (from ``side``'s first seat on); then the
    Command Phase (RR-183)."""
    from .assignment import can_assign

    n = s.num_players
    seats = ASSIGN_ORDER[n]
    i = max(s.team_assign, 0)
    if side == IMPERIAL:
        i = max(i, seats.index(SEATS[n][IMPERIAL][ADMIRAL]))
    while i < len(seats):
        p = seats[i]
        sd = SEAT_SIDE[n][p]
        if can_assign(s, sd) and (
            any(leader_seat(s, x) == p for x in s.board.pool(sd)) or _has_card_play(s, sd, p)
        ):
            s.team_assign = i
            s.stack.append(D.AssignMission(player=sd))
            return
        i += 1
    from .command import start_command as start

    s.team_assign = -1
    start(s)


def _has_card_play(s: RebellionState, side: int, player: int) -> bool:
    """``side`` may hold an Assignment action card it can play now, by the public facts
    (RR-120): each seat is offered its turn, so that who is asked tells nothing."""
    from .assignment_cards import window_due

    return window_due(s, side)


def assign_passed(s: RebellionState) -> None:
    """The assigning seat is done: the next seat."""
    n = s.num_players
    s.team_assign += 1
    seats = ASSIGN_ORDER[n]
    side = SEAT_SIDE[n][seats[s.team_assign]] if s.team_assign < len(seats) else IMPERIAL
    next_assigner(s, side)
