"""Draw, activation, deploy and end phases, and the hand limit (RS-05..08)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
    ATTACH,
    DEPLOY,
    DISCARD_CARD,
    DRAW,
    PASS,
    PLAY_CARD,
    Attach,
    Deploy,
    Discard,
    Draw,
    Pass,
    PlayCard,
)
from ..cards import (
    COST,
    EFFECT,
    END_PHASE_EFFECTS,
    EXTRA_DRAW,
    IS_ATTACHMENT,
    IS_DEPLOYED,
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
    ask,
)
from ..events import Activated, Deployed, Discarded, Drew, TurnBegan
from .common import ACTIVE, ATTACHED, DECK, DISCARD, HAND, INACTIVE, lose
from .copies import distinct_copies
from .effects import END_EFFECTS, legal_targets, play_end_card, resolve_target
from .units import in_play, set_host

if TYPE_CHECKING:
    from tabletop import Action

    from ..state import RebelSpaceState


# ---------------------------------------------------------------- draw (RS-03, RS-05)
def extra_draws(s: RebelSpaceState, p: int) -> int:
    """Rebel Base and Mysterious Emperor under ``p``'s control: one more card each."""
    return sum(1 for c in in_play(s, p) if EXTRA_DRAW[c])


def draw(s: RebelSpaceState, p: int, n: int) -> None:
    deck, hand = s.zones[DECK[p]], s.zones[HAND[p]]
    got = []
    for _ in range(min(n, len(deck))):
        c = deck.pop()
        hand.append(c)
        got.append(c)
    if got:
        s.emit(Drew(player=p, cards=tuple(got), to=(p,)))


def step_draw(s: RebelSpaceState) -> None:
    p = s.turn
    if not s.zones[DECK[p]]:
        lose(s, p, "had to draw from an empty deck")
        return
    s.stack.append(ask(ChooseDraw, p))


def legal_draw(s: RebelSpaceState, p: int) -> list[Action]:
    return [DRAW[1], DRAW[2]] if len(s.zones[DECK[p]]) >= 2 else [DRAW[1]]


def apply_draw(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Draw)
    draw(s, p, a.n + extra_draws(s, p))
    s.step = "activate"


# ---------------------------------------------------------------- activation (RS-06)
def step_activate(s: RebelSpaceState) -> None:
    p = s.turn
    inactive, active = s.zones[INACTIVE[p]], s.zones[ACTIVE[p]]
    moved = tuple(inactive)
    active.extend(moved)
    inactive.clear()
    if moved:
        s.emit(Activated(player=p, cards=moved))
    s.phase = "attack"
    s.step = "attack_start"


# ---------------------------------------------------------------- deploy (RS-07)
def deployable(s: RebelSpaceState, p: int) -> list[int]:
    """The cards of ``p``'s hand that ``p`` may deploy now, in id order: each
    has a cost within the points left, and is a unit, or an item or companion
    with a hero of ``p`` in play to go on."""
    hero_in_play = any(map(IS_HERO.__getitem__, s.zones[ACTIVE[p]])) or any(
        map(IS_HERO.__getitem__, s.zones[INACTIVE[p]])
    )
    kind_fits = IS_DEPLOYED if hero_in_play else IS_UNIT  # items need a hero to go on
    budget = s.budget
    return [c for c in sorted(s.zones[HAND[p]]) if 0 < COST[c] <= budget and kind_fits[c]]


def step_deploy(s: RebelSpaceState) -> None:
    p = s.turn
    if s.budget <= 0 or not s.zones[HAND[p]]:
        s.phase, s.step = "end", "end"
        return
    s.stack.append(ask(DeployChoice, p))


def legal_deploy(s: RebelSpaceState, p: int) -> list[Action]:
    out: list[Action] = [DEPLOY[c] for c in distinct_copies(s, deployable(s, p))]
    out.append(PASS)
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
        s.move(c, HAND[p], ATTACHED[OWNER[c]])
        s.pending = c
        s.step = "attach"
        return
    s.move(c, HAND[p], INACTIVE[p])
    s.emit(Deployed(player=p, card=c))


def step_attach(s: RebelSpaceState) -> None:
    s.stack.append(ask(AttachChoice, s.turn))


def legal_attach(s: RebelSpaceState, p: int) -> list[Action]:
    return [ATTACH[h] for h in sorted(in_play(s, p)) if IS_HERO[h]]


def apply_attach(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Attach)
    c = s.pending
    set_host(s, c, a.hero)
    s.pending = -1
    s.emit(Deployed(player=p, card=c, hero=a.hero))
    s.step = "deploy"


# ---------------------------------------------------------------- end phase (RS-08, RS-24)
def step_end(s: RebelSpaceState) -> None:
    p = s.turn
    if not s.zones[HAND[p]]:
        s.step = "limit"
        return
    s.stack.append(ask(EndPhaseChoice, p))


def legal_end(s: RebelSpaceState, p: int) -> list[Action]:
    cards = [
        c
        for c in sorted(s.zones[HAND[p]])
        if EFFECT[c] in END_PHASE_EFFECTS and END_EFFECTS[EFFECT[c]].playable(s, p)
    ]
    out: list[Action] = [PLAY_CARD[c] for c in distinct_copies(s, cards)]
    out.append(PASS)
    return out


def apply_end(s: RebelSpaceState, p: int, a: Action) -> None:
    if isinstance(a, Pass):
        s.step = "limit"
        return
    assert isinstance(a, PlayCard)
    play_end_card(s, p, a.card)


def step_target(s: RebelSpaceState) -> None:
    s.stack.append(ask(TargetChoice, s.turn))


def legal_target(s: RebelSpaceState, p: int) -> list[Action]:
    return legal_targets(s, p)


def apply_target(s: RebelSpaceState, p: int, a: Action) -> None:
    resolve_target(s, p, a)


def step_limit(s: RebelSpaceState) -> None:
    p = s.turn
    if len(s.zones[HAND[p]]) > s.options.hand_limit:
        s.stack.append(ask(HandLimit, p))
        return
    next_turn(s)


def legal_limit(s: RebelSpaceState, p: int) -> list[Action]:
    return [DISCARD_CARD[c] for c in distinct_copies(s, sorted(s.zones[HAND[p]]))]


def apply_limit(s: RebelSpaceState, p: int, a: Action) -> None:
    assert isinstance(a, Discard)
    s.move(a.card, HAND[p], DISCARD[p])
    s.emit(Discarded(player=p, card=a.card))


def next_turn(s: RebelSpaceState) -> None:
    s.turn = 1 - s.turn
    s.turn_number += 1
    s.phase, s.step = "draw", "draw"
    s.emit(TurnBegan(player=s.turn, number=s.turn_number))
