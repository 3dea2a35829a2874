"""What the new-match screen offers: games, variants, options and agents; and rule texts for the log."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..agents import AGENTS
from ..core import GameError, game_class, game_names, game_spec

RULE_LINE = re.compile(r"^\s*(?:[-*]\s+|#+\s+)?\**\[?([A-Z]{2,4}-[A-Za-z0-9][A-Za-z0-9.\-]*)\]?\**[.:)]?\**\s+(.*\S)")


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str, type(None))) else str(value)


def describe_game(name: str) -> dict[str, Any]:
    cls = game_class(name)
    variants = []
    for label, opts in cls.VARIANTS:
        game = cls(**opts)
        variants.append(
            {
                "label": label,
                "options": {k: _jsonable(v) for k, v in opts.items()},
                "num_players": game.num_players,
                "players": [game.player_name(p) for p in range(game.num_players)],
            }
        )
    return {
        "name": name,
        "title": cls.title or name,
        "variants": variants,
        "options": [
            {
                "name": o.name,
                "default": _jsonable(o.default),
                "doc": o.doc,
                "kind": o.kind.__name__,
                "choices": None if o.choices is None else [_jsonable(c) for c in o.choices],
                "minimum": o.minimum,
                "maximum": o.maximum,
            }
            for o in cls.OPTIONS
        ],
    }


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """Built once: the registered games do not change while the server runs."""
    games = []
    for name in game_names():
        try:
            games.append(describe_game(name))
        except ImportError:  # registered but its engine is not importable (yet)
            continue
    return {"games": games, "agents": list(AGENTS), "levels": levels()}


def levels() -> list[dict[str, Any]]:
    """The difficulty levels players choose from, weakest first: name, one-line description, seconds per move."""
    out = []
    for name in AGENTS:
        try:
            spec = AGENTS[name]
        except (ImportError, GameError):  # an entry-point agent whose package is not installed
            continue
        if spec.level:
            out.append({"name": name, "description": spec.description, "seconds_per_move": spec.seconds_per_move})
    return out


@lru_cache(maxsize=16)
def rule_texts(name: str) -> dict[str, str]:
    """Rule ID -> its text, read from the game's rules document (lines that start with a rule ID)."""
    text = game_spec(name).rules_text()
    out: dict[str, str] = {}
    if text is None:
        return out
    current = None
    for line in text.splitlines():
        m = RULE_LINE.match(line)
        if m:
            current = m.group(1).rstrip(".")
            out[current] = m.group(2).strip().strip("*").strip()
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out
