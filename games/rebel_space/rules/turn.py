"""Draw, activation, deploy and end phases, and the hand limit (RS-05..08)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Attach, Deploy, Discard, Draw, Pass, PlayCard
from ..cards import (
    COST,
    EFFECT,
    END_PHASE_EFFECTS,
    EXTRA_DRAW,
    IS_ATTACHMENT,
    IS_HERO,
    IS_UNIT,
    OWNER,
)
from ..decisions import (
    AttachChoice,
    ChooseDraw,
    DeployChoice,
    EndPhaseChoice,
    HandLimit,
    TargetChoice,
)
from ..events import Activated, Deployed, Discarded, Drew, TurnBegan
from .common import lose, zone
from .effects import END_EFFECTS, legal_targets, play_end_card, resolve_target
from .units import in_play

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState


# ---------------------------------------------------------------- draw (RS-03, RS-05)
def extra_draws(s: RebelSpaceState, p: int) -> int:
    """Rebel Base and Mysterious Emperor under ``p``'s control: one more card each."""
    return sum(1 for c in in_play(s, p) if EXTRA_DRAW[c])


def draw(s: RebelSpaceState, p: int, n: int) -> None:
    deck, hand = zone(s, "deck", p), zone(s, "hand", p)
    got = []
    for _ in range(min(n, len(deck.cards))):
        c = deck.cards.pop()
        hand.cards.append(c)
        got.append(c)
    if got:
        s.emit(Drew(player=p, cards=tuple(got), to=(p,)))


def step_draw(s: RebelSpaceState) -> None:
    p = s.turn
    if not zone(s, "deck", p).cards:
        lose(s, p, "had to draw from an empty deck")
        return
    s.stack.append(ChooseDraw(player=p))


def legal_draw(s: RebelSpaceState, p: int) -> list[Action]:
    return [Draw(1), Draw(2)] if len(zone(s, "deck", p).cards) >= 2 else [Draw(1)]


def apply_draw(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Draw)
    draw(s, p, a.n + extra_draws(s, p))
    s.step = "activate"


# ---------------------------------------------------------------- activation (RS-06)
def step_activate(s: RebelSpaceState) -> None:
    p = s.turn
    inactive, active = zone(s, "inactive", p), zone(s, "active", p)
    moved = tuple(inactive.cards)
    active.cards.extend(moved)
    inactive.cards.clear()
    if moved:
        s.emit(Activated(player=p, cards=moved))
    s.phase = "attack"
    s.step = "attack_start"


# ---------------------------------------------------------------- deploy (RS-07)
def deployable(s: RebelSpaceState, p: int, card: int) -> bool:
    cost = COST[card]
    if cost == 0 or cost > s.budget:
        return False
    if IS_UNIT[card]:
        return True
    return IS_ATTACHMENT[card] and any(IS_HERO[h] for h in in_play(s, p))


def step_deploy(s: RebelSpaceState) -> None:
    p = s.turn
    if s.budget <= 0 or not zone(s, "hand", p).cards:
        s.phase, s.step = "end", "end"
        return
    s.stack.append(DeployChoice(player=p))


def legal_deploy(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = [Deploy(c) for c in sorted(zone(s, "hand", p).cards) if deployable(s, p, c)]
    out.append(Pass())
    return out


def apply_deploy(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, Pass):
        s.phase, s.step = "end", "end"
        return
    assert isinstance(a, Deploy)
    c = a.card
    s.budget -= COST[c]
    if IS_ATTACHMENT[c]:
        # Shown at once (face up, not yet on a hero): RS-07.
        s.move(c, zone(s, "hand", p), zone(s, "attached", OWNER[c]))
        s.pending = c
        s.step = "attach"
        return
    s.move(c, zone(s, "hand", p), zone(s, "inactive", p))
    s.emit(Deployed(player=p, card=c))


def step_attach(s: RebelSpaceState) -> None:
    s.stack.append(AttachChoice(player=s.turn))


def legal_attach(s: RebelSpaceState, p: int) -> list[Action]:
    return [Attach(h) for h in sorted(in_play(s, p)) if IS_HERO[h]]


def apply_attach(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Attach)
    c = s.pending
    s.host[c] = a.hero
    s.pending = -1
    s.emit(Deployed(player=p, card=c, hero=a.hero))
    s.step = "deploy"


# ---------------------------------------------------------------- end phase (RS-08, RS-24)
def step_end(s: RebelSpaceState) -> None:
    p = s.turn
    if not zone(s, "hand", p).cards:
        s.step = "limit"
        return
    s.stack.append(EndPhaseChoice(player=p))


def legal_end(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = []
    for c in sorted(zone(s, "hand", p).cards):
        eff = EFFECT[c]
        if eff in END_PHASE_EFFECTS and END_EFFECTS[eff].playable(s, p):
            out.append(PlayCard(c))
    out.append(Pass())
    return out


def apply_end(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, Pass):
        s.step = "limit"
        return
    assert isinstance(a, PlayCard)
    play_end_card(s, p, a.card)


def step_target(s: RebelSpaceState) -> None:
    s.stack.append(TargetChoice(player=s.turn))


def legal_target(s: RebelSpaceState, p: int) -> list[Action]:
    return legal_targets(s, p)


def apply_target(s: RebelSpaceState, p: int, a: Action) -> None:
    resolve_target(s, p, a)


def step_limit(s: RebelSpaceState) -> None:
    p = s.turn
    if len(zone(s, "hand", p).cards) > s.options.hand_limit:
        s.stack.append(HandLimit(player=p))
        return
    next_turn(s)


def legal_limit(s: RebelSpaceState, p: int) -> list[Action]:
    return [Discard(c) for c in sorted(zone(s, "hand", p).cards)]


def apply_limit(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Discard)
    s.move(a.card, zone(s, "hand", p), zone(s, "discard", p))
    s.emit(Discarded(player=p, card=a.card))


def next_turn(s: RebelSpaceState) -> None:
    s.turn = 1 - s.turn
    s.turn_number += 1
    s.phase, s.step = "draw", "draw"
    s.emit(TurnBegan(player=s.turn, number=s.turn_number))
