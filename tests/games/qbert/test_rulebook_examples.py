"""The rulebook's own examples, played through the contract with Q*bert's roll in the secret tube.

Each example is played in eight twin positions that differ only in the roll. A twin whose roll cannot
allow a move Q*bert makes is dropped at that move (the nasty player has then seen that the roll is not
that small); every other twin must look exactly the same to the nasty player (observation, information
state, events, and the choices and labels he is offered) until the tube is lifted (QB-7.1, QB-7.2).
"""

from __future__ import annotations

from boardcade.testing import choices, find_action

NASTY = 1


def _view(state) -> tuple:
    offered = choices(state) if state.current_player() != 0 else None  # Q*bert's own choices are his alone
    return (
        state.observation(NASTY),
        state.information_state_string(NASTY),
        state.events(NASTY),
        offered,
        state.observation(None),
    )


class Twins:
    """The same position with each d8 roll; `main` is the one the example plays."""

    def __init__(self, qb, roll: int, **description):
        self.roll = roll
        self.states = {r: qb.start(roll=r, **description) for r in range(1, 9)}
        self.hidden_checks = 0
        self.check()

    @property
    def main(self):
        return self.states[self.roll]

    def hidden(self) -> bool:
        return self.main.observation(NASTY)["roll_hidden"]

    def check(self) -> None:
        if not self.hidden():
            assert all(not s.observation(NASTY)["roll_hidden"] for s in self.states.values()), "revealed in one only"
            return
        want = _view(self.main)
        for r, s in self.states.items():
            assert _view(s) == want, f"the nasty player can tell a roll of {r} from {self.roll}"
        self.hidden_checks += 1

    def do(self, kind: str, **args) -> None:
        action = find_action(self.main, kind, **args)
        mover = self.main.current_player()
        for r, s in list(self.states.items()):
            if action in s.legal_actions():
                s.apply_action(action)
            else:
                assert mover == 0 and kind in ("hop", "disc"), "only Q*bert's moves can tell rolls apart"
                del self.states[r]  # the nasty player has seen more moves than this roll allows
        self.check()

    def rolls(self) -> list[int]:
        return sorted(self.states)


def test_QB_5_7_rulebook_red_ball_example_figures_1_and_2(qb):
    """Rulebook, Saving Q*bert 3, Figures 1-2 (QB-5.7, QB-5.4, QB-7.2): Red Ball is on the space directly
    above Q*bert, on the outside edge; Q*bert has just completed a turn with three moves left in the tube.
    "Red Ball" and 2 are rolled; Red Ball lands on Q*bert; Q*bert escapes along the edge with his three
    escape moves; Red Ball cannot capture him with its one remaining step and falls off. The nasty player
    learns the roll only when his turn ends."""
    t = Twins(qb, roll=5, qbert=(3, 0), red_ball=(2, 0))
    t.do("hop", dir="down-left")  # (4,0)
    t.do("hop", dir="up-right")  # back to (3,0): 2 moves used, 3 in the tube
    t.do("stop")
    assert t.rolls() == [2, 3, 4, 5, 6, 7, 8]
    t.do("character_die", character="Red Ball")
    t.do("d6", face=2)
    t.do("step", dir="down-left")  # Red Ball lands on Q*bert at (3,0), an outside space: threat
    main = t.main
    assert qb.phase(main) == "escape" and qb.fired(main, "QB-5.1", "Red Ball")
    assert main.observation(NASTY)["escape"]["text"] == "Q*bert escapes (moves left: hidden)"
    assert main.observation(0)["escape"]["text"] == "Q*bert escapes (moves left: 3)"
    assert qb.kinds(t.states[2]) == [("stop", {})]  # a roll of 2 would leave him nothing: only capture
    for _ in range(3):
        t.do("hop", dir="down-left")  # along the left edge: (4,0), (5,0), (6,0)
    assert t.rolls() == [5, 6, 7, 8] and t.hidden()
    t.do("stop")
    assert qb.phase(main) == "nasty-move" and main.observation(NASTY)["steps_left"] == 1 and t.hidden()
    assert qb.targets(main) == [(4, 0), (4, 1)]  # its last step cannot reach (6,0)
    t.do("step", dir="down-left")
    assert qb.where(main, "red_ball") == "out" and qb.fired(main, "QB-5.7", "Red Ball")
    assert not t.hidden() and main.observation(NASTY)["last_revealed_roll"] == 5
    assert qb.fired(main, "QB-4.11", "rolled 5 (0 moves unused)")
    assert not qb.scores(main) and qb.phase(main) == "qbert-roll"
    assert t.hidden_checks == 11  # every step from the roll to the end of the nasty turn


def test_QB_5_4_rulebook_coily_and_six_example(qb):
    """Rulebook, Saving Q*bert 1 (QB-5.4, QB-5.5, QB-5.6, QB-7.2): "Coily" and "six" are rolled and Coily
    reaches Q*bert's space as part of its move; Q*bert, with escape moves left, moves away. Here Coily goes
    on and threatens him three more times; at the fourth threat his moves are spent, he is captured, and
    only then is the tube lifted."""
    t = Twins(qb, roll=6, qbert=(3, 1), coily=(5, 2))
    t.do("hop", dir="down-right")  # (4,2)
    t.do("hop", dir="up-left")  # (3,1): 2 moves used, 4 in the tube
    t.do("stop")
    t.do("character_die", character="Coily")
    t.do("d6", face=6)
    t.do("step", dir="up-left")  # (4,1)
    t.do("step", dir="up-right")  # (3,1): step 2 of 6 reaches Q*bert
    assert qb.phase(t.main) == "escape" and qb.fired(t.main, "QB-5.1", "Coily")
    t.do("hop", dir="up-right")  # (2,1)
    t.do("hop", dir="up-left")  # (1,0)
    t.do("stop")
    assert t.rolls() == [4, 5, 6, 7, 8] and t.hidden()
    t.do("step", dir="up-left")  # (2,0)
    t.do("step", dir="up-right")  # (1,0): threatened again (QB-5.6)
    assert t.main.observation(0)["escape"]["moves_left"] == 2
    t.do("hop", dir="up-right")  # (0,0)
    t.do("stop")
    t.do("step", dir="up-right")  # (0,0): a third time
    t.do("hop", dir="down-right")  # (1,1): his last move
    assert t.rolls() == [6, 7, 8] and t.hidden()
    assert qb.kinds(t.main) == [("stop", {})]
    t.do("stop")
    t.do("step", dir="down-right")  # Coily's sixth step, onto (1,1): a fourth threat
    assert t.hidden() and qb.phase(t.main) == "escape"
    assert qb.kinds(t.main) == [("stop", {})] and qb.choices(t.main)[0]["label"] == "stay put (Q*bert is captured)"
    assert qb.kinds(t.states[8]) != [("stop", {})]  # with a roll of 8 he could still hop away
    t.do("stop")
    assert qb.scores(t.main) == [(0, 6)]  # the pegs of (4,2), (3,1), (2,1), (1,0), (0,0) and (1,1)
    assert not t.hidden() and qb.fired(t.main, "QB-7.2", "rolled 6")
    assert t.hidden_checks == 19  # every step from the roll to the capture
