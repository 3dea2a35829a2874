"""Milton Bradley Centipede tensor block, read from `MBCentipedeState.observation(p)`. Every element is in [0, 1].

Everything in this game is public (MB-10.1), so every viewer's block is the same. Path spaces are the
board's path indexes 0..85 in Green's direction of travel (`games/mb_centipede/board.py`); a segment's
location adds two slots after them: 86 = still in its own home base, 87 = arrived in the opponent's
home base (its goal). Players: 0 = Green, 1 = Red. Poison spaces are numbered 0..9 as in `POISON_XY`.

  phase[7]            one-hot: spin, free_choice, gun, revive, shortcut, spider_scorpion, over
  player[2]           whose turn it is (the player who spins or spun), one-hot
  spin[5]             last spin, one-hot: GUN, CENTIPEDE, SPIDER/SCORPION, FREE CHOICE, none yet
  segments[2, 6, 88]  per player and segment (0 = head, 1-5 body): its path space, home, or goal
  alive[2, 6]         the segment is live (label side up)
  poison[10]          a poison mushroom token lies on poison space i (also when the Scorpion stands on it)
  supply[1]           poison mushroom tokens off the board / 10
  guns[2, 11]         each gun's firing-line position x = 1..11, one-hot
  gun_disabled[2]     the Spider sits on that player's gun (MB-3.10)
  spider[17]          one-hot: Den, poison space 0..9, Spider Space 0..3, on Green's gun, on Red's gun
  scorpion[11]        one-hot: Hollow, poison space 0..9
  moves_left[1]       centipede spaces still to move this turn / 6
  turn[1]             spins so far / the max_turns safety cap
  remaining[2]        path spaces each centipede (all six segments) still has to travel / (6 * 87)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import board as B

PHASES = ("spin", "free_choice", "gun", "revive", "shortcut", "spider_scorpion", "over")
SPINS = ("GUN", "CENTIPEDE", "SPIDER/SCORPION", "FREE CHOICE")
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_SPIN_INDEX = {name: i for i, name in enumerate(SPINS)}
_HOME_SLOT, _GOAL_SLOT = B.PATH_LEN, B.PATH_LEN + 1
_POISON_AT = {tuple(xy): i for i, xy in enumerate(B.POISON_XY)}
_SPIDER_SPACE_AT = {tuple(xy): i for i, xy in enumerate(B.SPIDER_SPACE_XY)}
_SPIDER_POISON0, _SPIDER_SPACE0, _SPIDER_GUN0 = 1, 11, 15
_MAX_TRAVEL = B.PATH_LEN + 1  # from one home base to the other


def fields(game) -> list[tuple[str, tuple[int, ...]]]:
    return [
        ("phase", (len(PHASES),)),
        ("player", (2,)),
        ("spin", (len(SPINS) + 1,)),
        ("segments", (2, B.SEGMENTS, B.PATH_LEN + 2)),
        ("alive", (2, B.SEGMENTS)),
        ("poison", (len(B.POISON_XY),)),
        ("supply", (1,)),
        ("guns", (2, len(B.FIRING_X))),
        ("gun_disabled", (2,)),
        ("spider", (1 + len(B.POISON_XY) + len(B.SPIDER_SPACE_XY) + 2,)),
        ("scorpion", (1 + len(B.POISON_XY),)),
        ("moves_left", (1,)),
        ("turn", (1,)),
        ("remaining", (2,)),
    ]


def _spider_slot(spider: dict[str, Any]) -> int:
    at, xy = spider["at"], tuple(spider["xy"])
    if at == "den":
        return 0
    if at == "poison":
        return _SPIDER_POISON0 + _POISON_AT[xy]
    if at == "spider_space":
        return _SPIDER_SPACE0 + _SPIDER_SPACE_AT[xy]
    return _SPIDER_GUN0 + B.FIRING_Y.index(xy[1])  # on a gun: the firing line tells whose


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game) -> None:
    v["phase"][_PHASE_INDEX[obs["phase"]]] = 1.0
    v["player"][obs["player"]] = 1.0
    v["spin"][_SPIN_INDEX[obs["spin"]] if obs["spin"] is not None else len(SPINS)] = 1.0
    segments, alive = v["segments"], v["alive"]
    for cent in obs["centipedes"]:
        p = cent["player"]
        for seg in cent["segments"]:
            k, at = seg["segment"], seg["at"]
            segments[p, k, seg["space"] if at == "path" else (_HOME_SLOT if at == "home" else _GOAL_SLOT)] = 1.0
            alive[p, k] = 1.0 if seg["alive"] else 0.0
    for mushroom in obs["poison"]:
        v["poison"][mushroom["space"]] = 1.0
    v["supply"][0] = min(1.0, obs["supply"] / B.POISON_TOKENS)
    for gun in obs["guns"]:
        v["guns"][gun["player"], gun["x"] - 1] = 1.0
        v["gun_disabled"][gun["player"]] = 1.0 if gun["disabled"] else 0.0
    v["spider"][_spider_slot(obs["spider"])] = 1.0
    scorpion = obs["scorpion"]
    v["scorpion"][0 if scorpion["at"] == "hollow" else 1 + _POISON_AT[tuple(scorpion["xy"])]] = 1.0
    v["moves_left"][0] = min(1.0, obs["moves_left"] / B.SEGMENTS)
    v["turn"][0] = min(1.0, obs["turn"] / max(1, obs["max_turns"]))
    for p, left in enumerate(obs["remaining"][:2]):
        v["remaining"][p] = min(1.0, left / (B.SEGMENTS * _MAX_TRAVEL))
