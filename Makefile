# Two commands on a fresh machine with Python 3.11+ and make:
#   make run    start the main program: the web server on http://127.0.0.1:8000 (SQLite in your data folder)
#   make test   lint, check the built wheel and run the whole test suite (installs every extra; needs root or
#               sudo for apt when Debian's chromium or PostgreSQL 15 is missing)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two install levels in one environment: what serving needs (web extra), and everything (all extras + dev).
STAMP_WEB := $(VENV)/.installed-web
STAMP_ALL := $(VENV)/.installed-all

.PHONY: run play test lint install check-wheel clean bench

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit("boardcade needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_WEB): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(STAMP_WEB)

$(STAMP_ALL): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,all]'
	touch $(STAMP_ALL) $(STAMP_WEB)

install: $(STAMP_ALL)

run: $(STAMP_WEB)
	$(BIN)/boardcade serve

play: $(STAMP_WEB)
	$(BIN)/boardcade play qbert --seat human --seat greedy

lint: $(STAMP_ALL)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

check-wheel: $(STAMP_ALL)
	$(BIN)/python scripts/check_wheel.py

test: lint
	bash scripts/ensure-chromium.sh
	bash scripts/ensure-postgres.sh
	$(BIN)/python scripts/check_wheel.py
	$(BIN)/python -m pytest -q

bench: $(STAMP_ALL)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
