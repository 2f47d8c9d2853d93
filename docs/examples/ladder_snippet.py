"""Write the "Write a bot" page's ladder tables from a ladder result (``make ladder-write-a-bot``).

python docs/examples/ladder_snippet.py RESULT.json docs/examples/write_a_bot_ladder.md
"""

from __future__ import annotations

import json
import sys

from tabletop.analysis.ladder import ladder_tables


def main(src: str, dest: str) -> None:
    with open(src, encoding="utf-8") as fh:
        result = json.load(fh)
    text = ladder_tables(result).rstrip() + (
        f"\n\nMade with `PYTHONPATH=docs/examples {result['command']}`"
        f" on {result['run']['date']} ({result['run']['machine']['cpus']} CPUs, Python {result['run']['machine']['python']}).\n"
    )
    with open(dest, "w", encoding="utf-8") as fh:
        fh.write(text)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
