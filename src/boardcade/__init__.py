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
from .interop.gym_ids import arrange_registration as _arrange_gym_registration

__version__ = "0.1.0"

# Gymnasium ids (boardcade/qbert-v0, ...) are registered as Gymnasium 1.x packages do, on `import boardcade`:
# at once if Gymnasium is imported, else right after its import; nothing is imported here (see interop.gym_ids).
_arrange_gym_registration()

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
