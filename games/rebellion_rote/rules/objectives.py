"""The Rebels' objective deck (research §2 step 4 with Rise of the Empire, §7.1, §8.9;
RR-01, RR-17, RR-34..RR-37).

Set-up (:func:`build_deck`): the stage III pile is 1 Death Star Plans (the stage III
copy) and 4 random other stage III cards, shuffled; the stage II pile is the other
Death Star Plans and 4 random other stage II cards, shuffled, on top of it; 5 random
stage I cards are dealt on top: 15 cards. Both the base and the Rise of the Empire
cards are in the pools (RR-01). The unused cards leave the game unseen (zone
``objectives_out``).

Zones (RR-17): ``objective_deck`` (hidden from both sides; its top is the end of the
list), ``objectives_out`` (hidden), ``objective_hand`` (the Rebels', hidden from the
Empire; it stays empty until the objective draw comes, RR-35). The stage printed on
each card's back is public: ``RebellionState.objective_backs`` holds the stage of each
deck position, in deck order (RR-36). A determinisation (:func:`redeal`) re-deals the
cards a player does not know only among places of the same stage: deck positions with
that back, and that stage's cards out of the game or in the Rebels' hand; the cards the
player has seen stay where they are.

Infiltration (a Rebel starting mission, effect ``objectives_top_and_bottom``; RR-37):
on success the Rebels look at the top 2 cards (``ObjectivesLooked``, only a count for
the Empire) and choose the one that goes back on top (``objective <card>``); the other
goes to the bottom. The Rebels then know both cards where they lie (``zone.known``;
their view gives each known card's depth from the top). With 1 card the Rebels look at
it and it stays; with none nothing happens.

Drawing objectives (at set-up and in Refresh step 4) and playing them come with their
abilities in a later part of the pack (RR-35). :func:`draw_objectives` draws cards into
the Rebels' hand for the missions that draw them (For the Greater Good, Covert
Operation: :mod:`.rebel_missions`, RR-94).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action, Rng, Vis, Zone

from ..actions import Objective
from ..data import OBJECTIVES, REBEL, objective_id
from ..decisions import PlaceObjectives
from ..events import ObjectiveDeckBuilt, ObjectivesDrawn, ObjectivesLooked, ObjectivesPlaced
from ..ids import objective_card, objective_of

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = [
    "DECK_SIZE",
    "STAGE",
    "build_deck",
    "draw_objectives",
    "effect_top_and_bottom",
    "known_depths",
    "redeal",
]

STAGE: dict[int, int] = {objective_card(i): o.stage for i, o in enumerate(OBJECTIVES)}
"""The stage on the back of each objective card id."""
PLANS = {
    3: objective_card(objective_id("Death Star Plans", 3)),
    2: objective_card(objective_id("Death Star Plans", 2)),
}
PILE = {3: 4, 2: 4, 1: 5}
"""Random cards of each stage besides its Death Star Plans (stage I has none)."""
DECK_SIZE = sum(PILE.values()) + len(PLANS)
ZONES = ("objective_deck", "objectives_out", "objective_hand")


def add_zones(s: RebellionState) -> None:
    s.add_zone(Zone("objective_deck", None, Vis.HIDDEN, pool="objective_deck"))
    s.add_zone(Zone("objectives_out", None, Vis.HIDDEN, pool="objectives_out"))
    s.add_zone(Zone("objective_hand", REBEL, Vis.OWNER, pool="objective_hand"))


def build_deck(s: RebellionState) -> None:
    """Set-up step 4 with Rise of the Empire: stage III at the bottom, then II, then I."""
    deck: list[int] = []
    for stage in (3, 2, 1):
        pool = [c for c, st in STAGE.items() if st == stage and c not in PLANS.values()]
        s.rng.shuffle(pool)
        pile = pool[: PILE[stage]]
        if stage in PLANS:
            pile.append(PLANS[stage])
            s.rng.shuffle(pile)
        deck.extend(pile)  # on top of the piles before it
    used = set(deck)
    s.zones["objective_deck"].cards = deck
    s.objective_backs = [STAGE[c] for c in deck]
    s.zones["objectives_out"].cards = sorted(c for c in STAGE if c not in used)
    s.emit(ObjectiveDeckBuilt(size=len(deck), out=len(STAGE) - len(deck)))


# ---------------------------------------------------------------- what a player knows
def known_depths(s: RebellionState, player: int) -> list[list[int]]:
    """``[depth, card]`` of each deck card ``player`` knows, depth 0 = the top."""
    deck = s.zones["objective_deck"]
    known = deck.known.get(player)
    if not known:
        return []
    n = len(deck.cards)
    return sorted([n - 1 - i, c] for i, c in enumerate(deck.cards) if c in known)


def redeal(s: RebellionState, player: int, rng: Rng) -> None:
    """A determinisation for ``player``: every objective card hidden from ``player`` and
    not known to them is dealt again among the hidden places of its own stage (RR-36).

    The core has already shuffled each of these zones within itself (each is its own
    pool, so every zone keeps its cards); this deals them across zones by stage. What
    the other side knows there shrinks to the cards ``player`` knows too (the others
    were dealt again).
    """
    zones = [s.zones[name] for name in ZONES if not s.zones[name].visible_to(player)]
    free: dict[int, list[int]] = {1: [], 2: [], 3: []}
    slots: list[tuple[Zone, int, int]] = []
    for z in zones:
        known = z.known.get(player, ())
        for i, c in enumerate(z.cards):
            if c in known:
                continue
            free[STAGE[c]].append(c)
            slot = s.objective_backs[i] if z.name == "objective_deck" else STAGE[c]
            slots.append((z, i, slot))
    for cards in free.values():
        rng.shuffle(cards)
    for z, i, stage in slots:
        z.cards[i] = free[stage].pop()
    for z in zones:
        mine = z.known.get(player, ())
        for q, ids in z.known.items():
            if q != player:
                ids[:] = [c for c in ids if c in mine]


# ---------------------------------------------------------------- drawing
def draw_objectives(s: RebellionState, n: int, then: str) -> bool:
    """The Rebels draw ``n`` objective cards from the top of the deck (fewer if it runs
    out) into their hand, the Empire seeing only how many; the stage on each back leaves
    the deck with its card. Returns True when a decision was pushed, play then going on
    at ``then`` ("mission": :func:`.missions.continue_mission`); this version never pushes
    one (Immediate objectives come with playing objectives, RR-35)."""
    deck, hand = s.zones["objective_deck"], s.zones["objective_hand"]
    got = []
    for _ in range(min(n, len(deck.cards))):
        got.append(deck.pop())
        s.objective_backs.pop()
    hand.cards.extend(got)
    if got:
        s.emit(ObjectivesDrawn(cards=tuple(got), to=(REBEL,)))
    return False


# ---------------------------------------------------------------- Infiltration
def effect_top_and_bottom(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Infiltration's success: look at the top ``e.amount`` (2) cards; with 2, choose the one
    to keep on top (the other goes to the bottom): True, a decision waits."""
    player = r.player
    deck = s.zones["objective_deck"]
    looked = deck.cards[::-1][: e.amount]  # top first
    deck.reveal_to(player, looked)
    s.emit(ObjectivesLooked(cards=tuple(looked), to=(player,)))
    if len(looked) == 2:
        s.stack.append(PlaceObjectives(player=player))
        return True
    return False


def legal_place(s: RebellionState, d: PlaceObjectives) -> list[Action]:
    top_two = s.zones["objective_deck"].cards[-2:]
    return [Objective(objective_of(c)) for c in sorted(top_two)]


def apply_place(s: RebellionState, d: PlaceObjectives, a: Action) -> None:
    assert isinstance(a, Objective)
    s.stack.pop()
    deck = s.zones["objective_deck"]
    cards, backs = deck.cards, s.objective_backs
    top = objective_card(a.card)
    bottom = cards[-1] if cards[-2] == top else cards[-2]
    del cards[-2:], backs[-2:]  # both stay in the zone: the Rebels keep knowing them
    cards.insert(0, bottom)
    backs.insert(0, STAGE[bottom])
    cards.append(top)
    backs.append(STAGE[top])
    s.emit(ObjectivesPlaced(top=top, bottom=bottom, to=(d.player,)))
    from .missions import continue_mission

    continue_mission(s)
