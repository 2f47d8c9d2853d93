"""The Command Phase: turns, activation and movement (research §4.3).

Players alternate turns, Rebels first. On a turn a player activates a system
with a leader of the pool that has tactic values (``system <s>``, then
``activate <leader>``: the system first, so that a search weighs where to act before
who acts), reveals a mission (``reveal <slot>``, :mod:`.missions`), or
passes for good (``pass``). The phase ends when both have
passed: missions never revealed go back to hand and their leaders to the pool.
At the start of one of their turns, before acting, the Rebels may reveal their
hidden base (``reveal_base``; FAQ errata, research §4.3): everything on the
Rebel Base space moves into its system, and if Imperial units are there a
combat follows at once; then the Rebels take their turn.

Movement, after the activating leader is placed, is one unit at a time
(``move <unit> <src>``, then ``stop``):

* a unit comes from a system adjacent to the activated one; units on the Rebel
  Base space may move to the base's system or a system adjacent to it, and the
  Rebel Base space (while the base is hidden) is activated from the base's
  system or its neighbours;
* **leader lock**: no unit leaves a location holding a leader of its side (not a
  captive); a leader on the Rebel Base space locks the space, not the
  base's system;
* **transport**: a unit that needs transport (ground units, TIE Fighters and TIE
  Strikers) moves only carried by a ship of its side moving from the same
  system, 1 capacity each; ships move first and their capacity is counted per
  source system (``MoveUnits.spare``). Immobile units never move;
* into a destroyed system, ground units enter only within the transport
  capacity of their side's ships there;
* the Empire may move a captive Rebel leader (the captured one, or one frozen in
  Carbonite) like a ground unit that uses no transport capacity: once an Imperial ship
  with transport capacity has moved from its system, however full (``move_captive
  <leader>``; research §6.3, RR-49).

A Rebel unit moving from or to the Rebel Base space shows that the base is that
system or next to it: every other system is ruled out (``Board.ruled_out``).

After movement: a captive whose system holds no Imperial unit any
more is rescued (to the Rebel Base space, or the base's system once revealed),
the hidden base is revealed if Imperial ground units or
loyalty are in its system (everything on the Rebel Base space moves into it),
the Empire's win is checked, a combat is due if both sides have units in one
theater, and then step 5: Imperial ground units that moved into the activated system
subjugate it only now, after its combat if one is fought (``Board.held``; a system
that units leave, or where the last Imperial ground unit is destroyed, loses its
marker at once: the board keeps subjugation right, :mod:`..board`).

The Empire's win is checked after every unit moved and after every reveal
(RR-18).

A due combat is fought at once (:mod:`.combat`); after it the activated system's
subjugation is settled and rescue checked. At the end of every turn (an
activation with its combat, a mission, a pass) the players may remove target markers
(:mod:`.markers`, RR-38), then the next turn. When both have passed, a revealed Rapid
Mobilization resolves (:mod:`.mobilization`, another marker checkpoint after it),
unrevealed missions go back to hand, leaders marked by Confrontation are eliminated,
and the Refresh Phase follows (:mod:`.refresh`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import (
    Activate,
    Move,
    MoveCaptive,
    Pass,
    ProbePlace,
    Reveal,
    RevealBase,
    Stop,
    SystemChoice,
)
from ..board import (
    BOARD,
    ELIMINATED,
    MISSION,
    OFF,
    POOL,
    UNITS_OF,
    adjacent,
    hold,
    release,
    rule_out_beyond,
    transport_room,
)
from ..data import (
    ADJACENT,
    IMPERIAL,
    LEADERS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    UNITS,
)
from ..decisions import ActivateSystem, CommandTurn, MoveUnits
from ..events import (
    Activated,
    CaptiveMoved,
    LeaderEliminated,
    Moved,
    Passed,
    PhaseBegan,
)
from .aftermath import check_empire_win, end_activation, rescue_if_due, reveal_if_due, reveal_now
from .combat import start_combat
from .markers import offer_removals
from .missions import apply_reveal, legal_reveals
from .mobilization import start_rapid_mobilization
from .team import CYCLE, LEADER_ROLE

if TYPE_CHECKING:
    from ..board import Board
    from ..state import RebellionState

__all__ = ["combat_due", "move_sources", "next_turn", "pass_turn_on", "start_command"]

CAPACITY = tuple(u.capacity for u in UNITS)
CARRIED = tuple(u.needs_transport for u in UNITS)
IMMOBILE = tuple(u.immobile for u in UNITS)
GROUND = tuple(u.theater == "ground" for u in UNITS)


def start_command(s: RebellionState) -> None:
    s.phase = "command"
    s.passed = [False, False]
    s.emit(PhaseBegan(phase="command", round=s.round))
    if s.num_players > 2:
        from .team import start_command as start_team_command

        start_team_command(s)  # the cycle of roles (RR-02)
        return
    s.stack.append(CommandTurn(player=REBEL))


# ---------------------------------------------------------------- turns
def legal_turn(s: RebellionState, d: CommandTurn) -> list[Action]:
    out: list[Action] = []
    if activators(s, d.player):
        out.extend(SystemChoice(x) for x in activatable(s, d.player))
    out.extend(legal_reveals(s, d.player))
    out.append(Pass())
    if d.player == REBEL and not s.board.base_revealed:
        out.append(RevealBase())
    if d.player == REBEL and s.zones["radar_probe"]:
        from .rebel_cards import radar_options

        out.extend(radar_options(s, d.player))  # Under the Radar (RR-172)
    if d.player == IMPERIAL and s.zones["facility_probe"]:
        from .imperial_cards import facility_plays

        out.extend(facility_plays(s, d.player))  # Secret Facility (RR-167)
    return out


def apply_turn(s: RebellionState, d: CommandTurn, a: Action) -> None:
    s.stack.pop()
    p = d.player
    if isinstance(a, Pass):
        if s.num_players > 2:
            from .team import role_passed

            role_passed(s, p)  # the role whose turn it is, for good (RR-02)
        else:
            s.passed[p] = True
            s.emit(Passed(player=p, phase="command"))
        next_turn(s, p)
        return
    if isinstance(a, RevealBase):
        reveal_now(s)
        if check_empire_win(s):
            return
        if combat_due(s.board, s.base):
            start_combat(s, s.base, p, "reveal")
        else:
            s.stack.append(CommandTurn(player=p))
        return
    if isinstance(a, Reveal):
        apply_reveal(s, p, a.slot)
        return
    if isinstance(a, ProbePlace):
        from .rebel_cards import apply_radar_return

        apply_radar_return(s, a.card)  # Under the Radar (RR-172)
        s.stack.append(CommandTurn(player=p))
        return
    if a.kind == "play_action_card":
        from .imperial_cards import reveal_facility

        reveal_facility(s)  # Secret Facility, at the start of the turn (RR-167)
        return
    assert isinstance(a, SystemChoice)
    s.stack.append(ActivateSystem(player=p, system=a.system))


def next_turn(s: RebellionState, last: int) -> None:
    """``last``'s Command turn is over: the target-marker checkpoint (RR-38), then the
    next turn."""
    if offer_removals(s, "turn", last):
        return
    pass_turn_on(s, last)


def pass_turn_on(s: RebellionState, last: int) -> None:
    """The other player moves next unless passed; the phase ends when both have passed
    (a team game: the next role of the cycle that has not passed, :mod:`.team`)."""
    if s.num_players > 2:
        from .team import next_command_turn

        if not next_command_turn(s):
            end_command(s)
        return
    other = 1 - last
    if not s.passed[other]:
        s.stack.append(CommandTurn(player=other))
    elif not s.passed[last]:
        s.stack.append(CommandTurn(player=last))
    else:
        end_command(s)


def end_command(s: RebellionState) -> None:
    """Missions resolved at the end of the phase (Rapid Mobilization, one at a time; each
    calls this again when done); then unrevealed missions go back to hand, their leaders
    to the pool (research §4.3)."""
    if s.end_of_command:
        card, leaders = s.end_of_command.pop(0)
        if s.num_players > 2:
            from .team import start_end_of_command

            start_end_of_command(s, REBEL)  # the seat that revealed it decides (RR-02)
        start_rapid_mobilization(s, card, leaders)
        return
    if s.zones["sweep_probe"]:
        from .imperial_cards import sweep_window

        if sweep_window(s):  # Sweep the Area, after Rapid Mobilization (RR-168)
            return
    b = s.board
    for p in (REBEL, IMPERIAL):
        assigned, hand = f"assigned{p}", f"missions{p}"
        for card in list(s.zones[assigned]):
            s.move(card, assigned, hand)
        for slot in s.slots[p]:
            for leader in slot:
                if b.leader_status[leader] == MISSION:
                    b.leader_status[leader] = POOL
        s.slots[p] = []
    s.misdirected, s.attempt_bonus, s.reassigned = [], [], []  # "this round" (RR-86, RR-87)
    s.watched = -1  # Boba Fett? Where? (RR-133)
    eliminate_doomed(s)
    from .refresh import start_refresh

    start_refresh(s)


def eliminate_doomed(s: RebellionState) -> None:
    """Leaders marked for elimination (Confrontation) leave the game now."""
    b = s.board
    for x in s.doomed_leaders:
        if b.leader_status[x] != ELIMINATED:
            release(b, x)  # an eliminated captive leaves its ring
            b.leader_status[x] = ELIMINATED
            b.leader_loc[x] = OFF
            s.emit(LeaderEliminated(player=b.leader_side[x], leader=x))
    s.doomed_leaders = []


# ---------------------------------------------------------------- activation
def activatable(s: RebellionState, player: int) -> list[int]:
    """Any system; the Rebels also the Rebel Base space while the base is hidden."""
    out = list(range(NUM_SYSTEMS))
    if player == REBEL and not s.board.base_revealed:
        out.append(REBEL_BASE)
    return out


def activators(s: RebellionState, player: int) -> list[int]:
    """The leaders of ``player``'s pool that can activate a system (tactic values); in a
    team game, only those of the role whose turn it is (:mod:`.team`)."""
    out = [x for x in s.board.pool(player) if LEADERS[x].can_activate]
    if s.num_players > 2 and s.phase == "command" and s.team_turn >= 0:
        side, role = CYCLE[s.team_turn]
        if side == player:
            out = [x for x in out if LEADER_ROLE[x] == role]
    return out


def legal_activate(s: RebellionState, d: ActivateSystem) -> list[Action]:
    return [Activate(x) for x in activators(s, d.player)]


def apply_activate(s: RebellionState, d: ActivateSystem, a: Action) -> None:
    assert isinstance(a, Activate)
    s.stack.pop()
    b = s.board
    b.leader_loc[a.leader] = d.system
    b.leader_status[a.leader] = BOARD
    hold(b, d.system)  # units moving in subjugate it at step 5
    s.emit(Activated(player=d.player, leader=a.leader, system=d.system))
    s.stack.append(MoveUnits(player=d.player, system=d.system, spare=(0,) * NUM_LOCATIONS))


# ---------------------------------------------------------------- movement
def move_sources(b: Board, player: int, target: int, base: int) -> list[int]:
    """The locations ``player``'s units may move from into ``target`` (before leader lock)."""
    if target == REBEL_BASE:
        if base < 0:
            return []
        srcs = [base, *ADJACENT[base]]
    else:
        srcs = list(ADJACENT[target])
        if (
            player == REBEL
            and not b.base_revealed
            and base >= 0
            and (target == base or adjacent(target, base))
        ):
            srcs.append(REBEL_BASE)
    return sorted(x for x in srcs if not b.locks(x, player))


def legal_move(s: RebellionState, d: MoveUnits) -> list[Action]:
    b = s.board
    p, target = d.player, d.system
    into_destroyed = target < NUM_SYSTEMS and b.destroyed[target]
    out: list[Action] = []
    for src in move_sources(b, p, target, s.base):
        row = b.units[src]
        for u in UNITS_OF[p]:
            if not row[u] or IMMOBILE[u]:
                continue
            if CARRIED[u] and d.spare[src] <= 0:
                continue
            if into_destroyed and GROUND[u] and transport_room(b, p, target) <= 0:
                continue
            out.append(Move(u, src))
    if p == IMPERIAL:
        for captive in b.captives():
            where = b.leader_loc[captive]
            if (
                where != target
                and where in move_sources(b, p, target, s.base)
                and ship_moved_from(s, where)
            ):
                out.append(MoveCaptive(captive))
    out.append(Stop())
    return out


def ship_moved_from(s: RebellionState, src: int) -> bool:
    """A ship with transport capacity moved from ``src`` in this activation (RR-49)."""
    for ev in reversed(s.log):
        if ev.kind == "activated":
            return False
        if ev.kind == "moved" and getattr(ev, "src", -1) == src:
            u = getattr(ev, "unit", -1)
            if CAPACITY[u] > 0 and not CARRIED[u]:
                return True
    return False


def apply_move(s: RebellionState, d: MoveUnits, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Stop):
        after_movement(s, d.player, d.system)
        return
    if isinstance(a, MoveCaptive):
        src = s.board.leader_loc[a.leader]
        s.board.leader_loc[a.leader] = d.system
        s.emit(CaptiveMoved(leader=a.leader, src=src, dst=d.system))
        s.stack.append(d)
        return
    assert isinstance(a, Move)
    b = s.board
    b.remove_unit(a.unit, a.src)
    b.add_unit(a.unit, d.system)
    spare = list(d.spare)
    if CARRIED[a.unit]:
        spare[a.src] -= 1
    else:
        spare[a.src] += CAPACITY[a.unit]
    s.emit(Moved(player=d.player, unit=a.unit, src=a.src, dst=d.system))
    if a.src == REBEL_BASE:
        rule_out_beyond(b, d.system)  # the base is the target or next to it
    elif d.system == REBEL_BASE:
        rule_out_beyond(b, a.src)
    if check_empire_win(s):
        return
    s.stack.append(MoveUnits(player=d.player, system=d.system, spare=tuple(spare)))


def combat_due(b: Board, loc: int) -> bool:
    """Both sides have units in the same theater at ``loc`` (research §5.2)."""
    return (b.has_ships(loc, REBEL) and b.has_ships(loc, IMPERIAL)) or (
        b.has_ground(loc, REBEL) and b.has_ground(loc, IMPERIAL)
    )


def after_movement(s: RebellionState, player: int, system: int) -> None:
    """Rescue, then activation steps 3-5: base reveal, combat, subjugation; then the next turn."""
    b = s.board
    rescue_if_due(s)
    reveal_if_due(s)
    if check_empire_win(s):
        return
    if system < NUM_SYSTEMS and combat_due(b, system):
        start_combat(s, system, player, "activation")
        return
    end_activation(s)
    next_turn(s, player)
