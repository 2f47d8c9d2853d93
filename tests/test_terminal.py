"""`tabletop play` and `tabletop demo` as a person meets them (issue 19), driven
through the cli's main with a fake stdin."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from typing import Any

import pytest

import tabletop
import toy_pack
from tabletop.cli import main

tabletop.register(toy_pack.GAME)


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_a_new_seed_each_game_unless_given_and_printed() -> None:
    seeds = set()
    for _ in range(3):
        code, text = run("play", "rebel_space", stdin="q\n")
        m = re.search(r"seed (\d+) \(play it again with --seed \1\)", text)
        assert code == 0 and m
        seeds.add(m.group(1))
    assert len(seeds) > 1
    text = run("play", "rebel_space", "--seed", "7", stdin="q\n")[1]
    assert "seed 7 (play it again with --seed 7)" in text


def test_save_to_a_bad_path_is_one_line_and_the_game_goes_on(tmp_path: Any) -> None:
    bad = tmp_path / "no" / "such" / "dir.json"
    good = tmp_path / "game.json"
    code, text = run(
        "play", "rebel_space", "--seed", "3", stdin=f"save {bad}\n1\nsave {good}\nq\n\n"
    )
    assert code == 0
    errors = [line for line in text.splitlines() if "cannot save to" in line]
    assert errors == [f"> cannot save to {bad}: No such file or directory; the game goes on"]
    record = json.loads(good.read_text())
    assert record["game"] == "rebel_space" and len(record["actions"]) >= 1


@pytest.mark.parametrize("leave", ["q\n", ""])
def test_leaving_offers_to_save(tmp_path: Any, leave: str) -> None:
    path = tmp_path / "left.json"
    answer = f"{path}\n" if leave else ""
    code, text = run("play", "rebel_space", "--seed", "3", stdin=f"1\n{leave}{answer}")
    assert code == 0 and "save the record before leaving?" in text
    if leave:
        assert json.loads(path.read_text())["seed"] == 3


def test_help_card_and_card_by_id() -> None:
    _, text = run(
        "play",
        "rebel_space",
        "--seed",
        "3",
        stdin="help\ncard grav\ncard Nothing\n? 9\n? 999\nq\n\n",
    )
    assert "card NAME    the printed facts of a card or unit" in text
    assert "Grav Cycles: side Rebel; type Ground; count" in text
    assert "no card or unit called 'Nothing'" in text
    assert "#9 Rebel Soldier: side Rebel; type Ground" in text  # in the Rebel's hand
    assert "no card #999 that you can see" in text
    # The Imperial's hand is not the Rebel's to see.
    state = tabletop.load("rebel_space").new_state(seed=3)
    secret = state.zones["hand1"][0]
    assert (
        f"no card #{secret} that you can see"
        in run("play", "rebel_space", "--seed", "3", stdin=f"? {secret}\nq\n\n")[1]
    )


def test_a_rebellion_system_shows_its_region_and_neighbours() -> None:
    _, text = run(
        "play", "rebellion_rote", "--seed", "2", stdin="card Yavin\ncard Coruscant\nq\n\n"
    )
    # adjacency.toml: Yavin lies between Felucia, Dathomir and Mandalore
    assert "Yavin: region 1; remote; neighbours Felucia, Dathomir, Mandalore" in text
    assert (
        "Coruscant: region 7; icons ground triangle; build 1; fixed loyalty Imperial; "
        "neighbours Ord Mantell, Alderaan, Corellia"
    ) in text
    # every system lists exactly its neighbours on the map, and they list it back
    game = tabletop.load("rebellion_rote")
    rows = {r.name: r for r in game.cards["Systems"]}
    for name, row in rows.items():
        assert row.neighbours, name
        for other in row.neighbours:
            assert name in rows[other].neighbours


def test_the_prompt_is_printed_once() -> None:
    text = run("play", "rebel_space", "--seed", "3", stdin="q\n\n")[1]
    assert text.count("Rebel: draw 1 or 2 cards") == 1


def test_a_forced_choice_is_taken_and_said_and_stays_in_the_record(tmp_path: Any) -> None:
    path = tmp_path / "g.json"
    text = run("play", "rebel_space", "--seed", "3", stdin=f"1\nsave {path}\nq\n\n")[1]
    assert "(your only choice: Do not attack; done)" in text
    record = json.loads(path.read_text())
    assert len(record["actions"]) == 2  # draw 1, do not attack
    text = run("play", "rebel_space", "--seed", "3", "--no-auto", stdin="1\nq\n\n")[1]
    assert "your only choice" not in text and "  1. Do not attack" in text


def test_cells_can_be_typed_as_coordinates() -> None:
    state = tabletop.load("station_assault").new_state(seed=1)
    seat = state.current_player
    text = run(
        "play", "station_assault", "--seed", "1", "--seat", str(seat), stdin="1\n9,9\n(1,0)\nq\n\n"
    )[1]
    assert "no choice names (9,9)" in text
    assert re.search(r"- \w+ plays \w+ at \(1,0\)", text)


def test_long_lists_of_cells_are_shown_in_board_order() -> None:
    from tabletop.terminal import TerminalGame, display_order

    # Many cells: the terminal lists them along the board, and a number picks
    # the choice it shows.
    s = tabletop.load("station_assault").new_state(seed=2)
    from tabletop.bots import RandomBot

    bot = RandomBot(2)
    while not (
        s.current_player == 0
        and len(s.legal_actions()) > 12
        and "at (" in s.describe(s.legal_actions()[0])
    ):
        s.apply(bot.choose(s))
    texts = [s.describe(a) for a in s.legal_actions()]
    shown = [texts[i] for i in display_order(texts)]
    cells = [tuple(int(v) for v in re.search(r"\((-?\d+),(-?\d+)\)", t).groups()) for t in shown]  # type: ignore[union-attr]
    assert cells == sorted(cells) and shown != texts
    out = io.StringIO()
    TerminalGame(s, 0, [bot, bot], out, io.StringIO("1\n")).decide(s.legal_actions())
    listed = re.findall(r"^ +1\. (.+)$", out.getvalue(), re.M)
    assert listed == [shown[0]]
    cell = "({},{})".format(*cells[0])
    assert any(s.narrate(e).endswith(f" at {cell}") for e in s.log[-4:])


def test_long_lists_are_grouped() -> None:
    from tabletop.bots import RandomBot
    from tabletop.terminal import TerminalGame

    state = tabletop.load("rebellion_rote").new_state(seed=1)
    bot = RandomBot(1)
    while len(state.legal_actions()) <= 30:
        state.apply(bot.choose(state))
    seat = state.current_player
    assert seat is not None
    out = io.StringIO()
    texts = [state.describe(a) for a in state.legal_actions()]
    game = TerminalGame(state, seat, [bot, bot], out, io.StringIO("a\n2\n"))
    assert game.decide(state.legal_actions())
    text = out.getvalue()
    groups = re.findall(r"^  \[(\w)\] (.+) \.\.\. \((\d+) choices: ([\d-]+)\)$", text, re.M)
    assert len(groups) >= 2 and groups[0][0] == "a"
    assert sum(int(g[2]) for g in groups) == len(texts)
    first, _, last = groups[0][3].partition("-")
    listed = re.findall(r"(\d+)\. (.+)", text.split("type a letter to see a group")[1])
    assert [int(n) for n, _ in listed] == list(range(int(first), int(last or first) + 1))
    assert [t for _, t in listed] == texts[: len(listed)]
    assert len(state.history) > 3  # then '2' chose the second choice


def test_the_end_reads_you_win_or_you_lose_with_the_reason() -> None:
    code, text = run("play", "station_assault", "--seed", "1", "--vs", "random", stdin="1\n" * 3000)
    assert code == 0
    last = text.strip().splitlines()[-1]
    assert re.fullmatch(r"Game over\. (You win|You lose|Draw)\. Game over \(.+\): .+", last), last
    assert "returns" not in text


def test_demo_refuses_nonsense(capsys: Any) -> None:
    assert run("demo", "--steps", "-1")[0] == 2
    assert "--steps must be 0 or more" in capsys.readouterr().err
    assert run("demo", "-n", "0")[0] == 2
    assert "-n must be at least 1" in capsys.readouterr().err
    assert run("demo", "--seed", "-3")[0] == 2


def test_help_texts_cover_every_argument() -> None:
    for sub in ("play", "demo"):
        out = subprocess.run(
            [sys.executable, "-m", "tabletop.cli", sub, "--help"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        from tabletop.cli import build_parser

        parser = build_parser()
        action = next(a for a in parser._actions if a.dest == "command")
        for arg in action.choices[sub]._actions:  # type: ignore[union-attr]
            if arg.dest != "help":
                assert arg.help, f"{sub} {arg.dest} has no help"
                assert arg.help.split()[0] in out
