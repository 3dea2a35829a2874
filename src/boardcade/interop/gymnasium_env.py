"""Gymnasium adapter: one boardcade game as a single-agent environment, and the registered ids.

    import gymnasium as gym
    import boardcade.interop.gymnasium_env                          # registers boardcade/<game>-v0
    env = gym.make("boardcade/qbert-v0", seat=0, opponents="greedy", render_mode="ansi")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
    envs = gym.make_vec("boardcade/qbert-v0", num_envs=64)          # the batched BoardcadeVectorEnv

Ids: boardcade/qbert-v0, boardcade/mb_centipede-v0, boardcade/atari_centipede-v0 (2 players) and
boardcade/atari_centipede_4p-v0 (4 players, two teams), plus boardcade/<name>-v0 for every other registered
game. Without the import, `gym.make("boardcade.interop.gymnasium_env:boardcade/qbert-v0")` imports it.

You play `seat` (a player index or an agent name from the PettingZoo adapter); every other seat is played
by a boardcade agent (`opponents`: one agent name for all, a list with one entry per other seat, or a dict
seat -> name). Chance nodes and the other seats are played out until it is your turn again. Observations are
the float32 tensor of `boardcade.interop.tensors` for your seat; `info["action_mask"]` (int8) and
`action_masks()` (bool, as sb3-contrib's MaskablePPO asks for) mark the legal actions. The reward is your
return when the game ends (+1 win, -1 loss, 0 draw), else 0. Episodes are truncated after
`max_episode_steps` of your steps (default: the game's `max_game_length`, which no legal match exceeds).

An illegal action leaves the game unchanged. With `illegal_action="penalize"` (the default, so that generic
checkers that sample from the whole action space work) it gives `illegal_reward` and the reason under
`info["illegal_action"]`; with `illegal_action="raise"` it raises `IllegalActionError`.
`render_mode="ansi"` draws the board as text with the game's terminal renderer, as your seat sees it;
`render_mode="rgb_array"` as a small RGB picture (the game's raster part).

`quiet` (default: True unless `render_mode="ansi"`): the match is played in the contract's quiet mode
(`State.set_quiet`): no events are recorded, which nobody reads through this env (observations are tensors),
and the engine skips re-checking actions already checked against the mask; `quiet=False` keeps them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.errors import GameError, IllegalActionError
from ..core.game import State
from .batched import BatchedMatches
from .common import RENDER_FPS, RENDER_MODES, check_render_mode
from .gym_ids import IDS, NAMESPACE, register_envs  # noqa: F401  (re-exported)

ILLEGAL_CHOICES = ("penalize", "raise")


class BoardcadeEnv(gym.Env):
    """Single-agent Gymnasium environment for one seat of a boardcade game (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(
        self,
        game_name: str,
        seat: int | str = 0,
        opponents: str | Sequence[str] | Mapping[int, str] = "random",
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -0.1,
        max_episode_steps: int | None = None,
        quiet: bool | None = None,
        **options: Any,
    ):
        check_render_mode(render_mode)
        if illegal_action not in ILLEGAL_CHOICES:
            raise GameError(f"illegal_action {illegal_action!r} is not allowed; allowed: {', '.join(ILLEGAL_CHOICES)}")
        if not isinstance(seat, (int, str, np.integer)) or seat == "rotate":
            raise GameError(f"seat {seat!r} is not allowed here; give one player index or agent name")
        self.batch = BatchedMatches(
            game_name,
            1,
            seat=seat,
            opponents=opponents,
            max_episode_steps=max_episode_steps,
            autoreset=None,
            illegal_action="penalize",
            illegal_reward=illegal_reward,
            quiet=render_mode != "ansi" if quiet is None else quiet,
            **options,
        )
        self.game = self.batch.game
        self.seat = self.batch.seats[0]
        self.others = [p for p in range(self.game.num_players) if p != self.seat]
        self.opponent_names = self.batch.opponents[0]
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_episode_steps = self.batch.max_episode_steps
        self.encoder = self.batch.encoder
        self.observation_space = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._num_actions = self.game.num_distinct_actions
        self._role: str | None = None  # the seat's role in the current match, once known
        self._seeded = False

    @property
    def state(self) -> State | None:
        """The match being played (a boardcade `State`), None before the first reset."""
        return self.batch.states[0]

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None, "a match is under way (reset() came first)"
        role = self._role
        if role is None or role == "undecided":  # a role is fixed for the match once chance has decided it
            role = self._role = state.roles()[self.seat]
        info: dict[str, Any] = {"action_mask": self.batch.mask[0].view(np.int8).copy(), "role": role}
        if state.is_terminal():
            info["safety_cap_hit"] = state.safety_cap_hit()
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        # The match's own generator and the agents are seeded from this environment's np_random when a seed is
        # given (or on the first reset); later resets go on with the same generators, as Gymnasium's do.
        if seed is not None or not self._seeded:
            self.batch.seed(int(self.np_random.integers(0, 2**63 - 1)))
            self._seeded = True
        self.batch.reset_matches([0])
        self._role = None
        return self.batch.obs[0].copy(), self._info()

    def step(self, action: int | np.integer) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        batch = self.batch
        if batch.states[0] is None:
            raise GameError("call reset() before step()")
        if batch.is_over(0):
            raise GameError("the episode is over; call reset() to start a new one")
        action = int(action)
        reason = None
        if not (0 <= action < self._num_actions and batch.mask[0, action]):
            reason = batch.illegal_reason(0, action)
            if self.illegal_action == "raise":
                raise IllegalActionError(reason or f"action {action} is not legal now")
        reward, terminated, truncated = batch.step_one(0, action)
        info = self._info()
        if reason is not None:
            info["illegal_action"] = reason
        return batch.obs[0].copy(), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """Legal actions now, as a bool vector (sb3-contrib's MaskablePPO reads this method)."""
        mask: np.ndarray = self.batch.mask[0].copy()
        return mask

    def render(self) -> str | np.ndarray | None:
        """The board as your seat sees it: text ("ansi") or an RGB picture ("rgb_array"); None without a mode."""
        if self.render_mode is None or self.state is None:
            return None
        return self.batch.render(0, self.render_mode)


register_envs()
