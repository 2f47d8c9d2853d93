"""Print the Rebellion observation the "Agents and language models" page shows.

    python3 docs/examples/agents_observation.py

A game between random bots (seed 12) goes on until the Rebel player starts a
Command Phase after the first round; the Rebel seat's full observation then
is what the page shows whole (paste it again when the pack's words change).
"""

from __future__ import annotations

import tabletop
from tabletop.bots import RandomBot
from tabletop.text import SeatText


def rebel_command_turn() -> str:
    """The Rebel seat's full observation at the start of its Command Phase turn."""
    state = tabletop.load("rebellion_rote").new_state(seed=12)
    bots = [RandomBot(1), RandomBot(2)]
    rebel = SeatText(0)
    while True:
        cp = state.current_player
        assert cp is not None
        facts = state.view(0, log=False)["state"]
        if cp == 0 and facts["phase"] == "command" and facts["round"] >= 2:
            return rebel.observe(state, full=True)
        if cp == 0:
            rebel.observe(state)
            rebel.decided(state)
        state.apply(bots[cp].choose(state))


if __name__ == "__main__":
    print(rebel_command_turn(), end="")
