"""What a player reads: within every decision of random games of every pack
and mode, no two legal actions read the same (issue 19). For Rebel Space,
whose cards come in copies, two copies that differ in nothing the player can
see are offered once: two actions that differ only in which copy they name
lead to positions that look different."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.bots import RandomBot
from words_check import bad_words

# (pack, options, games): a few seeded random games of each pack and mode.
PLAYS: list[tuple[str, dict[str, Any] | None, int]] = [
    ("rebel_space", None, 8),
    ("station_assault", None, 2),
    ("station_assault", {"mode": "free_for_all", "players": 3}, 1),
    ("station_assault", {"mode": "free_for_all", "players": 5}, 1),
    ("station_assault", {"mode": "teams", "players": 4}, 1),
    ("station_assault", {"mode": "teams", "players": 6}, 1),
    ("rebellion_rote", None, 4),
    ("rebellion_rote", {"setup": "base"}, 2),
    ("rebellion_rote", {"first_game": True}, 2),
]
MAX_STEPS = 2500


def decisions(name: str, options: dict[str, Any] | None, games: int) -> Any:
    """Every decision point of ``games`` seeded random games."""
    game = tabletop.load(name)
    for seed in range(games):
        state = game.new_state(seed=seed, options=options)
        bot = RandomBot(seed)
        for _ in range(MAX_STEPS):
            if state.is_terminal:
                break
            yield state
            state.apply(bot.choose(state))


def ident(name: str, options: dict[str, Any] | None, games: int) -> str:
    return f"{name}-{options or 'default'}"


@pytest.mark.parametrize(("name", "options", "games"), PLAYS, ids=[ident(*p) for p in PLAYS])
def test_no_two_legal_actions_read_the_same(
    name: str, options: dict[str, Any] | None, games: int
) -> None:
    seen = 0
    for state in decisions(name, options, games):
        texts = [state.describe(a) for a in state.legal_actions()]
        same = [t for t, n in Counter(texts).items() if n > 1]
        assert not same, f"{name} step {len(state.history)}: {state.prompt!r} offers {same}"
        seen += 1
    assert seen > 100


def seen_as(view: dict[str, Any], x: int, y: int) -> Any:
    """The card facts of a Rebel Space view with copies ``x`` and ``y`` swapped
    (order within a zone or group left out: it means nothing in the rules)."""

    def sw(c: int) -> int:
        return y if c == x else x if c == y else c

    def ids(cards: list[int]) -> list[int]:
        return sorted(sw(c) for c in cards)

    zones = {
        name: (ids(z.get("cards", [])), ids(z.get("known", [])))
        for name, z in view["zones"].items()
    }
    st = view["state"]
    attack, battle = st["attack"], st["battle"]
    return (
        zones,
        sorted((sw(int(c)), sw(h)) for c, h in st["attached"].items()),
        ids(st["converted"]),
        [ids(g) for g in attack["groups"]],
        [ids(g) for g in attack["blocks"]],
        ids(attack["forming"]),
        ids(attack["used_defenders"]),
        ids(attack["ion_cannons_fired"]),
        ids(battle["attackers"]),
        ids(battle["defenders"]),
        ids(battle["psi"]),
    )


def test_rebel_space_copies_that_look_the_same_are_offered_once() -> None:
    """Two legal actions that differ only in which copy of a card they name
    name copies that some player can tell apart: swapping the two copies
    changes some player's view."""
    from rebel_space.cards import NAME

    checked = 0
    for state in decisions("rebel_space", None, 8):
        by_key: dict[tuple[object, ...], list[tabletop.Action]] = {}
        for a in state.legal_actions():
            fields = attrs.asdict(a, recurse=False)
            key = (
                type(a),
                *((k, NAME[v] if k in ("card", "hero") else v) for k, v in fields.items()),
            )
            by_key.setdefault(key, []).append(a)
        pairs = [same for same in by_key.values() if len(same) > 1]
        views = [state.view(p) for p in range(state.num_players)] if pairs else []
        for same in pairs:
            for i, a in enumerate(same):
                for b in same[i + 1 :]:
                    da, db = attrs.asdict(a, recurse=False), attrs.asdict(b, recurse=False)
                    ((x, y),) = [(da[k], db[k]) for k in da if da[k] != db[k]]
                    assert any(seen_as(v, x, y) != seen_as(v, x, x) for v in views), (
                        f"step {len(state.history)}: {a} and {b} name copies nobody can tell apart"
                    )
                    checked += 1
    assert checked > 0  # some decision offered copies that do look different


# What the lobby shows a person: each option's label, help and choices, in words.
INTERNAL = re.compile(
    r"\b(?:RR|RS|SSA)-\d+|\bTrue\b|\bFalse\b|\bNone\b|\w+_\w+|research|JC\b|'[a-z_]+'"
)


@pytest.mark.parametrize("name", ["rebel_space", "station_assault", "rebellion_rote"])
def test_option_words_are_for_players(name: str) -> None:
    for entry in tabletop.load(name).options_schema():
        words = [entry["label"], entry["help"], *entry.get("choice_labels", [])]
        for text in words:
            assert isinstance(text, str) and text, (name, entry["name"])
            bad = INTERNAL.findall(text)
            assert not bad, f"{name} option {entry['name']!r}: {bad} in {text!r}"
        if "choices" in entry:
            labels = entry["choice_labels"]
            assert len(labels) == len(entry["choices"]) == len(set(labels))


# The card packs' words check (tests/words_check.py) can fail.
def test_the_card_packs_words_check_can_fail() -> None:
    assert bad_words("Free for all (SSA-14)")
    assert bad_words("False: it must fire") and not bad_words("Play True Aim")
    assert bad_words("mode free_for_all")
    assert bad_words("drew 1 cards") and bad_words("drew 2 card") and bad_words("point(s)")
    assert not bad_words("Red drew 10 cards, Black 1 card; Speed 2, Wave 1; a Speed 3 ship")
