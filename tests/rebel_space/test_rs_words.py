"""What a Rebel Space player reads: copies offered once, groups named by all
their units, reasons given (issue 19)."""

from __future__ import annotations

from rs_helpers import act, find, position, texts

from rebel_space.actions import (
    AddUnit,
    Block,
    CloseGroup,
    FinishDeclaring,
    LetThrough,
    StartGroup,
    Target,
)


def declare(s, space: bool, units: list[int]) -> None:  # type: ignore[no-untyped-def]
    act(s, StartGroup(space), *[AddUnit(c) for c in units], CloseGroup())
    if FinishDeclaring() in s.legal_actions():
        act(s, FinishDeclaring())


def test_copies_that_look_the_same_are_offered_once() -> None:
    s = position(
        turn=0,
        step="deploy",
        zones={"hand0": ["Rebel Soldier", "Rebel Soldier", "Grav Cycles"]},
        budget=3,
    )
    assert texts(s) == [
        "Deploy Rebel Soldier (cost 1)",
        "Deploy Grav Cycles (cost 1)",
        "End the deploy phase",
    ]


def test_an_active_and_an_inactive_copy_read_apart() -> None:
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Troopers", "Troopers", "Squad Leader"],
            "active0": ["Grav Cycles"],
            "inactive0": ["Grav Cycles"],
        },
    )
    declare(s, False, list(s.zones["active1"]))
    assert s.prompt == "Rebel: block the group of 2 Troopers and Squad Leader or let it through"
    act(s, LetThrough())
    assert texts(s) == [
        "The group of 2 Troopers and Squad Leader damages the deck",
        "The group of 2 Troopers and Squad Leader targets Grav Cycles",
        "The group of 2 Troopers and Squad Leader targets Grav Cycles (inactive)",
    ]
    said = [s.narrate(e) for e in s.log[-2:]]
    assert said == [
        "Imperial attacks with a ground group: 2 Troopers and Squad Leader",
        "The group of 2 Troopers and Squad Leader is not blocked (the defender let it through)",
    ]
    inactive = find(s, "Grav Cycles", "inactive0")
    act(s, Target(inactive))
    assert (
        s.narrate(next(e for e in s.log if e.kind == "targeted"))
        == "The group of 2 Troopers and Squad Leader targets Grav Cycles"
    )


def test_not_blocked_says_why_when_no_block_was_possible() -> None:
    s = position(
        turn=1, step="attack_start", zones={"active1": ["Troopers"], "active0": ["Stunt Fighters"]}
    )
    declare(s, False, [find(s, "Troopers")])
    said = [s.narrate(e) for e in s.log if e.kind == "let_through"]
    assert said == [
        "The group of Troopers is not blocked: the Rebel has no active ground unit free to block"
    ]


def test_surprise_attack_says_ground_or_space() -> None:
    s = position(
        turn=0,
        step="attack_start",
        zones={"active0": ["Grav Cycles"], "hand0": ["Surprise Attack"], "active1": ["Troopers"]},
    )
    declare(s, False, [find(s, "Grav Cycles")])
    assert texts(s) == [
        "Play Surprise Attack: every attacking unit gets +2 Ground in this attack's ground battles",
        "Play Surprise Attack: every attacking unit gets +2 Space in this attack's space battles",
        "Play no Surprise Attack",
    ]
    act(s, s.legal_actions()[1])
    assert s.narrate(s.log[-1]) == (
        "Rebel played Surprise Attack: every attacking unit gets +2 Space "
        "in this attack's space battles"
    )


def test_psi_prompt_names_the_battle_and_its_values() -> None:
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Mysterious Emperor", "Troopers"],
            "hand1": ["ESP"],
            "active0": ["Rebel Soldier"],
        },
    )
    declare(s, False, [find(s, "Mysterious Emperor"), find(s, "Troopers")])
    act(s, Block(), AddUnit(find(s, "Rebel Soldier")), CloseGroup())
    assert s.prompt == (
        "Imperial: ground battle, the Imperial's Mysterious Emperor and Troopers (8) "
        "against the Rebel's Rebel Soldier (1). Play a Psi card, or pass"
    )
    s = position(
        turn=1, step="attack_start", zones={"active1": ["Mysterious Emperor"], "hand1": ["ESP"]}
    )
    declare(s, False, [find(s, "Mysterious Emperor")])
    assert s.prompt == (
        "Imperial: the group of Mysterious Emperor is unblocked and deals 2 damage. "
        "Play a Psi card, or pass"
    )


def test_game_over_names_the_winner_and_the_reason() -> None:
    s = position(turn=1, step="attack_start", zones={"active1": ["Troopers"]}, deck_size={0: 1})
    declare(s, False, [find(s, "Troopers")])
    assert s.is_terminal
    end = "The Imperial wins: damage took the last card of the Rebel's deck"
    assert s.narrate(s.log[-1]) == end
    assert s.render(0).splitlines()[-1] == f"Game over. {end}"
    s = position(turn=0, step="draw", deck_size={0: 0})
    assert s.is_terminal
    assert (
        s.narrate(s.log[-1]) == "The Imperial wins: the Rebel had to draw a card from an empty deck"
    )
