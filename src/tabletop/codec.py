"""The fast path of ``dumps`` and ``loads(trusted=True)``: a state codec compiled
from a pack's attrs annotations.

The pack's cattrs converter (:meth:`Game._make_converter`) is the reference:
it says what a saved state looks like and how each field is read strictly.
It pays for that generality on every value, though (a hook lookup and a call
per action, event, list and int). :class:`StateCodec` compiles, once per
pack, plain Python functions for the pack's state class and everything it
holds (its nested attrs classes, the tagged actions, events and decisions),
which

* **unstructure** a state to JSON-able data that encodes to exactly the
  text the converter's data does: lists of plain values are handed to the
  encoder as they are instead of being copied element by element; and
* **structure** a freshly parsed saved state optimistically: every object
  must have exactly its fields and every value exactly its declared type (an
  int within 64 bits, never a bool or a float; a string of at most
  :data:`~tabletop.limits.MAX_STRING` characters; a known ``kind``), and the
  result is built with the same types cattrs builds (tuples where cattrs
  makes tuples, enum members, the options through ``Game.options_from_data``).

Anything the compiled functions do not expect (a missing field that has a
default, a type they do not know, a value of the wrong type) raises
:class:`Mismatch`, and the caller falls back to the converter, which then
either reads the data or refuses it with its usual message naming the field.
So the fast path never accepts what the converter refuses, and it changes no
output: ``tests/test_codec.py`` checks both against the converter along
random games of every pack.

JSON text is made and read by orjson when it is installed (it comes with the
``server`` extra; several times faster than the standard library for a saved
state) and by :mod:`json` otherwise.
"""

from __future__ import annotations

import collections.abc as cabc
import enum
import itertools
import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import attrs

from .errors import TabletopError
from .limits import INT_MAX, INT_MIN, MAX_STRING
from .model import Action, Decision, Event
from .strict import _int_key

if TYPE_CHECKING:
    from .game import Game
    from .state import State

try:  # optional: the `server` extra brings it
    import orjson
except ImportError:  # pragma: no cover - exercised by forcing the json backend in tests
    orjson = None  # type: ignore[assignment]

__all__ = ["Mismatch", "StateCodec", "backend", "decode", "encode", "split_log"]


INTERNED = 4096
"""How many actions of one class the codec keeps to share between loads."""


class Mismatch(Exception):
    """The data is not exactly what the compiled structure function expects."""


# ---------------------------------------------------------------- JSON text
_use_orjson = orjson is not None


def backend() -> str:
    """``"orjson"`` or ``"json"``: what :func:`encode` and :func:`decode` use."""
    return "orjson" if _use_orjson else "json"


def set_backend(name: str) -> None:
    """Use ``"orjson"`` (when installed) or ``"json"`` (for tests of the fallback)."""
    global _use_orjson
    if name not in ("orjson", "json"):
        raise ValueError(f"backend is 'orjson' or 'json', not {name!r}")
    if name == "orjson" and orjson is None:
        raise ValueError("orjson is not installed (pip install 'tabletop[server]')")
    _use_orjson = name == "orjson"


def encode(data: Any) -> str:
    """Compact JSON text of ``data`` (non-ASCII characters kept as they are)."""
    if _use_orjson:
        try:
            return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
        except (TypeError, orjson.JSONEncodeError):
            pass  # a lone surrogate, an int over 64 bits: json can write them
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _bounded_int(digits: str) -> int:
    value = int(digits)
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"integer {digits[:40]} is out of range (-2**63..2**64-1)")
    return value


def decode(text: str) -> Any:
    """The JSON value of ``text``; ``ValueError`` (or ``RecursionError``) if it is not JSON.

    Every int in the result is within 64 bits (``INT_MIN..INT_MAX``): orjson
    reads a larger one as a float, and the json fallback refuses it. So the
    compiled structure functions, which take data from here only, check an
    int's type and not its range. No other limit is checked here: the caller
    has bounded the text's size, and a saved state's shape bounds the rest
    when it is structured.
    """
    if _use_orjson:
        return orjson.loads(text)  # JSONDecodeError is a ValueError
    return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)


# ---------------------------------------------------------------- types
_PLAIN = (int, bool, str, float, type(None))
_SEQS: dict[Any, type] = {
    list: list,
    tuple: tuple,
    set: set,
    frozenset: frozenset,
    cabc.Sequence: tuple,
    cabc.MutableSequence: list,
    cabc.Set: frozenset,
    cabc.MutableSet: set,
}
_MAPS = (dict, cabc.Mapping, cabc.MutableMapping)
_TAGGED = (Action, Event, Decision)


def _origin(t: Any) -> Any:
    return get_origin(t) or t


def _is_union(t: Any) -> bool:
    return get_origin(t) in (Union, types.UnionType)


def _hashable_in(t: Any, group: Iterable[Any]) -> bool:
    try:
        return t in group
    except TypeError:
        return False


def _homogeneous(t: Any) -> Any | None:
    """The element type of ``list[E]``, ``tuple[E, ...]``, ``Sequence[E]``...; None otherwise."""
    origin = _origin(t)
    if not _hashable_in(origin, _SEQS):
        return None
    args = get_args(t)
    if origin is tuple:
        return args[0] if len(args) == 2 and args[1] is Ellipsis else None
    return args[0] if args else None


def _passthrough(t: Any) -> bool:
    """Whether cattrs unstructures values of type ``t`` to data that encodes as the
    value itself does (plain values, lists, tuples and str/int-keyed dicts of them)."""
    if _hashable_in(t, _PLAIN):
        return True
    if _is_union(t):
        return all(_passthrough(a) for a in get_args(t))
    origin = _origin(t)
    if origin in (list, tuple, cabc.Sequence, cabc.MutableSequence):
        args = get_args(t)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return bool(args) and all(_passthrough(a) for a in args)
        return len(args) == 1 and _passthrough(args[0])
    if _hashable_in(origin, _MAPS):
        args = get_args(t)
        return len(args) == 2 and args[0] in (int, str) and _passthrough(args[1])
    return False


def _plain_init(cls: type) -> bool:
    """Whether attrs' ``__init__`` of ``cls`` only sets each field to its argument
    (no validator, converter, pre- or post-init hook, cached hash, or __init__ of its own)."""
    code = getattr(cls.__dict__.get("__init__"), "__code__", None)
    if code is None or not code.co_filename.startswith("<attrs generated"):
        return False
    if any(hasattr(cls, h) for h in ("__attrs_pre_init__", "__attrs_post_init__")):
        return False
    if "__attrs_cached_hash__" in getattr(cls, "__slots__", ()):
        return False
    return all(f.validator is None and f.converter is None and f.init for f in attrs.fields(cls))


# ---------------------------------------------------------------- the compiler
class _Source:
    """Python source of generated functions, and the names it refers to."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.ns: dict[str, Any] = {
            "Mismatch": Mismatch,
            "MS": MAX_STRING,
            "INT_KEY": _int_key,
            "NEW": object.__new__,
            "SET": object.__setattr__,
            "CHAIN": itertools.chain.from_iterable,
            "LISTS": frozenset({list}),
        }
        self.n = 0

    def name(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}_{self.n}"

    def const(self, value: Any, prefix: str = "K") -> str:
        for k, v in self.ns.items():
            if v is value:
                return k
        k = self.name(prefix)
        self.ns[k] = value
        return k

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.lines.append("")

    def build(self) -> dict[str, Any]:
        code = compile("\n".join(self.lines), "<tabletop codec>", "exec")
        exec(code, self.ns)  # our own generated source, made from class annotations
        return self.ns


def _exact_text(data: Any) -> bytes:
    """JSON text of ``data`` that tells ``true``, ``1`` and ``1.0`` apart (for
    :meth:`_Compiler._shared`)."""
    if orjson is not None:
        return orjson.dumps(data)
    return json.dumps(data, separators=(",", ":")).encode()


def _ident(name: str) -> str:
    return name if name.isidentifier() else "f"


class _Compiler:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.conv = game.converter
        self.src = _Source()
        self.un_cls: dict[Any, str] = {}
        self.st_cls: dict[Any, str] = {}
        self.st_helpers: dict[str, str] = {}
        self.tag_un: dict[type, str] = {}
        self.tag_st: dict[type, str] = {}
        self._fill: list[tuple[dict[Any, Any], dict[type, str], bool]] = []
        self.tagged: dict[type, list[type]] = {
            Action: list(game.action_space.classes),
            Event: list(game.event_classes),
            Decision: list(game.decision_classes),
        }

    # ------------------------------------------------------------ unstructure
    def un_expr(self, t: Any, expr: str, depth: int = 0) -> str:
        """An expression: the unstructured data of ``expr``, of declared type ``t``."""
        if _passthrough(t):
            return expr
        base = self._tag_base(t)
        if base is not None:
            return f"{self._tag_table(base, unstructure=True)}[type({expr})]({expr})"
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return f"{expr}._value_"  # what the converter writes (its value), sooner
        if isinstance(t, type) and attrs.has(t) and t is not self.game.state_cls:
            return f"{self.un_class(t)}({expr})"
        elem = _homogeneous(t)
        if elem is not None:
            x = f"x{depth}"
            return f"[{self.un_expr(elem, x, depth + 1)} for {x} in {expr}]"
        if _hashable_in(_origin(t), _MAPS):
            args = get_args(t)
            if len(args) == 2 and args[0] in (int, str):
                k, v = f"k{depth}", f"v{depth}"
                inner = self.un_expr(args[1], v, depth + 1)
                return f"{{{k}: {inner} for {k}, {v} in {expr}.items()}}"
        if _is_union(t):
            rest = [a for a in get_args(t) if a is not type(None)]
            if len(rest) == 1 and len(get_args(t)) == 2:
                return f"(None if {expr} is None else {self.un_expr(rest[0], expr, depth)})"
        if t is Any or t is typing.Any:
            return f"{self.src.const(self.conv.unstructure, 'UNANY')}({expr})"
        hook = self.conv.get_unstructure_hook(t)
        return f"{self.src.const(hook, 'UNHOOK')}({expr})"

    def _tag_base(self, t: Any) -> type | None:
        if isinstance(t, type):
            for base in _TAGGED:
                if issubclass(t, base):
                    return base
        return None

    def _fields(self, cls: type) -> list[attrs.Attribute[Any]]:
        attrs.resolve_types(cls)
        fs = list(attrs.fields(cls))
        if cls is self.game.state_cls:
            fs = [f for f in fs if not f.metadata.get("transient")]
        return fs

    def un_field(self, cls: type, f: attrs.Attribute[Any]) -> str:
        """The unstructured data of field ``f`` of an ``o`` of ``cls``. A state's
        ``layout`` (never changed in place, shared by clones and loads) is made once per
        layout dict, and the same data handed out again (it is encoded at once)."""
        expr = self.un_expr(f.type, "o." + f.name)
        if cls is not self.game.state_cls or f.name != "layout":
            return expr
        memo = self.src.const([None, None], "LAYOUTMEMO")
        fn = self.src.name("un_layout")
        self.src.add(
            [
                f"def {fn}(o):",
                f"    if o.layout is {memo}[0]:",
                f"        return {memo}[1]",
                f"    data = {expr}",
                f"    {memo}[0] = o.layout",
                f"    {memo}[1] = data",
                "    return data",
            ]
        )
        return f"{fn}(o)"

    def un_class(self, cls: type) -> str:
        name = self.un_cls.get(cls)
        if name is not None:
            return name
        name = self.un_cls[cls] = self.src.name(f"un_{_ident(cls.__name__)}")
        items = [f"{f.name!r}: {self.un_field(cls, f)}" for f in self._fields(cls)]
        self.src.add([f"def {name}(o):", f"    return {{{', '.join(items)}}}"])
        return name

    def un_state_text(self) -> str | None:
        """The state's unstructure function for :meth:`StateCodec.unstructure_text`: the
        same data, but the log as an ``orjson.Fragment`` made by :func:`log_fragment`
        (None when the log is not a list of tagged events)."""
        cls = self.game.state_cls
        fields = self._fields(cls)
        log_t = attrs.fields_dict(cls)["log"].type
        if self._tag_base(_homogeneous(log_t)) is not Event:
            return None
        table = self._tag_table(Event, unstructure=True)
        frag = self.src.const(log_fragment, "LOGTEXT")
        items = [
            f"'log': {frag}(o, {table})"
            if f.name == "log"
            else f"{f.name!r}: {self.un_field(cls, f)}"
            for f in fields
        ]
        name = self.src.name(f"un_{_ident(cls.__name__)}_text")
        self.src.add([f"def {name}(o):", f"    return {{{', '.join(items)}}}"])
        return name

    def un_tagged(self, cls: type) -> str:
        name = self.src.name(f"un_{_ident(cls.__name__)}")
        items = [f"'kind': {cls.kind!r}"]  # type: ignore[attr-defined]
        items += [f"{f.name!r}: {self.un_expr(f.type, 'o.' + f.name)}" for f in self._fields(cls)]
        self.src.add([f"def {name}(o):", f"    return {{{', '.join(items)}}}"])
        return name

    def _tag_table(self, base: type, *, unstructure: bool) -> str:
        tables = self.tag_un if unstructure else self.tag_st
        name = tables.get(base)
        if name is not None:
            return name
        table: dict[Any, Any] = {}
        name = tables[base] = self.src.const(table, "UNTAG" if unstructure else "STTAG")
        fns = {}
        for cls in self.tagged[base]:
            fns[cls] = self.un_tagged(cls) if unstructure else self.st_class(cls, tagged=True)
        self._fill.append((table, fns, unstructure))
        return name

    # ------------------------------------------------------------ structure
    def st_checks(self, t: Any, v: str, pad: str, depth: int = 0) -> list[str]:
        """Statements that check the value in local ``v`` and rebind it to its structure."""
        fail = f"{pad}    raise Mismatch"
        if t is bool:
            return [f"{pad}if type({v}) is not bool:", fail]
        if t is int:
            return [f"{pad}if type({v}) is not int:", fail]  # 64 bits: see decode()
        if t is str:
            return [f"{pad}if type({v}) is not str or len({v}) > MS:", fail]
        if t is type(None):
            return [f"{pad}if {v} is not None:", fail]
        if isinstance(t, type) and issubclass(t, enum.Enum):
            members = self.src.const({(type(m.value), m.value): m for m in t}, "ENUM")
            return [f"{pad}{v} = {members}[(type({v}), {v})]"]
        base = self._tag_base(t)
        if base is not None:
            table = self._tag_table(base, unstructure=False)
            return [f"{pad}{v} = {table}[{v}['kind']]({v})"]
        if isinstance(t, type) and attrs.has(t) and t is not self.game.state_cls:
            return [
                f"{pad}if type({v}) is not dict:",
                fail,
                f"{pad}{v} = {self.st_class(t)}({v})",
            ]
        if _is_union(t):
            args = get_args(t)
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1 and len(args) == 2:
                return [f"{pad}if {v} is not None:", *self.st_checks(rest[0], v, pad + "    ")]
        origin = _origin(t)
        if _hashable_in(origin, _SEQS):
            return self._st_seq(t, v, pad, depth)
        if _hashable_in(origin, _MAPS):
            args = get_args(t)
            if len(args) == 2 and args[0] in (int, str):
                return self._st_map(args[0], args[1], v, pad, depth)
        # Anything else (a float, the Rng, a type this compiler does not know):
        # the converter's own strict hook.
        hook = self.src.const(self.conv.get_structure_hook(t), "STHOOK")
        return [f"{pad}{v} = {hook}({v}, {self.src.const(t, 'T')})"]

    def _flat_list(self, t: Any) -> Any | None:
        """The element type of ``t`` if it is ``list[int]``, ``list[bool]`` or
        ``list[str]``, else None."""
        if _origin(t) is None or not _hashable_in(_origin(t), _SEQS):
            return None
        if _SEQS[_origin(t)] is not list:
            return None
        args = get_args(t)
        return args[0] if len(args) == 1 and args[0] in (int, bool, str) else None

    def _st_lists(self, elem: Any, lists: str, pad: str) -> list[str]:
        """Checks that ``lists`` (an expression: an iterable of values) holds only
        lists, of ``elem`` values each: two passes in C over all of them, where a
        function called per list costs more than its checks (a zone per call)."""
        fail = f"{pad}    raise Mismatch"
        kinds = self.src.const(frozenset({elem}), "ONLY")
        out = [
            f"{pad}if frozenset(map(type, {lists})) != LISTS:",
            fail,
            f"{pad}e_ = frozenset(map(type, CHAIN({lists})))",
            f"{pad}if e_ and e_ != {kinds}:",
            fail,
        ]
        if elem is str:
            out += [f"{pad}if e_ and max(map(len, CHAIN({lists}))) > MS:", fail]
        return out

    def _st_seq(self, t: Any, v: str, pad: str, depth: int) -> list[str]:
        fail = f"{pad}    raise Mismatch"
        origin = _origin(t)
        make = _SEQS[origin]
        args = get_args(t)
        out = [f"{pad}if type({v}) is not list:", fail]
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            out += [f"{pad}if len({v}) != {len(args)}:", fail]
            parts = []
            for i, a in enumerate(args):
                e = f"e{depth}_{i}"
                out.append(f"{pad}{e} = {v}[{i}]")
                out += self.st_checks(a, e, pad, depth + 1)
                parts.append(e)
            out.append(f"{pad}{v} = ({', '.join(parts)},)")
            return out
        elem = args[0] if args else Any
        if elem is int and make is tuple:
            # short tuples (an event's ``to``): a loop is cheaper than the set of types
            z = f"z{depth}"
            out += [
                f"{pad}{v} = ({v}).__class__ is list and tuple({v})",
                f"{pad}for {z} in {v}:",
                f"{pad}    if type({z}) is not int:",
                f"{pad}        raise Mismatch",
            ]
            return out
        if elem in (int, bool, str):
            kinds = self.src.const(frozenset({elem}), "ONLY")
            out += [f"{pad}if {v} and frozenset(map(type, {v})) != {kinds}:", fail]
            if elem is str:
                out += [f"{pad}if {v} and max(map(len, {v})) > MS:", fail]
            if make is not list:
                out.append(f"{pad}{v} = {self.src.const(make, 'MAKE')}({v})")
            return out
        flat = self._flat_list(elem)
        if flat is not None and make is list:  # a list of lists of numbers or strings
            return [*out, f"{pad}if {v}:", *self._st_lists(flat, v, pad + "    ")]
        base = self._tag_base(elem)
        x = f"x{depth}"
        if base is not None:
            table = self._tag_table(base, unstructure=False)
            item = f"{table}[{x}['kind']]({x})"
        else:
            item = f"{self.st_helper(elem)}({x})"
        if make is list:
            out.append(f"{pad}{v} = [{item} for {x} in {v}]")
        else:
            out.append(f"{pad}{v} = {self.src.const(make, 'MAKE')}({item} for {x} in {v})")
        return out

    def _st_map(self, kt: Any, vt: Any, v: str, pad: str, depth: int) -> list[str]:
        fail = f"{pad}    raise Mismatch"
        k, x = f"k{depth}", f"y{depth}"
        key = f"INT_KEY({k})" if kt is int else k
        out = [f"{pad}if type({v}) is not dict:", fail]
        if kt is str:
            out += [
                f"{pad}if {v} and max(map(len, {v})) > MS:",
                fail,
            ]
        flat = self._flat_list(vt)
        if kt is str and flat is not None:  # zones: str keys, lists of ids
            return [*out, f"{pad}if {v}:", *self._st_lists(flat, f"{v}.values()", pad + "    ")]
        out += [
            f"{pad}if {v}:",
            f"{pad}    n{depth} = len({v})",
            f"{pad}    {v} = {{{key}: {self.st_helper(vt)}({x}) for {k}, {x} in {v}.items()}}",
            f"{pad}    if len({v}) != n{depth}:",
            f"{pad}        raise Mismatch",
        ]
        return out

    def st_helper(self, t: Any) -> str:
        """A function that checks and structures one value of type ``t``."""
        key = repr(t)
        name = self.st_helpers.get(key)
        if name is not None:
            return name
        name = self.st_helpers[key] = self.src.name("st_value")
        self.src.add([f"def {name}(v):", *self.st_checks(t, "v", "    "), "    return v"])
        return name

    def st_class(self, cls: type, *, tagged: bool = False) -> str:
        name = self.st_cls.get(cls)
        if name is not None:
            return name
        name = self.st_cls[cls] = self.src.name(f"st_{_ident(cls.__name__)}")
        fields = self._fields(cls)
        shared = self._shared(cls)
        if any(
            not f.init or "max_items" in f.metadata or "max_length" in f.metadata for f in fields
        ):
            # cattrs' own hook (a Mismatch, through the caller, if it refuses the value)
            hook = self.src.const(self.conv.get_structure_hook(cls), "STHOOK")
            self.src.add(
                [
                    f"def {name}(d):",
                    *shared,
                    f"    return {hook}(d, {self.src.const(cls, 'T')})",
                ]
            )
            return name
        n = len(fields) + tagged
        body = [f"def {name}(d):", f"    if len(d) != {n}:", "        raise Mismatch", *shared]
        args = []
        state = cls is self.game.state_cls
        for i, f in enumerate(fields):
            v = f"a{i}"
            body.append(f"    {v} = d[{f.name!r}]")
            if state and f.name == "options":
                opts = self.src.const(self.game.options_from_data, "OPTIONS")
                body.append(f"    {v} = {opts}({v})")
            else:
                body += self.st_checks(f.type, v, "    ")
            args.append(f"{f.alias}={v}")
        c = self.src.const(cls, "C")
        if _plain_init(cls) and len(fields) == len(attrs.fields(cls)):  # no transient field
            # what attrs' __init__ would do, without its call and per-field lookups
            make = [f"o = NEW({c})", *self._set_fields(cls, fields), "return o"]
            if (
                tagged
                and issubclass(cls, Action | Event)
                and all(_frozen_value(f.type) for f in fields)
            ):
                body += self._interned(make, len(fields))
            else:
                body += ["    " + line for line in make]
        else:
            body.append(f"    return {c}({', '.join(args)})")
        self.src.add(body)
        return name

    def _shared(self, cls: type) -> list[str]:
        """Statements that return the pack's shared value of ``cls`` when ``d`` is exactly
        its data (:attr:`tabletop.Game.shared_on_load`). Equal is not enough (``1 == True
        == 1.0`` in Python, and a load coerces nothing): the data must also write the same
        text, which tells those apart (and a NaN equals nothing, so it never passes)."""
        out: list[str] = []
        for value in self.game.shared_on_load:
            if type(value) is cls:
                data = json.loads(json.dumps(self.conv.unstructure(value)))
                same = self.src.const(data, "SHARED_DATA")
                text = self.src.const(_exact_text(data), "SHARED_TEXT")
                exact = self.src.const(_exact_text, "EXACT")
                out += [
                    f"    if d == {same} and {exact}(d) == {text}:",
                    f"        return {self.src.const(value, 'SHARED')}",
                ]
        return out

    def _set_fields(self, cls: type, fields: list[attrs.Attribute[Any]]) -> list[str]:
        """Statements that set the fields of a new ``o`` of ``cls`` to ``a0``, ``a1``..."""
        if cls.__setattr__ is object.__setattr__:  # type: ignore[comparison-overlap]
            return [f"o.{f.name} = a{i}" for i, f in enumerate(fields)]  # not frozen: plain
        out = []
        for i, f in enumerate(fields):
            slot = getattr(cls, f.name, None)
            if isinstance(slot, types.MemberDescriptorType):  # frozen, slotted: the slot itself
                out.append(f"{self.src.const(slot.__set__, 'SLOT')}(o, a{i})")
            else:
                out.append(f"SET(o, {f.name!r}, a{i})")
        return out

    def _interned(self, make: list[str], n: int) -> list[str]:
        """The body that ends an action's structure function: the action already made
        of the same (checked, so exactly typed) field values, or ``make``'s new one.

        Actions and events are frozen and compared by value (and their fields here
        are hashable values, :func:`_frozen_value`), so every load shares them; the
        table of each class is bounded (:data:`INTERNED`).
        """
        table = self.src.const({}, "INTERN")
        key = "(" + "".join(f"a{i}, " for i in range(n)) + ")"
        return [
            f"    o = {table}.get({key})",
            "    if o is not None:",
            "        return o",
            *["    " + line for line in make[:-1]],
            f"    if len({table}) < {INTERNED}:",
            f"        {table}[{key}] = o",
            "    return o",
        ]

    # ------------------------------------------------------------ the log, for later
    def log_type(self) -> Any | None:
        """The declared type of the state's ``log``, if a saved state's log can be cut
        out of its text (see :func:`split_log`); None otherwise.

        It can when ``log`` is followed by ``stack`` in the state's fields and no
        object inside the log has a key ``stack``: every event's fields are flat
        (plain values, enums, lists and tuples of them) and none is named so.
        """
        names = [f.name for f in self._fields(self.game.state_cls)]
        if "log" not in names or names[names.index("log") + 1 : names.index("log") + 2] != [
            "stack"
        ]:
            return None
        for cls in self.tagged[Event]:
            for f in self._fields(cls):
                if f.name == "stack" or not _flat(f.type):
                    return None
        return attrs.fields_dict(self.game.state_cls)["log"].type

    # ------------------------------------------------------------ the history, by action
    def action_type(self) -> Any | None:
        """The declared type of the actions of the state's ``history``, if a saved
        state's history can be cut out of its text and read one action's text at a
        time (see :func:`split_history`); None otherwise.

        It can when ``history`` is followed by ``log`` in the state's fields and
        every action's fields hold numbers only (ints, bools, None, enums of ints,
        and lists or tuples of them): no text and no object, so ``},{`` occurs in
        the history's text only between two actions.
        """
        names = [f.name for f in self._fields(self.game.state_cls)]
        if "history" not in names or names[names.index("history") + 1 :][:1] != ["log"]:
            return None
        elem = _homogeneous(attrs.fields_dict(self.game.state_cls)["history"].type)
        if elem is None or self._tag_base(elem) is not Action:
            return None
        for cls in self.tagged[Action]:
            for f in self._fields(cls):
                if not _numbers(f.type):
                    return None
        return elem

    # ------------------------------------------------------------ build
    def build(self) -> tuple[Any, Any, Any, Any, Any]:
        """The compiled functions: unstructure, structure, structure of a log (or None),
        unstructure for text (or None), and structure of one action of the history
        (or None)."""
        un = self.un_class(self.game.state_cls)
        un_text = self.un_state_text()
        st = self.st_class(self.game.state_cls)
        log_t = self.log_type()
        st_log = self.st_helper(log_t) if log_t is not None else None
        action_t = self.action_type()
        st_action = self.st_helper(action_t) if action_t is not None else None
        ns = self.src.build()
        for table, fns, unstructure in self._fill:
            for cls, fn in fns.items():
                table[cls if unstructure else cls.kind] = ns[fn]  # type: ignore[attr-defined]
        return (
            ns[un],
            ns[st],
            ns[st_log] if st_log is not None else None,
            ns[un_text] if un_text is not None else None,
            ns[st_action] if st_action is not None else None,
        )


def _flat(t: Any) -> bool:
    """Whether values of type ``t`` are JSON without objects (plain values, enums,
    and lists or tuples of them)."""
    if _hashable_in(t, _PLAIN) or (isinstance(t, type) and issubclass(t, enum.Enum)):
        return True
    if _is_union(t):
        return all(_flat(a) for a in get_args(t))
    if _hashable_in(_origin(t), _SEQS):
        args = [a for a in get_args(t) if a is not Ellipsis]
        return bool(args) and all(_flat(a) for a in args)
    return False


def _numbers(t: Any) -> bool:
    """Whether values of type ``t`` are JSON numbers, ``true``/``false``, ``null``, or
    lists of them: no text and no object."""
    if t in (int, bool, type(None)):
        return True
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return all(type(m.value) is int for m in t)
    if _is_union(t):
        return all(_numbers(a) for a in get_args(t))
    if _hashable_in(_origin(t), _SEQS):
        args = [a for a in get_args(t) if a is not Ellipsis]
        return bool(args) and all(_numbers(a) for a in args)
    return False


def _frozen_value(t: Any) -> bool:
    """Whether the structured values of type ``t`` are immutable and hashable (plain
    values, enums, tuples and frozensets of them): a key of an intern table."""
    if _hashable_in(t, _PLAIN) or (isinstance(t, type) and issubclass(t, enum.Enum)):
        return True
    if _is_union(t):
        members = get_args(t)
        if sum(m in (int, bool, float) for m in members) > 1:
            return False  # 1, True and 1.0 are one key: the table would mix their types
        return all(_frozen_value(m) for m in members)
    origin = _origin(t)
    if _hashable_in(origin, _SEQS) and _SEQS[origin] in (tuple, frozenset):
        args = [a for a in get_args(t) if a is not Ellipsis]
        return bool(args) and all(_frozen_value(a) for a in args)
    return False


def log_fragment(state: State, table: dict[type, Callable[[Any], Any]]) -> Any:
    """The state's log as JSON text for orjson (an ``orjson.Fragment``), from the text
    the last :func:`tabletop.dumps` of this state (or of one it was cloned from) made
    of it, so that only the events since are unstructured and encoded.

    A log only grows in play, and its events are frozen; the text is reused only
    if the log still begins with exactly the events it was made of (compared as
    values, by identity first, which is what makes it cheap), so a log changed any
    other way is written afresh. ``table`` maps each event class to its compiled
    unstructure function.
    """
    log = state.log
    cached = state._log_json
    done, head = 0, b""
    if cached is not None:
        events, text = cached
        if len(events) <= len(log) and log[: len(events)] == events:
            done, head = len(events), text
    if done < len(log):
        new = orjson.dumps([table[type(e)](e) for e in log[done:]], option=orjson.OPT_NON_STR_KEYS)
        head = head + b"," + new[1:-1] if done else new[1:-1]
        state._log_json = (log[:], head)
    return orjson.Fragment(b"[" + head + b"]")


_LOG_START = ',"log":['
_LOG_END = '],"stack":'


def split_log(text: str) -> tuple[str, str] | None:
    """``text`` of a saved state with its state's log left empty, and the log's text;
    None if ``text`` has no place that looks like the log's.

    The log is the value after the first key ``"log"`` whose value is a list, up to
    the first key ``"stack"`` after a list. In the compact text :func:`encode` makes
    of a state whose codec allows it (:meth:`StateCodec.lazy_log`), that is exactly
    the log: no object before it has a key ``log`` (the options and actions come
    before it; a state's ``log`` would be preceded by its ``history``), and no
    object in it has a key ``stack``. In other text the cut may be wrong; then
    the first part is not JSON, or not the state the codec expects (a field
    missing or an object unclosed), and the caller reads the whole text instead.
    """
    return _cut_value(text, _LOG_START, _LOG_END, "[]")


def _cut_value(text: str, opening: str, closing: str, empty: str) -> tuple[str, str] | None:
    """``text`` with a value replaced by ``empty``, and the value's text: the value that
    opens with the last character of the first ``opening`` and closes with the first
    character of the first ``closing`` after it; None if either is missing."""
    start = text.find(opening)
    if start < 0:
        return None
    start += len(opening) - 1
    end = text.find(closing, start)
    if end < 0:
        return None
    end += 1
    return text[:start] + empty + text[end:], text[start:end]


_HISTORY_START = ',"history":['
_HISTORY_END = '],"log":['


def split_history(text: str) -> tuple[str, str] | None:
    """``text`` of a saved state with its state's history left empty, and the text of
    the actions in it (between the brackets); None if ``text`` has no place that looks
    like the history's.

    The history is the value of the first key ``"history"`` whose value is a list, up
    to the first key ``"log"`` after a list. In the compact text of a state whose
    codec reads histories by action (:attr:`StateCodec.lazy_history`), that is exactly
    the history (only the options come before it). In other text the cut may be wrong;
    then what is left is not JSON (a cut from inside the options leaves their objects
    unclosed), or not the state the codec expects, and the caller reads the whole text.
    """
    span = _history_span(text)
    if span is None:
        return None
    start, end = span
    return text[:start] + text[end:], text[start:end]


def _history_span(text: str) -> tuple[int, int] | None:
    """Where the text of the history's actions (see :func:`split_history`) starts and
    ends in ``text``."""
    start = text.find(_HISTORY_START)
    if start < 0:
        return None
    start += len(_HISTORY_START)
    end = text.find(_HISTORY_END, start)
    return None if end < 0 else (start, end)


def split_history_and_log(text: str) -> tuple[str, str, str] | None:
    """``text`` of a saved state with its history and its log left empty, the text of
    the history's actions (between its brackets, as :func:`split_history` gives it)
    and the log's text (as :func:`split_log` gives it), cut in one pass; None if
    ``text`` has no history followed by a log.

    The history is the value of the first key ``"history"`` whose value is a list, up
    to the first key ``"log"`` after a list; the log is the value of that key, up to
    the first key ``"stack"`` after a list. In the compact text of a state (as
    :func:`encode` writes it) these are the history and the log, one after the other
    (as :func:`split_log` and :func:`split_history` cut them, without looking over
    the history twice). In other text the cuts may be wrong; then what is left is not
    JSON, or not the state the codec expects, and the caller reads the whole text.
    """
    span = _history_span(text)
    if span is None:
        return None
    start, end = span
    log_start = end + len(_HISTORY_END) - 1
    log_end = text.find(_LOG_END, log_start)
    if log_end < 0:
        return None
    log_end += 1
    return (
        text[:start] + _HISTORY_END + "]" + text[log_end:],
        text[start:end],
        text[log_start:log_end],
    )


_LAYOUT_START = ',"layout":{'
_LAYOUT_END = '},"known":'


def split_layout(text: str) -> tuple[str, str] | None:
    """``text`` of a saved state with its state's layout left empty (``{}``), and the
    layout's text; None if ``text`` has no place that looks like the layout's.

    The layout is taken to be the object after the first key ``"layout"`` whose value
    is an object, up to the first ``}`` followed by the key ``"known"``. The caller
    uses the cut only when its text is exactly a layout already read whole
    (:func:`layout_of_text`): a JSON object is over where it closes, so
    that text is then the whole value there, not a part of it. Where the cut falls
    inside another field that happens to hold the same text, the state's own layout
    is still there, not empty, and :meth:`StateCodec.structure` refuses it.
    """
    return _cut_value(text, _LAYOUT_START, _LAYOUT_END, "{}")


LAYOUT_TEXTS = 8
"""How many saved layouts' texts trusted loads keep (:func:`layout_of_text`)."""
LAYOUT_TEXT_MAX = 1 << 16
"""The longest saved layout text kept (64 KiB; Rebellion's 51 zones take 4 KiB), so the
texts kept take at most half a MiB whatever a program loads."""
_layout_texts: dict[str, tuple[StateCodec, dict[str, Any]]] = {}


def layout_of_text(text: str) -> tuple[StateCodec, dict[str, Any]] | None:
    """The codec and the state's layout that a trusted load read from exactly the
    saved layout ``text`` (:func:`split_layout`), if it is one of the last few read."""
    return _layout_texts.get(text)


def remember_layout_text(text: str, codec: StateCodec, raw: Any, layout: dict[str, Any]) -> None:
    """A trusted load read ``raw`` (checked) as the state's ``layout``, and cut
    ``text`` out of the saved state as the layout's text: keep ``layout`` for the next
    saved layout of that very text, once sure ``text`` reads to ``raw`` (same zones, in
    the same order, with the same facts and types; a cut that fell elsewhere is not
    kept)."""
    if len(text) > LAYOUT_TEXT_MAX or text in _layout_texts or type(raw) is not dict:
        return
    try:
        data = decode(text)
    except (ValueError, RecursionError):
        return
    if type(data) is not dict or data != raw or list(data) != list(raw):
        return
    if not _exact_layout(data):
        return
    if len(_layout_texts) >= LAYOUT_TEXTS:
        del _layout_texts[next(iter(_layout_texts))]
    _layout_texts[text] = (codec, layout)


def _exact_layout(layout: dict[str, Any]) -> bool:
    """Whether a saved layout equal (``==``) to one read and checked has its numbers of
    the same types too: ``==`` takes ``false`` and ``0.0`` for ``0``, the checks do
    not. (Its keys and strings are equal, so the same.)"""
    for z in layout.values():
        owner = z["owner"]
        if (owner is not None and type(owner) is not int) or type(z["vis"]) is not int:
            return False
    return True


class StateCodec:
    """A pack's compiled state codec (see the module docstring); made on first use."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._un: Callable[[Any], dict[str, Any]] | None = None
        self._st: Callable[[Any], Any] | None = None
        self._st_log: Callable[[Any], Any] | None = None
        self._un_text: Callable[[Any], dict[str, Any]] | None = None
        self._st_action: Callable[[Any], Any] | None = None
        self._action_texts: dict[str, Any] = {}
        """Actions already read, by their text in a saved history (at most
        :data:`INTERNED`): the same text is the same action, checked once."""
        self._compiled = False

    def _compile(self) -> None:
        built = _Compiler(self.game).build()
        self._un, self._st, self._st_log, self._un_text, self._st_action = built
        self._compiled = True

    @property
    def lazy_history(self) -> bool:
        """Whether a saved state's history can be cut out of its text and read one
        action's text at a time (:func:`split_history`, :meth:`structure_history`)."""
        if not self._compiled:
            self._compile()
        return self._st_action is not None

    def structure_history(self, text: str) -> list[Any]:
        """The actions of a saved history's text (what :func:`split_history` cut out):
        each action's text read and checked as a whole load would, once, then known by
        its text; :class:`Mismatch` for anything it does not expect."""
        if not self._compiled:
            self._compile()
        read = self._st_action
        if read is None:
            raise Mismatch
        if not text:
            return []
        if text[0] != "{" or text[-1] != "}":
            raise Mismatch
        known = self._action_texts
        pieces = text[1:-1].split("},{")
        new = set(pieces).difference(known)
        extra: dict[str, Any] = {}  # read now, when the table of known texts is full
        for piece in new:
            try:
                action = read(decode("{" + piece + "}"))
            except Mismatch:
                raise
            except Exception as exc:  # not JSON, not an object, no known kind...
                raise Mismatch from exc
            if len(known) < INTERNED:
                known[piece] = action
            else:
                extra[piece] = action
        if extra:
            return [extra[p] if p in extra else known[p] for p in pieces]
        return list(map(known.__getitem__, pieces))

    @property
    def lazy_log(self) -> bool:
        """Whether a saved state's log can be cut out of its text and read later
        (:func:`split_log`, :meth:`structure_log`)."""
        if not self._compiled:
            self._compile()
        return self._st_log is not None

    def structure_log(self, data: Any) -> list[Any]:
        """The events of a freshly parsed saved log; :class:`Mismatch` for anything
        it does not expect (as :meth:`structure` for a whole state)."""
        if not self._compiled:
            self._compile()
        if self._st_log is None:
            raise Mismatch
        try:
            events: list[Any] = self._st_log(data)
        except Mismatch:
            raise
        except Exception as exc:
            raise Mismatch from exc
        return events

    def unstructure(self, state: State) -> dict[str, Any]:
        """JSON-able data of ``state`` that encodes to the converter's text.

        The data may share lists with the state: encode it at once, never keep
        or change it.
        """
        if self._un is None:
            self._compile()
        assert self._un is not None
        try:
            return self._un(state)
        except Exception:  # a value of a type the fields do not declare: the converter
            out: dict[str, Any] = self.game.converter.unstructure(state)
            return out

    def unstructure_text(self, state: State) -> dict[str, Any]:
        """:meth:`unstructure`, for :func:`encode` at once: with orjson, the log is
        the text of :func:`log_fragment` (an ``orjson.Fragment``, which only orjson
        writes), so a state dumped again costs only its new events."""
        if not self._compiled:
            self._compile()
        if self._un_text is None or not _use_orjson or not hasattr(orjson, "Fragment"):
            return self.unstructure(state)
        try:
            return self._un_text(state)
        except TabletopError:  # a deferred log that does not read: say so, as the log does
            raise
        except Exception:
            return self.unstructure(state)

    def structure(self, body: dict[str, Any], layout: dict[str, Any] | None = None) -> State:
        """The state of a freshly parsed ``body`` (whose lists it takes over);
        :class:`Mismatch` for anything it does not expect.

        ``layout``: the state's layout, already read (:func:`layout_of_text`), whose
        text was cut out of ``body``'s (an empty ``layout`` is left in its place);
        the zones must be those it describes."""
        if self._st is None:
            self._compile()
        assert self._st is not None
        if type(body) is not dict:
            raise Mismatch
        if layout is not None and body.get("layout") != {}:
            raise Mismatch  # the cut was not the state's own layout
        try:
            state: State = self._st(body)
        except Mismatch:
            raise
        except Exception as exc:
            raise Mismatch from exc
        if layout is not None:
            if state.zones.keys() != layout.keys():
                raise Mismatch
            state.layout = layout
        return state
