"""Reading records of older pack versions (``Game(record_upgrades=...)``).

Pack 0.2.0 named the card of eight action kinds by its index into the card's data list
(``objective 3``); 0.3.0 names it by its card id (``objective 503``), the id zones, events,
views and targets use (:mod:`.ids`). The action ids are the same in both versions.
"""

from __future__ import annotations

from typing import Any

from .ids import ACTION_BASE, MISSION_BASE, OBJECTIVE_BASE, TACTIC_BASE

__all__ = ["CARD_BASE_0_2", "upgrade_0_2"]

CARD_BASE_0_2: dict[str, int] = {
    "assign": MISSION_BASE,
    "keep": MISSION_BASE,
    "discard": MISSION_BASE,
    "tactic": TACTIC_BASE,
    "objective": OBJECTIVE_BASE,
    "action_card": ACTION_BASE,
    "play_action_card": ACTION_BASE,
}
"""Action kind -> what 0.3.0 adds to a 0.2.0 ``card`` index to make it the card id."""


def upgrade_0_2(action: Any) -> Any:
    """One action of a 0.2.0 record as 0.3.0 reads it: the ``card`` of the kinds of
    :data:`CARD_BASE_0_2` turned from an index into the card id.

    ``action`` is untrusted data (a record's JSON): anything but a mapping with one of
    those kinds and an int ``card`` (not a bool) is returned unchanged, for the usual
    checks to judge. The mapping given is not changed.
    """
    if not isinstance(action, dict):
        return action
    kind = action.get("kind")
    base = CARD_BASE_0_2.get(kind) if isinstance(kind, str) else None
    card = action.get("card")
    if base is None or type(card) is not int:
        return action
    return {**action, "card": card + base}
