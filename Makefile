# The two commands a newcomer needs: `make run` and `make test`.
# Both create or reuse .venv and (re)install the project when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python -m bot

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy games bot

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-run
	$(BIN)/python -m games.bench the-game --players 3 --games 200 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
