"""The pending decisions: the top of ``state.stack`` says who decides what."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

from .ships import CARDS_PER_DECK, MAX_CARDS, MAX_PLAYERS

__all__ = [
    "CHOOSE_SHIP",
    "DECISION_CLASSES",
    "ChooseDestination",
    "ChooseMulligan",
    "ChooseShip",
    "ChooseTarget",
    "choose_destination",
    "choose_target",
]


@attrs.frozen(kw_only=True)
class ChooseMulligan(Decision):
    """Keep the opening hand or draw a new one (SSA-04)."""

    kind: ClassVar[str] = "choose_mulligan"


@attrs.frozen(kw_only=True)
class ChooseShip(Decision):
    """Which available ship of the current Speed acts this turn (SSA-05, SSA-06)."""

    kind: ClassVar[str] = "choose_ship"


@attrs.frozen(kw_only=True)
class ChooseDestination(Decision):
    """Where ``card`` goes: a cell, or stay (a ship in play only)."""

    kind: ClassVar[str] = "choose_destination"
    card: int
    from_hand: bool


@attrs.frozen(kw_only=True)
class ChooseTarget(Decision):
    """Which adjacent enemy card ``card`` fires at (SSA-09)."""

    kind: ClassVar[str] = "choose_target"
    card: int


DECISION_CLASSES = [ChooseMulligan, ChooseShip, ChooseDestination, ChooseTarget]

# Decisions are frozen, so one instance of each serves every state (making one per turn
# was a measurable share of a playout).
CHOOSE_SHIP = tuple(ChooseShip(player=p) for p in range(MAX_PLAYERS))
"""``CHOOSE_SHIP[p]`` is ``ChooseShip(player=p)``."""
_DESTINATION = tuple(
    (
        ChooseDestination(player=c // CARDS_PER_DECK, card=c, from_hand=False),
        ChooseDestination(player=c // CARDS_PER_DECK, card=c, from_hand=True),
    )
    for c in range(MAX_CARDS)
)
_TARGET = tuple(ChooseTarget(player=c // CARDS_PER_DECK, card=c) for c in range(MAX_CARDS))


def choose_destination(player: int, card: int, from_hand: bool) -> ChooseDestination:
    """``ChooseDestination(player=player, card=card, from_hand=from_hand)``: its owner
    moves a card (anyone else only in a hand-made test)."""
    if card // CARDS_PER_DECK == player:
        return _DESTINATION[card][from_hand]
    return ChooseDestination(player=player, card=card, from_hand=from_hand)


def choose_target(player: int, card: int) -> ChooseTarget:
    """``ChooseTarget(player=player, card=card)`` (shared when ``player`` owns ``card``)."""
    if card // CARDS_PER_DECK == player:
        return _TARGET[card]
    return ChooseTarget(player=player, card=card)
