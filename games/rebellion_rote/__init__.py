"""Star Wars: Rebellion with Rise of the Empire, the whole game: the board, the rounds, the
units, Cinematic Combat, the starting missions, the project deck, every mission card of
both mission sets, the objectives and reputation, every action card, the attachment rings
and the team game.

Two players: player 0 is the Rebel player, player 1 the Imperial player; option
``players=3`` or ``4`` plays the team game (RR-02, :mod:`.rules.team`): each side an
Admiral and a General, seat 0 still the Rebels and seat 1 the Empire. The pack plays the base game with the Rise of the Empire expansion always on and
Cinematic Combat only (RR-01). Every gap or conflict of the sources is ruled in
``RULINGS.md`` (RR-01..).

What is built and tested:

* **Data** (``data/*.toml``, loaded by :mod:`.data`, each file and most rows
  with their source): the 32 systems (regions, resource icons in order, build
  numbers, remote flags), the adjacency graph, the Rebel Base space, every base
  and Rise of the Empire unit, every leader, the probe deck, the dice faces, the
  time track, the 32 advanced tactic cards (top and bottom abilities in our own
  words and as structured effects), the 4 starting missions of each side, the 12
  Imperial project cards (RR-40), the 27 objective cards (15 base, 12 Rise of the
  Empire; RR-34), the 5 target markers, every action card of both sides (the base
  game's 34 and Rise of the Empire's 16: the leaders each pictures, timing
  keywords, gists in our own words; Track Them a starting card, RR-27; the
  replacement cards, RR-28; RR-33), and the starting-unit lists and first-game
  fixed set-up (``setup.toml``).
* **The board** (:mod:`.board`): per-system and per-side facts as flat lists,
  with the derived predicates: subjugation, loyalty gains, base reveal, both
  win conditions, reputation.
* **Set-up** (:mod:`.rules.setup`): the hidden mission-set choice (RR-04,
  RR-15), starting loyalty from the probe deck, the Death Star Under
  Construction, placing the starting units unit by unit (the Rise of the Empire
  list, the base list or the fixed first-game set-up, RR-03), the secret base,
  the hidden project deck, the starting missions in hand, each side's shuffled
  recruit deck (hidden from both, RR-17), each side's 2 starting action cards drawn
  face down at the end of step 8 (none with the fixed set-up, RR-29); the objective deck (:mod:`.rules.objectives`): Death Star Plans and 4
  random cards for stage III, the same for stage II, 5 random stage I cards on
  top, both card sets in the pools (RR-01), the unused cards out of the game
  unseen; its order hidden from both sides, the stages on the backs public, a
  determinisation re-dealing cards within their stage (RR-17, RR-36); the Rebels'
  first objective drawn (RR-35).
* **Assignment Phase** (:mod:`.rules.assignment`) and the **Command Phase**
  (:mod:`.rules.command`): turns, activation and movement with leader lock and
  transport, the base reveal (forced, or by the Rebels at the start of a turn),
  the captured ring (moving the captive, rescue when its system has no Imperial
  unit left) and the Empire's immediate win.
* **Missions** (:mod:`.rules.missions`): revealing a face-down mission (skill
  requirement with minor skills), its system and target, opposition, the
  roll-off with green dice, and the effects of seven starting missions: Build
  Alliance, Sabotage, Rule by Fear (Imperial loyalty reveals a hidden base
  there), Capture Rebel Operative, Gather Intel (RR-22), Research and
  Development, Infiltration (the top 2 objective cards looked at, one put back on
  top, the other at the bottom, the Rebels knowing both; RR-37), and Rapid
  Mobilization (:mod:`.rules.mobilization`), resolved at the
  end of the Command Phase: up to 5 units from one system to the Rebel Base
  space ignoring adjacency only (RR-26), or relocating the base among the top 4
  probe cards (8 with two leaders), also after the base was revealed, the cards
  looked at hidden from the Empire (RR-17); starting missions go back to hand.
* **The project deck** (:mod:`.rules.projects`, RR-40..RR-47): hidden, drawn by
  Research and Development (draw 2 and keep 1, the other to the bottom; or remove
  a sabotage marker and draw 1), projects held in the Empire's hidden hand,
  assigned and revealed like missions, then discarded face up; an empty deck is
  made again from the discard. Every project card works: Construct Death Star,
  Construct Factory (building from every icon, rebuilding out of supply),
  Construct Super Star Destroyer, Oversee Project (a Death Star only into its
  construction site), Superlaser Online (a destroyed system with everything it
  implies, :mod:`.rules.destroyed`; the Empire wins at once on the base's system,
  even hidden), Interdictor Development and Single Reactor Ignition (RR-13).
* **The Imperial mission deck** (:mod:`.rules.imperial_missions`, RR-71..RR-82): all 20
  cards of the base game (25 with copies; the 12 leader-icon cards in either mission
  set, the rest in the base set): the captives (the captured ring and Carbonite, one
  leader in each, :meth:`.board.Board.is_captive`), a leader lured to the Dark Side
  playing for the Empire (``board.leader_side``), Detained leaders, the objective hand
  shown and one card bottomed, probe cards intercepted, what the Rebels are made to say
  of their base kept public and honoured by the Empire's determinisation
  (:mod:`.rules.base_clues`), counting all skill icons (``count_all``), the build queue,
  region loyalty, Hunt Them Down, Planetary Conquest's move and combat.
* **The mission decks** (:mod:`.rules.mission_deck`, RR-51, RR-52): each side's deck of
  its mission set (the portrait cards always, the no-icon cards with the base set, the
  Darth Vader-icon cards with the Rise of the Empire set), 2 cards drawn at set-up and 2
  each Refresh Phase, used cards face up
  to a discard pile that remakes an empty deck; the portrait bonus (2 successes, or a
  resolve card's extra effect); a mission's "then resolve combat" after its clean-up.
* **The Rebel mission deck** (:mod:`.rules.rebel_missions`, RR-83..RR-94): all 20 cards
  of the base game (25 with copies): the roll-off that waits for abilities on its dice
  and the Master Yoda ring (:mod:`.rules.rings`), Seek Yoda and Luke Skywalker (Jedi),
  Contingency Plan, Misdirection, moving units from the Rebel Base space, gaining units,
  destroying units and queued units by health or icon, rescues, Plant False Lead and
  its secrecy, the objective cards (Covert Operation, For the Greater Good, Stolen Plans).
* **The Rise of the Empire mission cards** (:mod:`.rules.roe_missions`,
  :mod:`.rules.roe_imperial_missions`, :mod:`.rules.roe_rebel_missions`, RR-100..RR-117):
  all 44 cards of the expansion (24 Imperial, 20 Rebel with its projects and the new
  Sabotage): Subversion revealed against the Rebels' attempts, outside the Empire's turn;
  the four missions that recruit a leader into their system; leaders sent back to the
  pool; failure effects and cards that go back to hand; attempts that roll even
  unopposed and count the margin of successes; the mission hand shown, Secret Mission's
  hidden look at the deck, Break Their Will's region, Secure the Plans' marker.
* **Cinematic Combat** (:mod:`.rules.combat`, one module per mechanic, RR-01):
  adding a leader; each battle step's tactic card chosen face down, Rebels
  first, hidden until both are in (RR-15, RR-17); top or bottom ability with its unit requirement, the
  cancel order, extra cards, denied cards; every ability of the 32 cards;
  prevention; card damage and destruction (a destroyed unit still meets
  requirements until both cards are resolved); attacks capped at 5 red, 5 black
  and 3 green dice, Ion Cannons; the leader reroll; specials that remove damage;
  damage die by die; destruction at the end of each battle; structures that
  survive a round their owner rolled in (research §8.6); the lone Death Star
  Under Construction; Shield Bunker protection; retreat with all its limits
  (a leader, destinations, the Interdictor, the Death Star, once a combat),
  forced Rebel retreats; the Golan Arms Turret in the ground battle (RR-23).
  Rogue One rescues the captured leader or removes a target marker, the Rebels
  choosing (RR-39). Death Star Plans (:mod:`.rules.combat.death_star_plans`): 3
  dice, any direct hit destroys a Death Star or a Death Star Under Construction; a
  Rebel fighter needed, no Shield Bunker; rolled from the objective window after
  the space battle (RR-67); the Master Yoda ring may reroll one of its dice (RR-190).
  The combat counts what the objectives need (Imperial
  printed health destroyed by theater, Star Destroyers, the battles fought and won,
  RR-60).
* **Objectives** (:mod:`.rules.objectives`, :mod:`.rules.objective_play`, RR-34,
  RR-35, RR-59..RR-69): the Rebels draw one at set-up step 4 and one in Refresh
  step 4 into their hidden hand (the Empire sees a count and the backs, RR-68); an
  Immediate card is revealed and resolved when drawn. Every card of the deck is
  built, each with its condition (data, checked at load) and reward: reputation
  moves toward the time marker and the Rebels win at once when the two meet.
  "Refresh" cards are played just before Refresh step 1, after Show No Fear's and
  Rebel Cell's start-of-phase reputation (one a Refresh Phase, RR-61); "combat"
  cards at the combat's objective windows, after each battle, after the round's
  end and at the end of the combat (the cards that need a won battle), one a
  combat (RR-59). Playing is always the Rebels' choice. The abilities: Death Star
  Plans, Return of the Jedi, Seize Control, The Long War, A Time for Peace (RR-63,
  the build queue is an option), Show No Fear (the Empire learns the base's system,
  RR-66), Raid Outposts and Rebel Cell with their target markers (RR-64, RR-65).
  ``draw_objectives`` draws objectives for the mission cards that will.
* **Target markers** (:mod:`.rules.markers`): placing (one of a kind per system,
  from the box's 5), removing at checkpoints (the end of every Command turn,
  after Rapid Mobilization, after deployment; Rebels first; optional, one at a
  time; RR-38) by a side with a ground unit where the other has none, the
  removal effect looked up by marker kind (Raid Outposts' reputation, an objective
  leaving play with its last marker), and a destroyed system's markers removed
  with it (``remove_markers``). The objectives place three kinds; Secure the Plans
  comes with the mission decks.
* **The Refresh Phase** (:mod:`.rules.refresh`): the start of the phase (the
  objectives' reputation and window, RR-61), leaders back (captives stay),
  the hand limit of 10 (projects count, starting missions are never discarded),
  2 probe cards, the objective draw (RR-35), the time marker with
  the Rebels' win, recruiting on a recruit icon (:mod:`.rules.recruit`: 2 action
  cards, a leader pictured on one recruited, that card kept face down in the
  action hand, the other to the bottom; drawing on and discarding, RR-30; Rebels
  first, hidden until both are in, RR-15, RR-32; then the pool limit, RR-31),
  building from icons (Rebels first, hidden until both are in; rebuilding a unit
  out of supply), the queue slide and deployment with every limit and the Shield
  Bunker rules, the pool limit of 8, the round cap (RR-18, a draw).
* **Dice** (:mod:`.rules.dice`): rolls from the face table, mission dice pools,
  successes, skill requirements.
* **The team game** (:mod:`.rules.team`, RR-02, RR-180..RR-189): the seats and their
  roles, who decides each decision (by role, leader, theater, mission, step and turn),
  the Command cycle of four roles, the Assignment Phase seat by seat, offers of a side's
  leaders and cards asked of one seat then its teammate (one answer a team: one
  opposing leader, one added leader, one retreat), the team pool limit, the seat's view
  as its side's, shared results.
* **Action cards** (:mod:`.rules.action_cards`, :mod:`.rules.assignment_cards`,
  :mod:`.rules.rebel_cards`, :mod:`.rules.imperial_cards`, :mod:`.rules.gains`; RR-120..RR-138,
  RR-160..RR-179): all 48 in the game (the 50 printed less the two base cards the expansion
  replaces), each with its ability: the play window on public facts (RR-120), every Start
  of Combat card, the Assignment cards, the Immediate cards resolved when gained (at
  set-up or recruited, the Rebels' first), and the Special cards with their windows (the
  end of the Assignment Phase, before a mission's opposition and its dice, after a rescue,
  a success or a failure, before each Rebel roll, after a retreat, the end of a combat,
  the start of an Imperial turn and the end of the Command Phase).
* **Attachment rings** (:mod:`.rules.rings`, RR-84, RR-85, RR-150..RR-156): who may wear
  each (RR-150); the Master Yoda ring's reroll of one die once a round (a mission's
  roll-off, a combat attack, Discredit Rebellion, Death Star Plans, RR-190); C-3PO,
  R2-D2, the Millennium Falcon, K-2SO and Bounty (RR-151..RR-155); Luke Skywalker's Jedi
  path (RR-156). The captive's rings (the captured ring, Frozen in Carbonite, Lure of the
  Dark Side) come with the Imperial missions.
* Positions by names (:mod:`tabletop.positions`; the facts are in :mod:`.position`):
  ``GAME.position(doc)``, and the keyword builder :func:`.position.position` for tests.

The game plays to its end; the pack is registered as ``rebellion_rote``.

>>> from rebellion_rote import GAME
>>> state = GAME.new_state(seed=1)
>>> state.prompt
'Rebel: choose your mission set, face down'
"""

from __future__ import annotations

from pathlib import Path

from tabletop import Decision, Event, Game, Phase, Ruling, read_table

from . import decisions, events
from .actions import ACTION_SPACE
from .battle import IDLE as IDLE_BATTLE
from .belief import belief
from .data import (
    ACTIONS,
    BASE_TACTICS,
    DECK_MISSIONS,
    IMPERIAL,
    LEADERS,
    MARKERS,
    OBJECTIVES,
    PROJECTS,
    REBEL,
    STARTING_MISSIONS,
    TACTICS,
    UNITS,
)
from .facts import system_facts
from .heuristic import heuristic, values
from .observation import OBSERVATION
from .options import RebellionOptions
from .position import FACTS as POSITION_FACTS
from .rules.team import player_name
from .state import RebellionState
from .table import TARGET_KINDS
from .ui import UI
from .upgrade import upgrade_0_2

__all__ = ["GAME", "RULINGS_FILE"]

RULINGS_FILE = Path(__file__).parent / "rulings.toml"


def _classes(module: object, base: type) -> list[type]:
    """The ``base`` subclasses a module defines, in the module's order."""
    return [
        c
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, base) and c is not base
    ]


EVENT_CLASSES = _classes(events, Event)
DECISION_CLASSES = _classes(decisions, Decision)


def _num_players(options: RebellionOptions) -> int:
    """2, or 3 or 4 for the team game (RR-02, :mod:`.rules.team`)."""
    return options.players


def _rulings() -> list[Ruling]:
    return [Ruling(**row) for row in read_table(RULINGS_FILE, "ruling")]


GAME = Game(
    name="rebellion_rote",
    title="Star Wars: Rebellion with Rise of the Empire",
    version="0.3.0",
    record_upgrades={"0.2.0": upgrade_0_2},
    state_cls=RebellionState,
    options_cls=RebellionOptions,
    action_space=ACTION_SPACE,
    event_classes=EVENT_CLASSES,
    decision_classes=DECISION_CLASSES,
    num_players=_num_players,
    player_names=player_name,
    min_players=2,
    max_players=4,
    cards={
        "Systems": system_facts(),
        "Units": UNITS,
        "Leaders": LEADERS,
        "Advanced tactic cards": TACTICS,
        "Starting missions": STARTING_MISSIONS,
        "Project cards": PROJECTS,
        "Imperial mission deck": [m for m in DECK_MISSIONS[IMPERIAL] if m.box == "base"],
        "Imperial mission deck: Rise of the Empire cards": [
            m for m in DECK_MISSIONS[IMPERIAL] if m.box == "roe"
        ],
        "Rebel mission deck": [m for m in DECK_MISSIONS[REBEL] if m.box == "base"],
        "Rebel mission deck: Rise of the Empire cards": [
            m for m in DECK_MISSIONS[REBEL] if m.box == "roe"
        ],
        "Objectives": OBJECTIVES,
        "Target markers": MARKERS,
        "Action cards": ACTIONS,
        "Base tactic cards (not used, RR-01, RR-14)": BASE_TACTICS,
    },
    heuristic=heuristic,
    search={"values": values, "belief": belief},
    description=(
        "The galactic civil war for two: the Empire hunts the hidden Rebel base with "
        "probe droids and overwhelming fleets, while the Rebels win hearts, strike "
        "where they can and hold on until their reputation meets the time marker. "
        "Rise of the Empire adds leaders, units, missions and Cinematic Combat with "
        "advanced tactic cards."
    ),
    rulings=_rulings(),
    phases=[
        Phase("Assignment", "Rebels then Empire put leaders on face-down missions."),
        Phase(
            "Command",
            "Alternate turns, Rebels first: activate a system and move units in, "
            "reveal a mission, or pass.",
        ),
        Phase(
            "Refresh",
            "Retrieve leaders, draw missions, launch probes, draw an objective, "
            "advance time (recruit, build), deploy.",
        ),
    ],
    observation=OBSERVATION,
    ui=UI,
    target_kinds=TARGET_KINDS,
    position_facts=POSITION_FACTS,
    shared_on_load=(IDLE_BATTLE,),
)
