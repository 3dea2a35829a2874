"""One-ply evaluation of a Q*bert state for the greedy agent and search: value in [-1, 1] for `player`.

The match standing is counted in pegs: pegs already scored, plus, for this round's Q*bert, the pegs he has
taken this round and an estimate of what he will still collect, plus, in a game's first round, a fresh
round's estimate for the player who is still to be Q*bert. The estimate is the pegs left (at most 10
counted) times the chance he is not caught soon, plus a pull towards the nearest pegs.

Scale, chosen so that greedy Q*bert takes the pegs in front of him (figures in docs/agents.md): a peg
taken is worth +1, and a one-hop change of position is worth a fraction of that, unless it walks into
real danger. The chance of being caught comes from what the dice allow: the character die must show
Coily or Red Ball (1/6 each) and the d6 must reach him; with moves left in the tube he may escape. Only
Q*bert's player knows how many moves he has left; the nasty player's evaluation assumes an average, so
nothing here reads the hidden roll on his behalf (QB-7.1).
"""

from __future__ import annotations

import math
from collections import deque

from boardcade.core.learned import LearnedModel, load_model

from . import board as B
from . import query
from .state import Phase, QbertData

# DIST[a][b]: fewest hops between cubes a and b (Coily's steps too).
_dist = []
for _start in range(B.NUM_CUBES):
    d = [99] * B.NUM_CUBES
    d[_start] = 0
    queue = deque([_start])
    while queue:
        c = queue.popleft()
        for n in B.HOP[c]:
            if n >= 0 and d[n] == 99:
                d[n] = d[c] + 1
                queue.append(n)
    _dist.append(tuple(d))
DIST: tuple[tuple[int, ...], ...] = tuple(_dist)


def _down_dist(a: int, b: int) -> int:
    """Steps for a ball on cube a to reach cube b going down only (99 when it cannot)."""
    (ra, ia), (rb, ib) = B.CUBES[a], B.CUBES[b]
    return rb - ra if rb >= ra and ia <= ib <= ia + (rb - ra) else 99


DOWN_DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_down_dist(a, b) for b in range(B.NUM_CUBES)) for a in range(B.NUM_CUBES)
)
# Chance that the next nasty turn brings a given capturer onto Q*bert from `d` steps away: its face of the
# character die (1/6) times a d6 of at least d.
REACH: tuple[float, ...] = tuple((1 / 6) * max(0, 7 - d) / 6 if d >= 1 else 1 / 6 for d in range(128))
_COILY_ENTRY = B.ENTRY[B.COILY][0]
_BALL_ENTRIES = B.ENTRY[B.RED_BALL]

PEGS_COUNTED = 10  # at most this many of the pegs left count towards the future
FUTURE_SHARE = 0.6  # share of those Q*bert may expect to collect with no nasty near
NEAR_WEIGHT = 0.05  # per peg within two hops
NEAREST_WEIGHT = 0.1  # per hop to the nearest peg, counted up to NEAREST_CAP hops
NEAREST_CAP = 3
SCALE = 10.0  # pegs of lead for tanh(1) = 0.76


def _danger(state: QbertData, q: int, player: int, qp: int, phase: int) -> float:
    """Rough chance that Q*bert is caught in the next nasty turn (Q*bert's player `qp`, in `phase`)."""
    nasty = query.nasties(state)
    danger = 0.0
    coily = nasty[B.COILY]
    if coily >= 0:
        danger += REACH[DIST[coily][q]]
    elif coily == B.HOME:
        danger += REACH[1 + DIST[_COILY_ENTRY][q]]
    ball = nasty[B.RED_BALL]
    if ball >= 0:
        danger += REACH[DOWN_DIST[ball][q]]
    elif ball == B.HOME:
        danger += REACH[1 + min(DOWN_DIST[c][q] for c in _BALL_ENTRIES)]
    for k in (B.UGG, B.WRONG_WAY):
        pos = nasty[k]
        if pos >= 0 and DIST[pos][q] <= 1:
            danger += REACH[1] * 0.5
    if player == qp:
        # He knows his moves left: each one is an escape hop if a capturer reaches him (his own roll: never None).
        left = (query.roll_seen_by(state, player) or 0) - query.moves_used(state)
        escape = max(0.3, 1.0 - 0.12 * left)
        if phase == Phase.ESCAPE and left <= 0:
            return 1.0 if query.escape_hops(state) == 0 else danger  # staying put now is a capture
    else:
        escape = 0.6  # the nasty player does not know the moves left: an average
    if phase == Phase.ESCAPE:
        danger += 0.3  # a capture threat is pending
    return min(1.0, danger * escape)


def _pull(q: int, pegs: int) -> float:
    """Towards the pegs: a little for each peg within two hops, less for each hop to the nearest one."""
    dq = DIST[q]
    near = 0
    nearest = 0
    if pegs:
        nearest = 99
        for c in range(B.NUM_CUBES):
            if pegs >> c & 1:
                d = dq[c]
                if d <= 2:
                    near += 1
                if d < nearest:
                    nearest = d
    return NEAR_WEIGHT * near - NEAREST_WEIGHT * min(nearest, NEAREST_CAP)


# _pull by (Q*bert's cube, pegs left): search evaluates many positions that share them.
_PULLS: dict[tuple[int, int], float] = {}
_PULLS_SIZE = 50000

# What a round not yet begun is worth to its Q*bert: the estimate below at the start of a round (Q*bert on
# the top cube, every peg on the board, every nasty at home, too far to reach him at once).
FRESH_ROUND = min(B.NUM_CUBES, PEGS_COUNTED) * FUTURE_SHARE + _pull(B.TOP, B.ALL_PEGS)


FEATURES = ("lead", "taken", "future", "pull", "danger", "fresh", "qbert", "round", "escape")
# The first hand-set evaluation, tanh((expected pegs of the player less the opponent's) / 10), as a logit: used
# when no trained model is found (and to start self-play data).
HAND_WEIGHTS = dict(lead=0.2, taken=0.2, future=0.2 * PEGS_COUNTED * FUTURE_SHARE, pull=0.2, fresh=0.2 * FRESH_ROUND)
_MODEL: list[LearnedModel | None] = []


def model() -> LearnedModel | None:
    """The trained model (None when this folder has none)."""
    if not _MODEL:
        _MODEL.append(load_model(__package__, "evaluator.json"))
    return _MODEL[0]


def set_model(new: LearnedModel | None, players: int = 2) -> None:
    """Use `new` instead of the shipped model (None: the hand-set weights); for training and tests."""
    _MODEL[:] = [new]


def features(state: QbertData, player: int) -> list[float]:
    """The model's input for `player`: each term is signed for `player` against the opponent (so a position's
    value to one player is minus its value to the other, but for what only Q*bert's player knows: his moves
    left, QB-7.1)."""
    return _features(state, player, query.qbert_player(state))


def _features(state: QbertData, player: int, qp: int) -> list[float]:
    totals = query.totals(state)
    lead = totals[player] - totals[1 - player]
    if qp < 0:
        return [float(lead)] + [0.0] * (len(FEATURES) - 1)
    sign = 1.0 if player == qp else -1.0
    taken = future = pull = danger = fresh = escape = 0.0
    rounds = query.rounds_finished(state)
    phase = query.phase(state)
    if phase != Phase.ROLL_OFF:  # between games both players have a round ahead: nothing to add
        pegs = query.pegs(state)
        cube = query.qbert_cube(state)
        left = pegs.bit_count()
        d = _danger(state, cube, player, qp, phase)
        taken = B.NUM_CUBES - left
        future = min(left, PEGS_COUNTED) / PEGS_COUNTED * (1.0 - d)
        known = _PULLS.get((cube, pegs))
        if known is None:
            if len(_PULLS) >= _PULLS_SIZE:
                _PULLS.clear()
            known = _PULLS[cube, pegs] = _pull(cube, pegs)
        pull = known
        danger = d
        # The nasty player still has his round as Q*bert to play in this game: a fresh round's worth for him.
        fresh = -1.0 if rounds % 2 == 0 else 0.0
        escape = 1.0 if phase == Phase.ESCAPE else 0.0
    return [
        float(lead),
        sign * taken,
        sign * future,
        sign * pull,
        sign * danger,
        sign * fresh,
        sign,
        sign * (rounds % 2),
        sign * escape,
    ]


def evaluate(state: QbertData, player: int) -> float:
    if state.is_terminal():
        return float(state.returns()[player])
    qp = query.qbert_player(state)
    if qp < 0:
        return 0.0
    x = _features(state, player, qp)
    m = model()
    if m is not None:
        return m.value(x)
    return math.tanh(0.5 * sum(HAND_WEIGHTS.get(name, 0.0) * v for name, v in zip(FEATURES, x, strict=True)))
