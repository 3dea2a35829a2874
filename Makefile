# Two commands on a fresh machine with Python 3.11+ and make:
#   make run    start the main program: the web server on http://127.0.0.1:8000 (SQLite in your data folder)
#   make test   lint and run the whole test suite (installs Debian's chromium for the browser tests if missing)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test lint install clean bench

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("boardcade needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,all]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/boardcade serve

play: $(STAMP)
	$(BIN)/boardcade play qbert --seat human --seat greedy

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	bash scripts/ensure-chromium.sh
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
