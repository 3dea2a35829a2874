"""The game contract: games, states, options, events, records, specs, codecs and the play loop."""

from .codec import Action, ActionCodec, Arg, Block, arg_range
from .errors import GameError, IllegalActionError, RecordError
from .game import CHANCE, TERMINAL, Event, Game, State
from .loop import advance_chance, play, random_playout, same_for_all, sample_chance
from .options import Option
from .prompts import Decisions, Prompt
from .record import Record, load_record, open_record, record_from_json
from .registry import game_class, game_names, game_spec, load_game, register_game, unregister_game
from .spec import GameSpec, GameType, OptionWords, SearchHints

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "Arg",
    "Block",
    "Decisions",
    "Event",
    "Game",
    "GameError",
    "GameSpec",
    "GameType",
    "IllegalActionError",
    "Option",
    "OptionWords",
    "Prompt",
    "Record",
    "RecordError",
    "SearchHints",
    "State",
    "advance_chance",
    "arg_range",
    "game_class",
    "game_names",
    "game_spec",
    "load_game",
    "load_record",
    "open_record",
    "play",
    "random_playout",
    "record_from_json",
    "register_game",
    "same_for_all",
    "sample_chance",
    "unregister_game",
]
