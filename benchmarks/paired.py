"""Paired decisions: several agents decide the same positions; how often each agrees with `greedy`, what it
chooses (Atari's Centipede: how often the Gnome uses a Gnome Control card) and the CPU time per decision.

    python benchmarks/paired.py GAME --agents "greedy,medium,ismcts:iterations=200,plan=0" [--positions 150]
                                     [--seed 1] [--role Gnome] [--option players=4]

Positions are decisions with more than one legal action, every 4th after the setup, from seeded `greedy`
self-play matches; every agent sees the same positions with the same seed. A cheap check to run before a
match batch: a change that makes the Gnome use a card at every chance shows here in a minute.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from boardcade import load_game
from boardcade.agents import make_agent
from boardcade.agents.registry import split_agent_list
from boardcade.core.loop import sample_chance


def positions(game, count: int, seed: int, role: str | None, every: int = 4):
    out, k = [], 0
    while len(out) < count:
        rng = random.Random(seed + k)
        agent = make_agent("greedy", seed + k)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            setup = getattr(state, "_turn_i", 0) < 0
            mine = role is None or state.roles()[state.current_player()].lower() == role.lower()
            if len(legal) > 1 and not setup and mine:
                n += 1
                if n % every == 0:
                    out.append(state.clone())
            state.apply_action(agent.step(state))
        k += 1
        if k >= 50 and not out:
            raise SystemExit(f"no position of the role {role!r} in 50 matches; roles: {state.roles()}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--agents", required=True)
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--role", help="only positions where this role decides (e.g. Gnome)")
    ap.add_argument("--option", action="append", default=[])
    args = ap.parse_args()
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    game = load_game(args.game, **options)
    states = positions(game, args.positions, args.seed, args.role)
    greedy = [make_agent("greedy", args.seed).step(s.clone()) for s in states]
    print(f"{args.game}: {len(states)} positions" + (f" of the {args.role}" if args.role else ""))
    for name in split_agent_list(args.agents):
        agent = make_agent(name, args.seed)
        kinds: Counter[str] = Counter()
        agree = 0
        began = time.process_time()
        for state, g in zip(states, greedy, strict=True):
            a = agent.step(state.clone())
            agree += a == g
            kinds[state.action_info(a)["kind"]] += 1
        cpu = (time.process_time() - began) / len(states)
        top = ", ".join(f"{k} {v}" for k, v in kinds.most_common(6))
        print(f"  {name:<40} agrees with greedy {agree:>3}/{len(states)}  cpu {cpu * 1000:7.1f} ms/decision  [{top}]")


if __name__ == "__main__":
    main()
