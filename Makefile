# Two commands on a fresh machine with Python 3.11+ and make:
#   make run    start the main program: the web server on http://127.0.0.1:8000 (SQLite in your data folder),
#               with the engines compiled where a C compiler is present (docs/compiled.md)
#   make test   lint, check the built wheel and run the whole test suite, then the engine tests again compiled
#               (installs every extra; needs root or sudo for apt when Debian's chromium, PostgreSQL 15 or a C
#               compiler is missing)
#   make compiled   build the compiled mode beside the source (build/compiled/src; see docs/compiled.md)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two install levels in one environment: what serving needs (web extra), and everything (all extras + dev).
STAMP_WEB := $(VENV)/.installed-web
STAMP_ALL := $(VENV)/.installed-all

.PHONY: run play test test-compiled lint install check-wheel clean bench compiled

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

# The server runs the compiled mode where a C compiler is present (built once, then kept up to date), else pure.
run: $(STAMP_WEB)
	bash scripts/serve.sh $(BIN)

play: $(STAMP_WEB)
	$(BIN)/boardcade play qbert --seat human --seat greedy

lint: $(STAMP_ALL)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

check-wheel: $(STAMP_ALL)
	$(BIN)/python scripts/check_wheel.py

# The compiled mode: a copy of src/ with the engine modules compiled by Cython (incremental).
COMPILED_SRC := $(CURDIR)/build/compiled/src
compiled: $(STAMP_ALL)
	$(BIN)/python scripts/build_compiled.py

# `make test` runs the whole suite in the pure mode (the .py files, the reference) with the compiled mode built
# first (Cython from the dev extra; a C compiler installed when missing), so the pure run's differential test
# (tests/core/test_compiled.py) compares both modes; then the engine tests (games and core, under a minute) run
# again compiled. The compiled mode is optional for users (the .py files run anywhere), not for the tests.
# `make test-compiled` is that compiled pass alone.
COMPILED_TESTS := tests/games tests/core

test: lint
	bash scripts/ensure-chromium.sh
	bash scripts/ensure-postgres.sh
	bash scripts/ensure-compiler.sh $(BIN)/python
	$(BIN)/python scripts/check_wheel.py
	$(BIN)/python scripts/build_compiled.py
	BOARDCADE_EXPECT_MODE=pure BOARDCADE_COMPILED_SRC=$(COMPILED_SRC) $(BIN)/python -m pytest -q
	BOARDCADE_EXPECT_MODE=compiled PYTHONPATH=$(COMPILED_SRC) $(BIN)/python -m pytest -q -p no:cacheprovider \
		$(COMPILED_TESTS)

test-compiled: compiled
	BOARDCADE_EXPECT_MODE=compiled PYTHONPATH=$(COMPILED_SRC) $(BIN)/python -m pytest -q -p no:cacheprovider \
		$(COMPILED_TESTS)

# The engines' speed; with the compiled mode beside the pure one where this machine can build it.
bench: $(STAMP_ALL)
	@mkdir -p build
	@if $(BIN)/python scripts/build_compiled.py > build/compiled.log 2>&1; then \
		$(BIN)/python benchmarks/engine.py --compiled; \
	else \
		echo "the compiled mode cannot be built here (build/compiled.log): the pure mode only"; \
		$(BIN)/python benchmarks/engine.py; \
	fi

clean:
	rm -rf $(VENV) build dist src/*.egg-info
