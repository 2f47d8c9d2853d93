"""A destroyed system (research §6.2 "Destroyed systems", §4.1; RR-45).

:func:`destroy_system` places the destroyed marker and does everything it implies, in
this order:

1. the subjugation marker goes at once (told right after the destruction); every Rebel
   ground unit there is destroyed (structures too); the sabotage marker, the target
   markers and the loyalty marker go;
2. the Empire wins at once if it was the Rebel base's system, revealed or hidden
   (research §4.1); the game then ends here;
3. the Imperial ground units beyond the transport capacity of the Imperial ships there
   are destroyed, the Empire choosing which one at a time (``destroy <unit> 0``) when
   more than one type is there; leaders are unaffected; a captive is rescued if no
   Imperial unit is left.

What stays true afterwards is honoured where it is looked up: the system has no loyalty
and no resource icons and is neither populous nor remote (no subjugation, no loyalty
gain, no building from it, no deployment by loyalty, no new base there, not a remote
system for a card), ground units enter it only within their side's transport capacity
there and no ground battle is fought in it; missions and cards still work there. Its
probe card stays where it is (RR-45).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Destroy
from ..board import GROUND_OF, NONE, destroy, transport_room
from ..data import IMPERIAL, REBEL
from ..decisions import LoseGroundUnits
from ..events import LoyaltyChanged, SabotageRemoved, SystemDestroyed, UnitsDestroyed
from .aftermath import check_empire_win, rescue_if_due
from .markers import remove_markers

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = ["destroy_system", "excess_ground"]

REASON = "system destroyed"


def destroy_system(s: RebellionState, x: int) -> bool:
    """Destroy system ``x``; True if the Empire must now choose ground units to lose (a
    :class:`LoseGroundUnits` decision is pushed; :func:`resume` follows it)."""
    b = s.board
    loyalty = b.loyalty[x]
    destroy(b, x)
    s.emit(SystemDestroyed(system=x))
    row = b.units[x]
    for u in GROUND_OF[REBEL]:
        if row[u]:
            n = row[u]
            b.remove_unit(u, x, n)
            s.emit(UnitsDestroyed(side=REBEL, unit=u, n=n, system=x, reason=REASON))
    if b.sabotage[x]:
        b.sabotage[x] = False
        s.emit(SabotageRemoved(system=x))
    remove_markers(s, x, IMPERIAL)  # removal effects resolve (ROTE, target markers)
    if loyalty != NONE:
        s.emit(LoyaltyChanged(system=x, loyalty=NONE, subjugated=False))
    if check_empire_win(s):
        return False
    return lose_excess(s, x)


def excess_ground(s: RebellionState, x: int) -> int:
    """Imperial ground units in ``x`` beyond the transport capacity of Imperial ships there."""
    return max(0, -transport_room(s.board, IMPERIAL, x))


def lose_excess(s: RebellionState, x: int) -> bool:
    """Destroy the excess Imperial ground units; ask the Empire which when it has a choice."""
    b = s.board
    while excess_ground(s, x):
        kinds = [u for u in GROUND_OF[IMPERIAL] if b.units[x][u]]
        if len(kinds) > 1:
            s.stack.append(LoseGroundUnits(player=IMPERIAL, system=x, left=excess_ground(s, x)))
            return True
        lose(s, kinds[0], x, excess_ground(s, x))
    after_losses(s, x)
    return False


def lose(s: RebellionState, u: int, x: int, n: int) -> None:
    s.board.remove_unit(u, x, n)
    s.emit(UnitsDestroyed(side=IMPERIAL, unit=u, n=n, system=x, reason=REASON))


def after_losses(s: RebellionState, x: int) -> None:
    rescue_if_due(s)


def legal_lose(s: RebellionState, d: LoseGroundUnits) -> list[Action]:
    row = s.board.units[d.system]
    return [Destroy(u, 0) for u in GROUND_OF[IMPERIAL] if row[u]]


def apply_lose(s: RebellionState, d: LoseGroundUnits, a: Action) -> None:
    assert isinstance(a, Destroy)
    s.stack.pop()
    lose(s, a.unit, d.system, 1)
    if not lose_excess(s, d.system):
        resume(s)


def resume(s: RebellionState) -> None:
    """The destruction was part of a mission's effects: the next effect follows."""
    from .missions import continue_mission

    continue_mission(s)
