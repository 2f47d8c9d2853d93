"""Scoring and the end (SSA-12, SSA-13, SSA-15, SSA-16, SSA-17).

* duel: the first to destroy 60 Victory of enemy cards wins at once;
* teams of k: a team wins at once when its members together destroyed 50 x k;
* free for all: a player who has lost 60 is out at once (their cards leave
  the table, hand and deck are removed); the last player left wins.

At a stalemate or the wave cap the best wins: the higher score (duel), the
team with more Victory (teams), the alive player who lost least (free for
all). Equal best is a draw among them; everyone else loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Eliminated, GameEnded
from ..ships import CARDS_PER_DECK, SPEEDS
from .grid import lift_card
from .setup import DECK, HAND, REMOVED

if TYPE_CHECKING:
    from ..state import AssaultState

DUEL_TARGET = 60
ELIMINATION = 60
TEAM_TARGET_PER_PLAYER = 50


def team_size(s: AssaultState) -> int:
    return s.num_players // 2


def team_score(s: AssaultState, team: int) -> int:
    return sum(v for q, v in enumerate(s.score) if s.team[q] == team)


def after_destruction(s: AssaultState, by: int, victim: int) -> None:
    """Check victory after every destruction (SSA-12)."""
    mode = s.options.mode
    if mode == "duel":
        if s.score[by] >= DUEL_TARGET:
            win(s, [by], f"{s.player_name(by)} destroyed {s.score[by]} Victory")
    elif mode == "teams":
        t = s.team[by]
        if team_score(s, t) >= TEAM_TARGET_PER_PLAYER * team_size(s):
            members = [q for q in range(s.num_players) if s.team[q] == t]
            win(s, members, f"their team destroyed {team_score(s, t)} Victory")
    elif s.alive[victim] and s.lost[victim] >= ELIMINATION:
        eliminate(s, victim)
        left = [q for q in range(s.num_players) if s.alive[q]]
        if len(left) == 1:
            win(s, left, "the last player left")


def eliminate(s: AssaultState, p: int) -> None:
    """``p`` is out (SSA-15): cards leave the table, hand and deck are removed."""
    alive = s.alive = s.alive[:]  # replaced, not changed: clones share it
    alive[p] = False
    lo, hi = p * CARDS_PER_DECK, (p + 1) * CARDS_PER_DECK
    keep = []
    for c in s.board:
        if lo <= c < hi:
            lift_card(s, c)
            s.damage[c] = 0
            s.acted[c] = False
        else:
            keep.append(c)
    s.board = keep
    zones = s.zones
    removed = zones[REMOVED[p]]
    for name in (HAND[p], DECK[p]):
        removed.extend(zones[name])
        zones[name] = []
        s.forget_zone(name)
    for sp in range(SPEEDS):
        s.avail[p * SPEEDS + sp] = 0
    s.emit(Eliminated(player=p))


def win(s: AssaultState, winners: list[int], reason: str) -> None:
    s.emit(GameEnded(reason=reason, winners=tuple(winners)))
    s.finish([1.0 if q in winners else -1.0 for q in range(s.num_players)])


def stalemate(s: AssaultState) -> bool:
    """A whole wave with no cards to play and no damage dealt (SSA-13)."""
    from .turns import decks_empty

    return not s.wave_had_hands and s.wave_damage == 0 and decks_empty(s)


def merit(s: AssaultState, p: int) -> float:
    mode = s.options.mode
    if mode == "duel":
        return s.score[p]
    if mode == "teams":
        return team_score(s, s.team[p])
    return -s.lost[p] if s.alive[p] else float("-inf")


def finish_on_points(s: AssaultState, reason: str) -> None:
    n = s.num_players
    m = [merit(s, q) for q in range(n)]
    best = max(m)
    winners = [q for q in range(n) if m[q] == best]
    if len({s.team[q] for q in winners}) == 1:
        win(s, winners, reason)
        return
    s.emit(GameEnded(reason=reason + " (a draw)", winners=tuple(winners)))
    s.finish([0.0 if q in winners else -1.0 for q in range(n)])
