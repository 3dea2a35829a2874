"""What a run was measured with: the code version (git commit, and whether the tree was dirty), each evaluator's
digest, the engine mode, the machine's load. `record_session` appends it to the run folder's `sessions.jsonl` at
the start and at the end of every invocation, with how many results the folder held, so every saved result can
be traced to the code that played it."""

from __future__ import annotations

import datetime
import hashlib
import importlib
import json
import os
import platform
import subprocess
from importlib import resources
from pathlib import Path
from typing import Any

import boardcade

from ..core.registry import game_spec

SESSIONS = "sessions.jsonl"


def _git(*args: str) -> str | None:
    here = Path(boardcade.__file__).resolve().parent
    try:
        out = subprocess.run(["git", "-C", str(here), *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def code_version() -> dict[str, Any]:
    """boardcade's version, the git commit of the checkout it runs from and whether the package's files differ
    from it (changed or untracked files under the package folder; None for both outside a git checkout), and the
    engine mode (pure, compiled or mixed)."""
    from ..compiled import mode

    commit = _git("rev-parse", "HEAD")
    status = _git("status", "--porcelain", "--", ".") if commit else None
    return {
        "version": boardcade.__version__,
        "commit": commit.strip() if commit else None,
        "dirty": bool(status.strip()) if status is not None else None,
        "mode": mode(),
    }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def evaluator_digests(game: str) -> dict[str, str]:
    """sha256 (first 16 hex digits) of the files the game's evaluation is made of: its heuristic module and every
    trained model (`evaluator*.json`) beside it."""
    heuristic = game_spec(game).part("heuristic")
    if heuristic is None:
        return {}
    module = importlib.import_module(heuristic.__module__)
    out: dict[str, str] = {}
    source = getattr(module, "__file__", None)
    if source:
        out[Path(source).name] = _digest(Path(source).read_bytes())
    package = module.__name__.rpartition(".")[0]
    try:
        files = sorted(resources.files(package).iterdir(), key=lambda f: f.name)
    except (ModuleNotFoundError, TypeError):
        files = []
    for f in files:
        if f.name.startswith("evaluator") and f.name.endswith(".json"):
            out[f.name] = _digest(f.read_bytes())
    return out


def load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def session(game: str, event: str, results: int) -> dict[str, Any]:
    """One sessions.jsonl line: `event` ("start" or "end"), when, and everything the results depend on."""
    return {
        "event": event,
        "at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "results": results,
        "code": code_version(),
        "evaluators": {game: evaluator_digests(game)},
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": load_average(),
    }


def record_session(folder: Path, game: str, event: str, results: int) -> dict[str, Any]:
    """Append a session line to `folder`/sessions.jsonl and return it."""
    line = session(game, event, results)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / SESSIONS, "a") as out:
        out.write(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n")
    return line
