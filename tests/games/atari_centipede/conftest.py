"""Helpers to build Atari's Centipede positions for rule tests."""

from __future__ import annotations

import random
import types

import pytest

import boardcade
from boardcade.core import CHANCE, TERMINAL, sample_chance
from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.pieces import GameOver
from boardcade.games.atari_centipede.turns import P_OVER, P_SEED


def sq(r: int, c: int) -> int:
    return B.sq(r, c)


def new(players: int = 2, **options):
    return boardcade.load_game("atari_centipede", players=players, **options).new_initial_state()


def seed_all(state) -> None:
    """Players' seeding: every placement takes the lowest legal square."""
    while state.phase == P_SEED:
        state.apply_action(state.legal_actions()[0])


def setup2(gnome=(0, 4), spawn_col=8, dice=(0, 1, 2, 3, 4, 5), hand=(1, 2, 3), **options):
    """A 2-player match right after setup: the Gnome is to choose a die."""
    s = new(2, **options)
    seed_all(s)
    s.apply_action(sq(*gnome))
    for f in dice:
        s.apply_action(f)
    for k in hand:
        s.apply_action(k)
    home = B.ROWS - 1 - gnome[0]
    spawn = [x for x in B.spawn_points(home) if x % B.COLS == spawn_col][0]
    s.apply_action(spawn)
    return s


def setup4(diceoff=(5, 0), gnome_a=(0, 4), gnome_b=(11, 4), dice=(0, 1, 2, 3, 4, 5)):
    """A 4-player match after setup. diceoff=(a, b): team A's and team B's dice-off rolls (0-based)."""
    s = new(4)
    seed_all(s)
    s.apply_action(diceoff[0] * 6 + diceoff[1])
    high = 0 if diceoff[0] > diceoff[1] else 1
    first, second = (gnome_a, gnome_b) if high == 0 else (gnome_b, gnome_a)
    s.apply_action(sq(*first))
    s.apply_action(sq(*second))
    for f in dice:
        s.apply_action(f)
    for _c in s._setup_order:
        for k in (1, 2, 3):
            s.apply_action(k)
        s.apply_action(s.legal_actions()[0])
    return s


def clear(state) -> None:
    """Empty the field: no mushrooms or bugs, every piece back in its supply."""
    state.board[:] = [B.EMPTY] * B.NSQ
    state.bcol[:] = [-1] * B.NSQ
    state.cents.clear()
    state.fleas.clear()
    state.spiders.clear()
    state.segs[:] = [0] * len(state.segs)
    state.supply = B.MUSHROOMS
    state.flea_supply = B.FLEAS
    state.spider_supply = B.SPIDERS
    state._legal_cache = None


def put_mush(state, *cells) -> None:
    for r, c in cells:
        state.board[sq(r, c)] = B.MUSH
        state.supply -= 1
    state._legal_cache = None


def put_cent(state, cells, facing, colour=0, moved=False):
    """A centipede on `cells` (head first) facing +1 (right) or -1 (left)."""
    squares = [sq(r, c) for r, c in cells]
    cent = [colour, squares, [facing] * len(squares), moved]
    for s in squares:
        state.board[s] = B.SEG
        state.bcol[s] = colour
    state.segs[colour] += len(squares)
    state.cents.append(cent)
    state._legal_cache = None
    return cent


def put_bug(state, kind, cell, colour=0, moved=False):
    s = sq(*cell)
    bug = [s, colour, moved]
    if kind == "flea":
        state.fleas.append(bug)
        state.board[s] = B.FLEA
        state.flea_supply -= 1
    else:
        state.spiders.append(bug)
        state.board[s] = B.SPIDER
        state.spider_supply -= 1
    state.bcol[s] = colour
    state._legal_cache = None
    return bug


def place_gnome(state, g, cell) -> None:
    state.gnome[g] = sq(*cell)
    state._above[g] = sq(cell[0] + (1 if cell[0] == 0 else -1), cell[1])
    state._legal_cache = None


def run_internal(state, fn, *args) -> None:
    """Run an internal step the way the State does, turning a win into the end of the game."""
    state._legal_cache = None
    try:
        fn(*args)
    except GameOver as end:
        state._winner = end.side
        state._set(P_OVER, TERMINAL)


def start_centipede_turn(state, hand=None, colour=0) -> None:
    """Jump from the current Gnome turn to the given colour's Centipede turn (optionally with `hand`)."""
    if hand is not None:
        state.hand[colour] = list(hand)
    i = next(k for k, (_, kind, idx) in enumerate(state._order) if kind == 1 and idx == colour)
    state._turn_i = i - 1
    run_internal(state, state._end_turn)


def cents_of(state, colour=0):
    return [[B.coords(s) for s in c[1]] for c in state.cents if c[0] == colour]


def play_random(state, rng: random.Random, max_steps: int = 100000):
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            assert legal, "a player to move must have a legal action"
            state.apply_action(rng.choice(legal))
        steps += 1
    return state


_HELPERS = types.SimpleNamespace(
    B=B,
    sq=sq,
    new=new,
    seed_all=seed_all,
    setup2=setup2,
    setup4=setup4,
    clear=clear,
    put_mush=put_mush,
    put_cent=put_cent,
    put_bug=put_bug,
    place_gnome=place_gnome,
    run_internal=run_internal,
    start_centipede_turn=start_centipede_turn,
    cents_of=cents_of,
    play_random=play_random,
)


@pytest.fixture
def ac() -> types.SimpleNamespace:
    """The helpers above, handed to tests as the `ac` fixture."""
    return _HELPERS
