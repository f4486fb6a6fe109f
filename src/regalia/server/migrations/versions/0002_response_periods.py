"""Response periods of ruling SRV-2 (replacing SRV-1's padded windows) and seat preferences.

The table's ``window_seconds`` and ``release_at`` (SRV-1) give way to ``response_seconds`` (the
time a person has to answer a response window), ``fair_windows``, ``shown_at``, ``period`` and
``period_no``; a seat gets ``prefs``. A table of SRV-1 keeps its moves; a period it had open is
simply over (its moves are all shown).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_tables") as batch:
        batch.add_column(sa.Column("response_seconds", sa.Float, nullable=False, server_default="10"))
        batch.add_column(sa.Column("fair_windows", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("shown_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("period", sa.JSON, nullable=True))
        batch.add_column(sa.Column("period_no", sa.Integer, nullable=False, server_default="0"))
        batch.drop_column("window_seconds")
        batch.drop_column("release_at")
    op.execute("UPDATE regalia_tables SET released_step = step")
    with op.batch_alter_table("regalia_seats") as batch:
        batch.add_column(sa.Column("prefs", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("regalia_seats") as batch:
        batch.drop_column("prefs")
    with op.batch_alter_table("regalia_tables") as batch:
        batch.add_column(sa.Column("window_seconds", sa.Float, nullable=False, server_default="0"))
        batch.add_column(sa.Column("release_at", sa.Float, nullable=True))
        batch.drop_column("period_no")
        batch.drop_column("period")
        batch.drop_column("shown_at")
        batch.drop_column("fair_windows")
        batch.drop_column("response_seconds")
