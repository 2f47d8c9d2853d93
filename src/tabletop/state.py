"""The state base class: the public contract every pack's state offers.

A pack subclasses :class:`State` with ``@attrs.define(kw_only=True, slots=True,
eq=False)``, gives every field of its own a default, and implements the narrow
hooks below. The core owns the public API, the checks, the history, the log,
views, records and cloning.

Hooks a pack implements:

* ``_setup()``: deal, place, push the first decision (the RNG is ``self.rng``).
* ``_legal_actions() -> list[Action]``: every legal action, deterministic order.
* ``_apply(action)``: mutate; call ``self.emit(event)`` for what happens and
  ``self.finish(returns)`` when the game ends. It is only called with a legal
  action, so it never has to refuse one.
* ``_describe(action) -> str`` and ``_prompt() -> str``: words for a UI.
  ``_describe`` must word every legal action; it may also be asked about
  another action of the action space, and if it raises for one that is not
  legal now the core uses the action's notation instead.
* ``_view(player) -> dict``: the pack's own public or per-player facts (zones
  and the log are added centrally).

Optional: ``_seat_of(decision)`` (the seat that makes a pending decision, when
seats are not the players the rules speak of, say teammates sharing a side;
default: ``decision.player``) and ``_viewer(player)`` (the player whose
knowledge seat ``player`` has, for views, logs and resampling; default: the
seat itself), ``_copy_into(new)`` (fast clone of the pack's fields; the default
deep-copies them), ``_resample(player, rng)`` (re-deal hidden facts that are
not in zones), ``_explain(action) -> str`` (why an action of the action
space is illegal now; the core words the rest, and a failure of it falls
back to a generic reason),
``_narrate(event) -> str``, ``_render(player) -> str`` (terminal text),
``_card_info(card) -> dict`` (a card's public facts), ``_view_cards(player,
state_view)`` (the card ids the pack's own view section names, so that
``view["cards"]`` gives their facts too), ``_targets(action)`` (what on the
table an action points at, :mod:`tabletop.targets`) with ``_target_shown(target,
view)`` (where the view shows a target of a kind of the pack's own),
``_played_card(action) -> str`` (the card an action plays, for the analysis
runner's card statistics).

A pack's observation tensor (for learning libraries) is not a hook here but
an :class:`~tabletop.observation.Observation` given to its ``Game``; the
public :meth:`State.observation` returns it as a numpy array.
"""

from __future__ import annotations

import copy
import random
import weakref
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .errors import IllegalActionError, TabletopError
from .model import Action, Decision, Event, Vis, Zone, card_ids
from .rng import Rng
from .targets import Target

if TYPE_CHECKING:
    from .game import Game
    from .positions import Facts

__all__ = ["State"]

TRANSIENT = {"transient": True}
DETERMINISED = "a resampled (determinised) state has no record: its hidden cards were re-dealt"
"""Why a determinisation has no record (:attr:`State.no_record`)."""
_MISSING = object()

_PENDING_LOGS: weakref.WeakKeyDictionary[State, Callable[[], list[Event]]] = (
    weakref.WeakKeyDictionary()
)
"""States whose ``log`` is not read yet (``tabletop.loads(text, trusted=True)`` leaves
the log's text for later), each with the function that reads it."""


def defer_log(state: State, read: Callable[[], list[Event]]) -> None:
    """Leave ``state.log`` unset until it is first used, when ``read()`` makes it.

    For ``loads(trusted=True)``: most uses of a loaded state (its view without
    the log, its legal actions, ``apply`` of a pack that does not look back)
    never need the events, and reading them is half the cost of a load.
    ``read`` may raise (a log that does not read); the log stays deferred then.
    """
    del state.log
    _PENDING_LOGS[state] = read


@attrs.define(kw_only=True, slots=True, eq=False)
class State:
    """A game in progress: mutable, owns its RNG, cheap to :meth:`clone`."""

    game: ClassVar[Game]

    options: Any
    seed: int
    num_players: int
    rng: Rng
    history: list[Action] = attrs.field(factory=list)
    log: list[Event] = attrs.field(factory=list)
    stack: list[Decision] = attrs.field(factory=list)
    zones: dict[str, list[int]] = attrs.field(factory=dict)
    """The ids in each zone, by the zone's name, bottom first (a deck's top is its last).
    Plain lists, changed in place by the rules; a clone copies each."""
    layout: dict[str, Zone] = attrs.field(factory=dict)
    """Each zone's fixed facts (owner, who sees it, pool), by name, in the order the zones
    were added. Never changed in place (:meth:`add_zone` puts a new dict here), so clones
    and loads share it."""
    known: dict[str, dict[int, list[int]]] = attrs.field(factory=dict)
    """By zone name, then player: the ids in that zone the player has been shown (a spy
    card, a look at a deck), while they stay there (see :meth:`reveal`). A zone nobody
    was shown anything in has no entry. Read it freely, but change it only through
    :meth:`reveal`, :meth:`set_known` and :meth:`forget_zone` (or by putting a new dict
    here): a clone shares it until one of them changes it."""
    result: list[float] | None = None
    no_record: str = ""
    """Why this state has no valid record ("" when it has one): a determinisation,
    or a position built by hand for a test or a tutorial."""
    start: dict[str, Any] | None = None
    """The position document the game started from (:meth:`Game.position`), or ``None``
    for a game dealt from its seed; the record keeps it (``record()["position"]``)."""
    _legal: list[Action] | None = attrs.field(default=None, metadata=TRANSIENT)
    _legal_words: tuple[list[Action], list[tuple[int, str, str, Sequence[Target]]]] | None = (
        attrs.field(default=None, metadata=TRANSIENT)
    )
    """The legal actions' id, notation, words and targets, for :meth:`view`, with the list of
    legal actions they were made for (made again when that list is)."""
    _prompt_of: tuple[list[Action], str] | None = attrs.field(default=None, metadata=TRANSIENT)
    """:attr:`prompt` for :meth:`view`, with the list of legal actions it was made for."""
    _log_json: tuple[list[Event], bytes] | None = attrs.field(default=None, metadata=TRANSIENT)
    """The log as :func:`tabletop.dumps` last wrote it: the events then, and their JSON
    (see :func:`tabletop.codec.log_fragment`)."""
    _log_views: dict[int | None, _SeenLog] | None = attrs.field(default=None, metadata=TRANSIENT)
    """Per viewer, the log as :meth:`log_view` last made it (see :class:`_SeenLog`): a view
    then narrates only the events since, instead of the whole game again."""
    _record_len: int | None = attrs.field(default=None, metadata=TRANSIENT)
    """For a determinisation, how many actions the state it was drawn from had: its
    record leads there (:func:`tabletop.bots.seen_actions` plays it again); ``None``
    for any other state."""
    _known_shared: bool = attrs.field(default=False, metadata=TRANSIENT)
    """``known`` is shared with a clone (or the state cloned): copied before a change."""

    if not TYPE_CHECKING:  # (so that mypy still knows every attribute of a State)

        def __getattr__(self, name: str) -> Any:
            # Called only for an attribute that is not set: a deferred log (see defer_log).
            read = _PENDING_LOGS.get(self) if name == "log" else None
            if read is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            log = read()  # may raise: the log stays deferred
            del _PENDING_LOGS[self]
            self.log = log
            return log

    # ------------------------------------------------------------ pack hooks
    def _setup(self) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _describe(self, action: Action) -> str:
        return action.notation()

    def _prompt(self) -> str:
        top = self.stack[-1] if self.stack else None
        return top.kind.replace("_", " ") if top is not None else ""

    def _over_prompt(self) -> str:
        return ""

    def _view(self, player: int | None) -> dict[str, Any]:
        return {}

    def _explain(self, action: Action) -> str:
        return ""

    def _card_info(self, card: int) -> dict[str, Any] | None:
        """Public facts of card ``card`` (name, type, numbers) for views; ``None``: none."""
        return None

    def _card_facts(self) -> Mapping[int, dict[str, Any]] | None:
        """Every card id's public facts at once, when the pack keeps them as one table
        (card id to the dict :meth:`_card_info` would copy): a view then reads each card's
        from it instead of asking :meth:`_card_info` card by card. ``None`` (the default):
        ask :meth:`_card_info`. The two must agree; the conformance kit checks it."""
        return None

    def _view_cards(self, player: int | None, state_view: dict[str, Any]) -> list[int]:
        """The card ids that ``state_view`` (what :meth:`_view` gave ``player``) names
        outside the zones: a card chosen face up, a card in play by the pack's own
        bookkeeping. :meth:`view` gives their facts in ``cards``; the conformance
        kit checks that each has some."""
        return []

    def _targets(self, action: Action) -> Sequence[Target]:
        """What on the table the legal ``action`` points at (:mod:`tabletop.targets`)."""
        return ()

    def _target_shown(self, target: Target, view: dict[str, Any]) -> str:
        """Where ``view`` (of the seat to decide) shows ``target``: ``""`` when it does,
        else what is missing. The core answers for cards (facts in ``view["cards"]``)
        and players; a pack answers for the kinds of its own."""
        if target.kind == "card":
            return "" if str(target.id) in view["cards"] else "a card without facts in the view"
        if target.kind == "player":
            ok = type(target.id) is int and 0 <= target.id < self.num_players
            return "" if ok else "no such player"
        return f"the pack does not say where its view shows a {target.kind!r}"

    def _played_card(self, action: Action) -> str | None:
        """The name of the card the player to move *plays* with ``action``, or ``None``.

        Called before ``action`` is applied; the analysis runner counts cards
        with it (how often each is played, and its owner's win rate with and
        without it). A card is played when its owner takes it from their hand
        into play (deploys it, plays an effect, commits it to a mission or a
        battle); an action that only names a card (a neighbour of a placement,
        a target, a casualty, a discard) plays none. Packs say which of their
        actions play a card; this default counts an action whose ``card``
        field names a card in the player's own hidden zone (their hand), by its
        ``_card_info`` name.
        """
        card = getattr(action, "card", None)
        if type(card) is not int or type(self)._card_info is State._card_info:
            return None
        player = self.current_player
        zones = self.zones
        for zone_name, zone in self.layout.items():
            if zone.owner == player and zone.vis is Vis.OWNER and card in zones[zone_name]:
                info = self._card_info(card)
                name = info.get("name") if info else None
                return name if isinstance(name, str) and name else None
        return None

    def _narrate(self, event: Event) -> str:
        fields = ", ".join(
            f"{f.name}={getattr(event, f.name)!r}"
            for f in attrs.fields(type(event))
            if f.name != "to"
        )
        return f"{event.kind}({fields})"

    def _render(self, player: int | None) -> str:
        import json

        v = self.view(player)
        v.pop("log", None)
        return json.dumps(v, indent=1, default=str)

    def _seat_of(self, decision: Decision) -> int:
        """The seat that makes ``decision`` (default: its ``player``). A pack whose rules
        speak of sides that several seats share (a team game) says here which seat
        decides; :attr:`current_player` is this seat."""
        return decision.player

    def _viewer(self, player: int) -> int:
        """The player whose knowledge seat ``player`` has (default: ``player``). Teammates
        who may show each other everything map to their side: their views, logs and
        resamples are the side's."""
        return player

    def _action_seen(self, action: Action, seat: int, player: int) -> bool:
        """Whether ``player`` sees which action ``seat`` takes when it takes ``action`` in
        this state (the state before it). Default: only its own side's actions (of the
        same :meth:`_viewer`). A pack whose actions are open to everyone says so here,
        for the actions that are: what :func:`tabletop.bots.seen_actions` gives a bot."""
        return self._viewer(seat) == self._viewer(player)

    def _side(self, seat: int) -> int:
        """The side seat ``seat`` plays for (default: the seat itself). Seats of one side
        win and lose together; sides are numbered from 0."""
        return seat

    def _copy_into(self, new: State) -> None:
        core = {f.name for f in attrs.fields(State)}
        for f in attrs.fields(type(self)):
            if f.name not in core:
                setattr(new, f.name, copy.deepcopy(getattr(self, f.name)))

    def _resample(self, player: int, rng: Rng) -> None:
        """Re-deal hidden facts kept outside zones (zones are done already)."""

    def _position(self, facts: Facts) -> None:
        """Set up this new state's table from a position document's pack facts
        (:mod:`tabletop.positions`): read every fact through ``facts``, place
        everything, compute every derived field, and leave the state at the
        decision the position starts with."""
        from .errors import PositionError

        raise PositionError(f"{self.game.name} has no positions")

    def _position_facts(self) -> dict[str, Any]:
        """This state's pack facts as a position document reads them; raise
        :class:`~tabletop.PositionError` for a state no position can stand for (say,
        mid-combat), saying at which points positions start."""
        from .errors import PositionError

        raise PositionError(f"{self.game.name} has no positions")

    # ------------------------------------------------------------ helpers for packs
    def emit(self, event: Event) -> None:
        """Record that ``event`` happened."""
        self.log.append(event)

    def finish(self, returns: Sequence[float]) -> None:
        """End the game with these returns (one per player); clears the stack."""
        if len(returns) != self.num_players:
            raise ValueError("finish() needs one return per player")
        self.result = [float(r) for r in returns]
        self.stack.clear()

    def mark_unrecorded(self, reason: str) -> None:
        """Say that this state was not reached by play from its seed (a position
        built by hand, a determinisation): ``record()`` then raises with ``reason``,
        the default ``tabletop.loads`` refuses its text, and ``apply`` copies it
        before a checked action instead of rebuilding it from its record if the
        pack fails. Call it whenever you change a state other than by ``apply``: it also
        drops what the state cached from before the change (its legal actions)."""
        self.no_record = reason or "this state was not reached by play from its seed"
        self._record_len = None
        self._legal = None
        self._legal_words = None
        self._prompt_of = None
        self._log_json = None
        self._log_views = None

    @property
    def determinised(self) -> bool:
        """True when the state has no valid record (see :meth:`mark_unrecorded`)."""
        return bool(self.no_record)

    @determinised.setter
    def determinised(self, value: bool) -> None:
        if value:
            if not self.no_record:
                self._record_len = len(self.history)
            self.no_record = DETERMINISED
        else:
            self.no_record = ""
            self._record_len = None

    def add_zone(self, zone: Zone, cards: Iterable[int] = ()) -> list[int]:
        """Add ``zone`` holding ``cards`` (bottom first); return its list of ids, the
        one ``self.zones[zone.name]`` holds. ``ValueError`` if the name is taken."""
        if zone.name in self.layout or zone.name in self.zones:
            raise ValueError(f"zone {zone.name!r} exists already")
        layout = dict(self.layout)  # a new dict: clones may share the old one
        layout[zone.name] = zone
        self.layout = layout
        ids = list(cards)
        self.zones[zone.name] = ids
        return ids

    def _own_known(self) -> dict[str, dict[int, list[int]]]:
        """``known``, copied first if a clone shares it: this state's own, to change."""
        known = self.known
        if self._known_shared:
            known = self.known = {
                name: {p: ids[:] for p, ids in shown.items()} for name, shown in known.items()
            }
            self._known_shared = False
        return known

    def move(self, card: int, src: str, dst: str, index: int | None = None) -> None:
        """Move ``card`` from zone ``src`` to zone ``dst`` (at the end, or at ``index``);
        ``ValueError`` if ``src`` does not hold it. What any player was shown of it in
        ``src`` is forgotten."""
        zones = self.zones
        zones[src].remove(card)
        if self.known:
            self._forget(src, card)
        if index is None:
            zones[dst].append(card)
        else:
            zones[dst].insert(index, card)

    def remove_card(self, card: int, zone: str) -> None:
        """Take ``card`` out of ``zone`` (``ValueError`` if absent) and forget what any
        player was shown of it there. (``self.zones[zone].remove(card)`` forgets nothing.)"""
        self.zones[zone].remove(card)
        if self.known:
            self._forget(zone, card)

    def pop_card(self, zone: str, index: int = -1) -> int:
        """Take the id at ``index`` (default: the top) out of ``zone`` and forget what
        any player was shown of it there; return it."""
        card = self.zones[zone].pop(index)
        if self.known:
            self._forget(zone, card)
        return card

    def _forget(self, zone: str, card: int) -> None:
        shown = self.known.get(zone)
        if shown and any(card in ids for ids in shown.values()):
            for ids in self._own_known()[zone].values():
                if card in ids:
                    ids.remove(card)

    def reveal(self, zone: str, player: int, cards: Iterable[int] | None = None) -> None:
        """Let ``player`` know these ids of ``zone`` (default: all it holds) while they
        stay there: views show them (``known``) and :meth:`resample` keeps them."""
        ids = self._own_known().setdefault(zone, {}).setdefault(player, [])
        for c in self.zones[zone] if cards is None else cards:
            if c not in ids:
                ids.append(c)

    def set_known(self, zone: str, player: int, cards: Iterable[int]) -> None:
        """What ``player`` knows of ``zone`` is now exactly ``cards`` (in this order)."""
        self._own_known().setdefault(zone, {})[player] = list(cards)

    def forget_zone(self, zone: str) -> None:
        """Nobody knows anything of ``zone`` any more (a deck shuffled, a hand re-dealt)."""
        if zone in self.known:
            del self._own_known()[zone]

    def known_to(self, zone: str, player: int) -> Sequence[int]:
        """The ids of ``zone`` that ``player`` has been shown (empty if none): the live
        list, to read, not to change."""
        shown = self.known.get(zone)
        return shown.get(player, ()) if shown else ()

    def zone_view(self, zone: str, player: int | None) -> dict[str, Any]:
        """Zone ``zone`` as ``player`` may see it (``None``: a spectator): its owner and
        size, its ids if the player sees them, else the ids they were shown (``known``,
        sorted, when there are any)."""
        return self._zone_views(player, ((zone, self.layout[zone]),))[zone]

    def _zone_views(
        self, player: int | None, zones: Iterable[tuple[str, Zone]] | None = None
    ) -> dict[str, dict[str, Any]]:
        """:meth:`zone_view` of each of ``zones`` (name and layout; default: every zone,
        in the layout's order), in one loop: a view's zones are all of them, 51 in
        Rebellion, so no call per zone."""
        all_ids, known = self.zones, self.known
        out: dict[str, dict[str, Any]] = {}
        for name, z in self.layout.items() if zones is None else zones:
            ids = all_ids[name]
            vis = z.vis
            if vis is Vis.PUBLIC or (vis is Vis.OWNER and player is not None and player == z.owner):
                out[name] = {"owner": z.owner, "count": len(ids), "cards": ids[:]}
                continue
            zv: dict[str, Any] = {"owner": z.owner, "count": len(ids)}
            if known and player is not None:
                shown = known.get(name)
                if shown and shown.get(player):
                    zv["known"] = sorted(shown[player])
            out[name] = zv
        return out

    # ------------------------------------------------------------ public API
    @property
    def current_player(self) -> int | None:
        """Who must decide now (not always the turn player); ``None`` when over."""
        if self.result is not None or not self.stack:
            return None
        return self._seat_of(self.stack[-1])

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        """One float per player: win 1, loss -1, draw 0; zeros while in play."""
        return list(self.result) if self.result is not None else [0.0] * self.num_players

    @property
    def prompt(self) -> str:
        """What the current player is deciding, in words (never a secret); once
        the game is over, how it ended (the pack's ``_over_prompt``, default "")."""
        return self._over_prompt() if self.result is not None else self._prompt()

    def legal_actions(self) -> list[Action]:
        """Every legal atomic action, in a deterministic order; ``[]`` when over."""
        return list(self._legal_list())

    def _legal_list(self) -> list[Action]:
        """The legal actions without a copy, for the library's own bots on their hot
        path: the list the state keeps, which the caller must not change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.result is not None else self._legal_actions()
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is exactly one of :meth:`legal_actions` (see :meth:`apply`)."""
        return self._find_legal(action)

    def _find_legal(self, action: object) -> bool:
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        try:
            found = legal[legal.index(action)]  # type: ignore[arg-type]  # identity, then ==
        except Exception:  # not there, or an __eq__ that raises
            return False
        # Equal is not enough: Draw(n=1.0) == Draw(n=1), and an object may claim
        # to equal anything. The same class, and every field of its declared type.
        return found is action or (
            type(found) is type(action) and self.game.action_space.exact(action)
        )

    def legal_ids(self) -> list[int]:
        """The ids (``game.encode``) of the legal actions."""
        enc = self.game.encode
        return [enc(a) for a in self.legal_actions()]

    def legal_mask(self) -> list[bool]:
        """A mask of length ``game.num_distinct_actions``."""
        mask = [False] * self.game.num_distinct_actions
        for i in self.legal_ids():
            mask[i] = True
        return mask

    def describe(self, action: Action) -> str:
        """The action in words, for a UI: "Deploy Rebel Warship (cost 3)".

        Any action of the game's action space may be described, legal now or
        not; anything else is refused: ``TypeError`` for a value that is not an
        :class:`Action`, :class:`IllegalActionError` for an action of another
        game or with a field of the wrong type or out of range. A pack words
        the actions that are legal now; another one it cannot word here (a
        mission slot that is empty now, say) is given by its notation.
        """
        if not isinstance(action, Action):
            raise TypeError(f"describe() takes an Action, not {type(action).__name__}")
        why = self.game.action_space.check(action)
        if why:
            raise IllegalActionError(action, self.current_player, why)
        try:
            return self._describe(action)
        except Exception:
            if self._find_legal(action):
                raise  # a legal action must have its words: a bug of the pack
            return action.notation()

    def targets(self, action: Action) -> tuple[Target, ...]:
        """What on the table the legal ``action`` points at: a tuple of
        :class:`~tabletop.targets.Target` (kind, id, role), the same for every
        seat that may see the action. A UI makes those things clickable and
        narrows the choices by a click without reading words.

        :class:`IllegalActionError` for an action that is not legal now
        (``TypeError`` for a value that is not an :class:`Action`).
        """
        if not isinstance(action, Action):
            raise TypeError(f"targets() takes an Action, not {type(action).__name__}")
        if not self._find_legal(action):
            raise IllegalActionError(action, self.current_player, self._why_illegal(action))
        return tuple(self._targets(action))

    def apply(self, action: Action, check: bool = True) -> list[Event]:
        """Play ``action``; return the events it caused.

        With ``check`` (the default) an action is played only if it is exactly
        one of :meth:`legal_actions`: equal to one, of the same class, and with
        every field of its declared type (``Draw(n=1.0)`` or ``Draw(n=True)``
        is not ``Draw(n=1)``). Anything else raises :class:`IllegalActionError`
        and leaves the state untouched.

        ``apply`` is atomic: if the pack raises while playing the action, the
        state is put back exactly as it was before the call, and the exception
        goes on to the caller (with a note saying so). A state with a record
        is rebuilt from it, which costs nothing until something fails; a state
        without one (a position built by hand, a determinisation) is copied
        before a checked action. Bots that pass an action taken from
        :meth:`legal_actions` may set ``check=False``: the action is not
        checked, and a state without a record is then not restored on failure
        (search throws such states away).
        """
        snapshot = None
        legal = self._legal
        if check:
            # _find_legal, inlined: this is the hot path of every checked game.
            if legal is None:
                self.legal_actions()
                legal = self._legal
                assert legal is not None
            found: object
            for found in legal:  # one of them (bots pass these) is legal; an identity
                if found is action:  # loop beats any(map(is_, ...)) on these short lists
                    break
            else:
                try:
                    found = legal[legal.index(action)]  # type: ignore[arg-type]
                except Exception:  # not there, or an __eq__ that raises
                    found = _MISSING
            if found is not action and (
                found is _MISSING
                or type(found) is not type(action)
                or not self.game.action_space.exact(action)
            ):
                raise IllegalActionError(action, self.current_player, self._why_illegal(action))
            if self.no_record:
                snapshot = self.clone()
        n = len(self.log)
        rng_state = self.rng.state
        self._legal = None
        try:
            self._apply(action)
        except BaseException as exc:
            self._restore(exc, snapshot, legal, n, rng_state)
            raise
        self.history.append(action)
        return self.log[n:]

    def _restore(
        self,
        exc: BaseException,
        snapshot: State | None,
        legal: list[Action] | None,
        n_log: int,
        rng_state: int,
    ) -> None:
        """Put the state back as it was before a failed ``_apply`` (see :meth:`apply`)."""
        if snapshot is None:
            if self.no_record:
                exc.add_note(
                    "tabletop: an unchecked action failed on a state without a record; "
                    "the state was not restored"
                )
                return
            try:
                snapshot = self._rebuilt()
            except Exception as again:
                exc.add_note(f"tabletop: the state could not be restored: {again!r}")
                return
            if (
                len(snapshot.log) != n_log
                or snapshot.rng.state != rng_state
                or len(snapshot.history) != len(self.history)
            ):
                exc.add_note(
                    "tabletop: the state could not be restored: replaying its record did "
                    "not lead back to it (is the pack deterministic?)"
                )
                return
        for f in attrs.fields(type(self)):
            setattr(self, f.name, getattr(snapshot, f.name))
        self._legal = legal
        exc.add_note("tabletop: the state was restored to what it was before this action")

    def _first(self) -> State:
        """The state this game started as: its position document when it started from
        one, else its seed and options."""
        if self.start is not None:
            return self.game.position(self.start)
        return self.game.new_state(seed=self.seed, options=self.options)

    def _rebuilt(self) -> State:
        """This state made again from its record: :meth:`_first`, then its history."""
        state = self._first()
        for a in self.history:
            state.apply(a, check=False)
        return state

    def apply_id(self, action_id: int) -> list[Event]:
        """Apply the action with this id (see ``game.decode``).

        Anything but an id of a legal action (another int, a bool, a float, a
        string) raises :class:`IllegalActionError`; the state is untouched.
        """
        if type(action_id) is not int:
            raise IllegalActionError(
                action_id,
                self.current_player,
                f"an action id is an int 0..{self.game.num_distinct_actions - 1}, "
                f"not {type(action_id).__name__}",
            )
        try:
            action = self.game.decode(action_id)
        except ValueError as exc:
            raise IllegalActionError(action_id, self.current_player, str(exc)) from None
        return self.apply(action)

    def _why_illegal(self, action: object) -> str:
        if self.result is not None:
            return "the game is over"
        why = self.game.action_space.check(action)
        if why:
            return why
        assert isinstance(action, Action)
        try:
            why = self._explain(action)
        except Exception:  # an explanation is words: its failure must not hide the refusal
            why = ""
        if why:
            return why
        kinds = sorted({a.kind for a in self._legal or ()})
        return (
            f"it is not one of the {len(self._legal or ())} legal actions now "
            f"(deciding: {self.prompt!r}; legal kinds: {', '.join(kinds)})"
        )

    def view(self, player: int | None, *, log: bool = True) -> dict[str, Any]:
        """What ``player`` may know, as a JSON-able dict (``None``: a spectator).

        Zones are shown or counted by their visibility; ``cards`` gives the
        public facts (``_card_info``) of every card id the player can see, so a
        UI needs no card table; the log keeps only the events that player may
        see (or their public form), each with a ``text``; the RNG never
        appears. The player to decide also gets the legal actions with their
        ids and descriptions.

        ``log=False`` leaves the ``log`` key out (a client that follows the
        game gets the new events from :meth:`log_view` instead, so a move does
        not cost the whole log).
        """
        seat = player
        if player is not None:
            self._check_player(player, "view")
            player = self._viewer(player)
        zones = self._zone_views(player)
        state_view = self._view(player)
        cp = self.current_player
        legal: list[dict[str, Any]] | None = None
        shown: list[int] = []
        if seat is not None and seat == cp:
            legal = []
            for i, notation, text, targets in self._legal_entries():
                legal.append(
                    {
                        "id": i,
                        "notation": notation,
                        "text": text,
                        "targets": [t.as_dict() for t in targets],
                    }
                )
                shown.extend(t.id for t in targets if t.kind == "card" and isinstance(t.id, int))
        log_view = self.log_view(seat) if log else None
        cards: dict[str, Any] = {}
        if type(self)._card_info is not State._card_info:
            ids: list[int] = []
            for zv in zones.values():
                ids.extend(zv.get("cards", ()))
                ids.extend(zv.get("known", ()))
            ids.extend(self._view_cards(player, state_view))
            ids.extend(shown)
            if log:
                ids.extend(self._seen_log(player).cards)
            # each card's facts once, in order, as the caller's own: a pack's table
            # (``_card_facts``) holds read-only lists and dicts (the kit checks it), so a
            # copy of the top is enough; other facts are copied down to their leaves
            facts = self._card_facts()
            if facts is None:
                card_info = self._card_info
                for c in dict.fromkeys(ids):
                    info = card_info(c)
                    if info is not None:  # a fresh dict (the hook's contract)
                        keys = _container_keys(info)
                        if keys is not None:
                            _copy_inside(info, keys)
                        cards[str(c)] = info
            else:
                get = facts.get
                for c in dict.fromkeys(ids):
                    info = get(c)
                    if info is not None:
                        cards[str(c)] = info.copy()
        out: dict[str, Any] = {
            "game": self.game.name,
            "player": seat,
            "players": [self.game.player_name(p, self.options) for p in range(self.num_players)],
            "step": len(self.history),
            "current_player": cp,
            "prompt": self._view_prompt(),
            "terminal": self.is_terminal,
            "returns": self.returns(),
            "zones": zones,
            "cards": cards,
            "state": state_view,
        }
        if log_view is not None:
            out["log"] = log_view
        if legal is not None:
            out["legal_actions"] = legal
        return out

    def _view_prompt(self) -> str:
        """:attr:`prompt`, kept with the legal actions it was made for (views of the same
        position, a clone's included, share it)."""
        legal = self._legal
        if legal is None:
            return self.prompt
        cached = self._prompt_of
        if cached is not None and cached[0] is legal:
            return cached[1]
        text = self.prompt
        self._prompt_of = (legal, text)
        return text

    def _legal_entries(self) -> list[tuple[int, str, str, Sequence[Target]]]:
        """Each legal action's id, notation, words and targets: made once for a list of
        legal actions (views of the same position, a clone's included, share them)."""
        self.legal_actions()
        legal = self._legal
        cached = self._legal_words
        if cached is not None and cached[0] is legal:
            return cached[1]
        assert legal is not None
        enc = self.game.encode
        entries = [(enc(a), a.notation(), self._describe(a), self._targets(a)) for a in legal]
        self._legal_words = (legal, entries)
        return entries

    def log_view(self, player: int | None, start: int = 0, stop: int | None = None) -> list[Any]:
        """The events of ``log[start:stop]`` as ``player`` may see them, as in :meth:`view`.

        Each is a JSON-able dict with its ``kind``, its fields and its ``text``;
        an event that player may not see is left out, and one they may see
        only in part appears in its public form. ``start`` and ``stop`` count
        the full log (``len(state.log)`` after an action marks where its
        events end), so ``log_view(p, n)`` is what happened since position n.
        """
        if player is not None:
            self._check_player(player, "log_view")
            player = self._viewer(player)
        if type(start) is not int or (stop is not None and type(stop) is not int):
            raise TypeError("log_view() takes int positions start and stop")
        seen = self._seen_log(player)
        n = len(self.log)
        lo = bisect_left(seen.index, start if start >= 0 else max(0, n + start))
        hi = len(seen.index) if stop is None else bisect_left(seen.index, _clip(stop, n))
        out = list(map(dict.copy, seen.entries[lo:hi]))
        nested = seen.nested
        for j in range(bisect_left(nested, lo), bisect_left(nested, hi)):
            _copy_inside(out[nested[j] - lo], seen.nested_keys[j])
        return out

    def _log_cards(self, player: int | None) -> list[int]:
        """The card ids the events viewer ``player`` sees name (their card fields)."""
        return self._seen_log(player).cards[:]

    def _seen_log(self, player: int | None) -> _SeenLog:
        """The whole log as viewer ``player`` sees it, narrated: the one made before,
        extended by the events since (or made again if the log is not the one it was made
        from, as after a failed action put the state back)."""
        cache = self._log_views
        if cache is None:
            cache = self._log_views = {}
        log = self.log
        made = cache.get(player)
        if made is not None and made.extends_to(log):
            if made.length == len(log):
                return made
            made = made.extended(self, player, log)
        else:
            made = _SeenLog(0, None, [], [], [], [], []).extended(self, player, log)
        cache[player] = made
        return made

    def _check_player(self, player: object, where: str) -> None:
        """Refuse anything but a player number of this game (``TypeError`` for a
        value that is not an int, :class:`TabletopError` for one out of range)."""
        if type(player) is not int:
            raise TypeError(
                f"{where}() takes a player number (an int 0..{self.num_players - 1}"
                f"{' or None' if where not in ('resample', 'observation') else ''}), not {type(player).__name__}"
            )
        if not 0 <= player < self.num_players:
            raise TabletopError(
                f"{where}(): no player {player}; players are 0..{self.num_players - 1}"
            )

    def observation(self, player: int) -> Any:
        """What ``player`` may know as a ``float32`` numpy array of
        ``game.observation_shape`` (numpy comes with ``tabletop[rl]``).

        Built from the same facts as :meth:`view`, so it never leaks (see
        :mod:`tabletop.observation`); :class:`TabletopError` when the pack
        declares no observation.
        """
        from .observation import to_array

        self._check_player(player, "observation")
        obs = self.game.observation
        if obs is None:
            raise TabletopError(
                f"{self.game.name} declares no observation encoding "
                "(a pack passes Game(observation=...); see tabletop.observation)"
            )
        return to_array(obs.encode_checked(self, player), obs.shape)

    def render(self, player: int | None = None) -> str:
        """A text picture of the state as ``player`` sees it (for terminals)."""
        if player is not None:
            self._check_player(player, "render")
        return self._render(player)

    def narrate(self, event: Event) -> str:
        """An event in words."""
        if not isinstance(event, Event):
            raise TypeError(f"narrate() takes an Event, not {type(event).__name__}")
        return self._narrate(event)

    def player_name(self, player: int) -> str:
        """The name of ``player`` (an int ``0..num_players-1``)."""
        self._check_player(player, "player_name")
        return self.game.player_name(player, self.options)

    def side_of(self, seat: int) -> int:
        """The side seat ``seat`` plays for. Seats of one side win and lose together: a
        team in a team game, else each seat is a side of its own (``side_of(p) == p``).

        >>> import tabletop
        >>> s = tabletop.load("station_assault").new_state(seed=1, options={"mode": "teams", "players": 4})
        >>> [s.side_of(p) for p in range(4)], s.sides()
        ([0, 1, 0, 1], [[0, 2], [1, 3]])
        """
        self._check_player(seat, "side_of")
        return self._side(seat)

    def sides(self) -> list[list[int]]:
        """The seats of each side, side 0 first (see :meth:`side_of`); who decides the
        decision at hand is :attr:`current_player`, a seat."""
        out: dict[int, list[int]] = {}
        for p in range(self.num_players):
            out.setdefault(self._side(p), []).append(p)
        return [out[k] for k in sorted(out)]

    def clone(self) -> State:
        """An independent copy (cheap: fields are copied explicitly)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.options = self.options
        new.seed = self.seed
        new.num_players = self.num_players
        new.rng = self.rng.copy()
        new.history = self.history[:]
        new.log = self.log[:]
        new.stack = self.stack[:]
        zones = self.zones
        new.zones = dict(zip(zones, map(list.copy, zones.values())))
        new.layout = self.layout  # never changed in place
        known = self.known
        if known:  # shared, copied by the first of the two to change it (_own_known)
            new.known = known
            new._known_shared = self._known_shared = True
        else:
            new.known = {}
            new._known_shared = False
        new.result = None if self.result is None else self.result[:]
        new.no_record = self.no_record
        new._record_len = self._record_len
        new.start = self.start
        new._legal = self._legal
        new._legal_words = self._legal_words
        new._prompt_of = self._prompt_of
        new._log_json = self._log_json
        new._log_views = None if self._log_views is None else dict(self._log_views)
        self._copy_into(new)
        return new

    def hidden_pools(self, player: int) -> list[list[str]]:
        """The names of the zones hidden from ``player``, grouped by pool (default: by
        owner)."""
        pools: dict[str, list[str]] = {}
        for name, z in self.layout.items():
            if not z.visible_to(player):
                key = z.pool if z.pool is not None else f"owner:{z.owner}"
                pools.setdefault(key, []).append(name)
        return list(pools.values())

    def redeal_hidden(self, player: int, order: Callable[[list[int]], None]) -> None:
        """Deal the ids ``player`` does not know back into the hidden zones of
        each pool, in the order ``order`` puts them (in place); zone sizes and
        the ids the player knows stay where they are."""
        zones = self.zones
        for names in self.hidden_pools(player):
            known = [self.known_to(name, player) for name in names]
            free = [c for name, k in zip(names, known) for c in zones[name] if c not in k]
            if len(free) > 1:
                order(free)
            it = iter(free)
            for name, k in zip(names, known):
                zones[name] = (
                    [c if c in k else next(it) for c in zones[name]]
                    if k
                    else [next(it) for _ in zones[name]]
                )
        self._legal = None

    def resample(self, player: int, rng: Rng | random.Random | int) -> State:
        """A clone in which what ``player`` cannot see is re-dealt at random.

        Cards in zones hidden from ``player`` (and not known to them) are
        shuffled among the zones of the same pool, sizes kept; the pack's
        ``_resample`` re-deals any other hidden fact; the clone's own RNG is
        re-seeded from ``rng`` so it does not know the real future either.
        The result is a determinisation for search: it has no valid record. It depends
        only on what ``player`` knows and on ``rng``: two states that differ only in
        what ``player`` cannot see give the same resample for the same ``rng``.
        ``player`` must be a player number (``TypeError`` otherwise, and
        :class:`TabletopError` out of range). ``rng`` is a :class:`Rng` (it is
        advanced), a :class:`random.Random` (64 bits are drawn from it to seed
        an :class:`Rng`) or an ``int`` seed; anything else is a ``TypeError``.
        """
        self._check_player(player, "resample")
        player = self._viewer(player)
        rng = _as_rng(rng)
        new = self.clone()
        # First the canonical stand-in (hidden cards in id order, the pack's other hidden
        # facts from a fixed seed), then the re-deal: the result depends only on what
        # ``player`` knows and on ``rng``, so a bot that searches on resamples chooses
        # the same in two states its seat cannot tell apart.
        new.redeal_hidden(player, list.sort)
        new._resample(player, Rng(0))
        new.redeal_hidden(player, rng.shuffle)
        new._resample(player, rng)
        new.rng = rng.spawn()
        new._legal = None
        new.determinised = True
        return new

    def position_facts(self) -> dict[str, Any]:
        """This state as a position document (:mod:`tabletop.positions`): JSON data,
        names rather than ids, that :meth:`Game.position` reads back into the same
        table, with the RNG's state so that the game goes on exactly as this one.

        Raises :class:`~tabletop.PositionError` for a finished game and for a state
        between the points where the pack's positions start (the message says which).
        """
        from .errors import PositionError

        if self.result is not None:
            raise PositionError("a finished game has no position to start from")
        doc: dict[str, Any] = {
            "game": self.game.name,
            "options": self.game.unstructure_options(self.options),
            "seed": self.seed,
        }
        doc.update(self._position_facts())
        doc["rng"] = self.rng.state
        return doc

    def record(self) -> dict[str, Any]:
        """``{format, game, pack_version, options, seed, actions}``: JSON-able."""
        from .serial import make_record

        return make_record(self)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.name} step={len(self.history)} "
            f"current_player={self.current_player} terminal={self.is_terminal}>"
        )


def _as_rng(rng: object) -> Rng:
    """``rng`` for :meth:`State.resample` as an :class:`Rng`: an Rng itself, one
    seeded from 64 bits of a :class:`random.Random`, or one seeded by an int."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    if isinstance(rng, int) and not isinstance(rng, bool):
        return Rng(rng)
    raise TypeError(
        f"resample() takes a tabletop.Rng, a random.Random or an int seed, not {type(rng).__name__}"
    )


@attrs.frozen(slots=True)
class _SeenLog:
    """A log narrated for one viewer: the events of ``log[:length]`` that viewer sees, as
    :meth:`State.log_view` gives them (``entries``, each with its index in ``index``), and
    the card ids they name. ``last`` is ``log[length - 1]``: events are never changed once
    logged, and a log only grows or is put back whole (a failed action, a reload), so
    the same object there means the same events before it. ``nested`` lists the
    entries (by position in ``entries``) that hold a list or dict, which a copy for a
    caller copies too, and ``nested_keys`` for each the keys of those values: a list
    of plain values (copied by a slice), and anything deeper."""

    length: int
    last: Event | None
    index: list[int]
    entries: list[dict[str, Any]]
    nested: list[int]
    nested_keys: list[tuple[tuple[str, ...], tuple[str, ...]]]
    cards: list[int]

    def extends_to(self, log: list[Event]) -> bool:
        n = self.length
        return n <= len(log) and (n == 0 or log[n - 1] is self.last)

    def extended(self, state: State, player: int | None, log: list[Event]) -> _SeenLog:
        """This narration with the events of ``log[length:]`` added (new lists: the
        old ones may be shared with a clone)."""
        conv = state.game.converter
        index, entries, cards = self.index[:], self.entries[:], self.cards[:]
        nested, nested_keys = self.nested[:], self.nested_keys[:]
        for i in range(self.length, len(log)):
            seen = log[i].seen_by(player)
            if seen is not None:
                d = conv.unstructure(seen)
                d.pop("to", None)
                d["text"] = state._narrate(seen)
                keys = _container_keys(d)
                if keys is not None:
                    nested.append(len(entries))
                    nested_keys.append(keys)
                index.append(i)
                entries.append(d)
                cards.extend(card_ids(seen))
        last = log[-1] if log else None
        return _SeenLog(len(log), last, index, entries, nested, nested_keys, cards)


def _container_keys(d: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The keys of ``d`` whose values are lists of plain values, and those of any other
    list or dict; None when it has neither."""
    flat: list[str] = []
    deep: list[str] = []
    for k, v in d.items():
        if type(v) is list and not any(type(x) in (dict, list) for x in v):
            flat.append(k)
        elif type(v) in (dict, list):
            deep.append(k)
    return (tuple(flat), tuple(deep)) if flat or deep else None


def _copy_inside(d: dict[str, Any], keys: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    """Replace the lists and dicts of ``d`` named by ``keys`` (:func:`_container_keys`)
    with copies, so that ``d``, itself a copy, shares nothing a caller could change."""
    flat, deep = keys
    for k in flat:
        d[k] = d[k][:]
    for k in deep:
        d[k] = _fresh(d[k])


def _fresh(value: Any) -> Any:
    """A copy of a JSON-like value down to its leaves, so a caller may change what
    :meth:`State.log_view` gave without changing what it keeps."""
    if type(value) is dict:
        return {k: _fresh(v) if type(v) in (dict, list) else v for k, v in value.items()}
    if type(value) is list:
        return [_fresh(v) if type(v) in (dict, list) else v for v in value]
    return value


def _clip(stop: int, n: int) -> int:
    """``stop`` as a slice end over ``n`` items (negative counts from the end)."""
    return max(0, n + stop) if stop < 0 else stop
