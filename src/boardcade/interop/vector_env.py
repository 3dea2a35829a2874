"""Gymnasium `VectorEnv` over `BatchedMatches`: many matches stepped at once in one process.

    import gymnasium as gym
    import boardcade.interop.gymnasium_env                  # registers the boardcade/... ids
    envs = gym.make_vec("boardcade/qbert-v0", num_envs=64, opponents="greedy")
    obs, info = envs.reset(seed=1)                          # obs (64, size); info["action_mask"] (64, actions)
    obs, rewards, terminated, truncated, info = envs.step(actions)
    envs.action_masks()                                     # (64, actions) bool, for masked policies

Same arguments as `BoardcadeEnv` (seat, opponents, max_episode_steps, illegal_action, illegal_reward, rule
options), plus `num_envs`, `autoreset_mode` (Gymnasium's `AutoresetMode`, NEXT_STEP by default; SAME_STEP puts
the last observation of a finished episode in `info["final_obs"]`, with `info["_final_obs"]` marking the rows)
`copy` (False returns the internal buffers, which the next step overwrites) and `quiet` (default: True unless
`render_mode="ansi"`: the matches record no events; see `BatchedMatches`). `seat="rotate"` makes
environment i play seat i % players. See `boardcade.interop.batched` for the stepping rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..core.errors import GameError
from ..core.game import Game
from .batched import BatchedMatches
from .common import RENDER_FPS, RENDER_MODES, check_render_mode

_MODES = {AutoresetMode.NEXT_STEP: "next_step", AutoresetMode.SAME_STEP: "same_step", AutoresetMode.DISABLED: None}


class BoardcadeVectorEnv(VectorEnv):
    """`num_envs` matches of one boardcade game, one learner seat each, stepped in one call."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        game_name: str,
        num_envs: int = 8,
        seat: int | str | Sequence[int | str] = 0,
        opponents: str | Sequence[str] | Mapping[int, str] = "random",
        max_episode_steps: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "penalize",
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
        copy: bool = True,
        quiet: bool | None = None,
        **options: Any,
    ):
        try:
            autoreset_mode = AutoresetMode(autoreset_mode)
        except ValueError:
            allowed = ", ".join(m.value for m in AutoresetMode)
            raise GameError(f"autoreset_mode {autoreset_mode!r} is not allowed; allowed: {allowed}") from None
        check_render_mode(render_mode)
        self.batch = BatchedMatches(
            game_name,
            num_envs,
            seat=seat,
            opponents=opponents,
            max_episode_steps=max_episode_steps,
            autoreset=_MODES[autoreset_mode],
            illegal_action=illegal_action,
            illegal_reward=illegal_reward,
            quiet=render_mode != "ansi" if quiet is None else quiet,
            **options,
        )
        self.metadata = {**self.metadata, "autoreset_mode": autoreset_mode}
        self.num_envs = num_envs
        self.render_mode = render_mode
        self.copy = copy
        enc = self.batch.encoder
        self.single_observation_space = spaces.Box(low=enc.low, high=enc.high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._final = autoreset_mode == AutoresetMode.SAME_STEP

    @property
    def game(self) -> Game:
        return self.batch.game

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if isinstance(seed, list):
            raise GameError("reset(seed=...) takes one integer for all environments (each gets its own stream)")
        if seed is not None:
            self._np_random, self._np_random_seed = np.random.default_rng(seed), seed
        obs, mask = self.batch.reset(seed)
        return self._out(obs), {"action_mask": self._out(mask)}

    def step(
        self, actions: Sequence[int] | np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        obs, rewards, terminated, truncated, mask = self.batch.step(np.asarray(actions))
        info: dict[str, Any] = {"action_mask": self._out(mask)}
        if self._final and (terminated.any() or truncated.any()):
            done = terminated | truncated
            info["final_obs"] = self.batch.final_obs.copy()
            info["_final_obs"] = done.copy()
        return self._out(obs), rewards.copy(), terminated.copy(), truncated.copy(), info

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def action_masks(self) -> np.ndarray:
        """Legal actions of every environment now, (num_envs, actions) bool (all False where a match is over)."""
        return self.batch.mask.copy()

    def render(self) -> tuple[str | np.ndarray, ...] | None:
        """One frame per match (text, or an RGB picture with "rgb_array"), as each learner seat sees it."""
        if self.render_mode is None or self.batch.states[0] is None:
            return None
        return tuple(self.batch.render(i, self.render_mode) for i in range(self.num_envs))

    def close_extras(self, **kwargs: Any) -> None:
        pass
