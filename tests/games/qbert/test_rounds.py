"""Round end, scoring, role swap, the safety cap and winning (QB-6.x)."""

import random

import boardcade
from boardcade import CHANCE
from boardcade.core import sample_chance
from boardcade.testing import act


def test_QB_6_1_round_ends_when_every_peg_is_taken(qb):
    """QB-6.1: round ends when every peg is taken."""
    state = qb.start(roll=2, pegs=[(1, 0), (2, 0)])  # two pegs left
    qb.hop(state, "down-left")
    assert not qb.scores(state)
    qb.hop(state, "down-left")
    assert qb.scores(state) == [(0, 28)]
    assert qb.fired(state, "QB-6.1", "Every peg")


def test_QB_6_2_and_6_3_score_is_pegs_taken_then_board_resets_and_roles_swap(qb):
    """QB-6.2, QB-6.3: score is pegs taken then board resets and roles swap."""
    state = qb.start(roll=3, red_ball=(3, 0), wrong_way=(2, 1), discs=())
    qb.hop(state, "down-left")
    qb.hop(state, "down-left")
    qb.hop(state, "down-left")  # onto Red Ball: captured
    assert qb.scores(state) == [(0, 2)]
    obs = state.observation(None)
    assert obs["qbert_player"] == 1 and obs["nasty_player"] == 0 and obs["round"] == 2
    assert obs["pegs_left"] == 28 and obs["qbert"] == [0, 0]
    assert {n["where"] for n in obs["nasties"]} == {"home"} and all(d["active"] for d in obs["discs"])
    assert obs["phase"] == "qbert-roll" and state.current_player() == CHANCE


def test_QB_6_4_safety_cap_ends_a_round_after_max_turns(qb):
    """QB-6.4: safety cap ends a round after max turns."""
    state = qb.start({"max_turns_per_round": 2}, roll=1)
    qb.nasty_turn(state, "Ugg", 1)
    act(state, "enter")
    act(state, "d8", face=1)  # turn 2
    qb.nasty_turn(state, "Ugg", 1)
    act(state, "walk", way="along")
    assert qb.scores(state) == [(0, 0)] and state.safety_cap_hit()
    assert qb.fired(state, "QB-6.4")


def test_QB_6_4_default_cap_is_documented_and_random_games_rarely_reach_it():
    """QB-6.4: default cap is documented and random games rarely reach it."""
    game = boardcade.load_game("qbert")
    assert game.options["max_turns_per_round"] == 100
    rng = random.Random(11)
    capped = 0
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
        capped += state.safety_cap_hit()
    assert capped <= 6  # rules version 2: no turn-capped match in 2,000 random ones; 150 games allow a few


def test_QB_6_2_a_round_is_scored_with_the_pegs_taken_before_a_capture(qb):
    """QB-6.2: player 0 takes one peg, survives a nasty turn, then hops onto Coily: the round scores 1."""
    state = qb.start(roll=1, coily=(2, 0))
    qb.hop(state, "down-left")  # takes the peg on (1,0)
    qb.nasty_turn(state, "Ugg", 1)
    act(state, "enter")
    act(state, "d8", face=1)  # next turn, roll 1: hop onto Coily
    qb.hop(state, "down-left")
    assert qb.scores(state) == [(0, 1)]
    assert qb.view(state)["qbert_player"] == 1


def test_QB_6_5_more_pegs_as_qbert_wins(qb):
    """QB-6.5: more pegs as Q*bert wins."""
    state = qb.start(roll=1, scores=[(0, 1)], qbert_player=1, coily=(1, 1))
    qb.hop(state, "down-right")  # round 2: player 1 is Q*bert and is captured at once
    assert qb.phase(state) == "over" and state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert qb.fired(state, "QB-6.5", "Player 1 wins, 1 pegs to 0")


def test_QB_6_6_ties_are_replayed_by_default_and_a_draw_without_tiebreak(qb):
    """QB-6.6 (QB-D11 revised): "play another game" is the default; tiebreak=false gives the draw-on-tie
    variant."""
    assert boardcade.load_game("qbert").options["tiebreak"] is True
    state = qb.start({"tiebreak": False}, roll=1, scores=[(0, 0)], qbert_player=1, coily=(1, 0))
    qb.hop(state, "down-left")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and not state.safety_cap_hit()
    assert qb.fired(state, "QB-6.6", "draw")


def test_QB_6_6_tiebreak_plays_another_game_with_a_new_roll_off(qb):
    """QB-6.6: a tie is broken by another game: a new roll-off, then two rounds on a fresh board."""
    state = qb.start(roll=1, scores=[(0, 0)], qbert_player=1, coily=(1, 0))
    qb.hop(state, "down-left")
    assert not state.is_terminal() and qb.phase(state) == "roll-off" and state.current_player() == CHANCE
    assert qb.fired(state, "QB-6.6", "another game")
    act(state, "roll_off", p1=1, p2=6)  # player 1 is Q*bert first this time
    obs = qb.view(state)
    assert obs["qbert_player"] == 1 and obs["round"] == 3 and obs["game_number"] == 2
    act(state, "d8", face=1)
    qb.hop(state, "down-right")  # player 1 takes a peg: a fresh board for the new game
    assert qb.view(state)["pegs_left"] == 27 and qb.view(state)["totals"] == [0, 0]


def test_QB_6_6_tiebreak_events_report_each_games_own_pegs(qb):
    """QB-6.6: the opening game was tied 3-3; extra game 1, tied 0-0, is reported as "0 pegs each", not as
    the running 3 each (the winning extra game's report: test_QB_6_5_the_extra_game_decides_the_match)."""
    state = qb.start(roll=1, scores=[(0, 3), (1, 3), (0, 0)], qbert_player=1, coily=(1, 0))
    qb.hop(state, "down-left")
    assert qb.fired(state, "QB-6.6", "Extra game 1 is tied at 0 pegs each")
    assert qb.view(state)["games"] == [{"game": 1, "pegs": [3, 3]}, {"game": 2, "pegs": [0, 0]}]
    assert not qb.fired(state, "QB-6.6", "3 pegs each")


def test_QB_6_5_the_extra_game_decides_the_match(qb):
    """QB-6.5: after a tied first game, the extra game's winner wins the match, reported with its own pegs."""
    state = qb.start(roll=1, scores=[(0, 2), (1, 2), (1, 1)], qbert_player=0, coily=(1, 0))
    qb.hop(state, "down-left")  # player 0 captured at once: extra game 1 ends 1 to 0 for player 1
    assert state.is_terminal() and state.returns() == [-1.0, 1.0] and not state.safety_cap_hit()
    assert qb.fired(state, "QB-6.5", "Player 2 wins, 1 pegs to 0 in extra game 1")
    assert state.roles() == ["Q*bert first", "nasties first"]  # roles name the opening game
    assert state.stats()["extra_games"] == 1


def test_QB_6_7_still_tied_after_the_cap_on_extra_games_is_a_capped_draw(qb):
    """QB-6.7: still tied after tiebreak_max_pairs extra games is a draw, and a safety-cap ending."""
    state = qb.start(
        {"tiebreak_max_pairs": 1},
        roll=1,
        scores=[(0, 0), (1, 0), (0, 0)],
        qbert_player=1,
        coily=(1, 0),
    )
    qb.hop(state, "down-left")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and len(qb.scores(state)) == 4
    assert state.safety_cap_hit() and qb.fired(state, "QB-6.7", "cap of 1 extra game is reached")
