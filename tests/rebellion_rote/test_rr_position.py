"""The position builder used by scenario tests."""

from __future__ import annotations

import pytest

from rebellion_rote.actions import Activate, Move, Stop, SystemChoice
from rebellion_rote.board import BOARD, POOL, SUPPLY
from rebellion_rote.data import IMPERIAL, REBEL, REBEL_BASE, leader_id, system_id, unit_id
from rebellion_rote.decisions import AssignMission, CommandTurn
from rebellion_rote.position import position
from tabletop import dumps, loads, replay

pytestmark = pytest.mark.usefixtures("registered")


def test_position_places_exactly_what_is_named() -> None:
    s = position(
        base="Hoth",
        units={"Hoth": {"Rebel Trooper": 2}, "Endor": {"Star Destroyer": 1, "Stormtrooper": 2}},
        loyalty={"Naboo": "Rebel", "Kashyyyk": "Imperial"},
        leaders={"Darth Vader": "Endor", "Luke Skywalker": "pool"},
        player="Imperial",
        time=5,
        reputation=9,
    )
    b = s.board
    assert s.base == system_id("Hoth") and s.zones["base"] == [system_id("Hoth")]
    assert len(s.zones["probe_deck"]) == 30 and not s.zones["probes_out"]
    assert b.units[system_id("Hoth")][unit_id("Rebel Trooper")] == 2
    assert sum(map(sum, b.units)) == 5
    assert b.loyalty[system_id("Naboo")] == REBEL and b.loyalty[system_id("Coruscant")] == IMPERIAL
    assert not b.subjugated[system_id("Endor")]  # remote (RR-21)
    assert b.leader_status[leader_id("Darth Vader")] == BOARD
    assert b.leader_loc[leader_id("Darth Vader")] == system_id("Endor")
    assert b.leader_status[leader_id("Luke Skywalker")] == POOL
    assert b.leader_status[leader_id("Boba Fett")] == SUPPLY
    assert (b.time, b.reputation) == (5, 9)
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert dumps(loads(dumps(s))) == dumps(s)  # a position has a record: its document
    assert s.record()["position"]["base"] == "Hoth" and s.record()["actions"] == []
    assert dumps(replay(s.record())) == dumps(s)


def test_position_subjugation_follows_the_units() -> None:
    s = position(units={"Naboo": {"Stormtrooper": 1}}, loyalty={"Naboo": "Rebel"})
    assert s.board.subjugated[system_id("Naboo")]


def test_position_plays_on() -> None:
    s = position(
        base="Hoth",
        units={"Rebel Base": {"X-wing": 1}, "Bespin": {"Star Destroyer": 1, "Stormtrooper": 1}},
        player="Imperial",
    )
    s.apply(SystemChoice(system_id("Hoth")))
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(Move(unit_id("Star Destroyer"), system_id("Bespin")))
    s.apply(Move(unit_id("Stormtrooper"), system_id("Bespin")))
    s.apply(Stop())
    b = s.board
    assert b.base_revealed and b.units[system_id("Hoth")][unit_id("X-wing")] == 1
    assert b.count(REBEL_BASE, REBEL) == 0
    assert s.stack[-1].kind == "combat"


def test_position_assignment_phase_and_revealed_base() -> None:
    s = position(
        phase="assignment", base="Yavin", base_revealed=True, units={"Rebel Base": {"X-wing": 1}}
    )
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == REBEL
    assert s.board.base_revealed and s.zones["base_face_up"] == [system_id("Yavin")]
    assert s.board.units[system_id("Yavin")][unit_id("X-wing")] == 1
    with pytest.raises(ValueError, match="phase"):
        position(phase="refresh")
