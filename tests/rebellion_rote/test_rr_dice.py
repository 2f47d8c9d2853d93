"""Dice and the mission dice pools (the rules that use them come with later parts)."""

from __future__ import annotations

from collections import Counter

from rebellion_rote.data import LEADERS, leader_id
from rebellion_rote.rules.dice import mission_dice, requirement_met, roll, successes
from tabletop import Rng


def L(name: str):  # type: ignore[no-untyped-def]
    return LEADERS[leader_id(name)]


def test_rolls_follow_the_face_table() -> None:
    rng = Rng(7)
    got = Counter(roll(rng, "green", 6000))
    assert set(got) == {"direct_hit", "blank"}
    assert 1700 < got["direct_hit"] < 2300  # 2 faces of 6
    red = Counter(roll(rng, "red", 6000))
    assert set(red) == {"hit", "direct_hit", "special", "blank"}
    assert 1700 < red["hit"] < 2300 and 800 < red["special"] < 1200
    assert roll(Rng(1), "black", 3) == roll(Rng(1), "black", 3)


def test_successes() -> None:
    assert successes(["hit", "direct_hit", "special", "blank"]) == 4
    assert successes([]) == 0


def test_jabba_rolls_two_regular_and_one_green_for_intel() -> None:
    """ROTE's example: Jabba the Hutt on an intel mission rolls 2 dice and 1 green die."""
    jabba = L("Jabba the Hutt")
    assert mission_dice([jabba], "intel") == (2, 1)
    assert requirement_met([jabba], "intel", 3) and not requirement_met([jabba], "intel", 4)
    assert requirement_met([jabba], "diplomacy", 3)
    assert not requirement_met([jabba], "spec_ops", 1)


def test_caps_and_counting_all_icons() -> None:
    lando, leia = L("Lando Calrissian"), L("Princess Leia")
    assert mission_dice([lando, leia], "intel") == (3, 0)
    assert mission_dice([lando, leia], "intel", count_all=True) == (9, 0)
    assert mission_dice([lando, leia], "intel", count_all=True, bonus=2) == (10, 0)  # cap 10
    krennic, motti, finest = L("Director Krennic"), L("Admiral Motti"), L("Krennic's Finest")
    assert mission_dice([krennic, motti], "intel") == (1, 3)
    assert mission_dice([krennic, motti, finest], "intel", count_all=True) == (
        6,
        3,
    )  # 6 minor icons, 3 green dice
