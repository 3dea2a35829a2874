"""Named rule options with documented defaults, and their validation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import GameError


@dataclass(frozen=True)
class Option:
    """One rule option: its default, what values it allows, and what it means."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None  # allowed values, if a closed set
    kind: type = str  # int, bool, str or float: used to parse text such as "k=v" from the CLI
    minimum: float | None = None
    maximum: float | None = None
    check: Callable[[Any], str | None] | None = None  # extra check: returns an error text or None

    def describe_allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        parts = [self.kind.__name__]
        if self.minimum is not None:
            parts.append(f">= {self.minimum}")
        if self.maximum is not None:
            parts.append(f"<= {self.maximum}")
        return " ".join(parts)

    def coerce(self, value: Any) -> Any:
        """Turn `value` (maybe text from a command line) into a valid value, or raise GameError."""
        bad = f"option {self.name!r}: {value!r} is not allowed; allowed: {self.describe_allowed()}"
        if isinstance(value, str) and self.kind is not str:
            text = value.strip().lower()
            try:
                if self.kind is bool:
                    if text not in ("true", "false", "1", "0", "yes", "no"):
                        raise ValueError(text)
                    value = text in ("true", "1", "yes")
                else:
                    value = self.kind(text)
            except ValueError:
                raise GameError(bad) from None
        if self.kind is bool and not isinstance(value, bool):
            raise GameError(bad)
        if self.kind in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise GameError(bad)
        if self.kind is int and isinstance(value, float):
            if not value.is_integer():
                raise GameError(bad)
            value = int(value)
        if self.kind is str and not isinstance(value, str):
            raise GameError(bad)
        if self.choices is not None and value not in self.choices:
            raise GameError(bad)
        if self.minimum is not None and value < self.minimum:
            raise GameError(bad)
        if self.maximum is not None and value > self.maximum:
            raise GameError(bad)
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise GameError(f"option {self.name!r}: {problem}")
        return value


def resolve_options(game: str, specs: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with `given`, each value checked. Unknown names raise GameError."""
    known = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(sorted(known)) or "(none)"
        raise GameError(f"unknown option(s) for {game}: {', '.join(unknown)}; valid options: {allowed}")
    out = {}
    for opt in specs:
        out[opt.name] = opt.coerce(given[opt.name]) if opt.name in given else opt.default
    return out
