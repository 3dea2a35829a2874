"""The menu of a terminal decision: one list of the legal moves, each with one key, and what a person may type.

Keys. A game may give a move a fixed key that means the same thing in every position (Q*bert's `ul` for up-left,
MB Centipede's gun position); every other move shown on its own line gets a number, counted in the order the game
lists its moves. Moves of one kind that differ only by their square (five or more, each on its own square: "seed a
mushroom at r1c2", ...) are shown as one group line ("seed a mushroom at r1–r18 in column c4") and have no number:
their key is their square (`list` shows them so).

Typing. A key shown on the screen (a number that is not shown plays nothing: it is refused, naming what can be
typed); a square as the game names it (`r13c4`, `(14,2)`); the whole label of a move or the start of it when only
one move starts that way ("activate the die: move 2"); a few words found at the start of words in only one label
("left"); Enter alone when there is one move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

GROUP_MIN = 5  # a kind with at least this many moves naming a square (or with fixed keys) becomes one line
INLINE_SQUARES = 10  # a group lists its squares one by one up to this many; beyond, it summarises them

SquareName = Callable[[Sequence[Any]], str]
SquareParse = Callable[[str], "tuple[Any, ...] | None"]


def generic_square(target: Sequence[Any]) -> str:
    return "(" + ",".join(_num(v) for v in target[:2]) + ")"


def _num(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


_PAIR = re.compile(r"^\(?\s*(-?\d+)\s*[,\s]\s*(-?\d+)\s*\)?$")


def generic_parse(text: str) -> tuple[int, int] | None:
    m = _PAIR.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _target_key(target: Any) -> tuple[Any, ...] | None:
    if not isinstance(target, (list, tuple)) or len(target) < 2:
        return None
    try:
        return tuple(float(v) for v in target[:2])
    except (TypeError, ValueError):
        return None


def ranges(values: Sequence[int], prefix: str = "") -> str:
    """Sorted integers as compact ranges: [1, 2, 3, 5] -> "1–3, 5" (with a prefix on each end: r1–r3, r5)."""
    vals = sorted(set(values))
    out: list[str] = []
    i = 0
    while i < len(vals):
        j = i
        while j + 1 < len(vals) and vals[j + 1] == vals[j] + 1:
            j += 1
        if j == i:
            out.append(f"{prefix}{vals[i]}")
        elif j == i + 1:
            out.append(f"{prefix}{vals[i]}, {prefix}{vals[j]}")
        else:
            out.append(f"{prefix}{vals[i]}–{prefix}{vals[j]}")
        i = j + 1
    return ", ".join(out)


@dataclass
class Entry:
    key: str
    action: int
    label: str
    info: dict[str, Any]
    fixed: bool = False  # the key comes from the game (same meaning in every position)
    grouped: bool = False  # shown inside a group line: its key is its square


@dataclass
class Group:
    """Moves of one kind shown as one line: `head` + what varies + `tail` (e.g. "seed a mushroom at" r1–r18)."""

    head: str
    tail: str
    entries: list[Entry]
    where: str  # the squares or values that vary, summarised
    keys: str = ""  # the fixed keys, summarised ("0–10"), when the entries have them


@dataclass
class Menu:
    entries: list[Entry]
    items: list[Entry | Group]  # what the menu shows, in order
    square: SquareName = generic_square
    parse_square: SquareParse = generic_parse
    targets: dict[tuple[Any, ...], list[Entry]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        choices: list[dict[str, Any]],
        square: SquareName | None = None,
        parse_square: SquareParse | None = None,
        fixed_key: Callable[[dict[str, Any]], str | None] | None = None,
        square_set: Callable[[list[Sequence[Any]]], str] | None = None,
        group_label: Callable[[str, str], str | None] | None = None,
    ) -> Menu:
        square = square or generic_square
        parse_square = parse_square or generic_parse
        fixed = {}
        if fixed_key is not None:
            for info in choices:
                k = fixed_key(info)
                if k is not None:
                    fixed[info["action"]] = str(k)
            if len(set(fixed.values())) != len(fixed):  # keys must name one move each; else number them all
                fixed = {}
        # Group candidates: a kind with many moves that differ only by a square (or carry fixed keys).
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for info in choices:
            by_kind.setdefault(info.get("kind", ""), []).append(info)
        grouped: dict[str, list[dict[str, Any]]] = {}
        for kind, infos in by_kind.items():
            if len(infos) < GROUP_MIN:
                continue
            keys = [_target_key(i.get("target")) for i in infos]
            one_each = None not in keys and len(set(keys)) == len(keys)  # a square names one move of the group
            if one_each or all(i["action"] in fixed for i in infos):
                head, tail = _common_affixes([i["label"] for i in infos])
                if head or tail:
                    grouped[kind] = infos
        # Numbers: only the moves shown on a line of their own; a grouped move's key is its square.
        used = set(fixed.values())
        n = 0
        entries_by_action: dict[int, Entry] = {}

        def number(info: dict[str, Any]) -> None:
            nonlocal n
            if info["action"] in fixed:
                entries_by_action[info["action"]] = Entry(
                    fixed[info["action"]], info["action"], info["label"], info, True
                )
                return
            if info.get("kind", "") in grouped:
                key = square(info["target"])
                entries_by_action[info["action"]] = Entry(key, info["action"], info["label"], info, grouped=True)
                return
            n += 1
            while str(n) in used:
                n += 1
            entries_by_action[info["action"]] = Entry(str(n), info["action"], info["label"], info)

        for info in choices:
            if info.get("kind", "") not in grouped:
                number(info)
        for info in choices:
            if info.get("kind", "") in grouped:
                number(info)
        entries = [entries_by_action[i["action"]] for i in choices]
        items: list[Entry | Group] = []
        seen_groups: set[str] = set()
        for info in choices:
            kind = info.get("kind", "")
            if kind not in grouped:
                items.append(entries_by_action[info["action"]])
            elif kind not in seen_groups:
                seen_groups.add(kind)
                members = [entries_by_action[i["action"]] for i in grouped[kind]]
                group = _group(members, square, square_set)
                label = group_label(kind, group.keys or group.where) if group_label is not None else None
                if label:
                    group.head, group.where, group.tail = "", label, ""
                items.append(group)
        targets: dict[tuple[Any, ...], list[Entry]] = {}
        for e in entries:
            t = _target_key(e.info.get("target"))
            if t is not None:
                targets.setdefault(t, []).append(e)
        return cls(entries, items, square, parse_square, targets)

    # ---- showing ------------------------------------------------------------------------------
    def has_squares(self) -> bool:
        return any(isinstance(i, Group) and i.where and not i.keys for i in self.items)

    def lines(self) -> list[tuple[str, str]]:
        """(key, text) per menu line; a group's key is its fixed keys' range or "" (type a square)."""
        out = []
        for item in self.items:
            if isinstance(item, Entry):
                out.append((item.key, item.label))
            else:
                out.append((item.keys, group_text(item)))
        return out

    def full_list(self) -> list[tuple[str, str]]:
        """Every move with what to type for it: the numbered moves, the grouped ones (their square), the fixed keys."""
        return [(e.key, e.label) for e in self.entries_in_key_order()]

    def entries_in_key_order(self) -> list[Entry]:
        numbered = sorted((e for e in self.entries if not e.fixed and not e.grouped), key=lambda e: int(e.key))
        return numbered + [e for e in self.entries if e.grouped] + [e for e in self.entries if e.fixed]

    def shown_keys(self) -> str:
        """The keys the menu shows, in few words: "1–3, ul, dr" ("" when it shows none)."""
        keys = [e.key for e in self.entries if not e.grouped]
        ints = [int(k) for k in keys if re.fullmatch(r"-?\d+", k)]
        words = [k for k in keys if not re.fullmatch(r"-?\d+", k)]
        return ", ".join(([ranges(ints)] if ints else []) + words)

    def what_to_type(self) -> str:
        """What can be typed at this menu, in words (for a refusal)."""
        parts = []
        keys = self.shown_keys()
        if keys:
            parts.append(f"a key shown ({keys})")
        example = self.example_square() or (
            self.square(self.entries_with_targets()[0].info["target"]) if self.targets else None
        )
        if example:
            parts.append(f"a square such as {example}")
        parts.append("the start of a move's name")
        return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]

    def example_square(self) -> str | None:
        """A square of a grouped move, to show how squares are typed."""
        for item in self.items:
            if isinstance(item, Group) and not item.keys:
                target = item.entries[len(item.entries) // 2].info.get("target")
                if target is not None:
                    return self.square(target)
        return None

    # ---- reading what was typed ------------------------------------------------------------------
    def resolve(self, text: str) -> tuple[int | None, str]:
        """The action `text` names, or (None, why not and what would work)."""
        answer = " ".join(text.strip().split())
        low = answer.lower()
        if not answer:
            if len(self.entries) == 1:
                return self.entries[0].action, ""
            return None, "type the key of a move (or h for help)"
        for e in self.entries:
            if e.key.lower() == low:
                return e.action, ""
        if re.fullmatch(r"-?\d+", low) and self.parse_square(answer) is None:
            # A number is a key or nothing: one not shown plays no move (not even one whose name holds it).
            return None, f"{answer} is not a key on the screen: type {self.what_to_type()}"
        target = self.parse_square(answer)
        if target is not None:
            key = _target_key(target)
            there = self.targets.get(key, []) if key is not None else []
            if len(there) == 1:
                return there[0].action, ""
            if there:
                return None, f"{answer} names {len(there)} moves: " + "; ".join(f"{e.key} {e.label}" for e in there)
            return None, f"no move goes to {self.square(target)} now"
        for e in self.entries:
            if e.label.lower() == low:
                return e.action, ""
        starts = [e for e in self.entries if e.label.lower().startswith(low)]
        if len(starts) == 1:
            return starts[0].action, ""
        if not starts:
            words = low.split()
            pattern = re.compile(r"\b" + r"\S*\s+".join(re.escape(w) for w in words))
            starts = [e for e in self.entries if pattern.search(e.label.lower())]
            if len(starts) == 1:
                return starts[0].action, ""
        if starts:
            shown = "; ".join(f"{e.key} {e.label}" for e in starts[:4])
            more = f" and {len(starts) - 4} more" if len(starts) > 4 else ""
            return None, f"{answer!r} fits {len(starts)} moves: {shown}{more}; type more of it, or a key"
        return None, f"{answer!r} is not a move here: type {self.what_to_type()}"

    def entries_with_targets(self) -> list[Entry]:
        return [e for e in self.entries if _target_key(e.info.get("target")) is not None]


def group_text(group: Group) -> str:
    text = group.head + " " + group.where if group.head else group.where
    if group.tail:
        text += " " + group.tail
    return text


def _common_affixes(labels: list[str]) -> tuple[str, str]:
    """The words every label starts with and ends with (whole words), leaving a varying middle in each."""
    split = [label.split(" ") for label in labels]
    shortest = min(len(s) for s in split)
    head = 0
    while head < shortest - 1 and all(s[head] == split[0][head] for s in split):
        head += 1
    tail = 0
    while tail < shortest - head - 1 and all(s[-1 - tail] == split[0][-1 - tail] for s in split):
        tail += 1
    words = split[0]
    return " ".join(words[:head]), " ".join(words[len(words) - tail :]) if tail else ""


def _group(members: list[Entry], square: SquareName, square_set: Callable[[list[Sequence[Any]]], str] | None) -> Group:
    head, tail = _common_affixes([e.label for e in members])
    keys = ""
    if all(e.fixed for e in members):
        ints = [int(e.key) for e in members if e.key.lstrip("-").isdigit()]
        keys = ranges(ints) if len(ints) == len(members) else ", ".join(e.key for e in members)
        nh, nt = len(head.split()) if head else 0, len(tail.split()) if tail else 0
        middles = [" ".join(e.label.split(" ")[nh : len(e.label.split(" ")) - nt]) for e in members]
        where = (
            ranges([int(m) for m in middles]) if all(m.lstrip("-").isdigit() for m in middles) else "/".join(middles)
        )
        return Group(head, tail, members, where, keys)
    targets = [e.info["target"] for e in members]
    if len(targets) <= INLINE_SQUARES or square_set is None:
        where = ", ".join(square(t) for t in targets)
    else:
        where = square_set(targets)
    return Group(head, tail, members, where)
