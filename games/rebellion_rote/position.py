"""Build a position by names, for scenario tests and tutorials.

:func:`position` makes a consistent game state at the start of a Command turn
(or of the Assignment Phase) with exactly the facts given: units, loyalty,
leaders, target markers, the base, the tracks. Zones stay consistent: the base's
probe card is in the Rebels' ``base`` zone (or face up when revealed), every other
probe card in the deck, the starting missions in hand (the mission decks full, as the
first game's set builds them), the objective deck as set-up
built it from ``seed`` (the set-up draw put back on top: the Rebels' objective hand
holds the cards named in ``objectives`` only), the project deck shuffled as at set-up
(tests stack it or move cards into the Empire's hand). A target marker of an objective
card puts that card in play (an Immediate card stays in play while its markers are on
the board). Subjugation follows the units. A hidden base not due to be revealed is as
after a base-reveal check: the systems with Imperial loyalty or ground units are ruled
out (``Board.ruled_out``). A built position is not reached by
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
    MISSIONS,
    NUM_SYSTEMS,
    SIDES,
    SYSTEMS,
    leader_id,
    marker_id,
    objective_id,
    system_id,
    unit_id,
)
from .decisions import AssignMission, CommandTurn
from .ids import mission_of, objective_card
from .rules.markers import put_marker
from .rules.objective_play import MARKER_CARD
from .rules.objectives import STAGE, to_hand
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
    objectives: Sequence[str] = (),
    sabotage: Sequence[str] = (),
    destroyed: Sequence[str] = (),
    seed: int = 0,
    players: int = 2,
    role: str = "Admiral",
) -> RebellionState:
    """A state at the start of ``player``'s Command turn (or the Assignment Phase).

    ``units`` maps a location ("Rebel Base" for the space) to unit counts by
    name; ``loyalty`` a system to "Rebel" or "Imperial" (Coruscant is always
    Imperial); ``leaders`` a leader to a location or "pool" (the starting
    leaders not named are in the pool, the others in the supply); ``markers`` a system
    to the target markers in it, by kind (``{"Kessel": ["Rebel Cell"]}``; at most the
    box's count of a kind, one of a kind per system); ``objectives`` the objective cards
    in the Rebels' hand, by name ("Death Star Plans" is the stage II copy, "Death Star
    Plans III" the stage III one), taken from the deck (a card of the same stage from out
    of the game takes its place) or from out of the game; ``sabotage`` the systems with a
    sabotage marker; ``destroyed`` the destroyed systems (no loyalty left there).
    ``players`` 3 or 4 makes a team game (RR-02): the Command turn is that of ``player``'s
    ``role`` ("Admiral" or "General"), no role has passed; the Assignment Phase starts with
    ``player``'s Admiral.
    """
    if phase not in ("command", "assignment"):
        raise ValueError("phase must be 'command' or 'assignment'")
    s = GAME.new_state(
        seed=seed, options={"setup": "fixed", "first_game": True, "players": players}
    )
    assert isinstance(s, RebellionState)
    s.apply(SystemChoice(system_id("Dantooine")))
    # every probe card back in the deck, then the base's card out of it
    deck = s.zones["probe_deck"]
    for name in ("base", "probes_out", "probe_hand", "base_face_up"):
        z = s.zones[name]
        deck.cards.extend(z.cards)
        z.cards.clear()
    deck.cards.sort()
    for p in range(2):  # the hands hold the starting missions only
        hand, missions = s.zones[f"missions{p}"], s.zones[f"mission_deck{p}"]
        drawn = [c for c in hand.cards if not MISSIONS[mission_of(c)].starting]
        for c in drawn:
            hand.cards.remove(c)
        missions.cards.extend(drawn)
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
    for name in sabotage:
        b.sabotage[system_id(name)] = True
    for name in destroyed:
        b.destroyed[system_id(name)] = True
        b.loyalty[system_id(name)] = NONE
    for name, kinds in (markers or {}).items():
        for kind in kinds:
            put_marker(b, system_id(name), marker_id(kind))
    for sys_ in range(NUM_SYSTEMS):
        update_subjugation(b, sys_)
    objective_zones(s, objectives, b)
    b.changes.clear()  # a position built by hand narrates nothing
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
    who = SIDES.index(player)
    if phase == "assignment":
        s.phase = "assignment"
        if players > 2:
            from .rules.team import ASSIGN_ORDER, SEATS

            s.team_assign = ASSIGN_ORDER[players].index(SEATS[players][who][0])
        s.stack.append(AssignMission(player=who))
    else:
        s.phase = "command"
        if players > 2:
            from .rules.team import CYCLE, ROLE_NAMES

            s.team_assign = -1
            s.team_passed = [False] * len(CYCLE)
            s.team_turn = CYCLE.index((who, ROLE_NAMES.index(role)))
        s.stack.append(CommandTurn(player=who))
    s._legal = None
    s.mark_unrecorded("a position built by hand for a test has no record")
    return s


def objective_card_id(name: str) -> int:
    if name == "Death Star Plans III":
        return objective_card(objective_id("Death Star Plans", 3))
    return objective_card(objective_id(name))


def objective_zones(s: RebellionState, names: Sequence[str], b: Board) -> None:
    """Undo the set-up draw, then put the named cards into the hand and the cards of the
    markers on the board in play."""
    deck, out = s.zones["objective_deck"], s.zones["objectives_out"]
    hand = s.zones["objective_hand"]
    for c in hand.cards:
        deck.cards.append(c)
        s.objective_backs.append(STAGE[c])
    hand.cards.clear()
    s.objective_hand_backs.clear()
    in_play = [MARKER_CARD[k] for k in MARKER_CARD if any(m >> k & 1 for m in b.markers)]
    wanted = [objective_card_id(n) for n in names] + in_play
    for c in wanted:
        if c in deck.cards:
            swap = next((x for x in out.cards if STAGE[x] == STAGE[c] and x not in wanted), None)
            if swap is None:
                raise ValueError(f"no stage {STAGE[c]} card out of the game to replace {c}")
            deck.cards[deck.cards.index(c)] = swap
            out.remove(swap)
        else:
            out.remove(c)
        if c in in_play:
            s.zones["objectives_in_play"].cards.append(c)
        else:
            to_hand(s, c)
