"""Attachment rings and Luke Skywalker's Jedi path (research-2 §4.1-§4.3; RR-150..RR-156):
who may wear each ring, what it does, how it leaves; scenarios with exact outcomes."""

from __future__ import annotations

from rr_helpers import amend, assign, edited, give_mission

from rebellion_rote.actions import (
    BlankDie,
    Oppose,
    Pass,
    Reveal,
    Stop,
    SystemChoice,
    Target,
    UseRing,
)
from rebellion_rote.board import BOARD, NO_RING, OFF, SUPPLY, capture
from rebellion_rote.data import (
    IMPERIAL,
    LEADERS,
    REBEL,
    REBEL_BASE,
    RINGS,
    SIDES,
    leader_id,
    system_id,
)
from rebellion_rote.decisions import (
    AfterMissionRoll,
    AttachRing,
    C3POChoice,
    CommandTurn,
    FalconFollow,
    FalconRescue,
    MissionTarget,
    OpposeMission,
)
from rebellion_rote.position import position
from rebellion_rote.rules.recruit import recruitable
from rebellion_rote.rules.rings import (
    BOUNTY,
    C3PO,
    FALCON,
    K2SO,
    R2D2,
    YODA,
    attach,
    may_wear,
    skills,
    wearers,
)
from rebellion_rote.state import RebellionState
from tabletop import Rng
from tabletop.testing import check_state

L = leader_id
S = system_id
LEIA, MOTHMA, RIEEKAN, DODONNA = (
    L("Princess Leia"),
    L("Mon Mothma"),
    L("General Rieekan"),
    L("Jan Dodonna"),
)
LUKE, JEDI, HAN, CHEWIE = (
    L("Luke Skywalker"),
    L("Luke Skywalker (Jedi)"),
    L("Han Solo"),
    L("Chewbacca"),
)
VADER, PALPATINE, TARKIN = L("Darth Vader"), L("Emperor Palpatine"), L("Grand Moff Tarkin")
KESSEL, NABOO, DAGOBAH = S("Kessel"), S("Naboo"), S("Dagobah")


def give(s: RebellionState, player: int, name: str) -> None:
    """Put mission ``name`` into ``player``'s hand (from the deck, or with its mission set)."""
    give_mission(s, player, name)


def reveal(s: RebellionState, player: int, name: str, system: int, *leaders: str) -> None:
    """``player`` reveals ``name`` with ``leaders`` and chooses ``system``."""
    give(s, player, name)
    slot = assign(s, player, name, *leaders)
    amend(s, lambda doc: doc.update(turn=SIDES[player]))
    assert Reveal(slot) in s.legal_actions(), name
    s.apply(Reveal(slot))
    s.apply(SystemChoice(system))


def texts(s: RebellionState, player: int) -> list[str]:
    return [e["text"] for e in s.view(player)["log"]]


def imperial_turn_next(s: RebellionState) -> bool:
    return isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL


# ================================================================ who may wear a ring (RR-150)
def test_rr150_who_may_wear_each_ring() -> None:
    """RR-150: a Rebel leader in play, not a captive; never over an Imperial ring; K-2SO
    and Bounty only on a leader without a ring; the Millennium Falcon only on Han Solo or
    Chewbacca; no ring by choice on a lured leader (the Lure stays)."""
    s = position(
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"Han Solo": "pool", "Princess Leia": "Kessel"},
    )
    b = s.board
    starting = [MOTHMA, DODONNA, RIEEKAN]  # Leia is on the board, Han in the pool
    assert wearers(s, C3PO) == sorted([*starting, LEIA, HAN])
    assert wearers(s, FALCON) == [HAN]  # Chewbacca is in the supply
    assert wearers(s, K2SO, KESSEL) == [LEIA]  # on the board in Kessel only
    assert not may_wear(b, VADER, R2D2) and not may_wear(b, CHEWIE, FALCON)
    attach(s, LEIA, R2D2)
    assert not may_wear(b, LEIA, K2SO) and not may_wear(b, LEIA, BOUNTY)  # she wears one
    assert may_wear(b, LEIA, C3PO)  # a Rebel ring may replace a Rebel ring
    attach(s, HAN, BOUNTY)
    assert [may_wear(b, HAN, r) for r in (YODA, FALCON, C3PO, R2D2, K2SO)] == [False] * 5
    capture(b, LEIA)
    assert b.rings[LEIA] == NO_RING and wearers(s, C3PO, KESSEL) == []  # a captive: none


def test_rr150_the_attach_ring_decision() -> None:
    """RR-150: a card that attaches a ring by choice asks for the leader (``target``);
    afterwards the decision below it is current again."""
    s = position(leaders={"Luke Skywalker": "Naboo"})
    s.stack.append(AttachRing(player=REBEL, ring=K2SO, system=NABOO))
    edited(s, "a ring's decision pushed")
    assert s.legal_actions() == [Target(LUKE)]
    assert s.prompt == "Rebel: the leader the K-2SO ring goes on"
    assert s.describe(Target(LUKE)) == "Attach the K-2SO ring to Luke Skywalker"
    check_state(s, Rng(1), "attach ring")
    s.apply(Target(LUKE))
    assert s.board.rings[LUKE] == K2SO
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == REBEL
    assert "The K-2SO ring is now on Luke Skywalker" in texts(s, IMPERIAL)
    # anywhere: every leader that may wear it
    s.stack.append(AttachRing(player=REBEL, ring=C3PO))
    edited(s, "a ring's decision pushed")
    assert s.legal_actions() == [Target(x) for x in (MOTHMA, DODONNA, RIEEKAN, LEIA, LUKE)]
    s.apply(Target(LEIA))
    assert s.board.rings[LEIA] == C3PO
    # the one copy moves when attached again
    s.stack.append(AttachRing(player=REBEL, ring=C3PO))
    edited(s, "a ring's decision pushed")
    s.apply(Target(MOTHMA))
    assert (s.board.rings[LEIA], s.board.rings[MOTHMA]) == (NO_RING, C3PO)


# ================================================================ C-3PO (RR-151)
def c3po_game(seed: int) -> RebellionState:
    s = position(seed=seed)
    attach(s, LEIA, C3PO)
    reveal(s, REBEL, "Build Alliance", NABOO, "Princess Leia")
    s.apply(Oppose(PALPATINE))  # 2 dice against 3
    return s


def failing_seed() -> int:
    return next(n for n in range(40) if isinstance(c3po_game(n).stack[-1], C3POChoice))


def test_rr151_c3po_turns_a_failed_diplomacy_mission_into_a_success() -> None:
    """RR-151: the attacker's failed Diplomacy mission, the ring's leader there: discard it
    and the mission succeeds; the ring goes back to the supply."""
    s = c3po_game(failing_seed())
    assert s.legal_actions() == [UseRing(C3PO), Pass()]
    assert s.prompt.startswith("Rebel: your Diplomacy mission Build Alliance failed (")
    assert s.describe(UseRing(C3PO)) == "Discard the C-3PO ring: Build Alliance succeeds"
    assert s.describe(Pass()) == "Keep the C-3PO ring: Build Alliance fails"
    check_state(s, Rng(3), "c3po choice")
    s.apply(UseRing(C3PO))
    assert s.board.rings[LEIA] == NO_RING
    assert s.board.loyalty[NABOO] == REBEL  # gained 1 loyalty
    outcome = next(e for e in reversed(s.log) if e.kind == "mission_outcome")
    assert outcome.success  # type: ignore[attr-defined]
    assert "The C-3PO ring left Princess Leia, back to the supply" in texts(s, IMPERIAL)
    assert imperial_turn_next(s)


def test_rr151_kept_c3po_lets_the_mission_fail() -> None:
    s = c3po_game(failing_seed())
    s.apply(Pass())
    assert s.board.rings[LEIA] == C3PO and s.board.loyalty[NABOO] != REBEL
    assert imperial_turn_next(s)


def test_rr151_c3po_only_for_a_diplomacy_mission_in_its_system() -> None:
    """RR-151: not for a mission of another skill, nor when the ring's leader is elsewhere,
    nor for the side defending."""
    for seed in range(20):
        s = position(units={"Kessel": {"Stormtrooper": 1}}, seed=seed)
        attach(s, LEIA, C3PO)
        reveal(s, REBEL, "Sabotage", KESSEL, "Princess Leia")
        s.apply(Oppose(VADER))
        assert not isinstance(s.stack[-1], C3POChoice)
        t = position(seed=seed)
        attach(t, MOTHMA, C3PO)  # in the pool, not in Naboo
        reveal(t, REBEL, "Build Alliance", NABOO, "Princess Leia")
        t.apply(Oppose(PALPATINE))
        assert not isinstance(t.stack[-1], C3POChoice)
        assert t.board.rings[MOTHMA] == C3PO


# ================================================================ R2-D2 (RR-152)
def test_rr152_r2d2_blanks_one_opponent_die() -> None:
    """RR-152: once both sides rolled, discard the ring to turn one of the opponent's dice
    that is not a blank to a blank; the outcome counts the blank."""
    seen = set()
    for seed in range(30):
        s = position(seed=seed)
        attach(s, LEIA, R2D2)
        reveal(s, REBEL, "Build Alliance", NABOO, "Princess Leia")
        s.apply(Oppose(TARKIN))
        ev = next(e for e in s.log if e.kind == "mission_rolled" and e.player == IMPERIAL)  # type: ignore[attr-defined]
        faces = list(ev.dice)  # type: ignore[attr-defined]
        if faces == ["blank"]:
            assert not isinstance(s.stack[-1], AfterMissionRoll)  # nothing to blank
            continue
        top = s.stack[-1]
        assert isinstance(top, AfterMissionRoll) and top.player == REBEL
        assert s.legal_actions() == [BlankDie(0), Pass()]  # Tarkin's 1 die
        assert s.describe(BlankDie(0)) == (
            f"Discard the R2-D2 ring: the Imperial die 1 ({s.mission_dice[IMPERIAL][0][0]} "
            f"{faces[0].replace('_', ' ')}) "
            "becomes a blank"
        )
        if not seen:
            check_state(s, Rng(4), "r2d2 window")
        rebel = sum(
            {"hit": 1, "direct_hit": 1, "special": 2}.get(f, 0) for _, f in s.mission_dice[REBEL]
        )
        s.apply(BlankDie(0))
        assert s.board.rings[LEIA] == NO_RING
        ev = next(e for e in reversed(s.log) if e.kind == "die_blanked")
        assert ev.successes == 0  # type: ignore[attr-defined]
        assert (s.board.loyalty[NABOO] == REBEL) == (rebel > 0)
        assert (
            f"Imperial's die 1 ({faces[0].replace('_', ' ')}) became a blank: 0 successes"
            in texts(s, REBEL)
        )
        seen.add(rebel > 0)
        assert imperial_turn_next(s)
    assert seen == {True, False}


def test_rr152_r2d2_for_the_defending_rebels_in_its_system() -> None:
    s = position(
        player="Imperial",
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"General Rieekan": "Kessel"},
        seed=1,
    )
    attach(s, RIEEKAN, R2D2)
    reveal(s, IMPERIAL, "Rule by Fear", KESSEL, "Darth Vader")
    s.apply(Pass())  # Rieekan is there: he opposes
    blanks = [i for i, (_, f) in enumerate(s.mission_dice[IMPERIAL]) if f != "blank"]
    assert blanks  # seed 1: Vader rolled a success
    top = s.stack[-1]
    assert isinstance(top, AfterMissionRoll) and top.player == REBEL
    assert s.legal_actions() == [*(BlankDie(i) for i in blanks), Pass()]
    s.apply(Pass())
    assert s.board.rings[RIEEKAN] == R2D2  # kept


# ================================================================ the Millennium Falcon (RR-153)
def falcon_game(seed: int = 0) -> RebellionState:
    s = position(
        units={"Kessel": {"Stormtrooper": 1}},
        leaders={"Han Solo": "pool", "Princess Leia": "Kessel", "Luke Skywalker": "pool"},
        seed=seed,
    )
    capture(s.board, LEIA)
    attach(s, HAN, FALCON)
    return s


def test_rr153_the_falcon_rescues_after_a_successful_mission() -> None:
    """RR-153: after the ring's side's successful mission in the captive's system, after
    all its steps, discard the ring to rescue the captive; the assigned leaders may go
    with it to the base."""
    s = falcon_game()
    reveal(s, REBEL, "Sabotage", KESSEL, "Han Solo", "Luke Skywalker")
    assert isinstance(s.stack[-1], OpposeMission)
    s.apply(Pass())  # unopposed: succeeds
    assert s.board.sabotage[KESSEL]  # the mission's steps came first
    top = s.stack[-1]
    assert isinstance(top, FalconRescue)
    assert s.legal_actions() == [Target(LEIA), Pass()]
    assert s.prompt == (
        "Rebel: Sabotage succeeded in Kessel: discard the Millennium Falcon ring to rescue "
        "a captive there, or keep it"
    )
    assert s.describe(Target(LEIA)) == "Discard the Millennium Falcon ring to rescue Princess Leia"
    assert s.describe(Pass()) == "Keep the Millennium Falcon ring (rescue no one)"
    check_state(s, Rng(5), "falcon rescue")
    s.apply(Target(LEIA))
    b = s.board
    assert b.captured == OFF and b.rings[HAN] == NO_RING
    assert (b.leader_loc[LEIA], b.leader_status[LEIA]) == (REBEL_BASE, BOARD)
    assert isinstance(s.stack[-1], FalconFollow)
    assert s.legal_actions() == [Target(HAN), Target(LUKE), Stop()]
    assert s.describe(Target(HAN)) == "Send Han Solo with Princess Leia to the Rebel Base space"
    s.apply(Target(HAN))
    assert s.legal_actions() == [Target(LUKE), Stop()]
    s.apply(Stop())
    assert b.leader_loc[HAN] == REBEL_BASE and b.leader_loc[LUKE] == KESSEL
    assert imperial_turn_next(s)


def test_rr153_the_falcon_kept_and_not_offered() -> None:
    s = falcon_game()
    reveal(s, REBEL, "Sabotage", KESSEL, "Han Solo")
    s.apply(Pass())
    s.apply(Pass())  # keep the ring
    assert s.board.captured == LEIA and s.board.rings[HAN] == FALCON
    assert imperial_turn_next(s)
    # not offered without its leader there, or after a failed mission
    t = falcon_game()
    reveal(t, REBEL, "Sabotage", KESSEL, "Luke Skywalker")
    t.apply(Pass())
    assert imperial_turn_next(t) and t.board.captured == LEIA
    for seed in range(30):
        u = falcon_game(seed)
        reveal(u, REBEL, "Sabotage", KESSEL, "Han Solo")
        u.apply(Oppose(VADER))
        outcome = next(e for e in reversed(u.log) if e.kind == "mission_outcome")
        assert isinstance(u.stack[-1], FalconRescue) == outcome.success  # type: ignore[attr-defined]


# ================================================================ K-2SO (RR-154)
def test_rr154_k2so_adds_a_minor_spec_ops_and_intel_icon() -> None:
    """RR-154: the ring's leader has 1 more minor Spec Ops and 1 more minor Intel icon: it
    counts toward a card's requirement and rolls a green die."""
    s = position(units={"Kessel": {"Stormtrooper": 1}})
    give(s, REBEL, "Sabotage")
    slot = assign(s, REBEL, "Sabotage", "Mon Mothma")
    assert Reveal(slot) not in s.legal_actions()  # no Spec Ops icon
    amend(s, lambda doc: doc.setdefault("rings", {}).update({"Mon Mothma": "K-2SO"}))
    x = skills(s.board, MOTHMA)
    assert (x.minor_spec_ops, x.minor_intel, x.diplomacy) == (1, 1, 3)
    assert skills(s.board, LEIA) is LEADERS[LEIA]
    s.apply(Reveal(slot))
    s.apply(SystemChoice(KESSEL))
    s.apply(Oppose(VADER))
    rolled = [e for e in s.log if e.kind == "mission_rolled"]
    assert [(len(e.dice), len(e.green)) for e in rolled] == [(0, 1), (3, 0)]  # type: ignore[attr-defined]


# ================================================================ Bounty (RR-155)
def test_rr155_a_captured_bounty_costs_reputation_and_leaves() -> None:
    """RR-155: when the Bounty ring's leader is captured the Rebels lose 1 reputation and
    the captured ring replaces the Bounty ring; a capture without it costs nothing."""
    for bounty in (True, False):
        done = False
        for seed in range(40):
            s = position(
                player="Imperial",
                units={"Kessel": {"Stormtrooper": 1}},
                leaders={"Luke Skywalker": "Kessel"},
                seed=seed,
            )
            if bounty:
                attach(s, LUKE, BOUNTY)
            reveal(s, IMPERIAL, "Capture Rebel Operative", KESSEL, "Darth Vader")
            assert isinstance(s.stack[-1], MissionTarget)
            s.apply(Target(LUKE))
            s.apply(Pass())
            if s.board.captured != LUKE:
                continue
            assert s.board.rings[LUKE] == NO_RING
            assert s.board.reputation == (15 if bounty else 14)
            if bounty:
                assert "The Bounty ring left Luke Skywalker, back to the supply" in texts(s, REBEL)
            done = True
            break
        assert done


# ================================================================ Luke's Jedi path (RR-156)
def jedi_game(seed: int) -> RebellionState:
    """Luke resolves Seek Yoda in Dagobah; then, captured there, the Emperor attempts Lure
    of the Dark Side against him."""
    s = position(
        units={"Dagobah": {"Stormtrooper": 1}}, leaders={"Luke Skywalker": "pool"}, seed=seed
    )
    reveal(s, REBEL, "Seek Yoda", DAGOBAH, "Luke Skywalker")
    capture(s.board, JEDI)
    reveal(s, IMPERIAL, "Lure of the Dark Side", DAGOBAH, "Emperor Palpatine")
    s.apply(Pass())  # the Rebels send no one; the captive Jedi rolls against it
    return s


def test_rr156_luke_skywalker_jedi_path() -> None:
    """RR-156: Seek Yoda resolved by Luke in Dagobah makes him Luke Skywalker (Jedi) with
    the Master Yoda ring (Intel 3, Spec Ops 2, tactic 3/3); the Jedi is Luke for every
    card; captured, he loses the Yoda ring; lured, the Rebels lose 1 reputation, and he
    plays for the Empire for the rest of the game (no ring goes on him by choice)."""
    s = position(leaders={"Luke Skywalker": "pool"})
    reveal(s, REBEL, "Seek Yoda", DAGOBAH, "Luke Skywalker")
    b = s.board
    x = LEADERS[JEDI]
    assert (x.intel, x.spec_ops, x.space, x.ground, x.form_of) == (3, 2, 3, 3, "Luke Skywalker")
    assert (b.leader_loc[JEDI], b.leader_status[JEDI], b.rings[JEDI]) == (DAGOBAH, BOARD, YODA)
    assert (b.leader_status[LUKE], recruitable(b, LUKE)) == (SUPPLY, False)
    assert "Luke Skywalker became Luke Skywalker (Jedi)" in texts(s, IMPERIAL)
    assert imperial_turn_next(s)
    capture(b, JEDI)
    assert b.rings[JEDI] == NO_RING and b.is_captive(JEDI)  # the captured ring replaced it
    seen = set()
    for seed in range(30):
        t = jedi_game(seed)
        tb = t.board
        outcome = next(e for e in reversed(t.log) if e.kind == "mission_outcome")
        lured = outcome.success  # type: ignore[attr-defined]
        assert (tb.leader_side[JEDI] == IMPERIAL) == lured
        assert tb.reputation == (15 if lured else 14)
        if lured:
            assert not tb.is_captive(JEDI) and tb.rings[JEDI] == RINGS.index("lure")
            assert wearers(t, C3PO, DAGOBAH) == []  # the Lure stays for the rest of the game
        seen.add(lured)
    assert seen == {True, False}


def test_rr153_the_falcon_after_a_resolved_card() -> None:
    """RR-153: a resolve card (it cannot fail) offers the ring too, once its steps are
    done: Seek Yoda's ring on Luke, then the Falcon rescues the captive in Dagobah."""
    s = position(
        units={"Dagobah": {"Stormtrooper": 1}},
        leaders={"Han Solo": "pool", "Luke Skywalker": "pool", "Princess Leia": "Dagobah"},
    )
    capture(s.board, LEIA)
    attach(s, HAN, FALCON)
    reveal(s, REBEL, "Seek Yoda", DAGOBAH, "Han Solo", "Luke Skywalker")
    assert s.legal_actions() == [Target(HAN), Target(LUKE)]  # the Master Yoda ring
    s.apply(Target(LUKE))  # then he becomes the Jedi, with the ring
    assert isinstance(s.stack[-1], FalconRescue)
    s.apply(Target(LEIA))
    assert s.legal_actions() == [Target(HAN), Target(JEDI), Stop()]
    s.apply(Stop())
    b = s.board
    assert (b.rings[JEDI], b.rings[HAN], b.captured) == (YODA, NO_RING, OFF)
    assert b.leader_loc[LEIA] == REBEL_BASE and imperial_turn_next(s)
