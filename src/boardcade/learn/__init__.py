"""Learn to play: each game's lessons (`games/<game>/lessons.json`, checked when loaded) and the small runner the
web app and the terminal share. Speaks only the game contract and the public scenario API."""

from .lessons import Course, LessonError, Move, Pattern, Step, games_with_lessons, load_course
from .runner import Outcome, StepRun

__all__ = [
    "Course",
    "LessonError",
    "Move",
    "Outcome",
    "Pattern",
    "Step",
    "StepRun",
    "games_with_lessons",
    "load_course",
]
