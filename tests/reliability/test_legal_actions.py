"""Engine property: every non-terminal state offers at least one legal action, and only its mover does."""

from __future__ import annotations

import math

import pytest
from hypothesis import given

import boardcade

from .support import case_ids, cases, count, examples, reproducer, scripts, walk

CASES = cases()


@pytest.mark.parametrize(("case", "name", "opts"), CASES, ids=case_ids(CASES))
@examples(20)
@given(script=scripts)
def test_legal_actions_are_non_empty_until_the_end(case, name, opts, script):
    """Contract (docs/contract.md, State): legal actions are sorted, in range and non-empty until the end,
    belong to the player to move only, match the chance outcomes at chance nodes, and the match ends within
    `max_game_length` with returns in {-1, 0, 1}."""
    game = boardcade.load_game(name, **opts)
    n = game.num_players
    steps = 0
    for state in walk(game, script):
        with reproducer(case, state):
            cur = state.current_player()
            legal = state.legal_actions()
            if state.is_terminal():
                assert legal == [] and state.chance_outcomes() == []
                assert all(state.legal_actions(p) == [] for p in range(n))
                returns = state.returns()
                assert len(returns) == n and all(r in (-1.0, 0.0, 1.0) for r in returns)
                assert len(state.history()) <= game.max_game_length
                break
            assert legal, f"no legal action at step {steps} (current player {cur})"
            assert legal == sorted(set(legal))
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == legal
                assert all(p > 0 for _, p in outcomes) and math.isclose(sum(p for _, p in outcomes), 1.0)
                assert all(0 <= a < game.max_chance_outcomes for a in legal)
                assert all(state.legal_actions(p) == [] for p in range(n))
            else:
                assert 0 <= cur < n and all(0 <= a < game.num_distinct_actions for a in legal)
                assert state.legal_actions(cur) == legal
                assert all(state.legal_actions(p) == [] for p in range(n) if p != cur)
                assert state.returns() == [0.0] * n
        steps += 1
    assert state.is_terminal(), "a scripted match did not reach its end"
    count("legal_non_empty", case, steps)
