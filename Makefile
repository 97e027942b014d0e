# The three commands a newcomer needs: `make run`, `make test` and `make play`.
# All create or reuse .venv and (re)install the project when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: run test play lint bench clean

$(BIN)/python:
	@echo "Creating $(VENV)"
	@$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	@echo "Installing the bot into $(VENV)"
	@$(PIP) -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	@echo "Installing the bot and its test tools into $(VENV)"
	@$(PIP) -e '.[dev]'
	@touch $@ $(VENV)/.installed-run

$(VENV)/.installed-play: pyproject.toml | $(BIN)/python
	@echo "Installing the bot and SimCord into $(VENV)"
	@$(PIP) -e '.[play]'
	@touch $@ $(VENV)/.installed-run

# When the bot stops with an error it has already said why in one line, and make would add its
# own "make: *** [Makefile:NN: run] Error 2". Make prints that for every failed recipe, so the
# recipe ends make itself instead, with SIGPIPE: make has no handler for it (no message, no
# race with its own clean-up) and shells report no death by SIGPIPE. The status stays non-zero
# (141). Where SIGPIPE is ignored the recipe fails the usual way.
run: $(VENV)/.installed-run
	@$(BIN)/python -m bot || { kill -PIPE $$PPID; exit 2; }

# The real bot against SimCord's simulated Discord, in a page on 127.0.0.1 (no token needed).
play: $(VENV)/.installed-play
	@$(BIN)/python -m playground

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy games bot cogs playground loadbench

# Two test processes: the suite is mostly one CPU-bound process at a time (engines, SimCord),
# so it runs in about half the time on two cores.
test: lint
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed-run
	$(BIN)/python -m games.bench the-game --players 3 --games 200 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
