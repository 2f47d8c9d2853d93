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
from cattrs.errors import ClassValidationError
from cattrs.v import transform_error

from .errors import CardDataError

__all__ = ["load_cards", "read_table", "structure_or_raise"]

T = TypeVar("T")

_conv = cattrs.Converter(forbid_extra_keys=True)


def _format(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if (
        isinstance(exc, ValueError)
        and not type(exc).__name__.endswith("ValidationError")
        and str(exc)
        and "invalid literal" not in str(exc)
    ):
        return str(exc)
    if type_ is not None:
        name = getattr(type_, "__name__", repr(type_))
        return f"expected {name}, got something else ({exc})"
    return str(exc) or type(exc).__name__


def structure_or_raise(
    data: Any,
    cls: type[T],
    where: str,
    error: type[Exception] = CardDataError,
    converter: cattrs.Converter | None = None,
) -> T:
    """``converter.structure(data, cls)``, turning any failure into ``error``
    with a message that names ``where`` and each bad field."""
    conv = converter or _conv
    try:
        return conv.structure(data, cls)
    except ClassValidationError as exc:
        msgs = transform_error(exc, path=where, format_exception=_format)
        raise error("; ".join(msgs)) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise error(f"{where}: {exc}") from None


def read_table(path: str | Path, key: str = "card") -> list[dict[str, Any]]:
    """The list of tables under ``key`` in a TOML file (``[[card]]`` rows)."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(f"cannot read card file {p}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{p} is not valid TOML: {exc}") from None
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
