"""A resumable run of many matches saved in a folder.

Folder layout:
- `config.json`: what the run plays (game, options, agents, games, seed, kind); a rerun must match it;
- `results.jsonl`: one result record per finished match, appended as each one ends (so Ctrl-C loses only
  the matches in progress);
- `summary.json`: the standings, rewritten when the run stops.
Running the same command again skips every match already in `results.jsonl`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .backends import run_specs
from .match import MatchSpec

RESULTS = "results.jsonl"
CONFIG = "config.json"
SUMMARY = "summary.json"


def default_folder(kind: str, config: dict[str, Any], root: str | Path = "runs") -> Path:
    """A folder name that is the same for the same settings, so rerunning a command resumes it."""
    text = json.dumps(config, sort_keys=True)
    tag = hashlib.sha256(text.encode()).hexdigest()[:8]
    agents = re.sub(r"[^A-Za-z0-9]+", "-", "-".join(config.get("agents", [])))[:40].strip("-")
    return Path(root) / f"{kind}-{config['game']}-{agents}-{tag}"


def load_results(folder: Path) -> list[dict[str, Any]]:
    """Results saved so far; a last line cut short by an interruption is ignored."""
    path = folder / RESULTS
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


class Run:
    """Plays the matches of `specs` not yet saved in `folder`, appending each result as it arrives."""

    def __init__(self, folder: str | Path, config: dict[str, Any], specs: list[MatchSpec]):
        self.folder = Path(folder)
        self.config = json.loads(json.dumps(config))  # as it reads back from config.json
        self.specs = specs
        self._check_config()
        keys = {s.key for s in specs}
        self.results = [r for r in load_results(self.folder) if r.get("key") in keys]
        done = {r["key"] for r in self.results}
        self.todo = [s for s in specs if s.key not in done]

    def _check_config(self) -> None:
        path = self.folder / CONFIG
        if path.exists():
            saved = json.loads(path.read_text())
            if saved != self.config:
                diff = sorted(k for k in set(saved) | set(self.config) if saved.get(k) != self.config.get(k))
                raise ValueError(
                    f"{self.folder} holds a run with different settings ({', '.join(diff)} differ); "
                    "use another output folder, or the same settings to resume it"
                )
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(self.config, indent=1, sort_keys=True))

    def play(
        self,
        backend: str = "local",
        workers: int | None = None,
        address: str | None = None,
        on_result: Callable[[dict[str, Any]], None] | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Yield each new result after saving it. Stop early (Ctrl-C, break) and what finished stays saved."""
        if not self.todo:
            return
        path = self.folder / RESULTS
        cut_short = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
        with open(path, "a") as out:
            if cut_short:  # an interrupted write left half a line: start afresh on the next line
                out.write("\n")
            for result in run_specs(self.todo, backend, workers, address):
                out.write(json.dumps(result, separators=(",", ":")) + "\n")
                out.flush()
                self.results.append(result)
                if on_result:
                    on_result(result)
                yield result
        done = {r["key"] for r in self.results}
        self.todo = [s for s in self.specs if s.key not in done]

    def save_summary(self, summary: dict[str, Any]) -> Path:
        path = self.folder / SUMMARY
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(summary, indent=1, sort_keys=True))
        tmp.replace(path)
        return path
