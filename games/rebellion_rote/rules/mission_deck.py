"""The mission decks (research §2 steps 7 and 10, §4.4 step 7, §4.5 step 2; ROTE
"Prepare Mission Cards", "Choosing Mission Sets"; RR-04, RR-51).

* **Building** (:func:`build_decks`, once both mission sets are known): each side's deck
  holds its mission cards that are neither starting missions nor projects, of its
  set: the leader-icon cards (a portrait) always; with the base set the cards with no
  icon, with the Rise of the Empire set the Darth Vader-icon cards. The other cards
  stay in the box. The deck is shuffled and hidden from both sides (RR-17); the card
  counts are public.
* **Drawing** (:func:`draw_missions`): the top card into the owner's hidden hand; the
  other side sees how many (``MissionsDrawn``, public form ``MissionsDrawnCount``).
  Each side draws 2 at set-up, after taking its 4 starting missions (research §2 step
  10), and 2 in Refresh step 2 (then the hand limit of 10, :mod:`.refresh`). An empty
  deck is first made again from its shuffled discard pile; with both empty nothing is
  drawn (RR-51).
* **Discarding** (:func:`discard`): a used mission card that is not a starting mission
  goes face up to its side's discard pile (``mission_discard<side>``, public), a project
  to the project discard (:mod:`.projects`); so does a card discarded to the hand limit.
* **Determinisation** (:func:`redeal_decks`): the mission-deck cards the other side holds
  unseen (hand, face-down assignments) are re-dealt with its deck, so the hand keeps its
  number of deck cards and starting missions and projects never enter a deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Rng, Vis, Zone

from ..data import IMPERIAL, MISSIONS, REBEL, SIDES
from ..events import MissionDeckReshuffled, MissionDiscarded, MissionsDrawn
from ..ids import mission_card, mission_of

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "DRAW_AT_SETUP",
    "DRAW_PER_REFRESH",
    "add_zones",
    "build_decks",
    "deck_cards",
    "discard",
    "draw_missions",
    "redeal_decks",
]

DRAW_AT_SETUP = 2
DRAW_PER_REFRESH = 2
IS_DECK: dict[int, bool] = {mission_card(i): m.deck for i, m in enumerate(MISSIONS)}


def add_zones(s: RebellionState) -> None:
    for p in (REBEL, IMPERIAL):
        s.add_zone(Zone(f"mission_deck{p}", None, Vis.HIDDEN, pool=f"mission_deck{p}"))
        s.add_zone(Zone(f"mission_discard{p}", p, Vis.PUBLIC))
        s.add_zone(Zone(f"mission_look{p}", p, Vis.OWNER, pool=f"mission_look{p}"))


def deck_cards(side: int, roe: bool) -> list[int]:
    """The card ids of ``side``'s mission deck with the chosen set (``roe``: the Rise of the
    Empire set), in card order."""
    wanted = ("always", "roe" if roe else "base")
    return [
        mission_card(i)
        for i, m in enumerate(MISSIONS)
        if m.deck and m.side == SIDES[side] and m.mission_set in wanted
    ]


def build_decks(s: RebellionState) -> None:
    """Each side's shuffled mission deck of its chosen set (``s.mission_set``)."""
    for p in (REBEL, IMPERIAL):
        deck = s.zones[f"mission_deck{p}"] = deck_cards(p, bool(s.mission_set[p]))
        s.rng.shuffle(deck)


def draw_missions(s: RebellionState, p: int, n: int) -> tuple[int, ...]:
    """``p`` draws ``n`` mission cards into its hand (fewer if deck and discard run out)."""
    deck_name, pile_name = f"mission_deck{p}", f"mission_discard{p}"
    got: list[int] = []
    for _ in range(n):
        if not s.zones[deck_name]:
            pile = s.zones[pile_name]
            if not pile:
                break
            s.zones[deck_name], s.zones[pile_name] = pile, []
            s.rng.shuffle(pile)
            s.emit(MissionDeckReshuffled(player=p, count=len(pile)))
        got.append(s.pop_card(deck_name))
    s.zones[f"missions{p}"].extend(got)
    s.emit(MissionsDrawn(player=p, cards=tuple(got), to=(p,)))
    return tuple(got)


def discard(s: RebellionState, player: int, card: int, src: str) -> None:
    """A mission card (not a starting mission) goes face up from zone ``src`` to its discard
    pile: a project to the project discard, any other to ``player``'s mission discard."""
    m = MISSIONS[mission_of(card)]
    assert not m.starting, "a starting mission is never discarded"
    pile = "project_discard" if m.project else f"mission_discard{player}"
    s.move(card, src, pile)
    s.emit(MissionDiscarded(player=player, card=card))


def redeal_decks(s: RebellionState, other: int, player: int, rng: Rng) -> None:
    """``player``'s determinisation: ``other``'s mission-deck cards that ``player`` has not
    seen in ``other``'s hand and face-down assignments are dealt again with ``other``'s
    deck (the cards ``player`` knows in the deck stay)."""
    deck_name = f"mission_deck{other}"
    deck = s.zones[deck_name]
    slots: list[tuple[list[int], int]] = []
    for name in (f"missions{other}", f"assigned{other}", f"mission_look{other}"):
        z = s.zones[name]
        seen = s.known_to(name, player)
        slots.extend((z, i) for i, c in enumerate(z) if IS_DECK[c] and c not in seen)
    known = s.known_to(deck_name, player)
    free_at = [i for i, c in enumerate(deck) if c not in known]
    if not slots and len(free_at) < 2:
        return
    free = [z[i] for z, i in slots] + [deck[i] for i in free_at]
    rng.shuffle(free)
    for k, (z, i) in enumerate(slots):
        z[i] = free[k]
    for k, i in enumerate(free_at):
        deck[i] = free[len(slots) + k]
