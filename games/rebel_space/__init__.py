"""Rebel Space: a two-player science-fiction card game, Rebels against Empire.

Each side has its own deck (the Rebel 76 cards, the Imperial 67: the card
lists are the decks, RS-01). Players take turns, the Rebel first; a turn has
five phases (RS-04):

1. **Draw** 1 or 2 cards (+1 for a Rebel Base, +1 for the Mysterious Emperor in
   play). A player who must draw from an empty deck loses.
2. **Activation**: every unit of the Inactive Zone becomes active.
3. **Attack**: form ground and space battle groups out of active units (Pilots
   ride Fighters, Captains ride Ships); the defender may block each with a
   group of the same kind. Blocked groups fight (the lower battle value is
   destroyed, the winner loses units up to the loser's value, picked by the
   loser one at a time); unblocked groups damage the defender's deck (one card
   discarded per point) or target one opposing unit, which must fight. Psi
   cards, Surprise Attack, Trap, the Ion Cannon and Defense Shields change
   battles. Attackers then become inactive.
4. **Deploy** up to 3 points of cards into the Inactive Zone; items and
   companions attach to a hero.
5. **End**: play Convert/Traitor, Recruit/Shuttle, Medi-Bot/Cybernetics,
   Saboteur and Spy cards, then discard down to 12.

A player whose deck damage reduces to 0 cards loses. Every gap or
contradiction of the designer's draft is ruled in ``RULINGS.md`` (RS-01..).

>>> import tabletop
>>> game = tabletop.load("rebel_space")
>>> state = game.new_state(seed=1)
>>> state.prompt
'Rebel: draw 1 or 2 cards'
>>> [state.describe(a) for a in state.legal_actions()]
['Draw 1 card', 'Draw 2 cards']

Player 0 is the Rebel, player 1 the Imperial. Card ids: Rebel cards 0..75,
Imperial cards 76..142, in card-list order (``rebel_space.cards``; the list
itself is ``cards.toml``).

Every choice is atomic: a battle group is formed unit by unit (``group 0``,
``add 23``, ``close``), a block group by group (``block`` / ``through``), the
winner's losses one at a time (``loss 9``), deployment card by card
(``deploy 30``, ``attach 2``). The action classes in ``rebel_space.actions``
document their notation; ``GAME.encode`` maps every action to a fixed id.
Copies of a card that differ in nothing a player can see are offered once
(the first in card order; ``rules/copies.py``), so no two choices read the same.

What each action points at on the table (``state.targets(action)``: a ``card``,
an attacking ``group``, a ``player``, with roles) is listed in ``rules/targets.py``;
``view["state"]["step_text"]`` says in words where the turn stands.

Secrets: hands and deck order are hidden (views show counts); the table,
attachments and discard piles are public; cards seen with a Spy stay known to
the spy while they stay in that hand.

Layout: ``rules/`` holds one module per phase or mechanic (``turn``,
``attack``, ``battle``, ``effects``, driven by ``flow``); ``render`` has the
words and the terminal picture; ``position`` reads and writes position documents
(a game set up by card names: ``GAME.position(doc)``, ``state.position_facts()``),
and ``position.position()`` builds one from keywords for scenario tests; ``python -m rebel_space.bench`` measures random
playouts.
"""

from __future__ import annotations

from tabletop import Game, Phase, Ruling, read_table

from .actions import ACTION_SPACE
from .cards import CARD_FILE, CARDS, by_side
from .decisions import DECISION_CLASSES
from .events import EVENT_CLASSES
from .heuristic import SEARCH, heuristic
from .observation import OBSERVATION
from .options import RebelSpaceOptions
from .position import FACTS as POSITION_FACTS
from .rules.targets import KINDS as TARGET_KINDS
from .state import RebelSpaceState

__all__ = ["CARDS", "GAME", "RebelSpaceOptions", "RebelSpaceState"]

_HERE = CARD_FILE.parent

RULINGS = [Ruling(**row) for row in read_table(_HERE / "rulings.toml", "ruling")]

PHASES = [
    Phase(
        "Set-up",
        "Each deck (the card list, RS-01) is shuffled; each player draws 5; the Rebel "
        "takes the first turn (RS-02).",
    ),
    Phase(
        "Draw",
        "Draw 1 or 2 cards, +1 each for Rebel Base and Mysterious Emperor in play "
        "(RS-05). With an empty deck the player loses (RS-03).",
    ),
    Phase("Activation", "Every unit in the Inactive Zone moves to the Active Zone (RS-06)."),
    Phase(
        "Attack",
        "Declare battle groups; the defender blocks group by group; battles and "
        "unblocked damage are resolved in declared order; attackers become inactive "
        "(RS-13..RS-23).",
    ),
    Phase(
        "Deploy",
        "Deploy up to 3 points of cards into the Inactive Zone; items and "
        "companions attach to a hero (RS-07).",
    ),
    Phase("End", "Play end-phase cards, then discard down to 12 cards (RS-08, RS-24)."),
]

GAME = Game(
    name="rebel_space",
    title="Rebel Space",
    version="1.0.0",
    state_cls=RebelSpaceState,
    options_cls=RebelSpaceOptions,
    action_space=ACTION_SPACE,
    event_classes=EVENT_CLASSES,
    decision_classes=DECISION_CLASSES,
    num_players=2,
    player_names=["Rebel", "Imperial"],
    cards={"Rebel": by_side("Rebel"), "Imperial": by_side("Imperial")},
    heuristic=heuristic,
    search=SEARCH,
    description=(
        "A two-player science-fiction card game: the Rebel and the Imperial player each "
        "build an army of heroes, ground and space units from their own deck, attack "
        "with battle groups, block, play Psi and trick cards, and win by reducing the "
        "opponent's deck to 0 cards."
    ),
    rulings=RULINGS,
    phases=PHASES,
    observation=OBSERVATION,
    target_kinds=TARGET_KINDS,
    position_facts=POSITION_FACTS,
    ui={
        "colours": ["#c0392b", "#2c3e50"],
        "zones": {
            "hand": "Hand",
            "active": "Active",
            "inactive": "Inactive",
            "attached": "Attached",
            "discard": "Discard pile",
            "deck": "Deck",
        },
    },
)
