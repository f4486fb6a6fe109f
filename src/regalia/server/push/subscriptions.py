"""The queries of ``regalia_push_subscriptions``: a browser's subscription for an account.

Plain synchronous SQLAlchemy, run in the database's threads (``Store.run``). An endpoint is one
row (it is unique): a browser that subscribes again — with new keys, or signed in to another
account — replaces its row, so one browser never gets one account's notices twice, nor a
notice of an account that is no longer signed in there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from regalia.server.schema import AccountRow, PushSubscriptionRow


@dataclass(frozen=True)
class Subscription:
    """One subscription: its row id, the account, the push service's endpoint and the browser's
    keys (``p256dh`` and ``auth``, URL-safe base64)."""

    id: int
    account_id: int
    endpoint: str
    p256dh: str
    auth: str


class Added(Enum):
    """What :meth:`Subscriptions.add` did."""

    NEW = "new"
    """A new row."""
    REPLACED = "replaced"
    """The endpoint's row now holds these keys and this account."""
    FULL = "full"
    """Nothing: the account has its most subscriptions already."""
    NO_ACCOUNT = "no-account"
    """Nothing: the account was deleted meanwhile."""


class Subscriptions:
    """The subscriptions' part of the database.

    Args:
        engine: the server's database (``Store.engine``).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, account_id: int, endpoint: str, p256dh: str, auth: str, now: float, limit: int) -> tuple[Added, int]:
        """Store a browser's subscription for ``account_id`` (replacing the endpoint's row, if
        any), unless the account has ``limit`` others already. The account's row is locked
        meanwhile (PostgreSQL), so two browsers subscribing at once cannot pass the limit.

        Returns:
            what was done, and the account's subscriptions afterwards.
        """
        for _ in range(2):  # a second try after another request stored the same endpoint first
            try:
                return self._add(account_id, endpoint, p256dh, auth, now, limit)
            except IntegrityError:
                continue
        return Added.NO_ACCOUNT, 0

    def _add(self, account_id: int, endpoint: str, p256dh: str, auth: str, now: float, limit: int) -> tuple[Added, int]:
        with self.engine.begin() as conn:
            if conn.execute(select(AccountRow.id).where(AccountRow.id == account_id).with_for_update()).first() is None:
                return Added.NO_ACCOUNT, 0
            owner = conn.execute(
                select(PushSubscriptionRow.account_id).where(PushSubscriptionRow.endpoint == endpoint)
            ).first()
            count = self._count(conn, account_id)
            if (owner is None or owner[0] != account_id) and count >= limit:
                return Added.FULL, count
            fields = {"account_id": account_id, "p256dh": p256dh, "auth": auth, "created_at": now, "sent_at": None}
            if owner is None:
                conn.execute(insert(PushSubscriptionRow).values(endpoint=endpoint, **fields))
                return Added.NEW, count + 1
            conn.execute(update(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint).values(**fields))
            return Added.REPLACED, count + (owner[0] != account_id)

    @staticmethod
    def _count(conn: Connection, account_id: int) -> int:
        return int(
            conn.execute(
                select(func.count())
                .select_from(PushSubscriptionRow)
                .where(PushSubscriptionRow.account_id == account_id)
            ).scalar_one()
        )

    def remove(self, account_id: int, endpoint: str) -> bool:
        """Remove the account's subscription at ``endpoint``. Returns whether there was one
        (another account's is left alone)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.account_id == account_id, PushSubscriptionRow.endpoint == endpoint
                )
            )
            return done.rowcount > 0

    def of_account(self, account_id: int, limit: int) -> list[Subscription]:
        """The account's subscriptions (at most ``limit``, the oldest first)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    PushSubscriptionRow.id,
                    PushSubscriptionRow.account_id,
                    PushSubscriptionRow.endpoint,
                    PushSubscriptionRow.p256dh,
                    PushSubscriptionRow.auth,
                )
                .where(PushSubscriptionRow.account_id == account_id)
                .order_by(PushSubscriptionRow.id)
                .limit(limit)
            ).all()
        return [Subscription(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]

    def count(self, account_id: int) -> int:
        """How many subscriptions the account has."""
        with self.engine.connect() as conn:
            return self._count(conn, account_id)

    def gone(self, subscription: Subscription) -> bool:
        """Delete a subscription its push service says is gone (404, 410) — unless the browser
        subscribed again meanwhile (its row then holds other keys). Returns whether it was deleted."""
        with self.engine.begin() as conn:
            done = conn.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.id == subscription.id,
                    PushSubscriptionRow.endpoint == subscription.endpoint,
                    PushSubscriptionRow.p256dh == subscription.p256dh,
                )
            )
            return done.rowcount > 0

    def sent(self, subscription_id: int, now: float) -> None:
        """Note when a notice last reached the subscription's push service."""
        with self.engine.begin() as conn:
            conn.execute(
                update(PushSubscriptionRow).where(PushSubscriptionRow.id == subscription_id).values(sent_at=now)
            )
