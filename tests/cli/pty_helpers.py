"""Drive the real `boardcade` command (its entry point, run by this Python) in a pseudo-terminal of a given
size and read what a person would see.

`Terminal` runs `boardcade ARGS` under pexpect with the window size set, feeds everything it writes
into a pyte terminal emulator (screen plus scrollback), and answers prompts. `screen()` is the visible window as
text lines; `scrollback()` the lines scrolled off the top (what the person could scroll back to).
"""

from __future__ import annotations

import os
import re
import sys

import pexpect
import pyte

RUN = "import sys; from boardcade.cli.main import app; app(prog_name='boardcade')"
# The prompts `boardcade play` and `boardcade learn` ask at (each ends with ": ").
ANSI = re.compile(r"\x1b(?:\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9]|[=>])")
DECISION = re.compile(rb"(your move|Press Enter[^\r\n]*|back to the (?:game|lesson)|Enter = next step)[^\r\n:]*: $")


class Terminal:
    def __init__(self, args: list[str], cols: int = 80, rows: int = 24, timeout: float = 30, history: bool = False):
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
        env["TERM"] = "xterm-256color"
        env["PYTHONIOENCODING"] = "utf-8"
        self.cols, self.rows = cols, rows
        # The scrollback costs time (pyte keeps every line that scrolls off); only tests that read it ask for it.
        self.scr = pyte.HistoryScreen(cols, rows, history=5000) if history else pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.scr)
        self.raw = bytearray()
        self.first = ""  # a test may keep a screen's text here
        self.child = pexpect.spawn(
            sys.executable, ["-c", RUN, *args], dimensions=(rows, cols), env=env, timeout=timeout
        )
        self.child.delaybeforesend = None  # pexpect waits 50 ms before each line by default

    def _feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)

    def wait(self, pattern: re.Pattern[bytes] | bytes = DECISION, timeout: float = -1) -> bytes:
        """Read until `pattern` (default: any prompt) ends the output so far; returns the matched text.
        Raises EOF when the command ends first (pexpect's TIMEOUT after `timeout` seconds, when given)."""
        index = self.child.expect([pattern, pexpect.EOF], timeout=timeout)
        self._feed(self.child.before + (self.child.after if index == 0 else b""))
        if index == 1:
            raise EOFError(self.tail())
        return self.child.after

    def finish(self) -> int:
        """Read to the end; the exit status."""
        self.child.expect(pexpect.EOF, timeout=60)
        self._feed(self.child.before)
        self.child.close()
        return self.child.exitstatus if self.child.exitstatus is not None else -(self.child.signalstatus or 0)

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def resize(self, cols: int, rows: int) -> None:
        """Change the window's size, as a person dragging its corner does (the command gets SIGWINCH)."""
        self.cols, self.rows = cols, rows
        self.scr.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def type(self, keys: str) -> None:
        """Type `keys` without Enter (arrows and other keys as their escape sequences)."""
        self.child.send(keys)

    def screen(self) -> list[str]:
        return [line.rstrip() for line in self.scr.display]

    def scrollback(self) -> list[str]:
        if not isinstance(self.scr, pyte.HistoryScreen):
            raise ValueError("this Terminal keeps no scrollback (history=False)")
        return ["".join(ch.data for ch in (row[x] for x in range(self.cols))).rstrip() for row in self.scr.history.top]

    def text(self) -> str:
        return "\n".join(self.screen())

    def everything(self) -> str:
        """Scrollback and screen: all a person could still read."""
        return "\n".join(self.scrollback() + self.screen())

    def printed(self) -> str:
        """Everything the command wrote, as text without its escape sequences: a long line is one line here
        even where the terminal wrapped it on the screen."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def tail(self) -> str:
        return self.text()

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


# A menu line: `  12) label`, `ul) hop up-left ...`, a range of fixed keys `0–10) move your gun ...`.
MENU_KEY = re.compile(r"(?:^|\s)([0-9]+|[a-z]{1,2})\) \S")
MENU_RANGE = re.compile(r"(?:^|\s)(-?[0-9]+)–(-?[0-9]+)\) \S")
EXAMPLE = re.compile(r"e\.g\. ([^\s)]+(?:\))?)\)")


def menu_choices(lines: list[str]) -> list[str]:
    """What can be typed at the menu on screen: its keys, each number of a key range, the example square."""
    keys: list[str] = []
    for line in lines:
        keys += MENU_KEY.findall(line)
        for a, b in MENU_RANGE.findall(line):
            keys += [str(k) for k in range(int(a), int(b) + 1)]
        keys += EXAMPLE.findall(line)
    return list(dict.fromkeys(keys))


def column_text(lines: list[str], marker: str) -> str:
    """The text of the screen's column that holds `marker` (from its first appearance), lines joined: what a
    side column says without the board beside it."""
    start = next((line.index(marker) for line in lines if marker in line), None)
    if start is None:
        return ""
    return " ".join(" ".join(line[start:].split()) for line in lines if len(line) > start)


def first_screen(args: list[str], cols: int = 80, rows: int = 24, line: str | None = None) -> list[str]:
    """The screen's lines at the first prompt of `boardcade <args>` in a `cols`x`rows` terminal (or, with `line`,
    after that line is typed there); then `q` quits."""
    t = Terminal(args, cols, rows)
    try:
        t.wait()
        if line is not None:
            t.send(line)
            t.wait()
        lines = t.screen()
        t.send("q")
        t.finish()
    finally:
        t.close()
    return lines


def ctrl_d_at_first_prompt(args: list[str], cols: int = 80, rows: int = 24) -> tuple[int, str]:
    """Ctrl-D at the first prompt of `boardcade <args>`: (its exit code, everything it printed)."""
    t = Terminal(args, cols, rows)
    try:
        t.wait()
        t.child.sendcontrol("d")
        code = t.finish()
    finally:
        t.close()
    return code, t.printed()


def screen_after(args: list[str], line: str, cols: int = 80, rows: int = 24) -> str:
    """The screen's text after `line` is typed at the first prompt of `boardcade <args>`; then `q` quits."""
    return "\n".join(first_screen(args, cols, rows, line))
