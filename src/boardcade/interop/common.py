"""Pieces the research adapters share: agent names, action masks, chance, opponents, and rendering (text, pictures).

Needs numpy only (no Gymnasium, PettingZoo or OpenSpiel), so each adapter needs just its own library.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from ..core.domain import Seat, Viewer
from ..core.errors import GameError
from ..core.game import Game, Observation, State
from ..core.registry import game_spec


def agent_names(game: Game) -> list[str]:
    """Stable agent names for a loaded game: its seat roles if distinct and fixed, else its player names."""

    def clean(text: str) -> str:
        return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "player"

    roles = [clean(r) for r in game.new_initial_state().roles()]
    if len(set(roles)) == len(roles) and "undecided" not in roles:
        return roles
    names = [clean(game.player_name(p)) for p in range(game.num_players)]
    if len(set(names)) == len(names):
        return names
    return [f"player_{p + 1}" for p in range(game.num_players)]


def seat_index(game: Game, seat: object) -> Seat:
    """A seat given as a player index or an agent name (see `agent_names`), checked (anything else is refused)."""
    n = game.num_players
    names = agent_names(game)
    if isinstance(seat, str):
        if seat not in names:
            raise GameError(f"unknown seat {seat!r}; allowed: {', '.join(names)} or 0..{n - 1}")
        return names.index(seat)
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise GameError(f"seat {seat!r} is not allowed; allowed: {', '.join(names)} or 0..{n - 1}")
    return int(seat)


def opponent_names(
    opponents: str | Sequence[str] | Mapping[int, str], others: list[int], *, fixed_seat: bool = True
) -> dict[int, str]:
    """Agent name per other seat from one name, a list (one per other seat) or a dict seat -> name."""
    if isinstance(opponents, str):
        return dict.fromkeys(others, opponents)
    if not fixed_seat:
        raise GameError("opponents: with a seat that changes from match to match, give one agent name for all")
    if isinstance(opponents, Mapping):
        missing = [p for p in others if p not in opponents]
        if missing:
            raise GameError(f"opponents: no agent given for seat(s) {missing}; give one for each of {others}")
        return {p: opponents[p] for p in others}
    opponents = list(opponents)
    if len(opponents) != len(others):
        raise GameError(
            f"opponents: {len(opponents)} agent name(s) given; allowed: one name, or one per other seat "
            f"({len(others)}: seats {others})"
        )
    return dict(zip(others, opponents, strict=True))


def action_mask(state: State, player: Seat, size: int) -> np.ndarray:
    mask = np.zeros(size, np.int8)
    mask[state.legal_actions(player)] = 1
    return mask


def render_text(state: State, player: Viewer, width: int = 100) -> str:
    """The board as plain text: the game's terminal renderer (GameSpec.renderer, a Rich renderable) of
    `observation(player)` (None: spectator), with a status line. A game without a renderer gets its JSON view."""
    obs = state.observation(player)
    renderer = game_spec(state.game.name).part("renderer")
    cur = state.current_player()
    game = state.game
    if state.is_terminal():
        scores = ", ".join(f"{game.player_name(p)} {r:+g}" for p, r in enumerate(state.returns()))
        status = f"game over: returns {scores}"
    elif state.is_chance_node():
        status = "chance to play"
    else:
        status = f"{game.player_name(cur)} to play"
    head = f"{game.title or game.name} | move {obs['move_number']} | {status}\n"
    if renderer is None:
        import json

        return head + json.dumps(obs, indent=1) + "\n"
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, record=True, color_system=None, force_terminal=False)
    console.print(renderer(obs))
    return head + console.export_text()


RENDER_MODES = ("ansi", "rgb_array")
RENDER_FPS = 2  # frames per second a recorded video plays at (Gymnasium's metadata["render_fps"]): a board game's pace


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise GameError(f"render_mode {render_mode!r} is not supported; allowed: None, 'ansi', 'rgb_array'")


def render(state: State, player: Viewer, render_mode: str) -> str | np.ndarray:
    """The frame of `render_mode` for `player`'s view (None: spectator): text ("ansi") or a picture ("rgb_array")."""
    return render_text(state, player) if render_mode == "ansi" else render_rgb(state, player)


def render_rgb(state: State, player: Viewer) -> np.ndarray:
    """The board as an RGB picture, (height, width, 3) uint8, drawn by the game's raster part (GameSpec.raster)
    from `observation(player)` (None: spectator), so it shows only what that viewer may see. A game without a
    raster part gets its observation tensor drawn as grey squares (one per value, 8 pixels, rows of 32)."""
    raster: Callable[[Observation], np.ndarray] | None = game_spec(state.game.name).part("raster")
    if raster is not None:
        return raster(state.observation(player))
    from .tensors import encoder_for

    values = encoder_for(state.game).encode(state.observation(player))
    cols = 32
    rows = -(-len(values) // cols)
    grid = np.zeros(rows * cols, np.float32)
    grid[: len(values)] = np.clip(values, 0.0, 1.0)
    cells = (grid.reshape(rows, cols) * 255).astype(np.uint8)
    picture = np.kron(cells, np.ones((8, 8), np.uint8))
    return np.repeat(picture[:, :, None], 3, axis=2)
