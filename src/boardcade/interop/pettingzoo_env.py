"""PettingZoo adapter: an AEC environment for any boardcade game.

    from boardcade.interop.pettingzoo_env import env
    e = env("qbert", render_mode="ansi")      # rule options as keyword arguments: env("qbert", tiebreak=True)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are named by seat role when the game's seats have distinct fixed roles at the start (for example
`gnome` and `centipede`), else by player name (`player_1`, ...); `info["role"]` gives the role in the current
match (it can be decided by chance, as Q*bert's roll-off). Chance nodes are resolved by the environment with
its seeded generator. Each observation is `{"observation": float32 tensor, "action_mask": int8 mask}`, the
tensor from `boardcade.interop.tensors` (only what that agent may know). Rewards come at the end: the game's
returns (+1 win, -1 loss, 0 draw). `render_mode="ansi"` draws the board as text (the spectator's view, with
the game's terminal renderer). Environments pickle and deep-copy (a copy plays on independently).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.errors import GameError
from ..core.game import Game, State
from ..core.loop import advance_chance
from ..core.registry import load_game
from .common import RENDER_FPS, RENDER_MODES, action_mask, agent_names, check_render_mode, render
from .tensors import encoder_for

__all__ = ["BoardcadeAECEnv", "action_mask", "agent_names", "env", "observation_space"]


def observation_space(game: Game) -> spaces.Dict:
    enc = encoder_for(game)
    return spaces.Dict(
        {
            "observation": spaces.Box(low=enc.low, high=enc.high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8),
        }
    )


class BoardcadeAECEnv(AECEnv):
    """Turn-based PettingZoo environment for one boardcade game (see the module docstring)."""

    def __init__(self, game_name: str, render_mode: str | None = None, **options: Any):
        super().__init__()
        check_render_mode(render_mode)
        self.game = load_game(game_name, **options)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"boardcade_{game_name}_v0",
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
            "is_parallelizable": False,
        }
        self.encoder = encoder_for(self.game)
        self.possible_agents = agent_names(self.game)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.game)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_distinct_actions) for a in self.possible_agents}
        self.state: State | None = None
        self.np_random, _ = seeding.np_random(None)
        self._chance_rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def _match(self) -> State:
        """The match under way; GameError before the first reset."""
        if self.state is None:
            raise GameError("call reset() first")
        return self.state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self._index[agent]
        state = self._match
        return {
            "observation": self.encoder.encode_state(state, p),
            "action_mask": action_mask(state, p, self.game.num_distinct_actions),
        }

    def _advance_chance(self) -> None:
        advance_chance(self._match, self._chance_rng)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
            self._chance_rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))
        self.state = self.game.new_initial_state()
        self._advance_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        state = self._match
        roles = state.roles()
        for a in self.agents:
            self.infos[a] = {"role": roles[self._index[a]]}
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
                self.infos[a]["safety_cap_hit"] = state.safety_cap_hit()
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def step(self, action: int | np.integer) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._match.apply_action(int(action))
        self._advance_chance()
        self._after_move()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None or self.state is None:
            return None
        return render(self.state, None, self.render_mode)

    def close(self) -> None:
        pass


def env(game_name: str, render_mode: str | None = None, **options: Any) -> BoardcadeAECEnv:
    """A PettingZoo AEC environment for `game_name` with rule options as keyword arguments."""
    return BoardcadeAECEnv(game_name, render_mode=render_mode, **options)
