"""The pending decisions: who decides now, and about what.

The flow (``rules/flow.py``) pushes exactly one of these whenever a player
must choose; its ``kind`` selects the legal actions and the handler. The
details (which group, which card is being played) are in the state's fields,
so a decision carries only the deciding player.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

__all__ = ["DECISION_CLASSES", "ask"]


@attrs.frozen(kw_only=True)
class ChooseDraw(Decision):
    """Draw phase: draw 1 or 2."""

    kind: ClassVar[str] = "choose_draw"


@attrs.frozen(kw_only=True)
class DeclareGroups(Decision):
    """Attack phase: start a group, play Multiple Targets, or stop."""

    kind: ClassVar[str] = "declare_groups"


@attrs.frozen(kw_only=True)
class FormGroup(Decision):
    """Add a unit to the attacking group being formed, or close it."""

    kind: ClassVar[str] = "form_group"


@attrs.frozen(kw_only=True)
class SurpriseWindow(Decision):
    """Attacker may play Surprise Attack before blocks."""

    kind: ClassVar[str] = "surprise_window"


@attrs.frozen(kw_only=True)
class IonCannon(Decision):
    """Defender's Ion Cannon may destroy a Ship of the current group."""

    kind: ClassVar[str] = "ion_cannon"


@attrs.frozen(kw_only=True)
class BlockChoice(Decision):
    """Defender blocks the current attacking group or lets it through."""

    kind: ClassVar[str] = "block_choice"


@attrs.frozen(kw_only=True)
class FormBlock(Decision):
    """Add a unit to the blocking group being formed, or close it."""

    kind: ClassVar[str] = "form_block"


@attrs.frozen(kw_only=True)
class TrapWindow(Decision):
    """Defender may play Trap after blocks."""

    kind: ClassVar[str] = "trap_window"


@attrs.frozen(kw_only=True)
class UnblockedChoice(Decision):
    """Unblocked group: damage the deck or target a unit."""

    kind: ClassVar[str] = "unblocked_choice"


@attrs.frozen(kw_only=True)
class PsiWindow(Decision):
    """Play a Psi card onto a Psionic hero in this battle, or pass."""

    kind: ClassVar[str] = "psi_window"


@attrs.frozen(kw_only=True)
class PickCasualty(Decision):
    """The loser picks the winner's next lost unit."""

    kind: ClassVar[str] = "pick_casualty"


@attrs.frozen(kw_only=True)
class DeployChoice(Decision):
    """Deploy phase: deploy a card or end the phase."""

    kind: ClassVar[str] = "deploy_choice"


@attrs.frozen(kw_only=True)
class AttachChoice(Decision):
    """Choose the hero the deployed item or companion joins."""

    kind: ClassVar[str] = "attach_choice"


@attrs.frozen(kw_only=True)
class EndPhaseChoice(Decision):
    """End phase: play an end-phase card or end the turn."""

    kind: ClassVar[str] = "end_phase_choice"


@attrs.frozen(kw_only=True)
class TargetChoice(Decision):
    """Choose the target of the card just played."""

    kind: ClassVar[str] = "target_choice"


@attrs.frozen(kw_only=True)
class HandLimit(Decision):
    """Discard down to the hand limit."""

    kind: ClassVar[str] = "hand_limit"


DECISION_CLASSES: list[type[Decision]] = [
    ChooseDraw,
    DeclareGroups,
    FormGroup,
    SurpriseWindow,
    IonCannon,
    BlockChoice,
    FormBlock,
    TrapWindow,
    UnblockedChoice,
    PsiWindow,
    PickCasualty,
    DeployChoice,
    AttachChoice,
    EndPhaseChoice,
    TargetChoice,
    HandLimit,
]

_MADE: dict[type[Decision], tuple[Decision, Decision]] = {
    cls: (cls(player=0), cls(player=1)) for cls in DECISION_CLASSES
}


def ask(cls: type[Decision], player: int) -> Decision:
    """The decision ``cls`` for ``player``: made once per seat (a decision is frozen
    and carries only the player, so every state shares the same two)."""
    return _MADE[cls][player]
