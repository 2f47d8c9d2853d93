"""Rapid Mobilization at the end of the Command Phase: moving units (RR-26), relocating."""

from __future__ import annotations

from typing import Any

from rr_helpers import amend, assign

from rebellion_rote.actions import Move, Pass, Relocate, Reveal, Stop, SystemChoice
from rebellion_rote.data import (
    IMPERIAL,
    MISSIONS,
    REBEL,
    REBEL_BASE,
    leader_id,
    system_id,
    unit_id,
)
from rebellion_rote.decisions import CommandTurn, NewBase, RapidMobilization
from rebellion_rote.ids import mission_card
from rebellion_rote.position import position
from rebellion_rote.state import RebellionState

RAPID = mission_card(next(i for i, m in enumerate(MISSIONS) if m.name == "Rapid Mobilization"))
RIEEKAN = leader_id("General Rieekan")
CORVETTE = unit_id("Corellian Corvette")
TROOPER = unit_id("Rebel Trooper")
XWING = unit_id("X-wing")
YWING = unit_id("Y-wing")
GENERATOR = unit_id("Shield Generator")
KESSEL, NABOO, HOTH = system_id("Kessel"), system_id("Naboo"), system_id("Hoth")
DANTOOINE, YAVIN, BOTHAWUI = system_id("Dantooine"), system_id("Yavin"), system_id("Bothawui")
FELUCIA = system_id("Felucia")
SULLUST, UTAPAU, MUSTAFAR = system_id("Sullust"), system_id("Utapau"), system_id("Mustafar")


def reveal_then_end_the_phase(s: RebellionState, *leaders: str) -> None:
    """The Rebels reveal Rapid Mobilization, then both pass: the phase ends."""
    slot = assign(s, REBEL, "Rapid Mobilization", *leaders)
    assert Reveal(slot) in s.legal_actions()
    s.apply(Reveal(slot))
    assert s.legal_actions() == [SystemChoice(REBEL_BASE)]
    s.apply(SystemChoice(REBEL_BASE))
    assert isinstance(s.stack[-1], CommandTurn) and s.current_player == IMPERIAL
    assert RAPID in s.zones["missions_played0"]  # in play until the phase ends
    s.apply(Pass())
    s.apply(Pass())
    assert isinstance(s.stack[-1], RapidMobilization)


def stack_deck(s: RebellionState, top: list[int]) -> None:
    """Put ``top`` on the probe deck, the first named the top card."""
    deck = s.zones["probe_deck"]
    for c in top:
        deck.remove(c)
    deck.extend(reversed(top))


# ---------------------------------------------------------------- moving units (RR-26)
def test_rr26_rapid_mobilization_move_keeps_leader_lock_and_transport() -> None:
    """RR-26: up to 5 units from one system, ignoring adjacency only: a system holding a
    Rebel leader cannot be left, and troopers need a ship moved from the same system."""
    s = position(
        units={
            "Kessel": {"Corellian Corvette": 1, "Rebel Trooper": 3, "X-wing": 2},
            "Hoth": {"Y-wing": 1, "Shield Generator": 1},
            "Naboo": {"Y-wing": 1},
        },
        leaders={"Princess Leia": "Naboo"},
    )

    def no_probe_deck(doc: dict[str, Any]) -> None:  # no relocation on offer
        doc["probes"]["out"] += doc["probes"]["deck"]
        doc["probes"]["deck"] = []

    amend(s, no_probe_deck)
    reveal_then_end_the_phase(s, "General Rieekan")
    assert s.board.leader_loc[RIEEKAN] == REBEL_BASE
    assert s.legal_actions() == [
        Move(XWING, KESSEL),
        Move(CORVETTE, KESSEL),
        Move(YWING, HOTH),  # not Naboo (Leia locks it); never the Shield Generator
        Pass(),
    ]
    s.apply(Move(CORVETTE, KESSEL))
    assert s.legal_actions() == [Move(XWING, KESSEL), Move(TROOPER, KESSEL), Stop()]
    s.apply(Move(TROOPER, KESSEL))
    s.apply(Move(TROOPER, KESSEL))
    assert s.legal_actions() == [Move(XWING, KESSEL), Stop()]  # the Corvette is full
    s.apply(Move(XWING, KESSEL))
    s.apply(Move(XWING, KESSEL))
    assert s.legal_actions() == [Stop()]  # 5 units moved
    s.apply(Stop())
    base = s.board.units[REBEL_BASE]
    assert (base[CORVETTE], base[TROOPER], base[XWING]) == (1, 2, 2)
    assert s.board.units[KESSEL][TROOPER] == 1 and s.board.units[KESSEL][XWING] == 0
    assert RAPID in s.zones["missions0"] and s.phase == "refresh"


def test_rr26_no_move_to_the_base_space_once_the_base_is_revealed() -> None:
    s = position(base_revealed=True, units={"Kessel": {"X-wing": 2}})
    reveal_then_end_the_phase(s, "General Rieekan")
    assert s.board.leader_loc[RIEEKAN] == DANTOOINE
    assert s.legal_actions() == [Relocate(), Pass()]


def test_declining_changes_nothing_and_the_card_goes_back_to_hand() -> None:
    s = position(units={"Kessel": {"X-wing": 2}})
    reveal_then_end_the_phase(s, "General Rieekan")
    s.apply(Pass())
    assert s.board.units[KESSEL][XWING] == 2 and s.base == DANTOOINE
    assert RAPID in s.zones["missions0"]
    assert RAPID in s.known_to("missions0", IMPERIAL)


# ---------------------------------------------------------------- relocating the base
def test_relocation_looks_at_four_cards_and_moves_the_base() -> None:
    s = position(
        units={"Rebel Base": {"X-wing": 1, "Rebel Trooper": 2}, "Bothawui": {"TIE Fighter": 1}},
        loyalty={"Felucia": "Imperial"},  # populous: Yavin holds no loyalty
    )
    stack_deck(s, [FELUCIA, BOTHAWUI, SULLUST, UTAPAU, MUSTAFAR])
    reveal_then_end_the_phase(s, "General Rieekan")
    s.apply(Relocate())
    assert isinstance(s.stack[-1], NewBase)
    assert sorted(s.zones["probe_look"]) == sorted([FELUCIA, BOTHAWUI, SULLUST, UTAPAU])
    # Felucia has Imperial loyalty, Bothawui an Imperial unit
    assert s.legal_actions() == [SystemChoice(SULLUST), SystemChoice(UTAPAU), Pass()]
    seen = s.view(IMPERIAL)
    assert "cards" not in seen["zones"]["probe_look"] and seen["zones"]["probe_look"]["count"] == 4
    assert seen["log"][-1]["kind"] == "probes_looked_count"
    s.apply(SystemChoice(UTAPAU))
    assert s.base == UTAPAU and s.zones["base"] == [UTAPAU]
    assert not s.board.base_revealed
    assert DANTOOINE in s.zones["probe_hand"]  # the old base card, shown
    assert DANTOOINE in s.known["probe_hand"][REBEL]
    # everything on the Rebel Base space moved into the old base's system
    assert s.board.units[DANTOOINE][XWING] == 1 and s.board.units[DANTOOINE][TROOPER] == 2
    assert sum(s.board.units[REBEL_BASE]) == 0
    deck = s.zones["probe_deck"]
    assert sorted(deck[:3]) == sorted([FELUCIA, BOTHAWUI, SULLUST])
    assert MUSTAFAR in s.zones["probe_hand"]  # the top card, drawn in the Refresh Phase
    assert not s.zones["probe_look"]
    shown = [e for e in s.view(IMPERIAL)["log"] if e["kind"] == "base_relocated"]
    assert [e["old"] for e in shown] == [DANTOOINE]


def test_two_leaders_look_at_eight_cards_and_staying_returns_them_to_the_bottom() -> None:
    s = position()
    top = s.zones["probe_deck"][-8:]
    reveal_then_end_the_phase(s, "General Rieekan", "Mon Mothma")
    s.apply(Relocate())
    assert sorted(s.zones["probe_look"]) == sorted(top)
    s.apply(Pass())
    assert s.base == DANTOOINE and sorted(s.zones["probe_deck"][:8]) == sorted(top)


def test_relocation_after_the_reveal_hides_the_base_again() -> None:
    s = position(base_revealed=True, units={"Dantooine": {"X-wing": 1}})
    stack_deck(s, [SULLUST])
    reveal_then_end_the_phase(s, "General Rieekan")
    s.apply(Relocate())
    s.apply(SystemChoice(SULLUST))
    assert s.base == SULLUST and not s.board.base_revealed
    assert not s.zones["base_face_up"] and DANTOOINE in s.zones["probe_hand"]
    assert s.board.units[DANTOOINE][XWING] == 1
