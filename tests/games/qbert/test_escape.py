"""Captures, escapes, falling off and discs (QB-5.x), with the rulebook's Red Ball example."""

from boardcade.testing import act


def test_QB_5_1_coily_landing_on_qbert_threatens_and_reveals_the_roll(qb):
    """QB-5.1: coily landing on Q*bert threatens and reveals the roll."""
    state = qb.start(roll=4, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 1)
    assert state.observation(1)["roll"] is None
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape" and state.current_player() == 0
    obs = state.observation(1)
    assert obs["threat"] and obs["roll"] == 4 and obs["moves_left"] == 4
    assert qb.fired(state, "QB-5.1")


def test_QB_5_2_face_walker_stepping_onto_qbert_cube_face_threatens(qb):
    """QB-5.2: face walker stepping onto Q*bert cube face threatens."""
    state = qb.start(roll=1, qbert=(6, 0))
    qb.nasty_turn(state, "Wrong Way", 2)
    act(state, "enter")  # onto the left face of (6,0), Q*bert's cube
    assert qb.fired(state, "QB-5.2")
    assert qb.phase(state) == "escape"  # Q*bert has his whole roll of 1 as escape moves


def test_QB_5_3_slick_and_green_ball_landing_on_qbert_do_nothing(qb):
    """QB-5.3: slick and green ball landing on Q*bert do nothing."""
    for name, key in (("Slick", "slick"), ("Green Ball", "green_ball")):
        state = qb.start(roll=1, qbert=(1, 0))
        qb.nasty_turn(state, name, 1)
        act(state, "enter", target=(1, 0))  # onto Q*bert's cube
        assert qb.phase(state) == "qbert-roll" and not qb.scores(state)
        assert qb.where(state, key) == (1, 0)


def test_QB_5_4_threat_with_no_moves_left_is_a_capture(qb):
    """QB-5.4: threat with no moves left is a capture."""
    state = qb.start(roll=1, coily=(2, 1))
    qb.hop(state, "down-right")  # (1,1): the only move used
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")
    assert qb.scores(state) == [(0, 1)]
    assert qb.fired(state, "QB-5.4", "no escape")


def test_QB_5_5_escape_hops_are_optional_but_staying_put_means_capture(qb):
    """QB-5.5: escape hops are optional but staying put means capture."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert [k for k, _ in qb.kinds(state)] == ["hop"] * 4 + ["stop"]
    act(state, "stop")  # no escape hop at all
    assert qb.scores(state) == [(0, 0)] and qb.fired(state, "QB-6.1", "captured by Coily")


def test_QB_5_5_escape_ends_by_itself_when_moves_run_out(qb):
    """QB-5.5: escape ends by itself when moves run out."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1))
    qb.hop(state, "up-left")  # (2,0)
    qb.hop(state, "down-right")  # (3,1): one move left
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape"
    qb.hop(state, "up-right")  # (2,1); Coily's one step is used: move over
    assert qb.phase(state) == "qbert-roll" and qb.fired(state, "QB-5.5", "no moves left")
    assert qb.where(state, "coily") == (3, 1)  # threatened on an inside space: stays on


def test_QB_5_6_after_an_escape_the_nasty_continues_and_may_threaten_again(qb):
    """QB-5.6: after an escape the nasty continues and may threaten again."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(5, 1))
    qb.nasty_turn(state, "Coily", 4)
    qb.step(state, "up-right")  # (4,1)
    qb.step(state, "up-right")  # (3,1): threat
    qb.hop(state, "up-right")  # escape to (2,1)
    act(state, "stop")
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 2
    qb.step(state, "up-right")  # Coily reaches (2,1) again
    assert qb.phase(state) == "escape"
    qb.hop(state, "up-left")  # (1,0)
    qb.hop(state, "down-left")  # (2,0): moves used up
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 1
    qb.step(state, "up-left")  # (1,0): not Q*bert's cube
    assert qb.phase(state) == "qbert-roll" and not qb.scores(state)


def test_QB_5_7_rulebook_red_ball_example_falls_off_after_failing_on_the_edge(qb):
    """Rulebook 'Saving Q*bert 3', Figures 1-2: Red Ball directly above Q*bert on the outside edge, rolls
    "Red Ball" and 2, lands on Q*bert; Q*bert escapes along the edge with his 3 escape moves; Red Ball cannot
    reach him with its 1 remaining step and falls off the board."""
    state = qb.start(roll=3, qbert=(3, 0), red_ball=(2, 0))
    act(state, "stop")  # Q*bert keeps all 3 moves in the tube
    qb.nasty_turn(state, "Red Ball", 2)
    qb.step(state, "down-left")  # Red Ball onto (3,0): Q*bert threatened on an outside space
    assert qb.phase(state) == "escape" and state.observation(1)["moves_left"] == 3
    for _ in range(3):
        qb.hop(state, "down-left")  # along the left edge to (6,0)
    assert qb.qbert_at(state) == (6, 0) and qb.phase(state) == "nasty-move"
    qb.step(state, "down-left")  # its last step reaches (4,0): no capture
    assert qb.where(state, "red_ball") == "out"
    assert qb.fired(state, "QB-5.7")
    assert not qb.scores(state) and qb.phase(state) == "qbert-roll"
    # Eliminated for the rest of the round: rolling Red Ball later forfeits.
    act(state, "d8", face=1)
    qb.nasty_turn(state, "Red Ball", 3)
    assert qb.phase(state) == "qbert-roll"


def test_QB_5_8_disc_flight_to_the_top_forfeits_moves_and_removes_the_disc(qb):
    """QB-5.8: disc flight to the top forfeits moves and removes the disc."""
    state = qb.start(roll=4, qbert=(2, 0), coily=(3, 0))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")  # (2,0): threat; Q*bert has 4 moves
    assert qb.can(state, "disc", disc=0, to=(0, 0))
    info = [i for i in qb.choices(state) if i["kind"] == "disc"][0]
    assert info["target"] == [0, 0] and info["args"] == {"disc": 0, "to": [0, 0]}
    act(state, "disc", disc=0)
    assert qb.qbert_at(state) == (0, 0) and state.observation(0)["moves_left"] == 0
    assert not state.observation(None)["discs"][0]["active"]
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 2  # Coily finishes its move
    qb.step(state, "up-right")  # (1,0)
    qb.step(state, "up-right")  # (0,0): Q*bert has no moves left: captured
    assert qb.scores(state) and qb.scores(state)[0] == (0, 1)  # he took the top peg on landing


def test_QB_5_8_disc_lands_below_an_occupied_top_and_player_picks_the_free_cube(qb):
    """QB-5.8: disc lands below an occupied top and player picks the free cube."""
    state = qb.start(roll=4, qbert=(5, 5), coily=(4, 4), slick=(0, 0))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "down-right")  # (5,5)
    assert qb.targets(state, "disc") == [(1, 0), (1, 1)]
    act(state, "disc", to=(1, 1))
    assert qb.qbert_at(state) == (1, 1)
    assert qb.where(state, "coily") == "out"  # failed on an outside space (QB-5.7)


def test_QB_5_8_no_disc_when_every_landing_cube_is_occupied(qb):
    """QB-5.8: no disc when every landing cube is occupied."""
    state = qb.start(roll=4, qbert=(5, 0), coily=(4, 0), slick=(0, 0), red_ball=(1, 0), green_ball=(1, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "down-left")
    assert qb.phase(state) == "escape" and not qb.can(state, "disc")
