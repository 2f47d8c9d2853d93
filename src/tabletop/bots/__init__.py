"""Bots that play any pack through the public contract alone.

Every bot has ``choose(state) -> Action`` and never reads what
``state.current_player`` may not know.
"""

from __future__ import annotations

from .base import Bot
from .random import RandomBot

__all__ = ["Bot", "RandomBot"]
