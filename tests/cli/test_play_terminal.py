"""`boardcade play` through a real terminal (a pty of a given size, read back with a terminal emulator): the
defects of issue 30, each seen failing before its fix."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from boardcade import load_game, load_record
from boardcade.cli.main import app

from .pty_helpers import Terminal, column_text, first_screen, menu_choices, screen_after

runner = CliRunner()

# An old-style or new-style menu line: `   2  label` or `2) label` (the key, then the label).
ANY_MENU_LINE = re.compile(r"(?:^|\s{2})([0-9]+|[a-z]{1,2})(?:\)| ) +([A-Za-z].*?)\s*(?:│|$)")


def atari_rows_on_screen(lines: list[str], rows: int = 20) -> bool:
    starts = {m.group(1) for line in lines if (m := re.match(r"^│?\s?(r\d+)\s", line))}
    return all(f"r{r}" in starts for r in range(rows))


def decode(record_path, seat: int | None = None) -> list[str]:
    """The labels of the moves in a saved record (only those of `seat` when given)."""
    record = load_record(record_path)
    game = load_game(record.game, **record.options)
    state = game.new_initial_state()
    out = []
    for a in record.actions:
        if state.current_player() >= 0 and (seat is None or state.current_player() == seat):
            out.append(state.action_info(a)["label"])
        state.apply_action(a)
    return out


def first_key(lines: list[str]) -> str:
    """The first key of the menu on screen (old-style or new-style menu lines)."""
    keys = [m.group(1) for line in lines if (m := ANY_MENU_LINE.search(line))] or menu_choices(lines)
    assert keys, "\n".join(lines)
    return keys[0]


def test_atari_die_choice_is_one_list_and_its_key_plays_that_die(tmp_path):
    """Defect 1: the board's own 'Your choices' panel numbered the moves differently from the menu; typing its
    number played another die. Now there is one list, and a key plays the die written beside it."""
    rec = tmp_path / "a.json"
    t = Terminal(["play", "atari_centipede", "-o", "setup=random", "--seed", "3", "--record", str(rec)], 120, 45)
    try:
        for _ in range(6):
            t.wait()
            if "activate the die" in t.text():
                break
            t.send("r0c0")  # place the Gnome (a square of its line, as the menu offers)
        screen = t.text()
        assert "Your choices" not in screen
        dice = re.findall(r"activate the die: [a-z0-9, ]+", screen)
        assert dice and len(dice) == len(set(dice)), screen  # each die once: one list
        line = next(
            m for line in t.screen() if (m := ANY_MENU_LINE.search(line)) and m.group(2).startswith("activate the die")
        )
        key, label = line.group(1), line.group(2)
        t.send(key)
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert label in decode(rec, seat=0)


def test_atari_seeding_is_one_line_and_takes_squares_labels_and_prefixes(tmp_path):
    """Defect 2: the first seeding prompt listed ~140 numbered moves and refused `r13c4`, the full label and a
    unique prefix. Now the seeds are one line naming the squares (and the column this turn's seeds must share),
    the board stays on the 80x24 screen, and a square, a whole label or a unique start of one is a move."""
    rec = tmp_path / "s.json"
    t = Terminal(["play", "atari_centipede", "--seed", "1", "--record", str(rec)], 80, 24)
    try:
        t.wait()
        screen = t.screen()
        assert sum("seed a mushroom" in line for line in screen) <= 2, t.text()
        assert atari_rows_on_screen(screen), t.text()
        assert "your move" in screen[-1] or "your move" in screen[-2]
        t.send("r13c4")
        t.wait()
        assert "column c4" in column_text(t.screen(), "»"), t.text()  # the turn's constraint: the rest in c4
        t.send("seed a mushroom at r15c4")  # a whole label
        t.wait()
        t.send("seed a mushroom at r2")  # the only label starting so (column c4 only)
        t.wait()
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert decode(rec, seat=0)[:3] == [
        "seed a mushroom at r13c4",
        "seed a mushroom at r15c4",
        "seed a mushroom at r2c4",
    ]


def play_then_quit(args: list[str], moves: int) -> Terminal:
    """Run `boardcade ARGS` at 80x24, make `moves` moves (each the menu's first key), then q; `first` is the first
    screen's text."""
    t = Terminal(args, 80, 24)
    try:
        for i in range(moves + 1):
            t.wait()
            if i == 0:
                t.first = t.text()
            t.send(first_key(t.screen()) if i < moves else "q")
        assert t.finish() == 0
    finally:
        t.close()
    return t


def test_quit_then_resume_goes_on_with_the_same_match_and_records_are_not_overwritten(tmp_path):
    """Defect 3: `q` said the match was saved but nothing resumed it, and `--record saved.json` silently started
    a new match over it. Now `--resume FILE` goes on from the saved position, and an existing record is kept
    unless --overwrite is given."""
    rec = tmp_path / "q.json"
    t = play_then_quit(["play", "qbert", "--seed", "5", "--record", str(rec)], 3)
    assert f"boardcade play --resume {rec}".encode() in t.raw  # printed whole (the terminal wraps it)
    saved = load_record(rec)
    assert saved.result is None and len(saved.actions) >= 3
    before = rec.read_text()

    again = runner.invoke(app, ["play", "qbert", "--record", str(rec)], input="q\n")
    assert again.exit_code == 2 and "--resume" in again.output and "--overwrite" in again.output
    assert rec.read_text() == before  # untouched
    wrong = runner.invoke(app, ["play", "mb_centipede", "--resume", str(rec)])
    assert wrong.exit_code == 2 and "is a match of qbert" in " ".join(wrong.output.split())

    t = play_then_quit(["play", "--resume", str(rec)], 2)
    assert "Q*bert" in t.first and "row 6" in t.first  # the board, at the saved position
    resumed = load_record(rec)
    assert resumed.actions[: len(saved.actions)] == saved.actions and len(resumed.actions) > len(saved.actions)
    assert resumed.started_at == saved.started_at and resumed.meta.get("resumed") == 1
    resumed.replay()

    over = tmp_path / "over.json"
    runner.invoke(app, ["play", "qbert", "--seat", "random", "--seat", "random", "--seed", "2", "--record", str(over)])
    done = runner.invoke(app, ["play", "--resume", str(over)])
    assert done.exit_code == 2 and "is over" in done.output and "boardcade replay" in done.output
    helped = " ".join(runner.invoke(app, ["play", "--help"], env={"COLUMNS": "120"}).output.split())
    assert "--resume" in helped and "--overwrite" in helped and "goes on with it" in helped
    replaced = runner.invoke(
        app, ["play", "qbert", "--seat", "random", "--seat", "random", "--record", str(over), "--overwrite"]
    )
    assert replaced.exit_code == 0, replaced.output


def test_atari_four_players_board_and_prompt_fit_80x24_at_every_decision(tmp_path):
    """Defect 4: with 4 players at 80x24 no board was on screen at decision time. Now every decision screen
    holds the whole board (rows r0-r19), the menu and the prompt, and no event is printed twice."""
    rec = tmp_path / "f.json"
    t = Terminal(["play", "atari_centipede", "--players", "4", "--seed", "2", "--record", str(rec)], 80, 24)
    try:
        for _ in range(8):
            t.wait()
            screen = t.screen()
            assert atari_rows_on_screen(screen), t.text()
            assert "your move" in [line for line in screen if line.strip()][-1], t.text()
            beside = [line[32:].strip() for line in screen[1:-1] if line[32:].strip()]  # right of the board
            told = next(i for i, line in enumerate(beside) if "last move" in line or "So far" in line)
            events = beside[told + 1 :]
            assert len(events) == len(set(events)), t.text()  # nothing told twice
            keys = menu_choices(screen)
            assert keys, t.text()
            t.send(keys[len(keys) // 2])
        t.send("q")
        t.finish()
    finally:
        t.close()


def test_qbert_hot_seat_pass_screen_leaves_no_secret_on_screen_or_in_scrollback(tmp_path):
    """Defect 5: at the pass-the-device prompt Q*bert's secret roll (`moves left: 1`) stayed on screen and in
    the scrollback. Now both are cleared before the prompt."""
    rec = tmp_path / "h.json"
    args = ["play", "qbert", "--seat", "human", "--seat", "human", "--seed", "3", "--record", str(rec)]
    t = Terminal(args, 80, 24, history=True)
    passes = 0
    try:
        for _ in range(30):
            prompt = t.wait()
            if b"Press Enter" in prompt:
                passes += 1
                seen = t.everything()
                assert "secretly rolled" not in seen and not re.search(r"moves left: \d", seen), seen
                assert not re.search(r"Q\*bert's roll\s+\d", seen), seen
                t.send("")
            else:
                t.send(first_key(t.screen()))
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert passes >= 3


def test_setup_hint_does_not_pass_a_uniform_guess_off_as_advice(tmp_path):
    """Defect 6: at Atari's seeding the hint named the first square "(1% of its search)". When the search and
    the game's heuristic rate every move alike, the hint now says no move stands out."""
    args = ["play", "atari_centipede", "--seed", "1", "--record", str(tmp_path / "h.json")]
    hint = " ".join(screen_after(args, "?", 120, 45).split())
    assert "Hint" in hint
    assert "no move stands out" in hint and "% of its search" not in hint, hint


def test_one_option_takes_enter_and_qbert_directions_keep_their_keys(tmp_path):
    """Defect 7 (small ones): a menu of one move accepts Enter; Q*bert's hops and a nasty's steps have the same
    key in every position (ul, ur, dl, dr), so a key never changes meaning."""
    t = Terminal(["play", "qbert", "--seed", "4", "--record", str(tmp_path / "o.json")], 80, 24)
    enter_taken = 0
    by_direction: dict[str, set[str]] = {}
    try:
        for _ in range(40):
            t.wait()
            assert "is not a move" not in t.text(), t.text()  # Enter was taken
            lines = t.screen()
            menu = [m.groups() for line in lines if (m := ANY_MENU_LINE.search(line))]
            for key, label in menu:
                d = re.search(r"(?:hop|steps) (up-left|up-right|down-left|down-right)", label)
                if d:
                    by_direction.setdefault(d.group(1), set()).add(key)
            if len(menu) == 1:
                enter_taken += 1
                t.send("")
            else:
                t.send(menu[0][0])
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert enter_taken >= 2
    assert by_direction and {d: keys for d, keys in by_direction.items()} == {
        d: {k}
        for d, k in (("up-left", "ul"), ("up-right", "ur"), ("down-left", "dl"), ("down-right", "dr"))
        if d in by_direction
    }


def test_mb_board_has_a_legend_and_the_coordinates_moves_name(tmp_path):
    """Defect 7: MB's board had no legend or coordinates while moves say `(14,2)` and `position 7`. Now x runs
    across the top and y down the side: Green's gun, at position 5 of its Firing Line x=-1, is drawn at (-1,5)."""
    lines = first_screen(["play", "mb_centipede", "--seed", "1", "--record", str(tmp_path / "m.json")], 120, 45)
    text = "\n".join(lines)
    assert "poison mushroom" in text and "plug-in" in text and "position = y" in text, text
    axis = next(line for line in lines if re.search(r"-2 -1\s+0\s+1\s+2", line))
    column = axis.index("-1") + 1  # the label's last character sits over its column
    row = next(line for line in lines if re.match(r"^\s*│?\s*5\s", line))
    assert row[column] == ">", (axis, row)


@pytest.mark.parametrize("game,options", [("atari_centipede", ["-o", "field_rows=6"]), ("mb_centipede", [])])
def test_replay_and_watched_matches_say_result_and_phase_in_words(game, options, tmp_path):
    """Defect 7: `Result [-1.0, 1.0]` and `phase: free_choice` were printed raw. A watched match ends with the
    winner in words, and replaying it shows every phase in words."""
    path = tmp_path / "w.json"
    watched = runner.invoke(
        app,
        ["play", game, *options, "--seat", "greedy", "--seat", "greedy", "--seed", "1", "--record", str(path)],
        env={"COLUMNS": "120"},
    )
    assert watched.exit_code == 0, watched.output
    assert "wins" in watched.output or "draw" in watched.output
    assert not re.search(r"\[-?1\.0, -?1\.0", watched.output), watched.output
    replayed = runner.invoke(app, ["replay", str(path), "--no-step"], env={"COLUMNS": "120"})
    assert replayed.exit_code == 0
    assert not re.search(r"\b(free_choice|spider_scorpion|no_shortcut)\b", replayed.output)
    assert not re.search(r"\[-?1\.0, -?1\.0", replayed.output)


def test_log_is_paged_a_screen_at_a_time(tmp_path):
    """Defect 7: `l` dumped the whole log with no paging. Now it shows one screen, the newest page first, with
    b/n to page and Enter back to the move."""
    t = Terminal(["play", "atari_centipede", "--seed", "1", "--record", str(tmp_path / "l.json")], 80, 24)
    try:
        t.wait()
        for square in ("r13c4", "r15c4", "r2c4"):
            t.send(square)
            t.wait()
        t.send("l")
        prompt = t.wait()
        screen = t.screen()
        assert b"back to the game" in prompt, t.text()
        assert re.search(r"page \d+ of \d+", t.text()), t.text()
        assert sum(bool(re.search(r"\[AC-", line)) for line in screen) <= 23
        t.send("")
        t.wait()
        assert any("your move" in line for line in t.screen()[-2:])
        t.send("q")
        t.finish()
    finally:
        t.close()
