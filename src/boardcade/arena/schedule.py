"""Who plays whom: sides (teams) of a game and the round-robin schedule over them."""

from __future__ import annotations

import itertools
from typing import Any

from ..core.game import Game
from ..core.registry import load_game
from .deals import DEALS, deal_seed
from .match import MatchSpec
from .seeds import derive_seed


def sides(game: Game) -> list[list[int]]:
    """Players grouped into sides (team mates share returns), as the game declares them (GameType.teams)."""
    return [list(side) for side in game.game_type.teams]


def seatings(num_players: int, side_list: list[list[int]], agents: list[str]) -> list[tuple[str, ...]]:
    """Every assignment of distinct agents to sides (all seat orders); one agent alone plays every seat."""
    if not agents:
        raise ValueError("give at least one agent")
    if len(set(agents)) != len(agents):
        raise ValueError(f"each agent may be named once, got {agents}")
    if len(agents) == 1:
        return [tuple(agents * num_players)]
    k = len(side_list)
    if len(agents) < k:
        raise ValueError(f"this game has {k} sides; name at least {k} agents (or one, for self-play)")
    out = []
    for combo in itertools.combinations(agents, k):
        for order in itertools.permutations(combo):
            seats = [""] * num_players
            for side, agent in zip(side_list, order, strict=True):
                for p in side:
                    seats[p] = agent
            out.append(tuple(seats))
    return out


def round_robin(
    game_name: str, options: dict[str, Any], agents: list[str], games: int, seed: int = 0, deals: str = "independent"
) -> list[MatchSpec]:
    """`games` matches for every pairing of agents in every seat order (side assignment). deals="duplicate": the
    seat orders of the same agents in the same round share one deal (arena/deals.py); "independent": every match
    draws its own chance from its seed."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if deals not in DEALS:
        raise ValueError(f"unknown deals {deals!r}; deals: {', '.join(DEALS)}")
    game = load_game(game_name, **options)
    specs = []
    all_seatings = seatings(game.num_players, sides(game), agents)
    for i in range(games):  # round by round, so an interrupted run has played every pairing about equally
        for seats in all_seatings:
            key = f"{'|'.join(seats)}#{i}"
            deal = deal_seed(seed, game_name, set(seats), i) if deals == "duplicate" else None
            specs.append(MatchSpec(key, game_name, dict(game.options), seats, derive_seed(seed, game_name, key), deal))
    return specs
