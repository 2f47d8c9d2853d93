"""Words and pictures: prompts, action descriptions, narration, views, the terminal grid."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from tabletop import Action, Event

from ..actions import Act, Fire, Home, Mulligan, Play, Stay, To
from ..decisions import ChooseDestination, ChooseMulligan, ChooseShip, ChooseTarget
from ..events import (
    Destroyed,
    Drew,
    DrewCount,
    Eliminated,
    Fired,
    GameEnded,
    HandToBottom,
    Moved,
    MulliganChosen,
    MulliganMade,
    MulligansRevealed,
    Placed,
    Stayed,
    WaveStarted,
)
from ..ships import CARDS_PER_DECK, ShipTable, ShipType
from .grid import DELTA, enemies_next_to, xy
from .setup import DECK, HAND

if TYPE_CHECKING:
    from ..state import AssaultState

COLOURS = ("Black", "Red", "Blue", "Green", "Gold", "White")
INITIALS = ("K", "R", "B", "G", "Y", "W")


def player_name(p: int, options: Any) -> str:
    if getattr(options, "mode", "duel") == "teams":
        return f"{COLOURS[p]} ({'AB'[p % 2]})"
    return COLOURS[p]


def colour(p: int) -> str:
    return COLOURS[p]


def label(s: AssaultState, card: int) -> str:
    """ "Red Frigate", "Black Space Station"; in teams with the team: "Red (B) Frigate"."""
    return f"{s.player_name(card // CARDS_PER_DECK)} {s.table.name(card)}"


def count_of(n: int, word: str) -> str:
    """ "1 card", "10 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def at(c: int) -> str:
    x, y = xy(c)
    return f"({x},{y})"


def _fire_words(s: AssaultState, card: int, cell: int) -> str:
    targets = enemies_next_to(s, card, cell)
    if not targets:
        return ""
    if len(targets) == 1:
        return f", fire at {label(s, targets[0])}"
    named = ", ".join(f"{label(s, t)} at {at(s.pos[t])}" for t in targets)
    return f", then choose a target ({named})"


def ship_text(t: ShipType) -> str:
    """What a ship type does, in words (its card's text)."""
    if t.station:
        return (
            f"The {t.name}: it never moves. Each wave it acts at Speed 6, after every ship, "
            f"and fires at an adjacent enemy card for {t.firepower} damage. It is destroyed "
            f"when its damage reaches {t.shields} (its Shields) and is worth {t.victory} Victory."
        )
    return (
        f"A Speed {t.speed} ship: each wave it acts at Speed {t.speed} (played from the hand "
        "next to a card in play, or moving next to another card, or staying), then fires at "
        f"an adjacent enemy card for {t.firepower} damage. It is destroyed when its damage "
        f"reaches {t.shields} (its Shields) and is worth {t.victory} Victory."
    )


_FACTS: dict[int, tuple[ShipTable, dict[int, dict[str, Any]]]] = {}
"""Each ship table's card facts by card id, made once (tables live as long as the process)."""


def card_facts(tbl: ShipTable) -> dict[int, dict[str, Any]]:
    """Every card id's public facts under ship table ``tbl`` (made once a table; the
    caller must not change them: :func:`card_info` gives a copy)."""
    entry = _FACTS.get(id(tbl))
    if entry is None or entry[0] is not tbl:
        texts = [ship_text(t) for t in tbl.types]
        facts: dict[int, dict[str, Any]] = {}
        for c, k in enumerate(tbl.card_type):
            if k >= 0:
                facts[c] = {
                    "name": tbl.types[k].name,
                    "owner": c // CARDS_PER_DECK,
                    "speed": tbl.speed[c],
                    "firepower": tbl.firepower[c],
                    "shields": tbl.shields[c],
                    "victory": tbl.victory[c],
                    "text": texts[k],
                }
        entry = _FACTS[id(tbl)] = (tbl, facts)
    return entry[1]


def card_info(tbl: ShipTable, card: int) -> dict[str, Any] | None:
    """The public facts of card id ``card`` under ship table ``tbl``; ``None``: no such card."""
    info = card_facts(tbl).get(card)
    return None if info is None else dict(info)


def describe(s: AssaultState, action: Action) -> str:
    top = s.stack[-1] if s.stack else None
    tbl = s.table
    if isinstance(action, Mulligan):
        if action.redraw:
            return "Mulligan: put this hand on the bottom of the deck and draw 10 new cards"
        return "Keep this hand"
    if isinstance(action, Play):
        t = tbl.types[action.ship] if 0 <= action.ship < len(tbl.types) else None
        if t is None:
            return f"Play ship type {action.ship}"
        return (
            f"Play a {t.name} (Speed {t.speed}, Firepower {t.firepower}, Shields {t.shields}, "
            f"Victory {t.victory})"
        )
    if isinstance(action, Act):
        c = action.card
        if not (0 <= c < len(s.pos) and s.pos[c] >= 0):
            return f"Act with card {c}"
        if c % CARDS_PER_DECK == 0:
            enemies = enemies_next_to(s, c, s.pos[c])
            if not enemies:
                return f"{label(s, c)} stays (no enemy next to it to fire at)"
            if len(enemies) == 1:
                return f"{label(s, c)} stays and fires at {label(s, enemies[0])}"
            return f"{label(s, c)} stays and fires" + _fire_words(s, c, s.pos[c])
        return f"Act with {tbl.name(c)} at {at(s.pos[c])}"
    if isinstance(top, ChooseDestination):
        card = top.card
        name = tbl.name(card)
        if isinstance(action, To) and 0 <= action.card < len(s.pos) and s.pos[action.card] >= 0:
            cell = s.pos[action.card] + DELTA[action.side % 4]
            verb = f"Play {name} at" if top.from_hand else f"Move {name} to"
            return f"{verb} {at(cell)}" + _fire_words(s, card, cell)
        if isinstance(action, Home):
            cell = s.home[top.player]
            return f"Play {name} at {at(cell)}, its Station's starting cell" + _fire_words(
                s, card, cell
            )
        if isinstance(action, Stay) and s.pos[card] >= 0:
            return f"{name} stays at {at(s.pos[card])}" + _fire_words(s, card, s.pos[card])
    if isinstance(action, Fire) and 0 <= action.card < len(s.pos) and s.pos[action.card] >= 0:
        target = action.card
        return (
            f"Fire at {label(s, target)} at {at(s.pos[target])} "
            f"(damage {s.damage[target]} of {tbl.shields[target]})"
        )
    return action.notation()


def over(s: AssaultState) -> str:
    """How the game ended, for ``prompt`` once it is over."""
    end = next((e for e in reversed(s.log) if isinstance(e, GameEnded)), None)
    return narrate(s, end) if end is not None else "Game over"


def prompt(s: AssaultState) -> str:
    top = s.stack[-1]
    who = s.player_name(top.player)
    tbl = s.table
    if isinstance(top, ChooseMulligan):
        return f"{who}: keep your opening hand, or mulligan once (put it on the bottom, draw 10)?"
    if isinstance(top, ChooseShip):
        return f"{who}: wave {s.wave}, Speed {s.speed}: choose a ship to act"
    if isinstance(top, ChooseDestination):
        name = tbl.name(top.card)
        if top.from_hand:
            return f"{who}: where do you play the {name}?"
        return f"{who}: where does the {name} at {at(s.pos[top.card])} go (or stay)?"
    if isinstance(top, ChooseTarget):
        return f"{who}: which enemy does the {tbl.name(top.card)} fire at?"
    return who


def explain(s: AssaultState, action: Action) -> str:
    top = s.stack[-1]
    tbl = s.table
    if isinstance(action, Mulligan) and not isinstance(top, ChooseMulligan):
        return "the mulligan is only before the first wave"
    if isinstance(action, (Play, Act)) and not isinstance(top, ChooseShip):
        return "a ship is already acting this turn; choose where it goes or its target"
    if isinstance(action, Play) and isinstance(top, ChooseShip):
        if not 0 <= action.ship < len(tbl.types) or tbl.types[action.ship].station:
            return f"there is no ship type {action.ship} in the ship table"
        t = tbl.types[action.ship]
        if t.speed != s.speed:
            return f"a {t.name} is Speed {t.speed}; it is Speed {s.speed} now"
        return f"you have no {t.name} in your hand"
    if isinstance(action, Act) and isinstance(top, ChooseShip):
        c = action.card
        if not 0 <= c < len(s.pos) or s.pos[c] < 0:
            return f"card {c} is not in play"
        if c // CARDS_PER_DECK != top.player:
            return f"{label(s, c)} is not yours"
        if s.acted[c]:
            return f"{label(s, c)} has acted this wave already"
        return f"{label(s, c)} is Speed {tbl.speed[c]}; it is Speed {s.speed} now"
    if isinstance(action, (To, Stay, Home)) and not isinstance(top, ChooseDestination):
        return "no ship is waiting to be placed or moved"
    if isinstance(action, Stay) and isinstance(top, ChooseDestination):
        return "a ship played from the hand must be placed on the grid"
    if isinstance(action, To) and isinstance(top, ChooseDestination):
        a = action.card
        if not 0 <= a < len(s.pos) or s.pos[a] < 0:
            return f"card {a} is not in play, so no cell is next to it"
        cell = s.pos[a] + DELTA[action.side]
        if cell in s.grid:
            return f"{at(cell)} is occupied"
        if a == top.card:
            return "a moving ship is lifted off the grid: name the cell by another card"
        for legal in s.legal_actions():
            if isinstance(legal, To) and s.pos[legal.card] + DELTA[legal.side] == cell:
                return (
                    f"{at(cell)} is named by its lowest-id neighbour in play: '{legal.notation()}'"
                )
        if s.options.anchor == "friendly":
            return f"{at(cell)} is not next to a friendly card (the friendly anchor option)"
        return f"{at(cell)} is not a legal destination now"
    if isinstance(action, Fire):
        if not isinstance(top, ChooseTarget):
            return "no target is being chosen now (a single adjacent enemy is fired at at once)"
        return f"card {action.card} is not an enemy card next to the {tbl.name(top.card)}"
    if isinstance(action, Home):
        return "a ship goes to its Station's starting cell only when no other cell is legal"
    return ""


def narrate(s: AssaultState, event: Event) -> str:
    name = s.player_name
    tbl = s.table
    if isinstance(event, Drew):
        return f"{name(event.player)} drew " + ", ".join(tbl.name(c) for c in event.cards)
    if isinstance(event, DrewCount):
        return f"{name(event.player)} drew {count_of(event.count, 'card')}"
    if isinstance(event, MulliganChosen):
        return f"{name(event.player)} chose to " + ("mulligan" if event.redraw else "keep")
    if isinstance(event, MulliganMade):
        return f"{name(event.player)} has decided about the mulligan"
    if isinstance(event, MulligansRevealed):
        parts = [f"{name(p)} {'mulligans' if r else 'keeps'}" for p, r in enumerate(event.redraws)]
        return "Mulligans revealed: " + ", ".join(parts)
    if isinstance(event, HandToBottom):
        return f"{name(event.player)} put {count_of(event.count, 'card')} on the bottom of the deck"
    if isinstance(event, WaveStarted):
        return f"Wave {event.wave} begins; {name(event.initiative)} has initiative"
    if isinstance(event, Placed):
        return f"{name(event.player)} plays {tbl.name(event.card)} at ({event.x},{event.y})"
    if isinstance(event, Moved):
        return f"{name(event.player)} moves {tbl.name(event.card)} to ({event.x},{event.y})"
    if isinstance(event, Stayed):
        return f"{label(s, event.card)} stays in place"
    if isinstance(event, Fired):
        return (
            f"{label(s, event.card)} fires at {label(s, event.target)}: "
            f"{event.damage} damage ({event.total} of {tbl.shields[event.target]})"
        )
    if isinstance(event, Destroyed):
        if s.options.mode == "free_for_all":
            owner = name(event.card // CARDS_PER_DECK)
            return (
                f"{label(s, event.card)} is destroyed by {name(event.by)}; "
                f"{owner} loses {event.victory} Victory"
            )
        return f"{label(s, event.card)} is destroyed; {name(event.by)} scores {event.victory}"
    if isinstance(event, Eliminated):
        return f"{name(event.player)} has lost 60 or more Victory and is out"
    if isinstance(event, GameEnded):
        who = " and ".join(name(p) for p in event.winners)
        if "draw" in event.reason:
            return f"Game over ({event.reason}): {who} share the draw"
        verb = "win" if len(event.winners) > 1 else "wins"
        return f"Game over ({event.reason}): {who} {verb}"
    return event.kind


def view(s: AssaultState, player: int | None) -> dict[str, Any]:
    tbl = s.table
    board = []
    for c in s.board:
        x, y = xy(s.pos[c])
        board.append(
            {
                "card": c,
                "ship": tbl.name(c),
                "owner": c // CARDS_PER_DECK,
                "x": x,
                "y": y,
                "damage": s.damage[c],
                "shields": tbl.shields[c],
                "acted": s.acted[c],
            }
        )
    everyone = all(m != -1 for m in s.mulligan)
    mull = []
    for q, m in enumerate(s.mulligan):
        if m == -1:
            mull.append("undecided")
        elif everyone or q == player:
            mull.append("mulligan" if m else "keep")
        else:
            mull.append("decided")
    acting = None
    top = s.stack[-1] if s.stack else None
    if isinstance(top, (ChooseDestination, ChooseTarget)):
        acting = {"card": top.card, "ship": tbl.name(top.card)}
    counts: dict[str, Any] = {"lost": s.lost[:]}
    if s.options.mode != "free_for_all":  # a free for all counts losses only (SSA-24)
        counts = {"scores": s.score[:], **counts}
    return {
        "mode": s.options.mode,
        "wave": s.wave,
        "speed": s.speed,
        "passed_over": [q for q in range(s.num_players) if s.passed_over >> q & 1],
        "initiative": s.initiative,
        "board": board,
        "homes": [list(xy(h)) for h in s.home],
        "acting": acting,
        **counts,
        "alive": s.alive[:],
        "teams": s.team[:],
        "mulligan": mull,
        "hand_sizes": [len(s.zones[HAND[p]]) for p in range(s.num_players)],
        "deck_sizes": [len(s.zones[DECK[p]]) for p in range(s.num_players)],
    }


def _cell_text(s: AssaultState, card: int, compact: bool = False) -> str:
    name = s.table.name(card)
    mark = "*" if s.acted[card] else ""
    if compact:  # "KSt2*": colour, two letters, damage
        short = "St" if card % CARDS_PER_DECK == 0 else name[:2]
        return f"{INITIALS[card // CARDS_PER_DECK]}{short}{s.damage[card]}{mark}"
    short = "STN" if card % CARDS_PER_DECK == 0 else name[:3].upper()
    return f"{INITIALS[card // CARDS_PER_DECK]}{short}{s.damage[card]:>2}{mark or ' '}"


BOARD_COLUMNS = 80
"""The terminal board fits this many columns: a compact cell, then bands of columns."""


def grid_lines(s: AssaultState, columns: int = BOARD_COLUMNS) -> list[str]:
    """The grid, north up; wider than ``columns`` it uses compact cells, and
    wider still it is cut into bands of columns shown one under the other."""
    cells = [xy(s.pos[c]) for c in s.board]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    by_xy = {xy(s.pos[c]): c for c in s.board}
    margin = 5
    width, compact = 8, False
    if margin + width * (x1 - x0 + 1) > columns:
        width, compact = 6, True
    per_band = max(1, (columns - margin) // width)
    lines: list[str] = []
    for start in range(x0, x1 + 1, per_band):
        stop = min(x1, start + per_band - 1)
        if start != x0 or stop != x1:
            lines.append(f"     columns {start}..{stop} of {x0}..{x1}")
        lines.append(" " * margin + "".join(f"{x:^{width}}" for x in range(start, stop + 1)))
        for y in range(y1, y0 - 1, -1):
            row = []
            for x in range(start, stop + 1):
                c = by_xy.get((x, y))
                text = _cell_text(s, c, compact) if c is not None else "."
                row.append(f"{text:^{width}}")
            lines.append(f"{y:>4} " + "".join(row).rstrip())
    return lines


def render(s: AssaultState, player: int | None) -> str:
    """The grid, north up, each card as colour initial, type, damage, * when acted."""
    grid = grid_lines(s) if s.board else []
    lines: list[str] = []
    key = ", ".join(f"{INITIALS[p]} = {s.player_name(p)}" for p in range(s.num_players))
    lines.append(
        f"Key: {key}; STN (St) = Space Station, other ships by their first letters; "
        "number = damage; * = acted this wave"
    )
    for p in range(s.num_players):
        hand = s.zones[HAND[p]]
        status = "" if s.alive[p] else " (out)"
        if s.options.mode == "free_for_all":
            count = f"lost {s.lost[p]} of 60"
        else:
            count = f"score {s.score[p]}"
        lines.append(
            f"{s.player_name(p)}{status}: {count}; hand {len(hand)}, deck {len(s.zones[DECK[p]])}"
        )
    if player is not None and s.alive[player]:
        tbl = s.table
        hand = sorted(s.zones[HAND[player]], key=lambda c: (tbl.speed[c], c))
        names = [f"{tbl.name(c)} (S{tbl.speed[c]})" for c in hand]
        lines.append(f"Your hand: {', '.join(names) if names else 'empty'}")
    if s.wave:
        lines.append(
            f"Wave {s.wave}, Speed {s.speed}; {s.player_name(s.initiative)} has initiative"
        )
    if s.result is not None:
        lines.append(
            "Game over: "
            + ", ".join(f"{s.player_name(p)} {r:+.0f}" for p, r in enumerate(s.result))
        )
    wrapped = [
        w for line in lines for w in textwrap.wrap(line, BOARD_COLUMNS, subsequent_indent="  ")
    ]
    return "\n".join([*grid, "", *wrapped])
