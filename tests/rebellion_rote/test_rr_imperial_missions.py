"""The Imperial mission deck of the base game (research §7.2, §4.4, §6.1-§6.3; research-2
§2.1, §2.4, §4.2; RR-71..RR-82): the deck, and each card in a scenario with exact outcomes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rr_helpers import amend, assign, give_mission, take

from rebellion_rote.actions import (
    Advance,
    Build,
    Destroy,
    Move,
    MoveCaptive,
    Objective,
    Pass,
    Reveal,
    Stop,
    SystemChoice,
    Target,
)
from rebellion_rote.board import BOARD, CARBONITE, LURE, NO_RING, NONE, OFF, POOL
from rebellion_rote.data import (
    DECK_MISSIONS,
    IMPERIAL,
    LEADERS,
    MISSIONS,
    NUM_SYSTEMS,
    REBEL,
    REBEL_BASE,
    SYSTEMS,
    leader_id,
    objective_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AdvanceQueue,
    BeaconPlacement,
    BottomObjective,
    ClosestSystem,
    CommandTurn,
    ConquestMove,
    DestroyByHealth,
    FactoryBuild,
    LoyaltyInRegion,
    MissionTarget,
    NameBaseSystems,
)
from rebellion_rote.ids import mission_card, mission_of, objective_card
from rebellion_rote.position import card_name, position
from rebellion_rote.rules.base_clues import ALL_SYSTEMS, region_mask, system_mask
from rebellion_rote.rules.imperial_missions import DISTANCE, EFFECTS
from rebellion_rote.rules.mission_deck import deck_cards
from rebellion_rote.rules.missions import BUILT, revealable
from rebellion_rote.rules.refresh import retrieve_leaders
from rebellion_rote.state import RebellionState
from tabletop import Rng

L = leader_id
S = system_id
U = unit_id
KESSEL, NABOO, DANTOOINE, MALASTARE = S("Kessel"), S("Naboo"), S("Dantooine"), S("Malastare")
DODONNA, LEIA, MOTHMA, RIEEKAN = (
    L("Jan Dodonna"),
    L("Princess Leia"),
    L("Mon Mothma"),
    L("General Rieekan"),
)
LUKE = L("Luke Skywalker")
VADER, TARKIN, TAGGE, PALPATINE = (
    L("Darth Vader"),
    L("Grand Moff Tarkin"),
    L("General Tagge"),
    L("Emperor Palpatine"),
)


# ---------------------------------------------------------------- helpers
def card_ids(name: str) -> list[int]:
    return [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]


def to_hand(s: RebellionState, name: str, copy: int = 0) -> int:
    """Copy ``copy`` of Imperial mission ``name`` into the Empire's hand, from its deck, or
    with its mission set when the position's set left it out."""
    return give_mission(s, IMPERIAL, name, copy)


def play(s: RebellionState, name: str, *leaders: str) -> int:
    """Put ``name`` into the Empire's hand, assign ``leaders`` to it and reveal it."""
    to_hand(s, name)
    slot = assign(s, IMPERIAL, name, *leaders)
    assert Reveal(slot) in s.legal_actions(), name
    s.apply(Reveal(slot))
    return slot


def captive_at(s: RebellionState, leader: int, system: int) -> None:
    """``leader`` in the captured ring, in ``system``."""
    name, where = LEADERS[leader].name, SYSTEMS[system].name
    amend(s, lambda doc: doc.update(leaders={**doc.get("leaders", {}), name: where}, captured=name))


def outcome(s: RebellionState) -> bool:
    return [e for e in s.log if e.kind == "mission_outcome"][-1].success  # type: ignore[attr-defined]


def first_success(make: Callable[[int], RebellionState], tries: int = 60) -> RebellionState:
    """The first seed whose attempt succeeds (``make`` plays up to the roll-off)."""
    for seed in range(tries):
        s = make(seed)
        if outcome(s):
            return s
    raise AssertionError("no success")


def rebel_turn(s: RebellionState) -> bool:
    return isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL


def public_kinds(s: RebellionState, player: int = REBEL) -> list[str]:
    return [e["kind"] for e in s.view(player)["log"]]


# ---------------------------------------------------------------- the deck
def test_the_imperial_deck_has_every_card_and_copy_of_each_set() -> None:
    """Research §7.2 and research-2 §2.4 (copies), §2.1 (mission sets): of the base game's
    cards the base set holds all 20, 25 with copies; the Rise of the Empire set only the 12
    leader-icon cards (the expansion's own cards: test_rr_roe_missions.py)."""
    names = Counter(
        MISSIONS[mission_of(c)].name
        for c in deck_cards(IMPERIAL, False)
        if MISSIONS[mission_of(c)].box == "base"
    )
    doubles = {
        "Interrogation",
        "Address Delays",
        "Secret Weapons Research",
        "Trade Negotiations",
        "Intercept Transmissions",
    }
    assert sum(names.values()) == 25 and len(names) == 20
    assert {n for n, k in names.items() if k == 2} == doubles
    assert all(k in (1, 2) for k in names.values())
    portraits = {
        "Collect Bounty": "Boba Fett",
        "Detained": "General Tagge",
        "Double Our Efforts": "Moff Jerjerrod",
        "Fear Will Keep Them in Line": "Grand Moff Tarkin",
        "Hunt Them Down": "Soontir Fel",
        "Imperial Propaganda": "Janus Greejatus",
        "Interrogation Droid": "Colonel Yularen",
        "Long Range Probe": "Admiral Piett",
        "Lure of the Dark Side": "Emperor Palpatine",
        "Planetary Conquest": "General Veers",
        "Probe Droid Initiative": "Admiral Ozzel",
        "Retrieve the Plans": "Darth Vader",
    }
    base_rows = [m for m in DECK_MISSIONS[IMPERIAL] if m.box == "base"]
    assert {m.name: m.portrait for m in base_rows if m.portrait} == portraits
    roe = Counter(
        MISSIONS[mission_of(c)].name
        for c in deck_cards(IMPERIAL, True)
        if MISSIONS[mission_of(c)].box == "base"
    )
    assert roe == Counter(list(portraits))
    for m in base_rows:
        assert m.side == "Imperial" and not m.starting and not m.project and not m.expansion
        if m.portrait and m.mode == "attempt":
            assert m.portrait_successes == 2, m.name


def test_every_effect_kind_of_the_deck_is_built() -> None:
    kinds = {e.kind for m in DECK_MISSIONS[IMPERIAL] for e in m.effects}
    assert kinds <= BUILT
    assert set(EFFECTS) <= kinds  # and every effect of the module is used by a card


def test_a_dealt_game_deals_the_imperial_deck() -> None:
    from rr_helpers import fixed_game

    s = fixed_game()
    imperial = [c for c in s.zones["missions1"] if not MISSIONS[mission_of(c)].starting]
    assert (
        len(imperial) == 2 and len(s.zones["mission_deck1"]) == 31 - 2
    )  # the first game: the RoE set


# ---------------------------------------------------------------- loyalty cards
def test_display_of_power_gains_two_loyalty() -> None:
    s = position(player="Imperial", loyalty={"Naboo": "Rebel"})
    play(s, "Display of Power", "Emperor Palpatine")  # diplomacy 3
    assert {a.system for a in s.legal_actions()} == {
        x for x in range(NUM_SYSTEMS) if SYSTEMS[x].populous
    }
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert s.board.loyalty[NABOO] == IMPERIAL  # Rebel -> neutral -> Imperial
    assert card_ids("Display of Power")[0] in s.zones["mission_discard1"]  # used: discarded


def test_trade_negotiations_gains_one_loyalty_and_needs_diplomacy_two() -> None:
    s = position(player="Imperial", loyalty={"Naboo": "Rebel"})
    to_hand(s, "Trade Negotiations")
    slot = assign(s, IMPERIAL, "Trade Negotiations", "Grand Moff Tarkin")  # diplomacy 1
    assert Reveal(slot) not in s.legal_actions()
    s = position(player="Imperial", loyalty={"Naboo": "Rebel"})
    play(s, "Trade Negotiations", "Darth Vader")  # diplomacy 2
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert s.board.loyalty[NABOO] == NONE


def test_rr80_fear_will_keep_them_in_line_gains_in_two_chosen_systems() -> None:
    """RR-80: in a system with a Star Destroyer (a Death Star Under Construction is no
    Death Star): 1 loyalty in 2 different populous systems of its region, one at a time."""
    s = position(
        player="Imperial",
        units={"Naboo": {"Star Destroyer": 1}, "Mustafar": {"Death Star Under Construction": 1}},
        loyalty={"Sullust": "Rebel"},
    )
    play(s, "Fear Will Keep Them in Line", "Grand Moff Tarkin")
    assert {a.system for a in s.legal_actions()} == {NABOO}  # not the DSUC's Mustafar
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())  # unopposed: Tarkin's portrait counts only in a roll
    region = [x for x in range(NUM_SYSTEMS) if SYSTEMS[x].region == SYSTEMS[NABOO].region]
    populous = [x for x in region if SYSTEMS[x].populous]
    assert isinstance(s.stack[-1], LoyaltyInRegion)
    assert {a.system for a in s.legal_actions()} == set(populous)
    assert s.describe(SystemChoice(S("Sullust"))) == "Gain 1 loyalty in Sullust"
    s.apply(SystemChoice(S("Sullust")))
    assert s.board.loyalty[S("Sullust")] == NONE
    assert {a.system for a in s.legal_actions()} == set(populous) - {S("Sullust")}
    s.apply(SystemChoice(NABOO))
    assert s.board.loyalty[NABOO] == IMPERIAL and rebel_turn(s)


def test_rr80_imperial_propaganda_neutralizes_the_region() -> None:
    """RR-80: every Rebel loyalty marker of the region goes, a subjugated system's too (its
    subjugation stays); other regions and Imperial loyalty are untouched."""
    s = position(
        player="Imperial",
        loyalty={"Naboo": "Imperial", "Sullust": "Rebel", "Utapau": "Rebel", "Kessel": "Rebel"},
        units={"Utapau": {"Stormtrooper": 1}},
    )
    assert s.board.subjugated[S("Utapau")]
    play(s, "Imperial Propaganda", "Darth Vader")  # diplomacy 2
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    b = s.board
    assert b.loyalty[S("Sullust")] == NONE and b.loyalty[S("Utapau")] == NONE
    assert b.subjugated[S("Utapau")] and b.loyalty[NABOO] == IMPERIAL
    assert b.loyalty[KESSEL] == REBEL


# ---------------------------------------------------------------- the build queue, projects
def test_address_delays_places_units_from_every_icon() -> None:
    """As Construct Factory's placement (RR-43), without removing sabotage; the words name
    Address Delays."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    s.board.sabotage[KESSEL] = True
    play(s, "Address Delays", "General Tagge")  # logistics 1
    s.apply(SystemChoice(KESSEL))
    assert isinstance(s.stack[-1], FactoryBuild)
    assert s.prompt.startswith("Imperial: Address Delays: build from the icons of Kessel")
    assert s.describe(Stop()) == "Build no more units with Address Delays"
    n = len(SYSTEMS[KESSEL].icons)
    for _ in range(n):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Build)))
    queued = sum(len(s.board.queue_at(IMPERIAL, k)) for k in (1, 2, 3))
    assert queued == n and s.board.sabotage[KESSEL] and rebel_turn(s)


def test_secret_weapons_research_draws_two_projects() -> None:
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    deck = s.zones["project_deck"]
    top = deck[-2:]
    play(s, "Secret Weapons Research", "Grand Moff Tarkin")
    s.apply(SystemChoice(KESSEL))
    assert set(top) <= set(s.zones["missions1"]) and len(deck) == 10
    assert "projects_drawn_count" in public_kinds(s) and "projects_drawn" not in public_kinds(s)
    assert rebel_turn(s)


def test_rr79_double_our_efforts_moves_one_unit_down() -> None:
    """RR-79: one unit of space 2 or 3 moves down a space; without Moff Jerjerrod, one only."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    b = s.board
    b.queue_at(IMPERIAL, 3).append(U("Star Destroyer"))
    b.queue_at(IMPERIAL, 2).append(U("TIE Fighter"))
    b.queue_at(IMPERIAL, 1).append(U("Stormtrooper"))
    play(s, "Double Our Efforts", "Grand Moff Tarkin")
    s.apply(SystemChoice(KESSEL))
    assert isinstance(s.stack[-1], AdvanceQueue)
    assert set(s.legal_actions()) == {Advance(U("TIE Fighter"), 2), Advance(U("Star Destroyer"), 3)}
    assert s.describe(Advance(U("Star Destroyer"), 3)) == (
        "Move 1 Star Destroyer from queue space 3 to space 2"
    )
    s.apply(Advance(U("Star Destroyer"), 3))
    assert b.queue_at(IMPERIAL, 2) == [U("TIE Fighter"), U("Star Destroyer")]
    assert b.queue_at(IMPERIAL, 3) == [] and rebel_turn(s)


def test_rr79_jerjerrod_moves_a_second_unit_if_he_likes() -> None:
    """RR-79: with Moff Jerjerrod a second figure may move (optional), not the first again."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    b = s.board
    b.queue_at(IMPERIAL, 3).append(U("Star Destroyer"))
    play(s, "Double Our Efforts", "Moff Jerjerrod")
    s.apply(SystemChoice(KESSEL))
    assert s.legal_actions() == [Advance(U("Star Destroyer"), 3)]  # the first must move
    s.apply(Advance(U("Star Destroyer"), 3))
    assert rebel_turn(s)  # no other figure: the second move is not offered
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    b = s.board
    b.queue_at(IMPERIAL, 3).extend([U("Star Destroyer"), U("Star Destroyer")])
    play(s, "Double Our Efforts", "Moff Jerjerrod")
    s.apply(SystemChoice(KESSEL))
    s.apply(Advance(U("Star Destroyer"), 3))
    assert set(s.legal_actions()) == {Advance(U("Star Destroyer"), 3), Stop()}
    assert "or stop" in s.prompt
    s.apply(Advance(U("Star Destroyer"), 3))
    assert b.queue_at(IMPERIAL, 2) == [U("Star Destroyer")] * 2 and rebel_turn(s)


def test_double_our_efforts_with_an_empty_queue_does_nothing() -> None:
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    play(s, "Double Our Efforts", "Grand Moff Tarkin")
    s.apply(SystemChoice(KESSEL))
    assert rebel_turn(s)


# ---------------------------------------------------------------- probe cards
def test_probe_droid_initiative_draws_two_or_four_with_ozzel() -> None:
    for leader, n in (("Grand Moff Tarkin", 2), ("Admiral Ozzel", 4)):
        s = position(player="Imperial", units={"Naboo": {"Super Star Destroyer": 1}})
        play(s, "Probe Droid Initiative", leader)  # intel 1
        assert {a.system for a in s.legal_actions()} == {NABOO}
        s.apply(SystemChoice(NABOO))
        assert len(s.zones["probe_hand"]) == n, leader
        assert rebel_turn(s)


def stack_probes(s: RebellionState, top: list[int]) -> None:
    """Put ``top`` on top of the probe deck, the first on top."""
    deck = s.zones["probe_deck"]
    deck[:] = [c for c in deck if c not in top] + top[::-1]


def test_rr77_intercept_transmissions_gives_the_cards_of_imperial_systems() -> None:
    """RR-77: the Rebels draw the top 8 probe cards (the Empire sees only how many), give
    the Empire those of systems with an Imperial unit, ships too, and shuffle the others
    back into the deck, where the Rebels know them to be."""
    s = position(
        player="Imperial",
        loyalty={"Naboo": "Rebel"},
        units={"Kessel": {"TIE Fighter": 1}, "Hoth": {"Stormtrooper": 1}},
    )
    hoth = S("Hoth")
    top = [KESSEL, S("Yavin"), hoth, S("Endor"), S("Bespin"), S("Ilum"), S("Sullust"), NABOO]
    stack_probes(s, top)
    deck = s.zones["probe_deck"]
    size = len(deck)
    play(s, "Intercept Transmissions", "Emperor Palpatine")  # intel 2
    assert {a.system for a in s.legal_actions()} == {NABOO}  # the only Rebel system
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    hand = s.zones["probe_hand"]
    assert hand == [KESSEL, hoth] and s.known["probe_hand"][REBEL] == [KESSEL, hoth]
    rest = set(top) - {KESSEL, hoth}
    assert len(deck) == size - 2 and rest <= set(deck) and set(s.known["probe_deck"][REBEL]) == rest
    empire, rebels = public_kinds(s, IMPERIAL), public_kinds(s, REBEL)
    assert "probes_looked_count" in empire and "probes_looked" not in empire
    assert "probes_looked" in rebels and "probes_given" in empire and "probes_given" in rebels
    assert "probe_deck_shuffled" in empire and rebel_turn(s)


def test_rr77_intercept_with_fewer_than_eight_probe_cards_draws_them_all() -> None:
    s = position(
        player="Imperial", loyalty={"Naboo": "Rebel"}, units={"Kessel": {"TIE Fighter": 1}}
    )
    deck = s.zones["probe_deck"]

    def three_left(doc: dict[str, Any]) -> None:  # Hoth on top; the rest out of the game
        probes = doc["probes"]
        keep = ["Hoth", "Yavin", "Kessel"]
        probes["out"] += [c for c in probes["deck"] if c not in keep]
        probes["deck"] = keep

    amend(s, three_left)
    play(s, "Intercept Transmissions", "Emperor Palpatine")
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert s.zones["probe_hand"] == [KESSEL] and sorted(deck) == sorted([S("Yavin"), S("Hoth")])


# ---------------------------------------------------------------- the hidden base (RR-73)
def test_rr73_long_range_probe_says_the_base_is_here_without_revealing_it() -> None:
    """RR-73: the Rebels say whether the base is in the system; the fact is public
    (``base_mask``), the base stays hidden."""
    s = position(player="Imperial", units={"Rebel Base": {"Rebel Trooper": 2}})
    play(s, "Long Range Probe", "Emperor Palpatine")  # intel 2
    assert len(s.legal_actions()) == NUM_SYSTEMS  # any system
    s.apply(SystemChoice(DANTOOINE))
    s.apply(Pass())
    assert outcome(s) and s.base_mask == 1 << DANTOOINE
    assert not s.board.base_revealed and s.board.units[REBEL_BASE][U("Rebel Trooper")] == 2
    ruled_out = s.view(IMPERIAL)["state"]["ruled_out"]
    assert ruled_out == [x != DANTOOINE for x in range(len(ruled_out))]
    assert "base_is_here" in public_kinds(s, IMPERIAL)
    assert "The Rebels said their base is in one of: Dantooine" in s.render(IMPERIAL)


def test_rr73_long_range_probe_elsewhere_rules_the_system_out() -> None:
    s = position(player="Imperial")
    before = s.base_mask  # the position's searched systems (Coruscant) are out already
    play(s, "Long Range Probe", "Emperor Palpatine")
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    assert before >> KESSEL & 1 and s.base_mask == before & ~(1 << KESSEL)
    assert "base_not_here" in public_kinds(s, IMPERIAL)


def interrogation_droid(seed: int) -> RebellionState:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive_at(s, RIEEKAN, KESSEL)  # diplomacy, spec ops, logistics 1: no intel
    play(s, "Interrogation Droid", "Colonel Yularen", "Grand Moff Tarkin")  # intel 3 + 1
    assert {a.system for a in s.legal_actions()} == {KESSEL}
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    return s


def test_rr74_counting_all_skill_icons_rolls_a_die_per_icon_for_both_sides() -> None:
    """RR-74: both sides roll one die per icon of any skill: Yularen 3 and Tarkin 3 (one
    diplomacy, intel and logistics each), the captive Rieekan 3 though he has no intel."""
    s = interrogation_droid(0)
    rolled = [(e.player, len(e.dice)) for e in s.log if e.kind == "mission_rolled"]  # type: ignore[attr-defined]
    assert rolled == [(IMPERIAL, 6), (REBEL, 3)]


def test_rr73_interrogation_droid_names_three_systems_one_the_base() -> None:
    """RR-73: the Rebels name 3 systems one at a time; the third must be the base's when the
    first two are not; the Empire then knows the base is among them."""
    s = first_success(interrogation_droid)
    assert isinstance(s.stack[-1], NameBaseSystems) and s.current_player == REBEL
    assert len(s.legal_actions()) == NUM_SYSTEMS
    assert "name system 1 of 3" in s.prompt
    s.apply(SystemChoice(NABOO))
    s.apply(SystemChoice(KESSEL))
    assert s.legal_actions() == [SystemChoice(DANTOOINE)]  # only the base keeps it true
    assert s.describe(SystemChoice(DANTOOINE)) == "Name Dantooine (system 3 of 3)"
    s.apply(SystemChoice(DANTOOINE))
    assert s.base_mask & ~system_mask([NABOO, KESSEL, DANTOOINE]) == 0
    assert s.base_mask >> DANTOOINE & 1
    assert [e["system"] for e in s.view(IMPERIAL)["log"] if e["kind"] == "system_named"] == [
        NABOO,
        KESSEL,
        DANTOOINE,
    ]
    assert rebel_turn(s)


def test_rr73_naming_the_base_first_frees_the_other_two() -> None:
    s = first_success(interrogation_droid)
    s.apply(SystemChoice(DANTOOINE))
    s.apply(SystemChoice(NABOO))
    assert len(s.legal_actions()) == NUM_SYSTEMS - 2


def test_rr73_a_determinisation_keeps_the_base_where_the_facts_allow() -> None:
    """RR-73: 100 determinisations for the Empire keep the re-dealt base inside the public
    facts: among the 3 systems named, and not Kessel, whose Stormtrooper would have revealed
    it; the Rebels' own determinisation keeps their base."""
    s = first_success(interrogation_droid)
    for x in (NABOO, KESSEL, DANTOOINE):
        s.apply(SystemChoice(x))
    rng = Rng(5)
    seen = set()
    for _ in range(100):
        r = s.resample(IMPERIAL, Rng(rng.next64()))
        assert isinstance(r, RebellionState)
        assert s.base_mask >> r.base & 1 and r.base != KESSEL
        assert r.base_mask == s.base_mask
        seen.add(r.base)
    assert seen == {NABOO, DANTOOINE}
    assert all(s.resample(REBEL, Rng(k)).base == DANTOOINE for k in range(10))


def test_rr73_relocating_the_base_forgets_the_facts() -> None:
    """RR-73: a relocation forgets every fact but what a new base may not be."""
    from rebellion_rote.board import new_base_allowed
    from rebellion_rote.rules.mobilization import relocate

    s = position()
    s.base_mask = 1 << DANTOOINE
    s.move(NABOO, "probe_deck", "probe_look")
    relocate(s, NABOO)
    allowed = [x for x in range(len(SYSTEMS)) if new_base_allowed(s.board, x)]
    assert s.base == NABOO and s.base_mask == system_mask(allowed)
    assert s.base_mask != ALL_SYSTEMS  # Coruscant (Imperial loyalty) stays ruled out


def homing_beacon(seed: int) -> RebellionState:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive_at(s, MOTHMA, KESSEL)  # no intel icon
    play(s, "Homing Beacon", "Colonel Yularen")  # intel 3
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    return s


def test_rr73_homing_beacon_places_the_rescued_leader_in_the_bases_region() -> None:
    """RR-73: the captive is rescued; the Rebels place it in any system of their base's
    region, which tells the Empire the region."""
    s = first_success(homing_beacon)
    assert isinstance(s.stack[-1], BeaconPlacement) and s.current_player == REBEL
    region = [x for x in range(NUM_SYSTEMS) if SYSTEMS[x].region == SYSTEMS[DANTOOINE].region]
    assert {a.system for a in s.legal_actions()} == set(region)
    ilum = S("Ilum")
    assert s.describe(SystemChoice(ilum)) == "Place Mon Mothma in Ilum"
    s.apply(SystemChoice(ilum))
    b = s.board
    assert b.leader_loc[MOTHMA] == ilum and b.leader_status[MOTHMA] == BOARD
    assert b.captured == OFF and not b.is_captive(MOTHMA)
    assert s.base_mask & ~region_mask(SYSTEMS[DANTOOINE].region) == 0
    assert s.base_mask >> DANTOOINE & 1
    assert any(e["kind"] == "rescued" for e in s.view(IMPERIAL)["log"]) and rebel_turn(s)


def test_homing_beacon_frees_a_leader_from_carbonite() -> None:
    s = first_success(homing_beacon)
    s.board.rings[MOTHMA], s.board.captured = CARBONITE, OFF  # as if frozen
    s.apply(SystemChoice(DANTOOINE))
    assert s.board.rings[MOTHMA] == NO_RING and not s.board.is_captive(MOTHMA)


def test_missions_against_a_captive_need_one() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    for name in ("Interrogation", "Homing Beacon", "Lure of the Dark Side", "Carbon Freezing"):
        to_hand(s, name)
    slots = [
        assign(s, IMPERIAL, "Interrogation", "Darth Vader"),
        assign(s, IMPERIAL, "Homing Beacon", "Colonel Yularen"),
        assign(s, IMPERIAL, "Lure of the Dark Side", "Emperor Palpatine"),
        assign(s, IMPERIAL, "Carbon Freezing", "Boba Fett"),
    ]
    assert not any(revealable(s, IMPERIAL, k) for k in slots)
    captive_at(s, DODONNA, KESSEL)
    assert all(revealable(s, IMPERIAL, k) for k in slots)


# ---------------------------------------------------------------- Carbonite (RR-71)
def carbon_freezing(seed: int) -> RebellionState:
    s = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}, "Naboo": {"TIE Fighter": 1}},
        leaders={"Princess Leia": "Naboo"},
        seed=seed,
    )
    captive_at(s, DODONNA, KESSEL)  # no spec ops icon: he rolls nothing
    play(s, "Carbon Freezing", "Darth Vader")  # spec ops 3
    assert {a.system for a in s.legal_actions()} == {KESSEL}
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    return s


def test_rr71_carbon_freezing_frees_the_captured_ring_and_costs_reputation() -> None:
    """RR-71: the captured leader goes into Carbonite (still a captive), the captured ring
    is free, the Rebels lose 1 reputation (time 1, so the marker moves from 14 to 15)."""
    s = first_success(carbon_freezing)
    b = s.board
    assert b.rings[DODONNA] == CARBONITE and b.captured == OFF
    assert b.is_captive(DODONNA) and b.captives() == [DODONNA]
    assert b.reputation == 15 and "reputation_changed" in public_kinds(s)
    assert "frozen in Carbonite" in s.render(REBEL)
    assert not b.locks(KESSEL, REBEL)  # a captive holds nothing


def test_rr71_the_empire_holds_one_leader_in_each_ring() -> None:
    """RR-71: a second capture takes the free captured ring and leaves the frozen leader
    where he is; both stay at the Refresh; Carbon Freezing cannot be attempted again while
    its ring is on a leader."""
    from rebellion_rote.board import capture

    s = first_success(carbon_freezing)
    b = s.board
    assert capture(b, LEIA) == OFF  # nobody was in the captured ring
    assert b.captives() == [LEIA, DODONNA]
    s.stack[-1] = CommandTurn(player=IMPERIAL)
    to_hand(s, "Carbon Freezing")  # as if drawn again: the used copy, from the discard
    slot = assign(s, IMPERIAL, "Carbon Freezing", "Boba Fett")
    assert not revealable(s, IMPERIAL, slot)
    retrieve_leaders(s)
    assert b.leader_loc[LEIA] == NABOO and b.leader_loc[DODONNA] == KESSEL


def test_rr71_a_frozen_leader_is_rescued_like_a_captured_one_and_loses_the_ring() -> None:
    """RR-71: no Imperial unit left in his system rescues him; the ring is discarded and
    the reputation lost stays lost."""
    from rebellion_rote.rules.aftermath import rescue_if_due

    s = first_success(carbon_freezing)
    b = s.board
    b.remove_unit(U("Stormtrooper"), KESSEL)
    rescue_if_due(s)
    assert b.leader_loc[DODONNA] == REBEL_BASE and b.rings[DODONNA] == NO_RING
    assert not b.is_captive(DODONNA) and b.reputation == 15


def test_rr71_two_captives_in_one_system_are_each_a_choice() -> None:
    """RR-71: a mission against a captured leader asks which captive when both are there;
    the Empire moves each one separately."""
    s = position(
        player="Imperial",
        units={"Kessel": {"Star Destroyer": 1, "Stormtrooper": 1}},
        leaders={"Princess Leia": "Kessel", "Jan Dodonna": "Kessel"},
    )
    b = s.board
    amend(
        s,
        lambda doc: doc.update(
            captured="Princess Leia", rings={"Jan Dodonna": "Frozen in Carbonite"}
        ),
    )
    play(s, "Interrogation", "Darth Vader")
    s.apply(SystemChoice(KESSEL))
    assert isinstance(s.stack[-1], MissionTarget)
    assert set(s.legal_actions()) == {Target(LEIA), Target(DODONNA)}
    s = position(
        player="Imperial",
        units={"Kessel": {"Star Destroyer": 1, "Stormtrooper": 1}},
        leaders={"Princess Leia": "Kessel", "Jan Dodonna": "Kessel"},
    )
    b = s.board
    b.captured, b.rings[DODONNA] = LEIA, CARBONITE
    from rebellion_rote.actions import Activate

    s.apply(SystemChoice(S("Toydaria")))
    s.apply(Activate(VADER))
    s.apply(Move(U("Star Destroyer"), KESSEL))
    assert {MoveCaptive(LEIA), MoveCaptive(DODONNA)} <= set(s.legal_actions())
    assert (
        s.describe(MoveCaptive(DODONNA)) == "Move the captive Jan Dodonna from Kessel to Toydaria"
    )
    s.apply(MoveCaptive(DODONNA))
    assert b.leader_loc[DODONNA] == S("Toydaria") and MoveCaptive(LEIA) in s.legal_actions()


# ---------------------------------------------------------------- Lure of the Dark Side (RR-72)
def lure(seed: int, who: int = LUKE) -> RebellionState:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive_at(s, who, KESSEL)
    play(s, "Lure of the Dark Side", "Emperor Palpatine")  # diplomacy 3
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    return s


def test_rr72_lure_of_the_dark_side_turns_luke_imperial() -> None:
    """RR-72: the captive takes the Lure ring and plays for the Empire: no longer captive,
    it holds Imperial units, and goes to the Imperial pool at the Refresh; Luke costs 1
    reputation. Counting all icons: Palpatine rolls 5 dice, Luke 3 (RR-74)."""
    s = first_success(lure)
    rolled = [len(e.dice) for e in s.log if e.kind == "mission_rolled"]  # type: ignore[attr-defined]
    assert rolled == [5, 3]
    b = s.board
    assert b.rings[LUKE] == LURE and b.leader_side[LUKE] == IMPERIAL and b.captured == OFF
    assert not b.is_captive(LUKE) and b.reputation == 15
    assert LUKE in b.leaders_at(KESSEL, IMPERIAL) and LUKE not in b.leaders_at(KESSEL, REBEL)
    assert b.locks(KESSEL, IMPERIAL)
    assert s.view(REBEL)["state"]["leader_side"][LUKE] == IMPERIAL
    assert "lured to the Dark Side" in " ".join(e["text"] for e in s.view(REBEL)["log"])
    retrieve_leaders(s)
    assert LUKE in b.pool(IMPERIAL) and LUKE not in b.pool(REBEL)
    assert b.leader_status[LUKE] == POOL


def test_rr72_another_lured_leader_costs_no_reputation() -> None:
    s = first_success(lambda seed: lure(seed, DODONNA))
    assert s.board.leader_side[DODONNA] == IMPERIAL and s.board.reputation == 14


def test_rr72_a_leader_in_carbonite_can_be_lured() -> None:
    def make(seed: int) -> RebellionState:
        s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
        captive_at(s, DODONNA, KESSEL)
        s.board.captured, s.board.rings[DODONNA] = OFF, CARBONITE
        play(s, "Lure of the Dark Side", "Emperor Palpatine")
        s.apply(SystemChoice(KESSEL))
        s.apply(Pass())
        return s

    s = first_success(make)
    assert s.board.rings[DODONNA] == LURE and not s.board.is_captive(DODONNA)


# ---------------------------------------------------------------- Detained (RR-75)
def detained(seed: int) -> RebellionState:
    s = position(player="Imperial", leaders={"Princess Leia": "Naboo"}, seed=seed)
    play(s, "Detained", "General Tagge")  # spec ops 1, his portrait: 2 more successes
    s.apply(SystemChoice(NABOO))
    assert s.legal_actions() == [Target(LEIA)]
    s.apply(Target(LEIA))
    s.apply(Pass())
    return s


def test_rr75_a_detained_leader_misses_the_next_retrieval() -> None:
    """RR-75: at the next Refresh Phase the detained leader stays in its system (the
    others go back); at the one after it goes back like any other."""
    s = first_success(detained)
    b = s.board
    assert b.detained == 1 << LEIA and "leader_detained" in public_kinds(s)
    assert s.view(IMPERIAL)["state"]["detained"] == [LEIA]
    s.apply(Pass())
    s.apply(Pass())  # the Refresh Phase: step 1
    assert b.leader_loc[LEIA] == NABOO and b.leader_status[LEIA] == BOARD
    assert b.leader_status[TAGGE] == POOL and b.detained == 0
    retrieve_leaders(s)
    assert b.leader_status[LEIA] == POOL and b.leader_loc[LEIA] == OFF


# ---------------------------------------------------------------- Collect Bounty (RR-78)
def collect_bounty(seed: int, units: dict[str, dict[str, int]]) -> RebellionState:
    s = position(player="Imperial", units=units, leaders={"Princess Leia": "Naboo"}, seed=seed)
    play(s, "Collect Bounty", "Boba Fett")  # spec ops 3, his portrait: 2 more successes
    s.apply(SystemChoice(NABOO))
    s.apply(Target(LEIA))
    s.apply(Pass())
    return s


def test_rr78_collect_bounty_takes_both_to_the_closest_imperial_system() -> None:
    """RR-78: fewest moves along the map: Malastare (1) before Bespin (2)."""
    units = {"Malastare": {"TIE Fighter": 1}, "Bespin": {"TIE Fighter": 1}}
    assert DISTANCE[NABOO][MALASTARE] == 1 and DISTANCE[NABOO][S("Bespin")] == 2
    s = first_success(lambda seed: collect_bounty(seed, units))
    b = s.board
    boba = L("Boba Fett")
    assert b.captured == LEIA and b.leader_loc[LEIA] == MALASTARE
    assert b.leader_loc[boba] == MALASTARE and rebel_turn(s)


def test_rr78_equally_close_systems_are_the_empires_choice() -> None:
    units = {"Malastare": {"TIE Fighter": 1}, "Sullust": {"TIE Fighter": 1}}
    s = first_success(lambda seed: collect_bounty(seed, units))
    assert isinstance(s.stack[-1], ClosestSystem)
    assert {a.system for a in s.legal_actions()} == {MALASTARE, S("Sullust")}
    s.apply(SystemChoice(S("Sullust")))
    assert s.board.leader_loc[LEIA] == S("Sullust") == s.board.leader_loc[L("Boba Fett")]
    assert s.board.captured == LEIA and rebel_turn(s)


def test_rr78_an_imperial_unit_in_the_system_keeps_everyone_there() -> None:
    s = first_success(lambda seed: collect_bounty(seed, {"Naboo": {"TIE Fighter": 1}}))
    assert s.board.leader_loc[LEIA] == NABOO and s.board.captured == LEIA


# ---------------------------------------------------------------- Hunt Them Down (RR-81)
def test_rr81_hunt_them_down_destroys_up_to_two_health_one_at_a_time() -> None:
    """RR-81: Rebel units only, by printed health, one at a time, stopping at will; a
    Shield Generator (3) never fits."""
    s = position(
        player="Imperial",
        units={
            "Naboo": {"X-wing": 2, "Rebel Transport": 1, "Rebel Trooper": 1, "Shield Generator": 1},
            "Kessel": {"TIE Fighter": 1},
        },
    )
    play(s, "Hunt Them Down", "Soontir Fel")  # spec ops 2
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert isinstance(s.stack[-1], DestroyByHealth)
    assert set(s.legal_actions()) == {
        Destroy(U("X-wing"), 0),
        Destroy(U("Rebel Transport"), 0),
        Destroy(U("Rebel Trooper"), 0),
        Stop(),
    }
    assert (
        s.describe(Destroy(U("X-wing"), 0))
        == "Destroy one X-wing in Naboo (1 of the 2 health left)"
    )
    s.apply(Destroy(U("X-wing"), 0))
    assert set(s.legal_actions()) == {
        Destroy(U("X-wing"), 0),
        Destroy(U("Rebel Trooper"), 0),
        Stop(),
    }
    s.apply(Destroy(U("Rebel Trooper"), 0))
    row = s.board.units[NABOO]
    assert row[U("X-wing")] == 1 and row[U("Rebel Trooper")] == 0 and row[U("Rebel Transport")] == 1
    assert rebel_turn(s)


def test_rr81_hunting_the_last_rebel_unit_of_the_revealed_base_wins() -> None:
    s = position(
        player="Imperial",
        base="Naboo",
        base_revealed=True,
        units={"Naboo": {"X-wing": 1, "TIE Fighter": 1}},
    )
    play(s, "Hunt Them Down", "Soontir Fel")
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    s.apply(Destroy(U("X-wing"), 0))
    assert s.is_terminal and s.returns()[IMPERIAL] == 1.0


# ---------------------------------------------------------------- Planetary Conquest (RR-82)
def conquest(**kw: object) -> RebellionState:
    s = position(player="Imperial", **kw)  # type: ignore[arg-type]
    play(s, "Planetary Conquest", "General Veers")  # spec ops 2
    return s


def test_rr82_planetary_conquest_moves_from_one_system_then_fights() -> None:
    """RR-82: up to 1 AT-AT, 1 AT-ST and 2 Stormtroopers from one system, any distance, no
    ships needed; a system held by an Imperial leader gives none; then the combat."""
    s = conquest(
        units={
            "Kessel": {"AT-AT": 1, "AT-ST": 1, "Stormtrooper": 3},
            "Hoth": {"Stormtrooper": 2},
            "Mustafar": {"AT-ST": 1},
            "Naboo": {"Rebel Trooper": 2},
        },
        leaders={"Grand Moff Tarkin": "Mustafar"},
    )
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    assert isinstance(s.stack[-1], ConquestMove)
    hoth = S("Hoth")
    assert set(s.legal_actions()) == {
        Move(U("AT-AT"), KESSEL),
        Move(U("AT-ST"), KESSEL),
        Move(U("Stormtrooper"), KESSEL),
        Move(U("Stormtrooper"), hoth),
        Stop(),
    }  # not Mustafar: Tarkin holds its AT-ST
    s.apply(Move(U("Stormtrooper"), KESSEL))
    assert Move(U("Stormtrooper"), hoth) not in s.legal_actions()  # one system only
    s.apply(Move(U("Stormtrooper"), KESSEL))
    assert set(s.legal_actions()) == {Move(U("AT-AT"), KESSEL), Move(U("AT-ST"), KESSEL), Stop()}
    s.apply(Move(U("AT-AT"), KESSEL))
    s.apply(Move(U("AT-ST"), KESSEL))  # nothing left to move: the move ends
    row = s.board.units[NABOO]
    assert (row[U("AT-AT")], row[U("AT-ST")], row[U("Stormtrooper")]) == (1, 1, 2)
    assert s.board.units[KESSEL][U("Stormtrooper")] == 1
    assert s.battle.active and s.battle.system == NABOO and s.battle.attacker == IMPERIAL
    assert not s.board.subjugated[NABOO]  # after the combat, as after an activation


def test_rr82_no_rebel_ground_units_no_combat() -> None:
    s = conquest(units={"Kessel": {"Stormtrooper": 1}, "Naboo": {"X-wing": 1, "TIE Fighter": 1}})
    s.apply(SystemChoice(NABOO))
    s.apply(Pass())
    s.apply(Move(U("Stormtrooper"), KESSEL))  # nothing left to move: the move ends
    assert not s.battle.active and s.board.subjugated[NABOO] and rebel_turn(s)


def test_rr82_conquering_the_hidden_base_reveals_it_and_fights() -> None:
    s = conquest(units={"Kessel": {"AT-AT": 1}, "Rebel Base": {"Rebel Trooper": 1}})
    s.apply(SystemChoice(DANTOOINE))
    s.apply(Pass())
    s.apply(Move(U("AT-AT"), KESSEL))
    assert s.board.base_revealed and s.board.units[DANTOOINE][U("Rebel Trooper")] == 1
    assert s.battle.active and s.battle.system == DANTOOINE


# ---------------------------------------------------------------- the objective hand (RR-76)
def objectives_in_hand(s: RebellionState, names: list[tuple[str, int]]) -> list[int]:
    """Move objective cards from the deck into the Rebels' hand (the backs follow)."""
    deck = s.zones["objective_deck"]
    got: list[int] = []
    for name, stage in names:
        c = objective_card(objective_id(name, stage))
        if c not in deck:
            c = next(x for x in deck if x not in got)
        got.append(c)

    def edit(doc: dict[str, Any]) -> None:
        objectives = doc["objectives"]
        for c in got:
            take(doc, card_name(c), objectives["deck"])
            objectives["hand"].append(card_name(c))

    amend(s, edit)
    return got


def against_captive(
    name: str, seed: int, leader: str = "Darth Vader"
) -> tuple[RebellionState, list[int]]:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    captive_at(s, DODONNA, KESSEL)  # no spec ops icon
    cards = objectives_in_hand(s, [("Death Star Plans", 2), ("Rebel Assault", 1)])
    play(s, name, leader)
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    return s, cards


def test_rr76_interrogation_shows_the_objective_hand_to_the_empire() -> None:
    for seed in range(30):
        s, cards = against_captive("Interrogation", seed)
        if outcome(s):
            break
    assert sorted(s.known["objective_hand"][IMPERIAL]) == sorted(cards)
    assert sorted(s.view(IMPERIAL)["zones"]["objective_hand"]["known"]) == sorted(cards)
    shown = [e for e in s.view(IMPERIAL)["log"] if e["kind"] == "objective_hand_shown"]
    assert sorted(shown[0]["cards"]) == sorted(cards)
    assert any(e["kind"] == "objective_hand_shown_count" for e in s.view(None)["log"])
    assert rebel_turn(s)


def test_rr76_retrieve_the_plans_bottoms_a_card_of_the_empires_choice() -> None:
    """RR-76: the hand is shown; the Empire puts one of its cards at the bottom of the
    objective deck, where both sides know it (its back's stage public)."""
    s, cards = against_captive("Retrieve the Plans", 0)  # Vader's portrait: 2 successes more
    assert outcome(s) and isinstance(s.stack[-1], BottomObjective)

    assert set(s.legal_actions()) == {Objective(c) for c in cards}
    plans = cards[0]
    size = len(s.zones["objective_deck"])
    assert s.describe(Objective(plans)) == (
        "Put Death Star Plans (stage II) on the bottom of the objective deck"
    )
    s.apply(Objective(plans))
    deck = s.zones["objective_deck"]
    assert deck[0] == plans and s.objective_backs[0] == 2 and len(deck) == size + 1
    assert len(s.objective_backs) == len(deck)
    known = s.known["objective_deck"]
    assert plans in known[IMPERIAL] and plans in known[REBEL]
    assert s.zones["objective_hand"] == [cards[1]]
    assert [size, plans] in s.view(IMPERIAL)["state"]["objectives_known"]
    assert "objective_to_deck" in [e["kind"] for e in s.view(None)["log"]]  # shown: public
    assert rebel_turn(s)


def test_retrieve_the_plans_with_an_empty_hand_does_nothing_more() -> None:
    s = position(player="Imperial", units={"Kessel": {"Stormtrooper": 1}})
    captive_at(s, DODONNA, KESSEL)
    play(s, "Retrieve the Plans", "Darth Vader")
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    assert outcome(s) and rebel_turn(s) and "objective_hand_shown" in public_kinds(s, IMPERIAL)


def test_the_decks_hidden_choices_leak_nothing() -> None:
    """The conformance checks at the new decisions: views unchanged by a re-deal, legal
    actions independent of what the deciding player cannot see."""
    from tabletop.testing import check_state

    rng = Rng(3)
    s = first_success(interrogation_droid)
    check_state(s, rng, "name base systems")
    s = first_success(homing_beacon)
    check_state(s, rng, "beacon placement")
    s, _ = against_captive("Retrieve the Plans", 0)
    check_state(s, rng, "bottom objective")
    s = first_success(
        lambda seed: collect_bounty(
            seed, {"Malastare": {"TIE Fighter": 1}, "Sullust": {"TIE Fighter": 1}}
        )
    )
    check_state(s, rng, "closest system")
