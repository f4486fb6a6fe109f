"""Web Push in one server process: the VAPID keys, the subscriptions' queries and the sender,
made when the process starts (:func:`start_push`) and found by the routes (:func:`push_of`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from regalia.server.push.keys import VapidKeys, load_or_make
from regalia.server.push.sender import PushNotices
from regalia.server.push.subscriptions import Added, Subscriptions
from regalia.server.settings import ServerSettings
from regalia.server.store import Store


@dataclass
class Push:
    """The process's Web Push.

    Attributes:
        settings: the server's settings (``push_*``).
        keys: the server's VAPID key pair (made once, shared by every process).
        subscriptions: the subscriptions' queries.
        notices: the sender, which the master is given as its
            :class:`~regalia.server.dependencies.TurnNotices`.
    """

    settings: ServerSettings
    store: Store
    keys: VapidKeys
    subscriptions: Subscriptions
    notices: PushNotices
    clock: Callable[[], float] = time.time

    async def subscribe(self, account_id: int, endpoint: str, p256dh: str, auth: str) -> tuple[Added, int]:
        """Store a browser's subscription for the account (see
        :meth:`Subscriptions.add <regalia.server.push.subscriptions.Subscriptions.add>`), within
        ``push_subscriptions_per_account``.

        Returns:
            what was done, and the account's subscriptions afterwards.
        """
        limit = self.settings.push_subscriptions_per_account
        return await self.store.run(self.subscriptions.add, account_id, endpoint, p256dh, auth, self.clock(), limit)

    async def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        """Remove the account's subscription at ``endpoint``. Returns whether there was one."""
        return await self.store.run(self.subscriptions.remove, account_id, endpoint)

    async def close(self) -> None:
        """Stop sending (notices still queued are dropped) and close the HTTP client."""
        await self.notices.close()


async def start_push(settings: ServerSettings, store: Store, clock: Callable[[], float] = time.time) -> Push:
    """The process's Web Push: the key pair read — or made and stored, on a new database — and
    the sender (its workers start with the first notice).

    Raises:
        RuntimeError: the stored keys are not a key pair (see
            :func:`~regalia.server.push.keys.keys_from`).
    """
    keys = await store.run(load_or_make, store.engine, clock())
    subscriptions = Subscriptions(store.engine)
    return Push(settings, store, keys, subscriptions, PushNotices(settings, store, subscriptions, keys, clock), clock)


def push_of(conn: HTTPConnection) -> Push:
    """The process's Web Push (set up by the application's lifespan)."""
    push: Push = conn.app.state.push
    return push
