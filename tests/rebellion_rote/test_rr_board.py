"""The board model and its derived predicates, scenario by scenario."""

from __future__ import annotations

from rebellion_rote.board import (
    BOARD,
    NONE,
    POOL,
    Board,
    adjacent,
    base_reveal_due,
    empire_wins,
    gain_loyalty,
    gain_reputation,
    imperial_system,
    rebel_system,
    rebels_win,
    reveal_base,
    update_subjugation,
)
from rebellion_rote.data import IMPERIAL, REBEL, REBEL_BASE, leader_id, system_id, unit_id

KASHYYYK = system_id("Kashyyyk")
HOTH = system_id("Hoth")
CORUSCANT = system_id("Coruscant")
ST = unit_id("Stormtrooper")
TIE = unit_id("TIE Fighter")
SD = unit_id("Star Destroyer")
DS = unit_id("Death Star")
TROOPER = unit_id("Rebel Trooper")
XWING = unit_id("X-wing")


def test_imperial_ground_unit_subjugates_and_leaving_lifts_it() -> None:
    """The board keeps the marker right as units come and go, and notes each change."""
    b = Board()
    b.loyalty[KASHYYYK] = REBEL
    assert rebel_system(b, KASHYYYK) and not imperial_system(b, KASHYYYK)
    b.add_unit(ST, KASHYYYK)
    assert b.subjugated[KASHYYYK] and imperial_system(b, KASHYYYK)
    assert not rebel_system(b, KASHYYYK)  # the Rebel loyalty lies under the marker
    b.add_unit(ST, KASHYYYK)  # no change, none noted
    b.remove_unit(ST, KASHYYYK, 2)
    assert not b.subjugated[KASHYYYK] and rebel_system(b, KASHYYYK)
    assert b.changes == [(KASHYYYK, True), (KASHYYYK, False)]
    assert not update_subjugation(b, KASHYYYK)  # nothing left to settle


def test_ships_do_not_subjugate_and_imperial_loyalty_needs_no_marker() -> None:
    b = Board()
    b.add_unit(SD, KASHYYYK)
    b.add_unit(TIE, KASHYYYK)
    assert not b.subjugated[KASHYYYK] and not b.changes
    b.loyalty[KASHYYYK] = IMPERIAL
    b.add_unit(ST, KASHYYYK)
    assert not b.subjugated[KASHYYYK] and imperial_system(b, KASHYYYK)


def test_neutral_system_can_be_subjugated_then_gain_imperial_loyalty() -> None:
    b = Board()
    b.add_unit(ST, KASHYYYK)
    assert b.subjugated[KASHYYYK] and b.loyalty[KASHYYYK] == NONE
    gain_loyalty(b, KASHYYYK, IMPERIAL)
    assert b.loyalty[KASHYYYK] == IMPERIAL and not b.subjugated[KASHYYYK]


def test_gain_loyalty_steps() -> None:
    b = Board()
    gain_loyalty(b, KASHYYYK, REBEL)
    assert b.loyalty[KASHYYYK] == REBEL
    gain_loyalty(b, KASHYYYK, IMPERIAL)
    assert b.loyalty[KASHYYYK] == NONE
    gain_loyalty(b, KASHYYYK, REBEL)
    gain_loyalty(b, KASHYYYK, IMPERIAL, 2)
    assert b.loyalty[KASHYYYK] == IMPERIAL
    b.loyalty[CORUSCANT] = IMPERIAL
    gain_loyalty(b, CORUSCANT, REBEL, 2)
    assert b.loyalty[CORUSCANT] == IMPERIAL  # Coruscant never changes
    gain_loyalty(b, HOTH, REBEL)
    assert b.loyalty[HOTH] == NONE  # remote: no loyalty space


def test_base_reveal_needs_imperial_ground_or_loyalty() -> None:
    b = Board()
    b.add_unit(DS, HOTH)
    b.add_unit(SD, HOTH)
    assert not base_reveal_due(b, HOTH)  # ships alone, even a Death Star, reveal nothing
    b.add_unit(ST, HOTH)
    assert base_reveal_due(b, HOTH)
    b2 = Board()
    b2.loyalty[KASHYYYK] = IMPERIAL
    assert base_reveal_due(b2, KASHYYYK)
    b2.base_revealed = True
    assert not base_reveal_due(b2, KASHYYYK)


def test_reveal_moves_the_base_space_into_the_system() -> None:
    b = Board()
    b.add_unit(TROOPER, REBEL_BASE, 3)
    b.add_unit(XWING, REBEL_BASE)
    b.add_unit(TROOPER, HOTH)
    leia = leader_id("Princess Leia")
    b.leader_loc[leia] = REBEL_BASE
    b.leader_status[leia] = BOARD
    reveal_base(b, HOTH)
    assert b.base_revealed
    assert b.units[HOTH][TROOPER] == 4 and b.units[HOTH][XWING] == 1
    assert b.count(REBEL_BASE, REBEL) == 0
    assert b.leader_loc[leia] == HOTH


def test_empire_wins_only_in_the_revealed_base_without_rebels() -> None:
    b = Board()
    b.add_unit(ST, HOTH)
    b.add_unit(TROOPER, HOTH)
    assert not empire_wins(b, HOTH)  # hidden
    b.base_revealed = True
    assert not empire_wins(b, HOTH)  # Rebel units remain
    b.remove_unit(TROOPER, HOTH)
    assert empire_wins(b, HOTH)
    b2 = Board()
    b2.destroyed[HOTH] = True
    assert empire_wins(b2, HOTH)  # Superlaser on the hidden base's system (FAQ)
    assert not empire_wins(Board(), -1)


def test_reputation_moves_toward_time_and_meeting_wins() -> None:
    b = Board()
    assert (b.time, b.reputation) == (1, 14) and not rebels_win(b)
    gain_reputation(b, 3)
    assert b.reputation == 11
    gain_reputation(b, -2)
    assert b.reputation == 13
    gain_reputation(b, -9)
    assert b.reputation == 16  # stays on the track
    b.time, b.reputation = 9, 10
    gain_reputation(b, 5)
    assert b.reputation == 9 and rebels_win(b)


def test_leader_lock_on_the_base_space_spares_the_system() -> None:
    b = Board()
    dodonna = leader_id("Jan Dodonna")
    b.leader_loc[dodonna] = REBEL_BASE
    assert b.locks(REBEL_BASE, REBEL)
    assert not b.locks(HOTH, REBEL)
    assert not b.locks(REBEL_BASE, IMPERIAL)
    b.leader_loc[dodonna] = HOTH
    b.captured = dodonna
    assert not b.locks(HOTH, REBEL)  # a captured leader holds nothing


def test_supply_counts_board_and_queue() -> None:
    b = Board()
    assert b.in_supply(SD) == 8
    b.add_unit(SD, KASHYYYK, 2)
    b.queue_at(IMPERIAL, 2).append(SD)
    assert b.in_supply(SD) == 5


def test_adjacency_and_pool() -> None:
    assert adjacent(system_id("Hoth"), system_id("Endor"))
    assert not adjacent(system_id("Hoth"), system_id("Yavin"))
    assert not adjacent(REBEL_BASE, HOTH)
    b = Board()
    b.leader_status[leader_id("Darth Vader")] = POOL
    assert b.pool(IMPERIAL) == [leader_id("Darth Vader")] and b.pool(REBEL) == []


def test_copy_is_independent() -> None:
    b = Board()
    c = b.copy()
    c.add_unit(ST, HOTH)
    c.queue_at(REBEL, 1).append(XWING)
    assert b.units[HOTH][ST] == 0 and b.queue_at(REBEL, 1) == []
    assert c == c.copy()


def test_capture_rescue_predicates() -> None:
    from rebellion_rote.board import OFF, capture, rescue, rescue_due

    b = Board()
    leia, han = leader_id("Princess Leia"), leader_id("Han Solo")
    b.leader_loc[leia] = KASHYYYK
    b.add_unit(ST, KASHYYYK)
    assert capture(b, leia) == OFF and b.captured == leia
    assert not rescue_due(b)
    b.remove_unit(ST, KASHYYYK)
    b.add_unit(XWING, KASHYYYK)
    assert rescue_due(b)  # no Imperial unit left there, whatever the Rebels have
    assert rescue(b, leia, HOTH) == REBEL_BASE and b.captured == OFF
    assert b.leader_loc[leia] == REBEL_BASE and b.leader_status[leia] == BOARD
    # capturing a second leader frees the first, who goes to the revealed base's system
    b.leader_loc[leia] = KASHYYYK
    capture(b, leia)
    b.base_revealed = True
    assert capture(b, han) == leia
    assert rescue(b, leia, HOTH) == HOTH and b.captured == han


def test_lock_map_is_locks_for_every_location() -> None:
    """Board.lock_map(side) answers Board.locks for every location at once (the heuristic
    reads it): a leader locks its location, a captive locks nothing."""
    from rebellion_rote.data import NUM_LOCATIONS
    from rebellion_rote.position import position

    s = position(leaders={"Darth Vader": "Naboo", "Jan Dodonna": "Rebel Base"})
    b = s.board
    for side in (0, 1):
        assert b.lock_map(side) == [b.locks(loc, side) for loc in range(NUM_LOCATIONS)]
    assert sum(b.lock_map(1)) == 1 and sum(b.lock_map(0)) == 1
