"""The Rise of the Empire mission cards (research-2 §2.1, §2.2; research §8.8; ROTE
"Choosing Mission Sets", "Subversion Mission"; RR-52, RR-100..RR-117): the decks of each
mission set, and each card in a scenario with exact outcomes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rr_helpers import amend, assign, give_mission, new

from rebellion_rote.actions import (
    Deploy,
    Destroy,
    Discard,
    Keep,
    MissionSet,
    Move,
    Oppose,
    Option,
    Pass,
    Place,
    QueueDeploy,
    Recruit,
    Reveal,
    Stop,
    Subvert,
    SystemChoice,
    Target,
    YodaReroll,
)
from rebellion_rote.board import BOARD, ELIMINATED, OFF, POOL, SUPPLY
from rebellion_rote.data import (
    DECK_MISSIONS,
    IMPERIAL,
    LEADERS,
    MARKERS,
    MISSIONS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    leader_id,
    marker_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AidLoyalty,
    BaitMove,
    ChooseCaptive,
    ChooseOption,
    CommandTurn,
    DiscardRebelMission,
    DiscreditChoice,
    DiscreditReroll,
    ExplosivesDestroy,
    FailDestroy,
    GainGround,
    HavenDeploy,
    KeepMission,
    MightDeploy,
    NameRegion,
    OpposeMission,
    PullLeader,
    RecoverMission,
    RecruitHere,
)
from rebellion_rote.ids import mission_card, mission_of
from rebellion_rote.position import position
from rebellion_rote.rules.base_clues import region_mask
from rebellion_rote.rules.mission_deck import deck_cards
from rebellion_rote.rules.missions import BUILT, EFFECTS, WHERE, revealable
from rebellion_rote.rules.rings import YODA, attach
from rebellion_rote.rules.roe_imperial_missions import REGION_NAMES
from rebellion_rote.state import RebellionState
from tabletop import Rng

L = leader_id
S = system_id
U = unit_id
KESSEL, NABOO, DANTOOINE, TATOOINE = S("Kessel"), S("Naboo"), S("Dantooine"), S("Tatooine")
MALASTARE, KASHYYYK, MANDALORE, DATHOMIR = (
    S("Malastare"),
    S("Kashyyyk"),
    S("Mandalore"),
    S("Dathomir"),
)
CORUSCANT, ALDERAAN, CORELLIA = S("Coruscant"), S("Alderaan"), S("Corellia")
MOTHMA, DODONNA, RIEEKAN, LEIA = (
    L("Mon Mothma"),
    L("Jan Dodonna"),
    L("General Rieekan"),
    L("Princess Leia"),
)
PALPATINE, VADER, TARKIN, TAGGE = (
    L("Emperor Palpatine"),
    L("Darth Vader"),
    L("Grand Moff Tarkin"),
    L("General Tagge"),
)
STORMTROOPER, ASSAULT_TANK = U("Stormtrooper"), U("Assault Tank")
ROE_ROWS = [m for side in DECK_MISSIONS for m in side if m.box == "roe"]


# ---------------------------------------------------------------- helpers
def card_ids(name: str) -> list[int]:
    return [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]


def to_hand(s: RebellionState, side: int, name: str, copy: int = 0) -> int:
    """Copy ``copy`` of mission ``name`` into ``side``'s hand (from its deck, or with its
    mission set when the position's set left it out)."""
    return give_mission(s, side, name, copy)


def play(s: RebellionState, side: int, name: str, system: int, *leaders: str) -> int:
    """Put ``name`` into ``side``'s hand, assign ``leaders``, reveal it and choose
    ``system``; returns the card id."""
    c = to_hand(s, side, name)
    slot = assign(s, side, name, *leaders)
    assert Reveal(slot) in s.legal_actions(), name
    s.apply(Reveal(slot))
    assert SystemChoice(system) in s.legal_actions(), (name, SYSTEMS[system].name)
    s.apply(SystemChoice(system))
    return c


def kinds(s: RebellionState, player: int | None = None) -> list[str]:
    if player is None:
        return [e.kind for e in s.log]
    return [e["kind"] for e in s.view(player)["log"]]


def outcome(s: RebellionState) -> bool:
    return [e for e in s.log if e.kind == "mission_outcome"][-1].success  # type: ignore[attr-defined]


def seed_where(make: Callable[[int], RebellionState], success: bool) -> RebellionState:
    """The first seed whose attempt succeeds (``success``) or fails."""
    for seed in range(80):
        s = make(seed)
        if outcome(s) is success:
            return s
    raise AssertionError("no such seed")


def turn_of(s: RebellionState, player: int) -> bool:
    return isinstance(s.stack[-1], CommandTurn) and s.current_player == player


def captive(s: RebellionState, leader: int, system: int, carbonite: bool = False) -> None:
    """``leader`` a captive in ``system``: in the captured ring, or frozen in Carbonite."""
    name, where = LEADERS[leader].name, SYSTEMS[system].name

    def edit(doc: dict[str, Any]) -> None:
        doc["leaders"] = {**doc.get("leaders", {}), name: where}
        if carbonite:
            doc["rings"] = {**doc.get("rings", {}), name: "Frozen in Carbonite"}
        else:
            doc["captured"] = name

    amend(s, edit)


# ================================================================ the decks (RR-52, RR-100)
IMPERIAL_ROE = {
    "Make an Example": 1,
    "Secure the Plans": 1,
    "Draw Them Out": 1,
    "Discredit Rebellion": 1,
    "Deployment": 2,
    "Message from High Command": 2,
    "Stolen Intel": 2,
    "We're the Bait": 2,
    "Exploit Weakness": 2,
    "Break Their Will": 1,
    "Hire Mercenaries": 1,
    "Imperial Might": 1,
    "Imperial Promotion": 1,
    "Subversion": 1,
}
REBEL_ROE = {
    "Aggressive Negotiations": 1,
    "Heist": 1,
    "Prepare for Battle": 1,
    "Secret Mission": 1,
    "Safe Haven": 2,
    "Regional Aid": 2,
    "Reconnaissance": 2,
    "Critical Rescue": 2,
    "Covert Operations": 2,
    "Assault": 1,
    "Plant Explosives": 1,
    "Behind Enemy Lines": 1,
    "My Only Hope": 1,
    "Rebel Promotion": 1,
}
ROE_PORTRAITS = {
    "Make an Example": "Jabba the Hutt",
    "Secure the Plans": "Director Krennic",
    "Draw Them Out": "Director Krennic",
    "Discredit Rebellion": "Admiral Motti",
    "Aggressive Negotiations": "Chirrut Îmwe",
    "Heist": "Jyn Erso",
    "Prepare for Battle": "Saw Gerrera",
    "Secret Mission": "Cassian Andor",
}


def test_rr100_the_rise_of_the_empire_cards_and_their_copies() -> None:
    """RR-100 (with RR-13): 24 Imperial and 20 Rebel cards in the box (the rulesheet's
    count): the deck cards here, the projects and the replacement Sabotage; requirement 2
    for an attempt, 1 for a resolve card and Subversion; a second copy of the first five
    generic cards of each side; the portrait cards have the leader icon, the others the
    Darth Vader icon, but for the base-set Subversion."""
    imperial = [m for m in ROE_ROWS if m.side == "Imperial"]
    rebel = [m for m in ROE_ROWS if m.side == "Rebel"]
    count = Counter[str]()
    for m in imperial:
        count[m.name] += m.copies
    assert dict(count) == {**IMPERIAL_ROE, "Subversion": 2}
    assert {m.name: m.copies for m in rebel} == REBEL_ROE
    projects = [m for m in MISSIONS if m.project and m.box == "roe"]
    assert len(projects) == 4  # Construct Super Star Destroyer x2, Interdictor, Single Reactor
    assert sum(m.copies for m in imperial) + len(projects) == 24
    starting = [m for m in MISSIONS if m.starting and m.box == "roe"]
    assert [m.name for m in starting] == ["Sabotage"]
    assert sum(m.copies for m in rebel) + len(starting) == 20
    for m in ROE_ROWS:
        want = 1 if m.mode == "resolve" else 2
        assert m.requirement == want, m.name
        assert m.portrait == ROE_PORTRAITS.get(m.name, ""), m.name
        assert m.portrait_successes == (2 if m.portrait and m.mode == "attempt" else 0)
        assert not m.starting and not m.project and m.text and m.source
        if m.copies == 2:
            assert not m.portrait, m.name
    sets = {(m.name, m.mission_set) for m in ROE_ROWS}
    assert ("Subversion", "base") in sets and ("Subversion", "roe") in sets
    assert {m.mission_set for m in ROE_ROWS if m.portrait} == {"always"}
    assert {m.mission_set for m in ROE_ROWS if not m.portrait and m.name != "Subversion"} == {"roe"}


def test_rr100_every_effect_and_system_kind_of_the_new_cards_is_built() -> None:
    """RR-100: every card is revealable where its conditions hold: each effect and ``where``
    kind is built."""
    for m in ROE_ROWS:
        assert all(e.kind in BUILT for e in (*m.effects, *m.on_failure)), m.name
        assert m.where in WHERE or m.where == "rebel_base_space", m.name
        assert all(e.kind in EFFECTS for e in (*m.effects, *m.on_failure))


def test_rr52_each_mission_set_builds_its_deck() -> None:
    """RR-52 (with RR-04): the portrait cards are in both sets, the Darth Vader-icon cards
    only in the Rise of the Empire set, the no-icon cards (the base game's 13 others, the
    base-set Subversion) only in the base set. Imperial: 30 base, 31 Rise of the Empire;
    Rebel: 29 and 31."""
    for p, base_n, roe_n in ((IMPERIAL, 30, 31), (REBEL, 29, 31)):
        base, roe = deck_cards(p, False), deck_cards(p, True)
        assert (len(base), len(roe)) == (base_n, roe_n)
        both = set(base) & set(roe)
        assert all(MISSIONS[mission_of(c)].portrait for c in both)
        assert {c for c in base + roe if MISSIONS[mission_of(c)].portrait} == both
        assert len(both) == 16  # 12 of the base game, 4 of the expansion
        assert all(MISSIONS[mission_of(c)].expansion for c in set(roe) - both)
        assert not any(MISSIONS[mission_of(c)].expansion for c in base)
    roe_names = Counter(MISSIONS[mission_of(c)].name for c in deck_cards(IMPERIAL, True))
    assert "Homing Beacon" not in roe_names and roe_names["Retrieve the Plans"] == 1
    assert roe_names["Subversion"] == 1 and roe_names["Deployment"] == 2
    base_names = Counter(MISSIONS[mission_of(c)].name for c in deck_cards(REBEL, False))
    assert base_names["Aggressive Negotiations"] == 1 and "Safe Haven" not in base_names
    assert base_names["Daring Rescue"] == 2


def test_rr52_the_choice_and_the_first_game_build_the_decks() -> None:
    """RR-52: the hidden choice builds each side's deck of its set; first_game=True is the
    Rise of the Empire set for both (the cards with the Darth Vader or a leader icon)."""
    s = new(4)
    s.apply(MissionSet(True))
    s.apply(MissionSet(False))
    for p, roe in ((REBEL, True), (IMPERIAL, False)):
        cards = s.zones[f"mission_deck{p}"] + [
            c for c in s.zones[f"missions{p}"] if MISSIONS[mission_of(c)].deck
        ]
        assert sorted(cards) == deck_cards(p, roe)
    s = new(4, first_game=True)
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    for p in (REBEL, IMPERIAL):
        cards = s.zones[f"mission_deck{p}"] + [
            c for c in s.zones[f"missions{p}"] if MISSIONS[mission_of(c)].deck
        ]
        assert sorted(cards) == deck_cards(p, True)


# ================================================================ Imperial cards
def make_an_example(seed: int) -> RebellionState:
    s = position(
        player="Imperial",
        units={"Tatooine": {"Stormtrooper": 1}, "Kessel": {"Stormtrooper": 1}},
        leaders={"Jabba the Hutt": "pool"},
        seed=seed,
    )
    captive(s, DODONNA, TATOOINE)
    play(s, IMPERIAL, "Make an Example", TATOOINE, "Jabba the Hutt")
    s.apply(Pass())
    return s


def test_rr101_make_an_example_eliminates_the_captive() -> None:
    """RR-101: against a captive in a remote system (the captive rolls for the Rebels,
    every icon counting); on success it leaves the game and the captured ring is free."""
    s = position(
        player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, leaders={"Jabba the Hutt": "pool"}
    )
    captive(s, DODONNA, KESSEL)  # Kessel is populous: not remote
    to_hand(s, IMPERIAL, "Make an Example")
    slot = assign(s, IMPERIAL, "Make an Example", "Jabba the Hutt")
    assert not revealable(s, IMPERIAL, slot)
    s = seed_where(make_an_example, True)
    b = s.board
    assert b.leader_status[DODONNA] == ELIMINATED and b.leader_loc[DODONNA] == OFF
    assert b.captured == OFF and "leader_eliminated" in kinds(s, REBEL)
    rolled = [e for e in s.log if e.kind == "mission_rolled"]
    assert [e.player for e in rolled] == [IMPERIAL, REBEL]  # type: ignore[attr-defined]
    assert len(rolled[0].dice) + len(rolled[0].green) == 6  # type: ignore[attr-defined]
    s = seed_where(make_an_example, False)
    assert s.board.captured == DODONNA and s.board.leader_status[DODONNA] == BOARD


def test_rr102_secure_the_plans_places_its_marker_once() -> None:
    """RR-102: the marker goes into the remote system; with the one marker of the box on the
    board already, the card places nothing."""
    s = position(player="Imperial", leaders={"Director Krennic": "pool"})
    play(s, IMPERIAL, "Secure the Plans", TATOOINE, "Director Krennic")
    s.apply(Pass())  # unopposed
    kind = marker_id("Secure the Plans")
    assert s.board.markers[TATOOINE] == 1 << kind and turn_of(s, REBEL)
    assert MARKERS[kind].card == "Secure the Plans"
    s = position(
        player="Imperial",
        markers={"Hoth": ["Secure the Plans"]},
        leaders={"Director Krennic": "pool"},
    )
    play(s, IMPERIAL, "Secure the Plans", TATOOINE, "Director Krennic")
    s.apply(Pass())
    assert s.board.markers[TATOOINE] == 0 and s.board.markers[S("Hoth")] == 1 << kind


def test_rr101_draw_them_out_brings_a_rebel_pool_leader() -> None:
    """RR-101: in a system with no Rebel unit the Empire places a Rebel pool leader there;
    it stands on the board like any leader (not captured) until the Refresh Phase."""
    s = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"Director Krennic": "pool", "Krennic's Finest": "pool"},
    )
    play(s, IMPERIAL, "Draw Them Out", KESSEL, "Krennic's Finest")
    s.apply(Pass())
    assert isinstance(s.stack[-1], PullLeader)
    assert set(s.legal_actions()) == {Target(x) for x in (MOTHMA, DODONNA, RIEEKAN, LEIA)}
    assert s.describe(Target(LEIA)) == "Place Princess Leia from the Rebel pool in Kessel"
    s.apply(Target(LEIA))
    b = s.board
    assert b.leader_loc[LEIA] == KESSEL and b.leader_status[LEIA] == BOARD
    assert not b.is_captive(LEIA) and "leader_drawn_out" in kinds(s, REBEL)
    assert turn_of(s, REBEL)


def discredit(
    seed: int,
    motti: bool = False,
    leaders: dict[str, str] | None = None,
    **facts: Any,
) -> RebellionState:
    """Discredit Rebellion revealed in Kessel (``leaders`` and ``facts``: more of the
    position)."""
    s = position(
        player="Imperial",
        sabotage=["Kessel", "Naboo"],
        leaders={"Admiral Motti": "pool", **(leaders or {})},
        seed=seed,
        **facts,
    )
    play(
        s,
        IMPERIAL,
        "Discredit Rebellion",
        KESSEL,
        "Admiral Motti" if motti else "Grand Moff Tarkin",
    )
    return s


def test_rr103_discredit_rebellion_removes_the_markers_or_rolls() -> None:
    """RR-103: the Rebels choose: every sabotage marker goes, or they roll 1 die (2 with
    Admiral Motti assigned) and lose 1 reputation if any shows a success."""
    s = discredit(0)
    assert isinstance(s.stack[-1], DiscreditChoice) and s.current_player == REBEL
    assert s.legal_actions() == [Option(1), Option(2)]
    assert s.describe(Option(2)) == "Roll 1 die: any success costs 1 reputation"
    s.apply(Option(1))
    assert not any(s.board.sabotage) and s.board.reputation == 14 and turn_of(s, REBEL)
    for seed in range(12):
        s = discredit(seed, motti=True)
        s.apply(Option(2))
        rolled = [e for e in s.log if e.kind == "mission_rolled"][-1]
        assert len(rolled.dice) == 2  # type: ignore[attr-defined]
        lost = 1 if rolled.successes else 0  # type: ignore[attr-defined]
        assert s.board.reputation == 14 + lost and s.board.sabotage[KESSEL]
        assert turn_of(s, REBEL)


def test_rr103_the_yoda_ring_may_reroll_a_discredit_die() -> None:
    """RR-103 (FAQ): with the Master Yoda ring's leader in the system, the Rebels may reroll
    one of the dice before the outcome counts."""
    for seed in range(40):
        s = discredit(seed)
        s.board.leader_loc[LEIA], s.board.leader_status[LEIA] = KESSEL, BOARD
        attach(s, LEIA, YODA)
        s.apply(Option(2))
        assert isinstance(s.stack[-1], DiscreditReroll)
        assert s.legal_actions() == [YodaReroll(0), Pass()]
        if s.mission_dice[REBEL][0][1] in ("hit", "direct_hit", "special"):
            s.apply(YodaReroll(0))
            face = [e for e in s.log if e.kind == "mission_die_rerolled"][-1].face  # type: ignore[attr-defined]
            lost = 1 if face in ("hit", "direct_hit", "special") else 0
            assert s.board.reputation == 14 + lost and s.yoda_round == s.round
            return
    raise AssertionError("no success rolled")


def test_rr104_deployment_gains_a_triangle_ground_unit() -> None:
    """RR-104: in a system with no Rebel unit or loyalty: a Stormtrooper or an Assault Tank
    from the supply, the Empire choosing."""
    s = position(player="Imperial", loyalty={"Naboo": "Rebel"})
    to_hand(s, IMPERIAL, "Deployment")
    slot = assign(s, IMPERIAL, "Deployment", "Grand Moff Tarkin", "General Tagge")
    s.apply(Reveal(slot))
    assert SystemChoice(NABOO) not in s.legal_actions()  # Rebel loyalty
    s.apply(SystemChoice(MALASTARE))
    s.apply(Pass())
    assert isinstance(s.stack[-1], GainGround)
    assert s.legal_actions() == [Place(STORMTROOPER, MALASTARE), Place(ASSAULT_TANK, MALASTARE)]
    s.apply(Place(ASSAULT_TANK, MALASTARE))
    assert s.board.units[MALASTARE][ASSAULT_TANK] == 1 and s.board.subjugated[MALASTARE]
    assert turn_of(s, REBEL)


def test_rr104_deployment_in_the_hidden_base_reveals_it() -> None:
    s = position(player="Imperial", base="Malastare")
    s.board.units[REBEL_BASE][U("X-wing")] = 1
    to_hand(s, IMPERIAL, "Deployment")
    slot = assign(s, IMPERIAL, "Deployment", "Grand Moff Tarkin", "General Tagge")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(MALASTARE))
    s.apply(Pass())
    s.apply(Place(STORMTROOPER, MALASTARE))
    assert s.board.base_revealed and s.board.units[MALASTARE][U("X-wing")] == 1


def test_rr105_message_from_high_command_sends_its_leaders_back_to_the_pool() -> None:
    """RR-105: 1 loyalty, then the card's leaders are back in the pool at once: they may
    activate a system in a later turn of the same phase."""
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    play(s, IMPERIAL, "Message from High Command", NABOO, "Emperor Palpatine")
    s.apply(Pass())
    b = s.board
    assert b.loyalty[NABOO] == IMPERIAL
    assert b.leader_status[PALPATINE] == POOL and b.leader_loc[PALPATINE] == OFF
    assert "leaders_to_pool" in kinds(s, REBEL) and PALPATINE in b.pool(IMPERIAL)


def test_rr106_stolen_intel_shows_the_mission_hand_and_discards_one() -> None:
    """RR-106: 1 probe card; the Rebels' mission hand is shown to the Empire (the
    spectators see how many cards), which discards one card that is not a starting mission
    (copies one choice)."""
    s = position(player="Imperial", loyalty={"Naboo": "Rebel"})
    heist, haven = to_hand(s, REBEL, "Heist"), to_hand(s, REBEL, "Safe Haven")
    to_hand(s, REBEL, "Safe Haven", 1)
    probes = len(s.zones["probe_hand"])
    play(s, IMPERIAL, "Stolen Intel", NABOO, "Emperor Palpatine")
    s.apply(Pass())
    assert len(s.zones["probe_hand"]) == probes + 1
    assert isinstance(s.stack[-1], DiscardRebelMission)
    assert s.legal_actions() == [Discard(heist), Discard(haven)]
    hand = s.view(IMPERIAL)["zones"]["missions0"]
    assert sorted(hand["known"]) == sorted(s.zones["missions0"])
    assert "mission_hand_shown" in kinds(s, IMPERIAL)
    assert s.describe(Discard(heist)) == "Discard the Rebels' Heist"
    s.apply(Discard(heist))
    assert heist in s.zones["mission_discard0"] and turn_of(s, REBEL)
    assert len(s.zones["missions0"]) == 6


def bait(seed: int) -> RebellionState:
    s = position(
        player="Imperial",
        units={
            "Kessel": {"Stormtrooper": 2},
            "Rebel Base": {"Rebel Trooper": 3, "Airspeeder": 1, "Shield Generator": 1},
        },
        seed=seed,
    )
    captive(s, DODONNA, KESSEL)
    play(s, IMPERIAL, "We're the Bait", KESSEL, "Darth Vader")
    s.apply(Pass())
    return s


def test_rr107_were_the_bait_draws_rebel_ground_units_into_a_combat() -> None:
    """RR-107: in a captive's system (played there, not against it: no roll here), the
    Empire moves Rebel ground units of up to 4 printed health from the Rebel Base space,
    never a structure; then the combat."""
    s = bait(0)
    assert isinstance(s.stack[-1], BaitMove) and s.stack[-1].left == 4
    base_unit = U("Rebel Trooper"), U("Airspeeder")
    assert s.legal_actions() == [
        Move(base_unit[0], REBEL_BASE),
        Move(base_unit[1], REBEL_BASE),
        Stop(),
    ]
    s.apply(Move(U("Airspeeder"), REBEL_BASE))
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    assert s.legal_actions() == [Move(U("Rebel Trooper"), REBEL_BASE), Stop()]
    s.apply(Move(U("Rebel Trooper"), REBEL_BASE))
    b = s.board
    assert b.units[KESSEL][U("Rebel Trooper")] == 2 and b.units[KESSEL][U("Airspeeder")] == 1
    assert b.units[REBEL_BASE][U("Shield Generator")] == 1
    assert s.battle.system == KESSEL  # the combat started after the clean-up


def exploit(seed: int) -> RebellionState:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive(s, DODONNA, KESSEL)

    def two_in_hand(doc: dict[str, Any]) -> None:  # the top two objective cards
        objectives = doc["objectives"]
        objectives["hand"].extend(objectives["deck"][:2])
        objectives["deck"] = objectives["deck"][2:]

    amend(s, two_in_hand)
    play(s, IMPERIAL, "Exploit Weakness", KESSEL, "Emperor Palpatine")
    s.apply(Pass())
    return s


def test_rr106_exploit_weakness_puts_a_random_objective_on_top() -> None:
    """RR-106: against a captive (who rolls for the Rebels); a random card of the objective
    hand is shown and goes on top of the objective deck, both sides knowing it there."""
    s = seed_where(exploit, True)
    hand, deck = s.zones["objective_hand"], s.zones["objective_deck"]
    ev = [e for e in s.log if e.kind == "objective_to_deck"][-1]
    top = deck[-1]
    assert ev.top and ev.card == top and len(hand) == 1  # type: ignore[attr-defined]
    assert "objective_to_deck" in kinds(s, IMPERIAL)  # shown: the Empire sees which
    assert top in s.known["objective_deck"][IMPERIAL] and turn_of(s, REBEL)


def break_will(seed: int) -> RebellionState:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive(s, DODONNA, KESSEL)
    play(s, IMPERIAL, "Break Their Will", KESSEL, "Emperor Palpatine")
    s.apply(Pass())
    return s


def test_rr108_break_their_will_asks_about_a_region() -> None:
    """RR-108 (with RR-73): the Empire names a system, one per region; the Rebels' answer is
    public and narrows where the base can be. Base in Dantooine (region 5)."""
    s = seed_where(break_will, True)
    assert isinstance(s.stack[-1], NameRegion) and s.current_player == IMPERIAL
    assert s.legal_actions() == [SystemChoice(x) for x in REGION_NAMES]
    assert len(REGION_NAMES) == 8
    five = next(x for x in REGION_NAMES if SYSTEMS[x].region == 5)
    assert s.describe(SystemChoice(five)).startswith("Ask whether the Rebel base is in region 5")
    before = s.base_mask
    s.apply(SystemChoice(five))
    assert s.base_mask == before & region_mask(5) and "base_in_region" in kinds(s, IMPERIAL)
    s = seed_where(break_will, True)
    one = next(x for x in REGION_NAMES if SYSTEMS[x].region == 1)
    s.apply(SystemChoice(one))
    assert s.base_mask & region_mask(1) == 0 and "base_not_in_region" in kinds(s, IMPERIAL)
    card = card_ids("Break Their Will")[0]
    assert card in s.zones["mission_discard1"]


def test_rr108_a_failed_break_their_will_goes_back_to_hand() -> None:
    """RR-108: a failed attempt returns the card to hand instead of the discard; the Rebels
    know it is there."""
    s = seed_where(break_will, False)
    card = card_ids("Break Their Will")[0]
    assert card in s.zones["missions1"] and card not in s.zones["mission_discard1"]
    assert card in s.known["missions1"][REBEL] and "mission_to_hand" in kinds(s, REBEL)
    assert turn_of(s, REBEL)
    assert "base_in_region" not in kinds(s) and "base_not_in_region" not in kinds(s)


def test_rr109_hire_mercenaries_recruits_a_leader_without_tactic_values() -> None:
    """RR-109: in a remote system: Boba Fett, Janus Greejatus or Jabba the Hutt, still in the
    supply, placed there (on the board until the Refresh Phase); no action card."""
    s = position(player="Imperial", leaders={"Boba Fett": "pool"})
    hand = list(s.zones["action_hand1"])
    play(s, IMPERIAL, "Hire Mercenaries", DATHOMIR, "Emperor Palpatine")
    assert isinstance(s.stack[-1], RecruitHere)
    janus, jabba = L("Janus Greejatus"), L("Jabba the Hutt")
    assert s.legal_actions() == [Recruit(janus), Recruit(jabba)]
    assert s.describe(Recruit(jabba)) == "Recruit Jabba the Hutt and place them in Dathomir"
    s.apply(Recruit(jabba))
    b = s.board
    assert b.leader_status[jabba] == BOARD and b.leader_loc[jabba] == DATHOMIR
    assert b.leader_status[janus] == SUPPLY and s.zones["action_hand1"] == hand
    assert "recruited_to" in kinds(s, REBEL) and turn_of(s, REBEL)
    for x in (L("Boba Fett"), janus, jabba):
        assert LEADERS[x].space == 0 and LEADERS[x].ground == 0


def test_rr109_imperial_promotion_recruits_a_leader_with_tactic_values() -> None:
    """RR-109: every recruitable Imperial leader with tactic values is on the list; one
    left is recruited at once."""
    from rebellion_rote.rules.roe_missions import recruit_list

    i = mission_of(card_ids("Imperial Promotion")[0])
    names = {LEADERS[x].name for x in recruit_list(i)}
    assert names == {
        x.name for x in LEADERS if x.side == "Imperial" and not x.starting and (x.space or x.ground)
    }
    s = position(
        player="Imperial",
        loyalty={"Naboo": "Imperial"},
        leaders={x: "pool" for x in names if x != "Admiral Motti"},
    )
    play(s, IMPERIAL, "Imperial Promotion", NABOO, "Emperor Palpatine")
    motti = L("Admiral Motti")
    assert s.board.leader_loc[motti] == NABOO and turn_of(s, REBEL)


def test_rr110_imperial_might_deploys_from_queue_space_one() -> None:
    """RR-110: at a Death Star Under Construction with no Rebel unit: up to 4 units from
    queue space 1, one at a time; a Death Star only into its station's system; with two
    leaders assigned, they then go to Coruscant."""
    s = position(player="Imperial", units={"Tatooine": {"Death Star Under Construction": 1}})
    b = s.board
    b.queue_at(IMPERIAL, 1).extend([U("TIE Fighter")] * 3 + [U("Stormtrooper")] * 2)
    b.queue_at(IMPERIAL, 2).append(U("Star Destroyer"))
    to_hand(s, IMPERIAL, "Imperial Might")
    slot = assign(s, IMPERIAL, "Imperial Might", "Grand Moff Tarkin", "General Tagge")
    s.apply(Reveal(slot))
    assert s.legal_actions() == [SystemChoice(TATOOINE)]
    s.apply(SystemChoice(TATOOINE))
    assert isinstance(s.stack[-1], MightDeploy)
    assert s.legal_actions() == [Deploy(U("TIE Fighter"), 1), Deploy(STORMTROOPER, 1), Stop()]
    for u in (U("TIE Fighter"), U("TIE Fighter"), STORMTROOPER, STORMTROOPER):
        s.apply(Deploy(u, 1))
    row = b.units[TATOOINE]
    assert (row[U("TIE Fighter")], row[STORMTROOPER]) == (2, 2)
    assert b.queue_at(IMPERIAL, 1) == [U("TIE Fighter")]
    assert b.leader_loc[TARKIN] == CORUSCANT and b.leader_loc[TAGGE] == CORUSCANT
    assert turn_of(s, REBEL)


def test_rr110_imperial_might_with_one_leader_keeps_it_there() -> None:
    s = position(player="Imperial", units={"Tatooine": {"Shield Bunker": 1}})
    s.board.queue_at(IMPERIAL, 1).append(U("AT-AT"))
    play(s, IMPERIAL, "Imperial Might", TATOOINE, "Grand Moff Tarkin")
    s.apply(Deploy(U("AT-AT"), 1))
    assert s.board.units[TATOOINE][U("AT-AT")] == 1 and s.board.leader_loc[TARKIN] == TATOOINE


# ---------------------------------------------------------------- Subversion (RR-111)
def rebel_attempt(s: RebellionState, *subversion: str) -> None:
    """The Empire holds Subversion face down with ``subversion``; the Rebels attempt Build
    Alliance in Naboo with Mon Mothma."""
    if subversion:
        to_hand(s, IMPERIAL, "Subversion")
        assign(s, IMPERIAL, "Subversion", *subversion)
    slot = assign(s, REBEL, "Build Alliance", "Mon Mothma")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))


def test_rr111_subversion_is_never_revealed_on_its_owners_turn() -> None:
    s = position(player="Imperial")
    to_hand(s, IMPERIAL, "Subversion")
    slot = assign(s, IMPERIAL, "Subversion", "Emperor Palpatine")
    assert not revealable(s, IMPERIAL, slot) and Reveal(slot) not in s.legal_actions()


def test_rr111_subversion_joins_the_opposition_with_a_die_more() -> None:
    """RR-111: against an attempt the Empire may reveal its face-down Subversion: its two
    leaders go to the system and oppose; the Empire may still send a pool leader; the
    opposition rolls 1 more die; the card is discarded and it takes no turn."""
    s = position()
    rebel_attempt(s, "Emperor Palpatine", "Grand Moff Tarkin")
    top = s.stack[-1]
    assert isinstance(top, OpposeMission) and s.current_player == IMPERIAL
    assert Subvert(0) in s.legal_actions()
    assert s.describe(Subvert(0)) == (
        "Reveal Subversion: Emperor Palpatine and Grand Moff Tarkin join the opposition"
    )
    s.apply(Subvert(0))
    b = s.board
    assert b.leader_loc[PALPATINE] == NABOO and b.leader_loc[TARKIN] == NABOO
    card = card_ids("Subversion")
    assert any(c in s.zones["mission_discard1"] for c in card)
    top = s.stack[-1]
    assert isinstance(top, OpposeMission) and top.subverted and top.extra == 1
    assert set(s.legal_actions()) == {Oppose(VADER), Oppose(TAGGE), Pass()}
    s.apply(Pass())
    rolled = [e for e in s.log if e.kind == "mission_rolled"]
    # Palpatine 3 + Tarkin 1 diplomacy icons, and the Subversion's die
    assert len(rolled[-1].dice) == 5 and rolled[-1].player == IMPERIAL  # type: ignore[attr-defined]
    assert "subverted" in kinds(s, REBEL)
    assert turn_of(s, IMPERIAL)  # the Empire's own turn follows: Subversion took none


def test_rr111_subversion_after_passing_and_past_misdirection() -> None:
    """RR-111: revealed after the Empire passed, and though Misdirection keeps the pool out;
    its leaders must meet its requirement (Intel 1); never against a resolve card."""
    s = position()
    s.passed[IMPERIAL] = True
    s.misdirected.append(MOTHMA)
    rebel_attempt(s, "Emperor Palpatine")
    assert s.legal_actions() == [Subvert(0), Pass()]
    s = position()
    rebel_attempt(s, "Darth Vader")  # no Intel icon
    assert Subvert(0) not in s.legal_actions()
    s = position(units={"Naboo": {"Stormtrooper": 1}})
    to_hand(s, IMPERIAL, "Subversion")
    assign(s, IMPERIAL, "Subversion", "Emperor Palpatine")
    slot = assign(s, REBEL, "Rapid Mobilization", "Mon Mothma")  # a resolve card
    s.apply(Reveal(slot))
    s.apply(SystemChoice(REBEL_BASE))
    assert not isinstance(s.stack[-1], OpposeMission)


# ================================================================ Rebel cards
def negotiations(seed: int, oppose: bool = True) -> RebellionState:
    s = position(
        units={"Kessel": {"Stormtrooper": 2, "Assault Tank": 1, "AT-ST": 1}},
        leaders={"Chirrut Îmwe": "pool"},
        seed=seed,
    )
    captive(s, DODONNA, KESSEL)
    play(s, REBEL, "Aggressive Negotiations", KESSEL, "Princess Leia")
    s.apply(Oppose(PALPATINE) if oppose else Pass())
    return s


def test_rr112_aggressive_negotiations_rescues_the_captive() -> None:
    """RR-112: played in the captive's system, not against it (it does not roll):
    unopposed it succeeds and the captive goes to the Rebel Base space."""
    s = negotiations(0, oppose=False)
    assert s.board.captured == OFF and s.board.leader_loc[DODONNA] == REBEL_BASE
    assert "mission_rolled" not in kinds(s) and turn_of(s, IMPERIAL)


def test_rr112_a_failed_aggressive_negotiations_may_destroy_a_triangle_unit() -> None:
    """RR-112: on failure the Rebels may destroy 1 Imperial ground unit with a triangle build
    icon there (a Stormtrooper or an Assault Tank, not the AT-ST), or not."""
    s = seed_where(negotiations, False)
    assert isinstance(s.stack[-1], FailDestroy) and s.current_player == REBEL
    assert s.legal_actions() == [Destroy(STORMTROOPER, 0), Destroy(ASSAULT_TANK, 0), Stop()]
    assert s.describe(Stop()) == "Destroy nothing"
    s.apply(Destroy(ASSAULT_TANK, 0))
    row = s.board.units[KESSEL]
    assert (row[STORMTROOPER], row[ASSAULT_TANK]) == (2, 0) and s.board.captured == DODONNA
    card = card_ids("Aggressive Negotiations")[0]
    assert card in s.zones["mission_discard0"] and turn_of(s, IMPERIAL)


def critical(seed: int) -> RebellionState:
    s = position(units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive(s, DODONNA, KESSEL)
    play(s, REBEL, "Critical Rescue", KESSEL, "General Rieekan", "Princess Leia")
    s.apply(Oppose(VADER))
    return s


def test_rr112_critical_rescue_frees_either_captive_or_goes_back_to_hand() -> None:
    """RR-112, RR-108: with a captive in the ring and one in Carbonite the Rebels choose;
    the Carbonite ring is discarded. Failed, the card goes back to hand, seen by the Empire."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    captive(s, DODONNA, KESSEL)
    captive(s, MOTHMA, KESSEL, carbonite=True)
    play(s, REBEL, "Critical Rescue", KESSEL, "General Rieekan", "Princess Leia")
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseCaptive)
    assert set(s.legal_actions()) == {Target(DODONNA), Target(MOTHMA)}
    s.apply(Target(MOTHMA))
    b = s.board
    assert b.rings[MOTHMA] == -1 and b.leader_loc[MOTHMA] == REBEL_BASE and b.captured == DODONNA
    s = seed_where(critical, False)
    card = card_ids("Critical Rescue")[0]
    assert card in s.zones["missions0"] and card in s.known["missions0"][IMPERIAL]
    assert s.board.captured == DODONNA and turn_of(s, IMPERIAL)


def test_rr113_heist_removes_a_marker_or_draws_at_a_station() -> None:
    """RR-113: a choice: remove a target marker in the system (the Rebels remove it: Raid
    Outposts pays them 1 reputation), or, at a Death Star or Death Star Under Construction,
    draw the top objective card. An option that cannot be done is not offered."""
    s = position(
        units={"Tatooine": {"Stormtrooper": 1, "Death Star Under Construction": 1}},
        markers={"Tatooine": ["Secure the Plans"]},
        leaders={"Jyn Erso": "pool"},
    )
    play(s, REBEL, "Heist", TATOOINE, "Jyn Erso")
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseOption)
    assert s.describe(Option(1)) == "Remove a target marker in the mission's system"
    assert s.describe(Option(2)) == "Draw the top objective card"
    hand = len(s.zones["objective_hand"])
    s.apply(Option(2))
    assert len(s.zones["objective_hand"]) == hand + 1 and s.board.markers[TATOOINE]
    s = position(
        units={"Tatooine": {"Stormtrooper": 1}},
        markers={"Tatooine": ["Secure the Plans"]},
        leaders={"Jyn Erso": "pool"},
    )
    play(s, REBEL, "Heist", TATOOINE, "Jyn Erso")
    s.apply(Pass())
    assert s.board.markers[TATOOINE] == 0 and turn_of(s, IMPERIAL)
    removed = [e for e in s.log if e.kind == "marker_removed"][-1]
    assert removed.by == REBEL and removed.reason == "Heist"  # type: ignore[attr-defined]


def test_rr105_rr114_prepare_for_battle_frees_leaders_and_tactic_cards() -> None:
    """RR-105, RR-114: in a subjugated system: the card's leaders go back to the pool, then
    every Rebel advanced tactic card in a discard pile goes back to its deck."""
    s = position(units={"Kessel": {"Stormtrooper": 1}}, leaders={"Saw Gerrera": "pool"})
    saw = L("Saw Gerrera")
    moved = []
    for th in ("space", "ground"):
        deck, pile = f"tactics_0_{th}", f"tactic_discard_0_{th}"
        for c in s.zones[deck][:2]:
            s.move(c, deck, pile)
            moved.append(c)
    imperial_pile = s.zones["tactic_discard_1_space"]
    s.move(s.zones["tactics_1_space"][0], "tactics_1_space", "tactic_discard_1_space")
    play(s, REBEL, "Prepare for Battle", KESSEL, "Saw Gerrera")
    s.apply(Pass())
    b = s.board
    assert b.leader_status[saw] == POOL and saw in b.pool(REBEL)
    assert not s.zones["tactic_discard_0_space"] and not s.zones["tactic_discard_0_ground"]
    assert all(c in s.zones["tactics_0_space"] + s.zones["tactics_0_ground"] for c in moved)
    assert len(imperial_pile) == 1  # only the Rebels' cards
    ev = [e for e in s.log if e.kind == "tactics_recovered"][-1]
    assert ev.count == 4 and turn_of(s, IMPERIAL)  # type: ignore[attr-defined]


def test_rr115_secret_mission_looks_at_six_and_keeps_one_or_two() -> None:
    """RR-115: the top 6 cards of the Rebel deck, hidden from the Empire (it sees 6 were
    looked at and 1 taken); 1 card, a second one with Cassian Andor if the Rebels like;
    the rest go back and the deck is shuffled."""
    s = position(loyalty={"Naboo": "Rebel"}, leaders={"Cassian Andor": "pool"})
    to_hand(s, REBEL, "Secret Mission")
    deck = s.zones["mission_deck0"]
    size = len(deck)
    top6 = deck[-6:]
    play(s, REBEL, "Secret Mission", NABOO, "Cassian Andor")
    top = s.stack[-1]
    assert isinstance(top, KeepMission) and top.left == 2 and not top.optional
    look = s.zones["mission_look0"]
    assert (
        sorted(look) == sorted(top6) and "cards" not in s.view(IMPERIAL)["zones"]["mission_look0"]
    )
    assert "missions_looked_count" in kinds(s, IMPERIAL)
    first = s.legal_actions()[0]
    assert isinstance(first, Keep)
    s.apply(first)
    assert Stop() in s.legal_actions()
    for k in range(5):  # a determinisation re-deals the cards the Empire has not seen
        d = s.resample(IMPERIAL, Rng(k))
        assert isinstance(d, RebellionState) and len(d.zones["mission_look0"]) == 5
    s.apply(Stop())
    assert not look and len(deck) == size - 1
    assert first.card in s.zones["missions0"]
    assert "mission_taken_hidden" in kinds(s, IMPERIAL) and turn_of(s, IMPERIAL)


def test_rr115_secret_mission_without_cassian_keeps_one() -> None:
    s = position(loyalty={"Naboo": "Rebel"})
    play(s, REBEL, "Secret Mission", NABOO, "Jan Dodonna")
    assert s.stack[-1].left == 1  # type: ignore[attr-defined]
    s.apply(s.legal_actions()[0])
    assert turn_of(s, IMPERIAL) and not s.zones["mission_look0"]


def test_rr110_safe_haven_deploys_from_any_queue_space() -> None:
    """RR-110: in a Rebel system with no Imperial unit: up to 2 units from any space of the
    Rebel build queue; never into a system with a sabotage marker."""
    s = position(
        loyalty={"Naboo": "Rebel", "Kessel": "Rebel"}, units={"Kessel": {"TIE Fighter": 1}}
    )
    b = s.board
    b.queue_at(REBEL, 3).append(U("X-wing"))
    b.queue_at(REBEL, 1).extend([U("Rebel Trooper")] * 2)
    to_hand(s, REBEL, "Safe Haven")
    slot = assign(s, REBEL, "Safe Haven", "Mon Mothma", "General Rieekan")
    s.apply(Reveal(slot))
    assert SystemChoice(KESSEL) not in s.legal_actions()
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert isinstance(s.stack[-1], HavenDeploy)
    assert s.legal_actions() == [
        QueueDeploy(U("Rebel Trooper"), 1),
        QueueDeploy(U("X-wing"), 3),
        Stop(),
    ]
    assert (
        s.describe(QueueDeploy(U("X-wing"), 3))
        == "Deploy 1 X-wing from Rebel queue space 3 to Naboo"
    )
    s.apply(QueueDeploy(U("X-wing"), 3))
    s.apply(QueueDeploy(U("Rebel Trooper"), 1))
    assert b.units[NABOO][U("X-wing")] == 1 and b.units[NABOO][U("Rebel Trooper")] == 1
    assert b.queue_at(REBEL, 1) == [U("Rebel Trooper")] and turn_of(s, IMPERIAL)


def test_rr116_regional_aid_gains_loyalty_here_and_elsewhere() -> None:
    """RR-116: 1 loyalty in the system, then 1 in another populous system of its region, the
    Rebels choosing (Naboo, region 8: Sullust or Utapau; Dagobah is remote)."""
    s = position()
    play(s, REBEL, "Regional Aid", NABOO, "Mon Mothma")
    s.apply(Pass())
    assert s.board.loyalty[NABOO] == REBEL
    assert isinstance(s.stack[-1], AidLoyalty)
    assert s.legal_actions() == [SystemChoice(S("Sullust")), SystemChoice(S("Utapau"))]
    s.apply(SystemChoice(S("Utapau")))
    assert s.board.loyalty[S("Utapau")] == REBEL and turn_of(s, IMPERIAL)


def test_rr106_reconnaissance_takes_a_discarded_mission_back() -> None:
    """RR-106: in an Imperial system: a card of the Rebel discard pile back to hand (copies
    one choice), public."""
    s = position(loyalty={"Naboo": "Imperial"})
    pile = "mission_discard0"
    heist = to_hand(s, REBEL, "Heist")
    s.move(heist, "missions0", pile)
    for k in (0, 1):
        c = to_hand(s, REBEL, "Regional Aid", k)
        s.move(c, "missions0", pile)
    play(s, REBEL, "Reconnaissance", NABOO, "Jan Dodonna")
    s.apply(Pass())
    assert isinstance(s.stack[-1], RecoverMission)
    aid = card_ids("Regional Aid")[0]
    assert s.legal_actions() == [Keep(heist), Keep(aid)]
    assert s.describe(Keep(heist)) == "Take Heist back from your discard pile"
    s.apply(Keep(heist))
    assert heist in s.zones["missions0"] and heist in s.known["missions0"][IMPERIAL]
    assert turn_of(s, IMPERIAL)


def test_covert_operations_draws_one_of_two_objectives() -> None:
    """RR-94: as Covert Operation: the top 2 looked at, 1 drawn, the other to the bottom."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    top2 = s.zones["objective_deck"][-2:]
    play(s, REBEL, "Covert Operations", KESSEL, "Jan Dodonna")
    s.apply(Pass())
    keep = s.legal_actions()[0]
    s.apply(keep)
    hand = s.zones["objective_hand"]
    assert len([c for c in top2 if c in hand]) == 1
    assert s.zones["objective_deck"][0] in top2 and turn_of(s, IMPERIAL)


def assault(seed: int, oppose: bool) -> RebellionState:
    s = position(units={"Kessel": {"Stormtrooper": 5}}, seed=seed)
    play(s, REBEL, "Assault", KESSEL, "Princess Leia", "General Rieekan")
    s.apply(Oppose(TAGGE) if oppose else Pass())
    return s


def test_rr117_assault_rolls_unopposed_and_destroys_by_the_margin() -> None:
    """RR-117: the Rebels roll even unopposed (2 Spec Ops icons: 2 dice) and succeed; the
    Stormtroopers destroyed are the margin, at most 3; opposed, the margin over the
    Empire's successes."""
    for seed in range(20):
        for oppose in (False, True):
            s = assault(seed, oppose)
            rolls = [e for e in s.log if e.kind == "mission_rolled"]
            mine = rolls[0].successes  # type: ignore[attr-defined]
            theirs = rolls[1].successes if oppose else 0  # type: ignore[attr-defined]
            assert len(rolls) == (2 if oppose else 1)
            assert outcome(s) is (mine > theirs or not oppose)
            gone = min(3, max(mine - theirs, 0)) if outcome(s) else 0
            assert s.board.units[KESSEL][STORMTROOPER] == 5 - gone, (seed, oppose)


def test_rr117_plant_explosives_destroys_ground_units_within_the_margin() -> None:
    """RR-117: up to 3 Imperial ground units whose printed health together is at most the
    margin, one at a time; ships are not ground units."""
    for seed in range(40):
        s = position(
            units={"Kessel": {"Stormtrooper": 4, "AT-ST": 1, "TIE Fighter": 1}},
            leaders={"Chewbacca": "pool"},
            seed=seed,
        )
        play(s, REBEL, "Plant Explosives", KESSEL, "Chewbacca")  # spec ops 3: 3 dice
        s.apply(Pass())
        margin = next(e for e in s.log if e.kind == "mission_rolled").successes  # type: ignore[attr-defined]
        if margin < 4:
            continue
        top = s.stack[-1]
        assert isinstance(top, ExplosivesDestroy) and (top.left, top.count) == (margin, 3)
        assert s.legal_actions() == [Destroy(STORMTROOPER, 0), Destroy(U("AT-ST"), 0), Stop()]
        s.apply(Destroy(U("AT-ST"), 0))
        s.apply(Destroy(STORMTROOPER, 0))
        s.apply(Destroy(STORMTROOPER, 0))  # the third and last unit
        row = s.board.units[KESSEL]
        assert (row[STORMTROOPER], row[U("AT-ST")], row[U("TIE Fighter")]) == (2, 0, 1)
        assert turn_of(s, IMPERIAL)
        return
    raise AssertionError("no roll of 4 successes")


def test_behind_enemy_lines_moves_five_units_ignoring_the_leaders_there() -> None:
    """RR-88: in a subjugated or Rebel system: up to 5 units from the Rebel Base space as if
    adjacent (a Rebel leader on the space does not hold them), then a combat."""
    s = position(
        units={
            "Kessel": {"Stormtrooper": 1},
            "Rebel Base": {"Rebel Trooper": 4, "X-wing": 2, "Rebel Transport": 1},
        },
        leaders={"Jan Dodonna": "Rebel Base"},
    )
    play(s, REBEL, "Behind Enemy Lines", KESSEL, "General Rieekan")
    for u in ("Rebel Transport", "Rebel Trooper", "Rebel Trooper", "X-wing", "X-wing"):
        s.apply(Move(U(u), REBEL_BASE))
    row = s.board.units[KESSEL]
    assert (row[U("Rebel Trooper")], row[U("X-wing")], row[U("Rebel Transport")]) == (2, 2, 1)
    assert s.battle.system == KESSEL


def test_rr109_my_only_hope_and_rebel_promotion_recruit_named_leaders() -> None:
    """RR-109: My Only Hope (a remote system): Luke, Obi-Wan, Jyn Erso, Han or Chirrut still
    in the supply (not Luke while his Jedi form is in play); Rebel Promotion (a Rebel
    system): Ackbar, Wedge, Madine, Cassian or Saw."""
    s = position(leaders={"Luke Skywalker (Jedi)": "pool", "Han Solo": "pool"})
    play(s, REBEL, "My Only Hope", DATHOMIR, "Mon Mothma")
    assert isinstance(s.stack[-1], RecruitHere)
    obi, jyn, chirrut = L("Obi-Wan Kenobi"), L("Jyn Erso"), L("Chirrut Îmwe")
    assert s.legal_actions() == [Recruit(obi), Recruit(jyn), Recruit(chirrut)]
    s.apply(Recruit(jyn))
    assert s.board.leader_loc[jyn] == DATHOMIR and turn_of(s, IMPERIAL)
    s = position(loyalty={"Naboo": "Rebel"})
    play(s, REBEL, "Rebel Promotion", NABOO, "Mon Mothma")
    names = [LEADERS[a.leader].name for a in s.legal_actions()]  # type: ignore[attr-defined]
    assert names == [
        "Admiral Ackbar",
        "Wedge Antilles",
        "General Madine",
        "Cassian Andor",
        "Saw Gerrera",
    ]


def test_bad_rise_of_the_empire_rows_are_refused_naming_the_card() -> None:
    """The new fields are checked at load: a recruiting list names leaders of the card's
    side; only an attempt fails or rolls unopposed; the Darth Vader icon is an expansion
    card's and never with a portrait; a Subversion-like card is never attempted."""
    import attrs
    import pytest

    from rebellion_rote.data import MissionDef, MissionEffect, check_missions
    from tabletop import CardDataError

    promo = next(m for m in ROE_ROWS if m.name == "Rebel Promotion")
    bad = attrs.evolve(promo, effects=(MissionEffect(kind="recruit_here", leaders=("Boba Fett",)),))
    with pytest.raises(CardDataError, match=r"Rebel Promotion.*effects.leaders 'Boba Fett'"):
        check_missions([bad])
    for fields, words in (
        ({"mode": "resolve", "roll_unopposed": True}, "only an attempt"),
        ({"portrait": "Jyn Erso", "portrait_successes": 0}, "Darth Vader icon"),
        ({"box": "base"}, "Darth Vader icon"),
        ({"timing": "opposing"}, "never attempted"),
    ):
        row = {**{f.name: getattr(promo, f.name) for f in attrs.fields(MissionDef)}, **fields}
        if "roll_unopposed" in fields or "timing" in fields:
            row["mode"] = fields.get("mode", "attempt")
        with pytest.raises(ValueError, match=words):
            MissionDef(**row)
