"""Cross-check cards.toml against the printed card lists of the source rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rebel_space.cards import CARDS

SOURCE = Path("/work/shared/seeds/rebel-space-rules.txt")
TYPES = {"Comp": "Companion", "Compan": "Companion"}
ROW = re.compile(
    r"^(?P<name>.+?) (?P<type>Hero|Comp|Compan|Item|Ground|Space|G/S|Psi|Act|State) (?P<n>\d+)"
    r"(?: (?P<g>\d+) (?P<s>\d+) (?P<d>\d+) (?P<cost>\d+|-))?(?: (?P<notes>.*))?$"
)


def printed_rows() -> list[dict[str, object]]:
    text = SOURCE.read_text()
    out = []
    for side, start, end in (
        ("Rebel", "REBEL CARD LIST", "IMPERIAL CARD LIST"),
        ("Imperial", "IMPERIAL CARD LIST", "GAME DESIGNERS NOTES"),
    ):
        block = text[text.index(start) : text.index(end)].splitlines()[2:]
        for line in block:
            m = ROW.match(line.strip())
            assert m, line
            out.append({"side": side, **m.groupdict()})
    return out


@pytest.mark.skipif(not SOURCE.exists(), reason="the source rules are not on this machine")
def test_card_data_matches_the_printed_lists() -> None:
    rows = printed_rows()
    assert [r["name"] for r in rows] == [c.name for c in CARDS]
    for r, c in zip(rows, CARDS):
        assert c.side == r["side"], c.name
        assert c.type == TYPES.get(str(r["type"]), r["type"]), c.name
        assert c.count == int(str(r["n"])), c.name
        if r["g"] is not None:
            assert (c.ground, c.space, c.damage) == (int(r["g"]), int(r["s"]), int(r["d"])), c.name
            assert c.cost == (0 if r["cost"] == "-" else int(str(r["cost"]))), c.name
        else:
            assert (c.ground, c.space, c.damage, c.cost) == (0, 0, 0, 0), c.name
        notes = str(r["notes"] or "")
        assert c.notes == notes, c.name
        for word, flag in (
            ("Pilot", "pilot"),
            ("Captain", "captain"),
            ("Psionic", "psionic"),
            ("Fighter", "fighter"),
            ("Facility", "facility"),
            ("Defense", "defense"),
            ("May Attack", "may_attack"),
            ("extra card", "extra_draw"),
        ):
            assert (word in notes) == c.has(flag), (c.name, flag)
        # Ships: the units whose notes say just "Ship" (RS-09).
        assert c.has("ship") == (notes == "Ship"), c.name
