"""Recruiting: the Refresh Phase's recruit icon (research §4.5 step 5, §7.3; RR-15, RR-30..A6).

When the time marker reaches a space with a recruit icon (``data/time_track.toml``,
RR-10), each side draws 2 cards from its action deck and recruits one leader pictured
on either card:

* a leader in play, in a pool, captured or eliminated cannot be recruited (Luke
  Skywalker (Jedi) counts as Luke Skywalker, research §6.3);
* ``recruit <leader>`` names the leader, then ``action_card <card>`` the card kept (asked
  even when only one card pictures the leader, a single choice then: whether there was a
  choice would tell the other side what was drawn, RR-32). Recruiting is not optional
  while a drawn card pictures a leader who can be recruited;
* with no such leader on any card drawn, the player may draw one more card at a time
  (``draw_on``) while the deck has cards; the cards drawn wait beside the deck until the
  choice is made, so none is drawn twice (RR-30). Or he chooses one drawn card
  (``action_card <card>``): every leader on it is unavailable, so it is discarded face up
  with no effect (RR-30: the only way a chosen card can be discarded in a two-player
  game);
* the choices are simultaneous, the Rebels declaring first (RR-15): the Rebels draw and
  choose face down, then the Empire; the Empire sees only how many cards the Rebels drew
  and that they chose (RR-32);
* once both are in, each recruited leader goes into its pool (public), the card kept goes
  face down into the action hand (an Immediate card is then revealed and resolved at
  once, the Rebels' first, :mod:`.gains`), a discarded
  card goes face up to ``action_discard<side>``, and the other cards drawn go to the
  bottom of the action deck in the order drawn, the last drawn lowest (their owner
  knows them there; the other side never learns which card was kept or which went to
  the bottom);
* an empty action deck draws what it has; with no card at all the side recruits nobody
  this time (RR-31).

Then the leader pool limit of 8 applies (ROTE: whenever a pool has more than 8), and the
build icon of the same space is acted on (RR-31).

``hand_recruits[side]`` lists, aligned with ``action_hand<side>``, the leader each card
in hand recruited: public (the leader was seen entering the pool), it keeps a
determinisation consistent (:func:`redeal_actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop import Action, Rng

from ..actions import ActionCardChoice, DrawOn, Recruit
from ..board import POOL, SUPPLY
from ..data import ACTION_LEADERS, IMPERIAL, LEADERS, REBEL
from ..decisions import KeepActionCard, RecruitLeader
from ..events import (
    ActionCardDiscarded,
    ActionCardKept,
    ActionCardsBottomed,
    Drew,
    RecruitChosen,
    Recruited,
)
from ..ids import ACTION_BASE
from .gains import gain, resume, starting_cards

if TYPE_CHECKING:
    from ..board import Board
    from ..state import RebellionState

STARTING_CARDS = (frozenset(starting_cards(REBEL)), frozenset(starting_cards(IMPERIAL)))
"""Per side, its starting action cards (card ids)."""

__all__ = [
    "CARDS_DRAWN",
    "pictured",
    "recruitable",
    "recruitable_on",
    "redeal_actions",
    "start_recruit",
]

CARDS_DRAWN = 2

_FORMS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j, y in enumerate(LEADERS) if y.form_of == x.name) for x in LEADERS
)
"""Per leader: its other forms (Luke Skywalker (Jedi) for Luke Skywalker)."""


def pictured(card: int) -> tuple[int, ...]:
    """The leaders pictured on action card ``card`` (a card id)."""
    return ACTION_LEADERS[card - ACTION_BASE]


def recruitable(b: Board, leader: int) -> bool:
    """Still in the supply, and no other form of it in play (research §4.5, §6.3)."""
    st = b.leader_status
    return st[leader] == SUPPLY and all(st[f] == SUPPLY for f in _FORMS[leader])


def recruitable_on(b: Board, card: int) -> list[int]:
    return [x for x in pictured(card) if recruitable(b, x)]


# ---------------------------------------------------------------- drawing
def start_recruit(s: RebellionState) -> None:
    """The recruit icon: the Rebels draw and choose first (RR-15)."""
    begin_side(s, REBEL)


def begin_side(s: RebellionState, p: int) -> None:
    if draw(s, p, CARDS_DRAWN):
        s.stack.append(RecruitLeader(player=p))
    else:
        side_done(s, p)


def draw(s: RebellionState, p: int, n: int) -> int:
    """Draw up to ``n`` action cards beside the deck (``action_drawn<p>``), for ``p``'s
    eyes only; return how many."""
    deck = f"action_deck{p}"
    got = tuple(s.pop_card(deck) for _ in range(min(n, len(s.zones[deck]))))
    s.zones[f"action_drawn{p}"].extend(got)
    if got:
        s.emit(Drew(player=p, cards=got, to=(p,)))
    return len(got)


def side_done(s: RebellionState, p: int) -> None:
    if p == REBEL:
        begin_side(s, IMPERIAL)
    else:
        reveal(s)


# ---------------------------------------------------------------- choosing
def choices(s: RebellionState, p: int) -> list[int]:
    """The leaders ``p`` may recruit from the cards drawn, in id order."""
    b = s.board
    return sorted({x for c in s.zones[f"action_drawn{p}"] for x in recruitable_on(b, c)})


def legal_recruit(s: RebellionState, d: RecruitLeader) -> list[Action]:
    p = d.player
    leaders = choices(s, p)
    if leaders:
        return [Recruit(x) for x in leaders]
    out: list[Action] = [ActionCardChoice(c) for c in sorted(s.zones[f"action_drawn{p}"])]
    if s.zones[f"action_deck{p}"]:
        out.append(DrawOn())
    return out


def apply_recruit(s: RebellionState, d: RecruitLeader, a: Action) -> None:
    p = d.player
    if isinstance(a, DrawOn):
        draw(s, p, 1)  # the decision stays: choose again with one more card
        return
    s.stack.pop()
    if isinstance(a, ActionCardChoice):
        choose(s, p, a.card, -1)
        return
    assert isinstance(a, Recruit)
    s.stack.append(KeepActionCard(player=p, leader=a.leader))


def legal_keep(s: RebellionState, d: KeepActionCard) -> list[Action]:
    cards = s.zones[f"action_drawn{d.player}"]
    return [ActionCardChoice(c) for c in sorted(cards) if d.leader in pictured(c)]


def apply_keep(s: RebellionState, d: KeepActionCard, a: Action) -> None:
    assert isinstance(a, ActionCardChoice)
    s.stack.pop()
    choose(s, d.player, a.card, d.leader)


def choose(s: RebellionState, p: int, card: int, leader: int) -> None:
    """``p``'s choice, face down until both sides' are in (RR-15)."""
    s.recruit_card[p] = card
    s.recruit_leader[p] = leader
    s.emit(RecruitChosen(player=p, leader=leader, card=card, to=(p,)))
    side_done(s, p)


# ---------------------------------------------------------------- both in
def reveal(s: RebellionState) -> None:
    """Both choices are in: resolve them, Rebels first; then the pool limit and the build."""
    for p in (REBEL, IMPERIAL):
        resolve(s, p)
    s.recruit_card = [-1, -1]
    s.recruit_leader = [-1, -1]
    s.gains_then = "recruit"
    resume(s)  # the Immediate cards kept, the Rebels' first; then the pool limit, the build


def resolve(s: RebellionState, p: int) -> None:
    drawn = f"action_drawn{p}"
    card, leader = s.recruit_card[p], s.recruit_leader[p]
    if card < 0:
        return  # nothing was drawn
    if leader >= 0:
        s.board.leader_status[leader] = POOL
        s.emit(Recruited(player=p, leader=leader))
        s.move(card, drawn, f"action_hand{p}")
        s.hand_recruits[p].append(leader)
        s.emit(ActionCardKept(player=p, card=card, to=(p,)))
        gain(s, p, card)
    else:
        s.move(card, drawn, f"action_discard{p}")
        s.emit(ActionCardDiscarded(player=p, card=card))
    rest = tuple(s.zones[drawn])
    if rest:
        deck = f"action_deck{p}"
        for c in rest:
            s.move(c, drawn, deck, index=0)
        s.reveal(deck, p, list(rest))
        s.emit(ActionCardsBottomed(player=p, cards=rest, to=(p,)))


# ---------------------------------------------------------------- determinisation
def redeal_actions(s: RebellionState, side: int, viewer: int, rng: Rng) -> None:
    """Re-deal ``side``'s action cards hidden from ``viewer`` (deck, hand, cards drawn) so the
    deal stays consistent with what ``viewer`` knows (RR-32):

    * each card in hand pictures the leader it recruited (``hand_recruits``);
    * when more than 2 cards are drawn, all but the last picture no leader who can be
      recruited (only then may a player draw on);
    * a side that chose a card to discard (no card kept asked for) drew no card picturing a
      leader it can recruit; a side recruiting (choosing the card kept, or with its choice
      of leader in) drew at least one: the last card drawn after drawing on, else one of
      the two at random;
    * a face-down choice, or the leader named before the card kept is chosen, is re-dealt
      as a legal one for the cards drawn now.

    Cards ``viewer`` knows stay where they are; every other card is dealt at random, and
    ``side`` then knows the cards now at the bottom of its deck (as many as it knew).
    """
    names = [f"action_{k}{side}" for k in ("deck", "hand", "drawn")]
    zones = [s.zones[name] for name in names]
    _, hand, drawn = zones
    known = [set(s.known_to(name, viewer)) for name in names]
    box_name = f"action_box{side}"
    box = s.zones[box_name]
    known_box = set(s.known_to(box_name, viewer))
    starting = STARTING_CARDS[side]
    # the starting cards hidden from ``viewer``: in the box and the hand's slots of cards
    # gained otherwise than by recruiting (-1), wherever an earlier deal left them
    start_slots = [i for i, x in enumerate(s.hand_recruits[side]) if x < 0]
    start_slots = [i for i in start_slots if hand[i] not in known[1]]
    free_start = [c for c in box if c not in known_box]
    free_start += [c for z, k in zip(zones, known) for c in z if c not in k and c in starting]
    rng.shuffle(free_start)
    free = [c for z, k in zip(zones, known) for c in z if c not in k and c not in starting]
    rng.shuffle(free)
    # the deal below fills every other hidden place: start with the hand's starting slots
    # holding starting cards, kept there by place (a starting card the core's deal moved
    # elsewhere leaves its place to be filled like any other: kept by its id, it would
    # stay there too, a second copy)
    it_start = iter(free_start)
    in_start: dict[tuple[int, int], int] = {}
    for i in start_slots:
        hand[i] = in_start[(1, i)] = next(it_start)
    s.zones[box_name] = [c if c in known_box else next(it_start) for c in box]
    b = s.board
    # the constrained slots: (zone index, position, leader the card must picture, or -1 for
    # "no recruitable leader")
    needs: list[tuple[int, int, int]] = [
        (1, i, x) for i, x in enumerate(s.hand_recruits[side]) if x >= 0 and hand[i] not in known[1]
    ]
    n = len(drawn)
    keeping = bool(s.stack) and isinstance(s.stack[-1], KeepActionCard)
    keeping = keeping and s.stack[-1].player == side
    if s.recruit_card[side] >= 0 and s.recruit_leader[side] < 0:
        needs.extend((2, i, NONE) for i in range(n) if drawn[i] not in known[2])
    else:
        if n > CARDS_DRAWN:
            needs.extend((2, i, NONE) for i in range(n - 1) if drawn[i] not in known[2])
        if n and (keeping or s.recruit_leader[side] >= 0):
            i = n - 1 if n > CARDS_DRAWN else rng.below(n)
            if drawn[i] not in known[2]:
                needs.append((2, i, SOME))
    chosen = _assign(needs, free, b)
    if chosen is not None:  # always, as the real deal fits; else the core's deal stays
        picked = set(chosen)
        rest = iter(c for c in free if c not in picked)
        fixed = {(zi, i): c for (zi, i, _), c in zip(needs, chosen)} | in_start
        for zi, (name, z, k) in enumerate(zip(names, zones, known)):
            s.zones[name] = [
                c if c in k else fixed[(zi, i)] if (zi, i) in fixed else next(rest)
                for i, c in enumerate(z)
            ]
    # its owner knows the cards it put at the bottom of its deck: in the new deal, those
    # now there (cards are drawn from the top, so the known ones are always the lowest)
    deck = names[0]
    bottom = len(s.known_to(deck, side))
    if bottom:
        s.set_known(deck, side, s.zones[deck][:bottom])
    if s.recruit_card[side] >= 0:
        redeal_choice(s, side, rng)
    elif keeping:
        leaders = choices(s, side)
        if leaders:  # always, as the real deal fits; else the core's deal stays
            s.stack[-1] = KeepActionCard(player=side, leader=leaders[rng.below(len(leaders))])


NONE = -1
"""A slot of :func:`_assign` for a card picturing no leader who can be recruited."""
SOME = -2
"""A slot of :func:`_assign` for a card picturing a leader who can be recruited."""


def _assign(needs: list[tuple[int, int, int]], free: list[int], b: Board) -> list[int] | None:
    """Distinct cards of ``free`` (already shuffled) for the slots ``needs``: a search over
    the slots that need a given leader (few), then the first cards left that picture some
    recruitable leader for the ``SOME`` slots (at most one) and none for the ``NONE``
    slots."""
    leader_slots = [x for _, _, x in needs if x >= 0]
    blank = sum(1 for _, _, x in needs if x == NONE)
    some = sum(1 for _, _, x in needs if x == SOME)
    picks: list[int] = []
    used: set[int] = set()

    def go(k: int) -> list[int] | None:
        if k == len(leader_slots):
            if not some and not blank:
                return []
            with_leader = [c for c in free if c not in used and recruitable_on(b, c)]
            spare = [c for c in free if c not in used and not recruitable_on(b, c)]
            if len(with_leader) < some or len(spare) < blank:
                return None
            return with_leader[:some] + spare[:blank]
        for c in free:
            if c not in used and leader_slots[k] in pictured(c):
                used.add(c)
                picks.append(c)
                tail = go(k + 1)
                if tail is not None:
                    return tail
                used.discard(c)
                picks.pop()
        return None

    tail = go(0)
    if tail is None:
        return None
    it_picks = iter(picks)
    it_some, it_blank = iter(tail[:some]), iter(tail[some:])
    return [
        next(it_picks) if x >= 0 else next(it_some) if x == SOME else next(it_blank)
        for _, _, x in needs
    ]


def redeal_choice(s: RebellionState, side: int, rng: Rng) -> None:
    """A face-down recruit choice becomes a random legal one for the cards drawn."""
    cards = s.zones[f"action_drawn{side}"]
    leaders = choices(s, side)
    if leaders:
        leader = leaders[rng.below(len(leaders))]
        on = [c for c in cards if leader in pictured(c)]
        s.recruit_leader[side] = leader
        s.recruit_card[side] = on[rng.below(len(on))]
    else:
        s.recruit_leader[side] = -1
        s.recruit_card[side] = cards[rng.below(len(cards))]
