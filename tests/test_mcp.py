"""``tabletop mcp``: the text interface over the Model Context Protocol, tested with the
``mcp`` package's own client over standard input and output."""

from __future__ import annotations

import asyncio
import random
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop.mcp_server import GameHall, McpError

mcp = pytest.importorskip("mcp")

ROOT = Path(__file__).resolve().parents[1]
CHOICE = re.compile(r"^(\d+)\. (.*) \[([^\]]*)\]$", re.MULTILINE)
TOOLS = {"list_games", "rules", "start_game", "observe", "act", "game_status"}


def text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def with_client(body: Callable[[Any], Awaitable[None]]) -> None:
    """Run ``body(client)`` against a ``tabletop mcp`` subprocess."""

    async def run() -> None:
        server = mcp.StdioServerParameters(
            command=sys.executable, args=["-m", "tabletop.cli", "mcp"]
        )
        async with mcp.Client(server) as client:
            await body(client)

    asyncio.run(run())


async def play_to_end(client: Any, token: str, rng: random.Random) -> tuple[str, int]:
    """Answer every decision of the token's seat with a random choice, in one of its
    forms; return the last observation and the number of replies."""
    seen = text(await client.call_tool("observe", {"token": token}))
    replies = 0
    while "Your decision:" in seen:
        number, words, notation = rng.choice(CHOICE.findall(seen))
        reply = rng.choice([number, words, notation, f"I choose: {words}."])
        answer = await client.call_tool("act", {"token": token, "reply": reply})
        assert not answer.is_error, text(answer)
        seen = text(answer)
        replies += 1
    return seen, replies


def test_tools_and_a_game_to_its_end() -> None:
    async def body(client: Any) -> None:
        tools = await client.list_tools()
        assert {t.name for t in tools.tools} == TOOLS
        games = text(await client.call_tool("list_games", {}))
        for name in ("rebel_space", "station_assault", "rebellion_rote"):
            assert f"\n{name}: " in "\n" + games
        rules = text(await client.call_tool("rules", {"game": "station_assault"}))
        assert rules.startswith("# Space Station Assault (rules pack station_assault ")
        started = await client.call_tool(
            "start_game", {"game": "rebel_space", "seats": ["agent", "random"], "seed": 4}
        )
        info = started.structured_content
        assert [s["kind"] for s in info["seats"]] == ["agent", "random"]
        assert set(info["tokens"]) == {"0"}
        last, replies = await play_to_end(client, info["tokens"]["0"], random.Random(4))
        assert replies > 10
        assert "The game is over" in last
        status = (
            await client.call_tool("game_status", {"game_id": info["game_id"]})
        ).structured_content
        assert status["over"] is True and status["to_decide"] is None

    with_client(body)


def test_a_refused_reply_leaves_the_game_unchanged() -> None:
    async def body(client: Any) -> None:
        started = await client.call_tool(
            "start_game", {"game": "rebel_space", "seats": ["agent", "agent"], "seed": 1}
        )
        tokens = started.structured_content["tokens"]
        first = text(await client.call_tool("observe", {"token": tokens["0"], "full": True}))
        refused = await client.call_tool("act", {"token": tokens["0"], "reply": "draw 1 or draw 2"})
        assert refused.is_error
        assert "names 2 choices" in text(refused) and "1. Draw 1 card [draw 1]" in text(refused)
        again = text(await client.call_tool("observe", {"token": tokens["0"], "full": True}))
        assert again == first
        waiting = await client.call_tool("act", {"token": tokens["1"], "reply": "1"})
        assert waiting.is_error and "seat 1 has no decision to make" in text(waiting)
        unknown = await client.call_tool("observe", {"token": "not-a-token"})
        assert unknown.is_error and "unknown seat token" in text(unknown)

    with_client(body)


@pytest.mark.parametrize(
    "kind", [f"agent:{sys.executable} -c pass", "tabletop.bots:RandomBot", "nobody"]
)
def test_a_request_names_only_the_library_bots(kind: str) -> None:
    hall = GameHall()
    with pytest.raises(McpError, match="write 'agent' or a bot"):
        hall.start_game("rebel_space", [kind, "random"], seed=1)


def test_a_search_bot_is_bounded() -> None:
    hall = GameHall()
    with pytest.raises(McpError, match="at most 5000 iterations"):
        hall.start_game("rebel_space", ["agent", "mcts:100000"], seed=1)


def test_one_server_holds_many_games_each_token_its_seat() -> None:
    hall = GameHall(max_games=2)
    a = hall.start_game("station_assault", ["agent", "agent"], seed=1)
    b = hall.start_game("rebel_space", ["agent", "random"], seed=1)
    assert hall.observe(a["tokens"]["1"]).startswith(
        "== Space Station Assault: you are Red (seat 1)"
    )
    assert hall.observe(b["tokens"]["0"]).startswith("== Rebel Space: you are Rebel (seat 0)")
    with pytest.raises(McpError, match="holds 2 games in progress already"):
        hall.start_game("rebel_space", ["agent", "random"], seed=2)


def test_the_docs_example_agent_plays_to_the_end() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("mcp_agent", ROOT / "docs/examples/mcp_agent.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    last = asyncio.run(example.play("station_assault", seed=2))
    assert "The game is over" in last
