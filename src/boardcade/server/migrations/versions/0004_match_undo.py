"""SV-15: a match counts the decisions taken back (`undos`) and says whether it is casual (`casual`; 0 forbids undo).

Added only where missing: databases written by the code between the undo change and this revision (its columns
were then added by hand on start) already have them.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("matches")}
    for name in ("undos", "casual"):
        if name not in have:
            op.add_column("matches", sa.Column(name, sa.Integer(), nullable=True))
