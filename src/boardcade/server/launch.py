"""Start `boardcade serve` as a child process and wait until it answers (for crash tests and the soak)."""

from __future__ import annotations

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
