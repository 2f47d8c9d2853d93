"""Gaining action cards: the starting cards at set-up and the Immediate cards
(research §2 step 8, research-2 §3.1; RR-29).

**Starting action cards.** At the end of set-up step 8 (the starting units placed) each
side draws 2 random cards from its starting action cards (the cards without a recruit
icon, base and Rise of the Empire) and keeps them face down; the others stay in its box
(``action_box<side>``: its owner knows them, as they are the cards it did not draw; the
other side does not). With the first-game fixed set-up (``setup="fixed"``) nobody draws
one (the Learn to Play's first game: "no starting action cards"). A card drawn from the
box later (Early Promotion, Rebel Extremist: "draw another starting action card") comes
from the same box.

**Immediate cards** (:data:`IMMEDIATE`) are resolved as soon as they are gained: at
set-up, or right after the recruit choices are revealed (research-2 §3.1); the Rebels
resolve theirs first. A card resolved goes face up to the discard
(``ActionCardPlayed``), then its effect runs. Gains wait in ``s.gains`` (side, card), in
the order they resolve; :func:`resume` resolves them until one pushes a decision, and
when none is left play goes on as ``s.gains_then`` says ("setup": the set-up decision
already under them on the stack; "recruit": :func:`.refresh.after_recruit`).

An Immediate effect is ``(state, side, card index) -> bool``: True when it pushed a
decision. The last decision of such an effect calls :func:`resume` once it is done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..data import ACTIONS
from ..events import StartingActionCards
from ..ids import action_card, action_of

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "IMMEDIATE",
    "STARTING_DRAWN",
    "deal_starting",
    "draw_starting",
    "gain",
    "is_immediate",
    "resume",
]

STARTING_DRAWN = 2
"""Starting action cards each side draws at set-up (research §2 step 8)."""

Immediate = Callable[["RebellionState", int, int], bool]
"""(state, side, card index) -> True when the effect pushed a decision."""

IMMEDIATE: dict[int, Immediate] = {}
"""The Immediate cards' effects, by card index (each card module registers its own)."""


def is_immediate(i: int) -> bool:
    """Card ``i`` resolves when gained."""
    return ACTIONS[i].timing == "Immediate"


def deal_starting(s: RebellionState) -> None:
    """Set-up step 8's starting action cards, for both sides; their Immediate cards wait
    in ``s.gains``, the Rebels' first (call :func:`resume` next)."""
    if s.options.setup == "fixed":
        return
    for p in (0, 1):
        draw_starting(s, p, STARTING_DRAWN)


def draw_starting(s: RebellionState, p: int, n: int, first: bool = False) -> int:
    """``p`` draws ``n`` random starting action cards from its box into its hand (face
    down, ``StartingActionCards``); the Immediate ones join ``s.gains`` (at the front when
    ``first``: a card drawn by an Immediate card resolves before the cards still waiting).
    Returns how many were drawn."""
    box, hand = f"action_box{p}", f"action_hand{p}"
    cards = s.zones[box]
    got: list[int] = []
    for _ in range(min(n, len(cards))):
        c = cards[s.rng.below(len(cards))]
        s.move(c, box, hand)
        s.hand_recruits[p].append(-1)
        got.append(c)
    if got:
        s.emit(StartingActionCards(player=p, cards=tuple(got), to=(p,)))
    queue = [(p, c) for c in got if is_immediate(action_of(c))]
    s.gains = queue + s.gains if first else s.gains + queue
    return len(got)


def gain(s: RebellionState, p: int, card: int) -> None:
    """``card`` just went into ``p``'s hand (a recruit): an Immediate one waits in
    ``s.gains``."""
    if is_immediate(action_of(card)):
        s.gains.append((p, card))


def resume(s: RebellionState) -> None:
    """Resolve the gains waiting, until one pushes a decision; then go on."""
    from .action_cards import play

    while s.gains:
        p, card = s.gains.pop(0)
        i = action_of(card)
        if card not in s.zones[f"action_hand{p}"]:
            continue
        play(s, p, i)
        effect = IMMEDIATE.get(i)
        if effect is not None and effect(s, p, i):
            return
        if s.result is not None:
            s.gains.clear()
            return
    then, s.gains_then = s.gains_then, ""
    if then == "recruit":
        from .refresh import after_recruit

        after_recruit(s)


def starting_cards(p: int) -> list[int]:
    """``p``'s starting action cards (card ids), base and Rise of the Empire."""
    side = ("Rebel", "Imperial")[p]
    return [action_card(i) for i, c in enumerate(ACTIONS) if c.starting and c.side == side]
