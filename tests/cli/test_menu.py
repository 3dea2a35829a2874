"""The terminal menu (cli/menu.py): one key per move, groups of squares, and what a person may type."""

from __future__ import annotations

from boardcade.cli.menu import Menu, ranges
from boardcade.games.atari_centipede import render as atari
from boardcade.games.qbert import render as qbert


def seeds(cols=(4,), rows=range(1, 19)):
    return [
        {"action": 100 + r * 9 + c, "kind": "seed", "args": {"row": r, "col": c},
         "label": f"seed a mushroom at r{r}c{c}", "target": [r, c]}
        for r in rows for c in cols
    ]  # fmt: skip


def atari_menu(choices):
    return Menu.build(choices, atari.square, atari.parse_square, None, atari.square_set)


def test_many_moves_of_a_kind_are_one_line_naming_their_squares_and_the_column():
    menu = atari_menu(seeds())
    assert menu.lines() == [("", "seed a mushroom at r1–r18 in column c4")]
    wide = atari_menu(seeds(cols=(0, 2, 3, 4), rows=(1, 2, 5)))
    assert wide.lines() == [("", "seed a mushroom at any square in rows r1, r2, r5, columns c0, c2–c4")]
    inline = atari_menu(seeds(cols=(0, 2, 3), rows=(1, 2)))  # up to ten squares: each named
    assert inline.lines() == [("", "seed a mushroom at r1c0, r1c2, r1c3, r2c0, r2c2, r2c3")]
    few = atari_menu(seeds(rows=(1, 2, 3, 4)))  # fewer than five: listed one by one
    assert [k for k, _ in few.lines()] == ["1", "2", "3", "4"]


def test_a_square_a_label_a_prefix_or_a_key_names_a_move():
    choices = seeds() + [{"action": 7, "kind": "no_seed", "args": {}, "label": "pass"}]
    menu = atari_menu(choices)
    assert menu.resolve("r13c4") == (100 + 13 * 9 + 4, "")
    assert menu.resolve("R13 C4")[0] == menu.resolve("13,4")[0] == 100 + 13 * 9 + 4
    assert menu.resolve("seed a mushroom at r2c4") == (100 + 2 * 9 + 4, "")
    assert menu.resolve("seed a mushroom at r1")[0] is None  # r1c4, r10c4 .. r18c4: not one move
    assert "fits 10 moves" in menu.resolve("seed a mushroom at r1")[1]
    assert menu.resolve("1") == (7, "")  # the single comes first: key 1
    assert menu.resolve("pa") == (7, "")
    assert menu.resolve("")[0] is None and "key" in menu.resolve("")[1]
    missing = menu.resolve("r13c5")
    assert missing[0] is None and "no move goes to r13c5" in missing[1]
    nonsense = menu.resolve("xyzzy")
    assert nonsense[0] is None and "not a move here" in nonsense[1] and "r" in nonsense[1]
    # Issue 35 item 8: a grouped move has no number (only what is shown is a key); `list` names its square.
    assert [k for k, _ in menu.full_list()][:3] == ["1", "r1c4", "r2c4"] and len(menu.full_list()) == 19
    hidden = menu.resolve("2")
    assert hidden[0] is None and "not a key on the screen: type a key shown (1), a square such as r" in hidden[1]


def test_one_move_takes_enter_and_a_word_inside_a_label_is_enough_when_only_one_has_it():
    one = Menu.build([{"action": 12, "kind": "fire", "args": {}, "label": "fire"}])
    assert one.resolve("") == (12, "")
    moves = [
        {"action": 10, "kind": "move", "args": {"dir": "left"}, "label": "move left to c0", "target": [19, 0]},
        {"action": 11, "kind": "move", "args": {"dir": "right"}, "label": "move right to c3", "target": [19, 3]},
    ]
    menu = atari_menu(moves)
    assert menu.resolve("right") == (11, "") and menu.resolve("r19c0") == (10, "")
    assert menu.resolve("move")[0] is None


def test_qbert_directions_keep_their_keys_whatever_else_is_listed():
    hops = [
        {"action": 1, "kind": "hop", "args": {"dir": "up-right"}, "label": "hop up-right to (0,0)", "target": [0, 0]},
        {"action": 3, "kind": "hop", "args": {"dir": "down-right"}, "label": "hop down-right", "target": [2, 1]},
        {"action": 4, "kind": "stop", "args": {}, "label": "end the move"},
        {"action": 5, "kind": "disc", "args": {"disc": 0, "to": [0, 0]}, "label": "ride disc 0"},
    ]
    menu = Menu.build(hops, qbert.square, qbert.parse_square, qbert.menu_key)
    assert menu.lines() == [
        ("ur", "hop up-right to (0,0)"),
        ("dr", "hop down-right"),
        ("s", "end the move"),
        ("1", "ride disc 0"),
    ]
    assert menu.resolve("ur") == (1, "") and menu.resolve("(2,1)") == (3, "") and menu.resolve("2 1") == (3, "")


def test_ranges():
    assert ranges([1, 2, 3, 5, 7, 8], "r") == "r1–r3, r5, r7, r8"
