"""One-ply evaluation of a Q*bert state for the greedy agent and search: value in [-1, 1] for `player`.

Match standing is the peg difference (pegs already scored, plus this round's pegs for its Q*bert),
adjusted for the danger Q*bert is in and the pegs within his reach.
"""

from __future__ import annotations

import math
from collections import deque

from . import board as B

# DIST[a][b]: fewest hops between cubes a and b.
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


def evaluate(state, player: int) -> float:
    if state.is_terminal():
        return float(state.returns()[player])
    if state._qp < 0:
        return 0.0
    totals = state._totals()
    qp = state._qp
    q = state._q
    taken = B.NUM_CUBES - state._pegs.bit_count()
    expected = [float(t) for t in totals]
    # This round: pegs taken so far, plus an estimate of what Q*bert will still collect.
    danger = 0.0
    for k in (B.COILY, B.RED_BALL):
        pos = state._nasty[k]
        if pos >= 0:
            dist = DIST[pos][q]
            danger += 1.0 / (1 + dist * dist)
    for k in (B.UGG, B.WRONG_WAY):
        pos = state._nasty[k]
        if pos >= 0 and DIST[pos][q] <= 1:
            danger += 0.3
    dq = DIST[q]
    pegs = state._pegs
    near = 0
    nearest = 0
    if pegs:
        dists = [dq[c] for c in range(B.NUM_CUBES) if pegs >> c & 1]
        near = sum(1 for d in dists if d <= 2)
        nearest = min(dists)
    left = B.NUM_CUBES - taken
    future = left * 0.35 * max(0.0, 1.0 - danger) + 0.3 * near - 0.4 * nearest
    expected[qp] += taken + future
    # Rounds not yet played count as an average round for the other player.
    diff = expected[player] - expected[1 - player]
    return math.tanh(diff / 8.0)
