"""Q*bert records under rules version 3: they replay; a version-2 record replays under its own reading of the disc
ride (QB-5.8); a rules-version-1 match opens as a finished record."""

import json
import random

import boardcade
from boardcade.core import Record, open_record, random_playout, record_from_json


def test_QB_7_2_rules_version_3_records_replay_and_version_1_matches_open_as_finished_records():
    """QBert's RULES_VERSION is 3 (version 2 plus the disc ride of QB-5.8); a stored version-1 match is not
    replayed under the new rules but kept, with a note saying why."""
    game = boardcade.load_game("qbert")
    assert game.game_type.rules_version == 3
    state = random_playout(game.new_initial_state(), random.Random(3))
    data = json.loads(Record.for_state(state, ["a", "b"]).dumps())
    assert data["rules_version"] == 3
    opened = open_record(record_from_json(data))
    assert opened.playable and opened.state.history() == state.history()
    data["rules_version"] = 1
    old = open_record(record_from_json(data))
    assert not old.playable and "rules version 1" in old.note


def test_QB_5_8_a_version_2_record_replays_with_every_disc_ride_felling_the_nasty():
    """A match stored under rules version 2 is replayed under its own rules (disc_ride_falls="always"), so the
    option is filled in for a record that does not name it (what a disc ride does under it: test_escape.py)."""
    played = random_playout(boardcade.load_game("qbert").new_initial_state(), random.Random(5))
    data = json.loads(Record.for_state(played, ["a", "b"]).dumps())
    data["rules_version"] = 2
    del data["options"]["disc_ride_falls"]  # a version-2 record does not name the option
    opened = open_record(record_from_json(data))
    assert opened.playable and opened.state.game.options["disc_ride_falls"] == "always"
    assert opened.state.history() == played.history()
