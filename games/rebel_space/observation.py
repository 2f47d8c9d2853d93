"""The observation tensor of Rebel Space (see ``tabletop.observation``).

One flat vector of the facts of ``view(player)``. Card slots are card ids
(Rebel 0..75, Imperial 76..142); seat 0 is the Rebel, seat 1 the Imperial.
Each zone gives a plane of card ids exactly as its view shows it: every card
of a public zone and of the observer's hand, and of a hidden zone only the
cards the observer has been shown (a Spy's look at a hand).
"""

from __future__ import annotations

import array

from tabletop import Observation, ObservationField
from tabletop.observation import one_hot, zone_plane

from .cards import NUM_CARDS
from .rules.flow import HANDLERS, STEPS
from .state import ZONES, RebelSpaceState

__all__ = ["OBSERVATION"]

N = NUM_CARDS
DECISIONS = tuple(HANDLERS)
STEP_NAMES = tuple(STEPS)
PHASES = ("draw", "activation", "attack", "deploy", "end")
ZONE_NAMES = tuple(f"{z}{p}" for p in (0, 1) for z in ZONES)

FIELDS = [
    ObservationField("me", 2, "one-hot: the observing seat (0 Rebel, 1 Imperial)"),
    ObservationField("to_move", 2, "one-hot: the seat to decide (zeros when the game is over)"),
    ObservationField("turn", 2, "one-hot: whose turn it is"),
    ObservationField(
        "decision", len(DECISIONS), "one-hot: the decision asked, " + ", ".join(DECISIONS)
    ),
    ObservationField("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
    ObservationField(
        "step", len(STEP_NAMES), "one-hot: the rule that runs next, " + ", ".join(STEP_NAMES)
    ),
    ObservationField("turn_number", 1, "turn number / 50"),
    ObservationField("deploy_points", 1, "deploy points left / 3"),
    ObservationField(
        "zone_sizes", len(ZONE_NAMES), "cards in each zone / 20: " + ", ".join(ZONE_NAMES)
    ),
    ObservationField(
        "zones",
        len(ZONE_NAMES) * N,
        f"per zone in the order of zone_sizes, {N} card-id slots: 1 where the observer sees "
        "that card in that zone",
    ),
    ObservationField("host", N, "for each attached card, (its host's id + 1) / 143"),
    ObservationField("attack_groups", N, "the attacking group each card is in: (index + 1) / 8"),
    ObservationField("block_groups", N, "the block group each card is in: (index + 1) / 8"),
    ObservationField("forming", N, "1 for each card in the group being formed"),
    ObservationField("used_defenders", N, "1 for each defender used this attack phase"),
    ObservationField("ion_cannons", N, "1 for each Ion Cannon fired this attack phase"),
    ObservationField("battle_attackers", N, "1 for each attacker in the current battle"),
    ObservationField("battle_defenders", N, "1 for each defender in the current battle"),
    ObservationField("battle_psi", N, "1 for each Psi card played in the current battle"),
    ObservationField(
        "attack",
        12,
        "[0] attack groups / 8, [1] current group / 8, [2] the group being formed is a "
        "space group, [3..6] the first four groups are space groups, [7..10] Surprise "
        "Attack ground and space, Trap ground and space, [11] extra attack phases / 2",
    ),
    ObservationField(
        "battle", 3, "[0] a space battle, [1] damage dealt, [2] losses left to pick / 10"
    ),
]


def encode(state: RebelSpaceState, player: int) -> array.array[float]:
    """``player``'s observation of ``state`` (the facts of ``view(player)``)."""
    out = OBSERVATION.zeros()
    at = OBSERVATION.offsets
    s = state
    one_hot(out, at["me"], player, 2)
    cp = s.current_player
    if cp is not None:
        one_hot(out, at["to_move"], cp, 2)
        one_hot(out, at["decision"], DECISIONS.index(s.stack[-1].kind), len(DECISIONS))
    one_hot(out, at["turn"], s.turn, 2)
    if s.phase in PHASES:
        one_hot(out, at["phase"], PHASES.index(s.phase), len(PHASES))
    if s.step in STEP_NAMES:
        one_hot(out, at["step"], STEP_NAMES.index(s.step), len(STEP_NAMES))
    out[at["turn_number"]] = s.turn_number / 50
    out[at["deploy_points"]] = s.budget / 3
    zones = s.zones
    sizes, planes = at["zone_sizes"], at["zones"]
    for i, name in enumerate(ZONE_NAMES):
        out[sizes + i] = len(zones[name]) / 20
        zone_plane(s, name, player, out, planes + i * N)
    host = at["host"]
    for p in (0, 1):
        for c in zones[f"attached{p}"]:
            out[host + c] = (s.host[c] + 1) / N
    for name, groups in (("attack_groups", s.groups), ("block_groups", s.blocks)):
        off = at[name]
        for g, cards in enumerate(groups):
            for c in cards:
                out[off + c] = (g + 1) / 8
    for name, cards in (
        ("forming", s.forming),
        ("used_defenders", s.used),
        ("ion_cannons", s.ion_used),
        ("battle_attackers", s.b_att),
        ("battle_defenders", s.b_def),
        ("battle_psi", s.battle_psi),
    ):
        off = at[name]
        for c in cards:
            out[off + c] = 1.0
    a = at["attack"]
    out[a] = len(s.groups) / 8
    out[a + 1] = s.cur / 8
    out[a + 2] = float(s.forming_space)
    for g, space in enumerate(s.group_space[:4]):
        out[a + 3 + g] = float(space)
    for k in range(4):
        out[a + 7 + k] = float(s.boost[k])
    out[a + 11] = s.extra_attacks / 2
    b = at["battle"]
    out[b] = float(s.b_space)
    out[b + 1] = float(s.b_damage)
    out[b + 2] = s.cas_budget / 10
    return out


OBSERVATION = Observation(FIELDS, encode)
