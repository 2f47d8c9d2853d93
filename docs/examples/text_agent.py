"""A text agent: plays a seat of any game through the text interface.

Run it through tabletop, which starts it and talks to it over its standard
input and output:

    tabletop play rebel_space --seat 0 --agent "python3 docs/examples/text_agent.py"
    tabletop simulate station_assault -n 10 --bots "agent:python3 docs/examples/text_agent.py,random"

Each observation arrives as lines ended by a line ``END``; the agent answers
one line. This one reads the numbered choices (``3. Draw 1 card [draw 1]``)
and answers with the words of one: the first, or a random one with
``--random``. A language-model agent would send the observation to its model
and answer with the model's line instead.
"""

from __future__ import annotations

import random
import re
import sys

CHOICE = re.compile(r"^(\d+)\. (.*) \[[^\]]*\]$")


def choose(block: list[str], rng: random.Random | None) -> str:
    """The reply to one observation: a choice's words."""
    choices = [m.group(2) for line in block if (m := CHOICE.match(line))]
    if not choices:
        return "1"
    return rng.choice(choices) if rng else choices[0]


def main() -> None:
    rng = random.Random(0) if "--random" in sys.argv else None
    block: list[str] = []
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line != "END":
            block.append(line)
            continue
        print(choose(block, rng), flush=True)
        block = []


if __name__ == "__main__":
    main()
