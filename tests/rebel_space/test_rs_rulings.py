"""One scenario test per ruling (RULINGS.md): each reads like the rule it pins."""

from __future__ import annotations

from collections import Counter

from rs_helpers import act, find, legal, loss_sets, play, position, zone_names

from rebel_space import GAME
from rebel_space.actions import (
    AddUnit,
    Block,
    Boost,
    Casualty,
    CloseGroup,
    DealDamage,
    Deploy,
    FinishDeclaring,
    Fire,
    LetThrough,
    Pass,
    StartGroup,
    Target,
)
from rebel_space.cards import CARDS, DECK_IDS, NAME, NUM_CARDS

SPACE, GROUND = True, False
NO_TRICKS = {"discard0": ["Surprise Attack"] * 4 + ["Multiple Targets"], "discard1": ["Trap"] * 2}


def tricks_seen(extra: dict[str, list[str]]) -> dict[str, list[str]]:
    """Zones with every Surprise Attack, Multiple Targets and Trap already
    discarded, so no trick-card window opens (RS-39)."""
    out = {k: list(v) for k, v in NO_TRICKS.items()}
    for k, v in extra.items():
        out[k] = out.get(k, []) + list(v)
    return out


def attack(s, *groups: tuple[bool, list[int]]) -> None:
    """Declare these groups (kind, unit ids) and stop declaring (when no unit
    is left to declare, the attack goes on by itself)."""
    for space, units in groups:
        act(s, StartGroup(space), *[AddUnit(c) for c in units], CloseGroup())
    if FinishDeclaring() in s.legal_actions():
        act(s, FinishDeclaring())


def block(s, units: list[int]) -> None:
    act(s, Block(), *[AddUnit(c) for c in units], CloseGroup())


# ---------------------------------------------------------------- deck and set-up
def test_rs01_decks_follow_card_list() -> None:
    """RS-01: the # column is the deck: 76 Rebel cards (0..75), 67 Imperial (76..142)."""
    assert NUM_CARDS == 143
    assert DECK_IDS[0] == tuple(range(76)) and DECK_IDS[1] == tuple(range(76, 143))
    assert sum(c.count for c in CARDS if c.side == "Rebel") == 76
    assert sum(c.count for c in CARDS if c.side == "Imperial") == 67
    counts = Counter(NAME)
    assert counts["Stunt Fighters"] == 15 and counts["Troopers"] == 10
    s = GAME.new_state(seed=3)
    assert len(s.zones["deck0"]) + len(s.zones["hand0"]) == 76
    assert len(s.zones["deck1"]) + len(s.zones["hand1"]) == 67


def test_rs02_setup() -> None:
    """RS-02: shuffled with the state's RNG, 5 cards each, Rebel first, no mulligan."""
    s = GAME.new_state(seed=5)
    assert len(s.zones["hand0"]) == 5 and len(s.zones["hand1"]) == 5
    assert s.current_player == 0 and s.prompt == "Rebel: draw 1 or 2 cards"
    again = GAME.new_state(seed=5)
    assert again.zones["deck0"] == s.zones["deck0"]
    other = GAME.new_state(seed=6)
    assert other.zones["deck0"] != s.zones["deck0"]
    assert len(GAME.new_state(seed=5, options={"starting_hand": 7}).zones["hand1"]) == 7


def test_rs03_losing() -> None:
    """RS-03: damage taking the last card loses; drawing from an empty deck loses;
    drawing your own last card does not."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Rebel Soldier"]}),
        deck_size={1: 1},
    )
    attack(s, (GROUND, [find(s, "Rebel Soldier")]))  # nothing to target: damage
    assert s.is_terminal and s.returns() == [1.0, -1.0]

    s = position(turn=1, step="draw", deck_size={1: 0})
    assert s.is_terminal and s.returns() == [1.0, -1.0]

    s = position(turn=0, step="draw", deck_size={0: 1})
    assert legal(s) == ["draw 1"]
    play(s, "draw 1")
    assert not s.is_terminal and len(s.zones["deck0"]) == 0


def test_rs04_five_phases() -> None:
    """RS-04: Draw, Activation, Attack, Deploy, End are all played."""
    names = [p.name for p in GAME.phases]
    assert names == ["Set-up", "Draw", "Activation", "Attack", "Deploy", "End"]
    s = position(
        turn=0, step="draw", zones={"inactive0": ["Rebel Soldier"], "hand0": ["Grav Cycles"]}
    )
    seen = [s.phase]
    play(s, "draw 1")
    assert zone_names(s, "active0") == ["Rebel Soldier"]  # activation happened
    seen.append(s.phase)
    play(s, "attack")  # no attack
    seen.append(s.phase)
    act(s, Deploy(find(s, "Grav Cycles", "hand0")), Pass())
    seen.append(s.phase)
    assert seen == ["draw", "attack", "deploy", "end"]


def test_rs05_draw() -> None:
    """RS-05: draw 1 or 2; Rebel Base and the Emperor each add one, and stack."""
    s = position(turn=0, step="draw", zones={"inactive0": ["Rebel Base"]})
    assert legal(s) == ["draw 1", "draw 2"]
    play(s, "draw 2")
    assert len(s.zones["hand0"]) == 3
    s = position(turn=1, step="draw", zones={"active1": ["Mysterious Emperor"]})
    play(s, "draw 1")
    assert len(s.zones["hand1"]) == 2
    # A converted Emperor draws for its new controller; both extras stack.
    s = position(turn=0, step="draw", zones={"active0": ["Rebel Base", "Mysterious Emperor"]})
    play(s, "draw 2")
    assert len(s.zones["hand0"]) == 4
    # A short deck gives what it has.
    s = position(turn=0, step="draw", zones={"active0": ["Rebel Base"]}, deck_size={0: 2})
    play(s, "draw 2")
    assert len(s.zones["hand0"]) == 2 and len(s.zones["deck0"]) == 0 and not s.is_terminal


def test_rs06_activation() -> None:
    """RS-06: every unit of the Inactive Zone becomes active."""
    s = position(
        turn=1,
        step="draw",
        zones={"inactive1": ["Troopers", "Battle Walkers"], "active1": ["Bombers"]},
    )
    play(s, "draw 1")
    assert zone_names(s, "active1") == ["Battle Walkers", "Bombers", "Troopers"]
    assert zone_names(s, "inactive1") == []


def test_rs07_deploy() -> None:
    """RS-07: 3 points, into the Inactive Zone; attachments need a hero; Psi, Act
    and State cards are not deployed."""
    s = position(
        turn=0,
        step="deploy",
        zones={
            "hand0": [
                "Air Speeders",
                "Rebel Warship",
                "Rebel Soldier",
                "Laser Sword",
                "Danger Sense",
                "Convert",
            ]
        },
    )
    assert sorted(texts_of(s)) == sorted(
        [
            "Deploy Rebel Soldier (cost 1)",
            "Deploy Air Speeders (cost 2)",
            "Deploy Rebel Warship (cost 3)",
            "End the deploy phase",
        ]
    )
    act(s, Deploy(find(s, "Air Speeders", "hand0")))
    assert zone_names(s, "inactive0") == ["Air Speeders"]
    assert [t for t in texts_of(s)] == ["Deploy Rebel Soldier (cost 1)", "End the deploy phase"]
    act(s, Deploy(find(s, "Rebel Soldier", "hand0")))
    assert s.phase == "end"  # no points left: the deploy phase ends
    # With a hero in play the item can be deployed onto it.
    s = position(turn=0, step="deploy", zones={"hand0": ["Laser Sword"], "inactive0": ["Princess"]})
    play(s, f"deploy {find(s, 'Laser Sword', 'hand0')}")
    assert s.prompt == "Rebel: attach Laser Sword to a hero"
    play(s, f"attach {find(s, 'Princess')}")
    assert s.host[find(s, "Laser Sword")] == find(s, "Princess")


def texts_of(s) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


def test_rs08_end_phase() -> None:
    """RS-08: end-phase cards first, then discard down to 12, the player choosing."""
    s = position(turn=0, step="end", zones={"hand0": ["Rebel Soldier"] * 10 + ["Grav Cycles"] * 4})
    play(s, "pass")
    assert s.prompt == "Rebel: discard down to 12 cards"
    cyc = find(s, "Grav Cycles", "hand0")
    play(s, f"discard {cyc}")
    assert s.current_player == 0
    play(s, f"discard {find(s, 'Rebel Soldier', 'hand0')}")
    assert len(s.zones["hand0"]) == 12 and s.current_player == 1
    assert zone_names(s, "discard0")[-2:] == ["Grav Cycles", "Rebel Soldier"] or set(
        zone_names(s, "discard0")
    ) >= {"Grav Cycles", "Rebel Soldier"}
    s = position(
        turn=0,
        step="end",
        zones={"hand0": ["Rebel Soldier"] * 10 + ["Grav Cycles"] * 4},
        options={"hand_limit": 14},
    )
    play(s, "pass")
    assert s.current_player == 1


# ---------------------------------------------------------------- units and groups
def test_rs09_kinds() -> None:
    """RS-09: G/S units join either kind; ground units never join space groups;
    only Fighters and Ships carry heroes."""
    s = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Robotic Probe", "Troopers", "Bombers", "Bounty Hunter"]},
    )
    probe, troop, bomb, hunter = (
        find(s, n) for n in ("Robotic Probe", "Troopers", "Bombers", "Bounty Hunter")
    )
    play(s, "group 1")
    assert set(legal(s)) == {f"add {probe}", f"add {bomb}"}  # no Troopers, no hero
    act(s, AddUnit(bomb))
    assert f"add {hunter}" not in legal(s)
    act(s, CloseGroup(), StartGroup(GROUND))
    assert set(legal(s)) == {f"add {probe}", f"add {troop}", f"add {hunter}"}


def test_rs10_heroes_in_space() -> None:
    """RS-10: a Pilot per Fighter, a Captain per Ship; a hero who is both fits either."""
    s = position(
        turn=0,
        step="attack_start",
        zones={"active0": ["Stunt Fighters", "Smuggler", "Superior Pilot", "Princess"]},
    )
    fighter, smug, sup, princess = (
        find(s, n) for n in ("Stunt Fighters", "Smuggler", "Superior Pilot", "Princess")
    )
    play(s, "group 1", f"add {fighter}")
    assert legal(s) == [f"add {smug}", f"add {sup}", "close"]
    assert f"add {princess}" not in legal(s)  # the Princess is no Pilot
    play(s, f"add {smug}")
    assert legal(s) == ["close"]  # one Fighter, one hero
    # A Ship and a Fighter: the Smuggler can be the Captain, freeing the Pilot seat.
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Stunt Fighters", "Rebel Warship", "Smuggler", "Superior Pilot", "Princess"]
        },
    )
    ids = {
        n: find(s, n)
        for n in ("Stunt Fighters", "Rebel Warship", "Smuggler", "Superior Pilot", "Princess")
    }
    play(
        s,
        "group 1",
        f"add {ids['Stunt Fighters']}",
        f"add {ids['Rebel Warship']}",
        f"add {ids['Smuggler']}",
    )
    # The Smuggler rides either seat: a Pilot or a Captain may still join, not both.
    assert f"add {ids['Superior Pilot']}" in legal(s) and f"add {ids['Princess']}" in legal(s)
    play(s, f"add {ids['Princess']}")
    assert legal(s) == ["close"]


def test_rs11_attachments() -> None:
    """RS-11: items and companions add to their hero, are no units, and leave with it."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {"active0": ["Princess"], "active1": ["Battle Walkers", "Battle Walkers"]}
        ),
        attach=[("Laser Sword", "Princess"), ("Robot Sidekick", "Princess")],
    )
    princess, sword = find(s, "Princess"), find(s, "Laser Sword")
    play(s, "group 0")
    assert legal(s) == [f"add {princess}"]  # the sword is no unit
    act(s, AddUnit(princess), CloseGroup())
    w1, w2 = find(s, "Battle Walkers", nth=0), find(s, "Battle Walkers", nth=1)
    block(s, [w1, w2])  # 10 against 3 + 3 + 1 = 7
    assert "Princess" in zone_names(s, "discard0")
    assert {"Laser Sword", "Robot Sidekick"} <= set(zone_names(s, "discard0"))
    assert s.host[sword] == -1


def test_rs12_facilities() -> None:
    """RS-12: facilities never attack, except the Giant Space Station; Defense units block."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Fixed Defenses", "Giant Space Station"],
            "active0": ["Ion Cannon", "Defense Shields"],
        },
    )
    station = find(s, "Giant Space Station")
    play(s, "group 1")
    assert legal(s) == [f"add {station}"]
    deck = len(s.zones["deck0"])
    play(s, f"add {station}", "close")  # ground Defense units cannot block it
    assert len(s.zones["deck0"]) == deck - 3
    s2 = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Troopers"], "active0": ["Ion Cannon", "Defense Shields"]},
    )
    play(s2, "group 0", f"add {find(s2, 'Troopers')}", "close", "block")
    assert set(legal(s2)) == {f"add {find(s2, 'Ion Cannon')}", f"add {find(s2, 'Defense Shields')}"}


def test_rs13_who_may_act() -> None:
    """RS-13: only active units attack or block; attackers go inactive, blockers stay."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": ["Air Speeders"],
                "inactive0": ["Grav Cycles"],
                "active1": ["Troopers"],
                "inactive1": ["Battle Walkers"],
            }
        ),
    )
    speeder, trooper = find(s, "Air Speeders"), find(s, "Troopers")
    play(s, "group 0")
    assert legal(s) == [f"add {speeder}"]
    act(s, AddUnit(speeder), CloseGroup(), Block())
    assert legal(s) == [f"add {trooper}"]
    act(s, AddUnit(trooper), CloseGroup())
    assert zone_names(s, "inactive0") == ["Air Speeders", "Grav Cycles"]
    assert "Troopers" in zone_names(s, "discard1")


def test_rs14_declaring() -> None:
    """RS-14: groups are formed unit by unit, each unit in one group; no group, no attack."""
    s = position(turn=0, step="attack_start", zones={"active0": ["Rebel Soldier", "Grav Cycles"]})
    sol, cyc = find(s, "Rebel Soldier"), find(s, "Grav Cycles")
    play(s, "group 0", f"add {sol}", "close", "group 0")
    assert legal(s) == [f"add {cyc}"]
    s = position(turn=0, step="attack_start", zones=tricks_seen({"active0": ["Rebel Soldier"]}))
    assert s.describe(FinishDeclaring()) == "Do not attack"
    play(s, "attack")
    assert s.turn == 1 and not [e for e in s.log if e.kind == "group_declared"]


def test_rs15_blocking() -> None:
    """RS-15: group by group, same kind only, each defender blocks once per attack phase."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": ["Rebel Soldier", "Rebel Soldier", "Stunt Fighters"],
                "active1": ["Troopers", "Interceptors"],
            }
        ),
    )
    s1, s2 = find(s, "Rebel Soldier", nth=0), find(s, "Rebel Soldier", nth=1)
    fighter, trooper, inter = (
        find(s, "Stunt Fighters"),
        find(s, "Troopers"),
        find(s, "Interceptors"),
    )
    attack(s, (GROUND, [s1]), (GROUND, [s2]), (SPACE, [fighter]))
    assert s.prompt == "Imperial: block the group of Rebel Soldier or let it through"
    play(s, "block")
    assert legal(s) == [f"add {trooper}"]  # Interceptors block only space groups
    play(s, f"add {trooper}", "close")
    # The Troopers blocked already: nothing may block the second Soldier.
    assert s.prompt == "Imperial: block the group of Stunt Fighters or let it through"
    play(s, "block")
    assert legal(s) == [f"add {inter}"]


def test_rs16_ion_cannon() -> None:
    """RS-16: before blocks the Ion Cannon destroys one Ship of the group, once."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Space Cruiser", "Space Cruiser", "Interceptors"],
            "active0": ["Ion Cannon", "Stunt Fighters"],
        },
    )
    c1, c2, inter = (
        find(s, "Space Cruiser", nth=0),
        find(s, "Space Cruiser", nth=1),
        find(s, "Interceptors"),
    )
    attack(s, (SPACE, [c1, c2, inter]))
    assert s.prompt.startswith("Rebel: Ion Cannon fires")
    # The two Cruisers look the same: one choice (copies are offered once).
    assert legal(s) == [f"fire {min(c1, c2)}", "pass"]
    c1, c2 = max(c1, c2), min(c1, c2)
    act(s, Fire(c2))
    assert "Space Cruiser" in zone_names(s, "discard1")
    assert s.groups[0] == [c1, inter]
    assert s.stack[-1].kind != "ion_cannon"  # used once this attack phase
    assert s.describe(LetThrough()) == "Let the group of Space Cruiser and Interceptors through"


def test_rs17_defense_shields() -> None:
    """RS-17: with active Defense Shields unblocked Ships deal no damage; copies add nothing."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Space Cruiser", "Bombers"],
            "active0": ["Defense Shields", "Defense Shields"],
        },
    )
    deck = len(s.zones["deck0"])
    attack(s, (SPACE, [find(s, "Space Cruiser"), find(s, "Bombers")]))
    assert len(s.zones["deck0"]) == deck - 2  # the Bombers' 2; the Cruiser's 1 is stopped
    # Inactive shields do not protect.
    s = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Space Cruiser"], "inactive0": ["Defense Shields"]},
    )
    deck = len(s.zones["deck0"])
    attack(s, (SPACE, [find(s, "Space Cruiser")]))
    assert len(s.zones["deck0"]) == deck - 1


def test_rs18_blocked_battle() -> None:
    """RS-18: the lower group is destroyed; on a tie both are (option: neither)."""
    for option, lost in ((True, True), (False, False)):
        s = position(
            turn=0,
            step="attack_start",
            zones=tricks_seen(
                {"active0": ["Grav Cycles", "Rebel Soldier"], "active1": ["Squad Leader"]}
            ),
            options={"tie_destroys_both": option},
        )
        attack(s, (GROUND, [find(s, "Grav Cycles"), find(s, "Rebel Soldier")]))
        block(s, [find(s, "Squad Leader")])
        assert ("Squad Leader" in zone_names(s, "discard1")) is lost
        assert ("Grav Cycles" in zone_names(s, "discard0")) is lost


def example(blocker: str):
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": [
                    "Princess",
                    "Rebel Soldier",
                    "Rebel Soldier",
                    "Grav Cycles",
                    "Air Speeders",
                ],
                "active1": [blocker],
            }
        ),
    )
    units = [
        find(s, "Princess"),
        find(s, "Rebel Soldier", nth=0),
        find(s, "Rebel Soldier", nth=1),
        find(s, "Grav Cycles"),
        find(s, "Air Speeders"),
    ]
    attack(s, (GROUND, units))
    block(s, [find(s, blocker)])
    return s


def test_rs19_winners_losses() -> None:
    """RS-19 and the rules' worked example: Princess 3, two Soldiers, Cycle 2 and
    Speeder 3 beat a Battle-Walker worth 4: the Imperial player chooses Speeder +
    Soldier, or Cycle + both Soldiers, one unit at a time; the Princess survives."""
    s = example("Fixed Defenses")  # ground 4, the example's Battle-Walker value
    assert "Fixed Defenses" in zone_names(s, "discard1")
    assert (
        s.current_player == 1 and s.prompt == "Imperial: pick the winner's next loss (value left 4)"
    )
    assert loss_sets(s) == {
        ("Air Speeders", "Rebel Soldier"),
        ("Grav Cycles", "Rebel Soldier", "Rebel Soldier"),
    }
    # The card list's Battle Walkers is worth 5 (RS-41): one more choice.
    s = example("Battle Walkers")
    assert "Battle Walkers" in zone_names(s, "discard1")
    assert loss_sets(s) == {
        ("Air Speeders", "Rebel Soldier", "Rebel Soldier"),
        ("Air Speeders", "Grav Cycles"),
        ("Grav Cycles", "Rebel Soldier", "Rebel Soldier"),
    }


def test_rs20_unblocked() -> None:
    """RS-20: an unblocked group damages the deck by its damage, or targets a unit."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": ["Air Speeders", "Fighter Bombers"],
                "inactive1": ["Troopers", "Interceptors"],
            }
        ),
    )
    deck = len(s.zones["deck1"])
    speeder, bomber = find(s, "Air Speeders"), find(s, "Fighter Bombers")
    trooper, inter = find(s, "Troopers"), find(s, "Interceptors")
    attack(s, (GROUND, [speeder]), (SPACE, [bomber]))
    assert legal(s) == ["damage", f"target {trooper}"]  # ground targets ground
    act(s, Target(trooper))
    assert "Troopers" in zone_names(s, "discard1")
    assert legal(s) == ["damage", f"target {inter}"]  # space targets space
    act(s, DealDamage())
    assert len(s.zones["deck1"]) == deck - 2
    assert "Interceptors" in zone_names(s, "inactive1")


def test_rs21_order() -> None:
    """RS-21: groups are resolved in the order declared."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Rebel Soldier", "Air Speeders"]}),
    )
    sol, spd = find(s, "Rebel Soldier"), find(s, "Air Speeders")
    events = []
    events = act(
        s,
        StartGroup(GROUND),
        AddUnit(spd),
        CloseGroup(),
        StartGroup(GROUND),
        AddUnit(sol),
        CloseGroup(),
    )
    damaged = [e for e in events if e.kind == "deck_damaged"]
    assert len(damaged) == 2
    assert s.groups == [] and zone_names(s, "inactive0") == ["Air Speeders", "Rebel Soldier"]


def test_rs22_psi_cards() -> None:
    """RS-22: Psi cards go on a Psionic hero in the battle, add their ratings,
    attacker then defender alternate until both pass, discarded after."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": ["Young Protagonist"],
                "hand0": ["Danger Sense"],
                "active1": ["Emperors Henchman"],
                "hand1": ["Telekinetics"],
            }
        ),
    )
    yp, hench = find(s, "Young Protagonist"), find(s, "Emperors Henchman")
    ds, tk = find(s, "Danger Sense"), find(s, "Telekinetics")
    attack(s, (GROUND, [yp]))
    block(s, [hench])
    assert s.current_player == 0 and legal(s) == [f"psi {ds} {yp}", "pass"]
    play(s, f"psi {ds} {yp}")  # 7 + 2 = 9 against 8
    assert s.current_player == 1 and legal(s) == [f"psi {tk} {hench}", "pass"]
    play(s, f"psi {tk} {hench}")  # 8 + 3 = 11
    assert s.current_player == 0 and legal(s) == ["pass"]
    play(s, "pass", "pass")
    assert "Young Protagonist" in zone_names(s, "discard0")
    assert "Telekinetics" in zone_names(s, "discard1") and "Danger Sense" in zone_names(
        s, "discard0"
    )
    assert "Emperors Henchman" in zone_names(s, "active1")


def test_rs23_attack_phase_cards() -> None:
    """RS-23: Surprise Attack +2 to all attackers before blocks; Trap +2 to all
    defenders after blocks; Multiple Targets gives a second attack phase."""
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Rebel Soldier", "Rebel Soldier", "Grav Cycles"],
            "hand0": ["Surprise Attack", "Multiple Targets"],
            "active1": ["Battle Walkers", "Troopers"],
            "hand1": ["Trap"],
        },
    )
    s1, s2, cyc = (
        find(s, "Rebel Soldier", nth=0),
        find(s, "Rebel Soldier", nth=1),
        find(s, "Grav Cycles"),
    )
    walker = find(s, "Battle Walkers")
    play(s, f"play {find(s, 'Multiple Targets', 'hand0')}")
    assert s.extra_attacks == 1
    attack(s, (GROUND, [s1, s2]))
    sa = find(s, "Surprise Attack", "hand0")
    assert legal(s) == [f"boost {sa} 0", f"boost {sa} 1", "pass"]
    act(s, Boost(sa, False), Pass())  # soldiers 3 + 3 = 6
    block(s, [walker])  # 5
    trap = find(s, "Trap", "hand1")
    act(s, Boost(trap, False), Pass())  # walker 7
    assert "Battle Walkers" in zone_names(s, "active1")
    assert zone_names(s, "discard0").count("Rebel Soldier") == 2
    # The second attack phase: the Cycle is still active.
    assert s.phase == "attack" and s.prompt.startswith("Rebel: form a battle group")
    play(s, "group 0")
    assert legal(s) == [f"add {cyc}"]


def test_rs24_end_phase_cards() -> None:
    """RS-24: Convert takes a hero with its attachments into the Inactive Zone."""
    s = position(
        turn=0,
        step="end",
        zones={"hand0": ["Convert"], "active1": ["Bounty Hunter"]},
        attach=[("Plasma Sword", "Bounty Hunter")],
    )
    hunter = find(s, "Bounty Hunter")
    play(s, f"play {find(s, 'Convert', 'hand0')}")
    assert legal(s) == [f"choose {hunter}"]
    play(s, f"choose {hunter}")
    assert zone_names(s, "inactive0") == ["Bounty Hunter"]
    assert s.host[find(s, "Plasma Sword")] == hunter


def test_rs24_a_deck_search_stays_possible_in_a_determinisation() -> None:
    """RS-24: once Recruit is played, the table knows the deck holds a hero; the
    Imperial's determinisation keeps one there (else the Rebel would have no choice)."""
    from rebel_space.cards import IS_HERO
    from rebel_space.position import card_label
    from tabletop import Rng

    dealt = position(turn=0, step="end", zones={"hand0": ["Recruit"]}).zones["deck0"]
    heroes = [c for c in dealt if IS_HERO[c]]
    others = [c for c in dealt if not IS_HERO[c]]
    s = position(
        turn=0,
        step="end",
        zones={  # one hero among 6 cards, 1 more in hand
            "hand0": ["Recruit", card_label(others[5])],
            "discard0": [card_label(c) for c in heroes[1:] + others[6:]],
            "deck0": [card_label(c) for c in [heroes[0], *others[:5]]],
        },
    )
    play(s, f"play {find(s, 'Recruit', 'hand0')}")
    assert legal(s) == [f"choose {heroes[0]}"]
    for k in range(40):
        r = s.resample(1, Rng(k))
        assert any(IS_HERO[c] for c in r.zones["deck0"])
        assert r.legal_actions()


def test_rs25_owners_discard() -> None:
    """RS-25: a converted hero destroyed goes to its original owner's discard."""
    s = position(
        turn=1,
        step="attack_start",
        zones=tricks_seen({"active1": ["Princess"], "active0": ["Air Speeders", "Air Speeders"]}),
    )
    attack(s, (GROUND, [find(s, "Princess")]))
    block(s, [find(s, "Air Speeders", nth=0), find(s, "Air Speeders", nth=1)])
    assert "Princess" in zone_names(s, "discard0") and "Princess" not in zone_names(s, "discard1")


# ---------------------------------------------------------------- the pack's own rulings
def test_rs26_ion_cannon_hold() -> None:
    """RS-26: the defender may hold the Ion Cannon for a later group (option: must fire)."""
    zones = {
        "active1": ["Imperial Captain", "Space Cruiser", "Space Cruiser"],
        "active0": ["Ion Cannon"],
    }
    s = position(turn=1, step="attack_start", zones=zones)
    c1, c2 = find(s, "Space Cruiser", nth=0), find(s, "Space Cruiser", nth=1)
    attack(s, (SPACE, [c1]), (SPACE, [c2]))
    play(s, "pass")  # hold: the first group goes through (nothing can block it)
    assert s.through[0] and s.stack[-1].kind == "ion_cannon"
    assert legal(s) == [f"fire {c2}", "pass"]
    s = position(turn=1, step="attack_start", zones=zones, options={"ion_cannon_may_hold": False})
    attack(s, (SPACE, [find(s, "Space Cruiser", nth=0)]))
    assert legal(s) == [f"fire {find(s, 'Space Cruiser', nth=0)}"]


def test_rs27_imperial_attachments() -> None:
    """RS-27: Elite Bodyguards and Plasma Sword attach to an Imperial hero."""
    s = position(
        turn=1,
        step="deploy",
        zones={"hand1": ["Elite Bodyguards", "Plasma Sword"], "inactive1": ["Bounty Hunter"]},
    )
    hunter = find(s, "Bounty Hunter")
    play(s, f"deploy {find(s, 'Elite Bodyguards', 'hand1')}", f"attach {hunter}")
    play(s, f"deploy {find(s, 'Plasma Sword', 'hand1')}", f"attach {hunter}")
    from rebel_space.rules.units import rating

    assert rating(s, hunter, False) == 6 + 3 + 3
    assert rating(s, hunter, True) == 4


def test_rs28_psi_damage() -> None:
    """RS-28: ESP's Damage 3 counts when its hero's group deals damage unblocked."""
    s = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Mysterious Emperor"], "hand1": ["ESP"]},
    )
    deck = len(s.zones["deck0"])
    emp, esp = find(s, "Mysterious Emperor"), find(s, "ESP")
    attack(s, (GROUND, [emp]))
    assert legal(s) == [f"psi {esp} {emp}", "pass"]
    play(s, f"psi {esp} {emp}", "pass")
    assert len(s.zones["deck0"]) == deck - 5
    assert "ESP" in zone_names(s, "discard1")


def test_rs29_damage_empty_deck() -> None:
    """RS-29: damage getting through to an empty deck loses the game."""
    s = position(turn=1, step="attack_start", zones={"active1": ["Troopers"]}, deck_size={0: 0})
    attack(s, (GROUND, [find(s, "Troopers")]))
    assert s.is_terminal and s.returns() == [-1.0, 1.0]


def test_rs30_ion_unloads_heroes() -> None:
    """RS-30: a Captain whose Ship is shot down leaves the group and stays active."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Space Cruiser", "Imperial Captain", "Interceptors"],
            "active0": ["Ion Cannon", "Stunt Fighters"],
        },
    )
    cruiser, cap, inter = (
        find(s, "Space Cruiser"),
        find(s, "Imperial Captain"),
        find(s, "Interceptors"),
    )
    attack(s, (SPACE, [cruiser, cap, inter]))
    act(s, Fire(cruiser))
    assert s.groups[0] == [inter]
    play(s, "through", "damage")
    assert zone_names(s, "active1") == ["Imperial Captain"]
    assert zone_names(s, "inactive1") == ["Interceptors"]


def test_rs30_pilot_captain_moves_to_a_fighter() -> None:
    """RS-30, the reported case: a Pilot and Captain hero boarded after a
    Captain-only hero stays aboard the Fighter left when the Ship is shot down;
    only the Captain-only hero leaves."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": [
                "Space Cruiser",
                "Elite Interceptors",
                "Imperial Captain",
                "Emperors Henchman",
            ],
            "active0": ["Ion Cannon", "Stunt Fighters"],
        },
    )
    cruiser, fighter = find(s, "Space Cruiser"), find(s, "Elite Interceptors")
    cap, henchman = find(s, "Imperial Captain"), find(s, "Emperors Henchman")
    attack(s, (SPACE, [cruiser, fighter, cap, henchman]))
    act(s, Fire(cruiser))
    assert s.groups[0] == [fighter, henchman]
    assert cap not in s.attacked and henchman in s.attacked


def test_rs30_general_rule() -> None:
    """RS-30 in general: the most heroes stay that the craft left can carry,
    the earlier aboard first, whatever order they boarded in."""
    from rebel_space.rules.attack import heroes_left_behind

    def ids(*names: str) -> list[int]:
        s = position(turn=1, zones={"active1": list(names)})
        out: list[int] = []
        for n in names:
            out.append(next(c for c in s.zones["active1"] if NAME[c] == n and c not in out))
        return out

    fighter, cap, both, pilot, cap2 = ids(
        "Elite Interceptors",
        "Imperial Captain",
        "Emperors Henchman",
        "Bounty Hunter",
        "Alien Crime Boss",
    )
    # Captain-only first, then Pilot+Captain: the Captain leaves.
    assert heroes_left_behind([fighter, cap, both]) == [cap]
    # Pilot+Captain first, then Captain-only: the same, the Captain has no Ship.
    assert heroes_left_behind([fighter, both, cap]) == [cap]
    # A Pilot and a Pilot+Captain, one Fighter: the later aboard leaves.
    assert heroes_left_behind([fighter, pilot, both]) == [both]
    assert heroes_left_behind([fighter, both, pilot]) == [pilot]
    # No craft left: every hero leaves, latest aboard first.
    assert heroes_left_behind([cap, both, cap2]) == [cap2, both, cap]
    # Everyone still fits: nobody leaves.
    assert heroes_left_behind([fighter, both]) == []


def test_rs31_rebel_base() -> None:
    """RS-31: the Rebel Base attacks like a ground unit (option: it never attacks);
    Saboteur cannot destroy it."""
    s = position(turn=0, step="attack_start", zones={"active0": ["Rebel Base"]})
    play(s, "group 0")
    assert legal(s) == [f"add {find(s, 'Rebel Base')}"]
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Rebel Base"]}),
        options={"rebel_base_may_attack": False},
    )
    assert s.turn == 1 and not [e for e in s.log if e.kind == "group_declared"]
    s = position(turn=1, step="end", zones={"hand1": ["Saboteur"], "active0": ["Rebel Base"]})
    assert legal(s) == ["pass"]


def test_rs32_hero_shown() -> None:
    """RS-32: a hero taken into hand by Medi-Bot is known to the opponent."""
    s = position(turn=0, step="end", zones={"hand0": ["Medi-Bot"], "discard0": ["Princess"]})
    princess = find(s, "Princess")
    play(s, f"play {find(s, 'Medi-Bot', 'hand0')}", f"choose {princess}")
    assert princess in s.zones["hand0"]
    assert s.view(1)["zones"]["hand0"]["known"] == [princess]


def test_rs33_targets() -> None:
    """RS-33: units that blocked this attack phase cannot be targeted; inactive ones can."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen(
            {
                "active0": ["Air Speeders", "Grav Cycles"],
                "active1": ["Troopers"],
                "inactive1": ["Battle Walkers"],
            }
        ),
    )
    spd, cyc, trooper, walker = (
        find(s, n) for n in ("Air Speeders", "Grav Cycles", "Troopers", "Battle Walkers")
    )
    attack(s, (GROUND, [spd]), (GROUND, [cyc]))
    block(s, [trooper])
    assert legal(s) == ["damage", f"target {walker}"]


def test_rs34_treason() -> None:
    """RS-34: "Treason" is the Traitor card: it takes control of an opposing hero."""
    s = position(turn=1, step="end", zones={"hand1": ["Traitor"], "inactive0": ["Smuggler"]})
    smug = find(s, "Smuggler")
    play(s, f"play {find(s, 'Traitor', 'hand1')}", f"choose {smug}")
    assert zone_names(s, "inactive1") == ["Smuggler"]


def test_rs35_robotic_probe() -> None:
    """RS-35: the Robotic Probe fights in either kind of group with 2, deals 1."""
    s = position(turn=1, step="attack_start", zones={"active1": ["Robotic Probe"]})
    deck = len(s.zones["deck0"])
    attack(s, (SPACE, [find(s, "Robotic Probe")]))
    assert len(s.zones["deck0"]) == deck - 1
    s = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Robotic Probe"], "active0": ["Rebel Soldier", "Stunt Fighters"]},
    )
    probe = find(s, "Robotic Probe")
    attack(s, (GROUND, [probe]))
    assert legal(s) == ["block", "through"]
    play(s, "block")
    assert legal(s) == [f"add {find(s, 'Rebel Soldier')}"]
    play(s, f"add {find(s, 'Rebel Soldier')}", "close")
    assert "Rebel Soldier" in zone_names(s, "discard0")


def test_rs36_hero_casualty_value() -> None:
    """RS-36: a hero's value as a loss includes its attachments."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Princess", "Air Speeders"], "active1": ["Squad Leader"]}),
        attach=[("Laser Sword", "Princess")],
    )
    princess, spd = find(s, "Princess"), find(s, "Air Speeders")
    attack(s, (GROUND, [princess, spd]))
    block(s, [find(s, "Squad Leader")])  # 9 against 3
    # The Princess is worth 6 with her sword: only the Speeders fit 3.
    assert legal(s) == [f"loss {spd}"]
    act(s, Casualty(spd))
    assert "Princess" in zone_names(s, "inactive0")


def test_rs37_space_station() -> None:
    """RS-37: the Giant Space Station blocks space groups; Saboteur can destroy it."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Rebel Warship"], "active1": ["Giant Space Station"]}),
    )
    attack(s, (SPACE, [find(s, "Rebel Warship")]))
    play(s, "block")
    assert legal(s) == [f"add {find(s, 'Giant Space Station')}"]


def test_rs38_boosts() -> None:
    """RS-38: +2 per unit for the whole attack phase; copies add up."""
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Rebel Soldier", "Rebel Soldier"],
            "hand0": ["Surprise Attack", "Surprise Attack"],
            "active1": ["Battle Walkers", "Battle Walkers"],
            "discard0": ["Multiple Targets"],
            "discard1": ["Trap", "Trap"],
        },
    )
    s1, s2 = find(s, "Rebel Soldier", nth=0), find(s, "Rebel Soldier", nth=1)
    attack(s, (GROUND, [s1]), (GROUND, [s2]))
    a1, a2 = sorted(s.zones["hand0"])
    act(s, Boost(a1, False), Boost(a2, False), Pass())  # each Soldier 1 + 4 = 5
    block(s, [find(s, "Battle Walkers", nth=0)])
    block(s, [find(s, "Battle Walkers", nth=1)])
    events = s.log
    battles = [e for e in events if e.kind == "battle"]
    assert [(b.attack, b.defence) for b in battles] == [(5, 5), (5, 5)]


def test_rs39_card_windows() -> None:
    """RS-39: a trick window opens while a copy may be in hand by public facts."""
    s = position(turn=0, step="attack_start", zones={"active0": ["Rebel Soldier"]})
    attack(s, (GROUND, [find(s, "Rebel Soldier")]))
    assert s.stack[-1].kind == "surprise_window" and legal(s) == ["pass"]
    s = position(turn=0, step="attack_start", zones=tricks_seen({"active0": ["Rebel Soldier"]}))
    attack(s, (GROUND, [find(s, "Rebel Soldier")]))
    assert s.turn == 1 and any(e.kind == "deck_damaged" for e in s.log)


def test_rs40_multiple_targets_timing() -> None:
    """RS-40: Multiple Targets is played while declaring; the units that
    attacked stay inactive in the second attack phase."""
    s = position(
        turn=0,
        step="attack_start",
        zones=tricks_seen({"active0": ["Rebel Soldier", "Grav Cycles"], "hand0": []}),
    )
    # All Multiple Targets copies seen: the card cannot be offered.
    assert "play" not in " ".join(legal(s))
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Rebel Soldier", "Grav Cycles"],
            "hand0": ["Multiple Targets"],
            "discard0": ["Surprise Attack"] * 4,
            "discard1": ["Trap"] * 2,
        },
    )
    sol, cyc = find(s, "Rebel Soldier"), find(s, "Grav Cycles")
    mt = find(s, "Multiple Targets", "hand0")
    assert f"play {mt}" in legal(s)
    play(s, f"play {mt}")
    attack(s, (GROUND, [sol]))
    assert s.phase == "attack"
    play(s, "group 0")
    assert legal(s) == [f"add {cyc}"]


def test_rs41_worked_example_values() -> None:
    """RS-41: the worked example values the Battle-Walker at 4, the card list at
    5; play uses the card list."""
    from rebel_space.cards import GROUND as G

    assert G[find(position(zones={"active1": ["Battle Walkers"]}), "Battle Walkers")] == 5
