"""Which games exist, and how to load one by name.

Games are registered by their `GameSpec` (see `boardcade.core.spec`):
- the games of this package are listed below, one line each, as references to their folder's `spec.py`;
- installed packages add theirs through the entry point group "boardcade.games" (name = game name,
  value = "package.module:SPEC");
- code registers one at run time with `register_game(spec)` (a GameSpec or a "module:SPEC" reference).
Nothing is imported until it is used.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

from .errors import GameError
from .game import Game
from .spec import GameSpec, resolve

_BUILTIN: dict[str, str] = {
    "qbert": "boardcade.games.qbert.spec:SPEC",
    "mb_centipede": "boardcade.games.mb_centipede.spec:SPEC",
    "atari_centipede": "boardcade.games.atari_centipede.spec:SPEC",
}
ENTRY_POINT_GROUP = "boardcade.games"

_specs: dict[str, GameSpec | str] = dict(_BUILTIN)
_entry_points_read = False


def _read_entry_points() -> None:
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        _specs.setdefault(ep.name, ep.value)


def register_game(spec: GameSpec | str, *, replace: bool = False) -> GameSpec:
    """Register a game from its GameSpec (or a "module:SPEC" reference). Returns the spec."""
    spec = resolve(spec)
    if not isinstance(spec, GameSpec):
        raise GameError(f"register_game needs a GameSpec, got {type(spec).__name__}")
    spec.check()
    _read_entry_points()
    if spec.name in _specs and not replace and _specs[spec.name] is not spec:
        existing = _specs[spec.name]
        if not (isinstance(existing, str) and resolve(existing) is spec):
            raise GameError(f"a game named {spec.name!r} is already registered (pass replace=True to replace it)")
    _specs[spec.name] = spec
    return spec


def unregister_game(name: str) -> None:
    """Forget a game registered at run time (tests use this to clean up)."""
    if name in _BUILTIN:
        raise GameError(f"{name!r} is one of boardcade's own games and cannot be unregistered")
    _specs.pop(name, None)


def game_names() -> list[str]:
    _read_entry_points()
    return sorted(_specs)


def game_spec(name: str) -> GameSpec:
    _read_entry_points()
    if name not in _specs:
        raise GameError(f"unknown game {name!r}; valid games: {', '.join(game_names())}")
    spec = _specs[name]
    if isinstance(spec, str):
        spec = resolve(spec)
        if not isinstance(spec, GameSpec) or spec.name != name:
            raise GameError(f"the registration of {name!r} does not point to its GameSpec")
        _specs[name] = spec
    return spec


def game_class(name: str) -> type[Game]:
    return game_spec(name).game_class()


def load_game(name: str, **options: Any) -> Game:
    """The game `name` with rule options overriding its documented defaults."""
    return game_class(name)(**options)
