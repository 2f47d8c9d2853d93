"""The objective deck and Infiltration: data, set-up, hidden order, per-stage re-deal
(research §2 step 4, §7.1, §8.9; RR-01, RR-17, RR-34..RR-37)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rr_helpers import amend, assign, new

from rebellion_rote import GAME
from rebellion_rote.actions import Objective, Oppose, Pass, Reveal, SystemChoice
from rebellion_rote.data import (
    DATA_DIR,
    IMPERIAL,
    MISSIONS,
    OBJECTIVES,
    REBEL,
    ObjectiveDef,
    leader_id,
    load,
    objective_id,
    system_id,
)
from rebellion_rote.decisions import CommandTurn, PlaceObjectives
from rebellion_rote.ids import OBJECTIVE_BASE, objective_card, objective_of
from rebellion_rote.position import position
from rebellion_rote.rules.objectives import DECK_SIZE, IMMEDIATE, STAGE, to_hand
from rebellion_rote.rules.refresh import draw_objective
from rebellion_rote.state import RebellionState
from tabletop import CardDataError, Rng
from tabletop.testing import check_state

KESSEL = system_id("Kessel")
PLANS_2 = objective_card(objective_id("Death Star Plans", 2))
PLANS_3 = objective_card(objective_id("Death Star Plans", 3))
OBJECTIVE_ZONES = ("objective_deck", "objectives_out", "objective_hand")


def names(cards: list[int]) -> list[str]:
    return [OBJECTIVES[objective_of(c)].name for c in cards]


# ---------------------------------------------------------------- data (RR-34)
def test_27_objectives_15_base_and_12_rise_of_the_empire() -> None:
    assert len(OBJECTIVES) == 27
    per = Counter((o.expansion, o.stage) for o in OBJECTIVES)
    assert per == {
        (False, 1): 5, (False, 2): 5, (False, 3): 5,
        (True, 1): 5, (True, 2): 4, (True, 3): 3,
    }  # fmt: skip
    assert [o.stage for o in OBJECTIVES if o.name == "Death Star Plans"] == [2, 3]
    assert all(o.source and o.text for o in OBJECTIVES)
    assert {o.timing for o in OBJECTIVES} == {"combat", "refresh", "immediate"}
    assert GAME.cards["Objectives"] == OBJECTIVES
    assert objective_card(0) == OBJECTIVE_BASE == 500 and objective_of(526) == 26


def test_rr34_variable_and_immediate_reputation() -> None:
    """RR-34: Inspire Sympathy's "variable" reputation is 1 per destroyed system; the
    Immediate cards (Raid Outposts, Rebel Cell) and Show No Fear give their reputation
    later, per marker removed or per Refresh Phase; Show No Fear is a refresh card."""
    by = {o.name: o for o in OBJECTIVES}
    assert (by["Inspire Sympathy"].reputation, by["Inspire Sympathy"].reputation_per) == (
        1,
        "destroyed_system",
    )
    immediate = {o.name for o in OBJECTIVES if o.timing == "immediate"}
    assert immediate == {"Raid Outposts", "Rebel Cell"}
    assert (by["Raid Outposts"].reputation_per, by["Raid Outposts"].markers) == (
        "marker_removed",
        2,
    )
    assert (by["Rebel Cell"].reputation_per, by["Rebel Cell"].markers) == ("refresh", 1)
    show = by["Show No Fear"]
    assert (show.timing, show.reputation, show.reputation_per, show.markers) == (
        "refresh",
        1,
        "refresh",
        1,
    )
    flat = [o for o in OBJECTIVES if not o.reputation_per]
    assert {o.reputation for o in flat} == {1, 2}
    assert {o.name for o in flat if o.reputation == 2} == {
        "Death Star Plans",
        "Heart of the Empire",
        "Return of the Jedi",
        "Uprising",
    }


def test_a_bad_objective_row_names_row_and_field(tmp_path: Path) -> None:
    text = (DATA_DIR / "objectives.toml").read_text().replace("stage = 3", "stage = 4", 1)
    (tmp_path / "objectives.toml").write_text(text)
    with pytest.raises(
        CardDataError,
        match=r"stage must be 1..3.*objectives.toml:objective\[10\] \(Death Star Plans\)",
    ):
        load("objectives.toml", "objective", ObjectiveDef, tmp_path)
    bad = (DATA_DIR / "objectives.toml").read_text().replace("markers = 1\n", "", 1)
    (tmp_path / "objectives.toml").write_text(bad)
    with pytest.raises(CardDataError, match=r"immediate objective places.*\(Rebel Cell\)"):
        load("objectives.toml", "objective", ObjectiveDef, tmp_path)


# ---------------------------------------------------------------- set-up
def test_deck_is_5_5_5_with_the_death_star_plans_in_stages_ii_and_iii() -> None:
    firsts = set()
    for seed in range(30):
        s = new(seed)
        deck = s.zones["objective_deck"]
        out = s.zones["objectives_out"]
        hand = s.zones["objective_hand"]
        assert len(deck) + len(hand) == DECK_SIZE == 15 and len(out) == 12
        assert sorted(deck + out + hand) == sorted(STAGE)  # every card once, 27 in all
        # the end of the list is the top: stage I on top, III at the bottom; the Rebels
        # drew the top card at set-up (RR-35)
        assert [STAGE[c] for c in deck] == [3] * 5 + [2] * 5 + [1] * 4
        assert s.objective_backs == [3] * 5 + [2] * 5 + [1] * 4
        assert [STAGE[c] for c in hand] == s.objective_hand_backs == [1]
        assert PLANS_3 in deck[:5] and PLANS_2 in deck[5:10]
        assert Counter(STAGE[c] for c in out) == {1: 5, 2: 4, 3: 3}
        firsts.add(hand[0])
        events = [e for e in s.log if e.kind == "objective_deck_built"]
        assert [(e.size, e.out) for e in events] == [(15, 12)]  # type: ignore[attr-defined]
    assert len(firsts) > 4  # the stage I cards are dealt at random
    # base and Rise of the Empire cards are both in the pools (RR-01)
    pool = {
        c
        for seed in range(30)
        for name in ("objective_deck", "objective_hand")
        for c in new(seed).zones[name]
    }
    assert pool == set(STAGE)


def test_rr17_deck_order_hidden_from_both_sides_and_spectators() -> None:
    s = new(3)
    deck = s.zones["objective_deck"]
    (drawn,) = s.zones["objective_hand"]
    for p in (None, REBEL, IMPERIAL):
        v = s.view(p)
        for name in ("objective_deck", "objectives_out"):
            assert v["zones"][name] == {"owner": None, "count": len(s.zones[name])}
        assert v["state"]["objectives_known"] == []
        assert v["state"]["objective_backs"] == [1] * 4 + [2] * 5 + [3] * 5  # top first
        assert v["state"]["objective_hand_backs"] == [1]
        text = json.dumps(v["zones"]) + json.dumps(v["state"]) + json.dumps(v["log"])
        for c in deck if p == REBEL else [*deck, drawn]:
            assert str(c) not in text
    hand = s.layout["objective_hand"]
    assert hand.owner == REBEL and hand.visible_to(REBEL) and not hand.visible_to(IMPERIAL)
    assert s.view(IMPERIAL)["zones"]["objective_hand"] == {"owner": REBEL, "count": 1}
    assert s.view(REBEL)["zones"]["objective_hand"]["cards"] == [drawn]


def test_rr36_stages_on_the_backs_are_public_and_kept_by_a_redeal() -> None:
    """RR-36: the stage on each card's back is public; a determinisation re-deals the
    objective cards a player does not know only within their stage."""
    s = new(5)
    seen: dict[int, set[int]] = {1: set(), 2: set(), 3: set()}
    rng = Rng(9)
    for _ in range(40):
        for p in (REBEL, IMPERIAL):
            r = s.resample(p, rng)
            assert isinstance(r, RebellionState)
            deck = r.zones["objective_deck"]
            assert [STAGE[c] for c in deck] == s.objective_backs
            out = r.zones["objectives_out"]
            assert Counter(STAGE[c] for c in out) == {1: 5, 2: 4, 3: 3}
            hand = r.zones["objective_hand"]
            assert [STAGE[c] for c in hand] == [1]
            assert sorted(deck + out + hand) == sorted(STAGE)
            assert r.view(p) == s.view(p)
            for i, c in enumerate(deck):
                seen[s.objective_backs[i]].add(c)
            seen[1].update(hand)
    # every card of a stage reaches the deck's places of that stage (base and RoE alike)
    for stage in (1, 2, 3):
        assert seen[stage] == {c for c in STAGE if STAGE[c] == stage}


# ---------------------------------------------------------------- Infiltration (RR-37)
def infiltration(seed: int = 0, oppose: bool = False) -> RebellionState:
    """Leia (intel 2) reveals Infiltration in Kessel (a Stormtrooper there)."""
    s = position(units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
    slot = assign(s, REBEL, "Infiltration", "Princess Leia")
    s.apply(Reveal(slot))
    assert {a.system for a in s.legal_actions()} == {KESSEL}
    s.apply(SystemChoice(KESSEL))
    s.apply(Oppose(leader_id("Emperor Palpatine")) if oppose else Pass())
    return s


@pytest.mark.usefixtures("registered")
def test_rr37_infiltration_success_puts_one_on_top_and_the_other_at_the_bottom() -> None:
    """RR-37: the Rebels look at the top 2, choose the one to keep on top; the other goes
    to the bottom; they know both where they lie, the Empire only that they looked."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    before = s.zones["objective_deck"][:]
    first, second = before[-1], before[-2]
    s = infiltration()
    deck = s.zones["objective_deck"]
    assert deck == before  # nothing moved yet
    top = s.stack[-1]
    assert isinstance(top, PlaceObjectives) and top.player == REBEL
    assert s.legal_actions() == sorted([Objective(first), Objective(second)], key=lambda a: a.card)
    assert s.view(REBEL)["state"]["objectives_known"] == [[0, first], [1, second]]
    assert s.view(IMPERIAL)["state"]["objectives_known"] == []
    assert "known" not in s.view(IMPERIAL)["zones"]["objective_deck"]
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "objectives_looked_count"
    assert s.view(IMPERIAL)["log"][-1]["count"] == 2
    assert s.view(REBEL)["log"][-1]["cards"] == [first, second]
    check_state(s, Rng(4), "Infiltration's choice pending")
    s.apply(Objective(second))
    assert deck == [first, *before[:-2], second]
    assert s.objective_backs == [1] + [3] * 5 + [2] * 5 + [1] * 4
    assert s.view(REBEL)["state"]["objectives_known"] == [[0, second], [14, first]]
    assert sorted(s.view(REBEL)["zones"]["objective_deck"]["known"]) == sorted([first, second])
    assert s.view(IMPERIAL)["state"]["objectives_known"] == []
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "objectives_placed_hidden"
    assert s.view(IMPERIAL)["state"]["objective_backs"][-1] == 1  # a stage I back below III
    infil = next(i for i, m in enumerate(MISSIONS) if m.name == "Infiltration")
    assert 100 + infil in s.zones["missions0"]  # back to hand
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    check_state(s, Rng(5), "after Infiltration")


def test_rr37_the_rebels_may_keep_the_top_card_on_top() -> None:
    s = infiltration(seed=2)
    deck = s.zones["objective_deck"]
    before = deck[:]
    s.apply(Objective(before[-1]))
    assert deck == [before[-2], *before[:-2], before[-1]]


def test_rr37_known_cards_stay_in_place_through_a_redeal() -> None:
    s = infiltration()
    s.apply(Objective(s.zones["objective_deck"][-2]))
    deck = s.zones["objective_deck"]
    rng = Rng(3)
    varied = set()
    for _ in range(30):
        r = s.resample(REBEL, rng)
        rd = r.zones["objective_deck"]
        assert (rd[0], rd[-1]) == (deck[0], deck[-1])  # what the Rebels saw stays put
        assert [STAGE[c] for c in rd] == s.objective_backs
        varied.add(tuple(rd[1:-1]))
        e = s.resample(IMPERIAL, rng)
        ed = e.zones["objective_deck"]
        assert [STAGE[c] for c in ed] == s.objective_backs  # a stage I card at the bottom
        assert set(e.known_to("objective_deck", REBEL)) <= set(ed)
        varied.add((ed[0], ed[-1]))
    assert len(varied) > 20


def test_rr37_infiltration_failure_changes_nothing() -> None:
    outcomes = set()
    for seed in range(20):
        before = position(units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
        want = before.zones["objective_deck"][:]
        s = infiltration(seed, oppose=True)  # Palpatine: intel 2, as Leia
        ok = next(e.success for e in s.log if e.kind == "mission_outcome")  # type: ignore[attr-defined]
        outcomes.add(ok)
        if ok:
            assert isinstance(s.stack[-1], PlaceObjectives)
            continue
        assert s.zones["objective_deck"] == want
        assert not s.known.get("objective_deck")
        assert not [e for e in s.log if e.kind == "objectives_looked"]
        assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert outcomes == {True, False}


def shrink_deck(s: RebellionState, keep: int) -> None:
    """Leave only the top ``keep`` cards in the deck (the rest out of the game)."""

    def edit(doc: dict[str, Any]) -> None:
        objectives = doc["objectives"]
        deck = objectives["deck"]  # top first
        objectives["out"].extend(deck[keep:][::-1])
        objectives["deck"] = deck[:keep]

    amend(s, edit)


def test_rr37_a_deck_of_one_card_or_none() -> None:
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    shrink_deck(s, 1)
    only = s.zones["objective_deck"][0]
    slot = assign(s, REBEL, "Infiltration", "Princess Leia")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    assert s.zones["objective_deck"] == [only]
    assert s.view(REBEL)["state"]["objectives_known"] == [[0, only]]
    assert s.view(IMPERIAL)["log"][-1]["count"] == 1
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL

    s = position(units={"Kessel": {"Stormtrooper": 1}})
    shrink_deck(s, 0)
    slot = assign(s, REBEL, "Infiltration", "Princess Leia")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    assert s.zones["objective_deck"] == [] and s.objective_backs == []
    assert s.view(IMPERIAL)["log"][-1]["count"] == 0
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL


def test_rr37_a_deck_of_exactly_two_cards() -> None:
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    shrink_deck(s, 2)
    a, b = s.zones["objective_deck"]
    slot = assign(s, REBEL, "Infiltration", "Princess Leia")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    s.apply(Pass())
    s.apply(Objective(a))  # a was the bottom card: now it is on top
    assert s.zones["objective_deck"] == [b, a]
    assert s.view(REBEL)["state"]["objectives_known"] == [[0, a], [1, b]]


def test_rr37_the_redeal_spreads_the_hand_by_stage() -> None:
    """Cards in the Rebels' hand are re-dealt for the Empire within their stage too, never
    an Immediate card (RR-68: it would have been revealed when drawn)."""
    s = new(4)
    out, hand = s.zones["objectives_out"], s.zones["objective_hand"]
    two = next(c for c in out if STAGE[c] == 2 and c not in IMMEDIATE)
    s.remove_card(two, "objectives_out")
    to_hand(s, two)
    first = hand[0]
    got = set()
    rng = Rng(1)
    for _ in range(40):
        r = s.resample(IMPERIAL, rng)
        one, c = r.zones["objective_hand"]
        assert (STAGE[one], STAGE[c]) == (1, 2) and c not in IMMEDIATE
        got.add(c)
    assert len(got) > 3
    assert s.resample(REBEL, rng).zones["objective_hand"] == [first, two]


# ---------------------------------------------------------------- the draw (RR-35)
def test_rr35_the_rebels_draw_an_objective_at_set_up_and_each_refresh_phase() -> None:
    """RR-35: the Rebels draw 1 objective at set-up step 4 (right after the deck is
    built: a stage I card) and 1 in Refresh step 4, into their hidden hand; the Empire
    sees a count and the back."""
    s = new(6)
    (first,) = s.zones["objective_hand"]
    kinds = [e.kind for e in s.log if "objective" in e.kind]
    assert kinds == ["objective_deck_built", "objective_drawn"]
    assert STAGE[first] == 1 and first not in IMMEDIATE
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "objective_drawn_hidden"
    assert s.view(IMPERIAL)["log"][-1]["stage"] == 1
    assert s.view(REBEL)["log"][-1]["card"] == first
    # the Refresh Phase's draw: the top card of the deck goes into the hand
    s = position(player="Rebel", objectives=["Popular Support"])
    top = s.zones["objective_deck"][-1]
    assert not draw_objective(s)  # a stage I card: not Immediate
    assert s.zones["objective_hand"][-1] == top
    assert s.objective_hand_backs == [2, 1]
    s = position(player="Rebel")
    top = s.zones["objective_deck"][-1]
    s.apply(Pass())
    s.apply(Pass())  # both passed: the Refresh Phase runs up to building
    assert s.phase == "refresh" and s.board.time == 2
    assert s.zones["objective_hand"] == [top]
    assert len(s.zones["objective_deck"]) == 14
