"""Scenario helpers: deal chosen hands, put cards on the grid, play by words.

Every table a helper sets up is a position document (``station_assault.position``):
the helpers say which card goes where by its exact name (``"Scout #3"``), so a
scenario has the card ids a game of its seed gives those cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from station_assault import GAME, AssaultState
from station_assault.actions import KEEP
from station_assault.position import card_name, position
from station_assault.rules.grid import cell, xy
from station_assault.rules.setup import DECK, HAND
from station_assault.ships import CARDS_PER_DECK
from tabletop import Action


def new(options: Any = None, seed: int = 0) -> AssaultState:
    s = GAME.new_state(seed=seed, options=options)
    assert isinstance(s, AssaultState)
    return s


def type_index(s: AssaultState, name: str) -> int:
    return next(i for i, t in enumerate(s.table.types) if t.name == name)


def _take(s: AssaultState, zones: list[list[int]], name: str) -> int:
    """The first card of ship type ``name`` in ``zones`` (lists, bottom first), out of it."""
    t = type_index(s, name)
    for cards in zones:
        for c in cards:
            if s.table.card_type[c] == t:
                cards.remove(c)
                return c
    raise LookupError(f"no {name} left in deck or hand")


def _entry(s: AssaultState, card: int, x: int, y: int, damage: int, acted: bool) -> dict[str, Any]:
    return {
        "ship": card_name(s.table, card),
        "owner": card // CARDS_PER_DECK,
        "x": x,
        "y": y,
        "damage": damage,
        "acted": acted,
    }


def deal(
    hands: dict[int, list[str]],
    *,
    initiative: int,
    options: Any = None,
    seed: int = 0,
    board: tuple[tuple[Any, ...], ...] = (),
    decks: Mapping[int, int] | None = None,
    start: bool = True,
) -> AssaultState:
    """A new game where player ``p`` holds exactly ``hands[p]`` (the rest in the deck)
    and each ``(player, ship, x, y[, damage[, acted]])`` of ``board`` is in play.

    The cards are those the game of ``seed`` deals: its hand goes back on top of the
    deck and each ship named is the first of its type from the bottom of the deck.
    ``decks`` keeps only that many cards on top of a player's deck (the rest set
    aside, in ``removed``). With ``start`` everyone keeps and wave 1 begins with
    ``initiative``; else the position is the mulligan (wave 0).
    """
    s = new(options, seed)
    stock = {p: s.zones[DECK[p]] + s.zones[HAND[p]] for p in range(s.num_players)}
    held: dict[int, list[int]] = {p: [] for p in range(s.num_players)}
    for p, names in hands.items():
        held[p] = [_take(s, [stock[p]], name) for name in names]
    entries = []
    for p, name, x, y, *rest in board:
        c = _take(s, [stock[p], held[p]], name)
        damage = rest[0] if rest else 0
        acted = rest[1] if len(rest) > 1 else False
        entries.append(_entry(s, c, x, y, damage, acted))
    players: list[dict[str, Any]] = []
    for p in range(s.num_players):
        deck = stock[p]
        keep = len(deck) if decks is None or p not in decks else decks[p]
        players.append(
            {
                "hand": [card_name(s.table, c) for c in held[p]],
                "deck": [card_name(s.table, c) for c in deck[len(deck) - keep :][::-1]],
                "removed": [card_name(s.table, c) for c in deck[: len(deck) - keep]],
            }
        )
    out = position(
        options=options,
        seed=seed,
        wave=0,
        initiative=initiative,
        board=entries,
        players=players,
    )
    if start:
        for _ in range(out.num_players):
            out.apply(KEEP)
    return out


def _board_index(doc: dict[str, Any], x: int, y: int) -> int:
    return next(i for i, b in enumerate(doc["board"]) if (b["x"], b["y"]) == (x, y))


def put(
    s: AssaultState, p: int, name: str, x: int, y: int, damage: int = 0, acted: bool = False
) -> AssaultState:
    """``s`` with one of ``p``'s ships (the first of its type from the bottom of the
    deck, else from the hand) on (x, y): a new game from ``s``'s position."""
    doc = s.position_facts()
    mine = doc["players"][p]
    deck, hand = s.zones[DECK[p]], s.zones[HAND[p]]
    c = _take(s, [deck[:], hand[:]], name)
    if c in deck:
        i = deck.index(c)
        known = len(s.known_to(DECK[p], p))
        if known:  # the cards a mulligan showed are the bottom ones: c may be one
            mine["deck_known"] = known - (i < known)
        del mine["deck"][len(deck) - 1 - i]
    else:
        del mine["hand"][hand.index(c)]
    doc["board"].append(_entry(s, c, x, y, damage, acted))
    return _again(doc)


def remove(s: AssaultState, card: int) -> AssaultState:
    """``s`` with ``card`` taken off the grid and set aside (no scoring): a new game
    from ``s``'s position."""
    doc = s.position_facts()
    x, y = xy(s.pos[card])
    del doc["board"][_board_index(doc, x, y)]
    doc["players"][card // CARDS_PER_DECK].setdefault("removed", []).append(
        card_name(s.table, card)
    )
    return _again(doc)


def _again(doc: dict[str, Any]) -> AssaultState:
    out = GAME.position(doc)
    assert isinstance(out, AssaultState)
    return out


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
    player = s.current_player
    assert player is not None
    for a in s.legal_actions():
        if isinstance(a, To):
            out.add(xy(s.pos[a.card] + DELTA[a.side]))
        elif isinstance(a, Home):
            out.add(xy(s.home[player]))
    return out
