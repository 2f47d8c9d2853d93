"""The actions: every choice is atomic, and the action-id space is fixed.

Encoding (``GAME.encode``), class by class in this order, each a mixed-radix
block over its fields:

* ``mission_set <roe>``: choose the mission set, 1 = Rise of the Empire, 0 = base (RR-04).
* ``system <s>``: choose a location 0..32 (32 = the Rebel Base space): the remote system
  of the Death Star Under Construction, the Rebel base, or the system to activate on a
  Command turn (the leader follows as ``activate <leader>``).
* ``place <unit> <loc>``: place one starting unit of type ``unit`` (0..25) at ``loc``.
* ``assign <card>``: put mission card ``card`` (its card id, ``ids.mission_card``) face
  down (the leader on it follows as ``lead <leader>``); also the card a reassigned leader
  goes on.
* ``lead <leader>``: put ``leader`` on the mission card just put face down.
* ``second <leader>``: put a second leader on the mission just assigned.
* ``close``: the mission just assigned takes no second leader.
* ``activate <leader>``: place ``leader`` from the pool to activate the system just
  chosen (a Command turn's ``system <s>``).
* ``move <unit> <src>``: move one unit of type ``unit`` from system ``src`` into the
  activated system.
* ``move_captive <leader>``: the Empire moves the captive Rebel ``leader`` (captured, or
  frozen in Carbonite) from its system into the activated system (like a ground unit
  that needs no transport).
* ``stop``: move no more units in.
* ``pass``: pass (the Assignment Phase: assign no more; the Command Phase: pass for good).
* ``reveal_base``: the Rebels reveal their base at the start of a Command turn.
* ``reveal <slot>``: reveal the face-down mission of assignment slot ``slot`` (0..11).
* ``target <leader>``: the leader a mission is attempted against.
* ``oppose <leader>``: send ``leader`` from the pool to oppose a mission (``pass``: none).
* ``join <leader>``: add ``leader`` from the pool to a combat (``pass``: none).
* ``tactic <card>``: choose advanced tactic card ``card`` (its card id, ``ids.tactic_card``)
  face down for this battle step, or as an extra card; also the card a Shield Generator
  takes back from the ground discard.
* ``ability <which>``: resolve the chosen card's top (1) or bottom (2) ability, or
  neither (0).
* ``hit <unit> <damage>``: put 1 damage on a figure of type ``unit`` that has ``damage``
  damage now (a die, or a card's damage).
* ``destroy <unit> <damage>``: a card destroys such a figure.
* ``repair <unit> <damage>``: remove 1 damage from such a figure of your own.
* ``mark <die>``: mark die ``die`` of your attack for the leader reroll (in increasing order).
* ``reroll``: reroll the marked dice.
* ``spend <die>``: spend a die showing a special to remove 1 damage (a ``repair`` follows).
* ``build <unit> <loc>``: Refresh Phase: place a unit on the build queue from an icon of
  ``loc`` (in increasing location order); ``stop`` ends the placements.
* ``eliminate <leader>``: the leader pool limit: eliminate ``leader``.
* ``retreat <leader>``: retreat with ``leader`` (the destination follows as ``system <s>``,
  then the units as ``move <unit> <src>`` and ``stop``).
* ``relocate``: Rapid Mobilization: relocate the base (look at the top probe cards; the
  new base follows as ``system <s>``, or ``pass`` to stay).
* ``recruit <leader>``: Refresh Phase, a recruit icon: recruit ``leader``, pictured on an
  action card just drawn (the card kept follows as ``action_card <card>`` when the leader
  is pictured on more than one).
* ``action_card <card>``: choose action card ``card`` (its card id, ``ids.action_card``)
  among those just drawn: the card kept for the leader recruited, or, with no leader to recruit on any,
  the card discarded with no effect (RR-30).
* ``draw_on``: no action card drawn pictures a leader to recruit: draw one more (RR-30).
* ``objective <card>``: choose objective card ``card`` (its card id, ``ids.objective_card``):
  Infiltration's card to put on top of the deck; the objective the Rebels play in an
  objective window (``pass``: none); a card The Long War or Rebel Cell discards.
* ``remove_marker <system> <marker>``: remove the target marker of kind ``marker`` (an
  index into ``data.MARKERS``) from ``system`` (``pass``: remove none); also Rogue One's
  choice, where ``target <leader>`` rescues the captured leader instead.
* ``option <which>``: a mission card whose effects are a choice (Research and
  Development): resolve its effect ``which`` (1 = the first).
* ``keep <card>``: keep project card ``card`` (its card id, ``ids.mission_card``) of those
  drawn.
* ``discard <card>``: the hand limit: discard mission card ``card`` (its card id,
  ``ids.mission_card``).
* ``deploy <unit> <space>``: Oversee Project: deploy a unit of type ``unit`` from
  build-queue space ``space`` (1 or 2) into the mission's system.
* ``advance <unit> <space>``: Double Our Efforts: move one unit of type ``unit`` from
  build-queue space ``space`` (2 or 3) down one space.

* ``yoda_reroll <die>``: the Master Yoda ring rerolls one of its side's dice ``die`` (in a
  mission's roll-off: an index into that side's dice, regular then green; in a combat: a
  die of the attack) (RR-84).
* ``destroy_queued <unit> <space>``: destroy 1 unit of type ``unit`` on build-queue space
  ``space`` (1..3): Demolition, Rogue Squadron Raid, A Time for Peace.
* ``place_probe <card> <top>``: Plant False Lead: put probe card ``card`` (a system id) on
  top of the probe deck (``top`` 1) or at its bottom (0).

* ``subvert <slot>``: reveal the face-down Subversion of assignment slot ``slot`` against
  the mission being attempted: its leaders join the opposition (RR-111).
* ``deploy_queued <unit> <space>``: Safe Haven: deploy 1 unit of type ``unit`` from
  build-queue space ``space`` (1..3) into the mission's system.

* ``blank_die <die>``: the R2-D2 ring turns the opponent's roll-off die ``die`` to a blank
  (RR-152).
* ``use_ring <ring>``: discard attachment ring ``ring`` for its effect (the C-3PO ring: a
  failed Diplomacy mission succeeds, RR-151).

The attachment rings' other choices reuse actions: ``target <leader>`` (the leader a ring
goes on, RR-150; the captive the Millennium Falcon ring rescues and the leaders that go
with it, RR-153), ``pass`` and ``stop`` (the ring is kept).

* ``play_action_card <card>``: play action card ``card`` (its card id,
  ``ids.action_card``) from the hand in its window (``pass``: play none), :mod:`.rules.action_cards`.
* ``as_red <die>``: Target the Star Destroyers: die ``die`` of the Rebels' space attack,
  a black hit, counts as a red hit (``stop``: no more).

* ``set_die <colour> <face>``: One in a Million: one of the Rebels' dice of ``colour``
  (0 red, 1 black, 2 green) is set to ``face`` (0 hit, 1 direct hit, 2 special, 3 blank)
  instead of rolled (``stop``: no more) (RR-179).

The action cards' other choices reuse actions: ``destroy <unit> <damage>`` and ``stop``
(the figures Fully Operational, Target the Generator and Baze's Loyalty destroy),
``option <which>`` (More Dangerous Than You Realize: 1 space, 2 ground), ``tactic
<card>`` (the tactic cards it takes back), ``target <leader>`` (the leader Ready for
Action brings in).

The Rebel action cards of :mod:`.rules.rebel_cards` reuse actions too: ``target <leader>``
(the leader a ring goes on, False Orders' leader, Undercover's leader), ``option <which>``
(Rebel Extremist's choice, Under the Radar's top or bottom), ``system <s>`` (Under the
Radar's kept probe card, Independent Operation's destination, Temporary Alliance's figure
destroyed to build), ``keep <card>`` (the mission card Our Most Desperate Hour and Son of
Skywalker take), ``move <unit> <src>`` and ``stop`` (Start the Evacuation), ``build <unit>
<loc>`` and ``stop`` (Temporary Alliance), ``objective <card>`` (Something to Fight For),
``place_probe <card> 1`` (Under the Radar's probe card back on top).

The Rise of the Empire mission cards' other choices reuse actions: ``recruit <leader>``
(Hire Mercenaries, Imperial Promotion, My Only Hope, Rebel Promotion), ``target
<leader>`` (Draw Them Out's Rebel leader, the captive a rescue frees), ``option <which>``
(Discredit Rebellion's Rebel choice, Heist), ``yoda_reroll <die>`` (Discredit
Rebellion's dice), ``place <unit> <loc>`` (Deployment), ``discard <card>`` (Stolen
Intel), ``move <unit> 32`` and ``stop`` (We're the Bait), ``system <s>`` (Break Their
Will's system, Regional Aid's second system), ``deploy <unit> 1`` and ``stop`` (Imperial
Might), ``destroy <unit> 0`` and ``stop`` (Aggressive Negotiations, Plant Explosives),
``remove_marker <system> <marker>`` (Heist), ``keep <card>`` and ``stop`` (Secret
Mission, Reconnaissance).

The Rebel mission deck's other choices reuse actions too: ``target <leader>`` (the leader
Contingency Plan moves, the leader the Master Yoda ring goes on, the leader Misdirection
chooses, a leader travelling with a rescued one), ``assign <card>`` (Contingency
Plan's starting mission), ``move <unit> 32`` and ``stop`` (units from the Rebel Base
space), ``destroy <unit> 0`` and ``stop`` (units destroyed by health), ``place <unit>
<loc>`` (Public Uprising's gained units), ``build <unit> <loc>`` and ``stop``
(Establish Trade Relations), ``option <which>`` (Support of Mon Calamari) and
``objective <card>`` (Covert Operation's card drawn, Stolen Plans' order).

A project card's other choices reuse the actions above: ``build <unit> <loc>`` and
``stop`` (Construct Factory), ``system <s>`` (the figure destroyed to build a unit out of
supply; the system Superlaser Online gains loyalty in), ``destroy <unit> 0`` (the
Imperial ground units a destroyed system cannot hold).

Objective cards reuse them too: ``system <s>`` (where a target marker goes; Seize
Control's sabotage marker removed), ``destroy <unit> 0`` (the unit Death Star Plans rolls
against), ``target <leader>`` (the Imperial leader Return of the Jedi eliminates).
Imperial ground units a destroyed system cannot hold). So do the Imperial mission
deck's: ``objective <card>`` (Retrieve the Plans: the card put on the bottom of the
objective deck), ``system <s>`` (a system Interrogation Droid names, where Homing Beacon
places its leader, a system Fear Will Keep Them in Line gains loyalty in, Collect
Bounty's closest system), ``destroy <unit> 0`` (Hunt Them Down), ``move <unit> <src>``
(Planetary Conquest), each with ``stop`` where the card lets the Empire stop.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop import Action, ActionSpace

from .data import (
    ACTIONS,
    LEADERS,
    MARKERS,
    NUM_LOCATIONS,
    NUM_SYSTEMS,
    OBJECTIVES,
    RINGS,
    TACTICS,
    UNITS,
)
from .ids import ACTION_BASE, MISSION_BASE, OBJECTIVE_BASE, TACTIC_BASE

__all__ = [
    "ACTION_SPACE",
    "MAX_CARDS",
    "MAX_SLOTS",
    "ActionCardChoice",
    "Activate",
    "Advance",
    "AsRed",
    "Assign",
    "BlankDie",
    "Build",
    "Close",
    "Deploy",
    "Destroy",
    "Discard",
    "DrawOn",
    "Eliminate",
    "Hit",
    "Join",
    "Keep",
    "Lead",
    "Mark",
    "MissionSet",
    "Move",
    "MoveCaptive",
    "Objective",
    "Oppose",
    "Option",
    "Pass",
    "Place",
    "PlayActionCard",
    "ProbePlace",
    "QueueDeploy",
    "QueueDestroy",
    "Recruit",
    "Relocate",
    "RemoveMarker",
    "Repair",
    "Reroll",
    "Retreat",
    "Reveal",
    "RevealBase",
    "Second",
    "SetDie",
    "Spend",
    "Stop",
    "Subvert",
    "SystemChoice",
    "Tactic",
    "Target",
    "UseAbility",
    "UseRing",
    "YodaReroll",
]

MAX_CARDS = 120
"""Room for every mission and project card (starting missions are 0..7): the mission card
ids ``MISSION_BASE .. MISSION_BASE + MAX_CARDS - 1``."""

MISSION_IDS = (MISSION_BASE, MISSION_BASE + MAX_CARDS - 1)
"""The card ids ``assign``, ``keep`` and ``discard`` take (an inclusive range)."""
TACTIC_IDS = (TACTIC_BASE, TACTIC_BASE + len(TACTICS) - 1)
"""The card ids ``tactic`` takes."""
OBJECTIVE_IDS = (OBJECTIVE_BASE, OBJECTIVE_BASE + len(OBJECTIVES) - 1)
"""The card ids ``objective`` takes."""
ACTION_IDS = (ACTION_BASE, ACTION_BASE + len(ACTIONS) - 1)
"""The card ids ``action_card`` and ``play_action_card`` take."""


@attrs.frozen
class MissionSet(Action):
    kind: ClassVar[str] = "mission_set"
    roe: bool


@attrs.frozen
class SystemChoice(Action):
    kind: ClassVar[str] = "system"
    system: int


@attrs.frozen
class Place(Action):
    kind: ClassVar[str] = "place"
    unit: int
    loc: int


PLACE: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(u, loc) for loc in range(NUM_LOCATIONS)) for u in range(len(UNITS))
)
"""``PLACE[unit][loc]``: every ``place`` action, built once (setup and deployment list
many of them; an action is immutable, so one object serves every list)."""


@attrs.frozen
class Assign(Action):
    """Put a mission card face down: ``card`` is its card id (``ids.mission_card``)."""

    kind: ClassVar[str] = "assign"
    card: int


@attrs.frozen
class Lead(Action):
    kind: ClassVar[str] = "lead"
    leader: int


@attrs.frozen
class Second(Action):
    kind: ClassVar[str] = "second"
    leader: int


@attrs.frozen
class Close(Action):
    kind: ClassVar[str] = "close"


@attrs.frozen
class Activate(Action):
    kind: ClassVar[str] = "activate"
    leader: int


@attrs.frozen
class Move(Action):
    kind: ClassVar[str] = "move"
    unit: int
    src: int


@attrs.frozen
class MoveCaptive(Action):
    kind: ClassVar[str] = "move_captive"
    leader: int


@attrs.frozen
class Stop(Action):
    kind: ClassVar[str] = "stop"


@attrs.frozen
class Relocate(Action):
    kind: ClassVar[str] = "relocate"


@attrs.frozen
class Pass(Action):
    kind: ClassVar[str] = "pass"


@attrs.frozen
class RevealBase(Action):
    kind: ClassVar[str] = "reveal_base"


@attrs.frozen
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    slot: int


@attrs.frozen
class Target(Action):
    kind: ClassVar[str] = "target"
    leader: int


@attrs.frozen
class Oppose(Action):
    kind: ClassVar[str] = "oppose"
    leader: int


@attrs.frozen
class Join(Action):
    kind: ClassVar[str] = "join"
    leader: int


@attrs.frozen
class Tactic(Action):
    """Choose an advanced tactic card: ``card`` is its card id (``ids.tactic_card``)."""

    kind: ClassVar[str] = "tactic"
    card: int


@attrs.frozen
class UseAbility(Action):
    kind: ClassVar[str] = "ability"
    which: int


@attrs.frozen
class Hit(Action):
    kind: ClassVar[str] = "hit"
    unit: int
    damage: int


@attrs.frozen
class Destroy(Action):
    kind: ClassVar[str] = "destroy"
    unit: int
    damage: int


@attrs.frozen
class Repair(Action):
    kind: ClassVar[str] = "repair"
    unit: int
    damage: int


@attrs.frozen
class Mark(Action):
    kind: ClassVar[str] = "mark"
    die: int


@attrs.frozen
class Reroll(Action):
    kind: ClassVar[str] = "reroll"


@attrs.frozen
class Spend(Action):
    kind: ClassVar[str] = "spend"
    die: int


@attrs.frozen
class Retreat(Action):
    kind: ClassVar[str] = "retreat"
    leader: int


@attrs.frozen
class Build(Action):
    kind: ClassVar[str] = "build"
    unit: int
    loc: int


@attrs.frozen
class Eliminate(Action):
    kind: ClassVar[str] = "eliminate"
    leader: int


@attrs.frozen
class Recruit(Action):
    kind: ClassVar[str] = "recruit"
    leader: int


@attrs.frozen
class ActionCardChoice(Action):
    """Choose one of the action cards just drawn: ``card`` is its card id
    (``ids.action_card``)."""

    kind: ClassVar[str] = "action_card"
    card: int


@attrs.frozen
class Option(Action):
    kind: ClassVar[str] = "option"
    which: int


@attrs.frozen
class Keep(Action):
    """Keep a mission or project card: ``card`` is its card id (``ids.mission_card``)."""

    kind: ClassVar[str] = "keep"
    card: int


@attrs.frozen
class Objective(Action):
    """Choose an objective card: ``card`` is its card id (``ids.objective_card``)."""

    kind: ClassVar[str] = "objective"
    card: int


@attrs.frozen
class Discard(Action):
    """Discard a mission card: ``card`` is its card id (``ids.mission_card``)."""

    kind: ClassVar[str] = "discard"
    card: int


@attrs.frozen
class DrawOn(Action):
    kind: ClassVar[str] = "draw_on"


@attrs.frozen
class RemoveMarker(Action):
    kind: ClassVar[str] = "remove_marker"
    system: int
    marker: int


@attrs.frozen
class Deploy(Action):
    kind: ClassVar[str] = "deploy"
    unit: int
    space: int


@attrs.frozen
class Advance(Action):
    kind: ClassVar[str] = "advance"
    unit: int
    space: int


@attrs.frozen
class YodaReroll(Action):
    kind: ClassVar[str] = "yoda_reroll"
    die: int


@attrs.frozen
class BlankDie(Action):
    """The R2-D2 ring: one of the opponent's roll-off dice turns to a blank (RR-152)."""

    kind: ClassVar[str] = "blank_die"
    die: int


@attrs.frozen
class UseRing(Action):
    """Discard attachment ring ``ring`` (an index into ``data.RINGS``) for its effect: the
    C-3PO ring turns a failed Diplomacy mission into a success (RR-151)."""

    kind: ClassVar[str] = "use_ring"
    ring: int


@attrs.frozen
class PlayActionCard(Action):
    """Play an action card from the hand: ``card`` is its card id (``ids.action_card``)."""

    kind: ClassVar[str] = "play_action_card"
    card: int


@attrs.frozen
class AsRed(Action):
    kind: ClassVar[str] = "as_red"
    die: int


@attrs.frozen
class QueueDestroy(Action):
    kind: ClassVar[str] = "destroy_queued"
    unit: int
    space: int


@attrs.frozen
class ProbePlace(Action):
    kind: ClassVar[str] = "place_probe"
    card: int
    top: int


# ---------------------------------------------------------------- the Rebel action cards
@attrs.frozen
class SetDie(Action):
    """One in a Million: one of the Rebels' dice of ``colour`` (0 red, 1 black, 2 green) is
    set to ``face`` (0 hit, 1 direct hit, 2 special, 3 blank) instead of rolled (RR-179)."""

    kind: ClassVar[str] = "set_die"
    colour: int
    face: int


DIE_COLOURS = ("red", "black", "green")
DIE_FACES = ("hit", "direct_hit", "special", "blank")


MAX_SLOTS = 12
"""Face-down missions a side can have at once (4 starting + up to 10 in hand, 1 leader each
from at most 8 leaders in the pool: 8 is the real limit)."""

NL = len(LEADERS)
MAX_DAMAGE = 16
"""Damage on one figure (overkill is allowed: 13 dice and 5 card damage at most a round)."""
MAX_DICE = 13
"""Dice in one attack: 5 red, 5 black, 3 green."""
NU = len(UNITS)
MAX_OPTIONS = 3
"""Effects a mission card offers a choice of (Research and Development has 2)."""


@attrs.frozen
class Subvert(Action):
    kind: ClassVar[str] = "subvert"
    slot: int


@attrs.frozen
class QueueDeploy(Action):
    kind: ClassVar[str] = "deploy_queued"
    unit: int
    space: int


ACTION_SPACE = ActionSpace(
    [
        (MissionSet, {"roe": 2}),
        (SystemChoice, {"system": NUM_LOCATIONS}),
        (Place, {"unit": NU, "loc": NUM_LOCATIONS}),
        (Assign, {"card": MISSION_IDS}),
        (Lead, {"leader": NL}),
        (Second, {"leader": NL}),
        (Close, {}),
        (Activate, {"leader": NL}),
        (Move, {"unit": NU, "src": NUM_LOCATIONS}),
        (MoveCaptive, {"leader": NL}),
        (Stop, {}),
        (Pass, {}),
        (RevealBase, {}),
        (Reveal, {"slot": MAX_SLOTS}),
        (Target, {"leader": NL}),
        (Oppose, {"leader": NL}),
        (Join, {"leader": NL}),
        (Tactic, {"card": TACTIC_IDS}),
        (UseAbility, {"which": 3}),
        (Hit, {"unit": NU, "damage": MAX_DAMAGE}),
        (Destroy, {"unit": NU, "damage": MAX_DAMAGE}),
        (Repair, {"unit": NU, "damage": MAX_DAMAGE}),
        (Mark, {"die": MAX_DICE}),
        (Reroll, {}),
        (Spend, {"die": MAX_DICE}),
        (Retreat, {"leader": NL}),
        (Build, {"unit": NU, "loc": NUM_LOCATIONS}),
        (Eliminate, {"leader": NL}),
        (Relocate, {}),
        (Recruit, {"leader": NL}),
        (ActionCardChoice, {"card": ACTION_IDS}),
        (DrawOn, {}),
        (Objective, {"card": OBJECTIVE_IDS}),
        (RemoveMarker, {"system": NUM_SYSTEMS, "marker": len(MARKERS)}),
        (Option, {"which": MAX_OPTIONS + 1}),
        (Keep, {"card": MISSION_IDS}),
        (Discard, {"card": MISSION_IDS}),
        (Deploy, {"unit": NU, "space": 3}),
        (Advance, {"unit": NU, "space": 4}),
        # the Rebel mission deck
        (YodaReroll, {"die": MAX_DICE}),
        (QueueDestroy, {"unit": NU, "space": 4}),
        (ProbePlace, {"card": NUM_SYSTEMS, "top": 2}),
        # the Rise of the Empire mission cards
        (Subvert, {"slot": MAX_SLOTS}),
        (QueueDeploy, {"unit": NU, "space": 4}),
        # the attachment rings
        (BlankDie, {"die": MAX_DICE}),
        (UseRing, {"ring": len(RINGS)}),
        # the action cards
        (PlayActionCard, {"card": ACTION_IDS}),
        (AsRed, {"die": MAX_DICE}),
        # the Rebel action cards (rules/rebel_cards.py)
        (SetDie, {"colour": 3, "face": 4}),
    ]
)
