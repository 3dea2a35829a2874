"""Captures, escapes, falling off and discs (QB-5.x). The rulebook's own examples (Red Ball, Figures 1-2;
"Coily and six") are played through in test_rulebook_examples.py."""

import pytest

from boardcade.testing import act


def test_QB_5_1_coily_landing_on_qbert_threatens_and_the_tube_stays_down(qb):
    """QB-5.1, QB-5.4: Coily landing on Q*bert threatens him; the roll stays hidden from the nasty player,
    Q*bert's player sees his moves left."""
    state = qb.start(roll=4, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape" and state.current_player() == 0
    assert qb.fired(state, "QB-5.1")
    nasty, mine = state.observation(1), state.observation(0)
    assert nasty["threat"] and nasty["roll"] is None and nasty["moves_left"] is None and nasty["roll_hidden"]
    assert nasty["escape"] == {
        "by": "Coily",
        "hops": 0,
        "moves_left": None,
        "text": "Q*bert escapes (moves left: hidden)",
    }
    assert mine["escape"]["text"] == "Q*bert escapes (moves left: 4)" and mine["moves_left"] == 4
    assert state.observation(None)["escape"] == nasty["escape"]  # spectators see what the nasty player sees


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


def test_QB_5_4_threat_with_no_moves_left_is_answered_by_a_capture(qb):
    """QB-5.4: with no moves left Q*bert's only answer is to stay put and be captured; the tube is lifted at
    the capture (QB-7.2)."""
    state = qb.start(roll=1, coily=(2, 1))
    qb.hop(state, "down-right")  # (1,1): the only move used
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape" and state.current_player() == 0
    assert qb.kinds(state) == [("stop", {})] and qb.choices(state)[0]["captures"] is True
    assert state.observation(1)["roll"] is None
    act(state, "stop")
    assert qb.scores(state) == [(0, 1)] and qb.fired(state, "QB-6.1", "captured by Coily")
    assert qb.fired(state, "QB-7.2", "rolled 1")


def test_QB_5_5_escape_hops_are_optional_but_staying_put_means_capture(qb):
    """QB-5.5: escape hops are optional but staying put means capture."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert [k for k, _ in qb.kinds(state)] == ["hop"] * 4 + ["stop"]
    act(state, "stop")  # no escape hop at all
    assert qb.scores(state) == [(0, 0)] and qb.fired(state, "QB-6.1", "captured by Coily")


def test_QB_5_5_escape_waits_for_qbert_to_end_it_when_his_moves_run_out(qb):
    """QB-5.5, QB-7.1: with his last move used the escape does not end by itself (that would show the
    nasty player the roll); Q*bert ends it."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1))
    qb.hop(state, "up-left")  # (2,0)
    qb.hop(state, "down-right")  # (3,1): one move left
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape"
    qb.hop(state, "up-right")  # (2,1): his last move
    assert qb.phase(state) == "escape" and qb.kinds(state) == [("stop", {})]
    assert [i["label"] for i in qb.choices(state)] == ["end the escape"]
    act(state, "stop")
    assert qb.phase(state) == "qbert-roll" and qb.fired(state, "QB-4.11", "rolled 3 (0 moves unused)")
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
    assert state.observation(0)["escape"]["moves_left"] == 2 and state.observation(1)["moves_left"] is None
    qb.hop(state, "up-left")  # (1,0)
    qb.hop(state, "down-left")  # (2,0): moves used up
    act(state, "stop")
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 1
    qb.step(state, "up-left")  # (1,0): not Q*bert's cube
    assert qb.phase(state) == "qbert-roll" and not qb.scores(state)


def test_QB_5_8_disc_ride_saves_qbert_forfeits_his_moves_and_removes_the_disc(qb):
    """QB-5.8 (QB-D9 revised): the disc ride takes Q*bert to the top (its peg too), forfeits his moves and
    removes the disc; the threatening nasty's move ends at once and it falls off (QB-5.7)."""
    state = qb.start(roll=4, qbert=(2, 0), coily=(3, 0))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")  # (2,0): threat; Q*bert has 4 moves
    assert qb.can(state, "disc", disc=0, to=(0, 0))
    info = [i for i in qb.choices(state) if i["kind"] == "disc"][0]
    assert info["target"] == [0, 0] and info["args"] == {"disc": 0, "to": [0, 0]}
    act(state, "disc", disc=0)
    obs = state.observation(None)
    assert obs["qbert"] == [0, 0] and [0, 0] not in obs["pegs"] and not obs["discs"][0]["active"]
    assert qb.where(state, "coily") == "out" and qb.fired(state, "QB-5.7", "Coily")
    assert obs["phase"] == "qbert-roll" and not qb.scores(state)  # Coily's 2 steps left are not played
    assert qb.fired(state, "QB-4.11", "rolled 4 (0 moves unused)")  # the tube is lifted as the turn ends


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


@pytest.mark.parametrize("walker", ["Ugg", "Wrong Way"])
def test_QB_5_7_a_face_walker_that_fails_on_an_outside_space_falls_off(qb, walker):
    """QB-5.7 with QB-4.8: a face walker is put out of the round by a failed pursuit on an outside space
    (here it threatens Q*bert on the bottom row as it enters, and he hops away)."""
    corner = (6, 6) if walker == "Ugg" else (6, 0)
    away = "up-left" if walker == "Ugg" else "up-right"
    state = qb.start(roll=2, qbert=corner)
    qb.nasty_turn(state, walker, 1)
    act(state, "enter")
    qb.hop(state, away)
    act(state, "stop")
    key = "ugg" if walker == "Ugg" else "wrong_way"
    assert qb.where(state, key) == "out" and qb.fired(state, "QB-5.7", walker)


def test_QB_5_8_a_disc_ride_after_a_threat_on_an_inside_space_ends_the_move_without_a_fall(qb):
    """QB-5.8 with QB-5.7 (QB-D9): Coily threatens Q*bert on the inside cube (3,1); he escapes to the edge cube
    (2,0) and rides its disc. The ride ends Coily's move, but Coily threatened him only on an inside space, so
    it stays on the pyramid where it stood, and no event says it failed on an outside space."""
    state = qb.start(roll=4, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")  # (3,1): an inside space
    assert qb.phase(state) == "escape" and not state.observation(None)["threat_on_outside_space"]
    qb.hop(state, "up-left")  # (2,0), beside disc 0
    act(state, "disc", disc=0)
    assert qb.qbert_at(state) == (0, 0) and qb.where(state, "coily") == (3, 1)
    assert not qb.fired(state, "QB-5.7") and not any("outside space" in e.text for e in state.events())
    assert qb.fired(state, "QB-5.8", "Coily's move ends")
    assert qb.phase(state) == "qbert-roll" and not qb.scores(state)  # its 2 steps left are not played


def test_QB_5_8_a_disc_ride_after_an_outside_threat_then_an_inside_one_still_fells_the_nasty(qb):
    """QB-5.8 with QB-5.7: a nasty that threatened Q*bert on an outside space earlier in its move and failed
    falls off, even when the threat he rides away from is on an inside space."""
    state = qb.start(roll=4, qbert=(3, 0), coily=(4, 0))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")  # (3,0): an outside space
    qb.hop(state, "down-right")  # (4,1)
    act(state, "stop")
    qb.step(state, "down-right")  # (4,1): an inside space
    qb.hop(state, "up-left")  # (3,0)
    qb.hop(state, "up-right")  # (2,0), beside disc 0
    act(state, "disc", disc=0)
    assert qb.where(state, "coily") == "out" and qb.fired(state, "QB-5.7", "on an outside space")


def test_QB_5_8_rules_version_2_knocks_off_every_nasty_a_disc_ride_escapes(qb):
    """Rules version 2 (option disc_ride_falls='always', its legacy reading) knocked the threatening nasty off at
    every disc ride; matches stored under it replay under that option."""
    state = qb.start({"disc_ride_falls": "always"}, roll=4, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")
    qb.hop(state, "up-left")
    act(state, "disc", disc=0)
    assert qb.where(state, "coily") == "out" and qb.fired(state, "QB-5.7")
