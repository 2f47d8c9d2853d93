"""The pending decisions: who decides now, and about what.

The flow (``rules/flow.py``) pushes exactly one of these whenever a player
must choose; its ``kind`` selects the legal actions and the handler.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Decision

__all__ = ["DECISION_CLASSES"]


def _d(kind: str, doc: str) -> type[Decision]:
    cls = attrs.frozen(kw_only=True)(
        type(
            "".join(w.capitalize() for w in kind.split("_")),
            (Decision,),
            {"__doc__": doc, "__annotations__": {"kind": ClassVar[str]}, "kind": kind},
        )
    )
    return cls


ChooseDraw = _d("choose_draw", "Draw phase: draw 1 or 2.")
DeclareGroups = _d("declare_groups", "Attack phase: start a group, play Multiple Targets, or stop.")
FormGroup = _d("form_group", "Add a unit to the attacking group being formed, or close it.")
SurpriseWindow = _d("surprise_window", "Attacker may play Surprise Attack before blocks.")
IonCannon = _d("ion_cannon", "Defender's Ion Cannon may destroy a Ship of the current group.")
BlockChoice = _d("block_choice", "Defender blocks the current attacking group or lets it through.")
FormBlock = _d("form_block", "Add a unit to the blocking group being formed, or close it.")
TrapWindow = _d("trap_window", "Defender may play Trap after blocks.")
UnblockedChoice = _d("unblocked_choice", "Unblocked group: damage the deck or target a unit.")
PsiWindow = _d("psi_window", "Play a Psi card onto a Psionic hero in this battle, or pass.")
PickCasualty = _d("pick_casualty", "The loser picks the winner's next lost unit.")
DeployChoice = _d("deploy_choice", "Deploy phase: deploy a card or end the phase.")
AttachChoice = _d("attach_choice", "Choose the hero the deployed item or companion joins.")
EndPhaseChoice = _d("end_phase_choice", "End phase: play an end-phase card or end the turn.")
TargetChoice = _d("target_choice", "Choose the target of the card just played.")
HandLimit = _d("hand_limit", "Discard down to the hand limit.")

DECISION_CLASSES = [
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
