"""Milton Bradley Centipede positions from a readable description, for tests and demonstrations:

    scenario("mb_centipede", to_move="red", red={"head": (4, 4)}, poison=[(4, 8)], spin="CENTIPEDE")

Every key is optional; the defaults give the starting position with the player to move about to spin.
Board places are coordinates [x, y] on the layout (layouts/*.json; default board: path columns x = 0, 2, ..., 12,
lines y = 0..10, y = 0 at the top).

to_move      "green", "red", 0 or 1: whose spin comes next (default: the `first_player` option).
green, red   that colour's centipede. Either a list of places, head first, each a path space [x, y], a path
             index (0 = Green's first space), "home" (its own home base) or "goal" (the opponent's home base);
             segments not listed stay at home. Or {"head": place, "length": n}: a trail of n segments (default
             6) lying along the path behind the head (those that would lie before the path starts are at
             home). Two segments may not share a path space.
green_dead, red_dead   segment numbers (0 = head, 1-5 = body) that are dead (label side down). Default none.
poison       poison spaces holding a planted poison mushroom: [x, y] or poison space numbers (layout order).
spider       "den" (default); a poison space [x, y] listed in `poison`; a Spider Space [x, y]; or "green_gun" /
             "red_gun": sitting on that gun (which must not be on its Safety Space).
scorpion     "hollow" (default) or an empty poison space [x, y] (not in `poison`): the Scorpion stands there on
             its own, not yet planted, token.
green_gun, red_gun     gun positions on the Firing Lines (default: the Safety Space).
supply       poison mushroom tokens beside the board (default: all the tokens not on the board).
turns        spins already made (default 0), e.g. to test the safety cap.
spin         "GUN", "CENTIPEDE", "SPIDER/SCORPION" or "FREE CHOICE": the spin of the player to move, applied
             through the contract, so the position is the decision that follows it.

A description that cannot be a position raises ValueError naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .codec import SECTORS, SEGMENTS
from .game import MBCentipedeGame, MBCentipedeState
from .layout import COLOURS, GREEN, RED, Layout, fmt
from .state import DEN, HOLLOW

_KEYS = (
    "to_move",
    "green",
    "red",
    "green_dead",
    "red_dead",
    "poison",
    "spider",
    "scorpion",
    "green_gun",
    "red_gun",
    "supply",
    "turns",
    "spin",
)


def _xy(value: Any) -> tuple[float, float] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return (value[0], value[1])
    return None


def _path_index(lay: Layout, value: Any, what: str) -> int:
    xy = _xy(value)
    if xy is not None:
        for i, q in enumerate(lay.path):
            if abs(q[0] - xy[0]) < 1e-6 and abs(q[1] - xy[1]) < 1e-6:
                return i
        raise ValueError(f"{what}: {fmt(xy)} is not a path space of layout {lay.name!r}")
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < lay.n:
            raise ValueError(f"{what}: path index {value} is outside 0..{lay.n - 1}")
        return value
    raise ValueError(f"{what}: {value!r} is not a path space [x, y], a path index, 'home' or 'goal'")


def _poison_space(lay: Layout, value: Any, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < len(lay.poison_idx):
            raise ValueError(f"{what}: poison space number {value} is outside 0..{len(lay.poison_idx) - 1}")
        return value
    i = _path_index(lay, value, what)
    k = lay.poison_at[i]
    if k < 0:
        raise ValueError(f"{what}: {fmt(lay.path[i])} is not a poison space; they are {_list(lay.poison_xy)}")
    return k


def _list(points: Iterable[tuple[float, float]]) -> str:
    return ", ".join(fmt(p) for p in points)


def _centipede(lay: Layout, p: int, value: Any) -> list[int]:
    what = COLOURS[p]
    home, goal = lay.home_pos[p], lay.goal[p]
    if isinstance(value, dict):
        unknown = set(value) - {"head", "length"}
        if unknown or "head" not in value:
            raise ValueError(f"{what}: a trail is {{'head': place, 'length': n}}, got {value!r}")
        length = value.get("length", SEGMENTS)
        if not isinstance(length, int) or not 1 <= length <= SEGMENTS:
            raise ValueError(f"{what}: length must be 1..{SEGMENTS}, got {length!r}")
        head = _path_index(lay, value["head"], f"{what} head")
        d = lay.step[p]
        out = []
        for k in range(length):
            pos = head - d * k
            out.append(pos if 0 <= pos < lay.n else home)
        return out + [home] * (SEGMENTS - length)
    if not isinstance(value, (list, tuple)) or len(value) > SEGMENTS:
        raise ValueError(f"{what}: give a list of at most {SEGMENTS} places (head first) or {{'head': place}}")
    out = []
    for k, place in enumerate(value):
        if place == "home":
            out.append(home)
        elif place == "goal":
            out.append(goal)
        else:
            out.append(_path_index(lay, place, f"{what} segment {k}"))
    return out + [home] * (SEGMENTS - len(out))


def _dead(value: Any, what: str) -> set[int]:
    dead = set(value)
    bad = sorted(k for k in dead if not (isinstance(k, int) and 0 <= k < SEGMENTS))
    if bad:
        raise ValueError(f"{what}: segment numbers are 0 (head) to {SEGMENTS - 1}, got {bad}")
    return dead


def build(game: MBCentipedeGame, **description: Any) -> MBCentipedeState:
    unknown = sorted(set(description) - set(_KEYS))
    if unknown:
        raise ValueError(f"unknown scenario key(s) {', '.join(unknown)}; keys: {', '.join(_KEYS)}")
    d = description
    lay: Layout = game.layout
    state = game.new_initial_state()

    to_move = d.get("to_move", game.options["first_player"])
    if to_move in COLOURS:
        to_move = COLOURS.index(to_move)
    if to_move not in (0, 1):
        raise ValueError(f"to_move must be 'green', 'red', 0 or 1, got {to_move!r}")
    state._player = to_move

    seg = []
    for p in (GREEN, RED):
        seg += _centipede(lay, p, d.get(COLOURS[p], []))
    on_path = [s for s in seg if 0 <= s < lay.n]
    if len(on_path) != len(set(on_path)):
        twice = sorted({s for s in on_path if on_path.count(s) > 1})
        raise ValueError(f"two segments on the same path space: {_list(lay.path[i] for i in twice)}")
    state._seg = seg
    alive = []
    for p in (GREEN, RED):
        dead = _dead(d.get(f"{COLOURS[p]}_dead", ()), f"{COLOURS[p]}_dead")
        alive += [k not in dead for k in range(SEGMENTS)]
    state._alive = alive
    if seg[SEGMENTS - 1] == lay.goal[GREEN] or seg[2 * SEGMENTS - 1] == lay.goal[RED]:
        raise ValueError("a centipede with all six segments in the goal has already won; leave one outside")

    poison = [False] * len(lay.poison_idx)
    for value in d.get("poison", ()):
        poison[_poison_space(lay, value, "poison")] = True
    scorpion = d.get("scorpion", "hollow")
    if scorpion == "hollow":
        state._scorpion = HOLLOW
    else:
        k = _poison_space(lay, scorpion, "scorpion")
        if poison[k]:
            raise ValueError(
                f"scorpion: {fmt(lay.poison_xy[k])} already holds a planted mushroom (it needs an empty one)"
            )
        poison[k] = True
        state._scorpion = k
    state._poison = poison
    on_board = sum(poison)
    if on_board > lay.tokens:
        raise ValueError(f"{on_board} poison mushrooms on the board but the game has only {lay.tokens}")
    supply = d.get("supply", lay.tokens - on_board)
    if not isinstance(supply, int) or not 0 <= supply <= lay.tokens - on_board:
        raise ValueError(f"supply must be 0..{lay.tokens - on_board} (tokens not on the board), got {supply!r}")
    state._supply = supply

    for p in (GREEN, RED):
        key = f"{COLOURS[p]}_gun"
        pos = d.get(key, lay.safety[p])
        if not isinstance(pos, int) or not 0 <= pos < lay.num_guns:
            raise ValueError(f"{key} must be a gun position 0..{lay.num_guns - 1}, got {pos!r}")
        state._gun[p] = pos

    spider = d.get("spider", "den")
    if spider == "den":
        state._spider = DEN
    elif spider in ("green_gun", "red_gun"):
        q = GREEN if spider == "green_gun" else RED
        if state._gun[q] == lay.safety[q]:
            raise ValueError(f"spider: {COLOURS[q]}'s gun is on its Safety Space, which the Spider cannot attack")
        state._spider = lay.spider_gun0 + q
    else:
        xy = _xy(spider)
        spaces = [j for j, s in enumerate(lay.spider_xy) if xy is not None and _same(s, xy)]
        if spaces:
            state._spider = lay.spider_space0 + spaces[0]
        else:
            k = _poison_space(lay, spider, "spider")
            if not poison[k] or state._scorpion == k:
                raise ValueError(f"spider: {fmt(lay.poison_xy[k])} holds no poison mushroom for the Spider to stand on")
            state._spider = k
    for name, at in (("spider", state._spider), ("scorpion", state._scorpion)):
        if 0 <= at < len(lay.poison_idx) and lay.poison_idx[at] in on_path:
            raise ValueError(f"{name}: a centipede segment stands on {fmt(lay.poison_xy[at])}")

    turns = d.get("turns", 0)
    if not isinstance(turns, int) or not 0 <= turns < game.options["max_turns"]:
        raise ValueError(f"turns must be 0..{game.options['max_turns'] - 1}, got {turns!r}")
    state._turns = turns
    state._legal_cache = None
    spin = d.get("spin")
    if spin is not None:
        if spin not in SECTORS:
            raise ValueError(f"spin must be one of {', '.join(SECTORS)}, got {spin!r}")
        state.apply_action(SECTORS.index(spin))
    return state


def _same(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6
