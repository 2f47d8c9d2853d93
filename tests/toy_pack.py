"""A tiny card game used to test the core and the conformance kit.

*Numbers duel*: each player has a deck of cards worth 1..values, shuffled, and
draws a hand. Each round both choose a card face down (player 0 first, the
choice hidden), then both are revealed; the higher card scores a point. Each
then draws one. When the hands are empty the higher score wins. Either player
may concede when it is their turn to choose.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from tabletop import (
    Action,
    ActionSpace,
    Decision,
    Event,
    Game,
    State,
    Target,
    Vis,
    Zone,
    card_field,
)
from tabletop.events import Drew, DrewCount
from tabletop.positions import Fact, Facts, PositionError, check_int
from toy_observation import OBSERVATION


def _hand_size(_: Any, __: Any, value: int) -> None:
    if not 1 <= value <= 6:
        raise ValueError(f"hand_size must be 1..6, got {value}")


VALUES_MAX = 9


def _values(_: Any, __: Any, value: int) -> None:
    if not 1 <= value <= VALUES_MAX:  # the action space names cards below 2 * VALUES_MAX
        raise ValueError(f"values must be 1..{VALUES_MAX}, got {value}")


@attrs.frozen
class ToyOptions:
    hand_size: int = attrs.field(default=3, validator=_hand_size)
    values: int = attrs.field(default=6, validator=_values)


@attrs.frozen
class Choose(Action):
    kind: ClassVar[str] = "choose"
    card: int


@attrs.frozen
class Concede(Action):
    kind: ClassVar[str] = "concede"


@attrs.frozen(kw_only=True)
class Chose(Event):
    kind: ClassVar[str] = "chose"
    player: int
    card: int = card_field()

    def public(self) -> Event:
        return ChoseHidden(player=self.player)


@attrs.frozen(kw_only=True)
class ChoseHidden(Event):
    kind: ClassVar[str] = "chose_hidden"
    player: int


@attrs.frozen(kw_only=True)
class Revealed(Event):
    kind: ClassVar[str] = "revealed"
    cards: tuple[int, ...] = card_field()
    winner: int | None


@attrs.frozen(kw_only=True)
class Conceded(Event):
    kind: ClassVar[str] = "conceded"
    player: int


@attrs.frozen(kw_only=True)
class ChooseCard(Decision):
    kind: ClassVar[str] = "choose_card"


def value(card: int, values: int) -> int:
    return card % values + 1


@attrs.define(kw_only=True, slots=True, eq=False)
class ToyState(State):
    scores: list[int] = attrs.field(factory=lambda: [0, 0])

    def _setup(self) -> None:
        o = self.options
        for p in range(2):
            deck = self.add_zone(
                Zone(f"deck{p}", p, Vis.HIDDEN), [p * o.values + v for v in range(o.values)]
            )
            self.shuffle(deck)
            self.add_zone(Zone(f"hand{p}", p, Vis.OWNER))
            self.add_zone(Zone(f"chosen{p}", p, Vis.OWNER))
            self.add_zone(Zone(f"discard{p}", p, Vis.PUBLIC))
        for p in range(2):
            self.draw(p, o.hand_size)
        self.stack.append(ChooseCard(player=0))

    def shuffle(self, cards: list[int]) -> None:
        self.rng.shuffle(cards)

    def draw(self, p: int, n: int) -> None:
        deck, hand = f"deck{p}", self.zones[f"hand{p}"]
        got = []
        for _ in range(min(n, len(self.zones[deck]))):
            c = self.pop_card(deck)
            hand.append(c)
            got.append(c)
        if got:
            self.emit(Drew(player=p, cards=tuple(got), to=(p,)))

    def _legal_actions(self) -> list[Action]:
        p = self.stack[-1].player
        acts: list[Action] = [Choose(c) for c in sorted(self.zones[f"hand{p}"])]
        acts.append(Concede())
        return acts

    def _apply(self, action: Action) -> None:
        p = self.stack.pop().player
        if isinstance(action, Concede):
            self.emit(Conceded(player=p))
            self.finish([-1.0, 1.0] if p == 0 else [1.0, -1.0])
            return
        assert isinstance(action, Choose)
        self.move(action.card, f"hand{p}", f"chosen{p}")
        self.emit(Chose(player=p, card=action.card, to=(p,)))
        if p == 0:
            self.stack.append(ChooseCard(player=1))
            return
        self._reveal()

    def _reveal(self) -> None:
        n = self.options.values
        c0, c1 = self.pop_card("chosen0"), self.pop_card("chosen1")
        self.zones["discard0"].append(c0)
        self.zones["discard1"].append(c1)
        v0, v1 = value(c0, n), value(c1, n)
        winner = 0 if v0 > v1 else 1 if v1 > v0 else None
        if winner is not None:
            self.scores[winner] += 1
        self.emit(Revealed(cards=(c0, c1), winner=winner))
        for p in range(2):
            self.draw(p, 1)
        if not self.zones["hand0"] or not self.zones["hand1"]:
            a, b = self.scores
            self.finish([1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0])
        else:
            self.stack.append(ChooseCard(player=0))

    def _describe(self, action: Action) -> str:
        if isinstance(action, Choose):
            return f"Choose the {value(action.card, self.options.values)}"
        return "Concede the game"

    def _prompt(self) -> str:
        return f"{self.player_name(self.stack[-1].player)}: choose a card face down"

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"scores": self.scores[:]}

    def _card_info(self, card: int) -> dict[str, Any] | None:
        v = value(card, self.options.values)
        return {"name": f"the {v}", "kind": "number card", "value": v, "text": f"worth {v}"}

    def _targets(self, action: Action) -> list[Target]:
        if isinstance(action, Choose):
            return [Target("card", action.card)]
        return []

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, ToyState)
        new.scores = self.scores[:]

    def _position(self, facts: Facts) -> None:
        """A round's start: each player's hand, deck (bottom first) and discard by
        card values; cards not named stay in the deck, shuffled by the seed."""
        n = self.options.values
        for p, who in enumerate(("North", "South")):
            mine = facts.part(who, {})
            placed: set[int] = set()
            for zone in ("hand", "discard", "deck"):
                values = mine.get_list(zone, None)
                if values is None:
                    continue
                cards = []
                for i, v in enumerate(values):
                    v = check_int(v, f"{mine.at(zone)}[{i}]", 1, n)
                    card = p * n + v - 1
                    if card in placed:
                        raise mine.error(zone, f"the {v} is placed twice")
                    placed.add(card)
                    cards.append(card)
                self.zones[f"{zone}{p}"] = cards
            rest = [c for c in range(p * n, p * n + n) if c not in placed]
            if "deck" in mine.data:
                if rest:
                    raise mine.error("deck", f"the cards {[value(c, n) for c in rest]} are nowhere")
            else:
                self.rng.shuffle(rest)
                self.zones[f"deck{p}"] = rest
            if not self.zones[f"hand{p}"]:
                raise mine.error("hand", "a round starts with a card in each hand")
        scores = facts.get_list("scores", [0, 0], most=2)
        self.scores = [check_int(x, f"position.scores[{i}]", 0, n) for i, x in enumerate(scores)]

    def _position_facts(self) -> dict[str, Any]:
        if self.zones["chosen0"]:
            raise PositionError("a Numbers duel position starts at a round's start")
        n = self.options.values
        out: dict[str, Any] = {"scores": self.scores[:]}
        for p, who in enumerate(("North", "South")):
            out[who] = {
                z: [value(c, n) for c in self.zones[f"{z}{p}"]] for z in ("hand", "discard", "deck")
            }
        return out


def make_game(name: str = "toy_duel", state_cls: type[State] = ToyState) -> Game:
    return Game(
        name=name,
        title="Numbers duel",
        version="1.0",
        state_cls=state_cls,
        options_cls=ToyOptions,
        action_space=ActionSpace([(Choose, {"card": 2 * VALUES_MAX}), (Concede, {})]),
        event_classes=[Drew, DrewCount, Chose, ChoseHidden, Revealed, Conceded],
        decision_classes=[ChooseCard],
        num_players=2,
        player_names=["North", "South"],
        observation=OBSERVATION,
        target_kinds={"card": "a card of the hand: its facts in view['cards']"},
        position_facts=[
            Fact("North", "a table of hand, discard, deck", "dealt", "North's cards by value"),
            Fact("South", "a table of hand, discard, deck", "dealt", "South's cards by value"),
            Fact("scores", "two integers", "[0, 0]", "the points scored"),
        ],
        heuristic=lambda s, p: float(s.scores[p] - s.scores[1 - p]) / 9,  # type: ignore[attr-defined]
    )


GAME = make_game()
