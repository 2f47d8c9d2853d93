"""RR-191: a figure a tactic card destroyed does not leave with an Escape Plan retreat.

The position comes from a game the search Empire played against the greedy Rebels (seed
3, ``benchmarks/rebellion_strength.py``): in a ground battle at Tatooine's neighbour
(system 10) the Empire's Support of the 501st destroyed one of the two Rebel Troopers,
and the Rebels' extra card, Escape Plan, retreated at once, before the destroyed figure
was removed. Moving both Troopers out made the removal fail (``no 1 Rebel Trooper at
location 10``), and the game could not go on."""

from __future__ import annotations

from pathlib import Path

from rebellion_rote.actions import Move, Stop
from rebellion_rote.data import REBEL, unit_id
from rebellion_rote.decisions import RetreatUnits
from rebellion_rote.events import UnitsDestroyed
from rebellion_rote.state import RebellionState
from tabletop import replay

RECORD = Path(__file__).parent / "golden" / "rr191_doomed_retreat.json"
TROOPER = unit_id("Rebel Trooper")


def at_the_retreat() -> RebellionState:
    s = replay(RECORD.read_text())
    assert isinstance(s, RebellionState)
    top = s.stack[-1]
    assert isinstance(top, RetreatUnits) and top.player == REBEL and top.moved == 0
    return s


def test_rr191_a_figure_a_tactic_card_destroyed_does_not_retreat() -> None:
    s = at_the_retreat()
    here, to = s.battle.system, s.stack[-1].dst
    assert s.battle.doomed == [TROOPER]
    assert s.board.units[here][TROOPER] == 2
    troopers = s.board.units[to][TROOPER]
    # the ships first (the Troopers need room), then one Trooper: the other is destroyed
    out = Move(TROOPER, here)
    while out not in s.legal_actions():
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    s.apply(out)
    assert out not in s.legal_actions()
    assert s.board.units[here][TROOPER] == 1  # the destroyed one, waiting to be removed
    while Stop() not in s.legal_actions():
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    seen = len(s.log)
    s.apply(Stop())
    assert s.board.units[here][TROOPER] == 0
    assert s.board.units[to][TROOPER] == troopers + 1
    removed = [e for e in s.log[seen:] if isinstance(e, UnitsDestroyed)]
    assert [(e.unit, e.n, e.system, e.reason) for e in removed] == [(TROOPER, 1, here, "tactic")]
    assert s.battle.doomed == []
    assert not s.is_terminal and s.legal_actions()


def test_a_retreat_moves_only_what_no_card_destroyed() -> None:
    """Every legal move of the retreat, whichever order: never more Troopers than the one
    no card destroyed, and the game always goes on."""
    s = at_the_retreat()
    here = s.battle.system
    for pick in (0, -1):
        t = s.clone()
        while t.stack and isinstance(t.stack[-1], RetreatUnits):
            legal = t.legal_actions()
            moves = [a for a in legal if isinstance(a, Move)]
            t.apply(moves[pick] if moves else legal[0])
            assert t.board.units[here][TROOPER] >= (1 if t.battle.doomed else 0)
        assert t.board.units[here][TROOPER] == 0
        assert t.is_terminal or t.legal_actions()
