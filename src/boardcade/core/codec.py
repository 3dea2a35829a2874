"""Action codecs: a game's integer actions declared as data (blocks of a kind with arguments), decoded once.

A block is a kind of action ("hop", "fire", "play_card") with zero or more arguments, each with a closed list
of values. Blocks are laid end to end from 0; inside a block the arguments are mixed-radix digits, the first
argument most significant. So

    ActionCodec([Block("hop", (Arg("dir", ("up-left", "up-right", "down-left", "down-right")),)), Block("stop")])

gives actions 0-3 = hop up-left .. down-right and 4 = stop. Every action is decoded once, when the codec is
built: `decode(a)` is a table lookup. Labels, `action_info` (its "kind" and "args"), the rules documents'
action tables (`markdown()`) and the web client all read the codec; nobody parses label text.

Chance outcomes use a codec per kind of chance node (each a single block starting at 0).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import GameError


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Arg:
    """One argument of a block: its name and its values, in order (the value's position is its digit)."""

    name: str
    values: tuple[Any, ...]
    doc: str = ""

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError(f"argument {self.name!r} has no values")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"argument {self.name!r} repeats a value")


def arg_range(name: str, n: int, start: int = 0, doc: str = "") -> Arg:
    """An argument whose values are the integers start .. start + n - 1."""
    return Arg(name, tuple(range(start, start + n)), doc)


@dataclass(frozen=True)
class Block:
    """A kind of action and its arguments.

    label: a `str.format` template over the arguments (and any context the game adds), e.g. "hop {dir}";
        empty means the kind followed by the argument values.
    actor: who plays it, for the rules documents' action tables ("Q*bert", "the nasty player", "chance").
    doc: what it means, for the same tables.
    """

    kind: str
    args: tuple[Arg, ...] = ()
    label: str = ""
    actor: str = ""
    doc: str = ""

    @property
    def size(self) -> int:
        n = 1
        for arg in self.args:
            n *= len(arg.values)
        return n


class Action(NamedTuple):
    """A decoded action: its kind, its arguments by name (read-only) and their digits."""

    kind: str
    args: Mapping[str, Any]
    digits: tuple[int, ...]
    block: int


class ActionCodec:
    """Integer actions <-> (kind, arguments), for one game (or one kind of chance node)."""

    def __init__(self, blocks: Sequence[Block]):
        kinds = [b.kind for b in blocks]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"block kinds must be unique: {kinds}")
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self._start: dict[str, int] = {}
        self._block: dict[str, Block] = {}
        table: list[Action] = []
        for index, block in enumerate(self.blocks):
            self._start[block.kind] = len(table)
            self._block[block.kind] = block
            for n in range(block.size):
                digits = []
                for arg in reversed(block.args):
                    n, d = divmod(n, len(arg.values))
                    digits.append(d)
                digits.reverse()
                args = {a.name: a.values[d] for a, d in zip(block.args, digits, strict=True)}
                table.append(Action(block.kind, MappingProxyType(args), tuple(digits), index))
        self._table: tuple[Action, ...] = tuple(table)
        self.size = len(table)
        self._infos: dict[int, tuple[str, dict[str, Any], str]] = {}  # info() without context, once per action

    # A codec is immutable: copies share it, and pickling rebuilds it from its blocks.
    def __reduce__(self) -> tuple[type[ActionCodec], tuple[tuple[Block, ...]]]:
        return (ActionCodec, (self.blocks,))

    def __copy__(self) -> ActionCodec:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionCodec:
        return self

    # ---- decoding ---------------------------------------------------------------------------
    def decode(self, action: int) -> Action:
        if not 0 <= action < self.size:
            raise GameError(f"action {action} is outside this game's actions 0..{self.size - 1}")
        return self._table[action]

    def kind(self, action: int) -> str:
        return self.decode(action).kind

    def start(self, kind: str) -> int:
        """The first action of a block."""
        if kind not in self._start:
            raise GameError(f"unknown action kind {kind!r}; kinds: {', '.join(self._start)}")
        return self._start[kind]

    def block(self, kind: str) -> Block:
        self.start(kind)
        return self._block[kind]

    def kinds(self) -> list[str]:
        return list(self._start)

    def actions_of(self, kind: str) -> range:
        start = self.start(kind)
        return range(start, start + self._block[kind].size)

    # ---- encoding ---------------------------------------------------------------------------
    def encode(self, kind: str, **args: Any) -> int:
        """The action of `kind` with these argument values (every argument must be given)."""
        block = self.block(kind)
        names = [a.name for a in block.args]
        if set(args) != set(names):
            raise GameError(f"action {kind!r} takes arguments ({', '.join(names) or 'none'}); got ({', '.join(args)})")
        n = 0
        for arg in block.args:
            value = args[arg.name]
            if isinstance(value, list):
                value = tuple(value)
            try:
                digit = arg.values.index(value)
            except ValueError:
                allowed = ", ".join(repr(v) for v in arg.values)
                raise GameError(f"action {kind!r}: {arg.name}={value!r} is not one of {allowed}") from None
            n = n * len(arg.values) + digit
        return self._start[kind] + n

    # ---- text -------------------------------------------------------------------------------
    def label(self, action: int, **context: Any) -> str:
        """The block's label template filled with the arguments (and `context`, which may add or override)."""
        decoded = self.decode(action)
        block = self.blocks[decoded.block]
        values = {**decoded.args, **context}
        if block.label:
            return block.label.format(**values)
        parts = [block.kind.replace("_", " ")] + [str(_jsonable(v)) for v in decoded.args.values()]
        return " ".join(parts)

    def info(self, action: int, **context: Any) -> dict[str, Any]:
        """The structured description of an action: {"action", "kind", "args", "label"} (a fresh dict, and a fresh
        "args" dict; the values in it are shared, read-only). Without `context`, worked out once per action (the
        codec never changes): views list the legal actions' infos at every move."""
        kept = None if context else self._infos.get(action)
        if kept is None:
            decoded = self.decode(action)
            kept = (decoded.kind, {k: _jsonable(v) for k, v in decoded.args.items()}, self.label(action, **context))
            if not context:
                self._infos[action] = kept
        kind, args, label = kept
        return {"action": action, "kind": kind, "args": dict(args), "label": label}

    def markdown(self, heading: str = "Action") -> str:
        """The action table for a rules document: one row per block (range, kind, arguments, who, meaning)."""
        rows = [f"| {heading}s | kind | arguments | who | meaning |", "|---|---|---|---|---|"]
        for block in self.blocks:
            start = self._start[block.kind]
            span = f"{start}" if block.size == 1 else f"{start}-{start + block.size - 1}"
            args = "; ".join(f"{a.name}: {_describe_values(a.values)}" for a in block.args) or "-"
            rows.append(f"| {span} | `{block.kind}` | {args} | {block.actor or '-'} | {block.doc or '-'} |")
        return "\n".join(rows)


def _describe_values(values: Iterable[Any]) -> str:
    values = list(values)
    if len(values) > 3 and all(isinstance(v, int) for v in values) and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return ", ".join(str(_jsonable(v)) for v in values)
