"""Helpers for scenario tests: positions built by playing named actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from rebellion_rote import GAME
from rebellion_rote.actions import Pass, SystemChoice
from rebellion_rote.data import SIDES, system_id
from rebellion_rote.state import RebellionState
from tabletop import dumps, loads


def new(seed: int = 0, **options: Any) -> RebellionState:
    s = GAME.new_state(seed=seed, options=options)
    assert isinstance(s, RebellionState)
    return s


def fixed_game(base: str = "Dantooine", seed: int = 0) -> RebellionState:
    """The first-game fixed set-up, base hidden at ``base``: round 1, Assignment Phase."""
    s = new(seed, setup="fixed", first_game=True)
    s.apply(SystemChoice(system_id(base)))
    return s


def command_phase(base: str = "Dantooine", seed: int = 0) -> RebellionState:
    """The fixed set-up with no mission assigned: round 1, the Rebels' first Command turn."""
    s = fixed_game(base, seed)
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase == "command"
    return s


def kinds(s: RebellionState) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def become(s: RebellionState, new: RebellionState) -> None:
    """``s`` becomes ``new``, in place: a test keeps its references to ``s``, its board and
    its zones' lists of ids."""
    board, zones = s.board, s.zones
    for f in attrs.fields(type(s)):
        setattr(s, f.name, getattr(new, f.name))
    for f in attrs.fields(type(board)):
        setattr(board, f.name, getattr(new.board, f.name))
    s.board = board
    for name, ids in new.zones.items():
        if name in zones:
            zones[name][:] = ids
            new.zones[name] = zones[name]


def amend(s: RebellionState, edit: Callable[[dict[str, Any]], None]) -> None:
    """``s`` becomes the position of its own document as ``edit`` changes it: the way a
    scenario adds a fact to a position it has (at a Command turn or an Assignment
    decision), with everything derived from it computed by the pack."""
    doc = s.position_facts()
    edit(doc)
    new = GAME.position(doc)
    assert isinstance(new, RebellionState)
    become(s, new)


def edited(s: RebellionState, how: str) -> None:
    """Say that ``s`` was changed by hand (``how``: a decision pushed, dice set...) in a way
    no position document expresses: it has no record any more, and what was computed
    from it (the legal actions) is forgotten, as for a saved state read back."""
    s.mark_unrecorded(f"a scenario test's state: {how}")
    become(s, loads(dumps(s), trusted=True))


def give_mission(s: RebellionState, player: int, name: str, copy: int = 0) -> int:
    """Put copy ``copy`` of mission ``name`` into ``player``'s hand: from its deck or
    discard, or for a card of the other mission set, with that set (its deck as dealt);
    return the card id."""
    from rebellion_rote.data import MISSIONS
    from rebellion_rote.ids import mission_card
    from rebellion_rote.position import MISSION_NAMES, SET_NAMES

    ids = [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name]
    c = ids[copy]
    label = MISSION_NAMES[c - mission_card(0)]
    side = SIDES[player]

    def edit(doc: dict[str, Any]) -> None:
        m = doc["missions"][side]
        if label in m["hand"]:
            return
        if label in m["deck"] or label in m["discard"]:
            take(doc, label, m["deck"], m["discard"])
        else:
            now = doc["mission_sets"][side]
            doc["mission_sets"][side] = SET_NAMES[1 - SET_NAMES.index(now)]
            doc["options"]["first_game"] = False
            del m["deck"]
        m["hand"].append(label)

    amend(s, edit)
    return c


def give_project(s: RebellionState, name: str, copy: int = 0) -> int:
    """Move copy ``copy`` of project ``name`` from the project deck into the Empire's hand;
    return the card id."""
    from rebellion_rote.data import MISSIONS
    from rebellion_rote.ids import mission_card
    from rebellion_rote.position import MISSION_NAMES

    c = [mission_card(i) for i, m in enumerate(MISSIONS) if m.name == name][copy]
    label = MISSION_NAMES[c - mission_card(0)]

    def edit(doc: dict[str, Any]) -> None:
        take(doc, label, doc["projects"]["deck"])
        doc["missions"]["Imperial"]["hand"].append(label)

    amend(s, edit)
    return c


def take(doc: dict[str, Any], name: str, *zones: list[str]) -> None:
    """Take card ``name`` out of the first of these lists of a document that holds it."""
    for zone in zones:
        if name in zone:
            zone.remove(name)
            return
    raise AssertionError(f"{name} is in none of the zones")


def assign(s: RebellionState, player: int, mission: str, *leaders: str) -> int:
    """Put ``mission`` face down with ``leaders`` on it, as the Assignment Phase would (the
    position ``s`` stands at, with that assignment); return its slot."""
    side = SIDES[player]
    give_mission(s, player, mission)

    def edit(doc: dict[str, Any]) -> None:
        m = doc["missions"][side]
        take(doc, mission, m["hand"])
        m["assigned"].append({"card": mission, "leaders": list(leaders)})
        for x in leaders:  # from wherever they were
            doc.get("leaders", {}).pop(x, None)

    amend(s, edit)
    return len(s.slots[player]) - 1


def give_action(s: RebellionState, side: int, name: str) -> int:
    """Put action card ``name`` into ``side``'s hand, as recruiting its first pictured
    leader would (a starting card: recruiting nobody); return its index."""
    from rebellion_rote.data import ACTIONS, action_id

    i = action_id(name)

    def edit(doc: dict[str, Any]) -> None:
        a = doc["actions"][SIDES[side]]
        take(doc, name, a["deck"], a["box"], a["discard"], a["in_play"])
        a["hand"].append(name)
        if not ACTIONS[i].starting:
            a.setdefault("recruited", {})[name] = ACTIONS[i].leaders[0]

    amend(s, edit)
    return i


def finish_recruit(s: RebellionState) -> RebellionState:
    """Play a recruit in progress (a recruit icon) with each side's first legal choice."""
    from rebellion_rote.decisions import KeepActionCard, RecruitLeader

    while s.stack and isinstance(s.stack[-1], RecruitLeader | KeepActionCard):
        s.apply(s.legal_actions()[0])
    return s
