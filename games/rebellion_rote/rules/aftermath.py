"""What follows a change of the board, wherever it happens (research §4.1, §6.1-§6.3; RR-18).

* :func:`end_activation`: step 5 of an activation with no combat: the activated system's
  subjugation is settled (the board keeps every other system's subjugation right by itself
  and the state narrates it, :mod:`..board`).
* :func:`rescue_if_due`: a captive's system (the captured ring's leader, or one frozen in
  Carbonite) holds no Imperial unit any more.
* :func:`reveal_if_due`: the hidden base's system has Imperial loyalty or ground units;
  :func:`reveal_now` turns the base's card face up (everything on the Rebel Base space
  moves into its system). A check that reveals nothing rules out, for good until the base
  moves, every system with Imperial loyalty or ground units (``Board.ruled_out``).
* :func:`check_empire_win`: the Empire wins at once (its units alone in the revealed base's
  system, or the base's system destroyed, even while hidden).
* :func:`gain_loyalty_at`: a side gains loyalty in a system; Imperial loyalty may reveal
  the base there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import (
    base_reveal_due,
    empire_wins,
    gain_loyalty,
    release_held,
    rescue,
    rescues_due,
    reveal_base,
    rule_out_searched,
)
from ..data import IMPERIAL
from ..events import BaseRevealed, GameOver, LoyaltyChanged, Rescued

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "check_empire_win",
    "end_activation",
    "gain_loyalty_at",
    "rescue_if_due",
    "reveal_if_due",
    "reveal_now",
]


def end_activation(s: RebellionState) -> None:
    """Step 5 of the activation (research §4.3): Imperial ground units that moved into the
    activated system subjugate it now (:func:`..board.release_held`), told at once."""
    release_held(s.board)
    if s.board.changes:
        s.narrate_subjugation()


def rescue_if_due(s: RebellionState) -> None:
    """Every captive whose system holds no Imperial unit any more is rescued (research §6.3)."""
    b = s.board
    for leader in rescues_due(b):
        s.emit(Rescued(leader=leader, dst=rescue(b, leader, s.base)))


def reveal_now(s: RebellionState) -> None:
    """Turn the base's probe card face up; the Rebel Base space empties into its system."""
    base = s.base
    s.move(base, "base", "base_face_up")
    reveal_base(s.board, base)
    s.emit(BaseRevealed(card=base))


def reveal_if_due(s: RebellionState) -> bool:
    """Reveal the hidden base if Imperial loyalty or ground units are in its system; if not,
    no system with Imperial loyalty or ground units holds it."""
    if base_reveal_due(s.board, s.base):
        reveal_now(s)
        return True
    rule_out_searched(s.board)
    return False


def check_empire_win(s: RebellionState) -> bool:
    """End the game if the Empire has won (research §4.1, RR-18)."""
    b = s.board
    base = s.base
    if not empire_wins(b, base):
        return False
    if b.destroyed[base]:
        reason = "the Rebel base's system was destroyed"
    else:
        reason = "Imperial units hold the Rebel base's system"
    s.emit(GameOver(winner=IMPERIAL, reason=reason))
    s.finish([-1.0, 1.0])
    return True


def gain_loyalty_at(s: RebellionState, side: int, system: int, amount: int) -> None:
    """``side`` gains ``amount`` loyalty in ``system``; the subjugation marker follows at once
    (:func:`..board.gain_loyalty`: Imperial loyalty removed where an Imperial ground unit
    stands subjugates the system, Imperial loyalty gained lifts the marker), told right
    after the loyalty change; Imperial loyalty in the hidden base's system reveals it
    (research §6.1), and the Empire may then have won."""
    b = s.board
    gain_loyalty(b, system, side, amount)
    s.emit(
        LoyaltyChanged(system=system, loyalty=b.loyalty[system], subjugated=b.subjugated[system])
    )
    if reveal_if_due(s):
        check_empire_win(s)
