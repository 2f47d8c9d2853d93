"""Words and pictures: action descriptions, prompts, event narration and the
terminal rendering. Nothing here reveals what the viewer may not know."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop import Action, Event

from . import actions as A
from . import events as E
from .cards import (
    COST,
    DAMAGE,
    EFFECT,
    GROUND,
    IS_ATTACHMENT,
    IS_HERO,
    NAME,
    NUM_CARDS,
    OWNER,
    PSIONIC,
    SIDES,
    SPACE,
    TYPE,
)
from .rules.battle import group_damage
from .rules.units import attachments, battle_value, rating

if TYPE_CHECKING:
    from .state import RebelSpaceState


def kind_word(space: bool) -> str:
    return "space" if space else "ground"


def plural(name: str, n: int) -> str:
    """ "Rebel Soldier", 2 -> "2 Rebel Soldiers"; names already plural stay."""
    if n == 1:
        return name
    return f"{n} {name if name.endswith('s') else name + 's'}"


def count_of(n: int, word: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def and_list(words: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def units_text(cards: Sequence[int]) -> str:
    """All the units, with counts, in the order first seen: "2 Grav Cycles and Smuggler"."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[NAME[c]] = counts.get(NAME[c], 0) + 1
    return and_list([plural(n, k) for n, k in counts.items()])


def group_name(cards: Sequence[int]) -> str:
    """A group named by all its units: "the group of 2 Grav Cycles and Smuggler"."""
    if not cards:
        return "the empty group"
    return f"the group of {units_text(cards)}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(s: RebelSpaceState, c: int) -> str:
    """A card's name with what tells it from another copy: "Troopers (inactive)",
    "Troopers (shown to the Rebel)", "Smuggler (converted)"."""
    notes: list[str] = []
    owner = OWNER[c]
    for p in (0, 1):
        if c in s.zones[f"inactive{p}"]:
            notes.append("inactive")
        if p != owner and (c in s.zones[f"active{p}"] or c in s.zones[f"inactive{p}"]):
            notes.append(f"converted, {SIDES[p]}")
    hand = f"hand{owner}"
    shown = s.known.get(hand)
    if shown and c in s.zones[hand]:
        seen = [SIDES[p] for p, ids in sorted(shown.items()) if c in ids]
        if seen:
            notes.append(f"shown to the {and_list(seen)}")
    return f"{NAME[c]} ({'; '.join(notes)})" if notes else NAME[c]


def bonus_words(space: bool, attacking: bool) -> str:
    side = "attacking" if attacking else "defending"
    return f"every {side} unit gets +2 {'Space' if space else 'Ground'} in this attack's {kind_word(space)} battles"


def battle_words(s: RebelSpaceState) -> str:
    """The battle now fought, with its current values."""
    kind = kind_word(s.b_space)
    if s.b_damage:
        dmg = group_damage(s, s.b_att)
        return f"{group_name(s.b_att)} is unblocked and deals {dmg} damage"
    av = sum(battle_value(s, c, True) for c in s.b_att)
    dv = sum(battle_value(s, c, False) for c in s.b_def)
    return (
        f"{kind} battle, the {SIDES[s.turn]}'s {units_text(s.b_att)} ({av}) "
        f"against the {SIDES[1 - s.turn]}'s {units_text(s.b_def)} ({dv})"
    )


def current_group(s: RebelSpaceState) -> list[int]:
    return s.groups[s.cur] if 0 <= s.cur < len(s.groups) else []


PHASE_WORDS = {
    "draw": "Draw phase",
    "activation": "Activation phase",
    "attack": "Attack phase",
    "deploy": "Deploy phase",
    "end": "End phase",
}

STEP_WORDS = {
    "draw": "",
    "activate": "",
    "attack_start": "declaring battle groups",
    "declare": "declaring battle groups",
    "form_group": "forming a {kind} battle group",
    "surprise": "Surprise Attack, before blocks",
    "ion": "Ion Cannon, {group}",
    "block": "blocks, {group}",
    "form_block": "forming a {kind} group to block {group}",
    "trap": "Trap, after blocks",
    "resolve": "resolving {group}",
    "psi": "{kind} battle, {group}: Psi cards",
    "fight": "{kind} battle, {group}",
    "casualty": "{kind} battle, {group}: the winner's losses",
    "attack_end": "the attackers become inactive",
    "deploy": "",
    "attach": "attaching {pending} to a hero",
    "end": "",
    "target": "choosing the target of {pending}",
    "limit": "discarding down to {limit}",
}


def step_text(s: RebelSpaceState) -> str:
    """Where the turn stands, in words: "Attack phase: blocks, group 2 of 3"."""
    if s.is_terminal:
        return "Game over"
    head = f"Turn {s.turn_number}, {SIDES[s.turn]}: {PHASE_WORDS.get(s.phase, cap(s.phase))}"
    words = STEP_WORDS.get(s.step, "")
    if not words:
        return head
    n = len(s.groups)
    group = f"group {s.cur + 1} of {n}" if 0 <= s.cur < n else "the groups"
    if s.step in ("psi", "fight", "casualty"):
        kind = kind_word(s.b_space)
    else:
        kind = kind_word(s.forming_space)
    pending = NAME[s.pending] if s.pending >= 0 else "a card"
    if s.step == "psi" and s.b_damage:
        words = "{group}, unblocked: Psi cards"
    detail = words.format(
        kind=kind, group=group, pending=pending, limit=count_of(s.options.hand_limit, "card")
    )
    return f"{head}: {detail}"


def describe(s: RebelSpaceState, a: Action) -> str:
    top = s.stack[-1].kind if s.stack else ""
    if isinstance(a, A.Draw):
        return f"Draw {a.n} card{'s' if a.n > 1 else ''}"
    if isinstance(a, A.StartGroup):
        return f"Form a new {kind_word(a.space)} battle group"
    if isinstance(a, A.AddUnit):
        if top == "form_block":
            what = group_name(current_group(s))
            return f"Block {what} with {card_words(s, a.card)}"
        return f"Add {card_words(s, a.card)} to the attacking {kind_word(s.forming_space)} group"
    if isinstance(a, A.CloseGroup):
        return f"Close {group_name(s.forming)}"
    if isinstance(a, A.FinishDeclaring):
        n = len(s.groups)
        if n == 0:
            return "Do not attack"
        return (
            "Attack with the group declared" if n == 1 else f"Attack with the {n} groups declared"
        )
    if isinstance(a, A.Fire):
        return f"Ion Cannon destroys the attacking {card_words(s, a.card)}"
    if isinstance(a, A.Block):
        return f"Block {group_name(current_group(s))}"
    if isinstance(a, A.LetThrough):
        return f"Let {group_name(current_group(s))} through"
    if isinstance(a, A.DealDamage):
        return f"{cap(group_name(current_group(s)))} damages the deck"
    if isinstance(a, A.Target):
        return f"{cap(group_name(current_group(s)))} targets {card_words(s, a.card)}"
    if isinstance(a, A.PlayPsi):
        return f"Play {card_words(s, a.card)} on {NAME[a.hero]}"
    if isinstance(a, A.Boost):
        return f"Play {card_words(s, a.card)}: {bonus_words(a.space, EFFECT[a.card] == 'surprise_attack')}"
    if isinstance(a, A.PlayCard):
        return f"Play {card_words(s, a.card)}"
    if isinstance(a, A.Choose):
        return f"{NAME[s.pending] if s.pending >= 0 else 'Card'}: choose {card_words(s, a.card)}"
    if isinstance(a, A.Casualty):
        return f"Destroy {card_words(s, a.card)} (the winner's loss)"
    if isinstance(a, A.Deploy):
        words = card_words(s, a.card)
        if words.endswith(")"):
            return f"Deploy {words[:-1]}; cost {COST[a.card]})"
        return f"Deploy {words} (cost {COST[a.card]})"
    if isinstance(a, A.Attach):
        return f"Attach {NAME[s.pending]} to {NAME[a.hero]}"
    if isinstance(a, A.Discard):
        return f"Discard {card_words(s, a.card)}"
    if isinstance(a, A.Pass):
        return {
            "ion_cannon": "Hold the Ion Cannon's fire",
            "psi_window": "Pass (no Psi card)",
            "surprise_window": "Play no Surprise Attack",
            "trap_window": "Play no Trap",
            "deploy_choice": "End the deploy phase",
            "end_phase_choice": "End the turn",
        }.get(top, "Pass")
    return a.notation()


def prompt(s: RebelSpaceState) -> str:
    if not s.stack:
        return ""
    top = s.stack[-1]
    who = SIDES[top.player]
    k = top.kind
    if k == "choose_draw":
        return f"{who}: draw 1 or 2 cards"
    if k == "declare_groups":
        n = len(s.groups)
        return f"{who}: form a battle group or stop ({n} declared)"
    if k == "form_group":
        return f"{who}: add units to the {kind_word(s.forming_space)} group, or close it"
    if k == "surprise_window":
        return f"{who}: play Surprise Attack before blocks?"
    if k == "ion_cannon":
        return f"{who}: Ion Cannon fires at a Ship of {group_name(current_group(s))}?"
    if k == "block_choice":
        return f"{who}: block {group_name(current_group(s))} or let it through"
    if k == "form_block":
        return f"{who}: add units to the group blocking {group_name(current_group(s))}"
    if k == "trap_window":
        return f"{who}: play Trap?"
    if k == "unblocked_choice":
        return f"{who}: {group_name(current_group(s))} is unblocked: damage or target a unit"
    if k == "psi_window":
        return f"{who}: {battle_words(s)}. Play a Psi card, or pass"
    if k == "pick_casualty":
        return f"{who}: pick the winner's next loss (value left {s.cas_budget})"
    if k == "deploy_choice":
        pts = f"{s.budget} point{'' if s.budget == 1 else 's'} left"
        return f"{who}: deploy a card ({pts}) or end the phase"
    if k == "attach_choice":
        return f"{who}: attach {NAME[s.pending]} to a hero"
    if k == "end_phase_choice":
        return f"{who}: play an end-phase card or end the turn"
    if k == "target_choice":
        return f"{who}: choose the target of {NAME[s.pending]}"
    if k == "hand_limit":
        return f"{who}: discard down to {s.options.hand_limit} cards"
    return f"{who}: {k.replace('_', ' ')}"


def narrate(s: RebelSpaceState, ev: Event) -> str:
    if isinstance(ev, E.TurnBegan):
        return f"Turn {ev.number}: {SIDES[ev.player]}"
    if isinstance(ev, E.Drew):
        return f"{SIDES[ev.player]} drew " + ", ".join(NAME[c] for c in ev.cards)
    if isinstance(ev, E.DrewCount):
        return f"{SIDES[ev.player]} drew {ev.count} card{'s' if ev.count != 1 else ''}"
    if isinstance(ev, E.Activated):
        return f"{SIDES[ev.player]} activated {count_of(len(ev.cards), 'unit')}"
    if isinstance(ev, E.GroupDeclared):
        verb = "blocks with" if ev.blocking else "attacks with"
        return f"{SIDES[ev.player]} {verb} a {kind_word(ev.space)} group: {units_text(ev.cards)}"
    if isinstance(ev, E.LetThroughEvent):
        why = f": {ev.reason}" if ev.reason else " (the defender let it through)"
        return f"{cap(group_name(ev.cards))} is not blocked{why}"
    if isinstance(ev, E.CardPlayed):
        tail = f" on {NAME[ev.target]}" if ev.target >= 0 else ""
        effect = EFFECT[ev.card]
        if effect in ("surprise_attack", "trap"):
            tail = ": " + bonus_words(ev.space, effect == "surprise_attack")
        return f"{SIDES[ev.player]} played {NAME[ev.card]}{tail}"
    if isinstance(ev, E.Targeted):
        return f"{cap(group_name(ev.cards))} targets {NAME[ev.card]}"
    if isinstance(ev, E.BattleFought):
        result = {-1: "both groups are destroyed", -2: "a tie: nothing is lost"}.get(
            ev.loser, f"{SIDES[ev.loser] if ev.loser >= 0 else ''} loses"
        )
        return f"{kind_word(ev.space).capitalize()} battle {ev.attack} vs {ev.defence}: {result}"
    if isinstance(ev, E.Destroyed):
        return f"{NAME[ev.card]} is destroyed ({ev.cause})"
    if isinstance(ev, E.DeckDamaged):
        return f"{SIDES[ev.player]} loses {count_of(len(ev.cards), 'card')} from the deck"
    if isinstance(ev, E.Deployed):
        on = f" on {NAME[ev.hero]}" if ev.hero >= 0 else ""
        return f"{SIDES[ev.player]} deployed {NAME[ev.card]}{on}"
    if isinstance(ev, E.TookControl):
        return f"{SIDES[ev.player]} takes control of {NAME[ev.card]}"
    if isinstance(ev, E.HeroToHand):
        return f"{SIDES[ev.player]} takes {NAME[ev.card]} from the {ev.source} into hand"
    if isinstance(ev, E.Spied):
        return f"{SIDES[ev.player]} sees the opponent's hand: " + ", ".join(
            NAME[c] for c in ev.cards
        )
    if isinstance(ev, E.SpiedCount):
        return f"{SIDES[ev.player]} looked at the opponent's hand ({count_of(ev.count, 'card')})"
    if isinstance(ev, E.Discarded):
        return f"{SIDES[ev.player]} discarded {NAME[ev.card]}"
    if isinstance(ev, E.GameOver):
        return game_over_words(ev)
    return ev.kind


REASONS = {
    "damage reduced the deck to 0 cards": "damage took the last card of the {loser}'s deck",
    "had to draw from an empty deck": "the {loser} had to draw a card from an empty deck",
}


def game_over_words(ev: E.GameOver) -> str:
    """ "The Rebel wins: damage took the last card of the Imperial's deck"."""
    loser = SIDES[1 - ev.winner]
    reason = REASONS.get(ev.reason, f"the {loser} {ev.reason}").format(loser=loser)
    return f"The {SIDES[ev.winner]} wins: {reason}"


def over(s: RebelSpaceState) -> str:
    """How the game ended, for ``prompt`` once it is over."""
    end = next((e for e in reversed(s.log) if isinstance(e, E.GameOver)), None)
    return f"Game over. {game_over_words(end)}" if end is not None else "Game over"


def unit_text(s: RebelSpaceState, c: int) -> str:
    if TYPE[c] in ("Hero", "Ground", "Space", "G/S"):
        g, sp = rating(s, c, False), rating(s, c, True)
        dmg = DAMAGE[c] + sum(DAMAGE[a] for a in attachments(s, c)) if IS_HERO[c] else DAMAGE[c]
        att = attachments(s, c)
        extra = " [" + ", ".join(NAME[a] for a in att) + "]" if att else ""
        return f"#{c} {NAME[c]} G{g}/S{sp}/D{dmg}{extra}"
    return f"#{c} {NAME[c]} G{GROUND[c]}/S{SPACE[c]}"


KEY = (
    "Key: #N = card id (for '? N'); G/S/D = Ground, Space and Damage ratings with "
    "attachments; [..] = cards attached to a hero; '>' marks the group being resolved"
)


def render(s: RebelSpaceState, player: int | None) -> str:
    lines = [f"== Rebel Space: turn {s.turn_number}, {SIDES[s.turn]}, {s.phase} phase =="]
    for p in (0, 1):
        z = s.zones
        lines.append(
            f"-- {SIDES[p]}: deck {len(z[f'deck{p}'])}, hand {len(z[f'hand{p}'])}, "
            f"discard {len(z[f'discard{p}'])}"
        )
        for name in ("active", "inactive"):
            units = z[f"{name}{p}"]
            lines.append(f"   {name}: " + ("; ".join(unit_text(s, c) for c in units) or "-"))
        hand = f"hand{p}"
        if player == p:
            lines.append("   hand: " + ", ".join(f"#{c} {NAME[c]}" for c in sorted(z[hand])))
        elif player is not None and s.known_to(hand, player):
            known = ", ".join(f"#{c} {NAME[c]}" for c in sorted(s.known_to(hand, player)))
            lines.append(f"   hand (known to you): {known}")
    if s.groups:
        for i, g in enumerate(s.groups):
            blk = s.blocks[i]
            state = (
                f"blocked by {', '.join(NAME[c] for c in blk)}"
                if blk
                else "through"
                if s.through[i]
                else ""
            )
            mark = ">" if i == s.cur else " "
            lines.append(
                f" {mark}group {i + 1} ({kind_word(s.group_space[i])}): "
                + ", ".join(NAME[c] for c in g)
                + (f" - {state}" if state else "")
            )
    lines.append(KEY)
    if s.is_terminal:
        lines.append(over(s))
    else:
        lines.append(f"> {s.prompt}")
    return "\n".join(lines)


def explain(s: RebelSpaceState, a: Action) -> str:
    """Why ``a`` is not legal now, in the rules' words (empty: no specific reason)."""
    for field in ("card", "hero"):
        c = getattr(a, field, None)
        if c is not None and not 0 <= c < NUM_CARDS:
            return f"there is no card #{c}"
    if not s.stack:
        return ""
    top = s.stack[-1]
    p, kind = top.player, top.kind
    hand = s.zones[f"hand{p}"]
    if isinstance(a, A.Deploy):
        if kind != "deploy_choice":
            return "cards are deployed only in the deploy phase"
        if a.card not in hand:
            return f"{NAME[a.card]} is not in {SIDES[p]}'s hand"
        if COST[a.card] == 0:
            return f"{NAME[a.card]} is played, not deployed"
        if COST[a.card] > s.budget:
            return f"{NAME[a.card]} costs {COST[a.card]}; {count_of(s.budget, 'point')} left"
        if IS_ATTACHMENT[a.card]:
            return f"{NAME[a.card]} needs a hero of the {SIDES[p]}'s in play"
    if isinstance(a, A.AddUnit) and kind in ("form_group", "form_block"):
        if a.card not in s.zones[f"active{p}"]:
            return f"{NAME[a.card]} is not in the {SIDES[p]}'s Active Zone"
        if a.card in s.attacked or a.card in s.used or a.card in s.forming:
            return f"{NAME[a.card]} is already in a group this attack phase"
        return f"{NAME[a.card]} cannot join this {kind_word(s.forming_space)} group"
    if isinstance(a, A.PlayPsi) and kind == "psi_window":
        if a.card not in hand:
            return f"{NAME[a.card]} is not in {SIDES[p]}'s hand"
        if not PSIONIC[a.hero]:
            return f"{NAME[a.hero]} is not Psionic"
        return f"{NAME[a.hero]} is not the {SIDES[p]}'s hero in this battle"
    return ""
