"""The database schema, as Alembic revisions (versions/): each change to a table is a new revision file there.

`upgrade(engine)` brings any database up to the newest revision: one written by a release before migrations
(no `alembic_version` table: the base revision, 0001, is idempotent and turns any earlier schema into the one
release d42cc9d wrote), or an empty one. It runs in one transaction holding a lock (PostgreSQL: an advisory
lock; SQLite: BEGIN IMMEDIATE), so of several servers starting at once exactly one migrates and the others
then find the database up to date. `boardcade serve` calls it on start; operators may run
`boardcade db upgrade` first. How to add a revision: docs/server.md, "Schema migrations".
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).resolve().parent
LOCK_ID = 4242001  # the PostgreSQL advisory lock taken while migrating (the same number the pre-Alembic code used)


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    return cfg


@lru_cache(maxsize=1)
def script() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    rev = script().get_current_head()
    assert rev is not None
    return rev


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: no revision recorded: empty, or written before migrations)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _lock(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_ID})")
    elif conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")  # waits (busy_timeout) while another process migrates


def upgrade(engine: Engine, revision: str = "head") -> list[str]:
    """Bring the database up to `revision` in one locked transaction; returns the revisions applied."""
    if revision == "head" and current(engine) == head():
        return []  # the common start: nothing to do, no lock taken
    applied: list[str] = []
    scripts = script()

    def upgrade_steps(rev, context):  # type: ignore[no-untyped-def]
        steps = scripts._upgrade_revs(revision, rev)
        applied.extend(step.revision.revision for step in steps)
        return steps

    with engine.begin() as conn:
        _lock(conn)
        with EnvironmentContext(config(), scripts, fn=upgrade_steps, destination_rev=revision) as env:
            env.configure(connection=conn, target_metadata=None, transactional_ddl=True)
            with env.begin_transaction():
                env.run_migrations()
    return applied
