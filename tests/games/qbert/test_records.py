"""Q*bert records under rules version 2: they replay; a rules-version-1 match opens as a finished record."""

import json
import random

import boardcade
from boardcade.core import Record, open_record, random_playout, record_from_json


def test_QB_7_2_rules_version_2_records_replay_and_version_1_matches_open_as_finished_records():
    """QBert's RULES_VERSION is 2 (the tube stays down, QB-5.4, QB-7.2, and the rest of issue 12); a stored
    version-1 match is not replayed under the new rules but kept, with a note saying why."""
    game = boardcade.load_game("qbert")
    assert game.game_type.rules_version == 2
    state = random_playout(game.new_initial_state(), random.Random(3))
    data = json.loads(Record.for_state(state, ["a", "b"]).dumps())
    assert data["rules_version"] == 2
    opened = open_record(record_from_json(data))
    assert opened.playable and opened.state.history() == state.history()
    data["rules_version"] = 1
    old = open_record(record_from_json(data))
    assert not old.playable and "rules version 1" in old.note
