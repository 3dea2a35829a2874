"""The threat of the next Centipede turn, from what every player may know (for the heuristic and the agents).

`threat_map(state, colour)` answers: for each column of the Gnome row that `colour` hunts, how likely is a Gnome
standing there at the end of its turn to be eaten in `colour`'s coming Centipede turn (AC-10)? And how likely is
a centipede to drop into that Gnome row, which eats the Gnome wherever it stands (AC-10.2)?

Reach (certain, given the player moves its bugs to eat): a bug already in front of the Gnome (AC-10.1, checked
at the start of the turn); a centipede whose move (its speed, AC-7.5, simulated on the present board) takes its
head onto the square in front of the Gnome or drops it into the Gnome row; a spider with a straight vertical or
diagonal line to that square within its speed (AC-8); a flea in that column close enough (AC-9.1).

Cards (a chance, never a look at the hidden hand): the hand is taken as a uniform draw of its size from the
colour's unseen cards (its deck of 11 less the public discard pile and the tucked Spawn Centipede cards), so
P(some card of a kind in hand) is hypergeometric. Spawn Spider puts a spider on the square in front of a Gnome
in column 0 or 8 (AC-6.5); Berserk! gives one centipede two drops before its move (AC-6.8); Spawn Centipede
(with a segment off the board) gives every bug +1 speed at once (AC-6.6); Spawn Flea's flea starts on the far
field row and reaches the Gnome only on a very short board (AC-6.4). A card already played this turn is public.

While `colour`'s turn is in progress (a card played, some bugs moved), only the bugs still to move count,
plus a pending Spawn Spider.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from . import query
from .board import (
    BERSERK,
    CENT_SPEED,
    COLS,
    DECK,
    DIE_FACES,
    EMPTY,
    FLEA_SPEED,
    MOVE,
    MUSH,
    SEGMENTS,
    SPAWN_CENT,
    SPAWN_FLEA,
    SPAWN_SPIDER,
    SPIDER_SPEED,
    WRIST,
)
from .query import View
from .state import Phase


def card_odds(state: View, colour: int) -> list[float]:
    """P(the hand of `colour` holds at least one card of each kind), from public information only."""
    hand = query.hand_size(state, colour)  # the hand's size is public
    discard = query.discards(state)[colour]
    tucked = query.tucked(state)[colour]
    unseen = [DECK[k] - discard[k] - (tucked if k == SPAWN_CENT else 0) for k in range(5)]
    total = sum(unseen)
    if hand <= 0 or total <= 0:
        return [0.0] * 5
    hand = min(hand, total)
    none = comb(total, hand)
    return [1.0 - comb(total - u, hand) / none if u > 0 else 0.0 for u in unseen]


def _cent_reach(
    board: Sequence[int],
    pos: Sequence[int],
    facing: int,
    steps: int,
    drops: int,
    dy: int,
    front: int,
    gnome_row: int,
) -> list[tuple[set[int], bool]]:
    """For a move of `steps` squares after `drops` forced drops (AC-6.8, AC-7), simulated on the present board,
    of a centipede (`pos` head first, the head facing `facing`): after each square of the move, the columns of
    the `front` row its head has entered so far and whether it has dropped into `gnome_row` (AC-10.2). The body
    follows the head, so the head's squares suffice."""
    body = list(pos)
    occupied = dict.fromkeys(body, True)  # changes to the board as this centipede moves
    head = body[0]
    f = facing
    entered: set[int] = set()
    out: list[tuple[set[int], bool]] = []
    for i in range(drops + steps):
        ahead = head + f
        if i >= drops and 0 <= head % COLS + f < COLS and not occupied.get(ahead, board[ahead] != EMPTY):
            target = ahead
        else:
            target = head + dy * COLS
            if target // COLS == gnome_row:
                out.extend([(entered, True)] * (steps - len(out)))  # eaten: the rest of the move does not matter
                return out
            f = -f
        body.insert(0, target)
        occupied[body.pop()] = False
        occupied[target] = True
        head = target
        if head // COLS == front and head % COLS not in entered:
            entered = entered | {head % COLS}
        if i >= drops:
            out.append((entered, False))
    return out


ROW = -1  # `why`'s key for a drop into the Gnome row (AC-10.2)


# Search evaluates many positions that differ only where the Gnome stands, which the threat map does not depend
# on: the maps are kept by what they do depend on (the board, the bugs, the public card counts, whose turn).
_CACHE: dict[tuple[object, ...], tuple[list[float], float]] = {}
_CACHE_SIZE = 50000


def threat_map(
    state: View, colour: int, whole: bool = False, under_way: bool | None = None
) -> tuple[list[float], float]:
    """(threat per column of the hunted Gnome's row, threat of a drop into that row) for `colour`'s coming turn;
    while its turn is under way, for the rest of that turn, or with `whole`, for its next turn (every bug).
    `under_way`: `turn_under_way(state, colour)` when the caller has it already."""
    if whole:
        in_progress = False
    else:
        in_progress = turn_under_way(state, colour) if under_way is None else under_way
    lay = query.layout(state)
    key = (
        lay,
        colour,
        in_progress,
        query.phase(state) == Phase.CPLAY,
        query.gnome_end_rows(state)[lay.enemy_gnome[colour]],
        tuple(query.board(state)),
        tuple([(c.colour, tuple(c.squares), c.facings[0], c.moved) for c in query.centipedes(state)]),
        tuple([(b.square, b.colour, b.moved) for b in query.spiders(state)]),
        tuple([(b.square, b.colour, b.moved) for b in query.fleas(state)]),
        query.tucked(state)[colour],
        query.hand_size(state, colour),
        tuple(query.discards(state)[colour]),
        query.segments_on_board(state)[colour],
        query.spider_supply(state),
        query.flea_supply(state),
        query.spider_pending(state),
    )
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        found = _CACHE[key] = _threat_map(state, colour, in_progress)
    return list(found[0]), found[1]


def _threat_map(
    state: View, colour: int, in_progress: bool, why: dict[int, list[str]] | None = None
) -> tuple[list[float], float]:
    """The map (see `threat_map`). With `why`, also what makes each threat, in words: column -> reasons, and
    ROW -> the reasons of a drop into the Gnome row; a column (or ROW) gets reasons exactly when its threat is
    above 0 (danger.py shows them to the Gnome's player)."""

    def note(k: int, reason: str) -> None:
        if why is not None and reason not in why.setdefault(k, []):
            why[k].append(reason)

    lay = query.layout(state)
    g = lay.enemy_gnome[colour]
    gnome_row = query.gnome_end_rows(state)[g]
    board = query.board(state)
    bcol = query.bug_colours(state)
    tucked = query.tucked(state)[colour]
    dy = query.row_steps(state)[colour]
    front = gnome_row + (1 if gnome_row == 0 else -1)
    front_lo = front * COLS
    phase = query.phase(state)
    cards = in_progress is False or phase == Phase.CPLAY
    odds = card_odds(state, colour) if cards else [0.0] * 5
    p_cent = odds[SPAWN_CENT] if query.segments_on_board(state)[colour] < SEGMENTS else 0.0
    sure = [0.0] * COLS
    # With Spawn Centipede played, every bug is one faster this turn (AC-6.6): the reach that needs it.
    faster = [0.0] * COLS
    leap = [0.0] * COLS  # the reach that needs Berserk!
    for k in range(COLS):
        s = front_lo + k
        if board[s] >= 2 and bcol[s] == colour:  # a flea, spider or segment of this colour in front (AC-10.1)
            sure[k] = 1.0
            note(k, "a bug already stands here")
    row_sure = row_faster = row_leap = 0.0
    for cent in query.centipedes(state):
        if cent.colour != colour or (in_progress and cent.moved):
            continue
        pos, facing = cent.squares, cent.facings[0]
        speed = CENT_SPEED[len(pos)] + tucked
        path = _cent_reach(board, pos, facing, speed + (1 if p_cent else 0), 0, dy, front, gnome_row)
        cols, drop = path[speed - 1]
        for k in cols:
            sure[k] = 1.0
            note(k, "a centipede can move here")
        if drop:
            row_sure = 1.0
            note(ROW, "a centipede can drop into this row")
        if p_cent:
            cols, drop = path[speed]
            for k in cols:
                faster[k] = 1.0
                note(k, "a centipede can move here if Spawn Centipede speeds it up")
            if drop:
                row_faster = 1.0
                note(ROW, "a centipede can drop into this row if Spawn Centipede speeds it up")
        if odds[BERSERK]:
            cols, drop = _cent_reach(board, pos, facing, speed, 2, dy, front, gnome_row)[-1]
            for k in cols:
                leap[k] = 1.0
                note(k, "a centipede can move here after Berserk!")
            if drop:
                row_leap = 1.0
                note(ROW, "a centipede can drop into this row after Berserk!")
    for bug in query.spiders(state):
        if bug.colour != colour or (in_progress and bug.moved):
            continue
        for k in _spider_reach(board, bug.square, front, SPIDER_SPEED + tucked):
            sure[k] = 1.0
            note(k, "a spider can move here")
        if p_cent:
            for k in _spider_reach(board, bug.square, front, SPIDER_SPEED + tucked + 1):
                faster[k] = 1.0
                note(k, "a spider can move here if Spawn Centipede speeds it up")
    for bug in query.fleas(state):
        if bug.colour != colour or (in_progress and bug.moved):
            continue
        r, k = divmod(bug.square, COLS)
        if abs(front - r) <= FLEA_SPEED + tucked:
            sure[k] = 1.0
            note(k, "a flea can fall here")
        elif p_cent and abs(front - r) <= FLEA_SPEED + tucked + 1:
            faster[k] = 1.0
            note(k, "a flea can fall here if Spawn Centipede speeds it up")
    # Cards that bring a new bug.
    spider_supply = query.spider_supply(state)
    p_spider = odds[SPAWN_SPIDER] if spider_supply > 0 else 0.0
    if in_progress and query.spider_pending(state) and spider_supply > 0:
        p_spider = 1.0
    spawn = [0.0] * COLS
    if p_spider:
        for k in (0, COLS - 1):
            if board[front_lo + k] == EMPTY:
                spawn[k] = p_spider
                note(k, "a spider can spawn here")
    if odds[SPAWN_FLEA] and query.flea_supply(state) > 0 and lay.field_rows - 1 <= FLEA_SPEED + tucked:
        far = lay.flea_row[query.home_rows(state)[colour]] * COLS
        for k in range(COLS):
            if board[far + k] == EMPTY:
                spawn[k] = max(spawn[k], odds[SPAWN_FLEA])
                note(k, "a flea can spawn and fall here")
    out = []
    p_leap = odds[BERSERK]
    for k in range(COLS):
        if sure[k]:
            out.append(1.0)
            continue
        safe = (1.0 - p_cent * faster[k]) * (1.0 - p_leap * leap[k]) * (1.0 - spawn[k])
        out.append(1.0 - safe)
    row = 1.0 if row_sure else 1.0 - (1.0 - p_cent * row_faster) * (1.0 - p_leap * row_leap)
    return out, row


def _spider_reach(board: Sequence[int], square: int, front: int, speed: int) -> list[int]:
    """Columns of the `front` row a spider in `square` can end on in one straight move (AC-8)."""
    r0, c0 = divmod(square, COLS)
    dist = abs(front - r0)
    if dist == 0 or dist > speed:
        return []
    dr = 1 if front > r0 else -1
    out = []
    for dc in (-1, 0, 1):
        c_end = c0 + dc * dist
        if not 0 <= c_end < COLS:
            continue
        s = square
        step = dr * COLS + dc
        for _ in range(dist):
            s += step
            cell = board[s]
            if cell != EMPTY and cell != MUSH:
                break
        else:
            out.append(c_end)
    return out


def turn_under_way(state: View, colour: int) -> bool:
    """Whether `colour`'s Centipede turn is under way (its card may be played, its bugs may be moving)."""
    turn = query.turn(state)
    if turn is None or query.phase(state) == Phase.DRAW:
        return False
    _, kind, idx = turn
    return kind == 1 and idx == colour


def next_turn_columns(state: View, g: int) -> set[int]:
    """Columns the Gnome `g` may stand on after its next turn: a die of the pool, Wrist Control if face up."""
    return _spread(query.gnome_squares(state)[g] % COLS, _pool_moves(state), query.gnome_cards(state)[g][WRIST])


def reachable_columns(state: View, g: int) -> set[int]:
    """Columns the Gnome `g` may still stand on when the hunting colour's turn comes: during its own turn, the
    moves left (a die of the pool, or the rest of the die in use) with Wrist Control if face up (AC-4.4, AC-5.2);
    in 2 players at the Centipede's closing draw, its whole next turn; otherwise where it stands."""
    col = query.gnome_squares(state)[g] % COLS
    wrist = query.gnome_cards(state)[g][WRIST]
    phase = query.phase(state)
    acting = False
    turn = query.turn(state)
    if turn is not None:
        _, kind, idx = turn
        acting = kind == 0 and idx == g
    if not acting:
        if not query.layout(state).team_game and phase == Phase.DRAW:
            return _spread(col, _pool_moves(state), wrist)
        return {col}
    # Acting: a Gnome's turn, so `die_in_use` is the die's face, -1 when none is chosen yet.
    if phase == Phase.GWRIST:
        # Wrist Control's square first (away from an edge), then what is left of the turn: the rest of the die
        # in use, or a die of the pool when none is chosen yet (AC-5.1, AC-5.2).
        starts = [1] if col == 0 else [COLS - 2] if col == COLS - 1 else [col - 1, col + 1]
        if query.die_in_use(state) < 0:
            options = _pool_moves(state)
        else:
            options = [[n for kind, n in query.die_steps_left(state) if kind == MOVE]]
        out: set[int] = set()
        for start in starts:
            out |= _spread(start, options, wrist)
        return out
    if query.die_in_use(state) < 0:
        return _spread(col, _pool_moves(state), wrist)
    moves = [n for kind, n in query.die_steps_left(state) if kind == MOVE]
    return _spread(col, [moves], wrist)


def _pool_moves(state: View) -> list[list[int]]:
    """The move actions of each face in the pool (any face when a refresh comes first, AC-4.1)."""
    pool = query.dice_pool(state)
    faces = range(len(DIE_FACES)) if sum(pool) <= 1 else [f for f in range(len(DIE_FACES)) if pool[f]]
    return [[n for kind, n in DIE_FACES[f] if kind == MOVE] for f in faces]


def _spread(col: int, options: list[list[int]], wrist: bool) -> set[int]:
    """Columns reachable from `col` by one of the move sequences in `options` (each move N squares left or
    right, stopping at the edge, AC-4.4), with one Wrist Control step more when `wrist`."""
    out = set()
    for moves in options:
        ends = {col}
        for n in moves:
            ends = {max(0, min(COLS - 1, c + d * n)) for c in ends for d in (-1, 1)}
        out |= ends
    if wrist:
        out |= {max(0, min(COLS - 1, c + d)) for c in out for d in (-1, 1)}
    return out
