"""Read-only questions about a Q*bert state, for the heuristic and tensor code (which read no engine field
themselves), and for the observation (views.py), so that what a seat may see is decided in one place.

The only hidden thing is Q*bert's roll in the secret tube (QB-7.1): `roll_seen_by` and `moves_left_seen_by`
answer for a viewer and say None while the roll is hidden from them. Cubes and positions use board.py's
numbering (a nasty's position is a cube, or board.HOME / board.ELIMINATED); sequences are the state's own,
typed read-only: change none in place.
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import QbertData


def phase(st: QbertData) -> int:
    """The current phase (a `state.Phase` name)."""
    return st._phase


def rounds_finished(st: QbertData) -> int:
    return st._round


def qbert_player(st: QbertData) -> int:
    """The player who is Q*bert this round (-1 before the roll-off)."""
    return st._qp


def rolloff(st: QbertData) -> tuple[int, int] | None:
    """The last roll-off's two faces (player 0's, player 1's), or None."""
    return st._rolloff


def qbert_cube(st: QbertData) -> int:
    return st._q


def pegs(st: QbertData) -> int:
    """Bit c set: cube c still holds its peg."""
    return st._pegs


def nasties(st: QbertData) -> Sequence[int]:
    """Per character (board.NASTY_NAMES order): its cube or face number, board.HOME or board.ELIMINATED."""
    return st._nasty


def discs(st: QbertData) -> int:
    """Bit d set: disc d (board.DISCS) is still in play."""
    return st._discs


def moves_used(st: QbertData) -> int:
    """Moves used this turn (hops and escape hops; public)."""
    return st._hops


def escape_hops(st: QbertData) -> int:
    """Hops of the current escape (QB-5.7)."""
    return st._escape_hops


def roll_visible_to(st: QbertData, player: int | None) -> bool:
    """There is a roll this turn and `player` may see it: Q*bert's own seat, or after the tube is lifted (QB-7)."""
    return st._roll > 0 and (st._revealed or player == st._qp)


def roll_seen_by(st: QbertData, player: int | None) -> int | None:
    """Q*bert's roll this turn as `player` sees it: 0 before the d8, None while it is hidden from them (QB-7.1)."""
    roll = st._roll
    if roll > 0 and not (st._revealed or player == st._qp):
        return None
    return roll


def moves_left_seen_by(st: QbertData, player: int | None) -> int | None:
    """Q*bert's moves left this turn as `player` sees them: None with no roll or while it is hidden (QB-7.1)."""
    return st._roll - st._hops if roll_visible_to(st, player) else None


def character(st: QbertData) -> int:
    """The nasty the character die chose (board.NASTY_NAMES index), -1 for none."""
    return st._char


def steps_left(st: QbertData) -> int:
    """Steps still to make for that nasty (meaningful in the nasty-move and escape phases)."""
    return st._steps_left


def frozen(st: QbertData) -> bool:
    """The Green Ball froze the next nasty turn (QB-3.8)."""
    return st._frozen


def turn(st: QbertData) -> int:
    """Q*bert's turns this round."""
    return st._turn


def scores(st: QbertData) -> Sequence[tuple[int, int]]:
    """(Q*bert player, pegs) per finished round."""
    return st._scores


def totals(st: QbertData) -> list[int]:
    """Pegs collected as Q*bert by each player in the finished rounds (a new list)."""
    t = [0, 0]
    for p, n in st._scores:
        t[p] += n
    return t
