"""The danger shown to the Gnome's player (danger.py, issue 35 item 3): the squares in front of its row where a bug
can stand in the coming Centipede turn (AC-10.1) — reached by a bug on the board, or spawned there (Spawn Spider
on column 0 or 8, AC-6.5 and AC-D8) — and a drop into its row (AC-10.2), from public information only
(AC-12.1)."""

from __future__ import annotations

import random

from boardcade.core import sample_chance
from boardcade.games.atari_centipede.danger import danger
from boardcade.games.atari_centipede.threat import threat_map


def lone(ac):
    return [{"segments": [(ac.FAR, 8)], "facing": "left"}]


def squares(view) -> dict[tuple[int, int], dict]:
    return {tuple(d["square"]): d for d in view["squares"]}


def test_AC_10_1_AC_6_5_danger_holds_the_spawn_squares_and_a_spiders_reach(ac):
    """AC-10.1, AC-6.5 (AC-D8): with a Spawn Spider card unseen, the empty edge squares in front of the Gnome row
    (r1c0, r1c8) are in danger ("a spider can spawn here"); a spider on r5c4 reaches r1c4 straight down and the
    two corners by its diagonals (AC-8); r1c2 is out of every reach. The chances are the threat map's."""
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac), spiders=[(5, 4)], hand=("Mushroom",) * 2 + ("Berserk!",))
    view = ac.obs(s, 0)["danger"]
    found = squares(view)
    assert view["gnome_row"] == 0
    assert set(found) == {(1, 0), (1, 4), (1, 8)}
    for corner in ((1, 0), (1, 8)):
        assert "a spider can spawn here" in found[corner]["why"] and "a spider can move here" in found[corner]["why"]
    assert found[(1, 4)]["why"] == ["a spider can move here"]
    assert view["columns"] == [0, 4, 8] and view["drop"] == 0.0
    threat, _ = threat_map(s, 0)
    assert all(found[(1, k)]["chance"] == round(threat[k], 2) for k in (0, 4, 8))


def test_AC_6_5_the_spawn_squares_alone_carry_the_odds_of_an_unseen_spawn_spider(ac):
    """AC-6.5 (AC-D8), AC-10.1: with no bug near, only the spawn squares of the edge columns are in danger, at
    the chance that the hand holds a Spawn Spider; once all three are in the discard pile, nothing is."""
    s = ac.pos(gnome=(0, 0), centipedes=lone(ac), discard=("Mushroom",))
    view = ac.obs(s, 0)["danger"]
    assert set(squares(view)) == {(1, 0), (1, 8)}
    assert all(d["why"] == ["a spider can spawn here"] and 0 < d["chance"] < 1 for d in view["squares"])
    s = ac.pos(gnome=(0, 0), centipedes=lone(ac), hand=("Mushroom",) * 2, discard=("Spawn Spider",) * 3)
    assert ac.obs(s, 0)["danger"]["squares"] == []


def test_AC_10_2_a_drop_into_the_row_makes_every_column_dangerous(ac):
    """AC-10.2: a centipede on the front row that will drop into the Gnome row eats the Gnome anywhere: every
    column of the row is marked, with the reason."""
    s = ac.pos(gnome=(0, 8), centipedes=[{"segments": [(1, 1), (1, 2)], "facing": "left"}])
    view = ac.obs(s, 0)["danger"]
    assert view["drop"] == 1.0 and view["drop_why"] == ["a centipede can drop into this row"]
    assert view["columns"] == list(range(9))


def test_AC_12_1_danger_is_the_same_for_every_hidden_state_the_gnome_cannot_tell_apart(ac):
    """AC-12.1: the danger comes from public information only — the same for every state resampled from the
    Gnome's information state, though the Centipede's hidden hand differs among them."""
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac), spiders=[(5, 4)], hand=("Spawn Spider", "Mushroom", "Berserk!"))
    seen = ac.obs(s, 0)["danger"]
    hands = set()
    for seed in range(8):
        other = s.resample_from_infostate(0, random.Random(seed))
        hands.add(tuple(ac.obs(other, 1)["centipede_players"][0]["hand"]))
        assert ac.obs(other, 0)["danger"] == seen
    assert len(hands) > 1, "the resampled states differ in the hidden hand"


def test_AC_12_1_danger_is_shown_to_the_gnome_in_its_turn_only(ac):
    """The danger is the Gnome's player's, while it chooses its moves: not in the Centipede player's view, not a
    spectator's, and not in the Centipede's turn (4 players: only the Gnome to move gets its own)."""
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac))
    assert "danger" in ac.obs(s, 0) and "danger" not in ac.obs(s, 1) and "danger" not in ac.obs(s, None)
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac), to_move=1)
    assert all("danger" not in ac.obs(s, p) for p in (0, 1, None))
    s = ac.pos(players=4)
    gnome = s.current_player()
    assert [p for p in range(4) if "danger" in ac.obs(s, p)] == [gnome]


def test_AC_10_1_danger_marks_exactly_the_columns_the_threat_map_threatens(ac):
    """AC-10: over seeded random matches, at every Gnome decision the marked squares are exactly the columns the
    greedy Gnome's threat map gives a chance above 0 (the two never disagree), each with a reason in words."""
    rng = random.Random(35)
    checked = 0
    for _ in range(6):
        s = ac.new()
        while not s.is_terminal() and checked < 400:
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            view = ac.obs(s, s.current_player()).get("danger")
            if view is not None:
                g = 0
                threat, row = threat_map(s, 0)
                assert sorted(k for _, k in squares(view)) == [k for k in range(9) if threat[k] > 0]
                assert all(d["why"] for d in view["squares"]) and bool(view["drop_why"]) == (row > 0)
                assert view == danger(s, g)
                checked += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 50


def test_AC_6_5_the_lesson_on_danger_marks_the_corner_spawn_square_and_explains_moving_under_it(ac):
    """AC-6.5 (AC-D8), AC-10.1, issue 35 item 3: Atari's lesson has a step on danger squares: its learner sees
    r1c0, the spawn point in front of the corner, marked "a spider can spawn here", and moving there is the
    wrong move, explained."""
    from boardcade.learn import StepRun, load_course

    course = load_course("atari_centipede")
    index = [s.id for s in course.steps].index("danger")
    run = StepRun(course, index)
    view = run.view()["observation"]["danger"]
    assert squares(view)[(1, 0)]["why"] == ["a spider can spawn here"] and 0 in view["columns"]
    left = [a for a in run.state.legal_actions() if run.state.action_info(a).get("target") == [0, 0]]
    outcome = run.play(left[0])
    assert not outcome.ok and "spawn point" in outcome.why
    assert run.play(run.expected_actions()[0]).ok and run.complete


def test_AC_6_5_the_terminal_board_marks_the_danger_and_names_it(ac):
    """AC-6.5, AC-10.1: the terminal board (render.py) draws "!" on the empty squares in danger and says why in
    a "Danger next turn" line; the Centipede player's board has neither."""
    from rich.console import Console

    from boardcade.games.atari_centipede.render import render

    s = ac.pos(gnome=(0, 1), centipedes=lone(ac), discard=("Mushroom",))

    def shown(seat):
        console = Console(width=160, record=True, color_system=None)
        console.print(render(ac.obs(s, seat)))
        return console.export_text()

    gnome = shown(0)
    assert "r1  !  ·  ·  ·  ·  ·  ·  ·  !" in gnome
    assert "r1c0: a spider can spawn here" in gnome and "Danger next turn" in gnome
    other = shown(1)
    assert "!" not in other.split("\n")[3] and "Danger next turn" not in other
