"""The observation tensor of Space Station Assault (see ``tabletop.observation``).

One flat vector of the same facts as ``view(player)``: the grid, damage and
acted flags, scores, hand and deck sizes, the mulligan answers as the view
shows them, the observer's own hand (by ship type) and the cards of their
deck they know. Seats are absolute (slot ``q`` is seat ``q``), padded to six;
card slots are card ids (``p * 55 + i``, below 330), padded likewise, so one
shape serves every mode, player count and ship table.
"""

from __future__ import annotations

import array

from tabletop import Observation, ObservationField
from tabletop.observation import one_hot, zone_plane

from .decisions import ChooseDestination, ChooseMulligan, ChooseShip, ChooseTarget
from .rules.grid import xy
from .rules.setup import DECK, HAND, PILE
from .ships import MAX_CARDS, MAX_PLAYERS, MAX_TYPES, SPEEDS
from .state import AssaultState

__all__ = ["OBSERVATION"]

P, C = MAX_PLAYERS, MAX_CARDS
DECISIONS = (ChooseMulligan, ChooseShip, ChooseDestination, ChooseTarget)
MODES = ("duel", "free_for_all", "teams")
COORD = 8.0
"""Grid coordinates are divided by this (the Stations start within 8 of the origin)."""

FIELDS = [
    ObservationField("me", P, "one-hot: the observing seat"),
    ObservationField("to_move", P, "one-hot: the seat to decide (zeros when the game is over)"),
    ObservationField(
        "decision", len(DECISIONS), "one-hot: mulligan, which ship acts, where it goes, target"
    ),
    ObservationField("mode", len(MODES), "one-hot: duel, free_for_all, teams"),
    ObservationField("seats", P, "1 for each seat in this game"),
    ObservationField("ally", P, "1 for each seat on the observer's side (the observer included)"),
    ObservationField("alive", P, "1 for each seat still in the game"),
    ObservationField("initiative", P, "one-hot: the initiative seat"),
    ObservationField("passed_over", P, "1 for each seat skipped at this Speed (no ship of it)"),
    ObservationField("wave", 1, "wave / max_waves (0 during the mulligan)"),
    ObservationField("speed", SPEEDS, "one-hot: the Speed acting now (0 before the first)"),
    ObservationField("score", P, "Victory each seat destroyed / 60"),
    ObservationField("lost", P, "Victory each seat lost / 60"),
    ObservationField("hand_size", P, "cards in each seat's hand / 10"),
    ObservationField("deck_size", P, "cards in each seat's deck / 50"),
    ObservationField(
        "mulligan",
        3 * P,
        "per seat (3 q ..): decided, kept, redrew; kept/redrew only as the view shows them "
        "(one's own at once, the others' when everyone has decided)",
    ),
    ObservationField("hand_types", MAX_TYPES, "my hand: cards of each ship type (table row) / 10"),
    ObservationField("in_play", C, "1 for each card id on the grid"),
    ObservationField("x", C, "each card in play's x / 8 (0 off the grid)"),
    ObservationField("y", C, "each card in play's y / 8 (0 off the grid)"),
    ObservationField("damage", C, "each card in play's damage / its Shields"),
    ObservationField("acted", C, "1 for each card in play that acted this wave"),
    ObservationField("acting", C, "one-hot: the card whose destination or target is asked"),
    ObservationField("destroyed", C, "1 for each card destroyed (in a pile)"),
    ObservationField("known_deck", C, "1 for each card of my deck I know (a mulligan put it back)"),
]


def encode(state: AssaultState, player: int) -> array.array[float]:
    """``player``'s observation of ``state`` (the facts of ``view(player)``)."""
    out = OBSERVATION.zeros()
    at = OBSERVATION.offsets
    s = state
    n = s.num_players
    opts = s.options
    tbl = s.table
    zones = s.zones
    one_hot(out, at["me"], player, P)
    cp = s.current_player
    if cp is not None:
        one_hot(out, at["to_move"], cp, P)
        top = type(s.stack[-1])
        one_hot(out, at["decision"], DECISIONS.index(top), len(DECISIONS))
    one_hot(out, at["mode"], MODES.index(opts.mode), len(MODES))
    team = s.team
    alive = s.alive
    score = s.score
    lost = s.lost
    mull = s.mulligan
    passed = s.passed_over
    everyone = all(m != -1 for m in mull)
    for q in range(n):
        out[at["seats"] + q] = 1.0
        out[at["ally"] + q] = float(team[q] == team[player])
        out[at["alive"] + q] = float(alive[q])
        out[at["passed_over"] + q] = float(passed >> q & 1)
        out[at["score"] + q] = score[q] / 60
        out[at["lost"] + q] = lost[q] / 60
        out[at["hand_size"] + q] = len(zones[HAND[q]]) / 10
        out[at["deck_size"] + q] = len(zones[DECK[q]]) / 50
        m = mull[q]
        if m != -1:
            out[at["mulligan"] + 3 * q] = 1.0
            if everyone or q == player:
                out[at["mulligan"] + 3 * q + 1 + m] = 1.0
        zone_plane(s, PILE[q], player, out, at["destroyed"])
    one_hot(out, at["initiative"], s.initiative, P)
    out[at["wave"]] = s.wave / opts.max_waves
    one_hot(out, at["speed"], s.speed, SPEEDS)
    ht = at["hand_types"]
    card_type = tbl.card_type
    for c in zones[HAND[player]]:
        out[ht + card_type[c]] += 0.1
    zone_plane(s, DECK[player], player, out, at["known_deck"])
    _grid(s, out)
    return out


def _grid(s: AssaultState, out: array.array[float]) -> None:
    at = OBSERVATION.offsets
    in_play, x0, y0, dmg, acted_at = at["in_play"], at["x"], at["y"], at["damage"], at["acted"]
    pos = s.pos
    damage = s.damage
    acted = s.acted
    shields = s.table.shields
    for c in s.board:
        x, y = xy(pos[c])
        out[in_play + c] = 1.0
        out[x0 + c] = x / COORD
        out[y0 + c] = y / COORD
        out[dmg + c] = damage[c] / shields[c]
        if acted[c]:
            out[acted_at + c] = 1.0
    top = s.stack[-1] if s.stack and s.result is None else None
    if isinstance(top, ChooseDestination | ChooseTarget):
        out[at["acting"] + top.card] = 1.0


OBSERVATION = Observation(FIELDS, encode)
