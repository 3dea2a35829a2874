"""SV-CL1..6: a match's chess clock (`clock`: base and increment) and its state (`clock_state`: time left per seat,
the seat whose clock runs and since when), only where missing.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("matches")}
    for name in ("clock", "clock_state"):
        if name not in have:
            op.add_column("matches", sa.Column(name, sa.Text(), nullable=True))
