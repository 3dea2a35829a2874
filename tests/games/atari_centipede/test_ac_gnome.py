"""The Gnome's turn: dice, moving, shooting, recharging and the Gnome Control cards (AC-4, AC-5)."""

from __future__ import annotations

import pytest

from boardcade import CHANCE, IllegalActionError


def ready(ac, col=4, row=0, **description):
    """The Gnome at (row, col), a lone 6-centipede far away on the field row next to the other end."""
    far = ac.FAR if row == 0 else 1
    description.setdefault("centipedes", [{"segments": [(far, 8 - i) for i in range(6)], "facing": "left"}])
    return ac.pos(gnome=(row, col), **description)


def test_AC_4_1_refresh_when_one_die_or_none_left(ac):
    """AC-4.1: a Gnome turn that starts with one die in the pool rerolls all six first."""
    s = ready(ac, dice=(6,))
    assert s.current_player() == CHANCE
    assert "AC-4.1" in ac.rules_fired(s)
    ac.roll(s, 1, 1, 2, 2, 3, 3)
    assert ac.pool(s) == [1, 1, 2, 2, 3, 3]
    assert ac.phase(s) == "choose die"
    s = ready(ac, dice=())
    assert s.current_player() == CHANCE


def test_AC_4_1_no_refresh_with_two_dice_left(ac):
    """AC-4.1: two dice in the pool: no reroll, the Gnome chooses at once."""
    s = ready(ac, dice=(4, 6))
    assert s.current_player() == 0 and ac.phase(s) == "choose die"
    assert [i["args"]["face"] for i in ac.choices(s) if i["kind"] == "die"] == [4, 6]


def test_AC_4_2_activated_die_leaves_pool_and_all_actions_run_in_order(ac):
    """AC-4.2: the chosen die leaves the pool; its actions come one by one, left to right."""
    s = ready(ac)
    ac.act(s, "die", face=4)  # fire, move 1, fire
    assert ac.pool(s) == [1, 2, 3, 5, 6]
    assert ac.phase(s) == "resolve die"
    assert ac.obs(s)["die_in_use"] == {"face": 4, "actions": "fire, move 1, fire", "next_step": 0}
    assert ac.can(s, "fire") and not ac.can(s, "move", dir="left")
    with pytest.raises(IllegalActionError):
        s.apply_action(s.game.codec.encode("end_turn"))
    ac.act(s, "fire")
    assert ac.can(s, "move", dir="left") and not ac.can(s, "fire")
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert ac.phase(s) == "after die"


def test_AC_4_3_die_faces(ac):
    """AC-4.3: the six faces and their order of actions."""
    s = ready(ac)
    faces = {i["args"]["face"]: i["actions"] for i in ac.choices(s) if i["kind"] == "die"}
    assert faces == {
        1: "move 1, fire",
        2: "move 2, fire",
        3: "move 3, fire, recharge",
        4: "fire, move 1, fire",
        5: "fire, move 2",
        6: "move 1, fire, recharge",
    }


def test_AC_4_4_worked_example_gnome_moving_3_next_to_the_edge(ac):
    """AC-4.4 rulebook example: 3 to the right moves all 3; to the left stops after 2 at the edge, and the
    next move must then go right."""
    s = ready(ac, col=2)
    ac.act(s, "die", face=3)  # move 3, fire, recharge
    labels = {i["args"]["dir"]: i["label"] for i in ac.choices(s) if i["kind"] == "move"}
    assert labels == {"left": "move left to c0", "right": "move right to c5"}
    assert {i["args"]["dir"]: i["target"] for i in ac.choices(s) if i["kind"] == "move"} == {
        "left": [0, 0],
        "right": [0, 5],
    }
    ac.act(s, "move", dir="left")
    assert ac.gnome(s) == (0, 0)
    ac.act(s, "fire")
    ac.act(s, "no_recharge")
    ac.act(s, "end_turn")
    assert s.current_player() == 1
    # The next turn, from the edge square, a move can only go right.
    s = ready(ac, col=0)
    ac.act(s, "die", face=1)  # move 1, fire
    assert [i["args"]["dir"] for i in ac.choices(s) if i["kind"] == "move"] == ["right"]


def test_AC_4_5_gnome_stays_in_its_row(ac):
    """AC-4.5: the Gnome only moves sideways inside its Gnome Movement Area."""
    s = ready(ac, col=7)
    ac.act(s, "die", face=2)
    ac.act(s, "move", dir="right")
    assert ac.gnome(s) == (0, 8)
    s = ready(ac, col=4, row=ac.LAST)
    ac.act(s, "die", face=2)
    ac.act(s, "move", dir="left")
    assert ac.gnome(s) == (ac.LAST, 2)


def test_AC_4_6_fire_removes_first_mushroom_only(ac):
    """AC-4.6: the bolt stops at the first thing in the column: a mushroom is removed, nothing else."""
    s = ready(ac, col=4, mushrooms=[(3, 4), (5, 4)])
    ac.act(s, "die", face=5)  # fire, move 2
    ac.act(s, "fire")
    assert ac.mushrooms(s) == {(5, 4)}
    assert ac.supply(s) == 29


def test_AC_4_6_fire_on_bug_replaces_it_with_a_mushroom(ac):
    """AC-4.6: a flea or spider hit is removed and a mushroom from the supply takes its square."""
    s = ready(ac, col=4, spiders=[(6, 4)])
    ac.act(s, "die", face=5)
    ac.act(s, "fire")
    assert ac.spiders(s) == [] and ac.obs(s)["bug_supply"]["spiders"] == 3
    assert ac.mushrooms(s) == {(6, 4)} and ac.supply(s) == 29


def test_AC_4_6_fire_on_segment_without_supply_leaves_square_empty(ac):
    """AC-4.6: a shot segment is removed; with the supply empty no mushroom replaces it."""
    rows = tuple(range(ac.FAR - 3, ac.FAR + 1))
    s = ready(ac, col=5, centipedes=[{"segments": [(4, 5), (4, 4)], "facing": "right"}], mushrooms=ac.filler(30, rows))
    assert ac.supply(s) == 0
    ac.act(s, "die", face=5)
    ac.act(s, "fire")
    assert (4, 5) not in ac.mushrooms(s)
    assert ac.cents(s) == [[(4, 4)]]


def test_AC_4_7_recharge_action_flips_a_used_card(ac):
    """AC-4.7: recharge turns a face-down card of the Gnome's choice face up; with none down it is skipped."""
    s = ready(ac, col=4)
    ac.act(s, "die", face=6)  # move 1, fire, recharge
    ac.act(s, "move", dir="right")
    ac.act(s, "fire")
    assert ac.can(s, "no_recharge") and not ac.can(s, "recharge")
    ac.act(s, "use_card", card="Trigger Finger")
    assert ac.cards(s)["Trigger Finger"] is False
    assert [i["args"]["card"] for i in ac.choices(s) if i["kind"] == "recharge"] == ["Trigger Finger"]
    assert not ac.can(s, "no_recharge")
    ac.act(s, "recharge", card="Trigger Finger")
    assert ac.cards(s)["Trigger Finger"] is True
    assert "AC-4.7" in ac.rules_fired(s)


def test_AC_4_2_and_AC_4_7_worked_example_move_fire_recharge_die(ac):
    """AC-4.2, AC-4.7 rulebook example: move 3, then fire once, then recharge one used card if possible."""
    s = ready(ac, col=1, used_cards=("Slam the Ball",), mushrooms=[(2, 4)])
    ac.act(s, "die", face=3)
    ac.act(s, "move", dir="right")
    assert ac.gnome(s) == (0, 4)
    ac.act(s, "fire")
    assert (2, 4) not in ac.mushrooms(s)
    ac.act(s, "recharge", card="Slam the Ball")
    assert all(ac.cards(s).values())
    assert ac.phase(s) == "after die"


def test_AC_5_1_cards_usable_before_between_and_after_die(ac):
    """AC-5.1: cards are offered before a die is chosen, between its actions and after; a used card is face
    down and cannot be used again."""
    s = ready(ac)
    assert ac.can(s, "use_card", card="Wrist Control")
    ac.act(s, "use_card", card="Trigger Finger")
    assert not ac.can(s, "use_card", card="Trigger Finger")
    ac.act(s, "die", face=4)
    assert ac.can(s, "use_card", card="Wrist Control")
    ac.act(s, "fire")
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert ac.phase(s) == "after die" and ac.can(s, "use_card", card="Wrist Control")
    assert ac.obs(s, 1)["gnomes"][0]["cards"]["Trigger Finger"] is False


def test_AC_5_2_wrist_control_moves_one_square_choosing_direction(ac):
    """AC-5.2: Wrist Control moves the Gnome one square; at the edge only away from it."""
    s = ready(ac, col=8)
    ac.act(s, "use_card", card="Wrist Control")
    assert ac.phase(s) == "wrist control: direction"
    assert [(i["args"]["dir"], i["target"]) for i in ac.choices(s)] == [("left", [0, 7])]
    ac.act(s, "move", dir="left")
    assert ac.gnome(s) == (0, 7) and ac.phase(s) == "choose die"


def test_AC_5_3_trigger_finger_fires_once(ac):
    """AC-5.3: Trigger Finger fires a bolt at once."""
    s = ready(ac, col=3, mushrooms=[(ac.FAR - 1, 3)])
    ac.act(s, "use_card", card="Trigger Finger")
    assert ac.mushrooms(s) == set()
    assert ac.rules_fired(s)[-2:] == ["AC-5.1", "AC-5.3"]


def test_AC_5_4_slam_the_ball_between_a_dies_actions_rerolls_five_then_the_die_in_use(ac):
    """AC-5.4 (AC-D6b): Slam the Ball between a die's actions rerolls the five other dice at once; the die in
    use keeps its face and remaining actions, and is rerolled into the pool when they are done: the pool never
    holds more than six dice, and holds six fresh ones at the end of the turn."""
    s = ready(ac, dice=(1, 2, 3, 4, 5, 6))
    ac.act(s, "die", face=2)  # move 2, fire
    assert len(ac.pool(s)) == 5
    ac.act(s, "move", dir="left")
    ac.act(s, "use_card", card="Slam the Ball")
    assert any("five other" in e.text for e in s.events() if e.rule == "AC-5.4")
    ac.roll(s, 5, 5, 5, 5, 5)
    assert s.current_player() == 0  # five rolls, no sixth yet
    assert ac.pool(s) == [5] * 5
    assert ac.phase(s) == "resolve die" and ac.kinds(s) == ["use_card", "use_card", "fire"]
    assert ac.obs(s)["die_in_use"]["face"] == 2
    ac.act(s, "fire")  # the die's last action: now it is rolled into the pool
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 6
    ac.roll(s, 3)
    assert ac.pool(s) == [3, 5, 5, 5, 5, 5]
    assert ac.phase(s) == "after die" and ac.can(s, "end_turn")
    assert ac.obs(s)["die_in_use"] is None  # it is in the pool now: six dice in all, none in use


def test_AC_5_4_no_die_is_in_use_once_the_finished_die_is_rerolled_into_the_pool(ac):
    """AC-5.4: Slam the Ball used after the die's actions rerolls all six dice, the finished one too: the view
    shows six dice in the pool and none in use (not seven dice)."""
    s = ready(ac, dice=(1, 2, 3))
    ac.act(s, "die", face=1)
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert ac.obs(s)["die_in_use"]["face"] == 1  # done, not yet back in the pool
    ac.act(s, "use_card", card="Slam the Ball")
    ac.roll(s, 4, 4, 4, 4, 4, 4)
    view = ac.obs(s, 0)
    assert len(view["dice_pool"]) == 6 and view["die_in_use"] is None and ac.phase(s) == "after die"


def test_AC_5_4_slam_the_ball_before_or_after_the_die_rerolls_all_six(ac):
    """AC-5.4: used before a die is chosen, or after its actions, Slam the Ball rerolls all six dice."""
    s = ready(ac, dice=(1, 2))
    ac.act(s, "use_card", card="Slam the Ball")
    ac.roll(s, 6, 6, 6, 6, 6, 6)
    assert ac.pool(s) == [6] * 6 and ac.phase(s) == "choose die"
    s = ready(ac, dice=(1, 2, 3))
    ac.act(s, "die", face=1)
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert ac.pool(s) == [2, 3]
    ac.act(s, "use_card", card="Slam the Ball")
    ac.roll(s, 4, 4, 4, 4, 4, 4)
    assert ac.pool(s) == [4] * 6 and ac.phase(s) == "after die"


def test_AC_5_5_glitch_removes_any_one_mushroom(ac):
    """AC-5.5: Glitch removes a mushroom of the Gnome's choice; without mushrooms it is not offered."""
    s = ready(ac)
    assert not ac.can(s, "use_card", card="Glitch")
    s = ready(ac, mushrooms=[(5, 5), (7, 1)])
    ac.act(s, "use_card", card="Glitch")
    assert ac.phase(s) == "glitch: mushroom to remove" and ac.targets(s, "glitch") == [(5, 5), (7, 1)]
    ac.act(s, "glitch", row=7, col=1)
    assert ac.mushrooms(s) == {(5, 5)} and ac.supply(s) == 29


def test_AC_5_6_end_of_turn_recharge_only_if_no_card_used(ac):
    """AC-5.6: after a turn without card use the Gnome may recharge one card (ending the turn); after using
    a card it may not."""
    s = ready(ac, used_cards=("Slam the Ball",))
    ac.act(s, "die", face=1)
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert ac.can(s, "recharge_and_end", card="Slam the Ball")
    info = s.action_info(ac.find_action(s, "recharge_and_end", card="Slam the Ball"))
    assert info["label"].endswith("end the turn")
    ac.act(s, "recharge_and_end", card="Slam the Ball")
    assert ac.cards(s)["Slam the Ball"] is True and ac.phase(s) == "play a card" and s.current_player() == 1
    s = ready(ac, used_cards=("Slam the Ball",))
    ac.act(s, "use_card", card="Wrist Control")
    ac.act(s, "move", dir="left")
    ac.act(s, "die", face=1)
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    assert not ac.can(s, "recharge_and_end")
