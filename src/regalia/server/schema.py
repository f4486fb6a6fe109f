"""The database schema as SQLAlchemy 2 models (the Alembic migrations in ``migrations/`` create
exactly these tables; a test compares the two).

Times are seconds since the epoch (floats), so every process and every backend agrees on them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The models' declarative base."""


class TableRow(Base):
    """One table: a game with its seed, options, pinned rules version and progress.

    ``step`` counts the committed moves; ``public_step`` counts those a spectator can tell
    happened (ruling SRV-2), which is the ``step`` clients see. ``released_step`` is the move up to
    which every seat has been shown the table, at ``shown_at``; ``period`` is the response period
    under way (SRV-2: its turns, the turn it is at, the seat being asked and until when; see
    :mod:`regalia.server.periods`), ``null`` when none is, and ``period_no`` counts its changes
    (the version a writer checks). ``response_seconds`` is the time a person has to answer a
    response window; ``fair_windows`` false plays hidden windows as plain decisions (the table
    accepts that their timing shows). ``deadline`` is the move clock of the decision at
    ``deadline_step``. ``due_at`` is the earliest time some process must look at the table (a
    clock, a stage of a period, a bot turn); ``null`` when nothing is due.
    """

    __tablename__ = "regalia_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(24))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rules_version: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(80), default="")
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16))  # waiting | running | over
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    invite: Mapped[str] = mapped_column(String(64))
    secret: Mapped[str] = mapped_column(String(64))
    host_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    on_timeout: Mapped[str] = mapped_column(String(16))
    response_seconds: Mapped[float] = mapped_column(Float)
    fair_windows: Mapped[bool] = mapped_column(Boolean, default=True)
    standin: Mapped[str] = mapped_column(String(64))
    step: Mapped[int] = mapped_column(Integer, default=0)
    public_step: Mapped[int] = mapped_column(Integer, default=0)
    released_step: Mapped[int] = mapped_column(Integer, default=0)
    shown_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    period: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    period_no: Mapped[int] = mapped_column(Integer, default=0)
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    due_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    undos: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = (
        Index("ix_regalia_tables_due", "status", "due_at"),
        Index("ix_regalia_tables_listing", "private", "status", "created_at"),
    )


class SeatRow(Base):
    """One seat of a table: a person's seat (``kind`` human) or a bot's.

    ``controller`` says who plays it now: ``open`` (a person's seat nobody has taken yet),
    ``human`` or ``bot`` (a bot seat, or the table's stand-in for a person who left, timed out or
    has not joined a started table). ``token_hash`` is the SHA-256 of the seat's token. ``prefs``
    are the person's table preferences (how they are asked in response windows, forced moves;
    :class:`regalia.server.protocol.Prefs`)."""

    __tablename__ = "regalia_seats"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("regalia_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    controller: Mapped[str] = mapped_column(String(8))  # open | human | bot
    online: Mapped[bool] = mapped_column(Boolean, default=False)
    seen_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    prefs: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class MoveRow(Base):
    """One committed move. The primary key ``(table_id, step)`` is the lock between processes:
    two writers of the same step cannot both commit. ``public``: a spectator could tell it
    happened (SRV-2: a move at a decision everyone sees, or an answer everyone sees)."""

    __tablename__ = "regalia_moves"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("regalia_tables.id"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    public: Mapped[bool] = mapped_column(Boolean)
    by: Mapped[str] = mapped_column(String(16))  # human | bot | standin | clock | window | forced
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message, kept in the record as table talk after move ``after_move``."""

    __tablename__ = "regalia_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("regalia_tables.id"), index=True)
    after_move: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


metadata = Base.metadata
