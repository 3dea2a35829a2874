"""Quiet mode (issue 25): a state that records no events and trusts the actions it listed as legal plays exactly
like a normal one: the same histories, legal actions, observations (apart from their events), returns and
resampled states on seeded matches of every game and variant."""

from __future__ import annotations

import random

import pytest

from boardcade.core import CHANCE, game_class, game_names, load_game, sample_chance

CASES = [(name, label, dict(opts)) for name in game_names() for label, opts in game_class(name).VARIANTS]


def _strip(obs: dict) -> dict:
    """The observation without its events, and at the end without the prompt, which names the ending from the
    last event (a quiet match says only that it is over)."""
    drop = {"events", "prompt"} if obs["is_terminal"] else {"events"}
    return {k: v for k, v in obs.items() if k not in drop}


@pytest.mark.parametrize("name, label, options", CASES, ids=[f"{n}-{lbl}" for n, lbl, _o in CASES])
def test_quiet_matches_equal_normal_matches(name, label, options):
    game = load_game(name, **options)
    viewers = [*range(game.num_players), None]
    for seed in (1, 2):
        normal = game.new_initial_state()
        quiet = game.new_initial_state().set_quiet()
        assert quiet.quiet and not normal.quiet
        rng_n, rng_q, rng_r = random.Random(seed), random.Random(seed), random.Random(-seed)
        step = 0
        while not normal.is_terminal():
            assert quiet.current_player() == normal.current_player()
            if normal.is_chance_node():
                assert quiet.chance_outcomes() == normal.chance_outcomes()
                a, b = sample_chance(normal, rng_n), sample_chance(quiet, rng_q)
            else:
                assert quiet.legal_actions() == normal.legal_actions()
                a, b = rng_n.choice(normal.legal_actions()), rng_q.choice(quiet.legal_actions())
            assert a == b
            if step % 11 == 0:
                for v in viewers:
                    assert _strip(quiet.observation(v)) == _strip(normal.observation(v))
                p = normal.current_player()
                if p != CHANCE:  # resampling a quiet state (it may rewrite hidden events of a normal one)
                    seed_r = rng_r.randrange(2**30)
                    rq = quiet.resample_from_infostate(p, random.Random(seed_r))
                    rn = normal.resample_from_infostate(p, random.Random(seed_r))
                    assert rq.history() == rn.history() and rq.quiet and rq.clone().quiet
                    assert rq.legal_actions() == rn.legal_actions()
            normal.apply_action(a)
            quiet.apply_action(b)
            step += 1
        assert quiet.is_terminal() and quiet.history() == normal.history()
        assert quiet.returns() == normal.returns() and quiet.safety_cap_hit() == normal.safety_cap_hit()
        assert quiet.event_count() == 0 and normal.event_count() > 0
        assert _strip(quiet.observation(None)) == _strip(normal.observation(None))


def test_switching_quiet_off_records_events_again():
    state = load_game("qbert").new_initial_state()
    rng = random.Random(3)
    state.set_quiet()
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.event_count() == 0
    state.set_quiet(False)
    state.apply_action(rng.choice(state.legal_actions()))
    assert state.event_count() > 0 and not state.quiet


@pytest.mark.parametrize("name", game_names())
def test_a_quiet_states_copies_leaving_quiet_mode_keep_their_events_to_themselves(name):
    """Quiet copies share the match's events (nothing quiet records any); one that leaves quiet mode records its own
    events from then on, and neither the state it was copied from nor its other copies see them."""
    game = load_game(name)
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    quiet = state.clone().set_quiet()
    loud, other = quiet.clone(), quiet.clone()
    before = state.events()
    assert quiet.events() == loud.events() == other.events() == before
    loud.set_quiet(False)
    while len(loud.events()) == len(before):  # play on until the copy that left quiet mode records an event
        loud.apply_action(sample_chance(loud, rng) if loud.is_chance_node() else rng.choice(loud.legal_actions()))
    assert loud.events()[: len(before)] == before
    assert quiet.events() == other.events() == state.events() == before
    quiet.set_quiet(False)
    quiet.apply_action(sample_chance(quiet, rng) if quiet.is_chance_node() else rng.choice(quiet.legal_actions()))
    assert other.events() == before and loud.events()[: len(before)] == before
