"""Action cards played from the hand (research-2 §3.1, §3.2, §3.3; RR-120..RR-139).

An action card kept when recruiting lies face down in ``action_hand<side>`` (aligned with
``hand_recruits``: the leader it recruited, public, RR-32). Each card is used once a game:
played, it goes face up to ``action_discard<side>`` (``ActionCardPlayed``).

**Windows** (a :class:`.decisions.ActionCardWindow`: ``play_action_card <card>`` or ``pass``).
A window opens on public facts only (RR-120, as the objective windows do, RR-68): the
side holds a card, and some card it may hold as far as the other side knows (for each card
in hand, an unplayed card of that side picturing the leader it recruited) could be played
now. Its legal actions then name the cards really playable, and ``pass``. After a card is
played the window opens again for the same side, until it passes.

* ``start_of_combat``: right after Add Leader, the current player first, then the other
  side (research-2 §3.1); the effect lasts for that combat.
* ``captured_mission`` / ``captured_combat`` / ``captured_card``: right after a Rebel
  leader is captured by a mission, in a combat (Tractor Beam) or by an Imperial action card
  (It Is Your Destiny, Sweep the Area), once (Noble Sacrifice, RR-130).

The Rebels use no action card in the system Boba Fett? Where? watches this Command Phase
(:func:`barred`, RR-133). The Empire's other cards are :mod:`.imperial_cards`.

The Rebel cards with windows of their own (Immediate, Assignment and Special cards:
False Orders, Undercover, One in a Million, Son of Skywalker, Something to Fight For...)
are :mod:`.rebel_cards`.

**Special cards:**

* Noble Sacrifice (Obi-Wan Kenobi): when he is captured, he is eliminated instead of
  staying captive and the Rebels gain 1 reputation (RR-130).
* Wookiee Guardian (Chewbacca): before the dice of an Imperial Spec Ops mission that
  Chewbacca opposes, the mission fails at once (RR-131; a
  :class:`.decisions.MissionDiceWindow`).

**Who can play.** A card needing a leader in a combat needs one of its pictured leaders
in the combat's system, neither captured nor lured (research-2 §3.1), except a card that
brings its leader there (Ready for Action: one of its leaders in the pool).

**Start of Combat cards** (:data:`START_OF_COMBAT`):

* According to My Design (Emperor Palpatine): in each battle of the first combat round
  the Rebels roll 1 red die and 2 black dice fewer (taken off after the caps, RR-121).
* More Dangerous Than You Realize (General Tagge): take 3 tactic cards of one theater back
  from the discard into the deck (Cinematic Combat's reading, RR-01; all of them if 3 or
  fewer, the Empire choosing the theater and the cards, RR-122).
* Fully Operational (Moff Jerjerrod): with a Death Star or a Death Star Under Construction
  there, destroy 1 Rebel ship there.
* Keep Them from Escaping (Admiral Piett): the Rebels' units cannot retreat from this
  combat; units that must leave are destroyed (RR-123).
* Ready for Action (Admiral Piett, General Veers): bring one of them from the pool into
  the combat; he cannot retreat and goes back to the pool when the combat ends (RR-124).
* Target the Generator (General Veers): destroy 1 Rebel structure there.
* It's a Trap (Admiral Ackbar): in the first combat round the Empire plays no space
  tactic card.
* Point-Blank Assault (Admiral Ackbar, General Madine): every unit there has 1 health
  less, never below 1, for the combat (RR-125).
* Target the Star Destroyers (Wedge Antilles): in each space battle of the combat, up to
  2 black hits of the Rebel attack count as red hits, chosen before the Empire's
  prevention (FAQ; RR-126).
* Baze's Loyalty (Chirrut Imwe): destroy Imperial units there of printed health 2 in all
  (one unit of health 2, or up to two of health 1; any theater); they count as destroyed
  for the objectives (FAQ; RR-127).
* Good Intel (Rise of the Empire version; Colonel Yularen, Soontir Fel): in this combat the
  Rebels choose their tactic cards face up (RR-160).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop import Action

from .. import decisions
from ..actions import AsRed, Destroy, Option, Pass, PlayActionCard, Stop, Tactic, Target
from ..board import BOARD, ELIMINATED, LURE, OFF, POOL, UNITS_OF, gain_reputation, rebels_win
from ..data import ACTION_LEADERS, ACTIONS, IMPERIAL, REBEL, action_id
from ..decisions import (
    ActionCardWindow,
    ActionDestroy,
    ActionRetrieve,
    ActionTheater,
    ConvertHits,
    MissionDiceWindow,
    OpposeMission,
    ReadyLeader,
)
from ..events import (
    ActionCardPlayed,
    GameOver,
    LeaderJoined,
    ReputationChanged,
    UnitsDestroyed,
)
from ..ids import action_card, action_of
from .combat.damage import after_destruction, lost
from .combat.flow import STEPS, advance, then
from .combat.forces import DEATH_STAR, DSUC, GROUND, SPACE, THEATERS, levels, protected
from .units import UNIT_FACTS as F

if TYPE_CHECKING:
    from ..state import RebellionState

__all__ = [
    "HANDLERS",
    "START_OF_COMBAT",
    "open_captured",
    "possible_hand",
    "return_ready",
    "step_action_cards",
    "step_as_red",
]


Playable = Callable[["RebellionState", int, int], bool]
"""(state, side, card index) -> the card can be played now."""
Effect = Callable[["RebellionState", int, int], None]
"""(state, side, card index): resolve the card (it may push a decision)."""


# ---------------------------------------------------------------- who can play
def leader_here(s: RebellionState, i: int) -> bool:
    """One of card ``i``'s pictured leaders is in the combat's system, free and not lured."""
    b = s.board
    system = s.battle.system
    return any(
        b.leader_loc[x] == system
        and b.leader_status[x] == BOARD
        and not b.is_captive(x)
        and b.rings[x] != LURE
        for x in ACTION_LEADERS[i]
    )


def pool_leaders(s: RebellionState, i: int) -> list[int]:
    """Card ``i``'s pictured leaders in their pool."""
    b = s.board
    return [x for x in ACTION_LEADERS[i] if b.leader_status[x] == POOL]


def enemy_figures(s: RebellionState, p: int, keep: Callable[[int], bool]) -> list[Action]:
    """``destroy <unit> <damage>`` for the figures of ``p``'s opponent there ``keep`` allows."""
    return [
        Destroy(u, lv)
        for u in UNITS_OF[1 - p]
        if keep(u) and not protected(s, u)
        for lv in levels(s, u)
    ]


def is_ship(u: int) -> bool:
    return F.theater[u] == SPACE


def is_structure(u: int) -> bool:
    return F.structure[u]


# ---------------------------------------------------------------- Start of Combat
def can_design(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i)


def play_design(s: RebellionState, p: int, i: int) -> None:
    s.battle.fewer_dice = True


def discards(s: RebellionState, p: int) -> list[int]:
    """The theaters (0 space, 1 ground) with cards in ``p``'s tactic discard."""
    return [th for th in (SPACE, GROUND) if discard_pile(s, p, th)]


def discard_pile(s: RebellionState, p: int, th: int) -> list[int]:
    return s.zones[f"tactic_discard_{p}_{THEATERS[th]}"]


def can_dangerous(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i) and bool(discards(s, p))


def play_dangerous(s: RebellionState, p: int, i: int) -> None:
    found = discards(s, p)
    if len(found) > 1:
        s.stack.append(ActionTheater(player=p, card=i))
    else:
        retrieve(s, p, i, found[0], 3)


def retrieve(s: RebellionState, p: int, i: int, th: int, left: int) -> None:
    """Take ``left`` more cards of ``th`` back: all of them when no more are there, else
    the side chooses each (RR-122)."""
    pile = discard_pile(s, p, th)
    if len(pile) <= left:
        for c in sorted(pile):
            take_back(s, p, th, c)
        return
    s.stack.append(ActionRetrieve(player=p, card=i, theater=th, left=left))


def take_back(s: RebellionState, p: int, th: int, c: int) -> None:
    from ..events import CardRetrieved

    name = THEATERS[th]
    s.move(c, f"tactic_discard_{p}_{name}", f"tactics_{p}_{name}")
    s.emit(CardRetrieved(player=p, card=c))


def legal_theater(s: RebellionState, d: ActionTheater) -> list[Action]:
    return [Option(th + 1) for th in discards(s, d.player)]


def apply_theater(s: RebellionState, d: ActionTheater, a: Action) -> None:
    assert isinstance(a, Option)
    s.stack.pop()
    retrieve(s, d.player, d.card, a.which - 1, 3)
    advance(s)


def legal_retrieve(s: RebellionState, d: ActionRetrieve) -> list[Action]:
    return [Tactic(c) for c in sorted(discard_pile(s, d.player, d.theater))]


def apply_retrieve(s: RebellionState, d: ActionRetrieve, a: Action) -> None:
    assert isinstance(a, Tactic)
    s.stack.pop()
    take_back(s, d.player, d.theater, a.card)
    if d.left > 1:
        retrieve(s, d.player, d.card, d.theater, d.left - 1)
    advance(s)


def can_fully(s: RebellionState, p: int, i: int) -> bool:
    row = s.board.units[s.battle.system]
    if not (row[DEATH_STAR] or row[DSUC]) or not leader_here(s, i):
        return False
    return bool(enemy_figures(s, p, is_ship))


def play_fully(s: RebellionState, p: int, i: int) -> None:
    s.stack.append(ActionDestroy(player=p, card=i, what="ship", left=1))


def can_keep(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i)


def play_keep(s: RebellionState, p: int, i: int) -> None:
    s.battle.no_retreat[1 - p] = True


def can_ready(s: RebellionState, p: int, i: int) -> bool:
    return bool(pool_leaders(s, i))


def play_ready(s: RebellionState, p: int, i: int) -> None:
    found = pool_leaders(s, i)
    if len(found) > 1:
        s.stack.append(ReadyLeader(player=p, card=i))
    else:
        bring_in(s, p, found[0])


def bring_in(s: RebellionState, p: int, x: int) -> None:
    b, bt = s.board, s.battle
    b.leader_loc[x] = bt.system
    b.leader_status[x] = BOARD
    bt.ready.append(x)
    s.emit(LeaderJoined(player=p, leader=x, system=bt.system))


def legal_ready(s: RebellionState, d: ReadyLeader) -> list[Action]:
    return [Target(x) for x in pool_leaders(s, d.card)]


def apply_ready(s: RebellionState, d: ReadyLeader, a: Action) -> None:
    assert isinstance(a, Target)
    s.stack.pop()
    bring_in(s, d.player, a.leader)
    advance(s)


def return_ready(s: RebellionState, ready: list[int]) -> None:
    """The combat is over: the leaders Ready for Action brought in go back to the pool
    (unless captured meanwhile, RR-124)."""
    b = s.board
    for x in ready:
        if b.leader_status[x] == BOARD and not b.is_captive(x):
            b.leader_status[x] = POOL
            b.leader_loc[x] = -1


def can_generator(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i) and bool(enemy_figures(s, p, is_structure))


def play_generator(s: RebellionState, p: int, i: int) -> None:
    s.stack.append(ActionDestroy(player=p, card=i, what="structure", left=1))


def can_trap(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i)


def play_trap(s: RebellionState, p: int, i: int) -> None:
    s.battle.denied[1 - p][SPACE] = 1


def can_point_blank(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i) and not s.battle.point_blank


def play_point_blank(s: RebellionState, p: int, i: int) -> None:
    s.battle.point_blank = True


def can_star_destroyers(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i)


def play_star_destroyers(s: RebellionState, p: int, i: int) -> None:
    s.battle.black_as_red = True


def can_good_intel(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i)


def play_good_intel(s: RebellionState, p: int, i: int) -> None:
    s.battle.good_intel = True  # the Rebels choose their tactic cards face up (RR-160)


def baze_fits(s: RebellionState, left: int) -> Callable[[int], bool]:
    return lambda u: 0 < F.health[u] <= left


def can_baze(s: RebellionState, p: int, i: int) -> bool:
    return leader_here(s, i) and bool(enemy_figures(s, p, baze_fits(s, 2)))


def play_baze(s: RebellionState, p: int, i: int) -> None:
    s.stack.append(ActionDestroy(player=p, card=i, what="health", left=2))


START_OF_COMBAT: dict[str, tuple[Playable, Effect]] = {
    "According to My Design": (can_design, play_design),
    "More Dangerous Than You Realize": (can_dangerous, play_dangerous),
    "Fully Operational": (can_fully, play_fully),
    "Keep Them from Escaping": (can_keep, play_keep),
    "Ready for Action": (can_ready, play_ready),
    "Target the Generator": (can_generator, play_generator),
    "It's a Trap": (can_trap, play_trap),
    "Point Blank Assault": (can_point_blank, play_point_blank),
    "Target the Star Destroyers": (can_star_destroyers, play_star_destroyers),
    "Baze's Loyalty": (can_baze, play_baze),
    "Good Intel": (can_good_intel, play_good_intel),
}
"""The Start of Combat cards built, by name: (can it be played, its effect)."""

WINDOWS: dict[str, dict[str, tuple[Playable, Effect]]] = {"start_of_combat": START_OF_COMBAT}
"""Each window's cards."""

_BY_INDEX: dict[str, dict[int, tuple[Playable, Effect]]] = {
    w: {i: cards[c.name] for i, c in enumerate(ACTIONS) if c.name in cards}
    for w, cards in WINDOWS.items()
}


# ---------------------------------------------------------------- destroying figures
def legal_destroy(s: RebellionState, d: ActionDestroy) -> list[Action]:
    keep: Callable[[int], bool]
    if d.what == "ship":
        keep = is_ship
    elif d.what == "structure":
        keep = is_structure
    else:
        keep = baze_fits(s, d.left)
    out = enemy_figures(s, d.player, keep)
    if d.done and out:
        out.append(Stop())
    return out


def apply_destroy(s: RebellionState, d: ActionDestroy, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, Destroy):
        destroy_one(s, a.unit, a.damage)
        left = d.left - (F.health[a.unit] if d.what == "health" else 1)
        nxt = ActionDestroy(player=d.player, card=d.card, what=d.what, left=left, done=1)
        if left > 0 and legal_destroy(s, nxt):
            s.stack.append(nxt)
        after_destruction(s)
    advance(s)


def destroy_one(s: RebellionState, u: int, damage: int) -> None:
    """Destroy one figure of ``u`` with ``damage`` damage (it counts for the objectives)."""
    bt = s.battle
    if damage:
        bt.damage[u].remove(damage)
    s.board.remove_unit(u, bt.system, 1)
    keep = s.board.units[bt.system][u]
    del bt.damage[u][keep:]
    lost(s, u, 1)
    side = IMPERIAL if u in UNITS_OF[IMPERIAL] else REBEL
    s.emit(UnitsDestroyed(side=side, unit=u, n=1, system=bt.system, reason="action card"))


# ---------------------------------------------------------------- black as red
def black_hits(s: RebellionState) -> list[int]:
    return [i for i, d in enumerate(s.battle.dice) if d == ("black", "hit")]


def step_as_red(s: RebellionState, p: int, th: int, left: int) -> None:
    """Target the Star Destroyers, before the Empire's prevention (FAQ; RR-126)."""
    if left and black_hits(s):
        s.stack.append(ConvertHits(player=p, left=left))


def legal_convert(s: RebellionState, d: ConvertHits) -> list[Action]:
    return [*(AsRed(i) for i in black_hits(s)), Stop()]


def apply_convert(s: RebellionState, d: ConvertHits, a: Action) -> None:
    s.stack.pop()
    if isinstance(a, AsRed):
        s.battle.dice[a.die] = ("red", "hit")
        if d.left > 1 and black_hits(s):
            s.stack.append(ConvertHits(player=d.player, left=d.left - 1))
    advance(s)


# ---------------------------------------------------------------- the windows
def seen(s: RebellionState, p: int) -> set[int]:
    """``p``'s action cards the other side knows are not in the hand: played (the discard)
    or in play. The box of starting cards not drawn is hidden (RR-29), so it is not here."""
    return {*s.zones[f"action_discard{p}"], *s.zones[f"action_in_play{p}"]}


_REPLACED = {c.replaces for c in ACTIONS if c.replaces}
IN_GAME: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(
        i
        for i, c in enumerate(ACTIONS)
        if c.side == side and (c.expansion or c.name not in _REPLACED)
    )
    for side in ("Rebel", "Imperial")
)
"""Each side's action cards in the game: a base card Rise of the Empire replaces is out."""
STARTING_OF = tuple(tuple(i for i in cards if ACTIONS[i].starting) for cards in IN_GAME)
"""Each side's starting action cards (indices)."""
RECRUIT_OF = tuple(tuple(i for i in cards if not ACTIONS[i].starting) for cards in IN_GAME)
"""Each side's recruit action cards in the game (indices)."""


def possible_hand(s: RebellionState, p: int) -> set[int]:
    """The action cards (indices) ``p`` may hold, as far as the other side knows (RR-120):
    for each card in hand, an unplayed recruit card of ``p`` picturing the leader it
    recruited, or any unplayed starting card of ``p`` where the hand's card is a starting
    card (the box is hidden: which starting cards were drawn is not known)."""
    out: set[int] = set()
    gone = seen(s, p)
    for x in s.hand_recruits[p]:
        if x < 0:  # a starting card, drawn face down from the box (RR-29)
            out.update(i for i in STARTING_OF[p] if action_card(i) not in gone)
        else:
            out.update(
                i for i in RECRUIT_OF[p] if action_card(i) not in gone and x in ACTION_LEADERS[i]
            )
    return out


def window_due(s: RebellionState, p: int, window: str) -> bool:
    """The window opens for ``p`` (RR-120: on public facts)."""
    if not s.zones[f"action_hand{p}"] or barred(s, p, s.battle.system):
        return False
    cards = _BY_INDEX[window]
    return any(can(s, p, i) for i in possible_hand(s, p) if i in cards for can in (cards[i][0],))


def playable(s: RebellionState, p: int, window: str) -> list[int]:
    """The cards of ``p``'s hand it can really play now."""
    cards = _BY_INDEX[window]
    hand = s.zones[f"action_hand{p}"]
    if barred(s, p, s.battle.system):
        return []
    return sorted(
        {
            action_of(c)
            for c in hand
            if action_of(c) in cards and cards[action_of(c)][0](s, p, action_of(c))
        }
    )


def step_action_cards(s: RebellionState, p: int, th: int, extra: int) -> None:
    """The combat agenda's Start of Combat window for ``p``."""
    if window_due(s, p, "start_of_combat"):
        s.stack.append(ActionCardWindow(player=p, window="start_of_combat"))


def legal_play(s: RebellionState, d: ActionCardWindow) -> list[Action]:
    if d.window in CAPTURED_WINDOWS:
        return legal_captured(s, d)
    return [*(PlayActionCard(action_card(i)) for i in playable(s, d.player, d.window)), Pass()]


def apply_play(s: RebellionState, d: ActionCardWindow, a: Action) -> None:
    s.stack.pop()
    if d.window in CAPTURED_WINDOWS:
        after_capture(s, d.window, a)
        return
    if isinstance(a, PlayActionCard):
        i = action_of(a.card)
        play(s, d.player, i)
        if d.window == "start_of_combat" and s.battle.active:
            then(s, ("action_cards", d.player, -1, 0))  # another card, until a pass
        _BY_INDEX[d.window][i][1](s, d.player, i)
    advance(s)


# ---------------------------------------------------------------- captured: Noble Sacrifice
def barred(s: RebellionState, p: int, system: int) -> bool:
    """Boba Fett? Where? watches ``system`` this Command Phase: the Rebels use no action card
    there (RR-133)."""
    return p == REBEL and system >= 0 and s.watched == system


NOBLE = action_id("Noble Sacrifice")
CAPTURED_WINDOWS = ("captured_mission", "captured_combat", "captured_card")
"""The window when a leader is captured: in a mission's effects, in a combat, or by an
Imperial action card (:mod:`.imperial_cards`)."""


def noble_playable(s: RebellionState, leader: int) -> bool:
    return leader in ACTION_LEADERS[NOBLE] and s.board.leader_status[leader] != ELIMINATED


def open_captured(s: RebellionState, leader: int, where: str) -> bool:
    """A Rebel leader was just captured (``where``: "mission" or "combat"): the Rebels may
    play Noble Sacrifice (RR-130). True when the window was pushed (on public facts,
    RR-120)."""
    p = REBEL
    if not s.zones[f"action_hand{p}"] or not noble_playable(s, leader):
        return False
    if barred(s, p, s.board.leader_loc[leader]):
        return False
    if NOBLE not in possible_hand(s, p):
        return False
    s.stack.append(ActionCardWindow(player=p, window=f"captured_{where}"))
    return True


def legal_captured(s: RebellionState, d: ActionCardWindow) -> list[Action]:
    held = action_card(NOBLE) in s.zones[f"action_hand{d.player}"]
    captive = s.board.captured
    return [PlayActionCard(action_card(NOBLE)), Pass()] if held and captive >= 0 else [Pass()]


def after_capture(s: RebellionState, window: str, a: Action) -> None:
    """Noble Sacrifice: the captured leader is eliminated, the Rebels gain 1 reputation."""
    if isinstance(a, PlayActionCard):
        from ..board import release
        from ..events import LeaderEliminated

        play(s, REBEL, NOBLE)
        b = s.board
        x = b.captured
        release(b, x)
        b.leader_status[x] = ELIMINATED
        b.leader_loc[x] = OFF
        s.emit(LeaderEliminated(player=REBEL, leader=x))
        before = b.reputation
        gain_reputation(b, 1)
        s.emit(
            ReputationChanged(
                amount=b.reputation - before if b.time > before else before - b.reputation,
                reputation=b.reputation,
                reason=ACTIONS[NOBLE].name,
            )
        )
        if rebels_win(b):
            s.emit(GameOver(winner=REBEL, reason="reputation met the time marker"))
            s.finish([1.0, -1.0])
            return
    if window == "captured_combat":
        advance(s)
    elif window == "captured_card":
        from .imperial_cards import after_card_capture

        after_card_capture(s)
    else:
        from .missions import continue_mission

        continue_mission(s)


# ---------------------------------------------------------------- a mission's dice
WOOKIEE = action_id("Wookiee Guardian")


def guardian_here(s: RebellionState, opp: list[int]) -> bool:
    b = s.board
    return any(
        x in opp and not b.is_captive(x) and b.rings[x] != LURE for x in ACTION_LEADERS[WOOKIEE]
    )


Attempt = (
    OpposeMission
    | MissionDiceWindow
    | decisions.UndercoverWindow
    | decisions.UndercoverLeader
    | decisions.MillionMission
)


def attempt(d: Attempt) -> dict[str, Any]:
    """The fields of a mission attempt that a decision before its dice carries on
    (:class:`.decisions.OpposeMission` and the windows before the dice)."""
    return {
        "attacker": d.attacker,
        "card": d.card,
        "system": d.system,
        "target": d.target,
        "leaders": d.leaders,
        "portrait": d.portrait,
        "extra": d.extra,
    }


def open_mission_dice(s: RebellionState, d: OpposeMission, opp: list[int]) -> bool:
    """Before the dice of an Imperial Spec Ops mission opposed by Chewbacca (RR-131): the
    window opens on public facts (RR-120). True when pushed."""
    from ..data import MISSIONS

    if d.attacker != IMPERIAL or MISSIONS[d.card].skill != "spec_ops":
        return False
    if not s.zones["action_hand0"] or not guardian_here(s, opp):
        return False
    if barred(s, REBEL, d.system):
        return False
    if WOOKIEE not in possible_hand(s, REBEL):
        return False
    s.stack.append(MissionDiceWindow(player=REBEL, **attempt(d)))
    return True


def legal_mission_dice(s: RebellionState, d: MissionDiceWindow) -> list[Action]:
    held = action_card(WOOKIEE) in s.zones["action_hand0"]
    return [PlayActionCard(action_card(WOOKIEE)), Pass()] if held else [Pass()]


def apply_mission_dice(s: RebellionState, d: MissionDiceWindow, a: Action) -> None:
    """Wookiee Guardian: the mission fails at once, no die rolled; else the dice."""
    from .missions import finish_mission, start_roll_off

    s.stack.pop()
    if isinstance(a, PlayActionCard):
        play(s, REBEL, WOOKIEE)
        finish_mission(s, d.attacker, d.card, d.system, d.target, False, d.leaders, d.portrait)
        return
    start_roll_off(s, OpposeMission(player=REBEL, **attempt(d)), windows=False)


def play(s: RebellionState, p: int, i: int) -> None:
    """Card ``i`` leaves ``p``'s hand face up (with the leader it recruited, RR-32)."""
    hand = f"action_hand{p}"
    card = action_card(i)
    k = s.zones[hand].index(card)
    del s.hand_recruits[p][k]
    s.move(card, hand, f"action_discard{p}")
    s.emit(ActionCardPlayed(player=p, card=card))


HANDLERS: dict[type, tuple[Callable[..., list[Action]], Callable[..., None]]] = {
    ActionCardWindow: (legal_play, apply_play),
    ActionDestroy: (legal_destroy, apply_destroy),
    ActionTheater: (legal_theater, apply_theater),
    ActionRetrieve: (legal_retrieve, apply_retrieve),
    ReadyLeader: (legal_ready, apply_ready),
    ConvertHits: (legal_convert, apply_convert),
    MissionDiceWindow: (legal_mission_dice, apply_mission_dice),
}

STEPS.update({"action_cards": step_action_cards, "as_red": step_as_red})


def check_names() -> None:
    """Every card built names a card of ``data/actions.toml``."""
    for cards in WINDOWS.values():
        for name in cards:
            action_id(name)


check_names()
