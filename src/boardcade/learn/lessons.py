"""A game's lessons: `lessons.json` in its folder, read and checked when loaded.

Every step is a real position built with the game's public scenario API (`boardcade.testing.scenario`), then
driven by what actions mean (`kind` and `args`, as `boardcade.testing.act` does), so a lesson never names an
action number and never touches private state. Loading plays every step through with its expected moves: a
position that does not build, a move that is not legal where the lesson asks for it, a rule ID that the
rules document does not define: each raises `LessonError` naming the game, the step and what is wrong.

The file (format "boardcade-lessons/1"):

    {"format": "boardcade-lessons/1", "game": "qbert", "title": "...", "intro": "...", "minutes": 4,
     "steps": [
       {"id": "hop-down", "title": "Hop down", "rules": ["QB-3.3"], "text": "the idea, in a few sentences",
        "options": {...},             # rule options of the game (optional)
        "position": {...},            # the scenario description (see the game's scenario.py)
        "setup": [{"kind": "stop"}],  # moves by meaning made before the learner plays (optional)
        "seat": 0,                    # the seat the learner plays (default 0)
        "moves": [
          {"ask": "Hop down-right onto (1,1).", "expect": {"kind": "hop", "args": {"dir": "down-right"}},
           "why": "why this is the move (shown after a wrong one)",
           "wrong": [{"kind": "stop", "why": "what is wrong with this particular move"}]},
          {"auto": {"kind": "d6", "args": {"face": 3}}, "say": "narration (optional)"}
        ],
        "done": "what the learner has just seen happen"}]}

`expect` (and each `wrong`) is a pattern: an action of that kind whose arguments (or context keys such as
`target`) include the ones given; any legal action that matches is the lesson's move. An `auto` move is made for
the learner (a chance outcome, or the other seat's move), so that each step is the same every time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..core import GameError, State, game_names, game_spec, load_game
from ..core.rulesdoc import rule_texts
from ..testing import choices, matches, scenario

FORMAT = "boardcade-lessons/1"
LESSONS_FILE = "lessons.json"


class LessonError(GameError):
    """A lessons file that cannot be played as written; the message names the game, the step and the problem."""


@dataclass(frozen=True)
class Pattern:
    """An action described by meaning: its kind and some of its arguments (or context keys such as target)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def matches(self, info: dict[str, Any]) -> bool:
        return matches(info, self.kind, self.args)

    def text(self) -> str:
        return self.kind + "".join(f" {k}={v!r}" for k, v in self.args.items())


@dataclass(frozen=True)
class Move:
    """One move of a step: the learner's (`ask` set) or one made for the learner (`auto`)."""

    expect: Pattern
    ask: str = ""
    why: str = ""
    wrong: tuple[tuple[Pattern, str], ...] = ()
    say: str = ""

    @property
    def auto(self) -> bool:
        return not self.ask


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    text: str
    rules: tuple[tuple[str, str], ...]  # (rule ID, its text from the rules document)
    position: dict[str, Any]
    options: dict[str, Any]
    setup: tuple[Pattern, ...]
    seat: int
    moves: tuple[Move, ...]
    done: str

    @property
    def asks(self) -> int:
        """How many moves the learner makes in this step."""
        return sum(1 for m in self.moves if not m.auto)


@dataclass(frozen=True)
class Course:
    """One game's lessons, in order."""

    game: str
    title: str
    intro: str
    minutes: int
    steps: tuple[Step, ...]

    def step(self, ref: int | str) -> tuple[int, Step]:
        """The step numbered `ref` (0-based) or with id `ref`; LessonError listing the steps otherwise."""
        for i, s in enumerate(self.steps):
            if ref == i or ref == s.id:
                return i, s
        known = ", ".join(f"{i} ({s.id})" for i, s in enumerate(self.steps))
        raise LessonError(f"{self.game} has no lesson step {ref!r}; steps: {known}")

    def summary(self) -> dict[str, Any]:
        """The course as JSON for front ends (no positions: those come step by step)."""
        return {
            "game": self.game,
            "title": self.title,
            "intro": self.intro,
            "minutes": self.minutes,
            "steps": [
                {
                    "index": i,
                    "id": s.id,
                    "title": s.title,
                    "text": s.text,
                    "rules": [rule_json(r, t) for r, t in s.rules],
                    "asks": s.asks,
                }
                for i, s in enumerate(self.steps)
            ],
        }


SOURCE = re.compile(r"^\(((?:rulebook|reconstruction|local reading)[^()]*(?:\([^()]*\)[^()]*)*)\)\s*")


def rule_json(rule: str, text: str) -> dict[str, str]:
    """A rule clause for front ends: its ID, its words, and apart from them the source the rules document names
    ("rulebook: Playing; reconstruction, QB-D12"), so the rule itself reads first."""
    m = SOURCE.match(text)
    return {"id": rule, "text": text[m.end() :] if m else text, "source": m.group(1) if m else ""}


# ---- reading ---------------------------------------------------------------------------------------
def _text(data: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: '{key}' must be a non-empty text")
    return value.strip()


def _pattern(data: Any, where: str) -> Pattern:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise LessonError(f"{where}: a move is {{'kind': ..., 'args': {{...}}}}, got {data!r}")
    args = data.get("args", {})
    if not isinstance(args, dict):
        raise LessonError(f"{where}: 'args' must be an object, got {args!r}")
    return Pattern(data["kind"], dict(args))


def _move(data: Any, where: str) -> Move:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a move is an object with 'ask' and 'expect', or 'auto'")
    if "auto" in data:
        return Move(_pattern(data["auto"], where), say=_text(data, "say", where, required=False))
    wrong = data.get("wrong", [])
    if not isinstance(wrong, list):
        raise LessonError(f"{where}: 'wrong' must be a list")
    return Move(
        _pattern(data.get("expect"), where + " expect"),
        ask=_text(data, "ask", where),
        why=_text(data, "why", where),
        wrong=tuple(
            (_pattern(w, f"{where} wrong {k}"), _text(w, "why", f"{where} wrong {k}")) for k, w in enumerate(wrong)
        ),
    )


def parse_course(game: str, text: str, rules: dict[str, str]) -> Course:
    """The course in `text` for `game` (not yet played through: see `check_course`)."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise LessonError(f"{game} lessons: not valid JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LessonError(f"{game} lessons: the file must be a JSON object with format {FORMAT!r}")
    if data.get("game") != game:
        raise LessonError(f"{game} lessons: the file says game {data.get('game')!r}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{game} lessons: 'steps' must be a non-empty list")
    steps = []
    seen: set[str] = set()
    for n, raw in enumerate(raw_steps):
        where = f"{game} lesson step {n + 1}" + (f" ({raw.get('id')!r})" if isinstance(raw, dict) else "")
        if not isinstance(raw, dict):
            raise LessonError(f"{where}: a step is a JSON object")
        sid = _text(raw, "id", where)
        if sid in seen:
            raise LessonError(f"{where}: the id {sid!r} is used twice")
        seen.add(sid)
        ids = raw.get("rules")
        if not isinstance(ids, list) or not ids:
            raise LessonError(f"{where}: 'rules' must list the rule IDs the step teaches")
        missing = [r for r in ids if r not in rules]
        if missing:
            raise LessonError(
                f"{where}: rule ID(s) {', '.join(map(str, missing))} are not in the {game} rules document"
            )
        for key in ("position", "options"):
            if not isinstance(raw.get(key, {}), dict):
                raise LessonError(f"{where}: '{key}' must be an object")
        seat = raw.get("seat", 0)
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise LessonError(f"{where}: 'seat' must be a seat number, got {seat!r}")
        raw_moves = raw.get("moves")
        if not isinstance(raw_moves, list) or not raw_moves:
            raise LessonError(f"{where}: 'moves' must be a non-empty list")
        steps.append(
            Step(
                id=sid,
                title=_text(raw, "title", where),
                text=_text(raw, "text", where),
                rules=tuple((r, rules[r]) for r in ids),
                position=dict(raw.get("position", {})),
                options=dict(raw.get("options", {})),
                setup=tuple(_pattern(p, f"{where} setup {k + 1}") for k, p in enumerate(raw.get("setup", []))),
                seat=seat,
                moves=tuple(_move(m, f"{where} move {k + 1}") for k, m in enumerate(raw_moves)),
                done=_text(raw, "done", where),
            )
        )
    minutes = data.get("minutes", 0)
    return Course(
        game=game,
        title=_text(data, "title", f"{game} lessons"),
        intro=_text(data, "intro", f"{game} lessons"),
        minutes=minutes if isinstance(minutes, int) and not isinstance(minutes, bool) else 0,
        steps=tuple(steps),
    )


# ---- positions and moves -----------------------------------------------------------------------------
def where_of(course: Course, index: int) -> str:
    step = course.steps[index]
    return f"{course.game} lesson step {index + 1} ({step.id!r})"


def find(state: State, pattern: Pattern) -> list[int]:
    """The legal actions (or chance outcomes) matching `pattern`, in order."""
    return [info["action"] for info in choices(state) if pattern.matches(info)]


def _legal_text(state: State) -> str:
    return "; ".join(f"{i['kind']} {i['args']} ({i['label']})" for i in choices(state)) or "nothing (the match is over)"


def apply_pattern(state: State, pattern: Pattern, where: str) -> int:
    """Apply the first legal action matching `pattern`; LessonError listing what is legal when none does."""
    found = find(state, pattern)
    if not found:
        raise LessonError(f"{where}: no legal move matches {pattern.text()}. Legal there: {_legal_text(state)}")
    state.apply_action(found[0])
    return found[0]


def build_position(course: Course, index: int) -> tuple[State, int]:
    """The step's position (the scenario built, then its setup moves made), and how many events the scenario's
    own building made (a roll-off, a deal: not part of the lesson)."""
    step = course.steps[index]
    where = where_of(course, index)
    try:
        game = load_game(course.game, **step.options)
        state = scenario(game, **step.position)
    except (ValueError, TypeError) as e:
        raise LessonError(f"{where}: the position does not build: {e}") from None
    if step.seat >= game.num_players:
        raise LessonError(f"{where}: seat {step.seat} does not exist ({game.num_players} players)")
    built = state.event_count()
    for k, pattern in enumerate(step.setup):
        apply_pattern(state, pattern, f"{where} setup move {k + 1}")
    return state, built


def check_course(course: Course) -> None:
    """Play every step through with its expected moves, checking that each is legal where it is asked for, that
    the learner has a real choice (a wrong move to explain), and that each `wrong` pattern names a legal move."""
    for index, step in enumerate(course.steps):
        where = where_of(course, index)
        state, _ = build_position(course, index)
        if step.asks == 0:
            raise LessonError(f"{where}: the learner makes no move ('ask' is missing from every move)")
        for k, move in enumerate(step.moves):
            at = f"{where} move {k + 1}"
            if state.is_terminal():
                raise LessonError(f"{at}: the match is already over")
            if not move.auto:
                if state.current_player() != step.seat:
                    raise LessonError(
                        f"{at}: the learner (seat {step.seat}) is not to move here (current player "
                        f"{state.current_player()}); add an 'auto' move first"
                    )
                good = set(find(state, move.expect))
                if len(state.legal_actions()) < 2:
                    raise LessonError(f"{at}: only one move is legal here; make it an 'auto' move")
                if good and good == set(state.legal_actions()):
                    raise LessonError(f"{at}: every legal move matches {move.expect.text()}; the learner has no choice")
                for pattern, _ in move.wrong:
                    if not [a for a in find(state, pattern) if a not in good]:
                        raise LessonError(f"{at}: the wrong move {pattern.text()} is not a legal alternative here")
            apply_pattern(state, move.expect, at)


@cache
def load_course(game: str) -> Course:
    """The lessons of `game`, read from its folder and played through once (LessonError when they cannot be
    played as written; GameError for an unknown game or one without lessons)."""
    spec = game_spec(game)
    text = spec.resource_text(LESSONS_FILE)
    if text is None:
        raise GameError(f"{game} has no lessons (no {LESSONS_FILE} in its folder)")
    course = parse_course(game, text, rule_texts(spec.rules_text()))
    check_course(course)
    return course


def games_with_lessons() -> list[str]:
    """The registered games that ship a lessons file."""
    return [g for g in game_names() if game_spec(g).resource_text(LESSONS_FILE) is not None]
