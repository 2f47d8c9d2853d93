"""Tactic cards (research §5.2, §8.7; RR-15, RR-17): the Shield Generator's card taken
back, the face-down choice, the reveal, the order of resolution (a defender whose
card can cancel picks first), the ability chosen, and the discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action

from ...actions import Pass, Tactic, UseAbility
from ...data import IMPERIAL, REBEL, TACTICS, Ability, TacticCard, unit_id
from ...decisions import ChooseAbility, ChooseTactic, Retrieve
from ...events import AbilityResolved, CardCanceled, CardRetrieved, TacticChosen, TacticsRevealed
from ...ids import tactic_card, tactic_of
from .flow import advance, then
from .forces import GROUND, THEATERS

if TYPE_CHECKING:
    from ...state import RebellionState


NONE_, TOP, BOTTOM = 0, 1, 2


def deck(s: RebellionState, p: int, th: int) -> list[int]:
    return s.zones[f"tactics_{p}_{THEATERS[th]}"]


def step_retrieve(s: RebellionState, p: int, th: int, left: int) -> None:
    if s.zones[f"tactic_discard_{p}_{THEATERS[th]}"]:
        s.stack.append(Retrieve(player=p, left=left))


def legal_retrieve(s: RebellionState, d: Retrieve) -> list[Action]:
    cards = s.zones[f"tactic_discard_{d.player}_ground"]
    return [*(Tactic(c) for c in sorted(cards)), Pass()]


def apply_retrieve(s: RebellionState, d: Retrieve, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Tactic):
        p = d.player
        s.move(a.card, f"tactic_discard_{p}_ground", f"tactics_{p}_ground")
        s.emit(CardRetrieved(player=p, card=a.card))
        if d.left > 1:
            then(s, ("retrieve", p, GROUND, d.left - 1))
    advance(s)


def step_choose(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    if bt.denied[p][th] == bt.round or not deck(s, p, th):
        return
    s.stack.append(ChooseTactic(player=p, theater=th, extra=bool(extra)))


def legal_choose(s: RebellionState, d: ChooseTactic) -> list[Action]:
    return [Tactic(c) for c in sorted(deck(s, d.player, d.theater))]


def apply_choose(s: RebellionState, d: ChooseTactic, a: Action) -> None:
    assert isinstance(a, Tactic)
    s.stack.pop()
    t = tactic_of(a.card)  # the battle keeps the index into TACTICS, the events the card id
    if d.extra:
        s.emit(TacticsRevealed(cards=(a.card, -1) if d.player == REBEL else (-1, a.card)))
        then(s, ("pick", d.player, d.theater, t + 100))
    else:
        s.battle.chosen[d.player] = t
        if d.player == REBEL and s.battle.good_intel:  # face up (Good Intel, RR-160)
            from ...events import TacticShown

            s.emit(TacticShown(player=d.player, card=a.card))
        else:
            s.emit(TacticChosen(player=d.player, card=a.card, to=(d.player,)))
    advance(s)


def step_reveal(s: RebellionState, p: int, th: int, extra: int) -> None:
    bt = s.battle
    bt.revealed = True
    s.emit(
        TacticsRevealed(cards=(card_or_none(bt.chosen[REBEL]), card_or_none(bt.chosen[IMPERIAL])))
    )


def card_or_none(c: int) -> int:
    """The card id of tactic card index ``c``, or -1 for none (a negative ``c``)."""
    return tactic_card(c) if c >= 0 else -1


def cancels(card: TacticCard) -> bool:
    return any(e.kind == "cancel" for e in card.top.effects)


def only_cancels(ab: Ability) -> bool:
    """An ability that does nothing but cancel: nothing left of it on an extra card."""
    return all(e.kind == "cancel" for e in ab.effects)


def step_resolve(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The current player resolves first, unless the defender's card can cancel: then the
    defender picks first, and resolves first if he picks the cancel ability."""
    bt = s.battle
    att, dfd = bt.attacker, 1 - bt.attacker
    c = bt.chosen[dfd]
    if c >= 0 and cancels(TACTICS[c]) and usable(s, dfd, TACTICS[c].top):
        bt.picked[dfd] = -1
        then(
            s,
            ("pick_first", dfd, th, c),
            ("pick", att, th, bt.chosen[att]),
            ("picked", dfd, th, c),
        )
    else:
        then(s, ("pick", att, th, bt.chosen[att]), ("pick", dfd, th, bt.chosen[dfd]))


def step_pick_first(s: RebellionState, p: int, th: int, card: int) -> None:
    s.stack.append(ChooseAbility(player=p, card=card, first=True))


def usable(s: RebellionState, p: int, ab: Ability) -> bool:
    """An ability can be resolved: its unit is in the system, and all of it is built."""
    if ab.requires:
        return s.board.units[s.battle.system][unit_id(ab.requires)] > 0
    return True


def step_pick(s: RebellionState, p: int, th: int, card: int) -> None:
    """``card`` + 100 marks an extra card (never canceled)."""
    extra = card >= 100
    c = card - 100 if extra else card
    if c < 0:
        return
    if not extra and s.battle.canceled[p]:
        s.emit(CardCanceled(player=p, card=tactic_card(c)))
        discard(s, p, th, c)
        return
    s.stack.append(ChooseAbility(player=p, card=c, extra=extra))


def legal_ability(s: RebellionState, d: ChooseAbility) -> list[Action]:
    card = TACTICS[d.card]
    out: list[Action] = [UseAbility(NONE_)]
    if usable(s, d.player, card.top) and not (d.extra and only_cancels(card.top)):
        out.append(UseAbility(TOP))
    if usable(s, d.player, card.bottom):
        out.append(UseAbility(BOTTOM))
    return out


def apply_ability(s: RebellionState, d: ChooseAbility, a: Action) -> None:
    assert isinstance(a, UseAbility)
    s.stack.pop()
    th = THEATERS.index(TACTICS[d.card].theater)
    if d.first and a.which != TOP:
        s.battle.picked[d.player] = a.which  # resolved after the current player's card
    else:
        resolve(s, d.player, d.card, a.which, th, extra=d.extra)
    advance(s)


def step_picked(s: RebellionState, p: int, th: int, card: int) -> None:
    """The defender's card, picked before the current player's, resolves now (if it did
    not resolve first)."""
    bt = s.battle
    which = bt.picked[p]
    if which < 0:
        return
    bt.picked[p] = -1
    if bt.canceled[p]:
        s.emit(CardCanceled(player=p, card=tactic_card(card)))
        discard(s, p, th, card)
        return
    resolve(s, p, card, which, th)


def resolve(s: RebellionState, p: int, c: int, which: int, th: int, extra: bool = False) -> None:
    """Resolve ability ``which`` of card ``c`` for ``p``: its effects go on the agenda.
    An extra card cancels nothing (ROTE 'Canceling Cards'): its cancel effects are left out."""
    s.emit(AbilityResolved(player=p, card=tactic_card(c), which=which))
    discard(s, p, th, c)
    if which == NONE_:
        return
    ab = (TACTICS[c].top, TACTICS[c].bottom)[which - 1]
    then(
        s,
        *(
            ("effect", p, th, c * 16 + which * 4 + i)
            for i, e in enumerate(ab.effects)
            if not (extra and e.kind == "cancel")
        ),
    )


def discard(s: RebellionState, p: int, th: int, c: int) -> None:
    """The played card goes to the discard; an emptied deck takes the others back."""
    name = THEATERS[th]
    dk, dc = f"tactics_{p}_{name}", f"tactic_discard_{p}_{name}"
    s.move(tactic_card(c), dk, dc)
    if not s.zones[dk]:
        for other in [x for x in s.zones[dc] if x != tactic_card(c)]:
            s.move(other, dc, dk)
