"""The facts of the combat being fought, kept on the state while it lasts (research §5, §8.7).

``system`` is -1 when no combat is being fought. Damage is tracked per unit
type as the damage of each damaged figure, most damaged first: figures of one
type differ only by their damage, so a choice of figure is a choice of
``(unit, damage)``. ``steps`` is the combat's agenda, run in order by
:func:`.rules.combat.flow.advance`; a step that needs a choice pushes a decision and
the agenda goes on once it is made. The last fields are the combat's tallies the
objectives look at (:mod:`.rules.objective_play`).
"""

from __future__ import annotations

import attrs

from .data import UNITS

__all__ = ["Battle", "Step"]

Step = tuple[str, int, int, int]
"""An agenda step: (name, player or -1, theater index or -1, extra)."""


@attrs.define(kw_only=True, slots=True, eq=True)
class Battle:
    system: int = -1
    attacker: int = -1
    """The current player of the combat (the player whose turn it is)."""
    after: str = ""
    round: int = 0
    came_from: list[int] = attrs.field(factory=list)
    """The systems the current player moved units in from to start the combat."""
    damage: list[list[int]] = attrs.field(factory=lambda: [[] for _ in UNITS])
    doomed: list[int] = attrs.field(factory=list)
    """Unit types of figures destroyed by a tactic card, removed once both cards are resolved."""
    first: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Per theater (0 space, 1 ground): who attacks first."""
    retreated: list[bool] = attrs.field(factory=lambda: [False, False])
    rolled: list[bool] = attrs.field(factory=lambda: [False, False])
    """Per side: rolled at least one die in this round's ground battle (structures, §8.6)."""
    chosen: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Per side: the tactic card chosen face down for this battle step (-1: none)."""
    revealed: bool = False
    canceled: list[bool] = attrs.field(factory=lambda: [False, False])
    picked: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Per side: the ability a defender picked before the current player (0 none, 1 top, 2 bottom)."""
    denied: list[list[int]] = attrs.field(factory=lambda: [[0, 0], [0, 0]])
    """Per side and theater: the round in which that side may play no card of that theater."""
    prevent: list[list[tuple[str, str, int]]] = attrs.field(factory=lambda: [[], []])
    """Per side: (colour or "", icon, n) dice the opponent removes at Assign Damage."""
    no_repair: list[bool] = attrs.field(factory=lambda: [False, False])
    """Per side: its units may not remove damage with specials in this battle step."""
    shield: list[int] = attrs.field(factory=lambda: [0, 0])
    """Per side: damage it removes from its ships after the opponent assigns damage."""
    dice: list[tuple[str, str]] = attrs.field(factory=list)
    """The attack being resolved: (colour, face) per die, in roll order."""
    marked: list[int] = attrs.field(factory=list)
    reroll_used: bool = False
    retreat_round: list[int] = attrs.field(factory=lambda: [0, 0])
    """Per side: the round in which it retreated (0: not yet)."""
    ground_lost: list[bool] = attrs.field(factory=lambda: [False, False])
    """Per side: one of its ground units was destroyed this round."""
    round_end: list[list[str]] = attrs.field(factory=lambda: [[], []])
    """Per side: end-of-round abilities of this round's cards ("capture", "rescue",
    "confront:<card>")."""
    frozen: list[tuple[int, int]] = attrs.field(factory=list)
    """(unit, damage) of figures that may not remove damage in this battle step."""
    last_hit: tuple[int, int] = (-1, -1)
    """The figure a card damaged last: (unit, its damage now)."""
    steps: list[Step] = attrs.field(factory=list)
    # what the objectives look at (RR-59, RR-60)
    fought: list[bool] = attrs.field(factory=lambda: [False, False])
    """Per theater: a battle of it was fought in this combat."""
    health_lost: list[int] = attrs.field(factory=lambda: [0, 0])
    """Per theater: printed health of the Imperial units destroyed in this combat."""
    destroyers: int = 0
    """Star Destroyers and Super Star Destroyers destroyed in this combat."""
    subjugated: bool = False
    """The system was subjugated when the combat began."""
    objective_played: bool = False
    """The Rebels played this combat's objective (one per combat)."""
    plans_round: int = 0
    """The round Death Star Plans was rolled in (0: not yet; once a round)."""
    # the Start of Combat action cards in force (:mod:`.rules.action_cards`)
    fewer_dice: bool = False
    """According to My Design: the Rebels roll 1 red and 2 black dice fewer in round 1."""
    no_retreat: list[bool] = attrs.field(factory=lambda: [False, False])
    """Per side: its units may not retreat (Keep Them from Escaping)."""
    ready: list[int] = attrs.field(factory=list)
    """Leaders brought in by Ready for Action: they cannot retreat, back to the pool after."""
    point_blank: bool = False
    """Point-Blank Assault: every unit here has 1 health less (at least 1)."""
    black_as_red: bool = False
    """Target the Star Destroyers: up to 2 Rebel black hits a space battle count as red."""
    good_intel: bool = False
    """Good Intel: the Rebels choose their tactic cards face up in this combat (RR-160)."""

    @property
    def active(self) -> bool:
        return self.system >= 0

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        b.system = self.system
        b.attacker = self.attacker
        b.after = self.after
        b.round = self.round
        b.came_from = self.came_from[:]
        b.damage = list(map(list.copy, self.damage))
        b.doomed = self.doomed[:]
        b.first = self.first[:]
        b.retreated = self.retreated[:]
        b.rolled = self.rolled[:]
        b.chosen = self.chosen[:]
        b.revealed = self.revealed
        b.canceled = self.canceled[:]
        b.picked = self.picked[:]
        b.denied = list(map(list.copy, self.denied))
        b.prevent = list(map(list.copy, self.prevent))
        b.no_repair = self.no_repair[:]
        b.shield = self.shield[:]
        b.dice = self.dice[:]
        b.marked = self.marked[:]
        b.reroll_used = self.reroll_used
        b.retreat_round = self.retreat_round[:]
        b.ground_lost = self.ground_lost[:]
        b.round_end = list(map(list.copy, self.round_end))
        b.frozen = self.frozen[:]
        b.last_hit = self.last_hit
        b.steps = self.steps[:]
        b.fought = self.fought[:]
        b.health_lost = self.health_lost[:]
        b.destroyers = self.destroyers
        b.subjugated = self.subjugated
        b.objective_played = self.objective_played
        b.plans_round = self.plans_round
        b.fewer_dice = self.fewer_dice
        b.no_retreat = self.no_retreat[:]
        b.ready = self.ready[:]
        b.point_blank = self.point_blank
        b.black_as_red = self.black_as_red
        b.good_intel = self.good_intel
        return b


IDLE = Battle()
"""The battle of a state with no combat, as loads read it back (``Game.shared_on_load``):
shared, like the idle battle a clone shares with its state, since nothing writes to an
idle battle (a combat puts a new one in its place)."""
