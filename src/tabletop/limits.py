"""Limits on data from elsewhere, and the bounded readers that enforce them.

Records, saved states, options and actions may come from a stranger (a
player's upload, a request to a server). Whatever they hold, reading them
takes bounded time and memory and ends in a :class:`~tabletop.RecordError`
(or :class:`~tabletop.OptionsError`, :class:`~tabletop.CardDataError`) with
a short message, never a crash from deep inside:

* :func:`parse_json` reads JSON text or UTF-8 bytes within :class:`Limits`:
  the size in bytes, the nesting depth and the digits of an integer literal
  are checked before the text is parsed;
* :func:`read_file` reads a file named by a program (a custom card table),
  refusing a device, a FIFO, a directory or a file larger than its limit
  before reading a byte of it;
* :func:`report` lists the first problems of a long list and says how many
  more there are, so an error message stays short whatever the input.

``DEFAULT_LIMITS`` are generous (the largest states of real games are well
under 100 KB, their records under 20 KB): pass your own :class:`Limits` to
:func:`tabletop.replay` and :func:`tabletop.loads` to be stricter.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterable
from itertools import accumulate
from pathlib import Path
from typing import Any

import attrs

from .errors import RecordError

__all__ = [
    "DEFAULT_LIMITS",
    "INT_MAX",
    "INT_MIN",
    "MAX_FILE_BYTES",
    "MAX_STRING",
    "Limits",
    "clip",
    "json_text",
    "parse_json",
    "read_file",
    "report",
    "short",
]

INT_MIN = -(2**63)
"""The smallest integer a record or state may hold."""
INT_MAX = 2**64 - 1
"""The largest integer a record or state may hold (an RNG state is 64 bits)."""
MAX_STRING = 10_000
"""The longest string (in characters) structured from data."""
MAX_FILE_BYTES = 1 << 20
"""The largest file a pack reads for an option (1 MiB), unless it says otherwise."""


def _positive(_: Any, attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"Limits.{attr.name} must be a positive int, got {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """How much a record or a saved state from elsewhere may ask of the library.

    Each limit is checked before the work it bounds is done; going over one is
    a :class:`~tabletop.RecordError` that names the limit.
    """

    max_bytes: int = attrs.field(default=8 << 20, validator=_positive)
    """Size of a record's or a saved state's text, in bytes (8 MiB)."""
    max_depth: int = attrs.field(default=32, validator=_positive)
    """Nesting of JSON arrays and objects (real records and states nest 6 deep)."""
    max_int_digits: int = attrs.field(default=20, validator=_positive)
    """Digits of an integer literal (a 64-bit number has at most 20)."""
    max_actions: int = attrs.field(default=20_000, validator=_positive)
    """Actions in a record, or in a saved state's history (the longest random games
    of the packs take under 1,000; the conformance kit allows 20,000)."""
    max_problems: int = attrs.field(default=10, validator=_positive)
    """Problems an error message lists before it says how many more there are."""


DEFAULT_LIMITS = Limits()
"""The limits used when none are given."""


# ---------------------------------------------------------------- short texts
def short(obj: Any, width: int = 80) -> str:
    """``repr(obj)``, cut to about ``width`` characters, whatever ``obj`` is.

    Never raises and never builds a long text: a huge integer is named by its
    size, a deep or long container by its first items.
    """
    try:
        text = _Short(width).repr(obj)
    except Exception:  # a repr that fails must not hide the real error
        text = f"<{type(obj).__name__}>"
    return text if len(text) <= width else text[: width - 3] + "..."


class _Short:
    def __init__(self, width: int) -> None:
        self.width = width

    def repr(self, obj: Any, level: int = 4) -> str:
        t = type(obj)
        if t is int:
            if obj.bit_length() > 64:
                return f"<int of {obj.bit_length()} bits>"
            return repr(obj)
        if t is str:
            return repr(obj if len(obj) <= self.width else obj[: self.width] + "...")
        if t in (float, bool) or obj is None:
            return repr(obj)
        if t in (list, tuple, dict):
            if level <= 0:
                return "[...]" if t is list else "(...)" if t is tuple else "{...}"
            items: list[str] = []
            size = 0
            seq = obj.items() if t is dict else obj
            for n, item in enumerate(seq):
                if n >= 8 or size > self.width:
                    items.append("...")
                    break
                if t is dict:
                    k, v = item
                    s = f"{self.repr(k, level - 1)}: {self.repr(v, level - 1)}"
                else:
                    s = self.repr(item, level - 1)
                items.append(s)
                size += len(s) + 2
            body = ", ".join(items)
            if t is list:
                return f"[{body}]"
            if t is dict:
                return "{" + body + "}"
            return f"({body}{',' if len(items) == 1 else ''})"
        text = repr(obj)
        return text if len(text) <= self.width else text[: self.width] + "..."


def clip(text: str, width: int = 300) -> str:
    """``text`` on one line (runs of white space become one space), cut to ``width``."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def report(problems: Iterable[str], limit: int | None = None, sep: str = "; ") -> str:
    """The first ``limit`` problems joined by ``sep``, then how many more there are.

    ``problems`` may be a generator: the ones after the first ``limit`` are
    only counted, so a million problems cost a count, not a message.
    """
    n = DEFAULT_LIMITS.max_problems if limit is None else limit
    shown: list[str] = []
    more = 0
    for p in problems:
        if len(shown) < n:
            shown.append(clip(p))
        else:
            more += 1
    if more:
        shown.append(f"and {more} more problem{'s' if more != 1 else ''}")
    return sep.join(shown)


# ---------------------------------------------------------------- JSON
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _scan(text: str, what: str, limits: Limits) -> None:
    """Refuse nesting deeper than ``max_depth`` and integer literals longer than
    ``max_int_digits``, in time linear in the text (C-level string methods only)."""
    # Outside strings: drop escaped backslashes, then escaped quotes; the quotes
    # left open and close strings, so every other piece is outside them.
    plain = text.replace("\\\\", "").replace('\\"', "") if "\\" in text else text
    outside = "".join(plain.split('"')[::2]) if '"' in plain else plain
    if outside.count("[") + outside.count("{") > limits.max_depth:
        brackets = _BRACKETS.sub("", outside)
        depth = max(accumulate(map(_DEPTH.__getitem__, brackets)), default=0)
        if depth > limits.max_depth:
            raise RecordError(
                f"{what}: JSON nested {depth} deep; the limit is {limits.max_depth} (max_depth)"
            )
    digits = re.search(f"[0-9]{{{limits.max_int_digits + 1},}}", outside)
    if digits is not None:
        where = _long_number_at(text, limits.max_int_digits)
        raise RecordError(
            f"{what}{where}: a number of more than {limits.max_int_digits} digits "
            "(limit max_int_digits)"
        )


class _Long(str):
    """A number literal too long to convert, kept as its text while it is located."""


def _long_number_at(text: str, max_digits: int) -> str:
    """Where the first over-long number of ``text`` is, as `` at actions[3].card``
    ("" when the text is not JSON). The depth is checked already, and no long literal
    is converted, so this is linear in the text."""

    def number(literal: str) -> Any:
        return _Long(literal) if sum(c.isdigit() for c in literal) > max_digits else 0

    try:
        value = json.loads(text, parse_int=number, parse_float=number, parse_constant=number)
    except (ValueError, RecursionError):
        return ""
    path = _path_to_long(value)
    return f" at {path}" if path else ""


def _path_to_long(value: Any) -> str | None:
    """The path (``actions[3].card``) of the first :class:`_Long` in ``value``; "" for
    ``value`` itself, ``None`` when there is none."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _Long):
            return path or "the top level"
        if isinstance(node, dict):
            items = [(v, f"{path}.{k[:40]}" if path else k[:40]) for k, v in node.items()]
            stack.extend(reversed(items))
        elif isinstance(node, list):
            stack.extend(reversed([(v, f"{path}[{i}]") for i, v in enumerate(node)]))
    return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def json_text(text: str | bytes | bytearray, what: str, limits: Limits | None = None) -> str:
    """``text`` as a str (UTF-8 bytes decoded), refused if it is over ``max_bytes``
    or not text: the first step of :func:`parse_json`."""
    lim = limits or DEFAULT_LIMITS
    if isinstance(text, bytes | bytearray):
        if len(text) > lim.max_bytes:
            raise RecordError(
                f"{what} is {len(text)} bytes; the limit is {lim.max_bytes} (max_bytes)"
            )
        try:
            text = bytes(text).decode("utf-8-sig")  # a byte-order mark is allowed
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"{what} is not UTF-8 text: byte {exc.start} is {text[exc.start]:#04x}"
            ) from None
    elif not isinstance(text, str):
        raise RecordError(f"{what} must be JSON text (str or bytes), not {type(text).__name__}")
    elif len(text) > lim.max_bytes:
        raise RecordError(
            f"{what} is {len(text)} characters long; the limit is {lim.max_bytes} (max_bytes)"
        )
    return text


def parse_json(text: str | bytes | bytearray, what: str, limits: Limits | None = None) -> Any:
    """The JSON value of ``text`` (a str, or UTF-8 bytes), within ``limits``.

    Raises :class:`~tabletop.RecordError` naming ``what`` for text that is too
    large, too deep, not UTF-8, not JSON (a truncated file), or holds
    ``NaN``/``Infinity`` or an integer literal longer than the limit.
    """
    lim = limits or DEFAULT_LIMITS
    text = json_text(text, what, lim)
    _scan(text, what, lim)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not valid JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # NaN, or an int over Python's digit limit
        raise RecordError(f"{what} is not valid JSON: {clip(str(exc), 120)}") from None


# ---------------------------------------------------------------- files
def read_file(path: str | os.PathLike[str], what: str, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    A device, a FIFO, a socket or a directory is refused before anything is
    read (the file is opened without blocking and checked with ``fstat``), and
    so is a file larger than ``max_bytes``. Raises ``OSError`` (as ``open``
    would) for a missing file, ``ValueError`` for a refused one; both name it.
    """
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(p, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = (
                "a directory"
                if stat.S_ISDIR(st.st_mode)
                else "a FIFO"
                if stat.S_ISFIFO(st.st_mode)
                else "a device"
                if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                else "not a regular file"
            )
            raise ValueError(f"{what} {p} is {kind}: only a regular file is read")
        if st.st_size > max_bytes:
            raise ValueError(f"{what} {p} is {st.st_size} bytes; the limit is {max_bytes} bytes")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:  # it grew while we read it
        raise ValueError(f"{what} {p} is larger than {max_bytes} bytes")
    return data
