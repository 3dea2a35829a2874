"""Schema migrations (issue 36 item 4): a database written by release d42cc9d, the last before Alembic, with
real matches in it (fixtures/release_d42cc9d.json, made by running that release: see make_release_d42cc9d.py),
upgraded on SQLite and on PostgreSQL loses nothing; the revisions build exactly the tables the code defines;
servers starting at once migrate once; `boardcade db upgrade` and `boardcade db current` for operators."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, text
from typer.testing import CliRunner

from boardcade.cli.main import app as cli
from boardcade.server import (
    create_app,
    emails,  # noqa: F401  (its tables, revision 0009, join the accounts metadata)
    migrations,
)
from boardcade.server.account_tables import metadata as accounts_metadata
from boardcade.server.analysis import AnalysisStore
from boardcade.server.analysis import metadata as analysis_metadata
from boardcade.server.chat import metadata as chat_metadata
from boardcade.server.ratings import metadata as ratings_metadata
from boardcade.server.seekstore import metadata as seeks_metadata
from boardcade.server.storage import Storage
from boardcade.server.storage import metadata as storage_metadata

ALL_REVISIONS = [s.revision for s in reversed(list(migrations.script().walk_revisions()))]  # base first
RELEASE = json.loads((Path(__file__).parent / "fixtures" / "release_d42cc9d.json").read_text())


def fresh_database(kind: str, tmp_path, request) -> str:
    """An empty database: a SQLite file, or a new database on the throwaway PostgreSQL server."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / f'{uuid.uuid4().hex}.sqlite3'}"
    server = request.getfixturevalue("postgres_url")
    name = f"mig_{uuid.uuid4().hex[:12]}"
    engine = create_engine(server.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    engine.dispose()
    return server.rsplit("/", 1)[0] + f"/{name}"


def engine_for(url: str):
    return create_engine(url.replace("postgresql://", "postgresql+psycopg://"))


def write_release_database(url: str, kind: str) -> None:
    """The database exactly as release d42cc9d left it: its DDL, then its rows."""
    engine = engine_for(url)
    with engine.begin() as conn:
        for ddl in RELEASE[kind]:
            conn.exec_driver_sql(ddl)
        for table, rows in RELEASE["rows"].items():
            if rows:
                names = list(rows[0])
                cols = ", ".join(f'"{n}"' for n in names)
                conn.execute(text(f"INSERT INTO {table} ({cols}) VALUES ({', '.join(':' + n for n in names)})"), rows)
    engine.dispose()


def table_rows(url: str, table: str, columns: list[str]) -> list[dict]:
    engine = engine_for(url)
    with engine.connect() as conn:
        cols = ", ".join(f'"{c}"' for c in columns)
        rows = [dict(r._mapping) for r in conn.execute(text(f"SELECT {cols} FROM {table}"))]
    engine.dispose()
    return sorted(rows, key=lambda r: json.dumps(r, sort_keys=True))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_release_d42cc9d_database_upgrades_losing_nothing(kind, tmp_path, request, h):
    url = fresh_database(kind, tmp_path, request)
    write_release_database(url, kind)
    engine = engine_for(url)
    assert migrations.current(engine) is None, "release d42cc9d recorded no revision"
    # Every row of every table is still there, every old column unchanged.
    before = {t: table_rows(url, t, list(rows[0])) for t, rows in RELEASE["rows"].items()}
    st = Storage(url)  # what `boardcade serve` does on start: upgrade
    try:
        assert migrations.current(engine) == migrations.head()
        for table, rows in before.items():
            assert table_rows(url, table, list(RELEASE["rows"][table][0])) == rows, f"{table} changed"
        assert AnalysisStore(st).load("a" * 40) == {"moves": [{"step": 0, "loss": 0.5}]}
    finally:
        st.close()
        engine.dispose()
    # The server opens every match where it stood: each action replayed, each seat's name and token kept.
    actions: dict[str, list[int]] = {}
    for row in sorted(RELEASE["rows"]["match_actions"], key=lambda r: r["step"]):
        actions.setdefault(row["match_id"], []).append(row["action"])
    with TestClient(create_app(url, settings=h.settings())) as client:
        for m in RELEASE["rows"]["matches"]:
            live = client.portal.call(client.app.state.manager.get, m["id"])
            assert live.state.history() == actions[m["id"]] and live.state.move_number() == m["version"]
            view = client.get(f"/api/matches/{m['id']}").json()
            names = {r["seat"]: r["name"] for r in RELEASE["rows"]["match_seats"] if r["match_id"] == m["id"]}
            assert [s["name"] for s in view["seats"]] == [names[0], names[1]], view["seats"]
            assert view["status"] == m["status"] and view["version"] == m["version"]
            if m["status"] != "active":
                assert view["ending"]["kind"] == "resign"
                continue
            # The seat tokens the old server gave its players still play.
            state = live.state
            p = state.current_player()
            body = {"seat": p, "token": RELEASE["tokens"][m["id"]][str(p)], "version": state.move_number()}
            r = client.post(f"/api/matches/{m['id']}/actions", json={**body, "action": state.legal_actions()[0]})
            assert r.status_code == 200, r.text


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_revisions_build_exactly_the_tables_the_code_defines(kind, tmp_path, request):
    """A table or column added to storage.py, analysis.py, accounts.py or seekstore.py without a revision in
    server/migrations fails here."""
    url = fresh_database(kind, tmp_path, request)
    engine = engine_for(url)
    assert migrations.upgrade(engine) == ALL_REVISIONS
    defined = MetaData()
    for md in (storage_metadata, analysis_metadata, accounts_metadata, ratings_metadata, chat_metadata, seeks_metadata):
        for table in md.tables.values():
            table.to_metadata(defined)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), defined)
    engine.dispose()
    assert differences == []


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_servers_starting_at_once_migrate_once(kind, tmp_path, request):
    """Four processes' worth of storage opening one empty database at the same moment: the one holding the lock
    migrates, the others wait and find it done; none fails, and one revision is recorded."""
    url = fresh_database(kind, tmp_path, request)
    together = threading.Barrier(4)
    applied: list[list[str]] = []
    errors: list[BaseException] = []

    def start() -> None:
        engine = engine_for(url)
        if kind == "sqlite":
            from sqlalchemy import event

            from boardcade.server.storage import _sqlite_pragmas

            event.listen(engine, "connect", _sqlite_pragmas)
        try:
            together.wait(30)
            applied.append(migrations.upgrade(engine))
        except BaseException as e:
            errors.append(e)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert sorted(applied, key=len) == [[], [], [], ALL_REVISIONS], applied
    assert table_rows(url, "alembic_version", ["version_num"]) == [{"version_num": migrations.head()}]


def test_db_upgrade_and_current_commands(tmp_path):
    url = f"sqlite:///{tmp_path / 'ops.sqlite3'}"
    runner = CliRunner()
    out = runner.invoke(cli, ["db", "current", "--database", url])
    assert out.exit_code == 0 and f"at no revision; newest {migrations.head()}" in out.output, out.output
    out = runner.invoke(cli, ["db", "upgrade", "--database", url])
    assert out.exit_code == 0 and f"upgraded from no revision to {migrations.head()}" in out.output, out.output
    out = runner.invoke(cli, ["db", "upgrade", "--database", url])
    assert out.exit_code == 0 and "already at the newest revision" in out.output, out.output
    out = runner.invoke(cli, ["db", "current", "--database", url])
    assert f"at {migrations.head()}; newest {migrations.head()}" in out.output, out.output


STARTER = """
import pathlib, sys, time
from boardcade.server.storage import Storage
go = pathlib.Path(sys.argv[2])
while not go.exists():
    time.sleep(0.01)
Storage(sys.argv[1]).close()
"""


def test_server_processes_starting_at_once_on_postgresql_migrate_once(tmp_path, request):
    """Four real processes open one empty PostgreSQL database together, as `boardcade serve --workers 4` does:
    all start, and the revisions are applied once (the advisory lock; a second run would fail on CREATE TABLE)."""
    url = fresh_database("postgresql", tmp_path, request)
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [subprocess.Popen([sys.executable, "-c", STARTER, url, str(go)], env=env) for _ in range(4)]
    go.touch()
    assert [p.wait(120) for p in procs] == [0, 0, 0, 0]
    assert table_rows(url, "alembic_version", ["version_num"]) == [{"version_num": migrations.head()}]
