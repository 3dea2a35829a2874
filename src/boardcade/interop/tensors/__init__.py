"""Fixed-shape numpy encodings of what one player may know.

Every tensor is a flat float32 vector made of named blocks (see `Encoder.fields`):

- the common block, the same for every game (from the contract's common observation keys);
- the game block, from the game's own tensors module (`GameSpec.tensors`: `fields(game)` and
  `fill(obs, views, game)`), or, for a game without one, the documented hashed fallback in `generic.py`;
- for the information-state tensor only, an events block (`generic.fill_events`), which hashes the visible
  events into a fixed block (two pasts can share it), or, for the exact perfect-recall tensor
  (`Encoder.encode_exact`), a `history` block with every action of the match as the viewer knows it.

Two paths give the same values:

- the reference path reads nothing but the observation dict `state.observation(p)` (`Encoder.encode`), so a
  tensor holds only what that player may know;
- the direct path (`Encoder.encode_state`, `Encoder.writer`) skips the JSON view: the common and events blocks
  are read from the state through the contract (`current_player`, `move_number`, `returns`, `legal_actions`,
  `events(p)`), and the game block from the game's own `encode_state(state, player, views, game)` when its
  tensors module provides one (it must fill exactly what `fill` fills from `observation(player)`; a test proves
  it on states along seeded random matches). A game without `encode_state` falls back to the reference path.

What `encode_state` gets: `views` is a `Views`, the block views by name as `fill` gets them, plus `views.flat`,
a float32 memoryview of the game block alone (element 0 = the first element of the module's first field), for
stores at precomputed offsets (a memoryview item store costs a fraction of a numpy one), and `views.tables`,
what the module's optional `prepare(game)` returned, built once per encoder (offsets, lookup tables). The
buffer is zero when `encode_state` is called, so it writes only what is not zero.

docs/interop.md describes each block.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias

import numpy as np

from ...core.domain import Viewer
from ...core.errors import GameError
from ...core.game import CHANCE, TERMINAL, Game, Observation, State
from ...core.registry import game_spec
from . import generic

Fields: TypeAlias = list[tuple[str, tuple[int, ...]]]
"""Named blocks of a tensor, in order: (name, shape)."""


class TensorModule(Protocol):
    """What a game's tensors module (`GameSpec.tensors`) has at least; `generic` is one. Optional: `BOUNDS`,
    `encode_state(state, player, views, game)`, `prepare(game)` and `visible_history(state, player)`."""

    def fields(self, game: Game) -> Fields: ...

    def fill(self, obs: Observation, views: dict[str, np.ndarray], game: Game) -> None: ...


# A game's `encode_state(state, player, views, game)`: its block straight from the state (the direct path).
FillState: TypeAlias = Callable[[State, Viewer, "Views", Game], None]

_cache: dict[tuple[str, tuple[tuple[str, str], ...]], Encoder] = {}


class Encoder:
    """Encodes observation dicts of one loaded game into fixed-shape float32 vectors."""

    def __init__(self, game: Game):
        self.game = game
        module: TensorModule = game_spec(game.name).part("tensors") or generic
        self.module = module
        self._encode_state: FillState | None = getattr(module, "encode_state", None)
        prepare: Callable[[Game], object] | None = getattr(module, "prepare", None)
        self.tables = prepare(game) if prepare is not None and self._encode_state is not None else None
        common = generic.common_fields(game)
        self.game_start = _total(common)  # where the game block starts (it ends at `size`)
        self.fields: Fields = common + module.fields(game)
        self.info_fields = self.fields + generic.event_fields(game)
        self.size = _total(self.fields)
        self.info_state_size = _total(self.info_fields)
        # The exact perfect-recall tensor: the observation tensor, then one value per possible step of a match.
        self._visible_history: Callable[[State, Viewer], Sequence[int]] | None = getattr(
            module, "visible_history", None
        )
        self.history_length = max(1, game.max_game_length)
        self.exact_fields = self.fields + [("history", (self.history_length,))]
        self.exact_info_state_size = _total(self.exact_fields)
        # Per-element bounds of the observation tensor: [0, 1] unless a block says otherwise in BOUNDS.
        bounds: dict[str, tuple[float, float]] = {**generic.COMMON_BOUNDS, **getattr(module, "BOUNDS", {})}
        self.low = np.zeros(self.size, np.float32)
        self.high = np.ones(self.size, np.float32)
        for name, view in self._views(self.low, self.fields).items():
            view[...] = bounds.get(name, (0.0, 1.0))[0]
        for name, view in self._views(self.high, self.fields).items():
            view[...] = bounds.get(name, (0.0, 1.0))[1]
        self._scratch = threading.local()  # per-thread writers of encode_state (the encoder is shared)

    @property
    def direct(self) -> bool:
        """True when the game block is encoded straight from the state (the game's `encode_state`)."""
        return self._encode_state is not None

    def __reduce__(self) -> tuple[Callable[[Game], Encoder], tuple[Game]]:
        # Encoders hold a module; copies and pickles refer to the (cached) encoder of the same loaded game.
        return (encoder_for, (self.game,))

    def _views(self, out: np.ndarray, fields: Fields) -> dict[str, np.ndarray]:
        views: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in fields:
            n = int(np.prod(shape))
            views[name] = out[at : at + n].reshape(shape)
            at += n
        return views

    def _writer_views(self, out: np.ndarray, fields: Fields) -> Views:
        """Block views of a writer's buffer, with the flat game block and the module's tables (see `Views`)."""
        views = Views(self._views(out, fields))
        views.flat = _floats(out[self.game_start : self.size])
        views.tables = self.tables
        return views

    def encode(self, obs: Observation, out: np.ndarray | None = None) -> np.ndarray:
        """The observation tensor (shape `(size,)`), written into `out` when given."""
        out = _target(out, self.size)
        views = self._views(out, self.fields)
        generic.fill_common(obs, views, self.game)
        self.module.fill(obs, views, self.game)
        return out

    def encode_info_state(self, obs: Observation, out: np.ndarray | None = None) -> np.ndarray:
        """The information-state tensor (shape `(info_state_size,)`): the observation plus visible events."""
        out = _target(out, self.info_state_size)
        views = self._views(out, self.info_fields)
        generic.fill_common(obs, views, self.game)
        self.module.fill(obs, views, self.game)
        generic.fill_events(obs, views, self.game)
        return out

    def encode_state(
        self, state: State, player: Viewer, out: np.ndarray | None = None, info_state: bool = False
    ) -> np.ndarray:
        """The observation tensor (or, with `info_state`, the information-state tensor) of `state` for `player`,
        the same values as `encode(state.observation(player))`, by the direct path when the game has one."""
        size = self.info_state_size if info_state else self.size
        if out is not None and out.shape != (size,):
            raise ValueError(f"output buffer has shape {out.shape}; expected ({size},)")
        # A writer per thread and kind, its views built once: building them costs more than the encoding.
        scratch = self._scratch
        writer: Writer | None = getattr(scratch, "info" if info_state else "obs", None)
        if writer is None:
            writer = self.writer(np.zeros(size, np.float32), info_state)
            setattr(scratch, "info" if info_state else "obs", writer)
        written = writer.write(state, player)
        if out is None:
            return written.copy()
        out[...] = written
        return out

    @property
    def exact(self) -> bool:
        """True when the game offers the exact perfect-recall tensor (its tensors module's `visible_history`)."""
        return self._visible_history is not None

    def encode_exact(self, state: State, player: Viewer, out: np.ndarray | None = None) -> np.ndarray:
        """The exact perfect-recall information-state tensor of `state` for `player` (None: spectator), shape
        `(exact_info_state_size,)`: the observation tensor, then the `history` block, one value per step of the
        match up to `max_game_length`: the action (or chance outcome) + 1 where `player` knows it, -1 where it is
        hidden from them, 0 past the end of the match so far. Two states of a match played from the start get
        the same tensor exactly when their `information_state_string(player)` are equal (no hashing)."""
        if self._visible_history is None:
            raise GameError(
                f"{self.game.name} offers no exact information-state tensor: its tensors module has no "
                "visible_history(state, player); the hashed information_state tensor is available"
            )
        out = _target(out, self.exact_info_state_size)
        self.encode_state(state, player, out=out[: self.size])
        known = np.asarray(self._visible_history(state, player), np.float32)
        if len(known) > self.history_length:
            raise GameError(f"the match has {len(known)} steps, more than max_game_length {self.history_length}")
        out[self.size : self.size + len(known)] = np.where(known >= 0, known + 1.0, -1.0)
        return out

    def writer(self, out: np.ndarray, info_state: bool = False) -> Writer:
        """A `Writer` bound to the buffer `out` (its block views are made once, for repeated encoding)."""
        return Writer(self, out, info_state)

    def batch_writer(self, out: np.ndarray) -> BatchWriter:
        """A `BatchWriter` bound to a stacked buffer `out` of shape (rows, size)."""
        return BatchWriter(self, out)

    def offset(self, block: str) -> int:
        """Where a block of the observation tensor starts."""
        at = 0
        for name, shape in self.fields:
            if name == block:
                return at
            at += int(np.prod(shape))
        raise KeyError(f"no block {block!r}; blocks: {', '.join(n for n, _ in self.fields)}")

    def named(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named views of an encoded vector (observation or information state)."""
        sizes = {self.info_state_size: self.info_fields, self.exact_info_state_size: self.exact_fields}
        fields = sizes.get(vector.shape[0], self.fields)
        return self._views(vector, fields)


class Views(dict[str, np.ndarray]):
    """Named block views of one buffer (name -> ndarray), as a game's `encode_state` gets them from a writer.

    `flat`: a float32 memoryview of the game block alone (index 0 = the first element of the game's first field);
    `tables`: what the game's tensors module's `prepare(game)` returned (None without one)."""

    __slots__ = ("flat", "tables")
    flat: memoryview[float]
    tables: Any  # the module's own (its `prepare` says what)


class Writer:
    """Encodes states into one fixed buffer again and again (a row of a batch, an environment's observation):
    the block views are built once. `write(state, player)` fills the buffer in place."""

    __slots__ = ("out", "views", "game", "fill_game", "info_state", "module", "flat", "n", "length", "at")

    def __init__(self, encoder: Encoder, out: np.ndarray, info_state: bool = False):
        size = encoder.info_state_size if info_state else encoder.size
        if out.shape != (size,) or out.dtype != np.float32:
            raise ValueError(f"output buffer has shape {out.shape} and dtype {out.dtype}; expected ({size},) float32")
        self.out = out
        self.views = encoder._writer_views(out, encoder.info_fields if info_state else encoder.fields)
        self.game = encoder.game
        self.fill_game = encoder._encode_state
        self.module = encoder.module
        self.info_state = info_state
        # The common block by item stores into a memoryview at precomputed offsets (numpy's per-call overhead
        # costs more than these few stores), the same values as `generic.fill_common_state`.
        self.flat = _floats(out)
        self.n = encoder.game.num_players
        self.length = max(1, encoder.game.max_game_length)
        self.at = tuple(encoder.offset(b) for b in ("viewer", "current_player", "progress", "returns", "legal"))

    def write(self, state: State, player: Viewer, zero: bool = True) -> np.ndarray:
        """Encode `state` for `player` (None: spectator) into the buffer; `zero=False` when it is already zero."""
        if zero:
            self.out.fill(0.0)
        views, game = self.views, self.game
        if self.fill_game is None:  # the reference path: through the observation dict
            obs = state.observation(player)
            generic.fill_common(obs, views, game)
            self.module.fill(obs, views, game)
            if self.info_state:
                generic.fill_events(obs, views, game)
            return self.out
        m, n = self.flat, self.n
        at_viewer, at_current, at_progress, at_returns, at_legal = self.at
        m[at_viewer + (n if player is None else player)] = 1.0
        cur = state.current_player()
        m[at_current + (cur if cur >= 0 else (n if cur == CHANCE else n + 1))] = 1.0
        m[at_progress] = min(1.0, state.move_number() / self.length)
        if cur == TERMINAL:
            for i, value in enumerate(state.returns()):
                m[at_returns + i] = value
        elif player is not None and player == cur:
            for a in state.legal_actions():
                m[at_legal + a] = 1.0
        self.fill_game(state, player, views, game)
        if self.info_state:
            generic.fill_events_state(state, player, views, game)
        return self.out


class BatchWriter:
    """Encodes observation tensors into the rows of one stacked buffer (rows, size), as batched environments do.

    The same values as `Encoder.encode_state` row by row, with the common block written for all rows together:
    the ones (viewer, player to move, legal actions) by one scattered assignment and the progress column by
    another, instead of several small numpy operations per row. The game block is filled per row, straight
    from the state when the game has `encode_state`, else through `observation(player)`.
    """

    def __init__(self, encoder: Encoder, out: np.ndarray):
        if out.ndim != 2 or out.shape[1] != encoder.size or out.dtype != np.float32 or not out.flags.c_contiguous:
            raise ValueError(f"output buffer has shape {out.shape}; expected (rows, {encoder.size}) float32, C order")
        game = encoder.game
        self.out = out
        self.flat = out.reshape(-1)
        self.size = encoder.size
        self.n = game.num_players
        self.game = game
        self.fill_game = encoder._encode_state
        self.module = encoder.module
        self.row_views = [encoder._writer_views(out[r], encoder.fields) for r in range(out.shape[0])]
        self.at_viewer = encoder.offset("viewer")
        self.at_current = encoder.offset("current_player")
        self.at_progress = encoder.offset("progress")
        self.at_returns = encoder.offset("returns")
        self.at_legal = encoder.offset("legal")
        self.length = max(1, game.max_game_length)

    def write(self, rows: list[int], states: Sequence[State], players: Sequence[Viewer]) -> None:
        """Encode `states[k]` for `players[k]` into row `rows[k]` (other rows are left as they are)."""
        if not rows:
            return
        out, size, n, game = self.out, self.size, self.n, self.game
        if len(rows) == out.shape[0]:
            out.fill(0.0)
        else:
            out[rows] = 0.0
        ones: list[int] = []
        progress: list[float] = []
        fill_game, module, row_views = self.fill_game, self.module, self.row_views
        at_viewer, at_current, at_legal, length = self.at_viewer, self.at_current, self.at_legal, self.length
        for row, state, player in zip(rows, states, players, strict=True):
            base = row * size
            cur = state.current_player()
            ones.append(base + at_viewer + (n if player is None else player))
            ones.append(base + at_current + (cur if cur >= 0 else (n if cur == CHANCE else n + 1)))
            progress.append(state.move_number() / length)
            if cur == TERMINAL:
                start = self.at_returns
                out[row, start : start + n] = state.returns()
            elif player is not None and player == cur:
                ones.extend(map((base + at_legal).__add__, state.legal_actions()))
            if fill_game is not None:
                fill_game(state, player, row_views[row], game)
            else:
                module.fill(state.observation(player), row_views[row], game)
        self.flat[ones] = 1.0
        at_progress = self.at_progress
        if len(rows) <= 8:  # a few scalar stores cost less than one fancy-indexed store
            for row, value in zip(rows, progress, strict=True):
                out[row, at_progress] = min(1.0, value)
        else:
            out[rows, at_progress] = np.minimum(progress, 1.0)


def _total(fields: Fields) -> int:
    return int(sum(int(np.prod(shape)) for _name, shape in fields))


def _floats(out: np.ndarray) -> memoryview[float]:
    """A float32 buffer's items as a memoryview (its format "f", by way of bytes: a memoryview casts only to or
    from a byte format)."""
    return out.data.cast("B").cast("f")


def _target(out: np.ndarray | None, size: int) -> np.ndarray:
    if out is None:
        return np.zeros(size, np.float32)
    if out.shape != (size,):
        raise ValueError(f"output buffer has shape {out.shape}; expected ({size},)")
    out.fill(0.0)
    return out


def encoder_for(game: Game) -> Encoder:
    """The (cached) encoder of a loaded game."""
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.options.items())))
    enc = _cache.get(key)
    if enc is None:
        enc = _cache[key] = Encoder(game)
    return enc


def encode(state: State, player: Viewer) -> np.ndarray:
    """Observation tensor of `state` for `player` (None: spectator), by the reference path."""
    return encoder_for(state.game).encode(state.observation(player))


def encode_state(state: State, player: Viewer) -> np.ndarray:
    """Observation tensor of `state` for `player` (None: spectator), by the direct path where the game has one."""
    return encoder_for(state.game).encode_state(state, player)


__all__ = ["BatchWriter", "Encoder", "Views", "Writer", "encode", "encode_state", "encoder_for"]
