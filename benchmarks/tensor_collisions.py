"""How often the hashed information-state tensor gives two different pasts the same values, against the exact one.

Plays seeded random matches of every game (and Atari's 2- and 4-player variants), and for every state reached and
every seat collects (information_state_string, hashed information-state tensor). A *collision group* is one hashed
tensor shared by two or more different information states (a learner reading that tensor cannot tell them apart,
though the player can). The exact perfect-recall tensor (`Encoder.encode_exact`) has none by construction
(`tests/interop/test_tensors_exact.py`); its size is printed beside the hashed one's so the choice in
`docs/interop.md` ("Which information-state tensor") can be made with figures.

    .venv/bin/python benchmarks/tensor_collisions.py [--matches 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections import defaultdict

from boardcade.core.registry import load_game
from boardcade.interop.tensors import encoder_for

VARIANTS = [
    ("qbert", {}),
    ("mb_centipede", {}),
    ("atari_centipede", {"players": 2}),
    ("atari_centipede", {"players": 4}),
]


def measure(name: str, options: dict, matches: int, seed: int) -> dict[str, int]:
    game = load_game(name, **options)
    enc = encoder_for(game)
    by_tensor: dict[bytes, set[str]] = defaultdict(set)
    states = 0
    for m in range(matches):
        rng = random.Random(seed * 1_000_003 + m)
        state = game.new_initial_state()
        while not state.is_terminal():
            for p in range(game.num_players):
                key = hashlib.blake2b(enc.encode_state(state, p, info_state=True).tobytes(), digest_size=16).digest()
                by_tensor[key].add(f"{p}|{state.information_state_string(p)}")
                states += 1
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                probs = [q for _, q in state.chance_outcomes()]
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    groups = [s for s in by_tensor.values() if len(s) > 1]
    return {
        "viewed states": states,
        "distinct information states": sum(len(s) for s in by_tensor.values()),
        "collision groups": len(groups),
        "information states in them": sum(len(s) for s in groups),
        "hashed size": enc.info_state_size,
        "exact size": enc.exact_info_state_size if enc.exact else 0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=20, help="seeded random matches per game (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{args.matches} seeded random matches per game, seed {args.seed}")
    print(f"{'game':34} {'viewed':>8} {'distinct':>9} {'groups':>7} {'in groups':>10} {'hashed':>7} {'exact':>7}")
    for name, options in VARIANTS:
        r = measure(name, options, args.matches, args.seed)
        label = name + (f" ({options['players']} players)" if options else "")
        print(
            f"{label:34} {r['viewed states']:8d} {r['distinct information states']:9d} {r['collision groups']:7d} "
            f"{r['information states in them']:10d} {r['hashed size']:7d} {r['exact size']:7d}"
        )


if __name__ == "__main__":
    main()
