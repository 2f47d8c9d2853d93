"""The search bots' heuristic (``rebellion_rote.heuristic``): bounds, symmetry, what moves it,
and that the Empire's part of it reads only what the Empire knows."""

from __future__ import annotations

import pytest

from rebellion_rote import GAME
from rebellion_rote.actions import Activate, Move, Pass, RevealBase, Stop, SystemChoice
from rebellion_rote.data import (
    ADJACENT,
    IMPERIAL,
    REBEL,
    REBEL_BASE,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.heuristic import (
    DIST,
    MAX_LEADERS,
    STRENGTH,
    W_LEADER,
    assault,
    candidates,
    empire_value,
    heuristic,
    search,
)
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState
from tabletop import Rng, dumps
from tabletop.bots import RandomBot

HOTH, BESPIN, SULLUST = system_id("Hoth"), system_id("Bespin"), system_id("Sullust")
NABOO, KESSEL = system_id("Naboo"), system_id("Kessel")
SD, ST, TROOPER = unit_id("Star Destroyer"), unit_id("Stormtrooper"), unit_id("Rebel Trooper")
VADER = leader_id("Darth Vader")


def sampled_states(games: int = 3, every: int = 20) -> list[RebellionState]:
    out = []
    for g in range(games):
        s = GAME.new_state(seed=g)
        assert isinstance(s, RebellionState)
        bot = RandomBot(g)
        n = 0
        while not s.is_terminal:
            s.apply(bot.choose(s))
            n += 1
            if n % every == 0 and not s.is_terminal:
                r = s.resample(s.current_player or 0, Rng(n))
                assert isinstance(r, RebellionState)
                out.append(r)
    return out


def hunt(
    base: str = "Hoth",
    player: str = "Imperial",
    revealed: bool = False,
    busy: tuple[str, ...] = (),
) -> RebellionState:
    """``player`` to move, the base hidden at ``base`` (or revealed): a Star Destroyer
    carrying two Stormtroopers at Sullust (two systems from Hoth, through Bespin), two Rebel
    Troopers on the Rebel Base space (or in the revealed base); the Empire's four starting
    leaders in its pool but those ``busy`` (on the board at Coruscant)."""
    units = {
        "Sullust": {"Star Destroyer": 1, "Stormtrooper": 2},
        "Rebel Base": {"Rebel Trooper": 2},
    }
    leaders = {name: "Coruscant" for name in busy}
    return position(base=base, player=player, units=units, base_revealed=revealed, leaders=leaders)


def test_the_game_uses_this_heuristic() -> None:
    assert GAME.heuristic is heuristic


def test_bounded_symmetric_and_pure() -> None:
    """In [-1, 1], the Rebels' value the Empire's negated, the state untouched."""
    states = sampled_states()
    assert len(states) > 40
    values = []
    for s in states:
        before = dumps(s)
        v = heuristic(s, IMPERIAL)
        assert -1.0 <= v <= 1.0
        assert heuristic(s, REBEL) == -v
        assert dumps(s) == before
        values.append(v)
    assert len(set(values)) > 10  # it tells positions apart


def test_distances() -> None:
    assert DIST[SULLUST][HOTH] == 2 and DIST[BESPIN][HOTH] == 1 and DIST[HOTH][HOTH] == 0
    for a in range(len(DIST)):
        for b in ADJACENT[a]:
            assert DIST[a][b] == 1 and DIST[b][a] == 1


def test_moving_ground_units_next_to_the_base_raises_the_empires_value() -> None:
    """A Star Destroyer with two Stormtroopers moves from Sullust to Bespin, next to the
    revealed base at Hoth. Choosing Bespin already shows what the activation can bring (the
    group next to it counts as moved in, heuristic.Forces), the leader placed costs
    heuristic.W_LEADER (a leader kept free weighs: the search must not spend every leader
    on missions), and the moves themselves add nothing to the assault: the ship moving
    first loses nothing (its capacity still carries from Sullust)."""
    s = hunt(revealed=True, busy=("General Tagge",))
    start = heuristic(s, IMPERIAL)
    s.apply(SystemChoice(BESPIN))
    chosen = heuristic(s, IMPERIAL)
    assert chosen > start
    s.apply(Activate(VADER))
    v = heuristic(s, IMPERIAL)
    assert v == pytest.approx(chosen - W_LEADER)
    reach = assault(s, HOTH)
    for unit in (SD, ST, ST):
        s.apply(Move(unit, SULLUST))
        assert assault(s, HOTH) == pytest.approx(reach)
    s.apply(Stop())  # Sullust's subjugation went with its troopers, Bespin's came
    assert heuristic(s, IMPERIAL) == pytest.approx(v)
    assert assault(s, HOTH) > assault(hunt(revealed=True), HOTH)


def test_activating_a_system_no_group_can_reach_shows_no_gain() -> None:
    """Choosing a system next to none of the Empire's groups brings nothing: Kessel is next
    to neither Sullust nor Bespin, so its choice leaves the value as it was."""
    s = hunt(revealed=True)
    start = heuristic(s, IMPERIAL)
    assert SULLUST not in ADJACENT[KESSEL]
    s.apply(SystemChoice(KESSEL))
    assert heuristic(s, IMPERIAL) == pytest.approx(start)


def test_moving_toward_the_hidden_base() -> None:
    """With the base hidden, the same move brings the Empire nearer the real base (the
    assault part rises) but toward fewer of the systems it may be in (Bespin has fewer
    neighbours than Sullust, and is searched by the move: the search part falls)."""
    s = hunt()
    s.apply(SystemChoice(BESPIN))
    s.apply(Activate(VADER))
    for unit in (SD, ST, ST):
        s.apply(Move(unit, SULLUST))
    s.apply(Stop())
    before = hunt()
    assert not s.board.base_revealed and s.board.ruled_out[BESPIN]
    assert assault(s, HOTH) > assault(before, HOTH)
    assert search(s, candidates(s)) < search(before, candidates(before))


def test_ground_units_need_a_ship_to_count_as_near() -> None:
    """Stormtroopers with no ship to carry them count as one system further away."""
    carried = hunt()
    stranded = position(
        base="Hoth",
        player="Imperial",
        units={
            "Sullust": {"Stormtrooper": 2},
            "Kessel": {"Star Destroyer": 1},
            "Rebel Base": {"Rebel Trooper": 2},
        },
    )
    assert assault(stranded, HOTH) < assault(carried, HOTH)


def test_rebel_defenders_at_the_base_lower_the_empires_value() -> None:
    weak = hunt()
    strong = position(
        base="Hoth",
        player="Imperial",
        units={
            "Sullust": {"Star Destroyer": 1, "Stormtrooper": 2},
            "Rebel Base": {"Rebel Trooper": 5, "Airspeeder": 2, "X-wing": 2},
        },
    )
    assert assault(strong, HOTH) < assault(weak, HOTH)
    assert heuristic(strong, REBEL) > heuristic(weak, REBEL)


def test_revealing_the_base_helps_the_empire() -> None:
    """The Rebels reveal their own base: the Empire's value rises."""
    s = hunt(player="Rebel")
    before = heuristic(s, IMPERIAL)
    s.apply(RevealBase())
    assert s.board.base_revealed
    assert heuristic(s, IMPERIAL) > before


def test_units_within_reach_of_the_time_left() -> None:
    """A unit farther from the base than the rounds left counts for nothing."""
    units = {"Sullust": {"Star Destroyer": 1, "Stormtrooper": 2}}
    early = position(base="Hoth", player="Imperial", units=units, time=1)
    late = position(base="Hoth", player="Imperial", units=units, time=13)  # 1 round left
    none = position(base="Hoth", player="Imperial", time=13)
    assert assault(late, HOTH) == assault(none, HOTH) < assault(early, HOTH)


def test_candidates_are_what_the_empire_does_not_rule_out() -> None:
    """Probe cards in the Empire's hand, those out of the game and ruled-out systems are no
    candidates; dropping a far candidate raises the search."""
    s = hunt()
    cands = candidates(s)
    assert HOTH in cands and SULLUST not in cands  # Imperial ground units searched Sullust
    assert system_id("Coruscant") not in cands  # no probe card
    far = max(cands, key=lambda c: DIST[SULLUST][c])
    before = search(s, cands)
    s.move(far, "probe_deck", "probe_hand")
    assert far not in candidates(s)
    assert search(s, candidates(s)) > before


def test_the_empires_search_term_reads_only_what_it_knows() -> None:
    """Over the Empire's determinisations the candidates and the search term do not change:
    they read the Empire's probe cards and the public facts, never the real base."""
    s = hunt()
    cands = sorted(candidates(s))
    value = search(s, cands)
    other = hunt(base="Naboo")  # the same public facts, the base elsewhere
    assert sorted(candidates(other)) == cands and search(other, cands) == value
    for k in range(10):
        r = s.resample(IMPERIAL, Rng(k))
        assert isinstance(r, RebellionState)
        assert sorted(candidates(r)) == cands and search(r, candidates(r)) == value


def test_leaders_ready_to_activate_count_up_to_three() -> None:
    """Each Imperial leader in the pool that can activate weighs W_LEADER, up to
    MAX_LEADERS: the fourth of four spent on an activation costs nothing, one of three
    does; passing keeps them all."""
    for busy, cost in (((), 0.0), (("General Tagge",), W_LEADER)):
        s = hunt(busy=busy)
        before = empire_value(s)
        s.apply(SystemChoice(KESSEL))  # no group reaches it: only the leader counts
        s.apply(Activate(VADER))
        assert empire_value(s) == pytest.approx(before - cost)
    assert MAX_LEADERS == 3
    s = hunt(busy=("General Tagge",))
    before = empire_value(s)
    s.apply(Pass())
    assert empire_value(s) == before


def test_strength_of_units() -> None:
    """Expected hits and a quarter of the health: a Star Destroyer (1 black, 2 red, 4 health)
    is worth 2.5, a Stormtrooper 0.75, the undamageable Death Star as if 4 health."""
    assert STRENGTH[SD] == 2.5 and STRENGTH[ST] == 0.75 and STRENGTH[TROOPER] == 0.75
    assert STRENGTH[unit_id("Death Star")] == 2.0 + 1.0
    assert STRENGTH[unit_id("Golan Arms Turret")] == 2 / 3 + 0.75


def test_rebel_units_on_the_base_space_defend_the_base() -> None:
    s = hunt()
    before = assault(s, HOTH)
    s.board.add_unit(TROOPER, REBEL_BASE, 4)
    assert assault(s, HOTH) < before
    assert assault(s, NABOO) < assault(hunt(), NABOO)  # the hidden base could be anywhere
    assert KESSEL in candidates(s)


def test_the_lagging_theater_counts_more() -> None:
    """The base falls only when both theaters are cleared: with Imperial ground units
    already in the revealed base and only Rebel ships left there, bringing a Star
    Destroyer a ring closer is worth more than with no Imperial ground unit there."""

    def at(ship_at: str, troops: int) -> float:
        units: dict[str, dict[str, int]] = {
            "Hoth": {"X-wing": 2, "Corellian Corvette": 1},
            ship_at: {"Star Destroyer": 2},
        }
        if troops:
            units["Hoth"]["Stormtrooper"] = troops
        s = position(base="Hoth", base_revealed=True, player="Imperial", units=units)
        return assault(s, HOTH)

    with_ground = at("Bespin", 4) - at("Sullust", 4)
    without = at("Bespin", 0) - at("Sullust", 0)
    assert with_ground > without > 0
