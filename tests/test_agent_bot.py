"""The ``agent:COMMAND`` bot: a local program plays a seat through the text interface,
within bounds of time and output, and only where a program's own arguments or
configuration name it."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.bots import AgentBot, AgentError, BotSpecError, make_bot
from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "text_agent.py"
PY = sys.executable


def agent_script(tmp_path: Path, body: str) -> str:
    """A command running a Python agent whose loop body answers each block."""
    path = tmp_path / "agent.py"
    path.write_text(
        "import sys, time\nblock = []\nfor line in sys.stdin:\n"
        "    line = line.rstrip('\\n')\n    if line != 'END':\n        block.append(line)\n"
        "        continue\n" + body + "    block = []\n",
        encoding="utf-8",
    )
    return f"{PY} {path}"


def play(state: tabletop.State, bots: dict[int, object]) -> None:
    rest = make_bot("random", 5)
    while not state.is_terminal:
        cp = state.current_player
        bot = bots.get(cp, rest)  # type: ignore[arg-type]
        state.apply(bot.choose(state))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["rebel_space", "station_assault"])
def test_the_example_agent_plays_a_game_to_its_end(name: str) -> None:
    bot = make_bot(f"agent:{PY} {EXAMPLE} --random", 0)
    assert isinstance(bot, AgentBot)
    state = tabletop.load(name).new_state(seed=3)
    try:
        play(state, {0: bot})
    finally:
        bot.close()
    assert state.is_terminal


def test_the_agent_reads_full_then_compact_observations(tmp_path: Path) -> None:
    log = tmp_path / "seen.txt"
    body = (
        f"    open({str(log)!r}, 'a').write(block[0] + '|' + str(any(l.startswith('# ') for l in block)) + '\\n')\n"
        "    print(1, flush=True)\n"
    )
    bot = AgentBot(agent_script(tmp_path, body))
    state = tabletop.load("rebel_space").new_state(seed=1)
    for _ in range(3):
        play_until(state, 0)
        state.apply(bot.choose(state))
    bot.close()
    lines = log.read_text().splitlines()
    assert lines[0] == "== Rebel Space: you are Rebel (seat 0); step 0 ==|True"
    assert [line.endswith("|False") for line in lines[1:]] == [True, True]


def play_until(state: tabletop.State, seat: int) -> None:
    rest = make_bot("random", 1)
    while state.current_player != seat:
        state.apply(rest.choose(state))


def test_a_refused_reply_is_retried_with_the_parser_message(tmp_path: Path) -> None:
    body = (
        "    if block[0].startswith('REFUSED:'):\n        print('Draw 2 cards', flush=True)\n"
        "    else:\n        print('draw seven', flush=True)\n"
    )
    bot = AgentBot(agent_script(tmp_path, body))
    state = tabletop.load("rebel_space").new_state(seed=1)
    assert state.describe(bot.choose(state)) == "Draw 2 cards"
    bot.close()


def test_an_agent_that_never_names_a_choice_gives_up(tmp_path: Path) -> None:
    bot = AgentBot(agent_script(tmp_path, "    print('hello', flush=True)\n"), retries=2)
    state = tabletop.load("rebel_space").new_state(seed=1)
    before = tabletop.dumps(state)
    with pytest.raises(AgentError, match="gave 3 replies that name no single choice; the last: "):
        bot.choose(state)
    assert tabletop.dumps(state) == before
    bot.close()


def test_a_slow_agent_times_out(tmp_path: Path) -> None:
    bot = AgentBot(agent_script(tmp_path, "    time.sleep(5)\n"), timeout=0.3)
    with pytest.raises(AgentError, match=r"did not answer within 0\.3 s"):
        bot.choose(tabletop.load("rebel_space").new_state(seed=1))


def test_a_long_line_is_refused(tmp_path: Path) -> None:
    bot = AgentBot(agent_script(tmp_path, "    print('1' * 5000, flush=True)\n"), max_line=100)
    with pytest.raises(AgentError, match="answered a line longer than 100 characters"):
        bot.choose(tabletop.load("rebel_space").new_state(seed=1))


def test_an_agent_that_exits_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "quit.py"
    path.write_text("import sys\nsys.exit(0)\n")
    bot = AgentBot(f"{PY} {path}")
    with pytest.raises(AgentError, match="exited"):
        bot.choose(tabletop.load("rebel_space").new_state(seed=1))


def test_a_missing_program_is_refused_at_once() -> None:
    with pytest.raises(BotSpecError, match="agent program 'no-such-program-here' not found"):
        make_bot("agent:no-such-program-here --x", 0)
    with pytest.raises(BotSpecError, match="give the program to run"):
        make_bot("agent:", 0)


def test_only_a_program_own_arguments_may_name_an_agent() -> None:
    with pytest.raises(BotSpecError, match="an agent program is not accepted here"):
        make_bot(f"agent:{PY} {EXAMPLE}", 0, imports=False)


def test_server_requests_cannot_name_an_agent_but_its_configuration_can() -> None:
    from tabletop.server.bots import SeatError, check_configured_bots, parse_seat

    with pytest.raises(SeatError):
        parse_seat(f"agent:{PY} {EXAMPLE}")
    check_configured_bots({"scripted": f"agent:{PY} {EXAMPLE}"})  # starts no program
    assert parse_seat("scripted", {"scripted"}) == "scripted"


def test_play_agent_plays_a_seat_in_the_terminal() -> None:
    out = io.StringIO()
    code = main(
        ["play", "rebel_space", "--seed", "2", "--seat", "1", "--agent", f"{PY} {EXAMPLE}"],
        out=out,
    )
    text = out.getvalue()
    assert code == 0
    assert text.startswith("Rebel Space, seed 2: the agent ")
    assert "plays Imperial (seat 1)." in text
    assert text.rstrip().splitlines()[-1].startswith("Game over: Rebel ")


def test_simulate_takes_an_agent_spec() -> None:
    out = io.StringIO()
    spec = f"agent:{PY} {EXAMPLE} --random"
    assert (
        main(
            ["simulate", "station_assault", "-n", "2", "--seed", "1", "--bots", f"{spec},random"],
            out=out,
        )
        == 0
    )
    assert "station_assault: 2 games" in out.getvalue()


def test_an_agent_reads_only_what_its_seat_may_know() -> None:
    from tabletop.testing import check_bot

    assert check_bot(f"agent:{PY} {EXAMPLE} --random", "rebel_space", positions=4) == 4
