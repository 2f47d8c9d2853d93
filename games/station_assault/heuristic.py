"""How well a player is doing: the value the search and greedy bots play for.

The Victory already scored only moves when a card is destroyed, and a
Station takes 25 damage before it is worth its 60 Victory, so a value of the
score alone cannot tell a Station at 24 damage from a fresh one. This value
counts, for every player, the Victory they are *expected to lose*:

* what they lost already (``lost``; in duel and teams the scores);
* the damage on each of their cards in play, as a share of its Victory
  (damage / Shields x Victory: a Station takes 2.4 Victory a point);
* the shots their cards in play are exposed to: each enemy card next to one
  of them fires at the most valuable neighbour, worth its Firepower (up to
  what the target has left) at that target's Victory a point; a card that
  has not acted this wave fires surely (weight ``PENDING``), one that has
  fires next wave if it lives (weight ``NEXT_WAVE``);
* the ships still in the hands, which are played (and fire) this wave:
  ``HAND_WEIGHT`` Victory a point of Firepower against their owner's enemies.
  The greedy bot's value (:func:`heuristic`) shares it among them evenly; the
  search's (:func:`values`) by how *open* each is, the sides of their cards
  with no card next to them (:func:`open_sides`), for a ship played this wave
  can be put in any empty cell next to a card in play, and it fires at a card
  next to it.
  The share only matters in a free for all: a duel has one enemy, and a team
  counts its members' losses together.

Duel and teams compare the sides: what each scored plus what its enemies
are expected to lose (a duel is won at 60, a team of k at 50 x k). A free
for all is won by the last player left, so a player's value is their share
of the chance to be that player: a softmax over the players still in of the
Victory each can still lose before they are out (``ELIMINATION`` less what
they lost and are expected to lose), ``FFA_SHARPNESS`` a point, rescaled from
[0, 1] to [-1, 1]. A rival's loss lowers the rival's share in proportion to
it, so the shots that count most are those at the rival most likely to
outlast the player, and the player's own losses count most of all; a rival
put out has no share left.
One pass over the cards in play and the hands; the search asks for every
player's value of a leaf at once (:func:`values`), so one pass serves them all.

Why two shares: in the free for all of four, one search player at 520 iterations a
decision (0.05 s) against three random players won 395 of 400 games with the hands
shared by openness and 378 of the same 400 with them shared evenly (``tabletop
analyze``, ``--seed 70000``, seats rotated); in 100 games of a script of our own it
lost 38.2 Victory a game of its own instead of 44.2. Counting the empty cells next to
a player's cards instead of their open sides did as well, but cost a fifth of the
search's speed; the open sides come from the pass that finds the shots. The greedy
bot keeps the even share: it is the baseline every published strength table is
measured against (see Write a bot), and the search models a rival it takes for a
greedy player by that bot's value.
"""

from __future__ import annotations

from math import exp
from typing import TYPE_CHECKING

from .rules.grid import DELTA
from .rules.setup import HAND
from .rules.victory import DUEL_TARGET, ELIMINATION, TEAM_TARGET_PER_PLAYER, team_size
from .ships import CARDS_PER_DECK, ShipTable

if TYPE_CHECKING:
    from tabletop import State

    from .state import AssaultState

__all__ = [
    "FFA_SHARPNESS",
    "HAND_WEIGHT",
    "NEXT_WAVE",
    "PENDING",
    "expected_losses",
    "heuristic",
    "open_sides",
    "values",
]

PENDING = 0.6
"""Weight of the shot of a card next to an enemy that has not acted this wave (it fires
now, unless it moves away or is destroyed first)."""
NEXT_WAVE = 0.3
"""Weight of the shot of a card next to an enemy that has acted (it fires next wave if
both are still there)."""
HAND_WEIGHT = 0.5
"""Victory a point of Firepower in the hand is expected to take from its owner's enemies."""
FFA_SHARPNESS = 0.08
"""How much a point of Victory still to lose weighs in a free for all's shares: a player
10 points further from elimination than another holds e^0.8, about 2.2 times the
other's share. Against the mean of the rivals' losses (the value before it), on the same
games (seed 70000, 220 iterations) the search bot in a free for all of 3 won 504 of 600
against greedy players, who play for the same value, instead of 467; in a free for all of
4 it won 87 of 160 against greedy instead of 83, and 67 of 80 against random instead of
69. In shorter trials 0.04, 0.10 and 0.15 did no better than 0.08."""


def heuristic(state: State, player: int) -> float:
    """How well ``player`` is doing, in [-1, 1]: the returns once the game is over, else
    the margin of expected losses (see the module) as a share of the target."""
    s: AssaultState = state  # type: ignore[assignment]
    if s.result is not None:
        return s.result[player]
    return _value(s, player, expected_losses(s))


def values(state: State) -> list[float]:
    """Every player's value at once, from one pass over the table: what the search asks
    at each leaf (``Game.search["values"]``). :func:`heuristic` of each player, except
    that in a free for all the hands' fire is shared among a player's enemies by how
    open each is (see the module)."""
    s: AssaultState = state  # type: ignore[assignment]
    if s.result is not None:
        return list(s.result)
    if s.options.mode == "free_for_all":
        return _free_for_all_shares(s, expected_losses(s, by_openness=True))
    loss = expected_losses(s)
    return [_value(s, p, loss) for p in range(s.num_players)]


def _value(s: AssaultState, player: int, loss: list[float]) -> float:
    """``player``'s value given every player's expected losses ``loss``."""
    mode = s.options.mode
    if mode == "free_for_all":
        return _free_for_all(s, player, loss)
    team = s.team
    mine = team[player]
    if mode == "duel":
        margin = loss[1 - player] - loss[player] + s.score[player] - s.score[1 - player]
        v = margin / DUEL_TARGET
    else:
        margin = 0.0
        for q in range(s.num_players):
            sign = 1.0 if team[q] == mine else -1.0
            margin += sign * (s.score[q] - loss[q])
        v = margin / (TEAM_TARGET_PER_PLAYER * team_size(s))
    return -1.0 if v < -1.0 else 1.0 if v > 1.0 else v


def _free_for_all(s: AssaultState, player: int, loss: list[float]) -> float:
    """The player's share of the chance to be the last left, in [-1, 1]: a softmax over
    the players still in of the Victory each can still lose (see the module)."""
    return _free_for_all_shares(s, loss)[player]


def _free_for_all_shares(s: AssaultState, loss: list[float]) -> list[float]:
    """Every player's :func:`_free_for_all` at once, each weight worked out once (a player
    out has -1)."""
    alive, lost = s.alive, s.lost
    weights = [0.0] * s.num_players
    total = 0.0
    for q in range(s.num_players):
        if alive[q]:
            w = weights[q] = exp(FFA_SHARPNESS * (ELIMINATION - lost[q] - loss[q]))
            total += w
    return [2.0 * weights[p] / total - 1.0 if alive[p] else -1.0 for p in range(s.num_players)]


def expected_losses(s: AssaultState, by_openness: bool = False) -> list[float]:
    """Each player's Victory still expected to be lost, beyond what is already lost: the
    damage on each card as a share of its Victory, each card's shot at its most valuable
    enemy neighbour (weighted by whether it has acted), then the hands, their fire shared
    among the owner's enemies evenly or, ``by_openness``, as their :func:`open_sides`."""
    fp, shields, worth = _stats(s.table)
    damage, acted = s.damage, s.acted
    opened = [0] * s.num_players if by_openness else None
    aims = _aims(s, fp, shields, worth, opened)
    loss = [0.0] * s.num_players
    for c in s.board:
        dmg = damage[c]
        if dmg:
            loss[c // CARDS_PER_DECK] += dmg * worth[c]
        aim = aims.get(c)
        if aim is not None:
            loss[aim[2] // CARDS_PER_DECK] += aim[0] * (NEXT_WAVE if acted[c] else PENDING)
    _hands(s, fp, loss, opened)
    return loss


Aim = tuple[float, int, int]
"""A card's best shot: its value, the side it fires to (0 east .. 3 south) and the target."""


def _aims(
    s: AssaultState,
    fp: tuple[int, ...],
    shields: tuple[int, ...],
    worth: tuple[float, ...],
    opened: list[int] | None = None,
) -> dict[int, Aim]:
    """Each card's best shot: the enemy neighbour it would take most Victory from (the
    first by side east, north, west, south of equal ones), if it can take any; with
    ``opened`` (zeros), each player's :func:`open_sides` are added to it on the way.

    Each pair of neighbours is found once, from the card to the west or south of the
    other (its east and north neighbours): an enemy pair gives the shots both ways, and
    any pair closes a side of each card."""
    pos, damage, side = s.pos, s.damage, s.card_side
    get = s.grid.get
    east, north = DELTA[0], DELTA[1]
    pairs = []
    if opened is None:
        for c in s.board:
            here = pos[c]
            mine = side[c]
            t = get(here + east)
            if t is not None and side[t] != mine:
                pairs.append((c, t, 0))
            t = get(here + north)
            if t is not None and side[t] != mine:
                pairs.append((c, t, 1))
    else:
        for c in s.board:  # the same, and the open sides of each card's owner
            here = pos[c]
            mine = side[c]
            owner = c // CARDS_PER_DECK
            opened[owner] += 4
            t = get(here + east)
            if t is not None:
                opened[owner] -= 1
                opened[t // CARDS_PER_DECK] -= 1
                if side[t] != mine:
                    pairs.append((c, t, 0))
            t = get(here + north)
            if t is not None:
                opened[owner] -= 1
                opened[t // CARDS_PER_DECK] -= 1
                if side[t] != mine:
                    pairs.append((c, t, 1))
    aims: dict[int, Aim] = {}
    for a, b, to in pairs:
        for c, t in ((a, b), (b, a)):  # a fires at b on its side ``to``, b at a opposite
            left = shields[t] - damage[t]
            f = fp[c]
            v = (f if f < left else left) * worth[t]
            best = aims.get(c)
            if v > 0.0 if best is None else v > best[0] or (v == best[0] and to < best[1]):
                aims[c] = (v, to, t)
            to += 2
    return aims


_STATS: dict[int, tuple[ShipTable, tuple[float, ...]]] = {}


def _stats(tbl: ShipTable) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
    """Firepower, Shields and Victory a point of damage by card id (kept per table)."""
    got = _STATS.get(id(tbl))
    if got is None or got[0] is not tbl:
        worth = tuple(v / sh if sh else 0.0 for v, sh in zip(tbl.victory, tbl.shields))
        got = _STATS[id(tbl)] = (tbl, worth)
    return tbl.firepower, tbl.shields, got[1]


def _hands(
    s: AssaultState, fp: tuple[int, ...], loss: list[float], openness: list[int] | None
) -> None:
    """The ships in each hand fire this wave: their Firepower weighs on the owner's enemies,
    shared among them evenly, or as their ``openness`` (evenly when none is open)."""
    zones, team, alive = s.zones, s.team, s.alive
    n = len(loss)
    power = fp.__getitem__
    for p in range(n):
        cards = zones[HAND[p]]
        if not cards:
            continue
        side = team[p]
        enemies = [q for q in range(n) if team[q] != side and alive[q]]
        if not enemies:
            continue
        fire = HAND_WEIGHT * sum(map(power, cards))
        total = sum(openness[q] for q in enemies) if openness is not None else 0
        if total:
            assert openness is not None
            for q in enemies:
                loss[q] += fire * openness[q] / total
        else:
            share = fire / len(enemies)
            for q in enemies:
                loss[q] += share


def open_sides(s: AssaultState) -> list[int]:
    """For each player, the sides of their cards in play with no card next to them: where
    a ship played or moved this wave can come to fire at them (an empty cell next to two
    of their cards counts twice, one next to two players' cards for both)."""
    pos, grid = s.pos, s.grid
    opened = [0] * s.num_players
    for c in s.board:
        here = pos[c]
        opened[c // CARDS_PER_DECK] += sum(1 for d in DELTA if here + d not in grid)
    return opened
