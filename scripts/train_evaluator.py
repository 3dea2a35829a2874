"""Train a game's evaluation from self-play and write it where the game reads it (its folder's evaluator JSON).

    python scripts/train_evaluator.py GAME [--option players=4] [--games 2000] [--seed 1] [--agent greedy]
                                      [--epsilon 0.05] [--model logistic|mlp] [--hidden 16] [--workers 2]
                                      [--out PATH] [--dry-run] [--data FILE]

1. Self-play: `--games` matches of `--agent` against itself (each move, with probability `--epsilon`, a uniformly
   random legal move instead, for variety), seeds `--seed`, `--seed + 1`, ... so the data can be made again.
2. Samples: at every decision after the setup, the game's `heuristic.features(state, player)` for each player in
   the game's perspectives (what that player knows only: features never read hidden facts), labelled with that
   player's result (win 1, loss 0, draw 0.5).
3. Fit: logistic regression (Newton's method, L2) or a one-hidden-layer tanh MLP (Adam, L2) in numpy, on the
   matches with an even index less one in five (the rest held out); the held-out log loss and accuracy, and those
   of the hand-set evaluation, are printed and stored with the weights. In a symmetric game (both players'
   perspectives, features signed for the player) the model has no intercept and no centring, so a position is
   worth exactly minus to the opponent.
4. Output: JSON (`boardcade.core.learned`), read at run time with the standard library. numpy is needed here
   only, never to play.

The data's size, seeds, agent and command are recorded in the file ("training").
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

from boardcade import load_game
from boardcade.agents import make_agent
from boardcade.core.learned import FORMAT, LearnedModel
from boardcade.core.loop import sample_chance
from boardcade.core.registry import game_spec

ROOT = Path(__file__).resolve().parent.parent


# ---- per game: whose view is sampled, and which states ---------------------------------------------------
def _atari_sample(state) -> bool:
    from boardcade.games.atari_centipede.heuristic import _die_in_use
    from boardcade.games.atari_centipede.state import Phase

    if state._turn_i < 0:
        return False
    # Mid-die the evaluation plans the rest of the die itself; the model is fitted on the other decisions.
    return not (state._phase == Phase.GSTEP or (state._phase == Phase.GWRIST and _die_in_use(state)))


GAMES = {
    # name: (perspectives by player count, sample filter, symmetric)
    "atari_centipede": ({2: [1], 4: [0, 2]}, _atari_sample),
    "qbert": ({2: [0, 1]}, lambda s: s._qp >= 0),
    "mb_centipede": ({2: [0, 1]}, lambda s: True),
}


def _heuristic_module(name: str):
    evaluate = game_spec(name).part("heuristic")
    return sys.modules[evaluate.__module__]


def _play(job: tuple) -> dict:
    """One self-play match: its actions (chance outcomes included), the steps where a decision is sampled and the
    returns, so the samples can be replayed whenever the features change."""
    name, options, agent, epsilon, seed, hand = job
    game = load_game(name, **options)
    module = _heuristic_module(name)
    if hand:
        module.set_model(None, game.num_players)
    keep = GAMES[name][1]
    rng = random.Random(seed)
    agents = [make_agent(agent, seed * 10 + p) for p in range(game.num_players)]
    state = game.new_initial_state()
    samples = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and keep(state):
            samples.append(state.move_number())
        if rng.random() < epsilon:
            action = rng.choice(legal)
        else:
            action = agents[state.current_player()].step(state)
        state.apply_action(action)
    return {"actions": state.history(), "samples": samples, "returns": state.returns()}


def _featurize(job: tuple) -> tuple[list[list[float]], list[float], list[float]]:
    """(features, labels, values of the hand-set evaluation) at the sampled decisions of one recorded match."""
    name, options, record = job
    game = load_game(name, **options)
    module = _heuristic_module(name)
    module.set_model(None, game.num_players)
    players = GAMES[name][0][game.num_players]
    returns = record["returns"]
    state = game.new_initial_state()
    xs, ys, vs = [], [], []
    todo = set(record["samples"])
    for step, action in enumerate(record["actions"]):
        if step in todo:
            for p in players:
                xs.append(module.features(state, p))
                ys.append(0.5 if returns[p] == 0 else (1.0 if returns[p] > 0 else 0.0))
                vs.append(module.evaluate(state, p))
        state.apply_action(action)
    return xs, ys, vs


def self_play(name, options, agent, epsilon, games, seed, workers, hand):
    jobs = [(name, options, agent, epsilon, seed + i, hand) for i in range(games)]
    with multiprocessing.Pool(workers) as pool:
        return pool.map(_play, jobs, chunksize=4)


def featurize(name, options, records, workers):
    with multiprocessing.Pool(workers) as pool:
        return pool.map(_featurize, [(name, options, r) for r in records], chunksize=8)


# ---- fitting --------------------------------------------------------------------------------------------
def _log_loss(p, y) -> float:
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _accuracy(p, y) -> float:
    decided = y != 0.5
    return float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))


def fit_logistic(x, y, l2: float, intercept: bool, anchor=None):
    """Logistic regression (Newton). With `anchor` (weights per standardised feature), the weights are
    `alpha * anchor + beta`: the anchor's scale `alpha` is free and L2 pulls only `beta` towards 0, so a strong
    `l2` keeps the anchor's direction (how it ranks positions) and fits its scale."""
    n, d = x.shape
    if anchor is not None:
        x = np.hstack([x @ anchor[:, None], x])
    xb = np.hstack([x, np.ones((n, 1))]) if intercept else x
    w = np.zeros(xb.shape[1])
    reg = np.full(xb.shape[1], l2 * n)
    if intercept:
        reg[-1] = 0.0
    if anchor is not None:
        reg[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(xb @ w)))
        grad = xb.T @ (p - y) + reg * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    weights, bias = (w[:-1], w[-1]) if intercept else (w, 0.0)
    if anchor is not None:
        print(f"  anchor scale {weights[0]:.3f}")
        weights = weights[0] * anchor + weights[1:]
    return [{"w": [weights.tolist()], "b": [float(bias)], "activation": "linear"}]


def fit_mlp(x, y, hidden: int, l2: float, intercept: bool, seed: int, epochs: int = 3000):
    rng = np.random.default_rng(seed)
    n, d = x.shape
    w1 = rng.normal(0, 1 / math.sqrt(d), (hidden, d))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0, 1 / math.sqrt(hidden), (1, hidden))
    b2 = np.zeros(1)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    lr, beta1, beta2 = 0.01, 0.9, 0.999
    for t in range(1, epochs + 1):
        h = np.tanh(x @ w1.T + (b1 if intercept else 0))
        z = h @ w2.T + (b2 if intercept else 0)
        p = 1 / (1 + np.exp(-z[:, 0]))
        g = (p - y)[:, None] / n
        gw2 = g.T @ h + l2 * w2
        gb2 = g.sum(0) if intercept else np.zeros(1)
        gh = (g @ w2) * (1 - h * h)
        gw1 = gh.T @ x + l2 * w1
        gb1 = gh.sum(0) if intercept else np.zeros(hidden)
        for i, grad in enumerate((gw1, gb1, gw2, gb2)):
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad
            params[i] -= lr * (m[i] / (1 - beta1**t)) / (np.sqrt(v[i] / (1 - beta2**t)) + 1e-8)
    w1, b1, w2, b2 = params
    return [
        {"w": w1.tolist(), "b": b1.tolist(), "activation": "tanh"},
        {"w": w2.tolist(), "b": b2.tolist(), "activation": "linear"},
    ]


def _reproducible(argv: list[str]) -> list[str]:
    """The command's arguments less those that do not change the result (the data cache, workers, output)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=")[0]
        if name in ("--data", "--workers", "--out"):
            skip = "=" not in arg
            continue
        out.append(arg)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--option", action="append", default=[], help="game option key=value (repeatable)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agent", default="greedy", help="the self-play agent (default greedy: the evaluation in use)")
    ap.add_argument("--epsilon", type=float, default=0.05)
    ap.add_argument(
        "--self-play-model",
        action="store_true",
        help="self-play with the shipped model (default: with the hand-set weights, so the data does not depend on "
        "the file being replaced)",
    )
    ap.add_argument("--model", choices=("logistic", "mlp"), default="logistic")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument(
        "--anchor",
        action="store_true",
        help="fit the hand-set weights' scale, with departures from them penalised by --l2 (logistic only)",
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", help="where to write (default: the game's folder, evaluator.json / evaluator-4p.json)")
    ap.add_argument("--dry-run", action="store_true", help="fit and report, write nothing")
    ap.add_argument("--data", help="keep the self-play samples in this file and reuse them when it exists")
    args = ap.parse_args()
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    game = load_game(args.game, **options)
    module = _heuristic_module(args.game)
    symmetric = len(GAMES[args.game][0][game.num_players]) > 1
    if game.num_players == 4 and args.model != "logistic":
        ap.error("4 players need a linear model (a team's logit is its colour's less the other's)")
    began = time.time()
    cache = Path(args.data) if args.data else None
    if cache is not None and cache.exists():
        saved = json.loads(cache.read_text())
        if saved["settings"] != [
            args.game,
            options,
            args.agent,
            args.epsilon,
            args.games,
            args.seed,
            args.self_play_model,
        ]:
            ap.error(f"{cache} holds self-play data of other settings: {saved['settings']}")
        records, played = saved["records"], saved["seconds"]
    else:
        records = self_play(
            args.game, options, args.agent, args.epsilon, args.games, args.seed, args.workers, not args.self_play_model
        )
        played = time.time() - began
        if cache is not None:
            settings = [args.game, options, args.agent, args.epsilon, args.games, args.seed, args.self_play_model]
            cache.write_text(json.dumps({"settings": settings, "records": records, "seconds": played}))
    results = featurize(args.game, options, records, args.workers)
    test_games = {i for i in range(args.games) if i % 5 == 4}
    split = {"train": ([], [], []), "test": ([], [], [])}
    for i, (xs, ys, vs) in enumerate(results):
        part = split["test" if i in test_games else "train"]
        part[0].extend(xs)
        part[1].extend(ys)
        part[2].extend(vs)
    xtr, ytr, _ = (np.array(a, dtype=float) for a in split["train"])
    xte, yte, vte = (np.array(a, dtype=float) for a in split["test"])
    mean = np.zeros(xtr.shape[1]) if symmetric else xtr.mean(0)
    scale = np.sqrt(((xtr - mean) ** 2).mean(0))
    scale[scale < 1e-9] = 1.0
    ztr = (xtr - mean) / scale
    if args.model == "logistic":
        anchor = None
        if args.anchor:
            # The hand-set evaluation's weights, per standardised feature: its ranking of positions is kept.
            anchor = np.array([module.HAND_WEIGHTS.get(f, 0.0) for f in module.FEATURES]) * scale
        layers = fit_logistic(ztr, ytr, args.l2, intercept=not symmetric, anchor=anchor)
    else:
        layers = fit_mlp(ztr, ytr, args.hidden, args.l2, not symmetric, args.seed)
    data = {
        "format": FORMAT,
        "game": args.game,
        "options": options,
        "features": list(module.FEATURES),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "layers": layers,
    }
    model = LearnedModel(data)
    pte = np.array([1 / (1 + math.exp(-model.logit(list(x)))) for x in xte])
    ptr = np.array([1 / (1 + math.exp(-model.logit(list(x)))) for x in xtr])
    before = (vte + 1) / 2  # the hand-set evaluation, as a probability
    fit = {
        "train": {"positions": len(ytr), "log_loss": _log_loss(ptr, ytr), "accuracy": _accuracy(ptr, ytr)},
        "test": {"positions": len(yte), "log_loss": _log_loss(pte, yte), "accuracy": _accuracy(pte, yte)},
        "test_hand_set_evaluation": {"log_loss": _log_loss(before, yte), "accuracy": _accuracy(before, yte)},
        "test_base_rate": {"log_loss": _log_loss(np.full(len(yte), ytr.mean()), yte)},
    }
    data["training"] = {
        "command": "python scripts/train_evaluator.py " + " ".join(_reproducible(sys.argv[1:])),
        "agent": args.agent,
        "self_play_evaluation": "the shipped model" if args.self_play_model else "the hand-set weights",
        "epsilon": args.epsilon,
        "games": args.games,
        "seeds": [args.seed, args.seed + args.games - 1],
        "held_out": "every fifth match (index 4, 9, ...)",
        "model": args.model,
        "l2": args.l2,
        "anchor": "hand-set weights (HAND_WEIGHTS), scale fitted" if args.anchor else None,
        "self_play_seconds": round(played),
        "fit": fit,
    }
    print(json.dumps(data["training"], indent=1))
    weights = layers[0]["w"][0] if args.model == "logistic" else None
    if weights is not None:
        for name, w, s in zip(module.FEATURES, weights, scale, strict=True):
            print(f"  {name:>14}: {w:+.3f} per sd ({w / s:+.3f} per unit)")
    if args.dry_run:
        return 0
    if args.out:
        out = Path(args.out)
    else:
        name = "evaluator.json" if game.num_players == 2 else f"evaluator-{game.num_players}p.json"
        out = ROOT / "src" / "boardcade" / "games" / args.game / name
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
