"""Gymnasium ids, gym.make and make_vec, action_masks, the step limit, text rendering and copies."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest

import boardcade.interop.gymnasium_env as genv
from boardcade.core import GameError
from boardcade.interop.gymnasium_env import BoardcadeEnv
from boardcade.interop.vector_env import BoardcadeVectorEnv

IDS = ["boardcade/qbert-v0", "boardcade/mb_centipede-v0", "boardcade/atari_centipede-v0"]


@pytest.mark.parametrize("env_id", [*IDS, "boardcade/atari_centipede_4p-v0"])
def test_registered_ids_make_single_and_vector_envs(env_id):
    """gym.make and gym.make_vec build the registered ids; the vector one is the batched BoardcadeVectorEnv."""
    env = gym.make(env_id, opponents="random")
    assert env.spec.id == env_id and isinstance(env.unwrapped, BoardcadeEnv)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["action_mask"].any()
    envs = gym.make_vec(env_id, num_envs=3)
    assert isinstance(envs.unwrapped, BoardcadeVectorEnv) and envs.num_envs == 3
    obs, info = envs.reset(seed=3)
    assert obs.shape == (3, *env.observation_space.shape) and info["action_mask"].shape == (3, env.action_space.n)
    if env_id.endswith("4p-v0"):
        assert env.unwrapped.game.num_players == 4


def test_importing_boardcade_registers_the_ids_without_importing_gymnasium():
    """Issue 25: `import gymnasium as gym, boardcade; gym.make("boardcade/qbert-v0")` works, in either import order,
    and `import boardcade` alone imports neither Gymnasium nor numpy (the CLI and server do not pay for them)."""
    import subprocess
    import sys

    first = (
        "import sys, boardcade\n"
        "assert 'gymnasium' not in sys.modules and 'numpy' not in sys.modules, sorted(sys.modules)\n"
        "import gymnasium as gym\n"
    )
    second = "import gymnasium as gym\nimport boardcade\ngym.register_envs(boardcade)\n"
    check = (
        "env = gym.make('boardcade/qbert-v0')\n"
        "assert env.reset(seed=1)[0].shape == env.observation_space.shape\n"
        "assert gym.make_vec('boardcade/atari_centipede_4p-v0', num_envs=2).num_envs == 2\n"
        "print('ok')\n"
    )
    for code in (first + check, second + check):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_module_prefixed_id_imports_the_registrations():
    """gym.make("boardcade.interop.gymnasium_env:boardcade/qbert-v0") works without a separate import."""
    env = gym.make("boardcade.interop.gymnasium_env:boardcade/qbert-v0")
    assert env.unwrapped.game.name == "qbert"


def test_action_masks_matches_the_legal_actions(case):
    """sb3-contrib's MaskablePPO reads env.action_masks(): a bool vector of the legal actions of our seat."""
    env = BoardcadeEnv(case.name, **case.options)
    obs, info = env.reset(seed=5)
    for _ in range(20):
        masks = env.action_masks()
        assert masks.dtype == bool and masks.shape == (env.action_space.n,)
        assert np.flatnonzero(masks).tolist() == env.state.legal_actions(env.seat)
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(masks)[0]))
        if terminated or truncated:
            break


def test_a_policy_repeating_an_illegal_action_is_truncated():
    """The step limit: a policy that keeps repeating an illegal action ends by truncation, not never."""
    env = BoardcadeEnv("qbert", max_episode_steps=12)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for k in range(1, 13):
        obs, reward, terminated, truncated, info = env.step(illegal)
        assert reward == env.illegal_reward and not terminated
        assert truncated == (k == 12)
    with pytest.raises(GameError, match="call reset"):
        env.step(illegal)
    default = BoardcadeEnv("qbert")
    assert default.max_episode_steps == default.game.max_game_length
    limited = gym.make("boardcade/qbert-v0", max_episode_steps=5)
    limited.reset(seed=1)
    truncated = [limited.step(illegal)[3] for _ in range(5)]
    assert truncated == [False] * 4 + [True]


def test_ansi_render_draws_the_board_with_the_terminal_renderer(case):
    """render_mode="ansi" returns the board as plain text (the game's Rich renderer), not a JSON dump."""
    env = BoardcadeEnv(case.name, render_mode="ansi", **case.options)
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and f"move {env.state.move_number()}" in text
    assert "\x1b[" not in text and not text.lstrip().startswith("{") and len(text.splitlines()) > 3
    assert BoardcadeEnv(case.name, **case.options).render() is None
    with pytest.raises(GameError, match="allowed: None, 'ansi', 'rgb_array'"):
        BoardcadeEnv(case.name, render_mode="human", **case.options)


def test_rgb_array_render_draws_each_position_at_one_size(case):
    """render_mode="rgb_array" (issue 25): an RGB uint8 picture of one size for the whole match, drawn from the
    seat's observation, that changes as the match moves; the vector env gives one per match, PettingZoo the
    spectator's."""
    from boardcade.core import game_spec
    from boardcade.interop.pettingzoo_env import env as pz_env

    env = BoardcadeEnv(case.name, render_mode="rgb_array", opponents="random", **case.options)
    obs, info = env.reset(seed=4)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3 and first.shape[0] >= 100
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 5  # a drawing, not a blank
    seen = {first.tobytes()}
    for _ in range(12):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        frame = env.render()
        assert frame.shape == first.shape and frame.dtype == np.uint8
        seen.add(frame.tobytes())
        if terminated or truncated:
            break
    assert len(seen) > 2
    raster = game_spec(case.name).part("raster")
    assert np.array_equal(env.render(), raster(env.state.observation(env.seat)))
    envs = BoardcadeVectorEnv(case.name, num_envs=2, render_mode="rgb_array", **case.options)
    envs.reset(seed=1)
    frames = envs.render()
    assert len(frames) == 2 and all(f.shape == first.shape for f in frames)
    e = pz_env(case.name, render_mode="rgb_array", **case.options)
    e.reset(seed=1)
    assert np.array_equal(e.render(), raster(e.state.observation(None)))


def test_a_game_without_a_raster_part_gets_its_tensor_drawn(monkeypatch):
    """The documented fallback: a game whose spec names no raster (the outside Pig example) is drawn as its
    observation tensor, one grey 8-pixel square per value, rows of 32."""
    from pathlib import Path

    from boardcade.core import register_game, unregister_game
    from boardcade.interop.tensors import encoder_for

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples"))
    spec = register_game("pig.spec:SPEC")
    try:
        assert spec.raster is None
        env = BoardcadeEnv("pig", render_mode="rgb_array")
        env.reset(seed=2)
        picture = env.render()
        size = encoder_for(env.game).size
        assert picture.shape == (8 * -(-size // 32), 8 * 32, 3) and picture.dtype == np.uint8
        values = picture[::8, ::8, 0].reshape(-1)[:size]
        assert np.array_equal(values, (np.clip(env.batch.obs[0], 0, 1) * 255).astype(np.uint8))
    finally:
        unregister_game("pig")


def test_envs_pickle_and_deepcopy_and_play_on_alike(case):
    """A copy (pickle or deepcopy) continues exactly as the original: same observations for the same actions."""
    env = BoardcadeEnv(case.name, opponents="greedy", **case.options)
    obs, info = env.reset(seed=9)
    for copied in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        a, b = env, copied
        assert a.state.history() == b.state.history()
        sa, sb = copy.deepcopy(a), b  # leave `env` untouched for the next copy
        for _ in range(10):
            action = int(np.flatnonzero(sa.action_masks())[0])
            ra, rb = sa.step(action), sb.step(action)
            assert np.array_equal(ra[0], rb[0]) and ra[1:4] == rb[1:4]
            if ra[2] or ra[3]:
                break
        assert sa.state.history() == sb.state.history() != env.state.history()


def test_registry_lists_the_documented_ids():
    from boardcade.interop import gym_ids

    assert genv.register_envs is gym_ids.register_envs
    ids = genv.register_envs()
    assert set(IDS) | {"boardcade/atari_centipede_4p-v0"} <= set(ids)
