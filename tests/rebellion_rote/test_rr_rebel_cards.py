"""The Rebel action cards of :mod:`rebellion_rote.rules.rebel_cards`: scenarios with exact
outcomes, card by card (research-2 §3.2, §3.3; RR-136..RR-139, RR-170..RR-179)."""

from __future__ import annotations

from typing import Any

from rr_helpers import amend, edited, new, take
from rr_helpers import assign as put
from test_rr_action_cards import give

from rebellion_rote.actions import (
    Build,
    Keep,
    Move,
    Objective,
    Option,
    Pass,
    PlayActionCard,
    ProbePlace,
    Reveal,
    Second,
    Stop,
    SystemChoice,
    Target,
)
from rebellion_rote.battle import Battle
from rebellion_rote.board import BOARD, MISSION, POOL, SUPPLY
from rebellion_rote.data import (
    IMPERIAL,
    MISSIONS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    leader_id,
    objective_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AssignMission,
    CardRing,
    ChooseBase,
    CommandTurn,
    DesperateSearch,
    EvacuateMove,
    ExtremistChoice,
    FalseOrdersTarget,
    FalseOrdersWindow,
    FightForObjective,
    FightForWindow,
    IndependentMove,
    RadarKeep,
    RadarRest,
    SecondLeader,
    SonWindow,
    UndercoverWindow,
)
from rebellion_rote.ids import action_card, mission_card, mission_of, objective_card
from rebellion_rote.position import position
from rebellion_rote.rules import gains, rings
from rebellion_rote.rules.combat.flow import advance
from rebellion_rote.state import RebellionState
from tabletop import Rng

L = leader_id
U = unit_id
NABOO = system_id("Naboo")
BESPIN = system_id("Bespin")
KASHYYYK = system_id("Kashyyyk")
TATOOINE = system_id("Tatooine")
CORUSCANT = system_id("Coruscant")
MANDALORE = system_id("Mandalore")
MALASTARE = system_id("Malastare")
SULLUST = system_id("Sullust")


def mission_id(name: str) -> int:
    return next(i for i, m in enumerate(MISSIONS) if m.name == name)


def gain_now(s: RebellionState, name: str) -> int:
    """The Rebels gain Immediate card ``name`` now (as at set-up): it resolves."""
    i = give(s, REBEL, name)
    s.gains.append((REBEL, action_card(i)))
    gains.resume(s)
    edited(s, "an Immediate card gained by hand")
    return i


# ================================================================ Immediate: the rings (RR-170)
def test_rr170_human_cyborg_relations_asks_for_the_leader() -> None:
    """RR-170: the C-3PO ring goes on a leader it may go on, the Rebels choosing which."""
    s = position()
    i = gain_now(s, "Human Cyborg Relations")
    top = s.stack[-1]
    assert isinstance(top, CardRing) and top.ring == rings.C3PO and s.current_player == REBEL
    wearers = [a.leader for a in s.legal_actions() if isinstance(a, Target)]
    assert L("Princess Leia") in wearers and L("Darth Vader") not in wearers
    assert s.prompt == "Rebel: Human Cyborg Relations: choose the leader the C-3PO ring goes on"
    assert (
        s.describe(Target(L("Princess Leia")))
        == "Human Cyborg Relations: attach the C-3PO ring to Princess Leia"
    )
    s.apply(Target(L("Princess Leia")))
    assert s.board.rings[L("Princess Leia")] == rings.C3PO
    assert s.zones["action_discard0"] == [action_card(i)]
    assert isinstance(s.stack[-1], CommandTurn)  # play goes on as before


def test_rr170_resourceful_astromech_and_he_means_well() -> None:
    """RR-170: the R2-D2 ring as any ring; the K-2SO ring only on a leader without a ring."""
    s = position()
    gain_now(s, "Resourceful Astromech")
    s.apply(Target(L("Mon Mothma")))
    assert s.board.rings[L("Mon Mothma")] == rings.R2D2
    gain_now(s, "He Means Well")
    offered = [a.leader for a in s.legal_actions() if isinstance(a, Target)]
    assert L("Mon Mothma") not in offered and L("Princess Leia") in offered
    s.apply(Target(L("Princess Leia")))
    assert s.board.rings[L("Princess Leia")] == rings.K2SO
    assert rings.skills(s.board, L("Princess Leia")).minor_intel >= 1


def test_rr170_the_millennium_falcon_goes_on_han_at_once() -> None:
    """RR-170: with Han Solo the only one of its leaders in play, the ring goes on him with
    no decision; with neither in play the card is used up with no ring."""
    s = position(leaders={"Han Solo": "pool"})
    gain_now(s, "The Millennium Falcon")
    assert s.board.rings[L("Han Solo")] == rings.FALCON
    assert isinstance(s.stack[-1], CommandTurn)
    s = position()
    i = gain_now(s, "The Millennium Falcon")
    assert rings.holder(s.board, rings.FALCON) < 0
    assert action_card(i) in s.zones["action_discard0"]


def test_rr170_the_millennium_falcon_recruited_resolves_at_once() -> None:
    """RR-170: recruiting Han with The Millennium Falcon: once both recruit choices are in,
    the ring goes on Han (Chewbacca is not in play) and the Refresh Phase goes on."""
    from test_rr_recruit import at_recruit, first, recruit

    from rebellion_rote.decisions import BuildUnits

    s = at_recruit(rebel=("The Millennium Falcon", "Ambush"))
    recruit(s, L("Han Solo"))
    first(s)  # the Empire
    assert s.board.rings[L("Han Solo")] == rings.FALCON
    falcon = action_card(gains_id("The Millennium Falcon"))
    assert falcon in s.zones["action_discard0"] and not s.zones["action_hand0"]
    assert isinstance(s.stack[-1], BuildUnits)


def test_immediate_starting_card_at_setup_then_base_choice() -> None:
    """RR-29, RR-170: a ring card dealt at set-up pushes its decision, and set-up then goes
    on to the Rebel base choice."""
    for seed in range(60):
        s = new(seed)
        rng = Rng(seed)
        while not isinstance(s.stack[-1], (ChooseBase, CardRing)):
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
        if isinstance(s.stack[-1], CardRing):
            break
    else:
        raise AssertionError("no seed deals a ring card to a side with two wearers")
    top = s.stack[-1]
    assert s.current_player == REBEL and s.phase == "setup"
    s.apply(s.legal_actions()[0])
    assert s.board.rings.count(top.ring) == 1
    while not isinstance(s.stack[-1], ChooseBase):  # the Empire's Immediate cards, if any
        s.apply(s.legal_actions()[0])
    assert not s.gains and s.current_player == REBEL


# ================================================================ Rebel Extremist (RR-171)
def test_rr171_rebel_extremist_recruits_saw_for_reputation() -> None:
    """RR-171: option 2 costs 1 reputation and puts Saw Gerrera in the pool."""
    s = position(reputation=14, time=1)
    gain_now(s, "Rebel Extremist")
    assert isinstance(s.stack[-1], ExtremistChoice)
    assert s.legal_actions() == [Option(1), Option(2)]
    assert s.describe(Option(2)) == "Rebel Extremist: lose 1 reputation and recruit Saw Gerrera"
    s.apply(Option(2))
    assert s.board.reputation == 15
    assert s.board.leader_status[L("Saw Gerrera")] == POOL
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "recruited"


def test_rr171_rebel_extremist_draws_another_starting_card() -> None:
    """RR-171: option 1 draws a starting card from the box, seen only by the Rebels; an
    Immediate one drawn resolves at once."""
    s = position()
    gain_now(s, "Rebel Extremist")
    box = s.zones["action_box0"]
    box[:] = [c for c in box if c == action_card(gains_id("Our Most Desperate Hour"))]
    edited(s, "the other starting cards taken out of the box")
    assert s.legal_actions() == [Option(1), Option(2)]
    s.apply(Option(1))
    assert s.zones["action_hand0"] == [action_card(gains_id("Our Most Desperate Hour"))]
    assert s.view(IMPERIAL)["zones"]["action_hand0"].get("cards") is None
    assert isinstance(s.stack[-1], CommandTurn)


def gains_id(name: str) -> int:
    from rebellion_rote.data import action_id

    return action_id(name)


# ================================================================ Under the Radar (RR-172)
def test_rr172_under_the_radar_keeps_a_probe_card() -> None:
    """RR-172: the top 4 probe cards looked at, one kept hidden under the card, the others
    all at the bottom in their order; later put back on top at a Rebel turn's start."""
    s = position()
    deck = s.zones["probe_deck"]
    top4 = deck[-4:][::-1]  # the top first
    i = gain_now(s, "Under the Radar")
    assert isinstance(s.stack[-1], RadarKeep)
    assert s.legal_actions() == [SystemChoice(x) for x in top4]
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "probes_looked_count"
    kept = top4[1]
    s.apply(SystemChoice(kept))
    assert isinstance(s.stack[-1], RadarRest)
    s.apply(Option(2))  # the other 3 at the bottom
    rest = [x for x in top4 if x != kept]
    assert deck[:3] == rest and kept not in deck
    assert s.known["probe_deck"][REBEL] == rest  # the Rebels' determinisations keep them there
    assert s.zones["radar_probe"] == [kept]
    assert s.zones["action_in_play0"] == [action_card(i)]
    assert s.view(IMPERIAL)["zones"]["radar_probe"].get("cards") is None
    assert [e["kind"] for e in s.view(IMPERIAL)["log"][-2:]] == [
        "radar_probe_kept_hidden",
        "radar_probes_placed",
    ]
    # a Rebel Command turn offers to put it back on top
    assert isinstance(s.stack[-1], CommandTurn)
    assert ProbePlace(kept, 1) in s.legal_actions()
    s.apply(ProbePlace(kept, 1))
    assert deck[-1] == kept and not s.zones["radar_probe"]
    assert s.zones["action_discard0"] == [action_card(i)]
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL
    # the Empire's determinisations keep the card hidden among the unseen probe cards
    t = s.resample(IMPERIAL, Rng(3))
    assert isinstance(t, RebellionState) and len(t.zones["probe_deck"]) == len(deck)


# ================================================================ Assignment cards
def test_rr173_our_most_desperate_hour() -> None:
    """RR-173: any card of the mission deck, Leia on it face down; a second leader may join."""
    s = position(phase="assignment")
    i = give(s, REBEL, "Our Most Desperate Hour")
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], DesperateSearch)
    deck = s.zones["mission_deck0"]
    # one choice per card name: copies are the same choice (issue 25)
    names = sorted(
        {MISSIONS[mission_of(c)].name: mission_of(c) for c in sorted(deck, reverse=True)}.values()
    )
    assert s.legal_actions() == [Keep(mission_card(m)) for m in names]
    pick = names[0]
    assert s.describe(Keep(mission_card(pick))) == (
        f"Our Most Desperate Hour: assign Princess Leia to {MISSIONS[pick].name}, face down"
    )
    before = len(deck)
    s.apply(Keep(mission_card(pick)))
    assert s.zones["assigned0"] == [mission_card(pick)] and len(deck) == before - 1
    assert s.slots[REBEL] == [[L("Princess Leia")]]
    assert s.board.leader_status[L("Princess Leia")] == MISSION
    assert isinstance(s.stack[-1], SecondLeader)
    s.apply(Second(L("Mon Mothma")))
    assert s.slots[REBEL] == [[L("Princess Leia"), L("Mon Mothma")]]
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == REBEL
    log = [e["kind"] for e in s.view(IMPERIAL)["log"][-4:]]
    assert "assigned_hidden" in log and "mission_deck_shuffled" in log


def test_rr174_start_the_evacuation() -> None:
    """RR-174: Rieekan to a system with no Imperial unit; units from the Rebel Base space,
    ground units within the ships' room; nothing ruled out for the base."""
    s = position(
        phase="assignment",
        units={
            "Rebel Base": {"Corellian Corvette": 1, "Rebel Trooper": 3},
            "Naboo": {"Stormtrooper": 1},
        },
        leaders={"General Rieekan": "pool"},
    )
    i = give(s, REBEL, "Start the Evacuation")
    ruled = s.board.ruled_out[:]
    s.apply(PlayActionCard(action_card(i)))
    offered = [a.system for a in s.legal_actions() if isinstance(a, SystemChoice)]
    assert NABOO not in offered and TATOOINE in offered
    s.apply(SystemChoice(TATOOINE))
    assert isinstance(s.stack[-1], EvacuateMove)
    assert s.legal_actions() == [Move(U("Corellian Corvette"), REBEL_BASE), Stop()]
    s.apply(Move(U("Corellian Corvette"), REBEL_BASE))
    assert s.legal_actions() == [
        Move(U("Rebel Trooper"), REBEL_BASE),
        Stop(),
    ]
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))  # the Corvette carries 2
    row = s.board.units[TATOOINE]
    assert (row[U("Corellian Corvette")], row[U("Rebel Trooper")]) == (1, 2)
    assert s.board.units[REBEL_BASE][U("Rebel Trooper")] == 1
    assert s.board.ruled_out == ruled  # as if adjacent: nothing learnt of the base
    assert s.board.leader_loc[L("General Rieekan")] == TATOOINE
    assert isinstance(s.stack[-1], AssignMission)


def test_temporary_alliance() -> None:
    """RR-136: Mon Mothma to a neutral system; a unit per icon onto the queue, sabotage or
    not."""
    s = position(phase="assignment", loyalty={"Naboo": "Rebel"}, sabotage=["Mandalore"])
    i = give(s, REBEL, "Temporary Alliance")
    s.apply(PlayActionCard(action_card(i)))
    offered = [a.system for a in s.legal_actions() if isinstance(a, SystemChoice)]
    assert NABOO not in offered and CORUSCANT not in offered and MANDALORE in offered
    s.apply(SystemChoice(MANDALORE))  # a ground triangle and a space triangle
    assert s.prompt == (
        "Rebel: Temporary Alliance: put a unit on the build queue from Mandalore (2 icons "
        "left), or stop"
    )
    assert Build(U("Rebel Trooper"), MANDALORE) in s.legal_actions()
    s.apply(Build(U("Rebel Trooper"), MANDALORE))
    assert Build(U("Rebel Trooper"), MANDALORE) not in s.legal_actions()
    s.apply(Build(U("X-wing"), MANDALORE))
    queued = [e for e in s.log if e.kind == "built"]
    assert [e.unit for e in queued] == [U("Rebel Trooper"), U("X-wing")]  # type: ignore[attr-defined]
    space = SYSTEMS[MANDALORE].build
    assert s.board.queue_at(REBEL, space).count(U("X-wing")) == 1
    assert s.board.leader_loc[L("Mon Mothma")] == MANDALORE
    assert isinstance(s.stack[-1], AssignMission)


def test_an_old_friend() -> None:
    """RR-138: Han to Bespin recruits Lando there (or Kashyyyk, Chewbacca), only while the
    friend can be recruited."""
    s = position(phase="assignment", leaders={"Han Solo": "pool"})
    i = give(s, REBEL, "An Old Friend")
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SystemChoice(BESPIN), SystemChoice(KASHYYYK)]
    s.apply(SystemChoice(BESPIN))
    b = s.board
    assert b.leader_loc[L("Han Solo")] == BESPIN
    assert b.leader_status[L("Lando Calrissian")] == BOARD
    assert b.leader_loc[L("Lando Calrissian")] == BESPIN
    assert b.leader_status[L("Chewbacca")] == SUPPLY
    # with Lando already in play, only Kashyyyk is left
    s = position(phase="assignment", leaders={"Han Solo": "pool", "Lando Calrissian": "pool"})
    i = give(s, REBEL, "An Old Friend")
    s.apply(PlayActionCard(action_card(i)))
    assert s.board.leader_loc[L("Han Solo")] == KASHYYYK
    assert s.board.leader_loc[L("Chewbacca")] == KASHYYYK


def test_independent_operation() -> None:
    """RR-137: the Empire moves every ground unit of the subjugated system to an Imperial
    system with no Rebel ground unit (FAQ errata); unusable where none is."""
    units = {
        "Naboo": {"Stormtrooper": 2, "AT-ST": 1},
        "Coruscant": {"Rebel Trooper": 1},
        "Malastare": {"Stormtrooper": 1},
    }
    s = position(phase="assignment", units=units, leaders={"Lando Calrissian": "pool"})
    i = give(s, REBEL, "Independent Operation")
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SystemChoice(MALASTARE), SystemChoice(NABOO)]
    s.apply(SystemChoice(NABOO))  # Malastare is the only destination: no decision
    b = s.board
    assert b.units[MALASTARE][U("Stormtrooper")] == 3 and b.units[MALASTARE][U("AT-ST")] == 1
    assert not b.has_ground(NABOO, IMPERIAL) and not b.subjugated[NABOO]
    assert b.leader_loc[L("Lando Calrissian")] == NABOO
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == REBEL
    # two destinations: the Empire chooses
    units["Sullust"] = {"Stormtrooper": 1}
    s = position(phase="assignment", units=units, leaders={"Lando Calrissian": "pool"})
    i = give(s, REBEL, "Independent Operation")
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    assert isinstance(s.stack[-1], IndependentMove) and s.current_player == IMPERIAL
    assert s.legal_actions() == [SystemChoice(MALASTARE), SystemChoice(SULLUST)]
    s.apply(SystemChoice(SULLUST))
    assert s.board.units[SULLUST][U("Stormtrooper")] == 3
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == REBEL
    # nowhere to go: not offered
    s = position(
        phase="assignment",
        units={"Naboo": {"Stormtrooper": 1}, "Coruscant": {"Rebel Trooper": 1}},
        leaders={"Lando Calrissian": "pool"},
    )
    i = give(s, REBEL, "Independent Operation")
    assert PlayActionCard(action_card(i)) not in s.legal_actions()


# ================================================================ False Orders (RR-175)
def test_rr175_false_orders() -> None:
    """RR-175: once both sides passed, a lone Imperial leader goes back to the pool and its
    card back to the hand unseen; a pair of leaders is not alone."""
    s = position(phase="assignment")
    i = give(s, REBEL, "False Orders")
    s.apply(Pass())  # the Rebels
    put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
    put(s, IMPERIAL, "Gather Intel", "Emperor Palpatine", "General Tagge")
    s.apply(Pass())  # the Empire
    assert isinstance(s.stack[-1], FalseOrdersWindow) and s.phase == "assignment"
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], FalseOrdersTarget)
    assert s.legal_actions() == [Target(L("Darth Vader"))]
    s.apply(Target(L("Darth Vader")))
    assert s.board.leader_status[L("Darth Vader")] == POOL
    assert s.slots[IMPERIAL] == [[L("Emperor Palpatine"), L("General Tagge")]]
    hand = s.zones["missions1"]
    assert mission_card(mission_id("Capture Rebel Operative")) in hand
    assert s.phase == "command" and isinstance(s.stack[-1], CommandTurn)
    # no card in hand: no window
    s = position(phase="assignment")
    s.apply(Pass())
    put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
    s.apply(Pass())
    assert s.phase == "command"


# ================================================================ Undercover (RR-176)
def test_rr176_undercover_moves_a_leader_into_the_mission() -> None:
    """RR-176: after the opposition, before the dice, Lando comes from another system and
    rolls for the Rebels."""
    s = position(
        player="Imperial",
        units={"Naboo": {"TIE Fighter": 1}},
        leaders={"Princess Leia": "Naboo", "Lando Calrissian": "Tatooine"},
    )
    i = give(s, REBEL, "Undercover")
    slot = put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Target(L("Princess Leia")))
    s.apply(Pass())  # no pool leader sent
    assert isinstance(s.stack[-1], UndercoverWindow) and s.current_player == REBEL
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert s.board.leader_loc[L("Lando Calrissian")] == NABOO
    moved = next(e for e in s.log if e.kind == "undercover_moved")
    assert (moved.src, moved.dst) == (TATOOINE, NABOO)  # type: ignore[attr-defined]
    rolled = [e for e in s.log if e.kind == "mission_rolled"]
    assert [e.player for e in rolled] == [IMPERIAL, REBEL]  # type: ignore[attr-defined]


# ================================================================ Son of Skywalker (RR-177)
def test_rr177_son_of_skywalker_takes_seek_yoda() -> None:
    """RR-177: after the Rebels succeed at an attempt with Luke there, Seek Yoda from the
    mission deck into the hand, shown; then the clean-up."""
    s = position(leaders={"Luke Skywalker": "pool"})
    i = give(s, REBEL, "Son of Skywalker")
    slot = put(s, REBEL, "Sabotage", "Luke Skywalker")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())  # unopposed: it succeeds
    assert isinstance(s.stack[-1], SonWindow)
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    seek = mission_card(mission_id("Seek Yoda"))
    assert seek in s.zones["missions0"]
    assert seek in s.view(IMPERIAL)["zones"]["missions0"]["known"]
    assert any(e["kind"] == "mission_searched" for e in s.view(IMPERIAL)["log"])
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL


# ================================================================ Something to Fight For (RR-178)
def test_rr178_something_to_fight_for() -> None:
    """RR-178: at the end of a combat in which the Rebels won a battle with Jyn there, a
    discarded objective goes on top of the deck, known to both."""
    s = position(units={"Naboo": {"X-wing": 1}}, leaders={"Jyn Erso": "Naboo"})
    i = give(s, REBEL, "Something to Fight For")
    card = objective_card(objective_id("Rebel Assault"))

    def discarded(doc: dict[str, Any]) -> None:
        objectives = doc["objectives"]
        take(doc, "Rebel Assault", objectives["deck"], objectives["out"])
        objectives["discard"].append("Rebel Assault")

    amend(s, discarded)
    bt = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
    bt.fought = [True, False]
    bt.steps = [("fight_for", REBEL, -1, 0)]
    s.battle = bt
    s.stack.clear()
    advance(s)
    assert isinstance(s.stack[-1], FightForWindow)
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], FightForObjective)
    assert s.legal_actions() == [Objective(objective_card(objective_id("Rebel Assault")))]
    s.apply(Objective(objective_card(objective_id("Rebel Assault"))))
    deck = s.zones["objective_deck"]
    assert deck[-1] == card and len(s.objective_backs) == len(deck)
    kinds = [e["kind"] for e in s.view(IMPERIAL)["log"]]
    assert "objective_to_deck" in kinds and "objective_to_deck_hidden" not in kinds
    assert not s.battle.active


# ================================================================ One in a Million (RR-179)
def test_rr179_one_in_a_million_in_a_mission() -> None:
    """RR-179: before the roll-off's dice, Luke there: the Rebels set up to 2 of their own
    dice (here Luke rolls 1 die only) and roll the rest; the Empire rolls as usual."""
    from rebellion_rote.actions import Oppose, SetDie
    from rebellion_rote.decisions import MillionMission

    s = position(leaders={"Luke Skywalker": "pool"})
    i = give(s, REBEL, "One in a Million")
    slot = put(s, REBEL, "Sabotage", "Luke Skywalker")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Oppose(L("Darth Vader")))
    top = s.stack[-1]
    assert isinstance(top, MillionMission) and not top.playing and s.current_player == REBEL
    assert s.prompt == "Rebel: before the dice of Sabotage: play an action card, or pass"
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SetDie(1, f) for f in range(4)] + [Stop()]
    assert (
        s.describe(SetDie(1, 2))
        == "One in a Million: set a black die to special (die 1 of 2 at most)"
    )
    s.apply(SetDie(1, 2))  # Luke's one Spec Ops die: nothing left to set, the dice roll
    rolled = [e for e in s.log if e.kind == "mission_rolled"]
    assert [e.player for e in rolled] == [REBEL, IMPERIAL]  # type: ignore[attr-defined]
    assert rolled[0].dice == ("special",)  # type: ignore[attr-defined]
    assert rolled[0].successes == 2  # type: ignore[attr-defined]
    assert any(e["kind"] == "die_set" for e in s.view(IMPERIAL)["log"])


def test_rr179_one_in_a_million_in_an_attack() -> None:
    """RR-179: before the Rebels' attack roll, Wedge there: two dice set, the rest rolled."""
    from rebellion_rote.actions import SetDie
    from rebellion_rote.decisions import MillionAttack
    from rebellion_rote.rules.combat.forces import SPACE

    s = position(
        units={"Naboo": {"X-wing": 3, "TIE Fighter": 1}}, leaders={"Wedge Antilles": "Naboo"}
    )
    i = give(s, REBEL, "One in a Million")
    bt = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
    bt.first = [REBEL, REBEL]
    bt.steps = [("attack", REBEL, SPACE, 0)]
    s.battle = bt
    s.stack.clear()
    advance(s)
    assert isinstance(s.stack[-1], MillionAttack)
    assert s.prompt == "Rebel: before your space attack: play an action card, or pass"
    s.apply(PlayActionCard(action_card(i)))
    assert SetDie(0, 0) not in s.legal_actions()  # X-wings roll black dice only
    s.apply(SetDie(1, 1))
    s.apply(SetDie(1, 1))  # 2 set: the attack is rolled at once
    assert s.battle.dice[:2] == [("black", "direct_hit"), ("black", "direct_hit")]
    assert len(s.battle.dice) == 3
    # without the card: no window, the dice roll
    s = position(
        units={"Naboo": {"X-wing": 3, "TIE Fighter": 1}}, leaders={"Wedge Antilles": "Naboo"}
    )
    bt = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
    bt.first = [REBEL, REBEL]
    bt.steps = [("attack", REBEL, SPACE, 0)]
    s.battle = bt
    s.stack.clear()
    advance(s)
    assert not isinstance(s.stack[-1], MillionAttack) and len(s.battle.dice) == 3


def test_rr179_one_in_a_million_for_death_star_plans() -> None:
    """RR-179: Death Star Plans' dice too: a red die set to a direct hit destroys the Death
    Star."""
    from rebellion_rote.actions import SetDie
    from rebellion_rote.decisions import MillionPlans
    from rebellion_rote.rules.objective_play import roll_plans

    s = position(
        units={"Naboo": {"Y-wing": 1, "Death Star": 1}},
        leaders={"Luke Skywalker": "Naboo"},
        objectives=["Death Star Plans"],
        player="Imperial",
    )
    i = give(s, REBEL, "One in a Million")
    s.battle = Battle(system=NABOO, attacker=IMPERIAL, after="activation", round=1)
    s.stack.clear()
    card = objective_card(objective_id("Death Star Plans"))
    roll_plans(s, card, U("Death Star"))
    assert isinstance(s.stack[-1], MillionPlans)
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SetDie(0, f) for f in range(4)] + [Stop()]
    s.apply(SetDie(0, 1))
    s.apply(Stop())
    rolled = next(e for e in reversed(s.log) if e.kind == "dice_rolled")
    assert rolled.dice[0] == ("red", "direct_hit")  # type: ignore[attr-defined]
    assert s.board.units[NABOO][U("Death Star")] == 0


def test_rr179_one_in_a_million_for_discredit_rebellion() -> None:
    """RR-179 (FAQ): the Rebels' Discredit Rebellion die set to a blank costs nothing."""
    from test_rr_roe_missions import discredit

    from rebellion_rote.actions import SetDie
    from rebellion_rote.decisions import MillionDiscredit

    wedge = {"hand": ["One in a Million"], "recruited": {"One in a Million": "Wedge Antilles"}}
    s = discredit(0, leaders={"Wedge Antilles": "Kessel"}, actions={"Rebel": wedge})
    i = gains_id("One in a Million")
    s.apply(Option(2))
    assert isinstance(s.stack[-1], MillionDiscredit)
    assert s.prompt == "Rebel: before the dice of Discredit Rebellion: play an action card, or pass"
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SetDie(1, 3))  # the one die: a blank
    rolled = [e for e in s.log if e.kind == "mission_rolled"][-1]
    assert rolled.dice == ("blank",)  # type: ignore[attr-defined]
    assert s.board.reputation == 14


def test_rr133_no_rebel_special_card_in_the_watched_system() -> None:
    """RR-133: where Boba Fett watches, the Rebels' Special cards stay in hand: no
    Undercover window for the Empire's mission there, no One in a Million before an
    attack there."""
    from rebellion_rote.decisions import MillionAttack
    from rebellion_rote.rules.combat.forces import SPACE

    for watched in (NABOO, -1):
        s = position(
            player="Imperial",
            units={"Naboo": {"TIE Fighter": 1}},
            leaders={"Princess Leia": "Naboo", "Lando Calrissian": "Tatooine"},
        )
        give(s, REBEL, "Undercover")
        s.watched = watched
        slot = put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
        s.apply(Reveal(slot))
        s.apply(SystemChoice(NABOO))
        s.apply(Target(L("Princess Leia")))
        s.apply(Pass())
        assert isinstance(s.stack[-1], UndercoverWindow) is (watched < 0)
    for watched in (NABOO, -1):
        s = position(
            units={"Naboo": {"X-wing": 3, "TIE Fighter": 1}}, leaders={"Wedge Antilles": "Naboo"}
        )
        give(s, REBEL, "One in a Million")
        s.watched = watched
        bt = Battle(system=NABOO, attacker=REBEL, after="activation", round=1)
        bt.first = [REBEL, REBEL]
        bt.steps = [("attack", REBEL, SPACE, 0)]
        s.battle = bt
        s.stack.clear()
        advance(s)
        assert bool(s.stack) and isinstance(s.stack[-1], MillionAttack) is (watched < 0)
