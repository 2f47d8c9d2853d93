"""A strength regression check: replay a little of each pack's committed ladder.

For each pack with a committed ``ladder.json``, the cheapest pairing that
involves a search bot (``mcts:N``) is played again for a few games from the
same seeds, and the search bot's fresh score must not fall wholly below the
committed interval of that pair: the test fails when the fresh 95% Wilson
upper bound is below the committed 95% lower bound. The number of games is
bounded by the time the pair's games took when the result was made
(:data:`SECONDS_PER_PACK`), at least :data:`MIN_GAMES`.
"""

from __future__ import annotations

import copy
import functools
import math
import re
from typing import Any

import pytest

import tabletop
from tabletop.analysis.ladder import committed_ladder, ladder

SEARCH = re.compile(r"(?:is)?mcts(?::(\d+))?", re.I)
SECONDS_PER_PACK = 15.0
"""About how long one pack's replay may take (judged by the committed run's timing)."""
MIN_GAMES, MAX_GAMES = 3, 10


def budget(spec: str) -> float:
    """A bot's cost per decision, roughly: search iterations; 0 for random, 1 for greedy."""
    match = SEARCH.fullmatch(spec.strip())
    if match:
        return float(match.group(1) or 200)
    return {"random": 0.0, "greedy": 1.0}.get(spec.strip().lower(), math.inf)


def is_search(spec: str) -> bool:
    match = SEARCH.fullmatch(spec.strip())
    return match is not None and (match.group(1) or "").isdigit()


def pick(result: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The cheapest pair with a search bot, and that search bot (the dearer of two)."""
    pairs = [p for p in result["pairs"] if any(is_search(b) for b in p["bots"]) and p["games"]]
    if not pairs:
        raise LookupError("no pairing with a search bot (mcts:N)")
    pair = min(pairs, key=lambda p: (sum(budget(b) for b in p["bots"]), result["pairs"].index(p)))
    bot = max((b for b in pair["bots"] if is_search(b)), key=budget)
    return pair, bot


def interval_of(pair: dict[str, Any], bot: str) -> tuple[float, float]:
    """``bot``'s 95% score interval in ``pair`` (the pair stores its first bot's)."""
    lo, hi = pair["score"]["ci95"]
    return (lo, hi) if pair["bots"][0] == bot else (1 - hi, 1 - lo)


def games_to_play(result: dict[str, Any], pair: dict[str, Any]) -> int:
    per_game = (pair.get("seconds") or 0.0) / max(pair["games"], 1)
    fit = int(SECONDS_PER_PACK / per_game) if per_game > 0 else MAX_GAMES
    return max(1, min(pair["games"], MAX_GAMES, max(MIN_GAMES, fit)))


def replay(result: dict[str, Any]) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """Play the picked pairing again: (committed pair, its search bot, fresh pair)."""
    pair, bot = pick(result)
    fresh = ladder(
        result["game"],
        pair["bots"],
        games_to_play(result, pair),
        seed=result["seed"],
        options=result["options"],
        max_steps=result["max_steps"],
    )
    return pair, bot, fresh["pairs"][0]


def regression(result: dict[str, Any]) -> str | None:
    """Why the pack's strength dropped, or ``None`` when the fresh games agree."""
    pair, bot, fresh = replay(result)
    old_lo, old_hi = interval_of(pair, bot)
    new_lo, new_hi = interval_of(fresh, bot)
    if new_hi >= old_lo:
        return None
    other = next(b for b in pair["bots"] if b != bot)
    rate = fresh["score"]["rate"] if fresh["bots"][0] == bot else 1 - fresh["score"]["rate"]
    return (
        f"{result['game']}: {bot} against {other} scored {rate:.0%} in {fresh['games']} fresh "
        f"games (95% {new_lo:.0%} to {new_hi:.0%}), below the committed {old_lo:.0%} to "
        f"{old_hi:.0%} of {pair['games']} games: a strength regression (if the change is "
        "meant, refresh the committed ladders with make ladder)"
    )


@functools.cache
def committed(pack: str) -> dict[str, Any] | None:
    return committed_ladder(tabletop.load(pack))


PACKS = [p for p in tabletop.games() if committed(p) is not None]


@pytest.mark.parametrize("pack", PACKS)
def test_no_strength_regression(pack: str) -> None:
    result = committed(pack)
    assert result is not None
    problem = regression(result)
    assert problem is None, problem


def test_a_drop_outside_the_interval_fails() -> None:
    """A doctored committed result: the search bot dominated (95% 90% to 100%), and now
    every game is stopped after one decision (a cap-out: a draw), so it scores 50%."""
    assert PACKS, "no pack has a committed ladder.json"
    result = copy.deepcopy(committed(PACKS[0]))
    assert result is not None
    pair, bot = pick(result)
    pair["score"]["ci95"] = [0.9, 1.0] if pair["bots"][0] == bot else [0.0, 0.1]
    result["max_steps"] = 1
    problem = regression(result)
    assert problem is not None
    other = next(b for b in pair["bots"] if b != bot)
    assert problem.startswith(f"{result['game']}: {bot} against {other} scored 50% in ")
    assert "below the committed 90% to 100%" in problem


def test_the_pick_is_the_cheapest_search_pairing() -> None:
    result = {
        "pairs": [
            {"bots": ["random", "greedy"], "games": 4},
            {"bots": ["greedy", "mcts:200"], "games": 4},
            {"bots": ["random", "mcts:50"], "games": 4},
            {"bots": ["mcts:50", "mcts:200"], "games": 4},
        ]
    }
    pair, bot = pick(result)
    assert (pair["bots"], bot) == (["random", "mcts:50"], "mcts:50")
    pair = {"bots": ["mcts:50", "random"], "score": {"ci95": [0.6, 0.9]}}
    assert interval_of(pair, "mcts:50") == (0.6, 0.9)
    assert interval_of(pair, "random") == pytest.approx((0.1, 0.4))
    with pytest.raises(LookupError):
        pick({"pairs": [{"bots": ["random", "greedy"], "games": 4}]})
