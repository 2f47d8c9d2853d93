"""Set-up: the first-game fixed set-up unit by unit, and the default Rise of the Empire set-up."""

from __future__ import annotations

from collections import Counter

import pytest
from rr_helpers import fixed_game, new

from rebellion_rote.actions import MissionSet, Place, SystemChoice
from rebellion_rote.board import BOARD, POOL, SUPPLY, imperial_system
from rebellion_rote.data import (
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    PROBES,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    UNITS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import ChooseBase, ChooseDsucSystem, PlaceUnits
from rebellion_rote.ids import mission_of
from rebellion_rote.rules.mission_deck import DRAW_AT_SETUP, deck_cards
from rebellion_rote.state import RebellionState
from tabletop import Rng


def units_at(s: RebellionState, loc: str) -> dict[str, int]:
    row = s.board.units[system_id(loc)]
    return {UNITS[u].name: n for u, n in enumerate(row) if n}


# ---------------------------------------------------------------- the fixed set-up (research §2)
@pytest.fixture
def fixed() -> RebellionState:
    return fixed_game("Dantooine")


def test_fixed_setup_loyalty(fixed: RebellionState) -> None:
    b = fixed.board
    loyal = lambda side: {SYSTEMS[i].name for i in range(NUM_SYSTEMS) if b.loyalty[i] == side}  # noqa: E731
    assert loyal(REBEL) == {"Kashyyyk", "Bothawui", "Naboo"}
    assert loyal(IMPERIAL) == {"Saleucami", "Corellia", "Mustafar", "Coruscant"}
    assert {SYSTEMS[i].name for i in range(NUM_SYSTEMS) if b.subjugated[i]} == {
        "Mandalore",
        "Sullust",
    }


def test_fixed_setup_units_one_by_one(fixed: RebellionState) -> None:
    assert units_at(fixed, "Rebel Base") == {
        "X-wing": 1, "Y-wing": 1, "Rebel Trooper": 3, "Airspeeder": 1
    }  # fmt: skip
    assert units_at(fixed, "Bothawui") == {
        "Corellian Corvette": 1, "Rebel Transport": 1, "X-wing": 1, "Y-wing": 1,
        "Rebel Trooper": 3, "Airspeeder": 1,
    }  # fmt: skip
    assert units_at(fixed, "Coruscant") == {
        "Star Destroyer": 1, "Assault Carrier": 1, "TIE Fighter": 2, "Stormtrooper": 3,
        "AT-AT": 1, "AT-ST": 1,
    }  # fmt: skip
    assert units_at(fixed, "Mandalore") == {
        "Death Star": 1, "TIE Fighter": 4, "Stormtrooper": 2, "AT-ST": 1
    }  # fmt: skip
    for name in ("Saleucami", "Sullust"):
        assert units_at(fixed, name) == {
            "Star Destroyer": 1, "TIE Fighter": 2, "Stormtrooper": 2, "AT-ST": 1
        }  # fmt: skip
    assert units_at(fixed, "Mustafar") == {
        "Assault Carrier": 1, "TIE Fighter": 2, "Stormtrooper": 2, "AT-ST": 1
    }  # fmt: skip
    assert units_at(fixed, "Corellia") == {"Assault Carrier": 1, "Stormtrooper": 1}
    occupied = {SYSTEMS[i].name for i in range(NUM_SYSTEMS) if any(fixed.board.units[i])}
    assert occupied == {
        "Bothawui", "Coruscant", "Mandalore", "Saleucami", "Sullust", "Mustafar", "Corellia"
    }  # fmt: skip


def test_fixed_setup_totals_are_the_base_lists(fixed: RebellionState) -> None:
    def total(side: str) -> Counter[str]:
        c: Counter[str] = Counter()
        for row in fixed.board.units:
            for u, n in enumerate(row):
                if n and UNITS[u].side == side:
                    c[UNITS[u].name] += n
        return c

    assert total("Imperial") == {
        "Star Destroyer": 3, "Assault Carrier": 3, "TIE Fighter": 12, "Stormtrooper": 12,
        "AT-ST": 5, "AT-AT": 1, "Death Star": 1,
    }  # fmt: skip
    assert total("Rebel") == {
        "Corellian Corvette": 1, "Rebel Transport": 1, "X-wing": 2, "Y-wing": 2,
        "Rebel Trooper": 6, "Airspeeder": 2,
    }  # fmt: skip


def test_fixed_setup_probes_leaders_tracks_and_hands(fixed: RebellionState) -> None:
    out = {SYSTEMS[c].name for c in fixed.zones["probes_out"]}
    assert out == {"Corellia", "Mandalore", "Saleucami", "Sullust", "Mustafar"}
    assert fixed.zones["base"] == [system_id("Dantooine")]
    assert len(fixed.zones["probe_deck"]) == 31 - 5 - 1
    b = fixed.board
    assert {LEADERS[x].name for x in b.pool(REBEL)} == {
        "Mon Mothma", "Jan Dodonna", "General Rieekan", "Princess Leia"
    }  # fmt: skip
    assert {LEADERS[x].name for x in b.pool(IMPERIAL)} == {
        "Emperor Palpatine", "Darth Vader", "Grand Moff Tarkin", "General Tagge"
    }  # fmt: skip
    assert b.leader_status.count(SUPPLY) == len(LEADERS) - 8
    assert (b.time, b.reputation) == (1, 14)
    for p, side in ((REBEL, "Rebel"), (IMPERIAL, "Imperial")):
        hand = fixed.zones[f"missions{p}"]
        starting = [c for c in hand if MISSIONS[mission_of(c)].starting]
        assert sorted(MISSIONS[mission_of(c)].name for c in starting) == sorted(
            m.name for m in MISSIONS if m.side == side and m.starting
        )
        # and 2 cards drawn from the mission deck, when the side's set has any
        drawn = DRAW_AT_SETUP if deck_cards(p, bool(fixed.mission_set[p])) else 0
        assert len(hand) - len(starting) == drawn
    assert (fixed.phase, fixed.round, fixed.current_player) == ("assignment", 1, REBEL)


def test_first_game_base_is_not_next_to_imperial_units() -> None:
    s = new(0, setup="fixed", first_game=True)
    assert isinstance(s.stack[-1], ChooseBase)
    choices = {SYSTEMS[a.system].name for a in s.legal_actions() if isinstance(a, SystemChoice)}
    # not Coruscant, Mandalore, Saleucami, Sullust, Mustafar, Corellia nor their 16 neighbours;
    # Rebel units (Bothawui) do not matter
    assert choices == {
        "Bothawui", "Dantooine", "Endor", "Geonosis", "Ilum", "Nal Hutta", "Rodia", "Ryloth",
        "Tatooine", "Utapau",
    }  # fmt: skip


# ---------------------------------------------------------------- the Rise of the Empire set-up
def play_setup(seed: int, policy: int = 0, **options: object) -> RebellionState:
    """Play set-up with random choices until round 1 begins."""
    s = new(seed, **options)
    rng = Rng(policy)
    while s.phase == "setup":
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def test_starting_loyalty_from_the_probe_deck() -> None:
    for seed in range(8):
        s = play_setup(seed, first_game=True)
        b = s.board
        rebel = [i for i in range(NUM_SYSTEMS) if b.loyalty[i] == REBEL]
        imperial = [i for i in range(NUM_SYSTEMS) if b.loyalty[i] == IMPERIAL]
        subj = [i for i in range(NUM_SYSTEMS) if b.subjugated[i]]
        icon = {p.system: p.icon for p in PROBES}
        assert len(rebel) == 3 and all(icon[SYSTEMS[i].name] == "Rebel" for i in rebel)
        assert len(imperial) == 4 and system_id("Coruscant") in imperial
        assert len(subj) == 2 and not set(subj) & set(imperial)
        for i in (*subj, *imperial):
            if SYSTEMS[i].name != "Coruscant":
                assert icon[SYSTEMS[i].name] == "Imperial"
                assert i in s.zones["probes_out"]
            assert b.has_ground(i, IMPERIAL)  # every Imperial system got a ground unit


def test_subjugated_are_the_first_two_imperial_cards_revealed() -> None:
    s = play_setup(3, first_game=True)
    revealed = [e.system for e in s.log if e.kind == "probe_revealed"]
    icon = {system_id(p.system): p.icon for p in PROBES}
    first_imperial = [c for c in revealed if icon[c] == "Imperial"][:5]
    assert [c for c in first_imperial if s.board.subjugated[c]] == first_imperial[:2]


def test_rote_setup_dsuc_group_and_queue() -> None:
    s = new(5, first_game=True)
    assert isinstance(s.stack[-1], ChooseDsucSystem) and s.current_player == IMPERIAL
    remote = {a.system for a in s.legal_actions()}
    assert remote == {i for i, x in enumerate(SYSTEMS) if x.remote}
    hoth = system_id("Hoth")
    s.apply(SystemChoice(hoth))
    assert units_at(s, "Hoth") == {
        "TIE Fighter": 4, "Stormtrooper": 1, "Death Star Under Construction": 1
    }  # fmt: skip
    assert s.board.queue_at(IMPERIAL, 3) == [unit_id("Death Star")]
    assert hoth in s.zones["probes_out"] and hoth not in s.zones["probe_deck"]
    d = s.stack[-1]
    assert isinstance(d, PlaceUnits)
    want = {
        "TIE Fighter": 8, "Assault Carrier": 3, "Star Destroyer": 3, "TIE Striker": 2,
        "Stormtrooper": 12, "AT-ST": 4, "Assault Tank": 2, "AT-AT": 1,
    }  # fmt: skip
    assert {UNITS[u].name: n for u, n in enumerate(d.remaining) if n} == want
    # the Empire may place in its systems and in the DSUC's system
    locs = {a.loc for a in s.legal_actions() if isinstance(a, Place)}
    assert locs == {i for i in range(NUM_SYSTEMS) if imperial_system(s.board, i)} | {hoth}


def test_imperial_ground_units_are_forced_into_bare_systems() -> None:
    s = new(5, first_game=True)
    s.apply(SystemChoice(system_id("Hoth")))
    st = unit_id("Stormtrooper")
    ground = {
        u for u in range(len(UNITS)) if UNITS[u].theater == "ground" and UNITS[u].side == "Imperial"
    }
    # put all but 5 ground units into Hoth: then each of the 5 Imperial systems needs one
    d = s.stack[-1]
    assert isinstance(d, PlaceUnits)
    hoth = system_id("Hoth")
    while sum(s.stack[-1].remaining[u] for u in ground) > 6:  # type: ignore[attr-defined]
        u = next(u for u in sorted(ground) if s.stack[-1].remaining[u])  # type: ignore[attr-defined]
        s.apply(Place(u, hoth))
    bare = {i for i in range(NUM_SYSTEMS) if imperial_system(s.board, i)}
    assert len(bare) == 6  # 5 from the probes + Coruscant
    u = next(u for u in sorted(ground) if s.stack[-1].remaining[u])  # type: ignore[attr-defined]
    assert {a.loc for a in s.legal_actions() if isinstance(a, Place) and a.unit == u} == bare
    # ships may still go anywhere Imperial
    assert Place(unit_id("Star Destroyer"), hoth) in s.legal_actions()
    assert st in ground


def test_rebels_place_in_the_base_space_and_one_system_without_imperials() -> None:
    s = new(2, first_game=True)
    s.apply(SystemChoice(system_id("Endor")))
    while s.current_player == IMPERIAL:
        s.apply(s.legal_actions()[0])
    d = s.stack[-1]
    assert isinstance(d, PlaceUnits) and d.player == REBEL
    assert {UNITS[u].name: n for u, n in enumerate(d.remaining) if n} == {
        "X-wing": 1, "Y-wing": 1, "U-wing": 1, "Rebel Transport": 1, "Corellian Corvette": 1,
        "Rebel Trooper": 5, "Airspeeder": 2, "Rebel Vanguard": 1,
    }  # fmt: skip
    locs = {a.loc for a in s.legal_actions()}
    assert REBEL_BASE in locs
    assert locs - {REBEL_BASE} == {
        i for i in range(NUM_SYSTEMS) if not s.board.has_units(i, IMPERIAL)
    }
    naboo = system_id("Naboo")
    assert not s.board.has_units(naboo, IMPERIAL)
    s.apply(Place(unit_id("X-wing"), naboo))
    assert {a.loc for a in s.legal_actions()} == {naboo, REBEL_BASE}


def test_base_choice_is_secret_and_from_the_remaining_probe_deck() -> None:
    s = play_setup(4, first_game=True)
    base = s.zones["base"]
    assert len(base) == 1 and s.base == base[0]
    assert len(s.zones["probe_deck"]) == 31 - 5 - 1 - 1
    v = s.view(IMPERIAL)
    assert "cards" not in v["zones"]["base"] and v["zones"]["base"]["count"] == 1
    assert s.view(REBEL)["zones"]["base"]["cards"] == base
    assert all(e["kind"] != "base_chosen" for e in v["log"])
    assert any(e["kind"] == "base_chosen_hidden" for e in v["log"])


def test_base_setup_option() -> None:
    s = new(1, setup="base", first_game=True)
    d = s.stack[-1]
    assert isinstance(d, PlaceUnits) and d.player == IMPERIAL
    assert {UNITS[u].name: n for u, n in enumerate(d.remaining) if n} == {
        "Star Destroyer": 3, "Assault Carrier": 3, "TIE Fighter": 12, "Stormtrooper": 12,
        "AT-ST": 5, "AT-AT": 1, "Death Star": 1,
    }  # fmt: skip


def test_starting_leaders_in_the_pool_others_in_supply() -> None:
    s = new(0)
    b = s.board
    for i, x in enumerate(LEADERS):
        assert b.leader_status[i] == (POOL if x.starting else SUPPLY)
    assert b.leader_status[leader_id("Luke Skywalker")] == SUPPLY
    assert BOARD not in b.leader_status


def test_mission_set_then_loyalty() -> None:
    s = new(0)
    s.apply(MissionSet(True))
    s.apply(MissionSet(False))
    assert s.mission_set == [1, 0] and s.sets_revealed
    assert isinstance(s.stack[-1], ChooseDsucSystem)
