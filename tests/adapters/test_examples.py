"""The training example runs (for seconds here; minutes make its curve)."""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_train_station_assault_runs(capsys: object) -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import train_station_assault
    finally:
        sys.path.remove(str(EXAMPLES))
    curve = train_station_assault.main(
        ["--seconds", "2", "--eval-every", "1", "--eval-games", "2", "--seed", "3"]
    )
    assert len(curve) >= 2
    assert curve[0]["episodes"] == 0 and curve[-1]["episodes"] > 0
    assert all(0.0 <= point["win_rate"] <= 1.0 for point in curve)


def test_rl_page_examples_run(capsys: object) -> None:
    import re
    from typing import Any

    text = (EXAMPLES.parent / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)
    assert len(blocks) == 3
    for block in blocks:
        namespace: dict[str, Any] = {"__name__": "docs_example"}
        exec(compile(block, "docs/rl.md", "exec"), namespace)
