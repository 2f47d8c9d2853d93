"""The Empire's action cards: scenarios with exact outcomes, card by card (research-2 §3;
:mod:`rebellion_rote.rules.imperial_cards`; RR-132..RR-135, RR-160..RR-169)."""

from __future__ import annotations

from typing import Any

from rr_helpers import amend, edited, give_action, give_mission, take

from rebellion_rote.actions import (
    Activate,
    Build,
    Keep,
    Move,
    Objective,
    Oppose,
    Option,
    Pass,
    Place,
    PlayActionCard,
    Reveal,
    Stop,
    SystemChoice,
    Tactic,
    Target,
)
from rebellion_rote.board import BOARD, MISSION, OFF, POOL, SUPPLY
from rebellion_rote.data import (
    ACTIONS,
    IMPERIAL,
    MISSIONS,
    REBEL,
    REBEL_BASE,
    SIDES,
    action_id,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AssignMission,
    CardLeader,
    CardWindow,
    ChooseTactic,
    CommandTurn,
    EliminateLeader,
    FollowRescued,
    OpposeMission,
    RetreatChoice,
)
from rebellion_rote.ids import action_card, mission_card, mission_of, tactic_of
from rebellion_rote.position import position
from rebellion_rote.rules import gains
from rebellion_rote.rules.action_cards import possible_hand
from rebellion_rote.state import RebellionState

U = unit_id
L = leader_id
S = system_id
NABOO = S("Naboo")
MALASTARE = S("Malastare")
CORUSCANT = S("Coruscant")


def mission_id(name: str) -> int:
    return next(i for i, m in enumerate(MISSIONS) if m.name == name)


def give(s: RebellionState, side: int, name: str) -> int:
    """Put action card ``name`` into ``side``'s hand, as recruiting its first pictured
    leader would (a starting card: recruiting nobody); return its index."""
    return give_action(s, side, name)


def imperial_assignment(
    name: str,
    units: dict[str, dict[str, int]] | None = None,
    leaders: dict[str, str] | None = None,
    loyalty: dict[str, str] | None = None,
    **kw: object,
) -> tuple[RebellionState, int]:
    """The Empire's assignment turn (the Rebels passed), holding ``name``."""
    s = position(
        phase="assignment", units=units or {}, leaders=leaders or {}, loyalty=loyalty or {}, **kw
    )  # type: ignore[arg-type]
    i = give(s, IMPERIAL, name)
    s.apply(Pass())  # the Rebels assign nothing
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL
    return s, i


def texts(s: RebellionState) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


# ================================================================ Assignment cards
def test_rr132_brilliant_administrator() -> None:
    """RR-132: Tarkin to an Imperial system; one unit per icon onto the queue space of its
    build number, even with a sabotage marker and a Rebel unit there."""
    s, i = imperial_assignment(
        "Brilliant Administrator",
        units={"Naboo": {"X-wing": 1}},
        loyalty={"Naboo": "Imperial"},
        sabotage=["Naboo"],
    )
    assert PlayActionCard(action_card(i)) in s.legal_actions()
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SystemChoice(CORUSCANT), SystemChoice(NABOO)]
    s.apply(SystemChoice(NABOO))
    b = s.board
    assert b.leader_loc[L("Grand Moff Tarkin")] == NABOO
    assert s.prompt == (
        "Imperial: Brilliant Administrator: a unit onto the build queue from Naboo "
        "(2 icons left), or stop"
    )
    acts = s.legal_actions()
    assert Stop() in acts and all(isinstance(a, Build | Stop) for a in acts)
    first = acts[0]
    assert isinstance(first, Build)
    s.apply(first)
    assert (
        len(b.queue_at(IMPERIAL, 2)) + len(b.queue_at(IMPERIAL, 1)) + len(b.queue_at(IMPERIAL, 3))
        == 1
    )
    s.apply(Stop())
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL
    assert s.zones["action_discard1"] == [action_card(i)]


def test_rr133_boba_fett_where() -> None:
    """RR-133: in this Command Phase the Rebels play no mission in the watched system."""
    s, i = imperial_assignment(
        "Boba Fett? Where?", units={"Naboo": {"Stormtrooper": 1}}, leaders={"Boba Fett": "pool"}
    )
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    assert s.watched == NABOO
    assert s.view(REBEL)["log"][-1]["text"] == (
        "Boba Fett watches Naboo: this Command Phase the Rebels play no mission and use no "
        "action card there"
    )
    from rebellion_rote.rules.missions import fits

    m = MISSIONS[mission_id("Hit and Run")]
    assert m.side == "Rebel"
    assert not fits(s, m, NABOO) and fits(s, m, MALASTARE)
    from rebellion_rote.rules.command import end_command

    s.stack.clear()
    end_command(s)
    assert s.watched == -1


def test_rr134_catch_them_by_surprise() -> None:
    """RR-134: Ozzel to any system, units in from adjacent systems as in an activation;
    a combat at once, then the Empire goes on assigning."""
    s, i = imperial_assignment(
        "Catch Them by Surprise",
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
        leaders={"Admiral Ozzel": "pool"},
    )
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    assert s.board.leader_loc[L("Admiral Ozzel")] == NABOO
    assert texts(s) == [
        "Move 1 Star Destroyer from Malastare to Naboo (Catch Them by Surprise)",
        "Move no more units into Naboo (Catch Them by Surprise)",
    ]
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    assert s.battle.system == NABOO and s.battle.after == "assignment"
    assert s.phase == "assignment"
    # play the combat out with first choices
    while s.battle.active:
        s.apply(s.legal_actions()[0])
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL


def test_rr135_proceeding_as_planned() -> None:
    """RR-135: a project of the Empire's choice from the deck, the leader assigned to it
    face down; the deck is shuffled; the Rebels see a project was taken."""
    s, i = imperial_assignment(
        "Proceeding as Planned", leaders={"Admiral Ozzel": "pool", "Moff Jerjerrod": "pool"}
    )
    s.apply(PlayActionCard(action_card(i)))
    assert texts(s) == [
        "Proceeding as Planned: place Admiral Ozzel",
        "Proceeding as Planned: place Moff Jerjerrod",
    ]
    s.apply(Target(L("Moff Jerjerrod")))
    assert s.prompt == (
        "Imperial: Proceeding as Planned: the project card Moff Jerjerrod is assigned to"
    )
    names = [MISSIONS[mission_of(a.card)].name for a in s.legal_actions() if isinstance(a, Keep)]
    assert "Construct Death Star" in names and len(names) == len(set(names))
    n = len(s.zones["project_deck"])
    s.apply(Keep(mission_card(mission_id("Construct Death Star"))))
    card = s.zones["assigned1"][-1]
    assert MISSIONS[mission_of(card)].name == "Construct Death Star"
    assert s.slots[IMPERIAL][-1] == [L("Moff Jerjerrod")]
    assert s.board.leader_status[L("Moff Jerjerrod")] == MISSION
    assert len(s.zones["project_deck"]) == n - 1
    assert s.view(REBEL)["log"][-1]["text"] == (
        "The Empire took a project card from the project deck and assigned Moff Jerjerrod "
        "to it; the deck was shuffled"
    )
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL


def test_public_support() -> None:
    """Janus to an Imperial system without Rebel ground units: 3 Stormtroopers, and he
    holds back no units there this round."""
    s, i = imperial_assignment(
        "Public Support",
        units={
            "Naboo": {"Stormtrooper": 1, "Star Destroyer": 1},
            "Mon Calamari": {"Rebel Trooper": 1},
        },
        loyalty={"Mon Calamari": "Imperial"},
        leaders={"Janus Greejatus": "pool"},
    )
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SystemChoice(CORUSCANT), SystemChoice(NABOO)]
    s.apply(SystemChoice(NABOO))
    b = s.board
    assert b.units[NABOO][U("Stormtrooper")] == 4
    assert b.leader_loc[L("Janus Greejatus")] == NABOO
    assert not b.locks(NABOO, IMPERIAL) and not b.lock_map(IMPERIAL)[NABOO]
    b.leader_loc[L("Darth Vader")] = NABOO
    assert b.locks(NABOO, IMPERIAL)  # another leader still holds them
    b.leader_loc[L("Darth Vader")] = OFF
    assert isinstance(s.stack[-1], AssignMission)
    from rebellion_rote.rules.refresh import retrieve_leaders

    retrieve_leaders(s)
    assert b.unlocked == -1


def test_rr134_scouting_mission() -> None:
    """RR-134: Fel to any system; up to 4 TIE Fighters from any systems not held by a
    leader; combat if Rebel ships are there."""
    s, i = imperial_assignment(
        "Scouting Mission",
        units={
            "Naboo": {"X-wing": 1},
            "Coruscant": {"TIE Fighter": 3},
            "Kessel": {"TIE Fighter": 3},
            "Mustafar": {"TIE Fighter": 1},
        },
        leaders={"Soontir Fel": "pool", "Darth Vader": "Mustafar"},
    )
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    assert s.legal_actions() == [
        Move(U("TIE Fighter"), S("Kessel")),
        Move(U("TIE Fighter"), CORUSCANT),
        Stop(),
    ]
    for src in (CORUSCANT, CORUSCANT, S("Kessel")):
        s.apply(Move(U("TIE Fighter"), src))
    assert s.prompt == (
        "Imperial: Scouting Mission: move up to 1 more TIE Fighters into Naboo, or stop"
    )
    s.apply(Move(U("TIE Fighter"), S("Kessel")))  # the 4th: no more asked
    assert s.board.units[NABOO][U("TIE Fighter")] == 4
    assert s.battle.system == NABOO and s.battle.after == "assignment"


# ================================================================ helpers for missions and combats
def to_hand(s: RebellionState, side: int, name: str) -> None:
    """Mission ``name`` into ``side``'s hand, from its deck or discard, or with its set."""
    copies = [i for i, m in enumerate(MISSIONS) if m.name == name and m.side == SIDES[side]]
    held = s.zones[f"missions{side}"]
    copy = next(k for k, i in enumerate(copies) if mission_card(i) not in held)
    give_mission(s, side, name, copy)


def assign(s: RebellionState, side: int, name: str, *leaders: str) -> int:
    from rr_helpers import assign as put

    if not any(MISSIONS[mission_of(c)].name == name for c in s.zones[f"missions{side}"]):
        to_hand(s, side, name)
    return put(s, side, name, *leaders)


def imperial_attack(
    units: dict[str, dict[str, int]],
    leaders: dict[str, str] | None = None,
    cards: tuple[tuple[int, str], ...] = (),
    seed: int = 0,
) -> tuple[RebellionState, list[int]]:
    """The Empire activates Naboo with Darth Vader, moving a Star Destroyer in from
    Malastare, with ``cards`` in the hands: the combat has begun."""
    all_units = {k: dict(v) for k, v in units.items()}
    all_units.setdefault("Malastare", {})["Star Destroyer"] = 1
    s = position(player="Imperial", units=all_units, leaders=leaders or {}, seed=seed)
    ids = [give(s, side, name) for side, name in cards]
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(L("Darth Vader")))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    if s.stack and type(s.stack[-1]).__name__ == "Combat":
        s.apply(Pass())  # the Rebels add no leader
    return s, ids


# ================================================================ Good Intel (RR-160)
def test_rr160_good_intel_rebels_choose_face_up() -> None:
    """RR-160: the Rise of the Empire Good Intel, with Yularen or Fel in the combat: the
    Rebels' tactic card is chosen face up (the Empire sees it before choosing), and a
    determinisation keeps it."""
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 2}},
        leaders={"Colonel Yularen": "Naboo"},
        cards=((IMPERIAL, "Good Intel"),),
    )
    assert ACTIONS[i].expansion and ACTIONS[i].timing == "Start of Combat"
    # the base card it replaces is out of the game: never a card the Empire may hold
    assert possible_hand(s, IMPERIAL) == {i, action_id("Local Rumors")}
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert s.battle.good_intel
    assert isinstance(s.stack[-1], ChooseTactic) and s.current_player == REBEL
    assert s.prompt == "Rebel: choose a space tactic card face up (Good Intel)"
    a = s.legal_actions()[0]
    assert isinstance(a, Tactic)
    s.apply(a)
    assert isinstance(s.stack[-1], ChooseTactic) and s.current_player == IMPERIAL
    assert s.view(IMPERIAL)["state"]["battle"]["chosen"][REBEL] == a.card
    assert s.view(IMPERIAL)["log"][-1]["kind"] == "tactic_shown"
    assert s.view(IMPERIAL)["log"][-1]["card"] == a.card
    assert s.view(IMPERIAL)["log"][-1]["text"].endswith("face up (Good Intel)")
    for seed in range(5):
        assert s.resample(IMPERIAL, seed).battle.chosen[REBEL] == tactic_of(a.card)


def test_good_intel_needs_its_leader() -> None:
    s, _ = imperial_attack({"Naboo": {"X-wing": 1}}, cards=((IMPERIAL, "Good Intel"),))
    assert isinstance(s.stack[-1], ChooseTactic)  # neither Yularen nor Fel there: no window


# ================================================================ It Is Your Destiny (RR-161)
def destiny_rescue() -> tuple[RebellionState, int]:
    """Leia and Han reveal Daring Rescue in Naboo, where Vader guards the captive Luke; Vader
    opposes, and with this seed the Rebels' dice win."""
    s = position(
        units={"Naboo": {"Stormtrooper": 1}},
        leaders={"Darth Vader": "Naboo", "Luke Skywalker": "Naboo"},
        captured="Luke Skywalker",
    )
    i = give(s, IMPERIAL, "It Is Your Destiny")
    slot = assign(s, REBEL, "Daring Rescue", "Princess Leia", "Han Solo")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    assert isinstance(s.stack[-1], OpposeMission)
    s.apply(Pass())  # no pool leader sent: Vader, there, opposes
    outcome = [e for e in s.log if e.kind == "mission_outcome"]
    assert len(outcome) == 1 and getattr(outcome[0], "success", False)
    return s, i


def test_rr161_it_is_your_destiny() -> None:
    """RR-161: right after the rescue, before anyone goes with the rescued leader, Vader's
    card captures one of the mission's leaders there; the other may then follow."""
    s, i = destiny_rescue()
    b = s.board
    assert b.captured == OFF and b.leader_loc[L("Luke Skywalker")] == REBEL_BASE
    top = s.stack[-1]
    assert isinstance(top, CardWindow) and top.window == "destiny"
    assert s.prompt == "Imperial: a leader was just rescued in Naboo: play an action card, or pass"
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], CardLeader)
    assert texts(s) == [
        "Capture Princess Leia (It Is Your Destiny)",
        "Capture Han Solo (It Is Your Destiny)",
    ]
    s.apply(Target(L("Han Solo")))
    assert b.captured == L("Han Solo") and b.leader_loc[L("Han Solo")] == NABOO
    top = s.stack[-1]
    assert isinstance(top, FollowRescued)
    assert s.legal_actions() == [Target(L("Princess Leia")), Stop()]


def test_it_is_your_destiny_declined_and_unplayable() -> None:
    s, _ = destiny_rescue()
    s.apply(Pass())
    assert isinstance(s.stack[-1], FollowRescued)
    # without an Imperial unit in the system the card cannot be played: no window
    s2 = position(leaders={"Darth Vader": "Naboo", "Luke Skywalker": "Naboo"})
    s2.board.captured = L("Luke Skywalker")
    give(s2, IMPERIAL, "It Is Your Destiny")
    from rebellion_rote.rules.imperial_cards import destiny_can

    s2.mission_leaders = [L("Princess Leia")]
    s2.board.leader_loc[L("Princess Leia")] = NABOO
    s2.board.leader_status[L("Princess Leia")] = BOARD
    assert not destiny_can(s2, NABOO)


# ================================================================ Blindside (RR-162)
def test_rr162_blindside() -> None:
    """RR-162: as Boba Fett's mission is attempted, before the Rebels oppose: no Rebel pool
    leader may oppose it (a Subversion still could)."""
    s = position(
        player="Imperial",
        units={"Naboo": {"Stormtrooper": 1}},
        leaders={"Luke Skywalker": "Naboo"},
    )
    i = give(s, IMPERIAL, "Blindside")
    slot = assign(s, IMPERIAL, "Capture Rebel Operative", "Boba Fett")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.apply(Target(L("Luke Skywalker")))
    top = s.stack[-1]
    assert isinstance(top, CardWindow) and top.window == "blindside"
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], OpposeMission)
    assert s.legal_actions() == [Pass()]
    # without the card, a pool leader may oppose
    s2 = position(
        player="Imperial", units={"Naboo": {"Stormtrooper": 1}}, leaders={"Luke Skywalker": "Naboo"}
    )
    give(s2, IMPERIAL, "Blindside")
    slot = assign(s2, IMPERIAL, "Capture Rebel Operative", "Boba Fett")
    s2.apply(Reveal(slot))
    s2.apply(SystemChoice(NABOO))
    s2.apply(Target(L("Luke Skywalker")))
    assert isinstance(s2.stack[-1], CardWindow)  # public facts: the window opens
    s2.apply(Pass())
    assert Oppose(L("Princess Leia")) in s2.legal_actions()


# ================================================================ Track Them (RR-163)
def test_rr163_track_them() -> None:
    """RR-163: after the Rebels retreated (the round's retreat step), an Imperial leader in
    the combat's system goes back to the pool."""
    s, (i,) = imperial_attack(
        {"Naboo": {"Mon Calamari Cruiser": 3}},
        leaders={"Luke Skywalker": "Naboo", "General Tagge": "Naboo"},
        cards=((IMPERIAL, "Track Them"),),
    )
    assert ACTIONS[i].starting and possible_hand(s, IMPERIAL) >= {i}
    guard = 0
    while not (isinstance(s.stack[-1], RetreatChoice) and s.current_player == REBEL):
        if isinstance(s.stack[-1], RetreatChoice):
            s.apply(Pass())  # the Empire stays
        else:
            s.apply(s.legal_actions()[0])
        guard += 1
        assert guard < 200 and s.battle.active
    s.apply(s.legal_actions()[0])  # retreat with Luke
    s.apply(s.legal_actions()[0])  # to the first system offered
    while not isinstance(s.stack[-1], CardWindow):
        s.apply(s.legal_actions()[0])  # the ships go, then stop
    top = s.stack[-1]
    assert top.window == "track_them" and s.prompt == (
        "Imperial: Rebel units retreated from Naboo: play an action card, or pass"
    )
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert texts(s) == [
        "Send Darth Vader back to the pool (Track Them)",
        "Send General Tagge back to the pool (Track Them)",
    ]
    s.apply(Target(L("Darth Vader")))
    b = s.board
    assert b.leader_status[L("Darth Vader")] == POOL and b.leader_loc[L("Darth Vader")] == OFF
    log = [e["text"] for e in s.view(REBEL)["log"]]
    assert "Darth Vader went back from Naboo to the pool" in log


# ================================================================ Ambitions of Power (RR-169)
NINE = (
    "Emperor Palpatine",
    "Darth Vader",
    "Grand Moff Tarkin",
    "General Tagge",
    "Boba Fett",
    "Colonel Yularen",
    "Admiral Ozzel",
    "Admiral Piett",
    "General Veers",
)


def nine_in_pool() -> tuple[RebellionState, int]:
    s = position(phase="assignment", leaders={x: "pool" for x in NINE})
    i = give(s, IMPERIAL, "Ambitions of Power")
    s.stack.clear()
    s.phase = "refresh"
    return s, i


def test_rr169_ambitions_of_power() -> None:
    """RR-169: with 9 leaders in the pool the Empire may play Ambitions of Power (neither
    Motti nor Jabba in play): the limit is 9 for the game, nobody is eliminated."""
    from rebellion_rote.rules.refresh import pool_limit_due

    s, i = nine_in_pool()
    assert pool_limit_due(s, "end")
    assert s.prompt == (
        "Imperial: your pool holds more than 8 leaders: play an action card, or pass"
    )
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert s.pool_limit9 and len(s.board.pool(IMPERIAL)) == 9
    assert s.phase == "assignment" and isinstance(s.stack[-1], AssignMission)
    assert s.view(REBEL)["log"][-2]["text"] == "Imperial's leader pool limit is now 9"


def test_ambitions_declined_means_eliminating() -> None:
    from rebellion_rote.rules.refresh import pool_limit_due

    s, _ = nine_in_pool()
    pool_limit_due(s, "end")
    s.apply(Pass())
    assert isinstance(s.stack[-1], EliminateLeader)
    assert s.prompt == "Imperial: more than 8 leaders in the pool: eliminate one"


# ================================================================ Post Bounty (RR-164)
def test_rr164_post_bounty() -> None:
    """RR-164: a mission failed in Jabba's system: before its clean-up the Empire may put
    the Bounty ring on a Rebel leader without a ring."""
    from rebellion_rote.rules.missions import finish_mission

    s = position(
        leaders={"Jabba the Hutt": "Naboo", "Princess Leia": "Naboo", "Luke Skywalker": "pool"}
    )
    i = give(s, IMPERIAL, "Post Bounty")
    slot = assign(s, REBEL, "Regional Aid", "Princess Leia")
    card = mission_of(s.zones["assigned0"][slot])
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    s.stack.pop()  # the opposition: the mission fails (as if Jabba rolled better)
    finish_mission(s, REBEL, card, NABOO, OFF, False)
    top = s.stack[-1]
    assert isinstance(top, CardWindow) and top.window == "bounty"
    assert s.prompt == "Imperial: a mission failed in Naboo: play an action card, or pass"
    s.apply(PlayActionCard(action_card(i)))
    names = texts(s)
    assert "Put the Bounty ring on Princess Leia" in names
    assert "Put the Bounty ring on Luke Skywalker" in names
    s.apply(Target(L("Princess Leia")))
    from rebellion_rote.rules.rings import BOUNTY

    assert s.board.rings[L("Princess Leia")] == BOUNTY
    # the clean-up followed: the card went to the discard, the Empire's turn
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert s.failed_at == -1


# ================================================================ Sweep the Area (RR-165, RR-168)
def sweep_in_play(probe: str = "Naboo") -> RebellionState:
    s = position(
        units={"Malastare": {"Star Destroyer": 1}},
        leaders={"Luke Skywalker": "Naboo", "Princess Leia": "Naboo"},
    )
    i = action_id("Sweep the Area")
    s.zones["action_deck1"].remove(action_card(i))
    s.zones["action_in_play1"].append(action_card(i))
    s.move(S(probe), "probe_deck", "sweep_probe")
    return s


def test_rr165_a_hidden_probe_card() -> None:
    """RR-165: gained, Sweep the Area takes a probe card of the hand face down and stays in
    play; the Rebels see neither which card nor, in a determinisation, the real one."""
    s = position()
    for x in (NABOO, MALASTARE):
        s.move(x, "probe_deck", "probe_hand")
    i = give(s, IMPERIAL, "Sweep the Area")
    gains.gain(s, IMPERIAL, action_card(i))
    gains.resume(s)
    assert s.prompt == "Imperial: Sweep the Area: the probe card hidden under it (2 in hand)"
    assert texts(s) == [
        "Hide the probe card of Malastare under Sweep the Area",
        "Hide the probe card of Naboo under Sweep the Area",
    ]
    s.apply(SystemChoice(NABOO))
    assert s.zones["sweep_probe"] == [NABOO] and s.zones["probe_hand"] == [MALASTARE]
    assert s.zones["action_in_play1"] == [action_card(i)]
    assert s.view(REBEL)["log"][-1]["text"] == "The Empire hid a probe card under Sweep the Area"
    assert s.view(REBEL)["log"][-1]["under"] == action_card(i)
    assert s.view(IMPERIAL)["log"][-1]["card"] == NABOO
    assert s.view(IMPERIAL)["log"][-1]["under"] == action_card(i)
    assert s.view(REBEL)["zones"]["sweep_probe"] == {"owner": IMPERIAL, "count": 1}
    assert i not in possible_hand(s, IMPERIAL)
    seen = {s.resample(REBEL, seed).zones["sweep_probe"][0] for seed in range(20)}
    assert len(seen) > 1 and S("Dantooine") not in seen
    assert isinstance(s.stack[-1], CommandTurn)


def test_a_hidden_probe_needs_a_probe_card() -> None:
    s = position()
    i = give(s, IMPERIAL, "Secret Facility")
    gains.gain(s, IMPERIAL, action_card(i))
    gains.resume(s)
    assert s.zones["action_discard1"] == [action_card(i)]
    assert not s.zones["action_in_play1"]


def test_rr168_sweep_the_area() -> None:
    """RR-168: at the end of the Command Phase the Empire reveals the card and captures a
    Rebel leader there; with no Imperial unit there the captive goes to the closest system
    with one."""
    s = sweep_in_play()
    s.apply(Pass())  # the Rebels pass
    s.apply(Pass())  # the Empire passes: the end of the Command Phase
    top = s.stack[-1]
    assert isinstance(top, CardWindow) and top.window == "sweep"
    assert s.prompt == "Imperial: the Command Phase ends: play an action card, or pass"
    sweep = action_id("Sweep the Area")
    assert texts(s) == [
        "Reveal the probe card under Sweep the Area: capture a Rebel leader there",
        "Keep Sweep the Area in play (reveal nothing now)",
    ]
    s.apply(PlayActionCard(action_card(sweep)))
    assert s.zones["probes_out"] == [NABOO]
    assert s.zones["action_discard1"] == [action_card(sweep)]
    assert texts(s) == [
        "Capture Princess Leia (Sweep the Area)",
        "Capture Luke Skywalker (Sweep the Area)",
    ] or texts(s) == [
        "Capture Luke Skywalker (Sweep the Area)",
        "Capture Princess Leia (Sweep the Area)",
    ]
    s.apply(Target(L("Luke Skywalker")))
    b = s.board
    assert b.captured == L("Luke Skywalker") and b.leader_loc[L("Luke Skywalker")] == MALASTARE
    assert s.phase == "refresh"


def test_sweep_the_area_kept_and_no_leader_there() -> None:
    s = sweep_in_play(probe="Kessel")
    s.apply(Pass())
    s.apply(Pass())
    assert s.legal_actions() == [Pass()]  # nobody in Kessel: only keep it (public window)
    s.apply(Pass())
    assert s.sweep_kept == 1 and s.zones["sweep_probe"] == [S("Kessel")]
    assert s.phase == "refresh"


# ================================================================ Secret Facility (RR-167)
def test_rr167_secret_facility() -> None:
    """RR-167: at the start of an Imperial Command turn the Empire reveals the probe card:
    a Shield Bunker and a triangle ground unit there, a combat if due, then the turn."""
    s = position(player="Imperial", units={"Naboo": {"Rebel Trooper": 1}})
    i = action_id("Secret Facility")

    def in_play(doc: dict[str, Any]) -> None:
        cards, probes = doc["actions"]["Imperial"], doc["probes"]
        take(doc, "Secret Facility", cards["deck"])
        cards["in_play"].append("Secret Facility")
        take(doc, "Naboo", probes["deck"])
        probes["secret_facility"] = ["Naboo"]

    amend(s, in_play)
    assert PlayActionCard(action_card(i)) in s.legal_actions()
    assert s.describe(PlayActionCard(action_card(i))).startswith(
        "Reveal the probe card under Secret Facility"
    )
    s.apply(PlayActionCard(action_card(i)))
    assert texts(s) == [
        "Place 1 Stormtrooper in Naboo (Secret Facility)",
        "Place 1 Assault Tank in Naboo (Secret Facility)",
    ]
    s.apply(Place(U("Assault Tank"), NABOO))
    b = s.board
    assert b.units[NABOO][U("Shield Bunker")] == 1 and b.units[NABOO][U("Assault Tank")] == 1
    assert s.battle.system == NABOO and s.battle.after == "reveal"
    assert s.zones["probes_out"] == [NABOO]
    log = [e["text"] for e in s.view(REBEL)["log"]]
    assert "Secret Facility revealed its probe card: Naboo" in log
    while s.battle.active:
        s.apply(s.legal_actions()[0])
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert PlayActionCard(action_card(i)) not in s.legal_actions()


# ================================================================ Early Promotion, Lord Vader's Orders
def test_rr169_early_promotion() -> None:
    """RR-169: Motti is recruited; he and Tarkin go to Imperial systems (on the board until
    the Refresh Phase); or another starting card is drawn."""
    s = position(loyalty={"Naboo": "Imperial"})
    i = give(s, IMPERIAL, "Early Promotion")
    gains.gain(s, IMPERIAL, action_card(i))
    gains.resume(s)
    assert texts(s) == [
        "Draw another starting action card",
        "Recruit Admiral Motti and place him and Grand Moff Tarkin in Imperial systems",
    ]
    s.apply(Option(2))
    assert s.prompt == "Imperial: Early Promotion: the Imperial system Admiral Motti goes to"
    assert s.legal_actions() == [SystemChoice(CORUSCANT), SystemChoice(NABOO)]
    s.apply(SystemChoice(NABOO))
    s.apply(SystemChoice(CORUSCANT))  # Tarkin
    b = s.board
    assert (b.leader_status[L("Admiral Motti")], b.leader_loc[L("Admiral Motti")]) == (BOARD, NABOO)
    assert b.leader_loc[L("Grand Moff Tarkin")] == CORUSCANT
    assert isinstance(s.stack[-1], CommandTurn)
    # the other option: a starting card from the box
    s2 = position()
    j = give(s2, IMPERIAL, "Early Promotion")
    box = len(s2.zones["action_box1"])
    gains.gain(s2, IMPERIAL, action_card(j))
    gains.resume(s2)
    s2.apply(Option(1))
    assert len(s2.zones["action_box1"]) == box - 1
    assert s2.board.leader_status[L("Admiral Motti")] == SUPPLY


def test_rr166_lord_vaders_orders() -> None:
    """RR-166: the Empire looks at the top 3 objective cards and puts them back in its
    order; the backs move with them (public); the Rebels forget where cards they knew lie."""
    s = position()
    deck = s.zones["objective_deck"]
    top3 = deck[::-1][:3]
    s.reveal("objective_deck", REBEL, [top3[0]])
    i = give(s, IMPERIAL, "Lord Vader's Orders")
    gains.gain(s, IMPERIAL, action_card(i))
    gains.resume(s)
    assert s.prompt.startswith("Imperial: Lord Vader's Orders: the objective card put back 1st")
    want = [top3[2], top3[0], top3[1]]
    for c in want[:2]:
        s.apply(Objective(c))
    assert deck[::-1][:3] == want
    assert s.objective_backs[::-1][:3] == [s.objective_backs[::-1][k] for k in range(3)]
    from rebellion_rote.rules.objectives import STAGE

    assert s.objective_backs[::-1][:3] == [STAGE[c] for c in want]
    assert s.view(IMPERIAL)["state"]["objectives_known"][:3] == sorted(
        [k, c] for k, c in enumerate(want)
    )
    assert not s.view(REBEL)["state"]["objectives_known"]
    assert s.view(REBEL)["log"][-1]["text"] == (
        "The Empire put the top 3 objective cards back in an order of its choice"
    )
    assert isinstance(s.stack[-1], CommandTurn)


# ================================================================ more paths
def test_rr133_no_rebel_action_card_in_the_watched_system() -> None:
    """RR-133: in the system Boba Fett watches the Rebels use no action card (a Start of
    Combat card there); elsewhere they do."""
    for watched, window in ((NABOO, False), (-1, True)):
        s = position(
            player="Imperial",
            units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
            leaders={"Admiral Ackbar": "Naboo"},
        )
        i = give(s, REBEL, "It's a Trap")
        s.watched = watched
        s.apply(SystemChoice(NABOO))
        s.apply(Activate(L("Darth Vader")))
        s.apply(Move(U("Star Destroyer"), MALASTARE))
        s.apply(Stop())
        if type(s.stack[-1]).__name__ == "Combat":
            s.apply(Pass())
        assert (s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]) is window
        assert isinstance(s.stack[-1], ChooseTactic) is not window


def test_rr161_destiny_after_the_millennium_falcon_ring() -> None:
    """RR-161: the Millennium Falcon ring rescues after a Rebel mission: the window opens
    before the assigned leaders may go with the rescued one."""
    from rebellion_rote.rules.rings import FALCON

    s = position(
        units={"Naboo": {"Stormtrooper": 1}},
        leaders={"Darth Vader": "Naboo", "Luke Skywalker": "Naboo", "Han Solo": "pool"},
    )
    b = s.board
    b.captured = L("Luke Skywalker")
    b.rings[L("Han Solo")] = FALCON
    i = give(s, IMPERIAL, "It Is Your Destiny")
    slot = assign(s, REBEL, "Plant False Lead", "General Rieekan", "Han Solo")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))  # a resolve card: no opposition, no dice
    while s.stack[-1].kind != "falcon_rescue":
        s.apply(s.legal_actions()[0])  # the card's own choices (probe cards put back)
    s.apply(Target(L("Luke Skywalker")))
    top = s.stack[-1]
    assert isinstance(top, CardWindow) and top.window == "destiny"
    s.apply(PlayActionCard(action_card(i)))
    s.apply(Target(L("General Rieekan")))
    assert b.captured == L("General Rieekan") and b.leader_loc[L("General Rieekan")] == NABOO
    assert s.stack[-1].kind == "falcon_follow"
    assert s.legal_actions() == [Target(L("Han Solo")), Stop()]


def test_rr168_sweep_the_area_and_noble_sacrifice() -> None:
    """RR-168: a capture by Sweep the Area is a capture: Noble Sacrifice may answer it, and
    the end of the Command Phase goes on."""
    s = position(
        units={"Malastare": {"Star Destroyer": 1}},
        leaders={"Obi-Wan Kenobi": "Naboo"},
        reputation=10,
    )
    i = action_id("Sweep the Area")
    s.zones["action_deck1"].remove(action_card(i))
    s.zones["action_in_play1"].append(action_card(i))
    s.move(NABOO, "probe_deck", "sweep_probe")
    noble = give(s, REBEL, "Noble Sacrifice")
    s.apply(Pass())
    s.apply(Pass())
    s.apply(PlayActionCard(action_card(i)))  # the only leader there: captured at once
    assert s.board.captured == L("Obi-Wan Kenobi")
    assert s.prompt == "Rebel: play an action card when Obi-Wan Kenobi is captured, or pass"
    s.apply(PlayActionCard(action_card(noble)))
    from rebellion_rote.board import ELIMINATED

    assert s.board.leader_status[L("Obi-Wan Kenobi")] == ELIMINATED
    assert s.board.reputation == 9
    assert s.phase == "refresh"


def test_a_lured_leader_is_not_in_its_old_sides_pool_for_a_card() -> None:
    """An Assignment card needs its pictured leader in its own side's pool: a Rebel leader
    lured to the Dark Side (in the Imperial pool) does not make Trust in the Force playable;
    and a side asked only for an action card is not offered missions with no leader left."""
    from rebellion_rote.board import LURE
    from rebellion_rote.rules.assignment_cards import can_play

    s = position(phase="assignment", leaders={"Chirrut Îmwe": "pool"})
    i = give(s, REBEL, "Trust in the Force")
    b = s.board
    b.rings[L("Chirrut Îmwe")], b.leader_side[L("Chirrut Îmwe")] = LURE, IMPERIAL
    assert not can_play(s, REBEL, i)
    b.rings[L("Chirrut Îmwe")], b.leader_side[L("Chirrut Îmwe")] = -1, REBEL
    b.loyalty[NABOO] = -1
    b.subjugated[NABOO] = True
    for x in b.pool(REBEL):
        if x != L("Chirrut Îmwe"):
            b.leader_status[x] = BOARD
    b.leader_status[L("Chirrut Îmwe")] = BOARD
    b.leader_status[L("Jyn Erso")] = POOL
    edited(s, "leaders on the board with no location, to leave Jyn Erso alone in the pool")
    b = s.board
    assert can_play(s, REBEL, i) and b.pool(REBEL) == [L("Jyn Erso")]
    b.leader_side[L("Jyn Erso")] = IMPERIAL  # lured: no Rebel pool leader at all
    edited(s, "a leader playing for the Empire with no Lure ring")
    assert s.legal_actions() == [Pass()]


def test_rr134_catch_them_by_surprise_subjugates_after_the_moves() -> None:
    """RR-134: ground units carried in subjugate the system once the moves (and a combat,
    if one follows) are over, as in an activation; with no combat the Empire goes on."""
    s, i = imperial_assignment(
        "Catch Them by Surprise",
        units={"Malastare": {"Star Destroyer": 1, "Stormtrooper": 1}},
        leaders={"Admiral Ozzel": "pool"},
    )
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Move(U("Stormtrooper"), MALASTARE))
    b = s.board
    assert b.units[NABOO][U("Stormtrooper")] == 1 and not b.subjugated[NABOO]
    s.apply(Stop())
    assert b.subjugated[NABOO] and not s.battle.active
    assert isinstance(s.stack[-1], AssignMission) and s.current_player == IMPERIAL


def test_rr166_a_known_card_drawn_stays_known() -> None:
    """RR-166: after Lord Vader's Orders the Empire knows the top cards; the one the Rebels
    draw next stays known to it in their hand (its determinisation keeps it there)."""
    from rebellion_rote.rules.objectives import draw_objectives

    s = position()
    i = give(s, IMPERIAL, "Lord Vader's Orders")
    gains.gain(s, IMPERIAL, action_card(i))
    gains.resume(s)
    deck = s.zones["objective_deck"]
    while s.stack[-1].kind == "vader_orders":
        a = next(x for x in s.legal_actions() if isinstance(x, Objective))
        s.apply(a)
    top = deck[-1]
    draw_objectives(s, 1, "mission")
    hand = s.zones["objective_hand"]
    assert hand[-1] == top and top in s.known["objective_hand"][IMPERIAL]
    assert s.view(IMPERIAL)["zones"]["objective_hand"]["known"] == [top]
    assert "known" not in s.view(None)["zones"]["objective_hand"]
    for seed in range(5):
        assert top in s.resample(IMPERIAL, seed).zones["objective_hand"]
