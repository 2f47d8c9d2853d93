"""The observation tensor of Star Wars: Rebellion (see ``tabletop.observation``).

Built from the view itself: the pack's part of ``view(player)`` (``_view``,
which already hides the face-down choices of the other side) and the zones
exactly as their views show them, so it cannot leak. It is a summary of
that view in fixed numbers, not all of it: the board (loyalty, subjugation,
sabotage, units, leaders, rings, build queue), the time and reputation
tracks, the mission slots, the combat's headline facts, and where each card
the observer can see lies.

Card slots: the card ids of the pack (probes 0..31, missions and projects
100.., advanced tactics 300.., objectives 500.., action cards 600..) packed
densely in that order (``CARD_SLOTS``). Seat 0 is the Rebel, 1 the Empire.
"""

from __future__ import annotations

import array
from typing import Any

from tabletop import Observation, ObservationField
from tabletop.observation import one_hot

from . import data
from .board import NUM_UNITS
from .data import NUM_LOCATIONS, NUM_SYSTEMS, RINGS
from .ids import ACTION_BASE, MISSION_BASE, OBJECTIVE_BASE, TACTIC_BASE
from .state import RebellionState

__all__ = ["CARD_SLOTS", "OBSERVATION"]

CARD_IDS = [
    *range(NUM_SYSTEMS),
    *range(MISSION_BASE, MISSION_BASE + len(data.MISSIONS)),
    *range(TACTIC_BASE, TACTIC_BASE + len(data.TACTICS)),
    *range(OBJECTIVE_BASE, OBJECTIVE_BASE + len(data.OBJECTIVES)),
    *range(ACTION_BASE, ACTION_BASE + len(data.ACTIONS)),
]
CARD_SLOTS = {c: i for i, c in enumerate(CARD_IDS)}
"""Card id -> its slot in each card plane."""
NC = len(CARD_IDS)
NL = len(data.LEADERS)
PHASES = ("assignment", "command", "refresh")
QUEUE = 6
SLOTS = 8
"""Mission slots counted per side (more are folded into the last)."""

ROLES: dict[str, tuple[str, ...]] = {
    "held": (
        "missions0",
        "missions1",
        "action_hand0",
        "action_hand1",
        "action_drawn0",
        "action_drawn1",
        "probe_hand",
        "objective_hand",
    ),
    "base": ("base",),
    "looked_at": ("probe_look", "project_look"),
    "assigned": ("assigned0", "assigned1"),
    "in_play": (
        "missions_played0",
        "missions_played1",
        "tactics_0_space",
        "tactics_0_ground",
        "tactics_1_space",
        "tactics_1_ground",
        "action_box0",
        "action_box1",
        "probes_out",
        "base_face_up",
        "objectives_in_play",
    ),
    "discarded": (
        "tactic_discard_0_space",
        "tactic_discard_0_ground",
        "tactic_discard_1_space",
        "tactic_discard_1_ground",
        "tactics_removed_0",
        "tactics_removed_1",
        "action_discard0",
        "action_discard1",
        "mission_discard0",
        "mission_discard1",
        "project_discard",
        "objective_discard",
    ),
    "deck_known": (
        "probe_deck",
        "project_deck",
        "action_deck0",
        "action_deck1",
        "mission_deck0",
        "mission_deck1",
        "objective_deck",
        "objectives_out",
    ),
}
"""Each card plane gathers the cards the observer sees in these zones (for a hidden
zone: only the cards they were shown there, ``state.known``). A card is in one zone at a time."""
ZONE_NAMES = tuple(z for zs in ROLES.values() for z in zs)

ROLE_TEXT = {
    "held": "in a hand: mission cards, action cards (drawn or held), probes, objectives",
    "base": "the Rebel base's probe card (the Rebel's own)",
    "looked_at": "probe or project cards being looked at",
    "assigned": "missions assigned face down",
    "in_play": "in play face up: missions played, tactic decks, action boxes, probes out, "
    "the revealed base, objectives in play",
    "discarded": "in a discard pile or removed",
    "deck_known": "in a deck, known to the observer",
}

FIELDS = [
    ObservationField("me", 2, "one-hot: the observing seat (0 Rebel, 1 Empire)"),
    ObservationField("to_move", 2, "one-hot: the seat to decide (zeros when the game is over)"),
    ObservationField("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
    ObservationField(
        "tracks",
        8,
        "[0] round / 16, [1] time / 16, [2] reputation / 16, [3] the base is revealed, "
        "[4] a leader is captured, [5] a subjugation is held, [6] objective draws / 4, "
        "[7] the Rebel set-up system + 1 / 32",
    ),
    ObservationField("mission_set", 8, "per side (4 s ..): not chosen, face down, set 0, set 1"),
    ObservationField("passed", 2, "each side has passed this command phase"),
    ObservationField(
        "zone_sizes", len(ZONE_NAMES), "cards in each zone / 20: " + ", ".join(ZONE_NAMES)
    ),
    *(
        ObservationField(f"cards_{role}", NC, f"1 for each card slot {ROLE_TEXT[role]}")
        for role in ROLES
    ),
    ObservationField("loyalty", 3 * NUM_SYSTEMS, "per system (3 i ..): none, Rebel, Imperial"),
    ObservationField("subjugated", NUM_SYSTEMS, "1 for each subjugated system"),
    ObservationField("sabotage", NUM_SYSTEMS, "1 for each sabotaged system"),
    ObservationField("destroyed", NUM_SYSTEMS, "1 for each destroyed system"),
    ObservationField("markers", NUM_SYSTEMS, "each system's marker / 4"),
    ObservationField("ruled_out", NUM_SYSTEMS, "1 for each system ruled out as the base"),
    ObservationField(
        "units", NUM_LOCATIONS * NUM_UNITS, "units per location (26 l + unit type) / 4"
    ),
    ObservationField(
        "leader_loc", NL * (NUM_LOCATIONS + 1), "per leader (34 k ..): off the board, location"
    ),
    ObservationField("leader_status", NL * 4, "per leader (4 k ..): one-hot status 0..3"),
    ObservationField("leader_side", NL, "1 for each leader on the Empire's side"),
    ObservationField("rings", NL * (len(RINGS) + 1), "per leader: no ring, then each ring"),
    ObservationField("leader_slot", 2 * NL, "per side: (mission slot + 1) / 8 of each leader"),
    ObservationField("recruits", NL, "1 for each leader in a recruit hand"),
    ObservationField("queue", QUEUE * NUM_UNITS, "build queue: units per slot and type / 4"),
    ObservationField("builds", 2, "pending builds of each side / 10"),
    ObservationField("objective_backs", 12, "the backs (stages) of the objectives out / 3"),
    ObservationField(
        "battle",
        8 + NUM_LOCATIONS,
        "[0] a combat is on, [1] the Empire attacks, [2] round / 10, [3..4] a tactic is "
        "chosen by the Rebel / Empire, [5..6] it is shown to the observer, [7] retreated, "
        "then the system (one-hot)",
    ),
]


def encode(state: RebellionState, player: int) -> array.array[float]:
    """``player``'s observation of ``state``, from their view. In a team game a seat
    observes as its side (RR-188): ``me`` and ``to_move`` are sides."""
    out = OBSERVATION.zeros()
    at = OBSERVATION.offsets
    player = state._viewer(player)
    v = state._view(player)
    one_hot(out, at["me"], player, 2)
    cp = state.current_player
    if cp is not None:
        one_hot(out, at["to_move"], state._viewer(cp), 2)
    if v["phase"] in PHASES:
        one_hot(out, at["phase"], PHASES.index(v["phase"]), len(PHASES))
    t = at["tracks"]
    out[t] = v["round"] / 16
    out[t + 1] = v["time"] / 16
    out[t + 2] = v["reputation"] / 16
    out[t + 3] = float(v["base_revealed"])
    out[t + 4] = float(v["captured"] >= 0)
    out[t + 5] = float(v["subjugation_held"] >= 0)
    out[t + 6] = v["objective_draws"] / 4
    out[t + 7] = (v["rebel_setup_system"] + 1) / 32
    for side, ms in enumerate(v["mission_set"]):
        k = 0 if ms is None else 1 if ms == -2 else 2 + ms
        one_hot(out, at["mission_set"] + 4 * side, k, 4)
    for side, passed in enumerate(v["passed"]):
        out[at["passed"] + side] = float(passed)
    _cards(state, player, out)
    _board(v, out)
    _battle(v["battle"], player, out)
    return out


def _cards(state: RebellionState, player: int, out: array.array[float]) -> None:
    at = OBSERVATION.offsets
    sizes = at["zone_sizes"]
    zones, layout = state.zones, state.layout
    i = 0
    for role, names in ROLES.items():
        off = at[f"cards_{role}"]
        for name in names:
            ids = zones[name]
            out[sizes + i] = len(ids) / 20
            i += 1
            seen = ids if layout[name].visible_to(player) else state.known_to(name, player)
            for c in seen:
                out[off + CARD_SLOTS[c]] = 1.0


def _board(v: dict[str, Any], out: array.array[float]) -> None:
    at = OBSERVATION.offsets
    for i, loyal in enumerate(v["loyalty"]):
        one_hot(out, at["loyalty"] + 3 * i, loyal + 1, 3)
    for name in ("subjugated", "sabotage", "destroyed", "ruled_out"):
        off = at[name]
        for i, flag in enumerate(v[name]):
            out[off + i] = float(flag)
    for i, m in enumerate(v["markers"]):
        out[at["markers"] + i] = m / 4
    u = at["units"]
    for loc, row in enumerate(v["units"]):
        for k, n in enumerate(row):
            out[u + loc * NUM_UNITS + k] = n / 4
    for k, loc in enumerate(v["leader_loc"]):
        one_hot(out, at["leader_loc"] + (NUM_LOCATIONS + 1) * k, loc + 1, NUM_LOCATIONS + 1)
    for k, st in enumerate(v["leader_status"]):
        one_hot(out, at["leader_status"] + 4 * k, st, 4)
    for k, side in enumerate(v["leader_side"]):
        out[at["leader_side"] + k] = float(side == 1)
    for k, ring in enumerate(v["rings"]):
        one_hot(out, at["rings"] + (len(RINGS) + 1) * k, ring + 1, len(RINGS) + 1)
    for side, slots in enumerate(v["slots"]):
        for s, leaders in enumerate(slots):
            for k in leaders:
                out[at["leader_slot"] + NL * side + k] = (min(s, SLOTS - 1) + 1) / SLOTS
    for hand in v["hand_recruits"]:
        for k in hand:
            out[at["recruits"] + k] = 1.0
    q = at["queue"]
    for slot, units in enumerate(v["queue"][:QUEUE]):
        for k in units:
            out[q + slot * NUM_UNITS + k] += 0.25
    for side, b in enumerate(v["builds"]):
        out[at["builds"] + side] = (b if isinstance(b, int) else len(b)) / 10
    for i, back in enumerate(v["objective_backs"][:12]):
        out[at["objective_backs"] + i] = back / 3


def _battle(bt: dict[str, Any] | None, player: int, out: array.array[float]) -> None:
    if bt is None:
        return
    b = OBSERVATION.offsets["battle"]
    out[b] = 1.0
    out[b + 1] = float(bt["attacker"] == 1)
    out[b + 2] = bt["round"] / 10
    for side, c in enumerate(bt["chosen"]):
        if c is not None:
            out[b + 3 + side] = 1.0
            if c != -2:
                out[b + 5 + side] = 1.0
    out[b + 7] = float(any(bt["retreated"]))
    one_hot(out, b + 8, bt["system"], NUM_LOCATIONS)


OBSERVATION = Observation(FIELDS, encode)
