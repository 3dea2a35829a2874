"""Reproducibility across processes: a seeded match between search agents plays the same moves in any process,
whatever its string-hash seed (PYTHONHASHSEED), its memory addresses or the order it builds things in (the
contract's "same seed, same moves"; the arena replays a match from its seed in whichever worker gets it).

Within one process the agent tests check this already (test_ismcts: same seed, same move); what only a second
process shows is an order that comes from `hash()` of a string (a set iterated), from `id()` (memory addresses
differ per process) or from the clock. Each process plays a short capped match per game at `medium` and `easy`
(the levels: ISMCTS with iteration budgets), seats and chance seeded as the arena seeds them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import boardcade

# (game, options, level, actions at most): every game, both player counts of Atari's Centipede (teams in 4).
MATCHES = [
    ("qbert", {}, "medium", 40),
    ("mb_centipede", {}, "medium", 50),
    ("atari_centipede", {"players": 2}, "medium", 60),
    ("atari_centipede", {"players": 4}, "easy", 60),
]

PLAY = """
import json, random, sys
from boardcade.agents import make_agent
from boardcade.arena.match import derive_seed
from boardcade.core.loop import play
from boardcade.core.registry import load_game

out = []
for name, options, level, steps in json.loads(sys.argv[1]):
    game = load_game(name, **options)
    agents = [make_agent(level, derive_seed(26, name, "seat", p)) for p in range(game.num_players)]
    state = play(game.new_initial_state(), agents, random.Random(derive_seed(26, name, "chance")), max_steps=steps)
    out.append(state.history())
print(json.dumps(out))
"""


def _env(hash_seed: str) -> dict[str, str]:
    src = str(Path(boardcade.__file__).resolve().parents[1])  # the sources under test, first on the path
    path = os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": hash_seed}


def test_reproducible_seeded_agents_play_the_same_moves_in_processes_with_different_hash_seeds():
    """Contract (reproducibility): the same seeds give the same histories in two processes whose string hashes
    differ (PYTHONHASHSEED 0 and 1), as do their memory addresses where the system randomises them."""
    cmd = [sys.executable, "-c", PLAY, json.dumps(MATCHES)]
    procs = [
        subprocess.Popen(cmd, env=_env(h), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for h in ("0", "1")
    ]
    outputs = []
    try:
        for proc in procs:
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
            outputs.append(json.loads(out))
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    first, second = outputs
    assert len(first) == len(MATCHES)
    for (name, options, level, _cap), a, b in zip(MATCHES, first, second, strict=True):
        assert len(a) > 30, f"{name} {options} at {level} ended after {len(a)} actions: too short to show anything"
        same = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        assert a == b, f"{name} {options} at {level}: the two processes differ from action {same} on"
