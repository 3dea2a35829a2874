"""The lessons over HTTP ("Learn to play", issue 29), stateless: the browser keeps the moves it made in a step and
sends them with each request; the server rebuilds the step's position from the game's lessons file
(boardcade.learn), checks the new move and answers the learner's view with the outcome. Nothing is stored.

    GET  /api/learn/{game}         the course: title, intro, steps with their rule clauses
    POST /api/learn/{game}/{step}  {"made": [actions so far], "try": action or null} -> {"view", "outcome"}
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..core import GameError, game_names
from ..learn import Course, LessonError, StepRun, load_course
from .errors import ClientError
from .requests import read_object

MAX_MADE = 40  # moves one step may hold (the longest lesson step asks for a handful)

router = APIRouter(prefix="/api/learn")


def _course(game: str) -> Course:
    if game not in game_names():
        raise ClientError("not_found", f"no game named {game[:40]!r}")
    try:
        return load_course(game)
    except GameError as e:
        raise ClientError("not_found", str(e)) from None


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClientError("bad_message", f"{what} must be an integer action, got {str(value)[:40]!r}")
    return value


@router.get("/{game}")
def course(game: str) -> dict[str, Any]:
    return _course(game).summary()


@router.post("/{game}/{step}")
async def step(request: Request, game: str, step: int) -> dict[str, Any]:
    course = _course(game)
    if not 0 <= step < len(course.steps):
        raise ClientError("not_found", f"{game} has lesson steps 0..{len(course.steps) - 1}, not {step}")
    body = await read_object(request)
    made = body.get("made", [])
    if not isinstance(made, list) or len(made) > MAX_MADE:
        raise ClientError("bad_message", f"'made' must be a list of at most {MAX_MADE} actions")
    made = [_int(a, "each of 'made'") for a in made]
    attempt = body.get("try")
    try:
        run = StepRun.resume(course, step, made)
        outcome = None
        if attempt is not None:
            if run.complete:
                raise ClientError("bad_message", "this step is complete; go on to the next one")
            outcome = run.play(_int(attempt, "'try'")).to_json()
    except LessonError as e:
        raise ClientError("bad_message", str(e)) from None
    return {"view": run.view(), "outcome": outcome}
