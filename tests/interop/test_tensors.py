"""Tensor encodings: fixed shape, bounds, and only what the player may know (as for `observation`)."""

from __future__ import annotations

import random

import numpy as np

from boardcade.interop.tensors import Encoder, encode, encoder_for, generic


def test_fixed_shape_and_bounds_for_every_viewer(case, random_states):
    """Contract (observation): one shape per game and variant, for every player and the spectator, within the
    documented bounds; named blocks cover the whole vector."""
    game = case.load()
    enc = encoder_for(game)
    assert sum(v.size for v in enc.named(np.zeros(enc.size, np.float32)).values()) == enc.size
    for state in random_states(game, seed=1):
        for viewer in [*range(game.num_players), None]:
            x = encode(state, viewer)
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert ((x >= enc.low) & (x <= enc.high)).all()
            info = enc.encode_info_state(state.observation(viewer))
            assert info.shape == (enc.info_state_size,)
            assert np.array_equal(info[: enc.size], x)


def test_tensor_holds_only_what_the_player_may_know(case, random_states):
    """Contract (observation, resample_from_infostate): a state the player cannot tell from the real one gives
    the player exactly the same observation and information-state tensors."""
    game = case.load()
    enc = encoder_for(game)
    rng = random.Random(9)
    for state in random_states(game, seed=2, every=3):
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(game.num_players):
            other = state.resample_from_infostate(p, rng)
            assert np.array_equal(encode(other, p), encode(state, p))
            assert np.array_equal(
                enc.encode_info_state(other.observation(p)), enc.encode_info_state(state.observation(p))
            )


def test_tensor_follows_the_game(case, random_states):
    """The game block changes as play goes on (the encoding reads the game's own observation keys)."""
    game = case.load()
    enc = encoder_for(game)
    seen = set()
    for state in random_states(game, seed=3, games=1, every=5):
        named = enc.named(encode(state, 0))
        game_part = np.concatenate([v.ravel() for k, v in named.items() if k not in dict(generic.common_fields(game))])
        seen.add(game_part.tobytes())
    assert len(seen) > 3


def test_hashed_fallback_is_fixed_shape_and_viewer_safe(case, random_states):
    """The documented fallback block (for games without their own module) is fixed-shape and, like every block,
    reads only observation(p)."""
    game = case.load()
    enc = Encoder(game)
    enc.module = generic
    enc.fields = generic.common_fields(game) + generic.fields(game)
    enc.size = sum(int(np.prod(s)) for _n, s in enc.fields)
    rng = random.Random(4)
    for state in random_states(game, seed=5):
        for p in range(game.num_players):
            x = enc.encode(state.observation(p))
            assert x.shape == (enc.size,)
            if not state.is_terminal() and not state.is_chance_node():
                assert np.array_equal(enc.encode(state.resample_from_infostate(p, rng).observation(p)), x)


def test_wrong_output_buffer_is_refused(case):
    """Bad input: a buffer of the wrong shape is named with the shape expected."""
    game = case.load()
    enc = encoder_for(game)
    try:
        enc.encode(game.new_initial_state().observation(0), np.zeros(3, np.float32))
    except ValueError as exc:
        assert f"expected ({enc.size},)" in str(exc)
    else:
        raise AssertionError("a 3-element buffer was accepted")
