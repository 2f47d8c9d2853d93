"""Benchmarks: playout speed, clone and serialisation costs, for every pack.

    python benchmarks/run.py                 # all installed packs, JSON on stdout
    python benchmarks/run.py station_assault --games 200
    python benchmarks/run.py toy_pack:GAME   # any "module:attr" pack

Every run first times python-chess's own random-playout loop (``reference``,
when the ``bench`` extra is installed) and gives each pack's playout rates as a
ratio to it too (``ratio_to_chess``): a yardstick that runs on the same machine
at the same moment, so ratios compare across machines and busy hours.

For each pack: random-playout decisions/s with and without the legality
check, full games/s, mean and max decisions per game, clone µs and apply µs
mid-game, dumps µs (again, and ``dumps_fresh`` of a state never written
before), loads µs (``loads`` rebuilds the state from its record and
compares; ``loads_trusted`` reads the fields, leaving the log for its first
use; ``loads_trusted_with_log`` reads it too), view µs (with the log, and
``view_nolog`` without it), the memory of a mid-game state (``state_kib``: what
a trusted ``loads`` of it allocates, its log included) and of a finished one,
with how many finished games' states fit in a GiB (``games_per_gib``: what an
analysis worker that keeps whole games would hold), and the peak memory
(tracemalloc) of playing one game.
With more than one pack, each pack is measured in a process of its own (with its own
python-chess reference, ``references``): a pack measured after others in one process
ran slower than alone (Station Assault's playouts 4-12% slower after Rebel Space and
Rebellion; nothing in its own code changed), so a pack's figures would depend on
which packs came before it. ``--one-process`` measures them all in this one.
Each per-call timing is the least of ten runs (see ``per_call_us``), in CPU time
of this process (``clock``). Timings on a shared machine are still noisy (caches,
frequency): compare runs made side by side (``benchmarks/compare.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from typing import Any

import tabletop
from tabletop.bots import RandomBot

clock = time.process_time
"""Every timing is in CPU seconds of this process: what other processes on a shared
machine take (or a hypervisor steals) is not counted, so runs made at different
moments compare better than by the wall clock."""


def playouts(game: Any, games: int, seed: int, check: bool) -> dict[str, float]:
    steps = 0
    lengths = []
    t0 = clock()
    for g in range(games):
        state = game.new_state(seed=seed + g)
        bot = RandomBot(seed + g)
        n = 0
        while not state.is_terminal:
            state.apply(bot.choose(state), check=check)
            n += 1
        steps += n
        lengths.append(n)
    dt = clock() - t0
    return {
        "decisions_per_s": steps / dt,
        "games_per_s": games / dt,
        "ms_per_game": 1000 * dt / games,
        "mean_decisions_per_game": statistics.mean(lengths),
        "max_decisions_per_game": max(lengths),
    }


def chess_playouts(games: int, seed: int) -> dict[str, Any] | None:
    """python-chess's random playouts: ``legal_moves``, a uniform choice, ``push``, and
    ``is_game_over`` every move (its rules check, as our ``apply`` checks legality)."""
    try:
        import chess
    except ImportError:  # the bench extra is not installed
        return None
    import random

    steps = 0
    t0 = clock()
    for g in range(games):
        rng = random.Random(seed + g)
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            steps += 1
    dt = clock() - t0
    return {
        "chess_version": chess.__version__,
        "decisions_per_s": steps / dt,
        "mean_decisions_per_game": steps / games,
    }


def loaded_kib(state: Any) -> float:
    """KiB allocated by reading ``state`` back from its text (trusted, log included):
    the memory of the state with nothing shared with another (the codec's own tables,
    made by a first load, are not counted)."""
    text = tabletop.dumps(state)
    tabletop.loads(text, trusted=True).log  # noqa: B018  (once before: the codec's tables)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copy = tabletop.loads(text, trusted=True)
    copy.log  # noqa: B018  (read the deferred log)
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del copy
    return size / 1024


def midgame(game: Any, seed: int) -> Any:
    state = game.new_state(seed=seed)
    bot = RandomBot(seed)
    probe = state.clone()
    n = 0
    while not probe.is_terminal:
        probe.apply(bot.choose(probe), check=False)
        n += 1
    bot = RandomBot(seed)
    for _ in range(n // 2):
        state.apply(bot.choose(state), check=False)
    return state


def legal(state: Any) -> None:
    state._legal = None  # drop the cache: time the generation itself
    state.legal_actions()


def fresh(state: Any) -> Any:
    if hasattr(state, "_log_json"):  # (a version before it kept none)
        state._log_json = None  # forget the text of the log the last dumps wrote
    return state


def per_call_us(fn: Any, repeat: int) -> float:
    """µs per call of ``fn``: the least of ten runs of ``repeat / 10`` calls each. Other
    work on a shared machine (a collection, another process) only ever adds time to a
    run, so the least is the closest to what the call costs, and it moves far less
    between runs than a median does."""
    n = max(1, repeat // 10)
    runs = []
    for _ in range(10):
        t0 = clock()
        for _ in range(n):
            fn()
        runs.append((clock() - t0) / n)
    return 1e6 * min(runs)


def bench(name: str, games: int, seed: int, chess_rate: float | None = None) -> dict[str, Any]:
    game = tabletop.load(name)
    out: dict[str, Any] = {"game": game.name, "version": game.version}
    playouts(game, max(1, games // 10), seed + 10_000, check=True)  # warm caches first
    out["playout_checked"] = playouts(game, games, seed, check=True)
    out["playout_unchecked"] = playouts(game, games, seed, check=False)
    if chess_rate:
        out["ratio_to_chess"] = {
            "checked": out["playout_checked"]["decisions_per_s"] / chess_rate,
            "unchecked": out["playout_unchecked"]["decisions_per_s"] / chess_rate,
        }
    state = midgame(game, seed)
    action = state.legal_actions()[0]

    def clone_apply() -> None:
        state.clone().apply(action)

    text = tabletop.dumps(state)
    player = state.current_player or 0
    out["midgame_step"] = len(state.history)
    out["clone_us"] = per_call_us(state.clone, 2000)
    out["clone_apply_us"] = per_call_us(clone_apply, 1000)
    out["legal_actions_us"] = per_call_us(lambda: legal(state), 1000)
    out["dumps_us"] = per_call_us(lambda: tabletop.dumps(state), 200)
    # ...of a state whose log was never written (dumps reuses the text of the log it
    # wrote last, so saving after every move writes only the new events)
    out["dumps_fresh_us"] = per_call_us(lambda: tabletop.dumps(fresh(state)), 200)
    out["loads_us"] = per_call_us(lambda: tabletop.loads(text), 50)  # rebuilt and compared
    out["loads_trusted_us"] = per_call_us(lambda: tabletop.loads(text, trusted=True), 200)
    # ...and its log read too (a trusted load reads the log when it is first used)
    out["loads_trusted_with_log_us"] = per_call_us(
        lambda: tabletop.loads(text, trusted=True).log, 200
    )
    out["view_us"] = per_call_us(lambda: state.view(player), 200)
    out["view_nolog_us"] = per_call_us(lambda: state.view(player, log=False), 200)
    out["state_json_bytes"] = len(text)
    out["state_kib"] = loaded_kib(state)
    finished = game.new_state(seed=seed)
    bot = RandomBot(seed)
    while not finished.is_terminal:
        finished.apply(bot.choose(finished), check=False)
    out["finished_state_kib"] = loaded_kib(finished)
    out["games_per_gib"] = round(1024 * 1024 / out["finished_state_kib"])
    tracemalloc.start()
    playouts(game, 1, seed, check=True)
    out["peak_memory_kib_one_game"] = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="pack names (default: every installed pack)")
    ap.add_argument("--games", dest="n", type=int, default=100, help="playouts per pack")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chess", type=int, default=40, help="python-chess playouts (reference)")
    ap.add_argument(
        "--one-process",
        action="store_true",
        help="measure every pack in this process (default: each pack in a process of its own)",
    )
    args = ap.parse_args(argv)
    names = args.games or tabletop.games()
    if len(names) > 1 and not args.one_process:
        return isolated(names, args.n, args.seed, args.chess)
    chess_playouts(max(1, args.chess // 10), args.seed)  # warm up
    reference = chess_playouts(args.chess, args.seed)
    rate = reference["decisions_per_s"] if reference else None
    results = [bench(name, args.n, args.seed, rate) for name in names]
    # ...and python-chess again at the end: the machine may have got busier meanwhile
    after = chess_playouts(args.chess, args.seed)
    doc = {"python": sys.version.split()[0], "reference": reference, "results": results}
    if after is not None:
        doc["reference_after"] = after
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


def isolated(names: list[str], games: int, seed: int, chess: int) -> int:
    """Each pack measured by this script in a fresh process (with this one's path), the
    results gathered into one document; ``reference`` is the first pack's."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    docs = []
    for name in names:
        command = [sys.executable, __file__, name, "--games", str(games), "--seed", str(seed)]
        out = subprocess.run(  # its errors go to this process's stderr
            [*command, "--chess", str(chess)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            check=True,
        )
        docs.append(json.loads(out.stdout))
    doc = {
        "python": sys.version.split()[0],
        "reference": docs[0]["reference"],
        "references": {name: d["reference"] for name, d in zip(names, docs, strict=True)},
        "isolated": True,
        "results": [d["results"][0] for d in docs],
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
