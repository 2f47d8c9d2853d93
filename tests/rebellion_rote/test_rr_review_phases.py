"""Review of set-up, assignment, missions, projects, the Refresh Phase and the win
conditions: each test pins a defect found and fixed (research §4, §6, §7; ROTE; RR-17)."""

from __future__ import annotations

from rr_helpers import assign

from rebellion_rote.actions import Keep, Reveal, SystemChoice
from rebellion_rote.data import IMPERIAL, MISSIONS, REBEL, system_id
from rebellion_rote.decisions import CommandTurn, KeepProject
from rebellion_rote.ids import mission_card, mission_of
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState
from tabletop import Rng

S = system_id
TARKIN = "Grand Moff Tarkin"


def card(name: str, copy: int = 0) -> int:
    return [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name][copy]


def research_and_development(s: RebellionState, top: list[int]) -> None:
    """The Empire resolves Research and Development in Kessel with ``top`` on the project
    deck (the first on top)."""
    deck = s.zones["project_deck"]
    deck.cards = [c for c in deck.cards if c not in top] + top[::-1]
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
    assert s.legal_actions() == [Keep(mission_of(copies[0]))]
    s.apply(Keep(mission_of(copies[0])))
    assert copies[0] in s.zones["missions1"].cards
    assert s.zones["project_deck"].cards[0] == copies[1]
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
