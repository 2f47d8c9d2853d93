"""What the Empire has been told of the hidden Rebel base (research §6.1, §7.2; RR-73).

Some cards make the Rebels state a fact about their hidden base, and the fact is then
public: Long Range Probe (the base is, or is not, in this system), Interrogation Droid
(the base is in one of 3 named systems), Homing Beacon (the rescued leader is placed
in the base's region), Single Reactor Ignition (the base is not in this system).
They narrow ``Board.ruled_out`` (the systems the base cannot be in, public), as the
rules' other public facts do (a base-reveal check that found nothing, Rebel units moving
to or from the Rebel Base space, :mod:`..board`); ``RebellionState.base_mask`` reads it as
a bit mask of the systems the base may still be in (bit ``x``: system ``x``). When the
base moves (Rapid Mobilization) the old facts go: only the systems a new base may not be
in stay ruled out.

A determinisation for the Empire re-deals the hidden base among the probe cards it has
not seen (the core's re-deal of the ``probes`` pool); :func:`keep_base_consistent` then
moves it, if need be, to a system that fits every such fact, that would not already
have revealed it and that is not destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Rng

from ..data import IMPERIAL, NUM_SYSTEMS, SYSTEMS

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "ALL_SYSTEMS",
    "base_fits",
    "hidden_places",
    "keep_base_consistent",
    "mask_systems",
    "narrow",
    "region_mask",
    "rule_out",
    "system_mask",
]

ALL_SYSTEMS = (1 << NUM_SYSTEMS) - 1
"""The mask with every system: nothing is known of the base."""
REGION: tuple[int, ...] = tuple(x.region for x in SYSTEMS)


def system_mask(systems: tuple[int, ...] | list[int]) -> int:
    out = 0
    for x in systems:
        out |= 1 << x
    return out


def region_mask(region: int) -> int:
    """Every system of ``region``."""
    return system_mask([x for x in range(NUM_SYSTEMS) if REGION[x] == region])


def mask_systems(mask: int) -> list[int]:
    """The systems of a mask, in id order."""
    return [x for x in range(NUM_SYSTEMS) if mask >> x & 1]


def narrow(s: RebellionState, mask: int) -> None:
    """A public fact: the base is in one of the systems of ``mask``."""
    s.base_mask &= mask


def rule_out(s: RebellionState, x: int) -> None:
    """A public fact: the base is not in system ``x``."""
    s.base_mask &= ~(1 << x)


def base_fits(s: RebellionState, c: int) -> bool:
    """Whether the hidden base may be in system ``c`` as far as the public facts go: in
    ``base_mask`` and not destroyed."""
    # not base_reveal_due: mid-move, Imperial ground units may stand where the base is
    # (the check comes when the movement ends); a check that found nothing rules out
    return bool(s.base_mask >> c & 1) and not s.board.destroyed[c]


def hidden_places(s: RebellionState) -> list[tuple[list[int], int]]:
    """The places (zone, index) of the probe cards the Empire does not know the place of
    (in the deck, or among those the Rebels are looking at to relocate) whose system the
    base may be in (:func:`base_fits`): where a determinisation may put the base."""
    out: list[tuple[list[int], int]] = []
    for name in ("probe_deck", "probe_look"):
        z = s.zones[name]
        known = s.known_to(name, IMPERIAL)
        out.extend((z, i) for i, c in enumerate(z) if base_fits(s, c) and c not in known)
    return out


def keep_base_consistent(s: RebellionState, rng: Rng) -> None:
    """The Empire's determinisation: a re-dealt hidden base that contradicts a public fact
    (outside ``base_mask``, or destroyed) changes places with a hidden probe card that fits
    them all (:func:`hidden_places`), picked at random."""
    base = s.zones["base"]
    if not base or base_fits(s, base[0]):
        return
    free = hidden_places(s)
    if free:
        z, i = free[rng.below(len(free))]
        z[i], base[0] = base[0], z[i]
