"""Q*bert's action codec: the rules document's encoding tables, action_info and chance outcomes."""

import boardcade
from boardcade.core import game_spec
from boardcade.games.qbert import actions as A


def test_rules_document_holds_exactly_the_codecs_tables():
    """QB action encoding: the rules document's "Action encoding" section is the codecs' own tables."""
    text = game_spec("qbert").rules_text()
    section = text[text.index("## Action encoding") :]
    assert A.encoding_tables() in section
    tables = [line for line in section.splitlines() if line.startswith("|")]
    assert tables == [line for line in A.encoding_tables().splitlines() if line.startswith("|")]


def test_codec_covers_every_action_and_chance_outcome():
    """The codec is the game's whole action space; chance codecs fit max_chance_outcomes."""
    game = boardcade.load_game("qbert")
    assert game.codec is A.CODEC and game.num_distinct_actions == A.CODEC.size == 23
    assert A.CODEC.kinds() == ["hop", "stop", "disc", "step", "enter", "walk", "go_home"]
    assert game.max_chance_outcomes == max(c.size for c in A.CHANCE_CODECS) == 36
    assert A.CODEC.encode("disc", disc=2, to=(1, 1)) == 13
    assert game.action_to_string(0, A.CODEC.encode("hop", dir="down-left")) == "hop down-left"
