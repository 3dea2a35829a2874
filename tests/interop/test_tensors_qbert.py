"""Q*bert's own tensor block (games/qbert/tensors.py), by the reference path and the direct path."""

from __future__ import annotations

import random

import numpy as np
import pytest

from boardcade import load_game
from boardcade.interop.tensors import encode, encoder_for
from boardcade.testing import act, rules_fired, scenario

from .tensor_helpers import walk


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


ESCAPE_STEPS = [  # from scenario(roll=r, qbert=(3, 1), coily=(4, 1)): two hops, then Coily threatens him
    ("hop", {"dir": "up-left"}),
    ("hop", {"dir": "down-right"}),
    ("stop", {}),
    ("character_die", {"character": "Coily"}),
    ("d6", {"face": 2}),
    ("step", {"dir": "up-right"}),
]


def test_QB_7_1_the_nasty_players_tensor_never_depends_on_the_hidden_roll():
    """QB-7.1, QB-5.4: during an escape (the tube still down) the nasty player's tensor is the same for every
    roll that allows the hops he has seen; Q*bert's own tensor shows his moves left."""
    tensors = {}
    for roll in range(2, 9):
        state = scenario("qbert", roll=roll, qbert=(3, 1), coily=(4, 1))
        for kind, args in ESCAPE_STEPS:
            act(state, kind, **args)
        assert state.observation(None)["phase"] == "escape"
        enc = encoder_for(state.game)
        tensors[roll] = (encode(state, 1), enc.named(encode(state, 0)))
    nasty = [t[0] for t in tensors.values()]
    assert all(np.array_equal(nasty[0], other) for other in nasty[1:])
    assert [round(float(named["moves"][1]) * 8) for _, named in tensors.values()] == [r - 2 for r in range(2, 9)]


# ---- the direct path (encode_state) --------------------------------------------------------------------


@pytest.mark.parametrize(
    "options", [{}, {"tiebreak": False}, {"max_turns_per_round": 3}], ids=["default", "draw-on-tie", "short-rounds"]
)
def test_QB_7_1_direct_tensors_equal_the_observations_on_random_matches(options, every_state, direct_equals_reference):
    """QB-7.1, QB-7.2: on every state of four seeded random matches per variant (and with rounds cut short by the
    turn cap, QB-6.4, so that ties and extra games come up), the tensors encoded straight from the state equal
    those read from observation(p) for Q*bert's seat, the nasty player's and the spectator's, in many states
    with the roll still in the tube among them."""
    game = load_game("qbert", **options)
    states = list(every_state(game, seed=17, games=4))
    assert sum(1 for s in states if s.observation(None)["roll_hidden"]) > 100
    assert direct_equals_reference(game, states) == 3 * len(states)


@pytest.mark.parametrize("qbert_player", [0, 1])
def test_QB_7_1_direct_tensors_never_show_the_hidden_roll_to_the_nasty_player(qbert_player, direct_equals_reference):
    """QB-7.1, QB-5.4, QB-7.2: through Q*bert's hops, the nasty turn and the escape (the tube still down), the
    directly encoded tensors equal the observation's for every seat, and the nasty player's and the spectator's
    are the same whatever the roll (every roll that allows the two hops seen); once Q*bert stays put he is
    captured and the round ends, and the tensors still agree."""
    game = load_game("qbert")
    enc = encoder_for(game)
    nasty = 1 - qbert_player
    seen_by = {nasty: [], None: []}
    for roll in range(2, 9):
        start = scenario(game, roll=roll, qbert=(3, 1), coily=(4, 1), qbert_player=qbert_player)
        states = walk(start, [*ESCAPE_STEPS, ("stop", {})])
        assert states[-2].observation(None)["phase"] == "escape" and states[-1].observation(None)["round"] == 2
        assert direct_equals_reference(game, states) == 3 * len(states)
        for viewer, seen in seen_by.items():
            seen.append(np.stack([enc.encode_state(s, viewer) for s in states[:-1]]))
        mine = enc.named(enc.encode_state(states[-2], qbert_player))
        assert mine["roll"][roll - 1] == 1.0 and round(float(mine["moves"][1]) * 8) == roll - 2
    for viewer, seen in seen_by.items():
        assert all(np.array_equal(seen[0], other) for other in seen[1:]), viewer
        assert (enc.named(seen[0][-1])["roll_hidden"] == 1.0).all() and not enc.named(seen[0][-1])["roll"].any()


def test_direct_tensors_on_rare_positions(direct_equals_reference):
    """QB-5.8, QB-5.7, QB-3.8, QB-4.10, QB-6.4, QB-6.6, QB-4.8: positions random play seldom reaches (a disc ride
    that eliminates Coily, a Green Ball freeze, the turn cap, a tied game replayed after a new roll-off, face
    walkers on the pyramid, a roll of 1), each followed by random play: both paths agree for every viewer."""
    game = load_game("qbert")
    capped = load_game("qbert", max_turns_per_round=2)
    threatened_at_top = [("stop", {}), ("character_die", {"character": "Coily"}), ("d6", {"face": 1})]
    positions = [
        (  # QB-5.8, QB-5.7: threatened on an edge beside a disc, Q*bert rides it; Coily falls off
            scenario(game, roll=3, qbert=(2, 0), coily=(3, 1)),
            [*threatened_at_top, ("step", {"dir": "up-left"}), ("disc", {"disc": 0, "to": [0, 0]})],
            ["QB-5.8", "QB-5.7"],
        ),
        (  # QB-3.8, QB-4.10: landing on the Green Ball freezes the next nasty turn
            scenario(game, roll=1, qbert=(0, 0), green_ball=(1, 0), discs=(1,)),
            [("hop", {"dir": "down-left"}), ("stop", {})],
            ["QB-3.8", "QB-4.10"],
        ),
        (  # QB-6.4: the turn cap ends the round
            scenario(capped, roll=1, turn=2, coily="out", ugg=(5, 3), wrong_way=(6, 0)),
            [("stop", {}), ("character_die", {"character": "Ugg"}), ("d6", {"face": 1}), ("walk", {"way": "along"})],
            ["QB-4.8", "QB-6.4"],
        ),
        (  # QB-6.6: a captured Q*bert ties the game 1-1; another game starts with a new roll-off
            scenario(game, roll=1, qbert=(0, 0), coily=(1, 1), scores=[(0, 1)], qbert_player=1, pegs=_pegs_but(1)),
            [*threatened_at_top, ("step", {"dir": "up-left"}), ("stop", {}), ("roll_off", {"p1": 2, "p2": 5})],
            ["QB-6.6", "QB-2.1"],
        ),
        (  # QB-4.8: every character on the pyramid, some out, scores of an extra game
            scenario(
                game,
                roll=8,
                qbert=(4, 2),
                slick=(2, 1),
                red_ball=(5, 1),
                green_ball="out",
                ugg=(3, 3),
                wrong_way=(6, 2),
                scores=[(1, 3), (0, 3)],
                qbert_player=1,
                frozen=True,
            ),
            [],
            [],
        ),
    ]
    rounds = set()
    for seed, (start, steps, rules) in enumerate(positions):
        states = walk(start, steps, then=60, seed=seed)
        assert set(rules) <= set(rules_fired(states[len(steps)])), rules
        assert direct_equals_reference(start.game, states) == 3 * len(states)
        rounds |= {s.observation(None)["round"] for s in states}
    assert {1, 2, 3} <= rounds


def _pegs_but(taken: int) -> list[tuple[int, int]]:
    """Every cube but the first `taken` (their pegs are gone)."""
    return [(r, i) for r in range(7) for i in range(r + 1)][taken:]
