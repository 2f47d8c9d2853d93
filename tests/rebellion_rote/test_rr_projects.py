"""The Imperial project deck, Research and Development and every project card (research §4.4,
§4.5, §6.2, §7.2, §7.4, §8.8; RR-13, RR-40..RR-47): scenarios with exact outcomes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from rr_helpers import amend, assign, edited, fixed_game, give_project

from rebellion_rote import data
from rebellion_rote.actions import (
    Build,
    Deploy,
    Destroy,
    Discard,
    Keep,
    Option,
    Pass,
    Reveal,
    Stop,
    SystemChoice,
)
from rebellion_rote.board import NONE
from rebellion_rote.data import (
    IMPERIAL,
    MISSIONS,
    NUM_SYSTEMS,
    PROJECTS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    ChooseOption,
    CommandTurn,
    DiscardMission,
    FactoryBuild,
    FactoryReplace,
    KeepProject,
    LoseGroundUnits,
    MissionSystem,
    OverseeDeploy,
    RegionLoyalty,
)
from rebellion_rote.events import MarkerRemoved
from rebellion_rote.ids import mission_card, mission_of
from rebellion_rote.position import card_name, position
from rebellion_rote.rules.projects import PROJECT_CARDS
from rebellion_rote.rules.refresh import deploy_targets, icon_slots
from rebellion_rote.state import RebellionState
from tabletop import CardDataError, Rng
from tabletop.testing import check_state

U = unit_id
S = system_id
TARKIN = "Grand Moff Tarkin"
TAGGE = "General Tagge"


# ---------------------------------------------------------------- helpers
def card(name: str, copy: int = 0) -> int:
    """The card id of copy ``copy`` of the mission or project ``name``."""
    ids = [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]
    return ids[copy]


def give(s: RebellionState, name: str, copy: int = 0) -> int:
    """Move a project card from the project deck into the Empire's hand."""
    return give_project(s, name, copy)


def deck_top(s: RebellionState, *names: str) -> list[int]:
    """Put the first copies of ``names`` on top of the project deck, the first named on top
    (the rest in card order under them)."""
    deck = s.zones["project_deck"]
    top: list[int] = []
    for name in names:
        c = next(c for c in sorted(deck) if MISSIONS[mission_of(c)].name == name and c not in top)
        top.append(c)
    rest = sorted((c for c in deck if c not in top), reverse=True)

    def edit(doc: dict[str, Any]) -> None:
        doc["projects"]["deck"] = [card_name(c) for c in top + rest]

    amend(s, edit)
    return top


def play(s: RebellionState, name: str, system: str, *leaders: str) -> None:
    """The Empire reveals project ``name`` (given from the deck) in ``system``."""
    if card(name) not in s.zones["missions1"]:
        give(s, name)
    slot = assign(s, IMPERIAL, name, *(leaders or (TARKIN,)))
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S(system)))


def names(cards: list[int]) -> list[str]:
    return [MISSIONS[mission_of(c)].name for c in cards]


def public_kinds(s: RebellionState, player: int = REBEL) -> list[str]:
    return [e["kind"] for e in s.view(player)["log"]]


def rebel_turn(s: RebellionState) -> bool:
    return isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL


# ---------------------------------------------------------------- the data (RR-40)
def test_rr40_project_card_facts() -> None:
    """RR-40 (with RR-13): every project is a Logistics 1 resolve card; the copies per JC and
    RR-13; one card id per copy, after the starting missions."""
    copies = {p.name: p.copies for p in PROJECTS}
    assert copies == {
        "Construct Death Star": 1,
        "Construct Factory": 2,
        "Construct Super Star Destroyer": 2,
        "Oversee Project": 2,
        "Superlaser Online": 3,
        "Interdictor Development": 1,
        "Single Reactor Ignition": 1,
    }
    assert all(
        (p.skill, p.requirement, p.mode, p.side, p.starting)
        == ("logistics", 1, "resolve", "Imperial", False)
        for p in PROJECTS
    )
    assert len(PROJECT_CARDS) == 12 == len(set(PROJECT_CARDS))
    assert [mission_of(c) for c in PROJECT_CARDS] == list(range(8, 20))
    by = {p.name: p for p in PROJECTS}
    assert by["Construct Factory"].where == "imperial_system"
    assert (
        by["Construct Super Star Destroyer"].where,
        by["Construct Super Star Destroyer"].needs_icon,
    ) == (
        "imperial_system",
        "space_square",
    )
    assert by["Interdictor Development"].where == "any"
    assert by["Superlaser Online"].not_destroyed and by["Construct Death Star"].no_rebel_units
    assert all(p.text and p.source and p.effects for p in PROJECTS)


# ---------------------------------------------------------------- set-up and hidden information
def test_project_deck_at_setup_is_hidden_and_shuffled() -> None:
    orders = set()
    for seed in range(3):
        s = fixed_game(seed=seed)
        deck = s.zones["project_deck"]
        assert sorted(deck) == list(PROJECT_CARDS)
        orders.add(tuple(deck))
        assert not s.zones["project_discard"] and not s.zones["project_look"]
        assert not any(MISSIONS[mission_of(c)].project for c in s.zones["missions1"])
        for p in (None, REBEL, IMPERIAL):
            z = s.view(p)["zones"]["project_deck"]
            assert z["count"] == 12 and "cards" not in z  # nobody sees the order (RR-17)
            assert s.view(p)["zones"]["project_discard"]["cards"] == []  # public
    assert len(orders) == 3


def test_rr17_projects_in_the_imperial_hand_stay_hidden() -> None:
    """RR-17: the Rebels see how many cards the Empire holds, never which projects, in views
    and in the events' public forms; the Empire sees its own."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    deck_top(s, "Superlaser Online", "Construct Factory")
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))
    drawn = [e for e in s.log if e.kind == "projects_drawn"]
    assert len(drawn) == 1 and names(list(drawn[0].cards)) == [
        "Superlaser Online",
        "Construct Factory",
    ]  # type: ignore[attr-defined]
    rebel = s.view(REBEL)
    assert (
        "cards" not in rebel["zones"]["project_look"]
        and rebel["zones"]["project_look"]["count"] == 2
    )
    assert "projects_drawn" not in public_kinds(s) and "projects_drawn_count" in public_kinds(s)
    text = json.dumps(rebel)
    for c in PROJECT_CARDS:  # no project id anywhere in the Rebels' view
        assert f": {c}," not in text and f"[{c}" not in text and f" {c}]" not in text
    assert sorted(s.view(IMPERIAL)["zones"]["project_look"]["cards"]) == sorted(drawn[0].cards)  # type: ignore[attr-defined]
    s.apply(Keep(card("Construct Factory")))
    assert "project_bottomed" not in public_kinds(s) and "project_bottomed_hidden" in public_kinds(
        s
    )
    rebel = s.view(REBEL)
    assert rebel["zones"]["missions1"] == {
        "owner": IMPERIAL,
        "count": 5,
        "known": [card("Research and Development")],
    }


def test_rebel_determinisation_redeals_projects_with_the_deck() -> None:
    """The Rebels' resample keeps the 4 starting missions in the Empire's hand and
    assignments, the number of projects there, and only projects in the deck; the Empire's
    knowledge of its deck's bottom card moves with the position."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    give(s, "Superlaser Online")
    give(s, "Oversee Project")
    assign(s, IMPERIAL, "Superlaser Online", TAGGE)
    bottom = s.zones["project_deck"][0]
    s.reveal("project_deck", IMPERIAL, [bottom])
    starting = {card(m.name) for m in MISSIONS if m.starting and m.side == "Imperial"}
    seen = set()
    for k in range(20):
        r = s.resample(REBEL, Rng(k))
        held = r.zones["missions1"] + r.zones["assigned1"]
        assert starting <= set(held) and len(held) == 6
        projects = [c for c in held if c not in starting]
        assert len(projects) == 2 and all(c in PROJECT_CARDS for c in projects)
        deck = r.zones["project_deck"]
        assert sorted(deck + projects) == list(PROJECT_CARDS)
        assert r.known["project_deck"][IMPERIAL] == [deck[0]]
        assert r.view(REBEL) == s.view(REBEL)
        seen.add(tuple(sorted(projects)))
    assert len(seen) > 3
    mine = s.resample(IMPERIAL, Rng(1))
    assert mine.zones["missions1"] == s.zones["missions1"]
    assert mine.zones["project_deck"][0] == bottom  # the Empire knows its bottom card


# ---------------------------------------------------------------- Research and Development
def test_rr41_research_and_development_draws_two_keeps_one_the_other_to_the_bottom() -> None:
    """RR-41: draw 2, keep 1, the other to the bottom of the project deck, known to the Empire.
    Without a sabotage marker there is no choice of option."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    top = deck_top(s, "Superlaser Online", "Construct Factory")
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    assert Reveal(slot) in s.legal_actions()  # its effect is built: offered for reveal
    s.apply(Reveal(slot))
    assert {a.system for a in s.legal_actions()} == {S("Kessel"), S("Coruscant")}
    s.apply(SystemChoice(S("Kessel")))
    assert isinstance(s.stack[-1], KeepProject) and s.current_player == IMPERIAL
    assert s.legal_actions() == [Keep(top[1]), Keep(top[0])]
    assert sorted(s.zones["project_look"]) == sorted(top)
    s.apply(Keep(top[0]))
    assert top[0] in s.zones["missions1"]
    deck = s.zones["project_deck"]
    assert deck[0] == top[1] and len(deck) == 11 and s.known["project_deck"][IMPERIAL] == [top[1]]
    assert not s.zones["project_look"]
    assert card("Research and Development") in s.zones["missions1"]  # back to hand
    assert rebel_turn(s) and s.resolving == []


def test_rr41_sabotage_option_needs_a_marker_and_draws_one() -> None:
    """RR-41: with a sabotage marker there the Empire chooses: remove it and draw 1 card."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    s.board.sabotage[S("Kessel")] = True
    top = deck_top(s, "Oversee Project", "Construct Factory")
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))
    assert isinstance(s.stack[-1], ChooseOption)
    assert s.legal_actions() == [Option(1), Option(2)]
    assert s.describe(Option(2)) == "Remove the sabotage marker and draw 1 project card"
    s.apply(Option(2))
    assert not s.board.sabotage[S("Kessel")]
    assert top[0] in s.zones["missions1"] and top[1] == s.zones["project_deck"][-1]
    assert len(s.zones["project_deck"]) == 11 and "sabotage_removed" in public_kinds(s)
    assert rebel_turn(s)


def test_research_and_development_first_option_where_there_is_sabotage() -> None:
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    s.board.sabotage[S("Kessel")] = True
    top = deck_top(s, "Oversee Project", "Construct Factory")
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))
    s.apply(Option(1))
    assert isinstance(s.stack[-1], KeepProject) and s.board.sabotage[S("Kessel")]
    s.apply(Keep(top[1]))
    assert top[1] in s.zones["missions1"] and s.zones["project_deck"][0] == top[0]


def test_two_copies_drawn_offer_a_single_choice() -> None:
    """RR-41: two copies drawn still ask the Empire which to keep (one choice), so the Rebels
    cannot tell what it drew."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    deck = s.zones["project_deck"]
    copies = [card("Superlaser Online", 0), card("Superlaser Online", 1)]
    deck[:] = [c for c in deck if c not in copies] + copies
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))
    assert isinstance(s.stack[-1], KeepProject)
    assert s.legal_actions() == [Keep(min(copies))]
    s.apply(Keep(min(copies)))
    assert rebel_turn(s)
    assert copies[0] in s.zones["missions1"] and deck[0] == copies[1]


def test_rr47_empty_project_deck_reshuffles_the_discard() -> None:
    """RR-47: a card drawn from an empty deck comes from the shuffled project discard; with
    both empty nothing is drawn and the mission still resolves."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    last = card("Interdictor Development")
    used = [c for c in s.zones["project_deck"] if c != last]

    def one_left(doc: dict[str, Any]) -> None:  # the rest used, in the discard
        doc["projects"] = {"deck": [card_name(last)], "discard": [card_name(c) for c in used]}

    amend(s, one_left)
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))
    assert "project_deck_reshuffled" in public_kinds(s) and not s.zones["project_discard"]
    assert isinstance(s.stack[-1], KeepProject)
    look = s.zones["project_look"]
    assert look[0] == last and len(look) == 2 and len(s.zones["project_deck"]) == 10
    empty = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    slot = assign(empty, IMPERIAL, "Research and Development", TARKIN)
    empty.zones["project_deck"] = []
    edited(empty, "the project cards taken out of the game")
    empty.apply(Reveal(slot))
    empty.apply(SystemChoice(S("Kessel")))
    assert rebel_turn(empty) and len(empty.zones["missions1"]) == 4


# ---------------------------------------------------------------- Construct Death Star
def test_construct_death_star() -> None:
    s = position(
        player="Imperial",
        units={
            "Endor": {"TIE Fighter": 1},
            "Hoth": {"X-wing": 1},
            "Coruscant": {"Stormtrooper": 1},
        },
    )
    give(s, "Construct Death Star")
    slot = assign(s, IMPERIAL, "Construct Death Star", TARKIN)
    s.apply(Reveal(slot))
    remote = {i for i, x in enumerate(SYSTEMS) if x.remote}
    assert {a.system for a in s.legal_actions()} == remote - {S("Hoth")}  # no Rebel unit
    s.apply(SystemChoice(S("Endor")))
    b = s.board
    assert b.units[S("Endor")][U("Death Star Under Construction")] == 1
    assert b.queue_at(IMPERIAL, 3) == [U("Death Star")]
    queued = [e for e in s.log if e.kind == "built"]
    assert [s.narrate(e) for e in queued] == [
        "1 Death Star put onto queue space 3 of the Imperial build queue by a card"
    ]  # no system built it (issue 19)
    assert s.zones["project_discard"] == [card("Construct Death Star")]
    assert "mission_discarded" in public_kinds(s) and rebel_turn(s)


def test_rr42_construct_death_star_needs_both_figures_in_the_supply() -> None:
    """RR-42: with the only Death Star Under Construction on the board nothing is placed."""
    s = position(player="Imperial", units={"Endor": {"Death Star Under Construction": 1}})
    play(s, "Construct Death Star", "Dathomir")
    assert s.board.units[S("Dathomir")][U("Death Star Under Construction")] == 0
    assert s.board.queue_at(IMPERIAL, 3) == [] and rebel_turn(s)
    t = position(player="Imperial", units={"Endor": {"Death Star": 1}, "Hoth": {"Death Star": 1}})
    play(t, "Construct Death Star", "Dathomir")
    assert t.board.units[S("Dathomir")][U("Death Star Under Construction")] == 0
    assert t.board.queue_at(IMPERIAL, 3) == []


# ---------------------------------------------------------------- Construct Factory
def test_construct_factory_removes_sabotage_and_builds_from_each_icon() -> None:
    s = position(player="Imperial", loyalty={"Ord Mantell": "Imperial"})
    om = S("Ord Mantell")  # space circle, ground circle; build 2
    s.board.sabotage[om] = True
    give(s, "Construct Factory")
    slot = assign(s, IMPERIAL, "Construct Factory", TAGGE)
    s.apply(Reveal(slot))
    assert {a.system for a in s.legal_actions()} == {om, S("Coruscant")}
    s.apply(SystemChoice(om))
    assert not s.board.sabotage[om] and isinstance(s.stack[-1], FactoryBuild)
    assert s.legal_actions() == [
        Build(U("Assault Carrier"), om), Build(U("AT-ST"), om), Build(U("Shield Bunker"), om), Stop()
    ]  # fmt: skip
    s.apply(Build(U("Assault Carrier"), om))
    assert s.legal_actions() == [Build(U("AT-ST"), om), Build(U("Shield Bunker"), om), Stop()]
    s.apply(Build(U("Shield Bunker"), om))
    assert s.board.queue_at(IMPERIAL, 2) == [U("Assault Carrier"), U("Shield Bunker")]
    assert [s.narrate(e) for e in s.log if e.kind == "built"] == [
        f"1 {u} built from Ord Mantell's icons onto queue space 2 of the Imperial build queue"
        for u in ("Assault Carrier", "Shield Bunker")
    ]
    assert s.zones["project_discard"] == [card("Construct Factory")] and rebel_turn(s)


def test_rr43_construct_factory_uses_every_icon_of_a_subjugated_system() -> None:
    """RR-43: all the icons of a subjugated system, even with a Rebel unit there; building
    fewer is fine."""
    s = position(
        player="Imperial",
        loyalty={"Mygeeto": "Rebel"},
        units={"Mygeeto": {"Stormtrooper": 1, "X-wing": 1}},
    )
    my = S("Mygeeto")  # space triangle, ground square; build 2
    assert s.board.subjugated[my]
    play(s, "Construct Factory", "Mygeeto", TAGGE)
    assert s.legal_actions() == [
        Build(U("TIE Fighter"), my), Build(U("TIE Striker"), my), Build(U("AT-AT"), my), Stop()
    ]  # fmt: skip
    s.apply(Build(U("AT-AT"), my))
    s.apply(Stop())
    assert s.board.queue_at(IMPERIAL, 2) == [U("AT-AT")] and rebel_turn(s)


def test_rr43_construct_factory_rebuilds_a_unit_out_of_supply() -> None:
    """RR-43: a unit type out of supply is built by destroying one's own figure of it."""
    s = position(
        player="Imperial",
        loyalty={"Mygeeto": "Imperial", "Kessel": "Rebel"},
        units={"Coruscant": {"AT-AT": 3}, "Kessel": {"AT-AT": 1}},
    )
    my, kessel = S("Mygeeto"), S("Kessel")
    assert s.board.in_supply(U("AT-AT")) == 0 and s.board.subjugated[kessel]
    play(s, "Construct Factory", "Mygeeto", TAGGE)
    s.apply(Build(U("AT-AT"), my))
    assert isinstance(s.stack[-1], FactoryReplace)
    assert s.legal_actions() == [SystemChoice(kessel), SystemChoice(S("Coruscant"))]
    s.apply(SystemChoice(kessel))
    assert s.board.units[kessel][U("AT-AT")] == 0 and not s.board.subjugated[kessel]
    assert s.board.queue_at(IMPERIAL, 2) == [U("AT-AT")]
    assert isinstance(s.stack[-1], FactoryBuild)  # the space triangle is left
    s.apply(Build(U("TIE Fighter"), my))
    assert s.board.queue_at(IMPERIAL, 2) == [U("AT-AT"), U("TIE Fighter")] and rebel_turn(s)


# ---------------------------------------------------------------- Construct Super Star Destroyer
def test_construct_super_star_destroyer() -> None:
    s = position(
        player="Imperial",
        loyalty={"Corellia": "Imperial", "Mon Calamari": "Rebel", "Utapau": "Rebel"},
        units={"Utapau": {"Stormtrooper": 1}},
    )
    give(s, "Construct Super Star Destroyer")
    slot = assign(s, IMPERIAL, "Construct Super Star Destroyer", TARKIN)
    s.apply(Reveal(slot))
    # Imperial systems (loyalty or subjugated) with a space square icon
    assert {a.system for a in s.legal_actions()} == {S("Corellia"), S("Utapau")}
    s.apply(SystemChoice(S("Utapau")))
    assert s.board.queue_at(IMPERIAL, 3) == [U("Super Star Destroyer")] and rebel_turn(s)


def test_rr42_a_named_unit_comes_from_the_supply_only() -> None:
    """RR-42: with both Super Star Destroyers in play nothing is placed."""
    s = position(
        player="Imperial",
        loyalty={"Corellia": "Imperial"},
        units={"Coruscant": {"Super Star Destroyer": 1}},
    )
    s.board.queue_at(IMPERIAL, 2).append(U("Super Star Destroyer"))
    play(s, "Construct Super Star Destroyer", "Corellia")
    assert s.board.queue_at(IMPERIAL, 3) == [] and rebel_turn(s)


# ---------------------------------------------------------------- Oversee Project
def oversee_position() -> RebellionState:
    s = position(
        player="Imperial",
        units={
            "Kessel": {"TIE Fighter": 1},
            "Endor": {"Death Star Under Construction": 1, "TIE Fighter": 1},
            "Naboo": {"TIE Fighter": 1, "X-wing": 1},
        },
    )
    q = s.board.queue
    q[3], q[4], q[5] = [U("Stormtrooper")], [U("AT-AT"), U("Death Star")], [U("TIE Fighter")]
    return s


def test_oversee_project_deploys_one_unit_from_space_one_or_two() -> None:
    s = oversee_position()
    give(s, "Oversee Project")
    slot = assign(s, IMPERIAL, "Oversee Project", TARKIN)
    s.apply(Reveal(slot))
    systems = {a.system for a in s.legal_actions()}
    assert S("Kessel") in systems and S("Endor") in systems and S("Naboo") not in systems
    s.apply(SystemChoice(S("Kessel")))
    assert isinstance(s.stack[-1], OverseeDeploy)
    check_state(s, Rng(5), "oversee project")
    assert s.legal_actions() == [
        Deploy(U("Stormtrooper"), 1),
        Deploy(U("AT-AT"), 2),
    ]  # no Death Star
    s.apply(Deploy(U("AT-AT"), 2))
    b = s.board
    assert b.units[S("Kessel")][U("AT-AT")] == 1 and b.queue_at(IMPERIAL, 2) == [U("Death Star")]
    assert b.subjugated[S("Kessel")] and rebel_turn(s)


def test_oversee_project_speeds_a_death_star_only_in_its_construction_system() -> None:
    """Research §7.4: the queued Death Star deploys only into its DSUC's system, replacing it."""
    s = oversee_position()
    play(s, "Oversee Project", "Endor")
    assert Deploy(U("Death Star"), 2) in s.legal_actions()
    s.apply(Deploy(U("Death Star"), 2))
    row = s.board.units[S("Endor")]
    assert row[U("Death Star")] == 1 and row[U("Death Star Under Construction")] == 0
    assert s.board.queue_at(IMPERIAL, 2) == [U("AT-AT")] and rebel_turn(s)


def test_rr44_oversee_project_limits() -> None:
    """RR-44: sabotage blocks the deployment; a single choice deploys at once; remote and
    disloyal systems are fine."""
    s = oversee_position()
    s.board.sabotage[S("Kessel")] = True
    play(s, "Oversee Project", "Kessel")
    assert rebel_turn(s) and s.board.queue_at(IMPERIAL, 1) == [U("Stormtrooper")]
    t = position(player="Imperial", units={"Hoth": {"TIE Fighter": 1}})
    t.board.queue_at(IMPERIAL, 1).append(U("Star Destroyer"))
    t.board.queue_at(IMPERIAL, 3).append(U("AT-AT"))  # space 3 is out of reach
    play(t, "Oversee Project", "Hoth")
    assert t.board.units[S("Hoth")][U("Star Destroyer")] == 1 and rebel_turn(t)
    assert t.board.queue_at(IMPERIAL, 3) == [U("AT-AT")]


def test_rr44_oversee_project_into_a_destroyed_system_within_transport() -> None:
    s = position(player="Imperial", units={"Kessel": {"TIE Fighter": 1}})
    s.board.destroyed[S("Kessel")] = True
    s.board.queue_at(IMPERIAL, 1).extend([U("Stormtrooper"), U("Assault Carrier")])
    play(s, "Oversee Project", "Kessel")
    assert s.board.units[S("Kessel")][U("Assault Carrier")] == 1  # the only choice
    assert s.board.queue_at(IMPERIAL, 1) == [U("Stormtrooper")]


def test_oversee_project_revealing_the_base_may_win() -> None:
    s = position(player="Imperial", base="Kessel", units={"Kessel": {"TIE Fighter": 1}})
    s.board.queue_at(IMPERIAL, 1).append(U("Stormtrooper"))
    play(s, "Oversee Project", "Kessel")
    assert s.board.base_revealed and s.is_terminal and s.returns() == [-1.0, 1.0]


# ---------------------------------------------------------------- Superlaser Online
def superlaser_position(**kw: object) -> RebellionState:
    units = {
        "Alderaan": {
            "Death Star": 1, "Stormtrooper": 7, "AT-ST": 3, "Rebel Trooper": 2, "X-wing": 1,
            "Golan Arms Turret": 1,
        },
        "Coruscant": {"Stormtrooper": 1},
    }  # fmt: skip
    return position(player="Imperial", loyalty={"Alderaan": "Rebel"}, units=units, **kw)  # type: ignore[arg-type]


def test_rr45_superlaser_online_destroys_the_system() -> None:
    """RR-45: the system is destroyed with everything it implies; the Empire picks the ground
    units its ships cannot carry, then the system of the region that gains loyalty."""
    s = superlaser_position()
    al = S("Alderaan")
    b = s.board
    b.sabotage[al] = True
    b.markers[al] = 3
    assert b.subjugated[al]
    give(s, "Superlaser Online")
    slot = assign(s, IMPERIAL, "Superlaser Online", TARKIN)
    s.apply(Reveal(slot))
    assert [a.system for a in s.legal_actions()] == [al]
    events = s.apply(SystemChoice(al))
    assert b.destroyed[al] and not b.sabotage[al] and b.markers[al] == 0
    removed = [(e.marker, e.by, e.reason) for e in events if isinstance(e, MarkerRemoved)]
    assert removed == [(0, IMPERIAL, "destroyed"), (1, IMPERIAL, "destroyed")]
    assert b.loyalty[al] == NONE and not b.subjugated[al]
    row = b.units[al]
    assert (
        row[U("Rebel Trooper")] == 0 and row[U("Golan Arms Turret")] == 0 and row[U("X-wing")] == 1
    )
    # 10 Imperial ground units, a Death Star carries 8: the Empire loses 2 of its choice
    assert isinstance(s.stack[-1], LoseGroundUnits) and s.stack[-1].left == 2
    check_state(s, Rng(6), "lose ground units")
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0), Destroy(U("AT-ST"), 0)]
    s.apply(Destroy(U("AT-ST"), 0))
    s.apply(Destroy(U("AT-ST"), 0))
    assert (row[U("Stormtrooper")], row[U("AT-ST")]) == (7, 1)
    assert isinstance(s.stack[-1], RegionLoyalty)
    region = [S("Cato Neimoidia"), S("Corellia"), S("Coruscant")]
    assert s.legal_actions() == [SystemChoice(x) for x in region]
    s.apply(SystemChoice(S("Corellia")))
    assert b.loyalty[S("Corellia")] == IMPERIAL
    assert s.zones["project_discard"] == [card("Superlaser Online")] and rebel_turn(s)
    assert "system_destroyed" in public_kinds(s)


def test_rr45_a_destroyed_system_afterwards() -> None:
    """RR-45: no longer a target for Superlaser Online; no icons, no loyalty, not populous
    (no Rule by Fear, no subjugation), not remote (no Local Reinforcement)."""
    s = superlaser_position()
    al = S("Alderaan")

    def destroyed(doc: dict[str, Any]) -> None:  # a destroyed system holds no loyalty
        doc["destroyed"] = [*doc.get("destroyed", []), "Alderaan"]
        doc.get("loyalty", {}).pop("Alderaan", None)

    amend(s, destroyed)
    give(s, "Superlaser Online")
    slot = assign(s, IMPERIAL, "Superlaser Online", TARKIN)
    assert Reveal(slot) not in s.legal_actions()
    assert all(x != al for x, _ in icon_slots(s, IMPERIAL))
    hoth = S("Hoth")
    s.board.add_unit(U("Shield Bunker"), hoth)
    s.deployed = [0] * (NUM_SYSTEMS + 1)
    assert hoth in deploy_targets(s, IMPERIAL, U("Stormtrooper"))
    s.board.destroyed[hoth] = True
    assert hoth not in deploy_targets(s, IMPERIAL, U("Stormtrooper"))


def test_rr45_superlaser_online_on_the_hidden_base_wins() -> None:
    """RR-45, research §4.1: destroying the Rebel base's system wins at once, even hidden."""
    s = superlaser_position(base="Alderaan")
    assert not s.board.base_revealed
    play(s, "Superlaser Online", "Alderaan")
    assert s.is_terminal and s.returns() == [-1.0, 1.0]
    over = [e for e in s.log if e.kind == "game_over"]
    assert over[-1].reason == "the Rebel base's system was destroyed"  # type: ignore[attr-defined]
    assert "base_revealed" not in public_kinds(s)


def test_rr45_one_kind_of_excess_unit_needs_no_choice_and_the_region_may_be_empty() -> None:
    s = position(player="Imperial", units={"Hoth": {"Death Star": 1, "Stormtrooper": 9}})
    play(s, "Superlaser Online", "Hoth")
    assert s.board.units[S("Hoth")][U("Stormtrooper")] == 8
    assert isinstance(s.stack[-1], RegionLoyalty)  # Bespin and Mustafar: region 4
    assert s.legal_actions() == [SystemChoice(S("Bespin")), SystemChoice(S("Mustafar"))]


def test_superlaser_online_needs_a_real_death_star() -> None:
    s = position(player="Imperial", units={"Endor": {"Death Star Under Construction": 1}})
    give(s, "Superlaser Online")
    slot = assign(s, IMPERIAL, "Superlaser Online", TARKIN)
    assert Reveal(slot) not in s.legal_actions()


# ---------------------------------------------------------------- Interdictor Development
def test_interdictor_development_queue_space_by_leaders() -> None:
    """RR-13: requirement 1; space 2 with one leader, space 1 with two."""
    s = position(player="Imperial")
    give(s, "Interdictor Development")
    slot = assign(s, IMPERIAL, "Interdictor Development", TAGGE)
    s.apply(Reveal(slot))
    assert isinstance(s.stack[-1], MissionSystem) and len(s.legal_actions()) == NUM_SYSTEMS
    s.apply(SystemChoice(S("Kessel")))
    assert s.board.queue_at(IMPERIAL, 2) == [U("Interdictor")] and rebel_turn(s)
    t = position(player="Imperial")
    play(t, "Interdictor Development", "Kessel", TAGGE, "Darth Vader")
    assert t.board.queue_at(IMPERIAL, 1) == [U("Interdictor")]
    assert t.board.queue_at(IMPERIAL, 2) == []


# ---------------------------------------------------------------- Single Reactor Ignition
def test_rr46_single_reactor_ignition_reveals_the_base_and_destroys_rebel_ground() -> None:
    """RR-46: reveal first (the Rebel Base space empties into the system), then every Rebel
    ground unit there is destroyed and the target markers removed; no combat follows."""
    s = position(
        player="Imperial",
        base="Hoth",
        units={"Hoth": {"Death Star": 1}, "Rebel Base": {"Rebel Trooper": 2, "X-wing": 1}},
    )
    hoth = S("Hoth")
    s.board.markers[hoth] = 1
    give(s, "Single Reactor Ignition")
    slot = assign(s, IMPERIAL, "Single Reactor Ignition", TARKIN)
    s.apply(Reveal(slot))
    assert [a.system for a in s.legal_actions()] == [hoth]
    events = s.apply(SystemChoice(hoth))
    b = s.board
    removed = [(e.marker, e.by, e.reason) for e in events if isinstance(e, MarkerRemoved)]
    assert removed == [(0, IMPERIAL, "Single Reactor Ignition")]
    assert b.base_revealed and b.units[REBEL_BASE] == [0] * len(b.units[REBEL_BASE])
    assert b.units[hoth][U("Rebel Trooper")] == 0 and b.units[hoth][U("X-wing")] == 1
    assert b.markers[hoth] == 0 and not s.is_terminal and rebel_turn(s)
    assert not s.battle.active


def test_rr46_single_reactor_ignition_wins_when_no_rebel_unit_is_left() -> None:
    s = position(
        player="Imperial",
        base="Hoth",
        units={"Hoth": {"Death Star": 1}, "Rebel Base": {"Rebel Trooper": 2}},
    )
    play(s, "Single Reactor Ignition", "Hoth")
    assert s.is_terminal and s.returns() == [-1.0, 1.0]


def test_rr46_single_reactor_ignition_elsewhere() -> None:
    s = position(
        player="Imperial",
        base="Dantooine",
        units={"Hoth": {"Death Star": 1, "Rebel Trooper": 3, "Airspeeder": 1}},
    )
    play(s, "Single Reactor Ignition", "Hoth")
    b = s.board
    assert not b.base_revealed and b.count(S("Hoth"), REBEL) == 0
    assert "base_not_here" in public_kinds(s) and rebel_turn(s)
    assert b.ruled_out[S("Hoth")]  # the Empire's determinisations keep the base out of it


# ---------------------------------------------------------------- the hand limit
def test_hand_limit_discards_projects_down_to_ten() -> None:
    """Research §4.5 step 2: projects count toward 10; starting missions are never
    discarded; one discard at a time, to the public project discard."""
    s = position(player="Rebel", time=2)
    held = ["Superlaser Online", "Oversee Project", "Construct Factory", "Construct Death Star",
            "Interdictor Development", "Single Reactor Ignition", "Construct Super Star Destroyer"]  # fmt: skip
    for name in held:
        give(s, name)
    give(s, "Superlaser Online", 1)
    s.zones["mission_deck1"].clear()  # the Refresh draws no mission card: projects only
    edited(s, "the Imperial mission deck emptied")
    assert len(s.zones["missions1"]) == 12
    probes = len(s.zones["probe_hand"])
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], DiscardMission) and s.current_player == IMPERIAL
    check_state(s, Rng(10), "hand limit")
    legal = s.legal_actions()
    assert len(legal) == 7 and Discard(card("Superlaser Online")) in legal
    assert not any(MISSIONS[mission_of(a.card)].starting for a in legal if isinstance(a, Discard))
    assert len(s.zones["probe_hand"]) == probes  # step 3 waits for the discards
    s.apply(Discard(card("Superlaser Online")))
    assert isinstance(s.stack[-1], DiscardMission)
    assert Discard(card("Superlaser Online", 1)) in s.legal_actions()
    s.apply(Discard(card("Construct Factory")))
    assert len(s.zones["missions1"]) == 10
    assert sorted(s.zones["project_discard"]) == [
        card("Construct Factory"),
        card("Superlaser Online"),
    ]
    assert s.view(REBEL)["zones"]["project_discard"]["count"] == 2
    assert len(s.zones["probe_hand"]) == probes + 2  # then the Refresh Phase goes on


def test_a_hand_of_ten_keeps_everything() -> None:
    s = position(player="Rebel")
    for name in ("Superlaser Online", "Oversee Project", "Construct Factory",
                 "Construct Death Star", "Interdictor Development", "Single Reactor Ignition"):  # fmt: skip
        give(s, name)
    s.zones["mission_deck1"].clear()  # the Refresh draws no mission card: projects only
    edited(s, "the Imperial mission deck emptied")
    s.apply(Pass())
    s.apply(Pass())
    assert len(s.zones["missions1"]) == 10 and not isinstance(s.stack[-1], DiscardMission)


# ---------------------------------------------------------------- assigning and revealing projects
def test_project_copies_are_offered_once_for_assignment() -> None:
    s = position(phase="assignment", player="Imperial")
    give(s, "Superlaser Online", 1)
    give(s, "Superlaser Online", 2)
    ids = {a.card for a in s.legal_actions() if a.kind == "assign"}  # type: ignore[attr-defined]
    assert card("Superlaser Online", 1) in ids
    assert card("Superlaser Online", 2) not in ids


def test_unrevealed_projects_go_back_to_hand() -> None:
    s = position(player="Imperial")
    give(s, "Oversee Project")
    assign(s, IMPERIAL, "Oversee Project", TARKIN)
    s.passed[REBEL] = True
    s.apply(Pass())
    assert card("Oversee Project") in s.zones["missions1"]
    assert not s.zones["project_discard"]


def test_imperial_loyalty_gained_reveals_the_hidden_base() -> None:
    """Research §6.1: Imperial loyalty in the base's system reveals it (Rule by Fear there)."""
    s = position(player="Imperial", base="Naboo", units={"Naboo": {"TIE Fighter": 1}})
    slot = assign(s, IMPERIAL, "Rule by Fear", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Naboo")))
    s.apply(Pass())
    assert s.board.loyalty[S("Naboo")] == IMPERIAL and s.board.base_revealed
    assert s.is_terminal and s.returns() == [-1.0, 1.0]  # Imperial units and no Rebel unit


# ---------------------------------------------------------------- bad project data
def _missions_copy(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, d)
    return d / "missions.toml"


def test_bad_project_unit_names_row_and_field(tmp_path: Path) -> None:
    p = _missions_copy(tmp_path)
    p.write_text(p.read_text().replace('unit = "Interdictor"', 'unit = "Interdicter"', 1))
    with pytest.raises(CardDataError) as err:
        data.load("missions.toml", "mission", data.MissionDef, p.parent)
    msg = str(err.value)
    assert "(Interdictor Development)" in msg and "unit" in msg and "'Interdicter'" in msg


def test_a_project_is_not_a_starting_mission(tmp_path: Path) -> None:
    p = _missions_copy(tmp_path)
    text = p.read_text()
    i = text.index('name = "Oversee Project"')
    p.write_text(text[:i] + text[i:].replace("starting = false", "starting = true", 1))
    with pytest.raises(CardDataError, match=r"not a starting mission.*\(Oversee Project\)"):
        data.load("missions.toml", "mission", data.MissionDef, p.parent)
