"""Milton Bradley Centipede tensor block, read from `MBCentipedeState.observation(p)` (`fill`), or straight from
the state (`encode_state`, the same values without building the observation). Every element is in [0, 1].

Everything in this game is public (MB-10.1), so every viewer's block is the same. Sizes come from the board
layout (the `layout` option); on the shipped board N = 87 path spaces, P = 10 poison spaces, G = 11 gun
positions per Firing Line and S = 4 Spider Spaces. Path spaces are the layout's path indexes 0..N-1 in Green's
direction of travel; a segment's location adds two slots after them: N = still in its own home base, N + 1 =
arrived in the opponent's home base (its goal). Players: 0 = Green, 1 = Red. Poison spaces, gun positions and
Spider Spaces are numbered in layout order.

  phase[7]              one-hot: spin, free_choice, gun, revive, shortcut, spider_scorpion, over
  player[2]             whose turn it is (the player who spins or spun), one-hot
  spin[5]               last spin, one-hot: GUN, CENTIPEDE, SPIDER/SCORPION, FREE CHOICE, none yet
  segments[2, 6, N+2]   per player and segment (0 = head, 1-5 body): its path space, home, or goal
  alive[2, 6]           the segment is live (label side up)
  poison[P]             a poison mushroom token lies on poison space i (also when the Scorpion stands on it)
  supply[1]             poison mushroom tokens off the board / the layout's tokens
  guns[2, G]            each gun's Firing Line position, one-hot
  gun_disabled[2]       the Spider sits on that player's gun (MB-3.10)
  spider[1+P+S+2]       one-hot: Den, poison space 0..P-1, Spider Space 0..S-1, on Green's gun, on Red's gun
  scorpion[1+P]         one-hot: Hollow, poison space 0..P-1
  moves_left[1]         centipede spaces still to move this turn / 6
  turn[1]               spins so far / the max_turns safety cap
  remaining[2]          path spaces each centipede (all six segments) still has to travel / (6 * (N + 1))
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from boardcade.core.spec import TensorViews

from . import query as Q
from .codec import SECTORS
from .game import PHASE_NAMES, MBCentipedeGame
from .state import MBState

PHASES = ("spin", "free_choice", "gun", "revive", "shortcut", "spider_scorpion", "over")
SPINS = ("GUN", "CENTIPEDE", "SPIDER/SCORPION", "FREE CHOICE")
SEGMENTS = 6
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_SPIN_INDEX = {name: i for i, name in enumerate(SPINS)}


def _sizes(game: MBCentipedeGame) -> tuple[int, int, int, int]:
    lay = game.layout
    return lay.n, len(lay.poison_idx), lay.num_guns, len(lay.spider_xy)


def fields(game: MBCentipedeGame) -> list[tuple[str, tuple[int, ...]]]:
    n, p, g, s = _sizes(game)
    return [
        ("phase", (len(PHASES),)),
        ("player", (2,)),
        ("spin", (len(SPINS) + 1,)),
        ("segments", (2, SEGMENTS, n + 2)),
        ("alive", (2, SEGMENTS)),
        ("poison", (p,)),
        ("supply", (1,)),
        ("guns", (2, g)),
        ("gun_disabled", (2,)),
        ("spider", (1 + p + s + 2,)),
        ("scorpion", (1 + p,)),
        ("moves_left", (1,)),
        ("turn", (1,)),
        ("remaining", (2,)),
    ]


def spider_slot(spider: dict[str, Any], poison_spaces: int, spider_spaces: int) -> int:
    """The one-hot slot of the Spider's place (see the module docstring)."""
    at = spider["at"]
    if at == "den":
        return 0
    if at == "poison":
        return 1 + int(spider["space"])
    if at == "spider_space":
        return 1 + poison_spaces + int(spider["space"])
    return 1 + poison_spaces + spider_spaces + int(spider["player"])


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game: MBCentipedeGame) -> None:
    n, p, _g, s = _sizes(game)
    v["phase"][_PHASE_INDEX[obs["phase"]]] = 1.0
    v["player"][obs["player"]] = 1.0
    v["spin"][_SPIN_INDEX[obs["spin"]] if obs["spin"] is not None else len(SPINS)] = 1.0
    segments, alive = v["segments"], v["alive"]
    for cent in obs["centipedes"]:
        q = cent["player"]
        for seg in cent["segments"]:
            k, at = seg["segment"], seg["at"]
            segments[q, k, seg["space"] if at == "path" else (n if at == "home" else n + 1)] = 1.0
            alive[q, k] = 1.0 if seg["alive"] else 0.0
    for mushroom in obs["poison"]:
        v["poison"][mushroom["space"]] = 1.0
    v["supply"][0] = min(1.0, obs["supply"] / max(1, game.layout.tokens))
    for gun in obs["guns"]:
        v["guns"][gun["player"], gun["position"]] = 1.0
        v["gun_disabled"][gun["player"]] = 1.0 if gun["disabled"] else 0.0
    v["spider"][spider_slot(obs["spider"], p, s)] = 1.0
    scorpion = obs["scorpion"]
    v["scorpion"][0 if scorpion["at"] == "hollow" else 1 + scorpion["space"]] = 1.0
    v["moves_left"][0] = min(1.0, obs["moves_left"] / SEGMENTS)
    v["turn"][0] = min(1.0, obs["turn"] / max(1, obs["max_turns"]))
    for q, left in enumerate(obs["remaining"][:2]):
        v["remaining"][q] = min(1.0, left / (SEGMENTS * (n + 1)))


# ---- the direct path ---------------------------------------------------------------------------------
class Tables(NamedTuple):
    """Offsets into the game block (`views.flat`) and lookup tables, built once per encoder by `prepare`."""

    phase_slots: tuple[int, ...]  # per engine phase
    player: int
    spin_slots: tuple[int, ...]  # per spin outcome, then (index -1) none yet
    segment_slots: tuple[tuple[int, ...], ...]  # per segment p*6+k: offset of each place, indexed by position + 1
    alive: int
    poison: int
    supply: int
    tokens: int
    guns: tuple[int, int]  # where each player's gun row starts
    gun_disabled: int
    spider_slots: tuple[int, ...]  # indexed by the state's Spider code + 1
    spider_gun0: int
    scorpion: int  # the Hollow's slot; poison space i is scorpion + 1 + i
    moves_left: int
    turn: int
    max_turns: int
    remaining: int
    path: int  # N: path spaces
    remaining_scale: int


def prepare(game: MBCentipedeGame) -> Tables:
    at: dict[str, int] = {}
    size = 0
    for name, shape in fields(game):
        at[name] = size
        size += int(np.prod(shape))
    lay = game.layout
    n, p, g, s = _sizes(game)
    segment_slots: list[tuple[int, ...]] = []
    for q in (0, 1):
        # A position is a path index, or one of the two sentinels -1 and N (home or goal depending on colour).
        places = {lay.home_pos[q]: n, lay.goal[q]: n + 1} | {i: i for i in range(n)}
        for k in range(SEGMENTS):
            base = at["segments"] + (q * SEGMENTS + k) * (n + 2)
            segment_slots.append(tuple(base + places[pos] for pos in range(-1, n + 1)))
    spider_slots = []
    for sp in range(-1, lay.spider_gun0 + 2):  # DEN, poison spaces, Spider Spaces, the two guns
        view: dict[str, Any]
        if sp == Q.DEN:
            view = {"at": "den"}
        elif sp < lay.spider_space0:
            view = {"at": "poison", "space": sp}
        elif sp < lay.spider_gun0:
            view = {"at": "spider_space", "space": sp - lay.spider_space0}
        else:
            view = {"at": "gun", "player": sp - lay.spider_gun0}
        spider_slots.append(at["spider"] + spider_slot(view, p, s))
    assert Q.DEN == -1 and Q.HOLLOW == -1
    return Tables(
        phase_slots=tuple(at["phase"] + _PHASE_INDEX[name] for name in PHASE_NAMES),
        player=at["player"],
        spin_slots=tuple(at["spin"] + _SPIN_INDEX[name] for name in SECTORS) + (at["spin"] + len(SPINS),),
        segment_slots=tuple(segment_slots),
        alive=at["alive"],
        poison=at["poison"],
        supply=at["supply"],
        tokens=max(1, lay.tokens),
        guns=(at["guns"], at["guns"] + g),
        gun_disabled=at["gun_disabled"],
        spider_slots=tuple(spider_slots),
        spider_gun0=lay.spider_gun0,
        scorpion=at["scorpion"],
        moves_left=at["moves_left"],
        turn=at["turn"],
        max_turns=max(1, game.options["max_turns"]),
        remaining=at["remaining"],
        path=n,
        remaining_scale=SEGMENTS * (n + 1),
    )


def encode_state(state: MBState, player: int | None, views: TensorViews[Tables], game: MBCentipedeGame) -> None:
    """`fill(state.observation(player), views, game)` without the observation: the same cells, the same values
    (everything is public, MB-10.1, so `player` changes nothing here)."""
    m = views.flat
    t = views.tables
    m[t.phase_slots[Q.phase(state)]] = 1.0
    m[t.player + Q.player(state)] = 1.0
    m[t.spin_slots[Q.spin(state)]] = 1.0  # -1 (no spin yet) picks the last slot
    seg, alive = Q.segments(state), Q.alive(state)
    slots = t.segment_slots
    for i in range(2 * SEGMENTS):
        m[slots[i][seg[i] + 1]] = 1.0
        if alive[i]:
            m[t.alive + i] = 1.0
    poison = t.poison
    for i, planted in enumerate(Q.poison(state)):
        if planted:
            m[poison + i] = 1.0
    x = Q.supply(state) / t.tokens
    m[t.supply] = x if x < 1.0 else 1.0  # min(1.0, x) without the call
    gun = Q.guns(state)
    m[t.guns[0] + gun[0]] = 1.0
    m[t.guns[1] + gun[1]] = 1.0
    sp = Q.spider(state)
    m[t.spider_slots[sp + 1]] = 1.0
    if sp >= t.spider_gun0:  # the Spider sits on that player's gun (MB-3.10)
        m[t.gun_disabled + sp - t.spider_gun0] = 1.0
    m[t.scorpion + 1 + Q.scorpion(state)] = 1.0  # HOLLOW (-1) is the first slot
    x = Q.steps_left(state) / SEGMENTS
    m[t.moves_left] = x if x < 1.0 else 1.0
    x = Q.spins(state) / t.max_turns
    m[t.turn] = x if x < 1.0 else 1.0
    # Path spaces still to travel (layout.remaining): Green's goal is N, Red's is -1.
    n = t.path
    green = red = 0
    for k in range(SEGMENTS):
        green += n - seg[k]
        red += seg[SEGMENTS + k] + 1
    x = green / t.remaining_scale
    m[t.remaining] = x if x < 1.0 else 1.0
    x = red / t.remaining_scale
    m[t.remaining + 1] = x if x < 1.0 else 1.0


def visible_history(state: MBState, player: int | None) -> list[int]:
    """Every action of the match: everything is public (MB-10.1). For the exact perfect-recall tensor."""
    return state.history()
