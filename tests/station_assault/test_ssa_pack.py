"""The pack as a whole: options, the action-id bound, words, views, the heuristic, speed."""

from __future__ import annotations

import doctest
import json
import time

import pytest
from ssa_helpers import at, deal, do, new, texts

import station_assault
import tabletop
from station_assault import GAME
from station_assault.actions import ACTION_SPACE, Home, Stay, To
from station_assault.decisions import ChooseDestination
from station_assault.rules.grid import DELTA, xy
from station_assault.ships import CARDS_PER_DECK, MAX_CARDS
from tabletop import OptionsError, Rng

ALL_MODES = [
    None,
    {"anchor": "friendly"},
    {"mode": "free_for_all", "players": 2},
    {"mode": "free_for_all", "players": 3},
    {"mode": "free_for_all", "players": 5},
    {"mode": "free_for_all", "players": 6, "anchor": "friendly"},
    {"mode": "teams", "players": 4},
    {"mode": "teams", "players": 6},
]


def test_module_docstring_example() -> None:
    result = doctest.testmod(station_assault, verbose=False)
    assert result.attempted >= 2 and result.failed == 0


def test_game_facts() -> None:
    assert tabletop.load("station_assault") is GAME
    assert GAME.num_distinct_actions == 2004 == ACTION_SPACE.size
    assert GAME.min_players == 2 and GAME.max_players == 6
    assert GAME.num_players({"mode": "teams", "players": 6}) == 6
    assert [p.name for p in GAME.phases] == [
        "Set-up",
        "Mulligan",
        "Speeds 1-5",
        "Speed 6",
        "Wave end",
    ]
    assert GAME.player_name(1) == "Red"
    for cls in ACTION_SPACE.classes:
        assert cls.__doc__ and f"``{cls.kind}" in cls.__doc__
    import attrs

    for f in attrs.fields(station_assault.Options):
        assert f.metadata.get("help"), f.name


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"mode": "melee"}, "mode must be one of duel, free_for_all, teams"),
        ({"mode": "duel", "players": 3}, "a duel has 2 players"),
        ({"mode": "free_for_all", "players": 7}, "2 to 6 players"),
        ({"mode": "teams", "players": 5}, "2 vs 2"),
        ({"anchor": "nearby"}, "anchor must be one of any, friendly"),
        ({"max_waves": 0}, "max_waves must be 1..200"),
        ({"max_wave": 3}, "did you mean 'max_waves'"),
    ],
)
def test_bad_options(options: dict[str, object], words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        GAME.new_state(seed=0, options=options)


def _cells_by_brute_force(s: station_assault.AssaultState, card: int, friendly: bool) -> set[int]:
    """Every empty cell next to an anchor card, computed apart from the pack's generator."""
    me = s.team[card // CARDS_PER_DECK]
    out: set[int] = set()
    for c in s.board:
        if c == card or (friendly and s.team[c // CARDS_PER_DECK] != me):
            continue
        for d in DELTA:
            if s.pos[c] + d not in s.grid:
                out.add(s.pos[c] + d)
    return out


@pytest.mark.parametrize("options", ALL_MODES)
def test_destinations_encode_every_cell_once(options: dict[str, object] | None) -> None:
    """The ``to <card> <side>`` encoding: every legal cell exactly once, named by its
    lowest-id neighbour in play, every id below MAX_CARDS, however far the fleets go."""
    rng = Rng(11)
    for seed in range(3):
        s = new(options, seed)
        while not s.is_terminal:
            acts = s.legal_actions()
            for a in acts:
                assert 0 <= GAME.encode(a) < GAME.num_distinct_actions
            top = s.stack[-1]
            if isinstance(top, ChooseDestination):
                mover = top.card
                friendly = s.options.anchor == "friendly"
                brute = _cells_by_brute_force(s, mover, friendly)
                if not brute and top.from_hand and friendly:  # SSA-19
                    friendly = False
                    brute = _cells_by_brute_force(s, mover, friendly)
                tos = [a for a in acts if isinstance(a, To)]
                cells = [s.pos[a.card] + DELTA[a.side] for a in tos]
                assert len(set(cells)) == len(cells) and set(cells) == brute
                me = s.team[mover // CARDS_PER_DECK]
                for a, c in zip(tos, cells):
                    anchors = [
                        n
                        for n in (s.grid.get(c - d) for d in DELTA)
                        if n is not None
                        and n != mover
                        and (not friendly or s.team[n // CARDS_PER_DECK] == me)
                    ]
                    assert a.card == min(anchors) < MAX_CARDS
                assert (Stay() in acts) == (not top.from_hand)
                assert Home() not in acts  # the table never empties with the printed ships
            s.apply(acts[rng.below(len(acts))])


def test_describe_and_notation() -> None:
    s = deal({0: ["Destroyer"], 1: ["Frigate"]}, initiative=1)
    assert s.speed == 3 and texts(s) == [
        "Play a Frigate (Speed 3, Firepower 2, Shields 2, Victory 2)"
    ]
    do(s, "Play a Frigate", "Play Frigate at (0,1), fire at Black Space Station")
    do(s, "Play a Destroyer")
    assert "Play Destroyer at (1,1), fire at Red Frigate" in texts(s)
    a = next(x for x in s.legal_actions() if s.describe(x).startswith("Play Destroyer at (1,1)"))
    assert GAME.parse(a.notation()) == a and a.notation().startswith("to ")
    assert GAME.decode(GAME.encode(a)) == a
    s.apply(a)
    narr = [s.narrate(e) for e in s.log[-3:]]
    assert narr[-3:] == [
        "Black plays Destroyer at (1,1)",
        "Black Destroyer fires at Red Frigate: 3 damage (2 of 2)",
        "Red Frigate is destroyed; Black scores 2",
    ]


def test_illegal_actions_explained() -> None:
    s = deal({0: ["Scout"]}, initiative=0)
    with pytest.raises(tabletop.IllegalActionError, match="Speed 5; it is Speed 1"):
        s.apply(GAME.parse("play 9"))
    with pytest.raises(tabletop.IllegalActionError, match="no ship is waiting"):
        s.apply(GAME.parse("stay"))
    do(s, "Play a Scout")
    with pytest.raises(tabletop.IllegalActionError, match="must be placed"):
        s.apply(Stay())
    with pytest.raises(tabletop.IllegalActionError, match="card 5 is not in play"):
        s.apply(To(5, 0))
    s2 = deal({0: ["Scout", "Scout", "Scout"]}, initiative=0)
    do(s2, "Play a Scout", "Play Scout at (1,0)", "Play a Scout", "Play Scout at (0,1)")
    do(s2, "Play a Scout")
    east, north = at(s2, 1, 0), at(s2, 0, 1)
    assert east is not None and north is not None
    # (1,1) is next to both Scouts: its one name uses the lower id.
    canonical, other = (To(east, 1), To(north, 0)) if east < north else (To(north, 0), To(east, 1))
    with pytest.raises(tabletop.IllegalActionError, match="named by its lowest-id neighbour"):
        s2.apply(other)
    s2.apply(canonical)
    assert at(s2, 1, 1) is not None


def test_render_for_a_person() -> None:
    s = deal({0: ["Scout"], 1: []}, initiative=0)
    do(s, "Play a Scout", "Play Scout at (3,0)")
    pic = s.render(0)
    assert "KSTN 0" in pic and "KSCO 0*" in pic and "RSTN 1" in pic
    assert "Your hand: empty" in pic and "Wave 1, Speed 6" in pic
    assert "Your hand" not in s.render(None)
    lines = pic.splitlines()
    header = lines[0].split()
    assert header == [str(x) for x in range(-1, 6)]


def test_view_is_json_and_public_facts() -> None:
    s = new(seed=2)
    v = s.view(None)
    json.dumps(v)
    st = v["state"]
    assert st["board"][0] == {
        "card": 0,
        "ship": "Space Station",
        "owner": 0,
        "x": 0,
        "y": 0,
        "damage": 0,
        "shields": 25,
        "acted": False,
    }
    assert st["hand_sizes"] == [10, 10] and st["deck_sizes"] == [40, 40]
    assert v["zones"]["hand0"] == {"owner": 0, "count": 10}
    assert xy(s.pos[CARDS_PER_DECK]) == (4, 0)


def test_heuristic_in_range() -> None:
    for options in ALL_MODES:
        s = new(options, 4)
        rng = Rng(4)
        while not s.is_terminal:
            for p in range(s.num_players):
                h = GAME.heuristic(s, p)  # type: ignore[misc]
                assert -1.0 <= h <= 1.0
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
        assert [GAME.heuristic(s, p) for p in range(s.num_players)] == s.returns()  # type: ignore[misc]
    s = deal({}, initiative=0)
    s.score = [30, 12]
    assert GAME.heuristic(s, 0) == pytest.approx(0.3)  # type: ignore[misc]
    assert GAME.heuristic(s, 1) == pytest.approx(-0.3)  # type: ignore[misc]


def test_playout_speed() -> None:
    """A loose floor (the target is 20,000 decisions/s on a quiet core; see the
    benchmark numbers in the docs): catches an accidental slowdown of 5x or more."""
    t0 = time.perf_counter()
    steps = 0
    for seed in range(20):
        s = new(None, seed)
        rng = Rng(seed)
        while not s.is_terminal:
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))], check=False)
            steps += 1
    rate = steps / (time.perf_counter() - t0)
    assert rate > 4000, f"{rate:.0f} decisions/s"


@pytest.mark.parametrize("options", ALL_MODES)
def test_available_counts_stay_exact(options: dict[str, object] | None) -> None:
    """The incremental available-ship counts (SSA-05) equal a fresh count at every step,
    and every Station still in play acts in every wave."""
    from station_assault.events import Stayed, WaveStarted
    from station_assault.rules.grid import rebuild_front
    from station_assault.rules.setup import recount

    rng = Rng(5)
    for seed in range(2):
        s = new(options, seed)
        acted_stations: set[int] = set()
        while not s.is_terminal:
            kept = s.avail[:]
            recount(s)
            assert s.avail == kept, f"step {len(s.history)}"
            assert s.front == rebuild_front(s), f"step {len(s.history)}"
            acts = s.legal_actions()
            events = s.apply(acts[rng.below(len(acts))])
            for e in events:
                if isinstance(e, Stayed) and e.card % CARDS_PER_DECK == 0:
                    acted_stations.add(e.card)
                if isinstance(e, WaveStarted) and e.wave > 1:
                    alive = {c for c in s.board if c % CARDS_PER_DECK == 0}
                    assert alive <= acted_stations
                    acted_stations = set()


def test_resample_respects_the_turn_order() -> None:
    """SSA-18: a determinisation never gives another player a ship slower than the
    current Speed in hand (it would have been played already)."""
    s = new(None, 6)
    rng = Rng(6)
    while not (s.wave == 1 and s.speed >= 3):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    me = s.current_player
    assert me is not None
    other = 1 - me
    for k in range(20):
        r = s.resample(me, Rng(k))
        assert all(r.table.speed[c] >= s.speed for c in r.zones[f"hand{other}"])
        assert len(r.zones[f"hand{other}"]) == len(s.zones[f"hand{other}"])
        assert r.view(me) == s.view(me)
        while not r.is_terminal and r.wave == 1:
            acts = r.legal_actions()
            r.apply(acts[rng.below(len(acts))])
        assert r.is_terminal or all(len(r.zones[f"hand{p}"]) <= 10 for p in (0, 1))


def test_resample_keeps_who_can_act_at_this_speed() -> None:
    """SSA-18: the player choosing a ship keeps one of the current Speed, and a player
    the turn went past at this Speed has none (the table saw both), in every
    determinisation, so the search never meets a turn with nothing to do."""
    opt = {"mode": "free_for_all", "players": 3}
    checked = 0
    for seed in range(12):
        s = new(opt, seed)
        rng = Rng(seed)
        while not s.is_terminal and s.wave <= 2:
            me = s.current_player
            assert me is not None
            for p in range(s.num_players):
                if p == me:
                    continue
                r = s.resample(p, Rng(checked))
                checked += 1
                assert r.legal_actions(), f"seed {seed}: player {me} has nothing to do"
                for q in range(s.num_players):
                    if q != p and s.passed_over >> q & 1:
                        hand = r.zones[f"hand{q}"]
                        assert all(r.table.speed[c] != s.speed for c in hand)
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
    assert checked > 500


def test_playable_in_the_terminal() -> None:
    """``tabletop play station_assault``: a person types numbers until the game ends."""
    import io

    from tabletop.cli import main

    out = io.StringIO()
    code = main(
        ["play", "station_assault", "--seat", "1", "--seed", "2"], out, io.StringIO("1\n" * 3000)
    )
    text = out.getvalue()
    assert code == 0
    assert "you are Red" in text and "Keep this hand" in text
    assert "Your hand:" in text and "RSTN" in text
    assert "Game over" in text


def test_describe_any_action_id() -> None:
    """``describe`` never fails, whatever id of the action space it is given, and
    illegal ones are refused with a reason."""
    s = deal({0: ["Scout"]}, initiative=0)
    placing = deal({0: ["Scout"]}, initiative=0)
    do(placing, "Play a Scout")
    moving = deal({}, initiative=0, board=((0, "Scout", 1, 0),))
    do(moving, "Act with Scout")
    for state in (s, new(), placing, moving):
        legal = state.legal_actions()
        for i in range(GAME.num_distinct_actions):
            action = GAME.decode(i)
            assert state.describe(action)
            if i % 97 == 0 and action not in legal:
                with pytest.raises(tabletop.IllegalActionError):
                    state.apply(action)
