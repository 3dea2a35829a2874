"""What search agents need to know about Atari's Centipede beyond the contract (`SearchHints.chance_view`).

A card draw is seen by the drawing colour's Centipede player only (AC-6.2, AC-12.1); Gnome dice are public and
rolled into a pool, so the order of a run of rolls does not matter (AC-2.5, AC-4.1, AC-5.4): search keys them by
the pool they make. Mushroom seeding by chance and the dice-off are public. `tests/agents` checks this rule
against the information states at every chance node of seeded matches.
"""

from __future__ import annotations

from . import query
from .state import AtariData, Phase


def chance_view(state: AtariData, player: int) -> bool | str:
    phase = query.phase(state)
    if phase == Phase.ROLL:
        return "roll"
    if phase == Phase.DRAW:
        return query.layout(state).cent_seat[query.drawing_colour(state)] == player
    return True
