"""The step machine: which rule runs next, and which handler answers a decision.

``state.step`` names where the game stands. :func:`advance` runs the step
functions (each either pushes one decision or moves ``step`` on) until a player
must decide or the game ends. A decision's kind picks its legal-action
generator and its handler; a handler changes the state and ``step``, and never
pushes a decision itself, so every decision comes from a step function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import attack, battle, turn

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState

Step = Callable[["RebelSpaceState"], None]
Legal = Callable[["RebelSpaceState", int], "list[Action]"]
Apply = Callable[["RebelSpaceState", int, "Action"], None]

STEPS: dict[str, Step] = {
    "draw": turn.step_draw,
    "activate": turn.step_activate,
    "attack_start": attack.step_attack_start,
    "declare": attack.step_declare,
    "form_group": attack.step_form_group,
    "surprise": attack.step_surprise,
    "ion": attack.step_ion,
    "block": attack.step_block,
    "form_block": attack.step_form_block,
    "trap": attack.step_trap,
    "resolve": attack.step_resolve,
    "psi": battle.step_psi,
    "fight": battle.step_fight,
    "casualty": battle.step_casualty,
    "attack_end": attack.step_attack_end,
    "deploy": turn.step_deploy,
    "attach": turn.step_attach,
    "end": turn.step_end,
    "target": turn.step_target,
    "limit": turn.step_limit,
}

HANDLERS: dict[str, tuple[Legal, Apply]] = {
    "choose_draw": (turn.legal_draw, turn.apply_draw),
    "declare_groups": (attack.legal_declare, attack.apply_declare),
    "form_group": (attack.legal_form_group, attack.apply_form_group),
    "surprise_window": (attack.legal_surprise, attack.apply_surprise),
    "ion_cannon": (attack.legal_ion, attack.apply_ion),
    "block_choice": (attack.legal_block, attack.apply_block),
    "form_block": (attack.legal_form_block, attack.apply_form_block),
    "trap_window": (attack.legal_trap, attack.apply_trap),
    "unblocked_choice": (attack.legal_unblocked, attack.apply_unblocked),
    "psi_window": (battle.legal_psi, battle.apply_psi),
    "pick_casualty": (battle.legal_casualty, battle.apply_casualty),
    "deploy_choice": (turn.legal_deploy, turn.apply_deploy),
    "attach_choice": (turn.legal_attach, turn.apply_attach),
    "end_phase_choice": (turn.legal_end, turn.apply_end),
    "target_choice": (turn.legal_target, turn.apply_target),
    "hand_limit": (turn.legal_limit, turn.apply_limit),
}


def advance(s: RebelSpaceState) -> None:
    """Run the rules until a player must decide or the game is over."""
    steps = STEPS
    while s.result is None and not s.stack:
        steps[s.step](s)
