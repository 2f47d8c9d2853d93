"""The toy pack's observation encoding (see tabletop.observation).

Card ids are below ``2 * VALUES_MAX`` (18); players are absolute seats.
"""

from __future__ import annotations

import array

from tabletop import Observation, ObservationField, State
from tabletop.observation import one_hot, zone_plane

CARDS = 18

FIELDS = [
    ObservationField("me", 2, "one-hot: the observing seat"),
    ObservationField("to_move", 2, "one-hot: the seat to decide (zeros when over)"),
    ObservationField("hand", CARDS, "1 for each card id in my hand"),
    ObservationField("chosen", CARDS, "1 for my face-down chosen card"),
    ObservationField("chosen_count", 2, "each seat's number of face-down cards (0 or 1)"),
    ObservationField("discard", 2 * CARDS, "seat p's discard pile at 18 p + card id"),
    ObservationField("hand_size", 2, "each seat's hand size / 6"),
    ObservationField("deck_size", 2, "each seat's deck size / 9"),
    ObservationField("scores", 2, "each seat's score / 9"),
]


def encode(state: State, player: int) -> array.array[float]:
    out = OBSERVATION.zeros()
    at = OBSERVATION.offsets
    z = state.zones
    one_hot(out, at["me"], player, 2)
    cp = state.current_player
    if cp is not None:
        one_hot(out, at["to_move"], cp, 2)
    zone_plane(state, f"hand{player}", player, out, at["hand"])
    zone_plane(state, f"chosen{player}", player, out, at["chosen"])
    for p in range(2):
        out[at["chosen_count"] + p] = float(len(z[f"chosen{p}"]))
        zone_plane(state, f"discard{p}", player, out, at["discard"] + CARDS * p)
        out[at["hand_size"] + p] = len(z[f"hand{p}"]) / 6
        out[at["deck_size"] + p] = len(z[f"deck{p}"]) / 9
        out[at["scores"] + p] = state.scores[p] / 9  # type: ignore[attr-defined]
    return out


OBSERVATION = Observation(FIELDS, encode)
