"""How the search agrees with its evaluation: a turn is one plan (best line backed up over one player's
decisions), positions are scored only at turn boundaries, one-ply priors, and chance nodes seen per player
(decided by the game's rule, which must match the information states) with dice keyed by the pool they make."""

from __future__ import annotations

import random

import pytest

from boardcade import load_game
from boardcade.agents import ISMCTSAgent
from boardcade.agents.ismcts import _POOL, chance_hidden_exactly
from boardcade.agents.policies import HIDDEN, SEEN, GamePolicy, policy_for
from boardcade.core import register_game, sample_chance, unregister_game
from boardcade.testing import find_action, scenario

from . import toy


@pytest.fixture
def toy_game():
    register_game(toy.SPEC)
    yield load_game("toy_plan")
    unregister_game("toy_plan")


def test_a_turn_is_one_plan_the_best_line_is_backed_up_not_the_mean(toy_game):
    """WAIT is worth its best option (0.8), more than COMMIT (0.3); averaging WAIT over the options it tried
    makes it look worse. With plan backups the search waits and values WAIT near 0.8; with means it values WAIT
    lower than the plan search does."""
    state = toy_game.new_initial_state()
    planner = ISMCTSAgent(seed=3, iterations=60, temperature=0, exploration=4.0)
    assert planner.step(state) == toy.WAIT
    plan_value = planner.last_search["values"][toy.WAIT]
    assert plan_value > planner.last_search["values"][toy.COMMIT]
    averager = ISMCTSAgent(seed=3, iterations=60, temperature=0, exploration=4.0, plan=False)
    averager.step(state)
    assert averager.last_search["values"][toy.WAIT] < plan_value - 0.3


def test_positions_are_scored_only_at_turn_boundaries(toy_game, monkeypatch):
    """A leaf is scored where the next player to choose is not the one who made the last decision (or the match
    is over); never in the middle of a turn. With turn=0, leaves may fall mid-turn."""
    seen = []
    real = GamePolicy.values

    def spy(self, state):
        seen.append((state.is_terminal(), state.current_player(), getattr(state, "phase", None)))
        return real(self, state)

    monkeypatch.setattr(GamePolicy, "values", spy)
    ISMCTSAgent(seed=1, iterations=60, temperature=0, exploration=4.0).step(toy_game.new_initial_state())
    assert seen and all(term or phase == toy.REPLY for term, _, phase in seen)
    seen.clear()
    ISMCTSAgent(seed=1, iterations=60, turn=False, temperature=0, exploration=4.0).step(toy_game.new_initial_state())
    assert any(phase == toy.CHOOSE for _, _, phase in seen)


def test_with_one_iteration_the_prior_plays_the_best_one_ply_move():
    """The prior is a softmax of one-ply values and an untried action counts at its one-ply value, so a single
    iteration plays what `greedy` would (MB Centipede has nothing hidden: the one-ply values are exact)."""
    game = load_game("mb_centipede")
    policy = policy_for(game)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 6:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        p = state.current_player()
        values = {}
        for a in legal:
            child = state.clone()
            child.apply_action(a)
            values[a] = policy.value_after(child, p)
        best = max(values.values())
        if len(legal) > 1 and sum(1 for v in values.values() if v == best) == 1:
            assert ISMCTSAgent(seed=2, iterations=1).step(state) == max(values, key=values.get)
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked == 6


@pytest.mark.parametrize("name", ["qbert", "atari_centipede", "mb_centipede"])
def test_chance_rules_agree_with_information_states(name):
    """QB-7.1, AC-12.1, MB-10.1: at every chance node of seeded random matches, the game's chance rule says an
    outcome is hidden from a player exactly when two outcomes leave that player's information state the same."""
    game = load_game(name, **({"players": 4} if name == "atari_centipede" else {}))
    policy = policy_for(game)
    rng = random.Random(7)
    checked = {HIDDEN: 0, SEEN: 0}
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if len(state.legal_actions()) > 1:
                    for p in range(game.num_players):
                        hidden = chance_hidden_exactly(state, p)
                        view = policy.chance_view(state, p)
                        assert (view is HIDDEN) == hidden, (state.history(), p)
                        checked[hidden is False] += 1
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked[SEEN] > 0
    if name != "mb_centipede":
        assert checked[HIDDEN] > 0


def test_AC_4_1_dice_are_keyed_by_the_pool_they_make_not_the_roll_order():
    """AC-2.5, AC-4.1, AC-5.4: a run of Gnome dice is one branch per resulting pool: after Slam the Ball the
    Gnome's tree branches on multisets of six faces, never on single rolls in order."""
    state = scenario(
        "atari_centipede", gnome=(0, 4), centipedes=[{"segments": [(9, 5)], "facing": "left"}], dice=(1, 1)
    )
    agent = ISMCTSAgent(seed=1, iterations=150, temperature=0, exploration=3.0)
    roots = []
    real = agent._iterate

    def keep(trees, det, policy, depth):
        roots[:] = trees
        return real(trees, det, policy, depth)

    agent._iterate = keep
    agent.step(state)
    slam = roots[0].children[(0, find_action(state, "use_card", card="Slam the Ball"))]
    keys = list(slam.children)
    assert keys and all(k[0] == _POOL and len(k[1]) == 6 for k in keys)
    assert len({tuple(sorted(k[1])) for k in keys}) == len(keys)


def test_QB_4_1_a_turn_is_scored_at_its_end_before_the_dice_of_the_next(monkeypatch):
    """QB-4.1: after Q*bert's hops the nasty player rolls the character die and the d6; the evaluation weighs
    those odds itself (REACH), so the search scores Q*bert's turn where it ends, before the dice, rather than
    after one sampled roll (before_chance=0 scores after it, at the nasty player's first decision)."""
    game = load_game("qbert")
    rng = random.Random(2)
    state = game.new_initial_state()
    while state.is_chance_node() or state.observation(None)["phase"] != "qbert-move":
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    leaves = []
    real = GamePolicy.values

    def spy(self, s):
        leaves.append(s.is_chance_node())
        return real(self, s)

    monkeypatch.setattr(GamePolicy, "values", spy)
    ISMCTSAgent(seed=1, iterations=40).step(state)
    assert any(leaves)
    leaves.clear()
    ISMCTSAgent(seed=1, iterations=40, before_chance=False).step(state)
    assert leaves and not any(leaves)
