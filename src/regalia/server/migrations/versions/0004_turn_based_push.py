"""Turn-based tables and Web Push notices (issue 37).

A table gets ``mode`` (``live`` for every older table), ``days_per_move``, ``noticed_step`` and
``reminded_step`` (none); a seat ``forfeited_at`` (none). New tables
``regalia_push_subscriptions`` (a browser's Web Push subscription for an account) and
``regalia_server_keys`` (the VAPID key pair, made once). Nothing is dropped or rewritten: every
table, seat, move, chat message, account and rating of the database is kept.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ... ADD COLUMN: a batch copy would drop tables that moves and seats refer to
    op.add_column("regalia_tables", sa.Column("mode", sa.String(16), nullable=False, server_default="live"))
    op.add_column("regalia_tables", sa.Column("days_per_move", sa.Integer, nullable=True))
    op.add_column("regalia_tables", sa.Column("noticed_step", sa.Integer, nullable=True))
    op.add_column("regalia_tables", sa.Column("reminded_step", sa.Integer, nullable=True))
    op.add_column("regalia_seats", sa.Column("forfeited_at", sa.Float, nullable=True))
    op.create_table(
        "regalia_push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("regalia_accounts.id"), nullable=False),
        sa.Column("endpoint", sa.String(2048), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
    )
    op.create_index("ix_regalia_push_subscriptions_account_id", "regalia_push_subscriptions", ["account_id"])
    op.create_table(
        "regalia_server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("regalia_server_keys")
    op.drop_index("ix_regalia_push_subscriptions_account_id", "regalia_push_subscriptions")
    op.drop_table("regalia_push_subscriptions")
    with op.batch_alter_table("regalia_seats") as batch:
        batch.drop_column("forfeited_at")
    with op.batch_alter_table("regalia_tables") as batch:
        for column in ("reminded_step", "noticed_step", "days_per_move", "mode"):
            batch.drop_column(column)
