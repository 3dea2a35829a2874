"""Taking back decisions in Atari's Centipede (core/undo.py, issue 35 item 5): the Gnome's die steps (AC-D4,
AC-4.2) are taken back one by one until a roll (Slam the Ball rerolls the pool: a chance outcome that stands);
a mushroom seeding placement (AC-D3) likewise; a Centipede card played from the hidden hand (AC-6.1, AC-12.1)
shows it, so it stands, while the decisions after it can be taken back."""

from __future__ import annotations

from boardcade.core import CHANCE, load_game
from boardcade.core.undo import (
    CHANCE_SINCE,
    NOT_YOUR_TURN,
    NOTHING,
    OTHER_SINCE,
    REVEALED,
    apply_step,
    rewind,
    undo_refusal,
    undoable,
)
from boardcade.testing import scenario

from ..undo_helpers import label, same

GNOME, CENTIPEDE = 0, 1


class Played:
    """Decisions applied to a copy of `start`, each with the state before it and its undo step."""

    def __init__(self, start):
        self.start, self.state = start, start.clone()
        self.actions, self.steps, self.before = [], [], []

    def __call__(self, action):
        self.before.append(self.state.clone())
        self.actions.append(action)
        self.steps.append(apply_step(self.state, action))

    def refusal(self, player):
        return undo_refusal(self.steps, self.state.current_player(), player)


def test_AC_4_2_die_steps_are_taken_back_until_slam_the_ball_rolls():
    play = Played(scenario("atari_centipede", dice=(2, 3), mushrooms=[(5, 4)]))
    s = play.state
    play(label(s, "activate the die: move 2, fire"))
    play(label(s, "move left"))
    assert play.refusal(GNOME) is None and undoable(play.steps, s.current_player()) == 2
    assert play.refusal(CENTIPEDE) == NOT_YOUR_TURN
    same(rewind(play.start, play.actions, 1), play.before[1])
    same(rewind(play.start, play.actions, 2), play.before[0])
    play(label(s, "use Slam the Ball"))  # AC-D6: all six dice rerolled
    while s.current_player() == CHANCE:
        play(s.legal_actions()[0])
    assert s.current_player() == GNOME
    assert play.refusal(GNOME) == CHANCE_SINCE, "the new dice stand"


def test_AC_D3_a_seeding_placement_is_taken_back_mushroom_by_mushroom():
    play = Played(load_game("atari_centipede").new_initial_state())
    s = play.state
    assert s.current_player() == CENTIPEDE and play.refusal(CENTIPEDE) == NOTHING
    play(s.legal_actions()[0])
    play(s.legal_actions()[0])
    assert play.refusal(CENTIPEDE) is None and undoable(play.steps, CENTIPEDE) == 2
    same(rewind(load_game("atari_centipede"), play.actions, 1), play.before[1])
    play(s.legal_actions()[0])  # the third mushroom: the Gnome seeds next
    assert s.current_player() == GNOME
    # The Gnome's first decision: nothing of its own to take back yet (not "another player decided since yours").
    assert play.refusal(GNOME) == NOTHING and play.refusal(CENTIPEDE) == NOT_YOUR_TURN
    for _ in range(3):  # the Gnome's three seeds: the Centipede seeds next, its own three seeds behind them
        play(s.legal_actions()[0])
    assert s.current_player() == CENTIPEDE
    assert play.refusal(CENTIPEDE) == OTHER_SINCE, "the Gnome's seeds came after the Centipede's: they stand"


def test_AC_6_1_a_card_from_the_hidden_hand_stands_but_what_follows_it_is_taken_back():
    hand = ("Mushroom", "Spawn Flea", "Berserk!")
    play = Played(scenario("atari_centipede", to_move=CENTIPEDE, hand=hand, spiders=[(6, 0)]))
    s = play.state
    play(label(s, "play Spawn Flea"))
    assert play.steps[-1].reveals, "the card was hidden in its owner's hand (AC-12.1)"
    assert play.refusal(CENTIPEDE) == REVEALED
    play(label(s, "spawn a flea at r18c0"))  # AC-D8
    play(label(s, "move the bug at r6c0"))  # the spider first
    play(label(s, "move the spider to r1c0"))
    assert s.current_player() == CENTIPEDE
    assert play.refusal(CENTIPEDE) is None and undoable(play.steps, CENTIPEDE) == 3, "not the card"
    same(rewind(play.start, play.actions, 1), play.before[3])
    same(rewind(play.start, play.actions, 3), play.before[1])
