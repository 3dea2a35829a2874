"""Loading games by name with options, and the errors for bad ones."""

import pytest

import boardcade
from boardcade import GameError


def test_game_names_lists_qbert_and_load_game_uses_documented_defaults():
    assert "qbert" in boardcade.game_names()
    game = boardcade.load_game("qbert")
    assert game.name == "qbert" and game.num_players == 2
    assert game.options == {
        "max_turns_per_round": 100,
        "tiebreak": True,
        "tiebreak_max_pairs": 3,
        "disc_ride_falls": "outside",
    }


def test_unknown_game_lists_valid_games():
    with pytest.raises(GameError, match="unknown game 'chess'; valid games: .*qbert"):
        boardcade.load_game("chess")
    assert issubclass(GameError, ValueError)


def test_unknown_option_lists_valid_options():
    valid = "valid options: disc_ride_falls, max_turns_per_round, tiebreak"
    with pytest.raises(GameError, match=f"unknown option.*colour.*{valid}"):
        boardcade.load_game("qbert", colour="red")


@pytest.mark.parametrize(
    ("value", "allowed"),
    [(0, ">= 1"), (5000, "<= 1000"), ("many", "int"), (2.5, "int"), (True, "int")],
)
def test_bad_option_value_says_what_is_allowed(value, allowed):
    with pytest.raises(GameError, match=f"max_turns_per_round.*{value!r}.*allowed: .*{allowed}"):
        boardcade.load_game("qbert", max_turns_per_round=value)


def test_option_values_given_as_text_are_parsed():
    game = boardcade.load_game("qbert", max_turns_per_round="40", tiebreak="no")
    assert game.options["max_turns_per_round"] == 40 and game.options["tiebreak"] is False
    with pytest.raises(GameError, match="tiebreak"):
        boardcade.load_game("qbert", tiebreak="perhaps")


def test_max_game_length_grows_with_options():
    short = boardcade.load_game("qbert", max_turns_per_round=10)
    long = boardcade.load_game("qbert", tiebreak_max_pairs=5)
    assert short.max_game_length < boardcade.load_game("qbert").max_game_length < long.max_game_length
