"""A seat's every response is the same whatever the other seats' hidden cards are.

Two states that differ only in what a seat cannot see (the real one, and
``state.resample(seat, rng)``: the others' hidden cards re-dealt) must give that
seat byte-identical answers from the functions the server answers with: the
seat's body (view, prompt, legal actions with ids and words), its event batches,
and the refusal of every action it could send. The live tests check that the
server answers exactly these bodies (tests/server/test_srv_api.py, test_srv_ws.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.server.bodies import Facts, seat_body
from tabletop.server.service import check_act
from tabletop.server.wire import ApiError

PACKS = ["rebel_space", "station_assault", "rebellion_rote"]


def facts(state: tabletop.State, marks: list[int]) -> Facts:
    return Facts(
        id="g", game=state.game, state=state, seats=["human"] * state.num_players, marks=marks
    )


def answers(f: Facts, seat: int, probes: list[int]) -> str:
    """Everything the seat can get from the server about this game, as JSON text:
    its bodies, and the answer to each action id in ``probes`` it could send."""
    out: list[Any] = [seat_body(f, seat, log=True), seat_body(f, seat, since=max(f.step - 3, 0))]
    for aid in probes:
        for seen in (f.step, f.step - 1):
            try:
                out.append(("ok", f.game.encode(check_act(f, seat, aid, seen))))
            except ApiError as exc:
                out.append((exc.status, exc.body()))
    return json.dumps(out, sort_keys=True)


@pytest.mark.parametrize("pack", PACKS)
def test_a_seat_cannot_tell_the_others_hidden_cards(pack: str) -> None:
    game = tabletop.load(pack)

    @settings(max_examples=settings.default.max_examples * 2)
    @given(
        seed=st.integers(0, 2**32),
        steps=st.integers(0, 120),
        k=st.integers(0, 2**32),
        who=st.integers(0, 5),
    )
    def check(seed: int, steps: int, k: int, who: int) -> None:
        state = game.new_state(seed=seed)
        marks = [len(state.log)]
        rng = tabletop.Rng(seed ^ 0x5EED)
        for _ in range(steps):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            marks.append(len(state.log))
        seat = who % state.num_players
        other = state.resample(seat, tabletop.Rng(k))
        hidden_differs = any(
            state.zones[name] != other.zones[name]
            for name, z in state.layout.items()
            if not z.visible_to(seat)
        )
        size = game.num_distinct_actions
        # The same ids sent to both: a few fixed ones, and the legal ones of the real
        # game (the seat's own when it is to move; otherwise the other seat's, which
        # the seat cannot know, so both must answer "not your turn" alike).
        probes = sorted({0, 1, size - 1, size, -1, *state.legal_ids()[:5]})
        mine = answers(facts(state, marks), seat, probes)
        assert mine == answers(facts(other, marks), seat, probes)
        if hidden_differs:
            CASES[pack] = CASES.get(pack, 0) + 1

    CASES: dict[str, int] = {}
    check()
    assert CASES.get(pack, 0) > 0, "no example re-dealt a hidden card: the test proved nothing"
