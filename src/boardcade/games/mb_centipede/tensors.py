"""Milton Bradley Centipede tensor block, read from `MBCentipedeState.observation(p)`. Every element is in [0, 1].

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

from typing import Any

import numpy as np

PHASES = ("spin", "free_choice", "gun", "revive", "shortcut", "spider_scorpion", "over")
SPINS = ("GUN", "CENTIPEDE", "SPIDER/SCORPION", "FREE CHOICE")
SEGMENTS = 6
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_SPIN_INDEX = {name: i for i, name in enumerate(SPINS)}


def _sizes(game) -> tuple[int, int, int, int]:
    lay = game.layout
    return lay.n, len(lay.poison_idx), lay.num_guns, len(lay.spider_xy)


def fields(game) -> list[tuple[str, tuple[int, ...]]]:
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
        return 1 + spider["space"]
    if at == "spider_space":
        return 1 + poison_spaces + spider["space"]
    return 1 + poison_spaces + spider_spaces + spider["player"]


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game) -> None:
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
