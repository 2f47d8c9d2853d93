"""Waves and turn order (SSA-03, SSA-05, SSA-06, SSA-10).

A wave runs Speeds 1 to 6. At each Speed the initiative player takes the
first turn if they have an available ship; then turns go round in seat order,
one ship a turn, skipping a player with none left, until no one has an
available ship of that Speed. After Speed 6 the acted flags clear, initiative
passes to the next player in seat order, everyone draws 10 (what is left) and
the next wave begins, unless the game ends on a stalemate or the wave cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import CHOOSE_SHIP
from ..events import WaveStarted
from ..ships import CARDS_PER_DECK, SPEEDS, STATION_SPEED
from . import victory
from .setup import DECK, HAND, HAND_SIZE, draw

if TYPE_CHECKING:
    from ..state import AssaultState


def start_wave(s: AssaultState) -> None:
    s.wave += 1
    s.wave_damage = 0
    s.wave_had_hands = any(s.zones[HAND[p]] for p in range(s.num_players))
    s.emit(WaveStarted(wave=s.wave, initiative=s.initiative))
    s.speed = 1
    s.passed_over = 0
    open_speed(s)


def first_available(s: AssaultState, start: int) -> int:
    """The first player from seat ``start`` on with an available ship now, or -1. The
    players the turn goes past are marked in ``passed_over`` (they have none of this
    Speed, and everybody saw it)."""
    n, avail, sp = s.num_players, s.avail, s.speed
    for k in range(n):
        q = (start + k) % n
        if avail[q * SPEEDS + sp]:
            return q
        s.passed_over |= 1 << q
    return -1


def open_speed(s: AssaultState) -> None:
    """Give the first turn of this Speed (or of the next one with ships) or end the wave."""
    while s.speed <= STATION_SPEED:
        q = first_available(s, s.initiative)
        if q >= 0:
            s.stack.append(CHOOSE_SHIP[q])
            return
        s.speed += 1
        s.passed_over = 0
    end_wave(s)


def end_turn(s: AssaultState, player: int) -> None:
    """After ``player``'s turn: the next player round with a ship of this Speed acts."""
    if s.result is not None:
        return
    q = first_available(s, player + 1)
    if q >= 0:
        s.stack.append(CHOOSE_SHIP[q])
        return
    s.speed += 1
    s.passed_over = 0
    open_speed(s)


def end_wave(s: AssaultState) -> None:
    if victory.stalemate(s):
        victory.finish_on_points(s, "stalemate: no cards left to play and a wave without damage")
        return
    if s.wave >= s.options.max_waves:
        victory.finish_on_points(s, f"the wave cap ({s.options.max_waves}) is reached")
        return
    acted, avail, speed = s.acted, s.avail, s.table.speed
    for c in s.board:
        if acted[c]:
            acted[c] = False
            avail[c // CARDS_PER_DECK * SPEEDS + speed[c]] += 1
    s.initiative = next_alive(s, s.initiative)
    for p in range(s.num_players):
        if s.alive[p]:
            draw(s, p, HAND_SIZE)
    start_wave(s)


def next_alive(s: AssaultState, p: int) -> int:
    n = s.num_players
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.alive[q]:
            return q
    return p


def decks_empty(s: AssaultState) -> bool:
    return not any(s.zones[DECK[p]] for p in range(s.num_players) if s.alive[p])
