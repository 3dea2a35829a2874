"""The Gymnasium ids of boardcade's games, registered the way Gymnasium 1.x packages do: importing `boardcade`
registers them.

    import gymnasium as gym
    import boardcade

    gym.register_envs(boardcade)        # Gymnasium's no-op that tells linters the import is used
    env = gym.make("boardcade/qbert-v0")

This module imports neither Gymnasium nor numpy at import time, so the core can import it in an install without
them. `arrange_registration()` (called by `boardcade/__init__.py`) registers the ids at once when Gymnasium is
already imported, and otherwise, when Gymnasium is installed, right after Gymnasium's own import completes (a
one-shot import hook), so that `import boardcade` alone never pays for importing Gymnasium and numpy, whichever
order the two are imported in. A game registered later (`boardcade.core.register_game`) gets its id from
`register_envs()` called again.

Ids: boardcade/qbert-v0, boardcade/mb_centipede-v0, boardcade/atari_centipede-v0 (2 players) and
boardcade/atari_centipede_4p-v0 (4 players, two teams), plus boardcade/<name>-v0 for every other registered game.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Sequence
from typing import Any

NAMESPACE = "boardcade"
# id -> (game, rule options); every other registered game gets boardcade/<name>-v0 with its defaults.
IDS: dict[str, tuple[str, dict[str, Any]]] = {
    "qbert-v0": ("qbert", {}),
    "mb_centipede-v0": ("mb_centipede", {}),
    "atari_centipede-v0": ("atari_centipede", {"players": 2}),
    "atari_centipede_4p-v0": ("atari_centipede", {"players": 4}),
}
ENTRY_POINT = "boardcade.interop.gymnasium_env:BoardcadeEnv"
VECTOR_ENTRY_POINT = "boardcade.interop.vector_env:BoardcadeVectorEnv"


def all_ids() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every id (without the namespace) -> (game, options), for the games registered now."""
    from ..core.registry import game_names

    ids = dict(IDS)
    for name in game_names():
        if not any(game == name for game, _opts in IDS.values()):
            ids[f"{name}-v0"] = (name, {})
    return ids


def register_envs() -> list[str]:
    """Register the boardcade ids with Gymnasium (idempotent; imports Gymnasium). Returns the full ids."""
    import gymnasium as gym

    out = []
    for short, (game, opts) in all_ids().items():
        env_id = f"{NAMESPACE}/{short}"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point=ENTRY_POINT,
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs={"game_name": game, **opts},
            )
        out.append(env_id)
    return out


def _register_quietly() -> None:
    try:
        register_envs()
    except Exception as exc:  # never break the user's `import gymnasium` over our ids
        warnings.warn(f"boardcade could not register its Gymnasium ids: {exc}", stacklevel=2)


class _AfterGymnasiumImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: when `gymnasium` is first imported, it lets the usual finders find it and makes its
    loader register the boardcade ids right after the package has run. Removes itself on first use."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        loader = spec.loader if spec is not None else None
        exec_module = getattr(loader, "exec_module", None)
        if loader is None or exec_module is None:
            return spec

        def exec_and_register(module: types.ModuleType) -> None:
            exec_module(module)
            _register_quietly()

        loader.exec_module = exec_and_register  # type: ignore[method-assign]  # wraps this loader's own method
        return spec


def arrange_registration() -> None:
    """Register the ids now if Gymnasium is imported, else right after its import (if it is installed)."""
    if "gymnasium" in sys.modules:
        _register_quietly()
    elif importlib.util.find_spec("gymnasium") is not None:
        if not any(isinstance(f, _AfterGymnasiumImport) for f in sys.meta_path):
            sys.meta_path.insert(0, _AfterGymnasiumImport())
