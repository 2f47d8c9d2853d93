from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop
from rebellion_rote import GAME

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def registered() -> Iterator[None]:
    """Records and saved states name their game: make this pack loadable by name for one
    test, without an entry point (it is registered when it is playable end to end), and
    forget it afterwards so that ``tabletop.games()`` stays the installed packs."""
    with tabletop.registered(GAME):
        yield
