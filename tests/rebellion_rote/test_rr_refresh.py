"""The Refresh Phase: scenarios with exact outcomes (research §4.5; ROTE)."""

from __future__ import annotations

from rr_helpers import finish_recruit

from rebellion_rote.actions import Build, Eliminate, Pass, Place, Stop
from rebellion_rote.board import ELIMINATED, OFF, POOL
from rebellion_rote.data import (
    IMPERIAL,
    LEADERS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    UNITS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import AssignMission, BuildUnits, DeployUnits, EliminateLeader
from rebellion_rote.position import position
from rebellion_rote.rules import refresh as R
from rebellion_rote.state import RebellionState

U = unit_id
NABOO = system_id("Naboo")
KESSEL = system_id("Kessel")
MON_CAL = system_id("Mon Calamari")


def to_refresh(s: RebellionState) -> RebellionState:
    """Both sides pass: the Command Phase ends and the Refresh Phase begins (a recruit icon
    is played with each side's first choice)."""
    s.apply(Pass())
    s.apply(Pass())
    return finish_recruit(s)


def builds(s: RebellionState) -> list[Build]:
    return [a for a in s.legal_actions() if isinstance(a, Build)]


def test_leaders_return_but_a_captive_stays_and_the_empire_draws_two_probes() -> None:
    s = position(
        leaders={"Princess Leia": "Naboo", "Jan Dodonna": "Kessel", "Darth Vader": "Kessel"},
        units={"Kessel": {"Stormtrooper": 1}},
        time=2,
    )
    s.board.captured = leader_id("Jan Dodonna")
    hand = len(s.zones["probe_hand"])
    to_refresh(s)
    b = s.board
    assert b.leader_status[leader_id("Princess Leia")] == POOL
    assert b.leader_loc[leader_id("Princess Leia")] == OFF
    assert b.leader_status[leader_id("Darth Vader")] == POOL
    assert b.leader_loc[leader_id("Jan Dodonna")] == KESSEL  # captured: stays
    assert len(s.zones["probe_hand"]) == hand + 2
    public = [e["kind"] for e in s.view(REBEL)["log"]]
    assert "probes_drawn_count" in public and "probes_drawn" not in public


def test_time_advances_and_the_rebels_win_when_it_meets_reputation() -> None:
    s = to_refresh(position(time=4, reputation=5))
    assert s.is_terminal and s.returns() == [1.0, -1.0]
    assert s.board.time == 5


def test_rr18_the_round_cap_ends_the_game_as_a_draw() -> None:
    """RR-18: the round cap (option max_rounds, 20 by default) is checked at the end of
    the Refresh Phase."""
    s = position(time=3)  # 3 -> 4 builds, nothing is deployed
    s.round = 20
    to_refresh(s)
    s.apply(Stop())
    s.apply(Stop())
    assert s.is_terminal and s.returns() == [0.0, 0.0]


def test_build_from_loyal_systems_and_the_base_space() -> None:
    s = to_refresh(
        position(
            time=1,
            loyalty={"Naboo": "Rebel", "Kessel": "Rebel", "Mon Calamari": "Rebel"},
            units={"Kessel": {"Stormtrooper": 1}},  # subjugated: not the Rebels'
        )
    )
    assert isinstance(s.stack[-1], BuildUnits) and s.current_player == REBEL
    locs = {a.loc for a in builds(s)}
    assert locs == {NABOO, MON_CAL, REBEL_BASE}
    naboo = {UNITS[a.unit].name for a in builds(s) if a.loc == NABOO}
    # Naboo's icons: a ground triangle and a space triangle
    assert naboo == {
        "Rebel Trooper",
        "Rebel Vanguard",
        "X-wing",
        "Y-wing",
        "Rebel Transport",
        "U-wing",
    }


def test_the_empire_builds_only_the_left_most_icon_of_a_subjugated_system() -> None:
    s = to_refresh(
        position(time=1, loyalty={"Mon Calamari": "Rebel"}, units={"Mon Calamari": {"AT-ST": 1}})
    )
    s.apply(Stop())  # the Rebels build nothing
    assert s.current_player == IMPERIAL
    mon_cal = {a.unit for a in builds(s) if a.loc == MON_CAL}
    first = SYSTEMS[MON_CAL].icons[0]
    assert mon_cal and all(UNITS[u].build_icon == first for u in mon_cal)


def test_an_enemy_unit_or_sabotage_blocks_building() -> None:
    s = position(time=1, loyalty={"Naboo": "Rebel", "Mon Calamari": "Rebel"})
    s.board.add_unit(U("TIE Fighter"), NABOO)
    s.board.sabotage[MON_CAL] = True
    to_refresh(s)
    assert {a.loc for a in builds(s)} == {REBEL_BASE}


def test_rr15_build_placements_are_hidden_until_both_are_in_then_queued() -> None:
    """RR-15: the Rebels place first, face down; both go onto the queue once both are in."""
    s = to_refresh(position(time=1, loyalty={"Naboo": "Rebel", "Coruscant": "Imperial"}))
    x = next(a for a in builds(s) if a.loc == NABOO)
    s.apply(x)
    assert s.view(IMPERIAL)["state"]["builds"][REBEL] == 1
    assert s.view(REBEL)["state"]["builds"][REBEL] == [[x.unit, NABOO]]
    s.apply(Stop())
    assert not s.board.queue_at(REBEL, SYSTEMS[NABOO].build)  # still face down
    coruscant = system_id("Coruscant")
    y = next(a for a in builds(s) if a.loc == coruscant)
    s.apply(y)
    s.apply(Stop())
    built = [(e.player, e.unit, e.loc, e.space) for e in s.log if e.kind == "built"]
    assert built == [(REBEL, x.unit, NABOO, 1), (IMPERIAL, y.unit, coruscant, 1)]
    # built onto queue space 1 (Naboo's build number): it deploys in this same phase
    assert isinstance(s.stack[-1], DeployUnits) and s.leaving == [x.unit]


def test_deploy_limits() -> None:
    s = position(
        time=2,  # 2 -> 3: no build
        loyalty={"Naboo": "Rebel", "Mon Calamari": "Rebel", "Kessel": "Rebel"},
        units={"Kessel": {"TIE Fighter": 1}},
    )
    s.board.queue_at(REBEL, 1).extend([U("X-wing")] * 3)
    s.board.sabotage[MON_CAL] = True
    to_refresh(s)
    assert isinstance(s.stack[-1], DeployUnits) and s.current_player == REBEL
    where = {a.loc for a in s.legal_actions() if isinstance(a, Place)}
    assert where == {NABOO, REBEL_BASE}  # not sabotaged, not with an enemy unit
    s.apply(Place(U("X-wing"), NABOO))
    s.apply(Place(U("X-wing"), NABOO))
    assert {a.loc for a in s.legal_actions() if isinstance(a, Place)} == {REBEL_BASE}  # 2 a system
    s.apply(Stop())
    assert s.board.queue_at(REBEL, 1) == [U("X-wing")]  # back onto space 1
    assert s.board.units[NABOO][U("X-wing")] == 2


def test_a_death_star_replaces_its_dsuc() -> None:
    s = position(time=2, units={"Mustafar": {"Death Star Under Construction": 1}})
    s.board.queue_at(IMPERIAL, 1).append(U("Death Star"))
    to_refresh(s)
    mustafar = system_id("Mustafar")
    assert s.legal_actions() == [Place(U("Death Star"), mustafar), Stop()]
    s.apply(Place(U("Death Star"), mustafar))
    assert s.board.units[mustafar][U("Death Star")] == 1
    assert s.board.units[mustafar][U("Death Star Under Construction")] == 0


def test_shield_bunker_easy_deployment_and_local_reinforcement() -> None:
    remote = next(i for i, x in enumerate(SYSTEMS) if x.remote)
    s = position(time=2, units={"Naboo": {"Stormtrooper": 1}})
    s.board.units[remote][U("Shield Bunker")] = 1
    s.board.queue_at(IMPERIAL, 1).extend([U("Shield Bunker"), U("Stormtrooper")])
    to_refresh(s)
    bunker = {
        a.loc for a in s.legal_actions() if isinstance(a, Place) and a.unit == U("Shield Bunker")
    }
    trooper = {
        a.loc for a in s.legal_actions() if isinstance(a, Place) and a.unit == U("Stormtrooper")
    }
    assert NABOO in bunker and NABOO in trooper  # subjugated Naboo
    assert remote in trooper  # a bunker in a remote system with no Rebel unit
    coruscant = system_id("Coruscant")
    assert coruscant in trooper


def test_pool_limit_eliminates_the_excess() -> None:
    s = position(time=2)
    for i, x in enumerate(LEADERS):
        if x.side == "Rebel":
            s.board.leader_status[i] = POOL
    assert len(s.board.pool(REBEL)) > R.POOL_LIMIT
    to_refresh(s)
    n = len(s.board.pool(REBEL)) - R.POOL_LIMIT
    for _ in range(n):
        assert isinstance(s.stack[-1], EliminateLeader) and s.current_player == REBEL
        first = s.legal_actions()[0]
        assert isinstance(first, Eliminate)
        s.apply(first)
        assert s.board.leader_status[first.leader] == ELIMINATED
    assert len(s.board.pool(REBEL)) == R.POOL_LIMIT
    assert isinstance(s.stack[-1], AssignMission) and s.round == 2


def test_a_unit_out_of_supply_is_built_by_destroying_one_on_the_board() -> None:
    from rebellion_rote.actions import SystemChoice
    from rebellion_rote.decisions import ReplaceUnit

    s = position(time=1, loyalty={"Naboo": "Rebel"})
    xw = U("X-wing")
    s.board.units[system_id("Alderaan")][xw] = UNITS[xw].supply
    to_refresh(s)
    s.apply(Build(xw, NABOO))
    assert isinstance(s.stack[-1], ReplaceUnit)
    assert s.legal_actions() == [SystemChoice(system_id("Alderaan"))]
    s.apply(SystemChoice(system_id("Alderaan")))
    assert s.board.units[system_id("Alderaan")][xw] == UNITS[xw].supply - 1
    assert s.builds[REBEL] == [(xw, NABOO)]
    assert R.replaceable(s, U("Death Star")) == []  # never a Death Star


def test_ground_units_deploy_into_a_destroyed_system_only_within_transport() -> None:
    s = position(time=2, units={"Naboo": {"Stormtrooper": 1}})
    s.board.destroyed[NABOO] = True
    s.board.queue_at(IMPERIAL, 1).append(U("Shield Bunker"))
    to_refresh(s)
    assert NABOO not in R.deploy_targets(s, IMPERIAL, U("Shield Bunker"))
    s.board.add_unit(U("Star Destroyer"), NABOO)  # capacity 6, 1 used
    assert NABOO in R.deploy_targets(s, IMPERIAL, U("Shield Bunker"))
