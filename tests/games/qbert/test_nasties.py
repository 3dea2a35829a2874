"""The nasty player's turn (QB-4.x)."""

import pytest

from boardcade import CHANCE, IllegalActionError
from boardcade.testing import act, find_action

NAMES = ["Coily", "Red Ball", "Green Ball", "Slick", "Ugg", "Wrong Way"]


def test_QB_4_1_character_die_and_d6_are_public_chance_nodes(qb):
    """QB-4.1: character die and d6 are public chance nodes, and action_info describes their faces."""
    state = qb.start(roll=1)
    act(state, "stop")
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 6
    assert [state.action_info(a)["label"] for a in state.legal_actions()] == [f"character die shows {n}" for n in NAMES]
    act(state, "character_die", character="Coily")
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(a, 1 / 6) for a in range(6)]
    assert [state.action_info(a)["args"] for a in state.legal_actions()] == [{"face": f} for f in range(1, 7)]
    act(state, "d6", face=4)
    rolled = [e for e in state.events() if e.rule == "QB-4.1"][-1]
    assert rolled.visible_to is None and "Coily and 4" in rolled.text


def test_QB_4_2_character_die_has_one_face_per_nasty(qb):
    """QB-4.2: character die has one face per nasty."""
    names = []
    for face in range(6):
        state = qb.start(roll=1)
        act(state, "stop")
        state.apply_action(face)
        names.append(state.observation(None)["character"])
    assert names == NAMES


def test_QB_4_3_nasty_moves_exactly_the_d6_one_chosen_step_at_a_time(qb):
    """QB-4.3: nasty moves exactly the d6 one chosen step at a time."""
    state = qb.start(roll=1)
    qb.hop(state, "down-left")
    qb.nasty_turn(state, "Red Ball", 3)
    act(state, "enter", target=(1, 1))
    assert state.current_player() == 1 and qb.view(state)["steps_left"] == 2
    assert qb.kinds(state) == [("step", {"dir": "down-left"}), ("step", {"dir": "down-right"})]
    qb.step(state, "down-right")
    qb.step(state, "down-left")
    assert qb.where(state, "red_ball") == (3, 2)
    assert qb.phase(state) == "qbert-roll"  # move done, next Q*bert turn


def test_QB_4_4_eliminated_or_stuck_character_forfeits_its_move(qb):
    """QB-4.4: eliminated or stuck character forfeits its move."""
    state = qb.start(roll=1, coily="out")
    qb.nasty_turn(state, "Coily", 4)
    assert qb.phase(state) == "qbert-roll" and qb.fired(state, "QB-4.4")
    # Red Ball at home with both entry spaces taken has no legal step.
    state = qb.start(roll=1, qbert=(2, 2), green_ball=(1, 0), slick=(1, 1))
    qb.nasty_turn(state, "Red Ball", 2)
    assert qb.phase(state) == "qbert-roll" and qb.where(state, "red_ball") == "home"


@pytest.mark.parametrize(
    ("character", "spaces", "face"),
    [
        ("Coily", [(6, 3)], None),
        ("Red Ball", [(1, 0), (1, 1)], None),
        ("Green Ball", [(1, 0), (1, 1)], None),
        ("Slick", [(1, 0), (1, 1)], None),
        ("Ugg", [(6, 6)], "right"),
        ("Wrong Way", [(6, 0)], "left"),
    ],
)
def test_QB_4_5_entry_spaces(qb, character, spaces, face):
    """QB-4.5: entry spaces; a face walker's entry names the face it enters, for the board UI."""
    state = qb.start(roll=1, qbert=(3, 1))
    qb.nasty_turn(state, character, 1)
    infos = qb.choices(state)
    assert [i["kind"] for i in infos] == ["enter"] * len(spaces)
    assert [tuple(i["target"]) for i in infos] == spaces
    assert [i.get("face") for i in infos] == [face] * len(spaces)


def test_QB_4_6_balls_and_slick_only_go_down_and_drop_off_home(qb):
    """QB-4.6: balls and slick only go down and drop off home."""
    state = qb.start(roll=1, qbert=(0, 0), slick=(5, 2))
    qb.nasty_turn(state, "Slick", 3)
    assert qb.kinds(state) == [("step", {"dir": "down-left"}), ("step", {"dir": "down-right"})]
    with pytest.raises(IllegalActionError):
        state.apply_action(state.game.codec.encode("step", dir="up-left"))
    qb.step(state, "down-right")
    assert qb.kinds(state) == [("go_home", {})]
    act(state, "go_home")
    assert qb.where(state, "slick") == "home" and qb.phase(state) == "qbert-roll"  # the move ends at home


def test_QB_4_7_coily_moves_in_all_four_diagonals(qb):
    """QB-4.7: coily moves in all four diagonals."""
    state = qb.start(roll=1, qbert=(0, 0), coily=(3, 1))
    qb.nasty_turn(state, "Coily", 2)
    assert qb.kinds(state) == [("step", {"dir": d}) for d in ("up-left", "up-right", "down-left", "down-right")]
    qb.step(state, "up-right")
    assert qb.where(state, "coily") == (2, 1)


def test_QB_4_8_face_walkers_cross_the_pyramid_and_walk_home_past_its_edge(qb):
    """QB-4.8 (QB-D6 revised): a face walker at the end of its row steps past the edge and goes home (not out
    of the round); its move ends there."""
    state = qb.start(roll=1, qbert=(0, 0), wrong_way=(2, 1))
    qb.nasty_turn(state, "Wrong Way", 3)
    assert qb.kinds(state) == [("walk", {"way": "along"}), ("walk", {"way": "up"})]
    act(state, "walk", way="along")  # LF(2,2): the right end of its row, and no row above to climb to
    assert qb.kinds(state) == [("go_home", {})]
    assert qb.choices(state)[0]["label"] == "Wrong Way walks past the edge and goes home"
    act(state, "go_home")
    assert qb.phase(state) == "qbert-roll" and qb.fired(state, "QB-4.8", "goes home")
    assert qb.where(state, "wrong_way") == "home"  # back home: it may enter again later this round
    act(state, "d8", face=1)
    qb.nasty_turn(state, "Wrong Way", 1)
    assert qb.targets(state) == [(6, 0)]
    state = qb.start(roll=1, qbert=(0, 0), ugg=(4, 2))
    qb.nasty_turn(state, "Ugg", 1)
    assert qb.targets(state) == [(4, 1), (3, 1)]
    assert {i["face"] for i in qb.choices(state)} == {"right"}
    state = qb.start(roll=1, qbert=(0, 0), ugg=(3, 0))  # RF(3,0): the left end of Ugg's row
    qb.nasty_turn(state, "Ugg", 2)
    act(state, "go_home")
    assert qb.where(state, "ugg") == "home" and qb.phase(state) == "qbert-roll"


def test_QB_4_9_two_nasties_never_share_a_cube(qb):
    """QB-4.9: two nasties never share a cube."""
    state = qb.start(roll=1, qbert=(0, 0), coily=(3, 1), red_ball=(2, 1))
    qb.nasty_turn(state, "Coily", 1)
    assert not qb.can(state, "step", dir="up-right")
    with pytest.raises(IllegalActionError, match="cannot make that step"):
        state.apply_action(state.game.codec.encode("step", dir="up-right"))


@pytest.mark.parametrize("guard", ["slick", "green_ball"])
def test_QB_4_9_slick_and_the_green_ball_never_shield_qbert(qb, guard):
    """QB-4.9 (QB-D6 revised): a nasty may always step onto Q*bert's cube, even with Slick or the Green Ball
    there; Coily's step is a threat as usual, and after Q*bert's escape the cube holds both nasties."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1), **{guard: (3, 1)})
    qb.nasty_turn(state, "Coily", 1)
    assert qb.can(state, "step", dir="up-right")
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape" and qb.fired(state, "QB-5.1")
    qb.hop(state, "up-left")
    act(state, "stop")
    assert qb.where(state, "coily") == qb.where(state, guard) == (3, 1)
    # Landing on that cube later is a capture by Coily (the guard goes home with it, no shield).
    act(state, "d8", face=1)
    qb.hop(state, "down-right")
    assert qb.scores(state) == [(0, 1)] and qb.fired(state, "QB-6.1", "captured by Coily")


def test_QB_4_9_a_ball_may_drop_onto_qbert_beside_the_green_ball(qb):
    """QB-4.9: the Green Ball sits on Q*bert's cube (1,1) (it dropped on him, QB-5.3); Red Ball may still
    enter there, and threatens him."""
    state = qb.start(roll=1, qbert=(1, 1), green_ball=(1, 1))
    qb.nasty_turn(state, "Red Ball", 1)
    assert qb.targets(state) == [(1, 0), (1, 1)]
    act(state, "enter", target=(1, 1))
    assert qb.phase(state) == "escape" and qb.fired(state, "QB-5.1", "Red Ball")
    qb.hop(state, "down-left")  # (2,1)
    act(state, "stop")
    assert qb.where(state, "red_ball") == "out"  # (1,1) is an outside space: it failed there (QB-5.7)
    assert qb.where(state, "green_ball") == (1, 1)


def test_QB_4_10_frozen_nasty_turn_is_skipped_and_roll_revealed(qb):
    """QB-4.10: frozen nasty turn is skipped and roll revealed."""
    state = qb.start(roll=4, green_ball=(1, 0))
    qb.hop(state, "down-left")
    act(state, "stop")
    assert qb.phase(state) == "qbert-roll" and not qb.view(state)["frozen"]
    revealed = [e for e in state.events() if e.rule == "QB-4.11"]
    assert revealed and "rolled 4" in revealed[-1].text and revealed[-1].visible_to is None


def test_QB_4_11_roll_revealed_after_the_nasty_turn_and_unused_moves_lapse(qb):
    """QB-4.11: roll revealed after the nasty turn and unused moves lapse."""
    state = qb.start(roll=6)
    qb.hop(state, "down-left")
    qb.nasty_turn(state, "Slick", 1)
    assert state.observation(1)["roll"] is None
    act(state, "enter", space="second")
    assert qb.phase(state) == "qbert-roll"
    text = [e for e in state.events() if e.rule == "QB-4.11"][-1].text
    assert "rolled 6" in text and "5 moves unused" in text
    act(state, "d8", face=2)  # next roll: 2; the old unused moves are gone
    assert state.observation(0)["moves_left"] == 2


def test_QB_4_3_nasty_phase_belongs_to_the_nasty_player(qb):
    """QB-4.3: the nasty player chooses each step; Q*bert's player has nothing to do meanwhile."""
    state = qb.start(roll=1, qbert=(0, 0))
    qb.nasty_turn(state, "Coily", 1)
    assert qb.phase(state) == "nasty-move" and state.current_player() == 1
    assert state.legal_actions(player=0) == []
    info = state.action_info(find_action(state, "enter"))
    assert info["piece"] == "coily" and info["label"] == "Coily enters the pyramid at (6,3)"
