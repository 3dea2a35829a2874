"""Q*bert keeps every promise of the game contract (boardcade.testing.check_game), in every variant."""

import pytest

import boardcade
from boardcade.games.qbert.game import QbertGame
from boardcade.testing import check_game


@pytest.mark.parametrize(("label", "options"), QbertGame.VARIANTS, ids=[v[0] for v in QbertGame.VARIANTS])
def test_check_game_passes_in_every_variant(label, options):
    """Contract checks (codec, action_info, hidden information, replay, records, rule IDs documented)."""
    report = check_game(boardcade.load_game("qbert", **options), matches=3, seed=11)
    assert report.matches == 3 and report.checks["hidden information"] > 10
