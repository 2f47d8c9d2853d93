"""Build a position by names, for scenario tests and tutorials.

:func:`position` makes a consistent game state at the start of a Command turn
(or of the Assignment Phase) with exactly the facts given: units, loyalty,
leaders, target markers, the base, the tracks. Zones stay consistent: the base's
probe card is in the Rebels' ``base`` zone (or face up when revealed), every other
probe card in the deck, the starting missions in hand, the objective deck as set-up
built it from ``seed``, the project deck shuffled as at set-up (tests stack it or move
cards into the Empire's hand). Subjugation follows the units. A hidden base not due to be
revealed is as after a base-reveal check: the systems with Imperial loyalty or ground
units are ruled out (``Board.ruled_out``). A built position is not reached by
actions from its seed, so it has no record (``record()`` refuses, as for a
determinisation); ``dumps`` / ``loads`` and ``clone`` work as usual.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import GAME
from .actions import SystemChoice
from .board import (
    BOARD,
    NONE,
    POOL,
    SUPPLY,
    Board,
    base_reveal_due,
    reveal_base,
    rule_out_searched,
    update_subjugation,
)
from .data import (
    IMPERIAL,
    LEADERS,
    NUM_SYSTEMS,
    SIDES,
    SYSTEMS,
    leader_id,
    marker_id,
    system_id,
    unit_id,
)
from .decisions import AssignMission, CommandTurn
from .rules.markers import put_marker
from .state import RebellionState

__all__ = ["position"]


def position(
    *,
    base: str = "Dantooine",
    base_revealed: bool = False,
    units: Mapping[str, Mapping[str, int]] | None = None,
    loyalty: Mapping[str, str] | None = None,
    leaders: Mapping[str, str] | None = None,
    markers: Mapping[str, Sequence[str]] | None = None,
    phase: str = "command",
    player: str = "Rebel",
    time: int = 1,
    reputation: int = 14,
    seed: int = 0,
) -> RebellionState:
    """A state at the start of ``player``'s Command turn (or the Assignment Phase).

    ``units`` maps a location ("Rebel Base" for the space) to unit counts by
    name; ``loyalty`` a system to "Rebel" or "Imperial" (Coruscant is always
    Imperial); ``leaders`` a leader to a location or "pool" (the starting
    leaders not named are in the pool, the others in the supply); ``markers`` a system
    to the target markers in it, by kind (``{"Kessel": ["Rebel Cell"]}``; at most the
    box's count of a kind, one of a kind per system).
    """
    if phase not in ("command", "assignment"):
        raise ValueError("phase must be 'command' or 'assignment'")
    s = GAME.new_state(seed=seed, options={"setup": "fixed", "first_game": True})
    assert isinstance(s, RebellionState)
    s.apply(SystemChoice(system_id("Dantooine")))
    # every probe card back in the deck, then the base's card out of it
    deck = s.zones["probe_deck"]
    for name in ("base", "probes_out", "probe_hand", "base_face_up"):
        z = s.zones[name]
        deck.cards.extend(z.cards)
        z.cards.clear()
    deck.cards.sort()
    b = Board(time=time, reputation=reputation)
    coruscant = next(i for i, x in enumerate(SYSTEMS) if x.fixed_loyalty == "Imperial")
    b.loyalty[coruscant] = IMPERIAL
    for name, side in (loyalty or {}).items():
        b.loyalty[system_id(name)] = SIDES.index(side) if side else NONE
    for loc, row in (units or {}).items():
        for unit, n in row.items():
            b.add_unit(unit_id(unit), system_id(loc), n)
    for i, x in enumerate(LEADERS):
        b.leader_status[i] = POOL if x.starting else SUPPLY
    for name, where in (leaders or {}).items():
        i = leader_id(name)
        if where == "pool":
            b.leader_status[i] = POOL
        else:
            b.leader_status[i] = BOARD
            b.leader_loc[i] = system_id(where)
    for name, kinds in (markers or {}).items():
        for kind in kinds:
            put_marker(b, system_id(name), marker_id(kind))
    for sys_ in range(NUM_SYSTEMS):
        update_subjugation(b, sys_)
    base_id = system_id(base)
    s.move(base_id, deck, s.zones["base_face_up" if base_revealed else "base"])
    b.base_revealed = base_revealed
    if base_revealed:
        reveal_base(b, base_id)
    elif not base_reveal_due(b, base_id):
        rule_out_searched(b)  # as after the last base-reveal check
    s.board = b
    s.round = 1
    s.stack.clear()
    s.passed = [False, False]
    if phase == "assignment":
        s.phase = "assignment"
        s.stack.append(AssignMission(player=SIDES.index(player)))
    else:
        s.phase = "command"
        s.stack.append(CommandTurn(player=SIDES.index(player)))
    s._legal = None
    s.mark_unrecorded("a position built by hand for a test has no record")
    return s
