"""One arena match: which agents sit where, with which seed, and what happened.

Everything random in a match comes from its seeds: every agent's own generator from the match seed, chance
from the deal (a generator per kind of chance, shared by the matches of a duplicate deal: arena/deals.py) or,
without one, from the match seed. So a `MatchSpec` replays to the same result in any process, on any machine, on
either backend (as long as no agent has a wall-time budget that binds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..agents import make_agent
from ..core.domain import ActionId, Seat
from ..core.game import State
from ..core.loop import play
from ..core.registry import load_game
from .deals import ChanceStreams
from .seeds import derive_seed


@dataclass(frozen=True)
class MatchSpec:
    key: str  # unique within a run; names the game in results and when resuming
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ()  # agent name per player
    seed: int = 0
    deal: int | None = None  # duplicate deals: chance drawn per kind from this seed (None: from `seed`)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["seats"] = list(self.seats)
        return d


def end_reason(state: State) -> tuple[str, str, str]:
    """(rule, text, detail) of what ended the match. A game may say so with `end_reason() -> (rule, text)`;
    otherwise the rule and text are those of the last public event (the rule that decided the result) and the
    detail lists the rules of every public event of the final step (cause and result), joined by "+"."""
    events = state.events(None)
    last = [e for e in events if e.step == events[-1].step] if events else []
    detail = "+".join(dict.fromkeys(e.rule for e in last))
    own = getattr(state, "end_reason", None)
    if callable(own):
        rule, text = own()
        return str(rule), str(text), detail
    if not last:
        return "", "", ""
    return last[-1].rule, last[-1].text, detail


def game_stats(state: State) -> dict[str, float]:
    """Numbers a game reports about a finished match through an optional `stats()` method."""
    own = getattr(state, "stats", None)
    if not callable(own):
        return {}
    return {str(k): float(v) for k, v in own().items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def play_match(spec: MatchSpec) -> dict[str, Any]:
    """Play one match to the end and return its result record (JSON-serialisable)."""
    game = load_game(spec.game, **spec.options)
    if len(spec.seats) != game.num_players:
        raise ValueError(f"{spec.game} needs {game.num_players} seats, got {len(spec.seats)}: {list(spec.seats)}")
    agents = [make_agent(name, derive_seed(spec.seed, "seat", p)) for p, name in enumerate(spec.seats)]
    for agent in agents:
        agent.reset()
    chance_rng = random.Random(derive_seed(spec.seed, "chance"))
    chance = None
    if spec.deal is not None:
        chance = ChanceStreams(game, spec.deal).draw
    state = game.new_initial_state()
    think = [0.0] * game.num_players
    cpu = [0.0] * game.num_players  # CPU time of this process: what a decision costs, whatever the machine's load
    slowest = [0.0] * game.num_players
    decisions = [0] * game.num_players

    def timed(player: Seat) -> Callable[[State], ActionId]:
        def decide(s: State) -> ActionId:
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[player].step(s)
            dt = time.perf_counter() - t0
            cpu[player] += time.process_time() - c0
            think[player] += dt
            slowest[player] = max(slowest[player], dt)
            decisions[player] += 1
            return action

        return decide

    started = time.perf_counter()
    play(state, [timed(p) for p in range(game.num_players)], chance_rng, chance=chance)
    rule, text, detail = end_reason(state)
    return {
        "key": spec.key,
        "game": spec.game,
        "options": dict(game.options),
        "seats": list(spec.seats),
        "seed": spec.seed,
        "deal": spec.deal,
        "roles": list(state.roles()),
        "returns": [float(x) for x in state.returns()],
        "length": state.move_number(),
        "decisions": decisions,
        "think_seconds": [round(x, 4) for x in think],
        "cpu_seconds": [round(x, 4) for x in cpu],
        "max_move_seconds": [round(x, 4) for x in slowest],
        "end_rule": rule,
        "end_text": text,
        "end_events": detail,
        "safety_cap": bool(state.safety_cap_hit()),
        "stats": game_stats(state),
        "seconds": round(time.perf_counter() - started, 3),
        "actions": state.history(),
    }
