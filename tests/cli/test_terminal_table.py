"""`boardcade play` through a real terminal (a pty read back with a terminal emulator): the terminal items of
issue 35 ("The table, finished"), each seen failing before its fix."""

from __future__ import annotations

import random

from boardcade import load_game, load_record
from boardcade.agents import make_agent
from boardcade.core import Record, play

from .pty_helpers import Terminal


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
        said = flat(t.text())
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "1) pass" in screen and " 3)" not in screen, screen
    assert "3 is not a key on the screen: type a key shown (1), a square such as" in said, said
    assert len(load_record(path).actions) == before  # nothing played
