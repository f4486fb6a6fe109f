"""The push API: the server's public key, and a browser's subscription added and removed.

``GET /api/push/key`` is open to anyone (the key is public). The subscription routes need a
session (401 without one, before the body is even read) and come from this site's own pages:
another site's page is refused (403) before anything is read, by the server's cross-site guard
(:class:`~regalia.server.origins.CrossSiteGuard`), as every state-changing request is. With Web
Push off (no ``push_contact``) the key is ``null`` and the subscription routes answer 404 saying so.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.routing import APIRoute

from regalia.server.accounts import AccountError, services_of
from regalia.server.accounts.people import Session
from regalia.server.push.endpoints import refusal
from regalia.server.push.models import EndpointIn, PushKey, Subscribed, SubscriptionIn
from regalia.server.push.service import Push, push_of
from regalia.server.push.subscriptions import Added

NO_STORE = {"cache-control": "no-store"}
PUSH_OFF = "this server sends no push notices (its operator has not set --push-contact)"
NOT_SIGNED_IN = "not signed in (or the session has ended): sign in first"


def push_on(request: Request) -> Push:
    """The process's Web Push, when it is on.

    Raises:
        AccountError: (404) the server sends no notices (no ``push_contact``).
    """
    push = push_of(request)
    if not push.settings.push_on:
        raise AccountError(404, None, PUSH_OFF)
    return push


async def signed_in(request: Request) -> Session:
    """The request's session, checked before its body is read.

    Raises:
        AccountError: 404 with Web Push off; 401 without a live session.
    """
    push_on(request)
    return await services_of(request).accounts.require(request)


SignedIn = Annotated[Session, Depends(signed_in)]


def router(route_class: type[APIRoute] = APIRoute) -> APIRouter:
    """The routes of ``/api/push`` (of ``route_class``: the server's strict-JSON route)."""
    r = APIRouter(tags=["push"], route_class=route_class)

    @r.get("/api/push/key")
    async def key(request: Request) -> PushKey:
        """The server's VAPID public key: the ``applicationServerKey`` to subscribe with
        (``null``: this server sends no notices)."""
        push = push_of(request)
        settings = push.settings
        return PushKey(key=push.keys.public if settings.push_on else None, reminder_seconds=settings.reminder_seconds)

    @r.post("/api/push/subscriptions", status_code=201)
    async def subscribe(request: Request, response: Response, session: SignedIn, body: SubscriptionIn) -> Subscribed:
        """Send the signed-in account's "your turn" notices to this browser (its
        ``PushSubscription`` JSON; the same browser again replaces its subscription)."""
        push = push_on(request)
        why = refusal(body.endpoint, push.settings.push_services)
        if why is not None:
            raise AccountError(422, "endpoint", why)
        done, count = await push.subscribe(session.account.id, body.endpoint, body.keys.p256dh, body.keys.auth)
        limit = push.settings.push_subscriptions_per_account
        if done is Added.FULL:
            raise AccountError(
                409,
                None,
                f"your account has notices sent to {limit} browsers already (push_subscriptions_per_account): "
                "turn them off in one of them first",
            )
        if done is Added.NO_ACCOUNT:
            raise AccountError(401, None, NOT_SIGNED_IN)
        response.headers.update(NO_STORE)
        return Subscribed(endpoint=body.endpoint, subscriptions=count, limit=limit)

    @r.delete("/api/push/subscriptions", status_code=204)
    async def unsubscribe(request: Request, session: SignedIn, body: EndpointIn) -> Response:
        """Stop sending the signed-in account's notices to the browser of ``endpoint``."""
        if not await push_on(request).unsubscribe(session.account.id, body.endpoint):
            raise AccountError(404, "endpoint", "no subscription of your account has this endpoint")
        return Response(status_code=204, headers=NO_STORE)

    return r
