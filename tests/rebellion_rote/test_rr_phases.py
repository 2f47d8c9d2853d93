"""The Assignment Phase and the Command Phase: turns, activation and movement."""

from __future__ import annotations

from rr_helpers import command_phase, edited, finish_recruit, fixed_game, kinds

from rebellion_rote.actions import (
    Activate,
    Assign,
    Close,
    Lead,
    Move,
    Pass,
    RevealBase,
    Second,
    Stop,
    SystemChoice,
)
from rebellion_rote.board import BOARD, MISSION, OFF, POOL
from rebellion_rote.data import IMPERIAL, MISSIONS, REBEL, REBEL_BASE, leader_id, system_id, unit_id
from rebellion_rote.decisions import AssignMission, BuildUnits, Combat, CommandTurn, MoveUnits
from rebellion_rote.ids import mission_card, mission_of
from rebellion_rote.state import RebellionState

BOTHAWUI = system_id("Bothawui")
NAL_HUTTA = system_id("Nal Hutta")
DANTOOINE = system_id("Dantooine")
MYGEETO = system_id("Mygeeto")
CORUSCANT = system_id("Coruscant")
CORELLIA = system_id("Corellia")
ALDERAAN = system_id("Alderaan")
SULLUST = system_id("Sullust")

CORVETTE = unit_id("Corellian Corvette")
TRANSPORT = unit_id("Rebel Transport")
XWING = unit_id("X-wing")
TROOPER = unit_id("Rebel Trooper")
AIRSPEEDER = unit_id("Airspeeder")
SD = unit_id("Star Destroyer")
AC = unit_id("Assault Carrier")
TIE = unit_id("TIE Fighter")
ST = unit_id("Stormtrooper")
ATST = unit_id("AT-ST")
ATAT = unit_id("AT-AT")
DSUC = unit_id("Death Star Under Construction")

DODONNA = leader_id("Jan Dodonna")
LEIA = leader_id("Princess Leia")
RIEEKAN = leader_id("General Rieekan")
MOTHMA = leader_id("Mon Mothma")
VADER = leader_id("Darth Vader")
TARKIN = leader_id("Grand Moff Tarkin")
TAGGE = leader_id("General Tagge")
PALPATINE = leader_id("Emperor Palpatine")


def touch(s: RebellionState) -> None:
    """Say that a test edited the board by hand (``edited``)."""
    edited(s, "the board edited by hand")


def activate(s: RebellionState, leader: int, system: int) -> None:
    s.apply(SystemChoice(system))
    s.apply(Activate(leader))


def moves(s: RebellionState) -> set[tuple[int, int]]:
    return {(a.unit, a.src) for a in s.legal_actions() if isinstance(a, Move)}


# ---------------------------------------------------------------- Assignment Phase
def test_assignment_rebels_first_then_empire() -> None:
    s = fixed_game()
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == REBEL
    sabotage = next(i for i, m in enumerate(MISSIONS) if m.name == "Sabotage")
    s.apply(Assign(mission_card(sabotage)))
    s.apply(Lead(DODONNA))
    assert s.board.leader_status[DODONNA] == MISSION
    assert kinds(s) == {"second", "close"}
    s.apply(Second(LEIA))
    assert s.slots[REBEL] == [[DODONNA, LEIA]]
    assert s.zones["assigned0"] == [mission_card(sabotage)]
    assert s.current_player == REBEL
    rapid = next(i for i, m in enumerate(MISSIONS) if m.name == "Rapid Mobilization")
    s.apply(Assign(mission_card(rapid)))
    s.apply(Lead(RIEEKAN))
    s.apply(Close())
    s.apply(Pass())
    assert s.current_player == IMPERIAL and isinstance(s.stack[-1], AssignMission)
    assert s.board.pool(REBEL) == [MOTHMA]


def test_assigned_card_is_hidden_leaders_are_public() -> None:
    s = fixed_game()
    sabotage = next(i for i, m in enumerate(MISSIONS) if m.name == "Sabotage")
    s.apply(Assign(mission_card(sabotage)))
    s.apply(Lead(DODONNA))
    v = s.view(IMPERIAL)
    assert "cards" not in v["zones"]["assigned0"] and v["zones"]["assigned0"]["count"] == 1
    assert v["state"]["slots"][REBEL] == [[DODONNA]]
    assert v["state"]["leader_status"][DODONNA] == MISSION
    last = v["log"][-1]
    assert last["kind"] == "assigned_hidden" and "card" not in last
    assert s.view(REBEL)["log"][-1]["card"] == mission_card(sabotage)


def test_assignment_ends_by_itself_when_nothing_is_left() -> None:
    s = fixed_game()
    hand = sorted(mission_of(c) for c in s.zones["missions0"])[:4]  # starting missions
    for card, leader in zip(hand, [DODONNA, LEIA, RIEEKAN, MOTHMA], strict=True):
        s.apply(Assign(mission_card(card)))
        s.apply(Lead(leader))
        if s.current_player == REBEL and "close" in kinds(s):
            s.apply(Close())
    # no leader left: the Empire assigns now
    assert s.current_player == IMPERIAL and isinstance(s.stack[-1], AssignMission)


def test_end_of_command_returns_unrevealed_missions_and_their_leaders() -> None:
    s = fixed_game()
    sabotage = next(i for i, m in enumerate(MISSIONS) if m.name == "Sabotage")
    s.apply(Assign(mission_card(sabotage)))
    s.apply(Lead(DODONNA))
    s.apply(Close())
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL
    activate(s, LEIA, NAL_HUTTA)
    s.apply(Stop())
    assert s.current_player == IMPERIAL
    s.apply(Pass())
    assert s.current_player == REBEL  # the Empire passed for good: the Rebels go on
    s.apply(Pass())
    # the Refresh Phase: leaders back, time on 2 (recruit, then build): the Rebels build first
    finish_recruit(s)
    assert isinstance(s.stack[-1], BuildUnits) and s.phase == "refresh"
    assert mission_card(sabotage) in s.zones["missions0"] and not s.zones["assigned0"]
    assert s.board.leader_status[DODONNA] == POOL
    assert s.board.leader_status[LEIA] == POOL and s.board.leader_loc[LEIA] == OFF


# ---------------------------------------------------------------- activation
def test_only_leaders_with_tactic_values_activate() -> None:
    s = command_phase()
    assert SystemChoice(NAL_HUTTA) in s.legal_actions()  # the system first, then the leader
    s.apply(SystemChoice(NAL_HUTTA))
    acts = s.legal_actions()
    assert Activate(MOTHMA) not in acts  # 0/0
    assert {a.leader for a in acts if isinstance(a, Activate)} == {DODONNA, LEIA, RIEEKAN}
    assert s.describe(Activate(LEIA)) == "Activate Nal Hutta with Princess Leia"
    s.apply(Activate(LEIA))
    assert s.board.leader_loc[LEIA] == NAL_HUTTA and s.board.leader_status[LEIA] == BOARD
    assert isinstance(s.stack[-1], MoveUnits)


def test_rebel_base_space_can_be_activated_while_hidden() -> None:
    s = command_phase()
    assert SystemChoice(REBEL_BASE) in s.legal_actions()
    s2 = command_phase()
    s2.apply(Pass())
    assert SystemChoice(NAL_HUTTA) in s2.legal_actions()
    assert SystemChoice(REBEL_BASE) not in s2.legal_actions()  # the Empire cannot


# ---------------------------------------------------------------- transport
def test_transport_capacity_counts_per_source_system() -> None:
    s = command_phase()
    activate(s, DODONNA, NAL_HUTTA)  # next to Bothawui
    m = moves(s)
    assert (TROOPER, BOTHAWUI) not in m and (AIRSPEEDER, BOTHAWUI) not in m  # no carrier yet
    assert {(CORVETTE, BOTHAWUI), (TRANSPORT, BOTHAWUI), (XWING, BOTHAWUI)} <= m
    s.apply(Move(CORVETTE, BOTHAWUI))  # capacity 2
    assert s.stack[-1].spare[BOTHAWUI] == 2  # type: ignore[attr-defined]
    s.apply(Move(TROOPER, BOTHAWUI))
    s.apply(Move(AIRSPEEDER, BOTHAWUI))
    m = moves(s)
    assert (TROOPER, BOTHAWUI) not in m  # the Corvette is full
    s.apply(Move(XWING, BOTHAWUI))  # Rebel fighters need no transport and carry nothing
    assert (TROOPER, BOTHAWUI) not in moves(s)
    s.apply(Move(TRANSPORT, BOTHAWUI))  # capacity 4
    s.apply(Move(TROOPER, BOTHAWUI))
    s.apply(Move(TROOPER, BOTHAWUI))
    assert moves(s) == {(unit_id("Y-wing"), BOTHAWUI)}  # nothing left to carry
    s.apply(Stop())
    row = s.board.units[NAL_HUTTA]
    assert (row[CORVETTE], row[TRANSPORT], row[XWING], row[TROOPER], row[AIRSPEEDER]) == (
        1,
        1,
        1,
        3,
        1,
    )
    assert s.board.count(BOTHAWUI, REBEL) == 1
    assert s.current_player == IMPERIAL


def test_tie_fighters_need_transport() -> None:
    s = command_phase()
    s.apply(Pass())
    activate(s, VADER, ALDERAAN)  # next to Coruscant and Corellia
    m = moves(s)
    assert (TIE, CORUSCANT) not in m and (ST, CORUSCANT) not in m and (ATAT, CORUSCANT) not in m
    assert (SD, CORUSCANT) in m and (AC, CORELLIA) in m
    s.apply(Move(AC, CORELLIA))
    # capacity from Corellia does not carry Coruscant's units
    assert (TIE, CORUSCANT) not in moves(s) and (ST, CORELLIA) in moves(s)
    s.apply(Move(SD, CORUSCANT))  # capacity 6
    for u in (TIE, TIE, ST, ST, ST, ATAT):
        s.apply(Move(u, CORUSCANT))
    assert (ATST, CORUSCANT) not in moves(s)  # 6 carried: full
    assert s.board.units[ALDERAAN][TIE] == 2


def test_immobile_units_never_move() -> None:
    s = command_phase()
    s.apply(Pass())
    s.board.add_unit(DSUC, CORELLIA)
    s.board.add_unit(unit_id("Shield Bunker"), CORELLIA)
    touch(s)
    activate(s, VADER, ALDERAAN)
    srcs = {u for u, src in moves(s) if src == CORELLIA}
    assert srcs == {AC}
    s.apply(Move(AC, CORELLIA))
    assert {u for u, src in moves(s) if src == CORELLIA} == {ST}


def test_into_a_destroyed_system_ground_units_need_room() -> None:
    s = command_phase()
    s.apply(Pass())
    s.board.destroyed[ALDERAAN] = True
    touch(s)
    activate(s, VADER, ALDERAAN)
    s.apply(Move(AC, CORELLIA))  # capacity 4 in Alderaan
    s.board.add_unit(ST, ALDERAAN, 3)
    s.board.add_unit(ST, CORELLIA, 2)
    touch(s)
    assert (ST, CORELLIA) in moves(s)
    s.apply(Move(ST, CORELLIA))
    assert (ST, CORELLIA) not in moves(s)  # 4 ground units fill the carrier's room


# ---------------------------------------------------------------- leader lock
def test_leader_lock_keeps_units_in_place() -> None:
    s = command_phase()
    activate(s, LEIA, BOTHAWUI)  # Leia now sits in Bothawui
    s.apply(Stop())
    s.apply(Pass())  # Empire passes
    activate(s, DODONNA, NAL_HUTTA)
    assert not any(src == BOTHAWUI for _, src in moves(s))


def test_even_a_leader_without_tactic_values_locks() -> None:
    s = command_phase()
    s.board.leader_loc[MOTHMA] = BOTHAWUI
    s.board.leader_status[MOTHMA] = BOARD
    touch(s)
    activate(s, DODONNA, NAL_HUTTA)
    assert moves(s) == set()
    assert s.legal_actions() == [Stop()]


def test_enemy_leader_does_not_lock() -> None:
    s = command_phase()
    s.board.leader_loc[TAGGE] = BOTHAWUI
    s.board.leader_status[TAGGE] = BOARD
    touch(s)
    activate(s, DODONNA, NAL_HUTTA)
    assert (CORVETTE, BOTHAWUI) in moves(s)


# ---------------------------------------------------------------- the Rebel Base space
def test_base_space_units_move_to_the_base_or_its_neighbours() -> None:
    s = command_phase("Dantooine")  # neighbours: Dathomir, Mygeeto
    activate(s, DODONNA, MYGEETO)
    assert (XWING, REBEL_BASE) in moves(s)
    s.apply(Move(XWING, REBEL_BASE))
    assert s.board.units[MYGEETO][XWING] == 1
    s.apply(Stop())
    s.apply(Pass())
    activate(s, LEIA, NAL_HUTTA)
    assert not any(src == REBEL_BASE for _, src in moves(s))


def test_activating_the_base_space_moves_units_from_the_base_system_and_around() -> None:
    s = command_phase("Dantooine")
    s.board.add_unit(XWING, DANTOOINE)
    s.board.add_unit(XWING, MYGEETO)
    s.board.add_unit(XWING, NAL_HUTTA)
    touch(s)
    activate(s, DODONNA, REBEL_BASE)
    assert moves(s) == {(XWING, DANTOOINE), (XWING, MYGEETO)}


def test_leader_on_the_base_space_locks_the_space_not_the_system() -> None:
    s = command_phase("Dantooine")
    s.board.leader_loc[RIEEKAN] = REBEL_BASE
    s.board.leader_status[RIEEKAN] = BOARD
    s.board.add_unit(XWING, DANTOOINE)
    touch(s)
    activate(s, DODONNA, MYGEETO)
    m = moves(s)
    assert (XWING, DANTOOINE) in m and not any(src == REBEL_BASE for _, src in m)


# ---------------------------------------------------------------- after movement
def test_imperial_ground_units_subjugate_and_leaving_lifts_it() -> None:
    s = command_phase()
    s.apply(Pass())
    activate(s, VADER, ALDERAAN)
    s.apply(Move(AC, CORELLIA))
    s.apply(Move(ST, CORELLIA))
    assert not s.board.subjugated[ALDERAAN]  # step 5 comes after the movement
    s.apply(Stop())
    assert s.board.subjugated[ALDERAAN]
    assert any(e.kind == "subjugation" for e in s.log[-3:])
    # Sullust loses its subjugation as soon as its last Imperial ground unit leaves
    s.apply(SystemChoice(system_id("Cato Neimoidia")))
    s.apply(Activate(TARKIN))
    s.apply(Move(SD, SULLUST))
    for u in (ST, ST, ATST):
        s.apply(Move(u, SULLUST))
    assert not s.board.subjugated[SULLUST]


def test_combat_is_due_when_both_sides_share_a_theater() -> None:
    s = command_phase()
    s.apply(Pass())
    activate(s, VADER, system_id("Malastare"))  # next to Bothawui and Sullust
    s.apply(Move(SD, SULLUST))
    s.apply(Stop())
    assert s.current_player == IMPERIAL  # no Rebels there: the Empire goes on
    s.board.add_unit(SD, system_id("Toydaria"))
    touch(s)
    activate(s, TARKIN, BOTHAWUI)
    assert (SD, system_id("Malastare")) not in moves(s)  # Vader holds it there
    s.apply(Move(SD, system_id("Toydaria")))
    s.apply(Stop())
    top = s.stack[-1]
    # Tarkin leads the Empire there; the Rebels, with no leader there, may add one
    assert isinstance(top, Combat) and top.system == BOTHAWUI and top.player == REBEL
    assert Pass() in s.legal_actions()


def test_base_reveal_and_the_empires_immediate_win() -> None:
    """RR-18: the Empire wins the moment its units hold the revealed base's system alone."""
    s = command_phase("Dantooine")
    s.apply(Pass())
    s.board.units[REBEL_BASE] = [0] * len(s.board.units[REBEL_BASE])
    s.board.add_unit(SD, MYGEETO)
    s.board.add_unit(ST, MYGEETO)
    touch(s)
    activate(s, VADER, DANTOOINE)
    s.apply(Move(SD, MYGEETO))
    s.apply(Move(ST, MYGEETO))
    assert not s.board.base_revealed
    s.apply(Stop())
    assert s.board.base_revealed
    assert s.zones["base_face_up"] == [DANTOOINE] and not s.zones["base"]
    assert s.is_terminal and s.returns() == [-1.0, 1.0]
    assert s.log[-1].kind == "game_over"


def test_ships_alone_do_not_reveal_the_base() -> None:
    s = command_phase("Dantooine")
    s.apply(Pass())
    s.board.add_unit(SD, MYGEETO)
    touch(s)
    activate(s, VADER, DANTOOINE)
    s.apply(Move(SD, MYGEETO))
    s.apply(Stop())
    assert not s.board.base_revealed and not s.is_terminal


def test_reveal_brings_the_base_space_into_the_system_then_combat() -> None:
    s = command_phase("Dantooine")
    s.apply(Pass())
    s.board.add_unit(SD, MYGEETO)
    s.board.add_unit(ST, MYGEETO)
    touch(s)
    activate(s, VADER, DANTOOINE)
    s.apply(Move(SD, MYGEETO))
    s.apply(Move(ST, MYGEETO))
    s.apply(Stop())
    b = s.board
    assert b.base_revealed and b.count(REBEL_BASE, REBEL) == 0
    assert b.units[DANTOOINE][TROOPER] == 3 and b.units[DANTOOINE][XWING] == 1
    assert isinstance(s.stack[-1], Combat) and not s.is_terminal
    # once revealed, nothing may activate or move onto the Rebel Base space
    assert s.view(IMPERIAL)["zones"]["base_face_up"]["cards"] == [DANTOOINE]


# ---------------------------------------------------------------- the Rebels reveal their base
def test_rebels_may_reveal_the_base_at_the_start_of_their_turn() -> None:
    s = command_phase("Dantooine")
    assert RevealBase() in s.legal_actions()
    s.apply(RevealBase())
    b = s.board
    assert b.base_revealed and b.units[DANTOOINE][TROOPER] == 3
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL  # the turn goes on
    assert RevealBase() not in s.legal_actions()
    assert SystemChoice(REBEL_BASE) not in s.legal_actions()  # the space is closed now
    assert s.view(IMPERIAL)["zones"]["base_face_up"]["cards"] == [DANTOOINE]


def test_only_the_rebels_reveal_and_only_before_passing() -> None:
    s = command_phase("Dantooine")
    s.apply(Pass())
    assert RevealBase() not in s.legal_actions()  # the Empire's turn
    s.apply(SystemChoice(ALDERAAN))
    s.apply(Activate(VADER))
    s.apply(Stop())
    assert s.current_player == IMPERIAL and RevealBase() not in s.legal_actions()


def test_revealing_next_to_imperial_ships_starts_a_combat() -> None:
    s = command_phase("Dantooine")
    s.board.add_unit(SD, DANTOOINE)
    touch(s)
    s.apply(RevealBase())
    top = s.stack[-1]
    assert isinstance(top, Combat) and top.system == DANTOOINE and top.after == "reveal"


def test_revealing_an_empty_base_among_imperial_units_loses_at_once() -> None:
    s = command_phase("Dantooine")
    s.board.units[REBEL_BASE] = [0] * len(s.board.units[REBEL_BASE])
    s.board.add_unit(SD, DANTOOINE)
    touch(s)
    s.apply(RevealBase())
    assert s.is_terminal and s.returns() == [-1.0, 1.0]


def test_the_empire_wins_the_moment_the_last_rebel_leaves_the_revealed_base() -> None:
    """RR-18: checked after every unit moved, not only when movement stops."""
    s = command_phase("Dantooine")
    s.apply(RevealBase())
    b = s.board
    b.units[DANTOOINE] = [0] * len(b.units[DANTOOINE])
    b.add_unit(XWING, DANTOOINE)
    b.add_unit(SD, DANTOOINE)
    touch(s)
    activate(s, DODONNA, MYGEETO)
    s.apply(Move(XWING, DANTOOINE))
    assert s.is_terminal and s.returns() == [-1.0, 1.0]


# ---------------------------------------------------------------- the captured leader
def captive_position(**kw):  # type: ignore[no-untyped-def]
    from rebellion_rote.position import position

    s = position(
        base="Dantooine",
        units={"Kessel": {"Star Destroyer": 1, "Stormtrooper": 1}},
        leaders={"Princess Leia": "Kessel"},
        player="Imperial",
        captured="Princess Leia",
        **kw,
    )
    return s


def test_the_empire_moves_its_captive_with_a_ship_using_no_capacity() -> None:
    """RR-49: the captive moves once an Imperial ship moved from its system."""
    from rebellion_rote.actions import MoveCaptive

    kessel, toydaria = system_id("Kessel"), system_id("Toydaria")
    s = captive_position()
    activate(s, VADER, toydaria)
    assert MoveCaptive(LEIA) not in s.legal_actions()
    s.apply(Move(SD, kessel))
    assert MoveCaptive(LEIA) in s.legal_actions()
    s.apply(MoveCaptive(LEIA))
    assert s.board.leader_loc[LEIA] == toydaria and MoveCaptive(LEIA) not in s.legal_actions()
    s.apply(Move(ST, kessel))
    s.apply(Stop())
    assert s.board.captured == LEIA and s.board.leader_loc[LEIA] == toydaria  # still held


def test_a_captive_left_without_guards_is_rescued_when_movement_ends() -> None:
    kessel, toydaria = system_id("Kessel"), system_id("Toydaria")
    s = captive_position()
    activate(s, VADER, toydaria)
    s.apply(Move(SD, kessel))
    s.apply(Move(ST, kessel))
    assert s.board.captured == LEIA  # movement is one act: nothing happens until it ends
    s.apply(Stop())
    assert s.board.captured == -1 and s.board.leader_loc[LEIA] == REBEL_BASE
    assert any(e.kind == "rescued" for e in s.log[-4:])


def test_rescued_to_the_revealed_bases_system() -> None:
    kessel, toydaria = system_id("Kessel"), system_id("Toydaria")
    s = captive_position(base_revealed=True)
    activate(s, VADER, toydaria)
    s.apply(Move(SD, kessel))
    s.apply(Move(ST, kessel))
    s.apply(Stop())
    assert s.board.leader_loc[LEIA] == DANTOOINE


def test_an_imperial_leader_holds_the_captive_too() -> None:
    from rebellion_rote.actions import MoveCaptive

    kessel, toydaria = system_id("Kessel"), system_id("Toydaria")
    s = captive_position()
    s.board.leader_loc[TARKIN] = kessel
    s.board.leader_status[TARKIN] = BOARD
    touch(s)
    activate(s, VADER, toydaria)
    assert MoveCaptive(LEIA) not in s.legal_actions() and moves(s) == set()


# ---------------------------------------------------------------- movement invariants
def test_random_movement_keeps_every_rule() -> None:
    """Along random games: sources adjacent (or the base space rule), no source locked,
    nothing immobile moves, and units carried from a source never exceed the capacity of
    the ships that left it."""
    from rebellion_rote import GAME
    from rebellion_rote.board import adjacent
    from rebellion_rote.data import UNITS
    from tabletop import Rng

    checked = 0
    for seed in range(24):
        s = GAME.new_state(
            seed=seed, options={"setup": ("rote", "base", "fixed")[seed % 3], "first_game": True}
        )
        rng = Rng(seed)
        carried: dict[int, int] = {}
        capacity: dict[int, int] = {}
        while True:
            acts = s.legal_actions()
            if not acts:
                break
            busy = [x for x in acts if isinstance(x, Move | Activate)]  # a policy that moves a lot
            pick = busy if busy and rng.below(6) else acts
            a = pick[rng.below(len(pick))]
            top = s.stack[-1]
            if isinstance(top, MoveUnits) and isinstance(a, Move):
                b, target, base = s.board, top.system, s.base
                assert not b.locks(a.src, top.player)
                assert not UNITS[a.unit].immobile
                if a.src == REBEL_BASE:
                    assert target == base or adjacent(target, base)
                elif target == REBEL_BASE:
                    assert a.src == base or adjacent(a.src, base)
                else:
                    assert adjacent(a.src, target)
                u = UNITS[a.unit]
                if u.needs_transport:
                    carried[a.src] = carried.get(a.src, 0) + 1
                else:
                    capacity[a.src] = capacity.get(a.src, 0) + u.capacity
                assert carried.get(a.src, 0) <= capacity.get(a.src, 0)
                checked += 1
            if not isinstance(top, MoveUnits):
                carried, capacity = {}, {}
            s.apply(a)
            if isinstance(a, Stop):
                carried, capacity = {}, {}
    assert checked > 40
