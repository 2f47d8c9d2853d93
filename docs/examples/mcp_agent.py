"""An MCP agent: starts a game on ``tabletop mcp`` and plays its seat to the end.

    python3 docs/examples/mcp_agent.py rebel_space

It starts the server as a subprocess (the ``mcp`` package's client over
standard input and output), starts a game with its own seat and a random bot
for the others, and answers each observation with a choice's words. A
language-model agent gives the observation to its model instead of ``pick``.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys

from mcp import Client, StdioServerParameters

CHOICE = re.compile(r"^(\d+)\. (.*) \[[^\]]*\]$", re.MULTILINE)


def pick(observation: str, rng: random.Random) -> str:
    """A reply to an observation: the words of a random choice."""
    return str(rng.choice(CHOICE.findall(observation))[1])


def text(result: object) -> str:
    """The text of a tool's answer."""
    return "".join(getattr(block, "text", "") for block in getattr(result, "content", []))


async def play(pack: str, seed: int = 0) -> str:
    """Play seat 0 of a game of ``pack`` against random bots; return the last observation."""
    rng = random.Random(seed)
    server = StdioServerParameters(command=sys.executable, args=["-m", "tabletop.cli", "mcp"])
    async with Client(server) as client:
        game = await client.call_tool("list_games", {})
        assert pack in text(game), f"{pack} is not installed"
        seats = ["agent", "random"]  # a two-player game: this agent, and a random bot
        started = await client.call_tool("start_game", {"game": pack, "seats": seats, "seed": seed})
        token = started.structured_content["tokens"]["0"]
        seen = text(await client.call_tool("observe", {"token": token}))
        while "Your decision:" in seen:
            answer = await client.call_tool("act", {"token": token, "reply": pick(seen, rng)})
            if answer.is_error:
                raise RuntimeError(text(answer))
            seen = text(answer)
        return seen


if __name__ == "__main__":
    print(asyncio.run(play(sys.argv[1] if len(sys.argv) > 1 else "rebel_space")))
