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

The space is also the check that an action is well formed: :meth:`check`
says why a value is not exactly one of the declared actions (another class,
a subclass, a field of the wrong type, ``1.0`` or ``True`` for an ``int``, a
value out of range), so pack code only ever sees well-formed actions.
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
        self._types: dict[type[Action], tuple[tuple[str, type], ...]] = {}
        size = 0
        for cls, domains in blocks:
            if cls in self._index:
                raise ValueError(f"{cls.__name__} is declared twice in the action space")
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind tag")
            if cls.kind in self._kinds:
                raise ValueError(f"kind {cls.kind!r} is used by two action classes")
            attrs.resolve_types(cls)
            names = [f.name for f in attrs.fields(cls)]
            types = []
            for f in attrs.fields(cls):
                if f.type not in (int, bool):
                    raise ValueError(
                        f"{cls.__name__}.{f.name}: an action field is an int or a bool, "
                        f"not {f.type!r}"
                    )
                types.append((f.name, f.type))
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
            self._types[cls] = tuple(types)
            self._index[cls] = len(self._classes)
            self._kinds[cls.kind] = cls
            self._classes.append(cls)
            self._fields.append(tuple(spec))
            self._offsets.append(size)
            size += block
        self.size = size
        self._cache: dict[Action, tuple[int, Action]] = {}

    @property
    def classes(self) -> list[type[Action]]:
        return list(self._classes)

    def kind_class(self, kind: str) -> type[Action] | None:
        return self._kinds.get(kind)

    def domains(self, cls: type[Action]) -> tuple[tuple[str, int, int], ...]:
        """``(field, lowest value, number of values)`` for each field of ``cls``."""
        return self._fields[self._index[cls]]

    def exact(self, action: object) -> bool:
        """Whether ``action`` is of a declared class (exactly, not a subclass) and
        every field holds a value of its declared type (a bool is not an int)."""
        spec = self._types.get(type(action))  # type: ignore[arg-type]
        if spec is None:
            return False
        return all(type(getattr(action, name)) is t for name, t in spec)

    def check(self, action: object) -> str:
        """Why ``action`` is not one of the declared actions; ``""`` when it is."""
        cls = type(action)
        spec = self._types.get(cls)  # type: ignore[arg-type]
        if spec is None:
            if not isinstance(action, Action):
                return f"expected an Action, got {cls.__name__}"
            kind = getattr(action, "kind", "")
            named = self._kinds.get(kind) if type(kind) is str else None
            if named is not None and isinstance(action, named):
                return f"{cls.__name__} is a subclass of {named.__name__}, not the action itself"
            return f"{cls.__name__} is not an action of this game"
        i = self._index[cls]  # type: ignore[index]
        for (name, t), (_, lo, n) in zip(spec, self._fields[i]):
            v: int = getattr(action, name)
            if type(v) is not t:
                return f"field {name} must be {t.__name__}, not {type(v).__name__}"
            if not 0 <= v - lo < n:
                return f"field {name}={v} is outside {lo}..{lo + n - 1}"
        return ""

    def encode(self, action: Action) -> int:
        """The id of ``action``; ``ValueError`` if it is not exactly one of the
        declared actions (see :meth:`check`)."""
        try:
            cached = self._cache.get(action)
        except TypeError:  # unhashable: not an action
            cached = None
        if cached is not None and (cached[1] is action or self.exact(action)):
            return cached[0]
        why = self.check(action)
        if why:
            raise ValueError(f"{_short(action)} is not an action of this game's space: {why}")
        i = self._index[type(action)]
        code = 0
        for name, lo, n in self._fields[i]:
            code = code * n + getattr(action, name) - lo
        code += self._offsets[i]
        if len(self._cache) < 200_000:
            self._cache[action] = (code, action)
        return code

    def decode(self, code: int) -> Action:
        """The action with id ``code``; ``ValueError`` outside ``range(size)``,
        ``TypeError`` for anything but an int."""
        if type(code) is not int:
            raise TypeError(f"an action id is an int, not {type(code).__name__}")
        if not 0 <= code < self.size:
            raise ValueError(f"action id {_short(code)} is outside 0..{self.size - 1}")
        i = bisect.bisect_right(self._offsets, code) - 1
        rest = code - self._offsets[i]
        spec = self._fields[i]
        vals: dict[str, int] = {}
        for name, lo, n in reversed(spec):
            rest, v = divmod(rest, n)
            vals[name] = v + lo
        cls = self._classes[i]
        kwargs = {
            name: bool(vals[name]) if t is bool else vals[name] for name, t in self._types[cls]
        }
        return cls(**kwargs)

    def field_types(self, cls: type[Action]) -> tuple[tuple[str, type], ...]:
        """``(field, int or bool)`` for each field of ``cls``, in order."""
        return self._types[cls]


def _short(value: object) -> str:
    from .limits import short

    return short(value, 80)
