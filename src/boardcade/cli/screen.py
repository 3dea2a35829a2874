"""The terminal play screen: what one seat sees at its decision, fitted to the terminal's size.

One screen per decision, drawn from the top of a cleared terminal: a header line, the board (the game's
renderer, compact when the terminal is narrow) with the facts, what happened since the seat's last move, the
question and the menu beside it (or below it when there is no room beside), and the prompt on the last line.
Nothing is printed twice and nothing scrolls off: sections are trimmed to the lines left, oldest events first.

A game's renderer module (its spec's `renderer`) provides the parts; each is optional:
`board(obs, width, height, marks) -> Text`, `facts(obs) -> [(label, value)]`, `legend(obs) -> Text`,
`alert(obs) -> Text | None` (a warning kept whole above the question: Atari's danger next turn),
`result_words(obs)`, `square(target) -> str`, `parse_square(text)`, `square_set(targets)`,
`menu_key(info) -> str | None`, `group_label(kind, where) -> str | None` (the line of a group of moves) and
`milestone(rule) -> bool` (events never cut from what happened since the seat's last move: a round's end).
Without them the whole `render(obs)` is the board and moves are numbered.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.text import Text

from ..core import Observation, game_spec
from .menu import Menu, generic_parse, generic_square

CLEAR = "\x1b[H\x1b[2J"  # cursor home, erase the screen
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"  # ... and the scrollback (xterm, VTE, tmux, Terminal.app, Windows Terminal)
SIDE_MIN = 36  # the narrowest side column worth drawing beside the board
FACT_LABEL_MAX = 16
EVENT_LINES = 7  # lines kept for what happened since the seat's last move before the facts are trimmed
KEYS_HELP = "? hint · l log · h help · q save & quit"
LESSON_FACTS = 3  # fact lines kept beside a lesson's text before the text is folded
FOLDED = "… t: the whole text and its rules"


@dataclass
class View:
    """A game's terminal parts (see the module docstring), with fallbacks."""

    game: str
    title: str
    render: Callable[[Observation], RenderableType] | None
    module: Any

    @classmethod
    def of(cls, game: str) -> View:
        spec = game_spec(game)
        render = spec.part("renderer")
        module = inspect.getmodule(render) if render is not None else None
        return cls(game, spec.title or game, render, module)

    def _part(self, name: str) -> Any:
        return getattr(self.module, name, None) if self.module is not None else None

    def board(self, obs: Observation, width: int | None = None, marks: Sequence[Any] = ()) -> RenderableType:
        part = self._part("board")
        if part is not None:
            drawn: RenderableType = part(obs, width=width, marks=marks)
            return drawn
        if self.render is not None:
            return self.render(obs)
        return Pretty(obs)

    def has_board(self) -> bool:
        return self._part("board") is not None

    def facts(self, obs: Observation) -> list[tuple[str, Any]]:
        part = self._part("facts")
        return list(part(obs)) if part is not None else []

    def milestone(self, rule: str) -> bool:
        """Whether an event of `rule` is one a player must not miss (a round's end): kept on screen when the
        events since the seat's last move are cut."""
        part = self._part("milestone")
        return bool(part(rule)) if part is not None else False

    def legend(self, obs: Observation) -> Text | None:
        part = self._part("legend")
        return part(obs) if part is not None else None

    def alert(self, obs: Observation) -> Text | None:
        """A warning the screen always keeps whole (Atari's danger next turn), or None."""
        part = self._part("alert")
        return part(obs) if part is not None else None

    def question(self, obs: Observation) -> str:
        """What the seat is asked: the observation's prompt (core/prompts.py), else its phase in words."""
        prompt = obs.get("prompt")
        if isinstance(prompt, str) and prompt:
            return prompt
        phase = str(obs.get("phase", "")).replace("_", " ").replace("-", " ")
        return (phase[:1].upper() + phase[1:]) if phase else "Your move"

    def result(self, obs: Observation, names: Sequence[str]) -> str:
        part = self._part("result_words")
        if part is not None:
            words: str = part(obs)
            return words
        returns = obs.get("returns") or []
        if not returns or max(returns) == min(returns):
            return "The match is a draw"
        best = max(returns)
        winners = [names[i] for i, r in enumerate(returns) if r == best]
        return f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"

    def menu(self, obs: Observation) -> Menu:
        return Menu.build(
            obs["legal_actions"],
            square=self._part("square") or generic_square,
            parse_square=self._part("parse_square") or generic_parse,
            fixed_key=self._part("menu_key"),
            square_set=self._part("square_set"),
            group_label=self._part("group_label"),
        )


# ---- laying out -----------------------------------------------------------------------------------------
def _lines(console: Console, renderable: RenderableType | str, width: int) -> list[Text]:
    """A renderable as text lines of at most `width` cells (wrapped as Rich wraps it)."""
    if isinstance(renderable, str):
        renderable = Text(renderable)
    if isinstance(renderable, Text):
        out: list[Text] = []
        for line in renderable.split("\n", allow_blank=True):
            out.extend(line.wrap(console, width) if line.cell_len > width else [line])
        return out
    options = console.options.update(width=width, height=None)
    rendered = console.render_lines(renderable, options, pad=False)
    lines = []
    for segments in rendered:
        t = Text()
        for seg in segments:
            if seg.text and not seg.control:
                t.append(seg.text, seg.style)
        t.rstrip()
        lines.append(t)
    while lines and not lines[-1].plain:
        lines.pop()
    return lines


def _hanging(console: Console, head: Text, body: Text | str, width: int, indent: int) -> list[Text]:
    """`head` then `body` wrapped to `width`, continuation lines indented by `indent`."""
    body = body if isinstance(body, Text) else Text(str(body))
    if head.cell_len > indent:  # a long head runs on into the body; every line still fits `width`
        full = head.copy()
        full.append_text(body)
        head, body = Text(""), full
    wrapped = body.wrap(console, max(8, width - indent))
    out = []
    for i, line in enumerate(wrapped):
        t = head.copy() if i == 0 else Text(" " * indent)
        if i == 0 and head.cell_len < indent and head.plain:
            t.pad_right(indent - head.cell_len)
        t.append_text(line)
        out.append(t)
    return out or [head]


def fact_lines(console: Console, facts: list[tuple[str, Any]], width: int) -> list[Text]:
    return [line for block in fact_blocks(console, facts, width) for line in block]


def fact_blocks(console: Console, facts: list[tuple[str, Any]], width: int) -> list[list[Text]]:
    """Each fact as its wrapped lines (`label value`, continuation lines indented)."""
    if not facts:
        return []
    label_w = min(FACT_LABEL_MAX, max(len(label) for label, _ in facts))
    out = []
    for label, value in facts:
        head = Text(f"{label[:label_w]:<{label_w}} ", style="bold")
        body = value if isinstance(value, Text) else Text(str(value))
        out.append(_hanging(console, head, body, width, label_w + 1))
    return out


def _whole(blocks: list[list[Text]], room: int) -> list[Text]:
    """The first blocks that fit in `room` lines, each whole (a fact is never cut in the middle)."""
    out: list[Text] = []
    for block in blocks:
        if len(out) + len(block) > room:
            break
        out.extend(block)
    return out


def menu_lines(console: Console, menu: Menu, width: int) -> list[Text]:
    """One line (wrapped) per menu item: `  1) fire`; a group of squares `  » seed a mushroom at ...`."""
    rows = menu.lines()
    key_w = max((len(k) + 1 for k, _ in rows if k), default=2)
    out = []
    for key, text in rows:
        mark = f"{key})" if key else "»"
        head = Text(f" {mark:>{key_w}} ", style="bold cyan")
        out.extend(_hanging(console, head, text, width, key_w + 2))
    return out


def event_lines(console: Console, groups: Sequence[tuple[str, list[str]]], width: int) -> list[list[Text]]:
    """Each group of events as its wrapped lines: `Who: what; what; what` (`· what` for chance outcomes),
    continuation lines indented."""
    return [_group_lines(console, who, texts, width) for who, texts in groups]


def _group_lines(console: Console, who: str, texts: Sequence[str], width: int, cut: bool = False) -> list[Text]:
    head = Text(f"{who}: ", style="bold") if who else Text("· ", style="dim")
    return _hanging(console, head, Text(("…; " if cut else "") + "; ".join(texts)), width, 2)


def _last_of_group(console: Console, who: str, texts: list[str], width: int, room: int) -> tuple[list[Text], int]:
    """As many of a group's last events as fit in `room` lines, after `Who: …;`, and how many that is (none when
    even one does not fit)."""
    for k in range(len(texts) - 1, 0, -1):
        lines = _group_lines(console, who, texts[len(texts) - k :], width, cut=True)
        if len(lines) <= room:
            return lines, k
    return [], 0


def side_column(
    console: Console,
    width: int,
    height: int | None,
    facts: list[tuple[str, Any]],
    recent: Sequence[tuple[str, list[str]]],
    recent_title: str,
    question: str,
    menu: Menu | None,
    message: Text | None,
    how: str | None = None,
    lesson: Sequence[Text] = (),
    pinned: Sequence[str] = (),
    alert: Text | None = None,
) -> list[Text]:
    """A lesson's text, facts, recent events, the question, the menu and a message, trimmed to `height` lines
    (None: no limit). The question, the menu and the message are kept whole when they can be; events go first,
    oldest first; a lesson's text comes before the facts and is folded (`… t: the whole text`) when long."""
    ask = _lines(console, alert, width) if alert is not None else []
    ask += _lines(console, Text(question, style="bold"), width) if question else []
    if how:
        ask += _lines(console, Text(how, style="dim"), width)
    choices = menu_lines(console, menu, width) if menu is not None else []
    said = _lines(console, message, width) if message is not None else []
    blocks = fact_blocks(console, facts, width)
    info = [line for block in blocks for line in block]
    happened = event_lines(console, recent, width)
    parts = [_lines(console, part, width) for part in lesson]
    taught = [line for part in parts for line in part]
    if height is None:
        flat = [line for lines in happened for line in lines]
        heading = [Text(recent_title, style="bold underline")] if happened else []
        return taught + info + heading + flat + ask + choices + said
    must = len(ask) + len(said)
    if must + len(choices) > height and menu is not None:
        room = max(1, height - must - 1)
        hidden = len(choices) - room
        choices = choices[:room] + [Text(f"  … {hidden} more lines: type list to see every move", style="yellow")]
    left = height - must - len(choices)
    if taught:
        room = min(left, max(3, left - min(len(info), LESSON_FACTS) - (2 if happened else 0)))
        if len(taught) > room:
            taught = _fold(parts, room, width) if room > 0 else []
        left -= len(taught)
    want_events = min(EVENT_LINES, sum(len(x) for x in happened) + 1) if happened else 0
    info = _whole(blocks, max(0, left - want_events))
    left -= len(info)
    shown: list[Text] = []
    if happened and left >= 2:
        shown, told, whole = _newest(console, recent, happened, width, left - 1)
        missing = [t for t in pinned if t not in told]
        if missing:  # a milestone (a round's end) that would be cut: shown first, then the newest that fit
            pin = _group_lines(console, "", missing, width)
            if len(pin) < left - 1:
                shown, _, _ = _newest(console, recent, happened, width, left - 1 - len(pin), skip=set(missing))
                shown = [Text(line.plain, style="bold") for line in pin] + shown
                whole = False
        title = recent_title + ("" if whole else " (l: the whole log)")
        shown = [Text(title[:width], style="bold underline"), *shown]
    return taught + info + shown + ask + choices + said


def _newest(
    console: Console,
    recent: Sequence[tuple[str, list[str]]],
    happened: list[list[Text]],
    width: int,
    room: int,
    skip: set[str] | None = None,
) -> tuple[list[Text], set[str], bool]:
    """The newest event groups that fit in `room` lines (the oldest of them in part): (lines, the texts shown,
    whether every event is shown). Texts in `skip` are left out (they are shown elsewhere)."""
    shown: list[Text] = []
    told: set[str] = set()
    groups = list(zip(recent, happened, strict=True))
    if skip:
        groups = [((who, kept), _group_lines(console, who, kept, width)) for (who, texts), _ in groups
                  if (kept := [t for t in texts if t not in skip])]  # fmt: skip
    kept_groups = 0
    for (who, texts), lines in reversed(groups):
        if len(lines) > room:
            part, k = _last_of_group(console, who, texts, width, room)
            shown = part + shown  # the oldest shown in part
            told.update(texts[len(texts) - k :])
            break
        shown = lines + shown
        told.update(texts)
        room -= len(lines)
        kept_groups += 1
    return shown, told, kept_groups == len(groups) and not skip


def _fold(parts: list[list[Text]], room: int, width: int) -> list[Text]:
    """A lesson's parts (its text, then each rule clause) in `room` lines: each part's first lines (two each, in
    order, while they fit), then the rest of the room in order; a cut part ends with `…`; the last line says
    how to read it all."""
    room -= 1
    take = [0] * len(parts)
    for i, part in enumerate(parts):
        take[i] = min(2, len(part), room)
        room -= take[i]
    for i, part in enumerate(parts):
        more = min(len(part) - take[i], room)
        take[i] += more
        room -= more
    out: list[Text] = []
    for part, n in zip(parts, take, strict=True):
        kept = [line.copy() for line in part[:n]]
        if kept and n < len(part):
            kept[-1].truncate(width - 2)
            kept[-1].append(" …", style="yellow")
        out += kept
    return out + [Text(FOLDED[:width], style="yellow")]


def compose(
    console: Console,
    view: View,
    obs: Observation,
    header: str,
    *,
    recent: Sequence[tuple[str, list[str]]] = (),
    recent_title: str = "Since your last move",
    question: str = "",
    menu: Menu | None = None,
    message: Text | None = None,
    how: str | None = None,
    reserve: int = 1,
    lesson: Sequence[Text] = (),
    pinned: Sequence[str] = (),
) -> Text:
    """The whole screen as one Text of at most the terminal's height minus `reserve` lines (the prompt's)."""
    width, height = console.size
    width = max(40, width)
    budget = max(8, height - reserve - 1)  # the header takes one line
    facts = view.facts(obs)
    alert = view.alert(obs)
    marks = []
    if menu is not None:
        marks = [e.info["target"] for e in menu.entries if isinstance(e.info.get("target"), list)]
    if not view.has_board():
        # A game without terminal parts: its whole drawing, then the rest below.
        body = _lines(console, view.board(obs), width)
        side = side_column(
            console, width, None, facts, recent, recent_title, question, menu, message, how, lesson, pinned, alert
        )
        return _join([Text(header[:width], style="bold reverse"), *body, *side])
    board_lines: list[Text] = []
    layout = "stacked"
    for try_width in (None, max(10, width - SIDE_MIN - 2)):
        board_lines = _lines(console, view.board(obs, width=try_width, marks=marks), width)
        board_w = max((line.cell_len for line in board_lines), default=0)
        if width - board_w - 2 >= SIDE_MIN:
            layout = "side"
            break
    if layout == "stacked":
        board_lines = _lines(console, view.board(obs, width=width, marks=marks), width)
    board_w = max((line.cell_len for line in board_lines), default=0)
    legend = view.legend(obs)
    rows: list[Text] = []
    if layout == "side":
        side_w = width - board_w - 2
        legend_lines = _lines(console, legend, side_w) if legend is not None else []
        side_h = budget
        side = side_column(
            console, side_w, side_h, facts, recent, recent_title, question, menu, message, how, lesson, pinned, alert
        )
        room_for_legend = side_h - len(side)
        below = _lines(console, legend, board_w) if legend is not None else []
        if legend_lines and room_for_legend >= len(legend_lines):
            side = legend_lines + side
        elif below and len(board_lines) + len(below) <= budget:  # under the board, in its column
            board_lines = board_lines + below
        left_lines = board_lines + [Text("")] * max(0, len(side) - len(board_lines))
        right_lines = side + [Text("")] * max(0, len(left_lines) - len(side))
        for a, b in zip(left_lines, right_lines, strict=True):
            line = a.copy()
            line.pad_right(board_w - a.cell_len)
            line.append("  ")
            line.append_text(b)
            rows.append(line)
    else:
        rows = list(board_lines)
        left = budget - len(rows)
        side = side_column(
            console,
            width,
            max(4, left),
            facts,
            recent,
            recent_title,
            question,
            menu,
            message,
            how,
            lesson,
            pinned,
            alert,
        )
        legend_lines = _lines(console, legend, width) if legend is not None else []
        if legend_lines and left - len(side) >= len(legend_lines):
            rows += legend_lines
        rows += side
    head = Text(header, style="bold")
    head.truncate(width)
    return _join([head, *rows])


def _join(lines: list[Text]) -> Text:
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def show(console: Console, screen: Text, clear: str = CLEAR) -> None:
    """Draw a screen from the top of a cleared terminal (plain printing when the output is not a terminal)."""
    if console.is_terminal:
        console.file.write(clear)
        console.file.flush()
    console.print(screen, crop=True, overflow="crop", no_wrap=True, soft_wrap=False)
