from __future__ import annotations

import sys
from pathlib import Path

import tabletop
from rebellion_rote import GAME

sys.path.insert(0, str(Path(__file__).parent))

# Records and saved states name their game: make this pack loadable by name in the
# tests without an entry point (it is registered when it is playable end to end).
tabletop.register(GAME)
