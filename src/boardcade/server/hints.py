"""Hints: the `medium` agent's suggested move for a person whose turn it is, worked out in a worker process
(compute.py) from the seat's information only. Nothing is stored and the match is unchanged; the answer is
remembered per (match, seat, version), so asking again costs no search.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from typing import Any

from .commits import Commits
from .compute import AgentPool
from .context import Context
from .errors import ClientError
from .live import LiveMatch
from .seating import Seating

log = logging.getLogger("boardcade.server")
HINT_AGENT = "medium"  # the agent whose suggestion a human player gets on request
HINTS_KEPT = 512  # hints remembered per server (match, seat, version): asking again costs no search


class Hints:
    def __init__(self, ctx: Context, commits: Commits, seating: Seating, agents: AgentPool):
        self.ctx = ctx
        self.commits = commits
        self.seating = seating
        self.agents = agents
        self._hints: OrderedDict[tuple[str, int, int, int], asyncio.Future[tuple[int, float, float] | None]] = (
            OrderedDict()
        )

    async def hint(self, match: LiveMatch, seat: Any, token: Any, asker: str) -> dict[str, Any]:
        """The `medium` agent's suggested move for the human `seat` to move, with its visit share.

        Worked out in a worker process from a state drawn from the seat's information state (compute._hint),
        seeded by the match id, seat and version only, so the same position always gets the same hint and the
        hint cannot depend on anything the seat does not know. Nothing is stored: the match is unchanged."""
        n = match.game.num_players
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
            if match.seats[seat]["kind"] == "agent":
                raise ClientError(
                    "bad_message",
                    f"seat {seat} is a computer seat ({match.seats[seat]['agent']}); hints are for people",
                )
        seat = await self.seating.authenticate_fresh(match, seat, token)
        if match.needs_sync:
            await self.commits.sync(match)
        if match.status == "expired":
            raise ClientError("expired", "this match expired after a long time without moves")
        state = match.state
        if state.is_terminal():
            raise ClientError("match_over", "the match is over; there is no move to hint")
        cur = state.current_player()
        if cur != seat:
            who = "chance" if cur < 0 else match.game.player_name(cur)
            raise ClientError(
                "not_your_turn",
                f"it is {who}'s turn, not {match.game.player_name(seat)}'s; ask for a hint on your turn",
            )
        version = match.version
        key = (match.id, seat, version, match.undos)  # after an undo a version may hold another position
        future = self._hints.get(key)
        if future is None or (future.done() and (future.cancelled() or future.exception() or future.result() is None)):
            future = asyncio.get_running_loop().create_future()
            self._hints[key] = future
            while len(self._hints) > HINTS_KEPT:
                self._hints.popitem(last=False)
            seed = int.from_bytes(hashlib.sha256(f"hint:{match.id}:{seat}:{version}".encode()).digest()[:4], "big")
            self.ctx.spawn(self._work_out(future, match, match.state.history(), seat, asker, seed))
        else:
            self._hints.move_to_end(key)
        answer = await asyncio.shield(future)
        if answer is None:
            raise ClientError(
                "unavailable", "the server is too busy to work out a hint right now; try again in a moment"
            )
        action, share, seconds = answer
        labels = (
            {info["action"]: info["label"] for info in match.view(seat)["legal_actions"]}
            if match.version == version
            else {}
        )
        label = labels.get(action) or state.action_to_string(action)
        return {
            "action": action,
            "label": label,
            "visit_share": round(share, 4),
            "agent": HINT_AGENT,
            "seconds": round(seconds, 3),
            "version": version,
        }

    async def _work_out(
        self,
        future: asyncio.Future[tuple[int, float, float] | None],
        match: LiveMatch,
        history: list[int],
        seat: int,
        asker: str,
        seed: int,
    ) -> None:
        try:
            answer = await self.agents.hint(
                f"hint:{asker}",
                match.id,
                match.game.name,
                dict(match.game.options),
                history,
                seat,
                HINT_AGENT,
                seed,
                self.ctx.settings.agent_budget,
            )
        except Exception:
            log.exception("a hint failed in match %s", match.id)
            answer = None
        if not future.done():
            future.set_result(answer)
