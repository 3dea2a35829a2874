"""Issue 37 item 1: the lobby's `seeks` table (server/seekstore.py)."""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("min_rating", sa.Integer, nullable=True),
        sa.Column("max_rating", sa.Integer, nullable=True),
        sa.Column("time_control", sa.String(40), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("owner_hash", sa.String(64), nullable=False, index=True),
        sa.Column("account_id", sa.String(40), nullable=True),
        sa.Column("seat_hash", sa.String(64), nullable=False),
        sa.Column("state", sa.String(10), nullable=False, index=True),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("alive_until", sa.Float, nullable=False),
        sa.Column("match_id", sa.String(40), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
