"""Adversarial review of the Q*bert engine against the rulebook and decisions QB-D1..QB-D13: edge cases
pinned down through the contract."""

import random

import pytest

import boardcade
from boardcade import IllegalActionError
from boardcade.core import game_spec, sample_chance
from boardcade.testing import act

# ---- hidden information (QB-7.1, QB-D3) ---------------------------------------------------------


def test_QB_7_1_a_used_up_roll_waits_for_an_explicit_stop(qb):
    """QB-D3: "Q*bert makes 0..roll hops one at a time, then ends his move ... the roll and so the number
    of escape moves left stay hidden until the reveal." A move that uses the whole roll must not end by
    itself, or the nasty player would learn the roll; the twin with a roll of 8 looks the same to him."""
    short, long_ = qb.start(roll=2), qb.start(roll=8)
    for state in (short, long_):
        qb.hop(state, "down-left")
        qb.hop(state, "down-left")
    assert qb.phase(short) == "qbert-move" and qb.kinds(short) == [("stop", {})]
    assert qb.can(long_, "hop", dir="down-left")
    assert short.observation(1) == long_.observation(1)
    assert short.information_state_string(1) == long_.information_state_string(1)
    assert short.events(1) == long_.events(1)


def test_QB_7_1_a_threat_keeps_the_tube_down_for_the_nasty_player(qb):
    """QB-D8 (revised): "The tube stays down: the roll is NOT revealed at a threat". Twins rolling 3 and 5
    look the same to the nasty player through the threat and the escape hops, until the nasty turn ends."""
    twins = [qb.start(roll=roll, qbert=(3, 1), coily=(4, 1)) for roll in (3, 5)]
    for state in twins:
        qb.nasty_turn(state, "Coily", 2)
        qb.step(state, "up-right")  # onto Q*bert: threat
        assert qb.phase(state) == "escape"
    assert twins[0].information_state_string(1) == twins[1].information_state_string(1)
    assert twins[0].observation(1) == twins[1].observation(1)
    assert [s.observation(0)["moves_left"] for s in twins] == [3, 5]
    for state in twins:
        qb.hop(state, "up-left")  # (2,0)
        qb.hop(state, "up-right")  # (1,0)
        act(state, "stop")
    assert twins[0].observation(1) == twins[1].observation(1)
    assert twins[0].events(1) == twins[1].events(1)
    for state in twins:
        qb.step(state, "up-left")  # Coily's last step, to (2,0): the nasty turn ends, the tube is lifted
    assert [s.observation(1)["last_revealed_roll"] for s in twins] == [3, 5]


# ---- threats on the entry move (QB-4.5, QB-5.1, QB-5.2, QB-5.7) ---------------------------------


def test_QB_5_1_coily_entering_onto_qbert_threatens_and_falls_off_after_failing_on_the_bottom_row(qb):
    """QB-D5: "Entering the pyramid is the first step ... Coily enters at (6,3)." QB-D8: "If the nasty ends
    its move without capturing after threatening Q*bert on an outside space, it falls off"."""
    state = qb.start(roll=2, qbert=(6, 3))
    qb.nasty_turn(state, "Coily", 2)
    act(state, "enter")
    assert qb.phase(state) == "escape" and qb.fired(state, "QB-5.1")
    qb.hop(state, "up-left")  # (5,2)
    qb.hop(state, "up-left")  # (4,1): moves used up; he ends the escape
    act(state, "stop")
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 1
    qb.step(state, "up-right")  # (5,3): cannot reach him
    assert qb.where(state, "coily") == "out" and not qb.scores(state)
    assert qb.fired(state, "QB-5.7")


def test_QB_5_2_ugg_entering_onto_the_right_face_of_qbert_cube_threatens(qb):
    """QB-D5: "Ugg onto the right face of (6,6)". QB-D7: Ugg captures by "their move onto a face of the cube
    Q*bert stands on". With a move left Q*bert escapes; with none he is captured (QB-5.4)."""
    state = qb.start(roll=1, qbert=(6, 6))
    qb.nasty_turn(state, "Ugg", 1)
    act(state, "enter")
    assert qb.phase(state) == "escape" and qb.fired(state, "QB-5.2")
    qb.hop(state, "up-left")  # (5,5): crosses RF(5,5), not Ugg's RF(6,6)
    act(state, "stop")
    assert qb.phase(state) == "qbert-roll" and not qb.scores(state)
    assert qb.where(state, "ugg") == "out"  # threatened on an outside space and failed

    state = qb.start(roll=1, qbert=(5, 5))
    qb.hop(state, "down-right")  # (6,6), the whole roll used
    qb.nasty_turn(state, "Ugg", 1)
    act(state, "enter")
    assert qb.kinds(state) == [("stop", {})]  # no move left: his only answer is to be captured (QB-5.4)
    act(state, "stop")
    assert qb.scores(state) == [(0, 1)] and qb.fired(state, "QB-6.1", "captured by Ugg")


def test_QB_5_4_red_ball_dropping_onto_qbert_with_no_moves_left_captures(qb):
    """QB-D5: Red Ball "drop[s] onto (1,0) or (1,1)"; QB-D8: with no escape moves "he is captured"."""
    state = qb.start(roll=1)
    qb.hop(state, "down-left")  # (1,0)
    qb.nasty_turn(state, "Red Ball", 3)
    assert qb.can(state, "enter", target=(1, 0))  # Q*bert does not block the entry space
    act(state, "enter", target=(1, 0))
    act(state, "stop")  # his only answer
    assert qb.scores(state) == [(0, 1)] and qb.fired(state, "QB-6.1", "captured by Red Ball")


# ---- captures during Q*bert's own hops in an escape (QB-3.5, QB-3.6) ----------------------------


def test_QB_3_6_escape_hop_across_the_threatening_wrong_way_is_a_capture(qb):
    """Rulebook, Moving Q*bert: "If Qbert passes over Ugg or Wrong Way during a move, Qbert is captured";
    Saving Q*bert applies QB-3.3..3.8 to each escape hop. Hopping down-left crosses Wrong Way's face."""
    state = qb.start(roll=2, qbert=(4, 1), wrong_way=(4, 0))
    qb.nasty_turn(state, "Wrong Way", 1)
    act(state, "walk", way="along")  # onto LF(4,1): threat
    assert qb.phase(state) == "escape"
    qb.hop(state, "down-left")  # (4,1)->(5,1) crosses LF(4,1)
    assert qb.scores(state) == [(0, 0)] and qb.fired(state, "QB-3.6")


def test_QB_3_5_escape_hop_onto_another_capturer_is_a_capture(qb):
    """Rulebook: "If Qbert lands on a space occupied by Coily or Red Ball during any part of a move, Qbert is
    captured" — an escape hop included."""
    state = qb.start(roll=2, qbert=(3, 1), coily=(4, 1), red_ball=(2, 0))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    qb.hop(state, "up-left")  # onto Red Ball
    assert qb.scores(state) == [(0, 0)] and qb.fired(state, "QB-6.1", "captured by Red Ball")


# ---- Slick and the Green Ball during an escape (QB-3.7, QB-3.8, QB-4.10) -------------------------


def test_QB_3_7_landing_on_slick_during_an_escape_ends_the_escape_and_the_nasty_finishes(qb):
    """Rulebook: "If Qbert lands on a space occupied by Slick during any part of a move, Qbert must stop
    there. The player removes Slick to its home position"; QB-D8: "Then the nasty finishes its remaining
    steps"."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1), slick=(2, 1))
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")  # threat
    qb.hop(state, "up-right")  # onto Slick
    assert qb.where(state, "slick") == "home" and qb.qbert_at(state) == (2, 1)
    assert qb.phase(state) == "nasty-move" and qb.view(state)["steps_left"] == 2
    assert [2, 1] not in state.observation(None)["pegs"]
    assert qb.fired(state, "QB-3.7")


def test_QB_3_8_green_ball_during_an_escape_freezes_the_next_nasty_turn(qb):
    """QB-D7: "Q*bert landing on it sends it home and freezes the nasties (the next nasty turn is skipped)".
    Landed on during an escape, the moving nasty still finishes; the following nasty turn is skipped."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1), green_ball=(2, 1))
    qb.nasty_turn(state, "Coily", 2)
    qb.step(state, "up-right")  # threat
    qb.hop(state, "up-right")  # onto the Green Ball
    assert qb.where(state, "green_ball") == "home" and qb.view(state)["frozen"]
    assert qb.phase(state) == "escape"  # he may keep hopping
    act(state, "stop")
    assert qb.phase(state) == "nasty-move"
    qb.step(state, "down-left")  # (4,1); threatened on an inside space: stays on
    assert qb.phase(state) == "qbert-roll" and qb.where(state, "coily") == (4, 1)
    act(state, "d8", face=1)  # next turn, roll 1
    act(state, "stop")
    assert qb.phase(state) == "qbert-roll" and not qb.view(state)["frozen"] and qb.fired(state, "QB-4.10")


# ---- last peg, discs, falling off (QB-6.1, QB-5.8, QB-5.7) --------------------------------------


def test_QB_6_1_last_peg_taken_during_an_escape_ends_the_round_at_once(qb):
    """Rulebook: "Play continues until the Q*bert player removes all the pegs or is captured." The nasty
    does not finish its move; the next round starts with the roles swapped."""
    state = qb.start(roll=2, qbert=(3, 1), coily=(4, 1), pegs=[(2, 1)])
    qb.nasty_turn(state, "Coily", 3)
    qb.step(state, "up-right")
    qb.hop(state, "up-right")  # takes the last peg
    assert qb.scores(state) == [(0, 28)] and qb.phase(state) == "qbert-roll"
    assert qb.view(state)["qbert_player"] == 1
    assert {n["where"] for n in state.observation(None)["nasties"]} == {"home"}


def test_QB_6_1_last_peg_taken_on_a_disc_landing_ends_the_round(qb):
    """QB-D9: "Landing on the top cube takes its peg (QB-D2)" — when it is the last, the round is over."""
    state = qb.start(roll=2, qbert=(2, 0), coily=(3, 0), pegs=[(0, 0)])
    qb.nasty_turn(state, "Coily", 2)
    qb.step(state, "up-right")
    act(state, "disc", disc=0)
    assert qb.scores(state) == [(0, 28)] and qb.view(state)["round"] == 2 and qb.phase(state) == "qbert-roll"


def test_QB_5_8_top_occupied_leaves_the_one_free_cube_below(qb):
    """Rulebook: "If the top space is occupied, Qbert moves to the next space under the occupied space. The
    flying disc is then placed out of play"; QB-D9: "forfeits any moves left"."""
    state = qb.start(roll=3, qbert=(2, 0), coily=(3, 0), slick=(0, 0), red_ball=(1, 0))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert [i["args"] for i in qb.choices(state) if i["kind"] == "disc"] == [{"disc": 0, "to": [1, 1]}]
    act(state, "disc", disc=0, to=(1, 1))
    obs = state.observation(None)
    assert obs["qbert"] == [1, 1] and not obs["discs"][0]["active"] and [1, 1] not in obs["pegs"]
    assert qb.where(state, "coily") == "out" and not qb.scores(state)


def test_QB_5_7_red_ball_dropping_home_after_failing_on_the_bottom_row_is_out(qb):
    """Rulebook, Saving Q*bert 3: "Because Red Ball tried to capture Qbert on an outside space, and failed,
    Red Ball 'falls off' the board and is eliminated from the game" — not merely sent home (QB-4.6)."""
    state = qb.start(roll=1, qbert=(6, 2), red_ball=(5, 2))
    qb.nasty_turn(state, "Red Ball", 2)
    qb.step(state, "down-left")  # onto Q*bert at (6,2)
    qb.hop(state, "up-right")  # (5,2)
    act(state, "stop")
    assert qb.kinds(state) == [("go_home", {})]
    act(state, "go_home")
    assert qb.where(state, "red_ball") == "out"
    act(state, "d8", face=1)
    qb.nasty_turn(state, "Red Ball", 4)
    assert qb.phase(state) == "qbert-roll"  # forfeited: out for the rest of the round


# ---- round end, cap (QB-6.4) ---------------------------------------------------------------------


def test_QB_6_4_a_capped_round_scores_the_pegs_taken_and_the_roles_swap(qb):
    """QB-D10: "Option max_turns_per_round ... ends a round early — a digital safeguard"; the score is
    still "pegs taken that round"."""
    state = qb.start({"max_turns_per_round": 1}, roll=2)
    qb.hop(state, "down-left")
    qb.hop(state, "down-left")
    qb.nasty_turn(state, "Slick", 1)
    act(state, "enter", space="second")
    assert qb.scores(state) == [(0, 2)] and state.safety_cap_hit()
    assert qb.view(state)["qbert_player"] == 1 and qb.phase(state) == "qbert-roll"


# ---- whole games: no dead ends, no overlaps, bounded length (QB-4.9, QB-D8, QB-6.1) ---------------


@pytest.mark.parametrize("options", [{}, {"tiebreak": True}])
def test_QB_4_9_random_matches_never_stall_overlap_or_overrun(qb, options):
    """QB-D6: "Two nasties never share a cube or face" (except on Q*bert's cube); QB-D8: Coily/Red Ball on
    Q*bert's cube is a threat that is settled at once; every decision point offers a legal action and every
    match ends within max_game_length."""
    game = boardcade.load_game("qbert", **options)
    rng = random.Random(7)
    for _ in range(40):
        state = game.new_initial_state()
        pegs_before, round_before = 28, 0
        while not state.is_terminal():
            obs = state.observation(None)
            if not state.is_chance_node():
                assert state.legal_actions()
                cubes = [tuple(n["cube"]) for n in obs["nasties"] if n["where"] == "cube"]
                off_qbert = [c for c in cubes if list(c) != obs["qbert"]]
                assert len(off_qbert) == len(set(off_qbert))
                capturers = [
                    tuple(n["cube"]) for n in obs["nasties"] if n["key"] in ("coily", "red_ball") and n["cube"]
                ]
                if tuple(obs["qbert"]) in capturers:
                    assert obs["phase"] == "escape"
                qp_view = state.observation(obs["qbert_player"])
                assert qp_view["moves_used"] <= qp_view["roll"]
            if obs["round"] == round_before:
                assert obs["pegs_left"] <= pegs_before  # pegs never come back within a round
            pegs_before, round_before = obs["pegs_left"], obs["round"]
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
        assert qb.phase(state) == "over" and len(state.history()) <= game.max_game_length


# ---- labels and refusals players read ----------------------------------------------------------


def test_QB_4_5_face_walker_entry_names_the_face_it_enters(qb):
    """QB-D5: "Wrong Way onto the left face of (6,0); Ugg onto the right face of (6,6)." The entry carries
    action_info["face"], so a board UI (games/qbert/web.js keys choices by face) offers it on that face."""
    for name, face in (("Ugg", "right"), ("Wrong Way", "left")):
        state = qb.start(roll=1, qbert=(3, 1))
        qb.nasty_turn(state, name, 1)
        assert qb.kinds(state) == [("enter", {"space": "first"})]
        assert qb.choices(state)[0].get("face") == face, name


def test_QB_5_5_stop_before_any_escape_hop_says_it_means_capture(qb):
    """QB-5.5: "Staying put without a single escape hop means he is captured." The label says so, and only
    then."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(4, 1))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "up-right")
    assert qb.phase(state) == "escape"
    stop = [i for i in qb.choices(state) if i["kind"] == "stop"][0]
    assert "captur" in stop["label"].lower() and stop["captures"] is True
    qb.hop(state, "up-left")
    stop = [i for i in qb.choices(state) if i["kind"] == "stop"][0]
    assert "captur" not in stop["label"].lower() and stop["captures"] is False  # now it only ends the escape


def test_QB_5_4_a_threat_reveals_nothing_and_only_qbert_is_told_his_moves_left(qb):
    """QB-5.4 (QB-D8 revised): at a threat no reveal event (neither QB-4.11 nor QB-7.2) and no roll in any
    public event; Q*bert alone is told his escape moves left (3 of his 5)."""
    state = qb.start(roll=5, qbert=(3, 1), coily=(4, 1))
    qb.hop(state, "up-left")  # (2,0)
    qb.hop(state, "down-right")  # back to (3,1): 3 moves left in the tube
    qb.nasty_turn(state, "Coily", 1)
    step = state.move_number()
    qb.step(state, "up-right")
    at_threat = [e for e in state.events() if e.step == step]
    assert not any(e.rule in ("QB-4.11", "QB-7.2") for e in at_threat)
    public = [e.text for e in at_threat if e.visible_to is None]
    assert public == [
        "Coily steps to (3,1)",
        "Coily reaches Q*bert at (3,1): capture threatened",
        "The tube stays down: Q*bert may escape with the moves he has left (moves left: hidden)",
    ]
    private = [e for e in at_threat if e.visible_to is not None]
    assert [(e.rule, e.text, e.visible_to) for e in private] == [("QB-5.4", "Q*bert has 3 escape moves left", (0,))]


def test_QB_5_8_refused_disc_landing_names_the_occupied_top(qb):
    """QB-5.8: "He flies to the top cube, or, when it is occupied, to the free one of (1,0) and (1,1)".
    Choosing the top while it is occupied is refused with the real reason; the state is unchanged."""
    state = qb.start(roll=4, qbert=(5, 5), coily=(4, 4), slick=(0, 0))
    qb.nasty_turn(state, "Coily", 1)
    qb.step(state, "down-right")
    before = state.observation(0)
    with pytest.raises(IllegalActionError, match="occupied") as err:
        state.apply_action(state.game.codec.encode("disc", disc=2, to=(0, 0)))
    assert "only be used during an escape" not in str(err.value)
    assert state.observation(0) == before


def test_QB_5_5_escaping_back_onto_the_threatened_cube_is_a_capture(qb):
    """Rulebook: escape moves let Q*bert "move away from being captured"; QB-5.5: an escape must end away
    from the threat. From a Wrong Way threat Q*bert can hop away and straight back (up-left, down-right:
    neither hop crosses LF(4,1)); ending the escape there is a capture."""
    state = qb.start(roll=2, qbert=(4, 1), wrong_way=(4, 0))
    qb.nasty_turn(state, "Wrong Way", 1)
    act(state, "walk", way="along")  # onto LF(4,1): threat
    qb.hop(state, "up-left")  # (3,0)
    qb.hop(state, "down-right")  # back to (4,1), Wrong Way still on its left face
    act(state, "stop")
    assert qb.scores(state) and qb.scores(state)[0][0] == 0
    assert qb.fired(state, "QB-6.1", "captured by Wrong Way")


def test_QB_6_4_the_default_cap_is_100_turns_as_qb_d10_decided(qb):
    """QB-6.4 (QB-D10, revised 2026-12-02): by default a round ends after 100 Q*bert turns; the option's help
    and the rules document say so, without the 60 first proposed."""
    game = boardcade.load_game("qbert")
    assert game.options["max_turns_per_round"] == 100
    doc = next(o.doc for o in game.OPTIONS if o.name == "max_turns_per_round")
    assert "QB-D10" in doc and "100" in doc and "60" not in doc
    clause = next(line for line in game_spec("qbert").rules_text().split("\n- ") if "**QB-6.4**" in line)
    assert "2026-12-02" in clause and "proposed 60" not in clause
    state = qb.start(roll=1, turn=100)
    qb.nasty_turn(state, "Slick", 1)
    act(state, "enter", space="second")
    assert qb.scores(state) == [(0, 0)] and qb.fired(state, "QB-6.4", "100 Q*bert turns")
    state = qb.start(roll=1, turn=99)
    qb.nasty_turn(state, "Slick", 1)
    act(state, "enter", space="second")
    assert not qb.scores(state) and qb.phase(state) == "qbert-roll"
