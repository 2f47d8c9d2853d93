"""The benchmark scripts run and print what their docs say (no timing is asserted)."""

from __future__ import annotations

import importlib.util
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_run_reports_every_figure_and_the_ratio_to_python_chess() -> None:
    pytest.importorskip("chess")
    out = io.StringIO()
    with redirect_stdout(out):
        assert script("run").main(["station_assault", "--games", "2", "--chess", "1"]) == 0
    doc = json.loads(out.getvalue())
    assert doc["reference"]["decisions_per_s"] > 0
    (r,) = doc["results"]
    assert r["game"] == "station_assault"
    for key in ["clone_us", "dumps_us", "loads_trusted_us", "view_us", "state_kib"]:
        assert r[key] > 0
    assert r["games_per_gib"] == round(1024 * 1024 / r["finished_state_kib"])
    ratio = r["ratio_to_chess"]["checked"]
    want = r["playout_checked"]["decisions_per_s"] / doc["reference"]["decisions_per_s"]
    assert ratio == pytest.approx(want)


def test_run_measures_each_pack_in_a_process_of_its_own() -> None:
    pytest.importorskip("chess")
    out = io.StringIO()
    with redirect_stdout(out):
        argv = ["station_assault", "rebel_space", "--games", "1", "--chess", "1"]
        assert script("run").main(argv) == 0
    doc = json.loads(out.getvalue())
    assert doc["isolated"] is True
    assert [r["game"] for r in doc["results"]] == ["station_assault", "rebel_space"]
    for r in doc["results"]:  # each pack's ratio is to the reference of its own process
        reference = doc["references"][r["game"]]["decisions_per_s"]
        want = r["playout_checked"]["decisions_per_s"] / reference
        assert r["ratio_to_chess"]["checked"] == pytest.approx(want)
    assert doc["reference"] == doc["references"]["station_assault"]


def test_rebellion_strength_names_the_objective_that_moved_reputation() -> None:
    """Reputation events carry the objective's card id, which the benchmark names."""
    from rebellion_rote.data import OBJECTIVES
    from rebellion_rote.events import ReputationGained
    from rebellion_rote.ids import objective_card

    bench = script("rebellion_strength")
    event = ReputationGained(amount=1, reputation=9, card=objective_card(0))
    assert bench._reason([event]) == f"objective: {OBJECTIVES[0].name}"
