"""The prompt of the terminal screens (`play`, `learn`): one line read with line editing and history (the
standard library's `readline`, where the platform has it), and the screen redrawn when the terminal is resized.

`ask(text, redraw)` shows `text: ` on the last line and returns what was typed. When the window changes size
(SIGWINCH) while the person types, `redraw()` draws the screen again at the new size and the prompt comes back
with what was typed so far. Ctrl-D raises EOFError and Ctrl-C KeyboardInterrupt, for the caller to say what
happened. `page(lines, title)` shows long text a screen at a time.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from rich.text import Text

from .common import console

readline: Any
try:  # line editing (arrows, Ctrl-A/E/U/W ...) and history (Up/Down) for input(); absent on some platforms
    import readline
except ImportError:  # pragma: no cover - Windows without pyreadline
    readline = None

Redraw = Callable[[], None]


class _Resized(Exception):
    def __init__(self, typed: str):
        super().__init__("the terminal was resized")
        self.typed = typed


@contextmanager
def _on_resize() -> Iterator[None]:
    """While reading a line: a resize of the window ends the read (with what was typed so far)."""
    if not hasattr(signal, "SIGWINCH") or not console.is_terminal:
        yield
        return

    def resized(_signum: int, _frame: FrameType | None) -> None:
        raise _Resized(readline.get_line_buffer() if readline is not None else "")

    try:
        before = signal.signal(signal.SIGWINCH, resized)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGWINCH, before)


def ask(text: str, redraw: Redraw | None = None) -> str:
    """One line typed at `text: ` (stripped). On a resize: `redraw()`, then the prompt again with what had been
    typed. EOFError (Ctrl-D) and KeyboardInterrupt (Ctrl-C) go to the caller."""
    typed = ""
    while True:
        try:
            with _on_resize():
                if readline is not None and typed:
                    readline.set_startup_hook(lambda typed=typed: readline.insert_text(typed))
                try:
                    line = input(f"{text}: ")
                finally:
                    if readline is not None:
                        readline.set_startup_hook(None)
            return line.strip()
        except _Resized as r:
            typed = r.typed
            if redraw is not None:
                redraw()
            else:
                console.print()


def page(lines: list[Text], title: str, newest_first: bool = True, back: str = "back to the game") -> None:
    """Show `lines` a screen at a time (the last page first, or the first): b = earlier, n = later, Enter =
    `back`. A resize draws the page again at the new size."""
    from .screen import show  # (screen.py does not import this module; local to keep the import order flat)

    at: dict[str, int] = {}

    def draw() -> None:
        width, height = console.size
        items = wrapped(lines, width)
        size = max(3, height - 2)
        pages = max(1, (len(items) + size - 1) // size)
        at["pages"] = pages
        at["page"] = min(at.get("page", pages - 1 if newest_first else 0), pages - 1)
        screen = Text(f"{title}: page {at['page'] + 1} of {pages}", style="bold")
        for line in items[at["page"] * size : (at["page"] + 1) * size]:
            screen.append("\n")
            screen.append_text(line)
        show(console, screen)

    while True:
        draw()
        answer = ask(f"b = earlier page, n = later page, Enter = {back}", redraw=draw).lower()
        if answer in ("b", "p") and at["page"] > 0:
            at["page"] -= 1
        elif answer == "n" and at["page"] < at["pages"] - 1:
            at["page"] += 1
        elif answer not in ("b", "p", "n"):
            return


def wrapped(items: list[Text], width: int | None = None) -> list[Text]:
    """Each Text wrapped to the terminal's width (or `width`)."""
    width = width or console.size[0]
    out: list[Text] = []
    for t in items:
        out.extend(t.wrap(console, max(20, width)) if t.cell_len > width else [t])
    return out
