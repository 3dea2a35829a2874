"""Captures, escapes, falling off and discs (QB-5.x), with the rulebook's Red Ball example."""

from boardcade.games.qbert.game import ESCAPE, NMOVE, QROLL


def test_QB_5_1_coily_landing_on_qbert_threatens_and_reveals_the_roll(qb):
    """QB-5.1: coily landing on Q*bert threatens and reveals the roll."""
    state = qb.place(qb.start(roll=4), qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, qb.B.COILY, 1)
    assert state.observation(1)["roll"] is None
    state.apply_action(qb.step("up-right"))
    assert state.phase == ESCAPE and state.current_player() == 0
    obs = state.observation(1)
    assert obs["threat"] and obs["roll"] == 4 and obs["moves_left"] == 4
    assert any(e.rule == "QB-5.1" for e in state.events())


def test_QB_5_2_face_walker_stepping_onto_qbert_cube_face_threatens(qb):
    """QB-5.2: face walker stepping onto Q*bert cube face threatens."""
    state = qb.place(qb.start(roll=1), qbert=(6, 0))
    state.apply_action(qb.A.STOP)
    qb.nasty_turn(state, qb.B.WRONG_WAY, 2)
    state.apply_action(qb.A.ENTER0)  # onto the left face of (6,0), Q*bert's cube
    assert any(e.rule == "QB-5.2" for e in state.events())
    assert state.phase == ESCAPE  # Q*bert has his whole roll of 1 as escape moves


def test_QB_5_3_slick_and_green_ball_landing_on_qbert_do_nothing(qb):
    """QB-5.3: slick and green ball landing on Q*bert do nothing."""
    for k in (qb.B.SLICK, qb.B.GREEN_BALL):
        state = qb.place(qb.start(roll=1), qbert=(1, 0))
        state.apply_action(qb.A.STOP)
        qb.nasty_turn(state, k, 1)
        state.apply_action(qb.A.ENTER0)  # onto (1,0), Q*bert's cube
        assert state.phase == QROLL and not state.scores
        assert state.nasty[k] == qb.c(1, 0)


def test_QB_5_4_threat_with_no_moves_left_is_a_capture(qb):
    """QB-5.4: threat with no moves left is a capture."""
    state = qb.place(qb.start(roll=1), coily=(2, 1))
    state.apply_action(qb.hop("down-right"))  # (1,1): the only move used
    qb.nasty_turn(state, qb.B.COILY, 3)
    state.apply_action(qb.step("up-right"))
    assert state.scores == [(0, 1)]
    assert any(e.rule == "QB-5.4" and "no escape" in e.text for e in state.events())


def test_QB_5_5_escape_hops_are_optional_but_staying_put_means_capture(qb):
    """QB-5.5: escape hops are optional but staying put means capture."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("up-right"))
    assert state.legal_actions()[:4] == [0, 1, 2, 3] and qb.A.STOP in state.legal_actions()
    state.apply_action(qb.A.STOP)  # no escape hop at all
    assert state.scores == [(0, 0)] and any("captured by Coily" in e.text for e in state.events())


def test_QB_5_5_escape_ends_by_itself_when_moves_run_out(qb):
    """QB-5.5: escape ends by itself when moves run out."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(4, 1))
    state.apply_action(qb.hop("up-left"))  # (2,0)
    state.apply_action(qb.hop("down-right"))  # (3,1): one move left
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("up-right"))
    assert state.phase == ESCAPE
    state.apply_action(qb.hop("up-right"))  # (2,1); Coily's one step is used: move over
    assert state.phase == QROLL and any("no moves left" in e.text for e in state.events())
    assert state.nasty[qb.B.COILY] == qb.c(3, 1)  # threatened on an inside space: stays on


def test_QB_5_6_after_an_escape_the_nasty_continues_and_may_threaten_again(qb):
    """QB-5.6: after an escape the nasty continues and may threaten again."""
    state = qb.place(qb.start(roll=3), qbert=(3, 1), coily=(5, 1))
    qb.nasty_turn(state, qb.B.COILY, 4)
    state.apply_action(qb.step("up-right"))  # (4,1)
    state.apply_action(qb.step("up-right"))  # (3,1): threat
    state.apply_action(qb.hop("up-right"))  # escape to (2,1)
    state.apply_action(qb.A.STOP)
    assert state.phase == NMOVE and state.steps_left == 2
    state.apply_action(qb.step("up-right"))  # Coily reaches (2,1) again
    assert state.phase == ESCAPE
    state.apply_action(qb.hop("up-left"))  # (1,0)
    state.apply_action(qb.hop("down-left"))  # (2,0): moves used up
    assert state.phase == NMOVE and state.steps_left == 1
    state.apply_action(qb.step("up-left"))  # (1,0): not Q*bert's cube
    assert state.phase == QROLL and not state.scores


def test_QB_5_7_rulebook_red_ball_example_falls_off_after_failing_on_the_edge(qb):
    """Rulebook 'Saving Q*bert 3', Figures 1-2: Red Ball directly above Q*bert on the outside edge, rolls
    "Red Ball" and 2, lands on Q*bert; Q*bert escapes along the edge with his 3 escape moves; Red Ball cannot
    reach him with its 1 remaining step and falls off the board."""
    state = qb.place(qb.start(roll=3), qbert=(3, 0), red_ball=(2, 0))
    state.apply_action(qb.A.STOP)  # Q*bert keeps all 3 moves in the tube
    qb.nasty_turn(state, qb.B.RED_BALL, 2)
    state.apply_action(qb.step("down-left"))  # Red Ball onto (3,0): Q*bert threatened on an outside space
    assert state.phase == ESCAPE and state.observation(1)["moves_left"] == 3
    for _ in range(3):
        state.apply_action(qb.hop("down-left"))  # along the left edge to (6,0)
    assert state.q == qb.c(6, 0) and state.phase == NMOVE
    state.apply_action(qb.step("down-left"))  # its last step reaches (4,0): no capture
    assert state.nasty[qb.B.RED_BALL] == qb.B.ELIMINATED
    assert any(e.rule == "QB-5.7" for e in state.events())
    assert not state.scores and state.phase == QROLL
    # Eliminated for the rest of the round: rolling Red Ball later forfeits.
    state.apply_action(0)
    qb.nasty_turn(state, qb.B.RED_BALL, 3)
    assert state.phase == QROLL


def test_QB_5_8_disc_flight_to_the_top_forfeits_moves_and_removes_the_disc(qb):
    """QB-5.8: disc flight to the top forfeits moves and removes the disc."""
    state = qb.place(qb.start(roll=4), qbert=(2, 0), coily=(3, 0))
    qb.nasty_turn(state, qb.B.COILY, 3)
    state.apply_action(qb.step("up-right"))  # (2,0): threat; Q*bert has 4 moves
    disc_top = qb.A.DISC0 + 0
    assert disc_top in state.legal_actions()
    info = state.action_info(disc_top)
    assert info["kind"] == "disc" and info["target"] == [0, 0]
    state.apply_action(disc_top)
    assert state.q == qb.B.TOP and state.observation(0)["moves_left"] == 0
    assert not state.observation(None)["discs"][0]["active"]
    assert state.phase == NMOVE and state.steps_left == 2  # Coily finishes its move
    state.apply_action(qb.step("up-right"))  # (1,0)
    state.apply_action(qb.step("up-right"))  # (0,0): Q*bert has no moves left: captured
    assert state.scores and state.scores[0] == (0, 1)  # he took the top peg on landing


def test_QB_5_8_disc_lands_below_an_occupied_top_and_player_picks_the_free_cube(qb):
    """QB-5.8: disc lands below an occupied top and player picks the free cube."""
    state = qb.place(qb.start(roll=4), qbert=(5, 5), coily=(4, 4), slick=(0, 0))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("down-right"))  # (5,5)
    right_disc = [a for a in state.legal_actions() if a >= qb.A.DISC0]
    assert [state.action_info(a)["target"] for a in right_disc] == [[1, 0], [1, 1]]
    state.apply_action(right_disc[1])
    assert state.q == qb.c(1, 1)
    assert state.nasty[qb.B.COILY] == qb.B.ELIMINATED  # failed on an outside space (QB-5.7)


def test_QB_5_8_no_disc_when_every_landing_cube_is_occupied(qb):
    """QB-5.8: no disc when every landing cube is occupied."""
    state = qb.place(qb.start(roll=4), qbert=(5, 0), coily=(4, 0), slick=(0, 0), red_ball=(1, 0))
    qb.place(state, green_ball=(1, 1))
    qb.nasty_turn(state, qb.B.COILY, 1)
    state.apply_action(qb.step("down-left"))
    assert all(a < qb.A.DISC0 for a in state.legal_actions())
