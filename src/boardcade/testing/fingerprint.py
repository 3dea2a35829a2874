"""Fingerprints of seeded matches: one digest per match of everything the contract shows along the way.

Two builds of the same rules (the pure-Python and the compiled mode, see boardcade.compiled) must give equal
fingerprints: tests/core/test_compiled.py runs these matches in both modes and compares them.

A match's digest covers, at every step, the player to move, the legal actions (or the chance outcomes with
their probabilities) and the action taken; every `every` steps, each seat's and the spectator's observation,
each seat's information state, a resampled state for each seat (its history and that seat's view of it), a
clone's view, and the errors two illegal actions raise; at the end the events (rule, text, who sees them, step),
returns, stats and roles; and the same match replayed in quiet mode (its history and returns).

    python -m boardcade.testing.fingerprint [--matches 3] [--seed 0]   # JSON: "game/variant#i" -> digest
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from boardcade.core import CHANCE, IllegalActionError, State, game_class, game_names


def _illegal_actions(state: State) -> list[int]:
    """Two actions that are not legal now: just below the game's range, and the first unlisted one above 0."""
    legal = set(state.legal_actions())
    first_free = next(a for a in range(len(legal) + 1) if a not in legal)
    return [-1, first_free]


def match_digest(game: Any, seed: int, every: int = 5) -> str:
    """The digest of one uniformly random match of `game`, seeded with `seed` (see the module docstring)."""
    rng = random.Random(seed)
    side = random.Random(seed + 1_000_003)  # for resampling: never changes the match's own draws
    state = game.new_initial_state()
    quiet = game.new_initial_state().set_quiet()
    seats = range(game.num_players)
    h = hashlib.sha256()

    def put(*items: Any) -> None:
        h.update(repr(items).encode())

    step = 0
    while not state.is_terminal():
        cur = state.current_player()
        legal = state.legal_actions()
        if cur == CHANCE:
            outcomes = state.chance_outcomes()
            put("chance", outcomes)
            x = rng.random()
            action = outcomes[-1][0]
            for a, p in outcomes:
                x -= p
                if x < 0:
                    action = a
                    break
        else:
            put("player", cur, legal, [state.action_to_string(a) for a in legal])
            action = legal[int(rng.random() * len(legal))]
        if step % every == 0:
            for viewer in (*seats, None):
                put("view", viewer, state.observation_string(viewer))
            for p in seats:
                put("info", p, state.information_state_string(p))
                sample = state.resample_from_infostate(p, side)
                put("resample", p, sample.history(), sample.observation_string(p))
            put("clone", state.clone().observation_string(None))
            for bad in _illegal_actions(state):
                try:
                    state.apply_action(bad)
                except IllegalActionError as e:
                    put("illegal", bad, str(e), e.legal)
                else:
                    put("accepted", bad)  # a state that takes an illegal action differs from one that refuses it
        state.apply_action(action)
        quiet.apply_action(action)
        put("action", action)
        step += 1
    events = [(e.rule, e.text, e.visible_to, e.step) for e in state.events()]
    put("end", events, state.returns(), state.stats(), state.roles(), state.safety_cap_hit())
    for viewer in (*seats, None):
        put("final view", viewer, state.observation_string(viewer))
    put("quiet", quiet.history(), quiet.returns(), quiet.is_terminal())
    return h.hexdigest()


def fingerprints(matches: int = 3, seed: int = 0, games: list[str] | None = None) -> dict[str, str]:
    """'game/variant#i' -> digest, for `matches` seeded matches of every registered game and variant."""
    out: dict[str, str] = {}
    for name in games or game_names():
        cls = game_class(name)
        for label, options in cls.VARIANTS:
            game = cls(**options)
            for i in range(matches):
                out[f"{name}/{label}#{i}"] = match_digest(game, seed * 10_000 + i)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=3, help="seeded matches per game variant")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(json.dumps(fingerprints(args.matches, args.seed, args.game), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
