"""Starting action cards at set-up (research §2 step 8; RR-29) and Immediate cards gained."""

from __future__ import annotations

import pytest
from rr_helpers import new

from rebellion_rote.data import ACTIONS, IMPERIAL, REBEL
from rebellion_rote.decisions import ChooseBase
from rebellion_rote.events import ActionCardPlayed, StartingActionCards
from rebellion_rote.ids import action_card, action_of
from rebellion_rote.rules.gains import is_immediate
from rebellion_rote.state import RebellionState
from tabletop import Rng

SIDE_NAMES = ("Rebel", "Imperial")


def starting(p: int) -> set[int]:
    return {action_card(i) for i, c in enumerate(ACTIONS) if c.starting and c.side == SIDE_NAMES[p]}


def to_base_choice(seed: int, **options: object) -> RebellionState:
    """Play set-up with seeded random choices up to the Rebel base choice."""
    s = new(seed, **options)
    rng = Rng(seed)
    while not (isinstance(s.stack[-1], ChooseBase) and not s.gains):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def gained(s: RebellionState, p: int) -> list[int]:
    """The starting cards ``p`` drew, in order, from its own log."""
    out: list[int] = []
    for ev in s.log:
        if isinstance(ev, StartingActionCards) and ev.player == p:
            out.extend(ev.cards)
    return out


def test_rr29_each_side_draws_two_starting_cards() -> None:
    """RR-29: at the end of step 8 each side draws 2 random starting cards face down; the
    other side sees only how many; the rest stay in the box, known to its owner only."""
    assert len(starting(REBEL)) == 8 and len(starting(IMPERIAL)) == 6
    hands = set()
    for seed in range(8):
        s = to_base_choice(seed)
        for p in (REBEL, IMPERIAL):
            drew = gained(s, p)
            assert len(drew) >= 2 and set(drew) <= starting(p)
            hand = s.zones[f"action_hand{p}"]
            box = s.zones[f"action_box{p}"]
            played = s.zones[f"action_discard{p}"]
            assert sorted(hand + played) == sorted(drew)
            assert sorted(box + drew) == sorted(starting(p))
            assert all(is_immediate(action_of(c)) for c in played)
            assert s.hand_recruits[p] == [-1] * len(hand)
            other = s.view(1 - p)["zones"]
            assert other[f"action_box{p}"].get("cards") is None
            assert other[f"action_hand{p}"].get("cards") is None
            assert s.view(p)["zones"][f"action_hand{p}"]["cards"] == hand
            hands.add(tuple(sorted(drew)))
        log = s.view(IMPERIAL)["log"]
        public = [e for e in log if e["kind"] == "starting_action_cards" and e["player"] == REBEL]
        assert not public  # the Empire never sees which cards the Rebels drew
    assert len(hands) > 8  # random draws


def test_rr29_immediate_starting_cards_resolve_at_once_rebels_first() -> None:
    """RR-29: an Immediate starting card is revealed as soon as it is drawn, the Rebels'
    before the Empire's."""
    found = 0
    for seed in range(30):
        s = to_base_choice(seed)
        plays = [e for e in s.log if isinstance(e, ActionCardPlayed)]
        sides = [e.player for e in plays]
        assert sides == sorted(sides)  # Rebels (0) first
        for e in plays:
            assert is_immediate(action_of(e.card))
        found += bool(plays)
    assert found


def test_rr29_first_game_fixed_setup_deals_none() -> None:
    """RR-29: the first-game fixed set-up deals no starting action card; first_game alone
    (mission cards) deals them as usual."""
    s = to_base_choice(1, setup="fixed", first_game=True)
    for p in (REBEL, IMPERIAL):
        assert not s.zones[f"action_hand{p}"]
        assert sorted(s.zones[f"action_box{p}"]) == sorted(starting(p))
    s = to_base_choice(1, first_game=True)
    assert len(gained(s, REBEL)) >= 2 and len(gained(s, IMPERIAL)) >= 2


@pytest.mark.parametrize("seed", range(6))
def test_resample_keeps_starting_cards_among_starting_cards(seed: int) -> None:
    """A determinisation re-deals the other side's unseen starting cards among its box and
    its starting slots, never with recruit cards."""
    s = to_base_choice(seed)
    for viewer in (REBEL, IMPERIAL):
        other = 1 - viewer
        for k in range(5):
            t = s.resample(viewer, Rng(seed * 7 + k))
            assert isinstance(t, RebellionState)
            hand = t.zones[f"action_hand{other}"]
            box = t.zones[f"action_box{other}"]
            assert len(hand) == len(s.zones[f"action_hand{other}"])
            assert set(hand) | set(box) <= starting(other)
            assert sorted(hand + box) == sorted(
                s.zones[f"action_hand{other}"] + s.zones[f"action_box{other}"]
            )
            # what the viewer itself holds is untouched
            assert t.zones[f"action_hand{viewer}"] == s.zones[f"action_hand{viewer}"]
