"""Q*bert's own tensor block (interop/tensors/qbert.py)."""

from __future__ import annotations

import random

import numpy as np

from boardcade import load_game
from boardcade.interop.tensors import encode, encoder_for
from boardcade.testing import act, scenario


def _to_secret_roll(seed: int = 0):
    """A Q*bert state right after Q*bert's secret d8 roll, with the roller known."""
    game = load_game("qbert")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(None)
        if obs["phase"] == "qbert-move" and obs["roll_hidden"]:
            return state, obs["qbert_player"]


def test_qb_3_1_secret_roll_only_in_the_qbert_players_tensor():
    """QB-3.1: the d8 is rolled in the secret tube; only the Q*bert player's tensor shows it."""
    state, qp = _to_secret_roll()
    enc = encoder_for(state.game)
    mine = enc.named(encode(state, qp))
    theirs = enc.named(encode(state, 1 - qp))
    roll = state.observation(qp)["roll"]
    assert mine["roll"][roll - 1] == 1.0 and mine["roll_hidden"][0] == 0.0
    assert theirs["roll"].sum() == 0.0 and theirs["roll_hidden"][0] == 1.0
    assert np.array_equal(mine["pegs"], theirs["pegs"]) and np.array_equal(mine["qbert"], theirs["qbert"])


def test_qbert_board_blocks_match_the_observation():
    """Q*bert's cube, the pegs and the discs in the tensor are those of the observation."""
    state, qp = _to_secret_roll(seed=3)
    obs = state.observation(qp)
    named = encoder_for(state.game).named(encode(state, qp))
    r, i = obs["qbert"]
    assert named["qbert"][r * (r + 1) // 2 + i] == 1.0 and named["qbert"].sum() == 1.0
    assert named["pegs"].sum() == obs["pegs_left"] == len(obs["pegs"])
    assert named["discs"].sum() == sum(d["active"] for d in obs["discs"])
    assert named["nasties"].sum() == len(obs["nasties"])  # each character is somewhere: a space, home or out


def test_QB_7_1_the_nasty_players_tensor_never_depends_on_the_hidden_roll():
    """QB-7.1, QB-5.4: during an escape (the tube still down) the nasty player's tensor is the same for every
    roll that allows the hops he has seen; Q*bert's own tensor shows his moves left."""
    tensors = {}
    for roll in range(2, 9):
        state = scenario("qbert", roll=roll, qbert=(3, 1), coily=(4, 1))
        for kind, args in [
            ("hop", {"dir": "up-left"}),
            ("hop", {"dir": "down-right"}),
            ("stop", {}),
            ("character_die", {"character": "Coily"}),
            ("d6", {"face": 2}),
            ("step", {"dir": "up-right"}),
        ]:
            act(state, kind, **args)
        assert state.observation(None)["phase"] == "escape"
        enc = encoder_for(state.game)
        tensors[roll] = (encode(state, 1), enc.named(encode(state, 0)))
    nasty = [t[0] for t in tensors.values()]
    assert all(np.array_equal(nasty[0], other) for other in nasty[1:])
    assert [round(float(named["moves"][1]) * 8) for _, named in tensors.values()] == [r - 2 for r in range(2, 9)]
