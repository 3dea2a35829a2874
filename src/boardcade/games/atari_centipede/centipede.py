"""The Centipede's turn in Atari's Centipede (AC-6 to AC-9): playing a card (flea, mushroom, berserk, spider), then
moving each of its bugs in the order the player picks, and the draw that ends the turn. Handlers of the phase
table (phases.py)."""

from __future__ import annotations

from .board import (
    BERSERK,
    CENT_CARD_NAMES,
    COLOUR_NAMES,
    COLS,
    EMPTY,
    FLEA,
    MUSH,
    MUSHROOM_CARD,
    SEGMENTS,
    SPAWN_CENT,
    SPAWN_FLEA,
    SPAWN_SPIDER,
    SPIDER,
    SQUARE_NAMES,
    Bug,
    CardMove,
)
from .pieces import (
    cent_step,
    check_eat,
    move_spider,
    place_mushroom,
    remove_at,
)
from .state import AtariData as St
from .state import Phase
from .turn import (
    after_bug_move,
    bugs_to_move,
    flea_advance,
    move_next,
    moving,
    spider_spawn_squares,
    start_bug_move,
    start_draw,
)


# ---- the Centipede's turn: the card (AC-6) --------------------------------------------------------------
def play_choices(st: St) -> list[int]:
    play = st._T.acts.play
    hand = st._hand[st._c]
    return [play[k] for k in range(5) if hand[k]]


def play_card(st: St, kind: int) -> None:
    """AC-6.1: the Centipede side plays one card from its hand and carries it out (AC-6.3 to AC-6.8)."""
    c = st._c
    st._hand[c][kind] -= 1
    st._card_log.append(CardMove(False, c, st._cycle[c], kind, len(st._history), -1))
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.1", f"{COLOUR_NAMES[c]} Centipede plays {CENT_CARD_NAMES[kind]}")
    if kind == SPAWN_CENT:
        if st._segs[c] < SEGMENTS:
            st._tucked[c] += 1
            if not st._quiet:  # quiet mode: no text to build
                st._emit("AC-6.6", f"Spawn Centipede tucked: all {COLOUR_NAMES[c]} bugs move +{st._tucked[c]}")
            st._enter(Phase.SPAWN)
            return
        st._emit("AC-6.6", "every segment is on the board: no effect")
    st._discard[c][kind] += 1
    if kind == SPAWN_SPIDER:
        if st._spider_supply > 0:
            st._pending_spider = True
        else:
            st._emit("AC-6.3", "every spider is on the board: no effect")
    elif kind == SPAWN_FLEA:
        if st._flea_supply > 0 and flea_spawn_squares(st):
            st._enter(Phase.CFLEA)
            return
        st._emit("AC-6.3", "no flea or no empty square to spawn it: no effect")
    elif kind == MUSHROOM_CARD:
        if any(mush_card_squares(st)):
            st._enter(Phase.CMUSH)
            return
        st._emit("AC-6.7", "no mushroom to remove and none can be placed: no effect")
    elif kind == BERSERK:
        st._enter(Phase.CBERSERK)
        return
    move_next(st)


def flea_spawn_squares(st: St) -> list[int]:
    row = st._lay.flea_row[st._home[st._c]]
    board = st._board
    return [row * COLS + k for k in range(COLS) if board[row * COLS + k] == EMPTY]


def flea_choices(st: St) -> list[int]:
    spawn = st._T.acts.spawn_flea
    return [spawn[s % COLS] for s in flea_spawn_squares(st)]


def spawn_flea(st: St, col: int) -> None:
    """AC-6.4: Spawn Flea places a flea on the row chosen before the bugs move."""
    c = st._c
    square = st._lay.flea_row[st._home[c]] * COLS + col
    st._flea_supply -= 1
    st._fleas.append(Bug(square, c, False))
    st._board[square] = FLEA
    st._bcol[square] = c
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.4", f"flea spawned at {SQUARE_NAMES[square]}")
    check_eat(st, c, square)
    move_next(st)


def mush_card_squares(st: St) -> tuple[list[int], list[int]]:
    """Mushrooms the Mushroom card may remove, and empty squares where it may place one (AC-6.7)."""
    board = st._board
    remove = [s for s, cell in enumerate(board) if cell == MUSH]
    place = []
    if st._supply > 0:
        near = set()
        for cent in st._cents:
            for s in cent.squares:
                k = s % COLS
                for dr in (-COLS, 0, COLS):
                    for dk in (-1, 0, 1):
                        if 0 <= k + dk < COLS:
                            near.add(s + dr + dk)
        spawns = st._lay.all_spawns
        for s in range(st._lay.field_lo, st._lay.field_hi):
            if board[s] == EMPTY and s not in near and s not in spawns:
                place.append(s)
    return remove, place


def mushroom_choices(st: St) -> list[int]:
    acts = st._T.acts
    remove, place = mush_card_squares(st)
    return [acts.remove_mushroom[s] for s in remove] + [acts.place_mushroom[s] for s in place]


def remove_mushroom(st: St, square: int) -> None:
    """AC-6.7: the Mushroom card removes a mushroom ..."""
    remove_at(st, square, "AC-6.7", "Mushroom card")
    move_next(st)


def place_mushroom_card(st: St, square: int) -> None:
    """AC-6.7: ... or places one, never on a spawn point (AC-1.4)."""
    place_mushroom(st, square, "AC-6.7", "Mushroom card")
    move_next(st)


def berserk_choices(st: St) -> list[int]:
    berserk = st._T.acts.berserk
    c = st._c
    return sorted(berserk[cent.squares[0]] for cent in st._cents if cent.colour == c)


def berserk(st: St, head: int) -> None:
    """AC-6.8: Berserk! one of the side's centipedes makes two drop steps toward the enemy Gnome."""
    cent = next(x for x in st._cents if x.squares[0] == head)
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.8", f"Berserk! the centipede at {SQUARE_NAMES[head]} leaps two rows")
    cent_step(st, cent, drop=True)
    cent_step(st, cent, drop=True)
    move_next(st)


# ---- the Centipede's turn: moving the bugs (AC-6.1, AC-7 to AC-9) ----------------------------------------


def move_bug_choices(st: St) -> list[int]:
    move_bug = st._T.acts.move_bug
    return sorted(move_bug[s] for s in bugs_to_move(st))


def move_bug(st: St, square: int) -> None:
    """AC-6.1: the player picks which bug moves next; a centipede spawned this turn has moved (AC-7.6)."""
    start_bug_move(st, square)


def spider_choices(st: St) -> list[int]:
    spider_to = st._T.acts.spider_to
    return [spider_to[s] for s in st._spider_to]


def spider_to(st: St, square: int) -> None:
    """AC-8: the spider moves in one straight line to the square chosen."""
    move_spider(st, moving(st, st._spiders), square)
    after_bug_move(st)


def drop_choices(st: St) -> list[int]:
    acts = st._T.acts
    return [acts.drop_mushroom, acts.no_mushroom]


def drop_mushroom(st: St, _: int) -> None:
    """AC-9.2: the flea's owner drops a mushroom on the square the flea left ..."""
    place_mushroom(st, st._flea_from, "AC-9.2", "dropped by a flea")
    flea_advance(st)


def no_mushroom(st: St, _: int) -> None:
    """AC-9.2: ... or drops none."""
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-9.2", f"the flea drops no mushroom at {SQUARE_NAMES[st._flea_from]}")
    flea_advance(st)


def spider_spawn_choices(st: St) -> list[int]:
    spawn = st._T.acts.spawn_spider
    return [spawn[s] for s in spider_spawn_squares(st)]


def spawn_spider(st: St, square: int) -> None:
    """AC-6.5: Spawn Spider places a spider on an empty edge square of the field after the bugs moved."""
    c = st._c
    st._spider_supply -= 1
    st._spiders.append(Bug(square, c, True))
    st._board[square] = SPIDER
    st._bcol[square] = c
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.5", f"spider spawned at {SQUARE_NAMES[square]}")
    check_eat(st, c, square)
    start_draw(st, c)
