"""Whole matches of every game through `boardcade play` in a real terminal at 80x24 and 120x45 (issue 30): at
every decision the whole board, the menu and the prompt are on the screen; hot-seat pass screens show nothing
of either seat; the match ends with its result in words and a saved, replayable record.

The human seats pick among the keys on screen (and the example square of a grouped menu) with a seeded
generator, so each match is the same every run."""

from __future__ import annotations

import random
import re

import pytest

from boardcade import load_record

from .pty_helpers import Terminal, menu_choices


def human_decisions(record, seats):
    """The observation of each human decision of a recorded match, in order, as its seat saw it."""
    state = record.load_game().new_initial_state()
    for action in record.actions:
        seat = state.current_player()
        if seat >= 0 and seats[seat] == "human":
            yield state.observation(seat)
        state.apply_action(action)


def board_rows(game: str, players: int) -> set[str]:
    """Row labels that start board lines when the whole board is on screen."""
    if game == "atari_centipede":
        return {f"r{r}" for r in range(20)}
    if game == "mb_centipede":
        return {str(y) for y in range(-1, 12)}
    return {f"row {r}" for r in range(7)}


def rows_on_screen(game: str, lines: list[str]) -> set[str]:
    found = set()
    for line in lines:
        if game == "atari_centipede" and (m := re.match(r"^(r\d+) ", line)):
            found.add(m.group(1))
        elif game == "mb_centipede" and (m := re.match(r"^\s*(-?\d+) ", line)):
            found.add(m.group(1))
        elif game == "qbert":
            found.update(re.findall(r"row \d", line))
    return found


CASES = [
    # (game, size, seats, seed): each game at both sizes, vs greedy and hot-seat; Atari with 2 and 4 players.
    ("atari_centipede", (80, 24), ["human", "greedy"], 1),
    ("atari_centipede", (120, 45), ["greedy", "human"], 1),
    ("atari_centipede", (80, 24), ["human", "greedy", "greedy", "greedy"], 1),
    ("atari_centipede", (120, 45), ["human", "greedy", "greedy", "human"], 1),
    ("mb_centipede", (80, 24), ["human", "greedy"], 1),
    ("mb_centipede", (120, 45), ["human", "human"], 1),
    ("qbert", (80, 24), ["human", "human"], 1),
    ("qbert", (120, 45), ["human", "greedy"], 1),
]


@pytest.mark.parametrize(
    "game,size,seats,seed", CASES, ids=[f"{g}-{len(s)}p-{w}x{h}-{'+'.join(s)}" for g, (w, h), s, _ in CASES]
)
def test_whole_match_in_the_terminal(game, size, seats, seed, tmp_path):
    cols, rows = size
    record = tmp_path / "match.json"
    args = ["play", game, "--seed", str(seed), "--record", str(record)]
    for s in seats:
        args += ["--seat", s]
    t = Terminal(args, cols, rows)
    rng = random.Random(seed)
    want = board_rows(game, len(seats))
    decisions = passes = 0
    screens: list[str] = []
    try:
        while decisions < 1000:
            try:
                prompt = t.wait()
            except EOFError:
                break
            lines = t.screen()
            if b"Press Enter" in prompt:  # hot-seat: the pass screen shows nobody's board or secrets
                passes += 1
                assert not rows_on_screen(game, lines) and "your move" not in t.text(), t.text()
                t.send("")
                continue
            missing = want - rows_on_screen(game, lines)
            assert not missing, f"board rows {sorted(missing)} off screen:\n{t.text()}"
            assert "your move" in [line for line in lines if line.strip()][-1], t.text()  # the prompt comes last
            keys = menu_choices(lines)
            assert keys, f"no menu on screen:\n{t.text()}"
            screens.append(t.text())
            t.send(rng.choice(keys))
            decisions += 1
        assert t.finish() == 0, t.text()
    finally:
        t.close()
    final = " ".join(t.text().split())
    assert "the match is over" in final.lower() and ("wins" in final or "draw" in final), t.text()
    assert "Match saved to" in final
    assert decisions >= 5
    assert (passes > 0) == (seats.count("human") > 1)
    saved = load_record(record)
    assert saved.result is not None and saved.replay().is_terminal()
    # Every decision was asked with the game's own question (the observation's prompt, as the web asks it).
    asked = [obs["prompt"] for obs in human_decisions(saved, seats)]
    assert len(asked) == len(screens)
    for prompt, screen in zip(asked, screens, strict=True):
        assert prompt[:20] in screen, (prompt, screen)
