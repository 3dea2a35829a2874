"""OpenSpiel adapter: every boardcade game as a pyspiel Python game named `python_boardcade_<name>`.

    from boardcade.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("python_boardcade_qbert")          # defaults
    game = pyspiel.load_game("python_boardcade_atari_centipede(players=4)")  # a variant

Rule options become game parameters (same names, same defaults). OpenSpiel game strings cannot hold a comma
inside a value, so a text option's commas are written as semicolons in its parameter ("2;3;2;1" for
"2,3,2,1"). The adapter is thin: every call goes to the boardcade `State` through the game contract.
Strings come from `information_state_string` and `observation_string`; tensors from
`boardcade.interop.tensors` (the same values as from `observation(p)`). The GameType says perfect information
where the boardcade GameType does (for every variant). Games and states pickle; `copy.deepcopy` and `clone()`
keep the history.
"""

from __future__ import annotations

import base64
import pickle
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from ..core.domain import ActionId, Seat, Viewer
from ..core.game import CHANCE, TERMINAL, Game, State
from ..core.registry import game_class, game_names, load_game
from ..core.spec import GameType
from .tensors import encoder_for

PREFIX = "python_boardcade_"
_PARAM_TYPES = (bool, int, float, str)
_registered: set[str] = set()


def to_params(options: dict[str, Any]) -> dict[str, Any]:
    """Rule options as pyspiel parameters (text values: commas become semicolons)."""
    return {k: v.replace(",", ";") if isinstance(v, str) else v for k, v in options.items()}


def from_params(params: dict[str, Any]) -> dict[str, Any]:
    """pyspiel parameters back to rule options."""
    return {k: v.replace(";", ",") if isinstance(v, str) else v for k, v in params.items()}


def short_name(game_name: str) -> str:
    return PREFIX + game_name


def _player_counts(cls: type[Game]) -> list[int]:
    counts = set()
    for _label, opts in cls.VARIANTS:
        counts.add(cls(**opts).num_players)
    counts.add(cls().num_players)
    return sorted(counts)


def _variant_types(cls: type[Game]) -> list[GameType]:
    """The boardcade GameType of the default game and of each variant."""
    return [cls().game_type] + [cls(**opts).game_type for _label, opts in cls.VARIANTS]


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    counts = _player_counts(cls)
    params = to_params({o.name: o.default for o in cls.OPTIONS if isinstance(o.default, _PARAM_TYPES)})
    types = _variant_types(cls)
    # One pyspiel GameType covers every parameter setting: a fact holds only if it holds for every variant.
    stochastic = any(t.chance for t in types) or cls.max_chance_outcomes > 0
    perfect = all(t.perfect_information for t in types)
    zero_sum = all(t.zero_sum for t in types)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"boardcade {cls.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if stochastic
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if perfect
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class PlayerAction(NamedTuple):
    """One step of `full_history()`, with the fields of pyspiel's PlayerAction (which Python cannot construct)."""

    player: int
    action: int


class BoardcadeSpielGame(pyspiel.Game):
    """A pyspiel game wrapping one boardcade game loaded with the given parameters (rule options)."""

    bc_name = ""  # set on the per-game subclass made by `register`
    bc_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        game_type = self.bc_type
        self.bc_game = load_game(self.bc_name, **from_params(params))
        g = self.bc_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions,
            max_chance_outcomes=g.max_chance_outcomes,
            num_players=g.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=g.max_game_length,
        )
        super().__init__(game_type, info, params)
        self.encoder = encoder_for(g)

    def new_initial_state(self) -> BoardcadeSpielState:
        return BoardcadeSpielState(self, self.bc_game.new_initial_state())

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], pyspiel.Game], tuple[str, dict[str, Any]]]:
        # The per-game classes are made at registration; a pickle names the game and its parameters instead.
        return (_load_registered, (self.bc_name, self.get_parameters()))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> BoardcadeObserver:
        """pyspiel's observer; `params={"exact": True}` with perfect recall gives the exact perfect-recall tensor
        (observation + the history as the player knows it, `Encoder.encode_exact`) instead of the hashed one."""
        params = dict(params or {})
        exact = params.pop("exact", False)
        if params or not isinstance(exact, bool):
            raise ValueError(
                f"observer parameters {params or {'exact': exact}!r} are not supported; allowed: exact=True"
            )
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if exact and not (iig_obs_type.perfect_recall and self.encoder.exact):
            raise ValueError("exact=True needs perfect_recall=True and a game whose tensors offer visible_history")
        return BoardcadeObserver(self, iig_obs_type, exact)


class _Inner:
    """Holds the boardcade state. pyspiel's `clone()` deep-copies a Python state's attributes; this box makes that
    deep copy the game's own cheap `clone()` instead of a generic deep copy (hundreds of times slower)."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Inner:
        return _Inner(self.state.clone())

    def __reduce__(self) -> tuple[type[_Inner], tuple[State]]:
        return (_Inner, (self.state,))


class _SamplerRandom(random.Random):
    """A `random.Random` whose every draw is the pyspiel sampler's: `random()` calls it, and `choice`, `randrange`,
    `shuffle` and `sample` are built on `_randbelow`, one draw each; `getrandbits` is refused, so no draw comes
    from the unseeded generator underneath. Never seeded: seeding a Mersenne Twister cost twice a whole Q*bert
    resample, and the sample stays exactly as reproducible as the sampler."""

    def __init__(self, sampler: Callable[[], float]) -> None:  # no super().__init__(): no seeding
        self._sampler = sampler

    def random(self) -> float:
        return self._sampler()

    def _randbelow(self, n: int) -> int:  # one draw per choice (the bias of a 53-bit float is below 2**-40 here)
        return min(int(self._sampler() * n), n - 1)

    def getrandbits(self, k: int) -> int:
        raise NotImplementedError("draws come from the pyspiel sampler through random()")


class BoardcadeSpielState(pyspiel.State):
    """A pyspiel state holding a boardcade `State` (`self.inner`)."""

    def __init__(self, game: BoardcadeSpielGame, inner: State):
        super().__init__(game)
        self._box = _Inner(inner)

    @property
    def inner(self) -> State:
        return self._box.state

    def current_player(self) -> int:
        cur = self.inner.current_player()
        spiel_player: int = (
            pyspiel.PlayerId.CHANCE if cur == CHANCE else pyspiel.PlayerId.TERMINAL if cur == TERMINAL else cur
        )
        return spiel_player

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def _legal_actions(self, player: Seat) -> list[ActionId]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: ActionId) -> None:
        self.inner.apply_action(action)

    def _action_to_string(self, player: int, action: ActionId) -> str:
        cur = self.inner.current_player()
        if player == cur or (player == pyspiel.PlayerId.CHANCE and cur == CHANCE):
            return self.inner.action_to_string(action)
        return self.inner.game.action_to_string(CHANCE if player < 0 else player, action)

    def returns(self) -> list[float]:
        return [float(r) for r in self.inner.returns()]

    def resample_from_infostate(self, player_id: Seat, probability_sampler: Callable[[], float]) -> BoardcadeSpielState:
        """A state `player_id` cannot tell from this one, drawn by the game's own (native) resampler, seeded from
        the sampler. It wraps the drawn boardcade state directly (no replay of the history): its `history()`,
        `move_number()`, `full_history()` and `serialize()` are the drawn state's, as for every state here."""
        rng = _SamplerRandom(probability_sampler)
        return BoardcadeSpielState(self.get_game(), self.inner.resample_from_infostate(player_id, rng))

    # The history is the boardcade state's (the contract's `history()`): the same as pyspiel's own record for a
    # state reached by applying actions, and the only record for a resampled state, which pyspiel never saw
    # being played. pyspiel's C++ side keeps its own record; Python callers (OpenSpiel's Python bots, these
    # adapters) read these methods.
    def history(self) -> list[ActionId]:
        return self.inner.history()

    def move_number(self) -> int:
        return self.inner.move_number()

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.inner.history())

    def is_initial_state(self) -> bool:
        return self.inner.move_number() == 0

    def full_history(self) -> list[PlayerAction]:
        """(player, action) pairs with pyspiel's field names: who acted at each step (replays the history in a fresh
        boardcade state to find out, so it costs what a replay costs)."""
        replay = self.inner.game.new_initial_state()
        out = []
        for action in self.inner.history():
            cur = replay.current_player()
            out.append(PlayerAction(int(pyspiel.PlayerId.CHANCE) if cur == CHANCE else cur, action))
            replay.apply_action(action)
        return out

    def serialize(self) -> str:
        """pyspiel's text for a Python game's state (what `game.deserialize_state` reads), with this history."""
        steps = ",".join(f"{p}:{a}" for p, a in self.full_history())
        blob = base64.b64encode(pickle.dumps(self.__dict__)).decode("ascii")
        return f"history={steps}\nmove_number={self.move_number()}\n__dict__={blob}"

    def __deepcopy__(self, memo: dict[int, object]) -> BoardcadeSpielState:
        copy: BoardcadeSpielState = self.clone()  # pyspiel's clone keeps history() and move number
        return copy

    def __str__(self) -> str:
        return f"history {self.inner.history()}\n{self.inner}"


class BoardcadeObserver:
    """pyspiel observer: `perfect_recall` gives the information state (`exact`: the exact perfect-recall tensor),
    else the observation.

    Asking for public information only (no private information) gives the spectator view."""

    def __init__(self, game: BoardcadeSpielGame, iig_obs_type: pyspiel.IIGObservationType, exact: bool = False):
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.exact = exact
        enc = game.encoder
        size = enc.exact_info_state_size if exact else enc.info_state_size if self.perfect_recall else enc.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.encoder = enc

    def _viewer(self, player: Seat) -> Viewer:
        return None if self.public_only else player

    def set_from(self, state: BoardcadeSpielState, player: int) -> None:
        if self.exact:
            self.encoder.encode_exact(state.inner, self._viewer(player), self.tensor)
            return
        self.encoder.encode_state(state.inner, self._viewer(player), self.tensor, info_state=self.perfect_recall)

    def string_from(self, state: BoardcadeSpielState, player: int) -> str:
        viewer = self._viewer(player)
        if self.perfect_recall:
            if viewer is None:
                return state.inner.observation_string(None)
            return state.inner.information_state_string(viewer)
        return state.inner.observation_string(viewer)


def register(names: list[str] | None = None) -> list[str]:
    """Register every boardcade game (or those named) with pyspiel; returns the short names. Idempotent."""
    out = []
    for name in names if names is not None else game_names():
        sname = short_name(name)
        if name not in _registered:
            game_type = _game_type(name)
            cls = type(f"BoardcadeSpielGame_{name}", (BoardcadeSpielGame,), {"bc_name": name, "bc_type": game_type})
            pyspiel.register_game(game_type, cls)
            _registered.add(name)
        out.append(sname)
    return out


def _load_registered(name: str, params: dict[str, Any]) -> pyspiel.Game:
    register([name])
    return pyspiel.load_game(short_name(name), params)


def load(name: str, **options: Any) -> pyspiel.Game:
    """Register (if needed) and load boardcade game `name` through pyspiel with rule options as parameters."""
    register([name])
    return pyspiel.load_game(short_name(name), to_params(options))


def ismcts_bot(
    game: pyspiel.Game, evaluator: Any, uct_c: float = 2.0, max_simulations: int = 100, **kwargs: Any
) -> Any:  # open_spiel's Python bots carry no types
    """OpenSpiel's Python `ISMCTSBot`, made usable with `evaluate_bots` (which calls `restart_at`)."""
    from open_spiel.python.algorithms import ismcts

    class _ISMCTSBot(ismcts.ISMCTSBot):
        def restart_at(self, state: BoardcadeSpielState) -> None:
            self.reset()

        def inform_action(self, state: BoardcadeSpielState, player_id: int, action: ActionId) -> None:
            pass

    return _ISMCTSBot(game, evaluator, uct_c, max_simulations, **kwargs)
