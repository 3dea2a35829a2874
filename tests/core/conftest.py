"""Fixtures for the game-contract tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcade.core import register_game, unregister_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def pig(monkeypatch):
    """examples/pig, a game from outside the package, registered by its spec (its GameSpec); unregistered after."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    spec = register_game("pig.spec:SPEC")
    yield spec
    unregister_game("pig")
