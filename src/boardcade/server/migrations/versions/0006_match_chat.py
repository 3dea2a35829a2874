"""Issue 37 item 2: chat in a match, kept with the match record: `match_chat` (server/chat.py)."""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(40), nullable=False, index=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("sender", sa.String(16), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("preset", sa.String(16), nullable=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
