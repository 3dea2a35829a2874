"""Computer seats (SV-3): while a computer is to move in a match held here, one driver task asks the agent pool
(compute.py, worker processes) for its move and stores it like a person's, through the one commit path (commits.play:
check, commit, then tell), until a person is to move or the match ends. An answer that comes too late or is not legal
is replaced by a random legal move, logged, counted and announced (`agent_fallback`). If the database stops answering
the driver pauses; the sweep (sweep.py) sets it going again.
"""

from __future__ import annotations

import logging
import secrets

from .commits import Commits
from .compute import AgentPool
from .context import Context
from .errors import ClientError
from .live import LiveMatch

log = logging.getLogger("boardcade.server")


class Drivers:
    def __init__(self, ctx: Context, commits: Commits, agents: AgentPool):
        self.ctx = ctx
        self.commits = commits
        self.agents = agents
        self.fallbacks = 0  # computer moves that were not the agent's own (deadline missed)

    def schedule(self, match: LiveMatch) -> None:
        """Set a driver going if a computer is to move and none drives this match yet."""
        if match.driving or not match.has_agents or not match.seat_to_move_is_agent():
            return
        match.driving = True
        self.ctx.spawn(self._drive(match))

    async def _drive(self, match: LiveMatch) -> None:
        ctx = self.ctx
        try:
            while match.seat_to_move_is_agent() and ctx.live.get(match.id) is match:
                version = match.version
                seat = match.state.current_player()
                agent = match.agent_for(seat)
                if agent is None:
                    break
                answer = await self.agents.decide(
                    match.owner,
                    match.id,
                    match.game.name,
                    dict(match.game.options),
                    match.state.history(),
                    agent,
                    secrets.randbits(32),
                    ctx.settings.agent_budget,
                )
                async with match.lock:
                    if match.version != version or match.status != "active":
                        continue
                    legal = match.state.legal_actions()
                    fallback = answer is None or answer[0] not in legal
                    action = ctx.rng.choice(legal) if fallback else answer[0]
                    if not await self.commits.play(match, seat, action):
                        continue
                if fallback:
                    self.fallbacks += 1
                    why = "did not decide in time" if answer is None else f"chose an illegal action {answer[0]}"
                    text = (
                        f"The computer ({agent}) playing {match.game.player_name(seat)} {why} "
                        f"(limit {ctx.settings.agent_budget:g} s); a random legal move was played for it."
                    )
                    log.warning("match %s: %s", match.id, text)
                    match.send_all({"type": "notice", "match": match.id, "code": "agent_fallback", "message": text})
        except ClientError as e:  # the database is not answering: the sweeper will pick the match up again
            log.warning("computer seat in match %s paused: %s", match.id, e.message)
        except Exception:
            log.exception("computer seat failed in match %s", match.id)
        finally:
            match.driving = False
