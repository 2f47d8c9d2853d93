"""The Rebel Space state: zones, the step machine's position, and the pack hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop import Action, Event, Rng, State, Vis, Zone
from tabletop.positions import Facts
from tabletop.targets import Target

from . import render
from .cards import CARD_FACTS, CARD_INFO, DECK_IDS, NUM_CARDS, OWNER
from .events import TurnBegan
from .rules import targets
from .rules.effects import keep_deck_search_possible
from .rules.flow import HANDLERS, advance
from .rules.turn import draw

__all__ = ["RebelSpaceState"]

ZONES = ("deck", "hand", "active", "inactive", "discard", "attached")
VIS = {
    "deck": Vis.HIDDEN,
    "hand": Vis.OWNER,
    "active": Vis.PUBLIC,
    "inactive": Vis.PUBLIC,
    "discard": Vis.PUBLIC,
    "attached": Vis.PUBLIC,
}


def _no_host() -> list[int]:
    return [-1] * NUM_CARDS


@attrs.define(kw_only=True, slots=True, eq=False)
class RebelSpaceState(State):
    """A game of Rebel Space. Player 0 is the Rebel, player 1 the Imperial.

    ``phase`` is the phase of the turn (draw, attack, deploy, end), ``step``
    the rule that runs next (see ``rules/flow.py``); the attack and battle
    fields are described in ``rules/attack.py`` and ``rules/battle.py``.
    """

    turn: int = 0
    turn_number: int = 1
    phase: str = "draw"
    step: str = "draw"
    budget: int = 0
    pending: int = -1
    host: list[int] = attrs.field(factory=_no_host)
    # attack phase
    groups: list[list[int]] = attrs.field(factory=list)
    group_space: list[bool] = attrs.field(factory=list)
    blocks: list[list[int]] = attrs.field(factory=list)
    through: list[bool] = attrs.field(factory=list)
    cur: int = 0
    forming: list[int] = attrs.field(factory=list)
    forming_space: bool = False
    attacked: list[int] = attrs.field(factory=list)
    used: list[int] = attrs.field(factory=list)
    ion_used: list[int] = attrs.field(factory=list)
    boost: list[int] = attrs.field(factory=lambda: [0, 0, 0, 0])
    extra_attacks: int = 0
    # battle
    b_att: list[int] = attrs.field(factory=list)
    b_def: list[int] = attrs.field(factory=list)
    b_space: bool = False
    b_damage: bool = False
    psi_turn: int = 0
    psi_passes: int = 0
    battle_psi: list[int] = attrs.field(factory=list)
    cas_units: list[int] = attrs.field(factory=list)
    cas_budget: int = 0
    cas_picker: int = 0
    cas_winner_attacks: bool = False

    # ------------------------------------------------------------ set-up (RS-01, RS-02)
    def _setup(self) -> None:
        for p in (0, 1):
            for name in ZONES:
                self.add_zone(Zone(f"{name}{p}", p, VIS[name]))
        for p in (0, 1):
            deck = list(DECK_IDS[p])
            self.rng.shuffle(deck)
            self.zones[f"deck{p}"] = deck
        for p in (0, 1):
            draw(self, p, self.options.starting_hand)
        self.emit(TurnBegan(player=0, number=1))
        advance(self)

    # ------------------------------------------------------------ hooks
    def _legal_actions(self) -> list[Action]:
        """The generator of the decision on top (copies that look the same are
        offered once: each generator passes its cards through ``distinct_copies``)."""
        top = self.stack[-1]
        return HANDLERS[top.kind][0](self, top.player)

    def _apply(self, action: Action) -> None:
        top = self.stack.pop()
        HANDLERS[top.kind][1](self, top.player, action)
        advance(self)

    def _describe(self, action: Action) -> str:
        return render.describe(self, action)

    def _prompt(self) -> str:
        return render.prompt(self)

    def _over_prompt(self) -> str:
        return render.over(self)

    def _narrate(self, event: Event) -> str:
        return render.narrate(self, event)

    def _render(self, player: int | None) -> str:
        return render.render(self, player)

    def _explain(self, action: Action) -> str:
        return render.explain(self, action)

    def _card_info(self, card: int) -> dict[str, Any] | None:
        """Name, side, type, ratings, cost, flags and printed notes, and the card's text."""
        return dict(CARD_INFO[card]) if 0 <= card < NUM_CARDS else None

    def _card_facts(self) -> dict[int, dict[str, Any]]:
        """Every card's :meth:`_card_info` at once, for views."""
        return CARD_FACTS

    def _view_cards(self, player: int | None, state_view: dict[str, Any]) -> list[int]:
        """The cards of the attack and the battle, the attachments and their heroes, the
        converted heroes and the card being resolved (all public)."""
        out: list[int] = [int(c) for c in state_view["attached"]]
        out.extend(state_view["attached"].values())
        out.extend(state_view["converted"])
        att = state_view["attack"]
        for key in ("groups", "blocks"):
            for g in att[key]:
                out.extend(g)
        for key in ("forming", "used_defenders", "ion_cannons_fired"):
            out.extend(att[key])
        battle = state_view["battle"]
        for key in ("attackers", "defenders", "psi"):
            out.extend(battle[key])
        if state_view["resolving"] is not None:
            out.append(state_view["resolving"])
        return [c for c in out if c >= 0]

    def _targets(self, action: Action) -> Sequence[Target]:
        return targets.targets(self, action)

    def _target_shown(self, target: Target, view: dict[str, Any]) -> str:
        why = targets.target_shown(self, target, view)
        return State._target_shown(self, target, view) if why is None else why

    def _played_card(self, action: Action) -> str | None:
        """A card deployed, played (an Act or State card, a Psi card, Surprise
        Attack or Trap) from hand; not a target, a casualty or a discard."""
        from .actions import Boost, Deploy, PlayCard, PlayPsi

        if isinstance(action, Deploy | PlayCard | PlayPsi | Boost):
            return str(CARD_INFO[action.card]["name"])
        return None

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "turn_number": self.turn_number,
            "phase": self.phase,
            "step": self.step,
            "step_text": render.step_text(self),
            "deploy_points_left": self.budget,
            "resolving": self.pending if self.pending >= 0 else None,
            "attached": {str(c): self.host[c] for p in (0, 1) for c in self.zones[f"attached{p}"]},
            "converted": sorted(
                c
                for p in (0, 1)
                for name in ("active", "inactive")
                for c in self.zones[f"{name}{p}"]
                if OWNER[c] != p
            ),
            "attack": {
                "groups": [g[:] for g in self.groups],
                "space": self.group_space[:],
                "blocks": [g[:] for g in self.blocks],
                "through": self.through[:],
                "current": self.cur,
                "forming": self.forming[:],
                "forming_space": self.forming_space,
                "used_defenders": self.used[:],
                "ion_cannons_fired": self.ion_used[:],
                "surprise_attack": self.boost[:2],
                "trap": self.boost[2:],
                "extra_attack_phases": self.extra_attacks,
            },
            "battle": {
                "attackers": self.b_att[:],
                "defenders": self.b_def[:],
                "space": self.b_space,
                "damage": self.b_damage,
                "psi": self.battle_psi[:],
                "losses_left": self.cas_budget,
            },
        }

    def _position(self, facts: Facts) -> None:
        """Set up this new state as a position document says (``position.py``)."""
        from .position import read_position

        read_position(self, facts)

    def _position_facts(self) -> dict[str, Any]:
        """This state's position document (``position.py``): at a decision of the
        draw, declaring or forming groups, deploy, attach, end, target or hand limit."""
        from .position import position_facts

        return position_facts(self)

    def _resample(self, player: int, rng: Rng) -> None:
        keep_deck_search_possible(self, player, rng)

    def _copy_into(self, new: State) -> None:
        """Copy the pack's fields into the clone ``new``. The lists the rules
        replace and never change in place are shared: ``host`` (``units.set_host``),
        ``attacked``, ``used``, ``ion_used``, ``boost``, ``b_att``, ``b_def``,
        ``battle_psi`` and ``cas_units`` (``common.without``). ``groups`` and the
        lists parallel to it are copied, only when a group was declared, and
        ``forming`` (it becomes a group, changed in place)."""
        if TYPE_CHECKING:  # clone() passes a new state of this class (no check at run time)
            assert isinstance(new, RebelSpaceState)
        new.turn = self.turn
        new.turn_number = self.turn_number
        new.phase = self.phase
        new.step = self.step
        new.budget = self.budget
        new.pending = self.pending
        new.host = self.host
        if self.groups:
            new.groups = list(map(list.copy, self.groups))
            new.group_space = self.group_space[:]
            new.blocks = list(map(list.copy, self.blocks))
            new.through = self.through[:]
        else:
            new.groups, new.group_space, new.blocks, new.through = [], [], [], []
        new.cur = self.cur
        new.forming = self.forming[:]
        new.forming_space = self.forming_space
        new.attacked = self.attacked
        new.used = self.used
        new.ion_used = self.ion_used
        new.boost = self.boost
        new.extra_attacks = self.extra_attacks
        new.b_att = self.b_att
        new.b_def = self.b_def
        new.b_space = self.b_space
        new.b_damage = self.b_damage
        new.psi_turn = self.psi_turn
        new.psi_passes = self.psi_passes
        new.battle_psi = self.battle_psi
        new.cas_units = self.cas_units
        new.cas_budget = self.cas_budget
        new.cas_picker = self.cas_picker
        new.cas_winner_attacks = self.cas_winner_attacks
