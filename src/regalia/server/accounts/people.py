"""The accounts' queries: accounts, sessions, passkeys, WebAuthn challenges and failed sign-ins.

Plain synchronous SQLAlchemy 2 code, run in the server's database threads
(:meth:`regalia.server.store.Store.run`). Every change is one transaction, so nothing is ever
stored half: an account and its first session (or its first passkey) are created together, and
a deleted account takes its sessions, passkeys and ratings with it in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from regalia.server.accounts.rules import name_key
from regalia.server.schema import (
    AccountRow,
    ChallengeRow,
    PasskeyRow,
    PlayRow,
    PushSubscriptionRow,
    RatingRow,
    SeatRow,
    SessionRow,
    SigninFailureRow,
)
from regalia.server.store import Store

DELETED_NAME = "deleted player"
"""What a deleted account's seats are called afterwards, in every table and history."""


@dataclass(frozen=True)
class Account:
    """An account as the server uses it: id, name, password hash (``None``: passkeys only),
    WebAuthn user handle and when it was made (seconds since the epoch)."""

    id: int
    name: str
    password_hash: str | None
    user_handle: str
    created_at: float


@dataclass(frozen=True)
class Session:
    """A signed-in browser: public id, account, how it was opened, browser, times."""

    id: str
    account: Account
    how: str
    agent: str
    created_at: float
    seen_at: float
    expires_at: float


@dataclass(frozen=True)
class Passkey:
    """A stored passkey: its credential id (base64url), account, COSE public key, counter."""

    id: int
    credential_id: str
    account_id: int
    public_key: bytes
    sign_count: int
    transports: list[str]
    label: str
    created_at: float
    used_at: float | None


class NameTaken(Exception):
    """The name (ignoring case) belongs to another account already."""


def _account(row: Any) -> Account:
    return Account(row["id"], row["name"], row["password_hash"], row["user_handle"], row["created_at"])


def _passkey(p: Any) -> Passkey:
    return Passkey(
        p["id"],
        p["credential_id"],
        p["account_id"],
        p["public_key"],
        p["sign_count"],
        list(p["transports"] or []),
        p["label"],
        p["created_at"],
        p["used_at"],
    )


def _session(s: Any, account: Account) -> Session:
    return Session(s["id"], account, s["how"], s["agent"], s["created_at"], s["seen_at"], s["expires_at"])


_ACCOUNTS = AccountRow.__table__
_SESSIONS = SessionRow.__table__
_PASSKEYS = PasskeyRow.__table__


class People:
    """The accounts' part of the database (the tables of :mod:`regalia.server.schema` that
    hold people), over the server's :class:`~regalia.server.store.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # ------------------------------------------------------------------ accounts
    def create_account(
        self,
        name: str,
        password_hash: str | None,
        user_handle: str,
        now: float,
        session: dict[str, Any] | None = None,
        passkey: dict[str, Any] | None = None,
    ) -> Account:
        """Create an account, with its first session and passkey when given, in one transaction.

        Raises:
            NameTaken: the name, ignoring case, is another account's (nothing stored).
        """
        try:
            with self.engine.begin() as conn:
                new_id = conn.execute(
                    insert(AccountRow)
                    .values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        user_handle=user_handle,
                        created_at=now,
                    )
                    .returning(AccountRow.id)
                ).scalar_one()
                if session is not None:
                    conn.execute(insert(SessionRow).values(account_id=new_id, **session))
                if passkey is not None:
                    conn.execute(insert(PasskeyRow).values(account_id=new_id, **passkey))
        except IntegrityError:
            raise NameTaken(name) from None
        return Account(int(new_id), name, password_hash, user_handle, now)

    def account_named(self, name: str) -> Account | None:
        """The account of ``name`` (ignoring case), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(_ACCOUNTS).where(AccountRow.name_key == name_key(name[:40]))).mappings().first()
            return _account(row) if row else None

    def account_by_id(self, account_id: int) -> Account | None:
        """The account ``account_id``, or ``None`` (deleted)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(_ACCOUNTS).where(AccountRow.id == account_id)).mappings().first()
            return _account(row) if row else None

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        """Store a new hash of the same password (made with newer parameters)."""
        with self.engine.begin() as conn:
            conn.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))

    def delete_account(self, account_id: int) -> None:
        """Delete an account in one transaction: its sessions, passkeys, ratings and Web Push
        subscriptions go; its seats and history rows stay, no longer bound to it, its seats named
        :data:`DELETED_NAME` (every game it played is kept whole for the others)."""
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            conn.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            conn.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
            conn.execute(delete(ChallengeRow).where(ChallengeRow.account_id == account_id))
            conn.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id))
            conn.execute(
                update(SeatRow).where(SeatRow.account_id == account_id).values(account_id=None, name=DELETED_NAME)
            )
            conn.execute(update(PlayRow).where(PlayRow.account_id == account_id).values(account_id=None))
            conn.execute(delete(AccountRow).where(AccountRow.id == account_id))

    # ------------------------------------------------------------------ sessions
    def add_session(self, account_id: int, session: dict[str, Any]) -> None:
        """Store a new session of ``account_id`` (``session``: the row's other columns)."""
        with self.engine.begin() as conn:
            conn.execute(insert(SessionRow).values(account_id=account_id, **session))

    def session_by_token_hash(self, token_hash: str, now: float, touch_after: float) -> Session | None:
        """The live session whose token hashes to ``token_hash`` (``None``: none, or expired);
        its last-seen time and expiry move on when ``touch_after`` seconds have passed since
        it was last seen (a sliding expiry, written at most that often)."""
        with self.engine.connect() as conn:
            s = (
                conn.execute(select(_SESSIONS).where(SessionRow.token_hash == token_hash, SessionRow.expires_at > now))
                .mappings()
                .first()
            )
            a = (
                None
                if s is None
                else conn.execute(select(_ACCOUNTS).where(AccountRow.id == s["account_id"])).mappings().first()
            )
        if s is None or a is None:
            return None
        if now - s["seen_at"] >= touch_after:
            with self.engine.begin() as conn:
                lasts = s["expires_at"] - s["seen_at"]
                conn.execute(
                    update(SessionRow).where(SessionRow.id == s["id"]).values(seen_at=now, expires_at=now + lasts)
                )
        return _session(s, _account(a))

    def sessions_of(self, account_id: int, now: float) -> list[Session]:
        """The account's live sessions, the most recently seen first."""
        with self.engine.connect() as conn:
            a = conn.execute(select(_ACCOUNTS).where(AccountRow.id == account_id)).mappings().one()
            rows = conn.execute(
                select(_SESSIONS)
                .where(SessionRow.account_id == account_id, SessionRow.expires_at > now)
                .order_by(SessionRow.seen_at.desc())
            ).mappings()
            acc = _account(a)
            return [_session(s, acc) for s in rows]

    def end_session(self, account_id: int, session_id: str | None = None, *, token_hash: str | None = None) -> bool:
        """End one session of the account (by public id or by token hash), or — neither given —
        every one.

        Returns:
            whether a session was ended.
        """
        with self.engine.begin() as conn:
            where = [SessionRow.account_id == account_id]
            if session_id is not None:
                where.append(SessionRow.id == session_id)
            if token_hash is not None:
                where.append(SessionRow.token_hash == token_hash)
            return conn.execute(delete(SessionRow).where(*where)).rowcount > 0

    # ------------------------------------------------------------------ passkeys
    def add_passkey(self, account_id: int, passkey: dict[str, Any]) -> bool:
        """Store a passkey of ``account_id``.

        Returns:
            ``False`` when that credential is already stored (nothing changed).
        """
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(PasskeyRow).values(account_id=account_id, **passkey))
        except IntegrityError:
            return False
        return True

    def passkey(self, credential_id: str) -> Passkey | None:
        """The passkey with this credential id, or ``None``."""
        with self.engine.connect() as conn:
            row = (
                conn.execute(select(_PASSKEYS).where(PasskeyRow.credential_id == credential_id[:1400]))
                .mappings()
                .first()
            )
        return None if row is None else _passkey(row)

    def passkeys_of(self, account_id: int) -> list[Passkey]:
        """The account's passkeys, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_PASSKEYS).where(PasskeyRow.account_id == account_id).order_by(PasskeyRow.id)
            ).mappings()
            return [_passkey(p) for p in rows]

    def used_passkey(self, passkey_id: int, sign_count: int, now: float) -> None:
        """Record a passkey's use: its new signature counter and the time."""
        with self.engine.begin() as conn:
            conn.execute(
                update(PasskeyRow).where(PasskeyRow.id == passkey_id).values(sign_count=sign_count, used_at=now)
            )

    def remove_passkey(self, account_id: int, passkey_id: int) -> bool:
        """Remove one passkey of the account. Returns whether it was there."""
        with self.engine.begin() as conn:
            done = conn.execute(
                delete(PasskeyRow).where(PasskeyRow.id == passkey_id, PasskeyRow.account_id == account_id)
            )
            return done.rowcount > 0

    # ------------------------------------------------------------------ challenges
    def put_challenge(self, row: dict[str, Any], now: float) -> None:
        """Store a WebAuthn challenge (and drop the expired ones)."""
        with self.engine.begin() as conn:
            conn.execute(delete(ChallengeRow).where(ChallengeRow.expires_at <= now))
            conn.execute(insert(ChallengeRow).values(**row))

    def take_challenge(self, challenge_id: str, purpose: str, now: float) -> dict[str, Any] | None:
        """The live challenge ``challenge_id`` of ``purpose``, deleted as it is read (a challenge
        answers once), or ``None``."""
        with self.engine.begin() as conn:
            row = (
                conn.execute(
                    select(ChallengeRow.__table__).where(
                        ChallengeRow.id == challenge_id[:32],
                        ChallengeRow.purpose == purpose,
                        ChallengeRow.expires_at > now,
                    )
                )
                .mappings()
                .first()
            )
            if row is None:
                return None
            taken = conn.execute(delete(ChallengeRow).where(ChallengeRow.id == row["id"])).rowcount
            return dict(row) if taken == 1 else None

    # ------------------------------------------------------------------ failed sign-ins
    def failures(self, address: str, name: str, since: float) -> tuple[int, float | None, int, float | None]:
        """Failed sign-ins since ``since``: from ``address`` (count, oldest time) and under
        ``name`` (count, oldest time)."""
        with self.engine.connect() as conn:
            by_address = self._count(conn, SigninFailureRow.address == address[:64], since)
            by_name = self._count(conn, SigninFailureRow.name_key == name_key(name[:40]), since)
        return (*by_address, *by_name)

    @staticmethod
    def _count(conn: Connection, where: Any, since: float) -> tuple[int, float | None]:
        n, oldest = conn.execute(
            select(func.count(), func.min(SigninFailureRow.at)).where(where, SigninFailureRow.at > since)
        ).one()
        return int(n), oldest

    def add_failure(self, address: str, name: str, now: float, forget_before: float) -> None:
        """Count a failed sign-in (and forget those older than ``forget_before``)."""
        with self.engine.begin() as conn:
            conn.execute(delete(SigninFailureRow).where(SigninFailureRow.at < forget_before))
            conn.execute(insert(SigninFailureRow).values(name_key=name_key(name[:40]), address=address[:64], at=now))
