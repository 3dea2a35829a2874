"""The game contract: games, states, options, events, records, specs, codecs and the play loop; and the engine
kit a game is written with (docs/adding-a-game.md): the phase table (PhasedGame, PhasedState, PhaseRule,
phase_table), the field list's copy modes (SHARE, COPY, COPY_EACH), the observation types and the names of the
contract's integers (Seat, ActionId, Viewer: core/domain.py)."""

from .codec import Action, ActionCodec, Arg, Block, arg_range
from .domain import ActionId, Seat, Viewer
from .errors import GameError, IllegalActionError, RecordError
from .game import (
    CHANCE,
    COPY,
    COPY_EACH,
    ENGINE_CALLS,
    ENGINE_FIELDS,
    ENGINE_HOOKS,
    SHARE,
    TERMINAL,
    Event,
    EventView,
    Game,
    Observation,
    State,
)
from .loop import advance_chance, play, random_playout, same_for_all, sample_chance
from .options import Option
from .phases import PLAYER, PhasedGame, PhasedState, PhaseRule, phase_graph, phase_table
from .prompts import Decisions, Prompt
from .record import Record, load_record, open_record, record_from_json
from .registry import game_class, game_names, game_spec, load_game, register_game, unregister_game
from .spec import GameSpec, GameType, OptionWords, SearchHints

__all__ = [
    "CHANCE",
    "COPY",
    "COPY_EACH",
    "ENGINE_CALLS",
    "ENGINE_FIELDS",
    "ENGINE_HOOKS",
    "PLAYER",
    "SHARE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "ActionId",
    "Arg",
    "Block",
    "Decisions",
    "Event",
    "EventView",
    "Game",
    "GameError",
    "GameSpec",
    "GameType",
    "IllegalActionError",
    "Observation",
    "Option",
    "PhaseRule",
    "PhasedGame",
    "PhasedState",
    "OptionWords",
    "Prompt",
    "Record",
    "RecordError",
    "SearchHints",
    "Seat",
    "State",
    "Viewer",
    "advance_chance",
    "arg_range",
    "game_class",
    "game_names",
    "game_spec",
    "load_game",
    "load_record",
    "open_record",
    "phase_graph",
    "phase_table",
    "play",
    "random_playout",
    "record_from_json",
    "register_game",
    "same_for_all",
    "sample_chance",
    "unregister_game",
]
