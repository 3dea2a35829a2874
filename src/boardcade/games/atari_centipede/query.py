"""Read-only questions about an Atari's Centipede state, for the heuristic, threat and tensor code (which read no
engine field themselves). Each answers from a state, or from a copy of its fields (`fields`) that a planner has
changed to try out a move."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


def fields(view: Any) -> dict[str, Any]:
    """Every field of a state (or of a namespace made from one), by name: for a planner's copy that changes a
    few (`SimpleNamespace(**fields(state))`). The values are the state's own: change none in place."""
    if isinstance(view, SimpleNamespace):
        return dict(vars(view))
    out: dict[str, Any] = {}
    for cls in reversed(type(view).__mro__):
        for name in cls.__dict__.get("__slots__", ()):
            if hasattr(view, name):
                out[name] = getattr(view, name)
    out.update(getattr(view, "__dict__", {}))
    return out
