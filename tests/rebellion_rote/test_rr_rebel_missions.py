"""The Rebel mission deck (research §7.2, §4.4, §6.1-§6.3, §7.4; research-2 §2.1, §2.4,
§4.2, §4.3; RR-83..RR-94): every card, scenarios with exact outcomes; the roll-off's
window for abilities on the dice and the Master Yoda ring."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rr_helpers import amend, assign, give_mission

from rebellion_rote.actions import (
    Assign,
    Destroy,
    Move,
    Objective,
    Oppose,
    Option,
    Pass,
    Place,
    ProbePlace,
    QueueDestroy,
    Reveal,
    Stop,
    SystemChoice,
    Target,
    YodaReroll,
)
from rebellion_rote.battle import Battle
from rebellion_rote.board import BOARD, MISSION, NO_RING, OFF, POOL, SUPPLY
from rebellion_rote.data import (
    DECK_MISSIONS,
    IMPERIAL,
    MISSIONS,
    OBJECTIVES,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    UNITS,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AfterMissionRoll,
    AttackActions,
    BaseMove,
    ChooseMisdirected,
    ChooseOption,
    ChooseRingLeader,
    Combat,
    CommandTurn,
    DemolishQueue,
    FactoryBuild,
    FollowRescued,
    GainUnits,
    KeepObjective,
    MissionDestroy,
    OpposeMission,
    OrderObjectives,
    PlaceProbe,
    RaidQueue,
    RapidMobilization,
    ReassignLeader,
    ReassignMission,
)
from rebellion_rote.ids import mission_card, mission_of, objective_card
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.rules.combat.attacks import step_attack
from rebellion_rote.rules.mission_deck import deck_cards
from rebellion_rote.rules.missions import BUILT, EFFECTS, WHERE
from rebellion_rote.rules.objectives import STAGE
from rebellion_rote.rules.recruit import recruitable
from rebellion_rote.rules.rings import YODA, attach
from rebellion_rote.state import RebellionState
from tabletop import Rng
from tabletop.testing import check_state

U = unit_id
S = system_id
L = leader_id
LEIA, MOTHMA, DODONNA, RIEEKAN = (
    L("Princess Leia"),
    L("Mon Mothma"),
    L("Jan Dodonna"),
    L("General Rieekan"),
)
LUKE, JEDI, HAN, LANDO = (
    L("Luke Skywalker"),
    L("Luke Skywalker (Jedi)"),
    L("Han Solo"),
    L("Lando Calrissian"),
)
CHEWIE, MADINE, WEDGE, OBI_WAN = (
    L("Chewbacca"),
    L("General Madine"),
    L("Wedge Antilles"),
    L("Obi-Wan Kenobi"),
)
ACKBAR = L("Admiral Ackbar")
VADER, TARKIN, TAGGE, PALPATINE = (
    L("Darth Vader"),
    L("Grand Moff Tarkin"),
    L("General Tagge"),
    L("Emperor Palpatine"),
)
KESSEL, NABOO, DAGOBAH, KASHYYYK = S("Kessel"), S("Naboo"), S("Dagobah"), S("Kashyyyk")
MON_CALAMARI, MALASTARE, YAVIN = S("Mon Calamari"), S("Malastare"), S("Yavin")
REBEL_SET = {
    "Base Defenses": 1,
    "Contingency Plan": 1,
    "Covert Operation": 1,
    "Daring Rescue": 2,
    "Demolition": 1,
    "Establish Trade Relations": 1,
    "For the Greater Good": 1,
    "Hidden Fleet": 3,
    "Hit and Run": 2,
    "Incite Rebellion": 2,
    "Lead the Strike Team": 1,
    "Misdirection": 1,
    "Plan the Assault": 1,
    "Plant False Lead": 1,
    "Public Uprising": 1,
    "Rogue Squadron Raid": 1,
    "Seek Yoda": 1,
    "Stolen Plans": 1,
    "Support of Mon Calamari": 1,
    "Wookiee Uprising": 1,
}


# ---------------------------------------------------------------- helpers
def card(name: str, copy: int = 0) -> int:
    """The card id of copy ``copy`` of mission ``name``."""
    return [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name][copy]


def give(s: RebellionState, name: str) -> int:
    """Put the first copy of card ``name`` into the Rebels' hand: from their deck, or with
    the base mission set for a base-set card (``position`` deals the first game's decks)."""
    return give_mission(s, REBEL, name)


def play(s: RebellionState, name: str, system: int, *leaders: str) -> None:
    """The Rebels reveal ``name`` (given from the deck) with ``leaders`` and choose ``system``."""
    give(s, name)
    slot = assign(s, REBEL, name, *leaders)
    assert Reveal(slot) in s.legal_actions(), name
    s.apply(Reveal(slot))
    assert SystemChoice(system) in s.legal_actions()
    s.apply(SystemChoice(system))


def systems_for(s: RebellionState, name: str, *leaders: str) -> set[int]:
    """The systems ``name`` may be played in (revealed on a copy of the state)."""
    t = s.clone()
    assert isinstance(t, RebellionState)
    give(t, name)
    slot = assign(t, REBEL, name, *leaders)
    if Reveal(slot) not in t.legal_actions():
        return set()
    t.apply(Reveal(slot))
    return {a.system for a in t.legal_actions() if isinstance(a, SystemChoice)}


def rolled(s: RebellionState) -> list[tuple[int, int, int]]:
    """(side, dice rolled, successes) of each MissionRolled event."""
    return [
        (e.player, len(e.dice) + len(e.green), e.successes)  # type: ignore[attr-defined]
        for e in s.log
        if e.kind == "mission_rolled"
    ]


def unit_name(u: int) -> str:
    return UNITS[u].name


def kinds_seen(s: RebellionState, player: int) -> list[str]:
    return [e["kind"] for e in s.view(player)["log"]]


def rebel_turn_next(s: RebellionState) -> bool:
    """The mission is over: the Empire's Command turn."""
    return isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL


def obj(name: str, stage: int = 0) -> int:
    return objective_card(
        next(i for i, o in enumerate(OBJECTIVES) if o.name == name and stage in (0, o.stage))
    )


# ================================================================ the deck (RR-83)
def test_rr83_the_rebel_deck_cards_copies_and_sets() -> None:
    """RR-83: the 20 Rebel deck cards of the base game (25 with copies) and their facts; the
    base set has all of them, the Rise of the Empire set the 12 with a leader portrait (the
    expansion's own cards: test_rr_roe_missions.py)."""
    rows = [m for m in DECK_MISSIONS[REBEL] if m.box == "base"]
    assert {m.name: m.copies for m in rows} == REBEL_SET
    assert len(rows) == 20 and sum(m.copies for m in rows) == 25
    by = {m.name: m for m in rows}
    assert (by["Daring Rescue"].skill, by["Daring Rescue"].requirement) == ("intel", 2)
    assert (by["Covert Operation"].skill, by["Covert Operation"].requirement) == ("intel", 3)
    assert by["Base Defenses"].where == "rebel_system"
    assert by["Contingency Plan"].where == "any" and by["Contingency Plan"].mode == "resolve"
    assert {m.name: m.system for m in rows if m.system} == {
        "Seek Yoda": "Dagobah",
        "Support of Mon Calamari": "Mon Calamari",
        "Wookiee Uprising": "Kashyyyk",
    }
    portraits = {m.name: m.portrait for m in rows if m.portrait}
    assert portraits == {
        "Base Defenses": "General Rieekan",
        "Contingency Plan": "Lando Calrissian",
        "Establish Trade Relations": "Mon Mothma",
        "For the Greater Good": "Obi-Wan Kenobi",
        "Lead the Strike Team": "Han Solo",
        "Misdirection": "General Madine",
        "Plan the Assault": "Jan Dodonna",
        "Rogue Squadron Raid": "Wedge Antilles",
        "Seek Yoda": "Luke Skywalker",
        "Stolen Plans": "Princess Leia",
        "Support of Mon Calamari": "Admiral Ackbar",
        "Wookiee Uprising": "Chewbacca",
    }
    for m in rows:  # an attempt card's portrait adds 2 successes (research §4.4 step 5)
        assert m.portrait_successes == (2 if m.portrait and m.mode == "attempt" else 0), m.name
        assert m.side == "Rebel" and not m.starting and not m.project and m.text and m.source
    in_box = [
        mission_of(c) for c in deck_cards(REBEL, False) if MISSIONS[mission_of(c)].box == "base"
    ]
    base = Counter(MISSIONS[i].name for i in in_box)
    assert base == REBEL_SET and sum(base.values()) == 25
    roe = Counter(
        MISSIONS[mission_of(c)].name
        for c in deck_cards(REBEL, True)
        if MISSIONS[mission_of(c)].box == "base"
    )
    assert roe == {name: 1 for name in portraits}


def test_set_up_builds_the_rebel_deck_of_the_chosen_set() -> None:
    """The first game (the Rise of the Empire set) and a chosen base set: the Rebels' deck
    and the 2 cards drawn hold exactly that set's cards, shuffled and hidden."""
    from rr_helpers import new

    from rebellion_rote.actions import MissionSet

    def set_up(s: RebellionState) -> list[int]:
        while s.phase == "setup":
            s.apply(s.legal_actions()[0])
        assert "cards" not in s.view(IMPERIAL)["zones"]["missions0"]
        assert "cards" not in s.view(REBEL)["zones"]["mission_deck0"]
        hand = s.zones["missions0"]
        drawn = [c for c in hand if not MISSIONS[mission_of(c)].starting]
        assert len(hand) == 6 and len(drawn) == 2
        return sorted(s.zones["mission_deck0"] + drawn)

    assert set_up(new(3, first_game=True)) == deck_cards(REBEL, True)  # 31 cards (RR-52)
    base = new(3)
    base.apply(MissionSet(False))  # the Rebels choose the base set
    base.apply(MissionSet(True))
    assert set_up(base) == deck_cards(REBEL, False) and len(deck_cards(REBEL, False)) == 29


def test_every_effect_and_where_of_the_deck_is_built() -> None:
    for m in DECK_MISSIONS[REBEL]:
        assert m.where in WHERE, m.name
        for e in m.effects:
            assert e.kind in EFFECTS and e.kind in BUILT, (m.name, e.kind)


# ================================================================ gaining units (RR-89)
def test_base_defenses_gains_on_the_rebel_base_space() -> None:
    s = position(loyalty={"Naboo": "Rebel"}, units={"Kessel": {"Stormtrooper": 1}})
    assert systems_for(s, "Base Defenses", "General Rieekan") == {NABOO}  # a Rebel system
    play(s, "Base Defenses", NABOO, "General Rieekan")
    assert isinstance(s.stack[-1], OpposeMission)
    s.apply(Pass())  # unopposed: it succeeds
    row = s.board.units[REBEL_BASE]
    assert (row[U("Ion Cannon")], row[U("Shield Generator")]) == (1, 1)
    assert card("Base Defenses") in s.zones["mission_discard0"]  # a deck card: discarded
    assert rebel_turn_next(s)


def test_base_defenses_gains_in_the_revealed_bases_system_and_rieekan_adds_two() -> None:
    s = position(base="Yavin", base_revealed=True, loyalty={"Naboo": "Rebel"})
    s.board.add_unit(U("Ion Cannon"), YAVIN, 3)  # every Ion Cannon is out of the supply
    play(s, "Base Defenses", NABOO, "General Rieekan")
    s.apply(Oppose(TARKIN))
    (reb, _, n), (emp, _, _) = rolled(s)
    assert (reb, emp) == (REBEL, IMPERIAL) and n >= 2  # Rieekan's portrait: 2 more successes
    ok = any(e.kind == "mission_outcome" and e.success for e in s.log)  # type: ignore[attr-defined]
    assert s.board.units[YAVIN][U("Shield Generator")] == (1 if ok else 0)
    assert s.board.units[YAVIN][U("Ion Cannon")] == 3  # none left to gain (RR-89)
    assert s.board.units[REBEL_BASE][U("Shield Generator")] == 0


def test_rr89_incite_rebellion_gains_three_troopers_then_a_combat() -> None:
    s = position(units={"Naboo": {"Stormtrooper": 2}})
    assert s.board.subjugated[NABOO]
    assert systems_for(s, "Incite Rebellion", "Princess Leia") == {NABOO}  # subjugated only
    play(s, "Incite Rebellion", NABOO, "Princess Leia")
    s.apply(Pass())
    assert s.board.units[NABOO][U("Rebel Trooper")] == 3
    top = s.stack[-1]
    assert isinstance(top, Combat) and top.system == NABOO and s.battle.attacker == REBEL
    assert card("Incite Rebellion") in s.zones["mission_discard0"]  # cleaned up first


def test_rr89_public_uprising_gains_a_circle_and_two_triangle_units() -> None:
    """RR-89: Rebel units built by a circle or a triangle icon, ships or ground units, chosen
    one at a time from the supply; then the combat."""
    s = position(units={"Naboo": {"Stormtrooper": 1}})
    s.board.add_unit(U("Nebulon-B Frigate"), YAVIN, 4)  # none of those left
    play(s, "Public Uprising", NABOO, "Mon Mothma")
    s.apply(Pass())
    top = s.stack[-1]
    assert isinstance(top, GainUnits) and (top.shape, top.left) == ("circle", 1)
    circles = {unit_name(a.unit) for a in s.legal_actions()}  # type: ignore[attr-defined]
    assert circles == {"Corellian Corvette", "Airspeeder", "Golan Arms Turret"}
    assert s.describe(Place(U("Airspeeder"), NABOO)) == "Gain 1 Airspeeder in Naboo"
    s.apply(Place(U("Airspeeder"), NABOO))
    top = s.stack[-1]
    assert isinstance(top, GainUnits) and (top.shape, top.left) == ("triangle", 2)
    assert {unit_name(a.unit) for a in s.legal_actions()} == {  # type: ignore[attr-defined]
        "X-wing", "Y-wing", "Rebel Transport", "U-wing", "Rebel Trooper", "Rebel Vanguard"
    }  # fmt: skip
    s.apply(Place(U("X-wing"), NABOO))
    s.apply(Place(U("Rebel Trooper"), NABOO))
    row = s.board.units[NABOO]
    assert (row[U("Airspeeder")], row[U("X-wing")], row[U("Rebel Trooper")]) == (1, 1, 1)
    assert isinstance(s.stack[-1], Combat)  # Rebel and Imperial ground units: a combat


# ================================================================ Seek Yoda and the ring (RR-84, RR-85)
def test_seek_yoda_is_resolved_in_dagobah_even_destroyed() -> None:
    s = position(leaders={"Luke Skywalker": "pool"})
    assert systems_for(s, "Seek Yoda", "Luke Skywalker") == {DAGOBAH}
    s.board.destroyed[DAGOBAH] = True  # FAQ: a destroyed Dagobah still works
    assert systems_for(s, "Seek Yoda", "Princess Leia") == {DAGOBAH}


def test_seek_yoda_luke_becomes_the_jedi_with_the_ring() -> None:
    s = position(leaders={"Luke Skywalker": "pool"})
    play(s, "Seek Yoda", DAGOBAH, "Luke Skywalker")
    b = s.board
    assert (b.leader_loc[JEDI], b.leader_status[JEDI], b.rings[JEDI]) == (DAGOBAH, BOARD, YODA)
    assert (b.leader_loc[LUKE], b.leader_status[LUKE], b.rings[LUKE]) == (OFF, SUPPLY, NO_RING)
    assert not recruitable(b, LUKE)  # another form of him is in play
    kinds = [e.kind for e in s.log]
    i = kinds.index("ring_attached")
    assert kinds[i : i + 3] == ["ring_attached", "leader_replaced", "mission_discarded"]
    assert "Luke Skywalker became Luke Skywalker (Jedi)" in [
        e["text"] for e in s.view(IMPERIAL)["log"]
    ]
    assert rebel_turn_next(s)


def test_rr85_seek_yoda_with_luke_and_leia() -> None:
    """RR-85: with Luke and another leader assigned, the Rebels choose who wears the ring;
    Luke becomes the Jedi either way."""
    s = position(leaders={"Luke Skywalker": "pool"})
    play(s, "Seek Yoda", DAGOBAH, "Luke Skywalker", "Princess Leia")
    assert isinstance(s.stack[-1], ChooseRingLeader)
    assert set(s.legal_actions()) == {Target(LUKE), Target(LEIA)}
    assert s.describe(Target(LEIA)) == "Attach the Master Yoda ring to Princess Leia"
    s.apply(Target(LEIA))
    b = s.board
    assert b.rings[LEIA] == YODA and b.rings[JEDI] == NO_RING
    assert b.leader_loc[JEDI] == DAGOBAH and b.leader_status[LUKE] == SUPPLY
    # resolved again (the card came back), the one ring moves; Leia alone: no Jedi
    t = position()
    attach(t, MOTHMA, YODA)
    play(t, "Seek Yoda", DAGOBAH, "Princess Leia")
    assert t.board.rings[LEIA] == YODA and t.board.rings[MOTHMA] == NO_RING
    assert t.board.leader_status[JEDI] == SUPPLY


def test_rr84_the_yoda_ring_rerolls_one_die_after_both_sides_rolled() -> None:
    """RR-84: once both sides rolled, the ring's side may reroll one of its dice; once a
    round; the outcome counts the new face."""
    seen = set()
    for seed in range(12):
        s = position(
            units={"Kessel": {"Stormtrooper": 1}}, seed=seed, rings={"Princess Leia": "Master Yoda"}
        )
        play(s, "Build Alliance", NABOO, "Princess Leia")
        s.apply(Oppose(TARKIN))
        top = s.stack[-1]
        assert isinstance(top, AfterMissionRoll) and top.player == REBEL
        assert s.legal_actions() == [YodaReroll(0), YodaReroll(1), Pass()]  # Leia's 2 dice
        assert "use an ability on your dice" in s.prompt
        if seed == 0:
            check_state(s, Rng(2), "the roll-off's window")
        s.apply(YodaReroll(1))
        assert s.yoda_round == s.round == 1
        ev = next(e for e in reversed(s.log) if e.kind == "mission_die_rerolled")
        rebel = ev.successes  # type: ignore[attr-defined]
        imperial = rolled(s)[1][2]
        won = s.board.loyalty[NABOO] == REBEL
        assert won == (rebel > imperial)
        seen.add(won)
        assert rebel_turn_next(s)
        # a second mission there this round: no reroll any more
        slot = assign(s, REBEL, "Sabotage", "General Rieekan")
        amend(s, lambda doc: doc.update(turn="Rebel"))
        s.apply(Reveal(slot))
        s.apply(SystemChoice(NABOO))
        s.apply(Oppose(TAGGE))
        assert not isinstance(s.stack[-1], AfterMissionRoll)
    assert seen == {True, False}


def test_rr84_the_ring_works_for_the_defending_rebels_and_only_in_its_system() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    attach(s, RIEEKAN, YODA)
    slot = assign(s, IMPERIAL, "Rule by Fear", "Darth Vader")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    s.apply(Oppose(LEIA))  # Rieekan is in the pool, not in Kessel: no reroll
    assert not isinstance(s.stack[-1], AfterMissionRoll)
    t = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"General Rieekan": "Kessel"},
    )
    attach(t, RIEEKAN, YODA)
    slot = assign(t, IMPERIAL, "Rule by Fear", "Darth Vader")
    t.apply(Reveal(slot))
    t.apply(SystemChoice(KESSEL))
    t.apply(Pass())  # Rieekan is there: he opposes, and his side may reroll
    top = t.stack[-1]
    assert isinstance(top, AfterMissionRoll) and top.player == REBEL
    assert t.legal_actions() == [YodaReroll(0), Pass()]  # Rieekan's 1 diplomacy die
    assert t.describe(Pass()) == "Leave the dice as they are"
    t.apply(Pass())
    assert t.yoda_round == 0 and not isinstance(t.stack[-1], AfterMissionRoll)


def test_rr84_a_captured_leader_loses_the_ring() -> None:
    s = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"Princess Leia": "Kessel"},
    )
    attach(s, LEIA, YODA)
    from rebellion_rote.board import capture

    capture(s.board, LEIA)
    assert s.board.rings[LEIA] == NO_RING  # the captured ring replaced it


def test_rr84_the_ring_in_combat_is_a_combat_action() -> None:
    s = position(
        units={"Naboo": {"X-wing": 2, "TIE Fighter": 2}}, leaders={"Princess Leia": "Naboo"}
    )
    attach(s, LEIA, YODA)
    s.battle = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
    s.battle.first = [REBEL, REBEL]
    step_attack(s, REBEL, C.SPACE, 0)
    assert isinstance(s.stack[-1], AttackActions)
    legal = s.legal_actions()
    assert YodaReroll(0) in legal and YodaReroll(1) in legal
    assert s.describe(YodaReroll(0)).endswith(
        "with the Master Yoda ring (Princess Leia, once a round)"
    )
    s.apply(YodaReroll(1))
    assert s.yoda_round == 1 and s.log[-1].kind == "dice_rerolled"
    assert not any(isinstance(a, YodaReroll) for a in s.legal_actions())
    # the Empire's attack: the ring is the Rebels'
    step_attack(s, IMPERIAL, C.SPACE, 0)
    assert not any(isinstance(a, YodaReroll) for a in s.legal_actions())


# ================================================================ Contingency Plan (RR-86)
BUILD_ALLIANCE, RAPID = card("Build Alliance"), card("Rapid Mobilization")


def test_rr86_contingency_plan_reuses_a_starting_mission() -> None:
    """RR-86: Lando goes face down onto a starting mission (the Empire sees only that it is
    one), and adds 2 successes to his next attempt this round."""
    s = position(leaders={"Lando Calrissian": "pool"}, units={"Kessel": {"Stormtrooper": 1}})
    assert len(systems_for(s, "Contingency Plan", "Lando Calrissian")) == 32  # any system
    play(s, "Contingency Plan", YAVIN, "Lando Calrissian")
    top = s.stack[-1]
    assert isinstance(top, ReassignMission) and top.leader == LANDO
    starting = sorted(
        mission_of(c) for c in s.zones["missions0"] if MISSIONS[mission_of(c)].starting
    )
    assert s.legal_actions() == [Assign(mission_card(i)) for i in starting]
    a = Assign(BUILD_ALLIANCE)
    assert s.describe(a) == "Put Lando Calrissian face down on Build Alliance (Contingency Plan)"
    s.apply(a)
    b = s.board
    assert (b.leader_status[LANDO], b.leader_loc[LANDO]) == (MISSION, OFF)
    assert s.slots[REBEL][-1] == [LANDO] and s.zones["assigned0"][-1] == BUILD_ALLIANCE
    assert s.reassigned == [LANDO] and s.attempt_bonus == [(LANDO, 2)]
    assert card("Contingency Plan") in s.zones["mission_discard0"]
    emp = s.view(IMPERIAL)
    assert "reassigned_hidden" in kinds_seen(s, IMPERIAL) and "reassigned" not in kinds_seen(
        s, IMPERIAL
    )
    assert "cards" not in emp["zones"]["assigned0"]
    for k in range(20):  # the Empire's determinisations keep a starting mission there
        r = s.resample(IMPERIAL, Rng(k))
        assert isinstance(r, RebellionState)
        assert MISSIONS[mission_of(r.zones["assigned0"][-1])].starting
    check_state(s, Rng(5), "after Contingency Plan")
    # the Empire passes; Lando attempts Build Alliance with 2 more successes
    s.apply(Pass())
    s.apply(Reveal(len(s.slots[REBEL]) - 1))
    s.apply(SystemChoice(NABOO))
    s.apply(Oppose(TARKIN))
    (side, dice, n), _ = rolled(s)
    assert side == REBEL and dice == 1 and n >= 2  # Lando's 1 diplomacy die, +2
    assert s.attempt_bonus == [] and BUILD_ALLIANCE in s.zones["missions0"]


def test_rr86_contingency_plan_resolves_rapid_mobilization_twice() -> None:
    s = position(leaders={"Lando Calrissian": "pool"})
    slot = assign(s, REBEL, "Rapid Mobilization", "General Rieekan")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(REBEL_BASE))
    s.apply(Pass())  # the Empire passes for good: the Rebels play on
    play(s, "Contingency Plan", YAVIN, "Lando Calrissian")
    assert Assign(RAPID) in s.legal_actions()  # waiting in play
    s.apply(Assign(RAPID))
    assert "reassigned" in kinds_seen(s, IMPERIAL)  # it left play: the Empire saw which
    assert RAPID in s.known["assigned0"][IMPERIAL]
    s.apply(Reveal(len(s.slots[REBEL]) - 1))
    s.apply(SystemChoice(REBEL_BASE))
    assert [c for c, _ in s.end_of_command] == [mission_of(RAPID)] * 2
    s.apply(Pass())
    for _ in range(2):  # two resolutions, each its own choice
        assert isinstance(s.stack[-1], RapidMobilization)
        s.apply(Pass())
    assert RAPID in s.zones["missions0"] and s.phase == "refresh"


def test_rr86_an_unrevealed_rapid_mobilization_taken_from_play_goes_back_to_hand() -> None:
    s = position(leaders={"Lando Calrissian": "pool"})
    slot = assign(s, REBEL, "Rapid Mobilization", "General Rieekan")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(REBEL_BASE))
    s.apply(Pass())
    play(s, "Contingency Plan", YAVIN, "Lando Calrissian")
    s.apply(Assign(RAPID))
    s.apply(Pass())  # the Rebels pass too: the first resolution, then back to hand
    assert isinstance(s.stack[-1], RapidMobilization)
    s.apply(Pass())
    assert RAPID in s.zones["missions0"] and s.board.leader_status[LANDO] == POOL
    assert s.reassigned == [] and s.attempt_bonus == []  # over with the phase


def test_rr86_with_two_leaders_one_goes_the_other_stays() -> None:
    s = position(leaders={"Lando Calrissian": "pool", "Han Solo": "pool"})
    play(s, "Contingency Plan", YAVIN, "Lando Calrissian", "Han Solo")
    assert isinstance(s.stack[-1], ReassignLeader)
    assert set(s.legal_actions()) == {Target(LANDO), Target(HAN)}
    s.apply(Target(HAN))
    s.apply(Assign(card("Sabotage")))
    b = s.board
    assert b.leader_status[HAN] == MISSION and b.leader_loc[LANDO] == YAVIN


# ================================================================ Misdirection (RR-87)
def test_rr87_misdirection_keeps_the_imperial_pool_out() -> None:
    """RR-87: a Rebel leader on a face-down mission; its missions this round cannot be
    opposed from the Imperial pool, though Imperial leaders already there still roll."""
    s = position(leaders={"General Madine": "pool"}, units={"Kessel": {"Stormtrooper": 1}})
    sab = assign(s, REBEL, "Sabotage", "General Rieekan")
    build = assign(s, REBEL, "Build Alliance", "Princess Leia", "Mon Mothma")
    assert systems_for(s, "Misdirection", "General Madine") == {KESSEL}  # an Imperial unit
    play(s, "Misdirection", KESSEL, "General Madine")
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseMisdirected)
    assert set(s.legal_actions()) == {Target(RIEEKAN), Target(LEIA), Target(MOTHMA)}
    s.apply(Target(MOTHMA))
    assert s.misdirected == [MOTHMA] and "misdirected" in kinds_seen(s, IMPERIAL)
    s.apply(Pass())  # the Empire passes for good
    s.apply(Reveal(build))
    s.apply(SystemChoice(NABOO))
    assert isinstance(s.stack[-1], OpposeMission) and s.legal_actions() == [Pass()]
    s.apply(Pass())
    assert s.board.loyalty[NABOO] == REBEL
    s.apply(Reveal(sab))  # Rieekan's mission (slot 0): not protected
    s.apply(SystemChoice(KESSEL))
    assert Oppose(TARKIN) in s.legal_actions()
    s.apply(Pass())
    s.apply(Pass())
    assert s.misdirected == []  # over with the Command Phase


def test_misdirection_with_a_single_candidate_chooses_it() -> None:
    s = position(leaders={"General Madine": "pool"}, units={"Kessel": {"Stormtrooper": 1}})
    assign(s, REBEL, "Sabotage", "General Rieekan")
    play(s, "Misdirection", KESSEL, "General Madine")
    s.apply(Pass())
    assert s.misdirected == [RIEEKAN] and rebel_turn_next(s)


# ================================================================ from the Rebel Base space (RR-88)
def test_rr88_hidden_fleet_moves_units_from_the_rebel_base_space() -> None:
    """RR-88: as if adjacent; a Rebel leader on the space does not hold them; transport
    still applies; not into a system with an Imperial unit."""
    s = position(
        units={
            "Rebel Base": {"Rebel Transport": 1, "Rebel Trooper": 2, "Ion Cannon": 1},
            "Kessel": {"Stormtrooper": 1},
        },
        leaders={"Jan Dodonna": "Rebel Base"},
    )
    where = systems_for(s, "Hidden Fleet", "General Rieekan")
    assert KESSEL not in where and {NABOO, KASHYYYK} <= where and len(where) == 31
    play(s, "Hidden Fleet", NABOO, "General Rieekan")
    top = s.stack[-1]
    assert isinstance(top, BaseMove) and top.mode == "all"
    assert s.legal_actions() == [Move(U("Rebel Transport"), REBEL_BASE), Stop()]  # troopers need it
    s.apply(Move(U("Rebel Transport"), REBEL_BASE))
    assert s.legal_actions() == [Move(U("Rebel Trooper"), REBEL_BASE), Stop()]
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    row = s.board.units[NABOO]
    assert (row[U("Rebel Transport")], row[U("Rebel Trooper")]) == (1, 2)
    assert s.board.units[REBEL_BASE][U("Ion Cannon")] == 1  # immobile
    assert rebel_turn_next(s)  # no more to move: the mission is over
    assert "moved" in kinds_seen(s, IMPERIAL)  # the moves are public


def test_rr88_nothing_moves_from_the_space_once_the_base_is_revealed() -> None:
    s = position(base="Yavin", base_revealed=True, units={"Yavin": {"X-wing": 2}})
    play(s, "Hidden Fleet", NABOO, "General Rieekan")
    assert rebel_turn_next(s) and s.board.units[YAVIN][U("X-wing")] == 2


def test_rr88_plan_the_assault_moves_ships_then_fights() -> None:
    s = position(
        units={"Rebel Base": {"X-wing": 2, "Rebel Trooper": 1}, "Naboo": {"TIE Fighter": 1}},
        leaders={"Jan Dodonna": "pool"},
    )
    assert systems_for(s, "Plan the Assault", "Jan Dodonna") == {NABOO}  # an Imperial ship
    play(s, "Plan the Assault", NABOO, "Jan Dodonna")
    s.apply(Pass())
    assert s.legal_actions() == [Move(U("X-wing"), REBEL_BASE), Stop()]  # ships only
    s.apply(Move(U("X-wing"), REBEL_BASE))
    s.apply(Stop())
    assert s.board.units[NABOO][U("X-wing")] == 1
    assert isinstance(s.stack[-1], Combat) and s.battle.system == NABOO


def test_rr88_lead_the_strike_team_four_ground_units_ignoring_transport() -> None:
    s = position(
        units={"Rebel Base": {"Rebel Trooper": 5, "Airspeeder": 1}, "Naboo": {"Stormtrooper": 1}},
        leaders={"Han Solo": "pool"},
    )
    play(s, "Lead the Strike Team", NABOO, "Han Solo")
    s.apply(Pass())
    top = s.stack[-1]
    assert isinstance(top, BaseMove) and (top.mode, top.left) == ("ground", 4)
    for _ in range(4):
        s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    assert s.board.units[NABOO][U("Rebel Trooper")] == 4
    assert isinstance(s.stack[-1], Combat)  # Imperial ground units there: a combat


def test_rr88_lead_the_strike_team_is_held_by_a_leader_and_needs_enemy_ground() -> None:
    s = position(
        units={"Rebel Base": {"Rebel Trooper": 2}, "Naboo": {"TIE Fighter": 1, "X-wing": 1}},
        leaders={"Han Solo": "pool", "Jan Dodonna": "Rebel Base"},
    )
    play(s, "Lead the Strike Team", NABOO, "Han Solo")
    s.apply(Pass())
    # Dodonna on the space holds the troopers; no Imperial ground unit: no combat at all
    assert rebel_turn_next(s) and s.board.units[NABOO][U("Rebel Trooper")] == 0


# ================================================================ destroying (RR-90)
def test_rr90_hit_and_run_destroys_up_to_two_health_of_imperial_units() -> None:
    """RR-90: Imperial units only, one figure at a time, up to the amount; never the Death
    Star; the Rebels may stop early."""
    s = position(units={"Naboo": {"Stormtrooper": 3, "AT-AT": 1, "Death Star": 1, "X-wing": 1}})
    play(s, "Hit and Run", NABOO, "General Rieekan", "Princess Leia")
    s.apply(Pass())
    top = s.stack[-1]
    assert isinstance(top, MissionDestroy) and top.left == 2
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0), Stop()]  # AT-AT has 3 health
    s.apply(Destroy(U("Stormtrooper"), 0))
    assert s.describe(Stop()) == "Destroy no more units (1 health left unused)"
    s.apply(Destroy(U("Stormtrooper"), 0))
    row = s.board.units[NABOO]
    assert (row[U("Stormtrooper")], row[U("AT-AT")], row[U("Death Star")]) == (1, 1, 1)
    assert rebel_turn_next(s)


def test_hit_and_run_that_clears_the_captives_system_rescues_it() -> None:
    s = position(
        units={"Naboo": {"AT-ST": 1}}, leaders={"Princess Leia": "Naboo", "Han Solo": "pool"}
    )
    s.board.captured = LEIA
    play(s, "Hit and Run", NABOO, "Han Solo")
    s.apply(Pass())
    s.apply(Destroy(U("AT-ST"), 0))
    assert s.board.captured == OFF and s.board.leader_loc[LEIA] == REBEL_BASE
    assert not s.board.subjugated[NABOO]


def test_wookiee_uprising_gains_loyalty_then_destroys_four_health() -> None:
    s = position(units={"Kashyyyk": {"AT-AT": 1, "Stormtrooper": 2}}, leaders={"Chewbacca": "pool"})
    assert systems_for(s, "Wookiee Uprising", "Chewbacca") == {KASHYYYK}
    play(s, "Wookiee Uprising", KASHYYYK, "Chewbacca")
    s.apply(Pass())
    assert s.board.loyalty[KASHYYYK] == REBEL and s.board.subjugated[KASHYYYK]
    s.apply(Destroy(U("AT-AT"), 0))
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0), Stop()]
    s.apply(Destroy(U("Stormtrooper"), 0))
    assert s.board.units[KASHYYYK][U("Stormtrooper")] == 1 and rebel_turn_next(s)


def test_a_death_star_under_construction_goes_with_its_queued_death_star() -> None:
    s = position(
        units={"Kashyyyk": {"Death Star Under Construction": 1}}, leaders={"Chewbacca": "pool"}
    )
    s.board.queue_at(IMPERIAL, 3).append(U("Death Star"))
    play(s, "Wookiee Uprising", KASHYYYK, "Chewbacca")
    s.apply(Pass())
    assert s.legal_actions() == [Destroy(U("Death Star Under Construction"), 0), Stop()]
    s.apply(Destroy(U("Death Star Under Construction"), 0))
    assert s.board.queue_at(IMPERIAL, 3) == []
    t = position(
        units={"Kashyyyk": {"Death Star Under Construction": 1, "Shield Bunker": 1}},
        leaders={"Chewbacca": "pool"},
    )
    play(t, "Wookiee Uprising", KASHYYYK, "Chewbacca")
    t.apply(Pass())
    assert t.legal_actions() == [Destroy(U("Shield Bunker"), 0), Stop()]  # the bunker guards it


def test_rogue_squadron_raid_destroys_queued_units_worth_four_health() -> None:
    s = position(loyalty={"Naboo": "Imperial"}, leaders={"Wedge Antilles": "pool"})
    q = s.board
    q.queue_at(IMPERIAL, 1).extend([U("Star Destroyer"), U("TIE Fighter")])
    q.queue_at(IMPERIAL, 3).extend([U("Death Star"), U("Super Star Destroyer"), U("AT-ST")])
    assert systems_for(s, "Rogue Squadron Raid", "Wedge Antilles") >= {NABOO}
    play(s, "Rogue Squadron Raid", NABOO, "Wedge Antilles")
    s.apply(Pass())
    assert isinstance(s.stack[-1], RaidQueue)
    assert set(s.legal_actions()) == {
        QueueDestroy(U("Star Destroyer"), 1), QueueDestroy(U("TIE Fighter"), 1),
        QueueDestroy(U("AT-ST"), 3), Stop(),
    }  # fmt: skip
    s.apply(QueueDestroy(U("AT-ST"), 3))
    assert s.legal_actions() == [QueueDestroy(U("TIE Fighter"), 1), Stop()]  # 2 health left
    s.apply(QueueDestroy(U("TIE Fighter"), 1))  # 1 health left: nothing fits any more
    assert rebel_turn_next(s)
    assert q.queue_at(IMPERIAL, 1) == [U("Star Destroyer")]
    assert q.queue_at(IMPERIAL, 3) == [U("Death Star"), U("Super Star Destroyer")]
    assert "queue_unit_destroyed" in kinds_seen(s, IMPERIAL)


def test_demolition_destroys_one_queued_unit_per_icon() -> None:
    """RR-90: not optional; for each icon of the system one queued unit it builds."""
    s = position(loyalty={"Kashyyyk": "Imperial"})
    assert SYSTEMS[KASHYYYK].icons == ("ground_triangle", "ground_triangle")
    q = s.board
    q.queue_at(IMPERIAL, 1).append(U("Stormtrooper"))
    q.queue_at(IMPERIAL, 2).extend([U("Assault Tank"), U("AT-ST")])
    s.board.leader_status[HAN] = POOL
    play(s, "Demolition", KASHYYYK, "Han Solo", "Princess Leia")
    s.apply(Pass())
    top = s.stack[-1]
    assert isinstance(top, DemolishQueue) and top.icon == 0
    assert set(s.legal_actions()) == {
        QueueDestroy(U("Stormtrooper"), 1),
        QueueDestroy(U("Assault Tank"), 2),
    }
    s.apply(QueueDestroy(U("Assault Tank"), 2))  # the second icon: only one left, at once
    assert q.queue_at(IMPERIAL, 1) == [] and q.queue_at(IMPERIAL, 2) == [U("AT-ST")]
    assert rebel_turn_next(s)


# ================================================================ loyalty and building (RR-91)
def test_rr91_establish_trade_relations_gains_loyalty_then_builds() -> None:
    """RR-91: 1 loyalty, then one Rebel unit per icon of the system onto the Rebel queue
    space of its build number, as Construct Factory does (RR-43)."""
    s = position(loyalty={"Mon Calamari": "Imperial"})
    s.board.sabotage[NABOO] = True
    where = systems_for(s, "Establish Trade Relations", "Mon Mothma")
    assert NABOO not in where and MON_CALAMARI in where
    play(s, "Establish Trade Relations", MON_CALAMARI, "Mon Mothma")
    s.apply(Pass())
    assert s.board.loyalty[MON_CALAMARI] == -1  # Imperial loyalty gone: neutral
    top = s.stack[-1]
    assert isinstance(top, FactoryBuild) and top.player == REBEL
    assert (
        s.prompt
        == "Rebel: Establish Trade Relations: build from the icons of Mon Calamari, or stop"
    )
    assert SYSTEMS[MON_CALAMARI].icons == ("space_triangle", "space_square")
    s.apply(
        next(a for a in s.legal_actions() if getattr(a, "unit", -1) == U("Mon Calamari Cruiser"))
    )
    s.apply(next(a for a in s.legal_actions() if getattr(a, "unit", -1) == U("X-wing")))
    assert s.board.queue_at(REBEL, 3) == [U("Mon Calamari Cruiser"), U("X-wing")]
    assert s.board.queue_at(IMPERIAL, 3) == [] and rebel_turn_next(s)


def test_support_of_mon_calamari_offers_loyalty_or_a_cruiser() -> None:
    s = position(leaders={"Admiral Ackbar": "pool"})
    assert systems_for(s, "Support of Mon Calamari", "Admiral Ackbar") == {MON_CALAMARI}
    play(s, "Support of Mon Calamari", MON_CALAMARI, "Admiral Ackbar")
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseOption)
    assert s.describe(Option(1)) == "Gain 2 loyalty in the mission's system"
    assert s.describe(Option(2)) == "Put 1 Mon Calamari Cruiser on space 3 of the build queue"
    t = s.clone()
    assert isinstance(t, RebellionState)
    s.apply(Option(1))
    assert s.board.loyalty[MON_CALAMARI] == REBEL
    t.apply(Option(2))
    assert (
        t.board.queue_at(REBEL, 3) == [U("Mon Calamari Cruiser")]
        and t.board.loyalty[MON_CALAMARI] == -1
    )


# ================================================================ rescues (RR-93)
def test_rr93_daring_rescue_and_the_leaders_who_go_with_the_rescued() -> None:
    """RR-93: in the captive's system, not against it (it does not roll); then each assigned
    leader may go with it to the Rebel Base space."""
    s = position(units={"Naboo": {"Stormtrooper": 1}}, leaders={"Princess Leia": "Naboo"})
    s.board.captured = LEIA
    assert systems_for(s, "Daring Rescue", "Jan Dodonna") == {NABOO}
    play(s, "Daring Rescue", NABOO, "Jan Dodonna", "General Rieekan")
    s.apply(Oppose(TARKIN))
    (reb, dice, _), _ = rolled(s)
    assert (reb, dice) == (REBEL, 2)  # Dodonna's 2 intel; the captive Leia's 2 do not roll
    s = position(units={"Naboo": {"Stormtrooper": 1}}, leaders={"Princess Leia": "Naboo"})
    s.board.captured = LEIA
    play(s, "Daring Rescue", NABOO, "Jan Dodonna", "General Rieekan")
    s.apply(Pass())
    assert s.board.captured == OFF and s.board.leader_loc[LEIA] == REBEL_BASE
    top = s.stack[-1]
    assert isinstance(top, FollowRescued) and top.dst == REBEL_BASE
    assert set(s.legal_actions()) == {Target(DODONNA), Target(RIEEKAN), Stop()}
    assert (
        s.describe(Target(RIEEKAN))
        == "Send General Rieekan with Princess Leia to the Rebel Base space"
    )
    s.apply(Target(RIEEKAN))
    assert s.legal_actions() == [Target(DODONNA), Stop()]
    assert s.describe(Stop()) == "The other assigned leaders stay in Naboo"
    s.apply(Stop())
    assert s.board.leader_loc[RIEEKAN] == REBEL_BASE and s.board.leader_loc[DODONNA] == NABOO
    assert s.board.locks(REBEL_BASE, REBEL)  # he holds the units on the space now
    assert rebel_turn_next(s)


def test_for_the_greater_good_rescues_draws_an_objective_and_its_leaders_stay() -> None:
    s = position(
        units={"Naboo": {"Stormtrooper": 1}},
        leaders={"Mon Mothma": "Naboo", "Obi-Wan Kenobi": "pool"},
    )
    s.board.captured = MOTHMA
    top_card = s.zones["objective_deck"][-1]
    backs = len(s.objective_backs)
    play(s, "For the Greater Good", NABOO, "Obi-Wan Kenobi")
    s.apply(Pass())
    assert s.board.captured == OFF and s.board.leader_loc[MOTHMA] == REBEL_BASE
    assert s.board.leader_loc[OBI_WAN] == NABOO  # stays
    assert s.zones["objective_hand"] == [top_card] and len(s.objective_backs) == backs - 1
    assert "objective_drawn_hidden" in kinds_seen(s, IMPERIAL)
    assert "objective_drawn" not in kinds_seen(s, IMPERIAL) and rebel_turn_next(s)


# ================================================================ Plant False Lead (RR-92)
def test_rr92_plant_false_lead_hides_where_the_cards_went() -> None:
    """RR-92: 4 random cards of the Empire's probe hand; the Rebels put each on top or at
    the bottom; the Empire knows they are in the deck, not where."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    deck, hand = s.zones["probe_deck"], s.zones["probe_hand"]
    for c in sorted(deck)[:6]:
        s.move(c, "probe_deck", "probe_hand")
    held = sorted(hand)
    assert systems_for(s, "Plant False Lead", "General Rieekan") == {KESSEL}
    play(s, "Plant False Lead", KESSEL, "General Rieekan")
    look = s.zones["probe_look"]
    taken = sorted(look)
    assert len(taken) == 4 and set(taken) <= set(held) and len(hand) == 2
    assert isinstance(s.stack[-1], PlaceProbe)
    assert len(s.legal_actions()) == 8
    assert "probes_taken" in kinds_seen(s, IMPERIAL) and "probes_taken_count" in kinds_seen(s, None)  # type: ignore[arg-type]
    s.apply(ProbePlace(taken[0], 1))
    s.apply(ProbePlace(taken[1], 0))
    s.apply(ProbePlace(taken[2], 1))
    s.apply(ProbePlace(taken[3], 1))
    assert deck[-3:] == [taken[0], taken[2], taken[3]] and deck[0] == taken[1]
    emp = s.view(IMPERIAL)
    assert emp["zones"]["probe_deck"]["known"] == taken  # which, not where
    assert [e["kind"] for e in emp["log"]].count("probe_placed_hidden") == 4
    assert s.view(REBEL)["zones"]["probe_deck"]["known"] == taken
    orders = set()
    for k in range(30):  # the Empire's determinisations shuffle them among their places
        r = s.resample(IMPERIAL, Rng(k))
        cards = r.zones["probe_deck"]
        assert cards[0] in taken and set(cards[-3:]) <= set(taken)
        orders.add((cards[0], *cards[-3:]))
    assert len(orders) > 1
    check_state(s, Rng(3), "after Plant False Lead")
    assert rebel_turn_next(s)


# ================================================================ objectives (RR-94)
def test_rr94_covert_operation_and_stolen_plans() -> None:
    """RR-94: Covert Operation looks at 2 and draws the one kept, the other to the bottom;
    Stolen Plans puts the top 4 back in any order; the Empire sees the backs move, not the
    cards."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    deck = s.zones["objective_deck"]
    first, second = deck[-1], deck[-2]
    play(s, "Covert Operation", KESSEL, "Princess Leia", "Jan Dodonna")
    s.apply(Pass())
    assert isinstance(s.stack[-1], KeepObjective)
    assert set(s.legal_actions()) == {
        Objective(first),
        Objective(second),
    }
    s.apply(Objective(second))
    assert s.zones["objective_hand"] == [second]
    assert deck[0] == first and s.objective_backs[0] == STAGE[first] == 1
    assert len(deck) == len(s.objective_backs) == 14
    assert first in s.known["objective_deck"][REBEL]
    assert first not in s.known_to("objective_deck", IMPERIAL)
    assert "objective_to_deck_hidden" in kinds_seen(s, IMPERIAL)
    assert rebel_turn_next(s)
    # Stolen Plans (Leia): the top 4, the new top first
    t = position(units={"Kessel": {"Stormtrooper": 1}})
    deck = t.zones["objective_deck"]
    top4 = deck[::-1][:4]
    play(t, "Stolen Plans", KESSEL, "Princess Leia")
    t.apply(Pass())
    assert isinstance(t.stack[-1], OrderObjectives)
    assert sorted(a.card for a in t.legal_actions()) == sorted(top4)  # type: ignore[attr-defined]
    want = [top4[3], top4[1], top4[0], top4[2]]
    t.apply(Objective(want[0]))
    assert "on top" in t.prompt or "2nd" in t.prompt
    t.apply(Objective(want[1]))
    assert t.describe(Objective(want[2])).endswith("3rd from the top of the objective deck")
    t.apply(Objective(want[2]))
    assert deck[::-1][:4] == want and t.objective_backs[::-1][:4] == [STAGE[c] for c in want]
    assert set(top4) <= set(t.known["objective_deck"][REBEL])
    assert "objectives_ordered_hidden" in kinds_seen(t, IMPERIAL) and rebel_turn_next(t)
    check_state(t, Rng(1), "after Stolen Plans")


def test_covert_operation_and_stolen_plans_near_the_end_of_the_deck() -> None:
    """RR-94: with 1 card left Covert Operation draws it; Stolen Plans orders what is left."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    deck = s.zones["objective_deck"]

    def one_left(doc: dict[str, Any]) -> None:  # the cards above the bottom one out
        objectives = doc["objectives"]
        objectives["out"].extend(objectives["deck"][:-1])
        objectives["deck"] = objectives["deck"][-1:]

    amend(s, one_left)
    last = deck[0]
    play(s, "Covert Operation", KESSEL, "Princess Leia", "Jan Dodonna")
    s.apply(Pass())
    assert s.zones["objective_hand"] == [last] and not deck and not s.objective_backs
    assert rebel_turn_next(s)
    t = position(units={"Kessel": {"Stormtrooper": 1}})
    deck = t.zones["objective_deck"]

    def three_left(doc: dict[str, Any]) -> None:  # the cards under the top 3 out
        objectives = doc["objectives"]
        objectives["out"].extend(objectives["deck"][3:][::-1])
        objectives["deck"] = objectives["deck"][:3]

    amend(t, three_left)
    play(t, "Stolen Plans", KESSEL, "Princess Leia")
    t.apply(Pass())
    top = t.stack[-1]
    assert isinstance(top, OrderObjectives) and top.size == 3 and len(t.legal_actions()) == 3


def test_misdirection_with_no_leader_on_a_mission_does_nothing() -> None:
    s = position(leaders={"General Madine": "pool"}, units={"Kessel": {"Stormtrooper": 1}})
    play(s, "Misdirection", KESSEL, "General Madine")
    s.apply(Pass())
    assert s.misdirected == [] and rebel_turn_next(s)


def test_an_unopposed_attempt_uses_landos_bonus() -> None:
    s = position(leaders={"Lando Calrissian": "pool"})
    play(s, "Contingency Plan", YAVIN, "Lando Calrissian")
    s.apply(Assign(card("Sabotage")))
    s.apply(Pass())  # the Empire passes for good
    s.apply(Reveal(len(s.slots[REBEL]) - 1))
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert s.attempt_bonus == [] and s.board.sabotage[NABOO]
