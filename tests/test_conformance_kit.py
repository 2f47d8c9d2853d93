"""The conformance kit passes the toy pack and catches each kind of broken pack."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import toy_pack
from tabletop import Action, Event, IllegalActionError, State, Target
from tabletop.testing import check_golden, check_pack, legal_counts
from toy_pack import Concede, ToyState, make_game


def test_toy_pack_passes() -> None:
    check_pack(toy_pack.GAME, [None, {"hand_size": 1}, {"hand_size": 6, "values": 9}])


@attrs.define(kw_only=True, slots=True, eq=False)
class LeakyView(ToyState):
    """Shows the opponent's hand in the pack's part of the view."""

    def _view(self, player: int | None) -> dict[str, Any]:
        out = super()._view(player)
        out["hands"] = [self.zones["hand0"][:], self.zones["hand1"][:]]
        return out


@attrs.define(kw_only=True, slots=True, eq=False)
class LeakyLog(ToyState):
    """Draw events shown to everybody."""

    def emit(self, event: Event) -> None:
        super().emit(attrs.evolve(event, to=None) if event.to is not None else event)


@attrs.define(kw_only=True, slots=True, eq=False)
class MutatesBeforeRefusing(ToyState):
    """Counts the action before checking it (so a refused action leaves a trace)."""

    def apply(self, action: Action, check: bool = True) -> list[Event]:
        self.scores[0] += 0 if self.is_legal(action) else 1
        return State.apply(self, action, check)


@attrs.define(kw_only=True, slots=True, eq=False)
class OwnApply(ToyState):
    """Plays actions itself, past the core's atomic apply: a failure mid-action
    leaves the state half-changed."""

    def apply(self, action: Action, check: bool = True) -> list[Event]:
        if check and not self.is_legal(action):
            raise IllegalActionError(action, self.current_player, "not legal")
        n = len(self.log)
        self._legal = None
        self._apply(action)
        self.history.append(action)
        return self.log[n:]


@attrs.define(kw_only=True, slots=True, eq=False)
class GlobalShuffle(ToyState):
    """Shuffles with the global random module, not the state's RNG."""

    def shuffle(self, cards: list[int]) -> None:
        random.shuffle(cards)


@attrs.define(kw_only=True, slots=True, eq=False)
class SharedClone(ToyState):
    """A clone that shares the scores list with the original."""

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, SharedClone)
        new.scores = self.scores


@attrs.define(kw_only=True, slots=True, eq=False)
class NeverEnds(ToyState):
    """An endless loop of passes: conceding just hands the turn on."""

    def _legal_actions(self) -> list[Action]:
        return [toy_pack.Concede()]

    def _apply(self, action: Action) -> None:
        p = self.stack.pop().player
        self.stack.append(toy_pack.ChooseCard(player=1 - p))


@attrs.define(kw_only=True, slots=True, eq=False)
class StuckDeterminisation(ToyState):
    """A determinisation for one player leaves the other with nothing to do."""

    stuck_for: int = -1

    def _copy_into(self, new: State) -> None:
        super()._copy_into(new)
        assert isinstance(new, StuckDeterminisation)
        new.stuck_for = self.stuck_for

    def _resample(self, player: int, rng: Any) -> None:
        super()._resample(player, rng)
        self.stuck_for = player

    def _legal_actions(self) -> list[Action]:
        if self.stuck_for not in (-1, self.current_player):
            return []
        return super()._legal_actions()


class CardsWithoutFacts(ToyState):
    """Gives no facts for the cards of player 1's discard pile."""

    def _card_info(self, card: int) -> dict[str, Any] | None:
        if card in self.zones["discard1"]:
            return None
        return super()._card_info(card)


class FactsTableDisagrees(ToyState):
    """Keeps its card facts as a table (``_card_facts``) that says otherwise than
    ``_card_info`` for one card."""

    def _card_facts(self) -> dict[int, dict[str, Any]]:
        out = {}
        for c in range(40):
            info = self._card_info(c)
            if info is not None:
                out[c] = info
        if out:
            first = min(out)
            out[first] = {**out[first], "name": "something else"}
        return out


class FactsTableChangeable(ToyState):
    """Keeps its card facts as a table whose cards hold plain lists, which a caller of one
    view could change in every other view."""

    def _card_facts(self) -> dict[int, dict[str, Any]]:
        out = {}
        for c in range(40):
            info = self._card_info(c)
            if info is not None:
                out[c] = {**info, "tags": ["number"]}
        return out

    def _card_info(self, card: int) -> dict[str, Any] | None:
        info = super()._card_info(card)
        return None if info is None else {**info, "tags": ["number"]}


class UndeclaredTargetKind(ToyState):
    """Points its actions at a kind the game does not declare."""

    def _targets(self, action: Action) -> list[Target]:
        return [Target("system", 0)] if isinstance(action, Concede) else super()._targets(action)


class TargetNotShown(ToyState):
    """Points a choice at a player the game does not have."""

    def _targets(self, action: Action) -> list[Target]:
        return [Target("player", 5)] if isinstance(action, Concede) else super()._targets(action)


class StateCardWithoutFacts(ToyState):
    """Names a card in its own view section that has no facts."""

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"scores": self.scores[:], "spotlight": 99}

    def _view_cards(self, player: int | None, state_view: dict[str, Any]) -> list[int]:
        return [state_view["spotlight"]]

    def _card_info(self, card: int) -> dict[str, Any] | None:
        return None if card == 99 else super()._card_info(card)


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (CardsWithoutFacts, "without their facts"),
        (FactsTableDisagrees, r"_card_facts\(\) and _card_info\(.*\) disagree"),
        (FactsTableChangeable, r"_card_facts\(\) holds a list or dict a caller could change"),
        (UndeclaredTargetKind, "a kind the game does not declare"),
        (TargetNotShown, "which the view does not show"),
        (StateCardWithoutFacts, r"in the pack's state without their facts"),
        (LeakyView, "leaks hidden information"),
        (LeakyLog, "leaks hidden information"),
        (MutatesBeforeRefusing, "changed the state"),
        (OwnApply, "is not atomic"),
        (GlobalShuffle, "two different games"),
        (SharedClone, "changed the original|does not reproduce"),
        (NeverEnds, "did not end"),
        (StuckDeterminisation, "determinisation for player . is stuck"),
    ],
)
def test_kit_catches_broken_pack(cls: type[State], message: str) -> None:
    game = make_game(f"broken_{cls.__name__.lower()}", cls)
    game.target_kinds["player"] = "a player"
    with pytest.raises(AssertionError, match=message):
        check_pack(game, max_examples=10, max_steps=500)


def test_legal_counts_are_deterministic() -> None:
    a = legal_counts(toy_pack.GAME, seed=5)
    assert a == legal_counts(toy_pack.GAME, seed=5)
    assert a[0] == 4  # three cards in hand + concede
    assert all(n >= 2 for n in a)


def test_golden_file_detects_change(tmp_path: Any) -> None:
    path = tmp_path / "golden.json"
    check_golden(toy_pack.GAME, path, seeds=(1, 2))
    check_golden(toy_pack.GAME, path, seeds=(1, 2))  # unchanged: passes
    with pytest.raises(AssertionError, match="changed"):
        check_golden(toy_pack.GAME, path, seeds=(1, 2), options={"hand_size": 4})


@attrs.define(kw_only=True, slots=True, eq=False)
class LeakyObservation(ToyState):
    """Its observation shows the opponent's hand (the view does not)."""


@attrs.define(kw_only=True, slots=True, eq=False)
class ShortObservation(ToyState):
    """Its observation is one number short."""


def _leaky_encode(state: State, player: int) -> list[float]:
    out = toy_pack.OBSERVATION.encode(state, player)
    at = toy_pack.OBSERVATION.offsets["hand"]
    for c in state.zones[f"hand{1 - player}"]:
        out[at + c] = 1.0
    return out


def test_kit_catches_leaky_observation() -> None:
    from tabletop import Observation

    game = make_game("broken_leakyobservation", LeakyObservation)
    game.observation = Observation(toy_pack.OBSERVATION.fields, _leaky_encode)
    with pytest.raises(AssertionError, match=r"observation\(.\) leaks hidden information"):
        check_pack(game, max_examples=10, max_steps=500)


def test_kit_catches_wrong_observation_size() -> None:
    from tabletop import Observation

    game = make_game("broken_shortobservation", ShortObservation)
    game.observation = Observation(
        toy_pack.OBSERVATION.fields, lambda s, p: toy_pack.OBSERVATION.encode(s, p)[:-1]
    )
    with pytest.raises(AssertionError, match="gave 83 numbers, its fields say 84"):
        check_pack(game, max_examples=3, max_steps=500)
