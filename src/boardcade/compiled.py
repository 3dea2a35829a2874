"""The optional compiled build: which modules it compiles, and which mode this installation runs.

The engines' `.py` files are the reference. An installation built with `BOARDCADE_COMPILE=1` (see README, "Install")
also carries each module of `MODULES` compiled by Cython 3 in pure-Python mode, with the `.pxd` file beside it
where one types it; Python then imports the compiled module instead of the `.py` one. Both modes give identical
matches (tests/core/test_compiled.py compares them on seeded matches of every game and variant).

`boardcade --version` and `boardcade games` say which mode runs (`describe()`).
"""

from __future__ import annotations

import importlib
import importlib.machinery

# The modules the compiled build compiles (setup.py reads this tuple without importing the package).
MODULES = (
    "boardcade.core.codec",
    "boardcade.core.game",
    "boardcade.core.loop",
    "boardcade.core.phases",
    "boardcade.core.learned",
    "boardcade.games.qbert.board",
    "boardcade.games.qbert.actions",
    "boardcade.games.qbert.state",
    "boardcade.games.qbert.phases",
    "boardcade.games.qbert.game",
    "boardcade.games.qbert.query",  # what the heuristic and the search read (the computer seats, hints)
    "boardcade.games.qbert.search",
    "boardcade.games.qbert.heuristic",
    "boardcade.games.mb_centipede.codec",
    "boardcade.games.mb_centipede.state",
    "boardcade.games.mb_centipede.mechanics",
    "boardcade.games.mb_centipede.phases",
    "boardcade.games.mb_centipede.game",
    "boardcade.games.mb_centipede.query",
    "boardcade.games.mb_centipede.heuristic",
    "boardcade.games.atari_centipede.board",
    "boardcade.games.atari_centipede.actions",
    "boardcade.games.atari_centipede.state",
    "boardcade.games.atari_centipede.pieces",
    "boardcade.games.atari_centipede.setup",
    "boardcade.games.atari_centipede.turn",
    "boardcade.games.atari_centipede.gnome",
    "boardcade.games.atari_centipede.centipede",
    "boardcade.games.atari_centipede.phases",
    "boardcade.games.atari_centipede.game",
    "boardcade.games.atari_centipede.query",
    "boardcade.games.atari_centipede.search",
    "boardcade.games.atari_centipede.threat",
    "boardcade.games.atari_centipede.danger",
    "boardcade.games.atari_centipede.heuristic",
)


def is_compiled(module: str) -> bool:
    """True when `module` (imported if need be) was loaded from a compiled extension, not its `.py` file."""
    origin = getattr(importlib.import_module(module), "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules of MODULES that run compiled here."""
    return [m for m in MODULES if is_compiled(m)]


def mode() -> str:
    """The mode: "compiled" (every module of MODULES compiled), "pure" (none: the `.py` files) or "mixed"."""
    count = len(compiled_modules())
    return "pure" if count == 0 else "compiled" if count == len(MODULES) else "mixed"


def describe() -> str:
    """One line for `boardcade --version` and `boardcade games`: the mode, and what is compiled."""
    done = compiled_modules()
    if not done:
        return "pure Python"
    if len(done) == len(MODULES):
        return f"compiled (Cython, all {len(MODULES)} engine modules)"
    missing = ", ".join(m for m in MODULES if m not in done)
    return f"mixed ({len(done)} of {len(MODULES)} engine modules compiled; running from .py: {missing})"
