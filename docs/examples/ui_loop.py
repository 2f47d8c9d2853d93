"""A complete UI loop on top of tabletop: plays any installed pack.

A terminal "UI" for players sharing one screen. Each step it shows the
deciding player their own view, the prompt and the choices, asks the user,
applies the choice and tells every player what they saw happen. At the end it
prints the result and checks that the game's record replays.

    python docs/examples/ui_loop.py station_assault --seed 7         # scripted user
    python docs/examples/ui_loop.py rebel_space --interactive        # you choose

The tests run it against every installed pack, so this file always works.
"""

# --8<-- [start:imports]
from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import tabletop

Output = Callable[[str], None]
# --8<-- [end:imports]

# --8<-- [start:users]
# A user is a function: given the prompt and the labelled choices, it answers
# with the index of a choice, or with an action typed in text notation.
User = Callable[[str, list[str]], "int | str"]


def first_choice(prompt: str, choices: list[str]) -> int | str:
    """A scripted user that always takes the first choice."""
    return 0


def scripted(*answers: int | str) -> User:
    """A user that gives these answers in turn, then takes first choices."""
    queue = list(answers)

    def answer(prompt: str, choices: list[str]) -> int | str:
        return queue.pop(0) if queue else 0

    return answer


def keyboard(prompt: str, choices: list[str]) -> int | str:
    """A person at the keyboard: a number picks a choice; text is notation."""
    text = input("> ").strip()
    return int(text) if text.isascii() and text.isdigit() else text


# --8<-- [end:users]


# --8<-- [start:show]
def show(view: dict[str, Any], out: Output) -> None:
    """Draw the table as the player of ``view`` sees it: never more."""
    who = view["players"][view["player"]] if view["player"] is not None else "Spectator"
    out(f"--- step {view['step']}, {who}'s view ---")
    # view["cards"]: the public facts of every card id this player can see. JSON
    # object keys are strings, so turn them back into the int ids zones hold.
    cards = {int(k): facts for k, facts in view.get("cards", {}).items()}

    def names(ids: list[int]) -> str:
        return ", ".join(str(cards.get(c, {}).get("name", f"#{c}")) for c in ids)

    for name, zone in view["zones"].items():
        if "cards" in zone:  # a zone this player may look at
            out(f"  {name}: {len(zone['cards'])} cards: {names(zone['cards'])}")
        else:  # someone else's hand, a deck: only the count
            known = f", known to you: {names(zone['known'])}" if zone.get("known") else ""
            out(f"  {name}: {zone['count']} cards{known}")
    if view["state"]:  # the pack's own facts: scores, damage, phase...
        facts = json.dumps(view["state"], sort_keys=True)
        out(f"  {facts if len(facts) <= 300 else facts[:297] + '...'}")


# --8<-- [end:show]


# --8<-- [start:choose]
def choose(
    state: tabletop.State, user: User, out: Output, max_tries: int = 3
) -> list[tabletop.Event]:
    """Offer the legal actions, apply the user's choice, return its events."""
    game = state.game
    actions = state.legal_actions()
    labels = [state.describe(a) for a in actions]
    out(state.prompt)
    for i, (action, label) in enumerate(zip(actions, labels)):
        out(f"  [{i}] {label}    ({action.notation()})")
    for _ in range(max_tries):
        answer = user(state.prompt, labels)
        try:
            if isinstance(answer, int):
                action = actions[answer]
            else:
                action = game.parse(answer)  # ValueError: not an action at all
            return state.apply(action)  # IllegalActionError: not legal now
        except IndexError:
            out(f"  pick a number from 0 to {len(actions) - 1}")
        except tabletop.IllegalActionError as exc:
            out(f"  not now: {exc.reason}")  # the state is unchanged
        except ValueError as exc:
            out(f"  cannot read that: {exc}")
    out("  taking the first choice")
    return state.apply(actions[0])


# --8<-- [end:choose]


# --8<-- [start:tell]
def tell(state: tabletop.State, events: list[tabletop.Event], out: Output) -> None:
    """Give each player the events as they may see them."""
    for player in range(state.num_players):
        name = state.player_name(player)
        for event in events:
            seen = event.seen_by(player)  # None: this player sees nothing of it
            if seen is not None:
                out(f"  {name} sees: {state.narrate(seen)}")


# --8<-- [end:tell]


# --8<-- [start:play]
def play(
    name: str,
    seed: int = 7,
    user: User = first_choice,
    out: Output = print,
    max_steps: int | None = None,
) -> tabletop.State:
    """Play a game of pack ``name`` from ``seed``, asking ``user`` every choice."""
    game = tabletop.load(name)
    state = game.new_state(seed=seed)
    names = [state.player_name(p) for p in range(state.num_players)]
    out(f"{game.title}: {' vs '.join(names)} (seed {seed})")
    while not state.is_terminal:
        if max_steps is not None and len(state.history) >= max_steps:
            out(f"stopped after {max_steps} actions")
            break
        player = state.current_player  # who decides now: not always the turn player
        show(state.view(player), out)
        events = choose(state, user, out)
        tell(state, events, out)
    finish(state, out)
    return state


# --8<-- [end:play]


# --8<-- [start:finish]
def finish(state: tabletop.State, out: Output) -> None:
    """Show the result, and keep the game as a record that replays."""
    if state.is_terminal:
        for player, value in enumerate(state.returns()):
            result = {1.0: "wins", -1.0: "loses"}.get(value, f"scores {value:g}")
            out(f"{state.player_name(player)} {result}")
    record = state.record()  # seed + options + actions: JSON-able
    text = json.dumps(record)
    again = tabletop.replay(text)
    assert tabletop.dumps(again) == tabletop.dumps(state)
    out(f"record: {len(record['actions'])} actions, {len(text)} bytes of JSON, replays exactly")


# --8<-- [end:finish]


# --8<-- [start:server]
def serve_step(state: tabletop.State, player: int, action_id: int) -> dict[str, Any]:
    """One request of a networked UI: ``player`` sends the id of their choice
    (from ``view["legal_actions"]``); they get back their new view."""
    if player != state.current_player:
        raise tabletop.IllegalActionError(action_id, player, "it is not your decision")
    state.apply_id(action_id)  # refuses an illegal id, state unchanged
    return state.view(player)


# --8<-- [end:server]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of: {', '.join(tabletop.games())}")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-steps", type=int, default=None)
    parser.add_argument("--interactive", action="store_true", help="choose at the keyboard")
    args = parser.parse_args()
    user = keyboard if args.interactive else first_choice
    play(args.game, seed=args.seed, user=user, max_steps=args.max_steps)


if __name__ == "__main__":
    main()
