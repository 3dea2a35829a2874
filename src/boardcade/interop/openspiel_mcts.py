"""OpenSpiel's own Python `MCTSBot` and `ISMCTSBot` (random rollouts) as boardcade agents, for strength comparisons.

It plays through the OpenSpiel adapter (`boardcade.interop.openspiel`, openspiel extra). MCTS assumes it sees
the whole state, so each decision it searches one state sampled from the mover's information state
(`resample_from_infostate`): it never sees hidden information. Its budget is a number of simulations,
or seconds per move (the simulation count is then adjusted move by move from the measured speed).
Agent names: "os_mcts" (1000 simulations), "os_mcts:simulations=500", "os_mcts:seconds=1.2".

`ISMCTSBot` searches information sets itself: it is handed a state sampled from the mover's information state and
draws its own determinisations from it through the adapter's `resample_from_infostate` (the game's native
resampler). OpenSpiel's ISMCTS refuses perfect-information games (MB Centipede). Agent names: "os_ismcts",
"os_ismcts:simulations=500", "os_ismcts:seconds=0.1".
"""

from __future__ import annotations

import time
from typing import Any

from ..agents.base import Agent
from ..agents.registry import AgentSpec, Param
from ..core.game import State


class OpenSpielMCTSAgent(Agent):
    name = "os_mcts"
    _BUDGET = "max_simulations"  # the bot's attribute holding its simulation count

    def __init__(
        self, seed: int | None = None, simulations: int = 1000, seconds: float | None = None, uct_c: float = 2.0
    ):
        super().__init__(seed)
        if simulations < 1:
            raise ValueError(f"simulations must be at least 1, got {simulations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        self.simulations = simulations
        self.seconds = seconds
        self.uct_c = uct_c
        self._bot: Any = None  # open_spiel's Python bot (untyped), made for the game being played
        self._spiel_game: Any = None  # the pyspiel game it searches (untyped)
        self._key: tuple[str, tuple[tuple[str, Any], ...]] | None = None
        self._per_sim: float | None = None

    def _setup(self, state: State) -> None:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from . import openspiel

        key = (state.game.name, tuple(sorted(state.game.options.items())))
        if key != self._key:
            self._spiel_game = openspiel.load(state.game.name, **state.game.options)
            rs = np.random.RandomState(self.rng.randrange(2**31))

            class CopyingPrior(mcts.RandomRolloutEvaluator):
                # MCTSBot shuffles the prior list in place, and a prior at a chance node is the game's own
                # chance_outcomes() list, which a game may share between states: hand it a copy.
                def prior(self, state: openspiel.BoardcadeSpielState) -> list[tuple[int, float]]:
                    return list(super().prior(state))

            evaluator = CopyingPrior(n_rollouts=1, random_state=rs)
            self._bot = mcts.MCTSBot(
                self._spiel_game, self.uct_c, self.simulations, evaluator, solve=False, random_state=rs
            )
            self._key = key

    def step(self, state: State) -> int:
        from .openspiel import BoardcadeSpielState

        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._setup(state)
        player = state.current_player()
        # The search's own copy, in quiet mode: its rollouts record no events and skip legality re-checks
        # (MCTSBot applies only actions the state listed).
        sample = state.resample_from_infostate(player, self.rng).set_quiet()
        if self.seconds is not None:
            sims = self.simulations if self._per_sim is None else int(self.seconds / self._per_sim)
            setattr(self._bot, self._BUDGET, max(10, sims))
        start = time.perf_counter()
        action = self._bot.step(BoardcadeSpielState(self._spiel_game, sample))
        per_sim = (time.perf_counter() - start) / getattr(self._bot, self._BUDGET)
        self._per_sim = per_sim if self._per_sim is None else 0.5 * self._per_sim + 0.5 * per_sim
        return action if action in legal else self.rng.choice(legal)


class OpenSpielISMCTSAgent(OpenSpielMCTSAgent):
    name = "os_ismcts"
    _BUDGET = "_max_simulations"

    def _setup(self, state: State) -> None:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from . import openspiel

        key = (state.game.name, tuple(sorted(state.game.options.items())))
        if key != self._key:
            if state.game.game_type.perfect_information:
                raise ValueError(f"OpenSpiel's ISMCTSBot refuses perfect-information games such as {state.game.name}")
            self._spiel_game = openspiel.load(state.game.name, **state.game.options)
            rs = np.random.RandomState(self.rng.randrange(2**31))
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
            self._bot = openspiel.ismcts_bot(self._spiel_game, evaluator, self.uct_c, self.simulations, random_state=rs)
            self._key = key


# Registered through the "boardcade.agents" entry point (pyproject.toml), so the agents package never imports interop.
AGENT_SPEC = AgentSpec(
    name="os_mcts",
    factory=OpenSpielMCTSAgent,
    params=(
        Param("simulations", int, "simulations per decision (default 1000)", minimum=1),
        Param("seconds", float, "seconds per decision (the simulation count follows the measured speed)"),
        Param("uct_c", float, "UCT exploration constant (default 2.0)"),
    ),
    doc="OpenSpiel's own MCTSBot with random rollouts, searching one state sampled from its information state",
    strength="the standard generic searcher, for comparisons",
    think="1000 simulations, or the seconds you give it",
    extra="openspiel",
    requires=("numpy", "pyspiel"),
)
