"""The package's layering, checked from the source: no import cycles between modules or between parts, and every
game imports nothing of boardcade but `boardcade.core` (so a game never knows the server, the agents or the CLI)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "boardcade"


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(module: str) -> str:
    """The unit of layering: boardcade.core, boardcade.agents, ..., and each game folder on its own."""
    parts = module.split(".")
    return ".".join(parts[:3] if len(parts) >= 3 and parts[1] == "games" else parts[:2])


def _imports() -> dict[str, set[str]]:
    modules = {_module(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                # `from package import submodule` depends on the submodule
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]
            else:
                continue
            graph[module] |= {t for t in targets if t.startswith("boardcade") and t != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    state: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_no_import_cycles_between_modules():
    cycles = _cycles(_imports())
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_import_cycles_between_parts():
    parts: dict[str, set[str]] = {}
    for module, targets in _imports().items():
        parts.setdefault(_part(module), set()).update(_part(t) for t in targets if _part(t) != _part(module))
    cycles = _cycles(parts)
    assert not cycles, "cycles between parts of the package: " + "; ".join(" -> ".join(c) for c in cycles)


def test_games_import_only_core():
    graph = _imports()
    games = [m for m in graph if m.startswith("boardcade.games.")]
    assert len({_part(m) for m in games}) >= 3
    for module in games:
        for target in graph[module]:
            assert _part(target) == _part(module) or target.startswith("boardcade.core"), (
                f"{module} imports {target}: a game may import only boardcade.core"
            )


def test_core_imports_nothing_else_of_boardcade():
    graph = _imports()
    for module in (m for m in graph if m.startswith("boardcade.core")):
        assert all(t.startswith("boardcade.core") for t in graph[module]), f"{module} imports {graph[module]}"


# server/manager.py is a thin front over these parts; each may import only the parts before it (docs/server.md).
MANAGER_PARTS = [
    "views",
    "live",
    "events",
    "context",
    "commits",
    "sync",
    "drivers",
    "registry",
    "sweep",
    "seating",
    "hints",
]


def test_the_match_managers_parts_import_one_way():
    graph = _imports()
    parts = [f"boardcade.server.{p}" for p in [*MANAGER_PARTS, "manager"]]
    assert set(parts) <= set(graph), f"missing modules: {set(parts) - set(graph)}"
    for i, module in enumerate(parts):
        later = set(parts[i + 1 :])
        assert not graph[module] & later, f"{module} imports {sorted(graph[module] & later)}, which come after it"
    callers = {m for m, targets in graph.items() if "boardcade.server.manager" in targets}
    assert callers <= {
        "boardcade.server.app",
        "boardcade.server.requests",
        "boardcade.server.routes",
        "boardcade.server.ws",
    }, callers


def test_the_checker_sees_a_cycle_when_there_is_one():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
