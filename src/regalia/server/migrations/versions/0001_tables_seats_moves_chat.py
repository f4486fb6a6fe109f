"""Tables, seats, moves and chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("rules_version", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("invite", sa.String(64), nullable=False),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("host_seat", sa.Integer, nullable=True),
        sa.Column("turn_seconds", sa.Integer, nullable=True),
        sa.Column("on_timeout", sa.String(16), nullable=False),
        sa.Column("window_seconds", sa.Float, nullable=False),
        sa.Column("standin", sa.String(64), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("public_step", sa.Integer, nullable=False),
        sa.Column("released_step", sa.Integer, nullable=False),
        sa.Column("release_at", sa.Float, nullable=True),
        sa.Column("to_act", sa.Integer, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("deadline_step", sa.Integer, nullable=True),
        sa.Column("due_at", sa.Float, nullable=True),
        sa.Column("bot_step", sa.Integer, nullable=True),
        sa.Column("bot_until", sa.Float, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("undos", sa.Integer, nullable=False),
    )
    op.create_index("ix_regalia_tables_due", "regalia_tables", ["status", "due_at"])
    op.create_index("ix_regalia_tables_listing", "regalia_tables", ["private", "status", "created_at"])
    op.create_table(
        "regalia_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("controller", sa.String(8), nullable=False),
        sa.Column("online", sa.Boolean, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=True),
    )
    op.create_table(
        "regalia_moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "regalia_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), nullable=False),
        sa.Column("after_move", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_regalia_chat_table_id", "regalia_chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_regalia_chat_table_id", table_name="regalia_chat")
    op.drop_table("regalia_chat")
    op.drop_table("regalia_moves")
    op.drop_table("regalia_seats")
    op.drop_index("ix_regalia_tables_listing", table_name="regalia_tables")
    op.drop_index("ix_regalia_tables_due", table_name="regalia_tables")
    op.drop_table("regalia_tables")
