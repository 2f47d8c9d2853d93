"""The pack's events: one record per thing that happened, with who may see it."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Event, card_field
from tabletop.events import Drew, DrewCount

__all__ = ["EVENT_CLASSES", "Drew", "DrewCount"]


@attrs.frozen(kw_only=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn"
    player: int
    number: int


@attrs.frozen(kw_only=True)
class Activated(Event):
    kind: ClassVar[str] = "activated"
    player: int
    cards: tuple[int, ...] = card_field()


@attrs.frozen(kw_only=True)
class GroupDeclared(Event):
    kind: ClassVar[str] = "group_declared"
    player: int
    space: bool
    cards: tuple[int, ...] = card_field()
    blocking: bool


@attrs.frozen(kw_only=True)
class LetThroughEvent(Event):
    """A group not blocked: its units, and why when no block was possible
    (empty: the defender chose to let it through)."""

    kind: ClassVar[str] = "let_through"
    group: int
    cards: tuple[int, ...] = card_field(default=())
    reason: str = ""


@attrs.frozen(kw_only=True)
class CardPlayed(Event):
    """A card played from hand, with its target (-1: none) and choice."""

    kind: ClassVar[str] = "played"
    player: int
    card: int = card_field()
    target: int = card_field(default=-1)
    space: bool = False


@attrs.frozen(kw_only=True)
class Targeted(Event):
    kind: ClassVar[str] = "targeted"
    group: int
    card: int = card_field()
    cards: tuple[int, ...] = card_field(default=())


@attrs.frozen(kw_only=True)
class BattleFought(Event):
    """A battle's values; ``loser`` is the losing player, -1 both (tie), -2 none."""

    kind: ClassVar[str] = "battle"
    space: bool
    attack: int
    defence: int
    loser: int


@attrs.frozen(kw_only=True)
class Destroyed(Event):
    kind: ClassVar[str] = "destroyed"
    card: int = card_field()
    cause: str


@attrs.frozen(kw_only=True)
class DeckDamaged(Event):
    """Cards discarded from the top of a deck by damage (they become public)."""

    kind: ClassVar[str] = "deck_damaged"
    player: int
    cards: tuple[int, ...] = card_field()


@attrs.frozen(kw_only=True)
class Deployed(Event):
    kind: ClassVar[str] = "deployed"
    player: int
    card: int = card_field()
    hero: int = card_field(default=-1)


@attrs.frozen(kw_only=True)
class TookControl(Event):
    kind: ClassVar[str] = "took_control"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class HeroToHand(Event):
    """A hero taken into hand by Recruit/Shuttle or Medi-Bot/Cybernetics (shown)."""

    kind: ClassVar[str] = "hero_to_hand"
    player: int
    card: int = card_field()
    source: str


@attrs.frozen(kw_only=True)
class Spied(Event):
    """The spy sees the opponent's hand; others learn only that it happened."""

    kind: ClassVar[str] = "spied"
    player: int
    cards: tuple[int, ...] = card_field()

    def public(self) -> Event:
        return SpiedCount(player=self.player, count=len(self.cards))


@attrs.frozen(kw_only=True)
class SpiedCount(Event):
    kind: ClassVar[str] = "spied_count"
    player: int
    count: int


@attrs.frozen(kw_only=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    player: int
    card: int = card_field()


@attrs.frozen(kw_only=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: int
    reason: str


EVENT_CLASSES = [
    TurnBegan,
    Drew,
    DrewCount,
    Activated,
    GroupDeclared,
    LetThroughEvent,
    CardPlayed,
    Targeted,
    BattleFought,
    Destroyed,
    DeckDamaged,
    Deployed,
    TookControl,
    HeroToHand,
    Spied,
    SpiedCount,
    Discarded,
    GameOver,
]
