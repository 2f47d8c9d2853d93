"""Finding packs: the ``tabletop.games`` entry-point group, or ``"module:attr"``.

:func:`load` is for a program's own arguments: it also takes ``"module:attr"``
and imports that module. A name read from data (a record's or a saved
state's ``game`` field) goes through :func:`registered_pack` instead, which
only ever returns a registered pack and imports nothing else.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib
import importlib.util
import sys
import warnings
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .errors import UnknownGameError

__all__ = [
    "games",
    "load",
    "pack_dir",
    "pack_names",
    "register",
    "registered",
    "registered_pack",
    "unregister",
]

GROUP = "tabletop.games"
_loaded: dict[str, Any] = {}
_extra: dict[str, Any] = {}


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def games() -> list[str]:
    """Names of the installed packs (those that import), sorted."""
    names = set(_extra)
    for name in _entry_points():
        try:
            load(name)
        except UnknownGameError:
            continue
        names.add(name)
    return sorted(names)


def register(game: Any) -> None:
    """Make a pack loadable by name without an entry point (tests, notebooks)."""
    _extra[game.name] = game
    _loaded[game.name] = game


def unregister(name: str) -> None:
    """Forget a pack made loadable by :func:`register` (no error if it was not)."""
    game = _extra.pop(name, None)
    _loaded.pop(name, None)
    if game is not None:
        for key in [k for k, v in _loaded.items() if v is game]:
            del _loaded[key]


@contextlib.contextmanager
def registered(game: Any) -> Iterator[Any]:
    """Make ``game`` loadable by name inside a ``with`` block (tests, notebooks)."""
    was_extra = _extra.get(game.name)
    was_loaded = _loaded.get(game.name)
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)
        if was_extra is not None:
            _extra[game.name] = was_extra
        if was_loaded is not None:
            _loaded[game.name] = was_loaded


def pack_names() -> list[str]:
    """The names a record may use: installed entry points, :func:`register`-ed
    packs, and packs a program loaded itself (by ``"module:attr"``), under
    their own names. Sorted; nothing is imported to list them."""
    names = set(_entry_points()) | set(_extra)
    names.update(k for k in _loaded if ":" not in k)
    return sorted(names)


def registered_pack(name: object) -> Any:
    """The registered pack called ``name``, for a name read from data.

    Unlike :func:`load` it never imports a module a name points at: anything
    but one of :func:`pack_names` (a ``"module:attr"``, a path, a typo) is an
    :class:`UnknownGameError` that lists the registered packs and suggests
    close names. Only an installed entry point's own module is imported.
    """
    from .limits import short

    if type(name) is str and ":" not in name and name in _loaded:
        return _loaded[name]  # loaded already: no need to list the entry points
    known = pack_names()
    if type(name) is not str or name not in known:
        close = difflib.get_close_matches(name[:100], known, n=3) if type(name) is str else []
        hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
        why = (
            ": data names a registered pack, never a module"
            if type(name) is str and ":" in name
            else ""
            if type(name) is str
            else f": a pack is named by a string, not {type(name).__name__}"
        )
        raise UnknownGameError(
            f"no game named {short(name, 60)}{why}.{hint} "
            f"Registered packs: {', '.join(known) or 'none'}."
        )
    return load(name)


def _check(game: Any, where: str) -> Any:
    from .game import Game

    if not isinstance(game, Game):
        raise UnknownGameError(f"{where} is not a tabletop Game (got {type(game).__name__})")
    return game


def load(name: str) -> Any:
    """The :class:`~tabletop.Game` of an installed pack, or of ``"module:attr"``.

    Raises :class:`UnknownGameError` with close names when there is none. A
    pack that fails to import is reported with a warning, not an exception
    from ``import tabletop``.
    """
    if not isinstance(name, str) or not name:
        raise UnknownGameError(f"a game name must be a non-empty string, not {name!r}")
    if name in _loaded:
        return _loaded[name]
    if ":" in name:
        mod, _, attr = name.partition(":")
        try:
            obj: Any = importlib.import_module(mod)
            for part in attr.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as exc:
            raise UnknownGameError(f"cannot load game {name!r}: {exc}") from None
        game = _check(obj, name)
        _loaded[name] = game
        _loaded.setdefault(game.name, game)
        return game
    eps = _entry_points()
    ep = eps.get(name)
    if ep is None:
        known = sorted(set(eps) | set(_extra))
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
        raise UnknownGameError(
            f"no game named {name!r}.{hint} Installed: {', '.join(known) or 'none'}."
        )
    try:
        game = _check(ep.load(), f"entry point {name!r}")
    except UnknownGameError:
        raise
    except Exception as exc:  # a broken third-party pack must not break the rest
        warnings.warn(f"tabletop: game pack {name!r} failed to load: {exc!r}", stacklevel=2)
        raise UnknownGameError(
            f"game pack {name!r} is installed but failed to load: {exc}"
        ) from None
    _loaded[name] = game
    return game


def pack_dir(game: Any) -> Path | None:
    """The directory of the package that defines ``game`` (``None`` for a lone module)."""
    top = game.state_cls.__module__.split(".")[0]
    module = sys.modules.get(top)
    paths = getattr(module, "__path__", None)
    if paths is None:
        spec = importlib.util.find_spec(top)
        paths = None if spec is None else spec.submodule_search_locations
    if not paths:
        return None
    return Path(next(iter(paths)))
