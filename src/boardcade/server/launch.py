"""Start `boardcade serve` as a child process and wait until it answers (for crash tests, the soak and the load
benchmark), and create matches whose seats are all claimed (what a test or benchmark client needs)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# Debian's PostgreSQL 15 server binaries; BOARDCADE_PG_BIN names another folder holding initdb and pg_ctl.
PG_BIN = Path(os.environ.get("BOARDCADE_PG_BIN", "/usr/lib/postgresql/15/bin"))


def start_serve_process(
    database: str, port: int, log: Path, *extra: str, timeout: float = 30.0
) -> subprocess.Popen[bytes]:
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


def post_json(base: str, path: str, body: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def claimed_match(base: str, body: dict[str, Any], names: str = "Player") -> dict[str, Any]:
    """POST /api/matches with `body`, then claim every other human seat with its invite. The answer gets
    "tokens": {seat (str): seat token} for every human seat."""
    m = post_json(base, "/api/matches", body)
    m["tokens"] = {} if m.get("seat") is None else {str(m["seat"]): m["token"]}
    for seat, invite in m["invites"].items():
        claim = {"seat": int(seat), "invite": invite, "name": f"{names} {int(seat) + 1}"}
        m["tokens"][seat] = post_json(base, f"/api/matches/{m['id']}/claim", claim)["token"]
    return m


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _as_postgres(*cmd: str) -> list[str]:
    return list(cmd) if os.geteuid() != 0 else ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def throwaway_postgres(fsync: bool = False, max_connections: int = 200) -> Iterator[str]:
    """A PostgreSQL server in a temporary directory on 127.0.0.1 (a free port), removed afterwards. Yields its
    URL. fsync=False is for tests (a killed server process loses nothing either way; a killed machine would)."""
    if not (PG_BIN / "initdb").exists():
        raise RuntimeError(f"PostgreSQL server binaries are needed in {PG_BIN} (set BOARDCADE_PG_BIN)")
    root = Path(tempfile.mkdtemp(prefix="boardcade-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
        root.chmod(0o700)
    port = free_port()
    subprocess.run(
        _as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"),
        check=True,
        capture_output=True,
    )
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c max_connections={max_connections}"
    if not fsync:
        opts += " -c fsync=off"
    subprocess.run(
        _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"),
        check=True,
        capture_output=True,
    )
    try:
        deadline = time.time() + 20
        while time.time() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        stop = _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        subprocess.run(stop, check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
