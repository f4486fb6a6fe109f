"""Alembic's environment: run the migrations on the connection the server hands over.

The server calls ``alembic.command.upgrade`` with ``config.attributes["connection"]`` set (see
``regalia.server.database.migrate``); run from the ``alembic`` command line, ``sqlalchemy.url`` is
used instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from regalia.server.schema import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        _run(conn)
