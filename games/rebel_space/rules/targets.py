"""What on the table each legal action points at (``state.targets(action)``).

Three kinds: ``card`` (a card id; its facts in ``view["cards"]``), ``group``
(an attacking battle group: an index into ``view["state"]["attack"]["groups"]``)
and ``player`` (a seat: 0 the Rebel, 1 the Imperial).

Roles, by action (``""`` is what a click on the table chooses):

================  ==================================================================
action            targets
================  ==================================================================
``draw N``        none
``group 0/1``     none (the new group is ``view["state"]["attack"]["forming"]``)
``add C``         ``card`` C ``""``; blocking, also ``group`` ``"at"``: the attacking
                  group it blocks
``close``         ``card`` ``"with"``: each unit of the group being closed; blocking,
                  also ``group`` ``"at"``
``attack``        ``group`` ``""``: each group declared (none: no attack)
``fire C``        ``card`` C ``""``: the Ship the Ion Cannon destroys; ``card``
                  ``"by"``: the Ion Cannon; ``group`` ``"at"``: C's group
``block``         ``group`` ``""``: the attacking group to block
``through``       ``group`` ``""``: the attacking group let through
``damage``        ``group`` ``"by"``: the unblocked group; ``player`` ``"at"``: the
                  defender, whose deck takes the damage
``target C``      ``card`` C ``""``: the unit targeted; ``group`` ``"by"``
``psi C H``       ``card`` C ``""``: the Psi card from the hand; ``card`` H ``"to"``:
                  the Psionic hero it goes on
``boost C S``     ``card`` C ``""`` (Surprise Attack or Trap; ground or space in words)
``play C``        ``card`` C ``""``
``choose C``      ``card`` C ``""``: the hero or facility chosen; ``card`` ``"with"``:
                  the card played whose target it is
``loss C``        ``card`` C ``""``
``deploy C``      ``card`` C ``""``
``attach H``      ``card`` ``""``: the item or companion being deployed; ``card`` H
                  ``"to"``: the hero it goes on
``discard C``     ``card`` C ``""``
``pass``          holding the Ion Cannon's fire: ``card`` ``"by"``, the Ion Cannon, and
                  ``group`` ``"at"``; otherwise none
================  ==================================================================

Only public facts and the deciding player's own hand (or, for a deck search,
the heroes of their own deck that the choice names) are read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop import Action
from tabletop.targets import Target

from .. import actions as A
from ..cards import EFFECT, NUM_CARDS
from .common import ACTIVE

if TYPE_CHECKING:
    from ..state import RebelSpaceState

__all__ = ["KINDS", "target_shown", "targets"]

KINDS: dict[str, str] = {
    "card": "a card id: in a zone, in the attack (state.attack) or the battle "
    "(state.battle), or the card being resolved (state.resolving); its facts in the "
    "view's cards, keyed by the id as text",
    "group": "an attacking battle group: an index into state.attack.groups (its kind in "
    "state.attack.space, its blockers in state.attack.blocks)",
    "player": "a seat: 0 the Rebel, 1 the Imperial (the player whose deck a group damages)",
}
"""The target kinds of the pack (``Game(target_kinds=...)``)."""


_CARD: dict[str, tuple[Target, ...]] = {
    role: tuple(Target("card", c, role) for c in range(NUM_CARDS))
    for role in ("", "with", "by", "to")
}
"""Every card target, made once (targets are frozen, so shared)."""
_PLAYER_AT = (Target("player", 0, "at"), Target("player", 1, "at"))


def card(c: int, role: str = "") -> Target:
    return _CARD[role][c]


def _cannon(s: RebelSpaceState) -> int:
    """The defender's Ion Cannon that fires now (the first ready one)."""
    used = s.ion_used
    for c in s.zones[ACTIVE[1 - s.turn]]:
        if EFFECT[c] == "ion_cannon" and c not in used:
            return c
    return -1


def _cards(ids: Sequence[int], role: str) -> list[Target]:
    table = _CARD[role]
    return [table[c] for c in ids]


def targets(s: RebelSpaceState, a: Action) -> Sequence[Target]:
    kind = s.stack[-1].kind
    t = type(a)
    if t is A.AddUnit:
        out = [card(a.card)]  # type: ignore[attr-defined]
        if kind == "form_block":
            out.append(Target("group", s.cur, "at"))
        return out
    if t is A.CloseGroup:
        out = _cards(s.forming, "with")
        if kind == "form_block":
            out.append(Target("group", s.cur, "at"))
        return out
    if t is A.FinishDeclaring:
        return [Target("group", i) for i in range(len(s.groups))]
    if t is A.Fire:
        return (
            card(a.card),  # type: ignore[attr-defined]
            card(_cannon(s), "by"),
            Target("group", s.cur, "at"),
        )
    if t is A.Block or t is A.LetThrough:
        return (Target("group", s.cur),)
    if t is A.DealDamage:
        return (Target("group", s.cur, "by"), _PLAYER_AT[1 - s.turn])
    if t is A.Target:
        return (card(a.card), Target("group", s.cur, "by"))  # type: ignore[attr-defined]
    if t is A.PlayPsi:
        return (card(a.card), card(a.hero, "to"))  # type: ignore[attr-defined]
    if t is A.Choose:
        return (card(a.card), card(s.pending, "with"))  # type: ignore[attr-defined]
    if t is A.Attach:
        return (card(s.pending), card(a.hero, "to"))  # type: ignore[attr-defined]
    if t is A.Pass:
        if kind == "ion_cannon":
            return (card(_cannon(s), "by"), Target("group", s.cur, "at"))
        return ()
    c = getattr(a, "card", None)  # boost, play, loss, deploy, discard
    if c is not None:
        return (card(c),)
    return ()  # draw, group


def target_shown(s: RebelSpaceState, target: Target, view: dict[str, Any]) -> str | None:
    """Where the view shows a ``group`` (``None``: a kind the core answers)."""
    if target.kind != "group":
        return None
    n = len(view["state"]["attack"]["groups"])
    if type(target.id) is int and 0 <= target.id < n:
        return ""
    return f"no attacking group {target.id!r} in the view (it shows {n})"
