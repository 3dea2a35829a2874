"""Build the sdist and the wheel, install the wheel into fresh virtual environments and use it from there.

Run by `make test` (so CI runs it): every test of the suite runs from the editable install, so only this step
sees what a user of `pip install boardcade` gets.

1. `python -m build` (no isolation: the dev environment's setuptools): the sdist, then the wheel built from it.
2. The sdist holds the docs, examples, tests, benchmarks and LICENSE; the wheel holds each game's rules
   document, web module and trained evaluator, the web app's files, py.typed and the LICENSE.
3. Core only (no extra): `boardcade games`, `rules qbert`, `simulate qbert -n 20` work, the engines, agents and
   CLI import (and each game's trained evaluator loads) without numpy or the web server's packages, and
   `boardcade serve` says which extra to install.
4. With the web extra: `boardcade serve` on a free loopback port answers GET /api/games and a rules
   endpoint, then is stopped.

Packages come from pip's cache after the first run, so this takes seconds, not minutes.
Usage: python scripts/check_wheel.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("qbert", "mb_centipede", "atari_centipede")
# The games whose source folder holds a trained evaluation (Atari's Centipede has none yet: issue 26 item 2).
TRAINED = tuple(name for name in GAMES if (ROOT / "src/boardcade/games" / name / "evaluator.json").exists())
SDIST_MUST_HAVE = ("LICENSE", "README.md", "docs/interop.md", "examples/", "tests/", "benchmarks/", "scripts/")
WHEEL_MUST_HAVE = (
    "boardcade/web/index.html",
    "boardcade/py.typed",
    "boardcade/server/migrations/env.py",
    "boardcade/server/migrations/script.py.mako",
    "boardcade/server/migrations/versions/0001_base.py",
)
# What a core install must import without any extra, and packages that must then stay unimported.
CORE_IMPORTS = """
import sys
import boardcade, boardcade.core, boardcade.agents, boardcade.arena, boardcade.cli.main, boardcade.testing
from boardcade.agents import make_agent
from boardcade.learn import load_course
for name in boardcade.game_names():
    load_course(name)  # the lessons ship with the game and play through
    state = boardcade.load_game(name).new_initial_state()
    boardcade.core.advance_chance(state, __import__("random").Random(1))
    make_agent("greedy", 1).step(state)
    heuristic = sys.modules[boardcade.core.game_spec(name).part("heuristic").__module__]
    if name in TRAINED:
        assert heuristic.model() is not None, f"{name}: its trained evaluator.json did not load"
heavy = {"numpy", "fastapi", "sqlalchemy", "uvicorn", "gymnasium", "pettingzoo", "pyspiel"}
assert not heavy & set(sys.modules), f"a core import pulled in {sorted(heavy & set(sys.modules))}"
print(boardcade.__version__)
"""


def step(text: str) -> None:
    print(f"[check_wheel] {text}", flush=True)


def run(cmd: list[str], env: dict[str, str], **kw) -> subprocess.CompletedProcess:
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, **kw)
    if out.returncode != 0 and kw.get("check", True):
        raise SystemExit(f"[check_wheel] FAILED: {' '.join(cmd)} (exit {out.returncode})\n{out.stdout}\n{out.stderr}")
    return out


def build(dist: Path, env: dict[str, str]) -> tuple[Path, Path]:
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)], env, check=True)
    (sdist,) = dist.glob("boardcade-*.tar.gz")
    (wheel,) = dist.glob("boardcade-*.whl")
    return sdist, wheel


def check_contents(sdist: Path, wheel: Path) -> None:
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        names = [n[len(top) + 1 :] for n in tar.getnames()]
    missing = [m for m in SDIST_MUST_HAVE if not any(n == m or n.startswith(m) for n in names)]
    if missing:
        raise SystemExit(f"[check_wheel] FAILED: the sdist lacks {missing}")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    missing = [m for m in (*WHEEL_MUST_HAVE, *game_resources()) if m not in names]
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        missing.append("LICENSE in .dist-info/licenses")
    if missing:
        raise SystemExit(f"[check_wheel] FAILED: the wheel lacks {missing}")
    step(f"sdist ({len(names)} files in the wheel) holds docs, examples, tests, benchmarks; wheel holds rules and web")


def game_resources() -> list[str]:
    """Each built-in game's rules document, web module and lessons, as paths inside the package."""
    sys.path.insert(0, str(ROOT / "src"))
    from boardcade.core import game_spec

    out = []
    for name in GAMES:
        spec = game_spec(name)
        folder = spec.resource_package().replace(".", "/")
        out += [f"{folder}/{path}" for path in (spec.rules_doc, spec.web_module, "lessons.json") if path]
        if name in TRAINED:
            out.append(f"{folder}/evaluator.json")  # the trained evaluation, read without numpy (docs/agents.md)
    return out


def venv(where: Path, env: dict[str, str]) -> Path:
    # No pip inside: the dev environment's pip installs into it (--python), which saves a bootstrap.
    run([sys.executable, "-m", "venv", "--without-pip", str(where)], env)
    return where / "bin"


def pip_install(bin_dir: Path, requirement: str, env: dict[str, str]) -> None:
    pip = [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet"]
    run([*pip, requirement], env)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as r:  # loopback only
        return json.loads(r.read())


def check_core(bin_dir: Path, env: dict[str, str], tmp: Path) -> None:
    boardcade = str(bin_dir / "boardcade")
    out = run([str(bin_dir / "python"), "-c", f"TRAINED = {TRAINED!r}\n{CORE_IMPORTS}"], env, cwd=tmp)
    step(f"core install: imports without extras (version {out.stdout.strip()})")
    out = run([boardcade, "games"], env, cwd=tmp)
    assert all(g in out.stdout for g in GAMES), out.stdout
    out = run([boardcade, "rules", "qbert"], env, cwd=tmp)
    assert "QB-" in out.stdout, "boardcade rules qbert printed no rule IDs"
    out = run([boardcade, "simulate", "qbert", "-n", "20", "--seed", "1"], env, cwd=tmp)
    assert "20" in out.stdout, out.stdout
    out = run([boardcade, "serve", "--port", str(free_port())], env, cwd=tmp, check=False)
    assert out.returncode == 2 and "boardcade[web]" in out.stderr, (out.returncode, out.stdout, out.stderr)
    step("core install: games, rules qbert, simulate qbert -n 20 work; serve names the web extra")


def check_serve(bin_dir: Path, env: dict[str, str], tmp: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp / 'smoke.sqlite3'}"
    log = (tmp / "serve.log").open("w")
    proc = subprocess.Popen(
        [str(bin_dir / "boardcade"), "serve", "--port", str(port), "--database", db],
        env=env,
        cwd=tmp,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                games = get_json(f"{base}/api/games")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log_text = (tmp / "serve.log").read_text()
                    raise SystemExit(f"[check_wheel] FAILED: serve did not answer\n{log_text}") from None
                time.sleep(0.2)
        names = {g["name"] for g in games["games"]}
        assert set(GAMES) <= names, names
        rules = get_json(f"{base}/api/games/qbert/rules")
        assert rules and all(k.startswith("QB-") for k in rules), "GET /api/games/qbert/rules gave no rule texts"
        step(f"web install: serve answered /api/games ({len(names)} games) and /api/games/qbert/rules ({len(rules)})")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="keep the built files and environments in this folder")
    args = parser.parse_args()
    started = time.monotonic()
    tmp = args.keep or Path(tempfile.mkdtemp(prefix="boardcade-wheel-"))
    tmp.mkdir(parents=True, exist_ok=True)
    # A private data folder, so records and databases of the checks land in the temporary folder.
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "data"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("VIRTUAL_ENV", None)
    try:
        sdist, wheel = build(tmp / "dist", env)
        check_contents(sdist, wheel)
        bin_dir = venv(tmp / "venv", env)
        pip_install(bin_dir, str(wheel), env)
        check_core(bin_dir, env, tmp)
        pip_install(bin_dir, f"boardcade[web] @ {wheel.as_uri()}", env)
        check_serve(bin_dir, env, tmp)
    finally:
        if args.keep is None:
            subprocess.run(["rm", "-rf", str(tmp)], check=False)
    step(f"passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
