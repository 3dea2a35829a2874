"""The terminal view of Q*bert (render.py) during an escape and after tied games (QB-5.4, QB-7.1, QB-6.6)."""

from rich.console import Console

from boardcade.games.qbert.render import render
from boardcade.testing import act


def _text(obs) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(obs))
    return console.export_text()


def test_QB_7_1_terminal_escape_line_hides_the_count_from_the_nasty_player(qb):
    """QB-5.4, QB-7.1: "Q*bert escapes (moves left: hidden)" for the nasty player and spectators; Q*bert's
    player sees his count; two nasties on one cube are both drawn."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1), green_ball=(3, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    nasty, spectator, mine = _text(state.observation(1)), _text(state.observation(None)), _text(state.observation(0))
    for text in (nasty, spectator):
        assert "Q*bert escapes (moves left: hidden)" in text and "hidden in the tube" in text
    assert "Q*bert escapes (moves left: 3)" in mine and "hidden" not in mine
    qb.hop(state, "up-left")
    act(state, "stop")
    assert "GC" in _text(state.observation(None)) or "CG" in _text(state.observation(None))


def test_QB_6_6_terminal_view_lists_each_games_own_pegs(qb):
    """QB-6.6: the terminal shows each finished game's own pegs, with ties marked."""
    state = qb.start(roll=1, scores=[(0, 3), (1, 3), (0, 0)], qbert_player=1, coily=(1, 0))
    qb.hop(state, "down-left")
    text = _text(state.observation(None))
    rows = [" ".join(line.split()) for line in text.splitlines()]
    assert "The game Player 1 3, Player 2 3 (tied)" in rows
    assert "Extra game 1 Player 1 0, Player 2 0 (tied)" in rows
