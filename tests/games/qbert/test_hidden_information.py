"""Q*bert's secret roll (QB-7.1): the nasty player's view never depends on it before the reveal."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import boardcade
from boardcade.core import sample_chance


def _roll_step(state) -> int:
    """Where in the history the current d8 roll is: the step of the last public "rolls the d8" event."""
    return [e.step for e in state.events(None) if e.rule == "QB-3.1"][-1]


def _twins(history, roll_step, hops):
    """The same history with the lowest and highest other roll consistent with the hops made so far."""
    game = boardcade.load_game("qbert")
    for roll in sorted({max(hops, 1), 8}):
        alt = list(history)
        alt[roll_step] = roll - 1
        state = game.new_initial_state()
        for a in alt:
            state.apply_action(a)
        yield state


def _check_every_state(seed: int, max_steps: int):
    rng = random.Random(seed)
    state = boardcade.load_game("qbert").new_initial_state()
    checked = 0
    for _ in range(max_steps):
        if state.is_terminal():
            break
        public = state.observation(None)
        if public["roll_hidden"]:
            nasty = public["nasty_player"]
            view = state.observation(nasty)
            info = state.information_state_string(nasty)
            assert view["roll"] is None and view["moves_left"] is None
            roll_step = _roll_step(state)
            assert all(e["step"] != roll_step for e in view["events"] if "secretly" in e["text"])
            for twin in _twins(state.history(), roll_step, public["moves_used"]):
                assert twin.observation(nasty) == view
                assert twin.information_state_string(nasty) == info
                assert twin.observation(None) == public
                checked += 1
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return checked


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_QB_7_1_states_differing_only_in_the_roll_look_identical_to_the_nasty_player(seed):
    """QB-7.1: states differing only in the roll look identical to the nasty player."""
    _check_every_state(seed, max_steps=150)


def test_QB_7_1_the_check_covers_hidden_states():
    """QB-7.1: the check covers hidden states."""
    assert _check_every_state(3, 300) > 100


def test_QB_7_1_qbert_player_sees_the_difference(qb):
    """QB-7.1: Q*bert player sees the difference."""
    a, b = qb.start(roll=2), qb.start(roll=7)
    assert a.observation(0) != b.observation(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)


def test_QB_7_1_resample_only_returns_states_the_nasty_player_cannot_tell_apart():
    """QB-7.1: resample only returns states the nasty player cannot tell apart."""
    rng = random.Random(5)
    game = boardcade.load_game("qbert")
    seen_rolls = set()
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            public = state.observation(None)
            if public["roll_hidden"]:
                qp, nasty = public["qbert_player"], public["nasty_player"]
                for _ in range(2):
                    other = state.resample_from_infostate(nasty, rng)
                    assert other.information_state_string(nasty) == state.information_state_string(nasty)
                    assert other.observation(nasty) == state.observation(nasty)
                    roll = other.observation(qp)["roll"]
                    assert roll >= max(public["moves_used"], 1)
                    seen_rolls.add(roll)
                    if rng.random() > 0.2:
                        continue  # replaying every resampled history is slow; a fifth of them is plenty
                    replayed = game.new_initial_state()
                    for a in other.history():
                        replayed.apply_action(a)
                    assert replayed.observation(qp) == other.observation(qp)
                # Q*bert's own resample is the true state.
                assert state.resample_from_infostate(qp, rng).observation(qp) == state.observation(qp)
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
    assert seen_rolls == set(range(1, 9))
