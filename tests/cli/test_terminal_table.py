"""`boardcade play` through a real terminal (a pty read back with a terminal emulator): the terminal items of
issue 35 ("The table, finished"), each seen failing before its fix."""

from __future__ import annotations

import random
import re

import pytest

from boardcade import load_game, load_record
from boardcade.agents import make_agent
from boardcade.core import Record, play

from .pty_helpers import Terminal, column_text, ctrl_d_at_first_prompt, first_screen, menu_choices


def flat(text: str) -> str:
    return " ".join(text.split())


def test_atari_setup_refuses_a_number_that_is_not_on_the_screen(tmp_path):
    """Issue 35 item 8 (AC-4.3): at Atari's seeding no number is shown (the seeds are one line of squares); typing
    `1` seeded r1c1. Now only what is shown is a key: `1` is refused, naming what can be typed, nothing is played,
    and a shown square still plays."""
    rec = tmp_path / "a.json"
    t = Terminal(["play", "atari_centipede", "--seed", "1", "--record", str(rec)], 80, 24)
    try:
        t.wait()
        assert not any(line.lstrip().startswith("1)") for line in t.screen()), t.text()
        t.send("1")
        t.wait()
        said = flat(t.text())
        t.send("r13c4")
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "1 is not a key on the screen" in said and "a square such as" in said, said
    record = load_record(rec)
    state = load_game("atari_centipede").new_initial_state()
    labels = []
    for a in record.actions:
        if state.current_player() == 0:
            labels.append(state.action_info(a)["label"])
        state.apply_action(a)
    assert labels == ["seed a mushroom at r13c4"]


def mb_scorpion_or_pass(tmp_path) -> Record:
    """A saved MB match (greedy seats, seed 3) stopped where Green may plant the Scorpion's poison mushroom on
    one of ten squares (one line, no numbers) or pass (`1`): MB-7 spider/scorpion spin."""
    game = load_game("mb_centipede")
    state = game.new_initial_state()

    def there(s) -> bool:
        if s.is_chance_node() or s.current_player() != 0:
            return False
        kinds = [i["kind"] for i in s.observation(0)["legal_actions"]]
        return kinds.count("scorpion_poison") >= 5 and len(set(kinds)) == 2

    play(state, {p: make_agent("greedy", 3 + p) for p in range(2)}, random.Random(3), stop=there)
    assert there(state)
    return Record.for_state(state, ["human", "greedy"])


def test_mb_refuses_a_number_hidden_in_a_group_line(tmp_path):
    """Issue 35 item 8: with only `1) pass` shown beside the Scorpion's squares, typing `3` moved the Scorpion.
    Now `3` is refused (nothing played) and the message names the key shown and a square to type."""
    rec = mb_scorpion_or_pass(tmp_path)
    path = rec.save(tmp_path / "mb.json")
    before = len(rec.actions)
    t = Terminal(["play", "--resume", str(path)], 80, 24)
    try:
        t.wait()
        screen = t.text()
        t.send("3")
        t.wait()
        said = column_text(t.screen(), "Since your last move")  # the column beside the board
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "1) pass" in screen and " 3)" not in screen, screen
    assert "3 is not a key on the screen: type a key shown (1), a square such as" in said, said
    assert len(load_record(path).actions) == before  # nothing played


def labels_by_seat(path) -> dict[int, list[str]]:
    """The labels of each seat's decisions in a saved record, in order."""
    record = load_record(path)
    state = record.load_game().new_initial_state()
    out: dict[int, list[str]] = {}
    for a in record.actions:
        seat = state.current_player()
        if seat >= 0:
            out.setdefault(seat, []).append(state.action_info(a)["label"])
        state.apply_action(a)
    return out


def seeds_of(path) -> list[str]:
    """The labels of the Gnome's moves in a saved Atari record."""
    return labels_by_seat(path).get(0, [])


def test_a_resize_redraws_the_screen_and_keeps_what_was_typed(tmp_path):
    """Issue 35 item 11: resizing the window (SIGWINCH) left the old screen in pieces. Now the screen is drawn
    again at the new size, with the prompt and what was typed so far; Enter then plays it."""
    rec = tmp_path / "r.json"
    t = Terminal(["play", "atari_centipede", "--seed", "1", "--record", str(rec)], 80, 24)
    try:
        t.wait()
        assert len(t.screen()[0]) <= 80
        t.type("r13")
        t.wait(re.compile(rb"r13$"))  # echoed: the line is being typed
        t.resize(120, 45)
        t.wait(re.compile(rb"your move: r13$"), timeout=10)
        lines = t.screen()
        t.type("c4\r")
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert len(lines[0]) == 120 and lines[0].endswith("q save & quit]"), "\n".join(lines)  # header at the new width
    assert any(line.startswith("r19 ") for line in lines) and "@> centipede head" in "\n".join(lines)
    assert seeds_of(rec) == ["seed a mushroom at r13c4"]


def test_the_prompt_edits_the_line_and_recalls_earlier_answers(tmp_path):
    """Issue 35 item 11: arrows printed `^[[D` and there was no history. Now Left/Right move in the line and Up
    brings back an earlier answer to edit (readline)."""
    rec = tmp_path / "e.json"
    t = Terminal(["play", "atari_centipede", "--seed", "1", "--record", str(rec)], 80, 24)
    left, up = "\x1b[D", "\x1b[A"
    try:
        t.wait()
        t.type(f"r1c4{left}{left}3\r")  # r1c4 -> r13c4
        t.wait()
        t.type(f"{up}{left}{left}\x7f5\r")  # r13c4 again, then r13c4 -> r15c4
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert seeds_of(rec) == ["seed a mushroom at r13c4", "seed a mushroom at r15c4"]


def test_ctrl_d_says_the_match_was_left_and_prints_the_record_path_whole(tmp_path):
    """Issue 35 item 11: Ctrl-D was called "Interrupted", and a long record path was broken over lines. Now it
    says the match was left and how to go on, with the path and the command each printed in one piece."""
    rec = tmp_path / ("a-folder-with-a-rather-long-name-" * 2) / "match.json"
    code, printed = ctrl_d_at_first_prompt(["play", "qbert", "--seed", "5", "--record", str(rec)], 80, 24)
    assert code == 0 and "Interrupted" not in printed, printed
    assert "Left the match (Ctrl-D). Match saved to" in printed, printed
    assert f"Go on with: boardcade play --resume {rec}" in printed, printed  # one piece, whatever the width
    assert load_record(rec).result is None


def test_a_finished_match_is_named_in_words_and_mb_legend_fits_80x24(tmp_path):
    """Issue 35 item 11: resuming a finished match said `over ([-1.0, 1.0])`, and MB's legend was cut at 80x24.
    Now the result is in words, and MB's legend is on the 80x24 screen (under the board)."""
    over = tmp_path / "over.json"
    args = ["play", "qbert", "--seat", "random", "--seat", "random", "--seed", "2", "--record", str(over)]
    t = Terminal(args, 80, 24)
    try:
        t.finish()
    finally:
        t.close()
    t = Terminal(["play", "--resume", str(over)], 80, 24)
    try:
        code = t.finish()
    finally:
        t.close()
    said = " ".join(t.printed().split())
    assert code == 2 and re.search(r"is over \(Player \d wins \(Player 1: \d+ pegs?, Player 2: \d+ pegs?\)\)", said)
    assert "[-1.0" not in said and "[1.0" not in said, said

    screen = "\n".join(first_screen(["play", "mb_centipede", "--seed", "1", "--record", str(tmp_path / "m.json")]))
    for word in ("G/R Green/Red head", "poison mushroom", "Scorpion", "home base"):
        assert word in screen, screen


def test_four_player_gnomes_are_named_as_the_seats_and_supplies_count_in_words(tmp_path):
    """Issue 35 item 11: four-player Gnomes were drawn `GA`/`GB` while the header names the Red and Blue
    Gnomes (AC-11.1), and one flea left read "1 fleas". Now the board's marks and legend name them as the header
    does, and counts of one are singular."""
    from boardcade.games.atari_centipede import render
    from boardcade.testing import scenario

    args = ["play", "atari_centipede", "--players", "4", "-o", "setup=random", "--seed", "2"]
    t = Terminal([*args, "--record", str(tmp_path / "g.json")], 120, 45)
    try:
        t.wait()
        t.send("r0c4")  # the Red Gnome takes r0c4
        screen = ""
        for _ in range(4):
            t.wait()
            screen = t.text()
            if "GR" in screen:
                break
            t.send("r19c4")
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "Red Gnome (you)" in screen and "GR Red Gnome  GB Blue Gnome" in screen, screen
    assert re.search(r"r0 +=  =  =  =  GR", screen), screen
    assert "GA" not in screen, screen
    state = scenario("atari_centipede", fleas=[(5, 2), (6, 3)])
    assert dict(render.facts(state.observation(0)))["Supply"] == "30 mushrooms, 1 flea, 3 spiders"


def test_a_round_s_end_stays_on_screen_when_what_happened_is_cut(tmp_path):
    """Issue 35 item 11 (QB-6.1, QB-6.3): at 80x24 the events since the seat's last move were cut oldest first,
    so the round's end (Q*bert captured, the pegs taken, the next round) was not on the screen. Now a round's end
    is kept, with the newest events that fit after it."""
    t = Terminal(["play", "qbert", "--seed", "3", "--record", str(tmp_path / "q.json")], 80, 24)
    screen = ""
    try:
        for _ in range(120):
            t.wait()
            screen = t.text()
            if re.search(r"Round +2 ", screen):
                break
            t.send(first_shown_key(t.screen()))
        t.send("q")
        t.finish()
    finally:
        t.close()
    told = " ".join(column_text(screen.split("\n"), "Since your last move").split())
    assert re.search(r"Round +2 ", screen), screen
    assert "the round ends" in told and "Round 2: Player 2 is Q*bert" in told, screen


def first_shown_key(lines: list[str]) -> str:
    keys = menu_choices(lines)
    return keys[0] if keys else ""


def atari_in_danger(players: int, seed: int) -> Record:
    """A saved Atari match (greedy seats, fixed seed) stopped at the first Gnome decision of seat 0 with at least
    three squares in danger and a drop into the Gnome row (AC-10.1, AC-10.2)."""
    game = load_game("atari_centipede", players=players)
    state = game.new_initial_state()

    def there(s) -> bool:
        if s.is_chance_node() or s.current_player() != 0:
            return False
        d = s.observation(0).get("danger")
        return bool(d and len(d["squares"]) >= 3 and d["drop"])

    play(state, {p: make_agent("greedy", seed + p) for p in range(players)}, random.Random(seed), stop=there)
    assert there(state)
    return Record.for_state(state, ["human"] + ["greedy"] * (players - 1))


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 3)])
def test_atari_danger_fits_80x24_with_the_board_and_the_prompt(tmp_path, players, seed):
    """AC-10.1, AC-10.2 at 80x24: the danger of the coming turn was dropped from the screen (its long fact did not
    fit beside the board). Now a short danger line names every square in danger with its odds, and a drop into the
    Gnome row, with the whole board, the question and the prompt on the 24 lines."""
    rec = atari_in_danger(players, seed)
    danger = rec.load_game().new_initial_state()
    for a in rec.actions:
        danger.apply_action(a)
    view = danger.observation(0)["danger"]
    path = rec.save(tmp_path / "a.json")
    lines = first_screen(["play", "--resume", str(path)], 80, 24)
    screen = "\n".join(lines)
    said = flat(column_text(lines, "Round"))
    assert len(lines) == 24 and lines[-1].startswith(("Gnome, your move", "Red Gnome, your move")), screen
    assert all(any(line.startswith(f"r{r} ") for line in lines) for r in range(20)), screen
    assert "Choose a die" in said and "1) activate the die" in said, screen
    told = re.search(r"! Danger next turn: r18 (.*?); a drop into r19 (\d+%|sure)", said)
    assert told, screen
    named = set(re.findall(r"c(\d)", told.group(1)))
    assert named == {str(d["square"][1]) for d in view["squares"]}, screen


def undo_round(args: list[str], pick: str, again: str, column: str | None = None) -> tuple[str, str, str]:
    """At an 80x24 terminal: type `pick`, then `u`, then `again`, then quit. Returns the screen bytes before
    the pick and after it (the prompt: is undo offered?) and what the screen said after `u` (the column beside
    the board that starts at `column`, or the whole text)."""
    t = Terminal(args, 80, 24)
    try:
        first = t.wait().decode()
        t.send(pick)
        offered = t.wait().decode()
        t.send("u")
        t.wait()
        said = flat(column_text(t.screen(), column) if column else t.text())
        t.send(again)
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    return first, offered, said


def undo_at_first_prompt(args: list[str]) -> tuple[str, str]:
    """At an 80x24 terminal: `u` at the first prompt, then quit. Returns the screen bytes of that prompt (is undo
    offered?) and what the column beside the board said after `u` (from "Cannot undo")."""
    t = Terminal(args, 80, 24)
    try:
        offered = t.wait().decode()
        t.send("u")
        t.wait()
        said = flat(column_text(t.screen(), "Cannot undo"))
        t.send("q")
        t.finish()
    finally:
        t.close()
    return offered, said


def test_undo_takes_back_an_atari_seed_of_this_turn(tmp_path):
    """Issue 35 item 5 in the terminal: `u` takes back the seat's last decision of its own turn (a seed placement,
    AC-4.3): the prompt offers it, the screen says what was taken back, and the record holds the seed typed next
    instead. Before, `u` was not a command (it was refused as a key not on the screen)."""
    rec = tmp_path / "u.json"
    _, offered, said = undo_round(["play", "atari_centipede", "--seed", "1", "--record", str(rec)], "r13c4", "r15c4")
    assert "u = undo" in offered, offered
    assert "Took back: seed a mushroom at r13c4." in said, said
    assert seeds_of(rec) == ["seed a mushroom at r15c4"]


def test_undo_is_refused_after_a_chance_outcome_with_the_reason(tmp_path):
    """Issue 35 item 5: a decision followed by a chance outcome (a roll, a spin, a card drawn) stands. An MB match
    (greedy seats, seed 1) stopped where Green's last decision came before a spin (MB-7): `u` is refused with the
    reason, the prompt does not offer it, and nothing is played or taken back."""
    from boardcade.core.undo import CHANCE_SINCE, steps_of, undo_refusal

    game = load_game("mb_centipede")
    state = game.new_initial_state()

    def there(s) -> bool:
        if s.is_chance_node() or s.current_player() != 0:
            return False
        return undo_refusal(steps_of(game, s.history())[1], 0, 0) == CHANCE_SINCE

    play(state, {p: make_agent("greedy", 1 + p) for p in range(2)}, random.Random(1), stop=there)
    assert there(state)
    path = Record.for_state(state, ["human", "greedy"]).save(tmp_path / "mb.json")
    before = len(load_record(path).actions)
    offered, said = undo_at_first_prompt(["play", "--resume", str(path)])
    assert "u = undo" not in offered, offered
    assert "Cannot undo: a chance outcome came after your last decision (a roll, a spin or a card drawn)" in said
    assert len(load_record(path).actions) == before


def test_undo_takes_back_a_qbert_hop_before_the_roll_is_used(tmp_path):
    """Issue 35 item 5 (a hop of this turn's roll, before it is used up): `u` after a hop takes it back, and the
    record keeps only the hop typed after it."""
    rec = tmp_path / "q.json"
    _, offered, said = undo_round(["play", "qbert", "--seed", "3", "--record", str(rec)], "dl", "dr")
    assert "u = undo" in offered, offered
    assert "Took back: hop down-left to (1,0)." in said, said
    assert labels_by_seat(rec)[0] == ["hop down-right to (1,1)"]


def mb_free_choice(tmp_path) -> Record:
    """A saved MB match (greedy seats, seed 1) stopped where Green has spun FREE CHOICE and picks A, B or C (MB-D9)."""
    game = load_game("mb_centipede")
    state = game.new_initial_state()

    def there(s) -> bool:
        if s.is_chance_node() or s.current_player() != 0:
            return False
        return any(i["label"].startswith("free choice:") for i in s.observation(0)["legal_actions"])

    play(state, {p: make_agent("greedy", 1 + p) for p in range(2)}, random.Random(1), stop=there)
    assert there(state)
    return Record.for_state(state, ["human", "greedy"])


def test_undo_takes_back_an_mb_free_choice_pick_before_anything_follows_it(tmp_path):
    """Issue 35 item 5 in MB Centipede, where undo is allowed: after FREE CHOICE (MB-D9) the pick of what to do is
    a decision of its own with no spin after it, so `u` takes it back (MB's other decisions all follow a spin
    and most end the turn: those stand). The record holds the pick typed after the undo."""
    path = mb_free_choice(tmp_path).save(tmp_path / "mb.json")
    before = labels_by_seat(path).get(0, [])
    # 1: free choice: move and shoot your gun; 2: move your centipede
    first, offered, said = undo_round(["play", "--resume", str(path)], "1", "2", column="Took back")
    assert "u = undo" not in first, "nothing of Green's own this turn yet: the spin came last"
    assert "u = undo" in offered, offered
    assert "Took back: free choice: move and shoot your gun." in said, said
    assert labels_by_seat(path)[0] == [*before, "free choice: move your centipede"]


def test_hot_seat_undo_takes_back_only_the_seat_s_own_decision(tmp_path):
    """Issue 35 item 5, two people at one terminal (Atari's seeding, AC-4.3, no chance between the seats): the
    Centipede's `u` takes back its own seed; then the Gnome, whose turn follows at once, is not offered undo and
    its `u` is refused: the Centipede's three seeds stand."""
    rec = tmp_path / "hs.json"
    args = ["play", "atari_centipede", "--seat", "human", "--seat", "human", "--seed", "1", "--record", str(rec)]
    t = Terminal(args, 80, 24)
    try:
        assert b"Press Enter" in t.wait() and "Pass the device to Centipede." in t.text()
        t.send("")
        t.wait()
        t.send("r5c2")
        offered = t.wait().decode()
        t.send("u")
        t.wait()
        took = flat(t.text())
        for square in ("r5c3", "r6c3", "r7c3"):
            t.send(square)
            passed = t.wait()
        assert b"Press Enter" in passed and "Pass the device to Gnome." in t.text()
        t.send("")
        t.wait()
        gnome = [line for line in t.screen() if line][-1]
        t.send("u")
        t.wait()
        refused = flat(t.text())
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "u = undo" in offered, offered
    assert "Took back: seed a mushroom at r5c2." in took, took
    assert gnome.startswith("Gnome, your move") and "u = undo" not in gnome, gnome
    assert "Cannot undo:" in refused and "Took back" not in refused, refused
    assert labels_by_seat(rec) == {1: [f"seed a mushroom at {sq}" for sq in ("r5c3", "r6c3", "r7c3")]}


def test_undo_at_the_first_atari_decision_says_plainly_there_is_nothing_to_take_back(tmp_path):
    """Issue 35 (undo, noticed at the table): at the Gnome's very first decision (the computer's Centipede seeded
    first, AC-4.3) `u` said "another player has decided since your last decision: it stands", though the Gnome had
    decided nothing. It says there is nothing of theirs to take back yet (core/undo.py's NOTHING reason)."""
    rec = tmp_path / "first.json"
    first, said = undo_at_first_prompt(["play", "atari_centipede", "--seed", "1", "--record", str(rec)])
    assert "u = undo" not in first, first
    assert "Cannot undo: you have made no decision yet this turn, so there is nothing to take back." in said, said
    assert 0 not in labels_by_seat(rec), "nothing played for the Gnome"
