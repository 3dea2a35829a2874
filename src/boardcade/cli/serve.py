"""`boardcade serve`: the web app for all games on http://127.0.0.1:8000 (the main program)."""

from __future__ import annotations

import fcntl
import os
from dataclasses import fields
from pathlib import Path
from typing import IO, TYPE_CHECKING

import typer
from platformdirs import user_data_dir

from .app import app

if TYPE_CHECKING:  # imported by the command itself (the server's packages are an extra)
    from ..server.settings import Settings


def _apply_sets(settings: Settings, pairs: list[str]) -> None:
    """--set name=value for any field of server.settings.Settings (lists: comma-separated)."""
    kinds = {f.name: f.type for f in fields(settings)}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in kinds or name == "database_url":
            valid = ", ".join(k for k in kinds if k != "database_url")
            raise typer.BadParameter(f"{pair!r}: use --set name=value with a name from: {valid}", param_hint="--set")
        current = getattr(settings, name)
        parsed: object
        try:
            if isinstance(current, list):
                parsed = [v.strip() for v in value.split(",") if v.strip()]
            elif isinstance(current, bool):
                parsed = value.lower() in ("1", "true", "yes", "on")
            else:
                parsed = type(current)(value)
        except ValueError:
            raise typer.BadParameter(
                f"{pair!r}: {name} must be a {type(current).__name__}", param_hint="--set"
            ) from None
        setattr(settings, name, parsed)


_LOCKS: list[IO[str]] = []  # kept open for the life of the process


def _lock_sqlite(url: str) -> None:
    """One `boardcade serve` per SQLite file: a second one would not hear of the first one's moves."""
    path = url.removeprefix("sqlite:///")
    if not url.startswith("sqlite:///") or not path or path == ":memory:":
        return
    lock = open(f"{path}.serve-lock", "w")  # held until the process ends
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise typer.BadParameter(
            f"another `boardcade serve` is already using {path}; several servers need PostgreSQL (docs/deploy.md)",
            param_hint="--database",
        ) from None
    _LOCKS.append(lock)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (use 0.0.0.0 to let other machines join)."),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    database: str = typer.Option(
        "",
        "--database",
        "--db",
        help="SQLAlchemy URL, e.g. sqlite:///matches.sqlite3 or postgresql://user@localhost/boardcade. "
        "Default: a SQLite file in your data directory.",
    ),
    workers: int = typer.Option(
        1, min=1, max=64, help="Server processes sharing the port. More than one needs PostgreSQL (docs/deploy.md)."
    ),
    agent_budget: float = typer.Option(5.0, min=0.05, help="Seconds a computer seat may take per decision."),
    agent_workers: int = typer.Option(
        0, min=0, help="Worker processes for computer seats per server (0: one per core)."
    ),
    allowed_host: list[str] = typer.Option(
        [],
        help="Host name the server answers to (repeatable; '*' for any). Default: loopback names when "
        "listening on loopback, else any.",
    ),
    allowed_origin: list[str] = typer.Option([], help="Another web origin allowed to use the API (repeatable)."),
    trusted_proxy: list[str] = typer.Option(
        [], help="Address of a reverse proxy whose X-Forwarded-For is believed (repeatable). Default: 127.0.0.1, ::1."
    ),
    expire_days: float = typer.Option(
        7.0, min=0, help="Unfinished matches untouched this many days expire (0: never)."
    ),
    smtp_host: str = typer.Option(
        "", envvar="BOARDCADE_SMTP_HOST", help="SMTP relay for e-mail (your-turn mails, address checks). None: no mail."
    ),
    smtp_port: int = typer.Option(587, min=1, max=65535, envvar="BOARDCADE_SMTP_PORT", help="SMTP relay's port."),
    smtp_from: str = typer.Option(
        "", envvar="BOARDCADE_SMTP_FROM", help="From address of the mails, e.g. 'boardcade <games@example.org>'."
    ),
    smtp_starttls: bool = typer.Option(
        True,
        envvar="BOARDCADE_SMTP_STARTTLS",
        help="STARTTLS to the relay. Its user and password, if any: environment BOARDCADE_SMTP_USER and "
        "BOARDCADE_SMTP_PASSWORD only.",
    ),
    public_url: str = typer.Option(
        "",
        envvar="BOARDCADE_PUBLIC_URL",
        help="The site's address for links in mails, e.g. https://games.example.org. Default on loopback: "
        "http://127.0.0.1:PORT; elsewhere none, and e-mail stays off.",
    ),
    set_: list[str] = typer.Option(
        [], "--set", help="Any other server setting, as name=value (see docs/server.md), e.g. --set send_queue=512."
    ),
) -> None:
    """Play in the browser: start the web server (matches are kept in a database and resume after a restart)."""
    from importlib.util import find_spec

    missing = [name for name in ("fastapi", "sqlalchemy", "uvicorn") if find_spec(name) is None]
    if missing:
        typer.echo(
            f"boardcade serve needs the web extra ({', '.join(missing)} not installed): pip install 'boardcade[web]'",
            err=True,
        )
        raise typer.Exit(2)
    import uvicorn

    from ..server.protocols import raise_open_file_limit, uvicorn_options
    from ..server.settings import ENV, Settings
    from ..server.storage import default_database_url

    url = database or default_database_url(Path(user_data_dir("boardcade")))
    if workers > 1 and not url.startswith("postgresql"):
        raise typer.BadParameter(
            "more than one server process needs PostgreSQL: they tell each other about moves with "
            "LISTEN/NOTIFY; on SQLite run one process (docs/deploy.md)",
            param_hint="--workers",
        )
    _lock_sqlite(url)
    settings = Settings(database_url=url, agent_budget=agent_budget, agent_workers=agent_workers, bind_host=host)
    settings.expire_days = expire_days
    if allowed_host:
        settings.allowed_hosts = allowed_host
    if allowed_origin:
        settings.allowed_origins = allowed_origin
    if trusted_proxy:
        settings.trusted_proxies = trusted_proxy
    settings.smtp_host, settings.smtp_port, settings.smtp_from = smtp_host, smtp_port, smtp_from
    settings.smtp_starttls = smtp_starttls
    settings.public_url = public_url.rstrip("/")
    _apply_sets(settings, set_)
    if settings.smtp_host and not settings.public_url:
        if host in ("127.0.0.1", "localhost", "::1"):
            settings.public_url = f"http://{'[::1]' if host == '::1' else host}:{port}"
        else:
            typer.echo(
                "e-mail stays off: set --public-url to the site's address (links in mails cannot be built from "
                "a request's Host header, which anyone can forge)",
                err=True,
            )
    os.environ[ENV] = settings.to_env()
    raise_open_file_limit()
    shown = "127.0.0.1" if host == "0.0.0.0" else host
    procs = f", {workers} processes" if workers > 1 else ""
    typer.echo(f"boardcade is serving on http://{shown}:{port}/  (database: {url.split('@')[-1]}{procs})")
    typer.echo("Press Ctrl+C to stop; unfinished matches resume on the next start.")
    uvicorn.run(
        "boardcade.server.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        **uvicorn_options(settings),
    )
