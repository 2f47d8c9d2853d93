"""The action decks and recruiting: data, set-up, and recruit scenarios with exact outcomes
(research §2, §4.5 step 5, §7.3, §8.5; ROTE; RR-15, RR-17, RR-27..A7)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rr_helpers import amend

from rebellion_rote import GAME, data
from rebellion_rote.actions import ActionCardChoice, DrawOn, Eliminate, Pass, Recruit
from rebellion_rote.board import ELIMINATED, POOL, SUPPLY
from rebellion_rote.data import (
    ACTIONS,
    IMPERIAL,
    LEADERS,
    REBEL,
    RECRUIT_DECKS,
    SIDES,
    TIME_TRACK,
    action_id,
    leader_id,
)
from rebellion_rote.decisions import BuildUnits, EliminateLeader, KeepActionCard, RecruitLeader
from rebellion_rote.ids import action_card, action_of
from rebellion_rote.position import position
from rebellion_rote.rules.recruit import pictured, recruitable, recruitable_on
from rebellion_rote.state import RebellionState
from tabletop import CardDataError, Rng

HAN = leader_id("Han Solo")
MADINE = leader_id("General Madine")
CHEWIE = leader_id("Chewbacca")
LUKE = leader_id("Luke Skywalker")
WEDGE = leader_id("Wedge Antilles")
BOBA = leader_id("Boba Fett")
JANUS = leader_id("Janus Greejatus")
YULAREN = leader_id("Colonel Yularen")
SIDE_NAMES = ("Rebel", "Imperial")


def card(name: str) -> int:
    """The card id of the action card in play of that name (a replacement, if any)."""
    return action_card(action_id(name))


def stack_deck(s: RebellionState, p: int, *top: str) -> None:
    """Put the named cards on top of ``p``'s action deck, the first named on top."""

    def edit(doc: dict[str, Any]) -> None:
        deck = doc["actions"][SIDES[p]]["deck"]
        doc["actions"][SIDES[p]]["deck"] = [*top, *(c for c in deck if c not in top)]

    amend(s, edit)


def at_recruit(
    rebel: tuple[str, ...] = (), imperial: tuple[str, ...] = (), **kw: Any
) -> RebellionState:
    """A position whose Refresh Phase moves time onto a recruit icon (1 -> 2 unless told),
    with the named action cards on top of the decks; the Rebels are to recruit."""
    kw.setdefault("time", 1)
    s = position(**kw)
    stack_deck(s, REBEL, *rebel)
    stack_deck(s, IMPERIAL, *imperial)
    s.apply(Pass())
    s.apply(Pass())
    return s


def first(s: RebellionState) -> None:
    """The first legal action; a recruit is followed by keeping the only card picturing him."""
    s.apply(s.legal_actions()[0])
    keep_only(s)


def keep_only(s: RebellionState) -> None:
    """After ``recruit <leader>`` the card kept is always asked for: keep it when only one
    drawn card pictures the leader."""
    if isinstance(s.stack[-1], KeepActionCard) and len(s.legal_actions()) == 1:
        s.apply(s.legal_actions()[0])


def recruit(s: RebellionState, leader: int) -> None:
    s.apply(Recruit(leader))
    keep_only(s)


# ---------------------------------------------------------------- data
def test_every_action_card_of_both_sides() -> None:
    """34 base cards (10 starting, 24 recruit) and 16 Rise of the Empire cards, 8 a side
    (research §7.3, §8.5; ROTE's component list)."""
    base = [c for c in ACTIONS if not c.expansion]
    roe = [c for c in ACTIONS if c.expansion]
    assert len(ACTIONS) == 50 and len(base) == 34 and len(roe) == 16
    assert Counter((c.side, c.starting) for c in base) == {
        ("Imperial", True): 4,
        ("Imperial", False): 12,
        ("Rebel", True): 6,
        ("Rebel", False): 12,
    }
    assert Counter((c.side, c.starting, bool(c.replaces)) for c in roe) == {
        ("Imperial", True, False): 2,
        ("Imperial", False, False): 5,
        ("Imperial", False, True): 1,
        ("Rebel", True, False): 2,
        ("Rebel", False, False): 5,
        ("Rebel", False, True): 1,
    }
    by = {(c.name, c.expansion): c for c in ACTIONS}
    assert by["Blindside", False].leaders == ("Boba Fett", "Janus Greejatus")
    assert by["The Millennium Falcon", False].leaders == ("Han Solo", "Chewbacca")
    assert by["Secret Facility", True].leaders == ("Director Krennic", "Krennic's Finest")
    assert by["Trust in the Force", True].leaders == ("Jyn Erso", "Chirrut Îmwe")
    assert by["Human Cyborg Relations", False].leaders == ()  # the C-3PO ring
    assert by["Temporary Alliance", False].starting
    assert all(c.text and c.source for c in ACTIONS)


def test_every_recruitable_leader_is_pictured_on_a_recruit_card_of_its_side() -> None:
    for p, side in enumerate(SIDE_NAMES):
        on_cards = {x for i in RECRUIT_DECKS[p] for x in ACTIONS[i].leaders}
        want = {x.name for x in LEADERS if x.side == side and x.recruit}
        assert on_cards == want
        assert not any(LEADERS[leader_id(x)].starting for x in on_cards)


def test_the_game_lists_the_action_cards() -> None:
    assert list(GAME.cards["Action cards"]) == list(ACTIONS)


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, d)
    return d


def test_bad_action_rows_name_the_row_and_field(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "actions.toml"
    good = p.read_text()
    p.write_text(good.replace('"Boba Fett", "Janus Greejatus"', '"Boba Fet", "Janus Greejatus"'))
    with pytest.raises(CardDataError) as err:
        data.load_actions(d)
    assert "actions.toml:card[4] (Blindside)" in str(err.value)
    assert "leaders" in str(err.value) and "'Boba Fet'" in str(err.value)
    p.write_text(good.replace('leaders = ["Colonel Yularen"]', "leaders = []", 1))
    with pytest.raises(CardDataError, match=r"at least one leader.*\(Local Rumors\)"):
        data.load_actions(d)
    p.write_text(good.replace('timing = "Special"', 'timing = "Later"', 1))
    with pytest.raises(CardDataError, match=r"timing.*\(It Is Your Destiny\)"):
        data.load_actions(d)
    p.write_text(good.replace('leaders = ["Princess Leia"]', 'leaders = ["Han Solo"]', 1))
    with pytest.raises(CardDataError, match=r"Our Most Desperate Hour.*not a starting leader"):
        data.load_actions(d)


def test_rr27_track_them_is_a_starting_card() -> None:
    """RR-27: Track Them pictures no leader, so it is a starting card (no recruit icon):
    each side's Rise of the Empire cards are then 2 starting, 5 recruit, 1 replacement."""
    track = ACTIONS[action_id("Track Them")]
    assert track.starting and track.leaders == () and track.side == "Imperial"
    assert action_id("Track Them") not in RECRUIT_DECKS[IMPERIAL]
    for side in SIDE_NAMES:
        new = [c for c in ACTIONS if c.expansion and c.side == side]
        assert Counter("replacement" if c.replaces else c.starting for c in new) == {
            True: 2,
            False: 5,
            "replacement": 1,
        }
        # starting cards without a leader: the Immediate / Special ones of the expansion
        assert all(not c.leaders for c in new if c.starting)


def test_rr28_replacement_cards_take_the_base_versions_place() -> None:
    """RR-28: Good Intel and Son of Skywalker of Rise of the Empire replace the base cards in
    the recruit decks and picture the same leaders; their abilities, in no source, are
    ruled (Good Intel RR-160, Son of Skywalker RR-177)."""
    for name, p in (("Good Intel", IMPERIAL), ("Son of Skywalker", REBEL)):
        base, new = action_id(name, expansion=False), action_id(name, expansion=True)
        assert action_id(name) == new
        assert ACTIONS[new].replaces == name and ACTIONS[new].leaders == ACTIONS[base].leaders
        want = {"Son of Skywalker": "Special", "Good Intel": "Start of Combat"}  # RR-177, RR-160
        assert ACTIONS[new].timing == want[name]
        assert new in RECRUIT_DECKS[p] and base not in RECRUIT_DECKS[p]
        s = position()
        everywhere = [c for z in s.zones.values() for c in z]
        assert action_card(new) in everywhere and action_card(base) not in everywhere


def test_rr33_timing_keywords() -> None:
    """RR-33: the timing keywords the research names, JC's for the others; Good Intel's
    replacement is a Start of Combat card (RR-160); none for Son of Skywalker's, whose text
    we do not have."""
    timing = {(c.name, c.expansion): c.timing for c in ACTIONS}
    assert timing["Early Promotion", True] == "Immediate"
    assert timing["Rebel Extremist", True] == "Immediate"
    assert timing["Track Them", True] == "Special"
    assert timing["Trust in the Force", True] == "Assignment"
    assert timing["Baze's Loyalty", True] == "Start of Combat"
    assert timing["False Orders", True] == "Assignment"
    assert timing["Good Intel", False] == "Start of Combat"
    assert timing["Son of Skywalker", True] == "Special"  # the base card's (RR-177)
    assert timing["Good Intel", True] == "Start of Combat"  # RR-160
    assert [k for k, v in timing.items() if not v] == []


# ---------------------------------------------------------------- set-up
def test_set_up_shuffles_each_recruit_deck_hidden_from_both() -> None:
    s = GAME.new_state(seed=5)
    other = GAME.new_state(seed=6)
    assert isinstance(s, RebellionState) and isinstance(other, RebellionState)
    for p in (REBEL, IMPERIAL):
        deck = s.zones[f"action_deck{p}"]
        assert sorted(deck) == [action_card(i) for i in RECRUIT_DECKS[p]] and len(deck) == 17
        assert not s.zones[f"action_hand{p}"] and not s.zones[f"action_drawn{p}"]
        for viewer in (None, REBEL, IMPERIAL):
            assert s.view(viewer)["zones"][f"action_deck{p}"] == {"owner": p, "count": 17}
    assert s.zones["action_deck0"] != other.zones["action_deck0"]  # shuffled


# ---------------------------------------------------------------- recruiting
def test_recruit_a_leader_from_two_cards_then_build() -> None:
    s = at_recruit(rebel=("Ambush", "An Old Friend"), imperial=("Blindside", "Local Rumors"))
    assert isinstance(s.stack[-1], RecruitLeader) and s.current_player == REBEL
    assert s.zones["action_drawn0"] == [card("Ambush"), card("An Old Friend")]
    assert s.legal_actions() == [Recruit(x) for x in sorted((HAN, MADINE))]
    recruit(s, HAN)
    assert isinstance(s.stack[-1], RecruitLeader) and s.current_player == IMPERIAL
    assert s.board.leader_status[HAN] == SUPPLY  # face down until both are in
    assert s.legal_actions() == [Recruit(x) for x in sorted((BOBA, JANUS, YULAREN))]
    recruit(s, YULAREN)
    b = s.board
    assert b.leader_status[HAN] == POOL and b.leader_status[YULAREN] == POOL
    assert b.leader_status[MADINE] == SUPPLY and b.leader_status[BOBA] == SUPPLY
    assert s.zones["action_hand0"] == [card("An Old Friend")]
    assert s.zones["action_hand1"] == [card("Local Rumors")]
    deck0, deck1 = s.zones["action_deck0"], s.zones["action_deck1"]
    assert deck0[0] == card("Ambush") and len(deck0) == 16
    assert deck1[0] == card("Blindside") and len(deck1) == 16
    assert s.known["action_deck0"] == {REBEL: [card("Ambush")]}  # its owner knows it is there
    assert s.hand_recruits == [[HAN], [YULAREN]]
    assert [(e.player, e.leader) for e in s.log if e.kind == "recruited"] == [
        (REBEL, HAN),
        (IMPERIAL, YULAREN),
    ]
    # time 2 has a build icon too: recruit first, then build (RR-31)
    assert isinstance(s.stack[-1], BuildUnits) and s.current_player == REBEL


def test_a_leader_pictured_on_both_cards_chooses_the_card_kept() -> None:
    s = at_recruit(rebel=("One in a Million", "Son of Skywalker"))
    assert s.legal_actions() == [Recruit(x) for x in sorted((LUKE, WEDGE))]
    recruit(s, LUKE)
    assert isinstance(s.stack[-1], KeepActionCard) and s.current_player == REBEL
    keep = [
        ActionCardChoice(action_card(action_id("One in a Million"))),
        ActionCardChoice(action_card(action_id("Son of Skywalker"))),
    ]
    assert s.legal_actions() == keep
    assert s.describe(keep[1]) == "Keep 'Son of Skywalker' for Luke Skywalker"
    s.apply(keep[1])
    assert s.current_player == IMPERIAL
    first(s)
    assert s.zones["action_hand0"] == [card("Son of Skywalker")]
    assert s.zones["action_deck0"][0] == card("One in a Million")
    assert s.board.leader_status[LUKE] == POOL and s.board.leader_status[WEDGE] == SUPPLY
    # Wedge is on one card only: that card is the single choice to keep (RR-32)
    s2 = at_recruit(rebel=("One in a Million", "Son of Skywalker"))
    recruit(s2, WEDGE)
    assert isinstance(s2.stack[-1], RecruitLeader) and s2.current_player == IMPERIAL
    assert s2.recruit_card[REBEL] == card("One in a Million")


def test_rr30_nothing_to_recruit_draw_on_until_a_card_has_a_leader() -> None:
    """RR-30: with no recruitable leader on the cards drawn, draw one more at a time; the
    cards not kept go to the bottom in the order drawn, the last drawn lowest."""
    s = at_recruit(
        rebel=("Ambush", "An Old Friend", "Wookiee Guardian"),
        leaders={"Han Solo": "pool", "General Madine": "pool"},
    )
    ambush, friend = action_id("Ambush"), action_id("An Old Friend")
    assert s.legal_actions() == [
        ActionCardChoice(action_card(ambush)),
        ActionCardChoice(action_card(friend)),
        DrawOn(),
    ]
    s.apply(DrawOn())
    assert s.zones["action_drawn0"] == [
        card("Ambush"),
        card("An Old Friend"),
        card("Wookiee Guardian"),
    ]
    assert s.legal_actions() == [Recruit(CHEWIE)]  # recruiting is not optional now
    recruit(s, CHEWIE)
    first(s)  # the Empire
    assert s.board.leader_status[CHEWIE] == POOL
    assert s.zones["action_hand0"] == [card("Wookiee Guardian")]
    deck = s.zones["action_deck0"]
    assert deck[:2] == [card("An Old Friend"), card("Ambush")] and len(deck) == 16
    seen = [e for e in s.view(IMPERIAL)["log"] if e["kind"] == "drew_count" and e["player"] == 0]
    assert [e["count"] for e in seen] == [2, 1]


def test_rr30_a_card_with_no_leader_to_recruit_is_discarded_with_no_effect() -> None:
    """RR-30: stopping with nothing to recruit, the player still chooses a card: it is
    discarded face up with no effect; the other goes to the bottom."""
    s = at_recruit(
        rebel=("Ambush", "An Old Friend"), leaders={"Han Solo": "pool", "General Madine": "pool"}
    )
    a = ActionCardChoice(action_card(action_id("An Old Friend")))
    assert s.describe(a) == "Discard 'An Old Friend': no leader on it can be recruited"
    s.apply(a)
    first(s)  # the Empire
    assert s.zones["action_discard0"] == [card("An Old Friend")]
    assert s.zones["action_deck0"][0] == card("Ambush")
    assert not s.zones["action_hand0"] and s.hand_recruits[REBEL] == []
    assert not any(e.kind == "recruited" and e.player == REBEL for e in s.log)
    log = s.view(IMPERIAL)["log"]
    discarded = [e for e in log if e["kind"] == "action_card_discarded"]
    assert [(e["player"], e["card"]) for e in discarded] == [(REBEL, card("An Old Friend"))]
    assert s.view(IMPERIAL)["zones"]["action_discard0"]["cards"] == [card("An Old Friend")]


def test_rr30_no_drawing_on_from_an_empty_deck() -> None:
    s = position(time=1, leaders={"Han Solo": "pool", "General Madine": "pool"})
    s.zones["action_deck0"] = [card("An Old Friend"), card("Ambush")]  # Ambush on top
    s.apply(Pass())
    s.apply(Pass())
    friend, ambush = action_id("An Old Friend"), action_id("Ambush")
    assert s.legal_actions() == [
        ActionCardChoice(action_card(ambush)),
        ActionCardChoice(action_card(friend)),
    ]


def test_rr31_an_empty_action_deck_recruits_nobody() -> None:
    """RR-31: a side with no action card left draws nothing and recruits nobody; one card
    left is drawn alone."""
    s = position(time=1)
    s.zones["action_deck0"] = []
    s.zones["action_deck1"] = [card("Local Rumors")]
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], RecruitLeader) and s.current_player == IMPERIAL
    assert s.zones["action_drawn1"] == [card("Local Rumors")]
    assert s.legal_actions() == [Recruit(YULAREN)]
    recruit(s, YULAREN)
    assert s.board.leader_status[YULAREN] == POOL
    assert [e.player for e in s.log if e.kind == "recruited"] == [IMPERIAL]
    assert isinstance(s.stack[-1], BuildUnits)


def test_leaders_in_play_captured_or_eliminated_cannot_be_recruited() -> None:
    s = position(
        time=1,
        leaders={"Han Solo": "Kessel", "Luke Skywalker (Jedi)": "pool"},
        units={"Kessel": {"Stormtrooper": 1}},
    )
    s.board.captured = HAN
    s.board.leader_status[MADINE] = ELIMINATED
    b = s.board
    assert not recruitable(b, HAN)  # captured
    assert not recruitable(b, MADINE)  # eliminated
    assert not recruitable(b, LUKE)  # in play as Luke Skywalker (Jedi) (research §6.3)
    assert recruitable(b, WEDGE) and recruitable(b, CHEWIE)
    assert recruitable_on(b, card("One in a Million")) == [WEDGE]
    assert recruitable_on(b, card("Point Blank Assault")) == [leader_id("Admiral Ackbar")]
    assert recruitable_on(b, card("Son of Skywalker")) == []
    stack_deck(s, REBEL, "An Old Friend", "Ambush", "The Millennium Falcon")
    s.apply(Pass())
    s.apply(Pass())
    assert s.legal_actions()[-1] == DrawOn()  # neither Han nor Madine
    s.apply(DrawOn())
    assert s.legal_actions() == [Recruit(CHEWIE)]


def test_rr31_recruit_then_the_pool_limit_then_build() -> None:
    """RR-31: the pool limit of 8 applies as soon as the recruited leaders are in the pools,
    before the build icon of the same space."""
    eight = {"Luke Skywalker": "pool", "Wedge Antilles": "pool"}
    eight |= {"Admiral Ackbar": "pool", "Obi-Wan Kenobi": "pool"}
    s = at_recruit(rebel=("Ambush", "An Old Friend"), leaders=eight)
    assert len(s.board.pool(REBEL)) == 8
    recruit(s, HAN)
    first(s)  # the Empire
    assert len(s.board.pool(REBEL)) == 9
    top = s.stack[-1]
    assert isinstance(top, EliminateLeader) and top.player == REBEL and top.after == "recruit"
    assert Eliminate(HAN) in s.legal_actions() and len(s.legal_actions()) == 9
    s.apply(Eliminate(leader_id("Obi-Wan Kenobi")))
    assert s.board.leader_status[leader_id("Obi-Wan Kenobi")] == ELIMINATED
    assert len(s.board.pool(REBEL)) == 8
    assert isinstance(s.stack[-1], BuildUnits) and s.current_player == REBEL


def test_recruit_icons_only_on_spaces_2_to_5() -> None:
    assert [x.number for x in TIME_TRACK.spaces if x.recruit] == [2, 3, 4, 5]
    s = position(time=5)  # 5 -> 6: build only
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], BuildUnits)
    assert not any(e.kind in ("drew", "recruited") for e in s.log)
    s = position(time=2)  # 2 -> 3: recruit only, then deploy
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], RecruitLeader)


# ---------------------------------------------------------------- what each side sees
def seen_ids(view: dict[str, Any]) -> set[int]:
    """Every card id a view shows: zone contents and known ids, and the log's card fields."""
    out: set[int] = set()
    for z in view["zones"].values():
        out.update(z.get("cards", ()))
        out.update(z.get("known", ()))
    for e in view["log"]:
        for k in ("card", "cards"):
            v = e.get(k)
            if isinstance(v, int):
                out.add(v)
            elif isinstance(v, list):
                out.update(v)
    return out


def test_rr15_recruit_choices_are_hidden_until_both_are_in() -> None:
    """RR-15: the Rebels choose first, face down; the Empire sees that they chose, not what."""
    s = at_recruit(rebel=("Ambush", "An Old Friend"), imperial=("Blindside", "Local Rumors"))
    recruit(s, HAN)
    assert s.view(IMPERIAL)["state"]["recruit_choice"] == [-2, None]
    assert s.view(REBEL)["state"]["recruit_choice"] == [[card("An Old Friend"), HAN], None]
    kinds = [e["kind"] for e in s.view(IMPERIAL)["log"]]
    assert "recruit_chosen_hidden" in kinds and "recruit_chosen" not in kinds
    assert "recruited" not in kinds
    assert "recruited" not in [e.kind for e in s.log]
    recruit(s, YULAREN)
    tail = [(e["kind"], e["player"]) for e in s.view(IMPERIAL)["log"][-6:]]
    assert tail == [
        ("recruited", REBEL),
        ("action_card_kept_hidden", REBEL),
        ("action_cards_bottomed_count", REBEL),
        ("recruited", IMPERIAL),
        ("action_card_kept", IMPERIAL),
        ("action_cards_bottomed", IMPERIAL),
    ]
    assert s.view(IMPERIAL)["state"]["hand_recruits"] == [[HAN], [YULAREN]]


def test_rr32_a_view_never_shows_the_other_sides_drawn_or_kept_cards() -> None:
    """RR-32: the other side sees counts and, once both are in, the leader recruited; never
    which card was drawn, kept or put on the bottom."""
    s = at_recruit(rebel=("Ambush", "An Old Friend"), imperial=("Blindside", "Local Rumors"))
    rebel_deck = {action_card(i) for i in RECRUIT_DECKS[REBEL]}
    imperial_deck = {action_card(i) for i in RECRUIT_DECKS[IMPERIAL]}
    for leader in (HAN, YULAREN):
        for p, theirs in ((IMPERIAL, rebel_deck), (REBEL, imperial_deck)):
            v = s.view(p)
            assert not seen_ids(v) & theirs
            assert not seen_ids(s.view(None)) & (rebel_deck | imperial_deck)
            text = json.dumps(v)
            names = {ACTIONS[action_of(c)].name for c in theirs}
            rendered = s.render(p)
            assert not any(n in rendered for n in names), rendered
            assert "Ambush" not in text or p == REBEL
        recruit(s, leader)
    assert {card("Ambush"), card("An Old Friend")} <= seen_ids(s.view(REBEL))
    rendered = s.render(REBEL)
    assert (
        "Rebel action hand: 1 card" in rendered and "Your action cards: An Old Friend" in rendered
    )
    assert "Imperial action hand: 1 card" in rendered and "Local Rumors" not in rendered
    assert "Imperial action hand: 1 card" in s.render(None)


def test_resample_keeps_recruited_leaders_and_redeals_only_unseen_cards() -> None:
    s = at_recruit(rebel=("Ambush", "An Old Friend"), imperial=("Blindside", "Local Rumors"))
    rebel_cards = sorted(c for k in ("deck", "hand", "drawn") for c in s.zones[f"action_{k}0"])
    recruit(s, HAN)  # the Rebels' choice is in, face down; the Empire has drawn
    drawn_seen = set()
    for k in range(30):
        r = s.resample(IMPERIAL, Rng(k))
        assert isinstance(r, RebellionState)
        drawn = r.zones["action_drawn0"]
        assert len(drawn) == 2
        c, x = r.recruit_card[REBEL], r.recruit_leader[REBEL]
        assert c in drawn and x in pictured(c) and recruitable(r.board, x)
        assert r.zones["action_drawn1"] == [card("Blindside"), card("Local Rumors")]
        now = sorted(c for k2 in ("deck", "hand", "drawn") for c in r.zones[f"action_{k2}0"])
        assert now == rebel_cards
        drawn_seen.add(tuple(drawn))
    assert len(drawn_seen) > 5  # re-dealt
    recruit(s, YULAREN)
    kept = set()
    for k in range(30):
        r = s.resample(IMPERIAL, Rng(k))
        assert r.board.leader_status[HAN] == POOL and r.hand_recruits == [[HAN], [YULAREN]]
        hand = r.zones["action_hand0"]
        assert len(hand) == 1 and HAN in pictured(hand[0])
        kept.add(hand[0])
        assert r.zones["action_hand1"] == [card("Local Rumors")]
        assert r.zones["action_deck1"][0] == card("Blindside")  # known: stays
        deck0 = r.zones["action_deck0"]
        assert r.known["action_deck0"][REBEL] == deck0[:1]  # the Rebels know their new bottom card
    assert kept == {card("An Old Friend"), card("The Millennium Falcon")}
    for k in range(10):
        r = s.resample(REBEL, Rng(k))
        assert r.zones["action_hand0"] == [card("An Old Friend")]
        assert r.zones["action_deck0"][0] == card("Ambush")
        hand = r.zones["action_hand1"]
        assert len(hand) == 1 and YULAREN in pictured(hand[0])


def test_resample_keeps_the_cards_drawn_before_drawing_on_unrecruitable() -> None:
    s = at_recruit(
        rebel=("Ambush", "An Old Friend", "Wookiee Guardian"),
        leaders={"Han Solo": "pool", "General Madine": "pool"},
    )
    s.apply(DrawOn())
    recruit(s, CHEWIE)
    for k in range(20):
        r = s.resample(IMPERIAL, Rng(k))
        drawn = r.zones["action_drawn0"]
        assert len(drawn) == 3
        assert not recruitable_on(r.board, drawn[0]) and not recruitable_on(r.board, drawn[1])
        c, x = r.recruit_card[REBEL], r.recruit_leader[REBEL]
        assert c in drawn and (x in recruitable_on(r.board, c) or x == -1)


# ---------------------------------------------------------------- words
def test_words_for_recruiting() -> None:
    s = at_recruit(rebel=("Ambush", "An Old Friend"), imperial=("Blindside", "Local Rumors"))
    assert s.describe(Recruit(HAN)) == "Recruit Han Solo"
    assert "recruit a leader pictured on your action cards" in s.prompt
    texts = [e["text"] for e in s.view(IMPERIAL)["log"]]
    assert "Rebel drew 2 action cards" in texts
    assert "Rebel drew Ambush, An Old Friend" in [e["text"] for e in s.view(REBEL)["log"]]
    recruit(s, HAN)
    assert "Rebel made a recruit choice, face down" in [e["text"] for e in s.view(IMPERIAL)["log"]]
    recruit(s, YULAREN)
    imperial = [e["text"] for e in s.view(IMPERIAL)["log"]]
    rebel = [e["text"] for e in s.view(REBEL)["log"]]
    assert "Rebel recruited Han Solo" in imperial and "Rebel recruited Han Solo" in rebel
    assert "Rebel kept an action card face down" in imperial
    assert "Rebel kept An Old Friend face down" in rebel
    assert "Rebel put 1 action card on the bottom of the action deck" in imperial
    assert "Rebel put Ambush on the bottom of the action deck" in rebel
