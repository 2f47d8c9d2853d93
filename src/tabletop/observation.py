"""Observation tensors: a fixed-shape numeric encoding of what a player may know.

A pack that wants to plug into learning libraries (PettingZoo, Gymnasium,
OpenSpiel: see :mod:`tabletop.adapters`) declares an :class:`Observation`
and passes it to its :class:`~tabletop.Game` (``Game(..., observation=OBS)``).
It names the slices of one flat vector (:class:`ObservationField`: a name, a
length, what the numbers mean) and gives the function that fills it::

    OBS = Observation(
        [
            ObservationField("hand", 18, "1 for each card id in my hand"),
            ObservationField("scores", 2, "each player's score / 9"),
        ],
        encode,  # (state, player) -> a list of floats, one per slot
    )

The encoding must be built from exactly what ``state.view(player)`` shows
(zones as :meth:`State.zone_view <tabletop.State.zone_view>` shows them, the pack's public
facts), never from a hidden one: the conformance kit checks that a state and
every ``resample(player, rng)`` of it encode the same for that player, the
same test that proves a view leaks nothing. :func:`zone_plane` puts a zone
into the vector exactly as its view shows it.

The core never needs numpy: ``encode`` returns plain floats, and
:meth:`State.observation <tabletop.State.observation>` turns them into a
``float32`` array only when it is called (``pip install tabletop[rl]``).
"""

from __future__ import annotations

import array
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from .state import State

__all__ = ["Observation", "ObservationField", "one_hot", "zone_plane"]


@attrs.frozen
class ObservationField:
    """One named slice of an observation vector: ``size`` numbers meaning ``text``."""

    name: str
    size: int
    text: str


class Observation:
    """A pack's observation: the named slices of a flat float vector and its encoder.

    ``encode(state, player)`` returns ``size`` numbers: best the buffer of
    :meth:`zeros` filled in (numpy then wraps it without a copy), or a list.
    The slices lie one after the other in the order given. :attr:`shape` is
    ``(size,)``.
    """

    def __init__(
        self,
        fields: Iterable[ObservationField],
        encode: Callable[[Any, int], MutableSequence[float]],
    ) -> None:
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"observation fields must have distinct names, got {names}")
        for f in self.fields:
            if type(f.size) is not int or f.size <= 0:
                raise ValueError(f"observation field {f.name!r}: size must be a positive int")
        self.encode = encode
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            self.offsets[f.name] = at
            at += f.size
        self.size = at
        self.shape: tuple[int, ...] = (at,)

    def zeros(self) -> array.array[float]:
        """A zeroed float32 buffer of ``size`` numbers for ``encode`` to fill in:
        it indexes like a list, and becomes a numpy array without a copy."""
        return array.array("f", bytes(4 * self.size))

    def slice(self, name: str) -> slice:
        """Where field ``name`` lies in the vector (``KeyError`` for an unknown name)."""
        start = self.offsets[name]
        return slice(start, start + next(f.size for f in self.fields if f.name == name))

    def encode_checked(self, state: State, player: int) -> MutableSequence[float]:
        """``encode``, checking that it gave ``size`` numbers (``ValueError`` if not)."""
        out = self.encode(state, player)
        if len(out) != self.size:
            raise ValueError(
                f"{state.game.name}: the observation encoder gave {len(out)} numbers, "
                f"its fields say {self.size}"
            )
        return out

    def table(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, size, text)`` per field: the documentation of the layout."""
        return [(f.name, self.offsets[f.name], f.size, f.text) for f in self.fields]


def zone_plane(
    state: State,
    zone: str,
    player: int,
    out: MutableSequence[float],
    offset: int,
    value: float = 1.0,
) -> None:
    """Set ``out[offset + card] = value`` for each card of ``state``'s zone ``zone``
    that ``player`` sees there: all of them in a zone visible to them, else only those
    they were shown there (``state.known``), exactly as :meth:`State.zone_view` shows
    it."""
    if state.layout[zone].visible_to(player):
        for c in state.zones[zone]:
            out[offset + c] = value
    else:
        for c in state.known_to(zone, player):
            out[offset + c] = value


def one_hot(out: MutableSequence[float], offset: int, index: int, size: int) -> None:
    """Set ``out[offset + index] = 1`` when ``0 <= index < size`` (else nothing)."""
    if 0 <= index < size:
        out[offset + index] = 1.0


def to_array(values: Sequence[float], shape: tuple[int, ...]) -> Any:
    """The values as a ``float32`` numpy array of ``shape`` (imports numpy)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - depends on the installation
        from .errors import TabletopError

        raise TabletopError(
            "observation() returns a numpy array: install numpy (pip install 'tabletop[rl]'), "
            "or call game.observation.encode(state, player) for a list of floats"
        ) from None
    if isinstance(values, array.array) and values.typecode == "f":
        return np.frombuffer(values, dtype=np.float32).reshape(shape)
    return np.asarray(values, dtype=np.float32).reshape(shape)
