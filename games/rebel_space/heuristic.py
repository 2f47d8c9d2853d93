"""A cheap estimate of how well a player is doing, for search bots.

Rebel Space is a race: a player's deck is their life, and nearly every card
that leaves it is discarded by damage from the opponent's units. So the
estimate compares how long each side lasts against the other's army:

* A side's **threat** is what it can do to the other's deck: the damage of its
  units in play with their items and companions, plus :data:`RATING_WEIGHT` a
  rating point (rating wins battles, and a won battle lets damage through),
  plus :data:`HAND_WEIGHT` of the same for deployable cards in hand (they still
  need deploy points and a turn) and :data:`PLAY_CARD_VALUE` for a Psi, Act or
  State card, the hand counting at most :data:`HAND_CAP`. Psi cards on a hero in
  a battle count nothing (they are discarded when it ends).
* A side **lasts** about ``deck / (1 + CLOCK * threat of the other side)`` turns.
  The estimate is ``tanh(GAIN * log(lasts / other side lasts))``, that is the log
  of ``deck * (1 + CLOCK * own threat)``, one side's minus the other's. So a card
  of damage weighs more the thinner the deck, a unit more the smaller the army,
  and drawing a second card (one card of life for one more in hand) pays only
  while the hand is short.
* An **attack under way** counts as damage already done: a group let through
  deals its damage, one the defender has not answered yet (or the group being
  formed) :data:`UNDECIDED_SHARE` of it, a blocked one nothing (its battle
  decides). Without it a search that stops reading a few moves into a long
  attack (groups formed unit by unit, then blocks) would never see one pay.

The estimate is zero-sum: ``heuristic(s, 0) == -heuristic(s, 1)``. Every
per-card value is looked up in a table built at import: the search calls this
once per player per iteration.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from .cards import (
    COST,
    DAMAGE,
    GROUND,
    IS_ATTACHMENT,
    IS_UNIT,
    NUM_CARDS,
    SPACE,
    TYPE,
)

if TYPE_CHECKING:
    from tabletop import State

    from .state import RebelSpaceState

__all__ = ["SEARCH", "heuristic", "pending_damage", "threat"]

RATING_WEIGHT = 0.3
"""Threat of one point of Ground or Space rating, in damage points."""
HAND_WEIGHT = 0.5
"""A deployable card in hand, as a share of its threat in play."""
PLAY_CARD_VALUE = 0.3
"""Threat of a Psi, Act or State card in hand."""
HAND_CAP = 4.0
"""The most threat a hand counts for."""
CLOCK = 0.5
"""Deck cards a point of threat takes from the other side a turn (about half
the damage gets through)."""
GAIN = 2.0
"""How steeply the log ratio of the two sides' clocks maps to (-1, 1)."""
UNDECIDED_SHARE = 0.5
"""The share of an attacking group's damage expected before the defender decides."""


def _in_play(card: int) -> float:
    if not (IS_UNIT[card] or IS_ATTACHMENT[card]):
        return 0.0
    return DAMAGE[card] + RATING_WEIGHT * max(GROUND[card], SPACE[card])


def _in_hand(card: int) -> float:
    if COST[card] > 0:  # deployable: units, items, companions
        return HAND_WEIGHT * _in_play(card)
    return PLAY_CARD_VALUE if TYPE[card] in ("Psi", "Act", "State") else 0.0


_IN_PLAY = tuple(_in_play(c) for c in range(NUM_CARDS)).__getitem__
_IN_HAND = tuple(_in_hand(c) for c in range(NUM_CARDS)).__getitem__
_DAMAGE = DAMAGE.__getitem__
_RESOLVING = frozenset({"resolve", "psi", "fight", "casualty"})
"""Steps at which ``state.cur`` is the group being resolved (groups before it are done)."""
_ZONES = tuple(
    (f"deck{p}", f"active{p}", f"inactive{p}", f"attached{p}", f"hand{p}") for p in (0, 1)
)


def threat(state: State, player: int) -> float:
    """What ``player`` can do to the other deck, in damage points (see above)."""
    z: dict[str, list[int]] = state.zones
    _, active, inactive, attached, hand = _ZONES[player]
    return (
        sum(map(_IN_PLAY, z[active]))
        + sum(map(_IN_PLAY, z[inactive]))
        + sum(map(_IN_PLAY, z[attached]))
        + min(HAND_CAP, sum(map(_IN_HAND, z[hand])))
    )


def pending_damage(state: State) -> float:
    """Damage the attacker's declared groups are expected to deal before they resolve:
    all of a group let through, :data:`UNDECIDED_SHARE` of one the defender has not
    answered yet (and of the group being formed), none of a blocked one."""
    s = cast("RebelSpaceState", state)
    if s.phase != "attack":
        return 0.0
    total = 0.0
    if s.forming and s.stack and s.stack[-1].kind == "form_group":
        total = UNDECIDED_SHARE * sum(map(_DAMAGE, s.forming))
    groups, blocks, through = s.groups, s.blocks, s.through
    first = 0  # while blocks are chosen, ``cur`` counts blocks: nothing is resolved yet
    if s.step in _RESOLVING:
        first = s.cur
        if s.b_att and not s.b_damage:  # a targeted unit is fighting the group
            first += 1
    for i in range(first, len(groups)):
        if not blocks[i]:
            damage = sum(map(_DAMAGE, groups[i]))
            total += damage if through[i] else UNDECIDED_SHARE * damage
    return total


def heuristic(state: State, player: int) -> float:
    """The returns when the game is over; else ``tanh(GAIN * log ratio of the clocks)``."""
    if state.is_terminal:
        return state.returns()[player]
    other = 1 - player
    z = state.zones
    mine = len(z[_ZONES[player][0]]) + 0.5  # a drawn-out deck still has a turn
    theirs = len(z[_ZONES[other][0]]) + 0.5
    pending = pending_damage(state)
    if pending:
        if cast("RebelSpaceState", state).turn == player:
            theirs = max(0.5, theirs - pending)
        else:
            mine = max(0.5, mine - pending)
    x = math.log(mine * (1.0 + CLOCK * threat(state, player))) - math.log(
        theirs * (1.0 + CLOCK * threat(state, other))
    )
    return math.tanh(GAIN * x)


SEARCH: dict[str, object] = {"rollout_steps": 0, "exploration": 0.35}
"""The search bot's settings for this pack (:attr:`tabletop.Game.search`).

No rollout: the estimate is read right after the new node's move, since a few
random moves (the default 4) land mid-way through a turn of dozens of atomic
decisions and only add noise; the pending attack above stands in for the
moves not read. Exploration 0.35, half the default, lets the search follow
the estimate more closely within a budget of a couple of hundred iterations.
"""
