"""Target markers: placing, removing at the checkpoints, destroyed systems, Rogue One
(ROTE "Target Markers"; research §8.2; RR-16, RR-38, RR-39)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rr_helpers import assign, finish_recruit

from rebellion_rote import GAME
from rebellion_rote.actions import (
    Activate,
    Move,
    Pass,
    Place,
    RemoveMarker,
    Reveal,
    Stop,
    SystemChoice,
    Target,
)
from rebellion_rote.battle import Battle
from rebellion_rote.data import (
    IMPERIAL,
    MARKERS,
    REBEL,
    REBEL_BASE,
    leader_id,
    marker_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import (
    AssignMission,
    BuildUnits,
    ChooseTactic,
    CommandTurn,
    DeployUnits,
    RapidMobilization,
    RemoveMarkers,
    RogueOne,
)
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.rules import markers as M
from rebellion_rote.state import RebellionState

KESSEL = system_id("Kessel")
TOYDARIA = system_id("Toydaria")
HOTH = system_id("Hoth")
NABOO = system_id("Naboo")
RAID = marker_id("Raid Outposts")
CELL = marker_id("Rebel Cell")
PLANS = marker_id("Secure the Plans")
FEAR = marker_id("Show No Fear")
U = unit_id


def removed(s: RebellionState) -> list[tuple[int, int, int, str]]:
    return [
        (e.system, e.marker, e.by, e.reason)  # type: ignore[attr-defined]
        for e in s.log
        if e.kind == "marker_removed"
    ]


@pytest.fixture
def effects() -> Iterator[list[tuple[int, int, int]]]:
    """Record the removal effects in place of the cards' own (test_rr_objectives_play.py
    tests those), then put the real table back."""
    calls: list[tuple[int, int, int]] = []
    real = dict(M.REMOVAL_EFFECTS)
    for k in range(len(MARKERS)):
        M.REMOVAL_EFFECTS[k] = lambda s, x, by, k=k: calls.append((k, x, by))
    yield calls
    M.REMOVAL_EFFECTS.clear()
    M.REMOVAL_EFFECTS.update(real)


# ---------------------------------------------------------------- placing
def test_five_markers_in_the_box_one_of_a_kind_per_system() -> None:
    assert [(m.name, m.count) for m in MARKERS] == [
        ("Raid Outposts", 2),
        ("Rebel Cell", 1),
        ("Secure the Plans", 1),
        ("Show No Fear", 1),
    ]
    assert GAME.cards["Target markers"] == MARKERS
    s = position(markers={"Hoth": ["Raid Outposts"], "Kessel": ["Raid Outposts", "Rebel Cell"]})
    b = s.board
    assert b.markers[HOTH] == 1 << RAID and b.markers[KESSEL] == 1 << RAID | 1 << CELL
    assert M.kinds_at(b, KESSEL) == [RAID, CELL]
    assert [M.markers_left(b, k) for k in range(4)] == [0, 0, 1, 1]
    assert s.view(None)["state"]["markers"][KESSEL] == 3
    assert "Rebel Cell marker" in s.render(None)
    with pytest.raises(ValueError, match="no Raid Outposts marker left"):
        position(markers={"Hoth": ["Raid Outposts"], "Kessel": ["Raid Outposts"], "Naboo": ["Raid Outposts"]})  # fmt: skip
    with pytest.raises(ValueError, match="already holds"):
        M.put_marker(b, HOTH, RAID)
    with pytest.raises(ValueError, match="goes in a system"):
        M.put_marker(b, REBEL_BASE, FEAR)
    M.place_marker(s, NABOO, FEAR)
    assert s.log[-1].kind == "marker_placed" and b.markers[NABOO] == 1 << FEAR


# ---------------------------------------------------------------- removal (RR-38)
def test_rr38_the_rebels_may_remove_a_marker_after_their_activation(
    effects: list[tuple[int, int, int]],
) -> None:
    """RR-38: at the end of the turn (movement and combat over) the Rebels, with a ground
    unit where the Empire has none, may remove the marker; it goes back to the supply."""
    s = position(
        units={"Toydaria": {"Rebel Transport": 1, "Rebel Trooper": 1}},
        markers={"Kessel": ["Rebel Cell"]},
    )
    s.apply(SystemChoice(KESSEL))
    s.apply(Activate(leader_id("General Rieekan")))
    s.apply(Move(U("Rebel Transport"), TOYDARIA))
    s.apply(Move(U("Rebel Trooper"), TOYDARIA))
    s.apply(Stop())
    top = s.stack[-1]
    assert top == RemoveMarkers(player=REBEL, after="turn", last=REBEL)
    assert s.legal_actions() == [RemoveMarker(KESSEL, CELL), Pass()]
    s.apply(RemoveMarker(KESSEL, CELL))
    assert s.board.markers[KESSEL] == 0 and M.markers_left(s.board, CELL) == 1
    assert removed(s) == [(KESSEL, CELL, REBEL, "removed")]
    assert effects == [(CELL, KESSEL, REBEL)]  # the card's removal effect, by kind
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL


def test_rr38_a_declined_marker_is_offered_again_at_the_next_checkpoint() -> None:
    s = position(units={"Kessel": {"Rebel Trooper": 1}}, markers={"Kessel": ["Raid Outposts"]})
    s.apply(Pass())  # the Rebels pass for good: the end of a turn
    assert isinstance(s.stack[-1], RemoveMarkers) and s.current_player == REBEL
    s.apply(Pass())  # decline
    assert s.board.markers[KESSEL] == 1 << RAID
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    s.apply(Pass())  # the Empire's turn ends: the Rebels may remove it again
    assert s.stack[-1] == RemoveMarkers(player=REBEL, after="turn", last=IMPERIAL)
    s.apply(RemoveMarker(KESSEL, RAID))
    assert removed(s) == [(KESSEL, RAID, REBEL, "removed")]
    # both passed: the Command Phase is over
    assert s.phase == "refresh"


def test_rr38_the_empire_removes_too_rebels_first() -> None:
    """RR-16: at one checkpoint the Rebels decide first, one marker at a time, then the
    Empire."""
    s = position(
        units={
            "Kessel": {"Rebel Trooper": 1},
            "Naboo": {"Rebel Trooper": 1},
            "Hoth": {"Stormtrooper": 1},
        },
        markers={"Kessel": ["Rebel Cell"], "Naboo": ["Show No Fear"], "Hoth": ["Raid Outposts"]},
    )
    s.apply(Pass())
    assert s.current_player == REBEL
    assert set(s.legal_actions()) == {RemoveMarker(KESSEL, CELL), RemoveMarker(NABOO, FEAR), Pass()}
    s.apply(RemoveMarker(NABOO, FEAR))
    assert s.current_player == REBEL  # another one may go
    assert s.legal_actions() == [RemoveMarker(KESSEL, CELL), Pass()]
    s.apply(Pass())
    assert s.stack[-1] == RemoveMarkers(player=IMPERIAL, after="turn", last=REBEL)
    assert s.legal_actions() == [RemoveMarker(HOTH, RAID), Pass()]
    s.apply(RemoveMarker(HOTH, RAID))
    assert removed(s) == [(NABOO, FEAR, REBEL, "removed"), (HOTH, RAID, IMPERIAL, "removed")]
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert s.board.markers[KESSEL] == 1 << CELL


def test_rr38_no_removal_while_the_opponent_has_ground_units_there() -> None:
    s = position(
        units={"Kessel": {"Rebel Trooper": 1, "Stormtrooper": 1}},
        markers={"Kessel": ["Rebel Cell"]},
    )
    s.apply(Pass())
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    # ships do not count: only ground units hold or contest the marker
    s = position(
        units={"Kessel": {"Rebel Trooper": 1, "Star Destroyer": 1}, "Naboo": {"X-wing": 1}},
        markers={"Kessel": ["Rebel Cell"], "Naboo": ["Show No Fear"]},
    )
    s.apply(Pass())
    assert s.legal_actions() == [RemoveMarker(KESSEL, CELL), Pass()]
    s.apply(Pass())
    assert isinstance(s.stack[-1], CommandTurn)  # nobody holds Naboo's: no offer


def test_rr38_checkpoint_after_the_deploy_step() -> None:
    """A deployed ground unit may remove a marker at the end of the Refresh Phase."""
    s = position(loyalty={"Kessel": "Imperial"}, markers={"Kessel": ["Secure the Plans"]})
    s.board.queue_at(IMPERIAL, 1).append(U("Stormtrooper"))
    s.apply(Pass())
    s.apply(Pass())  # no marker removable at these turn ends
    finish_recruit(s)  # time reaches space 2: a recruit icon, then a build icon
    assert s.phase == "refresh" and isinstance(s.stack[-1], BuildUnits)
    s.apply(Stop())
    s.apply(Stop())
    assert isinstance(s.stack[-1], DeployUnits) and s.current_player == IMPERIAL
    s.apply(Place(U("Stormtrooper"), KESSEL))
    assert s.stack[-1] == RemoveMarkers(player=IMPERIAL, after="refresh")
    s.apply(RemoveMarker(KESSEL, PLANS))
    assert removed(s) == [(KESSEL, PLANS, IMPERIAL, "removed")]
    assert s.phase == "assignment" and isinstance(s.stack[-1], AssignMission)


def test_rr38_checkpoint_after_rapid_mobilization() -> None:
    """Units leaving with Rapid Mobilization free the marker before the Refresh Phase."""
    s = position(
        units={"Kessel": {"Rebel Transport": 1, "Rebel Trooper": 1, "Stormtrooper": 1}},
        markers={"Kessel": ["Show No Fear"]},
    )
    slot = assign(s, REBEL, "Rapid Mobilization", "General Rieekan")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(REBEL_BASE))
    s.apply(Pass())  # the Empire passes
    s.apply(Pass())  # the Rebels pass: the phase ends, Rapid Mobilization resolves
    assert isinstance(s.stack[-1], RapidMobilization)
    s.apply(Move(U("Rebel Transport"), KESSEL))
    s.apply(Move(U("Rebel Trooper"), KESSEL))
    s.apply(Stop())
    assert s.stack[-1] == RemoveMarkers(player=IMPERIAL, after="end_command")
    s.apply(Pass())
    assert s.phase == "refresh" and s.board.markers[KESSEL] == 1 << FEAR


# ---------------------------------------------------------------- destroyed systems
def test_destroying_a_system_removes_its_markers_and_resolves_them(
    effects: list[tuple[int, int, int]],
) -> None:
    s = position(markers={"Naboo": ["Raid Outposts", "Show No Fear"], "Hoth": ["Rebel Cell"]})
    M.remove_markers(s, NABOO, IMPERIAL)
    assert s.board.markers[NABOO] == 0 and s.board.markers[HOTH] == 1 << CELL
    assert removed(s) == [
        (NABOO, RAID, IMPERIAL, "destroyed"),
        (NABOO, FEAR, IMPERIAL, "destroyed"),
    ]
    assert effects == [(RAID, NABOO, IMPERIAL), (FEAR, NABOO, IMPERIAL)]
    M.remove_markers(s, NABOO, IMPERIAL)  # none left: nothing happens
    assert len(removed(s)) == 2


# ---------------------------------------------------------------- Rogue One (RR-39)
HALT = ("choose", IMPERIAL, 1, 0)
"""An agenda step that stops the combat at a decision (the Empire's next ground card)."""


def rogue_one_round(
    markers: dict[str, list[str]], captive: bool = True, retreated: bool = True
) -> RebellionState:
    """Rogue One's top ability waits for the end of round 1 of a combat in Naboo."""
    s = position(
        units={"Naboo": {"U-wing": 1, "Rebel Trooper": 1, "Stormtrooper": 1}},
        leaders={"Jan Dodonna": "Naboo", "Darth Vader": "Naboo"},
        markers=markers,
        player="Imperial",
    )
    if captive:
        s.board.captured = leader_id("Jan Dodonna")
    s.battle = Battle(system=NABOO, attacker=IMPERIAL, after="activation", round=1)
    s.battle.first = [IMPERIAL, IMPERIAL]
    s.battle.retreat_round = [1 if retreated else 0, 0]
    s.battle.round_end = [["rescue"], []]
    s.battle.steps = [("after_retreat", REBEL, -1, 0), ("after_retreat", IMPERIAL, -1, 0), HALT]
    C.advance(s)
    return s


def test_rr39_rogue_one_rescues_or_removes_a_marker_the_rebels_choosing(
    effects: list[tuple[int, int, int]],
) -> None:
    """RR-39: a unit retreated: rescue the captured leader, or remove 1 target marker
    anywhere on the board; the Rebels choose when both are possible."""
    s = rogue_one_round({"Hoth": ["Raid Outposts"], "Kessel": ["Rebel Cell"]})
    assert s.stack[-1] == RogueOne(player=REBEL)
    markers = sorted([RemoveMarker(HOTH, RAID), RemoveMarker(KESSEL, CELL)], key=lambda a: a.system)
    assert s.legal_actions() == [Target(leader_id("Jan Dodonna")), *markers]
    assert s.describe(Target(leader_id("Jan Dodonna"))) == "Rescue Jan Dodonna"
    s.apply(RemoveMarker(HOTH, RAID))
    assert removed(s) == [(HOTH, RAID, REBEL, "Rogue One")]
    assert effects == [(RAID, HOTH, REBEL)]
    assert s.board.captured == leader_id("Jan Dodonna")  # not rescued: one or the other
    assert s.board.markers[KESSEL] == 1 << CELL
    assert isinstance(s.stack[-1], ChooseTactic)  # the combat goes on

    s = rogue_one_round({"Hoth": ["Raid Outposts"]})
    s.apply(Target(leader_id("Jan Dodonna")))
    assert s.board.captured == -1 and s.board.markers[HOTH] == 1 << RAID
    assert [e.kind for e in s.log if e.kind in ("rescued", "marker_removed")] == ["rescued"]


def test_rr39_rogue_one_with_one_option_or_none() -> None:
    s = rogue_one_round({}, captive=True)  # no marker: the rescue, as before
    assert s.board.captured == -1 and isinstance(s.stack[-1], ChooseTactic)
    s = rogue_one_round({"Hoth": ["Raid Outposts"]}, captive=False)  # one marker: it goes
    assert s.board.markers[HOTH] == 0 and isinstance(s.stack[-1], ChooseTactic)
    assert removed(s) == [(HOTH, RAID, REBEL, "Rogue One")]
    s = rogue_one_round({"Hoth": ["Raid Outposts"], "Naboo": ["Show No Fear"]}, captive=False)
    assert set(s.legal_actions()) == {RemoveMarker(HOTH, RAID), RemoveMarker(NABOO, FEAR)}
    s = rogue_one_round({"Hoth": ["Raid Outposts"]}, retreated=False)  # nobody retreated
    assert s.board.markers[HOTH] and s.board.captured == leader_id("Jan Dodonna")
    assert isinstance(s.stack[-1], ChooseTactic)
