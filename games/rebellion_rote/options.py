"""The game options: every default is the rules as ruled in RULINGS.md."""

from __future__ import annotations

import attrs

__all__ = ["PLAYERS", "QUEUES", "SETUPS", "RebellionOptions"]

PLAYERS = (2, 3, 4)

SETUPS = ("rote", "base", "fixed")
QUEUES = ("imperial", "rebel")


def _setup(_: object, __: object, value: str) -> None:
    if value not in SETUPS:
        raise ValueError(f"setup must be one of {', '.join(map(repr, SETUPS))}, got {value!r}")


def _queue(_: object, __: object, value: str) -> None:
    if value not in QUEUES:
        raise ValueError(
            f"time_for_peace must be one of {', '.join(map(repr, QUEUES))}, got {value!r}"
        )


def _rounds(_: object, __: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100:
        raise ValueError(f"max_rounds must be an integer 1..100, got {value!r}")


def _players(_: object, __: object, value: int) -> None:
    if type(value) is not int or value not in PLAYERS:
        raise ValueError(f"players must be one of 2, 3, 4, got {value!r}")


@attrs.frozen
class RebellionOptions:
    """Options of a game of Star Wars: Rebellion with Rise of the Empire."""

    setup: str = attrs.field(
        default="rote",
        validator=_setup,
        metadata={
            "choices": SETUPS,
            "label": "Starting units",
            "labels": {
                "rote": "Rise of the Empire set-up",
                "base": "Base game set-up",
                "fixed": "First-game fixed set-up",
            },
            "ruling": "RR-03",
            "help": "The units each side starts with and where they go. Rise of the Empire "
            "set-up (default): the Rise of the Empire list, with the Death Star Under "
            "Construction in a remote system. Base game set-up: the base game's list. "
            "First-game fixed set-up: the Learn to Play booklet's set-up, with loyalty and "
            "units in fixed systems and no starting action cards, for a first game.",
        },
    )
    first_game: bool = attrs.field(
        default=False,
        metadata={
            "label": "First-game mission cards",
            "ruling": "RR-04",
            "help": "On: both sides skip the hidden choice of a mission set and play the "
            "first-game mission cards (the Rise of the Empire set). Off (default): each "
            "side chooses its mission set face down at set-up.",
        },
    )
    time_for_peace: str = attrs.field(
        default="imperial",
        validator=_queue,
        metadata={
            "choices": QUEUES,
            "label": "A Time for Peace destroys units on",
            "labels": {
                "imperial": "The Empire's build queue",
                "rebel": "The Rebels' own build queue",
            },
            "ruling": "RR-63",
            "help": "The build queue on which the Rebel objective A Time for Peace destroys "
            "2 triangle, 1 circle and 1 square unit. The Empire's build queue (default): the "
            "card hurts the Empire. The Rebels' own build queue: the card costs the Rebels "
            "their own units, as some players read it.",
        },
    )
    max_rounds: int = attrs.field(
        default=20,
        validator=_rounds,
        metadata={
            "min": 1,
            "max": 100,
            "label": "Round limit",
            "ruling": "RR-18",
            "help": "A game still going at the end of this many rounds ends in a draw "
            "(checked at the end of each round's Refresh Phase).",
        },
    )
    players: int = attrs.field(
        default=2,
        validator=_players,
        metadata={
            "choices": PLAYERS,
            "label": "Players",
            "labels": {
                2: "2: Rebels against Empire",
                3: "3: one Rebel against an Imperial team",
                4: "4: two teams of two",
            },
            "ruling": "RR-02",
            "help": "2 (default): one Rebel player against one Imperial player. 4: the team "
            "game: each side has an Admiral (blue leaders: space battles and building) and a "
            "General (orange leaders: ground battles, missions and objectives); the seats "
            "are the Rebel Admiral, the Imperial Admiral, the Rebel General and the Imperial "
            "General. 3: one Rebel player plays both Rebel roles against an Imperial Admiral "
            "and an Imperial General.",
        },
    )
