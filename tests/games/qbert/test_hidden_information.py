"""Q*bert's secret roll (QB-7.1, QB-7.2): nothing the nasty player is shown depends on it before the reveal,
and resampling his information state respects exactly what he has seen."""

from __future__ import annotations

import random

import pytest

import boardcade
from boardcade.core import sample_chance
from boardcade.testing import choices


def _nasty_view(state, nasty: int) -> tuple:
    """Everything the nasty player (and a spectator) can read; the choices only when Q*bert is not to move."""
    qbert = 1 - nasty
    offered = None if state.current_player() == qbert else choices(state)
    return (
        state.observation(nasty),
        state.information_state_string(nasty),
        state.events(nasty),
        offered,
        state.observation(None),
    )


def _play_with_twins(seed: int, options: dict, max_steps: int) -> dict[str, int]:
    """A random match; at each of Q*bert's rolls, twins take every other roll. Twins follow the match's actions
    and are dropped when Q*bert's move is one their roll does not allow (the nasty player has then seen the
    roll is larger). Until the match's roll is revealed, every twin must look the same to the nasty player;
    the reveal must come at the same step in all of them."""
    rng = random.Random(seed)
    state = boardcade.load_game("qbert", **options).new_initial_state()
    twins: list = []
    counts = {"states": 0, "comparisons": 0, "escape_states": 0, "reveals": 0}
    for _ in range(max_steps):
        if state.is_terminal():
            break
        public = state.observation(None)
        if public["phase"] == "qbert-roll":
            roll = sample_chance(state, rng)
            twins = []
            for other in state.legal_actions():
                if other != roll:
                    twin = state.clone()
                    twin.apply_action(other)
                    twins.append(twin)
            state.apply_action(roll)
        else:
            mover = state.current_player()
            legal = state.legal_actions()
            action = sample_chance(state, rng) if state.is_chance_node() else legal[int(rng.random() * len(legal))]
            kept = []
            for twin in twins:
                if action in twin.legal_actions():
                    twin.apply_action(action)
                    kept.append(twin)
                else:
                    assert mover == public["qbert_player"], "only Q*bert's own moves may depend on his roll"
            twins = kept
            state.apply_action(action)
        after = state.observation(None)
        nasty = after["nasty_player"]
        if after["roll_hidden"]:
            want = _nasty_view(state, nasty)
            for twin in twins:
                assert _nasty_view(twin, nasty) == want, f"seed {seed}: step {state.move_number()}"
                counts["comparisons"] += 1
            counts["states"] += 1
            counts["escape_states"] += after["phase"] == "escape"
        elif twins:
            assert all(not t.observation(None)["roll_hidden"] for t in twins), "the reveal came in one twin only"
            counts["reveals"] += 1
            twins = []
    return counts


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_QB_7_1_every_roll_consistent_with_what_the_nasty_player_saw_looks_the_same_to_him(seed):
    """QB-7.1, QB-7.2 (differential): along fixed-seed random matches, every other roll consistent with the
    moves the nasty player has seen gives him identical observation, information state string, events,
    legal-action labels and action_info (and a spectator an identical view) until the tube is lifted."""
    counts = _play_with_twins(seed, {"max_turns_per_round": 15}, 900)
    assert counts["states"] > 100 and counts["comparisons"] > 300 and counts["reveals"] > 5


def test_QB_7_1_the_differential_check_covers_escapes():
    """QB-5.4, QB-5.5: the differential check reaches capture threats and escapes with the roll hidden."""
    total = sum(_play_with_twins(seed, {"max_turns_per_round": 15}, 900)["escape_states"] for seed in (1, 2, 3, 4, 5))
    assert total >= 10


def test_QB_7_1_qbert_player_sees_the_difference(qb):
    """QB-7.1: Q*bert player sees the difference."""
    a, b = qb.start(roll=2), qb.start(roll=7)
    assert a.observation(0) != b.observation(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)


def _resample_checks(state, rng, game, seen: dict) -> None:
    public = state.observation(None)
    qp, nasty = public["qbert_player"], public["nasty_player"]
    used = public["moves_used"]
    for _ in range(3):
        other = state.resample_from_infostate(nasty, rng)
        assert other.information_state_string(nasty) == state.information_state_string(nasty)
        assert other.observation(nasty) == state.observation(nasty)
        assert other.events(nasty) == state.events(nasty)
        roll = other.observation(qp)["roll"]
        assert max(used, 1) <= roll <= 8  # every move he was seen to use, and nothing more
        seen.setdefault((public["phase"], max(used, 1)), set()).add(roll)
        assert other.observation(qp)["moves_left"] == roll - used
    # A resampled state is a real state: replaying its history gives it back, Q*bert's private events too.
    replayed = game.new_initial_state()
    for a in other.history():
        replayed.apply_action(a)
    assert replayed.observation(qp) == other.observation(qp)
    assert replayed.legal_actions() == other.legal_actions()
    # Q*bert's own resample is the true state.
    assert state.resample_from_infostate(qp, rng).observation(qp) == state.observation(qp)


def test_QB_7_1_resample_for_the_nasty_player_respects_hops_and_escapes_and_nothing_more():
    """QB-7.1: resample_from_infostate for the nasty player keeps everything he has seen (hops, escape hops)
    and draws the roll among all rolls that allow them; every such roll comes up."""
    rng = random.Random(5)
    game = boardcade.load_game("qbert", max_turns_per_round=20)
    seen: dict = {}
    for _ in range(8):
        state = game.new_initial_state()
        while not state.is_terminal():
            public = state.observation(None)
            if public["roll_hidden"] and (public["phase"] == "escape" or rng.random() < 0.3):
                _resample_checks(state, rng, game, seen)
            legal = state.legal_actions()
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
    assert any(phase == "escape" for phase, _ in seen)
    assert set().union(*seen.values()) == set(range(1, 9))
    for (_phase, low), rolls in seen.items():
        assert min(rolls) >= low
    assert seen[("qbert-move", 1)] == set(range(1, 9))


def test_QB_7_1_resample_during_an_escape_rewrites_qberts_private_count(qb):
    """QB-5.4, QB-7.1: in an escape the resampled roll changes Q*bert's private "moves left" event with it,
    so the sample is a consistent state; the nasty player's view is unchanged."""
    state = qb.start(roll=4, qbert=(3, 1), coily=(4, 1))
    qb.hop(state, "up-left")
    qb.hop(state, "down-right")
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    rng = random.Random(0)
    rolls = set()
    for _ in range(40):
        other = state.resample_from_infostate(1, rng)
        roll = other.observation(0)["roll"]
        rolls.add(roll)
        private = [e.text for e in other.events(0) if e.visible_to == (0,)]
        left = f"{roll - 2} escape move{'' if roll == 3 else 's'}"
        assert private[-2:] == [f"Q*bert secretly rolled {roll}", f"Q*bert has {left} left"]
        assert other.observation(1) == state.observation(1)
    assert rolls == set(range(2, 9))
