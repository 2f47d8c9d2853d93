"""The team game (RR-02, RR-180..RR-189): seats, roles, the Command cycle, offers."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from rr_helpers import assign, edited, new

from rebellion_rote import GAME, data
from rebellion_rote import actions as A
from rebellion_rote import decisions as D
from rebellion_rote.data import ACTION_LEADERS, ACTIONS, LEADERS, REBEL, leader_id, system_id
from rebellion_rote.position import position
from rebellion_rote.rules import team
from rebellion_rote.state import RebellionState
from tabletop import CardDataError, OptionsError, Rng
from tabletop.bots import GreedyBot, ISMCTSBot
from tabletop.testing import check_pack

pytestmark = pytest.mark.usefixtures("registered")

RA, IA, RG, IG = 0, 1, 2, 3


def names(actions: list[Any]) -> set[str]:
    """The leaders the actions name."""
    return {LEADERS[a.leader].name for a in actions if hasattr(a, "leader")}


def team_game(players: int = 4, seed: int = 0) -> RebellionState:
    """The fixed set-up, base at Dantooine (chosen by the Rebel General): round 1,
    Assignment Phase."""
    s = new(seed, setup="fixed", first_game=True, players=players)
    assert s.current_player == (RG if players == 4 else 0)
    s.apply(A.SystemChoice(system_id("Dantooine")))
    return s


# ---------------------------------------------------------------- seats
def test_rr02_team_game_seats_and_names() -> None:
    """RR-02: 2, 3 or 4 players; seat 0 Rebels and seat 1 Empire in every mode."""
    assert [GAME.num_players({"players": n}) for n in (2, 3, 4)] == [2, 3, 4]
    assert [GAME.player_name(p, GAME.make_options({"players": 4})) for p in range(4)] == [
        "Rebel Admiral",
        "Imperial Admiral",
        "Rebel General",
        "Imperial General",
    ]
    three = GAME.make_options({"players": 3})
    assert [GAME.player_name(p, three) for p in range(3)] == [
        "Rebel",
        "Imperial Admiral",
        "Imperial General",
    ]
    assert [GAME.player_name(p) for p in range(2)] == ["Rebel", "Imperial"]
    for bad in (5, 1, "4", True):
        with pytest.raises(OptionsError):
            GAME.make_options({"players": bad})
    s = team_game()
    assert s.view(RG)["players"][RG] == "Rebel General"
    assert s.num_players == 4 and len(s.returns()) == 4


def test_teammates_share_their_sides_result() -> None:
    s = position(players=4)
    s.finish([1.0, -1.0])
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]
    s3 = position(players=3)
    s3.finish([-1.0, 1.0])
    assert s3.returns() == [-1.0, 1.0, 1.0]


def test_mission_set_chosen_by_the_general() -> None:
    """ROTE: in a team game the General chooses his faction's mission set."""
    s = new(0, players=4)
    assert isinstance(s.stack[-1], D.ChooseMissionSet)
    assert (s.current_player, s.prompt) == (RG, "Rebel General: choose your mission set, face down")
    s.apply(A.MissionSet(True))
    assert (s.current_player, s.prompt) == (
        IG,
        "Imperial General: choose your mission set, face down",
    )
    s.apply(A.MissionSet(False))
    assert s.current_player == IA  # the Death Star Under Construction: a starting unit
    assert isinstance(s.stack[-1], D.ChooseDsucSystem)
    three = new(0, players=3)
    assert three.current_player == 0
    three.apply(A.MissionSet(True))
    assert three.current_player == 2


def test_rr188_teammates_share_what_their_side_knows() -> None:
    """RR-188: a seat sees, observes and resamples as its side."""
    s = team_game()
    hand = s.zones["missions0"]
    for p in (RA, RG):
        assert s.view(p)["zones"]["missions0"]["cards"] == hand
        assert s.view(p)["player"] == p
    assert "cards" not in s.view(IG)["zones"]["missions0"]
    assert s.view(RA)["zones"] == s.view(RG)["zones"]
    assert list(s.observation(RA)) == list(s.observation(RG))
    r = s.resample(RG, Rng(3))
    assert r.zones["missions0"] == hand
    assert r.zones["base"] == s.zones["base"]
    assert "legal_actions" in s.view(RA) and "legal_actions" not in s.view(RG)


# ---------------------------------------------------------------- the Command Phase
def test_command_order_with_passing() -> None:
    """Research-2 §1.3: 1 Rebel Admiral, 2 Imperial Admiral, 3 Imperial General, 4 Rebel
    General, a role that passed skipped; each role passes on its own."""
    s = position(players=4)
    assert (s.current_player, s.prompt) == (
        RA,
        "Rebel Admiral: activate a system, reveal your base, or pass",
    )
    s.apply(A.Pass())
    assert s.log[-1].kind == "role_passed" and s.narrate(s.log[-1]) == "Rebel Admiral passed"
    assert s.passed == [False, False]  # the Rebel General has not
    assert s.current_player == IA
    s.apply(A.SystemChoice(system_id("Naboo")))
    s.apply(A.Activate(leader_id("Grand Moff Tarkin")))
    s.apply(A.Stop())
    assert s.current_player == IG
    s.apply(A.Pass())
    assert s.current_player == RG
    s.apply(A.SystemChoice(system_id("Utapau")))
    s.apply(A.Activate(leader_id("Princess Leia")))
    s.apply(A.Stop())
    assert s.current_player == IA  # the Rebel Admiral passed: skipped
    s.apply(A.Pass())
    assert s.passed == [False, True]
    assert s.current_player == RG  # only he is left
    s.apply(A.Pass())
    assert s.phase == "refresh"


def test_activation_with_the_roles_own_leaders() -> None:
    """A turn activates with one of the role's own leaders (research-2 §1.3)."""
    s = position(players=4, player="Imperial", role="Admiral")
    s.apply(A.SystemChoice(system_id("Naboo")))
    assert names(s.legal_actions()) == {"Emperor Palpatine", "Grand Moff Tarkin"}
    assert s.prompt == "Imperial Admiral: choose the leader who activates Naboo"
    s = position(players=4, player="Imperial", role="General")
    s.apply(A.SystemChoice(system_id("Naboo")))
    assert names(s.legal_actions()) == {"Darth Vader", "General Tagge"}
    assert s.current_player == IG


def test_rr189_the_lone_rebel_takes_both_turns() -> None:
    """RR-189: in three players the Rebel plays both roles: one turn as Admiral (blue
    leaders), one as General (orange), each passed on its own."""
    s = position(players=3)
    assert (s.current_player, s.prompt) == (
        0,
        "Rebel (as Admiral): activate a system, reveal your base, or pass",
    )
    s.apply(A.SystemChoice(system_id("Utapau")))
    assert names(s.legal_actions()) == {"Jan Dodonna"}  # Mon Mothma cannot activate
    s.apply(A.Activate(leader_id("Jan Dodonna")))
    s.apply(A.Stop())
    assert s.current_player == 1
    s.apply(A.Pass())
    assert s.current_player == 2
    s.apply(A.Pass())
    assert (s.current_player, s.prompt) == (
        0,
        "Rebel (as General): activate a system, reveal your base, or pass",
    )
    s.apply(A.SystemChoice(system_id("Naboo")))
    assert names(s.legal_actions()) == {"Princess Leia", "General Rieekan"}
    s.apply(A.Activate(leader_id("General Rieekan")))
    s.apply(A.Stop())
    # both Imperials passed; the Admiral's leaders are all out: no system to activate
    assert s.prompt == "Rebel (as Admiral): reveal your base, or pass"
    s.apply(A.Pass())
    assert s.narrate(s.log[-1]) == "Rebel (as Admiral) passed"
    assert s.passed == [False, True]
    assert (
        s.current_player == 0
        and s.prompt == "Rebel (as General): activate a system, reveal your base, or pass"
    )
    s.apply(A.Pass())
    assert s.phase == "refresh"


def test_rr180_a_mixed_mission_is_revealed_by_either_owner() -> None:
    """RR-180: a mission is revealed by a seat with a leader on it; one with a leader of
    each colour by either; the revealer makes its choices."""
    s = position(players=4)
    mixed = assign(s, REBEL, "Build Alliance", "Jan Dodonna", "Princess Leia")
    orange = assign(s, REBEL, "Sabotage", "General Rieekan")
    assert A.Reveal(mixed) in s.legal_actions()
    assert A.Reveal(orange) not in s.legal_actions()  # none of the Admiral's leaders
    s.apply(A.Pass())  # the Rebel Admiral
    s.apply(A.Pass())  # the Imperial Admiral
    s.apply(A.Pass())  # the Imperial General
    assert s.current_player == RG
    assert {A.Reveal(mixed), A.Reveal(orange)} <= set(s.legal_actions())
    s.apply(A.Reveal(orange))
    assert isinstance(s.stack[-1], D.MissionSystem)
    assert s.current_player == RG and s.prompt.startswith("Rebel General: choose the system")


# ---------------------------------------------------------------- the Assignment Phase
def test_rr183_assignment_seat_by_seat() -> None:
    """RR-183: Rebel Admiral, Rebel General, Imperial Admiral, Imperial General; each his
    own leaders; a second leader may be the teammate's, asked when the seat declines."""
    s = team_game()
    assert (s.current_player, s.prompt) == (
        RA,
        "Rebel Admiral: choose a mission card to put face down, or pass",
    )
    s.apply(next(a for a in s.legal_actions() if isinstance(a, A.Assign)))
    assert names(s.legal_actions()) == {"Mon Mothma", "Jan Dodonna"}
    s.apply(A.Lead(leader_id("Mon Mothma")))
    assert s.current_player == RA
    assert names(s.legal_actions()) == {"Jan Dodonna"} and A.Close() in s.legal_actions()
    assert s.describe(A.Close()) == "None of yours: leave it to the Rebel General"
    s.apply(A.Close())
    assert s.log[-1].kind == "team_declined"
    assert s.narrate(s.log[-1]) == "The Rebel Admiral left it to the Rebel General"
    assert s.current_player == RG and isinstance(s.stack[-1], D.SecondLeader)
    assert names(s.legal_actions()) == {"Princess Leia", "General Rieekan"}
    s.apply(A.Second(leader_id("Princess Leia")))
    assert s.slots[REBEL] == [[leader_id("Mon Mothma"), leader_id("Princess Leia")]]
    assert s.current_player == RA  # he still has Dodonna
    s.apply(A.Pass())
    assert s.current_player == RG
    s.apply(A.Pass())
    assert s.current_player == IA
    s.apply(A.Pass())
    assert s.current_player == IG
    s.apply(A.Pass())
    assert s.phase == "command" and s.current_player == RA


# ---------------------------------------------------------------- combat
def fight(leaders: dict[str, str] | None = None) -> RebellionState:
    """The Imperial Admiral activates Sullust with Tarkin and moves everything in from
    Mustafar: a space and a ground battle follow."""
    s = position(
        players=4,
        player="Imperial",
        role="Admiral",
        units={
            "Sullust": {"X-wing": 2, "Rebel Trooper": 2},
            "Mustafar": {"Star Destroyer": 1, "Stormtrooper": 2, "TIE Fighter": 2},
        },
        leaders=leaders or {},
    )
    s.apply(A.SystemChoice(system_id("Sullust")))
    s.apply(A.Activate(leader_id("Grand Moff Tarkin")))
    while isinstance(s.stack[-1], D.MoveUnits):
        s.apply(s.legal_actions()[0])
    assert s.battle.active
    return s


def test_battle_split_by_theater() -> None:
    """Research-2 §1.5: the Admiral decides the space battle, the General the ground one
    (tactic cards, abilities, dice, damage)."""
    s = fight()
    seen: dict[tuple[str, int], set[int]] = {}
    while s.battle.active:
        top = s.stack[-1]
        th = team._theater(s, top)
        if th >= 0 and not isinstance(top, D.RetreatChoice | D.Combat | D.ActionCardWindow):
            seen.setdefault((top.kind, th), set()).add(s.current_player)
            want = {0: (RA, IA), 1: (RG, IG)}[th][top.player]
            assert s.current_player == want, (top, th)
        legal = s.legal_actions()
        s.apply(A.Pass() if A.Pass() in legal else legal[0])
    assert seen[("choose_tactic", 0)] == {RA, IA}
    assert seen[("choose_tactic", 1)] == {RG, IG}


def test_rr187_add_leader_at_most_once_per_team() -> None:
    """RR-187: the side's seats are asked in turn, the Admiral first; one leader a team."""
    s = fight()
    top = s.stack[-1]
    assert isinstance(top, D.Combat) and top.player == REBEL
    assert s.current_player == RA and names(s.legal_actions()) == {"Jan Dodonna"}
    s.apply(A.Pass())
    assert s.current_player == RG and names(s.legal_actions()) == {
        "Princess Leia",
        "General Rieekan",
    }
    s.apply(A.Join(leader_id("General Rieekan")))
    assert not any(isinstance(d, D.Combat) and d.player == REBEL for d in s.stack)
    s = fight()
    s.apply(A.Join(leader_id("Jan Dodonna")))  # the Admiral adds one: the General is not asked
    assert not (isinstance(s.stack[-1], D.Combat) and s.stack[-1].player == REBEL)


def test_rr187_retreat_once_per_team() -> None:
    """Research-2 §1.5: a team retreats once, by any player, with his own leader."""
    s = fight({"Jan Dodonna": "Sullust", "Princess Leia": "Sullust"})
    while not (isinstance(s.stack[-1], D.RetreatChoice) and s.stack[-1].player == REBEL):
        legal = s.legal_actions()
        s.apply(A.Pass() if A.Pass() in legal else legal[0])
    assert s.current_player == RA and names(s.legal_actions()) == {"Jan Dodonna"}
    s.apply(A.Pass())
    assert s.current_player == RG and names(s.legal_actions()) == {"Princess Leia"}
    s.apply(A.Retreat(leader_id("Princess Leia")))
    assert isinstance(s.stack[-1], D.RetreatTo) and s.current_player == RG
    s.apply(s.legal_actions()[0])
    assert s.battle.retreated[REBEL]
    while isinstance(s.stack[-1], D.RetreatUnits):
        assert s.current_player == RG
        s.apply(s.legal_actions()[0])
    while s.battle.active:
        assert not (isinstance(s.stack[-1], D.RetreatChoice) and s.stack[-1].player == REBEL)
        legal = s.legal_actions()
        s.apply(A.Pass() if A.Pass() in legal else legal[0])


def test_rr187_a_rings_ability_is_its_wearers() -> None:
    """RR-187: the seat of the leader wearing a ring decides its ability."""
    from rebellion_rote.data import RINGS

    s = position(players=4)
    s.board.rings[leader_id("Princess Leia")] = RINGS.index("c3po")
    assert push(s, D.C3POChoice(player=0)) == RG
    s.board.rings[leader_id("Princess Leia")] = -1  # no ring
    s.board.rings[leader_id("Jan Dodonna")] = RINGS.index("c3po")
    edited(s, "a ring moved by hand under a pushed decision")
    assert s.current_player == RA
    yoda = RINGS.index("yoda")
    s.board.rings[leader_id("General Rieekan")] = yoda
    roll = D.AfterMissionRoll(player=0)
    assert team._owned(s, A.YodaReroll(0), RG, roll) and not team._owned(
        s, A.YodaReroll(0), RA, roll
    )


# ---------------------------------------------------------------- who decides the rest
def push(s: RebellionState, d: Any) -> int | None:
    s.stack.append(d)
    edited(s, "a decision pushed")
    return s.current_player


def test_role_of_each_kind_of_decision() -> None:
    """The sources' table (research-2 §1.2, §1.6), and RR-187 for the rest."""
    s = position(players=4, phase="assignment")
    assert push(s, D.PlaceUnits(player=1, remaining=(1,))) == IA
    assert push(s, D.BuildUnits(player=0)) == RA
    assert push(s, D.DeployUnits(player=1)) == IA
    assert push(s, D.ChooseBase(player=0)) == RG
    assert push(s, D.DiscardMission(player=1)) == IG
    assert push(s, D.NameBaseSystems(player=0)) == RG  # a side's decision: the General


def test_rr182_recruit_by_the_admiral() -> None:
    """RR-182: the Admiral recruits; an orange leader is then the General's."""
    s = position(players=4, leaders={"Luke Skywalker": "pool", "Han Solo": "pool"})
    assert push(s, D.RecruitLeader(player=0)) == RA
    assert push(s, D.KeepActionCard(player=1, leader=0)) == IA
    s.stack.pop()
    s.stack.pop()
    edited(s, "the pushed decisions taken off")
    assert team.leader_seat(s, leader_id("Luke Skywalker")) == RG
    assert team.leader_seat(s, leader_id("Han Solo")) == RA
    s.apply(A.Pass())
    s.apply(A.Pass())
    s.apply(A.Pass())
    s.apply(A.SystemChoice(system_id("Naboo")))
    assert names(s.legal_actions()) == {"Princess Leia", "General Rieekan", "Luke Skywalker"}


def test_rr186_objectives_by_the_rebel_general() -> None:
    """RR-186: the Rebel General draws, holds and plays the objectives."""
    s = position(players=4)
    assert push(s, D.PlayObjective(player=0, window="refresh")) == RG
    s3 = position(players=3)
    assert push(s3, D.PlayObjective(player=0, window="refresh")) == 0


def test_rr181_rebel_roe_leader_colours() -> None:
    """RR-181: Jyn Erso and Cassian Andor blue, Chirrut Îmwe and Saw Gerrera orange; every
    leader has a colour, the starting ones as research-2 §1.8 says."""
    role = {x.name: x.role for x in LEADERS}
    assert [role[n] for n in ("Jyn Erso", "Cassian Andor", "Chirrut Îmwe", "Saw Gerrera")] == [
        "admiral",
        "admiral",
        "general",
        "general",
    ]
    starting = {(x.side, x.role): [] for x in LEADERS}  # type: dict[tuple[str, str], list[str]]
    for x in LEADERS:
        if x.starting:
            starting[(x.side, x.role)].append(x.name)
    assert sorted(starting[("Imperial", "admiral")]) == ["Emperor Palpatine", "Grand Moff Tarkin"]
    assert sorted(starting[("Rebel", "general")]) == ["General Rieekan", "Princess Leia"]


def test_a_leaders_role_is_validated(tmp_path: Path) -> None:
    """``role`` in leaders.toml: "admiral" or "general", required; a bad one names the file,
    the leader and the field."""
    d = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, d)
    p = d / "leaders.toml"
    text = p.read_text()
    p.write_text(text.replace('role = "admiral"', 'role = "blue"', 1))
    with pytest.raises(CardDataError) as err:
        data.load("leaders.toml", "leader", data.LeaderDef, d)
    msg = str(err.value)
    assert "leaders.toml:leader[0] (Emperor Palpatine)" in msg and "role" in msg and "'blue'" in msg
    p.write_text(text.replace('role = "admiral"\n', "", 1))
    with pytest.raises(CardDataError, match=r"required field missing.*\(Emperor Palpatine\)\.role"):
        data.load("leaders.toml", "leader", data.LeaderDef, d)


def test_rr184_action_cards_by_pictured_leader() -> None:
    """RR-184: an action card is the seat's that controls a leader it pictures; a card
    with none is either teammate's."""
    s = position(players=4)
    by_name = {c.name: i for i, c in enumerate(ACTIONS)}
    none = next(i for i, c in enumerate(ACTIONS) if c.side == "Rebel" and not ACTION_LEADERS[i])
    assert team.card_usable(s, none, RA, REBEL) and team.card_usable(s, none, RG, REBEL)
    for name, i in by_name.items():
        leaders = ACTION_LEADERS[i]
        if ACTIONS[i].side == "Rebel" and len(leaders) == 1:
            owner = RA if LEADERS[leaders[0]].role == "admiral" else RG
            other = RG if owner == RA else RA
            assert team.card_usable(s, i, owner, REBEL), name
            assert not team.card_usable(s, i, other, REBEL), name


def test_rr185_team_pool_limit() -> None:
    """RR-185 (ROTE): 8 leaders a team; the excess from the larger pool, its owner
    choosing; equal pools: the General, from either."""
    more_orange = {
        n: "pool"
        for n in ("Luke Skywalker", "Chewbacca", "Obi-Wan Kenobi", "Han Solo", "General Madine")
    }
    s = position(players=4, leaders=more_orange)
    assert len(s.board.pool(REBEL)) == 9
    assert push(s, D.EliminateLeader(player=0, after="end")) == RG
    assert names(s.legal_actions()) == {
        "Princess Leia",
        "General Rieekan",
        "Luke Skywalker",
        "Chewbacca",
        "Obi-Wan Kenobi",
        "General Madine",
    }
    even = {
        n: "pool"
        for n in (
            "Luke Skywalker",
            "Chewbacca",
            "Obi-Wan Kenobi",
            "Han Solo",
            "Lando Calrissian",
            "Admiral Ackbar",
        )
    }
    s = position(players=4, leaders=even)
    assert len(s.board.pool(REBEL)) == 10
    assert push(s, D.EliminateLeader(player=0, after="end")) == RG
    assert len(s.legal_actions()) == 10


# ---------------------------------------------------------------- whole games
def test_check_pack_team_games() -> None:
    """The conformance kit in three and four players."""
    check_pack(
        GAME, [{"players": 3}, {"players": 4}], max_examples=3, max_steps=5000, check_every=40
    )


@pytest.mark.parametrize("players", [3, 4])
def test_random_team_games_end(players: int) -> None:
    for seed in range(3):
        s = new(seed, players=players)
        rng = Rng(seed)
        while not s.is_terminal:
            legal = s.legal_actions()
            assert legal and s.prompt and s.current_player is not None
            s.apply(legal[rng.below(len(legal))], check=False)
        r = s.returns()
        assert len(r) == players and r[0] == -r[1]


def test_bots_play_team_games_to_the_end() -> None:
    """Greedy and ISMCTS seats (one per seat) finish a four-player game."""
    s = new(1, players=4, setup="fixed", first_game=True)
    bots = [
        GreedyBot(seed=1, samples=1),
        ISMCTSBot(iterations=4, seed=2),
        GreedyBot(seed=3, samples=1),
        ISMCTSBot(iterations=4, seed=4),
    ]
    steps = 0
    while not s.is_terminal and steps < 3000:
        p = s.current_player
        assert p is not None
        s.apply(bots[p].choose(s))
        steps += 1
    assert s.is_terminal
    assert len(s.returns()) == 4
