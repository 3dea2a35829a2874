"""Engine property: a match record saved to a JSON file and loaded back replays identically."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcade
from boardcade import Record, load_record

from .support import case_ids, cases, count, examples, reproducer, scripts, snapshot, walk

CASES = cases()


@pytest.mark.parametrize(("case", "name", "opts"), CASES, ids=case_ids(CASES))
@examples(15)
@given(script=scripts, stop=st.one_of(st.none(), st.integers(min_value=0, max_value=400)))
def test_records_round_trip_and_replay_identically(case, name, opts, script, stop):
    """Records (core/record.py): a finished or unfinished scripted match saved with Record.save and read
    with load_record has the same fields; replay() ends in a state with the same history, observations and
    information states for every viewer; states() passes through exactly the states of the original match
    (history, events, information states and internal fields at every step)."""
    game = boardcade.load_game(name, **opts)
    n = game.num_players
    seen = []
    for state in walk(game, script, max_steps=stop):
        seen.append(snapshot(state, views=False))
    with reproducer(case, state), tempfile.TemporaryDirectory() as tmp:
        seats = [f"seat {p}" for p in range(n)]
        record = Record.for_state(state, seats, where="reliability")
        path = record.save(Path(tmp) / "match.json")
        data = json.loads(path.read_text())
        assert data["actions"] == state.history() and data["game"] == name
        assert data["result"] == (state.returns() if state.is_terminal() else None)
        loaded = load_record(path)
        assert loaded.to_json() == record.to_json()
        final = loaded.replay()
        assert final.history() == state.history()
        assert final.is_terminal() == state.is_terminal() and final.returns() == state.returns()
        for p in [None, *range(n)]:
            assert final.observation(p) == state.observation(p)
        for p in range(n):
            assert final.information_state_string(p) == state.information_state_string(p)
        replayed = [snapshot(s, views=False) for s in loaded.states()]
        assert replayed == seen
    count("record_round_trip", case, len(state.history()))
