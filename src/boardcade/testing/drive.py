"""Build positions from readable descriptions and drive them by what actions mean, not by their numbers.

    state = scenario("qbert", qbert=(3, 1), roll=4, coily=(4, 1))
    act(state, "stop")                          # Q*bert ends his move
    act(state, "character_die", character="Coily")   # chance outcomes are driven the same way
    act(state, "step", dir="up-right")

`act` finds the one legal action (or chance outcome) whose `action_info` has that kind and those arguments
(arguments may also match context keys such as "target"); an action that is not legal fails with the list of
what is legal, so a test reads like the rulebook and never touches private state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.domain import ActionId
from ..core.errors import GameError
from ..core.game import Game, State
from ..core.registry import game_spec, load_game


def _norm(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_norm(v) for v in value]
    if isinstance(value, list):
        return [_norm(v) for v in value]
    return value


def scenario(game: str | Game, /, **description: Any) -> State:
    """A position of `game` (a name or a loaded Game) built from a readable description.

    What a description may say is documented by each game's scenario module (`GameSpec.scenario`), for example
    `boardcade.games.qbert.scenario`. Options for a game given by name go in `options={...}`.
    """
    if isinstance(game, str):
        options = description.pop("options", None) or {}
        game = load_game(game, **options)
    build: Callable[..., State] | None = game_spec(game.name).part("scenario")
    if build is None:
        raise GameError(f"{game.name} has no scenario builder (GameSpec.scenario)")
    return build(game, **description)


def choices(state: State) -> list[dict[str, Any]]:
    """`action_info` of every legal action (or chance outcome) now."""
    return [state.action_info(a) for a in state.legal_actions()]


def matches(info: dict[str, Any], kind: str, args: dict[str, Any]) -> bool:
    """Whether an `action_info` dict has this kind and these arguments (or context keys such as "target")."""
    if info.get("kind") != kind:
        return False
    known = {**{k: v for k, v in info.items() if k not in ("action", "kind", "args", "label")}, **info["args"]}
    return all(k in known and _norm(known[k]) == _norm(v) for k, v in args.items())


def find_action(state: State, kind: str, /, **args: Any) -> ActionId:
    """The legal action (or chance outcome) of `kind` with these arguments; AssertionError listing the legal ones."""
    found = [info for info in choices(state) if matches(info, kind, args)]
    if len(found) == 1:
        action: ActionId = found[0]["action"]
        return action
    wanted = kind + "".join(f" {k}={v!r}" for k, v in args.items())
    legal = (
        "; ".join(f"{i['kind']} {i['args']} ({i['label']})" for i in choices(state)) or "nothing (the match is over)"
    )
    if not found:
        raise AssertionError(f"no legal action matches {wanted}. Legal now: {legal}")
    raise AssertionError(f"{len(found)} legal actions match {wanted}; say more. Legal now: {legal}")


def act(state: State, kind: str, /, **args: Any) -> State:
    """Apply the legal action (or chance outcome) of `kind` with these arguments. Returns the state."""
    state.apply_action(find_action(state, kind, **args))
    return state


def can(state: State, kind: str, /, **args: Any) -> bool:
    """Whether a legal action (or chance outcome) of `kind` with these arguments exists now."""
    return any(matches(info, kind, args) for info in choices(state))


def rules_fired(state: State, since: int = 0) -> list[str]:
    """The rule IDs of the events from event number `since` on (all events, hidden ones included)."""
    return [e.rule for e in state.events()[since:]]


def event_texts(state: State, player: int | None | str = "all") -> list[str]:
    """The texts of the events `player` may see ("all": every event; None: a spectator)."""
    events = state.events() if player == "all" else state.events(player)  # type: ignore[arg-type]
    return [e.text for e in events]
