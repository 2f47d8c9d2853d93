"""What a Rebellion player reads (issue 19): tactic abilities in words, rerolls
that name the die, quoted card names, both build queues, no "built from" for a
project, "with no damage". Positions are found along seeded random games."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest
from rr_helpers import give_action

from rebellion_rote import GAME
from rebellion_rote import actions as A
from rebellion_rote import decisions as D
from rebellion_rote.data import LEADERS, TACTICS, UNITS
from rebellion_rote.ids import action_card, tactic_of
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
                t = TACTICS[tactic_of(a.card)]
                assert text == f"Choose '{t.name}' (top: {t.top.text}; bottom: {t.bottom.text})"
                seen.add("tactic")
            if isinstance(a, A.UseAbility) and a.which:
                t = TACTICS[top.card]
                ability = t.top if a.which == 1 else t.bottom
                assert text.endswith(f" ability: {ability.text}")
                seen.add("ability")
            if isinstance(a, A.Mark):
                bt = s.battle
                values = {
                    LEADERS[x].name: (LEADERS[x].space, LEADERS[x].ground)[top.theater]
                    for x in s.board.leaders_at(bt.system, top.player)
                    if not s.board.is_captive(x)
                }
                v = max(values.values())
                leader = next(n for n, k in values.items() if k == v)
                first = bt.marked[-1] + 1 if bt.marked else 0
                expected = (
                    f"Mark die {a.die + 1} ({die_words(*bt.dice[a.die])}) for the reroll "
                    f"({leader}'s tactic value {v}: mark {len(bt.marked) + 1} of {v})"
                )
                if a.die == first + 1:
                    expected += (
                        f"; marks go in die order, so die {first + 1} can then no longer be marked"
                    )
                    seen.add("mark skips")
                if a.die == first:
                    assert text == expected
                    seen.add("mark")
                elif a.die == first + 1:
                    assert text == expected
                else:
                    assert text.startswith(expected + "; marks go in die order, so dice ")
            if isinstance(a, (A.Hit, A.Repair)):
                assert " with 0 damage" not in text
                health = UNITS[a.unit].health - (
                    1 if s.battle.point_blank and UNITS[a.unit].health > 1 else 0
                )
                so_far = "no damage yet" if a.damage == 0 else f"{a.damage} damage so far"
                assert text.endswith(f" {UNITS[a.unit].name} (health {health}, {so_far})")
                if a.damage == 0:
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
    assert seen >= {"tactic", "ability", "mark", "mark skips", "no damage", "roll", "built"}


def test_board_shows_both_queues_plurals_and_the_empires_probe_cards() -> None:
    s = GAME.new_state(seed=1)
    bot = RandomBot(1)
    while s.round < 2 and not s.is_terminal:
        s.apply(bot.choose(s))
    empire = s.render(1)
    assert re.search(r"^Rebel build queue: 1: .*; 2: .*; 3: .*$", empire, re.M)
    assert re.search(r"^Imperial build queue: 1: .*; 2: .*; 3: .*$", empire, re.M)
    names = ", ".join(loc_name(c) for c in s.zones["probe_hand"]) or "(none)"
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


# ---------------------------------------------------------------- issue 25: what a player reads
INTERNAL_WORDS = [
    (re.compile(r"\b(?:RR|RS|SSA)-\d+"), "a rule id"),
    (re.compile(r"research|\bJC\b"), "a source note"),
    (
        re.compile(r"\bTrue\b|(?<!Plant )\bFalse\b(?! Orders)|\bNone\b(?! of yours)"),
        "a Python value",
    ),
    (re.compile(r"[{}]|\[\]|\(\)"), "a Python value"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an internal name"),
    (
        re.compile(
            r"\b1 (?:dice|cards|leaders|units|successes|icons|systems|missions|rounds|"
            r"spaces|objectives|markers|ships)\b"
        ),
        "a plural after 1",
    ),
    (
        re.compile(
            r"\b(?:0|[2-9]|\d{2,}) (?:die|card|leader|unit|success|icon|system|mission|"
            r"round|space|objective|marker|ship)(?![-\w])(?! card)"
        ),
        "a singular after a number",
    ),
]
WORD_PLAYS: list[tuple[dict[str, object] | None, int]] = [
    (None, 30),
    ({"setup": "base"}, 8),
    ({"first_game": True}, 8),
    ({"setup": "fixed"}, 6),
    ({"players": 3}, 6),
    ({"players": 4}, 8),
]


def bad_words(text: str) -> list[str]:
    return [f"{why}: {m.group(0)!r}" for rx, why in INTERNAL_WORDS for m in [rx.search(text)] if m]


@pytest.mark.parametrize(("options", "games"), WORD_PLAYS, ids=[str(o) for o, _ in WORD_PLAYS])
def test_no_internal_words_and_no_two_choices_alike(
    options: dict[str, object] | None, games: int
) -> None:
    """Along seeded random games of every mode: no decision offers two legal actions that
    read the same, and no prompt, action or log line carries a rule id, a source note, a
    Python value, an internal name or a wrong plural (issue 25)."""
    decisions = 0
    for seed in range(games):
        s = GAME.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        while not s.is_terminal and len(s.history) < 3000:
            prompt = s.prompt
            assert not bad_words(prompt), (seed, prompt, bad_words(prompt))
            texts = [s.describe(a) for a in s.legal_actions()]
            same = [t for t, n in Counter(texts).items() if n > 1]
            assert not same, f"seed {seed} step {len(s.history)}: {prompt!r} offers {same}"
            for t in texts:
                assert not bad_words(t), (seed, prompt, t, bad_words(t))
            decisions += 1
            s.apply(bot.choose(s))
        for e in s.log:
            line = s.narrate(e)
            assert line and not bad_words(line), (seed, e, line, bad_words(line))
        assert not bad_words(s.prompt), s.prompt
    assert decisions > 100 * games


def test_the_internal_words_check_can_fail() -> None:
    for text in (
        "Rebel rerolled 1 dice: hit",
        "The Rebels drew 1 cards",
        "2 card",
        "Rebel rolled direct_hit",
        "help (RR-03)",
        "False: no",
        "the research's reading",
    ):
        assert bad_words(text), text
    for text in (
        "Rebel rerolled die 1: now hit",
        "False Orders: Darth Vader went back",
        "Plant False Lead",
        "None of yours: leave it to the Rebel General",
        "more than 10 mission cards in hand (11)",
        "2 TIE Fighters",
    ):
        assert not bad_words(text), text


def test_the_option_help_is_for_players_and_keeps_the_ruling_ids_as_data() -> None:
    """The lobby's words (issue 25): labels, help and choice labels in words, no rule ids or
    Python values; the ruling each option plays stays in the field's metadata."""
    import attrs

    from rebellion_rote.options import RebellionOptions

    schema = {e["name"]: e for e in GAME.options_schema()}
    for e in schema.values():
        for text in (e["label"], e["help"], *e.get("choice_labels", [])):
            assert text and not bad_words(text), (e["name"], text)
            assert not re.search(r"'[a-z]+'", text), (e["name"], text)
    assert schema["setup"]["choice_labels"] == [
        "Rise of the Empire set-up",
        "Base game set-up",
        "First-game fixed set-up",
    ]
    assert schema["players"]["label"] == "Players"
    rulings = {f.name: f.metadata.get("ruling") for f in attrs.fields(RebellionOptions)}
    assert rulings == {
        "setup": "RR-03",
        "first_game": "RR-04",
        "time_for_peace": "RR-63",
        "max_rounds": "RR-18",
        "players": "RR-02",
    }


def test_a_build_says_the_systems_it_passes() -> None:
    """Builds go in system order (one canonical order for a set of builds): a build says
    which systems' builds it ends, and the prompt says the rule (issue 25)."""
    from rebellion_rote.actions import Build

    for seed in range(40):
        s = GAME.new_state(seed=seed)
        bot = RandomBot(seed)
        while not s.is_terminal and not isinstance(s.stack[-1], D.BuildUnits):
            s.apply(bot.choose(s))
        if s.is_terminal:
            continue
        builds = [a for a in s.legal_actions() if isinstance(a, Build)]
        locs = sorted({a.loc for a in builds})
        if len(locs) < 3:
            continue
        assert s.prompt.endswith(
            "builds go in the order of the systems listed, so building from a system passes "
            "the systems listed before it"
        )
        first = next(a for a in builds if a.loc == locs[0])
        assert s.describe(first) == f"Build 1 {UNITS[first.unit].name} from {loc_name(first.loc)}"
        third = next(a for a in builds if a.loc == locs[2])
        assert s.describe(third) == (
            f"Build 1 {UNITS[third.unit].name} from {loc_name(third.loc)} (then no more builds "
            f"from {loc_name(locs[0])} or {loc_name(locs[1])})"
        )
        s.apply(third)
        after = {a.loc for a in s.legal_actions() if isinstance(a, Build)}
        assert locs[0] not in after and locs[1] not in after  # the words said so
        return
    raise AssertionError("no build step with three systems to build from")


def test_our_most_desperate_hour_offers_copies_once() -> None:
    """The clash of issue 25: two copies of a card in the deck (Hidden Fleet in the base
    set, Safe Haven here) read the same; copies are one choice, as in every other card
    choice of the pack."""
    from rebellion_rote.actions import Keep, PlayActionCard
    from rebellion_rote.data import MISSIONS
    from rebellion_rote.ids import mission_of
    from rebellion_rote.position import position

    s = position(phase="assignment")
    i = give_action(s, 0, "Our Most Desperate Hour")  # a starting card: it recruited nobody
    s.apply(PlayActionCard(action_card(i)))
    assert isinstance(s.stack[-1], D.DesperateSearch)
    deck = s.zones["mission_deck0"]
    names = [MISSIONS[mission_of(c)].name for c in deck]
    copies = {n for n in names if names.count(n) > 1}
    assert {"Reconnaissance", "Safe Haven"} <= copies  # the Rise of the Empire set's copies
    offered = [MISSIONS[mission_of(a.card)].name for a in s.legal_actions() if isinstance(a, Keep)]
    assert sorted(offered) == sorted(set(names))
    texts = [s.describe(a) for a in s.legal_actions()]
    assert len(set(texts)) == len(texts)
    assert "Our Most Desperate Hour: assign Princess Leia to Safe Haven, face down" in texts
