"""The pack's atomic actions and the fixed action-id space.

Every multi-part choice is a sequence of these (RS-14/15/19: a battle group is
formed unit by unit, blocks group by group, casualties one at a time, deploys
card by card). Card fields are instance ids, ``0 <= card < 143`` (Rebel cards
0..75, Imperial cards 76..142, in card-list order). The notation of an action
is its kind and field values, e.g. ``"add 23"`` or ``"psi 140 77"``.

Encoding (``GAME.encode``): the classes in the order of :data:`ACTION_SPACE`,
each a block over its fields (cards 0..142, booleans 0..1, draw 1..2).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

import attrs

from tabletop import Action, ActionSpace

from .cards import NUM_CARDS

__all__ = [
    "ACTION_SPACE",
    "AddUnit",
    "Attach",
    "Block",
    "Boost",
    "Casualty",
    "Choose",
    "CloseGroup",
    "DealDamage",
    "Deploy",
    "Discard",
    "Draw",
    "FinishDeclaring",
    "Fire",
    "LetThrough",
    "Pass",
    "PlayCard",
    "PlayPsi",
    "StartGroup",
    "Target",
]


@attrs.frozen
class Draw(Action):
    """Draw phase: draw ``n`` (1 or 2) cards; Rebel Base and Mysterious Emperor
    add one each on top (RS-05). Notation ``draw 2``."""

    kind: ClassVar[str] = "draw"
    n: int


@attrs.frozen
class StartGroup(Action):
    """Attack phase: start a new battle group, a space group if ``space`` else a
    ground group (RS-14). Notation ``group 1`` (space) / ``group 0`` (ground)."""

    kind: ClassVar[str] = "group"
    space: bool


@attrs.frozen
class AddUnit(Action):
    """Add one unit to the group being formed: an attacking group, or the
    defending group blocking the current attacking group. Notation ``add 23``."""

    kind: ClassVar[str] = "add"
    card: int


@attrs.frozen
class CloseGroup(Action):
    """Close the group being formed (it holds at least one unit). Notation ``close``."""

    kind: ClassVar[str] = "close"


@attrs.frozen
class FinishDeclaring(Action):
    """Stop declaring battle groups; with none declared this is "no attack"
    and the attack phase ends (RS-14). Notation ``attack``."""

    kind: ClassVar[str] = "attack"


@attrs.frozen
class Fire(Action):
    """Defender: the Ion Cannon destroys this attacking Ship, before blocks
    (RS-16). Notation ``fire 44``."""

    kind: ClassVar[str] = "fire"
    card: int


@attrs.frozen
class Block(Action):
    """Defender: block the current attacking group; the blocking group is then
    formed unit by unit with ``add`` (RS-15). Notation ``block``."""

    kind: ClassVar[str] = "block"


@attrs.frozen
class LetThrough(Action):
    """Defender: do not block the current attacking group (RS-15). Notation ``through``."""

    kind: ClassVar[str] = "through"


@attrs.frozen
class DealDamage(Action):
    """Attacker: the unblocked group deals its damage to the defender's deck
    (RS-20). Notation ``damage``."""

    kind: ClassVar[str] = "damage"


@attrs.frozen
class Target(Action):
    """Attacker: the unblocked group targets this opposing unit in play, which
    must block it alone (RS-20). Notation ``target 97``."""

    kind: ClassVar[str] = "target"
    card: int


@attrs.frozen
class PlayPsi(Action):
    """Play the Psi card ``card`` from hand onto the Psionic hero ``hero`` in the
    current battle (RS-22). Notation ``psi 19 0``."""

    kind: ClassVar[str] = "psi"
    card: int
    hero: int


@attrs.frozen
class Boost(Action):
    """Play Surprise Attack (attacker) or Trap (defender): every attacking or
    defending unit gets +2 Space if ``space`` else +2 Ground for the rest of this
    attack phase (RS-23). Notation ``boost 70 0``."""

    kind: ClassVar[str] = "boost"
    card: int
    space: bool


@attrs.frozen
class PlayCard(Action):
    """Play an Act or State card from hand: Multiple Targets in the attack
    phase, the end-phase cards in the end phase (RS-23/24); a card that needs a
    target then asks for it with ``choose``. Notation ``play 68``."""

    kind: ClassVar[str] = "play"
    card: int


@attrs.frozen
class Choose(Action):
    """Choose the target of the card just played: the hero to take control of,
    the hero to take into hand, the facility to destroy (RS-24). Notation ``choose 76``."""

    kind: ClassVar[str] = "choose"
    card: int


@attrs.frozen
class Casualty(Action):
    """The loser of a battle picks one of the winner's units to destroy (RS-19).
    Notation ``loss 9``."""

    kind: ClassVar[str] = "loss"
    card: int


@attrs.frozen
class Deploy(Action):
    """Deploy phase: deploy this card from hand for its cost (RS-07); an item or
    companion then asks for its hero with ``attach``. Notation ``deploy 30``."""

    kind: ClassVar[str] = "deploy"
    card: int


@attrs.frozen
class Attach(Action):
    """Attach the item or companion being deployed to this hero (RS-07/11).
    Notation ``attach 2``."""

    kind: ClassVar[str] = "attach"
    hero: int


@attrs.frozen
class Discard(Action):
    """End phase: discard this card from a hand above the limit (RS-08).
    Notation ``discard 12``."""

    kind: ClassVar[str] = "discard"
    card: int


@attrs.frozen
class Pass(Action):
    """Decline the current option: hold the Ion Cannon's fire, pass in a Psi
    exchange, play no (more) Surprise Attack or Trap, end the deploy phase, end
    the end phase. Notation ``pass``."""

    kind: ClassVar[str] = "pass"


_C = NUM_CARDS
_A = TypeVar("_A", bound=Action)

ACTION_SPACE = ActionSpace(
    [
        (Draw, {"n": (1, 2)}),
        (StartGroup, {"space": 2}),
        (AddUnit, {"card": _C}),
        (CloseGroup, {}),
        (FinishDeclaring, {}),
        (Fire, {"card": _C}),
        (Block, {}),
        (LetThrough, {}),
        (DealDamage, {}),
        (Target, {"card": _C}),
        (PlayPsi, {"card": _C, "hero": _C}),
        (Boost, {"card": _C, "space": 2}),
        (PlayCard, {"card": _C}),
        (Choose, {"card": _C}),
        (Casualty, {"card": _C}),
        (Deploy, {"card": _C}),
        (Attach, {"hero": _C}),
        (Discard, {"card": _C}),
        (Pass, {}),
    ]
)


# ---------------------------------------------------------------- made once
# Actions are frozen, so the legal-action generators hand out these shared
# instances instead of making new ones on every decision.
def _each_card(cls: type[_A]) -> tuple[_A, ...]:
    return tuple(cls(c) for c in range(NUM_CARDS))  # type: ignore[call-arg]


ADD_UNIT = _each_card(AddUnit)
FIRE = _each_card(Fire)
TARGET = _each_card(Target)
PLAY_CARD = _each_card(PlayCard)
CHOOSE = _each_card(Choose)
CASUALTY = _each_card(Casualty)
DEPLOY = _each_card(Deploy)
DISCARD_CARD = _each_card(Discard)
ATTACH = tuple(Attach(h) for h in range(NUM_CARDS))
"""``ADD_UNIT[c]`` is ``AddUnit(c)``, and so on for each action naming one card."""
DRAW = {1: Draw(1), 2: Draw(2)}
START_GROUP = (StartGroup(False), StartGroup(True))
"""``START_GROUP[space]``."""
CLOSE_GROUP = CloseGroup()
FINISH_DECLARING = FinishDeclaring()
BLOCK = Block()
LET_THROUGH = LetThrough()
DEAL_DAMAGE = DealDamage()
PASS = Pass()
