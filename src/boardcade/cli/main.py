"""Entry point of the `boardcade` command. Each sub-command lives in its own module."""

from . import analyse, arena, balance, basic, db, ladder, learn, play, serve, simulate  # noqa: F401  (modules register their commands on import)
from .app import app

__all__ = ["app"]
