"""Play a game through OpenSpiel: MCTS against information-set MCTS (MCTS for every seat of a perfect-information
game), then a random_sim_test.

python examples/openspiel_mcts.py [game] [simulations]
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from boardcade.interop import openspiel


def main(name: str = "qbert", simulations: int = 20) -> None:
    openspiel.register()  # every boardcade game becomes python_boardcade_<name>
    game = pyspiel.load_game(openspiel.short_name(name))
    print(game, "| observation tensor", game.observation_tensor_shape())
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)]
    perfect = game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    others = game.num_players() - 1
    if perfect:  # information-set MCTS is for imperfect-information games (OpenSpiel's ISMCTSBot refuses others)
        bots += [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)] * others
    else:
        bots += [openspiel.ismcts_bot(game, evaluator, 2.0, simulations, random_state=rng) for _ in range(others)]
    label = "MCTS for every seat" if perfect else "MCTS first, then ISMCTS"
    print(f"returns ({label}):", evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    print("random_sim_test passed")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "qbert", int(sys.argv[2]) if len(sys.argv) > 2 else 20)
