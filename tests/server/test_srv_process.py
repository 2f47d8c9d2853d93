"""How ``tabletop serve`` sets up its process: the garbage collector (see tune_gc)."""

from __future__ import annotations

import subprocess
import sys

from tabletop.server import GC_THRESHOLDS


def test_tune_gc_freezes_what_is_loaded_and_sets_the_thresholds() -> None:
    code = (
        "import gc, sys\n"
        "from tabletop.server import tune_gc\n"
        "tune_gc()\n"
        "print(gc.get_threshold(), gc.get_freeze_count() > 10_000,"
        " {'rebel_space', 'rebellion_rote', 'station_assault'} <= set(sys.modules))\n"
        "class Cycle: pass\n"
        "c = Cycle(); c.me = c; del c\n"
        "print(gc.collect() >= 1)\n"  # cycles made later are still collected
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    ).stdout.split("\n")
    assert out[0] == f"{GC_THRESHOLDS} True True"
    assert out[1] == "True"
