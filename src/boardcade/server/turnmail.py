"""The "your turn" mail of a correspondence match (SV-EM5..SV-EM8, docs/server.md "E-mail").

commits.py tells `ctx.listeners.turn_started`, heard by `TurnMails.turn_started` (wired in manager.py), after a
commit it made is stored and told, with the seat that was to move before it. A mail goes when the turn passed to
another seat, the match has a time per turn (`turn_limit`; a chess clock is live play, never mailed), that seat's
person is not connected to the match, and the seat is linked to an account with a verified address and your-turn
mails on. At most one mail a turn: the seat's row in `turn_mails` is claimed first (emails.claim_turn), whichever
server commits. The reads and the sending run
in the background (ctx.spawn, then the Mailer's thread); a failure is logged once and never touches the move.
"""

from __future__ import annotations

from ..core import game_spec
from . import mail
from .context import Context
from .emails import EmailStore
from .live import LiveMatch


def match_link(public_url: str, match_id: str) -> str:
    return f"{public_url}/#/play/{match_id}"


class TurnMails:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.settings = ctx.settings
        self.store = EmailStore(ctx.storage.engine)
        self.mailer = mail.Mailer(ctx.settings) if ctx.settings.email_off() is None else None

    def close(self) -> None:
        if self.mailer is not None:
            self.mailer.close()

    def turn_started(self, match: LiveMatch, before: int | None) -> None:
        if self.mailer is None or not match.turn_limit or match.clock_spec or match.status != "active":
            return
        seat, kind = match.turn()
        if seat is None or seat < 0 or kind != "human" or seat == before:
            return
        if seat in match.connected():  # SV-EM6: looking at it already
            return
        others = [(match.seat_rows.get(i).name if match.seat_rows.get(i) else None) or match.game.player_name(i)
                  for i in range(len(match.seats)) if i != seat]  # fmt: skip
        what = f"{game_spec(match.game.name).title} against {', '.join(others)}"
        self.ctx.spawn(self._mail(match.id, seat, match.version, what, match.game.player_name(seat)))

    async def _mail(self, match_id: str, seat: int, version: int, what: str, role: str) -> None:
        assert self.mailer is not None
        people = await self.ctx.read(self.store.recipients, match_id, seat)
        if not people or not await self.ctx.read(self.store.claim_turn, match_id, seat, version):
            return
        link = match_link(self.settings.public_url, match_id)
        for account_id, address in people:
            token = await self.ctx.read(self.store.unsubscribe_token, account_id)
            unsubscribe = f"{self.settings.public_url}/email/unsubscribe?token={token}"
            text = (
                f"It is your turn ({role}) in {what}.\n\nPlay it here: {link}\n\n"
                f"You get this mail because your turn came in a match with a time per turn and you were not "
                f"looking at it. One mail a turn at most.\nNo more of these mails: {unsubscribe}\n"
            )
            self.mailer.send(mail.message(self.settings, address, f"Your turn: {what}", text, unsubscribe))
