"""The README's first screen is for players (issue 27): what each game is (goal, players, length), which one to
try first and `make run`, before any contributor's detail (tests, the wheel, apt); no internal references."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
FIRST_SCREEN = README.split("\n## ", 2)
PLAYERS_PART = README.split("## For contributors")[0]


def test_first_screen_says_what_each_game_is_and_how_to_start():
    head = "\n## ".join(FIRST_SCREEN[:2])  # the title, the games table and "Play"
    for game in ("Q*bert", "Centipede** (Milton Bradley", "Atari's Centipede"):
        row = next((line for line in head.splitlines() if line.startswith("|") and game in line), None)
        assert row, f"the games table has a row for {game}"
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 4 and all(cells), f"{game}: players, what you do and how long: {cells}"
        assert re.search(r"\d", cells[1]) and re.search(r"\d", cells[3]), f"{game}: player count and length"
    assert re.search(r"\*\*Try .+ first\*\*", head), "says which game to try first"
    assert "make run" in "\n".join(README.splitlines()[:30]), "make run within the first screen (30 lines)"


def test_contributor_details_come_after_the_players_part_and_no_internal_references():
    assert "## For contributors" in README
    for detail in ("make test", "ruff", "wheel", "apt-get", "pytest", "chromium"):
        assert detail not in PLAYERS_PART, f"'{detail}' belongs under 'For contributors'"
    assert not re.search(r"\b[Ii]ssue \d+", README), "no internal issue references"
    assert not re.search(r"/work/|/home/|/tmp/", README), "no machine paths"
