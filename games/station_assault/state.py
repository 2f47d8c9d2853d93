"""The game state: zones for the hidden cards, flat public lists for the grid.

Zones (per player ``p``): ``deck<p>`` (hidden; the top is the end of the
list), ``hand<p>`` (its owner's), ``pile<p>`` (public: the enemy cards ``p``
destroyed; in a free for all, ``p``'s own destroyed cards, SSA-24),
``removed<p>`` (hidden: the hand and deck of a player put out of a
free-for-all). Cards in play are in no zone: the grid is public pack state
(``pos``, ``grid``, ``board``, ``damage``, ``acted``), as are the scores
(duel, teams) and the losses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop import Action, Event, Rng, State
from tabletop.positions import Facts
from tabletop.targets import Target

from .actions import Act, Fire, Home, Mulligan, Play, Stay, To
from .decisions import ChooseDestination, ChooseShip, ChooseTarget
from .rules import acting, firing, grid, mulligan, secrets, setup, targets, text
from .ships import ShipTable

__all__ = ["AssaultState"]


@attrs.define(kw_only=True, slots=True, eq=False)
class AssaultState(State):
    """A game of Space Station Assault in progress."""

    team: list[int] = attrs.field(factory=list)
    """Each player's side: the seat in duel and free for all, seat % 2 in teams."""
    home: list[int] = attrs.field(factory=list)
    """Each player's Station's starting cell (packed)."""
    pos: list[int] = attrs.field(factory=list)
    """Packed cell of each card id in play, -1 otherwise."""
    grid: dict[int, int] = attrs.field(factory=dict)
    """Packed cell -> the card on it."""
    board: list[int] = attrs.field(factory=list)
    """The ids in play, ascending."""
    front: dict[int, int] = attrs.field(factory=dict)
    """The frontier: each empty cell next to a card in play -> ``anchor << 2 | side``,
    its lowest-id neighbour and the side of it the cell is on (kept incrementally)."""
    damage: list[int] = attrs.field(factory=list)
    acted: list[bool] = attrs.field(factory=list)
    avail: list[int] = attrs.field(factory=list)
    """Available ships (SSA-05) of each player and Speed: ``avail[p * SPEEDS + speed]``."""
    score: list[int] = attrs.field(factory=list)
    """Victory of the enemy cards each player destroyed. Replaced, never changed in place,
    once the game is under way (``firing.destroy``): clones share it."""
    lost: list[int] = attrs.field(factory=list)
    """Victory of each player's own cards destroyed. Replaced, never changed in place, once
    the game is under way (``firing.destroy``): clones share it."""
    alive: list[bool] = attrs.field(factory=list)
    """Whether each player is still in (a free for all puts players out). Replaced, never
    changed in place, once the game is under way: clones share it."""
    mulligan: list[int] = attrs.field(factory=list)
    """-1 undecided, 0 kept, 1 redrew (hidden from the others until all chose). Replaced,
    never changed in place, once the game is under way: clones share it."""
    initiative: int = 0
    wave: int = 0
    """0 during the mulligan, then 1, 2, ..."""
    speed: int = 0
    passed_over: int = 0
    """Bit ``q`` set: player ``q`` was skipped at the current Speed for want of an available
    ship (public: the table saw the turn go past them), so they have none of this Speed."""
    wave_damage: int = 0
    wave_had_hands: bool = False
    _tbl: ShipTable | None = attrs.field(default=None, metadata={"transient": True})
    _sides: tuple[int, ...] | None = attrs.field(default=None, metadata={"transient": True})
    front_order: tuple[list[int], list[Action]] | None = attrs.field(
        default=None, metadata={"transient": True}
    )
    """The values of ``front`` in ascending order and the ``To`` of each: the placements
    in legal order (``grid.front_order``; not saved, made when first asked for, then kept
    in step with ``front`` by the only two functions that change it)."""
    front_shared: bool = attrs.field(default=False, metadata={"transient": True})
    """``front_order`` is shared with a clone (or the state cloned): copy it before a change."""
    grid_holes: int = attrs.field(default=0, metadata={"transient": True})
    """At least the number of holes (deleted entries) in the dict ``grid``, counted by
    ``lift_card``: a clone makes the grid again without them when they are more than half
    ``len(grid)`` (CPython copies a dict with that many holes key by key). Not saved: a
    loaded grid has none."""
    front_holes: int = attrs.field(default=0, metadata={"transient": True})
    """The same count for ``front``, from which ``set_card`` and ``lift_card`` delete
    cells as cards are placed and lifted: a clone makes it again without holes when they
    are more than half ``len(front)``."""

    @property
    def table(self) -> ShipTable:
        t = self._tbl
        if t is None:
            t = self._tbl = self.options.table()
        return t

    @property
    def card_side(self) -> tuple[int, ...]:
        """The side of each card id, ``team[card // CARDS_PER_DECK]``: made once, as the
        seating never changes."""
        t = self._sides
        if t is None:
            t = self._sides = grid.card_sides(self.team)
        return t

    # ------------------------------------------------------------ core hooks
    def _side(self, seat: int) -> int:
        return self.team[seat]

    def _action_seen(self, action: Action, seat: int, player: int) -> bool:
        # Every turn is played in the open; only the mulligan is chosen in secret (SSA-04).
        return type(action) is not Mulligan or seat == player

    def _setup(self) -> None:
        setup.set_up(self)

    def _legal_actions(self) -> list[Action]:
        top = self.stack[-1]
        if type(top) is ChooseShip:
            return acting.ship_choices(self, top.player)
        if type(top) is ChooseDestination:
            return acting.destination_choices(self, top.card, top.from_hand)
        if type(top) is ChooseTarget:
            return firing.target_choices(self, top.card)
        return mulligan.choices()

    def _apply(self, action: Action) -> None:
        t = type(action)
        if t is To:
            acting.go_to(self, action)  # type: ignore[arg-type]
        elif t is Play:
            acting.play(self, action)  # type: ignore[arg-type]
        elif t is Act:
            acting.act(self, action)  # type: ignore[arg-type]
        elif t is Stay:
            acting.stay(self)
        elif t is Fire:
            firing.fire_chosen(self, action)  # type: ignore[arg-type]
        elif t is Home:
            acting.go_home(self)
        elif t is Mulligan:
            mulligan.choose(self, action)  # type: ignore[arg-type]
        else:  # pragma: no cover - only legal actions reach _apply
            raise AssertionError(action)

    def _describe(self, action: Action) -> str:
        return text.describe(self, action)

    def _prompt(self) -> str:
        return text.prompt(self)

    def _over_prompt(self) -> str:
        return text.over(self)

    def _explain(self, action: Action) -> str:
        return text.explain(self, action)

    def _narrate(self, event: Event) -> str:
        return text.narrate(self, event)

    def _render(self, player: int | None) -> str:
        return text.render(self, player)

    def _played_card(self, action: Action) -> str | None:
        """The ship type played from hand (``play``); the card a placement goes
        next to, or a target, is not played."""
        if isinstance(action, Play) and 0 <= action.ship < len(self.table.types):
            return self.table.types[action.ship].name
        return None

    def _card_info(self, card: int) -> dict[str, Any] | None:
        """Name, owner (seat), Speed, Firepower, Shields, Victory and the card's text."""
        return text.card_info(self.table, card)

    def _card_facts(self) -> dict[int, dict[str, Any]]:
        """Every card's :meth:`_card_info` at once, for views (one table per ship table)."""
        return text.card_facts(self.table)

    def _view_cards(self, player: int | None, state_view: dict[str, Any]) -> list[int]:
        """The cards on the grid and the ship acting (one played from the hand is in no
        zone while its cell is chosen)."""
        out = [ship["card"] for ship in state_view["board"]]
        if state_view["acting"] is not None:
            out.append(state_view["acting"]["card"])
        return out

    def _targets(self, action: Action) -> Sequence[Target]:
        return targets.targets(self, action)

    def _target_shown(self, target: Target, view: dict[str, Any]) -> str:
        why = targets.target_shown(self, target, view)
        return State._target_shown(self, target, view) if why is None else why

    def _view(self, player: int | None) -> dict[str, Any]:
        return text.view(self, player)

    def _resample(self, player: int, rng: Rng) -> None:
        secrets.resample(self, player, rng)

    def _position(self, facts: Facts) -> None:
        """Set up this new state as a position document says (``position.py``)."""
        from . import position

        position.read(self, facts)

    def _position_facts(self) -> dict[str, Any]:
        """This state's position document (``position.py``): at any decision."""
        from . import position

        return position.write(self)

    def _copy_into(self, new: State) -> None:
        """The pack's fields into ``new`` (made by ``State.clone`` as ``type(self)``: an
        ``AssaultState``). Lists and dicts the rules change in place are copied (flat, one
        ``copy`` each); the rest is shared:

        * ``team``, ``home``: set once by ``setup.set_up`` (or a position), never written
          again;
        * ``alive``, ``mulligan``, ``score``, ``lost``: replaced, never changed in place,
          once the game is under way: their only writers during play
          (``victory.eliminate``, ``mulligan.choose``, ``secrets.resample``,
          ``firing.destroy``) write a copy (``s.x = s.x[:]``) and set it, so neither
          state can change the other's (nor ``apply``'s snapshot for a restore);
        * ``_tbl``, ``_sides``: caches of immutable tables;
        * ``front_order``: copied on the first change by either state (``front_shared``).

        ``grid`` and ``front`` are made again without holes here first when they have many
        (``grid_holes``, ``front_holes``, counted by ``lift_card`` and ``set_card``), so
        that each copy is one block copy rather than key by key (and so are the copies of
        later clones of this state).
        """
        if TYPE_CHECKING:  # (no check at run time: clone() makes ``new`` as type(self))
            assert isinstance(new, AssaultState)
        new.team = self.team
        new.home = self.home
        new.pos = self.pos.copy()
        grid = self.grid
        if 2 * self.grid_holes > len(grid):  # CPython would copy it key by key, each time:
            grid = self.grid = dict(grid)  # the same cells in the same order, no holes
            self.grid_holes = 0
        new.grid = grid.copy()
        new.grid_holes = self.grid_holes  # (a dict with few holes is copied with them)
        new.board = self.board.copy()
        front = self.front
        if 2 * self.front_holes > len(front):  # as the grid's (the frontier loses a cell
            front = self.front = dict(front)  # at most placements and lifts)
            self.front_holes = 0
        new.front = front.copy()
        new.front_holes = self.front_holes
        new.damage = self.damage.copy()
        new.acted = self.acted.copy()
        new.avail = self.avail.copy()
        new.score = self.score
        new.lost = self.lost
        new.alive = self.alive
        new.mulligan = self.mulligan
        new.initiative = self.initiative
        new.wave = self.wave
        new.speed = self.speed
        new.passed_over = self.passed_over
        new.wave_damage = self.wave_damage
        new.wave_had_hands = self.wave_had_hands
        new._tbl = self._tbl
        new._sides = self._sides
        order = new.front_order = self.front_order
        if order is not None:  # shared until either state changes the frontier
            new.front_shared = self.front_shared = True
        else:
            new.front_shared = False
