"""What the home page and the new-match form offer: games (pitch, variants, options, a preview position),
computer players with what each level means, variants checked against options; and rules documents and rule
texts for the log."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..agents import AGENTS, AgentSpec
from ..arena.ladder import level_ratings
from ..arena.ratings import game_key
from ..core import (
    GameError,
    Observation,
    Option,
    OptionWords,
    game_class,
    game_names,
    game_spec,
    load_game,
    sample_chance,
)
from ..core.rulesdoc import rule_texts as parse_rule_texts
from ..learn.lessons import LESSONS_FILE
from .errors import ClientError

# The computer player offered first on the home page: quick, and beatable by a new player.
DEFAULT_AGENT = "easy"
PREVIEW_STEPS = 40  # the home page's board drawing: the public view after this many seeded random steps


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str, type(None))) else str(value)


def preview(name: str) -> Observation | None:
    """The public view of a position a few seeded random steps into a match with default options: what the
    home page draws on the game's tile (the same board module that draws a live match)."""
    try:
        state = load_game(name).new_initial_state()
    except Exception:  # a game whose engine cannot start here simply gets no drawing
        return None
    rng = random.Random(1)
    for _ in range(PREVIEW_STEPS):
        if state.is_terminal():
            break
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    obs = state.observation(None)
    obs["events"] = []
    return obs


def describe_game(name: str) -> dict[str, Any]:
    cls = game_class(name)
    spec = game_spec(name)
    variants = []
    counts = [cls(**opts).num_players for _, opts in cls.VARIANTS]
    ladder: dict[str, dict[str, dict[str, int]]] = {}
    for label, opts in cls.VARIANTS:
        game = cls(**opts)
        key = game_key(name, game.num_players, counts)
        ladder[key] = {lv: {"rating": r.shown, "interval": r.interval} for lv, r in level_ratings(key).items()}
        variants.append(
            {
                "label": label,
                "words": spec.variant_words.get(label, label),
                "options": {k: _jsonable(v) for k, v in opts.items()},
                "num_players": game.num_players,
                "players": [game.player_name(p) for p in range(game.num_players)],
                "rating_key": key,
            }
        )
    return {
        "name": name,
        "title": cls.title or name,
        "pitch": spec.pitch,
        "has_rules": spec.rules_doc is not None,
        "has_lessons": spec.resource_text(LESSONS_FILE) is not None,
        "variants": variants,
        "options": [describe_option(o, spec.option_words.get(o.name)) for o in cls.OPTIONS],
        "preview": preview(name),
        "ladder": ladder,  # the computer levels' ratings per rating key (arena/ladder.py; docs/server.md, Ratings)
    }


def describe_option(o: Option, words: OptionWords | None) -> dict[str, Any]:
    """One rule option for the new-match form: its name and value range, and the game's own words for it (label,
    one-line explanation, words for each value); an option the game gives no words gets its name and doc."""
    return {
        "name": o.name,
        "label": words.label if words else o.name.replace("_", " ").capitalize(),
        "explain": words.explain if words else o.doc,
        "default": _jsonable(o.default),
        "doc": o.doc,
        "kind": o.kind.__name__,
        "choices": None if o.choices is None else [_jsonable(c) for c in o.choices],
        "choice_labels": None
        if o.choices is None
        else [words.values.get(c, str(c)) if words else str(c) for c in o.choices],
        "minimum": o.minimum,
        "maximum": o.maximum,
    }


def playable_agents() -> dict[str, AgentSpec]:
    """The agents that can play on this server, by name: registered, importable, and with every module they need
    installed (os_mcts needs numpy and OpenSpiel, which the `web` install lacks)."""
    out = {}
    for name in AGENTS:
        try:
            spec = AGENTS[name]
        except (ImportError, GameError):  # an entry-point agent whose package is not installed
            continue
        if spec.unavailable_reason() is None:
            out[name] = spec
    return out


def unplayable_reason(name: str) -> str | None:
    """Why agent `name` cannot play a seat here (unknown, or its dependencies are missing); None if it can."""
    if name in playable_agents():
        return None
    offered = ", ".join(playable_agents())
    try:
        reason = AGENTS[name].unavailable_reason() if name in AGENTS else None
    except (ImportError, GameError) as e:
        reason = f"agent {name!r} cannot be loaded here ({e})"
    return f"{reason or f'unknown agent {name!r}'}; agents on this server: {offered}"


def describe_agents() -> list[dict[str, Any]]:
    """Every agent that can play here with what it does, how strong it is and how long it thinks
    (AgentSpec.describe); agents whose optional packages are missing are left out."""
    return [spec.describe() for spec in playable_agents().values()]


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """Built once: the registered games and agents do not change while the server runs."""
    games = []
    for name in game_names():
        try:
            games.append(describe_game(name))
        except ImportError:  # registered but its engine is not importable (yet)
            continue
    details = describe_agents()
    names = [a["name"] for a in details]
    return {
        "games": games,
        "agents": names,
        "agent_details": details,
        "levels": levels(),
        "default_agent": DEFAULT_AGENT if DEFAULT_AGENT in names else (names[0] if names else None),
    }


def variant_options(game: str, variant: Any, options: Any) -> dict[str, Any]:
    """The options of a new match that names a variant: the variant's options with the ones given added. An
    option given with another value than the variant fixes is refused (bad_options), naming both: a "4
    players" variant asked for with players=2 must not quietly become a 2-player match."""
    if not isinstance(options, dict):
        raise ClientError("bad_options", "'options' must be an object of option name to value")
    if variant is None:
        return options
    try:
        variants = game_class(game).VARIANTS
    except Exception:
        return options  # an unknown game is refused, with the valid names, when the match is made
    labels = [label for label, _ in variants]
    if not isinstance(variant, str) or variant not in labels:
        raise ClientError("bad_options", f"unknown variant {variant!r} of {game}; variants: {', '.join(labels)}")
    fixed = dict(variants[labels.index(variant)][1])
    clash = [k for k, v in fixed.items() if k in options and options[k] != v]
    if clash:
        said = ", ".join(f"{k}={options[k]!r}" for k in clash)
        wants = ", ".join(f"{k}={fixed[k]!r}" for k in clash)
        raise ClientError(
            "bad_options",
            f"the {variant!r} variant of {game} has {wants}, but the options say {said}: "
            "choose the variant that has these options, or leave them as the variant sets them",
        )
    return {**fixed, **options}


@lru_cache(maxsize=16)
def rules_document(name: str) -> str | None:
    """The game's numbered rules document (markdown), as shipped in its folder."""
    return game_spec(name).rules_text()


def levels() -> list[dict[str, Any]]:
    """The difficulty levels players choose from, weakest first: name, one-line description, seconds per move."""
    return [
        {"name": name, "description": spec.description, "seconds_per_move": spec.seconds_per_move}
        for name, spec in playable_agents().items()
        if spec.level
    ]


@lru_cache(maxsize=16)
def rule_texts(name: str) -> dict[str, str]:
    """Rule ID -> its text as plain text, read from the game's rules document (core/rulesdoc.py)."""
    return parse_rule_texts(rules_document(name))
