"""The rules site: generated pages are complete, examples run, the strict build passes.

The page generators live in ``docs/hooks/packdocs.py`` and the UI walk-through
in ``docs/examples/ui_loop.py``; both are imported here by path. Every
installed pack is checked, plus two test packs: the toy pack and a variant of
it with card tables, phases and rulings.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import attrs
import pytest

import tabletop
from tabletop import Game, Phase, Ruling

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(Path(__file__).parent))

import toy_pack  # noqa: E402


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


packdocs = _module("packdocs", DOCS / "hooks" / "packdocs.py")
hooks = _module("mkdocs_hooks", DOCS / "hooks" / "mkdocs_hooks.py")
ui_loop = _module("ui_loop", DOCS / "examples" / "ui_loop.py")


# ---------------------------------------------------------------- test packs
@attrs.frozen
class Ship:
    """A card definition with every kind of value the reference must show."""

    name: str
    copies: int
    speed: int
    firepower: int = attrs.field(metadata={"help": "Damage dealt when firing."})
    keywords: tuple[str, ...] = ()
    text: str = ""
    unused: str = ""


SHIPS = [
    Ship("Scout", 6, 1, 1, ("fast",)),
    Ship("Heavy | Cruiser", 5, 4, 2, text="Fires twice.\nOnly at <ships>."),
    Ship("Space Station", 1, 6, 1, ("station", "immobile")),
]
BASES = [Ship("Outpost", 2, 0, 0, text="Never moves.")]


@attrs.define(kw_only=True, slots=True, eq=False)
class CardToyState(toy_pack.ToyState):
    """The toy pack's state, under another game."""


def _card_game() -> Game:
    game = toy_pack.make_game("toy_cards", CardToyState)
    game.title = "Numbers duel with cards"
    game.description = "The toy pack, with card tables, phases and rulings for the docs tests."
    game.cards = {"Ships": SHIPS, "Bases": BASES}
    game.phases = (
        Phase("Choose", "Both players choose a card face down."),
        Phase('Reveal "both"', "The higher card scores."),
        Phase("Draw", "Each player draws one card."),
    )
    game.rulings = (
        Ruling(
            "TOY-01",
            "Hand size",
            "How many cards | in hand?",
            "Three, by default.",
            "tests/test_docs.py::test_card_reference_lists_every_card",
            "hand_size",
        ),
    )
    return game


CARD_GAME = _card_game()
TOY_GAME = toy_pack.GAME


def installed() -> list[Game]:
    """The packs installed through entry points (not those registered by tests)."""
    from importlib.metadata import entry_points

    out = []
    for ep in sorted(entry_points(group="tabletop.games"), key=lambda ep: ep.name):
        try:
            out.append(tabletop.load(ep.name))
        except tabletop.UnknownGameError:
            continue  # a pack that fails to import: its own tests say why
    return out


INSTALLED = installed()
ALL_GAMES = [TOY_GAME, CARD_GAME, *INSTALLED]
ids = [g.name for g in ALL_GAMES]


# The test packs are loaded by import path, which also makes their names
# loadable (for replays) without adding them to ``tabletop.games()``.
SPECS = {TOY_GAME.name: "toy_pack:GAME", CARD_GAME.name: "test_docs:CARD_GAME"}
for _spec in SPECS.values():
    tabletop.load(_spec)


# ---------------------------------------------------------------- generated pages
def _section(markdown: str, heading: str) -> str:
    """The text under ``## heading`` up to the next ``## ``."""
    start = markdown.index(f"\n## {heading}\n")
    end = markdown.find("\n## ", start + 1)
    return markdown[start : end if end != -1 else None]


@pytest.mark.parametrize("game", ALL_GAMES, ids=ids)
def test_card_reference_lists_every_card(game: Game) -> None:
    """Every card of the pack's data has its own row in its group's table."""
    page = packdocs.card_reference(game)
    for group, defs in game.cards.items():
        section = _section(page, packdocs.escape(group))
        rows = [ln for ln in section.splitlines() if ln.startswith("| **")]
        assert len(rows) == len(defs), f"{game.name}: group {group!r}"
        for card in defs:
            name = packdocs.card_name(card)
            cell = f"| **{packdocs.escape(name)}** |"
            assert any(r.startswith(cell) for r in rows), f"{game.name}: {name} missing"


def test_card_reference_reads_dataclasses_and_mappings() -> None:
    """A third-party pack's cards need not be attrs classes to be listed."""
    import dataclasses
    from types import SimpleNamespace

    @dataclasses.dataclass(frozen=True)
    class Unit:
        name: str
        power: int = dataclasses.field(metadata={"help": "How hard it hits."})

    game = SimpleNamespace(
        name="other",
        title="Other",
        cards={"Units": [Unit("Knight", 3)], "Spells": [{"name": "Fireball", "cost": 2}]},
    )
    page = packdocs.card_reference(game)
    assert "| **Knight** | 3 |" in page and "- **Power**: How hard it hits." in page
    assert "| Name | Cost |" in page and "| **Fireball** | 2 |" in page


def test_card_reference_columns_and_values() -> None:
    page = packdocs.card_reference(CARD_GAME)
    ships = _section(page, "Ships")
    header = next(ln for ln in ships.splitlines() if ln.startswith("| Name"))
    assert header == "| Name | Copies | Speed | Firepower | Keywords | Text |"  # Unused: empty
    assert "| **Scout** | 6 | 1 | 1 | fast |  |" in ships
    assert (
        "| **Heavy \\| Cruiser** | 5 | 4 | 2 |  | Fires twice.<br>Only at &lt;ships&gt;. |" in ships
    )
    assert "- **Firepower**: Damage dealt when firing." in ships
    bases = _section(page, "Bases")
    assert "| Name | Copies | Speed | Firepower | Text |" in bases  # no keywords here
    assert "4 card definitions in 2 groups, 14 cards counting copies" in page


@pytest.mark.parametrize("game", ALL_GAMES, ids=ids)
def test_pack_pages_show_all_pack_data(game: Game) -> None:
    pages = packdocs.pack_pages(game)
    assert [p for p, _ in packdocs.GENERATED_PAGES] == list(pages)
    for phase in game.phases:
        assert f"**{packdocs.escape(phase.name)}**" in pages["turn.md"]
    for cls in game.decision_classes:
        assert f"`{cls.kind}`" in pages["turn.md"]
    for cls in game.action_space.classes:
        assert f"### `{cls.kind}` {{#action-{packdocs.slug(cls.kind)}}}" in pages["actions.md"]
    for cls in game.event_classes:
        assert f"| `{cls.kind}` |" in pages["actions.md"]
    assert f"{game.num_distinct_actions} ids in all" in pages["actions.md"]
    for f in attrs.fields(game.options_cls):
        assert f'<a id="option-{packdocs.slug(f.name)}"></a>`{f.name}`' in pages["options.md"]
        if f.metadata.get("help"):
            helptext = packdocs.link_rulings(game, packdocs.escape(f.metadata["help"]))
            assert helptext in pages["options.md"]
    for r in game.rulings:
        assert (
            f'<a id="{packdocs.slug(r.id)}"></a>**{packdocs.escape(r.id)}**' in pages["rulings.md"]
        )
        assert packdocs.test_ref(r.test) in pages["rulings.md"]
    if game.description:
        assert game.description.strip() in pages["index.md"]


@pytest.mark.parametrize("game", ALL_GAMES, ids=ids)
def test_generated_code_examples_run(game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    pages = packdocs.pack_pages(game)
    for page in ("index.md", "options.md"):
        for block in re.findall(r"^```python\n(.*?)^```$", pages[page], flags=re.S | re.M):
            exec(compile(block, f"{game.name}/{page}", "exec"), {"__name__": "docs_example"})


@pytest.mark.parametrize("game", ALL_GAMES, ids=ids)
def test_action_examples_come_from_play(game: Game) -> None:
    """Each example in the catalogue is a real action with its real describe() text."""
    sample = packdocs.sample_actions(game)
    assert sample, f"{game.name}: no action met in the sample games"
    for kind, ex in sample.items():
        action = game.parse(ex["notation"])
        assert action.kind == kind
        assert ex["text"]


def test_toy_pages_in_detail() -> None:
    pages = packdocs.pack_pages(CARD_GAME)
    turn = pages["turn.md"]
    assert "1. **Choose**: Both players choose a card face down." in turn
    # The diagram is inline SVG drawn at build time (no diagram script: the site
    # works offline): a box per phase, arrows, a dashed "next" back to the start.
    svg = turn[turn.index("<svg") : turn.index("</svg>") + 6]
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert texts == [ph.name for ph in CARD_GAME.phases] + ["next"]
    assert "Reveal &quot;both&quot;" in svg
    assert len(list(root.iter(f"{ns}rect"))) == len(CARD_GAME.phases)
    dashed = [p for p in root.iter(f"{ns}path") if p.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].get("marker-end") == "url(#arrow)"
    assert "mermaid" not in turn
    actions = pages["actions.md"]
    assert "| [`choose`](#action-choose) | `choose <card>` | 0..17 |" in actions
    assert "| `describe()` | “Choose the " in actions
    rulings = pages["rulings.md"]
    options = pages["options.md"]
    assert "`hand_size`" in options and "| `int` | `3` |" in options
    assert "(Ruling [TOY-01](rulings.md#toy-01).)" in options
    assert "`tests/test_docs.py`<br>`::test_card_reference_lists_every_card`" in rulings
    rulings = pages["rulings.md"]
    assert "How many cards \\| in hand?" in rulings
    assert "*Option:* [`hand_size`](options.md#option-hand-size)" in rulings
    assert "[Rules](rules.md)" in packdocs.overview_page(CARD_GAME, [("rules.md", "Rules")])
    index = packdocs.games_index([TOY_GAME, CARD_GAME])
    assert "[Numbers duel with cards](toy_cards/index.md)" in index


def test_ruling_ids_become_links_outside_code() -> None:
    text = "see TOY-01 and `TOY-01`, not TOY-02 or XTOY-01"
    linked = packdocs.link_rulings(CARD_GAME, text)
    assert linked == "see [TOY-01](rulings.md#toy-01) and `TOY-01`, not TOY-02 or XTOY-01"


def test_one_off_phases_lead_into_the_cycle() -> None:
    phases = [Phase("Set-up", ""), Phase("Mulligan", ""), Phase("Turn", ""), Phase("End", "")]
    assert packdocs.lead_in(phases) == 2
    assert packdocs.lead_in([Phase("Set-up", "")]) == 0
    assert packdocs.lead_in(CARD_GAME.phases) == 0


def test_empty_pack_pages_say_so() -> None:
    pages = packdocs.pack_pages(TOY_GAME)
    assert "`toy_duel` declares no card tables." in pages["cards.md"]
    assert "`toy_duel` declares no phases." in pages["turn.md"]
    assert "`toy_duel` records no rulings." in pages["rulings.md"]


def test_record_example_is_a_real_record() -> None:
    import json

    text = packdocs.record_example(TOY_GAME, steps=2)
    record = json.loads(text.removeprefix("```json\n").removesuffix("```\n"))
    assert record["format"] == tabletop.RECORD_FORMAT
    assert record["actions"]
    assert len(tabletop.replay(record).history) == len(record["actions"])


# ---------------------------------------------------------------- the UI walk-through
@pytest.mark.parametrize("game", ALL_GAMES, ids=ids)
def test_ui_loop_plays_every_pack(game: Game) -> None:
    lines: list[str] = []
    state = ui_loop.play(SPECS.get(game.name, game.name), seed=3, out=lines.append, max_steps=3000)
    assert lines[0].startswith(f"{game.title}: ")
    assert any(ln.startswith("--- step 0, ") for ln in lines)
    assert lines[-1].endswith("replays exactly")
    if state.is_terminal:
        assert any(ln.endswith((" wins", " loses")) or " scores " in ln for ln in lines)


def test_ui_loop_refuses_bad_input_and_keeps_the_state() -> None:
    lines: list[str] = []
    user = ui_loop.scripted("bogus 1", "choose 0", 7)  # North holds 1, 3 and 4
    state = ui_loop.play("toy_pack:GAME", seed=3, user=user, out=lines.append, max_steps=1)
    assert "  cannot read that: unknown action kind 'bogus'; kinds are: choose, concede" in lines
    assert any(ln.startswith("  not now: it is not one of the 4 legal actions") for ln in lines)
    assert "  pick a number from 0 to 3" in lines
    assert "  taking the first choice" in lines
    assert state.history == [toy_pack.Choose(1)]

    lines.clear()
    user = ui_loop.scripted("choose 99", "choose 3")
    state = ui_loop.play("toy_pack:GAME", seed=3, user=user, out=lines.append, max_steps=1)
    assert any(ln.startswith("  cannot read that: Choose(card=99)") for ln in lines)
    assert state.history == [toy_pack.Choose(3)]


def test_ui_loop_tells_each_player_only_their_secrets() -> None:
    lines: list[str] = []
    ui_loop.play("toy_pack:GAME", seed=3, out=lines.append, max_steps=1)
    assert "  North sees: chose(player=0, card=1)" in lines
    assert "  South sees: chose_hidden(player=0)" in lines


def test_serve_step() -> None:
    state = TOY_GAME.new_state(seed=3)
    view = state.view(0)
    first = view["legal_actions"][0]
    with pytest.raises(tabletop.IllegalActionError):
        ui_loop.serve_step(state, 1, first["id"])
    new_view = ui_loop.serve_step(state, 0, first["id"])
    assert new_view["step"] == 1 and new_view["player"] == 0
    assert "legal_actions" not in new_view  # South decides now


# ---------------------------------------------------------------- examples in the pages
def _python_blocks(page: str) -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


@pytest.mark.parametrize(
    "page", ["index.md", "concepts.md", "records.md", "security.md", "positions.md"]
)
def test_page_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "station_assault" not in [g.name for g in INSTALLED]:
        pytest.skip("the examples play station_assault, which is not installed")
    namespace: dict[str, Any] = {"__name__": "docs_example"}
    for block in _python_blocks(page):
        exec(compile(block, f"docs/{page}", "exec"), namespace)


def _code_lines(text: str) -> list[str]:
    """Statements of a code block or a doctest: prompts, comments and blank lines dropped."""
    out = []
    for line in text.splitlines():
        line = re.sub(r"^(>>>|\.\.\.) ?", "", line.strip()).split("  #")[0].strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def test_home_example_matches_readme() -> None:
    """The home page's first example says what the README's says: every
    statement of it (but the closing print) is in the README's example."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```(?:python|pycon|py)\n(.*?)^```$", readme, flags=re.S | re.M)
    readme_lines = [ln for b in blocks for ln in _code_lines(b)]
    if not readme_lines:
        pytest.skip("the README has no Python example yet")
    home = [ln for ln in _code_lines(_python_blocks("index.md")[0]) if not ln.startswith("print(")]
    missing = [ln for ln in home if ln not in readme_lines]
    assert not missing, f"home page example lines not in the README: {missing}"


# ---------------------------------------------------------------- the hook
def test_written_pages_of_a_pack_sit_beside_its_generated_ones(tmp_path: Path) -> None:
    folder = tmp_path / "games" / "rebellion"
    folder.mkdir(parents=True)
    (folder / "rules.md").write_text("# Star Wars: Rebellion: rules\n\nText.\n")
    (folder / "index.md").write_text("# A file the generated overview replaces\n")
    assert hooks.written_pages(str(tmp_path), "rebellion") == [("rules.md", "Rules")]
    assert hooks.written_pages(str(tmp_path), "absent") == []


def test_extra_packs_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DOCS_EXTRA", "toy_pack:GAME,test_docs:CARD_GAME")
    names = [g.name for g in hooks.installed_games()]
    assert {g.name for g in INSTALLED} | {"toy_duel", "toy_cards"} <= set(names)
    assert len(names) == len(set(names)) and names[-1] == "toy_cards"


def test_api_pages_cover_every_public_module() -> None:
    modules = hooks.api_modules()
    assert {"tabletop.state", "tabletop.game", "tabletop.serial", "tabletop.bots"} <= set(modules)
    assert not [m for m in modules if "._" in m]
    assert "::: tabletop.state" in hooks.api_page("tabletop.state")


# ---------------------------------------------------------------- the site itself
@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once with the test pack added (see the test below)."""
    tmp_path = tmp_path_factory.mktemp("site")
    env = dict(os.environ)
    env["TABLETOP_DOCS_EXTRA"] = "test_docs:CARD_GAME"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "tests"), env.get("PYTHONPATH")]))
    env["NO_MKDOCS_2_WARNING"] = "1"
    out = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    return tmp_path


def test_mkdocs_build_strict(site: Path) -> None:
    """The whole site builds with zero warnings, and a pack that is not part of
    the site's sources (the test pack) gets its pages just by being loadable."""
    tmp_path = site
    cards = (tmp_path / "games" / "toy_cards" / "cards.html").read_text()
    for card in [*SHIPS, *BASES]:
        assert html.escape(card.name, quote=False) in cards
    home = (tmp_path / "index.html").read_text()
    for game in [*INSTALLED, CARD_GAME]:
        assert f"games/{game.name}/" in home  # in the nav of every page
    assert (tmp_path / "api" / "state.html").exists()
    # Offline: the turn diagrams are SVG in the page, no diagram script or web font.
    for game in INSTALLED:
        turn = (tmp_path / "games" / game.name / "turn.html").read_text()
        assert '<svg class="phase-diagram"' in turn and "mermaid" not in turn
    for page in tmp_path.rglob("*.html"):
        text = page.read_text()
        assert "fonts.googleapis.com" not in text and "mermaid" not in text, page
    api = (tmp_path / "api" / "index.html").read_text()
    assert "The <code>format</code> field of a record" in api
    assert "The <code>format</code> field of a saved state" in api
    css = (tmp_path / "stylesheets" / "extra.css").read_text()
    assert ".md-typeset__scrollwrap {\n  overflow-x: auto;" in css  # wide tables scroll
    ui = (tmp_path / "ui.html").read_text()
    pack = (tmp_path / "write-a-pack.html").read_text()
    for page, included in ((ui, '"nf">serve_step<'), (pack, '"nc">ToyState<')):
        assert "8&lt;" not in page  # every snippet was included...
        assert included in page  # ...with its code


_NETWORK_SCRIPT = re.compile(r"<script\b[^>]*\bsrc=[\"']?(?:https?:)?//", re.IGNORECASE)
_CDN_HOSTS = ("unpkg.com", "cdn.jsdelivr.net", "cdnjs.cloudflare.com", "fonts.googleapis.com")


def test_no_page_of_the_site_loads_a_script_from_the_network(site: Path) -> None:
    # The offline plugin's search shim is our vendored copy (docs/javascripts/iframe-worker),
    # with its licence, on every page; no page names a script on another host or a CDN.
    # (The theme's bundle still holds two CDN addresses it fetches only when needed:
    # a ResizeObserver polyfill for a browser without one, and Mermaid for a page with a
    # Mermaid diagram; the site has none, its diagrams are SVG.)
    vendor = _module("vendor_iframe_worker", DOCS / "hooks" / "vendor_iframe_worker.py")
    assert vendor.up_to_date()  # the committed copy is the pinned one
    shim = site / "javascripts" / "iframe-worker" / "shim.js"
    assert shim.read_bytes() == (vendor.HERE / "shim.js").read_bytes()
    assert "Martin Donath" in (shim.parent / "LICENSE").read_text()
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text()
        assert not _NETWORK_SCRIPT.search(text), page
        for host in _CDN_HOSTS:
            assert host not in text, (page, host)
        assert 'iframe-worker/shim.js"></script>' in text, page


def test_the_site_searches_offline_from_disk(site: Path) -> None:
    # A real headless Chromium opens site/index.html as a file, every request that is
    # not a file refused: the search finds pages (its worker started through the shim;
    # with the CDN's shim, refused here, it stays at "Initializing search").
    chromium = Path(os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium"))
    if not chromium.exists():
        pytest.skip(f"{chromium} missing: apt-get install chromium (make test does)")
    sync_api = pytest.importorskip("playwright.sync_api")
    asked: list[str] = []

    def only_files(route: Any) -> None:
        url = route.request.url
        if url.startswith("file:"):
            route.continue_()
        else:
            asked.append(url)
            route.abort()

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(chromium), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            page.route("**/*", only_files)
            page.goto((site / "index.html").as_uri())
            page.keyboard.press("/")  # the theme's search shortcut
            # typed key by key, as a person does (the theme searches on key presses)
            page.locator("input.md-search__input").press_sequentially("replay", delay=30)
            results = page.locator(".md-search-result__item")
            results.first.wait_for(timeout=20_000)
            assert results.count() > 0
            turn = site / "games" / "rebel_space" / "turn.html"
            page.goto(turn.as_uri())
            assert page.locator("svg.phase-diagram").count() > 0  # diagrams draw offline
        finally:
            browser.close()
    assert asked == []


def test_a_bool_field_is_documented_as_true_or_false() -> None:
    page = packdocs.action_catalogue(tabletop.load("rebellion_rote"), {})
    section = page[page.index("### `mission_set`") :]
    section = section[: section.index("\n### ")]
    assert "| `roe` | `true` or `false` (`1` or `0` in the notation) |" in section
    assert "0..1" not in section.split("Action ids")[0]
