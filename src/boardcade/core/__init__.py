"""The game contract: games, states, options, events, records."""

from .errors import GameError, IllegalActionError, RecordError
from .game import CHANCE, TERMINAL, Event, Game, State, sample_chance
from .options import Option
from .record import Record, load_record, record_from_json
from .registry import game_class, game_names, load_game, register_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Event",
    "Game",
    "GameError",
    "IllegalActionError",
    "Option",
    "Record",
    "RecordError",
    "State",
    "game_class",
    "game_names",
    "load_game",
    "load_record",
    "record_from_json",
    "sample_chance",
    "register_game",
]
