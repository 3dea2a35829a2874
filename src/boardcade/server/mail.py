"""Sending e-mail through the operator's SMTP relay (settings smtp_*), one mail at a time on its own thread.

Nothing here runs on the event loop: `Mailer.send` hands the mail to a one-thread pool and returns at once, so a
relay that is slow or down never delays a move. A failure is logged once (a warning naming the relay's error, never
the address), and not again until a mail gets through (then one line says so). The relay's user name and password,
when it needs them, come from the environment (BOARDCADE_SMTP_USER, BOARDCADE_SMTP_PASSWORD), never the settings.
"""

from __future__ import annotations

import logging
import os
import smtplib
import ssl
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from email.message import EmailMessage

from .settings import Settings

log = logging.getLogger("boardcade.server")
USER_ENV, PASSWORD_ENV = "BOARDCADE_SMTP_USER", "BOARDCADE_SMTP_PASSWORD"


class Mailer:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="boardcade-mail")
        self.failing = False
        self.lock = threading.Lock()

    def send(self, message: EmailMessage) -> Future[bool]:
        """Send in the background; the future's result is True if the relay took it."""
        return self.pool.submit(self._send, message)

    def _send(self, message: EmailMessage) -> bool:
        s = self.settings
        try:
            with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout) as smtp:
                if s.smtp_starttls:
                    smtp.starttls(context=ssl.create_default_context())
                user = os.environ.get(USER_ENV)
                if user:
                    smtp.login(user, os.environ.get(PASSWORD_ENV, ""))
                smtp.send_message(message)
        except (OSError, smtplib.SMTPException) as e:
            with self.lock:
                first, self.failing = not self.failing, True
            if first:
                why = (str(e).splitlines() or [""])[0][:200]
                log.warning(
                    "e-mail: the SMTP relay %s:%d did not take a mail (%s: %s); mails are dropped until it does "
                    "(logged once)", s.smtp_host, s.smtp_port, type(e).__name__, why,
                )  # fmt: skip
            return False
        with self.lock:
            recovered, self.failing = self.failing, False
        if recovered:
            log.info("e-mail: the SMTP relay %s:%d takes mails again", s.smtp_host, s.smtp_port)
        return True

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def message(settings: Settings, to: str, subject: str, text: str, unsubscribe: str | None = None) -> EmailMessage:
    """A plain-text mail; with `unsubscribe` (its one-click link) the List-Unsubscribe headers of RFC 8058."""
    msg = EmailMessage()
    msg["From"] = settings.smtp_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Auto-Submitted"] = "auto-generated"
    if unsubscribe:
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(text)
    return msg
