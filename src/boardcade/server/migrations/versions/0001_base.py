"""The base revision: the schema of release d42cc9d, the last one before migrations.

Idempotent, so that it also adopts a database written before migrations (no `alembic_version` table): missing
tables are created; a database from an older release gets the columns that release lacked (filled as the old
start-up code filled them) and its seat tokens moved from the old `seat_tokens` table into `match_seats`.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# Columns of `matches` added by releases before d42cc9d, and their types (VARCHAR(64) unless named here).
OLDER_MATCH_COLUMNS = (
    "updated_at", "to_move", "waiting_on", "host_hash", "rematch_of", "rematch_id", "rules_version",
    "ending", "turn_limit", "on_timeout", "private", "draw_offer",
)  # fmt: skip
OLDER_TYPES = {"to_move": "INTEGER", "rules_version": "INTEGER", "turn_limit": "INTEGER", "private": "INTEGER",
               "ending": "TEXT", "draw_offer": "TEXT"}  # fmt: skip


def _create_tables(have: set[str]) -> None:
    if "matches" not in have:
        op.create_table(
            "matches",
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("seats", sa.Text, nullable=False),
            sa.Column("status", sa.String(16), nullable=False, index=True),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
            sa.Column("created_at", sa.String(40), nullable=False),
            sa.Column("finished_at", sa.String(40), nullable=True),
            sa.Column("updated_at", sa.String(40), nullable=True, index=True),
            sa.Column("to_move", sa.Integer, nullable=True),
            sa.Column("waiting_on", sa.String(8), nullable=True),
            sa.Column("host_hash", sa.String(64), nullable=True),
            sa.Column("rematch_of", sa.String(40), nullable=True),
            sa.Column("rematch_id", sa.String(40), nullable=True),
            sa.Column("rules_version", sa.Integer, nullable=True),
            sa.Column("ending", sa.Text, nullable=True),
            sa.Column("turn_limit", sa.Integer, nullable=True),
            sa.Column("on_timeout", sa.String(16), nullable=True),
            sa.Column("private", sa.Integer, nullable=True),
            sa.Column("draw_offer", sa.Text, nullable=True),
        )
    if "match_actions" not in have:
        op.create_table(
            "match_actions",
            sa.Column("match_id", sa.String(40), primary_key=True),
            sa.Column("step", sa.Integer, primary_key=True),
            sa.Column("action", sa.Integer, nullable=False),
        )
    if "match_seats" not in have:
        op.create_table(
            "match_seats",
            sa.Column("match_id", sa.String(40), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(200), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
            sa.Column("invite_hash", sa.String(64), nullable=True),
            sa.Column("last_seen", sa.String(40), nullable=True),
        )
    if "match_analyses" not in have:
        op.create_table(
            "match_analyses",
            sa.Column("key", sa.String(40), primary_key=True),
            sa.Column("match_id", sa.String(40), nullable=True, index=True),
            sa.Column("agent", sa.String(200), nullable=False),
            sa.Column("created_at", sa.String(40), nullable=False),
            sa.Column("data", sa.Text, nullable=False),
        )


def upgrade() -> None:
    conn = op.get_bind()
    have = set(sa.inspect(conn).get_table_names())
    _create_tables(have)
    columns = {c["name"] for c in sa.inspect(conn).get_columns("matches")}
    for name in OLDER_MATCH_COLUMNS:
        if name not in columns:
            conn.exec_driver_sql(f"ALTER TABLE matches ADD COLUMN {name} {OLDER_TYPES.get(name, 'VARCHAR(64)')}")
    if "updated_at" not in columns:
        conn.exec_driver_sql("UPDATE matches SET updated_at = COALESCE(finished_at, created_at)")
    indexes = {i["name"] for i in sa.inspect(conn).get_indexes("matches")}
    for name in ("status", "updated_at"):
        if f"ix_matches_{name}" not in indexes:
            op.create_index(f"ix_matches_{name}", "matches", [name])
    if "seat_tokens" in have:
        conn.exec_driver_sql(
            "INSERT INTO match_seats (match_id, seat, token_hash) SELECT t.match_id, t.seat, t.token_hash "
            "FROM seat_tokens t WHERE NOT EXISTS (SELECT 1 FROM match_seats s "
            "WHERE s.match_id = t.match_id AND s.seat = t.seat)"
        )
