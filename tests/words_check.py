"""What a player reads in the card packs (prompts, choices, the log, the lobby): no rule
ids, no Python values, no snake_case, plurals right. Used by each pack's words tests."""

from __future__ import annotations

import re

BAD = [
    (re.compile(r"\b(?:RS|SSA|RR)-\d"), "a rule id"),
    (re.compile(r"\b(?:True(?! Aim)|False|None)\b"), "a Python value"),  # True Aim: a card
    (re.compile(r"\b[a-z]+_[a-z0-9_]+\b"), "snake_case"),
    (re.compile(r"\w\(s\)"), "a plural left open"),
    (re.compile(r"(?<![\d.,-])1 (?:cards|ships|points|waves|dice|units)\b"), "1 with a plural"),
    (
        re.compile(r"(?<!Speed )(?<![\d.,-])(?:0|[2-9]|\d\d+) (?:card|ship|point|wave|die|unit)\b"),
        "a number above 1 with a singular",
    ),
]


def bad_words(text: str) -> list[str]:
    return [f"{why}: {m.group(0)!r} in {text!r}" for rx, why in BAD for m in rx.finditer(text)]
