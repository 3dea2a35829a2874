"""The 4-player team game (AC-11, AC-1.3 shared bug stock)."""

from __future__ import annotations

from boardcade import CHANCE


def cleared(ac, **description):
    """Team B (players 2, 3) starts; team A's Gnome at r0c4, team B's at the last row, column 4; one centipede
    per colour far from both Gnomes (red travels toward the last row, blue toward row 0)."""
    description.setdefault(
        "centipedes",
        [
            {"segments": [(5, 0), (4, 0)], "facing": "right", "colour": "red"},
            {"segments": [(6, 8), (7, 8)], "facing": "left", "colour": "blue"},
        ],
    )
    description.setdefault("gnomes", ((0, 4), (ac.LAST, 4)))
    return ac.pos(4, first="B", **description)


def seed_all(ac, s) -> list[int]:
    seeders = []
    while ac.phase(s) == "seed mushrooms":
        seeders.append(s.current_player())
        s.apply_action(s.legal_actions()[0])
    return seeders


def test_AC_11_1_each_team_centipede_starts_at_its_own_end_and_heads_for_the_other(ac):
    """AC-11.1: red (team A, Gnome at row 0) spawns on row 1 and drops toward the last row; blue the reverse."""
    s = ac.pos(4, gnomes=((0, 4), (ac.LAST, 4)))
    assert [ac.side(s, c)["home_row"] for c in (0, 1)] == [0, ac.LAST]
    assert {r for seg in ac.cents(s, "red") for r, _ in seg} == {1}
    assert {r for seg in ac.cents(s, "blue") for r, _ in seg} == {ac.FAR}
    assert s.roles() == ["red gnome", "red centipede", "blue gnome", "blue centipede"]
    red = {"segments": [(5, 8)], "facing": "right", "colour": "red"}
    blue = {"segments": [(7, 8)], "facing": "right", "colour": "blue"}
    s = cleared(ac, centipedes=[red, blue], hand={"red": ()}, to_move=1)
    ac.act(s, "draw", card="Mushroom")  # red (speed 4) dropped at the edge toward the last row
    assert ac.cents(s, "red")[0][0][0] == 6


def test_AC_11_2_seeding_alternates_by_team(ac):
    """AC-11.2: team A's Centipede player seeds a column, then team B's, and so on; 27 mushrooms."""
    s = ac.new(4)
    seeders = seed_all(ac, s)
    assert seeders[::3] == [1, 3, 1, 3, 1, 3, 1, 3, 1]
    assert ac.supply(s) == 3 and ac.phase(s) == "dice-off"


def test_AC_11_3_dice_off_high_roller_picks_end_low_roller_starts(ac):
    """AC-11.3: ties roll again; the high roller's Gnome chooses end and square, the other Gnome a square
    at the other end, and the low roller's team moves first."""
    s = ac.new(4)
    seed_all(ac, s)
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 36
    assert {s.action_info(a)["kind"] for a, _ in s.chance_outcomes()} == {"dice_off"}
    ac.act(s, "dice_off", team_a=3, team_b=3)  # tie
    assert ac.phase(s) == "dice-off"
    ac.act(s, "dice_off", team_a=2, team_b=5)  # B is high
    assert ac.phase(s) == "place gnome" and s.current_player() == 2
    assert len(ac.targets(s, "place_gnome")) == 18
    ac.act(s, "place_gnome", row=0, col=3)
    assert s.current_player() == 0 and ac.targets(s, "place_gnome") == [(ac.LAST, c) for c in range(9)]
    ac.act(s, "place_gnome", row=ac.LAST, col=6)
    ac.roll(s, 1, 2, 3, 4, 5, 6)
    for _ in range(2):
        for card in ("Spawn Spider", "Spawn Flea", "Mushroom"):
            ac.draw(s, card)
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 0 and ac.phase(s) == "choose die"


def test_AC_11_4_turn_order_gnome_then_centipede_team_by_team(ac):
    """AC-11.4: the starting team's Gnome, then its Centipede, then the other team's Gnome and Centipede."""
    s = cleared(ac, dice=(1, 1, 2, 2, 3, 3))
    seen = [s.current_player()]
    for face in (1, 2, 1, 2):
        ac.act(s, "die", face=face)  # move, fire
        ac.act(s, "move", dir="left")
        ac.act(s, "fire")
        ac.act(s, "end_turn")
        seen.append(s.current_player())
        assert ac.phase(s) == "play a card"
        while s.current_player() in (seen[-1], CHANCE):  # the Centipede plays its turn and draws
            s.apply_action(s.legal_actions()[0])
        seen.append(s.current_player())
    assert seen == [2, 3, 0, 1, 2, 3, 0, 1, 2]


def test_AC_11_5_gnomes_share_one_dice_pool(ac):
    """AC-11.5: a die taken by one Gnome is gone for the other; the pool refreshes at one die left, whichever
    Gnome's turn it is."""
    s = cleared(ac, dice=(1, 3), hand={"blue": ()})
    ac.act(s, "die", face=1)
    assert ac.pool(s) == [3] and [d["face"] for d in ac.obs(s, 0)["dice_pool"]] == [3]
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    ac.act(s, "end_turn")
    ac.draw(s, "Mushroom")  # blue had no card to play; its bug moved; it draws
    assert s.current_player() == CHANCE  # team A's Gnome starts with a refresh
    ac.roll(s, 4, 4, 4, 4, 4, 4)
    assert ac.pool(s) == [4] * 6 and s.current_player() == 0


def test_AC_11_6_each_gnome_has_its_own_cards_and_no_glitch(ac):
    """AC-11.6: each Gnome has Wrist Control, Trigger Finger and Slam the Ball; Glitch is never offered."""
    s = cleared(ac, mushrooms=[(5, 5)])
    assert not ac.can(s, "use_card", card="Glitch")
    gnomes = ac.obs(s)["gnomes"]
    assert [list(g["cards"]) for g in gnomes] == [["Wrist Control", "Trigger Finger", "Slam the Ball"]] * 2
    ac.act(s, "use_card", card="Trigger Finger")
    assert ac.cards(s, 1)["Trigger Finger"] is False and ac.cards(s, 0)["Trigger Finger"] is True


def test_AC_1_3_and_AC_11_7_bug_stock_is_shared_and_coloured(ac):
    """AC-1.3, AC-11.7: fleas come from one stock of 3 for both teams and show their team's colour."""
    s = cleared(ac, fleas=[{"square": (3, 3), "colour": "red"}, {"square": (8, 3), "colour": "blue"}])
    assert ac.obs(s)["bug_supply"]["fleas"] == 1
    assert [f["colour"] for f in ac.obs(s)["fleas"]] == ["red", "blue"]


def test_AC_11_7_only_enemy_bugs_eat_a_gnome(ac):
    """AC-11.7: a team's own bug in front of its own Gnome does nothing; an enemy bug there eats it."""
    s = cleared(ac, spiders=[{"square": (1, 4), "colour": "red"}], hand={"red": ("Mushroom",)}, to_move=1)
    assert not s.is_terminal()
    s = cleared(ac, spiders=[{"square": (1, 4), "colour": "blue"}], hand={"blue": ("Mushroom",)}, to_move=3)
    assert s.is_terminal() and s.returns() == [-1.0, -1.0, 1.0, 1.0]


def test_AC_11_8_shooting_the_other_gnome_gives_a_bonus_bug_move(ac):
    """AC-11.8: a bolt reaching the other Gnome lets the shooter's Centipede player move one of its bugs at
    once (or decline); then the Gnome's turn goes on."""
    s = cleared(ac)
    ac.act(s, "use_card", card="Trigger Finger")  # team B's Gnome fires up column 4: clear to r0c4
    assert ac.phase(s) == "bonus bug move" and s.current_player() == 3
    assert ac.kinds(s) == ["bonus_move", "decline_bonus"] and ac.targets(s, "bonus_move") == [(6, 8)]
    ac.act(s, "bonus_move", row=6, col=8)
    assert ac.cents(s, "blue") == [[(6, 5), (6, 6)]]  # length 2: speed 3, to the left
    assert s.current_player() == 2 and ac.phase(s) == "choose die"
    s2 = cleared(ac)
    ac.act(s2, "use_card", card="Trigger Finger")
    ac.act(s2, "decline_bonus")
    assert s2.current_player() == 2 and ac.cents(s2, "red") == [[(5, 0), (4, 0)]]
    assert ac.cents(s2, "blue") == [[(6, 8), (7, 8)]]


def test_AC_11_9_team_mates_share_the_win(ac):
    """AC-11.9: destroying the other colour's last segment wins for both players of the shooting team."""
    supply_empty = [(r, c) for r in (1, 2, 3) for c in range(1, 9)] + [(9, c) for c in range(1, 7)]
    s = cleared(ac, gnomes=((0, 4), (ac.LAST, 0)), mushrooms=supply_empty)
    assert ac.supply(s) == 0
    ac.act(s, "use_card", card="Trigger Finger")  # team B's Gnome hits red's r5c0
    assert not s.is_terminal()
    ac.act(s, "die", face=5)  # fire (hits r4c0, red's last segment), move 2
    ac.act(s, "fire")
    assert s.is_terminal() and s.returns() == [-1.0, -1.0, 1.0, 1.0]
