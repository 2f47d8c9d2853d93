"""A scenario test for every card with an effect: heroes, companions and items,
Psi cards, the trick cards, the end-phase cards and the special units."""

from __future__ import annotations

import pytest
from rs_helpers import act, find, legal, names, play, position, zone_names

from rebel_space.actions import AddUnit, Boost, CloseGroup, FinishDeclaring, Pass, StartGroup
from rebel_space.cards import CAPTAIN, CARDS, DAMAGE, GROUND, PILOT, SPACE, TYPE
from rebel_space.rules.units import damage, rating

SEEN = {"discard0": ["Surprise Attack"] * 4 + ["Multiple Targets"], "discard1": ["Trap"] * 2}
HEROES = [c.name for c in CARDS if c.type == "Hero"]
ATTACHMENTS = [c.name for c in CARDS if c.type in ("Companion", "Item")]
PSI = [c.name for c in CARDS if c.type == "Psi"]


def side(name: str) -> int:
    return 0 if next(c for c in CARDS if c.name == name).side == "Rebel" else 1


def seen(extra: dict[str, list[str]]) -> dict[str, list[str]]:
    out = {k: list(v) for k, v in SEEN.items()}
    for k, v in extra.items():
        out[k] = out.get(k, []) + list(v)
    return out


def attack(s, *groups) -> None:
    for space, units in groups:
        act(s, StartGroup(space), *[AddUnit(c) for c in units], CloseGroup())
    if FinishDeclaring() in s.legal_actions():
        act(s, FinishDeclaring())


# ---------------------------------------------------------------- heroes
@pytest.mark.parametrize("hero", HEROES)
def test_hero_attacks_on_the_ground_for_its_damage(hero: str) -> None:
    """Every hero is a ground unit: alone and unblocked it deals its Damage."""
    p = side(hero)
    s = position(turn=p, step="attack_start", zones=seen({f"active{p}": [hero]}))
    h = find(s, hero)
    deck = len(s.zones[f"deck{1 - p}"])
    play(s, "group 0", f"add {h}", "close")
    if s.stack and s.stack[-1].kind == "psi_window":
        play(s, "pass")
    assert len(s.zones[f"deck{1 - p}"]) == deck - DAMAGE[h]
    assert zone_names(s, f"inactive{p}") == [hero]


@pytest.mark.parametrize("hero", HEROES)
def test_hero_rides_fighters_and_ships_by_its_notes(hero: str) -> None:
    """Pilot heroes ride Fighters, Captains ride Ships (RS-10)."""
    p = side(hero)
    fighter, ship = (
        ("Stunt Fighters", "Rebel Warship") if p == 0 else ("Elite Interceptors", "Space Cruiser")
    )
    for carrier, may in ((fighter, "pilot"), (ship, "captain")):
        s = position(turn=p, step="attack_start", zones={f"active{p}": [carrier, hero]})
        h, c = find(s, hero), find(s, carrier)
        play(s, "group 1", f"add {c}")
        ok = PILOT[h] if may == "pilot" else CAPTAIN[h]
        assert (f"add {h}" in legal(s)) is ok


def test_hero_ratings_are_the_printed_ones() -> None:
    s = position(zones={"active0": HEROES[:0] + [h for h in HEROES if side(h) == 0]})
    for h in (h for h in HEROES if side(h) == 0):
        c = find(s, h)
        assert (rating(s, c, False), rating(s, c, True), damage(s, c)) == (
            GROUND[c],
            SPACE[c],
            DAMAGE[c],
        )


def test_mysterious_emperor_draws_an_extra_card() -> None:
    s = position(turn=1, step="draw", zones={"inactive1": ["Mysterious Emperor"]})
    play(s, "draw 2")
    assert len(s.zones["hand1"]) == 3


# ---------------------------------------------------------------- companions and items
@pytest.mark.parametrize("item", ATTACHMENTS)
def test_attachment_adds_its_ratings_to_its_hero(item: str) -> None:
    p = side(item)
    hero = "Princess" if p == 0 else "Alien Crime Boss"
    s = position(turn=p, step="deploy", zones={f"hand{p}": [item], f"inactive{p}": [hero]})
    h, c = find(s, hero), find(s, item, f"hand{p}")
    before = (rating(s, h, False), rating(s, h, True), damage(s, h))
    play(s, f"deploy {c}")
    assert legal(s) == [f"attach {h}"]
    play(s, f"attach {h}")
    after = (rating(s, h, False), rating(s, h, True), damage(s, h))
    assert after == (before[0] + GROUND[c], before[1] + SPACE[c], before[2] + DAMAGE[c])


@pytest.mark.parametrize("item", ATTACHMENTS)
def test_attachment_cannot_be_deployed_without_a_hero(item: str) -> None:
    p = side(item)
    s = position(
        turn=p, step="deploy", zones={f"hand{p}": [item, "Rebel Soldier" if p == 0 else "Troopers"]}
    )
    assert f"deploy {find(s, item, f'hand{p}')}" not in legal(s)


# ---------------------------------------------------------------- Psi cards
@pytest.mark.parametrize("psi", PSI)
def test_psi_card_raises_its_hero_in_a_battle(psi: str) -> None:
    """Each Psi card adds its printed column to a Psionic hero for one battle."""
    p = side(psi)
    hero = "Young Protagonist" if p == 0 else "Mysterious Emperor"
    s = position(turn=p, step="attack_start", zones=seen({f"active{p}": [hero], f"hand{p}": [psi]}))
    h, c = find(s, hero), find(s, psi, f"hand{p}")
    base = (rating(s, h, False), rating(s, h, True), damage(s, h))
    deck = len(s.zones[f"deck{1 - p}"])
    play(s, "group 0", f"add {h}", "close")
    play(s, f"psi {c} {h}")
    assert (rating(s, h, False), rating(s, h, True), damage(s, h)) == (
        base[0] + GROUND[c],
        base[1] + SPACE[c],
        base[2] + DAMAGE[c],
    )
    play(s, "pass")
    # Unblocked: its Damage column counts (RS-28); then it is discarded.
    assert len(s.zones[f"deck{1 - p}"]) == deck - base[2] - DAMAGE[c]
    assert psi in zone_names(s, f"discard{p}")


def test_psi_needs_a_psionic_hero_in_the_battle() -> None:
    s = position(
        turn=0, step="attack_start", zones=seen({"active0": ["Princess"], "hand0": ["True Aim"]})
    )
    play(s, "group 0", f"add {find(s, 'Princess')}", "close")
    # No Psi window: the Princess is not Psionic; the attack is over.
    assert s.phase == "deploy" and s.stack[-1].kind == "deploy_choice"


def test_true_aim_in_a_space_battle() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones=seen(
            {
                "active0": ["Young Protagonist", "Stunt Fighters"],
                "hand0": ["True Aim"],
                "active1": ["Space Cruiser"],
            }
        ),
    )
    yp, sf, cr = find(s, "Young Protagonist"), find(s, "Stunt Fighters"), find(s, "Space Cruiser")
    play(s, "group 1", f"add {sf}", f"add {yp}", "close", "block", f"add {cr}", "close")
    play(s, f"psi {find(s, 'True Aim', 'hand0')} {yp}", "pass")  # 3 + 7 + 3 = 13 vs 10
    assert "Space Cruiser" in zone_names(s, "discard1")


# ---------------------------------------------------------------- trick cards
def test_surprise_attack_turns_a_loss_into_a_win() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Grav Cycles", "Grav Cycles"],
            "hand0": ["Surprise Attack"],
            "active1": ["Battle Walkers"],
            "discard1": ["Trap", "Trap"],
            "discard0": ["Multiple Targets"],
        },
    )
    c1, c2 = find(s, "Grav Cycles", nth=0), find(s, "Grav Cycles", nth=1)
    attack(s, (False, [c1, c2]))
    act(s, Boost(find(s, "Surprise Attack", "hand0"), False), Pass())
    play(s, "block", f"add {find(s, 'Battle Walkers')}", "close")  # 8 against 5
    assert "Battle Walkers" in zone_names(s, "discard1")
    assert (
        names(s.zones["inactive0"]) == ["Grav Cycles", "Grav Cycles"]
        or s.stack[-1].kind == "pick_casualty"
    )


def test_trap_turns_a_loss_into_a_win() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Air Speeders"],
            "active1": ["Troopers", "Troopers"],
            "hand1": ["Trap"],
            "discard0": ["Surprise Attack"] * 4 + ["Multiple Targets"],
        },
    )
    spd = find(s, "Air Speeders")
    t1, t2 = find(s, "Troopers", nth=0), find(s, "Troopers", nth=1)
    attack(s, (False, [spd]))
    play(s, "block", f"add {t1}", f"add {t2}", "close")
    trap = find(s, "Trap", "hand1")
    assert legal(s) == [f"boost {trap} 0", f"boost {trap} 1", "pass"]
    act(s, Boost(trap, False), Pass())  # 2 Troopers at 3 each = 6 against 3
    assert "Air Speeders" in zone_names(s, "discard0")


def test_multiple_targets_gives_a_second_attack_phase() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones={
            "active0": ["Rebel Soldier", "Rebel Soldier"],
            "hand0": ["Multiple Targets"],
            "discard0": ["Surprise Attack"] * 4,
            "discard1": ["Trap"] * 2,
        },
    )
    deck = len(s.zones["deck1"])
    play(s, f"play {find(s, 'Multiple Targets', 'hand0')}")
    play(s, "group 0", f"add {find(s, 'Rebel Soldier', nth=0)}", "close", "attack")
    assert s.phase == "attack" and len(s.zones["deck1"]) == deck - 1
    play(s, "group 0", f"add {find(s, 'Rebel Soldier', 'active0')}", "close")
    assert len(s.zones["deck1"]) == deck - 2


# ---------------------------------------------------------------- end-phase cards
@pytest.mark.parametrize(("card", "p"), [("Convert", 0), ("Traitor", 1)])
def test_take_control_of_an_opposing_hero(card: str, p: int) -> None:
    hero = "Emperors Henchman" if p == 0 else "Young Protagonist"
    s = position(turn=p, step="end", zones={f"hand{p}": [card], f"active{1 - p}": [hero]})
    h = find(s, hero)
    play(s, f"play {find(s, card, f'hand{p}')}", f"choose {h}")
    assert h in s.zones[f"inactive{p}"] and card in zone_names(s, f"discard{p}")
    assert s.view(None)["state"]["converted"] == [h]


@pytest.mark.parametrize(("card", "p"), [("Recruit", 0), ("Shuttle", 1)])
def test_take_a_hero_from_the_deck(card: str, p: int) -> None:
    s = position(turn=p, step="end", zones={f"hand{p}": [card]})
    play(s, f"play {find(s, card, f'hand{p}')}")
    heroes = [c for c in s.zones[f"deck{p}"] if TYPE[c] == "Hero"]
    assert sorted(int(a.split()[1]) for a in legal(s)) == sorted(heroes)
    pick = sorted(heroes)[0]
    play(s, f"choose {pick}")
    assert pick in s.zones[f"hand{p}"]
    assert s.view(1 - p)["zones"][f"hand{p}"]["known"] == [pick]


@pytest.mark.parametrize(
    ("card", "p", "hero"), [("Medi-Bot", 0, "Smuggler"), ("Cybernetics", 1, "Bounty Hunter")]
)
def test_take_a_hero_from_the_discard(card: str, p: int, hero: str) -> None:
    s = position(
        turn=p,
        step="end",
        zones={
            f"hand{p}": [card],
            f"discard{p}": [hero, "Rebel Soldier" if p == 0 else "Troopers"],
        },
    )
    h = find(s, hero)
    play(s, f"play {find(s, card, f'hand{p}')}")
    assert legal(s) == [f"choose {h}"]
    play(s, f"choose {h}")
    assert h in s.zones[f"hand{p}"]


def test_cards_without_a_target_are_not_offered() -> None:
    s = position(
        turn=1, step="end", zones={"hand1": ["Cybernetics", "Saboteur", "Traitor", "Shuttle"]}
    )
    shuttle = find(s, "Shuttle", "hand1")
    assert legal(s) == [f"play {shuttle}", "pass"]


def test_saboteur_destroys_a_facility() -> None:
    s = position(
        turn=1,
        step="end",
        zones={
            "hand1": ["Saboteur"],
            "inactive0": ["Ion Cannon", "Defense Shields", "Rebel Soldier"],
        },
    )
    ion, shields = find(s, "Ion Cannon"), find(s, "Defense Shields")
    play(s, f"play {find(s, 'Saboteur', 'hand1')}")
    assert sorted(legal(s)) == sorted([f"choose {ion}", f"choose {shields}"])
    play(s, f"choose {ion}")
    assert "Ion Cannon" in zone_names(s, "discard0")


@pytest.mark.parametrize(("card", "p"), [("Rebel Spies", 0), ("Imperial Spy", 1)])
def test_spies_keep_the_hand_known(card: str, p: int) -> None:
    """The spied hand stays known in the spy's view until each card leaves it."""
    other = ["Troopers", "Bombers"] if p == 0 else ["Rebel Soldier", "Grav Cycles"]
    s = position(turn=p, step="end", zones={f"hand{p}": [card], f"hand{1 - p}": other})
    spied = sorted(s.zones[f"hand{1 - p}"])
    events = play(s, f"play {find(s, card, f'hand{p}')}")
    assert s.view(p)["zones"][f"hand{1 - p}"]["known"] == spied
    assert "cards" not in s.view(None)["zones"][f"hand{1 - p}"]
    mine = next(e for e in events if e.kind == "spied")
    assert mine.seen_by(1 - p).kind == "spied_count"
    # A card that leaves the hand is forgotten; a new draw is not known.
    s.remove_card(spied[0], f"hand{1 - p}")
    assert s.view(p)["zones"][f"hand{1 - p}"]["known"] == spied[1:]


# ---------------------------------------------------------------- special units
def test_rebel_base_draws_an_extra_card() -> None:
    s = position(turn=0, step="draw", zones={"active0": ["Rebel Base"]})
    play(s, "draw 1")
    assert len(s.zones["hand0"]) == 2


def test_ion_cannon_shoots_a_ship() -> None:
    s = position(
        turn=1, step="attack_start", zones={"active1": ["Space Cruiser"], "active0": ["Ion Cannon"]}
    )
    cr = find(s, "Space Cruiser")
    deck = len(s.zones["deck0"])
    attack(s, (True, [cr]))
    play(s, f"fire {cr}")
    assert "Space Cruiser" in zone_names(s, "discard1") and len(s.zones["deck0"]) == deck


def test_defense_shields_stop_ship_damage() -> None:
    s = position(
        turn=1,
        step="attack_start",
        zones={"active1": ["Space Cruiser"], "active0": ["Defense Shields"]},
    )
    deck = len(s.zones["deck0"])
    attack(s, (True, [find(s, "Space Cruiser")]))
    assert len(s.zones["deck0"]) == deck


@pytest.mark.parametrize("space", [False, True])
def test_fixed_defenses_block_both_kinds(space: bool) -> None:
    unit = "Fighter Bombers" if space else "Rebel Soldier"
    s = position(
        turn=0, step="attack_start", zones=seen({"active0": [unit], "active1": ["Fixed Defenses"]})
    )
    attack(s, (space, [find(s, unit)]))
    play(s, "block", f"add {find(s, 'Fixed Defenses')}", "close")
    assert unit in zone_names(s, "discard0")  # 4 or 2 beats 1 or 3


def test_fixed_defenses_never_attack() -> None:
    s = position(turn=1, step="attack_start", zones={"active1": ["Fixed Defenses"]})
    assert s.turn == 0 or s.phase != "attack"


def test_robotic_probe_in_a_space_battle() -> None:
    s = position(
        turn=1,
        step="attack_start",
        zones=seen({"active1": ["Robotic Probe"], "active0": ["Fighter Bombers"]}),
    )
    attack(s, (True, [find(s, "Robotic Probe")]))
    play(s, "block", f"add {find(s, 'Fighter Bombers')}", "close")
    assert "Fighter Bombers" in zone_names(s, "discard0")


def test_giant_space_station_attacks() -> None:
    s = position(turn=1, step="attack_start", zones={"active1": ["Giant Space Station"]})
    deck = len(s.zones["deck0"])
    attack(s, (True, [find(s, "Giant Space Station")]))
    assert len(s.zones["deck0"]) == deck - 3
