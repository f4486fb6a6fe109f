"""Accounts, sessions, passkeys, sign-in failures, ratings per game and game history (issue 36).

New tables ``regalia_accounts``, ``regalia_sessions``, ``regalia_passkeys``,
``regalia_challenges``, ``regalia_signin_failures``, ``regalia_ratings`` and ``regalia_plays``;
a seat gets ``account_id`` (the account it is bound to: ``null`` for every seat of an older
table, which stays a guest's), a table ``rated`` (``false`` for every older table). Nothing is
dropped or rewritten: every table, seat, move and chat message of the database is kept.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("user_handle", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "regalia_sessions",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("regalia_accounts.id"), nullable=False),
        sa.Column("how", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_regalia_sessions_account_id", "regalia_sessions", ["account_id"])
    op.create_index("ix_regalia_sessions_expires_at", "regalia_sessions", ["expires_at"])
    op.create_table(
        "regalia_passkeys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("credential_id", sa.String(1400), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("regalia_accounts.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("transports", sa.JSON, nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_regalia_passkeys_account_id", "regalia_passkeys", ["account_id"])
    op.create_table(
        "regalia_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(20), nullable=True),
        sa.Column("user_handle", sa.String(64), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_regalia_challenges_expires_at", "regalia_challenges", ["expires_at"])
    op.create_table(
        "regalia_signin_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    for column in ("name_key", "address", "at"):
        op.create_index(f"ix_regalia_signin_failures_{column}", "regalia_signin_failures", [column])
    op.create_table(
        "regalia_ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("regalia_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("rated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_regalia_ratings_board", "regalia_ratings", ["game", "mu"])
    op.create_table(
        "regalia_plays",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("regalia_accounts.id"), nullable=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
    )
    op.create_index("ix_regalia_plays_history", "regalia_plays", ["account_id", "finished_at"])
    # A plain ALTER TABLE ... ADD COLUMN for the tables: a batch copy would drop and re-create
    # regalia_tables, which SQLite's foreign keys refuse while moves, seats and chat refer to it.
    # The seats' new reference needs the copy on SQLite (nothing refers to the seats).
    op.add_column("regalia_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("regalia_seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_regalia_seats_account_id", "regalia_accounts", ["account_id"], ["id"])
        batch.create_index("ix_regalia_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("regalia_seats") as batch:
        batch.drop_index("ix_regalia_seats_account_id")
        batch.drop_constraint("fk_regalia_seats_account_id", type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_column("regalia_tables", "rated")
    op.drop_index("ix_regalia_plays_history", table_name="regalia_plays")
    op.drop_table("regalia_plays")
    op.drop_index("ix_regalia_ratings_board", table_name="regalia_ratings")
    op.drop_table("regalia_ratings")
    for column in ("at", "address", "name_key"):
        op.drop_index(f"ix_regalia_signin_failures_{column}", table_name="regalia_signin_failures")
    op.drop_table("regalia_signin_failures")
    op.drop_index("ix_regalia_challenges_expires_at", table_name="regalia_challenges")
    op.drop_table("regalia_challenges")
    op.drop_index("ix_regalia_passkeys_account_id", table_name="regalia_passkeys")
    op.drop_table("regalia_passkeys")
    op.drop_index("ix_regalia_sessions_expires_at", table_name="regalia_sessions")
    op.drop_index("ix_regalia_sessions_account_id", table_name="regalia_sessions")
    op.drop_table("regalia_sessions")
    op.drop_table("regalia_accounts")
