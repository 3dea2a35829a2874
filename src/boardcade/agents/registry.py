"""The one agent registry and the one parser of agent names, for the CLI, the arena, the server and the web app.

An agent name is `NAME` or `NAME:key=value,key=value` (for example `hard:seconds=1.2` or
`ismcts:iterations=500,exploration=0.5`). Each agent declares its parameters (name, type, meaning), so every
caller gets the same checks and the same error messages. Agents from other packages register through the entry
point group "boardcade.agents" (value "module:AGENT_SPEC"), or at run time with `register_agent`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata, util
from typing import Any

from ..core.errors import GameError
from ..core.spec import Ref, resolve
from .base import Agent

ENTRY_POINT_GROUP = "boardcade.agents"


@dataclass(frozen=True)
class Param:
    """One parameter an agent name may set."""

    name: str
    kind: type
    doc: str
    minimum: float | None = None

    def parse(self, text: str, agent: str) -> Any:
        try:
            value = self.kind(text.strip())
        except ValueError:
            raise GameError(
                f"agent {agent!r}: {self.name} must be a {self.kind.__name__}, got {text.strip()!r}"
            ) from None
        if self.minimum is not None and value < self.minimum:
            raise GameError(f"agent {agent!r}: {self.name} must be at least {self.minimum}, got {value}")
        return value


@dataclass(frozen=True)
class AgentSpec:
    """A kind of computer player.

    factory: `factory(seed, **params) -> Agent` (an object or a "module:attribute" reference).
    params: what `NAME:key=value` may set. fixed: parameters always passed (levels fix their budgets here).
    doc, strength, think: what it does, about how strong it is, how long it thinks (shown to players).
    extra: the optional install extra it needs ("" when none).
    requires: the modules it imports when it plays (e.g. ("numpy", "pyspiel")): without them it cannot run here.
    level: offered to players as a difficulty level (the web app's and `boardcade agents`' list of levels).
    seconds_per_move: about how long one decision takes on a desktop core (the slowest game), for players.
    """

    name: str
    factory: Ref
    params: tuple[Param, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    doc: str = ""
    strength: str = ""
    think: str = ""
    extra: str = ""
    level: bool = False
    seconds_per_move: float | None = None
    requires: tuple[str, ...] = ()

    def missing(self) -> list[str]:
        """The modules in `requires` that cannot be imported here (found without importing them)."""
        return [m for m in self.requires if not _importable(m)]

    def unavailable_reason(self) -> str | None:
        """Why this agent cannot play here (its missing modules and the extra to install), or None."""
        gone = self.missing()
        if not gone:
            return None
        extra = f"; install boardcade[{self.extra}]" if self.extra else ""
        return f"agent {self.name!r} needs {', '.join(gone)}, not installed here{extra}"

    @property
    def description(self) -> str:
        """One line: what it does; about how strong; how long it thinks."""
        parts = [
            self.doc,
            self.strength and f"about as strong as {self.strength}",
            self.think and f"thinks {self.think}",
        ]
        return " ".join(p[:1].upper() + p[1:] + "." for p in parts if p)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "doc": self.doc,
            "strength": self.strength,
            "think": self.think,
            "description": self.description,
            "level": self.level,
            "seconds_per_move": self.seconds_per_move,
            "params": [{"name": p.name, "kind": p.kind.__name__, "doc": p.doc} for p in self.params],
            "extra": self.extra or None,
        }


def _importable(module: str) -> bool:
    try:
        return util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package that is missing, or a broken installation
        return False


class _Registry(Mapping[str, AgentSpec]):
    """name -> AgentSpec, with entry-point agents read on first use."""

    def __init__(self) -> None:
        self._specs: dict[str, AgentSpec | str] = {}
        self._entry_points_read = False

    def _read_entry_points(self) -> None:
        if not self._entry_points_read:
            self._entry_points_read = True
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
                self._specs.setdefault(ep.name, ep.value)

    def add(self, spec: AgentSpec, replace: bool = False) -> None:
        if spec.name in self._specs and not replace:
            raise GameError(f"an agent named {spec.name!r} is already registered")
        if not spec.name.isidentifier():
            raise GameError(f"agent name {spec.name!r} must be a letter followed by letters, digits or '_'")
        self._specs[spec.name] = spec

    def __getitem__(self, name: str) -> AgentSpec:
        self._read_entry_points()
        spec = self._specs[name]
        if isinstance(spec, str):
            spec = resolve(spec)
            if not isinstance(spec, AgentSpec):
                raise GameError(f"the registration of agent {name!r} does not point to an AgentSpec")
            self._specs[name] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        self._read_entry_points()
        return iter(list(self._specs))

    def __len__(self) -> int:
        self._read_entry_points()
        return len(self._specs)

    def __contains__(self, name: object) -> bool:
        self._read_entry_points()
        return name in self._specs


AGENTS = _Registry()


def register_agent(spec: AgentSpec, *, replace: bool = False) -> AgentSpec:
    AGENTS.add(spec, replace)
    return spec


def agent_names() -> list[str]:
    return list(AGENTS)


def parse_agent_name(text: str) -> tuple[AgentSpec, dict[str, Any]]:
    """`NAME[:key=value,...]` -> (its spec, the parameters given). GameError names what is wrong and what is allowed."""
    if not isinstance(text, str) or not text.strip():
        raise GameError(f"an agent name must be a non-empty text; valid agents: {', '.join(AGENTS)}")
    name, _, rest = text.strip().partition(":")
    if name not in AGENTS:
        raise GameError(f"unknown agent {name!r}; valid agents: {', '.join(AGENTS)} (settings as NAME:key=value,...)")
    try:
        spec = AGENTS[name]
    except ImportError as e:
        raise GameError(f"agent {name!r} needs an optional part of boardcade that is not installed: {e}") from None
    known = {p.name: p for p in spec.params}
    params: dict[str, Any] = {}
    for part in filter(None, (s.strip() for s in rest.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in known:
            allowed = ", ".join(known) or "none"
            raise GameError(f"bad setting {part!r} in agent {text!r}; use key=value with keys: {allowed}")
        params[key] = known[key].parse(value, text)
    return spec, params


def split_agent_list(text: str) -> list[str]:
    """Split "random,greedy,hard:seconds=1,exploration=0.5" into agent names: a `key=value` piece without a colon
    belongs to the agent before it when that one has settings."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if out and ":" in out[-1] and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def make_agent(text: str, seed: int | None = None) -> Agent:
    """The agent named `text` (see the module docstring), seeded with `seed`."""
    spec, params = parse_agent_name(text)
    factory = resolve(spec.factory)
    try:
        agent: Agent = factory(seed, **{**spec.fixed, **params})
    except ValueError as e:
        raise GameError(f"agent {text!r}: {e}") from None
    except ImportError as e:
        extra = f" (install boardcade[{spec.extra}])" if spec.extra else ""
        raise GameError(f"agent {text!r} needs a package that is not installed{extra}: {e}") from None
    if params or text.strip() != spec.name:
        agent.name = text.strip()
    return agent


def check_agent_name(text: str) -> None:
    """Raise GameError naming the valid agents when `text` cannot be built."""
    make_agent(text, 0)
