"""Scenario helpers: set up a position by card names, play by notation, read outcomes."""

from __future__ import annotations

from collections.abc import Iterable

from rebel_space import GAME
from rebel_space.cards import NAME
from rebel_space.position import find, position
from rebel_space.state import RebelSpaceState
from tabletop import Action, Event

__all__ = ["GAME", "act", "find", "legal", "loss_sets", "names", "play", "position", "texts"]


def play(s: RebelSpaceState, *notations: str) -> list[Event]:
    """Apply actions given in notation (``"add 12"``, ``"pass"``); checked."""
    out: list[Event] = []
    for n in notations:
        out += s.apply(GAME.parse(n))
    return out


def act(s: RebelSpaceState, *actions: Action) -> list[Event]:
    out: list[Event] = []
    for a in actions:
        out += s.apply(a)
    return out


def legal(s: RebelSpaceState) -> list[str]:
    return [a.notation() for a in s.legal_actions()]


def texts(s: RebelSpaceState) -> list[str]:
    return [s.describe(a) for a in s.legal_actions()]


def names(ids: Iterable[int]) -> list[str]:
    return sorted(NAME[c] for c in ids)


def zone_names(s: RebelSpaceState, zone: str) -> list[str]:
    return names(s.zones[zone])


def loss_sets(s: RebelSpaceState) -> set[tuple[str, ...]]:
    """Every set of units the loser can make the winner lose, from here (RS-19)."""
    out: set[tuple[str, ...]] = set()

    def walk(st: RebelSpaceState, picked: list[int]) -> None:
        if st.stack and st.stack[-1].kind == "pick_casualty":
            for a in st.legal_actions():
                c = st.clone()
                assert isinstance(c, RebelSpaceState)
                c.apply(a)
                walk(c, [*picked, a.card])  # type: ignore[attr-defined]
        else:
            out.add(tuple(names(picked)))

    walk(s, [])
    return out
