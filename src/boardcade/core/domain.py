"""Names for the integers the contract passes around, so that a signature says which integer it means.

They are plain `typing` aliases of `int`, not `NewType`s: a seat, an action and a chance outcome are the very
integers OpenSpiel, Gymnasium, PettingZoo, records and the wire already use, and a NewType would make every one of
those producers wrap its values (`Seat(0)`) for no check a reader gains; an alias documents, costs nothing at
run time and is the same type to mypy. Each game names its own board integers (a square, a colour) beside its
observation types (`games/<game>/observation.py`), from the aliases here where they are the same thing.

The compiled build reads no annotation as a C type (`annotation_typing` off, build_support/extensions.py), so
the aliases serve its modules' signatures too.
"""

from __future__ import annotations

from typing import TypeAlias

Seat: TypeAlias = int
"""A player's seat, 0..num_players-1 (`State.current_player()` is a seat, or CHANCE / TERMINAL)."""

ActionId: TypeAlias = int
"""An action, 0..num_distinct_actions-1 (at a chance node: a chance outcome, 0..max_chance_outcomes-1)."""

Viewer: TypeAlias = Seat | None
"""Who reads an observation or an event: a seat, or None for a spectator (who sees only what is public)."""

__all__ = ["ActionId", "Seat", "Viewer"]
