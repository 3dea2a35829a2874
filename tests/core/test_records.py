"""Match records: save, load, replay, and the errors for malformed or tampered ones."""

import json
import random

import pytest

import boardcade
from boardcade import Record, RecordError, load_record
from boardcade.core import sample_chance


def _finished(seed=1):
    game = boardcade.load_game("qbert", max_turns_per_round=30)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_record_round_trip_replays_every_state(tmp_path):
    state = _finished()
    rec = Record.for_state(state, ["random", "greedy"], where="test")
    path = rec.save(tmp_path / "m.json")
    data = json.loads(path.read_text())
    assert data["format"] == "boardcade-record" and data["version"] == 2
    assert data["rules_version"] == state.game.RULES_VERSION
    assert data["game"] == "qbert" and data["options"]["max_turns_per_round"] == 30
    assert data["seats"] == ["random", "greedy"] and data["result"] == state.returns()
    assert data["started_at"] and data["finished_at"]
    loaded = load_record(path)
    final = loaded.replay()
    assert final.observation(None) == state.observation(None)
    states = list(loaded.states())
    assert len(states) == len(state.history()) + 1
    assert states[0].history() == [] and states[-1].history() == state.history()


def test_unfinished_record_has_no_result_and_replays(tmp_path):
    state = _finished()
    partial = boardcade.load_game("qbert", max_turns_per_round=30).new_initial_state()
    for a in state.history()[:50]:
        partial.apply_action(a)
    rec = Record.for_state(partial, ["human", "greedy"])
    assert rec.result is None and rec.finished_at is None
    assert load_record(rec.save(tmp_path / "p.json")).replay().history() == partial.history()


def test_tampered_action_names_the_first_bad_step(tmp_path):
    state = _finished()
    rec = Record.for_state(state, ["a", "b"])
    rec.actions[40] = 99
    with pytest.raises(RecordError, match="^step 40: illegal action 99") as err:
        load_record(rec.save(tmp_path / "t.json")).replay()
    assert err.value.step == 40


def test_wrong_result_is_rejected(tmp_path):
    state = _finished()
    rec = Record.for_state(state, ["a", "b"])
    rec.result = [-x if x else 1.0 for x in rec.result]
    with pytest.raises(RecordError, match="does not match"):
        load_record(rec.save(tmp_path / "r.json")).replay()
    rec.actions = rec.actions[:-3]
    with pytest.raises(RecordError, match="not over"):
        rec.replay()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "not a boardcade record"),
        (lambda d: d.update(version=7), "unsupported record version 7"),
        (lambda d: d.update(actions="1,2"), "'actions' must be a list"),
        (lambda d: d["actions"].__setitem__(3, "x"), "step 3: action 'x' is not an integer"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["options"].update(colour="red"), "unknown option"),
        (lambda d: d.update(result="won"), "'result' must be null or a list"),
        (lambda d: d.update(result=[10**400, 0]), "'result' must be null or a list of finite numbers"),
        (lambda d: d.update(version=True), "unsupported record version True"),
        (lambda d: d.update(version=1.0), "unsupported record version 1.0"),
        (lambda d: d.update(rules_version="2"), "'rules_version' must be a positive integer"),
        (lambda d: d.update(rules_version=0), "'rules_version' must be a positive integer"),
    ],
)
def test_malformed_records_say_what_is_wrong(tmp_path, mutate, message):
    data = Record.for_state(_finished(), ["a", "b"]).to_json()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=message):
        load_record(path).replay()


def test_not_json_is_a_record_error(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{nope")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(path)


def test_version_1_records_are_read_as_rules_version_1(tmp_path):
    """Records written before rules versions existed name none: they were played under rules version 1."""
    data = Record.for_state(_finished(), ["a", "b"]).to_json()
    data["version"] = 1
    del data["rules_version"]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(data))
    assert load_record(path).rules_version == 1
