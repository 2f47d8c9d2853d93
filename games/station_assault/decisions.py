"""The pending decisions: the top of ``state.stack`` says who decides what."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

__all__ = [
    "DECISION_CLASSES",
    "ChooseDestination",
    "ChooseMulligan",
    "ChooseShip",
    "ChooseTarget",
]


@attrs.frozen(kw_only=True)
class ChooseMulligan(Decision):
    """Keep the opening hand or draw a new one (SSA-04)."""

    kind: ClassVar[str] = "choose_mulligan"


@attrs.frozen(kw_only=True)
class ChooseShip(Decision):
    """Which available ship of the current Speed acts this turn (SSA-05, SSA-06)."""

    kind: ClassVar[str] = "choose_ship"


@attrs.frozen(kw_only=True)
class ChooseDestination(Decision):
    """Where ``card`` goes: a cell, or stay (a ship in play only)."""

    kind: ClassVar[str] = "choose_destination"
    card: int
    from_hand: bool


@attrs.frozen(kw_only=True)
class ChooseTarget(Decision):
    """Which adjacent enemy card ``card`` fires at (SSA-09)."""

    kind: ClassVar[str] = "choose_target"
    card: int


DECISION_CLASSES = [ChooseMulligan, ChooseShip, ChooseDestination, ChooseTarget]
