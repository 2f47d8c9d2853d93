"""Target markers (Rise of the Empire rulesheet "Target Markers"; research §8.2; RR-38).

A card places a target marker in a system (:func:`place_marker`): the objectives Raid
Outposts, Rebel Cell and Show No Fear (:mod:`.objective_play`), and the Rise of the
Empire mission Secure the Plans (with the mission decks). ``board.markers[system]`` is a
bit mask, bit ``kind`` for ``data.MARKERS[kind]``; the box holds ``MARKERS[kind].count``
of a kind.

* **Removal.** A player with a ground unit in a system holding a target marker, while
  the opponent has no ground unit there, may remove the marker: it goes back to the
  supply and its card's removal effect resolves (:data:`REMOVAL_EFFECTS`, by marker
  kind). The rulesheet names no time, so the removal is offered at checkpoints (RR-38):
  at the end of every Command turn (after an activation's movement and combat, a
  mission and its effects, or a pass), after Rapid Mobilization at the end of the
  Command Phase, and after the deploy step of the Refresh Phase. At each, the Rebels
  first (RR-16), then the Empire, remove markers one at a time
  (``remove_marker <system> <marker>``) or pass; a marker declined is offered again at
  the next checkpoint while the condition holds.
* **Destroyed systems.** Destroying a system removes all its markers and resolves their
  removal effects (:func:`remove_markers`, called by the rule that destroys a system).
* **Rogue One** (a Rebel ground tactic card) may remove one marker anywhere instead of
  rescuing the captured leader (:mod:`.combat.after_retreat`, RR-39).

:data:`REMOVAL_EFFECTS` maps a marker kind to what removing it does, as the card that
placed it says (an effect runs at once, and returns without a decision; it may end the
game): Raid Outposts gives the Rebels 1 reputation when they remove one (RR-64), and an
objective in play whose last marker is gone is discarded (ROTE "Immediate Objectives";
Rebel Cell, Show No Fear). Secure the Plans (a mission of the Rise of the Empire deck:
while its marker is on the board, Death Star Plans cannot be played, RR-67) has no
removal effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Pass, RemoveMarker
from ..board import Board
from ..data import IMPERIAL, MARKERS, NUM_SYSTEMS, REBEL, marker_id
from ..decisions import RemoveMarkers
from ..events import MarkerPlaced, MarkerRemoved

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "REMOVAL_EFFECTS",
    "kinds_at",
    "markers_left",
    "offer_removals",
    "place_marker",
    "put_marker",
    "removable",
    "remove_marker",
    "remove_markers",
]

KINDS = range(len(MARKERS))


def raid_outposts_removed(s: RebellionState, x: int, by: int) -> None:
    """Raid Outposts: 1 reputation when the Rebels removed it; the card leaves play with
    its last marker (RR-64)."""
    from .objective_play import marker_removed

    marker_removed(s, x, RAID_OUTPOSTS, by)


def rebel_cell_removed(s: RebellionState, x: int, by: int) -> None:
    """Rebel Cell: the card leaves play with its marker (RR-65)."""
    from .objective_play import marker_removed

    marker_removed(s, x, REBEL_CELL, by)


def show_no_fear_removed(s: RebellionState, x: int, by: int) -> None:
    """Show No Fear: the card leaves play with its marker (RR-66)."""
    from .objective_play import marker_removed

    marker_removed(s, x, SHOW_NO_FEAR, by)


RAID_OUTPOSTS = marker_id("Raid Outposts")
REBEL_CELL = marker_id("Rebel Cell")
SHOW_NO_FEAR = marker_id("Show No Fear")

REMOVAL_EFFECTS: dict[int, Callable[[RebellionState, int, int], None]] = {
    RAID_OUTPOSTS: raid_outposts_removed,
    REBEL_CELL: rebel_cell_removed,
    SHOW_NO_FEAR: show_no_fear_removed,
}
"""Marker kind -> ``effect(state, system, by)``: what removing such a marker does (the
card that placed it says); ``by`` is the side that removed it (for a destroyed system,
the side that destroyed it). Kinds not in the table have no removal effect (Secure the
Plans' card, a mission, comes with the mission decks)."""


# ---------------------------------------------------------------- placing
def kinds_at(b: Board, x: int) -> list[int]:
    """The marker kinds in system ``x``."""
    m = b.markers[x]
    return [k for k in KINDS if m >> k & 1]


def markers_left(b: Board, kind: int) -> int:
    """Markers of ``kind`` in the supply (the box less those on the board)."""
    return MARKERS[kind].count - sum(m >> kind & 1 for m in b.markers)


def put_marker(b: Board, x: int, kind: int) -> None:
    """Put a marker of ``kind`` in system ``x``: one of a kind per system, from the supply."""
    if not 0 <= x < NUM_SYSTEMS:
        raise ValueError(f"a target marker goes in a system, not location {x}")
    if b.markers[x] >> kind & 1:
        raise ValueError(f"system {x} already holds a {MARKERS[kind].name} marker")
    if markers_left(b, kind) <= 0:
        raise ValueError(f"no {MARKERS[kind].name} marker left in the supply")
    b.markers[x] |= 1 << kind


def place_marker(s: RebellionState, x: int, kind: int) -> None:
    """A card places a target marker of ``kind`` in system ``x``."""
    put_marker(s.board, x, kind)
    s.emit(MarkerPlaced(system=x, marker=kind))


# ---------------------------------------------------------------- removing
def remove_marker(s: RebellionState, x: int, kind: int, by: int, reason: str) -> None:
    """The marker goes back to the supply; its card's removal effect resolves."""
    s.board.markers[x] &= ~(1 << kind)
    s.emit(MarkerRemoved(system=x, marker=kind, by=by, reason=reason))
    effect = REMOVAL_EFFECTS.get(kind)
    if effect is not None:
        effect(s, x, by)


def remove_markers(s: RebellionState, x: int, by: int, reason: str = "destroyed") -> None:
    """System ``x`` is destroyed (by side ``by``), or a card clears it (Single Reactor
    Ignition): all its markers are removed and their removal effects resolve, in marker
    order."""
    for kind in kinds_at(s.board, x):
        if s.is_terminal:
            return
        remove_marker(s, x, kind, by, reason)


def removable(s: RebellionState, p: int) -> list[Action]:
    """The markers ``p`` may remove now: a ground unit of ``p`` and none of the opponent's
    in the marker's system."""
    b = s.board
    out: list[Action] = []
    for x in range(NUM_SYSTEMS):
        if b.markers[x] and b.has_ground(x, p) and not b.has_ground(x, 1 - p):
            out.extend(RemoveMarker(x, k) for k in kinds_at(b, x))
    return out


# ---------------------------------------------------------------- the checkpoints (RR-38)
def offer_removals(s: RebellionState, after: str, last: int = -1) -> bool:
    """A removal checkpoint: ask the first side that may remove a marker, Rebels first
    (RR-16). True if a decision was pushed; then play goes on with ``after`` once both
    sides are done (:func:`go_on`)."""
    if not any(s.board.markers):
        return False
    for p in (REBEL, IMPERIAL):
        if removable(s, p):
            s.stack.append(RemoveMarkers(player=p, after=after, last=last))
            return True
    return False


def legal_remove(s: RebellionState, d: RemoveMarkers) -> list[Action]:
    return [*removable(s, d.player), Pass()]


def apply_remove(s: RebellionState, d: RemoveMarkers, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, RemoveMarker):
        remove_marker(s, a.system, a.marker, d.player, "removed")
        if s.is_terminal:
            return
        if removable(s, d.player):
            s.stack.append(d)
            return
    if d.player == REBEL and removable(s, IMPERIAL):
        s.stack.append(RemoveMarkers(player=IMPERIAL, after=d.after, last=d.last))
        return
    go_on(s, d.after, d.last)


def go_on(s: RebellionState, after: str, last: int) -> None:
    """Play goes on after a checkpoint."""
    if after == "turn":
        from .command import pass_turn_on

        pass_turn_on(s, last)
    elif after == "end_command":
        from .command import end_command

        end_command(s)
    else:
        from .refresh import end_refresh

        end_refresh(s)
