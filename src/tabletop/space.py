"""The fixed, finite action-id space of a game (for RL action masks).

A pack declares, for each of its action classes, the range of each field::

    ActionSpace([
        (Pass, {}),
        (Play, {"card": 80}),                 # 0 <= card < 80
        (Move, {"card": 80, "x": (-20, 20)}),  # -20 <= x <= 20
    ])

Ids are laid out class by class in that order, each class a mixed-radix
block over its fields in declaration order. ``encode`` and ``decode`` are
inverse bijections between ``range(size)`` and the declared actions.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping

import attrs

from .model import Action

__all__ = ["ActionSpace"]

Domain = int | tuple[int, int]


class ActionSpace:
    """Mixed-radix encoding of every declared action as an int."""

    def __init__(self, blocks: Iterable[tuple[type[Action], Mapping[str, Domain]]]) -> None:
        self._classes: list[type[Action]] = []
        self._fields: list[tuple[tuple[str, int, int], ...]] = []  # (name, lo, size)
        self._offsets: list[int] = []
        self._index: dict[type[Action], int] = {}
        self._kinds: dict[str, type[Action]] = {}
        size = 0
        for cls, domains in blocks:
            if cls in self._index:
                raise ValueError(f"{cls.__name__} is declared twice in the action space")
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind tag")
            if cls.kind in self._kinds:
                raise ValueError(f"kind {cls.kind!r} is used by two action classes")
            names = [f.name for f in attrs.fields(cls)]
            if sorted(names) != sorted(domains):
                raise ValueError(
                    f"{cls.__name__}: domains given for {sorted(domains)} but its fields are {names}"
                )
            spec = []
            block = 1
            for name in names:
                dom = domains[name]
                lo, n = (0, dom) if isinstance(dom, int) else (dom[0], dom[1] - dom[0] + 1)
                if n <= 0:
                    raise ValueError(f"{cls.__name__}.{name}: empty domain {dom!r}")
                spec.append((name, lo, n))
                block *= n
            self._index[cls] = len(self._classes)
            self._kinds[cls.kind] = cls
            self._classes.append(cls)
            self._fields.append(tuple(spec))
            self._offsets.append(size)
            size += block
        self.size = size
        self._cache: dict[Action, int] = {}

    @property
    def classes(self) -> list[type[Action]]:
        return list(self._classes)

    def kind_class(self, kind: str) -> type[Action] | None:
        return self._kinds.get(kind)

    def domains(self, cls: type[Action]) -> tuple[tuple[str, int, int], ...]:
        """``(field, lowest value, number of values)`` for each field of ``cls``."""
        return self._fields[self._index[cls]]

    def encode(self, action: Action) -> int:
        """The id of ``action``; ``ValueError`` if it is outside the space."""
        cached = self._cache.get(action)
        if cached is not None:
            return cached
        i = self._index.get(type(action))
        if i is None:
            raise ValueError(f"{action!r} is not an action of this game")
        code = 0
        for name, lo, n in self._fields[i]:
            v = int(getattr(action, name)) - lo
            if not 0 <= v < n:
                raise ValueError(f"{action!r}: {name}={v + lo} is outside {lo}..{lo + n - 1}")
            code = code * n + v
        code += self._offsets[i]
        if len(self._cache) < 200_000:
            self._cache[action] = code
        return code

    def decode(self, code: int) -> Action:
        """The action with id ``code``; ``ValueError`` outside ``range(size)``."""
        if not 0 <= code < self.size:
            raise ValueError(f"action id {code} is outside 0..{self.size - 1}")
        i = bisect.bisect_right(self._offsets, code) - 1
        rest = code - self._offsets[i]
        spec = self._fields[i]
        vals: dict[str, int] = {}
        for name, lo, n in reversed(spec):
            rest, v = divmod(rest, n)
            vals[name] = v + lo
        cls = self._classes[i]
        kwargs = {}
        for f in attrs.fields(cls):
            v = vals[f.name]
            kwargs[f.name] = bool(v) if f.type in (bool, "bool") else v
        return cls(**kwargs)
