"""`boardcade serve`: the web app for all games on http://127.0.0.1:8000 (the main program)."""

from __future__ import annotations

from pathlib import Path

import typer
from platformdirs import user_data_dir

from .app import app


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
    agent_budget: float = typer.Option(5.0, min=0.05, help="Seconds a computer seat may think per decision."),
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

    from ..server import create_app
    from ..server.storage import default_database_url

    url = database or default_database_url(Path(user_data_dir("boardcade")))
    web_app = create_app(url, agent_budget=agent_budget)
    shown = "127.0.0.1" if host == "0.0.0.0" else host
    typer.echo(f"boardcade is serving on http://{shown}:{port}/  (database: {url.split('@')[-1]})")
    typer.echo("Press Ctrl+C to stop; unfinished matches resume on the next start.")
    uvicorn.run(web_app, host=host, port=port, log_level="warning", ws_max_size=1 << 20)
