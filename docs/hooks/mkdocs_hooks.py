"""MkDocs hooks: add the pages generated from the installed rule packs.

* ``on_config`` expands the ``Games`` and ``API reference`` entries of the nav:
  one section per installed pack (``tabletop.games()``), one page per public
  module of the library, and the design decisions under ``docs/adr/``.
* ``on_files`` adds those pages as virtual files, written by ``packdocs``.
* ``on_page_markdown`` fills the ``<!-- generated: ... -->`` markers of the
  written pages (the home page's games list, a real record, the UI
  walk-through's output).

Set ``TABLETOP_DOCS_EXTRA="module:attr,..."`` to add packs that are not
installed (the tests add their test packs this way), and ``extra: source_url:``
in mkdocs.yml to link each ruling's test to the sources.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import logging
import os
import pkgutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import packdocs
from mkdocs.structure.files import File, Files

import tabletop

log = logging.getLogger("mkdocs.hooks.tabletop")

GAMES_TAB = "Games"
API_TAB = "API reference"
DESIGN_TAB = "Design decisions"


def installed_games() -> list[tabletop.Game]:
    """The installed packs, then the extra ones named in the environment."""
    out = [tabletop.load(name) for name in tabletop.games()]
    for spec in filter(None, os.environ.get("TABLETOP_DOCS_EXTRA", "").split(",")):
        game = tabletop.load(spec.strip())
        if all(g.name != game.name for g in out):
            out.append(game)
    return out


def ui_sample(game: tabletop.Game, steps: int = 3, max_lines: int = 60) -> str:
    """The first lines the UI walk-through prints for ``game``."""
    path = Path(__file__).parent.parent / "examples" / "ui_loop.py"
    spec = importlib.util.spec_from_file_location("ui_loop", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if game.name not in tabletop.games():
        tabletop.register(game)
    lines: list[str] = []
    module.play(game.name, seed=7, out=lines.append, max_steps=steps)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], "..."]
    return "```text\n" + "\n".join(lines) + "\n```\n"


def games_list(games: list[tabletop.Game]) -> str:
    """The installed games as a list for the home page."""
    if not games:
        return "No rule pack is installed.\n"
    lines = []
    for g in games:
        about = packdocs.first_paragraph(g.description)
        lines.append(f"- **[{g.title}](games/{g.name}/index.md)** (`{g.name}`): {about}")
    return "\n".join(lines) + "\n"


def api_modules() -> list[str]:
    """The library's public modules and subpackages, by import name."""
    names = []
    for info in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def api_page(module: str) -> str:
    return (
        f"# `{module}`\n\n"
        f"::: {module}\n"
        "    options:\n"
        "      show_root_heading: false\n"
        "      show_submodules: false\n"
    )


def module_summary(module: str) -> str:
    """The first paragraph of a module's docstring, read without importing it
    (``tabletop.testing`` needs hypothesis, which a docs-only install lacks)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return ""
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    return packdocs.first_paragraph(packdocs.plain_roles(ast.get_docstring(tree) or ""))


def attribute_doc(module: str, name: str) -> str:
    """The docstring written under ``name = ...`` at the top level of ``module``."""
    mod = sys.modules.get(module)
    path = getattr(mod, "__file__", None)
    if not path:
        return ""
    body = ast.parse(Path(path).read_text(encoding="utf-8")).body
    for node, after in itertools.pairwise(body):
        targets = node.targets if isinstance(node, ast.Assign) else []
        named = any(isinstance(t, ast.Name) and t.id == name for t in targets)
        if named and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            return str(after.value.value)
    return ""


def api_index(modules: list[str]) -> str:
    """The API tab's front page: every name ``tabletop`` exports, then the modules."""
    rows = []
    for name in tabletop.__all__:
        obj = getattr(tabletop, name)
        mod = getattr(obj, "__module__", None)
        if isinstance(obj, str) or mod not in modules:  # a constant: who defines it?
            loaded = (sys.modules.get(m) for m in modules)
            mod = next((m.__name__ for m in loaded if m and name in vars(m)), None)
        if mod is None:
            continue
        target = mod.removeprefix("tabletop.").replace(".", "/") + ".md"
        if callable(obj):  # constants without a docstring have no anchor of their own
            target += f"#{mod}.{name}"
        if callable(obj):
            about = packdocs.first_paragraph(packdocs.doc_of(obj))
        else:  # a constant: its attribute docstring, the string after it in the source
            about = packdocs.first_paragraph(attribute_doc(mod, name))
            target += f"#{mod}.{name}"
        rows.append([f"[`tabletop.{name}`]({target})", f"`{mod}`", packdocs.escape(about)])
    body = [
        "# API reference\n",
        "Generated from the docstrings of the library when the site is built. "
        "Everything below is importable from `tabletop` directly:\n",
        packdocs.table(["Name", "Defined in", "What it is"], rows),
        "## Modules\n",
    ]
    for m in modules:
        summary = module_summary(m)
        path = m.removeprefix("tabletop.").replace(".", "/") + ".md"
        body.append(f"- [`{m}`]({path}): {summary}")
    return "\n".join(body) + "\n"


def written_pages(docs_dir: str, name: str) -> list[tuple[str, str]]:
    """Hand-written pages of a pack under ``docs/games/<name>/`` (file, title)."""
    folder = Path(docs_dir, "games", name)
    out = []
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        if path.name in dict(packdocs.GENERATED_PAGES) or path.name == packdocs.LADDER_PAGE[0]:
            continue
        title = next(
            (
                ln[2:].strip()
                for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.startswith("# ")
            ),
            path.stem.replace("-", " ").capitalize(),
        )
        if ":" in title:
            title = title.rsplit(":", 1)[1].strip().capitalize()
        out.append((path.name, title))
    return out


_pages: dict[str, str] = {}
_markers: dict[str, str] = {}


def on_config(config: Any) -> Any:
    """Build every generated page and put them in the nav."""
    _pages.clear()
    docs_dir = config["docs_dir"]
    games = installed_games()
    _markers.clear()
    _markers["<!-- generated: games-list -->"] = games_list(games)
    if games:
        _markers["<!-- generated: record-example -->"] = packdocs.record_example(games[0])
        _markers["<!-- generated: ui-sample -->"] = ui_sample(games[0])
    source_url = config.get("extra", {}).get("source_url")
    games_nav: list[Any] = ["games/index.md"]
    _pages["games/index.md"] = packdocs.games_index(games)
    for game in games:
        written = written_pages(docs_dir, game.name)
        section: list[Any] = []
        for path, title in written:
            section.append({title: f"games/{game.name}/{path}"})
        pages = packdocs.pack_pages(game, written, source_url)
        for path, title in packdocs.GENERATED_PAGES:
            _pages[f"games/{game.name}/{path}"] = pages[path]
            entry = {title: f"games/{game.name}/{path}"}
            if path == "index.md":
                section.insert(0, entry)
            else:
                section.append(entry)
        ladder = packdocs.ladder_page(game)  # only for a pack with a committed ladder
        if ladder is not None:
            path, title = packdocs.LADDER_PAGE
            _pages[f"games/{game.name}/{path}"] = ladder
            section.append({title: f"games/{game.name}/{path}"})
        games_nav.append({game.title: section})

    modules = api_modules()
    api_nav: list[Any] = ["api/index.md"]
    _pages["api/index.md"] = api_index(modules)
    for m in modules:
        path = "api/" + m.removeprefix("tabletop.").replace(".", "/") + ".md"
        _pages[path] = api_page(m)
        api_nav.append({f"{m}": path})

    adr = sorted(p.name for p in Path(docs_dir, "adr").glob("*.md"))
    adr_nav = [f"adr/{n}" for n in adr if n == "index.md"] + [
        f"adr/{n}" for n in adr if n != "index.md"
    ]

    nav = []
    for entry in config["nav"] or []:
        key = next(iter(entry)) if isinstance(entry, dict) else None
        if key == GAMES_TAB:
            nav.append({GAMES_TAB: games_nav})
        elif key == API_TAB:
            nav.append({API_TAB: api_nav})
        elif key == DESIGN_TAB:
            if adr_nav:
                nav.append({DESIGN_TAB: adr_nav})
        else:
            nav.append(entry)
    config["nav"] = nav
    return config


def on_files(files: Files, config: Any) -> Files:
    names = {path.split("/")[1] for path in _pages if path.startswith("games/") and "/" in path[6:]}
    for file in list(files):
        parts = file.src_uri.split("/")
        if len(parts) == 3 and parts[0] == "games" and parts[1] not in names:
            # Written pages of a pack that is not installed (or failed to load):
            # one clear warning instead of a broken link per ruling.
            log.warning(
                f"docs/{file.src_uri}: no pack named {parts[1]!r} is loadable; page left out"
            )
            files.remove(file)
    for path, content in _pages.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Fill the markers of hand-written pages with generated text."""
    for marker, text in _markers.items():
        markdown = markdown.replace(marker, text)
    return markdown
