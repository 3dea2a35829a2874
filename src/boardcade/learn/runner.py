"""Playing one lesson step: the position, the question, the learner's move checked against the lesson's, and a
wrong move explained (why it is not the lesson's move, and what it would have done) instead of just refused.

Both front ends use this: the web app through the server's stateless endpoint (it sends the moves made so far,
`StepRun.resume`), the terminal directly. Only the game contract is used: observations for the learner's seat,
`action_info`, events, and a clone to try a wrong move on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import EventView, IllegalActionError, State
from .lessons import Course, LessonError, Move, Step, apply_pattern, build_position, find, rule_json, where_of


@dataclass
class Outcome:
    """What became of a move: `ok` (it was the lesson's move, now made) or not, with the explanation."""

    ok: bool
    action: int
    label: str
    events: list[EventView] = field(default_factory=list)  # what the move did (ok) or would have done
    why: str = ""  # wrong move: why it is not the lesson's move
    then: str = ""  # wrong move: where it would have left the match (the next question, or the result)
    expected: list[str] = field(default_factory=list)  # wrong move: the moves the lesson asks for
    done: bool = False  # the step is complete

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "action": self.action,
            "label": self.label,
            "events": self.events,
            "why": self.why,
            "then": self.then,
            "expected": self.expected,
            "done": self.done,
        }

    def explanation(self) -> str:
        """The wrong move's explanation as one paragraph (terminal, tests)."""
        if self.ok:
            return ""
        did = "; ".join(f"{e['text']} ({e['rule']})" for e in self.events) or "nothing visible yet"
        text = f"Not this lesson's move: {self.why} Your choice ({self.label}) would have done: {did}."
        return text + (f" Then: {self.then}" if self.then else "")


class StepRun:
    """One step of a course in play. `restart()` to retry; the course's next step to skip."""

    def __init__(self, course: Course, index: int):
        if not 0 <= index < len(course.steps):
            raise LessonError(f"{course.game} has lesson steps 0..{len(course.steps) - 1}, not {index}")
        self.course = course
        self.index = index
        self.step: Step = course.steps[index]
        self.restart()

    @classmethod
    def resume(cls, course: Course, index: int, made: list[int]) -> StepRun:
        """The step after the learner's moves `made` (each must have been the lesson's move)."""
        run = cls(course, index)
        for k, action in enumerate(made):
            if run.complete:
                raise LessonError(f"{where_of(course, index)} is complete after {k} move(s); {len(made)} were sent")
            outcome = run.play(action)
            if not outcome.ok:
                raise LessonError(f"{where_of(course, index)}: move {k + 1} ({outcome.label}) is not the lesson's move")
        return run

    def restart(self) -> None:
        # Events before `events_from` are the scenario's own building (a roll-off, a deal), not the lesson's.
        self.state, self.events_from = build_position(self.course, self.index)
        self.cursor = 0
        self.made: list[int] = []
        self.narration: list[str] = []
        self._auto()

    # ---- where we are ------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.step.seat

    @property
    def complete(self) -> bool:
        return self.cursor >= len(self.step.moves)

    @property
    def move(self) -> Move | None:
        return None if self.complete else self.step.moves[self.cursor]

    def expected_actions(self) -> list[int]:
        move = self.move
        return [] if move is None else find(self.state, move.expect)

    def _auto(self) -> None:
        """Make the moves the lesson makes for the learner, up to the learner's next move."""
        while not self.complete and self.step.moves[self.cursor].auto:
            move = self.step.moves[self.cursor]
            apply_pattern(self.state, move.expect, f"{where_of(self.course, self.index)} move {self.cursor + 1}")
            if move.say:
                self.narration.append(move.say)
            self.cursor += 1

    def _events(self, state: State, since: int) -> list[EventView]:
        return [e.to_json() for e in state.events_since(since, self.seat)]

    def view(self) -> dict[str, Any]:
        """What a front end shows: the step, the learner's observation, the question and what counts as the move."""
        step = self.step
        obs = self.state.observation(self.seat)
        return {
            "game": self.course.game,
            "index": self.index,
            "count": len(self.course.steps),
            "id": step.id,
            "title": step.title,
            "text": step.text,
            "rules": [rule_json(r, t) for r, t in step.rules],
            "seat": self.seat,
            "player": self.state.game.player_name(self.seat),
            "ask": self.move.ask if self.move else "",
            "asks": step.asks,
            "made": list(self.made),
            "expected": self.expected_actions(),
            "complete": self.complete,
            "done": step.done if self.complete else "",
            "narration": list(self.narration),
            "lesson_events": self._events(self.state, self.events_from),
            "observation": obs,
        }

    # ---- the learner's move -----------------------------------------------------------------------
    def play(self, action: int) -> Outcome:
        """Check `action` against the lesson: the lesson's move is made; any other legal move is explained and
        not made (the position stays as it was); an illegal one is refused with the engine's reason."""
        move = self.move
        if move is None:
            raise LessonError(f"{where_of(self.course, self.index)} is complete; go on to the next step")
        state = self.state
        legal = state.legal_actions()
        if action not in legal:
            try:
                state.clone().apply_action(action)
            except IllegalActionError as e:
                why = str(e)
            else:  # (cannot happen: an action not in legal_actions is refused)
                why = "it is not legal here"
            return Outcome(False, action, f"action {action}", why=why, expected=self._labels())
        info = state.action_info(action)
        since = state.event_count()
        if move.expect.matches(info):
            state.apply_action(action)
            self.made.append(action)
            self.cursor += 1
            events = self._events(state, since)
            self._auto()
            return Outcome(
                True,
                action,
                info["label"],
                events=events + self._events(state, since)[len(events) :],
                done=self.complete,
            )
        return self._explain(action, info, move)

    def _labels(self) -> list[str]:
        return [self.state.action_info(a)["label"] for a in self.expected_actions()]

    def _explain(self, action: int, info: dict[str, Any], move: Move) -> Outcome:
        why = next((text for pattern, text in move.wrong if pattern.matches(info)), "")
        if not why:
            why = move.why
        trial = self.state.clone()
        since = trial.event_count()
        trial.apply_action(action)
        events = self._events(trial, since)
        obs = trial.observation(self.seat)
        return Outcome(
            False, action, info["label"], events=events, why=why, then=obs["prompt"], expected=self._labels()
        )
