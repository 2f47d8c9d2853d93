"""Action cards played from the hand: scenarios with exact outcomes, card by card
(research-2 §3; :mod:`rebellion_rote.rules.action_cards`; RR-120..RR-127)."""

from __future__ import annotations

from rr_helpers import amend, give_action

from rebellion_rote.actions import (
    Activate,
    AsRed,
    Destroy,
    Move,
    Option,
    Pass,
    PlayActionCard,
    Stop,
    SystemChoice,
    Target,
)
from rebellion_rote.board import BOARD, POOL
from rebellion_rote.data import (
    ACTION_LEADERS,
    IMPERIAL,
    REBEL,
    TACTICS,
    action_id,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import ActionCardWindow as Window
from rebellion_rote.decisions import (
    ActionDestroy,
    ActionRetrieve,
    ActionTheater,
    ChooseTactic,
    ConvertHits,
    ReadyLeader,
)
from rebellion_rote.ids import action_card, tactic_card, tactic_of
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.rules.action_cards import possible_hand
from rebellion_rote.rules.combat.forces import health
from rebellion_rote.state import RebellionState

NABOO = system_id("Naboo")
MALASTARE = system_id("Malastare")
U = unit_id
L = leader_id


def give(s: RebellionState, side: int, name: str) -> int:
    """Put action card ``name`` into ``side``'s hand, as recruiting its first pictured
    leader would (a starting card: recruiting nobody); return its index."""
    return give_action(s, side, name)


def imperial_attack(
    units: dict[str, dict[str, int]],
    leaders: dict[str, str] | None = None,
    cards: tuple[tuple[int, str], ...] = (),
    ships: int = 1,
    seed: int = 0,
) -> tuple[RebellionState, list[int]]:
    """The Empire activates Naboo with Darth Vader, moving ``ships`` Star Destroyers in
    from Malastare, with ``cards`` in the hands: the combat has begun."""
    all_units = {k: dict(v) for k, v in units.items()}
    all_units.setdefault("Malastare", {})["Star Destroyer"] = ships
    s = position(player="Imperial", units=all_units, leaders=leaders or {}, seed=seed)
    ids = [give(s, side, name) for side, name in cards]
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(L("Darth Vader")))
    for _ in range(ships):
        s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    if s.stack and type(s.stack[-1]).__name__ == "Combat":
        s.apply(Pass())  # the Rebels add no leader
    return s, ids


def window(s: RebellionState, side: int) -> list[str]:
    top = s.stack[-1]
    assert isinstance(top, Window) and top.player == side
    return [s.describe(a) for a in s.legal_actions()]


def test_rr120_a_window_opens_on_public_facts() -> None:
    """RR-120: the window opens when a card the side may hold (as the other side knows)
    is playable; it offers only the cards really held and playable, and ``pass``."""
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"Admiral Piett": "Naboo"},
        cards=((IMPERIAL, "Keep Them from Escaping"),),
    )
    assert s.prompt == "Imperial: play an action card at the start of the combat, or pass"
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    # the Rebels know a card picturing Piett is held: Keep Them from Escaping or Ready for
    # Action (the two recruit cards picturing him)
    assert possible_hand(s, IMPERIAL) == {i, action_id("Ready for Action")}
    view = s.view(REBEL)
    assert view["state"]["hand_recruits"][IMPERIAL] == [L("Admiral Piett")]
    # a card recruited with Piett but not playable: the window still opens (Ready for
    # Action would be playable with Piett in the pool? no: he is on the board; Keep Them
    # from Escaping is), so the Empire may be holding a card it cannot play
    s2, _ = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"Admiral Piett": "Naboo"},
        cards=((IMPERIAL, "Ready for Action"),),
    )
    assert s2.legal_actions() == [Pass()]
    # no card in hand: no window at all
    s3, _ = imperial_attack({"Naboo": {"X-wing": 1}}, leaders={"Admiral Piett": "Naboo"})
    assert isinstance(s3.stack[-1], ChooseTactic)


def test_a_played_card_is_face_up_and_the_window_opens_again() -> None:
    s, (i, j) = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"Admiral Piett": "Naboo", "Emperor Palpatine": "Naboo"},
        cards=((IMPERIAL, "Keep Them from Escaping"), (IMPERIAL, "According to My Design")),
    )
    assert s.legal_actions() == [
        PlayActionCard(action_card(j)),
        PlayActionCard(action_card(i)),
        Pass(),
    ]
    s.apply(PlayActionCard(action_card(i)))
    assert s.zones["action_discard1"] == [action_card(i)]
    assert s.hand_recruits[IMPERIAL] == [-1]
    assert s.view(REBEL)["log"][-1]["text"] == "Imperial played Keep Them from Escaping"
    assert s.legal_actions() == [PlayActionCard(action_card(j)), Pass()]
    s.apply(Pass())
    assert isinstance(s.stack[-1], ChooseTactic)
    assert s.battle.no_retreat == [True, False] and not s.battle.fewer_dice


def test_according_to_my_design() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"Mon Calamari Cruiser": 2, "X-wing": 1}},
        leaders={"Emperor Palpatine": "Naboo"},
        cards=((IMPERIAL, "According to My Design"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    assert s.battle.round == 1
    # 4 red and 3 black dice, less 1 red and 2 black in the first round (RR-121)
    assert C.attack_dice(s, REBEL, C.SPACE) == (3, 1, 0)
    s.battle.round = 2
    assert C.attack_dice(s, REBEL, C.SPACE) == (4, 3, 0)


def test_rr121_according_to_my_design_after_the_caps() -> None:
    """RR-121: the dice come off those the caps leave (5 red at most)."""
    s, (i,) = imperial_attack(
        {"Naboo": {"Mon Calamari Cruiser": 3, "X-wing": 1}},
        leaders={"Emperor Palpatine": "Naboo"},
        cards=((IMPERIAL, "According to My Design"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    # 6 red capped at 5, then 1 fewer; 4 black less 2
    assert C.attack_dice(s, REBEL, C.SPACE) == (4, 2, 0)


def test_rr122_more_dangerous_than_you_realize() -> None:
    """RR-122: the Empire chooses the theater, then each card while more than 3 are there."""
    s = position(
        player="Imperial",
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
        leaders={"General Tagge": "Naboo"},
    )
    i = give(s, IMPERIAL, "More Dangerous Than You Realize")
    space, ground = s.zones["tactics_1_space"], s.zones["tactics_1_ground"]
    moved = sorted(space)[:4]
    for c in moved:
        s.move(c, "tactics_1_space", "tactic_discard_1_space")
    g = sorted(ground)[0]
    s.move(g, "tactics_1_ground", "tactic_discard_1_ground")
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(L("Darth Vader")))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    s.apply(Pass())
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], ActionTheater)
    assert [s.describe(a) for a in s.legal_actions()] == [
        "Take back space tactic cards from the discard",
        "Take back ground tactic cards from the discard",
    ]
    s.apply(Option(1))
    for left in (3, 2, 1):
        top = s.stack[-1]
        assert isinstance(top, ActionRetrieve) and top.left == left
        s.apply(s.legal_actions()[-1])
    assert s.zones["tactic_discard_1_space"] == [moved[0]]
    assert s.zones["tactic_discard_1_ground"] == [g]
    assert all(c in space for c in moved[1:])
    back = [e for e in s.log if e.kind == "card_retrieved"]
    assert [e.card for e in back] == moved[:0:-1]  # type: ignore[attr-defined]
    assert s.narrate(back[0]) == f"{TACTICS[tactic_of(moved[3])].name} went back to the deck"


def test_more_dangerous_takes_back_all_when_three_or_fewer() -> None:
    s = position(
        player="Imperial",
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1}},
        leaders={"General Tagge": "Naboo"},
    )
    i = give(s, IMPERIAL, "More Dangerous Than You Realize")
    ground = s.zones["tactics_1_ground"]
    two = sorted(ground)[:2]
    for c in two:
        s.move(c, "tactics_1_ground", "tactic_discard_1_ground")
    s.apply(SystemChoice(NABOO))
    s.apply(Activate(L("Darth Vader")))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Stop())
    s.apply(Pass())
    s.apply(PlayActionCard(action_card(i)))
    assert s.zones["tactic_discard_1_ground"] == []
    assert all(c in ground for c in two)
    assert isinstance(s.stack[-1], ChooseTactic)


def test_more_dangerous_needs_a_discard() -> None:
    s, _ = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"General Tagge": "Naboo"},
        cards=((IMPERIAL, "More Dangerous Than You Realize"),),
    )
    # no card the Empire may hold is playable here: no window
    assert isinstance(s.stack[-1], ChooseTactic)


def test_fully_operational() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"Death Star": 1, "X-wing": 1, "Y-wing": 1}},
        leaders={"Moff Jerjerrod": "Naboo"},
        cards=((IMPERIAL, "Fully Operational"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], ActionDestroy)
    assert s.prompt == "Imperial: Fully Operational: choose the Rebel ship to destroy"
    assert s.legal_actions() == [Destroy(U("X-wing"), 0), Destroy(U("Y-wing"), 0)]
    s.apply(Destroy(U("Y-wing"), 0))
    row = s.board.units[NABOO]
    assert row[U("Y-wing")] == 0 and row[U("X-wing")] == 1
    assert s.view(REBEL)["log"][-1]["kind"] == "units_destroyed"


def test_fully_operational_needs_a_death_star() -> None:
    s, _ = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"Moff Jerjerrod": "Naboo"},
        cards=((IMPERIAL, "Fully Operational"),),
    )
    # neither card picturing Jerjerrod is playable here: no window
    assert isinstance(s.stack[-1], ChooseTactic)


def test_rr123_keep_them_from_escaping() -> None:
    """RR-123: no Rebel retreat, and units that had to leave are destroyed."""
    s, (i,) = imperial_attack(
        {"Naboo": {"Corellian Corvette": 1}},
        leaders={"Admiral Piett": "Naboo", "Princess Leia": "Naboo"},
        cards=((IMPERIAL, "Keep Them from Escaping"),),
    )
    assert C.can_retreat(s, REBEL) == [L("Princess Leia")]
    s.apply(PlayActionCard(action_card(i)))
    assert C.can_retreat(s, REBEL) == []
    assert C.can_retreat(s, IMPERIAL) != []


def test_rr124_ready_for_action() -> None:
    """RR-124: the leader comes from the pool, cannot retreat and goes back afterwards."""
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 1}},
        leaders={"Admiral Piett": "pool", "General Veers": "pool"},
        cards=((IMPERIAL, "Ready for Action"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], ReadyLeader)
    assert [s.describe(a) for a in s.legal_actions()] == [
        "Bring Admiral Piett from the pool into the combat",
        "Bring General Veers from the pool into the combat",
    ]
    s.apply(Target(L("General Veers")))
    b = s.board
    assert (
        b.leader_loc[L("General Veers")] == NABOO and b.leader_status[L("General Veers")] == BOARD
    )
    assert s.battle.ready == [L("General Veers")]
    assert C.can_retreat(s, IMPERIAL) == [L("Darth Vader")]
    while s.battle.active and not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert b.leader_status[L("General Veers")] == POOL


def test_target_the_generator() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 1, "Shield Generator": 1, "Ion Cannon": 1}},
        leaders={"General Veers": "Naboo"},
        cards=((IMPERIAL, "Target the Generator"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [Destroy(U("Shield Generator"), 0), Destroy(U("Ion Cannon"), 0)]
    s.apply(Destroy(U("Ion Cannon"), 0))
    row = s.board.units[NABOO]
    assert row[U("Ion Cannon")] == 0 and row[U("Shield Generator")] == 1


def test_its_a_trap() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 2}},
        leaders={"Admiral Ackbar": "Naboo"},
        cards=((REBEL, "It's a Trap"),),
    )
    window(s, REBEL)
    s.apply(PlayActionCard(action_card(i)))
    assert s.battle.denied[IMPERIAL] == [1, 0]
    top = s.stack[-1]
    assert isinstance(top, ChooseTactic) and top.player == REBEL
    s.apply(s.legal_actions()[0])
    # the Empire chooses no space card in round 1
    assert not (isinstance(s.stack[-1], ChooseTactic) and s.stack[-1].player == IMPERIAL)


def test_rr125_point_blank_assault() -> None:
    """RR-125: every unit there has 1 health less, never below 1."""
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 2}},
        leaders={"General Madine": "Naboo"},
        cards=((REBEL, "Point Blank Assault"),),
    )
    assert health(s, U("Star Destroyer")) == 4
    s.apply(PlayActionCard(action_card(i)))
    assert health(s, U("Star Destroyer")) == 3
    assert health(s, U("X-wing")) == 1
    # 3 damage on the Star Destroyer destroys it at the end of the space battle
    s.battle.damage[U("Star Destroyer")] = [3]
    C.step_destroy(s, -1, C.SPACE, 0)
    assert s.board.units[NABOO][U("Star Destroyer")] == 0


def test_rr126_target_the_star_destroyers() -> None:
    """RR-126: up to 2 black hits of each Rebel space attack count as red, before the
    Empire's prevention."""
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 3}},
        leaders={"Wedge Antilles": "Naboo"},
        cards=((REBEL, "Target the Star Destroyers"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    assert s.battle.black_as_red
    s.battle.dice = [("black", "hit"), ("black", "hit"), ("black", "hit")]
    C.STEPS["as_red"](s, REBEL, C.SPACE, 2)
    assert isinstance(s.stack[-1], ConvertHits)
    assert s.legal_actions() == [AsRed(0), AsRed(1), AsRed(2), Stop()]
    assert s.describe(AsRed(1)) == "Count die 2, a black hit, as a red hit"
    s.apply(AsRed(1))
    s.apply(AsRed(2))
    assert s.battle.dice == [("black", "hit"), ("red", "hit"), ("red", "hit")]
    assert not isinstance(s.stack[-1], ConvertHits)


def test_target_the_star_destroyers_in_a_real_attack() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 3}},
        leaders={"Wedge Antilles": "Naboo"},
        cards=((REBEL, "Target the Star Destroyers"),),
        seed=3,
    )
    s.apply(PlayActionCard(action_card(i)))
    seen = False
    for _ in range(40):
        if isinstance(s.stack[-1], ConvertHits):
            seen = True
            before = [d for d in s.battle.dice if d == ("black", "hit")]
            s.apply(s.legal_actions()[0])
            after = [d for d in s.battle.dice if d == ("black", "hit")]
            assert len(after) == len(before) - 1
            break
        s.apply(s.legal_actions()[0])
    assert seen


def test_rr127_bazes_loyalty() -> None:
    """RR-127: printed health 2 in all; the units destroyed count for the objectives."""
    s, (i,) = imperial_attack(
        {"Naboo": {"Rebel Trooper": 1, "Stormtrooper": 3, "AT-AT": 1}},
        leaders={"Chirrut Îmwe": "Naboo"},
        cards=((REBEL, "Baze's Loyalty"),),
    )
    s.apply(PlayActionCard(action_card(i)))
    # the Star Destroyer (4) and the AT-AT (3) are too much
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0)]
    s.apply(Destroy(U("Stormtrooper"), 0))
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0), Stop()]
    assert (
        s.prompt
        == "Rebel: Baze's Loyalty: choose an Imperial unit to destroy (1 printed health left)"
    )
    s.apply(Destroy(U("Stormtrooper"), 0))
    assert s.board.units[NABOO][U("Stormtrooper")] == 1
    assert s.battle.health_lost == [0, 2]
    assert not isinstance(s.stack[-1], ActionDestroy)


def test_a_captured_leader_plays_no_card() -> None:
    s, _ = imperial_attack(
        {"Naboo": {"X-wing": 2}},
        leaders={"Admiral Ackbar": "Naboo"},
        cards=((REBEL, "It's a Trap"),),
    )
    s.board.captured = L("Admiral Ackbar")
    s.stack.pop()
    C.STEPS["action_cards"](s, REBEL, -1, 0)
    assert not s.stack or not isinstance(s.stack[-1], Window)


def test_hands_stay_hidden_in_view_clone_and_resample() -> None:
    s, (i,) = imperial_attack(
        {"Naboo": {"X-wing": 2}},
        leaders={"Admiral Ackbar": "Naboo"},
        cards=((REBEL, "It's a Trap"),),
    )
    assert s.view(IMPERIAL)["zones"]["action_hand0"] == {"owner": 0, "count": 1}
    assert s.view(IMPERIAL)["state"]["hand_recruits"][REBEL] == [L("Admiral Ackbar")]
    c = s.clone()
    assert c.zones["action_hand0"] == [action_card(i)]
    assert c.hand_recruits == s.hand_recruits
    for seed in range(5):
        r = s.resample(IMPERIAL, seed)
        hand = r.zones["action_hand0"]
        assert len(hand) == 1
        assert L("Admiral Ackbar") in ACTION_LEADERS[hand[0] - action_card(0)]


def test_tactics_named() -> None:
    assert TACTICS and tactic_card(0) >= 0


# ---------------------------------------------------------------- Assignment cards
def assignment(
    cards: tuple[tuple[int, str], ...],
    units: dict[str, dict[str, int]] | None = None,
    leaders: dict[str, str] | None = None,
) -> tuple[RebellionState, list[int]]:
    s = position(phase="assignment", units=units or {}, leaders=leaders or {})
    return s, [give(s, side, name) for side, name in cards]


def test_rr128_assignment_cards_are_offered_in_the_assignment_turn() -> None:
    """RR-128: beside ``assign <card>`` and ``pass``, only when the pictured leader is in
    the pool; the side goes on assigning after the card."""
    s, (i,) = assignment(((REBEL, "Rebel Planning"),))
    assert PlayActionCard(action_card(i)) in s.legal_actions()
    assert s.legal_actions()[-2:] == [PlayActionCard(action_card(i)), Pass()]
    amend(s, lambda doc: doc.setdefault("leaders", {}).update({"Jan Dodonna": "Kessel"}))
    assert PlayActionCard(action_card(i)) not in s.legal_actions()


def test_rebel_planning() -> None:
    s, (i,) = assignment(((REBEL, "Rebel Planning"),))
    deck = s.zones["objective_deck"]
    top = deck[-1]
    s.apply(PlayActionCard(action_card(i)))
    b = s.board
    assert b.leader_loc[L("Jan Dodonna")] == 32 and b.leader_status[L("Jan Dodonna")] == BOARD
    assert s.zones["objective_hand"] == [top]
    assert s.zones["action_discard0"] == [action_card(i)]
    # the Rebels go on assigning
    assert s.current_player == REBEL and s.stack[-1].kind == "assign_mission"


def test_local_rumors() -> None:
    s, (i,) = assignment(
        ((IMPERIAL, "Local Rumors"),),
        units={"Naboo": {"Stormtrooper": 1}, "Malastare": {"Star Destroyer": 1}},
        leaders={"Colonel Yularen": "pool"},
    )
    s.apply(Pass())  # the Rebels assign nothing
    s.apply(PlayActionCard(action_card(i)))
    assert s.legal_actions() == [SystemChoice(MALASTARE), SystemChoice(NABOO)]
    assert s.describe(SystemChoice(NABOO)) == "Local Rumors: place Colonel Yularen in Naboo"
    s.apply(SystemChoice(NABOO))
    assert s.board.leader_loc[L("Colonel Yularen")] == NABOO
    # the base (Dantooine) is not in Naboo's region: said in public
    assert s.view(REBEL)["log"][-1]["kind"] == "base_not_in_region"
    assert not s.base_mask >> system_id("Naboo") & 1


def test_rr129_ambush() -> None:
    """RR-129: Ambush destroys printed health 3 at most, one unit at a time, free to stop."""
    s, (i,) = assignment(
        ((REBEL, "Ambush"),),
        units={"Naboo": {"Stormtrooper": 2, "AT-AT": 1, "AT-ST": 1}},
        leaders={"General Madine": "pool"},
    )
    s.apply(PlayActionCard(action_card(i)))
    s.apply(SystemChoice(NABOO))
    assert s.prompt.startswith("Rebel: Ambush: destroy an Imperial ground unit in Naboo (3 ")
    assert s.legal_actions() == [
        Destroy(U("Stormtrooper"), 0),
        Destroy(U("AT-ST"), 0),
        Destroy(U("AT-AT"), 0),
        Stop(),
    ]
    s.apply(Destroy(U("AT-ST"), 0))  # health 2
    assert s.legal_actions() == [Destroy(U("Stormtrooper"), 0), Stop()]
    s.apply(Destroy(U("Stormtrooper"), 0))
    row = s.board.units[NABOO]
    assert (row[U("Stormtrooper")], row[U("AT-ST")], row[U("AT-AT")]) == (1, 0, 1)
    assert s.stack[-1].kind == "assign_mission" and s.current_player == REBEL


def test_rr129_trust_in_the_force() -> None:
    """RR-129: 1 loyalty, then 1 triangle Imperial ground unit destroyed."""
    s, (i,) = assignment(
        ((REBEL, "Trust in the Force"),),
        units={"Naboo": {"Stormtrooper": 2, "AT-ST": 1}},
        leaders={"Jyn Erso": "pool", "Chirrut Îmwe": "pool"},
    )
    s.apply(PlayActionCard(action_card(i)))
    assert [s.describe(a) for a in s.legal_actions()] == [
        "Trust in the Force: place Jyn Erso",
        "Trust in the Force: place Chirrut Îmwe",
    ]
    s.apply(Target(L("Chirrut Îmwe")))  # Naboo is the only subjugated system
    b = s.board
    assert b.loyalty[NABOO] == REBEL
    assert b.units[NABOO][U("Stormtrooper")] == 1 and b.units[NABOO][U("AT-ST")] == 1
    assert b.leader_loc[L("Chirrut Îmwe")] == NABOO


# ---------------------------------------------------------------- Special cards
def test_rr130_noble_sacrifice() -> None:
    """RR-130: Obi-Wan captured: the Rebels may eliminate him for 1 reputation."""
    from rr_helpers import assign as put

    from rebellion_rote.actions import Reveal
    from rebellion_rote.board import ELIMINATED, OFF

    obi = L("Obi-Wan Kenobi")
    for seed in range(40):
        s = position(
            player="Imperial",
            units={"Naboo": {"TIE Fighter": 1}},
            leaders={"Obi-Wan Kenobi": "Naboo"},
            seed=seed,
        )
        i = give(s, REBEL, "Noble Sacrifice")
        slot = put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
        s.apply(Reveal(slot))
        s.apply(SystemChoice(NABOO))
        s.apply(Target(obi))
        s.apply(Pass())
        if s.board.captured != obi:
            continue
        top = s.stack[-1]
        assert isinstance(top, Window) and top.window == "captured_mission"
        assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
        assert s.prompt == "Rebel: play an action card when Obi-Wan Kenobi is captured, or pass"
        before = s.board.reputation
        s.apply(PlayActionCard(action_card(i)))
        b = s.board
        assert b.captured == OFF and b.leader_status[obi] == ELIMINATED
        assert b.reputation == before - 1  # one space toward the time marker (1)
        assert s.zones["action_discard0"] == [action_card(i)]
        assert not isinstance(s.stack[-1], Window)
        return
    raise AssertionError("no capture in 40 seeds")


def test_rr131_wookiee_guardian() -> None:
    """RR-131: before the dice of an Imperial Spec Ops mission Chewbacca opposes, the
    mission fails; with no card, the dice are rolled as usual."""
    from rr_helpers import assign as put

    from rebellion_rote.actions import Reveal
    from rebellion_rote.decisions import MissionDiceWindow

    def attempt(with_card: bool) -> tuple[RebellionState, int]:
        s = position(
            player="Imperial",
            units={"Naboo": {"TIE Fighter": 1}},
            leaders={"Chewbacca": "Naboo", "Princess Leia": "Naboo"},
        )
        i = give(s, REBEL, "Wookiee Guardian") if with_card else -1
        slot = put(s, IMPERIAL, "Capture Rebel Operative", "Darth Vader")
        s.apply(Reveal(slot))
        s.apply(SystemChoice(NABOO))
        s.apply(Target(L("Princess Leia")))
        s.apply(Pass())  # no pool leader sent: Chewbacca and Leia oppose
        return s, i

    s, i = attempt(True)
    top = s.stack[-1]
    assert isinstance(top, MissionDiceWindow) and s.current_player == REBEL
    assert (
        s.prompt
        == "Rebel: before the dice of Capture Rebel Operative: play an action card, or pass"
    )
    assert s.legal_actions() == [PlayActionCard(action_card(i)), Pass()]
    s.apply(PlayActionCard(action_card(i)))
    assert s.board.captured == -1
    kinds = [e.kind for e in s.log[-6:]]
    assert "mission_rolled" not in kinds and "mission_outcome" in kinds
    outcome = next(e for e in reversed(s.log) if e.kind == "mission_outcome")
    assert outcome.success is False  # type: ignore[attr-defined]
    # no card in hand: no window, the dice roll
    s2, _ = attempt(False)
    assert not isinstance(s2.stack[-1], MissionDiceWindow)
    assert any(e.kind == "mission_rolled" for e in s2.log[-6:])
