"""The game options: every default is the printed rules as ruled in RULINGS.md."""

from __future__ import annotations

import attrs

__all__ = ["RebelSpaceOptions"]


def _between(lo: int, hi: int):  # type: ignore[no-untyped-def]
    def check(_: object, attr: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ValueError(f"{attr.name} must be an integer {lo}..{hi}, got {value!r}")

    return check


@attrs.frozen
class RebelSpaceOptions:
    """Options of a Rebel Space game. The defaults are the printed rules."""

    starting_hand: int = attrs.field(
        default=5,
        validator=_between(0, 20),
        metadata={
            "min": 0,
            "max": 20,
            "label": "Starting hand",
            "help": "How many cards each player draws before the first turn (printed: 5).",
            "ruling": "RS-02",
        },
    )
    hand_limit: int = attrs.field(
        default=12,
        validator=_between(1, 76),
        metadata={
            "min": 1,
            "max": 76,
            "label": "Hand limit",
            "help": "How many cards a hand may keep at the end of a turn; the rest are "
            "discarded, the player choosing (printed: 12).",
            "ruling": "RS-08",
        },
    )
    deploy_points: int = attrs.field(
        default=3,
        validator=_between(1, 20),
        metadata={
            "min": 1,
            "max": 20,
            "label": "Deploy points",
            "help": "How many points of cost a player may deploy each turn (printed: 3).",
            "ruling": "RS-07",
        },
    )
    tie_destroys_both: bool = attrs.field(
        default=True,
        metadata={
            "label": "A tie destroys both groups",
            "help": "On: when two battle groups tie, both are destroyed (as printed). "
            "Off: a tie destroys nothing.",
            "ruling": "RS-18",
        },
    )
    ion_cannon_may_hold: bool = attrs.field(
        default=True,
        metadata={
            "label": "The Ion Cannon may hold its fire",
            "help": "On: the defender may hold the Ion Cannon's fire to use it on a later "
            "group of the same attack. Off: it must fire at the first attacking group "
            "with a Ship.",
            "ruling": "RS-26",
        },
    )
    rebel_base_may_attack: bool = attrs.field(
        default=True,
        metadata={
            "label": "The Rebel Base may attack",
            "help": "On: the Rebel Base, not marked as a facility, attacks and blocks like "
            "any ground unit. Off: it never attacks, but may still block.",
            "ruling": "RS-31",
        },
    )
