"""The :class:`Game` descriptor: a pack's static facts.

One instance per pack, exposed as the entry point ``GAME``. It knows the
pack's name, title and version, its options class with defaults, the number of
players, its card tables, the state class, and the fixed action-id space; it
makes new states and owns the pack's JSON converter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .cards import structure_or_raise
from .codec import StateCodec
from .errors import OptionsError, PositionError, TabletopError
from .limits import INT_MAX, INT_MIN, short
from .model import Action, Decision, Event, Zone
from .observation import Observation
from .rng import Rng
from .space import ActionSpace
from .state import State
from .strict import kind_of, make_converter, object_hook

__all__ = ["Game", "Phase", "Ruling"]


@attrs.frozen
class Ruling:
    """How a pack resolves a gap or contradiction in its source rules.

    ``id`` is the shared id (``"RS-19"``), ``question`` what the source leaves
    open, ``ruling`` how the pack plays, ``test`` the pytest node id of the
    test that pins it (``"tests/rebel_space/test_rulings.py::test_rs19"``),
    ``option`` the game option that can change it, if any.
    """

    id: str
    title: str
    question: str
    ruling: str
    test: str
    option: str = ""


@attrs.frozen
class Phase:
    """One step of a pack's turn or round structure, for the docs."""

    name: str
    description: str


class Game:
    """A rule pack's descriptor (static facts; states hold the dynamic ones)."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        version: str,
        state_cls: type[State],
        options_cls: type,
        action_space: ActionSpace,
        event_classes: Iterable[type[Event]] = (),
        decision_classes: Iterable[type[Decision]] = (),
        num_players: Callable[[Any], int] | int = 2,
        player_names: Callable[[int, Any], str] | Sequence[str] | None = None,
        min_players: int | None = None,
        max_players: int | None = None,
        cards: Mapping[str, Sequence[Any]] | None = None,
        heuristic: Callable[[State, int], float] | None = None,
        search: Mapping[str, Any] | None = None,
        description: str = "",
        rulings: Sequence[Ruling] = (),
        phases: Sequence[Phase] = (),
        record_compat: Sequence[str] = (),
        record_upgrades: Mapping[str, Callable[[Any], Any]] | None = None,
        observation: Observation | None = None,
        ui: Mapping[str, Any] | None = None,
        target_kinds: Mapping[str, str] | None = None,
        position_facts: Sequence[Any] = (),
        shared_on_load: Sequence[Any] = (),
    ) -> None:
        self.name = name
        self.title = title
        self.version = version
        self.state_cls = state_cls
        self.options_cls = options_cls
        self.action_space = action_space
        self.event_classes = list(event_classes)
        self.decision_classes = list(decision_classes)
        self._num_players = num_players
        self._player_names = player_names
        np_default = num_players if isinstance(num_players, int) else None
        self.min_players = min_players if min_players is not None else np_default or 2
        self.max_players = (
            max_players if max_players is not None else np_default or self.min_players
        )
        self.cards: dict[str, Sequence[Any]] = dict(cards or {})
        self.heuristic = heuristic
        self.search: dict[str, Any] = dict(search or {})
        """The pack's defaults for the search bot (:class:`~tabletop.bots.ISMCTSBot`): any of
        ``exploration``, ``rollout_steps``, ``rollout_policy`` (a function
        ``(state, rng) -> Action`` that plays the rollouts instead of uniform random
        moves), ``values`` (a function ``state -> list[float]``, every player's value
        of a leaf at once, for a pack that can share the work between them: the
        heuristic of each, or a value that looks further than the greedy bot's one
        step; a rival the search models as a greedy player is still scored by the
        ``heuristic``, as :class:`~tabletop.bots.GreedyBot` scores it) and
        ``opponents`` (``"search"``, ``"greedy"`` or ``"adaptive"``: how the search
        plays the other sides' decisions; or a function ``state -> str`` giving one,
        for a default that depends on the options) and ``belief`` (a function
        ``(info, player)`` of the searching player's information set, asked once a
        decision, that returns ``None`` or a function ``(d, rng)`` re-drawing in each
        determinisation ``d`` a hidden choice the way a player would make it, for a
        choice made face down from a position everyone saw; it reads only ``info``
        and draws only what the public facts allow). A bot built with a value of its own
        keeps it (``ISMCTSBot(beliefs=False)`` leaves the belief out)."""
        self.description = description
        self.rulings = tuple(rulings)
        self.phases = tuple(phases)
        self.record_compat = tuple(record_compat) or (version,)
        """The pack versions whose records and saved states this one reads as they are."""
        self.record_upgrades: dict[str, Callable[[Any], Any]] = dict(record_upgrades or {})
        """Older pack versions whose records this one still reads, each with a function
        that turns one of its actions (data, as the record holds it) into this version's
        (say, when an action's field changed meaning). It must take any data: anything it
        does not know it returns unchanged, and the action is then checked as usual. A
        saved state of such a version is refused (replay its record instead)."""
        self.observation = observation
        """The pack's observation encoding (:mod:`tabletop.observation`), or ``None``."""
        self.ui: dict[str, Any] = dict(ui or {})
        """Static facts a user interface needs and the views do not repeat (JSON-able):
        say, where a board draws each place, its colours, the names behind the
        indices a view uses. The server serves them at ``GET /packs/{name}``."""
        self.target_kinds: dict[str, str] = dict(target_kinds or {})
        """The kinds of :class:`~tabletop.targets.Target` the pack's actions point at, each
        with where a UI finds it (``state.targets(action)``); the shared kinds
        (:data:`tabletop.targets.SHARED_KINDS`) keep their shared sense."""
        self.position_facts: tuple[Any, ...] = tuple(position_facts)
        """The pack's own facts of a position document (:class:`tabletop.positions.Fact`
        values, for the docs); empty when the pack has no positions."""
        self.shared_on_load: tuple[Any, ...] = tuple(shared_on_load)
        """Values a load shares between the states it reads instead of making each anew:
        instances of attrs classes the state holds that the pack never changes in place
        (Rebellion's idle battle: a combat puts a new one in its place). A saved value
        whose data is exactly one of theirs (equal, and the same JSON text, so ``0``,
        ``false`` and ``0.0`` stay apart) is read back as that very object, which costs
        two comparisons instead of building the value field by field."""
        bound = state_cls.__dict__.get("game")
        if isinstance(bound, Game) and bound is not self:
            raise ValueError(
                f"{state_cls.__name__} is the state class of game {bound.name!r} already; "
                "give each game its own state class (a subclass will do)"
            )
        state_cls.game = self
        state_cls.__repr__ = State.__repr__  # type: ignore[method-assign]
        self.converter = self._make_converter()
        self.codec = StateCodec(self)
        """The compiled fast path of ``dumps`` and ``loads(trusted=True)`` (:mod:`tabletop.codec`)."""

    # ------------------------------------------------------------ facts
    @property
    def num_distinct_actions(self) -> int:
        """Size of the fixed action-id space."""
        return self.action_space.size

    @property
    def observation_shape(self) -> tuple[int, ...] | None:
        """The shape of ``state.observation(player)``; ``None`` when the pack
        declares no observation (see :mod:`tabletop.observation`)."""
        return None if self.observation is None else self.observation.shape

    def encode(self, action: Action) -> int:
        """The action's id, ``0 <= id < num_distinct_actions``."""
        return self.action_space.encode(action)

    def decode(self, action_id: int) -> Action:
        """The action with this id (every id in range decodes)."""
        return self.action_space.decode(action_id)

    def parse(self, text: str) -> Action:
        """An action from its notation (``"play 12 3 -1"``); ``ValueError`` if malformed.

        Values are plain decimal integers (``0`` or ``1`` for a bool field),
        within the action space; ``TypeError`` for anything but a str.
        """
        if not isinstance(text, str):
            raise TypeError(f"parse() takes the notation as a str, not {type(text).__name__}")
        if len(text) > 200:
            raise ValueError(f"action notation of {len(text)} characters; at most 200")
        parts = text.split()
        if not parts:
            raise ValueError("empty action notation")
        cls = self.action_space.kind_class(parts[0])
        if cls is None:
            kinds = ", ".join(c.kind for c in self.action_space.classes)
            raise ValueError(f"unknown action kind {short(parts[0], 40)}; kinds are: {kinds}")
        fields = self.action_space.field_types(cls)
        if len(parts) - 1 != len(fields):
            names = " ".join(n for n, _ in fields)
            raise ValueError(f"{parts[0]} takes {len(fields)} values ({names})")
        vals: list[int | bool] = []
        for (name, t), p in zip(fields, parts[1:]):
            if not _DECIMAL.fullmatch(p):
                raise ValueError(f"{short(text, 80)}: {name} must be a decimal integer")
            v = int(p)
            if t is bool:
                if v not in (0, 1):
                    raise ValueError(f"{short(text, 80)}: {name} is 0 or 1")
                vals.append(bool(v))
            else:
                vals.append(v)
        action = cls(*vals)
        self.encode(action)  # in range?
        return action

    def num_players(self, options: Any = None) -> int:
        opts = self.make_options(options)
        n = self._num_players
        return n if isinstance(n, int) else n(opts)

    def player_name(self, player: int, options: Any = None) -> str:
        """The name of seat ``player`` (``TypeError`` for anything but an int,
        :class:`~tabletop.TabletopError` for a seat no game of this pack has)."""
        if type(player) is not int:
            raise TypeError(
                f"player_name() takes a player number (an int), not {type(player).__name__}"
            )
        if not 0 <= player < self.max_players:
            raise TabletopError(
                f"player_name(): no player {player}; players are 0..{self.max_players - 1}"
            )
        names = self._player_names
        if names is None:
            return f"Player {player + 1}"
        if callable(names):
            return names(player, options if options is not None else self.options_cls())
        return names[player]

    def default_options(self) -> Any:
        return self.options_cls()

    def make_options(self, options: Any = None) -> Any:
        """The pack's options object from ``None``, a dict, or an instance.

        Raises :class:`OptionsError` naming the bad field.
        """
        if options is None:
            return self.options_cls()
        if isinstance(options, self.options_cls):
            try:
                attrs.validate(options)  # type: ignore[arg-type]
            except (ValueError, TypeError) as exc:
                raise OptionsError(f"{self.name} options: {exc}") from None
            return options
        if not isinstance(options, Mapping):
            raise OptionsError(
                f"{self.name} options must be a dict or {self.options_cls.__name__}, "
                f"not {type(options).__name__}"
            )
        known = {f.name for f in attrs.fields(self.options_cls)}
        for key in options:
            if key not in known:
                import difflib

                close = difflib.get_close_matches(str(key)[:100], sorted(known), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise OptionsError(
                    f"{self.name} has no option {short(key, 40)}{hint} "
                    f"(options: {', '.join(sorted(known))})"
                )
        return structure_or_raise(
            dict(options), self.options_cls, "options", OptionsError, self.converter
        )

    def options_from_data(self, data: Any) -> Any:
        """The options object from options read from a record or a saved state.

        Like :meth:`make_options` for a dict, but data from elsewhere can never
        make the library open a file: an option whose field metadata has
        ``"path": True`` (say, a custom card table's file) must keep its
        default there. A program passes such a path itself, through
        :meth:`make_options` or :meth:`new_state`, and the pack then carries
        the file's content in the options, so records stay self-contained.
        Raises :class:`OptionsError` naming the field.
        """
        if not isinstance(data, Mapping):
            raise OptionsError(
                f"{self.name} options must be an object of option fields, not {kind_of(data)}"
            )
        if attrs.has(self.options_cls):
            for f in attrs.fields(self.options_cls):
                if f.metadata.get("path") and f.name in data:
                    value = data[f.name]
                    if not (type(value) is type(f.default) and value == f.default):
                        raise OptionsError(
                            f"{self.name} option {f.name!r} names a file: options from a "
                            "record or a saved state cannot name a path (records carry the "
                            "file's content instead; only a program may pass a path)"
                        )
        return self.make_options(dict(data))

    def options_schema(self) -> list[dict[str, Any]]:
        """The options a form may offer, from the options class's fields.

        One entry per field of a plain type (``bool``, ``int``, ``str``):
        ``name``, ``type``, ``default``, ``label`` (the field's ``"label"``
        metadata, else its name in words), ``help`` (the field's ``"help"``
        metadata, written for players), and ``choices`` or ``min``/``max`` when
        the pack's metadata gives them; with ``choices``, ``choice_labels``: each
        choice in words (the ``"labels"`` metadata, a dict from value to words,
        else the value with spaces for underscores). Fields of other types, and fields that name a file
        (metadata ``"path"``), are left out: a program sets those itself.
        """
        if not attrs.has(self.options_cls):
            return []
        out: list[dict[str, Any]] = []
        for f in attrs.fields(self.options_cls):
            kind = {bool: "bool", int: "int", str: "str"}.get(type(f.default))
            if kind is None or f.metadata.get("path"):
                continue
            entry: dict[str, Any] = {
                "name": f.name,
                "type": kind,
                "default": f.default,
                "help": str(f.metadata.get("help", "")),
            }
            entry["label"] = str(f.metadata.get("label", "")) or _words(f.name).capitalize()
            for key in ("choices", "min", "max"):
                if key in f.metadata:
                    value = f.metadata[key]
                    entry[key] = list(value) if key == "choices" else value
            if "choices" in entry:
                labels = f.metadata.get("labels", {})
                entry["choice_labels"] = [
                    str(labels[c]) if c in labels else _words(c) for c in entry["choices"]
                ]
            out.append(entry)
        return out

    def unstructure_options(self, options: Any) -> dict[str, Any]:
        out: dict[str, Any] = self.converter.unstructure(options)
        return out

    def new_state(self, seed: int = 0, options: Any = None) -> State:
        """A new game from ``seed`` with ``options`` (default: the printed rules)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionsError(f"seed must be an int, not {type(seed).__name__}")
        opts = self.make_options(options)
        n = self._num_players
        state = self.state_cls(
            options=opts, seed=seed, num_players=n if isinstance(n, int) else n(opts), rng=Rng(seed)
        )
        state._setup()
        return state

    def position(self, position: Mapping[str, Any] | str | bytes) -> State:
        """A new game set up as the position document says (:mod:`tabletop.positions`).

        ``position`` is the document (a dict) or its JSON or TOML text, read as
        untrusted data: a bad, unknown or inconsistent fact is a
        :class:`~tabletop.PositionError` naming it by its path. The state has a
        record: the document and the actions played from it.
        """
        from .positions import CORE_FACTS, Facts, canonical, read_position

        doc = position if isinstance(position, Mapping) else read_position(position)
        if not self.position_facts:
            raise PositionError(f"{self.name} has no positions")
        facts = Facts(doc)
        name = facts.get_str("game", self.name)
        if name != self.name:
            raise PositionError(
                f"position.game: a position of {short(name, 40)}, read by {self.name}; "
                f"use tabletop.from_position() or the pack {short(name, 40)} itself"
            )
        try:
            options = self.options_from_data(facts.get_raw("options", {}))
        except OptionsError as exc:
            raise PositionError(f"position.options: {exc}") from None
        seed = facts.get_int("seed", 0)
        state = self.new_state(seed=seed, options=options)
        state.log.clear()
        state._position(facts)
        rng = facts.get_int("rng", None, lo=0, hi=(1 << 64) - 1)
        if rng is not None:
            state.rng.state = rng
        for fact in CORE_FACTS:
            facts._known.add(fact.name)
        for fact in self.position_facts:
            facts._known.add(fact.name)
        facts.finish()
        state.history.clear()
        state.start = canonical(doc)
        state.no_record = ""
        state._legal = None
        state._legal_words = None
        state._prompt_of = None
        state._log_json = None
        return state

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.version}>"

    # ------------------------------------------------------------ JSON
    def _make_converter(self) -> cattrs.Converter:
        conv = make_converter()
        conv.register_unstructure_hook(Rng, lambda r: {"state": r.state})
        conv.register_structure_hook(Rng, lambda d, _: _rng_from(d))

        def tagged(base: type, classes: Iterable[type]) -> None:
            by_kind: dict[str, type] = {}
            for cls in classes:
                kind = cls.kind  # type: ignore[attr-defined]
                if not kind:
                    raise ValueError(f"{cls.__name__} has no kind tag")
                if kind in by_kind and by_kind[kind] is not cls:
                    raise ValueError(f"kind {kind!r} is used by two {base.__name__} classes")
                by_kind[kind] = cls
                attrs.resolve_types(cls)
            unfns: dict[type, Callable[[Any], dict[str, Any]]] = {
                cls: make_dict_unstructure_fn(cls, conv) for cls in by_kind.values()
            }
            stfns: dict[type, Callable[[Any, Any], Any]] = {
                cls: make_dict_structure_fn(cls, conv) for cls in by_kind.values()
            }

            def unstructure(obj: Any) -> dict[str, Any]:
                fn = unfns.get(type(obj))
                if fn is None:
                    raise TypeError(f"{type(obj).__name__} is not registered with {self.name}")
                d = {"kind": obj.kind}
                d.update(fn(obj))
                return d

            # Actions hold only ints and bools: build them directly when the
            # fields are exactly right (records and saved states are mostly
            # actions); anything else goes through cattrs for its clear errors.
            plain: dict[type, tuple[str, ...]] = {}
            if base is Action:
                for cls in by_kind.values():
                    fs = attrs.fields(cls)
                    if all(f.type in (int, "int") for f in fs):
                        plain[cls] = tuple(f.name for f in fs)

            what = base.__name__.lower()

            def structure(data: Any, _: Any) -> Any:
                if not isinstance(data, Mapping) or "kind" not in data:
                    raise ValueError(
                        f"expected an {what} object with a 'kind', got {kind_of(data)}"
                    )
                kind = data["kind"]
                cls = by_kind.get(kind) if type(kind) is str else None
                if cls is None:
                    raise ValueError(f"unknown {what} kind {short(kind, 40)}")
                names = plain.get(cls)
                if names is not None and len(data) == len(names) + 1:
                    try:
                        vals = [data[n] for n in names]
                    except KeyError:
                        pass
                    else:
                        if all(type(v) is int and INT_MIN <= v <= INT_MAX for v in vals):
                            return cls(*vals)
                rest = {k: v for k, v in data.items() if k != "kind"}
                return stfns[cls](rest, cls)

            conv.register_unstructure_hook_func(
                lambda t: isinstance(t, type) and issubclass(t, base), unstructure
            )
            conv.register_structure_hook_func(
                lambda t: isinstance(t, type) and issubclass(t, base), structure
            )

        tagged(Action, self.action_space.classes)
        tagged(Event, self.event_classes)
        tagged(Decision, self.decision_classes)
        attrs.resolve_types(Zone)
        attrs.resolve_types(State, localns={"Game": Game})
        attrs.resolve_types(self.state_cls, localns={"Game": Game})
        if attrs.has(self.options_cls):
            attrs.resolve_types(self.options_cls)
        skip = {
            f.name: override(omit=True)
            for f in attrs.fields(self.state_cls)
            if f.metadata.get("transient")
        }
        conv.register_unstructure_hook(
            self.state_cls,
            make_dict_unstructure_fn(self.state_cls, conv, **skip),  # type: ignore[arg-type]
        )
        conv.register_structure_hook(
            self.state_cls,
            object_hook(
                make_dict_structure_fn(
                    self.state_cls,
                    conv,
                    options=override(struct_hook=lambda v, _: self.options_from_data(v)),
                    **skip,  # type: ignore[arg-type]
                ),
                self.state_cls.__name__,
            ),
        )
        return conv


_DECIMAL = re.compile(r"-?[0-9]{1,20}")


def _words(value: object) -> str:
    """An option's name or value as a person reads it: ``free_for_all`` -> "free for all"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def _rng_from(d: Any) -> Rng:
    if (
        not isinstance(d, Mapping)
        or set(d) != {"state"}
        or type(d["state"]) is not int
        or not 0 <= d["state"] < 1 << 64
    ):
        raise ValueError(f"rng must be {{'state': an int 0..2**64-1}}, got {short(d, 60)}")
    r = Rng(0)
    r.state = d["state"]
    return r
