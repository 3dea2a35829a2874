"""boardcade.testing.check_game on every variant of mb_centipede: the whole contract, with fixed seeds."""

from __future__ import annotations

import pytest

from boardcade.core import game_class, load_game
from boardcade.testing import check_game


@pytest.mark.parametrize("label,options", game_class("mb_centipede").VARIANTS)
def test_check_game_on_every_variant(label, options):
    report = check_game(load_game("mb_centipede", **options), matches=4, seed=11)
    assert report.matches == 4 and report.checks["replay and records"] == 4
    assert report.checks["legal actions and action_info"] > 20
