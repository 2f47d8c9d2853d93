"""What each action points at (issue 25): exact targets in known positions, for every
action kind; the view's words for the step; the kit's check in random games."""

from __future__ import annotations

from rs_helpers import act, find, position

from rebel_space import GAME
from rebel_space.actions import (
    AddUnit,
    Attach,
    Block,
    Boost,
    Casualty,
    Choose,
    CloseGroup,
    DealDamage,
    Deploy,
    Discard,
    Draw,
    FinishDeclaring,
    Fire,
    LetThrough,
    Pass,
    PlayCard,
    PlayPsi,
    StartGroup,
    Target,
)
from tabletop import Target as T
from tabletop.bots import RandomBot

REBEL, IMPERIAL = 0, 1


def card(c: int, role: str = "") -> T:
    return T("card", c, role)


def group(i: int, role: str = "") -> T:
    return T("group", i, role)


def test_the_pack_declares_its_kinds() -> None:
    assert set(GAME.target_kinds) == {"card", "group", "player"}


def test_a_draw_points_at_nothing() -> None:
    s = position(turn=REBEL, step="draw")
    assert s.targets(Draw(1)) == () and s.targets(Draw(2)) == ()
    assert s.view(REBEL)["state"]["step_text"] == "Turn 1, Rebel: Draw phase"


def test_an_attack_from_groups_to_blocks_to_losses() -> None:
    s = position(
        turn=IMPERIAL,
        step="attack_start",
        zones={
            "active1": ["Space Cruiser", "Interceptors", "Troopers", "Battle Walkers"],
            "active0": ["Ion Cannon", "Stunt Fighters", "Rebel Soldier"],
        },
    )
    cruiser, inter, troopers = (find(s, n) for n in ("Space Cruiser", "Interceptors", "Troopers"))
    cannon, stunt, soldier = (find(s, n) for n in ("Ion Cannon", "Stunt Fighters", "Rebel Soldier"))
    assert s.targets(FinishDeclaring()) == ()  # no group: no attack
    assert s.targets(StartGroup(True)) == ()
    act(s, StartGroup(True))
    assert s.targets(AddUnit(cruiser)) == (card(cruiser),)
    act(s, AddUnit(cruiser), AddUnit(inter))
    assert s.targets(CloseGroup()) == (card(cruiser, "with"), card(inter, "with"))
    act(s, CloseGroup(), StartGroup(False), AddUnit(troopers), CloseGroup())
    assert s.targets(FinishDeclaring()) == (group(0), group(1))
    act(s, FinishDeclaring())
    # The Ion Cannon, before blocks: the Ship, the cannon, the group.
    assert (
        s.view(REBEL)["state"]["step_text"]
        == "Turn 1, Imperial: Attack phase: Ion Cannon, group 1 of 2"
    )
    assert s.targets(Fire(cruiser)) == (card(cruiser), card(cannon, "by"), group(0, "at"))
    assert s.targets(Pass()) == (card(cannon, "by"), group(0, "at"))
    act(s, Pass())
    assert s.targets(Block()) == (group(0),) and s.targets(LetThrough()) == (group(0),)
    act(s, Block())
    assert s.targets(AddUnit(stunt)) == (card(stunt), group(0, "at"))
    act(s, AddUnit(stunt))
    assert s.targets(CloseGroup()) == (card(stunt, "with"), group(0, "at"))
    act(s, CloseGroup())
    assert s.targets(LetThrough()) == (group(1),)
    act(s, LetThrough())
    # Group 1 wins its space battle; the Rebel picks its loss.
    assert s.stack[-1].kind == "pick_casualty"
    assert s.view(REBEL)["state"]["step_text"] == (
        "Turn 1, Imperial: Attack phase: space battle, group 1 of 2: the winner's losses"
    )
    assert s.legal_actions() == [Casualty(inter)]
    assert s.targets(Casualty(inter)) == (card(inter),)
    act(s, Casualty(inter))
    # Group 2 is unblocked: the deck (of the Rebel, seat 0) or a unit.
    assert s.targets(DealDamage()) == (group(1, "by"), T("player", REBEL, "at"))
    assert s.targets(Target(soldier)) == (card(soldier), group(1, "by"))
    view = s.view(IMPERIAL)
    entry = next(a for a in view["legal_actions"] if a["notation"] == "damage")
    assert entry["targets"] == [
        {"kind": "group", "id": 1, "role": "by"},
        {"kind": "player", "id": 0, "role": "at"},
    ]


def test_psi_cards_go_to_a_hero() -> None:
    s = position(
        turn=IMPERIAL,
        step="attack_start",
        zones={"active1": ["Mysterious Emperor"], "hand1": ["ESP"]},
    )
    emperor, esp = find(s, "Mysterious Emperor"), find(s, "ESP")
    act(s, StartGroup(False), AddUnit(emperor), CloseGroup())
    if FinishDeclaring() in s.legal_actions():
        act(s, FinishDeclaring())
    assert s.targets(PlayPsi(esp, emperor)) == (card(esp), card(emperor, "to"))
    assert s.targets(Pass()) == ()
    assert s.view(IMPERIAL)["state"]["step_text"] == (
        "Turn 1, Imperial: Attack phase: group 1 of 1, unblocked: Psi cards"
    )


def test_attack_phase_cards() -> None:
    s = position(
        turn=REBEL,
        step="attack_start",
        zones={"active0": ["Grav Cycles"], "hand0": ["Surprise Attack", "Multiple Targets"]},
    )
    cycles = find(s, "Grav Cycles")
    surprise, multiple = (find(s, n, "hand0") for n in ("Surprise Attack", "Multiple Targets"))
    assert s.targets(PlayCard(multiple)) == (card(multiple),)
    act(s, StartGroup(False), AddUnit(cycles), CloseGroup(), FinishDeclaring())
    assert s.targets(Boost(surprise, False)) == (card(surprise),)
    assert s.targets(Boost(surprise, True)) == (card(surprise),)
    assert s.targets(Pass()) == ()


def test_deploy_and_attach() -> None:
    s = position(
        turn=REBEL,
        step="deploy",
        zones={"hand0": ["Laser Sword", "Rebel Soldier"], "active0": ["Princess"]},
    )
    sword, princess = find(s, "Laser Sword"), find(s, "Princess")
    assert s.targets(Deploy(sword)) == (card(sword),)
    assert s.targets(Pass()) == ()
    assert s.view(REBEL)["state"]["resolving"] is None
    act(s, Deploy(sword))
    assert s.targets(Attach(princess)) == (card(sword), card(princess, "to"))
    st = s.view(IMPERIAL)["state"]
    assert st["resolving"] == sword
    assert st["step_text"] == "Turn 1, Rebel: Deploy phase: attaching Laser Sword to a hero"


def test_end_phase_cards_and_the_hand_limit() -> None:
    s = position(
        turn=REBEL,
        step="end",
        zones={"hand0": ["Medi-Bot", "Rebel Soldier", "Grav Cycles"], "discard0": ["Princess"]},
        options={"hand_limit": 1},
    )
    medi, princess = find(s, "Medi-Bot"), find(s, "Princess")
    assert s.targets(PlayCard(medi)) == (card(medi),)
    act(s, PlayCard(medi))
    assert s.targets(Choose(princess)) == (card(princess), card(medi, "with"))
    assert s.view(REBEL)["state"]["step_text"] == (
        "Turn 1, Rebel: End phase: choosing the target of Medi-Bot"
    )
    act(s, Choose(princess), Pass())
    assert s.stack[-1].kind == "hand_limit"
    assert s.view(REBEL)["state"]["step_text"] == (
        "Turn 1, Rebel: End phase: discarding down to 1 card"
    )
    soldier = find(s, "Rebel Soldier", "hand0")
    assert s.targets(Discard(soldier)) == (card(soldier),)


def test_every_target_is_shown_in_random_games() -> None:
    """As the kit checks it: each target's kind is declared and the view shows it; every
    action kind meets its targets."""
    seen: set[tuple[str, str, str]] = set()
    for seed in range(1, 5):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        while not s.is_terminal:
            view = s.view(s.current_player, log=False)
            for a in s.legal_actions():
                for t in s.targets(a):
                    assert t.kind in GAME.target_kinds
                    assert s._target_shown(t, view) == "", (a, t)
                    seen.add((a.kind, t.kind, t.role))
            s.apply(bot.choose(s))
    assert {
        ("add", "card", ""),
        ("add", "group", "at"),
        ("close", "card", "with"),
        ("attack", "group", ""),
        ("block", "group", ""),
        ("through", "group", ""),
        ("damage", "group", "by"),
        ("damage", "player", "at"),
        ("target", "card", ""),
        ("psi", "card", "to"),
        ("loss", "card", ""),
        ("deploy", "card", ""),
        ("attach", "card", "to"),
        ("discard", "card", ""),
    } <= seen
