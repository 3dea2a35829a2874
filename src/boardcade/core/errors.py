"""Errors raised through the game contract."""

from __future__ import annotations


class GameError(ValueError):
    """Bad game name, option or option value; the message lists what is valid."""


class IllegalActionError(GameError):
    """An action that is not legal in the current state. The state is left unchanged."""

    def __init__(self, message: str, action: int | None = None, legal: list[int] | None = None):
        super().__init__(message)
        self.action = action
        self.legal = legal


class RecordError(ValueError):
    """A match record that is malformed or does not replay. `step` is the first bad step (or None)."""

    def __init__(self, message: str, step: int | None = None):
        super().__init__(message if step is None else f"step {step}: {message}")
        self.step = step
