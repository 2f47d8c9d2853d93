"""The web client's static side: the option schema and ui facts it reads, its files, and
that it knows packs only through the API (no pack name in its code but as data)."""

from __future__ import annotations

import json
import re

import pytest

import tabletop
from tabletop.server.web import WEB_DIR

PACKS = ("station_assault", "rebel_space", "rebellion_rote")


@pytest.mark.parametrize("name", PACKS)
def test_option_schema_has_help_and_matches_the_defaults(name: str) -> None:
    game = tabletop.load(name)
    schema = game.options_schema()
    defaults = game.unstructure_options(game.default_options())
    assert schema, name
    for entry in schema:
        assert entry["help"], entry
        assert entry["default"] == defaults[entry["name"]]
        assert entry["type"] in ("bool", "int", "str")
        assert entry["label"] and "_" not in entry["label"], entry  # the lobby's words
        if "choices" in entry:
            assert entry["default"] in entry["choices"]
            assert len(entry["choice_labels"]) == len(entry["choices"]), entry
        if "min" in entry:
            assert entry["min"] <= entry["default"] <= entry["max"]
    names = {e["name"] for e in schema}
    if name == "station_assault":  # a file path and a table are a program's, not a form's
        assert "ship_file" not in names and "ships" not in names
    json.dumps(game.ui)  # the ui facts are JSON


def test_rebellion_ui_places_every_system_and_keeps_the_adjacency_symmetric() -> None:
    ui = tabletop.load("rebellion_rote").ui
    systems = ui["systems"]
    assert len(systems) == 32 and len(ui["adjacent"]) == 32
    assert len({(s["x"], s["y"]) for s in systems}) == 32
    for i, ns in enumerate(ui["adjacent"]):
        for j in ns:
            assert i in ui["adjacent"][j]
    assert {s["region"] for s in systems} == set(range(1, 9))


def test_the_client_is_plain_modules_that_name_no_pack_module() -> None:
    files = {p.name for p in WEB_DIR.iterdir()}
    assert files >= {
        "api.js",
        "app.js",
        "boards.js",
        "dom.js",
        "game.js",
        "index.html",
        "lobby.js",
        "rebellion.js",
        "style.css",
    }
    assert all(f.endswith((".js", ".css", ".html")) for f in files), files
    for js in WEB_DIR.glob("*.js"):
        text = js.read_text()
        for imp in re.findall(r'from "([^"]+)"', text):
            assert imp.startswith("./"), (js.name, imp)  # no CDN, no bundler
        assert "innerHTML" not in text, js.name  # server text is always text
    page = (WEB_DIR / "index.html").read_text()
    for css in WEB_DIR.glob("*.css"):
        assert f'href="/web/{css.name}"' in page, css.name  # every style sheet is linked


# an action's words (or notation) read by a pattern, or cut up: the client finds what an
# action points at in its typed targets, and shows its words only
_PARSE = re.compile(
    r"(?:exec|match|matchAll|test|search|split|replace|replaceAll)\([^)]*\.(?:text|notation)\b"
    r"|\.(?:text|notation)\s*\.\s*(?:match|matchAll|split|replace|replaceAll|search|slice|substring)\("
)


def test_the_client_reads_no_action_words() -> None:
    for js in WEB_DIR.glob("*.js"):
        text = js.read_text()
        assert not _PARSE.search(text), (js.name, _PARSE.search(text))
        assert "CELL" not in text, js.name  # the regular expression of old
    assert _PARSE.search("const m = CELL.exec(a.text);")  # (the check sees one)
    assert _PARSE.search("a.notation.split(' ')")
