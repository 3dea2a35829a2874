"""Endings outside a game's rules (core/endings.py, END-1..END-4): the result each gives from the game's declared
sides, the view that tells it, and records that keep it (version 3) and refuse a result it does not give."""

from __future__ import annotations

import random

import pytest

from boardcade.core import RecordError, load_game, record_from_json, sample_chance
from boardcade.core.endings import ABORT, DRAW, RESIGN, TIMEOUT, Ending, ended_view
from boardcade.core.record import Record


def _midgame(name="qbert", steps=30, **options):
    state = load_game(name, **options).new_initial_state()
    rng = random.Random(4)
    for _ in range(steps):
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_END_1_END_3_the_seat_s_side_loses_and_every_other_side_wins():
    two = load_game("qbert")
    assert Ending(RESIGN, 1, "x").result(two) == [1.0, -1.0]
    assert Ending(TIMEOUT, 0, "x").result(two) == [-1.0, 1.0]
    four = load_game("atari_centipede", players=4)  # teams (0, 1) and (2, 3), AC-11
    assert Ending(RESIGN, 3, "x").result(four) == [1.0, 1.0, -1.0, -1.0]


def test_END_2_END_4_a_draw_gives_nothing_to_anyone_an_abort_no_result():
    game = load_game("qbert")
    assert Ending(DRAW, None, "x").result(game) == [0.0, 0.0]
    assert Ending(ABORT, 0, "x").result(game) is None


def test_the_ended_view_is_over_with_the_ending_as_its_last_event():
    state = _midgame()
    ending = Ending(RESIGN, 0, "Player 1 resigns: Player 2 wins")
    view = ended_view(state.observation(1), ending, ending.result(state.game))
    assert view["is_terminal"] and view["returns"] == [-1.0, 1.0] and view["legal_actions"] == []
    assert view["events"][-1] == {"rule": "END-1", "text": ending.text, "step": state.move_number()}
    assert view["decision"] == "over" and view["prompt"] == ending.text


def test_END_1_a_resigned_match_s_record_keeps_its_ending_and_replays():
    state = _midgame()
    ending = Ending(RESIGN, 1, "Player 2 resigns")
    rec = Record.for_state(state, ["human", "human"])
    rec.ending, rec.result = ending.to_json(), ending.result(state.game)
    data = rec.to_json()
    assert data["version"] == 3 and data["ending"]["rule"] == "END-1"
    again = record_from_json(data)
    assert again.replay().move_number() == state.move_number()
    data["result"] = [-1.0, 1.0]  # not what a resignation by seat 1 gives
    with pytest.raises(RecordError, match="END-1"):
        record_from_json(data).replay()


def test_END_4_an_aborted_record_has_no_result_and_an_ending_needs_an_unfinished_game():
    state = _midgame(steps=3)
    rec = Record.for_state(state, ["human", "human"])
    rec.ending = Ending(ABORT, 0, "aborted").to_json()
    record_from_json(rec.to_json()).replay()
    rec.result = [0.0, 0.0]
    with pytest.raises(RecordError, match="no result"):
        record_from_json(rec.to_json()).replay()
    bad = rec.to_json()
    del bad["ending"]
    with pytest.raises(RecordError, match="ending"):
        record_from_json(bad)
