"""One scenario test per ruling (RR ids in RULINGS.md) not pinned in a file of its own."""

from __future__ import annotations

from typing import Any

from rr_helpers import amend, command_phase, fixed_game, new

from rebellion_rote import GAME
from rebellion_rote.actions import Activate, MissionSet, Move, Pass, Stop, SystemChoice
from rebellion_rote.board import Board, update_subjugation
from rebellion_rote.data import (
    BASE_TACTICS,
    DICE,
    IMPERIAL,
    LEADERS,
    PROJECTS,
    REBEL,
    SYSTEMS,
    TACTICS,
    TIME_TRACK,
    UNITS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import ChooseDsucSystem, ChooseMissionSet, PlaceUnits
from rebellion_rote.ids import tactic_card, tactic_of
from tabletop import Rng


def test_rr01_cinematic_combat_only() -> None:
    """RR-01: Rise of the Empire always on; only the advanced tactic decks, 8 a deck, public."""
    s = new(0)
    for p in (REBEL, IMPERIAL):
        for th in ("space", "ground"):
            deck = s.zones[f"tactics_{p}_{th}"]
            assert len(deck) == 8
            assert all(
                TACTICS[tactic_of(c)].theater == th
                and TACTICS[tactic_of(c)].side == ("Rebel", "Imperial")[p]
                for c in deck
            )
            assert s.view(1 - p)["zones"][f"tactics_{p}_{th}"]["cards"] == deck  # public
            assert not s.zones[f"tactic_discard_{p}_{th}"]
    assert s.game.num_players() == 2
    assert any(u.expansion for u in UNITS) and any(x.expansion for x in LEADERS)


def test_rr13_rise_of_the_empire_projects_follow_rr13() -> None:
    """RR-13: the Rise of the Empire projects are resolve cards: requirement 1, one copy."""
    roe = [p for p in PROJECTS if p.name in ("Interdictor Development", "Single Reactor Ignition")]
    assert len(roe) == 2
    assert all((p.mode, p.requirement, p.copies) == ("resolve", 1, 1) for p in roe)


def test_rr14_base_tactic_decks_are_docs_only() -> None:
    """RR-14: the base decks per JC (15 + 15, the space deck with one Onslaught and one
    Unstoppable Assault), in the card reference, never dealt (RR-01)."""
    count = {
        th: sum(c.copies for c in BASE_TACTICS if c.theater == th) for th in ("space", "ground")
    }
    assert count == {"space": 15, "ground": 15}
    space = {c.name: c.copies for c in BASE_TACTICS if c.theater == "space"}
    assert space["Onslaught"] == 1 and space["Unstoppable Assault"] == 1
    assert any(group.startswith("Base tactic cards") for group in GAME.cards)
    s = new(0)
    advanced = {tactic_card(i) for i in range(len(TACTICS))}
    dealt = {c for name, z in s.zones.items() if name.startswith("tactic") for c in z}
    assert dealt == advanced  # only the 32 advanced cards are in the game


def test_rr03_starting_unit_options() -> None:
    """RR-03: the Rise of the Empire list by default; 'base' and 'fixed' are options."""
    s = new(0, first_game=True)
    assert isinstance(s.stack[-1], ChooseDsucSystem)
    base = new(0, setup="base", first_game=True)
    d = base.stack[-1]
    assert isinstance(d, PlaceUnits) and d.remaining[unit_id("Death Star")] == 1
    assert d.remaining[unit_id("TIE Striker")] == 0
    fixed = new(0, setup="fixed", first_game=True)
    assert fixed.board.units[system_id("Mandalore")][unit_id("Death Star")] == 1
    try:
        new(0, setup="fast")
    except ValueError as exc:
        assert "setup must be one of" in str(exc)
    else:
        raise AssertionError("a bad setup option was accepted")


def test_rr04_mission_set_choice() -> None:
    """RR-04: each side chooses its mission set at set-up; first_game=True skips it."""
    s = new(0)
    assert isinstance(s.stack[-1], ChooseMissionSet) and s.current_player == REBEL
    assert s.legal_actions() == [MissionSet(False), MissionSet(True)]
    s.apply(MissionSet(False))
    assert isinstance(s.stack[-1], ChooseMissionSet) and s.current_player == IMPERIAL
    s.apply(MissionSet(True))
    assert s.mission_set == [0, 1] and s.sets_revealed
    assert any(e.kind == "mission_sets_revealed" for e in s.log)
    skip = new(0, first_game=True)
    assert skip.mission_set == [1, 1] and not isinstance(skip.stack[-1], ChooseMissionSet)


def test_rr05_dice_faces() -> None:
    """RR-05: red and black 2 hit, 1 direct hit, 1 special, 2 blank; green 2 direct hit, 4 blank."""
    by = {d.name: d for d in DICE}
    for colour in ("red", "black"):
        assert sorted(by[colour].faces) == sorted(
            ["hit", "hit", "direct_hit", "special", "blank", "blank"]
        )
        assert by[colour].combat_cap == 5
    assert sorted(by["green"].faces) == sorted(["direct_hit"] * 2 + ["blank"] * 4)
    assert by["green"].combat_cap == 3


def test_rr06_dsuc_health() -> None:
    """RR-06: the Death Star Under Construction has 4 black health and rolls nothing."""
    dsuc = UNITS[unit_id("Death Star Under Construction")]
    assert (dsuc.health, dsuc.health_colour, dsuc.immobile) == (4, "black", True)
    assert dsuc.attack_black == dsuc.attack_red == dsuc.attack_green == 0


def test_rr07_mon_calamari_capacity() -> None:
    """RR-07: the Mon Calamari Cruiser carries 4."""
    assert UNITS[unit_id("Mon Calamari Cruiser")].capacity == 4


def test_rr08_palpatine() -> None:
    """RR-08: Emperor Palpatine has Diplomacy 3, Intel 2, tactics 3/2."""
    p = LEADERS[leader_id("Emperor Palpatine")]
    assert (p.diplomacy, p.intel, p.spec_ops, p.logistics, p.space, p.ground) == (3, 2, 0, 0, 3, 2)


def test_rr09_ord_mantell_icons() -> None:
    """RR-09: Ord Mantell's space circle is left-most."""
    assert SYSTEMS[system_id("Ord Mantell")].icons == ("space_circle", "ground_circle")


def test_rr10_time_track() -> None:
    """RR-10: 16 spaces, recruit on 2-5, build on even spaces 2-14; time 1, reputation 14."""
    assert TIME_TRACK.length == 16
    assert [x.number for x in TIME_TRACK.spaces if x.recruit] == [2, 3, 4, 5]
    assert [x.number for x in TIME_TRACK.spaces if x.build] == [2, 4, 6, 8, 10, 12, 14]
    assert (TIME_TRACK.time_start, TIME_TRACK.reputation_start) == (1, 14)
    b = new(0).board
    assert (b.time, b.reputation) == (1, 14)


def test_rr11_rote_leaders() -> None:
    """RR-11: the Rise of the Empire leaders of research §8.3, Krennic's skills official."""
    table = {
        "Director Krennic": (2, 2, (0, 1, 1, 1), (0, 2, 0, 0)),
        "Jabba the Hutt": (0, 0, (2, 2, 0, 0), (1, 1, 0, 0)),
        "Admiral Motti": (2, 1, (0, 0, 0, 1), (1, 1, 0, 0)),
        "Krennic's Finest": (1, 3, (0, 0, 2, 0), (0, 0, 2, 0)),
        "Jyn Erso": (1, 2, (1, 1, 1, 0), (0, 2, 1, 0)),
        "Cassian Andor": (2, 1, (0, 2, 0, 1), (0, 2, 0, 0)),
        "Chirrut Îmwe": (1, 2, (1, 0, 2, 0), (2, 0, 0, 0)),
        "Saw Gerrera": (1, 3, (0, 0, 1, 1), (0, 0, 2, 0)),
    }
    for name, (sp, gr, major, minor) in table.items():
        x = LEADERS[leader_id(name)]
        assert (x.space, x.ground) == (sp, gr), name
        assert (x.diplomacy, x.intel, x.spec_ops, x.logistics) == major, name
        assert (x.minor_diplomacy, x.minor_intel, x.minor_spec_ops, x.minor_logistics) == minor, (
            name
        )
        assert x.expansion and x.recruit and not x.starting
    assert {x.name for x in LEADERS if x.expansion} == set(table)


def test_rr12_rote_supply() -> None:
    """RR-12: 18 expansion figures a side; per type the estimates plus one U-wing."""
    want = {
        "TIE Striker": 6, "Assault Tank": 6, "Shield Bunker": 3, "Interdictor": 3,
        "U-wing": 5, "Nebulon-B Frigate": 4, "Rebel Vanguard": 6, "Golan Arms Turret": 3,
    }  # fmt: skip
    assert {u.name: u.supply for u in UNITS if u.expansion} == want


def test_rr15_simultaneous_choice_hidden() -> None:
    """RR-15: the Rebels choose first; the Empire cannot see the choice until both are in."""
    s = new(0)
    s.apply(MissionSet(True))
    v = s.view(IMPERIAL)
    assert v["state"]["mission_set"] == [-2, None]  # chosen, face down
    assert all(e["kind"] != "mission_set_chosen" for e in v["log"])
    assert s.view(REBEL)["state"]["mission_set"] == [1, None]
    # a determinisation for the Empire re-deals the face-down choice
    seen = {s.resample(IMPERIAL, Rng(k)).mission_set[REBEL] for k in range(20)}  # type: ignore[attr-defined]
    assert seen == {0, 1}
    s.apply(MissionSet(False))
    assert s.view(IMPERIAL)["state"]["mission_set"] == [1, 0]


def test_rr17_hidden_information() -> None:
    """RR-17: base, probe deck and hand, mission hands and assignments hidden; tactic decks public."""
    s = command_phase("Dantooine")
    emp, reb = s.view(IMPERIAL), s.view(REBEL)
    assert "cards" not in emp["zones"]["base"] and reb["zones"]["base"]["cards"] == [
        system_id("Dantooine")
    ]
    for v in (emp, reb):
        assert "cards" not in v["zones"]["probe_deck"]
    assert "cards" not in emp["zones"]["missions0"] and "cards" not in reb["zones"]["missions1"]
    assert "cards" in emp["zones"]["missions1"] and "cards" in reb["zones"]["missions0"]
    assert (
        "cards" in emp["zones"]["tactics_0_space"]
        and "cards" in reb["zones"]["tactic_discard_1_ground"]
    )
    spectator = s.view(None)
    assert (
        "cards" not in spectator["zones"]["base"] and "cards" not in spectator["zones"]["missions0"]
    )
    # the Imperial view is the same whatever the base is
    for k in range(5):
        r = s.resample(IMPERIAL, Rng(k))
        assert (
            r.view(IMPERIAL)["state"] == emp["state"] and r.view(IMPERIAL)["zones"] == emp["zones"]
        )


def test_rr18_empire_wins_at_once() -> None:
    """RR-18: the Empire's win is checked the moment movement ends (see also test_rr_phases)."""
    s = command_phase("Dantooine")
    s.apply(Pass())  # the Rebels pass

    def edit(doc: dict[str, Any]) -> None:  # nothing on the Rebel Base space
        units = doc["units"]
        units.pop("Rebel Base", None)
        row = units.setdefault("Dathomir", {})
        for unit in ("Star Destroyer", "Stormtrooper"):
            row[unit] = row.get(unit, 0) + 1

    amend(s, edit)
    s.apply(SystemChoice(system_id("Dantooine")))
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(Move(unit_id("Star Destroyer"), system_id("Dathomir")))
    s.apply(Move(unit_id("Stormtrooper"), system_id("Dathomir")))
    s.apply(Stop())
    assert s.is_terminal and s.returns() == [-1.0, 1.0] and s.legal_actions() == []
    assert s.game.make_options(None).max_rounds == 20


def test_rr19_swarm_tactics_two_damage() -> None:
    """RR-19: Swarm Tactics' top ability deals 2 damage when the Empire has more fighters."""
    card = next(t for t in TACTICS if t.name == "Swarm Tactics")
    (eff,) = card.top.effects
    assert (eff.kind, eff.amount, eff.condition) == ("damage", 2, "more_fighters")
    assert card.top.requires == "TIE Fighter"
    (low,) = card.bottom.effects
    assert (low.kind, low.amount, low.colour) == ("damage", 1, "black")


def test_rr20_intercept_hits_its_theater() -> None:
    """RR-20: Intercept (a space card) destroys 1 Rebel triangle-icon unit in space."""
    card = next(t for t in TACTICS if t.name == "Intercept")
    assert card.theater == "space" and card.top.requires == "TIE Striker"
    (eff,) = card.top.effects
    assert (eff.kind, eff.amount, eff.targets) == ("destroy", 1, ("triangle",))
    hit = {u.name for u in UNITS if u.side == "Rebel" and u.theater == card.theater and u.triangle}
    assert hit == {"X-wing", "Y-wing", "U-wing", "Rebel Transport"}


def test_rr21_only_populous_systems_are_subjugated() -> None:
    """RR-21: Imperial ground units in a remote or destroyed system subjugate nothing."""
    b = Board()
    st = unit_id("Stormtrooper")
    hoth, kessel = system_id("Hoth"), system_id("Kessel")
    b.add_unit(st, hoth)
    assert not b.subjugated[hoth]
    b.destroyed[kessel] = True
    b.add_unit(st, kessel)
    assert not update_subjugation(b, kessel) and not b.subjugated[kessel]
    b.destroyed[kessel] = False
    assert update_subjugation(b, kessel) and b.subjugated[kessel]


def test_rr17_determinisation_keeps_the_base_where_it_could_hide() -> None:
    """RR-17: a re-dealt base for the Empire never lands where it would have been revealed."""
    from rebellion_rote.position import position

    loyal = {"Naboo": "Imperial", "Kessel": "Imperial"}
    s = position(
        base="Hoth", units={"Endor": {"Stormtrooper": 1}}, loyalty=loyal, player="Imperial"
    )
    bad = {system_id("Endor"), system_id("Naboo"), system_id("Kessel")}
    for k in range(40):
        r = s.resample(IMPERIAL, Rng(k))
        assert r.base not in bad  # type: ignore[attr-defined]


def test_rr17_determinisation_remembers_searched_systems() -> None:
    """RR-17: a system Imperial ground units searched at a base-reveal check stays ruled out
    for the Empire's determinisation after they leave; before the check (during the move)
    the base may still be there. The ruled-out systems are public (the view shows them, and
    a determinisation does not change them)."""
    from rebellion_rote.position import position

    naboo, utapau = system_id("Naboo"), system_id("Utapau")
    sd, st = unit_id("Star Destroyer"), unit_id("Stormtrooper")
    s = position(
        base="Hoth", units={"Utapau": {"Star Destroyer": 1, "Stormtrooper": 2}}, player="Imperial"
    )
    assert s.board.ruled_out[utapau] and not s.board.ruled_out[naboo]
    s.apply(SystemChoice(naboo))
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(Move(sd, utapau))
    s.apply(Move(st, utapau))
    # Imperial ground units are in Naboo, but the base-reveal check comes with Stop
    seen = {s.resample(IMPERIAL, Rng(k)).base for k in range(200)}  # type: ignore[attr-defined]
    assert naboo in seen and utapau not in seen
    s.apply(Stop())
    assert not s.board.base_revealed and s.board.ruled_out[naboo]
    b = s.board
    b.remove_unit(st, naboo)  # destroyed, say, in a later battle
    update_subjugation(b, naboo)
    assert b.count(naboo, IMPERIAL, "ground") == 0 and b.ruled_out[naboo]
    view = s.view(IMPERIAL)
    assert view["state"]["ruled_out"] == s.board.ruled_out
    for k in range(60):
        r = s.resample(IMPERIAL, Rng(k))
        assert r.base not in (naboo, utapau)  # type: ignore[attr-defined]
        assert r.view(IMPERIAL)["state"] == view["state"]


def test_rr17_a_move_from_the_rebel_base_space_shows_the_base_is_near() -> None:
    """RR-17: units leave the Rebel Base space only for the base's system or one next to
    it (research §4.3), so the Empire's determinisation keeps the base there."""
    from rebellion_rote.data import ADJACENT, REBEL_BASE
    from rebellion_rote.position import position

    bespin = system_id("Bespin")
    s = position(base="Hoth", units={"Rebel Base": {"X-wing": 1}})
    s.apply(SystemChoice(bespin))
    s.apply(Activate(leader_id("Princess Leia")))
    s.apply(Move(unit_id("X-wing"), REBEL_BASE))
    near = {bespin, *ADJACENT[bespin]}
    assert [x for x in range(len(SYSTEMS)) if not s.board.ruled_out[x]] == sorted(near)
    seen = {s.resample(IMPERIAL, Rng(k)).base for k in range(60)}  # type: ignore[attr-defined]
    assert seen == near


def test_rr17_relocation_starts_the_notes_again() -> None:
    """RR-17: a relocated base may be in a system ruled out before, but not in one with
    Imperial loyalty, Imperial units or a destroyed marker (research §6.1)."""
    from rebellion_rote.board import new_base_allowed
    from rebellion_rote.position import position
    from rebellion_rote.rules.mobilization import relocate

    naboo, kessel, utapau = system_id("Naboo"), system_id("Kessel"), system_id("Utapau")
    s = position(units={"Kessel": {"TIE Fighter": 1}})
    b = s.board
    b.ruled_out[naboo] = True  # searched earlier, the units gone since
    assert not b.ruled_out[kessel]  # ships alone search nothing
    s.move(utapau, "probe_deck", "probe_look")
    relocate(s, utapau)
    assert s.base == utapau and not b.base_revealed
    assert b.ruled_out == [not new_base_allowed(b, x) for x in range(len(SYSTEMS))]
    assert b.ruled_out[kessel] and not b.ruled_out[naboo]


def test_rr17_the_real_base_is_never_ruled_out() -> None:
    """RR-17: in random games of every set-up, a hidden base's system is never ruled out, so
    the real state is always among the Empire's determinisations; a determinisation's base
    is never ruled out either (in the first game: never with or next to Imperial units)."""
    from rebellion_rote.board import adjacent
    from tabletop.bots import RandomBot

    for g, setup in enumerate(("rote", "base", "fixed") * 2):
        s = new(g, setup=setup)
        bot = RandomBot(g)
        steps = 0
        while not s.is_terminal:
            s.apply(bot.choose(s))
            steps += 1
            b = s.board
            if s.zones["base"] and not b.base_revealed:
                assert not b.ruled_out[s.base], (g, steps)
                if steps % 40 == 0:
                    r = s.resample(IMPERIAL, Rng(steps))
                    assert not b.ruled_out[r.base]  # type: ignore[attr-defined]
        s = fixed_game("Dantooine", g)
        b = s.board
        occupied = [x for x in range(len(SYSTEMS)) if b.has_units(x, IMPERIAL)]
        for k in range(20):
            base = s.resample(IMPERIAL, Rng(k)).base  # type: ignore[attr-defined]
            assert base not in occupied and not any(adjacent(base, x) for x in occupied)
