"""Alembic's environment, for Alembic's own command line (`alembic -c <ini naming this folder> ...`).

boardcade itself migrates through migrations.upgrade() (`boardcade serve`, `boardcade db upgrade`), which takes
a lock first; this file is only needed by Alembic's tools, e.g. to check a new revision by hand.
"""

from alembic import context
from sqlalchemy import create_engine

connection = context.config.attributes.get("connection")
if connection is None:
    with create_engine(context.config.get_main_option("sqlalchemy.url")).begin() as connection:
        context.configure(connection=connection, target_metadata=None, transactional_ddl=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=None, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()
