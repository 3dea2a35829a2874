"""One match held in memory by the server: its state, seats, connected clients and agents."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import secrets
from typing import Any, Protocol

from ..agents import make_agent
from ..agents.base import Agent
from ..core import State, load_game

TOKEN_BYTES = 24  # 192 random bits per seat token


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def resolve_chance(state: State, rng: random.Random, limit: int) -> list[int]:
    """Sample chance outcomes until a player must move (or the match ends). Returns the outcomes applied."""
    applied: list[int] = []
    while state.is_chance_node():
        if len(applied) >= limit:
            raise RuntimeError("too many chance outcomes in a row; the game looks stuck")
        outcomes = state.chance_outcomes()
        r = rng.random() * sum(p for _, p in outcomes)
        pick = outcomes[-1][0]
        for outcome, p in outcomes:
            r -= p
            if r < 0:
                pick = outcome
                break
        state.apply_action(pick)
        applied.append(pick)
    return applied


class Client(Protocol):
    """A connected browser (or test): the seats it holds (empty = spectator) and how to reach it."""

    seats: tuple[int, ...]

    async def send_text(self, text: str) -> None: ...


class LiveMatch:
    def __init__(
        self,
        match_id: str,
        game_name: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        token_hashes: dict[int, str],
        created_at: str,
        actions: list[int],
    ):
        self.id = match_id
        self.game = load_game(game_name, **options)
        self.seats = seats
        self.token_hashes = token_hashes
        self.created_at = created_at
        self.state = self.game.new_initial_state()
        for a in actions:
            self.state.apply_action(a)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.agents: dict[int, Agent] = {}
        self.driving = False
        self.recent: dict[int, tuple[int, int]] = {}  # version -> (seat, action) of recent human actions

    def remember(self, version: int, seat: int, action: int) -> None:
        """Keep the last few accepted human actions so a resent one is reported as a duplicate."""
        self.recent[version] = (seat, action)
        if len(self.recent) > 16:
            del self.recent[min(self.recent)]

    @property
    def version(self) -> int:
        return self.state.move_number()

    def check_token(self, seat: int, token: Any) -> bool:
        """Constant-time comparison of the digest of `token` with the stored digest for `seat`."""
        expected = self.token_hashes.get(seat)
        if not isinstance(token, str) or len(token) > 256:
            token = ""
        given = token_hash(token)
        return hmac.compare_digest(given, expected if expected is not None else "0" * 64)

    def agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            self.agents[seat] = make_agent(self.seats[seat]["agent"], secrets.randbits(32))
        return self.agents[seat]

    def seat_to_move_is_agent(self) -> bool:
        cur = self.state.current_player()
        return cur >= 0 and self.seats[cur]["kind"] == "agent"

    def meta(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.game.options,
            "seats": [{**s, "player": i, "name": self.game.player_name(i)} for i, s in enumerate(self.seats)],
            "created_at": self.created_at,
        }

    def state_message(self, seat: int | None) -> str:
        obs = self.state.observation(seat)
        return json.dumps(
            {"type": "state", "match": self.id, "seat": seat, "version": self.version, "observation": obs},
            separators=(",", ":"),
        )

    async def broadcast(self) -> None:
        """Send every client the view of each seat it holds (spectators get the public view)."""
        cache: dict[int | None, str] = {}
        sends = []
        for client in list(self.clients):
            for seat in client.seats or (None,):
                if seat not in cache:
                    cache[seat] = self.state_message(seat)
                sends.append(client.send_text(cache[seat]))
        if sends:
            await asyncio.gather(*sends, return_exceptions=True)
