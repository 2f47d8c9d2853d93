"""A mirror of a server's game in the test process: the same seed, the same actions,
and the bodies the server must answer, built by the server's own body functions."""

from __future__ import annotations

import random
from typing import Any

import tabletop
from tabletop.server.bodies import Facts, batches, seat_body


class Mirror:
    """A local copy of a server game whose every action the test knows."""

    def __init__(self, gid: str, pack: str, seed: int, seats: list[str], options: Any = None):
        game = tabletop.load(pack)
        self.state = game.new_state(seed=seed, options=options)
        self.facts = Facts(
            id=gid, game=game, state=self.state, seats=seats, marks=[len(self.state.log)]
        )

    @property
    def step(self) -> int:
        return len(self.state.history)

    def apply_id(self, action_id: int) -> None:
        self.state.apply_id(action_id)
        self.facts.marks.append(len(self.state.log))

    def body(self, seat: int | None, since: int | None = None, log: bool = False) -> dict[str, Any]:
        return seat_body(self.facts, seat, since, log=log)

    def batches(self, seat: int | None, since: int | None) -> list[dict[str, Any]]:
        return batches(self.facts, seat, since)

    def resign(self, seat: int) -> None:
        returns = [1.0] * self.state.num_players
        returns[seat] = -1.0
        self.facts.status, self.facts.returns, self.facts.resigned = "resigned", returns, seat

    def finish(self) -> None:
        if self.state.is_terminal:
            self.facts.status, self.facts.returns = "finished", self.state.returns()


def play_random(
    api: Any, gid: str, tokens: list[str], mirror: Mirror, n: int, rng: random.Random
) -> None:
    """Play ``n`` random legal actions through the API (all seats human), mirrored."""
    for _ in range(n):
        cp = mirror.state.current_player
        if cp is None:
            return
        ids = mirror.state.legal_ids()
        aid = ids[rng.randrange(len(ids))]
        r = api.act(gid, tokens[cp], aid, mirror.step)
        assert r.status_code == 200, r.text
        mirror.apply_id(aid)
        mirror.finish()
