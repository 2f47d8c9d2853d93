"""The conformance kit: one call checks that a pack keeps the contract.

>>> from tabletop.testing import check_pack          # doctest: +SKIP
>>> check_pack(GAME)                                  # doctest: +SKIP

:func:`check_pack` plays random games chosen by hypothesis (options, game
seed, playout seed) and checks, along the way:

* until the end there is a current player with at least one legal action, the
  actions are distinct, each is described in words and round-trips through
  the action-id codec and the text notation; at the end there are none;
* an illegal action (any other id of the action space, or a non-action) is
  refused with :class:`~tabletop.IllegalActionError` and the state is unchanged;
  so is a legal action with a field of another type (``1.0`` or ``True`` for
  ``1``), and an object that claims to equal anything; every legal action has
  fields of exactly their declared types;
* ``apply`` is atomic (at the first steps and every fourth checked one): when
  the pack fails in the middle of an action (the
  kit makes its first event, or its first random draw, raise), the state is
  exactly as before, with a record and without one;
* ``clone()`` is equal and independent; ``dumps``/``loads`` round-trip
  (``loads(trusted=True)`` at each checked step, the default ``loads``, which
  rebuilds the state from its record and compares, at the end);
* every card id a view shows (in a zone, the pack's own state, the log, a legal
  action's targets) has its facts in ``view["cards"]``; every target of a legal
  action has a kind the game declares (``game.target_kinds``) and names
  something the view of the seat to decide shows (``_target_shown``);
* views are JSON-able and leak nothing: for each player, a ``resample`` for
  that player (the hidden part re-dealt) gives that player the same view and,
  when they are to decide, the same legal actions; an action a pack says another
  player sees (``_action_seen``) leaves that player a view unlike every other legal
  action's;
* a ``resample``, and a resample of it, holds every card the state holds, once; a
  pack's search belief (``game.search["belief"]``) for the player to move, built from
  that player's information set of the state and of a resample, re-draws a
  determinisation alike, keeping the player's view and legal actions;
* when the pack declares an observation (:mod:`tabletop.observation`): it has
  the declared size, finite numbers, and a ``resample`` for a player encodes
  the same for that player; ``state.observation(p)`` is a ``float32`` array of
  ``game.observation_shape`` (at the start of each game, numpy permitting);
* games end within ``max_steps``; ``returns()`` has one value per player;
* the same seed and options make the same game, and ``replay(record())``
  reproduces the final state exactly.

Failures raise ``AssertionError`` with the game, options, seeds and step, so
a failing game can be replayed by hand. :func:`check_bot` checks that a bot
keeps the bot contract (:mod:`tabletop.bots.base`). :func:`legal_counts` and
:func:`check_golden` give python-chess-style "perft" files.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from . import registry
from .bots.random import RandomBot
from .cards import ReadOnlyDict, ReadOnlyList
from .errors import IllegalActionError, TabletopError
from .game import Game
from .model import Action, Event, card_ids
from .rng import Rng
from .serial import dumps, loads, replay
from .state import State
from .targets import Target

__all__ = [
    "check_bot",
    "check_golden",
    "check_observations",
    "check_pack",
    "check_position_roundtrip",
    "check_state",
    "legal_counts",
    "play_and_check",
]


def _fail(ctx: str, msg: str) -> AssertionError:
    return AssertionError(f"{ctx}: {msg}")


def _ensure_loadable(game: Game) -> None:
    try:
        if registry.load(game.name) is game:
            return
    except Exception:
        pass
    registry.register(game)


def _contains_key(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(_contains_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(_contains_key(v, key) for v in obj)
    return False


def check_state(state: State, rng: Rng, ctx: str = "", *, atomic: bool = True) -> None:
    """The expensive checks, at one state (illegal moves, clone, JSON, views;
    with ``atomic``, that a failure inside the pack leaves the state as it was)."""
    game = state.game
    before = dumps(state)
    legal = state.legal_actions()

    # Illegal actions are refused and change nothing (one comparison at the end:
    # the state text is the costly part of the kit).
    legal_ids = {game.encode(a) for a in legal}
    refused: list[object] = []
    for _ in range(8):
        i = rng.below(game.num_distinct_actions)
        if i in legal_ids:
            continue
        bogus = game.decode(i)
        try:
            state.apply(bogus)
        except IllegalActionError as exc:
            if not str(exc):
                raise _fail(ctx, "IllegalActionError without a message") from None
        else:
            raise _fail(ctx, f"illegal action {bogus!r} was accepted")
        refused.append(bogus)
        if not state.is_terminal:  # the core explains a finished game itself
            try:
                state._explain(bogus)
            except Exception as exc:
                raise _fail(ctx, f"_explain({bogus!r}) raised {exc!r}") from None
    for junk in (None, "pass", 3):
        try:
            state.apply(junk)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise _fail(ctx, f"non-action {junk!r} was accepted")
        refused.append(junk)
    impostors: list[object] = [_EqualsAnything(), *_retyped(legal)]
    for impostor in impostors:
        try:
            state.apply(impostor)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise _fail(ctx, f"{impostor!r}, not exactly a legal action, was accepted")
        refused.append(impostor)
    if dumps(state) != before:
        raise _fail(ctx, f"refusing an illegal action changed the state (one of {refused!r})")

    # Clone: equal, and independent of the original.
    c = state.clone()
    if dumps(c) != before:
        raise _fail(ctx, "clone() differs from the original")
    if legal:
        c.apply(legal[rng.below(len(legal))])
        if dumps(state) != before:
            raise _fail(ctx, "applying an action to a clone changed the original")
    # Atomic apply: a failure inside the pack leaves the state as it was.
    if legal and atomic:
        _check_atomic(state, before, legal[rng.below(len(legal))], ctx)
    # Whole-state JSON round-trip.
    again = loads(before, trusted=True)
    if dumps(again) != before:
        raise _fail(ctx, "loads(dumps(state)) differs from the state")
    if again.legal_actions() != legal:
        raise _fail(ctx, "a loaded state has different legal actions")

    # Views: JSON-able, no RNG, and nothing hidden leaks.
    cp = state.current_player
    for p in [None, *range(state.num_players)]:
        v = state.view(p)
        try:
            text = json.dumps(v, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise _fail(ctx, f"view({p}) is not JSON-able: {exc}") from None
        if _contains_key(v, "rng"):
            raise _fail(ctx, f"view({p}) carries the RNG")
        _check_card_facts(state, p, v, ctx)
        if p is None:
            continue
        if p == cp:
            _check_targets(state, v, legal, ctx)
        obs = _observation(state, p, ctx)
        for k in range(2):
            r = state.resample(p, Rng(rng.next64()))
            rv = json.dumps(r.view(p), sort_keys=True)
            if rv != text:
                raise _fail(
                    ctx,
                    f"view({p}) leaks hidden information: it changed when what player {p} "
                    f"cannot see was re-dealt (resample #{k}).\n{_diff(text, rv)}",
                )
            ro = _observation(r, p, ctx)
            if obs is not None and ro is not None and ro != obs:
                where = [i for i, (x, y) in enumerate(zip(obs, ro)) if x != y][:8]
                raise _fail(
                    ctx,
                    f"observation({p}) leaks hidden information: it changed when what "
                    f"player {p} cannot see was re-dealt (resample #{k}); slots "
                    f"{_slots(state.game, where)}",
                )
            if p == cp and r.legal_actions() != legal:
                raise _fail(ctx, f"player {p}'s legal actions depend on what they cannot see")
        # A determinisation must be playable, and hold every card once, as must a
        # determinisation of it (a search may resample what it was given).
        r = state.resample(p, Rng(rng.next64()))
        cards = _all_cards(state)
        for again in (r, r.resample(p, Rng(rng.next64()))):
            if _all_cards(again) != cards:
                raise _fail(
                    ctx,
                    f"a determinisation for player {p} lost or copied a card: "
                    f"{_card_change(cards, _all_cards(again))} (resample() must only move "
                    "cards, also when it re-deals a determinisation)",
                )
        for step in range(5):
            if r.is_terminal:
                break
            acts = r.legal_actions()
            if not acts:
                raise _fail(
                    ctx,
                    f"a determinisation for player {p} is stuck {step} steps on: the game "
                    "is not over but nobody has a legal action (resample() broke a "
                    "hidden fact the rules rely on)",
                )
            r.apply(acts[rng.below(len(acts))])
    if dumps(state) != before:
        raise _fail(ctx, "resample(), or playing a determinisation, changed the original state")
    _check_seen(state, legal, ctx)
    _check_belief(state, legal, rng, ctx)


def _all_cards(state: State) -> list[int]:
    return sorted(c for z in state.zones.values() for c in z)


def _card_change(before: list[int], after: list[int]) -> str:
    from collections import Counter

    lost, copied = Counter(before) - Counter(after), Counter(after) - Counter(before)
    return f"missing {sorted(lost.elements())[:8]}, extra {sorted(copied.elements())[:8]}"


def _check_belief(state: State, legal: list[Action], rng: Rng, ctx: str) -> None:
    """A pack's belief (``search["belief"]``) for the player to move reads only what that
    player knows and draws only what the player could believe: built from the player's
    information set of the state and from that of a resample of it, it re-draws the same
    determinisations alike; each re-draw keeps the player's view and legal actions; the
    state itself is untouched."""
    belief = state.game.search.get("belief")
    me = state.current_player
    if belief is None or me is None:
        return
    from .bots.determinise import Sampler, information_set

    before = dumps(state)
    info = information_set(state, me)
    adjust = belief(info, me)
    other = belief(information_set(state.resample(me, Rng(rng.next64())), me), me)
    if (adjust is None) != (other is None):
        raise _fail(
            ctx,
            f"the pack's belief for player {me} applies in the state but not in a resample "
            "for that player, or the other way: it read something the player may not know",
        )
    if adjust is not None and other is not None:
        sampler = Sampler(info, me, Rng(rng.next64()))
        for k in range(3):
            d = sampler.sample()
            seed = rng.next64()
            mine, theirs = d.clone(), d.clone()
            adjust(mine, Rng(seed))
            other(theirs, Rng(seed))
            if dumps(mine) != dumps(theirs):
                raise _fail(
                    ctx,
                    f"the pack's belief for player {me} re-drew a determinisation otherwise "
                    "when built in a resample for that player (the same for the player, "
                    "other hidden facts): it read something the player may not know",
                )
            if mine.view(me) != state.view(me):
                raise _fail(ctx, f"the pack's belief changed what player {me} sees (draw #{k})")
            if mine.legal_actions() != legal:
                raise _fail(ctx, f"the pack's belief changed player {me}'s legal actions")
    if dumps(state) != before:
        raise _fail(ctx, "the pack's belief changed the state")


def _check_seen(state: State, legal: list[Action], ctx: str) -> None:
    """A pack that shows a seat another's actions (``_action_seen``) shows only what its
    view shows: each action it says a player sees leads to a view for that player (its
    log included) unlike that of every other legal action, so knowing which was taken
    tells the player nothing its view does not."""
    if type(state)._action_seen is State._action_seen or len(legal) < 2:
        return
    mover = state.current_player
    if mover is None:
        return
    n = len(state.log)
    others = [p for p in range(state.num_players) if state._viewer(p) != state._viewer(mover)]
    if others:  # one of them, a different one from step to step
        p = others[len(state.history) % len(others)]
        seen = [a for a in legal if state._action_seen(a, mover, p)]
        if not seen:
            return
        views: dict[str, list[Action]] = {}
        for a in legal:
            after = state.clone()
            after.apply(a)
            # what p sees of the table, and of the log the events since (the rest is
            # the same whichever action was taken)
            shown = [after.view(p, log=False), after.log_view(p, n)]
            views.setdefault(json.dumps(shown, sort_keys=True), []).append(a)
        for same in views.values():
            told = [a for a in same if a in seen]
            if len(same) > 1 and told:
                raise _fail(
                    ctx,
                    f"_action_seen tells player {p} that seat {mover} took {told[0]!r}, but "
                    f"{len(same)} actions leave player {p} the same view "
                    f"({', '.join(map(repr, same[:4]))}): the action is not seen",
                )


def _observation(state: State, player: int, ctx: str) -> list[float] | None:
    """The pack's observation for ``player`` as floats, checked for its length
    and for finite numbers; ``None`` when the pack declares none."""
    spec = state.game.observation
    if spec is None:
        return None
    try:
        out = spec.encode_checked(state, player)
    except ValueError as exc:
        raise _fail(ctx, str(exc)) from None
    for i, x in enumerate(out):
        if type(x) not in (float, int) or x != x or x in (float("inf"), float("-inf")):
            raise _fail(ctx, f"observation({player}) slot {i} is {x!r}, not a finite number")
    return [float(x) for x in out]


def _slots(game: Game, where: list[int]) -> str:
    """Slot numbers with the names of their fields, for a failure message."""
    spec = game.observation
    assert spec is not None
    named = []
    for i in where:
        for name, start, size, _ in spec.table():
            if start <= i < start + size:
                named.append(f"{i} ({name}[{i - start}])")
    return ", ".join(named)


def _check_observation_array(state: State, ctx: str) -> None:
    """``state.observation(p)`` is a float32 array of ``game.observation_shape``
    equal to the encoder's numbers (checked when numpy is installed)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - the rl extra brings numpy
        return
    shape = state.game.observation_shape
    for p in range(state.num_players):
        try:
            arr = state.observation(p)
        except ValueError as exc:
            raise _fail(ctx, str(exc)) from None
        if not isinstance(arr, np.ndarray) or arr.dtype != np.float32 or arr.shape != shape:
            raise _fail(
                ctx,
                f"observation({p}) must be a float32 array of shape {shape}, got "
                f"{type(arr).__name__} {getattr(arr, 'dtype', '')} {getattr(arr, 'shape', '')}",
            )
        want = np.asarray(_observation(state, p, ctx), dtype=np.float32).reshape(shape)
        if not np.array_equal(arr, want):
            raise _fail(ctx, f"observation({p}) differs from the encoder's numbers")


class _EqualsAnything:
    """An object that claims to equal every action."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<object equal to anything>"


def _retyped(legal: list[Action]) -> list[Action]:
    """Legal actions with one field of another type: equal, but not the same action."""
    out: list[Action] = []
    for a in legal[:3]:
        for f in attrs.fields(type(a)):
            v = getattr(a, f.name)
            others: list[Any] = [float(v)] if type(v) is int else [int(v)]
            if type(v) is int and v in (0, 1):
                others.append(bool(v))
            for x in others:
                with contextlib.suppress(Exception):  # the class may refuse it itself
                    out.append(attrs.evolve(a, **{f.name: x}))
    return out


class _Injected(Exception):
    """The failure the kit injects into a pack's ``_apply``."""


class _FailingLog(list):  # type: ignore[type-arg]
    def append(self, item: Any) -> None:
        raise _Injected("the conformance kit fails the first event of this action")


class _FailingRng(Rng):
    __slots__ = ()

    def next64(self) -> int:
        raise _Injected("the conformance kit fails the first random draw of this action")


def _check_atomic(state: State, original: str, action: Action, ctx: str) -> None:
    """Make the pack fail inside ``action`` (its first event, or else its first
    random draw), on a copy with a record and one without: nothing may change."""
    for recorded in (True, False):
        for inject in ("log", "rng"):
            c = state.clone()
            if recorded:
                before = original
            else:
                c.mark_unrecorded("the conformance kit's copy of a state")
                before = dumps(c)
            if inject == "log":
                c.log = _FailingLog(c.log)
            else:
                c.rng = _FailingRng(c.rng.state)
            try:
                c.apply(action)
            except _Injected:
                pass
            else:
                continue  # this action emits nothing (or draws nothing): nothing to fail
            after = dumps(c)
            if after != before:
                which = "with" if recorded else "without"
                raise _fail(
                    ctx,
                    f"apply({action!r}) is not atomic: a failure inside the pack (its "
                    f"{'first event' if inject == 'log' else 'first random draw'}) left a "
                    f"state {which} a record changed.\n{_diff(before, after, ('before', 'after'))}",
                )
            break  # one failure injected is enough for this copy
    if dumps(state) != original:
        raise _fail(ctx, "applying an action to a clone changed the original")


def _check_card_facts(state: State, seat: int | None, view: dict[str, Any], ctx: str) -> None:
    """Every card id ``view`` shows (zones, the pack's state, the log, the legal
    actions' targets) has its facts in ``view["cards"]``."""
    player = None if seat is None else state._viewer(seat)
    cards = view["cards"]
    where: dict[str, list[int]] = {}
    for name, zv in view["zones"].items():
        where[f"zone {name!r}"] = [*zv.get("cards", ()), *zv.get("known", ())]
    where["the pack's state"] = list(state._view_cards(player, view["state"]))
    where["the log"] = list(state._log_cards(player))
    where["the legal actions"] = [
        t["id"] for a in view.get("legal_actions", ()) for t in a["targets"] if t["kind"] == "card"
    ]
    facts = state._card_facts()
    if facts is not None:
        for c in dict.fromkeys(c for ids in where.values() for c in ids):
            if facts.get(c) != state._card_info(c):
                raise _fail(
                    ctx,
                    f"_card_facts() and _card_info({c!r}) disagree on card id {c!r}: "
                    "the view's facts must be the same either way",
                )
            key = _changeable_inside(facts.get(c))
            if key is not None:
                raise _fail(
                    ctx,
                    f"_card_facts() holds a list or dict a caller could change in place "
                    f"(card id {c!r}, {key!r}): every view shares the table, so build each "
                    "card's facts with tabletop.cards.share_facts",
                )
    for place, ids in where.items():
        missing = sorted({c for c in ids if str(c) not in cards})
        if missing:
            raise _fail(
                ctx,
                f"view({seat}) shows card id(s) {missing[:8]} in {place} without their facts "
                "in view['cards'] (give them in _card_info)",
            )


def _changeable_inside(info: Any) -> str | None:
    """The key of the first value in a card's facts that holds a plain (changeable) list or
    dict at any depth, or None."""

    def changeable(v: Any) -> bool:
        if isinstance(v, (ReadOnlyList, ReadOnlyDict)):
            return any(map(changeable, v.values() if isinstance(v, dict) else v))
        return isinstance(v, (list, dict))

    if isinstance(info, dict):
        for k, v in info.items():
            if changeable(v):
                return str(k)
    return None


def _check_targets(state: State, view: dict[str, Any], legal: list[Action], ctx: str) -> None:
    """Each legal action's targets have a declared kind and name something the view of the
    seat to decide shows; ``targets()`` agrees with the view's."""
    kinds = state.game.target_kinds
    for a, entry in zip(legal, view["legal_actions"]):
        targets = state.targets(a)
        if [t.as_dict() for t in targets] != entry["targets"]:
            raise _fail(ctx, f"targets({a!r}) differs from the view's targets of it")
        for t in targets:
            if (
                not isinstance(t, Target)
                or not isinstance(t.kind, str)
                or not isinstance(t.role, str)
            ):
                raise _fail(ctx, f"targets({a!r}) holds {t!r}, not a Target")
            if t.kind not in kinds:
                raise _fail(
                    ctx,
                    f"targets({a!r}) holds a {t.kind!r}, a kind the game does not declare "
                    f"(game.target_kinds: {sorted(kinds)})",
                )
            why = state._target_shown(t, view)
            if why:
                raise _fail(ctx, f"targets({a!r}) holds {t!r}, which the view does not show: {why}")


def _hidden_from(state: State, player: int) -> set[int]:
    out: set[int] = set()
    for name, z in state.layout.items():
        if not z.visible_to(player):
            known = state.known_to(name, player)
            out.update(c for c in state.zones[name] if c not in known)
    return out


def _check_events(state: State, events: list[Event], ctx: str) -> None:
    """No event a player sees names a card now hidden from them."""
    if not any(card_ids(e) for e in events):
        return
    for p in range(state.num_players):
        v = state._viewer(p)  # the side a seat knows for (a team game), else the seat
        hidden = _hidden_from(state, v)
        for e in events:
            seen = e.seen_by(v)
            if seen is None:
                continue
            leaked = [c for c in card_ids(seen) if c in hidden]
            if leaked:
                raise _fail(
                    ctx,
                    f"the log leaks hidden information: player {p} sees {seen!r}, "
                    f"which names card(s) {leaked} that are hidden from them",
                )


def _diff(a: str, b: str, labels: tuple[str, str] = ("seen", "resampled")) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - 120)
    w = max(map(len, labels)) + 1
    return (
        f"  {labels[0] + ':':<{w}} ...{a[lo : i + 120]}...\n"
        f"  {labels[1] + ':':<{w}} ...{b[lo : i + 120]}..."
    )


def _check_played_card(state: State, action: Action, ctx: str) -> None:
    """``_played_card`` gives a card's name or ``None`` (a custom card table, from
    the options, may name cards that ``GAME.cards`` does not list)."""
    name = state._played_card(action)
    if name is not None and (not isinstance(name, str) or not name):
        raise _fail(ctx, f"_played_card({action!r}) is {name!r}: not a card name nor None")


def play_and_check(
    game: Game,
    options: Any = None,
    seed: int = 0,
    policy_seed: int = 0,
    *,
    max_steps: int = 20_000,
    check_every: int = 25,
) -> State:
    """Play one random game checking the contract; return the final state."""
    ctx0 = f"{game.name} options={options!r} seed={seed} policy_seed={policy_seed}"
    _ensure_loadable(game)
    state = game.new_state(seed=seed, options=options)
    if dumps(game.new_state(seed=seed, options=options)) != dumps(state):
        raise _fail(ctx0, "the same seed and options made two different games")
    rng = Rng(policy_seed)
    n = state.num_players
    if game.observation is not None:
        _check_observation_array(state, ctx0)
    step = 0
    checks = 0
    while True:
        ctx = f"{ctx0} step={step}"
        legal = state.legal_actions()
        if state.is_terminal:
            if legal:
                raise _fail(ctx, "a finished game has legal actions")
            if state.current_player is not None:
                raise _fail(ctx, "a finished game has a current player")
            break
        cp = state.current_player
        if cp is None or not 0 <= cp < n:
            raise _fail(ctx, f"current_player is {cp!r} in a game in progress")
        if not legal:
            raise _fail(ctx, "no legal action in a game in progress")
        if len(set(legal)) != len(legal):
            raise _fail(ctx, "legal_actions() lists an action twice")
        if not isinstance(state.prompt, str) or not state.prompt:
            raise _fail(ctx, "no prompt for the current decision")
        for a in legal:
            if not isinstance(a, Action):
                raise _fail(ctx, f"{a!r} is not an Action")
            if not game.action_space.exact(a):
                raise _fail(
                    ctx,
                    f"legal action {a!r}: {game.action_space.check(a) or 'not exact'} "
                    "(every field must hold exactly its declared type: a bool is not an int)",
                )
            i = game.encode(a)
            if game.decode(i) != a:
                raise _fail(ctx, f"decode(encode({a!r})) != {a!r}")
            parsed = game.parse(a.notation())
            if parsed != a or not game.action_space.exact(parsed):
                raise _fail(ctx, f"parse({a.notation()!r}) != {a!r}")
        if step < 3 or rng.below(check_every) == 0:
            for a in legal:
                d = state._describe(a)  # the pack's own words: no fallback here
                if not isinstance(d, str) or not d:
                    raise _fail(ctx, f"describe({a!r}) is empty")
                _check_played_card(state, a, ctx)
            checks += 1
            check_state(state, rng, ctx, atomic=step < 3 or checks % 4 == 0)
        action = legal[rng.below(len(legal))]
        events = state.apply(action)
        if not isinstance(events, list):
            raise _fail(ctx, "apply() must return the list of new events")
        _check_events(state, events, ctx)
        step += 1
        if step > max_steps:
            raise _fail(ctx, f"the game did not end within {max_steps} steps")
    ret = state.returns()
    if len(ret) != n or not all(isinstance(x, float) for x in ret):
        raise _fail(ctx0, f"returns() must be {n} floats, got {ret!r}")
    check_state(state, rng, f"{ctx0} (final)")
    record = json.loads(json.dumps(state.record()))
    if dumps(replay(record)) != dumps(state):
        raise _fail(ctx0, "replay(record()) does not reproduce the final state")
    text = dumps(state)
    try:
        again = loads(text)
    except TabletopError as exc:
        raise _fail(ctx0, f"loads() refuses the final state: {exc}") from None
    if dumps(again) != text:
        raise _fail(ctx0, "loads(dumps(state)) differs from the final state")
    return state


def check_pack(
    game: Game,
    options: Any | Sequence[Any] = None,
    *,
    max_examples: int | None = None,
    max_steps: int = 20_000,
    check_every: int = 25,
) -> None:
    """Run the conformance checks on ``game`` (see the module docstring).

    ``options`` is one options value (dict or options object) or a list of
    them to draw from. ``max_examples`` defaults to the active hypothesis
    profile's. Raises ``AssertionError`` naming the failing game.
    """
    if isinstance(options, list | tuple):
        choices = list(options) or [None]
    else:
        choices = [options]
    for o in choices:
        game.make_options(o)  # fail early, clearly, on bad options
    base = settings()
    conf = settings(
        base,
        max_examples=max_examples if max_examples is not None else base.max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=base.derandomize,
        report_multiple_bugs=False,
        # A failing example is a whole game named by its seeds: shrinking seeds
        # teaches nothing and can take minutes, so failures are reported as found.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )

    @conf
    @given(
        opt=st.sampled_from(choices),
        seed=st.integers(0, 2**32 - 1),
        policy_seed=st.integers(0, 2**32 - 1),
    )
    def run(opt: Any, seed: int, policy_seed: int) -> None:
        play_and_check(game, opt, seed, policy_seed, max_steps=max_steps, check_every=check_every)

    run()


def check_bot(
    make: Callable[[int], Any] | str,
    game: Game | str,
    options: Any = None,
    *,
    positions: int = 12,
    seed: int = 0,
    max_steps: int = 3000,
) -> int:
    """Check that a bot reads only what its seat may know and leaves the state alone.

    ``make(seed)`` builds the bot (or give a bot spec, :func:`tabletop.bots.make_bot`).
    Random games are played from seeds ``seed, seed + 1, ...``; at ``positions``
    positions spread over them (more than one legal action to choose from), the
    seat to decide is ``me`` and the kit

    * makes ``other = state.resample(me, rng)``: the same for ``me`` (the same view
      and legal actions) with everything ``me`` cannot see dealt anew, the decks'
      order, the other hands, the future of the dice;
    * builds two bots with the same seed and asks one in ``state``, one in ``other``:
      a bot that reads only what ``me`` may know chooses the same action in both;
    * checks the action is legal and that ``state`` is exactly as before (its
      ``dumps``), so the bot did not change the game it was shown.

    Returns the number of positions checked; raises ``AssertionError`` naming the
    game, seed and step of the first failure.
    """
    from .bots.factory import make_bot

    g = registry.load(game) if isinstance(game, str) else game
    build: Callable[[int], Any]
    if isinstance(make, str):
        spec = make

        def build_spec(s: int) -> Any:
            return make_bot(spec, s)

        build = build_spec
    else:
        build = make
    checked = 0
    game_seed = seed
    while checked < positions:
        if game_seed > seed + 10 * positions:
            raise AssertionError(f"{g.name}: found only {checked} positions with a choice")
        state = g.new_state(seed=game_seed, options=options)
        mover = RandomBot(game_seed)
        step = here = 0
        stride = 17 + game_seed % 7  # positions from the opening to the end game
        per_game = max(1, -(-positions // 3))
        while not state.is_terminal and step < max_steps and here < per_game:
            me = state.current_player
            assert me is not None
            legal = state.legal_actions()
            if len(legal) > 1 and step % stride == stride - 1:
                ctx = (
                    f"check_bot({g.name}, options={options!r}, game seed {game_seed}, step {step})"
                )
                _check_bot_at(state, me, legal, build, checked, ctx)
                checked += 1
                here += 1
                if checked == positions:
                    break
            state.apply(mover.choose(state))
            step += 1
        game_seed += 1
    return checked


def _check_bot_at(
    state: State, me: int, legal: list[Action], build: Callable[[int], Any], n: int, ctx: str
) -> None:
    other = state.resample(me, Rng(1000 + n))
    if other.view(me) != state.view(me) or other.legal_actions() != legal:
        raise _fail(ctx, "resample changed what the seat sees (a pack bug, not the bot's)")
    before = dumps(state)
    first = build(n).choose(state)
    if dumps(state) != before:
        raise _fail(ctx, "the bot changed the state it was asked about")
    if first not in legal:
        raise _fail(ctx, f"the bot chose {first!r}, which is not a legal action")
    second = build(n).choose(other)
    if second != first:
        raise _fail(
            ctx,
            f"the bot chose {state.describe(first)!r} here but {other.describe(second)!r} "
            f"in a resample for seat {me} (the same for that seat, other hidden facts): it "
            "read something the seat may not know",
        )


def check_observations(
    game: Game,
    options: Any = None,
    seeds: Sequence[int] = (0, 1),
    *,
    max_steps: int = 2_000,
    every: int = 7,
    resamples: int = 2,
) -> int:
    """The observation invariants alone, quicker than :func:`check_pack`.

    Plays a random game from each seed (at most ``max_steps`` steps) and, at
    the first steps, every ``every``-th and the last, checks for each player
    that the observation has the declared size and finite numbers, that
    ``resamples`` re-deals of what that player cannot see encode the same,
    and (numpy permitting) that ``state.observation(p)`` is a ``float32``
    array of ``game.observation_shape``. Returns the number of states checked;
    ``AssertionError`` names the game, seed and step of a failure.
    """
    if game.observation is None:
        raise AssertionError(f"{game.name} declares no observation")
    checked = 0
    for seed in seeds:
        state = game.new_state(seed=seed, options=options)
        rng = Rng(seed)
        step = 0
        while True:
            last = state.is_terminal or step >= max_steps
            if step < 3 or step % every == 0 or last:
                ctx = f"{game.name} options={options!r} seed={seed} step={step}"
                if step == 0 or last:
                    _check_observation_array(state, ctx)
                for p in range(state.num_players):
                    obs = _observation(state, p, ctx)
                    for k in range(resamples):
                        r = state.resample(p, Rng(rng.next64()))
                        if _observation(r, p, ctx) != obs:
                            raise _fail(
                                ctx,
                                f"observation({p}) leaks hidden information: it changed when "
                                f"what player {p} cannot see was re-dealt (resample #{k})",
                            )
                checked += 1
            if last:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))], check=False)
            step += 1
    return checked


def legal_counts(
    game: Game, seed: int, options: Any = None, steps: int = 300, policy_seed: int | None = None
) -> list[int]:
    """How many legal actions there are at each step of a seeded random game."""
    state = game.new_state(seed=seed, options=options)
    bot = RandomBot(seed if policy_seed is None else policy_seed)
    counts = []
    for _ in range(steps):
        if state.is_terminal:
            break
        counts.append(len(state.legal_actions()))
        state.apply(bot.choose(state), check=False)
    return counts


def check_golden(
    game: Game,
    path: str | Path,
    seeds: Sequence[int] = (1, 2, 3),
    options: Any = None,
    steps: int = 300,
) -> None:
    """Compare :func:`legal_counts` along seeded games with a stored file.

    With ``TABLETOP_UPDATE_GOLDEN=1`` in the environment (or no file yet) the
    file is (re)written instead; commit it, and review its diff.
    """
    p = Path(path)
    counts = {str(s): legal_counts(game, s, options, steps) for s in seeds}
    current: dict[str, Any] = {
        "game": game.name,
        "pack_version": game.version,
        "options": None
        if options is None
        else game.unstructure_options(game.make_options(options)),
        "steps": steps,
        "counts": counts,
    }
    if os.environ.get("TABLETOP_UPDATE_GOLDEN") == "1" or not p.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(current, indent=1) + "\n", encoding="utf-8")
        return
    stored = json.loads(p.read_text(encoding="utf-8"))
    for s in seeds:
        want = stored["counts"].get(str(s))
        got = counts[str(s)]
        if want != got:
            k = next((i for i, (a, b) in enumerate(zip(want or [], got)) if a != b), None)
            where = f"first difference at step {k}" if k is not None else "lengths differ"
            raise AssertionError(
                f"{game.name}: legal-action counts for seed {s} changed ({where}); "
                f"if the change is intended, rerun with TABLETOP_UPDATE_GOLDEN=1 ({p})"
            )


def check_position_roundtrip(
    game: Game | str,
    options: Any = None,
    *,
    positions: int = 20,
    seed: int = 0,
    steps_after: int = 30,
    max_steps: int = 3000,
) -> tuple[int, int]:
    """Check that a pack's positions round-trip: ``game.position(s.position_facts())``
    is ``s`` again, on random mid-game states of random games.

    Games from seeds ``seed, seed + 1, ...`` are played by random moves; at states
    spread over them where the pack's positions can start (``position_facts()`` does
    not raise :class:`~tabletop.PositionError`), the kit checks that the document is
    JSON data that reads back (through JSON text) into a state with

    * the same view for every seat and for the table (but its ``step``, which counts
      the actions since the start), the same prompt, current
      player and legal actions (with the same words);
    * the same future: the same random moves for ``steps_after`` steps give the same
      views, events and, at the end, the same returns;
    * the checks of :func:`check_state` (among them, that a failing action leaves a
      position's game as it was: it is rebuilt from the position);
    * a record (``record()["position"]`` and the actions since) that ``replay``
      rebuilds, and the facts of the state read back are the document itself.

    Returns ``(checked, skipped)``: positions checked, and states seen where no
    position starts. Raises ``AssertionError`` naming the game, seed and step.
    """
    from .errors import PositionError

    g = registry.load(game) if isinstance(game, str) else game
    _ensure_loadable(g)
    checked = skipped = 0
    game_seed = seed
    while checked < positions:
        if game_seed > seed + 20 * positions + 20:
            raise AssertionError(
                f"{g.name}: found only {checked} states where a position starts "
                f"({skipped} where none does)"
            )
        state = g.new_state(seed=game_seed, options=options)
        rng = Rng(game_seed)
        stride = 5 + game_seed % 11
        step = 0
        while not state.is_terminal and step < max_steps and checked < positions:
            if step % stride == stride - 1:
                ctx = f"check_position_roundtrip({g.name}, options={options!r}, seed {game_seed}, step {step})"
                try:
                    doc = state.position_facts()
                except PositionError:
                    skipped += 1
                else:
                    _check_position_at(state, doc, steps_after, ctx)
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
        game_seed += 1
    return checked, skipped


def _seen(state: State) -> list[Any]:
    """What every seat and the table see, and what the seat to decide may do."""
    views = [state.view(p, log=False) for p in [None, *range(state.num_players)]]
    for v in views:
        del v["step"]  # actions since the start: a position starts again from 0
    legal = state.legal_actions() if not state.is_terminal else []
    return [
        views,
        state.current_player,
        state.prompt,
        [(state.game.encode(a), state.describe(a)) for a in legal],
    ]


def _check_position_at(state: State, doc: dict[str, Any], steps_after: int, ctx: str) -> None:
    text = json.dumps(doc)
    back = state.game.position(json.loads(text))
    if _seen(back) != _seen(state):
        raise _fail(
            ctx,
            f"the position read back differs: {_diff(str(_seen(state)), str(_seen(back)), ('state', 'position'))}",
        )
    check_state(back.clone(), Rng(len(text) + 1), ctx)  # atomic apply, clone, JSON, views
    again = back.position_facts()
    if again != json.loads(text):
        raise _fail(
            ctx,
            f"the facts of the position read back differ: {_diff(text, json.dumps(again), ('facts', 'again'))}",
        )
    a, b = state.clone(), back
    rng = Rng(len(text))
    for k in range(steps_after):
        if a.is_terminal:
            break
        legal = a.legal_actions()
        action = legal[rng.below(len(legal))]
        ea, eb = a.apply(action), b.apply(action)
        if [a.narrate(e) for e in ea] != [b.narrate(e) for e in eb] or _seen(a) != _seen(b):
            raise _fail(ctx, f"the position plays on differently at step {k} after it ({action!r})")
    if a.is_terminal and a.returns() != b.returns():
        raise _fail(ctx, "the position's game ends with other returns")
    rebuilt = replay(b.record())
    if dumps(rebuilt) != dumps(b):
        raise _fail(ctx, "replay(record()) of a game from a position is not that game")
