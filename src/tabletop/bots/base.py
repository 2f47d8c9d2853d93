"""The bot protocol."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..model import Action
from ..state import State

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(state) -> Action`` (a legal action of ``state``)."""

    def choose(self, state: State) -> Action: ...
