"""Space Station Assault positions: a table set up by ship names (:mod:`tabletop.positions`).

A position document says which ships are where on the grid, what each player
holds, the wave, the Speed and whose decision it is:

>>> import tabletop
>>> state = tabletop.from_position('''
... game = "station_assault"
... wave = 2
... initiative = 1
... board = [
...   {ship = "Frigate", owner = 1, x = 1, y = 0, damage = 1},
...   {ship = "Scout", owner = 0, x = 2, y = 0, acted = true},
... ]
... [[players]]
... hand = ["Frigate", "Cruiser"]
... [[players]]
... hand = ["Destroyer"]
... ''')
>>> state.prompt
'Red: wave 2, Speed 3: choose a ship to act'
>>> [state.describe(a) for a in state.legal_actions()]
['Play a Destroyer (Speed 3, Firepower 3, Shields 2, Victory 3)', 'Act with Frigate at (1,0)']

:func:`position` is the same in keywords, for scenario tests (board entries may
be tuples, the players' zones dicts by seat):

>>> s = position(wave=2, initiative=1, board=[(1, "Frigate", 1, 0, 1), (0, "Scout", 2, 0, 0, True)],
...              hands={0: ["Frigate", "Cruiser"], 1: ["Destroyer"]})
>>> s.prompt
'Red: wave 2, Speed 3: choose a ship to act'

The Stations stand at their home cells unless the document puts them in a pile
(or sets them aside in ``removed``); the ships a document places nowhere are
shuffled into their owner's deck by the seed.

Copies. A ship name stands for the lowest-numbered copy of that player's ship
of that type still free, taken in reading order: the board (in its order), the
ship a ``destination`` decision plays from the hand, then each player in seat
order: hand, pile, removed, deck. ``"Scout #3"`` names the third copy itself
(copies are numbered in the order of card ids, ``ships.py``).
:func:`write` (``state.position_facts()``) gives the plain name where it reads
back to the same copy and ``#k`` elsewhere, so a document read twice gives the
same card ids.

Positions start at every decision: the mulligan (wave 0), the choice of the
ship to act at a Speed, where the acting ship goes, and its target among
several adjacent enemies (:data:`POINTS`). A finished game has none.

What the document must get right (each a :class:`~tabletop.PositionError`
naming the fact's path): known ship names (with the closest one), each card in
one place, one card a cell, a Station on its home cell, damage below the
Shields, the piles holding enemy cards (a free for all: the player's own), the
scores and losses the piles make, the players out of a free for all (60 lost)
with no cards left, a game not already won, no ship slower than the current
Speed still to act, the turn and the passed-over players holding what their
place in the turn says, a ship that chooses a target next to two enemies. (A
ship of a Speed still to come may be marked as having acted: a scenario keeps
it out of the wave so.) The
pack computes the rest: the grid and its frontier, the available-ship counts,
teams, home cells, which deck cards a mulligan let the player know.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop import PositionError
from tabletop.positions import Fact, Facts, check_int, lookup

from .decisions import ChooseDestination, ChooseMulligan, ChooseShip, ChooseTarget
from .rules.grid import (
    HALF,
    cell,
    enemies_next_to,
    forget_front_order,
    rebuild_front,
    set_card,
    xy,
)
from .rules.setup import DECK, HAND, HAND_SIZE, PILE, REMOVED, recount
from .rules.text import count_of
from .rules.victory import DUEL_TARGET, ELIMINATION, TEAM_TARGET_PER_PLAYER
from .ships import CARDS_PER_DECK, MAX_STAT, SPEEDS, STATION_SPEED, ShipTable

if TYPE_CHECKING:
    from .state import AssaultState

__all__ = ["CHOICES", "FACTS", "POINTS", "card_name", "position", "read", "write"]

CHOICES = ("mulligan", "ship", "destination", "target")
"""The decisions a position may start at (``decision.choose``)."""
POINTS = (
    "positions start at a decision: the mulligan (wave 0), the choice of the ship to act "
    "at a Speed, where the acting ship goes, or its target among several enemies"
)
MULLIGAN = ("undecided", "keep", "mulligan")
"""A player's mulligan answer by ``State.mulligan`` value + 1."""
MAX_COORD = 100_000
"""The largest |x| or |y| of a card placed by a position: far inside the packed grid
(``rules/grid.py``) whatever the waves to come (at most 330 cards x 200 waves of moves)."""
assert MAX_COORD + 330 * 200 < HALF
COPY = re.compile(r"(.+) #(\d{1,3})")

FACTS = (
    Fact(
        "wave",
        "an integer 0..max_waves",
        "1",
        "the wave in play; 0 is the mulligan before wave 1",
    ),
    Fact(
        "speed",
        "an integer 1..6 (6: the Stations)",
        "the Speed of the acting ship; else the lowest Speed with a ship available to act",
        "the Speed being played in this wave (not at wave 0)",
    ),
    Fact(
        "initiative",
        "a seat (0 = Black, 1 = Red, ...)",
        "as the seed draws it",
        "the player with initiative this wave, who goes first at each Speed",
    ),
    Fact(
        "decision",
        'a table: choose ("mulligan", "ship", "destination", "target"), player (a seat); '
        "ship (the ship played from the hand) or x, y (the acting card in play)",
        "wave 0: the first player still to answer the mulligan; else the ship choice of the "
        "first player from the initiative round with a ship available at this Speed",
        "whose decision it is and what: a mulligan answer, which ship acts, where the acting "
        "ship goes (played from the hand: its name; in play: its cell), or which enemy it fires at",
    ),
    Fact(
        "passed_over",
        "a list of seats",
        "the seats from the initiative player round to the one deciding with no ship "
        "available at this Speed",
        "the players the turn went past at this Speed for want of an available ship",
    ),
    Fact(
        "damage_this_wave",
        "an integer >= 0",
        "0",
        "the damage fired so far this wave (a wave with none, and no card left to play, "
        "ends the game in a stalemate)",
    ),
    Fact(
        "wave_began_with_cards",
        "true or false",
        "whether a hand holds a ship now",
        "whether any hand held a ship when this wave began (see damage_this_wave)",
    ),
    Fact(
        "board",
        "a list of tables: ship (a name), owner (a seat), x, y, damage (default 0), "
        "acted (this wave; default false)",
        "the Stations at their home cells",
        "the cards in play, each on its own cell; a Station stands on its home cell",
    ),
    Fact(
        "players",
        "a list of tables, one per seat: hand, deck (top first), pile, removed (lists of "
        "ship names), score, lost, out, mulligan, deck_known",
        "empty hands (at wave 0 ten cards dealt), the rest of each fleet shuffled into the deck",
        "each player's cards and counts: pile is the enemy cards they destroyed (a free for "
        "all: their own cards destroyed; teams: tables of ship and owner); removed is set "
        "aside (a player out: the hand and deck); score and lost are checked against the "
        "piles; out (a free for all: 60 lost); mulligan is undecided, keep or mulligan; "
        "deck_known is how many cards at the bottom of the deck a mulligan showed its owner "
        "(default: what the mulligan left there)",
    ),
)
"""The pack's facts of a position document (the docs' table is made from these)."""


# ---------------------------------------------------------------- names and copies
def _copies(tbl: ShipTable) -> list[list[int]]:
    """Player 0's card ids of each ship type, in id order (add ``p * CARDS_PER_DECK``)."""
    out: list[list[int]] = [[] for _ in tbl.types]
    out[tbl.station_type].append(tbl.station_id(0))
    for c in tbl.ship_ids(0):
        out[tbl.card_type[c]].append(c)
    return out


def card_name(tbl: ShipTable, card: int) -> str:
    """The name of exactly this card: ``"Scout #3"`` (the third copy of its owner's
    Scouts), or the plain name of a one-copy type (the Station)."""
    t = tbl.card_type[card]
    ids = _copies(tbl)[t]
    name = tbl.types[t].name
    if len(ids) == 1:
        return name
    return f"{name} #{ids.index(card % CARDS_PER_DECK) + 1}"


@attrs.define
class _Entry:
    """One card a document names: where (its path), whose, which type and copy."""

    path: str
    owner: int
    type: int
    copy: int | None
    card: int = -1


class _Names:
    """Reads ship names of one ship table into entries, then gives them card ids."""

    def __init__(self, s: AssaultState) -> None:
        self.s = s
        self.tbl = s.table
        self.by_name = {t.name: i for i, t in enumerate(self.tbl.types)}
        self.copies = _copies(self.tbl)
        self.entries: list[_Entry] = []

    def entry(self, value: Any, owner: int, path: str) -> _Entry:
        """The entry of a ship name (``"Scout"`` or ``"Scout #2"``) of ``owner``'s."""
        if type(value) is not str:
            lookup(value, self.by_name, "ship", path)  # raises: not a string
        t = self.by_name.get(value)
        copy = None
        if t is None:
            m = COPY.fullmatch(value)
            if m is None or m.group(1) not in self.by_name:
                lookup(value if m is None else m.group(1), self.by_name, "ship", path)
            assert m is not None
            t = self.by_name[m.group(1)]
            k = int(m.group(2))
            n = len(self.copies[t])
            if not 1 <= k <= n:
                raise PositionError(
                    f"{path}: a fleet has {n} {m.group(1)} (copies #1..#{n}), not #{k}"
                )
            copy = k - 1
        e = _Entry(path, owner, t, copy)
        self.entries.append(e)
        return e

    def assign(self) -> None:
        """Give every entry its card: a ``#k`` its copy; a plain name the lowest copy
        not named by a ``#k`` anywhere nor taken by a name before it."""
        where: dict[int, str] = {}
        for e in self.entries:
            if e.copy is not None:
                c = self._ids(e)[e.copy]
                if c in where:
                    raise PositionError(
                        f"{e.path}: {self._label(c)} is also at {where[c]}; a card is in one place"
                    )
                where[c] = e.path
                e.card = c
        for e in self.entries:
            if e.copy is None:
                free = [c for c in self._ids(e) if c not in where]
                if not free:
                    n = len(self._ids(e))
                    name = self.tbl.types[e.type].name
                    raise PositionError(
                        f"{e.path}: {self.s.player_name(e.owner)}'s fleet has {n} "
                        f"{'copy' if n == 1 else 'copies'} of the {name}, all placed before "
                        "this one; a card is in one place"
                    )
                e.card = free[0]
                where[e.card] = e.path
        self.placed = where

    def _ids(self, e: _Entry) -> list[int]:
        base = e.owner * CARDS_PER_DECK
        return [base + c for c in self.copies[e.type]]

    def _label(self, card: int) -> str:
        return f"{self.s.player_name(card // CARDS_PER_DECK)}'s {card_name(self.tbl, card)}"


# ---------------------------------------------------------------- reading
@attrs.define
class _Player:
    """One player's facts as read, before the cards are known by id."""

    facts: Facts
    hand: list[_Entry] | None = None
    deck: list[_Entry] | None = None
    pile: list[_Entry] | None = None
    removed: list[_Entry] | None = None


def read(s: AssaultState, facts: Facts) -> None:
    """Set up ``s`` (a new state) as the position's facts say (``State._position``)."""
    n = s.num_players
    _clear(s)
    s.wave = facts.get_int("wave", 1, lo=0, hi=s.options.max_waves)
    s.initiative = facts.get_int("initiative", s.initiative, lo=0, hi=n - 1)
    names = _Names(s)
    board = _read_board(s, facts, names)
    decision = facts.part("decision", {})
    choose = decision.get_str("choose", "ship" if s.wave else "mulligan", choices=CHOICES)
    player = decision.get_int("player", None, lo=0, hi=n - 1)
    hand_card = _read_hand_card(decision, choose, player, names)
    players = _read_players(s, facts, names)
    names.assign()
    _place_board(s, board)
    _counts(s, players)
    _check_out(s, players, board, facts)
    _fill_zones(s, players, names)
    _place_stations(s, facts, names)
    _mulligans(s, players, decision, choose, player)
    _known(s, players)
    if hand_card is not None:
        s.acted[hand_card.card] = True
    recount(s)
    if s.wave == 0:
        _no_wave_facts(facts)
        return
    _wave(s, facts, decision, choose, player, hand_card, board, players)


def _clear(s: AssaultState) -> None:
    """Take the set-up table away: the document places every card."""
    zones = s.zones
    for name in zones:
        zones[name] = []
    s.known = {}
    s.pos = [-1] * len(s.pos)
    s.grid = {}
    s.grid_holes = 0
    s.board = []
    s.front = {}
    s.front_holes = 0
    forget_front_order(s)
    s.damage = [0] * len(s.damage)
    s.acted = [False] * len(s.acted)
    s.mulligan = [-1] * s.num_players
    s.stack.clear()


def _read_board(s: AssaultState, facts: Facts, names: _Names) -> list[tuple[Facts, _Entry]]:
    out = []
    for b in facts.parts("board", []):
        owner = b.get_int("owner", lo=0, hi=s.num_players - 1)
        out.append((b, names.entry(b.get_raw("ship"), owner, b.at("ship"))))
    return out


def _read_hand_card(
    decision: Facts, choose: str, player: int | None, names: _Names
) -> _Entry | None:
    """The ship a ``destination`` decision plays from the hand, named by ``ship``."""
    if "ship" not in decision:
        return None
    if choose != "destination":
        raise decision.error("ship", f"only a destination decision names a ship, not {choose}")
    if player is None:
        raise decision.error("player", "whose ship is played? give the seat (player = 0)")
    return names.entry(decision.get_raw("ship"), player, decision.at("ship"))


def _read_players(s: AssaultState, facts: Facts, names: _Names) -> list[_Player]:
    given = facts.parts("players", [])
    if "players" in facts and len(given) != s.num_players:
        raise facts.error(
            "players",
            f"one table per player in seat order: {s.num_players}, not {len(given)}",
        )
    out = []
    for p in range(s.num_players):
        mine = given[p] if given else Facts({}, f"{facts.at('players')}[{p}]")
        pl = _Player(mine)
        pl.hand = _names_list(mine, "hand", p, names)
        pl.pile = _pile(s, mine, p, names)
        pl.removed = _names_list(mine, "removed", p, names)
        pl.deck = _names_list(mine, "deck", p, names)
        out.append(pl)
    return out


def _names_list(mine: Facts, key: str, owner: int, names: _Names) -> list[_Entry] | None:
    values = mine.get_list(key, None, most=CARDS_PER_DECK)
    if values is None:
        return None
    return [names.entry(v, owner, f"{mine.at(key)}[{i}]") for i, v in enumerate(values)]


def _pile(s: AssaultState, mine: Facts, p: int, names: _Names) -> list[_Entry] | None:
    """A pile: ship names whose owner the mode implies (a duel: the opponent; a free for
    all: the player), or tables of ``ship`` and ``owner`` (needed in teams)."""
    values = mine.get_list("pile", None, most=s.num_players * CARDS_PER_DECK)
    if values is None:
        return None
    mode = s.options.mode
    out = []
    for i, v in enumerate(values):
        path = f"{mine.at('pile')}[{i}]"
        if isinstance(v, Mapping):
            item = Facts(v, path)
            owner = item.get_int("owner", lo=0, hi=s.num_players - 1)
            e = names.entry(item.get_raw("ship"), owner, item.at("ship"))
            item.finish()
        elif mode == "teams":
            raise PositionError(
                f'{path}: in teams say whose card it is: {{ship = "{v}", owner = 1}}'
                if isinstance(v, str)
                else f"{path}: a table of ship and owner"
            )
        else:
            e = names.entry(v, 1 - p if mode == "duel" else p, path)
        out.append(e)
    return out


def _place_board(s: AssaultState, board: list[tuple[Facts, _Entry]]) -> None:
    tbl = s.table
    at: dict[int, str] = {}
    for b, e in board:
        c = e.card
        x = b.get_int("x", lo=-MAX_COORD, hi=MAX_COORD)
        y = b.get_int("y", lo=-MAX_COORD, hi=MAX_COORD)
        here = cell(x, y)
        if here in at:
            raise b.error(None, f"({x},{y}) holds the card at {at[here]}; one card a cell")
        at[here] = b.path
        if c % CARDS_PER_DECK == 0 and here != s.home[e.owner]:
            hx, hy = xy(s.home[e.owner])
            raise b.error(
                None,
                f"a Space Station never moves: {s.player_name(e.owner)}'s stands at "
                f"({hx},{hy}), its home cell",
            )
        shields = tbl.shields[c]
        damage = b.get_int("damage", 0, lo=0, hi=MAX_STAT)
        if damage >= shields:
            raise b.error(
                "damage",
                f"{damage} destroys a {tbl.name(c)} (Shields {shields}): 0..{shields - 1}, "
                "or put it in a pile",
            )
        s.damage[c] = damage
        s.acted[c] = b.get_bool("acted", False)
        set_card(s, c, here)
        s.board.append(c)
    s.board.sort()


def _fill_zones(s: AssaultState, players: list[_Player], names: _Names) -> None:
    """The zones as listed. A player's ships placed nowhere go to the deck (shuffled by
    the seed) when it is not given, else to removed when that is not given; a player
    out of the game has no deck, and the ships of theirs a document leaves out of
    removed left the table with them."""
    tbl = s.table
    for p, pl in enumerate(players):
        for key, zone in (("hand", HAND), ("pile", PILE), ("removed", REMOVED), ("deck", DECK)):
            entries = getattr(pl, key)
            if entries is None:
                continue
            for e in entries:
                if e.card % CARDS_PER_DECK == 0 and key != "pile" and key != "removed":
                    raise PositionError(
                        f"{e.path}: a Space Station is never in a {key}: it stands on the "
                        "board at its home cell (or lies in a pile)"
                    )
            cards = [e.card for e in entries]
            s.zones[zone[p]] = cards[::-1] if key == "deck" else cards
        rest = [c for c in tbl.ship_ids(p) if c not in names.placed]
        if pl.hand is None and s.wave == 0 and rest:
            s.rng.shuffle(rest)
            hand = s.zones[HAND[p]]
            for _ in range(min(HAND_SIZE, len(rest))):
                hand.append(rest.pop())
        if pl.deck is None and s.alive[p]:
            if pl.hand is not None or s.wave != 0:
                s.rng.shuffle(rest)
            s.zones[DECK[p]] = rest
        elif pl.removed is None:
            s.zones[REMOVED[p]] = rest
        elif rest and s.alive[p]:
            counted: dict[str, int] = {}
            for c in rest:
                counted[tbl.name(c)] = counted.get(tbl.name(c), 0) + 1
            listed = ", ".join(f"{k} x{v}" for k, v in counted.items())
            raise pl.facts.error(
                "deck",
                f"{count_of(len(rest), 'ship')} of {s.player_name(p)}'s are nowhere ({listed}): "
                "list them in the deck or in removed, or leave the deck out (the rest is "
                "shuffled into it)",
            )


def _place_stations(s: AssaultState, facts: Facts, names: _Names) -> None:
    """The Station of a player in the game that the document places nowhere stands on
    its home cell."""
    for p in range(s.num_players):
        c = s.table.station_id(p)
        if c in names.placed or not s.alive[p]:
            continue
        home = s.home[p]
        if home in s.grid:
            x, y = xy(home)
            raise facts.error(
                "board",
                f"{s.player_name(p)}'s Space Station stands on its home cell ({x},{y}), "
                f"where the board puts a {s.table.name(s.grid[home])}: move that card, or put "
                "the Station in a pile or in removed",
            )
        names.placed[c] = "its home cell"
        set_card(s, c, home)
    s.board = sorted(s.grid.values())
    s.front = rebuild_front(s)
    s.front_holes = 0
    forget_front_order(s)


def _counts(s: AssaultState, players: list[_Player]) -> None:
    """Scores and losses from the piles (checked against the facts that give them)."""
    tbl, team, mode = s.table, s.team, s.options.mode
    ffa = mode == "free_for_all"
    score = [0] * s.num_players
    lost = [0] * s.num_players
    for p in range(s.num_players):
        for e in players[p].pile or ():
            owner, v = e.owner, tbl.victory[e.card]
            if ffa and owner != p:
                raise PositionError(
                    f"{e.path}: in a free for all a pile holds the player's own cards destroyed "
                    f"(this one is {s.player_name(owner)}'s: put it in their pile)"
                )
            if not ffa and team[owner] == team[p]:
                raise PositionError(
                    f"{e.path}: a pile holds the enemy cards its player destroyed, and this "
                    f"{tbl.name(e.card)} is {s.player_name(owner)}'s: give an enemy's card"
                )
            lost[owner] += v
            if not ffa:
                score[p] += v
    for p, pl in enumerate(players):
        mine = pl.facts
        given = mine.get_int("score", None, lo=0)
        if ffa and given not in (None, 0):
            raise mine.error("score", "a free for all keeps no scores, only losses (lost)")
        if given is not None and given != score[p]:
            raise mine.error(
                "score",
                f"{given}, but the pile (the enemy cards destroyed) is worth {score[p]} "
                "Victory: list the destroyed cards in pile, the score follows from them",
            )
        given = mine.get_int("lost", None, lo=0)
        if given is not None and given != lost[p]:
            raise mine.error(
                "lost",
                f"{given}, but the piles hold {lost[p]} Victory of {s.player_name(p)}'s cards",
            )
    s.score, s.lost = score, lost


def _check_out(
    s: AssaultState, players: list[_Player], board: list[tuple[Facts, _Entry]], facts: Facts
) -> None:
    """Who is out (a free for all: 60 lost), and a game that is not won already."""
    n, mode = s.num_players, s.options.mode
    ffa = mode == "free_for_all"
    for p, pl in enumerate(players):
        mine = pl.facts
        out = mine.get_bool("out", None)
        gone = ffa and s.lost[p] >= ELIMINATION
        if out is not None and out != gone:
            why = (
                "only a free for all puts players out"
                if not ffa
                else f"out means {ELIMINATION} lost or more; {s.player_name(p)} lost {s.lost[p]}"
            )
            raise mine.error("out", why)
        s.alive[p] = not gone
        if not gone:
            continue
        if s.wave == 0:
            raise mine.error("out", "nobody is out before wave 1 (wave 0 is the mulligan)")
        for key in ("hand", "deck"):
            if getattr(pl, key):
                raise mine.error(key, f"{s.player_name(p)} is out: no cards in the {key}")
        for b, e in board:
            if e.owner == p:
                raise b.error(None, f"{s.player_name(p)} is out: their cards left the table")
    if mode == "duel":
        for p in range(n):
            if s.score[p] >= DUEL_TARGET:
                raise facts.error(
                    "players", f"{s.player_name(p)} scores {s.score[p]}: the game is won already"
                )
    elif mode == "teams":
        target = TEAM_TARGET_PER_PLAYER * (n // 2)
        for t in (0, 1):
            total = sum(v for q, v in enumerate(s.score) if s.team[q] == t)
            if total >= target:
                raise facts.error(
                    "players", f"team {'AB'[t]} scores {total} of {target}: the game is won already"
                )
    elif sum(s.alive) < 2:
        raise facts.error("players", "one player is left: the game is won already")


def _mulligans(
    s: AssaultState, players: list[_Player], decision: Facts, choose: str, player: int | None
) -> None:
    """Each player's mulligan answer; at wave 0 those before the decider have answered."""
    for p, pl in enumerate(players):
        default = "undecided" if s.wave == 0 else "keep"
        value = pl.facts.get_str("mulligan", default, choices=MULLIGAN)
        if s.wave and value == "undecided":
            raise pl.facts.error("mulligan", "everyone has answered once wave 1 begins")
        s.mulligan[p] = MULLIGAN.index(value) - 1
    if s.wave:
        if choose == "mulligan":
            raise decision.error("choose", "the mulligan is at wave 0 only")
        return
    if choose != "mulligan":
        raise decision.error("choose", "at wave 0 the decision is the mulligan")
    first = next((p for p, m in enumerate(s.mulligan) if m == -1), None)
    if first is None:
        raise decision.error(
            None, "everyone has answered the mulligan: wave 1 begins (give wave = 1)"
        )
    who = first if player is None else player
    for q, m in enumerate(s.mulligan):
        if (m == -1) != (q >= who):
            raise players[q].facts.error(
                "mulligan",
                f"players answer in seat order: with {s.player_name(who)} to answer, seats "
                f"before them have answered (keep or mulligan) and the others have not",
            )
    s.stack.append(ChooseMulligan(player=who))


def _default_known(s: AssaultState, p: int) -> int:
    """The cards at the bottom of ``p``'s deck they know: the hand a mulligan put there."""
    if s.wave == 0 or s.mulligan[p] != 1 or not s.alive[p]:
        return 0
    return min(HAND_SIZE, s.table.deck_size, len(s.zones[DECK[p]]))


def _known(s: AssaultState, players: list[_Player]) -> None:
    for p, pl in enumerate(players):
        deck = s.zones[DECK[p]]
        k = pl.facts.get_int("deck_known", None, lo=0, hi=len(deck))
        if k is None:
            k = _default_known(s, p)
        elif k and not (s.wave and s.mulligan[p] == 1 and s.alive[p]):
            raise pl.facts.error(
                "deck_known", "only a player who took the mulligan knows cards of their deck"
            )
        if k:
            s.forget_zone(DECK[p])
            s.set_known(DECK[p], p, deck[:k])


def _no_wave_facts(facts: Facts) -> None:
    for key in ("speed", "passed_over", "damage_this_wave", "wave_began_with_cards"):
        if key in facts:
            raise facts.error(key, "only in a wave (wave 1 or later); wave 0 is the mulligan")


def _avail(s: AssaultState, p: int, speed: int) -> int:
    return s.avail[p * SPEEDS + speed]


def _wave(
    s: AssaultState,
    facts: Facts,
    decision: Facts,
    choose: str,
    player: int | None,
    hand_card: _Entry | None,
    board: list[tuple[Facts, _Entry]],
    players: list[_Player],
) -> None:
    """The Speed, the turn and its decision, and the wave's stalemate facts."""
    n, tbl = s.num_players, s.table
    acting = _acting_card(s, decision, choose, hand_card)
    speed = facts.get_int("speed", None, lo=1, hi=STATION_SPEED)
    if speed is None:
        speed = tbl.speed[acting] if acting >= 0 else _first_speed(s, facts)
    s.speed = speed
    _nothing_slower(s, board, players)
    passed = [
        check_int(q, f"{facts.at('passed_over')}[{i}]", 0, n - 1)
        for i, q in enumerate(facts.get_list("passed_over", None, most=n) or [])
    ]
    if player is None:
        player = acting // CARDS_PER_DECK if acting >= 0 else _first_available(s, decision, passed)
    if "passed_over" not in facts:
        before = ((s.initiative + k) % n for k in range((player - s.initiative) % n))
        passed = [q for q in before if not _avail(s, q, speed)]
    for i, q in enumerate(passed):
        path = f"{facts.at('passed_over')}[{i}]"
        if _avail(s, q, speed):
            raise PositionError(
                f"{path}: {s.player_name(q)} has a ship available at Speed {speed}: the turn "
                "goes past only a player with none"
            )
        if q == player:
            raise PositionError(f"{path}: {s.player_name(q)} is deciding now")
        if s.passed_over >> q & 1:
            raise PositionError(f"{path}: {s.player_name(q)} is listed twice")
        s.passed_over |= 1 << q
    if not s.alive[player]:
        raise decision.error("player", f"{s.player_name(player)} is out of the game")
    if acting < 0:
        if not _avail(s, player, speed):
            raise decision.error(
                "player",
                f"{s.player_name(player)} has no ship available to act at Speed {speed} "
                "(in the hand, or in play and not acted)",
            )
        s.stack.append(ChooseShip(player=player))
    else:
        _acting_decision(s, decision, choose, player, acting, hand_card is not None)
    s.wave_damage = facts.get_int("damage_this_wave", 0, lo=0, hi=1 << 32)
    holding = hand_card is not None or any(s.zones[HAND[p]] for p in range(n))
    began = facts.get_bool("wave_began_with_cards", None)
    if began is False and holding:
        raise facts.error(
            "wave_began_with_cards",
            "a hand holds a ship now, so one did when the wave began (hands fill only "
            "between waves)",
        )
    s.wave_had_hands = holding if began is None else began


def _first_speed(s: AssaultState, facts: Facts) -> int:
    for speed in range(1, STATION_SPEED + 1):
        if any(_avail(s, p, speed) for p in range(s.num_players)):
            return speed
    raise facts.error(
        "board",
        "no ship or Station is left to act this wave: every card in play has acted and the "
        "hands are empty (give a card that has not acted, or start the next wave)",
    )


def _first_available(s: AssaultState, decision: Facts, passed: list[int]) -> int:
    n = s.num_players
    for k in range(n):
        q = (s.initiative + k) % n
        if q not in passed and _avail(s, q, s.speed):
            return q
    raise decision.error(
        None, f"nobody has a ship available at Speed {s.speed}: give another speed"
    )


def _acting_card(s: AssaultState, decision: Facts, choose: str, hand_card: _Entry | None) -> int:
    """The card a destination or target decision is about (-1 for a ship choice)."""
    has_cell = "x" in decision or "y" in decision
    if choose == "ship":
        for key in ("x", "y"):
            if key in decision:
                raise decision.error(key, "a ship choice names no card: leave x and y out")
        return -1
    if hand_card is not None:
        if has_cell:
            raise decision.error(
                "x", "a ship played from the hand has no cell yet: give ship or x, y, not both"
            )
        return hand_card.card
    if not has_cell:
        raise decision.error(
            None,
            f"a {choose} decision names the acting card: x and y of the card in play"
            + (", or ship (played from the hand)" if choose == "destination" else ""),
        )
    x = decision.get_int("x", lo=-MAX_COORD, hi=MAX_COORD)
    y = decision.get_int("y", lo=-MAX_COORD, hi=MAX_COORD)
    card = s.grid.get(cell(x, y))
    if card is None:
        raise decision.error(None, f"no card is in play at ({x},{y})")
    return card


def _acting_decision(
    s: AssaultState, decision: Facts, choose: str, player: int, card: int, from_hand: bool
) -> None:
    tbl = s.table
    name = tbl.name(card)
    if card // CARDS_PER_DECK != player:
        raise decision.error(
            "player", f"the {name} is {s.player_name(card // CARDS_PER_DECK)}'s, not theirs"
        )
    if tbl.speed[card] != s.speed:
        raise decision.error(
            None, f"a {name} acts at Speed {tbl.speed[card]}; the Speed now is {s.speed}"
        )
    if not s.acted[card]:
        x, y = xy(s.pos[card])
        raise decision.error(
            None,
            f"the acting {name} at ({x},{y}) has acted this wave: give it acted = true on the board",
        )
    if choose == "destination":
        if card % CARDS_PER_DECK == 0:
            raise decision.error(None, "a Space Station never moves: it fires where it stands")
        s.stack.append(ChooseDestination(player=player, card=card, from_hand=from_hand))
        return
    enemies = enemies_next_to(s, card, s.pos[card])
    if len(enemies) < 2:
        x, y = xy(s.pos[card])
        raise decision.error(
            None,
            f"the {name} at ({x},{y}) is next to {count_of(len(enemies), 'enemy card')}: "
            "a target is chosen only among two or more adjacent enemies",
        )
    s.stack.append(ChooseTarget(player=player, card=card))


def _nothing_slower(
    s: AssaultState, board: list[tuple[Facts, _Entry]], players: list[_Player]
) -> None:
    """Every ship slower than the current Speed has acted this wave (the Speeds go up)."""
    tbl, speed = s.table, s.speed
    for b, e in board:
        if tbl.speed[e.card] < speed and not s.acted[e.card]:
            raise b.error(
                "acted",
                f"a {tbl.name(e.card)} (Speed {tbl.speed[e.card]}) that has not acted at Speed "
                f"{speed}: every available ship of a Speed acts before the next (acted = true)",
            )
    for pl in players:
        for e in pl.hand or ():
            if tbl.speed[e.card] < speed:
                raise PositionError(
                    f"{e.path}: a {tbl.name(e.card)} (Speed {tbl.speed[e.card]}) in the hand at "
                    f"Speed {speed}: every ship of a Speed is played before the next"
                )


# ---------------------------------------------------------------- writing
def write(s: AssaultState) -> dict[str, Any]:
    """The position facts of ``s`` (``State._position_facts``): names, not ids."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, ChooseMulligan | ChooseShip | ChooseDestination | ChooseTarget):
        raise PositionError(f"no position starts here: {POINTS}")
    n = s.num_players
    hand_card = top.card if isinstance(top, ChooseDestination) and top.from_hand else -1
    order = list(s.board) + ([hand_card] if hand_card >= 0 else [])
    for p in range(n):
        for zone in (HAND, PILE, REMOVED):
            order += s.zones[zone[p]]
        order += s.zones[DECK[p]][::-1]
    name = _canonical_names(s, order)
    doc: dict[str, Any] = {"wave": s.wave}
    if s.wave:
        doc["speed"] = s.speed
        doc["passed_over"] = [q for q in range(n) if s.passed_over >> q & 1]
        doc["damage_this_wave"] = s.wave_damage
        doc["wave_began_with_cards"] = s.wave_had_hands
    doc["initiative"] = s.initiative
    doc["decision"] = _decision(s, top, name)
    doc["board"] = [_board_entry(s, c, name) for c in s.board]
    doc["players"] = [_player(s, p, name) for p in range(n)]
    return doc


def _canonical_names(s: AssaultState, order: list[int]) -> dict[int, str]:
    """Each card's name as the document gives it: plain where the reading order takes
    that very copy for the plain name (the lowest copy not yet read), else ``#k``."""
    tbl = s.table
    seen: set[int] = set()
    out: dict[int, str] = {}
    copies = _copies(tbl)
    for c in order:
        if c in seen:
            raise PositionError(f"card {c} is in two places: a position cannot say so")
        seen.add(c)
        base = c // CARDS_PER_DECK * CARDS_PER_DECK
        ids = [base + k for k in copies[tbl.card_type[c]]]
        lowest = min(k for k in ids if k not in seen or k == c)
        out[c] = tbl.types[tbl.card_type[c]].name if lowest == c else card_name(tbl, c)
    for p in range(s.num_players):
        if not s.alive[p]:
            continue
        for c in [tbl.station_id(p), *tbl.ship_ids(p)]:
            if c not in seen:
                raise PositionError(
                    f"{s.player_name(p)}'s {tbl.name(c)} (card {c}) is nowhere (in no zone and "
                    "not in play): a position cannot say so"
                )
    return out


def _decision(s: AssaultState, top: Any, name: dict[int, str]) -> dict[str, Any]:
    choose = {
        ChooseMulligan: "mulligan",
        ChooseShip: "ship",
        ChooseDestination: "destination",
        ChooseTarget: "target",
    }[type(top)]
    out: dict[str, Any] = {"choose": choose, "player": top.player}
    if isinstance(top, ChooseDestination) and top.from_hand:
        out["ship"] = name[top.card]
    elif isinstance(top, ChooseDestination | ChooseTarget):
        out["x"], out["y"] = xy(s.pos[top.card])
    return out


def _board_entry(s: AssaultState, c: int, name: dict[int, str]) -> dict[str, Any]:
    x, y = xy(s.pos[c])
    out: dict[str, Any] = {"ship": name[c], "owner": c // CARDS_PER_DECK, "x": x, "y": y}
    if s.damage[c]:
        out["damage"] = s.damage[c]
    if s.acted[c]:
        out["acted"] = True
    return out


def _player(s: AssaultState, p: int, name: dict[int, str]) -> dict[str, Any]:
    mode = s.options.mode
    out: dict[str, Any] = {
        "hand": [name[c] for c in s.zones[HAND[p]]],
        "deck": [name[c] for c in s.zones[DECK[p]][::-1]],
    }
    pile = s.zones[PILE[p]]
    if pile:
        implied = p if mode == "free_for_all" else 1 - p if mode == "duel" else -1
        out["pile"] = [
            name[c]
            if c // CARDS_PER_DECK == implied
            else {"ship": name[c], "owner": c // CARDS_PER_DECK}
            for c in pile
        ]
    removed = s.zones[REMOVED[p]]
    if removed or not s.alive[p]:
        out["removed"] = [name[c] for c in removed]
    if mode != "free_for_all":
        out["score"] = s.score[p]
    out["lost"] = s.lost[p]
    if mode == "free_for_all":
        out["out"] = not s.alive[p]
    out["mulligan"] = MULLIGAN[s.mulligan[p] + 1]
    known = _known_count(s, p)
    if known != _default_known(s, p):
        out["deck_known"] = known
    return out


def _known_count(s: AssaultState, p: int) -> int:
    """How many cards at the bottom of ``p``'s deck ``p`` knows (a prefix of the list)."""
    if any(q != p and ids for q, ids in s.known.get(DECK[p], {}).items()):
        raise PositionError(f"another player knows cards of {s.player_name(p)}'s deck")
    known = set(s.known_to(DECK[p], p))
    k = len(known)
    if set(s.zones[DECK[p]][:k]) != known:
        raise PositionError(
            f"{s.player_name(p)} knows deck cards other than the bottom ones: a position "
            "cannot say so"
        )
    return k


# ---------------------------------------------------------------- keywords
Board = Sequence[Mapping[str, Any] | tuple[Any, ...]]


def position(
    *,
    options: Any = None,
    seed: int = 0,
    board: Board = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[int, Sequence[Any]] | None = None,
    removed: Mapping[int, Sequence[str]] | None = None,
    **facts: Any,
) -> AssaultState:
    """A game set up by keywords: the position document's facts (``wave``, ``speed``,
    ``initiative``, ``decision``, ``passed_over``, ``players``...), with board entries
    also as tuples ``(owner, ship, x, y[, damage[, acted]])`` and the players' zones as
    dicts by seat (``hands={0: ["Scout"]}``; merged into ``players``)."""
    from . import GAME
    from .state import AssaultState

    doc: dict[str, Any] = {"seed": seed, **facts}
    if options is not None:
        doc["options"] = options
    if board:
        doc["board"] = [_board_item(b) for b in board]
    zones = {"hand": hands, "deck": decks, "pile": piles, "removed": removed}
    if any(zones.values()):
        n = GAME.make_options(options).players
        table = [dict(p) for p in doc.get("players", [{} for _ in range(n)])]
        for key, by_seat in zones.items():
            for p, cards in (by_seat or {}).items():
                table[p][key] = list(cards)
        doc["players"] = table
    s = GAME.position(doc)
    assert isinstance(s, AssaultState)
    return s


def _board_item(b: Mapping[str, Any] | tuple[Any, ...]) -> dict[str, Any]:
    if isinstance(b, Mapping):
        return dict(b)
    owner, ship, x, y, *rest = b
    out: dict[str, Any] = {"ship": ship, "owner": owner, "x": x, "y": y}
    if rest and rest[0]:
        out["damage"] = rest[0]
    if len(rest) > 1 and rest[1]:
        out["acted"] = True
    return out
