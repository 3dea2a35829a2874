"""SPIDER/SCORPION and FREE CHOICE: the shared Spider and Scorpion, gun attacks, passing (MB-7, MB-8)."""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError
from boardcade.testing import act, can, choices, scenario

RED_UPPER, RED_LOWER = [14, 2], [14, 8]  # Spider Spaces beside Red's Firing Line
GREEN_UPPER = [-2, 2]


def pieces(**description):
    return scenario("mb_centipede", spin="SPIDER/SCORPION", **description)


def kinds(state) -> list[tuple]:
    return [(c["kind"], c["args"]) for c in choices(state)]


def test_mb_7_1_either_piece_by_either_player(mb):
    """MB-7.1: on SPIDER/SCORPION a player moves the Spider or the Scorpion; both are shared."""
    s = pieces(poison=[(10, 6), (4, 8)])
    offered = {k for k, _ in kinds(s)}
    assert {"spider_poison", "scorpion_poison", "pass"} <= offered
    act(s, "spider_poison", space=1)  # (10,6)
    assert mb.obs(s)["spider"] == {"at": "poison", "space": 1, "xy": [10, 6]}
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED
    act(s, "spin", sector="SPIDER/SCORPION")
    assert can(s, "spider_den")  # Red may move the Spider Green put there
    act(s, "scorpion_poison", space=3)  # Red moves the Scorpion instead
    assert mb.obs(s)["scorpion"]["xy"] == [8, 2] and mb.obs(s)["spider"]["xy"] == [10, 6]


def test_mb_7_2_spider_destinations(mb):
    """MB-7.2: Den (when away), poison mushrooms free of the Scorpion and of segments, the Spider Space serving the
    opponent's gun's position."""
    s = pieces(poison=[(10, 6), (8, 2)], scorpion=(4, 4), green=[(8, 2)], red_gun=1)
    spider = [(k, a) for k, a in kinds(s) if k.startswith("spider")]
    assert spider == [("spider_poison", {"space": 1}), ("spider_space", {"space": 2})]
    assert s.action_info(s.legal_actions()[1])["target"] == RED_UPPER
    before = s.history()
    with pytest.raises(IllegalActionError, match="Spider or Scorpion cannot go there"):
        s.apply_action(s.game.codec.encode("spider_poison", space=7))  # under the Scorpion at (4,4)
    assert s.history() == before and mb.obs(s)["spider"]["at"] == "den"
    act(s, "spider_poison", space=1)
    act(s, "spin", sector="SPIDER/SCORPION")
    assert can(s, "spider_den")


def test_mb_7_3_spider_removes_a_mushroom_in_two_steps(mb):
    """MB-7.3: the Spider lands on a mushroom (it stays); the next move of the Spider, by anyone, removes it."""
    s = pieces(poison=[(10, 6)])
    act(s, "spider_poison", space=1)
    assert mb.poison(s) == {(10, 6): True} and mb.obs(s)["supply"] == 9
    act(s, "spin", sector="SPIDER/SCORPION")  # Red's turn
    act(s, "spider_den")
    assert mb.poison(s) == {} and mb.obs(s)["supply"] == 10 and mb.obs(s)["spider"]["at"] == "den"
    assert "MB-7.3" in mb.rules(s) and s.stats()["spider_removals"] == 1


@pytest.mark.parametrize("position", [0, 1, 2, 3, 4])
def test_mb_7_4_attack_from_spider_space_onto_any_of_five_positions(mb, position):
    """MB-7.4 (Figure 4): from the Spider Space the Spider jumps onto the gun on any of the 5 positions of its half;
    the attacker spins again and the attacked gun is disabled."""
    s = pieces(red_gun=position)
    act(s, "spider_space", space=2)
    assert not can(s, "spider_attack")  # two steps: the turn is over
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED
    act(s, "spin", sector="CENTIPEDE")  # Red moves its centipede
    act(s, "spin", sector="SPIDER/SCORPION")
    assert can(s, "spider_attack", target=[13, position])
    turns = mb.obs(s)["turn"]
    act(s, "spider_attack")
    assert mb.obs(s)["guns"][1]["disabled"] and mb.obs(s)["spider"]["at"] == "gun"
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.GREEN and mb.obs(s)["turn"] == turns  # extra spin
    assert s.stats()["spider_attacks"] == 1


def test_mb_7_4_attack_needs_the_gun_still_on_that_half(mb):
    """MB-7.4: if the opponent moved the gun to the other half, no attack (the other Spider Space is offered)."""
    s = pieces(red_gun=9, spider=RED_UPPER)
    assert not can(s, "spider_attack")
    assert can(s, "spider_space", target=RED_LOWER)


def test_mb_7_5_gun_disabled_until_its_owner_moves_the_spider_off(mb):
    """MB-7.5: Red's gun stays disabled until Red spends SPIDER/SCORPION (or FREE CHOICE) moving the Spider off."""
    s = scenario("mb_centipede", to_move="red", red_gun=2, spider="red_gun", spin="GUN")
    assert mb.obs(s)["player"] == mb.GREEN  # passed (MB-3.10)
    act(s, "spin", sector="CENTIPEDE")
    act(s, "spin", sector="FREE CHOICE")
    act(s, "choose", option="spider_scorpion")
    act(s, "spider_den")
    assert not mb.obs(s)["guns"][1]["disabled"] and "MB-7.5" in mb.rules(s)
    act(s, "spin", sector="CENTIPEDE")
    act(s, "spin", sector="GUN")
    assert [a["position"] for _, a in kinds(s)] == [k for k in range(11) if k != 2]


def test_mb_7_6_gun_on_safety_space_cannot_be_attacked(mb):
    """MB-7.6: with the opponent's gun on the Safety Space no Spider Space or attack is offered."""
    s = pieces(spider=RED_UPPER, poison=[(2, 4)])  # waiting beside Red's upper half; Red's gun on position 5
    offered = {k for k, _ in kinds(s)}
    assert "spider_attack" not in offered and "spider_space" not in offered


def test_mb_7_7_scorpion_destinations(mb):
    """MB-7.7: the Scorpion goes onto empty poison spaces (no mushroom, segment or Spider) while tokens last."""
    s = pieces(poison=[(2, 4)], spider=(2, 4), green=[(2, 8)])
    scorpion = [a["space"] for k, a in kinds(s) if k == "scorpion_poison"]
    assert scorpion == [1, 2, 3, 4, 5, 6, 7, 8]  # not 0 (mushroom and Spider) nor 9 (a segment)
    assert not can(s, "scorpion_hollow")
    act(s, "scorpion_poison", space=3)
    assert mb.poison(s) == {(2, 4): True, (8, 2): False} and mb.obs(s)["supply"] == 8
    assert s.stats()["scorpion_plantings"] == 1
    s = pieces(supply=0, scorpion=(6, 2))
    assert [k for k, _ in kinds(s) if k.startswith("scorpion")] == ["scorpion_hollow"]


def test_mb_7_8_moving_the_scorpion_plants_its_mushroom(mb):
    """MB-7.8: the token under the Scorpion is planted when the Scorpion next moves; until then it counts for
    shortcuts but is not yet planted."""
    s = pieces()
    act(s, "scorpion_poison", space=5)
    assert mb.obs(s)["poison"] == [{"space": 5, "xy": [6, 8], "planted": False}]
    act(s, "spin", sector="SPIDER/SCORPION")  # Red moves it on
    act(s, "scorpion_poison", space=6)
    assert mb.poison(s) == {(6, 8): True, (8, 6): False} and mb.obs(s)["supply"] == 8
    assert "MB-7.8" in mb.rules(s)
    act(s, "spin", sector="SPIDER/SCORPION")
    act(s, "scorpion_hollow")
    assert mb.poison(s) == {(6, 8): True, (8, 6): True} and mb.obs(s)["scorpion"]["at"] == "hollow"


def test_mb_7_9_spider_scorpion_may_be_passed(mb):
    """MB-7.9: on SPIDER/SCORPION (or FREE CHOICE used as it) the player may move neither piece; GUN has no pass."""
    s = pieces(poison=[(2, 4)])
    assert kinds(s)[-1] == ("pass", {})
    before = {k: v for k, v in mb.obs(s).items() if k not in ("events", "phase", "move_number", "current_player")}
    act(s, "pass")
    after = mb.obs(s)
    assert s.is_chance_node() and after["player"] == mb.RED and "MB-7.9" in mb.rules(s)
    assert (after["spider"], after["scorpion"], after["poison"]) == (
        before["spider"],
        before["scorpion"],
        before["poison"],
    )
    assert s.stats()["passes"] == 1
    s = scenario("mb_centipede", spin="FREE CHOICE")
    act(s, "choose", option="spider_scorpion")
    assert can(s, "pass")
    assert not can(scenario("mb_centipede", spin="GUN"), "pass")


def test_mb_7_10_the_attack_stays_open_after_other_turns(mb):
    """MB-7.10: the Spider waits beside Red's upper half; Green spends its next turns on GUN and on the Scorpion;
    on a later SPIDER/SCORPION turn the attack is still offered, since the Spider and Red's gun stayed put."""
    s = pieces(red_gun=3)
    act(s, "spider_space", space=2)
    act(s, "spin", sector="CENTIPEDE")  # Red
    act(s, "spin", sector="GUN")  # Green shoots instead of attacking
    act(s, "gun", position=7)
    act(s, "spin", sector="CENTIPEDE")  # Red
    act(s, "spin", sector="SPIDER/SCORPION")  # Green moves the Scorpion instead
    assert can(s, "spider_attack")
    act(s, "scorpion_poison", space=0)
    act(s, "spin", sector="CENTIPEDE")  # Red
    act(s, "spin", sector="FREE CHOICE")
    act(s, "choose", option="spider_scorpion")
    assert can(s, "spider_attack", target=[13, 3])


def test_mb_8_1_free_choice_offers_gun_centipede_and_pieces(mb):
    """MB-8.1: FREE CHOICE lets the player pick A, B or C and carries it out."""
    s = scenario("mb_centipede", spin="FREE CHOICE")
    assert [a["option"] for _, a in kinds(s)] == ["gun", "centipede", "spider_scorpion"]
    act(s, "choose", option="gun")
    assert {k for k, _ in kinds(s)} == {"gun"}
    s = scenario("mb_centipede", spin="FREE CHOICE")
    act(s, "choose", option="centipede")
    assert mb.pos(s, mb.GREEN)[0] == 5 and "MB-8.1" in mb.rules(s)
    s = scenario("mb_centipede", spin="FREE CHOICE")
    act(s, "choose", option="spider_scorpion")
    assert {k for k, _ in kinds(s)} <= {"scorpion_poison", "spider_space", "pass"}
    s = scenario("mb_centipede", supply=0, spin="FREE CHOICE")
    assert [a["option"] for _, a in kinds(s)] == ["gun", "centipede"]  # no piece can move


def test_mb_8_1_free_choice_attack_with_spider(mb):
    """MB-8.1 / MB-7.4: the second step of an attack may be made with a FREE CHOICE."""
    s = scenario("mb_centipede", red_gun=10, spider=RED_LOWER, spin="FREE CHOICE")
    act(s, "choose", option="spider_scorpion")
    act(s, "spider_attack")
    assert mb.obs(s)["guns"][1]["disabled"] and mb.obs(s)["player"] == mb.GREEN and s.is_chance_node()


def test_spider_space_beside_green_serves_red_attacks(mb):
    """MB-7.4: Red attacks Green's gun from the Spider Space beside Green's Firing Line."""
    s = scenario("mb_centipede", to_move="red", green_gun=1, spider=GREEN_UPPER, spin="SPIDER/SCORPION")
    act(s, "spider_attack")
    assert mb.obs(s)["guns"][0]["disabled"] and mb.obs(s)["spider"] == {"at": "gun", "player": 0, "xy": [-1, 1]}
