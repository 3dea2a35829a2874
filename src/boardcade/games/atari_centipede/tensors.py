"""Atari's Centipede tensor block, read from `AtariCentipedeState.observation(p)` (`fill`), or straight from the
state for a seat (`encode_state`, the same values without building the observation). Every element is in [0, 1].

Built only from what the viewer may see: a Centipede's hand enters only its owner's block (AC-12.1); every
other viewer gets its size alone, so the Gnome's tensor is the same for every hand of that size. tests/interop
check that both paths agree for every seat and the spectator.

Sizes depend on the options: C centipede colours (1 with 2 players: red; 2 with 4 players: red = team A,
blue = team B), G Gnomes (1 or 2, by team) and R rows (`field_rows` + 2; AC-1.1). Square `row*9+col`.

  phase[22]           one-hot, in the order of `phases.PHASE_NAMES`
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

from typing import Any, NamedTuple

import numpy as np

from boardcade.core.spec import TensorViews

from . import board as B
from . import query as Q
from .game import AtariCentipedeGame
from .phases import PHASE_NAMES
from .state import AtariData

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


def _colours(game: AtariCentipedeGame) -> int:
    return game.layout.colours


def fields(game: AtariCentipedeGame) -> list[tuple[str, tuple[int, ...]]]:
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


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game: AtariCentipedeGame) -> None:
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


# ---- the direct path ---------------------------------------------------------------------------------
class Tables(NamedTuple):
    """Offsets into the game block (`views.flat`) and lookup tables, built once per encoder by `prepare`."""

    round: int
    max_rounds: int
    safety_cap: int
    nsq: int  # squares of the board: a plane's size
    board: int  # the mushroom plane; plane p starts at board + p * nsq
    colour_planes: tuple[int, ...]  # per colour: where its nine planes start
    gnome_planes: tuple[int, ...]  # per Gnome: where its plane starts
    flea_left: int  # the last plane
    links: tuple[dict[int, int], ...]  # per square: next segment's square -> offset of the link plane (from 0)
    mushroom_supply: int
    bug_supply: int
    gnome_cards: int
    cards: tuple[int, ...]  # the Gnome Control cards in play (Glitch only with 2 players, AC-11.6)
    dice_pool: int
    pool_values: tuple[float, ...]  # dice showing a face (0..6) -> the cell's value, as `fill` accumulates it
    die_in_use: int
    last_row: int
    home_row: int
    side: int
    discard: int
    hand: int
    hand_values: tuple[tuple[float, ...], ...]  # per card: copies in hand -> the cell's value, as `fill` sums it
    hand_visible: int


def prepare(game: AtariCentipedeGame) -> Tables:
    at: dict[str, int] = {}
    size = 0
    for name, shape in fields(game):
        at[name] = size
        size += int(np.prod(shape))
    lay = game.layout
    nsq = lay.nsq
    ncol = _colours(game)
    board = at["board"]
    # The link plane of each orthogonal neighbour, the way `_fill_board` reads it from (row, col) differences.
    links = []
    for s in range(nsq):
        r, col = B.coords(s)
        here = {}
        for (dr, dc), plane in _LINKS.items():
            if 0 <= r + dr < lay.rows and 0 <= col + dc < B.COLS:
                here[(r + dr) * B.COLS + col + dc] = plane * nsq
        links.append(here)
    # Values accumulated in float32 exactly as `fill` does (so that both paths agree to the bit).
    pool = np.zeros(B.NUM_DICE + 1, np.float32)
    pool_values = [0.0]
    for _ in range(B.NUM_DICE):
        pool[0] += 1.0 / B.NUM_DICE
        pool_values.append(float(pool[0]))
    hand_values = []
    for k in range(len(B.CENT_CARD_NAMES)):
        cell = np.zeros(1, np.float32)
        values = [0.0]
        for _ in range(B.DECK_SIZE):
            cell[0] = min(1.0, cell[0] + 1.0 / B.DECK[k])
            values.append(float(cell[0]))
        hand_values.append(tuple(values))
    assert at["phase"] == 0
    return Tables(
        round=at["round"],
        max_rounds=max(1, game.options["max_rounds"]),
        safety_cap=at["safety_cap"],
        nsq=nsq,
        board=board,
        colour_planes=tuple(board + (1 + _PER_COLOUR * c) * nsq for c in range(ncol)),
        gnome_planes=tuple(board + (1 + _PER_COLOUR * ncol + g) * nsq for g in range(lay.gnomes)),
        flea_left=board + (1 + _PER_COLOUR * ncol + lay.gnomes) * nsq,
        links=tuple(links),
        mushroom_supply=at["mushroom_supply"],
        bug_supply=at["bug_supply"],
        gnome_cards=at["gnome_cards"],
        cards=tuple(k for k in range(len(B.CARD_NAMES)) if k != B.GLITCH or lay.glitch),
        dice_pool=at["dice_pool"],
        pool_values=tuple(pool_values),
        die_in_use=at["die_in_use"],
        last_row=lay.rows - 1,
        home_row=at["home_row"],
        side=at["side"],
        discard=at["discard"],
        hand=at["hand"],
        hand_values=tuple(hand_values),
        hand_visible=at["hand_visible"],
    )


_NCARDS = len(B.CENT_CARD_NAMES)
_NGCARDS = len(B.CARD_NAMES)


def encode_state(state: AtariData, player: int | None, views: TensorViews[Tables], game: AtariCentipedeGame) -> None:
    """`fill(state.observation(player), views, game)` without the observation: the same cells, the same values.
    A Centipede's hand is read only for its owner (AC-12.1); everyone else gets its size, as the observation."""
    m = views.flat
    t = views.tables
    m[Q.phase(state)] = 1.0  # phase is the first field
    x = Q.round_number(state) / t.max_rounds
    m[t.round] = x if x < 1.0 else 1.0  # min(1.0, x) without the call
    if state.safety_cap_hit():
        m[t.safety_cap] = 1.0
    # board planes
    find = Q.board(state).index  # the mushrooms, found by the list's own scan (a fraction of a Python loop's cost)
    mush = t.board
    s = -1
    try:
        while True:
            s = find(B.MUSH, s + 1)
            m[mush + s] = 1.0
    except ValueError:
        pass
    links = t.links
    planes = t.colour_planes
    for cent in Q.centipedes(state):
        colour, segs = cent.colour, cent.squares
        base = planes[colour]
        seg = base + _SEG * t.nsq
        prev = -1
        for s in segs:
            m[seg + s] = 1.0
            if prev >= 0:
                link = links[prev].get(s)
                if link is not None:
                    m[base + link + prev] = 1.0
            prev = s
        head = segs[0]
        m[base + _HEAD * t.nsq + head] = 1.0
        if cent.facings[0] > 0:
            m[base + _FACES_RIGHT * t.nsq + head] = 1.0
    flea = _FLEA * t.nsq
    for bug in Q.fleas(state):
        m[planes[bug.colour] + flea + bug.square] = 1.0
    spider = _SPIDER * t.nsq
    for bug in Q.spiders(state):
        m[planes[bug.colour] + spider + bug.square] = 1.0
    for plane, s in zip(t.gnome_planes, Q.gnome_squares(state), strict=True):
        if s >= 0:
            m[plane + s] = 1.0
    flea_from = Q.flea_left_from(state)
    if flea_from >= 0:
        m[t.flea_left + flea_from] = 1.0
    # supplies, Gnome cards, dice
    x = Q.mushroom_supply(state) / B.MUSHROOMS
    m[t.mushroom_supply] = x if x < 1.0 else 1.0
    x = Q.flea_supply(state) / B.FLEAS
    m[t.bug_supply] = x if x < 1.0 else 1.0
    x = Q.spider_supply(state) / B.SPIDERS
    m[t.bug_supply + 1] = x if x < 1.0 else 1.0
    at = t.gnome_cards
    for ready in Q.gnome_cards(state):
        for k in t.cards:
            if ready[k]:
                m[at + k] = 1.0
        at += _NGCARDS
    pool_values = t.pool_values
    for f, n in enumerate(Q.dice_pool(state)):
        if n:
            m[t.dice_pool + f] = pool_values[n]
    die = Q.die_in_use(state)
    if die >= 0:
        m[t.die_in_use + die] = 1.0
        x = Q.die_step(state) / _MAX_STEPS
        m[t.die_in_use + len(B.DIE_FACES)] = x if x < 1.0 else 1.0
    # the Centipede sides
    hand_values = t.hand_values
    homes, on_board, tucked = Q.home_rows(state), Q.segments_on_board(state), Q.tucked(state)
    discards = Q.discards(state)
    for c in range(len(homes)):
        row = homes[c]
        m[t.home_row + 3 * c + (0 if row == 0 else (1 if row == t.last_row else 2))] = 1.0
        side = t.side + 4 * c
        x = on_board[c] / B.SEGMENTS
        m[side] = x if x < 1.0 else 1.0
        x = Q.hand_size(state, c) / B.HAND_SIZE
        m[side + 1] = x if x < 1.0 else 1.0
        x = Q.deck_size(state, c) / _DECK_CARDS
        m[side + 2] = x if x < 1.0 else 1.0
        x = tucked[c] / B.DECK[B.SPAWN_CENT]
        m[side + 3] = x if x < 1.0 else 1.0
        discard = t.discard + _NCARDS * c
        for k, n in enumerate(discards[c]):
            if n:
                x = n / B.DECK[k]
                m[discard + k] = x if x < 1.0 else 1.0
        hand = Q.hand_seen_by(state, c, player)  # a hand is seen only by its owner (AC-12.1)
        if hand is not None:
            m[t.hand_visible + c] = 1.0
            at = t.hand + _NCARDS * c
            for k, n in enumerate(hand):
                if n:
                    m[at + k] = hand_values[k][n]


def visible_history(state: AtariData, player: int | None) -> list[int]:
    """The actions of the match as `player` knows them (-1 for another Centipede player's hidden draws, AC-12.1):
    read from the game's own exact information-state string ("p<player>:a,b,-9,..."), for the exact
    perfect-recall tensor (`Encoder.encode_exact`)."""
    # A spectator (None) knows what a seat owning no Centipede colour knows.
    text = state.information_state_string(-1 if player is None else player).partition(":")[2]
    return [-1 if a == "-9" else int(a) for a in text.split(",")] if text else []
