"""The database schema as SQLAlchemy 2 models (the Alembic migrations in ``migrations/`` create
exactly these tables; a test compares the two).

Times are seconds since the epoch (floats), so every process and every backend agrees on them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
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
    clock, a stage of a period, a bot turn); ``null`` when nothing is due. ``mode`` is ``live``
    (everyone at the table at once) or ``turn-based`` (``days_per_move`` days a decision, and
    "your turn" notices: ``noticed_step`` and ``reminded_step`` are the move counts whose
    decision's notice and reminder were sent, so each is sent once, by one process).
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
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    mode: Mapped[str] = mapped_column(String(16), default="live")  # live | turn-based
    days_per_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    noticed_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reminded_step: Mapped[int | None] = mapped_column(Integer, nullable=True)

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
    :class:`regalia.server.protocol.Prefs`). ``account_id`` is the account the seat is bound to
    (taken or claimed while signed in; ``null`` for a guest's seat, a bot's, and once the
    account is deleted). ``forfeited_at`` is when the person forfeited (a turn-based table created
    with ``on_timeout`` ``forfeit`` whose deadline passed: the stand-in plays the seat to the end,
    and the person ranks last)."""

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
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("regalia_accounts.id"), nullable=True, index=True
    )
    forfeited_at: Mapped[float | None] = mapped_column(Float, nullable=True)


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


class AccountRow(Base):
    """A person's account. ``name`` as they spelled it, ``name_key`` its case-folded form (unique:
    names are unique ignoring case). ``password_hash`` is an Argon2id hash (PHC string), ``null``
    for an account made with a passkey alone. ``user_handle`` is the WebAuthn user id: random,
    never the name (a passkey's authenticator stores it)."""

    __tablename__ = "regalia_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(20))
    name_key: Mapped[str] = mapped_column(String(20), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A signed-in browser. The cookie holds a random token; only its SHA-256 (``token_hash``)
    is kept, so the table cannot be used to sign in. ``id`` is the session's public id (listing,
    revoking); ``how`` says how it was opened (``password``, ``passkey``, ``register``)."""

    __tablename__ = "regalia_sessions"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("regalia_accounts.id"), index=True)
    how: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) of an account: its credential id (base64url), COSE public
    key, signature counter and transports, as py_webauthn's verification gives them."""

    __tablename__ = "regalia_passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("regalia_accounts.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    transports: Mapped[list[str]] = mapped_column(JSON)
    label: Mapped[str] = mapped_column(String(80), default="")
    created_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ChallengeRow(Base):
    """A WebAuthn challenge waiting for its answer (used once, then deleted; gone at
    ``expires_at``). ``purpose``: ``register`` (a new account: ``name`` and ``user_handle``
    reserved for it), ``add`` (a passkey for ``account_id``) or ``signin``."""

    __tablename__ = "regalia_challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(128))
    purpose: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(20), nullable=True)
    user_handle: Mapped[str | None] = mapped_column(String(64), nullable=True)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class SigninFailureRow(Base):
    """A failed sign-in (a wrong password, an unknown name): counted per address and per name
    over a sliding window, in the database so that every process counts alike."""

    __tablename__ = "regalia_signin_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name_key: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[float] = mapped_column(Float, index=True)


class RatingRow(Base):
    """An account's rating in one game: openskill's ``mu`` and ``sigma`` as of ``rated_at`` (the
    end of its last rated game; the deviation grows with the time since), and the rated games."""

    __tablename__ = "regalia_ratings"

    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("regalia_accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    rated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_regalia_ratings_board", "game", "mu"),)


class PlayRow(Base):
    """One account's seat at a finished table: its history. ``rank`` is its place in the final
    standings (1 = first; ties share one), ``abandoned`` that it left and timed out (ranked
    last); for a rated table its rating before and after. ``account_id`` is ``null`` once the
    account is deleted (the row stays: the others' histories keep the game)."""

    __tablename__ = "regalia_plays"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("regalia_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("regalia_accounts.id"), nullable=True)
    game: Mapped[str] = mapped_column(String(64))
    finished_at: Mapped[float] = mapped_column(Float)
    rated: Mapped[bool] = mapped_column(Boolean)
    rank: Mapped[int] = mapped_column(Integer)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_after: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_regalia_plays_history", "account_id", "finished_at"),)


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for an account (the ``PushSubscription`` JSON the browser
    gives: its push service's ``endpoint`` and the keys ``p256dh`` and ``auth`` that notices are
    encrypted to, RFC 8291). ``endpoint`` is unique: a browser subscribed again replaces its row."""

    __tablename__ = "regalia_push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("regalia_accounts.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(2048), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ServerKeyRow(Base):
    """A key the server makes once and keeps, shared by every process (the Web Push VAPID key
    pair: ``vapid_private`` as PEM, ``vapid_public`` as the browser's base64url form)."""

    __tablename__ = "regalia_server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


metadata = Base.metadata
