"""Issue 37 item 3: an account's e-mail address and your-turn mails (server/emails.py)."""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.String(40), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("verified_at", sa.String(40), nullable=True),
        sa.Column("verify_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("verify_expires", sa.String(40), nullable=True),
        sa.Column("notify", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "email_unsubscribes",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(40), nullable=False, index=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "turn_mails",
        sa.Column("match_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("turn_mails")
    op.drop_table("email_unsubscribes")
    op.drop_table("account_emails")
