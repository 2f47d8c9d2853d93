"""Card definitions as data, loaded with errors that name the bad field.

A pack defines an ``@attrs.frozen`` class for its card definitions and keeps
its card list in a TOML file (or a Python table); :func:`load_cards` turns the
rows into instances, and a missing or ill-typed field raises
:class:`~tabletop.errors.CardDataError` naming the row and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from cattrs.errors import BaseValidationError

from .errors import CardDataError
from .limits import MAX_FILE_BYTES, clip, read_file
from .strict import make_converter, structure_report

__all__ = [
    "ReadOnlyDict",
    "ReadOnlyList",
    "load_cards",
    "read_only",
    "read_table",
    "share_facts",
    "structure_or_raise",
]

T = TypeVar("T")

_conv = make_converter()


def structure_or_raise(
    data: Any,
    cls: type[T],
    where: str,
    error: type[Exception] = CardDataError,
    converter: cattrs.Converter | None = None,
) -> T:
    """``converter.structure(data, cls)``, turning any failure into ``error``
    with a message that names ``where`` and each bad field (the first few of
    them, then how many more: see :func:`tabletop.limits.report`).

    The converter defaults to the library's strict one
    (:func:`tabletop.strict.make_converter`): no value is coerced.
    """
    conv = converter or _conv
    try:
        return conv.structure(data, cls)
    except BaseValidationError as exc:
        raise error(structure_report(exc, where)) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise error(f"{where}: {clip(str(exc))}") from None


def read_table(
    path: str | Path, key: str = "card", max_bytes: int = MAX_FILE_BYTES
) -> list[dict[str, Any]]:
    """The list of tables under ``key`` in a TOML file (``[[card]]`` rows).

    Only a regular file of at most ``max_bytes`` is read (see
    :func:`tabletop.limits.read_file`): a device, a FIFO or a larger file is a
    :class:`~tabletop.CardDataError` before anything is read.
    """
    p = Path(path)
    try:
        raw = read_file(p, "card file", max_bytes)
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise CardDataError(f"cannot read card file {p}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CardDataError(f"{p} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{p} is not valid TOML: {exc}") from None
    except ValueError as exc:  # refused by read_file: a device, a FIFO, too large
        raise CardDataError(f"cannot read card file: {exc}") from None
    rows = data.get(key)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise CardDataError(f"{p}: expected a list of [[{key}]] tables")
    return rows


def load_cards(rows: Sequence[Mapping[str, Any]], cls: type[T], source: str = "cards") -> list[T]:
    """Structure each row into ``cls``; errors name ``source[i]`` and the field."""
    out: list[T] = []
    for i, row in enumerate(rows):
        name = row.get("name") if isinstance(row, Mapping) else None
        where = f"{source}[{i}]" + (f" ({name})" if name else "")
        if not isinstance(row, Mapping):
            raise CardDataError(f"{where}: expected a table of fields, got {type(row).__name__}")
        out.append(structure_or_raise(dict(row), cls, where))
    return out


_SHARED = (
    "card facts are shared by every view of every game: copy them to change them "
    "(list(...) or dict(...))"
)


class ReadOnlyList(list[Any]):
    """A list that refuses to change in place: card facts that every view shares (a card's
    lines of text). For everything else it is a list: ``==``, JSON, slicing (which gives a
    plain list), ``list(x)`` to get one to change."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(_SHARED)

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy, pickle: built, not appended
        return (ReadOnlyList, (list(self),))


class ReadOnlyDict(dict[str, Any]):
    """A dict that refuses to change in place (see :class:`ReadOnlyList`); ``dict(x)`` or
    ``x.copy()`` gives a plain one."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(_SHARED)

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))


def read_only(value: Any) -> Any:
    """``value`` with every list and dict in it, at any depth, made read-only
    (:class:`ReadOnlyList`, :class:`ReadOnlyDict`); other values as they are."""
    if isinstance(value, dict):
        return ReadOnlyDict({k: read_only(v) for k, v in value.items()})
    if isinstance(value, list):
        return ReadOnlyList(read_only(v) for v in value)
    return value


def share_facts(facts: Mapping[str, Any]) -> dict[str, Any]:
    """One card's public facts made fit for a table that views share
    (``State._card_facts``): a plain dict, which a view copies, whose lists and dicts are
    read-only, so that no caller can change another view's facts through its own."""
    return {k: read_only(v) for k, v in facts.items()}
