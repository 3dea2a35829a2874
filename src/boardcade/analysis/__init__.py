"""Post-game analysis: every decision of a match evaluated by the strongest computer player from the deciding
seat's own information, in worker processes, and graded by the drop in estimated win chance (docs/learning.md)."""

from .run import FORMAT, GRADES, analyse, decisions, for_view, grade, record_key, strongest_agent, win_chance

__all__ = [
    "FORMAT",
    "GRADES",
    "analyse",
    "decisions",
    "for_view",
    "grade",
    "record_key",
    "strongest_agent",
    "win_chance",
]
