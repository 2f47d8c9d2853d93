"""The state of a game: the board, the zones of cards, the phase and the pending decisions.

Player 0 is the Rebel player, player 1 the Imperial player. Card ids in zones
are unique across kinds (:mod:`.ids`): probe cards are system ids (0..31,
Coruscant has none), mission and project cards ``100 + i``, advanced tactic cards
``300 + i``, objective cards ``500 + i``, action cards ``600 + i``.

Zones (RR-17): ``probe_deck`` (hidden), ``probe_hand`` (the Empire's),
``base`` (the Rebel's: the probe card of the base's system), ``probes_out``
(probe cards out of the game, public), ``base_face_up`` (the revealed base's
card), ``probe_look`` (the probe cards the Rebels look at to relocate their base,
Rapid Mobilization); ``missions0`` / ``missions1`` (mission hands, projects in the
Empire's), ``mission_deck0`` / ``mission_deck1`` (hidden from both) and
``mission_discard0`` / ``mission_discard1`` (public), ``assigned0`` / ``assigned1``
(face-down assigned missions, in slot order;
the leaders on each slot are public in ``slots``), ``missions_played<side>`` (revealed
missions until clean-up); ``project_deck`` (hidden from both; the cards the Empire put
on its bottom are known to it), ``project_look`` (the Empire's: project cards drawn to
choose one to keep), ``project_discard`` (public); ``tactics_<side>_<theater>`` and
``tactic_discard_<side>_<theater>`` (advanced tactic decks and discards, all
public), ``tactics_removed_<side>`` (tactic cards out of the game, public);
``objective_deck`` and ``objectives_out`` (the objective deck and the cards left out
of the game, hidden from both), ``objective_hand`` (the Rebels'; the Empire sees how many
and the stage on each back), ``objectives_in_play`` (an Immediate card or Show No Fear
while its target markers are on the board, public) and ``objective_discard`` (public);
``action_deck<side>`` (the recruit deck, hidden from both; cards put on its bottom are
known to their owner), ``action_hand<side>`` (face-down action cards, hidden from the
other side), ``action_drawn<side>`` (the cards drawn to recruit, its owner's eyes
only), ``action_discard<side>`` (discarded with no effect, public) and
``action_box<side>`` (the starting action cards not drawn: its owner's eyes only,
RR-29), ``action_in_play<side>`` (a card played that acts later, public: Under the
Radar, Secret Facility, Sweep the Area), ``radar_probe`` (the probe card kept under
Under the Radar, the Rebels' eyes only, RR-172) and ``facility_probe`` /
``sweep_probe`` (the probe card hidden under each Imperial card, the Empire's eyes only,
RR-165); these three are in the probe cards' resample pool.

Resample pools: the hidden probe zones form one, so a determinisation re-deals the
base among the cards its player cannot see; each side's action deck, hand and drawn
cards form another (``actions<side>``); a mission hand and its face-down assignments
form a pool (the owner's), and ``_resample`` re-deals the other side's unseen mission-deck
cards there with its deck (:func:`.rules.mission_deck.redeal_decks`); for the Rebels'
determinisation ``_resample`` also swaps
the Empire's unseen project cards (hand, assignments, ``project_look``) with the
project deck's, so starting missions never enter the deck.

The stage on the back of each objective card is public: ``objective_backs`` gives it
for each deck position and ``objective_hand_backs`` for each card in the Rebels' hand
(RR-36), and a determinisation re-deals objective cards only within their stage, never
an Immediate card into the hand (:func:`.rules.objectives.redeal`, RR-68); the Rebels'
view gives the depth of each deck card they know (Infiltration). The Empire's view of
the hand is its count and backs, and the cards it was shown (Death Star Plans going back
to the hand, a card that reveals the hand).

What the public facts say about the hidden base is kept in ``Board.ruled_out`` (the
systems it cannot be in): base-reveal checks that found nothing, Rebel units moving to or
from the Rebel Base space, what the Rebels were made to say (Long Range Probe,
Interrogation Droid, Homing Beacon, Single Reactor Ignition), the first game's base rule;
``base_mask`` reads it as a bit mask of the systems the base may still be in. The
Empire's determinisation keeps the re-dealt base inside it (:mod:`.rules.base_clues`,
RR-73).

For the Empire's determinisation ``_resample`` also keeps what it knows of the Rebel
mission deck's cards (:func:`.rules.rebel_missions.redeal_for_empire`): the probe-deck
cards Plant False Lead put back (known to it, not where) are shuffled among their own
places, and a card Contingency Plan assigned stays a starting mission.

Hidden facts kept outside zones, re-dealt by ``_resample``: the other side's
face-down mission-set choice, its face-down tactic card (``battle.chosen``), its
face-down build placements (``builds``) and its face-down recruit choice
(``recruit_card`` / ``recruit_leader``), until both are in (RR-15). The re-deal of the
other side's action cards keeps what is public: the leader each card in hand
recruited (``hand_recruits``, RR-32).

The rules live in ``rules/``: each decision class maps to a pair of functions,
its legal actions and its effect (``rules.HANDLERS``).

What a user interface reads (:mod:`.table`, its docstring has the shapes): ``view["cards"]``
gives the facts of every card id the view names (``_card_info``: name, kind, side, text,
numbers); each legal action's ``targets`` (``_targets``: a system, unit, figure, leader,
card, die, roll-off die, marker, ring or build-queue space, with its role); the state
view's ``combat`` (``None`` when no combat is fought: the system, the round and theater,
each side's units with health and damage per figure, leaders with tactic values, the tactic
card chosen, hidden from the other side until both are in (RR-15), the tactic decks, the
attack's dice with the reroll marks and their source, what each side is doing), next to
the older index-based ``battle``; and ``resolving_card``, ``roll_off_card``,
``end_of_command_cards``: as card ids, the missions ``resolving``, ``roll_off`` and
``end_of_command`` hold as indexes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop import Action, Decision, Event, Rng, State
from tabletop.targets import Target

if TYPE_CHECKING:
    from tabletop.positions import Facts

from . import actions as A
from . import decisions as D
from . import render, table
from .battle import Battle
from .board import Board
from .data import IMPERIAL, MISSIONS, NUM_SYSTEMS, REBEL, TACTICS
from .events import GameOver, Subjugation
from .ids import mission_of, tactic_card, tactic_of
from .rules import HANDLERS, setup, team
from .rules.objectives import known_depths
from .rules.objectives import redeal as redeal_objectives

__all__ = ["RebellionState"]


@attrs.define(kw_only=True, slots=True, eq=False)
class RebellionState(State):
    board: Board = attrs.field(factory=Board)
    phase: str = "setup"
    round: int = 0
    mission_set: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Per side: 1 = Rise of the Empire missions, 0 = base missions, -1 = not chosen."""
    sets_revealed: bool = False
    rebel_setup_system: int = -1
    """The one system the Rebels chose for starting units (besides the base space)."""
    passed: list[bool] = attrs.field(factory=lambda: [False, False])
    slots: list[list[list[int]]] = attrs.field(factory=lambda: [[], []])
    """Per side, per face-down assigned mission (in ``assigned<side>`` order): its leaders."""
    builds: list[list[tuple[int, int]]] = attrs.field(factory=lambda: [[], []])
    """Refresh Phase: per side, (unit, location) placed this build step, face down (RR-15)."""
    build_used: list[list[tuple[int, int]]] = attrs.field(factory=lambda: [[], []])
    """Per side: (location, icon index) used this build step (hidden with ``builds``)."""
    leaving: list[int] = attrs.field(factory=list)
    """The units leaving queue space 1 that are still to deploy."""
    deployed: list[int] = attrs.field(factory=list)
    """Per location: units deployed there this Refresh Phase."""
    new_bunkers: list[int] = attrs.field(factory=list)
    """Systems a Shield Bunker was deployed to in this Refresh Phase."""
    battle: Battle = attrs.field(factory=Battle)
    """The combat being fought (``battle.system`` -1: none)."""
    doomed_leaders: list[int] = attrs.field(factory=list)
    """Leaders marked for elimination at the end of the Command Phase (Confrontation)."""
    end_of_command: list[tuple[int, int]] = attrs.field(factory=list)
    """Revealed missions resolved at the end of the Command Phase: (card, leaders assigned)."""
    recruit_card: list[int] = attrs.field(factory=lambda: [-1, -1])
    """A recruit icon: per side, the action card chosen face down (-1: not yet) (RR-15)."""
    recruit_leader: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Per side, the leader recruited with ``recruit_card`` (-1: none, the card is
    discarded with no effect, RR-30)."""
    hand_recruits: list[list[int]] = attrs.field(factory=lambda: [[], []])
    """Per side, aligned with ``action_hand<side>``: the leader each card recruited when it
    was kept (public), or -1 for a card gained otherwise."""
    objective_backs: list[int] = attrs.field(factory=list)
    """The stage printed on the back of each card of ``objective_deck``, in deck order
    (the end is the top): public (RR-36)."""
    combat_after_mission: int = -1
    """The system where the mission being resolved calls a combat once its steps are done
    (FAQ: a combat caused by a mission is resolved after all mission steps), or -1."""
    objective_hand_backs: list[int] = attrs.field(factory=list)
    """The stage on the back of each card of ``objective_hand``, in hand order: public."""
    objective_draws: int = 0
    """Objective cards still to draw in the draw being made (an Immediate card drawn
    waits for its markers, :func:`.rules.objectives.draw_objectives`)."""
    objective_then: str = ""
    """Where play goes on when that draw is over ("setup", "refresh", "mission")."""
    objective_kept: int = 0
    """How many cards that draw put into the hand (the last ones of the hand)."""
    resolving: list[int] = attrs.field(factory=list)
    """The mission whose effects are being resolved: [player, card, system, target,
    leaders, next effect, stop, portrait], or empty (:func:`.rules.missions.continue_mission`)."""
    # ------------------------------------------------------------ missions being played
    mission_leaders: list[int] = attrs.field(factory=list)
    """The leaders assigned to the mission being played, from its system's choice to its
    clean-up (public)."""
    roll_off: list[int] = attrs.field(factory=list)
    """A roll-off waiting for abilities on its dice: [attacker, card, system, target,
    leaders, portrait, successes the attacker adds], or empty (:mod:`.rules.missions`)."""
    mission_dice: list[list[tuple[str, str]]] = attrs.field(factory=lambda: [[], []])
    """Per side, the (colour, face) of each die it rolled in that roll-off (public)."""
    # ------------------------------------------------------------ the Rebel mission deck
    yoda_round: int = 0
    """The round in which the Master Yoda ring was last used (0: never; :mod:`.rules.rings`)."""
    misdirected: list[int] = attrs.field(factory=list)
    """Rebel leaders whose missions no Imperial pool leader may oppose this round
    (Misdirection, RR-87)."""
    attempt_bonus: list[tuple[int, int]] = attrs.field(factory=list)
    """(leader, successes) the leader adds to the next mission it attempts this round
    (Contingency Plan with Lando Calrissian, RR-86)."""
    reassigned: list[int] = attrs.field(factory=list)
    """Leaders Contingency Plan put on a face-down starting mission this Command Phase:
    the Empire knows their card is a starting mission, not which (RR-86)."""
    # ------------------------------------------------------------ action cards gained
    gains: list[tuple[int, int]] = attrs.field(factory=list)
    """Immediate action cards gained and still to resolve: (side, card), in order
    (:mod:`.rules.gains`)."""
    gains_then: str = ""
    """Where play goes on when they are resolved ("": the decision under them; "recruit")."""
    # ------------------------------------------------------------ the Imperial action cards
    watched: int = -1
    """Boba Fett? Where?: the system where Rebel leaders attempt no mission and use no
    action card this Command Phase, or -1 (:mod:`.rules.imperial_cards`)."""
    blindside: bool = False
    """Blindside was played on the mission being played: no Rebel pool leader opposes it."""
    pool_limit9: bool = False
    """Ambitions of Power was played: the Imperial leader pool limit is 9 for the game."""
    failed_at: int = -1
    """The system of the mission that just failed, until its clean-up (Post Bounty), or -1."""
    sweep_kept: int = 0
    """The round at the end of whose Command Phase the Empire kept Sweep the Area in play."""
    card_then: list[int] = attrs.field(factory=list)
    """What follows a capture by an Imperial action card once the Noble Sacrifice window
    is over (:func:`.rules.imperial_cards.after_card_capture`), or empty."""
    # ------------------------------------------------------------ the team game (RR-02)
    step_theater: int = -1
    """The theater of the combat agenda step being run (0 space, 1 ground, -1 none): who
    of a team decides in a battle (:mod:`.rules.team`)."""
    team_turn: int = -1
    """Team game: the Command turn's place in ``team.CYCLE`` (-1: none)."""
    team_passed: list[bool] = attrs.field(factory=lambda: [False] * 4)
    """Team game: per place in ``team.CYCLE``, the role passed this Command Phase."""
    team_assign: int = -1
    """Team game: the assigning seat's place in ``team.ASSIGN_ORDER`` (-1: none)."""
    team_declined: int = 0
    """Team game: how many seats declined the offer on top of the stack (0: none)."""
    team_mission: list[int] = attrs.field(factory=lambda: [-1, -1])
    """Team game: per side, the role that revealed the mission being resolved (-1: none)."""
    team_eoc: list[int] = attrs.field(factory=list)
    """Team game: the roles that revealed the missions resolved at the end of the Command
    Phase, in ``end_of_command`` order."""

    # ------------------------------------------------------------ helpers
    @property
    def base(self) -> int:
        """The Rebel base's system, or -1 before it is chosen (a secret of the Rebels)."""
        z = self.zones.get("base")
        if z:
            return z[0]
        z = self.zones.get("base_face_up")
        return z[0] if z else -1

    def emit(self, event: Event) -> None:
        """Record ``event``, then narrate the subjugation markers the board placed or
        removed by the change it tells of (``Board.changes``: subjugation follows the
        board at once, :mod:`.board`)."""
        self.log.append(event)
        if self.board.changes:
            self.narrate_subjugation()

    def narrate_subjugation(self) -> None:
        """A ``Subjugation`` event for each marker placed or removed and not told yet."""
        b = self.board
        changes, b.changes = b.changes, []
        for system, on in changes:
            self.log.append(Subjugation(system=system, on=on))

    @property
    def base_mask(self) -> int:
        """The systems the hidden base may be in by the public facts (bit ``x``: system
        ``x``): those ``board.ruled_out`` does not rule out (RR-73)."""
        out = self.board.ruled_out
        return sum(1 << x for x in range(NUM_SYSTEMS) if not out[x])

    @base_mask.setter
    def base_mask(self, mask: int) -> None:
        self.board.ruled_out = [not mask >> x & 1 for x in range(NUM_SYSTEMS)]

    # ------------------------------------------------------------ hooks
    def _seat_of(self, decision: Decision) -> int:
        """The seat deciding: the side in a two-player game, else the team layer's
        (:func:`.rules.team.seat_of`)."""
        if self.num_players == 2:
            return decision.player
        return team.seat_of(self, decision)

    def _side(self, seat: int) -> int:
        """The side of a seat: 0 Rebel, 1 Imperial (RR-180's seating)."""
        return seat if self.num_players == 2 else team.side_of_seat(self.num_players, seat)

    def _viewer(self, player: int) -> int:
        """A seat knows what its side knows (teammates show each other everything, RR-188)."""
        if self.num_players == 2:
            return player
        return team.side_of_seat(self.num_players, player)

    def finish(self, returns: Sequence[float]) -> None:
        """End the game; in a team game both seats of a side share its result."""
        if self.num_players > 2 and len(returns) == 2:
            seat_side = team.side_of_seat
            returns = [returns[seat_side(self.num_players, p)] for p in range(self.num_players)]
        State.finish(self, returns)

    def _setup(self) -> None:
        setup.begin(self)
        if self.board.changes:
            self.narrate_subjugation()

    def _legal_actions(self) -> list[Action]:
        top = self.stack[-1]
        out = HANDLERS[type(top)][0](self, top)
        if self.num_players > 2:
            return team.legal(self, top, out)
        return out

    def _apply(self, action: Action) -> None:
        top = self.stack[-1]
        if self.num_players > 2 and team.intercept(self, top, action):
            return
        HANDLERS[type(top)][1](self, top, action)
        if self.board.changes:  # a change no event told of (a unit moved in a retreat)
            self.narrate_subjugation()

    def _describe(self, action: Action) -> str:
        return render.describe(self, action)

    def _prompt(self) -> str:
        return render.prompt(self)

    def _over_prompt(self) -> str:
        """How the game ended: the game-over event, in words."""
        for ev in reversed(self.log):
            if isinstance(ev, GameOver):
                return f"The game is over: {self._narrate(ev)}"
        return "The game is over"

    def _narrate(self, event: Event) -> str:
        return render.narrate(self, event)

    def _render(self, player: int | None) -> str:
        return render.render(self, player)

    def _played_card(self, action: Action) -> str | None:
        """A mission card assigned from hand with its leaders, or a tactic card
        chosen in combat (named "... (tactic card)": a tactic card and a mission may share
        a name, Deployment); a reassigned mission is not played again."""
        top = self.stack[-1] if self.stack else None
        if isinstance(action, A.Assign) and not isinstance(top, D.ReassignMission):
            return MISSIONS[mission_of(action.card)].name
        if isinstance(action, A.Tactic) and isinstance(top, D.ChooseTactic):
            return f"{TACTICS[tactic_of(action.card)].name} (tactic card)"
        return None

    def _card_info(self, card: int) -> dict[str, Any] | None:
        """The public facts of card id ``card`` (:func:`.table.card_info`, inlined: a view
        asks for every card it shows)."""
        facts = table.CARD_FACTS.get(card)
        return None if facts is None else dict(facts)

    def _card_facts(self) -> dict[int, dict[str, Any]]:
        """Every card's :meth:`_card_info` at once, for views (:data:`.table.CARD_FACTS`)."""
        return table.CARD_FACTS

    def _view_cards(self, player: int | None, state_view: dict[str, Any]) -> list[int]:
        """The card ids the state view names outside the zones (:func:`.table.view_cards`)."""
        return table.view_cards(state_view)

    def _targets(self, action: Action) -> Sequence[Target]:
        """What the legal ``action`` points at (:func:`.table.targets`)."""
        return table.targets(self, action)

    def _target_shown(self, target: Target, view: dict[str, Any]) -> str:
        """Where ``view`` shows ``target`` (:func:`.table.target_shown`; cards: the core)."""
        if target.kind in ("card", "player"):
            return State._target_shown(self, target, view)
        return table.target_shown(target, view)

    def _view(self, player: int | None) -> dict[str, Any]:
        b = self.board
        # a mission set: None = not chosen yet, -2 = chosen face down, else 0 / 1 (RR-15)
        sets: list[int | None] = [
            None if v < 0 else v if self.sets_revealed or player == side else -2
            for side, v in enumerate(self.mission_set)
        ]
        return {
            "phase": self.phase,
            "round": self.round,
            "time": b.time,
            "reputation": b.reputation,
            "loyalty": b.loyalty[:],
            "subjugated": b.subjugated[:],
            "subjugation_held": b.held,
            "sabotage": b.sabotage[:],
            "destroyed": b.destroyed[:],
            "markers": b.markers[:],
            "units": [row[:] for row in b.units],
            "leader_loc": b.leader_loc[:],
            "leader_status": b.leader_status[:],
            "captured": b.captured,
            "rings": b.rings[:],
            "queue": [q[:] for q in b.queue],
            "base_revealed": b.base_revealed,
            "ruled_out": b.ruled_out[:],
            "mission_set": sets,
            "passed": self.passed[:],
            "slots": [[s[:] for s in side] for side in self.slots],
            "rebel_setup_system": self.rebel_setup_system,
            "battle": self._battle_view(player),
            "combat": table.combat_view(self, player),
            **table.view_extras(self),
            "builds": [
                [list(x) for x in side] if player == p else len(side)
                for p, side in enumerate(self.builds)
            ],
            "leaving": self.leaving[:],
            "doomed_leaders": self.doomed_leaders[:],
            "end_of_command": [list(x) for x in self.end_of_command],
            "resolving": self.resolving[:],
            "mission_leaders": self.mission_leaders[:],
            "roll_off": self.roll_off[:],
            "mission_dice": [[list(d) for d in side] for side in self.mission_dice],
            "yoda_round": self.yoda_round,
            "misdirected": self.misdirected[:],
            "attempt_bonus": [list(x) for x in self.attempt_bonus],
            "reassigned": self.reassigned[:],
            "combat_after_mission": self.combat_after_mission,
            "deployed": self.deployed[:],
            "recruit_choice": [
                None if c < 0 else [c, x] if player == p else -2
                for p, (c, x) in enumerate(zip(self.recruit_card, self.recruit_leader))
            ],
            "hand_recruits": [h[:] for h in self.hand_recruits],
            "objective_backs": self.objective_backs[::-1],
            "objective_hand_backs": self.objective_hand_backs[:],
            "objective_draws": self.objective_draws,
            "objective_then": self.objective_then,
            "objective_kept": self.objective_kept,
            "objectives_known": [] if player is None else known_depths(self, player),
            "leader_side": b.leader_side[:],
            "team": self._team_view(),
            "detained": [x for x in range(len(b.leader_side)) if b.detained >> x & 1],
            "unlocked": [b.unlocked, b.unlocked_at],
            "watched": self.watched,
            "blindside": self.blindside,
            "pool_limit9": self.pool_limit9,
            "failed_at": self.failed_at,
            "sweep_kept": self.sweep_kept,
            "card_then": self.card_then[:],
        }

    def _position(self, facts: Facts) -> None:
        """Set this new state's table up from a position document (:mod:`.position`)."""
        from .position import read_position_facts

        read_position_facts(self, facts)

    def _position_facts(self) -> dict[str, Any]:
        """This state's position document, by names (:mod:`.position`): at a Command turn
        or an Assignment decision; elsewhere a ``PositionError`` naming those points."""
        from .position import position_facts

        return position_facts(self)

    def _team_view(self) -> dict[str, Any] | None:
        """The team game's public state (RR-02): the Command cycle and who is asked."""
        if self.num_players == 2:
            return None
        return {
            "step_theater": self.step_theater,
            "turn": self.team_turn,
            "passed": self.team_passed[:],
            "assign": self.team_assign,
            "declined": self.team_declined,
            "mission": self.team_mission[:],
            "end_of_command": self.team_eoc[:],
        }

    def _battle_view(self, player: int | None) -> dict[str, Any] | None:
        """The combat's public facts; a tactic card chosen face down shows only to its
        player until both are in (RR-15, RR-17)."""
        bt = self.battle
        if not bt.active or self.result is not None:  # a game may end mid-combat
            return None
        open_ = (bt.good_intel, False)  # Good Intel: the Rebels' choice is face up (RR-160)
        return {
            "system": bt.system,
            "attacker": bt.attacker,
            "round": bt.round,
            "damage": [d[:] for d in bt.damage],
            "first": bt.first[:],
            "retreated": bt.retreated[:],
            "chosen": [  # a card id, -2 face down, None: none yet
                None
                if c < 0
                else tactic_card(c)
                if bt.revealed or player == side or open_[side]
                else -2
                for side, c in enumerate(bt.chosen)
            ],
            "dice": [list(d) for d in bt.dice],
            "marked": bt.marked[:],
            "prevent": [[list(x) for x in p] for p in bt.prevent],
            "denied": [d[:] for d in bt.denied],
            "fought": bt.fought[:],
            "health_lost": bt.health_lost[:],
            "destroyers": bt.destroyers,
            "subjugated": bt.subjugated,
            "objective_played": bt.objective_played,
            "plans_round": bt.plans_round,
            "fewer_dice": bt.fewer_dice,
            "no_retreat": bt.no_retreat[:],
            "ready": bt.ready[:],
            "point_blank": bt.point_blank,
            "black_as_red": bt.black_as_red,
            "good_intel": bt.good_intel,
        }

    def _copy_into(self, new: State) -> None:
        """Copy every pack field into the clone ``new``, sharing what is never changed in
        place: an idle battle (``battle.system`` -1) is shared, since a combat starts
        with a new :class:`.Battle` (:func:`.rules.combat.flow.start_combat`) and ends by
        putting a new idle one in its place, and nothing writes to an idle one."""
        assert isinstance(new, RebellionState)
        new.board = self.board.copy()
        new.phase = self.phase
        new.round = self.round
        new.mission_set = self.mission_set[:]
        new.sets_revealed = self.sets_revealed
        new.rebel_setup_system = self.rebel_setup_system
        new.passed = self.passed[:]
        new.slots = [list(map(list.copy, side)) for side in self.slots]
        bt = self.battle
        new.battle = bt.copy() if bt.system >= 0 else bt  # an idle battle is shared
        new.doomed_leaders = self.doomed_leaders[:]
        new.end_of_command = self.end_of_command[:]
        new.resolving = self.resolving[:]
        new.combat_after_mission = self.combat_after_mission
        new.builds = list(map(list.copy, self.builds))
        new.build_used = list(map(list.copy, self.build_used))
        new.leaving = self.leaving[:]
        new.deployed = self.deployed[:]
        new.new_bunkers = self.new_bunkers[:]
        new.recruit_card = self.recruit_card[:]
        new.recruit_leader = self.recruit_leader[:]
        new.hand_recruits = list(map(list.copy, self.hand_recruits))
        new.objective_backs = self.objective_backs[:]
        new.objective_hand_backs = self.objective_hand_backs[:]
        new.objective_draws = self.objective_draws
        new.objective_then = self.objective_then
        new.objective_kept = self.objective_kept
        new.mission_leaders = self.mission_leaders[:]
        new.roll_off = self.roll_off[:]
        new.mission_dice = list(map(list.copy, self.mission_dice))
        new.yoda_round = self.yoda_round
        new.misdirected = self.misdirected[:]
        new.attempt_bonus = self.attempt_bonus[:]
        new.reassigned = self.reassigned[:]
        new.gains = self.gains[:]
        new.gains_then = self.gains_then
        new.watched = self.watched
        new.blindside = self.blindside
        new.pool_limit9 = self.pool_limit9
        new.failed_at = self.failed_at
        new.sweep_kept = self.sweep_kept
        new.card_then = self.card_then[:]
        new.step_theater = self.step_theater
        new.team_turn = self.team_turn
        new.team_passed = self.team_passed[:]
        new.team_assign = self.team_assign
        new.team_declined = self.team_declined
        new.team_mission = self.team_mission[:]
        new.team_eoc = self.team_eoc[:]

    def _resample(self, player: int, rng: Rng) -> None:
        """Re-deal the opponent's face-down mission-set choice, tactic card, build placements
        and recruit choice while hidden (RR-15), keep its re-dealt action cards consistent with
        the leaders they recruited (RR-32), re-deal the Empire's unseen project cards with the
        project deck (for the Rebels), re-deal hidden objective cards within their stage
        (RR-36), and keep a re-dealt hidden base inside the systems the public facts leave
        (``base_mask``, from ``Board.ruled_out``: searched by Imperial ground units or
        loyalty, too far from where Rebel units came from or went to the Rebel Base space,
        what the Rebels were made to say, RR-73) and out of destroyed ones."""
        other = IMPERIAL if player == REBEL else REBEL
        redeal_objectives(self, player, rng)
        if not self.sets_revealed and self.mission_set[other] >= 0:
            self.mission_set[other] = rng.below(2)
        if self.builds[other]:
            from .rules.refresh import redeal_builds

            redeal_builds(self, other, rng)
        if f"action_deck{other}" in self.zones:
            from .rules.recruit import redeal_actions

            redeal_actions(self, other, player, rng)
        bt = self.battle
        if bt.active and not bt.revealed and bt.chosen[other] >= 0:
            hidden = not (other == REBEL and bt.good_intel)  # Good Intel (RR-160)
        else:
            hidden = False
        if hidden:
            theater = TACTICS[bt.chosen[other]].theater
            cards = self.zones[f"tactics_{other}_{theater}"]
            bt.chosen[other] = tactic_of(cards[rng.below(len(cards))])
        if player == REBEL:
            from .rules.projects import redeal_projects

            redeal_projects(self, rng)
        from .rules.mission_deck import redeal_decks

        redeal_decks(self, other, player, rng)
        if player == IMPERIAL:
            from .rules.base_clues import keep_base_consistent
            from .rules.rebel_missions import redeal_for_empire

            keep_base_consistent(self, rng)
            redeal_for_empire(self, rng)
