"""Engine property: anything outside legal_actions() raises IllegalActionError and changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

import boardcade
from boardcade import IllegalActionError

from .support import Driver, case_ids, cases, count, examples, reproducer, scripts, snapshot

CASES = cases()
NOT_INTEGERS = ["3", 1.0, None, [0], b"\x01", 2.5]


def _bad_actions(state, legal: list[int], rng: random.Random) -> list:
    game = state.game
    limit = game.max_chance_outcomes if state.is_chance_node() else game.num_distinct_actions
    near = [a for a in range(-2, limit + 3) if a not in legal]
    bad = rng.sample(near, min(4, len(near)))
    bad += [rng.choice([-(2**31), 2**31, 10**6, -1]), rng.choice(NOT_INTEGERS)]
    return bad


@pytest.mark.parametrize(("case", "name", "opts"), CASES, ids=case_ids(CASES))
@examples(12)
@given(script=scripts)
def test_illegal_actions_raise_and_leave_the_state_unchanged(case, name, opts, script):
    """Contract (docs/contract.md, apply_action): at every step of a scripted match, integers outside
    legal_actions() (near and far out of range) and non-integers raise IllegalActionError with a message,
    and the state is unchanged: same history, observations for every viewer, information states, events and
    internal fields (observations of every viewer compared every fifth step); the next legal action then
    gives exactly what it gives to an untouched clone."""
    game = boardcade.load_game(name, **opts)
    driver = Driver(script)
    rng = random.Random(script.seed ^ 0x5EED)
    state = game.new_initial_state()
    steps = 0
    while True:
        with reproducer(case, state):
            legal = state.legal_actions()
            untouched = state.clone()
            views = steps % 5 == 0 or state.is_terminal()
            before = snapshot(state, views)
            for bad in _bad_actions(state, legal, rng) if legal else [0, 1, -1, None]:
                with pytest.raises(IllegalActionError) as err:
                    state.apply_action(bad)
                assert str(err.value), f"empty message for {bad!r}"
                if isinstance(bad, int) and not state.is_terminal():
                    assert err.value.legal == legal
            assert snapshot(state, views) == before, f"an illegal action changed the state at step {steps}"
            if state.is_terminal():
                break
            action = driver.choose(state)
            state.apply_action(action)
            untouched.apply_action(action)
            assert snapshot(state, False) == snapshot(untouched, False)
        steps += 1
    count("illegal_unchanged", case, steps)
