"""Accounts and sessions: registering, signing in and out, the signed-in person of a request,
their sessions, and deleting an account.

Every answer about credentials is the same whatever was wrong: a wrong password and an unknown
name (or a name whose account has no password) both get 401 "no account has this name and
password", after the same work — the same queries, one Argon2id verification (of a dummy hash
when there is no password to check) and the failure counted — so neither the answer nor its
timing tells whether a name exists. Failed sign-ins are limited per client address and per
name, counted in the database (every process alike) over ``signin_window_seconds``; past a limit
the answer is 429 naming it, before any password is checked.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from regalia.server.accounts.cookies import session_token
from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.passwords import Passwords, dummy_hash
from regalia.server.accounts.people import Account, NameTaken, People, Session
from regalia.server.accounts.rules import verify_name, verify_password
from regalia.server.limits import AddressLimits, retry_after
from regalia.server.settings import ServerSettings
from regalia.server.store import Store
from regalia.server.tokens import hash_token, new_token

TOUCH_SECONDS = 3600.0
"""A session's last-seen time (and so its expiry) is written at most this often."""
WRONG_CREDENTIALS = "no account has this name and password"
"""The one refusal of a sign-in with a wrong name or password."""


def client_address(conn: HTTPConnection) -> str:
    """The client's address (the TCP peer; ``"unknown"`` when the server does not say)."""
    return str(conn.client[0]) if conn.client else "unknown"


def browser_of(conn: HTTPConnection) -> str:
    """The request's ``User-Agent`` as plain text of at most 200 characters (so that a person
    listing their sessions can tell their browsers apart)."""
    agent = conn.headers.get("user-agent", "")
    return "".join(ch for ch in agent if unicodedata.category(ch)[0] != "C")[:200]


@dataclass(frozen=True)
class Opened:
    """A session just opened: the account, the cookie's token, and how long it lasts (seconds)."""

    account: Account
    token: str
    seconds: float


class Accounts:
    """The accounts' operations, for the HTTP routes and the lobby.

    Args:
        store: the server's database.
        settings: the sign-in limits, ``session_days`` and ``password_hash_slots``.
        limits: the process's per-address limits (``accounts_per_hour``).
        clock: seconds since the epoch (tests pass their own).
    """

    def __init__(
        self,
        store: Store,
        settings: ServerSettings,
        limits: AddressLimits,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.people = People(store)
        self.settings = settings
        self.limits = limits
        self.passwords = Passwords(settings.password_hash_slots)
        self.clock = clock

    async def warm(self) -> None:
        """Make the dummy hash now, so that the first sign-in under an unknown name takes no
        longer than any other."""
        await self.store.run(dummy_hash)

    @property
    def session_seconds(self) -> float:
        """How long a session lasts after its browser was last seen (seconds)."""
        return self.settings.session_days * 86400.0

    def _session_row(self, token: str, how: str, agent: str, now: float) -> dict[str, object]:
        return {
            "id": secrets.token_urlsafe(12),
            "token_hash": hash_token(token),
            "how": how,
            "agent": agent,
            "created_at": now,
            "seen_at": now,
            "expires_at": now + self.session_seconds,
        }

    # ------------------------------------------------------------------ registering and signing in
    async def register(self, conn: HTTPConnection, name: str, password: str) -> Opened:
        """Create an account with a password, and its first session.

        Raises:
            AccountError: a bad name or password (422, naming it), the name taken ignoring case
                (409, ``name``), too many new accounts from this address (429).
        """
        verify_name(name)
        verify_password(password, name)
        self._take_account(conn)
        if await self.store.run(self.people.account_named, name) is not None:
            raise AccountError(409, "name", f"the name {name!r} is taken (names are unique ignoring case)")
        hashed = await self.passwords.hash(password)
        return await self._create(conn, name, hashed, "register")

    async def create_with_passkey(
        self, conn: HTTPConnection, name: str, handle: str, passkey: dict[str, object]
    ) -> Opened:
        """Create an account whose only way in is ``passkey``, and its first session.

        Raises:
            AccountError: the name was taken meanwhile (409, ``name``).
        """
        return await self._create(conn, name, None, "passkey", handle=handle, passkey=passkey)

    async def _create(
        self,
        conn: HTTPConnection,
        name: str,
        hashed: str | None,
        how: str,
        *,
        handle: str | None = None,
        passkey: dict[str, object] | None = None,
    ) -> Opened:
        now = self.clock()
        token = new_token()
        row = self._session_row(token, how, browser_of(conn), now)
        user_handle = handle or secrets.token_urlsafe(32)
        try:
            account = await self.store.run(
                lambda: self.people.create_account(name, hashed, user_handle, now, session=row, passkey=passkey)
            )
        except NameTaken:
            raise AccountError(409, "name", f"the name {name!r} is taken (names are unique ignoring case)") from None
        await self._replace_current(conn)
        return Opened(account, token, self.session_seconds)

    def _take_account(self, conn: HTTPConnection) -> None:
        wait = self.limits.take_account(client_address(conn))
        if wait is not None:
            raise AccountError(
                429,
                None,
                f"too many new accounts from your address: at most {self.settings.accounts_per_hour} an hour "
                f"(accounts_per_hour); try again in {retry_after(wait)} s",
                {"retry-after": retry_after(wait)},
            )

    async def sign_in(self, conn: HTTPConnection, name: str, password: str) -> Opened:
        """Open a session with a name and password.

        Raises:
            AccountError: 429 past a failure limit (naming it, with ``Retry-After``); 401
                :data:`WRONG_CREDENTIALS` for a wrong password, an unknown name and an account
                without a password alike.
        """
        address = client_address(conn)
        now = self.clock()
        self._check_failures(
            *await self.store.run(self.people.failures, address, name, now - self.settings.signin_window_seconds), now
        )
        account = await self.store.run(self.people.account_named, name)
        ok, rehashed = await self.passwords.check(password, account.password_hash if account else None)
        if not ok or account is None:
            window = self.settings.signin_window_seconds
            await self.store.run(self.people.add_failure, address, name, now, now - window)
            raise AccountError(401, None, WRONG_CREDENTIALS)
        if rehashed is not None:
            await self.store.run(self.people.set_password_hash, account.id, rehashed)
        return await self.open_session(conn, account, "password")

    def _check_failures(
        self, by_address: int, oldest_a: float | None, by_name: int, oldest_n: float | None, now: float
    ) -> None:
        window = self.settings.signin_window_seconds
        s = self.settings
        for count, oldest, limit, setting, what in (
            (by_address, oldest_a, s.signin_failures_per_address, "signin_failures_per_address", "from your address"),
            (by_name, oldest_n, s.signin_failures_per_name, "signin_failures_per_name", "under this name"),
        ):
            if limit and count >= limit:
                wait = retry_after((oldest or now) + window - now)
                raise AccountError(
                    429,
                    None,
                    f"too many failed sign-ins {what}: at most {limit} in {window / 60:g} minutes ({setting}); "
                    f"try again in {wait} s",
                    {"retry-after": wait},
                )

    async def open_session(self, conn: HTTPConnection, account: Account, how: str) -> Opened:
        """A new session of ``account`` (ending the one the request came with, if any)."""
        now = self.clock()
        token = new_token()
        row = self._session_row(token, how, browser_of(conn), now)
        await self.store.run(self.people.add_session, account.id, row)
        await self._replace_current(conn)
        return Opened(account, token, self.session_seconds)

    async def _replace_current(self, conn: HTTPConnection) -> None:
        """End the session the request came with (a browser holds one session at a time)."""
        current = await self.current(conn)
        if current is not None:
            await self.store.run(lambda: self.people.end_session(current.account.id, current.id))

    # ------------------------------------------------------------------ the signed-in person
    async def current(self, conn: HTTPConnection) -> Session | None:
        """The live session the request's cookie names, or ``None``."""
        token = session_token(conn)
        if token is None:
            return None
        return await self.store.run(self.people.session_by_token_hash, hash_token(token), self.clock(), TOUCH_SECONDS)

    async def require(self, conn: HTTPConnection) -> Session:
        """The request's live session.

        Raises:
            AccountError: (401) not signed in, or the session ended.
        """
        session = await self.current(conn)
        if session is None:
            raise AccountError(401, None, "not signed in (or the session has ended): sign in first")
        return session

    async def sign_out(self, conn: HTTPConnection) -> bool:
        """End the request's session on the server. Returns whether there was one."""
        token = session_token(conn)
        session = await self.current(conn)
        if session is None or token is None:
            return False
        return await self.store.run(lambda: self.people.end_session(session.account.id, token_hash=hash_token(token)))

    async def sessions(self, session: Session) -> list[Session]:
        """The signed-in account's live sessions."""
        return await self.store.run(self.people.sessions_of, session.account.id, self.clock())

    async def end_session(self, session: Session, session_id: str) -> None:
        """End one of the signed-in account's sessions.

        Raises:
            AccountError: (404, ``session``) no such session of this account.
        """
        if not await self.store.run(lambda: self.people.end_session(session.account.id, session_id[:24])):
            raise AccountError(404, "session", "no such session of your account")

    async def delete(self, session: Session, confirm: str) -> None:
        """Delete the signed-in account (sessions, passkeys and ratings gone; its seats and
        history kept for the others, under "deleted player").

        Raises:
            AccountError: (422, ``confirm``) ``confirm`` is not the account's name.
        """
        if confirm != session.account.name:
            raise AccountError(422, "confirm", "type your account's name exactly to delete it")
        await self.store.run(self.people.delete_account, session.account.id)
