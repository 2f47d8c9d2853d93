"""Missions: reveal, system, opposition, roll-off, the starting missions' effects."""

from __future__ import annotations

from rr_helpers import assign

from rebellion_rote.actions import Oppose, Pass, Reveal, SystemChoice, Target
from rebellion_rote.board import BOARD, OFF
from rebellion_rote.data import (
    IMPERIAL,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import CommandTurn, MissionSystem, MissionTarget, OpposeMission
from rebellion_rote.ids import mission_card
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState

LEIA = leader_id("Princess Leia")
MOTHMA = leader_id("Mon Mothma")
DODONNA = leader_id("Jan Dodonna")
RIEEKAN = leader_id("General Rieekan")
VADER = leader_id("Darth Vader")
TARKIN = leader_id("Grand Moff Tarkin")
TAGGE = leader_id("General Tagge")
PALPATINE = leader_id("Emperor Palpatine")
NABOO = system_id("Naboo")
KESSEL = system_id("Kessel")


def card(name: str) -> int:
    return next(i for i, m in enumerate(MISSIONS) if m.name == name)


def rolls(s: RebellionState) -> list[tuple[int, int]]:
    return [(e.player, e.successes) for e in s.log if e.kind == "mission_rolled"]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- revealing
def test_reveal_needs_the_skill_requirement() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    assign(s, IMPERIAL, "Gather Intel", "General Tagge")  # Tagge has no intel icon
    assign(s, IMPERIAL, "Rule by Fear", "Grand Moff Tarkin")  # diplomacy 1
    reveals = [a for a in s.legal_actions() if isinstance(a, Reveal)]
    assert reveals == [Reveal(1)]


def test_every_starting_mission_is_offered() -> None:
    """Research and Development and Infiltration reveal now that their decks exist."""
    s = position(loyalty={"Kessel": "Imperial"}, player="Imperial")
    slot = assign(s, IMPERIAL, "Research and Development", "Grand Moff Tarkin")
    assert Reveal(slot) in s.legal_actions()  # the project deck is built
    r = position(units={"Kessel": {"Stormtrooper": 1}})
    slot = assign(r, REBEL, "Infiltration", "Princess Leia")  # the objective deck is built
    assert [a for a in r.legal_actions() if isinstance(a, Reveal)] == [Reveal(slot)]


def test_reveal_places_the_leaders_in_a_fitting_system() -> None:
    s = position(
        player="Imperial", units={"Kessel": {"Stormtrooper": 1}, "Hoth": {"TIE Fighter": 1}}
    )
    slot = assign(s, IMPERIAL, "Rule by Fear", "Grand Moff Tarkin", "Darth Vader")
    s.apply(Reveal(slot))
    assert isinstance(s.stack[-1], MissionSystem)
    assert mission_card(card("Rule by Fear")) in s.zones["missions_played1"]
    # populous with an Imperial unit: Kessel and Coruscant's... Coruscant has none here
    assert {a.system for a in s.legal_actions()} == {KESSEL}
    s.apply(SystemChoice(KESSEL))
    assert s.board.leader_loc[TARKIN] == KESSEL and s.board.leader_status[VADER] == BOARD
    assert isinstance(s.stack[-1], OpposeMission) and s.current_player == REBEL


# ---------------------------------------------------------------- opposition and the roll-off
def test_unopposed_attempt_succeeds() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    slot = assign(s, IMPERIAL, "Rule by Fear", "Grand Moff Tarkin")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    assert set(s.legal_actions()) == {
        Oppose(MOTHMA), Oppose(DODONNA), Oppose(RIEEKAN), Oppose(LEIA), Pass()
    }  # fmt: skip
    s.apply(Pass())
    assert not rolls(s)
    assert s.board.loyalty[KESSEL] == IMPERIAL and not s.board.subjugated[KESSEL]
    assert mission_card(card("Rule by Fear")) in s.zones["missions1"]  # back to hand
    assert mission_card(card("Rule by Fear")) in s.known["missions1"][REBEL]
    assert s.board.leader_loc[TARKIN] == KESSEL  # leaders stay until the Refresh Phase
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL


def test_opposed_attempt_needs_more_successes() -> None:
    outcomes = set()
    for seed in range(30):
        s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
        slot = assign(s, IMPERIAL, "Rule by Fear", "Darth Vader")  # diplomacy 2
        s.apply(Reveal(slot))
        s.apply(SystemChoice(KESSEL))
        s.apply(Oppose(MOTHMA))  # diplomacy 3
        assert s.board.leader_loc[MOTHMA] == KESSEL and s.board.leader_status[MOTHMA] == BOARD
        (att, a), (dfn, d) = rolls(s)
        assert (att, dfn) == (IMPERIAL, REBEL)
        dice = [e for e in s.log if e.kind == "mission_rolled"]
        assert (len(dice[0].dice), len(dice[1].dice)) == (2, 3)  # type: ignore[attr-defined]
        won = s.board.loyalty[KESSEL] == IMPERIAL
        assert won == (a > d)
        outcomes.add(won)
    assert outcomes == {True, False}


def test_build_alliance_rolls_two_more_with_rebel_units_there() -> None:
    s = position(units={"Naboo": {"Rebel Trooper": 1}, "Kessel": {"Stormtrooper": 1}})
    slot = assign(s, REBEL, "Build Alliance", "Princess Leia")  # diplomacy 2
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Oppose(TARKIN))
    dice = [e for e in s.log if e.kind == "mission_rolled"]
    assert len(dice[0].dice) == 4 and len(dice[1].dice) == 1  # type: ignore[attr-defined]


def test_an_opposing_leader_already_there_forces_a_roll() -> None:
    s = position(units={"Kessel": {"Stormtrooper": 1}}, leaders={"General Tagge": "Naboo"})
    slot = assign(s, REBEL, "Build Alliance", "Princess Leia")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())  # no one sent, but Tagge (no diplomacy) is there: Leia must roll
    assert [p for p, _ in rolls(s)] == [REBEL, IMPERIAL]
    assert rolls(s)[1][1] == 0
    assert (s.board.loyalty[NABOO] == REBEL) == (rolls(s)[0][1] > 0)


def test_a_passed_player_still_opposes() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    s.passed[REBEL] = True
    slot = assign(s, IMPERIAL, "Rule by Fear", "Grand Moff Tarkin")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    assert Oppose(LEIA) in s.legal_actions()
    s.apply(Pass())
    assert s.current_player == IMPERIAL  # the Rebels passed: the Empire goes on


# ---------------------------------------------------------------- the effects
def test_sabotage_places_one_marker_in_a_populous_system() -> None:
    s = position()
    slot = assign(s, REBEL, "Sabotage", "General Rieekan")
    s.apply(Reveal(slot))
    assert {a.system for a in s.legal_actions()} == {
        i for i in range(NUM_SYSTEMS) if SYSTEMS[i].populous
    }
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    assert s.board.sabotage[KESSEL]


def test_capture_rebel_operative() -> None:
    s = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}, "Naboo": {"TIE Fighter": 1}},
        leaders={"Princess Leia": "Kessel", "Jan Dodonna": "Naboo"},
        seed=3,
    )
    slot = assign(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")  # spec ops 3
    s.apply(Reveal(slot))
    assert {a.system for a in s.legal_actions()} == {KESSEL, NABOO}
    s.apply(SystemChoice(KESSEL))
    assert isinstance(s.stack[-1], MissionTarget) and s.legal_actions() == [Target(LEIA)]
    s.apply(Target(LEIA))
    s.apply(Pass())
    (_, a), (_, d) = rolls(s)  # Leia is there: she opposes with her spec ops icon
    assert (s.board.captured == LEIA) == (a > d)


def test_a_second_capture_frees_the_first() -> None:
    for seed in range(40):
        s = position(
            player="Imperial",
            units={"Naboo": {"TIE Fighter": 1}},
            leaders={"Jan Dodonna": "Naboo", "Princess Leia": "Kessel"},
            seed=seed,
        )
        s.board.captured = LEIA
        s.board.add_unit(unit_id("TIE Fighter"), KESSEL)  # Leia stays held
        slot = assign(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
        s.apply(Reveal(slot))
        s.apply(SystemChoice(NABOO))
        s.apply(Target(DODONNA))
        s.apply(Pass())
        if s.board.captured == DODONNA:
            assert s.board.leader_loc[LEIA] == REBEL_BASE
            assert any(e.kind == "rescued" for e in s.log[-3:])
            return
    raise AssertionError("no capture in 40 seeds")


def test_gather_intel_draws_one_probe_per_four_units_at_the_base() -> None:
    """RR-22: the Rebel units on the Rebel Base space (hidden base) are counted."""
    for n, want in ((0, 1), (7, 1), (8, 2), (13, 3)):
        units = {"Rebel Base": {"Rebel Trooper": n}} if n else {}
        s = position(player="Imperial", units=units, loyalty={"Naboo": "Rebel"})
        slot = assign(s, IMPERIAL, "Gather Intel", "Grand Moff Tarkin")
        s.apply(Reveal(slot))
        assert {a.system for a in s.legal_actions()} == {NABOO}
        s.apply(SystemChoice(NABOO))
        s.apply(Pass())
        assert len(s.zones["probe_hand"]) == want, n
        assert s.view(REBEL)["log"][-1]["kind"] != "probes_drawn"
        assert any(e["kind"] == "probes_drawn_count" for e in s.view(REBEL)["log"])


def test_gather_intel_counts_the_revealed_bases_system() -> None:
    s = position(
        player="Imperial",
        base="Yavin",
        base_revealed=True,
        units={"Yavin": {"Rebel Trooper": 8}},
        loyalty={"Naboo": "Rebel"},
    )
    slot = assign(s, IMPERIAL, "Gather Intel", "Grand Moff Tarkin")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert len(s.zones["probe_hand"]) == 2
    assert s.board.captured == OFF
