"""Which games exist, and how to load one by name."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import GameError
from .game import Game

# name -> "module:Class". One line per game; the module is imported only when the game is loaded.
_GAMES: dict[str, str] = {
    "qbert": "boardcade.games.qbert.game:QbertGame",
    "mb_centipede": "boardcade.games.mb_centipede.game:MBCentipedeGame",
    "atari_centipede": "boardcade.games.atari_centipede.game:AtariCentipedeGame",
}


def register_game(name: str, target: str) -> None:
    """Register a game class given as "module:Class" (for games living outside this package)."""
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    if name not in _GAMES:
        raise GameError(f"unknown game {name!r}; valid games: {', '.join(game_names())}")
    module, cls = _GAMES[name].split(":")
    return getattr(importlib.import_module(module), cls)


def load_game(name: str, **options: Any) -> Game:
    """The game `name` with rule options overriding its documented defaults."""
    return game_class(name)(**options)
