"""What a Rebellion player reads (issue 19): tactic abilities in words, rerolls
that name the die, quoted card names, both build queues, no "built from" for a
project, "with no damage". Positions are found along seeded random games."""

from __future__ import annotations

import ast
import re

from rebellion_rote import GAME
from rebellion_rote import actions as A
from rebellion_rote import decisions as D
from rebellion_rote.data import TACTICS
from rebellion_rote.render import die_words, loc_name
from tabletop.bots import RandomBot


def states(games: int = 6):  # type: ignore[no-untyped-def]
    for seed in range(games):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        while not s.is_terminal and len(s.history) < 3000:
            yield s
            s.apply(bot.choose(s))


def test_words_along_random_games() -> None:
    seen: set[str] = set()
    for s in states():
        top = s.stack[-1]
        for a in s.legal_actions():
            text = s.describe(a)
            if isinstance(a, A.Tactic):
                t = TACTICS[a.card]
                assert text == f"Choose '{t.name}' (top: {t.top.text}; bottom: {t.bottom.text})"
                seen.add("tactic")
            if isinstance(a, A.UseAbility) and a.which:
                t = TACTICS[top.card]
                ability = t.top if a.which == 1 else t.bottom
                assert text.endswith(f" ability: {ability.text}")
                seen.add("ability")
            if isinstance(a, A.Mark):
                assert (
                    text
                    == f"Mark die {a.die + 1} ({die_words(*s.battle.dice[a.die])}) for the reroll"
                )
                seen.add("mark")
            if isinstance(a, (A.Hit, A.Repair)):
                assert " with 0 damage" not in text
                if a.damage == 0:
                    assert text.endswith(" with no damage")
                    seen.add("no damage")
        if isinstance(top, D.AttackActions):
            roll = ", ".join(die_words(c, f) for c, f in s.battle.dice) or "no dice"
            assert s.prompt.endswith(f"; the roll: {roll}")
            seen.add("roll")
        for e in s.log[-3:]:
            if e.kind == "built":
                queue = r"onto queue space [123] of the (Rebel|Imperial) build queue"
                if e.by_card:  # a card put it there: no system built it
                    assert re.fullmatch(rf"1 .+ put {queue} by a card", s.narrate(e))
                else:
                    assert re.fullmatch(rf"1 .+ built from .+'s icons {queue}", s.narrate(e))
                seen.add("built")
    assert seen >= {"tactic", "ability", "mark", "no damage", "roll", "built"}


def test_board_shows_both_queues_plurals_and_the_empires_probe_cards() -> None:
    s = GAME.new_state(seed=1)
    bot = RandomBot(1)
    while s.round < 2 and not s.is_terminal:
        s.apply(bot.choose(s))
    empire = s.render(1)
    assert re.search(r"^Rebel build queue: 1: .*; 2: .*; 3: .*$", empire, re.M)
    assert re.search(r"^Imperial build queue: 1: .*; 2: .*; 3: .*$", empire, re.M)
    names = ", ".join(loc_name(c) for c in s.zones["probe_hand"].cards) or "(none)"
    assert f"Your probe cards: {names}" in empire.splitlines()
    assert "probe cards:" not in s.render(0) and "probe cards:" not in s.render(None)
    assert re.search(r"\b[2-9] (TIE Fighter|Stormtrooper|X-wing|Rebel Trooper)s\b", empire)
    assert not re.search(r"\b[2-9] (TIE Fighter|Stormtrooper|X-wing|Rebel Trooper)\b(?!s)", empire)


def test_played_cards_are_named_apart() -> None:
    """The card statistics of `tabletop analyze` name what an action plays: a mission
    card put face down by name, a tactic card chosen in combat as "... (tactic card)",
    since the Rebel tactic card Deployment and the Imperial mission Deployment are two
    cards; leaders and systems play no card."""
    from rebellion_rote.data import MISSIONS, TACTICS
    from tabletop.bots import RandomBot

    named: dict[str, set[str]] = {"assign": set(), "tactic": set(), "other": set()}
    for seed in range(3, 9):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        while not s.is_terminal and len(s.history) < 3000:
            a = bot.choose(s)
            got = s._played_card(a)
            kind = a.kind if a.kind in named else "other"
            if got is not None:
                named[kind].add(got)
            s.apply(a)
        if named["tactic"]:
            break
    assert named["other"] == set()
    assert named["assign"] and named["assign"] <= {m.name for m in MISSIONS}
    assert named["tactic"] and all(x.endswith(" (tactic card)") for x in named["tactic"])
    assert {x.removesuffix(" (tactic card)") for x in named["tactic"]} <= {t.name for t in TACTICS}


def test_a_finished_game_says_how_it_ended() -> None:
    """The prompt of a finished game names the winner and the reason (issue 19)."""
    for seed in (1, 2):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        while not s.is_terminal:
            s.apply(bot.choose(s))
        over = [e for e in s.log if e.kind == "game_over"][-1]
        winner = ("The Rebels win", "The Empire wins")[over.winner]
        assert s.prompt == f"The game is over: {winner}: {over.reason}"
        assert s.view(None)["prompt"] == s.prompt


def _first_check(test: ast.expr) -> ast.expr:
    while isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        test = test.values[0]
    return test


def test_each_describer_speaks_for_exactly_what_its_checks_begin_with() -> None:
    """``render.speaks_for`` lets a describer answer "" at once for a choice it does
    not describe; that is right only if every one of its checks begins with
    ``isinstance(a, X)`` or ``isinstance(top, Y)`` of a listed X or Y. Read from the
    source, so a describer changed without its list fails here."""
    import inspect

    from rebellion_rote import render

    marked = {
        name: fn for name, fn in vars(render).items() if hasattr(fn, "speaks_for") and callable(fn)
    }
    assert len(marked) == 6
    for name, fn in marked.items():
        tree = ast.parse(inspect.getsource(inspect.unwrap(fn)))
        body = tree.body[0].body  # type: ignore[attr-defined]
        if isinstance(body[0], ast.Expr):  # the docstring
            body = body[1:]
        *checks, last = body
        assert ast.unparse(last) == "return ''", name
        actions: set[str] = set()
        decisions: set[str] = set()
        for st in checks:
            assert isinstance(st, ast.If), (name, ast.unparse(st))
            first = _first_check(st.test)
            assert isinstance(first, ast.Call) and ast.unparse(first.func) == "isinstance", (
                name,
                ast.unparse(st.test),
            )
            who, cls = first.args
            names = cls.elts if isinstance(cls, ast.Tuple) else [cls]
            into = {"a": actions, "top": decisions}[ast.unparse(who)]
            into.update(ast.unparse(n) for n in names)
        declared_a, declared_d = fn.speaks_for
        assert {f"A.{c.__name__}" for c in declared_a} == actions, name
        assert {f"D.{c.__name__}" for c in declared_d} == decisions, name
