"""Space Station Assault (Your Move Games, 2004): the complete rules as a tabletop pack.

Each player has a Space Station and a shuffled fleet of 50 ships. Cards are
played onto an imaginary grid, always next to a card already in play. Ships
act in waves by Speed (1 to 5, then the Stations at 6): play a ship from the
hand, move a ship in play, or stay, and then fire at an adjacent enemy card if
there is one. Damage stays on a card until it is destroyed. The first to
destroy 60 Victory of enemy cards wins; a Station alone is worth 60.

>>> import tabletop
>>> game = tabletop.load("station_assault")
>>> state = game.new_state(seed=1)
>>> state.prompt
'Black: keep your opening hand, or mulligan once (put it on the bottom, draw 10)?'
>>> [state.describe(a) for a in state.legal_actions()][0]
'Keep this hand'

Modes (option ``mode``): ``duel`` (the printed game), ``free_for_all`` (2-6
players, each counts their own losses, 60 lost puts a player out) and
``teams`` (2 vs 2 or 3 vs 3; a team wins at 50 Victory per member). Other
options: ``anchor`` (``any`` / ``friendly`` placement), ``max_waves`` (the
stalemate cap), and a custom ship table (``ships``: the rows inline; or
``ship_file``: a TOML file of ``[[ship]]`` rows shaped like ``ships.toml``,
read once when a program makes the options, its rows then carried as
``ships``, so a record never names a file: SSA-23). Bad rows are refused
naming the row and the field:

>>> rows = [
...     {"name": "Lancer", "copies": 30, "speed": 2, "firepower": 2, "shields": 2, "victory": 2},
...     {"name": "Citadel", "copies": 1, "speed": 6, "firepower": 2, "shields": 30,
...      "victory": 60, "station": True},
... ]
>>> game.new_state(seed=1, options={"mode": "free_for_all", "players": 3, "ships": rows})
<AssaultState station_assault step=0 current_player=0 terminal=False>
>>> rows[0]["speed"] = 9
>>> game.new_state(seed=1, options={"ships": rows})
Traceback (most recent call last):
...
tabletop.errors.OptionsError: speed: a ship's Speed is 1..5, got 9 @ options.ships[0]

The table printed in ``ships.toml`` marks in each row which numbers a source
gives (``sourced``); the rest are designed (RULINGS.md, SSA-01).

Decisions are atomic: which ship acts (``play <type>`` from the hand or
``act <card>`` in play), where it goes (``to <card> <side>``: the cell on that
side of a card in play; or ``stay``), and its target when more than one enemy
is adjacent (``fire <card>``). See ``actions.py`` for the encoding and
RULINGS.md for every ruling (SSA-01 to SSA-24) and the test that pins it.

What each action points at on the table (``state.targets(action)``: a ``cell``
``(x, y)``, a ``card``, with roles) is listed in ``rules/targets.py``.

Card ids: player ``p``'s cards are ``p * 55 + i``: ``i = 0`` is the Station,
then the ships type by type in table order. Positions, damage, acted flags,
scores (duel, teams), losses, hand and deck sizes are public; a hand is its owner's.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tabletop import Game, Phase, Ruling, State

from .actions import ACTION_SPACE
from .decisions import DECISION_CLASSES
from .events import EVENT_CLASSES
from .heuristic import heuristic, values
from .observation import OBSERVATION
from .options import Options
from .position import FACTS as POSITION_FACTS
from .rules.targets import KINDS as TARGET_KINDS
from .rules.text import player_name
from .ships import MAX_PLAYERS, ShipType, printed_types
from .state import AssaultState

__all__ = ["GAME", "AssaultState", "Options", "ShipType", "heuristic", "load_rulings"]

RULINGS_FILE = Path(__file__).with_name("rulings.toml")


def load_rulings() -> list[Ruling]:
    data = tomllib.loads(RULINGS_FILE.read_text(encoding="utf-8"))
    return [Ruling(**row) for row in data["ruling"]]


PHASES = [
    Phase(
        "Set-up",
        "The Stations go on the grid (two players: (0,0) and (4,0)); each player shuffles "
        "their 50 ships; first initiative is drawn at random; everyone draws 10.",
    ),
    Phase(
        "Mulligan",
        "In seat order each player keeps the hand or puts it on the bottom of the deck and "
        "draws 10 new cards, once; the answers are revealed together.",
    ),
    Phase(
        "Speeds 1-5",
        "At each Speed the initiative player goes first if able; turns go round one ship at "
        "a time until every available ship of that Speed (in hand, or in play and not yet "
        "acted) has acted: play it next to a card in play, move it, or have it stay; then it "
        "must fire at an adjacent enemy card, its owner choosing among several.",
    ),
    Phase(
        "Speed 6",
        "The Space Stations act, in the same turn order: they never move, and must fire at an "
        "adjacent enemy card if there is one.",
    ),
    Phase(
        "Wave end",
        "Acted flags clear, initiative passes on, everyone draws 10 (what is left). The game "
        "ends on a victory at once, or after a wave with no cards left to play and no damage, "
        "or at the wave cap.",
    ),
]


def _opponents(state: State) -> str:
    """How the search plays the rivals' decisions by default: adapting to how they play
    in a free for all of four or more (there whether the rivals play as the greedy bot
    or not decides most games), by search elsewhere."""
    options: Options = state.options
    return "adaptive" if options.mode == "free_for_all" and options.players >= 4 else "search"


SEARCH = {"exploration": 0.2, "rollout_steps": 0, "values": values, "opponents": _opponents}
"""The search bot's defaults: the heuristic already weighs the shots still to come, so
each new leaf is scored as it stands (no random moves before it, which only blur the
value and cost time), and the heuristic's margins, a few hundredths apart, need a small
exploration constant to steer the search; every player's value of a leaf comes from one
pass over the table (``values``; in a free for all it shares the fire still in the
hands by how open each player is: see ``station_assault.heuristic``). In a free for
all of four or more the search models the rivals it sees playing as the greedy bot does
(``opponents``): in the free for all of four, at 520 iterations a decision, it won 717
of 800 games against three greedy players and 395 of 400 against random players (before
it counted open sides 649 and 378; then the plain search won 144 of the first 200
against greedy where the adaptive one won 161, and 94 of the first 100 against random
where the adaptive one won 96)."""


def _num_players(options: Options) -> int:
    return options.players


GAME = Game(
    name="station_assault",
    title="Space Station Assault",
    version="1.0.0",
    state_cls=AssaultState,
    options_cls=Options,
    action_space=ACTION_SPACE,
    event_classes=EVENT_CLASSES,
    decision_classes=DECISION_CLASSES,
    num_players=_num_players,
    min_players=2,
    max_players=MAX_PLAYERS,
    player_names=player_name,
    cards={"Ships": printed_types()},
    heuristic=heuristic,
    search=SEARCH,
    description=(
        "Two intergalactic powers each field a Space Station and a fleet of fifty ships on an "
        "imaginary grid that builds itself as cards are played next to cards. Ships act in "
        "waves by Speed, move, and must fire at adjacent enemies; damage persists, and the "
        "first to destroy sixty Victory points of enemy forces wins. Also free for all "
        "(2-6 players) and teams (2 vs 2, 3 vs 3)."
    ),
    rulings=load_rulings(),
    phases=PHASES,
    observation=OBSERVATION,
    target_kinds=TARGET_KINDS,
    position_facts=POSITION_FACTS,
    ui={
        "colours": ["#bfc5cf", "#e74c3c", "#2980b9", "#27ae60", "#8e44ad", "#d68910"],
        "grid": {"cell": "a ship card on the table, at x (left to right) and y (bottom to top)"},
    },
)
