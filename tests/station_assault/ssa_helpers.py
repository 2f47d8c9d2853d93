"""Scenario helpers: deal chosen hands, put cards on the grid, play by words."""

from __future__ import annotations

from typing import Any

from station_assault import GAME, AssaultState
from station_assault.actions import KEEP
from station_assault.rules.grid import cell, lift_card, set_card, xy
from station_assault.rules.setup import DECK, HAND, recount
from station_assault.ships import CARDS_PER_DECK
from tabletop import Action


def new(options: Any = None, seed: int = 0) -> AssaultState:
    s = GAME.new_state(seed=seed, options=options)
    assert isinstance(s, AssaultState)
    return s


def type_index(s: AssaultState, name: str) -> int:
    return next(i for i, t in enumerate(s.table.types) if t.name == name)


def take(s: AssaultState, p: int, name: str) -> int:
    """An id of ``p``'s ship ``name`` from the deck or hand (out of its zone)."""
    t = type_index(s, name)
    for z in (DECK[p], HAND[p]):
        zone = s.zones[z]
        for c in zone.cards:
            if s.table.card_type[c] == t:
                zone.remove(c)
                return c
    raise LookupError(f"player {p} has no {name} left in deck or hand")


def deal(
    hands: dict[int, list[str]],
    *,
    initiative: int,
    options: Any = None,
    seed: int = 0,
    board: tuple[tuple[Any, ...], ...] = (),
    start: bool = True,
) -> AssaultState:
    """A new game where player ``p`` holds exactly ``hands[p]`` (the rest in the deck)
    and each ``(player, ship, x, y[, damage[, acted]])`` of ``board`` is in play.

    With ``start`` everyone keeps and wave 1 begins with ``initiative``.
    """
    s = new(options, seed)
    for p in range(s.num_players):
        hand, deck = s.zones[HAND[p]], s.zones[DECK[p]]
        deck.cards.extend(hand.cards)
        hand.cards = []
        for name in hands.get(p, []):
            hand.cards.append(take(s, p, name))
    for p, name, x, y, *rest in board:
        put(s, p, name, x, y, *rest)
    s.initiative = initiative
    recount(s)
    s._legal = None
    if start:
        for _ in range(s.num_players):
            s.apply(KEEP)
    return s


def put(
    s: AssaultState, p: int, name: str, x: int, y: int, damage: int = 0, acted: bool = False
) -> int:
    """Put one of ``p``'s ships (from deck or hand) on (x, y)."""
    c = take(s, p, name)
    here = cell(x, y)
    assert here not in s.grid, f"({x},{y}) is taken"
    set_card(s, c, here)
    s.board.append(c)
    s.board.sort()
    s.damage[c] = damage
    s.acted[c] = acted
    recount(s)
    s._legal = None
    return c


def at(s: AssaultState, x: int, y: int) -> int | None:
    return s.grid.get(cell(x, y))


def where(s: AssaultState, card: int) -> tuple[int, int] | None:
    return xy(s.pos[card]) if s.pos[card] >= 0 else None


def station(p: int) -> int:
    return p * CARDS_PER_DECK


def texts(s: AssaultState) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


def pick(s: AssaultState, words: str) -> Action:
    """The legal action whose description starts with ``words`` (exactly one)."""
    found = [a for a in s.legal_actions() if s.describe(a).startswith(words)]
    assert len(found) == 1, f"{words!r} matches {[s.describe(a) for a in found]}; legal: {texts(s)}"
    return found[0]


def do(s: AssaultState, *words: str) -> None:
    for w in words:
        s.apply(pick(s, w))


def cells_offered(s: AssaultState) -> set[tuple[int, int]]:
    """The (x, y) of every ``to``/``home`` destination now legal."""
    from station_assault.actions import Home, To
    from station_assault.rules.grid import DELTA

    out = set()
    for a in s.legal_actions():
        if isinstance(a, To):
            out.add(xy(s.pos[a.card] + DELTA[a.side]))
        elif isinstance(a, Home):
            out.add(xy(s.home[s.current_player]))
    return out


def remove(s: AssaultState, card: int) -> None:
    """Take ``card`` off the grid (no scoring), as if it had never been there."""
    lift_card(s, card)
    s.board.remove(card)
    recount(s)
    s._legal = None
