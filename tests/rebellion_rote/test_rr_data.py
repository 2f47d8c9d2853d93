"""The data files: counts cross-checked against the research, and clear errors on bad data."""

from __future__ import annotations

import shutil
from collections import Counter, deque
from pathlib import Path

import attrs
import pytest

from rebellion_rote import data
from rebellion_rote.data import (
    ADJACENT,
    LEADERS,
    MISSIONS,
    PROBES,
    REBEL_BASE_SPACE,
    SYSTEMS,
    TACTICS,
    UNITS,
    UnitDef,
    load,
    system_id,
)
from tabletop import CardDataError


# ---------------------------------------------------------------- systems and adjacency
def test_32_systems_in_8_regions_of_4() -> None:
    assert len(SYSTEMS) == 32
    assert Counter(s.region for s in SYSTEMS) == {r: 4 for r in range(1, 9)}


def test_remote_systems_are_the_eight_named() -> None:
    remote = {s.name for s in SYSTEMS if s.remote}
    assert remote == {
        "Dagobah", "Dantooine", "Dathomir", "Endor", "Hoth", "Ilum", "Tatooine", "Yavin"
    }  # fmt: skip
    for s in SYSTEMS:
        assert (s.build == 0 and not s.icons) if s.remote else (1 <= s.build <= 3 and s.icons)


def test_icons_in_order_and_build_numbers() -> None:
    by = {s.name: s for s in SYSTEMS}
    assert by["Mon Calamari"].icons == ("space_triangle", "space_square")
    assert by["Mon Calamari"].build == 3
    assert by["Geonosis"].icons == ("space_triangle", "ground_square")
    assert by["Kashyyyk"].icons == ("ground_triangle", "ground_triangle")
    assert by["Sullust"].icons == ("ground_triangle", "ground_square") and by["Sullust"].build == 2
    assert by["Coruscant"].fixed_loyalty == "Imperial"
    assert [s.name for s in SYSTEMS if s.fixed_loyalty] == ["Coruscant"]
    # icon totals per build number, a cross-check of the whole table
    assert Counter(s.build for s in SYSTEMS if s.populous) == {1: 14, 2: 7, 3: 3}
    assert sum(len(s.icons) for s in SYSTEMS) == 37


def test_rebel_base_space() -> None:
    assert REBEL_BASE_SPACE.icons == ("ground_triangle", "space_triangle")
    assert REBEL_BASE_SPACE.build == 1
    assert system_id("Rebel Base") == data.REBEL_BASE == 32


def test_adjacency_symmetric_connected_70_links() -> None:
    for a, ns in enumerate(ADJACENT):
        assert a not in ns
        for b in ns:
            assert a in ADJACENT[b]
    assert sum(len(ns) for ns in ADJACENT) == 2 * 70
    seen = {0}
    todo = deque([0])
    while todo:
        for b in ADJACENT[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert len(seen) == 32
    names = lambda s: {SYSTEMS[b].name for b in ADJACENT[system_id(s)]}  # noqa: E731
    assert names("Coruscant") == {"Alderaan", "Corellia", "Ord Mantell"}
    assert names("Ryloth") == {"Geonosis", "Tatooine"}
    assert data.ADJ_MASK[system_id("Ryloth")] == (1 << system_id("Geonosis")) | (
        1 << system_id("Tatooine")
    )


# ---------------------------------------------------------------- units
def test_unit_supply_totals() -> None:
    def total(side: str, expansion: bool) -> int:
        return sum(u.supply for u in UNITS if u.side == side and u.expansion == expansion)

    assert total("Imperial", False) == 89  # research §1.1: 89 Imperial miniatures
    assert total("Rebel", False) == 64
    assert total("Imperial", True) == 18  # ROTE: 18 Imperial, 18 Rebel figures (RR-12)
    assert total("Rebel", True) == 18
    assert Counter((u.side, u.expansion) for u in UNITS) == {
        ("Imperial", False): 9,
        ("Rebel", False): 9,
        ("Imperial", True): 4,
        ("Rebel", True): 4,
    }


def test_unit_flags() -> None:
    by = {u.name: u for u in UNITS}
    assert {u.name for u in UNITS if u.structure} == {
        "Shield Generator", "Ion Cannon", "Shield Bunker", "Golan Arms Turret"
    }  # fmt: skip
    assert {u.name for u in UNITS if u.immobile} == {
        "Shield Generator", "Ion Cannon", "Shield Bunker", "Golan Arms Turret",
        "Death Star Under Construction",
    }  # fmt: skip
    # ground units and the Imperial fighters are carried; Rebel fighters fly themselves
    carried = {u.name for u in UNITS if u.needs_transport}
    assert carried == {u.name for u in UNITS if u.theater == "ground" and not u.immobile} | {
        "TIE Fighter",
        "TIE Striker",
    }
    assert by["Star Destroyer"].capacity == 6 and by["Assault Carrier"].capacity == 4
    assert by["Death Star"].health == 0 and by["Death Star"].attack_red == 4
    assert by["Assault Tank"].health_colour == "red" and by["Assault Tank"].attack_green == 1
    assert by["Interdictor"].build_icon == "" and by["Interdictor"].attack_green == 2
    assert by["U-wing"].kind == "fighter" and by["U-wing"].capacity == 1
    assert by["Rebel Transport"].build_icon == "space_triangle"


def test_build_icons_offer_the_right_choices() -> None:
    def builds(side: str, icon: str) -> set[str]:
        return {u.name for u in UNITS if u.side == side and u.build_icon == icon}

    assert builds("Rebel", "space_triangle") == {"X-wing", "Y-wing", "Rebel Transport", "U-wing"}
    assert builds("Rebel", "ground_square") == {"Shield Generator", "Ion Cannon"}
    assert builds("Imperial", "ground_circle") == {"AT-ST", "Shield Bunker"}
    assert builds("Imperial", "space_triangle") == {"TIE Fighter", "TIE Striker"}


# ---------------------------------------------------------------- leaders
def test_leaders() -> None:
    starting = {(x.side, x.name) for x in LEADERS if x.starting}
    assert starting == {
        ("Imperial", "Emperor Palpatine"), ("Imperial", "Darth Vader"),
        ("Imperial", "Grand Moff Tarkin"), ("Imperial", "General Tagge"),
        ("Rebel", "Mon Mothma"), ("Rebel", "Jan Dodonna"),
        ("Rebel", "General Rieekan"), ("Rebel", "Princess Leia"),
    }  # fmt: skip
    assert Counter((x.side, x.expansion) for x in LEADERS) == {
        ("Imperial", False): 12,
        ("Rebel", False): 13,  # Luke Skywalker (Jedi) is a second figure of Luke
        ("Imperial", True): 4,
        ("Rebel", True): 4,
    }
    by = {x.name: x for x in LEADERS}
    jabba = by["Jabba the Hutt"]
    assert (jabba.diplomacy, jabba.intel, jabba.minor_diplomacy, jabba.minor_intel) == (2, 2, 1, 1)
    assert jabba.skill("intel") == 3 and jabba.skill("diplomacy") == 3  # ROTE's example
    assert not jabba.can_activate and not by["Mon Mothma"].can_activate
    assert by["Luke Skywalker (Jedi)"].form_of == "Luke Skywalker"


# ---------------------------------------------------------------- probes, dice, time
def test_probe_deck() -> None:
    assert len(PROBES) == 31
    assert {p.system for p in PROBES} == {s.name for s in SYSTEMS} - {"Coruscant"}
    assert {p.system for p in PROBES if p.icon == "Rebel"} == {
        "Bothawui", "Kashyyyk", "Mon Calamari", "Naboo", "Ryloth"
    }  # fmt: skip
    assert {p.system for p in PROBES if p.icon == "Imperial"} == {
        "Corellia", "Mandalore", "Mustafar", "Mygeeto", "Rodia", "Saleucami", "Sullust"
    }  # fmt: skip


def test_time_track_length() -> None:
    assert data.TIME_TRACK.length == 16


# ---------------------------------------------------------------- tactic cards
def test_32_tactic_cards_8_per_side_and_theater() -> None:
    assert len(TACTICS) == 32
    assert Counter((t.side, t.theater) for t in TACTICS) == {
        (side, th): 8 for side in ("Imperial", "Rebel") for th in ("space", "ground")
    }
    by_unit = {u.name: u for u in UNITS}
    for t in TACTICS:
        assert t.top.text and t.bottom.text and t.top.effects and t.bottom.effects
        if t.top.requires:
            assert by_unit[t.top.requires].side == t.side, t.name
    assert {t.name for t in TACTICS if not t.top.requires} == {"Imposing Presence", "Confrontation"}


def test_tactic_effects_are_structured() -> None:
    by = {t.name: t for t in TACTICS}
    tow = by["Tow Cables"].top.effects[0]
    assert (tow.kind, tow.amount, tow.targets, tow.one_unit) == (
        "damage",
        4,
        ("AT-AT", "AT-ST"),
        True,
    )
    escort = by["Escort"].top.effects
    assert [(e.kind, e.amount, e.colour, e.icon) for e in escort] == [
        ("prevent", 1, "red", "hit"),
        ("prevent", 1, "black", "hit"),
        ("prevent", 1, "", "special"),
    ]
    assert [e.kind for e in by["Fleet Logistics"].top.effects] == ["prevent", "extra_card"]


# ---------------------------------------------------------------- starting missions
def test_four_starting_missions_a_side() -> None:
    starting = [m for m in MISSIONS if m.starting]
    assert MISSIONS[: len(starting)] == tuple(starting)  # card ids 0..7, then the projects
    assert Counter(m.side for m in starting) == {"Imperial": 4, "Rebel": 4}
    assert all(m.requirement == 1 and m.copies == 1 for m in starting)
    by = {m.name: m for m in MISSIONS}
    assert by["Rapid Mobilization"].mode == "resolve"
    assert by["Rapid Mobilization"].timing == "end_of_command"
    assert by["Capture Rebel Operative"].against_leader
    assert by["Build Alliance"].bonus_dice_if_own_units == 2


def test_every_file_notes_its_source() -> None:
    assert set(data.SOURCES) == {p.name for p in data.DATA_DIR.glob("*.toml")}
    assert all(len(s) > 20 for s in data.SOURCES.values())
    for table in (SYSTEMS, UNITS, LEADERS, TACTICS, MISSIONS, data.DICE):
        assert all(row.source for row in table)


# ---------------------------------------------------------------- bad data
def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, d)
    return d


def test_bad_field_names_row_and_field(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "units.toml"
    p.write_text(p.read_text().replace('health_colour = "black"', 'health_colour = "blue"', 1))
    with pytest.raises(CardDataError) as err:
        load("units.toml", "unit", UnitDef, d)
    msg = str(err.value)
    assert "units.toml:unit[0] (TIE Fighter)" in msg and "health_colour" in msg and "'blue'" in msg


def test_missing_field(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "units.toml"
    p.write_text(p.read_text().replace("supply = 24\n", "", 1))
    with pytest.raises(CardDataError, match=r"required field missing.*\(TIE Fighter\)\.supply"):
        load("units.toml", "unit", UnitDef, d)


def test_missing_source_note(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "units.toml"
    p.write_text("\n".join(x for x in p.read_text().splitlines() if not x.startswith("source =")))
    with pytest.raises(CardDataError, match="source"):
        load("units.toml", "unit", UnitDef, d)


def test_asymmetric_adjacency_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "adjacency.toml"
    p.write_text(p.read_text().replace('"Coruscant", "Kashyyyk"', '"Kashyyyk"', 1))
    with pytest.raises(CardDataError, match="Coruscant lists Alderaan but not the other way"):
        data.load_adjacency(SYSTEMS, d)


def test_unknown_neighbour_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "adjacency.toml"
    p.write_text(p.read_text().replace('"Coruscant", "Kashyyyk"', '"Kamino", "Kashyyyk"', 1))
    with pytest.raises(CardDataError, match="'Kamino' is not a system"):
        data.load_adjacency(SYSTEMS, d)


def test_tactic_card_with_unknown_unit(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "tactics.toml"
    p.write_text(p.read_text().replace('requires = "TIE Fighter"', 'requires = "TIE Bomber"', 1))
    with pytest.raises(CardDataError, match=r"TIE Bomber.*Swarm Tactics"):
        load("tactics.toml", "card", data.TacticCard, d)


# ---------------------------------------------------------------- bad mission data
def test_a_mission_without_a_requirement_is_refused(tmp_path: Path) -> None:
    """Issue: a mission without a requirement is a CardDataError naming the card and the
    field, when the pack loads (data.py loads every row at import)."""
    d = _copy(tmp_path)
    p = d / "missions_imperial.toml"
    p.write_text(p.read_text().replace("requirement = 1\n", "", 1))
    with pytest.raises(CardDataError) as err:
        load("missions_imperial.toml", "mission", data.MissionDef, d, allow_empty=True)
    msg = str(err.value)
    assert "(Address Delays)" in msg and "requirement" in msg


def test_a_mission_with_an_unknown_effect_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "missions_rebel.toml"
    text = p.read_text()
    first = text.index("effects = [{ kind = ")
    kind = text[first:].split('"')[1]
    p.write_text(text.replace(f'kind = "{kind}"', 'kind = "summon_the_fleet"', 1))
    with pytest.raises(CardDataError) as err:
        load("missions_rebel.toml", "mission", data.MissionDef, d, allow_empty=True)
    msg = str(err.value)
    assert "missions_rebel.toml:mission[0]" in msg and "'summon_the_fleet'" in msg
    assert "kind" in msg


def test_a_mission_portrait_must_be_a_leader_of_its_side() -> None:
    good = next(m for m in data.MISSION_ROWS if m.portrait and m.side == "Imperial")
    bad = attrs.evolve(good, portrait="Princess Leia")
    with pytest.raises(CardDataError, match=rf"\({good.name}\): portrait 'Princess Leia'"):
        data.check_missions([bad])
    with pytest.raises(CardDataError, match="system 'Kamino' is not a system"):
        data.check_missions([attrs.evolve(good, system="Kamino")])
