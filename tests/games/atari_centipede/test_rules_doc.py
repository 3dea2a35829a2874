"""The rules document's action tables are the codec's (they cannot drift apart)."""

from __future__ import annotations

import boardcade
from boardcade.core import game_spec
from boardcade.games.atari_centipede.actions import encoding_tables


def test_AC_12_1_rules_doc_action_encoding_is_the_codecs():
    """The "Action encoding" section holds exactly the tables generated from the codecs of the default game:
    every player action block and every chance node's outcomes (AC-12.1: the draws are chance outcomes)."""
    text = game_spec("atari_centipede").rules_text()
    section = text[text.index("## Action encoding") :]
    game = boardcade.load_game("atari_centipede")
    tables = encoding_tables(game.layout)
    assert tables.strip() in section
    assert game.codec.markdown() in section
    assert section.rstrip().endswith(tables.strip())
