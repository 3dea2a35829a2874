"""`boardcade.testing.check_game` on every variant of Atari's Centipede: the contract and property checks
(legal actions, codec and action_info, illegal actions, clones, replay and records, views, hidden information
under resampling, documented rule IDs, returns, teams) along seeded random matches."""

from __future__ import annotations

import pytest

import boardcade
from boardcade.core import game_class
from boardcade.testing import check_game

VARIANTS = game_class("atari_centipede").VARIANTS


@pytest.mark.parametrize(("label", "options"), VARIANTS, ids=[label for label, _ in VARIANTS])
def test_AC_12_1_check_game_passes_on_every_variant(label, options):
    """AC-12.1 (hidden hands under resampling), AC-3.4 (every match ends), and the whole game contract."""
    for seed in (0, 1):
        report = check_game(boardcade.load_game("atari_centipede", **options), matches=2, seed=seed)
        assert report.matches == 2 and report.checks["hidden information"] > 0


def test_AC_2_3_check_game_passes_with_random_setup_and_a_short_cap():
    """AC-2.3 (random seeding is a chance node with its own codec), AC-3.5 (capped matches end as draws)."""
    for players in (2, 4):
        game = boardcade.load_game("atari_centipede", players=players, setup="random", max_rounds=3)
        report = check_game(game, matches=2, seed=3)
        assert report.checks["terminal"] == 2
