"""Gymnasium adapter: one boardcade game as a single-agent environment.

    from boardcade.interop.gymnasium_env import BoardcadeEnv
    env = BoardcadeEnv("qbert", seat=0, opponents="greedy")   # rule options as keyword arguments
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))

You play `seat` (a player index or an agent name from the PettingZoo adapter); every other seat is played
by a boardcade agent (`opponents`: one agent name for all, a list with one entry per other seat, or a dict
seat -> name). Chance nodes and the other seats are played out until it is your turn again. Observations are
the float32 tensor of `boardcade.interop.tensors` for your seat; `info["action_mask"]` marks the legal
actions. The reward is your return when the game ends (+1 win, -1 loss, 0 draw), else 0.

An illegal action leaves the game unchanged. With `illegal_action="penalize"` (the default, so that generic
checkers that sample from the whole action space work) it gives `illegal_reward` and the reason under
`info["illegal_action"]`; with `illegal_action="raise"` it raises `IllegalActionError`.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..core.errors import GameError, IllegalActionError
from ..core.registry import load_game
from .pettingzoo_env import action_mask, agent_names, resolve_chance
from .tensors import encoder_for

ILLEGAL_CHOICES = ("penalize", "raise")


class BoardcadeEnv(gym.Env):
    """Single-agent Gymnasium environment for one seat of a boardcade game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game_name: str,
        seat: int | str = 0,
        opponents: str | list[str] | dict[int, str] = "random",
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -0.1,
        **options: Any,
    ):
        self.game = load_game(game_name, **options)
        n = self.game.num_players
        names = agent_names(self.game)
        if isinstance(seat, str):
            if seat not in names:
                raise GameError(f"unknown seat {seat!r}; allowed: {', '.join(names)} or 0..{n - 1}")
            seat = names.index(seat)
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise GameError(f"seat {seat!r} is not allowed; allowed: {', '.join(names)} or 0..{n - 1}")
        if render_mode not in (None, "ansi"):
            raise GameError(f"render_mode {render_mode!r} is not supported; allowed: None, 'ansi'")
        if illegal_action not in ILLEGAL_CHOICES:
            raise GameError(f"illegal_action {illegal_action!r} is not allowed; allowed: {', '.join(ILLEGAL_CHOICES)}")
        self.seat = seat
        self.others = [p for p in range(n) if p != seat]
        self.opponent_names = self._opponents(opponents)
        for p in self.others:
            make_agent(self.opponent_names[p])  # fail early on an unknown agent name
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.encoder = encoder_for(self.game)
        self.observation_space = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state = None
        self.agents: dict[int, Any] = {}

    def _opponents(self, opponents) -> dict[int, str]:
        if isinstance(opponents, str):
            return {p: opponents for p in self.others}
        if isinstance(opponents, dict):
            missing = [p for p in self.others if p not in opponents]
            if missing:
                raise GameError(f"opponents: no agent given for seat(s) {missing}; give one for each of {self.others}")
            return {p: opponents[p] for p in self.others}
        opponents = list(opponents)
        if len(opponents) != len(self.others):
            raise GameError(
                f"opponents: {len(opponents)} agent name(s) given; allowed: one name, or one per other seat "
                f"({len(self.others)}: seats {self.others})"
            )
        return dict(zip(self.others, opponents, strict=True))

    def _obs(self) -> np.ndarray:
        return self.encoder.encode(self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": action_mask(self.state, self.seat, self.game.num_distinct_actions),
            "role": self.state.roles()[self.seat],
        }

    def _play_others(self) -> None:
        """Resolve chance and the other seats until it is our turn or the game is over."""
        state = self.state
        while True:
            resolve_chance(state, self.np_random)
            cur = state.current_player()
            if cur < 0 or cur == self.seat:
                return
            state.apply_action(self.agents[cur].step(state))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        seeds = self.np_random.integers(0, 2**31 - 1, size=len(self.others))
        self.agents = {p: make_agent(self.opponent_names[p], int(s)) for p, s in zip(self.others, seeds, strict=True)}
        for agent in self.agents.values():
            agent.reset()
        self.state = self.game.new_initial_state()
        self._play_others()
        return self._obs(), self._info()

    def step(self, action):
        if self.state is None:
            raise GameError("call reset() before step()")
        if self.state.is_terminal():
            raise GameError("the game is over; call reset() to start a new one")
        try:
            self.state.apply_action(int(action))
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal_action"] = str(exc)
            return self._obs(), self.illegal_reward, False, False, info
        self._play_others()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        info = self._info()
        if terminated:
            info["safety_cap_hit"] = self.state.safety_cap_hit()
        return self._obs(), reward, terminated, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return str(self.state)
