"""The Rebels' objective deck and hand (research §2 step 4 with Rise of the Empire, §4.5
step 4, §7.1, §8.2, §8.9; ROTE "Immediate Objectives"; RR-01, RR-17, RR-34..RR-37, RR-68).

Set-up (:func:`build_deck`): the stage III pile is 1 Death Star Plans (the stage III
copy) and 4 random other stage III cards, shuffled; the stage II pile is the other
Death Star Plans and 4 random other stage II cards, shuffled, on top of it; 5 random
stage I cards are dealt on top: 15 cards. Both the base and the Rise of the Empire
cards are in the pools (RR-01). The unused cards leave the game unseen (zone
``objectives_out``). The Rebels then draw their first objective (set-up step 4, RR-35):
a stage I card, so never an Immediate one.

Zones (RR-17): ``objective_deck`` (hidden from both sides; its top is the end of the
list), ``objectives_out`` (hidden), ``objective_hand`` (the Rebels', hidden from the
Empire: it sees how many cards and the stage on each back), ``objectives_in_play``
(public: an Immediate card, or Show No Fear, while one of its target markers is on the
board) and ``objective_discard`` (public: the cards played or discarded). The stage
printed on each card's back is public: ``RebellionState.objective_backs`` holds the stage
of each deck position, in deck order, and ``objective_hand_backs`` the stage of each card
in hand, in hand order (RR-36). A determinisation (:func:`redeal`) re-deals the cards a
player does not know only among places of the same stage: deck positions with that back,
and that stage's cards out of the game or in the Rebels' hand (never an Immediate card
into the hand: it would have been revealed when drawn, RR-68); the cards the player has
seen stay where they are.

**Drawing** (:func:`draw_objectives`, RR-35): set-up step 4, Refresh step 4 (1 card each),
and the mission cards that say so. Each card drawn goes into the hidden hand
(``ObjectiveDrawn``: the Empire sees only its back), unless it is an Immediate card: that
one is revealed and resolved at once (:mod:`.objective_play`), and stays in play while one
of its target markers is on the board. With an empty deck nothing is drawn. Playing the
cards is :mod:`.objective_play`.

**The hand for other cards**: :func:`reveal_hand` shows the whole hand to the Empire (it
knows those cards while they stay there); :func:`return_to_deck` puts a hand card on the
bottom (or the top) of the deck, the Rebels knowing where it lies (the Empire too when it
was shown); :func:`drawn_cards` gives the cards the last draw put into the hand.

Infiltration (a Rebel starting mission, effect ``objectives_top_and_bottom``; RR-37):
on success the Rebels look at the top 2 cards (``ObjectivesLooked``, only a count for
the Empire) and choose the one that goes back on top (``objective <card>``); the other
goes to the bottom. The Rebels then know both cards where they lie (``state.known``;
their view gives each known card's depth from the top). With 1 card the Rebels look at
it and it stays; with none nothing happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action, Rng, Vis, Zone

from ..actions import Objective
from ..data import IMPERIAL, OBJECTIVES, REBEL, objective_id
from ..decisions import PlaceObjectives
from ..events import (
    ObjectiveDeckBuilt,
    ObjectiveDrawn,
    ObjectiveHandShown,
    ObjectiveRevealed,
    ObjectivesLooked,
    ObjectivesPlaced,
    ObjectiveToDeck,
)
from ..ids import objective_card

if TYPE_CHECKING:
    from ..data import MissionEffect
    from ..state import RebellionState
    from .missions import Resolving

__all__ = [
    "DECK_SIZE",
    "IMMEDIATE",
    "STAGE",
    "build_deck",
    "draw_objectives",
    "drawn_cards",
    "effect_top_and_bottom",
    "from_hand",
    "known_depths",
    "redeal",
    "resume_draw",
    "return_to_deck",
    "reveal_hand",
    "to_hand",
]

STAGE: dict[int, int] = {objective_card(i): o.stage for i, o in enumerate(OBJECTIVES)}
"""The stage on the back of each objective card id."""
IMMEDIATE: frozenset[int] = frozenset(
    objective_card(i) for i, o in enumerate(OBJECTIVES) if o.timing == "immediate"
)
"""The Immediate cards: revealed and resolved when drawn, never held in hand."""
PLANS = {
    3: objective_card(objective_id("Death Star Plans", 3)),
    2: objective_card(objective_id("Death Star Plans", 2)),
}
PILE = {3: 4, 2: 4, 1: 5}
"""Random cards of each stage besides its Death Star Plans (stage I has none)."""
DECK_SIZE = sum(PILE.values()) + len(PLANS)
ZONES = ("objective_deck", "objectives_out", "objective_hand")
"""The zones that can hold a card hidden from a player (re-dealt by stage)."""


def add_zones(s: RebellionState) -> None:
    s.add_zone(Zone("objective_deck", None, Vis.HIDDEN, pool="objective_deck"))
    s.add_zone(Zone("objectives_out", None, Vis.HIDDEN, pool="objectives_out"))
    s.add_zone(Zone("objective_hand", REBEL, Vis.OWNER, pool="objective_hand"))
    s.add_zone(Zone("objectives_in_play", REBEL, Vis.PUBLIC))
    s.add_zone(Zone("objective_discard", REBEL, Vis.PUBLIC))


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
    s.zones["objective_deck"] = deck
    s.objective_backs = [STAGE[c] for c in deck]
    s.zones["objectives_out"] = sorted(c for c in STAGE if c not in used)
    s.emit(ObjectiveDeckBuilt(size=len(deck), out=len(STAGE) - len(deck)))


# ---------------------------------------------------------------- the hand
def to_hand(s: RebellionState, card: int, index: int | None = None) -> None:
    """Put ``card`` (out of its zone already) into the Rebels' hand, its back public."""
    hand = s.zones["objective_hand"]
    at = len(hand) if index is None else index
    hand.insert(at, card)
    s.objective_hand_backs.insert(at, STAGE[card])


def from_hand(s: RebellionState, card: int) -> None:
    """Take ``card`` out of the Rebels' hand (forgotten by whoever knew it there)."""
    i = s.zones["objective_hand"].index(card)
    s.pop_card("objective_hand", i)
    del s.objective_hand_backs[i]


def draw_objectives(s: RebellionState, n: int, then: str) -> bool:
    """The Rebels draw ``n`` objective cards from the top of the deck (fewer if it runs
    out). Each goes face down into their hand; an Immediate card is revealed and resolved
    instead (research §8.2). Returns True when a decision was pushed (an Immediate card's
    target markers to place): play then goes on at ``then`` once the draw is over --
    ``"setup"`` (set-up after step 4), ``"refresh"`` (Refresh step 5) or ``"mission"``
    (:func:`.missions.continue_mission`). With False the caller goes on itself.
    """
    s.objective_draws = n
    s.objective_then = then
    s.objective_kept = 0
    return draw_on(s)


def draw_on(s: RebellionState) -> bool:
    """Draw the cards still due; True when an Immediate card pushed a decision."""
    from .objective_play import resolve_immediate

    deck = s.zones["objective_deck"]
    while s.objective_draws > 0 and not s.is_terminal:
        s.objective_draws -= 1
        if not deck:
            s.objective_draws = 0
            break
        knew = [p for p, ids in s.known.get("objective_deck", {}).items() if deck[-1] in ids]
        card = s.pop_card("objective_deck")
        s.objective_backs.pop()
        if card in IMMEDIATE:
            s.zones["objectives_in_play"].append(card)
            s.emit(ObjectiveRevealed(card=card))
            if resolve_immediate(s, card):
                return True
            continue
        to_hand(s, card)
        for p in knew:  # who knew the top card knows what was drawn (RR-166)
            s.reveal("objective_hand", p, [card])
        s.objective_kept += 1
        s.emit(ObjectiveDrawn(card=card, stage=STAGE[card], to=(REBEL,)))
    return False


def resume_draw(s: RebellionState) -> None:
    """An Immediate card drawn is resolved: draw the rest, then play goes on."""
    if draw_on(s) or s.is_terminal:
        return
    then = s.objective_then
    s.objective_then = ""
    if then == "setup":
        from .setup import after_opening_objective

        after_opening_objective(s)
    elif then == "refresh":
        from .refresh import advance_time

        advance_time(s)
    elif then == "assignment":  # Rebel Planning (:mod:`.assignment_cards`)
        from .assignment_cards import resume_assignment

        resume_assignment(s, REBEL)
    else:
        from .missions import continue_mission

        continue_mission(s)


def drawn_cards(s: RebellionState) -> list[int]:
    """The cards the last :func:`draw_objectives` put into the hand (the last ones of the
    hand; an Immediate card drawn is not among them)."""
    k = s.objective_kept
    return s.zones["objective_hand"][-k:] if k else []


def reveal_hand(s: RebellionState) -> None:
    """The Rebels show their objective hand to the Empire (a card that says so): the Empire
    knows those cards while they stay in the hand."""
    s.reveal("objective_hand", IMPERIAL)
    s.emit(ObjectiveHandShown(cards=tuple(s.zones["objective_hand"]), to=(REBEL, IMPERIAL)))


def return_to_deck(s: RebellionState, card: int, *, top: bool = False, shown: bool = False) -> None:
    """A card of the hand goes to the bottom of the deck (``top``: on top). The Rebels know
    where it lies; the Empire too if the card was ``shown`` (otherwise it sees the back go)."""
    from_hand(s, card)
    deck = s.zones["objective_deck"]
    at = len(deck) if top else 0
    deck.insert(at, card)
    s.objective_backs.insert(at, STAGE[card])
    s.reveal("objective_deck", REBEL, [card])
    if shown:
        s.reveal("objective_deck", IMPERIAL, [card])
    to = None if shown else (REBEL,)
    s.emit(ObjectiveToDeck(card=card, stage=STAGE[card], top=top, to=to))


# ---------------------------------------------------------------- what a player knows
def forget(s: RebellionState, player: int, cards: list[int]) -> None:
    """``player`` saw ``cards`` of the deck moved unseen by the other side (Lord Vader's
    Orders, Infiltration, Covert Operation, Stolen Plans): it no longer knows where they lie
    (RR-166)."""
    known = s.known_to("objective_deck", player)
    if known:
        s.set_known("objective_deck", player, [c for c in known if c not in cards])


def known_depths(s: RebellionState, player: int) -> list[list[int]]:
    """``[depth, card]`` of each deck card ``player`` knows, depth 0 = the top."""
    known = s.known_to("objective_deck", player)
    if not known:
        return []
    deck = s.zones["objective_deck"]
    n = len(deck)
    return sorted([n - 1 - i, c] for i, c in enumerate(deck) if c in known)


def redeal(s: RebellionState, player: int, rng: Rng) -> None:
    """A determinisation for ``player``: every objective card hidden from ``player`` and
    not known to them is dealt again among the hidden places of its own stage (RR-36); a
    place in the Rebels' hand never gets an Immediate card (RR-68: it would have been
    revealed when drawn).

    The core has already shuffled each of these zones within itself (each is its own
    pool, so every zone keeps its cards); this deals them across zones by stage, each
    place keeping the stage on its back. What the other side knows there shrinks to the
    cards ``player`` knows too (the others were dealt again).
    """
    names = [name for name in ZONES if not s.layout[name].visible_to(player)]
    free: dict[int, list[int]] = {1: [], 2: [], 3: []}
    hand_slots: list[tuple[list[int], int, int]] = []
    slots: list[tuple[list[int], int, int]] = []
    for name in names:
        z = s.zones[name]
        known = s.known_to(name, player)
        backs = back_stages(s, name)
        for i, c in enumerate(z):
            if c in known:
                continue
            free[STAGE[c]].append(c)
            (hand_slots if name == "objective_hand" else slots).append((z, i, backs[i]))
    for cards in free.values():
        rng.shuffle(cards)
    for z, i, stage in hand_slots:
        cards = free[stage]
        k = next(j for j in range(len(cards) - 1, -1, -1) if cards[j] not in IMMEDIATE)
        z[i] = cards.pop(k)
    for z, i, stage in slots:
        z[i] = free[stage].pop()
    for name in names:
        mine = s.known_to(name, player)
        for q, ids in list(s.known.get(name, {}).items()):
            if q != player:
                s.set_known(name, q, [c for c in ids if c in mine])


def back_stages(s: RebellionState, zone: str) -> list[int]:
    """The stage on the back of each card of zone ``zone``, in its order (public)."""
    if zone == "objective_deck":
        return s.objective_backs
    cards = s.zones[zone]
    if zone == "objective_hand" and len(s.objective_hand_backs) == len(cards):
        return s.objective_hand_backs
    return [STAGE[c] for c in cards]


# ---------------------------------------------------------------- Infiltration
def effect_top_and_bottom(s: RebellionState, r: Resolving, e: MissionEffect) -> bool:
    """Infiltration's success: look at the top ``e.amount`` (2) cards; with 2, choose the one
    to keep on top (the other goes to the bottom): True, a decision waits."""
    player = r.player
    looked = s.zones["objective_deck"][::-1][: e.amount]  # top first
    s.reveal("objective_deck", player, looked)
    s.emit(ObjectivesLooked(cards=tuple(looked), to=(player,)))
    if len(looked) == 2:
        s.stack.append(PlaceObjectives(player=player))
        return True
    return False


def legal_place(s: RebellionState, d: PlaceObjectives) -> list[Action]:
    top_two = s.zones["objective_deck"][-2:]
    return [Objective(c) for c in sorted(top_two)]


def apply_place(s: RebellionState, d: PlaceObjectives, a: Action) -> None:
    assert isinstance(a, Objective)
    s.stack.pop()
    cards, backs = s.zones["objective_deck"], s.objective_backs
    top = a.card
    bottom = cards[-1] if cards[-2] == top else cards[-2]
    del cards[-2:], backs[-2:]  # both stay in the zone: the Rebels keep knowing them
    cards.insert(0, bottom)
    backs.insert(0, STAGE[bottom])
    cards.append(top)
    backs.append(STAGE[top])
    forget(s, 1 - d.player, [top, bottom])  # the other side saw them move, not where (RR-166)
    s.emit(ObjectivesPlaced(top=top, bottom=bottom, to=(d.player,)))
    from .missions import continue_mission

    continue_mission(s)
