"""Three fixes: attack order changes act in the round their card resolves; subjugation
follows every change of loyalty and units at once; no combat loops (RR-56)."""

from __future__ import annotations

import pytest

from rebellion_rote.actions import Activate, Pass, Stop, SystemChoice, Tactic, UseAbility
from rebellion_rote.data import IMPERIAL, REBEL, TACTICS, leader_id, system_id, unit_id
from rebellion_rote.decisions import ChooseAbility, ChooseTactic, Combat, RetreatChoice
from rebellion_rote.position import position
from rebellion_rote.rules import combat as C
from rebellion_rote.state import RebellionState

NABOO = system_id("Naboo")
MALASTARE = system_id("Malastare")
U = unit_id
NONE_, TOP, BOTTOM = 0, 1, 2


def card(name: str) -> int:
    return next(i for i, t in enumerate(TACTICS) if t.name == name)


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
