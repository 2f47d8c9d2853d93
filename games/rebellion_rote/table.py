"""What a user interface needs to draw a Rebellion table: card facts, action targets, combat.

Three parts of the views' contract (``tabletop.targets``, ``State._card_info``), filled
for this pack from its data, once, at import. A UI reads them and never parses words.

Card facts
==========

``view["cards"][str(id)]`` (:func:`card_info`) for every card id a view names: in zones,
in the pack's state (:func:`view_cards`), in the log, in legal actions' targets. Card ids
(:mod:`.ids`): probe cards are system ids (0..31, Coruscant has none), missions and
projects ``100 + i``, advanced tactic cards ``300 + i``, objectives ``500 + i``, action
cards ``600 + i``. (The base game's tactic cards are never dealt, RR-01: they have no id.)

Every card's facts have these keys::

    {"id": 105, "name": "Rapid Mobilization", "kind": "mission", "side": "Rebel",
     "text": "...the card's ability in words...",
     "lines": ["Requirement: 1 Logistics icon", "Resolve: it cannot be opposed", ...]}

``kind`` is one of ``"probe card"``, ``"mission"``, ``"project"``, ``"objective"``,
``"action card"``, ``"tactic card"``; ``side`` is ``"Rebel"``, ``"Imperial"`` or
``None`` (a probe card); ``lines`` are the other printed facts, one short sentence each,
for a tooltip (a UI may show ``name``, ``text`` and ``lines`` and know nothing else).
The numbers are there too, by kind:

* ``"mission"`` and ``"project"``: ``skill`` (``"diplomacy"``, ``"intel"``, ``"spec_ops"``,
  ``"logistics"``; ``ui["skill_names"]`` names them), ``skill_name``, ``requirement`` (the
  skill icons the assigned leaders need together, minor icons count), ``mode``
  (``"attempt"``: may be opposed; ``"resolve"``: may not), ``where`` (the system it is
  played in, in words: ``"a populous system"``), ``system`` (the one system it names:
  an index of ``ui["systems"]``, else ``None``), ``portrait`` (the leader pictured:
  an index of ``ui["leaders"]``, else ``None``), ``portrait_name``, ``set``
  (``"starting"``, ``"project"``, ``"both"``: a leader-icon card, in either mission set,
  ``"base"``, ``"Rise of the Empire"``), ``box`` (``"base game"`` or ``"Rise of the
  Empire"``), ``copies``, ``timing`` (``"when revealed"``, ``"end of the Command
  Phase"``, ``"against an opponent's attempt"``), ``builds`` (the unit types it builds,
  indexes of ``ui["units"]``: a project's Death Star, Super Star Destroyer, Interdictor).
* ``"objective"``: ``stage`` (1..3, the number on the back), ``reputation`` (what playing
  it gains), ``reward`` (in words), ``timing`` (``"combat"``, ``"refresh"``,
  ``"immediate"``), ``markers`` (target markers it places), ``box``.
* ``"action card"``: ``timing`` (``"Assignment"``, ``"Start of Combat"``, ``"Immediate"``,
  ``"Special"`` or ``None``), ``starting`` (a starting card, else a recruit card),
  ``leaders`` (the leaders pictured: indexes of ``ui["leaders"]``; a recruit card recruits
  one of them), ``leader_names``, ``box``.
* ``"tactic card"``: ``theater`` (``"space"`` or ``"ground"``), ``top`` and ``bottom``
  (``{"text", "requires", "requires_name"}``: ``requires`` is the unit type that must be in
  the system for the top ability, an index of ``ui["units"]``, or ``None``).
* ``"probe card"``: ``system`` (its system, an index of ``ui["systems"]``), ``region``.

Targets
=======

``state.targets(action)`` and each ``view["legal_actions"][k]["targets"]``: what a legal
action points at, as ``{"kind", "id", "role"}`` (:data:`TARGET_KINDS`). The kinds:

============ =====================================================================
kind         ``id``
============ =====================================================================
system       an index of ``ui["systems"]`` (0..31), or 32: the Rebel Base space
             (``ui["rebel_base_space"]``)
unit         a unit type: an index of ``ui["units"]``
figure       ``[unit, damage]``: a figure of that unit type with that much damage in
             the combat (``view["state"]["combat"]["sides"][s]["units"][k]["damage"]``)
leader       an index of ``ui["leaders"]``
card         a card id (its facts in ``view["cards"]``)
die          ``[side, index]``: a die of the attack being resolved,
             ``view["state"]["combat"]["dice"]["dice"][index]`` (rolled by ``side``)
mission_die  ``[side, index]``: a die of a mission's roll-off,
             ``view["state"]["mission_dice"][side][index]``
marker       a kind of target marker: an index of ``ui["markers"]``
ring         an attachment ring: an index of ``ui["rings"]``
queue        ``[side, space]``: a space (1..3) of a side's build queue,
             ``view["state"]["queue"][side * 3 + space - 1]``
============ =====================================================================

Roles (``tabletop.targets.SHARED_ROLES``): ``""`` what the action is about, ``"from"``,
``"to"``, ``"at"`` (where it happens), ``"with"`` (what is used). By action (the
pending decision may add context, as said):

* ``place <unit> <loc>`` (set-up, gains, deployment): unit ``""``, system ``"at"``
  (deployment from queue space 1: system ``"to"``, queue ``"from"``);
* ``system <s>``: system ``""`` (a Command turn's activation, the base, a named system,
  ...), ``"at"`` (a mission played there: with the mission card ``""``; a marker,
  loyalty, the Death Star Under Construction placed there; a figure destroyed there to
  build: with the unit ``""``), ``"to"`` (a retreat, a new base, a leader or captive sent
  there: with the leader ``""``); a choice of probe card (the base, a relocation, a
  probe card kept or hidden) adds the probe card ``""``;
* ``activate <leader>``: leader ``""``, system ``"at"``;
* ``move <unit> <src>``: unit ``""``, system ``"from"``, system ``"to"``;
  ``move_captive <leader>``: leader ``""``, system ``"from"``, system ``"to"``;
* ``assign <card>``: mission card ``""`` (Contingency Plan: the leader ``"with"``);
  ``lead``/``second <leader>``: leader ``""``, the mission card just assigned ``"to"``;
  ``close``: that card ``""``;
* ``reveal <slot>`` / ``subvert <slot>``: the mission card ``""``, its leaders ``"with"``;
* ``oppose <leader>``: leader ``""``, the mission card ``"at"``, its system ``"to"``;
  ``join <leader>``: leader ``""``, the combat's system ``"to"``; ``retreat
  <leader>``: leader ``""``, the combat's system ``"from"``; ``target``, ``eliminate``,
  ``recruit <leader>``: leader ``""`` (and the decision's system ``"at"``, or where it
  goes ``"to"``);
* ``tactic <card>``: tactic card ``""``; ``ability <which>``: the tactic card ``""``;
* ``hit``/``repair``/``destroy <unit> <damage>``: unit ``""``, in a combat the figure
  ``""``; a hit also names its die ``"with"``; outside a combat, the decision's system
  ``"at"``;
* ``mark <die>``, ``spend <die>``, ``as_red <die>``: die ``""``; ``reroll``: each marked die
  ``""``; ``yoda_reroll <die>``: die (or mission_die) ``""``, ring ``"with"``;
  ``blank_die <die>``: the opponent's mission_die ``""``, ring ``"with"``; ``use_ring``:
  ring ``""``;
* ``build <unit> <loc>``: unit ``""``, system ``"at"``;
* ``deploy``, ``deploy_queued``, ``advance``, ``destroy_queued <unit> <space>``: unit
  ``""``, queue ``"from"`` (``"at"`` for a destroyed unit), system ``"to"`` where a unit
  goes to one, queue ``"to"`` for an advance;
* ``objective <card>``, ``keep``/``discard <card>``, ``action_card``/``play_action_card
  <card>``, ``place_probe <card> <top>``: the card ``""``, the same card id as the action's
  (a search: the leader ``"with"``);
* ``remove_marker <system> <marker>``: marker ``""``, system ``"at"``;
* ``option <which>``: the mission card offering the choice ``""`` (Research and
  Development), else nothing; ``reveal_base``: the base's system ``""``;
* ``pass``, ``stop``, ``mission_set``, ``draw_on``, ``relocate``, ``set_die``: nothing.

A choice made while a card is being resolved names that card ``"with"`` as well: the
action card of an Assignment, Start of Combat or Immediate ability (Ambush's unit, Ready
for Action's leader, ...), the tactic card whose ability deals damage, destroys, repairs,
gains a unit or takes a leader; a leader a ring goes on names the ring ``"with"``.

Combat facts
============

``view["state"]["combat"]`` (:func:`combat_view`): ``None`` when no combat is fought,
else (the older ``view["state"]["battle"]`` stays, its ``chosen`` a card id too)::

    {"system": 12, "system_name": "Naboo", "attacker": 1, "attacker_name": "Imperial",
     "round": 1, "theater": "space" | "ground" | None,
     "first": {"space": 1, "ground": 1},          # who attacks first in each theater
     "deciding": 0 | 1 | None, "doing": "choosing a space tactic card, face down" | None,
     "in_force": ["Point-Blank Assault: ...", ...],  # combat-long effects, in words
     "sides": [ {side 0}, {side 1} ],
     "dice": None | {dice}}

each side::

    {"side": 0, "name": "Rebel",
     "units": [{"unit": 3, "name": "X-wing", "theater": "space", "count": 2,
                "health": 1, "printed_health": 1, "health_colour": "black" | "red" | None,
                "damage": [1, 0],           # per figure, most damaged first
                "doomed": 0,                # destroyed by a tactic card, removed soon
                "can_be_damaged": true}],
     "leaders": [{"leader": 4, "name": "Luke Skywalker", "space": 1, "ground": 2,
                  "captive": false}],
     "tactic_value": {"space": 1, "ground": 2},
     "chosen": None | {"card": 312 | None, "face_down": bool},
     "tactic_deck": {"space": [300, ...], "ground": [...]},   # public (RR-17)
     "tactic_discard": {"space": 2, "ground": 0},
     "retreated": false, "may": ["may retreat", ...]}

``chosen`` is this battle step's tactic card: ``None`` before one is chosen;
``{"card": None, "face_down": true}`` for the other side's card until both are in
(RR-15), ``{"card": id, "face_down": true}`` for one's own card, ``{"card": id,
"face_down": false}`` once revealed (or chosen face up, Good Intel). ``may`` says in words
what the side is doing or may still do (``"waiting"`` while the other decides), and what
it did or what limits it (``"has chosen a tactic card, face down"``, ``"has retreated"``,
``"may not retreat (Keep Them from Escaping)"``, ``"may play no space tactic card this
round"``, ``"prevents 2 black hits"``).

``dice``: the attack being resolved (``None`` between attacks)::

    {"side": 1, "side_name": "Imperial", "theater": "space",
     "dice": [{"index": 0, "colour": "red", "face": "hit", "result": "hit",
               "marked": false}],
     "current": 2 | None,        # the die whose damage is being assigned
     "reroll": None | {"leader": 7, "leader_name": "Darth Vader", "limit": 2,
                       "marked": 1, "used": false, "words": "..."},
     "yoda": None | {"leader": 2, "leader_name": "...", "ring": 2, "words": "..."}}

``face`` is ``"hit"``, ``"direct_hit"``, ``"special"`` or ``"blank"`` (``result``: the
same in words); ``colour`` ``"red"``, ``"black"`` or ``"green"``; ``marked`` dice
are marked for the leader reroll (``reroll`` names the leader whose tactic value allows
it and how many); ``yoda`` says the Master Yoda ring may reroll one die.

The pack's state view also names the cards it holds as indexes by their ids:
``resolving_card`` (the mission whose effects are being resolved), ``roll_off_card``
(the mission of a roll-off), ``end_of_command_cards`` (missions resolved at the end of
the Command Phase); each is a card id or ``None`` (a list for the last).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import Action, Decision
from tabletop.cards import share_facts
from tabletop.targets import Target

from . import actions as A
from . import decisions as D
from .board import OFF, UNITS_OF
from .data import (
    ACTION_LEADERS,
    ACTIONS,
    ICONS,
    IMPERIAL,
    LEADERS,
    MARKERS,
    MISSIONS,
    NUM_LOCATIONS,
    OBJECTIVES,
    PROBES,
    REBEL,
    REBEL_BASE,
    RINGS,
    SIDES,
    SKILLS,
    SYSTEMS,
    TACTICS,
    UNITS,
    MissionDef,
    ObjectiveDef,
    TacticCard,
    leader_id,
    system_id,
    unit_id,
)
from .ids import action_card, mission_card, objective_card, tactic_card
from .render import RING_NAMES

if TYPE_CHECKING:
    from .state import RebellionState

__all__ = [
    "CARD_FACTS",
    "RING_FACTS",
    "SKILL_NAMES",
    "TARGET_KINDS",
    "card_info",
    "combat_view",
    "target_shown",
    "targets",
    "view_cards",
    "view_extras",
]

# ================================================================ words
SKILL_NAMES: dict[str, str] = {
    "diplomacy": "Diplomacy",
    "intel": "Intel",
    "spec_ops": "Spec Ops",
    "logistics": "Logistics",
}
if set(SKILL_NAMES) != set(SKILLS):
    raise RuntimeError("table.SKILL_NAMES: one name per skill of data.SKILLS")

WHERE_WORDS: dict[str, str] = {
    "any": "any system",
    "populous": "a populous system",
    "rebel_system": "a Rebel system (Rebel loyalty, not subjugated)",
    "imperial_loyalty": "a system with Imperial loyalty",
    "imperial_unit": "a system with an Imperial unit",
    "populous_imperial_unit": "a populous system with an Imperial unit",
    "rebel_base_space": "the Rebel Base space",
    "imperial_system": "an Imperial system (Imperial loyalty or subjugated)",
    "remote": "a remote system",
    "death_star": "a system with a Death Star (not one under construction)",
    "star_destroyer": "a system with a Star Destroyer or a Super Star Destroyer",
    "death_star_or_destroyer": (
        "a system with a Death Star, a Star Destroyer or a Super Star Destroyer"
    ),
    "captured_ring": "the captured leader's system (while Frozen in Carbonite is free)",
    "subjugated": "a subjugated system",
    "imperial_ship": "a system with an Imperial ship",
    "no_imperial_unit": "a system with no Imperial unit",
    "no_sabotage": "a system with no sabotage marker",
    "captured_leader": "the captured leader's system",
    "captive_system": "a captured leader's system",
    "no_rebel_loyalty": "a system without Rebel loyalty",
    "sabotaged": "a system with a sabotage marker",
    "imperial_might": (
        "a system with a Death Star, a Death Star Under Construction or a Shield Bunker"
    ),
    "rebel_no_imperial": "a Rebel system with no Imperial unit",
    "subjugated_or_rebel": "a subjugated system or a Rebel system",
}
"""Each mission ``where`` kind (data/missions*.toml) in words."""

ICON_WORDS: dict[str, str] = {
    icon: f"a {icon.split('_')[0]} {icon.split('_')[1]} resource icon" for icon in ICONS
}
RING_TEXT: dict[str, str] = {
    "carbonite": "Its leader is frozen in carbonite: still a captive, held apart from the "
    "captured ring.",
    "lure": "Its leader plays for the Empire for the rest of the game.",
    "yoda": "Once a round, with its leader in the system of a mission or a combat, its "
    "side may reroll 1 of its own dice.",
    "c3po": "When its side fails a Diplomacy mission with its leader in the mission's "
    "system, it may discard the ring: the mission succeeds.",
    "r2d2": "Once both sides rolled for a mission in its leader's system, its side may "
    "discard the ring to turn 1 of the opponent's dice into a blank.",
    "falcon": "Only on Han Solo or Chewbacca. When its side's mission succeeds with its "
    "leader in the mission's system, it may discard the ring to rescue a captive there.",
    "k2so": "Its leader has 1 more minor Spec Ops icon and 1 more minor Intel icon.",
    "bounty": "When its leader is captured, the Rebels lose 1 reputation.",
}
RING_FACTS: list[dict[str, str]] = [{"name": RING_NAMES[r], "text": RING_TEXT[r]} for r in RINGS]
"""``ui["rings"]``: each attachment ring (an index of ``data.RINGS``), named and in words."""

BOX = {"base": "base game", "roe": "Rise of the Empire"}
FACE_WORDS = {"hit": "hit", "direct_hit": "direct hit", "special": "special", "blank": "blank"}
THEATERS = ("space", "ground")
_RULE_NOTE = re.compile(r"(,\s*RR-\d+|\s*\(RR-\d+(,\s*RR-\d+)*\))")
"""A rule id left in a data text ("..., RR-177)"): players never read one."""


def _clean(text: str) -> str:
    return _RULE_NOTE.sub("", text).strip()


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _loc_name(loc: int) -> str:
    return "the Rebel Base space" if loc == REBEL_BASE else SYSTEMS[loc].name


# ================================================================ card facts
def _portrait_id(name: str) -> int | None:
    if not name:
        return None
    return leader_id(name)


def _mission_facts(card: int, m: MissionDef) -> dict[str, Any]:
    skill = SKILL_NAMES[m.skill]
    where = WHERE_WORDS[m.where]
    if m.system:
        where = m.system if m.where == "any" else f"{m.system} ({where})"
    if m.no_rebel_units:
        where += ", with no Rebel unit"
    if m.not_destroyed:
        where += ", not destroyed"
    if m.needs_icon:
        where += f", with {ICON_WORDS[m.needs_icon]}"
    if m.starting:
        set_ = "starting"
    elif m.project:
        set_ = "project"
    else:
        set_ = {"always": "both", "roe": "Rise of the Empire", "base": "base"}[m.mission_set]
    timing = {
        "": "when revealed",
        "end_of_command": "end of the Command Phase",
        "opposing": "against an opponent's attempt",
    }[m.timing]
    lines = [f"Requirement: {_plural(m.requirement, skill + ' icon')} (minor icons count)"]
    if m.mode == "attempt":
        lines.append("Attempt: the opponent may send a leader to oppose it")
    else:
        lines.append("Resolve: it cannot be opposed")
    lines.append(f"Played in {where}")
    if m.against_leader:
        lines.append("Attempted against a Rebel leader in that system")
    if m.against_captured:
        lines.append("Attempted against the captured Rebel leader, in its system")
    if m.count_all:
        lines.append("Each side rolls one die for every skill icon of its leaders, any skill")
    if m.timing == "end_of_command":
        lines.append("Resolved at the end of the Command Phase")
    elif m.timing == "opposing":
        lines.append("Never attempted: revealed when the opponent attempts a mission")
    if m.portrait:
        if m.portrait_successes:
            lines.append(
                f"Leader icon: {m.portrait}: assigned to it, "
                f"{_plural(m.portrait_successes, 'more success', 'more successes')}"
            )
        else:
            lines.append(f"Leader icon: {m.portrait}: assigned to it, the card does more")
    lines.append(
        {
            "starting": "Starting mission: back to hand after use",
            "project": "Project card: drawn from the project deck",
            "both": "Mission deck: used with either mission set",
            "base": "Mission deck: base mission set",
            "Rise of the Empire": "Mission deck: Rise of the Empire mission set",
        }[set_]
    )
    builds, builds_text = _builds(m)
    if builds_text:
        lines.append(f"Builds: {builds_text}")
    if m.copies > 1:
        lines.append(f"{m.copies} copies of this card")
    return {
        "id": card,
        "name": m.name,
        "kind": "project" if m.project else "mission",
        "side": m.side,
        "text": _clean(m.text),
        "lines": lines,
        "skill": m.skill,
        "skill_name": skill,
        "requirement": m.requirement,
        "mode": m.mode,
        "where": where,
        "system": system_id(m.system) if m.system else None,
        "portrait": _portrait_id(m.portrait),
        "portrait_name": m.portrait or None,
        "set": set_,
        "box": BOX[m.box],
        "copies": m.copies,
        "timing": timing,
        "builds": builds,
    }


BUILD_EFFECTS: dict[str, tuple[tuple[str, ...], str]] = {
    "construct_death_star": (
        ("Death Star Under Construction", "Death Star"),
        "a Death Star Under Construction, and a Death Star on the build queue",
    ),
    "build_from_icons": ((), "one unit per resource icon of its system, on the build queue"),
}
"""The mission effects that build units (besides ``queue_unit``, which names its unit)."""


def _a(name: str) -> str:
    """A unit's name with its article as read aloud: "an X-wing", "an AT-AT", "a U-wing"."""
    return f"{'an' if name[:1] in ('A', 'E', 'I', 'O', 'X') else 'a'} {name}"


def _builds(m: MissionDef) -> tuple[list[int], str]:
    """The unit types a mission card builds and the words for it (a project's build)."""
    units: list[int] = []
    words: list[str] = []
    for e in m.effects:
        if e.kind == "queue_unit" and e.unit:
            units.append(unit_id(e.unit))
            words.append(f"{_a(e.unit)} on the build queue")
        elif e.kind in BUILD_EFFECTS:
            names, text = BUILD_EFFECTS[e.kind]
            units += [unit_id(n) for n in names]
            words.append(text)
    return units, "; ".join(words)


def objective_reward(o: ObjectiveDef) -> str:
    """What playing objective ``o`` gains, in words."""
    n = _plural(o.reputation, "reputation", "reputation")
    return {
        "": f"{n}",
        "destroyed_system": f"{n} for each destroyed system",
        "marker_removed": f"{n} each time the Rebels remove one of its target markers",
        "refresh": f"{n} at the start of each later Refresh Phase while its target marker "
        "is on the board",
    }[o.reputation_per]


def _objective_facts(card: int, o: ObjectiveDef) -> dict[str, Any]:
    reward = objective_reward(o)
    lines = [f"Stage {'I' * o.stage}", f"Reward: {reward}"]
    lines.append(
        {
            "combat": "Played in a combat, once its condition is met",
            "refresh": "Played just before the Refresh Phase, once its condition is met",
            "immediate": "Immediate: revealed and resolved when drawn",
        }[o.timing]
    )
    if o.markers:
        lines.append(f"Places {_plural(o.markers, 'target marker')}")
    lines.append("Rise of the Empire" if o.expansion else "Base game")
    return {
        "id": card,
        "name": o.name,
        "kind": "objective",
        "side": "Rebel",
        "text": _clean(o.text),
        "lines": lines,
        "stage": o.stage,
        "reputation": o.reputation,
        "reward": reward,
        "timing": o.timing,
        "markers": o.markers,
        "box": BOX["roe" if o.expansion else "base"],
    }


def _action_facts(i: int) -> dict[str, Any]:
    c = ACTIONS[i]
    leaders = list(ACTION_LEADERS[i])
    names = [LEADERS[x].name for x in leaders]
    who = " or ".join(names)
    lines = [f"Timing: {c.timing}" if c.timing else "Timing: none printed"]
    if c.starting:
        lines.append("Starting action card" + (f": pictures {who}" if names else ""))
    else:
        lines.append(f"Recruit card: recruits {who}")
    if c.replaces:
        lines.append("Rise of the Empire card: replaces the base card of this name")
    else:
        lines.append("Rise of the Empire" if c.expansion else "Base game")
    return {
        "id": action_card(i),
        "name": c.name,
        "kind": "action card",
        "side": c.side,
        "text": _clean(c.text),
        "lines": lines,
        "timing": c.timing or None,
        "starting": c.starting,
        "leaders": leaders,
        "leader_names": names,
        "box": BOX["roe" if c.expansion else "base"],
    }


def _tactic_facts(i: int, t: TacticCard) -> dict[str, Any]:
    req = t.top.requires
    top = {
        "text": _clean(t.top.text),
        "requires": unit_id(req) if req else None,
        "requires_name": req or None,
    }
    bottom = {"text": _clean(t.bottom.text), "requires": None, "requires_name": None}
    head = f"Top (needs {_a(req)} here): " if req else "Top: "
    return {
        "id": tactic_card(i),
        "name": t.name,
        "kind": "tactic card",
        "side": t.side,
        "text": f"{head}{top['text']} Bottom: {bottom['text']}",
        "lines": [f"{t.theater.capitalize()} tactic card", "Resolve the top or the bottom ability"],
        "theater": t.theater,
        "top": top,
        "bottom": bottom,
    }


def _probe_facts(x: int, icon: str) -> dict[str, Any]:
    s = SYSTEMS[x]
    kind = "remote" if s.remote else "populous"
    lines = [f"Region {s.region}, a {kind} system"]
    if icon:
        lines.append(f"{icon} icon: set-up may give {s.name} {icon} loyalty")
    return {
        "id": x,
        "name": s.name,
        "kind": "probe card",
        "side": None,
        "text": (
            f"The probe card of {s.name}. The Empire draws probe cards: the Rebel base is in "
            "none of their systems. The Rebels hide their base in the system of the probe card "
            "they keep."
        ),
        "lines": lines,
        "system": x,
        "region": s.region,
    }


def _build_facts() -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for p in PROBES:
        x = system_id(p.system)
        out[x] = _probe_facts(x, p.icon)
    for i, m in enumerate(MISSIONS):
        out[mission_card(i)] = _mission_facts(mission_card(i), m)
    for i, t in enumerate(TACTICS):
        out[tactic_card(i)] = _tactic_facts(i, t)
    for i, o in enumerate(OBJECTIVES):
        out[objective_card(i)] = _objective_facts(objective_card(i), o)
    for i in range(len(ACTIONS)):
        out[action_card(i)] = _action_facts(i)
    return out


CARD_FACTS: dict[int, dict[str, Any]] = {c: share_facts(f) for c, f in _build_facts().items()}
"""Every card id's public facts (built once at import, their lists and dicts read-only:
views share them; :func:`card_info` copies the top)."""


def card_info(card: int) -> dict[str, Any] | None:
    """The public facts of card id ``card`` (a fresh dict), or ``None`` for no card."""
    facts = CARD_FACTS.get(card)
    return None if facts is None else dict(facts)


# ================================================================ targets
TARGET_KINDS: dict[str, str] = {
    "system": 'a system: an index of ui["systems"] (0..31), or 32, the Rebel Base space '
    '(ui["rebel_base_space"])',
    "unit": 'a unit type: an index of ui["units"]',
    "figure": "[unit, damage]: a figure of that unit type with that damage in the combat "
    '(view["state"]["combat"]["sides"][side]["units"][k]["damage"])',
    "leader": 'a leader: an index of ui["leaders"]',
    "card": 'a card id; its facts are in view["cards"][str(id)]',
    "die": "[side, index]: a die of the attack being resolved "
    '(view["state"]["combat"]["dice"], rolled by side)',
    "mission_die": '[side, index]: a die of a mission roll-off (view["state"]["mission_dice"])',
    "marker": 'a kind of target marker: an index of ui["markers"]',
    "ring": 'an attachment ring: an index of ui["rings"]',
    "queue": '[side, space]: space 1..3 of a build queue (view["state"]["queue"][side * 3 + '
    "space - 1])",
}
"""The target kinds of the pack (``Game.target_kinds``), each with where a UI finds it."""

_CACHE: dict[tuple[str, int | tuple[int, ...], str], Target] = {}


def _t(kind: str, id_: int | tuple[int, ...], role: str = "") -> Target:
    key = (kind, id_, role)
    t = _CACHE.get(key)
    if t is None:
        t = _CACHE[key] = Target(kind, id_, role)
    return t


def _system(x: int, role: str = "") -> list[Target]:
    return [_t("system", x, role)] if 0 <= x < NUM_LOCATIONS else []


def _leader(x: int, role: str = "") -> list[Target]:
    return [_t("leader", x, role)] if 0 <= x < len(LEADERS) else []


PROBE_IDS = frozenset(system_id(p.system) for p in PROBES)
COMBAT_FIGURES = frozenset(
    {
        D.AssignDamage,
        D.CardDamage,
        D.CardDestroy,
        D.CardRepair,
        D.SpendSpecial,
        D.DamageSink,
        D.DamageSource,
        D.ActionDestroy,
    }
)
"""Decisions whose unit choices are figures of the combat (``unit``, its damage)."""
SYSTEM_ROLE: dict[type, str] = {
    D.MissionSystem: "at",
    D.PlaceTargetMarker: "at",
    D.RegionLoyalty: "at",
    D.LoyaltyInRegion: "at",
    D.AidLoyalty: "at",
    D.ChooseDsucSystem: "at",
    D.ReplaceUnit: "at",
    D.FactoryReplace: "at",
    D.AdminReplace: "at",
    D.AllianceReplace: "at",
    D.RetreatTo: "to",
    D.NewBase: "to",
    D.BeaconPlacement: "to",
    D.ClosestSystem: "to",
    D.SweepClosest: "to",
    D.IndependentMove: "to",
    D.PromotionPlace: "to",
    D.AssignCardSystem: "to",
}
"""What a ``system <s>`` choice does with the system, by decision ("" by default)."""
PROBE_CHOICES = frozenset({D.ChooseBase, D.NewBase, D.HideProbe, D.RadarKeep})
"""Decisions whose ``system <s>`` picks a probe card (its id is the system's)."""
ATTACK_DICE = (D.AttackActions, D.SpendSpecial, D.AssignDamage, D.ConvertHits)
"""Decisions taken while an attack's dice are on the table (``Battle.dice``)."""

LEADER_TO = (D.PullLeader, D.UndercoverLeader)
"""Decisions whose ``target <leader>`` sends the leader into the decision's system."""
RING_ON: dict[type, int] = {
    D.ChooseRingLeader: RINGS.index("yoda"),
    D.BountyLeader: RINGS.index("bounty"),
}
"""Decisions that put a ring on the leader chosen (besides those naming their ``ring``)."""
ACTION_CARD_STEPS = frozenset(
    {
        D.ActionDestroy,
        D.ActionTheater,
        D.ActionRetrieve,
        D.ReadyLeader,
        D.AssignCardLeader,
        D.AssignCardSystem,
        D.AssignDestroy,
        D.CardLeader,
        D.CardRing,
        D.HideProbe,
    }
)
"""Decisions of an action card being resolved (``card``: an index of ``data.ACTIONS``)."""
CARD_STEPS = (
    D.CardDamage,
    D.CardDestroy,
    D.CardRepair,
    D.GainChoice,
    D.DamageSink,
    D.DamageSource,
    D.ChooseLeader,
)
"""Decisions of a tactic card being resolved (``card``: an index of ``data.TACTICS``;
Tractor Beam's capture has -1)."""
TRACTOR_BEAM = next(i for i, t in enumerate(TACTICS) if t.name == "Tractor Beam")


def _tactic_of_step(top: Decision) -> int:
    """The tactic card (an index) whose ability a :data:`CARD_STEPS` decision resolves."""
    c = int(getattr(top, "card", -1))
    return c if c >= 0 else TRACTOR_BEAM


Targets = list[Target]
Fn = Callable[["RebellionState", Decision, Any], Targets]


def _last_assigned(s: RebellionState, top: Decision) -> Targets:
    cards = s.zones[f"assigned{top.player}"]
    return [_t("card", cards[-1])] if cards else []


def _slot(s: RebellionState, top: Decision, slot: int) -> Targets:
    cards = s.zones[f"assigned{top.player}"]
    if not 0 <= slot < len(cards):
        return []
    out = [_t("card", cards[slot])]
    for x in s.slots[top.player][slot]:
        out += _leader(x, "with")
    return out


def _where(top: Decision) -> Targets:
    """The decision's system: where something goes ("to", ``dst``) or happens ("at")."""
    dst = getattr(top, "dst", -1)
    if dst >= 0:
        return _system(dst, "to")
    x = getattr(top, "system", -1)
    return _system(x, "at") if isinstance(x, int) else []


def _dst(s: RebellionState, top: Decision) -> int:
    if isinstance(top, D.RapidMobilization):
        return REBEL_BASE
    dst = getattr(top, "dst", -1)
    if dst >= 0:
        return int(dst)
    return int(getattr(top, "system", -1))


def _figure(s: RebellionState, top: Decision, unit: int, damage: int) -> Targets:
    if type(top) in COMBAT_FIGURES and s.battle.active:
        return [_t("figure", (unit, damage))]
    return []


def _system_choice(s: RebellionState, top: Decision, a: A.SystemChoice) -> Targets:
    kind = type(top)
    out = _system(a.system, SYSTEM_ROLE.get(kind, ""))
    if kind in PROBE_CHOICES and a.system in PROBE_IDS:
        out.insert(0, _t("card", a.system))
    elif isinstance(top, D.MissionSystem):
        out.insert(0, _t("card", mission_card(top.card)))
    elif isinstance(top, D.AssignCardSystem | D.BeaconPlacement | D.PromotionPlace):
        out = _leader(top.leader) + out
    elif isinstance(top, D.ReplaceUnit | D.FactoryReplace | D.AdminReplace | D.AllianceReplace):
        out.insert(0, _t("unit", top.unit))
    elif isinstance(top, D.ClosestSystem | D.SweepClosest):
        out = _leader(top.captive) + out
    elif isinstance(top, D.IndependentMove):
        out += _system(top.system, "from")
    return out


def _place(s: RebellionState, top: Decision, a: A.Place) -> Targets:
    if isinstance(top, D.DeployUnits):
        return [_t("unit", a.unit), *_system(a.loc, "to"), _t("queue", (top.player, 1), "from")]
    return [_t("unit", a.unit), *_system(a.loc, "at")]


def _move(s: RebellionState, top: Decision, a: A.Move) -> Targets:
    return [_t("unit", a.unit), *_system(a.src, "from"), *_system(_dst(s, top), "to")]


def _move_captive(s: RebellionState, top: Decision, a: A.MoveCaptive) -> Targets:
    src = s.board.leader_loc[a.leader]
    return [*_leader(a.leader), *_system(src, "from"), *_system(_dst(s, top), "to")]


def _assign(s: RebellionState, top: Decision, a: A.Assign) -> Targets:
    out = [_t("card", a.card)]
    if isinstance(top, D.ReassignMission):
        out += _leader(top.leader, "with")
    return out


def _lead(s: RebellionState, top: Decision, a: A.Lead | A.Second) -> Targets:
    return _leader(a.leader) + [_t("card", c.id, "to") for c in _last_assigned(s, top)]


def _activate(s: RebellionState, top: Decision, a: A.Activate) -> Targets:
    return _leader(a.leader) + _system(getattr(top, "system", -1), "at")


def _leader_choice(s: RebellionState, top: Decision, a: Any) -> Targets:
    if isinstance(top, LEADER_TO):
        return _leader(a.leader) + _system(top.system, "to")
    return _leader(a.leader) + _where(top)


def _oppose(s: RebellionState, top: Decision, a: A.Oppose) -> Targets:
    assert isinstance(top, D.OpposeMission)
    return [
        *_leader(a.leader),
        _t("card", mission_card(top.card), "at"),
        *_system(top.system, "to"),
    ]


def _join(s: RebellionState, top: Decision, a: A.Join) -> Targets:
    return _leader(a.leader) + _system(s.battle.system, "to")


def _retreat(s: RebellionState, top: Decision, a: A.Retreat) -> Targets:
    return _leader(a.leader) + _system(s.battle.system, "from")


def _tactic(s: RebellionState, top: Decision, a: A.Tactic) -> Targets:
    return [_t("card", a.card)]


def _ability(s: RebellionState, top: Decision, a: A.UseAbility) -> Targets:
    if isinstance(top, D.ChooseAbility):
        return [_t("card", tactic_card(top.card))]
    return []


def _unit_damage(s: RebellionState, top: Decision, a: Any) -> Targets:
    out = [_t("unit", a.unit), *_figure(s, top, a.unit, a.damage)]
    if isinstance(top, D.AssignDamage):
        out.append(_t("die", (top.player, top.die), "with"))
    elif not s.battle.active or type(top) not in COMBAT_FIGURES:
        out += _where(top)
    return out


def _die(s: RebellionState, top: Decision, a: Any) -> Targets:
    side = REBEL if isinstance(top, D.ConvertHits) else top.player
    return [_t("die", (side, a.die))]


def _reroll(s: RebellionState, top: Decision, a: A.Reroll) -> Targets:
    return [_t("die", (top.player, i)) for i in s.battle.marked]


def _yoda(s: RebellionState, top: Decision, a: A.YodaReroll) -> Targets:
    ring = _t("ring", RINGS.index("yoda"), "with")
    if isinstance(top, D.AttackActions):
        return [_t("die", (top.player, a.die)), ring]
    return [_t("mission_die", (top.player, a.die)), ring]


def _blank(s: RebellionState, top: Decision, a: A.BlankDie) -> Targets:
    return [_t("mission_die", (1 - top.player, a.die)), _t("ring", RINGS.index("r2d2"), "with")]


def _ring(s: RebellionState, top: Decision, a: A.UseRing) -> Targets:
    return [_t("ring", a.ring)]


def _build(s: RebellionState, top: Decision, a: A.Build) -> Targets:
    return [_t("unit", a.unit), *_system(a.loc, "at")]


def _recruit(s: RebellionState, top: Decision, a: A.Recruit) -> Targets:
    return _leader(a.leader) + _system(getattr(top, "system", -1), "to")


def _action_card(s: RebellionState, top: Decision, a: Any) -> Targets:
    return [_t("card", a.card)]


def _objective(s: RebellionState, top: Decision, a: A.Objective) -> Targets:
    return [_t("card", a.card)]


def _mission(s: RebellionState, top: Decision, a: Any) -> Targets:
    out = [_t("card", a.card)]
    leader = getattr(top, "leader", -1)
    if isinstance(top, D.DesperateSearch | D.ProjectSearch):
        out += _leader(leader, "with")
    return out


def _marker(s: RebellionState, top: Decision, a: A.RemoveMarker) -> Targets:
    return [_t("marker", a.marker), *_system(a.system, "at")]


def _option(s: RebellionState, top: Decision, a: A.Option) -> Targets:
    if isinstance(top, D.ChooseOption):
        return [_t("card", mission_card(top.card))]
    return []


def _queue_side(top: Decision) -> int:
    side = getattr(top, "side", -1)
    if side in (REBEL, IMPERIAL):
        return int(side)
    if isinstance(top, D.DemolishQueue | D.RaidQueue):
        return 1 - top.player
    return top.player


def _queue_out(s: RebellionState, top: Decision, a: Any) -> Targets:
    """``deploy``, ``deploy_queued``: from a space of the player's queue to the system."""
    space = _t("queue", (top.player, a.space), "from")
    return [_t("unit", a.unit), space, *_system(getattr(top, "system", -1), "to")]


def _advance(s: RebellionState, top: Decision, a: A.Advance) -> Targets:
    side = top.player
    return [_t("unit", a.unit), _t("queue", (side, a.space), "from")] + (
        [_t("queue", (side, a.space - 1), "to")] if a.space > 1 else []
    )


def _queue_destroy(s: RebellionState, top: Decision, a: A.QueueDestroy) -> Targets:
    return [_t("unit", a.unit), _t("queue", (_queue_side(top), a.space), "at")]


def _probe_place(s: RebellionState, top: Decision, a: A.ProbePlace) -> Targets:
    return [_t("card", a.card)] if a.card in PROBE_IDS else []


def _reveal(s: RebellionState, top: Decision, a: A.Reveal | A.Subvert) -> Targets:
    return _slot(s, top, a.slot)


def _close(s: RebellionState, top: Decision, a: A.Close) -> Targets:
    return _last_assigned(s, top)


def _reveal_base(s: RebellionState, top: Decision, a: A.RevealBase) -> Targets:
    return _system(s.base)


def _nothing(s: RebellionState, top: Decision, a: Any) -> Targets:
    return []


BY_ACTION: dict[type, Fn] = {
    A.MissionSet: _nothing,
    A.SystemChoice: _system_choice,
    A.Place: _place,
    A.Assign: _assign,
    A.Lead: _lead,
    A.Second: _lead,
    A.Close: _close,
    A.Activate: _activate,
    A.Move: _move,
    A.MoveCaptive: _move_captive,
    A.Stop: _nothing,
    A.Pass: _nothing,
    A.RevealBase: _reveal_base,
    A.Reveal: _reveal,
    A.Target: _leader_choice,
    A.Oppose: _oppose,
    A.Join: _join,
    A.Tactic: _tactic,
    A.UseAbility: _ability,
    A.Hit: _unit_damage,
    A.Destroy: _unit_damage,
    A.Repair: _unit_damage,
    A.Mark: _die,
    A.Reroll: _reroll,
    A.Spend: _die,
    A.Retreat: _retreat,
    A.Build: _build,
    A.Eliminate: _leader_choice,
    A.Relocate: _nothing,
    A.Recruit: _recruit,
    A.ActionCardChoice: _action_card,
    A.DrawOn: _nothing,
    A.Objective: _objective,
    A.RemoveMarker: _marker,
    A.Option: _option,
    A.Keep: _mission,
    A.Discard: _mission,
    A.Deploy: _queue_out,
    A.Advance: _advance,
    A.YodaReroll: _yoda,
    A.QueueDestroy: _queue_destroy,
    A.ProbePlace: _probe_place,
    A.Subvert: _reveal,
    A.QueueDeploy: _queue_out,
    A.BlankDie: _blank,
    A.UseRing: _ring,
    A.PlayActionCard: _action_card,
    A.AsRed: _die,
    A.SetDie: _nothing,
}
"""Each action class's targets (every class of the action space has one)."""
if set(BY_ACTION) != set(A.ACTION_SPACE.classes):
    raise RuntimeError("table.BY_ACTION: every action class of the action space has its targets")


def targets(s: RebellionState, action: Action) -> Sequence[Target]:
    """What the legal ``action`` points at (see the module docstring): a table lookup by
    action class, reading the pending decision for context; a choice made for a card being
    resolved (an action card, a tactic card) or a ring put on a leader names that card or
    ring ``"with"``."""
    if not s.stack:
        return ()
    top = s.stack[-1]
    out = BY_ACTION[type(action)](s, top, action)
    if out:
        kind = type(top)
        if kind in ACTION_CARD_STEPS:
            out.append(_t("card", action_card(top.card), "with"))  # type: ignore[attr-defined]
        elif isinstance(top, CARD_STEPS):
            out.append(_t("card", tactic_card(_tactic_of_step(top)), "with"))
        ring = (
            getattr(top, "ring", -1)
            if kind in (D.CardRing, D.AttachRing)
            else RING_ON.get(kind, -1)
        )
        if ring >= 0:
            out.append(_t("ring", ring, "with"))
    return out


def _index(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, tuple | list) and len(value) == 2 and all(type(v) is int for v in value):
        return int(value[0]), int(value[1])
    return None


def target_shown(t: Target, view: dict[str, Any]) -> str:
    """Where ``view`` shows target ``t`` of a kind of this pack: "" when it does."""
    kind, id_ = t.kind, t.id
    if kind == "system":
        return "" if _index(id_, NUM_LOCATIONS) else "no such system"
    if kind == "unit":
        return "" if _index(id_, len(UNITS)) else "no such unit type"
    if kind == "leader":
        return "" if _index(id_, len(LEADERS)) else "no such leader"
    if kind == "marker":
        return "" if _index(id_, len(MARKERS)) else "no such target marker"
    if kind == "ring":
        return "" if _index(id_, len(RINGS)) else "no such ring"
    pair = _pair(id_)
    if pair is None:
        return f"a {kind} is named by a pair of numbers"
    a, b = pair
    st = view["state"]
    if kind == "queue":
        return "" if a in (REBEL, IMPERIAL) and 1 <= b <= 3 else "no such build queue space"
    if kind == "mission_die":
        dice = st["mission_dice"]
        return "" if a in (0, 1) and 0 <= b < len(dice[a]) else "no such roll-off die"
    combat = st.get("combat")
    if combat is None:
        return "no combat in the view"
    if kind == "die":
        roll = combat["dice"]
        if roll is None or roll["side"] != a or not 0 <= b < len(roll["dice"]):
            return "no such die in the combat's attack"
        return ""
    if kind == "figure":
        for side in combat["sides"]:
            for u in side["units"]:
                if u["unit"] == a and b in u["damage"]:
                    return ""
        return "no such figure in the combat"
    return f"the pack does not say where its view shows a {kind!r}"


# ================================================================ the combat
def _theater_now(s: RebellionState, top: Decision | None) -> int:
    th = getattr(top, "theater", -1) if top is not None else -1
    if th in (0, 1):
        return int(th)
    return s.step_theater if s.step_theater in (0, 1) else -1


def _doing(s: RebellionState, top: Decision) -> str:
    """What the side deciding a combat decision is doing, in words."""
    th = _theater_now(s, top)
    theater = THEATERS[th] if th >= 0 else ""
    if isinstance(top, D.Combat):
        return "may add a leader from the pool"
    if isinstance(top, D.ActionCardWindow):
        return "may play a Start of Combat action card"
    if isinstance(top, D.ChooseTactic):
        how = "an extra card, face up" if top.extra else "face down"
        return f"choosing a {theater} tactic card ({how})"
    if isinstance(top, D.ChooseAbility):
        return f"choosing the top or bottom ability of {TACTICS[top.card].name}"
    if isinstance(top, D.Retrieve):
        return "may take a ground tactic card back from the discard (Shield Generator)"
    if isinstance(top, CARD_STEPS):
        return f"resolving {TACTICS[_tactic_of_step(top)].name}"
    if isinstance(top, D.AttackActions):
        return f"{theater} attack: may reroll dice or spend specials, then assign damage"
    if isinstance(top, D.SpendSpecial):
        return "choosing the unit a spent special repairs"
    if isinstance(top, D.AssignDamage):
        return f"assigning the damage of die {top.die + 1}"
    if isinstance(top, D.ConvertHits):
        return "may count black hits as red hits (Target the Star Destroyers)"
    if isinstance(top, D.MillionAttack):
        return "may play One in a Million before rolling"
    if isinstance(top, D.RetreatChoice):
        return "must retreat" if top.forced else "may retreat"
    if isinstance(top, D.RetreatTo):
        return f"choosing where {LEADERS[top.leader].name} retreats to"
    if isinstance(top, D.RetreatUnits):
        return f"moving units out to {_loc_name(top.dst)}"
    if isinstance(top, D.RogueOne):
        return "resolving Rogue One: a rescue or a target marker removed"
    if isinstance(top, D.PlayObjective):
        return "may play an objective card"
    if isinstance(top, D.PlansTarget | D.MillionPlans):
        return "rolling Death Star Plans"
    if isinstance(top, D.ObjectiveLeader):
        return "choosing the leader Return of the Jedi eliminates"
    if isinstance(top, D.SeizeControl):
        return "may remove the sabotage marker (Seize Control)"
    if isinstance(top, D.FightForWindow):
        return "may play Something to Fight For"
    if isinstance(top, D.FightForObjective):
        return "choosing the objective card Something to Fight For returns"
    if isinstance(top, D.CardWindow):
        return "may play an action card"
    if isinstance(top, D.ActionDestroy | D.ActionTheater | D.ActionRetrieve | D.ReadyLeader):
        return f"resolving {ACTIONS[top.card].name}"
    if isinstance(top, D.CardLeader):
        return "choosing the leader an action card acts on"
    return DOING_BY_KIND.get(top.kind, "deciding")


DOING_BY_KIND: dict[str, str] = {
    "plans_reroll": "may reroll a Death Star Plans die with the Master Yoda ring",
}
"""What a side is doing, by decision kind, for the decisions :func:`_doing` does not name."""


def _prevent_words(p: Sequence[tuple[str, str, int]]) -> list[str]:
    out = []
    for colour, icon, n in p:
        what = FACE_WORDS[icon] if n == 1 else FACE_WORDS[icon] + "s"
        what = f"{colour} {what}" if colour else what
        out.append(f"{n} {what}")
    return out


def _dice(s: RebellionState, top: Decision | None) -> dict[str, Any] | None:
    """The attack being resolved, if one is (its dice, marks and rerolls)."""
    if not isinstance(top, ATTACK_DICE):
        return None
    from .rules.combat.forces import tactic_value
    from .rules.rings import yoda_ready

    bt = s.battle
    side = REBEL if isinstance(top, D.ConvertHits) else top.player
    th = 0 if isinstance(top, D.ConvertHits) else top.theater
    marked = set(bt.marked)
    dice = [
        {
            "index": i,
            "colour": colour,
            "face": face,
            "result": FACE_WORDS[face],
            "marked": i in marked,
        }
        for i, (colour, face) in enumerate(bt.dice)
    ]
    reroll: dict[str, Any] | None = None
    value = tactic_value(s, side, th)
    if value:
        b = s.board
        best = next(
            x
            for x in b.leaders_at(bt.system, side)
            if not b.is_captive(x) and (LEADERS[x].space, LEADERS[x].ground)[th] == value
        )
        name = LEADERS[best].name
        used = bt.reroll_used
        reroll = {
            "leader": best,
            "leader_name": name,
            "limit": value,
            "marked": len(bt.marked),
            "used": used,
            "words": (
                f"Leader reroll: up to {_plural(value, 'die', 'dice')} "
                f"({name}'s {THEATERS[th]} tactic value)" + (", used" if used else "")
            ),
        }
    yoda: dict[str, Any] | None = None
    if isinstance(top, D.AttackActions):
        x = yoda_ready(s, side, bt.system)
        if x != OFF:
            yoda = {
                "leader": x,
                "leader_name": LEADERS[x].name,
                "ring": RINGS.index("yoda"),
                "words": f"The Master Yoda ring ({LEADERS[x].name}) may reroll 1 die",
            }
    return {
        "side": side,
        "side_name": SIDES[side],
        "theater": THEATERS[th],
        "dice": dice,
        "current": top.die if isinstance(top, D.AssignDamage) else None,
        "reroll": reroll,
        "yoda": yoda,
    }


def combat_view(s: RebellionState, player: int | None) -> dict[str, Any] | None:
    """The combat's facts as ``player`` (a side, ``None``: a spectator) may see them (the
    shape is in the module docstring); ``None`` when no combat is being fought."""
    bt = s.battle
    if not bt.active or s.result is not None:  # a game may end mid-combat
        return None
    from .rules.combat.forces import health, protected, tactic_value

    b = s.board
    x = bt.system
    row = b.units[x]
    top = s.stack[-1] if s.stack else None
    th = _theater_now(s, top)
    deciding = top.player if top is not None and top.player in (REBEL, IMPERIAL) else None
    doing = _doing(s, top) if top is not None and deciding is not None else None
    face_up = (bt.good_intel, False)  # Good Intel: the Rebels' choice is face up (RR-160)
    sides = []
    for side in (REBEL, IMPERIAL):
        units = []
        for u in UNITS_OF[side]:
            n = row[u]
            if n <= 0:
                continue
            dmg = bt.damage[u][:n]
            ud = UNITS[u]
            units.append(
                {
                    "unit": u,
                    "name": ud.name,
                    "theater": ud.theater,
                    "count": n,
                    "health": health(s, u),
                    "printed_health": ud.health,
                    "health_colour": ud.health_colour or None,
                    "damage": dmg + [0] * (n - len(dmg)),
                    "doomed": bt.doomed.count(u),
                    "can_be_damaged": not protected(s, u),
                }
            )
        leaders = [
            {
                "leader": ld,
                "name": LEADERS[ld].name,
                "space": LEADERS[ld].space,
                "ground": LEADERS[ld].ground,
                "captive": b.is_captive(ld),
            }
            for ld in b.leaders_at(x, side)
        ]
        c = bt.chosen[side]
        chosen: dict[str, Any] | None
        if c < 0:
            chosen = None
        elif bt.revealed or face_up[side]:
            chosen = {"card": tactic_card(c), "face_down": False}
        elif player == side:
            chosen = {"card": tactic_card(c), "face_down": True}
        else:
            chosen = {"card": None, "face_down": True}
        may = [doing] if deciding == side and doing else ["waiting"]
        if c >= 0 and not bt.revealed:
            may.append("has chosen a tactic card" + ("" if face_up[side] else ", face down"))
        if bt.retreated[side]:
            may.append("has retreated")
        if bt.no_retreat[side]:
            may.append("may not retreat (Keep Them from Escaping)")
        for t in (0, 1):
            if bt.denied[side][t] == bt.round:
                may.append(f"may play no {THEATERS[t]} tactic card this round")
        if bt.prevent[side]:
            may.append("prevents " + ", ".join(_prevent_words(bt.prevent[side])))
        sides.append(
            {
                "side": side,
                "name": SIDES[side],
                "units": units,
                "leaders": leaders,
                "tactic_value": {
                    "space": tactic_value(s, side, 0),
                    "ground": tactic_value(s, side, 1),
                },
                "chosen": chosen,
                "tactic_deck": {t: sorted(s.zones[f"tactics_{side}_{t}"]) for t in THEATERS},
                "tactic_discard": {t: len(s.zones[f"tactic_discard_{side}_{t}"]) for t in THEATERS},
                "retreated": bt.retreated[side],
                "may": may,
            }
        )
    in_force = []
    if bt.point_blank:
        in_force.append("Point-Blank Assault: every unit here has 1 health less (at least 1)")
    if bt.fewer_dice and bt.round == 1:
        in_force.append(
            "According to My Design: the Rebels roll 1 red die and 2 black dice fewer this round"
        )
    if bt.black_as_red:
        in_force.append("Target the Star Destroyers: up to 2 Rebel black hits may count as red")
    if bt.good_intel:
        in_force.append("Good Intel: the Rebels choose their tactic cards face up")
    if bt.ready:
        names = " and ".join(LEADERS[ld].name for ld in bt.ready)
        in_force.append(f"Ready for Action: {names} may not retreat")
    return {
        "system": x,
        "system_name": _loc_name(x),
        "attacker": bt.attacker,
        "attacker_name": SIDES[bt.attacker],
        "round": bt.round,
        "theater": THEATERS[th] if th >= 0 else None,
        "first": {"space": bt.first[0], "ground": bt.first[1]},
        "deciding": deciding if doing is not None else None,
        "doing": doing,
        "in_force": in_force,
        "sides": sides,
        "dice": _dice(s, top),
    }


# ================================================================ the state view's card ids
def view_extras(s: RebellionState) -> dict[str, Any]:
    """The view's keys that give as card ids what older keys hold as indexes."""
    return {
        "resolving_card": mission_card(s.resolving[1]) if s.resolving else None,
        "roll_off_card": mission_card(s.roll_off[1]) if s.roll_off else None,
        "end_of_command_cards": [mission_card(c) for c, _ in s.end_of_command],
    }


def view_cards(state_view: dict[str, Any]) -> list[int]:
    """Every card id the pack's own view section names (the kit checks each has facts)."""
    out: list[int] = []
    combat = state_view.get("combat")
    if combat is not None:
        for side in combat["sides"]:
            chosen = side["chosen"]
            if chosen is not None and chosen["card"] is not None:
                out.append(chosen["card"])
            for cards in side["tactic_deck"].values():
                out.extend(cards)
    for key in ("resolving_card", "roll_off_card"):
        if state_view.get(key) is not None:
            out.append(state_view[key])
    out.extend(state_view.get("end_of_command_cards", ()))
    for choice in state_view.get("recruit_choice", ()):
        if isinstance(choice, list) and choice[0] >= 0:
            out.append(choice[0])
    out.extend(card for _, card in state_view.get("objectives_known", ()))
    return out
