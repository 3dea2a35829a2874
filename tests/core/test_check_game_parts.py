"""check_game checks the parts a GameSpec declares (the renderer draws, the heuristic stays in [-1, 1], tensors
stay in bounds, scenarios round-trip) and that the same seed gives the same match; a game that breaks one of
these promises is named with what is wrong."""

from __future__ import annotations

import dataclasses
import random

import pytest

from boardcade.core import game_spec, load_game, register_game
from boardcade.testing import GameCheckError, check_game


@pytest.mark.parametrize("name", ["qbert", "mb_centipede", "atari_centipede"])
def test_check_game_covers_every_part_of_the_spec(name):
    report = check_game(name, matches=1, seed=5, every=11, parts_every=3)
    for check in ("renderer", "heuristic in [-1, 1]", "tensors in bounds", "same seed, same match"):
        assert report.checks.get(check, 0) >= 1, (check, report.checks)
    assert report.checks["scenario round trip"] == 1 and not report.skipped


def _with(spec, **parts) -> None:
    register_game(dataclasses.replace(spec, **parts), replace=True)


def test_a_heuristic_outside_minus_one_to_one_is_named(pig):
    _with(pig, heuristic=lambda state, player: 2.0)
    with pytest.raises(GameCheckError, match=r"heuristic gave player 0 the value 2.0, outside \[-1, 1\]"):
        check_game("pig", matches=1, seed=1)


def test_a_heuristic_that_changes_the_state_is_named(pig):
    def meddling(state, player):
        if not state.is_terminal() and not state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        return 0.0

    _with(pig, heuristic=meddling)
    with pytest.raises(GameCheckError, match="the heuristic changed the state it evaluated"):
        check_game("pig", matches=1, seed=1)


def test_a_renderer_that_draws_nothing_is_named(pig):
    _with(pig, renderer=lambda obs: "")
    with pytest.raises(GameCheckError, match=r"the renderer drew nothing for observation\(None\)"):
        check_game("pig", matches=1, seed=1)


def test_a_game_drawing_randomness_of_its_own_is_named(pig, monkeypatch):
    """A die the game rolls itself, not through its chance node: its matches neither replay from their history
    nor repeat from their seed."""
    game = load_game("pig")
    cls = type(game.new_initial_state())
    real = cls._apply
    noise = random.Random()

    def apply(self, action):
        real(self, noise.randrange(6) if self.is_chance_node() else action)

    monkeypatch.setattr(cls, "_apply", apply)  # undone after the test: the class is left as it was
    with pytest.raises(GameCheckError, match="replaying the history does not give the same state|from seed"):
        check_game(game, matches=2, seed=1)


def test_a_scenario_builder_must_build_the_games_own_state(pig):
    _with(pig, scenario=lambda game, **description: load_game("pig").new_initial_state())
    with pytest.raises(GameCheckError, match="a state of the game it is given"):
        check_game("pig", matches=1, seed=1)


def test_the_pig_example_passes_with_its_own_parts(pig):
    report = check_game("pig", matches=2, seed=2)
    assert report.checks["heuristic in [-1, 1]"] >= 1 and report.checks["scenario round trip"] == 1
    assert game_spec("pig").renderer is None and "renderer" not in report.checks
