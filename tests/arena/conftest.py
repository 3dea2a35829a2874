"""Games for arena tests: every registered game and variant."""

from __future__ import annotations

import pytest

from boardcade import game_names
from boardcade.core.registry import game_class

VARIANTS = [(name, label, opts) for name in game_names() for label, opts in game_class(name).VARIANTS]


@pytest.fixture(params=VARIANTS, ids=[f"{n}-{label}" for n, label, _ in VARIANTS])
def variant_spec(request):
    """(game name, options) of one variant."""
    name, _label, opts = request.param
    return name, dict(opts)
