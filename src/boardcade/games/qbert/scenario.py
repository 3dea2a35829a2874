"""Q*bert positions from a readable description, for rule tests: `boardcade.testing.scenario("qbert", ...)`.

    scenario("qbert", roll=4, qbert=(3, 1), coily=(4, 1))            # Q*bert to move with a secret 4
    scenario("qbert", options={"max_turns_per_round": 2}, turn=2)      # options go with the game's name

Every key is optional:

qbert: Q*bert's cube (r, i) (QB-1.1). Default (0, 0), the top.
roll: Q*bert's secret d8 roll, 1..8, applied through the contract (Q*bert is then to move with no hop used).
    Default None: the position waits at the d8 chance node.
coily, red_ball, green_ball, slick: a cube (r, i), "home" or "out" (out of the round). Default "home".
ugg: the cube (r, i) whose *right* face Ugg stands on, "home" or "out". Default "home".
wrong_way: the cube (r, i) whose *left* face Wrong Way stands on, "home" or "out". Default "home".
pegs: the cubes (r, i) that still hold a peg (at least one). Default every cube (QB-1.3).
discs: which discs are still in play, indexes 0 (left of row 2), 1 (left of row 5), 2 (right of row 5).
    Default (0, 1, 2).
qbert_player: who is Q*bert this round, 0 or 1. Default 0.
scores: the finished rounds, oldest first, as (Q*bert player, pegs) pairs. Default (): the first round.
    Rounds come in games of two with the roles swapped; a finished game must be tied (and the `tiebreak`
    option on) for another to be played (QB-6.6). With an odd number of rounds, qbert_player must be the
    player who was not Q*bert in the last one.
turn: Q*bert's turn number in this round, 1..max_turns_per_round. Default 1.
frozen: whether the Green Ball has frozen the next nasty turn (QB-3.8). Default False.

Nothing else is accepted; a bad description raises ValueError naming what is wrong and what is allowed.
The match history holds the roll-off (and the roll, when given) played through the contract; the placed
pieces are not the result of moves, so such a position does not replay from its history. Its information
state strings carry the description, so two different scenarios never look alike to a player.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import board as B
from .game import QbertGame, QbertState
from .state import Phase

_NASTY_KEYS = B.NASTY_KEYS
_ALLOWED = ("qbert", "roll", "pegs", "discs", "qbert_player", "scores", "turn", "frozen", *_NASTY_KEYS)


def _cube(key: str, value: Any) -> int:
    try:
        r, i = value
        c = B.cube(int(r), int(i))
    except (TypeError, ValueError):
        c = -1
    if c < 0:
        raise ValueError(f"{key}={value!r} is not a cube: give (r, i) with 0 <= r <= 6 and 0 <= i <= r")
    return c


def _place(key: str, value: Any) -> int:
    if value == "home":
        return B.HOME
    if value == "out":
        return B.ELIMINATED
    try:
        return _cube(key, value)
    except ValueError:
        raise ValueError(f"{key}={value!r} must be a cube (r, i), 'home' or 'out'") from None


def _check_scores(game: QbertGame, scores: Any, qbert_player: int) -> list[tuple[int, int]]:
    try:
        rounds = [(int(p), int(n)) for p, n in scores]
    except (TypeError, ValueError):
        raise ValueError(f"scores={scores!r} must be (Q*bert player, pegs) pairs, one per finished round") from None
    if len(rounds) >= game.max_rounds:
        raise ValueError(f"scores: at most {game.max_rounds - 1} finished rounds fit in a match with these options")
    for p, n in rounds:
        if p not in (0, 1) or not 0 <= n <= B.NUM_CUBES:
            raise ValueError(f"scores: {(p, n)} needs a player 0 or 1 and 0..{B.NUM_CUBES} pegs")
    for g in range(0, len(rounds) - 1, 2):
        (p1, n1), (p2, n2) = rounds[g], rounds[g + 1]
        if p1 == p2:
            raise ValueError(f"scores: rounds {g + 1} and {g + 2} form one game; the players swap roles in it")
        if n1 != n2:
            raise ValueError(f"scores: game {g // 2 + 1} ended {n1} to {n2}, so the match would be over")
    if len(rounds) >= 2 and not game.options["tiebreak"]:
        raise ValueError("scores: a tied game is replayed only with the tiebreak option")
    if len(rounds) % 2 == 1 and qbert_player == rounds[-1][0]:
        raise ValueError(f"qbert_player={qbert_player}: player {rounds[-1][0]} was Q*bert last round; roles swap")
    return rounds


def build(game: QbertGame, **description: Any) -> QbertState:
    unknown = sorted(set(description) - set(_ALLOWED))
    if unknown:
        raise ValueError(f"unknown scenario key(s) {', '.join(unknown)}; allowed: {', '.join(_ALLOWED)}")
    d = description
    qbert = _cube("qbert", d.get("qbert", (0, 0)))
    qbert_player = d.get("qbert_player", 0)
    if qbert_player not in (0, 1):
        raise ValueError(f"qbert_player={qbert_player!r} must be 0 or 1")
    scores = _check_scores(game, d.get("scores", ()), qbert_player)
    roll = d.get("roll")
    if roll is not None and (not isinstance(roll, int) or not 1 <= roll <= B.D8_FACES):
        raise ValueError(f"roll={roll!r} must be a d8 face 1..{B.D8_FACES} (or None to wait for the roll)")
    cap = game.options["max_turns_per_round"]
    turn = d.get("turn", 1)
    if not isinstance(turn, int) or not 1 <= turn <= cap:
        raise ValueError(f"turn={turn!r} must be 1..{cap} (max_turns_per_round)")
    frozen = d.get("frozen", False)
    if not isinstance(frozen, bool):
        raise ValueError(f"frozen={frozen!r} must be True or False")
    discs = tuple(d.get("discs", (0, 1, 2)))
    if any(x not in (0, 1, 2) for x in discs):
        raise ValueError(f"discs={discs!r}: disc indexes are 0, 1, 2")
    pegs = d.get("pegs")
    peg_bits = B.ALL_PEGS
    if pegs is not None:
        cubes = [_cube("pegs", p) for p in pegs]
        if not cubes:
            raise ValueError("pegs: at least one peg must be left (taking the last one ends the round)")
        peg_bits = sum(1 << c for c in set(cubes))
    nasty = [_place(key, d.get(key, "home")) for key in _NASTY_KEYS]
    on_cubes: dict[int, str] = {}
    for k in B.CUBE_WALKERS:
        c = nasty[k]
        if c < 0:
            continue
        if c in on_cubes:
            raise ValueError(f"{_NASTY_KEYS[k]} and {on_cubes[c]} cannot share the cube {A.rc(c)} (QB-4.9)")
        on_cubes[c] = _NASTY_KEYS[k]
        if c == qbert and k in (B.COILY, B.RED_BALL):
            raise ValueError(f"{_NASTY_KEYS[k]} on Q*bert's cube {A.rc(c)} would already have captured him (QB-3.5)")

    # The roll-off through the contract: the first Q*bert of the match wins it (QB-2.1).
    first_of_match = scores[0][0] if scores else qbert_player
    state = game.new_initial_state()
    state.apply_action(
        A.ROLL_OFF.encode("roll_off", p1=6, p2=1) if first_of_match == 0 else A.ROLL_OFF.encode("roll_off", p1=1, p2=6)
    )
    # The position itself.
    state._scores = scores
    state._round = len(scores)
    state._qp = qbert_player
    state._first_q = qbert_player if len(scores) % 2 == 0 else scores[-1][0]
    state._q = qbert
    state._pegs = peg_bits
    state._nasty = nasty
    state._discs = sum(1 << x for x in set(discs))
    state._frozen = frozen
    state._turn = turn
    state._turns_total = len(scores) + turn
    state._enter(Phase.QBERT_ROLL)
    state._setup = "scenario " + ";".join(f"{k}={d[k]!r}" for k in sorted(d) if k != "roll")
    state._legal_cache = None
    if roll is not None:
        state.apply_action(A.D8.encode("d8", face=roll))
        assert state._phase == Phase.QBERT_MOVE
    return state
