"""The end-phase Act and State cards, looked up by their effect tag (RS-24).

Each entry says whether the card can be played now, which targets it may
choose (``None``: it needs none) and what it does. The attack-phase cards
(Surprise Attack, Trap, Multiple Targets) live in :mod:`.attack`, the Psi cards
in :mod:`.battle`; Ion Cannon and Defense Shields are read by the attack rules
through their effect tags too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..actions import CHOOSE, Choose
from ..cards import EFFECT, FACILITY, IS_HERO
from ..events import CardPlayed, HeroToHand, Spied, TookControl
from .common import DECK, DISCARD, HAND, INACTIVE, zone
from .copies import distinct_copies
from .units import destroy, in_play

if TYPE_CHECKING:
    from tabletop import Action, Rng

    from ..state import RebelSpaceState

Targets = Callable[["RebelSpaceState", int], list[int]]
Resolve = Callable[["RebelSpaceState", int, int], None]


@attrs.frozen
class EndEffect:
    """An end-phase card: its targets (``None``: no target) and its resolution."""

    targets: Targets | None
    resolve: Resolve
    needs_opponent_hand: bool = False

    def playable(self, s: RebelSpaceState, p: int) -> bool:
        if self.needs_opponent_hand:
            return bool(s.zones[HAND[1 - p]])
        return self.targets is None or bool(self.targets(s, p))


# ---------------------------------------------------------------- Medi-Bot / Cybernetics
def heroes_in_discard(s: RebelSpaceState, p: int) -> list[int]:
    return sorted(c for c in s.zones[DISCARD[p]] if IS_HERO[c])


def hero_from_discard(s: RebelSpaceState, p: int, hero: int) -> None:
    """Take a hero from your discard into your hand; the opponent saw which (RS-32)."""
    s.move(hero, DISCARD[p], HAND[p])
    s.reveal(HAND[p], 1 - p, [hero])
    s.emit(HeroToHand(player=p, card=hero, source="discard"))


# ---------------------------------------------------------------- Recruit / Shuttle
def heroes_in_deck(s: RebelSpaceState, p: int) -> list[int]:
    return sorted(c for c in s.zones[DECK[p]] if IS_HERO[c])


def hero_from_deck(s: RebelSpaceState, p: int, hero: int) -> None:
    """Take a hero from your deck into your hand (shown), then shuffle (RS-24, RS-32)."""
    s.move(hero, DECK[p], HAND[p])
    s.rng.shuffle(s.zones[DECK[p]])
    s.reveal(HAND[p], 1 - p, [hero])
    s.emit(HeroToHand(player=p, card=hero, source="deck"))


# ---------------------------------------------------------------- Convert / Traitor
def opposing_heroes(s: RebelSpaceState, p: int) -> list[int]:
    return sorted(c for c in in_play(s, 1 - p) if IS_HERO[c])


def take_control(s: RebelSpaceState, p: int, hero: int) -> None:
    """The hero, with its attachments, joins ``p``'s Inactive Zone for good (RS-24)."""
    for name in ("active", "inactive"):
        cards = zone(s, name, 1 - p)
        if hero in cards:
            cards.remove(hero)
            break
    s.zones[INACTIVE[p]].append(hero)
    s.emit(TookControl(player=p, card=hero))


# ---------------------------------------------------------------- Saboteur
def opposing_facilities(s: RebelSpaceState, p: int) -> list[int]:
    return sorted(c for c in in_play(s, 1 - p) if FACILITY[c])


def sabotage(s: RebelSpaceState, p: int, facility: int) -> None:
    destroy(s, facility, "Saboteur")


# ---------------------------------------------------------------- Spies
def spy(s: RebelSpaceState, p: int, _: int) -> None:
    """Look at the opponent's hand; those cards stay known to ``p`` while they
    stay in it (RS-24)."""
    hand = HAND[1 - p]
    s.reveal(hand, p)
    s.emit(Spied(player=p, cards=tuple(sorted(s.zones[hand])), to=(p,)))


END_EFFECTS: dict[str, EndEffect] = {
    "hero_from_discard": EndEffect(heroes_in_discard, hero_from_discard),
    "hero_from_deck": EndEffect(heroes_in_deck, hero_from_deck),
    "take_control": EndEffect(opposing_heroes, take_control),
    "saboteur": EndEffect(opposing_facilities, sabotage),
    "spy": EndEffect(None, spy, needs_opponent_hand=True),
}


def keep_deck_search_possible(s: RebelSpaceState, player: int, rng: Rng) -> None:
    """A determinisation for ``player`` keeps what the table saw: the opponent is choosing
    the hero a deck search (Recruit, Shuttle) takes, so the card was playable and the
    deck holds a hero. If the re-deal put every hero of that deck into the hand, one
    unknown hero changes places with a deck card that is not a hero."""
    if s.step != "target" or s.pending < 0 or s.turn == player:
        return
    if END_EFFECTS[EFFECT[s.pending]].targets is not heroes_in_deck:
        return
    p = s.turn
    hand, deck = s.zones[HAND[p]], s.zones[DECK[p]]
    if any(IS_HERO[c] for c in deck):
        return
    known = set(s.known_to(HAND[p], player))
    heroes = [i for i, c in enumerate(hand) if IS_HERO[c] and c not in known]
    others = [j for j, c in enumerate(deck) if not IS_HERO[c]]
    if heroes and others:
        i, j = heroes[rng.below(len(heroes))], others[rng.below(len(others))]
        hand[i], deck[j] = deck[j], hand[i]


def play_end_card(s: RebelSpaceState, p: int, card: int) -> None:
    """Play an end-phase card: it goes face up to the discard at once; a card
    with targets then asks for one."""
    s.move(card, HAND[p], DISCARD[p])
    eff = END_EFFECTS[EFFECT[card]]
    if eff.targets is None:
        s.emit(CardPlayed(player=p, card=card))
        eff.resolve(s, p, -1)
        return
    s.pending = card
    s.step = "target"


def legal_targets(s: RebelSpaceState, p: int) -> list[Action]:
    eff = END_EFFECTS[EFFECT[s.pending]]
    assert eff.targets is not None
    return [CHOOSE[c] for c in distinct_copies(s, eff.targets(s, p))]


def resolve_target(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Choose)
    card = s.pending
    s.pending = -1
    s.emit(CardPlayed(player=p, card=card, target=a.card))
    END_EFFECTS[EFFECT[card]].resolve(s, p, a.card)
    s.step = "end"
