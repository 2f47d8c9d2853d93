"""Three fixes: attack order changes act in the round their card resolves; subjugation
follows every change of loyalty and units at once; no combat loops (RR-56)."""

from __future__ import annotations

import pytest
from rr_helpers import assign

from rebellion_rote.actions import (
    Activate,
    Destroy,
    Move,
    Pass,
    Retreat,
    Reveal,
    Stop,
    SystemChoice,
    Tactic,
    UseAbility,
)
from rebellion_rote.battle import Battle
from rebellion_rote.data import IMPERIAL, REBEL, TACTICS, leader_id, system_id, unit_id
from rebellion_rote.decisions import ChooseAbility, ChooseTactic, Combat, RetreatChoice
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.state import RebellionState

NABOO = system_id("Naboo")
MALASTARE = system_id("Malastare")
U = unit_id
NONE_, TOP, BOTTOM = 0, 1, 2
HALT = ("choose", IMPERIAL, 1, 0)
"""An agenda step that waits for a decision: the helpers' steps stop before it."""


def card(name: str) -> int:
    return next(i for i, t in enumerate(TACTICS) if t.name == name)


def fight(
    units: dict[str, dict[str, int]], leaders: dict[str, str] | None = None, attacker: int = 1
) -> RebellionState:
    """A combat in Naboo with no step run yet: the steps are run directly."""
    s = position(units=units, leaders=leaders or {}, player="Imperial")
    s.battle = Battle(system=NABOO, attacker=attacker, after="activation", round=1)
    s.battle.first = [attacker, attacker]
    return s


def activate_in_place(s: RebellionState, leader: str, system: int = NABOO) -> None:
    """The current player activates ``system`` and moves nothing in: the units already
    there fight (the activating player is the current player of the combat)."""
    s.apply(Activate(leader_id(leader)))
    s.apply(SystemChoice(system))
    s.apply(Stop())
    while isinstance(s.stack[-1], Combat):
        s.apply(Pass())  # no leader joins


# ================================================================ 1. attack order
ORDER_CARDS = [
    # card, the side playing it (the current player), theater, the units in Naboo
    (
        "Energy Shield",
        IMPERIAL,
        C.SPACE,
        {"Super Star Destroyer": 2, "Mon Calamari Cruiser": 3},
    ),
    ("Draw Their Fire", REBEL, C.SPACE, {"Super Star Destroyer": 2, "Mon Calamari Cruiser": 3}),
    ("Armored Position", IMPERIAL, C.GROUND, {"AT-AT": 4, "Airspeeder": 5}),
    ("Planetary Shield", REBEL, C.GROUND, {"AT-AT": 4, "Airspeeder": 5}),
]


@pytest.mark.parametrize(("name", "side", "theater", "units"), ORDER_CARDS)
def test_an_order_change_acts_in_the_round_its_card_resolves(
    name: str, side: int, theater: int, units: dict[str, int]
) -> None:
    """ROTE: a card that changes who attacks first does so from the round of battle in
    which it is resolved until the end of the combat. The current player plays it in
    round 1: the opponent rolls first in round 1 and in every later round."""
    leader = "Darth Vader" if side == IMPERIAL else "Jan Dodonna"
    s = position(player="Imperial" if side == IMPERIAL else "Rebel", units={"Naboo": units})
    activate_in_place(s, leader)
    assert s.battle.attacker == side
    order_card = card(name)
    changes_order = {i for i, c in enumerate(TACTICS) if "opponent_first" in kinds(c.bottom)}
    first_roll: dict[int, int] = {}
    while s.battle.active and s.battle.round <= 3:
        top, legal, now = s.stack[-1], s.legal_actions(), s.battle.round
        if isinstance(top, ChooseTactic):
            # the order card in round 1; no card that could change the order later
            cards = [a for a in legal if isinstance(a, Tactic)]
            if top.player == side and now == 1:
                pick = Tactic(order_card)
            else:
                pick = next(a for a in cards if a.card not in changes_order)
            events = s.apply(pick)
        elif isinstance(top, ChooseAbility):
            events = s.apply(UseAbility(BOTTOM if top.card == order_card else NONE_))
        elif isinstance(top, RetreatChoice):
            events = s.apply(legal[-1])  # pass
        else:
            events = s.apply(legal[0])
        for e in events:
            if e.kind == "dice_rolled" and e.theater == theater:
                first_roll.setdefault(now, e.player)
    assert len(first_roll) >= 2, "the combat lasted past round 1"
    assert first_roll[1] == 1 - side
    assert set(first_roll.values()) == {1 - side}, first_roll


def kinds(ability: object) -> set[str]:
    return {e.kind for e in ability.effects}  # type: ignore[attr-defined]


# ================================================================ 2. subjugation at once
def told(events: list, system: int) -> list[tuple[str, object]]:  # type: ignore[type-arg]
    """The loyalty, destruction and subjugation events about ``system``, in order."""
    out: list[tuple[str, object]] = []
    for e in events:
        if getattr(e, "system", None) != system:
            continue
        if e.kind == "subjugation":
            out.append(("subjugation", e.on))
        elif e.kind == "loyalty_changed":
            out.append(("loyalty", e.loyalty))
        elif e.kind == "units_destroyed":
            out.append(("destroyed", e.unit))
    return out


def test_build_alliance_removing_imperial_loyalty_subjugates_at_once() -> None:
    """Research §6.2: a Rebel mission takes the Imperial loyalty of Naboo, where a
    Stormtrooper stands: Naboo is subjugated there and then, told and shown."""
    s = position(loyalty={"Naboo": "Imperial"}, units={"Naboo": {"Stormtrooper": 1}})
    assert not s.board.subjugated[NABOO]
    slot = assign(s, REBEL, "Build Alliance", "Mon Mothma")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    events = s.apply(Pass())  # not opposed: it succeeds
    assert s.board.loyalty[NABOO] == -1 and s.board.subjugated[NABOO]
    assert told(events, NABOO) == [("loyalty", -1), ("subjugation", True)]
    assert "Naboo is now subjugated" in [s.narrate(e) for e in events]
    for p in (None, REBEL, IMPERIAL):
        assert s.view(p)["state"]["subjugated"][NABOO]


def test_a_neutral_subjugated_system_gaining_imperial_loyalty_loses_the_marker() -> None:
    """Research §6.2: the marker flips to its loyalty side, and that is told."""
    s = position(player="Imperial", units={"Naboo": {"Stormtrooper": 1}})
    assert s.board.subjugated[NABOO] and s.board.loyalty[NABOO] == -1
    slot = assign(s, IMPERIAL, "Rule by Fear", "Grand Moff Tarkin")
    s.apply(Reveal(slot))
    s.apply(SystemChoice(NABOO))
    events = s.apply(Pass())
    assert s.board.loyalty[NABOO] == IMPERIAL and not s.board.subjugated[NABOO]
    assert told(events, NABOO) == [("loyalty", IMPERIAL), ("subjugation", False)]
    assert not s.view(REBEL)["state"]["subjugated"][NABOO]


def test_the_last_imperial_ground_unit_destroyed_by_a_tactic_card_lifts_it_at_once() -> None:
    """Hold Them Back destroys the only Stormtrooper in Rebel Naboo: the marker goes when
    the Stormtrooper is removed, while the combat still goes on (not at its end)."""
    s = position(
        loyalty={"Naboo": "Rebel"},
        units={"Naboo": {"Stormtrooper": 1, "Rebel Trooper": 2}},
        leaders={"Jan Dodonna": "pool"},
    )
    assert s.board.subjugated[NABOO]
    activate_in_place(s, "Jan Dodonna")
    s.apply(Tactic(card("Hold Them Back")))
    s.apply(Tactic(card("Imposing Presence")))
    s.apply(UseAbility(TOP))  # the Rebels resolve first: destroy one triangle unit
    s.apply(Destroy(U("Stormtrooper"), 0))
    events = s.apply(UseAbility(NONE_))  # the Empire's card; then the doomed unit goes
    assert s.battle.active and not s.board.subjugated[NABOO]
    assert told(events, NABOO) == [("destroyed", U("Stormtrooper")), ("subjugation", False)]


def test_the_last_imperial_ground_unit_destroyed_in_a_battle_lifts_it_at_once() -> None:
    s = fight({"Naboo": {"Stormtrooper": 1, "Rebel Trooper": 1, "X-wing": 1, "TIE Fighter": 1}})
    assert s.board.subjugated[NABOO]
    C.add_damage(s, U("Stormtrooper"), 0)
    n = len(s.log)
    C.step_destroy(s, -1, C.GROUND, 0)
    assert not s.board.subjugated[NABOO] and s.battle.active
    assert told(s.log[n:], NABOO) == [("destroyed", U("Stormtrooper")), ("subjugation", False)]


def test_imperial_ground_units_retreating_subjugate_where_they_go_at_once() -> None:
    """A retreat moves units one by one: each system settles as each unit leaves or
    arrives, not when the retreat ends."""
    s = fight(
        {"Naboo": {"Stormtrooper": 1, "Star Destroyer": 1, "Rebel Trooper": 1, "X-wing": 1}},
        {"Darth Vader": "Naboo"},
    )
    assert s.board.subjugated[NABOO] and not s.board.subjugated[MALASTARE]
    s.battle.steps = [("retreat", IMPERIAL, -1, 0), HALT]
    C.advance(s)
    s.apply(Retreat(leader_id("Darth Vader")))
    s.apply(SystemChoice(MALASTARE))
    s.apply(Move(U("Star Destroyer"), NABOO))
    events = s.apply(Move(U("Stormtrooper"), NABOO))
    assert s.board.subjugated[MALASTARE] and not s.board.subjugated[NABOO]
    assert told(events, NABOO) == [("subjugation", False)]
    assert told(events, MALASTARE) == [("subjugation", True)]


def test_an_activation_subjugates_after_its_combat() -> None:
    """Research §4.3 step 5: Stormtroopers moved into Rebel Naboo subjugate it only once
    the combat there is over (the combat's end is told, then the marker)."""
    s = position(
        player="Imperial",
        loyalty={"Naboo": "Rebel"},
        units={"Naboo": {"X-wing": 1}, "Malastare": {"Star Destroyer": 1, "Stormtrooper": 2}},
    )
    s.apply(Activate(leader_id("Darth Vader")))
    s.apply(SystemChoice(NABOO))
    s.apply(Move(U("Star Destroyer"), MALASTARE))
    s.apply(Move(U("Stormtrooper"), MALASTARE))
    s.apply(Move(U("Stormtrooper"), MALASTARE))
    s.apply(Stop())
    assert s.battle.active and not s.board.subjugated[NABOO]
    assert s.view(REBEL)["state"]["subjugation_held"] == NABOO
    log: list = []  # type: ignore[type-arg]
    while s.battle.active:  # nobody retreats
        legal = s.legal_actions()
        log += s.apply(legal[-1] if isinstance(s.stack[-1], RetreatChoice) else legal[0])
    assert s.board.units[NABOO][U("Stormtrooper")] == 2
    assert s.board.subjugated[NABOO] and s.board.held == -1
    kinds_ = [e.kind for e in log if e.kind in ("combat_ended", "subjugation")]
    assert kinds_ == ["combat_ended", "subjugation"]


def test_a_destroyed_system_loses_its_subjugation_at_once() -> None:
    from rebellion_rote.rules.destroyed import destroy_system

    s = position(player="Imperial", units={"Naboo": {"Stormtrooper": 1, "Star Destroyer": 1}})
    assert s.board.subjugated[NABOO]
    n = len(s.log)
    destroy_system(s, NABOO)
    assert not s.board.subjugated[NABOO]
    assert [e.kind for e in s.log[n : n + 2]] == ["system_destroyed", "subjugation"]
