"""The sender of "your turn" notices by Web Push: :class:`PushNotices`, the server's
:class:`~regalia.server.dependencies.TurnNotices`.

The master calls :meth:`PushNotices.your_turn` and goes on at once: the notice is queued (at most
``push_queue`` wait; one more is dropped and logged) and ``push_workers`` tasks send what is
queued. A worker reads the account's subscriptions, encrypts the notice to each browser
(pywebpush: RFC 8291's ``aes128gcm``, with a fresh ephemeral key and salt each time), signs the
request for the push service (py-vapid: RFC 8292, a JWT for the service's origin that lasts 12
hours, made once per service and origin until an hour of it is left) and posts it over aiohttp —
at most ``push_workers`` posts at once, each within ``push_timeout_seconds``, redirects not
followed, the answer's body not read. A push service's answer:

- 201 (or 200, 202): sent; the subscription's ``sent_at`` is noted.
- 404 or 410: the subscription is gone (the browser unsubscribed, or its push service dropped
  it): its row is deleted.
- anything else, a time-out or a network error: logged; the subscription is kept and the notice
  is not sent again (the reminder, or the next decision's notice, will be).

Nothing of this raises into the master, and no log line holds an endpoint's path (its capability
URL) or the payload: a subscription is named by its row id and its push service's host.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import aiohttp
from pywebpush import WebPusher  # type: ignore[import-untyped, unused-ignore]

from regalia.server.push.endpoints import origin_of, refusal
from regalia.server.push.payload import TurnNotice
from regalia.server.push.subscriptions import Subscription
from regalia.server.settings import ServerSettings

if TYPE_CHECKING:
    from regalia.server.push.keys import VapidKeys
    from regalia.server.push.subscriptions import Subscriptions
    from regalia.server.store import Store

log = logging.getLogger("regalia.server.push")

VAPID_SECONDS = 12 * 3600
"""How long a VAPID token lasts (RFC 8292 allows at most 24 hours)."""
VAPID_RENEW_SECONDS = 3600
"""A token is made again when this little of it is left."""
MAX_TOKENS = 256
"""VAPID tokens kept (one per push service origin; a few in practice)."""
SENT = frozenset({200, 201, 202})
"""The answers of a push service that took the notice."""
GONE = frozenset({404, 410})
"""The answers that say the subscription no longer exists (RFC 8030, section 7.3)."""


class PushNotices:
    """The "your turn" notices sent by Web Push to every browser the person's account subscribed.

    Args:
        settings: ``push_contact`` (none: nothing is sent), ``push_services``,
            ``push_workers``, ``push_queue``, ``push_timeout_seconds``, ``push_ttl_seconds``,
            ``push_subscriptions_per_account``.
        store: the database (its threads run the queries).
        subscriptions: the subscriptions' queries.
        keys: the server's VAPID key pair.
        clock: seconds since the epoch (tests pass their own).
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: Store,
        subscriptions: Subscriptions,
        keys: VapidKeys,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.store = store
        self.subscriptions = subscriptions
        self.keys = keys
        self.clock = clock
        self._queue: asyncio.Queue[TurnNotice] = asyncio.Queue(maxsize=settings.push_queue)
        self._slots = asyncio.Semaphore(settings.push_workers)
        self._workers: list[asyncio.Task[None]] = []
        self._http: aiohttp.ClientSession | None = None
        self._tokens: dict[str, tuple[str, int]] = {}
        self.dropped = 0
        """Notices dropped because the queue was full (since start)."""

    # ------------------------------------------------------------------ the master's side
    async def your_turn(self, account_id: int, table: str, game: str, deadline: float, *, reminder: bool) -> None:
        """Queue a notice of the person's decision at ``table`` (or its reminder) and return at
        once; it is sent in the background. Never raises: with Web Push off it does nothing,
        and a notice that does not fit in the queue is dropped and logged."""
        if not self.settings.push_on:
            return
        notice = TurnNotice(account_id, table, game, deadline, reminder)
        self._start_workers()
        try:
            self._queue.put_nowait(notice)
        except asyncio.QueueFull:
            self.dropped += 1
            log.warning(
                "push: a notice for account %d dropped: %d notices are waiting already (push_queue)",
                account_id,
                self.settings.push_queue,
            )

    @property
    def waiting(self) -> int:
        """Notices queued and not yet taken by a worker."""
        return self._queue.qsize()

    async def drain(self) -> None:
        """Wait until every queued notice has been sent or given up (tests; a graceful stop)."""
        await self._queue.join()

    async def close(self) -> None:
        """Stop the workers (notices still queued are dropped) and close the HTTP client."""
        for task in self._workers:
            task.cancel()
        for task in self._workers:
            with contextlib.suppress(BaseException):
                await task
        self._workers.clear()
        if self._http is not None:
            await self._http.close()
            self._http = None

    # ------------------------------------------------------------------ the workers
    def _start_workers(self) -> None:
        if self._workers:
            return
        for n in range(self.settings.push_workers):
            self._workers.append(asyncio.create_task(self._work(), name=f"regalia-push-{n}"))

    async def _work(self) -> None:
        while True:
            notice = await self._queue.get()
            try:
                await self.deliver(notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("push: a notice for account %d failed", notice.account_id)
            finally:
                self._queue.task_done()

    async def deliver(self, notice: TurnNotice) -> dict[int, str]:
        """Send ``notice`` to every subscription of its account, at once (within the process's
        ``push_workers`` posts).

        Returns:
            each subscription's outcome by row id: ``sent``, ``gone`` (deleted), ``refused``
            (another answer), ``failed`` (time-out or network), ``skipped`` (its endpoint is no
            longer at a known push service, or the deadline has passed).
        """
        limit = self.settings.push_subscriptions_per_account
        subs = await self.store.run(self.subscriptions.of_account, notice.account_id, limit)
        if not subs:
            return {}
        outcomes = await asyncio.gather(*(self._send(s, notice) for s in subs))
        return {s.id: outcome for s, outcome in zip(subs, outcomes, strict=True)}

    async def _send(self, sub: Subscription, notice: TurnNotice) -> str:
        host = (origin_of(sub.endpoint) or "?").partition("://")[2]
        now = self.clock()
        ttl = notice.ttl(now, self.settings.push_ttl_seconds)
        if ttl <= 0:
            return "skipped"
        why = refusal(sub.endpoint, self.settings.push_services)
        if why is not None:
            log.warning("push: subscription %d skipped: its endpoint is %s", sub.id, why)
            return "skipped"
        async with self._slots:
            try:
                status = await self._post(sub, notice, ttl, now)
            except (aiohttp.ClientError, TimeoutError, OSError) as exc:
                log.warning("push: subscription %d at %s: %s", sub.id, host, type(exc).__name__)
                return "failed"
        if status in SENT:
            await self.store.run(self.subscriptions.sent, sub.id, self.clock())
            return "sent"
        if status in GONE:
            await self.store.run(self.subscriptions.gone, sub)
            log.info("push: subscription %d at %s is gone (%d): deleted", sub.id, host, status)
            return "gone"
        log.warning("push: subscription %d at %s refused the notice (%d)", sub.id, host, status)
        return "refused"

    async def _post(self, sub: Subscription, notice: TurnNotice, ttl: int, now: float) -> int:
        """Encrypt, sign and post one notice; the push service's HTTP status."""
        info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
        body = WebPusher(info).encode(notice.body(), "aes128gcm")["body"]
        headers = {
            "Authorization": self._authorization(origin_of(sub.endpoint) or "", now),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(ttl),
            "Urgency": notice.urgency,
            "Topic": notice.topic,
        }
        async with self._client().post(sub.endpoint, data=body, headers=headers, allow_redirects=False) as answer:
            return answer.status

    def _authorization(self, audience: str, now: float) -> str:
        """The VAPID ``Authorization`` header for the push service at ``audience`` (its origin),
        made again when less than :data:`VAPID_RENEW_SECONDS` of it is left."""
        held = self._tokens.get(audience)
        if held is None or held[1] - now < VAPID_RENEW_SECONDS:
            expires = int(now) + VAPID_SECONDS
            claims = {"aud": audience, "sub": self.settings.push_contact, "exp": expires}
            held = (str(self.keys.vapid.sign(claims)["Authorization"]), expires)
            if len(self._tokens) >= MAX_TOKENS:
                self._tokens.clear()
            self._tokens[audience] = held
        return held[0]

    def _client(self) -> aiohttp.ClientSession:
        if self._http is None:
            self._http = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=self.settings.push_timeout_seconds),
                connector=aiohttp.TCPConnector(limit=self.settings.push_workers),
                headers={"User-Agent": "regalia-push"},
            )
        return self._http
