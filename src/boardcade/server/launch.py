"""Start `boardcade serve` as a child process and wait until it answers (for crash tests, the soak and the load
benchmark), and create matches whose seats are all claimed (what a test or benchmark client needs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def start_serve_process(database: str, port: int, log: Path, *extra: str, timeout: float = 30.0) -> subprocess.Popen:
    """Run `boardcade serve` on 127.0.0.1:`port` with `database`; its error output is appended to `log`.

    A file, not a pipe: a full pipe would stall the server. The start-up banner on standard output is dropped.
    Returns once /api/games answers; raises RuntimeError with the log's tail if it does not within `timeout`.
    """
    cli = Path(sys.executable).with_name("boardcade")
    cmd = [str(cli), "serve", "--port", str(port), "--database", database, *extra]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=out, env={**os.environ, "NO_COLOR": "1"})
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1) as answer:
                if answer.status == 200:
                    return proc
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the server did not start; log:\n{log.read_text(errors='replace')[-3000:]}")


def post_json(base: str, path: str, body: dict, timeout: float = 30.0) -> dict:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as answer:
        return json.load(answer)


def claimed_match(base: str, body: dict, names: str = "Player") -> dict:
    """POST /api/matches with `body`, then claim every other human seat with its invite. The answer gets
    "tokens": {seat (str): seat token} for every human seat."""
    m = post_json(base, "/api/matches", body)
    m["tokens"] = {} if m.get("seat") is None else {str(m["seat"]): m["token"]}
    for seat, invite in m["invites"].items():
        claim = {"seat": int(seat), "invite": invite, "name": f"{names} {int(seat) + 1}"}
        m["tokens"][seat] = post_json(base, f"/api/matches/{m['id']}/claim", claim)["token"]
    return m
