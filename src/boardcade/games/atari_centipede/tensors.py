"""Atari's Centipede tensor block, read from `AtariCentipedeState.observation(p)`. Every element is in [0, 1].

Sizes depend on the options: C centipede colours (1 with 2 players: red; 2 with 4 players: red = team A,
blue = team B), G Gnomes (1 or 2, by team) and R rows (`field_rows` + 2; AC-1.1). Square `row*9+col`.

  phase[22]           one-hot, in the order of `turns.PHASE_NAMES`
  round[1]            full rounds played / max_rounds; safety_cap[1]: the draw cap was hit (AC-3.5)
  board[P, R, 9]      planes, P = 2 + 9C + G:
                        mushroom;
                        per colour c: segment, head, head facing right (toward column 8; a head without it
                        faces left), link up / down / left / right (where the next segment of the same
                        centipede lies, so touching centipedes of one colour stay apart), flea, spider;
                        per Gnome g: the Gnome; and last, the square a flea just left (a DROP is possible)
  mushroom_supply[1]  mushrooms off the board / 30
  bug_supply[2]       fleas / 3, spiders / 3 off the board
  gnome_cards[G, 4]   Wrist Control, Trigger Finger, Slam the Ball, Glitch: face up (ready)
  dice_pool[6]        dice in the pool showing each face (board.DIE_FACES order) / 6
  die_in_use[7]       the activated die's face, one-hot, then its next step / 3
  home_row[C, 3]      each colour's end: row 0, the last row, not chosen yet
  side[C, 4]          segments on the board / 6, hand size / 3, deck size / 11, tucked Spawn Centipede / 2
  discard[C, 5]       face-up discards per Centipede card / copies of that card in a deck
  hand[C, 5]          the viewer's own hand per card / copies in a deck; zero for every colour the viewer
                      does not own (AC-12.1: a hand is seen only by its owner; deck order by no one)
  hand_visible[C]     1 for the colour whose hand is shown (the viewer's own)

`speed_bonus` equals the tucked count and `roles`, `players`, `max_rounds` are fixed by the variant, so they
have no block of their own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import board as B
from .turns import PHASE_NAMES

_PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
_COLOUR_INDEX = {name: i for i, name in enumerate(B.COLOUR_NAMES)}
_CARD_INDEX = {name: k for k, name in enumerate(B.CARD_NAMES)}
_CENT_CARD_INDEX = {name: k for k, name in enumerate(B.CENT_CARD_NAMES)}
_DECK_CARDS = sum(B.DECK)
_MAX_STEPS = max(len(face) for face in B.DIE_FACES)
# per-colour planes, in order
_SEG, _HEAD, _FACES_RIGHT, _LINK_UP, _LINK_DOWN, _LINK_LEFT, _LINK_RIGHT, _FLEA, _SPIDER = range(9)
_PER_COLOUR = 9
_LINKS = {(-1, 0): _LINK_UP, (1, 0): _LINK_DOWN, (0, -1): _LINK_LEFT, (0, 1): _LINK_RIGHT}


def _colours(game) -> int:
    return game.layout.colours


def fields(game) -> list[tuple[str, tuple[int, ...]]]:
    c = g = _colours(game)
    return [
        ("phase", (len(PHASE_NAMES),)),
        ("round", (1,)),
        ("safety_cap", (1,)),
        ("board", (2 + _PER_COLOUR * c + g, game.layout.rows, B.COLS)),
        ("mushroom_supply", (1,)),
        ("bug_supply", (2,)),
        ("gnome_cards", (g, len(B.CARD_NAMES))),
        ("dice_pool", (len(B.DIE_FACES),)),
        ("die_in_use", (len(B.DIE_FACES) + 1,)),
        ("home_row", (c, 3)),
        ("side", (c, 4)),
        ("discard", (c, len(B.CENT_CARD_NAMES))),
        ("hand", (c, len(B.CENT_CARD_NAMES))),
        ("hand_visible", (c,)),
    ]


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game) -> None:
    ncol = _colours(game)
    v["phase"][_PHASE_INDEX[obs["phase"]]] = 1.0
    v["round"][0] = min(1.0, obs["round"] / max(1, obs["max_rounds"]))
    v["safety_cap"][0] = 1.0 if obs["safety_cap_hit"] else 0.0
    _fill_board(obs, v["board"], ncol)
    v["mushroom_supply"][0] = min(1.0, obs["mushroom_supply"] / B.MUSHROOMS)
    v["bug_supply"][0] = min(1.0, obs["bug_supply"]["fleas"] / B.FLEAS)
    v["bug_supply"][1] = min(1.0, obs["bug_supply"]["spiders"] / B.SPIDERS)
    for g, gnome in enumerate(obs["gnomes"]):
        for name, ready in gnome["cards"].items():
            v["gnome_cards"][g, _CARD_INDEX[name]] = 1.0 if ready else 0.0
    pool = v["dice_pool"]
    for die in obs["dice_pool"]:
        pool[die["face"] - 1] += 1.0 / B.NUM_DICE
    die = obs["die_in_use"]
    if die is not None:
        v["die_in_use"][die["face"] - 1] = 1.0
        v["die_in_use"][-1] = min(1.0, die["next_step"] / _MAX_STEPS)
    for side in obs["centipede_players"]:
        c = _COLOUR_INDEX[side["colour"]]
        row = side["home_row"]
        v["home_row"][c, 0 if row == 0 else (1 if row == obs["rows"] - 1 else 2)] = 1.0
        v["side"][c, 0] = min(1.0, side["segments_on_board"] / B.SEGMENTS)
        v["side"][c, 1] = min(1.0, side["hand_size"] / B.HAND_SIZE)
        v["side"][c, 2] = min(1.0, side["deck_size"] / _DECK_CARDS)
        v["side"][c, 3] = min(1.0, side["tucked_spawn_centipede"] / B.DECK[B.SPAWN_CENT])
        for name, count in side["discard"].items():
            k = _CENT_CARD_INDEX[name]
            v["discard"][c, k] = min(1.0, count / B.DECK[k])
        if "hand" in side:  # present only in the owner's observation (AC-12.1)
            v["hand_visible"][c] = 1.0
            for name in side["hand"]:
                k = _CENT_CARD_INDEX[name]
                v["hand"][c, k] = min(1.0, v["hand"][c, k] + 1.0 / B.DECK[k])


def _fill_board(obs: dict[str, Any], board: np.ndarray, ncol: int) -> None:
    for r, col in obs["mushrooms"]:
        board[0, r, col] = 1.0
    for cent in obs["centipedes"]:
        base = 1 + _PER_COLOUR * _COLOUR_INDEX[cent["colour"]]
        segs = cent["segments"]
        for (r, col), nxt in zip(segs, [*segs[1:], None], strict=True):
            board[base + _SEG, r, col] = 1.0
            if nxt is not None:
                link = _LINKS.get((nxt[0] - r, nxt[1] - col))
                if link is not None:
                    board[base + link, r, col] = 1.0
        if segs:
            r, col = segs[0]
            board[base + _HEAD, r, col] = 1.0
            if cent["facing"] > 0:
                board[base + _FACES_RIGHT, r, col] = 1.0
    for key, plane in (("fleas", _FLEA), ("spiders", _SPIDER)):
        for bug in obs[key]:
            r, col = bug["square"]
            board[1 + _PER_COLOUR * _COLOUR_INDEX[bug["colour"]] + plane, r, col] = 1.0
    gnome0 = 1 + _PER_COLOUR * ncol
    for g, gnome in enumerate(obs["gnomes"]):
        if gnome["square"] is not None:
            r, col = gnome["square"]
            board[gnome0 + g, r, col] = 1.0
    if obs.get("flea_left") is not None:
        r, col = obs["flea_left"]
        board[-1, r, col] = 1.0
