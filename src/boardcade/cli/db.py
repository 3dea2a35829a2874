"""`boardcade db upgrade` and `boardcade db current`: the server database's schema, for operators."""

from __future__ import annotations

from pathlib import Path

import typer
from platformdirs import user_data_dir

from .app import app

db = typer.Typer(help="The web server's database: its schema revision, and upgrading it (docs/server.md).")
app.add_typer(db, name="db")

DATABASE_HELP = "SQLAlchemy URL, as for `boardcade serve --database`. Default: the SQLite file serve uses."


def _engine(database: str):  # type: ignore[no-untyped-def]
    from importlib.util import find_spec

    missing = [name for name in ("sqlalchemy", "alembic") if find_spec(name) is None]
    if missing:
        typer.echo(
            f"boardcade db needs the web extra ({', '.join(missing)} not installed): pip install 'boardcade[web]'",
            err=True,
        )
        raise typer.Exit(2)
    from sqlalchemy import create_engine

    from ..server.storage import default_database_url

    url = database or default_database_url(Path(user_data_dir("boardcade")))
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url, create_engine(url)


@db.command()
def upgrade(database: str = typer.Option("", "--database", "--db", help=DATABASE_HELP)) -> None:
    """Bring the database to the newest schema (serve does this on start too); safe to run while servers run."""
    from ..server.migrations import current, head
    from ..server.migrations import upgrade as run_upgrade

    url, engine = _engine(database)
    try:
        before = current(engine)
        applied = run_upgrade(engine)
        shown = url.split("@")[-1]
        if applied:
            typer.echo(f"{shown}: upgraded from {before or 'no revision'} to {head()} (applied {', '.join(applied)})")
        else:
            typer.echo(f"{shown}: already at the newest revision, {head()}")
    finally:
        engine.dispose()


@db.command("current")
def current_command(database: str = typer.Option("", "--database", "--db", help=DATABASE_HELP)) -> None:
    """Print the database's schema revision and the newest one this version of boardcade knows."""
    from ..server.migrations import current, head

    url, engine = _engine(database)
    try:
        typer.echo(f"{url.split('@')[-1]}: at {current(engine) or 'no revision'}; newest {head()}")
    finally:
        engine.dispose()
