"""The game contract, checked on every registered game and variant with random play."""

import json
import random

import pytest

import boardcade
from boardcade import CHANCE, TERMINAL, IllegalActionError
from boardcade.core import SHARE, game_class, sample_chance

CASES = [(name, label, opts) for name in boardcade.game_names() for label, opts in game_class(name).VARIANTS]
IDS = [f"{name}-{label}" for name, label, _ in CASES]


def _random_game(game, rng, max_steps=None):
    state = game.new_initial_state()
    states = [state.clone()]
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        legal = state.legal_actions()
        assert legal, "legal actions must be non-empty until the end"
        assert legal == sorted(set(legal))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == legal
            assert all(0 <= a < game.max_chance_outcomes for a in legal)
            action = sample_chance(state, rng)
        else:
            assert state.chance_outcomes() == []
            assert all(0 <= a < game.num_distinct_actions for a in legal)
            assert 0 <= state.current_player() < game.num_players
            action = rng.choice(legal)
        state.apply_action(action)
        steps += 1
        states.append(state.clone())
    return state, states


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_random_games_reach_the_end_within_max_length(name, label, opts):
    game = boardcade.load_game(name, **opts)
    rng = random.Random(7)
    for _ in range(3):
        state, _ = _random_game(game, rng)
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert state.legal_actions() == []
        assert len(state.history()) <= game.max_game_length
        returns = state.returns()
        assert len(returns) == game.num_players and all(r in (-1.0, 0.0, 1.0) for r in returns)
        json.dumps(state.observation(None))


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_illegal_actions_raise_and_leave_the_state_unchanged(name, label, opts):
    game = boardcade.load_game(name, **opts)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(120):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        before = (state.history(), state.observation(None), state.information_state_string(0))
        limit = game.max_chance_outcomes if state.is_chance_node() else game.num_distinct_actions
        illegal = [a for a in range(-1, limit + 2) if a not in legal]
        for bad in illegal[:5] + ["x", 1.5, None]:
            with pytest.raises(IllegalActionError) as err:
                state.apply_action(bad)
            assert str(err.value)
        assert (state.history(), state.observation(None), state.information_state_string(0)) == before
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(sorted(legal)))


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_history_replays_to_the_same_state_and_clones_are_independent(name, label, opts):
    game = boardcade.load_game(name, **opts)
    rng = random.Random(11)
    state, states = _random_game(game, rng, max_steps=400)
    replay = game.new_initial_state()
    for i, action in enumerate(state.history()):
        if i % 37 == 0:
            assert replay.observation(None) == states[i].observation(None)
        replay.apply_action(action)
    for p in [None, *range(game.num_players)]:
        assert replay.observation(p) == state.observation(p)
    for p in range(game.num_players):
        assert replay.information_state_string(p) == state.information_state_string(p)
    # Clones do not share mutable data.
    mid = states[len(states) // 2]
    snapshot = mid.observation(None)
    twin = mid.clone()
    while not twin.is_terminal():
        twin.apply_action(sample_chance(twin, rng) if twin.is_chance_node() else rng.choice(twin.legal_actions()))
    assert mid.observation(None) == snapshot


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_a_clone_carries_every_declared_field(name, label, opts):
    """A state class's clone (built from FIELDS, or written out for the compiled mode) copies every field its
    classes declare in FIELDS: equal values, and its own copy of each copied container."""
    game = boardcade.load_game(name, **opts)
    _, states = _random_game(game, random.Random(13), max_steps=300)
    fields: dict[str, int] = {}
    for klass in reversed(type(states[0]).__mro__):
        fields.update(klass.__dict__.get("FIELDS", {}))
    assert fields
    for state in states[::9]:
        twin = state.clone()
        assert type(twin) is type(state)
        for field, how in fields.items():
            assert getattr(twin, field) == getattr(state, field), field
            if how != SHARE:
                assert getattr(twin, field) is not getattr(state, field), field
        assert twin.history() == state.history() and twin.events() == state.events()


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_observations_are_json_and_events_respect_visibility(name, label, opts):
    game = boardcade.load_game(name, **opts)
    rng = random.Random(5)
    _, states = _random_game(game, rng, max_steps=300)
    for state in states[::7]:
        for p in [None, *range(game.num_players)]:
            obs = state.observation(p)
            json.dumps(obs)
            assert obs["game"] == name and obs["current_player"] == state.current_player()
            visible = [e for e in state.events() if e.visible(p)]
            assert obs["events"] == [e.to_json() for e in visible]
            if p is not None and p == state.current_player():
                assert [i["action"] for i in obs["legal_actions"]] == state.legal_actions()
                assert all(isinstance(i["label"], str) and i["label"] for i in obs["legal_actions"])
            else:
                assert obs["legal_actions"] == []
        for e in state.events():
            assert e.rule and e.text and (e.visible_to is None or isinstance(e.visible_to, tuple))


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_resample_gives_indistinguishable_replayable_states(name, label, opts):
    game = boardcade.load_game(name, **opts)
    rng = random.Random(9)
    _, states = _random_game(game, rng, max_steps=300)
    for state in states[::11]:
        if state.is_terminal():
            continue
        for p in range(game.num_players):
            other = state.resample_from_infostate(p, rng)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation(p) == state.observation(p)
            replay = game.new_initial_state()
            for a in other.history():
                replay.apply_action(a)
            assert replay.observation(None) == other.observation(None)


def test_chance_player_constants():
    assert CHANCE == -1 and TERMINAL == -4


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_changing_returned_lists_does_not_change_any_state(name, label, opts):
    """legal_actions() and chance_outcomes() hand out fresh lists: a caller that shuffles or clears them
    (OpenSpiel's bots do) must not corrupt this state or any other state of the game."""
    game = boardcade.load_game(name, **opts)
    rng = random.Random(13)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            before = list(state.chance_outcomes())  # a snapshot, whatever the engine hands out
            mangled = state.chance_outcomes()
            mangled.reverse()
            mangled.append((999, 0.5))
            assert state.chance_outcomes() == before
        before = list(state.legal_actions())
        state.legal_actions().clear()
        assert state.legal_actions() == before
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(before))


@pytest.mark.parametrize(("name", "label", "opts"), CASES, ids=IDS)
def test_views_of_a_state_played_on_match_the_views_built_afresh(name, label, opts):
    """A state asked for views move after move (the server's, a renderer's) keeps what it built (its events as
    JSON, the parts of its views: core State._view_part) and rebuilds only what changed; the server plays each
    move on a clone, which takes those over (take_views_from). Each view must equal the one a fresh copy builds
    from nothing, for every viewer at every step, and so must the views of the state that gave them up."""
    game = boardcade.load_game(name, **opts)
    rng = random.Random(17)
    state = game.new_initial_state()
    viewers = [None, *range(game.num_players)]
    for step in range(300):
        for p in viewers:
            assert state.observation(p) == state.clone().observation(p), f"viewer {p} at step {state.move_number()}"
        if state.is_terminal():
            break
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        if step % 2:
            state.apply_action(action)
            continue
        new = state.clone()
        new.apply_action(action)
        assert new.take_views_from(state)
        assert state.observation(None) == state.clone().observation(None), "the earlier state rebuilds its own"
        assert not state.take_views_from(new), "an earlier state does not follow on from a later one"
        state = new
