"""Engine property: clones are independent copies."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcade

from .support import Driver, Script, case_ids, cases, count, examples, play, replay, reproducer, scripts, snapshot

CASES = cases()


@pytest.mark.parametrize(("case", "name", "opts"), CASES, ids=case_ids(CASES))
@examples(15)
@given(script=scripts, branch=st.integers(min_value=0, max_value=600), other=scripts)
def test_clones_are_independent(case, name, opts, script, branch, other):
    """Contract (docs/contract.md, clone): a clone taken at any step equals its original; the original and
    two clones (one a clone of a clone) then play on apart, interleaved step by step, and each ends exactly
    where a fresh replay of its own history ends; a clone left alone is untouched by all of that."""
    game = boardcade.load_game(name, **opts)
    state = play(game, script, max_steps=branch)
    with reproducer(case, state):
        at_branch = snapshot(state)
        frozen = state.clone()
        first = state.clone()
        second = first.clone()
        assert snapshot(first) == at_branch and snapshot(second) == at_branch
        players = [(state, Driver(script)), (first, Driver(other)), (second, Driver(Script(other.seed + 1, ())))]
        steps = 0
        while any(not s.is_terminal() for s, _ in players):
            for s, driver in players:
                if not s.is_terminal():
                    s.apply_action(driver.choose(s))
                    steps += 1
        for s, _ in players:
            assert snapshot(s, views=False) == snapshot(replay(game, s.history()), views=False)
            assert s.observation(None) == replay(game, s.history()).observation(None)
        assert snapshot(frozen) == at_branch, "a clone changed when its original or sibling clones played on"
    count("clones_independent", case, len(at_branch[0]) + steps)
