"""The search bot's strength in the Rebellion pack, per side, with how the games went (not a test).

    python benchmarks/rebellion_strength.py --opponent greedy -n 20 --out /tmp/rr/g2.jsonl
    python benchmarks/rebellion_strength.py --opponent random --players 4 --side imperial -n 10
    python benchmarks/rebellion_strength.py --summary /tmp/rr/g2.jsonl /tmp/rr/r4.jsonl
    python benchmarks/rebellion_strength.py --greedy-heuristic OLD/games/rebellion_rote/heuristic.py
    python benchmarks/rebellion_strength.py --side imperial --iterations 100 --model greedy

Plays ``ISMCTSBot(iterations=N)`` (75 by default, about 0.05 s a decision when it was
set; the search is faster now, and 0.05 s buys about 190 on a 2-core machine where
python-chess plays 33,000 moves a second: ``benchmarks/search_rate.py`` says how many
on yours) for one side against ``RandomBot``, ``GreedyBot`` or the same search
(``--opponent search``: the base-finding question of search against search) for the
other, one game at a time in this process; ``--start`` skips to a later game index (a
second process on other seeds); ``--model greedy`` has the search play the other
side's decisions as the greedy bot would (``ISMCTSBot(opponents="greedy")``), and each
record says which (``model``); ``--no-beliefs`` has the search bots leave out the pack's
belief (``ISMCTSBot(beliefs=False)``: the hidden base drawn uniformly, as before the
belief), and each record says which (``beliefs``; records without it are from before). The greedy bot plays one ply for the pack's heuristic, so a
change of the heuristic changes the opponent too: ``--greedy-heuristic`` gives the greedy
bot the heuristic of another copy of ``heuristic.py`` (an older checkout's), loaded into
this package, to measure against the older opponent. In the team game (``--players 4``) the search plays
both seats of its side (``state.side_of(seat)``), the opponent both of the other. Game
``i`` of a side uses state seed ``seed + i`` and the bot seeds of
:func:`tabletop.analysis.bot_seed`.

Each game is one JSON line (appended to ``--out`` as soon as it ends, so a long run can
be stopped and still counted): the winner, how it ended, the rounds, the round the Rebel
base was revealed and whether the Rebels revealed it themselves, the Rebels' objectives
played and reputation gained by card, their missions attempted and succeeded. The summary
(printed at the end, or by ``--summary`` from such files) gives per mode, opponent and
side the search bot's wins with the 95% Wilson interval, the endings, the base found (by
the search Empire, or against the search Rebels) by round (the share by round 7 too), and
the Rebels' objective and mission statistics, as JSON.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rebellion_rote
from rebellion_rote import GAME, table
from rebellion_rote.actions import RevealBase
from rebellion_rote.data import OBJECTIVES
from rebellion_rote.events import BaseRevealed, GameOver, MissionOutcome, ObjectivePlayed
from rebellion_rote.state import RebellionState
from tabletop.analysis import bot_seed, wilson
from tabletop.bots import GreedyBot, ISMCTSBot, RandomBot
from tabletop.bots.base import Bot
from tabletop.bots.determinise import Sampler, information_set
from tabletop.model import Action
from tabletop.state import State

REBEL, IMPERIAL = 0, 1
SIDES = {"rebel": REBEL, "imperial": IMPERIAL}
SIDE_NAMES = {REBEL: "rebel", IMPERIAL: "imperial"}


TIMING = {o.name: o.timing for o in OBJECTIVES}
"""When an objective card is played: in a combat, before the Refresh Phase, or at once."""


def card_name(card: int) -> str:
    """A card's printed name (its id when the table does not name it)."""
    info = table.card_info(card)
    return str(info.get("name", card)) if info else str(card)


Heuristic = Callable[[State, int], float]


class OtherGreedy(GreedyBot):
    """:class:`GreedyBot` for another heuristic than the pack's (an older one)."""

    def __init__(self, seed: int, heuristic: Heuristic) -> None:
        super().__init__(seed)
        self.heuristic = heuristic

    def choose(self, state: State) -> Action:
        me = state.current_player
        actions = state.legal_actions()
        assert me is not None and actions
        if len(actions) == 1:
            return actions[0]
        sampler = Sampler(information_set(state, me), me, self.rng)
        scores = [0.0] * len(actions)
        for _ in range(self.samples):
            d = sampler.sample()
            for i, a in enumerate(actions):
                after = d.clone()
                after.apply(a, check=False)
                done = after.is_terminal
                scores[i] += after.returns()[me] if done else self.heuristic(after, me)
        top = max(scores)
        best = [a for a, x in zip(actions, scores, strict=True) if x >= top - 1e-9]
        return best[self.rng.below(len(best))]


def load_heuristic(path: Path) -> Heuristic:
    """The ``heuristic`` function of another copy of the pack's ``heuristic.py``, loaded
    as a module of this package (its relative imports read this package's rules)."""
    spec = importlib.util.spec_from_file_location(
        f"{rebellion_rote.__name__}._other_heuristic", path
    )
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Heuristic = module.heuristic
    return found


GREEDY_HEURISTIC: list[Heuristic] = []
"""The greedy opponent's heuristic when not the pack's (``--greedy-heuristic``)."""


def opponent_bot(
    name: str, seed: int, iterations: int, model: str | None = None, beliefs: bool = True
) -> Bot:
    """The bot the search plays against: random, greedy or the same search."""
    if name == "search":
        return ISMCTSBot(iterations=iterations, seed=seed, opponents=model, beliefs=beliefs)
    if name == "greedy":
        return OtherGreedy(seed, GREEDY_HEURISTIC[0]) if GREEDY_HEURISTIC else GreedyBot(seed)
    return RandomBot(seed)


def play(
    side: int,
    opponent: str,
    players: int,
    index: int,
    seed: int,
    iterations: int,
    model: str | None = None,
    beliefs: bool = True,
) -> dict[str, Any]:
    """One game, the search bot on ``side``; what happened in it."""
    options = None if players == 2 else {"players": players}
    state = GAME.new_state(seed=seed + index, options=options)
    assert isinstance(state, RebellionState)
    bots: list[Bot] = [
        ISMCTSBot(
            iterations=iterations,
            seed=bot_seed(seed, index, p),
            opponents=model,
            beliefs=beliefs,
        )
        if state.side_of(p) == side
        else opponent_bot(opponent, bot_seed(seed, index, p), iterations, model, beliefs)
        for p in range(state.num_players)
    ]
    record: dict[str, Any] = {
        "players": players,
        "opponent": "greedy (other heuristic)"
        if opponent == "greedy" and GREEDY_HEURISTIC
        else opponent,
        "search_side": SIDE_NAMES[side],
        "index": index,
        "seed": seed + index,
        "iterations": iterations,
        "model": model or "pack default",
        "beliefs": beliefs,
        "base_round": None,
        "base_revealed_by_rebels": None,
        "objectives_played": [],
        "reputation_by_reason": {},
        "rebel_missions_attempted": 0,
        "rebel_missions_succeeded": 0,
        "rebel_missions": {},
        "imperial_missions_attempted": 0,
        "imperial_missions_succeeded": 0,
        "ending": None,
    }
    reputation: Counter[str] = Counter()
    started = time.perf_counter()
    search_time = 0.0
    search_decisions = steps = 0
    seen = len(state.log)
    while not state.is_terminal and steps < 6000:
        p = state.current_player
        assert p is not None
        t0 = time.perf_counter()
        action = bots[p].choose(state)
        if state.side_of(p) == side:
            search_time += time.perf_counter() - t0
            search_decisions += 1
        board = state.board
        before, toward = board.reputation, 1 if board.time > board.reputation else -1
        state.apply(action)
        steps += 1
        gain = toward * (board.reputation - before)
        if gain:
            reputation[_reason(state.log[seen:])] += gain
        for e in state.log[seen:]:
            if isinstance(e, BaseRevealed):
                record["base_round"] = state.round
                record["base_revealed_by_rebels"] = isinstance(action, RevealBase)
            elif isinstance(e, ObjectivePlayed):
                record["objectives_played"].append(card_name(e.card))
            elif isinstance(e, MissionOutcome):
                who = "rebel" if e.player == REBEL else "imperial"
                record[f"{who}_missions_attempted"] += 1
                record[f"{who}_missions_succeeded"] += e.success
                if e.player == REBEL:
                    tally = record["rebel_missions"].setdefault(card_name(e.card), [0, 0])
                    tally[0] += 1
                    tally[1] += e.success
            elif isinstance(e, GameOver):
                record["ending"] = e.reason
        seen = len(state.log)
    returns = state.returns() if state.is_terminal else [0.0] * state.num_players
    winner = next((SIDE_NAMES[state.side_of(q)] for q, r in enumerate(returns) if r > 0), None)
    record.update(
        winner=winner,
        search_won=winner == SIDE_NAMES[side],
        rounds=state.round,
        decisions=steps,
        search_decisions=search_decisions,
        seconds=round(time.perf_counter() - started, 2),
        search_seconds_per_decision=round(search_time / max(1, search_decisions), 4),
        reputation_by_reason=dict(reputation),
    )
    return record


def _reason(events: list[Any]) -> str:
    """What moved the reputation marker in one step's events: the objective played, else
    the card a reputation event names, else "other" and the step's event kinds."""
    for e in events:
        if e.kind == "reputation_gained":
            return f"objective: {card_name(e.card)}"
    for e in events:
        if e.kind == "objective_played":
            return f"objective: {card_name(e.card)}"
    for e in events:
        if e.kind == "reputation_changed":
            return str(e.reason)
    kinds = sorted({e.kind for e in events} - {"subjugation", "loyalty_changed"})
    return "other: " + ",".join(kinds[:4])


def _share(n: int, total: int) -> dict[str, Any]:
    lo, hi = wilson(n, total)
    return {
        "n": n,
        "of": total,
        "share": round(n / total, 3) if total else None,
        "wilson95": [round(lo, 3), round(hi, 3)],
    }


def summarise(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per mode, opponent and search side: wins, endings, base found, Rebel reputation play."""
    groups: dict[tuple[int, str, str, bool], list[dict[str, Any]]] = {}
    for r in records:
        key = (r["players"], r["opponent"], r["search_side"], r.get("beliefs", False))
        groups.setdefault(key, []).append(r)
    out = []
    for (players, opponent, side, beliefs), rs in sorted(groups.items()):
        n = len(rs)
        found = [r["base_round"] for r in rs if r["base_round"] is not None]
        by_empire = [
            r for r in rs if r["base_round"] is not None and not r["base_revealed_by_rebels"]
        ]
        scored = [len(r["objectives_played"]) for r in rs]
        objective_rep = [sum(v for k, v in r["reputation_by_reason"].items() if v > 0) for r in rs]
        attempted = sum(r["rebel_missions_attempted"] for r in rs)
        succeeded = sum(r["rebel_missions_succeeded"] for r in rs)
        missions: dict[str, list[int]] = {}
        for r in rs:
            for name, (tried, done) in r.get("rebel_missions", {}).items():
                tally = missions.setdefault(name, [0, 0])
                tally[0] += tried
                tally[1] += done
        cards: Counter[str] = Counter(c for r in rs for c in r["objectives_played"])
        timing: Counter[str] = Counter(TIMING.get(c, "?") for c in cards.elements())
        out.append(
            {
                "players": players,
                "opponent": opponent,
                "search_side": side,
                "beliefs": beliefs,
                "games": n,
                "search_wins": _share(sum(r["search_won"] for r in rs), n),
                "endings": dict(Counter(f"{r['winner']}: {r['ending']}" for r in rs)),
                "base_found": _share(len(found), n),
                "base_found_by_empire_not_rebel_reveal": _share(len(by_empire), n),
                "base_found_by_round_7": _share(sum(1 for x in found if x <= 7), n),
                "base_round_median": statistics.median(found) if found else None,
                "base_round_by_count": dict(sorted(Counter(found).items())),
                "rounds_median": statistics.median(r["rounds"] for r in rs),
                "rebel_objectives_played_mean": round(statistics.mean(scored), 2),
                "games_with_an_objective_played": _share(sum(1 for x in scored if x), n),
                "rebel_reputation_gained_mean": round(statistics.mean(objective_rep), 2),
                "reputation_by_reason": _sum_reasons(rs),
                "objective_cards_played": dict(cards.most_common()),
                "objectives_played_by_timing": dict(timing),
                "rebel_missions_attempted_mean": round(attempted / n, 2),
                "rebel_missions_attempted_succeeded": dict(
                    sorted(missions.items(), key=lambda kv: -kv[1][0])
                ),
                "rebel_mission_success_share": round(succeeded / attempted, 3)
                if attempted
                else None,
                "seconds_per_game_mean": round(statistics.mean(r["seconds"] for r in rs), 1),
                "search_seconds_per_decision_mean": round(
                    statistics.mean(r["search_seconds_per_decision"] for r in rs), 4
                ),
            }
        )
    return out


def _sum_reasons(rs: list[dict[str, Any]]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for r in rs:
        total.update(r["reputation_by_reason"])
    return dict(total.most_common())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponent", choices=["random", "greedy", "search"], default="greedy")
    ap.add_argument("--players", type=int, choices=[2, 4], default=2)
    ap.add_argument("--side", choices=["rebel", "imperial", "both"], default="both")
    ap.add_argument("-n", type=int, default=10, help="games per side")
    ap.add_argument("--start", type=int, default=0, help="the first game index")
    ap.add_argument("--iterations", type=int, default=75)
    ap.add_argument(
        "--model",
        choices=["search", "greedy"],
        help="how the search plays the other side's decisions (ISMCTSBot opponents; "
        "default: the pack's)",
    )
    ap.add_argument(
        "--no-beliefs",
        action="store_true",
        help="the search bots leave out the pack's belief (ISMCTSBot(beliefs=False)): "
        "every determinisation the uniform re-deal",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, help="append each game's record here (JSON lines)")
    ap.add_argument(
        "--greedy-heuristic",
        type=Path,
        help="the greedy opponent plays for this heuristic.py (an older copy's) instead",
    )
    ap.add_argument("--summary", type=Path, nargs="+", help="only summarise these files")
    args = ap.parse_args()
    if args.summary:
        records = [
            json.loads(line) for f in args.summary for line in f.read_text().splitlines() if line
        ]
        print(json.dumps(summarise(records), indent=1))
        return
    if args.greedy_heuristic:
        GREEDY_HEURISTIC.append(load_heuristic(args.greedy_heuristic))
    sides = [REBEL, IMPERIAL] if args.side == "both" else [SIDES[args.side]]
    records = []
    for i in range(args.start, args.start + args.n):
        for side in sides:  # interleaved, so a stopped run has both sides
            r = play(
                side,
                args.opponent,
                args.players,
                i,
                args.seed,
                args.iterations,
                args.model,
                not args.no_beliefs,
            )
            records.append(r)
            line = json.dumps(r)
            if args.out:
                with args.out.open("a") as f:
                    f.write(line + "\n")
            print(line, file=sys.stderr, flush=True)
    print(json.dumps(summarise(records), indent=1))


if __name__ == "__main__":
    main()
