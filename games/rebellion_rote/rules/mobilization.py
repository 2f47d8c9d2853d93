"""Rapid Mobilization: a Rebel starting mission resolved at the end of the Command Phase
(research §6.1, §7.2; RR-26).

Revealed like any resolve mission (its leaders go to the Rebel Base space, or the
base's system once revealed), it waits in play until the Command Phase ends; then,
before the unrevealed missions go back to hand, the Rebels choose one of:

* **move units** (only while the base is hidden): up to 5 units from one system to the
  Rebel Base space, ignoring adjacency. Leader lock and transport still apply (RR-26):
  no unit leaves a system holding a Rebel leader (not the captured one), a unit that
  needs transport moves only carried by a ship moved from the same system (1 capacity
  each, ships first), and immobile units never move. ``move <unit> <src>`` picks the
  system with its first unit; ``stop`` ends the move;
* **relocate the base** (``relocate``; also after the base has been revealed): the
  Rebels look at the top 4 probe cards, 8 if two leaders were assigned to the mission,
  and choose the new base among them (``system <s>``), not a system with Imperial
  loyalty, Imperial units or a destroyed marker, or stay (``pass``). On a move the old
  base card is shown and goes to the Empire's probe hand, everything on the Rebel Base
  space moves into the old base's system, and the new card lies face down (the base is
  hidden again; a Show No Fear marker is removed, RR-66). The cards not chosen go to the
  bottom of the probe deck, unseen by the Empire (RR-17);
* **neither** (``pass``).

Contingency Plan may have the card revealed a second time in the phase, or put it face
down again, while it waits (RR-86): it then resolves once per reveal, and goes back to
hand after its last resolution (or, face down, with the unrevealed missions).

The mission card then goes back to the Rebels' hand, and the players may remove
target markers (RR-38) before the Command Phase ends. No combat follows either
move: a combat begins only on an activation or a base reveal (research §4.3), so
units moved beside enemy ships wait for the next activation of their system.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ..actions import Move, Pass, Relocate, Stop, SystemChoice
from ..board import UNITS_OF, new_base_allowed, reveal_base, rule_out_at_relocation
from ..data import IMPERIAL, MISSIONS, NUM_SYSTEMS, REBEL, REBEL_BASE
from ..decisions import NewBase, RapidMobilization
from ..events import BaseRelocated, BaseStayed, Moved, ProbesLooked
from ..ids import mission_card
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = ["new_base_allowed", "start_rapid_mobilization"]


def amount(card: int, kind: str) -> int:
    """The number the card data gives an effect of mission ``card``."""
    return next(e.amount for e in MISSIONS[card].effects if e.kind == kind)


def start_rapid_mobilization(s: RebellionState, card: int, leaders: int) -> None:
    s.stack.append(RapidMobilization(player=REBEL, card=card, leaders=leaders))


# ---------------------------------------------------------------- moving units
def unit_moves(s: RebellionState, d: RapidMobilization) -> list[Action]:
    """The units that may move to the Rebel Base space next (RR-26)."""
    b = s.board
    if b.base_revealed or d.moved >= amount(d.card, "move_units_to_base"):
        return []
    sources = [d.src] if d.src >= 0 else [x for x in range(NUM_SYSTEMS) if not b.locks(x, REBEL)]
    out: list[Action] = []
    for src in sources:
        row = b.units[src]
        for u in UNITS_OF[REBEL]:
            if row[u] and not F.immobile[u] and (not F.carried[u] or d.spare > 0):
                out.append(Move(u, src))
    return out


def legal_mobilization(s: RebellionState, d: RapidMobilization) -> list[Action]:
    out = unit_moves(s, d)
    if d.src >= 0:
        out.append(Stop())
        return out
    if s.zones["probe_deck"]:
        out.append(Relocate())
    out.append(Pass())
    return out


def apply_mobilization(s: RebellionState, d: RapidMobilization, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Relocate):
        look(s, d)
        return
    if not isinstance(a, Move):  # pass or stop
        finish(s, d.card)
        return
    b = s.board
    b.remove_unit(a.unit, a.src)
    b.add_unit(a.unit, REBEL_BASE)
    s.emit(Moved(player=REBEL, unit=a.unit, src=a.src, dst=REBEL_BASE))
    spare = d.spare - 1 if F.carried[a.unit] else d.spare + F.capacity[a.unit]
    nxt = RapidMobilization(
        player=REBEL, card=d.card, leaders=d.leaders, src=a.src, moved=d.moved + 1, spare=spare
    )
    s.stack.append(nxt)


# ---------------------------------------------------------------- relocating the base
def look(s: RebellionState, d: RapidMobilization) -> None:
    """Draw the top probe cards (4, or 8 with two leaders) for the Rebels' eyes only."""
    n = amount(d.card, "relocate_base") * (2 if d.leaders >= 2 else 1)
    deck, seen = s.zones["probe_deck"], s.zones["probe_look"]
    for _ in range(min(n, len(deck))):
        s.move(deck[-1], "probe_deck", "probe_look")
    s.emit(ProbesLooked(cards=tuple(seen), to=(REBEL,)))
    s.stack.append(NewBase(player=REBEL, card=d.card))


def legal_new_base(s: RebellionState, d: NewBase) -> list[Action]:
    cards = s.zones["probe_look"]
    out: list[Action] = [SystemChoice(c) for c in sorted(cards) if new_base_allowed(s.board, c)]
    out.append(Pass())
    return out


def apply_new_base(s: RebellionState, d: NewBase, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, SystemChoice):
        relocate(s, a.system)
    else:
        s.emit(BaseStayed(returned=len(s.zones["probe_look"])))
    for c in list(s.zones["probe_look"]):
        s.move(c, "probe_look", "probe_deck", index=0)  # the bottom of the deck
    finish(s, d.card)


def relocate(s: RebellionState, new: int) -> None:
    """The old base card is shown and goes to the Empire; the new one lies face down, in
    none of the systems a new base may not be in (what the Empire had ruled out no longer
    holds)."""
    b = s.board
    old = s.base
    if b.base_revealed:
        holder = "base_face_up"
    else:
        holder = "base"
        reveal_base(b, old)  # everything on the Rebel Base space moves into the old system
    s.move(old, holder, "probe_hand")
    s.reveal("probe_hand", REBEL, [old])
    b.base_revealed = False
    s.move(new, "probe_look", "base")
    rule_out_at_relocation(b)  # RR-73: the old facts go, what a new base may not be stays
    s.emit(BaseRelocated(old=old))
    from .objective_play import base_moved

    base_moved(s)  # a new base: the Show No Fear marker goes (RR-66)


# ---------------------------------------------------------------- clean-up
def finish(s: RebellionState, card: int) -> None:
    """The card goes back to hand (seen going there) once its last resolution this phase is
    done (Contingency Plan may have it revealed twice, or put it face down again, RR-86);
    after a target-marker checkpoint (RR-38: units left a system) the Command Phase's end
    goes on."""
    hand, played = f"missions{REBEL}", f"missions_played{REBEL}"
    c = mission_card(card)
    if c in s.zones[played] and all(k != card for k, _ in s.end_of_command):
        s.move(c, played, hand)
        s.reveal(hand, IMPERIAL, [c])
    from .markers import offer_removals

    if offer_removals(s, "end_command"):
        return
    from .command import end_command

    end_command(s)
