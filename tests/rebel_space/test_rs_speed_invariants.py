"""What the fast paths of the pack rely on.

* A clone shares ``host`` and most attack and battle lists with its original (the rules
  replace those lists, never change them in place), and shared actions and decisions are
  frozen: moves played on a clone must leave the original exactly as it was, and back.
* The generators pass their cards through ``distinct_copies``, which builds full keys
  only for cards of which two copies are offered: the legal actions must be exactly what
  the plain rule keeps of everything the generators would offer (every action naming a
  card keyed by everything a player sees of that card), in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from rs_helpers import find, play, position

from rebel_space import GAME, RebelSpaceState
from rebel_space.cards import DEF, IS_HERO
from rebel_space.rules import attack, battle, effects, turn
from rebel_space.rules.flow import HANDLERS
from rebel_space.rules.units import attachments
from tabletop import Action, Rng

PACK_FIELDS = [f.name for f in attrs.fields(RebelSpaceState) if not f.name.startswith("_")]


def snapshot(s: RebelSpaceState) -> str:
    """Every field a move can change, as text."""
    fields = [(name, getattr(s, name)) for name in PACK_FIELDS if name not in ("game", "log")]
    zones = [(k, ids, s.known.get(k, {})) for k, ids in s.zones.items()]
    return repr((fields, zones, len(s.log), len(s.history)))


def random_games(seeds: range) -> Iterator[tuple[RebelSpaceState, list[Action]]]:
    """Each state of random games from ``seeds``, with its legal actions (one of
    which is then played)."""
    for seed in seeds:
        s = GAME.new_state(seed=seed)
        rng = Rng(seed)
        while not s.is_terminal:
            legal = s.legal_actions()
            yield s, legal
            s.apply(legal[rng.below(len(legal))])


def test_a_move_on_a_clone_leaves_the_original_as_it_was() -> None:
    host_changes = battles = steps = 0
    earlier: list[tuple[RebelSpaceState, str]] = []  # clones of the last 12 states
    for s, legal in random_games(range(4)):
        # The original moved on: the clones made before are as they were.
        earlier = [(c, text) for c, text in earlier if c.seed == s.seed][-12:]
        for c, text in earlier:
            assert snapshot(c) == text, (s.seed, len(c.history), len(s.history))
        before = snapshot(s)
        for action in {legal[0], legal[-1]}:
            c = s.clone()
            c.apply(action)
            host_changes += c.host != s.host
            battles += c.b_att != s.b_att
            assert snapshot(s) == before, (s.seed, len(s.history), action)
        c = s.clone()
        earlier.append((c, snapshot(c)))
        steps += 1
    assert (steps, host_changes, battles) == (2037, 30, 135)


def test_the_ion_cannon_on_a_clone_leaves_the_original_group() -> None:
    """The Ion Cannon takes a Ship out of a declared group in place (rare in random games)."""
    s = position(
        turn=1,
        step="attack_start",
        zones={
            "active1": ["Space Cruiser", "Space Cruiser", "Interceptors"],
            "active0": ["Ion Cannon", "Stunt Fighters"],
        },
    )
    c1, c2 = sorted((find(s, "Space Cruiser", nth=0), find(s, "Space Cruiser", nth=1)))
    inter = find(s, "Interceptors")
    play(s, "group 1", f"add {c1}", f"add {c2}", f"add {inter}", "close")
    assert s.prompt.startswith("Rebel: Ion Cannon fires")
    before = snapshot(s)
    c = s.clone()
    play(c, f"fire {c1}")
    assert c.groups == [[c2, inter]]
    assert snapshot(s) == before
    kept = snapshot(c)
    play(s, f"fire {c1}", "through")
    assert s.groups == [[c2, inter]]
    assert snapshot(c) == kept


def full_visible(s: RebelSpaceState, card: int) -> tuple[object, ...]:
    """Everything a player can see of ``card``, spelt out in full (the plain rule)."""
    zname = next((name for name, ids in s.zones.items() if card in ids), "")
    known = tuple(sorted(p for p, ids in s.known.get(zname, {}).items() if card in ids))
    att = tuple(sorted(DEF[c] for c in attachments(s, card))) if IS_HERO[card] else ()
    return (
        DEF[card],
        zname,
        s.host[card],
        att,
        known,
        tuple(i for i, g in enumerate(s.groups) if card in g),
        tuple(i for i, g in enumerate(s.blocks) if card in g),
        card in s.attacked,
        card in s.used,
        card in s.forming,
        card in s.ion_used,
        card in s.b_att,
        card in s.b_def,
        card in s.battle_psi,
        card in s.cas_units,
        card == s.pending,
    )


def plain_one_per_copy(s: RebelSpaceState, actions: list[Action]) -> list[Action]:
    """Keep the first of the actions that read the same up to copies of a card."""
    out: list[Action] = []
    kept: set[object] = set()
    for a in actions:
        card = getattr(a, "card", None)
        if card is not None:
            other = tuple(v for k, v in attrs.asdict(a).items() if k != "card")
            key = (type(a), other, full_visible(s, card))
            if key in kept:
                continue
            kept.add(key)
        out.append(a)
    return out


def every_copy(s: RebelSpaceState, cards: list[int]) -> list[int]:
    return cards


def test_legal_actions_are_what_the_plain_rule_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = dropped = 0
    for s, _ in random_games(range(20, 24)):
        for t in (s, s.resample(1 - (s.current_player or 0), len(s.history))):
            legal = t.legal_actions()
            top = t.stack[-1]
            with monkeypatch.context() as m:
                for module in (attack, battle, effects, turn):
                    m.setattr(module, "distinct_copies", every_copy)
                raw = HANDLERS[top.kind][0](t, top.player)
            assert len(set(raw)) == len(raw), "a generator listed one action twice"
            assert legal == plain_one_per_copy(t, raw)
            checked += 1
            dropped += len(raw) - len(legal)
    assert (checked, dropped) == (3646, 1204)
