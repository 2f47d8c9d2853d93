# `make run` and `make test` are all the set-up a user needs: each creates
# .venv with python3 -m venv and installs what it needs into it.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PYTHON ?= python3
export NO_MKDOCS_2_WARNING := 1

.PHONY: run test lint typecheck pytest docs bench thorough clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,docs,analysis,ray,rl,server]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/tabletop list
	$(VENV)/bin/tabletop demo

test: lint typecheck pytest docs

lint: $(STAMP)
	$(VENV)/bin/ruff check src games tests benchmarks docs
	$(VENV)/bin/ruff format --check src games tests benchmarks docs

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(PY) -m pytest

docs: $(STAMP)
	@if [ -f mkdocs.yml ]; then $(VENV)/bin/mkdocs build --strict --quiet; fi

thorough: $(STAMP)
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache .hypothesis
