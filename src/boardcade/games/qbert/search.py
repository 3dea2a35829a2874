"""What search agents need to know about Q*bert beyond the contract (`SearchHints.chance_view`).

The d8 in the tube is seen by Q*bert's player only (QB-3.1, QB-7.1); the roll-off, the character die and the
nasty's d6 are public. `tests/agents` checks this rule against the information states at every chance node of
seeded matches.
"""

from __future__ import annotations

from . import query
from .state import Phase, QbertData


def chance_view(state: QbertData, player: int) -> bool:
    if query.phase(state) == Phase.QBERT_ROLL:
        return query.qbert_player(state) == player
    return True
