"""A fourth game from outside the package (examples/pig) plugs in through its GameSpec alone: it registers,
passes `check_game`, builds scenarios, is played by the agents and the one play loop, and its records carry a
rules version that decides how a stored match opens."""

from __future__ import annotations

import json
import random

import pytest

from boardcade.agents import make_agent
from boardcade.core import (
    GameError,
    Record,
    game_names,
    game_spec,
    load_game,
    open_record,
    play,
    record_from_json,
    register_game,
)
from boardcade.testing import act, can, check_game, event_texts, rules_fired, scenario


def test_an_outside_game_registers_by_its_spec_and_passes_check_game(pig):
    assert "pig" in game_names() and game_spec("pig") is pig
    report = check_game(load_game("pig"), matches=6, seed=3)
    assert report.matches == 6 and report.checks["hidden information"] > 10
    assert game_spec("pig").rules_text().startswith("# Pig")


def test_registering_a_second_game_under_a_taken_name_is_refused(pig):
    with pytest.raises(GameError, match="already registered"):
        register_game(type(pig)(name="pig", title="Other pig", game="pig.game:PigGame"))


def test_scenario_and_driving_by_meaning_PG_2_2_and_PG_2_3(pig):
    """PG-2.3: holding banks the turn total; PG-2.2: a 1 loses it; PG-2.4: the opponent never sees the faces."""
    state = scenario("pig", scores=(15, 7), to_move=1, rolled=(4, 5))
    assert state.observation(1)["turn_total"] == 9 and state.observation(0)["turn_total"] is None
    assert "the die shows 4" not in event_texts(state, 0) and "the die shows 4" in event_texts(state, 1)
    act(state, "hold")
    assert state.observation(None)["scores"] == [15, 16] and "PG-2.3" in rules_fired(state)
    act(state, "roll")
    act(state, "die", face=1)
    assert "PG-2.2" in rules_fired(state) and state.current_player() == 1
    assert not can(state, "die", face=1)  # no die in the air: it is a player's turn


def test_player_one_starts_and_rolls_as_often_as_they_like_PG_1_1_and_PG_2_1(pig):
    state = load_game("pig").new_initial_state()
    assert state.current_player() == 0  # PG-1.1: player 1 (seat 0) starts
    for face in (2, 3, 4, 5, 6, 6):  # PG-2.1: roll again after every face but a 1
        act(state, "roll")
        act(state, "die", face=face)
        assert state.current_player() == 0 and can(state, "roll") and can(state, "hold")
    assert rules_fired(state).count("PG-2.1") == 6 and state.observation(0)["turn_total"] == 26


def test_the_first_to_reach_the_target_wins_PG_1_2(pig):
    state = scenario("pig", scores=(18, 19), to_move=0, rolled=(2,))
    act(state, "hold")
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and "PG-1.2" in rules_fired(state)
    low = scenario("pig", options={"target": 5}, scores=(0, 4), to_move=1, rolled=(3,))
    act(low, "hold")  # option `target`: 4 + 3 reaches 5
    assert low.is_terminal() and low.returns() == [-1.0, 1.0]


def test_a_game_past_its_length_bound_ends_as_a_draw_PG_1_3(pig):
    state = load_game("pig").new_initial_state()
    while not state.is_terminal():  # both players roll a 1 every turn: nobody ever scores
        act(state, "roll")
        act(state, "die", face=1)
    assert state.returns() == [0.0, 0.0] and state.safety_cap_hit() and "PG-1.3" in rules_fired(state)
    assert len(state.history()) <= state.game.max_game_length


def test_driving_an_illegal_meaning_lists_what_is_legal(pig):
    state = scenario("pig")
    with pytest.raises(AssertionError, match="Legal now: roll"):
        act(state, "die", face=3)


def test_agents_and_the_play_loop_play_an_outside_game(pig):
    state = load_game("pig", target=30).new_initial_state()
    play(state, [make_agent("greedy", 1), make_agent("easy", 2)], random.Random(4))
    assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]


def _record(game_options: dict, rules_version: int | None, seed: int = 5) -> Record:
    state = load_game("pig", **game_options).new_initial_state()
    play(state, [make_agent("random", seed), make_agent("random", seed + 1)], random.Random(seed))
    data = Record.for_state(state, ["a", "b"]).to_json()
    data["rules_version"] = rules_version
    return record_from_json(json.loads(json.dumps(data)))


def test_a_current_rules_record_replays_normally(pig):
    opened = open_record(_record({"target": 20}, 2))
    assert opened.playable and opened.state.is_terminal() and opened.note is None


def test_an_older_rules_version_still_available_replays_under_its_rules(pig):
    """Version 1 had no `target` option (always 20): a version-1 record without it replays with target 20."""
    record = _record({"target": 20}, 1)
    del record.options["target"]
    opened = open_record(record)
    assert opened.playable and opened.state.game.options["target"] == 20


def test_a_rules_version_no_longer_available_opens_as_a_finished_record_with_a_note(pig):
    record = _record({"target": 20}, 7)
    opened = open_record(record)
    assert opened.state is None and opened.record is record
    assert "rules version 7" in opened.note and "kept as a finished record" in opened.note


def test_codecs_copy_and_pickle(pig):
    """Adapters deep-copy and pickle games and states (OpenSpiel's bots, Ray workers): the codec survives both."""
    import copy
    import pickle

    game = load_game("pig")
    assert copy.deepcopy(game.codec) is game.codec
    again = pickle.loads(pickle.dumps(game.codec))
    assert [again.decode(a) for a in range(again.size)] == [game.codec.decode(a) for a in range(game.codec.size)]
    state = scenario("pig", rolled=(3,))
    twin = copy.deepcopy(state)
    assert twin.history() == state.history() and twin.observation(0) == state.observation(0)


def test_games_are_shared_by_copies_and_rebuilt_by_pickle(pig):
    """A Game is static: deep copies share it, pickling rebuilds it from its options (Ray workers, OpenSpiel)."""
    import copy
    import pickle

    game = load_game("pig", target=30)
    assert copy.deepcopy(game) is game
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and again.options == game.options and again.codec.size == game.codec.size
