from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile(
    "quick",
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many generated cases the fuzz suite (tests/test_fuzz.py) ran, per entry point."""
    cases = getattr(sys.modules.get("test_fuzz"), "CASES", None)
    if not cases:
        return
    by_entry: dict[str, dict[str, int]] = {}
    for (entry, pack), n in cases.items():
        by_entry.setdefault(entry, {})[pack] = n
    terminalreporter.section("fuzz: generated cases per entry point")
    for entry, packs in by_entry.items():
        detail = ", ".join(f"{p} {n}" for p, n in sorted(packs.items()))
        terminalreporter.write_line(f"{entry:<28} {sum(packs.values()):>7}  ({detail})")
    terminalreporter.write_line(f"{'total':<28} {sum(cases.values()):>7}")
