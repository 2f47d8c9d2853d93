"""The mission decks as a mechanism: set-up's deal, Refresh step 2's draw, discard piles,
an empty deck (RR-51) and what a determinisation keeps; the mission sets (RR-04, RR-52):
test_rr_roe_missions.py."""

from __future__ import annotations

from rr_helpers import assign, new

from rebellion_rote.actions import Reveal, SystemChoice
from rebellion_rote.data import IMPERIAL, MISSIONS, REBEL, system_id
from rebellion_rote.ids import mission_card, mission_of
from rebellion_rote.position import position
from rebellion_rote.rules.mission_deck import deck_cards, draw_missions
from rebellion_rote.rules.refresh import draw_missions as refresh_draw
from rebellion_rote.state import RebellionState
from tabletop import Rng


def names(cards: list[int]) -> list[str]:
    return sorted(MISSIONS[mission_of(c)].name for c in cards)


def card_of(side: int, name: str, copy: int = 0) -> int:
    ids = [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]
    assert ids, name
    return ids[copy]


def test_set_up_deals_two_and_the_refresh_phase_draws_two() -> None:
    """Research §2 step 10 and §4.5 step 2: 4 starting missions and 2 drawn at set-up;
    each Refresh Phase 2 more, the other side seeing only how many."""
    s = new(0, setup="fixed", first_game=True)
    s.apply(SystemChoice(system_id("Dantooine")))
    for p in (REBEL, IMPERIAL):
        hand = s.zones[f"missions{p}"]
        assert sum(MISSIONS[mission_of(c)].starting for c in hand) == 4
        assert sum(MISSIONS[mission_of(c)].deck for c in hand) == 2
        deck = s.zones[f"mission_deck{p}"]
        assert len(deck) + 2 == len(deck_cards(p, True))
    drawn = [e for e in s.log if e.kind == "missions_drawn"]
    assert [e.player for e in drawn] == [REBEL, IMPERIAL]  # type: ignore[attr-defined]
    seen = [e["kind"] for e in s.view(IMPERIAL)["log"]]
    assert "missions_drawn_count" in seen  # the Rebels' two cards: a count
    rebel_view = s.view(IMPERIAL)["zones"]["missions0"]
    assert "cards" not in rebel_view and rebel_view["count"] == 6
    before = len(s.zones["missions0"])
    refresh_draw(s)
    assert len(s.zones["missions0"]) == before + 2


def test_rr51_an_empty_mission_deck_is_made_again_from_its_discard() -> None:
    """RR-51: an empty mission deck is first made again from its shuffled discard; with
    both empty nothing is drawn."""
    s = position()
    z = s.zones
    z["mission_discard0"], z["mission_deck0"] = z["mission_deck0"][:3], []
    hand = z["missions0"]
    size = len(hand)
    got = draw_missions(s, REBEL, 2)
    assert len(got) == 2 and len(z["mission_deck0"]) == 1 and not z["mission_discard0"]
    assert len(hand) == size + 2
    shuffled = [e for e in s.log if e.kind == "mission_deck_reshuffled"]
    assert shuffled[-1].count == 3  # type: ignore[attr-defined]
    z["mission_deck0"] = []
    assert draw_missions(s, REBEL, 2) == ()
    assert len(hand) == size + 2


def test_a_used_deck_mission_goes_face_up_to_its_discard() -> None:
    """Research §4.4 step 7: a used mission that is not a starting mission is discarded
    face up (public); a starting mission goes back to hand."""
    s = position(player="Imperial", loyalty={"Kessel": "Imperial"})
    card = card_of(IMPERIAL, "Secret Weapons Research")  # a base-set card: assign takes
    slot = assign(s, IMPERIAL, "Secret Weapons Research", "Grand Moff Tarkin")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(system_id("Kessel")))
    assert card in s.zones["mission_discard1"]
    assert card not in s.zones["missions1"]
    assert card in s.view(REBEL)["zones"]["mission_discard1"]["cards"]


def test_a_determinisation_redeals_the_other_sides_deck_cards_with_its_deck() -> None:
    """The Empire's determinisation: the Rebels' unseen deck cards in hand trade places
    with their deck; starting missions stay in hand, the numbers of each kind stay."""
    s = new(0, setup="fixed", first_game=True)
    s.apply(SystemChoice(system_id("Dantooine")))
    hand = s.zones["missions0"]
    starting = sorted(c for c in hand if MISSIONS[mission_of(c)].starting)
    pool = sorted(hand + s.zones["mission_deck0"])
    changed = False
    for k in range(20):
        d = s.resample(IMPERIAL, Rng(k))
        assert isinstance(d, RebellionState)
        h = d.zones["missions0"]
        assert sorted(c for c in h if MISSIONS[mission_of(c)].starting) == starting
        assert len(h) == len(hand)
        assert sorted(h + d.zones["mission_deck0"]) == pool
        changed |= sorted(h) != sorted(hand)
    assert changed
