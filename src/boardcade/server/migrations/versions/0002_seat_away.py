"""Issue 40: a seat the host handed on while its person was away keeps their token digest and name.

Added only where missing: databases written between release d42cc9d and migrations already have them.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("match_seats")}
    for name in ("away_hash", "away_name"):
        if name not in have:
            op.add_column("match_seats", sa.Column(name, sa.String(64 if name == "away_hash" else 200), nullable=True))
