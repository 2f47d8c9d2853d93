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
            "help": "RR-03: starting units. 'rote' (default): the Rise of the Empire list, "
            "with the Death Star Under Construction in a remote system; 'base': the base "
            "game list; 'fixed': the first-game fixed set-up of the Learn to Play booklet "
            "(loyalty and units in fixed systems), for tutorials and tests.",
        },
    )
    first_game: bool = attrs.field(
        default=False,
        metadata={
            "help": "RR-04: True skips the hidden mission-set choice and uses the first-game "
            "mission cards (the Rise of the Empire set) for both sides."
        },
    )
    time_for_peace: str = attrs.field(
        default="imperial",
        validator=_queue,
        metadata={
            "choices": QUEUES,
            "help": "RR-63: the build queue the objective A Time for Peace destroys its 2 "
            "triangle, 1 circle and 1 square units on. 'imperial' (default, the research's "
            "reading): the Empire's; 'rebel': the Rebels' own, a cost (a later reading of "
            "JC's, from a player's report).",
        },
    )
    max_rounds: int = attrs.field(
        default=20,
        validator=_rounds,
        metadata={
            "min": 1,
            "max": 100,
            "help": "RR-18: a game still going at the end of this many rounds ends as a draw "
            "(checked at the end of each round's Refresh Phase).",
        },
    )
    players: int = attrs.field(
        default=2,
        validator=_players,
        metadata={
            "choices": PLAYERS,
            "help": "RR-02: the number of players. 2 (default): Rebels against Empire. 4: the "
            "team game, each side an Admiral (blue leaders: space, building) and a General "
            "(orange leaders: ground, missions, objectives); seats 0 Rebel Admiral, 1 "
            "Imperial Admiral, 2 Rebel General, 3 Imperial General. 3: one Rebel player "
            "plays both Rebel roles; seats 0 Rebel, 1 Imperial Admiral, 2 Imperial General "
            "(research-2 section 1, RR-180..RR-189).",
        },
    )
