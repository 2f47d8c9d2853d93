"""Set-up (SSA-02, SSA-03, SSA-04): Stations on the grid, decks, initiative, hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Vis, Zone

from ..decisions import ChooseMulligan
from ..events import Drew
from ..ships import CARDS_PER_DECK, MAX_CARDS, SPEEDS, STATION_SPEED
from .grid import cell, layout, set_card

if TYPE_CHECKING:
    from ..state import AssaultState

HAND_SIZE = 10
HAND = tuple(f"hand{p}" for p in range(6))
DECK = tuple(f"deck{p}" for p in range(6))
PILE = tuple(f"pile{p}" for p in range(6))
REMOVED = tuple(f"removed{p}" for p in range(6))


def set_up(s: AssaultState) -> None:
    """Place the Stations, shuffle the decks, draw the first initiative and the hands."""
    n = s.num_players
    tbl = s.table
    teams = s.options.mode == "teams"
    s.team = [p % 2 if teams else p for p in range(n)]
    size = n * CARDS_PER_DECK
    assert size <= MAX_CARDS
    s.pos = [-1] * size
    s.damage = [0] * size
    s.acted = [False] * size
    s.avail = [0] * (n * SPEEDS)
    s.score = [0] * n
    s.lost = [0] * n
    s.alive = [True] * n
    s.mulligan = [-1] * n
    s.home = [cell(x, y) for x, y in layout(s.options.mode, n)]
    for p in range(n):
        station = tbl.station_id(p)
        set_card(s, station, s.home[p])
        s.board.append(station)
        s.avail[p * SPEEDS + STATION_SPEED] += 1
        deck = s.add_zone(Zone(DECK[p], p, Vis.HIDDEN), cards=tbl.ship_ids(p))
        s.rng.shuffle(deck)
        s.add_zone(Zone(HAND[p], p, Vis.OWNER))
        s.add_zone(Zone(PILE[p], p, Vis.PUBLIC))
        s.add_zone(Zone(REMOVED[p], p, Vis.HIDDEN))
    s.initiative = s.rng.below(n)
    for p in range(n):
        draw(s, p, HAND_SIZE)
    s.stack.append(ChooseMulligan(player=0))


def draw(s: AssaultState, p: int, count: int) -> None:
    """``p`` draws ``count`` cards, or what is left of the deck (SSA-10)."""
    name = DECK[p]
    zones = s.zones
    deck, hand = zones[name], zones[HAND[p]]
    k = min(count, len(deck))
    if not k:
        return
    if s.known.get(name):  # shown to someone: each card forgets that as it leaves
        got = [s.pop_card(name) for _ in range(k)]
    else:  # the top k, top first, in one cut
        got = deck[-k:]
        got.reverse()
        del deck[-k:]
    hand += got
    speed, avail = s.table.speed, s.avail
    base = p * SPEEDS
    for c in got:
        avail[base + speed[c]] += 1
    s.emit(Drew(player=p, cards=tuple(got), to=(p,)))


def recount(s: AssaultState) -> None:
    """Rebuild the available-ship counts from the hands and the grid (SSA-05)."""
    tbl = s.table
    speed, slot = tbl.speed, tbl.slot
    avail = [0] * (s.num_players * SPEEDS)
    zones = s.zones
    for p in range(s.num_players):
        base = p * SPEEDS
        for c in zones[HAND[p]]:
            avail[base + speed[c]] += 1
    acted = s.acted
    for c in s.board:
        if not acted[c]:
            avail[slot[c]] += 1
    s.avail = avail
