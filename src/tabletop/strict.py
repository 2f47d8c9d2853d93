"""Structuring data without coercion: the one converter policy of the library.

cattrs, left to itself, structures ``"1"`` and ``1.9`` as the int ``1`` and
``"false"`` as ``True``. Every converter of the library (a pack's JSON
converter, the card loader) comes from :func:`make_converter`, whose hooks
take a value only when it already has the declared type:

* ``int`` takes an int (never a bool, a float or a string) within 64 bits;
  ``bool`` takes ``true``/``false`` only; ``str`` a string of at most
  :data:`~tabletop.limits.MAX_STRING` characters; ``float`` a finite float or
  an int; an enum one of its values, of the same type;
* a list or tuple type takes a JSON array (a list or tuple), never a string or
  an object; a dict type takes an object, whose keys are strings or, for
  integer keys, the decimal text JSON writes them as;
* an attrs class takes an object with exactly its fields; a field's metadata
  ``max_items`` (a list, tuple or dict field) or ``max_length`` (a string)
  caps its size before any of it is structured.

A bad value raises cattrs' usual validation errors, which :func:`problems`
turns into ``"expected int, got str '1' @ options.players"`` lines, naming
the field. A long list stops being checked after a few bad elements, so an
error never takes long to build.
"""

from __future__ import annotations

import collections.abc as cabc
import enum
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override

from .limits import DEFAULT_LIMITS, INT_MAX, INT_MIN, MAX_STRING, clip, report, short

__all__ = ["kind_of", "make_converter", "problems", "structure_report"]

Hook = Callable[[Any, Any], Any]
_MAX_BAD = 5
"""Bad elements of one list reported before the rest of it is left unchecked."""


def kind_of(value: Any) -> str:
    """What a value is, for an error message: ``str '1'``, ``float 1.9``, ``null``."""
    if value is None:
        return "null"
    return f"{type(value).__name__} {short(value, 40)}"


def _expected(what: str, value: Any) -> ValueError:
    return ValueError(f"expected {what}, got {kind_of(value)}")


# ---------------------------------------------------------------- scalars
def _enum(value: Any, t: Any) -> Any:
    for m in t:
        if type(m.value) is type(value) and m.value == value:
            return m
    values = ", ".join(short(m.value, 20) for m in t)
    raise _expected(f"one of {values} ({t.__name__})", value)


def _int(value: Any, t: Any) -> Any:
    if t is not int and isinstance(t, type) and issubclass(t, enum.Enum):
        return _enum(value, t)
    if type(value) is not int:
        raise _expected("int", value)
    if not INT_MIN <= value <= INT_MAX:
        raise ValueError(f"integer {short(value, 40)} is out of range (-2**63..2**64-1)")
    return value if t is int else t(value)


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise _expected("bool (true or false)", value)
    return value


def _str(value: Any, t: Any) -> Any:
    if t is not str and isinstance(t, type) and issubclass(t, enum.Enum):
        return _enum(value, t)
    if type(value) is not str:
        raise _expected("str", value)
    if len(value) > MAX_STRING:
        raise ValueError(f"a string of {len(value)} characters; at most {MAX_STRING}")
    return value if t is str else t(value)


def _float(value: Any, _: Any) -> float:
    if type(value) is float:
        if not math.isfinite(value):
            raise _expected("a finite float", value)
        return value
    if type(value) is int and INT_MIN <= value <= INT_MAX:
        return float(value)
    raise _expected("float", value)


_INT_KEY = re.compile(r"-?(?:0|[1-9][0-9]{0,19})")


def _int_key(key: Any) -> int:
    """A dict key of int type: an int, or the decimal text JSON writes it as."""
    if type(key) is str and _INT_KEY.fullmatch(key):
        key = int(key)
    if type(key) is not int:
        raise _expected("an integer key", key)
    if not INT_MIN <= key <= INT_MAX:
        raise ValueError(f"key {short(key, 40)} is out of range")
    return key


class _Unchecked(Exception):
    """The rest of a list was not checked (it had too many bad elements already)."""


# ---------------------------------------------------------------- containers
_SEQ = {
    list: list,
    tuple: tuple,
    set: set,
    frozenset: frozenset,
    cabc.Sequence: tuple,
    cabc.MutableSequence: list,
    cabc.Set: frozenset,
    cabc.MutableSet: set,
}
_MAP = {dict, cabc.Mapping, cabc.MutableMapping}


def _origin(t: Any) -> Any:
    return get_origin(t) or t


def _is_seq(t: Any) -> bool:
    try:
        return _origin(t) in _SEQ
    except TypeError:  # an unhashable annotation
        return False


def _is_map(t: Any) -> bool:
    try:
        return _origin(t) in _MAP
    except TypeError:
        return False


def _fast(elem: Any) -> Callable[[list[Any] | tuple[Any, ...]], bool] | None:
    """A check that a whole list has elements of type ``elem`` (None: no fast path)."""
    if elem is int:
        return lambda v: (
            all(type(x) is int for x in v) and (not v or (min(v) >= INT_MIN and max(v) <= INT_MAX))
        )
    if elem is bool:
        return lambda v: all(type(x) is bool for x in v)
    if elem is str:
        return lambda v: (
            all(type(x) is str for x in v) and (not v or max(map(len, v)) <= MAX_STRING)
        )
    return None


def _note(exc: BaseException, t: Any, index: int | str, elem: Any) -> BaseException:
    exc.add_note(IterableValidationNote(f"Structuring {t!r} @ index {index!r}", index, elem))
    return exc


def _seq_factory(conv: cattrs.Converter) -> Callable[[Any], Hook]:
    def factory(t: Any) -> Hook:
        origin = _origin(t)
        make: Callable[[Any], Any] = _SEQ[origin]
        args = get_args(t)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            types = args
            hooks = [conv.get_structure_hook(a) for a in types]

            def fixed(value: Any, _: Any) -> Any:
                if type(value) is not list and type(value) is not tuple:
                    raise _expected(f"a list of {len(types)} items", value)
                if len(value) != len(types):
                    raise ValueError(f"expected a list of {len(types)} items, got {len(value)}")
                out = []
                errors: list[Exception] = []
                for i, (x, a, h) in enumerate(zip(value, types, hooks)):
                    try:
                        out.append(h(x, a))
                    except Exception as exc:
                        errors.append(_note(exc, t, i, a))  # type: ignore[arg-type]
                if errors:
                    raise IterableValidationError(f"While structuring {t!r}", errors, t)
                return tuple(out)

            return fixed
        elem = args[0] if args else Any
        hook = conv.get_structure_hook(elem)
        fast = _fast(elem)

        def seq(value: Any, _: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise _expected("a list", value)
            if fast is not None and fast(value):
                return make(value)
            out = []
            errors: list[Exception] = []
            for i, x in enumerate(value):
                try:
                    out.append(hook(x, elem))
                except Exception as exc:
                    errors.append(_note(exc, t, i, elem))  # type: ignore[arg-type]
                    if len(errors) >= _MAX_BAD and i + 1 < len(value):
                        rest = len(value) - i - 1
                        errors.append(_Unchecked(f"{rest} more element(s) not checked"))
                        break
            if errors:
                raise IterableValidationError(f"While structuring {t!r}", errors, t)
            return make(out)

        return seq

    return factory


def _map_factory(conv: cattrs.Converter) -> Callable[[Any], Hook]:
    def factory(t: Any) -> Hook:
        args = get_args(t)
        kt, vt = args if len(args) == 2 else (Any, Any)
        key: Callable[[Any], Any]
        if kt is int:
            key = _int_key
        else:
            khook = conv.get_structure_hook(kt)

            def key(k: Any) -> Any:
                return khook(k, kt)

        vhook = conv.get_structure_hook(vt)

        def mapping(value: Any, _: Any) -> dict[Any, Any]:
            if not isinstance(value, Mapping):
                raise _expected("an object", value)
            out: dict[Any, Any] = {}
            errors: list[Exception] = []
            for k, x in value.items():
                label = k if type(k) is str and len(k) <= 40 else short(k, 40)
                try:
                    kk = key(k)
                    out[kk] = vhook(x, vt)
                except Exception as exc:
                    errors.append(_note(exc, t, label, vt))  # type: ignore[arg-type]
                    if len(errors) >= _MAX_BAD:
                        errors.append(_Unchecked("the other keys were not checked"))
                        break
            if not errors and len(out) != len(value):
                raise ValueError("two keys of the object name the same integer")
            if errors:
                raise IterableValidationError(f"While structuring {t!r}", errors, t)
            return out

        return mapping

    return factory


def _capped(conv: cattrs.Converter, t: Any, cap: int, name: str) -> Hook:
    inner = conv.get_structure_hook(t)

    def hook(value: Any, _: Any) -> Any:
        if type(value) in (list, tuple, dict, str) and len(value) > cap:
            what = "characters" if type(value) is str else "items"
            raise ValueError(f"at most {cap} {what}, got {len(value)}")
        return inner(value, t)

    return hook


def _attrs_factory(conv: cattrs.Converter) -> Callable[[Any], Hook]:
    def factory(cls: Any) -> Hook:
        overrides = {}
        fields = attrs.fields(cls)
        if any("max_items" in f.metadata or "max_length" in f.metadata for f in fields):
            attrs.resolve_types(cls)
            for f in attrs.fields(cls):
                cap = f.metadata.get("max_items", f.metadata.get("max_length"))
                if cap is not None:
                    overrides[f.name] = override(struct_hook=_capped(conv, f.type, cap, f.name))
        fn = make_dict_structure_fn(cls, conv, **overrides)  # type: ignore[arg-type]
        return object_hook(fn, cls.__name__)

    return factory


def object_hook(fn: Callable[[Any, Any], Any], name: str) -> Hook:
    """``fn`` (a cattrs dict structure function), refusing a value that is not an object."""

    def hook(value: Any, t: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _expected(f"an object (the fields of {name})", value)
        return fn(value, t)

    return hook


def make_converter() -> cattrs.Converter:
    """A cattrs converter that structures without coercion (see the module docstring)."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    # Singledispatch (consulted first, by the MRO): int catches IntEnum too,
    # and the hook hands enums on; bool is more specific than int.
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(bool, _bool)
    conv.register_structure_hook(str, _str)
    conv.register_structure_hook(float, _float)
    conv.register_structure_hook(enum.Enum, _enum)
    conv.register_structure_hook_factory(_is_seq, _seq_factory(conv))
    conv.register_structure_hook_factory(_is_map, _map_factory(conv))
    conv.register_structure_hook_factory(attrs.has, _attrs_factory(conv))
    return conv


# ---------------------------------------------------------------- messages
def problems(exc: BaseException, path: str) -> Iterator[str]:
    """Each problem in a structuring error, as ``"message @ path"`` (lazily)."""
    if isinstance(exc, ClassValidationError):
        with_notes, others = exc.group_exceptions()
        for sub, note in with_notes:
            yield from problems(sub, f"{path}.{note.name}")
        for sub in others:
            yield from problems(sub, path)
    elif isinstance(exc, IterableValidationError):
        items, rest = exc.group_exceptions()
        for sub, inote in items:
            i = inote.index
            yield from problems(sub, f"{path}[{i}]" if isinstance(i, int) else f"{path}[{i!r}]")
        for sub in rest:
            yield from problems(sub, path)
    elif isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(sorted(short(k, 40) for k in exc.extra_fields)[:10])
        yield f"extra field(s) {keys} @ {path}"
    elif isinstance(exc, KeyError):
        yield f"required field missing @ {path}"
    elif isinstance(exc, _Unchecked):
        yield f"{exc} @ {path}"
    elif isinstance(exc, ValueError | TypeError) and str(exc):
        yield f"{clip(str(exc), 240)} @ {path}"
    else:
        yield f"{type(exc).__name__}: {clip(str(exc), 240)} @ {path}"


def structure_report(exc: BaseException, path: str, limit: int | None = None) -> str:
    """A short message for a structuring error: its first problems, then how many more."""
    return report(problems(exc, path), DEFAULT_LIMITS.max_problems if limit is None else limit)
