"""Helpers the games' undo tests share (tests/games/*/test_undo.py)."""

from __future__ import annotations


def label(state, text: str) -> int:
    """The legal action whose label contains `text`."""
    return next(a for a in state.legal_actions() if text in state.action_info(a)["label"])


def same(a, b) -> None:
    """Two states seats 0 and 1 and spectators see alike, with the same history."""
    assert a.history() == b.history()
    for viewer in (0, 1, None):
        assert a.observation(viewer) == b.observation(viewer), viewer
