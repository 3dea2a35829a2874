"""Issue 36: ratings. `matches.rated` (1: a rated match, chosen at creation), `ratings` (an account's rating per
game key), `rating_changes` (each counted rated match's before and after, per account seat: the profile's graph)
and `rated_results` (each rated match once settled: counted or not, and why not). server/ratings.py.

The indexes serve the profile and history pages (benchmarks/profiles.py): an account's rating changes in time
order, and a match's seats by account.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("matches")}
    if "rated" not in have:
        op.add_column("matches", sa.Column("rated", sa.Integer(), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(40), primary_key=True),
        sa.Column("game_key", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(40), nullable=False),
        sa.Column("game_key", sa.String(64), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )
    op.create_index("ix_rating_changes_account_at", "rating_changes", ["account_id", "at"])
    op.create_table(
        "rated_results",
        sa.Column("match_id", sa.String(40), primary_key=True),
        sa.Column("game_key", sa.String(64), nullable=False),
        sa.Column("counted", sa.Integer, nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("settled_at", sa.String(40), nullable=False),
    )
    op.create_index("ix_account_seats_match", "account_seats", ["match_id", "seat"])
