"""Fixed-shape numpy encodings of what one player may know, computed from `state.observation(p)` only.

Every tensor is a flat float32 vector made of named blocks (see `Encoder.fields`):

- the common block, the same for every game (from the contract's common observation keys);
- the game block, from the game's own tensors module (`GameSpec.tensors`: `fields(game)` and
  `fill(obs, views, game)`), or, for a game without one, the documented hashed fallback in `generic.py`;
- for the information-state tensor only, an events block (`generic.fill_events`).

Because the encoder reads nothing but the observation dict, a tensor holds only what that player may know.
docs/interop.md describes each block.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...core.registry import game_spec
from . import generic

_cache: dict[tuple[str, tuple], Encoder] = {}


class Encoder:
    """Encodes observation dicts of one loaded game into fixed-shape float32 vectors."""

    def __init__(self, game):
        self.game = game
        module = game_spec(game.name).part("tensors") or generic
        self.module = module
        self.fields: list[tuple[str, tuple[int, ...]]] = generic.common_fields(game) + module.fields(game)
        self.info_fields = self.fields + generic.event_fields(game)
        self.size = _total(self.fields)
        self.info_state_size = _total(self.info_fields)
        # Per-element bounds of the observation tensor: [0, 1] unless a block says otherwise in BOUNDS.
        bounds = {**generic.COMMON_BOUNDS, **getattr(module, "BOUNDS", {})}
        self.low = np.zeros(self.size, np.float32)
        self.high = np.ones(self.size, np.float32)
        for name, view in self._views(self.low, self.fields).items():
            view[...] = bounds.get(name, (0.0, 1.0))[0]
        for name, view in self._views(self.high, self.fields).items():
            view[...] = bounds.get(name, (0.0, 1.0))[1]

    def _views(self, out: np.ndarray, fields) -> dict[str, np.ndarray]:
        views, at = {}, 0
        for name, shape in fields:
            n = int(np.prod(shape))
            views[name] = out[at : at + n].reshape(shape)
            at += n
        return views

    def encode(self, obs: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The observation tensor (shape `(size,)`), written into `out` when given."""
        out = _target(out, self.size)
        views = self._views(out, self.fields)
        generic.fill_common(obs, views, self.game)
        self.module.fill(obs, views, self.game)
        return out

    def encode_info_state(self, obs: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The information-state tensor (shape `(info_state_size,)`): the observation plus visible events."""
        out = _target(out, self.info_state_size)
        views = self._views(out, self.info_fields)
        generic.fill_common(obs, views, self.game)
        self.module.fill(obs, views, self.game)
        generic.fill_events(obs, views, self.game)
        return out

    def named(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of an encoded vector (observation or information state)."""
        fields = self.info_fields if vector.shape[0] == self.info_state_size else self.fields
        return self._views(vector, fields)


def _total(fields) -> int:
    return int(sum(int(np.prod(shape)) for _name, shape in fields))


def _target(out: np.ndarray | None, size: int) -> np.ndarray:
    if out is None:
        return np.zeros(size, np.float32)
    if out.shape != (size,):
        raise ValueError(f"output buffer has shape {out.shape}; expected ({size},)")
    out.fill(0.0)
    return out


def encoder_for(game) -> Encoder:
    """The (cached) encoder of a loaded game."""
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.options.items())))
    enc = _cache.get(key)
    if enc is None:
        enc = _cache[key] = Encoder(game)
    return enc


def encode(state, player: int | None) -> np.ndarray:
    """Observation tensor of `state` for `player` (None: spectator)."""
    return encoder_for(state.game).encode(state.observation(player))


__all__ = ["Encoder", "encode", "encoder_for"]
