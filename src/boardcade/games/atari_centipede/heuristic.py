"""Evaluation of an Atari's Centipede state for the greedy agent and search: a value in (-1, 1).

The value is 2 P(win) - 1 as predicted by a model trained from self-play (`evaluator.json` in this folder,
`scripts/train_evaluator.py`, docs/agents.md) over the terms below, computed per Centipede colour for the
Gnome it hunts, from public information only (the hidden hand enters as hypergeometric odds, AC-12.1):
- danger: the threat of the coming Centipede turn (`threat.threat_map`: bug reach, and the odds that the hidden
  hand holds Spawn Spider, Berserk! or Spawn Centipede) at the safest column the Gnome can still reach before
  that turn (`threat.reachable_columns`), combined with the threat of a drop into its row, which no move
  escapes; also that row threat alone, the threat where the Gnome stands and the share of safe columns;
- material and progress: the colour's segments and pieces, how far its nearest segment has come, its spiders
  and fleas, its speed bonus (tucked Spawn Centipede cards) and its hand size;
- the Gnome's face-up Gnome Control cards (one term each), the dice left in its pool, whose turn it is.
While the Gnome carries out a die (or turns Wrist Control mid-die), the rest of the die is planned: each way of
making its moves with its fires where they fall (and one more from Trigger Finger if it is face up) is played
out on a light copy of the board (`_shoot`: the first thing up the column goes, a segment splits its centipede)
and the plan best for the Gnome gives the position's value. So a move that lines up a shot is worth the shot,
and the greedy agent, choosing one action at a time, still plays the whole die with a plan.
In 2 players the Centipede's value is the model's, the Gnome's its opposite; in 4 players a team's value comes
from its own colour's terms against the other colour's. Without a trained model, `HAND_WEIGHTS` stand in.
"""

from __future__ import annotations

import math
from dataclasses import replace

from boardcade.core.learned import LearnedModel, load_model

from . import query
from .board import COLS, EMPTY, FIRE_STEP, MOVE, MUSH, SEG, SEGMENTS, SLAM, TRIGGER, WRIST, Centipede
from .query import View, plan_of
from .state import AtariData, Phase
from .threat import next_turn_columns, reachable_columns, threat_map, turn_under_way

FEATURES = (
    "danger",
    "row",
    "here",
    "safe",
    "material",
    "progress",
    "pieces",
    "bugs",
    "tucked",
    "hand",
    "wrist",
    "trigger",
    "slam",
    "glitch",
    "dice",
    "gnome_turn",
)
# The first hand-set evaluation (pressure = 0.55 danger + 0.25 material + 0.2 progress - 0.02 cards / 4, value
# 2 pressure - 1), as a logit: used when no trained model is found (and to start self-play data).
HAND_WEIGHTS = dict(danger=2.2, material=1.0, progress=0.8, wrist=-0.02, trigger=-0.02, slam=-0.02, glitch=-0.02)
HAND_BIAS = -2.0
WIN_LOGIT = 12.0  # a plan of the die in use that shoots the last segment: as good as won (tanh(6) = 0.99998)

MODEL_FILES = {2: "evaluator.json", 4: "evaluator-4p.json"}
_CACHE = ("atari_centipede.heuristic", "logits")
# The directions a die's moves may go in (two named tuples: the compiled mode types a literal tuple by its length).
_BOTH_WAYS, _RIGHT_ONLY = (-1, 1), (1,)
_MODELS: dict[int, LearnedModel | None] = {}


def model(players: int = 2) -> LearnedModel | None:
    """The trained model for `players` (None when this folder has none). In 4 players it must be linear: a
    team's logit is its colour's less the other colour's."""
    if players not in _MODELS:
        _MODELS[players] = load_model(__package__, MODEL_FILES[players])
    return _MODELS[players]


def set_model(new: LearnedModel | None, players: int = 2) -> None:
    """Use `new` instead of the shipped model for `players` (None: the hand-set weights); for training, tests."""
    _MODELS[players] = new


def _logit(x: list[float], players: int) -> float:
    m = model(players)
    if m is not None:
        return m.logit(x)
    return HAND_BIAS + sum(HAND_WEIGHTS.get(name, 0.0) * v for name, v in zip(FEATURES, x, strict=True))


def colour_features(state: View, colour: int, columns: set[int] | None = None) -> list[float] | None:
    """The terms of `colour`'s hunt for its Gnome, that Gnome ending its turn in the best of `columns` (default:
    the columns it can still reach); None when the Gnome is gone or the colour has no segment left."""
    lay = query.layout(state)
    g = lay.enemy_gnome[colour]
    square = query.gnome_squares(state)[g]
    segs = query.segments_on_board(state)[colour]
    if square < 0 or segs == 0:
        return None
    col = square % COLS
    under_way = turn_under_way(state, colour)
    if columns is None and under_way:
        # Mid-turn: the bugs still to move threaten the Gnome where it stands; every bug threatens it again at the
        # colour's next turn, wherever its own turn takes it. So moving a bug near the Gnome keeps its worth.
        now, row_now = threat_map(state, colour, under_way=True)
        spared = (1.0 - now[col]) * (1.0 - row_now)
        threat, row = threat_map(state, colour, whole=True)
        columns = next_turn_columns(state, g)
        keep = (1.0 - row) * spared
        row = 1.0 - (1.0 - row) * (1.0 - row_now)
    else:
        threat, row = threat_map(state, colour, under_way=under_way)
        if columns is None:
            columns = reachable_columns(state, g)
        keep = 1.0 - row
    low = 1.0
    safe_columns = 0
    for c in columns:
        t = threat[c]
        if t < low:
            low = t
        if t < 0.5:
            safe_columns += 1
    danger = 1.0 - (1.0 - low) * keep
    here = 1.0 - (1.0 - threat[col]) * keep
    safe = safe_columns / len(columns) * keep
    gend = query.gnome_end_rows(state)[g]
    nearest = lay.rows
    pieces = 0
    for cent in query.centipedes(state):
        if cent.colour == colour:
            pieces += 1
            for s in cent.squares:
                d = s // COLS - gend
                if d < 0:
                    d = -d
                if d < nearest:
                    nearest = d
    progress = 1.0 - (nearest - 1) / lay.field_rows if nearest < lay.rows else 0.0
    bugs = 0
    for b in query.spiders(state):
        if b.colour == colour:
            bugs += 1
    for b in query.fleas(state):
        if b.colour == colour:
            bugs += 1
    cards = query.gnome_cards(state)[g]
    dice = query.dice_pool(state)
    pool = dice[0] + dice[1] + dice[2] + dice[3] + dice[4] + dice[5]
    turn = query.turn(state)
    gnome_turn = 0.0
    if turn is not None and query.phase(state) != Phase.DRAW:
        _, kind, idx = turn
        gnome_turn = 1.0 if kind == 0 and idx == g else 0.0
    return [
        danger,
        row,
        here,
        safe,
        segs / SEGMENTS,
        progress,
        pieces / 3,
        bugs / 3,
        query.tucked(state)[colour] / 2,
        query.hand_size(state, colour) / 3,  # the hand's size is public
        float(cards[WRIST]),
        float(cards[TRIGGER]),
        float(cards[SLAM]),
        float(cards[3]),
        1.0 if pool <= 1 else pool / 6,  # a pool of one or none is refreshed at the Gnome's next turn (AC-4.1)
        gnome_turn,
    ]


def _shoot(view: View, col: int) -> View:
    """`view` after the acting Gnome fires from column `col` (AC-4.6): a copy holding only what changed."""
    lay = query.layout(view)
    g = query.gnome_to_move(view)
    gend = query.gnome_end_rows(view)[g]
    step = COLS if gend == 0 else -COLS
    s = gend * COLS + col + step
    board = query.board(view)
    while lay.field_lo <= s < lay.field_hi and board[s] == EMPTY:
        s += step
    if not lay.field_lo <= s < lay.field_hi:
        return view
    cell = board[s]
    new_board = list(board)
    supply = query.mushroom_supply(view)
    if cell == MUSH:
        new_board[s] = EMPTY
        return replace(plan_of(view), _board=new_board, _supply=supply + 1)
    new_board[s] = MUSH if supply > 0 else EMPTY
    supply = max(0, supply - 1)
    if cell == SEG:
        colour = query.bug_colours(view)[s]
        cents = []
        for cent in query.centipedes(view):
            if s in cent.squares:
                i = cent.squares.index(s)
                if i:
                    cents.append(Centipede(cent.colour, cent.squares[:i], cent.facings[:i], cent.moved))
                if i + 1 < len(cent.squares):
                    cents.append(Centipede(cent.colour, cent.squares[i + 1 :], cent.facings[i + 1 :], cent.moved))
            else:
                cents.append(cent)
        segs = list(query.segments_on_board(view))
        segs[colour] -= 1
        return replace(plan_of(view), _board=new_board, _supply=supply, _cents=cents, _segs=segs)
    fleas = [b for b in query.fleas(view) if b.square != s]
    spiders = [b for b in query.spiders(view) if b.square != s]
    return replace(plan_of(view), _board=new_board, _supply=supply, _fleas=fleas, _spiders=spiders)


def wrist_starts(col: int) -> list[int]:
    """Where Wrist Control's one square takes a Gnome in column `col` (away from an edge, AC-5.2)."""
    if col == 0:
        return [1]
    if col == COLS - 1:
        return [COLS - 2]
    return [col - 1, col + 1]


def _plans(state: View) -> list[tuple[View, set[int]]]:
    """(position at the end of the die, columns the Gnome may end on) for each plan of the die in use, from each
    square Wrist Control may take it to first when that is the decision now."""
    g = query.gnome_to_move(state)
    col0 = query.gnome_squares(state)[g] % COLS
    steps = query.die_steps_left(state)
    cards = query.gnome_cards(state)
    trigger = cards[g][TRIGGER]
    wrist = cards[g][WRIST]
    starts = wrist_starts(col0) if query.phase(state) == Phase.GWRIST else [col0]
    moves = any(kind == MOVE for kind, _ in steps)
    out = []
    for start in starts:
        for d in _BOTH_WAYS if moves else _RIGHT_ONLY:
            view, col = state, start
            for kind, n in steps:
                if kind == MOVE:
                    col = max(0, min(COLS - 1, col + d * n))
                elif kind == FIRE_STEP:
                    view = _shoot(view, col)
            ends = {col}
            if wrist:
                ends |= {max(0, col - 1), min(COLS - 1, col + 1)}
            out.append((view, ends))
            if trigger:
                spare = [list(c) for c in query.gnome_cards(view)]
                spare[g][TRIGGER] = False
                out.append((replace(plan_of(_shoot(view, col)), _cards=spare), ends))
    return out


def _logit_of(state: View, colour: int, columns: set[int] | None = None) -> float:
    x = colour_features(state, colour, columns)
    lay = query.layout(state)
    if x is None:  # decided: the hunted Gnome is gone, or the colour has no segment left
        return WIN_LOGIT if query.gnome_squares(state)[lay.enemy_gnome[colour]] < 0 else -WIN_LOGIT
    return _logit(x, lay.players)


def colour_logit(state: View, colour: int) -> float:
    """The model's logit that `colour`'s side wins, the acting Gnome choosing its best plan of the die in use
    (a plan that shoots the colour's last segment is as good as won)."""
    phase = query.phase(state)
    planning = phase == Phase.GSTEP or (phase == Phase.GWRIST and len(query.die_steps_left(state)) > 0)
    if planning and query.layout(state).enemy_gnome[colour] == query.gnome_to_move(state):
        return min(_logit_of(view, colour, ends) for view, ends in _plans(state))
    return _logit_of(state, colour)


def features(state: View, player: int) -> list[float]:
    """The model's input for `player`'s side (2 players: the Centipede colour's terms; 4 players: the player's
    colour's terms less the other colour's), public information only. For training."""
    lay = query.layout(state)
    if not lay.team_game:
        return colour_features(state, 0) or [0.0] * len(FEATURES)
    own = colour_features(state, player // 2) or [0.0] * len(FEATURES)
    other = colour_features(state, 1 - player // 2) or [0.0] * len(FEATURES)
    return [a - b for a, b in zip(own, other, strict=True)]


def evaluate(state: AtariData, player: int) -> float:
    if state.is_terminal():
        return float(state.returns()[player])
    # Search asks for every player's value of one position in a row: the logits are computed once per position
    # (and only once its turns have begun: setup is worth 0 to all).
    key = state.move_number()
    cached = state.event_cache(_CACHE)  # [history length, logits] (a clone starts with none)
    if cached and cached[0] == key:
        logits = cached[1]
    elif query.turn(state) is None:
        return 0.0
    else:
        logits = [colour_logit(state, c) for c in range(query.layout(state).colours)]
        cached[:] = [key, logits]
    if len(logits) == 1:  # 2 players: one colour
        z = logits[0]
        return math.tanh(0.5 * (z if player == 1 else -z))
    team = player // 2
    own, other = logits[team], logits[1 - team]
    return math.tanh(0.5 * (own - other))
