"""The 4-player team game (AC-11, AC-1.3 shared bug stock)."""

from __future__ import annotations

from boardcade import CHANCE
from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.turns import P_BONUS, P_CPLAY, P_DICEOFF, P_GCHOOSE, P_GPLACE, P_SEED

PLAY = B.PLAY_BASE
USE = B.USE_BASE


def cleared(ac):
    """Team B (players 2, 3) starts; team A's Gnome at r0c4, team B's at r11c4; field cleared; one
    centipede per colour far from both Gnomes."""
    s = ac.setup4()
    ac.clear(s)
    ac.put_cent(s, [(5, 0), (4, 0)], 1, colour=0)
    ac.put_cent(s, [(6, 8), (7, 8)], -1, colour=1)
    return s


def test_each_team_centipede_starts_at_its_own_end_and_heads_for_the_other(ac):
    """AC-11.1: red (team A, Gnome at row 0) spawns on row 1 and drops toward row 11; blue the reverse."""
    s = ac.setup4()
    assert s._home == [0, 11] and s._dy == [1, -1]
    assert s._spawns[0] == (ac.sq(1, 0), ac.sq(1, 8))
    assert s.roles() == ["gnome (team a)", "centipede (team a)", "gnome (team b)", "centipede (team b)"]


def test_seeding_alternates_by_team(ac):
    """AC-11.2: team A's Centipede player seeds a column, then team B's, and so on; 27 mushrooms."""
    s = ac.new(4)
    seeders = []
    while s.phase == P_SEED:
        seeders.append(s.current_player())
        s.apply_action(s.legal_actions()[0])
    assert seeders[::3] == [1, 3, 1, 3, 1, 3, 1, 3, 1]
    assert s.supply == 3 and s.phase == P_DICEOFF


def test_dice_off_high_roller_picks_end_low_roller_starts(ac):
    """AC-11.3: ties roll again; the high roller's Gnome chooses end and square, the other Gnome a square
    at the other end, and the low roller's team moves first."""
    s = ac.new(4)
    ac.seed_all(s)
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 36
    s.apply_action(2 * 6 + 2)  # tie
    assert s.phase == P_DICEOFF
    s.apply_action(1 * 6 + 4)  # team A 2, team B 5: B is high
    assert s.phase == P_GPLACE and s.current_player() == 2
    assert len(s.legal_actions()) == 18
    s.apply_action(ac.sq(0, 3))
    assert s.current_player() == 0 and s.legal_actions() == [ac.sq(11, c) for c in range(9)]
    s.apply_action(ac.sq(11, 6))
    for f in range(6):
        s.apply_action(f)
    for _ in range(2):
        for k in (1, 2, 3):
            s.apply_action(k)
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 0 and s.phase == P_GCHOOSE


def test_turn_order_gnome_then_centipede_team_by_team(ac):
    """AC-11.4: the starting team's Gnome, then its Centipede, then the other team's Gnome and Centipede."""
    s = cleared(ac)
    order = [p for p, _, _ in s._order]
    assert order == [2, 3, 0, 1]
    assert s.current_player() == 2
    s.apply_action(B.DIE_BASE + 0)  # move 1, fire
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    s.apply_action(B.END_TURN)
    assert s.current_player() == 3 and s.phase == P_CPLAY


def test_gnomes_share_one_dice_pool(ac):
    """AC-11.5: a die taken by one Gnome is gone for the other; the pool refreshes at one die left, whichever
    Gnome's turn it is."""
    s = cleared(ac)
    s.apply_action(B.DIE_BASE + 0)
    assert sum(s.pool) == 5 and len(s.observation(0)["dice_pool"]) == 5
    s.pool = [0, 0, 1, 0, 0, 0]
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    s.hand[1] = [0, 0, 0, 0, 0]
    s.apply_action(B.END_TURN)
    while s.current_player() == 3:
        s.apply_action(s.legal_actions()[0])
    s.apply_action(s.chance_outcomes()[0][0])  # blue's draw
    assert s.current_player() == CHANCE and s._g == 0  # team A's Gnome starts with a refresh
    for _ in range(6):
        s.apply_action(3)
    assert s.pool == [0, 0, 0, 6, 0, 0] and s.current_player() == 0


def test_each_gnome_has_its_own_cards_and_no_glitch(ac):
    """AC-11.6: each Gnome has Wrist Control, Trigger Finger and Slam the Ball; Glitch is never offered."""
    s = cleared(ac)
    ac.put_mush(s, (5, 5))
    assert USE + B.GLITCH not in s.legal_actions()
    gnomes = s.observation(None)["gnomes"]
    assert [list(g["cards"]) for g in gnomes] == [["Wrist Control", "Trigger Finger", "Slam the Ball"]] * 2
    s.apply_action(USE + B.TRIGGER)
    assert s.cards[1][B.TRIGGER] is False and s.cards[0][B.TRIGGER] is True


def test_bug_stock_is_shared_and_coloured(ac):
    """AC-1.3, AC-11.7: fleas come from one stock of 3 for both teams and show their team's colour."""
    s = cleared(ac)
    ac.put_bug(s, "flea", (3, 3), colour=0)
    ac.put_bug(s, "flea", (8, 3), colour=1)
    obs = s.observation(None)
    assert obs["bug_supply"]["fleas"] == 1
    assert [f["colour"] for f in obs["fleas"]] == ["red", "blue"]


def test_only_enemy_bugs_eat_a_gnome(ac):
    """AC-11.7: a team's own bug in front of its own Gnome does nothing; an enemy bug there eats it."""
    s = cleared(ac)
    ac.put_bug(s, "spider", (1, 4), colour=0)
    ac.start_centipede_turn(s, hand=[0, 0, 0, 1, 0], colour=0)
    assert not s.is_terminal()
    s = cleared(ac)
    ac.put_bug(s, "spider", (1, 4), colour=1)
    ac.start_centipede_turn(s, hand=[0, 0, 0, 1, 0], colour=1)
    assert s.is_terminal() and s.returns() == [-1.0, -1.0, 1.0, 1.0]


def test_shooting_the_other_gnome_gives_a_bonus_bug_move(ac):
    """AC-11.8: a bolt reaching the other Gnome lets the shooter's Centipede player move one of its bugs at
    once (or decline); then the Gnome's turn goes on."""
    s = cleared(ac)
    s.apply_action(USE + B.TRIGGER)  # team B's Gnome at r11c4 fires up column 4: clear to r0c4
    assert s.phase == P_BONUS and s.current_player() == 3
    assert s.legal_actions() == [ac.sq(6, 8), B.SKIP]
    s.apply_action(ac.sq(6, 8))
    assert ac.cents_of(s, colour=1) == [[(6, 5), (6, 6)]]  # length 2: speed 3, to the left
    assert s.current_player() == 2 and s.phase == P_GCHOOSE
    s2 = cleared(ac)
    s2.apply_action(USE + B.TRIGGER)
    s2.apply_action(B.SKIP)
    assert s2.current_player() == 2 and [c[1][0] for c in s2.cents] == [ac.sq(5, 0), ac.sq(6, 8)]


def test_team_mates_share_the_win(ac):
    """AC-11.9: destroying the other colour's last segment wins for both players of the shooting team."""
    s = cleared(ac)
    ac.place_gnome(s, 1, (11, 0))
    s.supply = 0
    s.apply_action(USE + B.TRIGGER)  # team B's Gnome hits red's r5c0
    assert not s.is_terminal()
    s.apply_action(B.DIE_BASE + 4)  # fire (hits r4c0, red's last segment), move 2
    s.apply_action(B.FIRE)
    assert s.is_terminal() and s.returns() == [-1.0, -1.0, 1.0, 1.0]
