"""What a player knows, as a state a search may sample from.

:func:`information_set` returns a copy of a state in which every fact hidden
from ``player`` is replaced by a canonical stand-in: the unknown cards of each
pool of hidden zones are dealt back in increasing id order (zone sizes kept),
the pack's ``_resample`` re-deals its other hidden facts from a fixed seed,
and the copy's RNG (the real future) is replaced by a fixed one. Two states
that differ only in what ``player`` cannot see therefore give the same copy,
so a seeded search that samples its determinisations from it makes the same
choices in both: it cannot depend on hidden information, not even through the
order of a hidden deck.

:class:`Sampler` then draws determinisations from that copy: the re-deal of
:meth:`State.resample` (hidden cards shuffled within their pool, the pack's
``_resample`` for hidden facts outside zones, a fresh RNG), with a faster
shuffle for search, which needs thousands of them per second.

:func:`seen_actions` gives the actions a player saw the others take, each
with :func:`information_set` of the state just before it: what a bot needs
to judge how its rivals play (:class:`~tabletop.bots.ISMCTSBot`'s
``opponents="adaptive"``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import repeat, starmap

import attrs

from ..errors import TabletopError
from ..model import Action
from ..rng import Rng
from ..state import State

__all__ = ["Sampler", "SeenAction", "information_set", "seen_actions"]


def information_set(state: State, player: int) -> State:
    """A copy of ``state`` that depends only on what ``player`` may know (a seat knows
    what its pack's ``_viewer`` says: teammates may share a side's knowledge)."""
    player = state._viewer(player)
    new = state.clone()
    new.redeal_hidden(player, list.sort)
    new._resample(player, Rng(0))  # the pack's other hidden facts, and what derives from them
    new.rng = Rng(0)
    new._legal = None
    new.determinised = True  # its record would not lead to it
    return new


@attrs.frozen
class SeenAction:
    """An action a player saw taken (see :func:`seen_actions`)."""

    step: int
    """Its place in the game: the number of actions taken before it."""
    seat: int
    """The seat that took it."""
    action: Action
    before: State
    """What the player knew just before it: :func:`information_set` of the state then
    (a copy with no record; the player's hidden facts re-dealt, as for a search)."""


def seen_actions(state: State, player: int, start: int = 0) -> list[SeenAction]:
    """The actions from step ``start`` on that ``player`` saw taken, oldest first.

    An action is seen when the pack says so (``State._action_seen``; by default a
    player sees only its own side's actions: a pack whose turns are played in the
    open, as Station Assault's are, shows the others' too). Each comes with what the
    player knew just before it, so that a bot may ask what it would have done there,
    or what a model of that seat would have: the state before is played again from
    the record, the only way to it that reveals nothing (about ``len(history)``
    actions, a few milliseconds a game; ``start`` only skips building the states
    before it). The other actions are left out, and nothing says how many there were
    beyond the steps' numbers, which a view shows too (``step``).

    A determinisation (:meth:`~tabletop.State.resample`, :func:`information_set`) gives
    what the state it was drawn from gives: the same for every draw, so a bot that reads
    it still chooses the same in two states its seat cannot tell apart. Another state
    without a record (a position made by hand) cannot be played again:
    :class:`~tabletop.TabletopError`.
    """
    return list(iter_seen(state, player, start))


def iter_seen(
    state: State, player: int, start: int = 0, seats: Callable[[int], bool] | None = None
) -> Iterator[SeenAction]:
    """:func:`seen_actions` one at a time, the replay going only as far as the caller
    reads; with ``seats``, only the actions of the seats it accepts (asked at each
    step, so a caller may stop wanting a seat part way)."""
    if type(player) is not int or not 0 <= player < state.num_players:
        raise TabletopError(
            f"seen_actions: player must be a seat from 0 to {state.num_players - 1}, not {player!r}"
        )
    if type(start) is not int or start < 0:
        raise TabletopError(f"seen_actions: start must be an int of 0 or more, not {start!r}")
    history = state.history
    if state.no_record:
        # a determinisation keeps the record of the state it was drawn from: that, and
        # not what a search played on it since, is what the player saw
        if state._record_len is None:
            raise TabletopError(f"seen_actions: {state.no_record}")
        history = history[: state._record_len]
    return _replay_seen(state, history, player, start, seats)


def _replay_seen(
    state: State,
    history: list[Action],
    player: int,
    start: int,
    seats: Callable[[int], bool] | None,
) -> Iterator[SeenAction]:
    if start >= len(history):
        return
    s = state._first()
    for i, action in enumerate(history):
        if i >= start:
            seat = s.current_player
            assert seat is not None
            if (seats is None or seats(seat)) and s._action_seen(action, seat, player):
                yield SeenAction(i, seat, action, information_set(s, player))
        s.apply(action, check=False)


class Sampler:
    """Determinisations of ``info`` for ``player``, reproducible from ``rng``.

    ``info`` should come from :func:`information_set`. Each :meth:`sample` is
    a clone in which the cards ``player`` does not know are shuffled within
    their pool, the pack re-deals its other hidden facts, ``adjust(sample, rng)``
    (when given: a pack's belief, :attr:`tabletop.Game.search`) re-draws what it
    has a belief about, and the RNG is new.
    """

    def __init__(
        self, info: State, player: int, rng: Rng, adjust: Callable[[State, Rng], None] | None = None
    ) -> None:
        self.info = info
        self.adjust = adjust
        self.player = info._viewer(player)
        self.rng = rng
        self.rand = random.Random(rng.next64())
        self._pools = [_Pool(info, names, self.player) for names in info.hidden_pools(self.player)]

    def _shuffle(self, ids: list[int]) -> None:
        # Sorting by C-level random keys: several times faster than a
        # Fisher-Yates shuffle driven by the pure-Python Rng, and as uniform.
        # (Sorted by key alone: of two equal keys, which a 53-bit float makes
        # vanishingly rare, the one first in ``ids`` stays first.)
        n = len(ids)
        keys = list(starmap(self.rand.random, repeat((), n)))  # n keys, a C loop
        ids[:] = map(ids.__getitem__, sorted(range(n), key=keys.__getitem__))

    def sample(self) -> State:
        new = self.info.clone()
        # State.redeal_hidden(player, self._shuffle), with what it finds in ``info``
        # (the same every time) found once
        zones = new.zones
        for pool in self._pools:
            free = pool.free[:]
            if len(free) > 1:
                self._shuffle(free)
            pool.deal(free, zones)
        new._resample(self.player, self.rng)
        if self.adjust is not None:
            self.adjust(new, self.rng)
        new.rng = self.rng.spawn()
        new._legal = None
        new.determinised = True
        return new


class _Pool:
    """One pool of zones hidden from ``player`` in a state a :class:`Sampler` samples:
    the ids the player does not know (``free``, in the order
    :meth:`State.redeal_hidden` collects them) and where they are dealt back."""

    __slots__ = ("free", "layout")

    def __init__(self, state: State, names: list[str], player: int) -> None:
        self.free: list[int] = []
        self.layout: list[tuple[str, int, list[int | None] | None]] = []
        """Each zone's name, how many free ids it takes, and (when it holds ids the
        player knows) its cards with each free place ``None``."""
        for name in names:
            cards = state.zones[name]
            known = state.known_to(name, player)
            free = [c for c in cards if c not in known]
            self.free += free
            template = [c if c in known else None for c in cards] if known else None
            self.layout.append((name, len(free), template))

    def deal(self, ids: list[int], zones: dict[str, list[int]]) -> None:
        """Deal ``ids`` (the free ids in a new order) into ``zones`` as
        :meth:`State.redeal_hidden` would."""
        at = 0
        for name, n, template in self.layout:
            if template is None:
                zones[name] = ids[at : at + n]
            else:
                it = iter(ids[at : at + n])
                zones[name] = [next(it) if c is None else c for c in template]
            at += n
