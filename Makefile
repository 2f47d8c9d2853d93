# `make run` and `make test` are all the set-up a user needs: each creates
# .venv with python3 -m venv and installs what it needs into it.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PYTHON ?= python3
export NO_MKDOCS_2_WARNING := 1

.PHONY: run demo test lint typecheck pytest docs vendor bench thorough clean chromium ladder ladder-write-a-bot

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(PY) -m pip install --quiet -e '.[dev,docs,analysis,ray,rl,server,web,agents,bench]'
	touch $(STAMP)

# The front door: the game server with the web client, on ./tabletop.db, on loopback.
# Ctrl-C stops it; every game is in the database and goes on at the next `make run`.
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP)
	$(VENV)/bin/tabletop serve --host $(HOST) --port $(PORT) --db sqlite:///tabletop.db

# The narrated text demo: a game of each pack simulated and told in the terminal.
demo: $(STAMP)
	$(VENV)/bin/tabletop list
	$(VENV)/bin/tabletop demo

# The web client's browser tests drive Debian's chromium (Playwright never downloads one).
chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium missing: sudo apt-get install chromium (the browser tests skip without it)"; fi; \
	fi

test: lint typecheck pytest docs

lint: $(STAMP)
	$(VENV)/bin/ruff check src games tests benchmarks docs
	$(VENV)/bin/ruff format --check src games tests benchmarks docs

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP) chromium vendor
	$(PY) -m pytest

docs: $(STAMP) vendor
	@if [ -f mkdocs.yml ]; then $(VENV)/bin/mkdocs build --strict --quiet; fi

# The offline site's search shim (iframe-worker, MIT), committed in docs/javascripts/:
# checked against its pinned SHA-256, fetched from registry.npmjs.org only when missing.
vendor:
	$(PYTHON) docs/hooks/vendor_iframe_worker.py

thorough: $(STAMP) chromium vendor
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/run.py

# `make ladder` plays every pack's committed ladder again (games/<pack>/ladder.json, shown
# on the pack's Bot ladder page; the tests replay a few of its games to catch a strength
# regression); `make ladder-rebel_space` one pack's. Long: the search bots think at every
# decision. The result does not depend on LADDER_WORKERS; a file is replaced only by a
# finished run.
LADDER_WORKERS ?= 2
LADDER_rebel_space     := --bots random,greedy,mcts:45,mcts:180 -n 20 --seed 0
LADDER_station_assault := --bots random,greedy,mcts:55,mcts:220 -n 20 --seed 0
LADDER_rebellion_rote  := --bots random,greedy,mcts:20,mcts:75 -n 20 --seed 0
LADDER_PACKS := rebel_space station_assault rebellion_rote
ladder: $(addprefix ladder-,$(LADDER_PACKS))

# The "Write a bot" page's ladder: the docs' example bots against the library's.
LADDER_write_a_bot := --bots random,greedy,write_a_bot:Aggressor,write_a_bot:Lookahead,write_a_bot:MonteCarlo,mcts:220 -n 10 --seed 0
ladder-write-a-bot: $(STAMP)
	PYTHONPATH=docs/examples $(VENV)/bin/tabletop ladder station_assault $(LADDER_write_a_bot) \
	  --workers $(LADDER_WORKERS) --json --quiet > write_a_bot_ladder.json.tmp
	$(PY) docs/examples/ladder_snippet.py write_a_bot_ladder.json.tmp docs/examples/write_a_bot_ladder.md
	rm write_a_bot_ladder.json.tmp

ladder-%: $(STAMP)
	$(VENV)/bin/tabletop ladder $* $(LADDER_$*) --workers $(LADDER_WORKERS) --json \
	  > games/$*/ladder.json.tmp
	mv games/$*/ladder.json.tmp games/$*/ladder.json

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache .hypothesis
