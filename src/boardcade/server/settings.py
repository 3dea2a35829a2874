"""Every limit, cap and timing of `boardcade serve` in one place, with its default.

`boardcade serve` fills a `Settings` from its flags and hands it to each server process through the
environment variable BOARDCADE_SERVE_SETTINGS (JSON), which is how `--workers N` reaches every worker.
docs/server.md lists the settings; docs/deploy.md says which to change behind a reverse proxy.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from typing import Any

ENV = "BOARDCADE_SERVE_SETTINGS"


@dataclass
class Settings:
    database_url: str = ""
    # computer seats
    agent_budget: float = 5.0  # seconds per decision, from the moment it is asked for (queueing included)
    agent_workers: int = 0  # worker processes for computer seats; 0 = one per CPU core, at least 1
    # abuse limits (0 = no limit)
    max_connections_per_ip: int = 64  # open WebSockets per client address
    max_tcp_connections_per_ip: int = 256  # open TCP connections per peer address (trusted proxies exempt)
    max_connections: int = 0  # open TCP connections in all, per process; 0 = the open-file limit less a tenth
    messages_per_second: float = 20.0  # sustained WebSocket messages per connection
    message_burst: int = 60  # messages a connection may send at once before it is slowed down
    creates_per_minute: float = 20.0  # new matches (and rematches) per client address
    create_burst: int = 20
    requests_per_second: float = 100.0  # HTTP API requests per client address
    request_burst: int = 200
    # accounts (server/accounts.py; per server process, like the limits above)
    signins_per_minute: float = 5.0  # password checks (sign-in, change, delete) per client address
    signin_burst: int = 10
    account_signins_per_minute: float = 2.0  # ... and per user name, whether or not it is an account
    account_signin_burst: int = 10
    signups_per_hour: float = 5.0  # new accounts per client address
    signup_burst: int = 5
    password_workers: int = 2  # threads hashing passwords (argon2id: about 64 MiB and tens of ms each)
    password_queue: int = 32  # password checks waiting at most; more are refused (unavailable) until it shortens
    session_days: float = 30.0  # a sign-in lasts this long
    session_cookie_secure: bool = True  # Secure cookie; false only for a server reached over plain HTTP, not loopback
    # WebSocket output
    send_queue: int = 256  # messages waiting for one connection; a client that falls further behind is dropped
    send_queue_bytes: int = 1 << 20  # bytes waiting for one connection; a client further behind is dropped
    sync_bytes_per_second: float = 65536.0  # whole views (`sync`) a connection may ask for, in bytes a second
    sync_burst_bytes: int = 1 << 19  # ... and at once
    send_timeout: float = 15.0  # seconds one send may take before the client is dropped as a slow reader
    # HTTP and WebSocket transport (uvicorn)
    header_timeout: float = 10.0  # seconds to receive a request's line and headers
    keep_alive_timeout: int = 5  # seconds an idle keep-alive connection stays open
    max_header_bytes: int = 16384  # request line + headers
    max_ws_frame: int = 8192  # bytes; larger frames are refused from their header, before being read
    ws_ping_interval: float = 20.0
    ws_ping_timeout: float = 20.0
    graceful_shutdown: int = 5  # seconds open connections get on SIGTERM
    # records and replays
    max_record_bytes: int = 1 << 20
    max_replay_steps: int = 20000
    replay_timeout: float = 60.0  # seconds of worker time for one replay; the worker is restarted after
    replay_steps_per_minute: float = 60000.0  # replay steps per client address (a record costs its steps)
    replay_workers: int = 2  # worker processes for replays (and records checked for analysis); one job per address
    # post-game analysis (server/analysis.py)
    analysis_agent: str = ""  # the computer player that analyses; "" = the strongest level of the agent registry
    analysis_workers: int = 0  # worker processes for one analysis; 0 = one per CPU core
    max_analysis_steps: int = 10000  # longer records are not analysed
    max_upload_analysis_steps: int = 3000  # ... and longer uploaded records (not a match of this server)
    analyses_per_address: int = 2  # analyses one client address (or signed-in account) may have open
    # matches
    expire_days: float = 7.0  # an unfinished match untouched this long expires (0 = never)
    seat_abandoned_after: float = 300.0  # seconds away before the host may hand a claimed seat to someone else
    live_idle_seconds: float = 120.0  # a match nobody watches leaves memory after this long
    sweep_interval: float = 30.0  # seconds between sweeps (expiry, stalled computer seats, idle matches)
    name_max_length: int = 24
    # chat in a match (server/chat.py; the per-address limit is per server process, like the others)
    chat_max_chars: int = 300  # characters in one chat line
    chat_per_minute: float = 12.0  # chat lines per connection (a hot-seat browser is one connection)
    chat_burst: int = 6  # ... and at once
    chat_address_per_minute: float = 30.0  # chat lines per client address, all its connections together
    chat_address_burst: int = 12
    chat_history: int = 50  # lines of each channel a joining client is sent in its welcome
    # the lobby (server/lobby.py)
    seeks_per_minute: float = 10.0  # seeks posted (quick pairing included) per client address
    seek_burst: int = 10
    max_seeks_per_owner: int = 3  # open seeks one browser (or one account) may have at once
    seek_ttl: float = 8.0  # seconds an open seek lives without its owner's lobby socket (or a `wait`)
    seek_heartbeat: float = 2.0  # seconds between keep-alives, expiries and (several processes) rereads
    quick_rating_window: int = 200  # quick pairing: a rated person meets posters within this many points
    # e-mail (server/mail.py, server/emails.py): off while smtp_host is ""; the SMTP user and password, if the
    # relay needs them, come only from the environment (BOARDCADE_SMTP_USER, BOARDCADE_SMTP_PASSWORD), never here
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_starttls: bool = True  # STARTTLS before sending (off only for a relay on loopback or a trusted network)
    smtp_from: str = ""  # the From address of every mail, e.g. "boardcade <games@example.org>"
    smtp_timeout: float = 20.0  # seconds one SMTP conversation may take
    public_url: str = ""  # the site's address in links (https://games.example.org); "" = none: no links sent
    verify_hours: float = 24.0  # a verification link works this long, once
    verify_mails_per_day: float = 5.0  # verification mails per account, and per address
    verify_mail_burst: int = 3
    # who may talk to the server
    allowed_hosts: list[str] = field(default_factory=list)  # [] = loopback names when bound to loopback, else any
    allowed_origins: list[str] = field(default_factory=list)  # extra browser origins besides the server's own
    trusted_proxies: list[str] = field(default_factory=lambda: ["127.0.0.1", "::1"])
    bind_host: str = "127.0.0.1"

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data: dict[str, Any] = json.loads(text)
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown server settings: {', '.join(sorted(unknown))}")
        return cls(**data)

    @classmethod
    def from_env(cls) -> Settings:
        text = os.environ.get(ENV)
        if not text:
            raise RuntimeError(f"{ENV} is not set; start the server with `boardcade serve`")
        return cls.from_json(text)

    def agent_worker_count(self) -> int:
        return self.agent_workers if self.agent_workers > 0 else max(1, os.cpu_count() or 1)

    def analysis_worker_count(self) -> int:
        return self.analysis_workers if self.analysis_workers > 0 else max(1, os.cpu_count() or 1)

    def email_off(self) -> str | None:
        """Why e-mail is off ("" never: None when on). Links in mails need `public_url` (a Host header sent by a
        browser cannot be trusted to name the site: a forged one would send a token to someone else's site)."""
        if not self.smtp_host:
            return "this server does not send e-mail (its operator has not configured SMTP)"
        if not self.smtp_from:
            return "this server's e-mail is not set up (no From address: smtp_from)"
        if not self.public_url:
            return "this server's e-mail is not set up (no public_url for the links in mails)"
        return None

    def host_names(self) -> list[str] | None:
        """Host header values accepted, or None for any."""
        if self.allowed_hosts:
            return None if "*" in self.allowed_hosts else [h.lower() for h in self.allowed_hosts]
        if self.bind_host in ("127.0.0.1", "localhost", "::1"):
            return ["127.0.0.1", "localhost", "[::1]", "::1"]
        return None
