"""A combat that no die can decide (RR-56, after the FAQ's Death Star silenced by Ion
Cannons; research §5.2, §5.4).

Rolled dice must be assigned (research §5.2): while some die of either side can damage an
enemy unit in a theater both share, every round may decide the combat. Tactic cards can
deal damage too, but a player may always resolve neither ability of his card, and
specials or cards may take the damage off again. So a combat is **stuck** when, in every
theater both sides share, no unit of either side rolls a die that could damage an enemy
unit there: the side rolls no die there (a Rebel Transport, a Shield Generator, a Death
Star Under Construction, a Death Star whose red dice the Ion Cannons take), or every
enemy unit there cannot be damaged (a Death Star; a Death Star or Death Star Under
Construction with a Shield Bunker in the system).

When a combat is stuck, at each side's retreat step (the FAQ's forced retreat):

* a side that **cannot damage** the enemy's units of a shared theater **in any way**, by
  a die or by a tactic card it could still play in this combat (its deck or discard of
  that theater: cards out of the game do not count; a top ability needs its unit
  there), while the enemy can damage it (by a tactic card), must take its units of
  that theater out: it retreats (no ``pass``), and whatever of them is still there
  after its retreat step is destroyed, all of them if it cannot retreat (no leader, no
  destination, an Interdictor, a Death Star, a retreat already made);
* if **neither side** can damage the other in any way in any shared theater, the combat
  ends after this round: the units stay face to face, like ground units in a destroyed
  system (no further round could change anything).

With the card data of the game only the Rebels can be the side that must leave (the
Empire's space deck always holds a card that damages any ship, and a ground theater is
never stuck: every ground unit that is not a structure rolls dice that can damage any
enemy ground unit, and structures alone that rolled nothing are destroyed at the end
of the round, research §8.6). The Rebel Transports alone against Imperial ships
(research §5.4) and the FAQ's Death Star are in :func:`.retreat.rebel_ships_must_go`; the
FAQ's case is one of RR-56's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...data import IMPERIAL, REBEL, TACTICS
from ...ids import tactic_of
from .. import dice as D
from ..units import UNIT_FACTS as F
from .card_damage import condition_met, fits
from .forces import GROUND, SPACE, THEATERS, attack_dice, protected, shares, side_units
from .tactics import usable

if TYPE_CHECKING:
    from ...state import RebellionState

__all__ = ["can_damage", "cards_can_damage", "deadlocked", "dice_can_damage", "must_leave", "stuck"]

HARM = frozenset({"damage", "destroy"})
"""Card effects that damage or destroy an enemy unit."""
COLOURS = ("red", "black", "green")


def dice_can_damage(s: RebellionState, p: int, th: int) -> bool:
    """A die ``p``'s units of ``th`` roll now could be assigned to an enemy unit there: a
    hit to one of its colour, a direct hit (every green face) to any that can be damaged."""
    targets = [u for u in side_units(s, 1 - p, th) if not protected(s, u)]
    if not targets:
        return False
    for colour, n in zip(COLOURS, attack_dice(s, p, th)):
        if not n:
            continue
        faces = D.FACES[colour]
        if "direct_hit" in faces or (colour == "green" and "hit" in faces):
            return True
        if "hit" in faces and any(F.colour[u] == colour for u in targets):
            return True
    return False


def cards_can_damage(s: RebellionState, p: int, th: int) -> bool:
    """A tactic card of ``th`` that ``p`` could still play in this combat (deck or discard)
    has an ability ``p`` may use now that deals damage to, or destroys, an enemy unit
    there."""
    name = THEATERS[th]
    enemies = side_units(s, 1 - p, th)
    for zone in (f"tactics_{p}_{name}", f"tactic_discard_{p}_{name}"):
        for c in s.zones[zone]:
            card = TACTICS[tactic_of(c)]
            for ab in (card.top, card.bottom):
                if not usable(s, p, ab):
                    continue
                for e in ab.effects:
                    if (
                        e.kind in HARM
                        and e.amount
                        and condition_met(s, p, th, e)
                        and any(fits(s, u, th, e) for u in enemies)
                    ):
                        return True
    return False


def can_damage(s: RebellionState, p: int, th: int) -> bool:
    """``p`` can damage an enemy unit of ``th`` in any way: a die, or a tactic card."""
    return dice_can_damage(s, p, th) or cards_can_damage(s, p, th)


def shared(s: RebellionState) -> list[int]:
    return [th for th in (SPACE, GROUND) if shares(s, th)]


def stuck(s: RebellionState) -> bool:
    """Some theater is shared, and in none of them can a die of either side damage an
    enemy unit."""
    ths = shared(s)
    return bool(ths) and not any(dice_can_damage(s, p, th) for th in ths for p in (REBEL, IMPERIAL))


def must_leave(s: RebellionState, p: int) -> list[int]:
    """The theaters whose units ``p`` must take out of a stuck combat: there ``p`` cannot
    damage the enemy in any way, and the enemy can damage ``p`` (by a tactic card)."""
    if not stuck(s):
        return []
    return [th for th in shared(s) if not can_damage(s, p, th) and can_damage(s, 1 - p, th)]


def deadlocked(s: RebellionState) -> bool:
    """A stuck combat in which neither side can damage the other in any way: it ends."""
    return stuck(s) and not any(can_damage(s, p, th) for th in shared(s) for p in (REBEL, IMPERIAL))
