"""The Milton Bradley Centipede board as data: a layout file, loaded, validated and turned into lookup tables.

A layout is a JSON document (format `mb_centipede-layout/1`, described in rules/mb-centipede.md, "Describing
your own board"). The shipped layouts live in `layouts/*.json` and are loaded and validated when this module
is imported; a layout given as JSON text (option `layout`) is validated the same way. A broken layout raises
`LayoutError` naming the problem: a gap in the path, a broken half-turn symmetry, a poison space no shot can
reach, a shortcut crossing a plug-in mushroom, ...

Positions of centipede segments are path indexes 0..n-1 in Green's direction of travel, plus two sentinels:
-1 is Green's home base (Red's goal) and n is Red's home base (Green's goal). Everything here is static and
shared by every state of every game on that layout.

What a layout holds (rules/mb-centipede.md, section 1): two players, Green and Red (MB-1.1); the grid and the
path through it (MB-1.2), its curve spaces (MB-1.3), the fixed plug-in mushrooms (MB-1.4), the Poison Mushroom
spaces (MB-1.5), each Firing Line's gun positions (MB-1.6) and the Spider Spaces beside them (MB-1.7).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from importlib import resources
from typing import Any

GREEN, RED = 0, 1
COLOURS = ("green", "red")
SEGMENTS = 6
FORMAT = "mb_centipede-layout/1"
DEFAULT = "revised"
MAX_TEXT = 200_000  # characters of layout JSON accepted as an option value
# Sizes beyond any printed board, refused so that a layout sent to a server cannot make checking it costly.
MAX_PATH, MAX_PLUG_INS, MAX_POISON, MAX_GUNS, MAX_SPIDER_SPACES = 400, 200, 60, 60, 20

# How a shot's static part ends (Layout.shot_end): a plug-in mushroom, a red-lined curve space, or an open line.
PLUG, RED_LINE, OPEN = 0, 1, 2

_TOP_KEYS = {
    "format",
    "name",
    "title",
    "notes",
    "columns",
    "lines",
    "path",
    "plug_ins",
    "poison_spaces",
    "poison_tokens",
    "firing_lines",
    "den",
    "hollow",
    "home",
}
_REQUIRED = _TOP_KEYS - {"title", "notes", "poison_tokens"}
_LINE_KEYS = {"guns", "direction", "safety", "spider_spaces"}
_EPS = 1e-6
_DIRECTIONS: tuple[tuple[float, float], ...] = ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))


class LayoutError(ValueError):
    """A layout document that cannot describe a playable, fair board. The message says what is wrong."""


Pt = tuple[float, float]
Fail = Callable[[str], "LayoutError"]  # makes the error to raise, naming the layout


def _num(v: float) -> float:
    return int(v) if float(v).is_integer() else float(v)


def fmt(p: Pt) -> str:
    """Board coordinates as text, e.g. "(2,4)" or "(0.7,0)"."""
    return f"({p[0]:g},{p[1]:g})"


def _close(a: Pt, b: Pt, tol: float = _EPS) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def _dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


class Layout:
    """One validated board. Built only by `parse_layout`; attributes are read-only by convention."""

    def __init__(self, doc: dict[str, Any]):
        fail = _failer(doc)
        self.doc = doc
        self.name: str = doc["name"]
        self.title: str = doc.get("title", self.name)
        self.notes: str = doc.get("notes", "")
        self.columns: int = doc["columns"]
        self.lines: int = doc["lines"]
        self._read_path(doc, fail)
        self._read_pieces(doc, fail)
        self._read_firing_lines(doc, fail)
        self._check_symmetry(fail)
        self._build_shots(fail)
        self._build_shortcuts(fail)

    # ---- reading -------------------------------------------------------------------------------
    def _in_grid(self, p: Pt) -> bool:
        return -_EPS <= p[0] <= self.columns - 1 + _EPS and -_EPS <= p[1] <= self.lines - 1 + _EPS

    def _read_path(self, doc: dict[str, Any], fail: Fail) -> None:
        entries = doc["path"]
        if not isinstance(entries, list) or not entries:
            raise fail('\'path\' must be a non-empty list of {"lane": [from, to]} and {"curve": [spaces]} entries')
        path: list[Pt] = []
        red: list[bool] = []
        lane_of: list[int] = []
        lanes: list[tuple[int, int]] = []
        for k, entry in enumerate(entries):
            where = f"path entry {k}"
            if not isinstance(entry, dict) or len(entry) != 1 or not ({"lane", "curve"} & set(entry)):
                raise fail(f'{where} must be {{"lane": [from, to]}} or {{"curve": [space, ...]}}, got {entry!r}')
            if "lane" in entry:
                ends = entry["lane"]
                if not isinstance(ends, list) or len(ends) != 2:
                    raise fail(f"{where}: a lane is [from, to], two spaces, got {ends!r}")
                a, b = (_point(e, f"{where} lane end", fail) for e in ends)
                if not all(float(v).is_integer() for v in (*a, *b)):
                    raise fail(f"{where}: lane ends {fmt(a)} and {fmt(b)} must be whole grid coordinates")
                if a[0] != b[0] and a[1] != b[1]:
                    raise fail(f"{where}: the lane {fmt(a)} -> {fmt(b)} is not straight (same x or same y)")
                steps = int(max(abs(b[0] - a[0]), abs(b[1] - a[1])))
                dx = (b[0] > a[0]) - (b[0] < a[0])
                dy = (b[1] > a[1]) - (b[1] < a[1])
                first = len(path)
                if first + steps + 1 > MAX_PATH:
                    raise fail(f"the path has more than {MAX_PATH} spaces")
                for s in range(steps + 1):
                    path.append((_num(a[0] + dx * s), _num(a[1] + dy * s)))
                    red.append(False)
                    lane_of.append(len(lanes))
                lanes.append((first, len(path) - 1))
            else:
                spaces = entry["curve"]
                if not isinstance(spaces, list) or not spaces:
                    raise fail(f"{where}: a curve is a non-empty list of spaces, got {spaces!r}")
                if k == 0 or k == len(entries) - 1:
                    raise fail(f"{where}: the path must begin and end with a lane, not a curve")
                if len(path) + len(spaces) > MAX_PATH:
                    raise fail(f"the path has more than {MAX_PATH} spaces")
                for s in spaces:
                    path.append(_point(s, f"{where} curve space", fail))
                    red.append(True)
                    lane_of.append(-1)
        for i, p in enumerate(path):
            if not self._in_grid(p):
                raise fail(
                    f"path space {i} at {fmt(p)} lies outside the grid (x 0..{self.columns - 1}, y 0..{self.lines - 1})"
                )
        for i in range(1, len(path)):
            d = _dist(path[i - 1], path[i])
            if d > 1.5 + _EPS:
                raise fail(
                    f"the path is broken between space {i - 1} at {fmt(path[i - 1])} and space {i} at {fmt(path[i])}: "
                    f"they are {d:.2f} apart, neighbouring spaces must be at most 1.5 apart"
                )
        seen: dict[tuple[float, float], int] = {}
        for i, p in enumerate(path):
            for j, q in seen.items():
                if _dist(p, j) < 0.25:
                    raise fail(f"path spaces {q} and {i} both lie at {fmt(p)}: every space needs its own place")
            seen[p] = i
        self.path: tuple[Pt, ...] = tuple(path)
        self.n = len(path)
        self.red_line: tuple[bool, ...] = tuple(red)
        self.lane_of: tuple[int, ...] = tuple(lane_of)
        self.lanes: tuple[tuple[int, int], ...] = tuple(lanes)
        self.index_of: dict[Pt, int] = {p: i for i, p in enumerate(path)}
        self.home_pos = (-1, self.n)  # where each colour starts (its own home base)
        self.goal = (self.n, -1)  # where each colour must go (the opponent's home base)
        self.step = (1, -1)

    def _read_pieces(self, doc: dict[str, Any], fail: Fail) -> None:
        plugs = _points(doc["plug_ins"], "plug_ins", fail)
        for p in plugs:
            if not self._in_grid(p):
                raise fail(f"the plug-in mushroom at {fmt(p)} lies outside the grid")
            near = [i for i, q in enumerate(self.path) if _dist(p, q) < 0.25]
            if near:
                raise fail(f"the plug-in mushroom at {fmt(p)} stands on path space {near[0]}")
        _no_repeats(plugs, "plug-in mushroom", fail)
        self.plug_ins: tuple[Pt, ...] = tuple(plugs)
        poison = _points(doc["poison_spaces"], "poison_spaces", fail)
        _no_repeats(poison, "poison space", fail)
        idx = []
        for k, p in enumerate(poison):
            i = self._path_index(p)
            if i < 0:
                raise fail(f"poison space {k} at {fmt(p)} is not a path space")
            if self.red_line[i]:
                raise fail(f"poison space {k} at {fmt(p)} is a red-lined curve space; poison spaces lie in lanes")
            idx.append(i)
        if not idx:
            raise fail("the board needs at least one poison space")
        self.poison_xy: tuple[Pt, ...] = tuple(self.path[i] for i in idx)
        self.poison_idx: tuple[int, ...] = tuple(idx)
        self.poison_at: tuple[int, ...] = tuple(idx.index(i) if i in idx else -1 for i in range(self.n))
        tokens = doc.get("poison_tokens", len(idx))
        if not isinstance(tokens, int) or isinstance(tokens, bool) or not 0 <= tokens <= len(idx):
            raise fail(f"'poison_tokens' must be a whole number 0..{len(idx)} (one per poison space at most)")
        self.tokens: int = tokens
        self.den: Pt = _point(doc["den"], "den", fail)
        self.hollow: Pt = _point(doc["hollow"], "hollow", fail)
        home = doc["home"]
        if not isinstance(home, dict) or set(home) != set(COLOURS):
            raise fail('\'home\' must be {"green": [x, y], "red": [x, y]}')
        self.home: tuple[Pt, Pt] = (_point(home["green"], "home green", fail), _point(home["red"], "home red", fail))
        for colour, end in ((GREEN, 0), (RED, self.n - 1)):
            if _dist(self.home[colour], self.path[end]) > 2.0 + _EPS:
                raise fail(
                    f"{COLOURS[colour]}'s home base at {fmt(self.home[colour])} must lie beside the path's "
                    f"{'first' if end == 0 else 'last'} space {fmt(self.path[end])} (at most 2 apart)"
                )

    def _read_firing_lines(self, doc: dict[str, Any], fail: Fail) -> None:
        lines = doc["firing_lines"]
        if not isinstance(lines, dict) or set(lines) != set(COLOURS):
            raise fail('\'firing_lines\' must have exactly the keys "green" and "red"')
        guns: list[tuple[Pt, ...]] = []
        dirs: list[Pt] = []
        safety: list[int] = []
        spider_xy: list[Pt] = []
        beside: list[int] = []
        serves: list[tuple[int, ...]] = []
        for p, colour in enumerate(COLOURS):
            line = lines[colour]
            where = f"{colour}'s firing line"
            if not isinstance(line, dict) or set(line) != _LINE_KEYS:
                raise fail(f"{where} must have exactly the keys {', '.join(sorted(_LINE_KEYS))}")
            pts = _points(line["guns"], f"{where} guns", fail)
            if len(pts) < 2:
                raise fail(f"{where} needs at least two gun positions")
            _no_repeats(pts, f"{where} gun position", fail)
            for q in pts:
                if self._in_grid(q):
                    raise fail(f"{where}: the gun position {fmt(q)} lies on the board; guns stand beside it")
            d = _point(line["direction"], f"{where} direction", fail)
            if d not in _DIRECTIONS:
                raise fail(f"{where}: direction must be one of [1,0], [-1,0], [0,1], [0,-1], got {list(d)}")
            for q in pts:
                if not any(self._in_grid((q[0] + d[0] * t, q[1] + d[1] * t)) for t in range(1, 2 + self.columns)):
                    raise fail(f"{where}: a gun at {fmt(q)} firing along {list(d)} never crosses the board")
            s = line["safety"]
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(pts):
                raise fail(f"{where}: 'safety' must be a gun position number 0..{len(pts) - 1}")
            covered: list[int] = []
            spaces = line["spider_spaces"]
            if not isinstance(spaces, list) or not 0 < len(spaces) <= MAX_SPIDER_SPACES:
                raise fail(f'{where}: \'spider_spaces\' must be a non-empty list of {{"at": [x, y], "serves": [...]}}')
            for k, sp in enumerate(spaces):
                if not isinstance(sp, dict) or set(sp) != {"at", "serves"}:
                    raise fail(f'{where}: Spider Space {k} must be {{"at": [x, y], "serves": [gun positions]}}')
                at = _point(sp["at"], f"{where} Spider Space {k}", fail)
                sv = sp["serves"]
                if not isinstance(sv, list) or not all(isinstance(v, int) and 0 <= v < len(pts) for v in sv) or not sv:
                    raise fail(f"{where}: Spider Space {k} serves gun positions 0..{len(pts) - 1}, got {sv!r}")
                if s in sv:
                    raise fail(f"{where}: Spider Space {k} serves the Safety Space {s}, which cannot be attacked")
                covered += sv
                spider_xy.append(at)
                beside.append(p)
                serves.append(tuple(sorted(sv)))
            others = sorted(set(range(len(pts))) - {s})
            if sorted(covered) != others:
                raise fail(
                    f"{where}: every gun position except the Safety Space must be served by exactly one Spider Space "
                    f"(served: {sorted(covered)}, needed: {others})"
                )
            guns.append(tuple(pts))
            dirs.append(d)
            safety.append(s)
        if len(guns[GREEN]) != len(guns[RED]):
            raise fail("both firing lines need the same number of gun positions")
        self.guns: tuple[tuple[Pt, ...], tuple[Pt, ...]] = (guns[0], guns[1])
        self.num_guns = len(guns[0])
        self.direction: tuple[Pt, Pt] = (dirs[0], dirs[1])
        self.safety: tuple[int, int] = (safety[0], safety[1])
        self.spider_xy: tuple[Pt, ...] = tuple(spider_xy)
        self.spider_beside: tuple[int, ...] = tuple(beside)
        self.spider_serves: tuple[tuple[int, ...], ...] = tuple(serves)
        table = [[-1] * self.num_guns, [-1] * self.num_guns]
        for j, (side, sv) in enumerate(zip(beside, serves, strict=True)):
            for pos in sv:
                table[side][pos] = j
        self.spider_for: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(table[0]), tuple(table[1]))
        # How a state codes the Spider's place: -1 Den, 0.. poison space, spider_space0 + j, spider_gun0 + colour.
        self.spider_space0 = len(self.poison_idx)
        self.spider_gun0 = self.spider_space0 + len(self.spider_xy)
        everything = [
            *self.path,
            *self.plug_ins,
            *self.guns[0],
            *self.guns[1],
            *self.spider_xy,
            self.den,
            self.hollow,
            *self.home,
        ]
        names = (
            [f"path space {i}" for i in range(self.n)]
            + [f"plug-in {fmt(p)}" for p in self.plug_ins]
            + [f"green gun position {k}" for k in range(self.num_guns)]
            + [f"red gun position {k}" for k in range(self.num_guns)]
            + [f"Spider Space {j}" for j in range(len(self.spider_xy))]
            + ["the Den", "the Hollow", "green's home base", "red's home base"]
        )
        for a in range(len(everything)):
            for b in range(a + 1, len(everything)):
                if _dist(everything[a], everything[b]) < 0.25:
                    raise fail(f"{names[a]} and {names[b]} are both at {fmt(everything[a])}")

    def _path_index(self, p: Pt) -> int:
        for i, q in enumerate(self.path):
            if _close(p, q):
                return i
        return -1

    # ---- checks ----------------------------------------------------------------------------------
    def turn(self, p: Pt) -> Pt:
        """The half turn about the board's centre."""
        return (_num(self.columns - 1 - p[0]), _num(self.lines - 1 - p[1]))

    def _check_symmetry(self, fail: Fail) -> None:
        t = self.turn
        n = self.n
        for i in range(n):
            if not _close(t(self.path[i]), self.path[n - 1 - i]) or self.red_line[i] != self.red_line[n - 1 - i]:
                raise fail(
                    f"the board is not symmetric under a half turn: path space {i} at {fmt(self.path[i])} turns to "
                    f"{fmt(t(self.path[i]))}, but Red's matching space {n - 1 - i} is at {fmt(self.path[n - 1 - i])}"
                    + (" (one is red-lined, the other not)" if self.red_line[i] != self.red_line[n - 1 - i] else "")
                )
        for name, pts in (("plug-in mushroom", self.plug_ins), ("poison space", self.poison_xy)):
            for p in pts:
                if not any(_close(t(p), q) for q in pts):
                    raise fail(
                        f"the board is not symmetric under a half turn: the {name} at {fmt(p)} has no partner "
                        f"at {fmt(t(p))}"
                    )
        if not _close(t(self.den), self.hollow):
            raise fail(f"the Den at {fmt(self.den)} and the Hollow at {fmt(self.hollow)} must face each other")
        if not _close(t(self.home[GREEN]), self.home[RED]):
            raise fail("the two home bases must face each other under a half turn")
        d = self.direction
        if d[RED] != (-d[GREEN][0], -d[GREEN][1]):
            raise fail("the two firing lines must shoot in opposite directions")
        match = []
        for k, g in enumerate(self.guns[GREEN]):
            found = [m for m, r in enumerate(self.guns[RED]) if _close(t(g), r)]
            if not found:
                raise fail(f"green gun position {k} at {fmt(g)} has no red partner at {fmt(t(g))}")
            match.append(found[0])
        if match[self.safety[GREEN]] != self.safety[RED]:
            raise fail("the two Safety Spaces must face each other under a half turn")
        for j, (xy, q) in enumerate(zip(self.spider_xy, self.spider_beside, strict=True)):
            if q != GREEN:
                continue
            partner = [
                m for m, other in enumerate(self.spider_xy) if self.spider_beside[m] == RED and _close(t(xy), other)
            ]
            if not partner or self.spider_serves[partner[0]] != tuple(sorted(match[v] for v in self.spider_serves[j])):
                raise fail(f"Spider Space {j} at {fmt(xy)} has no matching red Spider Space at {fmt(t(xy))}")

    def _build_shots(self, fail: Fail) -> None:
        """For each colour and gun position: the path spaces the shot may stop at (in order), and how its static
        part ends: PLUG (the plug-in's coordinates), RED_LINE (the curve space's path index), or OPEN (the
        opponent's gun position standing at the far end of the line, or -1: off the far side)."""
        paths: list[list[tuple[int, ...]]] = [[], []]
        ends: list[list[tuple[int, Any]]] = [[], []]
        for p in (GREEN, RED):
            d = self.direction[p]
            for g in self.guns[p]:
                items: list[tuple[float, int, Any]] = []  # (distance along the line, 1: path space, its index)
                for i, q in enumerate(self.path):
                    t = _along(g, d, q)
                    if t is not None:
                        items.append((t, 1, i))
                for q in self.plug_ins:
                    t = _along(g, d, q)
                    if t is not None:
                        items.append((t, 0, q))
                items.sort(key=lambda it: (it[0], it[1]))
                stops: list[int] = []
                end: tuple[int, Any] | None = None
                for _t, kind, what in items:
                    if kind == 0:
                        end = (PLUG, what)
                        break
                    if self.red_line[what]:
                        end = (RED_LINE, what)
                        break
                    stops.append(what)
                if end is None:
                    far = [(_along(g, d, r), m) for m, r in enumerate(self.guns[1 - p])]
                    far = [(t, m) for t, m in far if t is not None]
                    end = (OPEN, min(far)[1] if far else -1)
                paths[p].append(tuple(stops))
                ends[p].append(end)
        self.shot_path: tuple[tuple[tuple[int, ...], ...], ...] = (tuple(paths[0]), tuple(paths[1]))
        self.shot_end: tuple[tuple[tuple[int, Any], ...], ...] = (tuple(ends[0]), tuple(ends[1]))
        for k, i in enumerate(self.poison_idx):
            if not any(i in stops for side in self.shot_path for stops in side):
                raise fail(
                    f"poison space {k} at {fmt(self.path[i])} cannot be shot from any gun position "
                    "(a plug-in or a red line shields it on every line that reaches it)"
                )

    def _build_shortcuts(self, fail: Fail) -> None:
        """MB-D13: for a head whose next space in its lane holds poison space P, the landing is the space of the
        next lane toward its goal nearest to P; the straight crossing from P to it must pass no plug-in and no
        other path space."""
        n = self.n
        landing = [[-1] * n, [-1] * n]
        self.shortcuts: list[tuple[int, int, int]] = []  # (colour, poison path index, landing index)
        for k, i in enumerate(self.poison_idx):
            lane = self.lane_of[i]
            for p, nxt in ((GREEN, lane + 1), (RED, lane - 1)):
                if not 0 <= nxt < len(self.lanes):
                    continue  # the last lane before the goal: no shortcut (MB-D13)
                first, last = self.lanes[nxt]
                ranked = sorted((_dist(self.path[i], self.path[j]), j) for j in range(first, last + 1))
                if len(ranked) > 1 and ranked[1][0] - ranked[0][0] < _EPS:
                    raise fail(
                        f"the shortcut from poison space {k} at {fmt(self.path[i])} for {COLOURS[p]} has no single "
                        f"nearest landing in the next lane ({fmt(self.path[ranked[0][1]])} and "
                        f"{fmt(self.path[ranked[1][1]])} tie)"
                    )
                dist, land = ranked[0]
                if dist > 2.5:
                    raise fail(
                        f"the shortcut from poison space {k} at {fmt(self.path[i])} for {COLOURS[p]} would land "
                        f"{dist:.1f} away at {fmt(self.path[land])}; a shortcut crosses one mushroom column"
                    )
                a, b = self.path[i], self.path[land]
                blockers = [q for q in self.plug_ins if _seg_dist(q, a, b) < 0.5]
                blockers += [q for j, q in enumerate(self.path) if j not in (i, land) and _seg_dist(q, a, b) < 0.5]
                if blockers:
                    what = "plug-in mushroom" if blockers[0] in self.plug_ins else "path space"
                    raise fail(
                        f"the shortcut from poison space {k} at {fmt(a)} to {fmt(b)} ({COLOURS[p]}) crosses the "
                        f"{what} at {fmt(blockers[0])}; a shortcut must cross an empty cell"
                    )
                head = i - self.step[p]
                if 0 <= head < n and self.lane_of[head] == lane:
                    landing[p][head] = land
                self.shortcuts.append((p, i, land))
        self.landing: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(landing[0]), tuple(landing[1]))

    # ---- for views ---------------------------------------------------------------------------------
    def remaining(self, player: int, pos: int) -> int:
        """Path spaces still to travel from `pos` to `player`'s goal (0 once inside it)."""
        return self.goal[player] - pos if player == GREEN else pos - self.goal[player]

    def xy(self, player: int, pos: int) -> list[float]:
        """Board coordinates of a segment of `player` at `pos` (a path index, or its home or goal base)."""
        if 0 <= pos < self.n:
            return list(self.path[pos])
        return list(self.home[GREEN] if pos < 0 else self.home[RED])

    def board(self) -> dict[str, Any]:
        """The static board for observations and drawings (a fresh JSON-friendly dict each call)."""
        return {
            "layout": self.name,
            "title": self.title,
            "columns": self.columns,
            "lines": self.lines,
            "path": [list(p) for p in self.path],
            "red_line": [i for i in range(self.n) if self.red_line[i]],
            "lanes": [list(lane) for lane in self.lanes],
            "plug_ins": [list(p) for p in self.plug_ins],
            "poison_spaces": [list(p) for p in self.poison_xy],
            "firing_lines": [
                {
                    "player": p,
                    "guns": [list(g) for g in self.guns[p]],
                    "direction": list(self.direction[p]),
                    "safety": self.safety[p],
                }
                for p in (GREEN, RED)
            ],
            "spider_spaces": [
                {"space": j, "xy": list(xy), "beside": self.spider_beside[j], "serves": list(self.spider_serves[j])}
                for j, xy in enumerate(self.spider_xy)
            ],
            "den": list(self.den),
            "hollow": list(self.hollow),
            "home": [list(self.home[GREEN]), list(self.home[RED])],
        }


# ---- helpers -------------------------------------------------------------------------------------------
def _failer(doc: dict[str, Any]) -> Fail:
    name = doc.get("name", "?") if isinstance(doc, dict) else "?"

    def fail(problem: str) -> LayoutError:
        return LayoutError(f"layout {name!r}: {problem}")

    return fail


def _point(value: Any, where: str, fail: Fail) -> Pt:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
    ):
        raise fail(f"{where} must be a point [x, y] of two numbers, got {value!r}")
    return (_num(value[0]), _num(value[1]))


_LIMITS = {"plug_ins": MAX_PLUG_INS, "poison_spaces": MAX_POISON}


def _points(value: Any, where: str, fail: Fail) -> list[Pt]:
    if not isinstance(value, list):
        raise fail(f"'{where}' must be a list of points [x, y]")
    limit = _LIMITS.get(where, MAX_GUNS)
    if len(value) > limit:
        raise fail(f"'{where}' lists {len(value)} points; at most {limit} are accepted")
    return [_point(v, f"{where} item {k}", fail) for k, v in enumerate(value)]


def _no_repeats(pts: list[Pt], what: str, fail: Fail) -> None:
    for a in range(len(pts)):
        for b in range(a):
            if _close(pts[a], pts[b]):
                raise fail(f"the {what} at {fmt(pts[a])} is listed twice")


def _along(origin: Pt, d: Pt, q: Pt) -> float | None:
    """How far along the ray origin + t*d (t > 0) the point q lies, or None if it is not on the ray."""
    rx, ry = q[0] - origin[0], q[1] - origin[1]
    if abs(rx * d[1] - ry * d[0]) > _EPS:
        return None
    t = rx * d[0] + ry * d[1]
    return t if t > _EPS else None


def _seg_dist(q: Pt, a: Pt, b: Pt) -> float:
    """Distance from q to the segment a-b, counting only its inside (q beyond an end is far away)."""
    ax, ay = b[0] - a[0], b[1] - a[1]
    length2 = ax * ax + ay * ay
    t = ((q[0] - a[0]) * ax + (q[1] - a[1]) * ay) / length2
    if t <= _EPS or t >= 1 - _EPS:
        return math.inf
    return math.hypot(a[0] + t * ax - q[0], a[1] + t * ay - q[1])


def parse_layout(doc: Any) -> Layout:
    """A validated Layout from a layout document (a dict) or its JSON text. Raises LayoutError."""
    if isinstance(doc, str):
        if len(doc) > MAX_TEXT:
            raise LayoutError(f"layout text is {len(doc)} characters long; at most {MAX_TEXT} are accepted")
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as e:
            raise LayoutError(f"layout text is not valid JSON: {e}") from None
    if not isinstance(doc, dict):
        raise LayoutError("a layout is a JSON object (see the rules document, 'Describing your own board')")
    fail = _failer(doc)
    unknown = sorted(set(doc) - _TOP_KEYS)
    if unknown:
        raise fail(f"unknown key(s) {', '.join(unknown)}; a layout has: {', '.join(sorted(_TOP_KEYS))}")
    missing = sorted(_REQUIRED - set(doc))
    if missing:
        raise fail(f"missing key(s): {', '.join(missing)}")
    if doc["format"] != FORMAT:
        raise fail(f"'format' must be {FORMAT!r}, got {doc['format']!r}")
    if not isinstance(doc["name"], str) or not doc["name"].strip():
        raise LayoutError("a layout needs a 'name' (text)")
    for key in ("columns", "lines"):
        v = doc[key]
        if not isinstance(v, int) or isinstance(v, bool) or not 3 <= v <= 60:
            raise fail(f"'{key}' must be a whole number 3..60, got {v!r}")
    return Layout(doc)


def _load_shipped() -> dict[str, Layout]:
    out: dict[str, Layout] = {}
    folder = resources.files(__package__).joinpath("layouts")
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(".json"):
            layout = parse_layout(item.read_text(encoding="utf-8"))
            if layout.name != item.name[: -len(".json")]:
                raise LayoutError(f"layouts/{item.name} names itself {layout.name!r}; the file name must match")
            out[layout.name] = layout
    if DEFAULT not in out:
        raise LayoutError(f"the default layout {DEFAULT!r} is missing from layouts/")
    return out


LAYOUTS: dict[str, Layout] = _load_shipped()
_CUSTOM: dict[str, Layout] = {}


def get_layout(value: str) -> Layout:
    """The layout an option value names: a shipped layout's name, or the JSON text of a layout document."""
    if value in LAYOUTS:
        return LAYOUTS[value]
    if not value.lstrip().startswith("{"):
        raise LayoutError(
            f"unknown layout {value!r}; shipped layouts: {', '.join(sorted(LAYOUTS))} "
            "(or give the JSON text of your own layout)"
        )
    layout = _CUSTOM.get(value)
    if layout is None:
        layout = parse_layout(value)
        if len(_CUSTOM) >= 16:
            _CUSTOM.pop(next(iter(_CUSTOM)))
        _CUSTOM[value] = layout
    return layout


def check_option(value: str) -> str | None:
    """Option check for `layout`: None when usable, else what is wrong."""
    try:
        get_layout(value)
    except LayoutError as e:
        return str(e)
    return None
