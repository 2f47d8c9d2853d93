"""The ``tabletop`` command: list, play, simulate, analyze, ladder, position, replay, demo,
serve and mcp.

tabletop list
tabletop play station_assault --seat 0 --vs mcts
tabletop simulate rebel_space -n 100 --seed 1
tabletop analyze rebel_space --bots mcts,random -n 200 --workers 2 --out report/
tabletop ladder rebel_space --bots random,greedy,mcts:50,mcts:200 -n 20
tabletop replay game.json --step
tabletop position tutorial.toml
tabletop play --from tutorial.toml --seat 0 --vs mcts
tabletop demo
tabletop serve --db sqlite:///games.db --port 8000
tabletop play rebel_space --seat 0 --agent "python3 my_agent.py"
tabletop mcp
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import registry
from .bots.random import RandomBot
from .errors import TabletopError
from .game import Game
from .limits import DEFAULT_LIMITS, clip, read_file
from .serial import replay
from .state import State

__all__ = ["main"]


class CliError(TabletopError):
    """A bad command-line argument."""


def _options(text: str | None) -> Any:
    if not text:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"--options must be a JSON object, e.g. '{{\"players\": 3}}': {exc}"
        ) from None
    if not isinstance(value, dict):
        raise CliError("--options must be a JSON object, e.g. '{\"players\": 3}'")
    return value


BOT_SPECS = (
    "random, greedy, mcts (mcts:N: N iterations a decision; mcts:Xs: X seconds; either "
    "with :greedy to model the other players as greedy ones, e.g. mcts:200:greedy, or "
    ":adaptive to model those seen playing as greedy ones), the name "
    "of an installed bot (tabletop list shows them), agent:COMMAND for a program that plays "
    "through the text interface, or module:attr for a bot of your own "
    "(see the docs' Write a bot page)"
)


def _make_bot(spec: str, seed: int) -> Any:
    """A bot from a spec the user typed (built-in, installed, or module:attr)."""
    from .bots import make_bot

    return make_bot(spec, seed)


def _progress_bar(quiet: bool) -> Callable[[int, int], None] | None:
    """A progress callback drawing on standard error from now on (``None`` when quiet)."""
    if quiet:
        return None
    started = time.perf_counter()
    return lambda done, total: _progress(done, total, sys.stderr, started)


def _progress(done: int, total: int, out: TextIO, started: float) -> None:
    """A progress bar on a terminal; one line at the end otherwise."""
    tty = out.isatty()
    if not tty and done != total:
        return
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    out.write(
        f"{chr(13) if tty else ''}[{'#' * filled}{'.' * (width - filled)}] "
        f"{done}/{total} games  {rate:.1f}/s"
    )
    if done == total:
        out.write("\n")
    out.flush()


def play_out(state: State, bots: Sequence[Any], max_steps: int = 100_000) -> int:
    """Play to the end with one bot per seat; return the number of decisions."""
    steps = 0
    while not state.is_terminal and steps < max_steps:
        cp = state.current_player
        assert cp is not None
        state.apply(bots[cp].choose(state), check=False)
        steps += 1
    return steps


def simulate(
    game: Game,
    n: int,
    seed: int,
    options: Any,
    bot_specs: Sequence[str],
    out: TextIO,
    *,
    backend: str = "local",
    address: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    records: str | None = None,
    quiet: bool = False,
) -> dict[str, Any]:
    """Play ``n`` bot-vs-bot games (bots in fixed seats); return the summary.

    Game ``g`` is played from seed ``seed + g``, here or on the given backend
    (see :func:`tabletop.analysis.run_games`); the summary is the same for
    the same seed whatever the backend and the number of workers.
    """
    from .analysis.run import run_games

    run = run_games(
        game.name,
        n,
        list(bot_specs) or ["random"],
        seed=seed,
        options=options,
        backend=backend,
        address=address,
        workers=workers,
        batch_size=batch_size,
        max_steps=100_000,
        rotate=False,
        records=records,
        progress=_progress_bar(quiet),
        cards=False,
    )
    t = run.tally
    opts = game.make_options(options)
    lengths = t.decisions
    summary: dict[str, Any] = {
        "game": game.name,
        "games": t.games,
        "seed": seed,
        "bots": run.bots,
        "wins": {game.player_name(p, opts): t.seat_wins[p] for p in range(t.num_players)},
        "draws": t.draws,
        "unfinished": t.capped,
        "mean_length": sum(v * c for v, c in lengths.items()) / max(t.games, 1),
        "max_length": max(lengths, default=0),
        "steps_per_second": run.timing["decisions_per_second"],
        "seconds": run.seconds,
        "timing": run.timing,
    }
    if run.interrupted:
        summary["interrupted"] = {"finished": t.games, "asked": n}
    return summary


def _print_summary(summary: dict[str, Any], out: TextIO) -> None:
    out.write(f"{summary['game']}: {summary['games']} games, bots {', '.join(summary['bots'])}\n")
    for name, w in summary["wins"].items():
        out.write(f"  {name:<16} {w:>6} wins ({100 * w / max(summary['games'], 1):.1f}%)\n")
    out.write(f"  {'draws':<16} {summary['draws']:>6}\n")
    if summary["unfinished"]:
        out.write(f"  {'unfinished':<16} {summary['unfinished']:>6}\n")
    out.write(
        f"  mean length {summary['mean_length']:.1f} decisions (max {summary['max_length']}), "
        f"{summary['steps_per_second']:,.0f} decisions/s\n"
    )


def narrate(state: State, events: Sequence[Any], player: int | None, out: TextIO) -> None:
    viewer = None if player is None else state._viewer(player)
    for ev in events:
        seen = ev.seen_by(viewer)
        if seen is not None:
            out.write(f"    - {state.narrate(seen)}\n")


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    names = registry.games()
    if not names:
        out.write("no game packs installed\n")
        return 0
    for name in names:
        g = registry.load(name)
        players = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        out.write(f"{name:<18} {g.title}  ({players} players, version {g.version})\n")
    from .bots import installed_bots

    mine = installed_bots()
    if mine:
        out.write("\ninstalled bots (use their names wherever a bot spec goes):\n")
        for bot, target in sorted(mine.items()):
            out.write(f"{bot:<18} {target}\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    from .terminal import TerminalGame

    if args.start is not None:
        if args.options or args.seed is not None:
            raise CliError(
                "--from sets up the game: its position file gives the options and the seed"
            )
        state = _read_position(args.start, args.game)
        game, seed = state.game, state.seed
    elif args.game is None:
        raise CliError("name the game to play (tabletop list shows them), or give --from FILE")
    else:
        game = registry.load(args.game)
        options = _options(args.options)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        state = game.new_state(seed=seed, options=options)
    seat = args.seat
    if not 0 <= seat < state.num_players:
        raise CliError(f"--seat must be 0..{state.num_players - 1}")
    bots = [_make_bot(args.vs, seed * 31 + p) for p in range(state.num_players)]
    if args.agent is not None:
        return _play_agent(state, seat, bots, args.agent, seed, out)
    again = f"--from {args.start}" if args.start is not None else f"--seed {seed}"
    out.write(
        f"{game.title}, seed {seed} (play it again with {again}): you are "
        f"{state.player_name(seat)} (seat {seat}). Type a number to choose, 'help' for "
        "the commands, 'q' to leave.\n"
    )
    return TerminalGame(state, seat, bots, out, inp, auto=not args.no_auto).run()


def _play_agent(
    state: State, seat: int, bots: list[Any], command: str, seed: int, out: TextIO
) -> int:
    """``play --agent COMMAND``: the program plays ``seat`` through the text interface
    (:mod:`tabletop.bots.agent`); what that seat sees happen is told as it plays."""
    from .bots.agent import AgentBot

    agent = AgentBot(command, seed * 31 + seat)
    bots[seat] = agent
    out.write(
        f"{state.game.title}, seed {seed}: the agent {command!r} plays "
        f"{state.player_name(seat)} (seat {seat}).\n"
    )
    try:
        while not state.is_terminal:
            cp = state.current_player
            assert cp is not None
            action = bots[cp].choose(state)
            out.write(f"  {state.player_name(cp)}: {state.describe(action)}\n")
            narrate(state, state.apply(action), seat, out)
    finally:
        agent.close()
    returns = state.returns()
    out.write(
        "Game over: "
        + ", ".join(f"{state.player_name(p)} {returns[p]:g}" for p in range(state.num_players))
        + "\n"
    )
    return 0


def _read_position(path: str, game_name: str | None) -> State:
    """The game a position file sets up (TOML or JSON, read as untrusted data); when a
    game is named too, the file must be a position of that game."""
    from .positions import example, read_position_file

    looks_like_example = ":" in path and not os.path.exists(path) and "/" not in path
    doc = example(path) if looks_like_example else read_position_file(path)
    if game_name is not None:
        state: State = registry.load(game_name).position(doc)
        return state
    from .positions import from_position

    return from_position(doc)


def cmd_position(args: argparse.Namespace, out: TextIO) -> int:
    if args.record is not None:
        if args.file is not None:
            raise CliError("give a position FILE or --record RECORD, not both")
        try:
            raw = read_file(args.record, "record file", DEFAULT_LIMITS.max_bytes)
        except OSError as exc:
            raise CliError(f"cannot read {args.record}: {exc.strerror or exc}") from None
        if args.step is not None and args.step < 0:
            raise CliError("--step must be 0 or more")
        state = replay(raw, upto=args.step)
    elif args.file is None:
        raise CliError("give a position FILE (TOML or JSON), or --record RECORD --step K")
    else:
        state = _read_position(args.file, None)
    if args.facts:
        out.write(json.dumps(state.position_facts(), indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.player is not None and not 0 <= args.player < state.num_players:
        raise CliError(f"--player must be 0..{state.num_players - 1}")
    picture = state.render(args.player).rstrip("\n")
    out.write(picture + "\n\n")
    if state.is_terminal:
        out.write(f"the game is over: {state.returns()}\n")
        return 0
    who = state.current_player
    assert who is not None
    if state.prompt not in picture:
        out.write(f"{state.prompt}\n")
    if args.player in (None, who):
        for k, action in enumerate(state.legal_actions(), 1):
            out.write(f"{k:>4}. {state.describe(action)}\n")
    else:
        out.write(f"    ({state.player_name(who)} decides)\n")
    return 0


def _check_run_arguments(args: argparse.Namespace) -> None:
    """The checks ``simulate`` and ``analyze`` share (numbers, backend, records)."""
    if args.n < 1:
        raise CliError("-n must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise CliError("--workers must be at least 1")
    if args.batch_size is not None and args.batch_size < 1:
        raise CliError("--batch-size must be at least 1")
    if args.address and args.backend != "ray":
        raise CliError("--address joins a Ray cluster: use it with --backend ray")
    if args.address and args.workers is not None:
        raise CliError(
            "--workers sets the CPUs of a local Ray; a cluster joined with --address "
            "gives all of its CPUs"
        )


def _interrupted(run: dict[str, Any], args: argparse.Namespace) -> int:
    """Say what an interrupted run kept; the exit code of Ctrl-C."""
    cut = run["interrupted"]
    kept = (
        f"; they are saved in {args.save_records}: the same command resumes the run"
        if args.save_records
        else " (give --save-records DIR to keep them for a resume)"
    )
    bar_open = "\n" if sys.stderr.isatty() else ""  # end the progress bar's line first
    sys.stderr.write(
        f"{bar_open}interrupted: {cut['finished']} of {cut['asked']} games finished{kept}\n"
    )
    return 130


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    _check_run_arguments(args)
    game = registry.load(args.game)
    summary = simulate(
        game,
        args.n,
        args.seed,
        _options(args.options),
        args.bots.split(","),
        out,
        backend=args.backend,
        address=args.address,
        workers=args.workers,
        batch_size=args.batch_size,
        records=args.save_records,
        quiet=args.quiet,
    )
    if args.json:
        out.write(json.dumps(summary, indent=1) + "\n")
    else:
        _print_summary(summary, out)
    return _interrupted(summary, args) if "interrupted" in summary else 0


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis import PLOTS_SKIPPED, analyze, format_table, write_report

    _check_run_arguments(args)
    if args.max_steps < 1:
        raise CliError("--max-steps must be at least 1")
    registry.load(args.game)
    report = analyze(
        args.game,
        args.n,
        [b for b in args.bots.split(",") if b.strip()],
        seed=args.seed,
        options=_options(args.options),
        workers=args.workers,
        max_steps=args.max_steps,
        rotate=args.rotate,
        records=args.save_records,
        progress=_progress_bar(args.quiet),
        backend=args.backend,
        address=args.address,
        batch_size=args.batch_size,
    )
    if args.json:
        out.write(json.dumps(report, indent=1) + "\n")
    else:
        out.write(format_table(report))
    if args.out:
        paths = write_report(report, args.out)
        if not args.json:
            out.write(f"report written: {', '.join(paths)}\n")
        if not any(p.endswith(".png") for p in paths):
            sys.stderr.write(PLOTS_SKIPPED + "\n")
    if args.save_records and not args.json:
        written = report["timing"]["records"]["written"]
        out.write(f"{written} game records written to {args.save_records}\n")
    return _interrupted(report, args) if "interrupted" in report else 0


def cmd_ladder(args: argparse.Namespace, out: TextIO) -> int:
    """A round robin among bots: ratings with intervals, the matrix, the records."""
    from .analysis.ladder import format_ladder, ladder, write_ladder

    _check_run_arguments(args)
    if args.max_steps < 1:
        raise CliError("--max-steps must be at least 1")
    registry.load(args.game)
    result = ladder(
        args.game,
        args.bots.split(","),
        args.n,
        seed=args.seed,
        options=_options(args.options),
        backend=args.backend,
        address=args.address,
        workers=args.workers,
        batch_size=args.batch_size,
        max_steps=args.max_steps,
        records=args.save_records,
        progress=_progress_bar(args.quiet),
    )
    if args.json:
        out.write(json.dumps(result, indent=1) + "\n")
    else:
        out.write(format_ladder(result))
    if args.out:
        paths = write_ladder(result, args.out)
        if not args.json:
            out.write(f"ladder written: {', '.join(paths)}\n")
    if args.save_records and not args.json:
        out.write(
            f"game records in {args.save_records}/<bot>--<bot>/, one folder per pair "
            "(the same command resumes the ladder)\n"
        )
    return _interrupted(result, args) if "interrupted" in result else 0


def cmd_replay(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    # A record file may come from anyone: read a regular file only, within the
    # size limit, and let replay() check all of it before anything is shown.
    try:
        raw = read_file(args.file, "record file", DEFAULT_LIMITS.max_bytes)
    except OSError as exc:
        raise CliError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise CliError(str(exc)) from None
    final = replay(raw)  # validates the whole record first
    if args.upto is not None and args.upto < 0:
        raise CliError("--upto must be 0 or more")
    if args.player is not None and not 0 <= args.player < final.num_players:
        raise CliError(f"--player must be 0..{final.num_players - 1}")
    game = final.game
    if final.start is not None:
        state = game.position(final.start)
        start = "from a position"
    else:
        state = game.new_state(seed=final.seed, options=final.options)
        start = f"seed {final.seed}"
    out.write(f"{game.title}, {start}, {len(final.history)} steps\n")
    narrate(state, state.log, args.player, out)
    upto = len(final.history) if args.upto is None else min(args.upto, len(final.history))
    for k, action in enumerate(final.history[:upto], 1):
        who = state.current_player
        name = state.player_name(who) if who is not None else "?"
        # Narrated as one player sees it, another player's choice stays unsaid.
        said = state.describe(action) if args.player in (None, who) else "(decides)"
        out.write(f"{k:>4}. {name}: {said}\n")
        narrate(state, state.apply(action), args.player, out)
        if args.step:
            out.write("    (Enter for the next step, q to stop) ")
            out.flush()
            if inp.readline().strip() == "q":
                return 0
    if state.is_terminal:
        out.write(f"result: {state.returns()}\n")
    return 0


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    if args.steps < 0:
        raise CliError("--steps must be 0 or more (the decisions narrated per pack)")
    if args.n < 1:
        raise CliError("-n must be at least 1 (the games simulated per pack)")
    if args.seed < 0:
        raise CliError("--seed must be 0 or more")
    names = registry.games()
    if not names:
        out.write("no game packs installed\n")
        return 0
    for name in names:
        game = registry.load(name)
        out.write(f"\n=== {game.title} ({name}) ===\n")
        state = game.new_state(seed=args.seed)
        bots = [RandomBot(args.seed + p) for p in range(state.num_players)]
        out.write(
            f"A game between random bots, first {args.steps} decisions, every choice shown:\n"
        )
        for _ in range(args.steps):
            if state.is_terminal:
                break
            cp = state.current_player
            assert cp is not None
            action = bots[cp].choose(state)
            out.write(f"  {state.player_name(cp)}: {state.describe(action)}\n")
            narrate(state, state.apply(action), None, out)
        out.write("\n")
        _print_summary(simulate(game, args.n, args.seed, None, ["random"], out), out)
    return 0


def _add_run_arguments(p: argparse.ArgumentParser) -> None:
    """Where the games run and where their records go (``simulate`` and ``analyze``)."""
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: this machine's processes (default); ray: Ray workers, on this machine "
        "or a cluster (pip install 'tabletop[ray]')",
    )
    p.add_argument(
        "--address",
        help="with --backend ray: the Ray cluster to join (auto, HOST:PORT or "
        "ray://HOST:10001); without it a local Ray is started",
    )
    p.add_argument(
        "--workers",
        type=int,
        help="worker processes (local: default 1; ray without --address: the CPUs of the "
        "local Ray, default all)",
    )
    p.add_argument(
        "--batch-size",
        type=int,
        help="games per batch shipped to a worker (default: about 4 batches per worker, "
        "at most 16)",
    )
    p.add_argument(
        "--save-records",
        metavar="DIR",
        help="write each game's record into DIR as it finishes (JSON lines); a DIR that "
        "holds games of the same run resumes it, skipping their seeds",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _served_bots(entries: Sequence[str]) -> dict[str, str]:
    """``--bot NAME=SPEC`` (or ``--bot NAME`` for an installed bot) -> name -> spec,
    checked here: each spec must make a bot."""
    from .server.bots import check_configured_bots

    bots: dict[str, str] = {}
    for entry in entries:
        name, eq, spec = entry.partition("=")
        name, spec = name.strip(), (spec.strip() if eq else name.strip())
        if name in bots:
            raise CliError(f"--bot {name}: given twice")
        bots[name] = spec
    check_configured_bots(bots)
    return bots


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run the game server (needs the ``server`` extra: pip install 'tabletop[server]')."""
    try:
        from .server import Settings, serve
    except ImportError as exc:
        raise CliError(
            f"tabletop serve needs the server extra: pip install 'tabletop[server]' ({exc.name})"
        ) from None
    kwargs: dict[str, Any] = {"db": args.db, "host": args.host, "port": args.port}
    if args.bot_workers is not None:
        kwargs["bot_workers"] = args.bot_workers
    if args.sqlite_synchronous is not None:
        kwargs["sqlite_synchronous"] = args.sqlite_synchronous
    if args.no_ws_compression:
        kwargs["ws_compression"] = False
    for name, value in vars(args).items():  # the limits (see _SERVE_LIMITS)
        if name in _SERVE_LIMITS and value is not None:
            kwargs[_SERVE_LIMITS[name]] = value
    if args.trusted_proxy is not None:
        kwargs["trusted_proxies"] = tuple(a for a in args.trusted_proxy if a != "none")
    kwargs["admin_secret"] = os.environ.get("TABLETOP_ADMIN_SECRET") or None
    kwargs["bots"] = _served_bots(args.bot or [])
    out.write(
        f"tabletop serve: http://{args.host}:{args.port}/ (open it in a browser to play; "
        f"database {args.db}; Ctrl-C stops)\n"
    )
    out.flush()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stopped on Ctrl-C, then raised it
        serve(Settings(**kwargs), log_level=args.log_level)
    out.write("tabletop serve: stopped.\n")
    out.flush()
    return 0


_SERVE_LIMITS = {
    "forwarded_header": "forwarded_header",
    "max_games": "max_active_games",
    "games_per_client": "games_per_client",
    "creates_per_minute": "creates_per_minute",
    "max_ws": "max_watchers",
    "ws_per_client": "watchers_per_client",
    "idle_timeout": "game_idle_timeout",
    "max_bot_seconds": "max_bot_seconds",
    "max_connections": "max_connections",
    "connections_per_client": "connections_per_client",
    "max_header_bytes": "max_header_bytes",
    "request_timeout": "request_timeout",
}
"""``tabletop serve`` options that set a field of the server's Settings of the same meaning."""


def _serve_limits(sv: argparse.ArgumentParser) -> None:
    """The options of ``tabletop serve`` that keep one client from taking the server."""
    g = sv.add_argument_group("limits (0: none)")
    g.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDR",
        help="a reverse proxy whose forwarded client address is believed: an address or a "
        "network (10.0.0.0/8); repeat for several; default 127.0.0.1 and ::1; 'none' for none",
    )
    g.add_argument(
        "--forwarded-header",
        choices=["x-forwarded-for", "forwarded"],
        help="the header a trusted proxy puts the client's address in (x-forwarded-for)",
    )
    g.add_argument("--max-games", type=int, metavar="N", help="games in play at once (10000)")
    g.add_argument(
        "--games-per-client",
        type=int,
        metavar="N",
        help="games in play made from one address (100)",
    )
    g.add_argument(
        "--creates-per-minute",
        type=int,
        metavar="N",
        help="games one address may make in a minute (20)",
    )
    g.add_argument("--max-ws", type=int, metavar="N", help="WebSocket connections at once (10000)")
    g.add_argument(
        "--ws-per-client", type=int, metavar="N", help="WebSocket connections of one address (100)"
    )
    g.add_argument(
        "--idle-timeout",
        type=float,
        metavar="SECONDS",
        help="end a game nobody acted in, read or followed for this long, as abandoned (3600)",
    )
    g.add_argument(
        "--max-bot-seconds",
        type=float,
        metavar="X",
        help="the most a bot may think per decision; longer seats are refused (5)",
    )
    g.add_argument(
        "--max-connections", type=int, metavar="N", help="open connections at once (12000)"
    )
    g.add_argument(
        "--connections-per-client",
        type=int,
        metavar="N",
        help="open connections of one address, a trusted proxy's not counted (256)",
    )
    g.add_argument(
        "--max-header-bytes",
        type=int,
        metavar="N",
        help="the largest request line and headers, in bytes (32768)",
    )
    g.add_argument(
        "--request-timeout",
        type=float,
        metavar="SECONDS",
        help="time for a request to arrive whole once begun (10)",
    )


def cmd_admin(args: argparse.Namespace, out: TextIO) -> int:
    """List or end the games of a server's database (needs the ``server`` extra)."""
    try:
        from .server.admin import run_admin
    except ImportError as exc:
        raise CliError(
            f"tabletop admin needs the server extra: pip install 'tabletop[server]' ({exc.name})"
        ) from None
    return run_admin(args, out)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop", description="Rules of tabletop games.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the installed game packs")
    pl = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play one game against bots: the board, the prompt and numbered "
        "choices are shown; type 'help' during the game for the commands (choose by "
        "number or by cell, card facts, save, leave).",
    )
    pl.add_argument(
        "game", nargs="?", help="a pack name (see tabletop list); not needed with --from"
    )
    pl.add_argument(
        "--from",
        dest="start",
        metavar="FILE",
        help="start from the position in FILE (TOML or JSON; see the docs' Positions page), "
        "or an example position of a pack, PACK:NAME (each pack's Positions page lists them)",
    )
    pl.add_argument("--seat", type=int, default=0, help="your seat, 0..players-1 (default 0)")
    pl.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the game's seed (default: a new random one, printed so the game can be replayed)",
    )
    pl.add_argument(
        "--vs",
        default="random",
        help="the bots' kind: " + BOT_SPECS + " (default random)",
    )
    pl.add_argument(
        "--options", help='game options as a JSON object, e.g. \'{"mode": "teams", "players": 4}\''
    )
    pl.add_argument(
        "--agent",
        metavar="COMMAND",
        help="let a program play your seat: it reads the seat's observation on standard "
        "input (ended by a line END) and answers one line (see the docs' Agents page)",
    )
    pl.add_argument(
        "--no-auto",
        action="store_true",
        help="ask even when there is only one choice (by default it is taken for you, and said)",
    )
    si = sub.add_parser(
        "simulate",
        help="bot-vs-bot games and a summary",
        description="Play N games with the given bots in fixed seats and print the wins per "
        "seat, draws, unfinished games and game length. Game i uses seed SEED + i: the "
        "summary is the same whatever the backend and the number of workers.",
    )
    si.add_argument("game")
    si.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    si.add_argument("--seed", type=int, default=0, help="first game's seed")
    si.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot specs, one per seat (cycled): " + BOT_SPECS,
    )
    si.add_argument("--options", help="game options as JSON")
    si.add_argument("--json", action="store_true", help="print the summary as JSON")
    _add_run_arguments(si)
    an = sub.add_parser(
        "analyze",
        help="bot-vs-bot games in parallel and a balance report",
        # argparse prints a description as written (it %-formats help texts only)
        description="Play N games with the given bots in worker processes or on Ray and "
        "report win rates per seat and per bot (95% Wilson intervals), which bot sat where, "
        "the first player's advantage, draws and cap-outs, game length, branching factor "
        "and, for card games, per-card statistics (how often each card was played, and its "
        "owner's win rate with and without it). When the bots differ, the seats rotate by "
        "default. The same seed gives the same report whatever the backend and the number "
        "of workers (for bots with an iteration budget).",
    )
    an.add_argument("game", help="a pack name or module:attr")
    an.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot specs, one per seat (cycled): " + BOT_SPECS + "; default random",
    )
    an.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    an.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    an.add_argument("--options", help="game options as JSON")
    an.add_argument(
        "--max-steps",
        type=int,
        default=5000,
        help="stop a game unfinished after this many decisions (a cap-out; default 5000)",
    )
    an.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="shift the bots by one seat each game, so each bot plays every seat (the "
        "default when the bots differ); --no-rotate keeps bot k in seat k, and then the "
        "first-player advantage is not reported",
    )
    an.add_argument("--json", action="store_true", help="print the report as JSON")
    an.add_argument(
        "--out", metavar="DIR", help="write report.json, report.md and PNG plots into DIR"
    )
    _add_run_arguments(an)
    la = sub.add_parser(
        "ladder",
        help="a round robin among bots and their ratings",
        description="Play N games between every pair of the given bots (seats rotated, "
        "every pair from the same seeds) and report their ratings (Bradley-Terry on the "
        "Elo scale, random at 0, 95% intervals), the matrix of results and where the "
        "games' records went. The same seed gives the same ladder whatever the backend "
        "and the number of workers (for bots with an iteration budget).",
    )
    la.add_argument("game", help="a pack name or module:attr")
    la.add_argument(
        "--bots",
        default="random,greedy,mcts:50",
        help="comma-separated bot specs, at least two distinct: random, greedy, mcts:N "
        "(iterations), mcts:Xs (seconds per decision), either with :greedy (the others "
        "modelled as greedy players) or :adaptive (those seen playing as greedy players), "
        "an installed bot or module:attr; "
        "default random,greedy,mcts:50",
    )
    la.add_argument("-n", type=int, default=20, help="games per pair of bots (default 20)")
    la.add_argument("--seed", type=int, default=0, help="game i of every pair uses seed SEED + i")
    la.add_argument("--options", help="game options as JSON")
    la.add_argument(
        "--max-steps",
        type=int,
        default=5000,
        help="stop a game unfinished after this many decisions (a cap-out, counted as a "
        "draw; default 5000)",
    )
    la.add_argument("--json", action="store_true", help="print the result as JSON")
    la.add_argument(
        "--out", metavar="DIR", help="write ladder.json, ladder.md and ladder.svg into DIR"
    )
    _add_run_arguments(la)
    po = sub.add_parser(
        "position",
        help="show the game a position file sets up, or write a game's position",
        description="Read a position file (TOML or JSON: the facts of a table, by names; "
        "see the docs' Positions page) and print the table, the prompt and the choices; "
        "or, with --record, the position a record's game reached after --step actions. "
        "--facts prints the whole position as JSON instead (every fact, ready to edit "
        "and to play with 'tabletop play --from').",
    )
    po.add_argument(
        "file", nargs="?", help="a position file (.toml or .json), or a pack's example PACK:NAME"
    )
    po.add_argument("--record", help="a record file: its game's position instead")
    po.add_argument("--step", type=int, help="with --record: after this many actions (default all)")
    po.add_argument("--player", type=int, help="show the table as this seat sees it")
    po.add_argument("--facts", action="store_true", help="print the position's facts as JSON")
    rp = sub.add_parser("replay", help="print or step through a record file")
    rp.add_argument("file")
    rp.add_argument("--step", action="store_true", help="wait for Enter after each step")
    rp.add_argument("--upto", type=int, help="stop after this many steps")
    rp.add_argument("--player", type=int, help="narrate as this player sees it (default: all)")
    de = sub.add_parser(
        "demo",
        help="a narrated game and a short simulation of each pack",
        description="For each installed pack: the first decisions of a game between "
        "random bots, every choice said, then a short simulation.",
    )
    de.add_argument("--seed", type=int, default=1, help="the seed of each game (default 1)")
    de.add_argument(
        "--steps", type=int, default=25, help="decisions narrated per pack, 0 or more (default 25)"
    )
    de.add_argument(
        "-n", type=int, default=20, help="games simulated per pack, at least 1 (default 20)"
    )
    sv = sub.add_parser("serve", help="run the game server (HTTP + WebSocket)")
    sv.add_argument(
        "--db",
        default="sqlite:///tabletop.db",
        help="database URL: sqlite:///FILE (default sqlite:///tabletop.db, in the working "
        "folder) or postgresql://user:password@host/dbname",
    )
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port (8000)")
    sv.add_argument("--bot-workers", type=int, help="bot worker processes (CPUs less one)")
    sv.add_argument(
        "--bot",
        action="append",
        metavar="NAME=SPEC",
        help="offer a bot of your own as a seat kind named NAME: SPEC is module:attr or an "
        "installed bot's name (--bot NAME alone for an installed bot); repeatable. Requests "
        "name the seat by NAME only",
    )
    sv.add_argument(
        "--sqlite-synchronous",
        choices=["FULL", "NORMAL"],
        help="NORMAL (default): an acknowledged action survives a crash or kill of the server; "
        "FULL: a power cut too (a disk flush per commit)",
    )
    sv.add_argument(
        "--no-ws-compression",
        action="store_true",
        help="send WebSocket messages uncompressed (less CPU, more bytes)",
    )
    sv.add_argument(
        "--log-level",
        default="warning",
        choices=["debug", "info", "warning", "error"],
        help="uvicorn's log level (warning: only problems; info adds its start and stop lines)",
    )
    _serve_limits(sv)
    sub.add_parser(
        "mcp",
        help="serve the text interface over the Model Context Protocol (standard input and "
        "output), for language-model agents",
        description="A Model Context Protocol server on standard input and output: tools to "
        "list games and their rules, start games with agent and bot seats, read a seat's "
        "observation and act. Needs the mcp package (pip install 'tabletop[agents]').",
    )
    ad = sub.add_parser(
        "admin",
        help="list or end the games of a server's database",
        description="List the games in a server's database, or end games (by id, or every "
        "game in play made from one client address): a running server sees it at once. "
        "Ended games get the status 'ended'.",
    )
    ad_sub = ad.add_subparsers(dest="admin_command", required=True)
    for name, helptext in [("list", "list games, newest first"), ("end", "end games in play")]:
        a = ad_sub.add_parser(name, help=helptext)
        a.add_argument(
            "--db",
            default="sqlite:///tabletop.db",
            help="the server's database URL (default sqlite:///tabletop.db)",
        )
        a.add_argument("--client", help="only the games made from this client address")
        if name == "list":
            a.add_argument("--status", choices=["active", "finished"], help="only these")
            a.add_argument("--limit", type=int, default=50, help="at most this many (50)")
            a.add_argument("--json", action="store_true", help="print JSON")
        else:
            a.add_argument("games", nargs="*", metavar="GAME_ID", help="the games to end")
    return p


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None
) -> int:
    out = out or sys.stdout
    inp = inp or sys.stdin
    args = build_parser().parse_args(argv)
    try:
        if args.command == "list":
            return cmd_list(args, out)
        if args.command == "play":
            return cmd_play(args, out, inp)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "analyze":
            return cmd_analyze(args, out)
        if args.command == "ladder":
            return cmd_ladder(args, out)
        if args.command == "position":
            return cmd_position(args, out)
        if args.command == "replay":
            return cmd_replay(args, out, inp)
        if args.command == "serve":
            return cmd_serve(args, out)
        if args.command == "admin":
            return cmd_admin(args, out)
        if args.command == "mcp":
            from .mcp_server import run

            run()
            return 0
        return cmd_demo(args, out)
    except TabletopError as exc:
        sys.stderr.write(f"tabletop: {clip(str(exc), 1000)}\n")  # always one line
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
