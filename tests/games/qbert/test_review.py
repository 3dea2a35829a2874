"""Adversarial review of the Q*bert engine against the rulebook and decisions QB-D1..QB-D12.

Passing tests pin down edge cases the engine gets right. The tests marked DEFECT in their docstring fail
against the engine as reviewed; each names the rule it checks and the fix is proposed in the review report.
"""

import random

import pytest

import boardcade
from boardcade import IllegalActionError
from boardcade.core import sample_chance
from boardcade.games.qbert import board as B
from boardcade.games.qbert.game import ESCAPE, NMOVE, OVER, QMOVE, QROLL

# ---- hidden information (QB-7.1, QB-D3) ---------------------------------------------------------


def test_QB_7_1_a_used_up_roll_waits_for_an_explicit_stop(qb):
    """QB-D3: "Q*bert makes 0..roll hops one at a time, then ends his move ... the roll and so the number
    of escape moves left stay hidden until the reveal." A move that uses the whole roll must not end by
    itself, or the nasty player would learn the roll; the twin with a roll of 8 looks the same to him."""
    short, long_ = qb.start(roll=2), qb.start(roll=8)
    for state in (short, long_):
        state.apply_action(qb.hop("down-left"))
        state.apply_action(qb.hop("down-left"))
    assert short.phase == QMOVE and short.legal_actions() == [qb.A.STOP]
    assert qb.hop("down-left") in long_.legal_actions()
    assert short.observation(1) == long_.observation(1)
    assert short.information_state_string(1) == long_.information_state_string(1)
    assert short.events(1) == long_.events(1)


def test_QB_7_1_a_threat_lifts_the_tube_for_the_nasty_player(qb):
    """QB-D8: "When a nasty's step lands on Q*bert (a capture threat), its move pauses and the roll is
    revealed." Before the threat the nasty player cannot tell a roll of 3 from 5; after it he can."""
    twins = [qb.place(qb.start(roll=roll), qbert=(3, 1), coily=(4, 1)) for roll in (3, 5)]
    for state in twins:
        qb.nasty_turn(state, qb.B.COILY, 2)
    assert twins[0].information_state_string(1) == twins[1].information_state_string(1)
    assert twins[0].observation(1) == twins[1].observation(1)
    for state in twins:
        state.apply_action(qb.step("up-right"))  # onto Q*bert: threat
    assert twins[0].information_state_string(1) != twins[1].information_state_string(1)
    assert [s.observation(1)["moves_left"] for s in twins] == [3, 5]
    assert all(s.observation(None)["roll"] == r for s, r in zip(twins, (3, 5), strict=True))


# ---- threats on the entry move (QB-4.5, QB-5.1, QB-5.2, QB-5.7) ---------------------------------


def test_QB_5_1_coily_entering_onto_qbert_threatens_and_falls_off_after_failing_on_the_bottom_row(qb):
    """QB-D5: "Entering the pyramid is the first step ... Coily enters at (6,3)." QB-D8: "If the nasty ends
    its move without capturing after threatening Q*bert on an outside space, it falls off"."""
    state = qb.place(qb.start(roll=2), qbert=(6, 3))
    qb.nasty_turn(state, qb.B.COILY, 2)
    state.apply_action(qb.A.ENTER0)
    assert state.phase == ESCAPE and any(e.rule == "QB-5.1" for e in state.events())
    state.apply_action(qb.hop("up-left"))  # (5,2)
    state.apply_action(qb.hop("up-left"))  # (4,1): moves used up, the escape ends
    assert state.phase == NMOVE and state.steps_left == 1
    state.apply_action(qb.step("up-right"))  # (5,3): cannot reach him
    assert state.nasty[qb.B.COILY] == qb.B.ELIMINATED and not state.scores
    assert any(e.rule == "QB-5.7" for e in state.events())


def test_QB_5_2_ugg_entering_onto_the_right_face_of_qbert_cube_threatens(qb):
    """QB-D5: "Ugg onto the right face of (6,6)". QB-D7: Ugg captures by "their move onto a face of the cube
    Q*bert stands on". With a move left Q*bert escapes; with none he is captured (QB-5.4)."""
    state = qb.place(qb.start(roll=1), qbert=(6, 6))
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.ENTER0)
    assert state.phase == ESCAPE and any(e.rule == "QB-5.2" for e in state.events())
    state.apply_action(qb.hop("up-left"))  # (5,5): crosses RF(5,5), not Ugg's RF(6,6)
    assert state.phase == QROLL and not state.scores
    assert state.nasty[qb.B.UGG] == qb.B.ELIMINATED  # threatened on an outside space and failed

    state = qb.place(qb.start(roll=1), qbert=(5, 5))
    state.apply_action(qb.hop("down-right"))  # (6,6), the whole roll used
    qb.nasty_turn(state, qb.B.UGG, 1)
    state.apply_action(qb.A.ENTER0)
    assert state.scores == [(0, 1)] and any("captured by Ugg" in e.text for e in state.events())


def test_QB_5_4_red_ball_dropping_onto_qbert_with_no_moves_left_captures(qb):
    """QB-D5: Red Ball "drop[s] onto (1,0) or (1,1)"; QB-D8: with no escape moves "he is captured"."""
    state = qb.start(roll=1)
    state.apply_action(qb.hop("down-left"))  # (1,0)
    qb.nasty_turn(state, qb.B.RED_BALL, 3)
    assert qb.A.ENTER0 in state.legal_actions()  # Q*bert does not block the entry space
    state.apply_action(qb.A.ENTER0)
    assert state.scores == [(0, 1)] and any("captured by Red Ball" in e.text for e in state.events())


# ---- captures during Q*bert's own hops in an escape (QB-3.5, QB-3.6) ----------------------------


def test_QB_3_6_escape_hop_across_the_threatening_wrong_way_is_a_capture(qb):
    """Rulebook, Moving Q*bert: "If Qbert passes over Ugg or Wrong Way during a move, Qbert is captured";
    Saving Q*bert applies QB-3.3..3.8 to each escape hop. Hopping down-left crosses Wrong Way's face."""
    state = qb.place(qb.start(roll=2), qbert=(4, 1), wrong_way=(4, 0))
    qb.nasty_turn(state, qb.B.WRONG_WAY, 1)
    state.apply_action(qb.A.FACE_ALONG)  # onto LF(4,1): threat
    assert state.phase == ESCAPE
    state.apply_action(qb.hop("down-left"))  # (4,1)->(5,1) crosses LF(4,1)
    assert state.scores == [(0, 0)] and any(e.rule == "QB-3.6" for e in state.events())


def test_QB_3_5_escape_hop_onto_another_capturer_is_a_capture(qb):
    """Rulebook: "If Qbert lands on a space occupied by Coily or Red Ball during any part of a move, Qbert is
    captured" — an escape hop included."""
    state = qb.place(qb.start(roll=2), qbert=(3, 1), coily=(4, 1), red_ball=(2, 0))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("up-right"))
    state.apply_action(qb.hop("up-left"))  # onto Red Ball
    assert state.scores == [(0, 0)] and any("captured by Red Ball" in e.text for e in state.events())


# ---- Slick and the Green Ball during an escape (QB-3.7, QB-3.8, QB-4.10) -------------------------


def test_QB_3_7_landing_on_slick_during_an_escape_ends_the_escape_and_the_nasty_finishes(qb):
    """Rulebook: "If Qbert lands on a space occupied by Slick during any part of a move, Qbert must stop
    there. The player removes Slick to its home position"; QB-D8: "Then the nasty finishes its remaining
    steps"."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(4, 1), slick=(2, 1))
    qb.nasty_turn(state, qb.B.COILY, 3)
    state.apply_action(qb.step("up-right"))  # threat
    state.apply_action(qb.hop("up-right"))  # onto Slick
    assert state.nasty[qb.B.SLICK] == qb.B.HOME and state.q == qb.c(2, 1)
    assert state.phase == NMOVE and state.steps_left == 2
    assert [2, 1] not in state.observation(None)["pegs"]
    assert any(e.rule == "QB-3.7" for e in state.events())


def test_QB_3_8_green_ball_during_an_escape_freezes_the_next_nasty_turn(qb):
    """QB-D7: "Q*bert landing on it sends it home and freezes the nasties (the next nasty turn is skipped)".
    Landed on during an escape, the moving nasty still finishes; the following nasty turn is skipped."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(4, 1), green_ball=(2, 1))
    qb.nasty_turn(state, qb.B.COILY, 2)
    state.apply_action(qb.step("up-right"))  # threat
    state.apply_action(qb.hop("up-right"))  # onto the Green Ball
    assert state.nasty[qb.B.GREEN_BALL] == qb.B.HOME and state.frozen
    assert state.phase == ESCAPE  # he may keep hopping
    state.apply_action(qb.A.STOP)
    assert state.phase == NMOVE
    state.apply_action(qb.step("down-left"))  # (4,1); threatened on an inside space: stays on
    assert state.phase == QROLL and state.nasty[qb.B.COILY] == qb.c(4, 1)
    state.apply_action(0)  # next turn, roll 1
    state.apply_action(qb.A.STOP)
    assert state.phase == QROLL and not state.frozen and any(e.rule == "QB-4.10" for e in state.events())


# ---- last peg, discs, falling off (QB-6.1, QB-5.8, QB-5.7) --------------------------------------


def test_QB_6_1_last_peg_taken_during_an_escape_ends_the_round_at_once(qb):
    """Rulebook: "Play continues until the Q*bert player removes all the pegs or is captured." The nasty
    does not finish its move; the next round starts with the roles swapped."""
    state = qb.place(qb.start(roll=2), qbert=(3, 1), coily=(4, 1))
    state.pegs = 1 << qb.c(2, 1)
    qb.nasty_turn(state, qb.B.COILY, 3)
    state.apply_action(qb.step("up-right"))
    state.apply_action(qb.hop("up-right"))  # takes the last peg
    assert state.scores == [(0, 28)] and state.phase == QROLL and state.qp == 1
    assert {n["where"] for n in state.observation(None)["nasties"]} == {"home"}


def test_QB_6_1_last_peg_taken_on_a_disc_landing_ends_the_round(qb):
    """QB-D9: "Landing on the top cube takes its peg (QB-D2)" — when it is the last, the round is over."""
    state = qb.place(qb.start(roll=2), qbert=(2, 0), coily=(3, 0))
    state.pegs = 1 << qb.c(0, 0)
    qb.nasty_turn(state, qb.B.COILY, 2)
    state.apply_action(qb.step("up-right"))
    state.apply_action(qb.A.DISC0)
    assert state.scores == [(0, 28)] and state.round == 1 and state.phase == QROLL


def test_QB_5_8_top_occupied_leaves_the_one_free_cube_below(qb):
    """Rulebook: "If the top space is occupied, Qbert moves to the next space under the occupied space. The
    flying disc is then placed out of play"; QB-D9: "forfeits any moves left"."""
    state = qb.place(qb.start(roll=3), qbert=(2, 0), coily=(3, 0), slick=(0, 0), red_ball=(1, 0))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("up-right"))
    assert [a for a in state.legal_actions() if a >= qb.A.DISC0] == [qb.A.DISC0 + 2]
    state.apply_action(qb.A.DISC0 + 2)
    obs = state.observation(None)
    assert obs["qbert"] == [1, 1] and not obs["discs"][0]["active"] and [1, 1] not in obs["pegs"]
    assert state.nasty[qb.B.COILY] == qb.B.ELIMINATED and not state.scores


def test_QB_5_7_red_ball_dropping_home_after_failing_on_the_bottom_row_is_out(qb):
    """Rulebook, Saving Q*bert 3: "Because Red Ball tried to capture Qbert on an outside space, and failed,
    Red Ball 'falls off' the board and is eliminated from the game" — not merely sent home (QB-4.6)."""
    state = qb.place(qb.start(roll=1), qbert=(6, 2), red_ball=(5, 2))
    qb.nasty_turn(state, qb.B.RED_BALL, 2)
    state.apply_action(qb.step("down-left"))  # onto Q*bert at (6,2)
    state.apply_action(qb.hop("up-right"))  # (5,2)
    assert state.legal_actions() == [qb.A.GO_HOME]
    state.apply_action(qb.A.GO_HOME)
    assert state.nasty[qb.B.RED_BALL] == qb.B.ELIMINATED
    state.apply_action(0)
    qb.nasty_turn(state, qb.B.RED_BALL, 4)
    assert state.phase == QROLL  # forfeited: out for the rest of the round


# ---- round end, cap (QB-6.4) ---------------------------------------------------------------------


def test_QB_6_4_a_capped_round_scores_the_pegs_taken_and_the_roles_swap(qb):
    """QB-D10: "Option max_turns_per_round ... ends a round early — a digital safeguard"; the score is
    still "pegs taken that round"."""
    state = qb.start({"max_turns_per_round": 1}, roll=2)
    state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.hop("down-left"))
    qb.nasty_turn(state, qb.B.SLICK, 1)
    state.apply_action(qb.A.ENTER0 + 1)
    assert state.scores == [(0, 2)] and state.safety_cap_hit() and state.qp == 1 and state.phase == QROLL


# ---- whole games: no dead ends, no overlaps, bounded length (QB-4.9, QB-D8, QB-6.1) ---------------


@pytest.mark.parametrize("options", [{}, {"tiebreak": True}])
def test_QB_4_9_random_matches_never_stall_overlap_or_overrun(options):
    """QB-D6: "Two nasties never share a cube or face"; QB-D8: Coily/Red Ball on Q*bert's cube is a threat
    that is settled at once; every decision point offers a legal action and every match ends within
    max_game_length."""
    game = boardcade.load_game("qbert", **options)
    rng = random.Random(7)
    for _ in range(80):
        state = game.new_initial_state()
        pegs_before, round_before = 28, 0
        while not state.is_terminal():
            if not state.is_chance_node():
                assert state.legal_actions()
                cubes = [p for k, p in enumerate(state.nasty) if k in B.CUBE_WALKERS and p >= 0]
                assert len(cubes) == len(set(cubes))
                if state.q in (state.nasty[B.COILY], state.nasty[B.RED_BALL]):
                    assert state.phase == ESCAPE
                assert state.hops <= state.roll
            if state.round == round_before:
                assert state.pegs.bit_count() <= pegs_before  # pegs never come back within a round
            pegs_before, round_before = state.pegs.bit_count(), state.round
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
        assert state.phase == OVER and len(state.history()) <= game.max_game_length


# ---- DEFECTS: these fail against the engine as reviewed ------------------------------------------


def test_QB_4_5_face_walker_entry_names_the_face_it_enters(qb):
    """DEFECT. QB-D5: "Wrong Way onto the left face of (6,0); Ugg onto the right face of (6,6)." Their walking
    steps carry action_info["face"], their entry does not, so a board UI (games/qbert/web.js keys choices by
    face) offers the entry on the cube's top instead of on the face where the piece will stand."""
    for k, face in ((qb.B.UGG, "right"), (qb.B.WRONG_WAY, "left")):
        state = qb.place(qb.start(roll=1), qbert=(3, 1))
        qb.nasty_turn(state, k, 1)
        assert state.legal_actions() == [qb.A.ENTER0]
        assert state.action_info(qb.A.ENTER0).get("face") == face, qb.B.NASTY_NAMES[k]


def test_QB_5_5_stop_before_any_escape_hop_says_it_means_capture(qb):
    """DEFECT. QB-5.5: "Staying put without a single escape hop means he is captured." The action is labelled
    plain "stop" (the same label as ending an escape safely), so a player cannot see that choosing it now
    ends the round."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("up-right"))
    assert state.phase == ESCAPE
    assert "captur" in state.action_info(qb.A.STOP)["label"].lower()
    state.apply_action(qb.hop("up-left"))
    assert "captur" not in state.action_info(qb.A.STOP)["label"].lower()  # now it only ends the escape


def test_QB_5_4_the_reveal_at_a_threat_is_a_QB_5_4_event_not_lapsed_moves(qb):
    """DEFECT (doc/code mismatch). QB-5.4: "A threat pauses the nasty's move and the tube is lifted." QB-4.11
    is the end-of-turn reveal where "Moves Q*bert did not use lapse". At a threat the engine emits the reveal
    as QB-4.11 "... (4 move(s) unused)" although those moves are about to be used as escape moves."""
    state = qb.place(qb.start(roll=5), qbert=(3, 1), coily=(4, 1))
    state.apply_action(qb.hop("up-left"))  # (2,0)
    state.apply_action(qb.hop("down-right"))  # back to (3,1): 3 moves left in the tube
    qb.nasty_turn(state, qb.B.COILY, 1)
    step = state.move_number()
    state.apply_action(qb.step("up-right"))
    at_threat = [e for e in state.events() if e.step == step]
    assert not any(e.rule == "QB-4.11" for e in at_threat)
    assert any(e.rule == "QB-5.4" and "5" in e.text for e in at_threat)  # the roll itself is shown


def test_QB_5_8_refused_disc_landing_names_the_occupied_top(qb):
    """DEFECT. QB-5.8: "He flies to the top cube, or, when it is occupied, to the free one of (1,0) and (1,1)".
    Choosing the top while it is occupied is refused with "a disc can only be used during an escape, from
    the edge cube beside an unused disc" — untrue here (he is escaping from that cube) and silent on the
    real reason. Project standard: a clear error naming what was wrong."""
    state = qb.place(qb.start(roll=4), qbert=(5, 5), coily=(4, 4), slick=(0, 0))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("down-right"))
    before = state.observation(0)
    with pytest.raises(IllegalActionError, match="occupied") as err:
        state.apply_action(qb.A.DISC0 + 3 * 2)  # right disc, landing on the top
    assert "only be used during an escape" not in str(err.value)
    assert state.observation(0) == before


def test_QB_5_5_escaping_back_onto_the_threatened_cube_is_a_capture(qb):
    """DEFECT (judgement call). Rulebook: escape moves let Q*bert "move away from being captured"; QB-5.5:
    "Staying put without a single escape hop means he is captured." From a Wrong Way threat Q*bert can hop
    away and straight back (up-left, down-right: neither hop crosses LF(4,1)) and end the escape on the very
    cube whose face Wrong Way still holds, uncaptured. Against Coily or Red Ball the same return is a capture
    (landing on them), so only the face walkers leave this loophole."""
    state = qb.place(qb.start(roll=2), qbert=(4, 1), wrong_way=(4, 0))
    qb.nasty_turn(state, qb.B.WRONG_WAY, 1)
    state.apply_action(qb.A.FACE_ALONG)  # onto LF(4,1): threat
    state.apply_action(qb.hop("up-left"))  # (3,0)
    state.apply_action(qb.hop("down-right"))  # back to (4,1), Wrong Way still on its left face
    assert state.scores and state.scores[0][0] == 0
    assert any("captured by Wrong Way" in e.text for e in state.events())
