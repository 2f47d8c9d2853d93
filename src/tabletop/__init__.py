"""tabletop: complete, enumerable, replayable rules for tabletop games.

>>> import tabletop
>>> game = tabletop.load("station_assault")        # doctest: +SKIP
>>> state = game.new_state(seed=7)                  # doctest: +SKIP
"""

from __future__ import annotations

from .cards import load_cards, read_table
from .errors import (
    CardDataError,
    IllegalActionError,
    OptionsError,
    PositionError,
    RecordError,
    TabletopError,
    UnknownGameError,
)
from .game import Game, Phase, Ruling
from .model import Action, Decision, Event, Vis, Zone, card_field, card_ids
from .observation import Observation, ObservationField
from .positions import from_position, read_position, read_position_file
from .registry import games, load, register, registered, unregister
from .rng import Rng
from .serial import RECORD_FORMAT, STATE_FORMAT, dumps, loads, replay
from .space import ActionSpace
from .state import State
from .targets import Target

__version__ = "0.1.0"

__all__ = [
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "Action",
    "ActionSpace",
    "CardDataError",
    "Decision",
    "Event",
    "Game",
    "IllegalActionError",
    "Observation",
    "ObservationField",
    "OptionsError",
    "Phase",
    "PositionError",
    "RecordError",
    "Rng",
    "Ruling",
    "State",
    "TabletopError",
    "Target",
    "UnknownGameError",
    "Vis",
    "Zone",
    "card_field",
    "card_ids",
    "dumps",
    "from_position",
    "games",
    "load",
    "load_cards",
    "loads",
    "read_position",
    "read_position_file",
    "read_table",
    "register",
    "registered",
    "replay",
    "unregister",
]
