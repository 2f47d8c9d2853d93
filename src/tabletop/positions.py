"""Positions: a game set up exactly, by names, from a small document (contract).

A *position* is a document of facts (a dict, or its JSON or TOML text) that says
how the table stands: which cards are where, by their names, the tracks, whose
decision it is. Tutorials, puzzles, scenario tests, bug reports and UI fixtures
start a game from one:

>>> import tabletop
>>> state = tabletop.from_position('''
... game = "rebel_space"
... turn = "Rebel"
... step = "attack_start"
... [zones]
... active0 = ["Princess", "Rebel Soldier"]
... active1 = ["Battle Walkers"]
... ''')
>>> state.prompt
'Rebel: form a battle group or stop (0 declared)'

Every pack reads the same top-level facts, and its own (its docs list them,
from :attr:`Game.position_facts`):

``game``
    the pack's name (optional with :meth:`Game.position`, which knows it);
``options``
    the game's options, as in a record (default: the printed rules);
``seed``
    seeds the RNG that deals what the facts leave open (the order of a deck the
    document does not give) and everything random after (default 0);
``rng``
    the RNG's exact state after the position is set up (what
    :meth:`State.position_facts` writes, so that a game goes on exactly as the
    one it was read from).

The pack computes every derived fact itself (a cached list of legal actions,
a count kept in step with a zone, who controls what): the document names what
a player would set on the table, never bookkeeping. A document is untrusted data: every value is checked (type, range, a
name the pack knows, a card still available), and anything wrong or
inconsistent is a :class:`PositionError` naming the fact by its path
(``position.zones.hand0[2]``) with what to write instead; an unknown fact is an
error too, with the closest known name. Reading one does bounded work.

A game started from a position has a record: the position's document and the
actions played since (``record()["position"]``); :func:`tabletop.replay` and
``tabletop.loads`` rebuild it from them. ``state.position_facts()`` is the
other way round: the document of a state, which :meth:`Game.position` reads
back into the same table (same views, same legal actions, the same future for
the same RNG). The conformance kit checks that round trip on random mid-game
states of every pack (:func:`tabletop.testing.check_position_roundtrip`).

A pack implements two hooks: ``State._position(facts)`` sets up a new state's
table from a :class:`Facts` reader (whose typed reads check each value and
record its path), and ``State._position_facts()`` writes a state's pack facts.
A pack may start positions only at some points of its turn structure (say, the
start of a turn); ``position_facts()`` of a state elsewhere raises
:class:`PositionError` saying which points there are.
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from .errors import PositionError, RecordError
from .limits import INT_MAX, INT_MIN, MAX_STRING, Limits, clip, parse_json, read_file, short

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = [
    "CORE_FACTS",
    "EXAMPLES_DIR",
    "MAX_POSITION_BYTES",
    "Fact",
    "Facts",
    "PositionError",
    "check_int",
    "check_str",
    "example",
    "examples",
    "from_position",
    "lookup",
    "read_position",
    "read_position_file",
]

EXAMPLES_DIR = "positions"
"""The folder of a pack's package that holds its example positions (``*.toml``)."""
MAX_POSITION_BYTES = 256 << 10
"""The largest position document read from text (256 KiB; real ones are under 20 KiB)."""
MAX_LIST = 1_000
"""The longest list a position's fact may hold (the largest zone of any pack holds 120)."""
MAX_DEPTH = 12
"""How deep a position document may nest (the packs' documents nest at most 5 deep)."""

T = TypeVar("T")
_MISSING: Any = object()


@attrs.frozen
class Fact:
    """One top-level fact of a pack's position document, for its docs and its errors.

    ``name`` is the key, ``kind`` what its value is, in words (``"list of card
    names"``), ``default`` what it is when the document leaves it out, in words,
    and ``help`` what it sets.
    """

    name: str
    kind: str
    default: str
    help: str


CORE_FACTS: tuple[Fact, ...] = (
    Fact("game", "the pack's name", "the pack read from", "which game this is a position of"),
    Fact("options", "an object of game options", "the printed rules", "the game's options"),
    Fact(
        "seed",
        "an integer",
        "0",
        "seeds the RNG that deals what the facts leave open and everything random after",
    ),
    Fact(
        "rng",
        "an integer 0..2**64-1",
        "as the seed leaves it",
        "the RNG's exact state once the table is set (what position_facts() writes)",
    ),
)
"""The facts every pack's position document reads."""


# ---------------------------------------------------------------- reading text
def read_position(
    text: str | bytes | bytearray, *, fmt: str | None = None, limits: Limits | None = None
) -> dict[str, Any]:
    """The position document of ``text``: JSON, or TOML (``fmt`` "json" or "toml";
    by default JSON when the text starts with ``{``, TOML otherwise).

    The text is untrusted: at most :data:`MAX_POSITION_BYTES` (or ``limits.max_bytes``
    if smaller), nested at most :data:`MAX_DEPTH` deep, integers of 64 bits, strings
    of at most ``MAX_STRING`` characters, no floats, dates or times; anything else
    is a :class:`PositionError` saying what and where.
    """
    if fmt not in (None, "json", "toml"):
        raise ValueError(f"fmt is 'json' or 'toml', not {fmt!r}")
    lim = limits or Limits()
    cap = min(lim.max_bytes, MAX_POSITION_BYTES)
    capped = Limits(
        max_bytes=cap,
        max_depth=min(lim.max_depth, MAX_DEPTH),
        max_int_digits=lim.max_int_digits,
        max_actions=lim.max_actions,
        max_problems=lim.max_problems,
    )
    if isinstance(text, bytes | bytearray):
        if len(text) > cap:
            raise PositionError(f"position is {len(text)} bytes; the limit is {cap}")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PositionError(f"position is not UTF-8 text: byte {exc.start}") from None
    if not isinstance(text, str):
        raise PositionError(f"a position is JSON or TOML text, not {type(text).__name__}")
    if len(text) > cap:
        raise PositionError(f"position is {len(text)} characters long; the limit is {cap}")
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "toml"
    if fmt == "json":
        try:
            data = parse_json(text, "position", capped)
        except RecordError as exc:
            raise PositionError(str(exc)) from None
    else:
        data = _parse_toml(text)
    if not isinstance(data, dict):
        raise PositionError(f"a position is an object of facts, not {_kind(data)}")
    _check_data(data, "position", capped.max_depth)
    return data


def _parse_toml(text: str) -> Any:
    """TOML text's data; tomllib nests a Python call per inline table or array, so text
    nested past the interpreter's limit is refused (RecursionError) like bad TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(f"position is not valid TOML: {clip(str(exc), 200)}") from None
    except (ValueError, RecursionError) as exc:
        raise PositionError(f"position is not valid TOML: {clip(str(exc), 120)}") from None


def _check_data(value: Any, path: str, depth: int) -> None:
    """Only JSON data of bounded size: objects with str keys, lists, str, int, bool."""
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        node, where, level = stack.pop()
        if level > depth:
            raise PositionError(f"{where}: nested more than {depth} deep")
        if isinstance(node, dict):
            for k, v in node.items():
                if type(k) is not str:
                    raise PositionError(f"{where}: a key must be a string, not {_kind(k)}")
                stack.append((v, f"{where}.{k[:40]}", level + 1))
        elif isinstance(node, list):
            if len(node) > MAX_LIST:
                raise PositionError(f"{where}: {len(node)} items; at most {MAX_LIST}")
            stack.extend((v, f"{where}[{i}]", level + 1) for i, v in enumerate(node))
        elif type(node) is int:
            if not INT_MIN <= node <= INT_MAX:
                raise PositionError(f"{where}: {node} is out of the 64-bit range")
        elif type(node) is str:
            if len(node) > MAX_STRING:
                raise PositionError(f"{where}: a string of {len(node)} characters")
        elif node is not None and type(node) is not bool:
            raise PositionError(
                f"{where}: {_kind(node)} is not a position value "
                "(use integers, strings, true/false, lists and tables)"
            )


def read_position_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The position document in the file at ``path`` (a program's own argument):
    TOML for a ``.toml`` file, JSON for ``.json``, else by its first character."""
    p = Path(path)
    try:
        raw = read_file(p, "position file", MAX_POSITION_BYTES)
    except Exception as exc:  # RecordError, OSError: say it as a position error
        raise PositionError(f"{p}: {exc}") from None
    suffix = p.suffix.lower()
    fmt = {".toml": "toml", ".json": "json"}.get(suffix)
    return read_position(raw, fmt=fmt)


def examples(game: Game) -> dict[str, Path]:
    """The pack's example positions: name (the file's stem) -> file, from the
    ``positions/`` folder of the package that defines ``game`` (tutorials and
    puzzles shipped with it; the docs show each with the table it sets up)."""
    from .registry import pack_dir

    folder = pack_dir(game)
    if folder is None or not (folder / EXAMPLES_DIR).is_dir():
        return {}
    return {p.stem: p for p in sorted((folder / EXAMPLES_DIR).glob("*.toml"))}


def example(spec: str) -> dict[str, Any]:
    """The document of an example position named ``PACK:NAME`` (``tabletop position
    rebel_space:first-attack``); :class:`PositionError` naming the examples there are."""
    from .errors import UnknownGameError
    from .registry import registered_pack

    pack, _, name = spec.partition(":")
    try:
        game = registered_pack(pack)
    except UnknownGameError as exc:
        raise PositionError(f"example position {short(spec, 60)}: {exc}") from None
    found = examples(game)
    if name not in found:
        have = ", ".join(f"{pack}:{n}" for n in found) or "none"
        raise PositionError(f"{pack} has no example position {short(name, 40)} (examples: {have})")
    return read_position_file(found[name])


def from_position(
    position: Mapping[str, Any] | str | bytes, *, limits: Limits | None = None
) -> State:
    """A new game set up as ``position`` says: a document (dict) or its JSON or TOML
    text, whose ``game`` fact names an installed pack (see :meth:`Game.position`)."""
    from .errors import UnknownGameError
    from .registry import registered_pack

    doc = position if isinstance(position, Mapping) else read_position(position, limits=limits)
    name = doc.get("game")
    if type(name) is not str:
        raise PositionError(
            'position.game: name the game (a pack\'s name, say "rebel_space"); '
            "Game.position() reads a position of a game you hold already"
        )
    try:
        game = registered_pack(name)
    except UnknownGameError as exc:
        raise PositionError(f"position.game: {exc}") from None
    state: State = game.position(doc)
    return state


# ---------------------------------------------------------------- the reader
def _kind(value: Any) -> str:
    from .strict import kind_of

    return kind_of(value)


def closest(word: str, names: Sequence[str], what: str) -> str:
    """``"; did you mean 'X'?"`` for the known name nearest ``word``, or the list of
    names when there are few, or ""."""
    close = difflib.get_close_matches(word[:100], list(names), n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if len(names) <= 12:
        return f" ({what}: {', '.join(names)})"
    return ""


class Facts:
    """A position document, or a part of it, as a pack reads it.

    Each typed read (``get_int``, ``get_str``, ``get_name``...) checks the value, marks the key
    as read and names the key's path in its error; :meth:`finish` then refuses any
    key nobody read, with the closest known name. A pack's ``_position`` hook reads
    everything through one of these, so that a typo is an error, never ignored.
    """

    def __init__(self, data: Mapping[str, Any], path: str = "position") -> None:
        if not isinstance(data, Mapping):
            raise PositionError(f"{path}: an object of facts, not {_kind(data)}")
        self.data = data
        self.path = path
        self._read: set[str] = set()
        self._known: set[str] = set()
        self._parts: list[Facts] = []

    # -- errors and paths
    def at(self, key: str | int) -> str:
        """The path of ``key`` (a name, or a list index) under this part."""
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    def error(self, key: str | int | None, message: str) -> PositionError:
        """A :class:`PositionError` for ``key`` of this part (or the part itself)."""
        return PositionError(f"{self.path if key is None else self.at(key)}: {message}")

    def __contains__(self, key: str) -> bool:
        self._known.add(key)
        return key in self.data

    def keys(self) -> list[str]:
        return list(self.data)

    # -- typed reads
    def get_raw(self, key: str, default: Any = _MISSING) -> Any:
        """The value of ``key`` as it is (JSON data), or ``default``; an error if it is
        missing and there is no default."""
        self._known.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "missing; this fact is required")
            return default
        self._read.add(key)
        return self.data[key]

    def get_int(
        self, key: str, default: Any = _MISSING, *, lo: int = INT_MIN, hi: int = INT_MAX
    ) -> Any:
        value = self.get_raw(key, default)
        if key not in self.data:
            return value
        return check_int(value, self.at(key), lo, hi)

    def get_bool(self, key: str, default: Any = _MISSING) -> Any:
        value = self.get_raw(key, default)
        if key in self.data and type(value) is not bool:
            raise self.error(key, f"true or false, not {_kind(value)}")
        return value

    def get_str(
        self, key: str, default: Any = _MISSING, *, choices: Sequence[str] | None = None
    ) -> Any:
        value = self.get_raw(key, default)
        if key not in self.data:
            return value
        return check_str(value, self.at(key), choices)

    def get_name(self, key: str, names: Mapping[str, T], what: str, default: Any = _MISSING) -> Any:
        """The thing a name stands for: ``names[value]`` (a card, a system, a leader...),
        with the closest known name in the error."""
        value = self.get_raw(key, default)
        if key not in self.data:
            return value
        return lookup(value, names, what, self.at(key))

    def get_list(self, key: str, default: Any = _MISSING, *, most: int = MAX_LIST) -> Any:
        """A list value (its items unchecked: read them with :func:`check_int`,
        :func:`lookup`... and ``self.at(key) + f"[{i}]"`` paths)."""
        value = self.get_raw(key, default)
        if key not in self.data:
            return value
        if type(value) is not list:
            raise self.error(key, f"a list, not {_kind(value)}")
        if len(value) > most:
            raise self.error(key, f"{len(value)} items; at most {most}")
        return value

    def part(self, key: str, default: Any = _MISSING) -> Facts:
        """A nested object of facts, read through its own :class:`Facts` (checked by
        :meth:`finish` along with this one). A missing key with a default gives an
        empty part."""
        value = self.get_raw(key, default)
        if key not in self.data:
            value = {}
        if not isinstance(value, Mapping):
            raise self.error(key, f"an object (a table), not {_kind(value)}")
        sub = Facts(value, self.at(key))
        self._parts.append(sub)
        return sub

    def parts(self, key: str, default: Any = _MISSING) -> list[Facts]:
        """A list of objects, each read through its own :class:`Facts`."""
        items = self.get_list(key, default)
        if key not in self.data:
            items = []
        out = []
        for i, item in enumerate(items):
            sub = Facts(item, f"{self.at(key)}[{i}]")
            self._parts.append(sub)
            out.append(sub)
        return out

    def items(self) -> Iterator[tuple[str, Any, str]]:
        """Every key of this part (a table keyed by names the pack looks up, say
        systems), with its value and path; each is marked as read."""
        for key, value in self.data.items():
            self._read.add(key)
            yield key, value, self.at(key)

    def finish(self) -> None:
        """Refuse any key of this part or its parts that nobody read."""
        for key in self.data:
            if key not in self._read:
                hint = closest(
                    str(key), sorted(self._known - self._read) or sorted(self._known), "facts"
                )
                raise PositionError(f"{self.at(str(key)[:40])}: no such fact here{hint}")
        for sub in self._parts:
            sub.finish()


def check_int(value: Any, path: str, lo: int = INT_MIN, hi: int = INT_MAX) -> int:
    """``value`` if it is an int (not a bool, not "1") in ``lo..hi``."""
    if type(value) is not int:
        raise PositionError(f"{path}: an integer, not {_kind(value)}")
    if not lo <= value <= hi:
        raise PositionError(f"{path}: {value} is out of range {lo}..{hi}")
    return value


def check_str(value: Any, path: str, choices: Sequence[str] | None = None) -> str:
    """``value`` if it is a string (one of ``choices``, when given)."""
    if type(value) is not str:
        raise PositionError(f"{path}: a string, not {_kind(value)}")
    if choices is not None and value not in choices:
        raise PositionError(
            f"{path}: {short(value, 40)} is not one of them{closest(value, choices, 'choices')}"
        )
    return value


def lookup(value: Any, names: Mapping[str, T], what: str, path: str) -> T:
    """``names[value]``: a name the pack knows, with the closest one in the error."""
    if type(value) is not str:
        raise PositionError(f"{path}: a {what} name (a string), not {_kind(value)}")
    try:
        return names[value]
    except KeyError:
        pass
    raise PositionError(
        f"{path}: no {what} called {short(value, 40)}{closest(value, list(names), what + 's')}"
    )


def canonical(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a position document as plain JSON data (what a record keeps)."""
    out: dict[str, Any] = json.loads(json.dumps(doc))
    return out
