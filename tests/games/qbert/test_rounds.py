"""Round end, scoring, role swap, the safety cap and winning (QB-6.x)."""

import random

import boardcade
from boardcade import CHANCE
from boardcade.core import sample_chance
from boardcade.games.qbert.game import OVER, QROLL, ROLLOFF


def test_QB_6_1_round_ends_when_every_peg_is_taken(qb):
    """QB-6.1: round ends when every peg is taken."""
    state = qb.start(roll=2)
    state.pegs = 1 << qb.c(1, 0) | 1 << qb.c(2, 0)  # two pegs left
    state.apply_action(qb.hop("down-left"))
    assert not state.scores
    state.apply_action(qb.hop("down-left"))
    assert state.scores == [(0, 28)]
    assert any(e.rule == "QB-6.1" and "Every peg" in e.text for e in state.events())


def test_QB_6_2_and_6_3_score_is_pegs_taken_then_board_resets_and_roles_swap(qb):
    """QB-6.2, QB-6.3: score is pegs taken then board resets and roles swap."""
    state = qb.start(roll=3)
    state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.hop("down-left"))
    qb.place(state, red_ball=(3, 0), wrong_way=(2, 1))
    state.discs = 0
    state.apply_action(qb.hop("down-left"))  # onto Red Ball: captured
    assert state.scores == [(0, 2)]
    obs = state.observation(None)
    assert obs["qbert_player"] == 1 and obs["nasty_player"] == 0 and obs["round"] == 2
    assert obs["pegs_left"] == 28 and obs["qbert"] == [0, 0]
    assert {n["where"] for n in obs["nasties"]} == {"home"} and all(d["active"] for d in obs["discs"])
    assert state.phase == QROLL and state.current_player() == -1


def test_QB_6_4_safety_cap_ends_a_round_after_max_turns(qb):
    """QB-6.4: safety cap ends a round after max turns."""
    state = qb.start({"max_turns_per_round": 2}, roll=1)
    state.apply_action(qb.A.STOP)
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.ENTER0)
    state.apply_action(0)  # turn 2: roll 1
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.FACE_ALONG)
    assert state.scores == [(0, 0)] and state.safety_cap_hit()
    assert any(e.rule == "QB-6.4" for e in state.events())


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
    assert capped <= 6  # measured about 0.5% over 2,000 games; 150 games allow a few


def test_QB_6_5_more_pegs_as_qbert_wins(qb):
    """QB-6.5: more pegs as Q*bert wins."""
    state = qb.start(roll=1)
    state.apply_action(qb.hop("down-left"))  # player 0 takes the peg on (1,0)
    state.apply_action(qb.A.STOP)
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.ENTER0)
    state.apply_action(0)  # next turn, roll 1: hop onto Coily
    qb.place(state, coily=(2, 0))
    state.apply_action(qb.hop("down-left"))
    assert state.scores == [(0, 1)]
    state.apply_action(0)  # round 2: player 1 is Q*bert and is captured at once
    qb.place(state, coily=(1, 1))
    state.apply_action(qb.hop("down-right"))
    assert state.phase == OVER and state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert any(e.rule == "QB-6.5" and "Player 1 wins, 1 pegs to 0" in e.text for e in state.events())


def test_QB_6_6_tie_is_a_draw_by_default(qb):
    """QB-6.6: tie is a draw by default."""
    state = qb.start(roll=1)
    qb.place(state, coily=(1, 0))
    state.apply_action(qb.hop("down-left"))
    state.apply_action(0)
    qb.place(state, coily=(1, 0))
    state.apply_action(qb.hop("down-left"))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert any(e.rule == "QB-6.6" and "draw" in e.text for e in state.events())


def _both_captured_at_once(state, qb):
    """Q*bert hops straight onto Coily in both rounds of a game: 0-0."""
    for n in range(2):
        if n:
            state.apply_action(0)  # next round: roll 1
        qb.place(state, coily=(1, 0))
        state.apply_action(qb.hop("down-left"))


def test_QB_6_6_tiebreak_plays_another_game_with_a_new_roll_off(qb):
    """QB-6.6: with tiebreak, a tie is broken by another game: a new roll-off, then two rounds."""
    state = qb.start({"tiebreak": True, "tiebreak_max_pairs": 1}, roll=1)
    _both_captured_at_once(state, qb)
    assert not state.is_terminal() and state.phase == ROLLOFF and state.current_player() == CHANCE
    assert any(e.rule == "QB-6.6" and "another game" in e.text for e in state.events())
    state.apply_action(6 * 0 + 5)  # player 0 rolls 1, player 1 rolls 6: player 1 is Q*bert first this time
    assert state.qp == 1 and state.round == 2
    state.apply_action(0)
    state.apply_action(qb.hop("down-right"))  # player 1 takes a peg
    state.apply_action(qb.A.STOP)
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.ENTER0)
    state.apply_action(0)
    qb.place(state, coily=(2, 1))
    state.apply_action(qb.hop("down-left"))  # captured with 1 peg
    state.apply_action(0)
    qb.place(state, coily=(1, 0))
    state.apply_action(qb.hop("down-left"))  # player 0 captured at once
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.roles() == ["Q*bert first", "nasties first"]  # roles name the opening game


def test_QB_6_6_tiebreak_cap_still_tied_is_a_draw(qb):
    """QB-6.6: still tied after tiebreak_max_pairs extra games is a draw."""
    state = qb.start({"tiebreak": True, "tiebreak_max_pairs": 1}, roll=1)
    _both_captured_at_once(state, qb)
    state.apply_action(6 * 5 + 0)  # player 0 is Q*bert first again
    state.apply_action(0)
    _both_captured_at_once(state, qb)
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and len(state.scores) == 4
