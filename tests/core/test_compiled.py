"""The compiled mode (Cython, built by scripts/build_compiled.py or BOARDCADE_COMPILE=1) plays exactly like the
pure-Python reference, and an installation says which mode it runs.

`make test` runs the suite in the pure mode, then the engine tests again with the compiled copy first on the
path (BOARDCADE_EXPECT_MODE tells each run which mode it must be in). This test compares the mode it runs in
with the other one: seeded matches of every game and variant (boardcade.testing.fingerprint) must give identical
histories, events, returns, observations, information states, resampled states and illegal-action errors.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import boardcade
from boardcade.cli.main import app
from boardcade.compiled import MODULES, compiled_modules, describe, mode
from boardcade.testing.fingerprint import fingerprints

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 4  # seeded matches per game variant: every phase of every game comes up (see fingerprint's coverage)


def _other_tree() -> tuple[str, Path]:
    """The source folder of the mode this test does not run in: the compiled copy (named by
    BOARDCADE_COMPILED_SRC, as `make test` does, else built or brought up to date here), or the pure `.py` tree."""
    if mode() == "compiled":
        return "pure", ROOT / "src"
    given = os.environ.get("BOARDCADE_COMPILED_SRC")
    if given:  # `make test` built it
        return "compiled", Path(given)
    # Run outside `make test` (a plain `pytest`), the test builds the compiled copy itself: that needs the dev extra
    # (Cython) and a C compiler, which `make test` installs (scripts/ensure-compiler.sh). Missing, it fails and says so.
    assert importlib.util.find_spec("Cython") is not None, "the compiled mode needs Cython: pip install -e '.[dev]'"
    cc = os.environ.get("CC", "cc")
    assert shutil.which(cc) is not None, f"the compiled mode needs a C compiler ({cc}): bash scripts/ensure-compiler.sh"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_compiled.py")], capture_output=True, text=True, timeout=1200
    )
    assert done.returncode == 0, f"the compiled build failed:\n{done.stderr[-3000:]}"
    return "compiled", Path(done.stdout.strip().splitlines()[-1])


def _run_there(src: Path, code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_mode_is_the_one_asked_for():
    """CI's two runs must really be one pure and one compiled (a stale or missing build would fall back to the
    .py files silently, or mix both)."""
    expected = os.environ.get("BOARDCADE_EXPECT_MODE")
    assert mode() == (expected or mode()) and mode() in ("pure", "compiled"), describe()
    assert set(compiled_modules()) in (set(), set(MODULES))


def test_pure_and_compiled_modes_play_identical_matches():
    here = fingerprints(MATCHES)
    other, src = _other_tree()
    out = _run_there(
        src,
        "import json, boardcade.compiled as c, boardcade.testing.fingerprint as f; "
        f"print(json.dumps([c.mode(), f.fingerprints({MATCHES})]))",
    )
    their_mode, theirs = json.loads(out)
    assert their_mode == other, f"{src} runs {their_mode}, not {other}"
    differ = sorted(k for k in here.keys() | theirs.keys() if here.get(k) != theirs.get(k))
    assert not differ, f"{mode()} and {other} modes play these seeded matches differently: {differ}"
    assert len(here) >= 6 * MATCHES  # every game and variant took part


def test_version_and_games_say_which_mode_runs():
    runner = CliRunner()
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0
    assert version.output.strip() == f"boardcade {boardcade.__version__} (engines: {describe()})"
    assert ("compiled (Cython" in version.output) == (mode() == "compiled")
    assert ("pure Python" in version.output) == (mode() == "pure")
    games = runner.invoke(app, ["games"])
    assert games.exit_code == 0 and f"Engines: {describe()}." in games.output


@pytest.mark.parametrize("name", ["qbert", "mb_centipede", "atari_centipede"])
def test_the_contract_keeps_its_own_errors_in_both_modes(name):
    """Compiled code must not turn annotations into type checks of its own: a numpy integer is a legal action
    like the int it equals, and anything else gets the contract's IllegalActionError, state unchanged."""
    state = boardcade.load_game(name).new_initial_state()
    legal = state.legal_actions()
    twin = state.clone()
    state.apply_action(np.int64(legal[0]))
    twin.apply_action(legal[0])
    assert state.history() == twin.history() and type(state.history()[0]) is int
    before = state.history()
    for bad in ("1", 1.5, None, -7, 10**30):
        with pytest.raises(boardcade.IllegalActionError):
            state.apply_action(bad)
        assert state.history() == before
