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
        metadata={"min": 0, "max": 20, "help": "Cards each player draws at set-up (RS-02: 5)."},
    )
    hand_limit: int = attrs.field(
        default=12,
        validator=_between(1, 76),
        metadata={
            "min": 1,
            "max": 76,
            "help": "Cards a hand may keep at the end of the end phase (RS-08: 12).",
        },
    )
    deploy_points: int = attrs.field(
        default=3,
        validator=_between(1, 20),
        metadata={
            "min": 1,
            "max": 20,
            "help": "Points of cost a player may deploy each turn (RS-07: 3).",
        },
    )
    tie_destroys_both: bool = attrs.field(
        default=True,
        metadata={
            "help": "RS-18: on a tie of battle values both groups are destroyed. False: "
            "on a tie neither group loses anything."
        },
    )
    ion_cannon_may_hold: bool = attrs.field(
        default=True,
        metadata={
            "help": "RS-26: the defender may hold the Ion Cannon's fire (to save it for a "
            "later group this attack phase). False: it must fire at the first group "
            "with a Ship."
        },
    )
    rebel_base_may_attack: bool = attrs.field(
        default=True,
        metadata={
            "help": "RS-31: the Rebel Base is not marked Facility, so it attacks and blocks "
            "like any ground unit. False: it never attacks (it may still block)."
        },
    )
