"""boardcade: three 1980s arcade-adaptation board games as rules engines, with play, AI and research tools."""

from .core import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    GameError,
    IllegalActionError,
    Record,
    RecordError,
    State,
    game_names,
    load_game,
    load_record,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Event",
    "Game",
    "GameError",
    "IllegalActionError",
    "Record",
    "RecordError",
    "State",
    "game_names",
    "load_game",
    "load_record",
]
