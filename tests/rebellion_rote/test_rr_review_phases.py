"""Review of set-up, assignment, missions, projects, the Refresh Phase and the win
conditions: each test pins a defect found and fixed (research §4, §6, §7; ROTE; RR-17)."""

from __future__ import annotations

from rr_helpers import assign, edited

from rebellion_rote.actions import ActionCardChoice, Keep, Pass, Recruit, Reveal, SystemChoice
from rebellion_rote.board import POOL
from rebellion_rote.data import IMPERIAL, MISSIONS, REBEL, action_id, leader_id, system_id
from rebellion_rote.decisions import CommandTurn, KeepActionCard, KeepProject, RecruitLeader
from rebellion_rote.ids import action_card, mission_card
from rebellion_rote.position import position
from rebellion_rote.rules.recruit import recruitable, recruitable_on
from rebellion_rote.state import RebellionState
from tabletop import Rng

S = system_id
TARKIN = "Grand Moff Tarkin"
LUKE = leader_id("Luke Skywalker")
WEDGE = leader_id("Wedge Antilles")
HAN = leader_id("Han Solo")
MADINE = leader_id("General Madine")


def card(name: str, copy: int = 0) -> int:
    return [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name][copy]


def research_and_development(s: RebellionState, top: list[int]) -> None:
    """The Empire resolves Research and Development in Kessel with ``top`` on the project
    deck (the first on top)."""
    deck = s.zones["project_deck"]
    deck[:] = [c for c in deck if c not in top] + top[::-1]
    slot = assign(s, IMPERIAL, "Research and Development", TARKIN)
    s.apply(Reveal(slot))
    s.apply(SystemChoice(S("Kessel")))


# ---------------------------------------------------------------- Research and Development
def test_two_copies_drawn_still_ask_the_empire_to_keep_one() -> None:
    """RR-17, RR-41: the Empire looks at 2 project cards and keeps 1 in secret. The Rebels
    must not learn whether the two were copies of one card, so the keep decision comes
    whatever was drawn (with a single choice for two copies)."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    copies = [card("Superlaser Online", 0), card("Superlaser Online", 1)]
    research_and_development(s, copies)
    assert isinstance(s.stack[-1], KeepProject) and s.current_player == IMPERIAL
    assert s.legal_actions() == [Keep(copies[0])]
    s.apply(Keep(copies[0]))
    assert copies[0] in s.zones["missions1"]
    assert s.zones["project_deck"][0] == copies[1]
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL


def test_the_rebels_see_the_same_whatever_pair_was_drawn() -> None:
    """RR-17: the Rebels' view after the draw is the same for two copies and for two
    different cards (the prompt, the player to act, the log)."""
    views = []
    for top in (
        [card("Superlaser Online", 0), card("Superlaser Online", 1)],
        [card("Superlaser Online", 0), card("Construct Factory", 0)],
    ):
        s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
        research_and_development(s, top)
        v = s.view(REBEL)
        views.append((v["current_player"], v["prompt"], [e["text"] for e in v["log"]]))
    assert views[0] == views[1]


def test_a_rebel_determinisation_at_the_keep_decision_is_playable() -> None:
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    research_and_development(s, [card("Superlaser Online", 0), card("Superlaser Online", 1)])
    for k in range(10):
        r = s.resample(REBEL, Rng(k))
        assert r.legal_actions() and r.current_player == IMPERIAL


# ---------------------------------------------------------------- recruiting
def at_recruit(rebel: tuple[str, ...]) -> RebellionState:
    """Time moves onto a recruit icon with ``rebel`` on top of the Rebels' action deck; the
    Rebels are to recruit."""
    s = position(time=1)
    deck = s.zones["action_deck0"]
    ids = [action_card(action_id(n)) for n in rebel]
    deck[:] = [c for c in deck if c not in ids] + ids[::-1]
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], RecruitLeader) and s.current_player == REBEL
    return s


def test_recruiting_always_asks_for_the_card_kept() -> None:
    """RR-15, RR-32: the Empire sees only that the Rebels drew 2 cards and chose. Whether the
    leader recruited is pictured on one card or both must not show, so the card kept is
    always asked for after the leader (a single choice when only one card pictures him)."""
    s = at_recruit(("One in a Million", "Son of Skywalker"))
    s.apply(Recruit(WEDGE))  # Wedge is on One in a Million only
    assert isinstance(s.stack[-1], KeepActionCard) and s.current_player == REBEL
    assert s.legal_actions() == [ActionCardChoice(action_card(action_id("One in a Million")))]
    s.apply(ActionCardChoice(action_card(action_id("One in a Million"))))
    assert isinstance(s.stack[-1], RecruitLeader) and s.current_player == IMPERIAL
    assert s.recruit_card[REBEL] == action_card(action_id("One in a Million"))
    assert s.recruit_leader[REBEL] == WEDGE


def test_the_empire_sees_the_same_whichever_cards_picture_the_leader() -> None:
    """RR-32: the Empire's view is the same whether the leader recruited is on one card or
    on both."""
    views = []
    for leader in (WEDGE, LUKE):  # Wedge on one card, Luke on both
        s = at_recruit(("One in a Million", "Son of Skywalker"))
        s.apply(Recruit(leader))
        v = s.view(IMPERIAL)
        views.append((v["current_player"], v["prompt"], [e["text"] for e in v["log"]]))
    assert views[0] == views[1]


def test_an_imperial_determinisation_at_the_rebels_keep_decision_is_playable() -> None:
    """A determinisation for the Empire while the Rebels choose the card to keep re-deals the
    Rebels' drawn cards and their hidden choice of leader together: the Rebels can still
    keep a card picturing the leader."""
    s = at_recruit(("One in a Million", "Son of Skywalker"))
    s.apply(Recruit(LUKE))
    for k in range(30):
        r = s.resample(IMPERIAL, Rng(k))
        assert isinstance(r, RebellionState)
        top = r.stack[-1]
        assert isinstance(top, KeepActionCard) and top.player == REBEL
        assert recruitable(r.board, top.leader)
        acts = r.legal_actions()
        assert acts and all(isinstance(a, ActionCardChoice) for a in acts)
        r.apply(acts[0])
        assert r.current_player == IMPERIAL


def test_an_imperial_determinisation_keeps_a_rebel_discard_a_discard() -> None:
    """RR-30: the Rebels choose a card to discard only when no card drawn pictures a leader
    they can recruit; the Empire sees that choice (no card kept asked for), so its
    determinisation deals them cards picturing no such leader."""
    s = at_recruit(("Ambush", "An Old Friend"))
    s.board.leader_status[HAN] = POOL
    s.board.leader_status[MADINE] = POOL
    edited(s, "leaders put in the pool in the middle of a recruit")
    s.apply(ActionCardChoice(action_card(action_id("Ambush"))))
    assert s.current_player == IMPERIAL and s.recruit_leader[REBEL] == -1
    for k in range(30):
        r = s.resample(IMPERIAL, Rng(k))
        drawn = r.zones["action_drawn0"]
        assert not any(recruitable_on(r.board, c) for c in drawn)
        assert r.recruit_leader[REBEL] == -1 and r.recruit_card[REBEL] in drawn


# ---------------------------------------------------------------- words
def test_building_reads_well_for_every_unit() -> None:
    """'Build a AT-AT', 'Build a X-wing' read wrong: a count, as the other unit actions use."""
    from rebellion_rote.actions import Build
    from rebellion_rote.data import REBEL_BASE, unit_id

    s = position()
    assert s.describe(Build(unit_id("AT-AT"), S("Corellia"))) == "Build 1 AT-AT from Corellia"
    assert s.describe(Build(unit_id("X-wing"), REBEL_BASE)) == (
        "Build 1 X-wing from the Rebel Base space"
    )
