"""`Agent.analyse`: a search agent's choice with visit shares (the hint a human can ask for), and that it is
decided from the mover's information only."""

from __future__ import annotations

import random

import pytest

from boardcade import load_game
from boardcade.agents import GreedyAgent, ISMCTSAgent, make_agent
from boardcade.core import sample_chance

from .conftest import decision_states


def test_analyse_ranks_legal_actions_by_visit_share_and_leads_with_the_move_step_plays(variant):
    """Contract: analyse() lists legal actions, best first, shares in (0, 1] summing to 1; its first action is
    what step() plays with the same seed; the state is left as it was."""
    for state in decision_states(variant, seed=9, count=3):
        before = state.history()
        ranked = ISMCTSAgent(seed=4, iterations=60).analyse(state)
        assert state.history() == before
        legal = set(state.legal_actions())
        assert [a for a, _ in ranked if a not in legal] == []
        assert len({a for a, _ in ranked}) == len(ranked)
        assert all(0 < share <= 1 for _, share in ranked)
        assert sum(share for _, share in ranked) == pytest.approx(1.0)
        assert [s for _, s in ranked] == sorted((s for _, s in ranked), reverse=True)
        assert ranked[0][0] == ISMCTSAgent(seed=4, iterations=60).step(state.clone())


def test_analyse_of_an_agent_without_search_is_its_move_with_share_one(variant):
    state = decision_states(variant, seed=2, count=1)[0]
    ranked = GreedyAgent(seed=3).analyse(state)
    assert len(ranked) == 1 and ranked[0][1] == 1.0 and ranked[0][0] in state.legal_actions()


def _common_step(main, twin, rng) -> None:
    common = [a for a in main.legal_actions() if a in set(twin.legal_actions())]
    action = sample_chance(main, rng) if main.is_chance_node() else rng.choice(common)
    main.apply_action(action)
    twin.apply_action(action)


def _qbert_twins(seed: int):
    """A Q*bert match and its twin that rolled another d8 in the secret tube (QB-7.1), at a decision of the
    nasty player while the roll is still hidden."""
    rng = random.Random(seed)
    main = load_game("qbert").new_initial_state()
    twin = main.clone()
    while not main.is_terminal():
        obs = main.observation(None)
        if obs["phase"] == "qbert-roll" and main.is_chance_node():
            roll = sample_chance(main, rng)
            main.apply_action(roll)
            twin.apply_action((roll + 3) % 8)
            continue
        nasty_to_move = not main.is_chance_node() and main.current_player() != obs["qbert_player"]
        if nasty_to_move and obs["roll_hidden"] and len(main.legal_actions()) > 1 and main.history() != twin.history():
            return main, twin
        _common_step(main, twin, rng)
        if not main.observation(None)["roll_hidden"]:
            twin = main.clone()
    raise AssertionError("no nasty decision with a hidden roll found")


def _atari_twins(seed: int, skip: int):
    """An Atari Centipede match and its twin whose Centipede drew other cards (AC-12.1), at the Gnome's
    decision number `skip` (from 0) after the draws first differ."""
    rng = random.Random(seed)
    main = load_game("atari_centipede").new_initial_state()
    twin = main.clone()
    differ = False
    while not main.is_terminal():
        if main.is_chance_node() and main.action_info(main.legal_actions()[0]).get("kind") == "draw":
            card = sample_chance(main, rng)
            others = [k for k in twin.legal_actions() if k != card]
            alt = others[0] if others else card
            main.apply_action(card)
            twin.apply_action(alt)
            differ |= alt != card
            continue
        centipedes = {side["player"] for side in main.observation(None)["centipede_players"]}
        gnome = next(p for p in range(main.game.num_players) if p not in centipedes)
        if differ and not main.is_chance_node() and main.current_player() == gnome and len(main.legal_actions()) > 1:
            if skip == 0:
                return main, twin, gnome
            skip -= 1
        if not set(main.legal_actions()) & set(twin.legal_actions()):
            raise AssertionError("the twins parted before the Gnome decision")
        _common_step(main, twin, rng)
    raise AssertionError("no Gnome decision with differing Centipede cards found")


@pytest.mark.parametrize("seed", [1, 2])
def test_QB_7_1_hint_for_the_nasty_player_does_not_depend_on_the_secret_roll(seed):
    """QB-7.1, QB-D3: two matches that differ only in Q*bert's secret d8 give the nasty player the same `medium`
    hint (same seed): the hint is decided from the nasty player's information state only."""
    main, twin = _qbert_twins(seed)
    nasty = main.current_player()
    assert main.information_state_string(nasty) == twin.information_state_string(nasty)
    a = make_agent("medium", 11).analyse(main)
    b = make_agent("medium", 11).analyse(twin)
    assert a == b
    assert a[0][0] in main.legal_actions()


def test_AC_12_1_hint_for_the_gnome_does_not_depend_on_the_centipede_hand():
    """AC-12.1: two matches that differ only in the cards the Centipede drew give the Gnome the same `medium`
    hint (same seed): the game's resampler builds its sample from public facts only, so the search cannot
    lean towards the real hand."""
    main, twin, gnome = _atari_twins(1, 4)
    assert main.information_state_string(gnome) == twin.information_state_string(gnome)
    assert main.history() != twin.history()
    seen = [s.resample_from_infostate(gnome, random.Random(0)).history() for s in (main, twin)]
    a = make_agent("medium", 5).analyse(main)
    b = make_agent("medium", 5).analyse(twin)
    assert seen[0] == seen[1] and a == b
